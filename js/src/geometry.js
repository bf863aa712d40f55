// geometry.js — tiles and temples as drawings: the shape of a tile's corridors for the openings
// Python sends (a placed tile's, a rotation's: the rules turn them, R1.1), and where the spaces, relic
// slots and entrances of a temple are drawn (R2.2). Pure: no DOM.

/** The four edges of a tile in the order used by openings strings (R1.1). */
export const DIRECTIONS = ["N", "E", "S", "W"];

/**
 * An openings string in canonical N, E, S, W order, without duplicates or other letters.
 * @param {string} openings e.g. "SN", "nes"
 * @returns {string}
 */
export function normalizeOpenings(openings) {
  const set = new Set(String(openings ?? "").toUpperCase());
  return DIRECTIONS.filter((d) => set.has(d)).join("");
}

/**
 * The shape of a tile with these openings: corridors from the centre to each open edge.
 * Coordinates are relative to the tile's top-left corner (north is up).
 * @param {string} openings e.g. "NES"; "" for the trap (no corridor at all)
 * @param {number} [size=60] side of the square tile
 * @param {number} [ratio=0.3] corridor width as a fraction of `size`
 * @returns {{size: number, width: number, center: {x: number, y: number}, closed: boolean,
 *   hub: ?{x: number, y: number, w: number, h: number},
 *   corridors: Array<{dir: string, x: number, y: number, w: number, h: number,
 *                     x1: number, y1: number, x2: number, y2: number}>}}
 */
export function tileGeometry(openings, size = 60, ratio = 0.3) {
  const dirs = normalizeOpenings(openings);
  const w = Math.round(size * ratio * 100) / 100;
  const half = size / 2;
  const c = half - w / 2; // where a corridor's side starts
  const long = half + w / 2; // centre-to-edge length including the hub
  const rects = {
    N: { x: c, y: 0, w, h: long, x1: half, y1: half, x2: half, y2: 0 },
    E: { x: c, y: c, w: long, h: w, x1: half, y1: half, x2: size, y2: half },
    S: { x: c, y: c, w, h: long, x1: half, y1: half, x2: half, y2: size },
    W: { x: 0, y: c, w: long, h: w, x1: half, y1: half, x2: 0, y2: half },
  };
  const corridors = dirs.split("").map((dir) => ({ dir, ...rects[dir] }));
  return {
    size,
    width: w,
    center: { x: half, y: half },
    closed: dirs.length === 0,
    hub: dirs.length ? { x: c, y: c, w, h: w } : null,
    corridors,
  };
}

/**
 * Positions of a temple's drawing: the 9 spaces, the 9 relic slots (W, N, E edges, in canonical
 * order) and the 3 entrances (S edge). Space index = 3·row + col, row 0 north. The slots and their
 * order are the catalog's (`catalog.slots`, R2.2): each is drawn on the edge its name starts with (W,
 * N or E), at the row or column its number gives.
 * @param {{slots?: string[], cell?: number, margin?: number, slotShort?: number, slotLong?: number,
 *   gap?: number}} [options]
 * @returns {{width: number, height: number, cell: number, margin: number,
 *   grid: {x: number, y: number, size: number},
 *   spaces: Array<{index: number, row: number, col: number, x: number, y: number, size: number,
 *                  cx: number, cy: number}>,
 *   slots: Array<{slot: string, index: number, side: string, n: number, space: number,
 *                 x: number, y: number, w: number, h: number, cx: number, cy: number,
 *                 labelX: number, labelY: number}>,
 *   entrances: Array<{name: string, col: number, space: number, x: number, y: number, w: number,
 *                     h: number, cx: number, cy: number}>}}
 */
export function templeLayout(options = {}) {
  const cell = options.cell ?? 64;
  const margin = options.margin ?? 48;
  const slotShort = options.slotShort ?? 26;
  const slotLong = options.slotLong ?? 40;
  const gap = options.gap ?? 5;
  const size = 3 * cell;
  const spaces = [];
  for (let i = 0; i < 9; i++) {
    const row = Math.floor(i / 3);
    const col = i % 3;
    const x = margin + col * cell;
    const y = margin + row * cell;
    spaces.push({ index: i, row, col, x, y, size: cell, cx: x + cell / 2, cy: y + cell / 2 });
  }
  const slots = (options.slots ?? []).map((slot, index) => {
    const side = slot[0];
    const n = Number(slot[1]);
    let x;
    let y;
    let w;
    let h;
    let space;
    let labelX;
    let labelY;
    if (side === "W") {
      w = slotShort;
      h = slotLong;
      x = margin - gap - w;
      y = margin + n * cell + (cell - h) / 2;
      space = 3 * n;
      labelX = x - 8;
      labelY = y + h / 2;
    } else if (side === "N") {
      w = slotLong;
      h = slotShort;
      x = margin + n * cell + (cell - w) / 2;
      y = margin - gap - h;
      space = n;
      labelX = x + w / 2;
      labelY = y - 7;
    } else {
      w = slotShort;
      h = slotLong;
      x = margin + size + gap;
      y = margin + n * cell + (cell - h) / 2;
      space = 3 * n + 2;
      labelX = x + w + 8;
      labelY = y + h / 2;
    }
    return { slot, index, side, n, space, x, y, w, h, cx: x + w / 2, cy: y + h / 2, labelX, labelY };
  });
  const entrances = [0, 1, 2].map((col) => {
    const w = slotLong * 0.75;
    const h = 10;
    const x = margin + col * cell + (cell - w) / 2;
    const y = margin + size + gap;
    return { name: `S${col}`, col, space: 6 + col, x, y, w, h, cx: x + w / 2, cy: y + h / 2 };
  });
  return {
    width: 2 * margin + size,
    height: 2 * margin + size,
    cell,
    margin,
    grid: { x: margin, y: margin, size },
    spaces,
    slots,
    entrances,
  };
}

const cachedLayouts = new Map();
/** The default layout for these slot names (catalog.slots), computed once. @param {string[]} [slots] */
export function templeLayoutCached(slots = []) {
  const key = slots.join(" ");
  if (!cachedLayouts.has(key)) cachedLayouts.set(key, templeLayout({ slots }));
  return cachedLayouts.get(key);
}

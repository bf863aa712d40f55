// naga_widget.js: GENERATED from js/src by `npm run build` (esbuild). Do not edit by hand: change js/src and rebuild.

// src/geometry.js
var DIRECTIONS = ["N", "E", "S", "W"];
var SLOT_ORDER = ["W2", "W1", "W0", "N0", "N1", "N2", "E0", "E1", "E2"];
function normalizeOpenings(openings) {
  const set = new Set(String(openings ?? "").toUpperCase());
  return DIRECTIONS.filter((d) => set.has(d)).join("");
}
function rotateOpenings(openings, k) {
  const turns = ((Number(k) || 0) % 4 + 4) % 4;
  const set = new Set(
    normalizeOpenings(openings).split("").map((d) => DIRECTIONS[(DIRECTIONS.indexOf(d) + turns) % 4])
  );
  return DIRECTIONS.filter((d) => set.has(d)).join("");
}
function tileGeometry(openings, size = 60, ratio = 0.3) {
  const dirs = normalizeOpenings(openings);
  const w = Math.round(size * ratio * 100) / 100;
  const half = size / 2;
  const c = half - w / 2;
  const long = half + w / 2;
  const rects = {
    N: { x: c, y: 0, w, h: long, x1: half, y1: half, x2: half, y2: 0 },
    E: { x: c, y: c, w: long, h: w, x1: half, y1: half, x2: size, y2: half },
    S: { x: c, y: c, w, h: long, x1: half, y1: half, x2: half, y2: size },
    W: { x: 0, y: c, w: long, h: w, x1: half, y1: half, x2: 0, y2: half }
  };
  const corridors = dirs.split("").map((dir) => ({ dir, ...rects[dir] }));
  return {
    size,
    width: w,
    center: { x: half, y: half },
    closed: dirs.length === 0,
    hub: dirs.length ? { x: c, y: c, w, h: w } : null,
    corridors
  };
}
function templeLayout(options = {}) {
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
  const slots = SLOT_ORDER.map((slot, index) => {
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
    entrances
  };
}
var cachedLayout = null;
function templeLayoutCached() {
  if (!cachedLayout) cachedLayout = templeLayout();
  return cachedLayout;
}

// src/text.js
var STEP_NAMES = {
  call: "Call of Fate (R4.1)",
  confront: "Confrontation (R4.2)",
  place: "Exploration (R4.3)",
  give: "New Deal (R4.4)",
  over: "Game over (R7)"
};
var REASONS = {
  three_cursed: "three cursed relics face up (R7.1.1)",
  target_score: "reached the target score (R7.1.2)",
  full_temple: "a temple is full (R7.2)"
};
function esc(value) {
  return String(value ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function stepName(phase, outcome = null, names = ["gold", "silver"]) {
  const base = STEP_NAMES[phase] ?? (phase ? String(phase) : "");
  if (phase === "over" && outcome) return `${base}: ${outcomeText(outcome, names)}`;
  return base;
}
function outcomeText(outcome, names = ["gold", "silver"]) {
  if (!outcome) return "";
  const who = names[outcome.winner] ?? `player ${outcome.winner}`;
  const why = REASONS[outcome.reason] ?? outcome.reason ?? "";
  const scores = Array.isArray(outcome.scores) ? ` \u2014 ${outcome.scores.join(" : ")}` : "";
  return `${who} wins${why ? `, ${why}` : ""}${scores}`;
}
function stickSymbol(info) {
  return info ? `${info.count}\xD7 ${info.stick}` : "";
}

// src/tokens.js
function parseRelic(token) {
  if (typeof token !== "string" || !token) return null;
  return { token, cursed: token.startsWith("c"), points: Number(token.slice(1)) || 0 };
}
function parseStick(token) {
  const [type, face = ""] = String(token).split(":");
  const naga = face === "N";
  return { type, face, naga, points: naga ? 0 : Number(face) || 0 };
}
function tokenTarget(token, temples = ["gold", "silver"]) {
  const m = /^([A-Za-z]+):([WNE][0-2]|[0-8])$/.exec(String(token));
  if (!m || !temples.includes(m[1])) return null;
  if (/^[0-8]$/.test(m[2])) return { kind: "space", temple: m[1], space: Number(m[2]) };
  return { kind: "slot", temple: m[1], slot: m[2] };
}
function describeToken(token, names = ["gold", "silver"], temples = ["gold", "silver"]) {
  const t = String(token);
  const target = tokenTarget(t, temples);
  if (target?.kind === "slot") return `${target.temple} temple, relic slot ${target.slot}`;
  if (target?.kind === "space") {
    return `${target.temple} temple, space ${target.space} (row ${Math.floor(target.space / 3)}, col ${target.space % 3})`;
  }
  let m = /^([A-Za-z]+):(row|col)([0-2])$/.exec(t);
  if (m) return `${m[1]} temple, ${m[2] === "row" ? "row" : "column"} ${m[3]}`;
  m = /^p([01]):([a-z]+):(\w+)$/.exec(t);
  if (m) return `${names[Number(m[1])] ?? `p${m[1]}`}'s ${m[2]} stick showing ${faceWord(m[3])}`;
  m = /^([a-z]+):(\w+)$/.exec(t);
  if (m) return `${m[1]} stick showing ${faceWord(m[2])}`;
  m = /^rot([0-3])$/.exec(t);
  if (m) return `orientation ${m[1]} (${m[1]} quarter turn${m[1] === "1" ? "" : "s"} clockwise)`;
  if (["east", "west", "north", "south"].includes(t)) return `slide ${t}`;
  if (/^(N|\d)$/.test(t)) return `new face ${faceWord(t)}`;
  if (/^[a-z]+$/.test(t)) return `a ${t} stick from the supply`;
  return t;
}
function faceWord(face) {
  return face === "N" ? "a naga" : String(face);
}
function callActionText(cards) {
  return ["call", ...[...cards].sort()].join(" ");
}
function invokeActionText(card, pay, tokens = []) {
  return ["invoke", card, pay, ...tokens].join(" ").trim();
}
function placeActionText(space, rotation) {
  return `place ${space} rot${rotation}`;
}
function giveActionText(card) {
  return `give ${card}`;
}
function splitTarget(text) {
  return String(text ?? "").split(/\s+/).filter(Boolean);
}

// src/menu.js
function expandMenu(menu) {
  if (!menu || !Array.isArray(menu.tokens) || !Array.isArray(menu.target_sets)) return menu;
  const { tokens, ...rest } = menu;
  const text = (target) => target === "" ? "" : target.split(" ").map((i) => tokens[Number(i)]).join(" ");
  return { ...rest, target_sets: menu.target_sets.map((set) => set.map(text)) };
}
function callSelectionValid(menu, selection) {
  if (!menu || menu.phase !== "call" || !Array.isArray(menu.groups)) return false;
  if (!Array.isArray(selection) || selection.length === 0) return false;
  if (new Set(selection).size !== selection.length) return false;
  return menu.groups.some((group) => selection.every((card) => group.includes(card)));
}
function invokeChoices(menu, card = null, pay = null, chosen = []) {
  const invokes = menu && menu.phase === "confront" && Array.isArray(menu.invokes) ? menu.invokes : [];
  const cards = distinct(invokes.map((inv) => inv[0]));
  const result = { stage: "card", cards, pays: [], next: [], complete: false, actionText: null, matching: 0 };
  if (!card) return result;
  if (!cards.includes(card)) return { ...result, stage: "invalid" };
  const pays = distinct(invokes.filter((inv) => inv[0] === card).map((inv) => inv[1]));
  if (!pay) return { ...result, stage: "pay", pays };
  const triple = invokes.find((inv) => inv[0] === card && inv[1] === pay);
  if (!triple) return { ...result, stage: "invalid", pays };
  const texts = (menu.target_sets ?? [])[triple[2]] ?? [];
  const picked = chosen ?? [];
  const n = picked.length;
  const matching = [];
  for (const text of texts) {
    const tokens = splitTarget(text);
    if (tokens.length < n) continue;
    let ok = true;
    for (let i = 0; i < n; i++) {
      if (tokens[i] !== picked[i]) {
        ok = false;
        break;
      }
    }
    if (ok) matching.push(tokens);
  }
  if (!matching.length) return { ...result, stage: "invalid", pays };
  const next = distinct(matching.filter((t) => t.length > n).map((t) => t[n]));
  const complete = matching.some((t) => t.length === n);
  return {
    ...result,
    stage: "target",
    pays,
    next,
    complete,
    actionText: complete ? invokeActionText(card, pay, picked) : null,
    matching: matching.length
  };
}
function placeChoices(menu, space = null) {
  const places = menu && menu.phase === "place" && Array.isArray(menu.places) ? menu.places : [];
  const spaces = distinct(places.map((p) => p[0])).sort((a, b) => a - b);
  const rotations = space === null || space === void 0 ? [] : distinct(places.filter((p) => p[0] === Number(space)).map((p) => p[1])).sort((a, b) => a - b);
  const base = menu?.room?.openings ?? "";
  const openings = {};
  for (const k of rotations) openings[k] = rotateOpenings(base, k);
  return { spaces, rotations, openings };
}
function nextIntentId(lastSent, status, current) {
  const ack = Number(status?.ack) || 0;
  const cur = Number(current?.id) || 0;
  return Math.max(Number(lastSent) || 0, ack, cur) + 1;
}
function timelineKeyIntent(key, timeline) {
  if (!timeline) return null;
  const atStart = (timeline.step ?? 0) <= 0;
  const atEnd = timeline.at_end ?? (timeline.step ?? 0) >= (timeline.last ?? 0);
  if (key === "ArrowLeft") return atStart ? null : { type: "undo" };
  if (key === "ArrowRight") return atEnd ? null : { type: "redo" };
  if (key === "Home") return atStart ? null : { type: "start" };
  if (key === "End") return atEnd ? null : { type: "end" };
  return null;
}
function distinct(items) {
  return [...new Set(items)];
}

// src/svg.js
var SCROLL_ICON = `<svg class="naga-icon" width="16" height="14" viewBox="0 0 16 14" aria-hidden="true" focusable="false"><rect x="3" y="2" width="10" height="10" rx="1" fill="#f3e2b3" stroke="#8b6a3e"/><circle cx="3" cy="3" r="2" fill="#e0c98b" stroke="#8b6a3e"/><circle cx="13" cy="11" r="2" fill="#e0c98b" stroke="#8b6a3e"/><line x1="5.5" y1="5" x2="10.5" y2="5" stroke="#8b6a3e"/><line x1="5.5" y1="7.5" x2="10.5" y2="7.5" stroke="#8b6a3e"/></svg>`;
function guideMark() {
  return ` <span class="naga-guide" title="guide: holds the scroll" role="img" aria-label="guide (scroll)">${SCROLL_ICON}</span>`;
}
function eyeMark(x, y) {
  return `<g class="naga-eye" transform="translate(${x},${y})" aria-hidden="true"><path d="M0 4 Q5 -1 10 4 Q5 9 0 4 Z" fill="#fff" stroke="#1f6fd1" stroke-width="1"/><circle cx="5" cy="4" r="1.8" fill="#1f6fd1"/></g>`;
}
function svgButtonAttrs(act, args, testid, label, chosen) {
  const data = Object.entries(args).map(([k, v]) => ` data-${k}="${esc(v)}"`).join("");
  return ` class="naga-target${chosen ? " naga-chosen" : ""}" role="button" tabindex="0" aria-label="${esc(label)}" aria-pressed="${chosen ? "true" : "false"}" data-act="${esc(act)}"${data} data-testid="${esc(testid)}"`;
}
function tileMarkup(openings, size, { trap = false, room = "", amulet = null, extraClass = "" } = {}) {
  const g = tileGeometry(openings, size);
  let out = `<rect class="naga-space-bg" width="${size}" height="${size}" rx="4"/>`;
  if (trap) {
    const p = size * 0.22;
    out += `<line class="naga-trap-x" x1="${p}" y1="${p}" x2="${size - p}" y2="${size - p}"/><line class="naga-trap-x" x1="${size - p}" y1="${p}" x2="${p}" y2="${size - p}"/><rect x="${size / 2 - 14}" y="${size - 16}" width="28" height="13" rx="3" fill="#4a3f36"/><text class="naga-trap-label" x="${size / 2}" y="${size - 6}" text-anchor="middle">trap</text>`;
  } else {
    for (const c of g.corridors) {
      out += `<rect class="naga-corridor" x="${c.x}" y="${c.y}" width="${c.w}" height="${c.h}"/>`;
    }
    if (g.hub) out += `<rect class="naga-corridor" x="${g.hub.x}" y="${g.hub.y}" width="${g.hub.w}" height="${g.hub.h}"/>`;
    if (room) out += `<text class="naga-roomid" x="3" y="${size - 3}">${esc(room)}</text>`;
  }
  if (amulet !== null && amulet !== void 0 && amulet !== false) {
    out += `<circle class="naga-amulet" cx="${size - 9}" cy="9" r="5.5"><title>amulet${typeof amulet === "string" ? ` ${esc(amulet)}` : ""}</title></circle>`;
    if (typeof amulet === "string") {
      out += `<text class="naga-amulet-id" x="${size - 16}" y="${size - 4}" text-anchor="middle">${esc(amulet)}</text>`;
    }
  }
  return extraClass ? `<g class="${extraClass}">${out}</g>` : out;
}
function miniTileSvg(openings, size, opts = {}) {
  return `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false"><g class="naga-tile">${tileMarkup(openings, size, opts)}</g></svg>`;
}
function templeSvg(temple, ctx) {
  const L = ctx.layout;
  const name = temple.name;
  const cell = L.cell;
  let out = `<svg class="naga-board" width="${L.width}" height="${L.height}" viewBox="0 0 ${L.width} ${L.height}" role="group" aria-label="${esc(name)} temple">`;
  out += `<defs><pattern id="${ctx.uid}-back" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#8b6a3e"/><rect width="3" height="6" fill="#a9895c"/></pattern></defs>`;
  out += `<rect class="naga-frame" x="${L.grid.x - 1}" y="${L.grid.y - 1}" width="${L.grid.size + 2}" height="${L.grid.size + 2}" rx="5"/>`;
  for (const sp of L.spaces) {
    const tile = temple.spaces?.[sp.index] ?? null;
    const spaceToken = `${name}:${sp.index}`;
    const click = ctx.spaceClicks.get(spaceToken);
    const preview = ctx.preview && ctx.preview.temple === name && ctx.preview.space === sp.index ? ctx.preview : null;
    let cls = "naga-space";
    let desc;
    if (tile) {
      cls += tile.trap ? " naga-trap naga-tile" : " naga-tile";
      if (tile.reached) cls += " naga-reached";
      desc = tile.trap ? `space ${sp.index}: the trap` : `space ${sp.index}: room ${tile.room}, openings ${tile.openings || "none"}${tile.reached ? ", reached" : ""}`;
      if (tile.amulet) desc += `, amulet${typeof tile.amulet === "string" ? ` ${tile.amulet}` : ""} lying here`;
    } else {
      desc = `space ${sp.index}: empty`;
    }
    let inner = tile ? tileMarkup(tile.openings, cell, { trap: tile.trap, room: tile.trap ? "" : tile.room, amulet: tile.amulet }) : `<rect class="naga-space-bg" width="${cell}" height="${cell}" rx="4"/>`;
    if (preview) {
      inner += tileMarkup(preview.openings, cell, { room: preview.room, amulet: preview.amulet, extraClass: "naga-preview" });
      desc += `, preview of ${preview.room} with openings ${preview.openings}`;
    }
    out += `<g class="${cls}" transform="translate(${sp.x},${sp.y})"><title>${esc(desc)}</title>${inner}`;
    if (click && click.act === "noop") {
      out += `<g class="naga-chosen"><rect class="naga-hit" width="${cell}" height="${cell}" rx="4"/></g>`;
    } else if (click) {
      out += `<g${svgButtonAttrs(click.act, click.args, `space-${name}-${sp.index}`, `${name} temple, ${desc}${click.hint ? ` \u2014 ${click.hint}` : ""}`, click.chosen)}><rect class="naga-hit" width="${cell}" height="${cell}" rx="4"/></g>`;
    }
    out += `</g>`;
  }
  for (const s of L.slots) {
    const relic = temple.relics?.[s.index] ?? { slot: s.slot, up: false, relic: null, remembered: false };
    const r = parseRelic(relic.relic);
    const cursed = !!r?.cursed;
    let cls = "naga-slot";
    if (relic.up) cls += " naga-slot-faceup";
    if (cursed) cls += " naga-slot-cursed";
    let desc = `relic slot ${s.slot}: `;
    let inner;
    const cx = s.w / 2;
    const cy = s.h / 2;
    if (relic.up && r) {
      desc += `face up, ${cursed ? "cursed" : "sacred"} relic worth ${r.points}`;
      inner = `<rect class="naga-slot-up" width="${s.w}" height="${s.h}" rx="3"/>` + (cursed ? `<text class="naga-relic-value" x="${cx}" y="${cy - 2}" text-anchor="middle">\u2620</text><text class="naga-relic-value" x="${cx}" y="${cy + 12}" text-anchor="middle">${r.points}</text>` : `<text class="naga-relic-value" x="${cx}" y="${cy + 5}" text-anchor="middle">${r.points}</text>`);
    } else {
      inner = `<rect class="naga-slot-back" width="${s.w}" height="${s.h}" rx="3" fill="url(#${ctx.uid}-back)"/>`;
      if (r) {
        desc += `face down, ${relic.remembered ? "remembered" : "known"}: ${cursed ? "cursed" : "sacred"} relic worth ${r.points}`;
        inner += `<rect width="${s.w}" height="${s.h}" rx="3" fill="#3b2f22" opacity=".45"/><text class="naga-relic-dim" x="${cx}" y="${cy + (cursed ? -1 : 5)}" text-anchor="middle">${cursed ? "\u2620" : r.points}</text>` + (cursed ? `<text class="naga-relic-dim" x="${cx}" y="${cy + 12}" text-anchor="middle">${r.points}</text>` : "");
        if (relic.remembered) {
          inner += eyeMark(s.w - 11, 1);
        }
      } else {
        desc += "face down";
      }
    }
    const token = `${name}:${s.slot}`;
    const click = ctx.slotClicks.get(token);
    out += `<g class="${cls}" transform="translate(${s.x},${s.y})"><title>${esc(desc)}</title>${inner}`;
    if (click && click.act === "noop") {
      out += `<g class="naga-chosen"><rect class="naga-hit" x="-2" y="-2" width="${s.w + 4}" height="${s.h + 4}" rx="4"/></g>`;
    } else if (click) {
      out += `<g${svgButtonAttrs(click.act, click.args, `slot-${name}-${s.slot}`, `${name} temple, ${desc}${click.hint ? ` \u2014 ${click.hint}` : ""}`, click.chosen)}><rect class="naga-hit" x="-2" y="-2" width="${s.w + 4}" height="${s.h + 4}" rx="4"/></g>`;
    }
    out += `</g>`;
    out += `<text class="naga-slot-label" x="${s.labelX}" y="${s.labelY + 3}" text-anchor="middle">${esc(s.slot)}</text>`;
  }
  for (const e of L.entrances) {
    out += `<g class="naga-entrance-g"><title>entrance ${e.name} (always open)</title><path class="naga-entrance" d="M${e.x} ${e.y + e.h} L${e.cx} ${e.y} L${e.x + e.w} ${e.y + e.h} Z"/><text class="naga-entrance-label" x="${e.cx}" y="${e.y + e.h + 11}" text-anchor="middle">${e.name}</text></g>`;
  }
  out += `</svg>`;
  return out;
}

// src/panels.js
function stickChip(token) {
  const s = parseStick(token);
  const label = s.naga ? `${s.type} stick showing a naga (0 points)` : `${s.type} stick showing ${s.face}`;
  return `<span class="naga-chip naga-stick-${esc(s.type)}${s.naga ? " naga-stick-naga" : ""}" title="${esc(label)}" aria-label="${esc(label)}">${esc(s.type)} ${esc(s.face)}${s.naga ? `<small>=naga</small>` : ""}</span>`;
}
function cardFace(id, catalog, extraClass = "") {
  const info = catalog?.cards?.[id];
  return `<span class="naga-card${extraClass}" data-card="${esc(id)}"><b>${esc(id)}</b><span>${esc(stickSymbol(info))}</span><span class="naga-muted">${esc(info ? `${info.name} (${info.effect})` : "")}</span></span>`;
}
function cardButtonInner(id, catalog) {
  const info = catalog?.cards?.[id];
  return `<b>${esc(id)}</b> ${esc(stickSymbol(info))}<small>${esc(info ? `${info.name} (${info.effect})` : "")}</small>`;
}
function effectText(card, catalog) {
  const info = catalog?.cards?.[card];
  if (!info) return "";
  const eff = catalog?.effects?.[info.effect];
  return eff?.text ?? "";
}
function playerPanel(p, board, ctx) {
  const toMove = board.phase !== "over" && board.to_move === p.player;
  const you = ctx.viewer === p.player;
  let out = `<section class="naga-box naga-player${toMove ? " naga-to-move" : ""}" data-testid="player-${p.player}" aria-label="${esc(p.name)}">`;
  out += `<h3>${esc(p.name)}${you ? ' <span class="naga-muted">(you)</span>' : ""}${board.guide === p.player ? guideMark() : ""}${toMove ? ` <span class="naga-muted">\u2014 to move</span>` : ""}</h3>`;
  out += `<div class="naga-row"><span class="naga-label">Score</span><span data-testid="score-${p.player}">relics ${esc(p.relic_points)} pts`;
  if (p.score !== null && p.score !== void 0) out += ` \xB7 total <b>${esc(p.score)}</b>`;
  out += `</span>${p.cursed_up ? ` <span class="naga-chip" title="cursed relics face up (3 lose, R7.1.1)">\u2620 ${esc(p.cursed_up)}/3</span>` : ""}</div>`;
  out += `<div class="naga-row" data-testid="sticks-${p.player}"><span class="naga-label">Sticks</span>`;
  out += (p.sticks ?? []).length ? p.sticks.map(stickChip).join("") : `<span class="naga-muted">none</span>`;
  out += ` <span class="naga-muted">fate</span> <b data-testid="fate-${p.player}">${esc(p.fate ?? 0)}</b></div>`;
  out += `<div class="naga-row" data-testid="hand-${p.player}"><span class="naga-label">Hand</span>`;
  if (Array.isArray(p.hand)) {
    out += p.hand.length ? p.hand.map((c) => cardFace(c, ctx.catalog)).join("") : `<span class="naga-muted">empty</span>`;
  } else {
    const known = p.known_cards ?? [];
    const hidden = Math.max(0, (p.hand_count ?? 0) - known.length);
    out += `<span>${esc(p.hand_count ?? 0)} card${p.hand_count === 1 ? "" : "s"}</span>`;
    out += known.map((c) => cardFace(c, ctx.catalog, " naga-known")).join("");
    for (let i = 0; i < hidden; i++) out += `<span class="naga-card naga-card-back" aria-hidden="true"></span>`;
    if (known.length) out += `<span class="naga-muted">(${known.length} known)</span>`;
  }
  out += `</div>`;
  out += `<div class="naga-row" data-testid="call-${p.player}"><span class="naga-label">Call</span>`;
  if (Array.isArray(p.call)) {
    out += p.call.map((c) => cardFace(c, ctx.catalog)).join("");
  } else if (p.called) {
    out += `<span>${esc(p.call_count)} card${p.call_count === 1 ? "" : "s"} face down</span>`;
  } else {
    out += `<span class="naga-muted">${board.phase === "call" ? "not called yet" : "\u2014"}</span>`;
  }
  out += `</div>`;
  out += `<div class="naga-row" data-testid="amulets-${p.player}"><span class="naga-label">Amulets</span>`;
  if (Array.isArray(p.amulets)) {
    out += p.amulets.length ? p.amulets.map((a) => `<span class="naga-chip">${esc(a)}</span>`).join("") : `<span class="naga-muted">none</span>`;
  } else {
    out += `<span>${esc(p.amulet_count ?? 0)} (hidden)</span>`;
  }
  if ((p.spent_charms ?? []).length) {
    out += ` <span class="naga-muted">spent charms:</span> ${p.spent_charms.map((a) => `<span class="naga-chip">${esc(a)}</span>`).join("")}`;
  }
  out += `</div></section>`;
  return out;
}
function centerColumn(board, ctx) {
  const names = ctx.names;
  let out = `<div class="naga-center">`;
  const off = board.offered;
  out += `<section class="naga-box" data-testid="offered" aria-label="offered room"><h4>Offered room</h4>`;
  if (off) {
    const shape = ctx.catalog?.rooms?.[off.room]?.shape;
    out += `<div class="naga-row">${miniTileSvg(off.openings, 56, { amulet: off.amulet })}<div><b>${esc(off.room)}</b>${shape ? ` <span class="naga-muted">${esc(shape)}</span>` : ""}<br><span class="naga-muted">openings ${esc(off.openings || "none")}</span>`;
    if (off.amulet) out += `<br>amulet on it${typeof off.amulet === "string" ? `: ${esc(off.amulet)}` : " (face down)"}`;
    out += `</div></div>`;
  } else {
    out += `<span class="naga-muted">none</span>`;
  }
  out += `</section>`;
  const supply = board.supply ?? {};
  out += `<section class="naga-box" data-testid="table" aria-label="table"><dl class="naga-kv">`;
  out += `<dt>Round</dt><dd>${esc(board.round ?? "")}</dd>`;
  out += `<dt>Guide</dt><dd>${esc(names[board.guide] ?? "")}${guideMark()}</dd>`;
  out += `<dt>Supply</dt><dd data-testid="supply">${Object.entries(supply).map(([k, v]) => `<span class="naga-chip naga-stick-${esc(k)}">${esc(k)} ${esc(v)}</span>`).join(" ")}</dd>`;
  out += `<dt>Deck</dt><dd data-testid="deck">${esc(board.deck_count ?? 0)} cards</dd>`;
  const discard = board.discard ?? [];
  out += `<dt>Discard</dt><dd data-testid="discard">${discard.length} card${discard.length === 1 ? "" : "s"}${discard.length ? ` <span class="naga-muted">(top ${esc(discard[discard.length - 1])})</span>` : ""}</dd>`;
  out += `<dt>Rooms left</dt><dd>${esc(board.rooms_left ?? "")}</dd>`;
  out += `<dt>Amulet pile</dt><dd>${esc(board.amulets_left ?? "")}</dd>`;
  out += `<dt>Trap</dt><dd>${esc(board.trap === "side" ? "at the side" : board.trap ?? "")}</dd>`;
  if (board.drawn_count) out += `<dt>Drawn</dt><dd>${esc(board.drawn_count)} card(s)</dd>`;
  out += `</dl></section></div>`;
  return out;
}
function templePanel(temple, board, ctx) {
  const owner = temple.owner;
  const you = ctx.viewer === owner;
  const guide = board.guide === owner;
  return `<section class="naga-temple naga-${esc(temple.name)}" data-testid="temple-${esc(temple.name)}" aria-label="${esc(temple.name)} temple"><h3>${esc(ctx.names[owner] ?? temple.name)}'s temple <span class="naga-muted">(${esc(temple.name)})</span>${guide ? guideMark() : ""}${you ? ` <span class="naga-muted">\u2014 you</span>` : ""}</h3>` + templeSvg(temple, ctx) + `</section>`;
}
function timelinePanel(tl) {
  if (!tl || typeof tl.step !== "number") return "";
  const last = tl.last ?? 0;
  const step = tl.step;
  const atStart = step <= 0;
  const atEnd = !!tl.at_end;
  const label = tl.label ?? (step > 0 ? (tl.labels ?? [])[step - 1] ?? "" : "setup");
  let out = `<section class="naga-timeline naga-box" data-testid="timeline" aria-label="timeline">`;
  out += `<button type="button" data-act="tl" data-type="start" data-testid="tl-start" aria-label="Go to the start" title="Start (Home)" ${atStart ? "disabled" : ""}>|\u25C0</button>`;
  out += `<button type="button" data-act="tl" data-type="undo" data-testid="tl-back" aria-label="One step back" title="Back (\u2190)" ${atStart ? "disabled" : ""}>\u25C0</button>`;
  out += `<input type="range" data-act="goto" data-testid="tl-slider" min="0" max="${esc(last)}" step="1" value="${esc(step)}" aria-label="Step" aria-valuetext="step ${esc(step)} of ${esc(last)}">`;
  out += `<button type="button" data-act="tl" data-type="redo" data-testid="tl-forward" aria-label="One step forward" title="Forward (\u2192)" ${atEnd ? "disabled" : ""}>\u25B6</button>`;
  out += `<button type="button" data-act="tl" data-type="end" data-testid="tl-end" aria-label="Go to the end" title="End (End)" ${atEnd ? "disabled" : ""}>\u25B6|</button>`;
  out += `<span data-testid="tl-position">step ${esc(step)} / ${esc(last)}</span>`;
  const branches = tl.branches ?? [];
  if (branches.length > 1) {
    out += `<label>branch <select data-act="branch" data-testid="branch-select" aria-label="Branch">`;
    for (const b of branches) {
      const text = `#${b.index}: ${b.length} steps${b.fork_step ? `, from step ${b.fork_step}` : ""}${b.last_action ? ` \u2014 ${b.last_action}` : ""}`;
      out += `<option value="${esc(b.index)}"${b.index === tl.branch ? " selected" : ""}>${esc(text)}</option>`;
    }
    out += `</select></label>`;
  }
  if (tl.fork_armed) {
    out += `<span class="naga-fork-armed" data-testid="fork-armed">Fork armed: your next play starts a new branch at step ${esc(step)}</span>`;
    out += `<button type="button" data-act="unfork" data-testid="unfork">Cancel</button>`;
  } else if (!atEnd) {
    out += `<button type="button" data-act="fork" data-testid="fork" title="Play a different move from this step (the current line is kept)">Fork from here</button>`;
  }
  out += `<span class="naga-steplabel">${esc(label)}</span>`;
  out += `</section>`;
  return out;
}
function logPanel(log) {
  const entries = Array.isArray(log) ? log : [];
  let out = `<section class="naga-box" aria-label="event log"><h4>Event log</h4><ol class="naga-log" data-testid="log" reversed>`;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    out += `<li><span class="naga-rule">${esc(e.rule)}</span><span class="naga-logstep">#${esc(e.step)}</span>${esc(e.text)}</li>`;
  }
  if (!entries.length) out += `<li class="naga-muted">nothing yet</li>`;
  out += `</ol></section>`;
  return out;
}
function messageArea(status) {
  const msg = status?.message;
  if (!msg || !msg.text) return `<div class="naga-message" data-testid="message" aria-live="polite"></div>`;
  const error = msg.level === "error";
  return `<div class="naga-message ${error ? "naga-error" : "naga-info"}" data-testid="message" role="${error ? "alert" : "status"}">${error ? "\u26A0 " : ""}${esc(msg.text)}</div>`;
}

// src/actions.js
function actionPanel(ctx) {
  const { menu, board, timeline, sel, catalog, names } = ctx;
  const active = ctx.active;
  let out = `<section class="naga-box naga-actions" data-testid="actions" aria-label="your decision">`;
  if (ctx.pending && active) {
    out += `<p class="naga-hint" data-testid="pending">Decision sent; waiting for the game to answer\u2026</p>`;
    return out + `</section>`;
  }
  if (!active) {
    if (board.outcome) {
      out += `<h3>${esc(stepName("over", board.outcome, names))}</h3>`;
    } else if (timeline && timeline.can_play === false) {
      out += `<p class="naga-hint">You are looking at step ${esc(timeline.step)} of ${esc(timeline.last)}. Go to the end to play on, or fork from here to try another move.</p>`;
    } else if (board.phase) {
      const who = names[board.to_move] ?? "";
      const bot = ctx.status?.bot !== null && ctx.status?.bot !== void 0 && ctx.status.bot === board.to_move;
      out += `<p class="naga-hint">Waiting for ${esc(who)}${bot ? " (bot)" : ""}: ${esc(stepName(board.phase))}.</p>`;
    }
    return out + `</section>`;
  }
  out += `<h3>${esc(menu.step_name || stepName(menu.phase))} \u2014 ${esc(names[menu.player] ?? "")} decides</h3>`;
  if (menu.phase === "call") out += callMenu(menu, sel, catalog);
  else if (menu.phase === "confront") out += confrontMenu(menu, sel, catalog, names, board, ctx.templeNames);
  else if (menu.phase === "place") out += placeMenu(menu, sel, catalog, names);
  else if (menu.phase === "give") out += giveMenu(menu, sel, catalog, names, board);
  else out += `<p class="naga-hint">Unknown step ${esc(menu.phase)}.</p>`;
  return out + `</section>`;
}
function callMenu(menu, sel, catalog) {
  const cards = (menu.groups ?? []).flat();
  const chosen = sel.call;
  const valid = callSelectionValid(menu, chosen);
  let out = `<p class="naga-hint">Select at least one card; all must show the same stick type (R4.1). Your call stays face down; only the number of cards is public.</p>`;
  out += `<div class="naga-choice" role="group" aria-label="cards to call">`;
  for (const id of cards) {
    const on = chosen.includes(id);
    out += `<button type="button" class="naga-card" data-act="toggle-card" data-card="${esc(id)}" data-testid="card-${esc(id)}" aria-pressed="${on}">${cardButtonInner(id, catalog)}</button>`;
  }
  out += `</div>`;
  if (chosen.length && !valid) {
    out += `<p class="naga-warn" data-testid="call-warning">These cards show different stick types; a call must use one type (R4.1).</p>`;
  }
  out += `<div class="naga-choice">`;
  out += `<button type="button" class="naga-primary" data-act="call-confirm" data-testid="confirm" ${valid ? "" : "disabled"}>Call ${chosen.length || ""} card${chosen.length === 1 ? "" : "s"}</button>`;
  out += `<button type="button" data-act="reset" data-testid="cancel" ${chosen.length ? "" : "disabled"}>Clear</button>`;
  out += `</div>`;
  return out;
}
function confrontMenu(menu, sel, catalog, names, board, temples) {
  const inv = sel.invoke;
  const choice = invokeChoices(menu, inv.card, inv.pay, inv.tokens);
  let out = "";
  if (!inv.card) {
    out += `<p class="naga-hint">Pass, or pay one naga to invoke a card (R4.2.2).${board?.passes ? " The opponent has just passed: passing now ends the step." : ""}</p>`;
    out += `<div class="naga-choice">`;
    if (menu.pass) out += `<button type="button" data-act="pass" data-testid="pass">Pass</button>`;
    out += `</div><div class="naga-choice" role="group" aria-label="cards you can invoke">`;
    for (const id of choice.cards) {
      out += `<button type="button" class="naga-card" data-act="invoke-card" data-card="${esc(id)}" data-testid="card-${esc(id)}" title="${esc(effectText(id, catalog))}">${cardButtonInner(id, catalog)}</button>`;
    }
    if (!choice.cards.length) out += `<span class="naga-muted">No card can be invoked now.</span>`;
    out += `</div>`;
    return out;
  }
  const info = catalog?.cards?.[inv.card];
  out += `<p><b>Invoke ${esc(inv.card)}</b>${info ? ` \u2014 ${esc(info.name)} (${esc(info.effect)})` : ""}</p>`;
  const text = effectText(inv.card, catalog);
  if (text) out += `<p class="naga-hint">${esc(text)}</p>`;
  if (!inv.pay) {
    out += `<p class="naga-hint">Pay one naga with:</p><div class="naga-choice" role="group" aria-label="payment">`;
    for (const pay of choice.pays) {
      const label = pay === "charm" ? "a naga charm" : `your ${pay} stick showing a naga`;
      out += `<button type="button" data-act="invoke-pay" data-pay="${esc(pay)}" data-testid="pay-${esc(pay)}">${esc(pay)}<small>${esc(label)}</small></button>`;
    }
    out += `</div>`;
  } else {
    out += `<p class="naga-hint">Paid with ${esc(inv.pay)}.${inv.tokens.length ? ` Target so far: <b data-testid="chosen-tokens">${esc(inv.tokens.join(" "))}</b>` : ""}</p>`;
    if (choice.next.length) {
      out += `<p class="naga-hint">${choice.complete ? "Confirm, or add" : "Choose"} ${inv.tokens.length ? "the next part of the target" : "a target"}${choice.next.some((t) => tokenTarget(t, temples)) ? " (also clickable on the boards)" : ""}:</p>`;
      out += `<div class="naga-choice" role="group" aria-label="targets">`;
      for (const tok of choice.next) {
        out += `<button type="button" data-act="target" data-token="${esc(tok)}" data-testid="target-${esc(tok)}">${esc(tok)}<small>${esc(describeToken(tok, names, temples))}</small></button>`;
      }
      out += `</div>`;
    } else if (choice.complete && !inv.tokens.length) {
      out += `<p class="naga-hint">No target needed.</p>`;
    }
  }
  out += `<div class="naga-choice">`;
  out += `<button type="button" class="naga-primary" data-act="invoke-confirm" data-testid="confirm" ${choice.complete ? "" : "disabled"}>${esc(choice.actionText ? `Confirm: ${choice.actionText}` : "Confirm")}</button>`;
  out += `<button type="button" data-act="back" data-testid="back">Back</button>`;
  out += `<button type="button" data-act="reset" data-testid="cancel">Cancel</button>`;
  out += `</div>`;
  return out;
}
function placeMenu(menu, sel, catalog, names) {
  const room = menu.room ?? { id: "", openings: "" };
  const choice = placeChoices(menu, sel.place.space);
  const shape = catalog?.rooms?.[room.id]?.shape;
  let out = `<p class="naga-hint">Place room <b>${esc(room.id)}</b>${shape ? ` (${esc(shape)})` : ""} in ${esc(names[menu.player] ?? "your")}'s temple: click a highlighted space (row 2, or next to a tile; R4.3.2), then choose the orientation.</p>`;
  if (sel.place.space === null) {
    out += `<p class="naga-hint">Legal spaces: ${choice.spaces.join(", ")}</p>`;
  } else {
    out += `<p>Space <b>${esc(sel.place.space)}</b> \u2014 orientation:</p><div class="naga-choice" role="group" aria-label="orientation">`;
    for (const k of choice.rotations) {
      const on = sel.place.rot === k;
      out += `<button type="button" data-act="rotation" data-rot="${k}" data-testid="rotation-${k}" aria-pressed="${on}" aria-label="rotation ${k}: openings ${esc(choice.openings[k])}">${miniTileSvg(choice.openings[k], 30)}<small>rot${k} \xB7 ${esc(choice.openings[k])}</small></button>`;
    }
    out += `</div>`;
  }
  const ready = sel.place.space !== null && sel.place.rot !== null && choice.rotations.includes(sel.place.rot);
  out += `<div class="naga-choice">`;
  out += `<button type="button" class="naga-primary" data-act="place-confirm" data-testid="confirm" ${ready ? "" : "disabled"}>${ready ? esc(`Confirm: ${placeActionText(sel.place.space, sel.place.rot)}`) : "Confirm"}</button>`;
  out += `<button type="button" data-act="reset" data-testid="cancel" ${sel.place.space === null ? "disabled" : ""}>Cancel</button>`;
  out += `</div>`;
  return out;
}
function giveMenu(menu, sel, catalog, names, board) {
  const cards = Array.isArray(menu.gives) ? menu.gives : board?.drawn ?? [];
  const other = names[1 - menu.player] ?? "the opponent";
  let out = `<p class="naga-hint">You drew these cards: pick the one to give to ${esc(other)}; you keep the others (R4.4.2). The card given is public.</p>`;
  out += `<div class="naga-choice" role="group" aria-label="card to give">`;
  for (const id of cards) {
    const on = sel.give === id;
    out += `<button type="button" class="naga-card" data-act="give-card" data-card="${esc(id)}" data-testid="give-${esc(id)}" aria-pressed="${on}">${cardButtonInner(id, catalog)}</button>`;
  }
  out += `</div><div class="naga-choice">`;
  const ready = sel.give !== null && cards.includes(sel.give);
  out += `<button type="button" class="naga-primary" data-act="give-confirm" data-testid="confirm" ${ready ? "" : "disabled"}>${ready ? esc(`Give ${sel.give} to ${other}`) : "Give"}</button>`;
  out += `</div>`;
  return out;
}
function boardClicks(ctx) {
  const spaceClicks = /* @__PURE__ */ new Map();
  const slotClicks = /* @__PURE__ */ new Map();
  let preview = null;
  const { menu, sel, board } = ctx;
  if (!ctx.active) return { spaceClicks, slotClicks, preview };
  if (menu.phase === "place") {
    const temple = board.temples?.[menu.player];
    if (temple) {
      const choice = placeChoices(menu, sel.place.space);
      for (const s of choice.spaces) {
        spaceClicks.set(`${temple.name}:${s}`, {
          act: "place-space",
          args: { space: s },
          hint: "place the room here",
          chosen: sel.place.space === s
        });
      }
      if (sel.place.space !== null && sel.place.rot !== null) {
        preview = {
          temple: temple.name,
          space: sel.place.space,
          room: menu.room?.id ?? "",
          openings: rotateOpenings(menu.room?.openings ?? "", sel.place.rot),
          amulet: board.offered?.amulet ?? null
        };
      }
    }
  } else if (menu.phase === "confront" && sel.invoke.card && sel.invoke.pay) {
    const choice = invokeChoices(menu, sel.invoke.card, sel.invoke.pay, sel.invoke.tokens);
    for (const tok of sel.invoke.tokens) {
      const t = tokenTarget(tok, ctx.templeNames);
      if (t) (t.kind === "slot" ? slotClicks : spaceClicks).set(tok, { act: "noop", args: {}, hint: "chosen", chosen: true });
    }
    for (const tok of choice.next) {
      const t = tokenTarget(tok, ctx.templeNames);
      if (!t) continue;
      (t.kind === "slot" ? slotClicks : spaceClicks).set(tok, {
        act: "target",
        args: { token: tok },
        hint: `choose ${tok} as target`,
        chosen: false
      });
    }
  }
  return { spaceClicks, slotClicks, preview };
}

// src/markup.js
function emptySelection() {
  return { call: [], invoke: { card: null, pay: null, tokens: [] }, place: { space: null, rot: null }, give: null };
}
function viewState(traits) {
  const pick = (v, fallback) => v === void 0 || v === null ? fallback : v;
  const catalog = pick(traits.catalog, {});
  const board = pick(traits.board, {});
  const menu = expandMenu(pick(traits.menu, {}));
  const timeline = pick(traits.timeline, {});
  const log = pick(traits.events, pick(traits.log, []));
  const status = pick(traits.status, {});
  const names = pickNames(status, catalog, board);
  const templeNames = Array.isArray(board.temples) && board.temples.length ? board.temples.map((t) => t.name) : Array.isArray(catalog.temples) ? catalog.temples : ["gold", "silver"];
  const viewer = status.viewer ?? board.viewer;
  const active = !status.screen && timeline.can_play === true && !!menu.phase;
  return { catalog, board, menu, timeline, log, status, names, templeNames, viewer, active };
}
function widgetMarkup(view) {
  const ctx = { sel: emptySelection(), uid: "naga", layout: templeLayoutCached(), ...view };
  const { board, status, names } = ctx;
  let out = `<header class="naga-header"><h2>Naga Raja</h2>`;
  if (!status.screen && board.phase) {
    const step = ctx.active && ctx.menu.step_name ? ctx.menu.step_name : stepName(board.phase, board.outcome, names);
    out += `<span class="naga-step" data-testid="step-name">${esc(step)}</span>`;
    if (board.round) out += `<span>round ${esc(board.round)}</span>`;
    if (board.phase !== "over" && names[board.to_move] !== void 0) out += `<span>${esc(names[board.to_move])} to move</span>`;
  }
  out += `<span class="naga-muted" data-testid="perspective">${esc(perspectiveText(status, names))}</span></header>`;
  out += messageArea(status);
  if (status.screen) {
    const name = status.screen.name ?? names[status.screen.player] ?? "the next player";
    out += `<section class="naga-screen" data-testid="screen"><p>Pass the device to <b>${esc(name)}</b></p>`;
    out += `<button type="button" class="naga-primary" data-act="reveal" data-testid="reveal">I am ${esc(name)}: show my board</button></section>`;
    return out;
  }
  const temples = Array.isArray(board.temples) ? board.temples : [];
  if (temples.length) {
    const clicks = boardClicks(ctx);
    const tctx = { ...ctx, ...clicks };
    out += `<div class="naga-boards">`;
    out += templePanel(temples[0], board, tctx);
    out += centerColumn(board, ctx);
    for (const t of temples.slice(1)) out += templePanel(t, board, tctx);
    out += `</div>`;
    out += `<div class="naga-players">${(board.players ?? []).map((p) => playerPanel(p, board, ctx)).join("")}</div>`;
  } else {
    out += `<p class="naga-muted">No board to show.</p>`;
  }
  out += actionPanel(ctx);
  out += `<div class="naga-bottom"><div>${timelinePanel(ctx.timeline)}</div>${logPanel(ctx.log)}</div>`;
  return out;
}
function pickNames(status, catalog, board) {
  if (Array.isArray(status?.names) && status.names.length) return status.names;
  if (Array.isArray(board?.players) && board.players.length) return board.players.map((p) => p.name);
  if (Array.isArray(catalog?.temples) && catalog.temples.length) return catalog.temples;
  return ["gold", "silver"];
}
function perspectiveText(status, names) {
  const v = status?.viewer;
  const p = status?.perspective;
  let who;
  if (v === 0 || v === 1) who = `viewing as ${names[v] ?? `player ${v}`}`;
  else if (v === "truth") who = "viewing everything (teacher)";
  else if (v === "spectator") who = "viewing as a spectator";
  else who = "";
  if (p === "hotseat") who += `${who ? ", " : ""}hot-seat`;
  return who;
}

// src/styles.js
var CSS = `
.naga-root{--naga-ink:#2b2622;--naga-muted:#6f665c;--naga-bg:#fbf8f2;--naga-panel:#fff;
  --naga-line:#d9cfbf;--naga-gold:#b8891d;--naga-silver:#7d8a96;--naga-path:#8b6a3e;
  --naga-reach:#e2a42b;--naga-target:#1f6fd1;--naga-danger:#b3261e;--naga-tile:#efe4cc;
  color-scheme:light;font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  color:var(--naga-ink);background:var(--naga-bg);border:1px solid var(--naga-line);border-radius:10px;
  padding:10px 12px;max-width:1100px;outline:none;box-sizing:border-box}
.naga-root *{box-sizing:border-box}
.naga-root:focus-visible{box-shadow:0 0 0 2px var(--naga-target)}
.naga-root h2,.naga-root h3,.naga-root h4{margin:0 0 6px;font-weight:600}
.naga-root h2{font-size:16px}.naga-root h3{font-size:14px}.naga-root h4{font-size:13px}
.naga-header{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:baseline;margin-bottom:6px}
.naga-header .naga-step{font-weight:600;color:var(--naga-gold)}
.naga-muted{color:var(--naga-muted)}
.naga-guide{display:inline-block;vertical-align:-2px}.naga-icon{display:inline-block}
.naga-chip small{font-size:10px;opacity:.8}
.naga-message{min-height:0;margin:4px 0;border-radius:6px}
.naga-message:not(:empty){padding:6px 10px}
.naga-message.naga-error{background:#fdecea;color:var(--naga-danger);border:1px solid #f2b8b5;font-weight:600}
.naga-message.naga-info{background:#eef4fc;color:#1d4f91;border:1px solid #c5d9f2}
.naga-boards{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.naga-temple{background:var(--naga-panel);border:1px solid var(--naga-line);border-radius:8px;padding:6px}
.naga-temple.naga-gold{border-top:4px solid var(--naga-gold)}
.naga-temple.naga-silver{border-top:4px solid var(--naga-silver)}
.naga-temple svg{display:block}
.naga-center{flex:1 1 180px;min-width:170px;display:flex;flex-direction:column;gap:8px}
.naga-box{background:var(--naga-panel);border:1px solid var(--naga-line);border-radius:8px;padding:8px}
.naga-kv{margin:0;display:grid;grid-template-columns:auto 1fr;gap:1px 10px}
.naga-kv dt{color:var(--naga-muted)}.naga-kv dd{margin:0}
.naga-players{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:10px;margin-top:10px}
.naga-player.naga-to-move{box-shadow:0 0 0 2px var(--naga-reach)}
.naga-row{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:3px 0}
.naga-label{color:var(--naga-muted);min-width:64px}
.naga-chip{display:inline-flex;align-items:center;gap:3px;border-radius:11px;padding:1px 8px;font-size:12px;
  border:1px solid rgba(0,0,0,.15);white-space:nowrap}
.naga-stick-brown{background:#e7d2bb;color:#4b2e13}
.naga-stick-violet{background:#e4d8f3;color:#43266b}
.naga-stick-teal{background:#cdeeea;color:#0d4f49}
.naga-stick-naga{font-weight:700;outline:2px dashed rgba(0,0,0,.35);outline-offset:-3px}
.naga-card{display:inline-flex;flex-direction:column;align-items:flex-start;gap:0;border:1px solid var(--naga-line);
  border-radius:6px;padding:3px 7px;background:#fffdf7;font-size:12px;min-width:86px;text-align:left}
.naga-card b{font-size:13px}
.naga-card-back{background:repeating-linear-gradient(45deg,#8b6a3e 0 4px,#a9895c 4px 8px);color:#fff;
  min-width:28px;min-height:34px;justify-content:center;align-items:center}
.naga-card.naga-known{border-style:dashed}
.naga-root button{font:inherit;color:inherit;cursor:pointer;border:1px solid #bfb3a1;background:#fff;
  border-radius:6px;padding:4px 10px}
.naga-root button:hover:not(:disabled){border-color:var(--naga-target)}
.naga-root button:focus-visible{outline:2px solid var(--naga-target);outline-offset:1px}
.naga-root button:disabled{opacity:.45;cursor:not-allowed}
.naga-root button[aria-pressed="true"]{background:#dbe8fb;border-color:var(--naga-target);
  box-shadow:inset 0 0 0 1px var(--naga-target)}
.naga-root button.naga-primary{background:var(--naga-target);color:#fff;border-color:var(--naga-target);font-weight:600}
.naga-root button.naga-primary:disabled{background:#8fb1dd}
.naga-root button.naga-card{padding:4px 8px}
.naga-root button small{display:block;color:var(--naga-muted);font-size:11px}
.naga-actions{margin-top:10px}
.naga-actions .naga-hint{color:var(--naga-muted);margin:2px 0 6px}
.naga-actions .naga-warn{color:var(--naga-danger)}
.naga-choice{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.naga-timeline{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:10px}
.naga-timeline input[type=range]{flex:1 1 200px;min-width:140px}
.naga-timeline .naga-steplabel{flex:1 1 100%;color:var(--naga-muted);font-size:12px}
.naga-fork-armed{background:#fff4d6;border:1px solid var(--naga-reach);border-radius:6px;padding:2px 8px}
.naga-log{list-style:none;margin:0;padding:0;max-height:220px;overflow:auto;font-size:12px}
.naga-log li{padding:2px 0;border-bottom:1px dotted var(--naga-line)}
.naga-rule{display:inline-block;min-width:44px;font-weight:600;color:#5b4a2f;background:#f3ead8;border-radius:4px;
  padding:0 4px;margin-right:4px;text-align:center;font-family:ui-monospace,Menlo,Consolas,monospace}
.naga-logstep{color:var(--naga-muted);margin-right:4px}
.naga-screen{text-align:center;padding:40px 10px}
.naga-screen p{font-size:18px;margin:0 0 14px}
.naga-bottom{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:10px;margin-top:10px}
/* SVG */
.naga-root svg text{font-family:system-ui,sans-serif;fill:var(--naga-ink)}
.naga-space-bg{fill:none;stroke:#cdbfa6;stroke-dasharray:3 3}
.naga-tile .naga-space-bg{fill:var(--naga-tile);stroke:#b9a784;stroke-dasharray:none}
.naga-tile.naga-reached .naga-space-bg{fill:#fbe8bd;stroke:var(--naga-reach)}
.naga-corridor{fill:var(--naga-path)}
.naga-reached .naga-corridor{fill:#c9821a}
.naga-trap .naga-space-bg{fill:#4a3f36;stroke:#2b2622}
.naga-trap-x{stroke:#d9cfbf;stroke-width:3;stroke-linecap:round}
.naga-root svg .naga-trap-label{fill:#fff;font-size:11px;font-weight:700}
.naga-root svg .naga-roomid{font-size:8px;fill:#7a6a52}
.naga-amulet{fill:#2f8f5b;stroke:#fff;stroke-width:1.5}
.naga-root svg .naga-amulet-id{font-size:8px;fill:#1f5e3c;font-weight:700}
.naga-slot-back{stroke:#6b5233;stroke-width:1}
.naga-slot-up{fill:#fffaf0;stroke:var(--naga-reach);stroke-width:2}
.naga-slot-cursed .naga-slot-up{fill:#f7d4d1;stroke:var(--naga-danger)}
.naga-root svg .naga-relic-value{font-size:13px;font-weight:700}
.naga-root svg .naga-relic-dim{font-size:12px;font-weight:700;fill:#fff;opacity:.85}
.naga-root svg .naga-slot-label,.naga-root svg .naga-entrance-label{font-size:9px;fill:var(--naga-muted)}
.naga-entrance{fill:#9bbf7a}
.naga-frame{fill:none;stroke-width:2}
.naga-gold .naga-frame{stroke:var(--naga-gold)}.naga-silver .naga-frame{stroke:var(--naga-silver)}
.naga-target{cursor:pointer}
.naga-target>.naga-hit{fill:rgba(31,111,209,.12);stroke:var(--naga-target);stroke-width:2.5;stroke-dasharray:5 3}
.naga-target:hover>.naga-hit,.naga-target:focus>.naga-hit{fill:rgba(31,111,209,.28)}
.naga-target:focus{outline:none}
.naga-chosen>.naga-hit{fill:rgba(31,111,209,.35);stroke:var(--naga-target);stroke-width:3;stroke-dasharray:none}
.naga-preview{opacity:.8}
.naga-preview .naga-space-bg{fill:#dbe8fb;stroke:var(--naga-target);stroke-dasharray:4 2}
.naga-preview .naga-corridor{fill:var(--naga-target)}
.naga-hit{fill:transparent;stroke:none}
`;

// src/view.js
var TRAITS = ["catalog", "board", "menu", "timeline", "events", "log", "status"];
var instances = 0;
function render({ model, el }) {
  const uid = `naga${++instances}`;
  const root = document.createElement("div");
  root.className = "naga-root";
  root.tabIndex = 0;
  root.setAttribute("data-testid", "root");
  root.setAttribute("aria-label", "Naga Raja");
  const style = document.createElement("style");
  style.textContent = CSS;
  const app = document.createElement("div");
  app.className = "naga-app";
  root.append(style, app);
  el.appendChild(root);
  const layout = templeLayoutCached();
  let sel = emptySelection();
  let selKey = null;
  let lastSent = 0;
  let pending = false;
  function snapshot() {
    return viewState({
      catalog: model.get("catalog"),
      board: model.get("board"),
      menu: model.get("menu"),
      timeline: model.get("timeline"),
      events: model.get("events"),
      log: model.get("log"),
      status: model.get("status")
    });
  }
  function draw() {
    const started = performance.now();
    const snap = snapshot();
    const key = `${JSON.stringify(snap.menu)}|${snap.timeline.step}|${snap.timeline.branch}`;
    if (key !== selKey) {
      selKey = key;
      sel = emptySelection();
    }
    const focusedId = root.contains(document.activeElement) && document.activeElement !== root ? document.activeElement.getAttribute("data-testid") : null;
    const ctx = { ...snap, sel, uid, layout, pending };
    app.innerHTML = widgetMarkup(ctx);
    if (focusedId) {
      const again = findTestId(focusedId);
      if (again && typeof again.focus === "function") again.focus();
      else root.focus({ preventScroll: true });
    }
    const times = globalThis.__nagaRenderTimes;
    if (Array.isArray(times)) times.push(performance.now() - started);
  }
  function findTestId(id) {
    for (const node of app.querySelectorAll("[data-testid]")) {
      if (node.getAttribute("data-testid") === id) return node;
    }
    return null;
  }
  function send(type, fields = {}) {
    const id = nextIntentId(lastSent, model.get("status"), model.get("intent"));
    lastSent = id;
    model.set("intent", { id, type, ...fields });
    model.save_changes();
    if (type === "play") {
      pending = true;
      draw();
    }
  }
  function activate(node) {
    if (!node || node.disabled || node.getAttribute("aria-disabled") === "true") return;
    const act = node.getAttribute("data-act");
    const snap = snapshot();
    const menu = snap.menu;
    const playable = snap.active && !pending;
    switch (act) {
      case "tl": {
        const type = node.getAttribute("data-type");
        if (["start", "undo", "redo", "end"].includes(type)) send(type);
        return;
      }
      case "fork":
        send("fork");
        return;
      case "unfork":
        send("unfork");
        return;
      case "reveal":
        send("reveal");
        return;
      default:
        break;
    }
    if (!playable) return;
    switch (act) {
      case "toggle-card": {
        const card = node.getAttribute("data-card");
        if (!(menu.groups ?? []).some((g) => g.includes(card))) return;
        sel.call = sel.call.includes(card) ? sel.call.filter((c) => c !== card) : [...sel.call, card];
        break;
      }
      case "call-confirm":
        if (!callSelectionValid(menu, sel.call)) return;
        send("play", { action: callActionText(sel.call) });
        return;
      case "pass":
        if (!menu.pass) return;
        send("play", { action: "pass" });
        return;
      case "invoke-card": {
        const card = node.getAttribute("data-card");
        if (invokeChoices(menu, card).stage !== "pay") return;
        sel.invoke = { card, pay: null, tokens: [] };
        break;
      }
      case "invoke-pay": {
        const pay = node.getAttribute("data-pay");
        const c = invokeChoices(menu, sel.invoke.card, pay, []);
        if (c.stage !== "target") return;
        sel.invoke = { ...sel.invoke, pay, tokens: [] };
        break;
      }
      case "target": {
        const token = node.getAttribute("data-token");
        const c = invokeChoices(menu, sel.invoke.card, sel.invoke.pay, sel.invoke.tokens);
        if (c.stage !== "target" || !c.next.includes(token)) return;
        sel.invoke = { ...sel.invoke, tokens: [...sel.invoke.tokens, token] };
        break;
      }
      case "invoke-confirm": {
        const c = invokeChoices(menu, sel.invoke.card, sel.invoke.pay, sel.invoke.tokens);
        if (!c.complete) return;
        send("play", { action: c.actionText });
        return;
      }
      case "back": {
        const inv = sel.invoke;
        if (inv.tokens.length) sel.invoke = { ...inv, tokens: inv.tokens.slice(0, -1) };
        else if (inv.pay) sel.invoke = { ...inv, pay: null };
        else sel.invoke = { card: null, pay: null, tokens: [] };
        break;
      }
      case "reset":
        sel = emptySelection();
        break;
      case "place-space": {
        const space = Number(node.getAttribute("data-space"));
        const c = placeChoices(menu, space);
        if (!c.rotations.length) return;
        sel.place = { space, rot: c.rotations.includes(sel.place.rot) ? sel.place.rot : c.rotations[0] };
        break;
      }
      case "rotation": {
        const rot = Number(node.getAttribute("data-rot"));
        if (!placeChoices(menu, sel.place.space).rotations.includes(rot)) return;
        sel.place = { ...sel.place, rot };
        break;
      }
      case "place-confirm": {
        const { space, rot } = sel.place;
        if (space === null || rot === null || !placeChoices(menu, space).rotations.includes(rot)) return;
        send("play", { action: placeActionText(space, rot) });
        return;
      }
      case "give-card": {
        const card = node.getAttribute("data-card");
        const cards = Array.isArray(menu.gives) ? menu.gives : snap.board.drawn ?? [];
        if (!cards.includes(card)) return;
        sel.give = card;
        break;
      }
      case "give-confirm": {
        const cards = Array.isArray(menu.gives) ? menu.gives : snap.board.drawn ?? [];
        if (sel.give === null || !cards.includes(sel.give)) return;
        send("play", { action: giveActionText(sel.give) });
        return;
      }
      default:
        return;
    }
    draw();
  }
  const onClick = (event) => {
    const node = event.target?.closest?.("[data-act]");
    if (!node || !root.contains(node)) return;
    const act = node.getAttribute("data-act");
    if (act === "goto" || act === "branch") return;
    activate(node);
  };
  const onChange = (event) => {
    const node = event.target;
    if (!node || !root.contains(node)) return;
    const act = node.getAttribute?.("data-act");
    if (act === "goto") {
      const step = Number(node.value);
      if (Number.isInteger(step) && step !== model.get("timeline")?.step) send("goto", { step });
    } else if (act === "branch") {
      const index = Number(node.value);
      if (Number.isInteger(index) && index !== model.get("timeline")?.branch) send("branch", { index });
    }
  };
  const onKeyDown = (event) => {
    const target = event.target;
    const key = event.key;
    const node = target?.closest?.("[data-act]");
    if (node && node.getAttribute("role") === "button" && node.tagName !== "BUTTON" && (key === "Enter" || key === " " || key === "Spacebar")) {
      event.preventDefault();
      activate(node);
      return;
    }
    const tag = target?.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target?.isContentEditable) return;
    const intent = timelineKeyIntent(key, model.get("timeline"));
    if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(key)) {
      event.preventDefault();
      event.stopPropagation();
    }
    if (intent && !model.get("status")?.screen) send(intent.type);
  };
  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("keydown", onKeyDown);
  const onTrait = () => {
    pending = false;
    draw();
  };
  for (const name of TRAITS) model.on(`change:${name}`, onTrait);
  draw();
  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, onTrait);
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("keydown", onKeyDown);
    root.remove();
  };
}

// src/index.js
var index_default = { render };
export {
  DIRECTIONS,
  SLOT_ORDER,
  TRAITS,
  callActionText,
  callSelectionValid,
  index_default as default,
  describeToken,
  emptySelection,
  esc,
  expandMenu,
  giveActionText,
  invokeActionText,
  invokeChoices,
  nextIntentId,
  normalizeOpenings,
  outcomeText,
  parseRelic,
  parseStick,
  placeActionText,
  placeChoices,
  render,
  rotateOpenings,
  splitTarget,
  stepName,
  stickSymbol,
  templeLayout,
  tileGeometry,
  timelineKeyIntent,
  tokenTarget,
  viewState,
  widgetMarkup
};

// changes.js — what changed on the board from one step to the next, computed from the two boards the
// viewer was sent (so it can only name what the viewer may see, R6): the spaces, relic slots and
// players to highlight for a moment, and the same in words for the panel beside the decision and for
// the screen reader's live region. Pure: no DOM.

/** @typedef {import("./types.js").Board} Board */

/**
 * @typedef {Object} Changes
 * @property {string[]} spaces   "gold:4": spaces whose tile came, went, moved or turned
 * @property {string[]} slots    "gold:W2": relic slots that flipped, changed or became known
 * @property {number[]} players  players whose sticks, hand or amulets changed
 * @property {string[]} lines    the same in words, one line per change
 */

/** "space 6 (row 2, col 0)" — the space numbers the menu speaks of. @param {number} i */
export function spaceWords(i) {
  return `space ${i} (row ${Math.floor(i / 3)}, col ${i % 3})`;
}

function relicWords(relic) {
  if (!relic) return "";
  return `${relic.startsWith("c") ? "cursed" : "sacred"} ${relic.slice(1)}`;
}

function stickWords(token) {
  const [type, face] = String(token).split(":");
  return `${type} ${face === "N" ? "naga" : face}`;
}

function tileName(tile) {
  return tile.trap ? "the trap" : `room ${tile.room}`;
}

/** Where each tile (by room id; the trap is "TRAP") lies on a board. */
function tilePlaces(board) {
  const places = new Map();
  for (const t of board.temples ?? []) {
    (t.spaces ?? []).forEach((tile, i) => {
      if (tile) places.set(tile.room, { temple: t.name, space: i, tile });
    });
  }
  return places;
}

function spaceChanges(prev, next, out) {
  const before = tilePlaces(prev);
  const after = tilePlaces(next);
  for (const [room, now] of after) {
    const was = before.get(room);
    const key = `${now.temple}:${now.space}`;
    const where = `${now.temple} ${spaceWords(now.space)}`;
    if (!was) {
      out.spaces.push(key);
      out.lines.push(
        `${tileName(now.tile)} placed on ${where}${now.tile.trap ? "" : `, openings ${now.tile.openings || "none"}`}`,
      );
      continue;
    }
    const moved = was.temple !== now.temple || was.space !== now.space;
    const turned = was.tile.openings !== now.tile.openings;
    if (moved) {
      out.spaces.push(key, `${was.temple}:${was.space}`);
      out.lines.push(
        `${tileName(now.tile)} moved from ${was.temple} space ${was.space} to ${where}${turned ? `, openings now ${now.tile.openings}` : ""}`,
      );
    } else if (turned) {
      out.spaces.push(key);
      out.lines.push(`${tileName(now.tile)} on ${where} turned: openings ${was.tile.openings} → ${now.tile.openings}`);
    }
    if (was.tile.amulet && !now.tile.amulet) {
      if (!out.spaces.includes(key)) out.spaces.push(key);
      out.lines.push(`the amulet on ${tileName(now.tile)} was collected`);
    } else if (!was.tile.amulet && now.tile.amulet) {
      out.lines.push(`an amulet now lies on ${tileName(now.tile)}`);
    }
  }
  for (const [room, was] of before) {
    if (!after.has(room)) {
      out.spaces.push(`${was.temple}:${was.space}`);
      out.lines.push(`${tileName(was.tile)} left ${was.temple} space ${was.space}`);
    }
  }
}

function slotChanges(prev, next, out) {
  const prevTemples = new Map((prev.temples ?? []).map((t) => [t.name, t]));
  for (const t of next.temples ?? []) {
    const old = prevTemples.get(t.name);
    if (!old) continue;
    (t.relics ?? []).forEach((r, i) => {
      const o = old.relics?.[i] ?? {};
      const key = `${t.name}:${r.slot}`;
      let line = null;
      if (!o.up && r.up) line = `${t.name} ${r.slot}: relic turned face up, ${relicWords(r.relic)}`;
      else if (o.up && !r.up) line = `${t.name} ${r.slot}: relic turned face down`;
      else if (r.up && o.relic !== r.relic)
        line = `${t.name} ${r.slot}: now ${relicWords(r.relic)} (was ${relicWords(o.relic)})`;
      else if (!r.up && r.relic && !o.relic)
        line = `${t.name} ${r.slot}: you now know this face-down relic, ${relicWords(r.relic)}`;
      else if (!r.up && o.relic && r.relic !== o.relic) line = `${t.name} ${r.slot}: the face-down relic moved`;
      if (line) {
        out.slots.push(key);
        out.lines.push(line);
      }
    });
  }
}

function same(a, b) {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function playerChanges(prev, next, names, out) {
  const prevPlayers = new Map((prev.players ?? []).map((p) => [p.player, p]));
  for (const p of next.players ?? []) {
    const o = prevPlayers.get(p.player);
    if (!o) continue;
    const name = names[p.player] ?? p.name ?? `player ${p.player}`;
    const before = out.lines.length;
    if (!same(o.sticks, p.sticks) || o.fate !== p.fate) {
      const sticks = (p.sticks ?? []).length ? p.sticks.map(stickWords).join(", ") : "no sticks";
      out.lines.push(`${name}'s sticks: ${sticks} — fate ${o.fate ?? 0} → ${p.fate ?? 0}`);
    }
    const newlyKnown = (p.known_cards ?? []).filter((c) => !(o.known_cards ?? []).includes(c));
    if (newlyKnown.length && !Array.isArray(p.hand))
      out.lines.push(`${name} now holds ${newlyKnown.join(", ")} (public)`);
    if ((o.hand_count ?? 0) !== (p.hand_count ?? 0))
      out.lines.push(`${name}: ${o.hand_count ?? 0} → ${p.hand_count ?? 0} cards in hand`);
    if ((o.amulet_count ?? 0) !== (p.amulet_count ?? 0))
      out.lines.push(`${name}: ${o.amulet_count ?? 0} → ${p.amulet_count ?? 0} amulets`);
    if (o.score !== p.score && typeof p.score === "number")
      out.lines.push(`${name}'s score: ${o.score ?? "?"} → ${p.score}`);
    if (out.lines.length > before) out.players.push(p.player);
  }
}

/**
 * What changed from board `prev` to board `next` (two boards of one viewer, a step apart).
 * @param {?Board} prev
 * @param {?Board} next
 * @param {string[]} [names] the players' names
 * @returns {?Changes} null when there is nothing to compare (a hidden board, the first draw)
 */
export function boardChanges(prev, next, names = ["gold", "silver"]) {
  if (!prev || !next || !Array.isArray(prev.temples) || !Array.isArray(next.temples)) return null;
  const out = { spaces: [], slots: [], players: [], lines: [] };
  spaceChanges(prev, next, out);
  slotChanges(prev, next, out);
  playerChanges(prev, next, names, out);
  if (prev.trap !== next.trap && next.trap === "side") out.lines.push("the trap is at the side");
  return out;
}

/**
 * The sentence the live region announces for a step: its label and what changed.
 * @param {number} step
 * @param {string} label the timeline's label of the step ("gold: place 6 rot0")
 * @param {?Changes} changes
 * @returns {string}
 */
export function announcement(step, label, changes) {
  const what = changes && changes.lines.length ? ` ${changes.lines.join(". ")}.` : "";
  return `Step ${step}: ${label || "setup"}.${what}`;
}

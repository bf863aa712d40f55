// tokens.js — reading the tokens of the board (relics, sticks) and looking target tokens up in the
// catalog's table of board places. The view writes no action text: the menu's nodes carry theirs
// (docs/widget-protocol.md). Pure: no DOM.

/**
 * A relic token read: "s4" → sacred 4, "c6" → cursed 6.
 * @param {?string} token
 * @returns {?{token: string, cursed: boolean, points: number}}
 */
export function parseRelic(token) {
  if (typeof token !== "string" || !token) return null;
  return { token, cursed: token.startsWith("c"), points: Number(token.slice(1)) || 0 };
}

/**
 * A stick token read: "teal:N" → {type: "teal", face: "N", naga: true, points: 0}.
 * @param {string} token
 * @returns {{type: string, face: string, naga: boolean, points: number}}
 */
export function parseStick(token) {
  const [type, face = ""] = String(token).split(":");
  const naga = face === "N";
  return { type, face, naga, points: naga ? 0 : Number(face) || 0 };
}

/**
 * What a target token names on the board, if anything: a relic slot ("gold:W0") or a space
 * ("silver:4"), looked up in `catalog.places` (Python's table of board tokens, never read from the
 * token's text). A line ("gold:row0") or a stick ("violet:1") is not one place.
 * @param {string} token
 * @param {?Object<string, import("./types.js").Place>} places catalog.places
 * @returns {?({kind: "slot", temple: string, slot: string} | {kind: "space", temple: string, space: number})}
 */
export function tokenTarget(token, places) {
  const p = places?.[String(token)];
  if (!p || (p.kind !== "slot" && p.kind !== "space")) return null;
  return p.kind === "slot"
    ? { kind: "slot", temple: p.temple, slot: p.slot }
    : { kind: "space", temple: p.temple, space: p.space };
}

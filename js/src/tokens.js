// tokens.js — looking the tokens of the board (relics, sticks, target places) up in the catalog's
// tables, which Python sends: the view reads no worth or place from a token's text. The view writes
// no action text: the menu's nodes carry theirs (docs/widget-protocol.md). Pure: no DOM.

/**
 * What a relic token is worth, looked up in `catalog.relics` (Python's table: "c6" → cursed 6).
 * @param {?string} token
 * @param {?{relics?: Object<string, import("./types.js").RelicInfo>}} catalog
 * @returns {?{token: string, cursed: boolean, points: number}} null for no relic, or one the catalog does not name
 */
export function relicOf(token, catalog) {
  if (typeof token !== "string" || !token) return null;
  const info = catalog?.relics?.[token];
  return info ? { token, cursed: info.cursed, points: info.points } : null;
}

/**
 * What a stick token shows, looked up in `catalog.sticks` ("teal:N" → a teal stick showing a naga, 0 points).
 * A token the catalog does not name is drawn as written, worth nothing.
 * @param {string} token
 * @param {?{sticks?: Object<string, import("./types.js").StickInfo>}} catalog
 * @returns {{type: string, face: string, naga: boolean, points: number}}
 */
export function stickOf(token, catalog) {
  const info = catalog?.sticks?.[String(token)];
  return info ? { ...info } : { type: String(token), face: "", naga: false, points: 0 };
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

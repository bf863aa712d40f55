// text.js — the view's numbers and words that come from the catalog trait (the limits of R7) and a
// card's stick symbol, and the fate standing of the board. A step's name (`board.step_name`,
// `menu.step_name`) and the end of the game in words come whole from Python (docs/widget-protocol.md).
// Pure: no DOM.

/** @typedef {import("./types.js").Catalog} Catalog */
/** @typedef {import("./types.js").CardInfo} CardInfo */

/**
 * The limits of R7 from the catalog: how many cursed relics face up lose, which score wins.
 * @param {?Catalog} catalog
 * @returns {{cursedLimit: ?number, targetScore: ?number}}
 */
export function limits(catalog) {
  const l = catalog?.limits ?? {};
  return { cursedLimit: l.cursed_limit ?? null, targetScore: l.target_score ?? null };
}

/**
 * The stick symbol of a card, e.g. "2× brown".
 * @param {?CardInfo} info
 * @returns {string}
 */
export function stickSymbol(info) {
  return info ? `${info.count}× ${info.stick}` : "";
}

/**
 * During the Confrontation: both fate totals and who would win the offered room if the step ended
 * now, as Python sends it in `board.standing` (the rule of R4.3.1 is the engine's).
 * @param {?import("./types.js").Board} board
 * @returns {?import("./types.js").Standing} null outside the Confrontation
 */
export function fateStanding(board) {
  return board?.standing ?? null;
}

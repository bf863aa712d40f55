// text.js — the view's words that come from the catalog trait (step names, end reasons, the limits
// of R7) and a card's stick symbol. The words themselves are written once, in the rules package, and
// arrive in `catalog.steps`, `catalog.end_reasons` and `catalog.limits` (docs/widget-protocol.md).
// Pure: no DOM.

/** @typedef {import("./types.js").Catalog} Catalog */
/** @typedef {import("./types.js").CardInfo} CardInfo */
/** @typedef {import("./types.js").Outcome} Outcome */

/**
 * The display name of a step with its rule id, e.g. "Call of Fate (R4.1)"; for the end of the game
 * with the outcome when one is given.
 * @param {?Catalog} catalog
 * @param {string} phase "call" | "confront" | "place" | "give" | "over"
 * @param {?Outcome} [outcome]
 * @param {string[]} [names] the players' names
 * @returns {string}
 */
export function stepName(catalog, phase, outcome = null, names = []) {
  const step = catalog?.steps?.[phase];
  const base = step ? `${step.name}${step.rule ? ` (${step.rule})` : ""}` : String(phase ?? "");
  if (phase === "over" && outcome) return `${base}: ${outcomeText(catalog, outcome, names)}`;
  return base;
}

/**
 * A sentence for the end of the game (R7), e.g. "gold wins, a score of 25 or more (R7.1) — 27 : 0".
 * @param {?Catalog} catalog
 * @param {?Outcome} outcome
 * @param {string[]} [names]
 * @returns {string}
 */
export function outcomeText(catalog, outcome, names = []) {
  if (!outcome) return "";
  const who = names[outcome.winner] ?? `player ${outcome.winner}`;
  const why = catalog?.end_reasons?.[outcome.reason] ?? outcome.reason ?? "";
  const rule = outcome.rule ? ` (${outcome.rule})` : "";
  const scores = Array.isArray(outcome.scores) ? ` — ${outcome.scores.join(" : ")}` : "";
  return `${who} wins${why ? `, ${why}${rule}` : ""}${scores}`;
}

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

// text.js — the view's words: HTML escaping, step names, the end-of-game sentence, a card's
// stick symbol. Pure: no DOM.

/** @typedef {import("./types.js").CardInfo} CardInfo */
/** @typedef {import("./types.js").Outcome} Outcome */

const STEP_NAMES = {
  call: "Call of Fate (R4.1)",
  confront: "Confrontation (R4.2)",
  place: "Exploration (R4.3)",
  give: "New Deal (R4.4)",
  over: "Game over (R7)",
};

const REASONS = {
  three_cursed: "three cursed relics face up (R7.1.1)",
  target_score: "reached the target score (R7.1.2)",
  full_temple: "a temple is full (R7.2)",
};

/**
 * Escape text for HTML/SVG markup.
 * @param {unknown} value
 * @returns {string}
 */
export function esc(value) {
  return String(value ?? "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The step's display name: from the phase (over: with the outcome when given).
 * @param {string} phase
 * @param {?Outcome} [outcome]
 * @param {string[]} [names]
 * @returns {string}
 */
export function stepName(phase, outcome = null, names = ["gold", "silver"]) {
  const base = STEP_NAMES[phase] ?? (phase ? String(phase) : "");
  if (phase === "over" && outcome) return `${base}: ${outcomeText(outcome, names)}`;
  return base;
}

/**
 * A sentence for the end of the game.
 * @param {?Outcome} outcome
 * @param {string[]} [names]
 * @returns {string}
 */
export function outcomeText(outcome, names = ["gold", "silver"]) {
  if (!outcome) return "";
  const who = names[outcome.winner] ?? `player ${outcome.winner}`;
  const why = REASONS[outcome.reason] ?? outcome.reason ?? "";
  const scores = Array.isArray(outcome.scores) ? ` — ${outcome.scores.join(" : ")}` : "";
  return `${who} wins${why ? `, ${why}` : ""}${scores}`;
}

/**
 * The stick symbol of a card, e.g. "2× brown".
 * @param {?CardInfo} info
 * @returns {string}
 */
export function stickSymbol(info) {
  return info ? `${info.count}× ${info.stick}` : "";
}

// changes.js — what changed at a step, as Python sends it in `timeline.changes` (naga_widget.diff
// computes it from the viewer's own observations, so it names only what the viewer may see, R6): the
// spaces, relic slots and players to highlight for a moment, the same in words for the panel beside
// the decision, and the sentence of the screen reader's live region. Pure: no DOM.

/**
 * @typedef {Object} Changes  `timeline.changes`
 * @property {string[]} spaces   "gold:4": spaces whose tile came, went, moved or turned
 * @property {string[]} slots    "gold:W2": relic slots that flipped, changed or became known
 * @property {number[]} players  players whose sticks, hand or amulets changed
 * @property {string[]} lines    the same in words, one line per change
 */

/** "space 6 (row 2, col 0)" — the space numbers the menu speaks of. @param {number} i */
export function spaceWords(i) {
  return `space ${i} (row ${Math.floor(i / 3)}, col ${i % 3})`;
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

/**
 * Does the board mark this place ("gold:4", "gold:W2") as changed since the person's last decision
 * (`timeline.happened`, see happened.js)?
 * @param {?{spaces?: string[], slots?: string[]}} happened
 * @param {string} key
 */
export function changedSince(happened, key) {
  return !!happened && ((happened.spaces ?? []).includes(key) || (happened.slots ?? []).includes(key));
}

// happened.js — what happened without the person since their last decision (a bot's moves, automatic
// passes, the throws and steps the rules play by themselves), as Python sends it in `timeline.happened`
// (projection.happened: computed from the viewer's own log and observations, so it names only what the
// viewer may know, R6). The panel stands at the top of the decision, its list scrolled to the latest
// event (view.js); the board marks the places that differ since (svg.js). Pure templates: no DOM.

import { html, nothing } from "lit-html";
import { list, ruleButton } from "./panels.js";

export { changedSince } from "./changes.js";

/**
 * @typedef {Object} Happened  `timeline.happened`
 * @property {string} since      "Since gold's last decision (step 4)"
 * @property {number[]} steps    the first and last step of the span
 * @property {{step: number, rule: string, text: string}[]} events  the latest events of the span, oldest first
 * @property {number} more       events of the span left out before them
 * @property {string[]} spaces   "gold:4": spaces that differ since the span began
 * @property {string[]} slots    "gold:W2": relic slots that differ since
 * @property {number[]} players  players whose sticks, cards, amulets or score differ since
 */

/** The summary Python sent, if any. @returns {?Happened} */
export function happenedOf(ctx) {
  const h = ctx.timeline?.happened;
  return h && Array.isArray(h.events) && h.events.length ? h : null;
}

/** "since gold's last decision (step 4)": Python's words, in the middle of a sentence. @param {string} since */
function sinceWords(since) {
  return since ? since[0].toLowerCase() + since.slice(1) : "";
}

/** The panel: the events since the person's last decision, oldest first, each with its step and rule id. */
export function happenedPanel(ctx) {
  const h = happenedOf(ctx);
  if (!h) return nothing;
  const [from, to] = h.steps ?? [];
  const span = from === to ? `step ${to}` : `steps ${from}–${to}`;
  return html`<section class="naga-happened" data-testid="happened"
    aria-label="what happened since your last decision"><h4
    title="The board marks what changed with a dotted frame">What just happened <span
    class="naga-muted naga-happened-since">${sinceWords(h.since)}, ${span}</span></h4><ol class="naga-happened-list"
    data-key=${`${h.steps?.join("-")}|${
      h.events.length
    }`} tabindex="0" aria-label="events since your last decision, oldest first">${
      h.more
        ? html`<li class="naga-muted">… ${h.more} earlier event${h.more === 1 ? "" : "s"} in the Events tab</li>`
        : nothing
    }${list(
      h.events,
      (e) => `${e.step}|${e.rule}|${e.text}`,
      (e) => html`<li><span class="naga-logstep">#${e.step}</span>${ruleButton(e.rule, ctx.catalog)}${e.text}</li>`,
    )}</ol></section>`;
}

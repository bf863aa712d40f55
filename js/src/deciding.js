// deciding.js — what the action menu adds when the viewer decides: the mark of the hint's suggestion on
// the menu's own controls (the cards of a call, the pass button, an invoke's card, payment and targets,
// a rotation, the card to give), and the auto-pass setting with the note of the last pass the view
// played by itself. Python computes the suggestion's parts (`explain.hint.suggestion`), why a decision
// has one choice (`menu.only`) and the note (`status.auto_pass`); this module only draws them. Pure
// templates: no DOM.

import { html, nothing } from "lit-html";
import { live } from "lit-html/directives/live.js";
import { withRules } from "./panels.js";

const AUTO_PASS_TITLE =
  "When passing is the only legal decision, the view plays it for you and says why; " +
  "the pass stays a step of the timeline";

/**
 * @typedef {{kind: string, cards?: string[], card?: string, pay?: string, tokens?: string[], space?: number,
 *   rotation?: number, token?: string}} Suggestion
 */

/** The hint's suggestion for the menu shown, if a hint was asked for it. @returns {?Suggestion} */
export function suggestionOf(ctx) {
  const hint = ctx.explain?.hint;
  if (!hint?.suggestion || hint.player !== ctx.menu?.player) return null;
  return hint.suggestion;
}

/**
 * Is the menu control `part` (`{card}`, `{pass: true}`, `{pay}`, `{token}`, `{rotation}`) part of the
 * hint's suggestion? A call's cards, the invoked card (and once it is chosen its payment, then its
 * targets), the space's rotation once the suggested space is chosen, the card given.
 * @param {?Suggestion} s
 * @param {{card?: string, pass?: boolean, pay?: string, token?: string, rotation?: number}} part
 * @param {?Object} sel the selection in progress (handlers.js)
 */
export function isSuggested(s, part, sel) {
  if (!s) return false;
  if (s.kind === "call") return part.card !== undefined && (s.cards ?? []).includes(part.card);
  if (s.kind === "pass") return part.pass === true;
  if (s.kind === "give") return part.card !== undefined && part.card === s.card;
  if (s.kind === "place")
    return part.rotation !== undefined && sel?.place?.space === s.space && part.rotation === s.rotation;
  if (s.kind === "invoke") {
    if (part.card !== undefined) return part.card === s.card;
    if (sel?.invoke?.card !== s.card) return false;
    if (part.pay !== undefined) return part.pay === s.pay;
    return part.token !== undefined && sel.invoke.pay === s.pay && (s.tokens ?? []).includes(part.token);
  }
  return false;
}

/** The class and the words a suggested control gets: marked by an outline and by a word, not colour alone. */
export function suggestedMark(on) {
  return on ? html`<span class="naga-suggest-mark" data-testid="suggested-mark">hint</span>` : nothing;
}

/** The auto-pass checkbox, for a view that may decide (`status.auto_pass` is sent). */
export function autoPassToggle(status) {
  const setting = status?.auto_pass;
  if (!setting) return nothing;
  return html`<label class="naga-auto-pass"
      title=${AUTO_PASS_TITLE}><input type="checkbox" data-act="auto-pass" data-testid="auto-pass"
          .checked=${live(!!setting.on)} /> Pass automatically when it is the only choice</label>`;
}

/** The note of the last pass the view played by itself, with why (Python's words). */
export function autoPassNote(ctx) {
  const last = ctx.status?.auto_pass?.last;
  if (!last) return nothing;
  const who = ctx.names?.[last.player] ?? last.name;
  return html`<p class="naga-hint naga-auto-passed" data-testid="auto-passed"
      role="status">${who} passed automatically (step ${last.step}). ${withRules(last.text, ctx.catalog)}</p>`;
}

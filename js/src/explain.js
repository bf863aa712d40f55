// explain.js — the explanation panel: the Hint button with its budget (while the view has a decision),
// the actions a bot weighed, ranked, in words with their visits and win estimates, and its guesses
// about hidden facts as percentages; and the weights its highlights give the board's spaces and slots
// (svg.js shades them). Python decides what a view may see: the `explain` trait holds only what this
// viewer may know (docs/widget-protocol.md). Pure templates: no DOM.

import { html, nothing } from "lit-html";
import { live } from "lit-html/directives/live.js";
import { list } from "./panels.js";

/**
 * @typedef {{action: string, visits: number, value: number}} ExplainCandidate
 * @typedef {{tried: boolean, low: ?number, high: ?number, close: boolean}} CandidateFigures  Python's, per candidate
 * @typedef {{token: string, weight: number, label?: string}} ExplainHighlight
 * @typedef {{player: number, name: string, step: number, branch: number, action: string, summary: string,
 *   candidates: ExplainCandidate[], beliefs: Object, highlights: ExplainHighlight[], iterations?: number,
 *   candidate_figures?: CandidateFigures[], confidence?: string, meaning?: string, suggestion?: ?Object}} Explained
 * @typedef {{hint?: Explained, bot?: Explained}} Explain
 */

/** The budgets offered, in simulations of the search (Python accepts 1 to 20,000). */
export const HINT_BUDGETS = [200, 1000, 3000];
export const DEFAULT_BUDGET = 1000;
const SHOWN_CARDS = 8; // the likeliest cards of each secret holder listed

/** "45%". @param {number} p */
export function percent(p) {
  return `${Math.round(Number(p) * 100)}%`;
}

/** The explanation drawn on the board: the hint when there is one, else the bot's. @param {?Explain} explain */
export function shownExplanation(explain) {
  return explain?.hint ?? explain?.bot ?? null;
}

/**
 * The weight of each space ("gold:4") and slot ("silver:E2") that the highlights name: a line
 * ("gold:row1", "gold:col2") gives its spaces; a place named twice keeps its larger weight. Tokens
 * are looked up in `catalog.places` (Python's table of board tokens).
 * @param {?Explain} explain
 * @param {?Object<string, import("./types.js").Place>} places
 * @returns {Map<string, number>}
 */
export function hintWeights(explain, places) {
  const weights = new Map();
  const put = (key, w) => weights.set(key, Math.max(weights.get(key) ?? 0, w));
  for (const h of shownExplanation(explain)?.highlights ?? []) {
    const w = Math.min(1, Math.max(0, Number(h.weight) || 0));
    const place = places?.[String(h.token)];
    if (place?.kind === "line") for (const i of place.spaces) put(`${place.temple}:${i}`, w);
    else if (place) put(h.token, w);
  }
  return weights;
}

function budgetSelect(budget) {
  return html`<label>budget <select data-act="hint-budget" data-testid="hint-budget"
    aria-label="Hint budget, in simulations">${HINT_BUDGETS.map(
      (n) => html`<option value=${n} .selected=${live(n === budget)}>${n.toLocaleString("en")} simulations</option>`,
    )}</select></label>`;
}

function hintControls(ctx) {
  const budget = HINT_BUDGETS.includes(ctx.hintBudget) ? ctx.hintBudget : DEFAULT_BUDGET;
  return html`<div class="naga-row naga-hint-controls">${budgetSelect(budget)}<button type="button" data-act="hint"
    data-testid="hint" data-iterations=${budget} ?disabled=${!!ctx.hinting}
      title="Ask the search bot what it would do, from what you know only">${
        ctx.hinting ? "Thinking…" : "Hint"
      }</button></div>`;
}

/**
 * A candidate's figures: "312 simulations, win 68% (63–73%)", "≈" when Python found it too close to call
 * with the choice; "not tried" (no percentage) when no simulation tried it.
 * @param {ExplainCandidate & Partial<CandidateFigures>} c
 */
export function candidateFigures(c) {
  const visits = `${c.visits} simulation${c.visits === 1 ? "" : "s"}`;
  if (c.tried === false || !c.visits) return `${visits}, not tried`;
  const range =
    typeof c.low === "number" && typeof c.high === "number" ? ` (${percent(c.low)}–${percent(c.high)})` : "";
  return `${visits}, win ${percent(c.value)}${range}`;
}

function candidateList(ex, ctx, testid) {
  return html`<ol class="naga-candidates" data-testid=${testid} tabindex="0"
    aria-label="actions weighed, best first">${list(
      (ex.candidates ?? []).map((c, i) => ({
        ...c,
        ...(ex.candidate_figures?.[i] ?? {}),
        words: ex.candidate_words?.[i],
      })),
      (c) => c.action,
      (c) =>
        html`<li title=${c.action} class=${c.close ? "naga-close" : ""} data-close=${c.close ? "true" : "false"}>${
          c.close ? html`<span class="naga-close-mark" aria-label="too close to call">≈</span> ` : nothing
        }<span>${c.words ?? c.action}</span> <span class="naga-muted">${candidateFigures(c)}</span></li>`,
    )}</ol>`;
}

/** The guesses in lines: the likeliest cards of each secret holder, the chance each face-down slot is cursed. */
export function beliefLines(beliefs, catalog) {
  const lines = [];
  for (const [holder, cards] of Object.entries(beliefs?.cards ?? {})) {
    const top = Object.entries(cards)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, SHOWN_CARDS);
    if (top.length) {
      const named = top.map(
        ([id, p]) => `${id}${catalog?.cards?.[id] ? ` ${catalog.cards[id].name}` : ""} ${percent(p)}`,
      );
      lines.push(`${holder}'s cards: ${named.join(", ")}`);
    }
  }
  const cursed = Object.entries(beliefs?.cursed ?? {});
  if (cursed.length) {
    lines.push(
      `face-down relics, chance cursed: ${cursed
        .map(([slot, p]) => `${slot.replace(":", " ")} ${percent(p)}`)
        .join(", ")}`,
    );
  }
  for (const [holder, points] of Object.entries(beliefs?.amulet_points ?? {})) {
    lines.push(`${holder}'s hidden amulets: about ${Number(points).toFixed(1)} points`);
  }
  return lines;
}

function explanationBlock(ex, ctx, kind, title) {
  const lines = beliefLines(ex.beliefs, ctx.catalog);
  const meaning = ex.meaning
    ? html`<p class="naga-muted naga-meaning" data-testid="${kind}-meaning">${ex.meaning}</p>`
    : nothing;
  return html`<div class="naga-explained" data-testid="explain-${kind}"><h5>${title}</h5><p
    class="naga-muted">${ex.summary}</p>${
      ex.confidence ? html`<p class="naga-confidence" data-testid="${kind}-confidence">${ex.confidence}</p>` : nothing
    }${candidateList(ex, ctx, `${kind}-candidates`)}${meaning}${
      lines.length
        ? html`<ul class="naga-beliefs" data-testid="${kind}-beliefs" aria-label="guesses about hidden facts">${list(
            lines,
            (l) => l,
            (l) => html`<li>${l}</li>`,
          )}</ul>`
        : nothing
    }</div>`;
}

/**
 * The explanation panel, or nothing when there is no hint to ask and nothing to explain.
 * @param {{explain?: Explain, menu: Object, status: Object, catalog: Object, names: string[], templeNames: string[],
 *   hintBudget?: number, hinting?: boolean}} ctx
 */
export function explainPanel(ctx) {
  const ex = ctx.explain ?? {};
  const canHint = ctx.status?.hint_allowed === true; // Python's: the game allows hints and this view decides
  if (!canHint && !ex.hint && !ex.bot) return nothing;
  const botName = ex.bot ? (ctx.names[ex.bot.player] ?? ex.bot.name) : "";
  const hintTitle = ex.hint
    ? `Hint for ${ctx.names[ex.hint.player] ?? ex.hint.name} (${ex.hint.iterations ?? "?"} simulations)`
    : "";
  return html`<section class="naga-box naga-explain" data-testid="explain-panel" data-panel="explain"
    aria-label="explanation"><h4>Explanation</h4>${
      canHint ? hintControls(ctx) : nothing
    }${ex.hint ? explanationBlock(ex.hint, ctx, "hint", hintTitle) : nothing}${
      ex.bot
        ? explanationBlock(
            ex.bot,
            ctx,
            "bot",
            `${botName}'s bot at step ${ex.bot.step}: ${ex.bot.action_words ?? ex.bot.action}`,
          )
        : nothing
    }</section>`;
}

// table.js — the game table's frame: the turn bar (whose turn, step, round, both scores), the drawer
// of secondary panels (tabs beside the decision), the legend of the board's symbols and the size
// setting. What the frame shows comes from the traits; which tab is open, the legend and the size are
// the view's own settings (view.js keeps them).

import { html, nothing } from "lit-html";
import { limits } from "./text.js";
import { list, withRules } from "./panels.js";
import { legendSymbol } from "./svg.js";

/** The drawer's tabs, in order: id, label. The chance tab only where Python sends a chance panel. */
export const DRAWER_TABS = [
  ["log", "Events"],
  ["changes", "What changed"],
  ["hint", "Hint"],
  ["chance", "Chance"],
  ["details", "Table"],
];

/** The sizes of the view: normal, and large for a projector (every text at least 16 px); the synced trait `size`. */
export const SIZES = ["normal", "large"];

// -- the turn bar ---------------------------------------------------------------------------------------

/** "12 pts", or "5+? pts" where the viewer does not know the amulets behind the score. */
function scoreWords(p) {
  if (p.score !== null && p.score !== undefined) return `${p.score} pts`;
  return `${p.relic_points ?? 0}+? pts`;
}

function scoreTitle(p, catalog) {
  const { cursedLimit, targetScore } = limits(catalog);
  const parts = [];
  if (p.score === null || p.score === undefined)
    parts.push(`${p.relic_points ?? 0} points of face-up relics; the amulets are hidden from you`);
  else parts.push(`score ${p.score}: face-up relics and amulets`);
  if (targetScore !== null) parts.push(`${targetScore} or more wins (R7.1.2)`);
  parts.push(
    `${p.cursed_up ?? 0} cursed relic(s) face up${cursedLimit === null ? "" : `; ${cursedLimit} lose (R7.1.1)`}`,
  );
  return parts.join(" · ");
}

/** A player's score and cursed-relic count, as far as the viewer may know them. */
function scoreBadge(p, board, ctx) {
  const { cursedLimit } = limits(ctx.catalog);
  const toMove = board.phase !== "over" && board.to_move === p.player;
  const you = ctx.viewer === p.player ? " (you)" : "";
  const cursed = `☠ ${p.cursed_up ?? 0}${cursedLimit === null ? "" : `/${cursedLimit}`}`;
  return html`<span
    class="naga-score naga-score-${ctx.templeNames[p.player] ?? p.player}${
      toMove ? " naga-score-turn" : ""
    }" data-testid="head-score-${p.player}" title=${scoreTitle(p, ctx.catalog)}><b>${
      p.name
    }${you}</b> ${scoreWords(p)} <span class="naga-cursed"
      aria-label="${p.cursed_up ?? 0} cursed relics face up">${cursed}</span></span>`;
}

/** Whose turn, the step and the round: one line. */
function turnWords(ctx) {
  const { board, names, catalog } = ctx;
  if (!board.phase) return nothing;
  const step = withRules(board.step_name ?? "", catalog);
  const who = board.phase !== "over" && names[board.to_move] !== undefined ? names[board.to_move] : null;
  return html`${board.round ? html`<span data-testid="round">Round ${board.round}</span>` : nothing}<span
    class="naga-step" data-testid="step-name">${step}</span>${
      who ? html`<span class="naga-turn" data-testid="to-move">${who} to move</span>` : nothing
    }`;
}

/** The bar under the title: turn, step, round, and both scores with their cursed relics. */
export function turnBar(ctx) {
  const players = ctx.status.screen ? [] : (ctx.board.players ?? []);
  return html`<div class="naga-turnbar" role="group" aria-label="turn and scores"
    data-testid="turnbar">${ctx.status.screen ? nothing : turnWords(ctx)}${
      players.length
        ? html`<span class="naga-scores" data-testid="scores">${list(
            players,
            (p) => p.player,
            (p) => scoreBadge(p, ctx.board, ctx),
          )}</span>`
        : nothing
    }</div>`;
}

/** A chosen seed, in plain words; the detail is in the tooltip. */
export function seedNote(status) {
  if (status.seed === null || status.seed === undefined) return nothing;
  const title =
    `Seed ${status.seed}: the same seed and the same moves give the same game, so anyone who knows the seed can ` +
    "predict the cards and sticks. Leave the seed out for a game that counts.";
  return html`<span class="naga-seed" data-testid="seed" title=${title}
    >Practice game: the same every time (seed ${status.seed})</span>`;
}

/** The buttons at the right of the header: the legend, and the size. */
export function headerTools(view) {
  const size = SIZES.includes(view.size) ? view.size : "normal";
  return html`<span class="naga-tools"><button type="button" data-act="legend" data-testid="legend-button"
    aria-expanded=${view.legend ? "true" : "false"} title="What the symbols of the board mean">Legend</button><label
    class="naga-size">Size <select data-act="size" data-testid="size" aria-label="Size of the table">${SIZES.map(
      (s) => html`<option value=${s} ?selected=${s === size}>${s}</option>`,
    )}</select></label></span>`;
}

// -- the legend ------------------------------------------------------------------------------------------

const LEGEND = [
  [
    "reached",
    "A room reached from an entrance: its corridors are orange (R2.3), and the relics of its slots lie face up (R2.4).",
  ],
  ["unreached", "A room not (yet) reached: grey corridors; the relics beside it stay face down."],
  ["empty", "An empty space of the temple (dashed)."],
  ["back", "A relic lying face down: nobody sees its value."],
  ["up", "A relic face up: its points count for the temple's owner."],
  ["cursed", "A cursed relic face up (☠): three of them in one temple lose the game (R7.1.1)."],
  ["known", "A relic you know but that lies face down (the eye): you saw it, the other player may not have."],
  ["amulet", "An amulet lying on a room (green dot): its temple's owner collects it once the room is reached (R2.4)."],
  ["entrance", "An entrance of the temple (S0–S2): paths start here."],
  ["trap", "The trap: a space no path crosses."],
  ["scroll", "The scroll: its holder is the guide, who wins a tie of fate (R4.3.1)."],
  [
    "stick",
    "A stick and the face it shows, on the colour of its type: “brown 2” is a brown stick showing 2. " +
      "A stick showing a naga (N, dashed) is worth 0 but pays for an invoke (R4.2.2).",
  ],
  [
    "score",
    "A score with a question mark, “5+? pts”: the points of the face-up relics you see; the other player's " +
      "amulets are hidden from you until the end (R6), so their points are the “?”.",
  ],
  ["hint", "Shaded by the hint (or the bot's reasons): the places its choice is about; the darker, the more weight."],
  ["pv-reached", "Preview of a choice, “+”: this space or slot would become reached (R2.3)."],
  ["pv-unreached", "Preview, “−”: it would no longer be reached."],
  ["pv-up", "Preview, “▲” / “▼”: this relic would flip face up / face down (R2.4)."],
  ["pv-collected", "Preview, “◆”: the amulet on this room would be collected (R2.4)."],
  ["since", "A dotted frame: this place changed since your last decision (listed under What just happened)."],
];

/** The legend: every symbol of the board with what it means. */
export function legendPanel(view) {
  if (!view.legend) return nothing;
  return html`<div class="naga-legend" role="dialog" aria-label="legend" data-testid="legend" data-panel="legend"><div
    class="naga-popup-head"><h4>Legend</h4><button type="button" data-act="legend" data-testid="legend-close"
    aria-label="Close the legend">✕</button></div><ul>${LEGEND.map(
      ([key, text]) =>
        html`<li data-testid="legend-${key}">${legendSymbol(key, view.uid)}<span>${withRules(
          text,
          view.catalog,
        )}</span></li>`,
    )}</ul></div>`;
}

// -- the drawer -------------------------------------------------------------------------------------------

/**
 * The secondary panels as tabs; the open one is shown, the others are kept hidden (so their controls
 * and texts are still there to test and to keep the focus near). None is open at first: the tab strip
 * alone sits under the decision, which keeps the room; a tab opens under it (scrolling inside itself)
 * and Hide closes it again. `panels` maps tab ids to templates.
 * @param {?string} open the open tab's id (none when it names no tab)
 * @param {Object<string, *>} panels
 */
export function drawer(open, panels) {
  const tabs = DRAWER_TABS.filter(([id]) => panels[id] !== undefined && panels[id] !== nothing);
  if (!tabs.length) return nothing;
  const shown = tabs.some(([id]) => id === open) ? open : null;
  const hide = shown
    ? html`<button type="button" class="naga-tabs-hide" data-act="tab" data-tab="none" data-testid="tab-hide"
        title="Close the tab: more room for the decision">Hide</button>`
    : nothing;
  return html`<section class="naga-drawer${shown ? " naga-drawer-open" : ""}" data-testid="drawer"
    aria-label="more about the game"><div class="naga-tabs" role="tablist" data-testid="tabs"
    aria-label="more about the game">${tabs.map(
      ([id, label]) =>
        html`<button type="button" role="tab" data-act="tab" data-tab=${id} data-testid="tab-${id}"
        aria-selected=${id === shown ? "true" : "false"}>${label}</button>`,
    )}${hide}</div>${tabs.map(
      ([id, label]) =>
        html`<div class="naga-tabpanel" role="tabpanel" aria-label=${label} data-testid="tabpanel-${id}"
        ?hidden=${id !== shown}>${panels[id]}</div>`,
    )}</section>`;
}

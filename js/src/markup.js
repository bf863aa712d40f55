// markup.js — the whole view as one lit-html template (render() in view.js puts it in and later
// only patches what changed), and the view state it is drawn from.

import { html, nothing } from "lit-html";
import { templeLayoutCached } from "./geometry.js";
import { emptySelection } from "./handlers.js";
import {
  announcer,
  changesPanel,
  list,
  logPanel,
  messageArea,
  offeredPanel,
  playerPanel,
  rulePopup,
  tablePanel,
  templePanel,
  timelinePanel,
} from "./panels.js";
import { drawer, headerTools, legendPanel, seedNote, turnBar } from "./table.js";
import { actionPanel, boardClicks } from "./actions.js";
import { chancePanel } from "./chance.js";
import { explainPanel, hintWeights } from "./explain.js";
import { previewMarks, shownPreview } from "./preview.js";
import { watchPanel } from "./watch.js";

/** @typedef {import("./types.js").Catalog} Catalog */
/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").Menu} Menu */
/** @typedef {import("./types.js").Timeline} Timeline */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").Status} Status */

/**
 * The traits with defaults filled in, and what follows from them: the players' names, the
 * viewer, and whether the action menu is active (a menu, `timeline.can_play`, no hot-seat screen).
 * @param {{catalog?: Catalog, board?: Board, menu?: Menu, timeline?: Timeline, events?: LogEntry[],
 *   status?: Status, chance?: import("./types.js").Chance, explain?: import("./explain.js").Explain}} traits
 */
export function viewState(traits) {
  const pick = (v, fallback) => (v === undefined || v === null ? fallback : v);
  const catalog = pick(traits.catalog, {});
  const board = pick(traits.board, {});
  const menu = pick(traits.menu, {});
  const timeline = pick(traits.timeline, {});
  const log = pick(traits.events, []);
  const status = pick(traits.status, {});
  const chance = pick(traits.chance, {});
  const explain = pick(traits.explain, {});
  const names = pickNames(status, catalog, board);
  const templeNames =
    Array.isArray(board.temples) && board.temples.length
      ? board.temples.map((t) => t.name)
      : Array.isArray(catalog.temples)
        ? catalog.temples
        : [];
  const viewer = status.viewer ?? board.viewer;
  const active = !status.screen && timeline.can_play === true && !!menu.phase;
  return { catalog, board, menu, timeline, log, status, chance, explain, names, templeNames, viewer, active };
}

/**
 * The whole widget for a view state (see viewState) and a selection, as a lit-html template.
 * @param {ReturnType<typeof viewState> & {sel?: ReturnType<typeof emptySelection>, uid?: string, layout?: Object,
 *   pending?: boolean, shownStep?: number, changes?: ?import("./changes.js").Changes, announce?: string,
 *   rule?: ?string, ruleAt?: ?{x: number, y: number}, hintBudget?: number, hinting?: boolean, tab?: string,
 *   legend?: boolean, size?: string, hover?: ?Object}} view
 */
export function widgetTemplate(view) {
  const ctx = { sel: emptySelection(), uid: "naga", layout: templeLayoutCached(view.catalog?.slots), ...view };
  const { status } = ctx;
  return html`${header(ctx)}${legendPanel(ctx)}${messageArea(status, ctx.catalog)}${rulePopup(
    ctx.rule,
    ctx.catalog,
    ctx.ruleAt,
  )}${status.screen ? screen(ctx) : game(ctx)}${announcer(ctx.announce)}`;
}

function header(ctx) {
  const { status, names } = ctx;
  const tools = headerTools(ctx);
  const turn = turnBar(ctx);
  return html`<div class="naga-header" role="group" aria-label="game status"><h2>Naga Raja</h2>${seedNote(status)}<span
    class="naga-muted" data-testid="perspective">${perspectiveText(status, names)}</span>${tools}</div>${turn}`;
}

/** Hot seat: the screen between turns hides the board (R6); the timeline stays usable under it. */
function screen({ status, names, timeline, shownStep, catalog }) {
  const name = status.screen.name ?? names[status.screen.player] ?? "the next player";
  const note = "Took a move back by mistake? The timeline below works without showing either hand.";
  return html`<section class="naga-screen" data-testid="screen"
    data-panel="screen"><p>Pass the device to <b>${name}</b></p><button type="button" class="naga-primary"
    data-act="reveal" data-testid="reveal">I am ${name}: show my board</button><p
    class="naga-muted naga-screen-note">${note}</p></section>${timelinePanel(timeline, shownStep, catalog)}`;
}

/** A temple with its owner's things under it (score, sticks, hand, call, amulets). */
function seat(temple, board, ctx, tctx) {
  const owner = temple.owner;
  const player = (board.players ?? []).find((p) => p.player === owner);
  const active = (ctx.menu?.phase ? ctx.menu.player : board.to_move) === owner ? " naga-active" : "";
  return html`<div class="naga-seat${active}" data-testid="seat-${temple.name}">${templePanel(temple, board, tctx)}${
    player ? playerPanel(player, board, ctx) : nothing
  }</div>`;
}

/**
 * The table: the temples (each with its player) and the timeline on the left, the offered room, the
 * decision and the drawer of secondary panels on the right; stacked in a narrow widget (styles.js).
 */
function game(view) {
  const ctx = { ...view, previewShown: shownPreview(view, view.hover ?? null) };
  const { board } = ctx;
  const temples = Array.isArray(board.temples) ? board.temples : [];
  let boards = html`<p class="naga-muted">No board to show.</p>`;
  if (temples.length) {
    const tctx = {
      ...ctx,
      ...boardClicks(ctx),
      hintWeights: hintWeights(ctx.explain, ctx.catalog?.places),
      previewMarks: previewMarks(ctx.previewShown?.preview),
    };
    boards = list(
      temples,
      (t) => t.name,
      (t) => seat(t, board, ctx, tctx),
    );
  }
  const panels = {
    log: logPanel(ctx.log, ctx.catalog),
    changes:
      changesPanel(ctx.changes) === nothing
        ? html`<p class="naga-muted">Nothing changed yet.</p>`
        : changesPanel(ctx.changes),
    hint: explainPanel(ctx),
    chance: chancePanel(ctx),
    details: temples.length ? tablePanel(board, ctx.names) : nothing,
  };
  return html`<div class="naga-table"><div class="naga-left"><div class="naga-boards">${boards}</div><div
    class="naga-tl">${timelinePanel(ctx.timeline, ctx.shownStep, ctx.catalog)}</div></div><div
    class="naga-side">${watchPanel(ctx)}${temples.length ? offeredPanel(board, ctx.catalog) : nothing}${actionPanel(
      ctx,
    )}${drawer(ctx.tab, panels)}</div></div>`;
}

function pickNames(status, catalog, board) {
  if (Array.isArray(status?.names) && status.names.length) return status.names;
  if (Array.isArray(board?.players) && board.players.length) return board.players.map((p) => p.name);
  return Array.isArray(catalog?.temples) ? catalog.temples : [];
}

function perspectiveText(status, names) {
  const v = status?.viewer;
  const p = status?.perspective;
  let who;
  if (v === 0 || v === 1) who = `viewing as ${names[v] ?? `player ${v}`}`;
  else if (v === "truth") who = "viewing everything (teacher)";
  else if (v === "spectator") who = "viewing as a spectator";
  else who = "";
  if (p === "hotseat") who += `${who ? ", " : ""}hot-seat`;
  return who;
}

// markup.js — the whole view as one markup string (pure: no DOM; render() puts it in with one
// innerHTML), and the view state it is drawn from.

import { templeLayoutCached } from "./geometry.js";
import { expandMenu } from "./menu.js";
import { esc, stepName } from "./text.js";
import { playerPanel, centerColumn, templePanel, timelinePanel, logPanel, messageArea } from "./panels.js";
import { actionPanel, boardClicks } from "./actions.js";

/** @typedef {import("./types.js").Catalog} Catalog */
/** @typedef {import("./types.js").Board} Board */
/** @typedef {import("./types.js").Menu} Menu */
/** @typedef {import("./types.js").Timeline} Timeline */
/** @typedef {import("./types.js").LogEntry} LogEntry */
/** @typedef {import("./types.js").Status} Status */

/** A choice in progress, local to one view: nothing is sent before Confirm. */
export function emptySelection() {
  return { call: [], invoke: { card: null, pay: null, tokens: [] }, place: { space: null, rot: null }, give: null };
}

/**
 * The traits with defaults filled in, and what follows from them: the players' names, the
 * viewer, and whether the action menu is active (a menu, `timeline.can_play`, no hot-seat screen).
 * @param {{catalog?: Catalog, board?: Board, menu?: Menu, timeline?: Timeline, events?: LogEntry[],
 *   log?: LogEntry[], status?: Status}} traits
 */
export function viewState(traits) {
  const pick = (v, fallback) => (v === undefined || v === null ? fallback : v);
  const catalog = pick(traits.catalog, {});
  const board = pick(traits.board, {});
  const menu = expandMenu(pick(traits.menu, {}));
  const timeline = pick(traits.timeline, {});
  const log = pick(traits.events, pick(traits.log, []));
  const status = pick(traits.status, {});
  const names = pickNames(status, catalog, board);
  const templeNames = Array.isArray(board.temples) && board.temples.length
    ? board.temples.map((t) => t.name)
    : Array.isArray(catalog.temples) ? catalog.temples : ["gold", "silver"];
  const viewer = status.viewer ?? board.viewer;
  const active = !status.screen && timeline.can_play === true && !!menu.phase;
  return { catalog, board, menu, timeline, log, status, names, templeNames, viewer, active };
}

/**
 * The markup of the whole widget for a view state (see viewState) and a selection.
 * @param {ReturnType<typeof viewState> & {sel?: ReturnType<typeof emptySelection>, uid?: string, layout?: Object}} view
 * @returns {string}
 */
export function widgetMarkup(view) {
  const ctx = { sel: emptySelection(), uid: "naga", layout: templeLayoutCached(), ...view };
  const { board, status, names } = ctx;
  let out = `<header class="naga-header"><h2>Naga Raja</h2>`;
  if (!status.screen && board.phase) {
    const step = ctx.active && ctx.menu.step_name ? ctx.menu.step_name : stepName(board.phase, board.outcome, names);
    out += `<span class="naga-step" data-testid="step-name">${esc(step)}</span>`;
    if (board.round) out += `<span>round ${esc(board.round)}</span>`;
    if (board.phase !== "over" && names[board.to_move] !== undefined) out += `<span>${esc(names[board.to_move])} to move</span>`;
  }
  out += `<span class="naga-muted" data-testid="perspective">${esc(perspectiveText(status, names))}</span></header>`;
  out += messageArea(status);
  if (status.screen) {
    const name = status.screen.name ?? names[status.screen.player] ?? "the next player";
    out += `<section class="naga-screen" data-testid="screen"><p>Pass the device to <b>${esc(name)}</b></p>`;
    out += `<button type="button" class="naga-primary" data-act="reveal" data-testid="reveal">I am ${esc(name)}: show my board</button></section>`;
    return out;
  }
  const temples = Array.isArray(board.temples) ? board.temples : [];
  if (temples.length) {
    const clicks = boardClicks(ctx);
    const tctx = { ...ctx, ...clicks };
    out += `<div class="naga-boards">`;
    out += templePanel(temples[0], board, tctx);
    out += centerColumn(board, ctx);
    for (const t of temples.slice(1)) out += templePanel(t, board, tctx);
    out += `</div>`;
    out += `<div class="naga-players">${(board.players ?? []).map((p) => playerPanel(p, board, ctx)).join("")}</div>`;
  } else {
    out += `<p class="naga-muted">No board to show.</p>`;
  }
  out += actionPanel(ctx);
  out += `<div class="naga-bottom"><div>${timelinePanel(ctx.timeline)}</div>${logPanel(ctx.log)}</div>`;
  return out;
}

function pickNames(status, catalog, board) {
  if (Array.isArray(status?.names) && status.names.length) return status.names;
  if (Array.isArray(board?.players) && board.players.length) return board.players.map((p) => p.name);
  if (Array.isArray(catalog?.temples) && catalog.temples.length) return catalog.temples;
  return ["gold", "silver"];
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

// handlers.js — what a click on a control of the view does, one small handler per `data-act`.
// A handler reads the control's data attributes, the selection in progress and the menu, and returns
// what follows: nothing (`null`: the click is not allowed now), a new selection (the view redraws),
// or an intent to send (docs/widget-protocol.md). A decision's choices are the nodes of the menu's tree
// and the action sent is the `action` of the node confirmed: a handler writes no action text and judges
// no legality. Pure: no DOM, no model.

import { callOf, childOf, choicesOf, invokeChoices, placeChoices, placeNode } from "./menu.js";
import { forceIntent } from "./chance.js";
import { watchIntent } from "./watch.js";

/** @typedef {import("./types.js").Menu} Menu */
/** A choice in progress, local to one view: nothing is sent before Confirm. */
export function emptySelection() {
  return { call: [], invoke: { card: null, pay: null, tokens: [] }, place: { space: null, rot: null }, give: null };
}

/**
 * The selection a new decision starts with: where a level of the menu offers one choice only, it is
 * chosen already (the person still confirms): the only card of a call, the only space of a placement
 * (with its first orientation), the only card to give. The choices are the menu's, sent by Python.
 * @param {Menu} menu
 */
export function initialSelection(menu) {
  const sel = emptySelection();
  if (menu?.phase === "call") {
    const cards = choicesOf(menu, "call");
    if (cards.length === 1) sel.call = [cards[0].key];
  } else if (menu?.phase === "place") {
    const { spaces } = placeChoices(menu);
    if (spaces.length === 1) {
      const { rotations } = placeChoices(menu, spaces[0]);
      sel.place = { space: spaces[0], rot: rotations[0] ?? null };
    }
  } else if (choicesOf(menu, "give").length === 1) sel.give = choicesOf(menu, "give")[0].key;
  return sel;
}

/**
 * An invoke with the levels that offer one choice only chosen: the only payment of its card, then each
 * part of the target while one part only can come next (and the target is not complete without it).
 */
function invokeFilledIn(menu, invoke) {
  let { card, pay, tokens } = invoke;
  if (!pay) {
    const { pays } = invokeChoices(menu, card, null, []);
    if (pays.length !== 1) return invoke;
    pay = pays[0];
  }
  for (let c = invokeChoices(menu, card, pay, tokens); c.next.length === 1 && !c.complete;) {
    tokens = [...tokens, c.next[0]];
    c = invokeChoices(menu, card, pay, tokens);
  }
  return { card, pay, tokens };
}

/**
 * @typedef {ReturnType<typeof emptySelection>} Selection
 * @typedef {{data: Object<string, string>, sel: Selection, menu: Menu, temples: string[]}} Click
 * @typedef {null | {sel: Selection} | {move: string} | {rule: ?string} | {view: Object}
 *   | {send: {type: string, action?: string, iterations?: number}}} Outcome
 */

const TIMELINE_MOVES = ["start", "undo", "redo", "end"];

/** Controls that work whenever they are shown: the timeline (a move, coalesced by the view: scrub.js),
 * the hot-seat screen, taking over a stopped bot's seat, a new game, the teacher's chance, a hint. */
export const CONTROLS = {
  tl: ({ data }) => (TIMELINE_MOVES.includes(data.type) ? { move: data.type } : null),
  fork: () => ({ send: { type: "fork" } }),
  unfork: () => ({ send: { type: "unfork" } }),
  reveal: () => ({ send: { type: "reveal" } }),
  "take-over": () => ({ send: { type: "take_over" } }),
  "new-game": () => ({ send: { type: "new_game" } }),
  // the teacher's chance panel (chance.js): the next outcomes of one kind, or none chosen at all
  force: ({ data }) => forceIntent(data),
  unforce: () => ({ send: { type: "unforce" } }),
  rule: ({ data }) => (data.rule ? { rule: data.rule } : null),
  // the explanation panel (explain.js): the search bot's advice, with the budget chosen beside it
  hint: ({ data }) => {
    const iterations = Number(data.iterations);
    return Number.isInteger(iterations) && iterations > 0 ? { send: { type: "hint", iterations } } : null;
  },
  "rule-close": () => ({ rule: null }),
  // the view's own settings (table.js): the drawer's open tab, the legend
  tab: ({ data }) => (data.tab ? { view: { tab: data.tab } } : null),
  legend: () => ({ view: { legend: "toggle" } }),
  // the watch of two bots (watch.js): play, pause, one step
  watch: ({ data }) => watchIntent(data),
};

const play = (action) => ({ send: { type: "play", action } });

/** Controls of a decision: only while the menu is active and no play waits for an answer. */
export const DECISIONS = {
  // R4.1: a call is a set of cards, confirmed when the menu lists it among its complete calls
  "toggle-card": ({ data, sel, menu }) => {
    const card = data.card;
    if (!childOf(choicesOf(menu, "call"), card)) return null;
    const call = sel.call.includes(card) ? sel.call.filter((c) => c !== card) : [...sel.call, card];
    return { sel: { ...sel, call } };
  },
  "call-confirm": ({ sel, menu }) => {
    const call = callOf(menu, sel.call);
    return call ? play(call.action) : null;
  },
  // R4.2: pass, or invoke a card: card, payment, target tokens
  pass: ({ menu }) => (menu.phase === "confront" && menu.pass?.action ? play(menu.pass.action) : null),
  "invoke-card": ({ data, sel, menu }) =>
    invokeChoices(menu, data.card, null, []).stage === "pay"
      ? { sel: { ...sel, invoke: invokeFilledIn(menu, { card: data.card, pay: null, tokens: [] }) } }
      : null,
  "invoke-pay": ({ data, sel, menu }) =>
    invokeChoices(menu, sel.invoke.card, data.pay, []).stage === "target"
      ? { sel: { ...sel, invoke: invokeFilledIn(menu, { ...sel.invoke, pay: data.pay, tokens: [] }) } }
      : null,
  target: ({ data, sel, menu }) => {
    const { card, pay, tokens } = sel.invoke;
    const c = invokeChoices(menu, card, pay, tokens);
    if (c.stage !== "target" || !c.next.includes(data.token)) return null;
    return { sel: { ...sel, invoke: { ...sel.invoke, tokens: [...tokens, data.token] } } };
  },
  "invoke-confirm": ({ sel, menu }) => {
    const c = invokeChoices(menu, sel.invoke.card, sel.invoke.pay, sel.invoke.tokens);
    return c.complete ? play(c.actionText) : null;
  },
  // one step back, over the levels that had one choice only (they were chosen for the person)
  back: ({ sel, menu }) => {
    const inv = sel.invoke;
    const filled = (tokens) => invokeFilledIn(menu, { ...inv, tokens }).tokens.length > tokens.length;
    let tokens = inv.tokens;
    while (tokens.length && (tokens === inv.tokens || filled(tokens))) tokens = tokens.slice(0, -1);
    if (tokens.length || (inv.tokens.length && !filled([]))) return { sel: { ...sel, invoke: { ...inv, tokens } } };
    if (inv.pay && invokeChoices(menu, inv.card, null, []).pays.length > 1)
      return { sel: { ...sel, invoke: { ...inv, pay: null, tokens: [] } } };
    return { sel: { ...sel, invoke: { card: null, pay: null, tokens: [] } } };
  },
  reset: () => ({ sel: emptySelection() }),
  // R4.3: a space of the placer's temple, then a rotation
  "place-space": ({ data, sel, menu }) => {
    const space = Number(data.space);
    const { rotations } = placeChoices(menu, space);
    if (!rotations.length) return null;
    return { sel: { ...sel, place: { space, rot: rotations.includes(sel.place.rot) ? sel.place.rot : rotations[0] } } };
  },
  rotation: ({ data, sel, menu }) => {
    const rot = Number(data.rot);
    return placeChoices(menu, sel.place.space).rotations.includes(rot)
      ? { sel: { ...sel, place: { ...sel.place, rot } } }
      : null;
  },
  "place-confirm": ({ sel, menu }) => {
    const node = placeNode(menu, sel.place.space, sel.place.rot);
    return node?.action ? play(node.action) : null;
  },
  // R4.4: one of the drawn cards
  "give-card": ({ data, sel, menu }) =>
    childOf(choicesOf(menu, "give"), data.card) ? { sel: { ...sel, give: data.card } } : null,
  "give-confirm": ({ sel, menu }) => {
    const node = childOf(choicesOf(menu, "give"), sel.give);
    return node?.action ? play(node.action) : null;
  },
};

/**
 * What a click on a control with `act` does now.
 * @param {string} act the control's data-act
 * @param {Click} click
 * @param {boolean} playable the menu is active and no play waits for Python's answer
 * @returns {Outcome}
 */
export function handleAct(act, click, playable) {
  if (own(CONTROLS, act)) return CONTROLS[act](click);
  if (playable && own(DECISIONS, act)) return DECISIONS[act](click);
  return null;
}

function own(table, key) {
  return Object.prototype.hasOwnProperty.call(table, key);
}

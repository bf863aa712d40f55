// menu.js — the choices of the `menu` trait: what a call, an invoke or a placement may be next,
// the id of the next intent, the timeline intent of a key. The view never works out legality by
// itself: every choice comes from the menu. Pure: no DOM.

import { rotateOpenings } from "./geometry.js";
import { invokeActionText, splitTarget } from "./tokens.js";

/** @typedef {import("./types.js").Menu} Menu */
/** @typedef {import("./types.js").Timeline} Timeline */
/** @typedef {import("./types.js").Status} Status */
/** @typedef {import("./types.js").Intent} Intent */

/**
 * The menu with its target sets written out: Python sends each target as indices into
 * `menu.tokens` ("0 1"); this gives the token texts ("gold:W0 gold:N1"). A menu without
 * `tokens` is returned as it is.
 * @param {Menu} menu
 * @returns {Menu}
 */
export function expandMenu(menu) {
  if (!menu || !Array.isArray(menu.tokens) || !Array.isArray(menu.target_sets)) return menu;
  const { tokens, ...rest } = menu;
  const text = (target) => (target === "" ? "" : target.split(" ").map((i) => tokens[Number(i)]).join(" "));
  return { ...rest, target_sets: menu.target_sets.map((set) => set.map(text)) };
}

/**
 * Is `selection` a call the menu allows: non-empty, no repeats, all cards in one group (R4.1)?
 * @param {Menu} menu
 * @param {string[]} selection
 * @returns {boolean}
 */
export function callSelectionValid(menu, selection) {
  if (!menu || menu.phase !== "call" || !Array.isArray(menu.groups)) return false;
  if (!Array.isArray(selection) || selection.length === 0) return false;
  if (new Set(selection).size !== selection.length) return false;
  return menu.groups.some((group) => selection.every((card) => group.includes(card)));
}

/**
 * The next choices of an invoke being built from the menu (R4.2.2, R5): first the card, then the
 * payment, then the target one token at a time. A target that is a prefix of a longer one (E06:
 * one or two relics) makes the choice `complete` while `next` still offers more tokens.
 * @param {Menu} menu
 * @param {?string} [card]
 * @param {?string} [pay]
 * @param {string[]} [chosen] tokens chosen so far
 * @returns {{stage: "card"|"pay"|"target"|"invalid", cards: string[], pays: string[], next: string[],
 *   complete: boolean, actionText: ?string, matching: number}}
 */
export function invokeChoices(menu, card = null, pay = null, chosen = []) {
  const invokes = menu && menu.phase === "confront" && Array.isArray(menu.invokes) ? menu.invokes : [];
  const cards = distinct(invokes.map((inv) => inv[0]));
  const result = { stage: "card", cards, pays: [], next: [], complete: false, actionText: null, matching: 0 };
  if (!card) return result;
  if (!cards.includes(card)) return { ...result, stage: "invalid" };
  const pays = distinct(invokes.filter((inv) => inv[0] === card).map((inv) => inv[1]));
  if (!pay) return { ...result, stage: "pay", pays };
  const triple = invokes.find((inv) => inv[0] === card && inv[1] === pay);
  if (!triple) return { ...result, stage: "invalid", pays };
  const texts = (menu.target_sets ?? [])[triple[2]] ?? [];
  const picked = chosen ?? [];
  const n = picked.length;
  const matching = [];
  for (const text of texts) {
    const tokens = splitTarget(text);
    if (tokens.length < n) continue;
    let ok = true;
    for (let i = 0; i < n; i++) {
      if (tokens[i] !== picked[i]) {
        ok = false;
        break;
      }
    }
    if (ok) matching.push(tokens);
  }
  if (!matching.length) return { ...result, stage: "invalid", pays };
  const next = distinct(matching.filter((t) => t.length > n).map((t) => t[n]));
  const complete = matching.some((t) => t.length === n);
  return {
    ...result,
    stage: "target",
    pays,
    next,
    complete,
    actionText: complete ? invokeActionText(card, pay, picked) : null,
    matching: matching.length,
  };
}

/**
 * Placement choices of the menu (R4.3.2): the legal spaces and the rotations for `space`.
 * @param {Menu} menu
 * @param {?number} [space]
 * @returns {{spaces: number[], rotations: number[], openings: Object<number, string>}}
 */
export function placeChoices(menu, space = null) {
  const places = menu && menu.phase === "place" && Array.isArray(menu.places) ? menu.places : [];
  const spaces = distinct(places.map((p) => p[0])).sort((a, b) => a - b);
  const rotations =
    space === null || space === undefined
      ? []
      : distinct(places.filter((p) => p[0] === Number(space)).map((p) => p[1])).sort((a, b) => a - b);
  const base = menu?.room?.openings ?? "";
  const openings = {};
  for (const k of rotations) openings[k] = rotateOpenings(base, k);
  return { spaces, rotations, openings };
}

/**
 * The id of the next intent: larger than any id this view sent, than the last id Python
 * acknowledged, and than the intent currently in the model (another view may have sent it).
 * @param {number} lastSent
 * @param {?Status} status
 * @param {?Intent} current
 * @returns {number}
 */
export function nextIntentId(lastSent, status, current) {
  const ack = Number(status?.ack) || 0;
  const cur = Number(current?.id) || 0;
  return Math.max(Number(lastSent) || 0, ack, cur) + 1;
}

/**
 * The timeline intent for a key of the widget (ArrowLeft/ArrowRight/Home/End), or null.
 * @param {string} key
 * @param {?Timeline} timeline
 * @returns {?{type: string}}
 */
export function timelineKeyIntent(key, timeline) {
  if (!timeline) return null;
  const atStart = (timeline.step ?? 0) <= 0;
  const atEnd = timeline.at_end ?? (timeline.step ?? 0) >= (timeline.last ?? 0);
  if (key === "ArrowLeft") return atStart ? null : { type: "undo" };
  if (key === "ArrowRight") return atEnd ? null : { type: "redo" };
  if (key === "Home") return atStart ? null : { type: "start" };
  if (key === "End") return atEnd ? null : { type: "end" };
  return null;
}

function distinct(items) {
  return [...new Set(items)];
}

// menu.js — the choices of the `menu` trait: what a call, an invoke or a placement may be next,
// the id of the next intent. The view never works out legality by
// itself: every choice comes from the menu. Pure: no DOM.

import { rotateOpenings } from "./geometry.js";
import { invokeActionText, splitTarget } from "./tokens.js";

/** @typedef {import("./types.js").Menu} Menu */
/** @typedef {import("./types.js").Status} Status */
/** @typedef {import("./types.js").Intent} Intent */

/**
 * The menu with its target sets written out: Python sends each target as indices into
 * `menu.tokens` ("0 1"); this gives the token texts ("gold:W0 gold:N1"), and `token_words` as a map
 * from each token to its words (`menu.token_words` is sent in the order of `tokens`). A menu without
 * `tokens` is returned as it is.
 * @param {Menu} menu
 * @returns {Menu}
 */
export function expandMenu(menu) {
  if (!menu || !Array.isArray(menu.tokens) || !Array.isArray(menu.target_sets)) return menu;
  const { tokens, ...rest } = menu;
  const text = (target) =>
    target === ""
      ? ""
      : target
          .split(" ")
          .map((i) => tokens[Number(i)])
          .join(" ");
  const said = Array.isArray(menu.token_words) ? menu.token_words : [];
  const words = Object.fromEntries(tokens.map((t, i) => [t, said[i] ?? t]));
  return { ...rest, token_words: words, target_sets: menu.target_sets.map((set) => set.map(text)) };
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
 * Does a target of the menu agree with the tokens picked so far? An ordered target must start with
 * them; an unordered one (a pair the engine lists once, in its own order: its set's
 * `set_info.unordered`, from the effect's record) must contain each of them, in any order.
 * @param {string[]} tokens the target's tokens, in the engine's order
 * @param {string[]} picked
 * @param {boolean} [unordered]
 * @returns {boolean}
 */
export function targetAgrees(tokens, picked, unordered = false) {
  if (picked.length > tokens.length) return false;
  if (unordered && tokens.length >= 2) {
    return new Set(picked).size === picked.length && picked.every((t) => tokens.includes(t));
  }
  return picked.every((t, i) => tokens[i] === t);
}

/**
 * The next choices of an invoke being built from the menu (R4.2.2, R5): first the card, then the
 * payment, then the target one token at a time. A target that is a prefix of a longer one (one or
 * two relics) makes the choice `complete` while `next` still offers more tokens. The members of an
 * unordered pair may be picked in any order: after one member, `next` offers every partner it has,
 * and `actionText` names the pair in the engine's order, as `target` does. `words` are the target's
 * words as the menu sends them (`set_info.words`).
 * @param {Menu} menu
 * @param {?string} [card]
 * @param {?string} [pay]
 * @param {string[]} [chosen] tokens chosen so far, in the order they were picked
 * @returns {{stage: "card"|"pay"|"target"|"invalid", cards: string[], pays: string[], next: string[],
 *   complete: boolean, target: ?string, words: ?string, actionText: ?string, matching: number}}
 */
export function invokeChoices(menu, card = null, pay = null, chosen = []) {
  const invokes = menu && menu.phase === "confront" && Array.isArray(menu.invokes) ? menu.invokes : [];
  const cards = distinct(invokes.map((inv) => inv[0]));
  const result = {
    stage: "card",
    cards,
    pays: [],
    next: [],
    complete: false,
    target: null,
    words: null,
    actionText: null,
    matching: 0,
  };
  if (!card) return result;
  if (!cards.includes(card)) return { ...result, stage: "invalid" };
  const pays = distinct(invokes.filter((inv) => inv[0] === card).map((inv) => inv[1]));
  if (!pay) return { ...result, stage: "pay", pays };
  const triple = invokes.find((inv) => inv[0] === card && inv[1] === pay);
  if (!triple) return { ...result, stage: "invalid", pays };
  const picked = chosen ?? [];
  const n = picked.length;
  const info = (menu.set_info ?? [])[triple[2]] ?? {};
  const unordered = (tokens) => !!info.unordered && tokens.length >= 2;
  const matching = ((menu.target_sets ?? [])[triple[2]] ?? [])
    .map((text, i) => ({ tokens: splitTarget(text), words: info.words?.[i] ?? null }))
    .filter((t) => targetAgrees(t.tokens, picked, unordered(t.tokens)));
  if (!matching.length) return { ...result, stage: "invalid", pays };
  const rest = (tokens) => (unordered(tokens) ? tokens.filter((t) => !picked.includes(t)) : [tokens[n]]);
  const next = distinct(matching.filter((t) => t.tokens.length > n).flatMap((t) => rest(t.tokens)));
  const whole = matching.find((t) => t.tokens.length === n) ?? null;
  return {
    ...result,
    stage: "target",
    pays,
    next,
    complete: whole !== null,
    target: whole === null ? null : whole.tokens.join(" "),
    words: whole === null ? null : whole.words,
    actionText: whole === null ? null : invokeActionText(card, pay, whole.tokens),
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

function distinct(items) {
  return [...new Set(items)];
}

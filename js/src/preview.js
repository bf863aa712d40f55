// preview.js — what the decision being made would do, before it is confirmed: the preview Python
// sends with each candidate (the `preview` of a node of the menu's tree: a rotation of a placement, a
// target of E07–E10; naga_widget/widget/preview.py works them out from public facts only). This module picks
// the one the choice in progress (or the control under the pointer) stands for, marks its places on
// the boards and says it in words. It computes no game fact.

import { html, nothing, svg } from "lit-html";
import { invokeChoices, placeChoices, placeNode } from "./menu.js";

/**
 * @typedef {Object} Preview
 * @property {string[]} [reached]    spaces ("gold:4") that become reached
 * @property {string[]} [unreached]  spaces that stop being reached
 * @property {string[]} [up]         relic slots ("gold:W1") that flip face up
 * @property {string[]} [down]       relic slots that flip face down
 * @property {string[]} [collected]  spaces whose amulet is collected
 * @property {boolean} [full]        the temple is then full (R7.2)
 * @property {string} words          the same in one sentence
 */

/** The marks of a preview on the boards, by kind of place: the class, the symbol drawn, the words. */
export const MARKS = {
  reached: { symbol: "+", words: "becomes reached" },
  unreached: { symbol: "−", words: "is no longer reached" },
  collected: { symbol: "◆", words: "its amulet is collected" },
  up: { symbol: "▲", words: "flips face up" },
  down: { symbol: "▼", words: "flips face down" },
};

/** The controls whose candidate has a preview when the pointer or the focus is on them. */
export const HOVER_ACTS = ["place-space", "rotation", "target"];

/**
 * What the pointer or the focus is on, for shownPreview: a control of HOVER_ACTS, or null.
 * @param {?string} act the control's data-act
 * @param {Object<string, string>} data its data attributes
 * @returns {?{act: string, space?: string, rot?: string, token?: string}}
 */
export function hoverOf(act, data) {
  if (!HOVER_ACTS.includes(act)) return null;
  if (act === "place-space") return { act, space: data.space };
  if (act === "rotation") return { act, rot: data.rot };
  return { act, token: data.token };
}

/**
 * The preview of placing on `space` turned `rot`: that of the menu's node for it.
 * @param {import("./types.js").Menu} menu
 * @param {?number} space
 * @param {?number} rot
 * @returns {?Preview}
 */
export function placePreview(menu, space, rot) {
  if (!menu || menu.phase !== "place" || space === null || rot === null) return null;
  return placeNode(menu, space, rot)?.preview ?? null;
}

/**
 * The preview of the invoke being built, once its target is whole: that of the menu's node for it.
 * @param {import("./types.js").Menu} menu
 * @param {{card: ?string, pay: ?string, tokens: string[]}} inv
 * @returns {?Preview}
 */
export function invokePreview(menu, inv) {
  if (!menu || menu.phase !== "confront" || !inv?.card || !inv?.pay) return null;
  const choice = invokeChoices(menu, inv.card, inv.pay, inv.tokens);
  return choice.complete ? (choice.node?.preview ?? null) : null;
}

/**
 * The preview to show: that of the control under the pointer or with the focus (`hover`: a space or
 * a rotation of the placement, a target token of the invoke), else that of the choice made so far.
 * @param {{menu: Object, sel: Object, active: boolean}} ctx
 * @param {?{act: string, space?: string, rot?: string, token?: string}} hover
 * @returns {?{preview: Preview, hovered: boolean, place?: {space: number, rot: number}}} `place`: the
 *   placement previewed (the board draws the room there)
 */
export function shownPreview(ctx, hover) {
  const { menu, sel } = ctx;
  if (!ctx.active || !menu?.phase) return null;
  let found = null;
  if (menu.phase === "place") {
    const place = sel.place;
    let at = null;
    if (hover?.act === "place-space") {
      const space = Number(hover.space);
      const { rotations } = placeChoices(menu, space);
      at = { space, rot: rotations.includes(place.rot) ? place.rot : (rotations[0] ?? null) };
    } else if (hover?.act === "rotation") at = { space: place.space, rot: Number(hover.rot) };
    const chosen = placePreview(menu, place.space, place.rot);
    found = at ? placePreview(menu, at.space, at.rot) : null;
    if (found && found !== chosen) return { preview: found, hovered: true, place: at };
    return chosen ? { preview: chosen, hovered: false, place: { space: place.space, rot: place.rot } } : null;
  } else if (menu.phase === "confront") {
    const inv = sel.invoke;
    if (hover?.act === "target" && hover.token) {
      found = invokePreview(menu, { ...inv, tokens: [...inv.tokens, hover.token] });
      if (found) return { preview: found, hovered: true };
    }
    found = invokePreview(menu, inv);
  }
  return found ? { preview: found, hovered: false } : null;
}

/**
 * The places a preview marks: place token → kind (a key of MARKS). A space both reached and
 * emptied of its amulet is marked as collected.
 * @param {?Preview} preview
 * @returns {Map<string, string>}
 */
export function previewMarks(preview) {
  const marks = new Map();
  if (!preview) return marks;
  for (const kind of ["reached", "unreached", "collected", "up", "down"])
    for (const token of preview[kind] ?? []) marks.set(token, kind);
  return marks;
}

/**
 * The mark of one place on the board: an outline (its class says the kind) and a symbol in a corner,
 * so the kind does not rest on colour alone.
 * @param {string|undefined} kind
 * @param {{x: number, y: number, w: number, h: number}} box
 * @param {boolean} [outside] the symbol on the box's top right corner (a small relic slot) rather than
 *   inside its top left corner (a space: the top right holds an amulet, the bottom left the room's id)
 */
export function previewMark(kind, box, outside = false) {
  const mark = kind ? MARKS[kind] : null;
  if (!mark) return nothing;
  const cx = outside ? box.x + box.w : box.x + 9;
  const cy = outside ? box.y : box.y + 9;
  return svg`<g class="naga-pv naga-pv-${kind}" data-preview=${kind} aria-hidden="true"><rect class="naga-pv-line"
    x=${box.x} y=${box.y} width=${box.w} height=${box.h} rx="4"/><circle class="naga-pv-dot" cx=${cx} cy=${cy}
    r="8"/><text class="naga-pv-symbol" x=${cx} y=${cy + 4} text-anchor="middle">${mark.symbol}</text></g>`;
}

/** Words for a place's title: ", preview: flips face up". @param {string|undefined} kind */
export function previewTitle(kind) {
  return kind && MARKS[kind] ? `, preview: ${MARKS[kind].words}` : "";
}

/**
 * The preview's sentence, beside the confirm button, in a polite live region that is always there
 * (a screen reader reads it as it changes), empty when nothing is chosen.
 * @param {?{preview: Preview, hovered: boolean}} shown
 * @param {(text: string) => unknown} [say] how a text is drawn (the action panel turns its rule ids into buttons)
 */
export function previewPanel(shown, say = (text) => text) {
  const words = shown?.preview?.words ?? "";
  return html`<p class="naga-preview-words${words ? "" : " naga-empty"}" data-testid="preview"
    data-hovered=${shown?.hovered ? "true" : "false"} aria-live="polite">${
      words ? html`<b>${shown.hovered ? "This would do:" : "What it does:"}</b> ${say(words)}` : nothing
    }</p>`;
}

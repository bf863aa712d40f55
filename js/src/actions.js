// actions.js — the action menu as lit-html templates (your decision: call, confront, place, give),
// and which board places a click can choose now. It draws the nodes of the menu's tree with their
// labels and words (naga_widget/widget/choices.py); the words of a decision are Python's.

import { html, nothing } from "lit-html";
import { ifDefined } from "lit-html/directives/if-defined.js";
import { fateStanding } from "./text.js";
import { tokenTarget } from "./tokens.js";
import { callOf, choicesOf, invokeChoices, placeChoices, placeNode } from "./menu.js";
import { miniTileSvg } from "./svg.js";
import { previewPanel } from "./preview.js";
import { cardButtonInner, effectText, list, withRules } from "./panels.js";
import { cardMeaning } from "./words.js";
import { autoPassNote, autoPassToggle, isSuggested, suggestedMark, suggestionOf } from "./deciding.js";
import { happenedPanel } from "./happened.js";

const CALL_HELP =
  "Choose cards of one stick type (R4.1): 2× brown brings two brown sticks to throw (R4.2.1). " +
  "Only the number of cards you call is public.";
const MIXED_CALL = "These cards show different stick types; a call must use one type (R4.1).";
const PLACE_RULE = "row 2, or next to a tile; R4.3.2";
const SPACE_NUMBERS = "Spaces are numbered 0–8 row by row from the north-west corner: 0 1 2 / 3 4 5 / 6 7 8.";
/** @param {string} other */
const giveHelp = (other) =>
  `You drew these cards: pick the one to give to ${other}; you keep the others (R4.4.2). The card given is public.`;

// -- number keys ------------------------------------------------------------------------------------------
// The options of the decision's current level (the cards of a call; pass and the cards to invoke, then a
// payment, then a target's parts; the spaces, then the orientations; the card to give) carry the number
// key that chooses them, 1 to 9 in the order shown: `data-option-key` for the view's key handler (view.js),
// `aria-keyshortcuts` for screen readers, and a small badge for the eye (hidden from screen readers,
// which read the attribute instead). A space is chosen by its own number (0–8, the number its button
// shows), not by its place in the list. View chrome: the options, their order and labels are the menu's.

/** The number key of the n-th option (counted from 1), or undefined past 9 (Tab reaches those). */
export function optionKey(n) {
  return Number.isInteger(n) && n >= 1 && n <= 9 ? String(n) : undefined;
}

/** The `data-option-key` / `aria-keyshortcuts` value of the n-th option: none past 9. */
const keyAttr = (n) => ifDefined(optionKey(n));

/** The badge that shows an option's number key. */
function keyBadge(n) {
  const key = optionKey(n);
  return key ? html`<kbd class="naga-key" aria-hidden="true">${key}</kbd>` : nothing;
}

/** The 1-based place of `item` among `items`. */
function nth(items, item) {
  return items.indexOf(item) + 1;
}

/** The key of a space at the current level: its number, as its button shows it (else its place in the list). */
function spaceKey(label, n, current) {
  if (!current) return undefined;
  return /^[0-9]$/.test(String(label)) ? String(label) : optionKey(n);
}

/**
 * The keys of a decision, in a short line under its buttons, where a newcomer finds them: the number keys
 * of the current level and what they choose, Enter to confirm (where the decision has a Confirm), Escape
 * to undo a choice (`back`: what it says then).
 * @param {Array<string|undefined>} keys the keys of the current level's options
 * @param {string} what what they choose ("space")
 * @param {boolean} confirm
 * @param {?string} back
 */
function keyHelp(keys, what, confirm, back) {
  const shown = keys.filter((k) => k !== undefined);
  const parts = [];
  // a run of keys as a range (1–4); keys with gaps one by one (0 2 3), so that no key is promised that does nothing
  const run = shown.every((k, i) => i === 0 || Number(k) === Number(shown[i - 1]) + 1);
  const keysShown =
    run && shown.length > 1
      ? html`<kbd>${shown[0]}</kbd>–<kbd>${shown.at(-1)}</kbd>`
      : shown.map((k, i) => html`${i ? " " : ""}<kbd>${k}</kbd>`);
  if (shown.length) parts.push(html`${keysShown} ${what}`);
  if (confirm) parts.push(html`<kbd>Enter</kbd> confirm`);
  if (back) parts.push(html`<kbd>Esc</kbd> ${back}`);
  if (!parts.length) return nothing;
  return html`<span class="naga-key-help" data-testid="key-help">Keys: ${parts.map(
    (p, i) => html`${i ? " · " : ""}${p}`,
  )}</span>`;
}

/** The keys 1… of `n` options (1 to 9). */
const firstKeys = (n) => Array.from({ length: n }, (_, i) => optionKey(i + 1));

/** The panel of the viewer's decision, or what the view is waiting for. */
export function actionPanel(ctx) {
  const standing = fateStanding(ctx.board);
  return html`<section class="naga-box naga-actions" data-testid="actions" data-panel="actions"
      data-panel-choices=".naga-target" aria-label="your decision">${happenedPanel(ctx)}${
        standing
          ? html`<p class="naga-standing" data-testid="fate-standing">${withRules(standing.text, ctx.catalog)}</p>`
          : nothing
      }${autoPassNote(ctx)}${actionContent(ctx)}</section>`;
}

function actionContent(ctx) {
  const { menu, names, catalog } = ctx;
  if (ctx.pending && ctx.active) {
    return html`<p class="naga-hint" data-testid="pending">Decision sent; waiting for the game to answer…</p>`;
  }
  if (!ctx.active) return waitingText(ctx);
  const body = MENUS[menu.phase];
  const only = menu.only?.text ?? null; // why there is one choice only: Python's words
  return html`<h3>${withRules(menu.step_name ?? "", catalog)} — ${names[menu.player] ?? ""} decides</h3>${
    only ? html`<p class="naga-hint naga-only" data-testid="only-choice">${withRules(only, catalog)}</p>` : nothing
  }${body ? body(ctx) : html`<p class="naga-hint">Unknown step ${menu.phase}.</p>`}`;
}

/** A new game, offered once this one is over where a new game can start (`status.new_game`: not in a replay). */
function newGameButton() {
  return html`<button type="button" class="naga-primary" data-act="new-game" data-testid="new-game">New game</button>`;
}

/** A bot failed and was stopped: its seat waits for a person or another bot. */
function stoppedBot(stopped, status) {
  const canTake = status?.perspective !== "spectator";
  return html`<p class="naga-warn"
      data-testid="bot-stopped">${stopped.name}'s bot was stopped (${stopped.reason}). The game is as it was.</p>${
        canTake
          ? buttonRow(
              html`<button type="button" class="naga-primary" data-act="take-over"
              data-testid="take-over">Take over ${stopped.name}'s seat</button>`,
            )
          : nothing
      }<p class="naga-hint">Or ${
        status?.watch
          ? html`give both seats bots again in code: <code>widget.players = [GreedyBot(), RandomBot()]</code>`
          : html`attach another bot in code: <code>widget.opponent = GreedyBot()</code>`
      }.</p>`;
}

/**
 * What the view says when it has no decision to offer (see statusText).
 * @returns {import("lit-html").TemplateResult | typeof nothing}
 */
function waitingText(ctx) {
  const { board, status } = ctx;
  if (board.outcome)
    return html`<h3>${withRules(statusText(ctx), ctx.catalog)}</h3>${
      status?.new_game ? buttonRow(newGameButton()) : nothing
    }`;
  const stopped = status?.bot_stopped;
  const text = statusText(ctx);
  const line = text ? html`<p class="naga-hint" data-testid="waiting">${withRules(text, ctx.catalog)}</p>` : nothing;
  if (stopped && stopped.seat === board.to_move) return html`${stoppedBot(stopped, status)}${line}`;
  return line;
}

/**
 * The sentence of the action panel when the viewer has no decision now: the end of the game, a past
 * step being looked at, or who is to move (a bot thinking: "Waiting for silver (bot)…").
 * @param {{board: Object, timeline: Object, names: string[], catalog: Object, status: Object, menu: Object}} ctx
 * @returns {string}
 */
export function statusText({ board, timeline, names, status, menu }) {
  if (board.outcome) return board.step_name ?? "";
  if (!board.phase) return "";
  const who = names[board.to_move] ?? "";
  const step = board.step_name ?? "";
  if (timeline && timeline.at_end === false) {
    const canFork = menu?.phase && timeline.mode !== "review" && timeline.mode !== "off";
    const orFork = canFork ? ", or fork from here to try another move" : "";
    return (
      `You are looking at a past step (${timeline.step} of ${timeline.last}): ${who} to decide, ${step}. ` +
      `Go to the end to see the game now${orFork}.`
    );
  }
  const bot = status?.bot !== null && status?.bot !== undefined && status.bot === board.to_move;
  if (bot) return `Waiting for ${who} (bot)…`;
  if (status?.watch?.seats?.includes(board.to_move)) return `${who}'s bot to decide: ${step}.`;
  if (status?.bot_stopped && status.bot_stopped.seat === board.to_move) return `${who} to decide: ${step}.`;
  if (status?.viewer === "spectator" || status?.viewer === "truth") return `${who} to decide: ${step}.`;
  return `Waiting for ${who}: ${step}.`;
}

function buttonRow(...buttons) {
  return html`<div class="naga-choice">${buttons}</div>`;
}

/** What the choice would do, then the buttons: one block, kept in view at the foot of a decision that scrolls. */
function footer(preview, row) {
  return html`<div class="naga-foot">${preview}${row}</div>`;
}

// -- R4.1 the call ---------------------------------------------------------------------------------------

function callMenu(ctx) {
  const { menu, sel, catalog } = ctx;
  const hinted = suggestionOf(ctx);
  const chosen = sel.call;
  const call = callOf(menu, chosen); // the complete call chosen, if the menu lists it
  const cards = choicesOf(menu, "call").map((node) => node.key);
  return html`<p
      class="naga-hint">${withRules(CALL_HELP, catalog)}</p><div class="naga-choice" role="group"
          aria-label="cards to call">${list(
            cards,
            (id) => id,
            (id) =>
              html`<button type="button" class=${suggestedClass("naga-card", isSuggested(hinted, { card: id }, sel))}
          data-act="toggle-card" data-card=${id} data-testid="card-${id}" title=${cardMeaning(id, catalog)}
          data-option-key=${keyAttr(nth(cards, id))}
          aria-keyshortcuts=${keyAttr(nth(cards, id))}
          aria-pressed=${chosen.includes(id) ? "true" : "false"}>${keyBadge(nth(cards, id))}${cardButtonInner(
            id,
            catalog,
          )}<small
          class="naga-effect-text">${effectText(id, catalog)}</small>${suggestedMark(
            isSuggested(hinted, { card: id }, sel),
          )}</button>`,
          )}</div>${
            chosen.length && !call
              ? html`<p class="naga-warn"
          data-testid="call-warning">${withRules(MIXED_CALL, catalog)}</p>`
              : nothing
          }${buttonRow(
            html`<button type="button" class="naga-primary" data-act="call-confirm" data-testid="confirm"
        ?disabled=${!call}>${call ? call.words : "Call cards"}</button>`,
            html`<button type="button" data-act="reset" data-testid="cancel"
              ?disabled=${!chosen.length}>Clear</button>`,
            keyHelp(firstKeys(cards.length), "cards", true, chosen.length ? "clear" : null),
          )}`;
}

// -- R4.2 the confrontation --------------------------------------------------------------------------------

function invokeCards(ctx, choice) {
  const { menu, board, catalog, sel, status } = ctx;
  const hinted = suggestionOf(ctx);
  const passHinted = isSuggested(hinted, { pass: true }, sel);
  // with one choice only, the reason above says it all (menu.only); else the choice in one sentence
  const lead = menu.only ? "" : "Pass, or pay one naga to invoke a card (R4.2.2).";
  const after = board?.passes ? " The opponent has just passed: passing now ends the step (R4.2.3)." : "";
  // the number keys: pass first, when it is offered, then the cards
  const options = [...(menu.pass?.action ? ["pass"] : []), ...choice.cards];
  return html`${
    lead || after
      ? html`<p
      class="naga-hint">${withRules(`${lead}${after}`.trim(), catalog)}</p>`
      : nothing
  }${buttonRow(
    menu.pass?.action
      ? html`<button type="button" class=${suggestedClass("", passHinted)} data-act="pass"
          data-testid="pass" data-option-key=${keyAttr(nth(options, "pass"))}
          aria-keyshortcuts=${keyAttr(nth(options, "pass"))}>${keyBadge(
            nth(options, "pass"),
          )}${menu.pass.label}${suggestedMark(passHinted)}</button>`
      : nothing,
    autoPassToggle(status),
    keyHelp(firstKeys(options.length), "pass or card", false, null),
  )}<div class="naga-choice" role="group" aria-label="cards you can invoke">${list(
    choice.cards,
    (id) => id,
    (id) =>
      html`<button type="button" class=${suggestedClass("naga-card", isSuggested(hinted, { card: id }, sel))}
          data-act="invoke-card" data-card=${id} data-testid="card-${id}"
          data-option-key=${keyAttr(nth(options, id))}
          aria-keyshortcuts=${keyAttr(nth(options, id))}
          title=${cardMeaning(id, catalog)}>${keyBadge(nth(options, id))}${cardButtonInner(id, catalog)}<small
          class="naga-effect-text">${effectText(id, catalog)}</small>${suggestedMark(
            isSuggested(hinted, { card: id }, sel),
          )}</button>`,
  )}${choice.cards.length ? nothing : html`<span class="naga-muted">No card can be invoked now.</span>`}</div>`;
}

/** A control's class with the mark of the hint's suggestion. */
function suggestedClass(base, on) {
  return `${base}${on ? " naga-suggested" : ""}`.trim();
}

function payChoices(choice, hinted, sel) {
  return html`<p class="naga-hint">Pay one naga with:</p><div class="naga-choice" role="group"
      aria-label="payment">${list(
        choice.payNodes,
        (node) => node.key,
        ({ key: pay, label, words }) =>
          html`<button type="button" class=${suggestedClass("", isSuggested(hinted, { pay }, sel))}
          data-act="invoke-pay"
          data-pay=${pay}
          data-option-key=${keyAttr(nth(choice.pays, pay))}
          aria-keyshortcuts=${keyAttr(nth(choice.pays, pay))}
          data-testid="pay-${pay}">${keyBadge(nth(choice.pays, pay))}Pay ${label}<small>${words}</small>${suggestedMark(
            isSuggested(hinted, { pay }, sel),
          )}</button>`,
      )}</div>`;
}

function targetChoices({ catalog, menu, sel }, inv, choice, hinted) {
  const chosen = inv.tokens.length
    ? html` Target so far: <b data-testid="chosen-tokens">${inv.tokens.join(" ")}</b>`
    : nothing;
  let offer = nothing;
  if (choice.next.length) {
    const onBoard = choice.next.some((t) => tokenTarget(t, catalog?.places)) ? " (also clickable on the boards)" : "";
    offer = html`<p
        class="naga-hint">${choice.complete ? "Confirm, or add" : "Choose"} ${
          inv.tokens.length ? "the next part of the target" : "a target"
        }${onBoard}:</p><div class="naga-choice" role="group" aria-label="targets">${list(
          choice.nextNodes,
          (node) => node.key,
          ({ key: tok, label }) =>
            html`<button type="button" class=${suggestedClass("", isSuggested(hinted, { token: tok }, sel))}
            data-act="target" data-token=${tok}
            data-option-key=${keyAttr(nth(choice.next, tok))}
          aria-keyshortcuts=${keyAttr(nth(choice.next, tok))}
            data-testid="target-${tok}">${keyBadge(nth(choice.next, tok))}${label}<small>${tok}</small>${suggestedMark(
              isSuggested(hinted, { token: tok }, sel),
            )}</button>`,
        )}</div>`;
  } else if (choice.complete && !inv.tokens.length) {
    offer = html`<p class="naga-hint">No target needed.</p>`;
  }
  return html`<p class="naga-hint">Paying ${choice.payNode?.label ?? ""}.${chosen}</p>${offer}`;
}

function confrontMenu(ctx) {
  const inv = ctx.sel.invoke;
  const choice = invokeChoices(ctx.menu, inv.card, inv.pay, inv.tokens);
  if (!inv.card) return invokeCards(ctx, choice);
  const info = ctx.catalog?.cards?.[inv.card];
  const text = effectText(inv.card, ctx.catalog);
  return html`<p><b>Invoke ${inv.card}</b>${info ? ` — ${info.name} (${info.effect})` : ""}</p>${
    text
      ? html`<p
      class="naga-hint">${text}</p>`
      : nothing
  }${
    inv.pay ? targetChoices(ctx, inv, choice, suggestionOf(ctx)) : payChoices(choice, suggestionOf(ctx), ctx.sel)
  }${footer(
    inv.pay ? previewPanel(ctx.previewShown, (t) => withRules(t, ctx.catalog)) : nothing,
    buttonRow(
      html`<button type="button" class="naga-primary" data-act="invoke-confirm" data-testid="confirm"
          ?disabled=${!choice.complete} title=${choice.actionText ?? ""}>${
            choice.complete ? choice.done : "Confirm"
          }</button>`,
      html`<button type="button" data-act="back" data-testid="back">Back</button>`,
      html`<button type="button" data-act="reset" data-testid="cancel">Cancel</button>`,
      keyHelp(
        firstKeys(inv.pay ? choice.next.length : choice.pays.length),
        inv.pay ? "target" : "payment",
        true,
        "back",
      ),
    ),
  )}`;
}

// -- R4.3 the placement ------------------------------------------------------------------------------------

function rotationChoices(sel, choice, hinted) {
  return html`<p><b>${choice.space?.words ?? ""}</b> — orientation:</p>
    <div class="naga-choice naga-rotations" role="group" aria-label="orientation">${list(
      choice.rotationNodes,
      (node) => node.key,
      ({ key: k, label, words, openings }) =>
        html`<button type="button" class=${suggestedClass("", isSuggested(hinted, { rotation: k }, sel))}
          data-act="rotation" data-rot=${k} data-testid="rotation-${k}"
          data-option-key=${keyAttr(nth(choice.rotations, k))}
          aria-keyshortcuts=${keyAttr(nth(choice.rotations, k))}
          aria-pressed=${sel.place.rot === k ? "true" : "false"}
          aria-label="${words}${
            isSuggested(hinted, { rotation: k }, sel) ? " (the hint's choice)" : ""
          }">${keyBadge(nth(choice.rotations, k))}${miniTileSvg(openings, 30)}<small>${label}</small>${suggestedMark(
            isSuggested(hinted, { rotation: k }, sel),
          )}</button>`,
    )}</div>`;
}

/** The legal spaces as buttons, the same choices as the highlighted spaces of the board (for the keyboard first). */
function spaceChoices(nodes, sel) {
  const spaces = nodes.map((node) => node.key);
  const current = sel.place.space === null; // once a space is chosen, the keys choose its orientation
  return html`<div class="naga-choice naga-spaces" role="group" aria-label="space"><span
      class="naga-muted">Space:</span>${list(
        nodes,
        (node) => node.key,
        ({ key: i, label, words }) =>
          html`<button type="button" data-act="place-space" data-space=${i} data-testid="place-at-${i}"
          data-option-key=${ifDefined(spaceKey(label, nth(spaces, i), current))}
          aria-keyshortcuts=${ifDefined(spaceKey(label, nth(spaces, i), current))}
          aria-pressed=${sel.place.space === i ? "true" : "false"} aria-label=${words}
          title=${words}>${current ? html`<kbd class="naga-key naga-key-only">${label}</kbd>` : label}</button>`,
      )}</div>`;
}

function placeMenu(ctx) {
  const { menu, sel, catalog, names, previewShown } = ctx;
  const room = menu.room ?? { id: "", openings: "" };
  const choice = placeChoices(menu, sel.place.space);
  const shape = catalog?.rooms?.[room.id]?.shape;
  const chosen = placeNode(menu, sel.place.space, sel.place.rot); // the placement chosen, when whole
  return html`<p
      class="naga-hint">Place room <b>${room.id}</b>${shape ? ` (${shape})` : ""} in ${
        names[menu.player] ?? "your"
      }'s temple: click a highlighted space or its number below (${withRules(
        PLACE_RULE,
        catalog,
      )}), then choose the orientation. ${SPACE_NUMBERS}</p>${spaceChoices(
        choice.spaceNodes,
        sel,
      )}${sel.place.space === null ? nothing : rotationChoices(sel, choice, suggestionOf(ctx))}${footer(
        previewPanel(previewShown, (t) => withRules(t, catalog)),
        buttonRow(
          html`<button type="button" class="naga-primary" data-act="place-confirm" data-testid="confirm"
          ?disabled=${!chosen} title=${chosen?.action ?? ""}>${chosen ? chosen.done : "Confirm"}</button>`,
          html`<button type="button" data-act="reset" data-testid="cancel"
          ?disabled=${sel.place.space === null}>Cancel</button>`,
          keyHelp(
            sel.place.space === null
              ? choice.spaceNodes.map(({ label }, i) => spaceKey(label, i + 1, true))
              : firstKeys(choice.rotations.length),
            sel.place.space === null ? "space" : "orientation",
            true,
            choice.spaces.length > 1 && sel.place.space !== null ? "back" : null,
          ),
        ),
      )}`;
}

// -- R4.4 the New Deal -------------------------------------------------------------------------------------

function giveMenu(ctx) {
  const { menu, sel, catalog, names } = ctx;
  const hinted = suggestionOf(ctx);
  const cards = choicesOf(menu, "give").map((node) => node.key);
  const other = names[1 - menu.player] ?? "the opponent";
  const chosen = choicesOf(menu, "give").find((node) => node.key === sel.give);
  return html`<p
      class="naga-hint">${withRules(giveHelp(other), catalog)}</p><div class="naga-choice" role="group"
          aria-label="card to give">${list(
            cards,
            (id) => id,
            (id) =>
              html`<button type="button" class=${suggestedClass("naga-card", isSuggested(hinted, { card: id }, sel))}
          data-act="give-card" data-card=${id} data-testid="give-${id}" title=${cardMeaning(id, catalog)}
          data-option-key=${keyAttr(nth(cards, id))}
          aria-keyshortcuts=${keyAttr(nth(cards, id))}
          aria-pressed=${sel.give === id ? "true" : "false"}>${keyBadge(nth(cards, id))}${cardButtonInner(
            id,
            catalog,
          )}<small
          class="naga-effect-text">${effectText(id, catalog)}</small>${suggestedMark(
            isSuggested(hinted, { card: id }, sel),
          )}</button>`,
          )}</div>${buttonRow(
            html`<button type="button" class="naga-primary" data-act="give-confirm" data-testid="confirm"
        ?disabled=${!chosen}>${chosen ? chosen.done : "Give"}</button>`,
            keyHelp(firstKeys(cards.length), "card to give", true, null),
          )}`;
}

/** The menu of each phase. */
const MENUS = { call: callMenu, confront: confrontMenu, place: placeMenu, give: giveMenu };

// -- clickable board places ------------------------------------------------------------------------------

function placeClicks(ctx, spaceClicks) {
  const { menu, sel, board } = ctx;
  const temple = board.temples?.[menu.player];
  if (!temple) return null;
  for (const s of placeChoices(menu, sel.place.space).spaces) {
    spaceClicks.set(`${temple.name}:${s}`, {
      act: "place-space",
      args: { space: s },
      hint: "place the room here",
      chosen: sel.place.space === s,
    });
  }
  // the room is drawn where the preview shown stands (preview.js: the candidate under the pointer), else the choice
  const at = ctx.previewShown?.place ?? sel.place;
  if (at.space === null || at.rot === null) return null;
  return {
    temple: temple.name,
    space: at.space,
    room: menu.room?.id ?? "",
    openings: placeNode(menu, at.space, at.rot)?.openings ?? "",
    amulet: board.offered?.amulet ?? null,
  };
}

function targetClicks(ctx, spaceClicks, slotClicks) {
  const { menu, sel, catalog } = ctx;
  const inv = sel.invoke;
  const choice = invokeChoices(menu, inv.card, inv.pay, inv.tokens);
  const put = (tok, click) => {
    const t = tokenTarget(tok, catalog?.places);
    if (t) (t.kind === "slot" ? slotClicks : spaceClicks).set(tok, click);
  };
  for (const tok of inv.tokens) put(tok, { act: "noop", args: {}, hint: "chosen", chosen: true });
  for (const tok of choice.next)
    put(tok, { act: "target", args: { token: tok }, hint: `choose ${tok} as target`, chosen: false });
}

/** Which board places are clickable now, and what a click does; the preview of a placement. */
export function boardClicks(ctx) {
  const spaceClicks = new Map();
  const slotClicks = new Map();
  let preview = null;
  if (ctx.active && ctx.menu.phase === "place") preview = placeClicks(ctx, spaceClicks);
  else if (ctx.active && ctx.menu.phase === "confront" && ctx.sel.invoke.card && ctx.sel.invoke.pay)
    targetClicks(ctx, spaceClicks, slotClicks);
  return { spaceClicks, slotClicks, preview };
}

// view.js — render(): draws the widget into its element, keeps it in sync with the model's
// traits, and turns clicks and keys into intents (docs/widget-protocol.md).

import { templeLayoutCached } from "./geometry.js";
import { callActionText, placeActionText, giveActionText } from "./tokens.js";
import { callSelectionValid, invokeChoices, placeChoices, nextIntentId, timelineKeyIntent } from "./menu.js";
import { CSS } from "./styles.js";
import { emptySelection, viewState, widgetMarkup } from "./markup.js";

/**
 * The traits the view draws; a change of any of them redraws. `events` is the event log
 * (docs/widget-protocol.md); `log` is its earlier name, still read when `events` is absent.
 */
export const TRAITS = ["catalog", "board", "menu", "timeline", "events", "log", "status"];

let instances = 0;

/**
 * Draw the widget into `el` and keep it in sync with `model`. Returns the cleanup function.
 * @param {{model: {get: Function, set: Function, on: Function, off: Function, save_changes: Function}, el: HTMLElement}} args
 * @returns {() => void}
 */
export function render({ model, el }) {
  const uid = `naga${++instances}`;
  const root = document.createElement("div");
  root.className = "naga-root";
  root.tabIndex = 0;
  root.setAttribute("data-testid", "root");
  root.setAttribute("aria-label", "Naga Raja");
  const style = document.createElement("style");
  style.textContent = CSS;
  const app = document.createElement("div");
  app.className = "naga-app";
  root.append(style, app);
  el.appendChild(root);

  const layout = templeLayoutCached();
  let sel = emptySelection();
  let selKey = null;
  let lastSent = 0;
  let pending = false; // a play was sent and Python has not answered yet: no second play meanwhile

  function snapshot() {
    return viewState({
      catalog: model.get("catalog"),
      board: model.get("board"),
      menu: model.get("menu"),
      timeline: model.get("timeline"),
      events: model.get("events"),
      log: model.get("log"),
      status: model.get("status"),
    });
  }

  function draw() {
    const started = performance.now();
    const snap = snapshot();
    // a new decision (another menu, or the cursor moved) forgets a half-made choice
    const key = `${JSON.stringify(snap.menu)}|${snap.timeline.step}|${snap.timeline.branch}`;
    if (key !== selKey) {
      selKey = key;
      sel = emptySelection();
    }
    const focusedId = root.contains(document.activeElement) && document.activeElement !== root
      ? document.activeElement.getAttribute("data-testid")
      : null;
    const ctx = { ...snap, sel, uid, layout, pending };
    app.innerHTML = widgetMarkup(ctx);
    if (focusedId) {
      const again = findTestId(focusedId);
      if (again && typeof again.focus === "function") again.focus();
      else root.focus({ preventScroll: true });
    }
    // a page that wants render times (the end-to-end test, `make bench`) provides this array
    const times = globalThis.__nagaRenderTimes;
    if (Array.isArray(times)) times.push(performance.now() - started);
  }

  function findTestId(id) {
    for (const node of app.querySelectorAll("[data-testid]")) {
      if (node.getAttribute("data-testid") === id) return node;
    }
    return null;
  }

  function send(type, fields = {}) {
    const id = nextIntentId(lastSent, model.get("status"), model.get("intent"));
    lastSent = id;
    model.set("intent", { id, type, ...fields });
    model.save_changes();
    if (type === "play") {
      pending = true;
      draw();
    }
  }

  function activate(node) {
    if (!node || node.disabled || node.getAttribute("aria-disabled") === "true") return;
    const act = node.getAttribute("data-act");
    const snap = snapshot();
    const menu = snap.menu;
    const playable = snap.active && !pending;
    switch (act) {
      case "tl": {
        const type = node.getAttribute("data-type");
        if (["start", "undo", "redo", "end"].includes(type)) send(type);
        return;
      }
      case "fork":
        send("fork");
        return;
      case "unfork":
        send("unfork");
        return;
      case "reveal":
        send("reveal");
        return;
      default:
        break;
    }
    if (!playable) return;
    switch (act) {
      case "toggle-card": {
        const card = node.getAttribute("data-card");
        if (!(menu.groups ?? []).some((g) => g.includes(card))) return;
        sel.call = sel.call.includes(card) ? sel.call.filter((c) => c !== card) : [...sel.call, card];
        break;
      }
      case "call-confirm":
        if (!callSelectionValid(menu, sel.call)) return;
        send("play", { action: callActionText(sel.call) });
        return;
      case "pass":
        if (!menu.pass) return;
        send("play", { action: "pass" });
        return;
      case "invoke-card": {
        const card = node.getAttribute("data-card");
        if (invokeChoices(menu, card).stage !== "pay") return;
        sel.invoke = { card, pay: null, tokens: [] };
        break;
      }
      case "invoke-pay": {
        const pay = node.getAttribute("data-pay");
        const c = invokeChoices(menu, sel.invoke.card, pay, []);
        if (c.stage !== "target") return;
        sel.invoke = { ...sel.invoke, pay, tokens: [] };
        break;
      }
      case "target": {
        const token = node.getAttribute("data-token");
        const c = invokeChoices(menu, sel.invoke.card, sel.invoke.pay, sel.invoke.tokens);
        if (c.stage !== "target" || !c.next.includes(token)) return;
        sel.invoke = { ...sel.invoke, tokens: [...sel.invoke.tokens, token] };
        break;
      }
      case "invoke-confirm": {
        const c = invokeChoices(menu, sel.invoke.card, sel.invoke.pay, sel.invoke.tokens);
        if (!c.complete) return;
        send("play", { action: c.actionText });
        return;
      }
      case "back": {
        const inv = sel.invoke;
        if (inv.tokens.length) sel.invoke = { ...inv, tokens: inv.tokens.slice(0, -1) };
        else if (inv.pay) sel.invoke = { ...inv, pay: null };
        else sel.invoke = { card: null, pay: null, tokens: [] };
        break;
      }
      case "reset":
        sel = emptySelection();
        break;
      case "place-space": {
        const space = Number(node.getAttribute("data-space"));
        const c = placeChoices(menu, space);
        if (!c.rotations.length) return;
        sel.place = { space, rot: c.rotations.includes(sel.place.rot) ? sel.place.rot : c.rotations[0] };
        break;
      }
      case "rotation": {
        const rot = Number(node.getAttribute("data-rot"));
        if (!placeChoices(menu, sel.place.space).rotations.includes(rot)) return;
        sel.place = { ...sel.place, rot };
        break;
      }
      case "place-confirm": {
        const { space, rot } = sel.place;
        if (space === null || rot === null || !placeChoices(menu, space).rotations.includes(rot)) return;
        send("play", { action: placeActionText(space, rot) });
        return;
      }
      case "give-card": {
        const card = node.getAttribute("data-card");
        const cards = Array.isArray(menu.gives) ? menu.gives : snap.board.drawn ?? [];
        if (!cards.includes(card)) return;
        sel.give = card;
        break;
      }
      case "give-confirm": {
        const cards = Array.isArray(menu.gives) ? menu.gives : snap.board.drawn ?? [];
        if (sel.give === null || !cards.includes(sel.give)) return;
        send("play", { action: giveActionText(sel.give) });
        return;
      }
      default:
        return;
    }
    draw();
  }

  const onClick = (event) => {
    const node = event.target?.closest?.("[data-act]");
    if (!node || !root.contains(node)) return;
    const act = node.getAttribute("data-act");
    if (act === "goto" || act === "branch") return; // handled on change
    activate(node);
  };

  const onChange = (event) => {
    const node = event.target;
    if (!node || !root.contains(node)) return;
    const act = node.getAttribute?.("data-act");
    if (act === "goto") {
      const step = Number(node.value);
      if (Number.isInteger(step) && step !== model.get("timeline")?.step) send("goto", { step });
    } else if (act === "branch") {
      const index = Number(node.value);
      if (Number.isInteger(index) && index !== model.get("timeline")?.branch) send("branch", { index });
    }
  };

  const onKeyDown = (event) => {
    const target = event.target;
    const key = event.key;
    // SVG (and other non-<button>) role=button elements: Enter/Space activate
    const node = target?.closest?.("[data-act]");
    if (node && node.getAttribute("role") === "button" && node.tagName !== "BUTTON" && (key === "Enter" || key === " " || key === "Spacebar")) {
      event.preventDefault();
      activate(node);
      return;
    }
    const tag = target?.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target?.isContentEditable) return;
    const intent = timelineKeyIntent(key, model.get("timeline"));
    if (["ArrowLeft", "ArrowRight", "Home", "End"].includes(key)) {
      event.preventDefault();
      event.stopPropagation();
    }
    if (intent && !model.get("status")?.screen) send(intent.type);
  };

  root.addEventListener("click", onClick);
  root.addEventListener("change", onChange);
  root.addEventListener("keydown", onKeyDown);

  const onTrait = () => {
    pending = false; // any answer from Python (at least status.ack changes) re-opens the menu
    draw();
  };
  for (const name of TRAITS) model.on(`change:${name}`, onTrait);
  draw();

  return () => {
    for (const name of TRAITS) model.off(`change:${name}`, onTrait);
    root.removeEventListener("click", onClick);
    root.removeEventListener("change", onChange);
    root.removeEventListener("keydown", onKeyDown);
    root.remove();
  };
}

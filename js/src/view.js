// view.js — render(): draws the widget into its element, keeps it in sync with the model's traits,
// and turns clicks and keys into intents (docs/widget-protocol.md). A redraw patches the DOM
// (lit-html) instead of replacing it, so focus, scroll positions and half-typed choices survive;
// focus.js covers the controls that do go away.

import { render as renderTemplate } from "lit-html";
import { templeLayoutCached } from "./geometry.js";
import { nextIntentId } from "./menu.js";
import { Scrubber, keyMove, moveTarget } from "./scrub.js";
import { announcement } from "./changes.js";
import { pageIsDark } from "./theme.js";
import { CSS } from "./styles.js";
import { viewState, widgetTemplate } from "./markup.js";
import { handleAct, initialSelection } from "./handlers.js";
import { captureFocus, restoreFocus } from "./focus.js";
import { pickIntent } from "./chance.js";
import { SUPPRESS_SHORTCUTS, captureKeys, leaveWidget } from "./keys.js";
import { DEFAULT_BUDGET, HINT_BUDGETS } from "./explain.js";
import { SIZES } from "./table.js";
import { placeRule } from "./place.js";
import { HOVER_ACTS, hoverOf } from "./preview.js";

/** The traits the view draws; a change of any of them redraws. */
export const TRAITS = ["catalog", "board", "menu", "timeline", "events", "status", "chance", "explain"];

/** Keys of the timeline on the widget (not in a form field): ← → Home End. */
const TIMELINE_KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];
const FORM_FIELDS = ["INPUT", "TEXTAREA", "SELECT"];
/** Inputs that take no typed text: the number keys of a decision work on them too. */
const KEYLESS_INPUTS = ["checkbox", "radio", "range", "button"];
/** The number keys of a decision's options (actions.js: `data-option-key`). */
const OPTION_KEY = /^[0-9]$/;
/** Inside the decision: its options by their number key, its Confirm. */
const DECISION = '[data-testid="actions"]';
/** Choices after which a choice made by the keyboard hands the focus to Confirm (activate). */
const TO_CONFIRM = ["place-space", "rotation", "give-card"];
/** Events that move the pointer or the focus onto a candidate, or off it (the previews of preview.js). */
const HOVER_EVENTS = ["pointerover", "pointerout", "focusin", "focusout"];

let instances = 0;

/**
 * An id prefix for one view, unique on the page. A counter alone is not: each copy of this module
 * counts from 1 (anywidget may load the module once per widget class, and again on a hot reload),
 * so two widgets on a page could share their ids; random digits come with it.
 */
export function viewUid() {
  const c = globalThis.crypto;
  const random = c?.getRandomValues
    ? c.getRandomValues(new Uint32Array(2)).reduce((text, n) => text + n.toString(36), "")
    : Math.random().toString(36).slice(2);
  return `naga-${random}-${++instances}`;
}

/** The widget's root element (focusable, shortcuts of the host suppressed), its style and its app area. */
function createRoot(el) {
  const root = document.createElement("div");
  root.className = "naga-root";
  root.tabIndex = 0;
  root.setAttribute("data-testid", "root");
  root.setAttribute("aria-label", "Naga Raja");
  root.setAttribute(SUPPRESS_SHORTCUTS, "true");
  const style = document.createElement("style");
  style.textContent = CSS;
  const app = document.createElement("div");
  app.className = "naga-app";
  root.append(style, app);
  el.classList.add("naga-host"); // its size in a flex row of the host (styles.js)
  el.appendChild(root);
  return { root, app };
}

function traitsOf(model) {
  return Object.fromEntries(TRAITS.map((name) => [name, model.get(name)]));
}

/** Is this role=button element (an SVG target, not a <button>) activated by this key? */
function activatesSvgButton(node, key) {
  return (
    node &&
    node.getAttribute("role") === "button" &&
    node.tagName !== "BUTTON" &&
    (key === "Enter" || key === " " || key === "Spacebar")
  );
}

/** The data-* attributes of an element (HTML or SVG) by their names without "data-". */
function dataOf(node) {
  const data = {};
  for (const { name, value } of node.attributes) if (name.startsWith("data-")) data[name.slice(5)] = value;
  return data;
}

/** One view of the widget: its DOM, the choice in progress, and the listeners of model and DOM. */
class NagaView {
  constructor(model, el) {
    this.model = model;
    this.uid = viewUid(); // the prefix of the ids in this view (SVG patterns, labelled selectors)
    ({ root: this.root, app: this.app } = createRoot(el));
    this.layout = templeLayoutCached(model.get("catalog")?.slots);
    this.sel = initialSelection(null);
    this.selKey = null;
    this.lastSent = 0;
    this.pending = false; // a play was sent and Python has not answered yet: no second play meanwhile
    this.hinting = false; // a hint was asked for and Python has not answered yet
    // a goto travels as a message when the model can send one: the manager does not hold a message
    // back until the kernel answered the one before (as it does a trait change), so two can be in flight
    const messages = typeof model.send === "function";
    this.scrub = new Scrubber((to) => this.send("goto", { to }, messages), messages ? 2 : 1);
    this.seen = { board: null, step: null, branch: null }; // the board last drawn, and where it was
    this.changes = null;
    this.announce = "";
    this.rule = null; // the rule id whose text the popup shows
    this.ruleAt = null; // where the popup stands (placeRule), once it was measured
    this.hintBudget = DEFAULT_BUDGET; // the simulations a hint may use (the selector of explain.js)
    this.tab = "none"; // the drawer's open tab (table.js): none at first
    this.legend = false; // the legend is open
    this.hover = null; // the candidate under the pointer or with the focus, whose preview shows (preview.js)
    this.onClick = this.onClick.bind(this);
    this.onChange = this.onChange.bind(this);
    this.onInput = this.onInput.bind(this);
    this.onKeyDown = this.onKeyDown.bind(this);
    this.onTrait = this.onTrait.bind(this);
    this.onHover = this.onHover.bind(this);
    this.onSize = () => this.draw();
    this.root.addEventListener("click", this.onClick);
    for (const type of HOVER_EVENTS) this.root.addEventListener(type, this.onHover);
    this.root.addEventListener("change", this.onChange);
    this.root.addEventListener("input", this.onInput);
    this.releaseKeys = captureKeys(this.root, this.onKeyDown);
    for (const name of TRAITS) model.on(`change:${name}`, this.onTrait);
    model.on("change:size", this.onSize); // a setting of every view, not an answer from Python
    this.el = el;
    this.followTheme();
    this.draw();
  }

  /** Light or dark, as the page around says (theme.js); again whenever JupyterLab or marimo switch theme. */
  followTheme() {
    const apply = () => this.root.classList.toggle("naga-dark", pageIsDark(this.el));
    apply();
    const doc = this.el.ownerDocument ?? document;
    if (typeof MutationObserver === "undefined") return;
    this.themeObserver = new MutationObserver(apply);
    for (const node of [doc.documentElement, doc.body]) {
      if (node)
        this.themeObserver.observe(node, {
          attributes: true,
          attributeFilter: ["class", "data-jp-theme-light", "data-theme", "data-jp-theme-name"],
        });
    }
  }

  /** The size of the table (the synced trait `size`): "normal", or "large" for a projector. */
  size() {
    const size = this.model.get("size");
    return SIZES.includes(size) ? size : "normal";
  }

  /** Redraw from the model, keeping the focus (focus.js). */
  draw() {
    const started = performance.now();
    const snap = viewState(traitsOf(this.model));
    // a new decision (another menu, or the cursor moved) forgets a half-made choice
    const key = `${JSON.stringify(snap.menu)}|${snap.timeline.step}|${snap.timeline.branch}`;
    if (key !== this.selKey) {
      this.selKey = key;
      this.sel = initialSelection(snap.menu); // a level with one choice only is chosen already
      this.hover = null;
    }
    const focus = captureFocus(this.root);
    this.noteChanges(snap);
    const shownStep = this.scrub.shown(snap.timeline.step);
    const extra = {
      sel: this.sel,
      uid: this.uid,
      layout: this.layout,
      pending: this.pending,
      shownStep,
      changes: this.changes,
      announce: this.announce,
      rule: this.rule,
      ruleAt: this.ruleAt,
      hintBudget: this.hintBudget,
      tab: this.tab,
      legend: this.legend,
      size: this.size(),
      hinting: this.hinting,
      hover: this.hover,
    };
    this.root.classList.toggle("naga-large", extra.size === "large");
    renderTemplate(widgetTemplate({ ...snap, ...extra }), this.app);
    restoreFocus(this.root, focus);
    this.showLatest();
    // a page that wants render times (the end-to-end test, `make bench`) provides this array
    const times = globalThis.__nagaRenderTimes;
    if (Array.isArray(times)) times.push(performance.now() - started);
  }

  /** A new summary of what just happened (happened.js) opens scrolled to its latest event. */
  showLatest() {
    const list = this.root.querySelector(".naga-happened-list");
    const key = list?.getAttribute("data-key");
    if (!list || key === this.happenedKey) return;
    this.happenedKey = key;
    list.scrollTop = list.scrollHeight;
  }

  /**
   * After a new step: what changed since the board drawn before (a step forward only; a jump or a
   * step back shows no changes), and the sentence the live region announces.
   */
  noteChanges(snap) {
    const tl = snap.timeline;
    const board = this.model.get("board");
    const seen = this.seen;
    const moved = tl.step !== seen.step || tl.branch !== seen.branch;
    if (board === seen.board && !moved) return;
    if (board !== seen.board) {
      const forward = tl.step === seen.step + 1 && (tl.branch === seen.branch || tl.step === tl.last);
      if (forward) this.changes = tl.changes ?? null;
      else if (moved) this.changes = null;
    }
    if (moved && typeof tl.step === "number") this.announce = announcement(tl.step, tl.label, this.changes);
    this.seen = { board, step: tl.step, branch: tl.branch };
  }

  /**
   * Send an intent, stamped with the position it was made at (the step and branch shown): Python
   * refuses it if the game has moved since. A play waits for Python's answer before the next one.
   * `message`: send it as a custom message instead of in the intent trait (the gotos of scrub.js).
   * Returns the intent's id.
   */
  send(type, fields = {}, message = false) {
    const id = nextIntentId(this.lastSent, this.model.get("status"), this.model.get("intent"));
    this.lastSent = id;
    const tl = this.model.get("timeline") ?? {};
    const stamp = Number.isInteger(tl.step) && Number.isInteger(tl.branch) ? { step: tl.step, branch: tl.branch } : {};
    const intent = { id, type, ...fields, ...stamp };
    if (message) {
      this.model.send(intent);
    } else {
      this.model.set("intent", intent);
      this.model.save_changes();
    }
    if (type === "hint") {
      this.hinting = true; // the search keeps the kernel busy for a while: no second hint meanwhile
      this.draw();
    }
    if (type === "play") {
      this.pending = true;
      this.draw();
    }
    return id;
  }

  /** A timeline move (button or key): coalesced to the latest step wanted. @param {string} move */
  move(move) {
    const tl = this.model.get("timeline");
    if (!tl || tl.mode === "off") return;
    const to = moveTarget(move, tl, this.scrub.shown(tl.step));
    if (to === null) return;
    this.scrub.want(to, tl.step);
    this.draw();
  }

  /**
   * A control was clicked (or an SVG target activated by a key): handlers.js says what follows. Chosen
   * by the keyboard (`byKey`), a space, an orientation or the card to give hands the focus to Confirm:
   * a placement is then Tab, Enter, Enter from the widget (the decision comes first, onKeyDown).
   */
  activate(node, byKey = false) {
    if (!node || node.disabled || node.getAttribute("aria-disabled") === "true") return;
    const snap = viewState(traitsOf(this.model));
    const click = { data: dataOf(node), sel: this.sel, menu: snap.menu, temples: snap.templeNames };
    const outcome = handleAct(node.getAttribute("data-act"), click, snap.active && !this.pending);
    if (!outcome) return;
    if ("move" in outcome) {
      this.move(outcome.move);
    } else if ("rule" in outcome) {
      this.showRule(outcome.rule, node);
    } else if ("view" in outcome) {
      this.setView(outcome.view);
    } else if ("send" in outcome) {
      const { type, ...fields } = outcome.send;
      this.send(type, fields);
    } else {
      this.sel = outcome.sel;
      this.draw();
      if (byKey && TO_CONFIRM.includes(node.getAttribute("data-act"))) {
        const confirm = this.root.querySelector('[data-testid="actions"] [data-testid="confirm"]');
        if (confirm && !confirm.disabled) confirm.focus({ preventScroll: true });
      }
    }
  }

  /**
   * A number key chose `option` (an option of the decision's current level), as a click with Enter would.
   * Then the focus goes to Confirm once the choice is whole (Enter confirms it; the number keys still
   * choose), else, when the option went away with its level (a card invoked, a payment, a part of a
   * target), to the next level's first option.
   */
  chooseByKey(option) {
    this.activate(option, true);
    const confirm = this.root.querySelector(`${DECISION} [data-testid="confirm"]:not([disabled])`);
    const next = confirm ?? (option.isConnected ? null : this.root.querySelector(`${DECISION} [data-option-key="1"]`));
    next?.focus({ preventScroll: true });
  }

  /**
   * Escape in a decision: undo its last choice, a level up (an invoke: handlers.js `back`; a placement's
   * space, a call's cards, the card to give: the choice it started with). False when there is nothing
   * to undo: Escape then hands the keyboard back to the notebook.
   */
  stepBack() {
    const snap = viewState(traitsOf(this.model));
    if (!snap.active || this.pending || !snap.menu) return false;
    let sel = null;
    if (snap.menu.phase === "confront") {
      if (!this.sel.invoke.card) return false;
      const click = { data: {}, sel: this.sel, menu: snap.menu, temples: snap.templeNames };
      sel = handleAct("back", click, true)?.sel ?? null;
    } else {
      const start = initialSelection(snap.menu);
      if (JSON.stringify(start) !== JSON.stringify(this.sel)) sel = start;
    }
    if (!sel) return false;
    this.sel = sel;
    this.draw();
    this.root.querySelector(`${DECISION} [data-option-key="1"]`)?.focus({ preventScroll: true });
    return true;
  }

  /** The first control of the decision (not a rule id, not the list of what just happened), if any. */
  firstDecisionControl() {
    const panel = this.root.querySelector('[data-testid="actions"]');
    if (!panel) return null;
    return (
      [...panel.querySelectorAll("button, input, select")].find(
        (n) =>
          !n.disabled &&
          n.getAttribute("data-act") !== "rule" &&
          !n.closest(".naga-happened, [hidden]") &&
          n.getAttribute("tabindex") !== "-1",
      ) ?? null
    );
  }

  /** A setting of the view itself (the drawer's tab, the legend): no intent, only a redraw. */
  setView(change) {
    if (typeof change.tab === "string") this.tab = change.tab;
    if (change.legend === "toggle") {
      this.legend = !this.legend;
      this.draw();
      const to = this.legend ? "legend-close" : "legend-button";
      this.root.querySelector(`[data-testid="${to}"]`)?.focus({ preventScroll: true });
      return;
    }
    this.draw();
  }

  /**
   * Open the popup of a rule next to the control that opened it, wholly inside the part of the page
   * that is visible (placeRule); its Close button takes the focus. Or close it: the focus goes back to
   * the very control that opened it (another of the same rule id if a redraw replaced it).
   */
  showRule(rule, opener) {
    if (rule) {
      this.ruleOpener = opener?.getAttribute?.("data-rule") ?? null;
      this.ruleOpenerNode = opener ?? null;
    }
    const back = this.ruleOpener;
    const backNode = this.ruleOpenerNode;
    this.rule = rule;
    this.ruleAt = null;
    this.draw();
    if (rule) {
      const popup = this.root.querySelector('[data-testid="rule-popup"]');
      this.ruleAt = placeRule(popup, opener, this.root);
      if (this.ruleAt) this.draw();
      this.root.querySelector('[data-testid="rule-close"]')?.focus({ preventScroll: true });
      return;
    }
    this.ruleOpenerNode = null;
    const target =
      backNode && backNode.isConnected && this.root.contains(backNode)
        ? backNode
        : back
          ? this.root.querySelector(`[data-act="rule"][data-rule="${back}"]`)
          : null;
    target?.focus({ preventScroll: true });
  }

  /** The pointer or the focus on a candidate (a space, a rotation, a target): its preview shows. */
  onHover(event) {
    const leaving = event.type === "pointerout" || event.type === "focusout";
    const node = leaving ? null : event.target?.closest?.("[data-act]");
    const hover = node && this.root.contains(node) ? hoverOf(node.getAttribute("data-act"), dataOf(node)) : null;
    if (JSON.stringify(hover) === JSON.stringify(this.hover)) return;
    if (leaving && HOVER_ACTS.includes(event.relatedTarget?.closest?.("[data-act]")?.getAttribute("data-act"))) return;
    this.hover = hover;
    this.draw();
  }

  onClick(event) {
    const node = event.target?.closest?.("[data-act]");
    if (!node || !this.root.contains(node)) return;
    const act = node.getAttribute("data-act");
    // a click made by Enter or Space on a button has no pointer: detail 0
    if (act !== "goto" && act !== "branch") this.activate(node, event.detail === 0); // those two act on change
  }

  /** The slider, the branch selector, the teacher's chance selectors, the hint's budget and auto-pass. */
  onChange(event) {
    const node = event.target;
    if (!node || !this.root.contains(node)) return;
    const act = node.getAttribute?.("data-act");
    if (act === "size") {
      if (SIZES.includes(node.value) && node.value !== this.size()) {
        this.model.set("size", node.value); // synced: Python and every other view follow
        this.model.save_changes();
      }
      this.draw();
      return;
    }
    if (act === "hint-budget") {
      const budget = Number(node.value);
      if (HINT_BUDGETS.includes(budget)) this.hintBudget = budget;
      this.draw();
      return;
    }
    if (act === "watch-speed") {
      if (node.value) this.send("watch_speed", { speed: node.value });
      return;
    }
    if (act === "auto-pass") {
      this.send("auto_pass", { on: !!node.checked }); // Python keeps the setting (status.auto_pass)
      return;
    }
    if (act === "force-pick") {
      this.send("force", pickIntent(node.getAttribute("data-kind"), node.value));
      return;
    }
    const timeline = this.model.get("timeline");
    const value = Number(node.value);
    if (!Number.isInteger(value)) return;
    if (act === "goto") this.slide(value);
    else if (act === "branch" && value !== timeline?.branch) {
      this.scrub.reset();
      this.send("branch", { index: value });
    }
  }

  /** The slider while it is dragged: each step on the way is shown (coalesced, see scrub.js). */
  onInput(event) {
    const node = event.target;
    if (!node || !this.root.contains(node) || node.getAttribute?.("data-act") !== "goto") return;
    const value = Number(node.value);
    if (Number.isInteger(value)) this.slide(value);
  }

  slide(value) {
    const tl = this.model.get("timeline");
    if (!tl || tl.mode === "off" || value === this.scrub.shown(tl.step)) return;
    this.scrub.want(value, tl.step);
    this.draw();
  }

  /**
   * Keys (seen first, keys.js): Escape; the number keys choose an option of the decision, Enter on the widget
   * confirms it; Enter/Space on SVG targets; ← → Home End move the cursor. True for a key the widget
   * used that would otherwise leave it (an Escape kept inside).
   */
  onKeyDown(event) {
    const from = (typeof event.composedPath === "function" ? event.composedPath()[0] : null) ?? event.target;
    const bare = !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (event.key === "Tab" && bare && from === this.root) {
      const first = this.firstDecisionControl(); // Tab from the widget itself: the decision comes first
      if (first) {
        event.preventDefault();
        first.focus({ preventScroll: false });
      }
      return;
    }
    if (event.key === "Escape") {
      if (this.rule) this.showRule(null);
      else if (this.legend) this.setView({ legend: "toggle" });
      else if (!this.stepBack()) {
        leaveWidget(this.root);
        return false;
      }
      event.preventDefault();
      return true;
    }
    // seen at the window, a key from inside a shadow root (marimo) is addressed to its host: the
    // element really pressed is the first of the event's path
    const target = (typeof event.composedPath === "function" ? event.composedPath()[0] : null) ?? event.target;
    const node = target?.closest?.("[data-act]");
    if (activatesSvgButton(node, event.key)) {
      event.preventDefault();
      this.activate(node, true);
      return;
    }
    const typing = FORM_FIELDS.includes(target?.tagName) && !KEYLESS_INPUTS.includes(target.type);
    const plain = !event.ctrlKey && !event.metaKey && !event.altKey; // Shift gives the digits on some layouts
    if (plain && OPTION_KEY.test(event.key) && !typing && !target?.isContentEditable) {
      const option = this.root.querySelector(`${DECISION} [data-option-key="${event.key}"]`);
      if (option) {
        event.preventDefault();
        this.chooseByKey(option);
      }
      return;
    }
    if (FORM_FIELDS.includes(target?.tagName) || target?.isContentEditable) return;
    if (event.key === "Enter" && bare && from === this.root) {
      const confirm = this.root.querySelector(`${DECISION} [data-testid="confirm"]:not([disabled])`);
      if (confirm) {
        event.preventDefault();
        this.activate(confirm, true);
      }
      return;
    }
    if (!TIMELINE_KEYS.includes(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    const move = keyMove(event.key);
    if (move) this.move(move); // also on the hot-seat screen: the timeline never traps the players
  }

  /**
   * Any answer from Python (at least status.ack changes) re-opens the menu; the next goto of a scrub
   * goes once the whole answer is in: some managers set the traits of one message one at a time,
   * and a goto stamped between them would name a step the match has already left.
   */
  onTrait() {
    this.pending = false;
    this.hinting = false;
    this.draw();
    if (this.settling) return;
    this.settling = true;
    queueMicrotask(() => {
      this.settling = false;
      if (this.destroyed) return;
      const before = this.scrub.inFlight;
      this.scrub.answered(this.model.get("status")?.ack ?? 0, this.model.get("timeline")?.step);
      if (this.scrub.inFlight !== before) this.draw();
    });
  }

  destroy() {
    this.destroyed = true;
    this.themeObserver?.disconnect();
    for (const name of TRAITS) this.model.off(`change:${name}`, this.onTrait);
    this.model.off("change:size", this.onSize);
    this.root.removeEventListener("click", this.onClick);
    for (const type of HOVER_EVENTS) this.root.removeEventListener(type, this.onHover);
    this.root.removeEventListener("change", this.onChange);
    this.root.removeEventListener("input", this.onInput);
    this.releaseKeys();
    this.el.classList.remove("naga-host");
    this.root.remove();
  }
}

/**
 * Draw the widget into `el` and keep it in sync with `model`. Returns the cleanup function.
 * @param {{model: {get: Function, set: Function, on: Function, off: Function, save_changes: Function},
 *   el: HTMLElement}} args
 * @returns {() => void}
 */
export function render({ model, el }) {
  const view = new NagaView(model, el);
  return () => view.destroy();
}

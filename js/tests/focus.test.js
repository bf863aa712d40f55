// Focus and keys: the focus stays in the widget across redraws (also inside a shadow root, and when
// the focused control goes away or is disabled), and keys pressed in the widget never reach the
// notebook's shortcuts. Choices of unordered targets can be clicked in either order.
import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { keyStaysInside } from "../src/keys.js";
import { catalog, fixture, mounter, listed } from "./fixtures.js";

const mount = mounter(widget.render);

afterEach(() => document.body.replaceChildren());

/** Python's answer to a play: the traits of another fixture, with the intent acknowledged. */
function answer(model, name) {
  const next = fixture(name);
  const ack = model.get("intent")?.id ?? 0;
  model.push("board", next.board);
  model.push("menu", next.menu);
  model.push("timeline", next.timeline);
  model.push("status", { ...next.status, ack });
}

function keydown(node, key, options = {}) {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, composed: true, cancelable: true, ...options });
  node.dispatchEvent(event);
  return event;
}

const active = (el) => el.getRootNode().activeElement;

describe("the focus survives every redraw", () => {
  it("keeps the focused button, the same element, across model changes", () => {
    const { f, model, q } = mount("call");
    const card = q(`card-${listed(f.menu).groups[0][0]}`);
    card.focus();
    model.push("status", { ...model.get("status"), message: { level: "info", text: "a redraw" } });
    model.push("board", { ...f.board, round: f.board.round + 1 });
    model.push("events", [{ step: 1, rule: "R4.1", kind: "call", text: "new event" }]);
    expect(document.activeElement).toBe(card);
    expect(q(`card-${listed(f.menu).groups[0][0]}`)).toBe(card);
  });

  it("keeps the focus on a card after it is toggled (click or Enter on a button)", () => {
    const { f, q, click } = mount("call");
    const id = `card-${listed(f.menu).groups[0][0]}`;
    q(id).focus();
    click(id);
    expect(q(id).getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(q(id));
  });

  it("keeps the focused slider while the cursor moves", () => {
    const { model, q } = mount("branches");
    const slider = q("tl-slider");
    slider.focus();
    model.push("timeline", { ...model.get("timeline"), step: 2 });
    expect(document.activeElement).toBe(slider);
    expect(slider.value).toBe("2");
  });

  it("moves the focus to a neighbour in the same panel when the focused control becomes disabled", () => {
    const { f, q, click } = mount("call");
    const cards = listed(f.menu).groups.flat();
    click(`card-${listed(f.menu).groups[0][0]}`);
    const clear = q("cancel");
    expect(clear.disabled).toBe(false);
    clear.focus();
    click("cancel"); // clears the selection: Clear and Confirm are disabled now
    expect(q("cancel").disabled).toBe(true);
    const now = document.activeElement;
    expect(now).not.toBe(document.body);
    expect(now.disabled).toBe(false);
    expect(q("actions").contains(now)).toBe(true);
    expect(now).toBe(q(`card-${cards.at(-1)}`)); // the enabled control nearest to where Clear was
  });

  it("holds the focus on the panel while a play waits, then gives it to the next decision's first control", () => {
    const { f, model, q, click } = mount("call");
    click(`card-${listed(f.menu).groups[0][0]}`);
    q("confirm").focus();
    click("confirm");
    expect(q("pending")).not.toBeNull();
    expect(document.activeElement).toBe(q("actions")); // not <body>
    answer(model, "confront"); // the opponent (or a bot) moved; the viewer decides again
    expect(document.activeElement).toBe(q("pass"));
  });

  it("lets a whole round be played from the keyboard without leaving the widget", () => {
    const { model, q, el, intents } = mount("call");
    const root = q("root");
    const press = () => document.activeElement.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const tabTo = (testid) => {
      // what Tab would do: the next control; here the focus must already be inside the widget
      expect(root.contains(document.activeElement)).toBe(true);
      q(testid).focus();
    };
    q(`card-${listed(fixture("call").menu).groups[0][0]}`).focus();
    press();
    tabTo("confirm");
    press();
    for (const [name, first] of [
      ["confront", "pass"],
      ["place", null],
      ["give", null],
    ]) {
      answer(model, name);
      expect(root.contains(document.activeElement)).toBe(true);
      expect(document.activeElement).not.toBe(root);
      if (first) expect(document.activeElement).toBe(q(first));
      if (name === "confront") press();
      if (name === "place") {
        // the first legal space, among the decision's own buttons (the board's spaces take clicks too)
        expect(document.activeElement.dataset.testid).toMatch(/^place-at-/);
        press(); // a space chosen by a key hands the focus to Confirm
        expect(document.activeElement).toBe(q("confirm"));
        press();
      }
      if (name === "give") {
        expect(document.activeElement.dataset.testid).toMatch(/^give-/);
        press();
        tabTo("confirm");
        press();
      }
    }
    expect(intents().map((i) => i.action.split(" ")[0])).toEqual(["call", "pass", "place", "give"]);
  });

  it("keeps the focus inside a shadow root, where document.activeElement is the host", () => {
    const host = document.createElement("div");
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: "open" });
    const { f, model, q, click, el } = mount("call", {}, shadow);
    const card = q(`card-${listed(f.menu).groups[0][0]}`);
    card.focus();
    expect(document.activeElement).toBe(host);
    expect(shadow.activeElement).toBe(card);
    model.push("board", { ...f.board, round: f.board.round + 1 });
    expect(shadow.activeElement).toBe(card);
    // a disabled control hands the focus to a neighbour inside the shadow root too
    click(`card-${listed(f.menu).groups[0][0]}`);
    q("cancel").focus();
    click("cancel");
    expect(active(el)).not.toBe(q("cancel"));
    expect(q("actions").contains(shadow.activeElement)).toBe(true);
    expect(shadow.activeElement.disabled).toBe(false);
  });
});

describe("keys pressed in the widget stay in it", () => {
  function outerListener(capture = false) {
    const seen = [];
    const listener = (event) => seen.push(event.key);
    document.addEventListener("keydown", listener, capture);
    return { seen, stop: () => document.removeEventListener("keydown", listener, capture) };
  }

  it("keeps its keys from a page that takes shortcuts in the capture phase (Notebook 7)", () => {
    const { f, q } = mount("call");
    const early = outerListener(true);
    try {
      for (const key of ["a", "d", "ArrowLeft", "ArrowDown"]) keydown(q(`card-${listed(f.menu).groups[0][0]}`), key);
      keydown(q("tl-slider"), "ArrowRight");
      expect(early.seen).toEqual([]);
      keydown(q("root"), "Tab");
      expect(early.seen).toEqual(["Tab"]);
    } finally {
      early.stop();
    }
  });

  it("answers Enter on a board target inside a shadow root (marimo), seen from the window", () => {
    const host = document.createElement("div");
    document.body.appendChild(host);
    const shadow = host.attachShadow({ mode: "open" });
    const { f, q, click, intents, el } = mount("confront", {}, shadow);
    const [card, pay] = listed(f.menu).invokes.find(([c]) => catalog.cards[c].effect === "E07");
    click(`card-${card}`);
    if (q(`pay-${pay}`)) click(`pay-${pay}`); // with one payment only, the view chose it
    const slot = el.querySelector('[data-testid="slot-gold-W2"]') ?? el.querySelector('.naga-target[role="button"]');
    keydown(slot, "Enter");
    expect(q("chosen-tokens")).not.toBeNull();
    expect(intents()).toHaveLength(0);
    host.remove();
  });

  it("marks the root for Lumino to skip its shortcuts", () => {
    const { q } = mount("call");
    expect(q("root").hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
  });

  it("does not let a key on a widget button bubble out of the root", () => {
    const { f, q } = mount("call");
    const outer = outerListener();
    try {
      const card = q(`card-${listed(f.menu).groups[0][0]}`);
      for (const key of ["a", "b", "d", "d", "x", "m", "ArrowUp", "ArrowDown", "ArrowLeft", "Enter", " "])
        keydown(card, key);
      keydown(q("tl-slider"), "ArrowLeft");
      keydown(q("root"), "j");
      expect(outer.seen).toEqual([]);
      // Tab moves the focus, Escape hands the keyboard back, Ctrl/Cmd shortcuts belong to the page
      keydown(card, "Tab");
      keydown(card, "Tab", { shiftKey: true });
      keydown(card, "s", { ctrlKey: true });
      keydown(card, "c", { metaKey: true });
      expect(outer.seen).toEqual(["Tab", "Tab", "s", "c"]);
    } finally {
      outer.stop();
    }
  });

  it("says which keys stay inside", () => {
    expect(keyStaysInside({ key: "a" })).toBe(true);
    expect(keyStaysInside({ key: "ArrowLeft", shiftKey: true })).toBe(true);
    expect(keyStaysInside({ key: "Tab" })).toBe(false);
    expect(keyStaysInside({ key: "Escape" })).toBe(false);
    expect(keyStaysInside({ key: "Enter", ctrlKey: true })).toBe(false);
  });

  it("hands the focus to the cell around the widget on Escape", () => {
    const cell = document.createElement("div");
    cell.tabIndex = -1;
    const output = document.createElement("div");
    cell.appendChild(output);
    document.body.appendChild(cell);
    const { f, q } = mount("call", {}, output);
    const card = q(`card-${listed(f.menu).groups[0][0]}`);
    card.focus();
    keydown(card, "Escape");
    expect(document.activeElement).toBe(cell);
  });

  it("still answers its own keys: ← → on the widget move the cursor, none in a form field", async () => {
    const { f, q, model, intents } = mount("branches");
    const step = f.timeline.step;
    keydown(q("tl-start"), "ArrowLeft");
    expect(intents().map((i) => [i.type, i.to])).toEqual([["goto", step - 1]]);
    model.push("timeline", { ...model.get("timeline"), step: step - 1, at_end: false }); // Python's answer
    model.push("status", { ...model.get("status"), ack: intents()[0].id });
    await Promise.resolve();
    keydown(q("root"), "ArrowRight");
    expect(intents().map((i) => [i.type, i.to])).toEqual([
      ["goto", step - 1],
      ["goto", step],
    ]);
    keydown(q("tl-slider"), "ArrowLeft"); // the slider's own key: the browser moves it (an input event)
    expect(intents()).toHaveLength(2);
  });
});

describe("unordered targets through the view (R5: E06, E07)", () => {
  const effectCard = (menu, effect) => listed(menu).invokes.find(([c]) => catalog.cards[c].effect === effect);

  it("sends an E07 pair picked backwards in the engine's order", () => {
    const { f, q, click, intents } = mount("confront");
    const [card, pay] = effectCard(f.menu, "E07");
    click(`card-${card}`);
    if (q(`pay-${pay}`)) click(`pay-${pay}`); // with one payment only, the view chose it
    expect(q("target-gold:E2")).not.toBeNull(); // the last slot may come first
    q("slot-gold-E2").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    click("target-gold:W2");
    expect(q("chosen-tokens").textContent).toBe("gold:E2 gold:W2");
    click("confirm");
    expect(intents().at(-1).action).toBe(`invoke ${card} ${pay} gold:W2 gold:E2`);
  });

  it("offers every partner of an E06 relic, the other temple's too", () => {
    const { f, q, click, intents, el } = mount("confront");
    const [card, pay, set] = effectCard(f.menu, "E06");
    const texts = listed(f.menu).target_sets[set];
    const singles = texts.filter((t) => !t.includes(" "));
    const last = singles.at(-1);
    click(`card-${card}`);
    if (q(`pay-${pay}`)) click(`pay-${pay}`); // with one payment only, the view chose it
    click(`target-${last}`);
    const offered = [...el.querySelectorAll('[data-testid^="target-"]')].map((n) => n.dataset.token);
    expect(offered).toEqual(singles.slice(0, -1));
    expect(offered.some((t) => t.split(":")[0] !== last.split(":")[0])).toBe(true);
    click(`target-${singles[0]}`);
    click("confirm");
    const pair = texts.find((t) => t === `${singles[0]} ${last}` || t === `${last} ${singles[0]}`);
    expect(intents().at(-1).action).toBe(`invoke ${card} ${pay} ${pair}`);
  });
});

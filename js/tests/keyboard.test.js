// The keyboard: Tab from the widget goes to the decision first; a space, an orientation or the card to
// give chosen by a key hands the focus to Confirm. A placement is Tab, Enter, Enter. The number keys
// choose the options of the decision's current level (a space by its own number), shown on them; Enter
// on the widget confirms; Escape steps back a level, and leaves the widget when there is none.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { mounter, listed } from "./fixtures.js";

const mount = mounter(widget.render);

/** A key on the focused element, as the browser sends it (Enter on a button: a click with no pointer). */
function press(key, options = {}) {
  const target = document.activeElement;
  const down = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...options });
  target.dispatchEvent(down);
  if (!down.defaultPrevented && key === "Tab") return; // jsdom moves no focus by itself
  if (!down.defaultPrevented && (key === "Enter" || key === " ") && target.tagName === "BUTTON")
    target.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 0 }));
}

describe("keyboard", () => {
  it("Tab from the widget goes to the decision's first control, not the legend", () => {
    const { el, q } = mount("call");
    el.querySelector('[data-testid="root"]').focus();
    press("Tab");
    expect(q("actions").contains(document.activeElement)).toBe(true);
    expect(document.activeElement.getAttribute("data-act")).toBe("toggle-card");
  });

  it("a placement takes three keys: Tab to the first space, Enter, Enter on Confirm", () => {
    const { f, el, q, intents } = mount("place");
    el.querySelector('[data-testid="root"]').focus();
    const first = Math.min(...listed(f.menu).places.map((p) => p[0]));
    press("Tab");
    expect(document.activeElement).toBe(q(`place-at-${first}`));
    press("Enter");
    expect(document.activeElement).toBe(q("confirm"));
    expect(q("confirm").disabled).toBe(false);
    press("Enter");
    const rot = Math.min(
      ...listed(f.menu)
        .places.filter((p) => p[0] === first)
        .map((p) => p[1]),
    );
    expect(intents().map((i) => [i.type, i.action])).toEqual([["play", `place ${first} rot${rot}`]]);
  });

  it("an orientation chosen by a key hands the focus to Confirm too; by the mouse it stays", () => {
    const { f, q } = mount("place");
    const space = listed(f.menu).places.find((p) => listed(f.menu).places.filter((o) => o[0] === p[0]).length > 1)[0];
    q(`place-at-${space}`).dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
    const rotations = [...q("actions").querySelectorAll('[data-act="rotation"]')];
    const last = rotations.at(-1);
    last.focus();
    last.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
    expect(document.activeElement).toBe(q(last.dataset.testid));
    q(rotations[0].dataset.testid).focus();
    press("Enter");
    expect(document.activeElement).toBe(q("confirm"));
  });
});

/** The keys the focused element gets, in order, each as the browser sends it (see press). */
function typeKeys(...keys) {
  for (const key of keys) press(key);
  return keys.length;
}

/** The option keys shown in the decision: `data-option-key` → the option's test id. */
function optionKeys(q) {
  return Object.fromEntries(
    [...q("actions").querySelectorAll("[data-option-key]")].map((n) => [
      n.getAttribute("data-option-key"),
      n.dataset.testid,
    ]),
  );
}

describe("number keys", () => {
  it("a placement from the widget is three keys: the space's number, the orientation's, Enter", () => {
    const { f, el, q, intents } = mount("place");
    el.querySelector('[data-testid="root"]').focus();
    const places = listed(f.menu).places;
    const space = places[places.length - 1][0]; // the last space offered, by its own number
    const rots = places.filter((p) => p[0] === space).map((p) => p[1]);
    const count = typeKeys(String(space), "2", "Enter");
    expect(count).toBeLessThanOrEqual(6);
    expect(intents().map((i) => [i.type, i.action])).toEqual([["play", `place ${space} rot${rots[1]}`]]);
  });

  it("shows each option's key at the current level only: the spaces by their number, then the orientations", () => {
    const { f, q } = mount("place");
    const spaces = [...new Set(listed(f.menu).places.map((p) => p[0]))];
    expect(optionKeys(q)).toEqual(Object.fromEntries(spaces.map((s) => [String(s), `place-at-${s}`])));
    expect(q(`place-at-${spaces[0]}`).getAttribute("aria-keyshortcuts")).toBe(String(spaces[0]));
    const run = spaces.every((sp, i) => i === 0 || sp === spaces[i - 1] + 1);
    const said = run ? `${spaces[0]}–${spaces.at(-1)}` : spaces.join(" ");
    expect(q("key-help").textContent).toContain(`Keys: ${said} space · Enter confirm`);
    q("root").focus();
    press(String(spaces[0]));
    const rots = listed(f.menu)
      .places.filter((p) => p[0] === spaces[0])
      .map((p) => p[1]);
    expect(optionKeys(q)).toEqual(Object.fromEntries(rots.map((r, i) => [String(i + 1), `rotation-${r}`])));
    // the badge is for the eye; a screen reader reads the orientation's words and its aria-keyshortcuts
    const badge = q(`rotation-${rots[0]}`).querySelector(".naga-key");
    expect(badge.textContent).toBe("1");
    expect(badge.getAttribute("aria-hidden")).toBe("true");
    expect(q(`rotation-${rots[0]}`).getAttribute("aria-keyshortcuts")).toBe("1");
    expect(q("key-help").textContent).toMatch(/Keys: 1–4 orientation · Enter confirm · Esc back/);
  });

  it("Escape steps back a level and stays in the widget; with nothing to undo it leaves", () => {
    const { f, el, q } = mount("place");
    const root = el.querySelector('[data-testid="root"]');
    const outside = [];
    const seen = (e) => outside.push(e.key);
    document.addEventListener("keydown", seen);
    try {
      root.focus();
      const space = listed(f.menu).places[0][0];
      press(String(space));
      expect(q(`place-at-${space}`).getAttribute("aria-pressed")).toBe("true");
      press("Escape");
      expect(q(`place-at-${space}`).getAttribute("aria-pressed")).toBe("false");
      expect(q("confirm").disabled).toBe(true);
      expect(root.contains(document.activeElement)).toBe(true);
      expect(document.activeElement.getAttribute("data-option-key")).not.toBeNull(); // the first option again
      expect(outside).toEqual([]); // neither the digit nor the Escape used reached the page
      press("Escape");
      expect(root.contains(document.activeElement)).toBe(false);
      expect(outside).toEqual(["Escape"]);
    } finally {
      document.removeEventListener("keydown", seen);
    }
  });

  it("a call: numbers toggle cards, then Enter confirms, Escape clears", () => {
    const { f, el, q, intents } = mount("call");
    const root = el.querySelector('[data-testid="root"]');
    root.focus();
    const cards = f.menu.choices.map((c) => c.key);
    const group = listed(f.menu).groups.find((g) => g.length === 1) ?? listed(f.menu).groups[0];
    const n = cards.indexOf(group[0]) + 1;
    press(String(n));
    expect(q(`card-${group[0]}`).getAttribute("aria-pressed")).toBe("true");
    press("Escape");
    expect(q(`card-${group[0]}`).getAttribute("aria-pressed")).toBe("false");
    root.focus();
    press(String(n));
    expect(document.activeElement).toBe(q("confirm")); // a whole call: Enter confirms it from there
    press("Enter");
    const call = f.menu.calls.find((c) => c.cards.length === 1 && c.cards[0] === group[0]);
    expect(intents().map((i) => i.action)).toEqual([call.action]);
  });

  it("a confrontation: 1 passes; the next key invokes a card, whose payment and target follow by number", () => {
    const { f, el, q, intents } = mount("confront");
    el.querySelector('[data-testid="root"]').focus();
    expect(optionKeys(q)["1"]).toBe("pass");
    const card = f.menu.choices[0].key;
    expect(optionKeys(q)["2"]).toBe(`card-${card}`);
    press("2");
    // the card's only payment is chosen for the person: the keys now choose a target, or confirm
    expect(q("actions").textContent).toContain(`Invoke ${card}`);
    let guard = 0;
    while (q("confirm").disabled && guard++ < 6) press("1");
    expect(q("confirm").disabled).toBe(false);
    press("Enter");
    const sent = intents().at(-1);
    expect(sent.type).toBe("play");
    expect(sent.action.startsWith(`invoke ${card} `)).toBe(true);
    const again = mount("confront");
    again.el.querySelector('[data-testid="root"]').focus();
    press("1");
    expect(again.intents().map((i) => i.action)).toEqual([f.menu.pass.action]);
  });

  it("a number typed in a selector is the selector's, not a choice", () => {
    const { q, intents } = mount("place");
    const select = q("actions").ownerDocument.querySelector('select[data-act="size"]');
    expect(select).not.toBeNull();
    select.focus();
    const space = Object.keys(optionKeys(q))[0];
    press(space);
    expect(q(`place-at-${space}`).getAttribute("aria-pressed")).toBe("false");
    expect(intents()).toEqual([]);
  });
});

describe("Enter on the widget itself", () => {
  it("confirms a whole choice, and does nothing while the choice is not whole", () => {
    const { f, el, q, intents } = mount("place");
    const root = el.querySelector('[data-testid="root"]');
    root.focus();
    press("Enter");
    expect(intents()).toEqual([]);
    const [space, rot] = listed(f.menu).places[0];
    q(`place-at-${space}`).dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
    root.focus();
    press("Enter");
    expect(intents().map((i) => i.action)).toEqual([`place ${space} rot${rot}`]);
  });
});

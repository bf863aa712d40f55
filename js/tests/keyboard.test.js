// The keyboard: Tab from the widget goes to the decision first; a space, an orientation or the card to
// give chosen by a key hands the focus to Confirm. A placement is Tab, Enter, Enter.
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

// Where a rule popup stands (place.js): next to the rule id that opened it and wholly inside what the
// reader sees, with layouts stubbed (jsdom has none); and through the view, Escape closes it and gives
// the focus back to the very id clicked.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { placeRule, visibleRect } from "../src/place.js";
import { mounter } from "./fixtures.js";

const mount = mounter(widget.render);

/** Stub an element's box (viewport coordinates). */
function box(el, top, left, height, width, scrollHeight = height) {
  el.getBoundingClientRect = () => ({ top, left, bottom: top + height, right: left + width, width, height });
  Object.defineProperty(el, "scrollHeight", { configurable: true, value: scrollHeight });
  return el;
}

function elements() {
  const outer = document.createElement("div");
  const root = document.createElement("div");
  const opener = document.createElement("button");
  const popup = document.createElement("div");
  root.style.position = "relative";
  root.append(opener, popup);
  outer.append(root);
  document.body.append(outer);
  return { outer, root, opener, popup };
}

const windowWidth = window.innerWidth;
beforeAll(() => Object.defineProperty(window, "innerWidth", { configurable: true, value: 1366 }));
afterAll(() => Object.defineProperty(window, "innerWidth", { configurable: true, value: windowWidth }));
afterEach(() => {
  document.body.innerHTML = "";
});

const inside = (at, height, width, seen, root) => {
  const top = root.top + at.top;
  const left = root.left + at.left;
  return (
    top >= seen.top &&
    top + Math.min(height, at.maxHeight) <= seen.bottom &&
    left >= seen.left &&
    left + width <= seen.right
  );
};

describe("placeRule", () => {
  // a window of 1366×768; the widget's root from y=-300 to 900 (scrolled), x 300–1300
  const seen = { top: 0, left: 0, bottom: 768, right: 1366 };
  const rootBox = { top: -300, left: 300 };

  it("puts the popup under the id when it fits there", () => {
    const { root, opener, popup } = elements();
    box(root, -300, 300, 1200, 1000);
    box(opener, 200, 900, 18, 44);
    box(popup, 0, 0, 150, 460);
    const at = placeRule(popup, opener, root);
    expect(at.side).toBe("below");
    expect(rootBox.top + at.top).toBe(200 + 18 + 4);
    expect(at.maxHeight).toBeGreaterThanOrEqual(150);
    expect(inside(at, 150, 460, seen, rootBox)).toBe(true);
  });

  it("puts it just above the id when there is no room under it, never hundreds of pixels away", () => {
    const { root, opener, popup } = elements();
    box(root, -300, 300, 1200, 1000);
    box(opener, 650, 900, 18, 44);
    box(popup, 0, 0, 150, 460);
    const at = placeRule(popup, opener, root);
    expect(at.side).toBe("above");
    expect(rootBox.top + at.top + 150).toBe(650 - 4); // its bottom edge 4 px above the id
    expect(inside(at, 150, 460, seen, rootBox)).toBe(true);
  });

  it("puts a long text beside the id, as tall as the window allows, scrolling inside", () => {
    const { root, opener, popup } = elements();
    box(root, -300, 300, 1200, 1000);
    box(opener, 380, 900, 18, 44);
    box(popup, 0, 0, 460, 460, 1400); // 1400 px of text: more than the window
    const at = placeRule(popup, opener, root);
    expect(at.side).toBe("left");
    expect(rootBox.left + at.left + 460).toBe(900 - 4);
    expect(at.maxHeight).toBe(768 - 16);
    expect(inside(at, 1400, 460, seen, rootBox)).toBe(true);
  });

  it("is never squeezed by an ancestor that clips nothing (JupyterLab's themed container, 0 px tall)", () => {
    const { outer, root, opener, popup } = elements();
    const shell = document.createElement("div");
    const zero = document.createElement("div");
    shell.style.position = "absolute";
    zero.style.overflow = "hidden";
    outer.remove();
    shell.append(outer);
    zero.append(shell);
    document.body.append(zero);
    box(zero, 0, 0, 0, 1366);
    box(shell, 0, 0, 768, 1366);
    box(outer, -300, 300, 1200, 1000);
    box(root, -300, 300, 1200, 1000);
    box(opener, 400, 900, 18, 44);
    box(popup, 0, 0, 150, 460);
    expect(visibleRect(root)).toEqual(seen);
    const at = placeRule(popup, opener, root);
    expect(at.maxHeight).toBeGreaterThanOrEqual(150);
    expect(inside(at, 150, 460, seen, rootBox)).toBe(true);
  });

  it("keeps inside a scrolling box around the widget (the notebook panel)", () => {
    const { outer, root, opener, popup } = elements();
    outer.style.overflow = "auto";
    box(outer, 90, 290, 650, 1040);
    box(root, -300, 300, 1200, 1000);
    box(opener, 600, 900, 18, 44);
    box(popup, 0, 0, 200, 460);
    const area = { top: 90, left: 290, bottom: 740, right: 1330 };
    expect(visibleRect(root)).toEqual(area);
    const at = placeRule(popup, opener, root);
    expect(at.side).toBe("above");
    expect(inside(at, 200, 460, area, rootBox)).toBe(true);
  });
});

describe("the rule popup in the view", () => {
  it("Escape closes it and gives the focus back to the id clicked, not another of the same rule", () => {
    const { q } = mount("rich");
    const ids = [...q("log").querySelectorAll('[data-act="rule"]')];
    const repeated = ids.find((b, i) => ids.findIndex((o) => o.dataset.rule === b.dataset.rule) !== i);
    expect(repeated).toBeDefined(); // a rule id that the log shows twice or more: the later one is clicked
    repeated.focus();
    repeated.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(q("rule-popup")).not.toBeNull();
    expect(document.activeElement).toBe(q("rule-close"));
    q("rule-close").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(q("rule-popup")).toBeNull();
    expect(document.activeElement).toBe(repeated);
  });
});

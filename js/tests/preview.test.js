// The previews of a placement and of a maze effect's target (preview.js): the view shows the one Python
// sent for the candidate chosen, or under the pointer, marks its places on the boards and says it in words.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { hoverOf, invokePreview, placePreview, previewMarks, shownPreview } from "../src/preview.js";
import { emptySelection } from "../src/handlers.js";
import { catalog, fixture, mounter, listed } from "./fixtures.js";

const mount = mounter(widget.render);

/** The preview Python sent for placing on `space` turned `rot` (place fixture). */
function sent(f, space, rot) {
  const i = listed(f.menu).places.findIndex((p) => p[0] === space && p[1] === rot);
  return listed(f.menu).previews[i];
}

/** The places marked by the preview on the boards: token → kind. */
function marked(el) {
  return Object.fromEntries(
    [...el.querySelectorAll("[data-place]")]
      .filter((g) => g.querySelector(":scope > .naga-pv"))
      .map((g) => [g.getAttribute("data-place"), g.querySelector(":scope > .naga-pv").getAttribute("data-preview")]),
  );
}

/** The menu with the preview of every rotation replaced by `preview(node)` (none when it gives undefined). */
function withPreviews(menu, preview) {
  const spaces = menu.choices.map((space) => ({
    ...space,
    next: space.next.map(({ preview: _, ...rot }) => ({ ...rot, preview: preview(rot) })),
  }));
  return { ...menu, choices: spaces };
}

const over = (node, type = "pointerover") => node.dispatchEvent(new Event(type, { bubbles: true }));

describe("the placement's preview", () => {
  it("says what the chosen placement does beside the confirm button, and marks its places", () => {
    const { f, q, click, el } = mount("place");
    expect(q("preview").textContent.trim()).toBe(""); // nothing chosen: an empty live region, already there
    expect(q("preview").getAttribute("aria-live")).toBe("polite");
    click("space-gold-3");
    click("rotation-2");
    const preview = sent(f, 3, 2);
    expect(preview.up).toEqual(["gold:W1"]);
    expect(q("preview").textContent).toContain(preview.words);
    expect(marked(el)).toEqual({ "gold:3": "collected", "gold:W1": "up" });
    const slot = el.querySelector('[data-place="gold:W1"]');
    expect(slot.querySelector(".naga-pv-symbol").textContent).toBe("▲"); // not colour alone
    expect(slot.querySelector("title").textContent).toContain("preview: flips face up");
    click("rotation-1");
    expect(q("preview").textContent).toContain(sent(f, 3, 1).words);
    expect(marked(el)).toEqual({ "gold:3": "collected" });
  });

  it("shows the preview of the space or rotation under the pointer, then that of the choice again", () => {
    const { f, q, click, el } = mount("place");
    over(el.querySelector('[data-testid="space-gold-8"] rect'));
    expect(q("preview").dataset.hovered).toBe("true");
    expect(q("preview").textContent).toContain(sent(f, 8, 0).words); // the space's first rotation
    const ghost = () => el.querySelector(".naga-preview")?.closest("[data-place]")?.getAttribute("data-place");
    expect(ghost()).toBe("gold:8"); // the room is drawn where the preview stands
    click("space-gold-3");
    over(el.querySelector('[data-testid="space-gold-8"] rect'));
    expect(ghost()).toBe("gold:8");
    el.querySelector('[data-testid="space-gold-8"] rect').dispatchEvent(
      new MouseEvent("pointerout", { bubbles: true, relatedTarget: el }),
    );
    expect(ghost()).toBe("gold:3");
    click("space-gold-8");
    over(q("rotation-1"));
    expect(q("preview").textContent).toContain(sent(f, 8, 1).words);
    expect(marked(el)["gold:E2"]).toBe("up");
    q("rotation-1").dispatchEvent(new MouseEvent("pointerout", { bubbles: true, relatedTarget: el }));
    expect(q("preview").dataset.hovered).toBe("false");
    expect(q("preview").textContent).toContain(sent(f, 8, 0).words);
    over(q("rotation-2"), "focusin"); // the keyboard's focus previews as the pointer does
    expect(q("preview").textContent).toContain(sent(f, 8, 2).words);
  });

  it("turns a rule id of the words into a button that opens the rule", () => {
    const raw = fixture("place").menu;
    const full = { full: true, words: "The room on gold space 3 is reached; the temple is then full (R7.2)." };
    const { q, click } = mount("place", { menu: withPreviews(raw, () => full) });
    click("space-gold-3");
    const button = q("preview").querySelector('[data-act="rule"]');
    expect(button?.getAttribute("data-rule")).toBe("R7.2");
    button.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(q("rule-popup").textContent).toContain("R7.2");
  });

  it("shows no preview where Python sent none", () => {
    const raw = fixture("place").menu;
    const { q, click, el } = mount("place", { menu: withPreviews(raw, () => undefined) });
    click("space-gold-3");
    click("rotation-2");
    expect(q("preview").textContent.trim()).toBe("");
    expect(el.querySelectorAll(".naga-pv")).toHaveLength(0);
  });
});

describe("the maze effects' preview", () => {
  it("says what a slide does once its target is whole, and marks the spaces and slots", () => {
    const { f, q, click, el } = mount("confront_small");
    click("card-08a");
    if (q("pay-charm")) click("pay-charm"); // with one payment only, the view chose it
    click("target-gold:row2");
    expect(q("preview").textContent.trim()).toBe(""); // half a target: nothing to say yet
    over(q("target-west"));
    const set = listed(f.menu).target_sets[1];
    const preview = listed(f.menu).set_info[1].previews[set.indexOf("gold:row2 west")];
    expect(q("preview").textContent).toContain(preview.words);
    click("target-west");
    expect(q("preview").dataset.hovered).toBe("false");
    expect(q("preview").textContent).toContain(preview.words);
    const marks = marked(el);
    for (const kind of ["reached", "unreached", "up", "down"])
      for (const token of preview[kind] ?? []) expect(marks[token]).toBe(kind);
    expect(Object.keys(marks).length).toBeGreaterThan(0);
  });
});

describe("picking the preview (pure)", () => {
  const place = fixture("place");
  const confront = fixture("confront");

  it("finds a placement's preview by its space and rotation, and none for another", () => {
    expect(placePreview(place.menu, 3, 2)).toBe(sent(place, 3, 2));
    expect(placePreview(place.menu, 5, 0)).toBeNull(); // not a legal space
    expect(placePreview(place.menu, null, null)).toBeNull();
    expect(placePreview(confront.menu, 3, 2)).toBeNull();
  });

  it("finds an invoke's preview once the target is whole, in either order of an unordered pair", () => {
    const menu = confront.menu;
    const [card, pay, k] = listed(menu).invokes.find(([c]) => catalog.cards[c].effect === "E07");
    const target = listed(menu).target_sets[k][5].split(" ");
    const want = listed(menu).set_info[k].previews[5];
    expect(invokePreview(menu, { card, pay, tokens: target })).toBe(want);
    expect(invokePreview(menu, { card, pay, tokens: [...target].reverse() })).toEqual(want); // the same, sent twice
    expect(invokePreview(menu, { card, pay, tokens: target.slice(0, 1) })).toBeNull();
    const [other, otherPay, k6] = listed(menu).invokes.find(([c]) => catalog.cards[c].effect === "E06");
    expect(invokePreview(menu, { card: other, pay: otherPay, tokens: [listed(menu).target_sets[k6][0]] })).toBeNull();
  });

  it("marks a space both reached and emptied of its amulet as collected, and follows only candidates", () => {
    expect([...previewMarks({ reached: ["gold:3"], collected: ["gold:3"], up: ["gold:W1"] })]).toEqual([
      ["gold:3", "collected"],
      ["gold:W1", "up"],
    ]);
    expect(previewMarks(null).size).toBe(0);
    expect(hoverOf("pass", {})).toBeNull();
    expect(hoverOf("rotation", { rot: "2" })).toEqual({ act: "rotation", rot: "2" });
    const ctx = { menu: fixture("place").menu, sel: emptySelection(), active: false };
    expect(shownPreview(ctx, { act: "place-space", space: "3" })).toBeNull(); // no decision here: no preview
  });
});

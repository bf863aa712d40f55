// What just happened: the summary Python sends in timeline.happened after steps played without the
// person (fixture "happened": gold placed, silver gave and called, gold calls now), and the marks it
// puts on the board.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { changedSince } from "../src/changes.js";
import { fixture, mounter } from "./fixtures.js";

const mount = mounter(widget.render);

describe("what just happened", () => {
  it("lists every event since the person's last decision, with its step and rule id, beside the decision", () => {
    const f = fixture("happened");
    const h = f.timeline.happened;
    expect(h.events.length).toBeGreaterThan(2);
    const { q } = mount("happened");
    const panel = q("happened");
    expect(panel).not.toBeNull();
    expect(q("actions").contains(panel)).toBe(true); // it stands with the decision
    expect(panel.textContent).toContain(h.since.slice(1)); // "[S]ince gold's last decision (step 20)"
    const items = [...panel.querySelectorAll("li")];
    expect(items).toHaveLength(h.events.length);
    h.events.forEach((e, i) => {
      expect(items[i].textContent).toContain(e.text);
      expect(items[i].textContent).toContain(`#${e.step}`);
      expect(items[i].querySelector(`[data-act="rule"][data-rule="${e.rule}"]`)).not.toBeNull();
    });
  });

  it("marks on the board the places and the players that changed since", () => {
    const f = fixture("happened");
    const h = f.timeline.happened;
    const { el } = mount("happened");
    const marked = [...el.querySelectorAll(".naga-since-mark")].map((n) => n.closest("[data-place]").dataset.place);
    expect(marked.sort()).toEqual([...h.spaces, ...h.slots].sort());
    expect(marked.length).toBeGreaterThan(0);
    for (const p of [0, 1]) {
      const panel = el.querySelector(`[data-testid="player-${p}"]`);
      expect(panel.classList.contains("naga-since")).toBe(h.players.includes(p));
    }
  });

  it("shows nothing where Python sends no summary", () => {
    const { q, el } = mount("call");
    expect(fixture("call").timeline.happened).toBeNull();
    expect(q("happened")).toBeNull();
    expect(el.querySelectorAll(".naga-since-mark")).toHaveLength(0);
  });

  it("says how many earlier events were left out", () => {
    const f = fixture("happened");
    const { q } = mount("happened", { timeline: { ...f.timeline, happened: { ...f.timeline.happened, more: 3 } } });
    expect(q("happened").textContent).toContain("3 earlier events");
  });

  it("changedSince reads the places of the summary", () => {
    expect(changedSince({ spaces: ["gold:3"], slots: ["silver:W2"] }, "gold:3")).toBe(true);
    expect(changedSince({ spaces: ["gold:3"], slots: ["silver:W2"] }, "silver:W2")).toBe(true);
    expect(changedSince({ spaces: ["gold:3"] }, "gold:4")).toBe(false);
    expect(changedSince(null, "gold:3")).toBe(false);
  });
});

// "What changed": the summary of a step Python sends (timeline.changes), and how the view shows it.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { announcement, spaceWords } from "../src/changes.js";
import { fixture, mounter } from "./fixtures.js";

const copy = (x) => JSON.parse(JSON.stringify(x));

describe("the changes Python sends", () => {
  // the changes themselves are computed and tested in Python (tests/widget/test_widget_changes.py)
  it("come with every step of a fixture, in the form the view reads", () => {
    const f = fixture("rich");
    const c = f.timeline.changes;
    expect(Object.keys(c).sort()).toEqual(["lines", "players", "slots", "spaces"]);
    expect(fixture("hotseat").timeline.changes).toBeNull();
  });

  it("writes the live region's sentence and the space numbers", () => {
    expect(spaceWords(5)).toBe("space 5 (row 1, col 2)");
    expect(announcement(4, "gold: pass", { lines: ["a", "b"] })).toBe("Step 4: gold: pass. a. b.");
    expect(announcement(0, "", null)).toBe("Step 0: setup.");
  });
});

describe("the view after a step", () => {
  const mount = mounter(widget.render);

  it("highlights what changed, lists it beside the decision and announces it", () => {
    const m = mount("rich");
    const { f, q, el, model } = m;
    expect(q("changes")).toBeNull();
    const next = copy(f.board);
    next.temples[1].spaces[6] = { room: "R07", openings: "NES" };
    next.temples[0].relics[0] = { slot: "W2", up: true, relic: "s4" };
    model.data.timeline = {
      ...f.timeline,
      step: f.timeline.step + 1,
      last: f.timeline.step + 1,
      label: "silver: place 6 rot0",
      // as Python sends it (naga_widget.diff.step_changes)
      changes: {
        spaces: ["silver:6"],
        slots: ["gold:W2"],
        players: [],
        lines: [
          "room R07 placed on silver space 6 (row 2, col 0), openings NES",
          "gold W2: relic turned face up, sacred 4",
        ],
      },
    };
    model.push("board", next);
    expect(q("changes").textContent).toContain("room R07 placed on silver space 6");
    expect(el.querySelector('[data-testid="temple-silver"] .naga-space.naga-changed title').textContent).toContain(
      "space 6",
    );
    expect(el.querySelectorAll(".naga-changed")).toHaveLength(2);
    expect(q("announce").getAttribute("aria-live")).toBe("polite");
    expect(q("announce").textContent).toBe(
      `Step ${f.timeline.step + 1}: silver: place 6 rot0. room R07 placed on silver space 6 (row 2, col 0), openings NES. gold W2: relic turned face up, sacred 4.`,
    );
    // a jump back shows no changes
    model.data.timeline = { ...f.timeline, step: 2 };
    model.push("board", copy(f.board));
    expect(q("changes")).toBeNull();
    expect(el.querySelectorAll(".naga-changed")).toHaveLength(0);
  });
});

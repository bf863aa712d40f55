// "What changed": the summary of a step computed from two boards (changes.js), and how the view shows it.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { announcement, boardChanges, spaceWords } from "../src/changes.js";
import { fixture, mounter } from "./fixtures.js";

const copy = (x) => JSON.parse(JSON.stringify(x));
const NAMES = ["gold", "silver"];

/** The rich fixture's board (the viewer's), and an edited copy of it. */
function pair(edit) {
  const prev = fixture("rich").board;
  const next = copy(prev);
  edit(next);
  return [prev, next];
}

describe("boardChanges", () => {
  it("finds nothing between a board and itself, and nothing without two boards", () => {
    const board = fixture("rich").board;
    expect(boardChanges(board, copy(board), NAMES)).toEqual({ spaces: [], slots: [], players: [], lines: [] });
    expect(boardChanges(null, board)).toBeNull();
    expect(boardChanges(board, {})).toBeNull();
  });

  it("names a room placed on a space, with the space's row and column", () => {
    const [prev, next] = pair((b) => {
      b.temples[1].spaces[6] = { room: "R07", openings: "NES" };
    });
    expect(prev.temples[1].spaces[6]).toBeNull();
    const c = boardChanges(prev, next, NAMES);
    expect(c.spaces).toEqual(["silver:6"]);
    expect(c.lines).toEqual(["room R07 placed on silver space 6 (row 2, col 0), openings NES"]);
  });

  it("names a tile turned, and tiles moved by a slide or a swap", () => {
    const [prev, next] = pair((b) => {
      const g = b.temples[0].spaces;
      g[0] = { ...g[0], rotation: 0, openings: "NES" }; // R12 turned in place
      [g[6], g[7]] = [g[7], g[6]]; // R09 and R04 swap places
    });
    const c = boardChanges(prev, next, NAMES);
    expect(c.lines).toContain("room R12 on gold space 0 (row 0, col 0) turned: openings NEW → NES");
    expect(c.lines).toContain("room R04 moved from gold space 7 to gold space 6 (row 2, col 0)");
    expect(c.lines).toContain("room R09 moved from gold space 6 to gold space 7 (row 2, col 1)");
    expect(new Set(c.spaces)).toEqual(new Set(["gold:0", "gold:6", "gold:7"]));
  });

  it("names the trap moved and an amulet collected", () => {
    const [prev, next] = pair((b) => {
      const g = b.temples[0].spaces;
      g[5] = g[4];
      g[4] = null;
      delete g[2].amulet;
    });
    const c = boardChanges(prev, next, NAMES);
    expect(c.lines).toContain("the trap moved from gold space 4 to gold space 5 (row 1, col 2)");
    expect(c.lines).toContain("the amulet on room R13 was collected");
  });

  it("names relics turned face up or down, swapped, or seen", () => {
    const [prev, next] = pair((b) => {
      b.temples[0].relics[0] = { slot: "W2", up: true, relic: "s4" };
      b.temples[1].relics[1] = { slot: "W1", relic: "c6" }; // now known, still face down
      b.temples[1].relics[6] = { slot: "E0", up: true, relic: "s5" }; // swapped with another
    });
    const c = boardChanges(prev, next, NAMES);
    expect(c.slots).toEqual(["gold:W2", "silver:W1", "silver:E0"]);
    expect(c.lines).toEqual([
      "gold W2: relic turned face up, sacred 4",
      "silver W1: you now know this face-down relic, cursed 6",
      "silver E0: now sacred 5 (was sacred 4)",
    ]);
    const back = boardChanges(next, prev, NAMES);
    expect(back.lines[0]).toBe("gold W2: relic turned face down");
  });

  it("names the sticks a player holds now with the new fate total, and cards in hand", () => {
    const [prev, next] = pair((b) => {
      b.players[1].sticks = ["teal:2", "teal:N"];
      b.players[1].fate = 2;
      b.players[0].hand_count += 1;
    });
    const c = boardChanges(prev, next, NAMES);
    expect(c.players).toEqual([0, 1]);
    expect(c.lines).toContain(`silver's sticks: teal 2, teal naga — fate ${prev.players[1].fate} → 2`);
    expect(c.lines).toContain(`gold: ${prev.players[0].hand_count} → ${prev.players[0].hand_count + 1} cards in hand`);
  });

  it("names a card given, once it is public", () => {
    const [prev, next] = pair((b) => {
      b.players[0].known_cards = [...b.players[0].known_cards, "10b"];
      b.players[0].hand_count += 1;
    });
    expect(boardChanges(prev, next, NAMES).lines[0]).toBe("gold now holds 10b (public)");
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

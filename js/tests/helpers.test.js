// The pure helpers of the view (js/src): no DOM needed.
import { keyMove, moveTarget } from "../src/scrub.js";
import { describe, expect, it } from "vitest";
import { normalizeOpenings, rotateOpenings, templeLayout, tileGeometry } from "../src/geometry.js";
import {
  callActionText,
  describeToken,
  invokeActionText,
  parseRelic,
  parseStick,
  placeActionText,
  splitTarget,
  tokenTarget,
} from "../src/tokens.js";
import {
  callSelectionValid,
  expandMenu,
  invokeChoices,
  nextIntentId,
  placeChoices,
  targetAgrees,
} from "../src/menu.js";
import { emptySelection, handleAct } from "../src/handlers.js";
import { keyed } from "../src/panels.js";
import { limits, outcomeText, stepName } from "../src/text.js";
import { catalog, fixture } from "./fixtures.js";

describe("rotateOpenings (R1.1: a quarter turn moves N→E→S→W→N)", () => {
  // the table of tests/rules/scenario.py OPENINGS
  const table = {
    cross: ["NESW", "NESW", "NESW", "NESW"],
    T: ["NES", "ESW", "NSW", "NEW"],
    corner: ["NE", "ES", "SW", "NW"],
    straight: ["NS", "EW", "NS", "EW"],
  };
  for (const [shape, rows] of Object.entries(table)) {
    it(`turns a ${shape} through its four rotations`, () => {
      rows.forEach((expected, k) => expect(rotateOpenings(rows[0], k)).toBe(expected));
    });
  }
  it("reduces k modulo 4, negative turns included", () => {
    expect(rotateOpenings("NE", 4)).toBe("NE");
    expect(rotateOpenings("NE", 5)).toBe("ES");
    expect(rotateOpenings("NE", -1)).toBe("NW");
    expect(rotateOpenings("NES", -2)).toBe("NSW");
  });
  it("keeps the trap closed and normalises its input", () => {
    expect(rotateOpenings("", 3)).toBe("");
    expect(rotateOpenings("sn", 1)).toBe("EW");
    expect(normalizeOpenings("WSEN")).toBe("NESW");
    expect(normalizeOpenings("NNxE")).toBe("NE");
  });
  it("agrees with every room of the catalog and its distinct orientations", () => {
    for (const room of Object.values(catalog.rooms)) {
      const seen = new Set([0, 1, 2, 3].map((k) => rotateOpenings(room.openings, k)));
      const expected = { cross: 1, T: 4, corner: 4, straight: 2 }[room.shape];
      expect(seen.size).toBe(expected);
    }
  });
});

describe("tileGeometry", () => {
  const size = 60;
  it("draws a cross as four corridors meeting at a hub in the centre", () => {
    const g = tileGeometry("NESW", size);
    expect(g.corridors.map((c) => c.dir)).toEqual(["N", "E", "S", "W"]);
    expect(g.hub).toEqual({ x: 21, y: 21, w: 18, h: 18 });
    expect(g.closed).toBe(false);
    expect(g.center).toEqual({ x: 30, y: 30 });
  });
  it("runs each corridor from the centre to its edge", () => {
    const g = tileGeometry("NESW", size);
    const byDir = Object.fromEntries(g.corridors.map((c) => [c.dir, c]));
    expect(byDir.N).toMatchObject({ x: 21, y: 0, w: 18, h: 39, x1: 30, y1: 30, x2: 30, y2: 0 });
    expect(byDir.S).toMatchObject({ x: 21, y: 21, w: 18, h: 39, x2: 30, y2: 60 });
    expect(byDir.E).toMatchObject({ x: 21, y: 21, w: 39, h: 18, x2: 60, y2: 30 });
    expect(byDir.W).toMatchObject({ x: 0, y: 21, w: 39, h: 18, x2: 0, y2: 30 });
    for (const c of g.corridors) {
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.y).toBeGreaterThanOrEqual(0);
      expect(c.x + c.w).toBeLessThanOrEqual(size);
      expect(c.y + c.h).toBeLessThanOrEqual(size);
    }
  });
  it("draws a straight, a T and a corner with only their open edges", () => {
    expect(tileGeometry("NS", size).corridors.map((c) => c.dir)).toEqual(["N", "S"]);
    expect(tileGeometry("EW", size).corridors.map((c) => c.dir)).toEqual(["E", "W"]);
    expect(tileGeometry("NES", size).corridors.map((c) => c.dir)).toEqual(["N", "E", "S"]);
    expect(tileGeometry("NW", size).corridors.map((c) => c.dir)).toEqual(["N", "W"]);
    expect(tileGeometry(rotateOpenings("NE", 2), size).corridors.map((c) => c.dir)).toEqual(["S", "W"]);
  });
  it("gives the trap no corridor and no hub", () => {
    const g = tileGeometry("", size);
    expect(g.corridors).toEqual([]);
    expect(g.hub).toBeNull();
    expect(g.closed).toBe(true);
  });
  it("scales with the size", () => {
    const g = tileGeometry("N", 100);
    expect(g.width).toBe(30);
    expect(g.corridors[0]).toMatchObject({ x: 35, y: 0, w: 30, h: 65 });
  });
});

describe("templeLayout", () => {
  const L = templeLayout({ slots: catalog.slots, cell: 60, margin: 40 });
  it("places the nine spaces on a 3×3 grid, index 3·row+col, row 0 north", () => {
    expect(L.spaces).toHaveLength(9);
    expect(L.spaces[0]).toMatchObject({ row: 0, col: 0, x: 40, y: 40 });
    expect(L.spaces[5]).toMatchObject({ row: 1, col: 2, x: 160, y: 100 });
    expect(L.spaces[7]).toMatchObject({ row: 2, col: 1, x: 100, y: 160 });
    expect(L.width).toBe(260);
    expect(L.height).toBe(260);
  });
  it("puts the relic slots in canonical order around the W, N and E edges", () => {
    expect(L.slots.map((s) => s.slot)).toEqual(catalog.slots);
    const at = Object.fromEntries(L.slots.map((s) => [s.slot, s]));
    // W slots left of the grid, beside rows 0..2; N above columns; E right of rows
    for (const n of [0, 1, 2]) {
      expect(at[`W${n}`].x + at[`W${n}`].w).toBeLessThanOrEqual(40);
      expect(at[`W${n}`].cy).toBe(L.spaces[3 * n].cy);
      expect(at[`W${n}`].space).toBe(3 * n);
      expect(at[`N${n}`].y + at[`N${n}`].h).toBeLessThanOrEqual(40);
      expect(at[`N${n}`].cx).toBe(L.spaces[n].cx);
      expect(at[`N${n}`].space).toBe(n);
      expect(at[`E${n}`].x).toBeGreaterThanOrEqual(220);
      expect(at[`E${n}`].cy).toBe(L.spaces[3 * n + 2].cy);
      expect(at[`E${n}`].space).toBe(3 * n + 2);
    }
  });
  it("puts the entrances S0–S2 under the southern row", () => {
    expect(L.entrances.map((e) => e.name)).toEqual(["S0", "S1", "S2"]);
    L.entrances.forEach((e, c) => {
      expect(e.cx).toBe(L.spaces[6 + c].cx);
      expect(e.y).toBeGreaterThanOrEqual(220);
      expect(e.space).toBe(6 + c);
    });
  });
  it("uses defaults when called without options", () => {
    const d = templeLayout({ slots: catalog.slots });
    expect(d.spaces).toHaveLength(9);
    expect(d.width).toBe(2 * d.margin + 3 * d.cell);
  });
});

describe("callSelectionValid (R4.1: a non-empty subset of one group)", () => {
  const menu = fixture("call").menu; // groups [[02a 02d 10a] [05b 05d] [11d]]
  it("has the groups of a real hand", () => {
    expect(menu.groups.length).toBeGreaterThanOrEqual(2);
  });
  const [g0, g1] = menu.groups;
  it("accepts one card and several cards of one group", () => {
    expect(callSelectionValid(menu, [g0[0]])).toBe(true);
    expect(callSelectionValid(menu, [...g0])).toBe(true);
    expect(callSelectionValid(menu, [...g1].reverse())).toBe(true);
  });
  it("rejects an empty selection, cards across groups, repeats and unknown cards", () => {
    expect(callSelectionValid(menu, [])).toBe(false);
    expect(callSelectionValid(menu, [g0[0], g1[0]])).toBe(false);
    expect(callSelectionValid(menu, [g0[0], g0[0]])).toBe(false);
    expect(callSelectionValid(menu, ["99z"])).toBe(false);
  });
  it("rejects anything outside a call menu", () => {
    expect(callSelectionValid({}, [g0[0]])).toBe(false);
    expect(callSelectionValid(fixture("confront").menu, [g0[0]])).toBe(false);
    expect(callSelectionValid(null, [g0[0]])).toBe(false);
  });
  it("writes the call with its cards sorted", () => {
    expect(callActionText(["05d", "05b"])).toBe("call 05b 05d");
  });
});

describe("expandMenu: target sets arrive as indices into a token table", () => {
  it("writes the targets out as token texts and leaves other menus alone", () => {
    const wire = {
      phase: "confront",
      pass: true,
      invokes: [
        ["07b", "teal", 0],
        ["12a", "teal", 1],
      ],
      tokens: ["gold:W0", "gold:N1", "silver:E2"],
      token_words: ["gold temple, relic slot W0", "gold temple, relic slot N1", "silver temple, relic slot E2"],
      target_sets: [["0 1", "0 2"], [""]],
    };
    expect(expandMenu(wire)).toEqual({
      phase: "confront",
      pass: true,
      invokes: wire.invokes,
      token_words: {
        "gold:W0": "gold temple, relic slot W0",
        "gold:N1": "gold temple, relic slot N1",
        "silver:E2": "silver temple, relic slot E2",
      },
      target_sets: [["gold:W0 gold:N1", "gold:W0 silver:E2"], [""]],
    });
    const call = { phase: "call", groups: [["01a"]] };
    expect(expandMenu(call)).toBe(call);
    expect(expandMenu({})).toEqual({});
  });

  it("expands a real confrontation menu to targets that all parse", () => {
    const raw = fixture("confront", { raw: true }).menu;
    expect(Array.isArray(raw.tokens)).toBe(true);
    const menu = expandMenu(raw);
    for (const set of menu.target_sets)
      for (const t of set) {
        for (const tok of t ? t.split(" ") : []) expect(raw.tokens).toContain(tok);
      }
    expect(menu.target_sets.flat().some((t) => t.includes(":"))).toBe(true);
  });
});

describe("invokeChoices (R4.2.2, R5): card, then payment, then target tokens", () => {
  const menu = fixture("confront").menu; // 06a E06, 07d E07, 11a E11, all paid teal
  const card = (effect) => menu.invokes.find(([c]) => catalog.cards[c].effect === effect)[0];
  const e06 = card("E06");
  const e07 = card("E07");
  const e11 = card("E11");

  it("first offers the invokable cards, then their payments", () => {
    const start = invokeChoices(menu);
    expect(start.stage).toBe("card");
    expect(start.cards).toEqual([...new Set(menu.invokes.map((i) => i[0]))]);
    const pay = invokeChoices(menu, e07);
    expect(pay.stage).toBe("pay");
    expect(pay.pays).toEqual(["teal"]);
    expect(pay.complete).toBe(false);
    expect(pay.actionText).toBeNull();
  });

  it("narrows an E07 pair token by token: any slot first, then any other slot of the same temple", () => {
    const first = invokeChoices(menu, e07, "teal", []);
    expect(first.stage).toBe("target");
    expect(first.complete).toBe(false);
    // every slot can start a pair, in both temples (E2 too: a pair is unordered)
    expect(first.next).toEqual([...catalog.slots.map((s) => `gold:${s}`), ...catalog.slots.map((s) => `silver:${s}`)]);
    const second = invokeChoices(menu, e07, "teal", ["gold:N1"]);
    expect(second.complete).toBe(false);
    expect(second.next).toEqual(catalog.slots.filter((s) => s !== "N1").map((s) => `gold:${s}`));
    const done = invokeChoices(menu, e07, "teal", ["gold:N1", "gold:W0"]);
    expect(done.complete).toBe(true);
    expect(done.next).toEqual([]);
    // sent in the engine's slot order, whatever the order of the picks
    expect(done.target).toBe("gold:W0 gold:N1");
    expect(done.actionText).toBe(`invoke ${e07} teal gold:W0 gold:N1`);
    expect(invokeChoices(menu, e07, "teal", ["gold:N1", "silver:W0"]).stage).toBe("invalid");
    expect(invokeChoices(menu, e07, "teal", ["gold:N1", "gold:N1"]).stage).toBe("invalid");
  });

  it("lets an E06 target stop after one relic or go on to any partner, in either temple", () => {
    const texts = menu.target_sets[menu.invokes.find((i) => i[0] === e06)[2]];
    const singles = texts.filter((t) => !t.includes(" "));
    const first = invokeChoices(menu, e06, "teal", []);
    expect(first.next).toEqual(singles);
    expect(first.complete).toBe(false);
    for (const one of singles) {
      const c = invokeChoices(menu, e06, "teal", [one]);
      expect(c.complete).toBe(true);
      expect(c.actionText).toBe(`invoke ${e06} teal ${one}`);
      // every other unknown relic can be its partner, the ones listed before it too
      expect(c.next).toEqual(singles.filter((t) => t !== one));
    }
    const [a, b] = [singles.at(-1), singles[0]];
    expect(a.split(":")[0]).not.toBe(b.split(":")[0]); // the fixture has unknown relics in both temples
    const listed = texts.find((t) => t.split(" ").length === 2 && t.includes(a) && t.includes(b));
    expect(listed).not.toBe(`${a} ${b}`); // picked in the other order than the engine lists the pair
    const pair = invokeChoices(menu, e06, "teal", [a, b]);
    expect(pair.complete).toBe(true);
    expect(pair.next).toEqual([]);
    expect(pair.actionText).toBe(`invoke ${e06} teal ${listed}`);
  });

  it("handles a single-token target (E11) and rejects tokens off the menu", () => {
    const first = invokeChoices(menu, e11, "teal", []);
    expect(first.next).toEqual(menu.target_sets[menu.invokes.find((i) => i[0] === e11)[2]]);
    expect(first.complete).toBe(false);
    const done = invokeChoices(menu, e11, "teal", [first.next[0]]);
    expect(done.complete).toBe(true);
    expect(done.actionText).toBe(`invoke ${e11} teal ${first.next[0]}`);
    expect(invokeChoices(menu, e11, "teal", ["gold:8"]).stage).toBe("invalid");
    expect(invokeChoices(menu, e11, "charm", []).stage).toBe("invalid");
    expect(invokeChoices(menu, "99z").stage).toBe("invalid");
  });

  it("completes at once when the effect needs no target (E12)", () => {
    const small = fixture("confront_small").menu;
    const e12 = small.invokes.find(([c]) => catalog.cards[c].effect === "E12");
    const c = invokeChoices(small, e12[0], e12[1], []);
    expect(c.stage).toBe("target");
    expect(c.complete).toBe(true);
    expect(c.next).toEqual([]);
    expect(c.actionText).toBe(`invoke ${e12[0]} ${e12[1]}`);
  });

  it("offers an E08 line, then its directions", () => {
    const small = fixture("confront_small").menu;
    const e08 = small.invokes.find(([c]) => catalog.cards[c].effect === "E08");
    const first = invokeChoices(small, e08[0], e08[1], []);
    expect(first.next).toContain("gold:row0");
    const dir = invokeChoices(small, e08[0], e08[1], ["gold:row0"]);
    expect(dir.next).toEqual(["east", "west"]);
    expect(invokeChoices(small, e08[0], e08[1], ["gold:row0", "west"]).actionText).toBe(
      `invoke ${e08[0]} ${e08[1]} gold:row0 west`,
    );
  });

  it("works on hand-made menus: E09 space then orientation, E04 stick then face, two payments", () => {
    const m = {
      phase: "confront",
      player: 0,
      pass: true,
      invokes: [
        ["09a", "brown", 0],
        ["09a", "charm", 0],
        ["04b", "brown", 1],
      ],
      target_sets: [
        ["gold:4 rot1", "gold:4 rot2", "silver:7 rot1"],
        ["brown:2 1", "brown:2 N", "teal:N 1", "teal:N 2"],
      ],
    };
    expect(invokeChoices(m, "09a").pays).toEqual(["brown", "charm"]);
    expect(invokeChoices(m, "09a", "charm", []).next).toEqual(["gold:4", "silver:7"]);
    expect(invokeChoices(m, "09a", "charm", ["gold:4"]).next).toEqual(["rot1", "rot2"]);
    expect(invokeChoices(m, "09a", "charm", ["gold:4", "rot2"]).actionText).toBe("invoke 09a charm gold:4 rot2");
    expect(invokeChoices(m, "04b", "brown", ["teal:N"]).next).toEqual(["1", "2"]);
    expect(invokeChoices(m, "04b", "charm").stage).toBe("invalid");
  });

  it("gives nothing outside a confrontation", () => {
    expect(invokeChoices(fixture("call").menu).cards).toEqual([]);
    expect(invokeChoices({}).cards).toEqual([]);
  });

  it("splits target texts on spaces, the empty target into no token", () => {
    expect(splitTarget("gold:W0 gold:N1")).toEqual(["gold:W0", "gold:N1"]);
    expect(splitTarget("")).toEqual([]);
    expect(invokeActionText("12c", "charm", [])).toBe("invoke 12c charm");
  });
});

describe("target order: unordered pairs (E06, E07, E10) may be picked in any order", () => {
  const confront = fixture("confront").menu;
  // E10 as the engine lists it: pairs of spaces of one temple, lower index first, one holding a tile
  const e10 = {
    phase: "confront",
    player: 0,
    pass: true,
    invokes: [["10a", "charm", 0]],
    target_sets: [["gold:0 gold:3", "gold:0 gold:7", "gold:3 gold:7", "gold:3 gold:8", "silver:2 silver:5"]],
    set_info: [{ effect: "E10", unordered: true, words: [] }],
  };
  const cases = [
    ...confront.invokes
      .filter(([c]) => ["E06", "E07"].includes(catalog.cards[c].effect))
      .map((inv) => [catalog.cards[inv[0]].effect, confront, inv]),
    ["E10", e10, e10.invokes[0]],
  ];

  it.each(cases)(
    "%s: every listed pair is reachable from either member and sent as listed",
    (effect, menu, [card, pay, set]) => {
      const pairs = menu.target_sets[set].filter((t) => t.split(" ").length === 2);
      expect(pairs.length).toBeGreaterThan(3);
      const first = invokeChoices(menu, card, pay, []).next;
      for (const text of pairs) {
        const [a, b] = text.split(" ");
        for (const [x, y] of [
          [a, b],
          [b, a],
        ]) {
          expect(first).toContain(x);
          const after = invokeChoices(menu, card, pay, [x]);
          expect(after.next).toContain(y);
          const done = invokeChoices(menu, card, pay, [x, y]);
          expect(done.complete).toBe(true);
          expect(done.target).toBe(text);
          expect(done.actionText).toBe(`invoke ${card} ${pay} ${text}`);
        }
      }
    },
  );

  it.each(cases)("%s: after one member, only its partners are offered", (effect, menu, [card, pay, set]) => {
    const pairs = menu.target_sets[set].filter((t) => t.split(" ").length === 2).map((t) => t.split(" "));
    for (const x of invokeChoices(menu, card, pay, []).next) {
      const partners = pairs.filter((p) => p.includes(x)).map((p) => (p[0] === x ? p[1] : p[0]));
      expect(new Set(invokeChoices(menu, card, pay, [x]).next)).toEqual(new Set(partners));
    }
  });

  it("keeps the order of other targets: E08 a line then a direction, E09 a space then an orientation", () => {
    const small = fixture("confront_small").menu;
    const [card, pay] = small.invokes.find(([c]) => catalog.cards[c].effect === "E08");
    expect(invokeChoices(small, card, pay, []).next).not.toContain("east");
    expect(invokeChoices(small, card, pay, ["east"]).stage).toBe("invalid");
    const m = { phase: "confront", invokes: [["09a", "brown", 0]], target_sets: [["gold:4 rot1", "silver:7 rot2"]] };
    expect(invokeChoices(m, "09a", "brown", []).next).toEqual(["gold:4", "silver:7"]);
    expect(invokeChoices(m, "09a", "brown", ["rot1"]).stage).toBe("invalid");
  });

  it("takes the order of a target set from the menu (the effect's record), not from the tokens", () => {
    const real = fixture("confront").menu;
    const effects = real.invokes.map(([c, , set]) => [catalog.cards[c].effect, real.set_info[set]]);
    for (const [effect, info] of effects) {
      expect(info.effect).toBe(effect);
      expect(info.unordered).toBe(["E06", "E07"].includes(effect));
      expect(info.words.length).toBe(
        real.target_sets[real.invokes.find(([c]) => catalog.cards[c].effect === effect)[2]].length,
      );
    }
    // the same pair of spaces, unordered only when its set says so
    const pair = { phase: "confront", invokes: [["x", "brown", 0]], target_sets: [["gold:0 gold:3"]] };
    expect(invokeChoices(pair, "x", "brown", ["gold:3"]).stage).toBe("invalid");
    const unordered = { ...pair, set_info: [{ effect: "E10", unordered: true, words: ["swap gold spaces 0 ↔ 3"] }] };
    const done = invokeChoices(unordered, "x", "brown", ["gold:3", "gold:0"]);
    expect([done.target, done.words]).toEqual(["gold:0 gold:3", "swap gold spaces 0 ↔ 3"]);
  });
});

describe("targetAgrees: does a target fit the picks so far?", () => {
  it("needs the prefix of an ordered target, any members of an unordered one", () => {
    expect(targetAgrees(["gold:row0", "east"], ["gold:row0"])).toBe(true);
    expect(targetAgrees(["gold:row0", "east"], ["east"])).toBe(false);
    expect(targetAgrees(["gold:W0", "gold:N1"], ["gold:N1"], true)).toBe(true);
    expect(targetAgrees(["gold:W0", "gold:N1"], ["gold:N1"], false)).toBe(false);
    expect(targetAgrees(["gold:W0", "gold:N1"], ["gold:N1", "gold:W0"], true)).toBe(true);
    expect(targetAgrees(["gold:W0", "gold:N1"], ["gold:N1", "gold:N1"], true)).toBe(false);
    expect(targetAgrees(["gold:W0"], ["gold:W0", "gold:N1"], true)).toBe(false);
    expect(targetAgrees([], [])).toBe(true);
  });
});

describe("handleAct: one handler per control", () => {
  const call = fixture("call").menu;
  const click = (data, sel = emptySelection(), menu = call) => ({ data, sel, menu, temples: ["gold", "silver"] });

  it("lets timeline and hot-seat controls work even when no play is possible", () => {
    expect(handleAct("tl", click({ type: "undo" }), false)).toEqual({ move: "undo" });
    expect(handleAct("take-over", click({}), false)).toEqual({ send: { type: "take_over" } });
    expect(handleAct("new-game", click({}), false)).toEqual({ send: { type: "new_game" } });
    expect(handleAct("tl", click({ type: "explode" }), false)).toBeNull();
    expect(handleAct("fork", click({}), false)).toEqual({ send: { type: "fork" } });
    expect(handleAct("reveal", click({}), false)).toEqual({ send: { type: "reveal" } });
  });

  it("ignores decisions while no play is possible, and unknown controls", () => {
    const card = call.groups[0][0];
    expect(handleAct("toggle-card", click({ card }), false)).toBeNull();
    expect(handleAct("toString", click({}), true)).toBeNull();
    expect(handleAct("nothing", click({}), true)).toBeNull();
  });

  it("returns a new selection without changing the old one, then the play", () => {
    const card = call.groups[0][0];
    const before = emptySelection();
    const toggled = handleAct("toggle-card", click({ card }, before), true);
    expect(toggled.sel.call).toEqual([card]);
    expect(before.call).toEqual([]);
    expect(handleAct("call-confirm", click({}, toggled.sel), true)).toEqual({
      send: { type: "play", action: `call ${card}` },
    });
    expect(handleAct("toggle-card", click({ card: "99z" }, before), true)).toBeNull();
    expect(handleAct("give-card", click({ card }, before, { phase: "give" }), true)).toBeNull(); // no menu.gives
  });

  it("goes back one level at a time", () => {
    const sel = { ...emptySelection(), invoke: { card: "07d", pay: "teal", tokens: ["gold:W0"] } };
    const one = handleAct("back", click({}, sel), true).sel;
    expect(one.invoke).toEqual({ card: "07d", pay: "teal", tokens: [] });
    // 07d can be paid one way only (the view chose it for the person): back goes over it, to the cards
    const two = handleAct("back", click({}, one), true).sel;
    expect(two.invoke).toEqual({ card: null, pay: null, tokens: [] });
  });
});

describe("keyed: list keys for keyed redraws", () => {
  it("keys items by their text and numbers repeats", () => {
    expect(keyed(["brown:1", "brown:1", "teal:N", "brown:1"], (s) => s).map(([k]) => k)).toEqual([
      "brown:1",
      "brown:1#2",
      "teal:N",
      "brown:1#3",
    ]);
    expect(keyed(null, (s) => s)).toEqual([]);
  });
});

describe("placeChoices (R4.3.2)", () => {
  const menu = fixture("place").menu;
  it("lists the legal spaces and the rotations of each", () => {
    const all = placeChoices(menu);
    expect(all.spaces).toEqual([...new Set(menu.places.map((p) => p[0]))].sort((a, b) => a - b));
    expect(all.rotations).toEqual([]);
    const s = all.spaces[0];
    const c = placeChoices(menu, s);
    expect(c.rotations).toEqual(menu.places.filter((p) => p[0] === s).map((p) => p[1]));
    for (const k of c.rotations) expect(c.openings[k]).toBe(rotateOpenings(menu.room.openings, k));
  });
  it("gives no rotation for a space off the menu, one for a cross, two for a straight", () => {
    const free = new Set(placeChoices(menu).spaces);
    const taken = [0, 1, 2, 3, 4, 5, 6, 7, 8].find((i) => !free.has(i));
    expect(placeChoices(menu, taken).rotations).toEqual([]);
    const cross = {
      phase: "place",
      player: 0,
      room: { id: "R01", openings: "NESW" },
      places: [
        [6, 0],
        [7, 0],
      ],
    };
    expect(placeChoices(cross, 7).rotations).toEqual([0]);
    const straight = {
      phase: "place",
      player: 0,
      room: { id: "R17", openings: "NS" },
      places: [
        [6, 0],
        [6, 1],
      ],
    };
    expect(placeChoices(straight, 6)).toMatchObject({ rotations: [0, 1], openings: { 0: "NS", 1: "EW" } });
    expect(placeChoices({}, 6).spaces).toEqual([]);
  });
  it("writes place and give actions", () => {
    expect(placeActionText(7, 1)).toBe("place 7 rot1");
  });
});

describe("names, tokens and small readers", () => {
  it("names each step by its phase and rule, from the catalog", () => {
    expect(stepName(catalog, "call")).toBe("Call of Fate (R4.1)");
    expect(stepName(catalog, "confront")).toBe("Confrontation (R4.2)");
    expect(stepName(catalog, "place")).toBe("Exploration (R4.3)");
    expect(stepName(catalog, "give")).toBe("New Deal (R4.4)");
    expect(stepName(catalog, "over")).toBe("Game over (R7)");
    const outcome = fixture("over").board.outcome;
    expect(stepName(catalog, "over", outcome, ["gold", "silver"])).toMatch(
      /^Game over \(R7\): gold wins, a score of 25 or more/,
    );
    expect(
      outcomeText(catalog, { winner: 1, reason: "three_cursed", rule: "R7.1", scores: [9, 20] }, ["gold", "silver"]),
    ).toBe("silver wins, three cursed relics face up (R7.1) — 9 : 20");
  });
  it("keeps no words of its own: without the catalog a step is its phase", () => {
    expect(stepName({}, "call")).toBe("call");
    expect(stepName(null, "give")).toBe("give");
    expect(outcomeText({}, { winner: 0, reason: "full_temple", scores: [3, 1] }, ["gold"])).toBe(
      "gold wins, full_temple — 3 : 1",
    );
    expect(limits({})).toEqual({ cursedLimit: null, targetScore: null });
    expect(limits({ limits: { cursed_limit: 4, target_score: 30 } })).toEqual({ cursedLimit: 4, targetScore: 30 });
    expect(limits(catalog)).toEqual({ cursedLimit: 3, targetScore: 25 });
  });
  it("reads relics and sticks", () => {
    expect(parseRelic("c6")).toEqual({ token: "c6", cursed: true, points: 6 });
    expect(parseRelic("s4")).toEqual({ token: "s4", cursed: false, points: 4 });
    expect(parseRelic(null)).toBeNull();
    expect(parseStick("teal:N")).toEqual({ type: "teal", face: "N", naga: true, points: 0 });
    expect(parseStick("violet:3")).toEqual({ type: "violet", face: "3", naga: false, points: 3 });
  });
  it("tells which tokens name a slot or a space", () => {
    const places = catalog.places;
    expect(tokenTarget("gold:W0", places)).toEqual({ kind: "slot", temple: "gold", slot: "W0" });
    expect(tokenTarget("silver:4", places)).toEqual({ kind: "space", temple: "silver", space: 4 });
    expect(tokenTarget("gold:row0", places)).toBeNull();
    expect(tokenTarget("teal:N", places)).toBeNull();
    expect(tokenTarget("p1:teal:2", places)).toBeNull();
    expect(tokenTarget("rot1", places)).toBeNull();
    // a stick "type:face" is not a space, even with a digit face (E03/E05)
    expect(tokenTarget("violet:1", places)).toBeNull();
    expect(tokenTarget("brown:2", places)).toBeNull();
    // the table decides, not the text: other temple names work the same
    const jade = { "jade:4": { kind: "space", temple: "jade", space: 4, words: "jade temple, space 4" } };
    expect(tokenTarget("jade:4", jade)).toEqual({ kind: "space", temple: "jade", space: 4 });
    expect(tokenTarget("gold:4", jade)).toBeNull();
  });
  it("describes tokens for people", () => {
    // the words are Python's (tests/rules/test_effect_words.py); the view shows the menu's
    const menu = fixture("confront").menu;
    for (const [tok, words] of Object.entries(menu.token_words))
      expect(describeToken(tok, menu.token_words)).toBe(words);
    expect(describeToken("gold:W0", menu.token_words)).toBe("gold temple, relic slot W0");
    expect(describeToken("rot9", menu.token_words)).toBe("rot9");
  });
  it("numbers intents above anything sent or acknowledged", () => {
    expect(nextIntentId(0, null, null)).toBe(1);
    expect(nextIntentId(3, { ack: 7 }, { id: 5 })).toBe(8);
    expect(nextIntentId(9, { ack: 2 }, undefined)).toBe(10);
  });
  it("maps keys and buttons to the step they want, not past either end", () => {
    const mid = { step: 3, last: 5, at_end: false };
    expect(["ArrowLeft", "ArrowRight", "Home", "End", "x"].map(keyMove)).toEqual([
      "undo",
      "redo",
      "start",
      "end",
      null,
    ]);
    expect(moveTarget("undo", mid, 3)).toBe(2);
    expect(moveTarget("redo", mid, 3)).toBe(4);
    expect(moveTarget("start", mid, 3)).toBe(0);
    expect(moveTarget("end", mid, 3)).toBe(5);
    expect(moveTarget("undo", mid, 1)).toBe(0); // from the step already wanted, not the one shown
    expect(moveTarget("undo", { step: 0, last: 5 }, 0)).toBeNull();
    expect(moveTarget("end", { step: 5, last: 5 }, 5)).toBeNull();
    expect(moveTarget("fly", mid, 3)).toBeNull();
    expect(moveTarget("undo", null, 3)).toBeNull();
  });
});

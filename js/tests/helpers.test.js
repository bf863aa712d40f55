// The pure helpers of the view (js/src): no DOM needed.
import { keyMove, moveTarget } from "../src/scrub.js";
import { describe, expect, it } from "vitest";
import { normalizeOpenings, templeLayout, tileGeometry } from "../src/geometry.js";
import { relicOf, stickOf, tokenTarget } from "../src/tokens.js";
import { callOf, childOf, invokeChoices, nextIntentId, placeChoices, placeNode } from "../src/menu.js";
import { emptySelection, handleAct } from "../src/handlers.js";
import { keyed } from "../src/panels.js";
import { limits } from "../src/text.js";
import { catalog, fixture, listed } from "./fixtures.js";

describe("normalizeOpenings: the letters of a tile's openings, for its drawing", () => {
  // turning a tile is the rules' (R1.1): the menu sends each rotation's openings (tests/widget/test_widget_choices.py)
  it("puts the letters in N, E, S, W order, without repeats or other letters", () => {
    expect(normalizeOpenings("WSEN")).toBe("NESW");
    expect(normalizeOpenings("NNxE")).toBe("NE");
    expect(normalizeOpenings("sn")).toBe("NS");
    expect(normalizeOpenings("")).toBe("");
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
    expect(tileGeometry("SW", size).corridors.map((c) => c.dir)).toEqual(["S", "W"]);
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

describe("callOf (R4.1): the call the menu lists for the cards chosen", () => {
  const menu = fixture("call").menu; // groups [[02a 02d 10a] [05b 05d] [11d]]
  const [g0, g1] = listed(menu).groups;
  it("has the calls of a real hand, in more than one group", () => {
    expect(listed(menu).groups.length).toBeGreaterThanOrEqual(2);
    expect(menu.calls.length).toBe(listed(menu).groups.reduce((n, g) => n + 2 ** g.length - 1, 0));
  });
  it("finds one card and several cards of one group, in any order, with the action Python wrote", () => {
    expect(callOf(menu, [g0[0]]).action).toBe(`call ${g0[0]}`);
    expect(callOf(menu, [...g0]).cards).toEqual(g0);
    expect(callOf(menu, [...g1].reverse()).action).toBe(`call ${[...g1].sort().join(" ")}`);
  });
  it("finds none for an empty selection, cards across groups, repeats and unknown cards", () => {
    expect(callOf(menu, [])).toBeNull();
    expect(callOf(menu, [g0[0], g1[0]])).toBeNull();
    expect(callOf(menu, [g0[0], g0[0]])).toBeNull();
    expect(callOf(menu, ["99z"])).toBeNull();
  });
  it("finds none outside a call menu", () => {
    expect(callOf({}, [g0[0]])).toBeNull();
    expect(callOf(fixture("confront").menu, [g0[0]])).toBeNull();
    expect(callOf(null, [g0[0]])).toBeNull();
  });
});

describe("invokeChoices (R4.2.2, R5): card, then payment, then target tokens", () => {
  const menu = fixture("confront").menu; // 06a E06, 07d E07, 11a E11, all paid teal
  const { invokes, target_sets: sets } = listed(menu);
  const card = (effect) => invokes.find(([c]) => catalog.cards[c].effect === effect)[0];
  const e06 = card("E06");
  const e07 = card("E07");
  const e11 = card("E11");

  it("first offers the invokable cards, then their payments", () => {
    const start = invokeChoices(menu);
    expect(start.stage).toBe("card");
    expect(start.cards).toEqual([...new Set(invokes.map((i) => i[0]))]);
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
    expect(done.actionText).toBe(`invoke ${e07} teal gold:W0 gold:N1`);
    expect(invokeChoices(menu, e07, "teal", ["gold:N1", "silver:W0"]).stage).toBe("invalid");
    expect(invokeChoices(menu, e07, "teal", ["gold:N1", "gold:N1"]).stage).toBe("invalid");
  });

  it("lets an E06 target stop after one relic or go on to any partner, in either temple", () => {
    const texts = sets[invokes.find((i) => i[0] === e06)[2]];
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
    const pairText = texts.find((t) => t.split(" ").length === 2 && t.includes(a) && t.includes(b));
    expect(pairText).not.toBe(`${a} ${b}`); // picked in the other order than the engine lists the pair
    const pair = invokeChoices(menu, e06, "teal", [a, b]);
    expect(pair.complete).toBe(true);
    expect(pair.next).toEqual([]);
    expect(pair.actionText).toBe(`invoke ${e06} teal ${pairText}`);
  });

  it("handles a single-token target (E11) and rejects tokens off the menu", () => {
    const first = invokeChoices(menu, e11, "teal", []);
    expect(first.next).toEqual(sets[invokes.find((i) => i[0] === e11)[2]]);
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
    const e12 = listed(small).invokes.find(([c]) => catalog.cards[c].effect === "E12");
    const c = invokeChoices(small, e12[0], e12[1], []);
    expect(c.stage).toBe("target");
    expect(c.complete).toBe(true);
    expect(c.next).toEqual([]);
    expect(c.actionText).toBe(`invoke ${e12[0]} ${e12[1]}`);
  });

  it("offers an E08 line, then its directions", () => {
    const small = fixture("confront_small").menu;
    const e08 = listed(small).invokes.find(([c]) => catalog.cards[c].effect === "E08");
    const first = invokeChoices(small, e08[0], e08[1], []);
    expect(first.next).toContain("gold:row0");
    const dir = invokeChoices(small, e08[0], e08[1], ["gold:row0"]);
    expect(dir.next).toEqual(["east", "west"]);
    expect(invokeChoices(small, e08[0], e08[1], ["gold:row0", "west"]).actionText).toBe(
      `invoke ${e08[0]} ${e08[1]} gold:row0 west`,
    );
  });

  it("gives nothing outside a confrontation", () => {
    expect(invokeChoices(fixture("call").menu).cards).toEqual([]);
    expect(invokeChoices({}).cards).toEqual([]);
  });
});

describe("target order: unordered pairs (E06, E07) may be picked in any order", () => {
  // the tree holds both orders of each pair (naga_widget/widget/choices.py; E10 is checked there)
  const confront = fixture("confront").menu;
  const cases = listed(confront)
    .invokes.filter(([c]) => ["E06", "E07"].includes(catalog.cards[c].effect))
    .map((inv) => [catalog.cards[inv[0]].effect, confront, inv]);

  it.each(cases)(
    "%s: every listed pair is reachable from either member and sent as listed",
    (effect, menu, [card, pay, set]) => {
      const pairs = listed(menu).target_sets[set].filter((t) => t.split(" ").length === 2);
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
          expect(done.actionText).toBe(`invoke ${card} ${pay} ${text}`);
        }
      }
    },
  );

  it.each(cases)("%s: after one member, only its partners are offered", (effect, menu, [card, pay, set]) => {
    const pairs = listed(menu)
      .target_sets[set].filter((t) => t.split(" ").length === 2)
      .map((t) => t.split(" "));
    for (const x of invokeChoices(menu, card, pay, []).next) {
      const partners = pairs.filter((p) => p.includes(x)).map((p) => (p[0] === x ? p[1] : p[0]));
      expect(new Set(invokeChoices(menu, card, pay, [x]).next)).toEqual(new Set(partners));
    }
  });

  it("keeps the order of other targets: E08 a line then a direction", () => {
    const small = fixture("confront_small").menu;
    const [card, pay] = listed(small).invokes.find(([c]) => catalog.cards[c].effect === "E08");
    expect(invokeChoices(small, card, pay, []).next).not.toContain("east");
    expect(invokeChoices(small, card, pay, ["east"]).stage).toBe("invalid");
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
    const card = call.choices[0].key;
    expect(handleAct("toggle-card", click({ card }), false)).toBeNull();
    expect(handleAct("toString", click({}), true)).toBeNull();
    expect(handleAct("nothing", click({}), true)).toBeNull();
  });

  it("returns a new selection without changing the old one, then the play", () => {
    const card = call.choices[0].key;
    const before = emptySelection();
    const toggled = handleAct("toggle-card", click({ card }, before), true);
    expect(toggled.sel.call).toEqual([card]);
    expect(before.call).toEqual([]);
    expect(handleAct("call-confirm", click({}, toggled.sel), true)).toEqual({
      send: { type: "play", action: `call ${card}` },
    });
    expect(handleAct("toggle-card", click({ card: "99z" }, before), true)).toBeNull();
    expect(handleAct("give-card", click({ card }, before, { phase: "give" }), true)).toBeNull(); // no choices
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
  const { places } = listed(menu);
  it("lists the legal spaces and the rotations of each, each with the openings Python turned", () => {
    const all = placeChoices(menu);
    expect(all.spaces).toEqual([...new Set(places.map((p) => p[0]))]);
    expect(all.rotations).toEqual([]);
    const s = all.spaces[0];
    const c = placeChoices(menu, s);
    expect(c.space.words).toMatch(new RegExp(`^space ${s} \\(row \\d, col \\d\\)$`));
    expect(c.rotations).toEqual(places.filter((p) => p[0] === s).map((p) => p[1]));
    for (const k of c.rotations) {
      const node = placeNode(menu, s, k);
      expect(node.action).toBe(`place ${s} rot${k}`);
      expect(node.openings).toMatch(/^N?E?S?W?$/);
      expect(node.label).toBe(`rot${k} · ${node.openings}`);
    }
    expect(new Set(c.rotationNodes.map((n) => n.openings)).size).toBe(c.rotations.length); // one per orientation
  });
  it("gives no rotation for a space off the menu, and nothing outside a placement", () => {
    const free = new Set(placeChoices(menu).spaces);
    const taken = [0, 1, 2, 3, 4, 5, 6, 7, 8].find((i) => !free.has(i));
    expect(placeChoices(menu, taken).rotations).toEqual([]);
    expect(placeNode(menu, taken, 0)).toBeNull();
    expect(placeChoices({}, 6).spaces).toEqual([]);
    expect(placeChoices(fixture("call").menu).spaces).toEqual([]);
  });
  it("finds a node by its key, whether the key comes as a number or as the text of a data attribute", () => {
    const [space, rot] = places[0];
    expect(childOf(menu.choices, String(space))).toBe(childOf(menu.choices, space));
    expect(placeNode(menu, String(space), String(rot))).toBe(placeNode(menu, space, rot));
    expect(childOf(menu.choices, null)).toBeNull();
    expect(childOf(undefined, space)).toBeNull();
  });
});

describe("names, tokens and small readers", () => {
  it("reads the limits of R7 from the catalog", () => {
    expect(limits({})).toEqual({ cursedLimit: null, targetScore: null });
    expect(limits({ limits: { cursed_limit: 4, target_score: 30 } })).toEqual({ cursedLimit: 4, targetScore: 30 });
    expect(limits(catalog)).toEqual({ cursedLimit: 3, targetScore: 25 });
  });
  it("looks relics and sticks up in the catalog Python sends", () => {
    expect(relicOf("c6", catalog)).toEqual({ token: "c6", cursed: true, points: 6 });
    expect(relicOf("s4", catalog)).toEqual({ token: "s4", cursed: false, points: 4 });
    expect(relicOf(null, catalog)).toBeNull();
    expect(relicOf("s9", catalog)).toBeNull(); // no such relic: nothing is read from the token's text
    expect(stickOf("teal:N", catalog)).toEqual({ type: "teal", face: "N", naga: true, points: 0 });
    expect(stickOf("violet:3", catalog)).toEqual({ type: "violet", face: "3", naga: false, points: 3 });
    expect(stickOf("violet:9", catalog).points).toBe(0);
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

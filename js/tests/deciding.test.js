// Deciding (deciding.js, explain.js): the hint's suggestion marked on the menu at every step (the cards
// of a call too), how sure the hint is (intervals, "too close to call", "not tried"), what win chance
// means, and the auto-pass setting with the note of a pass the view played by itself. Every figure,
// grouping and sentence is Python's (tests/widget/test_widget_deciding.py); the view draws them.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { candidateFigures } from "../src/explain.js";
import { isSuggested } from "../src/deciding.js";
import { fixture, mounter, listed } from "./fixtures.js";

const mount = mounter(widget.render);

/** A hint in the form Python sends, for the fixture's decision (docs/widget-protocol.md). */
function hintFor(name, action, suggestion, candidates = null) {
  const f = fixture(name);
  const cands = candidates ?? [{ action, visits: 120, value: 0.6, tried: true, low: 0.51, high: 0.68, close: false }];
  return {
    player: f.menu.player,
    name: f.status.names[f.menu.player],
    step: f.timeline.step,
    branch: f.timeline.branch,
    iterations: 200,
    action,
    summary: "the summary",
    action_words: action,
    candidates: cands.map(({ action, visits, value }) => ({ action, visits, value })),
    candidate_figures: cands.map(({ tried, low, high, close }) => ({ tried, low, high, close })),
    candidate_words: cands.map((c) => `${c.action} in words`),
    beliefs: {},
    highlights: [],
    confidence: "A sentence from Python about how sure the search is.",
    meaning: "Win chance: a sentence from Python.",
    suggestion,
  };
}

const marked = (el) => [...el.querySelectorAll(".naga-suggested")].map((n) => n.getAttribute("data-testid"));

describe("the hint's suggestion on the menu", () => {
  it("marks the cards of the suggested call, by an outline and by a word", () => {
    const f = fixture("call");
    const cards = listed(f.menu).groups[0].slice(0, 2);
    const hint = hintFor("call", `call ${cards.join(" ")}`, { kind: "call", cards });
    const { el, q } = mount("call", { explain: { hint } });
    expect(new Set(marked(el))).toEqual(new Set(cards.map((c) => `card-${c}`)));
    for (const c of cards)
      expect(q(`card-${c}`).querySelector('[data-testid="suggested-mark"]').textContent).toBe("hint");
    const other = listed(f.menu).groups[1][0];
    expect(q(`card-${other}`).querySelector('[data-testid="suggested-mark"]')).toBeNull();
  });

  it("marks nothing without a hint, or with a hint for the other player", () => {
    const f = fixture("call");
    const { el } = mount("call", { explain: {} });
    expect(marked(el)).toEqual([]);
    const hint = { ...hintFor("call", "call 02a", { kind: "call", cards: ["02a"] }), player: 1 - f.menu.player };
    const { el: el2 } = mount("call", { explain: { hint } });
    expect(marked(el2)).toEqual([]);
  });

  it("marks the pass button, or the card to invoke, then its payment and targets", () => {
    const { el } = mount("confront", { explain: { hint: hintFor("confront", "pass", { kind: "pass" }) } });
    expect(marked(el)).toEqual(["pass"]);
    const f = fixture("confront");
    const [card, pay] = listed(f.menu).invokes[0];
    const target = listed(f.menu).target_sets[listed(f.menu).invokes[0][2]][0].split(" ");
    const s = { kind: "invoke", card, pay, tokens: target };
    const m = mount("confront", {
      explain: { hint: hintFor("confront", `invoke ${card} ${pay} ${target.join(" ")}`, s) },
    });
    expect(marked(m.el)).toEqual([`card-${card}`]);
    m.click(`card-${card}`);
    if (m.q(`pay-${pay}`)) {
      expect(marked(m.el)).toContain(`pay-${pay}`);
      m.click(`pay-${pay}`);
    } // else the card has one payment only: the view chose it, and the targets are marked at once
    expect(marked(m.el)).toContain(`target-${target[0]}`);
  });

  it("marks the rotation once the suggested space is chosen, and the card to give", () => {
    const f = fixture("place");
    const [space, rot] = listed(f.menu).places[1];
    const m = mount("place", {
      explain: { hint: hintFor("place", `place ${space} rot${rot}`, { kind: "place", space, rotation: rot }) },
    });
    expect(marked(m.el)).toEqual([]);
    m.click(`space-${f.board.temples[f.menu.player].name}-${space}`);
    expect(marked(m.el)).toEqual([`rotation-${rot}`]);
    const g = fixture("give");
    const card = listed(g.menu).gives[1];
    const { el } = mount("give", { explain: { hint: hintFor("give", `give ${card}`, { kind: "give", card }) } });
    expect(marked(el)).toEqual([`give-${card}`]);
  });

  it("isSuggested reads only the suggestion's own parts", () => {
    expect(isSuggested(null, { card: "01a" }, null)).toBe(false);
    expect(isSuggested({ kind: "call", cards: ["01a"] }, { pass: true }, null)).toBe(false);
    expect(isSuggested({ kind: "give", card: "01a" }, { card: "01b" }, null)).toBe(false);
  });
});

describe("how sure the hint is", () => {
  const candidates = [
    { action: "pass", visits: 340, value: 0.68, tried: true, low: 0.63, high: 0.73, close: true },
    { action: "invoke 01a brown", visits: 320, value: 0.67, tried: true, low: 0.62, high: 0.72, close: true },
    { action: "invoke 02a brown", visits: 0, value: 0.61, tried: false, low: null, high: null, close: false },
  ];

  it("shows the intervals, marks the choices too close to call, and no percentage for one not tried", () => {
    const hint = hintFor("confront", "pass", { kind: "pass" }, candidates);
    const { q } = mount("confront", { explain: { hint } });
    const items = [...q("hint-candidates").querySelectorAll("li")];
    expect(items[0].textContent).toContain("win 68% (63%–73%)");
    expect(items[0].getAttribute("data-close")).toBe("true");
    expect(items[0].textContent).toContain("≈");
    expect(items[1].getAttribute("data-close")).toBe("true");
    expect(items[2].getAttribute("data-close")).toBe("false");
    expect(items[2].textContent).toContain("not tried");
    expect(items[2].textContent).not.toContain("%");
    expect(q("hint-confidence").textContent).toBe(hint.confidence);
    expect(q("hint-meaning").textContent).toBe(hint.meaning);
  });

  it("candidateFigures says visits and figures", () => {
    expect(candidateFigures(candidates[0])).toBe("340 simulations, win 68% (63%–73%)");
    expect(candidateFigures(candidates[2])).toBe("0 simulations, not tried");
    expect(candidateFigures({ action: "pass", visits: 1, value: 0.5 })).toBe("1 simulation, win 50%");
  });
});

describe("auto-pass", () => {
  it("is a checkbox of the decision that sends the setting to Python", () => {
    const { q, intents, f } = mount("confront");
    const box = q("auto-pass");
    expect(box.tagName).toBe("INPUT");
    expect(box.checked).toBe(true);
    box.checked = false;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(intents().at(-1)).toMatchObject({ type: "auto_pass", on: false, step: f.timeline.step });
  });

  it("is not drawn where Python sends no setting (a spectator)", () => {
    const f = fixture("confront");
    const { q } = mount("confront", { status: { ...f.status, auto_pass: null } });
    expect(q("auto-pass")).toBeNull();
  });

  it("shows the note of the last pass played by itself, with Python's reason", () => {
    const f = fixture("confront");
    const last = { player: 0, name: "gold", step: 7, text: "Passing is gold's only choice: a reason (R4.2.2)." };
    const { q } = mount("confront", { status: { ...f.status, auto_pass: { on: true, last } } });
    const note = q("auto-passed");
    expect(note.textContent).toContain("gold passed automatically (step 7)");
    expect(note.textContent).toContain("a reason");
    expect(note.querySelector('[data-act="rule"][data-rule="R4.2.2"]')).not.toBeNull();
  });
});

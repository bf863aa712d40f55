// The explanation panel (explain.js): a hint or a bot's reasons from the `explain` trait, ranked in
// words with visits and win estimates, guesses as percentages, the highlighted places shaded on the
// boards, and the Hint button sending the intent with the budget chosen.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { spaceWords } from "../src/changes.js";
import { hintWeights, percent } from "../src/explain.js";
import { catalog, fixture, mounter, listed } from "./fixtures.js";

const mount = mounter(widget.render);

/** A hint for the placement of the "place" fixture, in the form Python sends (docs/widget-protocol.md). */
function placeHint() {
  const f = fixture("place");
  const a = listed(f.menu).places[0];
  const b = listed(f.menu).places[1]; // the same space, another rotation
  const c = listed(f.menu).places.find((p) => p[0] !== a[0]);
  return {
    player: f.menu.player,
    name: "gold",
    step: f.timeline.step,
    branch: f.timeline.branch,
    iterations: 200,
    action: `place ${a[0]} rot${a[1]}`,
    summary: "the summary of the search",
    action_words: `Place the room on ${spaceWords(a[0])}, turned ${a[1]}`,
    candidates: [
      {
        action: `place ${a[0]} rot${a[1]}`,
        visits: 120,
        value: 0.6134,
      },
      {
        action: `place ${b[0]} rot${b[1]}`,
        visits: 50,
        value: 0.48,
      },
      {
        action: `place ${c[0]} rot${c[1]}`,
        visits: 30,
        value: 0.3,
      },
    ],
    // Python says each candidate in words (tests/widget/test_widget_words.py checks them)
    candidate_words: [a, b, c].map(([space, k]) => `Place the room on ${spaceWords(space)}, turned ${k}`),
    beliefs: {
      cards: { silver: { "03a": 0.45, "07b": 0.2, "11c": 0.875 } },
      relics: { "silver:E2": { c6: 0.4, s3: 0.6 } },
      cursed: { "silver:E2": 0.4 },
      amulet_points: { silver: 1.4 },
      samples: 200,
    },
    highlights: [
      { token: `gold:${a[0]}`, weight: 0.6, label: "" },
      { token: `gold:${c[0]}`, weight: 0.15, label: "" },
      { token: "silver:E2", weight: 0.4, label: "" },
      { token: "silver:row1", weight: 0.2, label: "" },
      { token: "p0:brown:2", weight: 0.9, label: "" }, // a stick: nothing on the boards to shade
    ],
  };
}

describe("the explanation panel", () => {
  it("lists the candidates best first in words, with their visits and win estimates", () => {
    const hint = placeHint();
    const { q } = mount("place", { explain: { hint } });
    const panel = q("explain-panel");
    expect(panel).not.toBeNull();
    const items = [...q("hint-candidates").querySelectorAll("li")];
    expect(items).toHaveLength(3);
    hint.candidates.forEach((c, i) => {
      expect(items[i].textContent).toContain(hint.candidate_words[i]);
      expect(items[i].textContent).toContain(`${c.visits} simulations`);
      expect(items[i].getAttribute("title")).toBe(c.action);
    });
    expect(items[0].textContent).toContain("win 61%");
    expect(items[2].textContent).toContain("win 30%");
    expect(panel.textContent).toContain("200 simulations");
  });

  it("gives the guesses as percentages: the likeliest cards first, the chance a face-down relic is cursed", () => {
    const { q } = mount("place", { explain: { hint: placeHint() } });
    const lines = [...q("hint-beliefs").querySelectorAll("li")].map((li) => li.textContent);
    const cards = lines.find((l) => l.startsWith("silver's cards:"));
    expect(cards).toBeDefined();
    expect(cards.indexOf("11c")).toBeLessThan(cards.indexOf("03a"));
    expect(cards.indexOf("03a")).toBeLessThan(cards.indexOf("07b"));
    expect(cards).toContain(`11c ${catalog.cards["11c"].name} 88%`);
    expect(cards).toContain("03a");
    expect(cards).toContain("45%");
    expect(lines.some((l) => l.includes("chance cursed") && l.includes("silver E2 40%"))).toBe(true);
    expect(lines).toContain("silver's hidden amulets: about 1.4 points");
  });

  it("shows the bot's reasons when they are sent, even in a view that decides nothing", () => {
    const bot = { ...placeHint(), player: 1, name: "silver", step: 12, summary: "why the bot did it" };
    const { q } = mount("rich_spectator", { explain: { bot } });
    expect(q("hint")).toBeNull(); // a spectator has no decision to ask a hint for
    expect(q("explain-bot").textContent).toContain("silver's bot at step 12");
    expect(q("explain-bot").textContent).toContain("why the bot did it");
    expect(q("bot-candidates").querySelectorAll("li")).toHaveLength(3);
  });

  it("is not drawn for a view with nothing to ask and nothing sent", () => {
    const { q } = mount("rich_spectator", { explain: {} });
    expect(q("explain-panel")).toBeNull();
  });

  it("is reachable by keyboard: a real button, a labelled selector and a focusable list", () => {
    const { q } = mount("place", { explain: { hint: placeHint() } });
    expect(q("hint").tagName).toBe("BUTTON");
    expect(q("hint-budget").tagName).toBe("SELECT");
    expect(q("hint-budget").getAttribute("aria-label")).toContain("budget");
    expect(q("hint-candidates").getAttribute("tabindex")).toBe("0");
    q("hint-candidates").focus();
    expect(document.activeElement).toBe(q("hint-candidates"));
  });
});

describe("the highlights on the boards", () => {
  it("shade the spaces and slots they name, by weight, and nothing else", () => {
    const hint = placeHint();
    const { el, f } = mount("place", { explain: { hint } });
    const a = listed(f.menu).places[0];
    const c = listed(f.menu).places.find((p) => p[0] !== a[0]);
    const expected = new Map([
      [`gold:${a[0]}`, 0.6],
      [`gold:${c[0]}`, 0.15],
      ["silver:E2", 0.4],
      ["silver:3", 0.2],
      ["silver:4", 0.2],
      ["silver:5", 0.2],
    ]);
    const shaded = [...el.querySelectorAll(".naga-hinted")];
    expect(new Set(shaded.map((g) => g.getAttribute("data-place")))).toEqual(new Set(expected.keys()));
    for (const g of shaded) {
      const w = expected.get(g.getAttribute("data-place"));
      expect(Number(g.getAttribute("data-hint"))).toBeCloseTo(w, 2);
      const mark = g.querySelector(".naga-hint-mark");
      expect(Number(mark.getAttribute("opacity"))).toBeCloseTo(0.25 + 0.75 * w, 2);
      expect(g.querySelector("title").textContent).toContain(`weight ${Math.round(w * 100)}%`);
    }
    // the heavier place is drawn more opaque than the lighter one
    const opacity = (key) => Number(el.querySelector(`[data-place="${key}"] .naga-hint-mark`).getAttribute("opacity"));
    expect(opacity(`gold:${a[0]}`)).toBeGreaterThan(opacity(`gold:${c[0]}`));
    // the temple of each place: gold's space is in the gold board, silver's slot in the silver one
    expect(
      el.querySelector(`[data-testid="temple-gold"] [data-place="gold:${a[0]}"]`).classList.contains("naga-space"),
    ).toBe(true);
    expect(
      el.querySelector('[data-testid="temple-silver"] [data-place="silver:E2"]').classList.contains("naga-slot"),
    ).toBe(true);
  });

  it("leave the placement targets clickable (the shading lies under the click overlay)", () => {
    const { el, f } = mount("place", { explain: { hint: placeHint() } });
    const space = listed(f.menu).places[0][0];
    const g = el.querySelector(`[data-place="gold:${space}"]`);
    const children = [...g.children].map((n) => n.getAttribute("class") ?? "");
    expect(children.indexOf("naga-hint-mark")).toBeLessThan(children.findIndex((k) => k.startsWith("naga-target")));
  });

  it("come from the hint first, else from the bot's reasons", () => {
    const hint = placeHint();
    const bot = { ...hint, highlights: [{ token: "gold:8", weight: 1, label: "" }] };
    const places = catalog.places;
    expect([...hintWeights({ hint, bot }, places).keys()]).not.toContain("gold:8");
    expect([...hintWeights({ bot }, places).entries()]).toEqual([["gold:8", 1]]);
    expect(hintWeights({}, places).size).toBe(0);
    const line = { bot: { highlights: [{ token: "gold:col2", weight: 0.5 }] } };
    expect([...hintWeights(line, places).keys()]).toEqual(["gold:2", "gold:5", "gold:8"]);
  });
});

describe("the Hint button", () => {
  it("is offered only where Python allows a hint (status.hint_allowed), whatever the menu holds", () => {
    const f = fixture("place");
    expect(f.status.hint_allowed).toBe(true); // a local game with a decision for this view
    expect(f.menu.phase).toBeTruthy();
    const { q, model } = mount("place", { explain: {}, status: { ...f.status, hint_allowed: false } });
    expect(q("tab-hint")).toBeNull(); // a class server's game: the decision is there, the Hint tab is not
    expect(q("hint")).toBeNull();
    model.push("status", { ...f.status, hint_allowed: true });
    expect(q("tab-hint")).not.toBeNull();
    expect(q("hint")).not.toBeNull();
  });

  it("sends a hint intent with the budget chosen, stamped with the position shown", () => {
    const { q, click, intents, f, model } = mount("place", { explain: {} });
    click("hint");
    let sent = intents().at(-1);
    expect(sent).toMatchObject({ type: "hint", iterations: 1000, step: f.timeline.step, branch: f.timeline.branch });
    expect(q("hint").disabled).toBe(true); // one search at a time
    model.push("status", { ...f.status, ack: sent.id }); // Python answers
    expect(q("hint").disabled).toBe(false);
    const select = q("hint-budget");
    select.value = "3000";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    click("hint");
    sent = intents().at(-1);
    expect(sent).toMatchObject({ type: "hint", iterations: 3000 });
    expect(q("hint-budget").value).toBe("3000");
  });
});

describe("percent", () => {
  it("rounds a chance to a whole percentage", () => {
    expect(percent(0.875)).toBe("88%");
    expect(percent(0)).toBe("0%");
  });
});

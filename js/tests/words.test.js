// Decisions and pieces in words (words.js), and the rule popups (rules.js) through the view.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import {
  amuletMeaning,
  cardMeaning,
  invokeWords,
  labelWords,
  onlyChoiceReason,
  placementWords,
  stickSymbolMeaning,
} from "../src/words.js";
import { resolveRule, splitRules } from "../src/rules.js";
import { callWords } from "../src/actions.js";
import { catalog, fixture, mounter } from "./fixtures.js";

const who = { names: ["gold", "silver"], temples: ["gold", "silver"], player: 0 };
const cardOf = (effect) => Object.keys(catalog.cards).find((c) => catalog.cards[c].effect === effect);

describe("decisions in words", () => {
  it("says an invoke the way the issue asks", () => {
    expect(invokeWords(cardOf("E07"), "brown", ["gold:N1", "gold:E2"], catalog, who)).toBe(
      "Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga",
    );
  });

  it.each([
    ["E01", ["p1:teal:2"], "throw silver's teal 2 again"],
    ["E02", ["violet"], "take a violet stick from the supply and throw it"],
    ["E03", ["teal:N"], "send silver's teal naga back to the supply"],
    ["E04", ["brown:2", "N"], "turn your brown 2 to naga"],
    ["E05", ["teal:2"], "take silver's teal 2"],
    ["E06", ["gold:W0", "silver:E2"], "look at gold W0 and silver E2"],
    ["E08", ["gold:row0", "east"], "slide gold row 0 east"],
    ["E09", ["gold:4", "rot1"], "turn the tile on gold space 4 (row 1, col 1) to orientation 1"],
    ["E10", ["gold:4", "gold:7"], "swap gold spaces 4 ↔ 7"],
    ["E11", ["silver:4"], "move the trap to silver space 4 (row 1, col 1)"],
    ["E12", [], "draw two cards"],
  ])("says what %s does with %j", (effect, tokens, words) => {
    const text = invokeWords(cardOf(effect), "charm", tokens, catalog, who);
    expect(text).toBe(`Invoke ${catalog.effects[effect].name}: ${words}, paying a naga charm`);
  });

  it("says a placement, a call and the timeline's labels in words", () => {
    expect(placementWords("R07", 6, "NES")).toBe("Place R07 on space 6 (row 2, col 0), openings NES");
    const browns = Object.keys(catalog.cards)
      .filter((c) => catalog.cards[c].stick === "brown")
      .slice(0, 2);
    const sticks = browns.reduce((n, c) => n + catalog.cards[c].count, 0);
    expect(callWords(browns, catalog)).toBe(`Call 2 cards: ${sticks} brown sticks to throw`);
    expect(callWords([], catalog)).toBe("Call cards");
    expect(labelWords("gold: place 6 rot2", catalog)).toBe("gold placed the room on space 6 (row 2, col 0), turned 2");
    expect(labelWords("silver: call 2 card(s)", catalog)).toBe("silver called 2 cards face down");
    expect(labelWords("gold: pass", catalog)).toBe("gold passed");
    expect(labelWords(`silver: invoke ${cardOf("E07")} brown gold:N1 gold:E2`, catalog)).toBe(
      "silver invoked Shifting Altars: swap gold N1 ↔ E2, paying a brown naga",
    );
    expect(labelWords("setup", catalog)).toBe("setup");
  });

  it("explains a card, its stick symbol and an amulet", () => {
    const id = cardOf("E07");
    const info = catalog.cards[id];
    expect(stickSymbolMeaning(info)).toContain(`brings ${info.count} ${info.stick} stick`);
    expect(cardMeaning(id, catalog)).toContain(catalog.effects.E07.text);
    expect(amuletMeaning("A01", catalog)).toBe("A01: a treasure, worth 1 secret point (R1.2)");
    expect(amuletMeaning("A06", catalog)).toContain("worth 2 secret points");
    expect(amuletMeaning("A10", catalog)).toContain("naga charm");
    expect(amuletMeaning(null, catalog)).toContain("treasures (1 or 2 secret points) or naga charms");
  });

  it("says why there is a single choice", () => {
    expect(onlyChoiceReason({ phase: "confront", pass: true, invokes: [] })).toContain("R4.2.2");
    expect(onlyChoiceReason({ phase: "confront", pass: true, invokes: [["01a", "brown", 0]] })).toBeNull();
    expect(onlyChoiceReason({ phase: "place", places: [[6, 0]] })).toContain("R4.3.2");
    expect(onlyChoiceReason({ phase: "call", groups: [["01a"]] })).toContain("R4.1");
    expect(onlyChoiceReason({})).toBeNull();
  });
});

describe("rule ids open their text", () => {
  const mount = mounter(widget.render);

  it("finds rule ids in a text, falling back to the parent rule", () => {
    expect(resolveRule("R4.2.2", catalog)).toBe("R4.2.2");
    expect(resolveRule("R4.2.2.9", catalog)).toBe("R4.2.2");
    expect(resolveRule("R99", catalog)).toBeNull();
    expect(splitRules("a call must use one type (R4.1), see E07.", catalog)).toEqual([
      "a call must use one type (",
      { rule: "R4.1" },
      "), see ",
      { rule: "E07" },
      ".",
    ]);
    expect(splitRules("no rule here, nor R99", catalog)).toEqual(["no rule here, nor R99"]);
  });

  it("opens a popup from the log, the step name and a message; Close and Escape shut it", () => {
    const f = fixture("call");
    const { q, el } = mount("call", {
      status: { ...f.status, message: { level: "error", text: "not in one group (R4.1)" } },
    });
    const logRule = q("log").querySelector('[data-act="rule"]');
    logRule.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const id = logRule.getAttribute("data-rule");
    expect(q("rule-popup").textContent).toContain(catalog.rules[resolveRule(id, catalog)].title);
    expect(document.activeElement).toBe(q("rule-close"));
    q("rule-close").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(q("rule-popup")).toBeNull();
    q("step-name")
      .querySelector('[data-act="rule"]')
      .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(q("rule-popup").textContent).toContain(catalog.rules["R4.1"].text.slice(0, 40));
    q("rule-close").dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(q("rule-popup")).toBeNull();
    q("message")
      .querySelector('[data-rule="R4.1"]')
      .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(q("rule-popup")).not.toBeNull();
    void el;
  });

  it("speaks words on the confirm button of an invoke and of a placement", () => {
    const c = mount("confront");
    const [card, pay] = c.f.menu.invokes.find(([id]) => catalog.cards[id].effect === "E07");
    c.click(`card-${card}`);
    c.click(`pay-${pay}`);
    c.click("target-gold:W2");
    c.click("target-gold:E2");
    expect(c.q("confirm").textContent.trim()).toBe(
      `Invoke Shifting Altars: swap gold W2 ↔ E2, paying ${pay === "charm" ? "a naga charm" : `a ${pay} naga`}`,
    );
    const p = mount("place");
    const [space] = p.f.menu.places[0];
    p.el
      .querySelector(`[data-testid="space-${p.f.board.temples[p.f.menu.player].name}-${space}"]`)
      .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(p.q("confirm").textContent.trim()).toMatch(
      new RegExp(`^Place ${p.f.menu.room.id} on space ${space} \\(row \\d, col \\d\\), openings [NESW]+$`),
    );
  });
});

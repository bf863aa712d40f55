// Decisions and pieces in words (words.js), and the rule popups (rules.js) through the view.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { amuletMeaning, cardMeaning, stickSymbolMeaning } from "../src/words.js";
import { resolveRule, splitRules } from "../src/rules.js";
import { invokeChoices } from "../src/menu.js";
import { catalog, fixture, mounter, listed } from "./fixtures.js";

const cardOf = (effect) => Object.keys(catalog.cards).find((c) => catalog.cards[c].effect === effect);

describe("decisions in words", () => {
  // The words of each effect's targets and of the timeline's labels are written in Python (the effect
  // records; tests/rules/test_effect_words.py, tests/widget/test_widget_words.py): the view shows them.
  it("confirms an invoke of the real menu with the words Python sent for that target", () => {
    const menu = fixture("confront").menu;
    for (const [card, pay, set] of listed(menu).invokes) {
      const target = listed(menu).target_sets[set][0];
      const choice = invokeChoices(menu, card, pay, target ? target.split(" ") : []);
      expect(choice.complete).toBe(true);
      expect(choice.done).toBe(listed(menu).set_info[set].done[0]);
      expect(choice.done).toMatch(new RegExp(`^Invoke ${catalog.cards[card].name}.*, paying `));
    }
  });

  it("says a call in Python's words on its confirm button, and no call while the cards are of two types", () => {
    const { f, q, click } = mounter(widget.render)("call");
    expect(q("confirm").textContent.trim()).toBe("Call cards");
    const { groups } = listed(f.menu);
    const group = groups.find((g) => g.length >= 2);
    for (const card of group) click(`card-${card}`);
    const call = f.menu.calls.find((c) => c.cards.length === group.length);
    const sticks = group.reduce((n, c) => n + catalog.cards[c].count, 0);
    const stick = catalog.cards[group[0]].stick;
    expect(call.words).toBe(`Call ${group.length} cards: ${sticks} ${stick} sticks to throw`);
    expect(q("confirm").textContent.trim()).toBe(call.words);
    click(`card-${groups.find((g) => g !== group)[0]}`);
    expect(q("confirm").textContent.trim()).toBe("Call cards");
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

  it("says why there is a single choice in Python's words, and not the sentence of a choice beside it", () => {
    const mount = mounter(widget.render);
    const f = fixture("confront");
    const only = { action: "pass", text: "Passing is gold's only choice: a reason from Python (R4.2.2).", auto: true };
    const { q } = mount("confront", { menu: { ...f.menu, choices: [], only } });
    expect(q("only-choice").textContent).toContain("a reason from Python");
    expect(q("actions").textContent).not.toContain("Pass, or pay one naga");
    const { q: q2 } = mount("confront");
    expect(q2("only-choice")).toBeNull();
    expect(q2("actions").textContent).toContain("Pass, or pay one naga");
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
    const [card, pay] = listed(c.f.menu).invokes.find(([id]) => catalog.cards[id].effect === "E07");
    c.click(`card-${card}`);
    if (c.q(`pay-${pay}`)) c.click(`pay-${pay}`); // with one payment only, the view chose it
    c.click("target-gold:W2");
    c.click("target-gold:E2");
    expect(c.q("confirm").textContent.trim()).toBe(
      `Invoke Shifting Altars: swap gold W2 ↔ E2, paying ${pay === "charm" ? "a naga charm" : `a ${pay} naga`}`,
    );
    const p = mount("place");
    const [space] = listed(p.f.menu).places[0];
    p.el
      .querySelector(`[data-testid="space-${p.f.board.temples[p.f.menu.player].name}-${space}"]`)
      .dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(p.q("confirm").textContent.trim()).toMatch(
      new RegExp(`^Place ${p.f.menu.room.id} on space ${space} \\(row \\d, col \\d\\), openings [NESW]+$`),
    );
  });
});

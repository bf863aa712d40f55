// Clicks that choose nothing: where a level of the menu offers one choice only, the view chooses it
// (handlers.js, from the menu Python sends); the person still confirms.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { DECISIONS, initialSelection } from "../src/handlers.js";
import { fixture, mounter } from "./fixtures.js";

const mount = mounter(widget.render);

/** A confront menu, expanded as the view holds it: card 01a paid by teal only, 02b by teal or a charm. */
const MENU = {
  phase: "confront",
  player: 0,
  pass: true,
  invokes: [
    ["01a", "teal", 0],
    ["02b", "teal", 1],
    ["02b", "charm", 1],
  ],
  target_sets: [["gold:W0 gold:N1"], ["silver:E2", "gold:W2"]],
  set_info: [{ unordered: false }, { unordered: false }],
  token_words: {},
};

const act = (name, data, sel, menu = MENU) => DECISIONS[name]({ data, sel, menu, temples: ["gold", "silver"] });

describe("one choice at a level is chosen for the person", () => {
  it("the only payment, then each part of the only target: one click on the card, then Confirm", () => {
    const out = act("invoke-card", { card: "01a" }, initialSelection(MENU));
    expect(out.sel.invoke).toEqual({ card: "01a", pay: "teal", tokens: ["gold:W0", "gold:N1"] });
    // Back goes over the levels that were chosen for the person: to the cards
    expect(act("back", {}, out.sel).sel.invoke).toEqual({ card: null, pay: null, tokens: [] });
  });

  it("not where there is a choice: two payments, two targets", () => {
    const card = act("invoke-card", { card: "02b" }, initialSelection(MENU)).sel;
    expect(card.invoke).toEqual({ card: "02b", pay: null, tokens: [] });
    const paid = act("invoke-pay", { pay: "charm" }, card).sel;
    expect(paid.invoke).toEqual({ card: "02b", pay: "charm", tokens: [] });
    const target = act("target", { token: "gold:W2" }, paid).sel;
    expect(act("back", {}, target).sel.invoke.tokens).toEqual([]);
    expect(act("back", {}, paid).sel.invoke).toEqual({ card: "02b", pay: null, tokens: [] });
  });

  it("a hand's only call, a placement's only space, the only card to give", () => {
    expect(initialSelection({ phase: "call", groups: [["03d"]] }).call).toEqual(["03d"]);
    expect(initialSelection({ phase: "call", groups: [["03d", "04a"]] }).call).toEqual([]);
    const room = { id: "R04", openings: "NS" };
    expect(
      initialSelection({
        phase: "place",
        room,
        places: [
          [7, 0],
          [7, 1],
        ],
      }).place,
    ).toEqual({ space: 7, rot: 0 });
    expect(
      initialSelection({
        phase: "place",
        room,
        places: [
          [7, 0],
          [6, 0],
        ],
      }).place,
    ).toEqual({ space: null, rot: null });
    expect(initialSelection({ phase: "give", gives: ["05c"] }).give).toBe("05c");
    expect(initialSelection({ phase: "give", gives: ["05c", "06a"] }).give).toBeNull();
  });

  it("a one-card hand's call is one click: Confirm is ready at once", () => {
    const menu = { ...fixture("call", { raw: true }).menu, groups: [["03d"]] };
    const { q, click, intents } = mount("call", { menu });
    expect(q("card-03d").getAttribute("aria-pressed")).toBe("true");
    expect(q("confirm").disabled).toBe(false);
    click("confirm");
    expect(intents().map((i) => [i.type, i.action])).toEqual([["play", "call 03d"]]);
  });
});

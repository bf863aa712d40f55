// Clicks that choose nothing: where a level of the menu offers one choice only, the view chooses it
// (handlers.js, from the menu Python sends); the person still confirms.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { DECISIONS, initialSelection } from "../src/handlers.js";
import { fixture, mounter } from "./fixtures.js";

const mount = mounter(widget.render);

/** A node that completes to `action`. */
const leaf = (key, action) => ({ key, label: key, action, done: action });

/** A confront menu as Python sends its tree: card 01a paid by teal only, 02b by teal or a charm. */
const MENU = {
  phase: "confront",
  player: 0,
  pass: { key: "pass", label: "Pass", action: "pass" },
  choices: [
    {
      key: "01a",
      label: "01a",
      next: [
        {
          key: "teal",
          label: "a teal naga",
          next: [{ key: "gold:W0", label: "gold:W0", next: [leaf("gold:N1", "invoke 01a teal gold:W0 gold:N1")] }],
        },
      ],
    },
    {
      key: "02b",
      label: "02b",
      next: ["teal", "charm"].map((pay) => ({
        key: pay,
        label: pay,
        next: [leaf("silver:E2", `invoke 02b ${pay} silver:E2`), leaf("gold:W2", `invoke 02b ${pay} gold:W2`)],
      })),
    },
  ],
};

/** A menu of `phase` whose first level holds these nodes. */
const tree = (phase, choices, more = {}) => ({ phase, player: 0, choices, ...more });
const call = (...cards) => ({ cards, action: `call ${cards.join(" ")}`, words: `Call ${cards.length} card(s)` });
const space = (key, ...rotations) => ({
  key,
  label: String(key),
  next: rotations.map((k) => leaf(k, `place ${key} rot${k}`)),
});

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
    expect(initialSelection(tree("call", [leaf("03d")], { calls: [call("03d")] })).call).toEqual(["03d"]);
    expect(initialSelection(tree("call", [leaf("03d"), leaf("04a")], { calls: [call("03d")] })).call).toEqual([]);
    expect(initialSelection(tree("place", [space(7, 0, 1)])).place).toEqual({ space: 7, rot: 0 });
    expect(initialSelection(tree("place", [space(7, 0), space(6, 0)])).place).toEqual({ space: null, rot: null });
    expect(initialSelection(tree("give", [leaf("05c", "give 05c")])).give).toBe("05c");
    expect(initialSelection(tree("give", [leaf("05c", "give 05c"), leaf("06a", "give 06a")])).give).toBeNull();
  });

  it("a one-card hand's call is one click: Confirm is ready at once", () => {
    const menu = { ...fixture("call").menu, choices: [{ key: "03d", label: "03d" }], calls: [call("03d")] };
    const { q, click, intents } = mount("call", { menu });
    expect(q("card-03d").getAttribute("aria-pressed")).toBe("true");
    expect(q("confirm").disabled).toBe(false);
    click("confirm");
    expect(intents().map((i) => [i.type, i.action])).toEqual([["play", "call 03d"]]);
  });
});

// The decision tree of every fixture (what Python's projection sends, js/scripts/make_fixtures.py) played
// through the view's handlers: each complete node is reached by its keys and sends its own `action`, and
// nothing else can be sent. The view knows no effect, no rotation and no action text: a new effect or a
// new kind of target changes the tree Python sends, not these modules.
import { describe, expect, it } from "vitest";
import { emptySelection, handleAct, initialSelection } from "../src/handlers.js";
import { fixture } from "./fixtures.js";

const FIXTURES = ["call", "confront", "confront_small", "place", "give", "rich"];

/** Every path of keys from the first level of `nodes` to a node, with the node. */
function paths(nodes, keys = []) {
  return (nodes ?? []).flatMap((node) => [[[...keys, node.key], node], ...paths(node.next, [...keys, node.key])]);
}

/** Click `act` with `data`: the new selection, or what is sent. */
function step(act, data, sel, menu) {
  return handleAct(act, { data, sel, menu, temples: ["gold", "silver"] }, true);
}

/** The action sent after choosing `keys` in `menu` from the start, as the view's controls do. */
function played(menu, keys) {
  let sel = initialSelection(menu);
  const go = (act, data) => {
    const out = step(act, data, sel, menu);
    if (out?.sel) sel = out.sel;
    return out;
  };
  if (menu.phase === "confront") {
    const [card, pay, ...tokens] = keys;
    go("invoke-card", { card });
    if (sel.invoke.pay === null) go("invoke-pay", { pay });
    expect(sel.invoke.pay).toBe(pay);
    // the levels with one choice only were chosen for the person: they are the start of the path
    expect(tokens.slice(0, sel.invoke.tokens.length)).toEqual(sel.invoke.tokens);
    for (const token of tokens.slice(sel.invoke.tokens.length)) go("target", { token });
    return go("invoke-confirm", {})?.send?.action ?? null;
  }
  if (menu.phase === "place") {
    go("place-space", { space: String(keys[0]) });
    go("rotation", { rot: String(keys[1]) });
    return go("place-confirm", {})?.send?.action ?? null;
  }
  go("give-card", { card: keys[0] });
  return go("give-confirm", {})?.send?.action ?? null;
}

describe("every choice of the tree, through the handlers", () => {
  for (const name of FIXTURES) {
    const menu = fixture(name).menu;
    it(`${name}: each complete node sends its action, and only those`, () => {
      let n = 0;
      if (menu.phase === "call") {
        for (const call of menu.calls) {
          let sel = emptySelection();
          for (const card of call.cards) sel = step("toggle-card", { card }, sel, menu).sel;
          expect(step("call-confirm", {}, sel, menu).send.action).toBe(call.action);
          n += 1;
        }
        const cards = menu.choices.map((c) => c.key);
        let all = emptySelection();
        for (const card of cards) all = step("toggle-card", { card }, all, menu).sel;
        const whole = menu.calls.some((c) => c.cards.length === cards.length);
        expect(step("call-confirm", {}, all, menu)).toEqual(whole ? { send: expect.anything() } : null);
      } else {
        const all = paths(menu.choices);
        const done = all.filter(([, node]) => typeof node.action === "string");
        expect(done.length).toBeGreaterThan(0);
        for (const [keys, node] of done.slice(0, 400)) {
          expect(played(menu, keys)).toBe(node.action);
          n += 1;
        }
        // a node that completes nothing cannot be confirmed
        for (const [keys] of all.filter(([, node]) => node.action === undefined).slice(0, 100)) {
          if (menu.phase === "confront" && keys.length >= 2) expect(played(menu, keys)).toBeNull();
        }
      }
      expect(n).toBeGreaterThan(0);
    });
  }

  it("sends the pass node's action, and no pass where the menu has none", () => {
    const menu = fixture("confront").menu;
    expect(step("pass", {}, emptySelection(), menu)).toEqual({ send: { type: "play", action: menu.pass.action } });
    const { pass, ...none } = menu;
    void pass;
    expect(step("pass", {}, emptySelection(), none)).toBeNull();
  });
});

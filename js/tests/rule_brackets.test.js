// A rule id in brackets keeps its brackets on its own line: "(R4.1)." never wraps before ")".
import { describe, expect, it } from "vitest";
import { render } from "lit-html";
import { withRules } from "../src/panels.js";
import { catalog } from "./fixtures.js";

function drawn(text) {
  const el = document.createElement("div");
  render(withRules(text, catalog), el);
  return el;
}

describe("rule ids in brackets", () => {
  it("glue the brackets and the punctuation after them to the rule id", () => {
    const el = drawn("Choose cards of one stick type (R4.1): two brown sticks (R4.2.1).");
    expect(el.textContent).toBe("Choose cards of one stick type (R4.1): two brown sticks (R4.2.1).");
    const glued = [...el.querySelectorAll(".naga-nowrap")].map((e) => e.textContent);
    expect(glued).toEqual(["(R4.1):", "(R4.2.1)."]);
    expect(el.querySelectorAll('.naga-nowrap [data-act="rule"]')).toHaveLength(2);
  });

  it("leave a rule id without brackets as it is", () => {
    const el = drawn("R7.1.2 ends the game");
    expect(el.textContent).toBe("R7.1.2 ends the game");
    expect(el.querySelector(".naga-nowrap")).toBeNull();
    expect(el.querySelectorAll('[data-act="rule"]')).toHaveLength(1);
  });
});

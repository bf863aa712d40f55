// The legend (table.js): every symbol of the board with what it means, with the rule ids of the rules;
// and the game-over panel, whose New game button is there only where a new game can start.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { MARKS } from "../src/preview.js";
import { mounter } from "./fixtures.js";

const mount = mounter(widget.render);

function openLegend() {
  const view = mount("rich");
  view.click("legend-button");
  const legend = view.q("legend");
  expect(legend).not.toBeNull();
  return { ...view, legend, entry: (key) => view.q(`legend-${key}`) };
}

describe("the legend", () => {
  it("cites R2.3 for reached rooms and R2.4 for face-up relics and collected amulets, never R5", () => {
    const { legend, entry } = openLegend();
    const rules = (key) => [...entry(key).querySelectorAll('[data-act="rule"]')].map((b) => b.dataset.rule);
    expect(rules("reached")).toEqual(["R2.3", "R2.4"]);
    expect(rules("amulet")).toEqual(["R2.4"]);
    expect([...legend.querySelectorAll('[data-act="rule"]')].map((b) => b.dataset.rule)).not.toContain("R5");
  });

  it("explains the stick chips, the unknown score, the hint's shading, the preview marks and the changed places", () => {
    const { entry } = openLegend();
    expect(entry("stick").textContent).toContain("brown 2");
    expect(entry("stick").textContent).toMatch(/naga/);
    expect(entry("score").textContent).toContain("+? pts");
    expect(entry("hint").querySelector(".naga-hint-mark")).not.toBeNull();
    for (const kind of ["reached", "unreached", "up", "collected"]) {
      const item = entry(`pv-${kind}`);
      expect(item.querySelector(`[data-preview="${kind}"]`)).not.toBeNull();
      expect(item.textContent).toContain(MARKS[kind].symbol);
    }
    expect(entry("pv-up").textContent).toContain(MARKS.down.symbol);
    expect(entry("since").querySelector(".naga-since-mark")).not.toBeNull();
  });
});

describe("controls that cannot act are absent", () => {
  it("the finished game offers a new game only where Python says one can start (not in a replay)", () => {
    const over = mount("over");
    expect(over.f.status.new_game).toBe(true);
    expect(over.q("new-game")).not.toBeNull();
    const replay = mount("over", { status: { ...over.f.status, new_game: false } });
    expect(replay.q("actions").textContent).toContain("wins");
    expect(replay.q("new-game")).toBeNull();
  });
});

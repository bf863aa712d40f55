// Speed of the view, printed by `npx vitest bench --run` (part of `make bench`); never a pass/fail test.
import { render as litRender } from "lit-html";
import { bench, describe } from "vitest";
import { viewState, widgetTemplate } from "../src/markup.js";
import { catalog, fixture } from "./fixtures.js";

describe("drawing the board", () => {
  const f = fixture("confront");
  const view = viewState({ catalog, ...f });
  const box = document.createElement("div");
  litRender(widgetTemplate(view), box);
  let round = 0;

  bench("a redraw of the Confrontation fixture (templates known)", () => {
    round += 1;
    litRender(widgetTemplate({ ...view, board: { ...f.board, round } }), box);
  });

  bench("the first draw into an empty element", () => {
    litRender(widgetTemplate(view), document.createElement("div"));
  });
});

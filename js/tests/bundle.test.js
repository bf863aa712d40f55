// The committed bundle src/naga_widget/static/naga_widget.js (what anywidget loads and the wheel ships): same exports
// as js/src/index.js, same markup, and render() works. `npm run check-bundle` checks it is current.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as bundle from "../../src/naga_widget/static/naga_widget.js";
import * as src from "../src/index.js";
import { catalog, fixture } from "./fixtures.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixtureNames = readdirSync(join(here, "fixtures"))
  .filter((f) => f.endsWith(".json") && f !== "catalog.json")
  .map((f) => f.slice(0, -5));

/** The least of an anywidget model: get / set / on / off / save_changes. */
function fakeModel(traits) {
  const data = { catalog, intent: {}, ...traits };
  const handlers = new Map();
  return {
    get: (name) => data[name],
    set: vi.fn((name, value) => {
      data[name] = value;
    }),
    on: vi.fn((event, cb) => handlers.set(event, [...(handlers.get(event) ?? []), cb])),
    off: vi.fn((event, cb) => handlers.set(event, (handlers.get(event) ?? []).filter((h) => h !== cb))),
    save_changes: vi.fn(),
    listenerCount: () => [...handlers.values()].reduce((n, l) => n + l.length, 0),
  };
}

const mounted = [];
afterEach(() => {
  while (mounted.length) mounted.pop().remove();
});

describe("the bundle src/naga_widget/static/naga_widget.js", () => {
  it("exports the same names as js/src/index.js, and a default with render", () => {
    expect(Object.keys(bundle).sort()).toEqual(Object.keys(src).sort());
    expect(Object.keys(bundle.default)).toEqual(["render"]);
    expect(typeof bundle.default.render).toBe("function");
    expect(bundle.render).toBe(bundle.default.render);
    expect(bundle.TRAITS).toEqual(src.TRAITS);
  });

  it("makes the same markup as the sources for every fixture", () => {
    expect(fixtureNames.length).toBeGreaterThan(5);
    for (const name of fixtureNames) {
      const f = fixture(name);
      const traits = { catalog, board: f.board, menu: f.menu, timeline: f.timeline, events: f.events, status: f.status };
      const markup = bundle.widgetMarkup(bundle.viewState(traits));
      expect(markup, name).toBe(src.widgetMarkup(src.viewState(traits)));
    }
  });

  it("renders a fixture into the DOM, sends an intent, and cleans up", () => {
    const f = fixture("call");
    const model = fakeModel({ board: f.board, menu: f.menu, timeline: f.timeline, events: f.events, status: f.status });
    const el = document.createElement("div");
    document.body.appendChild(el);
    mounted.push(el);
    const cleanup = bundle.default.render({ model, el });
    const q = (id) => el.querySelector(`[data-testid="${id}"]`);
    expect(el.querySelector("style").textContent).toContain(".naga-root");
    for (const name of ["gold", "silver"]) {
      expect(q(`temple-${name}`).querySelectorAll(".naga-space")).toHaveLength(9);
    }
    expect(q("timeline")).not.toBeNull();
    expect(model.listenerCount()).toBe(bundle.TRAITS.length);

    const group = [...f.menu.groups].sort((a, b) => b.length - a.length)[0];
    for (const card of group) q(`card-${card}`).dispatchEvent(new MouseEvent("click", { bubbles: true }));
    q("confirm").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const intents = model.set.mock.calls.filter((c) => c[0] === "intent").map((c) => c[1]);
    expect(intents).toEqual([{ id: 1, type: "play", action: bundle.callActionText(group) }]);
    expect(model.save_changes).toHaveBeenCalled();

    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".naga-root")).toBeNull();
  });
});

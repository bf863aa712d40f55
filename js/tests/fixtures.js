// Loading the JSON fixtures written by js/scripts/make_fixtures.py (real games of the Python engine),
// and a stand-in for the anywidget model to render them with.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, vi } from "vitest";
import { expandMenu } from "../src/menu.js";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A fixture's traits (board, menu, timeline, log, status, secret), deep-copied. The menu's target
 * sets are expanded to token texts (as the view does) unless `raw` asks for the wire form.
 */
export function fixture(name, { raw = false } = {}) {
  const data = JSON.parse(readFileSync(join(here, "fixtures", `${name}.json`), "utf8"));
  if (!raw && data.menu) data.menu = expandMenu(data.menu);
  return data;
}

export const catalog = JSON.parse(readFileSync(join(here, "fixtures", "catalog.json"), "utf8"));

/** A stand-in for the anywidget model: get / set (fires change:<name>) / on / off / save_changes. */
export function fakeModel(traits) {
  const data = { catalog, intent: {}, ...traits };
  const handlers = new Map();
  return {
    data,
    handlers,
    get: (name) => data[name],
    set: vi.fn((name, value) => {
      data[name] = value;
      for (const h of [...(handlers.get(`change:${name}`) ?? [])]) h({ name, new: value });
    }),
    on: vi.fn((event, cb) => {
      if (!handlers.has(event)) handlers.set(event, []);
      handlers.get(event).push(cb);
    }),
    off: vi.fn((event, cb) => {
      const list = handlers.get(event) ?? [];
      const i = list.indexOf(cb);
      if (i >= 0) list.splice(i, 1);
    }),
    save_changes: vi.fn(),
    listenerCount: () => [...handlers.values()].reduce((n, l) => n + l.length, 0),
    /** Python's side of a change: set a trait (as a sync from the kernel would). */
    push(name, value) {
      data[name] = value;
      for (const h of [...(handlers.get(`change:${name}`) ?? [])]) h({ name, new: value });
    },
  };
}

/**
 * Render a fixture with `render` (the view's, or the bundle's) into a new element appended to
 * `container`, with the menu as Python sends it. Returns the model, the element and helpers: `q(testid)`,
 * `click(testid)`, `intents()` (the intents sent so far), `cleanup`.
 */
export function mountFixture(render, name, patch = {}, container = document.body) {
  const f = fixture(name); // expanded menu, for the assertions
  const model = fakeModel({
    board: f.board,
    menu: fixture(name, { raw: true }).menu, // the view gets the menu as Python sends it
    timeline: f.timeline,
    events: f.events,
    status: f.status,
    ...patch,
  });
  const el = document.createElement("div");
  container.appendChild(el);
  const cleanup = render({ model, el });
  const q = (id) => el.querySelector(`[data-testid="${id}"]`);
  const click = (id) => {
    const node = q(id);
    if (!node) throw new Error(`no element ${id}`);
    node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  };
  const intents = () => model.set.mock.calls.filter((c) => c[0] === "intent").map((c) => c[1]);
  return { f, model, el, q, click, intents, cleanup };
}

/**
 * `mount(name, patch, container)` for a test file or a describe block: each view it mounts is
 * cleaned up and removed after every test (a cleanup the test already ran is not an error).
 * @param {Function} render
 */
export function mounter(render) {
  const mounted = [];
  afterEach(() => {
    while (mounted.length) {
      const { el, cleanup } = mounted.pop();
      try {
        cleanup();
      } catch {
        // already cleaned up by the test
      }
      el.remove();
    }
  });
  return (name, patch = {}, container = document.body) => {
    const m = mountFixture(render, name, patch, container);
    mounted.push(m);
    return m;
  };
}

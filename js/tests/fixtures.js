// Loading the JSON fixtures written by js/scripts/make_fixtures.py (real games of the Python engine),
// and a stand-in for the anywidget model to render them with.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, vi } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

/** A fixture's traits (board, menu, timeline, log, status, secret), deep-copied, as Python sent them. */
export function fixture(name) {
  return JSON.parse(readFileSync(join(here, "fixtures", `${name}.json`), "utf8"));
}

/**
 * The choices of a menu's tree listed flat, for the tests to pick from (the view walks the tree):
 * `groups` (the largest calls: one per stick type), `invokes` (`[card, pay, k]`, one per payment of a
 * card), `target_sets[k]` (its targets as token texts, from the actions of its complete nodes, each
 * once), `set_info[k]` (`{done, previews}` of those targets), `places` (`[space, rotation]`),
 * `previews` (one per place) and `gives`.
 */
export function listed(menu) {
  const calls = menu?.calls ?? [];
  const groups = calls
    .filter(
      (c) =>
        !calls.some((d) => d !== c && d.cards.length > c.cards.length && c.cards.every((x) => d.cards.includes(x))),
    )
    .map((c) => [...c.cards]);
  const out = { groups, invokes: [], target_sets: [], set_info: [], places: [], previews: [], gives: [] };
  for (const node of menu?.choices ?? []) {
    if (menu.phase === "confront") {
      for (const pay of node.next ?? []) {
        const found = new Map();
        const walk = (n) => {
          if (n.action && !found.has(n.action)) found.set(n.action, n);
          for (const c of n.next ?? []) walk(c);
        };
        walk(pay);
        const head = `invoke ${node.key} ${pay.key}`;
        const texts = [...found.keys()].map((a) => a.slice(head.length).trim());
        out.invokes.push([node.key, pay.key, out.target_sets.length]);
        out.target_sets.push(texts);
        out.set_info.push({
          done: [...found.values()].map((n) => n.done),
          previews: [...found.values()].map((n) => n.preview ?? null),
        });
      }
    } else if (menu.phase === "place") {
      for (const rot of node.next ?? []) {
        out.places.push([node.key, rot.key]);
        out.previews.push(rot.preview);
      }
    } else if (menu.phase === "give") out.gives.push(node.key);
  }
  return out;
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

// The committed bundle src/naga_widget/static/naga_widget.js (what anywidget loads and the wheel ships):
// it exports only the widget, draws every fixture exactly as js/src does, and plays.
// `npm run check-bundle` checks that it is what `npm run build` makes from js/src.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import * as bundle from "../../src/naga_widget/static/naga_widget.js";
import source from "../src/index.js";
import { TRAITS } from "../src/view.js";
import { mountFixture, listed } from "./fixtures.js";

const here = dirname(fileURLToPath(import.meta.url));
const bundlePath = join(here, "..", "..", "src", "naga_widget", "static", "naga_widget.js");
const fixtureNames = readdirSync(join(here, "fixtures"))
  .filter((f) => f.endsWith(".json") && f !== "catalog.json")
  .map((f) => f.slice(0, -5));

const mounted = [];
function mount(render, name) {
  const m = mountFixture(render, name);
  mounted.push(m);
  return m;
}
afterEach(() => {
  while (mounted.length) {
    const { el, cleanup } = mounted.pop();
    cleanup();
    el.remove();
  }
});

/** The widget's DOM as text, without lit-html's marker comments and the per-view id. */
function drawn(el) {
  // the ids of a view are unique on the page (view.js viewUid): they differ between any two views
  return el.innerHTML.replace(/<!--[^]*?-->/g, "").replace(/naga-[0-9a-z]+-\d+-/g, "naga-uid-");
}

describe("the bundle src/naga_widget/static/naga_widget.js", () => {
  it("exports only `export default { render }`, as anywidget wants", () => {
    expect(Object.keys(bundle)).toEqual(["default"]);
    expect(Object.keys(bundle.default)).toEqual(["render"]);
    expect(typeof bundle.default.render).toBe("function");
  });

  it("is minified and self-contained (lit-html bundled in, no imports left)", () => {
    const text = readFileSync(bundlePath, "utf8");
    expect(text.split("\n")[0]).toMatch(/^\/\/ naga_widget\.js: GENERATED/);
    expect(text).not.toMatch(/^\s*import\s/m);
    expect(text).not.toMatch(/from\s*["'][^"']+["']/);
    // minified: no comment of js/src besides the banner, local names shortened; at the end the
    // license notices of what it bundles (lit-html, BSD-3-Clause)
    const [code, notices = ""] = text.split("/*! Bundled license information:");
    expect(
      code
        .split("\n")
        .slice(1)
        .filter((l) => /^\s*\/[/*]/.test(l)),
    ).toEqual([]);
    expect(notices).toContain("lit-html/lit-html.js");
    expect(notices).toContain("SPDX-License-Identifier: BSD-3-Clause");
    expect(text).not.toContain("function captureFocus");
    expect(text).not.toContain("Python holds the match and decides everything"); // a comment of js/src
    expect(text).toContain("data-lm-suppress-shortcuts");
  });

  it("draws every fixture as the sources do", () => {
    expect(fixtureNames.length).toBeGreaterThan(5);
    for (const name of fixtureNames) {
      const fromBundle = mount(bundle.default.render, name);
      const fromSource = mount(source.render, name);
      expect(fromBundle.el.querySelector(".naga-app").childElementCount, name).toBeGreaterThan(1);
      expect(drawn(fromBundle.el), name).toBe(drawn(fromSource.el));
    }
  }, 90000); // every fixture drawn twice: a minute on a loaded 2-core machine

  it("renders a fixture into the DOM, sends an intent, follows a change, and cleans up", () => {
    const { f, el, q, click, intents, model, cleanup } = mount(bundle.default.render, "call");
    expect(el.querySelector("style").textContent).toContain(".naga-root");
    for (const name of ["gold", "silver"]) {
      expect(q(`temple-${name}`).querySelectorAll(".naga-space")).toHaveLength(9);
    }
    expect(q("root").hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect(model.listenerCount()).toBe(TRAITS.length + 1); // and the size

    const group = [...listed(f.menu).groups].sort((a, b) => b.length - a.length)[0];
    for (const card of group) click(`card-${card}`);
    q("confirm").focus();
    click("confirm");
    const at = { step: f.timeline.step, branch: f.timeline.branch };
    expect(intents()).toEqual([{ id: 1, type: "play", action: `call ${[...group].sort().join(" ")}`, ...at }]);
    expect(model.save_changes).toHaveBeenCalled();
    expect(document.activeElement).toBe(q("actions"));

    model.push("status", { ...model.get("status"), ack: 1, message: { level: "error", text: "no (R4.1)" } });
    expect(q("message").textContent).toContain("no (R4.1)");
    expect(document.activeElement).toBe(q(`card-${listed(f.menu).groups.flat()[0]}`));

    cleanup();
    mounted.pop();
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".naga-root")).toBeNull();
    el.remove();
  });
});

// Every id in the page is unique, with two widgets on it: within a view (a pattern per temple), between
// two views, and between two copies of the view's module (each with its own counter), as when anywidget
// loads the module again.
import { describe, expect, it, vi } from "vitest";
import widget from "../src/index.js";
import { mounter } from "./fixtures.js";

const mount = mounter(widget.render);

function ids() {
  return [...document.querySelectorAll("[id]")].map((e) => e.id);
}

function duplicates(list) {
  return list.filter((id, i) => list.indexOf(id) !== i);
}

describe("the ids of the views", () => {
  it("are unique within a view and between two views of one module", () => {
    mount("rich");
    const one = ids();
    expect(one.length).toBeGreaterThan(1); // the relic backs' patterns at least
    expect(duplicates(one)).toEqual([]);
    mount("rich_spectator");
    expect(ids().length).toBeGreaterThan(one.length);
    expect(duplicates(ids())).toEqual([]);
  });

  it("are unique between views of two copies of the module", async () => {
    mount("rich");
    vi.resetModules();
    const again = await import("../src/index.js");
    expect(again.default.render).not.toBe(widget.render); // a copy of its own, counting from 1 again
    const remount = mounter(again.default.render);
    remount("rich");
    expect(ids().length).toBeGreaterThan(0);
    expect(duplicates(ids())).toEqual([]);
    // every url(#…) reference of the page names an id that is there
    const refs = [...document.querySelectorAll("[fill]")]
      .map((e) => e.getAttribute("fill"))
      .filter((f) => f.startsWith("url(#"))
      .map((f) => f.slice(5, -1));
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !document.getElementById(r))).toEqual([]);
  });
});

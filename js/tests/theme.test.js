// The colours: every text colour on its background reaches 4.5:1 (WCAG AA), in the light and the dark
// palette and with JupyterLab's own theme values for the neutrals; the page's theme is followed.
import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { CSS } from "../src/styles.js";
import { DARK, JUPYTER_THEMES, LIGHT, TEXT_PAIRS, contrast, pageIsDark, parseColor } from "../src/theme.js";
import { mounter } from "./fixtures.js";

const cases = [
  ["light", LIGHT],
  ["dark", DARK],
  ["JupyterLab light", { ...LIGHT, ...JUPYTER_THEMES.light }],
  ["JupyterLab dark", { ...DARK, ...JUPYTER_THEMES.dark }],
];

describe("contrast", () => {
  it("computes WCAG ratios", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    expect(contrast("rgba(0,0,0,0.54)", "#ffffff")).toBeGreaterThan(4.5);
    expect(parseColor("#abc")).toEqual([170, 187, 204, 1]);
    expect(parseColor("nonsense")).toBeNull();
  });

  it.each(cases)("keeps every text readable in the %s palette", (_, palette) => {
    const low = TEXT_PAIRS.map(([fg, bg, where]) => [where, fg, bg, contrast(palette[fg], palette[bg])]).filter(
      (p) => p[3] < 4.5,
    );
    expect(low).toEqual([]);
  });

  it("gives both palettes the same colours, and the CSS uses each of them", () => {
    expect(Object.keys(DARK).sort()).toEqual(Object.keys(LIGHT).sort());
    for (const key of Object.keys(LIGHT)) expect(CSS).toContain(`var(--naga-${key})`);
    expect(CSS).toContain("var(--jp-content-font-color1,");
  });

  it("writes board labels at 11 px or more", () => {
    const sizes = [
      ...CSS.matchAll(/naga-(?:roomid|amulet-id|slot-label|entrance-label|trap-label)[^{]*\{[^}]*font-size:(\d+)px/g),
    ].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
  });
});

describe("following the page's theme", () => {
  const mount = mounter(widget.render);
  afterEach(() => {
    document.body.removeAttribute("data-jp-theme-light");
    document.documentElement.classList.remove("dark");
    document.body.style.background = "";
  });

  it("reads JupyterLab's attribute, marimo's class and else the colour behind the widget", () => {
    const el = document.createElement("div");
    document.body.appendChild(el);
    expect(pageIsDark(el)).toBe(false);
    document.body.style.background = "rgb(20, 20, 20)";
    expect(pageIsDark(el)).toBe(true);
    document.body.style.background = "";
    document.documentElement.classList.add("dark");
    expect(pageIsDark(el)).toBe(true);
    document.body.setAttribute("data-jp-theme-light", "true");
    expect(pageIsDark(el)).toBe(false);
    el.remove();
  });

  it("switches to the dark palette when JupyterLab switches theme", async () => {
    const m = mount("call");
    const root = m.q("root");
    expect(root.classList.contains("naga-dark")).toBe(false);
    document.body.setAttribute("data-jp-theme-light", "false");
    await new Promise((resolve) => setTimeout(resolve, 0)); // mutation observers run after the task
    expect(root.classList.contains("naga-dark")).toBe(true);
    document.body.setAttribute("data-jp-theme-light", "true");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.classList.contains("naga-dark")).toBe(false);
  });
});

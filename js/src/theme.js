// theme.js — the widget's colours, light and dark, and which of the two the page around it uses.
// The neutrals (text, backgrounds, lines) follow JupyterLab's theme through its `--jp-*` variables,
// with these palettes as fallbacks elsewhere; the game's own colours (temples, sticks, relics, tiles)
// come from the palette of the page's theme: JupyterLab says it on <body data-jp-theme-light>, marimo
// with a `dark` class, any other page by the colour behind the widget. tests/theme.test.js checks
// that every text colour reaches a contrast of 4.5:1 on its background, in both palettes.

import colours from "../../src/naga_widget/rules/palette.json";

/** @typedef {Object<string, string>} Palette */

/** The light palette (src/naga_widget/rules/palette.json, which the static SVG picture reads too). @type {Palette} */
export const LIGHT = colours.light;

/** The dark palette. @type {Palette} */
export const DARK = colours.dark;

/** Colours that stay the same in both themes (relic backs, the reached corridor, entrances). @type {Palette} */
export const FIXED = colours.fixed;

/** Palette keys that JupyterLab's theme provides, and its variable for each. */
export const JUPYTER_VARIABLES = {
  ink: "--jp-content-font-color1",
  muted: "--jp-content-font-color2",
  bg: "--jp-layout-color1",
  panel: "--jp-layout-color0",
  line: "--jp-border-color2",
};

/** JupyterLab 4's values of those variables in its two themes (for the contrast test). */
export const JUPYTER_THEMES = {
  light: { ink: "rgba(0,0,0,0.87)", muted: "rgba(0,0,0,0.54)", bg: "#ffffff", panel: "#ffffff", line: "#e0e0e0" },
  dark: {
    ink: "rgba(255,255,255,1)",
    muted: "rgba(255,255,255,0.7)",
    bg: "#212121",
    panel: "#111111",
    line: "#424242",
  },
};

/**
 * Text colour → background pairs drawn by the view (palette keys), each of which must be readable.
 * @type {Array<[string, string, string]>} [text, background, where]
 */
export const TEXT_PAIRS = [
  ["ink", "bg", "text on the widget"],
  ["ink", "panel", "text in a panel"],
  ["muted", "bg", "muted text"],
  ["muted", "panel", "muted text in a panel"],
  ["goldText", "bg", "the step's name"],
  ["ink", "card", "a card"],
  ["muted", "card", "a card's effect"],
  ["ink", "button", "a button"],
  ["muted", "button", "a button's second line"],
  ["ink", "pressed", "a chosen button"],
  ["onPrimary", "target", "a primary button"],
  ["danger", "errorBg", "an error"],
  ["infoText", "infoBg", "a notice"],
  ["ruleText", "ruleBg", "a rule id"],
  ["brownText", "brownBg", "a brown stick"],
  ["violetText", "violetBg", "a violet stick"],
  ["tealText", "tealBg", "a teal stick"],
  ["ink", "armed", "an armed fork"],
  ["tileText", "tile", "a room's id"],
  ["ink", "slotUp", "a face-up relic"],
  ["ink", "cursedUp", "a face-up cursed relic"],
  ["trapText", "trap", "the trap's label"],
  ["amuletText", "tile", "an amulet's id"],
  ["muted", "panel", "board labels"],
  ["danger", "bg", "a warning"],
  ["danger", "panel", "a warning in a panel"],
];

/** The CSS custom properties of a palette (`--naga-<key>`), JupyterLab's variables first for the neutrals. */
export function paletteCss(palette, withJupyter = true) {
  return Object.entries(palette)
    .map(([key, value]) => {
      const jp = withJupyter ? JUPYTER_VARIABLES[key] : undefined;
      return `--naga-${key}:${jp ? `var(${jp},${value})` : value}`;
    })
    .join(";");
}

/** Parse "#rgb", "#rrggbb" or "rgb(a)(r,g,b[,a])" into [r, g, b, a] (0–255, alpha 0–1); null if unknown. */
export function parseColor(text) {
  const t = String(text ?? "")
    .trim()
    .toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(t);
  if (m) return [...m[1]].map((c) => parseInt(c + c, 16)).concat(1);
  m = /^#([0-9a-f]{6})$/.exec(t);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16)).concat(1);
  m = /^rgba?\(([^)]+)\)$/.exec(t);
  if (m) {
    const parts = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length >= 3 && parts.every((x) => !Number.isNaN(x))) return [parts[0], parts[1], parts[2], parts[3] ?? 1];
  }
  return null;
}

/** A colour laid over an opaque background (alpha blended). */
export function over(color, background) {
  const [r, g, b, a] = color;
  return [0, 1, 2].map((i) => [r, g, b][i] * a + background[i] * (1 - a)).concat(1);
}

/** WCAG relative luminance of an opaque colour. */
export function luminance([r, g, b]) {
  const lin = (c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of text colour `fg` on background `bg` (CSS colour texts). */
export function contrast(fg, bg) {
  const back = over(parseColor(bg), [255, 255, 255]);
  const front = over(parseColor(fg), back);
  const [hi, lo] = [luminance(front), luminance(back)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Is the page around `el` dark? JupyterLab's body attribute, marimo's `dark` class, else the first
 * opaque background behind the widget, else the system's preference.
 * @param {HTMLElement} el
 * @returns {boolean}
 */
export function pageIsDark(el) {
  const doc = el.ownerDocument ?? document;
  const jp = doc.body?.getAttribute("data-jp-theme-light");
  if (jp === "false") return true;
  if (jp === "true") return false;
  const html = doc.documentElement;
  if (
    html?.classList.contains("dark") ||
    doc.body?.classList.contains("dark") ||
    html?.getAttribute("data-theme") === "dark"
  )
    return true;
  const view = doc.defaultView;
  for (let node = el; node && node.nodeType === 1; node = node.parentElement ?? node.getRootNode?.()?.host ?? null) {
    const color = parseColor(view?.getComputedStyle?.(node)?.backgroundColor);
    if (color && color[3] > 0.5) return luminance(color) < 0.2;
  }
  return Boolean(view?.matchMedia?.("(prefers-color-scheme: dark)")?.matches);
}

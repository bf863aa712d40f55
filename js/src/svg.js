// svg.js — the SVG drawings as lit-html templates: icons, tiles and a whole temple (spaces, relic
// slots, slot labels, entrances), with the clickable targets of the choice in progress. No DOM: the
// templates are put in by render() (view.js).

import { html, svg, nothing } from "lit-html";
import { tileGeometry } from "./geometry.js";
import { relicOf } from "./tokens.js";
import { previewMark, previewTitle } from "./preview.js";
import { changedSince } from "./changes.js";
import { FIXED, LIGHT } from "./theme.js";

/** @typedef {import("./types.js").BoardTemple} TempleView */
/** @typedef {import("./types.js").BoardRelic} RelicView */
/** @typedef {{act: string, args: {space?: number, token?: string}, hint: string, chosen: boolean}} BoardClick */

// -- icons -------------------------------------------------------------------------------------------

/** The guide's scroll (inline SVG: no emoji font needed). */
const SCROLL_ICON = html`<svg class="naga-icon" width="16" height="14" viewBox="0 0 16 14" aria-hidden="true"
  focusable="false"><rect x="3" y="2" width="10" height="10" rx="1" fill=${FIXED.scroll} stroke=${LIGHT.path}
  /><circle cx="3" cy="3" r="2" fill=${FIXED.scrollEnd} stroke=${LIGHT.path}
  /><circle cx="13" cy="11" r="2" fill=${FIXED.scrollEnd} stroke=${LIGHT.path}
  /><line x1="5.5" y1="5" x2="10.5" y2="5" stroke=${LIGHT.path}
  /><line x1="5.5" y1="7.5" x2="10.5" y2="7.5" stroke=${LIGHT.path} /></svg>`;

/** The mark of the guide (R3.3: holds the scroll). */
export function guideMark() {
  return html` <span class="naga-guide" title="guide: holds the scroll" role="img"
    aria-label="guide (scroll)">${SCROLL_ICON}</span>`;
}

/** An eye at (x, y) (top-left), for relics the viewer remembers (R6). */
function eyeMark(x, y) {
  return svg`<g class="naga-eye" transform="translate(${x},${y})" aria-hidden="true"
    ><path d="M0 4 Q5 -1 10 4 Q5 9 0 4 Z" fill=${FIXED.white} stroke=${LIGHT.target} stroke-width="1"
    /><circle cx="5" cy="4" r="1.8" fill=${LIGHT.target} /></g>`;
}

// -- tiles (R1.1) ----------------------------------------------------------------------------------

function tileBackground(size) {
  return svg`<rect class="naga-space-bg" width=${size} height=${size} rx="4"/>`;
}

function trapMark(size) {
  const p = size * 0.22;
  return svg`<line class="naga-trap-x" x1=${p} y1=${p} x2=${size - p} y2=${size - p}/><line class="naga-trap-x"
    x1=${size - p} y1=${p} x2=${p} y2=${size - p}/><rect class="naga-trap-tag" x=${size / 2 - 16} y=${size - 18}
    width="32" height="15" rx="3"/><text class="naga-trap-label" x=${size / 2} y=${size - 7}
    text-anchor="middle">trap</text>`;
}

/** The corridors of a tile: one from the hub to each open edge, and the hub. */
function corridors(openings, size) {
  const g = tileGeometry(openings, size);
  const parts = g.hub ? [...g.corridors, g.hub] : g.corridors;
  return parts.map((c) => svg`<rect class="naga-corridor" x=${c.x} y=${c.y} width=${c.w} height=${c.h}/>`);
}

function roomLabel(room, size) {
  return room ? svg`<text class="naga-roomid" x="3" y=${size - 3}>${room}</text>` : nothing;
}

/** An amulet on a tile: a green dot, with its id when the viewer knows it (R3.5). */
function amuletMark(amulet, size) {
  if (amulet === null || amulet === undefined || amulet === false) return nothing;
  const known = typeof amulet === "string";
  return svg`<circle class="naga-amulet" cx=${size - 9} cy="9"
    r="5.5"><title>amulet${known ? ` ${amulet}` : ""}</title></circle>${
      known
        ? svg`<text class="naga-amulet-id" x=${size - 16} y=${size - 4} text-anchor="middle">${amulet}</text>`
        : nothing
    }`;
}

/** A tile: its background, the trap's cross or the room's corridors and id, and an amulet. */
function tile(openings, size, { trap = false, room = "", amulet = null } = {}) {
  return svg`${tileBackground(size)}${
    trap ? trapMark(size) : svg`${corridors(openings, size)}${roomLabel(room, size)}`
  }${amuletMark(amulet, size)}`;
}

/** A small standalone SVG of a tile (offered room, rotation buttons). */
export function miniTileSvg(openings, size, opts = {}) {
  return html`<svg width=${size} height=${size} viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false"><g
    class="naga-tile">${tile(openings, size, opts)}</g></svg>`;
}

// -- clickable places of a temple -------------------------------------------------------------------

/**
 * The overlay of a place the current choice can use: a chosen mark, or a focusable role=button
 * (Enter and Space activate it through the root's key handler).
 * @param {?BoardClick} click
 * @param {string} testid
 * @param {string} label
 * @param {{x: number, y: number, w: number, h: number}} box
 */
function clickOverlay(click, testid, label, box) {
  if (!click) return nothing;
  const hit = svg`<rect class="naga-hit" x=${box.x} y=${box.y} width=${box.w} height=${box.h} rx="4"/>`;
  if (click.act === "noop") return svg`<g class="naga-chosen">${hit}</g>`;
  return svg`<g class="naga-target${click.chosen ? " naga-chosen" : ""}" role="button" tabindex="0"
    aria-label=${`${label}${click.hint ? ` — ${click.hint}` : ""}`} aria-pressed=${
      click.chosen ? "true" : "false"
    } data-act=${click.act} data-space=${click.args.space ?? nothing} data-token=${
      click.args.token ?? nothing
    } data-testid=${testid}>${hit}</g>`;
}

// -- what a bot's explanation shades (explain.js) -------------------------------------------------------

/** The weight a hint or a bot's reasons give a place ("gold:4", "silver:E2"), or undefined. */
function hintWeight(ctx, key) {
  return ctx.hintWeights?.get?.(key);
}

/** The shading of a place named by the explanation: its opacity follows the weight. */
function hintMark(weight, box) {
  if (weight === undefined) return nothing;
  return svg`<rect class="naga-hint-mark" x=${box.x} y=${box.y} width=${box.w} height=${box.h} rx="4"
    opacity=${(0.25 + 0.75 * weight).toFixed(2)}/>`;
}

/** The dotted frame of a place that changed since the person's last decision (happened.js). */
function sinceMark(on, box) {
  if (!on) return nothing;
  return svg`<rect class="naga-since-mark" x=${box.x} y=${box.y} width=${box.w} height=${box.h} rx="4"/>`;
}

const sinceText = (on) => (on ? ", changed since your last decision" : "");

const hintText = (weight) =>
  weight === undefined ? "" : `, shaded by the explanation (weight ${Math.round(weight * 100)}%)`;

// -- spaces (R2.2) ---------------------------------------------------------------------------------

function spaceText(index, t) {
  if (!t) return `space ${index}: empty`;
  let desc = t.trap
    ? `space ${index}: the trap`
    : `space ${index}: room ${t.room}, openings ${t.openings || "none"}${t.reached ? ", reached" : ""}`;
  if (t.amulet) desc += `, amulet${typeof t.amulet === "string" ? ` ${t.amulet}` : ""} lying here`;
  return desc;
}

function spaceCell(sp, temple, ctx) {
  const name = temple.name;
  const cell = ctx.layout.cell;
  const t = temple.spaces?.[sp.index] ?? null;
  const preview = ctx.preview && ctx.preview.temple === name && ctx.preview.space === sp.index ? ctx.preview : null;
  let desc = spaceText(sp.index, t);
  if (preview) desc += `, preview of ${preview.room} with openings ${preview.openings}`;
  const key = `${name}:${sp.index}`;
  const weight = hintWeight(ctx, key);
  desc += hintText(weight);
  const pv = ctx.previewMarks?.get(key);
  desc += previewTitle(pv);
  const since = changedSince(ctx.timeline?.happened, key);
  desc += sinceText(since);
  const changed = ctx.changes?.spaces?.includes(key) ? " naga-changed" : "";
  const cls = `naga-space${t ? (t.trap ? " naga-trap naga-tile" : " naga-tile") : ""}${
    t?.reached ? " naga-reached" : ""
  }${changed}${weight === undefined ? "" : " naga-hinted"}`;
  const click = ctx.spaceClicks.get(key) ?? null;
  const previewTile = preview
    ? svg`<g class="naga-preview">${tile(preview.openings, cell, { room: preview.room, amulet: preview.amulet })}</g>`
    : nothing;
  return svg`<g class=${cls} data-place=${key} data-hint=${weight === undefined ? nothing : weight.toFixed(2)}
    transform="translate(${sp.x},${sp.y})"><title>${desc}</title>${
      t ? tile(t.openings, cell, { trap: t.trap, room: t.trap ? "" : t.room, amulet: t.amulet }) : tileBackground(cell)
    }${previewTile}${hintMark(weight, {
      x: 1.5,
      y: 1.5,
      w: cell - 3,
      h: cell - 3,
    })}${sinceMark(since, { x: 3, y: 3, w: cell - 6, h: cell - 6 })}${previewMark(pv, {
      x: 2,
      y: 2,
      w: cell - 4,
      h: cell - 4,
    })}${clickOverlay(click, `space-${name}-${sp.index}`, `${name} temple, ${desc}`, {
      x: 0,
      y: 0,
      w: cell,
      h: cell,
    })}</g>`;
}

// -- relic slots (R2.2, R6) ----------------------------------------------------------------------------

function relicText(slot, relic, r) {
  const what = r ? `${r.cursed ? "cursed" : "sacred"} relic worth ${r.points}` : "";
  if (relic.up && r) return `relic slot ${slot}: face up, ${what}`;
  if (r) return `relic slot ${slot}: face down, ${relic.remembered ? "remembered" : "known"}: ${what}`;
  return `relic slot ${slot}: face down`;
}

/** A face-up relic: its value, with ☠ above when it is cursed. */
function faceUpRelic(s, r) {
  const cx = s.w / 2;
  const cy = s.h / 2;
  return svg`<rect class="naga-slot-up" width=${s.w} height=${s.h} rx="3"/>${
    r.cursed
      ? svg`<text class="naga-relic-value" x=${cx} y=${cy - 2} text-anchor="middle">☠</text><text
        class="naga-relic-value" x=${cx} y=${cy + 12} text-anchor="middle">${r.points}</text>`
      : svg`<text class="naga-relic-value" x=${cx} y=${cy + 5} text-anchor="middle">${r.points}</text>`
  }`;
}

/** A face-down relic: the back, and what the viewer knows of it, dimmed (an eye when remembered). */
function faceDownRelic(s, relic, r, uid) {
  const cx = s.w / 2;
  const cy = s.h / 2;
  const back = svg`<rect class="naga-slot-back" width=${s.w} height=${s.h} rx="3" fill="url(#${uid}-back)"/>`;
  if (!r) return back;
  return svg`${back}<rect width=${s.w} height=${s.h} rx="3" fill=${FIXED.slotShade} opacity=".45"
    /><text class="naga-relic-dim" x=${cx} y=${cy + (r.cursed ? -1 : 5)} text-anchor="middle"
      >${r.cursed ? "☠" : r.points}</text>${
        r.cursed
          ? svg`<text class="naga-relic-dim" x=${cx} y=${cy + 12} text-anchor="middle">${r.points}</text>`
          : nothing
      }${relic.remembered ? eyeMark(s.w - 11, 1) : nothing}`;
}

function slotCell(s, temple, ctx) {
  const name = temple.name;
  /** @type {RelicView} */
  const relic = temple.relics?.[s.index] ?? { slot: s.slot, up: false, relic: null, remembered: false };
  const r = relicOf(relic.relic, ctx.catalog);
  const key = `${name}:${s.slot}`;
  const weight = hintWeight(ctx, key);
  const changed = ctx.changes?.slots?.includes(key) ? " naga-changed" : "";
  const cls = `naga-slot${relic.up ? " naga-slot-faceup" : ""}${r?.cursed ? " naga-slot-cursed" : ""}${changed}${
    weight === undefined ? "" : " naga-hinted"
  }`;
  const pv = ctx.previewMarks?.get(key);
  const since = changedSince(ctx.timeline?.happened, key);
  const desc = relicText(s.slot, relic, r) + hintText(weight) + previewTitle(pv) + sinceText(since);
  const click = ctx.slotClicks.get(key) ?? null;
  return svg`<g class=${cls} data-place=${key} data-hint=${weight === undefined ? nothing : weight.toFixed(2)}
    transform="translate(${s.x},${s.y})"><title>${desc}</title>${
      relic.up && r ? faceUpRelic(s, r) : faceDownRelic(s, relic, r, ctx.uid)
    }${hintMark(weight, { x: -1, y: -1, w: s.w + 2, h: s.h + 2 })}${sinceMark(since, {
      x: -3,
      y: -3,
      w: s.w + 6,
      h: s.h + 6,
    })}${previewMark(pv, { x: -2, y: -2, w: s.w + 4, h: s.h + 4 }, true)}${clickOverlay(
      click,
      `slot-${name}-${s.slot}`,
      `${name} temple, ${desc}`,
      { x: -2, y: -2, w: s.w + 4, h: s.h + 4 },
    )}</g>`;
}

function slotLabel(s) {
  return svg`<text class="naga-slot-label" x=${s.labelX} y=${s.labelY + 3} text-anchor="middle">${s.slot}</text>`;
}

// -- the rest of a temple's drawing -------------------------------------------------------------------

/** The pattern of a relic's back; its id is unique per view. */
function boardDefs(uid) {
  return svg`<defs><pattern id="${uid}-back" width="6" height="6" patternUnits="userSpaceOnUse"
    patternTransform="rotate(45)"><rect width="6" height="6" fill=${FIXED.backDark}
    /><rect width="3" height="6" fill=${FIXED.backLight} /></pattern></defs>`;
}

function frame(L) {
  return svg`<rect class="naga-frame" x=${L.grid.x - 1} y=${L.grid.y - 1} width=${L.grid.size + 2}
    height=${L.grid.size + 2} rx="5"/>`;
}

/** An entrance on the southern edge (R2.2: always open). */
function entrance(e) {
  return svg`<g class="naga-entrance-g"><title>entrance ${e.name} (always open)</title><path class="naga-entrance"
    d="M${e.x} ${e.y + e.h} L${e.cx} ${e.y} L${e.x + e.w} ${e.y + e.h} Z"/><text class="naga-entrance-label" x=${e.cx}
    y=${e.y + e.h + 11} text-anchor="middle">${e.name}</text></g>`;
}

/**
 * The SVG of one temple: its frame, nine spaces, nine relic slots with their labels, three entrances.
 * @param {TempleView} temple
 * @param {{layout: Object, uid: string, spaceClicks: Map<string, BoardClick>, slotClicks: Map<string, BoardClick>,
 *   preview: ?Object, changes?: ?import("./changes.js").Changes, hintWeights?: Map<string, number>}} ctx
 */
export function templeSvg(temple, ctx) {
  const L = ctx.layout;
  ctx = { ...ctx, uid: `${ctx.uid}-${temple.name}` }; // each temple's pattern has an id of its own
  return html`<svg class="naga-board" width=${L.width} height=${L.height} viewBox="0 0 ${L.width} ${L.height}"
    role="group" aria-label="${temple.name} temple">${boardDefs(ctx.uid)}${frame(L)}${L.spaces.map((sp) =>
      spaceCell(sp, temple, ctx),
    )}${L.slots.map((s) => svg`${slotCell(s, temple, ctx)}${slotLabel(s)}`)}${L.entrances.map(entrance)}</svg>`;
}

// -- the legend's symbols (table.js) --------------------------------------------------------------------

/** The relics the legend draws as examples: a sacred 3 face up, a cursed 2, a sacred 4 remembered. */
const LEGEND_RELICS = {
  up: { cursed: false, points: 3 },
  cursed: { cursed: true, points: 2 },
  known: { cursed: false, points: 4 },
};

/** A small drawing of one symbol of the board, as the temple draws it. @param {string} key @param {string} uid */
export function legendSymbol(key, uid) {
  const size = 30;
  const slot = { w: 18, h: 26 };
  let body;
  if (key === "reached" || key === "unreached")
    body = svg`<g class="naga-tile${key === "reached" ? " naga-reached" : ""}">${tile("NS", size)}</g>`;
  else if (key === "empty") body = tileBackground(size);
  else if (key === "trap") body = svg`<g class="naga-tile naga-trap">${tileBackground(size)}${trapMark(size)}</g>`;
  else if (key === "amulet") body = svg`<g class="naga-tile">${tileBackground(size)}${amuletMark(true, size)}</g>`;
  else if (key === "entrance") body = svg`<path class="naga-entrance" d="M4 24 L15 10 L26 24 Z"/>`;
  else if (key === "scroll") return html`<span class="naga-legend-symbol" aria-hidden="true">${SCROLL_ICON}</span>`;
  else if (key === "stick")
    return html`<span class="naga-legend-symbol naga-legend-chip" aria-hidden="true"><span
      class="naga-chip naga-stick-brown">brown 2</span></span>`;
  else if (key === "score")
    return html`<span class="naga-legend-symbol naga-legend-chip" aria-hidden="true"><span
      class="naga-score">5+? pts</span></span>`;
  else if (key === "hint")
    body = svg`<g
      class="naga-tile">${tileBackground(size)}${hintMark(0.6, { x: 1.5, y: 1.5, w: size - 3, h: size - 3 })}</g>`;
  else if (key === "since")
    body = svg`<g
      class="naga-tile">${tileBackground(size)}${sinceMark(true, { x: 2, y: 2, w: size - 4, h: size - 4 })}</g>`;
  else if (key.startsWith("pv-"))
    body = svg`<g
      class="naga-tile">${tileBackground(size)}${previewMark(key.slice(3), {
        x: 2,
        y: 2,
        w: size - 4,
        h: size - 4,
      })}</g>`;
  else {
    const s = { ...slot };
    const r = LEGEND_RELICS[key] ?? null;
    const inner =
      key === "up" || key === "cursed"
        ? faceUpRelic(s, r)
        : faceDownRelic(s, { remembered: key === "known" }, key === "known" ? r : null, `${uid}-legend`);
    body = svg`<g transform="translate(6,2)"
      class="naga-slot${key === "cursed" ? " naga-slot-cursed" : ""}">${inner}</g>`;
  }
  return html`<svg class="naga-legend-symbol" width=${size} height=${size} viewBox="0 0 ${size} ${size}"
    aria-hidden="true" focusable="false">${boardDefs(`${uid}-legend`)}${body}</svg>`;
}

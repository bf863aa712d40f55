// svg.js — SVG markup: icons, tiles and a whole temple (spaces, relic slots, entrances), with
// the clickable targets of the choice in progress. Strings only: no DOM.

import { tileGeometry } from "./geometry.js";
import { esc } from "./text.js";
import { parseRelic } from "./tokens.js";

/** @typedef {import("./types.js").TempleView} TempleView */

/** The guide's scroll (inline SVG: no emoji font needed). */
const SCROLL_ICON =
  `<svg class="naga-icon" width="16" height="14" viewBox="0 0 16 14" aria-hidden="true" focusable="false">` +
  `<rect x="3" y="2" width="10" height="10" rx="1" fill="#f3e2b3" stroke="#8b6a3e"/>` +
  `<circle cx="3" cy="3" r="2" fill="#e0c98b" stroke="#8b6a3e"/><circle cx="13" cy="11" r="2" fill="#e0c98b" stroke="#8b6a3e"/>` +
  `<line x1="5.5" y1="5" x2="10.5" y2="5" stroke="#8b6a3e"/><line x1="5.5" y1="7.5" x2="10.5" y2="7.5" stroke="#8b6a3e"/></svg>`;

export function guideMark() {
  return ` <span class="naga-guide" title="guide: holds the scroll" role="img" aria-label="guide (scroll)">${SCROLL_ICON}</span>`;
}

/** An eye drawn in SVG at (x, y) (top-left), for relics the viewer remembers. */
function eyeMark(x, y) {
  return (
    `<g class="naga-eye" transform="translate(${x},${y})" aria-hidden="true">` +
    `<path d="M0 4 Q5 -1 10 4 Q5 9 0 4 Z" fill="#fff" stroke="#1f6fd1" stroke-width="1"/>` +
    `<circle cx="5" cy="4" r="1.8" fill="#1f6fd1"/></g>`
  );
}

/** Attributes of an interactive SVG element (role=button, focusable, Enter/Space via the root). */
function svgButtonAttrs(act, args, testid, label, chosen) {
  const data = Object.entries(args)
    .map(([k, v]) => ` data-${k}="${esc(v)}"`)
    .join("");
  return (
    ` class="naga-target${chosen ? " naga-chosen" : ""}" role="button" tabindex="0"` +
    ` aria-label="${esc(label)}" aria-pressed="${chosen ? "true" : "false"}"` +
    ` data-act="${esc(act)}"${data} data-testid="${esc(testid)}"`
  );
}

function tileMarkup(openings, size, { trap = false, room = "", amulet = null, extraClass = "" } = {}) {
  const g = tileGeometry(openings, size);
  let out = `<rect class="naga-space-bg" width="${size}" height="${size}" rx="4"/>`;
  if (trap) {
    const p = size * 0.22;
    out +=
      `<line class="naga-trap-x" x1="${p}" y1="${p}" x2="${size - p}" y2="${size - p}"/>` +
      `<line class="naga-trap-x" x1="${size - p}" y1="${p}" x2="${p}" y2="${size - p}"/>` +
      `<rect x="${size / 2 - 14}" y="${size - 16}" width="28" height="13" rx="3" fill="#4a3f36"/>` +
      `<text class="naga-trap-label" x="${size / 2}" y="${size - 6}" text-anchor="middle">trap</text>`;
  } else {
    for (const c of g.corridors) {
      out += `<rect class="naga-corridor" x="${c.x}" y="${c.y}" width="${c.w}" height="${c.h}"/>`;
    }
    if (g.hub) out += `<rect class="naga-corridor" x="${g.hub.x}" y="${g.hub.y}" width="${g.hub.w}" height="${g.hub.h}"/>`;
    if (room) out += `<text class="naga-roomid" x="3" y="${size - 3}">${esc(room)}</text>`;
  }
  if (amulet !== null && amulet !== undefined && amulet !== false) {
    out += `<circle class="naga-amulet" cx="${size - 9}" cy="9" r="5.5"><title>amulet${typeof amulet === "string" ? ` ${esc(amulet)}` : ""}</title></circle>`;
    if (typeof amulet === "string") {
      out += `<text class="naga-amulet-id" x="${size - 16}" y="${size - 4}" text-anchor="middle">${esc(amulet)}</text>`;
    }
  }
  return extraClass ? `<g class="${extraClass}">${out}</g>` : out;
}

/** A small standalone SVG of a tile (offered room, rotation buttons). */
export function miniTileSvg(openings, size, opts = {}) {
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" aria-hidden="true" focusable="false">` +
    `<g class="naga-tile">${tileMarkup(openings, size, opts)}</g></svg>`
  );
}

/**
 * SVG of one temple.
 * @param {TempleView} temple
 * @param {Object} ctx
 */
export function templeSvg(temple, ctx) {
  const L = ctx.layout;
  const name = temple.name;
  const cell = L.cell;
  let out = `<svg class="naga-board" width="${L.width}" height="${L.height}" viewBox="0 0 ${L.width} ${L.height}" role="group" aria-label="${esc(name)} temple">`;
  out += `<defs><pattern id="${ctx.uid}-back" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#8b6a3e"/><rect width="3" height="6" fill="#a9895c"/></pattern></defs>`;
  out += `<rect class="naga-frame" x="${L.grid.x - 1}" y="${L.grid.y - 1}" width="${L.grid.size + 2}" height="${L.grid.size + 2}" rx="5"/>`;

  // spaces
  for (const sp of L.spaces) {
    const tile = temple.spaces?.[sp.index] ?? null;
    const spaceToken = `${name}:${sp.index}`;
    const click = ctx.spaceClicks.get(spaceToken);
    const preview = ctx.preview && ctx.preview.temple === name && ctx.preview.space === sp.index ? ctx.preview : null;
    let cls = "naga-space";
    let desc;
    if (tile) {
      cls += tile.trap ? " naga-trap naga-tile" : " naga-tile";
      if (tile.reached) cls += " naga-reached";
      desc = tile.trap
        ? `space ${sp.index}: the trap`
        : `space ${sp.index}: room ${tile.room}, openings ${tile.openings || "none"}${tile.reached ? ", reached" : ""}`;
      if (tile.amulet) desc += `, amulet${typeof tile.amulet === "string" ? ` ${tile.amulet}` : ""} lying here`;
    } else {
      desc = `space ${sp.index}: empty`;
    }
    let inner = tile
      ? tileMarkup(tile.openings, cell, { trap: tile.trap, room: tile.trap ? "" : tile.room, amulet: tile.amulet })
      : `<rect class="naga-space-bg" width="${cell}" height="${cell}" rx="4"/>`;
    if (preview) {
      inner += tileMarkup(preview.openings, cell, { room: preview.room, amulet: preview.amulet, extraClass: "naga-preview" });
      desc += `, preview of ${preview.room} with openings ${preview.openings}`;
    }
    out += `<g class="${cls}" transform="translate(${sp.x},${sp.y})"><title>${esc(desc)}</title>${inner}`;
    if (click && click.act === "noop") {
      out += `<g class="naga-chosen"><rect class="naga-hit" width="${cell}" height="${cell}" rx="4"/></g>`;
    } else if (click) {
      out += `<g${svgButtonAttrs(click.act, click.args, `space-${name}-${sp.index}`, `${name} temple, ${desc}${click.hint ? ` — ${click.hint}` : ""}`, click.chosen)}><rect class="naga-hit" width="${cell}" height="${cell}" rx="4"/></g>`;
    }
    out += `</g>`;
  }

  // relic slots
  for (const s of L.slots) {
    const relic = temple.relics?.[s.index] ?? { slot: s.slot, up: false, relic: null, remembered: false };
    const r = parseRelic(relic.relic);
    const cursed = !!r?.cursed;
    let cls = "naga-slot";
    if (relic.up) cls += " naga-slot-faceup";
    if (cursed) cls += " naga-slot-cursed";
    let desc = `relic slot ${s.slot}: `;
    let inner;
    const cx = s.w / 2;
    const cy = s.h / 2;
    if (relic.up && r) {
      desc += `face up, ${cursed ? "cursed" : "sacred"} relic worth ${r.points}`;
      inner =
        `<rect class="naga-slot-up" width="${s.w}" height="${s.h}" rx="3"/>` +
        (cursed
          ? `<text class="naga-relic-value" x="${cx}" y="${cy - 2}" text-anchor="middle">☠</text>` +
            `<text class="naga-relic-value" x="${cx}" y="${cy + 12}" text-anchor="middle">${r.points}</text>`
          : `<text class="naga-relic-value" x="${cx}" y="${cy + 5}" text-anchor="middle">${r.points}</text>`);
    } else {
      inner = `<rect class="naga-slot-back" width="${s.w}" height="${s.h}" rx="3" fill="url(#${ctx.uid}-back)"/>`;
      if (r) {
        desc += `face down, ${relic.remembered ? "remembered" : "known"}: ${cursed ? "cursed" : "sacred"} relic worth ${r.points}`;
        inner +=
          `<rect width="${s.w}" height="${s.h}" rx="3" fill="#3b2f22" opacity=".45"/>` +
          `<text class="naga-relic-dim" x="${cx}" y="${cy + (cursed ? -1 : 5)}" text-anchor="middle">${cursed ? "☠" : r.points}</text>` +
          (cursed ? `<text class="naga-relic-dim" x="${cx}" y="${cy + 12}" text-anchor="middle">${r.points}</text>` : "");
        if (relic.remembered) {
          inner += eyeMark(s.w - 11, 1);
        }
      } else {
        desc += "face down";
      }
    }
    const token = `${name}:${s.slot}`;
    const click = ctx.slotClicks.get(token);
    out += `<g class="${cls}" transform="translate(${s.x},${s.y})"><title>${esc(desc)}</title>${inner}`;
    if (click && click.act === "noop") {
      out += `<g class="naga-chosen"><rect class="naga-hit" x="-2" y="-2" width="${s.w + 4}" height="${s.h + 4}" rx="4"/></g>`;
    } else if (click) {
      out += `<g${svgButtonAttrs(click.act, click.args, `slot-${name}-${s.slot}`, `${name} temple, ${desc}${click.hint ? ` — ${click.hint}` : ""}`, click.chosen)}><rect class="naga-hit" x="-2" y="-2" width="${s.w + 4}" height="${s.h + 4}" rx="4"/></g>`;
    }
    out += `</g>`;
    out += `<text class="naga-slot-label" x="${s.labelX}" y="${s.labelY + 3}" text-anchor="middle">${esc(s.slot)}</text>`;
  }

  // entrances
  for (const e of L.entrances) {
    out +=
      `<g class="naga-entrance-g"><title>entrance ${e.name} (always open)</title>` +
      `<path class="naga-entrance" d="M${e.x} ${e.y + e.h} L${e.cx} ${e.y} L${e.x + e.w} ${e.y + e.h} Z"/>` +
      `<text class="naga-entrance-label" x="${e.cx}" y="${e.y + e.h + 11}" text-anchor="middle">${e.name}</text></g>`;
  }
  out += `</svg>`;
  return out;
}

// chance.js — the teacher's chance panel: choose the next room offered, the next card drawn and the
// faces of the next sticks thrown, before the step that needs them (as Match.force does in code), and
// see what is chosen. Python sends the panel's data (the `chance` trait) to the teacher's view only;
// the view sends `force` and `unforce` intents (docs/widget-protocol.md). Words, not engine syntax.

import { html, nothing } from "lit-html";
import { live } from "lit-html/directives/live.js";
import { list } from "./panels.js";

/** @typedef {import("./types.js").Catalog} Catalog */
/** @typedef {import("./types.js").Chance} Chance */

/** "naga" for the naga face, the number otherwise. @param {string} face */
export function faceWords(face) {
  return face === "N" ? "naga" : String(face);
}

/** "R07 (T, openings NES)". @param {string} id @param {?Catalog} catalog */
export function roomWords(id, catalog) {
  const room = catalog?.rooms?.[id];
  return room ? `${id} (${room.shape}, openings ${room.openings || "none"})` : String(id);
}

/** "03c (Sacred Fire, E03)". @param {string} id @param {?Catalog} catalog */
export function cardWords(id, catalog) {
  const card = catalog?.cards?.[id];
  return card ? `${id} (${card.name}, ${card.effect})` : String(id);
}

const plural = (n, one, many) => (n === 1 ? one : many);

/**
 * The chosen outcomes in words, one line per kind, e.g. "Next room offered: R07 (T, openings NES)".
 * A chosen room or card that this step cannot give any more says so.
 * @param {?Chance} chance
 * @param {?Catalog} catalog
 * @returns {string[]}
 */
export function pendingLines(chance, catalog) {
  const pending = chance?.pending ?? {};
  const options = chance?.options ?? {};
  const gone = (kind, id, where) => ((options[kind] ?? []).includes(id) ? "" : ` — not in the ${where} at this step`);
  const lines = [];
  const rooms = pending.room ?? [];
  if (rooms.length) {
    const text = rooms.map((r) => `${roomWords(r, catalog)}${gone("room", r, "pile")}`).join(", then ");
    lines.push(`Next ${plural(rooms.length, "room", "rooms")} offered: ${text}`);
  }
  const cards = pending.card ?? [];
  if (cards.length) {
    const text = cards.map((c) => `${cardWords(c, catalog)}${gone("card", c, "deck")}`).join(", then ");
    lines.push(`Next ${plural(cards.length, "card", "cards")} drawn: ${text}`);
  }
  const throws = pending.throw ?? [];
  if (throws.length) {
    lines.push(
      `Next ${plural(throws.length, "stick thrown shows", "sticks thrown show")}: ${throws
        .map(faceWords)
        .join(", then ")}`,
    );
  }
  const amulets = pending.amulet ?? [];
  if (amulets.length)
    lines.push(
      `Next ${plural(amulets.length, "amulet", "amulets")} laid on a room (chosen in code): ${amulets.join(", then ")}`,
    );
  const deals = pending.relics ?? [];
  if (deals.length) lines.push(`Next relic ${plural(deals.length, "deal", "deals")} (chosen in code): ${deals.length}`);
  return lines;
}

/** Where the chosen outcomes will be used, from the timeline. @param {import("./types.js").Timeline} tl */
function useNote(tl) {
  if (tl?.at_end !== false) return "The next steps that need them use them; the seed decides the rest.";
  if (tl.fork_armed) return `Your next play from step ${tl.step} starts a new branch that uses them.`;
  return "Fork from here, or go to the end of the line, to use them.";
}

/** The `force` intent of a select: the one outcome picked, or none (the seed decides). */
export function pickIntent(kind, value) {
  return { kind, values: value ? [value] : [] };
}

/**
 * The `force` intent of a button: its kind and the whole list of outcomes it sets (JSON in
 * `data-values`), or null when the attributes cannot be read.
 * @param {Object<string, string>} data
 */
export function forceIntent(data) {
  let values;
  try {
    values = JSON.parse(data.values ?? "");
  } catch {
    return null;
  }
  if (!data.kind || !Array.isArray(values)) return null;
  return { send: { type: "force", kind: data.kind, values } };
}

function pickSelect(kind, label, ids, chosen, words, ctx, disabled) {
  const id = `${ctx.uid}-chance-${kind}`;
  const shown = chosen && !ids.includes(chosen) ? [chosen, ...ids] : ids;
  return html`<div class="naga-row"><label class="naga-label" for=${id}>${label}</label><select id=${id}
    data-act="force-pick" data-kind=${kind} data-testid="chance-${kind}" ?disabled=${disabled}><option value=""
    .selected=${live(!chosen)}>by the seed</option>${list(
      shown,
      (x) => x,
      (x) => html`<option value=${x} .selected=${live(x === chosen)}>${words(x, ctx.catalog)}</option>`,
    )}</select></div>`;
}

function throwButtons(type, faces, throws, disabled) {
  return html`<span class="naga-chance-throw" role="group" aria-label="${type} stick faces"
    data-testid="chance-throw-${type}"><span class="naga-chip naga-stick-${type}">${type}</span>${list(
      faces,
      (f) => f,
      (f) =>
        html`<button type="button" data-act="force" data-kind="throw" data-values=${JSON.stringify([...throws, f])}
        data-testid="chance-throw-${type}-${f}" aria-label="Add ${faceWords(f)} (a ${
          type
        } face) to the next sticks thrown" title="The next stick thrown shows ${faceWords(
          f,
        )}: a stick without this face stops the throw with an error" ?disabled=${disabled}>${faceWords(f)}</button>`,
    )}</span>`;
}

/**
 * The teacher's chance panel, or nothing when Python sent none (every view but the teacher's).
 * @param {{chance?: Chance, catalog: Catalog, board: import("./types.js").Board,
 *   timeline: import("./types.js").Timeline, uid: string}} ctx
 */
export function chancePanel(ctx) {
  const chance = ctx.chance;
  if (!chance || !chance.options) return nothing;
  const { options } = chance;
  const pending = chance.pending ?? {};
  const over = ctx.board?.phase === "over";
  const throws = pending.throw ?? [];
  const lines = pendingLines(chance, ctx.catalog);
  const nextRoom = pickSelect("room", "Next room", options.room ?? [], pending.room?.[0] ?? "", roomWords, ctx, over);
  const nextCard = pickSelect("card", "Next card", options.card ?? [], pending.card?.[0] ?? "", cardWords, ctx, over);
  return html`<section class="naga-box naga-chance" data-testid="chance-panel" data-panel="chance"
    aria-label="chance (teacher)"><h4>Chance (teacher)</h4><p class="naga-hint">${
      over
        ? "The game is over at this step: no chance comes next here."
        : "Choose what chance shows next, before the step that needs it. The saved game records it."
    }</p>${nextRoom}${nextCard}<div class="naga-row" role="group" aria-label="next sticks thrown"><span
    class="naga-label">Next throws</span>${list(
      Object.entries(options.throw ?? {}),
      ([type]) => type,
      ([type, faces]) => throwButtons(type, faces, throws, over),
    )}${
      throws.length
        ? html`<button type="button" data-act="force" data-kind="throw" data-values="[]"
          data-testid="chance-throw-clear"
        aria-label="Let the seed decide the throws">clear throws</button>`
        : nothing
    }</div>${
      lines.length
        ? html`<ul class="naga-chance-queue" data-testid="chance-queue">${list(
            lines,
            (l) => l,
            (l) => html`<li><b>${l}</b> (chosen)</li>`,
          )}</ul><p class="naga-hint" data-testid="chance-use">${useNote(ctx.timeline)}</p>`
        : html`<p class="naga-muted" data-testid="chance-queue">Nothing chosen: the seed decides.</p>`
    }<button type="button" data-act="unforce" data-testid="chance-clear"
    ?disabled=${!lines.length}>Let the seed decide everything</button></section>`;
}

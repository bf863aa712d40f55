// panels.js — the panels around the boards as lit-html templates: players, the centre column
// (offered room, table), temple frames, the timeline, the event log and the message.

import { html, nothing } from "lit-html";
import { repeat } from "lit-html/directives/repeat.js";
import { live } from "lit-html/directives/live.js";
import { limits, stickSymbol } from "./text.js";
import { stickOf } from "./tokens.js";
import { resolveRule, ruleEntry, splitRules } from "./rules.js";
import { amuletMeaning, cardMeaning, stickSymbolMeaning } from "./words.js";
import { guideMark, miniTileSvg, templeSvg } from "./svg.js";

/**
 * Items with a key each for keyed lists: `keyOf(item)`, with "#2", "#3" … added to repeats.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => string} keyOf
 * @returns {Array<[string, T]>}
 */
export function keyed(items, keyOf) {
  const seen = new Map();
  return (items ?? []).map((item) => {
    const base = String(keyOf(item));
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return [n === 1 ? base : `${base}#${n}`, item];
  });
}

/** A keyed list: `repeat` over `keyed(items, keyOf)`. */
export function list(items, keyOf, template) {
  return repeat(
    keyed(items, keyOf),
    ([k]) => k,
    ([, item]) => template(item),
  );
}

// -- rule ids that open their text -------------------------------------------------------------------------

/** A rule id as a small button that opens its text (the popup, see rulePopup). */
export function ruleButton(id, catalog) {
  const shown = resolveRule(id, catalog);
  if (!shown) return html`<span class="naga-rule">${id}</span>`;
  const title = catalog.rules[shown].title;
  return html`<button type="button" class="naga-rule" data-act="rule" data-rule=${id}
    title="${id}: ${title} — show the rule" aria-label="rule ${id}, ${title}: show its text">${id}</button>`;
}

/** A text with every rule id in it turned into a rule button. */
export function withRules(text, catalog) {
  const parts = splitRules(text, catalog);
  const out = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (typeof part === "string") {
      out.push(part);
      continue;
    }
    // "(R4.1)": the brackets stay on the line of the rule id (a line never starts with its ")")
    const before = typeof out[out.length - 1] === "string" ? out[out.length - 1] : "";
    const after = typeof parts[i + 1] === "string" ? parts[i + 1] : "";
    const close = /^\)[.,;:]?/.exec(after);
    if (before.endsWith("(") && close) {
      out[out.length - 1] = before.slice(0, -1);
      out.push(html`<span class="naga-nowrap">(${ruleButton(part.rule, catalog)}${close[0]}</span>`);
      parts[i + 1] = after.slice(close[0].length);
    } else out.push(ruleButton(part.rule, catalog));
  }
  return out;
}

/**
 * The popup with a rule's text, or nothing. `at`: where it stands in the widget (place.js), once measured.
 * @param {?string} id
 * @param {Object} catalog
 * @param {?{top: number, left: number, maxHeight: number, side?: string}} [at]
 */
export function rulePopup(id, catalog, at = null) {
  const entry = id ? ruleEntry(id, catalog) : null;
  if (!entry) return nothing;
  const also = entry.shown !== entry.id ? html` <span class="naga-muted">(${entry.id} is part of it)</span>` : nothing;
  return html`<div class="naga-popup" role="dialog" aria-label="rule ${entry.shown}" data-testid="rule-popup"
    data-panel="rule-popup" data-side=${at?.side ?? nothing} style=${
      at ? `top:${at.top}px;left:${at.left}px;right:auto;max-height:${at.maxHeight}px` : ""
    }><div
      class="naga-popup-head"><h4>${entry.shown} ${entry.title}${also}</h4><button type="button" data-act="rule-close"
      data-testid="rule-close" aria-label="Close the rule">✕</button></div><div class="naga-popup-text">${
        entry.text
      }</div></div>`;
}

function stickChip(token, catalog) {
  const s = stickOf(token, catalog);
  const label = s.naga ? `${s.type} stick showing a naga (0 points)` : `${s.type} stick showing ${s.face}`;
  return html`<span class="naga-chip naga-stick-${s.type}${s.naga ? " naga-stick-naga" : ""}" title=${label}
    aria-label=${label}>${s.type} ${s.face}${s.naga ? html`<small>=naga</small>` : nothing}</span>`;
}

/** A card's stick symbol in words, on the colour of its stick type ("2× brown"). */
function stickTag(info) {
  if (!info) return nothing;
  return html`<span class="naga-stick-tag naga-stick-${info.stick}"
    title=${stickSymbolMeaning(info)}>${stickSymbol(info)}</span>`;
}

function cardInfoText(info) {
  return info ? `${info.name} (${info.effect})` : "";
}

function cardFace(id, catalog, extraClass = "") {
  const info = catalog?.cards?.[id];
  return html`<span class="naga-card${extraClass}" data-card=${id}
    title=${cardMeaning(id, catalog)}><b>${id}</b>${stickTag(info)}<span
    class="naga-muted">${cardInfoText(info)}</span></span>`;
}

/** The inside of a card button: id, stick symbol, effect (the button's title says what they mean). */
export function cardButtonInner(id, catalog) {
  const info = catalog?.cards?.[id];
  return html`<b>${id}</b> ${stickTag(info)}<small>${cardInfoText(info)}</small>`;
}

/** The one-sentence effect of a card for players (catalog.effects). */
export function effectText(card, catalog) {
  const info = catalog?.cards?.[card];
  if (!info) return "";
  return catalog?.effects?.[info.effect]?.text ?? "";
}

// -- a player's panel ------------------------------------------------------------------------------------

function scoreRow(p, catalog) {
  const { cursedLimit, targetScore } = limits(catalog);
  const scoreTitle = targetScore === null ? nothing : `a score of ${targetScore} or more wins (R7.1.2)`;
  const cursedTitle = `cursed relics face up${cursedLimit === null ? "" : ` (${cursedLimit} lose, R7.1.1)`}`;
  return html`<div class="naga-row"><span class="naga-label">Score</span><span data-testid="score-${p.player}"
    title=${scoreTitle}>relics ${p.relic_points} pts${
      p.score !== null && p.score !== undefined ? html` · total <b>${p.score}</b>` : nothing
    }</span>${
      p.cursed_up
        ? html` <span class="naga-chip" title=${cursedTitle}>☠ ${p.cursed_up}${
            cursedLimit === null ? "" : `/${cursedLimit}`
          }</span>`
        : nothing
    }</div>`;
}

function sticksRow(p, catalog) {
  const sticks = p.sticks ?? [];
  return html`<div class="naga-row" data-testid="sticks-${p.player}"><span class="naga-label">Sticks</span>${
    sticks.length
      ? list(
          sticks,
          (s) => s,
          (s) => stickChip(s, catalog),
        )
      : html`<span class="naga-muted">none</span>`
  } <span class="naga-muted">fate</span> <b data-testid="fate-${p.player}">${p.fate ?? 0}</b></div>`;
}

function hiddenHand(p, catalog) {
  const known = p.known_cards ?? [];
  const count = p.hand_count ?? 0;
  const backs = Array.from({ length: Math.max(0, count - known.length) }, (_, i) => i);
  return html`<span>${count} card${count === 1 ? "" : "s"}</span>${list(
    known,
    (c) => c,
    (c) => cardFace(c, catalog, " naga-known"),
  )}${backs.map(
    () => html`<span class="naga-card naga-card-back" aria-hidden="true"></span>`,
  )}${known.length ? html`<span class="naga-muted">(${known.length} known)</span>` : nothing}`;
}

function handRow(p, catalog) {
  let inner;
  if (!Array.isArray(p.hand)) inner = hiddenHand(p, catalog);
  else if (p.hand.length)
    inner = list(
      p.hand,
      (c) => c,
      (c) => cardFace(c, catalog),
    );
  else inner = html`<span class="naga-muted">empty</span>`;
  return html`<div class="naga-row" data-testid="hand-${p.player}"><span class="naga-label">Hand</span>${inner}</div>`;
}

function callRow(p, board, catalog) {
  let inner;
  if (Array.isArray(p.call))
    inner = list(
      p.call,
      (c) => c,
      (c) => cardFace(c, catalog),
    );
  else if (p.called) inner = html`<span>${p.call_count} card${p.call_count === 1 ? "" : "s"} face down</span>`;
  else inner = html`<span class="naga-muted">${board.phase === "call" ? "not called yet" : "—"}</span>`;
  return html`<div class="naga-row" data-testid="call-${p.player}"><span class="naga-label">Call</span>${inner}</div>`;
}

function amuletChip(id, catalog) {
  const a = catalog?.amulets?.[id];
  const kind = a ? (a.kind === "charm" ? "charm" : `${a.points} pt`) : "";
  return html`<span class="naga-chip"
    title=${amuletMeaning(id, catalog)}>${id}${kind ? html`<small>${kind}</small>` : nothing}</span>`;
}

function amuletsRow(p, catalog) {
  let inner;
  if (!Array.isArray(p.amulets))
    inner = html`<span title=${amuletMeaning(null, catalog)}>${p.amulet_count ?? 0} (hidden)</span>`;
  else if (p.amulets.length)
    inner = list(
      p.amulets,
      (a) => a,
      (a) => amuletChip(a, catalog),
    );
  else inner = html`<span class="naga-muted">none</span>`;
  const spent = p.spent_charms ?? [];
  return html`<div class="naga-row" data-testid="amulets-${p.player}"><span class="naga-label"
    title=${amuletMeaning(null, catalog)}>Amulets</span>${inner}${
      spent.length
        ? html` <span class="naga-muted">spent charms:</span> ${list(
            spent,
            (a) => a,
            (a) => amuletChip(a, catalog),
          )}`
        : nothing
    }</div>`;
}

export function playerPanel(p, board, ctx) {
  const toMove = board.phase !== "over" && board.to_move === p.player;
  const you = ctx.viewer === p.player;
  const changed = `${ctx.changes?.players?.includes(p.player) ? " naga-changed" : ""}${
    ctx.timeline?.happened?.players?.includes(p.player) ? " naga-since" : ""
  }`;
  return html`<section class="naga-box naga-player${toMove ? " naga-to-move" : ""}${changed}"
    data-testid="player-${p.player}" data-panel="player-${p.player}" aria-label=${p.name}><h3>${p.name}${
      you ? html` <span class="naga-muted">(you)</span>` : nothing
    }${board.guide === p.player ? guideMark() : nothing}${
      toMove ? html` <span class="naga-muted">— to move</span>` : nothing
    }</h3>${scoreRow(p, ctx.catalog)}${sticksRow(
      p,
      ctx.catalog,
    )}${handRow(p, ctx.catalog)}${callRow(p, board, ctx.catalog)}${amuletsRow(p, ctx.catalog)}</section>`;
}

// -- the centre column: offered room and table ---------------------------------------------------------

export function offeredPanel(board, catalog) {
  const off = board.offered;
  let inner = html`<span class="naga-muted">none</span>`;
  if (off) {
    const shape = catalog?.rooms?.[off.room]?.shape;
    const amulet = off.amulet
      ? html`, amulet on it${typeof off.amulet === "string" ? `: ${off.amulet}` : " (face down)"}`
      : nothing;
    const shapeWords = shape ? html` <span class="naga-muted">${shape}</span>` : nothing;
    const openings = html`<span class="naga-muted">, openings ${off.openings || "none"}</span>`;
    inner = html`<b>${off.room}</b>${shapeWords}${openings}${amulet}`;
  }
  // the heading runs into the words beside the tile: one line less for the decision under it
  const tile = off ? miniTileSvg(off.openings, 40, { amulet: off.amulet }) : nothing;
  return html`<section class="naga-box naga-offered" data-testid="offered"
    aria-label="offered room"><div class="naga-row">${tile}<div><h4>Offered room</h4> ${inner}</div></div></section>`;
}

export function tablePanel(board, names) {
  const supply = Object.entries(board.supply ?? {});
  const discard = board.discard ?? [];
  return html`<section class="naga-box" data-testid="table" aria-label="table"><dl
    class="naga-kv"><dt>Round</dt><dd>${board.round ?? ""}</dd><dt>Guide</dt><dd>${
      names[board.guide] ?? ""
    }${guideMark()}</dd><dt>Supply</dt><dd data-testid="supply">${list(
      supply,
      ([k]) => k,
      ([k, v]) => html`<span class="naga-chip naga-stick-${k}">${k} ${v}</span> `,
    )}</dd><dt>Deck</dt><dd data-testid="deck">${
      board.deck_count ?? 0
    } cards</dd><dt>Discard</dt><dd data-testid="discard">${discard.length} card${discard.length === 1 ? "" : "s"}${
      discard.length ? html` <span class="naga-muted">(top ${discard[discard.length - 1]})</span>` : nothing
    }</dd><dt>Rooms left</dt><dd>${board.rooms_left ?? ""}</dd><dt>Amulet pile</dt><dd>${
      board.amulets_left ?? ""
    }</dd><dt>Trap</dt><dd>${
      board.trap === "side" ? "at the side" : String(board.trap ?? "").replace(/^([a-z]+):(\d)$/, "$1 space $2")
    }</dd>${board.drawn_count ? html`<dt>Drawn</dt><dd>${board.drawn_count} card(s)</dd>` : nothing}</dl></section>`;
}

export function templePanel(temple, board, ctx) {
  const owner = temple.owner;
  // the temple of the player who decides now (or is to move): first when the temples are stacked
  const active = (ctx.menu?.phase ? ctx.menu.player : board.to_move) === owner ? " naga-active" : "";
  return html`<section class="naga-temple naga-${temple.name}${active}" data-testid="temple-${temple.name}"
    data-panel="temple-${temple.name}" aria-label="${temple.name} temple"><h3>${
      ctx.names[owner] ?? temple.name
    }'s temple <span class="naga-muted">(${temple.name})</span>${board.guide === owner ? guideMark() : nothing}${
      ctx.viewer === owner ? html` <span class="naga-muted">— you</span>` : nothing
    }</h3>${templeSvg(temple, ctx)}</section>`;
}

// -- the timeline ---------------------------------------------------------------------------------------

function timelineButton(type, testid, label, title, text, disabled) {
  return html`<button type="button" data-act="tl" data-type=${type} data-testid=${testid} aria-label=${label}
    title=${title} ?disabled=${disabled}>${text}</button>`;
}

function branchSelect(tl, catalog) {
  const branches = tl.branches ?? [];
  if (branches.length <= 1) return nothing;
  const text = (b) =>
    `#${b.index}: ${b.length} steps${b.fork_step ? `, from step ${b.fork_step}` : ""}${
      b.last_action ? ` — last: ${b.last_action_words ?? b.last_action}` : ""
    }`;
  return html`<label>branch <select data-act="branch" data-testid="branch-select" aria-label="Branch">${list(
    branches,
    (b) => b.index,
    (b) => html`<option value=${b.index} .selected=${live(b.index === tl.branch)}>${text(b)}</option>`,
  )}</select></label>`;
}

function forkControls(tl, atEnd) {
  if (tl.fork_armed) {
    return html`<span class="naga-fork-armed"
      data-testid="fork-armed">Fork armed: your next play starts a new branch at step ${tl.step}</span><button
      type="button" data-act="unfork" data-testid="unfork">Cancel</button>`;
  }
  if (atEnd) return nothing;
  return html`<button type="button" data-act="fork" data-testid="fork"
    title="Play a different move from this step (the current line is kept)">Fork from here</button>`;
}

/**
 * The timeline: buttons, slider, position, branches and fork. `shown` is the step on the slider
 * (the one being scrubbed to, ahead of Python's answer); the position text says the step drawn. `mode`
 * "off" shows no timeline; "review" shows no branch selector and no fork (docs/widget-protocol.md).
 * @param {import("./types.js").Timeline} tl
 * @param {number} [shown]
 * @param {?import("./types.js").Catalog} [catalog] for the labels in words
 */
export function timelinePanel(tl, shown = tl?.step, catalog = null) {
  if (!tl || typeof tl.step !== "number" || tl.mode === "off") return nothing;
  const last = tl.last ?? 0;
  const step = Number.isInteger(shown) ? shown : tl.step;
  const atStart = step <= 0;
  const atEnd = step >= last;
  const review = tl.mode === "review";
  const back = timelineButton("undo", "tl-back", "One step back", "Back (←)", "◀", atStart);
  // the buttons and the slider on a row of their own, whose layout no step changes: a slider that
  // grew or shrank under a dragging pointer would jump to another step when the button is let go
  return html`<section class="naga-timeline naga-box" data-testid="timeline" data-panel="timeline"
    aria-label="timeline"><div class="naga-tl-row">${timelineButton(
      "start",
      "tl-start",
      "Go to the start",
      "Start (Home)",
      "|◀",
      atStart,
    )}${back}<input type="range" data-act="goto"
    data-testid="tl-slider" min="0" max=${last} step="1" aria-label="Step" aria-valuetext="step ${step} of ${
      last
    }" .value=${live(String(step))}>${timelineButton(
      "redo",
      "tl-forward",
      "One step forward",
      "Forward (→)",
      "▶",
      atEnd,
    )}${timelineButton("end", "tl-end", "Go to the end", "End (End)", "▶|", atEnd)}</div><span
    data-testid="tl-position">step ${tl.step} / ${last}</span>${
      review
        ? html`<span class="naga-muted" data-testid="tl-review">review only: this game cannot be forked</span>`
        : branchSelect(tl, catalog)
    }${review ? nothing : forkControls(tl, !!tl.at_end)}<span class="naga-steplabel"
    data-testid="tl-label">${tl.label_words ?? tl.label ?? ""}</span></section>`;
}

// -- the event log and the message -------------------------------------------------------------------------

export function logPanel(log, catalog = null) {
  const entries = Array.isArray(log) ? [...log].reverse() : [];
  return html`<section class="naga-box" aria-label="event log"><h4>Event log</h4><ol class="naga-log" data-testid="log"
    reversed tabindex="0" aria-label="event log, newest first">${
      entries.length
        ? list(
            entries,
            (e) => `${e.step}|${e.rule}|${e.kind}|${e.text}`,
            (e) => html`<li>${ruleButton(e.rule, catalog)}<span class="naga-logstep">#${e.step}</span>${e.text}</li>`,
          )
        : html`<li class="naga-muted">nothing yet</li>`
    }</ol></section>`;
}

export function messageArea(status, catalog = null) {
  const msg = status?.message;
  if (!msg || !msg.text) return html`<div class="naga-message" data-testid="message" aria-live="polite"></div>`;
  const error = msg.level === "error";
  return html`<div class="naga-message ${error ? "naga-error" : "naga-info"}" data-testid="message"
    role=${error ? "alert" : "status"}>${error ? "⚠ " : ""}${withRules(msg.text, catalog)}</div>`;
}

// -- what changed at the last step ----------------------------------------------------------------------

/**
 * The changes of the last step in words, beside the decision (changes.js computes them).
 * @param {?import("./changes.js").Changes} changes
 */
export function changesPanel(changes) {
  if (!changes || !changes.lines.length) return nothing;
  return html`<section class="naga-box naga-changes" data-testid="changes"
    aria-label="what changed at the last step"><h4>What changed</h4><ul>${list(
      changes.lines,
      (line) => line,
      (line) => html`<li>${line}</li>`,
    )}</ul></section>`;
}

/** The live region a screen reader reads after each step. @param {string} text */
export function announcer(text) {
  return html`<div class="naga-sr" aria-live="polite" aria-atomic="true" data-testid="announce">${text ?? ""}</div>`;
}

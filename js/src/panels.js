// panels.js — HTML markup of the panels around the boards: players, the centre column (offered
// room, table), temple frames, the timeline, the event log and the message. Strings only: no DOM.

import { esc, stickSymbol } from "./text.js";
import { parseStick } from "./tokens.js";
import { guideMark, miniTileSvg, templeSvg } from "./svg.js";

function stickChip(token) {
  const s = parseStick(token);
  const label = s.naga ? `${s.type} stick showing a naga (0 points)` : `${s.type} stick showing ${s.face}`;
  return `<span class="naga-chip naga-stick-${esc(s.type)}${s.naga ? " naga-stick-naga" : ""}" title="${esc(label)}" aria-label="${esc(label)}">${esc(s.type)} ${esc(s.face)}${s.naga ? `<small>=naga</small>` : ""}</span>`;
}

function cardFace(id, catalog, extraClass = "") {
  const info = catalog?.cards?.[id];
  return (
    `<span class="naga-card${extraClass}" data-card="${esc(id)}"><b>${esc(id)}</b>` +
    `<span>${esc(stickSymbol(info))}</span><span class="naga-muted">${esc(info ? `${info.name} (${info.effect})` : "")}</span></span>`
  );
}

export function cardButtonInner(id, catalog) {
  const info = catalog?.cards?.[id];
  return `<b>${esc(id)}</b> ${esc(stickSymbol(info))}<small>${esc(info ? `${info.name} (${info.effect})` : "")}</small>`;
}

export function effectText(card, catalog) {
  const info = catalog?.cards?.[card];
  if (!info) return "";
  const eff = catalog?.effects?.[info.effect];
  return eff?.text ?? "";
}

export function playerPanel(p, board, ctx) {
  const toMove = board.phase !== "over" && board.to_move === p.player;
  const you = ctx.viewer === p.player;
  let out = `<section class="naga-box naga-player${toMove ? " naga-to-move" : ""}" data-testid="player-${p.player}" aria-label="${esc(p.name)}">`;
  out +=
    `<h3>${esc(p.name)}${you ? " <span class=\"naga-muted\">(you)</span>" : ""}` +
    `${board.guide === p.player ? guideMark() : ""}` +
    `${toMove ? ` <span class="naga-muted">— to move</span>` : ""}</h3>`;
  // score
  out += `<div class="naga-row"><span class="naga-label">Score</span><span data-testid="score-${p.player}">relics ${esc(p.relic_points)} pts`;
  if (p.score !== null && p.score !== undefined) out += ` · total <b>${esc(p.score)}</b>`;
  out += `</span>${p.cursed_up ? ` <span class="naga-chip" title="cursed relics face up (3 lose, R7.1.1)">☠ ${esc(p.cursed_up)}/3</span>` : ""}</div>`;
  // sticks
  out += `<div class="naga-row" data-testid="sticks-${p.player}"><span class="naga-label">Sticks</span>`;
  out += (p.sticks ?? []).length ? p.sticks.map(stickChip).join("") : `<span class="naga-muted">none</span>`;
  out += ` <span class="naga-muted">fate</span> <b data-testid="fate-${p.player}">${esc(p.fate ?? 0)}</b></div>`;
  // hand
  out += `<div class="naga-row" data-testid="hand-${p.player}"><span class="naga-label">Hand</span>`;
  if (Array.isArray(p.hand)) {
    out += p.hand.length ? p.hand.map((c) => cardFace(c, ctx.catalog)).join("") : `<span class="naga-muted">empty</span>`;
  } else {
    const known = p.known_cards ?? [];
    const hidden = Math.max(0, (p.hand_count ?? 0) - known.length);
    out += `<span>${esc(p.hand_count ?? 0)} card${p.hand_count === 1 ? "" : "s"}</span>`;
    out += known.map((c) => cardFace(c, ctx.catalog, " naga-known")).join("");
    for (let i = 0; i < hidden; i++) out += `<span class="naga-card naga-card-back" aria-hidden="true"></span>`;
    if (known.length) out += `<span class="naga-muted">(${known.length} known)</span>`;
  }
  out += `</div>`;
  // call
  out += `<div class="naga-row" data-testid="call-${p.player}"><span class="naga-label">Call</span>`;
  if (Array.isArray(p.call)) {
    out += p.call.map((c) => cardFace(c, ctx.catalog)).join("");
  } else if (p.called) {
    out += `<span>${esc(p.call_count)} card${p.call_count === 1 ? "" : "s"} face down</span>`;
  } else {
    out += `<span class="naga-muted">${board.phase === "call" ? "not called yet" : "—"}</span>`;
  }
  out += `</div>`;
  // amulets
  out += `<div class="naga-row" data-testid="amulets-${p.player}"><span class="naga-label">Amulets</span>`;
  if (Array.isArray(p.amulets)) {
    out += p.amulets.length ? p.amulets.map((a) => `<span class="naga-chip">${esc(a)}</span>`).join("") : `<span class="naga-muted">none</span>`;
  } else {
    out += `<span>${esc(p.amulet_count ?? 0)} (hidden)</span>`;
  }
  if ((p.spent_charms ?? []).length) {
    out += ` <span class="naga-muted">spent charms:</span> ${p.spent_charms.map((a) => `<span class="naga-chip">${esc(a)}</span>`).join("")}`;
  }
  out += `</div></section>`;
  return out;
}

export function centerColumn(board, ctx) {
  const names = ctx.names;
  let out = `<div class="naga-center">`;
  const off = board.offered;
  out += `<section class="naga-box" data-testid="offered" aria-label="offered room"><h4>Offered room</h4>`;
  if (off) {
    const shape = ctx.catalog?.rooms?.[off.room]?.shape;
    out += `<div class="naga-row">${miniTileSvg(off.openings, 56, { amulet: off.amulet })}<div><b>${esc(off.room)}</b>${shape ? ` <span class="naga-muted">${esc(shape)}</span>` : ""}<br><span class="naga-muted">openings ${esc(off.openings || "none")}</span>`;
    if (off.amulet) out += `<br>amulet on it${typeof off.amulet === "string" ? `: ${esc(off.amulet)}` : " (face down)"}`;
    out += `</div></div>`;
  } else {
    out += `<span class="naga-muted">none</span>`;
  }
  out += `</section>`;
  const supply = board.supply ?? {};
  out += `<section class="naga-box" data-testid="table" aria-label="table"><dl class="naga-kv">`;
  out += `<dt>Round</dt><dd>${esc(board.round ?? "")}</dd>`;
  out += `<dt>Guide</dt><dd>${esc(names[board.guide] ?? "")}${guideMark()}</dd>`;
  out += `<dt>Supply</dt><dd data-testid="supply">${Object.entries(supply)
    .map(([k, v]) => `<span class="naga-chip naga-stick-${esc(k)}">${esc(k)} ${esc(v)}</span>`)
    .join(" ")}</dd>`;
  out += `<dt>Deck</dt><dd data-testid="deck">${esc(board.deck_count ?? 0)} cards</dd>`;
  const discard = board.discard ?? [];
  out += `<dt>Discard</dt><dd data-testid="discard">${discard.length} card${discard.length === 1 ? "" : "s"}${discard.length ? ` <span class="naga-muted">(top ${esc(discard[discard.length - 1])})</span>` : ""}</dd>`;
  out += `<dt>Rooms left</dt><dd>${esc(board.rooms_left ?? "")}</dd>`;
  out += `<dt>Amulet pile</dt><dd>${esc(board.amulets_left ?? "")}</dd>`;
  out += `<dt>Trap</dt><dd>${esc(board.trap === "side" ? "at the side" : board.trap ?? "")}</dd>`;
  if (board.drawn_count) out += `<dt>Drawn</dt><dd>${esc(board.drawn_count)} card(s)</dd>`;
  out += `</dl></section></div>`;
  return out;
}

export function templePanel(temple, board, ctx) {
  const owner = temple.owner;
  const you = ctx.viewer === owner;
  const guide = board.guide === owner;
  return (
    `<section class="naga-temple naga-${esc(temple.name)}" data-testid="temple-${esc(temple.name)}" aria-label="${esc(temple.name)} temple">` +
    `<h3>${esc(ctx.names[owner] ?? temple.name)}'s temple <span class="naga-muted">(${esc(temple.name)})</span>` +
    `${guide ? guideMark() : ""}${you ? ` <span class="naga-muted">— you</span>` : ""}</h3>` +
    templeSvg(temple, ctx) +
    `</section>`
  );
}

export function timelinePanel(tl) {
  if (!tl || typeof tl.step !== "number") return "";
  const last = tl.last ?? 0;
  const step = tl.step;
  const atStart = step <= 0;
  const atEnd = !!tl.at_end;
  const label = tl.label ?? (step > 0 ? (tl.labels ?? [])[step - 1] ?? "" : "setup");
  let out = `<section class="naga-timeline naga-box" data-testid="timeline" aria-label="timeline">`;
  out += `<button type="button" data-act="tl" data-type="start" data-testid="tl-start" aria-label="Go to the start" title="Start (Home)" ${atStart ? "disabled" : ""}>|◀</button>`;
  out += `<button type="button" data-act="tl" data-type="undo" data-testid="tl-back" aria-label="One step back" title="Back (←)" ${atStart ? "disabled" : ""}>◀</button>`;
  out += `<input type="range" data-act="goto" data-testid="tl-slider" min="0" max="${esc(last)}" step="1" value="${esc(step)}" aria-label="Step" aria-valuetext="step ${esc(step)} of ${esc(last)}">`;
  out += `<button type="button" data-act="tl" data-type="redo" data-testid="tl-forward" aria-label="One step forward" title="Forward (→)" ${atEnd ? "disabled" : ""}>▶</button>`;
  out += `<button type="button" data-act="tl" data-type="end" data-testid="tl-end" aria-label="Go to the end" title="End (End)" ${atEnd ? "disabled" : ""}>▶|</button>`;
  out += `<span data-testid="tl-position">step ${esc(step)} / ${esc(last)}</span>`;
  const branches = tl.branches ?? [];
  if (branches.length > 1) {
    out += `<label>branch <select data-act="branch" data-testid="branch-select" aria-label="Branch">`;
    for (const b of branches) {
      const text = `#${b.index}: ${b.length} steps${b.fork_step ? `, from step ${b.fork_step}` : ""}${b.last_action ? ` — ${b.last_action}` : ""}`;
      out += `<option value="${esc(b.index)}"${b.index === tl.branch ? " selected" : ""}>${esc(text)}</option>`;
    }
    out += `</select></label>`;
  }
  if (tl.fork_armed) {
    out += `<span class="naga-fork-armed" data-testid="fork-armed">Fork armed: your next play starts a new branch at step ${esc(step)}</span>`;
    out += `<button type="button" data-act="unfork" data-testid="unfork">Cancel</button>`;
  } else if (!atEnd) {
    out += `<button type="button" data-act="fork" data-testid="fork" title="Play a different move from this step (the current line is kept)">Fork from here</button>`;
  }
  out += `<span class="naga-steplabel">${esc(label)}</span>`;
  out += `</section>`;
  return out;
}

export function logPanel(log) {
  const entries = Array.isArray(log) ? log : [];
  let out = `<section class="naga-box" aria-label="event log"><h4>Event log</h4><ol class="naga-log" data-testid="log" reversed>`;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    out += `<li><span class="naga-rule">${esc(e.rule)}</span><span class="naga-logstep">#${esc(e.step)}</span>${esc(e.text)}</li>`;
  }
  if (!entries.length) out += `<li class="naga-muted">nothing yet</li>`;
  out += `</ol></section>`;
  return out;
}

export function messageArea(status) {
  const msg = status?.message;
  if (!msg || !msg.text) return `<div class="naga-message" data-testid="message" aria-live="polite"></div>`;
  const error = msg.level === "error";
  return `<div class="naga-message ${error ? "naga-error" : "naga-info"}" data-testid="message" role="${error ? "alert" : "status"}">${error ? "⚠ " : ""}${esc(msg.text)}</div>`;
}

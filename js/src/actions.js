// actions.js — HTML markup of the action menu (your decision: call, confront, place, give), and
// which board elements a click can choose now. Strings only: no DOM.

import { rotateOpenings } from "./geometry.js";
import { esc, stepName } from "./text.js";
import { tokenTarget, describeToken, placeActionText } from "./tokens.js";
import { callSelectionValid, invokeChoices, placeChoices } from "./menu.js";
import { miniTileSvg } from "./svg.js";
import { cardButtonInner, effectText } from "./panels.js";

export function actionPanel(ctx) {
  const { menu, board, timeline, sel, catalog, names } = ctx;
  const active = ctx.active;
  let out = `<section class="naga-box naga-actions" data-testid="actions" aria-label="your decision">`;
  if (ctx.pending && active) {
    out += `<p class="naga-hint" data-testid="pending">Decision sent; waiting for the game to answer…</p>`;
    return out + `</section>`;
  }
  if (!active) {
    if (board.outcome) {
      out += `<h3>${esc(stepName("over", board.outcome, names))}</h3>`;
    } else if (timeline && timeline.can_play === false) {
      out += `<p class="naga-hint">You are looking at step ${esc(timeline.step)} of ${esc(timeline.last)}. Go to the end to play on, or fork from here to try another move.</p>`;
    } else if (board.phase) {
      const who = names[board.to_move] ?? "";
      const bot = ctx.status?.bot !== null && ctx.status?.bot !== undefined && ctx.status.bot === board.to_move;
      out += `<p class="naga-hint">Waiting for ${esc(who)}${bot ? " (bot)" : ""}: ${esc(stepName(board.phase))}.</p>`;
    }
    return out + `</section>`;
  }
  out += `<h3>${esc(menu.step_name || stepName(menu.phase))} — ${esc(names[menu.player] ?? "")} decides</h3>`;
  if (menu.phase === "call") out += callMenu(menu, sel, catalog);
  else if (menu.phase === "confront") out += confrontMenu(menu, sel, catalog, names, board, ctx.templeNames);
  else if (menu.phase === "place") out += placeMenu(menu, sel, catalog, names);
  else if (menu.phase === "give") out += giveMenu(menu, sel, catalog, names, board);
  else out += `<p class="naga-hint">Unknown step ${esc(menu.phase)}.</p>`;
  return out + `</section>`;
}

function callMenu(menu, sel, catalog) {
  const cards = (menu.groups ?? []).flat();
  const chosen = sel.call;
  const valid = callSelectionValid(menu, chosen);
  let out = `<p class="naga-hint">Select at least one card; all must show the same stick type (R4.1). Your call stays face down; only the number of cards is public.</p>`;
  out += `<div class="naga-choice" role="group" aria-label="cards to call">`;
  for (const id of cards) {
    const on = chosen.includes(id);
    out += `<button type="button" class="naga-card" data-act="toggle-card" data-card="${esc(id)}" data-testid="card-${esc(id)}" aria-pressed="${on}">${cardButtonInner(id, catalog)}</button>`;
  }
  out += `</div>`;
  if (chosen.length && !valid) {
    out += `<p class="naga-warn" data-testid="call-warning">These cards show different stick types; a call must use one type (R4.1).</p>`;
  }
  out += `<div class="naga-choice">`;
  out += `<button type="button" class="naga-primary" data-act="call-confirm" data-testid="confirm" ${valid ? "" : "disabled"}>Call ${chosen.length || ""} card${chosen.length === 1 ? "" : "s"}</button>`;
  out += `<button type="button" data-act="reset" data-testid="cancel" ${chosen.length ? "" : "disabled"}>Clear</button>`;
  out += `</div>`;
  return out;
}

function confrontMenu(menu, sel, catalog, names, board, temples) {
  const inv = sel.invoke;
  const choice = invokeChoices(menu, inv.card, inv.pay, inv.tokens);
  let out = "";
  if (!inv.card) {
    out += `<p class="naga-hint">Pass, or pay one naga to invoke a card (R4.2.2).${board?.passes ? " The opponent has just passed: passing now ends the step." : ""}</p>`;
    out += `<div class="naga-choice">`;
    if (menu.pass) out += `<button type="button" data-act="pass" data-testid="pass">Pass</button>`;
    out += `</div><div class="naga-choice" role="group" aria-label="cards you can invoke">`;
    for (const id of choice.cards) {
      out += `<button type="button" class="naga-card" data-act="invoke-card" data-card="${esc(id)}" data-testid="card-${esc(id)}" title="${esc(effectText(id, catalog))}">${cardButtonInner(id, catalog)}</button>`;
    }
    if (!choice.cards.length) out += `<span class="naga-muted">No card can be invoked now.</span>`;
    out += `</div>`;
    return out;
  }
  const info = catalog?.cards?.[inv.card];
  out += `<p><b>Invoke ${esc(inv.card)}</b>${info ? ` — ${esc(info.name)} (${esc(info.effect)})` : ""}</p>`;
  const text = effectText(inv.card, catalog);
  if (text) out += `<p class="naga-hint">${esc(text)}</p>`;
  if (!inv.pay) {
    out += `<p class="naga-hint">Pay one naga with:</p><div class="naga-choice" role="group" aria-label="payment">`;
    for (const pay of choice.pays) {
      const label = pay === "charm" ? "a naga charm" : `your ${pay} stick showing a naga`;
      out += `<button type="button" data-act="invoke-pay" data-pay="${esc(pay)}" data-testid="pay-${esc(pay)}">${esc(pay)}<small>${esc(label)}</small></button>`;
    }
    out += `</div>`;
  } else {
    out += `<p class="naga-hint">Paid with ${esc(inv.pay)}.${inv.tokens.length ? ` Target so far: <b data-testid="chosen-tokens">${esc(inv.tokens.join(" "))}</b>` : ""}</p>`;
    if (choice.next.length) {
      out += `<p class="naga-hint">${choice.complete ? "Confirm, or add" : "Choose"} ${inv.tokens.length ? "the next part of the target" : "a target"}${choice.next.some((t) => tokenTarget(t, temples)) ? " (also clickable on the boards)" : ""}:</p>`;
      out += `<div class="naga-choice" role="group" aria-label="targets">`;
      for (const tok of choice.next) {
        out += `<button type="button" data-act="target" data-token="${esc(tok)}" data-testid="target-${esc(tok)}">${esc(tok)}<small>${esc(describeToken(tok, names, temples))}</small></button>`;
      }
      out += `</div>`;
    } else if (choice.complete && !inv.tokens.length) {
      out += `<p class="naga-hint">No target needed.</p>`;
    }
  }
  out += `<div class="naga-choice">`;
  out += `<button type="button" class="naga-primary" data-act="invoke-confirm" data-testid="confirm" ${choice.complete ? "" : "disabled"}>${esc(choice.actionText ? `Confirm: ${choice.actionText}` : "Confirm")}</button>`;
  out += `<button type="button" data-act="back" data-testid="back">Back</button>`;
  out += `<button type="button" data-act="reset" data-testid="cancel">Cancel</button>`;
  out += `</div>`;
  return out;
}

function placeMenu(menu, sel, catalog, names) {
  const room = menu.room ?? { id: "", openings: "" };
  const choice = placeChoices(menu, sel.place.space);
  const shape = catalog?.rooms?.[room.id]?.shape;
  let out = `<p class="naga-hint">Place room <b>${esc(room.id)}</b>${shape ? ` (${esc(shape)})` : ""} in ${esc(names[menu.player] ?? "your")}'s temple: click a highlighted space (row 2, or next to a tile; R4.3.2), then choose the orientation.</p>`;
  if (sel.place.space === null) {
    out += `<p class="naga-hint">Legal spaces: ${choice.spaces.join(", ")}</p>`;
  } else {
    out += `<p>Space <b>${esc(sel.place.space)}</b> — orientation:</p><div class="naga-choice" role="group" aria-label="orientation">`;
    for (const k of choice.rotations) {
      const on = sel.place.rot === k;
      out += `<button type="button" data-act="rotation" data-rot="${k}" data-testid="rotation-${k}" aria-pressed="${on}" aria-label="rotation ${k}: openings ${esc(choice.openings[k])}">${miniTileSvg(choice.openings[k], 30)}<small>rot${k} · ${esc(choice.openings[k])}</small></button>`;
    }
    out += `</div>`;
  }
  const ready = sel.place.space !== null && sel.place.rot !== null && choice.rotations.includes(sel.place.rot);
  out += `<div class="naga-choice">`;
  out += `<button type="button" class="naga-primary" data-act="place-confirm" data-testid="confirm" ${ready ? "" : "disabled"}>${ready ? esc(`Confirm: ${placeActionText(sel.place.space, sel.place.rot)}`) : "Confirm"}</button>`;
  out += `<button type="button" data-act="reset" data-testid="cancel" ${sel.place.space === null ? "disabled" : ""}>Cancel</button>`;
  out += `</div>`;
  return out;
}

function giveMenu(menu, sel, catalog, names, board) {
  const cards = Array.isArray(menu.gives) ? menu.gives : board?.drawn ?? [];
  const other = names[1 - menu.player] ?? "the opponent";
  let out = `<p class="naga-hint">You drew these cards: pick the one to give to ${esc(other)}; you keep the others (R4.4.2). The card given is public.</p>`;
  out += `<div class="naga-choice" role="group" aria-label="card to give">`;
  for (const id of cards) {
    const on = sel.give === id;
    out += `<button type="button" class="naga-card" data-act="give-card" data-card="${esc(id)}" data-testid="give-${esc(id)}" aria-pressed="${on}">${cardButtonInner(id, catalog)}</button>`;
  }
  out += `</div><div class="naga-choice">`;
  const ready = sel.give !== null && cards.includes(sel.give);
  out += `<button type="button" class="naga-primary" data-act="give-confirm" data-testid="confirm" ${ready ? "" : "disabled"}>${ready ? esc(`Give ${sel.give} to ${other}`) : "Give"}</button>`;
  out += `</div>`;
  return out;
}

/** Which board elements are clickable now, and what a click does. */
export function boardClicks(ctx) {
  const spaceClicks = new Map();
  const slotClicks = new Map();
  let preview = null;
  const { menu, sel, board } = ctx;
  if (!ctx.active) return { spaceClicks, slotClicks, preview };
  if (menu.phase === "place") {
    const temple = board.temples?.[menu.player];
    if (temple) {
      const choice = placeChoices(menu, sel.place.space);
      for (const s of choice.spaces) {
        spaceClicks.set(`${temple.name}:${s}`, {
          act: "place-space",
          args: { space: s },
          hint: "place the room here",
          chosen: sel.place.space === s,
        });
      }
      if (sel.place.space !== null && sel.place.rot !== null) {
        preview = {
          temple: temple.name,
          space: sel.place.space,
          room: menu.room?.id ?? "",
          openings: rotateOpenings(menu.room?.openings ?? "", sel.place.rot),
          amulet: board.offered?.amulet ?? null,
        };
      }
    }
  } else if (menu.phase === "confront" && sel.invoke.card && sel.invoke.pay) {
    const choice = invokeChoices(menu, sel.invoke.card, sel.invoke.pay, sel.invoke.tokens);
    for (const tok of sel.invoke.tokens) {
      const t = tokenTarget(tok, ctx.templeNames);
      if (t) (t.kind === "slot" ? slotClicks : spaceClicks).set(tok, { act: "noop", args: {}, hint: "chosen", chosen: true });
    }
    for (const tok of choice.next) {
      const t = tokenTarget(tok, ctx.templeNames);
      if (!t) continue;
      (t.kind === "slot" ? slotClicks : spaceClicks).set(tok, {
        act: "target",
        args: { token: tok },
        hint: `choose ${tok} as target`,
        chosen: false,
      });
    }
  }
  return { spaceClicks, slotClicks, preview };
}

// watch.js — the controls of a watch of two bots (NagaWidget(players=[bot, bot])): play or pause,
// one step, the speed, and which bot plays which seat. Python runs the watch and says everything shown
// here (`status.watch`, docs/widget-protocol.md): whether it plays, the speeds and their words, the
// words of the step button, why it cannot go on. Pure templates: no DOM.

import { html, nothing } from "lit-html";
import { live } from "lit-html/directives/live.js";

/**
 * @typedef {{id: string, label: string}} WatchSpeed
 * @typedef {{seat: number, name: string, bot: ?string}} WatchPlayer
 * @typedef {{playing: boolean, delay: number, speed: ?string, speeds: WatchSpeed[], players: WatchPlayer[],
 *   seats: number[], can_step: boolean, step_words: string, note: ?string}} Watch
 */

/** Who plays which seat: "gold: GreedyBot · silver: RandomBot" (a stopped bot is said so). */
function playersLine(watch) {
  return (watch.players ?? []).map((p) => `${p.name}: ${p.bot ?? "bot stopped"}`).join(" · ");
}

/** The speed selector: Python's speeds, and the delay set in code when it is none of them. */
function speedSelect(watch) {
  const speeds = watch.speeds ?? [];
  const custom = watch.speed === null || watch.speed === undefined;
  const options = speeds.map(
    (s) => html`<option value=${s.id} .selected=${live(s.id === watch.speed)}>${s.label}</option>`,
  );
  return html`<label class="naga-watch-speed">Speed <select data-act="watch-speed" data-testid="watch-speed"
    aria-label="Speed of the bots">${
      custom ? html`<option value="" .selected=${live(true)} disabled>a move every ${watch.delay} s</option>` : nothing
    }${options}</select></label>`;
}

/**
 * The watch panel, above the decision; nothing when the widget watches no bots.
 * @param {{status: {watch?: Watch}}} ctx
 */
export function watchPanel(ctx) {
  const watch = ctx.status?.watch;
  if (!watch) return nothing;
  const playing = watch.playing === true;
  const canStep = watch.can_step === true;
  // one button that says what a click does, kept in place (and so keeping the focus) as it toggles
  const toggle = html`<button type="button" class="naga-primary" data-act="watch" data-do=${playing ? "pause" : "play"}
    data-testid="watch-toggle" aria-label=${playing ? "Pause the bots" : "Let the bots play"} ?disabled=${
      !playing && !canStep
    }>${playing ? "⏸ Pause" : "▶ Play"}</button>`;
  return html`<section class="naga-box naga-watch" data-testid="watch" data-panel="watch"
    aria-label="watching the bots"><h3>Watching two bots <span class="naga-muted" data-testid="watch-state"
    aria-live="polite">${playing ? "playing" : "paused"}</span></h3><p class="naga-muted"
    data-testid="watch-players">${playersLine(watch)}</p><div class="naga-choice naga-watch-row">${toggle}<button
    type="button" data-act="watch" data-do="step" data-testid="watch-step" ?disabled=${!canStep}>${
      watch.step_words ?? "Step"
    }</button>${speedSelect(watch)}</div>${
      watch.note ? html`<p class="naga-hint" data-testid="watch-note">${watch.note}</p>` : nothing
    }</section>`;
}

/** The intent of a watch button (`data-do`): play, pause or step. @param {{do?: string}} data */
export function watchIntent(data) {
  const types = { play: "watch_play", pause: "watch_pause", step: "watch_step" };
  return Object.prototype.hasOwnProperty.call(types, data.do) ? { send: { type: types[data.do] } } : null;
}

// scrub.js — moving along the timeline without losing a press: the slider, the step buttons and the
// arrow keys say which step they want; at most one `goto` is in flight, and when Python answers the
// next one goes to the latest step wanted meanwhile (coalesced). A drag of the slider shows the steps
// while dragging; holding ← sends one goto per answer and never drops a press. Pure: no DOM.

/** @typedef {import("./types.js").Timeline} Timeline */

/**
 * The step a timeline move wants, from `from` (the step already wanted, or the one shown).
 * @param {string} move "start" | "undo" | "redo" | "end" (the buttons; ← → Home End on the widget)
 * @param {?Timeline} timeline
 * @param {number} from
 * @returns {?number} null when the move goes nowhere
 */
export function moveTarget(move, timeline, from) {
  if (!timeline || typeof timeline.step !== "number") return null;
  const last = Number(timeline.last ?? 0);
  const want = { start: 0, undo: from - 1, redo: from + 1, end: last }[move];
  if (want === undefined) return null;
  const clamped = Math.min(Math.max(want, 0), last);
  return clamped === from ? null : clamped;
}

/** The move of a timeline key (ArrowLeft, ArrowRight, Home, End), or null. @param {string} key */
export function keyMove(key) {
  return { ArrowLeft: "undo", ArrowRight: "redo", Home: "start", End: "end" }[key] ?? null;
}

/** One view's scrubbing: the step wanted, and the goto in flight (see the module comment). */
export class Scrubber {
  /** @param {(to: number) => number} sendGoto sends `goto` to a step and returns the intent's id */
  constructor(sendGoto) {
    this.sendGoto = sendGoto;
    /** @type {?number} */
    this.wanted = null;
    /** @type {?{id: number, to: number}} */
    this.inFlight = null;
  }

  /** The step to draw on the slider: the one wanted, else the one shown. @param {number} shown */
  shown(shown) {
    return this.wanted ?? shown;
  }

  /** Ask for step `to`; sent now unless a goto is in flight. @param {number} to @param {number} current */
  want(to, current) {
    this.wanted = to;
    this.pump(current);
  }

  /** Python answered up to intent `ack`, and shows step `current` now: send the next goto if needed. */
  answered(ack, current) {
    if (this.inFlight && Number(ack) >= this.inFlight.id) {
      const done = this.inFlight;
      this.inFlight = null;
      // refused (an error, another view moved meanwhile): give up that step rather than loop
      if (this.wanted === done.to && current !== done.to) this.wanted = null;
    }
    this.pump(current);
  }

  /** @param {number} current */
  pump(current) {
    if (this.inFlight) return;
    if (this.wanted === null || this.wanted === current) {
      this.wanted = null;
      return;
    }
    const to = this.wanted;
    this.inFlight = { id: this.sendGoto(to), to };
  }

  /** Forget a wish (e.g. the timeline changed under it). */
  reset() {
    this.wanted = null;
    this.inFlight = null;
  }
}

// scrub.js — moving along the timeline without losing a press: the slider, the step buttons and the
// arrow keys say which step they want; at most `limit` gotos are in flight (two when they travel as
// messages, one when they travel in the intent trait, which ipywidgets sends only after the kernel
// answered the one before), each to the latest step wanted when it leaves (coalesced), and the last
// one always goes to the last step wanted. A drag of the slider shows the steps while dragging;
// holding ← never drops a press. Pure: no DOM.

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

/** One view's scrubbing: the step wanted, and the gotos in flight (see the module comment). */
export class Scrubber {
  /**
   * @param {(to: number) => number} sendGoto sends `goto` to a step and returns the intent's id
   * @param {number} limit how many gotos may be in flight at once
   */
  constructor(sendGoto, limit = 1) {
    this.sendGoto = sendGoto;
    this.limit = Math.max(1, Math.floor(limit));
    /** @type {?number} */
    this.wanted = null;
    /** @type {{id: number, to: number}[]} oldest first; replaced (never changed in place) when it changes */
    this.inFlight = [];
  }

  /** The step to draw on the slider: the one wanted, else the one shown. @param {number} shown */
  shown(shown) {
    return this.wanted ?? shown;
  }

  /** Ask for step `to`; sent now unless `limit` gotos are in flight. @param {number} to @param {number} current */
  want(to, current) {
    this.wanted = to;
    this.pump(current);
  }

  /** Python answered up to intent `ack`, and shows step `current` now: send the next goto if needed. */
  answered(ack, current) {
    const done = this.inFlight.filter((f) => Number(ack) >= f.id);
    if (done.length) {
      this.inFlight = this.inFlight.filter((f) => Number(ack) < f.id);
      const latest = done[done.length - 1];
      // refused (an error, the timeline is off…): give up that step rather than loop
      if (!this.inFlight.length && this.wanted === latest.to && current !== latest.to) this.wanted = null;
    }
    this.pump(current);
  }

  /** @param {number} current */
  pump(current) {
    const last = this.inFlight[this.inFlight.length - 1];
    if (this.wanted === null || (!last && this.wanted === current)) {
      this.wanted = null;
      return;
    }
    // where the cursor is headed once every answer is in: nothing more to send when it is the wish
    if ((last ? last.to : current) === this.wanted || this.inFlight.length >= this.limit) return;
    const to = this.wanted;
    this.inFlight = [...this.inFlight, { id: this.sendGoto(to), to }];
  }

  /** Forget a wish (e.g. the timeline changed under it). */
  reset() {
    this.wanted = null;
    this.inFlight = [];
  }
}

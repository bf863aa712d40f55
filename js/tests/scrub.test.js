// Scrubbing (scrub.js): gotos in flight, coalesced to the latest step wanted; and the view sending them as
// messages (two in flight) when its model can send messages.
import { describe, expect, it, vi } from "vitest";
import { Scrubber } from "../src/scrub.js";
import widget from "../src/index.js";
import { fixture, mounter, listed } from "./fixtures.js";

/** A Scrubber whose sends are recorded; ids count from 1. */
function scrubber(limit) {
  const sent = [];
  const s = new Scrubber((to) => {
    sent.push(to);
    return sent.length;
  }, limit);
  return { s, sent };
}

describe("Scrubber", () => {
  it("keeps one goto in flight by default and goes on to the latest step wanted", () => {
    const { s, sent } = scrubber();
    for (const to of [1, 2, 3]) s.want(to, 0);
    expect(sent).toEqual([1]);
    s.answered(1, 1);
    expect(sent).toEqual([1, 3]);
    s.answered(2, 3);
    expect(sent).toEqual([1, 3]);
    expect(s.wanted).toBeNull();
  });

  it("with a limit of two sends the second at once and the rest to the latest wish", () => {
    const { s, sent } = scrubber(2);
    for (const to of [1, 2, 3, 4, 5]) s.want(to, 0);
    expect(sent).toEqual([1, 2]); // two in flight; 3 and 4 are passed over
    expect(s.shown(0)).toBe(5);
    s.answered(1, 1);
    expect(sent).toEqual([1, 2, 5]);
    s.answered(2, 2);
    s.want(6, 2);
    expect(sent).toEqual([1, 2, 5, 6]);
    s.answered(4, 6); // one answer acknowledges both
    expect(s.inFlight).toEqual([]);
    expect(s.wanted).toBeNull();
  });

  it("ends on the step wanted last even when it is one already passed", () => {
    const { s, sent } = scrubber(2);
    s.want(5, 3);
    s.want(7, 3);
    s.want(5, 3); // back to 5 while 5 and 7 are in flight
    expect(sent).toEqual([5, 7]);
    s.answered(1, 5);
    expect(sent).toEqual([5, 7, 5]); // 7 is on its way: 5 is sent again after it
    s.answered(3, 5);
    expect(s.wanted).toBeNull();
    expect(s.shown(5)).toBe(5);
  });

  it("sends nothing more when the last goto in flight already goes to the step wanted", () => {
    const { s, sent } = scrubber(2);
    s.want(4, 0);
    s.want(4, 0);
    expect(sent).toEqual([4]);
  });

  it("gives up a refused step once nothing is in flight, not while another goto is on its way", () => {
    const { s, sent } = scrubber(2);
    s.want(2, 0);
    s.want(9, 0);
    s.answered(1, 0); // the goto to 2 was refused; the one to 9 is still in flight
    expect(s.wanted).toBe(9);
    s.answered(2, 0); // refused as well
    expect(s.wanted).toBeNull();
    expect(sent).toEqual([2, 9]);
  });

  it("replaces its list of gotos in flight instead of changing it (the view compares them)", () => {
    const { s } = scrubber(2);
    const before = s.inFlight;
    s.want(1, 0);
    expect(s.inFlight).not.toBe(before);
    expect(before).toEqual([]);
  });
});

describe("the view's gotos as messages", () => {
  let outbox = [];
  const mountSending = mounter((args) => {
    const sent = outbox; // this view's messages
    args.model.send = vi.fn((content) => sent.push(content));
    return widget.render(args);
  });

  /** The fixture mounted on a model that can send messages (as anywidget's models can). */
  function mount(name = "branches") {
    const f = fixture(name);
    const sent = (outbox = []);
    const m = mountSending(name);
    return { ...m, f, sent };
  }

  /** Python's answer to one goto: the cursor there and its id acknowledged; then the view's microtask. */
  async function answer(model, intent) {
    model.push("timeline", { ...model.get("timeline"), step: intent.to });
    model.push("status", { ...model.get("status"), ack: intent.id });
    await Promise.resolve();
  }

  it("drags with two gotos in flight, each stamped, and ends on the latest step wanted", async () => {
    const { q, model, intents, sent, f } = mount();
    const slider = q("tl-slider");
    for (const v of ["1", "2", "3", "4"]) {
      slider.value = v;
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    }
    expect(intents()).toEqual([]); // nothing in the intent trait
    expect(sent.map((i) => [i.type, i.to, i.step, i.branch])).toEqual([
      ["goto", 1, f.timeline.step, f.timeline.branch],
      ["goto", 2, f.timeline.step, f.timeline.branch],
    ]);
    await answer(model, sent[0]);
    expect(sent.map((i) => i.to)).toEqual([1, 2, 4]);
    await answer(model, sent[1]);
    await answer(model, sent[2]);
    expect(sent).toHaveLength(3);
    expect(model.get("timeline").step).toBe(4);
    expect(Number(q("tl-slider").value)).toBe(4);
    const ids = sent.map((i) => i.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it("keeps a play in the intent trait", () => {
    const { f, click, intents, sent, model } = mount("call");
    click(`card-${listed(f.menu).groups[0][0]}`);
    click("confirm");
    expect(intents().map((i) => i.type)).toEqual(["play"]);
    expect(model.save_changes).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
  });
});

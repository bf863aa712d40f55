// The watch of two bots: its panel draws what Python says (status.watch), and its controls send the
// watch's intents (play, pause, step, speed).
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { handleAct } from "../src/handlers.js";
import { fixture, mounter } from "./fixtures.js";

const mount = mounter(widget.render);
const watched = fixture("watch");

/** The watch fixture with its status.watch changed. */
function withWatch(patch) {
  return { status: { ...watched.status, watch: { ...watched.status.watch, ...patch } } };
}

describe("the watch panel", () => {
  it("is drawn only for a watch", () => {
    expect(mount("call").q("watch")).toBeNull();
    const { q } = mount("watch");
    expect(q("watch")).not.toBeNull();
    expect(q("watch-players").textContent).toBe("gold: GreedyBot · silver: RandomBot");
  });

  it("offers Pause while the bots play, and sends a pause", () => {
    const { q, click, intents } = mount("watch", withWatch({ playing: true }));
    expect(q("watch-toggle").textContent).toContain("Pause");
    expect(q("watch-state").textContent).toBe("playing");
    click("watch-toggle");
    expect(intents().at(-1)).toMatchObject({ type: "watch_pause" });
  });

  it("offers Play and Step while paused, each sending its intent", () => {
    const { q, click, intents } = mount("watch");
    expect(watched.status.watch.playing).toBe(false);
    expect(q("watch-toggle").textContent).toContain("Play");
    expect(q("watch-state").textContent).toBe("paused");
    click("watch-toggle");
    expect(intents().at(-1)).toMatchObject({ type: "watch_play" });
    click("watch-step");
    expect(intents().at(-1)).toMatchObject({ type: "watch_step" });
    expect(q("watch-step").textContent).toBe(watched.status.watch.step_words);
  });

  it("sends the speed chosen, among Python's speeds", () => {
    const { q, intents } = mount("watch");
    const select = q("watch-speed");
    expect([...select.options].map((o) => o.value)).toEqual(watched.status.watch.speeds.map((s) => s.id));
    expect(select.value).toBe("normal");
    select.value = "fast";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(intents().at(-1)).toMatchObject({ type: "watch_speed", speed: "fast" });
  });

  it("shows a delay set in code as such, and sends nothing for it", () => {
    const { q, intents } = mount("watch", withWatch({ speed: null, delay: 0.25 }));
    expect(q("watch-speed").selectedOptions[0].textContent).toBe("a move every 0.25 s");
    expect(intents()).toEqual([]);
  });

  it("cannot play or step when Python says the watch cannot go on, and says why", () => {
    const note = "The game is over: start a new game to watch again.";
    const { q } = mount("watch", withWatch({ playing: false, can_step: false, note }));
    expect(q("watch-toggle").disabled).toBe(true);
    expect(q("watch-step").disabled).toBe(true);
    expect(q("watch-note").textContent).toBe(note);
  });

  it("keeps the focus on the toggle when Python answers a click", () => {
    const { q, click, model } = mount("watch", withWatch({ playing: false }));
    q("watch-toggle").focus();
    click("watch-toggle");
    model.push("status", { ...watched.status, watch: { ...watched.status.watch, playing: true } });
    expect(document.activeElement).toBe(q("watch-toggle"));
    expect(q("watch-toggle").textContent).toContain("Pause");
  });

  it("names the bot to move in the action panel", () => {
    const { q } = mount("watch");
    const who = watched.status.names[watched.board.to_move];
    expect(q("waiting").textContent).toMatch(new RegExp(`^${who}'s bot to decide: `));
  });

  it("ignores a watch button without a known action", () => {
    expect(handleAct("watch", { data: { do: "rewind" } }, false)).toBeNull();
  });
});

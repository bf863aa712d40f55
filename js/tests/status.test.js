// What the view says and offers around the decision: the status sentence, the seed, a stopped bot,
// a new game, the timeline's modes, the timeline on the hot-seat screen.
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { statusText } from "../src/actions.js";
import { viewState } from "../src/markup.js";
import { catalog, fixture, mounter, listed } from "./fixtures.js";

const mount = mounter(widget.render);

/** The view state of a fixture with some traits changed. */
function state(name, patch = {}) {
  const f = fixture(name);
  return viewState({
    catalog,
    board: f.board,
    menu: {},
    timeline: f.timeline,
    events: f.events,
    status: f.status,
    ...patch,
  });
}

describe("the status sentence", () => {
  const call = fixture("call");
  const other = 1 - call.board.to_move;
  const name = call.status.names[call.board.to_move];

  it("says a bot is thinking while it is the bot's turn", () => {
    const s = state("call", { status: { ...call.status, viewer: other, perspective: other, bot: call.board.to_move } });
    expect(statusText(s)).toBe(`Waiting for ${name} (bot)…`);
  });

  it("waits for the other player at the end of the line, in a player's view", () => {
    const s = state("call", { status: { ...call.status, viewer: other, perspective: other } });
    expect(statusText(s)).toBe(`Waiting for ${name}: Call of Fate (R4.1).`);
  });

  it("tells a spectator who decides, not that they look at a past step", () => {
    const s = state("rich_spectator");
    const rich = fixture("rich_spectator");
    expect(rich.timeline.at_end).toBe(true);
    expect(statusText(s)).toMatch(new RegExp(`^${rich.status.names[rich.board.to_move]} to decide: `));
    expect(statusText(s)).not.toContain("looking at");
  });

  it("speaks of the past only at a past step", () => {
    const s = state("branches");
    expect(s.timeline.at_end).toBe(false);
    expect(statusText(s)).toContain(`past step (${s.timeline.step} of ${s.timeline.last})`);
  });

  it("draws the bot's sentence in the action panel", () => {
    const { q } = mount("call", {
      status: { ...call.status, viewer: other, perspective: other, bot: call.board.to_move },
      menu: {},
    });
    expect(q("waiting").textContent).toBe(`Waiting for ${name} (bot)…`);
  });
});

describe("seed, stopped bot, new game", () => {
  it("says a seeded game is reproducible, and shows no seed otherwise", () => {
    const f = fixture("call");
    // plain words on the header, the detail (anyone with the seed can predict the game) in the tooltip
    const seed = mount("call", { status: { ...f.status, seed: 42 } }).q("seed");
    expect(seed.textContent).toBe("Practice game: the same every time (seed 42)");
    expect(seed.getAttribute("title")).toMatch(/anyone who knows the seed can predict the cards and sticks/);
    expect(mount("call", { status: { ...f.status, seed: null } }).q("seed")).toBeNull();
  });

  it("offers to take over the seat of a stopped bot", () => {
    const f = fixture("call");
    const seat = f.board.to_move;
    const stopped = { seat, name: f.status.names[seat], reason: "KeyError: 'x'" };
    const { q, click, intents } = mount("call", {
      menu: {},
      status: { ...f.status, viewer: 1 - seat, perspective: 1 - seat, bot_stopped: stopped },
    });
    expect(q("bot-stopped").textContent).toContain("KeyError: 'x'");
    expect(q("take-over").textContent).toBe(`Take over ${stopped.name}'s seat`);
    click("take-over");
    expect(intents()).toEqual([expect.objectContaining({ type: "take_over", step: f.timeline.step })]);
  });

  it("offers a new game once the game is over", () => {
    const { q, click, intents } = mount("over");
    click("new-game");
    expect(intents()).toEqual([expect.objectContaining({ type: "new_game" })]);
    expect(mount("call").q("new-game")).toBeNull();
  });
});

describe("the timeline's modes", () => {
  it("review: no fork and no branch selector, the steps still reachable", () => {
    const f = fixture("branches");
    const { q } = mount("branches", { timeline: { ...f.timeline, mode: "review" } });
    expect(q("fork")).toBeNull();
    expect(q("branch-select")).toBeNull();
    expect(q("tl-review")).not.toBeNull();
    expect(q("tl-slider")).not.toBeNull();
  });

  it("off: no timeline, and the keys move nothing", () => {
    const f = fixture("call");
    const { q, el, intents } = mount("call", { timeline: { ...f.timeline, mode: "off", branches: [] } });
    expect(q("timeline")).toBeNull();
    el.querySelector('[data-testid="root"]').dispatchEvent(
      new KeyboardEvent("keydown", { key: "Home", bubbles: true }),
    );
    expect(intents()).toHaveLength(0);
  });

  it("the hot-seat screen keeps the timeline usable, showing no hand", () => {
    const f = fixture("hotseat");
    const timeline = { ...f.timeline, step: 3, last: 3, at_end: true };
    const { q, el, intents } = mount("hotseat", { timeline });
    expect(q("screen")).not.toBeNull();
    expect(q("timeline")).not.toBeNull();
    expect(el.querySelector('[data-testid^="hand-"]')).toBeNull();
    el.querySelector('[data-testid="root"]').dispatchEvent(
      new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }),
    );
    expect(intents()).toEqual([expect.objectContaining({ type: "goto", to: 2, step: 3 })]);
  });
});

describe("the fate standing in the Confrontation (R4.3.1)", () => {
  it("shows what Python sends: both totals and who would win the room now", async () => {
    // the rule itself (a tie going to the guide) is tested in tests/widget/test_widget_words.py
    const { fateStanding } = await import("../src/text.js");
    const f = fixture("confront");
    expect(fateStanding(f.board)).toEqual(f.board.standing);
    expect(f.board.standing.totals).toEqual([0, 1].map((p) => f.board.players[p].fate));
    expect(fateStanding(fixture("call").board)).toBeNull();
  });

  it("draws it above the decision, for every viewer", () => {
    const f = fixture("confront");
    const { q } = mount("confront");
    const [g, s] = [0, 1].map((p) => f.board.players[p].fate);
    expect(q("fate-standing").textContent).toContain(`gold ${g} · silver ${s}`);
    expect(q("fate-standing").textContent).toContain(f.board.standing.text.split(" — ")[1].split(" (")[0]);
    expect(mount("call").q("fate-standing")).toBeNull();
  });
});

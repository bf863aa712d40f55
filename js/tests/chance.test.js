// The teacher's chance panel (js/src/chance.js): drawn only when Python sends it (the `chance` trait,
// the teacher's view only), in words, and each control sends the `force` / `unforce` intent it says.
import { afterEach, describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { cardWords, forceIntent, pendingLines, pickIntent, roomWords } from "../src/chance.js";
import { catalog, fixture, mountFixture } from "./fixtures.js";

const FIXTURES = [
  "call",
  "confront",
  "confront_small",
  "place",
  "give",
  "rich",
  "rich_spectator",
  "over",
  "branches",
  "fork_armed",
  "hotseat",
];

/** What can come next, as the projection writes it (chance_options): a pile, a deck, each stick's faces. */
function options() {
  return {
    room: Object.keys(catalog.rooms).slice(2, 9),
    card: Object.keys(catalog.cards).slice(0, 12),
    throw: Object.fromEntries(Object.entries(catalog.stick_types).map(([t, faces]) => [t, [...new Set(faces)]])),
  };
}

const teacherStatus = (f) => ({ ...f.status, perspective: "teacher", viewer: "truth" });

const mounted = [];
function mountTeacher(name = "give", pending = {}, patch = {}) {
  const f = fixture(name);
  const m = mountFixture(widget.render, name, {
    status: teacherStatus(f),
    chance: { options: options(), pending },
    ...patch,
  });
  mounted.push(m);
  return m;
}

afterEach(() => {
  while (mounted.length) {
    const { el, cleanup } = mounted.pop();
    cleanup();
    el.remove();
  }
});

describe("only in the teacher's view", () => {
  it.each(FIXTURES)("no panel in fixture %s, whose chance trait Python left empty", (name) => {
    const f = fixture(name);
    expect(f.chance).toEqual({});
    const m = mountFixture(widget.render, name, { chance: f.chance });
    mounted.push(m);
    expect(m.q("chance-panel")).toBeNull();
  });

  it("appears when Python sends it and goes when Python takes it back", () => {
    const { q, model } = mountTeacher();
    expect(q("chance-panel")).not.toBeNull();
    expect(q("chance-panel").querySelector("h4").textContent).toBe("Chance (teacher)");
    model.push("chance", {});
    expect(q("chance-panel")).toBeNull();
  });
});

describe("what it shows", () => {
  it("offers the rooms of the pile and the cards of the deck in words, the seed by default", () => {
    const { q } = mountTeacher();
    const room = q("chance-room");
    const texts = [...room.options].map((o) => o.textContent);
    const first = options().room[0];
    const { shape, openings } = catalog.rooms[first];
    expect(texts[0]).toBe("by the seed");
    expect(texts[1]).toBe(`${first} (${shape}, openings ${openings})`);
    expect(room.value).toBe("");
    expect(room.labels[0].textContent).toBe("Next room");
    const card = options().card[0];
    expect([...q("chance-card").options].map((o) => o.value)).toEqual(["", ...options().card]);
    expect(q("chance-card").options[1].textContent).toBe(
      `${card} (${catalog.cards[card].name}, ${catalog.cards[card].effect})`,
    );
    expect(q("chance-queue").textContent).toContain("Nothing chosen");
    expect(q("chance-clear").disabled).toBe(true);
  });

  it("has one group of face buttons per stick type, the naga in words", () => {
    const { q } = mountTeacher();
    for (const [type, faces] of Object.entries(options().throw)) {
      const group = q(`chance-throw-${type}`);
      expect(group.getAttribute("role")).toBe("group");
      const buttons = [...group.querySelectorAll("button")];
      expect(buttons.map((b) => b.textContent)).toEqual(faces.map((f) => (f === "N" ? "naga" : f)));
      expect(buttons.every((b) => b.type === "button" && !b.disabled)).toBe(true);
    }
  });

  it("says what is chosen and that the next steps will use it", () => {
    const room = options().room[3];
    const { q } = mountTeacher("give", { room: [room], throw: ["N", "2"] });
    expect(q("chance-room").value).toBe(room);
    const queue = q("chance-queue").textContent;
    expect(queue).toContain(`Next room offered: ${roomWords(room, catalog)} (chosen)`);
    expect(queue).toContain("Next sticks thrown show: naga, then 2 (chosen)");
    expect(q("chance-use").textContent).toContain("next steps that need them");
    expect(q("chance-clear").disabled).toBe(false);
  });

  it("at a past step with the fork armed, says the next play starts a new branch with it", () => {
    const f = fixture("fork_armed");
    const { q } = mountTeacher("fork_armed", { card: [options().card[1]] });
    expect(q("chance-use").textContent).toBe(
      `Your next play from step ${f.timeline.step} starts a new branch that uses them.`,
    );
  });

  it("flags a chosen room that this step's pile no longer has", () => {
    const gone = Object.keys(catalog.rooms)[0];
    expect(options().room).not.toContain(gone);
    const { q } = mountTeacher("give", { room: [gone] });
    expect(q("chance-room").value).toBe(gone);
    expect(q("chance-queue").textContent).toContain(`${roomWords(gone, catalog)} — not in the pile at this step`);
  });

  it("offers nothing to choose once the game is over at this step", () => {
    const { q } = mountTeacher("over");
    expect(q("chance-room").disabled).toBe(true);
    expect(q("chance-panel").querySelector('[data-testid^="chance-throw-"] button').disabled).toBe(true);
    expect(q("chance-panel").textContent).toContain("The game is over at this step");
  });
});

describe("what it sends", () => {
  it("a room picked is the next room, stamped with the step shown; 'by the seed' chooses none", () => {
    const { q, intents, f, model } = mountTeacher();
    const room = options().room[2];
    const select = q("chance-room");
    select.value = room;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(intents().at(-1)).toMatchObject({
      type: "force",
      kind: "room",
      values: [room],
      step: f.timeline.step,
      branch: f.timeline.branch,
    });
    expect(model.save_changes).toHaveBeenCalled();
    select.value = "";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(intents().at(-1)).toMatchObject({ type: "force", kind: "room", values: [] });
  });

  it("a card picked is the next card drawn", () => {
    const { q, intents } = mountTeacher();
    const card = options().card[5];
    q("chance-card").value = card;
    q("chance-card").dispatchEvent(new Event("change", { bubbles: true }));
    expect(intents().at(-1)).toMatchObject({ type: "force", kind: "card", values: [card] });
  });

  it("a face clicked is added after the throws chosen before; clear throws and clear all", () => {
    const { click, intents } = mountTeacher("give", { throw: ["1"] });
    click("chance-throw-teal-N");
    expect(intents().at(-1)).toMatchObject({ type: "force", kind: "throw", values: ["1", "N"] });
    click("chance-throw-violet-3");
    expect(intents().at(-1)).toMatchObject({ type: "force", kind: "throw", values: ["1", "3"] }); // Python answers before the queue grows
    click("chance-throw-clear");
    expect(intents().at(-1)).toMatchObject({ type: "force", kind: "throw", values: [] });
    click("chance-clear");
    expect(intents().at(-1)).toMatchObject({ type: "unforce" });
    expect(intents().at(-1)).not.toHaveProperty("values");
  });

  it("a face button is reached and pressed from the keyboard (a real button)", () => {
    const { q, intents } = mountTeacher();
    const button = q("chance-throw-brown-2");
    button.focus();
    expect(button.ownerDocument.activeElement).toBe(button);
    button.click(); // what Enter or Space does on a focused <button>
    expect(intents().at(-1)).toMatchObject({ type: "force", kind: "throw", values: ["2"] });
  });
});

describe("pure helpers", () => {
  it("pendingLines says each kind in words, code-chosen kinds too", () => {
    const card = options().card[0];
    const lines = pendingLines(
      { options: options(), pending: { card: [card], throw: ["N"], amulet: ["A03"], relics: [["s3"]] } },
      catalog,
    );
    expect(lines).toEqual([
      `Next card drawn: ${cardWords(card, catalog)}`,
      "Next stick thrown shows: naga",
      "Next amulet laid on a room (chosen in code): A03",
      "Next relic deal (chosen in code): 1",
    ]);
    expect(pendingLines({ options: options(), pending: {} }, catalog)).toEqual([]);
  });

  it("forceIntent refuses attributes it cannot read; pickIntent sends one value or none", () => {
    expect(forceIntent({ kind: "throw", values: "not json" })).toBeNull();
    expect(forceIntent({ kind: "throw", values: '"N"' })).toBeNull();
    expect(forceIntent({ values: "[]" })).toBeNull();
    expect(forceIntent({ kind: "throw", values: '["N"]' })).toEqual({
      send: { type: "force", kind: "throw", values: ["N"] },
    });
    expect(pickIntent("room", "R07")).toEqual({ kind: "room", values: ["R07"] });
    expect(pickIntent("room", "")).toEqual({ kind: "room", values: [] });
  });
});

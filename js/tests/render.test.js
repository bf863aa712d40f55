// render() against a fake anywidget model, on boards of real games (tests/fixtures).
import { render as litRender } from "lit-html";
import { describe, expect, it } from "vitest";
import widget from "../src/index.js";
import { TRAITS } from "../src/view.js";
import { viewState, widgetTemplate } from "../src/markup.js";
import { catalog, fixture, mounter, listed } from "./fixtures.js";

const mount = mounter(widget.render);

describe("drawing", () => {
  it("draws both temples with nine spaces, nine relic slots and three entrances", () => {
    const { el, q } = mount("rich");
    for (const name of ["gold", "silver"]) {
      const t = q(`temple-${name}`);
      expect(t).not.toBeNull();
      expect(t.querySelectorAll(".naga-space")).toHaveLength(9);
      expect(t.querySelectorAll(".naga-slot")).toHaveLength(9);
      expect(t.querySelectorAll(".naga-entrance")).toHaveLength(3);
      const labels = [...t.querySelectorAll(".naga-slot-label")].map((n) => n.textContent);
      expect(labels).toEqual(catalog.slots);
    }
    expect(el.querySelectorAll("svg.naga-board")).toHaveLength(2);
  });

  it("draws the size the model says, and its selector sets the synced trait", () => {
    const { el, q, model } = mount("rich", { size: "large" });
    const root = el.querySelector(".naga-root");
    expect(root.classList.contains("naga-large")).toBe(true);
    expect(q("size").value).toBe("large");
    model.push("size", "normal"); // Python (or another view) changes it
    expect(root.classList.contains("naga-large")).toBe(false);
    const select = q("size");
    select.value = "large";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.set).toHaveBeenCalledWith("size", "large");
    expect(model.save_changes).toHaveBeenCalled();
    expect(root.classList.contains("naga-large")).toBe(true);
    model.push("size", "huge"); // never sent by Python: drawn as normal
    expect(root.classList.contains("naga-large")).toBe(false);
  });

  it("keeps the drawer closed at first: a tab opens it, Hide closes it", () => {
    const { q, click } = mount("rich");
    const panels = () => ["log", "changes", "hint", "details"].filter((t) => !q(`tabpanel-${t}`).hidden);
    expect(panels()).toEqual([]);
    expect(q("tab-hide")).toBeNull();
    expect(q("log").textContent.length).toBeGreaterThan(0); // drawn, only hidden
    click("tab-hint");
    expect(panels()).toEqual(["hint"]);
    expect(q("tab-hint").getAttribute("aria-selected")).toBe("true");
    click("tab-log");
    expect(panels()).toEqual(["log"]);
    click("tab-hide");
    expect(panels()).toEqual([]);
    expect(q("tab-log").getAttribute("aria-selected")).toBe("false");
  });

  it("draws tiles with their corridors, the trap, amulets and reached spaces", () => {
    const { f, q } = mount("rich");
    const gold = q("temple-gold");
    const spaces = gold.querySelectorAll(":scope svg > .naga-space");
    f.board.temples[0].spaces.forEach((tile, i) => {
      const g = spaces[i];
      if (!tile) {
        expect(g.classList.contains("naga-tile")).toBe(false);
        return;
      }
      expect(g.classList.contains("naga-trap")).toBe(Boolean(tile.trap));
      expect(g.classList.contains("naga-reached")).toBe(Boolean(tile.reached));
      const corridors = g.querySelectorAll(".naga-corridor").length;
      expect(corridors).toBe(tile.openings.length ? tile.openings.length + 1 : 0); // + the hub
      expect(g.querySelectorAll(".naga-amulet").length).toBe(tile.amulet ? 1 : 0);
      if (tile.trap) {
        expect(g.textContent).toContain("trap");
        expect(g.querySelectorAll(".naga-trap-x")).toHaveLength(2);
      }
    });
    expect(f.board.trap).not.toBe("side");
  });

  it("marks a face-up cursed relic with ☠ and shows a remembered one dimmed with an eye", () => {
    const { f, el } = mount("rich");
    const board = f.board;
    let cursedUp = 0;
    let remembered = 0;
    board.temples.forEach((t) => {
      const slots = el.querySelectorAll(`[data-testid="temple-${t.name}"] .naga-slot`);
      t.relics.forEach((r, i) => {
        const g = slots[i];
        if (r.up && r.relic.startsWith("c")) {
          cursedUp++;
          expect(g.textContent).toContain("☠");
          expect(g.classList.contains("naga-slot-cursed")).toBe(true);
        }
        if (r.up && r.relic.startsWith("s")) expect(g.textContent).toContain(r.relic.slice(1));
        if (r.remembered) {
          remembered++;
          expect(g.querySelector(".naga-eye")).not.toBeNull();
          expect(g.querySelector(".naga-relic-dim")).not.toBeNull();
        }
        if (!r.up && !r.relic) {
          expect(g.textContent.replace(/\s/g, "")).toBe(`relicslot${r.slot}:facedown`);
        }
      });
    });
    expect(cursedUp).toBeGreaterThan(0);
    expect(remembered).toBeGreaterThan(0);
  });

  it("never shows the opponent's hidden cards, only their number and the known ones", () => {
    const { f, q, el } = mount("call");
    const me = f.menu.player;
    const opp = f.board.players[1 - me];
    expect(opp.hand).toBeNull();
    const hidden = f.secret.hands[1 - me].filter((c) => !opp.known_cards.includes(c));
    expect(hidden.length).toBeGreaterThan(0);
    for (const c of hidden) expect(el.innerHTML).not.toContain(c);
    const hand = q(`hand-${1 - me}`);
    expect(hand.textContent).toContain(`${opp.hand_count} cards`);
    for (const c of opp.known_cards) expect(hand.textContent).toContain(c);
    expect(hand.querySelectorAll(".naga-card-back")).toHaveLength(opp.hand_count - opp.known_cards.length);
    // my own hand is face up, with stick symbols and effect names
    const mine = q(`hand-${me}`);
    for (const c of f.board.players[me].hand) {
      expect(mine.textContent).toContain(c);
      const info = catalog.cards[c];
      expect(mine.textContent).toContain(`${info.count}× ${info.stick}`);
      expect(mine.textContent).toContain(info.name);
    }
  });

  it("keeps hidden relics hidden from a spectator", () => {
    const { f, el } = mount("rich_spectator");
    const shown = f.board.temples.flatMap((t) => t.relics.filter((r) => r.relic).length);
    const faces = el.querySelectorAll(".naga-slot-faceup, .naga-relic-dim");
    expect(shown.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(faces.length).toBeLessThanOrEqual(shown.reduce((a, b) => a + b, 0) * 2);
    expect(el.querySelector('[data-testid="actions"]').textContent).not.toContain("decides");
  });

  it("counts cursed relics face up against the catalog's limit (R7.1.1)", () => {
    const { f, q } = mount("rich");
    const p = f.board.players.find((pl) => pl.cursed_up > 0);
    const chip = [...q(`player-${p.player}`).querySelectorAll(".naga-chip")].find((n) => n.textContent.startsWith("☠"));
    expect(chip.textContent).toBe(`☠ ${p.cursed_up}/3`);
    expect(chip.getAttribute("title")).toBe("cursed relics face up (3 lose, R7.1.1)");
    expect(q(`score-${p.player}`).getAttribute("title")).toBe("a score of 25 or more wins (R7.1.2)");
    const other = mount("rich", { catalog: { ...catalog, limits: { cursed_limit: 4, target_score: 30 } } });
    const chip4 = [...other.q(`player-${p.player}`).querySelectorAll(".naga-chip")].find((n) =>
      n.textContent.startsWith("☠"),
    );
    expect(chip4.textContent).toBe(`☠ ${p.cursed_up}/4`);
    expect(other.q(`score-${p.player}`).getAttribute("title")).toContain("30 or more");
  });

  it("shows sticks with their faces, fate totals, scores, supply and counts", () => {
    const { f, q } = mount("confront");
    const p = f.board.players[f.menu.player];
    const sticks = q(`sticks-${p.player}`);
    expect(sticks.querySelectorAll(".naga-chip")).toHaveLength(p.sticks.length);
    expect(sticks.textContent).toContain("teal N");
    expect(q(`fate-${p.player}`).textContent).toBe(String(p.fate));
    for (const player of f.board.players) {
      expect(q(`score-${player.player}`).textContent).toContain(`relics ${player.relic_points}`);
    }
    expect(q("supply").textContent).toContain(`brown ${f.board.supply.brown}`);
    expect(q("deck").textContent).toContain(String(f.board.deck_count));
    expect(q("discard").textContent).toContain(String(f.board.discard.length));
    expect(q("offered").textContent).toContain(f.board.offered.room);
    expect(q("step-name").textContent).toBe("Confrontation (R4.2)");
  });

  it("writes the event log with the rule id of every entry, newest first", () => {
    const { f, q } = mount("confront");
    const items = q("log").querySelectorAll("li");
    expect(f.events.length).toBe(20);
    expect(items).toHaveLength(f.events.length);
    const last = f.events.at(-1);
    expect(items[0].querySelector(".naga-rule").textContent).toBe(last.rule);
    expect(items[0].textContent).toContain(last.text);
    for (const li of items) expect(li.querySelector(".naga-rule").textContent).toMatch(/^(R\d(\.\d)*|E\d\d)$/);
  });

  it("shows the outcome when the game is over, with no action to take", () => {
    const { q } = mount("over");
    expect(q("step-name").textContent).toMatch(/^Game over \(R7\): gold wins/);
    expect(q("actions").textContent).toContain("Game over");
    expect(q("confirm")).toBeNull();
    expect(q("tl-forward").disabled).toBe(true);
    expect(q("fork")).toBeNull();
  });

  it("shows errors in an alert", () => {
    const { model, q } = mount("call");
    expect(q("message").textContent).toBe("");
    model.push("status", { ...model.get("status"), message: { level: "error", text: "illegal (R4.1)" } });
    expect(q("message").getAttribute("role")).toBe("alert");
    expect(q("message").textContent).toContain("illegal (R4.1)");
  });

  it("redraws when Python changes a trait", () => {
    const { model, q, el } = mount("call");
    expect(q("step-name").textContent).toBe("Call of Fate (R4.1)");
    const next = fixture("place");
    model.push("board", next.board);
    model.push("menu", next.menu);
    expect(q("step-name").textContent).toBe("Exploration (R4.3)");
    expect(el.querySelector(`[data-testid^="space-"]`)).not.toBeNull();
    model.push("events", [{ step: 1, rule: "R9.9", kind: "x", text: "a fresh event" }]);
    expect(q("log").textContent).toContain("a fresh event");
    expect(q("log").textContent).toContain("R9.9");
  });

  it("reports its render times when the page asks for them", () => {
    globalThis.__nagaRenderTimes = [];
    try {
      const { model } = mount("call");
      model.push("status", { ...model.get("status") });
      expect(globalThis.__nagaRenderTimes).toHaveLength(2);
      expect(globalThis.__nagaRenderTimes.every((t) => typeof t === "number" && t >= 0)).toBe(true);
    } finally {
      delete globalThis.__nagaRenderTimes;
    }
  });

  it("copes with empty traits", () => {
    const { el } = mount("call", { board: {}, menu: {}, timeline: {}, events: [], status: {} });
    expect(el.textContent).toContain("No board to show");
  });

  // How fast a redraw is: `npx vitest bench --run` (make bench) prints it; a test only checks what is drawn.
  it("redraws a typical board from known templates", () => {
    const f = fixture("confront");
    const view = viewState({ catalog, ...f });
    const box = document.createElement("div");
    litRender(widgetTemplate(view), box); // the first draw builds the DOM
    for (let i = 0; i < 50; i++) litRender(widgetTemplate({ ...view, board: { ...f.board, round: i } }), box);
    expect(box.querySelector('[data-testid="table"]').textContent).toContain("Round49");
  });

  it("patches the DOM on a redraw instead of rebuilding it", () => {
    const { model, q, el } = mount("confront");
    const f = fixture("confront");
    const pass = q("pass");
    const boardSvg = el.querySelector("svg.naga-board");
    for (let i = 0; i < 10; i++) model.push("board", { ...f.board, round: f.board.round + (i % 2) + 1 });
    expect(q("pass")).toBe(pass);
    expect(el.querySelector("svg.naga-board")).toBe(boardSvg);
    expect(q("table").textContent).toContain(`Round${f.board.round + 2}`);
  });
});

describe("the call (R4.1)", () => {
  it("toggles cards and sends the call of one group, sorted", () => {
    const { f, q, click, intents, model } = mount("call");
    const group = listed(f.menu).groups.find((g) => g.length >= 2);
    expect(q("confirm").disabled).toBe(true);
    click(`card-${group[1]}`);
    click(`card-${group[0]}`);
    expect(q(`card-${group[0]}`).getAttribute("aria-pressed")).toBe("true");
    expect(q("confirm").disabled).toBe(false);
    click("confirm");
    const sent = intents();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "play", action: `call ${[group[0], group[1]].sort().join(" ")}` });
    expect(sent[0].id).toBeGreaterThan(0);
    expect(model.save_changes).toHaveBeenCalledTimes(1);
  });

  it("cannot confirm cards of two stick types", () => {
    const { f, q, click, intents } = mount("call");
    const [a, b] = listed(f.menu).groups;
    click(`card-${a[0]}`);
    click(`card-${b[0]}`);
    expect(q("confirm").disabled).toBe(true);
    expect(q("call-warning")).not.toBeNull();
    click("confirm");
    expect(intents()).toHaveLength(0);
    click(`card-${b[0]}`); // untoggle
    expect(q("confirm").disabled).toBe(false);
    expect(q(`card-${b[0]}`).getAttribute("aria-pressed")).toBe("false");
  });

  it("keeps a menu inactive while can_play is false (a past step, not forked)", () => {
    const { f, el, q } = mount("branches");
    expect(f.menu.phase).toBe("give"); // Python sends the menu; the timeline says no play here
    expect(f.timeline.can_play).toBe(false);
    expect(el.querySelectorAll('[data-testid^="give-"]')).toHaveLength(0);
    expect(q("confirm")).toBeNull();
  });

  it("only offers cards of the menu, and nothing while browsing the past", () => {
    const { f, el, q } = mount("call", { timeline: { ...fixture("call").timeline, can_play: false, at_end: false } });
    expect(el.querySelectorAll('[data-testid^="card-"]')).toHaveLength(0);
    expect(q("confirm")).toBeNull();
    expect(q("actions").textContent).toContain("looking at a past step");
    void f;
  });

  it("numbers intents after the last acknowledged one", () => {
    const base = fixture("call");
    const { f, click, intents } = mount("call", { status: { ...base.status, ack: 41 } });
    click(`card-${listed(f.menu).groups[0][0]}`);
    click("confirm");
    expect(intents().map((i) => i.id)).toEqual([42]);
  });

  it("sends one play until Python answers, then allows the next", () => {
    const { f, q, click, intents, model } = mount("call");
    click(`card-${listed(f.menu).groups[0][0]}`);
    click("confirm");
    expect(q("pending")).not.toBeNull();
    expect(q("confirm")).toBeNull();
    // the timeline stays usable meanwhile
    expect(q("tl-slider")).not.toBeNull();
    // Python rejects it: the message changes, the choice is still there to correct
    model.push("status", {
      ...model.get("status"),
      ack: intents()[0].id,
      message: { level: "error", text: "no (R4.1)" },
    });
    expect(q("pending")).toBeNull();
    expect(q(`card-${listed(f.menu).groups[0][0]}`).getAttribute("aria-pressed")).toBe("true");
    click("confirm");
    expect(intents().map((i) => i.id)).toEqual([1, 2]);
  });
});

/** The payments the menu offers for `card`. */
function paysOf(menu, card) {
  return [
    ...new Set(
      listed(menu)
        .invokes.filter((i) => i[0] === card)
        .map((i) => i[1]),
    ),
  ];
}

/** Choose the payment: a click where the card has several; where it has one, the view chose it already. */
function choosePay(menu, card, pay, q, click) {
  if (paysOf(menu, card).length > 1) click(`pay-${pay}`);
  else {
    expect(q(`pay-${pay}`)).toBeNull();
    expect(q("actions").textContent).toContain("Paying");
  }
}

describe("the confrontation (R4.2)", () => {
  const effectCard = (menu, effect) => listed(menu).invokes.find(([c]) => catalog.cards[c].effect === effect);

  it("passes", () => {
    const { click, intents } = mount("confront");
    click("pass");
    expect(intents()).toEqual([expect.objectContaining({ type: "play", action: "pass" })]);
  });

  it("builds an E07 invoke: card, payment, two slots (buttons and board), confirm", () => {
    const { f, q, click, intents, el } = mount("confront");
    const [card, pay] = effectCard(f.menu, "E07");
    click(`card-${card}`);
    expect(q("pass")).toBeNull();
    choosePay(f.menu, card, pay, q, click);
    expect(q("confirm").disabled).toBe(true);
    // every first token is offered as a button and, being a slot, on the board
    expect(el.querySelectorAll('[data-testid^="target-"]')).toHaveLength(18);
    const slot = q("slot-gold-W0");
    expect(slot.getAttribute("role")).toBe("button");
    expect(slot.getAttribute("tabindex")).toBe("0");
    expect(slot.getAttribute("aria-label")).toContain("gold temple");
    slot.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(q("chosen-tokens").textContent).toBe("gold:W0");
    // every other slot of the same temple remains
    const next = [...el.querySelectorAll('[data-testid^="target-"]')].map((n) => n.dataset.testid);
    expect(next).toEqual(["W2", "W1", "N0", "N1", "N2", "E0", "E1", "E2"].map((s) => `target-gold:${s}`));
    expect(q("slot-silver-W2")).toBeNull();
    click("target-gold:N1");
    expect(q("confirm").disabled).toBe(false);
    click("confirm");
    expect(intents()).toEqual([
      expect.objectContaining({ type: "play", action: `invoke ${card} ${pay} gold:W0 gold:N1` }),
    ]);
  });

  it("lets E06 confirm one relic, or go on to a second with the keyboard on the board", () => {
    const { f, q, click, intents } = mount("confront");
    const [card, pay, set] = effectCard(f.menu, "E06");
    const singles = listed(f.menu).target_sets[set].filter((t) => !t.includes(" "));
    click(`card-${card}`);
    choosePay(f.menu, card, pay, q, click);
    click(`target-${singles[0]}`);
    expect(q("confirm").disabled).toBe(false);
    const [temple, slot] = singles[1].split(":");
    const node = q(`slot-${temple}-${slot}`);
    node.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(q("chosen-tokens").textContent).toBe(`${singles[0]} ${singles[1]}`);
    click("confirm");
    expect(intents().at(-1).action).toBe(`invoke ${card} ${pay} ${singles[0]} ${singles[1]}`);
  });

  it("makes E11 spaces clickable on the board (Space key too)", () => {
    const { f, q, click, intents } = mount("confront");
    const [card, pay, set] = effectCard(f.menu, "E11");
    click(`card-${card}`);
    choosePay(f.menu, card, pay, q, click);
    const [temple, space] = listed(f.menu).target_sets[set][0].split(":");
    q(`space-${temple}-${space}`).dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    click("confirm");
    expect(intents().at(-1).action).toBe(`invoke ${card} ${pay} ${temple}:${space}`);
  });

  it("offers stick targets (E03) as buttons only, never as board spaces", () => {
    const { f, q, click, intents, el } = mount("confront_small");
    const [card, pay, set] = effectCard(f.menu, "E03");
    click(`card-${card}`);
    choosePay(f.menu, card, pay, q, click);
    const tokens = listed(f.menu).target_sets[set];
    expect(tokens.some((t) => /:\d$/.test(t))).toBe(true); // e.g. violet:1
    expect(el.querySelectorAll('svg [role="button"]')).toHaveLength(0);
    for (const t of tokens) expect(q(`target-${t}`)).not.toBeNull();
    click(`target-${tokens[0]}`);
    click("confirm");
    expect(intents().at(-1).action).toBe(`invoke ${card} ${pay} ${tokens[0]}`);
  });

  it("sends an E12 invoke without target", () => {
    const { f, q, click, intents } = mount("confront_small");
    const [card, pay] = effectCard(f.menu, "E12");
    click(`card-${card}`);
    choosePay(f.menu, card, pay, q, click);
    expect(q("confirm").disabled).toBe(false);
    click("confirm");
    expect(intents().at(-1).action).toBe(`invoke ${card} ${pay}`);
  });

  it("goes back a level and cancels the whole choice", () => {
    const { f, q, click, intents } = mount("confront");
    const [card, pay] = effectCard(f.menu, "E07");
    click(`card-${card}`);
    choosePay(f.menu, card, pay, q, click);
    click("target-gold:W0");
    click("back");
    expect(q("chosen-tokens")).toBeNull();
    expect(q("target-gold:W2")).not.toBeNull();
    click("back");
    // back to the payment, or to the cards when the card has one payment only (chosen for the person)
    if (paysOf(f.menu, card).length > 1) {
      expect(q(`pay-${pay}`)).not.toBeNull();
      click("cancel");
    }
    expect(q("pass")).not.toBeNull();
    expect(intents()).toHaveLength(0);
  });
});

describe("the placement (R4.3) and the New Deal (R4.4)", () => {
  it("places the room: a legal space on the board, a rotation, a preview, confirm", () => {
    const { f, q, click, intents, el } = mount("place");
    const temple = f.board.temples[f.menu.player].name;
    const spaces = [...new Set(listed(f.menu).places.map((p) => p[0]))];
    const clickable = [...el.querySelectorAll('[data-testid^="space-"]')].map((n) => n.dataset.testid);
    expect(clickable.sort()).toEqual(spaces.map((s) => `space-${temple}-${s}`).sort());
    const s = spaces.at(-1);
    click(`space-${temple}-${s}`);
    const rots = listed(f.menu)
      .places.filter((p) => p[0] === s)
      .map((p) => p[1]);
    for (const k of rots) expect(q(`rotation-${k}`)).not.toBeNull();
    click(`rotation-${rots.at(-1)}`);
    expect(q(`rotation-${rots.at(-1)}`).getAttribute("aria-pressed")).toBe("true");
    expect(el.querySelector(".naga-preview")).not.toBeNull();
    click("confirm");
    expect(intents().at(-1)).toMatchObject({ type: "play", action: `place ${s} rot${rots.at(-1)}` });
  });

  it("offers only the cards of the menu", () => {
    const base = fixture("give").menu;
    const { f, el } = mount("give", { menu: { ...base, choices: base.choices.slice(0, 1) } });
    expect([...el.querySelectorAll('[data-testid^="give-"]')].map((n) => n.dataset.card)).toEqual(
      listed(f.menu).gives.slice(0, 1),
    );
    const { choices, ...noGives } = base;
    void choices;
    const none = mount("give", { menu: noGives });
    expect(none.el.querySelectorAll('[data-testid^="give-"]')).toHaveLength(0);
  });

  it("gives one of the drawn cards", () => {
    const { f, q, click, intents } = mount("give");
    expect(q("confirm").disabled).toBe(true);
    for (const c of f.board.drawn) expect(q(`give-${c}`)).not.toBeNull();
    click(`give-${listed(f.menu).gives[1]}`);
    click("confirm");
    expect(intents().at(-1)).toMatchObject({ type: "play", action: `give ${listed(f.menu).gives[1]}` });
  });
});

describe("the timeline", () => {
  /** Python's answer to a goto: the cursor at `to`, the intent acknowledged (`statusFirst`: the
   * traits set in the other order, as some managers do); then the view's microtask runs. */
  async function answer(model, intent, statusFirst = false) {
    const timeline = { ...model.get("timeline"), step: intent.to, at_end: intent.to === model.get("timeline").last };
    const status = { ...model.get("status"), ack: intent.id };
    if (statusFirst) model.push("status", status);
    model.push("timeline", timeline);
    if (!statusFirst) model.push("status", status);
    await Promise.resolve();
  }

  it("sends goto from the slider and the buttons, each stamped with the step and branch shown", async () => {
    const { f, q, click, model, intents } = mount("branches");
    const slider = q("tl-slider");
    expect(Number(slider.max)).toBe(f.timeline.last);
    expect(Number(slider.value)).toBe(f.timeline.step);
    slider.value = "2";
    slider.dispatchEvent(new Event("change", { bubbles: true }));
    for (const id of ["tl-start", "tl-forward", "tl-end", "tl-back"]) {
      await answer(model, intents().at(-1));
      click(id);
    }
    await answer(model, intents().at(-1));
    const last = f.timeline.last;
    const branch = f.timeline.branch;
    expect(intents().map(({ id, ...rest }) => rest)).toEqual([
      { type: "goto", to: 2, step: f.timeline.step, branch },
      { type: "goto", to: 0, step: 2, branch },
      { type: "goto", to: 1, step: 0, branch },
      { type: "goto", to: last, step: 1, branch },
      { type: "goto", to: last - 1, step: last, branch },
    ]);
    const ids = intents().map((i) => i.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows each step while the slider is dragged, with one goto in flight, to the latest step wanted", async () => {
    const { q, model, intents } = mount("branches");
    const slider = q("tl-slider");
    for (const v of ["1", "2", "3", "4"]) {
      slider.value = v;
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    }
    expect(intents().map((i) => i.to)).toEqual([1]); // the others wait for the answer
    expect(Number(q("tl-slider").value)).toBe(4); // the slider stays where it is dragged
    expect(q("tl-position").textContent).toContain(`step ${fixture("branches").timeline.step} /`); // the step drawn
    await answer(model, intents()[0]);
    expect(intents().map((i) => i.to)).toEqual([1, 4]); // straight to the latest wish
    await answer(model, intents()[1]);
    expect(intents()).toHaveLength(2);
    expect(Number(q("tl-slider").value)).toBe(4);
  });

  it("never drops a press of a held arrow key: the presses add up to the step wanted", async () => {
    const { f, el, model, intents, q } = mount("branches");
    const root = el.querySelector('[data-testid="root"]');
    for (let i = 0; i < 3; i++) root.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    expect(intents().map((i) => i.to)).toEqual([f.timeline.step - 1]);
    expect(Number(q("tl-slider").value)).toBe(f.timeline.step - 3);
    await answer(model, intents()[0]);
    expect(intents().map((i) => i.to)).toEqual([f.timeline.step - 1, f.timeline.step - 3]);
  });

  it("gives up a step that Python refused instead of asking again", async () => {
    const { q, model, intents } = mount("branches");
    const slider = q("tl-slider");
    slider.value = "1";
    slider.dispatchEvent(new Event("input", { bubbles: true }));
    model.push("status", {
      ...model.get("status"),
      ack: intents()[0].id,
      message: { level: "error", text: "ignored" },
    });
    await Promise.resolve();
    expect(intents()).toHaveLength(1);
    expect(Number(q("tl-slider").value)).toBe(model.get("timeline").step);
  });

  it("stamps the next goto with the step of the whole answer, whatever order its traits arrive in", async () => {
    const { q, model, intents } = mount("branches");
    const slider = q("tl-slider");
    for (const v of ["1", "3"]) {
      slider.value = v;
      slider.dispatchEvent(new Event("input", { bubbles: true }));
    }
    await answer(model, intents()[0], true); // status (with the ack) before the timeline
    expect(intents().map((i) => [i.to, i.step])).toEqual([
      [1, fixture("branches").timeline.step],
      [3, 1],
    ]);
  });

  it("answers the arrow, Home and End keys on the widget, not in a form field", async () => {
    const { el, q, model, intents } = mount("branches");
    const root = el.querySelector('[data-testid="root"]');
    expect(root.tabIndex).toBe(0);
    for (const key of ["ArrowLeft", "ArrowRight", "Home", "End"]) {
      root.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      await answer(model, intents().at(-1));
    }
    const { last, step } = fixture("branches").timeline;
    expect(intents().map((i) => i.to)).toEqual([step - 1, step, 0, last]);
    q("tl-slider").dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    q("branch-select").dispatchEvent(new KeyboardEvent("keydown", { key: "Home", bubbles: true }));
    expect(intents()).toHaveLength(4);
  });

  it("switches branch and forks", () => {
    const { f, q, click, intents } = mount("branches");
    const select = q("branch-select");
    expect(select.options).toHaveLength(f.timeline.branches.length);
    select.value = "0";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    click("fork");
    const at = { step: f.timeline.step, branch: f.timeline.branch };
    expect(intents().map(({ id, ...rest }) => rest)).toEqual([
      { type: "branch", index: 0, ...at },
      { type: "fork", ...at },
    ]);
    expect(q("confirm")).toBeNull(); // in the past, not armed: no play
  });

  it("shows an armed fork with Cancel, and lets the viewer play from there", () => {
    const { q, click, intents } = mount("fork_armed");
    expect(q("fork")).toBeNull();
    expect(q("fork-armed")).not.toBeNull();
    expect(q("confirm")).not.toBeNull(); // can_play: the give menu is active
    click("unfork");
    expect(intents().at(-1).type).toBe("unfork");
  });

  it("has no branch selector with a single branch", () => {
    const { q } = mount("call");
    expect(q("branch-select")).toBeNull();
    expect(q("fork")).toBeNull(); // at the end of the line
  });
});

describe("hot-seat and cleanup", () => {
  it("hides the boards behind the pass-the-device screen, and reveal sends the intent", () => {
    const { f, q, el, click, intents } = mount("hotseat");
    expect(q("screen").textContent).toContain(`Pass the device to ${f.status.screen.name}`);
    expect(el.querySelector("svg.naga-board")).toBeNull();
    expect(q("actions")).toBeNull();
    expect(q("log")).toBeNull();
    click("reveal");
    expect(intents()).toEqual([expect.objectContaining({ type: "reveal" })]);
  });

  it("hides the board even if a board is still in the traits", () => {
    const base = fixture("call");
    const { q, el } = mount("call", {
      status: { ...base.status, screen: { kind: "pass_device", player: 1, name: "silver" } },
    });
    expect(el.querySelector("svg.naga-board")).toBeNull();
    expect(q("confirm")).toBeNull();
    expect(q("reveal")).not.toBeNull();
  });

  it("removes every model and DOM listener", () => {
    const { model, el, cleanup, intents } = mount("call");
    expect(model.listenerCount()).toBe(TRAITS.length + 1); // and the size
    const root = el.querySelector('[data-testid="root"]');
    cleanup();
    expect(model.listenerCount()).toBe(0);
    expect(model.off).toHaveBeenCalledTimes(TRAITS.length + 1);
    for (const name of [...TRAITS, "size"])
      expect(model.off).toHaveBeenCalledWith(`change:${name}`, expect.any(Function));
    expect(el.classList.contains("naga-host")).toBe(false);
    // nothing reacts any more
    root.querySelector("button")?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
    expect(intents()).toHaveLength(0);
    expect(el.querySelector('[data-testid="root"]')).toBeNull();
  });
});

// The widget in remote mode (remote.js, lobby.js): a WebSocket to the class server, stood in for by a
// fake socket, and the same view drawing the traits the server sends.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BACKOFF_MS,
  Connection,
  RemoteModel,
  SEAT_KEY,
  blockedReason,
  serverAddress,
  socketUrl,
  stateHelp,
  stateText,
  storedSeat,
} from "../src/remote.js";
import { CLOCK_TICK_MS, clockFace, matchText, renderRemote, seatsText, tableClocks } from "../src/lobby.js";
import source from "../src/index.js";
import { catalog, fixture, listed } from "./fixtures.js";

/** A stand-in for the browser's WebSocket: the test opens it, feeds it messages and closes it. */
class FakeSocket {
  static all = [];
  constructor(url) {
    this.url = url;
    this.sent = [];
    this.closed = false;
    FakeSocket.all.push(this);
  }
  send(text) {
    if (this.closed) throw new Error("closed");
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.closed = true;
  }
  // the server's side
  open() {
    this.onopen?.();
  }
  receive(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(reason = "") {
    this.closed = true;
    this.onclose?.({ reason });
  }
  static last() {
    return FakeSocket.all[FakeSocket.all.length - 1];
  }
}

/** localStorage's interface over a Map. */
function memoryStorage() {
  const map = new Map();
  return {
    map,
    getItem: (k) => (map.has(k) ? map.get(k) : null),
    setItem: (k, v) => map.set(k, String(v)),
    removeItem: (k) => map.delete(k),
  };
}

/** Timers the test runs by hand: `timers.due` lists the delays asked for, `timers.run()` fires them. */
function manualTimers() {
  const pending = [];
  const t = {
    due: [],
    setTimeout: (fn, ms) => {
      pending.push(fn);
      t.due.push(ms);
      return pending.length;
    },
    clearTimeout: () => {},
    run: () => {
      while (pending.length) pending.shift()();
    },
  };
  return t;
}

function connect(options = {}) {
  const timers = manualTimers();
  const storage = options.storage ?? memoryStorage();
  const c = new Connection({
    url: "http://class.example:8765",
    code: "K3Y",
    name: "Ada",
    storage,
    WebSocket: FakeSocket,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    ...options,
  });
  return { c, timers, storage };
}

const WELCOME = { type: "welcome", player: 7, name: "Ada", bot: false, credential: "s3cret-seat", version: 1 };
const LOBBY = {
  type: "lobby",
  players: [
    { id: 7, name: "Ada", bot: false, online: true },
    { id: 8, name: "Grace", bot: false, online: true },
    { id: 9, name: "Linus", bot: false, online: false },
  ],
  challenges: [{ id: 3, from: 8, to: 7 }],
  matches: [
    {
      id: 5,
      seats: [
        { name: "Grace", kind: "person" },
        { name: "Linus's bot", kind: "bot" },
      ],
      step: 12,
      over: false,
    },
  ],
};

/** The traits of a fixture, as a full view of the server sends them. */
function viewOf(name, match = 5, stamp = 4, seat = 0) {
  const f = fixture(name, { raw: true });
  const traits = { catalog, board: f.board, menu: f.menu, timeline: f.timeline, events: f.events, status: f.status };
  return {
    type: "view",
    match,
    seat,
    stamp,
    full: true,
    traits,
    table: { seats: [{ name: "Ada" }, { name: "Grace" }] },
  };
}

afterEach(() => {
  FakeSocket.all = [];
  document.body.innerHTML = "";
});

describe("the server's address", () => {
  it("is made a WebSocket address ending in /ws", () => {
    expect(socketUrl("http://h:8765")).toBe("ws://h:8765/ws");
    expect(socketUrl("https://hub.example/services/naga/")).toBe("wss://hub.example/services/naga/ws");
    expect(socketUrl("ws://h:1/ws")).toBe("ws://h:1/ws");
    expect(socketUrl("http://h/x?token=1#y")).toBe("ws://h/x/ws");
    expect(socketUrl("/naga", "https://page.example/lab")).toBe("wss://page.example/naga/ws");
    expect(serverAddress("wss://hub.example/services/naga/ws")).toBe("https://hub.example/services/naga/");
  });

  it("refuses what is not one, saying so", () => {
    expect(() => socketUrl("ftp://h")).toThrow(/not a server address.*ftp/);
    expect(() => socketUrl("http://[", "about:blank")).toThrow(/not a server address/);
  });
});

describe("the connection", () => {
  it("joins with the code and the name, and keeps the seat it is given", () => {
    const onSeat = vi.fn();
    const { c, storage } = connect({ onSeat });
    const states = [];
    c.on("state", (s) => states.push(s));
    c.start();
    const ws = FakeSocket.last();
    expect(ws.url).toBe("ws://class.example:8765/ws");
    ws.open();
    expect(ws.sent).toEqual([{ type: "hello", code: "K3Y", name: "Ada" }]);
    ws.receive(WELCOME);
    expect(c.state).toBe("online");
    expect(states).toEqual(["connecting", "online"]);
    expect(stateText(c)).toBe("Connected to http://class.example:8765/ as Ada");
    const seat = { credential: "s3cret-seat", player: 7, name: "Ada" };
    expect(JSON.parse(storage.getItem(`${SEAT_KEY}ws://class.example:8765/ws`))).toEqual(seat);
    expect(onSeat).toHaveBeenCalledWith(seat);
  });

  it("says it cannot reach the server, and tries again later and later, resuming its seat", () => {
    const { c, timers } = connect();
    c.start();
    FakeSocket.last().open();
    FakeSocket.last().receive(WELCOME);
    const model = c.open(5);
    expect(FakeSocket.last().sent.at(-1)).toEqual({ type: "open", match: 5 });
    FakeSocket.last().drop();
    expect(c.state).toBe("offline");
    expect(stateText(c)).toBe("Cannot reach the server at http://class.example:8765/ (retrying…)");
    for (let i = 0; i < BACKOFF_MS.length + 1; i++) {
      timers.run(); // a new socket, never opened
      FakeSocket.last().drop();
    }
    expect(timers.due).toEqual([...BACKOFF_MS, BACKOFF_MS.at(-1), BACKOFF_MS.at(-1)]);
    expect(c.state).toBe("offline");
    timers.run();
    const ws = FakeSocket.last();
    ws.open();
    expect(ws.sent).toEqual([{ type: "hello", credential: "s3cret-seat" }]); // the stored seat
    ws.receive({ ...WELCOME, credential: undefined });
    expect(c.state).toBe("online");
    expect(ws.sent.at(-1)).toEqual({ type: "open", match: 5 }); // the table opens again
    expect(c.models.get(5)).toBe(model);
    FakeSocket.last().drop();
    expect(timers.due.at(-1)).toBe(BACKOFF_MS[0]); // welcomed: the delays start over
  });

  it("joins anew when the server does not know the seat kept (a new class database)", () => {
    const storage = memoryStorage();
    storage.setItem(`${SEAT_KEY}ws://class.example:8765/ws`, JSON.stringify({ credential: "old", name: "Ada" }));
    const { c } = connect({ storage });
    c.start();
    const ws = FakeSocket.last();
    ws.open();
    expect(ws.sent[0]).toEqual({ type: "hello", credential: "old" });
    ws.receive({ type: "refused", code: "credential", reason: "unknown credential", rule: null, request: "hello" });
    expect(ws.sent[1]).toEqual({ type: "hello", code: "K3Y", name: "Ada" });
    expect(storage.map.size).toBe(0);
  });

  it("stops, and says why, when the server refuses its hello", () => {
    const { c, timers } = connect({ code: "WRONG" });
    c.start();
    FakeSocket.last().open();
    FakeSocket.last().receive({ type: "refused", code: "credential", reason: "wrong join code", request: "hello" });
    FakeSocket.last().drop();
    expect(c.state).toBe("refused");
    expect(stateText(c)).toBe("The server at http://class.example:8765/ refused: wrong join code");
    expect(timers.due).toEqual([]); // no retry
  });

  it("stops when the server refuses the page's origin", () => {
    const { c, timers } = connect();
    c.start();
    FakeSocket.last().open();
    FakeSocket.last().receive({
      type: "refused",
      code: "origin",
      reason: "a page of this origin may not connect",
      request: "?",
    });
    FakeSocket.last().drop();
    expect(c.state).toBe("refused");
    expect(stateText(c)).toMatch(/refused: a page of this origin may not connect/);
    expect(timers.due).toEqual([]);
  });

  it("says what to check when it cannot reach the server, naming this page's origin", () => {
    const page = { protocol: "http:", origin: "http://127.0.0.1:8000" };
    const { c, timers } = connect({ page });
    expect(stateHelp(c)).toBeNull(); // idle: nothing to check
    c.start();
    FakeSocket.last().drop();
    expect(c.state).toBe("offline");
    expect(stateText(c)).toBe("Cannot reach the server at http://class.example:8765/ (retrying…)");
    const help = stateHelp(c);
    expect(help).toMatch(/runs at this address \(naga-widget serve prints it\)/);
    expect(help).toMatch(/no firewall in between\. If it runs/); // no certificate to check for ws:
    expect(help).toMatch(/naga-widget serve --origin http:\/\/127\.0\.0\.1:8000\.$/);
    const secure = connect({ url: "https://class.example/naga/", page }).c;
    secure.start();
    FakeSocket.last().drop();
    expect(stateHelp(secure)).toMatch(/a certificate the browser trusts/);
    // the server's own page is always let in: no origin to allow
    const own = connect({ page: { protocol: "http:", origin: "http://class.example:8765" } }).c;
    own.start();
    FakeSocket.last().drop();
    expect(stateHelp(own)).toMatch(/no firewall in between\.$/);
    // back: nothing to check any more
    timers.run();
    FakeSocket.last().open(); // the new socket of `c`
    FakeSocket.last().receive(WELCOME);
    expect(c.state).toBe("online");
    expect(stateHelp(c)).toBeNull();
  });

  it("names the origin the teacher must allow when the server refuses this page's", () => {
    const page = { protocol: "https:", origin: "https://class.github.io" };
    const { c, timers } = connect({ url: "https://class.example/", page });
    c.start();
    FakeSocket.last().open();
    FakeSocket.last().receive({ type: "refused", code: "origin", reason: "a page of this origin may not connect" });
    expect(c.state).toBe("refused");
    expect(stateHelp(c)).toBe(
      "This page is of https://class.github.io: the teacher starts the server with naga-widget serve --origin " +
        'https://class.github.io (docs/server.md, "Origins").',
    );
    expect(timers.due).toEqual([]);
    // a wrong code needs no origin: nothing more to say than the refusal
    const wrong = connect({ code: "WRONG" }).c;
    wrong.start();
    FakeSocket.last().open();
    FakeSocket.last().receive({ type: "refused", code: "credential", reason: "wrong join code", request: "hello" });
    expect(stateHelp(wrong)).toBeNull();
  });

  it("does not try a plain ws: socket from a page of https:, and says why", () => {
    const page = { protocol: "https:", origin: "https://class.github.io" };
    expect(blockedReason("ws://10.0.0.5:8765/ws", page)).toMatch(/served over https.*http:\/\/10\.0\.0\.5:8765\//);
    expect(blockedReason("wss://class.example/ws", page)).toBeNull();
    expect(blockedReason("ws://127.0.0.1:8765/ws", page)).toBeNull(); // this machine: allowed
    expect(blockedReason("ws://localhost:8765/ws", page)).toBeNull();
    expect(blockedReason("ws://10.0.0.5:8765/ws", { protocol: "http:", origin: "http://h" })).toBeNull();
    const { c, timers } = connect({ url: "http://10.0.0.5:8765", page });
    c.start();
    expect(FakeSocket.all).toEqual([]); // no socket at all
    expect(c.state).toBe("blocked");
    expect(stateText(c)).toMatch(/^Cannot connect to http:\/\/10\.0\.0\.5:8765\/: this page is served over https/);
    expect(stateHelp(c)).toMatch(/https: address/);
    expect(timers.due).toEqual([]);
  });

  it("stops when the browser refuses to open the socket (SecurityError)", () => {
    class Refusing {
      constructor() {
        throw Object.assign(new Error("An insecure WebSocket connection may not be initiated"), {
          name: "SecurityError",
        });
      }
    }
    const { c, timers } = connect({ WebSocket: Refusing });
    c.start();
    expect(c.state).toBe("blocked");
    expect(stateText(c)).toMatch(/An insecure WebSocket connection may not be initiated/);
    expect(timers.due).toEqual([]);
  });

  it("keeps the seats of two names apart in one browser", () => {
    const storage = memoryStorage();
    storage.setItem(`${SEAT_KEY}ws://h/ws`, JSON.stringify({ credential: "ada's", name: "Ada" }));
    expect(storedSeat(storage, "ws://h/ws", "Ada").credential).toBe("ada's");
    expect(storedSeat(storage, "ws://h/ws", "Grace")).toBeNull();
    expect(storedSeat(storage, "ws://h/ws").credential).toBe("ada's");
    storage.setItem(`${SEAT_KEY}ws://h/ws`, "{not json");
    expect(storedSeat(storage, "ws://h/ws")).toBeNull();
  });
});

describe("a table's model", () => {
  function online() {
    const { c } = connect();
    c.start();
    FakeSocket.last().open();
    FakeSocket.last().receive(WELCOME);
    return { c, ws: FakeSocket.last() };
  }

  it("sets the traits of a view together, then tells each change", () => {
    const { c, ws } = online();
    const model = c.open(5);
    const seen = [];
    model.on("change:board", () => seen.push(["board", model.get("status")?.ack]));
    model.on("change:status", () => seen.push(["status", model.get("board")?.round]));
    const view = viewOf("call");
    ws.receive(view);
    expect(model.get("menu")).toEqual(view.traits.menu);
    expect(model.stamp).toBe(4);
    expect(model.seat).toBe(0);
    expect(seen).toEqual([
      ["board", view.traits.status.ack],
      ["status", view.traits.board.round],
    ]);
    ws.receive({ type: "view", match: 6, seat: 1, stamp: 9, traits: { board: {} } }); // another table
    expect(model.get("board")).toEqual(view.traits.board);
  });

  it("sends the view's intents with the last stamp, and shows a refusal as the view's error", () => {
    const { c, ws } = online();
    const model = c.open(5);
    ws.receive(viewOf("call"));
    model.set("intent", { id: 3, type: "play", action: "call b1" });
    model.save_changes();
    model.send({ id: 4, type: "goto", to: 0 });
    expect(ws.sent.slice(-2)).toEqual([
      { type: "intent", match: 5, stamp: 4, intent: { id: 3, type: "play", action: "call b1" } },
      { type: "intent", match: 5, stamp: 4, intent: { id: 4, type: "goto", to: 0 } },
    ]);
    const status = vi.fn();
    model.on("change:status", status);
    ws.receive({
      type: "refused",
      code: "stale",
      reason: "the match has moved on",
      rule: null,
      request: "intent",
      match: 5,
    });
    expect(status).toHaveBeenCalledTimes(1);
    expect(model.get("status").message).toEqual({ level: "error", text: "the match has moved on" });
    expect(model.get("status").ack).toBe(4);
    model.set("size", "large"); // the page's own setting: nothing is sent
    model.save_changes();
    expect(ws.sent).toHaveLength(4);
  });

  it("says so when an intent cannot be sent", () => {
    const { c, ws } = online();
    const model = c.open(5);
    ws.receive(viewOf("call"));
    ws.drop();
    model.send({ id: 9, type: "goto", to: 1 });
    expect(model.get("status").message.text).toMatch(/not connected to the server/);
    expect(model.get("status").ack).toBe(9);
  });
});

/** The remote widget in a fresh element, with a stand-in anywidget model. */
function mountRemote(remote, { kernel = null, storage = memoryStorage(), page = undefined } = {}) {
  const timers = manualTimers();
  const handlers = new Map();
  const model = {
    data: { remote, remote_state: {} },
    get: (name) => model.data[name],
    set: vi.fn((name, value) => (model.data[name] = value)),
    save_changes: vi.fn(),
    on: (event, cb) => handlers.set(event, [...(handlers.get(event) ?? []), cb]),
    off: (event, cb) =>
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((h) => h !== cb),
      ),
    send: vi.fn((content) => kernel?.(content, (answer) => handlers.get("msg:custom")?.forEach((h) => h(answer)))),
  };
  const el = document.createElement("div");
  document.body.appendChild(el);
  const options = {
    WebSocket: FakeSocket,
    storage,
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
    page,
  };
  const cleanup = renderRemote({ model, el, remote, options });
  const q = (id) => el.querySelector(`[data-testid="${id}"]`);
  const click = (id) => {
    const node = q(id);
    if (!node) throw new Error(`no element ${id}`);
    node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  };
  return { model, el, q, click, cleanup, timers, storage };
}

describe("the lobby and the table", () => {
  it("says under the bar what to check while the server cannot be reached", () => {
    const page = { protocol: "http:", origin: "http://127.0.0.1:8000" };
    const { q, cleanup } = mountRemote({ url: "http://class.example:8765", code: "K3Y", name: "Ada" }, { page });
    expect(q("remote-help")).toBeNull();
    FakeSocket.last().drop();
    expect(q("remote-status").getAttribute("data-state")).toBe("offline");
    expect(q("remote-status").textContent).toContain("Cannot reach the server at http://class.example:8765/");
    expect(q("remote-help").textContent).toContain("naga-widget serve --origin http://127.0.0.1:8000");
    cleanup();
  });

  it("shows who is there, challenges and accepts, and plays the match in the same view", () => {
    const { q, click, el, model, cleanup } = mountRemote({
      url: "http://class.example:8765",
      code: "K3Y",
      name: "Ada",
    });
    const ws = FakeSocket.last();
    expect(q("remote-status").textContent).toContain("Connecting to http://class.example:8765/");
    ws.open();
    ws.receive(WELCOME);
    ws.receive(LOBBY);
    expect(q("players").textContent).toContain("Ada (you)");
    expect(q("player-9").textContent).toContain("Linus (away)");
    expect(q("challenge-7")).toBeNull(); // not oneself
    expect(q("challenge-9")).toBeNull(); // nor someone away
    click("challenge-8");
    expect(ws.sent.at(-1)).toEqual({ type: "challenge", opponent: 8 });
    q("house-bot").value = "bot:greedy";
    click("challenge-bot");
    expect(ws.sent.at(-1)).toEqual({ type: "challenge", opponent: "bot:greedy" });
    expect(q("challenges").textContent).toContain("Grace challenges you");
    click("accept-3");
    expect(ws.sent.at(-1)).toEqual({ type: "accept", challenge: 3 });
    expect(q("matches").textContent).toContain("Grace vs Linus's bot (bot) — step 12");
    ws.receive({ type: "started", match: 6, seat: 0 });
    expect(ws.sent.at(-1)).toEqual({ type: "open", match: 6 });
    expect(q("table-6")).not.toBeNull();
    expect(q("root")).toBeNull(); // drawn once the first view came
    const view = viewOf("call", 6);
    ws.receive(view);
    expect(q("root")).not.toBeNull(); // the whole view of view.js
    expect(q("table-6").textContent).toContain("Table 6: gold: Ada · silver: Grace (you play gold)");
    const group = listed(fixture("call").menu).groups[0];
    click(`card-${group[0]}`);
    click("confirm");
    const sent = ws.sent.at(-1);
    expect(sent).toMatchObject({
      type: "intent",
      match: 6,
      stamp: 4,
      intent: { type: "play", action: `call ${group[0]}` },
    });
    expect(q("pending")).not.toBeNull();
    ws.receive({
      type: "view",
      match: 6,
      seat: 0,
      stamp: 5,
      traits: { status: { ...view.traits.status, ack: sent.intent.id } },
    });
    expect(q("pending")).toBeNull();
    expect(model.set).not.toHaveBeenCalled(); // no kernel to tell
    cleanup();
    expect(ws.sent.at(-1)).toEqual({ type: "leave", match: 6 });
    expect(ws.closed).toBe(true);
    expect(el.childElementCount).toBe(0);
  });

  it("opens again the table of its seat after a closed tab", () => {
    const storage = memoryStorage();
    storage.setItem(`${SEAT_KEY}ws://h:1/ws`, JSON.stringify({ credential: "c", player: 7, name: "Ada" }));
    const { q } = mountRemote({ url: "http://h:1" }, { storage });
    const ws = FakeSocket.last();
    ws.open();
    expect(ws.sent[0]).toEqual({ type: "hello", credential: "c" });
    ws.receive({ ...WELCOME, credential: undefined });
    const seats = [
      { name: "Ada", player: 7 },
      { name: "Grace", player: 8 },
    ];
    ws.receive({ ...LOBBY, matches: [{ id: 4, seats, step: 3, over: false }] });
    expect(ws.sent.at(-1)).toEqual({ type: "open", match: 4 });
    expect(q("close-4")).not.toBeNull();
  });

  it("knows its seats by player id, not by name: another Ada's table is one to watch, its own opens", () => {
    const { q } = mountRemote({ url: "http://h:1", code: "K3Y", name: "Ada" });
    const ws = FakeSocket.last();
    ws.open();
    ws.receive(WELCOME);
    const seats = [
      { name: "Ada", kind: "person", player: 12 },
      { name: "Grace", kind: "person", player: 8 },
    ];
    ws.receive({ ...LOBBY, matches: [{ id: 4, seats, step: 3, over: false }] });
    expect(ws.sent.filter((m) => m.type === "open")).toEqual([]); // not opened as if it were Ada's (7)
    expect(q("open-4").textContent.trim()).toBe("Watch");
    ws.receive({ ...LOBBY, matches: [{ id: 4, seats: [{ ...seats[0], player: 7 }, seats[1]], step: 3, over: false }] });
    expect(ws.sent.at(-1)).toEqual({ type: "open", match: 4 }); // now its own: opened to play
    expect(q("close-4")).not.toBeNull();
  });

  it("gives the teacher's lobby no challenge to make or answer, and words every challenge of the class", () => {
    const { q } = mountRemote({ url: "http://h:1", credential: "teacher-credential" });
    const ws = FakeSocket.last();
    ws.open();
    ws.receive({ type: "welcome", player: "teacher", name: "teacher", bot: false, version: 1 });
    ws.receive({
      ...LOBBY,
      challenges: [
        { id: 3, from: 8, to: 7 },
        { id: 4, from: 9, to: "bot:greedy" },
      ],
    });
    expect(q("teacher-note").textContent).toContain("You are the teacher");
    for (const id of ["challenge-7", "challenge-8", "challenge-bot", "challenge-clock", "house-bot"])
      expect(q(id)).toBeNull();
    for (const id of ["accept-3", "decline-3", "withdraw-3", "withdraw-4"]) expect(q(id)).toBeNull();
    expect(q("challenges").textContent).toContain("Grace challenges Ada");
    expect(q("challenges").textContent).not.toContain("You challenged");
    expect(q("open-5").textContent.trim()).toBe("Watch");
  });

  it("shows a clear message while the server cannot be reached", () => {
    const { q, timers } = mountRemote({ url: "https://class.example/naga", code: "K", name: "Ada" });
    FakeSocket.last().drop();
    const bar = q("remote-status");
    expect(bar.getAttribute("data-state")).toBe("offline");
    expect(bar.textContent.trim()).toBe("Cannot reach the server at https://class.example/naga/ (retrying…)");
    timers.run();
    FakeSocket.last().open();
    FakeSocket.last().receive(WELCOME);
    expect(q("remote-status").getAttribute("data-state")).toBe("online");
  });

  it("asks for a code and a name when it has neither, and joins with them", () => {
    const { q, el } = mountRemote({ url: "http://h:1" });
    expect(FakeSocket.all).toHaveLength(0);
    const form = q("join-form");
    form.querySelector('[name="code"]').value = "K3Y";
    form.querySelector('[name="name"]').value = " Ada ";
    form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    FakeSocket.last().open();
    expect(FakeSocket.last().sent[0]).toEqual({ type: "hello", code: "K3Y", name: "Ada" });
    expect(el.querySelector('[data-testid="join-form"]')).toBeNull();
  });

  it("gets a seat the kernel kept, and gives the kernel a new one", () => {
    const asked = [];
    const kernel = (content, answer) => {
      asked.push(content);
      if (content.kind === "naga-seat?") answer({ kind: "naga-seat", seat: { credential: "from-kernel" } });
    };
    const { model } = mountRemote({ url: "http://h:1", code: "K", name: "Ada", kernel: true }, { kernel });
    const ws = FakeSocket.last();
    ws.open();
    expect(ws.sent[0]).toEqual({ type: "hello", credential: "from-kernel" });
    ws.receive({ ...WELCOME, credential: "new-seat" });
    expect(asked.at(-1)).toEqual({
      kind: "naga-seat",
      url: "ws://h:1/ws",
      seat: { credential: "new-seat", player: 7, name: "Ada" },
    });
    expect(model.data.remote_state.state).toBe("online");
    expect(JSON.stringify(model.data)).not.toContain("new-seat"); // never in a trait
  });

  it("joins without the kernel's answer when it does not come", () => {
    const { timers } = mountRemote({ url: "http://h:1", code: "K", name: "Ada", kernel: true });
    expect(FakeSocket.all).toHaveLength(0);
    timers.run();
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("watches one table, and shows every table in the overview", () => {
    mountRemote({ url: "http://h:1", code: "K", name: "Eve", mode: "watch", match: 5 });
    let ws = FakeSocket.last();
    ws.open();
    ws.receive({ ...WELCOME, player: 10, name: "Eve" });
    expect(ws.sent.at(-1)).toEqual({ type: "open", match: 5 });
    const { q } = mountRemote({ url: "http://h:1", credential: "teacher-cred", mode: "overview" });
    ws = FakeSocket.last();
    ws.open();
    expect(ws.sent[0]).toEqual({ type: "hello", credential: "teacher-cred" });
    ws.receive({ ...WELCOME, player: "teacher", name: "teacher", credential: undefined });
    ws.receive({
      ...LOBBY,
      matches: [
        { id: 1, seats: [], step: 3, over: false },
        { id: 2, seats: [], step: 60, over: true },
        { id: 3, seats: [], step: 9, over: false },
      ],
    });
    expect(ws.sent.slice(-2)).toEqual([
      { type: "open", match: 1 },
      { type: "open", match: 3 },
    ]);
    expect(q("overview-count").textContent.replace(/\s+/g, " ").trim()).toBe("2 tables playing, 1 over");
    ws.receive(viewOf("rich_spectator", 3, 9, null));
    expect(q("table-3").textContent).toContain("(watching)");
    expect(q("table-3").querySelector('[data-testid="root"]')).not.toBeNull();
  });

  it("is what the widget draws when its `remote` trait names a server", () => {
    vi.stubGlobal("WebSocket", FakeSocket);
    try {
      const remote = { url: "http://h:1", code: "K", name: "A" };
      const model = { get: (n) => (n === "remote" ? remote : undefined), on: () => {}, off: () => {} };
      const el = document.createElement("div");
      const cleanup = source.render({ model, el });
      expect(el.querySelector('[data-testid="remote"]')).not.toBeNull();
      expect(FakeSocket.last().url).toBe("ws://h:1/ws");
      cleanup();
      expect(FakeSocket.last().closed).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("words the lobby's matches", () => {
    expect(
      matchText({
        seats: [
          { name: "A", kind: "person" },
          { name: "B", kind: "bot" },
        ],
        step: 3,
        over: false,
      }),
    ).toBe("A vs B (bot) — step 3");
    const result = { winner: 0, text: "gold wins (target_score)" };
    expect(matchText({ seats: [{ name: "A" }, { name: "B" }], step: 70, over: true, result })).toBe(
      "A vs B — over: gold wins (target_score)",
    );
    expect(seatsText([{ name: "A" }, { name: "B" }], ["sun", "moon"])).toBe("sun: A · moon: B");
  });
});

describe("a table's clocks", () => {
  const CHESS = {
    seats: [
      { name: "Ada", kind: "person", online: true },
      { name: "Grace", kind: "person", online: true },
    ],
    clock: { seat: 0, kind: "chess", seconds: 65 },
    game_seconds: [65, 300],
    running: 0,
    over: false,
    result: null,
  };

  it("words each seat's time for the game and the running clock, from the server's table", () => {
    expect([clockFace(0), clockFace(0.2), clockFace(59.95), clockFace(65), clockFace(1200), clockFace(-3)]).toEqual([
      "0:00",
      "0:01",
      "1:00",
      "1:05",
      "20:00",
      "0:00",
    ]);
    const shown = tableClocks(CHESS, ["gold", "silver"], 5000);
    expect(shown.games).toEqual([
      { seat: 0, text: "gold 1:00", running: true },
      { seat: 1, text: "silver 5:00", running: false }, // only the seat the server says runs counts down
    ]);
    expect(shown.move).toBeNull(); // the chess clock is the game clock already shown
    expect(shown.ticking).toBe(true);
    expect(shown.label).toBe("gold has 1:00 left for the game, running; silver has 5:00 left for the game");
    expect(tableClocks({ ...CHESS, running: 1 }, ["gold", "silver"], 5000).games[1].text).toBe("silver 4:55");
    const over = tableClocks({ ...CHESS, over: true }, ["gold", "silver"], 5000);
    expect(over.games.map((g) => g.text)).toEqual(["gold 1:05", "silver 5:00"]);
    expect(over.ticking).toBe(false);
    const none = tableClocks({ ...CHESS, clock: null, game_seconds: [null, null], running: null }, ["gold", "silver"]);
    expect(none).toEqual({ games: [], move: null, label: "", ticking: false });
    const bot = { ...CHESS, clock: { seat: 1, kind: "bot", seconds: 8 }, game_seconds: [null, null], running: null };
    expect(tableClocks(bot, ["gold", "silver"], 1000).move).toBe("silver (bot) has 0:07 for its move");
  });

  it("counts down in the page between two messages, and stops at 0:00", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      const { q, cleanup } = mountRemote({ url: "http://h:1", code: "K", name: "Ada", mode: "watch", match: 5 });
      const ws = FakeSocket.last();
      ws.open();
      ws.receive(WELCOME);
      ws.receive({ ...viewOf("call", 5), table: CHESS });
      const clocks = q("table-clocks");
      expect(clocks.hidden).toBe(false);
      expect(clocks.getAttribute("role")).toBe("timer");
      expect(q("game-clock-0").textContent).toBe("gold 1:05");
      expect(q("game-clock-0").hasAttribute("data-running")).toBe(true);
      expect(q("game-clock-1").textContent).toBe("silver 5:00");
      expect(q("game-clock-1").hasAttribute("data-running")).toBe(false);
      vi.advanceTimersByTime(5000);
      expect(q("game-clock-0").textContent).toBe("gold 1:00");
      expect(q("game-clock-1").textContent).toBe("silver 5:00");
      expect(clocks.getAttribute("aria-label")).toContain("gold has 1:00 left for the game, running");
      // the next message starts the count again from what it says: now silver's clock runs
      ws.receive({
        type: "view",
        match: 5,
        seat: 0,
        stamp: 5,
        traits: {},
        table: { ...CHESS, running: 1, game_seconds: [59, 300], clock: { seat: 1, kind: "chess", seconds: 300 } },
      });
      vi.advanceTimersByTime(3 * CLOCK_TICK_MS);
      expect(q("game-clock-0").textContent).toBe("gold 0:59");
      expect(q("game-clock-1").textContent).toBe("silver 5:00"); // 299.25 s, rounded up
      vi.advanceTimersByTime(10 * 60 * 1000);
      expect(q("game-clock-1").textContent).toBe("silver 0:00");
      expect(vi.getTimerCount()).toBe(0); // nothing runs any more
      cleanup();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says when a person who went away forfeits, and hides when the table has no clock", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    try {
      const { q, cleanup } = mountRemote({ url: "http://h:1", code: "K", name: "Ada", mode: "watch", match: 5 });
      const ws = FakeSocket.last();
      ws.open();
      ws.receive(WELCOME);
      const away = {
        ...CHESS,
        clock: { seat: 1, kind: "away", seconds: 100 },
        game_seconds: [null, null],
        running: null,
      };
      ws.receive({ ...viewOf("call", 5), table: away });
      expect(q("move-clock").textContent).toBe("silver is away: forfeits in 1:40");
      expect(q("table-clocks").getAttribute("aria-label")).toBe("Clocks: silver is away: forfeits in 1:40");
      vi.advanceTimersByTime(40 * 1000);
      expect(q("move-clock").textContent).toBe("silver is away: forfeits in 1:00");
      ws.receive({ type: "view", match: 5, seat: 0, stamp: 5, traits: {}, table: { ...away, clock: null } }); // back
      expect(q("move-clock")).toBeNull();
      expect(q("table-clocks").hidden).toBe(true);
      expect(vi.getTimerCount()).toBe(0);
      cleanup();
    } finally {
      vi.useRealTimers();
    }
  });

  it("lets a challenge ask for a chess clock, and says a challenge's clock", () => {
    const { q, click } = mountRemote({ url: "http://class.example:8765", code: "K3Y", name: "Ada" });
    const ws = FakeSocket.last();
    ws.open();
    ws.receive(WELCOME);
    ws.receive({ ...LOBBY, challenges: [{ id: 3, from: 8, to: 7, clock: 600 }] });
    expect(q("challenges").textContent).toContain("Grace challenges you (a clock of 10 minutes each)");
    const options = [...q("challenge-clock").options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ["", "as the class is set"],
      ["0", "no clock"],
      ["5", "5 minutes each"],
      ["10", "10 minutes each"],
      ["20", "20 minutes each"],
    ]);
    click("challenge-8");
    expect(ws.sent.at(-1)).toEqual({ type: "challenge", opponent: 8 }); // the class's clock, as the server is set
    q("challenge-clock").value = "10";
    click("challenge-8");
    expect(ws.sent.at(-1)).toEqual({ type: "challenge", opponent: 8, clock: 10 });
    q("house-bot").value = "bot:greedy";
    q("challenge-clock").value = "0";
    click("challenge-bot");
    expect(ws.sent.at(-1)).toEqual({ type: "challenge", opponent: "bot:greedy", clock: 0 });
  });
});

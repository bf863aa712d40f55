// remote.js — a table of the class server (docs/server.md): one WebSocket to the server (Connection),
// and per match a stand-in for the anywidget model (RemoteModel) with the few methods the view uses —
// get, set, on, off, save_changes, send — so that the whole view (view.js) draws a match the server
// holds, unchanged. The server sends each connection the traits its seat (or a spectator) may see, in
// `view` messages; the view's intents go back as `intent` messages, stamped with the last state stamp
// seen. Nothing here decides anything about the game.
//
// The connection keeps itself up: closed or never opened, it tries again after 0.5, 1, 2, 4, 8, then
// every 15 seconds, and resumes its seat with the seat credential, kept in the browser's localStorage
// under the server's address (and given to the kernel, which keeps it in a file, see widget/remote.py).
//
// The socket is the page's, never the kernel's: a JupyterLite kernel (Pyodide) cannot open one, and
// needs none. When the server cannot be reached, stateHelp says what to check, naming the address and
// this page's origin; a page of https: that may not open a plain ws: socket says so and does not try.

/** Milliseconds before each new try to reach the server; the last one repeats. */
export const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

/** The prefix of the localStorage keys of seats; the key ends with the server's WebSocket address. */
export const SEAT_KEY = "naga-widget:seat:";

/** The house bots a player may challenge (the server may offer others in its lobby message). */
export const HOUSE_BOTS = [
  { id: "bot:random", name: "Random" },
  { id: "bot:greedy", name: "Greedy" },
  { id: "bot:ismcts:200", name: "ISMCTS (200 simulations)" },
  { id: "bot:ismcts:1000", name: "ISMCTS (1000 simulations)" },
];

/**
 * The WebSocket address of a server given as `http(s)://host:port/path`, `ws(s)://…` or a path on the
 * page's own server: the scheme made ws/wss, `/ws` added to the path, no query or fragment.
 * @param {string} url
 * @param {string} [base] the page's address (for a relative `url`)
 */
export function socketUrl(url, base = globalThis.location?.href) {
  let u;
  try {
    u = new URL(String(url), base);
  } catch {
    throw new Error(`not a server address: ${JSON.stringify(url)} (give http://host:port or ws://host:port)`);
  }
  const schemes = { "http:": "ws:", "https:": "wss:", "ws:": "ws:", "wss:": "wss:" };
  if (!(u.protocol in schemes))
    throw new Error(`not a server address: ${JSON.stringify(url)} (http, https, ws or wss)`);
  u.protocol = schemes[u.protocol];
  if (!u.pathname.endsWith("/ws")) u.pathname = u.pathname.replace(/\/?$/, "/ws");
  u.search = "";
  u.hash = "";
  return u.toString();
}

/** The server's address as people read it (http or https, without the `/ws`). @param {string} socket */
export function serverAddress(socket) {
  const u = new URL(socket);
  u.protocol = u.protocol === "wss:" ? "https:" : "http:";
  u.pathname = u.pathname.replace(/\/ws$/, "/");
  return u.toString();
}

/** Is `hostname` this machine? (A browser lets even a page of https: open a plain ws: socket there.) */
function loopback(hostname) {
  const host = String(hostname).toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "[::1]";
}

/**
 * Why a page at `page` (its location: protocol, origin) may not open the socket `socket` at all, or
 * null: a page of https: may not open a plain ws: socket to another machine (mixed content).
 */
export function blockedReason(socket, page = globalThis.location) {
  if (page?.protocol !== "https:") return null;
  const u = new URL(socket);
  if (u.protocol !== "ws:" || loopback(u.hostname)) return null;
  return (
    `this page is served over https, and the browser does not let it open the plain (unencrypted) ` +
    `socket of ${serverAddress(socket)}`
  );
}

/** The browser's localStorage, or null where there is none or it refuses (a sandboxed frame). */
export function browserStorage() {
  try {
    const s = globalThis.localStorage;
    return s && typeof s.getItem === "function" ? s : null;
  } catch {
    return null;
  }
}

/**
 * The seat kept for this server, `{credential, player, name}`, or null. With `name`, only a seat of that
 * name (two people sharing a browser keep their own seats apart only by name).
 */
export function storedSeat(storage, socket, name = null) {
  if (!storage) return null;
  try {
    const seat = JSON.parse(storage.getItem(SEAT_KEY + socket) ?? "null");
    if (!seat || typeof seat.credential !== "string") return null;
    if (name && seat.name && seat.name !== name) return null;
    return seat;
  } catch {
    return null;
  }
}

export function storeSeat(storage, socket, seat) {
  try {
    if (seat) storage?.setItem(SEAT_KEY + socket, JSON.stringify(seat));
    else storage?.removeItem(SEAT_KEY + socket);
  } catch {
    // a full or refused storage: the seat is then kept by the kernel only
  }
}

/** A small event emitter: on / off / emit. */
class Events {
  constructor() {
    this.handlers = new Map();
  }
  on(event, cb) {
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(cb);
  }
  off(event, cb) {
    const list = this.handlers.get(event) ?? [];
    const i = list.indexOf(cb);
    if (i >= 0) list.splice(i, 1);
  }
  emit(event, ...args) {
    for (const cb of [...(this.handlers.get(event) ?? [])]) cb(...args);
  }
}

/**
 * The anywidget model's stand-in for one match of the server. `get` reads the traits last received;
 * the view's `set("intent")` + `save_changes()` and `send(intent)` become `intent` messages; `size` is
 * a setting of this page only. A refused intent shows as the view's error message (status.message),
 * acknowledged so that the view lets the person try again.
 */
export class RemoteModel extends Events {
  constructor(connection, match) {
    super();
    this.connection = connection;
    this.match = match;
    this.traits = { intent: {}, size: "normal" };
    this.dirty = new Set();
    this.stamp = null;
    this.seat = null;
    this.table = null; // the seats, their clocks and the result (the server's `table`)
    this.received = false; // a first view came
  }

  get(name) {
    return this.traits[name];
  }

  set(name, value) {
    const before = this.traits[name];
    this.traits[name] = value;
    this.dirty.add(name);
    if (before !== value) this.emit(`change:${name}`, { name, old: before, new: value });
  }

  save_changes() {
    const intent = this.dirty.has("intent") ? this.traits.intent : null;
    this.dirty.clear();
    if (intent) this.sendIntent(intent);
  }

  /** A custom message of the view (a goto while scrubbing): an intent like any other. */
  send(content) {
    this.sendIntent(content);
  }

  sendIntent(intent) {
    this.sentId = Math.max(this.sentId ?? 0, Number(intent?.id) || 0);
    const sent = this.connection.send({ type: "intent", match: this.match, stamp: this.stamp, intent });
    if (!sent)
      this.refused({ reason: "not connected to the server: nothing was sent (it reconnects by itself)" }, intent);
  }

  /** A `view` message: the traits that changed (all of them after an open), set together, then told. */
  receive(message) {
    if (Number.isInteger(message.stamp)) this.stamp = message.stamp;
    if ("seat" in message) this.seat = message.seat;
    if (message.table && typeof message.table === "object") this.table = message.table;
    const traits = message.traits && typeof message.traits === "object" ? message.traits : {};
    const changed = [];
    for (const [name, value] of Object.entries(traits)) {
      if (name === "intent" || name === "size") continue; // the page's own
      changed.push([name, this.traits[name], value]);
      this.traits[name] = value;
    }
    this.received = true;
    for (const [name, old, value] of changed) this.emit(`change:${name}`, { name, old, new: value });
    this.emit("view", message);
  }

  /**
   * The server refused an intent of this match (or it could not be sent): the view shows why, and every
   * intent sent so far counts as answered (a refusal does not say which it answers; the view's next
   * intent gets a new id and the present stamp).
   */
  refused(message, intent = null) {
    const status = this.traits.status ?? {};
    const rule = message.rule ? ` (${message.rule})` : "";
    const ack = Math.max(Number(status.ack) || 0, Number(intent?.id) || 0, this.sentId ?? 0);
    const text = `${message.reason ?? "refused by the server"}${rule}`;
    this.traits.status = { ...status, ack, message: { level: "error", text } };
    this.emit("change:status", { name: "status", new: this.traits.status });
  }
}

/**
 * One WebSocket to the class server. `state` is "idle" (not started), "connecting", "online" (welcomed),
 * "offline" (lost or never reached: it tries again by itself), "refused" (the server refused the
 * hello, a wrong code or credential, or the page's origin; no retry) or "blocked" (the browser does
 * not let this page open the socket: a page of https: and a ws: address; no try). `refusal` is the
 * code of the server's refusal. Events: "state", "lobby", "welcome", "refused" (a refusal of a lobby
 * request), "observe", "message".
 *
 * options: url, code, name, credential (a seat given by the kernel or by hand), storage (localStorage or
 * null), WebSocket (the constructor; the browser's by default), setTimeout / clearTimeout, onSeat (told
 * each new seat, to keep it elsewhere too), page (the page's location: protocol and origin; the
 * browser's by default).
 */
export class Connection extends Events {
  constructor(options) {
    super();
    this.socket = socketUrl(options.url);
    this.address = serverAddress(this.socket);
    this.code = options.code ?? null;
    this.name = options.name ?? null;
    this.storage = options.storage === undefined ? browserStorage() : options.storage;
    this.given = typeof options.credential === "string" && options.credential ? options.credential : null;
    this.WebSocket = options.WebSocket ?? globalThis.WebSocket;
    this.setTimeout = options.setTimeout ?? globalThis.setTimeout.bind(globalThis);
    this.clearTimeout = options.clearTimeout ?? globalThis.clearTimeout.bind(globalThis);
    this.onSeat = options.onSeat ?? null;
    this.page = options.page === undefined ? (globalThis.location ?? null) : options.page;
    this.state = "idle";
    this.attempts = 0; // tries since the last welcome
    this.reason = null; // why the state is offline, refused or blocked
    this.refusal = null; // the code of the server's refusal of the hello ("credential", "origin", ...)
    this.player = null; // {id, name} once welcomed
    this.lobby = null;
    this.models = new Map();
    this.ws = null;
    this.timer = null;
    this.usedCredential = false; // the hello in flight resumes a seat
    this.stopped = false;
  }

  /** The credential to resume with: given, else kept in this browser for this server (and name). */
  credential() {
    return this.given ?? storedSeat(this.storage, this.socket, this.name)?.credential ?? null;
  }

  /** Can it say hello: a seat to resume, or a code and a name to join with? */
  canJoin() {
    return !!(this.credential() || (this.code && this.name));
  }

  start() {
    this.stopped = false;
    if (this.ws || this.state === "online") return;
    this.connect();
  }

  close() {
    this.stopped = true;
    if (this.timer !== null) this.clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    try {
      ws?.close();
    } catch {
      // already closed
    }
    this.setState("idle");
  }

  setState(state, reason = this.reason) {
    this.reason = reason;
    if (this.state === state && state !== "offline") return;
    this.state = state;
    this.emit("state", state);
  }

  connect() {
    this.timer = null;
    if (this.stopped) return;
    const blocked = blockedReason(this.socket, this.page);
    if (blocked) return this.setState("blocked", blocked);
    if (this.state !== "offline") this.setState("connecting", null);
    let ws;
    try {
      ws = new this.WebSocket(this.socket);
    } catch (exc) {
      // the browser's own refusal (mixed content, a blocked port): trying again would change nothing
      if (exc?.name === "SecurityError") return this.setState("blocked", String(exc?.message ?? exc));
      this.retry(String(exc?.message ?? exc));
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      ws.send(JSON.stringify(this.hello()));
    };
    ws.onmessage = (event) => {
      if (this.ws === ws) this.receive(event.data);
    };
    ws.onerror = () => {}; // a close follows
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped || this.state === "refused") return;
      this.retry(event?.reason || null);
    };
  }

  hello() {
    const credential = this.credential();
    this.usedCredential = !!credential;
    if (credential) return { type: "hello", credential };
    return { type: "hello", code: this.code, name: this.name };
  }

  /** Lost or not reached: try again after the next delay of BACKOFF_MS. */
  retry(reason) {
    const delay = BACKOFF_MS[Math.min(this.attempts, BACKOFF_MS.length - 1)];
    this.attempts += 1;
    this.retryIn = delay;
    this.setState("offline", reason);
    this.timer = this.setTimeout(() => this.connect(), delay);
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return; // not ours
    }
    if (!message || typeof message !== "object") return;
    this.emit("message", message);
    const handler = {
      welcome: () => this.welcomed(message),
      lobby: () => {
        this.lobby = message;
        this.emit("lobby", message);
      },
      view: () => this.models.get(message.match)?.receive(message),
      refused: () => this.refusedBy(message),
      started: () => this.emit("started", message),
      observe: () => this.emit("observe", message),
    }[message.type];
    handler?.();
  }

  welcomed(message) {
    this.attempts = 0;
    this.player = { id: message.player, name: message.name ?? this.name };
    if (typeof message.credential === "string" && message.credential) {
      const seat = { credential: message.credential, player: message.player, name: message.name ?? this.name };
      storeSeat(this.storage, this.socket, seat);
      if (!this.given || this.given !== seat.credential) this.onSeat?.(seat);
      this.given = null;
    }
    this.setState("online", null);
    this.emit("welcome", message);
    for (const match of this.models.keys()) this.send({ type: "open", match });
  }

  refusedBy(message) {
    // the hello refused (a wrong code or credential), or the page's origin: the connection ends here
    if (message.request === "hello" || message.code === "origin") {
      // a seat this server does not know (a new class database): join anew when a code and name are here
      if (message.request === "hello" && this.usedCredential && this.code && this.name) {
        this.given = null;
        storeSeat(this.storage, this.socket, null);
        this.ws?.send(JSON.stringify(this.hello()));
        return;
      }
      this.refusal = typeof message.code === "string" ? message.code : null;
      this.setState("refused", message.reason ?? "the server refused to let this page in");
      try {
        this.ws?.close();
      } catch {
        // gone already
      }
      return;
    }
    const model = message.match !== undefined ? this.models.get(message.match) : null;
    if (model && message.request === "intent") model.refused(message);
    else this.emit("refused", message);
  }

  /** Send a message once welcomed; false when it cannot go now. */
  send(message) {
    if (!this.ws || this.state !== "online") return false;
    try {
      this.ws.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  /** The model of a match, opened on the server (again after each reconnection). */
  open(match) {
    let model = this.models.get(match);
    if (!model) {
      model = new RemoteModel(this, match);
      this.models.set(match, model);
      this.send({ type: "open", match });
    }
    return model;
  }

  /** Stop following a match (the server stops sending its views). */
  forget(match) {
    if (this.models.delete(match)) this.send({ type: "leave", match });
  }
}

/** Words for the connection's state, for the bar above the lobby and the game. */
export function stateText(connection) {
  const where = connection.address;
  switch (connection.state) {
    case "online":
      return `Connected to ${where} as ${connection.player?.name ?? "?"}`;
    case "connecting":
      return `Connecting to ${where}…`;
    case "offline":
      return `Cannot reach the server at ${where} (retrying…)`;
    case "refused":
      return `The server at ${where} refused: ${connection.reason}`;
    case "blocked":
      return `Cannot connect to ${where}: ${connection.reason}`;
    default:
      return connection.canJoin()
        ? `Not connected to ${where}`
        : `Join the class at ${where}: give the code and your name`;
  }
}

/** This page's origin (`http://127.0.0.1:8000`), or null where it has none (a file: page). */
function originOf(page) {
  const origin = page?.origin;
  return typeof origin === "string" && /^https?:\/\//.test(origin) ? origin : null;
}

/**
 * What to check when the server cannot be reached or refuses this page, in words naming this page's
 * origin; null when all is well (or there is nothing to check).
 */
export function stateHelp(connection) {
  const origin = originOf(connection.page);
  const allow = origin ? `naga-widget serve --origin ${origin}` : "naga-widget serve --origin";
  // a page of the server's own address is always let in: nothing to allow then
  const own = origin !== null && origin === new URL(connection.address).origin;
  switch (connection.state) {
    case "offline":
      return (
        `Check that the class server runs at this address (naga-widget serve prints it) and that this ` +
        `computer can reach it: the same network, no firewall in between` +
        `${connection.socket.startsWith("wss:") ? ", a certificate the browser trusts" : ""}.` +
        `${own ? "" : ` If it runs, the teacher may still have to let this page in: ${allow}.`}`
      );
    case "refused":
      return connection.refusal === "origin"
        ? `This page${origin ? ` is of ${origin}` : " has no origin the server can allow"}: the teacher starts ` +
            `the server with ${allow} (docs/server.md, "Origins").`
        : null;
    case "blocked":
      return (
        `Join with the server's https: address (the server behind a reverse proxy with TLS, docs/server.md), ` +
        `or open this notebook from a page of http:.`
      );
    default:
      return null;
  }
}

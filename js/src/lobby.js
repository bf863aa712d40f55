// lobby.js — the widget in remote mode (`naga_widget.join(url, ...)`, and the pages the class server
// serves): a bar that says whether the server can be reached, the lobby (who is there, challenges to a
// classmate or a house bot, the tables), and the game itself, drawn by the very same view (view.js)
// from a RemoteModel of remote.js. Three modes: "play" (the lobby and one table), "watch" (one table, as
// a spectator unless this player holds a seat there) and "overview" (every table of the class on one
// page, for the teacher's projector).
//
// Where the widget has a kernel (remote.kernel), the seat credential is also kept by the kernel, which
// gives it back on the next join (a restarted kernel in another browser); it never travels in a trait.

import { html, nothing, render as renderTemplate } from "lit-html";
import { render as renderView } from "./view.js";
import { Connection, HOUSE_BOTS, stateHelp, stateText } from "./remote.js";
import { DARK, LIGHT, pageIsDark, paletteCss } from "./theme.js";

/** How long the view waits for the kernel to give back a seat it kept, before joining without one. */
export const KERNEL_SEAT_MS = 1500;

/** How often a running clock of a table is drawn again (the time itself comes from the server). */
export const CLOCK_TICK_MS = 250;

/** The chess clocks a challenge may ask for (`clock`: each person's minutes; 0: none); "": the class's. */
export const CHALLENGE_CLOCKS = [
  { value: "", label: "as the class is set" },
  { value: "0", label: "no clock" },
  { value: "5", label: "5 minutes each" },
  { value: "10", label: "10 minutes each" },
  { value: "20", label: "20 minutes each" },
];

export const MODES = ["play", "watch", "overview"];

const CSS = `
.naga-remote{${paletteCss(LIGHT)};color:var(--naga-ink);background:var(--naga-bg);
  font:13px/1.4 var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);
  border:1px solid var(--naga-line);border-radius:10px;padding:8px 10px;box-sizing:border-box}
.naga-remote.naga-dark{${paletteCss(DARK)}}
.naga-remote *{box-sizing:border-box}
.naga-remote h3{margin:8px 0 4px;font-size:14px}
.naga-remote button,.naga-remote select,.naga-remote input{font:inherit;color:var(--naga-ink);
  background:var(--naga-button);
  border:1px solid var(--naga-buttonLine);border-radius:6px;padding:2px 8px}
.naga-remote button{cursor:pointer}
.naga-remote-bar{padding:4px 8px;border-radius:8px;border:1px solid var(--naga-line);background:var(--naga-panel)}
.naga-remote-bar[data-state=offline],.naga-remote-bar[data-state=refused],
.naga-remote-bar[data-state=blocked]{background:var(--naga-errorBg);
  border-color:var(--naga-errorLine);color:var(--naga-danger);font-weight:600}
.naga-remote-notice{margin:4px 0;color:var(--naga-danger)}
.naga-remote-help{margin:4px 0}
.naga-lobby{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:4px 16px;margin:6px 0}
.naga-lobby ul{list-style:none;margin:0;padding:0}
.naga-lobby li{display:flex;flex-wrap:wrap;gap:4px 8px;align-items:center;padding:2px 0}
.naga-away{color:var(--naga-muted)}
.naga-remote-form{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
.naga-remote-games{display:flex;flex-direction:column;gap:10px;margin-top:6px}
.naga-remote-overview .naga-remote-games{display:grid;grid-template-columns:repeat(auto-fill,minmax(640px,1fr))}
.naga-remote-table{margin:0 0 4px;font-weight:600}
.naga-remote-clocks{display:flex;flex-wrap:wrap;gap:2px 14px;margin:0 0 4px;font-size:12px;
  color:var(--naga-muted);font-variant-numeric:tabular-nums}
.naga-remote-clocks [data-running]{color:var(--naga-ink)}
`;

/** Words for a challenge's opponent: a player's name, or a house bot's. */
function opponentName(id, names) {
  if (typeof id === "string" && id.startsWith("bot:")) {
    const bot = HOUSE_BOTS.find((b) => b.id === id);
    if (bot) return `the house bot ${bot.name}`;
    const sims = /^bot:ismcts:(\d+)$/.exec(id);
    return sims ? `the house bot ISMCTS (${sims[1]} simulations)` : `the house bot ${id.slice(4)}`;
  }
  return names.get(id) ?? `player ${id}`;
}

/**
 * A match's seats (`[{name, kind}]`) in words: "Ada vs Greedy (bot)", or with the temples' names when
 * they are known (a table's catalog): "gold: Ada · silver: Greedy (bot)".
 */
export function seatsText(seats, temples = null) {
  if (!Array.isArray(seats)) return "";
  // a person's seat is their name; a network bot's says so (a house bot's name says it already)
  const named = seats.map((s) => `${s?.name ?? "?"}${s?.kind === "bot" ? " (bot)" : ""}`);
  return Array.isArray(temples) && temples.length === named.length
    ? named.map((n, i) => `${temples[i]}: ${n}`).join(" · ")
    : named.join(" vs ");
}

/** The words for a match of the lobby: its seats, its step, its result once over. */
export function matchText(match) {
  const words = typeof match.result === "string" ? match.result : match.result?.text;
  const result = match.over ? `over${typeof words === "string" && words ? `: ${words}` : ""}` : "";
  const step = Number.isInteger(match.step) ? `step ${match.step}` : "";
  return [seatsText(match.seats), match.over ? result : step].filter(Boolean).join(" — ");
}

/** Seconds on a clock face, m:ss, rounded up (0:00 only once the time is all gone). */
export function clockFace(seconds) {
  const s = Math.max(0, Math.ceil(Number(seconds) || 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The clocks of a table (the server's `table` message) `elapsedMs` after it came, in words: each seat's
 * time for the game (`game_seconds`, counting down for the seat the server says runs, `running`), and the
 * running `clock` when it is a bot's time for its move or the wait of a person who went away. The page
 * only counts down from what the server sent. `temples`: the seats' names.
 * Returns {games: [{seat, text, running}], move: text or null, label, ticking}.
 */
export function tableClocks(table, temples = [], elapsedMs = 0) {
  const gone = Math.max(0, Number(elapsedMs) || 0) / 1000;
  const live = !!table && !table.over;
  const name = (i) => temples?.[i] ?? `seat ${i}`;
  const games = [];
  (Array.isArray(table?.game_seconds) ? table.game_seconds : []).forEach((given, seat) => {
    if (typeof given !== "number") return;
    const running = live && table.running === seat;
    const left = Math.max(0, given - (running ? gone : 0));
    games.push({ seat, left, running, text: `${name(seat)} ${clockFace(left)}` });
  });
  const clock = live ? table.clock : null;
  let move = null;
  let moveLeft = 0;
  if (clock && typeof clock.seconds === "number" && (clock.kind === "away" || clock.kind === "bot")) {
    moveLeft = Math.max(0, clock.seconds - gone);
    move =
      clock.kind === "away"
        ? `${name(clock.seat)} is away: forfeits in ${clockFace(moveLeft)}`
        : `${name(clock.seat)} (bot) has ${clockFace(moveLeft)} for its move`;
  }
  const said = games.map(
    (g) => `${name(g.seat)} has ${clockFace(g.left)} left for the game${g.running ? ", running" : ""}`,
  );
  const label = [...said, ...(move ? [move] : [])].join("; ");
  const ticking = games.some((g) => g.running && g.left > 0) || (move !== null && moveLeft > 0);
  return { games: games.map(({ seat, text, running }) => ({ seat, text, running })), move, label, ticking };
}

/** A challenge's chess clock (`clock`: each person's seconds, null for none) in words. */
function clockWords(seconds) {
  return typeof seconds === "number" && seconds > 0
    ? ` (a clock of ${Number((seconds / 60).toFixed(2))} minutes each)`
    : "";
}

/** Does this player hold a seat of this match of the lobby? */
function seated(match, player) {
  if (!player || !Array.isArray(match?.seats)) return false;
  return match.seats.some((s) => s && s.player === player.id);
}

/** The remote widget in `el`: a Connection, the bar, the lobby and the tables. */
class RemoteShell {
  constructor(model, el, remote, options) {
    this.model = model;
    this.el = el;
    this.remote = remote;
    this.mode = MODES.includes(remote.mode) ? remote.mode : "play";
    this.kernel = !!remote.kernel && typeof model.send === "function";
    this.now = options.now ?? (() => Date.now());
    this.setInterval = options.setInterval ?? globalThis.setInterval.bind(globalThis);
    this.clearInterval = options.clearInterval ?? globalThis.clearInterval.bind(globalThis);
    this.notice = null; // the last refusal of a lobby request, in words
    this.games = new Map(); // match id → {host, view, model, cleanup}
    this.reported = "";
    this.root = document.createElement("div");
    this.root.className = `naga-remote naga-remote-${this.mode}`;
    this.root.setAttribute("data-testid", "remote");
    const style = document.createElement("style");
    style.textContent = CSS;
    this.top = document.createElement("div");
    this.list = document.createElement("div");
    this.list.className = "naga-remote-games";
    this.root.append(style, this.top, this.list);
    el.appendChild(this.root);
    this.root.classList.toggle("naga-dark", pageIsDark(el));
    this.connection = new Connection({
      url: remote.url,
      code: remote.code ?? null,
      name: remote.name ?? null,
      credential: remote.credential ?? null,
      // the overview is the teacher's: a student's seat kept in this browser is not used there
      storage: this.mode === "overview" ? null : options.storage,
      WebSocket: options.WebSocket,
      setTimeout: options.setTimeout,
      clearTimeout: options.clearTimeout,
      page: options.page,
      onSeat: (seat) => this.tellKernel(seat),
    });
    this.draw = this.draw.bind(this);
    this.onLobby = this.onLobby.bind(this);
    this.onStarted = (message) => this.mode !== "overview" && this.show(message.match);
    this.onWelcome = () => this.onConnected();
    this.onRefused = (message) => {
      // a refused intent is told by its table's view (the server sends its status with the message)
      if (message.request === "intent" && this.games.size) return;
      this.notice = message.reason ?? "refused by the server";
      this.draw();
    };
    this.onClick = this.onClick.bind(this);
    this.onSubmit = this.onSubmit.bind(this);
    this.connection.on("state", this.draw);
    this.connection.on("lobby", this.onLobby);
    this.connection.on("started", this.onStarted);
    this.connection.on("welcome", this.onWelcome);
    this.connection.on("refused", this.onRefused);
    this.top.addEventListener("click", this.onClick);
    this.top.addEventListener("submit", this.onSubmit);
    this.draw();
    this.begin(options.seatWaitMs ?? KERNEL_SEAT_MS);
  }

  /**
   * Ask the kernel for a seat (a moment at most), then connect, or wait for the form. A credential given
   * to `join` in Python comes first, then the seat this browser kept, then the one the kernel kept.
   */
  begin(waitMs) {
    const go = () => {
      if (this.destroyed) return;
      if (this.connection.canJoin()) this.connection.start();
      this.draw();
    };
    if (!this.kernel) return go();
    let timer = null;
    const onMsg = (content) => {
      if (content?.kind !== "naga-seat") return;
      this.model.off("msg:custom", onMsg);
      this.connection.clearTimeout(timer);
      const credential = content.seat?.credential;
      if (typeof credential === "string" && credential && (content.explicit || !this.connection.credential()))
        this.connection.given = credential;
      go();
    };
    this.model.on("msg:custom", onMsg);
    timer = this.connection.setTimeout(() => {
      this.model.off("msg:custom", onMsg);
      go();
    }, waitMs);
    this.model.send({ kind: "naga-seat?", url: this.connection.socket });
  }

  /** A new seat: the kernel keeps it too (a file of the user's), for a join from another browser. */
  tellKernel(seat) {
    if (this.kernel) this.model.send({ kind: "naga-seat", url: this.connection.socket, seat });
  }

  /** The kernel learns where the widget is (connected, as whom, which table): never a hidden fact. */
  report() {
    if (!this.kernel || typeof this.model.set !== "function") return;
    const shown = [...this.games.keys()];
    const c = this.connection;
    const state = { state: c.state, player: c.player?.id ?? null, name: c.player?.name ?? null, matches: shown };
    const text = JSON.stringify(state);
    if (text === this.reported) return;
    this.reported = text;
    this.model.set("remote_state", state);
    this.model.save_changes?.();
  }

  onConnected() {
    if (this.mode === "watch" && Number.isInteger(this.remote.match)) this.show(this.remote.match);
    this.draw();
  }

  onLobby(lobby) {
    const matches = Array.isArray(lobby.matches) ? lobby.matches : [];
    if (this.mode === "overview") {
      for (const m of matches) if (!m.over && Number.isInteger(m.id)) this.show(m.id);
    } else if (this.mode === "play" && this.games.size === 0) {
      // back after a closed tab or a restarted kernel: the table this player sits at opens again
      const mine = matches.filter((m) => !m.over && seated(m, this.connection.player));
      if (mine.length) this.show(mine[mine.length - 1].id);
    }
    this.draw();
  }

  /** Show a table: the only one ("play", "watch") or one more ("overview"). */
  show(match) {
    if (!Number.isInteger(match) || this.games.has(match)) return;
    if (this.mode !== "overview") for (const id of [...this.games.keys()]) this.hide(id);
    const model = this.connection.open(match);
    const host = document.createElement("section");
    host.className = "naga-remote-game";
    host.setAttribute("data-testid", `table-${match}`);
    const heading = document.createElement("p");
    heading.className = "naga-remote-table";
    heading.setAttribute("data-testid", "table-heading");
    const clocks = document.createElement("div");
    clocks.className = "naga-remote-clocks";
    clocks.setAttribute("data-testid", "table-clocks");
    clocks.setAttribute("role", "timer");
    clocks.hidden = true;
    const area = document.createElement("div");
    host.append(heading, clocks, area);
    this.list.appendChild(host);
    const game = { host, heading, clocks, area, model, cleanup: null, table: null, arrived: 0, tick: null };
    game.onView = () => {
      // the view needs the catalog from its first drawing: it is drawn once the first view came
      if (!game.cleanup && model.get("catalog")) game.cleanup = renderView({ model, el: area });
      const temples = model.get("status")?.names ?? model.get("catalog")?.temples ?? [];
      const seats = model.table?.seats ? `: ${seatsText(model.table.seats, temples)}` : "";
      const role =
        model.seat === 0 || model.seat === 1 ? ` (you play ${temples[model.seat] ?? model.seat})` : " (watching)";
      const result = model.table?.over ? matchText({ over: true, result: model.table.result }) : "";
      heading.textContent = `Table ${match}${seats}${role}${result ? ` — ${result}` : ""}`;
      game.table = model.table;
      game.temples = temples;
      game.arrived = this.now();
      this.drawClocks(game);
      this.report();
    };
    model.on("view", game.onView);
    this.games.set(match, game);
    if (model.received) game.onView();
    this.report();
  }

  /** A table's clocks, counted down from its last `table` message; ticks while one runs. */
  drawClocks(game) {
    const shown = tableClocks(game.table, game.temples, this.now() - game.arrived);
    const any = shown.games.length > 0 || shown.move !== null;
    game.clocks.hidden = !any;
    if (any) game.clocks.setAttribute("aria-label", `Clocks: ${shown.label}`);
    else game.clocks.removeAttribute("aria-label");
    renderTemplate(
      html`${shown.games.map(
        (g) => html`<span data-testid="game-clock-${g.seat}" ?data-running=${g.running}>${g.text}</span>`,
      )}${shown.move ? html`<span data-testid="move-clock" data-running>${shown.move}</span>` : nothing}`,
      game.clocks,
    );
    if (shown.ticking && game.tick === null) game.tick = this.setInterval(() => this.drawClocks(game), CLOCK_TICK_MS);
    else if (!shown.ticking) this.stopClocks(game);
  }

  stopClocks(game) {
    if (game.tick !== null) this.clearInterval(game.tick);
    game.tick = null;
  }

  hide(match) {
    const game = this.games.get(match);
    if (!game) return;
    this.stopClocks(game);
    game.model.off("view", game.onView);
    game.cleanup?.();
    game.host.remove();
    this.games.delete(match);
    this.connection.forget(match);
  }

  onClick(event) {
    const node = event.target?.closest?.("[data-remote]");
    if (!node || !this.top.contains(node)) return;
    const act = node.getAttribute("data-remote");
    const c = this.connection;
    this.notice = null;
    // a clock picked for the challenge: each person's minutes (none picked: the class's setting)
    const picked = this.top.querySelector('[data-testid="challenge-clock"]')?.value;
    const clock = picked ? { clock: Number(picked) } : {};
    if (act === "challenge")
      c.send({ type: "challenge", opponent: Number(node.getAttribute("data-player")), ...clock });
    else if (act === "challenge-bot") {
      const pick = this.top.querySelector('[data-testid="house-bot"]');
      if (pick?.value) c.send({ type: "challenge", opponent: pick.value, ...clock });
    } else if (act === "accept" || act === "decline")
      c.send({ type: act, challenge: Number(node.getAttribute("data-challenge")) });
    else if (act === "open") this.show(Number(node.getAttribute("data-match")));
    else if (act === "close") this.hide(Number(node.getAttribute("data-match")));
    this.draw();
  }

  /** The join form: a code and a name (or the teacher's credential), then connect. */
  onSubmit(event) {
    event.preventDefault();
    const form = event.target;
    const value = (name) => form.querySelector(`[name="${name}"]`)?.value?.trim() ?? "";
    const c = this.connection;
    if (value("credential")) c.given = value("credential");
    if (value("code")) c.code = value("code");
    if (value("name")) c.name = value("name");
    if (!c.canJoin()) {
      this.notice = "give the class's join code and your name";
      this.draw();
      return;
    }
    this.notice = null;
    c.start();
    this.draw();
  }

  draw() {
    if (this.destroyed) return;
    const c = this.connection;
    const help = stateHelp(c);
    renderTemplate(
      html`<div class="naga-remote-bar" role="status" aria-live="polite" data-testid="remote-status"
        data-state=${c.state}>
          ${stateText(c)}
        </div>
        ${help ? html`<p class="naga-remote-help" data-testid="remote-help">${help}</p>` : nothing}
        ${
          this.notice
            ? html`<p class="naga-remote-notice" role="alert" data-testid="remote-notice">${this.notice}</p>`
            : nothing
        }
        ${c.state === "idle" && !c.canJoin() ? this.form() : nothing}
        ${c.state === "online" && this.mode === "play" ? this.lobby() : nothing}
        ${c.state === "online" && this.mode === "overview" ? this.overviewLine() : nothing}`,
      this.top,
    );
    this.report();
  }

  form() {
    const teacher = this.mode === "overview";
    return html`<form class="naga-remote-form" data-testid="join-form">
      ${
        teacher
          ? html`<label>Teacher's credential <input name="credential" type="password" autocomplete="off" /></label>`
          : html`<label>Join code <input name="code" autocomplete="off" .value=${this.connection.code ?? ""} /></label>
            <label>Your name <input name="name" maxlength="40" .value=${this.connection.name ?? ""} /></label>`
      }
      <button type="submit" data-testid="join">Join</button>
    </form>`;
  }

  overviewLine() {
    const matches = this.connection.lobby?.matches ?? [];
    const over = matches.filter((m) => m.over).length;
    return html`<p data-testid="overview-count">
      ${matches.length - over} table${matches.length - over === 1 ? "" : "s"} playing, ${over} over
    </p>`;
  }

  lobby() {
    const c = this.connection;
    const lobby = c.lobby ?? {};
    const me = c.player;
    const players = Array.isArray(lobby.players) ? lobby.players : [];
    const names = new Map(players.map((p) => [p.id, p.name]));
    const challenges = Array.isArray(lobby.challenges) ? lobby.challenges : [];
    const matches = Array.isArray(lobby.matches) ? lobby.matches : [];
    // the teacher watches (every table whole) and challenges nobody: the server would refuse it
    const teacher = me?.id === "teacher";
    return html`<section class="naga-lobby" data-testid="lobby" aria-label="the class's lobby">
      <div>
        <h3>Who is here</h3>
        <ul data-testid="players">
          ${players.map(
            (p) =>
              html`<li data-testid="player-${p.id}">
                <span class=${p.online ? "" : "naga-away"}
                  >${p.name}${p.id === me?.id ? " (you)" : ""}${p.bot ? " (bot)" : ""}${p.online ? "" : " (away)"}</span
                >
                ${
                  !teacher && p.id !== me?.id && p.online
                    ? html`<button data-remote="challenge" data-player=${p.id} data-testid="challenge-${p.id}"
                        >Challenge</button>`
                    : nothing
                }
              </li>`,
          )}
        </ul>
        ${teacher ? this.teacherNote() : this.challengeForm()}
      </div>
      <div>
        <h3>Challenges</h3>
        <ul data-testid="challenges">
          ${challenges.length ? nothing : html`<li class="naga-away">none</li>`}
          ${challenges.map((ch) =>
            teacher
              ? html`<li>${opponentName(ch.from, names)} challenges ${opponentName(ch.to, names)}${clockWords(
                  ch.clock,
                )}</li>`
              : ch.to === me?.id
                ? html`<li>
                  ${opponentName(ch.from, names)} challenges you${clockWords(ch.clock)}
                  <button data-remote="accept" data-challenge=${ch.id} data-testid="accept-${ch.id}">Accept</button>
                  <button data-remote="decline" data-challenge=${ch.id} data-testid="decline-${ch.id}">Decline</button>
                </li>`
                : html`<li>
                  You challenged ${opponentName(ch.to, names)}${clockWords(ch.clock)}: waiting
                  <button data-remote="decline" data-challenge=${ch.id} data-testid="withdraw-${ch.id}"
                    >Withdraw</button>
                </li>`,
          )}
        </ul>
      </div>
      <div>
        <h3>Tables</h3>
        <ul data-testid="matches">
          ${matches.length ? nothing : html`<li class="naga-away">none yet</li>`}
          ${[...matches].reverse().map(
            (m) =>
              html`<li>
                ${m.id}. ${matchText(m)}
                ${
                  this.games.has(m.id)
                    ? html`<button data-remote="close" data-match=${m.id} data-testid="close-${m.id}">Close</button>`
                    : html`<button data-remote="open" data-match=${m.id} data-testid="open-${m.id}">
                      ${seated(m, me) && !m.over ? "Play" : "Watch"}
                    </button>`
                }
              </li>`,
          )}
        </ul>
      </div>
    </section>`;
  }

  /** A player's ways to challenge: a clock, a classmate (the buttons above) or a house bot. */
  challengeForm() {
    return html`<p>
          <label
            >Clock for a challenge:
            <select data-testid="challenge-clock">
              ${CHALLENGE_CLOCKS.map((o) => html`<option value=${o.value}>${o.label}</option>`)}
            </select></label
          >
        </p>
        <p>
          <label
            >A house bot:
            <select data-testid="house-bot">
              ${HOUSE_BOTS.map((b) => html`<option value=${b.id}>${b.name}</option>`)}
            </select></label
          >
          <button data-remote="challenge-bot" data-testid="challenge-bot">Challenge</button>
        </p>`;
  }

  /** What the teacher's lobby says where a player's has the challenge form. */
  teacherNote() {
    return html`<p data-testid="teacher-note">
      You are the teacher: open any table to watch it with every card face up. Challenges are the players'.
    </p>`;
  }

  destroy() {
    this.destroyed = true;
    for (const id of [...this.games.keys()]) this.hide(id);
    this.connection.off("state", this.draw);
    this.connection.off("lobby", this.onLobby);
    this.connection.off("started", this.onStarted);
    this.connection.off("welcome", this.onWelcome);
    this.connection.off("refused", this.onRefused);
    this.connection.close();
    this.top.removeEventListener("click", this.onClick);
    this.top.removeEventListener("submit", this.onSubmit);
    this.root.remove();
  }
}

/**
 * Draw the remote widget into `el`. `remote`: {url, code?, name?, credential?, mode?, match?, kernel?}.
 * `options` (tests): WebSocket, storage, setTimeout, clearTimeout, seatWaitMs, page. Returns the cleanup.
 */
export function renderRemote({ model, el, remote, options = {} }) {
  const shell = new RemoteShell(model, el, remote, options);
  return () => shell.destroy();
}

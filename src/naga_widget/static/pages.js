// pages.js — the class server's pages (naga_widget/server/pages.py): draws the widget's view in remote
// mode into <main id="naga">, with a stand-in for the anywidget model that holds only the server's
// address and the page's mode. Hand-written (not generated); the view itself is naga_widget.js.
// In Hub mode (data-hub) the page asks the server for its player's seat (hub/seat: the browser is logged
// in to the Hub), and with a league (data-league) it offers to submit the player's bot (league/submit);
// a Hub admin's lobby links the class overview (class).
import widget from "./naga_widget.js";

const main = document.getElementById("naga");
const base = new URL(main.dataset.base || "./", location.href);
const remote = { url: base.href, mode: main.dataset.mode || "play" };
if (main.dataset.match) remote.match = Number(main.dataset.match);

// the teacher's credential may come in the fragment (a browser never sends it to the server): taken,
// then removed from the address bar and the history
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.get("credential")) {
  remote.credential = fragment.get("credential");
  history.replaceState(null, "", location.pathname + location.search);
}

const model = {
  get: (name) => (name === "remote" ? remote : undefined),
  set() {},
  save_changes() {},
  on() {},
  off() {},
};

/** A line of words under the view (what the seat or a submission came to). */
function say(text, testid) {
  const p = document.createElement("p");
  p.dataset.testid = testid;
  p.textContent = text;
  main.after(p);
  return p;
}

/** The form that sends the source of the player's bot to the league, with their seat's credential. */
function submitForm(credential) {
  const form = document.createElement("form");
  form.dataset.testid = "league-submit";
  const label = document.createElement("label");
  label.textContent = "Your bot (one .py file): ";
  const file = document.createElement("input");
  file.type = "file";
  file.accept = ".py,text/x-python";
  label.append(file);
  const button = document.createElement("button");
  button.type = "submit";
  button.textContent = "Submit it to the league";
  const answer = document.createElement("output");
  form.append(label, " ", button, " ", answer);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!file.files?.length) {
      answer.textContent = "Choose the file of your bot first.";
      return;
    }
    answer.textContent = "Sending…";
    try {
      const reply = await fetch(new URL("league/submit", base), {
        method: "POST",
        headers: { Authorization: `Bearer ${credential}` },
        body: await file.files[0].text(),
      });
      const text = await reply.text();
      answer.textContent = reply.ok
        ? `Received: ${text}. The league rates it at its next run.`
        : text;
    } catch (err) {
      answer.textContent = `The server could not be reached: ${err}`;
    }
  });
  const section = document.createElement("section");
  const heading = document.createElement("h2");
  heading.textContent = "The league";
  const link = document.createElement("a");
  link.href = new URL("league/", base).href;
  link.textContent = "the leaderboard";
  section.append(heading, form, "See ", link, ".");
  main.after(section);
}

/** A Hub admin's lobby: the way to the class overview (the teacher's page, for the projector). */
function overviewLink() {
  const p = say("You are a teacher of this class: ", "overview-link");
  const link = document.createElement("a");
  link.href = new URL("class", base).href;
  link.textContent =
    "the class overview (every table, live, for the projector)";
  p.append(link, ".");
}

async function start() {
  if (main.dataset.hub) {
    try {
      const reply = await fetch(new URL("hub/seat", base), {
        credentials: "same-origin",
        cache: "no-store",
      });
      const seat = await reply.json();
      remote.credential = seat.credential;
      if (main.dataset.league && !seat.teacher) submitForm(seat.credential);
      if (seat.teacher && remote.mode === "play") overviewLink();
    } catch (err) {
      say(
        `The Hub did not give this page a seat (${err}): reload it, or log in to the Hub again.`,
        "hub-error",
      );
    }
  }
  widget.render({ model, el: main });
}

start();

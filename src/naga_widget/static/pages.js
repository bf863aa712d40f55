// pages.js — the class server's pages (naga_widget/server/pages.py): draws the widget's view in remote
// mode into <main id="naga">, with a stand-in for the anywidget model that holds only the server's
// address and the page's mode. Hand-written (not generated); the view itself is naga_widget.js.
import widget from "./naga_widget.js";

const main = document.getElementById("naga");
const remote = { url: new URL(main.dataset.base || "./", location.href).href, mode: main.dataset.mode || "play" };
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
widget.render({ model, el: main });

// index.js — the JavaScript view of the Naga Raja anywidget: the entry point that esbuild bundles
// (minified) into src/naga_widget/static/naga_widget.js, the one self-contained ES module anywidget
// loads (`npm run build`). It exports only the widget (`export default { render }`), as anywidget
// expects; the pure helpers are exported by their own modules, where the unit tests import them.
//
// Python holds the match and decides everything; this view only draws the synced traits (catalog,
// board, menu, timeline, events, status, chance, explain) and sends back intents (docs/widget-protocol.md). Every
// legal choice offered here comes from the `menu` trait: the view never works out legality itself.
//
// The modules: types.js (typedefs of the traits), geometry.js (openings, tiles, temple layout),
// text.js (step names, end reasons, limits and the fate standing from the catalog), tokens.js
// (relic/stick/target tokens, action texts), words.js (decisions and pieces in words), rules.js (rule
// ids and their texts), menu.js (choices of the menu, target order, intent ids), scrub.js (timeline
// moves coalesced to the latest step wanted), changes.js (what changed at a step), theme.js (light
// and dark colours, contrast), explain.js (the hint and a bot's reasons, the places they shade),
// watch.js (the controls of a watch of two bots), handlers.js (what each control does), styles.js (the CSS), svg.js /
// panels.js / actions.js / markup.js (the lit-html templates), focus.js (focus kept across redraws),
// keys.js (keys kept inside the widget), view.js (render, listeners, intents). In remote mode (the
// trait `remote` names a class server, `naga_widget.join`) the server holds the match instead:
// remote.js (the WebSocket and a model of each table for the same view), lobby.js (the lobby around it).

import { render as renderView } from "./view.js";
import { renderRemote } from "./lobby.js";

/** Draw the widget: the view of a match Python holds, or, in remote mode, the class server's lobby and tables. */
function render({ model, el }) {
  const remote = model.get("remote");
  if (remote && typeof remote === "object" && typeof remote.url === "string" && remote.url)
    return renderRemote({ model, el, remote });
  return renderView({ model, el });
}

export default { render };

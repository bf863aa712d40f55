// index.js — the JavaScript view of the Naga Raja anywidget: the entry point that esbuild bundles
// into src/naga_widget/static/naga_widget.js, the one self-contained ES module anywidget loads (`npm run build`).
//
// Python holds the match and decides everything; this view only draws the synced
// traits (catalog, board, menu, timeline, log, status) and sends back intents
// (docs/widget-protocol.md). Every legal choice offered here comes from the `menu`
// trait: the view never works out legality by itself.
//
// The modules: types.js (typedefs of the traits), geometry.js (openings, tiles, temple layout),
// text.js (escaping, step names), tokens.js (relic/stick/target tokens, action texts), menu.js
// (choices of the menu, intent ids, timeline keys), styles.js (the CSS), svg.js / panels.js /
// actions.js / markup.js (the HTML and SVG strings), view.js (render, listeners, intents).
// The pure helpers exported here need no DOM and are unit-tested.

export { DIRECTIONS, SLOT_ORDER, normalizeOpenings, rotateOpenings, tileGeometry, templeLayout } from "./geometry.js";
export { esc, stepName, outcomeText, stickSymbol } from "./text.js";
export {
  parseRelic,
  parseStick,
  tokenTarget,
  describeToken,
  callActionText,
  invokeActionText,
  placeActionText,
  giveActionText,
  splitTarget,
} from "./tokens.js";
export { callSelectionValid, expandMenu, invokeChoices, placeChoices, nextIntentId, timelineKeyIntent } from "./menu.js";
export { emptySelection, viewState, widgetMarkup } from "./markup.js";
export { TRAITS } from "./view.js";

import { render } from "./view.js";

export { render };
export default { render };

// styles.js — the widget's CSS, put in a <style> element by render(). The colours are the custom
// properties of theme.js (light, and dark under .naga-dark); JupyterLab's theme variables come first
// for the neutrals. Layout: the two temples side by side with the decision beside them when the widget
// is over 860 px wide, the side column no taller than one screen (boundedSide: the table fits a
// 1366×768 laptop's notebook area), below them under 860 px; where the widget itself is narrower than
// two temples (a container query), the temple of the player who decides comes first, the decision right
// under it, the other temple after. Large (a projector) puts the decision under the temples up to
// 1,400 px, so that both temples stand side by side. The container query needs size containment,
// which leaves the widget no width of its own: .naga-app gets a natural width (760 px) and the host
// element grows in a flex row (an ipywidgets HBox), so that the board never collapses there.

import { DARK, FIXED, LIGHT, paletteCss } from "./theme.js";

/**
 * The side column beside the temples, no taller than the window less the notebook's frame (100vh - 246
 * px, at least 420 px): the offered room keeps its height, the decision scrolls inside itself when it
 * is taller than the room left (its confirm row stays in view at its foot), and the open tab of the
 * drawer (at most 40% of that height) shares the rest with it, scrolling inside itself. So neither a
 * long decision nor an open tab makes the table taller than one screen: at 1366×768 it fits
 * JupyterLab's notebook area, at 1400×1000 a whole decision shows. `scope`: the roots it is for.
 */
function boundedSide(scope) {
  return `${scope} .naga-side{max-height:max(420px,calc(100vh - 246px))}
  ${scope} .naga-side>*{flex:none}
  ${scope} .naga-side>.naga-actions{flex:0 1 auto;min-height:150px;overflow:auto;overscroll-behavior:contain}
  ${scope} .naga-actions :is(.naga-foot,.naga-choice:has([data-testid="confirm"]):not(.naga-foot>*)){position:sticky;
    bottom:-6px;z-index:1;margin:6px -8px -6px;
    padding:6px 8px;background:var(--naga-panel);border-top:1px solid var(--naga-line);
      box-shadow:0 -6px 8px -6px rgba(0,0,0,.3)}
  ${scope} .naga-side>.naga-drawer-open{flex:0 1 auto;min-height:120px;max-height:max(160px,calc((100vh - 260px) * .4))}
  ${scope} .naga-tabpanel{flex:0 1 auto;min-height:0;max-height:none;overscroll-behavior:contain}`;
}

export const CSS = `
.naga-root{${paletteCss(LIGHT)};color-scheme:light;
  font:13px/1.4 var(--jp-ui-font-family,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);
  color:var(--naga-ink);background:var(--naga-bg);border:1px solid var(--naga-line);border-radius:10px;
  padding:8px 10px;max-width:1280px;outline:none;box-sizing:border-box;position:relative;
  --naga-fs:13px;--naga-fs-s:12px;--naga-fs-xs:11px;font-size:var(--naga-fs)}
.naga-root.naga-large{--naga-fs:18px;--naga-fs-s:16px;--naga-fs-xs:16px;max-width:none}
.naga-root.naga-dark{${paletteCss(DARK)};color-scheme:dark}
.naga-root *{box-sizing:border-box}
.naga-root:focus-visible{box-shadow:0 0 0 2px var(--naga-target)}
.naga-root h2,.naga-root h3,.naga-root h4{margin:0 0 6px;font-weight:600;color:var(--naga-ink)}
.naga-root h2{font-size:calc(var(--naga-fs) + 3px)}.naga-root h3{font-size:calc(var(--naga-fs) + 1px)}
  .naga-root h4{font-size:var(--naga-fs)}
.naga-root h2,.naga-root h3,.naga-root h4{line-height:1.3}
.naga-header{display:flex;flex-wrap:wrap;gap:2px 12px;align-items:center;margin-bottom:4px}
.naga-header h2{margin:0}
.naga-tools{margin-left:auto;display:inline-flex;gap:8px;align-items:center}
.naga-tools button{padding:1px 8px}
.naga-size select{font:inherit;color:var(--naga-ink);background:var(--naga-button);
  border:1px solid var(--naga-buttonLine);border-radius:6px}
.naga-turnbar{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:center;margin:0 0 6px;padding:4px 8px;
  background:var(--naga-panel);border:1px solid var(--naga-line);border-radius:8px}
.naga-turnbar .naga-step{font-weight:600;color:var(--naga-goldText)}
.naga-turnbar .naga-turn{font-weight:600}
.naga-scores{margin-left:auto;display:inline-flex;flex-wrap:wrap;gap:4px 12px}
.naga-score{border-radius:6px;padding:0 6px;border:1px solid var(--naga-line)}
.naga-score.naga-score-turn{box-shadow:0 0 0 2px var(--naga-reach)}
.naga-score-gold{border-left:5px solid var(--naga-gold)}.naga-score-silver{border-left:5px solid var(--naga-silver)}
.naga-cursed{color:var(--naga-danger);font-weight:600;margin-left:4px}
.naga-seed{font-size:var(--naga-fs-s);color:var(--naga-muted);border:1px dashed var(--naga-line);border-radius:6px;
  padding:0 6px;cursor:help}
.naga-muted{color:var(--naga-muted)}.naga-nowrap{white-space:nowrap}
.naga-guide{display:inline-block;vertical-align:-2px}.naga-icon{display:inline-block}
.naga-chip small{font-size:var(--naga-fs-xs);margin-left:3px}
.naga-message{min-height:0;margin:4px 0;border-radius:6px}
.naga-message:not(:empty){padding:6px 10px}
.naga-message.naga-error{background:var(--naga-errorBg);color:var(--naga-danger);border:1px solid var(--naga-errorLine);
  font-weight:600}
.naga-message.naga-info{background:var(--naga-infoBg);color:var(--naga-infoText);border:1px solid var(--naga-infoLine)}
.naga-app{container-type:inline-size;container-name:naga;contain-intrinsic-inline-size:760px}
.naga-host{flex-grow:1;min-width:min(100%,320px)}
.naga-table{display:grid;grid-template-columns:minmax(0,1fr) minmax(280px,min(440px,38%));gap:8px;align-items:start}
.naga-large .naga-table{grid-template-columns:minmax(0,1fr) minmax(360px,460px)}
.naga-left{display:flex;flex-direction:column;gap:6px;min-width:0}
.naga-boards{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:8px;align-items:start}
.naga-seat{display:flex;flex-direction:column;gap:4px;min-width:0}
.naga-side{min-width:0;display:flex;flex-direction:column;gap:6px}
.naga-temple{background:var(--naga-panel);border:1px solid var(--naga-line);border-radius:8px;padding:4px 6px}
.naga-temple h3{margin:0 0 2px}
.naga-temple.naga-gold{border-top:4px solid var(--naga-gold)}
.naga-temple.naga-silver{border-top:4px solid var(--naga-silver)}
.naga-temple svg{display:block;width:100%;max-width:360px;height:auto;margin:0 auto}
.naga-temple svg.naga-board{max-width:clamp(240px,calc(100vh - 480px),360px)}
.naga-large .naga-temple svg.naga-board{max-width:620px}
.naga-large .naga-boards{grid-template-columns:repeat(auto-fit,minmax(440px,1fr))}
.naga-box{background:var(--naga-panel);border:1px solid var(--naga-line);border-radius:8px;padding:6px 8px}
.naga-offered h4{display:inline;margin:0}.naga-offered h4::after{content:":"}.naga-offered{padding:4px 8px}
.naga-offered .naga-row{flex-wrap:nowrap;gap:8px;margin:0;min-height:40px}
.naga-player{padding:4px 8px;font-size:var(--naga-fs-s)}
.naga-player h3{display:none}
.naga-player .naga-row{margin:1px 0;gap:3px}
.naga-player .naga-label{min-width:56px}
.naga-player .naga-card{min-width:0;padding:1px 5px;flex-direction:row;gap:4px;align-items:center}
.naga-player .naga-card .naga-muted{display:none}
.naga-player .naga-card-back{min-width:14px;min-height:20px}
.naga-drawer{display:flex;flex-direction:column;min-width:0}
.naga-tabs{display:flex;flex-wrap:wrap;gap:2px;border-bottom:1px solid var(--naga-line)}
.naga-root .naga-tabs button{border-radius:6px 6px 0 0;border-bottom:none;padding:2px 8px;font-size:var(--naga-fs-s)}
.naga-root .naga-tabs button[aria-selected="true"]{background:var(--naga-panel);font-weight:600;
  box-shadow:inset 0 3px 0 var(--naga-target)}
.naga-root .naga-tabs button.naga-tabs-hide{margin-left:auto;border-radius:6px;border:none;background:none;
  color:var(--naga-muted)}
.naga-drawer:not(.naga-drawer-open) .naga-tabs{border-bottom:none}
.naga-root .naga-drawer:not(.naga-drawer-open) .naga-tabs button{border-radius:6px;
  border-bottom:1px solid var(--naga-buttonLine)}
.naga-tabpanel{max-height:230px;overflow:auto;border:1px solid var(--naga-line);border-top:none;
  border-radius:0 0 8px 8px}
.naga-tabpanel>.naga-box{border:none;border-radius:0}
.naga-tabpanel>p{margin:6px 8px}
.naga-stick-tag{border-radius:4px;padding:0 4px;font-weight:600}
.naga-card:has(.naga-stick-brown){border-left:5px solid var(--naga-brownText)}
.naga-card:has(.naga-stick-violet){border-left:5px solid var(--naga-violetText)}
.naga-card:has(.naga-stick-teal){border-left:5px solid var(--naga-tealText)}
.naga-legend{position:absolute;z-index:6;top:36px;right:10px;width:min(440px,calc(100% - 20px));max-height:70vh;
  overflow:auto;
  background:var(--naga-panel);color:var(--naga-ink);border:1px solid var(--naga-line);border-radius:8px;
  box-shadow:0 6px 24px rgba(0,0,0,.25);padding:8px 12px}
.naga-legend ul{list-style:none;margin:0;padding:0}
.naga-legend li{display:flex;gap:8px;align-items:center;margin:3px 0}
.naga-legend-symbol{flex:0 0 30px}.naga-legend-chip{flex:0 0 auto;min-width:30px}
.naga-root .naga-kv{margin:0;padding:0;display:grid;grid-template-columns:max-content 1fr;gap:2px 10px;
  align-items:baseline}
.naga-root .naga-kv dt{grid-column:1;color:var(--naga-muted);font-weight:400;float:none;width:auto;margin:0;padding:0;
  text-align:left}
.naga-root .naga-kv dd{grid-column:2;margin:0;padding:0;float:none;min-width:0}
.naga-player.naga-to-move{box-shadow:0 0 0 2px var(--naga-reach)}
.naga-row{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:3px 0}
.naga-label{color:var(--naga-muted);min-width:64px}
.naga-chip{display:inline-flex;align-items:center;gap:3px;border-radius:11px;padding:0 7px;font-size:var(--naga-fs-s);
  border:1px solid var(--naga-line);white-space:nowrap;color:var(--naga-ink)}
.naga-stick-brown{background:var(--naga-brownBg);color:var(--naga-brownText)}
.naga-stick-violet{background:var(--naga-violetBg);color:var(--naga-violetText)}
.naga-stick-teal{background:var(--naga-tealBg);color:var(--naga-tealText)}
.naga-stick-naga{font-weight:700;outline:2px dashed currentColor;outline-offset:-3px}
.naga-card{display:inline-flex;flex-direction:column;align-items:flex-start;gap:0;border:1px solid var(--naga-line);
  border-radius:6px;padding:3px 7px;background:var(--naga-card);color:var(--naga-ink);font-size:var(--naga-fs-s);
    min-width:86px;text-align:left}
.naga-card b{font-size:var(--naga-fs)}
.naga-card-back{background:repeating-linear-gradient(45deg,${FIXED.backDark} 0 4px,${FIXED.backLight} 4px 8px);
  min-width:28px;min-height:34px;justify-content:center;align-items:center}
.naga-card.naga-known{border-style:dashed;border-left-style:solid}
.naga-root button{font:inherit;color:var(--naga-ink);cursor:pointer;border:1px solid var(--naga-buttonLine);
  background:var(--naga-button);
  border-radius:6px;padding:4px 10px}
.naga-root button:hover:not(:disabled){border-color:var(--naga-target)}
.naga-root button:focus-visible{outline:2px solid var(--naga-target);outline-offset:1px}
.naga-root button:disabled{opacity:.5;cursor:not-allowed}
.naga-root button[aria-pressed="true"]{background:var(--naga-pressed);border-color:var(--naga-target);
  box-shadow:inset 0 0 0 1px var(--naga-target)}
.naga-root button.naga-primary{background:var(--naga-target);color:var(--naga-onPrimary);
  border-color:var(--naga-target);font-weight:600}
.naga-root button.naga-card{display:block;padding:3px 7px;max-width:230px;flex:1 1 130px}
.naga-root button small{display:block;color:var(--naga-muted);font-size:var(--naga-fs-xs)}
.naga-root button.naga-primary small{color:inherit}
.naga-root button .naga-effect-text{white-space:normal;line-height:1.2;margin-top:1px}
.naga-actions .naga-choice{gap:4px;margin:4px 0}.naga-root .naga-actions button.naga-card{padding:2px 6px}
.naga-actions .naga-hint{color:var(--naga-muted);margin:2px 0 6px}
.naga-actions .naga-warn,.naga-warn{color:var(--naga-danger)}
.naga-standing{margin:0 0 6px;font-weight:600}
.naga-choice{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.naga-rotations{display:grid;grid-template-columns:repeat(4,minmax(0,1fr))}
.naga-root .naga-rotations button{min-width:0;padding:2px 3px}.naga-rotations small{white-space:normal}
.naga-spaces{align-items:center}.naga-root .naga-spaces button{min-width:34px;padding:2px 8px;font-weight:600}
.naga-watch h3{margin:0}.naga-watch p{margin:2px 0}.naga-watch-row{align-items:center;margin:4px 0}
.naga-watch-speed select{font:inherit;color:var(--naga-ink);background:var(--naga-button);
  border:1px solid var(--naga-buttonLine);border-radius:6px;max-width:100%}
.naga-timeline{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
.naga-tl-row{display:flex;flex:1 1 100%;gap:6px;align-items:center;min-width:0}
.naga-timeline input[type=range]{flex:1 1 auto;min-width:100px;accent-color:var(--naga-target)}
.naga-timeline{padding:4px 8px}
.naga-timeline .naga-steplabel{flex:1 1 200px;color:var(--naga-muted);font-size:var(--naga-fs-s)}
.naga-timeline select{font:inherit;color:var(--naga-ink);background:var(--naga-button);
  border:1px solid var(--naga-buttonLine);border-radius:6px;max-width:100%}
.naga-timeline label{display:flex;align-items:center;gap:4px;min-width:0;max-width:100%}
.naga-timeline label select{flex:1 1 auto;min-width:0;width:100%;text-overflow:ellipsis}
.naga-chance select{font:inherit;color:var(--naga-ink);background:var(--naga-button);
  border:1px solid var(--naga-buttonLine);border-radius:6px;max-width:100%;min-width:0;flex:1 1 160px}
.naga-chance select:focus-visible{outline:2px solid var(--naga-target);outline-offset:1px}
.naga-chance .naga-chance-throw{display:inline-flex;gap:3px;align-items:center;margin-right:6px}
.naga-chance .naga-chance-throw button{padding:1px 7px}
.naga-chance .naga-chance-queue{margin:4px 0;padding-left:18px}
.naga-chance .naga-hint{color:var(--naga-muted);margin:2px 0 6px}
.naga-fork-armed{background:var(--naga-armed);border:1px solid var(--naga-reach);border-radius:6px;padding:2px 8px}
.naga-log{list-style:none;margin:0;padding:0;overflow:auto;font-size:var(--naga-fs-s)}
.naga-log:focus-visible{outline:2px solid var(--naga-target)}
.naga-log li{padding:2px 0;border-bottom:1px dotted var(--naga-line)}
.naga-root .naga-rule{display:inline-block;min-width:44px;font-weight:600;color:var(--naga-ruleText);
  background:var(--naga-ruleBg);
  border:1px solid transparent;border-radius:4px;padding:0 4px;margin:0 4px 0 0;text-align:center;
  font:600 var(--naga-fs-s)/1.35 ui-monospace,Menlo,Consolas,monospace;cursor:help}
.naga-root .naga-step .naga-rule,.naga-root h3 .naga-rule,.naga-root p .naga-rule,.naga-message .naga-rule{min-width:0;
  margin:0}
.naga-logstep{color:var(--naga-muted);margin-right:4px}
.naga-screen{text-align:center;padding:30px 10px}
.naga-screen p{font-size:18px;margin:0 0 14px}
.naga-screen .naga-screen-note{font-size:var(--naga-fs);margin-top:14px}
.naga-popup{position:absolute;z-index:5;top:44px;right:12px;width:min(460px,calc(100% - 24px));max-height:60vh;
  overflow:auto;
  background:var(--naga-panel);color:var(--naga-ink);border:1px solid var(--naga-line);border-radius:8px;
  box-shadow:0 6px 24px rgba(0,0,0,.25);padding:10px 12px}
.naga-popup-head{display:flex;gap:8px;align-items:flex-start;justify-content:space-between}
.naga-popup-text{white-space:pre-wrap;font-size:var(--naga-fs)}
.naga-changes ul{margin:0;padding-left:18px}
.naga-sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);
  white-space:nowrap;border:0}
.naga-root svg text{font-family:var(--jp-ui-font-family,system-ui,sans-serif);fill:var(--naga-ink)}
.naga-space-bg{fill:none;stroke:var(--naga-line);stroke-dasharray:3 3}
.naga-tile .naga-space-bg{fill:var(--naga-tile);stroke:var(--naga-path);stroke-dasharray:none}
.naga-tile.naga-reached .naga-space-bg{fill:var(--naga-reachedTile);stroke:var(--naga-reach)}
.naga-corridor{fill:var(--naga-path)}
.naga-reached .naga-corridor{fill:${FIXED.reachedPath}}
.naga-trap .naga-space-bg{fill:var(--naga-trap);stroke:var(--naga-ink)}
.naga-trap-x{stroke:var(--naga-line);stroke-width:3;stroke-linecap:round}
.naga-trap-tag{fill:var(--naga-trap)}
.naga-root svg .naga-trap-label{fill:var(--naga-trapText);font-size:11px;font-weight:700}
.naga-root svg .naga-roomid{font-size:11px;fill:var(--naga-tileText);paint-order:stroke;stroke:var(--naga-tile);
  stroke-width:3px}
.naga-amulet{fill:var(--naga-amulet);stroke:var(--naga-panel);stroke-width:1.5}
.naga-root svg .naga-amulet-id{font-size:11px;fill:var(--naga-amuletText);font-weight:700;paint-order:stroke;
  stroke:var(--naga-tile);stroke-width:3px}
.naga-slot-back{stroke:${FIXED.slotEdge};stroke-width:1}
.naga-slot-up{fill:var(--naga-slotUp);stroke:var(--naga-reach);stroke-width:2}
.naga-slot-cursed .naga-slot-up{fill:var(--naga-cursedUp);stroke:var(--naga-danger)}
.naga-root svg .naga-relic-value{font-size:13px;font-weight:700}
.naga-root svg .naga-relic-dim{font-size:12px;font-weight:700;fill:${FIXED.white}}
.naga-root svg .naga-slot-label,.naga-root svg .naga-entrance-label{font-size:11px;fill:var(--naga-muted)}
.naga-entrance{fill:${FIXED.entrance}}
.naga-frame{fill:none;stroke-width:2}
.naga-gold .naga-frame{stroke:var(--naga-gold)}.naga-silver .naga-frame{stroke:var(--naga-silver)}
.naga-target{cursor:pointer}
.naga-target>.naga-hit{fill:rgba(31,111,209,.12);stroke:var(--naga-target);stroke-width:2.5;stroke-dasharray:5 3}
.naga-target:hover>.naga-hit,.naga-target:focus-visible>.naga-hit{fill:rgba(31,111,209,.28)}
.naga-target:focus{outline:none}
.naga-chosen>.naga-hit{fill:rgba(31,111,209,.35);stroke:var(--naga-target);stroke-width:3;stroke-dasharray:none}
.naga-preview{opacity:.8}
.naga-preview .naga-space-bg{fill:var(--naga-pressed);stroke:var(--naga-target);stroke-dasharray:4 2}
.naga-preview .naga-corridor{fill:var(--naga-target)}
.naga-hit{fill:transparent;stroke:none}
.naga-pv{pointer-events:none}
.naga-pv-line{fill:none;stroke-width:3}
.naga-pv-dot{fill:var(--naga-panel);stroke-width:2}
.naga-root svg .naga-pv-symbol{font-size:12px;font-weight:700;fill:var(--naga-ink)}
.naga-pv-reached .naga-pv-line{stroke:var(--naga-reach);stroke-dasharray:6 3}
  .naga-pv-reached .naga-pv-dot{stroke:var(--naga-reach)}
.naga-pv-unreached .naga-pv-line{stroke:var(--naga-muted);stroke-dasharray:2 3}
  .naga-pv-unreached .naga-pv-dot{stroke:var(--naga-muted)}
.naga-pv-collected .naga-pv-line{stroke:var(--naga-amulet);stroke-dasharray:6 3}
  .naga-pv-collected .naga-pv-dot{stroke:var(--naga-amulet)}
.naga-pv-up .naga-pv-line,.naga-pv-up .naga-pv-dot{stroke:var(--naga-target)}
.naga-pv-down .naga-pv-line,.naga-pv-down .naga-pv-dot{stroke:var(--naga-ink)}
.naga-preview-words{margin:4px 0;padding:4px 8px;border-left:4px solid var(--naga-target);background:var(--naga-bg);
  border-radius:4px}
.naga-preview-words.naga-empty{padding:0;margin:0;border:none}
.naga-foot>.naga-preview-words{max-height:7.5em;overflow:auto}
.naga-hint-mark{fill:var(--naga-reach);fill-opacity:.3;stroke:var(--naga-reach);stroke-width:3;pointer-events:none}
.naga-explain h5{margin:6px 0 2px;font-size:var(--naga-fs);font-weight:600}
.naga-explain p{margin:2px 0}
.naga-candidates{margin:4px 0;padding-left:22px;max-height:220px;overflow:auto}
.naga-candidates:focus-visible{outline:2px solid var(--naga-target)}
.naga-beliefs{margin:4px 0;padding-left:18px;font-size:var(--naga-fs-s)}
.naga-hint-controls{gap:6px;align-items:center}
.naga-explain select:focus-visible{outline:2px solid var(--naga-target);outline-offset:1px}
.naga-suggested{outline:3px dashed var(--naga-reach);outline-offset:1px}
.naga-root :is(.naga-key,.naga-key-help kbd){display:inline-block;min-width:1.2em;padding:0 3px;
  border:1px solid var(--naga-buttonLine);border-bottom-width:2px;border-radius:4px;
  font:600 var(--naga-fs-xs)/1.25 ui-monospace,Menlo,Consolas,monospace;
  color:var(--naga-ink);background:var(--naga-bg);text-align:center;vertical-align:1px}
.naga-key{margin-right:4px}.naga-root .naga-key.naga-key-only{margin:0;font-size:var(--naga-fs-s)}
.naga-root button.naga-primary .naga-key{color:var(--naga-ink)}
.naga-key-help{display:none;align-self:center;font-size:var(--naga-fs-xs);color:var(--naga-muted)}
.naga-root:focus-visible .naga-key-help,.naga-root:has(:focus-visible) .naga-key-help{display:inline}
.naga-suggest-mark{display:inline-block;margin-left:4px;padding:0 4px;border:1px solid currentColor;border-radius:3px;
  font-size:var(--naga-fs-s);font-weight:600}
.naga-close-mark{font-weight:700}
.naga-confidence{font-weight:600}
.naga-happened{margin:0 0 4px;padding:3px 8px;border-left:4px solid var(--naga-target);background:var(--naga-bg);
  border-radius:4px}
.naga-happened h4{margin:0 0 2px}.naga-happened-since{font-weight:400;font-size:var(--naga-fs-s)}
.naga-happened-list{list-style:none;margin:0;padding:0;max-height:7.6em;overflow:auto;font-size:var(--naga-fs-s)}
.naga-happened-list:focus-visible{outline:2px solid var(--naga-target)}
.naga-happened-list li{padding:1px 0}
.naga-since-mark{fill:none;stroke:var(--naga-target);stroke-width:2.5;stroke-dasharray:2 3;pointer-events:none}
.naga-player.naga-since{border-style:dotted;border-color:var(--naga-target)}
.naga-auto-pass{display:inline-flex;gap:4px;align-items:center;font-size:var(--naga-fs-s)}
.naga-auto-passed{border-left:3px solid var(--naga-reach);padding-left:6px}
@container naga (max-width:860px){.naga-table{display:flex;flex-direction:column;align-items:stretch;gap:6px}
  .naga-left,.naga-side{display:contents}.naga-boards{order:1}.naga-actions{order:2}.naga-offered{order:3}
  .naga-tl{order:4}.naga-drawer{order:5}}
@container naga (max-width:540px){.naga-boards{display:contents}
  .naga-seat.naga-active{order:1}.naga-actions{order:2}.naga-seat:not(.naga-active){order:3}.naga-offered{order:4}
  .naga-tl{order:5}.naga-drawer{order:6}}
@container naga (max-width:860px){.naga-watch{order:2}}
@container naga (min-width:861px){${boundedSide(".naga-root:not(.naga-large)")}}
@container naga (min-width:1401px){${boundedSide(".naga-root.naga-large")}}
@container naga (min-width:861px) and (max-width:1400px){.naga-large .naga-table{display:flex;flex-direction:column;
  align-items:stretch;gap:6px}
  .naga-large .naga-left,.naga-large .naga-side{display:contents}.naga-large .naga-boards{order:1}
  .naga-large .naga-watch,.naga-large .naga-actions{order:2}.naga-large .naga-offered{order:3}
  .naga-large .naga-tl{order:4}.naga-large .naga-drawer{order:5}}
.naga-changed>.naga-space-bg,.naga-changed>.naga-slot-up,
.naga-changed>.naga-slot-back{animation:naga-flash-svg 2.4s ease-out}
.naga-player.naga-changed{animation:naga-flash-box 2.4s ease-out}
@keyframes naga-flash-svg{0%,40%{stroke:var(--naga-target);stroke-width:4}100%{}}
@keyframes naga-flash-box{0%,40%{box-shadow:0 0 0 3px var(--naga-target)}100%{}}
@media (prefers-reduced-motion:reduce){.naga-changed>*,.naga-player.naga-changed{animation:none}}
`;

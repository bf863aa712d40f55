// styles.js — the widget's CSS, put in a <style> element by render().

export const CSS = `
.naga-root{--naga-ink:#2b2622;--naga-muted:#6f665c;--naga-bg:#fbf8f2;--naga-panel:#fff;
  --naga-line:#d9cfbf;--naga-gold:#b8891d;--naga-silver:#7d8a96;--naga-path:#8b6a3e;
  --naga-reach:#e2a42b;--naga-target:#1f6fd1;--naga-danger:#b3261e;--naga-tile:#efe4cc;
  color-scheme:light;font:13px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
  color:var(--naga-ink);background:var(--naga-bg);border:1px solid var(--naga-line);border-radius:10px;
  padding:10px 12px;max-width:1100px;outline:none;box-sizing:border-box}
.naga-root *{box-sizing:border-box}
.naga-root:focus-visible{box-shadow:0 0 0 2px var(--naga-target)}
.naga-root h2,.naga-root h3,.naga-root h4{margin:0 0 6px;font-weight:600}
.naga-root h2{font-size:16px}.naga-root h3{font-size:14px}.naga-root h4{font-size:13px}
.naga-header{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:baseline;margin-bottom:6px}
.naga-header .naga-step{font-weight:600;color:var(--naga-gold)}
.naga-muted{color:var(--naga-muted)}
.naga-guide{display:inline-block;vertical-align:-2px}.naga-icon{display:inline-block}
.naga-chip small{font-size:10px;opacity:.8}
.naga-message{min-height:0;margin:4px 0;border-radius:6px}
.naga-message:not(:empty){padding:6px 10px}
.naga-message.naga-error{background:#fdecea;color:var(--naga-danger);border:1px solid #f2b8b5;font-weight:600}
.naga-message.naga-info{background:#eef4fc;color:#1d4f91;border:1px solid #c5d9f2}
.naga-boards{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}
.naga-temple{background:var(--naga-panel);border:1px solid var(--naga-line);border-radius:8px;padding:6px}
.naga-temple.naga-gold{border-top:4px solid var(--naga-gold)}
.naga-temple.naga-silver{border-top:4px solid var(--naga-silver)}
.naga-temple svg{display:block}
.naga-center{flex:1 1 180px;min-width:170px;display:flex;flex-direction:column;gap:8px}
.naga-box{background:var(--naga-panel);border:1px solid var(--naga-line);border-radius:8px;padding:8px}
.naga-kv{margin:0;display:grid;grid-template-columns:auto 1fr;gap:1px 10px}
.naga-kv dt{color:var(--naga-muted)}.naga-kv dd{margin:0}
.naga-players{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:10px;margin-top:10px}
.naga-player.naga-to-move{box-shadow:0 0 0 2px var(--naga-reach)}
.naga-row{display:flex;flex-wrap:wrap;gap:4px;align-items:center;margin:3px 0}
.naga-label{color:var(--naga-muted);min-width:64px}
.naga-chip{display:inline-flex;align-items:center;gap:3px;border-radius:11px;padding:1px 8px;font-size:12px;
  border:1px solid rgba(0,0,0,.15);white-space:nowrap}
.naga-stick-brown{background:#e7d2bb;color:#4b2e13}
.naga-stick-violet{background:#e4d8f3;color:#43266b}
.naga-stick-teal{background:#cdeeea;color:#0d4f49}
.naga-stick-naga{font-weight:700;outline:2px dashed rgba(0,0,0,.35);outline-offset:-3px}
.naga-card{display:inline-flex;flex-direction:column;align-items:flex-start;gap:0;border:1px solid var(--naga-line);
  border-radius:6px;padding:3px 7px;background:#fffdf7;font-size:12px;min-width:86px;text-align:left}
.naga-card b{font-size:13px}
.naga-card-back{background:repeating-linear-gradient(45deg,#8b6a3e 0 4px,#a9895c 4px 8px);color:#fff;
  min-width:28px;min-height:34px;justify-content:center;align-items:center}
.naga-card.naga-known{border-style:dashed}
.naga-root button{font:inherit;color:inherit;cursor:pointer;border:1px solid #bfb3a1;background:#fff;
  border-radius:6px;padding:4px 10px}
.naga-root button:hover:not(:disabled){border-color:var(--naga-target)}
.naga-root button:focus-visible{outline:2px solid var(--naga-target);outline-offset:1px}
.naga-root button:disabled{opacity:.45;cursor:not-allowed}
.naga-root button[aria-pressed="true"]{background:#dbe8fb;border-color:var(--naga-target);
  box-shadow:inset 0 0 0 1px var(--naga-target)}
.naga-root button.naga-primary{background:var(--naga-target);color:#fff;border-color:var(--naga-target);font-weight:600}
.naga-root button.naga-primary:disabled{background:#8fb1dd}
.naga-root button.naga-card{padding:4px 8px}
.naga-root button small{display:block;color:var(--naga-muted);font-size:11px}
.naga-actions{margin-top:10px}
.naga-actions .naga-hint{color:var(--naga-muted);margin:2px 0 6px}
.naga-actions .naga-warn{color:var(--naga-danger)}
.naga-choice{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}
.naga-timeline{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin-top:10px}
.naga-timeline input[type=range]{flex:1 1 200px;min-width:140px}
.naga-timeline .naga-steplabel{flex:1 1 100%;color:var(--naga-muted);font-size:12px}
.naga-fork-armed{background:#fff4d6;border:1px solid var(--naga-reach);border-radius:6px;padding:2px 8px}
.naga-log{list-style:none;margin:0;padding:0;max-height:220px;overflow:auto;font-size:12px}
.naga-log li{padding:2px 0;border-bottom:1px dotted var(--naga-line)}
.naga-rule{display:inline-block;min-width:44px;font-weight:600;color:#5b4a2f;background:#f3ead8;border-radius:4px;
  padding:0 4px;margin-right:4px;text-align:center;font-family:ui-monospace,Menlo,Consolas,monospace}
.naga-logstep{color:var(--naga-muted);margin-right:4px}
.naga-screen{text-align:center;padding:40px 10px}
.naga-screen p{font-size:18px;margin:0 0 14px}
.naga-bottom{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:10px;margin-top:10px}
/* SVG */
.naga-root svg text{font-family:system-ui,sans-serif;fill:var(--naga-ink)}
.naga-space-bg{fill:none;stroke:#cdbfa6;stroke-dasharray:3 3}
.naga-tile .naga-space-bg{fill:var(--naga-tile);stroke:#b9a784;stroke-dasharray:none}
.naga-tile.naga-reached .naga-space-bg{fill:#fbe8bd;stroke:var(--naga-reach)}
.naga-corridor{fill:var(--naga-path)}
.naga-reached .naga-corridor{fill:#c9821a}
.naga-trap .naga-space-bg{fill:#4a3f36;stroke:#2b2622}
.naga-trap-x{stroke:#d9cfbf;stroke-width:3;stroke-linecap:round}
.naga-root svg .naga-trap-label{fill:#fff;font-size:11px;font-weight:700}
.naga-root svg .naga-roomid{font-size:8px;fill:#7a6a52}
.naga-amulet{fill:#2f8f5b;stroke:#fff;stroke-width:1.5}
.naga-root svg .naga-amulet-id{font-size:8px;fill:#1f5e3c;font-weight:700}
.naga-slot-back{stroke:#6b5233;stroke-width:1}
.naga-slot-up{fill:#fffaf0;stroke:var(--naga-reach);stroke-width:2}
.naga-slot-cursed .naga-slot-up{fill:#f7d4d1;stroke:var(--naga-danger)}
.naga-root svg .naga-relic-value{font-size:13px;font-weight:700}
.naga-root svg .naga-relic-dim{font-size:12px;font-weight:700;fill:#fff;opacity:.85}
.naga-root svg .naga-slot-label,.naga-root svg .naga-entrance-label{font-size:9px;fill:var(--naga-muted)}
.naga-entrance{fill:#9bbf7a}
.naga-frame{fill:none;stroke-width:2}
.naga-gold .naga-frame{stroke:var(--naga-gold)}.naga-silver .naga-frame{stroke:var(--naga-silver)}
.naga-target{cursor:pointer}
.naga-target>.naga-hit{fill:rgba(31,111,209,.12);stroke:var(--naga-target);stroke-width:2.5;stroke-dasharray:5 3}
.naga-target:hover>.naga-hit,.naga-target:focus>.naga-hit{fill:rgba(31,111,209,.28)}
.naga-target:focus{outline:none}
.naga-chosen>.naga-hit{fill:rgba(31,111,209,.35);stroke:var(--naga-target);stroke-width:3;stroke-dasharray:none}
.naga-preview{opacity:.8}
.naga-preview .naga-space-bg{fill:#dbe8fb;stroke:var(--naga-target);stroke-dasharray:4 2}
.naga-preview .naga-corridor{fill:var(--naga-target)}
.naga-hit{fill:transparent;stroke:none}
`;

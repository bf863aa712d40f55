// place.js — where a popup stands: next to the control that opened it, and inside the part of the
// page the reader sees (the window, cut by every scrolling box around the widget: JupyterLab's
// notebook panel, an output area). DOM measurements only; no state.

/**
 * The rectangle of the page that is visible around `node`: the viewport intersected with the boxes
 * of the node's scrolling ancestors (across shadow roots).
 * @param {Element} node
 * @returns {{top: number, left: number, bottom: number, right: number}}
 */
export function visibleRect(node) {
  const win = node.ownerDocument?.defaultView ?? globalThis;
  let rect = { top: 0, left: 0, bottom: win.innerHeight ?? 0, right: win.innerWidth ?? 0 };
  for (let n = parentOf(node); n && n.nodeType === 1; n = parentOf(n)) {
    const style = win.getComputedStyle?.(n);
    if (!style || !/(auto|scroll|hidden)/.test(`${style.overflowY}${style.overflowX}`)) continue;
    const r = n.getBoundingClientRect();
    rect = {
      top: Math.max(rect.top, r.top),
      left: Math.max(rect.left, r.left),
      bottom: Math.min(rect.bottom, r.bottom),
      right: Math.min(rect.right, r.right),
    };
  }
  return rect;
}

function parentOf(n) {
  if (n.parentElement) return n.parentElement;
  const top = n.getRootNode?.();
  return typeof ShadowRoot !== "undefined" && top instanceof ShadowRoot ? top.host : null;
}

/**
 * Where the rule popup goes, relative to `root` (its positioned ancestor): under the opener (above it
 * when there is no room below), moved left or up as needed to stay inside the visible rectangle.
 * Null when nothing can be measured (no layout, as in jsdom).
 * @param {?HTMLElement} popup
 * @param {?Element} opener
 * @param {HTMLElement} root
 * @returns {?{top: number, left: number, maxHeight: number}}
 */
export function placeRule(popup, opener, root) {
  if (!popup || !opener || typeof opener.getBoundingClientRect !== "function") return null;
  const at = opener.getBoundingClientRect();
  const box = popup.getBoundingClientRect();
  const base = root.getBoundingClientRect();
  if (!box.width && !box.height) return null;
  const seen = visibleRect(root);
  const margin = 8;
  const maxHeight = Math.max(120, seen.bottom - seen.top - 2 * margin);
  const height = Math.min(box.height, maxHeight);
  let top = at.bottom + 6;
  if (top + height > seen.bottom - margin) top = at.top - 6 - height; // no room below: above it
  top = Math.max(seen.top + margin, Math.min(top, seen.bottom - margin - height));
  let left = at.left;
  left = Math.max(seen.left + margin, Math.min(left, seen.right - margin - box.width));
  return { top: Math.round(top - base.top), left: Math.round(left - base.left), maxHeight: Math.round(maxHeight) };
}

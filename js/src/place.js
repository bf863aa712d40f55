// place.js — where a popup stands: next to the control that opened it, and wholly inside the part of
// the page the reader sees (the window, cut by every box around the widget that clips it: JupyterLab's
// notebook panel, an output area). DOM measurements only; no state.

const CLIPS = /(auto|scroll|hidden|clip)/;

/** Does this style make its element the containing block of absolutely positioned descendants? */
function holdsAbsolute(style) {
  return (style.position || "static") !== "static" || holdsFixed(style);
}

/** Does this style make its element the containing block of fixed descendants (a transform, a containment)? */
function holdsFixed(style) {
  const contain = style.contain ?? "";
  return (
    (style.transform && style.transform !== "none") ||
    (style.filter && style.filter !== "none") ||
    /(layout|paint|strict|content)/.test(contain)
  );
}

/**
 * The rectangle of the page that is visible around `node`: the viewport intersected with the boxes of
 * the ancestors that clip it (across shadow roots). An ancestor with `overflow` clips only what lies in
 * it by the containing blocks: an absolutely positioned box escapes the static ancestors above it, a
 * fixed one every ancestor without a transform or a containment (JupyterLab's shell sits, absolutely
 * positioned, in a themed container of no height with `overflow: hidden`, which clips nothing).
 * @param {Element} node
 * @returns {{top: number, left: number, bottom: number, right: number}}
 */
export function visibleRect(node) {
  const win = node.ownerDocument?.defaultView ?? globalThis;
  let rect = { top: 0, left: 0, bottom: win.innerHeight ?? 0, right: win.innerWidth ?? 0 };
  let position = win.getComputedStyle?.(node)?.position || "static"; // of the box whose clipping is sought
  for (let n = parentOf(node); n && n.nodeType === 1; n = parentOf(n)) {
    const style = win.getComputedStyle?.(n);
    if (!style) continue;
    if (position === "fixed" && !holdsFixed(style)) continue;
    if (position === "absolute" && !holdsAbsolute(style)) continue;
    position = style.position || "static";
    if (!CLIPS.test(`${style.overflow}${style.overflowY}${style.overflowX}`)) continue;
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

const GAP = 4; // between the opener and the popup
const MARGIN = 8; // between the popup and the edges of the visible rectangle
const MIN_HEIGHT = 80; // a popup is never squeezed below this (it scrolls inside)

/**
 * Where a popup goes, relative to `root` (its positioned ancestor), next to the control that opened it:
 * under it when the whole popup fits there, else above it, else beside it (left, or right) at the
 * opener's height; when it fits nowhere whole, on the side with the most room, where it scrolls inside
 * (`maxHeight`). It always lies inside the visible rectangle (visibleRect). Null when nothing can be
 * measured (no layout, as in jsdom without stubs).
 * @param {?HTMLElement} popup
 * @param {?Element} opener
 * @param {HTMLElement} root
 * @returns {?{top: number, left: number, maxHeight: number, side: string}}
 */
export function placeRule(popup, opener, root) {
  if (!popup || !opener || typeof opener.getBoundingClientRect !== "function") return null;
  const at = opener.getBoundingClientRect();
  const box = popup.getBoundingClientRect();
  const base = root.getBoundingClientRect();
  if (!box.width && !box.height) return null;
  const seen = visibleRect(root);
  const width = Math.min(box.width, Math.max(0, seen.right - seen.left - 2 * MARGIN));
  const height = Math.max(box.height, popup.scrollHeight || 0); // the whole text, unclipped
  const top0 = seen.top + MARGIN;
  const bottom0 = seen.bottom - MARGIN;
  const below = bottom0 - (at.bottom + GAP);
  const above = at.top - GAP - top0;
  const clampLeft = (x) => Math.max(seen.left + MARGIN, Math.min(x, seen.right - MARGIN - width));
  const clampTop = (y, h) => Math.max(top0, Math.min(y, bottom0 - h));
  let place;
  if (height <= below) place = { side: "below", top: at.bottom + GAP, left: clampLeft(at.left), h: height };
  else if (height <= above) place = { side: "above", top: at.top - GAP - height, left: clampLeft(at.left), h: height };
  else {
    const tall = Math.max(MIN_HEIGHT, Math.min(height, bottom0 - top0));
    const leftRoom = at.left - GAP - (seen.left + MARGIN);
    const rightRoom = seen.right - MARGIN - (at.right + GAP);
    if (leftRoom >= width) place = { side: "left", top: clampTop(at.top, tall), left: at.left - GAP - width, h: tall };
    else if (rightRoom >= width) place = { side: "right", top: clampTop(at.top, tall), left: at.right + GAP, h: tall };
    else if (below >= above)
      place = { side: "below", top: at.bottom + GAP, left: clampLeft(at.left), h: Math.max(MIN_HEIGHT, below) };
    else {
      const h = Math.max(MIN_HEIGHT, above);
      place = { side: "above", top: at.top - GAP - h, left: clampLeft(at.left), h };
    }
  }
  return {
    top: Math.round(place.top - base.top),
    left: Math.round(place.left - base.left),
    maxHeight: Math.floor(place.h),
    side: place.side,
  };
}

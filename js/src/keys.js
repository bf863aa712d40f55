// keys.js — keys pressed inside the widget stay inside it. A notebook around the widget has
// single-key shortcuts (JupyterLab in command mode: `a` inserts a cell, `d d` deletes one, ← / ↑ / ↓
// move between cells and headings); typed on a widget button they must not act on the notebook.
// The widget's root carries `data-lm-suppress-shortcuts` (Lumino, under JupyterLab and Notebook 7,
// then ignores shortcuts for events from inside it) and its key events do not bubble out — except
// Tab (moving the focus in and out of the widget is the browser's), shortcuts with Ctrl or Cmd
// (save, copy, find: the host's and the browser's), and Escape when it hands the keyboard back to the
// notebook: the focus goes to the nearest focusable element around the widget (the cell or notebook).
// An Escape the widget uses itself (closing a popup, stepping back a level of a decision) stays inside.
// Some hosts (Notebook 7) take their shortcuts in the capture phase on the document, before any
// element sees the key and without reading the attribute: the widget therefore looks at its keys
// in the capture phase of the window, which comes first (captureKeys).

/** The attribute Lumino reads to skip its shortcuts for events from inside an element. */
export const SUPPRESS_SHORTCUTS = "data-lm-suppress-shortcuts";

/**
 * Does a keydown inside the widget stay inside it (its propagation is stopped)?
 * @param {{key: string, ctrlKey?: boolean, metaKey?: boolean}} event
 * @returns {boolean}
 */
export function keyStaysInside(event) {
  if (event.key === "Tab" || event.key === "Escape") return false;
  return !(event.ctrlKey || event.metaKey);
}

/**
 * Give the focus to the nearest focusable element around `root`, crossing shadow roots; with none,
 * just let go of it.
 * @param {HTMLElement} root
 */
export function leaveWidget(root) {
  for (let node = outside(root); node; node = outside(node)) {
    if (node instanceof HTMLElement && node.hasAttribute("tabindex")) {
      node.focus({ preventScroll: true });
      return;
    }
  }
  const active = /** @type {Document | ShadowRoot} */ (root.getRootNode()).activeElement;
  if (active && typeof active.blur === "function") active.blur();
}

function outside(node) {
  if (node.parentElement) return node.parentElement;
  const host = node.getRootNode?.()?.host;
  return host ?? null;
}

/**
 * Handle the keys pressed inside `root` before the page does: a keydown listener in the capture
 * phase of the window (it runs before the document's), which calls `handle(event)` for the events
 * whose path crosses `root` and stops the propagation of those that stay inside (keyStaysInside), and
 * of those `handle` used (it returns true).
 * The browser's own action for the key (a slider moving, a button pressed) still happens.
 * Returns the function that removes the listener.
 * @param {HTMLElement} root
 * @param {(event: KeyboardEvent) => (boolean | void)} handle
 * @returns {() => void}
 */
export function captureKeys(root, handle) {
  const win = root.ownerDocument?.defaultView ?? window;
  const listener = (event) => {
    const path = typeof event.composedPath === "function" ? event.composedPath() : [];
    if (!path.includes(root)) return;
    const used = handle(event) === true;
    if (used || keyStaysInside(event)) event.stopPropagation();
  };
  win.addEventListener("keydown", listener, true);
  return () => win.removeEventListener("keydown", listener, true);
}

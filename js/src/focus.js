// focus.js — keeping the keyboard focus inside the widget across redraws. Before a redraw the view
// notes which control has the focus (captureFocus); afterwards it puts the focus back (restoreFocus):
// on the same control when it is still there and enabled, else on a neighbour in the same panel
// (the control now at its place, or the one before), else on the panel itself, never outside the
// widget. A panel that holds the focus so gives it to its first control as soon as it has one. The
// active element is read from the widget's own root node, so this also works inside a shadow root
// (marimo), where `document.activeElement` is the shadow host.

/** The rule ids shown as buttons (rules.js). */
const RULE_LINK = '[data-act="rule"]';
/** What can take the focus by Tab inside the widget. */
const FOCUSABLE = 'button, input, select, textarea, a[href], [tabindex]:not([tabindex="-1"])';

/**
 * @typedef {{node: Element, testid: ?string, panel: ?string, index: number, onPanel: boolean}} FocusNote
 */

/**
 * The element inside `root` (not root itself) that has the focus, or null.
 * @param {HTMLElement} root
 * @returns {?HTMLElement}
 */
function focusedIn(root) {
  const active = /** @type {Document | ShadowRoot} */ (root.getRootNode()).activeElement ?? null;
  return active && active !== root && root.contains(active) ? /** @type {HTMLElement} */ (active) : null;
}

function usable(node, root) {
  return (
    node.isConnected &&
    root.contains(node) &&
    !node.disabled &&
    node.getAttribute("aria-disabled") !== "true" &&
    !node.closest("[hidden], [inert]")
  );
}

/**
 * The enabled controls of a container, in document order.
 * @param {Element} container
 * @param {HTMLElement} root
 * @returns {HTMLElement[]}
 */
function controlsOf(container, root) {
  // the rule ids in a panel's text are links to read on, not its controls: they neither take the
  // focus by themselves nor shift the places of the controls when a text changes
  return [...container.querySelectorAll(FOCUSABLE)].filter((n) => usable(n, root) && !n.matches(RULE_LINK));
}

function byAttr(root, name, value) {
  if (value === null || value === undefined) return null;
  for (const node of root.querySelectorAll(`[${name}]`)) if (node.getAttribute(name) === value) return node;
  return null;
}

/**
 * Note the focused control of the widget before a redraw.
 * @param {HTMLElement} root
 * @returns {?FocusNote}
 */
export function captureFocus(root) {
  const node = focusedIn(root);
  if (!node) return null;
  const panelNode = node.closest("[data-panel]");
  const panel = panelNode && root.contains(panelNode) ? panelNode : null;
  return {
    node,
    testid: node.getAttribute("data-testid"),
    panel: panel ? panel.getAttribute("data-panel") : null,
    index: controlsOf(panel ?? root, root).indexOf(node),
    onPanel: node === panel,
  };
}

/** Marks a panel that holds the focus only because its focused control went away. */
const HOLDING = "data-focus-held";
/** A panel's selector of its choices outside it. */
const CHOICES = "data-panel-choices";

/**
 * Where the focus of `note` goes after a redraw (see the module comment).
 * @param {HTMLElement} root
 * @param {FocusNote} note
 * @returns {HTMLElement}
 */
function focusTarget(root, note) {
  const panel = byAttr(root, "data-panel", note.panel);
  if (note.onPanel && panel && panel.hasAttribute(HOLDING)) {
    // the panel got the focus when its control went away: its first control takes it back, or the
    // first of the choices it has elsewhere (the action panel's places on the boards)
    const elsewhere = panel.getAttribute(CHOICES);
    const first =
      controlsOf(panel, root)[0] ?? (elsewhere ? controlsOf(root, root).find((n) => n.matches(elsewhere)) : undefined);
    if (!first) return panel;
    release(panel);
    return first;
  }
  if (usable(note.node, root)) return /** @type {HTMLElement} */ (note.node);
  const again = byAttr(root, "data-testid", note.testid);
  if (again && usable(again, root)) return again;
  if (!panel) return root;
  const controls = controlsOf(panel, root);
  if (controls.length) return controls[Math.min(Math.max(note.index, 0), controls.length - 1)];
  panel.setAttribute(HOLDING, "");
  panel.setAttribute("tabindex", "-1");
  return panel;
}

function release(panel) {
  panel.removeAttribute(HOLDING);
  panel.removeAttribute("tabindex");
}

/**
 * Put the focus back after a redraw; nothing to do when no control of the widget had it.
 * @param {HTMLElement} root
 * @param {?FocusNote} note
 */
export function restoreFocus(root, note) {
  if (!note) return;
  const target = focusTarget(root, note);
  if (/** @type {Document | ShadowRoot} */ (root.getRootNode()).activeElement !== target)
    target.focus({ preventScroll: true });
}

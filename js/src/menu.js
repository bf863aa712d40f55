// menu.js — walking the decision tree of the `menu` trait: the nodes a choice in progress stands on,
// what may come next, and the action text of a complete choice, each as Python sent it
// (naga_widget/widget/choices.py; docs/widget-protocol.md). The view works out no legality and writes
// no action text: every choice is a node of the tree, and a node that can be confirmed carries its
// `action`. Also the id of the next intent. Pure: no DOM.

/** @typedef {import("./types.js").Menu} Menu */
/** @typedef {import("./types.js").Status} Status */
/** @typedef {import("./types.js").Intent} Intent */

/**
 * @typedef {Object} Choice a node of the decision tree
 * @property {string|number} key what the node's control stands for (card, payment, token, space, rotation)
 * @property {string} label the control's short text
 * @property {string} [words] its longer words
 * @property {string} [action] the action text the choice completes to, when it can be confirmed there
 * @property {string} [done] the confirm button's words for that action
 * @property {string} [openings] the room's openings turned so (a rotation)
 * @property {Object} [preview] what the action would do (preview.js)
 * @property {Choice[]} [next] the choices that may follow
 */

/**
 * The node of `nodes` whose key is `key` (compared as text: a data attribute is text), or null.
 * @param {?Choice[]} nodes
 * @param {*} key
 * @returns {?Choice}
 */
export function childOf(nodes, key) {
  if (key === null || key === undefined || !Array.isArray(nodes)) return null;
  return nodes.find((n) => String(n.key) === String(key)) ?? null;
}

/** The first level of the menu's tree (`[]` for another step than `phase`). @param {Menu} menu @param {string} phase */
export function choicesOf(menu, phase) {
  return menu && menu.phase === phase && Array.isArray(menu.choices) ? menu.choices : [];
}

/**
 * The complete call (R4.1) whose cards are the `selection`, in any order, as the menu lists it
 * (`menu.calls`: `{cards, action, words}`), or null when the menu has none.
 * @param {Menu} menu
 * @param {string[]} selection
 * @returns {?{cards: string[], action: string, words: string}}
 */
export function callOf(menu, selection) {
  if (!menu || menu.phase !== "call" || !Array.isArray(selection)) return null;
  const same = (cards) =>
    cards.length === selection.length &&
    cards.every((c) => selection.includes(c)) &&
    selection.every((c) => cards.includes(c));
  return (menu.calls ?? []).find((call) => same(call.cards)) ?? null;
}

/**
 * The next choices of an invoke being built (R4.2.2, R5): first the card, then the payment, then the
 * target one token at a time, down the tree. A node that completes an action makes the choice
 * `complete` while `next` may still offer more tokens (a target that is a prefix of a longer one).
 * @param {Menu} menu
 * @param {?string} [card]
 * @param {?string} [pay]
 * @param {string[]} [chosen] tokens chosen so far, in the order they were picked
 * @returns {{stage: "card"|"pay"|"target"|"invalid", cards: string[], pays: string[], payNodes: Choice[],
 *   next: string[], nextNodes: Choice[], complete: boolean, node: ?Choice, payNode: ?Choice, actionText: ?string,
 *   done: ?string}}
 */
export function invokeChoices(menu, card = null, pay = null, chosen = []) {
  const cardNodes = choicesOf(menu, "confront");
  const result = {
    stage: "card",
    cards: cardNodes.map((n) => String(n.key)),
    pays: [],
    payNodes: [],
    next: [],
    nextNodes: [],
    complete: false,
    node: null,
    payNode: null,
    actionText: null,
    done: null,
  };
  if (!card) return result;
  const cardNode = childOf(cardNodes, card);
  if (!cardNode) return { ...result, stage: "invalid" };
  const payNodes = cardNode.next ?? [];
  const pays = payNodes.map((n) => String(n.key));
  if (!pay) return { ...result, stage: "pay", pays, payNodes };
  const payNode = childOf(payNodes, pay);
  let node = payNode;
  for (const token of chosen ?? []) node = node ? childOf(node.next, token) : null;
  if (!node) return { ...result, stage: "invalid", pays, payNodes };
  const nextNodes = node.next ?? [];
  return {
    ...result,
    stage: "target",
    pays,
    payNodes,
    next: nextNodes.map((n) => String(n.key)),
    nextNodes,
    complete: typeof node.action === "string",
    node,
    payNode,
    actionText: node.action ?? null,
    done: node.done ?? null,
  };
}

/**
 * Placement choices of the menu (R4.3.2): the spaces, and for `space` its node and the nodes of its
 * rotations (each with its `openings`, its `action` and its preview).
 * @param {Menu} menu
 * @param {?number} [space]
 * @returns {{spaces: number[], spaceNodes: Choice[], space: ?Choice, rotations: number[], rotationNodes: Choice[]}}
 */
export function placeChoices(menu, space = null) {
  const spaceNodes = choicesOf(menu, "place");
  const node = childOf(spaceNodes, space);
  const rotationNodes = node?.next ?? [];
  return {
    spaces: spaceNodes.map((n) => Number(n.key)),
    spaceNodes,
    space: node,
    rotations: rotationNodes.map((n) => Number(n.key)),
    rotationNodes,
  };
}

/**
 * The node of placing on `space` turned `rot`, or null when the menu has none.
 * @param {Menu} menu
 * @param {?number} space
 * @param {?number} rot
 * @returns {?Choice}
 */
export function placeNode(menu, space, rot) {
  return childOf(placeChoices(menu, space).rotationNodes, rot);
}

/**
 * The id of the next intent: larger than any id this view sent, than the last id Python
 * acknowledged, and than the intent currently in the model (another view may have sent it).
 * @param {number} lastSent
 * @param {?Status} status
 * @param {?Intent} current
 * @returns {number}
 */
export function nextIntentId(lastSent, status, current) {
  const ack = Number(status?.ack) || 0;
  const cur = Number(current?.id) || 0;
  return Math.max(Number(lastSent) || 0, ack, cur) + 1;
}

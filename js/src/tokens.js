// tokens.js — reading the tokens of the protocol (relics, sticks, target tokens; R5 token
// forms) and writing the action texts the view sends back (docs/widget-protocol.md).
// Pure: no DOM.

/**
 * A relic token read: "s4" → sacred 4, "c6" → cursed 6.
 * @param {?string} token
 * @returns {?{token: string, cursed: boolean, points: number}}
 */
export function parseRelic(token) {
  if (typeof token !== "string" || !token) return null;
  return { token, cursed: token.startsWith("c"), points: Number(token.slice(1)) || 0 };
}

/**
 * A stick token read: "teal:N" → {type: "teal", face: "N", naga: true, points: 0}.
 * @param {string} token
 * @returns {{type: string, face: string, naga: boolean, points: number}}
 */
export function parseStick(token) {
  const [type, face = ""] = String(token).split(":");
  const naga = face === "N";
  return { type, face, naga, points: naga ? 0 : Number(face) || 0 };
}

/**
 * What a target token names on the board, if anything: a relic slot ("gold:W0") or a
 * space ("silver:4"). Only temple names count: "violet:1" is a stick (E03/E05), not a space.
 * @param {string} token
 * @param {string[]} [temples] the temple names (catalog.temples)
 * @returns {?({kind: "slot", temple: string, slot: string} | {kind: "space", temple: string, space: number})}
 */
export function tokenTarget(token, temples = ["gold", "silver"]) {
  const m = /^([A-Za-z]+):([WNE][0-2]|[0-8])$/.exec(String(token));
  if (!m || !temples.includes(m[1])) return null;
  if (/^[0-8]$/.test(m[2])) return { kind: "space", temple: m[1], space: Number(m[2]) };
  return { kind: "slot", temple: m[1], slot: m[2] };
}

/**
 * A readable description of a target token (R5 token forms).
 * @param {string} token
 * @param {string[]} [names] player names, for "p0"/"p1"
 * @param {string[]} [temples] temple names
 * @returns {string}
 */
export function describeToken(token, names = ["gold", "silver"], temples = ["gold", "silver"]) {
  const t = String(token);
  const target = tokenTarget(t, temples);
  if (target?.kind === "slot") return `${target.temple} temple, relic slot ${target.slot}`;
  if (target?.kind === "space") {
    return `${target.temple} temple, space ${target.space} (row ${Math.floor(target.space / 3)}, col ${target.space % 3})`;
  }
  let m = /^([A-Za-z]+):(row|col)([0-2])$/.exec(t);
  if (m) return `${m[1]} temple, ${m[2] === "row" ? "row" : "column"} ${m[3]}`;
  m = /^p([01]):([a-z]+):(\w+)$/.exec(t);
  if (m) return `${names[Number(m[1])] ?? `p${m[1]}`}'s ${m[2]} stick showing ${faceWord(m[3])}`;
  m = /^([a-z]+):(\w+)$/.exec(t);
  if (m) return `${m[1]} stick showing ${faceWord(m[2])}`;
  m = /^rot([0-3])$/.exec(t);
  if (m) return `orientation ${m[1]} (${m[1]} quarter turn${m[1] === "1" ? "" : "s"} clockwise)`;
  if (["east", "west", "north", "south"].includes(t)) return `slide ${t}`;
  if (/^(N|\d)$/.test(t)) return `new face ${faceWord(t)}`;
  if (/^[a-z]+$/.test(t)) return `a ${t} stick from the supply`;
  return t;
}

function faceWord(face) {
  return face === "N" ? "a naga" : String(face);
}

/** Text form of a call (cards sorted). @param {string[]} cards @returns {string} */
export function callActionText(cards) {
  return ["call", ...[...cards].sort()].join(" ");
}

/** Text form of an invoke. @param {string} card @param {string} pay @param {string[]} [tokens] */
export function invokeActionText(card, pay, tokens = []) {
  return ["invoke", card, pay, ...tokens].join(" ").trim();
}

/** Text form of a placement. @param {number} space @param {number} rotation */
export function placeActionText(space, rotation) {
  return `place ${space} rot${rotation}`;
}

/** Text form of a give. @param {string} card */
export function giveActionText(card) {
  return `give ${card}`;
}

/**
 * The target tokens of a target text ("" → no token).
 * @param {string} text
 * @returns {string[]}
 */
export function splitTarget(text) {
  return String(text ?? "")
    .split(/\s+/)
    .filter(Boolean);
}

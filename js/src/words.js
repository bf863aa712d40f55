// words.js — decisions and game pieces in words for players, not in the engine's syntax: an invoke
// ("Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga"), a placement, a step's label in
// the timeline and the branch menu, what a card's stick symbol and an amulet are. The catalog gives
// the names and texts (written once, in the rules package). Pure: no DOM.

import { spaceWords } from "./changes.js";
import { tokenTarget } from "./tokens.js";

/** @typedef {import("./types.js").Catalog} Catalog */

/** "a brown naga" / "a naga charm". @param {string} pay */
export function payWords(pay) {
  return pay === "charm" ? "a naga charm" : `a ${pay} naga`;
}

function faceWord(face) {
  return face === "N" ? "naga" : String(face);
}

/** "gold N1" for a slot, "gold space 4 (row 1, col 1)" for a space. */
function whereWords(token, temples) {
  const t = tokenTarget(token, temples);
  if (!t) return token;
  return t.kind === "slot" ? `${t.temple} ${t.slot}` : `${t.temple} ${spaceWords(t.space)}`;
}

/** "silver's teal 2" for "p1:teal:2"; "teal 2" for "teal:2". */
function stickWords(token, names) {
  const parts = String(token).split(":");
  if (parts.length === 3 && /^p[01]$/.test(parts[0]))
    return `${names[Number(parts[0][1])] ?? parts[0]}'s ${parts[1]} ${faceWord(parts[2])}`;
  if (parts.length === 2) return `${parts[0]} ${faceWord(parts[1])}`;
  return String(token);
}

/** What an effect does with these targets, in words (R5). */
function targetWords(effect, tokens, names, temples, player) {
  const other = names[1 - player] ?? "the opponent";
  const [a, b] = tokens;
  switch (effect) {
    case "E01":
      return `throw ${stickWords(a, names)} again`;
    case "E02":
      return `take a ${a} stick from the supply and throw it`;
    case "E03":
      return `send ${other}'s ${stickWords(a, names)} back to the supply`;
    case "E04":
      return `turn your ${stickWords(a, names)} to ${faceWord(b)}`;
    case "E05":
      return `take ${other}'s ${stickWords(a, names)}`;
    case "E06":
      return `look at ${tokens.map((t) => whereWords(t, temples)).join(" and ")}`;
    case "E07": {
      const t = tokenTarget(a, temples);
      return `swap ${t ? t.temple : ""} ${tokens.map((x) => tokenTarget(x, temples)?.slot ?? x).join(" ↔ ")}`.replace(
        "  ",
        " ",
      );
    }
    case "E08": {
      const m = /^([A-Za-z]+):(row|col)(\d)$/.exec(String(a));
      return m ? `slide ${m[1]} ${m[2] === "row" ? "row" : "column"} ${m[3]} ${b}` : `slide ${a} ${b}`;
    }
    case "E09":
      return `turn the tile on ${whereWords(a, temples)} to orientation ${String(b).replace(/^rot/, "")}`;
    case "E10": {
      const [s, t] = tokens.map((x) => tokenTarget(x, temples));
      return s && t ? `swap ${s.temple} spaces ${s.space} ↔ ${t.space}` : `swap ${tokens.join(" ↔ ")}`;
    }
    case "E11":
      return `move the trap to ${whereWords(a, temples)}`;
    case "E12":
      return "draw two cards";
    default:
      return tokens.join(" ");
  }
}

/**
 * An invoke in words: "Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga".
 * @param {string} card
 * @param {string} pay
 * @param {string[]} tokens the target tokens
 * @param {?Catalog} catalog
 * @param {{names?: string[], temples?: string[], player?: number}} [who]
 * @returns {string}
 */
export function invokeWords(
  card,
  pay,
  tokens,
  catalog,
  { names = ["gold", "silver"], temples = ["gold", "silver"], player = 0 } = {},
) {
  const info = catalog?.cards?.[card];
  const effect = info?.effect ?? "";
  const name = info?.name ?? card;
  const what = tokens.length || effect === "E12" ? `: ${targetWords(effect, tokens, names, temples, player)}` : "";
  return `Invoke ${name}${what}, paying ${payWords(pay)}`;
}

/** "Place R07 on space 6 (row 2, col 0), openings NES". */
export function placementWords(room, space, openings) {
  return `Place ${room} on ${spaceWords(space)}, openings ${openings || "none"}`;
}

/**
 * A step's action as the timeline shows it ("gold: place 6 rot2") in words ("gold placed a room on
 * space 6 (row 2, col 0), turned 2"). Text it cannot read is returned as it is.
 * @param {?string} label
 * @param {?Catalog} catalog
 * @param {string[]} [names]
 * @param {string[]} [temples]
 * @returns {string}
 */
export function labelWords(label, catalog, names = ["gold", "silver"], temples = ["gold", "silver"]) {
  const m = /^([^:]+): (.*)$/.exec(String(label ?? ""));
  if (!m) return String(label ?? "");
  const [, who, action] = m;
  const words = action.split(/\s+/);
  const player = Math.max(0, names.indexOf(who));
  if (words[0] === "pass") return `${who} passed`;
  if (words[0] === "call") {
    const counted = /^call (\d+) card\(s\)$/.exec(action);
    if (counted) return `${who} called ${counted[1]} card${counted[1] === "1" ? "" : "s"} face down`;
    return `${who} called ${words.slice(1).join(", ")}`;
  }
  if (words[0] === "give")
    return `${who} gave ${words[1]}${catalog?.cards?.[words[1]] ? ` (${catalog.cards[words[1]].name})` : ""}`;
  if (words[0] === "place" && words.length === 3) {
    return `${who} placed the room on ${spaceWords(Number(words[1]))}, turned ${words[2].replace(/^rot/, "")}`;
  }
  if (words[0] === "invoke" && words.length >= 3) {
    const text = invokeWords(words[1], words[2], words.slice(3), catalog, { names, temples, player });
    return `${who} ${text.replace(/^Invoke/, "invoked")}`;
  }
  return String(label);
}

/** What a card's stick symbol means, e.g. for "2× brown". @param {?{count: number, stick: string}} info */
export function stickSymbolMeaning(info) {
  if (!info) return "";
  return `${info.count}× ${info.stick}: when this card is called, it brings ${info.count} ${info.stick} stick${info.count === 1 ? "" : "s"} to throw (R4.2.1)`;
}

/** A card's effect for its tooltip: "Shifting Altars (E07): Swap the relics of two slots of one temple." */
export function cardMeaning(id, catalog) {
  const info = catalog?.cards?.[id];
  if (!info) return "";
  const text = catalog?.effects?.[info.effect]?.text ?? "";
  return `${info.name} (${info.effect})${text ? `: ${text}` : ""} — ${stickSymbolMeaning(info)}`;
}

/** What an amulet is (R1.2): a treasure of 1 or 2 secret points, or a naga charm. */
export function amuletMeaning(id, catalog) {
  const a = catalog?.amulets?.[id];
  if (!a) return "amulets are treasures (1 or 2 secret points) or naga charms, spent once to pay a naga (R1.2)";
  if (a.kind === "charm")
    return `${id}: a naga charm, worth no points; spend it once instead of a naga stick to invoke a card (R1.2, R4.2.2)`;
  return `${id}: a treasure, worth ${a.points} secret point${a.points === 1 ? "" : "s"} (R1.2)`;
}

/**
 * Why the viewer has a single choice now, in words, or null when there are more.
 * @param {import("./types.js").Menu} menu
 * @returns {?string}
 */
export function onlyChoiceReason(menu) {
  if (!menu?.phase) return null;
  if (menu.phase === "confront" && menu.pass && !(menu.invokes ?? []).length) {
    return "Passing is your only choice: no card of yours can be invoked now — there is no naga to pay with, or no effect has a legal target (R4.2.2). It is still your decision, so the way your turn went tells the opponent nothing.";
  }
  if (menu.phase === "place" && (menu.places ?? []).length === 1) {
    return "Only one placement is possible: the room must go in row 2 or next to a tile (R4.3.2), and rotations that give the same openings count as one.";
  }
  if (menu.phase === "call" && (menu.groups ?? []).flat().length === 1) {
    return "You hold a single card, and a call is at least one card (R4.1): it is your only call.";
  }
  return null;
}

/**
 * An action text of the engine ("place 6 rot2", "invoke 03c brown gold:W0") as a decision in words
 * ("Place the room on space 6 (row 2, col 0), turned 2"): the candidates of a bot's explanation.
 * Text it cannot read is returned as it is.
 * @param {string} action
 * @param {?Catalog} catalog
 * @param {{names?: string[], temples?: string[], player?: number}} [who]
 * @returns {string}
 */
export function actionWords(action, catalog, who = {}) {
  const text = String(action ?? "");
  const words = text.split(/\s+/);
  const card = (id) => (catalog?.cards?.[id] ? `${id} (${catalog.cards[id].name})` : id);
  if (text === "pass") return "Pass";
  if (words[0] === "call" && words.length > 1) return `Call ${words.slice(1).map(card).join(", ")}`;
  if (words[0] === "give" && words.length === 2) return `Give ${card(words[1])}`;
  if (words[0] === "place" && words.length === 3 && /^\d$/.test(words[1])) {
    return `Place the room on ${spaceWords(Number(words[1]))}, turned ${words[2].replace(/^rot/, "")}`;
  }
  if (words[0] === "invoke" && words.length >= 3) return invokeWords(words[1], words[2], words.slice(3), catalog, who);
  return text;
}

// words.js — decisions and game pieces in words for players, not in the engine's syntax: an invoke
// being built ("Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga"), a placement, what a
// card's stick symbol and an amulet are. The words of targets, of the timeline's labels and of a
// bot's candidates come from Python (the effect records; docs/widget-protocol.md), the names and
// texts from the catalog. Pure: no DOM.

import { spaceWords } from "./changes.js";

/** @typedef {import("./types.js").Catalog} Catalog */

/** "a brown naga" / "a naga charm". @param {string} pay */
export function payWords(pay) {
  return pay === "charm" ? "a naga charm" : `a ${pay} naga`;
}

/**
 * An invoke in words: "Invoke Shifting Altars: swap gold N1 ↔ E2, paying a brown naga". The words of
 * the target are the menu's (`set_info.words`, written by the effect's record in Python).
 * @param {string} card
 * @param {string} pay
 * @param {?string} words the target in words ("" or null: none shown)
 * @param {?Catalog} catalog
 * @returns {string}
 */
export function invokeWords(card, pay, words, catalog) {
  const name = catalog?.cards?.[card]?.name ?? card;
  return `Invoke ${name}${words ? `: ${words}` : ""}, paying ${payWords(pay)}`;
}

/** "Place R07 on space 6 (row 2, col 0), openings NES". */
export function placementWords(room, space, openings) {
  return `Place ${room} on ${spaceWords(space)}, openings ${openings || "none"}`;
}

/** What a card's stick symbol means, e.g. for "2× brown". @param {?{count: number, stick: string}} info */
export function stickSymbolMeaning(info) {
  if (!info) return "";
  const sticks = `${info.count} ${info.stick} stick${info.count === 1 ? "" : "s"}`;
  return `${info.count}× ${info.stick}: when this card is called, it brings ${sticks} to throw (R4.2.1)`;
}

/** A card's effect for its tooltip: "Shifting Altars (E07): Swap the relics of two slots of one temple."
 */
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
    return (
      `${id}: a naga charm, worth no points; ` + "spend it once instead of a naga stick to invoke a card (R1.2, R4.2.2)"
    );
  return `${id}: a treasure, worth ${a.points} secret point${a.points === 1 ? "" : "s"} (R1.2)`;
}

// words.js — game pieces in words for players, not in the engine's syntax: what a card and its stick
// symbol and an amulet are, from the catalog's names and texts. The words of a decision (each node of
// the menu's tree), of the timeline's labels and of a bot's candidates come from Python
// (naga_widget/widget/choices.py, the effect records; docs/widget-protocol.md). Pure: no DOM.

/** @typedef {import("./types.js").Catalog} Catalog */

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

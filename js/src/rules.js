// rules.js — rule ids in the view's texts (R4.2.2, E07 …) and the text each one opens in a popup.
// The texts travel once, in `catalog.rules` (written from docs/rules.md into the package). Pure: no DOM.

/** @typedef {import("./types.js").Catalog} Catalog */

const RULE_ID = /\b(R\d+(?:\.\d+)*|E\d\d)\b/g;

/**
 * The id whose text explains `id`: itself, or its nearest parent that has a text (R4.2.2.1 → R4.2.2).
 * @param {string} id
 * @param {?Catalog} catalog
 * @returns {?string}
 */
export function resolveRule(id, catalog) {
  const rules = catalog?.rules ?? {};
  let rule = String(id ?? "");
  while (rule) {
    if (Object.prototype.hasOwnProperty.call(rules, rule)) return rule;
    const dot = rule.lastIndexOf(".");
    rule = dot > 0 ? rule.slice(0, dot) : "";
  }
  return null;
}

/**
 * A text cut into plain parts and rule ids that have a text: "pass (R4.2)" →
 * ["pass (", {rule: "R4.2"}, ")"].
 * @param {string} text
 * @param {?Catalog} catalog
 * @returns {Array<string | {rule: string}>}
 */
export function splitRules(text, catalog) {
  const parts = [];
  let last = 0;
  const source = String(text ?? "");
  for (const m of source.matchAll(RULE_ID)) {
    if (!resolveRule(m[1], catalog)) continue;
    if (m.index > last) parts.push(source.slice(last, m.index));
    parts.push({ rule: m[1] });
    last = m.index + m[1].length;
  }
  if (last < source.length) parts.push(source.slice(last));
  return parts;
}

/**
 * The popup's content for a rule id: its id, title and text (of the id or its parent).
 * @param {string} id
 * @param {?Catalog} catalog
 * @returns {?{id: string, shown: string, title: string, text: string}}
 */
export function ruleEntry(id, catalog) {
  const shown = resolveRule(id, catalog);
  if (!shown) return null;
  const entry = catalog.rules[shown];
  return { id, shown, title: entry.title, text: entry.text };
}

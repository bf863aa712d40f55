// Loading the JSON fixtures written by tests/make_fixtures.py (real games of the Python engine).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expandMenu } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * A fixture's traits (board, menu, timeline, log, status, secret), deep-copied. The menu's target
 * sets are expanded to token texts (as the view does) unless `raw` asks for the wire form.
 */
export function fixture(name, { raw = false } = {}) {
  const data = JSON.parse(readFileSync(join(here, "fixtures", `${name}.json`), "utf8"));
  if (!raw && data.menu) data.menu = expandMenu(data.menu);
  return data;
}

export const catalog = JSON.parse(readFileSync(join(here, "fixtures", "catalog.json"), "utf8"));

// Loading the JSON fixtures written by tests/make_fixtures.py (real games of the Python engine).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** A fixture's traits (board, menu, timeline, log, status, secret), deep-copied. */
export function fixture(name) {
  return JSON.parse(readFileSync(join(here, "fixtures", `${name}.json`), "utf8"));
}

export const catalog = JSON.parse(readFileSync(join(here, "fixtures", "catalog.json"), "utf8"));

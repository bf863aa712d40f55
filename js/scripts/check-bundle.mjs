// check-bundle.mjs — is the committed src/naga_widget/static/naga_widget.js what `npm run build` makes from js/src?
// Runs the `build` script of package.json with the output sent to a temporary file, and compares
// the two byte for byte. Exits 1 (with a message saying what to do) when they differ.
import { execSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const js = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = "../src/naga_widget/static/naga_widget.js";
const build = JSON.parse(readFileSync(join(js, "package.json"), "utf8")).scripts.build;
if (!build.includes(`--outfile=${bundle}`)) {
  console.error(`check-bundle: the build script does not write --outfile=${bundle}: ${build}`);
  process.exit(2);
}
const dir = mkdtempSync(join(tmpdir(), "naga-bundle-"));
const fresh = join(dir, "naga_widget.js");
try {
  const command = build.replace(`--outfile=${bundle}`, `--outfile=${JSON.stringify(fresh)}`) + " --log-level=warning";
  execSync(command, {
    cwd: js,
    stdio: "inherit",
    env: { ...process.env, PATH: `${join(js, "node_modules", ".bin")}:${process.env.PATH}` },
  });
  let committed;
  try {
    committed = readFileSync(join(js, bundle));
  } catch {
    committed = null;
  }
  if (committed === null || !committed.equals(readFileSync(fresh))) {
    console.error(
      `check-bundle: ${bundle} is ${committed === null ? "missing" : "out of date"}: it is not what ` +
        "`npm run build` makes from js/src.\nRun `cd js && npm run build` and commit src/naga_widget/static/naga_widget.js " +
        "(never edit it by hand).",
    );
    process.exit(1);
  }
  console.log(`check-bundle: ${bundle} is up to date with js/src`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

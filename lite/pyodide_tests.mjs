// Run the project's tests inside Pyodide under Node: the same Pyodide (and lock) as the site.
//
//   node --experimental-wasm-stack-switching lite/pyodide_tests.mjs [pytest arguments]
//
// Pyodide comes from the built site (site/static/pyodide, unpacked from its npm package by
// lite/build.py); pytest, hypothesis and their dependencies are pure wheels from
// .venv-lite/test-wheels (`python3 lite/build.py test-wheels`). The checkout is mounted at
// /project (NODEFS) and its src/ is imported directly. Tests that need processes are reported
// as skipped (lite/pyodide_plugin.py). The exit code is pytest's.
//
// Without arguments it runs the engine's tests, in two Node processes at once (a Pyodide runs on
// one core): one takes the files of SHARD, the other everything else. NAGA_PYODIDE_JOBS=1 runs
// them in this process, one after the other.
import { spawn } from "node:child_process";
import { readFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pyodideDir = process.env.NAGA_PYODIDE_DIR || join(root, "site", "static", "pyodide");
const wheelDir = process.env.NAGA_TEST_WHEELS || join(root, ".venv-lite", "test-wheels");
const ENGINE_PATHS = ["tests/rules", "tests/bots", "tests/match", "tests/test_golden.py",
  "tests/test_properties.py", "tests/test_rule_ids.py", "tests/test_soak.py",
  // the arena under Pyodide (in-process games, the warning) is tested there; tests/arena/
  // drives processes and the CLI, and one of its tests ends the interpreter (exit 3) here
  "tests/lite/test_pyodide.py",
  // the kernel's side of joining a class server (naga_widget.join): no socket of its own
  "tests/lite/test_join_kernel.py"];
const ENGINE_OPTIONS = [
  // scipy has no pure wheel (it is compiled): its test module cannot be imported here
  "--ignore=tests/bots/test_determinize.py",
  // json.loads of text nested 50,000+ deep overflows Pyodide's stack and kills the interpreter
  // (CPython raises RecursionError): Match.loads must refuse such text before parsing it
  "--deselect=tests/match/test_saves.py::test_hostile_texts_raise_replay_error[text0-JSON cannot be read]",
  "--deselect=tests/match/test_saves.py::test_hostile_texts_raise_replay_error[text1-JSON cannot be read]"];
// About half of the engine's tests by time (paths of ENGINE_PATHS or inside them; on CPython the property
// tests, the rules and the golden game take 48% of the time); the other process runs the rest (the bots,
// the match, the rule ids, the soak...), so a new test file lands there by itself.
const SHARD = ["tests/test_properties.py", "tests/rules", "tests/test_golden.py"];
const SHARDS = [
  [...SHARD, ...ENGINE_OPTIONS],
  [...ENGINE_PATHS.filter((p) => !SHARD.includes(p)),
    ...SHARD.filter((p) => !ENGINE_PATHS.includes(p)).map((p) => `--ignore=${p}`), ...ENGINE_OPTIONS]];

for (const [what, path] of [["Pyodide", join(pyodideDir, "pyodide.mjs")], ["test wheels", join(wheelDir, "wheels.json")]]) {
  if (!existsSync(path)) {
    console.error(`${what} not found at ${path}: run \`make lite\` and \`python3 lite/build.py test-wheels\``);
    process.exit(2);
  }
}

const args = process.argv.slice(2);
const jobs = Number(process.env.NAGA_PYODIDE_JOBS || 2);
if (!args.length && jobs > 1) {
  process.exit(await runShards());
}

/** Each shard in a Node process of its own, all at once; each one's output is printed when it ends. The
 * exit code is the first non-zero one. */
async function runShards() {
  const script = fileURLToPath(import.meta.url);
  const codes = await Promise.all(SHARDS.map((shard, i) => new Promise((done) => {
    const child = spawn(process.execPath, [...process.execArgv, script, ...shard], {
      env: { ...process.env, NAGA_PYODIDE_JOBS: "1" }, stdio: ["ignore", "pipe", "pipe"] });
    const said = [];
    child.stdout.on("data", (chunk) => said.push(chunk));
    child.stderr.on("data", (chunk) => said.push(chunk));
    child.on("close", (code, signal) => {
      console.log(`--- Pyodide tests, part ${i + 1} of ${SHARDS.length}: ${shard.filter((a) => !a.startsWith("--")).join(" ")}`);
      process.stdout.write(Buffer.concat(said));
      done(code ?? (signal ? 1 : 0));
    });
  })));
  return codes.find((code) => code !== 0) ?? 0;
}

const started = performance.now();
const { loadPyodide } = await import(join(pyodideDir, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
const wheels = JSON.parse(readFileSync(join(wheelDir, "wheels.json"), "utf8")).map((name) => join(wheelDir, name));
// the widget's dependencies come from the site's lock, like in the browser
await pyodide.loadPackage(["anywidget", "ipywidgets", "comm", "ipython", ...wheels], { messageCallback: () => {} });
pyodide.FS.mkdirTree("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
console.log(`Pyodide ${pyodide.version} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

pyodide.globals.set("ARGS", pyodide.toPy(args.length ? args : [...ENGINE_PATHS, ...ENGINE_OPTIONS]));
const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir("/project")
sys.path[:0] = ["/project/src", "/project/lite"]
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = "/tmp/hypothesis"  # not the checkout's .hypothesis
import pytest
pytest.main(["-q", "-rs", "-p", "pyodide_plugin", "-p", "no:cacheprovider", "-o", "addopts=-ra", *ARGS])
`);
process.exit(Number(code));

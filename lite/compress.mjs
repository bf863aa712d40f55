// Write NAME.br (brotli) and NAME.gz (gzip -9) beside each file named on stdin (one path a line),
// for lite/serve.py and any static server that serves precompressed files. Run by lite/build.py.
//
//     node lite/compress.mjs CACHE_DIR < files.txt
//
// A sibling is kept only when it is at most 90% of the file. Brotli's best quality (11) is slow
// (minutes for Pyodide's 9.6 MB .wasm), so it is used for .wasm only and its output is kept in
// CACHE_DIR by the file's sha256: the next build takes it from there. Other files use quality 9.
// Prints one JSON line: how many siblings were written and the bytes before and after.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const cache = process.argv[2];
fs.mkdirSync(cache, { recursive: true });
const files = fs.readFileSync(0, "utf8").split("\n").filter(Boolean);
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT } = zlib.constants;

function brotli(data, file) {
  const best = file.endsWith(".wasm");
  const key = crypto.createHash("sha256").update(data).digest("hex") + (best ? ".q11.br" : ".q9.br");
  const cached = path.join(cache, key);
  if (fs.existsSync(cached)) return fs.readFileSync(cached);
  const out = zlib.brotliCompressSync(data, {
    params: {
      [BROTLI_PARAM_QUALITY]: best ? 11 : 9,
      [BROTLI_PARAM_LGWIN]: 24,
      [BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  if (best) fs.writeFileSync(cached, out);
  return out;
}

const total = { files: files.length, siblings: 0, bytes: 0, br: 0, gz: 0 };
for (const file of files) {
  const data = fs.readFileSync(file);
  total.bytes += data.length;
  for (const [suffix, make] of [
    [".br", () => brotli(data, file)],
    [".gz", () => zlib.gzipSync(data, { level: 9 })],
  ]) {
    const out = make();
    const small = out.length <= 0.9 * data.length;
    if (small) {
      fs.writeFileSync(file + suffix, out);
      total.siblings += 1;
    }
    total[suffix.slice(1)] += small ? out.length : data.length;
  }
}
console.log(JSON.stringify(total));

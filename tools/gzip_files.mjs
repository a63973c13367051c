// Compress the site's largest downloads for the first visit: run by tools/build_site.py.
//   node tools/gzip_files.mjs <cache-dir> <file>...
// Writes <file>.gz beside each <file>: a gzip stream made by Zopfli (the same format any
// gzip reader takes, about 4% smaller than zlib's best), which the page inflates as it
// arrives (web/wheels.js). Zopfli is slow (a second or more per megabyte), so each result is
// kept in <cache-dir> (build_site.py: one per machine) under the sha256 of its input: the pinned
// interpreter's files and an unchanged standard library are compressed once per machine; an
// entry unused for two weeks goes.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const [cacheDir, ...files] = process.argv.slice(2);
if (!cacheDir || !files.length) {
  console.error("usage: node tools/gzip_files.mjs <cache-dir> <file>...");
  process.exit(2);
}
mkdirSync(cacheDir, { recursive: true });
for (const file of files) {
  const data = readFileSync(file);
  const cached = join(cacheDir, `${createHash("sha256").update(data).digest("hex")}.gz`);
  if (existsSync(cached) && intact(cached, data)) {
    utimesSync(cached, new Date(), new Date()); // (used: kept)
  } else {
    // One iteration: fifteen (Zopfli's default) take twice the time for 0.2% less.
    const out = await gzipAsync(data, { numiterations: 1 });
    writeFileSync(`${cached}.part`, out);
    renameSync(`${cached}.part`, cached); // never a half-written entry, even if the build is stopped
  }
  writeFileSync(`${file}.gz`, readFileSync(cached));
}
// A kept entry is used only if it inflates to the very input (a damaged one is made again).
function intact(path, data) {
  try {
    return gunzipSync(readFileSync(path)).equals(data);
  } catch {
    return false;
  }
}

// Entries no build has used for a fortnight go (each change of our Python leaves one behind).
const OLD_MS = 14 * 24 * 3600 * 1000;
for (const name of readdirSync(cacheDir)) {
  const path = join(cacheDir, name);
  try {
    if (Date.now() - statSync(path).mtimeMs > OLD_MS) unlinkSync(path);
  } catch {
    // (another build took it away first)
  }
}

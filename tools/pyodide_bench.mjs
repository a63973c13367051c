// ismcts speed in Pyodide (Node, the npm `pyodide` package, offline), from the engine sources.
//   node tools/pyodide_bench.mjs [--iterations N] [--positions K]
// Prints one JSON object: per game and player count the ismcts iterations per second of CPU
// time, measured like tools/bench_bots.py measures CPython (same positions, same seeds).
import { loadPyodide } from "pyodide";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
function option(name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const value = Number(args[i + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} needs a positive integer, got ${args[i + 1]}`);
    process.exit(2);
  }
  return value;
}
const iterations = option("--iterations", 400);
const positions = option("--positions", 4);

const py = await loadPyodide();
py.FS.mkdirTree("/src/tools");
py.FS.mkdirTree("/src/pygames_core");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(root, "pygames_core") }, "/src/pygames_core");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(root, "tools") }, "/src/tools");
py.globals.set("ITERATIONS", iterations);
py.globals.set("POSITIONS", positions);
// Node's CPU time (seconds): Python's process_time is wall time under Emscripten, and the
// figure must not depend on what else the machine is doing.
py.globals.set("cpu_clock", () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
});
const out = py.runPython(`
import json, sys
sys.path[:0] = ["/src", "/src/tools"]
sys.dont_write_bytecode = True
from botspeed import ismcts_speed
json.dumps({"python": sys.version.split()[0], "iterations": ITERATIONS,
            "rows": ismcts_speed(ITERATIONS, POSITIONS, cpu_clock)})
`);
console.log(out);

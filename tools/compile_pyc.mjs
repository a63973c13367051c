// Precompile Python to Pyodide's own bytecode (Python 3.14), so the browser imports
// it without compiling: run by tools/build_site.py.
//   node tools/compile_pyc.mjs <folder> [--stdlib <out.zip>]
// Writes <name>.pyc beside every <name>.py in <folder> (the layout zipimport reads:
// the site imports our wheels straight from their zips), as unchecked hash-based pycs
// (PEP 552): their bytes depend only on the sources, and they are used as is. Their
// file names are relative to <folder> ("pygames_core/base.py"): tracebacks find the
// source lines through the zip's loader. With --stdlib, also writes the site's standard library: the modules
// the sources in <folder> can import, as sourceless bytecode (tools/stdlib_zip.py).
import { readFileSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const args = process.argv.slice(2);
if (!(args.length === 1 || (args.length === 3 && args[1] === "--stdlib"))) {
  console.error("usage: node tools/compile_pyc.mjs <folder> [--stdlib <out.zip>]");
  process.exit(2);
}
const [folder, , outZip] = args;
const py = await loadPyodide();
// What the interpreter imports to start, before this script imports anything itself.
const startup = py.runPython("import sys; sorted(sys.modules)").toJs();
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: resolve(folder) }, "/src");

if (outZip) {
  const out = resolve(outZip);
  py.FS.mkdirTree("/out");
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dirname(out) }, "/out");
  py.FS.mkdirTree("/tools");
  const here = dirname(fileURLToPath(import.meta.url));
  py.FS.writeFile("/tools/stdlib_zip.py", readFileSync(resolve(here, "stdlib_zip.py")));
  py.globals.set("startup", startup);
  py.globals.set("out_zip", `/out/${basename(out)}`);
  py.runPython(`
import sys
sys.path.insert(0, "/tools")
import stdlib_zip
stdlib_zip.build(next(p for p in sys.path if p.endswith(".zip")), "/src", out_zip, list(startup))
`);
}

const ok = py.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/src", quiet=1, force=True, legacy=True, stripdir="/src",
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
print(f"compiled for Python {sys.version.split()[0]} (tag {sys.implementation.cache_tag})")
ok
`);
process.exit(ok ? 0 : 1);

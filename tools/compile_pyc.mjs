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
// No column tables in the bytecode (PEP 657's "^^^" under a traceback's line): a quarter of its
// size. Tracebacks still name each file and line.
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
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

// Our own sources lose their docstrings (nothing reads them at run time; the repository
// has them) but keep every assert, unlike optimize=2.
const ok = py.runPython(`
import ast, importlib.util, marshal, pathlib, sys

def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                    and isinstance(body[0].value.value, str):
                if len(body) == 1:
                    body[0] = ast.copy_location(ast.Pass(), body[0])
                else:
                    del body[0]
    return tree

for path in sorted(pathlib.Path("/src").rglob("*.py")):
    source = path.read_bytes()
    name = path.relative_to("/src").as_posix()
    code = compile(without_docstrings(ast.parse(source, name)), name, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + importlib.util.source_hash(source)
    path.with_suffix(".pyc").write_bytes(header + marshal.dumps(code))
print(f"compiled for Python {sys.version.split()[0]} (tag {sys.implementation.cache_tag})")
True
`);
process.exit(ok ? 0 : 1);

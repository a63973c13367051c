// Precompile Python sources to Pyodide's own bytecode (Python 3.14), so the browser
// imports them without compiling: run by tools/build_site.py on a staging folder.
//   node tools/compile_pyc.mjs <folder>
// Writes __pycache__/*.cpython-314.pyc next to every .py, as unchecked hash-based
// pycs (PEP 552): their bytes depend only on the sources, and they are used as is.
import { loadPyodide } from "pyodide";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node tools/compile_pyc.mjs <folder>");
  process.exit(2);
}
const py = await loadPyodide();
py.FS.mkdirTree("/src");
py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, "/src");
const ok = py.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir("/src", quiet=1, force=True,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
print(f"compiled for Python {sys.version.split()[0]} (tag {sys.implementation.cache_tag})")
ok
`);
process.exit(ok ? 0 : 1);

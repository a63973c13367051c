"""Build the static site into ``dist/``.

    python tools/build_site.py [--out dist]

Layout of the result (every URL in it is relative, so it works at any sub-path)::

    dist/index.html  (with the picture sprite inlined: tools/sprite.py)
         boot.js  styles.css  favicon.svg  icons/  manifest.webmanifest
    dist/i18n/ru.json en.json   (merged from web/i18n/<lang>/*.json)
    dist/pyodide/    pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm
                     stdlib.zip.gz (what the app imports from Python's standard library, as bytecode)
                     stdlib-more.zip (the rest of what it may import, fetched after the first screen)
                     pyodide-lock.json   (lists exactly the wheels below, with their sha256)
                     pygames_core-*.whl.gz  pygames_ui-*.whl.gz  (gzipped whole: web/wheels.js)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from sprite import inline_sprite  # noqa: E402
from wheel import build_wheel, package_files  # noqa: E402

sys.path[:0] = [str(ROOT), str(ROOT / "web")]
import prerender  # noqa: E402

from pygames_ui.i18n import merge_catalogues  # noqa: E402

PYODIDE_NPM = ROOT / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_ZIP = "stdlib.zip"  # replaces Pyodide's python_stdlib.zip (passed as stdLibURL, gzipped: STDLIB_GZ)
STDLIB_GZ = STDLIB_ZIP + ".gz"
FIRST_SCREENS = "<!-- first screens -->"
WEB_STATIC = ("index.html", "boot.js", "morph.js", "p2p.js", "prepage.js", "snapshot.js", "snapshot-worker.js", "wheels.js",
              "bot-worker.js", "styles.css", "favicon.svg", "manifest.webmanifest")
BOOT_PACKAGES = ("pygames-core", "pygames-ui")  # installed at boot; the rest of the lock only on demand
CACHE = ROOT / ".cache" / "site-wheels"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_pinned_wheels() -> list[Path]:
    """Download (once) the wheels pinned in site-requirements.txt, verifying their hashes
    (none today: nothing installs packages at run time, so no micropip is shipped)."""
    req = ROOT / "site-requirements.txt"
    if not re.search(r"^[A-Za-z0-9_.-]+==", req.read_text(), re.M):
        return []
    pins = re.findall(r"^([A-Za-z0-9_.-]+)==([^\s\\]+)", req.read_text(), re.M)
    hashes = dict(re.findall(r"^([A-Za-z0-9_.-]+)==[^\n]*\n\s*--hash=sha256:([0-9a-f]{64})", req.read_text(), re.M))
    wanted = {name.lower().replace("-", "_"): (version, hashes[name]) for name, version in pins}
    CACHE.mkdir(parents=True, exist_ok=True)

    def have() -> dict[str, Path]:
        found = {}
        for whl in CACHE.glob("*.whl"):
            name, version = whl.name.split("-")[:2]
            key = name.lower()
            if key in wanted and wanted[key][0] == version and sha256(whl) == wanted[key][1]:
                found[key] = whl
        return found

    if set(have()) != set(wanted):
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
             "--require-hashes", "--only-binary=:all:", "--python-version", "3.14", "--no-deps",
             "-d", str(CACHE), "-r", str(req)],
            check=True,
        )
    found = have()
    missing = set(wanted) - set(found)
    if missing:
        raise SystemExit(f"pinned wheels missing or with a wrong hash: {sorted(missing)}")
    return [found[k] for k in sorted(found)]


def wheel_name_version(path: Path) -> tuple[str, str]:
    name, version = path.name.split("-")[:2]
    return name.replace("_", "-").lower(), version


PY_SUFFIXES = (".py", ".json", ".typed")
#: The page's own Python beside the UI package (web/*.py): main.py and the parts of its Page.
PAGE_MODULES = tuple(sorted(p.name for p in (ROOT / "web").glob("*.py")))


def with_bytecode(files: dict[str, Path]) -> dict[str, Path]:
    """``files`` with each ``x.py`` replaced by its ``x.pyc`` (written by :func:`precompiled_sources`).

    The site ships bytecode only (zipimport loads a sourceless ``x.pyc``): the sources were
    a fifth of the download. A traceback still names the file and line, as in the repository.
    """
    out: dict[str, Path] = {}
    for arc, path in files.items():
        if arc.endswith(".py"):
            pyc = path.with_suffix(".pyc")
            if not pyc.is_file():
                raise SystemExit(f"no bytecode for {path}")
            out[arc[:-3] + ".pyc"] = pyc
        else:
            out[arc] = path
    return out


#: The engine's command line (simulations over many games, with Dask) is not the site's: its
#: modules, and the standard library only they import, are not shipped (nothing in the page,
#: the bot worker or the snapshot imports them: tests/e2e/test_boot.py imports every module shipped).
CLI_ONLY = ("__main__.py", "simulate.py", "simreport.py", "cluster.py", "census.py", "stats.py")


def stage_dir_of(out: Path) -> Path:
    """One staging folder per output folder (named by its whole path: /tmp/a/dist is not the
    project's dist/), so two builds at once (make serve's and a test's own) never collide."""
    resolved = out.resolve()
    if resolved == (ROOT / "dist").resolve():
        return ROOT / "build" / "py"
    return ROOT / "build" / f"py-{resolved.name}-{hashlib.sha256(str(resolved).encode()).hexdigest()[:10]}"


def precompiled_sources(out: Path) -> Path:
    """Copy the Python sources to a staging folder in build/ and add Pyodide's bytecode beside them.

    Compiling our Python (some 18,000 lines) would take the browser a good part of a second at every boot;
    shipping ``x.pyc`` beside each ``x.py`` (compiled by Pyodide itself, in Node, as
    unchecked hash-based pycs) removes that from the start-up. That is the layout
    zipimport reads: the site puts the wheels themselves on ``sys.path`` (no
    unpacking at start-up). The
    same run writes ``out/pyodide/stdlib.zip``: the standard library modules these
    sources can import, as bytecode (see tools/stdlib_zip.py).
    """
    stage_dir = stage_dir_of(out)
    if stage_dir.exists():
        shutil.rmtree(stage_dir)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    shutil.copytree(ROOT / "pygames_core", stage_dir / "pygames_core",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*", *CLI_ONLY))
    shutil.copytree(ROOT / "web" / "pygames_ui", stage_dir / "pygames_ui", ignore=ignore)
    for page_module in PAGE_MODULES:
        shutil.copy2(ROOT / "web" / page_module, stage_dir / page_module)
    subprocess.run(["node", str(ROOT / "tools" / "compile_pyc.mjs"), str(stage_dir),
                    "--stdlib", str(out / "pyodide" / STDLIB_ZIP)], check=True, cwd=ROOT)
    return stage_dir


def machine_cache(name: str) -> Path:
    """A folder for slow results that depend only on their input, shared by every clone on this
    machine (as pip and uv keep theirs: ``$XDG_CACHE_HOME/pygames``, else ``~/.cache/pygames``);
    the clone's own ``.cache`` where that cannot be written."""
    try:
        path = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pygames" / name
        path.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):  # (no home, or none that may be written)
        path = ROOT / ".cache" / name
    return path


#: Zopfli's output under the sha256 of its input (tools/gzip_files.mjs checks each entry it reuses).
GZ_CACHE = machine_cache("gz")


def gzipping(paths: list[Path]) -> subprocess.Popen[bytes]:
    """Start writing ``<file>.gz`` beside each file (Zopfli: tools/gzip_files.mjs), which the page
    inflates as it arrives (web/wheels.js); :func:`gzipped` waits for it."""
    return subprocess.Popen(["node", str(ROOT / "tools" / "gzip_files.mjs"), str(GZ_CACHE), *map(str, paths)],
                            cwd=ROOT)


def gzipped(paths: list[Path], keep: bool = False, started: subprocess.Popen[bytes] | None = None) -> list[Path]:
    """Each file replaced by ``<file>.gz``. A zip stored without compression and gzipped whole is
    a tenth smaller than one compressed entry by entry, and nothing is inflated at each import.
    ``keep``: the file stays too, beside its twin (Pyodide's wasm, for the service worker);
    ``started``: the :func:`gzipping` of these paths, begun earlier."""
    if (started or gzipping(paths)).wait() != 0:
        raise SystemExit(f"tools/gzip_files.mjs failed on {[p.name for p in paths]}")
    for path in paths:
        if not keep:
            path.unlink()
    return [path.with_name(path.name + ".gz") for path in paths]


def lock_entry(path: Path, imports: list[str], unpacked: str | None = None) -> dict[str, object]:
    """The lock's entry for the wheel shipped at ``path``; ``unpacked``: the sha256 of the wheel
    inside a gzipped one (a server that inflates ``x.gz`` on the way hands the page that)."""
    name, version = wheel_name_version(path)
    entry: dict[str, object] = {
        "name": name,
        "version": version,
        "file_name": path.name,
        "install_dir": "site",
        "sha256": sha256(path),
        "package_type": "package",
        "imports": imports,
        "depends": [],
        "unvendored_tests": False,
    }
    if unpacked is not None:
        entry["unpacked_sha256"] = unpacked
    return entry


def write_boot_config(out: Path, lock: dict[str, object]) -> None:
    """Fill ``boot.js``'s ``__SITE__``: the lock file inline (one request less) and the snapshot key.

    A memory snapshot is only valid for the exact interpreter build, standard library
    and wheels it was made from, and for the worker that made it: the key hashes all of
    them, so any change makes the browser make a fresh one.
    """
    build_id = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (out / "pyodide" / "pyodide.mjs").read_text())
    if not build_id:
        raise SystemExit("pyodide.mjs: no BUILD_ID found (did the pinned Pyodide change its bundle?)")
    key = hashlib.sha256(build_id.group(1).encode())
    for name in (f"pyodide/{STDLIB_GZ}", "snapshot-worker.js", "wheels.js"):
        key.update(hashlib.sha256((out / name).read_bytes()).digest())
    packages = lock["packages"]
    assert isinstance(packages, dict)
    for name in BOOT_PACKAGES:
        key.update(packages[name]["sha256"].encode())
    site = {"lock": lock, "stdlib": f"pyodide/{STDLIB_GZ}", "packages": list(BOOT_PACKAGES),
            "snapshotKey": f"{build_id.group(1)[:12]}-{key.hexdigest()[:20]}"}
    boot = out / "boot.js"
    text = boot.read_text()
    if text.count("__SITE__") != 1:
        raise SystemExit("web/boot.js must name __SITE__ exactly once")
    boot.write_text(text.replace("__SITE__", json.dumps(site, sort_keys=True, separators=(",", ":"))))


def inline_first_screens(index: Path, catalogues: dict[str, dict[str, Any]]) -> None:
    """The home screen, the rules and the new-game forms, in both languages, into ``index.html``
    (``<!-- first screens -->``): rendered by the app itself (tools/prerender.py)."""
    text = index.read_text(encoding="utf-8")
    if text.count(FIRST_SCREENS) != 1:
        raise SystemExit(f"web/index.html must hold {FIRST_SCREENS} exactly once")
    screens = prerender.templates(prerender.render_all(catalogues), catalogues)
    index.write_text(text.replace(FIRST_SCREENS, screens), encoding="utf-8")


def write_service_worker(out: Path, template: Path) -> None:
    """``sw.js`` with the list of every shipped file and a version that changes with any of them.

    A file shipped beside its gzipped twin (``x`` and ``x.gz``: Pyodide's wasm) is not
    downloaded again: the worker keeps the twin it already has, and ``x`` inflated from it."""
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((out / name).read_bytes()).digest())
    inflate = {f: f + ".gz" for f in files if f + ".gz" in files}
    urls = ["./"] + [f for f in files if f != "index.html" and f not in inflate]
    text = (template.read_text().replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__FILES__", json.dumps(urls)).replace("__INFLATE__", json.dumps(inflate)))
    (out / "sw.js").write_text(text)


def check_links(out: Path) -> None:
    """Every file ``index.html``'s ``<link>``s name (what it preloads: the big downloads) is shipped."""
    head = (out / "index.html").read_text(encoding="utf-8").split("</head>", 1)[0]
    missing = [href for href in re.findall(r'<link [^>]*href="([^":#?]+)"', head) if not (out / href).is_file()]
    if missing:
        raise SystemExit(f"web/index.html links to files the site does not ship: {missing}")


def build(out: Path) -> None:
    if not PYODIDE_NPM.is_dir():
        raise SystemExit("node_modules/pyodide is missing: run `npm ci` (make does it for you)")
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    if out.exists():
        shutil.rmtree(out)
    (out / "pyodide").mkdir(parents=True)

    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_NPM / name, out / "pyodide" / name)
    # A first visit's wasm (web/wheels.js): Zopfli takes ~12 s on it (once per machine: GZ_CACHE),
    # beside the compiling of our Python.
    wasm = [out / "pyodide" / "pyodide.asm.wasm"]
    wasm_gz = gzipping(wasm)
    npm_lock = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())

    stage = precompiled_sources(out)
    core = build_wheel(out / "pyodide", meta["name"], meta["version"],
                       with_bytecode(package_files(stage, "pygames_core", PY_SUFFIXES)), summary=meta["description"],
                       stored=True)
    ui_files = package_files(stage, "pygames_ui", PY_SUFFIXES)
    for page_module in PAGE_MODULES:
        ui_files[page_module] = stage / page_module
    ui_files = with_bytecode(ui_files)
    ui = build_wheel(out / "pyodide", "pygames-ui", meta["version"], ui_files,
                     summary="pygames: the Python-to-DOM layer of the site", stored=True)
    shutil.rmtree(stage)  # (in the wheels now: one staging folder per output would pile up in build/)
    inner = {"pygames-core": sha256(core), "pygames-ui": sha256(ui)}
    _, core, ui = gzipped([out / "pyodide" / STDLIB_ZIP, core, ui])
    shipped = {"pygames-core": lock_entry(core, ["pygames_core"], inner["pygames-core"]),
               "pygames-ui": lock_entry(ui, ["pygames_ui", "main"], inner["pygames-ui"])}
    for whl in fetch_pinned_wheels():
        dest = out / "pyodide" / whl.name
        shutil.copy2(whl, dest)
        name, _ = wheel_name_version(dest)
        shipped[name] = lock_entry(dest, [name.replace("-", "_")])
    lock = {"info": npm_lock["info"], "packages": dict(sorted(shipped.items()))}
    (out / "pyodide" / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")

    web = ROOT / "web"
    for name in WEB_STATIC:
        shutil.copy2(web / name, out / name)
    # The QR decoder the host's camera reads answers with (pinned in package.json; loaded on demand).
    shutil.copy2(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js", out / "jsqr.js")
    shutil.copy2(ROOT / "node_modules" / "jsqr" / "LICENSE", out / "jsqr.LICENSE.txt")  # Apache-2.0: it travels along
    inline_first_screens(out / "index.html", merge_catalogues(web / "i18n"))
    inline_sprite(out / "index.html")  # the pictures the tables draw (tools/sprite.py)
    # One stylesheet for the site: the shared rules, then every .css in pygames_ui/tables/: each
    # game's table, assist.css (assist.py, levels_ui.py) and history.css (history.py, replay.py).
    with open(out / "styles.css", "a", encoding="utf-8") as css:
        for part in sorted((web / "pygames_ui" / "tables").glob("*.css")):
            css.write(f"\n/* ---- {part.name} ---- */\n" + part.read_text(encoding="utf-8"))
    shutil.copytree(web / "icons", out / "icons")
    (out / "i18n").mkdir()
    for lang, catalogue in merge_catalogues(web / "i18n").items():
        (out / "i18n" / f"{lang}.json").write_text(json.dumps(catalogue, ensure_ascii=False, separators=(",", ":")))
    gzipped(wasm, keep=True, started=wasm_gz)
    write_boot_config(out, lock)
    write_service_worker(out, web / "sw.js")
    check_links(out)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
          f"{sum(1 for p in out.rglob('*') if p.is_file())} files, {total / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(os.environ.get("PYGAMES_DIST") or ROOT / "dist"))
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()

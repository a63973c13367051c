"""Benchmarks: engine speed in CPython, and boot time in Chromium against a bare Pyodide boot.

    python tools/bench.py              # both tables
    python tools/bench.py --engine     # engine only
    python tools/bench.py --boot       # boot only (needs a built dist/ and Chromium)
    python tools/bench.py --boot --runs 7 --dist dist-me   # another build (default: $PYGAMES_DIST or dist/)

Results are printed as Markdown tables and written to bench-results/latest.json.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "web"))  # the e2e page objects name controls as the web layer does


# The yardstick: the pristine files of the pinned npm package, booted the documented way.
BARE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
BARE_HTML = """<!doctype html><html data-app-state="loading"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src data:">
<link rel="icon" href="data:,"><script type="module" src="bare.js"></script></head><body>bare Pyodide</body></html>"""
BARE_JS = """const t0 = performance.now();
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
performance.mark("boot:pyodide-module");
const py = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
performance.mark("boot:interpreter");
py.runPython("1 + 1");
document.documentElement.dataset.bootMs = String(Math.round(performance.now() - t0));
document.documentElement.dataset.appState = "ready";
"""
READY = 'html[data-app-state="ready"]'
# When each stage of the start-up ended, in ms since navigation: the `boot:*` marks
# (web/boot.js, web/snapshot.js, web/main.py; the bare page marks what it has) and
# the arrival of the interpreter and the standard library.
STAGES_JS = r"""() => {
  const at = {};
  for (const m of performance.getEntriesByType("mark")) if (m.name.startsWith("boot:")) at[m.name.slice(5)] = m.startTime;
  for (const r of performance.getEntriesByType("resource")) {
    const file = r.name.split("/").pop().replace(/\.gz$/, "");  // (a first visit's gzipped twins)
    if (file === "pyodide.asm.wasm") at["wasm downloaded"] = r.responseEnd;
    if (file.endsWith("stdlib.zip")) at["stdlib downloaded"] = r.responseEnd;
  }
  return at;
}"""
STAGE_ORDER = ("script", "pyodide-module", "stdlib downloaded", "wasm downloaded", "catalogues", "snapshot-found",
               "snapshot-read", "snapshot-checked", "interpreter", "main-imported", "app", "first-render", "ready")
# What the site does after it is ready (precache for offline play, the snapshot for the
# next visit) is over when these hold; a second visit comes after that, as in life.
SETTLED = ('html[data-offline="ready"][data-snapshot="saved"], html[data-offline="ready"][data-snapshot="used"], '
           'html[data-offline="ready"][data-snapshot="failed"], html[data-offline="ready"][data-snapshot="unsupported"]')


def _counting_server(directory: Path, base: str) -> tuple[object, str, list[int]]:
    """Serve ``directory`` (tools/serve.py) and count every byte sent: what the browser downloads."""
    from serve import make_server

    sent = [0]
    server = make_server(directory, 0, base, verbose=False)
    handler = server.RequestHandlerClass  # functools.partial(HandlerClass, directory=...)

    class Counting(handler.func):  # type: ignore[name-defined]
        def setup(self) -> None:
            super().setup()
            raw: Any = getattr(self, "wfile")  # noqa: B009 - the base class is only known at run time

            class Writer:
                def write(self, data: bytes) -> int:
                    sent[0] += len(data)
                    return raw.write(data)

                def __getattr__(self, name: str) -> object:
                    return getattr(raw, name)

            self.wfile = Writer()

    server.RequestHandlerClass = functools.partial(Counting, *handler.args, **handler.keywords)  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host!s}:{port}{base}", sent


def bench_boot(runs: int = 5, dist: Path | None = None) -> dict[str, Any]:
    """Navigation to ready, our site against a bare boot of the npm package, cold and warm.

    Cold: a new browser profile (empty HTTP cache, code cache, storage). Warm: a second
    visit in the same context, once the first one has settled (the service worker
    installed, the snapshot stored). Runs alternate between the two pages. Bytes: what
    the server sent during the cold visit, background work included.
    """
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from conftest import CHROMIUM_FLAGS, _executable

    dist = dist or Path(os.environ.get("PYGAMES_DIST") or ROOT / "dist")
    npm = ROOT / "node_modules" / "pyodide"
    if not (dist / "index.html").is_file():
        raise SystemExit("build the site first (make build)")
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare"
        (bare / "pyodide").mkdir(parents=True)
        for name in BARE_FILES:
            shutil.copy2(npm / name, bare / "pyodide" / name)
        (bare / "index.html").write_text(BARE_HTML)
        (bare / "bare.js").write_text(BARE_JS)
        # Two origins: the site's service worker and storage never touch the bare page.
        servers = {"bare": _counting_server(bare, "/bare/"), "app": _counting_server(dist, "/pygames/")}
        results: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": [], "bytes": []} for k in servers}
        stages: dict[str, dict[str, list[dict[str, float]]]] = {k: {"cold": [], "warm": []} for k in servers}
        with sync_playwright() as pw:
            exe = _executable(shell=False)  # the browser players have, not the tests' headless build
            for run in range(runs):
                for kind in ("bare", "app"):
                    _, url, sent = servers[kind]
                    # A new profile on disk: the HTTP and compiled-code caches work as a
                    # player's do (an in-memory profile keeps no 9.6 MB wasm at all).
                    ctx = pw.chromium.launch_persistent_context(
                        str(Path(tmp) / f"profile-{run}-{kind}"), executable_path=exe,
                        args=CHROMIUM_FLAGS if exe else [], headless=True)
                    page = ctx.pages[0] if ctx.pages else ctx.new_page()
                    before = sent[0]
                    for temp in ("cold", "warm"):
                        t0 = time.perf_counter()
                        page.goto(url, wait_until="commit")  # the clock stops at ready, not at "load"
                        page.wait_for_selector(READY, timeout=120_000)
                        results[kind][temp].append((time.perf_counter() - t0) * 1000)
                        stages[kind][temp].append(page.evaluate(STAGES_JS))
                        if temp == "cold":
                            if kind == "app":
                                page.wait_for_selector(SETTLED, timeout=120_000)
                            time.sleep(1.0)  # both: let the browser finish caching compiled code
                            results[kind]["bytes"].append(sent[0] - before)
                    ctx.close()
        for server, _, _ in servers.values():
            server.shutdown()  # type: ignore[attr-defined]
    summary: dict[str, object] = {}
    for temp in ("cold", "warm"):
        b = statistics.median(results["bare"][temp])
        a = statistics.median(results["app"][temp])
        summary[temp] = {"bare_ms": round(b), "app_ms": round(a), "ratio": round(a / b, 3), "target": BOOT_TARGETS[temp]}
    b = statistics.median(results["bare"]["bytes"])
    a = statistics.median(results["app"]["bytes"])
    summary["bytes"] = {"bare": int(b), "app": int(a), "ratio": round(a / b, 3), "target": BOOT_TARGETS["bytes"]}
    summary["runs"] = {k: {t: [round(ms) for ms in v[t]] for t in ("cold", "warm")} for k, v in results.items()}
    summary["stages"] = {
        f"{kind} {temp}": {name: round(statistics.median(times))
                           for name in STAGE_ORDER
                           if (times := [run[name] for run in stages[kind][temp] if name in run])}
        for kind in servers for temp in ("cold", "warm")
    }
    return summary


def stage_table(stages: dict[str, dict[str, int]]) -> str:
    """The start-up stages as a Markdown table: when each ended (median ms since navigation)."""
    columns = list(stages)
    lines = ["| stage ended at (ms) | " + " | ".join(columns) + " |", "|---" + "|---:" * len(columns) + "|"]
    for name in STAGE_ORDER:
        if any(name in stages[c] for c in columns):
            lines.append(f"| {name} | " + " | ".join(str(stages[c].get(name, "")) for c in columns) + " |")
    return "\n".join(lines)


BOOT_TARGETS = {"cold": 0.60, "warm": 0.50, "bytes": 1.05}  # at most these ratios to the bare Pyodide page


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="store_true")
    parser.add_argument("--boot", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=None,
                        help="the built site to measure (default: $PYGAMES_DIST, else dist/)")
    args = parser.parse_args()
    both = not (args.engine or args.boot)
    out: dict[str, object] = {}
    if args.engine or both:
        import bench_engine  # this checkout's engine against the baseline commit's, side by side

        rows = bench_engine.compare()
        out["engine"] = rows
        print(f"\n## Engine: random playouts against {bench_engine.BASELINE_COMMIT} in CPython", sys.version.split()[0])
        print(bench_engine.markdown(rows))
    if args.boot or both:
        boot = bench_boot(args.runs, args.dist.resolve() if args.dist else None)
        out["boot"] = boot
        print(f"\n## Boot in headless Chromium (median of {args.runs}; until the table is interactive)")
        print("| measure | bare Pyodide | pygames | ratio | target |\n|---|---:|---:|---:|---:|")
        for temp in ("cold", "warm"):
            r = boot[temp]
            print(f"| {temp} (ms) | {r['bare_ms']} | {r['app_ms']} | {r['ratio']} | ≤ {r['target']} |")
        r = boot["bytes"]
        print(f"| downloaded (bytes) | {r['bare']:,} | {r['app']:,} | {r['ratio']} | ≤ {r['target']} |")
        print("\nEach run (ms):", json.dumps(boot["runs"]))
        print("\n### Where the start-up time goes (median of the runs)")
        print(stage_table(boot["stages"]))
    (ROOT / "bench-results").mkdir(exist_ok=True)
    (ROOT / "bench-results" / "latest.json").write_text(json.dumps(out, indent=1) + "\n")
    boot_out = out.get("boot")
    if isinstance(boot_out, dict):
        missed = [k for k in ("cold", "warm", "bytes") if boot_out[k]["ratio"] > boot_out[k]["target"]]
        if missed:
            sys.exit("boot targets missed: " + ", ".join(missed))


if __name__ == "__main__":
    main()

"""Benchmarks: engine speed in CPython, and boot time in Chromium against a bare Pyodide boot.

    python tools/bench.py              # both tables
    python tools/bench.py --engine     # engine only
    python tools/bench.py --boot       # boot only (needs a built dist/ and Chromium)

Results are printed as Markdown tables and written to bench-results/latest.json.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))


def bench_engine(seconds: float = 1.5) -> list[dict[str, object]]:
    from pygames_core import bots, games

    rows = []
    for name in games.names():
        game = games.get(name)
        for players in range(game.min_players, game.max_players + 1):
            options = {"target": 150} if name == "klats" else None
            n_games = decisions = 0
            start = time.perf_counter()
            while time.perf_counter() - start < seconds or n_games < 3:
                state = game.new_game(players=players, seed=n_games, options=options)
                bot = bots.get("random", seed=n_games)
                while not game.is_over(state):
                    state = game.apply(state, bot.choose(game, state))
                    decisions += 1
                n_games += 1
            elapsed = time.perf_counter() - start
            rows.append({
                "game": name, "players": players, "games_per_s": round(n_games / elapsed, 2),
                "decisions_per_s": round(decisions / elapsed), "decisions_per_game": round(decisions / n_games, 1),
            })
    return rows


BARE_HTML = """<!doctype html><html data-app-state="loading"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'">
<script type="module" src="bare.js"></script></head><body>bare Pyodide</body></html>"""
BARE_JS = """const t0 = performance.now();
const { loadPyodide } = await import("../pyodide/pyodide.mjs");
const indexURL = new URL("../pyodide/", location.href).href;
const py = await loadPyodide({ indexURL, packageBaseUrl: indexURL });
py.runPython("1 + 1");
document.documentElement.dataset.bootMs = String(Math.round(performance.now() - t0));
document.documentElement.dataset.appState = "ready";
"""


def bench_boot(runs: int = 5) -> dict[str, object]:
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from conftest import CHROMIUM_FLAGS, _executable

    dist = ROOT / "dist"
    if not (dist / "index.html").is_file():
        raise SystemExit("build the site first (make build)")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(dist, site)
        (site / "bench").mkdir()
        (site / "bench" / "bare.html").write_text(BARE_HTML)
        (site / "bench" / "bare.js").write_text(BARE_JS)
        server, url = serve_in_thread(site, "/pygames/")
        results: dict[str, dict[str, list[float]]] = {"bare": {"cold": [], "warm": []}, "app": {"cold": [], "warm": []}}
        with sync_playwright() as pw:
            exe = _executable()
            browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_FLAGS if exe else [])
            for _ in range(runs):
                for kind, path in (("bare", "bench/bare.html"), ("app", "")):
                    ctx = browser.new_context()  # a new context is a cold HTTP cache
                    page = ctx.new_page()
                    for temp in ("cold", "warm"):
                        t0 = time.perf_counter()
                        page.goto(url + path)
                        page.wait_for_selector('html[data-app-state="ready"]', timeout=120_000)
                        wall = (time.perf_counter() - t0) * 1000
                        results[kind][temp].append(wall)
                    ctx.close()
            browser.close()
        server.shutdown()
    summary: dict[str, object] = {}
    for temp in ("cold", "warm"):
        bare = statistics.median(results["bare"][temp])
        app = statistics.median(results["app"][temp])
        summary[temp] = {"bare_ms": round(bare), "app_ms": round(app), "ratio": round(app / bare, 3)}
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="store_true")
    parser.add_argument("--boot", action="store_true")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    both = not (args.engine or args.boot)
    out: dict[str, object] = {}
    if args.engine or both:
        rows = bench_engine()
        out["engine"] = rows
        print("\n## Engine: random games in CPython", sys.version.split()[0])
        print("| game | players | games/s | decisions/s | decisions/game |\n|---|---:|---:|---:|---:|")
        for r in rows:
            print(f"| {r['game']} | {r['players']} | {r['games_per_s']} | {r['decisions_per_s']} | {r['decisions_per_game']} |")
    if args.boot or both:
        boot = bench_boot(args.runs)
        out["boot"] = boot
        print(f"\n## Boot in headless Chromium (median of {args.runs}; until the table is interactive)")
        print("| cache | bare Pyodide (ms) | pygames (ms) | ratio |\n|---|---:|---:|---:|")
        for temp, r in boot.items():
            print(f"| {temp} | {r['bare_ms']} | {r['app_ms']} | {r['ratio']} |")
    (ROOT / "bench-results").mkdir(exist_ok=True)
    (ROOT / "bench-results" / "latest.json").write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

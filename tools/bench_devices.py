"""Play on several devices, measured: what the host sends and how long it works, per move, and
how long a guest waits from opening an invite to seeing its table, and to be back after a reload.

    python tools/bench_devices.py            # every title at its largest table, every other seat a guest
    python tools/bench_devices.py --games 20 --joins 5

A host (seat 0, on its own device) and a guest on every other seat play whole games with
random legal moves through the real referee (``devices/host.py``) and guests
(``devices/guest.py``) on CPython, the messages carried in memory as the data channels
carry them. Reported per title: bytes the host sends per move to each guest (median and
largest message), and the host's time per move (judging it and writing every guest's
frame: median and 95th percentile), on CPython and in Pyodide (the npm package's, under
Node: the interpreter the host's page runs, with the site's own wheels; skipped without
Node). Then, in Chromium, a guest whose browser has the site cached (one visit before:
the service worker and the start-up snapshot) opens an invite in a new tab, presses Join,
and the host takes its answer as a player would paste it: the time from opening the
invite to the guest's table on screen (target: at most 3 s).
Writes bench-results/devices.json.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "tools")]
READY = 'html[data-app-state="ready"]'


from serve import serve_in_thread  # noqa: E402

from pygames_core import games  # noqa: E402
from pygames_ui.devices.guest import Guest  # noqa: E402
from pygames_ui.devices.host import Referee  # noqa: E402
from pygames_ui.devices.loopback import Sent, seated  # noqa: E402


def play(game: str, players: int, seed: int) -> tuple[list[int], list[float]]:
    """One whole game: the bytes of every frame sent to a guest, and the host's ms per move."""
    rng = random.Random(seed)
    sizes: list[int] = []
    times: list[float] = []

    def deliver(host: Referee, guests: dict[int, Guest], out: Sent) -> None:
        for conn, text in out:
            sizes.append(len(text.encode()))
            guests[int(conn[1:])].receive(text)

    host, guests, clock = seated(game, players, seed, "bench", deliver)
    session = host.session
    sizes.clear()
    while not session.game.is_over(session.state):
        clock.now += 1.0
        seat = session.state.current_player
        assert seat is not None
        started = time.perf_counter()
        if seat == 0:
            session.apply(rng.choice(session.game.legal_actions(session.state)))
            out = host.tables()
        else:
            table = guests[seat].table
            assert table is not None
            out = host.receive(f"c{seat}", guests[seat].act(rng.choice(table["legal"])))
        times.append((time.perf_counter() - started) * 1000)
        deliver(host, guests, out)
    return sizes, times


#: Node: the games of :func:`play` in Pyodide, with the site's wheels (``dist/pyodide``); prints
#: ``{title: [ms per move, ...]}`` as JSON. argv: the repository, the number of games per title.
PYODIDE_PLAY = r"""
const [root, count] = process.argv.slice(-2);
const fs = require("fs"), path = require("path"), zlib = require("zlib");
const { loadPyodide } = require(path.join(root, "node_modules/pyodide/pyodide.js"));
(async () => {
  const py = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
  py.FS.mkdirTree("/bench");
  const paths = [];
  for (const file of fs.readdirSync(path.join(root, "dist/pyodide")).filter((f) => f.endsWith(".whl.gz"))) {
    const at = "/bench/" + file.replace(/\.gz$/, "");
    py.FS.writeFile(at, zlib.gunzipSync(fs.readFileSync(path.join(root, "dist/pyodide", file))));
    paths.push(at);
  }
  for (const file of ["bench_devices.py", "serve.py"]) {
    py.FS.writeFile("/bench/" + file, fs.readFileSync(path.join(root, "tools", file)));
  }
  py.globals.set("paths", py.toPy(paths));
  process.stdout.write(py.runPython(`
import json, sys
sys.path[:0] = [*paths, "/bench"]
import bench_devices
from pygames_core import games
json.dumps({name: [t for seed in range(${Number(count)})
                   for t in bench_devices.play(name, games.get(name).max_players, seed)[1]]
            for name in games.names()})
`));
})().catch((err) => { console.error(err); process.exit(1); });
"""


def pyodide_times(count: int) -> dict[str, list[float]]:
    """The host's ms per move in Pyodide (Node), per title: :func:`play`'s games, ``count`` each
    (none without Node, the npm package or a built site)."""
    if shutil.which("node") is None or not (ROOT / "node_modules" / "pyodide").is_dir() or not (ROOT / "dist").is_dir():
        print("  (Pyodide skipped: needs node, node_modules/pyodide and a built site)", file=sys.stderr)
        return {}
    done = subprocess.run(["node", "-e", PYODIDE_PLAY, str(ROOT), str(count)], capture_output=True, text=True,
                          check=True, timeout=1800)
    return {name: sorted(times) for name, times in json.loads(done.stdout).items()}


def join_times(runs: int) -> tuple[list[float], list[float], list[float]]:
    """Seconds from a guest (site cached) opening an invite to its table on screen: the invite
    opens in a new tab of a browser that has visited the site once (as a link tapped in a
    messenger does), so the page boots from its cache and start-up snapshot; then Join, the
    host takes the answer and starts the game. And seconds from that guest's page reloading to
    its table on screen again, back by the spare connection (nothing passed by hand); and from
    the host's page reloading (site cached) to its friend shown back at its table."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from conftest import CHROMIUM_FLAGS, _executable  # the browser the tests use, with their flags

    server, url = serve_in_thread(ROOT / "dist", "/pygames/")
    times, again, host_back = [], [], []
    try:
        with sync_playwright() as pw:
            exe = _executable(shell=False)  # the browser players have, not the tests' headless build
            browser = pw.chromium.launch(headless=True, executable_path=exe, args=CHROMIUM_FLAGS if exe else [])
            for run in range(runs):
                host_ctx, guest_ctx = browser.new_context(), browser.new_context()
                for ctx in (host_ctx, guest_ctx):  # the first visits: the site cached, the start-up snapshot made
                    first = ctx.new_page()
                    first.goto(url)
                    first.wait_for_selector(READY, timeout=120_000)
                    first.wait_for_selector('html[data-snapshot="saved"], html[data-snapshot="failed"]', timeout=120_000)
                    first.close()
                host = host_ctx.new_page()
                host.goto(f"{url}?delay=0&seed={run}")
                host.wait_for_selector(READY, timeout=120_000)
                host.click('[data-action="setup"][data-game="klats"]')
                host.select_option('[name="seat_kind_1"]', "remote")
                host.click('[data-action="start"]')
                host.wait_for_selector("#invite-1")
                link = host.input_value("#invite-1")
                guest = guest_ctx.new_page()
                started = time.perf_counter()
                guest.goto(link)  # a new page: the whole boot is in the time (not a fragment change)
                guest.wait_for_selector('[data-action="p2p-join"]', timeout=120_000)
                guest.click('[data-action="p2p-join"]')
                guest.wait_for_selector("#answer-code")
                host.fill("#answer-1", guest.input_value("#answer-code"))  # (pasted whole: it connects by itself)
                host.wait_for_selector('#lobby [data-state="here"]')
                host.click('[data-action="p2p-start"]')
                guest.wait_for_selector(".klats-table")
                times.append(time.perf_counter() - started)
                for _ in range(250):  # (each side keeps its end of a spare connection as he comes: a moment)
                    if guest.evaluate("localStorage.getItem('pygames.spare')") and host.evaluate(
                            "localStorage.getItem('pygames.friends_waiting')"):
                        break
                    guest.wait_for_timeout(20)
                waiting = host.evaluate("localStorage.getItem('pygames.friends_waiting')")
                started = time.perf_counter()
                guest.reload()
                guest.wait_for_selector(".klats-table", timeout=30_000)
                again.append(time.perf_counter() - started)
                for _ in range(250):  # (the host keeps the connection the guest's new page keeps waiting for it)
                    if host.evaluate("localStorage.getItem('pygames.friends_waiting')") != waiting:
                        break
                    host.wait_for_timeout(20)
                started = time.perf_counter()
                host.reload()  # the host's page reloads: its friend is back by himself
                host.wait_for_selector('.presence [data-state="here"]', timeout=30_000)
                host_back.append(time.perf_counter() - started)
                host_ctx.close()
                guest_ctx.close()
            browser.close()
    finally:
        server.shutdown()
    return times, again, host_back


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="whole games per title (default 10)")
    parser.add_argument("--joins", type=int, default=3, help="guests joining in Chromium (default 3; 0: none)")
    args = parser.parse_args()
    results: dict[str, object] = {}
    in_pyodide = pyodide_times(args.games)
    print("| title | guests | bytes per move per guest (median) | largest message | host ms per move (median, p95) "
          "| in Pyodide |")
    print("|---|---|---|---|---|---|")
    for name in games.names():
        players = games.get(name).max_players
        sizes: list[int] = []
        times: list[float] = []
        for seed in range(args.games):
            s, t = play(name, players, seed)
            sizes += s
            times += t
        times.sort()
        there = in_pyodide.get(name)
        row: dict[str, object] = {
            "guests": players - 1, "bytes_median": statistics.median(sizes), "bytes_max": max(sizes),
            "host_ms_median": round(statistics.median(times), 2), "host_ms_p95": round(times[int(len(times) * 0.95)], 2)}
        if there:
            row.update(pyodide_ms_median=round(statistics.median(there), 2), pyodide_ms_p95=round(there[int(len(there) * 0.95)], 2))
        results[name] = row
        print(f"| {name} | {row['guests']} | {row['bytes_median']:.0f} | {row['bytes_max']} | "
              f"{row['host_ms_median']} ({row['host_ms_p95']}) | "
              + (f"{row['pyodide_ms_median']} ({row['pyodide_ms_p95']}) |" if there else "– |"))
    if args.joins:
        joins, backs, host_backs = (sorted(x) for x in join_times(args.joins))
        results["join_s"] = {"median": round(statistics.median(joins), 2), "max": round(joins[-1], 2), "target": 3.0}
        results["back_after_reload_s"] = {"median": round(statistics.median(backs), 2), "max": round(backs[-1], 2),
                                          "target": 3.0}
        results["back_after_host_reload_s"] = {"median": round(statistics.median(host_backs), 2),
                                               "max": round(host_backs[-1], 2)}
        print(f"\nA guest (site cached) from opening the invite to its table: median {statistics.median(joins):.2f} s, "
              f"max {joins[-1]:.2f} s over {len(joins)} (target <= 3 s)")
        print(f"That guest's page reloaded, back at its table by itself: median {statistics.median(backs):.2f} s, "
              f"max {backs[-1]:.2f} s (target <= 3 s)")
        print(f"The host's page reloaded (its boot included), the friend shown back at its table: median "
              f"{statistics.median(host_backs):.2f} s, max {host_backs[-1]:.2f} s")
    out = ROOT / "bench-results" / "devices.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")
    if args.joins and statistics.median(joins) > 3.0:
        sys.exit(f"target missed: a guest's join took {statistics.median(joins):.2f} s (median) > 3 s")
    if args.joins and statistics.median(backs) > 3.0:
        sys.exit(f"target missed: a guest back after a reload took {statistics.median(backs):.2f} s (median) > 3 s")


if __name__ == "__main__":
    main()

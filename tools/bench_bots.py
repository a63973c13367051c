"""Bot strength and speed: each level against the level below, per game, at 2 players and at the maximum.

    python tools/bench_bots.py                 # the full table (about 1.3 h on 2 idle cores)
    python tools/bench_bots.py --hard-share 0.25  # a quarter of Hard's deals (30 min; wider intervals)
    python tools/bench_bots.py --quick         # a smoke run (a minute)
    python tools/bench_bots.py --deals-hard 8 --jobs 4 --no-pyodide
    python tools/bench_bots.py --only hard:zoomagia:2 --deals-hard 30   # one row of the table

Every deal of a fixed list is played in every seat arrangement: the tested level
in each seat in turn, every other seat the level below.  Deals are seeded
``10_000 + d``; bots are seeded apart from them (from the deal, the arrangement
and the seat).  Hard plays the iteration count the browser reaches in its time
budget at that game and player count (``levels.hard_iterations``), so the run
is repeatable.  The win rate counts a shared win as 1/k; its 95% Wilson
interval must lie above the baseline (1/2 at two players, 1/n at n) for the
level to pass.  Hard's deals per game and player count (:data:`HARD_DEALS`) are
as many as its edge needs to show at six players.

Also measured, in CPU time (so a machine shared with other work gives the
figures of a core to itself): decisions per second of each level (during these
games), and Hard's iterations per second on positions spread over
Medium-vs-Medium games in CPython and in Pyodide (``node tools/pyodide_bench.mjs``,
skipped when Node or the pyodide package is missing); ``levels.hard_iterations()``
is the Pyodide figure times the time budget.
Prints Markdown tables and writes bench-results/bots.json.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from pygames_core import bots, games  # noqa: E402
from pygames_core.bots import levels  # noqa: E402
from pygames_core.simulate import derive_seed  # noqa: E402
from pygames_core.stats import wilson  # noqa: E402

DEAL_BASE = 10_000
#: Pairs measured: (tested level, the level below).
PAIRS = (("medium", "easy"), ("hard", "medium"))
#: Deals of Hard vs Medium per game and player count (every deal is played once per seat).
#: CPU seconds per game at the browser's iterations: Клац! 20 (2 players) and 23 (6),
#: RPS 3.5 and 2.7, Зоомагия 16 and 12.  One Hard seat among five Medium ones needs a few
#: hundred games before its interval can clear 1/6: Клац! gets 240 (5,500 CPU s), Зоомагия 180.
#: RPS: tools/skill_ceiling.py shows no bot can show an edge over Medium there in a feasible run.
#: Зоомагия at two: Hard wins about two games in three, which 60 games show clear of a half (20 did not).
HARD_DEALS = {"hard:klats:2": 10, "hard:klats:6": 40, "hard:rps_zombie:2": 30, "hard:rps_zombie:3": 20,
              "hard:zoomagia:2": 30, "hard:zoomagia:6": 30}
def required(row: dict[str, Any]) -> bool:
    """Must this row clear its baseline (the bench fails otherwise)? Medium over Easy everywhere,
    Hard over Medium at Клац! and Зоомагия (RPS's Hard rows are measured and shown: see above)."""
    return row["level"] == "medium" or row["game"] != "rps_zombie"


#: Positions of the speed table per game and player count.
SPEED_POSITIONS = 8


@dataclass(frozen=True)
class Task:
    game: str
    players: int
    level: str
    below: str
    deal: int
    seat: int  # where the tested level sits
    hard_iterations: int | None = None  # None: levels.hard_iterations() (smoke runs use fewer)


def make_bot(task: Task, key: str, seed: int) -> Any:
    """The bot of level ``key`` with its fixed amount of search (maybe overridden for smoke runs)."""
    level = levels.get(key)
    iterations = task.hard_iterations if key == "hard" else None
    return bots.get(level.bot, seed=seed, **levels.fixed_options(level, task.game, task.players, iterations))


def play(task: Task) -> dict[str, Any]:
    """One game of ``task``; the tested level's share of the win and each level's timings."""
    game = games.get(task.game)
    state = game.new_game(players=task.players, seed=DEAL_BASE + task.deal)
    run_seed = derive_seed(task.deal, task.seat, f"bench/{task.game}/{task.players}/{task.level}")
    seats = [
        make_bot(task, task.level if s == task.seat else task.below, derive_seed(run_seed, s, "bot"))
        for s in range(task.players)
    ]
    spent = {task.level: 0.0, task.below: 0.0}
    made = {task.level: 0, task.below: 0}
    while not game.is_over(state):
        seat = state.current_player
        assert seat is not None
        key = task.level if seat == task.seat else task.below
        started = time.process_time()
        action = seats[seat].choose(game, state)
        spent[key] += time.process_time() - started
        made[key] += 1
        state = game.apply(state, action)
    winners = game.winners(state)
    share = 1.0 / len(winners) if task.seat in winners else 0.0
    return {"task": task, "share": share, "spent": spent, "made": made}


def tasks(deals: dict[str, int], hard_iterations: int | None, only: set[str] | None = None) -> list[Task]:
    """Every game to play: ``deals[level]`` deals per game and player count, every seat arrangement.

    ``deals`` may name a (game, players) pair as ``"hard:klats:6"`` to override the count there;
    ``only``: the rows to play, named the same way (all of them by default).
    """
    out = []
    for name in games.names():
        game = games.get(name)
        for players in sorted({2, game.max_players}):
            for level, below in PAIRS:
                if only is not None and f"{level}:{name}:{players}" not in only:
                    continue
                for deal in range(deals.get(f"{level}:{name}:{players}", deals[level])):
                    for seat in range(players):
                        out.append(Task(name, players, level, below, deal, seat, hard_iterations))
    # The slowest work first, so that no process is left alone with a long game at the end.
    out.sort(key=lambda t: (t.level != "hard", -t.players))
    return out


def strength(
    deals: dict[str, int], jobs: int, hard_iterations: int | None, only: set[str] | None = None
) -> tuple[list[dict[str, Any]], dict[str, dict[str, float]]]:
    todo = tasks(deals, hard_iterations, only)
    results = []
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for i, result in enumerate(pool.imap_unordered(play, todo), 1):
            results.append(result)
            print(f"\r  games: {i}/{len(todo)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    rows = []
    timing: dict[str, dict[str, float]] = {}
    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = {}
    for r in results:
        t: Task = r["task"]
        groups.setdefault((t.game, t.players, t.level), []).append(r)
        for key in r["spent"]:
            tm = timing.setdefault(key, {"seconds": 0.0, "decisions": 0})
            tm["seconds"] += r["spent"][key]
            tm["decisions"] += r["made"][key]
    for (name, players, level), group in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] != "medium")):
        wins = sum(r["share"] for r in group)
        low, high = wilson(wins, len(group))
        below = group[0]["task"].below
        baseline = 1.0 / players
        rows.append({
            "game": name, "players": players, "level": level, "against": below, "games": len(group),
            "wins": wins, "win_rate": wins / len(group), "ci_low": low, "ci_high": high,
            "baseline": baseline, "pass": low > baseline,
        })
    return rows, timing


def pyodide_speed(iterations: int, positions: int) -> list[dict[str, Any]] | None:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules" / "pyodide").is_dir():
        print("  (Pyodide speed skipped: needs node and node_modules/pyodide)", file=sys.stderr)
        return None
    proc = subprocess.run(
        [node, str(ROOT / "tools" / "pyodide_bench.mjs"), "--iterations", str(iterations), "--positions", str(positions)],
        capture_output=True, text=True, cwd=ROOT, timeout=1800,
    )
    if proc.returncode != 0:
        print(f"  (Pyodide speed failed: {proc.stderr.strip()[-300:]})", file=sys.stderr)
        return None
    rows: list[dict[str, Any]] = json.loads(proc.stdout.strip().splitlines()[-1])["rows"]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals-medium", type=int, default=60, help="deals for Medium vs Easy (default 60)")
    parser.add_argument("--deals-hard", type=int,
                        help="deals for Hard vs Medium at every game and player count (default: HARD_DEALS)")
    parser.add_argument("--hard-share", type=float, default=1.0,
                        help="play this share of HARD_DEALS (at least one deal each): a shorter run on a busy machine")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--speed-iterations", type=int, default=400)
    parser.add_argument("--no-pyodide", action="store_true")
    parser.add_argument("--hard-iterations", type=int, help="search less than the browser does (smoke runs only)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: few deals, Hard at 100 iterations, no Pyodide")
    parser.add_argument("--only", help="only these rows, comma-separated, e.g. hard:zoomagia:2,hard:klats:6 (then no speed "
                                       "tables, and bench-results/bots.json is left as it is)")
    args = parser.parse_args()
    if args.quick:
        args.deals_medium, args.deals_hard, args.no_pyodide, args.speed_iterations = 2, 1, True, 100
        args.hard_iterations = 100
    if min(args.deals_medium, args.deals_hard or 1, args.jobs, args.speed_iterations) < 1:
        parser.error("--deals-*, --jobs and --speed-iterations must be at least 1")
    if not 0 < args.hard_share <= 1:
        parser.error(f"--hard-share must be in (0, 1], got {args.hard_share}")
    from botspeed import ismcts_speed

    started = time.perf_counter()
    print("## Bot strength: each level against the level below (every deal in every seat)\n")
    if args.deals_hard is not None:
        deals = {"medium": args.deals_medium, "hard": args.deals_hard}
    else:
        scaled = {key: max(1, round(args.hard_share * n)) for key, n in HARD_DEALS.items()}
        deals = {"medium": args.deals_medium, "hard": min(scaled.values()), **scaled}
    only = {x.strip() for x in args.only.split(",") if x.strip()} if args.only else None
    if only is not None and not only <= {k for k in (f"{lv}:{n}:{p}" for lv, _ in PAIRS for n in games.names()
                                                     for p in (2, games.get(n).max_players))}:
        parser.error(f"--only: no such row in {sorted(only)} (level:game:players, e.g. hard:zoomagia:2)")
    rows, timing = strength(deals, args.jobs, args.hard_iterations, only)
    print("| game | players | level | vs | games | win rate | 95% interval | baseline | clear |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['game']} | {r['players']} | {r['level']} | {r['against']} | {r['games']} | "
              f"{100 * r['win_rate']:.1f}% | {100 * r['ci_low']:.1f}–{100 * r['ci_high']:.1f}% | "
              f"{100 * r['baseline']:.0f}% | {'yes' if r['pass'] else 'NO'} |")
    missed = [f"{r['level']} {r['game']} {r['players']}p" for r in rows if required(r) and not r["pass"]]
    if only is not None:
        print(f"\n({time.perf_counter() - started:.0f} s; rows of --only: nothing written)")
        if missed:
            sys.exit("not clear of the baseline: " + ", ".join(missed))
        return
    print("\n## Decisions per CPU second (in these games, all games pooled)\n")
    print("| level | bot | decisions | per second |")
    print("|---|---|---|---|")
    for level_key in levels.keys():
        tm = timing.get(level_key)
        if tm and tm["decisions"]:
            print(f"| {level_key} | {levels.get(level_key).bot} | {int(tm['decisions'])} | "
                  f"{tm['decisions'] / tm['seconds']:.1f} |")
    print(f"\n## Hard's iterations per CPU second ({args.speed_iterations} iterations on {SPEED_POSITIONS} "
          "positions spread over Medium-vs-Medium games)\n")
    cpython = ismcts_speed(args.speed_iterations, SPEED_POSITIONS)
    pyodide = None if args.no_pyodide else pyodide_speed(args.speed_iterations, SPEED_POSITIONS)
    in_browser: dict[tuple[Any, Any], float] = {(r["game"], r["players"]): r["iterations_per_s"] for r in pyodide or []}
    print("| game | players | CPython | Pyodide (Node) | Hard's budget per move | Pyodide in it | Hard plays |")
    print("|---|---|---|---|---|---|---|")
    for r in cpython:
        key = (r["game"], r["players"])
        py = in_browser.get(key)
        name, players = str(r["game"]), int(str(r["players"]))
        budget = levels.hard_budget_ms(name, players) / 1000
        print(f"| {name} | {players} | {r['iterations_per_s']} | {py if py else '–'} | {budget:.2f} s | "
              f"{round(py * budget) if py else '–'} | {levels.hard_iterations(name, players)} |")
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "bots.json").write_text(json.dumps({
        "strength": rows, "timing": timing, "cpython": cpython, "pyodide": pyodide,
        "deals": deals, "hard_iterations": args.hard_iterations or {
            f"{name}:{n}": levels.hard_iterations(name, n) for name in games.names() for n in (2, games.get(name).max_players)},
        "seconds": round(time.perf_counter() - started, 1),
    }, indent=1))
    print(f"\n({time.perf_counter() - started:.0f} s; written to bench-results/bots.json)")
    if missed:
        sys.exit("not clear of the baseline: " + ", ".join(missed))


if __name__ == "__main__":
    main()

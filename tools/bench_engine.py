"""Engine throughput, side by side: this checkout's engine against a baseline commit's.

    python tools/bench_engine.py                      # against BASELINE_COMMIT
    python tools/bench_engine.py --baseline abc1234 --rounds 5 --seconds 0.5

The baseline commit is checked out as a git worktree under ``.cache/bench-baseline``
(made by this script, kept for the next run).  Each engine is imported in its own
subprocess; the two are asked in turn, round after round, to play random games
(a new game, then uniformly random legal actions until it ends) for a fixed
CPU time, so that both see the same machine load; each engine's best round
counts (CPU time of the worker process, best of the rounds: other work on a
shared machine can only slow a run down, never speed it up).  Two paths are measured:

* ``apply`` – with the validation a caller's action gets;
* ``unchecked`` – ``legal_actions`` + ``apply_unchecked``, the path search uses.

Every run plays the same seeds: both engines get the same deals and the same random choices
(as long as their rules agree).  Prints a Markdown table with the ratios.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: The engine before its fast paths (tests/engine/test_fast_paths.py) were written.
BASELINE_COMMIT = "f119dda"
WORKTREE = ROOT / ".cache" / "bench-baseline"

# Runs inside each engine's subprocess: one JSON request per stdin line, one JSON reply per stdout line.
WORKER = r"""
import json, random, sys, time
from pygames_core import games

def play(game, players, seed, unchecked):
    state = game.new_game(players=players, seed=seed)
    rnd = random.Random(seed)
    step = game.apply_unchecked if unchecked else game.apply
    n = 0
    while True:
        legal = game.legal_actions(state)
        if not legal:
            return n
        state = step(state, legal[rnd.randrange(len(legal))])
        n += 1

for line in sys.stdin:
    req = json.loads(line)
    game = games.get(req["game"])
    seed, played, decisions = req["seed"], 0, 0
    start = time.process_time()
    while True:
        decisions += play(game, req["players"], seed + played, req["unchecked"])
        played += 1
        elapsed = time.process_time() - start
        if elapsed >= req["seconds"]:
            break
    print(json.dumps({"games": played, "decisions": decisions, "seconds": elapsed}), flush=True)
"""


def ensure_worktree(commit: str) -> Path:
    """``WORKTREE`` checked out at ``commit`` (created on first use)."""
    sha = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--verify", f"{commit}^{{commit}}"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    if (WORKTREE / ".git").exists():
        head = subprocess.run(["git", "-C", str(WORKTREE), "rev-parse", "HEAD"], capture_output=True, text=True)
        if head.stdout.strip() != sha:
            subprocess.run(["git", "-C", str(WORKTREE), "checkout", "--quiet", "--detach", sha], check=True)
    else:
        WORKTREE.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], check=True)
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--quiet", "--detach", str(WORKTREE), sha], check=True,
        )
    return WORKTREE


class Engine:
    """One engine, imported from ``root`` in a subprocess of its own."""

    def __init__(self, root: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER], cwd=root, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        )

    def run(self, **request: Any) -> dict[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine worker died on {request}")
        result: dict[str, float] = json.loads(line)
        return result

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def configurations(only: list[str] | None = None) -> list[tuple[str, int]]:
    """Every game (or those in ``only``) at 2 players and at its maximum."""
    sys.path.insert(0, str(ROOT))
    from pygames_core import games

    out = []
    for name in games.names():
        if only and name not in only:
            continue
        g = games.get(name)
        out += [(name, p) for p in sorted({g.min_players, 2, g.max_players}) if g.min_players <= p]
    return out


def compare(
    baseline: str = BASELINE_COMMIT, rounds: int = 5, seconds: float = 0.4, only: list[str] | None = None,
) -> list[dict[str, Any]]:
    """Alternate the baseline and the current engine on every configuration; games per second of each."""
    engines = {"baseline": Engine(ensure_worktree(baseline)), "current": Engine(ROOT)}
    rows = []
    try:
        for name, players in configurations(only):
            row: dict[str, Any] = {"game": name, "players": players}
            for path in ("apply", "unchecked"):
                # Best of the rounds: other work on the machine only ever slows a run down.
                best = {k: {"games_per_s": 0.0, "decisions_per_s": 0.0} for k in engines}
                for r in range(rounds):
                    order = list(engines) if r % 2 == 0 else list(reversed(engines))
                    for key in order:
                        res = engines[key].run(game=name, players=players, seed=0, seconds=seconds,
                                               unchecked=path == "unchecked")
                        if res["games"] / res["seconds"] > best[key]["games_per_s"]:
                            best[key] = {"games_per_s": res["games"] / res["seconds"],
                                         "decisions_per_s": res["decisions"] / res["seconds"]}
                for key, b in best.items():
                    row[f"{key}_{path}_games_per_s"] = round(b["games_per_s"], 1)
                    row[f"{key}_{path}_decisions_per_s"] = round(b["decisions_per_s"])
                row[f"{path}_ratio"] = round(
                    row[f"current_{path}_games_per_s"] / row[f"baseline_{path}_games_per_s"], 2
                )
            rows.append(row)
    finally:
        for engine in engines.values():
            engine.close()
    return rows


def markdown(rows: list[dict[str, Any]], baseline: str = BASELINE_COMMIT) -> str:
    lines = [
        f"| game | players | {baseline} apply (games/s) | current apply (games/s) | ratio "
        f"| {baseline} unchecked | current unchecked | ratio |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r['players']} | {r['baseline_apply_games_per_s']} | {r['current_apply_games_per_s']} "
            f"| **{r['apply_ratio']}×** | {r['baseline_unchecked_games_per_s']} "
            f"| {r['current_unchecked_games_per_s']} | {r['unchecked_ratio']}× |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE_COMMIT, help="commit to compare with")
    parser.add_argument("--rounds", type=int, default=5, help="alternations per configuration")
    parser.add_argument("--seconds", type=float, default=0.4, help="CPU time per run")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    rows = compare(args.baseline, args.rounds, args.seconds, args.game)
    print(f"\n## Engine: random playouts, this checkout against {args.baseline} (CPython {sys.version.split()[0]})")
    print(markdown(rows, args.baseline))


if __name__ == "__main__":
    main()

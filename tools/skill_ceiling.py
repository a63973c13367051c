"""How much any bot could gain over Medium: the skill ceiling of each game against Medium play.

    python tools/skill_ceiling.py rps_zombie 2 --positions 200 --rollouts 64
    python tools/skill_ceiling.py zoomagia 6 --positions 60 --rollouts 24 --hard --jobs 2

Against opponents who play Medium, a player's extra chance of winning over a Medium
player in his seat is, by the performance-difference lemma (Kakade & Langford 2002),
the sum over his decisions of the *advantage* of his move over Medium's, both valued
by what happens when everyone plays Medium afterwards.  No move beats the best one,
so ``decisions per game x mean (best value - Medium's value)`` bounds what *any*
policy gains over Medium (on the positions Medium reaches; a policy that mostly
agrees with Medium reaches much the same ones).

Positions are taken from Medium-vs-Medium games on deals seeded ``50_000 + d``
(apart from the strength benchmark's deals).  At each, from the mover's own view,
``--rollouts`` deals consistent with that view are drawn (``determinize``); every
legal move is played on each and the game finished by Medium bots, the same deal
and the same bot seeds for every move (common random numbers: a move that changes
nothing scores exactly as Medium's).  Printed:

- ``best move``: mean over positions of (best move's value - Medium's move's value).  The
  best of noisy values is biased upwards, so this *over*states the room;
- ``held-out pick``: the move picked on half the rollouts, valued on the other half: an
  unbiased value of a bot that exists (one that plays out every move on a few deals), so the
  room is at least this;
- each times the decisions per seat per game (with more than one legal move), in points
  added to Medium's win rate, with a 95% margin over positions, and how many games a bot
  that good would need before its 95% interval clears the baseline;
- ``--only TYPE`` keeps positions of one action type (``push``, ``bank``, ``defend`` ...);
  otherwise the gaps are also given per type;
- with ``--hard``: Hard's move valued the same way, and its gain over Medium's move;
- ``--save FILE``: the positions (state JSON) and every move's value, to compare bot
  variants on the same positions without playing out again.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames_core import bots, games  # noqa: E402
from pygames_core.bots import levels  # noqa: E402
from pygames_core.rng import Rng  # noqa: E402
from pygames_core.stats import Z95  # noqa: E402

SEED_BASE = 50_000


def positions(name: str, players: int, count: int, stride: int, kind: str | None = None) -> tuple[list[Any], float]:
    """``count`` positions (every ``stride``-th real decision of Medium games, of action type ``kind``
    if given) and decisions per seat per game."""
    game = games.get(name)
    found: list[Any] = []
    decisions = 0
    played = 0
    d = 0
    while len(found) < count:
        state = game.new_game(players=players, seed=SEED_BASE + d)
        medium = [bots.get("greedy", seed=d * players + s) for s in range(players)]
        k = 0
        while not game.is_over(state):
            seat = state.current_player
            assert seat is not None
            legal = game.legal_actions(state)
            if len(legal) > 1 and (kind is None or legal[0].get("type") == kind):
                decisions += 1
                if k % stride == d % stride:
                    found.append(state)
                k += 1
            state = game.apply(state, medium[seat].choose(game, state))
        played += 1
        d += 1
    return found[:count], decisions / (played * players)


def _rollout(game: Any, state: Any, players: int, seed: int, me: int) -> float:
    """``me``'s share of the win when every seat plays Medium from ``state`` on."""
    medium = [bots.get("greedy", seed=seed * 16 + s) for s in range(players)]
    while not game.is_over(state):
        state = game.apply_unchecked(state, medium[state.current_player].choose(game, state))
    winners = game.winners(state)
    return 1.0 / len(winners) if me in winners else 0.0


def measure(job: tuple[str, int, int, Any, int, bool]) -> dict[str, Any]:
    """The gaps of one position (see the module docstring)."""
    name, players, index, state, rollouts, hard = job
    game = games.get(name)
    me = state.current_player
    view = game.view(state, me)
    legal = game.legal_actions(state)
    values = [[0.0] * rollouts for _ in legal]
    for k in range(rollouts):
        deal = game.determinize(view, Rng.from_seed(index * 10_007 + k))
        for i, action in enumerate(legal):
            values[i][k] = _rollout(game, game.apply_unchecked(deal, action), players, index * 10_007 + k, me)
    mean = [sum(v) / rollouts for v in values]
    medium = legal.index(bots.get("greedy", seed=index).choose(game, state))
    pick = max(range(len(legal)), key=lambda i: sum(values[i][0::2]))
    out = {
        "gap": max(mean) - mean[medium],
        "held_out": (sum(values[pick][1::2]) - sum(values[medium][1::2])) / len(values[medium][1::2]),
        "spread": max(mean) - min(mean),
        "kind": str(legal[0].get("type", "?")),
        "index": index,
        "values": mean,
    }
    if hard:
        bot = levels.make("hard", seed=index, game=name, players=players)
        chosen = mean[legal.index(bot.choose(game, state))]
        out["hard"] = max(mean) - chosen
        out["hard_vs_medium"] = chosen - mean[medium]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("players", type=int)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=32)
    parser.add_argument("--stride", type=int, default=3, help="take every stride-th decision of a game")
    parser.add_argument("--hard", action="store_true", help="also value Hard's move on every position")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", metavar="TYPE", help="only positions whose moves are of this action type")
    parser.add_argument("--save", type=Path, help="write every position (state JSON) and its moves' values here")
    args = parser.parse_args()
    game = games.get(args.game)
    if not game.min_players <= args.players <= game.max_players:
        parser.error(f"{args.game} takes {game.min_players} to {game.max_players} players")
    if min(args.positions, args.rollouts - 1, args.stride, args.jobs) < 1:
        parser.error("--positions, --stride and --jobs must be at least 1, --rollouts at least 2")
    started = time.perf_counter()
    found, per_game = positions(args.game, args.players, args.positions, args.stride, args.only)
    jobs = [(args.game, args.players, i, s, args.rollouts, args.hard) for i, s in enumerate(found)]
    results = []
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for i, r in enumerate(pool.imap_unordered(measure, jobs), 1):
            results.append(r)
            print(f"\r  positions: {i}/{len(jobs)}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = len(results)
    if args.save:
        game_obj = games.get(args.game)
        results.sort(key=lambda r: r["index"])
        args.save.write_text(json.dumps({
            "game": args.game, "players": args.players, "rollouts": args.rollouts, "per_game": per_game,
            "positions": [{"state": game_obj.to_json(found[r["index"]]), "values": r["values"], "index": r["index"]}
                          for r in results],
        }))
    baseline = 1.0 / args.players

    def avg(key: str, of: list[dict[str, Any]] = results) -> float:
        return float(sum(r[key] for r in of)) / len(of)

    def points(key: str, of: list[dict[str, Any]] = results) -> str:
        """The per-game gain of ``key`` in points, with its 95% margin over positions."""
        mean = avg(key, of)
        spread = math.sqrt(sum((r[key] - mean) ** 2 for r in of) / (len(of) - 1) / len(of)) if len(of) > 1 else 0.0
        return f"{100 * per_game * mean:+.1f} ± {100 * per_game * Z95 * spread:.1f} points"

    print(f"{args.game}, {args.players} players: {n} positions, {args.rollouts} rollouts per move, "
          f"{per_game:.1f} decisions per seat per game{' of type ' + args.only if args.only else ''} "
          f"({time.perf_counter() - started:.0f} s)")
    for key, label in (("gap", "best move (upper bound)"), ("held_out", "held-out pick (a policy that exists)")):
        gain = per_game * avg(key)
        p = min(1.0, baseline + gain)
        need = f"{Z95 ** 2 * p * (1 - p) / gain ** 2:,.0f}" if gain > 0 else "never"
        print(f"  {label}: {avg(key):.4f} per decision, {points(key)} a game over Medium's "
              f"{100 * baseline:.1f}%; games to show such a bot's edge: {need}")
    print(f"  positions where the move matters (values differ): {sum(r['spread'] > 0 for r in results)}/{n}")
    kinds = sorted({r["kind"] for r in results})
    for kind in kinds if len(kinds) > 1 else []:
        of = [r for r in results if r["kind"] == kind]
        line = f"  {kind}: {len(of)} positions, gap {avg('gap', of):.4f}, held-out {avg('held_out', of):+.4f}"
        print(line + (f", Hard minus Medium {avg('hard_vs_medium', of):+.4f}" if args.hard else ""))
    if args.hard:
        print(f"  Hard: gap {avg('hard'):.4f} per decision (Medium's {avg('gap'):.4f}); Hard's move minus Medium's "
              f"{avg('hard_vs_medium'):+.4f} per decision, {points('hard_vs_medium')} a game")


if __name__ == "__main__":
    main()

"""How well each game's ``evaluate(view)`` predicts the winner (Hard's leaf values).

    python tools/calibrate_bots.py                  # every game at 2 players and at the maximum
    python tools/calibrate_bots.py --games 200 --only klats

Medium-vs-Medium games are played on deals seeded ``50_000 + d`` (apart from the
benchmark's ``10_000 + d``); at every decision the mover's ``evaluate`` gives each
seat a chance of winning.  Printed per game and player count: the mean log-loss
of the actual winner (a shared win counts each winner's share) against no
opinion (log n), and the temperature scale that would fit best overall and in
each third of the game.  The scale is applied to evaluate's own output
(``p ** (1 / s)``, normalised: its softmax at ``s`` times the temperature), so a
calibrated evaluate fits best near 1 in every third; a best scale above 1 means
it is overconfident there.
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pygames_core import bots, games  # noqa: E402

SCALES = (0.25, 0.35, 0.5, 0.7, 1.0, 1.4, 2.0, 2.8, 4.0, 5.6, 8.0)
Record = tuple[list[float], list[int]]  # evaluate's chances, the winners


def records(name: str, players: int, count: int) -> list[list[Record]]:
    """Per game, in order: the mover's evaluate at every decision and the game's winners."""
    game = games.get(name)
    evaluate = importlib.import_module(f"pygames_core.bots.heuristics.{name}").evaluate
    out = []
    for d in range(count):
        state = game.new_game(players=players, seed=50_000 + d)
        medium = [bots.get("greedy", seed=d * players + s) for s in range(players)]
        chances = []
        while not game.is_over(state):
            seat = state.current_player
            assert seat is not None
            chances.append(evaluate(game.view(state, seat)))
            state = game.apply(state, medium[seat].choose(game, state))
        winners = game.winners(state)
        out.append([(c, winners) for c in chances])
    return out


def loss(recs: list[Record], scale: float) -> float:
    """Mean log-loss of the winners under the chances sharpened or softened by ``scale``."""
    total = 0.0
    for chances, winners in recs:
        weights = [p ** (1.0 / scale) if p > 0 else 0.0 for p in chances]
        norm = sum(weights)
        total -= sum(math.log(max(1e-300, weights[w] / norm)) for w in winners) / len(winners)
    return total / len(recs)


def best_scale(recs: list[Record]) -> float:
    return min(SCALES, key=lambda s: loss(recs, s))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="Medium-vs-Medium games per row (default 100)")
    parser.add_argument("--only", choices=games.names(), help="one game")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    print("| game | players | positions | no opinion | evaluate | best scale | early | middle | late |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in [args.only] if args.only else games.names():
        game = games.get(name)
        for players in sorted({2, game.max_players}):
            per_game = records(name, players, args.games)
            flat = [r for g in per_game for r in g]
            thirds: list[list[Record]] = [[], [], []]
            for g in per_game:
                for i, r in enumerate(g):
                    thirds[3 * i // len(g)].append(r)
            print(f"| {name} | {players} | {len(flat)} | {math.log(players):.3f} | {loss(flat, 1.0):.3f} | "
                  f"{best_scale(flat):g} | " + " | ".join(f"{best_scale(t):g}" for t in thirds) + " |", flush=True)


if __name__ == "__main__":
    main()

"""ismcts search speed on fixed positions: shared by tools/bench_bots.py (CPython) and
tools/pyodide_bench.mjs (Pyodide), so both interpreters search exactly the same trees.

Standard library and ``pygames_core`` only (it runs inside Pyodide).
"""

from __future__ import annotations

import time

from pygames_core import bots, games
from pygames_core.base import Game, State
from pygames_core.bots.ismcts import IsmctsBot

#: Random decisions played before a measured position, per position index.
WARMUP_MOVES = (4, 12, 24, 40)


def positions(game: Game, players: int, count: int) -> list[State]:
    """``count`` positions from fixed deals, spread over the game, each with a real choice."""
    out: list[State] = []
    for seed in range(count):
        state = game.new_game(players=players, seed=1000 + seed)
        rnd = bots.get("random", seed=seed)
        chosen = None  # the latest position with a real choice, up to the warm-up length
        for _ in range(WARMUP_MOVES[seed % len(WARMUP_MOVES)] + 1):
            if game.is_over(state):
                break
            if len(game.legal_actions(state)) > 1:
                chosen = state
            state = game.apply(state, rnd.choose(game, state))
        if chosen is None:
            raise RuntimeError(f"{game.name}: deal {1000 + seed} has no open position")
        out.append(chosen)
    return out


def ismcts_speed(iterations: int, count: int) -> list[dict[str, object]]:
    """Per game at 2 players and at the maximum: ismcts iterations per second (fixed positions)."""
    rows: list[dict[str, object]] = []
    for name in games.names():
        game = games.get(name)
        for players in sorted({2, game.max_players}):
            states = positions(game, players, count)
            IsmctsBot(seed=0, iterations=20).analyse(game, states[0])  # imports, caches
            elapsed = 0.0
            for i, state in enumerate(states):
                bot = IsmctsBot(seed=i, iterations=iterations)
                started = time.perf_counter()
                bot.analyse(game, state)
                elapsed += time.perf_counter() - started
            rows.append({
                "game": name, "players": players,
                "iterations_per_s": round(iterations * len(states) / elapsed),
            })
    return rows

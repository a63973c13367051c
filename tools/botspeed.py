"""ismcts search speed on fixed positions: shared by tools/bench_bots.py (CPython) and
tools/pyodide_bench.mjs (Pyodide), so both interpreters search exactly the same trees.

Standard library and ``pygames_core`` only (it runs inside Pyodide).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from pygames_core import bots, games
from pygames_core.base import Game, State
from pygames_core.bots import levels
from pygames_core.bots.ismcts import IsmctsBot


def positions(game: Game, players: int, count: int) -> list[State]:
    """``count`` positions where the player to move has a real choice, spread evenly over the
    Medium-vs-Medium games of fixed deals (the positions Hard meets at the table: a position
    near the start, where the whole game remains to be played out, is slower to search than
    one near the end)."""
    out: list[State] = []
    for i in range(count):
        state = game.new_game(players=players, seed=1000 + i)
        medium = bots.get("greedy", seed=i)
        open_positions: list[State] = []
        while not game.is_over(state):
            if len(game.legal_actions(state)) > 1:
                open_positions.append(state)
            state = game.apply(state, medium.choose(game, state))
        if not open_positions:
            raise RuntimeError(f"{game.name}: deal {1000 + i} has no open position")
        # Position i of count sits i/count of the way through its game (spread over the game).
        out.append(open_positions[(2 * i + 1) * len(open_positions) // (2 * count)])
    return out


def ismcts_speed(iterations: int, count: int, clock: Callable[[], float] = time.process_time) -> list[dict[str, object]]:
    """Per game at 2 players and at the maximum: iterations per second of Hard's search (fixed positions).

    Timed by ``clock``, the process's CPU time: on a machine shared with other work the
    figure is still what the interpreter reaches with a core to itself.
    """
    rows: list[dict[str, object]] = []
    for name in games.names():
        game = games.get(name)
        for players in sorted({2, game.max_players}):
            states = positions(game, players, count)
            hard = levels.fixed_options(levels.get("hard"), name, players, iterations)
            IsmctsBot(seed=0, **{**hard, "iterations": 20}).analyse(game, states[0])  # imports, caches
            elapsed = 0.0
            for i, state in enumerate(states):
                bot = IsmctsBot(seed=i, **hard)
                started = clock()
                bot.analyse(game, state)
                elapsed += clock() - started
            rows.append({
                "game": name, "players": players,
                "iterations_per_s": round(iterations * len(states) / elapsed),
            })
    return rows

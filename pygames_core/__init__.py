"""pygames_core – the rules engine of pygames (Клац!, Зоомагия, Камень, ножницы, бумага и … ЗОМБИ!!!).

Pure Python, standard library only; runs on CPython 3.11+ and in Pyodide.
See ``docs/ENGINE_API.md`` for the contract::

    from pygames_core import games, IllegalAction
    game = games.get("klats")
    state = game.new_game(players=2, seed=1)
"""

from __future__ import annotations

from . import bots, games
from .base import Game, State
from .errors import IllegalAction

__version__ = "0.1.0"
__all__ = ["Game", "IllegalAction", "State", "bots", "games", "__version__"]

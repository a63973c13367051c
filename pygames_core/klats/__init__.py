"""Клац! (``klats``): the rules are in :mod:`.rules`, the engine in :mod:`.game`."""

from .game import Klats

GAME = KLATS = Klats()

__all__ = ["GAME", "KLATS", "Klats"]

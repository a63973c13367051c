"""Зоомагия (``zoomagia``): the rules are in :mod:`.rules`, the engine in :mod:`.game`."""

from .game import Zoomagia

GAME = ZOOMAGIA = Zoomagia()

__all__ = ["GAME", "ZOOMAGIA", "Zoomagia"]

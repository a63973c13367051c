"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): the rules are in :mod:`.rules`, the engine in :mod:`.game`."""

from .game import RpsZombie

GAME = RPS_ZOMBIE = RpsZombie()

__all__ = ["GAME", "RPS_ZOMBIE", "RpsZombie"]

"""One module per game: how its ``view`` becomes HTML and how clicks become actions."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from .base import Ctx, Table

#: Each game's table: its module here and its class. A module is imported the first
#: time its game is shown, so the site starts without importing any table.
_TABLE_CLASSES = {
    "klats": ("klats", "KlatsTable"),
    "zoomagia": ("zoomagia", "ZoomagiaTable"),
    "rps_zombie": ("rps_zombie", "RpsZombieTable"),
}


class _TableClasses(Mapping[str, type[Table]]):
    """``TABLES[game]``: the game's table class, its module imported on first use."""

    def __getitem__(self, game: str) -> type[Table]:
        module, name = _TABLE_CLASSES[game]
        cls: type[Table] = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return cls

    def __contains__(self, game: object) -> bool:
        return game in _TABLE_CLASSES

    def __iter__(self) -> Iterator[str]:
        return iter(_TABLE_CLASSES)

    def __len__(self) -> int:
        return len(_TABLE_CLASSES)


TABLES: Mapping[str, type[Table]] = _TableClasses()


class TableSet(Mapping[str, Table]):
    """One table of each game for an app, each made when first asked for.

    With a ``seed`` (the page's ``?seed=N``), a table's own random choices are seeded
    from it and its game's name, whenever it is made. :meth:`made` lists the tables
    made so far: one never made is still as new as a reset one.
    """

    def __init__(self, seed: int | None = None) -> None:
        self._seed = seed
        self._made: dict[str, Table] = {}

    def __getitem__(self, game: str) -> Table:
        table = self._made.get(game)
        if table is None:
            table = TABLES[game]()
            if self._seed is not None:
                table.rng.seed(f"{self._seed}:{table.game_name}")
            self._made[game] = table
        return table

    def __contains__(self, game: object) -> bool:
        return game in TABLES

    def __iter__(self) -> Iterator[str]:
        return iter(TABLES)

    def __len__(self) -> int:
        return len(TABLES)

    def made(self) -> list[Table]:
        """The tables made so far (what a reset has to reach)."""
        return list(self._made.values())


__all__ = ["TABLES", "Ctx", "Table", "TableSet"]

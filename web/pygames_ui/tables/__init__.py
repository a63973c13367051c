"""One module per game: how its ``view`` becomes HTML and how clicks become actions."""

from __future__ import annotations

from .base import Ctx, Table
from .klats import KlatsTable
from .zoomagia import ZoomagiaTable
from .rps_zombie import RpsZombieTable

TABLES: dict[str, type[Table]] = {
    "klats": KlatsTable,
    "zoomagia": ZoomagiaTable,
    "rps_zombie": RpsZombieTable,
}

__all__ = ["TABLES", "Ctx", "Table"]

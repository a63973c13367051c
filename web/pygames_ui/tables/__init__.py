"""One module per game: how its ``view`` becomes HTML and how clicks become actions."""

from __future__ import annotations

from .base import Ctx, Table
from .klats import KlatsTable

TABLES: dict[str, type[Table]] = {
    "klats": KlatsTable,
}

__all__ = ["TABLES", "Ctx", "Table"]

"""Shared test settings.

Under CI (``CI=true``) hypothesis runs derandomized: the same examples every run,
so a landing never depends on luck.  Locally it explores new examples each run
(and remembers failures in .hypothesis/).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long browser tests first, the rest of the browser tests next, the quick ones last:
    the two test processes of ``make test`` (pytest-xdist, work stealing) then end together
    instead of one waiting while the other finishes a long test."""
    def order(item: pytest.Item) -> int:
        if item.get_closest_marker("long") is not None:
            return 0
        return 1 if "/e2e/" in item.nodeid or item.nodeid.startswith("e2e/") else 2
    items.sort(key=order)  # (stable: each file keeps its own order)

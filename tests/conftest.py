"""Shared test settings.

Under CI (``CI=true``) hypothesis runs derandomized: the same examples every run,
so a landing never depends on luck.  Locally it explores new examples each run
(and remembers failures in .hypothesis/).
"""

from __future__ import annotations

import os
import socket

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
        return 1 if "e2e" in item.path.parts else 2
    items.sort(key=order)  # (stable: each file keeps its own order)


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """pytest-rerunfailures (``--reruns``, pyproject.toml) asks the main process about every test
    over a local TCP socket, a short "set" then a "get" that waits for its answer: with Nagle's
    algorithm on, each "get" waited for the delayed ACK of the "set", ~40 ms per test (a third of
    the quick tests' time under ``-n 2``). The messages go out at once instead."""
    sock = getattr(getattr(config, "failures_db", None), "sock", None)
    if isinstance(sock, socket.socket) and sock.family == socket.AF_INET:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

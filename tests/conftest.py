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
    the test processes of ``make test`` (pytest-xdist, work stealing) then end together
    instead of one waiting while another finishes a long test.

    Work stealing hands each process a run of the list to start with, and the others steal
    from the end of a run: the long tests are dealt out among the runs, each run starting with
    its share (all at the head of one run, one process played them all, one after another,
    while the others shared everything else: that process set the suite's time)."""
    def order(item: pytest.Item) -> int:
        if item.get_closest_marker("long") is not None:
            return 0
        return 1 if "e2e" in item.path.parts else 2
    items.sort(key=order)  # (stable: each file keeps its own order)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))  # (a test process's: it collects, xdist deals)
    if workers < 2:
        return
    sizes, left = [], len(items)
    for i in range(workers):  # (the runs xdist's work stealing deals out first, in this order)
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    runs: list[list[pytest.Item]] = [[] for _ in sizes]
    turn = 0
    for item in items:  # in order: each kind dealt out in turn among the runs that have room
        while len(runs[turn % workers]) >= sizes[turn % workers]:
            turn += 1
        runs[turn % workers].append(item)
        turn += 1
    items[:] = [item for run in runs for item in run]


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """pytest-rerunfailures (``--reruns``, pyproject.toml) asks the main process about every test
    over a local TCP socket, a short "set" then a "get" that waits for its answer: with Nagle's
    algorithm on, each "get" waited for the delayed ACK of the "set", ~40 ms per test (a third of
    the quick tests' time under ``-n 2``). The messages go out at once instead."""
    sock = getattr(getattr(config, "failures_db", None), "sock", None)
    if isinstance(sock, socket.socket) and sock.family == socket.AF_INET:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

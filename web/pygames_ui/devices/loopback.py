"""A host and its guests in one process, messages handed over directly: the in-memory transport
the protocol is unit-tested and benchmarked through (tests/web/test_devices_protocol.py,
tools/bench_devices.py). The page carries the same texts over WebRTC instead.
"""

from __future__ import annotations

from collections.abc import Callable

from ..session import Seat, Session
from .guest import Guest
from .host import Referee
from .seats import new_token

#: What the host sends: (connection, message text); connection ``c<seat>`` here.
Sent = list[tuple[str, str]]


class Clock:
    """Time that moves only when told (the rate limit counts messages per second)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def seated(game: str, players: int, seed: int, build: str,
           deliver: Callable[[Referee, dict[int, Guest], Sent], None]) -> tuple[Referee, dict[int, Guest], Clock]:
    """A new game with the host's person at seat 0 and a guest holding every other seat, each
    guest's hello answered through ``deliver``."""
    seats = [Seat("Host", "human")] + [Seat(f"Guest {i}", "remote") for i in range(1, players)]
    tokens = {i: new_token() for i in range(1, players)}
    clock = Clock()
    host = Referee(Session.new(game, seats, {}, seed=seed), build, tokens, clock)
    guests = {i: Guest(i, tokens[i], build, game) for i in tokens}
    for i, guest in guests.items():
        deliver(host, guests, host.receive(f"c{i}", guest.hello()))
    return host, guests, clock

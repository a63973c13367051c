"""Play on several devices, measured: what the host sends and how long it works, per move.

    python tools/bench_devices.py            # every title at its largest table, every other seat a guest
    python tools/bench_devices.py --games 20

A host (seat 0, on its own device) and a guest on every other seat play whole games with
random legal moves through the real referee (``devices/host.py``) and guests
(``devices/guest.py``) on CPython, the messages carried in memory as the data channels
carry them. Reported per title: bytes the host sends per move to each guest (median and
largest message), and the host's time per move (judging it and writing every guest's
frame: median and 95th percentile). Writes bench-results/devices.json.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from pygames_core import games  # noqa: E402
from pygames_ui.devices.guest import Guest  # noqa: E402
from pygames_ui.devices.host import Host, new_token  # noqa: E402
from pygames_ui.session import Seat, Session  # noqa: E402


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def play(game: str, players: int, seed: int) -> tuple[list[int], list[float]]:
    """One whole game: the bytes of every frame sent to a guest, and the host's ms per move."""
    rng = random.Random(seed)
    seats = [Seat("Host", "human")] + [Seat(f"Guest {i}", "remote") for i in range(1, players)]
    session = Session.new(game, seats, {}, seed=seed)
    tokens = {i: new_token() for i in range(1, players)}
    clock = Clock()
    host = Host(session, "bench", tokens, clock)
    guests = {i: Guest(i, tokens[i], "bench") for i in tokens}
    sizes: list[int] = []
    times: list[float] = []

    def deliver(out: list[tuple[str, str]]) -> None:
        for conn, text in out:
            sizes.append(len(text.encode()))
            guests[int(conn[1:])].receive(text)

    for i, guest in guests.items():
        deliver(host.receive(f"c{i}", guest.hello()))
    sizes.clear()
    while not session.game.is_over(session.state):
        clock.now += 1.0
        seat = session.state.current_player
        assert seat is not None
        started = time.perf_counter()
        if seat == 0:
            session.apply(rng.choice(session.game.legal_actions(session.state)))
            out = host.tables()
        else:
            table = guests[seat].table
            assert table is not None
            out = host.receive(f"c{seat}", guests[seat].act(rng.choice(table["legal"])))
        times.append((time.perf_counter() - started) * 1000)
        deliver(out)
    return sizes, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="whole games per title (default 10)")
    args = parser.parse_args()
    results = {}
    print("| title | guests | bytes per move per guest (median) | largest message | host ms per move (median, p95) |")
    print("|---|---|---|---|---|")
    for name in games.names():
        players = games.get(name).max_players
        sizes: list[int] = []
        times: list[float] = []
        for seed in range(args.games):
            s, t = play(name, players, seed)
            sizes += s
            times += t
        times.sort()
        row = {"guests": players - 1, "bytes_median": statistics.median(sizes), "bytes_max": max(sizes),
               "host_ms_median": round(statistics.median(times), 2), "host_ms_p95": round(times[int(len(times) * 0.95)], 2)}
        results[name] = row
        print(f"| {name} | {row['guests']} | {row['bytes_median']:.0f} | {row['bytes_max']} | "
              f"{row['host_ms_median']} ({row['host_ms_p95']}) |")
    out = ROOT / "bench-results" / "devices.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()

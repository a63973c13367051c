"""Many games between bots, for studies of balance and strength (``python -m pygames_core simulate``).

A :class:`Setup` says what is played; :func:`play_game` plays game number ``index``
of a run.  Every seed of that game (the deal and each seat's bot) is derived from
``(seed, index)`` alone (:func:`derive_seed`), so a run's results depend only on its
seed: never on how many processes played it, in which order, or on which machine
(:func:`run` here, :mod:`pygames_core.cluster` on Dask).  Timings are measured,
not derived, and are the one exception.

A seat's bot is a bot name (``bots.names()``) or a level (``easy``, ``medium``,
``hard``; Hard searches the fixed iteration count of :mod:`pygames_core.bots.levels`,
so that its games are repeatable too).
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import bots, games
from .bots import levels
from .bots.base import Bot
from .census import ROUND_TRIP_EVERY, check_state

#: Called once per finished game (progress reporting).
Progress = Callable[[], None]


@dataclass(frozen=True)
class Setup:
    """What a simulation plays: the game, its options, and the bot and bot options of every seat."""

    game: str
    players: int
    bots: tuple[str, ...]
    options: Mapping[str, Any] | None = None
    bot_options: tuple[Mapping[str, Any], ...] = ()
    check: bool = False
    #: Each game moves every bot one seat on, so each plays each seat equally often
    #: (seat advantage is real in these games); results are then read per bot.
    rotate: bool = False

    def __post_init__(self) -> None:
        if not self.bot_options:
            object.__setattr__(self, "bot_options", tuple({} for _ in self.bots))

    def seating(self, index: int) -> list[int]:
        """Which entry of :attr:`bots` plays each seat in game ``index``."""
        n = self.players
        return [(seat - index) % n if self.rotate else seat for seat in range(n)]


@dataclass
class GameResult:
    """The outcome of one game of a run."""

    index: int
    winners: list[int]
    scores: list[int]
    decisions: int
    #: Per seat: decisions taken and seconds spent choosing them.
    seat_decisions: list[int] = field(default_factory=list)
    seat_seconds: list[float] = field(default_factory=list)
    #: Per seat: which entry of ``Setup.bots`` played it (``Setup.seating``).
    seating: list[int] = field(default_factory=list)

    def share(self, seat: int) -> float:
        """The seat's share of the win: 1, 1/k on a k-way shared win, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def outcome(self) -> dict[str, Any]:
        """Everything but the timings: equal for equal seeds wherever the game ran."""
        return {"index": self.index, "winners": self.winners, "scores": self.scores, "decisions": self.decisions,
                "seating": self.seating}


def derive_seed(seed: int, index: int, stream: str) -> int:
    """A 53-bit seed for ``stream`` (``"deal"``, ``"seat0"``, …) of game ``index`` of run ``seed``."""
    digest = hashlib.sha256(f"pygames-simulate/{seed}/{index}/{stream}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def make_bot(name: str, seed: int, options: Mapping[str, Any], game: str, players: int = 2) -> Bot:
    """A bot by bot name or level key; ``options`` override the level's (``KeyError``/``TypeError``/``ValueError``).

    A level searches what the browser reaches in ``game`` at ``players`` (``levels.fixed_options``)."""
    if name in bots.names():
        return bots.get(name, seed=seed, **options)
    level = levels.get(name)
    return bots.get(level.bot, seed=seed, **{**levels.fixed_options(level, game, players), **options})


def bot_choices() -> list[str]:
    """Every name a seat may be given: bot names, then level keys."""
    return [*bots.names(), *[k for k in levels.keys() if k not in bots.names()]]


def validate(setup: Setup) -> None:
    """Raise ``ValueError`` naming the first bad part of ``setup`` (game, players, options, bots)."""
    try:
        game = games.get(setup.game)
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None
    game.new_game(players=setup.players, seed=0, options=setup.options)  # players and options
    if len(setup.bots) != setup.players:
        raise ValueError(f"{setup.players} players need {setup.players} bots, got {len(setup.bots)}: {','.join(setup.bots)}")
    if len(setup.bot_options) != setup.players:
        raise ValueError(f"bot options: need one object per seat, got {len(setup.bot_options)}")
    for seat, (name, options) in enumerate(zip(setup.bots, setup.bot_options)):
        if name not in bot_choices():
            raise ValueError(f"unknown bot {name!r} for seat {seat}; known: {', '.join(bot_choices())}")
        try:
            make_bot(name, 0, options, setup.game, setup.players)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"seat {seat} ({name}): {exc}") from None


def play_game(setup: Setup, seed: int, index: int) -> GameResult:
    """Play game ``index`` of the run with ``seed`` (see the module docstring)."""
    game = games.get(setup.game)
    state = game.new_game(players=setup.players, seed=derive_seed(seed, index, "deal"), options=setup.options)
    seating = setup.seating(index)
    players = [
        make_bot(setup.bots[entry], derive_seed(seed, index, f"seat{seat}"), setup.bot_options[entry],
                 setup.game, setup.players)
        for seat, entry in enumerate(seating)
    ]
    counts = [0] * setup.players
    seconds = [0.0] * setup.players
    if setup.check:
        check_state(game, state)
    decisions = 0
    while not game.is_over(state):
        seat = state.current_player
        assert seat is not None
        started = time.perf_counter()
        action = players[seat].choose(game, state)
        seconds[seat] += time.perf_counter() - started
        counts[seat] += 1
        state = game.apply(state, action)
        decisions += 1
        if setup.check:
            over = game.is_over(state)
            check_state(game, state, round_trip=over or decisions % ROUND_TRIP_EVERY == 0)
    return GameResult(index, game.winners(state), game.scores(state), decisions, counts, seconds, seating)


def play_games(setup: Setup, seed: int, indices: Sequence[int]) -> list[GameResult]:
    """Several games of one run (a unit of work for a process or a cluster worker)."""
    return [play_game(setup, seed, i) for i in indices]


def chunks(count: int, size: int) -> list[range]:
    """``range(count)`` cut into consecutive ranges of at most ``size``."""
    return [range(start, min(count, start + size)) for start in range(0, count, size)]


def run(
    setup: Setup,
    count: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play games ``0 .. count-1`` in ``jobs`` processes; results in game order."""
    results: list[GameResult] = []

    def collect(batch: Iterable[GameResult]) -> None:
        for result in batch:
            results.append(result)
            if progress is not None:
                progress()

    if jobs <= 1 or count <= 1:
        for i in range(count):
            collect([play_game(setup, seed, i)])
    else:
        import multiprocessing

        # Small batches keep every process busy to the end and the progress bar moving.
        size = max(1, min(20, count // (jobs * 8)))
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            pending = [pool.apply_async(play_games, (setup, seed, list(r))) for r in chunks(count, size)]
            for job in pending:
                collect(job.get())
    results.sort(key=lambda r: r.index)
    return results


def parse_bot_options(value: Any, names: Sequence[str]) -> tuple[dict[str, Any], ...]:
    """Per-seat bot options from ``--bot-options`` JSON: ``{bot: {...}}`` by bot name or level, or ``[{...}, ...]`` per seat."""
    if value is None:
        return tuple({} for _ in names)
    if isinstance(value, list):
        if len(value) != len(names) or not all(isinstance(v, dict) for v in value):
            raise ValueError(f"bot options as a list need one object per seat ({len(names)})")
        return tuple(dict(v) for v in value)
    if isinstance(value, dict):
        unknown = sorted(set(value) - set(names))
        if unknown:
            raise ValueError(f"bot options for {', '.join(unknown)}, but no seat plays that bot")
        if not all(isinstance(v, dict) for v in value.values()):
            raise ValueError("bot options: each bot's options must be an object")
        return tuple(dict(value.get(name, {})) for name in names)
    raise ValueError("bot options must be a JSON object (by bot) or a list (by seat)")

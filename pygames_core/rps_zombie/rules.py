"""Камень, ножницы, бумага и … ЗОМБИ!!! – the pure rules (docs/rules/rps_zombie.md).

Cards are plain strings (their kind).  Everything here is a pure function on
plain values, shared by the engine, the greedy bot's heuristic and the tests.

>>> beats("rock", "scissors"), beats("paper", "scissors")
(True, False)
>>> contest_outcome({0: "rock", 1: "paper"})
Outcome(result='win', winner=1, tied=())
>>> contest_outcome({0: "rock", 1: "rock", 2: "scissors"})
Outcome(result='redraw', winner=None, tied=(0, 1))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, NamedTuple

Result = Literal["win", "nobody", "redraw"]

#: Every card kind, in the canonical order used for sorting and for listings.
KINDS: tuple[str, ...] = ("brain", "rock", "scissors", "paper", "zombie")
#: The kinds that compete for trophies and sit under brains.
TROPHY_KINDS: tuple[str, ...] = ("rock", "scissors", "paper")
#: The kinds that kill a zombie (paper never does).
KILLERS: tuple[str, ...] = ("rock", "scissors")
#: Copies of each kind in the full 57-card deck.
COUNTS: dict[str, int] = {"brain": 9, "rock": 11, "scissors": 11, "paper": 11, "zombie": 15}

#: ``BEATS[a] == b``: kind ``a`` beats kind ``b``.
BEATS: dict[str, str] = {"rock": "scissors", "scissors": "paper", "paper": "rock"}
#: ``BEATEN_BY[b] == a``: the one kind that beats ``b``.
BEATEN_BY: dict[str, str] = {b: a for a, b in BEATS.items()}

_ORDER = {k: i for i, k in enumerate(KINDS)}
#: The cards of a draw pile but its brains, in canonical order (before the shuffle).
PILE_WITHOUT_BRAINS: tuple[str, ...] = tuple(k for k in KINDS[1:] for _ in range(COUNTS[k]))


def beats(a: str, b: str) -> bool:
    """Does trophy kind ``a`` beat trophy kind ``b``?  (Rock > scissors > paper > rock.)"""
    return BEATS.get(a) == b


def sort_kinds(cards: Iterable[str]) -> list[str]:
    """``cards`` sorted in the canonical kind order (brain, rock, scissors, paper, zombie)."""
    return sorted(cards, key=_ORDER.__getitem__)


def full_deck() -> list[str]:
    """All 57 cards, in canonical order."""
    return [k for k in KINDS for _ in range(COUNTS[k])]


def brains_per_player(players: int) -> int:
    """Brains each player starts with: 3 with two players, 2 with three."""
    return 3 if players == 2 else 2


def deck_brains(players: int, brains_in_deck_2p: int) -> int:
    """Brains shuffled into the draw pile at setup (option ``brains_in_deck_2p`` for 2 players)."""
    return brains_in_deck_2p if players == 2 else COUNTS["brain"] - 2 * players


def set_aside_brains(players: int, brains_in_deck_2p: int) -> int:
    """Brains that are neither dealt nor in the draw pile (1 with the 2-player option ``2``)."""
    return COUNTS["brain"] - brains_per_player(players) * players - deck_brains(players, brains_in_deck_2p)


def trophy_limit(players: int) -> int:
    """Most copies of one trophy kind a given ``deck`` may hold (the starting trophies come from outside it)."""
    return COUNTS["rock"] - players


def seat_order(seats: Iterable[int], first: int, players: int) -> list[int]:
    """``seats`` in turn order: starting with ``first`` and going round the table."""
    return sorted(seats, key=lambda s: (s - first) % players)


class Outcome(NamedTuple):
    """What a trophy contest would do if nobody intervenes.

    ``result`` is ``"win"`` (``winner`` takes his card), ``"nobody"`` (all three
    kinds: nobody wins) or ``"redraw"`` (the seats in ``tied`` redraw).
    """

    result: Result
    winner: int | None
    tied: tuple[int, ...]


_NOBODY = Outcome("nobody", None, ())
_TROPHY_SET = frozenset(BEATS)


def contest_outcome(cards: Mapping[int, str]) -> Outcome:
    """The outcome of a trophy contest between 1 to 3 competing cards (seat -> kind).

    * one card: its owner wins;
    * two different kinds: the beating card wins;
    * all three kinds: nobody wins;
    * two of a kind and one other: the lone card wins if it beats the pair,
      otherwise the pair's owners redraw;
    * all cards of one kind: their owners redraw.

    ``tied`` keeps the order of ``cards`` (pass them in turn order).
    """
    if not 1 <= len(cards) <= 3:
        raise ValueError(f"a contest needs 1 to 3 competing cards, got {len(cards)}")
    kinds = set(cards.values())
    if not kinds <= _TROPHY_SET:
        seat, kind = next((s, k) for s, k in cards.items() if k not in BEATS)
        raise ValueError(f"seat {seat!r} competes with {kind!r}, which is not a trophy kind")
    if len(kinds) == 3:
        return _NOBODY
    if len(kinds) == 1:
        seats = tuple(cards)
        if len(seats) == 1:
            return Outcome("win", seats[0], ())
        return Outcome("redraw", None, seats)
    a, b = kinds
    best = a if BEATS[a] == b else b
    top = tuple(seat for seat, kind in cards.items() if kind == best)
    if len(top) == 1:
        return Outcome("win", top[0], ())
    return Outcome("redraw", None, top)


def trophy_choices(trophies: Sequence[str]) -> list[str]:
    """The distinct kinds among ``trophies``, in canonical order."""
    return [k for k in TROPHY_KINDS if k in trophies]

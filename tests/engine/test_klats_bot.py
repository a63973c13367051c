"""Клац! greedy bot: the heuristic's choices in fixed positions, and its strength.

Positions are played from fixed decks (``deck`` is round 1's deck, top first;
3 cards each, dealt one at a time from seat 0).  Colours: blue 1 4 8 11 13,
green 3 5 7 12 15, orange 2 6 9 10 14.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from pygames_core import bots, games
from pygames_core.bots.heuristics.klats import score

G = games.get("klats")


def deal(hands: Sequence[Sequence[int]], draw: Sequence[int] = ()) -> list[int]:
    return [h[k] for k in range(3) for h in hands] + list(draw)


def act(card: int, target: int, pile: int | None = None) -> dict[str, Any]:
    return {"type": "play", "card": card, "target": target, "pile": pile}


def play(state, *moves: tuple):
    for m in moves:
        state = G.apply(state, act(*m))
    return state


def ranked(state) -> list[tuple[float, dict[str, Any]]]:
    view = G.view(state, state.current_player)
    return sorted(((score(view, a), a) for a in G.legal_actions(state)), key=lambda x: -x[0])


def greedy_choice(state) -> dict[str, Any]:
    return bots.get("greedy", seed=1).choose(G, state)


# ------------------------------------------------------------------ choices
def test_covers_an_opponents_14_with_a_2() -> None:
    s = play(G.new_game(players=2, seed=1, deck=deal([[2, 15, 12], [14, 3, 1]], [7, 8, 9, 10])),
             (15, 0), (14, 1), (12, 0, 0), (3, 1))
    assert G.view(s, 0)["tableaux"] == [[[15, 12]], [[14], [3]]]
    assert greedy_choice(s) == act(2, 1, 0)


def five_piles_blue_green():
    """Seat 0: [1] [3] [4] [5] [8] (no orange), holding 13 15 12; seat 1: [2 2] [7] [11 11] = 20."""
    draw = [5, 11, 8, 2, 13, 10, 15, 6, 12, 9, 3]
    s = G.new_game(players=2, seed=1, deck=deal([[1, 3, 4], [2, 7, 11]], draw))
    s = play(s, (1, 0), (2, 1), (3, 0), (7, 1), (4, 0), (11, 1), (5, 0), (11, 1, 2), (8, 0), (2, 1, 0))
    assert G.view(s, 0)["tableaux"] == [[[1], [3], [4], [5], [8]], [[2, 2], [7], [11, 11]]]
    assert G.view(s, 0)["hand"] == [12, 13, 15]
    return s


def test_does_not_end_a_round_that_it_would_lose() -> None:
    s = five_piles_blue_green()
    choice = greedy_choice(s)
    assert not (choice["target"] == 0 and choice["pile"] is None)  # a sixth pile: 0 against 20
    assert choice["target"] == 0  # it raises its own tops instead
    assert not (choice["target"] == 1 and choice["pile"] is None)  # and gives seat 1 nothing new


def test_ends_the_round_when_ahead() -> None:
    draw = [14, 4, 15, 1, 6, 13]
    s = G.new_game(players=2, seed=1, deck=deal([[1, 3, 2], [11, 13, 8]], draw))
    s = play(s, (1, 0), (11, 1), (3, 0), (13, 1), (2, 0), (8, 1), (14, 0), (4, 1), (15, 0), (1, 1, 0))
    assert G.view(s, 0)["tableaux"] == [[[1], [3], [2], [14], [15]], [[11, 1], [13], [8], [4]]]
    assert G.view(s, 0)["hand"] == [6]
    # 6 as a sixth pile: 41 against 0 (seat 1 shows only blue).  Giving seat 1 the 6 would hand him orange.
    assert greedy_choice(s) == act(6, 0, None)
    after = G.apply(s, greedy_choice(s))
    assert G.view(after, 0)["rounds"] == [[41, 0]]


def test_ends_the_round_on_an_opponent_who_lacks_a_colour() -> None:
    draw = [13, 5, 2, 7, 12, 10, 15, 6, 11, 9, 14, 14]
    s = G.new_game(players=2, seed=1, deck=deal([[2, 3, 13], [1, 4, 8]], draw))
    s = play(s, (2, 0), (1, 1), (3, 0), (4, 1), (13, 0), (8, 1), (13, 0, 2), (5, 1), (2, 0, 0), (7, 1))
    # Seat 0 (to move): 2 3 13 = 18; seat 1 holds orange cards but shows only blue and green.
    assert G.view(s, 0)["tableaux"] == [[[2, 2], [3], [13, 13]], [[1], [4], [8], [5], [7]]]
    assert G.view(s, 0)["hand"] == [11, 12, 15]
    choice = greedy_choice(s)
    assert choice["target"] == 1 and choice["pile"] is None  # a sixth pile in front of seat 1
    assert G.view(G.apply(s, choice), 0)["rounds"] == [[18, 0]]


def test_denies_an_opponents_third_colour() -> None:
    # Seat 0 shows blue and green only; seat 1 (to move in this view) holds orange 9.
    view = copy.deepcopy(G.view(five_piles_blue_green(), 1))
    view["hand"] = [7, 9, 12]
    give = score(view, act(9, 0, None))  # orange for seat 0: his row now scores 30
    keep = score(view, act(9, 1, 0))  # 9 on his own 2 instead
    assert keep > give + 10
    draw = [12, 5, 15, 7, 13]
    s = G.new_game(players=2, seed=1, deck=deal([[3, 10, 9], [1, 4, 2]], draw))
    s = play(s, (3, 0), (1, 1), (10, 0), (4, 1))
    # Seat 1 shows only blue; seat 0 holds two orange cards and never hands them over.
    assert G.view(s, 0)["hand"] == [9, 12, 15]
    for bot_seed in range(5):
        choice = bots.get("greedy", seed=bot_seed).choose(G, s)
        assert not (choice["target"] == 1 and choice["card"] == 9)


def test_keeps_the_match_target_in_mind() -> None:
    s = five_piles_blue_green()
    view = copy.deepcopy(G.view(s, 1))
    view["hand"] = [6, 12, 15]
    # Seat 1 is to move in this made-up view and could close seat 0's row (seat 0 scores 0).
    view["me"] = 1
    end = act(12, 0, None)
    assert score(view, end) > 10  # 20 against 0
    # But when that round end gives the match to seat 0, he must not do it.
    view["totals"], view["target"] = [70, 20], 60
    assert score(view, end) < -1000
    # And when it gives the match to him, he must.
    view["totals"] = [20, 45]
    assert score(view, end) > 1000
    assert max(score(view, a) for a in [act(6, 1, 0), act(15, 1, 1), act(6, 0, None)]) < score(view, end)


# ----------------------------------------------------------------- strength
def play_match(seed: int, greedy_seat: int, target: int = 60) -> float:
    """One two-player match, greedy against random; 1 for a win, 0.5 shared, 0 lost."""
    s = G.new_game(players=2, seed=seed, options={"target": target})
    players = [bots.get("random", seed=seed * 2 + seat) for seat in range(2)]
    players[greedy_seat] = bots.get("greedy", seed=seed * 2 + greedy_seat)
    while not G.is_over(s):
        s = G.apply(s, players[s.current_player].choose(G, s))
    winners = G.winners(s)
    return 1 / len(winners) if greedy_seat in winners else 0.0


def test_greedy_beats_random() -> None:
    results = [play_match(seed=500 + i, greedy_seat=i % 2) for i in range(40)]
    rate = sum(results) / len(results)
    print(f"greedy vs random, 40 two-player matches to 60: win rate {rate:.3f}")
    assert rate >= 0.85

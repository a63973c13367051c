"""Клац! (``klats``): invariants of docs/rules/klats.md over random legal play (hypothesis).

Each example plays a whole short match (2–6 players, random seed, random or
greedy bots) and checks the saved state (``to_json``) after every action.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames_core import bots, games

G = games.get("klats")
COLOUR = {v: c for c, vs in (("b", (1, 4, 8, 11, 13)), ("g", (3, 5, 7, 12, 15)), ("o", (2, 6, 9, 10, 14))) for v in vs}
FULL = Counter({v: 6 for v in range(1, 16)})

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state, round_one_cards: Counter | None = None) -> dict[str, Any]:
    """Check every invariant on the saved state; return it."""
    d = json.loads(G.to_json(state))["state"]
    n = d["players"]
    cards = Counter(d["deck"])
    for hand in d["hands"]:
        assert len(hand) <= 3
        cards.update(hand)
    for tab in d["tableaux"]:
        assert len(tab) <= 6
        if not d["over"]:
            assert len(tab) <= 5  # a sixth pile ends the round at once
        for pile in tab:
            assert pile and len({COLOUR[c] for c in pile}) == 1
            cards.update(pile)
        tops = [pile[-1] for pile in tab]
        assert len(tops) == len(set(tops))
    expected = round_one_cards if (round_one_cards is not None and d["round"] == 1) else FULL
    assert cards == expected
    assert len(d["rounds"]) == len(d["round_results"]) == d["round"] - (0 if d["over"] else 1)
    assert [sum(r[seat] for r in d["rounds"]) for seat in range(n)] == d["totals"] == G.scores(state)
    for res, scores in zip(d["round_results"], d["rounds"]):
        assert res["scores"] == scores
    view = G.view(state, 0)
    assert view["totals"] == d["totals"] and view["rounds"] == d["rounds"]
    assert view["hand_sizes"] == [len(h) for h in d["hands"]] and view["deck_size"] == len(d["deck"])
    if d["over"]:
        assert state.current_player is None and G.legal_actions(state) == []
        assert max(d["totals"]) >= d["options"]["target"]
        best = max(d["totals"])
        assert G.winners(state) == [s for s in range(n) if d["totals"][s] == best]
    else:
        assert d["hands"][state.current_player], "the player to move has a card"
        assert G.legal_actions(state)
    return d


def play_match(players: int, seed: int, bot_names: list[str], target: int, deck=None, round_trip_every: int = 7):
    state = G.new_game(players=players, seed=seed, deck=deck, options={"target": target})
    players_bots = [bots.get(bot_names[s % len(bot_names)], seed=seed + s) for s in range(players)]
    round_one = None if deck is None else Counter(deck)
    steps = 0
    while True:
        check_invariants(state, round_one)
        if steps % round_trip_every == 0 or G.is_over(state):
            text = G.to_json(state)
            again = G.from_json(text)
            assert G.to_json(again) == text
        if G.is_over(state):
            return state, steps
        assert steps < 5_000
        action = players_bots[state.current_player].choose(G, state)
        nxt = G.apply(state, action)
        if steps % round_trip_every == 0:
            # Play continues identically from a reloaded state.
            assert G.to_json(G.apply(again, action)) == G.to_json(nxt)
        state = nxt
        steps += 1


@SETTINGS
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**53),
    bot_names=st.lists(st.sampled_from(["random", "greedy"]), min_size=1, max_size=3),
    target=st.integers(1, 80),
)
def test_invariants_in_random_matches(players: int, seed: int, bot_names: list[str], target: int) -> None:
    play_match(players, seed, bot_names, target)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    deck=st.lists(st.integers(1, 15), max_size=30).filter(lambda d: all(k <= 6 for k in Counter(d).values())),
)
def test_short_decks(players: int, seed: int, deck: list[int]) -> None:
    # A round-1 deck shorter than 90 cards: round 1 uses only those cards, later rounds all 90.
    state, _ = play_match(players, seed, ["random"], target=20, deck=deck)
    assert G.is_over(state)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_same_seed_same_match(players: int, seed: int) -> None:
    a, _ = play_match(players, seed, ["random"], target=15, round_trip_every=50)
    b, _ = play_match(players, seed, ["random"], target=15, round_trip_every=50)
    assert G.to_json(a) == G.to_json(b)

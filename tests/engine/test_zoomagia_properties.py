"""Зоомагия (``zoomagia``): invariants over random games (hypothesis).

For random seeds, player counts, options and random legal play:

* every one of the 72 cards is in exactly one place (for 2–3 players: 54 in play
  plus the 18 cards of the 6 removed whole animals);
* in every state whose phase is not ``discard``, each player has at most 2 cards
  of each part; in a ``discard`` state only the player to move may have 3;
* ``scores`` = banked points − penalty cards, while running and at the end;
  winners follow score, then fewer penalty cards;
* ``to_json``/``from_json`` round-trips; views are consistent with the state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames_core import games
from pygames_core.rng import Rng
from pygames_core.zoomagia import rules
from pygames_core.zoomagia.game import _EVENT_LISTS

G = games.get("zoomagia")


def locations(data: dict[str, Any]) -> Counter[str]:
    seen: Counter[str] = Counter()
    seen.update(data["deck"])
    seen.update(data["removed"])
    seen.update(c for row in data["field"] for c in row if c is not None)
    if data["drawn"] is not None:
        seen[data["drawn"]] += 1
    pending = data["pending"]
    if pending is not None:
        if "out" in pending:
            seen[pending["out"]] += 1
        else:
            seen.update(pending["cards"])
            seen.update(pending["taken"])
    for s in data["seats"]:
        seen.update(s["cards"])
        seen.update(s["penalty"])
        for t in s["banked"]:
            seen.update(t)
    return seen


def check_state(state, players: int, random_setup: bool) -> None:
    d = state.data
    seen = locations(d)
    assert seen == Counter(rules.CARDS), "every card exactly once"
    if random_setup:
        removed = d["removed"]
        assert len(removed) == (18 if players <= 3 else 0)
        assert rules.is_whole_animals(removed)
    phase = d["phase"]
    for i, s in enumerate(d["seats"]):
        counts = rules.part_counts(s["cards"])
        if phase != "discard" or i != d["current"]:
            assert max(counts.values()) <= 2, (phase, i, s["cards"])
        else:
            assert max(counts.values()) == 3
    banked = [sum(rules.animal_points(t) for t in s["banked"]) for s in d["seats"]]
    penalties = [len(s["penalty"]) for s in d["seats"]]
    scores = G.scores(state)
    assert scores == [b - p for b, p in zip(banked, penalties)]
    if G.is_over(state):
        assert phase == "over" and d["deck"] == []
        assert all(s["cards"] == [] for s in d["seats"])
        best = max(zip(scores, (-p for p in penalties)))
        assert G.winners(state) == [i for i in range(players) if (scores[i], -penalties[i]) == best]
    else:
        assert G.winners(state) == []
        assert G.legal_actions(state)
        if phase == "push":
            assert d["drawn"] is not None and all(c is not None for row in d["field"] for c in row)
        else:
            assert d["drawn"] is None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**40),
    columns=st.booleans(),
    data=st.data(),
)
def test_random_play_invariants(players: int, seed: int, columns: bool, data: st.DataObject) -> None:
    state = G.new_game(players=players, seed=seed, options={"columns": columns})
    steps = 0
    while True:
        check_state(state, players, random_setup=True)
        if steps % 7 == 0:
            text = G.to_json(state)
            assert G.to_json(G.from_json(text)) == text
        if G.is_over(state):
            break
        legal = G.legal_actions(state)
        if not columns:
            assert all(a["type"] != "push" or a["line"] == "row" for a in legal)
        state = G.apply(state, legal[data.draw(st.integers(0, len(legal) - 1), label="action")])
        steps += 1
        assert steps < 2000


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**40),
    cut=st.integers(min_value=0, max_value=60),
    play_seed=st.integers(min_value=0, max_value=1000),
)
def test_short_custom_decks(players: int, seed: int, cut: int, play_seed: int) -> None:
    """A shuffled deck cut short still deals, plays and ends with every card accounted for."""
    deck = list(rules.CARDS)
    Rng.from_seed(seed).shuffle(deck)
    deck = deck[: 2 * players + cut]
    state = G.new_game(players=players, seed=seed, deck=deck)
    rng = Rng.from_seed(play_seed)
    while True:
        check_state(state, players, random_setup=False)
        if G.is_over(state):
            break
        state = G.apply(state, rng.choice(G.legal_actions(state)))
    text = G.to_json(state)
    assert G.to_json(G.from_json(text)) == text
    # The view copies only the list fields named in _EVENT_LISTS: every list field must be there.
    for event in state.data["log"]:
        lists = {k for k, v in event.items() if isinstance(v, (list, dict))}
        assert lists <= set(_EVENT_LISTS.get(event["e"], ())), event


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**40),
    steps=st.integers(min_value=0, max_value=80),
)
def test_determinize_matches_view(players: int, seed: int, steps: int) -> None:
    state = G.new_game(players=players, seed=seed)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        if G.is_over(state):
            break
        state = G.apply(state, rng.choice(G.legal_actions(state)))
    seat = state.current_player if state.current_player is not None else 0
    view = G.view(state, seat)
    other = G.determinize(view, Rng.from_seed(seed + 1))
    assert G.view(other, seat) == view
    assert G.legal_actions(other) == G.legal_actions(state)
    G.from_json(G.to_json(other))
    check_state(other, players, random_setup=True)

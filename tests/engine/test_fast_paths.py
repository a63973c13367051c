"""The engine's fast paths keep the contract, for every game (hypothesis).

* Copy-on-write steps never change the state they start from: after every move
  of whole random games, every earlier state still saves to the same text.
* ``apply`` and ``apply_unchecked`` give the same state for every legal action.
* ``Rng.shuffle`` (inlined) draws exactly the stream of ``below`` per step, so
  saved games resume with the same shuffles as before.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames_core import games
from pygames_core.rng import Rng

GAMES = games.names()
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def options_for(name: str) -> dict[str, Any] | None:
    return {"target": 40} if name == "klats" else None


@SETTINGS
@given(st.sampled_from(GAMES), st.integers(0, 10**6), st.data())
def test_no_step_changes_an_earlier_state(name: str, seed: int, data: st.DataObject) -> None:
    g = games.get(name)
    players = data.draw(st.integers(g.min_players, g.max_players))
    state = g.new_game(players=players, seed=seed, options=options_for(name))
    rnd = random.Random(seed)
    trail = [(state, g.to_json(state))]
    while not g.is_over(state):
        legal = g.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        # Every legal action from here, and the one taken, leave `state` as it was.
        for other in legal[:6]:
            g.apply_unchecked(state, other)
        unchecked = g.apply_unchecked(state, action)
        state = g.apply(state, dict(action))
        assert g.to_json(unchecked) == g.to_json(state)
        trail.append((state, g.to_json(state)))
    for earlier, text in trail:
        assert g.to_json(earlier) == text


@SETTINGS
@given(st.sampled_from(GAMES), st.integers(0, 10**6))
def test_views_and_determinized_states_share_nothing_with_the_state(name: str, seed: int) -> None:
    g = games.get(name)
    state = g.new_game(players=g.min_players, seed=seed, options=options_for(name))
    rnd = random.Random(seed)
    for _ in range(rnd.randrange(1, 40)):
        if g.is_over(state):
            break
        legal = g.legal_actions(state)
        state = g.apply(state, legal[rnd.randrange(len(legal))])
    text = g.to_json(state)
    view = g.view(state, 0)
    det = g.determinize(view, Rng(seed))
    if not g.is_over(det):
        g.apply_unchecked(det, g.legal_actions(det)[0])
    assert g.to_json(state) == text


@SETTINGS
@given(st.integers(0, 2**64 - 1), st.integers(0, 200))
def test_shuffle_is_the_stream_of_below(seed: int, size: int) -> None:
    items, expected = list(range(size)), list(range(size))
    fast, slow = Rng(seed), Rng(seed)
    fast.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = slow.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and fast.state == slow.state

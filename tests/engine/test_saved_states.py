"""``from_json`` validates the whole state, not only the checksum, for every game.

The checksum is no secret: anyone can edit a save and recompute it.  So a save
is mutated at random (a value replaced, a key dropped or added, a list grown,
shrunk or reordered), its checksum recomputed, and then ``from_json`` must
either refuse it with ``ValueError`` or return a state that plays on to the end
with random legal moves without any exception – every view, score and
save along the way working, and every state reached loading again.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames_core import bots, games
from pygames_core.jsonio import dump_state
from pygames_core.rng import Rng

GAMES = games.names()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: Bounds a mutated Клац! match with a high target; reaching it without an error is a pass.
MAX_STEPS = 1500


def options_for(name: str, draw: st.DrawFn) -> dict[str, Any] | None:
    if name == "klats":
        return {"target": draw(st.sampled_from([1, 25, 60])), "first_player": 0}
    return None


@st.composite
def saved_states(draw: st.DrawFn) -> tuple[Any, dict[str, Any]]:
    """A valid saved state (as its ``state`` object): a random game played a random number of moves."""
    name = draw(st.sampled_from(GAMES))
    g = games.get(name)
    players = draw(st.integers(g.min_players, g.max_players))
    seed = draw(st.integers(0, 2**32))
    deck = None
    if draw(st.booleans()) and name != "rps_zombie":
        cards = [c for c, k in sorted(g.card_counts.items(), key=lambda ck: str(ck[0])) for _ in range(k)]
        deck = draw(st.lists(st.sampled_from(cards), max_size=30, unique_by=None))
        deck = [c for i, c in enumerate(deck) if deck[: i + 1].count(c) <= g.card_counts[c]]
    state = g.new_game(players=players, seed=seed, deck=deck, options=options_for(name, draw))
    bot = bots.get("random", seed=seed)
    for _ in range(draw(st.integers(0, 120))):
        if g.is_over(state):
            break
        state = g.apply(state, bot.choose(g, state))
    return g, json.loads(g.to_json(state))["state"]


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``value`` (the root excluded)."""
    out: list[tuple[Any, ...]] = []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        out.append(prefix + (key,))
        out.extend(paths(child, prefix + (key,)))
    return out


def get(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


SMALL = [None, True, False, 0, 1, -1, 2, 3, 5, 6, 7, 15, 150, 10**6, 1.0, 0.5, "", "x", "rock", "brain",
         "sheep:head", "over", [], {}, [0], [None], [[]], {"n": 0, "e": "x"}]


def mutate(data: dict[str, Any], draw: st.DrawFn) -> None:
    all_paths = paths(data)
    # A key of the state first, then a place inside it: the log must not take most of the draws.
    top = draw(st.sampled_from(sorted(data)))
    path = draw(st.sampled_from([(top,)] + paths(data[top], (top,))))
    parent, key = get(data, path[:-1]), path[-1]
    how = draw(st.sampled_from(["small", "other", "drop", "add", "grow", "shrink", "swap", "bump"]))
    if how == "small":
        parent[key] = json.loads(json.dumps(draw(st.sampled_from(SMALL))))
    elif how == "other":
        parent[key] = json.loads(json.dumps(get(data, draw(st.sampled_from(all_paths)))))
    elif how == "bump" and type(parent[key]) is int:
        parent[key] += draw(st.sampled_from([-2, -1, 1, 2]))
    elif how == "drop":
        if isinstance(parent, dict):
            del parent[key]
        else:
            parent.pop(key)
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "n", "e", "p"]))] = draw(st.sampled_from([0, 1, None, "x"]))
    elif how == "grow" and isinstance(parent, list):
        parent.insert(key, json.loads(json.dumps(parent[draw(st.integers(0, len(parent) - 1))])))
    elif how == "shrink" and isinstance(parent[key], list) and parent[key]:
        parent[key].pop(draw(st.integers(0, len(parent[key]) - 1)))
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        i = draw(st.integers(0, len(parent) - 1))
        parent[key], parent[i] = parent[i], parent[key]


def play_out(g: Any, state: Any, seed: int) -> None:
    """Random legal moves to the end; everything the API offers must work on every state reached."""
    rng = Rng.from_seed(seed)
    for step in range(MAX_STEPS):
        players = state.data["players"]
        legal = g.legal_actions(state)
        assert bool(legal) == (not g.is_over(state)) == (state.current_player is not None)
        for p in range(players):
            g.view(state, p)
        scores, winners = g.scores(state), g.winners(state)
        assert len(scores) == players and all(type(s) is int for s in scores)
        assert all(type(w) is int and 0 <= w < players for w in winners)
        assert bool(winners) == g.is_over(state)
        if step % 7 == 0 or not legal:
            assert g.to_json(g.from_json(g.to_json(state))) == g.to_json(state)
        if not legal:
            return
        state = g.apply(state, rng.choice(legal))


@SETTINGS
@given(saved_states(), st.integers(1, 3), st.data())
def test_a_mutated_save_is_refused_or_plays_on(saved: tuple[Any, dict[str, Any]], count: int,
                                               data: st.DataObject) -> None:
    g, state_data = saved
    for _ in range(count):
        mutate(state_data, data.draw)
    text = dump_state(g.name, state_data)  # the checksum recomputed, as anyone can
    try:
        state = g.from_json(text)
    except ValueError:
        return
    play_out(g, state, seed=count)


@SETTINGS
@given(saved_states())
def test_every_reachable_state_loads(saved: tuple[Any, dict[str, Any]]) -> None:
    g, state_data = saved
    state = g.from_json(dump_state(g.name, state_data))
    play_out(g, state, seed=1)


# -------------------------------------------------------- named defects a save can have
def edited(name: str, changes: dict[str, Any], players: int = 2, moves: int = 10, seed: int = 5,
           options: dict[str, Any] | None = None) -> str:
    g = games.get(name)
    state = g.new_game(players=players, seed=seed, options=options)
    bot = bots.get("random", seed=seed)
    for _ in range(moves):
        if g.is_over(state):
            break
        state = g.apply(state, bot.choose(g, state))
    data = json.loads(g.to_json(state))["state"]
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value(data) if callable(value) else value
    return dump_state(name, data)


@pytest.mark.parametrize("name", GAMES)
def test_options_missing_empty_or_wrong_are_refused(name: str) -> None:
    g = games.get(name)
    def wrong_type(d: dict[str, Any]) -> dict[str, Any]:
        return {**d["options"], "first_player": True} if "first_player" in d["options"] else {"columns": 1}

    for options in (KeyError, {}, {"extra": 1}, wrong_type):
        with pytest.raises(ValueError):
            g.from_json(edited(name, {"options": options}))


def finished(name: str, players: int = 2) -> tuple[Any, dict[str, Any]]:
    g = games.get(name)
    state = g.new_game(players=players, seed=11, options={"target": 30} if name == "klats" else None)
    bot = bots.get("random", seed=11)
    while not g.is_over(state):
        state = g.apply(state, bot.choose(g, state))
    return g, json.loads(g.to_json(state))["state"]


def test_rps_winners_rewritten_are_refused() -> None:
    g, data = finished("rps_zombie")
    for other in ([0], [1], [0, 1]):
        if other != data["winner_seats"]:
            with pytest.raises(ValueError, match="winners"):
                g.from_json(dump_state(g.name, {**data, "winner_seats": other}))


def test_klats_target_at_or_below_a_total_in_play_is_refused() -> None:
    g = games.get("klats")
    state = g.new_game(players=2, seed=3, options={"target": 100})
    bot = bots.get("random", seed=3)
    while state.data["round"] < 3:
        state = g.apply(state, bot.choose(g, state))
    data = json.loads(g.to_json(state))["state"]
    top = max(data["totals"])
    assert top > 0
    for target in (top, max(1, top - 1)):
        with pytest.raises(ValueError, match="target"):
            g.from_json(dump_state(g.name, {**data, "options": {**data["options"], "target": target}}))
    assert g.from_json(dump_state(g.name, {**data, "options": {**data["options"], "target": top + 1}}))


def test_klats_round_results_are_checked() -> None:
    g, data = finished("klats")
    res = data["round_results"]
    for change in (
        {"scores": [s + 1 for s in res[0]["scores"]]},
        {"totals": [t + 1 for t in res[0]["totals"]]},
        {"reason": "six" if res[0]["reason"] == "empty" else "empty"},
        {"round": 7},
        {"tops": [list(reversed(t)) + [15] for t in res[0]["tops"]]},
    ):
        bad = [{**res[0], **change}] + res[1:]
        with pytest.raises(ValueError):
            g.from_json(dump_state(g.name, {**data, "round_results": bad}))

"""Bad input gets the right error, whatever it holds, for every game (hypothesis).

* ``apply`` refuses anything that is not JSON-equal to a legal action with
  ``IllegalAction``: huge ints, nesting deeper than the recursion limit,
  objects whose ``repr`` fails, non-string keys – never another exception from
  building the message; and it accepts any ``Mapping`` or tuple that is
  JSON-equal to a legal action, but never ``1.0``/``True`` for ``1``.
* ``new_game`` refuses bad decks, options, seeds and player counts with ``ValueError``.
* ``from_json`` refuses any text that is not a saved game with ``ValueError``.
"""

from __future__ import annotations

import json
import sys
import types
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames_core import IllegalAction, bots, games
from pygames_core.base import State

GAMES = games.names()
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HUGE = 10**5000  # more digits than int-to-text conversion allows


def deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class FrozenMapping(Mapping[str, Any]):
    """A read-only Mapping that is not a dict."""

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = dict(data)

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


@st.composite
def game_states(draw: st.DrawFn) -> tuple[Any, State]:
    """A game somewhere in play: random seat count and seed, a few random moves made."""
    name = draw(st.sampled_from(GAMES))
    g = games.get(name)
    players = draw(st.integers(g.min_players, g.max_players))
    seed = draw(st.integers(0, 10**6))
    state = g.new_game(players=players, seed=seed)
    bot = bots.get("random", seed=seed)
    for _ in range(draw(st.integers(0, 30))):
        if g.is_over(state):
            break
        state = g.apply(state, bot.choose(g, state))
    return g, state


def special(name: str) -> Any:
    """Values that hypothesis must not print (it cannot): built from their names."""
    return {
        "huge": HUGE, "-huge": -HUGE, "nan": float("nan"), "bytes": b"x", "unprintable": Unprintable(),
        "2**64": 2**64, "-2**64": -(2**64), "deep": deep(sys.getrecursionlimit() * 2),
        "huge option": {"first_player": HUGE},
    }[name]


specials = st.sampled_from(["huge", "-huge", "nan", "bytes", "unprintable"]).map(special)

junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5) | st.just(1.0) | specials,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    | st.tuples(inner),
    max_leaves=8,
)


def poisoned(legal: dict[str, Any], draw: st.DrawFn) -> Any:
    """A legal action with one value (or key) replaced by junk."""
    action = dict(legal)
    how = draw(st.sampled_from(["value", "key", "deep", "huge", "whole"]))
    key = draw(st.sampled_from(sorted(action)))
    if how == "value":
        action[key] = draw(junk)
    elif how == "key":
        action[draw(st.sampled_from([1, None, (1,), "extra"]))] = 1  # type: ignore[index]
    elif how == "deep":
        action[key] = deep(sys.getrecursionlimit() + 100)
    elif how == "huge":
        action[key] = HUGE
    else:
        return draw(junk | st.just("deep").map(special))
    return action


@SETTINGS
@given(st.data())
def test_bad_actions_raise_illegal_action_and_change_nothing(data: st.DataObject) -> None:
    g, state = data.draw(game_states())
    before = g.to_json(state)
    legal = g.legal_actions(state)
    action = poisoned(legal[0], data.draw) if legal else data.draw(junk)
    if any(action == a and json.dumps(action, default=str) == json.dumps(a) for a in legal):
        return  # junk that happens to be a legal action
    with pytest.raises(IllegalAction) as info:
        g.apply(state, action)
    assert len(str(info.value)) < 2000
    assert g.to_json(state) == before


@SETTINGS
@given(st.data())
def test_json_equal_mappings_and_tuples_are_accepted(data: st.DataObject) -> None:
    g, state = data.draw(game_states())
    legal = g.legal_actions(state)
    if not legal:
        return
    action = data.draw(st.sampled_from(legal))
    expected = g.to_json(g.apply(state, action))
    items = list(action.items())
    data.draw(st.randoms()).shuffle(items)
    as_tuples = {k: tuple(v) if isinstance(v, list) else v for k, v in items}
    for same in (OrderedDict(items), types.MappingProxyType(dict(items)), FrozenMapping(dict(items)), as_tuples):
        assert g.to_json(g.apply(state, same)) == expected


def test_type_strictness_true_is_not_one() -> None:
    g = games.get("klats")
    s = g.new_game(players=2, seed=1, deck=[1, 2, 3, 4, 5, 6, 7])
    good = {"type": "play", "card": 1, "target": 0, "pile": None}
    g.apply(s, good)
    for bad in ({**good, "card": 1.0}, {**good, "card": True}, {**good, "target": False}, {**good, "target": 0.0}):
        with pytest.raises(IllegalAction):
            g.apply(s, bad)


@pytest.mark.parametrize("name", GAMES)
def test_errors_while_explaining_are_illegal_actions(name: str) -> None:
    g = games.get(name)
    s = g.new_game(players=2, seed=3)
    legal = g.legal_actions(s)[0]
    limit = sys.getrecursionlimit()
    for bad in (
        {**legal, "type": HUGE}, {k: HUGE for k in legal}, {**legal, "type": deep(limit + 10)},
        deep(limit + 10), HUGE, Unprintable(), {**legal, "x": Unprintable()}, {1: 2, "type": 3},
        {**legal, "type": [legal["type"]]}, OrderedDict((k, deep(limit * 2)) for k in legal),
    ):
        with pytest.raises(IllegalAction):
            g.apply(s, bad)


card_like = st.one_of(
    st.floats(), st.integers(-3, 20).map(float), st.booleans(), st.lists(st.integers(1, 15), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1), st.sets(st.integers(), max_size=1),
    st.sampled_from(["huge", "bytes", "unprintable"]).map(special), st.none(), st.text(max_size=6),
)


@SETTINGS
@given(st.sampled_from(GAMES), st.data())
def test_bad_decks_raise_value_error(name: str, data: st.DataObject) -> None:
    g = games.get(name)
    cards = sorted(g.card_counts, key=str)
    deck = data.draw(st.lists(st.sampled_from(cards), max_size=6))
    bad = data.draw(card_like)
    if any(type(bad) is type(c) and bad == c for c in cards):
        return
    deck.insert(data.draw(st.integers(0, len(deck))), bad)
    with pytest.raises(ValueError) as info:
        g.new_game(players=g.min_players, seed=1, deck=deck)
    assert type(info.value) is ValueError and "card" in str(info.value)


def test_a_float_equal_to_a_card_is_not_a_card() -> None:
    g = games.get("klats")
    with pytest.raises(ValueError, match="unknown card id 1.0"):
        g.new_game(players=2, seed=1, deck=[1.0, 2, 3])
    with pytest.raises(ValueError, match="unknown card id"):
        g.new_game(players=2, seed=1, deck=[[1], 2, 3])


@SETTINGS
@given(st.sampled_from(GAMES), st.data())
def test_bad_setup_arguments_raise_value_error(name: str, data: st.DataObject) -> None:
    g = games.get(name)
    kind = data.draw(st.sampled_from(["players", "seed", "options"]))
    value = data.draw(junk | st.sampled_from(["huge", "2**64", "-2**64", "huge option"]).map(special))
    kwargs: dict[str, Any] = {"players": g.min_players, "seed": 1}
    if kind == "options":
        if not isinstance(value, dict) or not value:
            value = {data.draw(st.sampled_from(sorted(g.option_defaults))): value}
    elif kind == "seed" and value is None:
        return
    elif type(value) is int and (kind == "seed" and -(2**64) < value < 2**64
                                 or kind == "players" and g.min_players <= value <= g.max_players):
        return
    kwargs[kind] = value
    try:
        g.new_game(**kwargs)
    except ValueError as exc:
        assert type(exc) is ValueError and len(str(exc)) < 2000
    else:
        assert kind == "options"  # a valid option value drawn by chance
        assert g.from_json(g.to_json(g.new_game(**kwargs)))


def as_text(value: Any) -> str:
    try:
        return json.dumps(value, default=lambda _: "?")
    except ValueError:  # an int too long to write
        return "[1, 2"


@SETTINGS
@given(st.sampled_from(GAMES), st.data())
def test_from_json_of_any_text_raises_value_error(name: str, data: st.DataObject) -> None:
    g = games.get(name)
    limit = sys.getrecursionlimit()
    text = data.draw(st.one_of(
        st.text(max_size=40),
        st.sampled_from(["deep list", "deep object", "huge int", "nested state", "huge in state"]),
        junk.map(as_text),
    ))
    text = {
        "deep list": "[" * (limit * 4),
        "deep object": '{"a":' * (limit * 2),
        "huge int": "1" * 5000,
        "nested state": '{"format":1,"game":"' + name + '","state":' + "[" * 2000 + "]" * 2000 + ',"checksum":"x"}',
        "huge in state": '{"format":1,"game":"' + name + '","state":{"x":' + "1" * 4400 + '},"checksum":"x"}',
    }.get(text, text)
    with pytest.raises(ValueError):
        g.from_json(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_apply_accepts_exactly_the_legal_actions(data: st.DataObject) -> None:
    """The direct checks of common actions agree with ``legal_actions``: near misses are refused."""
    g, state = data.draw(game_states())
    legal = g.legal_actions(state)
    if not legal:
        return
    action = dict(data.draw(st.sampled_from(legal)))
    key = data.draw(st.sampled_from(sorted(action)))
    value = action[key]
    options = [None, 0, 1, 2, 3, 6, -1, True, "x", [], "left", "col", "card", "animal", "sheep:head"]
    if isinstance(value, list):
        options += [list(reversed(value)), value[:-1], value + value[-1:], [None] * len(value)]
    for other in legal:
        options += [v for v in other.values() if v != value]
    action[key] = data.draw(st.sampled_from(options))
    is_legal = any(action == a and json.dumps(action, sort_keys=True) == json.dumps(a, sort_keys=True) for a in legal)
    if is_legal:
        g.apply(state, action)
    else:
        with pytest.raises(IllegalAction):
            g.apply(state, action)


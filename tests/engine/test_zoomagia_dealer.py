"""Зоомагия: the option ``dealer`` (the sheet: the dealer moves first)."""

from __future__ import annotations

import json

import pytest

from pygames_core import games
from pygames_core.jsonio import dump_state
from pygames_core.zoomagia import rules

G = games.get("zoomagia")


def test_the_dealer_is_dealt_to_first_and_moves_first() -> None:
    deck = list(rules.CARDS[:30])
    s = G.new_game(players=3, seed=1, deck=deck, options={"dealer": 2})
    v = G.view(s, 0)
    assert v["dealer"] == 2 and s.current_player == 2
    # Two cards each, one at a time, starting with the dealer: seat 2 gets cards 0 and 3.
    assert v["players"][2]["cards"] == rules.sort_cards([deck[0], deck[3]])
    assert v["players"][0]["cards"] == rules.sort_cards([deck[1], deck[4]])
    assert v["drawn"] == deck[15]  # after 6 dealt and 9 on the field
    s = G.apply(s, G.legal_actions(s)[0])
    while G.view(s, 0)["phase"] != "push":
        s = G.apply(s, G.legal_actions(s)[-1])
    assert s.current_player == 0, "the turn passes on clockwise from the dealer"


def test_default_dealer_is_seat_zero() -> None:
    s = G.new_game(players=2, seed=1)
    assert s.data["options"] == {"columns": True, "dealer": 0} and s.current_player == 0


@pytest.mark.parametrize("dealer", [-1, 3, True, 1.0, "1", None])
def test_a_bad_dealer_is_refused(dealer: object) -> None:
    with pytest.raises(ValueError, match="dealer"):
        G.new_game(players=3, seed=1, options={"dealer": dealer})


def test_a_save_from_before_the_option_still_loads() -> None:
    s = G.new_game(players=2, seed=4)
    data = json.loads(G.to_json(s))["state"]
    del data["options"]["dealer"]
    loaded = G.from_json(dump_state(G.name, data))
    assert loaded.data["options"] == {"columns": True, "dealer": 0}
    assert G.to_json(loaded) == G.to_json(s)
    with pytest.raises(ValueError, match="dealer"):
        G.from_json(dump_state(G.name, {**data, "options": {"columns": True, "dealer": 1}}))

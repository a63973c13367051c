"""Game records replay exactly, and tampered records are refused with the move named."""

from __future__ import annotations

import json

import pytest

from pygames_core import bots, games
from pygames_core.record import new_record, replay


@pytest.mark.parametrize("name", games.names())
def test_replay_rebuilds_the_state(name: str) -> None:
    g = games.get(name)
    options = {"target": 40} if name == "klats" else None
    state = g.new_game(g.min_players, seed=5, options=options)
    rec = new_record(name, g.min_players, 5, options)
    bot = bots.get("greedy", seed=1)
    while not g.is_over(state):
        action = bot.choose(g, state)
        state = g.apply(state, action)
        rec["actions"].append(action)
    rec = json.loads(json.dumps(rec))  # through JSON, as an exported file would be
    assert g.to_json(replay(rec)) == g.to_json(state)
    half = len(rec["actions"]) // 2
    partial = replay(rec, upto=half)
    assert partial.data["turn"] == half


def test_tampered_record_names_the_move() -> None:
    g = games.get("klats")
    state = g.new_game(2, seed=1)
    rec = new_record("klats", 2, 1, None)
    for _ in range(3):
        a = g.legal_actions(state)[0]
        state = g.apply(state, a)
        rec["actions"].append(a)
    rec["actions"][1] = {"type": "play", "card": 99, "target": 0, "pile": None}
    with pytest.raises(ValueError, match="move 2 of the record is not legal"):
        replay(rec)


@pytest.mark.parametrize("bad", [None, [], {"game": "klats"}, {"game": "chess", "players": 2, "seed": 1, "actions": []},
                                 {"game": "klats", "players": 9, "seed": 1, "actions": []},
                                 {"game": "klats", "players": 2, "seed": 1, "actions": {}},
                                 {"game": "klats", "players": 2, "seed": 1, "actions": [], "evil": 1}])
def test_bad_records(bad: object) -> None:
    with pytest.raises(ValueError):
        replay(bad)

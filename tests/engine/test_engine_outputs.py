"""The engine's outputs for seeded games, pinned (a faster engine must change nothing observable).

Each digest covers, over whole random games from fixed seeds: every state's ``to_json``,
its legal actions, scores and winners, every seat's view, and now and then a determinized
state (with its legal actions and a step from it).  The recorded values were made by the
engine before the speed work (commit 3c8b481); a change of the rules themselves changes
them on purpose: then record the new ones with ``python tests/engine/test_engine_outputs.py``.

Also: a view shares no list or dict with the state it shows (the engine's copies are
shallow where it can afford it; what a caller changes in a view must not reach the state).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from pygames_core import games
from pygames_core.rng import Rng

SEEDS = 8

#: (game, players) -> digest of :func:`digest` (SEEDS games).
RECORDED: dict[tuple[str, int], str] = {
    ("klats", 2): "880da623e75ea0c016914a9a",
    ("klats", 6): "3101fbf04c5d7a0c15fcc01f",
    ("rps_zombie", 2): "e81d3b4c1a8613cc644a7251",
    ("rps_zombie", 3): "2bd38c56ccaac96b805a8ffb",
    ("zoomagia", 2): "6d72e43e50a7d24a32a725e7",
    ("zoomagia", 3): "5bfff21bc2a8e9ea0f864c1e",
    ("zoomagia", 6): "92ef8fc77f1cf465753b0287",
}


def _text(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def options_for(name: str) -> dict[str, Any] | None:
    return {"target": 40} if name == "klats" else None


def digest(name: str, players: int, seeds: int = SEEDS) -> str:
    """A hash of everything observable over ``seeds`` random games."""
    g = games.get(name)
    h = hashlib.sha256()
    for seed in range(seeds):
        state = g.new_game(players=players, seed=seed, options=options_for(name))
        rnd = random.Random(seed)
        while True:
            h.update(g.to_json(state).encode())
            legal = g.legal_actions(state)
            h.update(_text([legal, g.scores(state), g.winners(state)]))
            for p in range(players):
                view = g.view(state, p)
                h.update(_text(view))
                if rnd.random() < 0.2:
                    det = g.determinize(view, Rng(seed * 7 + p))
                    h.update(g.to_json(det).encode())
                    if not g.is_over(det):
                        det_legal = g.legal_actions(det)
                        h.update(_text(det_legal))
                        step = g.apply_unchecked(det, det_legal[rnd.randrange(len(det_legal))])
                        h.update(g.to_json(step).encode())
            if not legal:
                break
            state = g.apply(state, dict(legal[rnd.randrange(len(legal))]))
    return h.hexdigest()[:24]


@pytest.mark.parametrize(("name", "players"), sorted(RECORDED))
def test_seeded_games_give_the_recorded_outputs(name: str, players: int) -> None:
    assert digest(name, players) == RECORDED[name, players]


def _containers(value: Any, out: dict[int, Any]) -> dict[int, Any]:
    """Every list and dict inside ``value`` (itself included), by id."""
    if isinstance(value, (list, dict)):
        out[id(value)] = value
        for child in value.values() if isinstance(value, dict) else value:
            _containers(child, out)
    return out


@pytest.mark.parametrize("name", games.names())
def test_a_view_shares_no_list_or_dict_with_the_state(name: str) -> None:
    g = games.get(name)
    for players in sorted({g.min_players, g.max_players}):
        state = g.new_game(players=players, seed=5, options=options_for(name))
        rnd = random.Random(5)
        while not g.is_over(state):
            legal = g.legal_actions(state)
            state = g.apply(state, legal[rnd.randrange(len(legal))])
            if rnd.random() < 0.3:
                owned = _containers(state.data, {})
                view = g.view(state, rnd.randrange(players))
                shared = [c for i, c in _containers(view, {}).items() if i in owned]
                assert not shared, f"{name}: the view shares {shared[:3]} with the state"


if __name__ == "__main__":
    for key in sorted(RECORDED):
        print(f"    {key!r}: {digest(*key)!r},")

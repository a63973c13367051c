"""The conformance suite: the engine contract (docs/ENGINE_API.md), checked the same way for every registered game."""

from __future__ import annotations

import json

import pytest

from pygames_core import IllegalAction, bots, games
from pygames_core.jsonio import canonical, checksum
from pygames_core.rng import Rng

GAMES = games.names()


def player_counts(name: str) -> list[int]:
    g = games.get(name)
    return list(range(g.min_players, g.max_players + 1))


def play_random(name: str, players: int, seed: int, max_steps: int = 20_000):
    g = games.get(name)
    state = g.new_game(players=players, seed=seed, options=small_options(name))
    bot = bots.get("random", seed=seed)
    steps = 0
    trail = [state]
    while not g.is_over(state):
        assert steps < max_steps, "game did not end"
        state = g.apply(state, bot.choose(g, state))
        trail.append(state)
        steps += 1
    return g, state, trail


def small_options(name: str) -> dict | None:
    # Keep match games short in the suite.
    return {"target": 60} if name == "klats" else None


def test_registry() -> None:
    assert GAMES == sorted(GAMES)
    assert "klats" in GAMES
    with pytest.raises(KeyError, match="known games"):
        games.get("chess")


@pytest.mark.parametrize("name", GAMES)
def test_players_out_of_range(name: str) -> None:
    g = games.get(name)
    for bad in (g.min_players - 1, g.max_players + 1, "2", True, None):
        with pytest.raises(ValueError):
            g.new_game(players=bad, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", GAMES)
def test_bad_options_and_deck(name: str) -> None:
    g = games.get(name)
    with pytest.raises(ValueError, match="unknown option"):
        g.new_game(players=g.min_players, seed=1, options={"no_such_option": 1})
    with pytest.raises(ValueError, match="unknown card"):
        g.new_game(players=g.min_players, seed=1, deck=["no-such-card"])
    some_card, copies = next(iter(g.card_counts.items()))
    with pytest.raises(ValueError, match="copies"):
        g.new_game(players=g.min_players, seed=1, deck=[some_card] * (copies + 1))


@pytest.mark.parametrize("name", GAMES)
def test_random_games_end_and_are_consistent(name: str) -> None:
    for players in player_counts(name):
        for seed in range(3):
            g, state, trail = play_random(name, players, seed)
            assert g.legal_actions(state) == []
            assert state.current_player is None
            winners = g.winners(state)
            assert winners and all(0 <= w < players for w in winners)
            assert len(g.scores(state)) == players
            for s in trail[:-1]:
                assert g.winners(s) == []
                assert s.current_player is not None


@pytest.mark.parametrize("name", GAMES)
def test_determinism(name: str) -> None:
    players = player_counts(name)[-1]
    _, a, _ = play_random(name, players, seed=7)
    g, b, _ = play_random(name, players, seed=7)
    assert g.to_json(a) == g.to_json(b)
    _, c, _ = play_random(name, players, seed=8)
    assert g.to_json(a) != g.to_json(c)


@pytest.mark.parametrize("name", GAMES)
def test_seed_none_is_stored(name: str) -> None:
    g = games.get(name)
    s = g.new_game(players=g.min_players)
    assert isinstance(json.loads(g.to_json(s))["state"]["seed"], int)


@pytest.mark.parametrize("name", GAMES)
def test_json_round_trip_and_continuation(name: str) -> None:
    g, _, trail = play_random(name, player_counts(name)[0], seed=3)
    for i, s in enumerate(trail[:: max(1, len(trail) // 25)]):
        text = g.to_json(s)
        # The text is the canonical JSON of the whole saved object (written without re-encoding the state).
        assert text == canonical({"format": 1, "game": name, "state": s.data, "checksum": checksum(s.data)})
        back = g.from_json(text)
        assert g.to_json(back) == text
        if not g.is_over(s):
            # Play continues identically from the reloaded state.
            b1, b2 = bots.get("random", seed=i), bots.get("random", seed=i)
            x, y = s, back
            for _ in range(10):
                if g.is_over(x):
                    break
                x = g.apply(x, b1.choose(g, x))
                y = g.apply(y, b2.choose(g, y))
                assert g.to_json(x) == g.to_json(y)


@pytest.mark.parametrize("name", GAMES)
def test_from_json_rejects_bad_text(name: str) -> None:
    g = games.get(name)
    s = g.new_game(players=g.min_players, seed=5)
    text = g.to_json(s)
    body = json.loads(text)
    for bad in ("", "{", "[]", "null", json.dumps({**body, "format": 999}), json.dumps({**body, "game": "other"})):
        with pytest.raises(ValueError):
            g.from_json(bad)
    tampered = dict(body)
    tampered["state"] = dict(body["state"], current=body["state"]["players"] + 5)
    with pytest.raises(ValueError, match="modified|damaged"):
        g.from_json(json.dumps(tampered))
    # Even with a matching checksum, an impossible state is refused.
    from pygames_core.jsonio import checksum

    tampered["checksum"] = checksum(tampered["state"])
    with pytest.raises(ValueError):
        g.from_json(json.dumps(tampered))


@pytest.mark.parametrize("name", GAMES)
def test_illegal_actions_rejected_state_unchanged(name: str) -> None:
    g, _, trail = play_random(name, player_counts(name)[0], seed=11)
    for s in trail[:: max(1, len(trail) // 15)][:-1]:
        before = g.to_json(s)
        legal = g.legal_actions(s)
        keys = {canonical(a) for a in legal}
        example = legal[0]
        bads: list[object] = [None, 42, "play", [example], {}, {"type": "nope"},
                              {**example, "extra": 1}]
        for k, v in example.items():
            if k == "type":
                continue
            for alt in (True, -1, 999, "x", None, [v]):
                cand = {**example, k: alt}
                if canonical(cand) not in keys:
                    bads.append(cand)
        for bad in bads:
            with pytest.raises(IllegalAction):
                g.apply(s, bad)
            assert g.to_json(s) == before
        # Key order is irrelevant.
        reordered = dict(reversed(list(example.items())))
        assert g.to_json(g.apply(s, reordered)) == g.to_json(g.apply(s, example))
        assert g.to_json(s) == before
    final = trail[-1]
    with pytest.raises(IllegalAction, match="over"):
        g.apply(final, {"type": "pass"})


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_distinct_and_stable(name: str) -> None:
    g, _, trail = play_random(name, player_counts(name)[-1], seed=2)
    for s in trail[:200]:
        legal = g.legal_actions(s)
        keys = [canonical(a) for a in legal]
        assert len(keys) == len(set(keys))
        assert keys == [canonical(a) for a in g.legal_actions(s)]
        assert all(isinstance(a, dict) and "type" in a for a in legal)


@pytest.mark.parametrize("name", GAMES)
def test_views_are_json_safe_and_keep_secrets(name: str) -> None:
    g, _, trail = play_random(name, player_counts(name)[-1], seed=4)
    required = {"current_player", "deck_size", "over", "scores"}
    for s in trail[:: max(1, len(trail) // 20)]:
        secret_json = json.dumps(s.data)
        for p in range(s.data["players"]):
            v = g.view(s, p)
            text = json.dumps(v)
            assert required <= set(v)
            assert v["scores"] == g.scores(s)
            assert v["current_player"] == s.current_player
            assert v["over"] == g.is_over(s)
            assert "rng" not in v and "seed" not in v and "deck" not in v
            assert s.data["rng"] not in text
            assert len(text) < len(secret_json) * 2
    with pytest.raises(ValueError):
        g.view(trail[0], 99)


@pytest.mark.parametrize("name", GAMES)
def test_view_does_not_depend_on_hidden_cards(name: str) -> None:
    """Two states that differ only in what seat p cannot see give p the same view."""
    g = games.get(name)
    s = g.new_game(players=g.min_players, seed=21)
    for step in range(30):
        if g.is_over(s):
            break
        p = s.current_player
        assert p is not None
        other = g.determinize(g.view(s, p), Rng.from_seed(step))
        assert canonical(g.view(other, p)) == canonical(g.view(s, p))
        assert g.legal_actions(other) == g.legal_actions(s)
        s = g.apply(s, bots.get("random", seed=step).choose(g, s))


@pytest.mark.parametrize("name", GAMES)
def test_determinized_states_are_playable(name: str) -> None:
    g, _, trail = play_random(name, player_counts(name)[0], seed=9)
    for i, s in enumerate(trail[:: max(1, len(trail) // 10)][:-1]):
        d = g.determinize(g.view(s, s.current_player), Rng.from_seed(i))
        g.from_json(g.to_json(d))  # passes the full consistency check
        bot = bots.get("random", seed=i)
        for _ in range(50):
            if g.is_over(d):
                break
            d = g.apply(d, bot.choose(g, d))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bot_name", ["random", "greedy"])
def test_bots_play_legal_moves(name: str, bot_name: str) -> None:
    g = games.get(name)
    s = g.new_game(players=g.min_players, seed=13, options=small_options(name))
    bot = bots.get(bot_name, seed=1)
    for _ in range(5000):
        if g.is_over(s):
            break
        a = bot.choose(g, s)
        assert canonical(a) in {canonical(x) for x in g.legal_actions(s)}
        s = g.apply(s, a)
    assert g.is_over(s)


def test_bot_registry() -> None:
    assert {"greedy", "random"} <= set(bots.names())
    with pytest.raises(KeyError, match="known bots"):
        bots.get("deep-blue")
    with pytest.raises(TypeError):
        bots.get("random", seed=1, budget_ms=5)


@pytest.mark.parametrize("name", GAMES)
def test_from_json_checks_keys_and_phase(name: str) -> None:
    from pygames_core.jsonio import checksum

    g = games.get(name)
    body = json.loads(g.to_json(g.new_game(players=g.min_players, seed=2)))

    def load(state: dict) -> None:
        g.from_json(json.dumps({**body, "state": state, "checksum": checksum(state)}))

    if g.state_keys:
        with pytest.raises(ValueError, match="unexpected keys"):
            load({**body["state"], "smuggled": 1})
    if g.phases:
        with pytest.raises(ValueError, match="unknown phase"):
            load({**body["state"], "phase": "nonsense"})
        with pytest.raises(ValueError, match="does not match"):
            load({**body["state"], "phase": "over"})

"""The ``ismcts`` search bot: API, determinism, information hiding, search control, strength."""

from __future__ import annotations

import importlib
import time
from typing import Any

import pytest

from pygames_core import bots, games
from pygames_core.base import Game, State
from pygames_core.bots.greedy import heuristic_for
from pygames_core.bots.ismcts import Analysis, IsmctsBot, action_key
from pygames_core.jsonio import canonical
from pygames_core.rng import Rng

GAMES = games.names()


def advance(game: Game, state: State, moves: int, seed: int = 0) -> State:
    """Play ``moves`` random decisions (fewer if the game ends first)."""
    rnd = bots.get("random", seed=seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        state = game.apply(state, rnd.choose(game, state))
    return state


def open_position(game: Game, players: int, seed: int) -> State:
    """A position, some moves in, where the player to move has a real choice."""
    for extra in range(40):
        state = advance(game, game.new_game(players=players, seed=seed + extra), 5, seed=seed)
        if not game.is_over(state) and len(game.legal_actions(state)) > 1:
            return state
    raise AssertionError(f"no open position found in {game.name}")


def twin(game: Game, state: State, rng_seed: int) -> State:
    """Another full state with the same view for the player to move, its hidden cards re-dealt."""
    seat = state.current_player
    assert seat is not None
    other = game.determinize(game.view(state, seat), Rng.from_seed(rng_seed))
    assert game.view(other, seat) == game.view(state, seat)
    return other


def test_registered_with_its_options() -> None:
    assert "ismcts" in bots.names()
    bot = bots.get("ismcts", seed=1, budget_ms=50, iterations=100, min_iterations=5)
    assert isinstance(bot, IsmctsBot)
    with pytest.raises(TypeError, match="no option"):
        bots.get("ismcts", seed=1, depth=3)


@pytest.mark.parametrize("options, message", [
    ({"iterations": 0}, "iterations must be a positive int"),
    ({"iterations": True}, "iterations must be a positive int"),
    ({"budget_ms": -5}, "budget_ms must be a positive number"),
    ({"min_iterations": 10}, "min_iterations needs budget_ms"),
    ({"budget_ms": 10, "min_iterations": 50, "iterations": 20}, "exceeds iterations"),
    ({"playout_moves": -1}, "playout_moves"),
    ({"exploration": "high"}, "exploration"),
    ({"prior_weight": -1}, "prior_weight must be a number >= 0"),
    ({"greedy_margin": -0.5}, "greedy_margin must be a number >= 0"),
])
def test_bad_options_are_named(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bots.get("ismcts", seed=1, **options)


@pytest.mark.parametrize("name", GAMES)
def test_plays_legal_moves_at_every_player_count(name: str) -> None:
    game = games.get(name)
    for players in (game.min_players, game.max_players):
        state = open_position(game, players, seed=3)
        bot = bots.get("ismcts", seed=2, iterations=40)
        for _ in range(6):
            if game.is_over(state):
                break
            action = bot.choose(game, state)
            assert action in game.legal_actions(state)
            state = game.apply(state, action)


@pytest.mark.parametrize("name", GAMES)
def test_same_view_same_move_whatever_the_hidden_cards(name: str) -> None:
    """Two true states that one seat cannot tell apart get the same search, move for move."""
    game = games.get(name)
    for players in (game.min_players, game.max_players):
        state = open_position(game, players, seed=11)
        other = twin(game, state, rng_seed=99)
        assert game.to_json(other) != game.to_json(state)  # the hidden cards really differ
        for seed in range(3):
            a = bots.get("ismcts", seed=seed, iterations=60).analyse(game, state)
            b = bots.get("ismcts", seed=seed, iterations=60).analyse(game, other)
            assert a.action == b.action
            assert [(m.visits, m.win_prob) for m in a.moves] == [(m.visits, m.win_prob) for m in b.moves]


@pytest.mark.parametrize("name", GAMES)
def test_iterations_alone_are_deterministic(name: str) -> None:
    game = games.get(name)
    state = open_position(game, 2, seed=5)
    first = bots.get("ismcts", seed=7, iterations=50).analyse(game, state)
    again = bots.get("ismcts", seed=7, iterations=50).analyse(game, state)
    assert first.iterations == again.iterations == 50
    assert canonical(first.action) == canonical(again.action)
    assert first.moves == again.moves
    assert sum(m.visits for m in first.moves) == 50


def test_analysis_reports_the_chosen_move_and_its_chance() -> None:
    game = games.get("klats")
    state = open_position(game, 3, seed=1)
    bot = bots.get("ismcts", seed=1, iterations=80)
    analysis = bot.analyse(game, state)
    assert isinstance(analysis, Analysis) and bot.last_analysis is analysis
    assert 0.0 <= analysis.win_prob <= 1.0 and bot.last_estimate == analysis.win_prob
    assert [m.action for m in analysis.moves] == game.legal_actions(state)
    best = max(analysis.moves, key=lambda m: m.visits)
    assert best.visits == next(m.visits for m in analysis.moves if m.action == analysis.action)


def test_one_legal_move_is_answered_without_search() -> None:
    real = games.get("zoomagia")

    class OneMove(type(real)):  # type: ignore[misc]
        """The same game with only the first legal action allowed."""

        def legal_actions(self, state: State) -> list[dict[str, Any]]:
            return super().legal_actions(state)[:1]

    game = OneMove()
    state = open_position(real, 2, seed=2)
    bot = bots.get("ismcts", seed=1, iterations=100_000)
    started = time.perf_counter()
    assert bot.choose(game, state) == real.legal_actions(state)[0]
    assert time.perf_counter() - started < 0.5  # a search of 100,000 iterations takes half a minute
    assert bot.last_analysis is None


def test_time_budget_with_floor_and_cap() -> None:
    game = games.get("zoomagia")
    state = open_position(game, 2, seed=4)
    capped = bots.get("ismcts", seed=1, budget_ms=10_000, iterations=30).analyse(game, state)
    assert capped.iterations == 30  # the cap ends the search long before the budget
    floor = bots.get("ismcts", seed=1, budget_ms=0.001, min_iterations=25).analyse(game, state)
    assert floor.iterations == 25  # the budget is spent at once, the floor still runs
    timed = bots.get("ismcts", seed=1, budget_ms=60).analyse(game, state)
    assert timed.iterations >= 20 and timed.elapsed_ms < 60 + 1000  # stopped by the budget, not the default cap


@pytest.mark.parametrize("name", GAMES)
def test_evaluate_gives_chances_that_sum_to_one(name: str) -> None:
    game = games.get(name)
    evaluate = importlib.import_module(f"pygames_core.bots.heuristics.{name}").evaluate
    for players in (game.min_players, game.max_players):
        state = game.new_game(players=players, seed=21)
        rnd = bots.get("random", seed=21)
        while True:
            for seat in range(players):
                chances = evaluate(game.view(state, seat))
                assert len(chances) == players and all(0.0 <= p <= 1.0 for p in chances)
                assert sum(chances) == pytest.approx(1.0)
            if game.is_over(state):
                winners = game.winners(state)
                assert chances == [1 / len(winners) if s in winners else 0.0 for s in range(players)]
                break
            state = game.apply(state, rnd.choose(game, state))


def test_the_root_prior_follows_the_greedy_ranking() -> None:
    """With a single iteration per root move, the best-looking move is tried first and kept."""
    game = games.get("klats")
    state = open_position(game, 2, seed=7)
    greedy = bots.get("greedy", seed=1).choose(game, state)
    one = bots.get("ismcts", seed=1, iterations=1).analyse(game, state)
    assert one.action == greedy
    plain = bots.get("ismcts", seed=1, iterations=1, prior_weight=0).analyse(game, state)
    assert [m.visits for m in plain.moves].count(1) == 1


@pytest.mark.parametrize("name", GAMES)
def test_greedy_margin_keeps_greedys_favourite_unless_clearly_beaten(name: str) -> None:
    """With a margin the move played is greedy's favourite, or a move whose mean clearly beats it."""
    game = games.get(name)
    score = heuristic_for(name)
    assert score is not None
    state = open_position(game, 2, seed=3)
    view = game.view(state, state.current_player)  # type: ignore[arg-type]
    legal = game.legal_actions(state)
    top = max(score(view, a) for a in legal)
    for margin in (0.5, 1e9):
        analysis = bots.get("ismcts", seed=2, iterations=150, greedy_margin=margin).analyse(game, state)
        if margin == 1e9:
            assert score(view, analysis.action) == top
        elif score(view, analysis.action) != top:
            chosen = next(m for m in analysis.moves if m.action == analysis.action)
            assert any(m.win_prob < chosen.win_prob for m in analysis.moves if score(view, m.action) == top)
            assert chosen.visits == max(m.visits for m in analysis.moves)


def test_action_key_tells_actions_apart() -> None:
    a = {"type": "refill", "cells": ["a:head", "b:body", None]}
    b = {"type": "refill", "cells": ["b:body", "a:head", None]}
    assert action_key(a) != action_key(b)
    assert action_key(a) == action_key(dict(reversed(list(a.items()))))


def test_beats_random_play() -> None:
    """A short match of Клац!: the search wins it from both seats."""
    game = games.get("klats")
    for seat in (0, 1):
        state = game.new_game(players=2, seed=8, options={"target": 40})
        players = [bots.get("random", seed=3), bots.get("random", seed=3)]
        players[seat] = bots.get("ismcts", seed=4, iterations=60)
        while not game.is_over(state):
            mover = state.current_player
            assert mover is not None
            state = game.apply(state, players[mover].choose(game, state))
        assert game.winners(state) == [seat]


def test_a_search_in_slices_equals_one_search() -> None:
    game = games.get("klats")
    state = open_position(game, 2, seed=6)
    whole = bots.get("ismcts", seed=3, iterations=120).analyse(game, state)
    bot = bots.get("ismcts", seed=3, iterations=120)
    search = bot.start(game, state)
    slices = 0
    while not search.step(0.5):
        slices += 1
        assert not search.done and search.iterations < 120
    sliced = search.result()
    assert slices >= 2 and sliced.iterations == 120 and search.done
    assert (sliced.action, sliced.moves) == (whole.action, whole.moves)
    assert bot.last_analysis is sliced


def test_the_budget_counts_search_time_only() -> None:
    game = games.get("rps_zombie")
    state = open_position(game, 2, seed=6)
    search = bots.get("ismcts", seed=3, budget_ms=200, min_iterations=1).start(game, state)
    started = time.perf_counter()
    search.step(1.0)
    time.sleep(0.3)  # the page's own time between slices: more than the whole budget
    assert search.spent_s >= 0.2 or not search.done
    while not search.step(10.0):
        pass
    wall_ms = (time.perf_counter() - started) * 1000
    elapsed = search.result().elapsed_ms
    assert 200 <= elapsed <= wall_ms - 300


def test_chances_are_a_softmax_of_strengths() -> None:
    from pygames_core.bots.heuristics import chances

    out = chances([2.0, None, 1.0], 1.0)
    assert out[1] == 0.0 and sum(out) == pytest.approx(1.0)
    assert out[0] / out[2] == pytest.approx(2.718281828)
    assert chances([2.0, 1.0], 100.0)[0] == pytest.approx(0.5, abs=0.01)  # a hot softmax says little


@pytest.mark.parametrize("name", GAMES)
def test_leaf_temperature_grows_with_what_is_left(name: str) -> None:
    """Fitted to Medium-vs-Medium winners: a lead says less early in the game."""
    temperature = importlib.import_module(f"pygames_core.bots.heuristics.{name}").temperature
    game = games.get(name)
    for players in (game.min_players, game.max_players):
        assert 0 < temperature(players, 0) < temperature(players, 30)
    if name == "klats":  # six players' matches swing more: a lead in points says less
        assert temperature(game.max_players, 10) > 2 * temperature(2, 10)

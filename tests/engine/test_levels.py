"""Easy / Medium / Hard: what each level is, the legacy seat kinds, and the UI strings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygames_core import bots, games
from pygames_core.bots import levels
from pygames_core.bots.greedy import GreedyBot
from pygames_core.bots.ismcts import IsmctsBot

ROOT = Path(__file__).resolve().parents[2]


def test_three_levels_easiest_first() -> None:
    assert levels.keys() == ["easy", "medium", "hard"]
    for level in levels.LEVELS:
        assert level.bot in bots.names()
        bots.get(level.bot, seed=1, **level.options)  # every option is one the bot has


def test_hard_takes_its_per_game_options_wherever_it_is_made() -> None:
    hard = levels.get("hard")
    for name in games.names():
        bots.get(hard.bot, seed=1, **hard.options_in(name))  # every option is one the bot has
        extra = levels.HARD_BY_GAME.get(name, {})
        expected = extra.get("playout_moves", IsmctsBot().playout_moves)
        assert levels.make("hard", seed=1, game=name).playout_moves == expected  # type: ignore[attr-defined]
        assert {**hard.options, **extra} == hard.options_in(name)
    assert levels.HARD_BY_GAME["zoomagia"]["playout_moves"] > IsmctsBot().playout_moves
    assert hard.options_in(None) == hard.options and levels.get("medium").options_in("zoomagia") == {}


def test_levels_are_the_bots_they_say() -> None:
    easy, medium, hard = (levels.make(k, seed=1) for k in levels.keys())
    assert isinstance(easy, GreedyBot) and 0 < easy.randomness < 1
    assert isinstance(medium, GreedyBot) and medium.randomness == 0
    assert isinstance(hard, IsmctsBot)
    assert hard.budget_s == levels.HARD_BUDGET_MS / 1000 and hard.floor == levels.HARD_MIN_ITERATIONS


def test_hard_with_a_game_searches_the_measured_iterations() -> None:
    for name in games.names():
        game = games.get(name)
        for players in sorted({2, game.max_players}):
            bot = levels.make("hard", seed=1, game=name, players=players)
            assert isinstance(bot, IsmctsBot)
            expected = round(levels.HARD_RATE[f"{name}:{players}"] * levels.hard_budget_ms(name, players) / 1000)
            assert bot.budget_s is None and bot.floor == bot.cap == max(levels.HARD_MIN_ITERATIONS, expected)
        assert levels.hard_iterations(name, 2) >= 1000  # two players: a whole budget for one move
    assert levels.fixed_options(levels.get("medium"), "klats") == {}


def test_hard_budget_per_move_shares_the_round() -> None:
    for name in games.names():
        one_bot = min(levels.HARD_BUDGET_MS, levels.HARD_ROUND_MS / levels.BOT_MOVES_PER_TURN[name])
        assert levels.hard_budget_ms(name, 2) == one_bot  # one bot: its turn has the round
        budgets = [levels.hard_budget_ms(name, n) for n in range(2, 7)]
        assert budgets == sorted(budgets, reverse=True)  # more bots, less each
        for n in range(3, 7):  # the bots of a round together stay within the round's budget
            moves = (n - 1) * levels.BOT_MOVES_PER_TURN[name]
            assert levels.hard_budget_ms(name, n) * moves <= max(levels.HARD_ROUND_MS, levels.HARD_BUDGET_MS) + 1e-9


def test_hard_iterations_between_the_measured_player_counts() -> None:
    rate = levels.HARD_RATE["klats:2"]  # four players: the rate of the nearest count below
    assert levels.hard_iterations("klats", 4) == round(rate * levels.hard_budget_ms("klats", 4) / 1000)
    assert levels.hard_iterations("klats") == levels.hard_iterations("klats", 2)
    assert levels.hard_iterations("no_such_game", 3) == levels.HARD_ITERATIONS_DEFAULT


def test_legacy_seat_kinds_map_to_levels() -> None:
    assert levels.level_for_legacy("random").key == "easy"
    assert levels.level_for_legacy("greedy").key == "medium"
    assert levels.level_for_legacy("hard").key == "hard"
    with pytest.raises(KeyError, match="unknown bot seat kind 'human'"):
        levels.level_for_legacy("human")


def test_unknown_level_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="known levels: easy, medium, hard"):
        levels.get("expert")


def test_every_level_has_a_name_and_description_in_both_languages() -> None:
    catalogues = {lang: json.loads((ROOT / "web" / "i18n" / lang / "bots.json").read_text()) for lang in ("en", "ru")}
    assert catalogues["en"].keys() == catalogues["ru"].keys()
    for level in levels.LEVELS:
        for lang, catalogue in catalogues.items():
            assert catalogue[level.label].strip() and catalogue[level.about].strip(), (lang, level.key)
    assert catalogues["ru"]["level.hard"] != catalogues["en"]["level.hard"]


def test_the_quick_levels_play_a_whole_game() -> None:
    game = games.get("rps_zombie")
    for key in ("easy", "medium"):  # Hard plays whole games in tests/engine/test_ismcts.py
        state = game.new_game(players=2, seed=3)
        players = [levels.make(key, seed=1, game="rps_zombie"), bots.get("random", seed=2)]
        while not game.is_over(state):
            seat = state.current_player
            assert seat is not None
            state = game.apply(state, players[seat].choose(game, state))
        assert game.winners(state)

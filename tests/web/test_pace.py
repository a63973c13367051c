"""The bots' shared time per round: each bot move's budget, and what the worker is asked."""

from __future__ import annotations

import pytest

from pygames_core import games
from pygames_core.bots import levels
from pygames_core.bots.ismcts import IsmctsBot
from pygames_core.record import new_record
from pygames_ui import thinking
from pygames_ui.pace import MIN_PACE_MS, Pace, bots_before_a_person
from pygames_ui.session import Seat, Session


def table(game: str, kinds: list[str], seed: int = 3) -> Session:
    g = games.get(game)
    state = g.new_game(len(kinds), seed=seed)
    seats = [Seat(f"P{i}", kind) for i, kind in enumerate(kinds)]
    return Session(g, seats, state, new_record(game, len(kinds), seed, None, None))


def bot_round(s: Session, pace: Pace, used: float | None = None) -> list[float]:
    """Play the bots from now until a person is to decide (Medium's moves, each charged with the
    time it was given, or ``used``); the budgets handed out, in order."""
    given = []
    while not s.game.is_over(s.state) and not s.is_human_turn():
        ms = pace.next_ms(s)
        given.append(ms)
        s.apply(thinking.bot_action(Session(s.game, [Seat(x.name, "medium") for x in s.seats], s.state, s.record)))
        pace.spent(ms if used is None else used, s)
    return given


def to_the_person(s: Session) -> None:
    while not s.is_human_turn():
        s.apply(thinking.bot_action(Session(s.game, [Seat(x.name, "medium") for x in s.seats], s.state, s.record)))


def test_one_bot_gets_the_whole_budget_per_move() -> None:
    s = table("klats", ["human", "hard"])
    to_the_person(s)
    s.apply(s.game.legal_actions(s.state)[0])
    pace = Pace()
    assert bot_round(s, pace) == [levels.HARD_BUDGET_MS]


@pytest.mark.parametrize("game", ["zoomagia", "klats"])
def test_five_bots_share_one_round(game: str) -> None:
    s = table(game, ["human"] + ["hard"] * 5)
    pace = Pace()
    for _ in range(6):  # several rounds: each starts afresh when the person moves
        to_the_person(s)
        if s.game.is_over(s.state):
            break
        while not s.game.is_over(s.state) and s.is_human_turn():  # the person's whole turn (the pace sees it)
            s.apply(s.game.legal_actions(s.state)[0])
        given = bot_round(s, pace)
        if not given:
            break
        assert given[0] == pytest.approx(levels.hard_budget_ms(game, 6))  # the steady share
        assert all(MIN_PACE_MS <= ms <= levels.HARD_BUDGET_MS for ms in given)
        # Within the round's time, but for the floor of the moves the estimate did not expect.
        assert sum(given) <= levels.HARD_ROUND_MS + MIN_PACE_MS * len(given) * 0.5 + 1e-6


def test_a_slow_move_leaves_less_for_the_rest_and_the_floor_holds() -> None:
    s = table("zoomagia", ["human"] + ["hard"] * 5)
    to_the_person(s)
    s.apply(s.game.legal_actions(s.state)[0])
    while s.is_human_turn():
        s.apply(s.game.legal_actions(s.state)[0])
    pace = Pace()
    given = bot_round(s, pace, used=levels.HARD_ROUND_MS)  # the first bot ate the whole round
    assert given[0] > MIN_PACE_MS and all(ms == MIN_PACE_MS for ms in given[1:])


def test_a_round_starts_afresh_after_a_new_game_a_friend_s_move_and_an_undo() -> None:
    drained = Pace()
    s = table("klats", ["hard", "human"])
    drained.next_ms(s)
    drained.spent(levels.HARD_ROUND_MS, s)  # the bot's move ate the whole round...
    again = table("klats", ["hard", "human"], seed=4)  # ..."Play again": the new game's first bot has it all
    assert drained.next_ms(again) == levels.HARD_BUDGET_MS
    # A friend on another device is a person too: his move starts the next round.
    s = table("klats", ["human", "hard", "remote", "hard"])
    to_the_person(s)
    s.apply(s.game.legal_actions(s.state)[0])
    pace = Pace()
    pace.next_ms(s)
    s.apply(thinking.bot_action(Session(s.game, [Seat(x.name, "medium") for x in s.seats], s.state, s.record)))
    pace.spent(levels.HARD_ROUND_MS, s)
    assert s.state.current_player == 2
    s.apply(s.game.legal_actions(s.state)[0])  # the friend's move, from his device
    assert pace.next_ms(s) == levels.HARD_BUDGET_MS
    # The same bot's next move in the same round is charged to the same round.
    pace.spent(levels.HARD_ROUND_MS, s)
    assert pace.next_ms(s) == MIN_PACE_MS
    # An undo back past the bot's reply, and the person's move made again (as many moves as
    # before, the record the same list): a new round.
    s = table("klats", ["human", "hard"])
    to_the_person(s)
    kept, state = list(s.record["actions"]), s.state
    s.apply(s.game.legal_actions(s.state)[0])
    pace = Pace()
    pace.next_ms(s)
    s.apply(thinking.bot_action(Session(s.game, [Seat(x.name, "medium") for x in s.seats], s.state, s.record)))
    pace.spent(levels.HARD_ROUND_MS, s)
    s.record["actions"][:] = kept  # the undo (history.Timeline.truncate): the same list, cut
    s.state = state
    s.apply(s.game.legal_actions(s.state)[0])
    assert pace.next_ms(s) == levels.HARD_BUDGET_MS


def test_seats_before_the_next_person() -> None:
    s = table("klats", ["hard", "human", "hard", "hard", "human", "hard"])
    assert [bots_before_a_person(s, seat) for seat in range(6)] == [1, 1, 2, 1, 1, 2]
    everyone = table("klats", ["hard"] * 3)
    assert bots_before_a_person(everyone, 1) == 3


def test_the_request_carries_the_share_and_the_search_keeps_to_it() -> None:
    s = table("klats", ["human"] + ["hard"] * 5)
    to_the_person(s)
    s.apply(s.game.legal_actions(s.state)[0])
    request = thinking.request(s)
    request["budget_ms"] = 40.0
    game, state, level, seed, _, iterations, budget = thinking._read(request)
    bot = thinking._bot(level, game, seed, iterations, budget)
    assert isinstance(bot, IsmctsBot) and bot.budget_s == pytest.approx(0.040)
    answer = thinking.think(request)
    assert answer["action"] in game.legal_actions(state)
    # A longer budget than the level's own is not granted.
    assert thinking._bot(level, game, seed, None, 99_000.0 / 10).budget_s == levels.HARD_BUDGET_MS / 1000


@pytest.mark.parametrize("bad", [0, -5, True, "100", 10_001, float("nan")])
def test_a_bad_budget_is_refused_with_a_reason(bad: object) -> None:
    s = table("klats", ["human", "hard"])
    to_the_person(s)
    s.apply(s.game.legal_actions(s.state)[0])
    request = thinking.request(s)
    request["budget_ms"] = bad
    with pytest.raises(ValueError, match="budget_ms"):
        thinking.think(request)

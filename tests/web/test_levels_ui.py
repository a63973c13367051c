"""Bot levels at the table: the form, old saves, the bot's message to its worker."""

from __future__ import annotations

import json
import re
import time
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from apptools import click

from pygames_core import bots, games, record_codec
from pygames_core.bots import levels
from pygames_core.record import new_record
from pygames_core.rng import Rng
from pygames_ui import history, thinking
from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import SEAT_KINDS, MemoryStorage, Seat, Session, seat_kind
from pygames_ui.tables.rps_zombie import alike_groups

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
GAME_OPTIONS = {"klats": {"target": 40}, "zoomagia": {}, "rps_zombie": {}}


def make_app(storage: MemoryStorage | None = None, lang: str = "en") -> App:
    a = App(CATALOGUES, lang, storage or MemoryStorage())
    a.boot()
    return a


def played(game_name: str, seed: int, moves: int, players: int = 2) -> tuple[Any, list[dict[str, Any]]]:
    """A game ``moves`` random decisions in (fewer if it ends), and the moves made."""
    game = games.get(game_name)
    state = game.new_game(players=players, seed=seed, options=GAME_OPTIONS[game_name])
    rnd = bots.get("random", seed=seed)
    actions = []
    for _ in range(moves):
        if game.is_over(state):
            break
        action = rnd.choose(game, state)
        actions.append(action)
        state = game.apply(state, action)
    return state, actions


def old_save(game_name: str, kinds: list[str], seed: int = 4, moves: int = 6) -> str:
    """A save exactly as the version before levels wrote it: bots named by their bot, not a level."""
    game = games.get(game_name)
    state, actions = played(game_name, seed, moves, players=len(kinds))
    record = new_record(game_name, len(kinds), json.loads(game.to_json(state))["state"]["seed"],
                        GAME_OPTIONS[game_name])
    record["actions"] = actions
    seats = [{"name": f"P{i + 1}", "kind": kind} for i, kind in enumerate(kinds)]
    return json.dumps({"v": 1, "game": game_name, "seats": seats, "state": game.to_json(state),
                       "record": record, "ui": {}}, ensure_ascii=False)


# ------------------------------------------------------------------ the form
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_form_offers_human_the_three_levels_and_a_friend_elsewhere_and_says_what_each_is(lang: str) -> None:
    a = make_app(lang=lang)
    click(a, "setup", game="klats")
    html = a.render()
    cat = CATALOGUES[lang]
    assert SEAT_KINDS == ("human", "easy", "medium", "hard", "remote")
    for kind in SEAT_KINDS:
        assert f'<option value="{kind}"' in html and cat[f"kind.{kind}"] in html
    assert 'value="greedy"' not in html and 'value="random"' not in html
    for level in levels.LEVELS:
        assert cat[level.label] in html
        assert cat[level.about].replace("'", "&#x27;") in html


def test_the_form_reads_a_level_and_starts_a_game_with_it() -> None:
    a = make_app()
    click(a, "setup", game="rps_zombie")
    assert [s.kind for s in a.form.seats] == ["human", "medium"]
    click(a, "add-seat", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "B", "seat_kind_1": "hard"})
    assert [s.kind for s in a.form.seats] == ["human", "hard", "medium"]
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "B", "seat_kind_1": "hard",
                       "seat_name_2": "C", "seat_kind_2": "nonsense"})
    assert a.session is not None
    assert [s.kind for s in a.session.seats] == ["human", "hard", "medium"]  # an unknown value keeps the seat's kind
    assert [s.level.key if s.level else None for s in a.session.seats] == [None, "hard", "medium"]


def test_the_table_names_each_bot_seat_with_its_level() -> None:
    a = make_app()
    a.session = Session.new("klats", [Seat("Ann", "human"), Seat("Bot 1", "hard"), Seat("Bot 2", "easy")],
                            {"target": 40, "first_player": 0}, seed=3)
    a.screen, a.viewer = "table", 0
    html = a.render()
    assert "Bot (Hard)" in html and "Bot (Easy)" in html


def test_a_seat_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown seat kind 'chess-engine'"):
        Seat("X", "chess-engine")
    assert seat_kind("greedy") == "medium" and seat_kind("random") == "easy" and seat_kind("hard") == "hard"
    assert seat_kind(None) is None and seat_kind(["hard"]) is None


# ------------------------------------------------------------------ old saves
@pytest.mark.parametrize("game_name", ["klats", "zoomagia", "rps_zombie"])
def test_a_save_made_before_levels_loads_with_its_bots_mapped_to_levels(game_name: str) -> None:
    storage = MemoryStorage()
    storage.setItem(SAVE_KEY, old_save(game_name, ["human", "greedy", "random"]))
    a = make_app(storage)
    assert a.notice is None and a.session is not None and a.screen == "table"
    assert [s.kind for s in a.session.seats] == ["human", "medium", "easy"]
    a.render()
    # The bots play on (the person too, at random), and every save from now on names their levels.
    rnd = bots.get("random", seed=1)
    s = a.session
    bot_moves = 0
    for _ in range(12):
        if s.game.is_over(s.state) or a.interlude() is not None:
            break
        if a.bots_pending():
            a.step_bot()
            bot_moves += 1
        else:
            a.play(rnd.choose(s.game, s.state))
    assert bot_moves
    saved = json.loads(storage.getItem(SAVE_KEY) or "{}")
    assert [s["kind"] for s in saved["seats"]] == ["human", "medium", "easy"]


def test_an_old_record_file_with_bot_names_imports_with_levels() -> None:
    state, actions = played("klats", 9, 5)
    record = new_record("klats", 2, json.loads(games.get("klats").to_json(state))["state"]["seed"], {"target": 40})
    record["actions"] = actions
    text = record_codec.to_text(dict(record, seats=[{"name": "Ann", "kind": "human"}, {"name": "B", "kind": "greedy"}]))
    imported = history.import_text(text)
    assert [s.kind for s in imported.seats] == ["human", "medium"]


# ------------------------------------------------------------------ the message to the bot
def at_bot_turn(game_name: str, kinds: list[str], seed: int) -> Session:
    s = Session.new(game_name, [Seat(f"P{i}", k) for i, k in enumerate(kinds)], GAME_OPTIONS[game_name], seed=seed)
    rnd = bots.get("random", seed=seed)
    while s.is_human_turn():
        s.apply(rnd.choose(s.game, s.state))
    return s


@pytest.mark.parametrize("game_name", ["klats", "zoomagia", "rps_zombie"])
def test_a_bot_request_holds_only_the_view_and_round_trips_as_json(game_name: str) -> None:
    s = at_bot_turn(game_name, ["human", "medium"], seed=11)
    message = thinking.request(s)
    seat = s.state.current_player
    assert set(message) == {"game", "view", "level", "seed", "hint"}
    assert message["view"] == s.game.view(s.state, seat) and message["level"] == "medium"
    wire = json.loads(json.dumps(message))
    answer = json.loads(json.dumps(thinking.think(wire)))
    assert answer["action"] in s.game.legal_actions(s.state)
    assert answer == {**thinking.think(wire), "ms": answer["ms"]}  # deterministic, but for the time


def test_hard_answers_with_its_estimate_and_iterations() -> None:
    s = at_bot_turn("klats", ["human", "hard"], seed=2)
    answer = thinking.think(thinking.request(s, iterations=300))
    assert answer["iterations"] == 300 and 0.0 <= answer["estimate"] <= 1.0
    assert thinking.action_of(answer, s.game.legal_actions(s.state)) == answer["action"]


def test_a_bad_request_is_refused_with_a_reason() -> None:
    s = at_bot_turn("klats", ["human", "easy"], seed=2)
    good = thinking.request(s)
    for change, reason in (({"game": "chess"}, "unknown game 'chess'"), ({"level": "godlike"}, "unknown level"),
                           ({"seed": -1}, "seed must be"), ({"view": None}, "no view"),
                           ({"iterations": 0}, "iterations must be"), ({"hint": "yes"}, "hint must be")):
        with pytest.raises(ValueError, match=reason):
            thinking.think({**good, **change})
    with pytest.raises(ValueError, match="not a legal move"):
        thinking.action_of({"action": {"type": "nope"}}, s.game.legal_actions(s.state))


def test_the_sliced_search_keeps_each_slice_short_and_plays_a_legal_move() -> None:
    s = at_bot_turn("zoomagia", ["human", "hard"], seed=5)
    search = thinking.SlicedSearch(thinking.request(s), slice_ms=25.0)
    slices: list[float] = []
    done = False
    while not done:
        start = time.thread_time()  # CPU time: a busy machine may pause the test, not lengthen a slice's work
        done = search.step()
        slices.append((time.thread_time() - start) * 1000)
    answer = search.answer
    assert answer is not None and answer["action"] in s.game.legal_actions(s.state)
    assert answer["ms"] >= levels.HARD_BUDGET_MS and answer["iterations"] >= levels.HARD_MIN_ITERATIONS
    # A slice may overrun by one small search; none comes near a long task (50 ms).
    assert max(slices) < 50, slices
    assert len(slices) > 1


def test_the_sliced_search_answers_as_the_worker_does() -> None:
    s = at_bot_turn("klats", ["human", "hard"], seed=8)
    message = thinking.request(s, iterations=300)
    search = thinking.SlicedSearch(message, slice_ms=5.0)
    steps = 1
    while not search.step():
        steps += 1
    assert steps > 1 and search.answer is not None
    whole = thinking.think(message)
    assert {**search.answer, "ms": 0} == {**whole, "ms": 0} and whole["iterations"] == 300


def test_easy_and_medium_answer_in_one_slice() -> None:
    for kind in ("easy", "medium"):
        s = at_bot_turn("rps_zombie", ["human", kind], seed=3)
        search = thinking.SlicedSearch(thinking.request(s))
        assert search.step() and search.answer is not None
        assert search.answer["action"] in s.game.legal_actions(s.state)


# ------------------------------------------------------------------ hints
_CONTROL_PART = re.compile(r'\[data-([\w-]+)="((?:[^"\\]|\\.)*)"\]')


class Buttons(HTMLParser):
    """The data attributes of every enabled ``<button>`` of a render."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button" and "disabled" not in a:
            self.found.append({k[5:]: v or "" for k, v in a.items() if k.startswith("data-")})

    def matching(self, selector: str) -> list[dict[str, str]]:
        want = {k: v.replace('\\"', '"').replace("\\\\", "\\") for k, v in _CONTROL_PART.findall(selector)}
        assert want and _CONTROL_PART.sub("", selector) == "", selector
        return [b for b in self.found if all(b.get(k) == v for k, v in want.items())]


def at_human_turn(game_name: str, seed: int, kinds: tuple[str, ...] = ("human", "medium")) -> App:
    """An app at the table, a few moves into a game (the first deal from ``seed`` on that lasts
    that long), at the person's turn."""
    options = {"target": 150} if game_name == "klats" else GAME_OPTIONS[game_name]
    for deal in range(seed, seed + 20):
        a = make_app()
        a.session = s = Session.new(game_name, [Seat(f"P{i}", k) for i, k in enumerate(kinds)], options, seed=deal)
        a.screen, a.viewer = "table", 0
        rnd = bots.get("random", seed=deal)
        moves = 0
        for _ in range(200):
            if s.game.is_over(s.state):
                break
            if a.interlude() is not None:
                click(a, "dismiss")
            elif a.bots_pending():
                a.step_bot()
            elif moves >= 5:
                return a
            else:
                a.play(rnd.choose(s.game, s.state))
                moves += 1
    raise AssertionError(f"no {game_name} deal from seed {seed} lasts five moves of the person")


def answer_hint(a: App, iterations: int = 200) -> dict[str, Any]:
    request = a.hint_request()
    assert request is not None and request["hint"] is True and request["level"] == "hard"
    assert "Looking for a good move" in a.render()
    answer = thinking.think({**request, "iterations": iterations})
    assert a.hint_answered(answer)
    return answer


@pytest.mark.parametrize("game_name", ["klats", "zoomagia", "rps_zombie"])
def test_a_hint_names_the_move_with_its_chance_and_lights_its_control(game_name: str) -> None:
    a = at_human_turn(game_name, seed=21)
    assert 'data-action="hint"' in a.render()
    a.announcement()
    request = a.hint_request()
    # (a screen reader hears that it is on its way, once: the status drawn with it in is not always said)
    assert "Looking for a good move" in (a.announcement() or "") and a.announcement() is None
    answer = thinking.think({**request, "iterations": 200})  # type: ignore[dict-item]
    assert a.hint_answered(answer)
    assert "Looking for a good move" not in (a.announcement() or "")  # (the answer: the lit control says it)
    html = a.render()
    assert f'About {round(100 * answer["estimate"])}% chance of winning' in html
    selector = a.lit_selector()
    assert selector is not None and Buttons(html).matching(selector), (selector, answer["action"])
    if game_name == "klats":  # the card first, then where it goes
        assert f'play the {answer["action"]["card"]}' in html
        a.click({"action": "select", "card": str(answer["action"]["card"])}, {})
        then = a.lit_selector()
        assert then is not None and then != selector and Buttons(a.render()).matching(then)
    # Once the move is made the hint is gone: it was for that position only.
    a.play(answer["action"])
    assert a.assist.current_hint(a.session, a.ctx()) is None and a.lit_selector() is None and 'id="hint"' not in a.render()


@pytest.mark.parametrize("game_name", ["klats", "zoomagia", "rps_zombie"])
def test_a_hint_is_the_same_for_every_deal_the_player_cannot_tell_apart(game_name: str) -> None:
    a = at_human_turn(game_name, seed=33)
    s = a.session
    assert s is not None
    seat = s.state.current_player
    view = s.game.view(s.state, seat)
    other = s.game.determinize(view, Rng.from_seed(99))  # the hidden cards dealt another way
    assert s.game.view(other, seat) == view
    twin = Session(s.game, s.seats, other, s.record)
    assert other.data != s.state.data
    mine, theirs = thinking.request(s, hint=True), thinking.request(twin, hint=True)
    assert mine == theirs
    assert thinking.think({**mine, "iterations": 150}) | {"ms": 0} == thinking.think({**theirs, "iterations": 150}) | {"ms": 0}


def test_hints_in_pass_and_play_go_only_to_the_player_holding_the_device() -> None:
    a = make_app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "Bob", "seat_kind_1": "human",
                       "opt_target": "40"})
    assert a.pass_to() is not None
    assert a.hint_request() is None and 'data-action="hint"' not in a.render()
    click(a, "show-hand")
    request = a.hint_request()
    s = a.session
    assert request is not None and s is not None and request["view"]["me"] == s.state.current_player
    assert a.hint_request() is None  # one search per position
    a.hint_answered(thinking.think({**request, "iterations": 100}))
    a.play(a.assist.hint.action if a.assist.hint else {})
    # Bob's turn: Ann's hint is gone, and nothing is offered before the device is passed.
    assert a.pass_to() is not None and a.assist.current_hint(a.session, a.ctx()) is None and 'data-action="hint"' not in a.render()


def test_a_searching_bot_is_shown_thinking_and_its_late_answer_is_dropped() -> None:
    a = make_app()
    a.session = Session.new("klats", [Seat("Ann", "human"), Seat("Bot 1", "hard")], {"target": 40, "first_player": 1},
                            seed=4)
    a.screen, a.viewer = "table", 0
    request = a.bot_request()
    assert request is not None and request["level"] == "hard"
    assert "Bot 1 is thinking…" in a.render()
    answer = thinking.think({**request, "iterations": 100})
    state = a.session.state
    assert a.bot_answered(answer) and a.session.state is not state
    assert 'id="bot-thinking"' not in a.render()
    # An answer for a position that is gone (a move taken back meanwhile) is not played.
    b = make_app()
    b.session = Session.new("klats", [Seat("Ann", "human"), Seat("Bot 1", "hard")], {"target": 40, "first_player": 1},
                            seed=4)
    b.screen, b.viewer = "table", 0
    assert b.bot_request() is not None
    b.session.state = b.session.game.new_game(players=2, seed=5, options={"target": 40, "first_player": 1})
    assert not b.bot_answered(answer)


#: The kinds of move each game's hints are followed through (every kind the game has).
# No Зоомагия end_turn: it is legal only beside a bank, which only adds points, and Hard's
# hint keeps Medium's favourite (bank) unless its search clearly finds better.
MOVE_KINDS = {"klats": {"play"}, "zoomagia": {"push", "take", "refill", "discard", "bank"},
              "rps_zombie": {"choose_trophy", "defend", "block", "pass"}}


def follow_hints(game_name: str, seed: int) -> set[str]:
    """A game where the person clicks what the hint lights (every other push is random, so the
    game goes everywhere); the kinds of move followed.  Each click must be a control on the table."""
    a = make_app()
    options = {"target": 60} if game_name == "klats" else GAME_OPTIONS[game_name]
    a.session = s = Session.new(game_name, [Seat("Ann", "human"), Seat("Bob", "medium")], options, seed=seed)
    a.screen, a.viewer = "table", 0
    rnd = bots.get("random", seed=seed)
    followed: set[str] = set()
    for turn in range(400):
        if s.game.is_over(s.state):
            break
        if a.interlude() is not None:
            click(a, "dismiss")
            continue
        if a.bots_pending():
            a.step_bot()
            continue
        if turn % 2 and s.game.legal_actions(s.state)[0]["type"] == "push":
            a.play(rnd.choose(s.game, s.state))
            continue
        legal = s.game.legal_actions(s.state)
        answer_hint(a, iterations=30)
        hinted, before = a.assist.hint.action if a.assist.hint else None, len(s.record["actions"])
        assert hinted is not None
        for _ in range(6):  # a move takes at most a few clicks (three refill cells, then confirm)
            selector = a.lit_selector()
            assert selector is not None, hinted
            matches = Buttons(a.render()).matching(selector)
            assert matches, (selector, hinted)
            a.click(matches[0], {})
            assert a.flash is None, (a.flash, selector, hinted)
            if len(s.record["actions"]) > before:
                break
        played = s.record["actions"][before]
        # Клац!'s and Зоомагия's controls make one move each; an РПС-ЗОМБИ button stands for a
        # group of moves with the same effect (alike_groups: a block and a dump of one trophy).
        assert played == hinted or any(played in g and hinted in g for g in alike_groups(legal)), (played, hinted)
        followed.add(hinted["type"])
    assert s.game.is_over(s.state)
    return followed


@pytest.mark.parametrize("game_name", ["klats", "zoomagia", "rps_zombie"])
def test_following_the_lit_controls_makes_the_hinted_move_of_every_kind(game_name: str) -> None:
    followed: set[str] = set()
    for seed in range(1, 30):
        followed |= follow_hints(game_name, seed)
        if followed >= MOVE_KINDS[game_name]:
            return
    raise AssertionError(f"{game_name}: hints followed only for {sorted(followed)}")


def test_the_page_and_the_worker_search_with_hards_options_for_the_game() -> None:
    hard = levels.get("hard")
    for name in games.names():
        for iterations in (None, 50):
            bot = thinking._bot(hard, games.get(name), 1, iterations)
            assert bot.playout_moves == hard.options_in(name).get("playout_moves", bot.playout_moves)
            assert bot.cap == (10**9 if iterations is None else iterations)
    assert thinking._bot(hard, games.get("zoomagia"), 1, None).playout_moves == levels.HARD_BY_GAME["zoomagia"]["playout_moves"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bot_seat_turned_into_a_person_loses_the_bot_s_made_up_name(lang: str) -> None:
    """The form names a new seat "Bot 2"; switched to a person (here or on another device) and
    left untouched, that name would call a person a bot: it becomes "Player 2"."""
    a = make_app(lang=lang)
    click(a, "setup", game="klats")
    bot = CATALOGUES[lang]["setup.default_bot"].format(n=1)
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "seat_name_1": bot, "opt_target": "40"})
    s = a.session
    assert s is not None and s.seats[1].name == CATALOGUES[lang]["setup.seat_n"].format(n=2)
    click(a, "home")
    click(a, "setup", game="klats")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy", "seat_name_1": bot, "opt_target": "40"})
    assert a.session is not None and a.session.seats[1].name == bot  # a bot keeps its name


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_bots_named_by_the_form_are_counted_in_seat_order(lang: str) -> None:
    """You, Bot 1, Bot 2; the first bot's row made a friend's: the lone bot left is "Bot 1", not
    "Bot 2" (read as a second bot); a removed row counts them again too; a typed name stays."""
    a = make_app(lang=lang)
    click(a, "setup", game="zoomagia")
    click(a, "add-seat")
    click(a, "add-seat")
    form = a.form
    assert form is not None
    bot = CATALOGUES[lang]["setup.default_bot"].format
    assert [s.name for s in form.seats[1:]] == [bot(n=1), bot(n=2), bot(n=3)]
    click(a, "seat-kind", values={"seat_kind_1": "remote"})
    assert [s.name for s in form.seats[1:]] == [CATALOGUES[lang]["setup.seat_n"].format(n=2), bot(n=1), bot(n=2)]
    click(a, "remove-seat", seat="2")
    assert [s.name for s in form.seats[1:]] == [CATALOGUES[lang]["setup.seat_n"].format(n=2), bot(n=1)]
    click(a, "seat-kind", values={"seat_kind_1": "easy", "seat_name_2": "Robo"})
    assert [s.name for s in form.seats[1:]] == [bot(n=1), "Robo"]

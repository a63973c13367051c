"""Learn by playing: each tutorial plays to its end through the engine, and through the app by clicks."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from apptools import click

from pygames_core import games
from pygames_ui import tutorial
from pygames_ui.app import App
from pygames_ui.i18n import LANGS, merge_catalogues
from pygames_ui.saves import BAD_SAVE_KEY, GUIDE_KEY, SAVE_KEY
from pygames_ui.session import MemoryStorage
from pygames_ui.tutorial_ui import DOCK_BESIDE, GAP, TOP_BAR, Box, coach_docks, coach_place, dock_area, dock_left, dock_scroll, top_margin

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
TITLES = tutorial.names()
#: What each summary tells the learner: the final scores it names (the engine's ``scores``).
SUMMARY_SCORES = {"klats": [63, 0], "zoomagia": [6, -1], "rps_zombie": [3, 0, 2]}


def test_every_title_has_a_tutorial() -> None:
    assert TITLES == games.names()


@pytest.mark.parametrize("name", TITLES)
def test_each_tutorial_replays_to_its_end_through_the_engine(name: str) -> None:
    """Every move is legal when its step comes, made by the seat the step says, and the game ends
    at the summary with the scores its text names."""
    tut = tutorial.load(name)
    session = tut.session_at(0, [f"P{i}" for i in range(len(tut.seats))])
    game = session.game
    for step in tut.steps:
        if step.action is None:
            continue
        seat = session.state.current_player
        assert seat is not None, f"{name}: a move after the end: {step}"
        assert (seat == tut.learner) == (step.do is not None), f"{name}: {step} is not for seat {seat}"
        assert step.action in game.legal_actions(session.state), f"{name}: {step.action} is not legal here"
        session.apply(step.action)
    assert game.is_over(session.state)
    assert game.winners(session.state) == [tut.learner]
    assert game.view(session.state, tut.learner)["scores"] == SUMMARY_SCORES[name]


#: What decides games in each title, as the engine's log of the guided game shows it happened
#: (``e``: the event; then a test of it), each at least once.
TAUGHT: dict[str, dict[str, Callable[[dict[str, Any]], bool]]] = {
    "klats": {
        "a card on a pile": lambda e: e["e"] == "play" and e["pile"] is not None,
        "equal tops merging": lambda e: e["e"] == "play" and e["merged"] is not None,
        "the sixth pile ends the round": lambda e: e["e"] == "round_end" and e["reason"] == "six",
        "a row missing a colour scores 0": lambda e: e["e"] == "round_end" and 0 in e["scores"],
        "the match target reached": lambda e: e["e"] == "match_end",
    },
    "zoomagia": {
        "a push": lambda e: e["e"] == "push" and e["p"] == 0,
        "taking the card pushed out": lambda e: e["e"] == "take_card" and e["p"] == 0,
        "taking a whole animal": lambda e: e["e"] == "take_animal" and e["p"] == 0,
        "refilling its row": lambda e: e["e"] == "refill" and e["p"] == 0,
        "the penalty pile": lambda e: e["e"] == "discard" and e["p"] == 0,
        "banking for 5": lambda e: e["e"] == "bank" and e["points"] == 5,
        "banking for 2": lambda e: e["e"] == "bank" and e["points"] == 2,
        "banking for 1": lambda e: e["e"] == "bank" and e["points"] == 1,
    },
    "rps_zombie": {
        "the starting trophy": lambda e: e["e"] == "choose_trophy" and e["seat"] == 0,
        "three kinds: nobody wins": lambda e: e["e"] == "contest" and e["result"] == "nobody",
        "a round won for a trophy": lambda e: e["e"] == "trophy_won",
        "a zombie eats a revealed brain": lambda e: e["e"] == "bite" and e["eaten"] == "revealed",
        "a trophy spent to stop a zombie": lambda e: e["e"] == "defend" and e["seat"] == 0
                                                     and e["with"] in ("rock", "paper", "scissors"),
        "going out": lambda e: e["e"] == "out",
        "the end of the deck": lambda e: e["e"] == "game_end" and e["reason"] == "deck",
    },
}


@pytest.mark.parametrize("name", sorted(TAUGHT))
def test_each_tutorial_shows_what_decides_games_in_its_title(name: str) -> None:
    """The guided game's deal and scripted moves make each rule the learner must know happen
    (the engine's log says so): a rules change that takes one out of the lesson fails here."""
    tut = tutorial.load(name)
    session = tut.session_at(0, [f"P{i}" for i in range(len(tut.seats))])
    for step in tut.steps:
        if step.action is not None:
            session.apply(step.action)
    log = session.state.data["log"]
    assert tut.learner == 0
    missing = [what for what, happened in TAUGHT[name].items() if not any(happened(e) for e in log)]
    assert not missing, f"{name}: the lesson never shows {missing}"


def learner_app(name: str, lang: str = "en", storage: MemoryStorage | None = None) -> App:
    a = App(CATALOGUES, lang, storage or MemoryStorage(), seed=1)
    a.boot()
    a.render()
    click(a, "tutorial", game=name)
    return a


def taught_click(a: App) -> None:
    """Press what the step lights, as the page does (it marks the lit control ``data-taught``)."""
    selector = a.taught_selector()
    assert selector is not None and selector.startswith("[data-action="), selector
    data = dict(re.findall(r'\[data-([\w-]+)="([^"]*)"\]', selector))
    a.click({**data, "taught": "1"}, {})


def step_on(a: App) -> None:
    """The lesson one step on, as the page and a learner take it: a bot's move, Next, or what is lit."""
    lesson = a.lesson()
    assert lesson is not None
    if a.bots_pending():
        a.step_bot()
    elif lesson.expected is None:
        click(a, "tutorial-next")
    else:
        taught_click(a)


def play_through(a: App, wrong_click: bool = False) -> list[int]:
    """Follow every step to the summary (bots' moves as the page plays them); the steps seen."""
    seen: list[int] = []
    tried = False
    for _ in range(300):
        html = a.render()
        lesson = a.lesson()
        assert lesson is not None
        assert 'id="coach' in html
        if lesson.last:
            return seen
        if a.bots_pending():
            a.step_bot()
            continue
        if not seen or seen[-1] != lesson.index:
            seen.append(lesson.index)  # (a move may take two clicks: a card, then its place)
        if lesson.step.see is not None:  # what else the step talks about is on the table (a class)
            assert re.fullmatch(r"\.[\w-]+", lesson.step.see), lesson.step.see
            assert re.search(rf'class="(?:[^"]* )?{lesson.step.see[1:]}[ "]', html), (lesson.tutorial.game, lesson.index)
            assert f'data-see="{lesson.step.see}"' in html
        if lesson.expected is None:
            click(a, "tutorial-next")
            continue
        if wrong_click and not tried:
            tried = True
            other = next(x for x in a.ctx().legal if x != lesson.expected)  # type: ignore[union-attr]
            before = a.session.state  # type: ignore[union-attr]
            selector = a.table.action_selector(other, a.ctx())  # type: ignore[union-attr]
            data = dict(re.findall(r'\[data-([\w-]+)="([^"]*)"\]', selector or ""))
            a.click(data, {})
            assert a.flash == CATALOGUES["en"]["tutorial.not_now"], a.flash
            assert a.session.state is before and a.lesson().index == lesson.index  # type: ignore[union-attr]
        taught_click(a)
    raise AssertionError("the tutorial did not end")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", TITLES)
def test_each_tutorial_is_played_by_clicking_what_it_lights(name: str, lang: str) -> None:
    a = learner_app(name, lang)
    seen = play_through(a, wrong_click=lang == "en")
    assert seen == [i for i, s in enumerate(tutorial.load(name).steps[:-1]) if s.say is not None]
    html = a.render()
    assert 'data-action="tutorial-play"' in html and f'data-action="rules" data-game="{name}"' in html
    assert 'id="game-over"' not in html  # the summary is the end of a tutorial


def test_a_click_on_the_table_during_an_explanation_says_to_read_on() -> None:
    a = learner_app("klats")
    assert a.lesson().expected is None  # type: ignore[union-attr]
    click(a, "select", card=13, taught=1)
    assert a.flash == CATALOGUES["en"]["tutorial.not_now.read"]
    # Said in the step's box, where the learner looks: nothing above the table moves down.
    html = a.render()
    assert html.count('id="flash"') == 1 and html.index('id="coach"') < html.index('id="flash"')


def test_back_a_step_rebuilds_the_position_and_bots_replay() -> None:
    a = learner_app("klats")
    for _ in range(2):
        click(a, "tutorial-next")
    taught_click(a)  # the 13
    taught_click(a)  # … as a new pile
    while a.bots_pending():
        a.step_bot()
    lesson = a.lesson()
    assert lesson is not None and lesson.step.say == "second_pile"
    click(a, "tutorial-back")
    lesson = a.lesson()
    assert lesson is not None and lesson.step.say == "new_pile"
    assert a.session.record["actions"] == []  # type: ignore[union-attr]
    assert a.session.seats[1].name == "Bot 1"  # type: ignore[union-attr]


@pytest.mark.parametrize("name", TITLES)
def test_a_tutorial_resumes_where_it_was_left(name: str) -> None:
    storage = MemoryStorage()
    a = learner_app(name, storage=storage)
    for _ in range(4):
        step_on(a)
    index = a.lesson().index  # type: ignore[union-attr]
    click(a, "tutorial-leave")
    assert a.screen == "home" and 'data-action="resume"' in a.render()
    b = App(CATALOGUES, "en", storage, seed=1)
    b.boot()
    assert b.screen == "table" and b.lesson() is not None and b.lesson().index == index  # type: ignore[union-attr]
    assert play_through(b)[0] >= index


def test_learn_by_playing_again_goes_on_where_that_lesson_was_left() -> None:
    """Pressed mid-lesson (from the rules page, or home with a game in progress at the table),
    "Learn by playing" goes on with that title's lesson; only a finished one starts afresh."""
    storage = MemoryStorage()
    a = learner_app("klats", storage=storage)
    for _ in range(2):
        click(a, "tutorial-next")
    taught_click(a)
    index = a.lesson().index  # type: ignore[union-attr]
    assert index > 0
    click(a, "rules", game="klats")
    click(a, "tutorial", game="klats")  # the rules page's button
    assert a.screen == "table" and a.lesson().index == index  # type: ignore[union-attr]
    # Set aside while a game is played: home's button for that title takes the lesson up again.
    click(a, "home")
    click(a, "setup", game="zoomagia")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    click(a, "home")
    click(a, "tutorial", game="klats")
    assert a.lesson() is not None and a.lesson().index == index  # type: ignore[union-attr]
    assert a.session.game.name == "klats"  # type: ignore[union-attr]
    click(a, "home")  # the game in progress is still offered
    assert 'data-action="resume-saved"' in a.render()
    click(a, "resume")
    # With no game at the table (a reload that set the other one aside, the lobby cancelled): the
    # kept lesson all the same.
    b = App(CATALOGUES, "en", storage, seed=1)
    b.boot()
    b.session = None
    click(b, "home")
    click(b, "tutorial", game="klats")
    assert b.lesson() is not None and b.lesson().index == index  # type: ignore[union-attr]
    play_through(a)
    assert a.lesson().last  # type: ignore[union-attr]
    click(a, "home")
    click(a, "tutorial", game="klats")
    assert a.lesson() is not None and a.lesson().index == 0  # type: ignore[union-attr]


def test_a_lesson_s_bot_is_not_said_to_think_while_a_step_waits() -> None:
    """Its move is written in the lesson: "Next to move: Bot 1", not "Bot 1 is thinking…" under a
    step waiting for Next."""
    a = learner_app("klats")
    for _ in range(60):
        s, lesson = a.session, a.lesson()
        assert s is not None and lesson is not None
        if not lesson.last and s.state.current_player not in (0, None) and lesson.step.bot is None:
            break
        step_on(a)
    else:
        raise AssertionError("no step waits while a bot is to move")
    html = a.render()
    assert "is thinking" not in html and "Next to move: Bot 1" in html


def test_a_lesson_saved_before_its_steps_were_renumbered_goes_on_where_its_moves_are() -> None:
    """A newer version adds a step before the one saved (RPS's reveal, before stepping in): the
    saved moves still lead to a step of the lesson, which takes it up there."""
    storage = MemoryStorage()
    a = learner_app("rps_zombie", storage=storage)
    while a.lesson().step.say != "won_trophy":  # type: ignore[union-attr]
        step_on(a)
    index = a.lesson().index  # type: ignore[union-attr]
    body = json.loads(storage.getItem(GUIDE_KEY) or "")
    body["ui"]["tutorial"]["step"] = index - 1  # as the version before the reveal's step numbered it
    storage.setItem(GUIDE_KEY, json.dumps(body))
    b = App(CATALOGUES, "en", storage, seed=1)
    b.boot()
    assert b.screen == "table" and b.lesson() is not None and b.lesson().index == index  # type: ignore[union-attr]
    assert storage.getItem(BAD_SAVE_KEY) is None


def test_a_tampered_tutorial_save_is_set_aside() -> None:
    """Its moves lead to no step of the lesson (a move the lesson never makes): set aside."""
    storage = MemoryStorage()
    a = learner_app("klats", storage=storage)
    while not a.session.record["actions"]:  # type: ignore[union-attr]
        click(a, "tutorial-next") if a.lesson().expected is None else taught_click(a)  # type: ignore[union-attr]
    first = a.session.record["actions"][0]  # type: ignore[union-attr]
    tut = tutorial.load("klats")
    start = tut.session_at(0, ["a", "b"])
    other = next(x for x in start.game.legal_actions(start.state) if x != first)
    body = json.loads(storage.getItem(GUIDE_KEY) or "")
    body["record"]["actions"][0] = other
    storage.setItem(GUIDE_KEY, json.dumps(body))
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    assert a.screen == "home" and a.session is None and storage.getItem(BAD_SAVE_KEY)


def test_play_against_easy_bots_starts_a_real_game() -> None:
    a = learner_app("rps_zombie")
    play_through(a)
    click(a, "tutorial-play", game="rps_zombie")
    s = a.session
    assert s is not None and a.lesson() is None and a.screen == "table"
    assert [x.kind for x in s.seats] == ["human", "easy", "easy"] and s.record["deck"] is None
    assert CATALOGUES["en"]["kind.easy"] in a.render()  # real bots now, named by their level


@pytest.mark.parametrize("name", TITLES)
def test_the_scripted_bots_are_not_called_by_a_level(name: str) -> None:
    a = learner_app(name)
    html = a.render()
    assert html.count(CATALOGUES["en"]["kind.scripted"]) == len(tutorial.load(name).seats) - 1
    assert CATALOGUES["en"]["kind.easy"] not in html


@pytest.mark.parametrize("body, why", [
    ({"game": "klats", "seats": ["bot", "bot"], "seed": 1, "steps": [{"say": "x"}]}, "one learner"),
    ({"game": "klats", "seats": ["human", "bot"], "seed": 1, "steps": [{"do": {}, "bot": {}}]}, "a tutorial step"),
    ({"game": "klats", "seats": ["human", "bot"], "seed": 1, "steps": [{"say": "x", "do": {}}]}, "ends with"),
    ({"game": "klats", "seats": ["human"], "seed": 1, "steps": [{"say": "x"}]}, "played by"),
])
def test_malformed_tutorial_data_is_refused(body: dict[str, object], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        tutorial.parse(body)


def test_the_step_goes_under_what_it_is_about_or_over_it_where_the_page_ends() -> None:
    parent = Box(0, 0, 2000)
    assert coach_place(Box(100, 50, 140), 300, 150, parent, 1280, 800) == (140 + GAP, 50)
    # Low on the screen, the page going on below: under it still (the page scrolls to show it;
    # over it, it would hide the rows above that the step is about).
    assert coach_place(Box(600, 50, 700), 300, 150, parent, 1280, 800) == (700 + GAP, 50)
    # The page ends there: over it.
    assert coach_place(Box(600, 50, 700), 300, 150, Box(0, 0, 760), 1280, 800) == (600 - GAP - 150, 50)
    # kept within the screen's width (a phone), and relative to its positioned parent
    assert coach_place(Box(100, 300, 140), 344, 150, Box(-50, 0, 900), 360, 640) == (140 + GAP + 50, 8)
    # Under it would cover the choices the step asks about (Зоомагия's panel to the right): over it.
    panel = (Box(340, 370, 530), 960.0)
    assert coach_place(Box(265, 50, 375), 380, 185, parent, 1280, 800, panel) == (265 - GAP - 185, 50)
    # … not when over it would cover them too, nor when there is no room over it
    assert coach_place(Box(265, 50, 375), 380, 185, parent, 1280, 800, (Box(0, 370, 530), 960.0)) == (375 + GAP, 50)
    assert coach_place(Box(100, 50, 140), 380, 185, parent, 1280, 800, (Box(120, 370, 400), 960.0)) == (140 + GAP, 50)
    # … and a panel beside, clear of the text's width, changes nothing
    assert coach_place(Box(265, 50, 375), 300, 185, parent, 1280, 800, panel) == (375 + GAP, 50)
    # Room on the screen under the whole table: there, covering none of its cards (the player's own
    # row under the lit card); not where the table goes on below the screen's foot.
    assert coach_place(Box(200, 100, 280), 380, 200, parent, 1280, 800, None, Box(160, 10, 550)) == (550 + GAP, 100)
    assert coach_place(Box(200, 100, 280), 380, 200, parent, 1280, 800, None, Box(160, 10, 700)) == (280 + GAP, 100)


#: A sentence ends at ".", "!" or "?" before the next one's capital letter (numbers like "1." do not).
SENTENCE_END = re.compile(r"[.!?](?=\s+[A-ZА-ЯЁ«(])")


@pytest.mark.parametrize("name", TITLES)
def test_each_step_says_one_or_two_sentences_in_both_languages(name: str) -> None:
    tut = tutorial.load(name)
    for lang in LANGS:
        for step in tut.steps:
            if step.say is not None:
                text = CATALOGUES[lang].get(tut.key(step))
                assert text, f"{lang}: no text for {tut.key(step)}"
                assert len(SENTENCE_END.findall(text)) + 1 <= 2, f"{lang} {tut.key(step)}: {text}"


def test_learning_never_overwrites_a_game_in_progress() -> None:
    storage = MemoryStorage()
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    click(a, "setup", game="zoomagia")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    ctx = a.ctx()
    assert ctx is not None
    a.play(ctx.legal[0])
    game = storage.getItem(SAVE_KEY)
    click(a, "home")
    click(a, "tutorial", game="klats")  # a guided game, on a whim
    taught_click(a) if a.lesson().expected is not None else click(a, "tutorial-next")  # type: ignore[union-attr]
    click(a, "tutorial-leave")
    assert storage.getItem(SAVE_KEY) == game  # the game in progress is as it was
    html = a.render()
    assert 'data-action="resume-saved"' in html and "Continue learning: Klats!" in html
    # A reload shows the guided game (at the table last); home offers the game in progress too.
    b = App(CATALOGUES, "en", storage, seed=1)
    b.boot()
    assert b.lesson() is not None
    click(b, "home")
    click(b, "resume-saved")
    assert b.screen == "table" and b.session is not None and b.session.game.name == "zoomagia"
    assert len(b.session.record["actions"]) >= 1 and b.lesson() is None
    c = App(CATALOGUES, "en", storage, seed=1)
    c.boot()  # and it is the one at the table after the next reload
    assert c.session is not None and c.session.game.name == "zoomagia"
    click(c, "home")
    html = c.render()
    assert "Continue: Zoomagia" in html and "Continue learning: Klats!" in html  # both kept
    click(c, "resume-saved")
    assert c.lesson() is not None and c.lesson().index > 0  # type: ignore[union-attr]


def test_the_home_screen_reads_the_other_kept_game_once_not_at_every_drawing(monkeypatch: pytest.MonkeyPatch) -> None:
    from pygames_ui import saves
    storage = MemoryStorage()
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    a.play(a.ctx().legal[0])  # type: ignore[union-attr]
    click(a, "tutorial", game="zoomagia")
    click(a, "home")
    reads: list[int] = []
    real = saves.read
    monkeypatch.setattr(saves, "read", lambda text: reads.append(1) or real(text))
    saves._unfinished_game.cache_clear()
    for _ in range(5):
        assert 'data-action="resume-saved"' in a.render()
    assert len(reads) == 1


def test_on_a_touch_screen_the_lit_arrow_pushes_at_its_second_tap_as_in_a_game() -> None:
    """A finger's first tap on Зоомагия's lit arrow shows what it does, and the second pushes, as
    in a game (one tap pushed in the lesson, and the game after it then seemed not to answer)."""
    a = learner_app("zoomagia")
    for _ in range(20):
        a.render()
        lesson = a.lesson()
        assert lesson is not None
        if lesson.expected is not None and lesson.expected["type"] == "push":
            break
        click(a, "tutorial-next") if lesson.expected is None else taught_click(a)
    else:
        raise AssertionError("no push step")
    s = a.session
    assert s is not None
    before = len(s.record["actions"])
    # The step says so where a phone shows it, in the step's own box (the note under the field
    # lay under it): twice, then again.
    coach_do = re.compile(r'<p class="coach-do">(.*?)</p>')
    assert CATALOGUES["en"]["zm.lesson.push_touch"] in coach_do.findall(a.render())[0]
    selector = a.taught_selector()
    data = dict(re.findall(r'\[data-([\w-]+)="([^"]*)"\]', selector or ""))
    a.click({**data, "taught": "1", "pointer": "touch"}, {})
    assert len(s.record["actions"]) == before and a.flash is None  # shown, not made
    html = a.render()
    assert "data-armed=" in html and coach_do.findall(html) == [CATALOGUES["en"]["zm.prompt.armed"]]
    a.click({**data, "taught": "1", "pointer": "touch"}, {})
    assert len(s.record["actions"]) == before + 1 and a.flash is None


def test_on_a_phone_the_step_docks_and_the_lit_part_is_scrolled_above_it() -> None:
    assert coach_docks(360, 640) and not coach_docks(1280, 800)
    # A phone on its side: docked when the lit part's whole and the text cannot both show (Зоомагия's field)
    assert coach_docks(740, 360, need_h=400 + 150) and not coach_docks(740, 360, need_h=120 + 150)
    assert not coach_docks(1280, 800, need_h=400 + 150)
    # … and no room to spare under its top: the lit part may come up to the screen's edge there
    assert top_margin(360) == GAP and top_margin(640) == TOP_BAR
    assert dock_scroll(Box(100, 0, 600), coach_top=200, top=top_margin(360)) == 100 - GAP
    assert dock_scroll(Box(200, 0, 260), coach_top=420) == 0  # shown already
    assert dock_scroll(Box(400, 0, 460), coach_top=420) == 460 + GAP - 420  # under the text: up it comes
    assert dock_scroll(Box(100, 0, 600), coach_top=420) == 100 - TOP_BAR  # taller than the room: its top stays in view
    assert dock_scroll(Box(-0.5, 0, 87.5), coach_top=420) == -0.5 - TOP_BAR  # cut off at the top: down it comes
    assert dock_scroll(Box(0, 0, 100), coach_top=420) == -TOP_BAR  # at the very top (its ring cut): down to under the bar


def test_on_a_phone_on_its_side_the_step_docks_beside_a_field_that_stands_whole() -> None:
    # (Зоомагия's field at the left, its right edge at 271 px): the text begins right of it
    assert dock_left(740, 360, 271) == 271 + GAP
    assert dock_left(740, 360, None) is None  # no such field: across the foot
    assert dock_left(1280, 800, 271) is None  # a screen high enough: beside the lit part, as ever
    assert dock_left(271 + 2 * GAP + DOCK_BESIDE, 360, 271) == 271 + GAP
    assert dock_left(271 + 2 * GAP + DOCK_BESIDE - 1, 360, 271) is None  # no room for the text beside it


def test_on_a_phone_the_lit_part_s_whole_seat_shows_above_the_step_when_it_fits() -> None:
    dots = Box(300, 0, 320)
    room = 420 - GAP - TOP_BAR  # above the docked text, under the top bar
    assert dock_area(dots, Box(290, 0, 290 + room), coach_top=420) == Box(290, 0, 290 + room)  # row and hand fit
    assert dock_area(dots, Box(100, 0, 101 + room), coach_top=420) == dots  # too tall: the lit part alone
    assert dock_area(dots, None, coach_top=420) == dots


def test_on_a_phone_what_else_the_step_names_shows_with_the_lit_part_when_it_fits() -> None:
    """RPS's "three kinds" step lights Pass and talks about the cards just revealed below it: both
    show above the docked text when they fit (the seat too, if that fits as well), else as before."""
    room = 420 - GAP - TOP_BAR
    button, cards, seat = Box(120, 20, 170), Box(250, 0, 330), Box(100, 0, 180)
    assert dock_area(button, seat, 420, see=cards) == Box(100, 0, 330)  # all three
    assert dock_area(button, Box(0, 0, 400), 420, see=cards) == Box(120, 0, 330)  # the seat too tall: the two
    assert dock_area(button, seat, 420, see=Box(120 + room, 0, 130 + room)) == seat  # too far apart: the seat
    assert dock_area(button, None, 420, see=Box(120 + room, 0, 130 + room)) == button


def test_a_step_about_a_part_of_the_field_goes_beside_the_field() -> None:
    """Зоомагия's field is read as one: a step lighting one of its arrows puts its text to the
    right of the field, where under or over the arrow it would cover rows of the field: its foot
    level with the field's (the drawn card and the words on pushing it, at the field's top right,
    stay in view), else level with the arrow where that would hide a part lit or the choices;
    not where the screen has no room there, nor where it covers nothing."""
    parent, field = Box(0, 0, 2000), (Box(122, 13, 522), 343.0)
    arrow = Box(270, 20, 372)
    assert coach_place(arrow, 380, 200, parent, 1280, 800, None, None, field) == (522 - 200, 343 + GAP)
    lit_beside = Box(454, 381, 518, 948)  # (a part lit right of the field: "Take the animal")
    assert coach_place(arrow, 380, 200, parent, 1280, 800, None, None, field, [arrow, lit_beside]) == (270, 343 + GAP)
    assert coach_place(arrow, 380, 200, parent, 1280, 800, (Box(400, 370, 480), 960.0), None, field) == (270, 343 + GAP)
    assert coach_place(arrow, 380, 200, parent, 700, 800, None, None, field) == (372 + GAP, 20)
    low = Box(480, 20, 515)  # (the field's foot: under it covers none of the field)
    assert coach_place(low, 380, 200, parent, 1280, 800, None, None, (Box(122, 13, 470), 343.0)) == (515 + GAP, 20)
    # Level with the lit part, but on the screen: its foot at most the screen's foot.
    assert coach_place(Box(700, 20, 760), 380, 200, Box(0, 0, 800), 1280, 800, None, None,
                       (Box(122, 13, 780), 343.0)) == (800 - GAP - 200, 343 + GAP)

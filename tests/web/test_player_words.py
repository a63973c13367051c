"""What a player reads, on CPython: who won, a save that could not be read, the first-player
throw kept from the start, a replay that says whose move comes next, and every line about
the player called "You"/"Вы" worded for him, at the table and in the replay, in both languages."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from html import unescape
from pathlib import Path

import pytest
from apptools import click, play_on

from pygames_ui.app import App
from pygames_ui.frame import frame_of
from pygames_ui.i18n import I18n, merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import MemoryStorage, Seat, Session
from pygames_ui.tables import Ctx, rps_zombie
from pygames_ui.tables.winners import who_won

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
GAMES = ("klats", "zoomagia", "rps_zombie")
FORMS = {"klats": {"opt_target": "30"}, "zoomagia": {}, "rps_zombie": {"opt_first_player": "1"}}


def start(game: str, lang: str, seed: int = 1, storage: MemoryStorage | None = None,
          **values: str) -> App:
    """A new game through the app's form: seat 0 the human "You"/"Вы", seat 1 an Easy bot."""
    a = App(CATALOGUES, lang, storage or MemoryStorage(), seed=seed)
    a.boot()
    click(a, "setup", game=game)
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy", **FORMS[game], **values})
    assert a.session is not None and a.session.seats[0].name == CATALOGUES[lang]["setup.default_you"]
    return a


def play(a: App, seed: int, each: Callable[[App], None] | None = None) -> None:
    """Random legal moves for the human, the bot's own, until the game ends; ``each(a)`` after every step."""
    play_on(a, seed, each=each)


def text(html: str) -> str:
    """What a person (or a screen reader) reads: the text, and the aria-labels."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', html))
    plain = re.sub(r"<[^>]+>", " ", html)
    return " ".join(unescape(plain + " " + labels).split())


# ------------------------------------------------------------------ who won
def ctx_of(lang: str, names: list[str]) -> Ctx:
    """Seat 0 a human named ``names[0]`` looking at the table, the others bots."""
    seats = [Seat(names[0], "human")] + [Seat(n, "easy") for n in names[1:]]
    s = Session.new("zoomagia", seats, {}, seed=1)
    return Ctx(I18n(CATALOGUES, lang), frame_of(s, 0))


@pytest.mark.parametrize(("lang", "winners", "heading", "log"), [
    ("en", [0], "You win!", "Game over. You won!"),
    ("en", [1], "Anna wins", "Game over. Anna won."),
    ("en", [0, 1], "You and Anna share the win!", "Game over. You and Anna shared the win!"),
    ("en", [1, 2], "Anna and Boris share the win", "Game over. Anna and Boris shared the win."),
    ("en", [0, 1, 2], "You, Anna and Boris share the win!", "Game over. You, Anna and Boris shared the win!"),
    ("ru", [0], "Вы победили!", "Игра окончена. Вы победили!"),
    ("ru", [1], "Победитель: Анна", "Игра окончена. Победитель: Анна."),
    ("ru", [0, 1], "Вы и Анна делите победу!", "Игра окончена. Вы и Анна делите победу!"),
    ("ru", [1, 2], "Победители: Анна и Борис", "Игра окончена. Победители: Анна и Борис."),
    ("ru", [0, 1, 2], "Вы, Анна и Борис делите победу!", "Игра окончена. Вы, Анна и Борис делите победу!"),
])
def test_who_won_is_said_to_the_player_called_you(lang: str, winners: list[int], heading: str, log: str) -> None:
    ctx = ctx_of(lang, [CATALOGUES[lang]["setup.default_you"], "Анна" if lang == "ru" else "Anna",
                        "Борис" if lang == "ru" else "Boris"])
    assert who_won(ctx, winners, "table.result") == heading
    assert who_won(ctx, winners, "log.match_end") == log


def test_a_player_who_typed_a_name_is_named() -> None:
    ctx = ctx_of("en", ["Ann", "Bob"])
    assert who_won(ctx, [0], "table.result") == "Ann wins"
    assert who_won(ctx, [0, 1], "table.result") == "Ann and Bob share the win"
    assert who_won(ctx_of("en", ["<b>", "Bob"]), [0], "table.result") == "&lt;b&gt; wins"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_the_game_over_heading_and_last_log_line(game: str, lang: str) -> None:
    a = start(game, lang, seed=3)
    play(a, seed=3)
    s, ctx = a.session, a.ctx()
    assert s is not None and ctx is not None
    html = a.render()
    heading = unescape(re.search(r'id="game-over-title"[^>]*>(.*?)</h2>', html).group(1))
    assert heading == unescape(who_won(ctx, s.game.winners(s.state), "table.result"))
    assert "Winner:" not in heading and not heading.startswith(("Победитель: Вы", "Победители: Вы"))
    if 0 in s.game.winners(s.state):
        assert heading.startswith(("You", "Вы"))
    prompt = re.search(r'<p class="prompt" id="prompt"[^>]*>(.*?)</p>', html)  # (the summary put away: it stays)
    assert prompt is not None and unescape(prompt.group(1)) == a.t("table.game_over")
    click(a, "replay")
    click(a, "replay-go", to="last")  # the replay opens at the deal
    shown = re.search(r'id="replay-result-title">(.*?)</h2>', a.render())
    assert shown is not None and unescape(shown.group(1)) == heading
    assert 'aria-hidden="true">' in a.render().split('id="replay-position"')[1][:40]  # (the slider says it)
    click(a, "resume")  # the game's own replay leads back to its table and its results
    assert a.screen == "table" and 'id="game-over"' in a.render()


# ------------------------------------------------------------------ a save that cannot be read
def test_an_unreadable_save_is_told_in_the_players_language_with_the_reason_folded_away() -> None:
    storage = MemoryStorage()
    storage.setItem(SAVE_KEY, '{"v": 1, "game": "chess"}')
    a = App(CATALOGUES, "ru", storage)
    a.boot()
    assert a.notice == CATALOGUES["ru"]["notice.bad_save"]
    assert a.notice_details and "chess" in a.notice_details and a.save_error == a.notice_details
    html = a.render()
    said = text(re.search(r'id="notice"><p>(.*?)</p>', html).group(1))
    assert "chess" not in said and not re.search(r"[A-Za-z]{3,}", said), said  # no English in the words
    assert re.search(r'<details class="notice-details"><summary>Подробности[^<]*</summary><code>[^<]*chess', html)
    click(a, "dismiss-notice")
    assert a.notice is None and a.notice_details is None and 'id="notice"' not in a.render()


def test_a_broken_link_is_told_in_the_players_language() -> None:
    a = App(CATALOGUES, "ru", MemoryStorage())
    a.boot()
    a.open_link("#r=not-a-record")
    assert a.screen == "home" and a.notice == CATALOGUES["ru"]["history.link_failed"]
    assert a.notice_details and "notice-details" in a.render()


# ------------------------------------------------------------------ the first-player throw
def test_the_first_player_throw_is_saved_when_it_is_made() -> None:
    storage = MemoryStorage()
    a = start("rps_zombie", "en", storage=storage, opt_first_player="throw")
    rows = a.session.ui.get("rz_throw")
    assert rows, "the form threw for the first player"
    saved = json.loads(storage.getItem(SAVE_KEY) or "{}")
    assert saved["ui"].get("rz_throw") == rows, "saved with the game's first save, before anything is clicked"
    # A reload while the throw is on screen shows the same throw, still to be dismissed.
    b = App(CATALOGUES, "en", storage)
    b.boot()
    assert b.session is not None and b.session.ui.get("rz_throw") == rows
    assert b.interlude() is not None and 'id="interlude"' in b.render()
    click(b, "dismiss")
    assert b.interlude() is None
    c = App(CATALOGUES, "en", storage)
    c.boot()
    assert c.interlude() is None  # dismissed is saved too


def test_a_chosen_first_player_makes_no_throw() -> None:
    a = start("rps_zombie", "en")
    assert "rz_throw" not in a.session.ui and a.interlude() is None


# ------------------------------------------------------------------ the replay
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["klats", "zoomagia"])
def test_a_replay_says_whose_move_comes_next_never_who_is_thinking(game: str, lang: str) -> None:
    a = start(game, lang, seed=2)
    play(a, seed=2)
    click(a, "replay")
    replay = a.history.replay
    assert replay is not None
    you = CATALOGUES[lang]["table.next_move.you"]
    bot = CATALOGUES[lang]["table.next_move"].format(name="Bot 1" if lang == "en" else "Бот 1")
    thinking = ("thinking", "думает", "думаете")
    said = {you: 0, bot: 0}
    for step in range(replay.last):
        replay.seek(step)
        prompt = unescape(re.sub(r"<[^>]+>", "", re.search(r'id="prompt"[^>]*>(.*?)</p>', a.render()).group(1)))
        assert not any(w in prompt for w in thinking), (step, prompt)
        to_move = replay.states[step].current_player
        expected = you if to_move == 0 else bot
        assert prompt == expected, (step, prompt)
        said[expected] += 1
    assert all(said.values()), said


# ------------------------------------------------------------------ every line about "You"
#: Sentences that treat the player's "You"/"Вы" as somebody else's name.
WRONG = {
    "en": re.compile(r"\bYou (is|has|was|wins|shares)\b|\bYou['’]s\b|\b(by|for|to|of|front of|Waiting for|between) You\b"
                     r"|Winners?: You\b|First player: You\b|won by You\b"),
    "ru": re.compile(r"игрока? Вы\b|Рука: Вы\b|Победител\w*: Вы\b|Очередь: Вы\b|выигрывает: Вы\b|Первый игрок: Вы\b"
                     r"|\bВы \w+(ет|ит|л)\b|Последний сдвиг — Вы\b|\(Вы\)"),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_every_screen_speaks_to_the_player_called_you(game: str, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game against a bot, every screen of it at the table, then every step of its replay."""
    throw = rps_zombie.throw_for_first  # a throw for the first player too, the same every run
    monkeypatch.setattr(rps_zombie, "throw_for_first", lambda players, rng: throw(players, random.Random(5)))
    wrong = WRONG[lang]
    bad: list[str] = []

    def look(a: App) -> None:
        said = text(a.render())
        bad.extend(m.group(0) + " … " + said[max(0, m.start() - 60):m.end() + 60] for m in wrong.finditer(said))

    for seed in (1, 2):
        a = start(game, lang, seed=seed, opt_first_player="throw") if game == "rps_zombie" else start(game, lang, seed=seed)
        play(a, seed=seed, each=look)
        click(a, "replay")
        assert a.history.replay is not None
        for step in range(0, a.history.replay.last + 1, 3):
            a.history.replay.seek(step)
            look(a)
    assert not bad, bad[:5]


# ------------------------------------------------------------------ Клац!: whose sixth pile
@pytest.mark.parametrize(("lang", "by", "tops", "said"), [
    ("en", 1, [[3], [1, 2, 3, 4, 5, 6], [7]], "Anna has six piles, so the round ends."),
    ("en", 0, [[3], [1, 2, 3, 4, 5, 6], [7]], "You played a sixth pile in front of Anna, so the round ends."),
    ("en", 2, [[1, 2, 3, 4, 5, 6], [3], [7]], "Boris played a sixth pile in front of you, so the round ends."),
    ("en", 2, [[3], [1, 2, 3, 4, 5, 6], [7]], "Boris played a sixth pile in front of Anna, so the round ends."),
    ("ru", 0, [[3], [1, 2, 3, 4, 5, 6], [7]], "Вы выложили шестую стопку игроку Anna — партия окончена."),
    ("ru", 2, [[1, 2, 3, 4, 5, 6], [3], [7]], "Шестая стопка в вашем ряду, от игрока Boris, — партия окончена."),
    ("ru", 2, [[3], [1, 2, 3, 4, 5, 6], [7]], "Шестая стопка в ряду игрока Anna, от игрока Boris, — партия окончена."),
])
def test_a_round_ended_by_a_sixth_pile_names_whose_row_it_is(lang: str, by: int, tops: list[list[int]],
                                                              said: str) -> None:
    from pygames_ui.tables.klats_log import six_piles
    seats = [Seat(CATALOGUES[lang]["setup.default_you"], "human"), Seat("Anna", "easy"), Seat("Boris", "easy")]
    ctx = Ctx(I18n(CATALOGUES, lang), frame_of(Session.new("klats", seats, {}, seed=1), 0))
    assert six_piles(ctx, {"by": by, "tops": tops}, "klats.ended_six").startswith(said)


# ------------------------------------------------------------------ RPS: everyone out at once
@pytest.mark.parametrize(("lang", "out", "heading"), [
    ("en", [True, True, True], "You, Anna and Boris went out together: a draw"),
    ("ru", [True, True, True], "Ничья: Вы, Anna и Boris выбыли вместе"),
    ("en", [False, True, True], "You, Anna and Boris share the win!"),  # a tie on the draw pile's end
])
def test_everyone_out_in_the_same_round_is_a_draw_not_a_win(lang: str, out: list[bool], heading: str) -> None:
    import dataclasses
    seats = [Seat(CATALOGUES[lang]["setup.default_you"], "human"), Seat("Anna", "easy"), Seat("Boris", "easy")]
    frame = frame_of(Session.new("rps_zombie", seats, {}, seed=1), 0)
    view = {**frame.view, "over": True, "winners": [0, 1, 2],
            "players": [{**p, "out": o} for p, o in zip(frame.view["players"], out, strict=True)]}
    ctx = Ctx(I18n(CATALOGUES, lang), dataclasses.replace(frame, view=view))
    table = rps_zombie.RpsZombieTable()
    assert unescape(who_won(ctx, [0, 1, 2], table.result_key(ctx))) == heading


def test_names_the_app_made_up_follow_a_switch_of_language() -> None:
    a = start("klats", "ru")
    click(a, "lang", lang="en")
    html = text(a.render())
    assert "Bot 1" in html and "Бот 1" not in html  # the bot's made-up name, said in English now
    assert a.session is not None and a.session.seats[1].name == "Бот 1"  # (kept as made)
    b = start("klats", "en", seat_name_1="Борис")
    click(b, "lang", lang="ru")
    assert "Борис" in text(b.render())  # a typed name stays as typed


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_klats_pile_says_whose_it_is(lang: str) -> None:
    """The arrow keys go from row to row: two players' piles with the same top and number read
    alike unless each names its owner ("your pile" for the viewer's)."""
    a = start("klats", lang)
    s = a.session
    assert s is not None
    for _ in range(200):  # until both rows have piles and a card may go on them
        ctx = a.ctx()
        assert ctx is not None and not s.game.is_over(s.state)
        if ctx.my_turn and all(ctx.view["tableaux"][p] for p in (0, 1)):
            break
        if a.interlude() is not None:
            click(a, "dismiss")
        elif ctx.my_turn:
            a.play(ctx.legal[0])
        else:
            a.step_bot()
    labels: dict[int, list[str]] = {0: [], 1: []}
    for card in ctx.view["hand"]:  # (the piles it may go on are buttons, the others pictures)
        click(a, "select", card=card)
        for label, seat in re.findall(r'aria-label="([^"]+)" data-move="kp-(\d)-', a.render()):
            labels[int(seat)].append(unescape(label))
    bot, you = s.seats[1].name, {"en": "your pile", "ru": "вашей стопки"}[lang]
    assert labels[0] and all(you in x for x in labels[0]), labels[0]
    assert labels[1] and all(bot in x and you not in x for x in labels[1]), labels[1]

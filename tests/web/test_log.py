"""The move log: the whole game, numbered by each line's place in it, in good grammar for "You"."""

from __future__ import annotations

import random
import re
from html import unescape
from pathlib import Path

import pytest
from apptools import click, play_on

from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.log import PAGE
from pygames_ui.session import MemoryStorage

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
GAMES = ("klats", "zoomagia", "rps_zombie")
LINE = re.compile(r'<li value="(\d+)" data-n="(\d+)">(.*?)</li>')
#: The app's form for each game: one human ("You"/"Вы" unless named) against one bot.
FORMS = {
    "klats": {},
    "zoomagia": {},
    "rps_zombie": {"opt_first_player": "0"},
}


def start(game: str, lang: str = "en", seed: int = 1, **names: str) -> App:
    """A new game of ``game`` through the app's form: seat 0 human (named ``names['you']`` or the default), seat 1 a bot."""
    a = App(CATALOGUES, lang, MemoryStorage(), seed=seed)
    a.boot()
    click(a, "setup", game=game)
    values = {"seat_kind_0": "human", "seat_kind_1": "random", **FORMS[game]}
    if "you" in names:
        values["seat_name_0"] = names["you"]
    click(a, "start", values)
    assert a.session is not None and a.screen == "table"
    return a


def play(a: App, moves: int | None = None, seed: int = 7) -> None:
    """Play on (random legal moves for the human) until the game ends or ``moves`` human moves were made."""
    play_on(a, seed, moves)


def log_lines(html: str) -> list[tuple[int, int, str]]:
    """``(number, event n, plain text)`` of every log line on the page, top first."""
    aside = html[html.index('<aside class="log"'):]
    aside = aside[:aside.index("</aside>")]
    return [(int(v), int(n), unescape(re.sub(r"<[^>]+>", "", text))) for v, n, text in LINE.findall(aside)]


def whole_log(a: App) -> list[tuple[int, int, str]]:
    """Every line of the game's log, by pressing "Show earlier" until nothing is left out."""
    for _ in range(1000):
        html = a.render()
        if 'data-action="log-earlier"' not in html:
            return log_lines(html)
        click(a, "log-earlier")
    raise AssertionError("the log never ends")


@pytest.mark.parametrize("game", GAMES)
def test_lines_are_numbered_by_their_place_in_the_whole_game(game: str) -> None:
    a = start(game)
    play(a)
    html = a.render()
    lines = log_lines(html)
    said = whole_log(a)
    assert len(lines) == min(PAGE, len(said))  # a whole game says more than a page: the newest page is shown
    numbers = [v for v, _, _ in said]
    assert numbers == list(range(len(said), 0, -1))  # newest first, the first line of the game is 1
    events = [n for _, n, _ in said]
    assert events == sorted(events, reverse=True) and len(set(events)) == len(events)
    told = a.table.told_at_table(a.ctx())
    last = len(a.session.state.data["log"]) - 1  # the game's end, its last event
    if told is None:
        assert len(said) > PAGE
        assert said[0][1] == last
    else:  # the table tells the latest rounds itself; the log holds every event before them
        assert said[0][1] < told
        on_table = [int(n) for n in re.findall(r'class="rz-ev[^"]*" data-n="(\d+)"', html)]
        assert on_table[0] == told and on_table[-1] == last
        assert not set(on_table) & set(events)
    assert lines == said[:PAGE]  # the first page is the newest lines, numbered as in the whole log


def test_a_long_game_still_reads_from_its_first_move() -> None:
    a = start("zoomagia")
    play(a)
    said = whole_log(a)
    first_event = a.session.state.data["log"][0]
    assert said[-1][:2] == (1, first_event["n"])
    assert said[-1][2].startswith("New game for 2 players")
    # More than view["log"] holds: the engine's view keeps only the latest events.
    assert len(said) > len(a.ctx().view["log"])


def test_show_earlier_starts_again_at_one_page_for_a_new_game() -> None:
    a = start("zoomagia")
    play(a)
    click(a, "log-earlier")
    assert len(log_lines(a.render())) == 2 * PAGE
    click(a, "again")
    play(a)
    assert len(log_lines(a.render())) == PAGE


def test_a_new_line_is_numbered_on_from_the_last() -> None:
    a = start("klats")
    before = log_lines(a.render())
    play(a, moves=3)
    after = log_lines(a.render())
    assert after[0][0] == len(after) and after[-1][0] == 1
    assert after[len(after) - len(before):] == before  # old lines keep their numbers and words


def test_a_move_taken_back_leaves_the_log() -> None:
    a = start("zoomagia")
    s = a.session
    play(a, moves=2)
    earlier, said = s.state, whole_log(a)
    play(a, moves=3)
    assert len(whole_log(a)) > len(said)
    s.state = earlier  # as an undo does: the same game, its state from before
    assert whole_log(a) == said


# ------------------------------------------------------------------ "You"
#: Phrases that treat the player's "You"/"Вы" as somebody else's name (names in score lists are labels).
WRONG = {
    "en": re.compile(r"\bYou (is|has|was|reveals|takes|throws|reveal)\b|\b(of|for|to|front of|between|Tie:) You\b"
                     r"|\bYou's\b|^You:|: You (is|has|had|took|lost|won)\b|\bYou’s\b"),
    "ru": re.compile(r"игрока Вы\b|\(Вы\)|^Вы:|\bВы (думает|взял|положил|выбыл)\b|: Вы\.|Ничья: Вы\b|\(Вы и"
                     r"|Вы \w+( в штраф| из колоды)? голова\b"),  # a card named as the object needs "карту"
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_the_player_called_you_is_spoken_to(game: str, lang: str) -> None:
    you = CATALOGUES[lang]["setup.default_you"]
    wrong = WRONG[lang]
    for seed in (1, 2, 3):
        a = start(game, lang, seed=seed)
        assert a.session.seats[0].name == you
        play(a, seed=seed)
        said = whole_log(a)
        about_you = [text for _, _, text in said if re.search(r"\b(you|your|вы|вам|вас|ваш\w*)\b", text, re.I)]
        assert about_you, "no line speaks to the player"
        bad = [text for _, _, text in said if wrong.search(text)]
        assert not bad, bad[:5]


def test_klats_new_pile_in_front_of_you() -> None:
    for lang, phrase, old in (("en", "as a new pile in front of you", "in front of You"),
                              ("ru", "новая стопка перед вами", "у игрока Вы")):
        for seed in range(1, 40):  # a deal where the bot starts a pile in front of the player
            a = start("klats", lang, seed=seed)
            play(a, seed=seed)
            text = " ".join(t for _, _, t in whole_log(a))
            if phrase in text:
                break
        else:
            raise AssertionError(f"no bot ever started a pile in front of the player ({lang})")
        assert old not in text


def test_second_person_only_for_the_viewer_named_you() -> None:
    # A player who typed a name is told about in the third person, with the name.
    a = start("zoomagia", "en", you="Ann")
    play(a, moves=4)
    said = " ".join(t for _, _, t in whole_log(a))
    assert "Ann drew" in said and "You drew" not in said
    # Under the default name: second person, and the bot in the third.
    a = start("zoomagia", "en")
    play(a, moves=4)
    said = " ".join(t for _, _, t in whole_log(a))
    assert "You drew" in said and "Bot 1 drew" in said


def test_waiting_line_for_you_is_conjugated() -> None:
    from pygames_ui.tables import Ctx

    a = start("klats", "en")
    ctx = a.ctx()
    assert isinstance(ctx, Ctx)
    assert ctx.say("table.waiting_for", by=0, name=ctx.name(0)) == "You are thinking…"
    assert ctx.say("table.waiting_for", by=1, name=ctx.name(1)) == "Bot 1 is thinking…"
    a = start("klats", "ru")
    ctx = a.ctx()
    assert ctx.say("table.waiting_for", by=0, name=ctx.name(0)) == "Вы думаете…"


def test_every_sentence_about_a_seat_has_its_you_form_in_both_languages() -> None:
    """A log key that names its subject ({who}) says it to "You" too, in each language."""
    said_by_ctx = set()
    root = Path(__file__).resolve().parents[2] / "web" / "pygames_ui"
    for path in root.rglob("*.py"):
        said_by_ctx |= set(re.findall(r'ctx\.say\(\s*"([\w.]+)"', path.read_text(encoding="utf-8")))
    said_by_ctx |= {"log.klats.new_pile", "log.klats.new_pile_self", "log.klats.on_pile", "log.klats.on_pile_self",
                    "log.klats.round_end_six", "log.zm.get_card", "log.zm.take_card", "log.rz.no_defence",
                    "log.rz.let_bite"}  # chosen by a variable
    assert len(said_by_ctx) > 30
    for lang in ("en", "ru"):
        cat = CATALOGUES[lang]
        for key in said_by_ctx:
            assert key in cat, (lang, key)
            if "{who}" in cat[key]:
                assert f"{key}.you" in cat, (lang, key)
                assert "{who}" not in cat[f"{key}.you"], (lang, key)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_rps_table_speaks_of_your_zombie(lang: str) -> None:
    """The prompts and card notes too: "your zombie", never "You’s zombie" or "зомби (Вы)"."""
    wrong = re.compile(r"You[’']s|\(Вы\)")
    seen = set()
    for seed in (1, 2, 3, 4):
        a = start("rps_zombie", lang, seed=seed)
        s, rng = a.session, random.Random(seed)
        for _ in range(3000):
            if s.game.is_over(s.state):
                break
            html = a.render()
            board = html[html.index('<main class="table-screen"'):html.index('<div class="table-side">')]
            text = unescape(re.sub(r"<[^>]+>", " ", board))
            assert not wrong.search(text), wrong.search(text).group(0)
            seen |= set(re.findall(r"your zombie|вашего зомби|вашим зомби", text))
            if a.interlude() is not None:
                click(a, "dismiss")
            elif a.bots_pending():
                a.step_bot()
            else:
                a.play(rng.choice(a.ctx().legal))
    assert seen


def test_a_replay_of_your_own_game_words_each_event_once() -> None:
    """In a replay the seat shown follows whoever moves; the moves of "You" must not make the
    log word the whole game again from its first move at each step."""
    a = App(CATALOGUES, "en", MemoryStorage(), seed=3)
    a.boot()
    click(a, "setup", game="zoomagia")
    click(a, "start")
    play_on(a, 1)
    click(a, "replay")
    r = a.history.replay
    assert r is not None
    calls = [0]
    describe = r.table.describe

    def counting(event: dict, ctx: object) -> str:
        calls[0] += 1
        return describe(event, ctx)  # type: ignore[arg-type]

    r.table.describe = counting  # type: ignore[method-assign]
    a.render()
    for _ in range(60):
        click(a, "replay-go", to="forward")
        a.render()
        a.announcement()
    assert calls[0] <= len(r.ctx(a.t).events)


def test_a_chip_keeps_the_full_stop_after_it_on_its_line() -> None:
    """"…Anna with [Scissors]" then "." alone on the next line: a chip and the mark after it are glued."""
    from pygames_ui.dom import glued

    chip = '<span class="rz-chip k-scissors"><svg class="pic"><use href="#pic-scissors"></use></svg>Scissors</span>'
    assert glued(f"Anna with {chip}.") == f'Anna with <span class="glued">{chip}.</span>'
    assert glued(f"{chip} wins") == f"{chip} wins" and glued(None) is None
    a = start("rps_zombie")
    play(a)
    html = a.render()
    assert 'class="glued"' in html
    assert not re.search(r'(?<!<span class="glued">)<span class="rz-chip [^"]*">(?:(?!</span>).)*</span>[.,]', html)

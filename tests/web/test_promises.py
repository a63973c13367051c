"""Small promises the app keeps to players, each checked where it is kept:
one minus sign, the help text of the simulator, why a Клац! match ended, no waiting on a bot
with a single move, and every button doing the one thing its name was given to."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import golden_walk
import pytest
from apptools import click, play_on

from pygames_core import games
from pygames_core.bots import ismcts, levels
from pygames_ui import app as app_module
from pygames_ui import thinking
from pygames_ui.app import App
from pygames_ui.assist import Assist
from pygames_ui.dom import merge_actions
from pygames_ui.i18n import LANGS, MINUS, merge_catalogues
from pygames_ui.log import plain_text
from pygames_ui.session import MemoryStorage, Seat, Session

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "web" / "pygames_ui"
CATALOGUES = merge_catalogues(ROOT / "web" / "i18n")


# ---------------------------------------------------------------- one minus sign
class Shown(HTMLParser):
    """What a player is shown or told of a render: its text, and the words of its labels."""

    SAID = ("aria-label", "aria-valuetext", "title", "alt", "placeholder")

    def __init__(self, html: str) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self.hidden += 1
        self.parts += [value for name, value in attrs if name in self.SAID and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


@pytest.mark.parametrize("lang", LANGS)
def test_negative_numbers_are_shown_with_a_true_minus_sign(lang: str) -> None:
    """A score below zero reads "−4" (U+2212) on every screen and in what a screen reader says,
    never "-4" with a hyphen: the golden walk's screens of every title, whose Зоомагия games
    end with players below zero."""
    minus_shown = final_scores_below_zero = 0
    for title in golden_walk.TITLES:
        for shot in golden_walk.walk(title, lang):
            texts = [*Shown(shot["html"]).parts, shot["said"] or ""]
            for text in texts:
                hyphen = re.search(r".{0,30}-\d.{0,10}", text)
                assert hyphen is None, f"{title}/{lang} at {shot['label']!r}: {hyphen.group(0)!r}"
            minus_shown += sum(len(re.findall(MINUS + r"\d", text)) for text in texts)
            # (the final table's column of scores)
            final_scores_below_zero += len(re.findall(r'<td class="num"><strong>' + MINUS + r"\d+</strong></td>", shot["html"]))
    assert minus_shown and final_scores_below_zero, "the walk showed no score below zero: it no longer checks the promise"


# ---------------------------------------------------------------- the simulator's help
def test_simulate_help_prints_one_percent_sign() -> None:
    """``python -m pygames_core simulate --help`` says "95% Wilson intervals" (argparse formats
    help texts with %, and its description not: a doubled %% would show as typed)."""
    for args in (["--help"], ["simulate", "--help"]):
        done = subprocess.run([sys.executable, "-m", "pygames_core", *args], cwd=ROOT, capture_output=True,
                              text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        assert "%%" not in done.stdout, done.stdout
    words = " ".join(done.stdout.split())  # (argparse wraps the lines)
    assert "(95% Wilson intervals)" in words, words


# ---------------------------------------------------------------- why a Клац! match ended
#: The end screen's sentence saying why the match ended, to a target of 20: one player reached
#: it (a bot, or "you"), or both did in the same round.
WHY = {
    "en": {"one": "{who} has {n} points and reached the target of 20, so the match is over.",
           "you": "You have {n} points and reached the target of 20, so the match is over.",
           "shared": "You and Bot 1 reached the target of 20 points, so the match is over."},
    "ru": {"one": "Счёт игрока {who} — {n}: цель в 20 очков достигнута, игра окончена.",
           "you": "Ваш счёт — {n}: цель в 20 очков достигнута, игра окончена.",
           "shared": "Цель в 20 очков достигнута (Вы и Бот 1) — игра окончена."},
}


def klats_to_the_end(lang: str, seed: int, human_plays_well: bool) -> App:
    """A Клац! match to 20 between the person at the device and one bot, played to its end: the
    person plays at random (the bot wins), or plays Medium's moves against an Easy bot."""
    a = App(CATALOGUES, lang, MemoryStorage(), seed=seed)
    a.boot()
    click(a, "setup", game="klats")
    click(a, "start", {"opt_target": "20", "seat_kind_1": "easy" if human_plays_well else "medium"})

    def well(app: App, ctx: Any) -> None:
        assert app.session is not None
        app.play(thinking.bot_action(app.session, stand_in="medium"))
    play_on(a, seed, move=well if human_plays_well else None)
    return a


@pytest.mark.parametrize("lang", LANGS)
def test_the_klats_end_screen_says_who_reached_the_target(lang: str) -> None:
    """The end of a Клац! match says why it ended, in the player's language: "Bot 1 has 49 points
    and reached the target of 20, so the match is over", "You have …", or both names when two
    players passed the target in the same round."""
    seen = set()
    for seed, well in ((0, False), (0, True), (1, True)):
        a = klats_to_the_end(lang, seed, well)
        ctx = a.ctx()
        assert ctx is not None and a.session is not None and a.session.game.is_over(a.session.state)
        totals = ctx.view["totals"]
        reached = [seat for seat, total in enumerate(totals) if total >= 20]
        case = "shared" if len(reached) > 1 else "you" if reached == [0] else "one"
        html = a.render()
        dialog = html[html.index('id="game-over"'):]
        found = re.search(r'<p class="why match-why">(.*?)</p>', dialog)
        assert found is not None, "the end screen does not say why the match ended"
        name = a.session.seats[reached[0]].name
        assert plain_text(found.group(1)) == WHY[lang][case].format(who=name, n=totals[reached[0]])
        seen.add(case)
    assert seen == {"one", "you", "shared"}, f"the matches played no longer end each way: {seen}"


# ---------------------------------------------------------------- a bot with one move
class SearchSpy:
    """Counts the searches started (``ismcts.Search``, which every Hard move and hint runs)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.started = 0
        real = ismcts.Search

        def search(*args: Any, **kwargs: Any) -> Any:
            self.started += 1
            return real(*args, **kwargs)
        monkeypatch.setattr(ismcts, "Search", search)


def only_first_move(monkeypatch: pytest.MonkeyPatch, name: str) -> Callable[[Any], list[Any]]:
    """Narrow ``name``'s legal moves to the first one: a forced decision (the games' own rules
    apply forced steps themselves, so their tables seldom or never ask one). Returns the real rule."""
    game = games.get(name)
    real = game.legal_actions
    monkeypatch.setattr(game, "legal_actions", lambda state: real(state)[:1])
    return real


@pytest.mark.parametrize("name", ["klats", "zoomagia", "rps_zombie"])
def test_a_hard_bot_with_a_single_legal_move_plays_it_without_searching(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Hard bot that has only one move plays it at once: the page asks its worker nothing (no
    "Bot 1 is thinking…"), and neither the worker's answer nor the page's own sliced search
    runs a search. A hint, asked by a person, still searches (its chance of winning is shown)."""
    session = Session.new(name, [Seat("Bot 1", "hard"), Seat("Bot 2", "hard")], {}, seed=3)
    spy = SearchSpy(monkeypatch)
    # First, two or more moves: the bot searches, and the spy sees it.
    assert len(session.game.legal_actions(session.state)) > 1
    assert Assist().bot_request(session) is not None
    answer = thinking.think(thinking.request(session, iterations=5))
    assert spy.started == 1 and answer["iterations"] == 5
    # One move: no request to the worker, no search in it or on the page.
    real = only_first_move(monkeypatch, name)
    (move,) = session.game.legal_actions(session.state)
    hard = levels.get("hard")
    assert hard.searches and not thinking.searches_now(hard, 1)
    assert Assist().bot_request(session) is None
    answer = thinking.think(thinking.request(session))
    assert answer["action"] == move and answer["iterations"] is None and answer["estimate"] is None
    sliced = thinking.SlicedSearch(thinking.request(session))
    assert sliced.search is None and sliced.step() and sliced.answer is not None and sliced.answer["action"] == move
    assert thinking.bot_action(session) == move
    assert spy.started == 1, "a bot with one legal move searched"
    # A hint searches even then.
    answer = thinking.think(thinking.request(session, hint=True, iterations=5))
    assert spy.started == 2 and answer["iterations"] == 5 and answer["action"] == move
    assert move in real(session.state)


# ---------------------------------------------------------------- one handler per button
def test_merging_handler_tables_refuses_a_name_handled_twice() -> None:
    """Two parts of the app cannot both claim a button's ``data-action``: merged with ``**`` the
    later would silently win, and the button would do what its own part never meant."""
    def first(*_: Any) -> None: ...
    def second(*_: Any) -> None: ...
    merged = merge_actions({"home": first}, {"undo": second}, {})
    assert merged == {"home": first, "undo": second}
    with pytest.raises(ValueError, match="undo"):
        merge_actions({"home": first, "undo": first}, {"rules": second}, {"undo": second})


def literal_actions(path: Path) -> list[tuple[str, str]]:
    """``(action, file)`` for every key written in a ``HANDLERS`` table of ``path``, repeats kept
    (a dict display that names a key twice keeps the last one silently)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.AnnAssign):
            target: ast.expr = node.target
            value = node.value
        elif isinstance(node, ast.Assign):
            target, value = node.targets[0], node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "HANDLERS" and value is not None:
            for inner in ast.walk(value):
                if isinstance(inner, ast.Dict):
                    out += [(k.value, path.name) for k in inner.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    return out


def test_each_button_action_has_one_handler_in_the_whole_app() -> None:
    """Every ``data-action`` the app handles is written in exactly one handler table (the app's
    own, nav, keeping, the tutorial, devices and their lobby), and the app's table holds them all."""
    written = [pair for path in sorted(UI.rglob("*.py")) for pair in literal_actions(path)]
    files = {file for _, file in written}
    assert {"app.py", "nav.py", "keeping.py", "tutorial_ui.py", "play.py", "lobby_ui.py"} <= files, files
    where: dict[str, list[str]] = {}
    for action, file in written:
        where.setdefault(action, []).append(file)
    twice = {action: files for action, files in where.items() if len(files) > 1}
    assert not twice, f"actions handled in two places: {twice}"
    assert set(app_module.HANDLERS) == set(where)

"""The rules pages in the app are for players; the full reading for developers lives in docs/rules/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.session import MemoryStorage

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = merge_catalogues(ROOT / "web" / "i18n")
GAMES = ("klats", "zoomagia", "rps_zombie")
#: Words of a developer's note: test decks, bots and how they search, the engine's terms.
DEVELOPER = {
    "en": re.compile(r"\b(tests?|prepared decks?|puzzles?|tutorials?|bots?|search\w*|engine|view|option `|deck=|"
                     r"this edition|our choice|the sheet does not)\b", re.I),
    "ru": re.compile(r"тест|заготовлен|заранее заданн|обучени|бот|ищущ|движ(ок|ка)|"
                     r"в этом издании|наш выбор|в правилах не", re.I),
}


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_rules_pages_speak_to_players(game: str, lang: str) -> None:
    paragraphs = CATALOGUES[lang][f"rules.{game}"]
    notes = [p for p in paragraphs if DEVELOPER[lang].search(p)]
    assert not notes, notes
    heads = [p for p in paragraphs if p.startswith("## ")]
    assert heads[-1] == {"en": "## Good to know", "ru": "## Полезно знать"}[lang]
    tips = paragraphs[paragraphs.index(heads[-1]) + 1:]
    assert 2 <= len(tips) <= 14 and all(p.startswith("- ") for p in tips)


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_tell_the_same_rules(game: str) -> None:
    def shape(p: str) -> str:
        return "heading" if p.startswith("## ") else "item" if p.startswith("- ") else p[:2] if p[0].isdigit() else "text"

    en, ru = CATALOGUES["en"][f"rules.{game}"], CATALOGUES["ru"][f"rules.{game}"]
    assert [shape(p) for p in en] == [shape(p) for p in ru]  # the same headings, lists and paragraphs, in order


@pytest.mark.parametrize("game", GAMES)
def test_the_developers_reading_keeps_every_choice(game: str) -> None:
    text = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    assert "## Choices" in text and f"rules.{game}" in text
    choices = text[text.index("## Choices"):]
    assert len(re.findall(r"(?m)^\d+\. ", choices)) >= 18


def test_the_rules_screen_shows_the_players_version() -> None:
    a = App(CATALOGUES, "en", MemoryStorage())
    a.boot()
    a.click({"action": "rules", "game": "rps_zombie"}, {})
    html = a.render()
    assert '>Good to know</h2>' in html
    assert "Prepared decks" not in html and "searching bot" not in html


def test_rules_opened_from_the_table_lead_back_to_it_from_their_top() -> None:
    """On a phone the foot of the rules is many screens down: opened mid-game, their way back to
    the game is at the top too (and says where it goes); from the home screen, "Back" at the foot."""
    en = CATALOGUES["en"]
    a = App(CATALOGUES, "en", MemoryStorage())
    a.boot()
    a.click({"action": "rules", "game": "klats"}, {})
    html = a.render()
    assert en["rules.back_to_game"] not in html and html.count('data-action="back"') == 1
    a.click({"action": "setup", "game": "klats"}, {})
    a.click({"action": "start"}, {})
    a.click({"action": "rules", "game": "klats"}, {})
    html = a.render()
    top = html[html.index("</h1>"):html.index("<h2")]
    assert en["rules.back_to_game"] in top and html.count(en["rules.back_to_game"]) == 2
    a.click({"action": "back"}, {})
    assert a.screen == "table"


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_a_rules_page_lists_its_parts_each_a_jump_to_its_heading(game: str, lang: str) -> None:
    """A long page (the rules of Камень, ножницы, бумага… are eight phone screens): its parts
    listed at the top, each a button to its heading (which takes the focus there)."""
    a = App(CATALOGUES, lang, MemoryStorage())
    a.boot()
    a.click({"action": "rules", "game": game}, {})
    html = a.render()
    contents = re.search(r'<nav class="rules-contents" aria-label="([^"]+)"><ul>(.*?)</ul></nav>', html)
    assert contents and contents.group(1) == {"en": "On this page", "ru": "На этой странице"}[lang]
    jumps = re.findall(r'<button type="button" data-action="jump" data-to="(rules-\d+)">([^<]+)</button>', contents.group(2))
    heads = [p[3:] for p in CATALOGUES[lang][f"rules.{game}"] if p.startswith("## ")]
    assert [text for _, text in jumps] == heads and len(heads) >= 3
    for to, text in jumps:
        assert f'<h2 id="{to}" tabindex="-1">{text}</h2>' in html

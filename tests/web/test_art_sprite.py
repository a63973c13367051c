"""Pictures on CPython: every picture the UI draws is in the sprite the build inlines, and no
text the page shows needs a font beyond DejaVu Sans (the only one a Debian desktop is sure to have)."""

from __future__ import annotations

import random
import re
import sys
import unicodedata
from pathlib import Path

import pytest

from pygames_core.klats.rules import COLOUR_OF
from pygames_core.rps_zombie.rules import KINDS
from pygames_core.zoomagia.rules import ANIMALS, CARDS
from pygames_ui.app import App
from pygames_ui.art import PICTURES, picture, symbol_id
from pygames_ui.i18n import I18n, merge_catalogues
from pygames_ui.session import MemoryStorage, Seat, Session
from pygames_ui.tables import TABLES, rps_zombie_cards, zoomagia_cards
from pygames_ui.tables import klats as klats_table

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import sprite  # noqa: E402

CATALOGUES = merge_catalogues(ROOT / "web" / "i18n")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
USED = re.compile(r'<use href="#pic-([a-z0-9-]+)"')


@pytest.fixture(scope="module")
def symbols() -> dict[str, str]:
    """The sprite as the build makes it: picture name -> the symbol's markup."""
    svg = sprite.build_sprite()
    found = dict(re.findall(r'<symbol id="pic-([a-z0-9-]+)"(.*?)</symbol>', svg))
    assert svg.startswith('<svg class="sprite"') and svg.count("<symbol") == len(found)
    return found


def test_the_sprite_holds_every_picture_and_nothing_else(symbols: dict[str, str]) -> None:
    assert set(symbols) == set(PICTURES)
    for name, body in symbols.items():
        assert ' viewBox="0 0 36 36">' in body and "<path" in body, name
        assert not re.search(r"\bstyle=|<script|\bon[a-z]+=", body), name  # the CSP would refuse it
    # The walrus is the seal adapted: browned, with tusks.
    assert symbols["walrus"] != symbols.get("seal", "") and "#b98b68" in symbols["walrus"]
    assert "#99aab5" not in symbols["walrus"]


def test_the_ui_code_names_only_pictures_in_the_sprite(symbols: dict[str, str]) -> None:
    assert sprite.unknown_references(ROOT / "web", set(symbols)) == []


def test_the_build_check_catches_an_unknown_picture(tmp_path: Path) -> None:
    (tmp_path / "t.py").write_text('x = picture("unicorn", cls="a")\ny = symbol_id("sheep")\n')
    (tmp_path / "t.css").write_text(".a { mask: url(#pic-dragon); }\n")
    bad = sprite.unknown_references(tmp_path, set(PICTURES))
    assert [b.rsplit(": ", 1)[1] for b in bad] == ["dragon", "unicorn"]
    assert bad[1].endswith("t.py:1: unicorn")


def test_every_animal_card_kind_and_skull_has_a_picture() -> None:
    assert set(ANIMALS) | set(KINDS) | {"skull"} == set(PICTURES)


def test_picture_markup() -> None:
    assert picture("rhino") == ('<svg class="pic" aria-hidden="true" focusable="false">'
                                '<use href="#pic-rhino"></use></svg>')
    named = picture("zombie", label='Zombie "Bob"', cls="big")
    assert named.startswith('<svg class="pic big" role="img" aria-label="Zombie &quot;Bob&quot;"')
    assert symbol_id("owl") == "pic-owl"
    with pytest.raises(ValueError, match="unicorn"):
        picture("unicorn")


def test_every_card_face_draws_its_picture() -> None:
    t = I18n(CATALOGUES, "ru")
    for card in CARDS:
        animal = card.split(":")[0]
        for html in (zoomagia_cards.card_html(t, card), zoomagia_cards.chip(t, card), zoomagia_cards.dot(t, card)):
            assert USED.findall(html) == [animal], html
    for kind in KINDS:
        assert USED.findall(rps_zombie_cards.card_html(t, kind)) == [kind]
    for value in COLOUR_OF:
        html = klats_table.card_html(t, value)
        assert USED.findall(html) == ["skull"] and html.count('class="kshape') == 2


def test_klats_colours_each_have_their_own_shape() -> None:
    shapes = {colour: klats_table.shape(colour) for colour in ("blue", "green", "orange")}
    bodies = {re.sub(r"^.*?>|</svg>$", "", s) for s in shapes.values()}
    assert len(bodies) == 3  # three different shapes, not one shape in three colours
    t = I18n(CATALOGUES, "en")
    html = klats_table.card_html(t, 7)
    assert re.search(r'aria-label="7, (blue|green|orange)"', html)


def play_through(game: str, lang: str, seed: int) -> list[str]:
    """Every screen of one game (a person choosing at random against a greedy bot), to the end."""
    a = App(CATALOGUES, lang, MemoryStorage())
    a.boot()
    options = {"target": 40} if game == "klats" else {}
    a.session = Session.new(game, [Seat("Ann", "human"), Seat("Bot", "greedy")], options, seed=seed)
    a.screen, a.viewer = "table", 0
    rng = random.Random(seed)
    pages = []
    for _ in range(3000):
        pages.append(a.render())
        s = a.session
        if s.game.is_over(s.state):
            return pages
        if a.interlude() is not None:
            a.click({"action": "dismiss"}, {})
        elif a.bots_pending():
            a.step_bot()
        else:
            a.play(rng.choice(s.game.legal_actions(s.state)))
    raise AssertionError(f"{game} did not end")


def font_characters() -> set[int]:
    fonttools = pytest.importorskip("fontTools.ttLib")
    if not DEJAVU.is_file():
        pytest.skip(f"{DEJAVU} is missing (Debian: apt-get install fonts-dejavu-core)")
    return set(fonttools.TTFont(DEJAVU).getBestCmap())


def missing_from(chars: set[int], text: str) -> set[str]:
    return {c for c in text if ord(c) not in chars and unicodedata.category(c) not in ("Cc", "Zl", "Zp")}


@pytest.mark.parametrize("game", sorted(TABLES))
def test_whole_games_draw_sprite_pictures_and_text_dejavu_sans_has(game: str, symbols: dict[str, str]) -> None:
    chars = font_characters()
    for lang, seed in (("ru", 3), ("en", 4)):
        pages = play_through(game, lang, seed)
        used = {name for page in pages for name in USED.findall(page)}
        assert used and used <= set(symbols), used - set(symbols)
        assert missing_from(chars, "".join(pages)) == set(), (game, lang)
        assert "pic-" in pages[-1] or game == "klats"  # the end screen shows its cards as pictures too


def test_every_catalogue_string_is_in_dejavu_sans() -> None:
    chars = font_characters()

    def strings(value: object) -> list[str]:
        return [value] if isinstance(value, str) else [s for v in value for s in strings(v)] if isinstance(value, list) else []

    for lang, cat in CATALOGUES.items():
        for key, value in cat.items():
            for text in strings(value):
                assert missing_from(chars, text) == set(), (lang, key)


def test_the_site_sources_use_no_character_beyond_dejavu_sans() -> None:
    """Markup, styles and scripts of the page (comments too: no emoji left anywhere to slip back in)."""
    chars = font_characters()
    sources = [p for p in sorted((ROOT / "web").rglob("*")) if p.suffix in (".py", ".js", ".html", ".css", ".json")]
    assert len(sources) > 20
    for path in sources:
        assert missing_from(chars, path.read_text(encoding="utf-8")) == set(), path.relative_to(ROOT)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_screen_outside_the_table_is_in_dejavu_sans(lang: str) -> None:
    chars = font_characters()
    a = App(CATALOGUES, lang, MemoryStorage())
    a.boot()
    screens = [a.render()]
    for game in sorted(TABLES):
        a.click({"action": "setup", "game": game}, {})
        screens.append(a.render())
        a.click({"action": "rules", "game": game}, {})
        screens.append(a.render())
    assert 'class="credits"' in screens[0] and "CC-BY 4.0" in screens[0]
    assert missing_from(chars, "".join(screens)) == set()

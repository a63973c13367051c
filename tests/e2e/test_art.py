"""Pictures in Chromium: every card picture is drawn from the sprite inlined in the page (no
emoji font needed), at a real size, on the table and on Зоомагия's end screen; Клац!'s colours
carry shapes.  Screenshots of each game at 1280×800 and 360×640 go to test-results/art-*.png."""

from __future__ import annotations

from conftest import ROOT, open_app, start_game
from pages import OVER, TURN, act
from playwright.sync_api import Page

SIZES = {"1280x800": (1280, 800), "360x640": (360, 640)}
SHOTS = ROOT / "test-results"

# For every visible picture under a scope: what its <use> points at, and the size it is drawn at.
PICTURES_JS = """els => els.filter(e => e.getClientRects().length).map(e => {
    const use = e.querySelector('use');
    const ref = use ? use.getAttribute('href') : null;
    const target = ref ? document.querySelector(ref) : null;
    const box = e.getBoundingClientRect();
    const drawn = use ? use.getBBox() : {width: 0, height: 0};
    return {ref, tag: target ? target.tagName : null, parts: target ? target.childElementCount : 0,
            w: box.width, h: box.height, dw: drawn.width, dh: drawn.height};
})"""


def pictures(page: Page, scope: str) -> list[str]:
    """The pictures drawn under ``scope``, each checked to resolve to a symbol of the sprite with
    real content and to take up space on screen; returns their references."""
    found = page.eval_on_selector_all(f"{scope} svg.pic", PICTURES_JS)
    for pic in found:
        assert pic["ref"] and pic["ref"].startswith("#pic-"), pic
        assert pic["tag"] == "symbol" and pic["parts"] > 0, pic  # the sprite holds it
        assert pic["w"] >= 8 and pic["h"] >= 8, pic  # laid out at a visible size
        assert pic["dw"] > 0 and pic["dh"] > 0, pic  # and the symbol's shapes were drawn
    return [pic["ref"] for pic in found]


def shoot(page: Page, name: str) -> None:
    """A screenshot at each size (the page is laid out again for each)."""
    SHOTS.mkdir(exist_ok=True)
    page.mouse.move(0, 0)  # no hover preview of a push in the picture
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"art-{name}-{size}.png"))
    page.set_viewport_size({"width": 1280, "height": 800})


def parts_not_cut(page: Page, scope: str) -> list[str]:
    """Every visible Зоомагия part label under ``scope`` fits its band; returns the labels."""
    labels = page.eval_on_selector_all(
        f"{scope} .zc-part",
        "els => els.filter(e => e.getClientRects().length).map(e => [e.textContent, e.scrollWidth, e.clientWidth])")
    for text, needed, shown in labels:
        assert needed <= shown, f"part label {text!r} is cut: needs {needed}px, has {shown}px"
    return [text for text, _, _ in labels]


def test_zoomagia_cards_are_pictures_on_the_table_and_at_the_end(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    page.click(act("lang", lang="ru"))  # the longest part word: «туловище»
    start_game(page, "zoomagia")
    page.wait_for_selector(TURN, timeout=30_000)
    field = pictures(page, ".zm-field")
    assert len(field) >= 9  # nine cards (a ghost of the drawn card shows only while previewing)
    assert len(pictures(page, "#drawn")) == 1
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        assert len(parts_not_cut(page, ".zm-table")) >= 10, size
    shoot(page, "zoomagia-table")
    # Two bots play a whole game; the end screen lists banked animals and penalty cards as pictures.
    page.click(act("home"))
    start_game(page, "zoomagia", seats=[("Аня", "medium"), ("Боря", "medium")])
    page.wait_for_selector(OVER, timeout=180_000)
    final = pictures(page, f"{OVER} table.zm-final")
    assert len(final) >= 3 and len(set(final)) >= 2
    assert page.locator(f"{OVER} .zdot .zc-pips").count() == len(final)  # each tiny card shows its part's place
    shoot(page, "zoomagia-end")


def test_rps_cards_are_pictures(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    start_game(page, "rps_zombie")
    page.wait_for_selector(TURN, timeout=30_000)
    drawn = pictures(page, ".table-screen")
    assert {"#pic-brain", "#pic-rock", "#pic-scissors", "#pic-paper"} <= set(drawn)
    shoot(page, "rps_zombie")


def test_klats_cards_carry_a_shape_for_their_colour(page: Page, site_url: str) -> None:
    open_app(page, site_url)
    start_game(page, "klats")
    page.wait_for_selector(TURN, timeout=30_000)
    assert pictures(page, ".hand") == ["#pic-skull"] * 3
    cards = page.eval_on_selector_all(".hand .kcard", """els => els.map(e => {
        const shape = e.querySelector('.kshape'); const box = shape.getBoundingClientRect();
        return {label: e.getAttribute('aria-label'), colour: [...e.classList].find(c => c.startsWith('c-')),
                shape: shape.innerHTML, w: box.width, h: box.height};
    })""")
    assert len(cards) == 3
    for card in cards:
        assert card["w"] > 4 and card["h"] > 4, card
        assert card["label"].endswith(", " + card["colour"][2:]), card  # the colour is said in words too
    # The colour tally in each seat's header: three different shapes, one per colour.
    tally = page.eval_on_selector_all(".seat.me .colours .dot .kshape", "els => els.map(e => e.innerHTML)")
    assert len(tally) == len(set(tally)) == 3
    for card in cards:
        assert card["shape"] in tally
    page.click(".hand button.hand-card >> nth=0")
    page.click("button.pile.legal >> nth=0")
    page.wait_for_selector(TURN, timeout=30_000)
    assert len(pictures(page, ".tableau")) >= 1
    shoot(page, "klats")

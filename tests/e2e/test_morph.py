"""web/morph.js, in Chromium: drawing a render over the last one leaves exactly what a fresh
``innerHTML`` would have built, while the elements that stay are the same elements.

The renders are the golden HTML of tests/web/golden/ (every screen of every game in both
languages, for several viewers, as the app draws them one after another), drawn into a box
of a blank page in their order and then a hundred of them in a shuffled order.
"""

from __future__ import annotations

import gzip
import json
import random

from conftest import ROOT
from playwright.sync_api import Page

MORPH_JS = ROOT / "web" / "morph.js"
GOLDEN = ROOT / "tests" / "web" / "golden"

#: Morph ``box`` through ``htmls``; after each, compare it with a fresh parse of the same HTML
#: (nodes, attributes, text) and every form control's live state with a fresh one's.
WALK = """(htmls) => {
  const box = document.getElementById('box');
  const state = (root) => [...root.querySelectorAll('input, select, textarea')].map((el) =>
      el.type === 'checkbox' || el.type === 'radio' ? el.checked : el.nodeName === 'SELECT' ? el.selectedIndex : el.value);
  const wrong = [];
  htmls.forEach((html, i) => {
    // What a player did since the last render: typed into the fields, picked other options.
    const typed = 'input:not([type=checkbox]):not([type=radio]):not([type=range]):not([type=file]), textarea';
    for (const el of box.querySelectorAll(typed)) el.value = 'typed';
    for (const el of box.querySelectorAll('select')) el.selectedIndex = el.options.length - 1;
    pygamesMorph(box, html);
    const fresh = document.createElement('div');
    fresh.id = 'box';  // (the box itself is compared too)
    fresh.innerHTML = html;
    if (!box.isEqualNode(fresh)) wrong.push(`${i}: the nodes differ from innerHTML's`);
    else if (JSON.stringify(state(box)) !== JSON.stringify(state(fresh))) {
      wrong.push(`${i}: form values differ: ${JSON.stringify(state(box))}`);
    }
  });
  return wrong;
}"""


def renders() -> list[str]:
    out: list[str] = []
    for path in sorted(GOLDEN.glob("*.json.gz")):
        out += [screen["html"] for screen in json.loads(gzip.decompress(path.read_bytes()))]
    return out


def blank(page: Page) -> None:
    page.set_content('<!doctype html><body><div id="box"></div></body>')
    page.evaluate(f"{MORPH_JS.read_text(encoding='utf-8')}\n;undefined")


def test_a_morph_builds_what_inner_html_builds(page: Page) -> None:
    htmls = renders()
    assert len(htmls) > 250
    blank(page)
    assert page.evaluate(WALK, htmls) == []
    # From any screen to any other (a new game, a reload's first render): a sample of unrelated pairs.
    shuffled = random.Random(1).sample(htmls, 100)
    assert page.evaluate(WALK, shuffled) == []


def test_what_stays_is_the_same_element_and_keeps_the_focus(page: Page) -> None:
    blank(page)
    kept = page.evaluate("""() => {
      const box = document.getElementById('box');
      pygamesMorph(box, '<p id="a">1</p><ul><li data-move="x">x</li><li data-move="y">y</li></ul><button id="b">Go</button>');
      const [b, y] = [box.querySelector('#b'), box.querySelector('[data-move=y]')];
      b.focus();
      pygamesMorph(box, '<p id="a" class="new">2</p><ul><li data-move="y">y</li><li data-move="z">z</li></ul>'
                        + '<button id="b">Go on</button>');
      return {button: box.querySelector('#b') === b, focused: document.activeElement === b,
              moved: box.querySelector('[data-move=y]') === y, html: box.innerHTML};
    }""")
    assert kept == {"button": True, "focused": True, "moved": True,
                    "html": '<p id="a" class="new">2</p><ul><li data-move="y">y</li><li data-move="z">z</li></ul>'
                            '<button id="b">Go on</button>'}


def test_a_details_the_player_opened_stays_open(page: Page) -> None:
    # The one state morph keeps that innerHTML would not: a folded box the player opened (the
    # lobby's STUN setting, a notice's details) must not snap shut when a guest connects.
    blank(page)
    states = page.evaluate("""() => {
      const box = document.getElementById('box');
      const draw = (text) => pygamesMorph(box, `<details id="d"><summary>More</summary><p>${text}</p></details>`);
      draw('1');
      const d = box.querySelector('#d');
      const seen = [d.open];
      d.open = true;
      draw('2');
      seen.push(d.open, box.querySelector('#d') === d, d.textContent);
      d.open = false;
      draw('3');
      seen.push(d.open);
      pygamesMorph(box, '<details id="d" open><summary>More</summary><p>4</p></details>');
      seen.push(d.open);
      return seen;
    }""")
    assert states == [False, True, True, "More2", False, True]

"""Moves you can follow, as the tables mark them up: what slides where (``data-move``,
``data-move-from``) and what the newest move of somebody else touched (``.last-move``).

The sliding itself is pygames_ui/motion.py's (Chromium: tests/e2e/test_motion.py).
"""

from __future__ import annotations

import random
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.session import MemoryStorage

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")


class Marks(HTMLParser):
    """Every element's attributes, in document order."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[dict[str, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append({"tag": tag, **{k: v or "" for k, v in attrs}})

    def lit(self) -> list[dict[str, str]]:
        return [e for e in self.elements if "last-move" in e.get("class", "").split()]

    def moving(self) -> dict[str, dict[str, str]]:
        keys = Counter(e["data-move"] for e in self.elements if "data-move" in e)
        assert all(n == 1 for n in keys.values()), [k for k, n in keys.items() if n > 1]
        return {e["data-move"]: e for e in self.elements if "data-move" in e}


def start(game: str, first: str = "0", seed: int = 3) -> App:
    a = App(CATALOGUES, "en", MemoryStorage(), seed=seed)
    a.boot()
    a.click({"action": "setup", "game": game}, {})
    values = {"seat_kind_0": "human", "seat_kind_1": "random"}
    values["opt_dealer" if game == "zoomagia" else "opt_first_player"] = first
    a.click({"action": "start"}, values)
    assert a.session is not None
    return a


def until_human(a: App) -> None:
    """Let the bot play (and dismiss summaries) until the human decides."""
    s = a.session
    for _ in range(500):
        if s.game.is_over(s.state) or (a.interlude() is None and not a.bots_pending()):
            return
        if a.interlude() is not None:
            a.click({"action": "dismiss"}, {})
        else:
            a.step_bot()
    raise AssertionError("the bot never stopped")


def table(a: App) -> Marks:
    html = a.render()
    return Marks(html[html.index('<main class="table-screen"'):html.index('<div class="table-side">')])


def test_klats_a_bot_card_is_lit_and_slides_from_its_hand() -> None:
    a = start("klats", first="1")  # the bot plays first
    until_human(a)
    play = next(e for e in reversed(a.session.state.data["log"]) if e["e"] == "play")
    marks = table(a)
    lit = marks.lit()
    assert len(lit) == 1 and "pile" in lit[0]["class"]
    top = marks.moving()[lit[0]["data-move"]]
    assert top["data-move-from"].split() == [f"kh-1-{play['card']}-0", "kseat-1"]
    assert "kseat-1" in marks.moving()
    # The player's own cards are keyed one by one (two 7s are two keys).
    hand = a.ctx().view["hand"]
    assert {k for k in marks.moving() if k.startswith("kh-0-")} == {
        f"kh-0-{c}-{hand[:i].count(c)}" for i, c in enumerate(hand)}


def test_klats_my_own_card_comes_from_my_hand_and_is_not_lit() -> None:
    a = start("klats", first="0")
    ctx = a.ctx()
    action = ctx.legal[0]
    a.click({"action": "select", "card": str(action["card"])}, {})
    a.click({"action": "play", "target": str(action["target"]),
             "pile": "null" if action["pile"] is None else str(action["pile"])}, {})
    assert a.bots_pending()
    marks = table(a)  # before the bot answers
    assert marks.lit() == []
    landed = [e for e in marks.moving().values() if e.get("data-move-from", "").startswith(f"kh-0-{action['card']}-0")]
    assert len(landed) == 1


def test_zoomagia_a_bots_push_lights_its_line_and_every_card_has_one_place() -> None:
    a = start("zoomagia", first="1")  # the bot deals and pushes first
    until_human(a)
    push = a.ctx().view["last_push"]
    assert not a.session.seats[push["p"]].is_human
    marks = table(a)
    lit = marks.lit()
    assert len(lit) == 3 and all("zm-cell" in e["class"] for e in lit)
    cells = {c for e in lit for c in e["class"].split() if c[0] == "c" and c[1:].isdigit()}
    axis = 1 if push["line"] == "row" else 2
    assert {int(c[axis]) for c in cells} == {push["index"]}
    moving = marks.moving()  # no card is keyed twice
    field = [c for row in a.ctx().view["field"] for c in row if c]
    assert all(f"z-{c}" in moving for c in field)
    assert f"z-{a.ctx().view['drawn']}" in moving  # the drawn card slides into the field


def test_zoomagia_my_push_is_not_lit() -> None:
    a = start("zoomagia", first="0")
    ctx = a.ctx()
    push = next(x for x in ctx.legal if x["type"] == "push")
    a.play(push)
    assert table(a).lit() == []


RPS_DECISIONS = ("choose_trophy", "defend", "drop_trophy", "block", "dump", "pass")


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_rps_the_newest_decision_of_a_bot_lights_its_seat_and_trophies_come_from_the_table(seed: int) -> None:
    rng = random.Random(seed)
    a = start("rps_zombie", first="1", seed=seed)
    s = a.session
    seen_lit = seen_trophies = 0
    for _ in range(2000):
        if s.game.is_over(s.state):
            break
        newest = next((e for e in reversed(s.state.data["log"]) if e["e"] in RPS_DECISIONS and not e.get("auto")), None)
        marks = table(a)
        lit = marks.lit()
        if newest is not None and newest["seat"] == 1:  # the bot's: its spot and its seat, until the next decision
            assert {(e["tag"], e["data-seat"]) for e in lit} == {("div", "1"), ("section", "1")}
            seen_lit += 1
        else:
            assert lit == []
        for key, e in marks.moving().items():
            if key.startswith("rz-tr-"):
                assert e["data-move-from"] == f"rz-rev-{key.split('-')[2]}"
                seen_trophies += 1
        if a.interlude() is not None:
            a.click({"action": "dismiss"}, {})
        elif a.bots_pending():
            a.step_bot()
        else:
            a.play(rng.choice(a.ctx().legal))
    assert seen_lit and seen_trophies


@pytest.mark.parametrize("game", ["klats", "zoomagia", "rps_zombie"])
def test_no_key_is_shown_twice_through_a_whole_game(game: str) -> None:
    rng = random.Random(11)
    a = start(game, first="1")
    s = a.session
    for _ in range(3000):
        if s.game.is_over(s.state):
            break
        table(a).moving()  # asserts the keys are unique
        if a.interlude() is not None:
            a.click({"action": "dismiss"}, {})
        elif a.bots_pending():
            a.step_bot()
        else:
            a.play(rng.choice(a.ctx().legal))
    assert s.game.is_over(s.state)


@pytest.mark.parametrize("game", ["klats", "zoomagia", "rps_zombie"])
def test_the_page_measures_only_when_something_can_slide(game: str) -> None:
    """motion.signature tells the page whether a render can move a card: a menu opened or closed,
    the results shown again, do not (nothing measured); a move does."""
    from pygames_ui import motion

    a = start(game, seed=5)
    until_human(a)
    while not motion.signature(a.render()):  # (RPS: no card out before the trophies are chosen)
        a.play(a.ctx().legal[0])  # type: ignore[union-attr]
        until_human(a)
    marks = motion.signature(a.render())
    for quiet in ({"action": "menu"}, {"action": "menu"}, {"action": "show-results"}):
        a.click(quiet, {})
        assert motion.signature(a.render()) == marks, quiet
    ctx = a.ctx()
    assert ctx is not None and ctx.my_turn
    a.play(ctx.legal[0])
    until_human(a)
    assert motion.signature(a.render()) != marks

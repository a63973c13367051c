"""Зоомагия's table on plain CPython: the app driven by the controls it renders.

Every click below is made with the ``data-*`` attributes of a button found in the
rendered HTML (as the browser's one click listener would send them), so these
tests check both that each decision can be made by clicking and that only legal
controls are offered.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from pygames_core import bots, games
from pygames_core.record import new_record
from pygames_core.zoomagia import rules
from pygames_ui import saves
from pygames_ui.app import App
from pygames_ui.art import PICTURES
from pygames_ui.dom import esc
from pygames_ui.i18n import I18n, merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import MemoryStorage, Seat, Session
from pygames_ui.tables import TABLES, Ctx
from pygames_ui.tables.zoomagia import ZoomagiaTable

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = merge_catalogues(ROOT / "web" / "i18n")
CSS = (ROOT / "web" / "pygames_ui" / "tables" / "zoomagia.css").read_text(encoding="utf-8")
GAME = games.get("zoomagia")
GAME_ACTIONS = {"push", "take", "zm-place", "zm-empty", "zm-cell", "zm-reset", "refill", "discard", "bank", "end-turn"}
EVENT_TYPES = {"game_start", "turn_start", "push", "take_card", "take_animal", "refill", "discard", "bank",
               "turn_end", "game_end"}


class Controls(HTMLParser):
    """Every ``<button data-action>`` of a render: its data attributes and whether it is enabled."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.buttons: list[tuple[dict[str, str], bool, str]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button" and "data-action" in a:
            data = {k[5:]: v or "" for k, v in a.items() if k.startswith("data-")}
            self.buttons.append((data, "disabled" not in a, a.get("class") or ""))

    def enabled(self, action: str | None = None) -> list[dict[str, str]]:
        return [d for d, on, _ in self.buttons if on and (action is None or d["action"] == action)]

    def game(self) -> list[dict[str, str]]:
        return [d for d, on, _ in self.buttons if on and d["action"] in GAME_ACTIONS]


def make_app(storage: MemoryStorage | None = None, lang: str = "en") -> App:
    a = App(CATALOGUES, lang, storage or MemoryStorage())
    a.boot()
    return a


def click(a: App, data: dict[str, str], values: dict[str, str] | None = None) -> None:
    a.click(dict(data), values or {})


def start(a: App, values: dict[str, str]) -> Session:
    click(a, {"action": "setup", "game": "zoomagia"})
    click(a, {"action": "start"}, {"confirm_moves": "off", **values})  # moves count at once (confirming: test_confirm)
    assert a.session is not None and a.screen == "table"
    return a.session


def visible_keys(html: str) -> list[str]:
    """Catalogue keys that leaked into the page (a missing string shows as its key)."""
    return re.findall(r"\b(?:log\.)?zm\.[a-z_]+(?:\.[a-z_]+)*", re.sub(r'class="[^"]*"', "", html))


def seated(players: int, seed: int, deck: list[str] | None = None, options: dict[str, Any] | None = None,
           names: list[str] | None = None, kinds: list[str] | None = None) -> tuple[App, Session]:
    """An app at the table with a game made directly (for a fixed deck)."""
    a = make_app()
    opts = {"columns": True, **(options or {})}
    state = GAME.new_game(players=players, seed=seed, deck=deck, options=opts)
    seat_names = names or [f"P{i + 1}" for i in range(players)]
    seat_kinds = kinds or ["human"] + ["greedy"] * (players - 1)
    seats = [Seat(n, k) for n, k in zip(seat_names, seat_kinds)]
    record = new_record("zoomagia", players, seed, opts, deck)
    a.session = Session(GAME, seats, state, record, {"confirm": "off"})
    a.screen = "table"
    a.viewer = 0
    return a, a.session


# ------------------------------------------------------------------ new game
def test_table_is_registered_with_rules_in_both_languages() -> None:
    assert TABLES["zoomagia"] is ZoomagiaTable
    for lang, cat in CATALOGUES.items():
        rules_text = cat["rules.zoomagia"]
        assert isinstance(rules_text, list) and len(rules_text) > 30
        headings = [p for p in rules_text if p.startswith("## ")]
        assert len(headings) >= 6, lang
        # The last section tells each choice that changes play (every choice: docs/rules/zoomagia.md).
        last = rules_text.index(headings[-1])
        assert sum(1 for p in rules_text[last:] if p.startswith("- ")) >= 6, lang
        for animal in rules.ANIMALS:
            assert cat[f"zm.animal.{animal}"] and cat[f"zm.animal_of.{animal}"]
        for part in rules.PARTS:
            assert cat[f"zm.part.{part}"]
    assert set(rules.ANIMALS) <= set(PICTURES)
    t = I18n(CATALOGUES, "ru")
    assert t.plural("zm.points", 1) == "1 очко" and t.plural("zm.points", 2) == "2 очка" and t.plural("zm.points", 5) == "5 очков"
    assert t("zm.card", name=t("zm.animal_of.walrus"), value=t("zm.part.tail")) == "хвост моржа"


def test_options_form_and_reading() -> None:
    table = ZoomagiaTable()
    t = I18n(CATALOGUES, "en")
    form = table.options_form(t, {"columns": True}, ["A", "B", "C"])
    assert 'name="opt_columns"' in form and '<option value="true" selected>' in form
    assert 'name="opt_dealer"' in form and ">C</option>" in form
    assert '<option value="false" selected>' in table.options_form(t, {"columns": False}, ["A", "B", "C"])
    assert table.read_options({"opt_columns": "false"}, 2) == {"columns": False, "dealer": 0}
    assert table.read_options({"opt_columns": "true", "opt_dealer": "1"}, 2) == {"columns": True, "dealer": 1}
    # The app re-reads options from str(value) when a seat is removed.
    assert table.read_options({"opt_columns": "False", "opt_dealer": "2"}, 2) == {"columns": False, "dealer": 0}
    assert table.read_options({"opt_columns": "garbage"}, 2) == {"columns": True, "dealer": 0}
    assert table.read_options({}, 2) == {"columns": True, "dealer": 0}

    a = make_app()
    click(a, {"action": "setup", "game": "zoomagia"})
    assert a.form.options == {"columns": True, "dealer": 0}
    assert 'name="opt_columns"' in a.render()
    for _ in range(4):
        click(a, {"action": "add-seat"}, {"opt_columns": "false"})
    assert len(a.form.seats) == 6
    click(a, {"action": "add-seat"})
    assert len(a.form.seats) == 6, "at most 6 players"
    click(a, {"action": "remove-seat", "seat": "5"})
    assert a.form.options == {"columns": False, "dealer": 0}
    click(a, {"action": "start"})
    assert a.session.state.data["options"] == {"columns": False, "dealer": 0}
    assert a.session.state.data["players"] == 5


def test_rows_only_shows_six_arrows() -> None:
    a = make_app()
    s = start(a, {"opt_columns": "false"})
    html = a.render()
    arrows = Controls(html).enabled("push")
    assert len(arrows) == 6 and {d["line"] for d in arrows} == {"row"}
    assert "pu-col-" not in html
    assert s.state.data["options"]["columns"] is False


# ------------------------------------------------------------ the field
def test_push_phase_controls_and_previews() -> None:
    a = make_app()
    s = start(a, {})
    ctx = a.ctx()
    assert ctx.my_turn and ctx.view["phase"] == "push"
    html = a.render()
    c = Controls(html)
    legal = {(x["line"], x["index"], x["from"]) for x in ctx.legal}
    arrows = c.enabled("push")
    assert {(d["line"], int(d["index"]), d["from"]) for d in arrows} == legal and len(legal) == 12
    # Only arrows are clickable in this phase (plus the app's own navigation).
    assert {d["action"] for d in c.game()} == {"push"}
    # One hidden note per push, the drawn card shown as a ghost on the 8 edge cells, and the CSS knows every push.
    for line, index, side in legal:
        assert f'class="pv pv-{line}-{index}-{side}"' in html
        assert f"pu-{line}-{index}-{side}:enabled" in CSS
    assert html.count('class="zghost"') == 8
    assert 'class="pv pv-none"' in html and 'id="drawn"' in html
    # Each arrow's long name said once (its title, the same words, was read as its description too).
    assert not re.search(r'<button[^>]*data-action="push"[^>]*\btitle=', html)
    # An arrow that makes a new animal says so.
    drawn = ctx.view["drawn"]
    for d in arrows:
        after = [list(r) for r in ctx.view["field"]]
        rules.push(after, d["line"], int(d["index"]), d["from"], drawn)
        makes = bool(rules.new_animal_rows(ctx.view["field"], after))
        assert (d.get("new") == "true") == makes
    before = s.game.to_json(s.state)
    click(a, arrows[0])
    assert s.game.to_json(s.state) != before
    assert s.record["actions"][0] == {"type": "push", "line": arrows[0]["line"], "index": int(arrows[0]["index"]),
                                      "from": arrows[0]["from"]}


def test_a_finger_s_first_tap_on_an_arrow_says_the_second_pushes() -> None:
    a = make_app()
    s = start(a, {})
    en = CATALOGUES["en"]
    first, second = Controls(a.render()).enabled("push")[:2]
    assert esc(en["zm.prompt.push"]) in a.render()
    click(a, {**first, "pointer": "touch"})  # the preview of the push, not the push
    html = a.render()
    assert not s.record["actions"] and esc(en["zm.prompt.armed"]) in html
    note = html[html.index(f'class="pv pv-{first["line"]}-{first["index"]}-{first["from"]}"'):]
    assert note.index(esc(en["zm.pv.again"])) < note.index("</p>")  # said in the tapped arrow's note only
    assert html.count(esc(en["zm.pv.again"])) == 1
    # The board names the armed push: a touch screen's CSS shows it with plain attribute selectors.
    key = f'{first["line"]}-{first["index"]}-{first["from"]}'
    assert f'<div class="zm-board" data-armed="{key}">' in html
    assert f'.zm-board[data-armed="{key}"] .pv-{key} {{ display: block; }}' in CSS
    click(a, {**second, "pointer": "touch"})  # another arrow: its preview
    html = a.render()
    assert not s.record["actions"] and html.count(esc(en["zm.pv.again"])) == 1
    said = html.index(esc(en["zm.pv.again"]))
    assert html.startswith(f'class="pv pv-{second["line"]}-{second["index"]}-{second["from"]}"',
                           html.rindex('class="pv pv-', 0, said))
    click(a, {**second, "pointer": "touch"})
    assert len(s.record["actions"]) == 1 and esc(en["zm.prompt.armed"]) not in a.render()


def test_illegal_clicks_change_nothing() -> None:
    a = make_app()
    s = start(a, {"opt_columns": "false"})
    before = s.game.to_json(s.state)
    for data in (
        {"action": "push", "line": "col", "index": "0", "from": "top"},  # columns are off
        {"action": "push", "line": "row", "index": "7", "from": "left"},
        {"action": "take", "what": "card"},
        {"action": "bank", "cards": "sheep:head,sheep:body,sheep:tail"},
        {"action": "discard", "card": "sheep:head"},
        {"action": "end-turn"},
        {"action": "refill"},
        {"action": "zm-place", "card": "sheep:head"},
    ):
        click(a, data)
        assert s.game.to_json(s.state) == before
        assert a.flash == a.t("flash.illegal"), data


# ------------------------------------------------------------- whole games
def play_by_clicking(a: App, seen: dict[str, int], max_clicks: int = 4000) -> None:
    """Play the human seats by clicking rendered controls, the bots by the app, to the end."""
    s = a.session
    storage = a.storage
    turn_i = 0
    for _ in range(max_clicks):
        if s.game.is_over(s.state):
            return
        if a.bots_pending():
            a.step_bot()
            continue
        if a.pass_to() is not None:
            html = a.render()
            assert "pass-screen" in html and 'id="decide"' not in html
            click(a, Controls(html).enabled("show-hand")[0])
            continue
        ctx = a.ctx()
        assert ctx is not None and ctx.my_turn
        phase = ctx.view["phase"]
        seen[phase] = seen.get(phase, 0) + 1
        html = a.render()
        assert not visible_keys(html), visible_keys(html)[:5]
        c = Controls(html)
        kinds = {d["action"] for d in c.game()}
        if phase == "push":
            assert kinds == {"push"}
            arrows = c.enabled("push")
            assert len(arrows) == len(ctx.legal)
            makes = [d for d in arrows if d.get("new") == "true"]
            turn_i += 1
            click(a, makes[0] if makes else arrows[turn_i % len(arrows)])
        elif phase == "take":
            rows = [d for d in c.enabled("take") if d["what"] == "animal"]
            assert {int(d["row"]) for d in rows} == {x["row"] for x in ctx.legal if x["what"] == "animal"}
            assert any(d["what"] == "card" for d in c.enabled("take"))
            # Mostly take the animal (to reach refills), sometimes the card.
            click(a, rows[0] if seen[phase] % 3 else [d for d in c.enabled("take") if d["what"] == "card"][0])
        elif phase == "refill":
            cards = ctx.view["refill"]["cards"]
            assert {d["card"] for d in c.enabled("zm-place")} == set(cards)
            assert not c.enabled("refill"), "confirm waits until every card is placed"
            if seen[phase] % 2 == 0:
                # Place one, take it back by clicking its cell, and start over.
                click(a, c.enabled("zm-place")[-1])
                placed = [d for d in Controls(a.render()).enabled("zm-cell")]
                click(a, placed[0])
                click(a, {"action": "zm-reset"})
            while True:
                c = Controls(a.render())
                if c.enabled("zm-place"):
                    click(a, c.enabled("zm-place")[-1])
                elif c.enabled("zm-empty"):
                    click(a, c.enabled("zm-empty")[0])
                else:
                    break
            confirm = Controls(a.render()).enabled("refill")
            assert len(confirm) == 1
            n = len(s.record["actions"])
            click(a, confirm[0])
            assert s.record["actions"][n]["type"] == "refill"
        elif phase == "discard":
            legal = {x["card"] for x in ctx.legal}
            offered = {d["card"] for d in c.enabled("discard")}
            assert offered == legal
            click(a, c.enabled("discard")[0])
        elif phase == "bank":
            banks = c.enabled("bank")
            legal = [x["cards"] for x in ctx.legal if x["type"] == "bank"]
            assert sorted(d["cards"].split(",") for d in banks) == sorted(legal)
            assert len(c.enabled("end-turn")) == 1
            click(a, banks[0] if seen[phase] % 4 else c.enabled("end-turn")[0])
        assert a.flash is None, a.flash
        # Every move is saved; a reload gives the same game.
        saved = saves.read(storage.getItem(SAVE_KEY))
        assert s.game.to_json(saved.state) == s.game.to_json(s.state)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_whole_games_against_a_bot_by_clicking(lang: str) -> None:
    seen: dict[str, int] = {}
    for seed in range(1, 12):
        a, s = seated(2, seed=seed, names=["Ann", "Bot"])
        a.t.lang = lang
        play_by_clicking(a, seen)
        if set(seen) == {"push", "take", "refill", "discard", "bank"}:
            break
    assert set(seen) == {"push", "take", "refill", "discard", "bank"}, seen
    html = a.render()
    assert 'id="game-over"' in html and "zm-final" in html
    assert not visible_keys(html)
    ctx = a.ctx()
    v = ctx.view
    for seat in range(2):
        assert f'data-seat="{seat}"' in html
        pl = v["players"][seat]
        assert v["scores"][seat] == pl["banked_points"] - pl["penalty_count"]
    # The record replays to the same end.
    rec = s.record
    replay = GAME.new_game(rec["players"], seed=rec["seed"], options=rec["options"])
    for action in rec["actions"]:
        replay = GAME.apply(replay, action)
    assert GAME.to_json(replay) == GAME.to_json(s.state)
    # Play again starts a fresh game at once.
    click(a, {"action": "again"})
    assert not a.session.game.is_over(a.session.state) and a.screen == "table"


def test_six_players_with_two_humans_pass_and_play() -> None:
    a = make_app()
    values = {}
    click(a, {"action": "setup", "game": "zoomagia"})
    for _ in range(4):
        click(a, {"action": "add-seat"})
    kinds = ["human", "greedy", "human", "random", "greedy", "random"]
    for i, k in enumerate(kinds):
        values[f"seat_name_{i}"] = f"N{i}"
        values[f"seat_kind_{i}"] = k
    values["confirm_moves"] = "off"  # each click counts at once (confirming: test_confirm)
    click(a, {"action": "start"}, values)
    s = a.session
    assert s.state.data["players"] == 6 and s.state.data["removed"] == []
    seen: dict[str, int] = {}
    play_by_clicking(a, seen)
    assert "push" in seen


def test_every_event_type_has_a_log_line_in_both_languages() -> None:
    found: dict[str, dict[str, Any]] = {}
    variants: set[tuple[str, bool]] = set()
    for seed in range(6):
        players = 2 + seed % 5
        state = GAME.new_game(players, seed=seed, options={"columns": seed % 3 != 2})
        bot = bots.get("random", seed=seed)
        while not GAME.is_over(state):
            state = GAME.apply(state, bot.choose(GAME, state))
        for e in state.data["log"]:
            found.setdefault(e["e"], e)
            if e["e"] == "take_card":
                variants.add(("take_card", e["auto"]))
            if e["e"] == "game_start":
                variants.add(("columns", e["columns"]))
    assert set(found) == EVENT_TYPES
    assert {("take_card", True), ("take_card", False), ("columns", True), ("columns", False)} <= variants
    table = ZoomagiaTable()
    for lang in ("en", "ru"):
        a, s = seated(2, seed=1, names=["<b>A</b>", "B & C"])
        a.t.lang = lang
        ctx = a.ctx()
        for e in found.values():
            e = {**e, **({"p": 1} if "p" in e else {})}
            if e["e"] == "game_end":
                e = {**e, "leftover": [["sheep:head"], []], "scores": [1, 2], "penalties": [1, 0], "winners": [1]}
            if e["e"] == "game_start":
                e = {**e, "players": 2, "dealer": 0}
            line = table.describe(e, ctx)
            assert line and not visible_keys(line), (lang, e["e"], line)
            assert "{" not in line, line
            if "p" in e:
                assert esc("B & C") in line
            assert "<b>A</b>" not in line


def test_names_are_escaped_everywhere() -> None:
    evil = '<img src=x onerror="alert(1)">'
    a = make_app()
    start(a, {"seat_name_0": evil, "seat_kind_0": "human", "seat_name_1": "Bot", "seat_kind_1": "greedy"})
    play_by_clicking(a, {})
    html = a.render()
    assert "<img" not in html and esc(evil) in html
    assert html.count(esc(evil)) >= 3  # seat panel, log, final table


# ------------------------------------------------------- a prepared deck
#: 2 players: seat 0 gets fox head + fox body, seat 1 two cards; the field's top row is
#: sheep body, sheep tail, rhino head; the drawn card is the sheep head; nothing is left to draw.
SHORT_DECK = [
    "fox:head", "wolf:head", "fox:body", "wolf:tail",
    "sheep:body", "sheep:tail", "rhino:head",
    "cat:tail", "dog:head", "cow:tail",
    "pig:body", "owl:tail", "lion:head",
    "sheep:head",
]


def test_short_refill_leaves_chosen_cells_empty_then_bank_and_end() -> None:
    a, s = seated(2, seed=5, deck=list(SHORT_DECK), names=["Ann", "Bob"], kinds=["human", "human"])
    a.viewer = 0
    ctx = a.ctx()
    assert ctx.view["deck_size"] == 0 and ctx.view["drawn"] == "sheep:head"
    arrows = Controls(a.render()).enabled("push")
    row0 = [d for d in arrows if (d["line"], d["index"], d["from"]) == ("row", "0", "left")][0]
    assert row0.get("new") == "true"
    click(a, row0)
    assert s.state.data["phase"] == "take"
    html = a.render()
    assert "zm-takerow" in html and 'id="pushed-out"' in html
    take = [d for d in Controls(html).enabled("take") if d["what"] == "animal"]
    assert [d["row"] for d in take] == ["0", "0"]  # on the field and in the decision panel
    click(a, take[0])
    assert s.state.data["phase"] == "refill"
    html = a.render()
    c = Controls(html)
    assert [d["card"] for d in c.enabled("zm-place")] == ["rhino:head"]
    assert c.enabled("zm-empty") and not c.enabled("refill")
    assert "this is the last turn" in html
    # Leave the left cell empty, put the rhino head in the middle; the right cell is left over.
    click(a, c.enabled("zm-empty")[0])
    click(a, {"action": "zm-place", "card": "rhino:head"})
    c = Controls(a.render())
    assert not c.enabled("zm-empty") and len(c.enabled("refill")) == 1
    # Take the rhino head back (its cell opens again and gets the next card), then put it back.
    click(a, {"action": "zm-cell", "cell": "1"})
    assert Controls(a.render()).enabled("zm-place")
    click(a, {"action": "zm-cell", "cell": "7"})
    assert a.flash == a.t("flash.illegal")
    click(a, {"action": "zm-cell", "cell": "2"})  # the right cell first
    click(a, {"action": "zm-place", "card": "rhino:head"})
    click(a, Controls(a.render()).enabled("refill")[0])
    assert s.record["actions"][-1] == {"type": "refill", "cells": [None, None, "rhino:head"]}
    # The sheep joins fox head and body: banking offers every head × body × tail.
    assert s.state.data["phase"] == "bank"
    banks = Controls(a.render()).enabled("bank")
    assert len(banks) == 4
    click(a, [d for d in banks if d["cards"] == "sheep:head,sheep:body,sheep:tail"][0])
    assert s.game.is_over(s.state)
    v = a.ctx().view
    assert v["scores"] == [5 - 2, -2] and v["winners"] == [0]
    html = a.render()
    assert "Ann wins" in html and "zm-win" in html
    log = "".join(ZoomagiaTable().describe(e, a.ctx()) or "" for e in v["log"])
    assert "refilled row 1" in log and "banked" in log and "leftover cards" in log


def test_tie_on_points_is_explained() -> None:
    a, s = seated(2, seed=5, deck=list(SHORT_DECK), names=["Ann", "Bob"], kinds=["human", "human"])
    click(a, {"action": "push", "line": "row", "index": "2", "from": "right"})
    # No new animal there: the pig body falls out to Ann, and the game ends (2 + 1 vs 2 penalties).
    assert s.game.is_over(s.state)
    v = a.ctx().view
    assert v["scores"] == [-3, -2] and v["winners"] == [1]
    table = ZoomagiaTable()
    ctx = a.ctx()
    ctx = Ctx(ctx.t, replace(ctx.frame, view={**v, "scores": [-2, -2], "winners": [1]}))
    assert "fewer penalty cards wins" in table.game_over(ctx)
    ctx = Ctx(ctx.t, replace(ctx.frame, view={**v, "scores": [-2, -2], "winners": [0, 1]}))
    assert "shared" in table.game_over(ctx)


def test_discard_offers_only_the_overflowing_part() -> None:
    # Seat 0 holds two heads; a head falls out to him: a discard among the three heads.
    deck = ["fox:head", "wolf:head", "cat:head", "wolf:tail",
            "sheep:body", "sheep:tail", "rhino:head",
            "cat:tail", "dog:head", "cow:tail",
            "pig:body", "owl:tail", "lion:head",
            "hare:tail", "monkey:body"]
    a, s = seated(2, seed=5, deck=deck, names=["Ann", "Bob"], kinds=["human", "greedy"])
    click(a, {"action": "push", "line": "row", "index": "0", "from": "left"})
    assert s.state.data["phase"] == "discard"
    html = a.render()
    offered = {d["card"] for d in Controls(html).enabled("discard")}
    assert offered == {"fox:head", "cat:head", "rhino:head"}
    assert "Too many heads" in html and "zm-row over" in html
    click(a, {"action": "discard", "card": "sheep:body"})  # not offered
    assert a.flash and s.state.data["phase"] == "discard"
    click(a, {"action": "discard", "card": "rhino:head"})
    assert s.state.data["seats"][0]["penalty"] == ["rhino:head"]


def test_save_and_reload_resume_the_table() -> None:
    storage = MemoryStorage()
    a = make_app(storage)
    s = start(a, {})
    click(a, Controls(a.render()).enabled("push")[0])
    while a.bots_pending():
        a.step_bot()
    before = a.render()
    b = make_app(storage)
    assert b.screen == "table" and b.session is not None
    assert GAME.to_json(b.session.state) == GAME.to_json(s.state)
    assert b.render() == before
    body = json.loads(storage.getItem(SAVE_KEY))
    assert body["game"] == "zoomagia"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hint_names_every_kind_of_move_in_words(lang: str) -> None:
    """A hint says the move ("bank the cow's head, …"), never only "the lit move"."""
    a, s = seated(2, seed=5, kinds=["human", "human"])
    a.t = I18n(CATALOGUES, lang)
    table, bot, said = ZoomagiaTable(), bots.get("random", seed=5), set()
    while not GAME.is_over(s.state):
        ctx = a.ctx()
        assert ctx is not None
        for action in ctx.legal:
            words = table.action_words(action, ctx)
            assert words and "zm." not in words and "assist." not in words, action
            said.add(action["type"])
        s.apply(bot.choose(GAME, s.state))
    assert {"push", "take", "refill", "bank", "end_turn"} <= said


def test_since_your_turn_says_what_the_bots_did_where_you_push_next() -> None:
    """On a phone the move log is screens below the field, and the last push line went with the
    bots' turns: where the player pushes next, what the others did since his turn (not at his
    first turn, nor his own moves)."""
    a = App(CATALOGUES, "en", MemoryStorage(), seed=3)
    a.boot()
    a.click({"action": "setup", "game": "zoomagia"}, {})
    a.click({"action": "add-seat"}, {})
    a.click({"action": "start"}, {"seat_kind_1": "easy", "seat_kind_2": "easy", "seat_name_1": "Ann", "seat_name_2": "Bo",
                                  "opt_dealer": "0"})
    s = a.session
    assert s is not None
    while a.bots_pending():
        a.step_bot()
    assert 'class="zm-since"' not in a.render()  # the first turn: nothing since
    while True:  # the player's turn, then the bots'
        ctx = a.ctx()
        assert ctx is not None
        if not ctx.my_turn:
            break
        a.play(ctx.legal[0])
    while a.bots_pending():
        a.step_bot()
    html = a.render()
    since = html[html.index('class="zm-since"'):]
    since = since[:since.index("</section>")]
    assert "Ann pushed" in since and "Bo pushed" in since and "You " not in since and "drew" not in since

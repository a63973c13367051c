"""Confirm moves: in pass-and-play a move waits for a second tap; nothing hidden shows before it."""

from __future__ import annotations

from pathlib import Path

from apptools import click

from pygames_ui import saves
from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import MemoryStorage

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")


def klats(kinds: tuple[str, str], confirm: str | None = None, storage: MemoryStorage | None = None) -> App:
    a = App(CATALOGUES, "en", storage or MemoryStorage(), seed=4)
    a.boot()
    click(a, "setup", game="klats")
    values = {"seat_kind_0": kinds[0], "seat_kind_1": kinds[1], "opt_first_player": "0"}
    if confirm is not None:
        values["confirm_moves"] = confirm
    click(a, "start", values)
    if a.pass_to() is not None:
        click(a, "show-hand")
    return a


def choose(a: App) -> dict:
    """Pick the first card and a place for it, as a person does; the move that makes."""
    ctx = a.ctx()
    assert ctx is not None
    card = ctx.view["hand"][0]
    click(a, "select", card=card)
    move = next(x for x in ctx.legal if x["card"] == card)
    click(a, "play", target=move["target"], pile="null" if move["pile"] is None else move["pile"])
    return move


def test_pass_and_play_waits_for_the_second_tap_and_hides_nothing_new() -> None:
    a = klats(("human", "human"))
    s = a.session
    assert s is not None and a.confirming()
    state, moves = s.state, len(s.record["actions"])
    move = choose(a)
    assert a.pending == move and s.state is state and len(s.record["actions"]) == moves  # not played
    html = a.render()
    assert 'id="confirm-bar"' in html and "pass-screen" not in html  # the device is not handed on
    assert a.pending_selector() is not None
    click(a, "play", target=move["target"], pile="null" if move["pile"] is None else move["pile"], pending="1")
    assert a.pending is None and len(s.record["actions"]) == moves + 1 and s.record["actions"][-1] == move
    assert a.pass_to() == 1  # now the device goes to the next player


def test_anything_else_takes_the_move_back() -> None:
    a = klats(("human", "human"))
    s = a.session
    assert s is not None
    state = s.state
    choose(a)
    click(a, "select", card=a.ctx().view["hand"][1])  # another card
    assert a.pending is None and s.state is state
    move = choose(a)
    click(a, "cancel-move")
    assert a.pending is None and s.state is state and 'id="confirm-bar"' not in a.render()
    # The card stays chosen: its places are still lit, and another tap on one asks again.
    click(a, "play", target=move["target"], pile="null" if move["pile"] is None else move["pile"])
    assert a.pending == move
    click(a, "confirm-move")  # "Play it"
    assert s.record["actions"][-1] == move


def test_against_bots_a_move_is_played_at_once_unless_asked() -> None:
    a = klats(("human", "medium"))
    s = a.session
    assert s is not None and not a.confirming()
    moves = len(s.record["actions"])
    choose(a)
    assert len(s.record["actions"]) == moves + 1
    b = klats(("human", "medium"), confirm="on")
    assert b.confirming()
    choose(b)
    assert b.pending is not None
    c = klats(("human", "human"), confirm="off")
    assert not c.confirming()


def test_the_choice_is_kept_with_the_game_and_on_the_form() -> None:
    storage = MemoryStorage()
    a = klats(("human", "medium"), confirm="on", storage=storage)
    assert saves.read(storage.getItem(SAVE_KEY)).ui["confirm"] == "on"
    click(a, "setup", game="klats")
    assert a.form is not None and a.form.confirm == "on"  # the form remembers it
    html = a.render()
    assert '<option value="on" selected>' in html
    # A tampered save's choice is dropped (the default then applies), nothing else lost.
    text = storage.getItem(SAVE_KEY).replace('"confirm": "on"', '"confirm": "<b>"')
    assert "confirm" not in saves.read(text).ui


def test_by_default_only_where_hands_are_hidden() -> None:
    """Passing the device at Зоомагия or RPS (every card face up, undo within the turn) asks for
    no second tap unless the form says so; at Клац! it does."""
    for game in ("zoomagia", "rps_zombie"):
        a = App(CATALOGUES, "en", MemoryStorage(), seed=4)
        a.boot()
        click(a, "setup", game=game)
        click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "human"})
        assert not a.confirming(), game
        a.session.ui["confirm"] = "on"
        assert a.confirming(), game
    assert klats(("human", "human")).confirming()

"""Confirm moves: in pass-and-play a move waits for a second tap; nothing hidden shows before it."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptools import click

from pygames_ui import saves
from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import MemoryStorage

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")


def klats(kinds: tuple[str, str], confirm: str | None = None, storage: MemoryStorage | None = None,
          lang: str = "en") -> App:
    a = App(CATALOGUES, lang, storage or MemoryStorage(), seed=4)
    a.boot()
    click(a, "setup", game="klats")
    values = {"seat_kind_0": kinds[0], "seat_kind_1": kinds[1], "opt_first_player": "0"}
    if confirm is not None:
        values["confirm_moves"] = confirm
    click(a, "start", values)
    if a.pass_to() is not None:
        click(a, "show-hand")
    return a


def two_people(game: str, values: dict[str, str] | None = None) -> App:
    """``game`` for two people passing one device, the first of them holding it."""
    a = App(CATALOGUES, "en", MemoryStorage(), seed=4)
    a.boot()
    click(a, "setup", game=game)
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "human", **(values or {})})
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
    # The card is drawn where it goes, once, as a picture (it is still in the hand, chosen)
    assert html.count('<span class="kghost" aria-hidden="true"><span class="kcard') == 1
    assert f'aria-label="{move["card"]}, ' in html.split('class="kghost"')[1][:200]
    click(a, "cancel-move")
    assert a.pending is None and 'class="kghost"' not in a.render()  # taken back: no longer drawn there
    click(a, "play", target=move["target"], pile="null" if move["pile"] is None else move["pile"])  # (still chosen)
    assert a.pending == move and 'class="kghost"' in a.render()
    click(a, "play", target=move["target"], pile="null" if move["pile"] is None else move["pile"], pending="1")
    assert a.pending is None and len(s.record["actions"]) == moves + 1 and s.record["actions"][-1] == move
    assert a.pass_to() == 1  # now the device goes to the next player


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_bar_speaks_of_enter_to_a_keyboard_not_to_a_finger(lang: str) -> None:
    """On a touch screen the bar says "tap it again" (CSS shows one of the two); what a screen
    reader is told names Enter, as a keyboard plays it."""
    a = klats(("human", "human"), lang=lang)
    choose(a)
    bar = a.render().split('id="confirm-bar"')[1].split("</p>")[0]
    how, touch = CATALOGUES[lang]["confirm.how"], CATALOGUES[lang]["confirm.how.touch"]
    assert f'<span class="on-hover">{how}</span><span class="on-touch">{touch}</span>' in bar
    assert "Enter" in how and "Enter" not in touch
    said = a.announcement()
    assert said is not None and how in said and touch not in said


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


def test_by_default_where_hands_are_hidden_every_move_and_face_up_the_one_that_ends_the_turn() -> None:
    """Passing the device at Зоомагия or RPS (every card face up, undo within the turn): the move
    that hands the device on (or ends the game) waits for a second tap, as it cannot be taken back;
    one within the turn is played at once. At Клац! every move waits."""
    from pygames_ui.tables.rps_zombie import choice_key

    a = two_people("rps_zombie", {"opt_first_player": "0"})
    s, ctx = a.session, a.ctx()
    assert s is not None and ctx is not None and ctx.my_turn
    trophy = ctx.legal[0]  # the starting trophy: then the other player's turn
    moves = len(s.record["actions"])
    click(a, "decide", choice=choice_key(trophy))
    assert a.pending == trophy and len(s.record["actions"]) == moves and 'id="confirm-bar"' in a.render()
    click(a, "confirm-move")
    assert len(s.record["actions"]) == moves + 1 and a.pending is None

    b = two_people("zoomagia")
    s, ctx = b.session, b.ctx()
    assert s is not None and ctx is not None and not b.confirming()
    for push in ctx.legal:
        after = s.game.apply(s.state, push)
        assert b.confirming(push) == (s.game.is_over(after) or after.current_player != s.state.current_player)
    for game in ("zoomagia", "rps_zombie"):  # the form's choice wins either way
        c = two_people(game, {"confirm_moves": "on"})
        assert c.confirming(), game
        c.session.ui["confirm"] = "off"  # type: ignore[union-attr]
        assert not c.confirming(c.ctx().legal[0] if c.ctx() and c.ctx().legal else None), game  # type: ignore[union-attr]
    assert klats(("human", "human")).confirming()


def test_a_push_a_finger_made_with_its_second_tap_asks_for_no_third() -> None:
    """Зоомагия on a touch screen: an arrow's first tap shows the push, the second makes it; with
    confirm moves on, that second tap is the confirmation (a mouse's click still waits)."""
    a = two_people("zoomagia", {"confirm_moves": "on"})
    s, ctx = a.session, a.ctx()
    assert s is not None and ctx is not None
    push = ctx.legal[0]
    where = {"line": push["line"], "index": push["index"], "from": push["from"]}
    moves = len(s.record["actions"])
    click(a, "push", **where, pointer="mouse")
    assert a.pending == push and len(s.record["actions"]) == moves
    click(a, "push", **where, pointer="touch")  # (any other click takes the waiting move back) the first tap: a preview
    assert a.pending is None and len(s.record["actions"]) == moves
    click(a, "push", **where, pointer="touch")  # the second: played
    assert a.pending is None and len(s.record["actions"]) == moves + 1


def test_behind_the_pass_screen_it_is_the_next_person_s_turn_not_his_thinking() -> None:
    a = klats(("human", "human"), confirm="off")
    s, ctx = a.session, a.ctx()
    assert s is not None and ctx is not None
    a.play(ctx.legal[0])
    assert a.pass_to() == 1
    html = a.render()
    name = s.seats[1].name
    assert CATALOGUES["en"]["table.turn_of"].format(name=name) in html.replace("&#x27;", "'")
    assert CATALOGUES["en"]["table.waiting_for"].format(name=name) not in html
    assert 'id="pass-screen"' in html and 'data-action="home"' in html[html.index('id="pass-screen"'):]


def test_while_a_move_waits_the_prompt_says_so_not_what_to_choose() -> None:
    """The prompt over the table asked to choose a card (a place, a push) when the move had been
    chosen and waited for its second tap: it says the move is shown, not yet played."""
    from pygames_ui.tables.rps_zombie import choice_key

    def prompt(a: App) -> str:
        html = a.render()
        start = html.index('id="prompt"')
        return html[html.index(">", start) + 1:html.index("</p>", start)]

    waits = "Your move is shown, not yet played: play it or take it back."
    a = klats(("human", "human"))
    before = prompt(a)
    choose(a)
    assert prompt(a) == waits != before
    click(a, "cancel-move")
    assert prompt(a) == "Now choose where to put it — the lit places are allowed."
    b = two_people("rps_zombie", {"opt_first_player": "0"})
    click(b, "decide", choice=choice_key(b.ctx().legal[0]))  # type: ignore[union-attr]
    assert prompt(b) == waits
    c = two_people("zoomagia", {"confirm_moves": "on"})
    push = c.ctx().legal[0]  # type: ignore[union-attr]
    click(c, "push", line=push["line"], index=push["index"], pointer="mouse", **{"from": push["from"]})
    assert c.pending == push and prompt(c) == waits


def test_a_refill_waits_as_placed_and_done_again_plays_it() -> None:
    """Зоомагия's refill with confirm moves on: the row stays as placed while it waits, "Done" is
    what is lit, and pressing it again plays the row (it had asked for the row afresh)."""
    import random

    a = two_people("zoomagia", {"confirm_moves": "on"})
    s, rng = a.session, random.Random(1)
    assert s is not None
    for _ in range(2000):
        ctx = a.ctx()
        assert ctx is not None and not s.game.is_over(s.state), "no refill came"
        refills = [x for x in ctx.legal if x["type"] == "refill"]
        if refills:
            break
        a.play(rng.choice(ctx.legal))
        if a.pass_to() is not None:
            click(a, "show-hand")
    row = refills[0]["cells"]
    for card in row:
        click(a, "zm-empty") if card is None else click(a, "zm-place", card=card)
    moves = len(s.record["actions"])
    click(a, "refill")
    assert a.pending == refills[0] and len(s.record["actions"]) == moves
    assert a.pending_selector() == '[data-action="refill"]'
    html = a.render()
    assert 'data-action="refill" disabled' not in html and 'data-action="zm-place"' not in html  # (placed, as it was)
    click(a, "refill", pending="1")
    assert a.pending is None and s.record["actions"][moves:] == refills[:1] and not a.flash


@pytest.mark.parametrize("game", ["zoomagia", "rps_zombie"])
def test_a_move_played_at_one_tap_can_be_undone_and_the_deal_does_not_decide(game: str) -> None:
    """Face-up games passing one device: a move that does not wait for its second tap can always
    be taken back; and whether it waits is judged from what the player sees, never from the
    face-down cards (RPS: who decides next hangs on the order of the draw pile; were the real
    deal asked, the bar's showing would tell it)."""
    import json
    import random

    from pygames_core.rng import Rng

    for seed in range(3):
        a = two_people(game)
        s, rng = a.session, random.Random(seed)
        assert s is not None
        for _ in range(400):
            if s.game.is_over(s.state):
                break
            ctx = a.ctx()
            assert ctx is not None
            seat, action = s.state.current_player, rng.choice(ctx.legal)
            assert seat is not None
            view, real = s.game.view(s.state, seat), s.state
            verdicts = {a.confirming(action)}
            for i in range(3):  # other deals behind the same view
                world = s.game.determinize(view, Rng.from_seed(100 + i))
                if json.dumps(s.game.view(world, seat), sort_keys=True) == json.dumps(view, sort_keys=True):
                    s.state = world
                    verdicts.add(a.confirming(action))
                    s.state = real
            assert len(verdicts) == 1, (action, "waits in one deal, not in another")
            a.play(action)
            if not verdicts.pop():
                check = a.undo_check()
                assert check is not None and check.upto is not None, (action, check)


def test_hint_takes_a_waiting_move_back() -> None:
    """Hint (the page asks for it apart from other clicks) left the bar saying "Play it" for a
    move no longer shown."""
    a = two_people("zoomagia", {"confirm_moves": "on"})
    push = a.ctx().legal[0]  # type: ignore[union-attr]
    click(a, "push", line=push["line"], index=push["index"], pointer="mouse", **{"from": push["from"]})
    assert a.pending == push
    a.hint_request()
    assert a.pending is None and 'id="confirm-bar"' not in a.render()


def test_a_move_taken_back_is_said_and_one_played_is_not_said_taken_back() -> None:
    """Escape (or Take back, or another press) took a waiting move back in silence: a screen
    reader heard the move asked about, then nothing."""
    a = klats(("human", "human"))
    a.announcement()
    move = choose(a)
    a.render()
    assert "Your move" in (a.announcement() or "")
    click(a, "cancel-move")
    a.render()
    assert a.announcement() == CATALOGUES["en"]["confirm.taken_back"]
    choose(a)
    a.render(), a.announcement()
    click(a, "play", target=move["target"], pile="null" if move["pile"] is None else move["pile"], pending="1")
    a.render()
    assert CATALOGUES["en"]["confirm.taken_back"] not in (a.announcement() or "")

"""What a screen reader hears: log lines as the page reads them, "your turn", a game seen anew, the replay."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from apptools import click

from pygames_ui.announce import FIRST_LINES, Heard
from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.log import plain_text
from pygames_ui.session import MemoryStorage
from pygames_ui.tables import Ctx
from pygames_ui.tables.klats_cards import card_html as klats_card
from pygames_ui.tables.zoomagia_cards import chip as zm_chip

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
YOUR_TURN = CATALOGUES["en"]["table.your_turn_now"]


def new_app(storage: MemoryStorage | None = None) -> App:
    a = App(CATALOGUES, "en", storage or MemoryStorage(), seed=3)
    a.boot()
    return a


def test_a_line_is_read_as_the_page_reads_it() -> None:
    a = new_app()
    t = a.t
    # A card is its label (the colour decides the score; "10" alone would not say it) …
    line = f"Bot 1 put {klats_card(t, 10, 'mini')} on your pile 2."
    said = plain_text(line)
    assert "10" in said and "orange" in said.lower() and said.endswith("pile 2."), said
    # … chips side by side are words apart, a picture says nothing, no space before a full stop.
    chips = "".join(zm_chip(t, c) for c in ("horse:head", "cow:body", "tiger:tail"))
    said = plain_text(f"Bot 1 banked an animal for 1 point: {chips}.")
    assert said == "Bot 1 banked an animal for 1 point: horse head cow body tiger tail.", said
    assert plain_text("You drew <span class='x'>fish head</span> .") == "You drew fish head."
    assert plain_text("a &lt;b&gt; &amp; c") == "a <b> & c"


def test_a_game_seen_here_for_the_first_time_says_where_it_stands_not_its_story() -> None:
    heard = Heard()
    game = object()
    lines = [(i, f"line {i}") for i in range(12)]
    assert heard.new_lines(game, lines) == [f"line {i}" for i in range(12 - FIRST_LINES, 12)]
    assert heard.new_lines(game, [*lines, (12, "line 12")]) == ["line 12"]


def test_every_line_since_the_last_render_is_said_not_only_the_last_few() -> None:
    """RPS: one decision may be followed by rounds that play themselves out, and a player lost
    his last brain in one of them unsaid (the newest 8 lines only were read)."""
    heard = Heard()
    game = object()
    lines = [(i, f"line {i}") for i in range(3)]
    heard.new_lines(game, lines)
    more = [*lines, *((i, f"line {i}") for i in range(3, 33))]
    assert heard.new_lines(game, more) == [f"line {i}" for i in range(3, 33)]


def test_your_turn_is_said_when_it_comes_and_once() -> None:
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "add-seat")
    click(a, "start", {"seat_kind_1": "easy", "seat_kind_2": "easy"})
    said = a.announcement() or ""
    assert said.endswith(YOUR_TURN), said  # the game starts with your move
    a.render()
    assert a.announcement() is None  # (once)
    ctx = a.ctx()
    assert ctx is not None
    a.play(ctx.legal[0])
    assert YOUR_TURN not in (a.announcement() or "")  # the bots' turn
    while a.bots_pending():
        a.step_bot()
        said = a.announcement() or ""
        if a.bots_pending():
            assert YOUR_TURN not in said
    assert said.endswith(YOUR_TURN), said  # after the bots' last move, with it


def test_the_pass_screen_is_not_your_turn_yet() -> None:
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "human", "seat_name_0": "Ann", "seat_name_1": "Bob",
                       "confirm_moves": "off"})
    named = CATALOGUES["en"]["table.your_turn_named"]
    assert a.pass_to() is not None and "your turn" not in (a.announcement() or "")  # the device to the first player
    click(a, "show-hand")
    assert named.format(name="Ann") in (a.announcement() or "")  # (one device, several people: by name)
    ctx = a.ctx()
    assert ctx is not None
    a.play(ctx.legal[0])
    assert a.pass_to() is not None and "your turn" not in (a.announcement() or "")
    click(a, "show-hand")
    assert named.format(name="Bob") in (a.announcement() or "")


def test_the_replay_says_each_move_it_steps_to_and_where_it_is_after_a_jump() -> None:
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "start", {"opt_target": "20"})
    while not a.session.game.is_over(a.session.state):  # type: ignore[union-attr]
        if a.interlude() is not None:
            click(a, "dismiss")
        elif a.bots_pending():
            a.step_bot()
        else:
            a.play(a.ctx().legal[0])  # type: ignore[union-attr]
    click(a, "replay")
    assert a.announcement() is None  # it opens at the deal: the slider says where
    click(a, "replay-go", to="forward")
    first = a.announcement()
    assert first and "put" in first, first
    click(a, "replay-play")
    assert a.history.replay is not None and a.history.replay.tick()
    assert a.announcement()  # Play: each move as it is shown
    r = a.history.replay
    click(a, "replay-go", to="last")  # a jump: where it is now, and the move shown last
    said = a.announcement() or ""
    assert said.startswith(f"Move {r.last} of {r.last}. ") and len(said) > 20, said
    click(a, "replay-go", to="back")  # a step back, too (it was silent: a blind player lost his place)
    said = a.announcement() or ""
    assert said.startswith(f"Move {r.last - 1} of {r.last}. ") and "put" in said, said
    click(a, "replay-go", to="first")
    assert a.announcement() == "Start of the game."
    click(a, "replay-go", to="first")  # (nowhere to go: nothing new)
    assert a.announcement() is None
    click(a, "replay-seek", {"replay_step": str(r.last)})  # the slider says where itself: the move only
    said = a.announcement() or ""
    assert said and not said.startswith("Move "), said


def test_the_same_refusal_twice_is_a_new_alert() -> None:
    """A second wrong click gets the same words: a new element in the alert, so it is said again."""
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "start")
    click(a, "undo")  # nothing to undo yet: refused, and why
    first = a.render()
    assert a.flash and f'id="flash-{a.flashes}"' in first
    click(a, "undo")
    second = a.render()
    assert a.flash and f'id="flash-{a.flashes}"' in second and f'id="flash-{a.flashes - 1}"' not in second


def test_an_undo_is_said() -> None:
    """Undo took the move back silently: the button stayed focused (now disabled) and the last
    line heard still told of the move undone."""
    a = new_app()
    click(a, "setup", game="zoomagia")
    click(a, "start", {"seat_kind_1": "easy"})
    s = a.session
    assert s is not None
    for _ in range(300):  # to a push after which the turn goes on (an animal to take): undo may take it back
        while a.bots_pending():
            a.step_bot()
        ctx = a.ctx()
        assert ctx is not None and ctx.my_turn
        keeps = [x for x in ctx.legal if s.game.apply(s.state, x).current_player == s.state.current_player]
        if keeps:
            break
        a.play(ctx.legal[0])
    a.render()
    a.announcement()
    a.play(keeps[0])
    a.render()
    assert CATALOGUES["en"]["history.undone"] not in (a.announcement() or "")
    click(a, "undo")
    a.render()
    assert a.announcement() == CATALOGUES["en"]["history.undone"]


def test_a_move_waiting_for_its_second_tap_is_said() -> None:
    """The confirm bar came with its words already in it, which a screen reader may not say: the
    live region says the move and how to play it, once."""
    from test_confirm import choose, klats

    a = klats(("human", "human"))
    a.render()
    a.announcement()
    choose(a)
    a.render()
    said = a.announcement() or ""
    assert said.startswith("Your move: play ") and CATALOGUES["en"]["confirm.how"] in said, said
    a.render()
    assert a.announcement() is None  # (once)


def test_the_card_drawn_into_a_hidden_hand_is_said() -> None:
    """Клац!: the card drawn after a move is in no log line (nobody else sees it); a screen reader
    heard the move and never the new card."""
    a = new_app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_kind_1": "easy", "opt_first_player": "0"})
    a.render()
    a.announcement()
    ctx = a.ctx()
    assert ctx is not None and ctx.my_turn
    before = list(ctx.view["hand"])
    a.play(ctx.legal[0])
    while a.bots_pending():
        a.step_bot()
    a.render()
    said = a.announcement() or ""
    hand = list(a.ctx().view["hand"])  # type: ignore[union-attr]
    new = [c for c in hand if c not in before or hand.count(c) > before.count(c)]
    assert new and "You drew " in said and f"You drew {new[0]}, " in said, said


def test_no_card_is_said_drawn_at_a_new_game_or_a_new_round() -> None:
    """A new game's deal compared with the last game's hand (a session's id used again) was said
    as cards drawn; so was a new round's deal."""
    from pygames_core.klats.rules import COLOUR_OF
    from pygames_ui.announce import Heard
    from pygames_ui.tables.klats import KlatsTable

    a = new_app()
    for _ in range(12):  # new games one after another: their first words never tell a draw
        click(a, "setup", game="klats")
        click(a, "start", {"seat_kind_1": "easy", "opt_first_player": "0"})
        a.render()
        assert "You drew" not in (a.announcement() or "")
    ctx = a.ctx()
    assert ctx is not None and isinstance(a.heard, Heard)
    table = KlatsTable()
    events = list(ctx.frame.events)
    deal = dataclasses.replace(ctx.frame, events=[*events, {"e": "round_start", "round": 2, "first": 0}])
    assert table.drawn_words([3, 6, 8], [6, 7, 9], Ctx(ctx.t, deal), len(events)) is None  # (a new deal)
    played = dataclasses.replace(ctx.frame, events=[*events, {"e": "play", "p": 0, "card": 3, "target": 0, "pile": None,
                                                              "merged": False}, {"e": "draw", "p": 0}])
    assert table.drawn_words([3, 6, 8], [6, 8, 9], Ctx(ctx.t, played), len(events)) == (  # (one played, one drawn)
        f'You drew 9, {ctx.t(f"colour.{COLOUR_OF[9]}")}.')
    played_6 = dataclasses.replace(played, events=[*events, {**played.events[-2], "card": 6}, played.events[-1]])
    assert table.drawn_words([3, 6, 8], [3, 6, 8], Ctx(ctx.t, played_6), len(events)) == (  # a 6 played, a 6 drawn
        f'You drew 6, {ctx.t(f"colour.{COLOUR_OF[6]}")}.')


def test_your_turn_at_the_rps_table_says_the_question_it_asks() -> None:
    """At the RPS table the prompt is the question ("Bot 2's zombie attacks you!"), and it changed
    under the focus unheard: "Your turn." came alone. It is said with it; a name of the several
    people at one device is said as text ("Bob & Co", not "Bob &amp; Co")."""
    a = new_app()
    click(a, "setup", game="rps_zombie")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy", "first_player": "0"})
    said = a.announcement() or ""
    ask = CATALOGUES["en"]["rz.ask.choose"]
    assert said.endswith(f"{YOUR_TURN} {ask}"), said
    b = new_app()
    click(b, "setup", game="rps_zombie")
    click(b, "start", {"seat_kind_0": "human", "seat_name_0": "Bob & Co", "seat_kind_1": "human",
                       "seat_name_1": "Ann", "first_player": "0", "confirm_moves": "off"})
    click(b, "show-hand")
    said = b.announcement() or ""
    assert CATALOGUES["en"]["table.your_turn_named"].format(name="Bob & Co") in said and "&amp;" not in said, said

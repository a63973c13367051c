"""Two apps, a host and a guest, play a whole game through the effects the page would carry out.

The WebRTC part is stood in for by this test: each ``p2p-*`` effect is done as the page does
it (an offer or answer made: a real browser SDP; a message: handed to the other app).
The Chromium test (tests/e2e/test_devices.py) does the same over real data channels.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

import pytest
from apptools import click, play_on
from test_devices_invite import OFFER

from pygames_core.base import Action
from pygames_ui import history
from pygames_ui.app import App
from pygames_ui.devices import around, play, protocol
from pygames_ui.devices.guest import _table_problem as table_problem
from pygames_ui.devices.guest_ui import GUEST_PEER, Joining
from pygames_ui.devices.loopback import Clock
from pygames_ui.devices.spare import GUEST_WAITING
from pygames_ui.dom import esc
from pygames_ui.i18n import merge_catalogues
from pygames_ui.saves import SAVE_KEY
from pygames_ui.session import MemoryStorage, Seat
from pygames_ui.tables import Ctx

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
ANSWER = OFFER.replace("a=setup:actpass", "a=setup:active")
SITE = "https://example.github.io/pygames/"


def accepting(effects: list[tuple[object, ...]]) -> bool:
    """The effects of an answer taken: its connection's answer set (once), and a spare connection
    asked for his device if it has none yet (devices/spare.py)."""
    kinds = [e[0] for e in effects]
    return kinds in (["p2p-accept"], ["p2p-accept", "p2p-offer"])


def new_app(build: str = "b1") -> App:
    a = App(CATALOGUES, "en", MemoryStorage(), seed=2)
    a.build, a.site = build, SITE
    a.boot()
    return a


def pump(host: App, guest: App, seat: int = 1) -> None:
    """Carry out both apps' effects until none is left (the page's part)."""
    for _ in range(100):
        moved = False
        for kind, peer, *rest in play.effects(host):
            moved = True
            if kind == "p2p-offer":
                play.on_event(host, "offer", int(peer), OFFER)  # type: ignore[call-overload]
            elif kind == "p2p-send":
                play.on_event(guest, "message", GUEST_PEER, str(rest[0]))
        for kind, _peer, *rest in play.effects(guest):
            moved = True
            if kind == "p2p-answer":
                play.on_event(guest, "answer", GUEST_PEER, ANSWER)
            elif kind == "p2p-send":
                play.on_event(host, "message", seat, str(rest[0]))
        if not moved:
            return
    raise AssertionError("the effects never settle")


def connect(game: str, values: dict[str, str], start: bool = True) -> tuple[App, App]:
    """A host and a friend's device connected, the game started (``start``: else the lobby still open)."""
    host = new_app()
    click(host, "setup", game=game)
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", **values})
    assert host.room is not None and host.screen == "table"
    pump(host, new_app())
    html = host.render()
    assert 'id="lobby"' in html and 'data-state="invited"' in html and "#j=" in html
    # The invite link may go to the phone's share sheet too, with words its guest reads first
    title = {"klats": "Klats!", "zoomagia": "Zoomagia", "rps_zombie": "Rock, Paper, Scissors … ZOMBIES!!!"}[game]
    assert (f'data-action="p2p-share" aria-label="Share: Invite for Player 2 as a link" data-field="invite-1" '
            f'data-shares="{esc(host.room.host_name or "A friend")} invites you to {esc(title)}"') in html
    assert host.room.host_name == ""  # (he kept "You": each friend's device says "Host" in its own words)
    guest = new_app()
    play.open_invite(guest, "#j=" + host.room.invites[1])
    assert guest.screen == "join" and "invites you" in guest.render()
    click(guest, "p2p-join")
    pump(host, guest)
    assert guest.joining is not None and guest.joining.answer is not None
    said = guest.render()  # (its answer link may be shared back; its code is only copied)
    assert 'data-action="p2p-share" aria-label="Share: Your answer as a link" data-field="answer-link"' in said
    assert said.count('data-action="p2p-share"') == 1  # (the code is only copied)
    assert f"My answer to Host&#x27;s invite to {esc(title)}" in said
    click(host, "p2p-connect", {"answer_1": SITE + "#a=" + guest.joining.answer}, seat=1)
    # The answer is set on its connection, and a spare connection for his device is made (spare.py).
    assert host.room.effects[0][0] == "p2p-accept" and host.room.effects[1:] == [("p2p-offer", 101)]
    del host.room.effects[0]
    play.on_event(host, "open", 1, "")  # the data channel opened, on both devices
    play.on_event(guest, "open", GUEST_PEER, "")
    pump(host, guest)
    assert host.room.referee.seat_state(1) == "here"
    assert guest.screen == "join" and CATALOGUES["en"]["devices.connected"] in guest.render()  # the host starts it
    if not start:
        return host, guest
    click(host, "p2p-start")
    html = host.render()
    assert 'id="lobby"' not in html and CATALOGUES["en"]["history.undo_no.devices"] in html  # no undo
    pump(host, guest)
    assert guest.screen == "guest"
    assert 'class="game-title"' in guest.render()  # the friend's table is named as the host's is
    return host, guest


def come_back(host: App, seat: int = 1) -> App:
    """A friend opens his seat's newest invite on a fresh page, joins, and the host takes his
    answer: his new device, at the table."""
    room = host.room
    assert room is not None
    back = new_app()
    play.open_invite(back, "#j=" + room.invites[seat])
    click(back, "p2p-join")
    pump(host, back, seat)
    assert back.joining is not None and back.joining.answer is not None
    click(host, "p2p-connect", {f"answer_{seat}": back.joining.answer}, seat=seat)
    assert accepting(room.effects), room.problem  # (a bot may stand in meanwhile)
    del room.effects[0]
    play.on_event(host, "open", seat, "")
    play.on_event(back, "open", GUEST_PEER, "")
    pump(host, back, seat)
    return back


@pytest.mark.parametrize("game, values", [("klats", {"opt_target": "20"}), ("zoomagia", {}), ("rps_zombie", {})])
def test_a_whole_game_between_a_host_and_a_guest(game: str, values: dict[str, str]) -> None:
    host, guest = connect(game, values)
    rng = random.Random(1)
    s, room = host.session, host.room
    assert s is not None and room is not None
    clock = Clock()  # (at a person's pace: the host takes at most RATE messages a second from a friend)
    clock.now, room.referee.clock = room.referee.clock(), clock
    for _ in range(3000):
        clock.now += 0.1
        if s.game.is_over(s.state):
            break
        host.render()
        guest.render()
        if host.interlude() is not None:
            click(host, "dismiss")
        elif s.state.current_player == 1:
            frame = guest.joining.frame()  # type: ignore[union-attr]
            assert frame is not None and frame.my_turn
            guest.joining.act(rng.choice(frame.legal))  # type: ignore[union-attr]
        else:
            ctx = host.ctx()
            assert ctx is not None and ctx.my_turn
            host.play(rng.choice(ctx.legal))
        pump(host, guest)
    else:
        raise AssertionError("the game did not end")
    assert guest.joining.frame().over  # type: ignore[union-attr]
    assert "game-over" in guest.render()
    click(host, "replay")  # the host's record replays like any other game's
    assert host.screen == "replay" and s.seats[1].name in host.render()
    # … and is saved to a file and shared as a link like any other: each opens on another device
    # as the same whole game, the friend's seat by his name (not as a bot's, nor a placeholder's)
    host.effects.clear()
    click(host, "export")
    click(host, "copy-link")
    (kind, _name, text), (kind2, fragment) = host.effects
    assert (kind, kind2) == ("download", "copy-link") and fragment.startswith("#r=")
    moves = len(s.record["actions"])
    for opened in (lambda a: click(a, "import", {"file_text": text}), lambda a: a.open_link(fragment)):
        elsewhere = new_app()
        opened(elsewhere)
        html = elsewhere.render()
        assert elsewhere.screen == "replay" and f'data-last="{moves}"' in html and esc(s.seats[1].name) in html, html[:500]


def test_the_guest_cannot_play_out_of_turn_and_a_bad_answer_is_said() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    assert host.session is not None and host.session.state.current_player == 0
    click(guest, "select", card=1)
    assert guest.flash == CATALOGUES["en"]["flash.not_your_turn"]
    click(host, "p2p-connect", {"answer_1": "not an answer"}, seat=1)
    assert host.room is not None and host.room.problem == "devices.bad_answer"


def test_a_broken_invite_says_so_on_the_home_screen() -> None:
    guest = new_app()
    play.open_invite(guest, "#j=AAAA")
    assert guest.screen == "home" and guest.flash == CATALOGUES["en"]["devices.bad_invite"]


def test_a_guest_of_another_build_is_told_to_reload_both() -> None:
    host = new_app("b1")
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    pump(host, new_app())
    guest = new_app("b0")
    assert host.room is not None
    play.open_invite(guest, "#j=" + host.room.invites[1])
    click(guest, "p2p-join")
    pump(host, guest)
    play.on_event(guest, "open", GUEST_PEER, "")
    pump(host, guest)
    assert CATALOGUES["en"]["devices.other_build"] in guest.render()
    # The host is told too, beside that friend's seat; the game cannot start without him.
    html = host.render()
    assert host.room.seat_state(1) == "other_build" and 'data-state="other_build"' in html
    assert CATALOGUES["en"]["devices.state.other_build"] in html and host.room.missing() == [1]
    play.on_event(host, "closed", 1, "")  # he reloads: the next device to answer is judged afresh
    assert host.room.seat_state(1) == "invited"


def test_a_friend_away_a_bot_plays_for_him_and_a_new_invite_brings_him_back() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    s, room = host.session, host.room
    assert s is not None and room is not None
    play.on_event(host, "closed", 1, "")  # his phone locked, his tab closed
    html = host.render()
    assert room.referee.seat_state(1) == "away" and 'data-action="p2p-stand-in"' in html
    # Said above the board, where a phone shows it (the friends' list is below the table there):
    # his device should come back by itself (a spare connection is kept for it), else a new invite.
    said = esc(CATALOGUES["en"]["devices.away_spare"].format(name=s.seats[1].name))
    assert said in html and html.index(said) < html.index('class="klats-table"')
    pump(host, guest)  # his new invite is made: its QR code is one tap from the board too
    html = host.render()
    line = html[html.index(said):html.index('class="klats-table"')]
    assert 'class="away-qr"' in line and '<svg class="qr"' in line and CATALOGUES["en"]["devices.show_qr"] in line
    ctx = host.ctx()
    assert ctx is not None
    host.play(ctx.legal[0])  # the host's move; then it is the away friend's turn …
    assert s.state.current_player == 1 and not host.bots_pending()  # nobody is there to think: …
    assert CATALOGUES["en"]["table.waiting_away"].format(name=s.seats[1].name) in host.render()  # … it says so
    click(host, "p2p-stand-in", seat=1)
    assert host.bots_pending()
    host.step_bot()  # … and the bot plays it
    assert len(s.record["actions"]) == 2 and s.state.current_player == 0
    click(host, "p2p-reinvite", seat=1)
    pump(host, guest)
    assert 'id="invite-1"' in host.render()
    back = come_back(host)
    assert room.referee.seat_state(1) == "bot" and back.screen == "guest"
    html = back.render()  # his own device says a bot plays for him (not that he is away)
    assert CATALOGUES["en"]["devices.refused.bot_plays"] in html and "Not here now" not in html
    html = host.render()  # the host is told he is back, above the board, with the button to give his seat back
    assert esc(CATALOGUES["en"]["devices.back_line"].format(name=s.seats[1].name)) in html
    assert html.index('data-action="p2p-hand-back"') < html.index('class="klats-table"')
    ctx = host.ctx()
    assert ctx is not None
    host.play(ctx.legal[0])
    pump(host, back)  # his turn, the bot's move: his device does not say "You are thinking…"
    assert CATALOGUES["en"]["table.bot_plays_for.you"] in back.render()
    host.step_bot()
    pump(host, back)
    click(host, "p2p-hand-back", seat=1)
    pump(host, back)
    assert room.referee.seat_state(1) == "here"
    assert back.news == CATALOGUES["en"]["devices.seat_back"]  # (the line "a bot plays your seat" goes: said why)
    ctx = host.ctx()
    assert ctx is not None
    host.play(ctx.legal[0])
    pump(host, back)
    assert not host.bots_pending() and back.joining.frame().my_turn  # type: ignore[union-attr]


def log_lines(a: App) -> list[str]:
    """Every line of the move log, oldest first, as the app puts them into words (the host's, or
    a friend's on his device)."""
    a.render()
    if a.joining is not None:
        frame = a.joining.frame(a.t)
        assert frame is not None
        return [line for _, line in a.joining.log.lines(a.joining, Ctx(a.t, frame), a.tables[a.joining.invite.game])]
    ctx, table = a.shown(), a.table
    assert ctx is not None and table is not None
    return [line for _, line in a.log.lines(a.session, ctx, table)]


def test_a_move_a_bot_made_for_a_friend_is_the_bot_s_in_every_log_not_the_friend_s() -> None:
    """A friend back at his device reads what happened while he was away: the moves a bot made at
    his seat are "Anna (bot) put…", his own "You put…"; on the host's too; after a reload as well."""
    host, guest = connect("klats", {"opt_target": "20"})
    s, room = host.session, host.room
    assert s is not None and room is not None and guest.joining is not None
    name = s.seats[1].name

    def host_moves() -> None:
        while s.state.current_player == 0:
            ctx = host.ctx()
            assert ctx is not None
            host.play(ctx.legal[0])
        pump(host, guest)

    host_moves()
    guest.joining.act(guest.joining.frame().legal[0])  # type: ignore[union-attr]  # his own move
    pump(host, guest)
    host_moves()
    click(host, "p2p-stand-in", seat=1)
    host.step_bot()  # the bot's move at his seat
    click(host, "p2p-hand-back", seat=1)
    host_moves()
    bot = esc(CATALOGUES["en"]["log.by_bot"].format(name=name))
    for lines, his in ((log_lines(guest), "You put"), (log_lines(host), f"{esc(name)} put")):
        by_him = [line for line in lines if line.startswith((bot, his))]  # (his own move said to him)
        assert [line.startswith(bot) for line in by_him] == [False, True], lines
    assert log_lines(reloaded(host)) == log_lines(host)  # (the host's save keeps who played)
    # A table whose spells are not ours is not this guest's frame.
    body = {"seat": 1, "view": {}, "events": [], "events_from": 0, "current": None, "over": False, "winners": [],
            "legal": [], "seats": [{"name": "A", "kind": "human"}] * 2, "moves": 0, "away": [], "bots": [],
            "spells": [[1, 5, None], [1, 0, 3]], "started": True}
    assert table_problem(body, 1) is None
    for bad in ([[2, 0, None]], [[1, 5, 2]], [[1, -1, None]], [[1, 0]], [["1", 0, None]], [[1, 0, 2.5]]):
        assert table_problem({**body, "spells": bad}, 1) == "bad spells", bad


def reloaded(host: App) -> App:
    """The host's page reloads: a new app on the same device's storage."""
    again = App(CATALOGUES, "en", host.storage, seed=2)
    again.build, again.site = host.build, SITE
    again.boot()
    return again


def test_the_host_reloads_and_each_friend_keeps_his_token_and_his_seat() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    assert host.room is not None and host.session is not None
    tokens, moves = dict(host.room.referee.tokens), len(host.session.record["actions"])
    click(host, "p2p-stand-in", seat=1)  # a bot plays for him when the page goes
    host = reloaded(host)
    room = host.room
    assert room is not None and room.referee.tokens == tokens  # the same secret for the same seat
    assert room.started and room.referee.seat_state(1) == "bot" and len(host.session.record["actions"]) == moves
    html = host.render()
    assert 'id="lobby"' not in html and 'data-action="p2p-hand-back"' in html  # the table, not the lobby
    pump(host, new_app())
    assert 'id="invite-1"' in host.render()  # a new invite (a new offer) beside the table …
    back = come_back(host)
    assert back.joining is not None and back.joining.guest.token == tokens[1]  # … with his token
    click(host, "p2p-hand-back", seat=1)
    pump(host, back)
    assert room.referee.seat_state(1) == "here" and back.screen == "guest"


@pytest.mark.parametrize("saved", [
    {"tokens": {"1": "short"}, "bots": [], "started": True},
    {"tokens": {"0": "A" * 22}, "bots": [], "started": True},  # the host's own seat
    {"tokens": {"1": "A" * 22, "2": "B" * 22}, "bots": [], "started": True},  # a seat that is no friend's
    {"tokens": ["A" * 22]},
    "tokens",
])
def test_a_tampered_room_in_the_save_gets_new_tokens_and_keeps_the_game(saved: object) -> None:
    import json

    from pygames_ui import saves

    host, _ = connect("klats", {"opt_target": "20"})
    assert host.session is not None and host.room is not None
    old = host.room.referee.tokens[1]
    body = json.loads(host.storage.getItem(saves.SAVE_KEY) or "")
    body["ui"]["p2p"] = saved
    host.storage.setItem(saves.SAVE_KEY, json.dumps(body))
    host = reloaded(host)
    assert host.notice is None and host.room is not None and host.screen == "table"
    token = host.room.referee.tokens[1]
    assert token != old and len(token) == 22 and not host.room.started


def test_a_stun_server_is_kept_only_when_it_is_one() -> None:
    from pygames_ui.devices.widgets import STUN_KEY

    a = new_app()
    click(a, "p2p-stun", {"stun": "stun:stun.example.org:3478"})
    assert a.storage.getItem(STUN_KEY) == "stun:stun.example.org:3478" and a.news and a.flash is None  # (kept: good news)
    click(a, "p2p-stun", {"stun": "http://evil.example/"})
    assert a.flash == CATALOGUES["en"]["devices.stun_bad"] and a.storage.getItem(STUN_KEY) == "stun:stun.example.org:3478"
    click(a, "p2p-stun", {"stun": ""})
    assert a.storage.getItem(STUN_KEY) is None


def test_the_host_may_start_with_a_bot_for_a_friend_who_never_came() -> None:
    host = new_app()
    click(host, "setup", game="rps_zombie")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    pump(host, new_app())
    assert host.room is not None and host.room.missing() == [1]
    assert 'data-action="p2p-start" disabled' in host.render()
    click(host, "p2p-stand-in", seat=1)
    assert host.room.missing() == [] and 'data-action="p2p-start" disabled' not in host.render()
    click(host, "p2p-start")
    play_on(host, seed=0)  # the whole game: the person here, a bot for the friend
    assert host.session is not None and host.session.game.is_over(host.session.state)


def test_a_friend_who_comes_late_takes_his_seat_back_from_the_bot() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "opt_target": "20"})
    pump(host, new_app())
    click(host, "p2p-stand-in", seat=1)
    click(host, "p2p-start")
    play_on(host, seed=0, moves=2)  # a bot plays for him meanwhile
    assert host.room is not None and host.room.seat_state(1) == "bot"
    assert esc(CATALOGUES["en"]["kind.remote_bot"]) in host.render()  # (said beside his name too)
    late = come_back(host)  # he comes with the invite he was sent: his seat is his, nobody hands it back
    assert host.room.seat_state(1) == "here" and 'data-state="bot"' not in host.render()
    s = host.session
    assert s is not None
    if s.state.current_player == 0:
        host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    pump(host, late)
    assert s.state.current_player == 1 and not host.bots_pending()  # his turn: he decides
    assert late.joining is not None and late.joining.frame().legal  # type: ignore[union-attr]
    assert CATALOGUES["en"]["devices.refused.bot_plays"] not in late.render()


def test_the_guest_s_game_over_offers_no_game_of_its_own() -> None:
    host, guest = connect("rps_zombie", {})
    s = host.session
    assert s is not None
    rng = random.Random(3)
    while not s.game.is_over(s.state):
        if host.interlude() is not None:
            click(host, "dismiss")
        elif s.state.current_player == 1:
            guest.joining.act(rng.choice(guest.joining.frame().legal))  # type: ignore[union-attr]
        else:
            host.play(rng.choice(host.ctx().legal))  # type: ignore[union-attr]
        pump(host, guest)
    html = guest.render()
    assert 'id="game-over"' in html and 'data-action="again"' not in html and 'data-action="home"' in html
    # Each device is its player's own: his seat is "you" there, by any name; the host's "You" is
    # "Host" on the friend's device (as his invite says him).
    en = CATALOGUES["en"]
    guest_says = {(1,): en["table.result.you"], (0,): en["table.result"].format(who="Host"),
                  (0, 1): en["table.result.shared_you"].format(who="You and Host")}
    host_says = {(0,): en["table.result.you"], (1,): en["table.result"].format(who=s.seats[1].name)}
    winners = tuple(s.game.winners(s.state))
    assert guest_says[winners] in html
    if winners in host_says:
        assert host_says[winners] in host.render()
    # The summary put away, as at any table: the final table, and the top bar's way back to it.
    over = html[html.index('id="game-over"'):]
    assert over.index(esc(en["devices.again_wait"])) < over.index("<table")  # (said before the summary: in view on a phone)
    guest.joining.closed()  # type: ignore[union-attr]  # the link to the host gone: back by the spare one …
    back = guest.render()
    assert esc(en["devices.rejoining"].format(named="")) in back and esc(en["devices.again_wait"]) not in back  # type: ignore[union-attr]
    guest.joining.failed()  # type: ignore[union-attr]  # … which this browser cannot use
    lost = guest.render()  # no new game will come: said so, not "stay on it"
    assert esc(en["devices.again_wait"]) not in lost and lost.count(esc(en["devices.lost"])) == 2
    guest.joining.connected, guest.joining.lost = True, False  # type: ignore[union-attr]  # (as it was)
    click(guest, "close-results")
    html = guest.render()
    assert 'id="game-over"' not in html and 'data-action="show-results"' in html and guest.screen == "guest"
    click(guest, "show-results")
    assert 'id="game-over"' in guest.render()
    click(guest, "close-results")
    click(guest, "home")  # "Games": the host's table is one tap away, the next game too
    assert 'data-action="to-host"' in guest.render() and guest.screen == "home"
    click(host, "again")  # the next game: its own summary, when it ends, shows again
    pump(host, guest)
    assert guest.screen == "home" and 'data-action="to-host"' in guest.render()
    click(guest, "to-host")
    assert guest.screen == "guest"
    assert guest.joining is not None and not guest.joining.results_closed
    assert 'data-action="show-results"' not in guest.render()


def test_a_move_awaited_by_friends_is_said_in_the_tab_s_title_and_on_the_way_back() -> None:
    host, guest = connect("klats", {"opt_target": "20"})  # (Клац!: the first player, the host, moves)
    en = CATALOGUES["en"]
    assert around.title(host, "Klats! — pygames") == "Your move · Klats! — pygames"
    assert around.title(guest, "pygames") == "Klats! — pygames"  # a friend's table is named by its game
    host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    pump(host, guest)
    assert around.title(host, "Klats! — pygames") == "Klats! — pygames"
    assert around.title(guest, "pygames") == "Your move · Klats! — pygames"
    click(guest, "home")  # the friend looks elsewhere: the way back says his move is awaited
    html = guest.render()
    assert esc(en["devices.back_to_host_turn"].format(game="Klats!", name="Host")) in html
    assert around.title(guest, "pygames") == "Your move · pygames"
    guest.joining.act(guest.joining.frame().legal[0])  # type: ignore[union-attr]
    pump(host, guest)
    assert esc(en["devices.back_to_host"].format(game="Klats!", name="Host")) in guest.render()
    assert around.title(guest, "pygames") == "pygames"


def friends_turn() -> tuple[App, App, Joining, Clock, Action, Action]:
    """Клац! with a friend, his turn: the host, the friend's app, his device on a clock of its
    own, and two of his legal moves."""
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None
    host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    pump(host, guest)
    clock = Clock()
    clock.now, j.clock = 100.0, clock
    first, second = j.frame().legal[:2]  # type: ignore[union-attr]
    return host, guest, j, clock, first, second


def test_a_move_sent_is_said_on_its_way_and_a_second_tap_sends_nothing_until_the_host_answers() -> None:
    en = CATALOGUES["en"]
    host, guest, j, clock, first, second = friends_turn()
    j.act(first)
    html = guest.render()  # the host is slow to answer: the move is on its way, nothing else to play
    assert esc(en["table.sent"]) in html and 'data-my-turn="false"' in html
    assert j.frame().legal == []  # type: ignore[union-attr]
    clock.now += 3.0
    j.act(second)  # a second tap before the host's answer, however late: not sent (it would be refused)
    click(guest, "select", card=second["card"])  # (nor is a tap on the hand "not your turn")
    assert [e[0] for e in j.effects] == ["p2p-send"] and guest.flash is None
    pump(host, guest)  # the host answers: the move is made, and the next may be played
    assert host.session.record["actions"][-1] == first and not j.sending  # type: ignore[union-attr]
    assert guest.joining.guest.refused is None and esc(en["table.sent"]) not in guest.render()  # type: ignore[union-attr]


def test_a_move_lost_on_the_way_may_go_again_once_the_host_answers_pings() -> None:
    host, guest, j, clock, first, second = friends_turn()
    j.act(first)
    j.effects.clear()  # … that message was lost on the way
    clock.now += 1.0
    play.tick(guest)
    pump(host, guest)  # a pong soon after: the move may still be coming
    assert j.sending
    clock.now += 5.0
    play.tick(guest)
    pump(host, guest)  # the host answers what came after it: the move was lost
    assert not j.sending
    j.act(second)
    pump(host, guest)
    assert host.session.record["actions"][-1] == second and guest.joining.guest.refused is None  # type: ignore[union-attr]


def test_a_host_gone_quiet_is_said_on_the_guest_s_device_until_heard_again() -> None:
    en = CATALOGUES["en"]
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None
    clock = Clock()
    clock.now, j.clock = 100.0, clock
    play.on_event(guest, "message", GUEST_PEER, host.room.referee.tables()[0][1])  # type: ignore[union-attr]
    quiet = esc(en["devices.host_quiet"].format(named=""))
    clock.now += 4.0
    assert not play.tick(guest) and quiet not in guest.render()  # (its pings unanswered, for a while)
    j.effects.clear()
    clock.now += 3.0
    assert play.tick(guest) and quiet in guest.render()  # six seconds unheard: the host's phone is locked?
    assert not play.tick(guest)  # (said once)
    pump(host, guest)  # the host answers the ping: heard again
    assert quiet not in guest.render()
    assert not play.tick(guest)


def play_both(host: App, guest: App, moves: int = 10_000, each: Callable[[], object] | None = None,
              until: Callable[[], bool] | None = None) -> None:
    """Host and guest each play their seat's first legal move, up to ``moves`` moves, the end, or
    ``until()`` (at a person's pace: the host takes at most RATE messages a second from a friend);
    ``each()`` after every move has reached both."""
    s, room = host.session, host.room
    assert s is not None and room is not None
    clock = Clock()
    clock.now, room.referee.clock = room.referee.clock(), clock
    for _ in range(moves):
        clock.now += 0.1
        if s.game.is_over(s.state) or (until is not None and until()):
            return
        if host.interlude() is not None:
            click(host, "dismiss")
        elif s.state.current_player == 1:
            guest.joining.act(guest.joining.frame().legal[0])  # type: ignore[union-attr]
        else:
            host.play(host.ctx().legal[0])  # type: ignore[union-attr]
        pump(host, guest)
        if each is not None:
            each()


def test_the_screen_is_kept_on_while_a_game_with_friends_is_on() -> None:
    lone = new_app()
    click(lone, "setup", game="klats")
    click(lone, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    assert not around.awake(lone)  # (a game against bots: the phone may lock as it likes)
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    assert around.awake(host)  # the lobby: its invite's QR code is shown to the friend
    pump(host, new_app())
    guest = new_app()
    play.open_invite(guest, "#j=" + host.room.invites[1])  # type: ignore[union-attr]
    assert not around.awake(guest)  # (nothing to keep on screen yet)
    click(guest, "p2p-join")
    pump(host, guest)
    assert guest.joining is not None and guest.joining.answer is not None
    assert around.awake(guest)  # his answer's QR code, for the host to scan
    host, guest = connect("klats", {"opt_target": "20"})
    assert around.awake(host) and around.awake(guest)
    click(guest, "home")  # (still at the host's table, a tap away)
    click(host, "home")
    assert around.awake(host) and around.awake(guest)
    click(guest, "to-host")
    click(host, "continue")
    play_both(host, guest)
    assert not around.awake(host) and not around.awake(guest)  # over: the screens may turn off
    click(host, "again")
    for _kind, _peer, text in play.effects(host):
        play.on_event(guest, "message", GUEST_PEER, str(text))
    assert around.awake(host) and around.awake(guest)
    host.leave_room()  # the host leaves: his friend's screen may turn off too
    for kind, peer, *rest in host.hang_ups:
        if kind == "p2p-send" and peer == 1:
            play.on_event(guest, "message", GUEST_PEER, str(rest[0]))
    assert not around.awake(host) and not around.awake(guest)


def test_play_again_keeps_the_friends_connected_and_deals_them_the_new_game() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    s = host.session
    assert s is not None and host.room is not None
    play_both(host, guest)
    assert s.game.is_over(s.state) and guest.joining is not None and guest.joining.frame().over  # type: ignore[union-attr]
    room = host.room
    keys = (host.screen_key(), guest.screen_key())
    click(host, "again")
    effects = play.effects(host)
    assert host.room is room and host.session is not s and room.session is host.session  # the same room …
    assert not any(e[0] in ("p2p-close", "p2p-offer") for e in effects)  # … nobody hung up, no new invite
    assert room.started and 'id="lobby"' not in host.render()  # every friend is here: the game is on
    for _kind, _peer, text in effects:
        play.on_event(guest, "message", GUEST_PEER, str(text))
    frame = guest.joining.frame()
    assert frame is not None and not frame.over and guest.screen == "guest"
    assert guest.joining.guest.table["moves"] == 0  # type: ignore[index]
    # A new game on each device: each page opens it at its top, as a new screen.
    assert host.screen_key() != keys[0] and guest.screen_key() != keys[1]
    assert CATALOGUES["en"]["devices.lost"] not in guest.render()
    play_both(host, guest, moves=6)
    assert guest.joining.guest.table["moves"] == len(host.session.record["actions"]) > 0  # type: ignore[index,union-attr]


def test_a_new_game_of_another_title_lets_the_friends_go() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    play_both(host, guest)
    name = host.session.seats[1].name  # type: ignore[union-attr]
    lets_go = esc(CATALOGUES["en"]["devices.lets_go"].format(who=name, game="Klats!"))
    click(host, "setup", game="klats")  # the game over, a new one of its title keeps them: nothing said
    assert 'class="replaces"' not in host.render()
    click(host, "again")  # (as Play again does: the friend hears of it)
    pump(host, guest)
    assert guest.news == CATALOGUES["en"]["devices.new_game"]
    click(host, "setup", game="klats")  # theirs unfinished now: a new one lets them go, and says so
    assert lets_go in host.render()
    click(host, "setup", game="zoomagia")  # another title: the form says whom starting lets go
    assert lets_go in host.render()
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    assert ("p2p-close", 1) in play.effects(host) and host.room is not None and not host.room.started
    play.on_event(guest, "closed", GUEST_PEER, "")
    html = guest.render()  # one message: the connection is lost (not "a new game" beside it)
    assert CATALOGUES["en"]["devices.new_game"] not in html and guest.news is None


@pytest.mark.parametrize("change", [{"seat": 0}, {"seats": [7]}, {"seats": [{"name": 1, "kind": "human"}]},
                                    {"seats": [{"name": "A", "kind": "bogus"}] * 2},
                                    {"winners": [9]}, {"away": ["x"]}, {"legal": [1]}, {"current": 5},
                                    {"events_from": 99}, {"bots": [9]}])
def test_a_hostile_host_s_table_is_dropped(change: dict[str, object]) -> None:
    """The host's messages are another device's input too: a frame that cannot be this seat's is dropped."""
    import json

    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None and j.guest.table is not None
    good = dict(j.guest.table, events=[], events_from=len(j.guest.events))
    bad = json.dumps({"v": protocol.PROTOCOL, "build": "b1", "seq": j.guest.seq_in + 1, "type": "table", **good, **change})
    before = j.guest.table
    play.on_event(guest, "message", GUEST_PEER, bad)
    assert j.guest.table is before and sum(j.guest.dropped.values()) == 1
    guest.render()


def test_a_host_view_that_cannot_be_drawn_says_so_and_breaks_nothing() -> None:
    import json

    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None and j.guest.table is not None
    odd = dict(j.guest.table, view={"nonsense": True}, events=[], events_from=len(j.guest.events))
    play.on_event(guest, "message", GUEST_PEER, json.dumps({"v": protocol.PROTOCOL, "build": "b1", "seq": j.guest.seq_in + 1,
                                                    "type": "table", **odd}))
    assert CATALOGUES["en"]["devices.bad_table"] in guest.render()


def test_a_friends_move_sends_each_friend_his_frame_once() -> None:
    host, guest = connect("klats", {"opt_target": "20", "opt_first_player": "1"})
    pump(host, guest)  # (the frames sent as the game started)
    s, j = host.session, guest.joining
    assert s is not None and j is not None and s.state.current_player == 1
    frame = j.frame()
    assert frame is not None and frame.my_turn
    j.act(frame.legal[0])
    (_, _, text), = [e for e in play.effects(guest) if e[0] == "p2p-send"]
    play.on_event(host, "message", 1, str(text))
    sent = [json.loads(str(e[2]))["type"] for e in play.effects(host) if e[0] == "p2p-send"]
    assert len(s.record["actions"]) == 1 and sent == ["table"]


def test_nothing_is_played_before_the_host_starts_the_game() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "remote", "seat_kind_1": "easy", "opt_first_player": "1"})
    assert host.room is not None and not host.room.started
    assert not host.bots_pending()  # the bot at seat 2 waits for the lobby to close
    click(host, "p2p-stand-in", seat=0)
    click(host, "p2p-start")
    assert host.bots_pending()


def test_a_new_invite_for_a_friend_gone_quiet_brings_him_back_to_the_table() -> None:
    # His phone locked: no "closed" ever came, he just went silent. The host's new invite
    # replaces the old connection (the page drops it without a word), and his device, coming
    # back with it, starts counting its messages from one again.
    host, guest = connect("klats", {"opt_target": "20", "opt_first_player": "1"})
    pump(host, guest)
    room = host.room
    assert room is not None and guest.joining is not None
    for _ in range(15):  # a while at the table: his messages are numbered up to 16
        play.on_event(host, "message", 1, guest.joining.guest.ping())
    now = room.referee.clock() + 60
    room.referee.clock = lambda: now
    assert room.seat_state(1) == "away"
    click(host, "p2p-reinvite", seat=1)
    pump(host, new_app())  # (the new offer)
    back = come_back(host)
    assert room.seat_state(1) == "here" and back.screen == "guest"
    frame = back.joining.frame()  # type: ignore[union-attr]
    assert frame is not None and frame.my_turn
    back.joining.act(frame.legal[0])  # type: ignore[union-attr]
    pump(host, back)
    assert host.session is not None and len(host.session.record["actions"]) == 1


def test_a_friend_on_the_first_seat_joins_and_plays_first() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "remote", "seat_kind_1": "human", "opt_first_player": "0"})
    pump(host, new_app(), 0)  # (the offer for seat 1's invite)
    guest = come_back(host, 0)
    room, s = host.room, host.session
    assert room is not None and s is not None and room.seat_state(0) == "here"
    click(host, "p2p-start")
    pump(host, guest, 0)
    frame = guest.joining.frame()  # type: ignore[union-attr]
    assert frame is not None and frame.my_turn and frame.seat == 0
    guest.joining.act(frame.legal[0])  # type: ignore[union-attr]
    pump(host, guest, 0)
    assert len(s.record["actions"]) == 1


@pytest.mark.parametrize("leave", ["a game without friends", "a guided game"])
def test_leaving_a_game_with_friends_closes_their_connections(leave: str) -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    pump(host, guest)
    if leave == "a guided game":
        click(host, "tutorial", game="zoomagia")
    else:
        click(host, "setup", game="klats")
        click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    # He is told the host has left, then his seat's connection closes, and the spare one kept for
    # his device (devices/spare.py).
    (send, to, bye), *closes = play.effects(host)
    assert host.room is None and (send, to, json.loads(str(bye))["type"]) == ("p2p-send", 1, "bye")
    assert closes == [("p2p-close", 1), ("p2p-close", 101)]
    assert 'id="lobby"' not in host.render() and play.effects(host) == []
    play.on_event(guest, "message", GUEST_PEER, str(bye))
    play.on_event(guest, "closed", GUEST_PEER, "")  # (it does not try to come back: no game to come back to)
    j = guest.joining
    assert j is not None and j.host_left and not j.rejoining and j.lost
    html = guest.render()
    assert esc(CATALOGUES["en"]["devices.host_left"]) in html and esc(CATALOGUES["en"]["devices.lost"]) not in html
    # Over his table, that the game has stopped there, not that it waits for the connection.
    assert esc(CATALOGUES["en"]["table.host_gone"]) in html and esc(CATALOGUES["en"]["table.cut_off"]) not in html
    # His home screen does not tell him to ask the host for a new invite: there is no game to come back to.
    click(guest, "home")
    home = guest.render()
    assert guest.screen == "home" and "new invite" not in home and "at Host" not in home


def test_an_offer_an_invite_cannot_carry_is_said_in_the_lobby() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    play.on_event(host, "offer", 1, OFFER.replace("sha-256", "sha-1"))
    assert host.room is not None and 1 not in host.room.invites
    assert CATALOGUES["en"]["devices.no_offer"] in host.render()


def test_a_bad_answer_is_said_under_the_box_it_was_pasted_in() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "add-seat")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "seat_kind_2": "remote"})
    pump(host, new_app())
    click(host, "p2p-connect", {"answer_2": "not an answer"}, seat=2)
    html = host.render()
    said = CATALOGUES["en"]["devices.bad_answer"]
    assert html.count(said) == 1
    seat_2 = html[html.index('class="lobby-seat" data-seat="2"'):]
    assert html.index(said) > html.index('id="answer-2"') and said in seat_2[:seat_2.index("</section>")]
    click(host, "p2p-connect", {"answer_1": "  "}, seat=1)  # Connect with the box left empty: what to do
    assert esc(CATALOGUES["en"]["devices.answer_empty"]) in host.render()
    click(host, "p2p-stand-in", seat=1)  # a bot plays for him: what went wrong with his answer goes
    assert 'role="alert"' not in host.render()
    click(host, "p2p-connect", {"answer_2": "not an answer"}, seat=2)
    click(host, "p2p-stand-in", seat=2)
    click(host, "p2p-connect", {"answer_2": "not an answer"}, seat=2)
    click(host, "p2p-start")  # … and once the game starts, nothing from the lobby is said beside the table
    assert host.room is not None and host.room.started and said not in host.render()


def test_the_lobby_can_be_left_for_the_form_as_it_was_filled_in() -> None:
    storage = MemoryStorage()
    host = App(CATALOGUES, "en", storage, seed=2)
    host.build, host.site = "b1", SITE
    host.boot()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "seat_name_0": "Anna", "opt_target": "20"})
    pump(host, new_app())
    assert 'data-action="p2p-cancel"' in host.render()
    click(host, "p2p-cancel")
    assert host.screen == "setup" and host.session is None and host.room is None
    assert storage.getItem(SAVE_KEY) is None and play.effects(host) == [("p2p-close", 1)]
    assert host.form is not None and [s.kind for s in host.form.seats] == ["human", "remote"]
    assert host.form.seats[0].name == "Anna" and host.form.options["target"] == 20
    assert 'data-action="resume"' not in (click(host, "home") or host.render())


def test_a_failed_new_invite_mid_game_is_said_beside_the_friend() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    pump(host, guest)
    play.on_event(host, "closed", 1, "")  # his channel closed: a new invite is asked for …
    play.on_event(host, "offer", 1, OFFER.replace("sha-256", "sha-1"))  # … and cannot be made
    html = host.render()
    presence = html[html.index('class="presence"'):]
    assert CATALOGUES["en"]["devices.no_offer"] in presence[:presence.index("</section>")]


def test_before_the_start_a_friend_sees_his_table_but_no_move_to_make() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "opt_first_player": "1"})
    pump(host, new_app())
    back = come_back(host)  # he joins; the host has not started yet
    frame = back.joining.frame()  # type: ignore[union-attr]
    assert frame is not None and frame.legal == [] and not frame.my_turn
    click(host, "p2p-start")
    pump(host, back)
    frame = back.joining.frame()  # type: ignore[union-attr]
    assert frame is not None and frame.my_turn and frame.legal


#: A second offer for the same seat (a new invite): new ICE credentials.
NEW_OFFER = OFFER.replace("a=ice-pwd:WojjH0gc4c0kLXEJKRnFJrh1", "a=ice-pwd:NewPwd0gc4c0kLXEJKRnFJrh1")


def lobby_with_a_friend() -> tuple[App, App]:
    """A host's lobby for one friend, and the friend's page at its invite, Join pressed."""
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    pump(host, new_app())
    assert host.room is not None
    guest = new_app()
    play.open_invite(guest, "#j=" + host.room.invites[1])
    click(guest, "p2p-join")
    pump(host, guest)
    return host, guest


def test_an_answer_to_an_older_invite_of_the_seat_is_refused_with_the_reason() -> None:
    host, guest = lobby_with_a_friend()
    room, answer = host.room, guest.joining.answer  # type: ignore[union-attr]
    assert room is not None and answer is not None
    click(host, "p2p-reinvite", seat=1)  # the host made a new invite meanwhile
    assert play.effects(host) == [("p2p-offer", 1)]
    click(host, "p2p-connect", {"answer_1": answer}, seat=1)  # the old answer, while the new offer is made …
    play.on_event(host, "offer", 1, NEW_OFFER)
    click(host, "p2p-connect", {"answer_1": answer}, seat=1)  # … and after
    assert play.effects(host) == [] and room.problem == "devices.old_answer"
    assert CATALOGUES["en"]["devices.old_answer"] in host.render()
    fresh = new_app()  # the friend opens the new invite: his answer is taken
    play.open_invite(fresh, "#j=" + room.invites[1])
    click(fresh, "p2p-join")
    pump(host, fresh)
    click(host, "p2p-connect", {"answer_1": fresh.joining.answer}, seat=1)  # type: ignore[union-attr]
    assert accepting(play.effects(host)) and room.problem is None


def test_an_answer_for_a_seat_already_here_connects_nothing() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    assert host.room is not None and guest.joining is not None and guest.joining.answer is not None
    play.effects(host)
    click(host, "p2p-connect", {"answer_1": guest.joining.answer}, seat=1)
    assert play.effects(host) == [] and host.room.problem == "devices.answer_not_needed"
    assert host.room.referee.seat_state(1) == "here"


def test_a_second_invite_opened_closes_the_first_ones_connection() -> None:
    host, guest = lobby_with_a_friend()
    other, _ = lobby_with_a_friend()
    assert other.room is not None
    click(other, "p2p-reinvite", seat=1)  # (another host's offer: other credentials)
    play.effects(other)
    play.on_event(other, "offer", 1, NEW_OFFER)
    play.open_invite(guest, "#j=" + host.room.invites[1])  # type: ignore[union-attr]  # the same invite again (Back) …
    assert play.effects(guest) == [] and guest.joining is not None and not guest.joining.spent  # … is the same link
    play.open_invite(guest, "#j=" + other.room.invites[1])
    # (its connection, and the one kept waiting for that host's reload: spare.py)
    assert play.effects(guest) == [("p2p-close", GUEST_PEER), ("p2p-close", GUEST_WAITING)] and guest.screen == "join"
    click(guest, "p2p-join")
    click(guest, "p2p-join")  # a second press before the answer is made asks nothing more
    assert [e[0] for e in play.effects(guest)] == ["p2p-answer"]


def test_join_may_be_pressed_again_after_the_browser_failed_to_answer() -> None:
    guest = new_app()
    host, _ = lobby_with_a_friend()
    play.open_invite(guest, "#j=" + host.room.invites[1])  # type: ignore[union-attr]
    click(guest, "p2p-join")
    play.effects(guest)
    play.failed(guest, GUEST_PEER)
    assert guest.flash == CATALOGUES["en"]["devices.failed"]
    click(guest, "p2p-join")
    assert [e[0] for e in play.effects(guest)] == ["p2p-answer"]


def test_a_friend_whose_connection_drops_in_the_lobby_is_told_it_is_lost() -> None:
    host, guest = lobby_with_a_friend()
    click(host, "p2p-connect", {"answer_1": guest.joining.answer}, seat=1)  # type: ignore[union-attr]
    play.on_event(guest, "open", GUEST_PEER, "")
    pump(host, guest)
    assert CATALOGUES["en"]["devices.connected"] in guest.render()
    play.on_event(guest, "closed", GUEST_PEER, "")  # the host's page went away before the start
    html = guest.render()
    assert CATALOGUES["en"]["devices.lost"] in html and 'id="answer-code"' not in html


def test_an_invite_the_browser_could_not_make_can_be_tried_again() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    assert play.effects(host) == [("p2p-offer", 1)]
    play.failed(host, 1)
    html = host.render()
    assert CATALOGUES["en"]["devices.offer_failed"] in html and CATALOGUES["en"]["devices.making_invite"] not in html
    click(host, "p2p-reinvite", seat=1)
    assert play.effects(host) == [("p2p-offer", 1)]
    play.on_event(host, "offer", 1, OFFER)
    html = host.render()
    assert 'id="invite-1"' in html and CATALOGUES["en"]["devices.offer_failed"] not in html


def test_an_invite_opened_again_after_joining_says_it_is_spent() -> None:
    host, _ = lobby_with_a_friend()
    assert host.room is not None
    storage = MemoryStorage()
    guest = App(CATALOGUES, "en", storage, seed=2)
    guest.build, guest.site = "b1", SITE
    guest.boot()
    link = "#j=" + host.room.invites[1]
    play.open_invite(guest, link)
    assert 'data-action="p2p-join"' in guest.render()
    click(guest, "p2p-join")
    pump(host, guest)
    play.on_event(guest, "open", GUEST_PEER, "")
    again = App(CATALOGUES, "en", storage, seed=2)  # his page reloads, at the same address
    again.build, again.site = "b1", SITE
    again.boot()
    play.open_invite(again, link)
    html = again.render()
    assert esc(CATALOGUES["en"]["devices.invite_spent"]) in html and 'data-action="p2p-join"' not in html
    assert f'data-autofocus>{esc(CATALOGUES["en"]["devices.invite_spent"])}' in html  # (the focus on it, not nowhere)
    click(host, "p2p-reinvite", seat=1)  # the host's new invite for him is joined as ever
    play.effects(host)
    play.on_event(host, "offer", 1, NEW_OFFER)
    play.open_invite(again, "#j=" + host.room.invites[1])
    assert 'data-action="p2p-join"' in again.render()


def test_back_to_the_invite_s_address_at_the_table_keeps_the_connection() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None and host.room is not None
    click(guest, "home")  # the guest goes home, then presses Back: the invite's address again
    play.open_invite(guest, "#j=" + host.room.invites[1])
    assert guest.joining is j and guest.screen == "guest" and play.effects(guest) == []
    assert 'class="klats-table"' in guest.render()


def finish_with_a_bot_for_him(host: App) -> None:
    """A bot plays the friend's seat, and the game is played to its end on the host."""
    click(host, "p2p-stand-in", seat=1)
    play_on(host, 0, move=lambda a, ctx: a.play(ctx.legal[0]))


def test_play_again_hands_his_seat_back_to_a_friend_who_is_here() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    finish_with_a_bot_for_him(host)
    click(host, "again")
    assert room.referee.seat_state(1) == "here" and room.started  # he plays the new game himself
    pump(host, guest)
    assert guest.news == CATALOGUES["en"]["devices.new_game"]  # (the news is the new game)


def test_play_again_sends_a_new_invite_to_a_friend_gone_quiet() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    finish_with_a_bot_for_him(host)
    room.referee.hand_back(1)
    clock = room.referee.clock
    room.referee.clock = lambda: clock() + 60  # he went quiet (a locked phone), his channel not closed
    play.effects(host)
    click(host, "again")
    assert not room.started and ("p2p-offer", 1) in play.effects(host)
    assert 'id="lobby"' in host.render()


def test_a_friend_gone_quiet_is_offered_a_new_invite_and_his_spent_one_takes_no_answer() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room, s = host.room, host.session
    assert room is not None and s is not None and 1 in room.spent
    clock = room.referee.clock
    room.referee.clock = lambda: clock() + 60  # a locked phone: his channel never closed
    html = host.render()
    assert esc(CATALOGUES["en"]["devices.away_quiet"].format(name=s.seats[1].name)) in html
    assert 'id="invite-1"' not in html  # (the invite he came by is spent: not shown as if it worked)
    click(host, "p2p-connect", {"answer_1": guest.joining.answer}, seat=1)  # type: ignore[union-attr]
    assert room.problem == "devices.old_answer" and not any(e[0] == "p2p-accept" for e in play.effects(host))
    click(host, "p2p-reinvite", seat=1)
    play.on_event(host, "offer", 1, NEW_OFFER)
    assert 'id="invite-1"' in host.render() and 1 not in room.spent


def test_a_guest_whose_host_is_gone_has_no_move_to_make_and_is_told_of_a_new_game() -> None:
    host, guest = connect("klats", {"opt_target": "20", "opt_first_player": "1"})
    pump(host, guest)
    j = guest.joining
    assert j is not None and j.frame().my_turn  # type: ignore[union-attr]
    play.on_event(guest, "closed", GUEST_PEER, "")
    assert not j.frame().my_turn and j.frame().legal == []  # type: ignore[union-attr]
    assert 'class="hand-card' in guest.render() and 'data-action="select"' not in guest.render()


def test_the_guest_is_told_when_the_host_starts_another_game() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    play_both(host, guest)
    click(host, "again")
    pump(host, guest)
    assert guest.news == CATALOGUES["en"]["devices.new_game"] and guest.flash is None  # (news, not a fault)
    assert 'class="flash news" role="alert"' in guest.render()
    play_both(host, guest, moves=1)  # … until the next move: by then the new game is plain to see
    assert guest.news is None and 'class="flash news"' not in guest.render()


def test_rps_zombie_waits_for_a_friend_not_connected_rather_than_saying_he_decides() -> None:
    host, guest = connect("rps_zombie", {"opt_first_player": "1"})
    s = host.session
    assert s is not None and s.state.current_player == 1
    play.on_event(host, "closed", 1, "")
    assert CATALOGUES["en"]["table.waiting_away"].format(name=s.seats[1].name) in host.render()


def test_screen_readers_hear_the_game_and_the_friends_on_both_devices() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "opt_target": "20"})
    pump(host, new_app())
    said = host.announcement() or ""
    assert "invited" in said and "Round 1" not in said  # the lobby: who is awaited, nothing played yet
    assert host.announcement() is None  # (said once)
    back = come_back(host)
    assert "here" in (host.announcement() or "")  # he came
    click(host, "p2p-start")
    pump(host, back)
    assert "Round 1 begins" in (host.announcement() or "")  # the game's first line, once it starts
    back.announcement()
    ctx = host.ctx()
    assert ctx is not None
    host.play(ctx.legal[0])
    pump(host, back)
    assert (back.announcement() or "").startswith("Host put")  # the host's move, on the friend's device
    play.on_event(host, "closed", 1, "")
    assert "away" in (host.announcement() or "")  # he left


def test_a_friend_hears_the_card_he_drew_which_no_log_line_says() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    pump(host, guest)
    guest.render()
    guest.announcement()
    j = guest.joining
    assert j is not None
    j.act(j.frame().legal[0])  # type: ignore[union-attr]
    pump(host, guest)
    guest.render()
    hand = j.frame().view["hand"]  # type: ignore[union-attr]
    said = guest.announcement() or ""
    assert "You drew " in said and any(f"You drew {card}, " in said for card in hand), said


def test_screen_readers_hear_a_friend_go_a_bot_stand_in_and_the_friend_come_back() -> None:
    """Each change of who is at the table is said once, in the live region (the visible lines
    have no status role, which would say it twice): a friend away, a bot playing for him (the
    host's own press), him back, his seat his own again; on a friend's device, the host gone
    quiet and answering again."""
    en = CATALOGUES["en"]
    host, guest = connect("klats", {"opt_target": "20"})
    s = host.session
    assert s is not None
    name = s.seats[1].name
    host.announcement()
    play.on_event(host, "closed", 1, "")
    pump(host, new_app())  # (his new invite made)
    said = host.announcement() or ""
    assert name in said and "away" in said
    html = host.render()
    assert '<div class="presence-line"><p>' in html and '<div class="presence-line"><p role="status">' not in html
    click(host, "p2p-stand-in", seat=1)
    assert en["devices.bot_for"].format(name=name) in (host.announcement() or "")
    back = come_back(host)
    assert en["devices.back_line"].format(name=name) in (host.announcement() or "")
    click(host, "p2p-hand-back", seat=1)
    pump(host, back)
    assert host.announcement() == en["devices.here_again"].format(name=name)
    assert host.announcement() is None  # (said once)
    j = back.joining
    assert j is not None
    back.render()
    back.announcement()
    clock = Clock()
    clock.now, j.clock = 100.0, clock
    j.heard_at = clock.now
    clock.now += 7.0
    play.tick(back)
    quiet = en["devices.host_quiet"].format(named="")
    assert quiet in (back.announcement() or "")
    pump(host, back)  # the host answers the ping
    assert en["devices.host_back"].format(named="") in (back.announcement() or "")


def test_the_card_drawn_is_said_with_the_move_and_news_of_the_friends_after_it() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    s = host.session
    assert s is not None
    host.announcement()
    play.on_event(host, "closed", 1, "")  # his tab closed as the host moved
    host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    said = host.announcement() or ""
    assert said.index("You put") < said.index("You drew") < said.index(s.seats[1].name + " is away"), said


@pytest.mark.parametrize("spells", [[[1, 9, 2]], [[0, 0, None]], "all", [[1, 0, None]] * 501])
def test_tampered_bot_spells_in_the_save_are_dropped_and_nothing_else(spells: object) -> None:
    """Who a bot played for only words the log: spells that are not right go, the friends'
    seats (their tokens, the bot at one) stay."""
    from pygames_ui import saves

    host, _ = connect("klats", {"opt_target": "20"})
    assert host.room is not None
    click(host, "p2p-stand-in", seat=1)
    tokens = dict(host.room.referee.tokens)
    body = json.loads(host.storage.getItem(saves.SAVE_KEY) or "")
    assert body["ui"]["p2p"]["spells"] == [[1, 0, None]] or body["ui"]["p2p"]["spells"][0][0] == 1
    body["ui"]["p2p"]["spells"] = spells
    host.storage.setItem(saves.SAVE_KEY, json.dumps(body))
    host = reloaded(host)
    assert host.notice is None and host.room is not None and host.room.referee.tokens == tokens
    assert host.room.referee.seat_state(1) == "bot"
    assert [(s, end) for s, _, end in host.room.referee.spells] == [(1, None)]  # (his bot's spell: from now)


def test_a_bot_spell_in_which_nothing_happened_leaves_no_trace_and_a_new_game_starts_afresh() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room, s = host.room, host.session
    assert room is not None and s is not None
    for _ in range(3):  # the host changes his mind: no move was made meanwhile
        click(host, "p2p-stand-in", seat=1)
        click(host, "p2p-hand-back", seat=1)
    assert room.referee.spells == []
    click(host, "p2p-stand-in", seat=1)
    while s.state.current_player != 1:
        ctx = host.ctx()
        assert ctx is not None
        host.play(ctx.legal[0])
    host.step_bot()  # the bot's move: its spell has events
    (seat, first, end), = room.referee.spells
    assert seat == 1 and end is None and first < len(s.state.data["log"])
    room.referee.new_game(s)  # (as Play again does, with the same table: the bot plays on, from now)
    assert room.referee.spells == [(1, len(s.state.data["log"]), None)]


@pytest.mark.parametrize("typed", ["", "Anna"])
def test_a_friend_s_device_says_the_host_by_his_name_or_as_host_in_its_own_language(typed: str) -> None:
    """A host who kept the name the app made up ("You") is "Ведущий" on a Russian friend's device,
    in the invite and at the table (his invite said his language's "A friend", and the table
    "Игрок 1"); a name he typed is said as typed."""
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "seat_name_0": typed or "You", "opt_target": "20"})
    pump(host, new_app())
    assert host.room is not None and host.room.host_name == typed
    guest = App(CATALOGUES, "ru", MemoryStorage(), seed=2)
    guest.build, guest.site = "b1", SITE
    guest.boot()
    play.open_invite(guest, "#j=" + host.room.invites[1])
    ru = CATALOGUES["ru"]
    called = typed or "Ведущий"
    assert esc(ru["devices.invited"].format(name=called, game="Клац!")) in guest.render()
    assert guest.joining is not None and guest.joining.host_called(guest.t) == called
    seats = history.hosts_seats(guest.t, [Seat(typed or "You", "human"), Seat("Player 2", "remote")])
    assert [s.name for s in seats] == [called, "Игрок 2"]  # (the table's names, as the host's device sent them)


def test_a_new_game_with_fewer_seats_after_a_friend_went_away_opens_its_lobby() -> None:
    """What was said of a friend away at the last game's table (seat 3) is not said "back" at
    the next game's, which has no seat 3: starting it threw the host out to the home screen."""
    host, guest = new_app(), new_app()
    click(host, "setup", game="klats")
    click(host, "add-seat")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "easy", "seat_kind_2": "remote"})
    assert host.room is not None
    pump(host, guest, seat=2)
    play.open_invite(guest, "#j=" + host.room.invites[2])
    click(guest, "p2p-join")
    pump(host, guest, seat=2)
    j = guest.joining
    assert j is not None and j.answer is not None
    click(host, "p2p-connect", {"answer_2": j.answer}, seat=2)
    play.on_event(host, "open", 2, "")
    play.on_event(guest, "open", GUEST_PEER, "")
    pump(host, guest, seat=2)
    assert host.room.referee.seat_state(2) == "here"
    click(host, "p2p-start")
    host.render(), host.announcement()
    play.on_event(host, "closed", 2, "")  # he closes his tab: away
    host.render()
    assert any("away" in said for said in [host.announcement() or ""])
    click(host, "setup", game="klats")
    click(host, "remove-seat", seat=2)  # (the form keeps the last game's three seats)
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote"})
    assert host.session is not None and len(host.session.seats) == 2
    html = host.render()
    said = host.announcement() or ""
    assert host.screen == "table" and host.room is not None and host.lobby_open(), host.flash
    assert "Something went wrong" not in html and "back" not in said


def test_an_answer_given_in_another_friend_s_box_connects_its_own_seat_and_says_so() -> None:
    """Vera opened Boris's invite and Anna pasted Vera's answer into Vera's box: Boris's seat
    connected, silently, and Vera's box still waited. It connects the seat its invite was for
    (that is whose seat the device answered for) and says so under the box it was given in."""
    host, guest = new_app(), new_app()
    click(host, "setup", game="klats")
    click(host, "add-seat")
    click(host, "start", {"seat_kind_0": "human", "seat_name_1": "Boris", "seat_kind_1": "remote",
                          "seat_name_2": "Vera", "seat_kind_2": "remote"})
    room = host.room
    assert room is not None
    pump(host, guest)
    play.open_invite(guest, "#j=" + room.invites[1])  # (Boris's link, opened on Vera's phone)
    click(guest, "p2p-join")
    pump(host, guest)
    j = guest.joining
    assert j is not None and j.answer is not None
    click(host, "p2p-connect", {"answer_2": j.answer}, seat=2)  # (into Vera's box)
    assert [e[:2] for e in room.effects[:1]] == [("p2p-accept", 1)]
    html = host.render()
    said = esc(CATALOGUES["en"]["devices.answer_other_seat"].format(name="Boris"))
    assert said in html and html.index(said) > html.index('id="answer-2"')


def test_an_answer_whose_connection_closes_before_it_opens_is_said_at_its_seat() -> None:
    """The friend closed his tab after answering, then the host pasted the answer: the seat went
    from connecting back to invited, with a new invite, and nothing said why."""
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_name_1": "Boris", "seat_kind_1": "remote"})
    guest = new_app()
    room = host.room
    assert room is not None
    pump(host, guest)
    play.open_invite(guest, "#j=" + room.invites[1])
    click(guest, "p2p-join")
    pump(host, guest)
    assert guest.joining is not None and guest.joining.answer is not None
    click(host, "p2p-connect", {"answer_1": guest.joining.answer}, seat=1)
    assert room.seat_state(1) == "connecting"
    play.on_event(host, "closed", 1, "")  # (his page is gone: the connection fails before it opens)
    for kind, peer, *_ in play.effects(host):
        if kind == "p2p-offer":
            play.on_event(host, "offer", int(peer), OFFER)  # type: ignore[call-overload]
    html = host.render()
    said = esc(CATALOGUES["en"]["devices.connect_failed"].format(name="Boris"))
    assert room.seat_state(1) == "invited" and said in html
    # A friend who had come and then went is "away", not this.
    host2, _guest2 = connect("klats", {"opt_target": "20"})
    play.on_event(host2, "closed", 1, "")
    assert esc(CATALOGUES["en"]["devices.connect_failed"].format(name="Player 2")) not in host2.render()


def test_zoomagia_s_last_push_made_by_a_bot_for_a_friend_is_the_bot_s_on_his_device() -> None:
    """A bot stood in for the friend and pushed: back at his device, the line under the field
    said "Your last push: …", a move he never made; it names the bot, as the log does."""
    host, guest = connect("zoomagia", {})
    s = host.session
    assert s is not None
    while s.state.current_player == 0:  # (the host's turn, to its end)
        ctx = host.ctx()
        assert ctx is not None
        host.play(ctx.legal[0])
    pump(host, guest)
    click(host, "p2p-stand-in", seat=1)
    host.step_bot()  # the bot's push at his seat
    pump(host, guest)
    j = guest.joining
    assert j is not None and j.frame() is not None
    html = guest.render()
    last = html[html.index('class="zm-last"'):].split("</p>")[0]
    name = s.seats[1].name
    assert esc(CATALOGUES["en"]["log.by_bot"].format(name=name)) in last and "Your last push" not in last, last

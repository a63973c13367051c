"""Play on several devices when things go a little wrong: a double tap, a failed offer beside
another friend's answer, a connection that never opens, a stale button, the lobby open again.

Two (or three) apps, as in ``test_devices_app.py``, with the page's part done by its helpers.
"""

from __future__ import annotations

import json

import pytest
from apptools import click
from test_devices_app import ANSWER, CATALOGUES, SITE, accepting, come_back, connect, lobby_with_a_friend, new_app, play_both, pump
from test_devices_invite import OFFER

from pygames_core import games
from pygames_ui.app import App
from pygames_ui.devices import guest_keep, invite, play, protocol
from pygames_ui.devices.guest_ui import GUEST_PEER
from pygames_ui.devices.loopback import Clock
from pygames_ui.devices.room import CONNECT_S
from pygames_ui.dom import esc
from pygames_ui.tables.base import Ctx

EN = CATALOGUES["en"]


def test_the_same_answer_given_twice_is_connected_once_and_said_so() -> None:
    """Connect pressed twice, or the code pasted and the link opened: one accept, and a word."""
    host, guest = lobby_with_a_friend()
    room, answer = host.room, guest.joining.answer  # type: ignore[union-attr]
    assert room is not None and answer is not None
    click(host, "p2p-connect", {"answer_1": answer}, seat=1)
    click(host, "p2p-connect", {"answer_1": SITE + "#a=" + answer}, seat=1)
    assert accepting(play.effects(host))
    assert room.problem == "devices.answer_taken" and EN["devices.answer_taken"] in host.render()
    play.failed(host, 1)  # the browser could not take it after all: it may be given again
    click(host, "p2p-connect", {"answer_1": answer}, seat=1)
    assert accepting(play.effects(host)) and room.problem is None


def test_an_invite_opened_on_two_devices_never_blocks_its_seat() -> None:
    """Two phones opened the same invite and both joined: the first answer is connected, the other
    is said to be another device's; if none connects, the seat says so and a new invite is at hand."""
    host, guest = lobby_with_a_friend()
    room, answer = host.room, guest.joining.answer  # type: ignore[union-attr]
    assert room is not None and answer is not None
    clock = room.clock
    other = new_app()  # the second phone, at the same invite
    play.open_invite(other, "#j=" + room.invites[1])
    click(other, "p2p-join")
    for kind, _peer, *_ in play.effects(other):
        if kind == "p2p-answer":
            play.on_event(other, "answer", GUEST_PEER, ANSWER.replace("ice-ufrag:", "ice-ufrag:x"))
    assert other.joining is not None and other.joining.answer not in (None, answer)
    click(host, "p2p-connect", {"answer_1": answer}, seat=1)
    assert accepting(play.effects(host)) and room.seat_state(1) == "connecting"
    html = host.render()
    assert f'data-state="connecting">{EN["devices.state.connecting"]}' in html
    click(host, "p2p-connect", {"answer_1": other.joining.answer}, seat=1)
    assert play.effects(host) == [] and room.problem == "devices.answer_other_device"
    assert esc(EN["devices.answer_other_device"].format(name=host.session.seats[1].name)) in host.render()  # type: ignore[union-attr]
    room.clock = lambda: clock() + CONNECT_S  # nothing connected meanwhile
    assert play.tick(host)  # (the lobby is drawn again when a seat's state changes)
    html = host.render()
    seat = html[html.index('class="lobby-seat" data-seat="1"'):]
    assert esc(EN["devices.not_connected"].format(name=host.session.seats[1].name)) in seat  # type: ignore[union-attr]
    assert 'data-action="p2p-reinvite"' in seat and "#j=" not in seat.split("</section>")[0]
    click(host, "p2p-reinvite", seat=1)  # a new invite: the seat is free again for one device
    assert play.effects(host) == [("p2p-offer", 1)] and room.seat_state(1) == "invited"


def three_seats(values: dict[str, str] | None = None) -> App:
    """A host's lobby for two friends (seats 2 and 3)."""
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "add-seat")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "seat_kind_2": "remote", **(values or {})})
    return host


def test_a_failed_invite_keeps_its_try_again_whatever_another_friend_s_answer_says() -> None:
    host = three_seats()
    for kind, peer, *_ in play.effects(host):
        assert kind == "p2p-offer"
        if peer == 1:
            play.on_event(host, "offer", 1, OFFER)
        else:
            play.failed(host, 2)  # seat 3's invite could not be made …
    click(host, "p2p-connect", {"answer_1": "not an answer"}, seat=1)  # … and a bad answer for seat 2
    html = host.render()
    seat_3 = html[html.index('class="lobby-seat" data-seat="2"'):]
    seat_3 = seat_3[:seat_3.index("</section>")]
    assert EN["devices.offer_failed"] in seat_3 and 'data-action="p2p-reinvite"' in seat_3
    assert EN["devices.bad_answer"] in html
    click(host, "p2p-reinvite", seat=2)  # Try again: asked for, and said as being made
    assert ("p2p-offer", 2) in play.effects(host) and EN["devices.offer_failed"] not in host.render()


def test_a_connection_that_never_opens_tells_the_guest_to_ask_for_a_new_invite() -> None:
    host, guest = lobby_with_a_friend()
    j = guest.joining
    assert j is not None and j.answer is not None
    assert esc(EN["devices.answer_how"]) in guest.render()
    play.on_event(guest, "closed", GUEST_PEER, "")  # the devices could not reach each other
    html = guest.render()
    assert esc(EN["devices.unreached"]) in html and esc(EN["devices.answer_how"]) not in html  # (that answer is dead)
    assert 'name="stun"' in html  # (across the internet: the STUN setting is at hand)


def test_a_stale_new_invite_click_never_hangs_up_a_friend_who_is_back() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    play.on_event(host, "closed", 1, "")
    click(host, "p2p-stand-in", seat=1)
    pump(host, guest)  # (his new invite)
    back = come_back(host)  # he is back while a bot plays for him: "Hand the seat back" is offered
    assert room.seat_state(1) == "bot" and room.referee.connected(1)
    play.effects(host)
    click(host, "p2p-reinvite", seat=1)  # a button drawn while he was away, pressed now
    assert play.effects(host) == [] and room.referee.connected(1) and back.joining.connected  # type: ignore[union-attr]


def pump_all(host: App, guests: dict[int, App]) -> None:
    """The page's part for a host and a guest per seat: each message to its own device."""
    for _ in range(100):
        moved = False
        for kind, peer, *rest in play.effects(host):
            moved = True
            if kind == "p2p-send" and peer in guests:
                play.on_event(guests[int(peer)], "message", GUEST_PEER, str(rest[0]))  # type: ignore[call-overload]
        for seat, guest in guests.items():
            for kind, _peer, *rest in play.effects(guest):
                moved = True
                if kind == "p2p-send":
                    play.on_event(host, "message", seat, str(rest[0]))
        if not moved:
            return
    raise AssertionError("the effects never settle")


def test_the_lobby_open_again_after_play_again_shows_the_friend_here_the_waiting_screen() -> None:
    host = three_seats({"opt_target": "20"})
    pump(host, new_app())  # (the two invites)
    a, b = come_back(host, 1), come_back(host, 2)
    friends = {1: a, 2: b}
    click(host, "p2p-start")
    pump_all(host, friends)
    s, room = host.session, host.room
    assert s is not None and room is not None and a.screen == b.screen == "guest"
    clock = Clock()
    clock.now, room.referee.clock = room.referee.clock(), clock
    while not s.game.is_over(s.state):
        clock.now += 0.1
        if host.interlude() is not None:
            click(host, "dismiss")
        elif s.state.current_player in friends:
            j = friends[s.state.current_player].joining
            j.act(j.frame().legal[0])  # type: ignore[union-attr]
        else:
            host.play(host.ctx().legal[0])  # type: ignore[union-attr]
        pump_all(host, friends)
    play.on_event(host, "closed", 2, "")  # the third player has gone home
    pump_all(host, friends)
    click(host, "again")  # the lobby opens again, to wait for him (or a bot) …
    pump_all(host, {1: a})
    assert not room.started and 'id="lobby"' in host.render()
    assert a.screen == "join" and EN["devices.connected"] in a.render()  # … and the friend here is told so
    click(host, "p2p-stand-in", seat=2)
    click(host, "p2p-start")
    pump_all(host, {1: a})
    assert a.screen == "guest" and a.joining.guest.table["moves"] == 0  # type: ignore[union-attr,index]


def test_a_guest_reading_the_rules_is_not_pulled_back_by_each_move() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    click(guest, "rules", game="klats")
    assert guest.screen == "rules"
    ctx = host.ctx()
    assert ctx is not None and ctx.my_turn
    host.play(ctx.legal[0])
    pump(host, guest)
    assert guest.screen == "rules"  # the move came; he reads on
    assert guest.joining is not None and guest.joining.guest.table["moves"] == 1  # type: ignore[index]


def test_a_guest_finds_the_rules_in_his_menu_and_the_way_back_to_the_table_atop_them() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    html = guest.render()
    assert 'data-action="rules" data-game="klats"' in html[:html.index("</header>")]
    click(guest, "rules", game="klats")
    html = guest.render()
    assert EN["rules.back_to_game"] in html and html.index(EN["rules.back_to_game"]) < html.index("<h2")
    click(guest, "back")
    assert guest.screen == "guest"


def test_a_guest_who_starts_a_game_of_his_own_leaves_the_host_s_table_and_is_told_so_first() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    click(guest, "setup", game="zoomagia")
    said = esc(EN["devices.leaves_host"].format(name="Host", game="Klats!"))
    assert said in guest.render()
    click(guest, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    assert ("p2p-close", -1) in play.effects(guest) and guest.joining is None
    assert guest.screen == "table" and 'data-action="to-host"' not in (click(guest, "home") or guest.render())
    play.on_event(host, "closed", 1, "")  # (his page closed the connection: the host sees him away)
    assert host.room is not None and host.room.seat_state(1) == "away"


def test_a_table_whose_log_cannot_be_read_breaks_neither_the_screen_nor_what_is_said() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None and j.guest.table is not None
    odd = dict(j.guest.table, events=[{"type": "no such event", "x": [1, 2]}], events_from=len(j.guest.events))
    play.on_event(guest, "message", GUEST_PEER, json.dumps({"v": protocol.PROTOCOL, "build": "b1",
                                                           "seq": j.guest.seq_in + 1, "type": "table", **odd}))
    guest.render()
    guest.announcement()  # (the live region: nothing to say, and no fault)


def test_after_play_again_a_friend_hears_the_new_game_s_first_lines() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    play_both(host, guest, each=lambda: (guest.render(), guest.announcement()))  # (heard as it goes)
    click(host, "again")
    pump(host, guest)
    guest.render()
    said = guest.announcement() or ""
    assert "Round 1 begins" in said, said  # the new game's first line


def test_a_view_the_host_made_up_breaks_nothing_said_either() -> None:
    host, guest = connect("klats", {"opt_target": "20", "opt_first_player": "1"})
    j = guest.joining
    assert j is not None and j.guest.table is not None and j.guest.table["legal"]  # (his turn: the table asks more of the view)
    guest.render()
    guest.announcement()
    odd = dict(j.guest.table, view={}, events=[], events_from=len(j.guest.events))
    play.on_event(guest, "message", GUEST_PEER, json.dumps({"v": protocol.PROTOCOL, "build": "b1",
                                                           "seq": j.guest.seq_in + 1, "type": "table", **odd}))
    assert esc(EN["devices.bad_table"]) in guest.render()
    assert guest.announcement() is None


def test_a_camera_that_failed_does_not_let_the_same_answer_be_taken_twice() -> None:
    host, guest = lobby_with_a_friend()
    room, answer = host.room, guest.joining.answer  # type: ignore[union-attr]
    assert room is not None and answer is not None
    click(host, "p2p-connect", {"answer_1": answer}, seat=1)
    assert accepting(play.effects(host))
    click(host, "p2p-scan", seat=1)
    play.failed(host, 1)  # the camera: not allowed
    click(host, "p2p-connect", {"answer_1": answer}, seat=1)
    assert not [e for e in play.effects(host) if e[0] == "p2p-accept"] and room.problem == "devices.answer_taken"


def test_what_a_click_in_the_lobby_says_is_said_inside_it() -> None:
    host, _guest = lobby_with_a_friend()
    click(host, "p2p-stun", {"stun": "stun:stun.example.org:3478"})
    html = host.render()
    lobby = html[html.index('id="lobby"'):]
    assert host.news and esc(host.news) in lobby and html.count(esc(host.news)) == 1
    click(host, "p2p-stun", {"stun": "http://nope/"})
    html = host.render()
    assert esc(EN["devices.stun_bad"]) in html[html.index('id="lobby"'):]


def test_a_friend_late_for_the_start_comes_in_by_the_invite_beside_the_table() -> None:
    """The host started with a bot for a friend who had not come yet: his invite stays beside
    the table (no dead end), he comes in by it and takes his seat back; a seat handed back before
    he came waits with its invite and "Let a bot play" (the game was stuck on it)."""
    host = three_seats()
    pump(host, new_app())
    room = host.room
    assert room is not None
    first = come_back(host, 1)
    click(host, "p2p-stand-in", seat=2)
    click(host, "p2p-start")
    assert room.started and room.seat_state(2) == "bot"
    html = host.render()
    assert 'id="invite-2"' in html and room.invites[2] in html  # the late friend's way in
    click(host, "p2p-hand-back", seat=2)  # handed back before he came: waited for, and said how
    assert room.seat_state(2) == "invited"
    friends = host.render()
    friends = friends[friends.index('class="presence"'):]
    seat_3 = friends[friends.index('data-seat="2"'):friends.index("</li>", friends.index('data-seat="2"'))]
    assert 'data-action="p2p-stand-in"' in seat_3 and 'id="invite-2"' in seat_3
    assert esc(EN["devices.late_line"].format(name="Player 3")) in host.render()  # (above the board too)
    click(host, "p2p-stand-in", seat=2)
    late = come_back(host, 2)  # (the first time he comes: his seat is his at once)
    assert room.seat_state(2) == "here" and room.referee.connected(2)
    pump(host, late, 2)
    assert late.screen == "guest" and first.joining is not None


@pytest.mark.parametrize("game", ["klats", "zoomagia", "rps_zombie"])
def test_a_friend_cut_off_from_the_host_reads_that_the_game_waits_not_whose_thinking(game: str) -> None:
    """The host's page went away mid-game: the friend's prompt said "You are thinking…" (or the
    host was) over a table nothing on which moves; it says the game is paused here."""
    for whose in (1, 0):  # his own turn, the host's
        host, guest = connect(game, {"opt_target": "20"} if game == "klats" else {})
        s = host.session
        assert s is not None
        play_both(host, guest, until=lambda s=s, whose=whose, host=host: (
            s.state.current_player == whose and host.interlude() is None))
        assert s.state.current_player == whose
        play.on_event(guest, "closed", GUEST_PEER, "")
        html = guest.render()
        prompt = html[html.index('id="prompt"'):]
        prompt = prompt[:prompt.index("</p>")]
        assert esc(EN["table.cut_off"]) in prompt and "thinking" not in prompt


def test_an_answer_link_is_read_before_it_is_handed_on() -> None:
    """A tab opened at an answer link hands it to the game's tab only if it holds an answer (a
    broken one was said to be 'passed to the game')."""
    host, guest = lobby_with_a_friend()
    answer = guest.joining.answer  # type: ignore[union-attr]
    assert answer is not None
    assert invite.answer_readable(SITE + "#a=" + answer) and invite.answer_readable(answer)
    for broken in (SITE + "#a=garbage", SITE + "#a=" + answer[:-9], "#a=", ""):
        assert not invite.answer_readable(broken), broken


def test_an_answer_for_a_friend_here_names_him_and_the_invite_pasted_back_is_said_to_be_one() -> None:
    """Pasted in another seat's box, "that friend is here already" read as if about that seat:
    it names whose answer it is. The invite itself pasted back gets its own words."""
    host = three_seats()
    pump(host, new_app())
    room = host.room
    assert room is not None
    first = come_back(host, 1)
    answer = first.joining.answer  # type: ignore[union-attr]
    click(host, "p2p-connect", {"answer_2": answer}, seat=2)
    seat_3 = host.render()
    seat_3 = seat_3[seat_3.index('class="lobby-seat" data-seat="2"'):]
    assert esc(EN["devices.answer_not_needed"].format(name="Player 2")) in seat_3[:seat_3.index("</section>")]
    click(host, "p2p-connect", {"answer_2": SITE + "#j=" + room.invites[2]}, seat=2)
    assert room.problem == "devices.invite_not_answer" and esc(EN["devices.invite_not_answer"]) in host.render()


def test_a_friend_s_own_seat_says_it_is_his() -> None:
    """On his own device a friend's seat showed only his name, like anyone's: it says "you"."""
    host, guest = connect("zoomagia", {})
    html = guest.render()
    mine = html[html.index('data-seat="1"'):]
    assert f'<span class="badge you">{EN["kind.you"]}</span>' in mine[:mine.index("</header>")]
    assert html.count('class="badge you"') == 1
    assert 'class="badge you"' not in host.render()  # (the host's seat is "You")


def test_who_a_bot_plays_for_is_not_said_once_the_game_is_over() -> None:
    host, guest = connect("rps_zombie", {})
    click(host, "p2p-stand-in", seat=1)  # a bot plays his seat (he is here, and sees it said) …
    pump(host, guest)
    assert 'class="presence-line"' in guest.render()
    from apptools import play_on

    play_on(host, seed=1)  # … to the end of the game
    pump(host, guest)
    assert guest.joining is not None and guest.joining.frame().over  # type: ignore[union-attr]
    assert EN["devices.bot_for"].split("{")[0] not in guest.render() and 'class="presence-line"' not in guest.render()


def test_an_answer_that_waits_long_says_what_may_be_wrong() -> None:
    """A second device that opened an invite already used waited for ever on "let the host scan
    this": after a while its screen says what may be wrong (and the heartbeat draws it)."""
    host, guest = lobby_with_a_friend()
    j = guest.joining
    assert j is not None and j.answered_at is not None
    now = [j.answered_at]
    j.clock = lambda: now[0]
    said = esc(EN["devices.still_waiting"])
    assert said not in guest.render() and not play.tick(guest)
    now[0] += 60
    assert play.tick(guest) and said in guest.render()
    assert not play.tick(guest)  # (drawn once)


def test_during_play_a_friend_s_answer_connecting_or_dead_shows_no_invite_to_send_again() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    name = host.session.seats[1].name  # type: ignore[union-attr]
    play.on_event(host, "closed", 1, "")  # he dropped out: a new invite beside the table
    pump(host, guest)
    assert 'id="invite-1"' in host.render()
    back = new_app()  # his phone again, at the new invite
    play.open_invite(back, "#j=" + room.invites[1])
    click(back, "p2p-join")
    pump(host, back)
    click(host, "p2p-connect", {"answer_1": back.joining.answer}, seat=1)  # type: ignore[union-attr]
    html = host.render()
    assert room.seat_state(1) == "connecting" and 'id="invite-1"' not in html  # (nothing to send him now)
    assert esc(EN["devices.connecting_line"].format(name=name)) in html
    clock = room.clock
    room.clock = lambda: clock() + 30  # it never connects
    html = host.render()
    assert room.seat_state(1) == "unreached" and 'id="invite-1"' not in html and "#j=" not in html
    line = html[html.index(esc(EN["devices.not_connected"].format(name=name))):]
    assert 'data-action="p2p-reinvite"' in line[:line.index("</div>")]


def test_a_friend_whose_tab_was_closed_is_told_on_the_home_screen_how_to_come_back() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    pump(host, guest)
    back_said = esc(EN["devices.table_left_back"].format(name="Host", game="Klats!"))
    ask_said = esc(EN["devices.table_left"].format(name="Host", game="Klats!"))
    assert back_said not in guest.render() and ask_said not in guest.render()  # (linked: "Back to the table" instead)
    again = App(CATALOGUES, "en", guest.storage, seed=2)  # his phone killed the tab; the site opened again
    again.boot()
    html = again.render()
    # The spare connection his host keeps for this device leads back: a link to the invite he came by.
    assert again.screen == "home" and back_said in html
    j = guest.joining
    assert j is not None
    way = "#j=" + invite.write_invite(j.invite, games.names())
    assert f'<a class="button primary" href="{esc(way)}">{esc(EN["devices.back_to_table"])}</a>' in html
    play.open_invite(again, way)  # (the link followed: the page opens that address)
    assert again.joining is not None and again.joining.rejoining
    # Without it (kept too long, or another device's), he is told to ask his host for a new invite.
    guest.storage.removeItem(guest_keep.SPARE_KEY)
    again = App(CATALOGUES, "en", guest.storage, seed=2)
    again.boot()
    html = again.render()
    assert ask_said in html and back_said not in html and "#j=" not in html
    click(again, "forget-table")
    assert ask_said not in again.render()
    play_both(host, guest)  # the game ends: nothing is kept to say
    assert guest.joining.frame().over  # type: ignore[union-attr]
    later = App(CATALOGUES, "en", guest.storage, seed=2)
    later.boot()
    html = later.render()
    assert ask_said not in html and back_said not in html


def test_during_play_a_friend_back_on_another_version_is_said_above_the_board() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    play.on_event(host, "closed", 1, "")
    pump(host, guest)
    back = new_app("b0")  # his phone, updated meanwhile
    play.open_invite(back, "#j=" + room.invites[1])
    click(back, "p2p-join")
    pump(host, back)
    click(host, "p2p-connect", {"answer_1": back.joining.answer}, seat=1)  # type: ignore[union-attr]
    play.effects(host)
    play.on_event(back, "open", GUEST_PEER, "")
    pump(host, back)
    html = host.render()
    name = host.session.seats[1].name  # type: ignore[union-attr]
    assert room.seat_state(1) == "other_build"
    said = esc(EN["devices.other_build_line"].format(name=name))
    assert said in html and html.index(said) < html.index('class="klats-table"')


def test_a_hello_lost_on_a_connection_just_opened_is_said_again_until_the_table_comes() -> None:
    """The channel opened but the guest's hello never reached the host's referee (seen once in
    Chromium, a friend rejoining while a bot played his seat): the guest does not wait forever on
    "connected": its next heartbeat says hello again, and its table comes."""
    host, guest = lobby_with_a_friend()
    room, j = host.room, guest.joining
    assert room is not None and j is not None and j.answer is not None
    click(host, "p2p-connect", {"answer_1": j.answer}, seat=1)
    play.effects(host)
    play.on_event(guest, "open", GUEST_PEER, "")
    assert [e[0] for e in play.effects(guest)] == ["p2p-send"]  # the hello, lost on its way
    assert j.connected and j.guest.table is None and room.referee.seat_state(1) != "here"
    play.tick(guest)
    sent = play.effects(guest)
    assert [json.loads(str(e[2]))["type"] for e in sent] == ["hello"]
    for _kind, _peer, text in sent:
        play.on_event(host, "message", 1, str(text))
    pump(host, guest)
    assert room.referee.seat_state(1) == "here" and j.guest.table is not None
    play.tick(guest)  # its table here: a ping, as ever
    assert [json.loads(str(e[2]))["type"] for e in play.effects(guest)] == ["ping"]


def test_behind_the_lobby_a_friend_only_invited_is_not_said_away() -> None:
    """The host's table behind the lobby: a seat invited and not yet come is "a friend on another
    device" beside its name (it said "away", while the lobby's list said "invited"); once he has
    come and gone, "away"."""
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "opt_target": "20"})
    pump(host, new_app())
    html = host.render()
    assert 'data-state="invited"' in html and EN["kind.remote_away"] not in html
    assert f'<span class="badge">{EN["kind.remote"]}</span>' in html
    back = come_back(host)
    play.on_event(host, "closed", 1, "")
    assert back.joining is not None and f'<span class="badge away">{EN["kind.remote_away"]}</span>' in host.render()


@pytest.mark.parametrize("game", ["klats", "zoomagia", "rps_zombie"])
def test_a_friend_away_or_played_by_a_bot_is_said_beside_his_name_on_every_device(game: str) -> None:
    """A phone scrolled down to the seats does not show the line above the board: the seat's own
    tag says that its friend is away (then that a bot plays for him), on the host's table and on
    another friend's (whose frame names every person as a person)."""
    values = {"seat_kind_1": "remote"} if game != "rps_zombie" else {"seat_kind_1": "remote", "first_player": "0"}
    host, guest = connect(game, values)
    room = host.room
    assert room is not None
    away, bot = EN["kind.remote_away"], EN["kind.remote_bot"]
    assert away not in host.render() and bot not in host.render()
    play.on_event(host, "closed", 1, "")  # his tab closed
    assert f'<span class="badge away">{away}</span>' in host.render()
    click(host, "p2p-stand-in", seat=1)
    html = host.render()
    assert f'<span class="badge">{bot}</span>' in html and away not in html
    # On another friend's device: whatever seat the host says is away, or played by a bot.
    j = guest.joining
    assert j is not None and j.guest.table is not None
    j.guest.table = {**j.guest.table, "away": [0], "bots": []}
    assert f'<span class="badge away">{away}</span>' in guest.render()
    j.guest.table = {**j.guest.table, "away": [], "bots": [0]}
    assert f'<span class="badge">{bot}</span>' in guest.render()
    j.guest.table = {**j.guest.table, "bots": [1]}  # his own seat: "you" (the line above the board says the rest)
    frame = j.frame(guest.t)
    assert frame is not None
    assert Ctx(guest.t, frame).badge(1) == f'<span class="badge you">{EN["kind.you"]}</span>'


def test_the_lobby_s_like_controls_are_named_for_their_friend() -> None:
    """Two invites: two answer boxes, two Connect, two camera buttons, two "Let a bot play"; a
    screen reader's list of controls tells them apart by the friend each is for."""
    host = three_seats()
    pump(host, new_app())
    html, s = host.render(), host.session
    assert s is not None
    for seat in (1, 2):
        name = s.seats[seat].name
        for key in ("devices.connect", "devices.paste_answer", "devices.scan", "devices.stand_in"):
            assert f'aria-label="{esc(EN[key])}: {esc(name)}"' in html, (key, name)


def test_once_the_game_is_over_no_invite_stays_beside_the_table_for_a_friend_who_never_came() -> None:
    """A bot played all game for a friend who never came: at the end his invite (and its answer
    box) leaves the table; "Play again" deals the next game, whose invite it is again."""
    host = three_seats({"opt_target": "15"})
    pump(host, new_app())
    room, s = host.room, host.session
    assert room is not None and s is not None
    first = come_back(host, 1)
    click(host, "p2p-stand-in", seat=2)
    click(host, "p2p-start")
    assert 'id="invite-2"' in host.render()
    for _ in range(2000):
        if s.game.is_over(s.state):
            break
        if host.bots_pending():
            host.step_bot()
        elif s.state.current_player == 0:
            host.play(host.ctx().legal[0])  # type: ignore[union-attr]
        else:
            pump(host, first)
            j = first.joining
            assert j is not None and j.guest.table is not None
            j.act(j.guest.table["legal"][0])
            pump(host, first)
        if host.interlude() is not None:
            click(host, "dismiss")
    assert s.game.is_over(s.state)
    assert 'id="invite-2"' not in host.render() and 'id="answer-2"' not in host.render()

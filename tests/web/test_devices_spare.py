"""A friend's device comes back to the table by itself: the spare connection its host keeps for it.

The host answers in advance for the guest's next connection (its certificate is known, the ICE
credentials chosen by the host), so a page that reloads, or a connection that drops, needs no
new invite passed by hand (pygames_ui/devices/spare.py). The Chromium test
(tests/e2e/test_devices.py) does it over real data channels.
"""

from __future__ import annotations

import json

import pytest
from apptools import click
from test_devices_app import ANSWER, CATALOGUES, connect, new_app, pump
from test_devices_invite import OFFER

from pygames_ui.app import App
from pygames_ui.devices import around, guest_keep, invite, play, protocol, spare
from pygames_ui.devices.guest_ui import GUEST_PEER, Joining
from pygames_ui.devices.loopback import Clock
from pygames_ui.dom import esc

EN = CATALOGUES["en"]


def test_the_host_keeps_a_spare_connection_for_the_device_that_joined_and_tells_it_alone() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room, j = host.room, guest.joining
    assert room is not None and j is not None
    kept = room.spares[1]
    assert kept is not None
    # It waits for the device that answered the invite, with the credentials the host chose.
    assert kept.fingerprint == invite.parse(ANSWER).fingerprint
    assert j.guest.spare == (kept.offer, kept.ufrag, kept.pwd)
    assert guest_keep.kept_spare(guest.storage, j.invite) == j.guest.spare  # (kept for a reload)
    assert room.peers() == [1, 101]


def test_the_answer_the_host_expects_is_that_device_s_with_the_credentials_it_was_sent() -> None:
    host = new_app()
    click(host, "setup", game="klats")
    click(host, "start", {"seat_kind_0": "human", "seat_kind_1": "remote", "opt_target": "20"})
    room = host.room
    assert room is not None
    fingerprint = invite.parse(ANSWER).fingerprint
    room.making[1] = fingerprint  # (asked for as his answer was taken)
    room.offer_made(101, ANSWER.replace("a=setup:active", "a=setup:actpass"))
    kept = room.spares[1]
    assert kept is not None
    (kind, peer, expected), = [e for e in room.take_effects() if e[0] == "p2p-accept"]
    told = invite.parse(expected)
    assert (peer, told.fingerprint, told.ufrag, told.pwd, told.role) == (101, fingerprint, kept.ufrag, kept.pwd, "active")
    assert told.candidates == ()  # (the guest's address comes with its connectivity checks)
    assert len(kept.ufrag) >= 4 and len(kept.pwd) >= 22


def reloaded(guest: App) -> App:
    """The friend's page reloads: a new app on the same device, at the invite's address."""
    j = guest.joining
    assert j is not None
    again = App(CATALOGUES, "en", guest.storage, seed=2)
    again.build, again.site = guest.build, guest.site
    again.boot()
    play.open_invite(again, invite.JOIN_PREFIX + invite.write_invite(j.invite, _games()))
    return again


def _games() -> list[str]:
    from pygames_core import games

    return games.names()


def test_a_reloaded_page_comes_back_by_the_spare_connection_with_no_new_invite() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    kept = room.spares[1]
    assert kept is not None
    play.on_event(host, "closed", 1, "")  # his page reloads: away, and a new invite made meanwhile
    assert room.referee.seat_state(1) == "away"
    back = reloaded(guest)
    j = back.joining
    assert j is not None and j.spent and j.rejoining
    # No Join to press: the page answers the spare offer with the credentials the host chose.
    assert play.effects(back) == [("p2p-rejoin", GUEST_PEER, invite.from_text(kept.offer), kept.ufrag, kept.pwd)]
    html = back.render()
    assert esc(EN["devices.rejoining"].format(named="")) in html and 'data-action="p2p-join"' not in html
    play.effects(host)
    play.on_event(host, "open", 101, "")  # the spare connection opens on the host: it becomes his seat's
    assert play.effects(host) == [("p2p-promote", 101, 1), ("p2p-offer", 101)]  # (and the next spare is made)
    play.on_event(host, "offer", 101, OFFER)
    play.on_event(back, "open", GUEST_PEER, "")
    pump(host, back)
    assert room.referee.seat_state(1) == "here" and back.screen == "guest" and not j.rejoining
    assert room.spares[1] is not None and room.spares[1] != kept  # a new spare, sent to him
    assert j.guest.spare == (room.spares[1].offer, room.spares[1].ufrag, room.spares[1].pwd)  # type: ignore[union-attr]
    host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    pump(host, back)
    j.act(j.frame().legal[0])  # type: ignore[union-attr]  # he plays on
    pump(host, back)
    assert len(host.session.record["actions"]) == 2  # type: ignore[union-attr]


def test_a_page_reloaded_in_the_lobby_says_it_is_back_and_waits_for_the_start_not_that_its_invite_is_spent() -> None:
    """Reloaded before the host starts (or at the table, until its table comes): back by the spare
    connection, the page said "ask for a new invite" for good while the host's lobby said "here"."""
    host, guest = connect("klats", {"opt_target": "20"}, start=False)
    room = host.room
    assert room is not None and room.spares[1] is not None and not room.started
    play.on_event(host, "closed", 1, "")
    back = reloaded(guest)
    j = back.joining
    assert j is not None and j.spent and j.rejoining
    play.effects(host)
    play.on_event(host, "open", 101, "")
    play.on_event(host, "offer", 101, OFFER)
    play.on_event(back, "open", GUEST_PEER, "")  # connected again, its table not come yet
    spent, rejoining = esc(EN["devices.invite_spent"]), esc(EN["devices.rejoining"].format(named=""))
    html = back.render()
    assert spent not in html and rejoining in html and 'data-action="p2p-join"' not in html
    pump(host, back)  # the table comes: the game is not started
    html = back.render()
    assert back.screen == "join" and room.referee.seat_state(1) == "here"
    assert spent not in html and EN["devices.connected"] in html and 'data-action="p2p-join"' not in html
    click(host, "p2p-start")  # and the game comes to it when the host starts
    pump(host, back)
    assert back.screen == "guest"


def test_the_spare_connection_opening_makes_it_the_seat_s_and_a_fresh_link() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    link = room.referee.holder(1)
    assert link is not None and room.referee.links[link].seq_in > 0
    play.on_event(host, "open", 101, "")  # (the host had not seen the old one go: a dropped network)
    effects = play.effects(host)
    assert ("p2p-promote", 101, 1) in effects
    assert room.referee.holder(1) is None and 1 not in room.spares  # (spent: the next one is being made)
    assert ("p2p-offer", 101) in effects and room.making[1] == room.devices[1]
    play.on_event(host, "offer", 101, OFFER)
    j = guest.joining
    assert j is not None
    play.on_event(guest, "open", GUEST_PEER, "")  # his new connection: its messages are numbered afresh
    pump(host, guest)
    assert room.referee.seat_state(1) == "here" and j.guest.dropped["replayed"] == 0
    assert room.spares[1] is not None


def test_a_dropped_connection_comes_back_by_the_spare_one_in_the_same_page() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None
    kept = j.guest.spare
    play.on_event(guest, "closed", GUEST_PEER, "")
    assert j.rejoining and not j.lost and play.effects(guest)[0][:2] == ("p2p-rejoin", GUEST_PEER)
    html = guest.render()
    assert esc(EN["devices.rejoining"].format(named="")) in html and esc(EN["devices.lost"]) not in html
    assert kept is not None and j.guest.spare is None  # (a spare connects once)
    play.on_event(host, "closed", 1, "")
    play.on_event(host, "open", 101, "")
    play.on_event(guest, "open", GUEST_PEER, "")
    pump(host, guest)
    assert host.room.referee.seat_state(1) == "here" and guest.screen == "guest"  # type: ignore[union-attr]
    assert j.guest.spare is not None and not j.lost


@pytest.mark.parametrize("how", ["never", "refused"])
def test_a_spare_connection_that_does_not_open_is_tried_again_then_leaves_the_ask_for_a_new_invite(how: str) -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    play.on_event(host, "closed", 1, "")  # (the host reloads: its spare connections are gone)
    back = reloaded(guest)
    j = back.joining
    assert j is not None and j.rejoin_try is not None
    clock = Clock()
    clock.now, j.clock, j.rejoin_try.since, j.rejoin_try.at = 100.0, clock, 100.0, 100.0
    first = play.effects(back)
    if how == "never":
        clock.now += spare.TRY_S - 0.5
        assert not play.tick(back) and j.rejoining and play.effects(back) == []
        assert esc(EN["devices.rejoining"].format(named="")) in back.render()
        clock.now += 1.0  # the host's phone asleep? a new try, on a new connection, with the same spare
        assert play.tick(back) and play.effects(back) == first
        html = back.render()  # (and what else may be done: the host's page reloaded?)
        assert esc(EN["devices.rejoining_long"].format(named="")) in html and esc(EN["devices.invite_spent"]) not in html
        play.on_event(back, "closed", GUEST_PEER, "")  # (a try's connection failed: the clock brings the next)
        assert j.rejoining and play.effects(back) == []
        while clock.now - 100.0 < spare.GIVE_UP_S:
            clock.now += spare.TRY_S
            assert play.tick(back) and play.effects(back)[0][0] in ("p2p-rejoin", "p2p-close")
        assert play.effects(back) == [] and not j.rejoining
    else:  # (another browser may not let the page set the credentials: no try does better)
        play.failed(back, GUEST_PEER)
        assert back.flash is None
    assert not j.rejoining
    html = back.render()
    assert esc(EN["devices.invite_spent"]) in html and esc(EN["devices.rejoining"].format(named="")) not in html
    assert esc(EN["devices.rejoining_long"].format(named="")) not in html


def test_a_host_asleep_for_minutes_is_reached_by_a_later_try() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None
    clock = Clock()
    clock.now, j.clock = 100.0, clock
    play.on_event(guest, "closed", GUEST_PEER, "")  # the host's phone locked: the connection fails
    play.effects(guest)
    for _ in range(10):  # a minute and more of tries
        clock.now += spare.TRY_S
        play.tick(guest)
    assert j.rejoining and play.effects(guest)[-1][0] == "p2p-rejoin"
    play.on_event(host, "closed", 1, "")  # the host's phone wakes: its old connection has failed …
    play.on_event(host, "open", 101, "")  # … and the guest's latest try opens the spare one
    play.on_event(guest, "open", GUEST_PEER, "")
    pump(host, guest)
    assert host.room.referee.seat_state(1) == "here" and not j.rejoining and not j.lost  # type: ignore[union-attr]


def test_a_new_device_for_the_seat_gets_a_spare_of_its_own() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    first = room.spares[1]
    play.on_event(host, "closed", 1, "")
    pump(host, guest)
    other = ANSWER.replace("28:72:98:4F", "AA:BB:CC:DD")  # his other phone: another certificate
    phone = new_app()
    play.open_invite(phone, "#j=" + room.invites[1])
    click(phone, "p2p-join")
    for kind, *_ in play.effects(phone):
        assert kind == "p2p-answer"
    play.on_event(phone, "answer", GUEST_PEER, other)
    assert phone.joining is not None and phone.joining.answer is not None
    click(host, "p2p-connect", {"answer_1": phone.joining.answer}, seat=1)
    play.on_event(host, "open", 1, "")
    play.on_event(phone, "open", GUEST_PEER, "")
    pump(host, phone)
    now = room.spares[1]
    assert now is not None and first is not None and now.fingerprint == invite.parse(other).fingerprint != first.fingerprint
    assert phone.joining.guest.spare == (now.offer, now.ufrag, now.pwd)


@pytest.mark.parametrize("body", [
    {"offer": "not an offer", "ufrag": "abcd1234", "pwd": "a" * 24},
    {"offer": "AQAE", "ufrag": "abcd1234", "pwd": "a" * 24},
    {"offer": None, "ufrag": "abcd", "pwd": "a" * 24},
    {"offer": "x", "ufrag": "ab", "pwd": "a" * 24},
    {"offer": "x", "ufrag": "abcd\r\na=x", "pwd": "a" * 24},
    {"offer": "x", "ufrag": "abcd", "pwd": "short"},
    {"offer": "x", "ufrag": "abcd", "pwd": "a" * 24, "more": 1},
])
def test_a_hostile_spare_message_is_dropped_and_the_spare_kept_stays(body: dict[str, object]) -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    j: Joining | None = guest.joining
    assert j is not None
    kept = j.guest.spare
    good = host.room.spares[1]  # type: ignore[union-attr]
    assert good is not None
    body = {k: (good.offer if v == "x" else v) for k, v in body.items()}
    raw = json.dumps({"v": protocol.PROTOCOL, "build": "b1", "seq": j.guest.seq_in + 1, "type": "spare", **body})
    play.on_event(guest, "message", GUEST_PEER, raw)
    assert j.guest.spare == kept and sum(j.guest.dropped.values()) == 1
    assert guest_keep.kept_spare(guest.storage, j.invite) == kept


def test_a_spare_kept_for_another_invite_or_too_long_is_not_used() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None
    raw = guest.storage.getItem(guest_keep.SPARE_KEY)
    assert raw is not None
    tag, offer, ufrag, pwd, at, way = json.loads(raw)
    assert guest_keep.way_back(guest.storage, "", "klats") == "#j=" + way
    for changed in ([tag[::-1], offer, ufrag, pwd, at, way], [tag, offer, ufrag, pwd, at - spare.KEPT_S - 60, way],
                    [tag, offer, "x", pwd, at, way], [tag, offer, ufrag, pwd, "soon", way], {"a": 1}, [tag],
                    [tag, offer, ufrag, pwd, at]):
        guest.storage.setItem(guest_keep.SPARE_KEY, json.dumps(changed))
        assert guest_keep.kept_spare(guest.storage, j.invite) is None
        assert guest_keep.way_back(guest.storage, "", "klats") is None
    for other in ("broken", way[:-9], None):  # (the way back: only the invite that spare came by)
        guest.storage.setItem(guest_keep.SPARE_KEY, json.dumps([tag, offer, ufrag, pwd, at, other]))
        assert guest_keep.way_back(guest.storage, "", "klats") is None
    guest.storage.setItem(guest_keep.SPARE_KEY, json.dumps([tag, offer, ufrag, pwd, at, way]))
    assert guest_keep.way_back(guest.storage, "Another", "klats") is None
    guest.storage.setItem(guest_keep.SPARE_KEY, "{not json")
    back = reloaded(guest)
    assert back.joining is not None and not back.joining.rejoining and back.joining.spent


def test_the_host_s_reloaded_page_answers_each_friend_s_waiting_connection() -> None:
    """The other way round: the friend's device keeps a connection waiting for the host's reload,
    answered in advance for the host's certificate; the host keeps its offer by the seat's token."""
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None and j.waiting  # (asked for with his first table)
    play.on_event(guest, "offer", spare.GUEST_WAITING, OFFER)  # the page made it: the host is told
    (accept, peer, expected), (send, to, message) = play.effects(guest)
    told = invite.parse(expected)
    assert (accept, peer, send, to) == ("p2p-accept", spare.GUEST_WAITING, "p2p-send", GUEST_PEER)
    assert told.fingerprint == j.invite.offer.fingerprint and told.candidates == ()  # (the host's certificate)
    body = json.loads(message)
    assert body["type"] == "spare" and (body["ufrag"], body["pwd"]) == (told.ufrag, told.pwd)
    play.on_event(host, "message", 1, message)
    room = host.room
    assert room is not None and room.referee.waiting[1] == (body["offer"], body["ufrag"], body["pwd"])
    host.play(host.ctx().legal[0])  # type: ignore[union-attr]
    pump(host, guest)
    play.on_event(guest, "closed", GUEST_PEER, "")  # the host's page reloads …
    play.effects(guest)
    again = reloaded_host(host)
    back = again.room
    assert back is not None and back.referee.seat_state(1) == "away"
    effects = play.effects(again)  # … and answers his waiting connection by itself (and makes a new invite)
    assert ("p2p-rejoin", 201, invite.from_text(body["offer"]), body["ufrag"], body["pwd"]) in effects
    assert ("p2p-offer", 1) in effects
    play.on_event(again, "open", 201, "")  # it opens: his seat's connection now, and a spare made for him
    assert play.effects(again) == [("p2p-promote", 201, 1), ("p2p-offer", 101)]
    play.on_event(again, "offer", 101, OFFER)
    play.on_event(guest, "open", spare.GUEST_WAITING, "")  # on his side too: his connection now
    promote, (kind, _, hello) = play.effects(guest)
    assert promote == ("p2p-promote", spare.GUEST_WAITING, GUEST_PEER) and kind == "p2p-send"
    assert j.connected and not j.rejoining and not j.waiting
    play.on_event(again, "message", 1, str(hello))  # his hello, with his token
    pump(again, guest)
    assert back.referee.seat_state(1) == "here" and guest.screen == "guest"
    assert j.waiting and back.spares[1].fingerprint == invite.parse(ANSWER).fingerprint  # (both ways again)
    assert len(again.session.record["actions"]) == 1  # type: ignore[union-attr]  # the same game goes on


def reloaded_host(host: App) -> App:
    again = App(CATALOGUES, "en", host.storage, seed=2)
    again.build, again.site = host.build, host.site
    again.boot()
    return again


@pytest.mark.parametrize("kept", [
    {"x": ["a", "b", "c", 0]}, [1, 2], "nope", {"TOKEN": ["AQAE", "abcd", "a" * 24, 0]},
    {"TOKEN": ["OFFER", "ab", "a" * 24, "NOW"]}, {"TOKEN": ["OFFER", "abcd", "a" * 24, 0]},
])
def test_a_waiting_connection_kept_wrongly_is_not_answered(kept: object) -> None:
    from pygames_ui.devices import host_keep

    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    token = room.referee.tokens[1]
    good = room.spares[1].offer  # (an offer as an invite carries it)
    text = json.dumps(kept).replace("TOKEN", token).replace("OFFER", good).replace('"NOW"', str(__import__("time").time()))
    host.storage.setItem(host_keep.KEY, text)
    assert host_keep.waiting(host.storage, room.referee.tokens) == {}
    again = reloaded_host(host)
    assert not any(e[0] == "p2p-rejoin" for e in play.effects(again))


def test_a_guest_s_waiting_connection_is_taken_from_his_seat_only() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    good = room.spares[1].offer
    bad = json.dumps({"v": protocol.PROTOCOL, "build": "b1", "seq": 1, "type": "spare", "offer": good, "ufrag": "abcd",
                      "pwd": "a" * 24})
    room.received(2, bad)  # (a connection with no seat: dropped)
    assert 2 not in room.referee.waiting and room.referee.dropped["no seat"] == 1
    nasty = json.loads(bad) | {"seq": 99, "ufrag": "ab\r\na=x"}
    room.received(1, json.dumps(nasty))
    assert room.referee.waiting == {} and room.referee.dropped["bad spare"] == 1


def test_a_friend_told_the_connection_is_lost_is_back_when_the_host_answers_his_waiting_one() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    j = guest.joining
    assert j is not None
    j.guest.spare = None  # (the host's page reloaded before its spare connection reached him)
    play.on_event(guest, "closed", GUEST_PEER, "")
    assert j.lost and not j.rejoining and esc(EN["devices.lost"]) in guest.render()
    play.on_event(guest, "open", spare.GUEST_WAITING, "")  # the host's reloaded page answers his waiting connection
    assert j.connected and not j.lost
    pump(host, guest)
    html = guest.render()
    assert esc(EN["devices.lost"]) not in html and guest.screen == "guest"


def test_the_host_reads_that_a_friend_away_should_be_back_by_himself_while_a_spare_is_kept() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    name = host.session.seats[1].name  # type: ignore[union-attr]
    play.on_event(host, "closed", 1, "")
    assert esc(EN["devices.away_spare"].format(name=name)) in host.render()
    room.spares.clear()  # (none for his device: his spare connection failed)
    html = host.render()
    assert esc(EN["devices.away_line"].format(name=name)) in html and esc(EN["devices.away_spare"].format(name=name)) not in html


def test_a_friend_who_leaves_for_a_game_of_his_own_says_so_and_is_not_awaited_back() -> None:
    host, guest = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None and 1 in room.spares
    name = host.session.seats[1].name  # type: ignore[union-attr]
    around.leave_host(guest)  # a game of his own on his device
    (send, to, bye), *closes = play.effects(guest)
    assert (send, to, json.loads(str(bye))["type"]) == ("p2p-send", GUEST_PEER, "bye")
    assert closes == [("p2p-close", GUEST_PEER), ("p2p-close", spare.GUEST_WAITING)]
    play.on_event(host, "message", 1, str(bye))
    assert 1 not in room.spares and ("p2p-close", 101) in play.effects(host)  # (nothing brings him back by itself)
    play.on_event(host, "closed", 1, "")
    html = host.render()
    assert esc(EN["devices.away_line"].format(name=name)) in html and esc(EN["devices.away_spare"].format(name=name)) not in html


def test_a_bye_from_a_connection_with_no_seat_is_dropped() -> None:
    host, _ = connect("klats", {"opt_target": "20"})
    room = host.room
    assert room is not None
    bye = json.dumps({"v": protocol.PROTOCOL, "build": "b1", "seq": 1, "type": "bye"})
    room.received(2, bye)
    assert room.referee.dropped["no seat"] == 1 and 1 in room.spares

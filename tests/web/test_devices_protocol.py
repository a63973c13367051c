"""Play on several devices, the protocol on CPython: a host and its guests over an in-memory transport.

Whole games of each title with every byte the host sends to each guest recorded: each
message holds exactly what that seat's own view shows (and the public log, and its own
legal moves), never anything else. Bad input from a guest changes nothing.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest
from test_devices_invite import OFFER

from pygames_core import games
from pygames_ui.devices import invite, protocol
from pygames_ui.devices.guest import Guest
from pygames_ui.devices.host import PING_S, RATE, Referee
from pygames_ui.devices.loopback import Clock, Sent, seated
from pygames_ui.devices.seats import new_token
from pygames_ui.frame import public_log
from pygames_ui.session import Seat, Session

BUILD = "build-1"


def table(game: str, players: int, seed: int) -> tuple[Referee, dict[int, Guest], Clock]:
    """A host (seat 0 plays on the host device) and a guest on every other seat, all seated."""
    return seated(game, players, seed, BUILD, deliver)


def deliver(host: Referee, guests: dict[int, Guest], out: Sent, log: dict[str, list[str]] | None = None) -> None:
    for conn, text in out:
        if log is not None:
            log.setdefault(conn, []).append(text)
        guests[int(conn[1:])].receive(text)


def check_shows_only_the_seat(host: Referee, text: str) -> None:
    """The message is the seat's frame: its own view, the public log, its legal moves — nothing else."""
    body = json.loads(text)
    if body["type"] != "table":
        assert set(body) <= {"v", "build", "seq", "type", "reason", "ref", "host_build"}
        return
    s = host.session
    seat = body["seat"]
    assert body["view"] == s.game.view(s.state, seat)
    start = body["events_from"]  # the ones not sent before (a long log: in parts, in order)
    assert body["events"] == public_log(s.state)[start:start + len(body["events"])]
    mine = s.state.current_player == seat and not s.game.is_over(s.state)
    assert body["legal"] == (s.game.legal_actions(s.state) if mine else [])
    assert set(body) == {"v", "build", "seq", "type", *protocol.FROM_HOST["table"]}


@pytest.mark.parametrize("game,players", [("klats", 2), ("klats", 4), ("zoomagia", 2), ("zoomagia", 5),
                                          ("rps_zombie", 2), ("rps_zombie", 3)])
def test_whole_games_send_each_guest_only_what_its_seat_sees(game: str, players: int) -> None:
    rng = random.Random(players)
    host, guests, clock = table(game, players, seed=players)
    s = host.session
    sent: dict[str, list[str]] = {}
    biggest = 0
    for _ in range(5000):
        if s.game.is_over(s.state):
            break
        clock.now += 1.0
        seat = s.state.current_player
        assert seat is not None
        if seat == 0:  # the host's own move, on the host device
            s.apply(rng.choice(s.game.legal_actions(s.state)))
            out = host.tables()
        else:
            guest = guests[seat]
            assert guest.table is not None and guest.table["legal"], "a guest on turn has its moves"
            out = host.receive(f"c{seat}", guest.act(rng.choice(guest.table["legal"])))
        for _conn, text in out:
            check_shows_only_the_seat(host, text)  # checked as sent, against the game as it is then
            biggest = max(biggest, len(text.encode()))
        deliver(host, guests, out, sent)
    else:
        raise AssertionError("the game did not end")
    assert all(g.table is not None and g.table["over"] for g in guests.values())
    assert biggest < protocol.MAX_BYTES
    assert not host.dropped and all(not g.dropped for g in guests.values())
    assert sent.keys() == {f"c{i}" for i in guests}


def test_klats_never_sends_another_seats_hand() -> None:
    """The one title with hidden hands: every hand in every message to a guest is its own."""
    rng = random.Random(3)
    host, guests, clock = table("klats", 3, seed=3)
    s = host.session
    while not s.game.is_over(s.state):
        clock.now += 1.0
        seat = s.state.current_player
        assert seat is not None
        if seat == 0:
            s.apply(rng.choice(s.game.legal_actions(s.state)))
            out = host.tables()
        else:
            out = host.receive(f"c{seat}", guests[seat].act(rng.choice(guests[seat].table["legal"])))  # type: ignore[index]
        for conn, text in out:
            body = json.loads(text)
            if body["type"] == "table":
                hands = [k for k in _keys(body) if k == "hand"]
                assert len(hands) <= 1 and body["view"].get("hand") == s.game.view(s.state, int(conn[1:]))["hand"]
        deliver(host, guests, out)


def _keys(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [k for k in value] + [k for v in value.values() for k in _keys(v)]
    if isinstance(value, list):
        return [k for v in value for k in _keys(v)]
    return []


def test_a_move_out_of_turn_or_illegal_or_stale_is_refused_and_changes_nothing() -> None:
    host, guests, clock = table("klats", 3, seed=1)
    s = host.session
    before = s.state
    guest = guests[2]  # seat 0 (the host) is to play
    assert guest.table is not None
    out = host.receive("c2", guest.act({"type": "play", "card": 1, "target": 2, "pile": None}))
    deliver(host, guests, out)
    assert guest.refused == "not_your_turn" and s.state is before
    s.apply(s.game.legal_actions(s.state)[0])
    deliver(host, guests, host.tables())
    g1 = guests[1]
    out = host.receive("c1", g1.act({"type": "play", "card": 99, "target": 1, "pile": None}))
    deliver(host, guests, out)
    assert g1.refused == "illegal" and s.state.current_player == 1
    g1.table = dict(g1.table or {}, moves=0)  # a click on a position that has moved on
    clock.now += 1
    out = host.receive("c1", g1.act(s.game.legal_actions(s.state)[0]))
    deliver(host, guests, out)
    assert g1.refused == "stale" and g1.table is not None and g1.table["moves"] == 1  # shown anew, and why
    assert len(s.record["actions"]) == 1


def test_a_token_takes_only_its_own_seat_and_a_reload_takes_it_back() -> None:
    host, guests, _ = table("rps_zombie", 3, seed=1)
    thief = Guest(2, guests[1].token, BUILD, "rps_zombie")  # seat 1's token, asking for seat 2
    out = host.receive("c9", thief.hello())
    assert json.loads(out[0][1])["reason"] == "wrong_seat" and host.holder(2) == "c2"
    again = Guest(1, guests[1].token, BUILD, "rps_zombie")  # seat 1 after a reload: a new connection, the same token
    out = host.receive("c7", again.hello())
    assert host.holder(1) == "c7" and "c1" not in host.links
    again.receive(out[0][1])
    assert again.table is not None and again.table["seat"] == 1


def test_a_guest_from_another_build_is_told_to_reload() -> None:
    host, _, _ = table("zoomagia", 2, seed=1)
    old = Guest(1, "x" * 22, "build-0", "zoomagia")
    out = host.receive("c5", old.hello())
    old.receive(out[0][1])
    assert old.host_build == BUILD and host.holder(1) == "c1"
    # Another protocol version altogether is told the same (its messages are not ours to read).
    future = json.dumps({"v": 99, "build": "build-9", "seq": 1, "type": "hello", "anything": [1, 2]})
    assert json.loads(host.receive("c6", future)[0][1])["type"] == "other_build"


def test_a_flood_is_cut_at_the_rate_limit() -> None:
    host, guests, clock = table("klats", 2, seed=1)
    g = guests[1]
    answers = sum(len(host.receive("c1", g.ping())) for _ in range(3 * RATE))
    assert answers <= RATE and host.dropped["too fast"] >= 2 * RATE - 1
    clock.now += 5
    assert host.receive("c1", g.ping())  # a second later it is heard again


def test_a_hello_again_sends_the_whole_log_at_most_once_a_ping_and_never_leaves_a_gap() -> None:
    """A guest that says hello again on the link that holds its seat (a part of the log lost) is
    sent the whole log again; a hostile one saying it again and again (within the rate limit) is
    sent nothing more until a ping's time has gone by (a long match's log, 20 times a second, was
    megabytes a second from the host), and then the whole log comes with the pong of its next
    ping: a guest that lost two tables within a ping is whole again (it was left with a gap)."""
    rng = random.Random(4)
    host, guests, clock = table("klats", 2, seed=4)
    s, g = host.session, guests[1]

    def move(deliver_it: bool = True) -> list[tuple[str, str]]:
        clock.now += 0.2
        if s.state.current_player == 0:
            s.apply(rng.choice(s.game.legal_actions(s.state)))
            out = host.tables()
        else:
            assert g.table is not None
            out = host.receive("c1", g.act(rng.choice(g.table["legal"])))
        if deliver_it:
            deliver(host, guests, out)
        return out

    for _ in range(60):  # a good part of a match: a long log
        move()
    assert len(public_log(s.state)) > 100
    clock.now += PING_S
    for n in range(RATE):  # the flood
        out = host.receive("c1", g.hello())
        assert host.last_kind == "hello again"  # (the host's page is not drawn again for it)
        assert ([json.loads(text)["events"] for _, text in out] == [public_log(s.state)]) if n == 0 else out == []
        deliver(host, guests, out)
    assert not g.dropped
    # Two tables lost within a ping (the moves made here, for both seats: only what the guest
    # is sent matters): each gap is said, the second answered with the next ping.
    resynced = 0
    for _ in range(2):
        for lost in (True, False):
            clock.now += 0.2
            s.apply(rng.choice(s.game.legal_actions(s.state)))
            out = host.tables()
            if not lost:
                deliver(host, guests, out)
        if g.resync:  # (the table after the lost one came with a gap: asked once, while unanswered)
            deliver(host, guests, host.receive("c1", g.hello()))
            resynced += 1
    for _ in range(3):
        clock.now += PING_S
        deliver(host, guests, host.receive("c1", g.ping()))
    assert g.table is not None and g.table["moves"] == len(s.record["actions"])
    assert g.events == public_log(s.state) and not g.resyncing and resynced >= 1 and g.dropped["events missing"] >= 2


def not_legal(rng: random.Random, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A mangled legal action that is none of ``legal`` (as JSON: key order aside, types apart)."""
    said = {json.dumps(a, sort_keys=True) for a in legal}
    junk: list[object] = [None, -1, 2**60, 1.5, "", "x" * 500, [], {}, [[[]]], {"a": {"b": {}}}, True, False, 0, 1, "0"]
    while True:
        action = dict(rng.choice(legal))
        for _ in range(rng.randint(1, 3)):
            key = rng.choice([*action, "type", "zzz", "card", "seat"])
            if rng.random() < 0.15:
                action.pop(key, None)
            else:
                action[key] = rng.choice(junk)
        if json.dumps(action, sort_keys=True) not in said:
            return action


def hostile_messages(rng: random.Random, guests: dict[int, Guest], legal: list[dict[str, Any]]) -> list[object]:
    """Malformed, oversized, deep, wrong-type and stale messages (built on a move ``legal`` offers)."""
    # (Its "moves" is stale: none of these may play, even where a mutation makes the move legal.)
    good = dict(json.loads(guests[1].act(legal[0])), moves=0)
    out: list[object] = [
        None, 7, b"\xff\xfe", "", "{", "[]", "null", '"hello"', "x" * (protocol.MAX_BYTES + 1),
        "я" * (protocol.MAX_BYTES // 2 + 1),  # (fewer characters than the cap, more bytes)
        "[" * 5000 + "]" * 5000, '{"v": 1}' + " " * 10, json.dumps({**good, "seq": 0}),
        json.dumps({**good, "seq": True}), json.dumps({**good, "v": True}), json.dumps({**good, "extra": 1}),
        json.dumps({**good, "moves": "1"}), json.dumps({**good, "action": []}), json.dumps(good),
        json.dumps({**good, "type": "table"}), json.dumps({**good, "build": "b" * 100}),
        json.dumps({**good, "build": "build-0"}),  # (another build: told to reload both, nothing taken)
    ]
    for _ in range(60):
        body = dict(good)
        key = rng.choice([*body, "seat", "token", "action", "zzz"])
        body[key] = rng.choice([None, -1, 2**60, 1.5, "", "x" * 500, [], {}, [[[]]], {"a": {"b": {}}}, True,
                                not_legal(rng, legal)])
        out.append(json.dumps(body))
    return out


@pytest.mark.parametrize("game", games.names())
def test_ten_thousand_hostile_messages_change_nothing(game: str) -> None:
    """Each of 10,000 messages is dropped and counted, nothing changes, nothing is raised: junk,
    stale moves, replays, other seats' tokens, moves out of turn, a bot's seat, from the seat
    on turn, for the position it has, moves the engine does not offer, and connections to keep
    for the host's reload that are none (or from no seat), or a goodbye from no seat."""
    rng = random.Random(2026)
    host, guests, clock = table(game, 3, seed=5)
    s = host.session
    while s.state.current_player != 1:  # seat 1 (a guest) to play
        s.apply(s.game.legal_actions(s.state)[0])
    deliver(host, guests, host.tables())
    state, record = s.state, json.dumps(s.record)
    legal = s.game.legal_actions(s.state)
    pool = hostile_messages(rng, guests, legal)
    offer = invite.to_text(OFFER)
    not_spares: list[dict[str, Any]] = [  # (a connection kept waiting for the host's reload that is none: spare.py)
        {"offer": offer, "ufrag": "ab", "pwd": "p" * 24}, {"offer": "AQ", "ufrag": "abcd", "pwd": "p" * 24},
        {"offer": offer, "ufrag": "abcd", "pwd": "x\r\na=candidate" + "p" * 20}, {"offer": offer, "ufrag": "abcd"},
        {"offer": 7, "ufrag": "abcd", "pwd": "p" * 24}, {"offer": offer + "A" * 500, "ufrag": "abcd", "pwd": "p" * 24}]
    replay = guests[1].hello()  # sent once (taken), then replayed again and again
    host.receive("c1", replay)
    host.dropped.clear()
    for i in range(10_000):
        clock.now += 0.06  # about 16 a second: under the rate limit, so each is judged on its own
        if i == 5_000:
            host.stand_in(2)  # from here on a bot plays seat 2: its guest's moves are refused
        kind = rng.random()
        if kind < 0.45:  # malformed, oversized, too deep, wrong types, stale, another build
            conn, raw = rng.choice(["c1", "c2", "c9"]), rng.choice(pool)
        elif kind < 0.6:  # the seat on turn, for the position it has, plays what the engine does not offer
            conn, raw = "c1", guests[1].act(not_legal(rng, legal))
        elif kind < 0.65:  # the seat on turn plays a move the engine offers, for a position gone or to come
            stale = json.loads(guests[1].act(rng.choice(legal)))
            conn, raw = "c1", json.dumps({**stale, "moves": stale["moves"] + rng.choice([-1, 1, 5, 2**40])})
        elif kind < 0.72:  # replayed
            conn, raw = "c1", replay
        elif kind < 0.82:  # a seat taken with a token that is not its own (each from a channel of its own)
            conn, raw = f"x{i}", Guest(rng.choice([1, 2, 3, -1]), new_token(), BUILD, "klats").hello()
        elif kind < 0.88:  # a seat's device sends a waiting connection that is none, or one with no seat
            conn, raw = rng.choice([("c1", guests[1].waiting(rng.choice(not_spares))),
                                    (f"y{i}", Guest(1, new_token(), BUILD, "klats").waiting(not_spares[0] | {"ufrag": "abcd"})),
                                    (f"z{i}", Guest(1, new_token(), BUILD, "klats").bye())])
        else:  # the seat not on turn (later, in a bot's hands) plays
            conn, raw = "c2", guests[2].act(rng.choice(legal))
        host.receive(conn, raw)
    assert s.state is state and json.dumps(s.record) == record and host.waiting == {}
    assert host.holder(1) == "c1" and host.holder(2) == "c2"
    assert sum(host.dropped.values()) == 10_000, host.dropped
    assert {"illegal", "stale", "replayed", "wrong token", "out of turn", "a bot plays", "another build",
            "too long", "bad spare", "no seat"} <= set(host.dropped), host.dropped
    # The seat on turn still plays, with a move the engine offers.
    host.receive("c1", guests[1].act(legal[0]))
    assert s.state is not state


def test_the_cap_is_on_the_bytes_that_travel() -> None:
    ping = json.loads(Guest(1, new_token(), BUILD, "klats").ping())
    for room in (protocol.MAX_BYTES - 1, protocol.MAX_BYTES + 1):
        fill = room - len(json.dumps({**ping, "pad": ""}, separators=(",", ":")).encode())
        raw = json.dumps({**ping, "pad": "я" * (fill // 2) + "x" * (fill % 2)}, ensure_ascii=False, separators=(",", ":"))
        assert len(raw.encode()) == room and len(raw) < protocol.MAX_BYTES  # (fewer letters than the cap either way)
        with pytest.raises(protocol.BadMessageError, match="wrong keys" if room < protocol.MAX_BYTES else "too long"):
            protocol.read(raw, protocol.FROM_GUEST)


def test_every_message_kind_reads_back() -> None:
    for kind, fields in protocol.FROM_HOST.items():
        sample = {"int": 1, "dict": {}, "list": [], "str": "x", "bool": False}
        body = {k: (sample[(t[0] if isinstance(t, tuple) else t).__name__]) for k, t in fields.items()}
        message = protocol.read(protocol.write(kind, 3, BUILD, **body), protocol.FROM_HOST)
        assert message.type == kind and message.seq == 3 and message.body == body
    with pytest.raises(protocol.BadMessageError, match="unknown kind"):
        protocol.read(protocol.write("table", 1, BUILD), protocol.FROM_GUEST)
    assert games.names()  # (the registry the sessions above came from)


def test_a_seat_is_invited_then_here_then_away_and_a_bot_may_stand_in() -> None:
    seats = [Seat("Host", "human"), Seat("Guest", "human")]
    session = Session.new("klats", seats, {}, seed=1)
    clock = Clock()
    token = new_token()
    host = Referee(session, BUILD, {1: token}, clock)
    assert host.seat_state(1) == "invited"
    guest = Guest(1, token, BUILD, "klats")
    deliver(host, {1: guest}, host.receive("c1", guest.hello()))
    assert host.seat_state(1) == "here" and host.here() == {1}
    clock.now += 5
    host.receive("c1", guest.ping())
    assert host.seat_state(1) == "here"
    clock.now += 7  # no ping: a locked phone, a closed tab
    assert host.seat_state(1) == "away"
    host.stand_in(1)
    assert host.seat_state(1) == "bot"
    session.apply(session.game.legal_actions(session.state)[0])  # seat 1 to play: the bot's turn now
    deliver(host, {1: guest}, host.receive("c1", guest.hello()))  # the guest is back …
    assert guest.table is not None and guest.table["legal"] == []  # … with nothing to choose while the bot plays
    move = session.game.legal_actions(session.state)[0]
    deliver(host, {1: guest}, host.receive("c1", guest.act(move)))
    assert guest.refused == "bot_plays" and len(session.record["actions"]) == 1
    host.hand_back(1)
    clock.now += 1
    deliver(host, {1: guest}, host.receive("c1", guest.act(move)))
    assert len(session.record["actions"]) == 2 and host.seat_state(1) == "here"
    host.closed("c1")
    assert host.seat_state(1) == "away"


def test_a_hostile_text_is_judged_in_linear_time() -> None:
    # Quotes that never close made the string pattern backtrack from each one: 64 kB of
    # them held the host for ~15 s. A generous bound: this is about complexity, not speed.
    host, _, _ = table("klats", 2, seed=1)
    for raw in ['"' + '\\"' * (protocol.MAX_BYTES // 2 - 1), '"' * protocol.MAX_BYTES, '["' + "\\" * 60_000]:
        started = time.perf_counter()
        assert host.receive("c9", raw) == []
        assert time.perf_counter() - started < 2.0


def test_an_invite_edited_to_another_game_is_refused_and_seats_nobody() -> None:
    """The invite's game byte changed by hand (Клац! to Зоомагия): its token is right, but the
    host plays another game. Refused, with a reason the guest shows; the seat stays free."""
    host, guests, _ = table("klats", 3, seed=1)
    token = guests[2].token
    host.closed("c2")  # (his device went; he comes back by the edited link)
    edited = Guest(2, token, BUILD, "zoomagia")
    out = host.receive("c9", edited.hello())
    assert [json.loads(raw)["reason"] for _, raw in out] == ["wrong_game"] and host.holder(2) is None
    assert edited.receive(out[0][1]) == "refused" and edited.refused == "wrong_game"
    out = host.receive("c10", Guest(2, token, BUILD, "klats").hello())  # the invite as it was sent
    assert host.holder(2) == "c10" and json.loads(out[0][1])["type"] == "table"


def test_a_token_that_is_not_text_is_refused_without_a_fault() -> None:
    host, guests, _ = table("klats", 2, seed=1)
    for seq, token in enumerate(["\ud800", "ё" * 22, "\x00" * 22], start=1):
        raw = json.dumps({"v": protocol.PROTOCOL, "build": BUILD, "seq": seq, "type": "hello", "seat": 1,
                          "token": token, "game": "klats"})
        out = host.receive("c7", raw)
        assert json.loads(out[0][1])["reason"] == "wrong_seat" and host.holder(1) == "c1"


def test_a_channel_opened_for_one_seat_cannot_take_another() -> None:
    seats = [Seat("Anna", "human"), Seat("Boris", "remote"), Seat("Vera", "remote")]
    session = Session.new("klats", seats, {}, seed=1)
    tokens = {1: new_token(), 2: new_token()}
    host = Referee(session, BUILD, tokens, Clock(), channel_seat=lambda conn: int(conn[4:]))
    boris = Guest(1, tokens[1], BUILD, "klats")
    deliver_to = {1: boris}
    for conn, text in host.receive("seat1", boris.hello()):
        deliver_to[int(conn[4:])].receive(text)
    assert host.holder(1) == "seat1" and boris.table is not None
    thief = Guest(1, tokens[1], BUILD, "klats")  # Vera's device, with Boris's invite seen over his shoulder
    out = host.receive("seat2", thief.hello())
    assert json.loads(out[0][1])["reason"] == "wrong_seat" and host.holder(1) == "seat1"


def test_a_saved_token_must_be_one_an_invite_can_carry() -> None:
    # 22 letters hold 132 bits, an invite 128: a token with the spare bits set (a hand-edited
    # save) would come back from the invite as another token, and its guest be refused for ever.
    from pygames_ui.devices.seats import is_token
    assert all(is_token(new_token()) for _ in range(500))
    assert not is_token("A" * 21 + "B") and not is_token("A" * 21) and not is_token(None)


def test_every_reason_the_host_gives_is_one_a_guest_shows_in_both_languages() -> None:
    import re
    from pathlib import Path

    from pygames_ui.i18n import merge_catalogues
    web = Path(__file__).resolve().parents[2] / "web"
    given = set(re.findall(r'reason="(\w+)"', (web / "pygames_ui" / "devices" / "host.py").read_text(encoding="utf-8")))
    assert given and given <= set(protocol.REFUSALS)
    for catalogue in merge_catalogues(web / "i18n").values():
        assert all(f"devices.refused.{why}" in catalogue for why in protocol.REFUSALS)


def test_a_guest_who_rejoins_a_long_match_gets_the_whole_log_in_parts() -> None:
    """A match long enough that its log does not fit in one message: a guest who rejoins (a
    reload) is sent it in parts, each one a message the guest reads, and has all of it."""
    seats = [Seat("Ведущий", "human")] + [Seat(f"Гость номер {i}", "remote") for i in range(1, 4)]  # (two bytes a letter)
    tokens = {i: new_token() for i in range(1, 4)}
    s = Session.new("klats", seats, {"target": 10_000}, seed=3)
    rng = random.Random(3)
    while len(json.dumps(public_log(s.state))) < 2 * protocol.MAX_BYTES:
        s.apply(rng.choice(s.game.legal_actions(s.state)))
    host = Referee(s, BUILD, tokens, Clock())
    back = Guest(1, tokens[1], BUILD, "klats")
    out = host.receive("c1", back.hello())
    assert len(out) >= 2
    for _conn, text in out:
        assert len(text.encode()) <= protocol.MAX_BYTES
        check_shows_only_the_seat(host, text)
        assert back.receive(text) == "table"
    assert back.events == public_log(s.state) and back.table is not None and back.table["view"] == s.game.view(s.state, 1)
    s.apply(rng.choice(s.game.legal_actions(s.state)))  # and the next move is one message again
    out = host.tables()
    assert len(out) == 1 and back.receive(out[0][1]) == "table" and back.events == public_log(s.state)


def test_a_gap_in_the_log_makes_the_guest_ask_for_the_whole_table_again() -> None:
    host, guests, _ = table("klats", 2, seed=1)
    g, s = guests[1], host.session
    for _ in range(3):
        s.apply(s.game.legal_actions(s.state)[0])
        host.tables()  # (sent, never delivered: a part of the log this guest lacks)
    s.apply(s.game.legal_actions(s.state)[0])
    (_conn, text), = host.tables()
    assert g.receive(text) is None and g.dropped["events missing"] == 1 and g.resync
    deliver(host, guests, host.receive("c1", g.hello()))
    assert not g.resync and g.events == public_log(s.state) and g.table is not None and g.table["moves"] == 4


def test_a_gap_asks_for_the_whole_table_once_however_many_tables_were_in_flight() -> None:
    host, guests, _ = table("klats", 2, seed=1)
    g, s = guests[1], host.session
    s.apply(s.game.legal_actions(s.state)[0])
    host.tables()  # (lost)
    in_flight = []
    for _ in range(4):
        s.apply(s.game.legal_actions(s.state)[0])
        in_flight += host.tables()
    hellos = []
    for _conn, text in in_flight:
        g.receive(text)
        if g.resync:
            hellos.append(g.hello())
    assert len(hellos) == 1 and g.resyncing  # one hello; the tables sent before its answer are let go
    deliver(host, guests, host.receive("c1", hellos[0]))
    assert not g.resyncing and g.events == public_log(s.state)



def test_a_host_of_a_newer_protocol_is_still_said_to_run_another_version() -> None:
    g = Guest(1, "x" * 22, BUILD, "klats")
    assert g.receive(json.dumps({"v": protocol.PROTOCOL + 1, "build": "build-9", "seq": 1, "type": "other_build", "host_build": "build-9",
                                 "more": True})) == "other_build"
    assert g.host_build == "build-9"
    assert g.receive(json.dumps({"v": protocol.PROTOCOL + 1, "build": BUILD, "seq": 1, "type": "x"})) is None and g.host_build == "build-9"


def test_a_view_too_long_for_a_message_is_said_to_the_guest_not_cut_into_thousands(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seat's view alone nearly fills a message (a Клац! match to a target of thousands:
    every round is in it): the guest is told the game has grown too long for his device; the
    log is not cut into a message per event, each still too long (once 25,000 of them)."""
    seats = [Seat("Host", "human"), Seat("Guest", "remote")]
    tokens = {1: new_token()}
    s = Session.new("klats", seats, {"target": 150}, seed=3)
    host = Referee(s, BUILD, tokens, Clock())
    guest = Guest(1, tokens[1], BUILD, "klats")
    whole = host.receive("c1", guest.hello())
    monkeypatch.setattr(protocol, "MAX_BYTES", len(whole[0][1]) - 10)  # (the room left for the log: too little)
    out = host.receive("c1", guest.hello())
    assert len(out) == 1 and guest.receive(out[0][1]) == "refused" and guest.refused == "too_long"
    assert "too_long" in protocol.REFUSALS

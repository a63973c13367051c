"""A host is another device too: whatever it sends, a guest's page goes on.

The host's messages are taken from a real game of each title (the lobby, the start, a few moves
each way), then sent again changed at random, one to three places deep in each: a value of
another type, too big, too long, missing, a list grown. Each goes to the guest's app as the page
hands it a message; none may raise, and the guest's screen is drawn after each, as the page would.
What the guest sends back is only ever a message of the protocol to its host.
"""

from __future__ import annotations

import copy
import json
import random
from functools import reduce
from typing import Any

import pytest
from test_devices_app import ANSWER, connect
from test_devices_invite import OFFER

from pygames_core import games
from pygames_ui.app import App
from pygames_ui.devices import play, protocol
from pygames_ui.devices.guest_ui import GUEST_PEER
from pygames_ui.devices.spare import GUEST_WAITING

MESSAGES = 1_500
JUNK: tuple[object, ...] = (None, True, False, -1, 0, 7, 99_999, 2**63, -(2**63), 1e308, 0.5, "", "x" * 3000, "<b>&",
                            "\u202eevil", [], {}, [[[]]], {"a": {"b": {}}}, [None] * 50, ["x"], {"0": 0})
#: What a guest's page may be asked to do with WebRTC, whatever its host says (on its connection
#: to the host, or the one it keeps waiting for the host's reload).
GUEST_EFFECTS = {"p2p-send", "p2p-close", "p2p-answer", "p2p-rejoin", "p2p-offer"}


def host_says(host: App, guest: App, moves: int) -> list[dict[str, Any]]:
    """What the host sends its friend over ``moves`` moves of each side (the guest hears it all)."""
    said: list[dict[str, Any]] = []
    s = host.session
    assert s is not None
    for _ in range(moves):
        if s.game.is_over(s.state):
            break
        if host.interlude() is not None:
            host.on_click({"action": "dismiss"}, {})
        elif s.state.current_player == 1:
            frame = guest.joining.frame()  # type: ignore[union-attr]
            assert frame is not None
            guest.joining.act(frame.legal[0])  # type: ignore[union-attr]
        else:
            host.play(host.ctx().legal[0])  # type: ignore[union-attr]
        for _round in range(20):
            host_effects, guest_effects = play.effects(host), play.effects(guest)
            if not host_effects and not guest_effects:
                break
            for kind, peer, *rest in host_effects:
                if kind == "p2p-offer":
                    play.on_event(host, "offer", int(peer), OFFER)  # type: ignore[call-overload]
                elif kind == "p2p-send" and peer == 1:
                    said.append(json.loads(str(rest[0])))
                    play.on_event(guest, "message", GUEST_PEER, str(rest[0]))
            for kind, _peer, *rest in guest_effects:
                if kind == "p2p-answer":
                    play.on_event(guest, "answer", GUEST_PEER, ANSWER)
                elif kind == "p2p-send":
                    play.on_event(host, "message", 1, str(rest[0]))
    return said


def places(node: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every place in a message (dict keys and list indexes), the message itself left out."""
    out = [path] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            out += places(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            out += places(value, (*path, i))
    return out


def changed(rng: random.Random, message: dict[str, Any], seq: int) -> str:
    """``message`` changed in one to three places; mostly with the sequence number the guest
    waits for next, so that it is read, not dropped as stale; now and then not JSON at all."""
    m = copy.deepcopy(message)
    m["seq"] = seq
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(places(m))
        parent = reduce(lambda node, key: node[key], path[:-1], m)
        roll = rng.random()
        if roll < 0.65:
            parent[path[-1]] = copy.deepcopy(rng.choice(JUNK))
        elif roll < 0.85:
            del parent[path[-1]]
        elif isinstance(parent, list):
            parent.extend([copy.deepcopy(parent[path[-1]])] * rng.randint(1, 40))
        else:
            parent[f"extra{rng.randint(0, 9)}"] = copy.deepcopy(rng.choice(JUNK))
    text = json.dumps(m)
    if rng.random() < 0.05:
        text = text[: rng.randint(0, len(text))]
    return text


@pytest.mark.parametrize("game", games.names())
def test_a_guest_s_page_goes_on_whatever_its_host_sends(game: str) -> None:
    host, guest = connect(game, {})
    said = host_says(host, guest, moves=8)
    assert {m["type"] for m in said} >= {"table"}, "the game's own messages are the seeds"
    j = guest.joining
    assert j is not None
    rng = random.Random(f"hostile host {game}")
    read = 0
    for n in range(MESSAGES):
        seq = j.guest.seq_in + 1 if rng.random() < 0.9 else rng.choice([0, -1, j.guest.seq_in, 2**40])
        before = sum(j.guest.dropped.values())
        play.on_event(guest, "message", GUEST_PEER, changed(rng, rng.choice(said), seq))
        read += sum(j.guest.dropped.values()) == before
        assert j is guest.joining, "a message from the host never ends the guest's game on its own"
        guest.render()  # (what the page draws next: a table it cannot draw says so, and breaks nothing)
        for kind, peer, *rest in play.effects(guest):
            assert kind in GUEST_EFFECTS and peer in (GUEST_PEER, GUEST_WAITING), (n, kind, peer)
            if kind == "p2p-send":
                protocol.read(str(rest[0]), protocol.FROM_GUEST)  # (raises for anything else)
    assert 0 < read < MESSAGES, read  # (some changes still make a message it reads; most do not)


def table_with(guest: App, **view: object) -> str:
    """The guest's latest table again, its view changed, as the host's next message."""
    j = guest.joining
    assert j is not None and j.guest.table is not None
    body = dict(j.guest.table, events=[], events_from=len(j.guest.events))
    body["view"] = {**body["view"], **view}
    return protocol.write("table", j.guest.seq_in + 1, "b1", **body)


@pytest.mark.parametrize("view", [{"players": 2**63}, {"players": 5}, {"hand_sizes": [3, 10**9]}, {"turn": -(10**6)}])
def test_a_table_that_cannot_be_this_game_s_is_dropped(view: dict[str, object]) -> None:
    """A view whose numbers no game has (a hand of a billion cards), or whose players are not the
    table's seats, is dropped as a hostile message: it is never drawn."""
    host, guest = connect("klats", {})
    j = guest.joining
    assert j is not None
    before, html = j.guest.table, guest.render()
    play.on_event(guest, "message", GUEST_PEER, table_with(guest, **view))
    assert j.guest.table is before and sum(j.guest.dropped.values()) == 1 and guest.render() == html


def test_a_table_too_large_to_draw_is_said_and_not_drawn() -> None:
    """Numbers within bounds may still draw a screen no game has (a hand of 99,999 cards, shown
    face down): it is not drawn, and the page says the host sent a table it cannot draw."""
    host, guest = connect("klats", {})
    j = guest.joining
    assert j is not None
    play.on_event(guest, "message", GUEST_PEER, table_with(guest, hand_sizes=[3, 99_999]))
    html = guest.render()
    assert len(html) < 10_000 and j.guest.dropped == {"a table too large to draw": 1}
    assert "The host sent a table this device cannot draw" in html

"""Records written down: the binary/link form and the JSON file form round-trip exactly,
stay short, and refuse anything damaged, edited or foreign with a plain ``ValueError``."""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pygames_core import bots, games
from pygames_core import record_codec as codec
from pygames_core.record import new_record, replay

#: What a GitHub Pages project site puts before the fragment: the whole URL must stay under 2,000.
SITE = "https://someone-with-a-long-name.github.io/pygames-card-games/#r="


def play(name: str, players: int, seed: int, choices: list[int], options: dict[str, Any] | None = None,
         deck: list[Any] | None = None) -> dict[str, Any]:
    """A record of a game driven by ``choices`` (each picks a legal action, modulo their number)."""
    g = games.get(name)
    state = g.new_game(players, seed=seed, options=options, deck=deck)
    rec = new_record(name, players, seed, options, deck)
    for c in choices:
        legal = g.legal_actions(state)
        if not legal:
            break
        action = legal[c % len(legal)]
        state = g.apply(state, action)
        rec["actions"].append(action)
    return rec


def full_match(name: str, seed: int, bot: str = "random") -> dict[str, Any]:
    g = games.get(name)
    state = g.new_game(2, seed=seed)
    rec = new_record(name, 2, seed, dict(g.option_defaults))
    rec["seats"] = [{"name": "Александра Ивановна", "kind": "human"}, {"name": "Бот 1", "kind": bot}]
    chooser = bots.get(bot, seed=seed)
    while not g.is_over(state):
        action = chooser.choose(g, state)
        state = g.apply(state, action)
        rec["actions"].append(action)
    return rec


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    name = draw(st.sampled_from(games.names()))
    g = games.get(name)
    players = draw(st.integers(g.min_players, g.max_players))
    seed = draw(st.one_of(st.integers(0, 2**53), st.integers(-(2**62), 2**62)))
    options: dict[str, Any] | None = draw(st.sampled_from([None, {}, dict(g.option_defaults)]))
    if options and "first_player" in options:
        options["first_player"] = draw(st.integers(0, players - 1))
    if options and "target" in options:
        options["target"] = draw(st.integers(1, 10_000))
    rec = play(name, players, seed, draw(st.lists(st.integers(0, 10**6), max_size=120)), options)
    if draw(st.booleans()):
        rec["seats"] = [{"name": draw(st.text(min_size=1, max_size=20)), "kind": draw(st.sampled_from(["human", "greedy", "random"]))}
                        for _ in range(players)]
    return rec


# ----------------------------------------------------------------- round trips
@settings(max_examples=60)
@given(records())
def test_binary_link_and_file_round_trip(rec: dict[str, Any]) -> None:
    assert same(codec.decode(codec.encode(rec)), rec)
    assert same(codec.from_link(codec.to_link(rec)), rec)
    assert same(codec.from_text(codec.to_text(rec)), rec)
    g = games.get(rec["game"])
    assert g.to_json(replay(codec.from_link(codec.to_link(rec)))) == g.to_json(replay(rec))


@pytest.mark.parametrize("name", games.names())
def test_a_preset_deck_round_trips(name: str) -> None:
    g = games.get(name)
    deck = [card for card, n in g.card_counts.items() for _ in range(n)][:30]
    deck.reverse()
    try:
        rec = play(name, 2, 4, list(range(40)), deck=deck)
    except ValueError:  # a game whose preset decks have more rules than "real cards" (e.g. trophies per kind)
        deck = [card for card, n in g.card_counts.items() for _ in range(min(n, 2))][:24]
        rec = play(name, 2, 4, list(range(40)), deck=deck)
    assert same(codec.from_link(codec.to_link(rec)), rec)


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("seed", range(5))
def test_a_whole_two_player_match_fits_a_short_link(name: str, seed: int) -> None:
    """Клац! to its default target of 150, the others to their end; random play lasts longest."""
    rec = full_match(name, seed)
    assert games.get(name).is_over(replay(rec))
    url = SITE + codec.to_link(rec)
    assert len(url) < 2000, f"{name}: {len(rec['actions'])} moves make a {len(url)}-character link"
    assert same(codec.from_link(url[len(SITE):]), rec)


def test_the_file_form_is_readable_json() -> None:
    rec = full_match("zoomagia", 1, bot="greedy")
    text = codec.to_text(rec)
    body = json.loads(text)
    assert body["format"] == "pygames-record" and body["version"] == 1 and body["game"] == "zoomagia"
    assert len(text.splitlines()) == len(rec["actions"]) + len(body) + 3  # braces, a line per field, one per move


# ----------------------------------------------------------------- refusals
@pytest.fixture(scope="module")
def klats_match() -> dict[str, Any]:
    return full_match("klats", 2, bot="greedy")


def test_every_changed_byte_is_refused(klats_match: dict[str, Any]) -> None:
    data = codec.encode(klats_match)
    for i in range(len(data)):
        for flip in (0x01, 0x80, 0xFF):
            bad = bytearray(data)
            bad[i] ^= flip
            with pytest.raises(ValueError):
                codec.decode(bytes(bad))


def test_every_truncation_is_refused(klats_match: dict[str, Any]) -> None:
    data = codec.encode(klats_match)
    for n in range(len(data)):
        with pytest.raises(ValueError):
            codec.decode(data[:n])
    link = codec.to_link(klats_match)
    for n in range(len(link)):
        with pytest.raises(ValueError):
            codec.from_link(link[:n])


def test_an_illegal_move_with_a_matching_checksum_is_named(klats_match: dict[str, Any]) -> None:
    """An edit made by someone who also fixed the checksum still fails on the move itself."""
    data = bytearray(codec.encode(klats_match)[:-4])
    data[-1] = 100  # the last move picks choice 101, far more than Клац! ever offers
    data += zlib.crc32(bytes(data)).to_bytes(4, "big")
    with pytest.raises(ValueError, match=rf"move {len(klats_match['actions'])} of the record is not legal: it picks choice 101"):
        codec.decode(bytes(data))


def test_moves_after_the_end_are_refused(klats_match: dict[str, Any]) -> None:
    body = bytearray(codec.encode(klats_match)[:-4])
    n = len(klats_match["actions"])
    assert n < 128 and body[-n - 1] == n  # the move count, one byte
    body[-n - 1] = n + 1
    body.append(0)
    body += zlib.crc32(bytes(body)).to_bytes(4, "big")
    with pytest.raises(ValueError, match=f"move {n + 1} of the record comes after the end of the game"):
        codec.decode(bytes(body))


def test_a_foreign_game_and_version_are_refused() -> None:
    rec = play("rps_zombie", 2, 1, [0, 1, 2])
    body = bytearray(codec.encode(rec)[:-4])
    body[2:2 + len("rps_zombie")] = b"rps_zombix"
    body += zlib.crc32(bytes(body)).to_bytes(4, "big")
    with pytest.raises(ValueError, match="unknown game 'rps_zombix'"):
        codec.decode(bytes(body))
    data = bytearray(codec.encode(rec))
    data[0] = 2
    with pytest.raises(ValueError, match="format 2"):
        codec.decode(bytes(data))


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_random_bytes_with_a_valid_checksum_are_refused_or_valid(body: bytes) -> None:
    """Past the checksum, the parser itself never fails with anything but ValueError."""
    data = bytes([codec.VERSION]) + body
    data += zlib.crc32(data).to_bytes(4, "big")
    try:
        rec = codec.decode(data)
    except ValueError:
        return
    assert codec.encode(rec) == data  # anything accepted is a real record, written one way only


@settings(max_examples=300)
@given(st.text(max_size=300))
def test_random_links_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        codec.from_link(text)


@pytest.mark.parametrize("text, reason", [
    ("", "not valid JSON"),
    ("{nope", "not valid JSON"),
    ("[1, 2]", "not a pygames game record"),
    ('{"format": "something-else"}', "not a pygames game record"),
    ('{"format": "pygames-record", "version": 7}', "format version 7"),
    ('{"format": "pygames-record", "version": 1, "game": "chess", "players": 2, "seed": 1, "actions": []}', "unknown game 'chess'"),
    ('{"format": "pygames-record", "version": 1, "game": "klats", "players": 2, "seed": 1}', "lacks"),
    ('{"format": "pygames-record", "version": 1, "game": "klats", "players": 2, "seed": "x", "actions": []}', "seed"),
    ('{"format": "pygames-record", "version": 1, "game": "klats", "players": 2, "seed": 1, "actions": [],'
     ' "seats": [{"name": "A", "kind": "human"}]}', "seats must be a list of 2"),
    ('{"format": "pygames-record", "version": 1, "game": "klats", "players": 2, "seed": 1, "actions": [],'
     ' "options": {"target": "high"}}', "cannot start a game: option 'target' must be int"),
    # Nested past what a record can be: refused before parsing (in the browser, parsing it would
    # overflow the stack where nothing catches it).
    ("[" * 5000 + "]" * 5000, "not a game record .lists and objects nest deeper than 16"),
    ('{"format": "pygames-record", "actions": [' + "[" * 20 + "]" * 20 + "]}", "nest deeper than 16"),
])
def test_bad_files_say_why(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        codec.from_text(text)


def test_a_tampered_file_names_the_illegal_move(klats_match: dict[str, Any]) -> None:
    body = json.loads(codec.to_text(klats_match))
    body["actions"][4]["card"] = 99
    with pytest.raises(ValueError, match="move 5 of the record is not legal"):
        codec.from_text(json.dumps(body))
    with pytest.raises(ValueError, match="move 5 of the record is not legal"):
        codec.encode({k: v for k, v in body.items() if k not in ("format", "version")})


def test_a_reader_may_open_records_of_at_most_so_many_moves(klats_match: dict[str, Any]) -> None:
    """Each move checked costs more as the game's log grows: a reader that keeps every position
    (the site's replay viewer) opens records of at most ``max_moves`` moves, said plainly."""
    n = len(klats_match["actions"])
    link, text = codec.to_link(klats_match), codec.to_text(klats_match)
    assert codec.from_link(link, max_moves=n)["actions"] == klats_match["actions"]
    assert codec.from_text(text, max_moves=n)["actions"] == klats_match["actions"]
    for read, written in ((codec.from_link, link), (codec.from_text, text)):
        with pytest.raises(ValueError, match=f"the record has {n} moves \\(at most {n - 1} can be opened\\)"):
            read(written, max_moves=n - 1)

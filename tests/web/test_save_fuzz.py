"""No save may stop the app from starting: real saves of every game, mutated, fed to the app's boot.

Each save is taken from a real game played by bots through the app (at the start, in
the middle, with a summary on screen, at the end).  Mutated copies of it (a key
deleted or replaced, wrong types, huge values, deep nesting, cut text, strings in
the screen state) must either resume and render, or be set aside with a notice and
the app on its home screen: never an exception.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from apptools import play_on
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pygames_ui import saves
from pygames_ui.app import App
from pygames_ui.dom import esc
from pygames_ui.i18n import merge_catalogues
from pygames_ui.saves import BAD_SAVE_KEY, MAX_SAVE_CHARS, SAVE_KEY
from pygames_ui.session import MemoryStorage
from pygames_ui.tables import TABLES

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")
#: Stand-ins spliced into the text after ``json.dumps`` (which cannot write these values itself).
DEEP, LONG_INT = "\ue000deep", "\ue000long-int"
SPLICES = {DEEP: "[" * 100_000 + "]" * 100_000, LONG_INT: "9" * 6000}
#: A list 20 levels deep: deeper than a save ever nests, yet easily written by ``json.dumps``.
NESTED_20: Any = functools.reduce(lambda inner, _: [inner], range(20), 1)
Path_ = tuple[Any, ...]


# ----------------------------------------------------------------- real saves
def _played(game: str, players: int, values: dict[str, str], stops: tuple[int, ...], seed: int) -> list[str]:
    """Saves of one bots-only game played through the app: after each step in ``stops``, at every
    summary on screen and at the end."""
    storage = MemoryStorage()
    a = App(CATALOGUES, "en", storage, seed=seed)
    a.boot()
    a.click({"action": "setup", "game": game}, {})
    for _ in range(players - 2):
        a.click({"action": "add-seat"}, {})
    seats = {f"seat_kind_{i}": "greedy" for i in range(players)} | {f"seat_name_{i}": f"Bot {i + 1}" for i in range(players)}
    a.click({"action": "start"}, seats | values)
    s = a.session
    assert s is not None
    saves = [storage.getItem(SAVE_KEY)]
    for step in range(5000):
        if s.game.is_over(s.state):
            break
        if a.interlude() is not None:
            a.render()  # a table may note what the summary showed
            saves.append(storage.getItem(SAVE_KEY))
            a.click({"action": "dismiss"}, {})
        else:
            a.step_bot()
        if step in stops:
            saves.append(storage.getItem(SAVE_KEY))
    assert s.game.is_over(s.state)
    saves.append(storage.getItem(SAVE_KEY))
    return [text for text in dict.fromkeys(saves) if text is not None]


def _with_humans(text: str, humans: int) -> str:
    """The same save with its first ``humans`` seats played by people (pass-and-play when 2)."""
    body = json.loads(text)
    for seat in body["seats"][:humans]:
        seat["kind"] = "human"
    return json.dumps(body, ensure_ascii=False)


@functools.cache
def real_saves() -> tuple[str, ...]:
    saves = (
        _played("klats", 2, {"opt_target": "150"}, (3, 30), seed=11)
        + _played("klats", 4, {"opt_target": "40"}, (10,), seed=12)
        + _played("zoomagia", 2, {}, (2, 20), seed=13)
        + _played("zoomagia", 3, {}, (5,), seed=14)
        + _played("rps_zombie", 2, {"opt_first_player": "throw"}, (0, 5), seed=15)
        + _played("rps_zombie", 3, {"opt_first_player": "throw"}, (3,), seed=16)
    )
    # The throw for the first player still on screen (the app saves it once it is dismissed).
    saves += [text.replace(', "rz_throw_seen": true', "") for text in saves if '"rz_throw_seen": true' in text]
    return tuple(variant for text in saves for variant in (text, _with_humans(text, 1), _with_humans(text, 2)))


# ----------------------------------------------------------------- the property
def boot_survives(text: str, lang: str = "en") -> App:
    """Boot the app on ``text`` and render: it resumed the game, or set the save aside with a notice."""
    try:
        saves.read(text)
    except ValueError:
        pass  # refused with a reason: fine; any other exception fails the test
    storage = MemoryStorage()
    storage.setItem(SAVE_KEY, text)
    a = App(CATALOGUES, lang, storage)
    a.boot()
    html = a.render()
    if a.session is None:
        assert a.screen == "home" and 'id="notice"' in html and a.notice
        assert storage.getItem(SAVE_KEY) is None
        assert storage.getItem(BAD_SAVE_KEY) == text, "the save is kept aside for a bug report"
    else:
        assert a.screen == "table" and 'class="table-screen' in html
        assert a.render() == html, "the second render shows the same table"
        if a.bots_pending():
            a.step_bot()  # it plays on
            a.render()
        saves.read(a.session.to_save())  # and saves in a shape that reads back
    return a


def test_every_real_save_resumes_unchanged() -> None:
    for text in real_saves():
        boot_survives(text)
        s = saves.read(text)
        assert s.game.to_json(s.state) == json.loads(text)["state"]
        assert s.ui == json.loads(text)["ui"], "a real screen state is kept as it was"


# ----------------------------------------------------------------- mutations
def _nodes(tree: Any) -> list[Path_]:
    """The path of every value inside ``tree`` (not the root)."""
    out: list[Path_] = []
    stack: list[tuple[Any, Path_]] = [(tree, ())]
    while stack:
        node, path = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, child in items:
            out.append(path + (key,))
            stack.append((child, path + (key,)))
    return sorted(out, key=repr)


def _parent(tree: Any, path: Path_) -> Any:
    for key in path[:-1]:
        tree = tree[key]
    return tree


odd_values = st.one_of(
    st.none(), st.booleans(), st.integers(), st.sampled_from([-1, 0, 2**63, -(2**64) - 1, 10**300]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12), st.sampled_from(["x", "", "human", "klats", "rock", "<b>", "x" * 40, "y" * 300_000]),
    st.sampled_from([DEEP, LONG_INT, NESTED_20]),
    st.recursive(st.none() | st.integers() | st.text(max_size=5),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                 max_leaves=8),
)


@st.composite
def mutation(draw: st.DrawFn, tree: Any) -> None:
    """Change ``tree`` in place at one drawn place: delete, replace with an odd value, or wrap."""
    paths = _nodes(tree)
    if not paths:
        return
    path = draw(st.sampled_from(paths))
    parent, key = _parent(tree, path), path[-1]
    how = draw(st.sampled_from(["delete", "replace", "replace", "wrap"]))
    if how == "delete":
        del parent[key]
    elif how == "replace":
        parent[key] = copy.deepcopy(draw(odd_values))  # a later mutation may change it in place
    else:
        parent[key] = draw(st.sampled_from([[parent[key]], {"v": parent[key]}]))


@st.composite
def mutated_saves(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(real_saves()))
    body = json.loads(text)
    where = draw(st.sampled_from(["anywhere", "ui", "state", "record"]))
    for _ in range(draw(st.integers(1, 3))):
        if where == "ui":
            draw(mutation(body["ui"] if isinstance(body.get("ui"), dict) else body))
            if draw(st.booleans()) and isinstance(body.get("ui"), dict):
                keys = sorted(body["ui"]) or ["klats_seen_rounds"]
                body["ui"][draw(st.sampled_from(keys))] = draw(st.sampled_from(["x", "1", "[]", ""]))
        elif where == "state" and isinstance(body.get("state"), str):
            state = json.loads(body["state"])
            draw(mutation(state))  # the checksum no longer matches: the record may rebuild it
            body["state"] = json.dumps(state)
        elif where == "record" and isinstance(body.get("record"), dict):
            draw(mutation(body["record"]))
        else:
            draw(mutation(body))
    out = json.dumps(body, ensure_ascii=False)
    for stand_in, spliced in SPLICES.items():
        out = out.replace(json.dumps(json.dumps(stand_in, ensure_ascii=False), ensure_ascii=False)[1:-1], spliced)
        out = out.replace(json.dumps(stand_in, ensure_ascii=False), spliced)
    if draw(st.integers(0, 9)) == 0:
        out = out[: draw(st.integers(0, len(out) - 1))]
    return out


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=mutated_saves(), lang=st.sampled_from(["en", "ru"]))
def test_a_mutated_save_resumes_or_is_set_aside(text: str, lang: str) -> None:
    a = boot_survives(text, lang)
    event("resumed" if a.session is not None else "set aside")


# ----------------------------------------------------------------- known bad saves
def _edit(game: str, change: Callable[[dict[str, Any]], None], humans: int = 1) -> str:
    """A real two-player save of ``game`` (with ui state of its own, if the table keeps any)
    edited by ``change``."""
    text = max((t for t in real_saves() if json.loads(t)["game"] == game and len(json.loads(t)["seats"]) == 2),
               key=lambda t: (bool(json.loads(t)["ui"]), len(json.loads(t)["record"]["actions"])))
    body = json.loads(_with_humans(text, humans))
    change(body)
    return json.dumps(body, ensure_ascii=False)


def _set(*path: Any, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(body: dict[str, Any]) -> None:
        _parent(body, path)[path[-1]] = value
    return change


#: Saves the app must refuse, each made when its test runs.
BAD: dict[str, Callable[[], str]] = {
    "klats seen rounds not a number": lambda: _edit("klats", _set("ui", "klats_seen_rounds", value="x")),
    "klats seen rounds negative": lambda: _edit("klats", _set("ui", "klats_seen_rounds", value=-1)),
    "rps throw nested list": lambda: _edit("rps_zombie", _set("ui", "rz_throw", 0, 0, value=[["rock"]])),
    "rps throw of strings": lambda: _edit("rps_zombie", _set("ui", "rz_throw", value="rock")),
    "rps throw a tie": lambda: _edit("rps_zombie", _set("ui", "rz_throw", value=[["rock", "rock"]])),
    "rps throw won by another": lambda: _edit("rps_zombie", lambda b: b["ui"].update(rz_throw=[
        ["rock", "scissors"] if b["record"]["options"]["first_player"] else ["scissors", "rock"]])),
    "ui a string": lambda: _edit("klats", _set("ui", value="x")),
    "seat name a number": lambda: _edit("zoomagia", _set("seats", 0, "name", value=7)),
    "seat name too long": lambda: _edit("zoomagia", _set("seats", 0, "name", value="n" * 33)),
    "one seat too many": lambda: _edit("klats", lambda b: b["seats"].append({"name": "C", "kind": "human"})),
    "record moves a dict": lambda: _edit("klats", _set("record", "actions", value={})),
    "record move a string": lambda: _edit("klats", _set("record", "actions", 0, value="play")),
    "record one move short": lambda: _edit("klats", lambda b: b["record"]["actions"].pop()),
    "record seed a string": lambda: _edit("rps_zombie", _set("record", "seed", value="7")),
    "record options of another game": lambda: _edit("zoomagia", _set("record", "options", value={"target": 5})),
    "state a number, a move unknown": lambda: _edit("zoomagia", lambda b: b.update(
        state=5, record=b["record"] | {"actions": [{"type": "fly"}] + b["record"]["actions"]})),
    "NaN in the record": lambda: _edit("klats", _set("record", "seed", value=float("nan"))),
    "huge": lambda: _edit("klats", _set("seats", 0, "name", value="x" * MAX_SAVE_CHARS)),
    "deep": lambda: '{"v": 1, "ui": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "long number": lambda: '{"v": 1, "game": "klats", "seats": ' + "9" * 6000 + "}",
    "version true": lambda: _edit("klats", _set("v", value=True)),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_a_known_bad_save_is_set_aside_with_a_notice(name: str) -> None:
    text = BAD[name]()
    a = boot_survives(text)
    assert a.session is None, f"{name}: refused"
    with pytest.raises(ValueError):
        saves.read(text)


def test_the_reason_is_told_in_plain_words() -> None:
    a = boot_survives(BAD["klats seen rounds not a number"]())
    assert a.notice == "Your saved game could not be read, so a fresh start is ready."
    assert "klats_seen_rounds" in (a.notice_details or "")  # the technical reason, for a bug report
    a = boot_survives(BAD["huge"](), "ru")
    assert a.notice and "не удалось" in a.notice and "too" not in a.notice
    assert "too large" in (a.notice_details or "") and "too large" in (a.save_error or "")


def test_a_damaged_state_alone_is_rebuilt_from_the_record() -> None:
    text = _edit("zoomagia", _set("state", value=5))
    a = boot_survives(text)
    assert a.session is not None and a.notice and "rebuilt" in a.notice
    s = saves.read(text)
    assert s.game.to_json(s.state) == json.loads(_edit("zoomagia", lambda b: None))["state"]


def test_klats_summaries_seen_are_at_most_the_rounds_played() -> None:
    text = _edit("klats", _set("ui", "klats_seen_rounds", value=99))
    a = boot_survives(text)
    rounds = len(json.loads(json.loads(text)["state"])["state"]["round_results"])
    assert a.session is not None and a.session.ui == {"klats_seen_rounds": rounds, "confirm": "auto"}


def test_a_table_drops_ui_state_it_does_not_know() -> None:
    text = _edit("klats", lambda b: b["ui"].update(rz_throw=[["rock", "paper"]], stray=1))
    a = boot_survives(text)
    assert a.session is not None and set(a.session.ui) == {"klats_seen_rounds", "confirm"}


def test_a_failure_in_the_first_render_sets_the_save_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    """The safety net: whatever breaks while the resumed table is drawn for the first time."""
    text = real_saves()[0]
    storage = MemoryStorage()
    storage.setItem(SAVE_KEY, text)

    def broken(self: object, ctx: object) -> str:
        raise KeyError("a bug in a table")

    monkeypatch.setattr(TABLES["klats"], "render", broken)
    a = App(CATALOGUES, "en", storage)
    a.boot()
    assert a.session is not None and a.screen == "table"
    html = a.render()
    assert a.session is None and a.screen == "home" and 'id="notice"' in html
    assert storage.getItem(BAD_SAVE_KEY) == text and storage.getItem(SAVE_KEY) is None
    assert a.save_error is not None and "a bug in a table" in a.save_error
    # Later renders are not guarded: the app's own screens never depend on the save.
    a.click({"action": "setup", "game": "zoomagia"}, {})
    a.click({"action": "start"}, {})
    assert a.session is not None and 'class="table-screen' in a.render()


def test_a_failure_while_booting_sets_the_save_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    text = real_saves()[0]
    storage = MemoryStorage()
    storage.setItem(SAVE_KEY, text)

    def broken(cls: object, ui: object, view: object) -> dict[str, Any]:
        raise RuntimeError("a bug in a check")

    monkeypatch.setattr(TABLES["klats"], "check_ui", classmethod(broken))
    a = App(CATALOGUES, "ru", storage)
    a.boot()
    html = a.render()
    assert a.session is None and a.screen == "home" and 'id="notice"' in html
    assert storage.getItem(BAD_SAVE_KEY) == text and storage.getItem(SAVE_KEY) is None
    assert a.save_error is not None and "a bug in a check" in a.save_error


@pytest.mark.parametrize("key", ["pygames.form.klats", "pygames.form.last", "pygames.joined", "pygames.guest_of"])
@pytest.mark.parametrize("text", ["[" * 1500 + "]" * 1500, '{"seats": ' + "[" * 9 + "]" * 9 + "}", "x" * 5000, "{",
                                  '["Host", "klats", 1' + "0" * 3500 + "]", '["Host", "klats", 1e999]',
                                  '["Host", "klats", NaN]', '["Host", "klats", true]'],
                         ids=["deep", "deeper-than-ours", "too-long", "not-json", "huge-int", "inf", "nan", "bool"])
def test_a_small_note_on_the_device_that_cannot_be_ours_is_no_note(key: str, text: str) -> None:
    """What the device keeps beside the saves (a form's last choices, the invites used, the table
    left as a guest) is read with its depth checked before it is parsed: deep brackets there
    (another tab, an extension) once overflowed the stack on every render of the home screen."""
    from pygames_ui.devices import play

    storage = MemoryStorage()
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    a.click({"action": "setup", "game": "klats"}, {})
    a.click({"action": "start"}, {})
    a.play(a.ctx().legal[0])  # type: ignore[union-attr]
    saved = storage.getItem(SAVE_KEY)
    storage.setItem(key, text)
    b = App(CATALOGUES, "en", storage, seed=1)
    b.boot()
    assert b.session is not None and 'id="notice"' not in b.render()  # the game resumes, nothing said
    b.click({"action": "home"}, {})
    assert "game-card" in b.render()
    b.click({"action": "setup", "game": "klats"}, {})
    assert b.screen == "setup" and "data-action=\"start\"" in b.render()  # a fresh form
    c = App(CATALOGUES, "en", storage, seed=1)
    c.build = "b"
    play.open_invite(c, "#j=" + invite_text())
    c.render()
    assert storage.getItem(SAVE_KEY) == saved


def invite_text() -> str:
    from test_devices_invite import OFFER

    from pygames_ui.devices import invite

    spec = invite.Invite("klats", 1, 2, "Ann", bytes(16), invite.parse(OFFER))
    return invite.write_invite(spec, ["klats", "zoomagia", "rps_zombie"])


def test_a_full_device_is_said_once_and_the_game_is_kept_again_once_there_is_room() -> None:
    """Another site's data fills the origin's storage (GitHub Pages shares it between a user's
    sites): each move is not kept. The player is told so (not only the console), once; when
    room is made, the next move is kept and the notice goes."""
    storage = MemoryStorage()
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    a.click({"action": "setup", "game": "klats"}, {})
    a.click({"action": "start"}, {})
    kept = storage.getItem(SAVE_KEY)
    assert kept is not None and a.notice is None
    storage.items["other.site"] = "x" * 10_000
    storage.limit = sum(len(k) + len(v) for k, v in storage.items.items())  # full to the brim
    play_on(a, 1, moves=1)
    full = CATALOGUES["en"]["notice.not_saved"]
    assert storage.getItem(SAVE_KEY) == kept and a.notice == full and esc(full) in a.render()
    a.notice = None  # dismissed: not said again at each move while it lasts
    play_on(a, 1, moves=1)
    assert a.notice is None
    # … but a new game the device cannot keep either is said so again (a reload lost it unsaid)
    a.click({"action": "setup", "game": "zoomagia"}, {})
    a.click({"action": "start"}, {})
    assert a.notice == full and storage.getItem(SAVE_KEY) == kept
    a.notice = None
    a.click({"action": "setup", "game": "klats"}, {})
    a.click({"action": "start"}, {})
    play_on(a, 1, moves=1)
    del storage.items["other.site"]  # room made
    play_on(a, 1, moves=1)
    assert storage.getItem(SAVE_KEY) != kept and a.notice is None
    b = App(CATALOGUES, "en", storage, seed=1)
    b.boot()  # a reload takes the latest move up
    assert b.session is not None and b.session.record == a.session.record  # type: ignore[union-attr]


def test_a_lesson_on_a_full_device_is_said_once_though_back_a_step_rebuilds_it() -> None:
    storage = MemoryStorage()
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    storage.items["other.site"] = "x" * 10_000
    storage.limit = sum(len(k) + len(v) for k, v in storage.items.items())
    a.click({"action": "tutorial", "game": "klats"}, {})
    full = CATALOGUES["en"]["notice.not_saved"]
    assert a.notice == full
    a.notice = None  # dismissed
    for _ in range(2):
        a.click({"action": "tutorial-next"}, {})
    a.click({"action": "tutorial-back"}, {})  # the lesson rebuilt from its deal: the same game
    assert a.notice is None


def test_an_unreadable_save_on_a_full_device_stays_where_it_was_and_is_said_so() -> None:
    """Setting an unreadable save aside copies it first: with no room for the copy, the save is
    left in place (not deleted: never silently destroyed) and the notice says so."""
    storage = MemoryStorage()
    bad = json.dumps({"v": 1, "game": "from-a-newer-version", "pad": "x" * 3000})
    storage.setItem(SAVE_KEY, bad)
    storage.limit = sum(len(k) + len(v) for k, v in storage.items.items()) + 100
    a = App(CATALOGUES, "en", storage, seed=1)
    a.boot()
    assert storage.getItem(SAVE_KEY) == bad and storage.getItem(BAD_SAVE_KEY) is None
    assert a.notice is not None and CATALOGUES["en"]["notice.not_kept_aside"] in a.notice
    storage.limit = None
    c = App(CATALOGUES, "en", storage, seed=1)
    c.boot()
    assert storage.getItem(BAD_SAVE_KEY) == bad and storage.getItem(SAVE_KEY) is None  # room: set aside
    assert c.notice is not None and CATALOGUES["en"]["notice.not_kept_aside"] not in c.notice


def test_a_notice_about_what_came_before_goes_once_a_game_is_started_or_resumed() -> None:
    """A notice stays until it is read (OK), but not behind the next game: starting a game,
    resuming one or playing again takes it away (an answer link no tab took was still said
    behind the lobby through a new game and Play again)."""
    from apptools import click, play_on
    for action in ("start", "resume", "again"):
        a = boot_survives(BAD["klats seen rounds not a number"]())
        assert a.notice and a.notice_details
        if action == "start":
            click(a, "setup", game="klats")
            assert a.notice, "reading the form keeps it"
            click(a, "start")
        elif action == "resume":
            click(a, "setup", game="klats")
            click(a, "start")
            a.notice = "said before"
            click(a, "home")
            click(a, "resume")
        else:
            click(a, "setup", game="klats")
            click(a, "start", {"opt_target": "5"})
            play_on(a, seed=1)
            a.notice = "said before"
            click(a, "again")
        assert a.screen == "table" and a.notice is None and a.notice_details is None, action
        assert 'id="notice"' not in a.render()

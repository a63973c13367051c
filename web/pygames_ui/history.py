"""Keeping games: undo with no peeking, and records exported to files and links.

**Undo.**  A player may take back his last decision (and the bots' replies to it) as
long as nothing he could not see before has been shown since — Board Game Arena's
rule.  "Shown" is decided from the engine's public information alone, the same way
for every game: deal the cards the player cannot see at random several times
(``game.determinize`` of his view), play the same moves in each such world, and
compare what he would have seen.  If his views differ between worlds, or a move
is impossible in one of them (a bot played a card that world did not give it), the
moves depended on hidden cards: something was revealed, and undo is refused.
Undoing replays the record without the last decisions, which is exact because the
RNG lives in the state.  In pass-and-play (several people at the device) a player
may undo only within his own turn.

**Records.**  A game leaves the app as a record (game, options, seed, seats,
decisions — never a state dump): a JSON file or a ``#r=…`` link, written and
checked by ``pygames_core.record_codec``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pygames_core import record_codec
from pygames_core.base import Action, Game, State
from pygames_core.errors import IllegalAction
from pygames_core.record import states as record_states
from pygames_core.rng import Rng

from .dom import attrs, button, esc
from .frame import public_log
from .i18n import I18n
from .session import Seat, Session, clean_name, seat_kind

#: How many random worlds an undo is checked in.  A revealed card escapes notice only if
#: every world happens to deal the very same cards (for a one-in-three card: 3^-16).
WORLDS = 16
LINK_PREFIX = "#r="


# ------------------------------------------------------------------ the states of a game
class Timeline:
    """Every state of the session's game (``states[i]``: before decision ``i``), kept in step with its record.

    Built once by replaying the record, then extended by one ``apply`` per new
    decision: the undo check runs at every render and must stay cheap.
    """

    def __init__(self) -> None:
        self._session: Session | None = None
        self._actions: list[Action] | None = None
        self.states: list[State] = []
        self.verdicts: dict[tuple[int, int], UndoCheck] = {}  # (decisions, seat) -> check, for this game

    def of(self, session: Session) -> list[State]:
        actions: list[Action] = session.record["actions"]
        if session is not self._session or actions is not self._actions or len(self.states) > len(actions) + 1:
            self._session, self._actions = session, actions
            self.states = record_states(session.record)
            self.verdicts = {}
            if self.states[-1] != session.state:
                self._session = None  # never trust it: check again (and refuse again) next time
                raise ValueError("the record of moves does not lead to the game on the table")
        while len(self.states) <= len(actions):
            self.states.append(session.game.apply(self.states[-1], actions[len(self.states) - 1]))
        return self.states

    def truncate(self, session: Session, upto: int) -> None:
        """Forget the decisions from ``upto`` on (the session's record and state go back too)."""
        states = self.of(session)[: upto + 1]
        session.record["actions"] = session.record["actions"][:upto]
        session.state = states[-1]
        self._session, self._actions, self.states = session, session.record["actions"], states
        self.verdicts = {}


# ------------------------------------------------------------------ undo
@dataclass(frozen=True)
class UndoCheck:
    """Whether the seat may undo now: ``upto`` is the number of decisions to keep, else ``reason`` says why not."""

    upto: int | None
    reason: str | None = None  # an i18n key under "history.undo_no."

    @property
    def ok(self) -> bool:
        return self.upto is not None


def check_undo(session: Session, seat: int | None, timeline: Timeline) -> UndoCheck:
    """May ``seat`` (the person holding the device) take back his last decision now?"""
    game, state = session.game, session.state
    if session.remote:  # friends on other devices: a move, once sent to them, stands
        return UndoCheck(None, "devices")
    if seat is None or not session.seats[seat].is_human:
        return UndoCheck(None, "not_yours")
    if game.is_over(state):
        return UndoCheck(None, "over")
    try:
        states = timeline.of(session)
    except ValueError:  # a save whose record of moves does not replay to its game
        return UndoCheck(None, "no_record")
    movers = [s.current_player for s in states[:-1]]
    mine = [i for i, who in enumerate(movers) if who == seat]
    if not mine:
        return UndoCheck(None, "no_move")
    last = mine[-1]
    if any(session.seats[who].is_person for who in movers[last + 1:] if who is not None):
        return UndoCheck(None, "other_human")
    if len(session.humans) > 1 and (state.current_player != seat or last != len(movers) - 1):
        return UndoCheck(None, "turn_over")
    key = (len(movers), seat)
    if key not in timeline.verdicts:
        peeks = reveals(game, states[last], session.record["actions"][last:], seat)
        timeline.verdicts[key] = UndoCheck(None, "revealed") if peeks else UndoCheck(last)
    return timeline.verdicts[key]


def reveals(game: Game, before: State, actions: list[Action], seat: int, worlds: int = WORLDS) -> bool:
    """True when playing ``actions`` from ``before`` shows ``seat`` something it could not see at ``before``.

    The actions are played in the real game and in ``worlds`` random deals of what
    ``seat`` cannot see; any difference in what ``seat`` sees means hidden cards showed.
    A reveal usually shows at the first world's first move, so the check stops there.
    """
    view = game.view(before, seat)
    truth: list[Seen] = []  # what the seat saw after each action, worked out as far as needed
    real = before
    for i in range(worlds):
        try:
            world = game.determinize(view, Rng.from_seed(i))
        except ValueError:  # no consistent deal could be made: nothing can be proved, so refuse
            return True
        start = len(public_log(world))
        for k, action in enumerate(actions):
            try:
                world = game.apply(world, action)
            except IllegalAction:  # this deal could not have made that move: the move showed a hidden card
                return True
            if k == len(truth):
                real = game.apply(real, actions[k])
                truth.append(_seen(game, real, seat, len(public_log(real)) - len(public_log(before))))
            if _seen(game, world, seat, len(public_log(world)) - start) != truth[k]:
                return True
    return False


def may_be_final(game: Game, before: State, action: Action, seat: int, worlds: int = WORLDS) -> bool:
    """True when undo might not take ``action`` back: in some deal of what ``seat`` cannot see it
    ends the turn or the game, or playing it shows ``seat`` a card it could not see.

    Judged from the seat's view only: were the real deal asked, whether the move waits for its
    second tap (confirm moves) would tell what is face down (RPS: who decides next depends on
    the order of the draw pile).
    """
    view = game.view(before, seat)
    for i in range(worlds):
        try:
            world = game.determinize(view, Rng.from_seed(i))
            after = game.apply(world, action)
        except (ValueError, IllegalAction):  # (no deal, or one where the move could not be made: unknown)
            return True
        if game.is_over(after) or after.current_player != world.current_player:
            return True
    return reveals(game, before, [action], seat, worlds)


#: What a seat sees: its view without the log, and the log's events since the undone decision.
Seen = tuple[dict[str, Any], list[Any]]


def _seen(game: Game, state: State, seat: int, new_events: int) -> Seen:
    view = game.view(state, seat)
    log = view.pop("log", [])
    # A determinized world keeps only the view's recent log, so its events are numbered
    # from another start; the numbers say nothing about the cards.
    recent = log[len(log) - min(new_events, len(log)):] if new_events else []
    return view, [{k: v for k, v in e.items() if k != "n"} if isinstance(e, dict) else e for e in recent]


def undo(session: Session, timeline: Timeline, upto: int) -> None:
    """Go back to the state before decision ``upto`` (exact: the record is replayed)."""
    timeline.truncate(session, upto)


# ------------------------------------------------------------------ records out and in
def with_seats(record: dict[str, Any], seats: list[Seat]) -> dict[str, Any]:
    """The record with who sat where, ready to export or share."""
    return dict(record, seats=[{"name": s.name, "kind": s.kind} for s in seats])


def export_file(record: dict[str, Any], seats: list[Seat]) -> tuple[str, str]:
    """``(file name, JSON text)`` of a game's record."""
    name = f"pygames-{record['game']}-{record['seed']}-{len(record['actions'])}.json"
    return name, record_codec.to_text(with_seats(record, seats))


def link_fragment(record: dict[str, Any], seats: list[Seat]) -> str:
    """``#r=…``: the whole record in a URL fragment (a fragment is never sent to any server)."""
    return LINK_PREFIX + record_codec.to_link(with_seats(record, seats))


def shared_seats(t: I18n, seats: list[Seat]) -> list[Seat]:
    """Seats as a record leaves the device: the default "You" (in any language) would mean the
    friend who opens it, so that seat becomes "Player N"."""
    yous = {cat.get("setup.default_you") for cat in t.catalogues.values()}
    return [Seat(t("setup.seat_n", n=i + 1), s.kind) if s.name in yous else s for i, s in enumerate(seats)]


def invented(catalogues: dict[str, dict[str, Any]], key: str) -> list[re.Pattern[str]]:
    """Patterns of ``key``'s text (a name the app makes up, "Bot {n}") in every language."""
    out = []
    for cat in catalogues.values():
        text = cat.get(key)
        if isinstance(text, str):
            out.append(re.compile(re.escape(text).replace(re.escape("{n}"), r"(\d{1,2})") + r"\Z"))
    return out


def local_seats(t: I18n, seats: list[Seat]) -> list[Seat]:
    """Seats of a record from another device, for this viewer: a name the app made up ("Bot 2",
    "Игрок 1", "You") is said in the viewer's language; a name somebody typed stays as typed.
    The sharer's own "You" is somebody else for the viewer: "Player 1"."""
    return _in_language(t, seats, lambda i: t("setup.seat_n", n=i + 1))


def hosts_seats(t: I18n, seats: list[Seat]) -> list[Seat]:
    """The seats of a friend's table as his host's device named them, for the friend: made-up names
    in the friend's language, and the host's own "You" is "Host" (as his invite says him)."""
    return _in_language(t, seats, lambda i: t("devices.the_host"))


def spoken_seats(t: I18n, seats: list[Seat]) -> list[Seat]:
    """The seats of the game at the table, named in the language shown now: a name the app made
    up ("You", "Bot 2", "Игрок 1") follows a switch of language; a name somebody typed stays."""
    return _in_language(t, seats, lambda i: t("setup.default_you"))


def _in_language(t: I18n, seats: list[Seat], you: Callable[[int], str]) -> list[Seat]:
    yous = {cat.get("setup.default_you") for cat in t.catalogues.values()}
    made = [(key, invented(t.catalogues, key)) for key in ("setup.default_bot", "setup.seat_n")]
    out = []
    for i, seat in enumerate(seats):
        name = seat.name
        if name in yous:
            name = you(i)
        else:
            for key, patterns in made:
                found = next((m for m in (p.match(name) for p in patterns) if m), None)
                if found:
                    name = t(key, n=int(found.group(1)))
                    break
        out.append(Seat(name, seat.kind))
    return out


@dataclass
class Imported:
    """A record read from a file or a link, with its seats for the replay."""

    record: dict[str, Any]
    seats: list[Seat]


#: The most moves of a record this site opens (a link, a file, a game's own replay): the viewer
#: keeps every position, whose logs grow with the game (memory grows with the square of the
#: moves). A Клац! match to the form's highest target (1,000) at six players is ~2,300 moves.
MAX_SHOWN_MOVES = 5000


def import_text(text: str) -> Imported:
    """A record file's content, checked move by move; ``ValueError`` with a plain reason otherwise."""
    return _with_seats(record_codec.from_text(text, MAX_SHOWN_MOVES))


def import_fragment(fragment: str) -> Imported:
    """The record in a ``#r=…`` fragment; ``ValueError`` with a plain reason when the link is broken."""
    if not fragment.startswith(LINK_PREFIX):
        raise ValueError("the link does not hold a game record")
    return _with_seats(record_codec.from_link(fragment[len(LINK_PREFIX):], MAX_SHOWN_MOVES))


def _with_seats(record: dict[str, Any]) -> Imported:
    raw = record.pop("seats", None)
    if raw is None:
        seats = [Seat(f"#{i + 1}", "human") for i in range(record["players"])]
    else:
        seats = []
        for i, s in enumerate(raw):
            if seat_kind(s["kind"]) is None:
                raise ValueError(f"seat {i + 1} is played by {s['kind']!r}, which this version does not know")
            seats.append(Seat(clean_name(s["name"], f"#{i + 1}"), s["kind"]))
    return Imported(record, seats)


# ------------------------------------------------------------------ controls (HTML)
def undo_tools(t: I18n, check: UndoCheck) -> str:
    """The table's Undo button; when undo is not possible it says why, beside it and to screen readers."""
    why = "" if check.ok else f'<span class="undo-why" id="undo-why">{esc(t(f"history.undo_no.{check.reason}"))}</span>'
    undo = (f'<button type="button"{attrs(class_="undo", data_action="undo", aria_disabled=None if check.ok else "true", aria_describedby=None if check.ok else "undo-why", title=t("history.undo_label"))}>'
            f'<span aria-hidden="true">↶ </span>{esc(t("history.undo"))}</button>')  # (the arrow is not read out)
    return f'<div class="game-tools row" id="game-tools">{undo}{why}{export_button(t)}</div>'


def share_buttons(t: I18n, replay: bool) -> str:
    """"Watch the replay" (from the table), "Copy link" and "Save the record"."""
    watch = button(esc(t("history.replay")), "replay") if replay else ""
    return (watch + button(esc(t("history.copy_link")), "copy-link", "")
            + export_button(t))


def export_button(t: I18n) -> str:
    """"Save the record", named by what it shows and then what it does (WCAG 2.5.3)."""
    return button(f'{esc(t("history.export"))}<span class="sr"> — {esc(t("history.export_label"))}</span>', "export", "")


def share_box(t: I18n, shared: tuple[str, bool] | None) -> str:
    """After "Copy link": the link in a read-only field (select-able by hand) and whether it was copied."""
    if shared is None:
        return ""
    url, copied = shared
    said = t("history.link_copied") if copied else t("history.link_copy_failed")
    return (f'<div class="share-box" id="share-box" data-copied="{str(copied).lower()}">'
            f'<p role="status">{esc(said)}</p>'
            f'<label class="field">{esc(t("history.link_label"))} '
            f'<input{attrs(id="share-url", type="url", readonly=True, value=url, data_select="1")}></label></div>')


def import_box(t: I18n) -> str:
    """The home screen's file picker for a saved record (``page_keep.py`` reads the file on ``change``)."""
    return (f'<section class="records"><label class="file-pick"><span class="button-like">{esc(t("history.import"))}</span>'
            f'<input{attrs(type="file", id="record-file", accept=".json,application/json", data_change="import")}></label>'
            f'<p class="hint">{esc(t("history.import_hint"))}</p></section>')

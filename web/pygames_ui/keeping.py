"""Keeping games at the app's level: undo, records out (file, link) and in, the replay viewer.

The rules of each (no peeking, the record formats) are in :mod:`.history` and
:mod:`.replay`; this module holds what the app keeps for them (:class:`Keeping`) and
their click handlers (:data:`HANDLERS`, by ``data-action``). The handlers work on any
:class:`App`, the few members of the app they need, so this module never imports the app.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from . import history, saves
from .dom import button, esc
from .history import UndoCheck, import_fragment
from .i18n import I18n
from .log import GameLog
from .replay import Replay
from .session import Seat, Session
from .tables import Table

__all__ = ["HANDLERS", "App", "Keeping", "UndoCheck", "import_fragment", "open_record", "replay_screen"]


class Keeping:
    """Undo's timeline of the game at the table, the record open in the replay viewer, the last link made."""

    def __init__(self) -> None:
        self.timeline = history.Timeline()  # every state of the game at the table, for undo
        self.replay: Replay | None = None  # the recorded game open in the replay viewer
        self.shared: tuple[str, bool] | None = None  # the link "Copy link" made, and whether it reached the clipboard

    def check_undo(self, session: Session, viewer: int | None) -> UndoCheck:
        return history.check_undo(session, viewer, self.timeline)


class App(Protocol):
    """What the handlers here use of the app."""

    t: I18n
    screen: str
    session: Session | None
    history: Keeping
    log: GameLog
    flash: str | None
    notice: str | None
    notice_details: str | None
    effects: list[tuple[str, ...]]

    @property
    def table(self) -> Table | None: ...

    def undo_check(self) -> UndoCheck | None: ...

    def moved(self) -> None: ...


def _shown_record(app: App) -> tuple[dict[str, Any], list[Seat]] | None:
    """The record on screen (the replay's in the viewer, else the game at the table's), with its
    seats named as they leave the device (``history.shared_seats``)."""
    replay = app.history.replay
    if app.screen == "replay" and replay is not None:
        return replay.record, history.shared_seats(app.t, replay.seats)
    if app.session is not None:
        return app.session.record, history.shared_seats(app.t, app.session.seats)
    return None


def open_record(app: App, read: Callable[[], history.Imported], failed: str) -> None:
    """Open a record in the replay viewer; one that cannot be read gets the notice ``failed``."""
    try:
        imported = read()
        app.history.replay = Replay(imported.record, imported.seats, shared=True)
    except (ValueError, MemoryError, RecursionError) as exc:  # (too big for this device is not a crash either)
        app.notice, app.notice_details = app.t(failed), str(exc)[:300] or type(exc).__name__
        app.screen = "home"
        return
    app.screen = "replay"
    app.notice = app.notice_details = None  # (an earlier file's or link's complaint is not this one's)


def replay_screen(t: I18n, keeping: Keeping, game_on: bool = False) -> str:
    """The replay viewer with its sharing tools; ``game_on``: the game at the table is still kept
    (its own replay, opened from its table, leads back to it)."""
    assert keeping.replay is not None
    back = button(esc(t("rules.back_to_game")), "resume", "primary") if game_on and not keeping.replay.shared else ""
    tools = (f'<div class="row replay-share">{back}{history.share_buttons(t, replay=False)}</div>'
             f'{history.share_box(t, keeping.shared)}')
    return keeping.replay.render(t, tools)


def saved_elsewhere(app: Any, key: str) -> bool:
    """Another tab of this browser saved a game under ``key`` (the ``storage`` event, which a tab
    never gets for its own saves). The game at this table, if it is kept there, is taken up as it
    stands in that tab: this tab's next move would otherwise overwrite the moves made there.
    ``True`` when the page must be drawn again. (Not the host of friends on other devices: his
    connections are this tab's, and a second tab cannot take them over.)"""
    s = app.session
    if s is None or app.room is not None or key != saves.slot_of(s):
        return False
    session, problem = saves.load(app.storage, key)
    if session is None or problem is not None:  # (gone or unreadable there: this tab keeps its game, and saves it)
        return False
    if session.remote:  # (that tab hosts friends on other devices: this one must not make them new invites,
        # nor overwrite that game at its next move, with a stale copy or a game of its own, which that
        # tab's save replaced: the game with friends keeps the save): given up here, said which
        same = _same_game(s, session)
        for table in app.tables.made():
            table.reset()
        app.session, app.pending = None, None
        if app.screen == "table":
            app.screen = "home"
        app.notice, app.notice_details = app.t("notice.hosted_elsewhere" if same else "notice.replaced_elsewhere"), None
        return True
    screen, same = app.screen, _same_game(s, session)
    for table in app.tables.made():
        table.reset()  # (a card chosen in the old position)
    app.pending = None
    app.take_up(session)
    app.screen = screen  # (the player stays where he is: the rules, the home screen)
    if screen == "table":  # (this game played on there, or another started there in its place)
        app.notice, app.notice_details = app.t("notice.other_tab" if same else "notice.other_tab_new"), None
    return True


def _same_game(mine: Session, stored: Session) -> bool:
    """``stored`` is ``mine`` played on (the same deal, and ``mine``'s moves its first ones)."""
    a, b = mine.record, stored.record
    return (a["game"], a["seed"], a["deck"], a["options"]) == (b["game"], b["seed"], b["deck"], b["options"]) and \
        b["actions"][:len(a["actions"])] == a["actions"]


# ---------------------------------------------------------------- click handlers, by data-action
def _undo(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    check, table = app.undo_check(), app.table
    if check is None or app.session is None or table is None:
        return
    if check.upto is None:
        app.flash = app.t(f"history.undo_no.{check.reason}")
        return
    history.undo(app.session, app.history.timeline, check.upto)
    table.reset()
    app.log = GameLog()  # the log only ever grows: it starts over for the shortened game
    app.moved()


def _export(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    shown = _shown_record(app)
    if shown is not None:
        app.effects.append(("download", *history.export_file(*shown)))


def _copy_link(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    shown = _shown_record(app)
    if shown is not None:
        try:
            app.effects.append(("copy-link", history.link_fragment(*shown)))
        except ValueError:  # a save whose record of moves does not replay
            app.flash = app.t("history.record_broken")


def _replay(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    s = app.session
    if s is not None:
        if len(s.record["actions"]) > history.MAX_SHOWN_MOVES:  # (a match to a target of thousands, started before the form's cap)
            app.flash = app.t("history.too_long", n=len(s.record["actions"]), value=history.MAX_SHOWN_MOVES)
            return
        try:
            app.history.replay = Replay(dict(s.record, actions=list(s.record["actions"])), list(s.seats))
        except ValueError:  # a save whose record of moves does not replay
            app.flash = app.t("history.record_broken")
            return
        app.screen = "replay"


def _replay_go(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.history.replay is not None:
        app.history.replay.go(data.get("to", ""))


def _replay_play(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.history.replay is not None:
        app.history.replay.play()


def _replay_seek(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.history.replay is not None:
        app.history.replay.playing = False  # the slider moved by hand: the player has taken over
        app.history.replay.seek(values.get("replay_step", ""))
        app.history.replay.slid = True


def _import(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """A record file picked on the home screen: ``page_keep.py`` read it into ``values["file_text"]``."""
    if "file_too_big" in values:
        app.notice, app.notice_details = app.t("history.import_too_big"), None
    elif "file_text" in values:
        text = values["file_text"]
        open_record(app, lambda: history.import_text(text), "history.import_failed")


HANDLERS: dict[str, Callable[[Any, dict[str, str], dict[str, str]], None]] = {
    "undo": _undo,
    "export": _export,
    "copy-link": _copy_link,
    "replay": _replay,
    "replay-go": _replay_go,
    "replay-play": _replay_play,
    "replay-seek": _replay_seek,
    "import": _import,
}

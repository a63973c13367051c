"""The app: which screen shows, whose eyes are on the device, and the turn flow.

Platform-independent: ``main.py`` feeds it clicks (the clicked element's ``data-*``
values plus the current values of the form inputs, dispatched by :data:`HANDLERS`,
one entry per ``data-action``) and puts the HTML that :meth:`App.render` returns into
the page. So the whole flow also runs in plain CPython tests.

Each render computes the viewer's frame once (:func:`.frame.frame_of`); screens,
tables and hints draw from it. After every change of the game the app hands the
device on explicitly (:meth:`App.moved`): drawing never changes what the app holds.
The turn flow at the table (frames, moves, bots, hints) is in :mod:`.flow`, the
new-game form in :mod:`.form`, saves in :mod:`.saves`, keeping games (undo, records,
links, the replay viewer) in :mod:`.keeping`.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from pygames_core.base import Action

from . import announce, keeping, nav, saves, screens, tutorial_ui
from .assist import Assist
from .devices import around, lobby_ui
from .devices import play as devices
from .dom import alert, button, esc, merge_actions
from .flow import GUEST_OWN, KEEP_PENDING, MOVING_ON, TableFlow
from .form import NewGameForm
from .i18n import I18n
from .log import GameLog
from .pace import Pace
from .session import Seat, Session, Storage
from .tables import TableSet


class App(TableFlow):
    def __init__(self, catalogues: dict[str, dict[str, Any]], lang: str, storage: Storage,
                 seed: int | None = None) -> None:
        self.t = I18n(catalogues, lang)
        self.seed = seed  # (the page's ?seed=N: the n-th game started deals from seed + n, a deal that can be replayed)
        self.games_started = 0
        self.storage = storage
        self.tables = TableSet(seed)  # a game's table module is imported when the game is first shown
        self.session: Session | None = None
        self.screen = "home"
        self.notice: str | None = None  # plain-words message at the top (e.g. a save that could not be read)
        self.notice_details: str | None = None  # the notice's technical reason, folded away, for a bug report
        self.save_error: str | None = None  # the traceback that made the app set a save aside, for the console
        self._unproven_save: str | None = None  # the text of a resumed save until its table has rendered once
        self.flashes = 0  # how many one-off messages were set (dom.alert: the same words again are said again)
        self._flash: str | None = None
        self.news: str | None = None  # one-off good news (the host plays again, a setting kept), until the next click
        self.menu_open = False  # the top bar's menu on a narrow screen
        self.results_closed = False  # the player closed the game-over dialog to look at the final table
        self.viewer: int | None = None  # the person holding the device (see moved())
        self.log = GameLog()  # the move log beside the table
        self.history = keeping.Keeping()  # undo's timeline, the replay viewer, the last shared link
        # What the page (page_keep.py) must do in the browser after a click: ("download", name, text), ("copy-link", fragment).
        self.effects: list[tuple[str, ...]] = []
        self.rules_game = "klats"
        self.back_to = "home"  # the screen the rules page returns to
        self.form: NewGameForm | None = None
        self.assist = Assist()  # a Hard bot searching, and the hint on the table
        self.pace = Pace()  # the bots' shared time between two decisions of a person
        self.pending: Action | None = None  # a move waiting for its second tap (confirm moves)
        self.heard = announce.Heard()  # what the live region has said (announce.py)
        self.room: devices.Room | None = None  # friends on other devices at this game; self.joining: this
        self.joining: devices.Joining | None = None  # device as a friend's guest (devices/play.py)
        self.hang_ups: list[tuple[object, ...]] = []
        self.build, self.site = "dev", ""  # this build of the site (guests must run the same), its address

    # ------------------------------------------------------------ startup
    def boot(self) -> None:
        """Resume a saved game if there is one; report a save that cannot be read.

        No save may stop the app from starting: if restoring it fails in any way, here or
        in the first :meth:`render` of its table, it is set aside with a notice and the
        app starts on the home screen.
        """
        text: str | None = None
        try:
            text = self.storage.getItem(saves.last_slot(self.storage))
            session, problem = saves.load(self.storage)
            if problem is not None:
                self.notice, self.notice_details = self.t("notice.bad_save"), problem
                self.save_error = problem
                if not saves.set_aside(self.storage):  # (the device full: it is left where it was, and said so)
                    self.notice += " " + self.t("notice.not_kept_aside")
            if session is not None:
                if session.ui.pop("recovered", False):
                    self.notice = self.t("notice.recovered")
                    saves.save(self.storage, session)
                self.take_up(session)
                self._unproven_save = text
        except Exception:  # noqa: BLE001 - the safety net: see the docstring
            self.set_aside_save(traceback.format_exc(), text)

    def take_up(self, session: Session) -> None:
        """Put a saved game on the table (a reload; a game that waited while a guided one was played).
        A finished one was seen to its end already: it shows the final table, not the dialog again."""
        self.session, self.screen, self.results_closed = session, "table", session.game.is_over(session.state)
        self.viewer = session.humans[0] if len(session.humans) == 1 else None
        devices.start_room(self)  # friends on other devices get new invites

    def set_aside_save(self, error: str, text: str | None = None) -> None:
        """Give up on the saved game: keep it aside (``BAD_SAVE_KEY``), say so, start on the home screen.

        ``error`` (a traceback) is kept in :attr:`save_error` for the console; ``text`` is
        the save as read at boot, when storage may since hold a rewritten one.
        """
        kept = saves.set_aside(self.storage, text)
        self.session, self.viewer, self.screen = None, None, "home"
        self._unproven_save = None
        for table in self.tables.made():
            table.reset()
        self.notice = self.t("notice.save_failed") if kept else f'{self.t("notice.bad_save")} {self.t("notice.not_kept_aside")}'
        self.save_error = error

    def screen_key(self) -> str:
        """Names the screen shown (each rules page apart; each game started here, or by a friend's
        host, apart: "Play again"): the page scrolls to the top when it changes."""
        apart = {"rules": self.rules_game, "table": self.games_started, "guest": self.joining.games if self.joining else 0}
        return f"{self.screen}:{apart[self.screen]}" if self.screen in apart else self.screen

    # ------------------------------------------------------------ clicks
    def click(self, data: dict[str, str], values: dict[str, str]) -> None:
        """Handle a click on an element with ``data-action``; ``values`` are the form inputs."""
        self.flash = self.news = None
        self.history.shared = None
        action = data.get("action", "")
        if action != "menu":
            self.menu_open = False  # any choice closes the menu
        pending, self.pending = self.pending, None  # any click takes a waiting move back …
        if action in KEEP_PENDING:  # … but a language or the menu: the table stays as it is
            self.pending = pending
        if action in MOVING_ON:
            self.notice = self.notice_details = None
        handler = HANDLERS.get(action)
        if action == "confirm-move":  # … but "Play it"
            self.commit(pending)
        elif self.screen == "guest" and (handler is None or action in GUEST_OWN):
            devices.guest_click(self, data)  # a guest's table: its moves go to the host
        elif handler is not None:
            handler(self, data, values)
        elif self.screen == "table":
            self.table_click(data, pending)

    @property
    def flash(self) -> str | None:
        """A one-off message about the last click (why not, what went wrong), until the next one."""
        return self._flash

    @flash.setter
    def flash(self, text: str | None) -> None:
        self._flash = text
        if text:
            self.flashes += 1

    def read_form(self, values: dict[str, str]) -> None:
        if self.screen == "setup" and self.form is not None:
            self.form.read(values, self.tables[self.form.game])

    def start(self, values: dict[str, str]) -> None:
        """Start the game the new-game form describes."""
        assert self.form is not None
        self.read_form(values)
        self.form.remember(self.storage)
        around.leave_host(self)  # (a friend's guest device: it leaves the host's table)
        seats = self.form.seats_to_start(self.t)
        seed = None if self.seed is None else self.seed + self.games_started
        self.games_started += 1
        self.session = Session.new(self.form.game, seats, self.form.options, seed=seed)
        for table in self.tables.made():
            table.reset()
        table = self.tables[self.form.game]
        self.session.ui.update(table.start_ui(self.session.game.view(self.session.state, 0)))
        self.session.ui["confirm"] = self.form.confirm
        self.viewer = self.session.humans[0] if len(self.session.humans) == 1 else None
        self.screen = "table"
        self.results_closed = False
        devices.start_room(self)
        self.moved()

    def open_link(self, fragment: str) -> None:
        """Open a ``#r=…`` link in the replay viewer; a broken one gets a notice on the home screen."""
        keeping.open_record(self, lambda: keeping.import_fragment(fragment), "history.link_failed")

    def link_copied(self, url: str, copied: bool) -> None:
        """The page (``page_keep.py``) made the link ``url`` and tried the clipboard: show the link, and whether it is copied."""
        self.history.shared = (url, copied)

    # ------------------------------------------------------------ render
    def render(self) -> str:
        """The HTML of the current screen (the first one of a resumed save falls back to home if it fails)."""
        if self._unproven_save is not None:
            return self._first_render(self._unproven_save)
        t = self.t
        if self.screen == "table" and self.session is not None:
            body = self._table_screen()
        elif self.screen == "setup" and self.form is not None:
            body = screens.setup_form(t, self.form, self.tables[self.form.game], self.session, around.lets_go(self, self.form.game))
        elif self.screen == "rules":
            body = screens.rules_page(t, self.rules_game, self.back_to in ("table", "guest") and nav.game_on(self))
        elif self.screen == "replay" and self.history.replay is not None:
            body = keeping.replay_screen(t, self.history, self.session is not None)
        elif self.screen in ("join", "guest") and self.joining is not None:
            body = devices.screen(self)
        else:
            self.screen = "home"
            body = screens.home(t, self.session, around.waiting_game(self), around.back_to_host(self), around.table_left(self))
        notice = ""
        if self.notice:
            details = ""
            if self.notice_details:
                details = (f'<details class="notice-details"><summary>{esc(t("notice.details"))}</summary>'
                           f'<code>{esc(self.notice_details)}</code></details>')
            notice = (f'<div class="notice" role="alert" id="notice"><p>{esc(self.notice)}</p>{details}'
                      f'{button(esc(t("common.ok")), "dismiss-notice")}</div>')
        lesson = self.lesson() if self.screen == "table" else None  # (a step says the flash in its own box)
        # (inside the lobby when it is open, the dialog over the page; in a lesson's step box)
        aside = (self.screen == "table" and self.lobby_open()) or (lesson is not None and not lesson.last and self.flash)
        flash = "" if aside else self._said()
        guest = self.joining if self.screen == "guest" else None
        closed = guest.results_closed if guest is not None else self.results_closed and self.lesson() is None
        top = screens.topbar(t, self.screen, self.session, self.menu_open, closed,
                             guest.invite.game if guest is not None else None)
        return top + notice + flash + body

    def _said(self) -> str:
        """The one-off message of the last click: why not (an alert), else good news (an alert too:
        a status region inserted with its words is often not said)."""
        if self.flash:
            return alert(self.flash, self.flashes)
        return f'<p class="flash news" role="alert" id="news">{esc(self.news)}</p>' if self.news else ""

    def _table_screen(self) -> str:
        s, ctx, table = self.session, self.shown(), self.table
        assert s is not None and ctx is not None and table is not None
        log = self.log.render(self.t, self.log.lines(s, ctx, table), table.told_at_table(ctx))
        over = ctx.frame.over
        lesson = self.lesson()
        if lesson is not None:  # a tutorial: its step instead of undo and sharing; its summary ends it
            coach = tutorial_ui.coach(lesson, ctx, table, alert(self.flash, self.flashes) if self.flash else "")
            return screens.table_screen(ctx, table, self.assist.render(s, ctx, table, False) + log, True, None, coach)
        tools = screens.history_tools(self.t, over, None if over else self.undo_check(), self.results_closed,
                                      self.history.shared)
        side = self.assist.render(s, ctx, table, self.may_hint(ctx)) + tools + log
        bar = screens.confirm_bar(ctx, table, self.pending) if self.pending is not None else ""
        notes = ""
        if self.room is not None:  # friends on other devices: the lobby until started, then who is here
            side = lobby_ui.presence(self.t, self.room, self.site) + side
            bar += lobby_ui.lobby(self.t, self.room, self.site, self.storage, self._said()) if self.lobby_open() else ""
            notes = "" if self.lobby_open() or over else lobby_ui.away_line(self.t, self.room, self.site)
        return screens.table_screen(ctx, table, side, self.results_closed, self.history.shared, bar, notes=notes)

    def taught_selector(self) -> str | None:
        """In a tutorial, the CSS selector of what its step is about (the control to press, lit)."""
        lesson, ctx, table = self.lesson(), self.ctx(), self.table
        if lesson is None or ctx is None or table is None or self.screen != "table" or lesson.last:
            return None
        return tutorial_ui.taught_selector(lesson, ctx, table)

    def assist_html(self) -> str:
        """The part beside the table that says who is thinking (or offers the hint), alone: while
        a bot thinks, page_table.py puts it in place of the old one instead of drawing everything."""
        s, ctx, table = self.session, self.ctx(), self.table
        if s is None or ctx is None or table is None or self.screen != "table":
            return ""
        return self.assist.render(s, ctx, table, self.may_hint(ctx))

    def _first_render(self, text: str) -> str:
        self._unproven_save = None
        try:
            return self.render()
        except Exception:  # noqa: BLE001 - the safety net of boot(): a save must never stop the app
            self.set_aside_save(traceback.format_exc(), text)
            return self.render()

    def announcement(self) -> str | None:
        """What a screen reader should hear after this render (:func:`.announce.say`)."""
        return announce.say(self)


# ---------------------------------------------------------------- click handlers, by data-action
Handler = Callable[[App, dict[str, str], dict[str, str]], None]


def _log_earlier(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.session is not None:
        app.log.show_earlier(app.session)


def _show_hand(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """The person the device was handed to asks for his hand: the device is now his."""
    who = app.pass_to()
    if who is not None:
        app.viewer = who


def _dismiss(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """A summary over the table was read: the table notes it in its own saved state."""
    ctx, table = app.ctx(), app.table
    if ctx is not None and table is not None and app.session is not None:
        app.session.ui.update(table.dismiss_interlude(ctx))
        app.moved()


def _add_seat(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.form is not None:
        app.read_form(values)
        app.form.add_seat(app.t)


def _remove_seat(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.form is not None:
        app.read_form(values)
        app.form.remove_seat(app.t, data.get("seat", "-1"), app.tables[app.form.game])


def _start(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.form is not None:
        app.start(values)


def _again(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """Play again: the same seats and options, the next seat starting (a table may change more)."""
    s = app.session
    if s is None:
        return
    table = app.tables[s.game.name]
    app.form = NewGameForm(s.game.name, [Seat(x.name, x.kind) for x in s.seats], dict(s.record.get("options") or {}))
    app.screen = "setup"
    app.start(table.again_values(s.record.get("options") or {}, s.ui, len(s.seats)))


#: Every ``data-action`` the app handles itself; any other click on the table goes to the table.
#: (merge_actions: an action in two tables is an error, not the later one silently winning)
HANDLERS: dict[str, Handler] = merge_actions({
    "log-earlier": _log_earlier,
    "show-hand": _show_hand,
    "dismiss": _dismiss,
    "add-seat": _add_seat,
    "remove-seat": _remove_seat,
    "start": _start,
    "again": _again,
    "cancel-move": lambda app, data, values: None,  # the waiting move is taken back by any click (App.click)
}, nav.HANDLERS, keeping.HANDLERS, tutorial_ui.HANDLERS, devices.HANDLERS)

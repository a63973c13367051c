"""The app: screens, the new-game form, turn flow (bots, pass-and-play), saving.

Platform-independent: ``main.py`` feeds it clicks (the clicked element's
``data-*`` values plus the current values of the form inputs) and puts the HTML
that :meth:`App.render` returns into the page.  So the whole flow also runs in
plain CPython tests.
"""

from __future__ import annotations

import re
import traceback
from html import unescape
from typing import Any, Callable

from pygames_core import IllegalAction, games
from pygames_core.base import Game, State

from . import history, screens
from . import session as store
from .assist import Assist
from .dom import button, esc
from .i18n import LANGS, I18n
from .log import GameLog
from .replay import Replay
from .levels_ui import DEFAULT_BOT
from .session import Seat, Session, Storage, clean_name, seat_kind
from .tables import Ctx, Table, TableSet


#: The most log lines one announcement reads out (a new or resumed game says only its latest few).
ANNOUNCED_LINES = 3

class App:
    def __init__(self, catalogues: dict[str, dict[str, Any]], lang: str, storage: Storage,
                 seed: int | None = None) -> None:
        self.t = I18n(catalogues, lang)
        # With a seed (the page's ?seed=N), the n-th game started deals from seed + n:
        # a deal can be replayed, and the browser tests are deterministic.
        self.seed = seed
        self.games_started = 0
        self.storage = storage
        self.tables = TableSet(seed)  # a game's table module is imported when the game is first shown
        self.session: Session | None = None
        self.screen = "home"
        self.notice: str | None = None  # plain-words message at the top (e.g. a save that could not be read)
        self.notice_details: str | None = None  # the notice's technical reason, folded away, for a bug report
        self.save_error: str | None = None  # the traceback that made the app set a save aside, for the console
        self._unproven_save: str | None = None  # the text of a resumed save until its table has rendered once
        self.flash: str | None = None  # one-off message about the last click
        self.menu_open = False  # the top bar's menu on a narrow screen
        self.results_closed = False  # the player closed the game-over dialog to look at the final table
        self.viewer: int | None = None  # the human currently holding the device
        self.log = GameLog()  # the move log beside the table
        self.timeline = history.Timeline()  # every state of the game at the table, for undo
        self.replay: Replay | None = None  # the recorded game open in the replay viewer
        # What main.py must do in the browser after a click: ("download", name, text), ("copy-link", fragment).
        self.effects: list[tuple[str, ...]] = []
        self.shared: tuple[str, bool] | None = None  # the link "Copy link" made, and whether it reached the clipboard
        self.rules_game = "klats"
        self.back_to = "home"  # the screen the rules page returns to
        self.form: dict[str, Any] = {}
        self.assist = Assist()  # a Hard bot searching, and the hint on the table
        self._heard: tuple[Session | None, int] = (None, 0)  # the game and how many of its log lines were announced

    # ------------------------------------------------------------ startup
    def boot(self) -> None:
        """Resume a saved game if there is one; report a save that cannot be read.

        No save may stop the app from starting: if restoring it fails in any way, here or
        in the first :meth:`render` of its table, it is set aside with a notice and the
        app starts on the home screen.
        """
        text: str | None = None
        try:
            text = self.storage.getItem(store.SAVE_KEY)
            session, problem = store.load(self.storage)
            if problem is not None:
                self.notice, self.notice_details = self.t("notice.bad_save"), problem
                self.save_error = problem
                store.set_aside(self.storage)
            if session is not None:
                if session.ui.pop("recovered", False):
                    self.notice = self.t("notice.recovered")
                    store.save(self.storage, session)
                self.session = session
                self.screen = "table"
                self.viewer = session.humans[0] if len(session.humans) == 1 else None
                self._unproven_save = text
        except Exception:  # noqa: BLE001 - the safety net: see the docstring
            self.set_aside_save(traceback.format_exc(), text)

    def set_aside_save(self, error: str, text: str | None = None) -> None:
        """Give up on the saved game: keep it aside (``BAD_SAVE_KEY``), say so, start on the home screen.

        ``error`` (a traceback) is kept in :attr:`save_error` for the console; ``text`` is
        the save as read at boot, when storage may since hold a rewritten one.
        """
        store.set_aside(self.storage, text)
        self.session, self.viewer, self.screen = None, None, "home"
        self._unproven_save = None
        for table in self.tables.made():
            table.reset()
        self.notice = self.t("notice.save_failed")
        self.save_error = error

    # ------------------------------------------------------------ queries
    @property
    def table(self) -> Table | None:
        return self.tables.get(self.session.game.name) if self.session else None

    def ctx(self) -> Ctx | None:
        s = self.session
        if s is None:
            return None
        cur = s.state.current_player
        humans = s.humans
        if cur is not None and s.seats[cur].is_human:
            if self.viewer != cur and not self.has_secrets(cur):
                self.viewer = cur  # nothing on screen is private: the device simply goes on to him
            seat, private = cur, self.viewer == cur
        else:
            if self.viewer is None and len(humans) == 1:
                self.viewer = humans[0]
            seat = self.viewer if self.viewer is not None else (humans[0] if humans else 0)
            private = self.viewer is not None
        my_turn = private and cur == seat
        view = s.game.view(s.state, seat)
        legal = s.game.legal_actions(s.state) if my_turn else []
        return Ctx(self.t, s, view, seat, private, my_turn, legal)

    def has_secrets(self, seat: int) -> bool:
        """True when ``seat`` would see something another human at the table must not see now."""
        s = self.session
        return s is not None and seat_has_secrets(s.game, s.state, seat, [h for h in s.humans if h != seat])

    def pass_to(self) -> int | None:
        """The human the device must be handed to before his hand may show, if any."""
        s = self.session
        if s is None or self.screen != "table":
            return None
        cur = s.state.current_player
        if cur is not None and s.seats[cur].is_human and self.viewer != cur and self.has_secrets(cur):
            return cur
        return None

    def turn_banner(self) -> int | None:
        """The human whose turn it is, when several share the device and no pass screen is due."""
        s = self.session
        if s is None or len(s.humans) < 2 or s.game.is_over(s.state) or self.pass_to() is not None:
            return None
        cur = s.state.current_player
        return cur if cur is not None and s.seats[cur].is_human else None

    def screen_key(self) -> str:
        """Names the screen shown (each rules page apart): the page scrolls to the top when it changes."""
        return f"rules:{self.rules_game}" if self.screen == "rules" else self.screen

    def interlude(self) -> str | None:
        ctx = self.ctx()
        return self.table.interlude(ctx) if ctx and self.table else None

    def bots_pending(self) -> bool:
        """True when a bot should move next (and nothing on screen asks the player to wait)."""
        s = self.session
        return (
            self.screen == "table"
            and s is not None
            and not s.game.is_over(s.state)
            and not s.is_human_turn()
            and self.interlude() is None
        )

    # ------------------------------------------------------------ actions
    def step_bot(self) -> None:
        s = self.session
        if s is None or not self.bots_pending():
            return
        s.apply(s.bot_action())
        self._saved()

    def _saved(self) -> None:
        if self.session is not None:
            store.save(self.storage, self.session)

    def click(self, data: dict[str, str], values: dict[str, str]) -> None:
        """Handle a click on an element with ``data-action``; ``values`` are the form inputs."""
        self.flash = None
        self.shared = None
        action = data.get("action", "")
        if action != "menu":
            self.menu_open = False  # any choice closes the menu
        handler = getattr(self, f"_on_{action.replace('-', '_')}", None)
        if handler is not None:
            handler(data, values)
            return
        ctx = self.ctx()
        if self.screen == "table" and ctx is not None and self.table is not None:
            if not ctx.my_turn or self.pass_to() is not None or self.interlude() is not None:
                self.flash = self.t("flash.not_your_turn")
                return
            try:
                game_action = self.table.click(data, ctx)
            except (KeyError, ValueError):
                game_action = None
                self.flash = self.t("flash.illegal")
            if game_action is not None:
                self.play(game_action)

    def play(self, action: dict[str, Any]) -> None:
        s = self.session
        assert s is not None
        try:
            s.apply(action)
        except IllegalAction:
            self.flash = self.t("flash.illegal")
            return
        self._saved()

    def _on_home(self, data: dict[str, str], values: dict[str, str]) -> None:
        self.screen = "home"

    def _on_resume(self, data: dict[str, str], values: dict[str, str]) -> None:
        if self.session is not None:
            self.screen = "table"

    def _on_lang(self, data: dict[str, str], values: dict[str, str]) -> None:
        if data.get("lang") in LANGS:
            self._read_form(values)
            self.t.lang = data["lang"]
            self.storage.setItem("pygames.lang", self.t.lang)

    def _on_rules(self, data: dict[str, str], values: dict[str, str]) -> None:
        self.rules_game = data.get("game") or (self.session.game.name if self.session else "klats")
        self.back_to = self.screen
        self.screen = "rules"

    def _on_back(self, data: dict[str, str], values: dict[str, str]) -> None:
        self.screen = self.back_to if self.screen == "rules" else "home"
        if self.screen == "table" and self.session is None:
            self.screen = "home"

    def _on_log_earlier(self, data: dict[str, str], values: dict[str, str]) -> None:
        if self.session is not None:
            self.log.show_earlier(self.session)

    def _on_menu(self, data: dict[str, str], values: dict[str, str]) -> None:
        self.menu_open = not self.menu_open

    def _on_close_results(self, data: dict[str, str], values: dict[str, str]) -> None:
        self.results_closed = True

    def _on_show_results(self, data: dict[str, str], values: dict[str, str]) -> None:
        self.results_closed = False

    def _on_dismiss_notice(self, data: dict[str, str], values: dict[str, str]) -> None:
        self.notice = self.notice_details = None

    def _on_show_hand(self, data: dict[str, str], values: dict[str, str]) -> None:
        who = self.pass_to()
        if who is not None:
            self.viewer = who

    def _on_dismiss(self, data: dict[str, str], values: dict[str, str]) -> None:
        ctx = self.ctx()
        if ctx is not None and self.table is not None:
            self.table.dismiss_interlude(ctx)
            self._saved()

    # ------------------------------------------------------------ new game
    def _on_setup(self, data: dict[str, str], values: dict[str, str]) -> None:
        name = data.get("game", "klats")
        if name not in self.tables:
            return
        t = self.t
        self.form = {
            "game": name,
            "seats": [Seat(t("setup.default_you"), "human"), Seat(t("setup.default_bot", n=1), DEFAULT_BOT)],
            "options": self.tables[name].default_options(),
        }
        self.screen = "setup"

    def _read_form(self, values: dict[str, str]) -> None:
        if self.screen != "setup" or not self.form:
            return
        for i, seat in enumerate(self.form["seats"]):
            seat.name = clean_name(values.get(f"seat_name_{i}", seat.name), seat.name)
            seat.kind = seat_kind(values.get(f"seat_kind_{i}", seat.kind)) or seat.kind
        table = self.tables[self.form["game"]]
        if any(k.startswith("opt_") for k in values):
            self.form["options"] = table.read_options(values, len(self.form["seats"]))

    def _on_add_seat(self, data: dict[str, str], values: dict[str, str]) -> None:
        self._read_form(values)
        game = games.get(self.form["game"])
        n = len(self.form["seats"])
        if n < game.max_players:
            bots_so_far = sum(1 for s in self.form["seats"] if not s.is_human)
            self.form["seats"].append(Seat(self.t("setup.default_bot", n=bots_so_far + 1), DEFAULT_BOT))

    def _on_remove_seat(self, data: dict[str, str], values: dict[str, str]) -> None:
        self._read_form(values)
        game = games.get(self.form["game"])
        i = int(data.get("seat", "-1"))
        if len(self.form["seats"]) > game.min_players and 0 <= i < len(self.form["seats"]):
            del self.form["seats"][i]
            self.form["options"] = self.tables[self.form["game"]].read_options(
                {f"opt_{k}": str(v) for k, v in self.form["options"].items()}, len(self.form["seats"]))

    def _on_start(self, data: dict[str, str], values: dict[str, str]) -> None:
        self._read_form(values)
        seats = [Seat(clean_name(s.name, f"#{i + 1}"), s.kind) for i, s in enumerate(self.form["seats"])]
        if sum(s.is_human for s in seats) > 1:
            # "You" means nothing once the device is passed around: untouched defaults become "Player N".
            yous = {str(cat.get("setup.default_you")) for cat in self.t.catalogues.values()}
            for i, seat in enumerate(seats):
                if seat.is_human and seat.name in yous:
                    seat.name = self.t("setup.seat_n", n=i + 1)
        seed = None if self.seed is None else self.seed + self.games_started
        self.games_started += 1
        self.session = Session.new(self.form["game"], seats, self.form["options"], seed=seed)
        for table in self.tables.made():
            table.reset()
        self.session.ui.update(self.tables[self.form["game"]].start_ui(self.session))
        self.viewer = self.session.humans[0] if len(self.session.humans) == 1 else None
        self.screen = "table"
        self.results_closed = False
        self._saved()

    def _on_again(self, data: dict[str, str], values: dict[str, str]) -> None:
        s = self.session
        if s is None:
            return
        self.form = {"game": s.game.name, "seats": [Seat(x.name, x.kind) for x in s.seats],
                     "options": dict(s.record.get("options") or {})}
        self.screen = "setup"
        self._on_start(data, self.tables[s.game.name].again_values(s))

    # ------------------------------------------------------------ keeping games (history.py, replay.py)
    def undo_check(self) -> history.UndoCheck | None:
        """Whether the person at the device may take back his last decision (``None``: no game at the table)."""
        if self.session is None or self.screen != "table":
            return None
        return history.check_undo(self.session, self.viewer, self.timeline)

    def _on_undo(self, data: dict[str, str], values: dict[str, str]) -> None:
        check = self.undo_check()
        if check is None or self.session is None or self.table is None:
            return
        if check.upto is None:
            self.flash = self.t(f"history.undo_no.{check.reason}")
            return
        history.undo(self.session, self.timeline, check.upto)
        self.table.reset()
        self.log = GameLog()  # the log only ever grows: it starts over for the shortened game
        self._saved()

    def _shown_record(self) -> tuple[dict[str, Any], list[Seat]] | None:
        """The record on screen (the replay's in the viewer, else the game at the table's), with its
        seats named as they leave the device (``history.shared_seats``)."""
        if self.screen == "replay" and self.replay is not None:
            return self.replay.record, history.shared_seats(self.t, self.replay.seats)
        if self.session is not None:
            return self.session.record, history.shared_seats(self.t, self.session.seats)
        return None

    def _on_export(self, data: dict[str, str], values: dict[str, str]) -> None:
        shown = self._shown_record()
        if shown is not None:
            self.effects.append(("download", *history.export_file(*shown)))

    def _on_copy_link(self, data: dict[str, str], values: dict[str, str]) -> None:
        shown = self._shown_record()
        if shown is not None:
            try:
                self.effects.append(("copy-link", history.link_fragment(*shown)))
            except ValueError:  # a save whose record of moves does not replay
                self.flash = self.t("history.record_broken")

    def link_copied(self, url: str, copied: bool) -> None:
        """``main.py`` made the link ``url`` and tried the clipboard: show the link, and whether it is copied."""
        self.shared = (url, copied)

    def _on_replay(self, data: dict[str, str], values: dict[str, str]) -> None:
        s = self.session
        if s is not None:
            try:
                self.replay = Replay(dict(s.record, actions=list(s.record["actions"])), list(s.seats))
            except ValueError:  # a save whose record of moves does not replay
                self.flash = self.t("history.record_broken")
                return
            self.screen = "replay"

    def _on_replay_go(self, data: dict[str, str], values: dict[str, str]) -> None:
        if self.replay is not None:
            self.replay.go(data.get("to", ""))

    def _on_replay_seek(self, data: dict[str, str], values: dict[str, str]) -> None:
        if self.replay is not None:
            self.replay.seek(values.get("replay_step", ""))

    def _on_import(self, data: dict[str, str], values: dict[str, str]) -> None:
        """A record file picked on the home screen: ``main.py`` read it into ``values["file_text"]``."""
        if "file_too_big" in values:
            self.notice = self.t("history.import_too_big")
        elif "file_text" in values:
            self._open_record(lambda: history.import_text(values["file_text"]), "history.import_failed")

    def open_link(self, fragment: str) -> None:
        """Open a ``#r=…`` link in the replay viewer; a broken one gets a notice on the home screen."""
        self._open_record(lambda: history.import_fragment(fragment), "history.link_failed")

    def _open_record(self, read: Callable[[], history.Imported], failed: str) -> None:
        try:
            imported = read()
            self.replay = Replay(imported.record, imported.seats)
        except ValueError as exc:
            self.notice, self.notice_details = self.t(failed), str(exc)[:300]
            self.screen = "home"
            return
        self.screen = "replay"

    def _replay_screen(self) -> str:
        if self.replay is None:
            self.screen = "home"
            return screens.home(self)
        t = self.t
        tools = f'<div class="row replay-share">{history.share_buttons(t, replay=False)}</div>{history.share_box(t, self.shared)}'
        return self.replay.render(t, tools)

    # ------------------------------------------------------------ render
    def render(self) -> str:
        """The HTML of the current screen (the first one of a resumed save falls back to home if it fails)."""
        if self._unproven_save is not None:
            return self._first_render(self._unproven_save)
        body = {"home": screens.home, "setup": screens.setup_form, "table": screens.table_screen,
                "rules": screens.rules_page, "replay": App._replay_screen}[self.screen](self)
        notice = ""
        if self.notice:
            details = ""
            if self.notice_details:
                details = (f'<details class="notice-details"><summary>{esc(self.t("notice.details"))}</summary>'
                           f'<code>{esc(self.notice_details)}</code></details>')
            notice = (f'<div class="notice" role="alert" id="notice"><p>{esc(self.notice)}</p>{details}'
                      f'{button(esc(self.t("common.ok")), "dismiss-notice")}</div>')
        flash = f'<p class="flash" role="alert" id="flash">{esc(self.flash)}</p>' if self.flash else ""
        return screens.topbar(self) + notice + flash + body

    def _first_render(self, text: str) -> str:
        self._unproven_save = None
        try:
            return self.render()
        except Exception:  # noqa: BLE001 - the safety net of boot(): a save must never stop the app
            self.set_aside_save(traceback.format_exc(), text)
            return self.render()

    def announcement(self) -> str | None:
        """What a screen reader should hear after this render: the move-log lines added since the
        last call (the newest :data:`ANNOUNCED_LINES` of them, as plain text), or ``None``.

        Bots' moves, round ends and the end of the game are all log lines, so each is said once,
        as it happens; a language switch or an undo, which rewrite the log, says nothing.
        """
        s, table = self.session, self.table
        ctx = self.ctx()
        if self.screen != "table" or s is None or table is None or ctx is None:
            return None
        lines = self.log.lines(ctx, table)
        game, heard = self._heard
        start = min(heard, len(lines)) if game is s else 0  # fewer lines than heard: an undo
        self._heard = (s, len(lines))
        new = lines[start:][-ANNOUNCED_LINES:]
        return " ".join(re_strip_tags(html) for _, html in new) or None


def seat_has_secrets(game: Game, state: State, seat: int, others: list[int]) -> bool:
    """True when ``game.view`` shows ``seat`` something it does not show every seat of ``others``.

    The views are compared as they stand now, without the viewer's own ``me``: in a game
    where everything is face up they are equal, and pass-and-play needs no hiding.
    """
    def public(view: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in view.items() if k != "me"}

    mine = public(game.view(state, seat))
    return any(public(game.view(state, other)) != mine for other in others)


def re_strip_tags(html: str) -> str:
    """Plain text of a log line, for the screen-reader live region."""
    return unescape(re.sub(r"<[^>]+>", "", html))

"""Moving between screens: the handlers of the top bar and the home screen, and each screen's address.

:func:`address` says where the app is as a :class:`~.routes.Route` (``web/main.py`` keeps it
in the browser's history, so Back and Forward move between screens and a reload shows the
same one); :func:`show` goes to a route, the way the browser's Back asks. Nothing here
changes a game: navigating never loses a saved one. The handlers work on any :class:`App`
(the app), so this module does not import the app.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, Protocol

from pygames_core import games

from . import saves, tutorial
from .form import NewGameForm
from .history import spoken_seats
from .i18n import LANGS, I18n
from .keeping import Keeping
from .routes import HOME, Route
from .session import Session, Storage, StorageFullError
from .tables import TableSet


class App(Protocol):
    """What navigation uses of the app."""

    t: I18n
    storage: Storage
    tables: TableSet
    screen: str
    session: Session | None
    rules_game: str
    back_to: str
    menu_open: bool
    results_closed: bool
    notice: str | None
    notice_details: str | None
    form: NewGameForm | None
    history: Keeping
    viewer: int | None

    def read_form(self, values: dict[str, str]) -> None: ...

    def take_up(self, session: Session) -> None: ...

    def moved(self) -> None: ...


def address(app: App) -> Route:
    """The route of the screen the app shows."""
    if app.screen == "rules":
        return Route("rules", app.rules_game)
    if app.screen == "setup" and app.form is not None:
        return Route("setup", app.form.game)
    if app.screen == "table":
        return Route("table")
    if app.screen == "replay":
        return Route("replay")
    return HOME


def title(app: App) -> str:
    """The page's title for the screen shown (the browser's tab and its history list name it)."""
    def game_title(name: str) -> str:
        return games.get(name).title[app.t.lang]

    if app.screen == "rules":
        words = app.t("rules.title", game=game_title(app.rules_game))
    elif app.screen == "setup" and app.form is not None:
        words = app.t("setup.title", game=game_title(app.form.game))
    elif app.screen == "replay" and app.history.replay is not None:
        words = app.t("replay.title", game=game_title(app.history.replay.game.name))
    elif app.screen == "table" and app.session is not None:
        words = game_title(app.session.game.name)
    else:
        return "pygames"
    return f"{words} — pygames"


def show(app: App, route: Route) -> None:
    """Go to ``route`` (Back, Forward, a reload, a shared address); a screen that cannot show
    now (no game at the table, no record in the viewer) falls back to the nearest that can."""
    game = route.game if route.game in app.tables else None
    if route.screen == "rules" and game is not None:
        if app.screen != "rules":
            app.back_to = app.screen
        app.rules_game = game
        app.screen = "rules"
    elif route.screen == "setup" and game is not None:
        if app.form is None or app.form.game != game:
            app.form = NewGameForm.remembered(app.t, game, app.tables[game], app.storage)
        app.screen = "setup"
    elif route.screen == "table" and app.session is not None:
        _back_to_table(app)
    elif route.screen == "replay" and app.history.replay is not None:
        app.screen = "replay"
    elif route.screen == "replay" and app.session is not None:
        app.screen = "table"
    else:
        app.screen = "home"
    app.menu_open = False


def _home(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    app.screen = "home"


def game_on(app: App) -> bool:
    """A game is under way at the table (not over, not a guided one: the rules page then offers
    the way back to it at its top, rather than the guided game), or the rules were opened from a
    friend's table (this device his guest)."""
    if app.back_to == "guest":
        return True
    s = app.session
    return s is not None and not s.game.is_over(s.state) and tutorial.UI_KEY not in s.ui


def _back_to_table(app: App) -> None:
    """The table again, after another screen: with several people sharing the device, the
    hands stay hidden until the one whose turn it is says it is him (it may have changed hands)."""
    if app.session is not None and app.screen != "table" and len(app.session.humans) > 1:
        app.viewer = None
    app.screen = "table"


def _seat_kind(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """A seat's kind chosen on the new-game form: a name made up for the kind it was goes with it."""
    form = app.form
    if app.screen == "setup" and form is not None:
        before = [s.kind for s in form.seats]
        app.read_form(values)
        form.renamed(app.t, before)


def _resume(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if app.session is not None:
        _back_to_table(app)


def _setup(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """A game's new-game form, filled in as this device last started that game."""
    name = data.get("game", "klats")
    if name in app.tables:
        app.form = NewGameForm.remembered(app.t, name, app.tables[name], app.storage)
        app.screen = "setup"


def _resume_saved(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    """The other kept game (the one in progress after a guided one, or the guided one); the one
    left stays kept too."""
    session = saves.waiting(app.storage, app.session)
    if session is not None:
        app.take_up(session)
        app.moved()


def _lang(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    if data.get("lang") in LANGS:
        app.read_form(values)
        app.t.lang = data["lang"]
        with contextlib.suppress(StorageFullError):  # (a full device: the choice holds for this visit)
            app.storage.setItem("pygames.lang", app.t.lang)
        if app.form is not None:  # the names the form made up ("Вы", "Бот 1") in the language shown
            app.form.seats = spoken_seats(app.t, app.form.seats)


def _rules(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    app.rules_game = data.get("game") or (app.session.game.name if app.session else "klats")
    app.back_to = app.screen
    app.screen = "rules"


def _back(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    app.screen = app.back_to if app.screen == "rules" else "home"
    if app.screen == "table" and app.session is None:
        app.screen = "home"


def _menu(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    app.menu_open = not app.menu_open


def _close_results(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    app.results_closed = True


def _show_results(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    app.results_closed = False


def _dismiss_notice(app: App, data: dict[str, str], values: dict[str, str]) -> None:
    app.notice = app.notice_details = None


HANDLERS: dict[str, Callable[[Any, dict[str, str], dict[str, str]], None]] = {
    "home": _home,
    "setup": _setup,
    "resume": _resume,
    "seat-kind": _seat_kind,
    "resume-saved": _resume_saved,
    "lang": _lang,
    "rules": _rules,
    "back": _back,
    "menu": _menu,
    "close-results": _close_results,
    "show-results": _show_results,
    "dismiss-notice": _dismiss_notice,
}

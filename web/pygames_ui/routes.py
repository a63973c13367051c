"""Each screen's address in the URL fragment, for the browser's Back and Forward.

The page keeps one History API entry per screen the player opened, so Back returns
to the previous screen instead of leaving the site, Forward works, a reload shows
the same screen and a rules page can be shared by its address. This module only
translates between a screen and its fragment; ``web/main.py`` pushes and reads the
entries, and the app decides what a route may show (a table needs a game, …).

=========================  ======================================
fragment                   screen
=========================  ======================================
``#/``                     home
(none)                     where the app starts: the saved game, else home
``#/rules/<game>``         the rules of a game
``#/new/<game>``           the new-game form of a game
``#/play``                 the game at the table
``#/replay``               the replay viewer
=========================  ======================================

A shared game record (``#r=…``, see :mod:`.history`) is not a route: the page opens
it in the replay viewer and replaces the address with ``#/replay``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

Screen = Literal["home", "rules", "setup", "table", "replay"]
SCREENS: tuple[str, ...] = get_args(Screen)

#: Screens whose address names a game.
_WITH_GAME: dict[Screen, str] = {"rules": "rules", "setup": "new"}
_NO_GAME: dict[Screen, str] = {"table": "play", "replay": "replay"}
#: The longest fragment read at all: anything longer is not one of ours.
MAX_FRAGMENT = 64


@dataclass(frozen=True)
class Route:
    """A screen, and the game it is about where the screen is a game's (rules, new game)."""

    screen: Screen = "home"
    game: str | None = None

    def fragment(self) -> str:
        """The address of this screen, ``#/…``."""
        if self.screen in _WITH_GAME and self.game:
            return f"#/{_WITH_GAME[self.screen]}/{self.game}"
        if self.screen in _NO_GAME:
            return f"#/{_NO_GAME[self.screen]}"
        return "#/"


HOME = Route()


def parse(fragment: str, games: frozenset[str] | set[str] | tuple[str, ...]) -> Route | None:
    """The route a fragment names, or ``None`` when it is not a screen's address.

    ``""`` and ``"#/"`` are home; a game that ``games`` does not list, a screen that
    does not exist or anything else (a ``#r=`` record link, a typo) is ``None``, so the
    caller decides: open a record, or fall back to home.
    """
    if fragment in ("", "#", "#/"):
        return HOME
    if len(fragment) > MAX_FRAGMENT or not fragment.startswith("#/"):
        return None
    parts = fragment[2:].split("/")
    if len(parts) == 2:
        for screen, word in _WITH_GAME.items():
            if parts[0] == word and parts[1] in games:
                return Route(screen, parts[1])
        return None
    if len(parts) == 1:
        for screen, word in _NO_GAME.items():
            if parts[0] == word:
                return Route(screen)
    return None


class Trail:
    """The addresses this page has put in the browser's history, and where it stands among them.

    ``web/main.py`` asks :meth:`moved_to` after each render (push a new entry, or step back
    when the app went to the screen just before, so in-app "Back" and the browser's agree)
    and tells :meth:`popped` when the browser moves (Back, Forward); a pop it caused itself
    is not news.
    """

    def __init__(self, first: str) -> None:
        self.entries = [first]
        self.at = 0
        self._expected: str | None = None  # the fragment a history.back() of ours will pop to
        self.restarted = False  # the last pop was to an address typed or pasted, not Back or Forward

    @property
    def here(self) -> str:
        return self.entries[self.at]

    def moved_to(self, fragment: str) -> tuple[str, str] | None:
        """The app shows ``fragment`` now: ``("push", f)``, ``("back", f)`` or ``None`` (already there)."""
        if fragment == self.here:
            return None
        if self.at > 0 and self.entries[self.at - 1] == fragment:
            self.at -= 1
            self._expected = fragment
            return ("back", fragment)
        del self.entries[self.at + 1:]
        self.entries.append(fragment)
        self.at += 1
        return ("push", fragment)

    def popped(self, fragment: str) -> bool:
        """The browser went to ``fragment``: ``True`` if the app must show it (not our own back)."""
        if self._expected is not None and fragment == self._expected:
            self._expected = None
            return False
        self._expected = None
        self.restarted = False
        if self.at > 0 and self.entries[self.at - 1] == fragment:
            self.at -= 1
        elif self.at + 1 < len(self.entries) and self.entries[self.at + 1] == fragment:
            self.at += 1
        else:  # an address typed or pasted: a new start
            self.entries, self.at, self.restarted = [fragment], 0, True
        return True

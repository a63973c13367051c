"""The move log beside the table: every narrated event of the game, numbered, newest first.

``view["log"]`` carries only the latest events; the log reads the whole game from
:attr:`Ctx.events`.  Each event is put into words once (the log grows, and a line
never changes once said), so a long game costs one new line per move; a log that
was taken back (an undo) is said again from its start.  The page holds the newest
:data:`PAGE` lines; "Show earlier" adds a page at a time.
"""

from __future__ import annotations

import re
from typing import Any

from .dom import button, esc, unesc
from .i18n import I18n
from .tables import Ctx, Table

#: Lines put on the page at first, and added by each "Show earlier".
PAGE = 80


class GameLog:
    """The numbered lines of one game's log, as the viewer reads them."""

    def __init__(self) -> None:
        self._game: object = None  # the game whose lines these are (compared by identity)
        self._key: tuple[str, int | None] | None = None
        self._said = 0  # events put into words so far
        self._tail: dict[str, Any] | None = None  # the last of them, to notice a log that was taken back
        self._lines: list[tuple[int, str]] = []  # (event n, safe HTML) of every narrated event
        self.limit = PAGE  # how many of the newest lines are on the page

    def _follow(self, game: object) -> None:
        """Start afresh for another game: its own lines, one page of them."""
        if game is not self._game:
            self._game, self._key, self._said, self._lines, self.limit = game, None, 0, [], PAGE

    def lines(self, game: object, ctx: Ctx, table: Table) -> list[tuple[int, str]]:
        """Every narrated event of ``game`` (the session at the table, compared by identity) so far
        as ``(event n, HTML)``, oldest first; line ``i`` is number ``i + 1``."""
        self._follow(game)
        # The words depend on the language and, for "You", on who is looking (not in a replay,
        # where the seat shown follows whoever moves and "You" is whoever played as "You").
        key = (ctx.t.lang, ctx.seat if ctx.is_you(ctx.seat) and not ctx.replay else None)
        events = ctx.events
        taken_back = len(events) < self._said or (self._said and events[self._said - 1] != self._tail)
        if key != self._key or taken_back:
            self._key, self._said, self._lines = key, 0, []
        for event in events[self._said:]:
            line = table.describe(event, ctx.for_event(event["n"]))
            if line:
                self._lines.append((event["n"], line))
        self._said = len(events)
        self._tail = events[-1] if events else None
        return self._lines

    def show_earlier(self, game: object) -> None:
        """Put one more page of ``game``'s older lines on the page."""
        self._follow(game)
        self.limit += PAGE

    def render(self, t: I18n, lines: list[tuple[int, str]], before: int | None = None,
               moves: dict[int, int] | None = None) -> str:
        """The log panel: the newest :attr:`limit` lines, newest first, each with its number in the game.

        With ``before`` (:meth:`Table.told_at_table`) the table tells the latest events itself:
        the panel lists only the lines of older events, as "Earlier moves", and is left out
        while there are none. With ``moves`` (each event's move, the replay's) the first line of
        each move has the move's number, and the others none.
        """
        numbered = list(enumerate(lines))
        title = t("table.log")
        if before is not None:
            numbered = [(i, line) for i, line in numbered if line[0] < before]
            if not numbered:
                return ""
            title = t("table.log_older")
        first = max(0, len(numbered) - self.limit)
        items = "".join(_item(i + 1 if moves is None else _move_number(moves, lines, i), n, html)
                        for i, (n, html) in reversed(numbered[first:]))
        more = ""
        if first:
            more = button(esc(t("table.log_earlier", n=first)), "log-earlier", "log-more")
        return (f'<aside class="log" id="move-log" tabindex="0" aria-label="{esc(title)}"><h2>{esc(title)}</h2>'
                f'<ol reversed>{items}</ol>{more}</aside>')


def _move_number(moves: dict[int, int], lines: list[tuple[int, str]], i: int) -> int | None:
    """Line ``i``'s move, if it is the first line of that move (else ``None``: no number)."""
    move = moves.get(lines[i][0])
    return move if move is not None and (i == 0 or moves.get(lines[i - 1][0]) != move) else None


def _item(number: int | None, n: int, html: str) -> str:
    if number is None:
        return f'<li class="unnumbered" data-n="{n}">{html}</li>'
    return f'<li value="{number}" data-n="{n}">{html}</li>'


#: A tag of the markup this app writes (well-formed: every element closed, ``/>`` on SVG's empty ones).
_TAG = re.compile(r"<(/?)([a-zA-Z][\w-]*)([^>]*?)(/?)>")
_VOID = frozenset({"br", "img", "input", "hr", "wbr"})
_LABEL = re.compile(r'\baria-label="([^"]*)"')


def plain_text(html: str) -> str:
    """A log line as a screen reader would read it on the page, for the live region: an element
    with an ``aria-label`` (a card: "10, orange") is its label, one hidden from screen readers
    (``aria-hidden``: a picture) is nothing, and each element is a word of its own ("horse head,
    cow body" never runs together as "horse headcow body")."""
    out: list[str] = []
    pos = skip = 0  # skip: how deep inside an element that is said by its label, or not at all
    for m in _TAG.finditer(html):
        if not skip:
            out.append(html[pos:m.start()])
        pos = m.end()
        closing, name, attrs, empty = m.groups()
        void = bool(empty) or name.lower() in _VOID
        if skip:
            skip += 0 if void else -1 if closing else 1
            continue
        out.append(" ")
        label = _LABEL.search(attrs)
        if not closing and (label is not None or 'aria-hidden="true"' in attrs):
            if label is not None and 'aria-hidden="true"' not in attrs:
                out.append(label.group(1))
            skip = 0 if void else 1
    if not skip:
        out.append(html[pos:])
    text = " ".join(unesc("".join(out)).split())
    return re.sub(r"\s+([.,:;!?…)])", r"\1", text).replace("( ", "(")

"""Thinking bots and hints at the table: what the page (``page_table.py``) asks the bot worker, and what shows meanwhile.

A level that searches (Hard, :attr:`Level.searches`) thinks for about a second, so it is
not played like Easy and Medium (a few milliseconds): the app asks
:meth:`Assist.bot_request` for the request, ``page_table.py`` sends it to the bot worker (or
thinks on the page in slices), and the answer comes back through
:meth:`Assist.bot_answered`. Meanwhile the table says who is thinking.

A hint is the Hard bot's move for the person whose turn it is, searched from that
person's own view only (:func:`thinking.request`): :meth:`Assist.hint_request`, then
:meth:`Assist.hint_answered`. The table then names the move with its chance of
winning and ``page_table.py`` lights its control (:meth:`Assist.lit_selector`).

Every answer is for the position it was asked in (the engine ``State`` object, held,
compared by identity): once anything is played or taken back, a late answer is
dropped and an old hint disappears. Nothing here reads the app: each call gets the
session, the viewer's frame (:class:`~pygames_ui.tables.Ctx`) and whether a hint may
show now.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygames_core.base import Action, State

from . import thinking
from .dom import button, esc
from .session import Session
from .tables import Ctx, Table


@dataclass
class Hint:
    """A hint asked in ``state`` for ``seat``; ``action`` is ``None`` until the answer comes."""

    state: State
    seat: int
    action: Action | None = None
    estimate: float | None = None


class Assist:
    """The bot that is thinking now, and the hint on the table."""

    def __init__(self) -> None:
        self.thinking: tuple[State, int] | None = None  # a searching bot: the position and its seat
        self.hint: Hint | None = None

    # ------------------------------------------------------------ bots that search
    def bot_request(self, session: Session) -> dict[str, Any] | None:
        """The request for the bot to move now when its level searches, else ``None``: play it at once.

        The caller knows a bot is to move (``App.bots_pending``).
        """
        seat = session.state.current_player
        if seat is None:
            return None
        level = session.seats[seat].level
        if level is None or not thinking.searches_now(level, len(session.game.legal_actions(session.state))):
            return None
        self.thinking = (session.state, seat)
        return thinking.request(session)

    def bot_answered(self, session: Session | None, answer: dict[str, Any] | None) -> Action | None:
        """A searching bot's move if the game is still where it was asked, else ``None``.

        An answer that is not a legal move now is a bug: ``ValueError``.
        """
        asked, self.thinking = self.thinking, None
        if asked is None or answer is None or session is None or session.state is not asked[0]:
            return None
        return thinking.action_of(answer, session.game.legal_actions(session.state))

    def thinking_seat(self, session: Session | None) -> int | None:
        """The seat whose bot is searching in the position on the table, if any."""
        if self.thinking is None or session is None or session.state is not self.thinking[0]:
            return None
        return self.thinking[1]

    # ------------------------------------------------------------ hints
    def hint_request(self, session: Session, ctx: Ctx, may_hint: bool) -> dict[str, Any] | None:
        """The request for a hint to the person whose turn it is and who holds the device, else ``None``."""
        if not may_hint or self.current_hint(session, ctx) is not None:
            return None  # no hint now, or asked already: one search per position
        self.hint = Hint(session.state, ctx.seat)
        return thinking.request(session, hint=True)

    def hint_answered(self, session: Session | None, answer: dict[str, Any] | None) -> bool:
        """Keep a hint's answer if the game is still where it was asked; ``True`` if kept."""
        hint = self.hint
        if hint is None or session is None or session.state is not hint.state or hint.action is not None:
            return False
        if answer is None:  # no answer could be had: the button is offered again
            self.hint = None
            return False
        hint.action = thinking.action_of(answer, session.game.legal_actions(session.state))
        estimate = answer.get("estimate")
        hint.estimate = float(estimate) if isinstance(estimate, (int, float)) else None
        return True

    def current_hint(self, session: Session | None, ctx: Ctx | None) -> Hint | None:
        """The hint for the position and the person on the table now (asked or answered)."""
        hint = self.hint
        if hint is None or session is None or session.state is not hint.state:
            return None
        if ctx is None or ctx.seat != hint.seat or not ctx.my_turn:
            return None
        return hint

    def lit_selector(self, session: Session | None, ctx: Ctx | None, table: Table | None,
                     may_hint: bool) -> str | None:
        """The CSS selector of the control(s) to light for the hint on the table, if any."""
        hint = self.current_hint(session, ctx)
        if hint is None or hint.action is None or table is None or ctx is None or not may_hint:
            return None
        return table.action_selector(hint.action, ctx)

    # ------------------------------------------------------------ render
    def render(self, session: Session, ctx: Ctx, table: Table, may_hint: bool) -> str:
        """Beside the table (above Undo): who is thinking, or the Hint button and the hint."""
        t = ctx.t
        seat = self.thinking_seat(session)
        if seat is not None:
            return (f'<div class="assist" id="assist"><p class="bot-thinking" id="bot-thinking" role="status" '
                    f'data-seat="{seat}">{t("assist.thinking", name=ctx.name(seat))}</p></div>')
        if not may_hint:  # kept, empty: page_table.py shows who is thinking in it without a redraw
            return '<div class="assist" id="assist"></div>'
        hint = self.current_hint(session, ctx)
        if hint is None:
            return f'<div class="assist" id="assist">{button(esc(t("assist.hint")), "hint", "hint-button")}</div>'
        if hint.action is None:
            waiting = button(esc(t("assist.hint")), "hint", "hint-button", disabled=True)
            # (said in the page's live region once, announce.py: not a status here, said twice)
            return (f'<div class="assist" id="assist">{waiting}<p class="hint-text" id="hint" '
                    f'data-ready="false">{esc(t("assist.hint_thinking"))}</p></div>')
        move = table.action_words(hint.action, ctx)
        key = "assist.hint_move" if move else "assist.hint_lit"
        if hint.estimate is None:
            text = t(key, move=move)
        else:
            text = t(f"{key}_chance", move=move, n=round(100 * hint.estimate))
        return f'<div class="assist" id="assist"><p class="hint-text" id="hint" role="status" data-ready="true">{text}</p></div>'

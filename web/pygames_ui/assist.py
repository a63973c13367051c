"""Thinking bots and hints at the table: what ``main.py`` asks the bot worker, and what shows meanwhile.

A Hard bot searches for about a second, so ``main.py`` does not play it like Easy
and Medium (:meth:`App.step_bot`, a few milliseconds): it asks
:meth:`Assist.bot_request` for the request, sends it to the bot worker (or thinks
on the page in slices), and hands the answer to :meth:`Assist.bot_answered`.
Meanwhile the table says who is thinking.

A hint is the Hard bot's move for the person whose turn it is, searched from that
person's own view only (:func:`thinking.request`): :meth:`Assist.hint_request`, then
:meth:`Assist.hint_answered`.  The table then names the move with its chance of
winning and ``main.py`` lights its control (:meth:`Assist.lit_selector`).

Every answer is for the position it was asked in (the engine ``State`` object, held,
compared by identity): once anything is played or taken back, a late answer is
dropped and an old hint disappears.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pygames_core.base import Action, State

from . import thinking
from .dom import button, esc

if TYPE_CHECKING:
    from .app import App
    from .tables import Ctx


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
    def bot_request(self, app: App) -> dict[str, Any] | None:
        """The request for the bot to move now when it searches (Hard), else ``None``: play it at once."""
        s = app.session
        if s is None or not app.bots_pending():
            return None
        seat = s.state.current_player
        assert seat is not None
        level = s.seats[seat].level
        if level is None or level.bot != "ismcts" or len(s.game.legal_actions(s.state)) < 2:
            return None
        self.thinking = (s.state, seat)
        return thinking.request(s)

    def bot_answered(self, app: App, answer: dict[str, Any] | None) -> bool:
        """Play a searching bot's answer if the game is still where it was asked; ``True`` if played.

        An answer that is not a legal move now is a bug: ``ValueError``.
        """
        asked, self.thinking = self.thinking, None
        s = app.session
        if asked is None or answer is None or s is None or s.state is not asked[0] or not app.bots_pending():
            return False
        app.play(thinking.action_of(answer, s.game.legal_actions(s.state)))
        return True

    def thinking_seat(self, app: App) -> int | None:
        """The seat whose bot is searching in the position on the table, if any."""
        s = app.session
        if self.thinking is None or s is None or s.state is not self.thinking[0]:
            return None
        return self.thinking[1]

    # ------------------------------------------------------------ hints
    def hint_request(self, app: App) -> dict[str, Any] | None:
        """The request for a hint to the person whose turn it is and who holds the device, else ``None``."""
        s, ctx = app.session, app.ctx()
        if s is None or ctx is None or not self._may_hint(app, ctx):
            return None
        current = self.current_hint(app)
        if current is not None:
            return None  # asked already: one search per position
        self.hint = Hint(s.state, ctx.seat)
        return thinking.request(s, hint=True)

    def hint_answered(self, app: App, answer: dict[str, Any] | None) -> bool:
        """Keep a hint's answer if the game is still where it was asked; ``True`` if kept."""
        hint, s = self.hint, app.session
        if hint is None or s is None or s.state is not hint.state or hint.action is not None:
            return False
        if answer is None:  # no answer could be had: the button is offered again
            self.hint = None
            return False
        hint.action = thinking.action_of(answer, s.game.legal_actions(s.state))
        estimate = answer.get("estimate")
        hint.estimate = float(estimate) if isinstance(estimate, (int, float)) else None
        return True

    def current_hint(self, app: App) -> Hint | None:
        """The hint for the position and the person on the table now (asked or answered)."""
        hint, s = self.hint, app.session
        if hint is None or s is None or s.state is not hint.state:
            return None
        ctx = app.ctx()
        if ctx is None or ctx.seat != hint.seat or not ctx.my_turn:
            return None
        return hint

    def lit_selector(self, app: App) -> str | None:
        """The CSS selector of the control(s) to light for the hint on the table, if any."""
        hint, table, ctx = self.current_hint(app), app.table, app.ctx()
        if hint is None or hint.action is None or table is None or ctx is None or not self._may_hint(app, ctx):
            return None
        return table.action_selector(hint.action, ctx)

    @staticmethod
    def _may_hint(app: App, ctx: Ctx | None) -> bool:
        s = app.session
        return (s is not None and ctx is not None and ctx.my_turn and app.screen == "table"
                and not s.game.is_over(s.state) and app.pass_to() is None and app.interlude() is None)

    # ------------------------------------------------------------ render
    def render(self, app: App, ctx: Ctx) -> str:
        """Beside the table (above Undo): who is thinking, or the Hint button and the hint."""
        t = app.t
        seat = self.thinking_seat(app)
        if seat is not None:
            return (f'<div class="assist" id="assist"><p class="bot-thinking" id="bot-thinking" role="status" '
                    f'data-seat="{seat}">{t("assist.thinking", name=ctx.name(seat))}</p></div>')
        if not self._may_hint(app, ctx):
            return ""
        hint = self.current_hint(app)
        if hint is None:
            return f'<div class="assist" id="assist">{button(esc(t("assist.hint")), "hint", "hint-button")}</div>'
        if hint.action is None:
            waiting = button(esc(t("assist.hint")), "hint", "hint-button", disabled=True)
            return (f'<div class="assist" id="assist">{waiting}<p class="hint-text" id="hint" role="status" '
                    f'data-ready="false">{esc(t("assist.hint_thinking"))}</p></div>')
        table = app.table
        move = table.action_words(hint.action, ctx) if table is not None else None
        key = "assist.hint_move" if move else "assist.hint_lit"
        if hint.estimate is None:
            text = t(key, move=move)
        else:
            text = t(f"{key}_chance", move=move, n=round(100 * hint.estimate))
        return f'<div class="assist" id="assist"><p class="hint-text" id="hint" role="status" data-ready="true">{text}</p></div>'

"""The replay viewer: any recorded game, move by move, with every hand face up.

The viewer holds every state of the game (the record replayed once) and shows
one of them through the game's own table, exactly as the table draws a live game,
but with every seat's view at hand (``Ctx.views``) so that hidden cards show; no
rule of any game is known here.  First / back / forward / last buttons and a
slider (``<input type=range name="replay_step">``) move through the states, and
Play shows the moves one after another by itself (:attr:`Replay.playing`; the page
keeps the time, :meth:`Replay.tick` takes each step) until the end or Pause.
"""

from __future__ import annotations

from typing import Any

from pygames_core import games
from pygames_core.record import states as record_states

from . import history
from .dom import attrs, esc
from .frame import next_event, replay_frame
from .i18n import I18n
from .log import GameLog
from .session import Seat, Session
from .tables import TABLES, Ctx
from .tables.winners import who_won


class Replay:
    """A recorded game open in the viewer, at :attr:`step` (0: the deal, where it opens; ``len(actions)``: the end)."""

    def __init__(self, record: dict[str, Any], seats: list[Seat], shared: bool = False) -> None:
        """``shared``: the record came from elsewhere (a link, a file): the names the app made
        up are said in this viewer's language (:func:`history.local_seats`)."""
        self.game = games.get(record["game"])
        if self.game.name not in TABLES:
            raise ValueError(f"this version cannot show {self.game.name} games")
        self.record = record
        self.seats = seats
        self.shared = shared
        self.states = record_states(record)
        self.table = TABLES[self.game.name]()  # its own table: a selection in the live game stays as it was
        self.step = 0  # a replay opens at the deal: it is watched from the start
        self.playing = False  # Play was pressed: the page steps forward by itself (tick) until the end or Pause
        self.slid = False  # the last step was the slider's, which says where it is itself (aria-valuetext)
        self.log = GameLog()  # its move log's words, told once as it steps forward (the viewer and the live region)
        # Each event's move: the log numbers the first line of each move as the slider counts them
        # ("Move 18 of 43" is line 18); a round begun at the deal, and a move's later lines, have no number.
        ends = [next_event(state) for state in self.states]
        self.move_of = {n: move for move in range(1, len(ends)) for n in range(ends[move - 1], ends[move])}

    @property
    def last(self) -> int:
        return len(self.states) - 1

    def go(self, where: str) -> None:
        """``first``, ``back``, ``forward`` or ``last``; anything else is ignored. A step taken
        by hand pauses the playing: the player has taken over."""
        target = {"first": 0, "back": self.step - 1, "forward": self.step + 1, "last": self.last}.get(where)
        if target is not None:
            self.playing = False
            self.seek(target)
            self.slid = False

    def play(self) -> None:
        """Play, or Pause when playing. Played from the end, the game starts over from the deal."""
        if self.playing:
            self.playing = False
            return
        if self.step == self.last:
            self.step = 0
        self.playing = self.last > 0

    def tick(self) -> bool:
        """One step of the playing (the page calls it on its clock); ``False`` once it has stopped."""
        if self.playing:
            self.step = min(self.last, self.step + 1)
            self.playing, self.slid = self.step < self.last, False
        return self.playing

    def seek(self, step: object) -> None:
        """Jump to ``step`` (clamped to the game; unreadable input changes nothing)."""
        try:
            n = int(str(step))
        except ValueError:
            return
        self.step = max(0, min(self.last, n))

    def session(self, t: I18n | None = None) -> Session:
        """The game as it stood at :attr:`step`, in the shape the tables draw; with ``t``, the
        made-up names ("Bot 1", "You") are said in that language, as at the table (of a
        :attr:`shared` record, the sharer's "You" is somebody else: "Player 1")."""
        record = dict(self.record, actions=self.record["actions"][: self.step])
        seats = self.seats if t is None else (history.local_seats if self.shared else history.spoken_seats)(t, self.seats)
        return Session(self.game, seats, self.states[self.step], record)

    def ctx(self, t: I18n) -> Ctx:
        """The table's frame: the seat to move (the first seat once over) seen with every hand shown."""
        return Ctx(t, replay_frame(self.session(t)))

    def lines(self, ctx: Ctx) -> list[tuple[int, str]]:
        """The move log up to :attr:`step`, every line of it (``ctx``: :meth:`ctx`)."""
        lines = self.log.lines(self, ctx, self.table)
        self.log.limit = max(len(lines), 1)
        return lines

    # ------------------------------------------------------------ render
    def render(self, t: I18n, share: str = "") -> str:
        """The viewer screen; ``share`` is the link box to show under the controls, if any."""
        ctx = self.ctx(t)
        game, state = self.game, self.states[self.step]
        lines = self.lines(ctx)
        names = " · ".join(ctx.name(s) for s in range(len(self.seats)))
        over = game.is_over(state)
        result = ""
        if over:
            result = (f'<section class="replay-result" id="replay-result" tabindex="0" aria-labelledby="replay-result-title">'
                      f'<h2 id="replay-result-title">{who_won(ctx, game.winners(state), self.table.result_key(ctx))}</h2>'
                      f'{self.table.game_over(ctx)}</section>')
        elif self.step == self.last:
            result = f'<p class="replay-unfinished">{esc(t("replay.unfinished"))}</p>'
        return (
            f'<main class="replay-screen" data-game="{game.name}" data-step="{self.step}" data-last="{self.last}">'
            f'<header class="replay-head"><h1>{esc(t("replay.title", game=game.title[t.lang]))}</h1>'
            f'<p class="replay-players">{names}</p></header>'
            # (the result under the controls: on a phone the table and the log are long, and "To the end"
            # must show how the game ended without a search for it)
            f'{self._controls(t)}{share}{result}'
            f'<div class="table-screen replay-table">{self.table.render(ctx)}{self.log.render(t, lines, self.table.told_at_table(ctx), self.move_of)}</div>'
            f'</main>'
        )

    def position(self, t: I18n) -> str:
        """Where the replay stands: "Move 4 of 11", or the start of the game."""
        return t("replay.position", n=self.step, value=self.last) if self.step else t("replay.start")

    def _controls(self, t: I18n) -> str:
        at_start, at_end = self.step == 0, self.step == self.last
        position = self.position(t)
        slider = (f'<input{attrs(type="range", name="replay_step", id="replay-step", min=0, max=self.last, step=1, value=self.step, data_change="replay-seek", data_autofocus=True, aria_label=t("replay.slider"), aria_valuetext=position)}>')
        # (its word says what it does, Play or Pause: a button whose name changes is not also a toggle)
        play = (f'<button type="button"{attrs(class_="replay-play", name="replay_play", data_action="replay-play")}>'
                f'{esc(t("replay.pause" if self.playing else "replay.play"))}</button>')
        return (
            f'<div class="replay-controls" role="group" aria-label="{esc(t("replay.controls"))}">'
            + play + _step_button(t, "first", "⇤", at_start) + _step_button(t, "back", "◀", at_start)
            + slider
            + _step_button(t, "forward", "▶", at_end) + _step_button(t, "last", "⇥", at_end)
            # (hidden from a screen reader, whose slider says where it is (and the page each move shown,
            # announce.py): an <output> is a live region, and the place was said twice)
            + f'<output class="replay-position" id="replay-position" for="replay-step" aria-hidden="true">{esc(position)}</output>'
            + '</div>'
        )


def _step_button(t: I18n, where: str, icon: str, off: bool) -> str:
    # Named, so that keyboard focus finds it again after the re-render; aria-disabled (not
    # disabled) keeps the focus on it at either end of the game.
    return (f'<button type="button"{attrs(class_="icon", name=f"replay_{where}", data_action="replay-go", data_to=where, aria_label=t(f"replay.{where}"), aria_disabled="true" if off else None)}>'
            f'{icon}</button>')

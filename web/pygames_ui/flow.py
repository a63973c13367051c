"""The game at the table as it goes: whose eyes are on the device, moves, bots, hints.

:class:`TableFlow` is the part of the app that plays: :class:`~pygames_ui.app.App`
builds on it (navigation, the form, saves, rendering). It never draws: each query
builds the viewer's frame (:func:`.frame.frame_of`), and after every change of the
game :meth:`TableFlow.moved` saves it and hands the device on.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pygames_core import IllegalAction
from pygames_core.actions import find
from pygames_core.base import Action, State

from . import keeping, saves
from .assist import Assist
from .devices.room import Room
from .frame import Spell, frame_of, has_secrets, next_viewer
from .history import may_be_final, spoken_seats
from .i18n import I18n
from .pace import Pace
from .session import Session, Storage
from .tables import Ctx, Table, TableSet
from .thinking import bot_action
from .tutorial import Lesson
from .tutorial_ui import refusal

#: The level of the bot that plays for a friend on another device while he is away.
STAND_IN = "medium"
#: Clicks that leave a move waiting for its second tap (they change nothing at the table).
KEEP_PENDING = frozenset({"lang", "menu"})
#: Clicks that go on to a game (a new one, one resumed, a lesson): a notice about what came before
#: (a save set aside, an answer link no tab took) has been read, or is no longer news.
MOVING_ON = frozenset({"start", "again", "resume", "resume-saved", "tutorial"})
#: The clicks a guest's table answers itself (the rest with a handler are the app's: the menu, the language …).
GUEST_OWN = frozenset({"dismiss", "close-results", "show-results"})


#: No friend away, no bot standing in for one (a game without friends on other devices).
Absent = tuple[frozenset[int], frozenset[int], tuple[Spell, ...]]  # friends away, played by bots, bots' spells
NOBODY: Absent = (frozenset(), frozenset(), ())

class TableFlow:
    """The game at the table, the person holding the device, and the bots and hints around them."""

    t: I18n
    storage: Storage
    tables: TableSet
    session: Session | None
    screen: str
    viewer: int | None  # the person holding the device (see moved())
    flash: str | None
    notice: str | None  # what stays said above the screen until dismissed (the device full, here)
    notice_details: str | None
    unsaved: object = None  # which game the device would not keep (its storage full): said once for it
    assist: Assist
    history: keeping.Keeping
    pace: Pace
    pending: Action | None  # a move shown on the table, waiting for a second tap (confirm moves)
    room: Room | None  # friends on other devices at this game
    #: The last frame, after what it was drawn from: the session, its state, the viewer, the language, the seats.
    _frame_memo: tuple[Session, State, int | None, str, tuple[tuple[str, str], ...], Absent, Ctx] | None = None
    hang_ups: list[tuple[object, ...]]  # the page's last words to a game with friends left behind, and its connections closed

    # ------------------------------------------------------------ queries (none of them changes anything)
    @property
    def table(self) -> Table | None:
        return self.tables.get(self.session.game.name) if self.session else None

    def ctx(self) -> Ctx | None:
        """The frame of the game at the table for the person holding the device, with the translator.

        Computed once per position: the screen, the lit control, the words for a screen reader
        and the bots' turn all ask for it after each change, and get the same frame until the
        game, the person holding the device, the seats, the language or (in a game with friends
        on other devices) who of them is absent or played by a bot changes (a state is never
        changed in place: a move or an undo puts another in the session)."""
        s = self.session
        if s is None:
            return None
        seats = tuple((x.name, x.kind) for x in s.seats)
        room = self.room if self.room is not None and self.room.session is s else None
        # Friends gone (not one only invited yet: "away" beside him on the table behind the lobby,
        # whose list said "invited"), and those a bot plays for.
        absent: Absent = ((frozenset(seat for seat in room.missing() if room.referee.seat_state(seat) == "away"),
                           frozenset(room.referee.stand_ins), tuple(room.referee.spells))
                          if room is not None else NOBODY)
        memo = self._frame_memo
        if (memo is None or memo[0] is not s or memo[1] is not s.state
                or memo[2:6] != (self.viewer, self.t.lang, seats, absent)):
            frame = frame_of(s, self.viewer)  # (names the app made up, "You", "Bot 1", in the language shown)
            frame = dataclasses.replace(frame, seats=tuple(spoken_seats(self.t, list(frame.seats))),
                                        absent=absent[0], stand_ins=absent[1], bot_spells=absent[2])
            memo = self._frame_memo = (s, s.state, self.viewer, self.t.lang, seats, absent, Ctx(self.t, frame))
        return memo[6]

    def shown(self) -> Ctx | None:
        """What the table is drawn from: :meth:`ctx`, saying whether a move waits in :attr:`pending`
        (the prompt then says so, not what to choose)."""
        ctx = self.ctx()
        return dataclasses.replace(ctx, waiting=True) if ctx is not None and self.pending is not None else ctx

    def pass_to(self, ctx: Ctx | None = None) -> int | None:
        """The human the device must be handed to before his hand may show, if any."""
        ctx = ctx or self.ctx()
        return ctx.frame.pass_to if ctx is not None and self.screen == "table" else None

    def interlude(self, ctx: Ctx | None = None) -> str | None:
        ctx = ctx or self.ctx()
        return self.table.interlude(ctx) if ctx and self.table else None

    def lesson(self) -> Lesson | None:
        """The tutorial the game at the table is, if it is one (:mod:`.tutorial`)."""
        return Lesson.of(self.session)

    def bots_pending(self) -> bool:
        """True when a bot should move next (and nothing on screen asks the player to wait;
        in a tutorial, when its step is a bot's move)."""
        s = self.session
        if not (self.screen == "table" and s is not None and not s.game.is_over(s.state)
                and not s.is_human_turn() and self.interlude() is None):
            return False
        if self.lobby_open():
            return False  # nobody plays before every friend is here (or a bot takes his seat)
        cur = s.state.current_player
        if cur is not None and s.seats[cur].is_remote:  # a friend on another device decides, unless
            return self.room is not None and cur in self.room.referee.stand_ins  # a bot stands in for him
        lesson = self.lesson()
        return lesson is None or lesson.bot_move is not None

    def lobby_open(self) -> bool:
        """True while the lobby of a game with friends on other devices is open: no move yet."""
        return self.room is not None and self.room.session is self.session and not self.room.started

    def may_hint(self, ctx: Ctx | None) -> bool:
        """True when the person holding the device may ask for a hint now (his turn, nothing over the table)."""
        s = self.session
        return (s is not None and ctx is not None and ctx.my_turn and self.screen == "table"
                and not s.game.is_over(s.state) and ctx.frame.pass_to is None and self.interlude(ctx) is None
                and self.lesson() is None)

    def undo_check(self) -> keeping.UndoCheck | None:
        """Whether the person at the device may take back his last decision (``None``: no game at the table)."""
        if self.session is None or self.screen != "table":
            return None
        return self.history.check_undo(self.session, next_viewer(self.session, self.viewer))

    # ------------------------------------------------------------ the game moves on
    def moved(self, tell_friends: bool = True) -> None:
        """After any change of the game: save it, hand the device on if the position says so, and
        (unless the referee did, after a friend's move) send each friend on another device his
        seat's frame."""
        if self.room is not None and self.room.session is not self.session:
            self.leave_room()  # another game at the table now (a guided one): the friends are let go
        if self.session is not None:
            self.viewer = next_viewer(self.session, self.viewer)
            kept = saves.save(self.storage, self.session)
            # The device full: said once for each game (the same lesson rebuilt by "Back a step" is
            # the same game); a move kept again takes the notice down.
            full, game = self.t("notice.not_saved"), (saves.slot_of(self.session), self.session.record.get("seed"))
            if not kept and self.unsaved != game:
                self.unsaved, self.notice, self.notice_details = game, full, None
            elif kept and self.unsaved is not None:
                self.unsaved = None
                if self.notice == full:
                    self.notice = None
            if tell_friends and self.room is not None and self.room.session is self.session:
                self.room.moved()

    def leave_room(self) -> None:
        """Let the friends of the game with friends go: their connections close (each device
        says the connection is lost); their game stays saved only if it is still the save."""
        if self.room is not None:
            self.hang_ups += self.room.leave()
            self.room = None

    def play(self, action: Action) -> None:
        s = self.session
        assert s is not None
        try:
            s.apply(action)
        except IllegalAction:
            self.flash = self.t("flash.illegal")
            return
        lesson = self.lesson()
        if lesson is not None and lesson.step.action == action:
            lesson.advance(s)  # the tutorial's step is made: on to the next one
        self.moved()

    def step_bot(self) -> None:
        """Play the move of a bot that answers at once (its level does not search; in a tutorial,
        the move its step scripts)."""
        s = self.session
        if s is None or not self.bots_pending():
            return
        lesson = self.lesson()
        if lesson is not None and lesson.bot_move is not None:
            self.play(lesson.bot_move)
            return
        cur = s.state.current_player
        stand_in = STAND_IN if cur is not None and s.seats[cur].is_remote else None
        s.apply(bot_action(s, stand_in))
        self.moved()

    def bot_request(self) -> dict[str, Any] | None:
        """The request for a bot to move now when its level searches (to the worker), else ``None``.
        It thinks for the bot's share of the round (:meth:`bot_pace_ms`)."""
        if self.session is None or not self.bots_pending():
            return None
        request = self.assist.bot_request(self.session)
        if request is not None:
            request["budget_ms"] = self.bot_pace_ms()
        return request

    def bot_pace_ms(self) -> float:
        """How long the bot to move now may take, thinking and on screen (:class:`.pace.Pace`)."""
        return self.pace.next_ms(self.session) if self.session is not None else 0.0

    def bot_took(self, ms: float) -> None:
        """The bot move last paced (:meth:`bot_pace_ms`) took ``ms`` from its round's time."""
        if self.session is not None:
            self.pace.spent(ms, self.session)

    def bot_answered(self, answer: dict[str, Any] | None) -> bool:
        """Play a searching bot's answer if the game is still where it was asked; ``True`` if played."""
        action = self.assist.bot_answered(self.session, answer)
        if action is None or not self.bots_pending():
            return False
        self.play(action)
        return True

    def hint_request(self) -> dict[str, Any] | None:
        """The request for a hint to the person whose turn it is and who holds the device, else ``None``.
        Like any other click, Hint takes a move waiting for its second tap back."""
        self.pending = None
        ctx = self.ctx()
        if self.session is None or ctx is None:
            return None
        return self.assist.hint_request(self.session, ctx, self.may_hint(ctx))

    def hint_answered(self, answer: dict[str, Any] | None) -> bool:
        return self.assist.hint_answered(self.session, answer)

    def lit_selector(self) -> str | None:
        """The CSS selector of the control(s) the hint on the table lights, if any."""
        ctx = self.ctx()
        return self.assist.lit_selector(self.session, ctx, self.table, self.may_hint(ctx))

    def confirming(self, action: Action | None = None) -> bool:
        """Whether ``action`` (any move, when ``None``) waits for a second tap: the game's "confirm
        moves" choice, where ``auto`` means when people pass the device around: every move where
        the game hides their hands from each other (Клац!: a move hands the device on at once, and
        draws an unseen card, so it cannot be undone); where all is face up, a move undo might not
        take back (:func:`history.may_be_final`: it may end the turn or show a card, judged from
        what the player sees, as the bar's showing must not tell what is face down)."""
        s = self.session
        if s is None:
            return False
        choice = s.ui.get("confirm", "auto")
        if choice != "auto":
            return choice == "on"
        if len(s.humans) < 2:
            return False
        if any(has_secrets(s, seat) for seat in s.humans):
            return True
        if action is None or s.state.current_player is None or find(action, s.game.legal_actions(s.state)) is None:
            return False  # (an illegal one is refused when played, with the reason)
        return may_be_final(s.game, s.state, action, s.state.current_player)

    def pending_selector(self) -> str | None:
        """The CSS selector of the control that made the move waiting for its second tap, if any."""
        if self.pending is None:  # (the common case: no frame is built for nothing)
            return None
        ctx, table = self.ctx(), self.table
        if ctx is None or table is None:
            return None
        return table.action_selector(self.pending, ctx)

    def commit(self, pending: Action | None) -> None:
        """Play the move that waited for its second tap (if it is still legal: else say so)."""
        s = self.session
        if pending is None or s is None:
            return
        if find(pending, s.game.legal_actions(s.state)) is not None and s.is_human_turn():
            self.play(pending)
        else:
            self.flash = self.t("flash.illegal")

    def table_click(self, data: dict[str, str], pending: Action | None = None) -> None:
        """A click on the board: the table turns it into a selection or a move.

        With confirm moves on, a move is not played at once: it waits in :attr:`pending`
        (shown in place, nothing drawn or revealed) until the same control is pressed
        again (``data-pending``, which the page sets on it) or "Play it"; any other
        click takes it back (``pending`` is what waited before this click).
        """
        ctx, table = self.ctx(), self.table
        if ctx is None or table is None:
            return
        if not ctx.my_turn or ctx.frame.pass_to is not None or self.interlude(ctx) is not None:
            self.flash = self.t("flash.not_your_turn")
            return
        if self.lobby_open():
            self.flash = self.t("devices.start_when")
            return
        if pending is not None and data.get("pending") == "1":
            self.commit(pending)  # the second tap on the same control
            return
        lesson = self.lesson()
        if lesson is not None:
            if (why := refusal(lesson, ctx, data, None)) is not None:
                self.flash = why  # a tutorial takes only the control it lights
                return
            # (a finger's first tap on Зоомагия's lit arrow shows what it does, the second pushes,
            # as in a game: the lesson teaches the game's own taps)
        try:
            game_action = table.click(data, ctx)
        except (KeyError, ValueError):
            game_action = None
            self.flash = self.t("flash.illegal")
        if game_action is None:
            return
        if lesson is not None and (why := refusal(lesson, ctx, data, game_action)) is not None:
            self.flash = why
            return
        twice = data.get("pointer") == "touch" and game_action.get("type") in table.tapped_twice
        if self.confirming(game_action) and game_action != pending and not twice:
            self.pending = game_action
        else:
            self.play(game_action)


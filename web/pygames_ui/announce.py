"""What a screen reader hears after each render (the page puts it in the live region, ``#live``).

The move log's new lines (bots' moves, round ends, the end of the game: each said once, as it
happens; of a game first seen here, a resumed save, only the latest :data:`FIRST_LINES`),
"Your turn." when the turn comes, the move a replay steps to (by a key, a button or Play; where
it is, stepped back or jumped), a tutorial's new step, that a hint asked for is on its way, and
who of the friends on other devices is here, away or back when that changes. A language switch
or an undo, which rewrite the log, says nothing; nothing of the game is said while the lobby is
open (its first lines are said once the game starts).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import screens
from .devices import guest_screens, lobby_ui
from .log import plain_text
from .tables import Ctx, Table
from .tutorial_ui import step_text

#: The most log lines said at once, the newest of them: every line of one player's move and what
#: follows it before he decides again (several bots; RPS rounds that play themselves out, in
#: which he may lose his last brain: 8 lines left that unsaid), short of a runaway.
ANNOUNCED_LINES = 60
#: The lines said of a game seen here for the first time (a save resumed, a friend's table
#: joined): where it stands, not its story.
FIRST_LINES = 2


class Heard:
    """What the live region has said so far, for :func:`say`."""

    def __init__(self) -> None:
        self.game: object = None  # whose log lines (a session, or a guest's Joining), by identity
        self.edition = 0  # which of its games (a guest's Joining counts the host's "Play again"s)
        self.lines = 0  # how many of them
        self.taken_back = False  # the last lines asked for were fewer than those heard: an undo
        self.step: tuple[object, int] = (None, -1)  # the tutorial step said last
        self.presence: dict[str, str] = {}  # what was said last of each friend (or the host) not at the table
        self.presence_of: tuple[object, int] = (None, 0)  # … at which game (a new one: nobody is "back" from the last)
        self.turn: tuple[object, object, bool] = (None, None, False)  # the game (by identity), its viewer, to move?
        self.replay: tuple[object, int, int] = (None, -1, 0)  # the replay, its step and its log lines then
        self.pending: object = None  # the move waiting for its second tap said last
        self.pending_at: object = None  # … and the position it waited in (the same after it: taken back)
        self.hint: object = None  # the hint asked for that was said to be on its way (by identity)
        # seat -> the hidden hand seen last and the log's length then, in the game hands_of (by identity)
        self.hands: dict[int, tuple[list[Any], int]] = {}
        self.hands_of: tuple[object, int] = (None, 0)

    def new_lines(self, game: object, lines: list[tuple[int, str]], edition: int = 0) -> list[str]:
        """The lines of ``game``'s log not said yet (the newest :data:`ANNOUNCED_LINES`), as plain text."""
        same = game is self.game and edition == self.edition
        # (fewer lines than heard: an undo; a game not seen before: its latest lines only)
        self.taken_back = same and len(lines) < self.lines
        start = min(self.lines, len(lines)) if same else max(0, len(lines) - FIRST_LINES)
        self.game, self.edition, self.lines = game, edition, len(lines)
        return [plain_text(html) for _, html in lines[start:][-ANNOUNCED_LINES:]]

    def turn_came(self, game: object, viewer: object, mine: bool) -> bool:
        """``viewer`` of ``game`` is to move now and was not at the last render (the bots have moved,
        the friend has played): "your turn" is said, as the prompt is, which sighted players see."""
        came = mine and not (self.turn[0] is game and self.turn[1] == viewer and self.turn[2])
        self.turn = (game, viewer, mine)
        return came

    def stepped(self, replay: object, step: int, lines: list[tuple[int, str]], where: str,
                move_of: dict[int, int]) -> list[str]:
        """In the replay viewer, the lines of the move just shown when it stepped one move forward
        (by a button, a key or Play); stepped back or jumped, ``where`` it is now ("Move 4 of 11";
        ``""`` after the slider's own step, whose value says it) and the lines of the move shown
        last (``move_of``: each line's event to its move), so that a player who cannot see the
        table keeps his place. Opened, it says nothing (the slider, focused, says where it is)."""
        was, self.replay = self.replay, (replay, step, len(lines))
        if was[0] is not replay or step == was[1]:
            return []
        if step == was[1] + 1:
            return [plain_text(html) for _, html in lines[was[2]:][-ANNOUNCED_LINES:]]
        return [*([where] if where else []), *[plain_text(html) for n, html in lines if move_of.get(n) == step][-ANNOUNCED_LINES:]]

    def changed_presence(self, game: object, said: dict[str, str], back: Callable[[str], str], games: int = 0) -> list[str]:
        """What is new in ``said`` (by whom it is about: a friend's seat, the host) since it was said
        last in ``game`` (a session; on a friend's device, the invite and its host's ``games``
        played) (a friend went, a bot plays for him), and for each no longer in it, ``back(who)``
        (he is back, his seat is his again; ``""``: nothing to say). In another game than the
        last, what was said of the last one's seats goes unsaid."""
        was = self.presence if self.presence_of[0] is game and self.presence_of[1] == games else {}
        self.presence, self.presence_of = dict(said), (game, games)
        return [s for who, s in said.items() if was.get(who) != s] + [b for who in was if who not in said and (b := back(who))]

    def drawn(self, game: object, ctx: Ctx, table: Table, games: int = 0) -> list[str]:
        """The cards drawn into the viewer's hidden hand since it was last shown in ``game`` (a
        session; on a friend's device, the invite and its host's ``games`` played): not an undo's."""
        hand = ctx.view.get("hand") if ctx.show_private and not ctx.replay else None
        if not isinstance(hand, list):
            return []
        if self.hands_of[0] is not game or self.hands_of[1] != games:
            self.hands, self.hands_of = {}, (game, games)
        before = self.hands.get(ctx.seat)
        self.hands[ctx.seat] = (list(hand), len(ctx.frame.events))
        if before is None or self.taken_back:
            return []
        words = table.drawn_words(before[0], hand, ctx, before[1])
        return [words] if words else []


def _spoken(parts: list[str]) -> str | None:
    """The parts as sentences read one after another (a log line has no full stop of its own)."""
    said = [p if p.rstrip().endswith((".", "!", "?", "…", ":")) else p.rstrip() + "." for p in parts if p.strip()]
    return " ".join(said) or None


def say(app: Any) -> str | None:
    """What to say after this render of ``app`` (:class:`~pygames_ui.app.App`), or ``None``."""
    heard: Heard = app.heard
    new: list[str] = []
    j = app.joining
    if app.screen == "replay" and app.history.replay is not None:
        r = app.history.replay
        # (where it is: not after the slider's own step, which its value's words say; the lines are told already by its render)
        return _spoken(heard.stepped(r, r.step, r.lines(r.ctx(app.t)), "" if r.slid else r.position(app.t), r.move_of))
    if app.screen == "guest" and j is not None:
        frame = j.frame(app.t)
        if frame is None:
            return None
        ctx, table = Ctx(app.t, frame), app.tables[j.invite.game]
        try:
            new += heard.new_lines(j, j.log.lines(j, ctx, table), j.games)
            new += heard.drawn(j, ctx, table, j.games)  # (with the move that drew it, before news of the friends)
            new += heard.changed_presence(j, guest_screens.presence_said(app.t, j, frame),
                                          lambda who: guest_screens.presence_back(app.t, j, frame, who), j.games)
            if heard.turn_came(j, j.games, ctx.my_turn and table.interlude(ctx) is None):  # (one seat: each game apart)
                new.append(_with_question(app.t("table.your_turn_now"), table.turn_words(ctx)))
        except Exception:  # noqa: BLE001 - a view the host made up: the screen says it cannot be drawn (guest_screens)
            return None
        return _spoken(new)
    s, table, ctx = app.session, app.table, app.ctx()
    if app.screen != "table" or s is None or table is None or ctx is None:
        return None
    room = app.room if app.room is not None and app.room.session is s else None
    if room is None or not app.lobby_open():
        new += heard.new_lines(s, app.log.lines(s, ctx, table))
        if heard.taken_back:  # (the button stays pressed and the log is shorter: nothing else says it)
            new.append(app.t("history.undone"))
    lesson = app.lesson()
    # (not while the device is being handed on, a summary is up, the lobby is open, nor in a
    # lesson, whose step says what to do: the next time after those, it is said)
    quiet = lesson is not None or ctx.frame.pass_to is not None or app.interlude() is not None or (
        room is not None and app.lobby_open())
    new += heard.drawn(s, ctx, table)  # (with the move that drew it, before news of the friends)
    if room is not None:
        new += heard.changed_presence(s, lobby_ui.presence_said(app.t, room, app.lobby_open()),
                                      lambda who: lobby_ui.presence_back(app.t, room, who))
    if heard.turn_came(s, ctx.seat, ctx.my_turn and not quiet):
        # (several people at this device: whose turn it is, by name; the banner on screen says it too)
        turn = app.t("table.your_turn_named", name=ctx.name(ctx.seat)) if len(s.humans) > 1 else app.t("table.your_turn_now")
        new.append(_with_question(turn, table.turn_words(ctx)))
    if app.pending != heard.pending:  # a move shown, waiting for its second tap: what it is, and how
        was, heard.pending = heard.pending, app.pending
        if app.pending is not None:
            heard.pending_at = s.state
            new.append(plain_text(screens.confirm_ask(ctx, table, app.pending, spoken=True)))
        elif was is not None and heard.pending_at is s.state:  # (Escape, Take back, another press: not played)
            new.append(app.t("confirm.taken_back"))
    # Hint pressed: its answer takes a moment (then the lit control, focused, says it as its description).
    hint = app.assist.current_hint(s, ctx)
    if hint is not None and hint.action is None and hint is not heard.hint:
        new.append(app.t("assist.hint_thinking"))
    heard.hint = hint
    if lesson is not None and heard.step != (s, lesson.index) and lesson.step.say is not None:
        heard.step = (s, lesson.index)  # a tutorial's new step is read out after the moves
        new.append(step_text(lesson, ctx))
    return _spoken(new)


def _with_question(turn: str, question: str | None) -> str:
    """ "Your turn." (its name safe HTML: said as text, "Борис & Co", not "Борис &amp; Co") and
    the question it asks, if the table has one to say ("… Bot 2's zombie attacks you!"): the
    prompt, which says it, changes under the focus, unheard."""
    return plain_text(f"{turn} {question}" if question else turn)

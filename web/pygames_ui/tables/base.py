"""What every game's table provides to the app, and helpers they share."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pygames_core.base import Action

from ..dom import attrs, esc
from ..frame import Frame
from ..i18n import I18n, isolate
from ..session import HUMAN, REMOTE, Seat
from ..tutorial import UI_KEY as TUTORIAL


@dataclass(frozen=True)
class Ctx:
    """What a table draws from: one viewer's :class:`~pygames_ui.frame.Frame` and the translator."""

    t: I18n
    frame: Frame
    #: A move of the viewer's is shown in place, waiting for its second tap (confirm moves).
    waiting: bool = False

    @property
    def view(self) -> dict[str, Any]:
        """``game.view(state, seat)`` for the seat shown."""
        return self.frame.view

    @property
    def seat(self) -> int:
        """Whose view is shown."""
        return self.frame.seat

    @property
    def show_private(self) -> bool:
        """False while the device is being passed, or while others (bots) play at a table of
        several people at one device: no hand on screen."""
        return self.frame.show_private

    @property
    def my_turn(self) -> bool:
        """The shown seat is a person whose decision is next."""
        return self.frame.my_turn

    @property
    def legal(self) -> list[Action]:
        """The legal actions when :attr:`my_turn`, else ``[]``."""
        return self.frame.legal

    @property
    def views(self) -> list[dict[str, Any]] | None:
        """Every seat's view when every hand may show (the replay viewer); ``None`` in play."""
        return self.frame.views

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Who sits where: names and kinds (a person, a bot level)."""
        return self.frame.seats

    @property
    def ui(self) -> Mapping[str, Any]:
        """The table's own saved state (read only: :meth:`Table.dismiss_interlude` returns changes)."""
        return self.frame.ui

    @property
    def events(self) -> list[dict[str, Any]]:
        """Every public event of the game so far, oldest first (``view["log"]`` keeps only the latest)."""
        return self.frame.events

    def name(self, seat: int | None) -> str:
        """A player's name as safe HTML text ("Anna (bot)" in a line of a move a bot made for her)."""
        if seat is None:
            return ""
        if seat in self.frame.by_bots:
            return esc(self.t("log.by_bot", name=self.seats[seat].name))
        return esc(isolate(self.seats[seat].name))  # (set apart from the sentence if written right to left)

    def for_event(self, n: int) -> Ctx:
        """This context for putting event ``n`` into words: the seats a bot played for then are
        named as their bot (a friend back at his device reads "Anna (bot) put…", not "You put…")."""
        bots = frozenset(s for s, first, end in self.frame.bot_spells if first <= n and (end is None or n < end))
        return Ctx(self.t, replace(self.frame, by_bots=bots), self.waiting) if bots else self

    def badge(self, seat: int) -> str:
        """The tag beside a bot's or a remote friend's name ("Bot (Easy)"); none for a person
        at this device, but "you" for the one whose own device this is (a game with friends on
        other devices: his name alone looked like anyone's; a friend a bot plays for now, so). The
        bots of a guided game play moves written in its script, and say so. A friend on another
        device who is away, or whom a bot plays for now, is said so there on every device (a phone
        scrolled down to the seats shows it where the eye is, not only above the board)."""
        kind = self.seats[seat].kind
        if not (self.frame.own_device and seat == self.seat):
            if seat in self.frame.stand_ins:
                return f'<span class="badge">{esc(self.t("kind.remote_bot"))}</span>'
            if seat in self.frame.absent:
                return f'<span class="badge away">{esc(self.t("kind.remote_away"))}</span>'
        if kind == HUMAN:
            yours = self.frame.own_device and seat == self.seat and not self.replay
            named_you = self.seats[seat].name in {cat.get("setup.default_you") for cat in self.t.catalogues.values()}
            return f'<span class="badge you">{esc(self.t("kind.you"))}</span>' if yours and not named_you else ""
        key = "kind.scripted" if TUTORIAL in self.ui and kind != REMOTE else f"kind.{kind}"
        return f'<span class="badge">{esc(self.t(key))}</span>'

    @property
    def anchor(self) -> int:
        """The seat drawn last (at the foot of the table), the others in turn order before it: the
        viewer's; in a replay, where the view follows whoever moves, one that stays put (the first
        person's, else the first seat), so that the rows do not move at each step."""
        if not self.replay:
            return self.seat
        return next((i for i, s in enumerate(self.seats) if s.is_human), 0)

    @property
    def replay(self) -> bool:
        """True in the replay viewer: a recorded game watched, nobody deciding."""
        return self.views is not None

    def is_you(self, seat: int | None) -> bool:
        """True when ``seat`` is the human looking at the screen under the default name
        ("You", "Вы" in any language), or by any name on his own device (a game with friends
        on other devices): sentences about him are then said to him.

        In play that is the seat shown; in a replay (every hand shown, the view following
        whoever moves) the one who played as "You" is watching whoever's move it is.
        """
        if (seat is None or not self.seats[seat].is_human or (seat != self.seat and not self.replay)
                or seat in self.frame.by_bots):
            return False
        if self.frame.own_device:  # one person's device: his seat is "you" by any name
            return True
        return self.seats[seat].name in {cat.get("setup.default_you") for cat in self.t.catalogues.values()}

    def whose_turn(self, seat: int) -> str:
        """The prompt while ``seat`` is to move and the viewer is not: "Bot 1 is thinking…",
        a friend on another device too; "Anna's turn" for a person at this device, who is
        handed it (not thinking yet); in a replay, where nobody thinks, and of a lesson's scripted
        bot, whose move comes next; on a friend's device cut off from its host, that the game waits
        (nobody's thinking is seen), or that it is over there when the host has left it; on a
        friend's device whose move is on its way, that it is."""
        if self.frame.cut_off:
            return esc(self.t("table.host_gone" if self.frame.host_gone else "table.cut_off"))
        if self.frame.sent:
            return esc(self.t("table.sent"))
        if self.replay or (TUTORIAL in self.ui and self.seats[seat].kind != HUMAN):
            key = "table.next_move"  # (a lesson's bot thinks nothing: its move is written, and waits for the step)
        elif self.seats[seat].kind == HUMAN and not self.frame.own_device:
            key = "table.turn_of"
        elif seat in self.frame.stand_ins:
            key = "table.bot_plays_for"  # (not "You are thinking…" on the friend's own device)
        else:
            key = "table.waiting_away" if seat in self.frame.absent else "table.waiting_for"
        return self.say(key, by=seat, name=self.name(seat))

    def say(self, key: str, by: int | None = None, to: int | None = None, **fields: Any) -> str:
        """``t(key)`` for a sentence whose subject is seat ``by`` and object seat ``to``;
        the text gets their names as ``{who}`` and ``{whom}`` unless ``fields`` words them.

        When the subject is the viewer (:meth:`is_you`) the catalogue's second-person
        form ``<key>.you`` is used ("You drew…", "Вы взяли…"); when the object is, its
        ``<key>.to_you`` form if the language has one ("…in front of you", "…перед вами").
        """
        own = self.t.catalogues.get(self.t.lang, {})
        if self.is_you(by) and f"{key}.you" in own:
            key = f"{key}.you"
        elif self.is_you(to) and f"{key}.to_you" in own:
            key = f"{key}.to_you"
        return self.t(key, **{"who": self.name(by), "whom": self.name(to), **fields})


def seat_option(t: I18n, seat: int, name: str, selected: bool) -> str:
    """An ``<option>`` naming a seat of the new-game form by the name typed in its row.

    ``data-mirror`` ties it to that row's input: the page copies the name as it is typed
    (``data-fallback`` while the input is empty).
    """
    fallback = t("setup.seat_n", n=seat + 1)
    return (f'<option{attrs(value=seat, selected=selected, data_mirror=f"seat_name_{seat}", data_fallback=fallback)}>'
            f"{esc(name.strip() or fallback)}</option>")


def first_player_field(t: I18n, names: list[str], current: int, key: str = "first_player",
                       label: str = "setup.first_player") -> str:
    """A "who starts" select of a new-game form (input ``opt_<key>``), listing the names typed."""
    seats = "".join(seat_option(t, i, name, i == current) for i, name in enumerate(names))
    return f'<label class="field">{esc(t(label))} <select name="opt_{key}">{seats}</select></label>'


def read_int(values: dict[str, str], key: str, default: int, allowed: range | tuple[int, ...]) -> int:
    """An int form value; anything unreadable or not ``allowed`` gives ``default``."""
    try:
        value = int(values.get(key, str(default)))
    except ValueError:
        return default
    return value if value in allowed else default


def control(action: str, **data: object) -> str:
    """The CSS selector of the control ``data-action=action`` with these ``data-*`` values
    (``None`` written as ``"null"``, as :func:`..dom.button` writes it)."""
    def quoted(value: object) -> str:
        text = "null" if value is None else str(value)
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'

    parts = "".join(f"[data-{k.replace('_', '-')}={quoted(v)}]" for k, v in data.items())
    return f"[data-action={quoted(action)}]{parts}"


class Table:
    """Base class of a game's table.  Subclasses render views and turn clicks into actions.

    Moves a player can follow are marked in the HTML, and web/main.py does the rest:
    ``data-move="<key>"`` names a thing's place on the table (a card, a pile's top),
    unique on the page, and it slides from wherever that key stood before;
    ``data-move-from="<key> …"`` on a thing new on the table slides it in from the first
    of those keys that was on the page (a card from a hand onto a pile); the class
    ``last-move`` lights what somebody else's newest move touched, until the next move.
    """

    game_name = ""
    #: Moves a finger already makes with a second tap on the same control (the first shows what
    #: it would do): "confirm moves" asks for no third.
    tapped_twice: frozenset[str] = frozenset()

    def __init__(self) -> None:
        self.selected: Any = None  # what the player has picked (a card, …) before choosing where
        # Chance the table itself deals in (e.g. a throw for the first player); the app seeds it
        # when the page is given ``?seed=N``, so such a throw repeats too.
        self.rng = random.Random()

    # ----------------------------------------------------------- new game
    def default_options(self) -> dict[str, Any]:
        return {}

    def options_form(self, t: I18n, options: dict[str, Any], names: list[str]) -> str:
        """Extra inputs of the new-game form (named ``opt_<key>``); ``names``: the seats as typed."""
        return ""

    def read_options(self, values: dict[str, str], players: int) -> dict[str, Any]:
        """Options from the form's ``opt_<key>`` inputs (bad values fall back to defaults)."""
        return self.default_options()

    #: The option naming the seat that starts (deals) a game: "Play again" passes it to the next
    #: seat, as players at a table do (``None``: the game has none).
    starts: str | None = None

    def again_values(self, options: Mapping[str, Any], ui: Mapping[str, Any], players: int) -> dict[str, str]:
        """The form values "Play again" starts the next game with: the last game's ``options``,
        the first seat (:attr:`starts`) passed on to the next of the ``players`` (``ui``: the last
        game's own table state)."""
        values = {f"opt_{k}": str(v) for k, v in options.items()}
        first = options.get(self.starts) if self.starts is not None else None
        if type(first) is int and players > 0:
            values[f"opt_{self.starts}"] = str((first + 1) % players)
        return values

    def start_ui(self, view: dict[str, Any]) -> dict[str, Any]:
        """This table's own state (``Session.ui``) for a new game whose first view (seat 0) is
        ``view``, saved with its first save: what the form decided that the engine does not keep
        (a throw for who starts)."""
        return {}

    # ----------------------------------------------------------- play
    def render(self, ctx: Ctx) -> str:
        raise NotImplementedError

    def click(self, data: dict[str, str], ctx: Ctx) -> Action | None:
        """A click on the table: update the selection, or return the action to apply."""
        return None

    def reset(self) -> None:
        self.selected = None

    def describe(self, event: dict[str, Any], ctx: Ctx) -> str | None:
        """One log line (safe HTML) for an engine event, or ``None`` to leave it out."""
        return None

    def turn_words(self, ctx: Ctx) -> str | None:
        """The question the viewer's turn asks (safe HTML), said after "Your turn" when it comes,
        where the prompt alone tells it (the RPS table's: "Bot 2's zombie attacks you!")."""
        return None

    def drawn_words(self, before: list[Any], hand: list[Any], ctx: Ctx, since: int) -> str | None:
        """What a screen reader is told of the cards that came into the viewer's hidden hand since
        it was last drawn (``before``, when the public log had ``since`` events): the log cannot
        say them. ``None``: nothing to say (a game with no hidden hand, or its log says it)."""
        return None

    def told_at_table(self, ctx: Ctx) -> int | None:
        """The oldest event the table itself puts into words (a panel of the latest rounds),
        or ``None``: the move log beside it then lists only the events before that one,
        so that no event is said twice on one screen."""
        return None

    def interlude(self, ctx: Ctx) -> str | None:
        """A summary that stops play until dismissed (e.g. a finished round), or ``None``."""
        return None

    def dismiss_interlude(self, ctx: Ctx) -> dict[str, Any]:
        """The summary on screen was read: the changes to this table's own state (``Session.ui``)."""
        return {}

    def game_over(self, ctx: Ctx) -> str:
        """The end-of-game panel (winners, scores)."""
        raise NotImplementedError

    def result_key(self, ctx: Ctx) -> str:
        """The catalogue key of the game-over heading (:func:`.winners.who_won`'s forms): "Anna
        wins", "You and Anna share the win!"; a game may word its own ends."""
        return "table.result"

    # ----------------------------------------------------------- hints
    def action_selector(self, action: Action, ctx: Ctx) -> str | None:
        """A CSS selector of the control(s) a person clicks next to make ``action``, from the
        ``data-*`` attributes this table renders (a hint lights them); ``None`` if none shows."""
        return None

    def action_words(self, action: Action, ctx: Ctx) -> str | None:
        """``action`` in words as safe HTML ("play the 7"), for a hint; ``None``: the lit control says it."""
        return None

    def lesson_move(self, action: Action, ctx: Ctx) -> str | None:
        """How a lesson's step says to make ``action`` (safe HTML) where pressing what is lit is not
        the whole of it (Зоомагия's arrow: a finger taps it twice); ``None``: the lesson's own words."""
        return None

    # ----------------------------------------------------------- saves
    @classmethod
    def check_ui(cls, ui: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
        """This table's own state (``Session.ui``) as read from a save: cleaned, or ``ValueError``.

        ``view`` is the restored game's ``view`` for seat 0 (to check the state against
        the game).  Each key a table reads from ``session.ui`` is checked here, with the
        shape the table writes; keys the table does not know are dropped.  This default
        is for a table that keeps no state of its own.
        """
        return {}

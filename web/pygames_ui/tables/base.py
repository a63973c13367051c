"""What every game's table provides to the app, and helpers they share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygames_core.base import Action

from ..dom import esc
from ..i18n import I18n
from ..session import Session


@dataclass
class Ctx:
    """Everything a table needs to render one frame."""

    t: I18n
    session: Session
    view: dict[str, Any]  # game.view(state, seat) for the seat shown
    seat: int  # whose view is shown
    show_private: bool  # False while the device is being passed: no hand on screen
    my_turn: bool  # the shown seat is a human whose decision is next
    legal: list[Action]  # legal actions when my_turn, else []

    def name(self, seat: int | None) -> str:
        """A player's name as safe HTML text."""
        if seat is None:
            return ""
        return esc(self.session.seats[seat].name)


def first_player_field(t: I18n, players: int, current: int) -> str:
    """The "who starts" select of a new-game form (input ``opt_first_player``)."""
    seats = "".join(
        f'<option value="{i}"{" selected" if i == current else ""}>{esc(t("setup.seat_n", n=i + 1))}</option>'
        for i in range(players)
    )
    return f'<label class="field">{esc(t("setup.first_player"))} <select name="opt_first_player">{seats}</select></label>'


def read_int(values: dict[str, str], key: str, default: int, allowed: range | tuple[int, ...]) -> int:
    """An int form value; anything unreadable or not ``allowed`` gives ``default``."""
    try:
        value = int(values.get(key, str(default)))
    except ValueError:
        return default
    return value if value in allowed else default


class Table:
    """Base class of a game's table.  Subclasses render views and turn clicks into actions."""

    game_name = ""

    def __init__(self) -> None:
        self.selected: Any = None  # what the player has picked (a card, …) before choosing where

    # ----------------------------------------------------------- new game
    def default_options(self) -> dict[str, Any]:
        return {}

    def options_form(self, t: I18n, options: dict[str, Any], players: int) -> str:
        """Extra inputs of the new-game form (named ``opt_<key>``)."""
        return ""

    def read_options(self, values: dict[str, str], players: int) -> dict[str, Any]:
        """Options from the form's ``opt_<key>`` inputs (bad values fall back to defaults)."""
        return self.default_options()

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

    def interlude(self, ctx: Ctx) -> str | None:
        """A summary that stops play until dismissed (e.g. a finished round), or ``None``."""
        return None

    def dismiss_interlude(self, ctx: Ctx) -> None:
        pass

    def game_over(self, ctx: Ctx) -> str:
        """The end-of-game panel (winners, scores)."""
        raise NotImplementedError

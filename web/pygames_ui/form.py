"""The new-game form: which game, who sits where (a person or a bot level, and a name), options.

Platform-independent and app-free: the app keeps one :class:`NewGameForm`, feeds it the
form's input values (``seat_name_<i>``, ``seat_kind_<i>``, ``opt_<key>``) and the clicks
that add or remove a seat, and asks it for the seats when the game starts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pygames_core import games

from .i18n import I18n
from .levels_ui import DEFAULT_BOT
from .session import Seat, clean_name, seat_kind
from .tables import Table


@dataclass
class NewGameForm:
    """The form as the player has filled it in so far."""

    game: str
    seats: list[Seat] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def fresh(cls, t: I18n, game: str, table: Table) -> NewGameForm:
        """The form as it first shows: you against one bot, the table's default options."""
        seats = [Seat(t("setup.default_you"), "human"), Seat(t("setup.default_bot", n=1), DEFAULT_BOT)]
        return cls(game, seats, table.default_options())

    def read(self, values: dict[str, str], table: Table) -> None:
        """Take in what is typed and chosen in the form's inputs (bad values keep what was there)."""
        for i, seat in enumerate(self.seats):
            seat.name = clean_name(values.get(f"seat_name_{i}", seat.name), seat.name)
            seat.kind = seat_kind(values.get(f"seat_kind_{i}", seat.kind)) or seat.kind
        if any(k.startswith("opt_") for k in values):
            self.options = table.read_options(values, len(self.seats))

    def add_seat(self, t: I18n) -> None:
        """One more seat, a bot named after how many bots there are, up to the game's maximum."""
        if len(self.seats) < games.get(self.game).max_players:
            bots_so_far = sum(1 for s in self.seats if not s.is_human)
            self.seats.append(Seat(t("setup.default_bot", n=bots_so_far + 1), DEFAULT_BOT))

    def remove_seat(self, seat: str, table: Table) -> None:
        """Take seat number ``seat`` (as the button's ``data-seat`` says it) away, down to the minimum."""
        try:
            i = int(seat)
        except ValueError:
            return
        if len(self.seats) > games.get(self.game).min_players and 0 <= i < len(self.seats):
            del self.seats[i]
            self.options = table.read_options({f"opt_{k}": str(v) for k, v in self.options.items()}, len(self.seats))

    def seats_to_start(self, t: I18n) -> list[Seat]:
        """The seats the game starts with. "You" means nothing once the device is passed
        around: with several people, an untouched default name becomes "Player N"."""
        seats = [Seat(clean_name(s.name, f"#{i + 1}"), s.kind) for i, s in enumerate(self.seats)]
        if sum(s.is_human for s in seats) > 1:
            yous = {str(cat.get("setup.default_you")) for cat in t.catalogues.values()}
            for i, seat in enumerate(seats):
                if seat.is_human and seat.name in yous:
                    seat.name = t("setup.seat_n", n=i + 1)
        return seats

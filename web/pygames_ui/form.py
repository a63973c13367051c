"""The new-game form: which game, who sits where (a person or a bot level, and a name), options.

Platform-independent and app-free: the app keeps one :class:`NewGameForm`, feeds it the
form's input values (``seat_name_<i>``, ``seat_kind_<i>``, ``opt_<key>``) and the clicks
that add or remove a seat, and asks it for the seats when the game starts.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from typing import Any

from pygames_core import games

from .history import invented, spoken_seats
from .i18n import I18n
from .levels_ui import DEFAULT_BOT
from .session import CONFIRM_CHOICES, MAX_NAME, Seat, Storage, StorageFullError, clean_name, read_kept, seat_kind
from .tables import Table

#: Where the device keeps the last choices made on a game's form (``<prefix><game>``)…
REMEMBERED = "pygames.form."
#: …and the seats of the last game started, whatever its title (``<prefix><LAST>``): the same
#: people sit down to a title this device has not started yet.
LAST = "last"


@dataclass
class NewGameForm:
    """The form as the player has filled it in so far."""

    game: str
    seats: list[Seat] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    confirm: str = "auto"

    @classmethod
    def fresh(cls, t: I18n, game: str, table: Table) -> NewGameForm:
        """The form as it first shows: you against one bot, the table's default options."""
        seats = [Seat(t("setup.default_you"), "human"), Seat(t("setup.default_bot", n=1), DEFAULT_BOT)]
        return cls(game, seats, table.default_options())

    @classmethod
    def remembered(cls, t: I18n, game: str, table: Table, storage: Storage) -> NewGameForm:
        """The form as this device last started ``game`` (seats, levels, names, options); for a
        title it has not started, the seats of its last game (if the title seats as many) and
        the title's own options; a fresh form if there is none or what is kept cannot be read
        (it is only a convenience)."""
        fresh = cls.fresh(t, game, table)
        kept = read_kept(storage, REMEMBERED + game)
        own = kept is not None
        if kept is None:
            kept = read_kept(storage, REMEMBERED + LAST)
            if kept is None:
                return fresh
        try:
            rows = kept["seats"]
            spec = games.get(game)
            if not isinstance(rows, list) or not spec.min_players <= len(rows) <= spec.max_players:
                return fresh
            seats = []
            for row in rows:
                kind = seat_kind(row["kind"])
                if kind is None or not isinstance(row["name"], str) or len(row["name"]) > MAX_NAME:
                    return fresh
                seats.append(Seat(clean_name(row["name"], "?"), kind))
            seats = spoken_seats(t, seats)  # (a game started in English, this form shown in Russian: "Бот 1")
            if not own:
                return cls(game, seats, table.read_options({}, len(seats)))
            values = {f"opt_{k}": str(v) for k, v in dict(kept["options"]).items()}
            confirm = kept.get("confirm", "auto")
        except (ValueError, KeyError, TypeError, AttributeError):
            return fresh
        return cls(game, seats, table.read_options(values, len(seats)),
                   confirm if confirm in CONFIRM_CHOICES else "auto")

    def remember(self, storage: Storage) -> None:
        """Keep this form's choices on the device for the next game of the same title (and its
        seats for a title not started yet)."""
        seats = [{"name": s.name, "kind": s.kind} for s in self.seats]
        kept = {"seats": seats, "options": self.options, "confirm": self.confirm}
        with contextlib.suppress(StorageFullError):  # (only a convenience)
            storage.setItem(REMEMBERED + self.game, json.dumps(kept, ensure_ascii=False))
            storage.setItem(REMEMBERED + LAST, json.dumps({"seats": seats}, ensure_ascii=False))

    def read(self, values: dict[str, str], table: Table) -> None:
        """Take in what is typed and chosen in the form's inputs (bad values keep what was there)."""
        for i, seat in enumerate(self.seats):
            seat.name = clean_name(values.get(f"seat_name_{i}", seat.name), seat.name)
            seat.kind = seat_kind(values.get(f"seat_kind_{i}", seat.kind)) or seat.kind
        if any(k.startswith("opt_") for k in values):  # (an option not among them keeps its value)
            kept = {f"opt_{k}": str(v).lower() if isinstance(v, bool) else str(v) for k, v in self.options.items()}
            self.options = table.read_options({**kept, **values}, len(self.seats))
        if values.get("confirm_moves") in CONFIRM_CHOICES:
            self.confirm = values["confirm_moves"]

    def add_seat(self, t: I18n) -> None:
        """One more seat, a bot (with a "Bot N" name no seat has), up to the game's maximum."""
        if len(self.seats) < games.get(self.game).max_players:
            self.seats.append(Seat(self._free_bot_name(t), DEFAULT_BOT))

    def _free_bot_name(self, t: I18n) -> str:
        """The first "Bot N" no seat has (the log names the bots apart)."""
        taken = {s.name for s in self.seats}
        return next(name for n in range(1, len(self.seats) + 2) if (name := t("setup.default_bot", n=n)) not in taken)

    def remove_seat(self, t: I18n, seat: str, table: Table) -> None:
        """Take seat number ``seat`` (as the button's ``data-seat`` says it) away, down to the
        minimum (the bots named by the app counted again)."""
        try:
            i = int(seat)
        except ValueError:
            return
        if len(self.seats) > games.get(self.game).min_players and 0 <= i < len(self.seats):
            del self.seats[i]
            self.number_bots(t)
            self.options = table.read_options({f"opt_{k}": str(v) for k, v in self.options.items()}, len(self.seats))

    def renamed(self, t: I18n, kinds_before: list[str]) -> None:
        """A seat whose kind changed keeps no name made up for the kind it was: one turned into a
        person's is "You" (if no seat is) or "Player N", a friend's "Player N", not "Bot 1"; one
        turned into a bot is a "Bot N" no seat has, not "You" or "Player 2". A name somebody
        typed stays."""
        bot_names, people = invented(t.catalogues, "setup.default_bot"), invented(t.catalogues, "setup.seat_n")
        yous = {str(cat.get("setup.default_you")) for cat in t.catalogues.values()}
        for i, (seat, was) in enumerate(zip(self.seats, kinds_before)):
            if seat.kind == was:
                continue
            if seat.is_person and any(p.match(seat.name) for p in bot_names):
                you = seat.is_human and not any(s.name in yous for s in self.seats)
                seat.name = t("setup.default_you") if you else t("setup.seat_n", n=i + 1)
            elif not seat.is_person and (seat.name in yous or any(p.match(seat.name) for p in people)):
                seat.name = self._free_bot_name(t)
        self.number_bots(t)

    def number_bots(self, t: I18n) -> None:
        """The bots' made-up names are "Bot 1" to "Bot k": a lone bot beside a friend is not
        "Bot 2" (read as a second bot) because the first row's bot became a person. Numbers with
        a gap are counted again in seat order; without one, no name changes."""
        bot_names = invented(t.catalogues, "setup.default_bot")
        made_up = {i: int(m.group(1)) for i, s in enumerate(self.seats) if not s.is_person
                   for p in bot_names if (m := p.match(s.name))}
        if sorted(made_up.values()) != list(range(1, len(made_up) + 1)):
            for n, i in enumerate(sorted(made_up), 1):
                self.seats[i].name = t("setup.default_bot", n=n)

    def seats_to_start(self, t: I18n) -> list[Seat]:
        """The seats the game starts with. "You" means nothing once the device is passed
        around: with several people, an untouched default name becomes "Player N"; so does a
        bot's made-up name ("Bot 1") left on a seat turned into a person's or a friend's."""
        seats = [Seat(clean_name(s.name, f"#{i + 1}"), s.kind) for i, s in enumerate(self.seats)]
        bot_names = invented(t.catalogues, "setup.default_bot")
        for i, seat in enumerate(seats):
            if seat.is_person and any(p.match(seat.name) for p in bot_names):
                seat.name = t("setup.seat_n", n=i + 1)
        if sum(s.is_human for s in seats) > 1:
            yous = {str(cat.get("setup.default_you")) for cat in t.catalogues.values()}
            for i, seat in enumerate(seats):
                if seat.is_human and seat.name in yous:
                    seat.name = t("setup.seat_n", n=i + 1)
        return seats

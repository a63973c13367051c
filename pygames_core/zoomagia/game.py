"""Зоомагия (``zoomagia``) as an engine :class:`~pygames_core.base.Game`.

State data (besides the common keys of :mod:`pygames_core.base`):

``deck``          draw pile, top first (secret);
``removed``       cards out of play: the 6 whole animals removed for 2–3 players,
                  or whatever a short custom ``deck`` left out (secret, except its size);
``removed_whole`` whether ``removed`` is known to be made of whole animals (public);
``dealer``        seat of the dealer, who is dealt to first and moves first (option ``dealer``, default 0);
``field``         3 rows × 3 cells, card id or ``None``;
``drawn``         the card drawn for this turn's push (only in phase ``push``);
``phase``         ``push`` | ``take`` | ``refill`` | ``discard`` | ``bank`` | ``over``;
``pending``       phase ``take``: ``{"out": id, "rows": [r, ...]}`` (the pushed-out card and
                  the new animal rows); phase ``refill``: ``{"row": r, "cards": [...],
                  "taken": [h, b, t]}`` (the emptied row, the 1–3 cards to lay into it and
                  the animal taken, which joins the player's cards after the refill);
                  otherwise ``None``;
``last_push``     the latest push ``{"p", "line", "index", "from", "card", "out"}`` or ``None``;
``seats``         per seat ``{"cards": [...], "penalty": [...], "banked": [[h, b, t], ...]}``.

Every card of the 72 is in exactly one of: deck, removed, field, drawn, pending,
a seat's cards / penalty / banked animals.

The view (``view(state, p)``), besides the common ``game``, ``me``, ``options``,
``turn``, ``log`` (the last events), ``current_player`` and ``over``:

``players``        per seat ``{"cards", "rows", "penalty", "banked", "banked_points",
                   "penalty_count"}`` (``rows``: a display arrangement of ``cards`` as
                   ``[head, body, tail]`` rows with ``null`` gaps);
``player_count``, ``dealer``, ``phase``, ``deck_size``, ``scores``, ``winners``;
``removed_count``  cards out of play (their identity is secret), ``removed_whole``;
``field``          3 rows of 3 ids or ``null``, top row first;
``drawn``          the card to push (phase ``push``), else ``null``;
``pushed_out``     phase ``take``: the pushed-out card, else ``null``;
``new_animals``    phase ``take``: ``[{"row", "cards", "points"}, ...]``, else ``[]``;
``refill``         phase ``refill``: ``{"row", "cards", "taken"}``, else ``null``;
``overflow``       phase ``discard``: the overflowing parts, else ``[]``;
``last_push``      as in the state.

Log events (each also carries ``n``, its index, and ``e``, its name; ``p`` is a seat):

``game_start``   ``dealer``, ``players`` (count), ``deck_size``, ``removed`` (count of cards
                 out of play), ``columns`` (option);
``turn_start``   ``p``, ``drawn`` (the card drawn for the push);
``push``         ``p``, ``line``, ``index``, ``from``, ``card`` (the card pushed in),
                 ``out`` (the card pushed out), ``new`` (rows holding a new animal);
``take_card``    ``p``, ``card``, ``auto`` (true when no new animal offered a choice);
``take_animal``  ``p``, ``row``, ``cards`` ([head, body, tail]), ``points`` (what it scores if banked);
``refill``       ``p``, ``row``, ``cells`` (the new row, ``null`` for an empty cell);
``discard``      ``p``, ``card`` (to his penalty pile, because a part overflowed);
``bank``         ``p``, ``cards`` ([head, body, tail]), ``points``;
``turn_end``     ``p``, ``deck_size``;
``game_end``     ``leftover`` (per seat, the cards moved from his rows to his penalty pile),
                 ``scores``, ``penalties`` (penalty pile sizes), ``winners``.
"""

from __future__ import annotations

from typing import Any

from ..actions import Unsure
from ..base import _NO_DRAWS, VIEW_LOG_LENGTH, Action, Game, State, View
from ..jsonio import JSON, copy_json
from ..rng import Rng
from . import checks, matching, rules, turns
from .rules import ANIMAL_OF, PART_OF

#: The fields of each log event that hold lists (copied for the view; the rest are scalars).
_EVENT_LISTS: dict[str, tuple[str, ...]] = {
    "push": ("new",),
    "take_animal": ("cards",),
    "refill": ("cells",),
    "bank": ("cards",),
    "game_end": ("leftover", "scores", "penalties", "winners"),
}


class Zoomagia(Game):
    """The card game Зоомагия for 2–6 players (rules: docs/rules/zoomagia.md)."""

    name = "zoomagia"
    title = {"ru": "Зоомагия", "en": "Zoomagia"}
    min_players = 2
    max_players = 6
    option_defaults = {"columns": True, "dealer": 0}
    steps_draw = False  # all shuffling happens at setup
    #: Options added after saves of format 1 were made: a save without one gets its default.
    options_added_later = {"dealer": 0}
    card_counts = {c: 1 for c in rules.CARDS}
    phases = checks.PHASES
    state_keys = checks.STATE_KEYS
    log_events = checks.LOG_EVENTS

    # ----------------------------------------------------------------- setup
    def _setup(self, players: int, rng: Rng, deck: list[Any] | None, options: dict[str, JSON]) -> dict[str, JSON]:
        if deck is None:
            animals = list(rules.ANIMALS)
            removed_animals: list[str] = []
            if players <= 3:
                rng.shuffle(animals)
                removed_animals = animals[: rules.REMOVED_ANIMALS_FEW_PLAYERS]
            gone = set(removed_animals)
            pile = [c for c in rules.CARDS if ANIMAL_OF[c] not in gone]
            rng.shuffle(pile)
            removed = [c for c in rules.CARDS if ANIMAL_OF[c] in gone]
            whole = True
        else:
            pile = list(deck)
            have = set(pile)
            removed = [c for c in rules.CARDS if c not in have]
            whole = rules.is_whole_animals(removed)
        seats: list[dict[str, JSON]] = [{"cards": [], "penalty": [], "banked": []} for _ in range(players)]
        dealer = options["dealer"]
        for _ in range(rules.CARDS_DEALT):
            for k in range(players):
                if pile:
                    seats[(dealer + k) % players]["cards"].append(pile.pop(0))
        for seat in seats:
            seat["cards"] = rules.sort_cards(seat["cards"])
        field: list[list[str | None]] = [[pile.pop(0) if pile else None for _ in range(3)] for _ in range(3)]
        d: dict[str, JSON] = {
            "players": players,
            "log": [],
            "deck": pile,
            "removed": removed,
            "removed_whole": whole,
            "dealer": dealer,
            "field": field,
            "drawn": None,
            "phase": "push",
            "pending": None,
            "last_push": None,
            "seats": seats,
            "over": False,
            "current": dealer,
        }
        self._log(d, {"e": "game_start", "dealer": dealer, "players": players, "deck_size": len(pile),
                      "removed": len(removed), "columns": options["columns"]})
        if pile:
            turns.start_turn(d, dealer)
        else:
            # Nothing to draw: no turn can be played (a very short custom deck).
            turns.end_game(d)
        return d

    def _check_option_values(self, opts: dict[str, JSON], players: int) -> None:
        if not 0 <= opts["dealer"] < players:
            raise ValueError(f"option 'dealer' must be a seat 0..{players - 1}, got {opts['dealer']!r}")

    # ------------------------------------------------------------------ play
    def legal_actions(self, state: State) -> list[Action]:
        """Every distinct decision of the player to move, in a stable order (see docs/rules/zoomagia.md)."""
        return self._legal(state.data)

    def _legal(self, d: dict[str, JSON]) -> list[Action]:
        phase = d["phase"]
        if phase == "push":
            return rules.pushes(bool(d["options"]["columns"]))
        if phase == "take":
            out: list[Action] = [{"type": "take", "what": "card"}]
            out += [{"type": "take", "what": "animal", "row": r} for r in d["pending"]["rows"]]
            return out
        if phase == "refill":
            return [{"type": "refill", "cells": cells} for cells in rules.refill_arrangements(d["pending"]["cards"])]
        if phase == "discard":
            cards = d["seats"][d["current"]]["cards"]
            over = set(rules.overflow_parts(cards))
            return [{"type": "discard", "card": c} for c in rules.sort_cards(cards) if PART_OF[c] in over]
        if phase == "bank":
            cards = d["seats"][d["current"]]["cards"]
            acts: list[Action] = [{"type": "bank", "cards": t} for t in rules.bank_options(cards)]
            acts.append({"type": "end_turn"})
            return acts
        return []

    def apply(self, state: State, action: object) -> State:
        """Return the state after ``action``; an illegal action raises :class:`IllegalAction`."""
        # The common case checked directly (apply_unchecked inlined); anything else, and every
        # error, goes the generic way.
        if type(state) is State and type(action) is dict and state.game == self.name:
            data = state.data
            if data["current"] is not None:
                found = matching.match(data, action)
                if type(found) is dict:  # not None (illegal) nor UNSURE
                    data = data.copy()  # _copy_data
                    self._step(data, _NO_DRAWS, found)
                    data["turn"] += 1
                    return State(self.name, data)
        return super().apply(state, action)

    def apply_unchecked(self, state: State, action: Action) -> State:
        """Apply an action known to be legal (no step of this game draws from the RNG)."""
        data = state.data.copy()  # _copy_data
        self._step(data, _NO_DRAWS, action)
        data["turn"] += 1
        return State(self.name, data)

    def _match(self, state: State, action: object) -> Action | None:
        """The action checked directly against the state (see :mod:`.matching`)."""
        if type(action) is dict:
            found = matching.match(state.data, action)
            if not isinstance(found, Unsure):
                return found
        return super()._match(state, action)

    def _copy_data(self, data: dict[str, JSON]) -> dict[str, JSON]:
        """Only the top level: a step copies each list before it changes it (copy-on-write).

        Every step logs and changes the current seat, so :meth:`_step` copies those
        two at once; the field, the draw pile and the other seats only when touched.
        """
        return data.copy()

    def _step(self, d: dict[str, JSON], rng: Rng, action: Action) -> None:
        turns.apply_decision(d, action)

    # --------------------------------------------------------------- results
    def scores(self, state: State) -> list[int]:
        """Banked points minus penalty cards (cards still in front count only at the end)."""
        return turns.scores(state.data)

    def winners(self, state: State) -> list[int]:
        """Highest score; on a tie fewer penalty cards; still tied: all of them."""
        return turns.winners(state.data) if state.data["over"] else []

    # ------------------------------------------------------------------ view
    @staticmethod
    def _recent_log(data: dict[str, JSON]) -> list[JSON]:
        # Events are flat dicts; only the fields listed in _EVENT_LISTS hold (small) lists.
        out: list[JSON] = []
        for e in data["log"][-VIEW_LOG_LENGTH:]:
            c = e.copy()
            for k in _EVENT_LISTS.get(e["e"], ()):
                c[k] = copy_json(c[k])
            out.append(c)
        return out

    def view(self, state: State, player: int) -> View:
        """Everything public: the field, everyone's cards (face up), piles, the pending choice."""
        d = state.data
        v = self._view_common(d, player)
        phase = d["phase"]
        pending = d["pending"]
        field = d["field"]
        cur = d["current"]
        seats = []
        for s in d["seats"]:
            seats.append({
                "cards": list(s["cards"]),
                "rows": rules.arrange_rows(s["cards"]),
                "penalty": list(s["penalty"]),
                "banked": [list(t) for t in s["banked"]],
                "banked_points": turns.banked_points(s),
                "penalty_count": len(s["penalty"]),
            })
        v.update(
            players=seats,
            player_count=d["players"],
            dealer=d["dealer"],
            phase=phase,
            deck_size=len(d["deck"]),
            removed_count=len(d["removed"]),
            removed_whole=d["removed_whole"],
            field=[list(row) for row in field],
            drawn=d["drawn"],
            pushed_out=pending["out"] if phase == "take" else None,
            new_animals=[
                {"row": r, "cards": list(field[r]), "points": rules.animal_points(field[r])}
                for r in pending["rows"]
            ] if phase == "take" else [],
            refill={
                "row": pending["row"], "cards": list(pending["cards"]), "taken": list(pending["taken"]),
            } if phase == "refill" else None,
            overflow=rules.overflow_parts(d["seats"][cur]["cards"]) if phase == "discard" else [],
            last_push=copy_json(d["last_push"]),
            scores=turns.scores(d),
            winners=turns.winners(d) if d["over"] else [],
        )
        return v

    def determinize(self, view: View, rng: Rng) -> State:
        """A full state consistent with ``view``: the unseen cards dealt into the draw pile and
        the out-of-play pile at random (whole animals only, when the view says so)."""
        seen: set[str] = set()
        for row in view["field"]:
            seen.update(c for c in row if c is not None)
        if view["drawn"] is not None:
            seen.add(view["drawn"])
        if view["pushed_out"] is not None:
            seen.add(view["pushed_out"])
        if view["refill"] is not None:
            seen.update(view["refill"]["cards"])
            seen.update(view["refill"]["taken"])
        seats: list[dict[str, JSON]] = []
        for s in view["players"]:
            seen.update(s["cards"])
            seen.update(s["penalty"])
            for t in s["banked"]:
                seen.update(t)
            seats.append({
                "cards": list(s["cards"]),
                "penalty": list(s["penalty"]),
                "banked": [list(t) for t in s["banked"]],
            })
        unseen = [c for c in rules.CARDS if c not in seen]
        deck_size = view["deck_size"]
        n_removed = len(unseen) - deck_size
        if n_removed < 0 or n_removed != view["removed_count"]:
            raise ValueError("view is inconsistent: unseen cards do not match deck and removed sizes")
        if view["removed_whole"] and n_removed:
            candidates = [a for a in rules.ANIMALS if all(c not in seen for c in rules.animal_cards(a))]
            k, rest = divmod(n_removed, 3)
            if rest or len(candidates) < k:
                raise ValueError("view is inconsistent: the removed cards cannot be whole animals")
            rng.shuffle(candidates)
            gone = set(candidates[:k])
            removed = [c for c in unseen if ANIMAL_OF[c] in gone]
            deck = [c for c in unseen if ANIMAL_OF[c] not in gone]
            rng.shuffle(deck)
        else:
            rng.shuffle(unseen)
            deck = unseen[:deck_size]
            removed = rules.sort_cards(unseen[deck_size:])
        phase = view["phase"]
        pending: JSON = None
        if phase == "take":
            pending = {"out": view["pushed_out"], "rows": [a["row"] for a in view["new_animals"]]}
        elif phase == "refill":
            pending = {
                "row": view["refill"]["row"],
                "cards": list(view["refill"]["cards"]),
                "taken": list(view["refill"]["taken"]),
            }
        data = self._data_from_view(view, rng, view["player_count"])
        data.update({
            "deck": deck,
            "removed": removed,
            "removed_whole": view["removed_whole"],
            "dealer": view["dealer"],
            "field": [list(row) for row in view["field"]],
            "drawn": view["drawn"],
            "phase": phase,
            "pending": pending,
            "last_push": copy_json(view["last_push"]),
            "seats": seats,
        })
        return State(self.name, data)

    # ------------------------------------------------------------------ json
    def _check_data(self, d: dict[str, JSON]) -> None:
        checks.check_state(d)

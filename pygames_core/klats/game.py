"""Клац! (``klats``) as an engine :class:`~pygames_core.base.Game`."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..base import Action, Game, State, View
from ..jsonio import JSON, copy_json
from ..rng import Rng
from . import checks, rules
from .rules import COLOUR_OF, HAND_SIZE, MAX_PILES

_PLAY_KEYS = frozenset({"type", "card", "target", "pile"})


class Klats(Game):
    name = "klats"
    title = {"ru": "Клац!", "en": "Klats!"}
    min_players = 2
    max_players = 6
    option_defaults = {"target": 150, "first_player": 0}
    card_counts = {v: rules.COPIES for v in rules.VALUES}
    append_only_keys = frozenset({"log", "rounds", "round_results"})
    state_keys = checks.STATE_KEYS
    log_events = checks.LOG_EVENTS

    def _check_option_values(self, opts: dict[str, JSON], players: int) -> None:
        if not 1 <= opts["target"] <= 10_000:
            raise ValueError(f"option 'target' must be 1..10000, got {opts['target']!r}")
        if not 0 <= opts["first_player"] < players:
            raise ValueError(f"option 'first_player' must be a seat 0..{players - 1}, got {opts['first_player']!r}")

    # ----------------------------------------------------------------- setup
    def _setup(self, players: int, rng: Rng, deck: list[Any] | None, options: dict[str, JSON]) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "players": players,
            # _start_round may end an empty round at once, which reads the target.
            "options": options,
            "log": [],
            "totals": [0] * players,
            "rounds": [],
            "round_results": [],
            "round": 0,
            "round_first": options["first_player"],
            "over": False,
            "current": None,
        }
        self._start_round(data, rng, deck, first=options["first_player"])
        return data

    def _start_round(self, d: dict[str, JSON], rng: Rng, deck: list[int] | None, first: int) -> None:
        n = d["players"]
        if deck is None:
            deck = rules.full_deck()
            rng.shuffle(deck)
        deck = list(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for k in range(n):
                if deck:
                    hands[(first + k) % n].append(deck.pop(0))
        d.update(hands=hands, deck=deck, tableaux=[[] for _ in range(n)])
        d["round"] += 1
        d["round_first"] = first
        self._log(d, {"e": "round_start", "round": d["round"], "first": first})
        d["current"] = first
        if not hands[first]:
            self._advance(d, rng, first)

    # ------------------------------------------------------------------ play
    def legal_actions(self, state: State) -> list[Action]:
        d = state.data
        p = d["current"]
        if p is None:
            return []
        out: list[Action] = []
        tableaux = d["tableaux"]
        # Measured: plain loops beat precomputing the colours of the tops per tableau.
        for card in sorted(set(d["hands"][p])):
            colour = COLOUR_OF[card]
            for target, tab in enumerate(tableaux):
                for i, pile in enumerate(tab):
                    if COLOUR_OF[pile[-1]] == colour:
                        out.append({"type": "play", "card": card, "target": target, "pile": i})
                if len(tab) < MAX_PILES:
                    out.append({"type": "play", "card": card, "target": target, "pile": None})
        return out

    def _match(self, state: State, action: object) -> Action | None:
        """A play checked directly against the hand and the piles (``legal_actions`` is the slow way)."""
        if type(action) is not dict or action.keys() != _PLAY_KEYS or type(action["type"]) is not str:
            return super()._match(state, action)
        if action["type"] != "play":
            return super()._match(state, action)
        d = state.data
        card, target, pile = action["card"], action["target"], action["pile"]
        if type(card) is not int or type(target) is not int or card not in d["hands"][d["current"]]:
            return None
        if not 0 <= target < d["players"]:
            return None
        tab = d["tableaux"][target]
        if pile is None:
            ok = len(tab) < MAX_PILES
        elif type(pile) is int and 0 <= pile < len(tab):
            ok = COLOUR_OF[tab[pile][-1]] == COLOUR_OF[card]
        else:
            return None
        return {"type": "play", "card": card, "target": target, "pile": pile} if ok else None

    def _copy_data(self, data: dict[str, JSON]) -> dict[str, JSON]:
        """Only the top level: :meth:`_step` copies each list before it changes it (copy-on-write)."""
        return data.copy()

    def _step(self, d: dict[str, JSON], rng: Rng, action: Action) -> None:
        # `d` shares every list with the state it came from: copy before changing (see _copy_data).
        p = d["current"]
        card, target, pile = action["card"], action["target"], action["pile"]
        d["log"] = list(d["log"])
        hands = d["hands"] = list(d["hands"])
        hand = hands[p] = list(hands[p])
        hand.remove(card)
        tableaux = d["tableaux"] = list(d["tableaux"])
        tab = tableaux[target] = [list(pile_) for pile_ in tableaux[target]]
        merged = rules.place(tab, card, pile)
        self._log(d, {"e": "play", "p": p, "card": card, "target": target, "pile": pile, "merged": merged})
        if len(tab) >= MAX_PILES:
            # docs/rules/klats.md: the round ends at once; the player who made the sixth pile does not draw.
            self._end_round(d, rng, reason="six", by=p)
            return
        deck = d["deck"]
        if deck:
            hand.append(deck[0])
            d["deck"] = deck[1:]
            self._log(d, {"e": "draw", "p": p})
        self._advance(d, rng, p)

    def _advance(self, d: dict[str, JSON], rng: Rng, after: int) -> None:
        """Pass the turn to the next seat with cards; end the round if nobody has any."""
        n = d["players"]
        for k in range(1, n + 1):
            seat = (after + k) % n
            if d["hands"][seat]:
                d["current"] = seat
                return
        self._end_round(d, rng, reason="empty", by=None)

    def _end_round(self, d: dict[str, JSON], rng: Rng, reason: str, by: int | None) -> None:
        scores = [rules.round_score(tab) for tab in d["tableaux"]]
        d["totals"] = [t + s for t, s in zip(d["totals"], scores)]
        d["rounds"] = d["rounds"] + [scores]
        result = {
            "round": d["round"],
            "reason": reason,
            "by": by,
            "tops": [rules.tops(tab) for tab in d["tableaux"]],
            "scores": scores,
            "totals": list(d["totals"]),
        }
        d["round_results"] = d["round_results"] + [result]
        self._log(d, {"e": "round_end", **copy_json(result)})
        if max(d["totals"]) >= d["options"]["target"]:
            d["over"] = True
            d["current"] = None
            self._log(d, {"e": "match_end", "winners": self._winners(d), "totals": list(d["totals"])})
        else:
            self._start_round(d, rng, None, first=(d["round_first"] + 1) % d["players"])

    # --------------------------------------------------------------- results
    def scores(self, state: State) -> list[int]:
        return list(state.data["totals"])

    @staticmethod
    def _winners(d: dict[str, JSON]) -> list[int]:
        best = max(d["totals"])
        return [i for i, t in enumerate(d["totals"]) if t == best]

    def winners(self, state: State) -> list[int]:
        return self._winners(state.data) if state.data["over"] else []

    def view(self, state: State, player: int) -> View:
        d = state.data
        v = self._view_common(d, player)
        v.update(
            hand=sorted(d["hands"][player]),
            hand_sizes=[len(h) for h in d["hands"]],
            tableaux=copy_json(d["tableaux"]),
            totals=list(d["totals"]),
            rounds=copy_json(d["rounds"]),
            round_results=copy_json(d["round_results"]),
            round=d["round"],
            round_first=d["round_first"],
            target=d["options"]["target"],
            deck_size=len(d["deck"]),
            scores=list(d["totals"]),
            winners=self._winners(d) if d["over"] else [],
        )
        return v

    def determinize(self, view: View, rng: Rng) -> State:
        """Deal the cards ``view['me']`` cannot see (other hands and the deck) at random."""
        me = view["me"]
        unseen = Counter(rules.full_deck())
        unseen.subtract(view["hand"])
        for tab in view["tableaux"]:
            for pile in tab:
                unseen.subtract(pile)
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        hands: list[list[int]] = []
        for seat, size in enumerate(view["hand_sizes"]):
            if seat == me:
                hands.append(list(view["hand"]))
            else:
                hands.append(pool[:size])
                del pool[:size]
        data = self._data_from_view(view, rng, view["players"])
        data.update({
            "hands": hands,
            # With a short round-1 deck some unseen cards are out of play, not in the deck.
            "deck": pool[: view["deck_size"]],
            "tableaux": copy_json(view["tableaux"]),
            "totals": list(view["totals"]),
            "rounds": copy_json(view["rounds"]),
            "round_results": copy_json(view["round_results"]),
            "round": view["round"],
            "round_first": view["round_first"],
        })
        return State(self.name, data)

    # ------------------------------------------------------------------ json
    def _check_data(self, d: dict[str, JSON]) -> None:
        checks.check_state(d)

"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``) as an engine :class:`~pygames_core.base.Game`.

The rules are RULES.md §2; docs/rules/rps_zombie.md lists them as implemented,
with every choice.  Pure helpers live in :mod:`.rules`.

Phases (``view["phase"]``) – the decision the game waits for:

* ``choose_trophy`` – the first player picks the starting trophy kind for everyone;
* ``defend`` – a threatened player answers one zombie (``view["pending"]`` says whose);
* ``drop_trophy`` – a bitten player holds one trophy more than brains and drops one;
* ``contest`` – a player may intervene in the trophy contest (block / dump / pass);
* ``over`` – the game has ended.

A step whose only legal action is one is applied by the engine itself, so
``current_player`` always has at least two legal actions.

Actions (RULES.md §2):
``{"type": "choose_trophy", "kind": k}``, ``{"type": "defend", "zombie_of": seat,
"with": "revealed"|"rock"|"scissors"|"none"}``, ``{"type": "drop_trophy", "kind": k}``,
``{"type": "block", "with": k}``, ``{"type": "dump", "kind": k}``, ``{"type": "pass"}``.

Log events (``view["log"]``; every entry also has ``n`` and ``e`` = the event name):

* ``setup`` – ``players``, ``brains`` (per seat), ``deck_size``, ``first``;
* ``choose_trophy`` – ``seat``, ``kind``: the starting trophy everyone receives;
* ``round_start`` – ``round``, ``seats`` (players still in, turn order), ``deck_size``;
* ``reveal`` – ``round``, ``sub`` (0 = the round itself, 1+ = redraw depth),
  ``cards`` (per seat the revealed kind, ``null`` for seats not revealing);
* ``defend`` – ``seat``, ``zombie_of``, ``with`` (as in the action), ``auto``
  (``true`` when it was the only possibility, i.e. ``none`` with nothing to kill it);
* ``bite`` – ``seat``, ``zombie_of``, ``eaten`` (``"revealed"``: his revealed brain
  shielded him; ``"own"``: one of his brains), ``brains`` (left);
* ``drop_trophy`` – ``seat``, ``kind``, ``auto`` (only one kind to drop);
* ``out`` – ``seat``, ``trophies`` (the trophies discarded with him);
* ``brain_taken`` – ``seat``, ``brains`` (new count): a revealed brain taken;
* ``contest`` – ``cards`` (per seat the competing kind or ``null``), ``result``
  (``win``/``nobody``/``redraw``), ``winner``, ``tied``, ``room`` (the winner has a
  free brain); logged before the interventions;
* ``block`` – ``seat``, ``with`` (trophy spent), ``against`` (the would-be winner);
* ``dump`` – ``seat``, ``kind``;
* ``pass`` – ``seat`` (only chosen passes; a player with nothing but ``pass`` is skipped silently);
* ``trophy_won`` – ``seat``, ``kind``: placed under a free brain;
* ``trophy_discarded`` – ``seat``, ``kind``: won but no free brain;
* ``no_winner`` – (no fields) all three kinds competed;
* ``redraw`` – ``seats`` (tied players), ``ok`` (``false``: the pile cannot give each
  of them a card, so nobody wins);
* ``game_end`` – ``reason`` (``survival``/``deck``), ``winners``, ``brains``, ``trophies``
  (per seat counts).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Hashable, Sequence

from ..actions import Unsure
from ..base import _NO_DRAWS, Action, Game, State, View
from ..jsonio import JSON
from ..rng import Rng
from . import checks, public, rules
from .decisions import in_seats as _in_seats
from .decisions import legal as _legal
from .decisions import match as match_action
from .decisions import may_intervene
from .decisions import rotation as _rotation
from .rules import COUNTS, KILLERS, KINDS, TROPHY_KINDS

PHASES = ("choose_trophy", "defend", "drop_trophy", "contest", "over")

_DATA_KEYS = frozenset({
    "players", "seed", "rng", "options", "current", "over", "log", "turn",
    "phase", "preset", "brains", "trophies", "out_round", "deck", "aside", "discard",
    "round", "sub", "participants", "revealed", "live", "threats", "contest",
    "end_reason", "winner_seats",
})


_log = Game._log  # (a plain function: no method lookup on the hot path)


def _own_trophies(d: dict[str, Any], p: int) -> list[str]:
    """Seat ``p``'s trophies, to be changed: a step's copy of the state still shares them with its input."""
    tr = d["trophies"][p] = d["trophies"][p][:]
    return tr


def _add_trophy(trophies: list[str], kind: str) -> None:
    trophies.append(kind)
    trophies.sort(key=TROPHY_KINDS.index)


class RpsZombie(Game):
    """The engine of Камень, ножницы, бумага и … ЗОМБИ!!! for 2 or 3 players."""

    name = "rps_zombie"
    title = {"ru": "Камень, ножницы, бумага и … ЗОМБИ!!!", "en": "Rock, Paper, Scissors … ZOMBIES!!!"}
    min_players = 2
    max_players = 3
    option_defaults = {"brains_in_deck_2p": 3, "first_player": 0}
    card_counts = dict(COUNTS)
    phases = PHASES
    state_keys = _DATA_KEYS

    def _copy_data(self, data: dict[str, JSON]) -> dict[str, JSON]:
        """A copy shaped for this state: only what a step may change is copied, one level deep."""
        d = data.copy()
        # The lists of scalars (or of pairs never changed in place: threats) that a step may change in
        # place.  ``revealed``, ``participants`` and ``winner_seats`` are only ever replaced, never changed;
        # ``deck``, ``aside``, ``out_round`` and each seat's trophies are copied by the steps that change them.
        d["log"], d["brains"], d["live"] = data["log"][:], data["brains"][:], data["live"][:]
        d["threats"] = data["threats"][:]
        d["trophies"] = data["trophies"][:]  # (see _own_trophies)
        d["discard"] = data["discard"].copy()
        contest = d["contest"]
        if contest is not None:
            # Only the queue of a pending contest changes (the cards and the outcome never do).
            d["contest"] = {**contest, "queue": list(contest["queue"])}
        return d

    # ----------------------------------------------------------------- setup
    def _check_option_values(self, opts: dict[str, JSON], players: int) -> None:
        if opts["brains_in_deck_2p"] not in (2, 3):
            raise ValueError(f"option 'brains_in_deck_2p' must be 2 or 3, got {opts['brains_in_deck_2p']!r}")
        if not 0 <= opts["first_player"] < players:
            raise ValueError(f"option 'first_player' must be a seat 0..{players - 1}, got {opts['first_player']!r}")

    def _check_deck(self, deck: Sequence[Hashable], players: int, opts: dict[str, JSON]) -> list[Any]:
        cards = super()._check_deck(deck, players, opts)
        checks.check_deck_counts(cards, players, opts)
        return cards

    def _setup(self, players: int, rng: Rng, deck: list[Any] | None, options: dict[str, JSON]) -> dict[str, JSON]:
        n = players
        per = rules.brains_per_player(n)
        in_deck = rules.deck_brains(n, options["brains_in_deck_2p"])
        if deck is None:
            pile = ["brain"] * in_deck + list(rules.PILE_WITHOUT_BRAINS)
            aside = ["brain"] * rules.set_aside_brains(n, options["brains_in_deck_2p"])
        else:
            pile = list(deck)
            rest = Counter(rules.full_deck())
            rest["brain"] -= per * n
            rest.subtract(pile)
            aside = rules.sort_kinds(rest.elements())
        first = options["first_player"]
        data: dict[str, JSON] = {
            "players": n,
            "log": [],
            "phase": "choose_trophy",
            "preset": deck is not None,
            "brains": [per] * n,
            "trophies": [[] for _ in range(n)],
            "out_round": [None] * n,
            "deck": pile,
            "aside": aside,
            "discard": dict.fromkeys(KINDS, 0),
            "round": 0,
            "sub": 0,
            "participants": [],
            "revealed": [None] * n,
            "live": [False] * n,
            "threats": [],
            "contest": None,
            "end_reason": None,
            "winner_seats": [],
            "over": False,
            "current": first,
        }
        _log(data, {"e": "setup", "players": n, "brains": [per] * n, "deck_size": len(pile), "first": first})
        return data

    # ------------------------------------------------------------------ play
    def legal_actions(self, state: State) -> list[Action]:
        return _legal(state.data)

    def apply(self, state: State, action: object) -> State:
        """Return the state after ``action``; an illegal action raises :class:`IllegalAction`."""
        # The common case checked directly; anything else (and every error) goes the generic way.
        if type(state) is State and type(action) is dict and state.game == self.name:
            data = state.data
            if data["current"] is not None:
                found = match_action(data, action)
                if type(found) is dict:  # not None (illegal) nor UNSURE
                    if found["type"] == "choose_trophy":
                        return super().apply_unchecked(state, found)
                    data = self._copy_data(data)  # apply_unchecked, inlined
                    self._step(data, _NO_DRAWS, found)
                    data["turn"] += 1
                    return State(self.name, data)
        return super().apply(state, action)

    def apply_unchecked(self, state: State, action: Action) -> State:
        """Apply an action known to be legal: only choosing the trophy (the shuffle) draws from the RNG."""
        if action["type"] == "choose_trophy":
            return super().apply_unchecked(state, action)
        data = self._copy_data(state.data)
        self._step(data, _NO_DRAWS, action)
        data["turn"] += 1
        return State(self.name, data)

    def _match(self, state: State, action: object) -> Action | None:
        """The action checked directly against the state (:func:`.decisions.match`)."""
        if type(action) is dict:
            found = match_action(state.data, action)
            if not isinstance(found, Unsure):
                return found
        return super()._match(state, action)

    def _step(self, d: dict[str, JSON], rng: Rng, action: Action) -> None:
        kind = action["type"]
        p = d["current"]
        stage: str | None
        if kind == "pass":  # the commonest decisions first
            _log(d, {"e": "pass", "seat": p})
            d["contest"]["queue"].pop(0)
            stage = "ask"
        elif kind == "defend":
            stage = self._defend(d, p, action["with"], auto=False)
        elif kind == "choose_trophy":
            stage = self._choose_trophy(d, rng, p, action["kind"])
        elif kind == "drop_trophy":
            self._drop(d, p, action["kind"], auto=False)
            stage = "threats"
        elif kind in ("block", "dump"):
            k = action["with"] if kind == "block" else action["kind"]
            _own_trophies(d, p).remove(k)
            d["discard"][k] += 1
            if kind == "block":
                _log(d, {"e": "block", "seat": p, "with": k, "against": d["contest"]["winner"]})
            else:
                _log(d, {"e": "dump", "seat": p, "kind": k})
            self._discard_competing(d)
            stage = "round"
        else:  # pragma: no cover - apply() only passes legal actions
            raise ValueError(f"unknown action type {kind!r}")
        # The round runs as a small state machine: each stage returns the name of the next stage,
        # or None when it stopped at a decision (or the game ended).
        stages = _STAGES
        while stage is not None:
            stage = stages[stage](self, d)

    def _choose_trophy(self, d: dict[str, Any], rng: Rng, p: int, kind: str) -> str:
        d["aside"], d["deck"] = list(d["aside"]), list(d["deck"])
        source = d["aside"] if d["preset"] else d["deck"]
        for _ in range(d["players"]):  # one each
            source.remove(kind)
        d["trophies"] = [[*tr, kind] for tr in d["trophies"]]
        if not d["preset"]:
            rng.shuffle(d["deck"])
        _log(d, {"e": "choose_trophy", "seat": p, "kind": kind})
        return "round"

    def _clear_table(self, d: dict[str, Any]) -> None:
        live, revealed, discard = d["live"], d["revealed"], d["discard"]
        for p, on in enumerate(live):
            if on:
                live[p] = False
                discard[revealed[p]] += 1

    def _reveal(self, d: dict[str, Any], seats: list[int]) -> str:
        n = d["players"]
        revealed: list[str | None] = [None] * n
        live = [False] * n
        deck = d["deck"]
        for p, card in zip(seats, deck):
            revealed[p] = card
            live[p] = True
        d["deck"] = deck[len(seats):]
        d["revealed"], d["live"], d["participants"] = revealed, live, seats
        _log(d, {"e": "reveal", "round": d["round"], "sub": d["sub"], "cards": list(revealed)})
        if "zombie" in revealed:
            zombies = [z for z in seats if revealed[z] == "zombie"]
            d["threats"] = [[z, t] for t in seats for z in zombies if z != t]
            return "threats"
        d["threats"] = []
        return "after_zombies"

    def _start_round(self, d: dict[str, Any]) -> str | None:
        live, revealed, discard, brains = d["live"], d["revealed"], d["discard"], d["brains"]
        for p, on in enumerate(live):  # _clear_table
            if on:
                live[p] = False
                discard[revealed[p]] += 1
        d["contest"] = None
        seats = list(_rotation(d["options"]["first_player"], d["players"]))  # in_seats
        if 0 in brains:
            seats = [p for p in seats if brains[p] > 0]
        if len(d["deck"]) < len(seats):
            # No round is being resolved: the view shows nothing as revealed.
            d["revealed"] = [None] * d["players"]
            d["participants"] = []
            self._finish(d, "deck")
            return None
        d["round"] += 1
        d["sub"] = 0
        _log(d, {"e": "round_start", "round": d["round"], "seats": seats, "deck_size": len(d["deck"])})
        return self._reveal(d, seats)

    def _threats(self, d: dict[str, Any]) -> str | None:
        threats = d["threats"]
        brains, live, revealed, trophies = d["brains"], d["live"], d["revealed"], d["trophies"]
        while threats:
            t = threats[0][1]
            if brains[t] == 0:
                threats.pop(0)
                continue
            tr = trophies[t]
            # More than "none" among the defences (the list of decisions.defences, not built).
            if (live[t] and revealed[t] in KILLERS) or "rock" in tr or "scissors" in tr:
                d["phase"], d["current"] = "defend", t
                return None
            if self._defend(d, t, "none", auto=True) is None:
                return None
        return "after_zombies"

    def _defend(self, d: dict[str, Any], t: int, how: str, auto: bool) -> str | None:
        """Answer the first pending threat (aimed at ``t``); None if a drop decision follows."""
        z, _ = d["threats"].pop(0)
        _log(d, {"e": "defend", "seat": t, "zombie_of": z, "with": how, "auto": auto})
        if how == "revealed":
            d["live"][t] = False
            d["discard"][d["revealed"][t]] += 1
        elif how != "none":
            _own_trophies(d, t).remove(how)
            d["discard"][how] += 1
        else:
            return self._bite(d, t, z)
        return "threats"

    def _bite(self, d: dict[str, Any], t: int, z: int) -> str | None:
        d["discard"]["brain"] += 1
        if d["live"][t] and d["revealed"][t] == "brain":
            d["live"][t] = False
            eaten = "revealed"
        else:
            d["brains"][t] -= 1
            eaten = "own"
        brains = d["brains"][t]
        _log(d, {"e": "bite", "seat": t, "zombie_of": z, "eaten": eaten, "brains": brains})
        trophies = d["trophies"][t]
        if brains == 0:
            d["out_round"] = out_round = list(d["out_round"])
            out_round[t] = d["round"]
            dropped = list(trophies)
            for k in dropped:
                d["discard"][k] += 1
            d["trophies"][t] = []
            d["threats"][:] = [th for th in d["threats"] if th[1] != t]
            _log(d, {"e": "out", "seat": t, "trophies": dropped})
        elif len(trophies) > brains:
            kinds = rules.trophy_choices(trophies)
            if len(kinds) > 1:
                d["phase"], d["current"] = "drop_trophy", t
                return None
            self._drop(d, t, kinds[0], auto=True)
        return "threats"

    def _drop(self, d: dict[str, Any], p: int, kind: str, auto: bool) -> None:
        _own_trophies(d, p).remove(kind)
        d["discard"][kind] += 1
        _log(d, {"e": "drop_trophy", "seat": p, "kind": kind, "auto": auto})

    def _after_zombies(self, d: dict[str, Any]) -> str | None:
        revealed, live, brains = d["revealed"], d["live"], d["brains"]
        seats = d["participants"]
        n = d["players"]
        if n - brains.count(0) <= 1:  # at most one player still in
            self._finish(d, "survival")  # (which discards the zombies with the rest of the table)
            return None
        cards: list[str | None] = [None] * n
        competing: list[tuple[int, str]] = []
        for p in seats:
            if not live[p]:
                continue
            card = revealed[p]
            if card == "zombie":
                live[p] = False
                d["discard"]["zombie"] += 1
            elif brains[p] > 0:
                if card == "brain":
                    live[p] = False
                    brains[p] += 1
                    _log(d, {"e": "brain_taken", "seat": p, "brains": brains[p]})
                else:
                    cards[p] = card
                    competing.append((p, card))
        if not competing:
            return "round"
        result, winner, tied = rules.remembered_outcome(tuple(competing))
        room = winner is not None and len(d["trophies"][winner]) < brains[winner]
        d["contest"] = {
            "cards": cards,
            "result": result,
            "winner": winner,
            "tied": list(tied),
            "queue": [p for p in seats if brains[p] > 0] if 0 in brains else list(seats),
        }
        _log(d, {"e": "contest", "cards": list(cards), "result": result, "winner": winner,
                      "tied": list(tied), "room": room})
        return "ask"

    def _ask(self, d: dict[str, Any]) -> str | None:
        queue = d["contest"]["queue"]
        while queue:
            p = queue[0]
            if may_intervene(d, p):
                d["phase"], d["current"] = "contest", p
                return None
            queue.pop(0)
        return "resolve"

    def _discard_competing(self, d: dict[str, Any], keep: int | None = None) -> None:
        cards = d["contest"]["cards"]
        for p, card in enumerate(cards):
            if card is not None and p != keep:
                d["live"][p] = False
                d["discard"][card] += 1
        d["contest"] = None

    def _resolve(self, d: dict[str, Any]) -> str | None:
        c = d["contest"]
        result = c["result"]
        if result == "win":
            w = c["winner"]
            kind = c["cards"][w]
            d["live"][w] = False
            if len(d["trophies"][w]) < d["brains"][w]:
                _add_trophy(_own_trophies(d, w), kind)
                _log(d, {"e": "trophy_won", "seat": w, "kind": kind})
            else:
                d["discard"][kind] += 1
                _log(d, {"e": "trophy_discarded", "seat": w, "kind": kind})
            self._discard_competing(d, keep=w)
            return "round"
        if result == "nobody":
            _log(d, {"e": "no_winner"})
            self._discard_competing(d)
            return "round"
        tied = list(c["tied"])
        self._discard_competing(d)
        self._clear_table(d)
        ok = len(d["deck"]) >= len(tied)
        _log(d, {"e": "redraw", "seats": tied, "ok": ok})
        if not ok:
            return "round"
        d["sub"] += 1
        return self._reveal(d, tied)

    def _finish(self, d: dict[str, Any], reason: str) -> None:
        self._clear_table(d)
        d["threats"] = []
        d["contest"] = None
        alive = _in_seats(d)
        if reason == "survival":
            winners = alive or [p for p in range(d["players"]) if d["out_round"][p] == d["round"]]
        else:
            best = max((d["brains"][p], len(d["trophies"][p])) for p in alive)
            winners = [p for p in alive if (d["brains"][p], len(d["trophies"][p])) == best]
        winners = sorted(winners)
        d.update(phase="over", over=True, current=None, end_reason=reason, winner_seats=winners)
        _log(d, {"e": "game_end", "reason": reason, "winners": list(winners), "brains": list(d["brains"]),
                      "trophies": [len(t) for t in d["trophies"]]})

    # --------------------------------------------------------------- results
    def scores(self, state: State) -> list[int]:
        """Each player's brains (0 for a player who is out)."""
        return list(state.data["brains"])

    def winners(self, state: State) -> list[int]:
        """The winning seats once the game is over (several on a shared result)."""
        return list(state.data["winner_seats"]) if state.data["over"] else []

    def view(self, state: State, player: int) -> View:
        """Everything public (all but the draw pile's order and the set-aside cards of a preset deck)."""
        v = self._view_common(state.data, player)
        v.update(public.view_fields(state.data))
        return v

    def determinize(self, view: View, rng: Rng) -> State:
        """A full state matching ``view``: the unseen cards shuffled into the draw pile (and set-aside cards)."""
        specific = public.determinize_data(view, rng)
        data = self._data_from_view(view, rng, len(view["players"]))
        data.update(specific)
        return State(self.name, data)

    # ------------------------------------------------------------------ json
    def _check_data(self, d: dict[str, JSON]) -> None:
        checks.check_state(d)


#: The stages of a round (see :meth:`RpsZombie._step`) by name.
_STAGES: dict[str, Callable[[RpsZombie, dict[str, Any]], str | None]] = {
    "round": RpsZombie._start_round,
    "threats": RpsZombie._threats,
    "after_zombies": RpsZombie._after_zombies,
    "ask": RpsZombie._ask,
    "resolve": RpsZombie._resolve,
}

"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``) as an engine :class:`~pygames_core.base.Game`.

The rules, as implemented, are docs/rules/rps_zombie.md; its "Choices" section lists
every point where the sheet had to be read one way.  Pure helpers live in :mod:`.rules`;
the rounds' stages in :mod:`.rounds`.

Phases (``view["phase"]``) – the decision the game waits for:

* ``choose_trophy`` – the first player picks the starting trophy kind for everyone;
* ``defend`` – a threatened player answers one zombie (``view["pending"]`` says whose);
* ``drop_trophy`` – a bitten player holds one trophy more than brains and drops one;
* ``contest`` – a player may intervene in the trophy contest (block / dump / pass);
* ``over`` – the game has ended.

A step whose only legal action is one is applied by the engine itself, so
``current_player`` always has at least two legal actions.

Actions (docs/rules/rps_zombie.md):
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
from collections.abc import Hashable, Sequence
from functools import cache
from typing import Any

from ..actions import Unsure
from ..base import _NO_DRAWS, Action, Game, State, View
from ..jsonio import JSON
from ..rng import Rng
from . import checks, public, rounds, rules
from .decisions import legal as _legal
from .decisions import match as match_action
from .rules import COUNTS, KINDS

NAME = "rps_zombie"
PHASES = ("choose_trophy", "defend", "drop_trophy", "contest", "over")

_DATA_KEYS = frozenset({
    "players", "seed", "rng", "options", "current", "over", "log", "turn",
    "phase", "preset", "brains", "trophies", "out_round", "deck", "aside", "discard",
    "round", "sub", "participants", "revealed", "live", "threats", "contest",
    "end_reason", "winner_seats",
})


_log = Game._log  # (a plain function: no method lookup on the hot path)


@cache
def _fresh_piles(players: int, brains_in_deck_2p: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The draw pile (before the shuffle) and the set-aside cards of a game without a preset deck."""
    pile = ("brain",) * rules.deck_brains(players, brains_in_deck_2p) + rules.PILE_WITHOUT_BRAINS
    return pile, ("brain",) * rules.set_aside_brains(players, brains_in_deck_2p)


def _copy(data: dict[str, JSON]) -> dict[str, JSON]:
    """The copy of a state's data that a step changes: only what a step may change is copied, one level deep."""
    d = data.copy()
    # The lists of scalars (or of pairs never changed in place: threats) that a step may change in
    # place.  ``revealed``, ``participants`` and ``winner_seats`` are only ever replaced, never changed;
    # ``deck``, ``aside``, ``out_round`` and each seat's trophies are copied by the steps that change them.
    d["log"], d["brains"], d["live"] = data["log"][:], data["brains"][:], data["live"][:]
    if data["threats"]:  # (an empty list of threats is replaced, never changed in place)
        d["threats"] = data["threats"][:]
    d["trophies"] = data["trophies"][:]  # (see rounds._own_trophies)
    d["discard"] = data["discard"].copy()
    contest = data["contest"]
    if contest is not None:
        # Only the queue of a pending contest changes (the cards and the outcome never do).
        d["contest"] = contest = contest.copy()
        contest["queue"] = contest["queue"][:]
    return d


class RpsZombie(Game):
    """The engine of Камень, ножницы, бумага и … ЗОМБИ!!! for 2 or 3 players."""

    name = NAME
    title = {"ru": "Камень, ножницы, бумага и … ЗОМБИ!!!", "en": "Rock, Paper, Scissors … ZOMBIES!!!"}
    min_players = 2
    max_players = 3
    option_defaults = {"brains_in_deck_2p": 3, "first_player": 0}
    card_counts = dict(COUNTS)
    phases = PHASES
    state_keys = _DATA_KEYS
    log_events = checks.LOG_EVENTS

    def _copy_data(self, data: dict[str, JSON]) -> dict[str, JSON]:
        return _copy(data)

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
        if deck is None:
            fresh_pile, fresh_aside = _fresh_piles(n, options["brains_in_deck_2p"])
            pile, aside = list(fresh_pile), list(fresh_aside)
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
        if type(state) is State and type(action) is dict and state.game == NAME:
            data = state.data
            if data["current"] is not None:
                found = match_action(data, action)
                if type(found) is dict:  # not None (illegal) nor UNSURE
                    if found["type"] == "choose_trophy":
                        return super().apply_unchecked(state, found)
                    data = _copy(data)  # apply_unchecked, inlined
                    self._step(data, _NO_DRAWS, found)
                    data["turn"] += 1
                    return State(NAME, data)
        return super().apply(state, action)

    def apply_unchecked(self, state: State, action: Action) -> State:
        """Apply an action known to be legal: only choosing the trophy (the shuffle) draws from the RNG."""
        if action["type"] == "choose_trophy":
            return super().apply_unchecked(state, action)
        data = _copy(state.data)
        self._step(data, _NO_DRAWS, action)
        data["turn"] += 1
        return State(NAME, data)

    def _match(self, state: State, action: object) -> Action | None:
        """The action checked directly against the state (:func:`.decisions.match`)."""
        if type(action) is dict:
            found = match_action(state.data, action)
            if not isinstance(found, Unsure):
                return found
        return super()._match(state, action)

    # (The function itself, not a method calling it: this is the hot path.)
    _step = rounds.apply_decision

    # --------------------------------------------------------------- results
    def scores(self, state: State) -> list[int]:
        """Each player's brains (0 for a player who is out)."""
        return list(state.data["brains"])

    def winners(self, state: State) -> list[int]:
        """The winning seats once the game is over (several on a shared result)."""
        return list(state.data["winner_seats"]) if state.data["over"] else []

    @staticmethod
    def _recent_log(data: dict[str, JSON]) -> list[JSON]:
        return public.recent_log(data)

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


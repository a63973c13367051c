"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): validation of a loaded state (``from_json``).

A state passes only if the rules can reach it: all 57 cards accounted for, a
phase whose pending decision is real (and not forced), threats and contests
that follow from the cards on the table, and a result that follows from the
brains and trophies.  The common keys are checked by :class:`~pygames_core.base.Game`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..errors import shown
from . import rules
from .decisions import legal as _legal
from .decisions import order as _order
from .rules import COUNTS, KINDS, TROPHY_KINDS

#: Event name -> the fields each log entry of it carries (besides ``n`` and ``e``): see :mod:`.game`.
LOG_EVENTS: dict[str, frozenset[str]] = {
    "setup": frozenset({"players", "brains", "deck_size", "first"}),
    "choose_trophy": frozenset({"seat", "kind"}),
    "round_start": frozenset({"round", "seats", "deck_size"}),
    "reveal": frozenset({"round", "sub", "cards"}),
    "defend": frozenset({"seat", "zombie_of", "with", "auto"}),
    "bite": frozenset({"seat", "zombie_of", "eaten", "brains"}),
    "drop_trophy": frozenset({"seat", "kind", "auto"}),
    "out": frozenset({"seat", "trophies"}),
    "brain_taken": frozenset({"seat", "brains"}),
    "contest": frozenset({"cards", "result", "winner", "tied", "room"}),
    "block": frozenset({"seat", "with", "against"}),
    "dump": frozenset({"seat", "kind"}),
    "pass": frozenset({"seat"}),
    "trophy_won": frozenset({"seat", "kind"}),
    "trophy_discarded": frozenset({"seat", "kind"}),
    "no_winner": frozenset(),
    "redraw": frozenset({"seats", "ok"}),
    "game_end": frozenset({"reason", "winners", "brains", "trophies"}),
}


def check_deck_counts(cards: list[Any], players: int, opts: dict[str, Any]) -> None:
    """Raise ``ValueError`` if a given ``deck`` (known card ids) holds cards that the setup keeps out of the pile."""
    counts = Counter(cards)
    limit = rules.trophy_limit(players)
    for k in TROPHY_KINDS:
        if counts[k] > limit:
            raise ValueError(
                f"deck has {counts[k]} copies of {k!r}; with {players} players the draw pile holds at most "
                f"{limit} (the {players} starting trophies come from outside it)"
            )
    brains = rules.deck_brains(players, opts["brains_in_deck_2p"])
    if counts["brain"] > brains:
        raise ValueError(
            f"deck has {counts['brain']} copies of 'brain'; with {players} players only {brains} brains "
            f"are left over for the draw pile"
        )


_SCALAR_TYPES = (int, str, bool, type(None))


def check_log_entries(log: list[Any]) -> None:
    """Each entry exactly its event's fields, each a scalar or a list of scalars (as the engine
    logs them: ``view`` copies entries by that shape).  The events themselves are checked by
    the base class (:data:`LOG_EVENTS`)."""
    for i, entry in enumerate(log):
        if entry.keys() != LOG_EVENTS[entry["e"]] | {"n", "e"}:
            raise ValueError(f"log entry {i} has other fields than its event's: {shown(entry)}")
        for value in entry.values():
            if type(value) is list:
                if not all(type(x) in _SCALAR_TYPES for x in value):
                    raise ValueError(f"log entry {i} holds more than plain values: {shown(entry)}")
            elif type(value) not in _SCALAR_TYPES:
                raise ValueError(f"log entry {i} holds more than plain values: {shown(entry)}")


def check_state(d: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the first defect of a loaded state's game-specific data."""
    check_log_entries(d["log"])
    n = d["players"]
    opts = d["options"]
    phase = d["phase"]  # keys and phase were checked by the base class
    if type(d["preset"]) is not bool:
        raise ValueError("preset must be a bool")

    def seat_list(name: str, value: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) != n:
            raise ValueError(f"{name} needs one entry per seat")
        return value

    def card_list(name: str, value: Any, allowed: Sequence[str] = KINDS) -> list[str]:
        if not isinstance(value, list) or any(not isinstance(c, str) or c not in allowed for c in value):
            raise ValueError(f"{name} must be a list of card kinds ({', '.join(allowed)}), got {shown(value)}")
        return value

    brains = seat_list("brains", d["brains"])
    if any(type(b) is not int or b < 0 for b in brains):
        raise ValueError(f"bad brain counts {shown(brains)}")
    trophies = seat_list("trophies", d["trophies"])
    for p, tr in enumerate(trophies):
        card_list(f"trophies of seat {p}", tr, TROPHY_KINDS)
        if tr != rules.sort_kinds(tr):
            raise ValueError(f"trophies of seat {p} are not in canonical order")
    rnd, sub = d["round"], d["sub"]
    if type(rnd) is not int or type(sub) is not int or rnd < 0 or sub < 0 or (rnd == 0 and sub):
        raise ValueError(f"bad round counters {shown(rnd)}/{shown(sub)}")
    out_round = seat_list("out_round", d["out_round"])
    for p, o in enumerate(out_round):
        if (o is None) != (brains[p] > 0) or (o is not None and (type(o) is not int or not 1 <= o <= rnd)):
            raise ValueError(f"seat {p}: out_round {shown(o)} does not match {brains[p]} brains")
        if o is not None and trophies[p]:
            raise ValueError(f"seat {p} is out but still holds trophies")
    deck = card_list("deck", d["deck"])
    aside = card_list("set-aside cards", d["aside"])
    if aside != rules.sort_kinds(aside):
        raise ValueError("set-aside cards are not in canonical order")
    discard = d["discard"]
    if not isinstance(discard, dict) or set(discard) != set(KINDS) or any(
        type(c) is not int or c < 0 for c in discard.values()
    ):
        raise ValueError(f"discard must count every kind, got {shown(discard)}")
    revealed = seat_list("revealed", d["revealed"])
    live = seat_list("live", d["live"])
    participants = d["participants"]
    if (not isinstance(participants, list) or any(type(p) is not int or not 0 <= p < n for p in participants)
            or participants != _order(d, sorted(set(participants)))):
        raise ValueError(f"bad participants {shown(participants)}")
    for p in participants:
        if revealed[p] is None and phase != "over":
            raise ValueError(f"seat {p} takes part in the round but revealed no card")
    for p in range(n):
        if revealed[p] is not None and (revealed[p] not in KINDS or p not in participants):
            raise ValueError(f"seat {p} shows {shown(revealed[p])} but is not revealing this round")
        if type(live[p]) is not bool or (live[p] and revealed[p] is None):
            raise ValueError(f"seat {p}: bad table flag {shown(live[p])}")

    # Card conservation: all 57 cards exactly once.
    seen = Counter(deck) + Counter(aside)
    seen.update({k: c for k, c in discard.items()})
    seen.update(revealed[p] for p in range(n) if live[p])
    for tr in trophies:
        seen.update(tr)
    seen["brain"] += sum(brains)
    if seen != Counter(COUNTS):
        diff = {k: seen.get(k, 0) - COUNTS[k] for k in KINDS if seen.get(k, 0) != COUNTS[k]}
        raise ValueError(f"the 57 cards are not all accounted for exactly once (surplus per kind: {diff})")

    threats = d["threats"]
    if not isinstance(threats, list):
        raise ValueError("threats must be a list")
    for th in threats:
        if (not isinstance(th, list) or len(th) != 2 or any(type(x) is not int for x in th)
                or th[0] == th[1] or th[0] not in participants or th[1] not in participants
                or revealed[th[0]] != "zombie" or brains[th[1]] == 0):
            raise ValueError(f"bad zombie threat {shown(th)}")

    contest = d["contest"]
    cur = d["current"]
    for p in range(n):
        limit = brains[p] + (1 if phase == "drop_trophy" and p == cur else 0)
        if len(trophies[p]) > limit:
            raise ValueError(f"seat {p} holds {len(trophies[p])} trophies but only {brains[p]} brains")
    if phase != "contest" and contest is not None:
        raise ValueError(f"a contest is pending in phase {shown(phase)}")
    if phase not in ("defend", "drop_trophy") and threats:
        raise ValueError(f"zombie threats are pending in phase {shown(phase)}")

    per = rules.brains_per_player(n)
    if phase == "choose_trophy":
        if rnd or any(trophies) or brains != [per] * n or any(live) or cur != opts["first_player"]:
            raise ValueError("the starting trophy is chosen by the first player before anything else")
        source = Counter(aside if d["preset"] else deck)
        if any(source[k] < n for k in TROPHY_KINDS):
            raise ValueError("not enough cards left to give everyone a starting trophy")
        if d["preset"]:
            counts = Counter(deck)
            if (any(counts[k] > rules.trophy_limit(n) for k in TROPHY_KINDS)
                    or counts["brain"] > rules.deck_brains(n, opts["brains_in_deck_2p"])):
                raise ValueError("the preset draw pile breaks the per-kind limits")
        elif Counter(aside) != Counter({"brain": rules.set_aside_brains(n, opts["brains_in_deck_2p"])}):
            raise ValueError("wrong set-aside cards for a shuffled deck")
    elif phase == "defend":
        if not threats or threats[0][1] != cur:
            raise ValueError("the current player is not the one the pending zombie threatens")
    elif phase == "drop_trophy":
        if cur is None or brains[cur] == 0 or len(trophies[cur]) != brains[cur] + 1:
            raise ValueError("the player dropping a trophy must hold exactly one trophy more than brains")
    elif phase == "contest":
        _check_contest(d)
    else:
        if d["end_reason"] not in ("survival", "deck"):
            raise ValueError(f"bad end reason {shown(d['end_reason'])}")
        winners = d["winner_seats"]
        if (not isinstance(winners, list) or not winners or winners != sorted(set(winners))
                or any(type(w) is not int or not 0 <= w < n for w in winners)):
            raise ValueError(f"bad winners {shown(winners)}")
        if any(live):
            raise ValueError("cards left on the table after the game ended")
        _check_result(d)
    if phase != "over" and (d["end_reason"] is not None or d["winner_seats"] != []):
        raise ValueError("a result is recorded while the game is still in play")
    if phase != "choose_trophy" and not d["preset"] and Counter(aside) != Counter(
        {"brain": rules.set_aside_brains(n, opts["brains_in_deck_2p"])}
    ):
        raise ValueError("wrong set-aside cards for a shuffled deck")
    if phase not in ("choose_trophy", "over"):
        # During the zombie step the last opponent may already be out (his zombie
        # still bites); a contest needs two players still in.
        if rnd < 1 or (phase == "contest" and sum(1 for b in brains if b > 0) < 2):
            raise ValueError("a round is in play without two players still in")
        if cur is None or brains[cur] == 0 or cur not in participants:
            raise ValueError(f"seat {shown(cur)} cannot decide now")
        if len(_legal(d)) < 2:
            raise ValueError("the current decision is forced; it should have been applied")

def _check_contest(d: dict[str, Any]) -> None:
    n = d["players"]
    c = d["contest"]
    if not isinstance(c, dict) or set(c) != {"cards", "result", "winner", "tied", "queue"}:
        raise ValueError(f"bad contest {shown(c)}")
    cards = c["cards"]
    if not isinstance(cards, list) or len(cards) != n:
        raise ValueError("contest cards need one entry per seat")
    competing: dict[int, str] = {}
    for p in _order(d, range(n)):
        card = cards[p]
        if card is not None:
            if not (d["live"][p] and d["revealed"][p] == card and card in TROPHY_KINDS and d["brains"][p] > 0):
                raise ValueError(f"seat {p} competes with {shown(card)}, which is not his card on the table")
            competing[p] = card
    if not competing:
        raise ValueError("a contest without competing cards")
    outcome = rules.contest_outcome(competing)
    if [c["result"], c["winner"], c["tied"]] != [outcome.result, outcome.winner, list(outcome.tied)]:
        raise ValueError("the recorded contest outcome does not follow from the cards")
    queue = c["queue"]
    if (not isinstance(queue, list) or not queue or queue[0] != d["current"]
            or any(q not in d["participants"] or d["brains"][q] == 0 for q in queue)
            or queue != _order(d, sorted(set(queue)))):
        raise ValueError(f"bad intervention queue {shown(queue)}")


def _check_result(d: dict[str, Any]) -> None:
    """A finished game: its end and its winners follow from the brains, trophies and draw pile."""
    brains, trophies, revealed = d["brains"], d["trophies"], d["revealed"]
    alive = [p for p, b in enumerate(brains) if b > 0]
    if d["end_reason"] == "survival":
        if len(alive) > 1:
            raise ValueError(f"the game ended by survival with {len(alive)} players still in")
        winners = alive or [p for p, o in enumerate(d["out_round"]) if o == d["round"]]
        if any(revealed[p] is None for p in d["participants"]):
            raise ValueError("the last round's revealed cards are missing")
    else:
        if len(alive) < 2 or len(d["deck"]) >= len(alive):
            raise ValueError("the game ended for want of cards while the draw pile could deal a round")
        best = max((brains[p], len(trophies[p])) for p in alive)
        winners = [p for p in alive if (brains[p], len(trophies[p])) == best]
        # No round is being resolved: nothing is revealed (docs/rules/rps_zombie.md, docs/ENGINE_API.md, `revealed`).
        if d["participants"] or any(c is not None for c in revealed):
            raise ValueError("cards of a finished round are still shown as revealed")
    if d["winner_seats"] != winners:
        raise ValueError(f"the winners are {winners}, not {shown(d['winner_seats'])}")

"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): a decision applied, and the rounds it sets going.

RULES.md §2, as a small state machine over the state data: every stage returns the
name of the next one, or ``None`` when the game waits for a decision (or has ended).
:func:`apply_decision` applies a legal decision and runs the stages to the next one;
the engine (:mod:`.game`) wraps it with the copy and the validation.
"""

from __future__ import annotations

from typing import Any, Callable

from ..base import Action, Game
from ..rng import Rng
from . import rules
from .decisions import in_seats, may_intervene, rotation
from .rules import KILLERS, TROPHY_KINDS

_log = Game._log  # (a plain function: no method lookup on the hot path)


def _own_trophies(d: dict[str, Any], p: int) -> list[str]:
    """Seat ``p``'s trophies, to be changed: a step's copy of the state still shares them with its input."""
    tr = d["trophies"][p] = d["trophies"][p][:]
    return tr


def _add_trophy(trophies: list[str], kind: str) -> None:
    trophies.append(kind)
    trophies.sort(key=TROPHY_KINDS.index)


def apply_decision(d: dict[str, Any], rng: Rng, action: Action) -> None:
    """Apply the legal ``action`` of ``d["current"]`` to ``d`` in place, then play on to the next decision."""
    kind = action["type"]
    p = d["current"]
    stage: str | None
    if kind == "pass":  # the commonest decisions first
        _log(d, {"e": "pass", "seat": p})
        d["contest"]["queue"].pop(0)
        stage = "ask"
    elif kind == "defend":
        stage = defend(d, p, action["with"], auto=False)
    elif kind == "choose_trophy":
        stage = choose_trophy(d, rng, p, action["kind"])
    elif kind == "drop_trophy":
        drop(d, p, action["kind"], auto=False)
        stage = "threats"
    elif kind in ("block", "dump"):
        k = action["with"] if kind == "block" else action["kind"]
        _own_trophies(d, p).remove(k)
        d["discard"][k] += 1
        if kind == "block":
            _log(d, {"e": "block", "seat": p, "with": k, "against": d["contest"]["winner"]})
        else:
            _log(d, {"e": "dump", "seat": p, "kind": k})
        discard_competing(d)
        stage = "round"
    else:  # pragma: no cover - apply() only passes legal actions
        raise ValueError(f"unknown action type {kind!r}")
    stages = STAGES
    while stage is not None:
        stage = stages[stage](d)


def choose_trophy(d: dict[str, Any], rng: Rng, p: int, kind: str) -> str:
    """Everyone receives a trophy of ``kind``; the draw pile is shuffled (unless preset)."""
    d["aside"], d["deck"] = list(d["aside"]), list(d["deck"])
    source = d["aside"] if d["preset"] else d["deck"]
    for _ in range(d["players"]):  # one each
        source.remove(kind)
    d["trophies"] = [[*tr, kind] for tr in d["trophies"]]
    if not d["preset"]:
        rng.shuffle(d["deck"])
    _log(d, {"e": "choose_trophy", "seat": p, "kind": kind})
    return "round"


def clear_table(d: dict[str, Any]) -> None:
    """Discard every card still lying on the table."""
    live, revealed, discard = d["live"], d["revealed"], d["discard"]
    for p, on in enumerate(live):
        if on:
            live[p] = False
            discard[revealed[p]] += 1


def reveal(d: dict[str, Any], seats: list[int]) -> str:
    """Each of ``seats`` reveals the top card of the pile."""
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


def start_round(d: dict[str, Any]) -> str | None:
    """A new round: the table cleared, every player still in reveals (or the game ends on an empty pile)."""
    live, revealed, discard, brains = d["live"], d["revealed"], d["discard"], d["brains"]
    for p, on in enumerate(live):  # clear_table
        if on:
            live[p] = False
            discard[revealed[p]] += 1
    d["contest"] = None
    seats = list(rotation(d["options"]["first_player"], d["players"]))  # in_seats
    if 0 in brains:
        seats = [p for p in seats if brains[p] > 0]
    if len(d["deck"]) < len(seats):
        # No round is being resolved: the view shows nothing as revealed.
        d["revealed"] = [None] * d["players"]
        d["participants"] = []
        finish(d, "deck")
        return None
    d["round"] += 1
    d["sub"] = 0
    _log(d, {"e": "round_start", "round": d["round"], "seats": seats, "deck_size": len(d["deck"])})
    return reveal(d, seats)


def threats(d: dict[str, Any]) -> str | None:
    """The zombies' threats in order: each target answers (automatically when only ``none`` is possible)."""
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
        if defend(d, t, "none", auto=True) is None:
            return None
    return "after_zombies"


def defend(d: dict[str, Any], t: int, how: str, auto: bool) -> str | None:
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
        return bite(d, t, z)
    return "threats"


def bite(d: dict[str, Any], t: int, z: int) -> str | None:
    """Seat ``z``'s zombie bites ``t``: a brain eaten, maybe ``t`` out or a trophy to drop."""
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
        drop(d, t, kinds[0], auto=True)
    return "threats"


def drop(d: dict[str, Any], p: int, kind: str, auto: bool) -> None:
    """Seat ``p`` drops a trophy of ``kind``."""
    _own_trophies(d, p).remove(kind)
    d["discard"][kind] += 1
    _log(d, {"e": "drop_trophy", "seat": p, "kind": kind, "auto": auto})


def after_zombies(d: dict[str, Any]) -> str | None:
    """Zombies and brains leave the table; the rest compete for a trophy (or the game ends on survival)."""
    revealed, live, brains = d["revealed"], d["live"], d["brains"]
    seats = d["participants"]
    n = d["players"]
    if n - brains.count(0) <= 1:  # at most one player still in
        finish(d, "survival")  # (which discards the zombies with the rest of the table)
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


def ask(d: dict[str, Any]) -> str | None:
    """The next player in the contest's queue who may intervene is asked."""
    queue = d["contest"]["queue"]
    while queue:
        p = queue[0]
        if may_intervene(d, p):
            d["phase"], d["current"] = "contest", p
            return None
        queue.pop(0)
    return "resolve"


def discard_competing(d: dict[str, Any], keep: int | None = None) -> None:
    """The contest's cards (but ``keep``'s) are discarded; the contest is over."""
    cards = d["contest"]["cards"]
    for p, card in enumerate(cards):
        if card is not None and p != keep:
            d["live"][p] = False
            d["discard"][card] += 1
    d["contest"] = None


def resolve(d: dict[str, Any]) -> str | None:
    """Nobody intervened (any more): the contest's outcome happens."""
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
        discard_competing(d, keep=w)
        return "round"
    if result == "nobody":
        _log(d, {"e": "no_winner"})
        discard_competing(d)
        return "round"
    tied = list(c["tied"])
    discard_competing(d)
    clear_table(d)
    ok = len(d["deck"]) >= len(tied)
    _log(d, {"e": "redraw", "seats": tied, "ok": ok})
    if not ok:
        return "round"
    d["sub"] += 1
    return reveal(d, tied)


def finish(d: dict[str, Any], reason: str) -> None:
    """The game ends (``reason``: ``survival`` or ``deck``) and its winners are decided."""
    clear_table(d)
    d["threats"] = []
    d["contest"] = None
    alive = in_seats(d)
    if reason == "survival":
        winners = alive or [p for p in range(d["players"]) if d["out_round"][p] == d["round"]]
    else:
        best = max((d["brains"][p], len(d["trophies"][p])) for p in alive)
        winners = [p for p in alive if (d["brains"][p], len(d["trophies"][p])) == best]
    winners = sorted(winners)
    d.update(phase="over", over=True, current=None, end_reason=reason, winner_seats=winners)
    _log(d, {"e": "game_end", "reason": reason, "winners": list(winners), "brains": list(d["brains"]),
             "trophies": [len(t) for t in d["trophies"]]})


#: The stages of a round (see :func:`apply_decision`) by name.
STAGES: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "round": start_round,
    "threats": threats,
    "after_zombies": after_zombies,
    "ask": ask,
    "resolve": resolve,
}

"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): a decision applied, and the rounds it sets going.

docs/rules/rps_zombie.md as a small state machine over the state data.  :func:`apply_decision`
applies a legal decision and runs the stages of the round until the game waits for
the next decision (or has ended); the engine (:mod:`.game`) wraps it with the copy
of the state and the validation of the action.

The stages:

* ``_ROUND`` – the table cleared, a new round for every player still in (or the game
  ends when the pile cannot give each of them a card);
* ``_REVEAL`` – each of the round's players (or of a redraw's) reveals the top card;
* ``_THREATS`` – each zombie threatens every other revealing player, in order; a
  threatened player answers (``_DEFEND``, by himself when ``none`` is all he has);
* ``_DEFEND`` – the first threat answered: a killer card spent or a brain bitten
  (then maybe out, or a trophy to drop);
* ``_AFTER_ZOMBIES`` – zombies and revealed brains leave the table; the rest compete
  for a trophy (or the game ends on survival);
* ``_ASK`` – each player of the contest who may intervene (block / dump) is asked;
* ``_RESOLVE`` – the contest's outcome: a trophy won or discarded, nobody, or a redraw.

Each stage falls through to the one written below it, or sets the next and loops back.

This is the engine's hot path (random playouts, search), hence one function whose
stages share their local variables, and log entries built in place (as
:meth:`Game._log` would: the same fields, numbered ``n`` last).
"""

from __future__ import annotations

from typing import Any

from ..base import Action
from ..rng import Rng
from . import rules
from .decisions import rotation
from .rules import BEATEN_BY, KILLERS

# The stages (see the module's docstring).  A stage that reaches a decision (or the end) returns.
_ROUND, _REVEAL, _THREATS, _DEFEND, _AFTER_ZOMBIES, _ASK, _RESOLVE = range(7)

#: Contest outcomes by (first player, each seat's competing card or None): only a few dozen exist.
_OUTCOMES: dict[tuple[int | str | None, ...], rules.Outcome] = {}


def _own_trophies(d: dict[str, Any], p: int) -> list[str]:
    """Seat ``p``'s trophies, to be changed: a step's copy of the state still shares them with its input."""
    tr = d["trophies"][p] = d["trophies"][p][:]
    return tr


def _add_trophy(trophies: list[str], kind: str) -> None:
    """Insert ``kind`` into ``trophies`` (in the canonical order rock, scissors, paper), keeping the order."""
    if kind == "paper":
        trophies.append(kind)
    elif kind == "rock":
        trophies.insert(trophies.count("rock"), kind)
    else:
        trophies.insert(len(trophies) - trophies.count("paper"), kind)


def apply_decision(_game: object, data: dict[str, Any], rng: Rng, action: Action) -> None:
    """Apply the legal ``action`` of ``data["current"]`` to ``data`` in place, then play on to the next decision.

    (The engine's ``_step`` itself, hence ``_game``, the engine, which it does not need.)
    """
    d = data
    log = d["log"]
    n = log[-1]["n"] + 1 if log else 0  # the number of the next log entry
    kind = action["type"]
    p = d["current"]
    if kind == "pass":  # the commonest decisions first
        log.append({"e": "pass", "seat": p, "n": n})
        n += 1
        d["contest"]["queue"].pop(0)
        stage = _ASK
    elif kind == "defend":
        # The threatened seat and his answer (for _DEFEND).
        target, how, auto = p, action["with"], False
        stage = _DEFEND
    elif kind == "choose_trophy":
        _choose_trophy(d, rng, p, action["kind"])
        n += 1
        stage = _ROUND
    elif kind == "drop_trophy":
        k = action["kind"]
        _own_trophies(d, p).remove(k)
        d["discard"][k] += 1
        log.append({"e": "drop_trophy", "seat": p, "kind": k, "auto": False, "n": n})
        n += 1
        stage = _THREATS
    elif kind == "block" or kind == "dump":
        k = action["with"] if kind == "block" else action["kind"]
        _own_trophies(d, p).remove(k)
        discard = d["discard"]
        discard[k] += 1
        c = d["contest"]
        if kind == "block":
            log.append({"e": "block", "seat": p, "with": k, "against": c["winner"], "n": n})
        else:
            log.append({"e": "dump", "seat": p, "kind": k, "n": n})
        n += 1
        live = d["live"]
        for q, card in enumerate(c["cards"]):  # every competing card discarded
            if card is not None:
                live[q] = False
                discard[card] += 1
        d["contest"] = None
        stage = _ROUND
    else:  # pragma: no cover - apply() only passes legal actions
        raise ValueError(f"unknown action type {kind!r}")

    players = d["players"]
    first = d["options"]["first_player"]
    brains, discard, trophies = d["brains"], d["discard"], d["trophies"]
    live, revealed = d["live"], d["revealed"]  # (replaced together, by each reveal)
    seats: list[int] = []  # who reveals (_REVEAL)
    # Each stage falls through to the next one below it, or loops back to the top.
    while True:
        if stage == _ROUND:
            if True in live:  # the table cleared (it mostly is by now)
                for q, on in enumerate(live):
                    if on:
                        live[q] = False
                        discard[revealed[q]] += 1
            # (No contest is pending here: the last one was resolved or abandoned.)
            if 0 in brains:
                seats = []
                for q in rotation(first, players):
                    if brains[q] > 0:
                        seats.append(q)
            else:
                seats = [*rotation(first, players)]
            size = len(d["deck"])
            if size < len(seats):
                # No round is being resolved: the view shows nothing as revealed.
                d["revealed"] = [None] * players
                d["participants"] = []
                _finish(d, "deck", n)
                return
            d["round"] = rnd = d["round"] + 1
            d["sub"] = 0
            log.append({"e": "round_start", "round": rnd, "seats": seats, "deck_size": size, "n": n})
            n += 1
            stage = _REVEAL
        if stage == _REVEAL:  # each of ``seats`` reveals the top card of the pile
            deck = d["deck"]
            k = len(seats)
            if k == players and seats[0] == 0:  # everyone, in seat order
                revealed = deck[:k]
                live = [True] * k
            else:
                revealed = [None] * players
                live = [False] * players
                for q, card in zip(seats, deck):
                    revealed[q] = card
                    live[q] = True
            d["deck"] = deck[k:]
            d["revealed"], d["live"], d["participants"] = revealed, live, seats
            # ``revealed`` is only ever replaced, never changed in place: the log entry shares it.
            log.append({"e": "reveal", "round": d["round"], "sub": d["sub"], "cards": revealed, "n": n})
            n += 1
            zombies = revealed.count("zombie")
            if zombies:
                # Each zombie threatens every other revealing player: by target, then by zombie, in turn order.
                threats = []
                if zombies == 1:
                    z = revealed.index("zombie")
                    for t in seats:
                        if t != z:
                            threats.append([z, t])
                else:
                    for t in seats:
                        for z in seats:
                            if z != t and revealed[z] == "zombie":
                                threats.append([z, t])
                d["threats"] = threats
                stage = _THREATS
            else:
                d["threats"] = []
                stage = _AFTER_ZOMBIES
        if stage == _THREATS:
            threats = d["threats"]
            stage = _AFTER_ZOMBIES
            while threats:
                t = threats[0][1]
                if brains[t] == 0:
                    threats.pop(0)
                    continue
                tr = trophies[t]
                # More than "none" among the defences (the list of decisions.defences, not built).
                if (live[t] and revealed[t] in KILLERS) or "rock" in tr or "scissors" in tr:
                    d["phase"], d["current"] = "defend", t
                    return
                target, how, auto = t, "none", True
                stage = _DEFEND
                break
        if stage == _DEFEND:
            t = target
            z = d["threats"].pop(0)[0]
            log.append({"e": "defend", "seat": t, "zombie_of": z, "with": how, "auto": auto, "n": n})
            n += 1
            stage = _THREATS
            if how == "revealed":
                live[t] = False
                discard[revealed[t]] += 1
            elif how != "none":
                _own_trophies(d, t).remove(how)
                discard[how] += 1
            else:  # bitten
                discard["brain"] += 1
                if live[t] and revealed[t] == "brain":
                    live[t] = False
                    eaten = "revealed"
                else:
                    brains[t] -= 1
                    eaten = "own"
                left = brains[t]
                log.append({"e": "bite", "seat": t, "zombie_of": z, "eaten": eaten, "brains": left, "n": n})
                n += 1
                tr = trophies[t]
                if left == 0:  # out
                    d["out_round"] = out_round = list(d["out_round"])
                    out_round[t] = d["round"]
                    dropped = list(tr)
                    for k in dropped:
                        discard[k] += 1
                    trophies[t] = []
                    # (The threats still aimed at him are dropped by _THREATS: he has no brains.)
                    log.append({"e": "out", "seat": t, "trophies": dropped, "n": n})
                    n += 1
                elif len(tr) > left:  # a trophy to drop
                    kinds = rules.trophy_choices(tr)
                    if len(kinds) > 1:
                        d["phase"], d["current"] = "drop_trophy", t
                        return
                    k = kinds[0]
                    _own_trophies(d, t).remove(k)
                    discard[k] += 1
                    log.append({"e": "drop_trophy", "seat": t, "kind": k, "auto": True, "n": n})
                    n += 1
            continue
        if stage == _AFTER_ZOMBIES:
            if players - brains.count(0) <= 1:  # at most one player still in
                _finish(d, "survival", n)  # (which discards the zombies with the rest of the table)
                return
            seats = d["participants"]
            cards: list[str | None] = [None] * players  # each seat's competing card (None: not competing)
            competing = False
            for q in seats:
                if not live[q]:
                    continue
                card = revealed[q]
                if card == "zombie":
                    live[q] = False
                    discard["zombie"] += 1
                elif brains[q] > 0:
                    if card == "brain":
                        live[q] = False
                        brains[q] += 1
                        log.append({"e": "brain_taken", "seat": q, "brains": brains[q], "n": n})
                        n += 1
                    else:
                        cards[q] = card
                        competing = True
            if not competing:
                stage = _ROUND
                continue
            # The outcome depends on the cards and on the turn order (the order of ``tied``).
            key = (first, *cards)
            outcome = _OUTCOMES.get(key)
            if outcome is None:
                outcome = _OUTCOMES[key] = rules.contest_outcome({q: k for q in seats if (k := cards[q]) is not None})
            result, winner, tied = outcome
            room = winner is not None and len(trophies[winner]) < brains[winner]
            # ``cards`` and ``tied`` are never changed in place: the log entry shares them with the contest.
            tied_list = list(tied)
            if 0 in brains:  # who may still intervene: the contest's players still in
                queue = []
                for q in seats:
                    if brains[q] > 0:
                        queue.append(q)
            else:
                queue = list(seats)
            d["contest"] = {"cards": cards, "result": result, "winner": winner, "tied": tied_list, "queue": queue}
            log.append({"e": "contest", "cards": cards, "result": result, "winner": winner,
                        "tied": tied_list, "room": room, "n": n})
            n += 1
            stage = _ASK
        if stage == _ASK:
            c = d["contest"]
            queue, cards = c["queue"], c["cards"]
            winner = c["winner"]
            # The trophy that would block the winner (None: nothing to block).
            blocker = BEATEN_BY[cards[winner]] if c["result"] == "win" else None
            while queue:
                q = queue[0]
                tr = trophies[q]
                # May q do more than pass (decisions.may_intervene, inlined)?
                if tr and ((blocker is not None and q != winner and blocker in tr)
                           or (cards[q] is not None and tr.count(cards[q]) < len(tr))):
                    d["phase"], d["current"] = "contest", q
                    return
                queue.pop(0)
            stage = _RESOLVE
        # _RESOLVE: nobody intervened (any more), the contest's outcome happens.
        c = d["contest"]
        d["contest"] = None
        result, cards = c["result"], c["cards"]
        stage = _ROUND
        if result == "win":
            w = c["winner"]
            kind = cards[w]
            live[w] = False
            if len(trophies[w]) < brains[w]:
                _add_trophy(_own_trophies(d, w), kind)
                log.append({"e": "trophy_won", "seat": w, "kind": kind, "n": n})
            else:
                discard[kind] += 1
                log.append({"e": "trophy_discarded", "seat": w, "kind": kind, "n": n})
            n += 1
            for q, card in enumerate(cards):  # the other competing cards discarded
                if card is not None and q != w:
                    live[q] = False
                    discard[card] += 1
            continue
        for q, card in enumerate(cards):  # every competing card discarded
            if card is not None:
                live[q] = False
                discard[card] += 1
        if result == "nobody":
            log.append({"e": "no_winner", "n": n})
            n += 1
            continue
        seats = list(c["tied"])
        for q, on in enumerate(live):  # the table cleared
            if on:
                live[q] = False
                discard[revealed[q]] += 1
        ok = len(d["deck"]) >= len(seats)
        log.append({"e": "redraw", "seats": seats, "ok": ok, "n": n})
        n += 1
        if ok:
            d["sub"] += 1
            stage = _REVEAL


def _choose_trophy(d: dict[str, Any], rng: Rng, p: int, kind: str) -> None:
    """Everyone receives a trophy of ``kind``; the draw pile is shuffled (unless preset).  Logs one entry."""
    d["aside"], d["deck"] = list(d["aside"]), list(d["deck"])
    source = d["aside"] if d["preset"] else d["deck"]
    for _ in range(d["players"]):  # one each
        source.remove(kind)
    d["trophies"] = [[*tr, kind] for tr in d["trophies"]]
    if not d["preset"]:
        rng.shuffle(d["deck"])
    log = d["log"]
    log.append({"e": "choose_trophy", "seat": p, "kind": kind, "n": log[-1]["n"] + 1 if log else 0})


def _finish(d: dict[str, Any], reason: str, n: int) -> None:
    """The game ends (``reason``: ``survival`` or ``deck``), its winners decided; logged as entry ``n``."""
    live, revealed, discard = d["live"], d["revealed"], d["discard"]
    for p, on in enumerate(live):  # the table cleared
        if on:
            live[p] = False
            discard[revealed[p]] += 1
    d["threats"] = []
    d["contest"] = None
    brains, trophies = d["brains"], d["trophies"]
    alive = [p for p in rotation(d["options"]["first_player"], d["players"]) if brains[p] > 0]
    if reason == "survival":
        winners = alive or [p for p in range(d["players"]) if d["out_round"][p] == d["round"]]
    else:
        best = max((brains[p], len(trophies[p])) for p in alive)
        winners = [p for p in alive if (brains[p], len(trophies[p])) == best]
    winners = sorted(winners)
    d.update(phase="over", over=True, current=None, end_reason=reason, winner_seats=winners)
    d["log"].append({"e": "game_end", "reason": reason, "winners": list(winners), "brains": list(brains),
                     "trophies": [len(t) for t in trophies], "n": n})

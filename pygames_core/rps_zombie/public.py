"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): what a seat sees, and a state from what it sees.

:func:`view_fields` is the game's part of ``view`` (the same for every seat: this
game hides only the draw pile's order and a preset deck's set-aside cards);
:func:`determinize_data` deals the unseen cards back for a search bot.
"""

from __future__ import annotations

from typing import Any

from ..base import VIEW_LOG_LENGTH, View
from ..jsonio import JSON
from ..rng import Rng
from . import rules
from .decisions import defences as _defences
from .decisions import may_intervene
from .rules import BEATEN_BY, COUNTS, KINDS, TROPHY_KINDS

#: The fields of each log event that hold lists (of plain values: see checks.check_log_entries).
_EVENT_LISTS: dict[str, tuple[str, ...]] = {
    "setup": ("brains",),
    "round_start": ("seats",),
    "reveal": ("cards",),
    "out": ("trophies",),
    "contest": ("cards", "tied"),
    "redraw": ("seats",),
    "game_end": ("winners", "brains", "trophies"),
}


def recent_log(d: dict[str, Any]) -> list[JSON]:
    """The view's copy of the latest events: flat dicts whose lists of plain values get copies of their own
    (a loaded save's log has this shape too: see checks.check_log_entries)."""
    out: list[JSON] = []
    lists = _EVENT_LISTS
    for e in d["log"][-VIEW_LOG_LENGTH:]:
        c = e.copy()
        fields = lists.get(e["e"])
        if fields is not None:
            for k in fields:
                c[k] = c[k][:]
        out.append(c)
    return out


def view_fields(d: dict[str, Any]) -> View:
    """The game's part of ``view``: everything public (all but the draw pile's order and the
    set-aside cards of a preset deck; the same for every seat)."""
    n = d["players"]
    phase = d["phase"]
    live, revealed = d["live"], d["revealed"]
    return dict(
        num_players=n,
        players=[
            {"brains": d["brains"][p], "trophies": list(d["trophies"][p]),
             "out": d["brains"][p] == 0, "out_round": d["out_round"][p]}
            for p in range(n)
        ],
        phase=phase,
        first_player=d["options"]["first_player"],
        round=d["round"],
        sub_round=d["sub"],
        participants=list(d["participants"]),
        revealed=list(revealed),
        table=[revealed[p] if live[p] else None for p in range(n)],
        threats=[{"zombie_of": z, "target": t} for z, t in d["threats"]],
        pending=pending(d),
        deck_size=len(d["deck"]),
        deck_preset=d["preset"],
        set_aside_size=len(d["aside"]),
        set_aside=None if d["preset"] else list(d["aside"]),
        discard=dict(d["discard"]),
        discard_size=sum(d["discard"].values()),
        scores=list(d["brains"]),
        winners=list(d["winner_seats"]),
        end_reason=d["end_reason"],
    )

def pending(d: dict[str, Any]) -> dict[str, JSON] | None:
    """The decision the game waits for, as the view shows it (``None`` once over)."""
    phase, p = d["phase"], d["current"]
    if phase == "over":
        return None
    if phase == "choose_trophy":
        return {"decision": phase, "seat": p, "kinds": list(TROPHY_KINDS)}
    if phase == "defend":
        z, t = d["threats"][0]
        shield = d["live"][t] and d["revealed"][t] == "brain"
        return {"decision": phase, "seat": t, "zombie_of": z, "options": _defences(d, t), "shield": shield}
    if phase == "drop_trophy":
        return {"decision": phase, "seat": p, "kinds": rules.trophy_choices(d["trophies"][p])}
    c = d["contest"]
    w = c["winner"]
    room = w is not None and len(d["trophies"][w]) < d["brains"][w]
    return {
        "decision": "contest",
        "seat": p,
        "cards": list(c["cards"]),
        "outcome": {"result": c["result"], "winner": w, "tied": list(c["tied"]), "room": room},
        "block_with": BEATEN_BY[c["cards"][w]] if w is not None else None,
        "to_ask": list(c["queue"]),
        "may_intervene": [q for q in c["queue"] if may_intervene(d, q)],
    }

def determinize_data(view: View, rng: Rng) -> dict[str, Any]:
    """The game's keys of a full state matching ``view``: the unseen cards shuffled into the draw
    pile (and set-aside cards).  (``Game._data_from_view`` adds the common keys, drawing from
    ``rng`` after this function.)"""
    players = view["players"]
    n = len(players)
    opts = view["options"]
    # Plain counts per kind (Counter arithmetic was a third of the search's determinize).
    unseen = dict(COUNTS)
    brains: list[int] = []
    trophies: list[list[str]] = []
    out_round: list[int | None] = []
    for pl in players:  # (one loop: this is on the search's hot path)
        brains.append(int(pl["brains"]))
        tr = list(pl["trophies"])
        trophies.append(tr)
        out_round.append(pl["out_round"])
        for k in tr:
            unseen[k] -= 1
    unseen["brain"] -= sum(brains)
    table = view["table"]
    for c in table:
        if c is not None:
            unseen[c] -= 1
    for k, c in view["discard"].items():
        unseen[k] -= c
    size = view["deck_size"]
    known = view["set_aside"]
    reserve = dict.fromkeys(KINDS, 0)
    if known is not None:
        for k in known:
            unseen[k] -= 1
    elif view["phase"] == "choose_trophy":
        # A preset deck leaves the starting trophies (and any surplus brain) outside the pile.
        for k in TROPHY_KINDS:
            reserve[k] = n
            unseen[k] -= n
        reserve["brain"] = rules.set_aside_brains(n, opts["brains_in_deck_2p"])
        unseen["brain"] -= reserve["brain"]
    if min(unseen.values()) < 0:
        raise ValueError("the view's cards do not add up to the 57-card deck")
    pool: list[str] = []  # canonical order, then shuffled
    for k in KINDS:
        pool += [k] * unseen[k]
    rng.shuffle(pool)
    if known is not None:
        deck, aside = pool, list(known)
    else:
        deck = pool[:size]
        rest = pool[size:]
        aside = []
        for k in KINDS:
            aside += [k] * (reserve[k] + rest.count(k))
    if len(deck) != size:
        raise ValueError("the view's cards do not add up to the 57-card deck")
    contest = None
    decision = view["pending"]
    if view["phase"] == "contest":
        outcome = decision["outcome"]
        contest = {
            "cards": list(decision["cards"]),
            "result": outcome["result"],
            "winner": outcome["winner"],
            "tied": list(outcome["tied"]),
            "queue": list(decision["to_ask"]),
        }
    return {
        "phase": view["phase"],
        "preset": view["deck_preset"],
        "brains": brains,
        "trophies": trophies,
        "out_round": out_round,
        "deck": deck,
        "aside": aside,
        "discard": dict(view["discard"]),
        "round": view["round"],
        "sub": view["sub_round"],
        "participants": list(view["participants"]),
        "revealed": list(view["revealed"]),
        "live": [c is not None for c in table],
        "threats": [[th["zombie_of"], th["target"]] for th in view["threats"]],
        "contest": contest,
        "end_reason": view["end_reason"],
        "winner_seats": list(view["winners"]),
    }

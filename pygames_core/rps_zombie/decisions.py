"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): who decides what, read off the state.

Shared by the engine (:mod:`.game`) and the validation of loaded states (:mod:`.checks`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ..actions import UNSURE, Unsure
from ..base import Action
from . import rules
from .rules import BEATEN_BY, KILLERS, TROPHY_KINDS


@cache
def rotation(first: int, players: int) -> tuple[int, ...]:
    """Every seat in turn order from ``first``."""
    return tuple(rules.seat_order(range(players), first, players))


def order(d: dict[str, Any], seats: Sequence[int]) -> list[int]:
    """``seats`` in turn order from the first player."""
    return [p for p in rotation(d["options"]["first_player"], d["players"]) if p in seats]


def may_intervene(d: dict[str, Any], p: int) -> bool:
    """Has seat ``p`` more than ``pass`` in the pending contest?  (``len(contest_actions(d, p)) > 1``, cheaply.)"""
    c = d["contest"]
    tr = d["trophies"][p]
    if not tr:
        return False
    winner = c["winner"]
    if c["result"] == "win" and winner != p and BEATEN_BY[c["cards"][winner]] in tr:
        return True
    mine = c["cards"][p]
    return mine is not None and tr.count(mine) < len(tr)


def defences(d: dict[str, Any], target: int) -> list[str]:
    """How ``target`` may answer the pending zombie (``"none"`` always last)."""
    out: list[str] = []
    if d["live"][target] and d["revealed"][target] in KILLERS:
        out.append("revealed")
    tr = d["trophies"][target]
    for k in KILLERS:
        if k in tr:
            out.append(k)
    out.append("none")
    return out


def legal(d: dict[str, Any]) -> list[Action]:
    """Every legal decision of ``d["current"]`` (docs/rules/rps_zombie.md), in a stable order."""
    phase = d["phase"]
    p = d["current"]
    if phase == "contest":  # the commonest decision first (a contest always has a seat to ask)
        c = d["contest"]
        tr = d["trophies"][p]
        acts: list[Action] = []
        if tr:  # (nothing but pass without trophies)
            winner = c["winner"]
            if c["result"] == "win" and winner != p:
                k = BEATEN_BY[c["cards"][winner]]
                if k in tr:
                    acts.append({"type": "block", "with": k})
            mine = c["cards"][p]
            if mine is not None:
                for k in TROPHY_KINDS:  # rules.trophy_choices(tr), in canonical order
                    if k != mine and k in tr:
                        acts.append({"type": "dump", "kind": k})
        acts.append({"type": "pass"})
        return acts
    if phase == "over" or p is None:
        return []
    if phase == "choose_trophy":
        return [{"type": "choose_trophy", "kind": k} for k in TROPHY_KINDS]
    if phase == "defend":
        z, t = d["threats"][0]
        acts = []  # defences(d, t), each as an action, in one pass
        if d["live"][t] and d["revealed"][t] in KILLERS:
            acts.append({"type": "defend", "zombie_of": z, "with": "revealed"})
        tr = d["trophies"][t]
        for k in KILLERS:
            if k in tr:
                acts.append({"type": "defend", "zombie_of": z, "with": k})
        acts.append({"type": "defend", "zombie_of": z, "with": "none"})
        return acts
    if phase == "drop_trophy":
        return [{"type": "drop_trophy", "kind": k} for k in rules.trophy_choices(d["trophies"][p])]
    raise ValueError(f"unknown phase {phase!r}")


def match(d: dict[str, Any], action: dict[str, Any]) -> Action | None | Unsure:
    """The legal action equal to ``action``, or ``None``: :func:`legal` decided from the state without
    building the list; :data:`UNSURE` for values of other types than ``str``/``int``."""
    kind = action.get("type")
    if type(kind) is not str:
        return UNSURE
    phase, p, n = d["phase"], d["current"], len(action)
    if phase == "defend":
        zombie, how = action.get("zombie_of"), action.get("with")
        if type(zombie) is not int or type(how) is not str:
            return UNSURE
        z, t = d["threats"][0]
        if kind != "defend" or n != 3 or zombie != z:
            return None
        # how in defences(d, t), without building the list
        if how == "revealed":
            if not (d["live"][t] and d["revealed"][t] in KILLERS):
                return None
        elif how != "none" and (how not in KILLERS or how not in d["trophies"][t]):
            return None
        return {"type": "defend", "zombie_of": z, "with": how}
    if kind == "pass" and n == 1:  # the commonest decision, early
        return {"type": "pass"} if phase == "contest" else None
    k = action.get("with") if kind == "block" else action.get("kind")
    if k is not None and type(k) is not str:
        return UNSURE
    if phase == "choose_trophy":
        return {"type": kind, "kind": k} if kind == "choose_trophy" and n == 2 and k in TROPHY_KINDS else None
    tr = d["trophies"][p]
    if phase == "drop_trophy":
        return {"type": kind, "kind": k} if kind == "drop_trophy" and n == 2 and k in TROPHY_KINDS and k in tr else None
    if phase != "contest":
        return None
    if kind == "pass":
        return {"type": "pass"} if n == 1 else None
    c = d["contest"]
    if kind == "block":
        winner = c["winner"]
        if n == 2 and c["result"] == "win" and winner != p and k == BEATEN_BY[c["cards"][winner]] and k in tr:
            return {"type": "block", "with": k}
    elif kind == "dump":
        mine = c["cards"][p]
        if n == 2 and mine is not None and k in TROPHY_KINDS and k != mine and k in tr:
            return {"type": "dump", "kind": k}
    return None

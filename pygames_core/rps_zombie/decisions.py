"""Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): who decides what, read off the state.

Shared by the engine (:mod:`.game`) and the validation of loaded states (:mod:`.checks`).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..base import Action
from . import rules
from .rules import BEATEN_BY, KILLERS, TROPHY_KINDS


def order(d: dict[str, Any], seats: Sequence[int]) -> list[int]:
    """``seats`` in turn order from the first player."""
    return rules.seat_order(seats, d["options"]["first_player"], d["players"])


def in_seats(d: dict[str, Any]) -> list[int]:
    """Players still in, in turn order from the first player."""
    return order(d, [p for p, b in enumerate(d["brains"]) if b > 0])


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


def contest_actions(d: dict[str, Any], p: int) -> list[Action]:
    """What seat ``p`` may do in the pending trophy contest."""
    c = d["contest"]
    tr = d["trophies"][p]
    acts: list[Action] = []
    winner = c["winner"]
    if c["result"] == "win" and winner != p:
        k = BEATEN_BY[c["cards"][winner]]
        if k in tr:
            acts.append({"type": "block", "with": k})
    mine = c["cards"][p]
    if mine is not None:
        for k in rules.trophy_choices(tr):
            if k != mine:
                acts.append({"type": "dump", "kind": k})
    acts.append({"type": "pass"})
    return acts


def legal(d: dict[str, Any]) -> list[Action]:
    """Every legal decision of ``d["current"]`` (RULES.md §2), in a stable order."""
    phase = d["phase"]
    p = d["current"]
    if phase == "over" or p is None:
        return []
    if phase == "choose_trophy":
        return [{"type": "choose_trophy", "kind": k} for k in TROPHY_KINDS]
    if phase == "defend":
        z, t = d["threats"][0]
        return [{"type": "defend", "zombie_of": z, "with": w} for w in defences(d, t)]
    if phase == "drop_trophy":
        return [{"type": "drop_trophy", "kind": k} for k in rules.trophy_choices(d["trophies"][p])]
    if phase == "contest":
        return contest_actions(d, p)
    raise ValueError(f"unknown phase {phase!r}")

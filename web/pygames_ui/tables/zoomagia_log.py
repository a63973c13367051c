"""Зоомагия in words: one log line per engine event."""

from __future__ import annotations

from typing import Any

from ..dom import esc
from .base import Ctx
from .zoomagia_cards import animal_chips, chip, points, where


def describe(event: dict[str, Any], ctx: Ctx) -> str | None:
    """One log line (safe HTML) for an engine event, or ``None`` to leave it out."""
    t, e = ctx.t, event["e"]
    who = ctx.name(event.get("p"))
    if e == "game_start":
        line = t("log.zm.game_start", n=event["players"], value=event["deck_size"], who=ctx.name(event["dealer"]))
        if event["removed"]:
            line += " " + t("log.zm.removed", n=event["removed"])
        if not event["columns"]:
            line += " " + t("log.zm.rows_only")
        return line
    if e == "turn_start":
        return t("log.zm.turn_start", who=who, card=chip(t, event["drawn"]))
    if e == "push":
        line = t("log.zm.push", who=who, card=chip(t, event["card"]),
                 value=esc(where(t, event["line"], event["index"], event["from"])), cards=chip(t, event["out"]))
        if event["new"]:
            line += " " + t("log.zm.new_animals", value=", ".join(str(r + 1) for r in event["new"]))
        return line
    if e == "take_card":
        key = "log.zm.get_card" if event["auto"] else "log.zm.take_card"
        return t(key, who=who, card=chip(t, event["card"]))
    if e == "take_animal":
        return t("log.zm.take_animal", who=who, n=event["row"] + 1, cards=animal_chips(t, event["cards"]),
                 value=esc(points(t, event["points"])))
    if e == "refill":
        cells = " ".join(chip(t, c) if c else f'<span class="zm-none">{esc(t("zm.empty_cell"))}</span>' for c in event["cells"])
        return t("log.zm.refill", who=who, n=event["row"] + 1, cards=cells)
    if e == "discard":
        return t("log.zm.discard", who=who, card=chip(t, event["card"]))
    if e == "bank":
        return t("log.zm.bank", who=who, cards=animal_chips(t, event["cards"]), value=esc(points(t, event["points"])))
    if e == "turn_end":
        return t("log.zm.turn_end", who=who, n=event["deck_size"])
    if e == "game_end":
        parts = [t("log.zm.game_end")]
        for seat, cards in enumerate(event["leftover"]):
            if cards:
                parts.append(t("log.zm.leftover", who=ctx.name(seat), cards=" ".join(chip(t, c) for c in cards)))
        scores = ", ".join(f"{ctx.name(i)} {s}" for i, s in enumerate(event["scores"]))
        parts.append(t("log.zm.scores", cards=scores))
        parts.append(t("log.match_end", who=", ".join(ctx.name(w) for w in event["winners"])))
        return " ".join(parts)
    return None

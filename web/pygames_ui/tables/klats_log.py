"""Клац! in words: one log line per engine event."""

from __future__ import annotations

from typing import Any

from pygames_core.klats.rules import MAX_PILES

from ..i18n import num
from .base import Ctx
from .klats_cards import card_html
from .winners import who_won


def six_piles(ctx: Ctx, result: dict[str, Any], key: str, **fields: Any) -> str:
    """Why a round ended with a sixth pile, naming whose row it is: ``key`` when its owner
    played it, ``<key>_given`` ("Anna played a sixth pile in front of Boris") when another did.
    (The engine's ``by`` is who played it; the row is the one whose tops number six.)"""
    owner = next((i for i, tops in enumerate(result["tops"]) if len(tops) >= MAX_PILES), result["by"])
    if owner == result["by"]:
        return ctx.say(key, by=owner, **fields)
    return ctx.say(f"{key}_given", by=result["by"], to=owner, **fields)


def describe(event: dict[str, Any], ctx: Ctx) -> str | None:
    """One log line (safe HTML) for an engine event, or ``None`` to leave it out."""
    t, e = ctx.t, event["e"]
    if e == "play":
        card = card_html(t, event["card"], "mini")
        self_target = event["p"] == event["target"]
        if event["pile"] is None:
            key = "log.klats.new_pile_self" if self_target else "log.klats.new_pile"
        else:
            key = "log.klats.on_pile_self" if self_target else "log.klats.on_pile"
        line = ctx.say(key, by=event["p"], to=event["target"], card=card, n=(event["pile"] or 0) + 1)
        if event.get("merged") is not None:
            line += " " + t("log.klats.merged", n=event["merged"] + 1)
        return line
    if e == "round_start":
        return ctx.say("log.klats.round_start", by=event["first"], n=event["round"])
    if e == "round_end":
        parts = ", ".join(f"{ctx.name(i)} {num(s)}" for i, s in enumerate(event["scores"]))
        if event["reason"] == "six":
            return six_piles(ctx, event, "log.klats.round_end_six", n=event["round"]) + " " + parts
        return ctx.say("log.klats.round_end_empty", n=event["round"]) + " " + parts
    if e == "match_end":
        winners = event["winners"]
        return who_won(ctx, winners, "log.match_end")
    return None

"""Зоомагия in words: one log line per engine event, and a move in words (a hint, a move to confirm)."""

from __future__ import annotations

from typing import Any

from pygames_core.base import Action

from ..dom import esc, glued
from ..i18n import num
from .base import Ctx
from .winners import who_won
from .zoomagia_cards import SAID_APART, animal_chips, card_name, chip, points, where


def describe(event: dict[str, Any], ctx: Ctx) -> str | None:
    """One log line (safe HTML) for an engine event, or ``None`` to leave it out."""
    t, e = ctx.t, event["e"]
    by = event.get("p")
    if e == "game_start":
        line = ctx.say("log.zm.game_start", by=event["dealer"], n=event["players"], value=event["deck_size"])
        if event["removed"]:
            line += " " + t("log.zm.removed", n=event["removed"])
        if not event["columns"]:
            line += " " + t("log.zm.rows_only")
        return line
    if e == "turn_start":
        return ctx.say("log.zm.turn_start", by=by, card=chip(t, event["drawn"]))
    if e == "push":
        line = ctx.say("log.zm.push", by=by, card=chip(t, event["card"]),
                       value=esc(where(t, event["line"], event["index"], event["from"])), cards=chip(t, event["out"]))
        if event["new"]:
            key = "log.zm.new_animals" if len(event["new"]) == 1 else "log.zm.new_animals.several"
            line += " " + t(key, value=", ".join(str(r + 1) for r in event["new"]))
        return line
    if e == "take_card":
        key = "log.zm.get_card" if event["auto"] else "log.zm.take_card"
        return ctx.say(key, by=by, card=chip(t, event["card"]))
    if e == "take_animal":
        return ctx.say("log.zm.take_animal", by=by, n=event["row"] + 1, cards=animal_chips(t, event["cards"]),
                       value=esc(points(t, event["points"])))
    if e == "refill":
        cells = SAID_APART.join(chip(t, c) if c else f'<span class="zm-none">{esc(t("zm.empty_cell"))}</span>' for c in event["cells"])
        return ctx.say("log.zm.refill", by=by, n=event["row"] + 1, cards=cells)
    if e == "discard":
        return ctx.say("log.zm.discard", by=by, card=chip(t, event["card"]))
    if e == "bank":
        return ctx.say("log.zm.bank", by=by, cards=animal_chips(t, event["cards"]), value=esc(points(t, event["points"])))
    if e == "turn_end":
        return ctx.say("log.zm.turn_end", by=by, n=event["deck_size"])
    if e == "game_end":
        parts = [t("log.zm.game_end")]
        for seat, cards in enumerate(event["leftover"]):
            if cards:
                parts.append(ctx.say("log.zm.leftover", by=seat, cards=SAID_APART.join(chip(t, c) for c in cards)))
        scores = ", ".join(f"{ctx.name(i)} {num(s)}" for i, s in enumerate(event["scores"]))
        parts.append(t("log.zm.scores", cards=scores))
        winners = event["winners"]
        parts.append(who_won(ctx, winners, "log.match_end"))
        return " ".join(parts)
    return None


#: What the others' turns did, said where the player pushes next: their pushes, takes, refills,
#: penalties and banks (their draws are in their pushes, and so is the card a push gives them;
#: their ends of turn say nothing new).
SINCE_EVENTS = frozenset({"push", "take_card", "take_animal", "refill", "discard", "bank"})
#: The most lines of it, the newest (on a phone, the player's own rows are below it).
SINCE_LINES = 10


def since_your_turn(ctx: Ctx) -> str:
    """"Since your turn": what the others did since the viewer's last turn ended, where he pushes
    next (on a phone the move log is screens below the field, and the last push line went with
    the bots' turns). Nothing at his first turn, nor where the log is beside the table (CSS)."""
    events = ctx.events
    mine = next((i for i in range(len(events) - 1, -1, -1)
                 if events[i]["e"] == "turn_end" and events[i].get("p") == ctx.seat), None)
    if mine is None:
        return ""
    lines = [glued(describe(e, ctx)) for e in events[mine + 1:]
             if e["e"] in SINCE_EVENTS and e.get("p") != ctx.seat and not (e["e"] == "take_card" and e["auto"])]
    said = [x for x in lines if x][-SINCE_LINES:]
    if not said:
        return ""
    title = esc(ctx.t("zm.since"))
    return (f'<section class="zm-since" aria-label="{title}"><h2>{title}</h2>'
            f'<ul>{"".join(f"<li>{x}</li>" for x in said)}</ul></section>')


def action_words(action: Action, ctx: Ctx) -> str | None:
    """``action`` in words (safe HTML, first letter small: "push the card into …"), for a hint or
    a move waiting for its second tap; ``None`` for one no button makes."""
    t, kind = ctx.t, action.get("type")
    if kind == "push":
        text = t("zm.push_label", value=where(t, action["line"], action["index"], action["from"]))
    elif kind == "take" and action["what"] == "card":
        text = t("zm.take_card_label", value=card_name(t, ctx.view["pushed_out"]))
    elif kind == "take":
        text = t("zm.take_animal", n=action["row"] + 1).rstrip(":")
    elif kind == "discard":
        text = t("zm.discard_label", value=card_name(t, action["card"]))
    elif kind == "end_turn":
        text = t("zm.end_turn")
    elif kind == "bank":
        text = t("assist.zm_bank", cards=", ".join(card_name(t, c) for c in action["cards"]))
    elif kind == "refill":
        text = t("assist.zm_refill", cards=", ".join(card_name(t, c) if c else "—" for c in action["cells"]))
    else:
        return None
    return esc(text[:1].lower() + text[1:])

"""Камень, ножницы, бумага и … ЗОМБИ!!! in words: the log lines of engine events, the
"what happened" panel that groups them by round, and the phrases both share with the
table's prompts (whose zombie, who won a contest, why the game ended)."""

from __future__ import annotations

from typing import Any

from ..dom import esc, glued
from .base import Ctx
from .rps_zombie_cards import chip

#: Player decisions in the log (the events that are a player's own choice).
DECISIONS = ("choose_trophy", "defend", "drop_trophy", "block", "dump", "pass")
#: How many rounds the "what happened" panel tells at most.
HAPPENED_ROUNDS = 3


def poss(ctx: Ctx, seat: int) -> str:
    """``Bot 1's`` (English) / the bare name (Russian) for "whose zombie"."""
    raw = ctx.seats[seat].name
    if ctx.seats[seat].is_human and raw == ctx.t("setup.default_you"):
        return esc(ctx.t("rz.poss_you"))
    return ctx.t("rz.poss", who=ctx.name(seat))


def names(ctx: Ctx, seats: list[int]) -> str:
    """``Ann, Bob and Cy`` / ``Аня, Боря и Ваня`` (safe HTML), the player called "You" as
    the pronoun ("Tie: you and Bob…"): every use stands inside a sentence."""
    parts = [esc(ctx.t("rz.you")) if ctx.is_you(s) else ctx.name(s) for s in seats]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + esc(ctx.t("rz.and")) + parts[-1]


def cards_line(ctx: Ctx, cards: list[str | None]) -> str:
    """``Ann <rock picture> Rock · Bob <scissors picture> Scissors`` for the seats with a card."""
    return " · ".join(f'{ctx.name(p)} {chip(ctx.t, k)}' for p, k in ordered(ctx, cards) if k)


def ordered(ctx: Ctx, per_seat: list[Any]) -> list[tuple[int, Any]]:
    """Per-seat values in turn order from the first player."""
    n = len(per_seat)
    first = ctx.view["first_player"]
    return [((first + k) % n, per_seat[(first + k) % n]) for k in range(n)]


def outcome_line(ctx: Ctx, outcome: dict[str, Any], cards: list[str | None], me: int | None) -> str:
    """What the contest will do if nobody intervenes, in words; said to ``me`` (the seat deciding)
    and to the player called "You" as "you"."""
    t = ctx.t
    result = outcome["result"]
    if result == "win":
        w = outcome["winner"]
        card = chip(t, cards[w])
        yours = w == me or ctx.is_you(w)
        line = t("rz.out.win_you", card=card) if yours else t("rz.out.win", who=poss(ctx, w), card=card)
        if not outcome["room"]:
            line += " " + (t("rz.out.no_room_you") if yours else t("rz.out.no_room", who=ctx.name(w)))
        return line
    if result == "nobody":
        return esc(t("rz.out.nobody"))
    return t("rz.out.redraw", who=names(ctx, outcome["tied"]))


def describe(event: dict[str, Any], ctx: Ctx) -> str | None:
    """One log line (safe HTML) for an engine event, or ``None`` to leave it out."""
    t, e = ctx.t, event["e"]
    name = ctx.name
    if e == "setup":
        return ctx.say("log.rz.setup", by=event["first"], n=event["players"], value=event["brains"][0])
    if e == "choose_trophy":
        return ctx.say("log.rz.choose_trophy", by=event["seat"], card=chip(t, event["kind"]))
    if e == "round_start":
        return t("log.rz.round_start", n=event["round"], value=event["deck_size"])
    if e == "reveal":
        cards = cards_line(ctx, event["cards"])
        if event["sub"]:
            return t("log.rz.reveal_redraw", n=event["sub"], cards=cards)
        return t("log.rz.reveal", cards=cards)
    if e == "defend":
        by, to, whom = event["seat"], event["zombie_of"], poss(ctx, event["zombie_of"])
        how = event["with"]
        if how == "revealed":
            card = revealed_before(ctx, event["n"], event["seat"])
            if card is None:
                return ctx.say("log.rz.kill_revealed_card", by=by, to=to, whom=whom)
            return ctx.say("log.rz.kill_revealed", by=by, to=to, whom=whom, card=chip(t, card))
        if how == "none":
            return ctx.say("log.rz.no_defence" if event["auto"] else "log.rz.let_bite", by=by, to=to, whom=whom)
        return ctx.say("log.rz.kill_trophy", by=by, to=to, whom=whom, card=chip(t, how))
    if e == "bite":
        by, to, whom = event["seat"], event["zombie_of"], poss(ctx, event["zombie_of"])
        if event["eaten"] == "revealed":
            return ctx.say("log.rz.bite_shield", by=by, to=to, whom=whom)
        return ctx.say("log.rz.bite", by=by, to=to, whom=whom, n=event["brains"])
    if e == "drop_trophy":
        return ctx.say("log.rz.drop", by=event["seat"], card=chip(t, event["kind"]))
    if e == "out":
        line = ctx.say("log.rz.out", by=event["seat"])
        if event["trophies"]:
            line += " " + t("log.rz.out_trophies", cards=", ".join(chip(t, k) for k in event["trophies"]))
        return line
    if e == "brain_taken":
        return ctx.say("log.rz.brain_taken", by=event["seat"], n=event["brains"])
    if e == "contest":
        line = t("log.rz.contest", cards=cards_line(ctx, event["cards"]))
        outcome = {"result": event["result"], "winner": event["winner"], "tied": event["tied"], "room": event["room"]}
        if event["result"] == "win":
            w = event["winner"]
            would = ctx.say("log.rz.would_win", by=w, card=chip(t, event["cards"][w]))
            if not event["room"]:
                would += " " + (t("rz.out.no_room_you") if ctx.is_you(w) else t("rz.out.no_room", who=name(w)))
            return line + " " + would
        return line + " " + outcome_line(ctx, outcome, event["cards"], None)
    if e == "block":
        return ctx.say("log.rz.block", by=event["seat"], to=event["against"], card=chip(t, event["with"]))
    if e == "dump":
        return ctx.say("log.rz.dump", by=event["seat"], card=chip(t, event["kind"]))
    if e == "pass":
        return ctx.say("log.rz.pass", by=event["seat"])
    if e == "trophy_won":
        return ctx.say("log.rz.trophy_won", by=event["seat"], card=chip(t, event["kind"]))
    if e == "trophy_discarded":
        return ctx.say("log.rz.trophy_discarded", by=event["seat"], card=chip(t, event["kind"]))
    if e == "no_winner":
        return esc(t("log.rz.no_winner"))
    if e == "redraw":
        key = "log.rz.redraw" if event["ok"] else "log.rz.redraw_failed"
        return t(key, who=names(ctx, event["seats"]))
    if e == "game_end":
        return end_reason(ctx, event["reason"], event["winners"])
    return None


def revealed_before(ctx: Ctx, n: int, seat: int) -> str | None:
    """The card ``seat`` revealed in the (sub-)round of log event ``n``."""
    for e in reversed(ctx.events[:n]):
        if e["e"] == "reveal":
            return e["cards"][seat]
    return None


def end_reason(ctx: Ctx, reason: str, winners: list[int]) -> str:
    """Why the game ended and who won, as one sentence."""
    by, who = (winners[0] if len(winners) == 1 else None), names(ctx, winners)
    if reason == "deck":
        return ctx.say("rz.end.deck", by=by, who=who)
    if by is not None:
        return ctx.say("rz.end.survivor", by=by)
    return ctx.t("rz.end.wipeout", who=who)


def last_decision(ctx: Ctx) -> int:
    """The event of this player's last decision (not one made for him), or -1."""
    return max((e["n"] for e in ctx.view["log"] if e["e"] in DECISIONS and e.get("seat") == ctx.seat
                and not e.get("auto")), default=-1)


def shown_rounds(ctx: Ctx) -> list[tuple[int | None, list[dict[str, Any]]]]:
    """The rounds the "what happened" panel tells as ``(round, events)``: the current round
    and the one before it, or every round since this player last decided."""
    log = ctx.view["log"]
    groups: list[tuple[int | None, list[dict[str, Any]]]] = []
    for e in log:
        if e["e"] == "round_start" or not groups:
            groups.append((e.get("round") if e["e"] == "round_start" else None, []))
        groups[-1][1].append(e)
    last_mine = last_decision(ctx)
    keep = 2  # the current round and the one before it …
    for i, (_, events) in enumerate(groups):
        if events[-1]["n"] > last_mine:  # … or every round since my last decision
            keep = max(keep, len(groups) - i)
            break
    return groups[-min(keep, HAPPENED_ROUNDS):]


def first_told(ctx: Ctx) -> int | None:
    """The oldest event the "what happened" panel tells (the move log lists only older ones)."""
    shown = shown_rounds(ctx)
    return shown[0][1][0]["n"] if shown else None


def happened(ctx: Ctx) -> str:
    """The current round and the ones before it since this player last decided, in order."""
    t, v = ctx.t, ctx.view
    shown = shown_rounds(ctx)
    mine = last_decision(ctx)  # (what came after it is new to this player: each line flashes as it comes)
    blocks = []
    for k, (rnd, events) in enumerate(shown):
        items = []
        for e in events:
            line = glued(describe(e, ctx))
            if line:
                fresh = " fresh" if e["n"] > mine else ""
                items.append(f'<li class="rz-ev e-{e["e"]}{fresh}" data-n="{e["n"]}">{line}</li>')
        now = k == len(shown) - 1 and not v["over"]
        if rnd is not None:
            head = t("rz.round", n=rnd)
        else:  # the game's start, or the tail of a round whose start left the log
            head = t("rz.setup_h") if events[0]["e"] == "setup" else t("rz.earlier")
        if now:
            head += " " + t("rz.now")
        blocks.append(f'<div class="rz-group{" now" if now else ""}"><h3>{esc(head)}</h3><ol>{"".join(items)}</ol></div>')
    # Oldest first; the scroller shows its end (the newest events) first.
    return (f'<section class="rz-happened" aria-label="{esc(t("rz.happened"))}"><h2>{esc(t("rz.happened"))}</h2>'
            f'<div class="rz-scroll" id="happened-now" tabindex="0" role="group" aria-label="{esc(t("rz.happened"))}"><div>{"".join(blocks)}</div></div></section>')

"""A player's place at the Зоомагия table: the rows of animal parts in front of him, his bank and penalty pile;
and the animals he may bank from them, best first."""

from __future__ import annotations

from pygames_core.base import Action
from pygames_core.zoomagia import rules
from pygames_core.zoomagia.rules import PARTS

from ..dom import button, esc
from .base import Ctx
from .zoomagia_cards import card_html, card_name, dot


def seat_html(ctx: Ctx, seat: int) -> str:
    """Seat ``seat`` as the viewer sees it; on his own turn the cards he may discard are buttons."""
    t, v = ctx.t, ctx.view
    pl = v["players"][seat]
    badge = ctx.badge(seat)
    head = (f'<header class="seat-head"><span class="seat-name">{ctx.name(seat)}</span>{badge}'
            f'<span class="zm-stat">{esc(t("zm.banked_stat", n=pl["banked_points"]))}</span>'
            f'<span class="zm-stat">{esc(t("zm.penalty_stat", n=pl["penalty_count"]))}</span>'
            f'<span class="total">{esc(t("zm.score", n=v["scores"][seat]))}</span></header>')
    discards = ({a["card"] for a in ctx.legal if a["type"] == "discard"}
                if ctx.my_turn and seat == v["current_player"] else set())
    rows = [list(r) for r in pl["rows"]]
    while len(rows) < rules.MAX_PER_PART:
        rows.append([None, None, None])
    rows_html = []
    for i, row in enumerate(rows):
        cells = []
        for part, card in zip(PARTS, row):
            if card is None:
                cells.append(f'<span class="zm-gap zp-{part}" aria-hidden="true">{esc(t(f"zm.part.{part}"))}</span>')
            elif card in discards:
                cells.append(button(card_html(t, card, "sm", move=True), "discard", "zm-pick zm-bad",
                                    aria_label=t("zm.discard_label", value=card_name(t, card)), card=card))
            else:
                cells.append(card_html(t, card, "sm", move=True))
        extra = " over" if i >= rules.MAX_PER_PART else ""
        rows_html.append(f'<div class="zm-row{extra}">{"".join(cells)}</div>')
    banked = "".join(
        f'<span class="zm-animal">{"".join(dot(t, c, move=True) for c in trio)}'
        f'<span class="zm-plus">+{rules.animal_points(trio)}</span></span>'
        for trio in pl["banked"]
    ) or f'<span class="zm-none">{esc(t("zm.none"))}</span>'
    penalty = "".join(dot(t, c, move=True) for c in pl["penalty"]) or f'<span class="zm-none">{esc(t("zm.none"))}</span>'
    cls = "seat zm-seat" + (" me" if seat == ctx.seat else "") + (" current" if v["current_player"] == seat else "")
    return (
        f'<section class="{cls}" data-seat="{seat}" aria-label="{ctx.name(seat)}">{head}'
        f'<div class="zm-seat-body"><div class="zm-rows" role="group" aria-label="{esc(t("zm.in_front"))}">{"".join(rows_html)}</div>'
        f'<div class="zm-piles"><div class="zm-banked"><span class="zm-cap">{esc(t("zm.banked"))}</span>{banked}</div>'
        f'<div class="zm-penalty"><span class="zm-cap">{esc(t("zm.penalty"))}</span>{penalty}</div></div></div>'
        f"</section>"
    )


def best_banks_first(legal: list[Action], cards: list[str]) -> list[Action]:
    """The bank choices best first: the most points now, then the best animal the cards
    left in front could still make; equal choices keep the engine's order."""
    def worth(action: Action) -> tuple[int, int]:
        rest = list(cards)
        for card in action["cards"]:
            rest.remove(card)
        later = max((rules.animal_points(o) for o in rules.bank_options(rest)), default=0)
        return (-rules.animal_points(action["cards"]), -later)
    return sorted((a for a in legal if a["type"] == "bank"), key=worth)

"""Зоомагия: the 3×3 field drawn with its push arrows, push previews and the row being refilled.

:func:`field` draws the cells on a 5×5 grid with an arrow on each edge of every
line that may be pushed; hovering or focusing an arrow shows where the cards go,
in CSS, from the classes written here (:func:`push_class`) and the notes of
:func:`previews`.  The outcome of each legal push comes from the pure helpers of
:mod:`pygames_core.zoomagia.rules` (:func:`outcomes`); nothing here decides
anything.  The refill placement (which card goes into which emptied cell) is the
table's state: it is passed in as ``placing`` and ``cursor``.
"""

from __future__ import annotations

from pygames_core.zoomagia import rules

from ..dom import attrs, button, esc, glued
from .base import Ctx
from .zoomagia_cards import animal_chips, card_html, card_name, chip, points, where

#: Arrow glyphs: the direction the drawn card travels when pushed from that side.
ARROW = {"left": "▶", "right": "◀", "top": "▼", "bottom": "▲"}
SIDES = {"row": ("left", "right"), "col": ("top", "bottom")}
#: Refill placement markers: an open cell, or one the player chose to leave empty.
OPEN, EMPTY = None, ""

#: A push's key (line, index, side) and what it does: the card that falls out, the rows
#: that become new animals, and the field after it.
Push = tuple[str, int, str]
Outcome = tuple[str | None, list[int], list[list[str | None]]]


def push_class(line: str, index: int, side: str) -> str:
    """The class of the arrow pushing ``line`` ``index`` from ``side`` (the CSS preview keys on it)."""
    return f"pu-{line}-{index}-{side}"


def arrow_place(line: str, index: int, side: str) -> tuple[int, int]:
    """Grid row and column (1..5) of an arrow: rows' arrows left and right, columns' on top and below."""
    if line == "row":
        return index + 2, 1 if side == "left" else 5
    return 1 if side == "top" else 5, index + 2


def outcomes(ctx: Ctx) -> dict[Push, Outcome]:
    """For each legal push: the card that would fall out, the new animal rows, and the field after it."""
    v = ctx.view
    drawn = v["drawn"]
    out: dict[Push, Outcome] = {}
    if v["phase"] != "push" or not drawn:
        return out
    for a in ctx.legal:
        if a["type"] == "push":
            after = [list(row) for row in v["field"]]
            fell = rules.push(after, a["line"], a["index"], a["from"], drawn)
            out[(a["line"], a["index"], a["from"])] = (fell, rules.new_animal_rows(v["field"], after), after)
    return out


def field(ctx: Ctx, pushes: dict[Push, Outcome], armed: tuple[int, str, int, str] | None,
          placing: list[str | None] | None, cursor: int | None) -> str:
    """The field: arrows, cells (the refill row as :func:`refill_row`) and the new animals to take.

    ``pushes`` is :func:`outcomes`; ``armed`` is the arrow a finger tapped once (turn, line, index, side); ``placing`` and
    ``cursor`` are the player's refill cells so far and the open cell the next card goes to
    (``None`` unless the viewer is refilling).
    """
    t, v = ctx.t, ctx.view
    phase, cards = v["phase"], v["field"]
    columns = bool(v["options"].get("columns", True))
    out: list[str] = []
    # Arrows on the four edges (a 5×5 grid: arrows round the 3×3 cells).
    for line in ("row", "col"):
        for index in range(3):
            for side in SIDES[line]:
                if line == "col" and not columns:
                    continue
                gr, gc = arrow_place(line, index, side)
                outcome = pushes.get((line, index, side))
                legal = outcome is not None
                makes = outcome is not None and bool(outcome[1])
                label = t("zm.push_label", value=where(t, line, index, side))
                if outcome is not None and outcome[0] is not None:  # (what a sighted player sees previewed: the card he would get)
                    label += " — " + t("zm.push_gets", card=card_name(t, outcome[0]))
                if makes:
                    label += " — " + t("zm.makes_animal")
                lit_arrow = armed == (v["turn"], line, index, side)
                cls = (f"zm-arrow {push_class(line, index, side)} g-r{gr} g-c{gc}" + (" legal" if legal else "")
                       + (" makes" if makes else "") + (" armed" if lit_arrow and legal else ""))
                out.append(
                    f'<button type="button"{attrs(class_=cls, data_action="push", data_line=line, data_index=index, data_from=side, data_new="true" if makes else None, aria_label=label, disabled=not legal)}>'
                    f'<span aria-hidden="true">{ARROW[side]}</span></button>'
                )
    lp = v["last_push"]
    # Somebody else's push stays lit until the next push.
    lit = (lp["line"], lp["index"]) if lp is not None and lp["p"] != ctx.seat else None
    new_rows = {a["row"]: a for a in v["new_animals"]}
    refilling = v["refill"]["row"] if v["refill"] else None
    drawn = v["drawn"] if phase == "push" and ctx.my_turn else None
    out_label = esc(t("zm.falls_out"))
    for r in range(3):
        if r == refilling:
            out.append(refill_row(ctx, r, placing, cursor))
            continue
        for c in range(3):
            card = cards[r][c]
            cls = f"zm-cell c{r}{c} g-r{r + 2} g-c{c + 2}"
            if r in new_rows:
                cls += " new-animal"
            if lp is not None and card == lp["card"]:
                cls += " last-in"
            if lit is not None and (r if lit[0] == "row" else c) == lit[1]:
                cls += " last-move"
            place = t("zm.cell_at", n=r + 1, value=c + 1)  # (the field read by a screen reader: no flat list)
            inner = (f'<span class="zs" data-out="{out_label}">{card_html(t, card, move=True, place=place)}</span>'
                     if card is not None else '<span class="zm-hole" aria-hidden="true"></span>')
            if drawn is not None and (r, c) != (1, 1):
                inner += f'<span class="zghost" aria-hidden="true">{card_html(t, drawn)}</span>'
            out.append(f'<div class="{cls}">{inner}</div>')
    for r, animal in new_rows.items():
        text = t("zm.take_animal_short", value=points(t, animal["points"]))
        if ctx.my_turn:
            out.append(
                button(f'<span class="zm-badge">{esc(text)}</span>', "take", f"zm-takerow g-r{r + 2}",
                       aria_label=t("zm.take_animal_label", n=r + 1, value=points(t, animal["points"])),
                       what="animal", row=r))
        else:
            out.append(f'<span class="zm-takerow g-r{r + 2}"><span class="zm-badge">{esc(t("zm.new_animal"))}</span></span>')
    cls = "zm-field" + (" rows-only" if not columns else "") + (" pushing" if drawn is not None else "")
    # (data-whole: a part of it lit in a guided game, the step's text goes beside the field, not over it)
    return f'<div class="{cls}" role="group" data-whole aria-label="{esc(t("zm.field"))}">{"".join(out)}</div>'


def refill_row(ctx: Ctx, r: int, placing: list[str | None] | None, cursor: int | None) -> str:
    """The emptied row ``r``: holes for the others; for the player refilling, a button a cell.

    A cell shows its placed card or "left empty" (a click opens it again), or where the next
    card goes (``cursor``) or could go.
    """
    t, v = ctx.t, ctx.view
    cells: list[str | None] = placing if placing is not None else [OPEN, OPEN, OPEN]
    todo = [c for c in v["refill"]["cards"] if c not in cells]
    cur = cursor if placing is not None and todo else None
    out = []
    for c in range(3):
        cls = f"zm-cell zm-refill c{r}{c} g-r{r + 2} g-c{c + 2}"
        card = cells[c]
        if placing is None:
            out.append(f'<div class="{cls}"><span class="zm-hole" aria-hidden="true"></span></div>')
        elif card:
            out.append(button(card_html(t, card) + '<span class="zm-undo" aria-hidden="true">✕</span>', "zm-cell",
                              cls + " placed", aria_label=t("zm.unplace", value=card_name(t, card)), cell=c))
        elif card == EMPTY:
            out.append(button(f'<span class="zm-hole empty"><span>{esc(t("zm.left_empty"))}</span></span>', "zm-cell",
                              cls + " placed", aria_label=t("zm.unplace_empty", n=c + 1), cell=c))
        elif not todo:  # (each cell's name begins with the word it shows: a voice says what it sees)
            out.append(button(f'<span class="zm-hole empty"><span>{esc(t("zm.left_empty"))}</span></span>', "zm-cell",
                              cls, aria_label=t("zm.cell_label", n=c + 1, value=t("zm.left_empty")), cell=c))
        else:
            here = c == cur
            word = t("zm.next_here") if here else t("zm.put_here")
            out.append(button(f'<span class="zm-hole"><span>{esc(word)}</span></span>', "zm-cell", cls + (" cursor" if here else ""),
                              aria_label=t("zm.cell_label", n=c + 1, value=word), cell=c))
    return "".join(out)


def refill_cards(ctx: Ctx, placing: list[str | None] | None, cursor: int | None = None) -> str:
    """The cards to put into the emptied row: for the player refilling, the unplaced ones are buttons
    (named by the cell they go to, ``cursor``: a voice cannot see the lit one)."""
    t, v = ctx.t, ctx.view
    if placing is None:
        return "".join(card_html(t, c, "sm") for c in v["refill"]["cards"])
    out = []
    for c in v["refill"]["cards"]:
        if c in placing:
            out.append(f'<span class="zm-used">{card_html(t, c, "sm")}</span>')
        else:
            label = (t("zm.place_label", value=card_name(t, c)) if cursor is None
                     else t("zm.place_at", card=card_name(t, c), n=cursor + 1, value=v["refill"]["row"] + 1))
            out.append(button(card_html(t, c, "sm"), "zm-place", "zm-pick", aria_label=label, card=c))
    return "".join(out)


def previews(ctx: Ctx, pushes: dict[Push, Outcome], armed: tuple[int, str, int, str] | None = None) -> str:
    """One hidden note per legal push (``pushes``: :func:`outcomes`), shown by CSS while its arrow
    is hovered or focused, or tapped once (``armed``: that one's note says how to push)."""
    t, v = ctx.t, ctx.view
    if not pushes:
        return ""
    drawn = v["drawn"]
    # A mouse points, a finger taps: each device reads its own words (CSS picks by "hover").
    notes = [f'<p class="pv pv-none"><span class="on-hover">{esc(t("zm.pv.hint"))}</span>'
             f'<span class="on-touch">{esc(t("zm.pv.hint.touch"))}</span></p>']
    for (line, index, side), (fell, news, after) in pushes.items():
        place = where(t, line, index, side)
        text = (f'<strong>{esc(place[:1].upper() + place[1:])}</strong>: '
                + t("zm.pv.in_out", card=chip(t, drawn), cards=chip(t, fell) if fell else "—"))
        for r in news:
            trio = [c for c in after[r] if c is not None]  # a new animal: three cards
            text += " " + t("zm.pv.new_animal", n=r + 1, cards=animal_chips(t, trio),
                            value=esc(points(t, rules.animal_points(trio))))
        if news:
            text += " " + esc(t("zm.pv.choice"))
        if armed == (v["turn"], line, index, side):
            text += f' <strong>{esc(t("zm.pv.again"))}</strong>'
        notes.append(f'<p class="pv pv-{line}-{index}-{side}">{glued(text)}</p>')  # (", falls out" not alone on a line)
    return f'<div class="zm-preview" aria-hidden="true">{"".join(notes)}</div>'

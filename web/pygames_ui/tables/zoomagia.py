"""Зоомагия at the table: the turn's flow round the field, the drawn card beside
the draw pile, every player's two rows, banked animals and penalty pile.

Each decision is asked in place: an arrow pushes (hovering or focusing one shows
where the cards go; the field, its arrows and previews are drawn by
:mod:`.zoomagia_field`), a new animal on the field or the pushed-out card is
clicked to take it, the refill cards are clicked into the emptied row and
confirmed (the cells placed so far are this table's state), an overflowing card is
clicked to put it on the penalty pile, and banking offers every animal with its
points.  No rule logic lives here, and every action sent is one of ``ctx.legal``.
"""

from __future__ import annotations

from typing import Any

from pygames_core.base import Action
from pygames_core.zoomagia import rules

from ..dom import attrs, button, esc, glued
from ..i18n import I18n, num
from .base import Ctx, Table, control, first_player_field, read_int
from .zoomagia_cards import animal_chips, card_html, card_name, chip, dot, points, where
from .zoomagia_field import EMPTY, OPEN, Outcome, Push, field, outcomes, previews, refill_cards
from .zoomagia_log import action_words, describe, since_your_turn
from .zoomagia_seat import best_banks_first, seat_html


class ZoomagiaTable(Table):
    armed: tuple[int, str, int, str] | None = None  # the arrow a finger tapped once (turn, line, index, side)
    tapped_twice = frozenset({"push"})  # (an arrow's first tap shows the push, the second makes it)
    game_name = "zoomagia"
    starts = "dealer"

    # ------------------------------------------------------------- new game
    def default_options(self) -> dict[str, Any]:
        return {"columns": True, "dealer": 0}

    def options_form(self, t: I18n, options: dict[str, Any], names: list[str]) -> str:
        on = bool(options.get("columns", True))
        choices = "".join(
            f'<option value="{value}"{" selected" if (value == "true") == on else ""}>{esc(t(f"zm.opt.columns_{value}"))}</option>'
            for value in ("true", "false")
        )
        return (first_player_field(t, names, options.get("dealer", 0), key="dealer", label="zm.opt.dealer")
                + f'<label class="field">{esc(t("zm.opt.columns"))} '
                f'<select name="opt_columns">{choices}</select></label>')

    def read_options(self, values: dict[str, str], players: int) -> dict[str, Any]:
        opts = self.default_options()
        raw = str(values.get("opt_columns", "true")).strip().lower()
        if raw in ("false", "0", "no", "off"):
            opts["columns"] = False
        opts["dealer"] = read_int(values, "opt_dealer", 0, range(players))
        return opts

    # ----------------------------------------------------------------- play
    def _placement(self, ctx: Ctx) -> list[str | None]:
        """The refill cells chosen so far (``None`` open, ``""`` left empty, else a card)."""
        turn, refill = ctx.view["turn"], ctx.view["refill"]
        sel = self.selected
        if not isinstance(sel, dict) or sel.get("turn") != turn or refill is None or sel.get("of") != refill:
            sel = self.selected = {"turn": turn, "of": refill, "cells": [OPEN, OPEN, OPEN], "cursor": None}
        cells: list[str | None] = sel["cells"]
        return cells

    def _cursor(self, cells: list[str | None]) -> int | None:
        """The open cell the next card goes to: the one the player picked, else the leftmost."""
        sel = self.selected
        cur: int | None = sel.get("cursor") if isinstance(sel, dict) else None
        if cur is not None and cells[cur] is OPEN:
            return cur
        return next((i for i, c in enumerate(cells) if c is OPEN), None)

    @staticmethod
    def _legal(ctx: Ctx, action: Action) -> Action:
        if action not in ctx.legal:
            raise ValueError(f"not a legal action: {action!r}")
        return action

    def click(self, data: dict[str, str], ctx: Ctx) -> Action | None:
        what = data.get("action")
        v = ctx.view
        if what == "push":
            key = (v["turn"], data["line"], int(data["index"]), data["from"])
            if data.get("pointer") == "touch" and self.armed != key:
                # A finger cannot hover: the first tap shows the preview, the second pushes.
                self.armed = key
                return None
            self.armed = None
            return self._legal(ctx, {"type": "push", "line": data["line"], "index": int(data["index"]), "from": data["from"]})
        if what == "take":
            if data.get("what") == "card":
                return self._legal(ctx, {"type": "take", "what": "card"})
            return self._legal(ctx, {"type": "take", "what": "animal", "row": int(data["row"])})
        if what == "discard":
            return self._legal(ctx, {"type": "discard", "card": data["card"]})
        if what == "bank":
            return self._legal(ctx, {"type": "bank", "cards": data["cards"].split(",")})
        if what == "end-turn":
            return self._legal(ctx, {"type": "end_turn"})
        if v["refill"] is None:
            raise ValueError(f"nothing to refill now: {what!r}")
        cells = self._placement(ctx)
        todo = [c for c in v["refill"]["cards"] if c not in cells]
        if what == "zm-place":
            card, cur = data["card"], self._cursor(cells)
            if card not in todo or cur is None:
                raise ValueError(f"cannot place {card!r}")
            cells[cur] = card
            self.selected["cursor"] = None
        elif what == "zm-empty":
            cur = self._cursor(cells)
            if cur is None or len(todo) >= cells.count(OPEN):
                raise ValueError("every open cell needs a card")
            cells[cur] = EMPTY
            self.selected["cursor"] = None
        elif what == "zm-cell":
            i = int(data["cell"])
            if not 0 <= i < 3:
                raise ValueError(f"no cell {i}")
            cells[i] = OPEN
            self.selected["cursor"] = i
        elif what == "zm-reset":
            self.selected = None
        elif what == "refill":
            if todo:
                raise ValueError("place every card first")
            # (the row stays as placed: a move waiting for its second tap shows in place, and
            # "Done" pressed again is that tap; the next refill starts afresh, _placement)
            return self._legal(ctx, {"type": "refill", "cells": [c or None for c in cells]})
        return None

    # --------------------------------------------------------------- hints
    def action_selector(self, action: Action, ctx: Ctx) -> str | None:
        kind = action.get("type")
        if kind == "push":
            return control("push", line=action["line"], index=action["index"], **{"from": action["from"]})
        if kind == "take":
            return control("take", what="card") if action["what"] == "card" else control("take", what="animal", row=action["row"])
        if kind == "discard":
            return control("discard", card=action["card"])
        if kind == "bank":
            return control("bank", cards=",".join(action["cards"]))
        if kind == "end_turn":
            return control("end-turn")
        if kind == "refill":  # the cards go into the cells one by one: light the next step
            cells = self._placement(ctx)
            want = [c or EMPTY for c in action["cells"]]
            if any(c is not OPEN and c != w for c, w in zip(cells, want)):
                return control("zm-reset")
            cur = self._cursor(cells)
            if cur is None:
                return control("refill")
            return control("zm-empty") if want[cur] == EMPTY else control("zm-place", card=want[cur])
        return None

    def action_words(self, action: Action, ctx: Ctx) -> str | None:
        return action_words(action, ctx)

    # --------------------------------------------------------------- render
    def render(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        phase = v["phase"]
        cur = v["current_player"]
        status: list[str] = []
        if v["removed_count"]:
            key = "zm.removed_whole" if v["removed_whole"] else "zm.removed"
            status.append(esc(t.plural(key, v["removed_count"], value=v["removed_count"] // 3)))
        if not v["options"].get("columns", True):
            status.append(esc(t("zm.rows_only")))
        deck = esc(t("zm.deck_n", n=v["deck_size"])) + (" · " if status else "")  # (a phone's: by the pile only)
        if ctx.my_turn:
            prompt = self._prompt(ctx)
        elif cur is not None:
            prompt = ctx.whose_turn(cur)
        else:
            prompt = esc(t("table.game_over"))
        # The refill cells the viewer has placed so far (None unless it is their refill).
        placing = self._placement(ctx) if ctx.my_turn and v["refill"] is not None else None
        cursor = self._cursor(placing) if placing is not None else None
        pushes = outcomes(ctx)  # drawn on the arrows and told in the previews
        return (
            f'<div class="zm-table" data-phase="{esc(phase)}" data-my-turn="{str(ctx.my_turn).lower()}">'
            f'<div class="status-line"><span class="zm-deck-said">{deck}</span>{" · ".join(status)}</div>'
            f'<p class="prompt" id="prompt" tabindex="-1" data-my-turn="{str(ctx.my_turn).lower()}">{prompt}</p>'
            f'<div class="zm-board"{attrs(data_armed=self._armed_push(ctx, pushes))}>{field(ctx, pushes, self.armed, placing, cursor)}<div class="zm-side">{self._side(ctx, placing, pushes, cursor)}{self._decide(ctx)}</div></div>'
            f'<div class="zm-seats">{"".join(seat_html(ctx, s) for s in range(v["player_count"]))}</div>'
            f"</div>"
        )

    def _armed_now(self, ctx: Ctx) -> bool:
        """A finger's first tap showed a push this turn, to the player to move: the second makes it."""
        return self.armed is not None and self.armed[0] == ctx.view["turn"] and ctx.my_turn

    def _armed_push(self, ctx: Ctx, pushes: dict[Push, Outcome]) -> str | None:
        """The push a finger's first tap showed (``row-1-left``), for the touch screen's preview CSS."""
        if self.armed is None or not self._armed_now(ctx) or self.armed[1:] not in pushes:
            return None
        return "-".join(str(x) for x in self.armed[1:])

    def lesson_move(self, action: Action, ctx: Ctx) -> str | None:
        if action.get("type") != "push":
            return None
        if self._armed_now(ctx):
            return esc(ctx.t("zm.prompt.armed"))  # (the note under the field lies under a phone's docked step)
        return f'<span class="on-hover">{esc(ctx.t("tutorial.your_move"))}</span><span class="on-touch">{esc(ctx.t("zm.lesson.push_touch"))}</span>'

    def _prompt(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        phase = v["phase"]
        if ctx.waiting:
            return esc(t("confirm.prompt"))
        if phase == "discard":
            parts = ", ".join(t(f"zm.parts.{p}") for p in v["overflow"])
            return esc(t("zm.prompt.discard", value=parts))
        if phase == "push" and self._armed_now(ctx):
            return esc(t("zm.prompt.armed"))
        if phase == "push" and ctx.my_turn:  # (a finger's words in one line: the hint says how)
            return f'<span class="on-hover">{esc(t("zm.prompt.push"))}</span><span class="on-touch">{esc(t("zm.prompt.push.touch"))}</span>'
        return esc(t(f"zm.prompt.{phase}"))

    # ------------------------------------------------------------ side panel
    def _side(self, ctx: Ctx, placing: list[str | None] | None, pushes: dict[Push, Outcome], cursor: int | None = None) -> str:
        t, v = ctx.t, ctx.view
        phase = v["phase"]
        pile = (f'<div class="zm-deck" title="{esc(t("zm.deck_n", n=v["deck_size"]))}">'
                f'<span class="zm-back{" gone" if not v["deck_size"] else ""}" aria-hidden="true"></span>'
                f'<span class="zm-deck-n">{esc(t("zm.deck_n", n=v["deck_size"]))}</span></div>')
        slot = ""
        if phase == "push" and v["drawn"]:
            # A finger's key to the gold dot, by the drawn card (arrows' names say it to a screen reader).
            key = (f'<span class="zm-dotkey on-touch" aria-hidden="true">{esc(t("zm.dot_key"))}</span>'
                   if ctx.my_turn and any(news for _, news, _ in pushes.values()) else "")
            slot = (f'<div class="zm-slot-box" id="drawn"><span class="zm-cap">{esc(t("zm.drawn"))}</span>'
                    f'{card_html(t, v["drawn"], "drawn", move=True)}{key}</div>')
        elif phase == "take":
            card = card_html(t, v["pushed_out"], move=True)
            if ctx.my_turn:
                card = button(card + f'<span class="zm-badge">{esc(t("zm.take_card_short"))}</span>', "take", "zm-takecard",
                              aria_label=t("zm.take_card_label", value=card_name(t, v["pushed_out"])), what="card")
            slot = f'<div class="zm-slot-box" id="pushed-out"><span class="zm-cap">{esc(t("zm.pushed_out"))}</span>{card}</div>'
        elif phase == "refill":
            slot = (f'<div class="zm-slot-box" id="to-place"><span class="zm-cap">{esc(t("zm.to_place"))}</span>'
                    f'<span class="zm-hand">{refill_cards(ctx, placing, cursor)}</span></div>')
        top = f'<div class="zm-pilebox">{pile}{slot}</div>'
        lp = v["last_push"]
        last = ""
        if lp is not None and not (phase == "push" and ctx.my_turn):
            # (worded as the log words that push: a bot's that stood in for this seat is the bot's)
            pushed = next((e["n"] for e in reversed(ctx.events) if e["e"] == "push" and e.get("p") == lp["p"]), None)
            said = ctx if pushed is None else ctx.for_event(pushed)
            last = (f'<p class="zm-last">{said.say("zm.last_push", by=lp["p"], card=chip(t, lp["card"]), value=esc(where(t, lp["line"], lp["index"], lp["from"])), cards=chip(t, lp["out"]))}</p>')
        elif phase == "push" and ctx.my_turn and not ctx.replay:
            last = since_your_turn(ctx)
        return top + previews(ctx, pushes, self.armed) + last

    # --------------------------------------------------------- the decision
    def _decide(self, ctx: Ctx) -> str:
        if not ctx.my_turn:
            return ""
        t, v = ctx.t, ctx.view
        phase = v["phase"]
        body = ""
        if phase == "push":
            body = f'<p class="zm-help-push">{esc(t("zm.help.push"))}</p>'
        elif phase == "take":
            opts = [button(f'{esc(t("zm.take_card"))} {chip(t, v["pushed_out"])}', "take", "zm-opt", what="card")]
            for a in v["new_animals"]:
                opts.append(button(f'{esc(t("zm.take_animal", n=a["row"] + 1))} {animal_chips(t, a["cards"])}'
                                   f' <strong class="zm-pts">{esc(points(t, a["points"]))}</strong>',
                                   "take", "zm-opt", what="animal", row=a["row"]))
            body = f'<p>{esc(t("zm.help.take"))}</p><div class="zm-opts">{"".join(opts)}</div>'
        elif phase == "refill":
            cells = self._placement(ctx)
            todo = [c for c in v["refill"]["cards"] if c not in cells]
            buttons = ""
            if todo and len(todo) < cells.count(OPEN):
                buttons += button(esc(t("zm.leave_empty")), "zm-empty", "")
            buttons += button(esc(t("zm.reset")), "zm-reset", "", disabled=cells == [OPEN, OPEN, OPEN])
            buttons += button(esc(t("zm.confirm")), "refill", "primary", disabled=bool(todo))
            short = f'<p>{esc(t("zm.help.refill_short"))}</p>' if len(v["refill"]["cards"]) < 3 else ""
            body = (f'<p>{esc(t("zm.help.refill", n=v["refill"]["row"] + 1))}</p>{short}'
                    f'<p class="zm-taken">{t("zm.taken", cards=animal_chips(t, v["refill"]["taken"]))}</p>'
                    f'<div class="row">{buttons}</div>')
        elif phase == "discard":
            over = [a["card"] for a in ctx.legal if a["type"] == "discard"]
            picks = "".join(button(card_html(t, c, "sm"), "discard", "zm-pick zm-bad",
                                   aria_label=t("zm.discard_label", value=card_name(t, c)), card=c) for c in over)
            body = f'<p>{esc(t("zm.help.discard"))}</p><div class="zm-hand">{picks}</div>'
        elif phase == "bank":
            opts = []
            for a in best_banks_first(ctx.legal, v["players"][v["current_player"]]["cards"]):
                if a["type"] == "bank":
                    n = rules.animal_points(a["cards"])
                    opts.append(button(f'{esc(t("zm.bank"))} {animal_chips(t, a["cards"])} <strong class="zm-pts">+{esc(points(t, n))}</strong>',
                                       "bank", "zm-opt", cards=",".join(a["cards"])))
            body = (f'<p>{esc(t("zm.help.bank"))}</p><div class="zm-opts">{"".join(opts)}</div>'
                    f'<div class="row">{button(esc(t("zm.end_turn")), "end-turn", "primary")}</div>')
        return f'<section class="zm-decide" id="decide" aria-label="{esc(t("zm.your_move"))}">{body}</section>'

    # ------------------------------------------------------------------ log
    def describe(self, event: dict[str, Any], ctx: Ctx) -> str | None:
        return glued(describe(event, ctx))

    # ------------------------------------------------------------- the end
    def game_over(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        rows = []
        order = sorted(range(v["player_count"]), key=lambda s: (-v["scores"][s], v["players"][s]["penalty_count"], s))
        for seat in order:
            pl = v["players"][seat]
            animals = "".join(
                f'<span class="zm-animal">{"".join(dot(t, c) for c in trio)}<span class="zm-plus">+{rules.animal_points(trio)}</span></span>'
                for trio in pl["banked"]
            ) or "—"
            penalty = "".join(dot(t, c) for c in pl["penalty"])
            penalty += f'<strong class="zm-minus">−{pl["penalty_count"]}</strong>' if pl["penalty_count"] else "—"
            win = " zm-win" if seat in v["winners"] else ""
            rows.append(
                f'<tr class="{win.strip()}" data-seat="{seat}"><th scope="row"><span class="zm-who">{ctx.name(seat)}</span></th>'
                f'<td><div class="zm-wrap">{animals}</div></td><td class="num">{pl["banked_points"]}</td>'
                f'<td><div class="zm-wrap">{penalty}</div></td>'
                f'<td class="num"><strong>{num(v["scores"][seat])}</strong></td></tr>'
            )
        head = (f'<tr><th><span class="sr">{esc(t("table.col_player"))}</span></th><th>{esc(t("zm.banked"))}</th><th class="num">{esc(t("zm.col_points"))}</th>'
                f'<th>{esc(t("zm.penalty"))}</th>'
                f'<th class="num">{esc(t("zm.col_score"))}</th></tr>')
        note = ""
        best = max(v["scores"]) if v["scores"] else 0
        if sum(1 for s in v["scores"] if s == best) > len(v["winners"]):
            note = f'<p class="zm-note">{esc(t("zm.tiebreak"))}</p>'
        elif len(v["winners"]) > 1:
            note = f'<p class="zm-note">{esc(t("zm.shared"))}</p>'
        cols = "".join(f'<col class="zk-{k}">' for k in ("name", "banked", "pts", "pen", "score"))
        return (f'<table class="summary zm-final"><colgroup>{cols}</colgroup><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>{note}'
                f'<p class="zm-note">{esc(t("zm.final_note"))}</p>')


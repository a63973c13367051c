"""Клац! at the table: piles in front of every player, your hand, legal places lit up."""

from __future__ import annotations

from typing import Any

from pygames_core.actions import find
from pygames_core.base import Action
from pygames_core.klats.rules import COLOUR_OF, MAX_PILES

from ..dom import attrs, button, esc
from ..i18n import I18n, num
from .base import Ctx, Table, control, first_player_field, read_int
from .klats_cards import card_html, shape
from .klats_log import describe, six_piles


class KlatsTable(Table):
    game_name = "klats"
    starts = "first_player"
    _landing: tuple[int, int, int] | None = None  # the pile the newest card went to (see _last_play)
    _proposed: Action | None = None  # the move of the last click, drawn in place while it waits for its second tap
    _ghost: tuple[int, int | None, int] | None = None  # that move's (seat, pile, card) while it waits

    def default_options(self) -> dict[str, Any]:
        return {"target": 150, "first_player": 0}

    def options_form(self, t: I18n, options: dict[str, Any], names: list[str]) -> str:
        return (
            f'<label class="field">{esc(t("klats.target"))} '
            f'<input name="opt_target" type="number" min="1" max="1000" step="1" value="{int(options.get("target", 150))}" data-enter="start"></label>'
            + first_player_field(t, names, options.get("first_player", 0))
        )

    def read_options(self, values: dict[str, str], players: int) -> dict[str, Any]:
        return {
            # (the rules allow up to 10,000; a match to 1,000 is some 2,300 moves at six, which its save,
            # its replay and friends' devices carry with ease: history.MAX_SHOWN_MOVES)
            "target": max(1, min(1000, read_int(values, "opt_target", 150, range(-10**9, 10**9)))),
            "first_player": read_int(values, "opt_first_player", 0, range(players)),
        }

    # ------------------------------------------------------------------ play
    def click(self, data: dict[str, str], ctx: Ctx) -> Action | None:
        what = data.get("action")
        if what == "select":
            card = int(data["card"])
            self.selected = None if self.selected == card else card
            return None
        if what == "play" and self.selected is not None:
            pile = None if data.get("pile") in (None, "null") else int(data["pile"])
            # The card stays chosen until it is played (render lets it go once it left the
            # hand): a move waiting for its second tap is shown in place, card and pile.
            move = find({"type": "play", "card": self.selected, "target": int(data["target"]), "pile": pile}, ctx.legal)
            if move is None:
                raise ValueError("not a place this card may go")  # (said as a move not allowed)
            self._proposed = move
            return move
        return None

    def action_selector(self, action: Action, ctx: Ctx) -> str | None:
        """The card to pick, or once it is picked, the pile (or new pile) to lay it on."""
        if action.get("type") != "play":
            return None
        if self.selected == action["card"]:
            return control("play", target=action["target"], pile=action["pile"])
        return control("select", card=action["card"])

    def action_words(self, action: Action, ctx: Ctx) -> str | None:
        if action.get("type") != "play":
            return None
        key = "assist.klats_new" if action["pile"] is None else "assist.klats_pile"
        target = action["target"]
        if target == ctx.seat:
            key += ".you"
        return ctx.t(key, card=action["card"], n=(action["pile"] or 0) + 1, name=ctx.name(target))

    def render(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        if self.selected is not None and (not ctx.my_turn or self.selected not in v["hand"]):
            self.selected = None
        # A move waiting for its second tap: its card drawn where it goes (the card itself stays in the hand)
        waiting = self._proposed if ctx.waiting and self._proposed and self._proposed["card"] == self.selected else None
        self._ghost = None if waiting is None else (waiting["target"], waiting["pile"], waiting["card"])
        places = {
            (a["target"], a["pile"]) for a in ctx.legal if a["card"] == self.selected
        } if self.selected is not None else set()
        order = [(ctx.anchor + k) % v["players"] for k in range(1, v["players"])] + [ctx.anchor]
        self._landing = self._last_play(ctx)
        seats_html = "".join(self._seat(ctx, s, places) for s in order)
        cur = v["current_player"]
        status = [
            t("klats.round", n=v["round"]),
            t("klats.target_is", n=v["target"]),
            t("table.deck", n=v["deck_size"]),
        ]
        if ctx.my_turn:
            key = "confirm.prompt" if ctx.waiting else "klats.pick_place" if self.selected is not None else "klats.pick_card"
            prompt = esc(t(key))
        elif cur is not None:
            prompt = ctx.whose_turn(cur)
        else:
            prompt = esc(t("table.game_over"))
        return (
            f'<div class="klats-table">'
            f'<div class="status-line">{" · ".join(esc(s) for s in status)}</div>'
            f'<p class="prompt" id="prompt" tabindex="-1" data-my-turn="{str(ctx.my_turn).lower()}">{prompt}</p>'
            f'<div class="seats">{seats_html}</div>'
            f"</div>"
        )

    def drawn_words(self, before: list[Any], hand: list[Any], ctx: Ctx, since: int) -> str | None:
        """"You drew 7, blue.": the card drawn after a move is in no log line (nobody else sees it).
        What the viewer played since (the log, from event ``since``) left ``before``; what is in
        the hand beyond the rest came in (a 7 played and a 7 drawn: the hand looks the same)."""
        events = ctx.frame.events[since:]
        if any(e.get("e") == "round_start" for e in events):  # (a new round's deal: no draw to tell)
            return None
        new = list(hand)
        kept = list(before)
        for e in events:
            if e.get("e") == "play" and e.get("p") == ctx.seat and e.get("card") in kept:
                kept.remove(e["card"])
        for card in kept:
            if card in new:
                new.remove(card)
        if not new:
            return None
        t = ctx.t
        # (each card "7, blue": a list of them is told apart by semicolons)
        cards = "; ".join(t("klats.card_label", value=c, colour=t(f"colour.{COLOUR_OF[c]}")) for c in new)
        return t("klats.you_drew", cards=cards)

    def _seat(self, ctx: Ctx, seat: int, places: set[tuple[int, int | None]]) -> str:
        t, v = ctx.t, ctx.view
        me = seat == ctx.seat
        tableau = v["tableaux"][seat]
        piles = []
        ghost = self._ghost
        for i, pile in enumerate(tableau):
            piles.append(_with_ghost(t, self._pile(ctx, seat, i, pile, (seat, i) in places),
                                     ghost[2] if ghost is not None and ghost[:2] == (seat, i) else None))
        if (seat, None) in places:
            new_pile = button(f'<span class="plus" aria-hidden="true">+</span><span class="sr">{esc(t("klats.new_pile"))}</span>',
                              "play", "pile new-pile legal", target=seat, pile=None,
                              aria_label=ctx.say("klats.new_pile_for", to=seat, name=ctx.seats[seat].name))
            piles.append(_with_ghost(t, new_pile, ghost[2] if ghost is not None and ghost[:2] == (seat, None) else None))
        free = MAX_PILES - len(tableau)
        slots = "".join('<span class="pile slot" aria-hidden="true"></span>' for _ in range(free - ((seat, None) in places)))
        colours = {COLOUR_OF[p[-1]] for p in tableau}
        tops = sum(p[-1] for p in tableau)
        worth = tops if len(colours) == 3 else 0
        dots = "".join(f'<span class="dot c-{c}{" on" if c in colours else ""}" title="{esc(t(f"colour.{c}"))}">{shape(c)}</span>'
                       for c in ("blue", "green", "orange"))
        n_hand = v["hand_sizes"][seat]
        backs = "".join('<span class="back" aria-hidden="true"></span>' for _ in range(n_hand))
        badge = ctx.badge(seat)
        head = (
            f'<header class="seat-head"><span class="seat-name">{ctx.name(seat)}</span>{badge}'
            f'<span class="hand-backs" data-move="kseat-{seat}" title="{esc(t.plural("table.cards_in_hand", n_hand))}">{backs}'
            f'<span class="sr">{esc(t.plural("table.cards_in_hand", n_hand))}</span></span>'
            f'<span class="colours" role="img" aria-label="{esc(t("klats.colours_n", n=len(colours)))}">{dots}</span>'
            f'<span class="worth">{esc(t("klats.worth", n=worth))}</span>'
            f'<span class="total">{esc(t("table.total", n=v["totals"][seat]))}</span></header>'
        )
        hand = ""
        # The replay viewer shows every hand: each from that seat's own view.
        shown = v if me and ctx.show_private else ctx.views[seat] if ctx.views is not None else None
        if shown is not None:
            cards = []
            for i, card in enumerate(shown["hand"]):
                sel = self.selected == card
                move = f"kh-{seat}-{card}-{shown['hand'][:i].count(card)}"
                if ctx.my_turn and me:
                    cards.append(
                        f'<button type="button"{attrs(class_="hand-card" + (" selected" if sel else ""), data_action="select", data_card=card, aria_pressed=str(sel).lower(), data_move=move)}>'
                        f"{card_html(t, card)}</button>"
                    )
                else:
                    cards.append(f'<span{attrs(class_="hand-card", data_move=move)}>{card_html(t, card)}</span>')
            label = t("table.your_hand") if not ctx.replay or ctx.is_you(seat) else t("replay.hand_of", name=ctx.seats[seat].name)
            hand = f'<div class="hand" role="group" aria-label="{esc(label)}">{"".join(cards)}</div>'
        cls = "seat" + (" me" if me else "") + (" current" if v["current_player"] == seat else "")
        foot = " data-foot" if me and not ctx.replay else ""  # (it stays at the screen's foot when the rows overflow: klats.css)
        # The person the table waits for (a friend on another device): his row is brought out from
        # under that foot once (page_table.py), where "waiting for Boris: not connected" is seen.
        waits = v["current_player"] == seat and not me and not ctx.replay and ctx.frame.own_device and ctx.seats[seat].is_person \
            and seat not in ctx.frame.stand_ins
        foot += f' data-waits="{seat}"' if waits else ""
        return (
            f'<section class="{cls}" data-seat="{seat}"{foot} aria-label="{ctx.name(seat)}">{head}'
            f'<div class="tableau">{"".join(piles)}{slots}</div>{hand}</section>'
        )

    def _pile(self, ctx: Ctx, seat: int, index: int, pile: list[int], legal: bool) -> str:
        t = ctx.t
        depth = len(pile)
        under = ", ".join(str(c) for c in reversed(pile[:-1]))
        inner = card_html(t, pile[-1]) + (f'<span class="depth" aria-hidden="true" data-n="{depth}" title="{esc(t("klats.under", cards=under))}"></span>' if depth > 1 else "")
        cls = f"pile depth-{min(depth, 5)}"
        # Named as it reads: the top card ("7, blue": its picture's name) first (WCAG 2.5.3); the
        # count of cards ("×3", which the name says in words) is drawn by CSS, not written.
        top = t("klats.card_label", value=pile[-1], colour=t(f"colour.{COLOUR_OF[pile[-1]]}"))
        # (whose pile it is too: the arrow keys go from row to row, and two players' piles may
        # have the same top and number)
        label = ctx.say("klats.pile_label", to=seat, name=ctx.seats[seat].name, n=index + 1, value=top, depth=depth)
        # A card laid on a pile is a new top: it slides in from the hand (or the hand's backs) it left.
        move = {"data_move": f"kp-{seat}-{index}-{depth}-{pile[-1]}"}
        landing = self._landing
        if landing is not None and landing[:2] == (seat, index):
            p = landing[2]
            move["data_move_from"] = f"kh-{p}-{pile[-1]}-0 kseat-{p}"
            if p != ctx.seat:  # somebody else's move stays lit until the next one
                cls += " last-move"
        if legal:
            return (f'<button type="button"{attrs(class_=cls + " legal", data_action="play", data_target=seat, data_pile=index, aria_label=label, **move)}>'
                    f"{inner}</button>")
        return f'<div{attrs(class_=cls, role="img", aria_label=label, **move)}>{inner}</div>'

    @staticmethod
    def _last_play(ctx: Ctx) -> tuple[int, int, int] | None:
        """Where the newest card of this round lies: (seat, pile index, who played it)."""
        for e in reversed(ctx.view["log"]):
            if e["e"] == "play":
                target = e["target"]
                index = (e["merged"] if e["merged"] is not None else e["pile"] if e["pile"] is not None
                         else len(ctx.view["tableaux"][target]) - 1)
                return target, index, e["p"]
            if e["e"] in ("round_start", "round_end"):
                return None
        return None

    # ------------------------------------------------------------------- log
    def describe(self, event: dict[str, Any], ctx: Ctx) -> str | None:
        return describe(event, ctx)

    # ------------------------------------------------------------ summaries
    def interlude(self, ctx: Ctx) -> str | None:
        results = ctx.view["round_results"]
        seen = ctx.ui.get("klats_seen_rounds", 0)
        if len(results) <= seen or ctx.view["over"]:
            return None
        return self._round_table(ctx, results[-1], title=ctx.t("klats.round_over", n=results[-1]["round"])) + button(
            esc(ctx.t("klats.next_round")), "dismiss", "primary")

    def dismiss_interlude(self, ctx: Ctx) -> dict[str, Any]:
        return {"klats_seen_rounds": len(ctx.view["round_results"])}

    @classmethod
    def check_ui(cls, ui: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
        """``klats_seen_rounds``: how many round summaries were dismissed, a whole number.

        More than the rounds played (a summary dismissed, then the game taken back) is
        cut to the rounds played, so that the summary shows again when the round ends again.
        """
        if "klats_seen_rounds" not in ui:
            return {}
        seen = ui["klats_seen_rounds"]
        if type(seen) is not int or seen < 0:
            raise ValueError("klats_seen_rounds must be a whole number")
        return {"klats_seen_rounds": min(seen, len(view["round_results"]))}

    def _round_table(self, ctx: Ctx, result: dict[str, Any], title: str) -> str:
        t = ctx.t
        rows = []
        for seat, tops in enumerate(result["tops"]):
            colours = {COLOUR_OF[v] for v in tops}
            ok = len(colours) == 3
            rows.append(
                f"<tr><th scope=\"row\"><span class=\"who\">{ctx.name(seat)}</span></th>"
                f'<td class="tops">{"".join(card_html(t, v, "mini") for v in tops) or "—"}</td>'
                f'<td class="{"ok" if ok else "no"}">{esc(t("klats.colours_cell", n=len(colours)))}</td>'
                f'<td class="num">{num(result["scores"][seat])}</td><td class="num">{num(result["totals"][seat])}</td></tr>'
            )
        head = (f'<tr><th><span class="sr">{esc(t("table.col_player"))}</span></th><th>{esc(t("klats.tops"))}</th><th>{esc(t("klats.colours"))}</th>'
                f'<th>{esc(t("klats.round_points"))}</th><th>{esc(t("klats.match_total"))}</th></tr>')
        if result["reason"] == "six":
            why = six_piles(ctx, result, "klats.ended_six")
        else:
            why = esc(t("klats.ended_empty"))
        return (f'<h2>{esc(title)}</h2><p class="why">{why}</p><table class="summary" data-round="{result["round"]}">'
                f'<thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>')

    def game_over(self, ctx: Ctx) -> str:
        v = ctx.view
        last = v["round_results"][-1] if v["round_results"] else None
        table = self._round_table(ctx, last, ctx.t("klats.round_over", n=last["round"])) if last else ""
        rounds = "".join(
            f"<tr><th scope=\"row\">{i + 1}</th>{''.join(f'<td class=num>{s}</td>' for s in r)}</tr>"
            for i, r in enumerate(v["rounds"])
        )
        names = "".join(f'<th class="name">{ctx.name(s)}</th>' for s in range(v["players"]))
        totals = "".join(f"<td class=num><strong>{x}</strong></td>" for x in v["totals"])
        history = (f'<table class="summary rounds"><thead><tr><th>{esc(ctx.t("klats.round_col"))}</th>{names}</tr></thead>'
                   f'<tbody>{rounds}<tr class="totals"><th>{esc(ctx.t("klats.match_total"))}</th>{totals}</tr></tbody></table>')
        return table + self._why_over(ctx) + history

    def _why_over(self, ctx: Ctx) -> str:
        """Why the match ended: who reached the target (an unfinished match: nothing)."""
        v = ctx.view
        reached = [seat for seat, total in enumerate(v["totals"]) if total >= v["target"]]
        if not reached:
            return ""
        t, target = ctx.t, v["target"]
        goal = t.plural("klats.points", target)  # ("цель в 21 очко", "в 25 очков": the number decides the word)
        if len(reached) == 1:
            n = v["totals"][reached[0]]
            why = ctx.say("klats.reached", by=reached[0], n=n, total=t.plural("klats.points", n), target=target, goal=goal)
        else:
            why = t("klats.reached.shared", who=ctx.t.names_and([ctx.name(s) for s in reached]), target=target, goal=goal)
        return f'<p class="why match-why">{why}</p>'


def _with_ghost(t: I18n, pile: str, card: int | None) -> str:
    """A pile, and over it the ``card`` of a move waiting for its second tap (beside the button,
    not in it: a picture, whose words the confirm bar says, is no part of the pile's name)."""
    if card is None:
        return pile
    return f'<span class="pile-at">{pile}<span class="kghost" aria-hidden="true">{card_html(t, card)}</span></span>'

"""Камень, ножницы, бумага и … ЗОМБИ!!! at the table.

Every player's brains with the trophy under each, the cards revealed this round
in the middle (with what became of each), the draw and discard piles, a
"what happened" panel that tells the current and the last rounds in order, and
the pending decision asked in plain words with only the legal answers as
buttons.  Everything shown comes from ``view``; nothing here knows the rules
beyond wording them (the engine applies forced steps itself).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pygames_core.base import Action
from pygames_core.rps_zombie.rules import KINDS, TROPHY_KINDS

from ..dom import esc, glued
from ..i18n import I18n
from .base import Ctx, Table, control, read_int, seat_option
from .rps_zombie_cards import card_html, chip, icon, kind_name
from .rps_zombie_decide import alike_groups, all_out, choice_key, choice_words, decision, question
from .rps_zombie_log import DECISIONS, describe, end_reason, first_told, happened, names, poss
from .rps_zombie_throw import MAX_THROWS, check_throw_ui, throw_for_first, throw_html, throw_winner

#: The new-game form's "who starts" value for a rock-paper-scissors throw (as the printed rules do it).
THROW = "throw"


class RpsZombieTable(Table):
    game_name = "rps_zombie"
    starts = "first_player"

    def __init__(self) -> None:
        super().__init__()
        self._lit: int | None = None  # the seat whose decision is the newest, when not the viewer's
        self._form_throw = False  # the new-game form asks for a throw
        self._throw: tuple[int, list[list[str | None]]] | None = None  # (players, rows) for the next new game

    # ------------------------------------------------------------- new game
    def default_options(self) -> dict[str, Any]:
        return {"brains_in_deck_2p": 3, "first_player": 0}

    def options_form(self, t: I18n, options: dict[str, Any], names: list[str]) -> str:
        first, players = options.get("first_player", 0), len(names)
        choices = f'<option value="{THROW}"{" selected" if self._form_throw else ""}>{esc(t("rz.opt.throw"))}</option>'
        choices += "".join(seat_option(t, i, name, not self._form_throw and i == first) for i, name in enumerate(names))
        out = (f'<label class="field rz-field">{esc(t("setup.first_player"))} '
               f'<select name="opt_first_player">{choices}</select></label>')
        if players == 2:  # the spare brains only differ with two players
            spare = options.get("brains_in_deck_2p", 3)
            opts = "".join(
                f'<option value="{n}"{" selected" if n == spare else ""}>{esc(t(f"rz.opt.brains{n}"))}</option>'
                for n in (3, 2)
            )
            out += (f'<label class="field rz-field">{esc(t("rz.opt.brains"))} '
                    f'<select name="opt_brains_in_deck_2p" aria-describedby="rz-brains-about">{opts}</select></label>'
                    f'<p class="field-about" id="rz-brains-about">{esc(t("rz.opt.brains_about"))}</p>')
        return out

    def read_options(self, values: dict[str, str], players: int) -> dict[str, Any]:
        """The options; "throw" as the first player throws rock-paper-scissors now and keeps the throw to show."""
        self._form_throw = values.get("opt_first_player") == THROW
        if self._form_throw:
            rows = throw_for_first(players, self.rng)
            self._throw = (players, rows[-MAX_THROWS:])
            first = throw_winner(rows)
        else:
            self._throw = None
            first = read_int(values, "opt_first_player", 0, range(players))
        return {"brains_in_deck_2p": read_int(values, "opt_brains_in_deck_2p", 3, (2, 3)), "first_player": first}

    def again_values(self, options: Mapping[str, Any], ui: Mapping[str, Any], players: int) -> dict[str, str]:
        """A game whose first player was thrown for is played again with a new throw."""
        values = super().again_values(options, ui, players)
        if ui.get("rz_throw"):
            values["opt_first_player"] = THROW
        return values

    def start_ui(self, view: dict[str, Any]) -> dict[str, Any]:
        """The throw the form made for this game (``rz_throw``), kept from the game's first save:
        a reload while it is on screen shows the same throw."""
        throw, self._throw = self._throw, None
        if throw is None:
            return {}
        players, rows = throw
        v = view
        if players != v["num_players"] or v["round"] > 0 or throw_winner(rows) != v["first_player"]:
            return {}  # not this game's throw
        return {"rz_throw": rows}

    # ------------------------------------------------------- the first throw
    def interlude(self, ctx: Ctx) -> str | None:
        """The rock-paper-scissors throw that chose the first player, before the game starts."""
        ui, v = ctx.ui, ctx.view
        rows = ui.get("rz_throw")
        if not rows or ui.get("rz_throw_seen") or v["round"] > 0 or v["over"]:
            return None
        return throw_html(ctx, rows)

    def dismiss_interlude(self, ctx: Ctx) -> dict[str, Any]:
        return {"rz_throw_seen": True}

    @classmethod
    def check_ui(cls, ui: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
        """The saved throw for the first player (``rz_throw``, ``rz_throw_seen``): the throw must be one
        that :func:`throw_for_first` could have made for this game's players, won by its first player."""
        return check_throw_ui(ui, view)

    # ----------------------------------------------------------------- play
    def click(self, data: dict[str, str], ctx: Ctx) -> Action | None:
        if data.get("action") != "decide":
            return None
        for action in ctx.legal:
            if choice_key(action) == data.get("choice"):
                return action
        raise ValueError(f"not a legal choice: {data.get('choice')!r}")

    def action_words(self, action: Action, ctx: Ctx) -> str | None:
        return choice_words(ctx, action)

    def action_selector(self, action: Action, ctx: Ctx) -> str | None:
        """The decision button: the one the action's group of alike moves shows (:func:`alike_groups`)."""
        for group in alike_groups(ctx.legal):
            if action in group:
                return control("decide", choice=choice_key(group[0]))
        return None

    def turn_words(self, ctx: Ctx) -> str | None:
        return question(ctx)

    def render(self, ctx: Ctx) -> str:
        v = ctx.view
        self._lit = self._last_decider(ctx)
        return (
            f'<div class="rz-table" data-phase="{esc(v["phase"])}">'
            f"{self._status(ctx)}{decision(ctx)}{self._reveal(ctx)}"
            f'<div class="seats rz-seats">{"".join(self._seat(ctx, s) for s in self._seat_order(ctx))}</div>'
            f"{happened(ctx)}</div>"
        )

    # -------------------------------------------------------------- helpers
    @staticmethod
    def _last_decider(ctx: Ctx) -> int | None:
        """The seat of the newest decision when somebody else made it: his spot and seat stay lit until the next one."""
        for e in reversed(ctx.view["log"]):
            if e["e"] in DECISIONS and not e.get("auto"):
                return e["seat"] if e["seat"] != ctx.seat else None
        return None

    def _seat_order(self, ctx: Ctx) -> list[int]:
        n = ctx.view["num_players"]
        return [(ctx.anchor + k) % n for k in range(n)]

    # --------------------------------------------------------------- status
    def _status(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        parts = []
        if v["round"]:
            parts.append(esc(t("rz.round", n=v["round"])))
            if v["sub_round"]:
                parts.append(esc(t("rz.redraw_n", n=v["sub_round"])))
        parts.append(ctx.say("rz.first_is", by=v["first_player"]))
        return f'<div class="status-line">{" · ".join(parts)}</div>'

    # --------------------------------------------------------------- middle
    def _round_events(self, ctx: Ctx) -> list[dict[str, Any]]:
        """The log since the current (sub-)round's cards were revealed."""
        log = ctx.view["log"]
        for i in range(len(log) - 1, -1, -1):
            if log[i]["e"] == "reveal":
                return log[i + 1:]
        return []

    def _notes(self, ctx: Ctx) -> dict[int, str]:
        """What became of each revealed card of the current (sub-)round."""
        t, v = ctx.t, ctx.view
        revealed, table = v["revealed"], v["table"]
        notes: dict[int, str] = {}
        others = {p: [q for q in v["participants"] if q != p] for p in v["participants"]}
        for p in v["participants"]:
            kind = revealed[p]
            if kind == "zombie":
                notes[p] = t("rz.note.attacks", who=names(ctx, others[p])) if table[p] else esc(t("rz.note.bit"))
            elif table[p]:
                notes[p] = esc(t("rz.note.competes")) if kind in TROPHY_KINDS else ""
            else:
                notes[p] = esc(t("rz.note.discarded"))
        pend = v["pending"]
        if pend is not None and pend["decision"] == "contest":
            outcome = pend["outcome"]
            if outcome["result"] == "win":
                notes[outcome["winner"]] = esc(t("rz.note.would_win"))
            for p in outcome["tied"]:
                notes[p] = esc(t("rz.note.tied"))
        for e in self._round_events(ctx):
            kind = e["e"]
            if kind == "defend" and e["with"] == "revealed":
                notes[e["seat"]] = ctx.say("rz.note.killed", to=e["zombie_of"], whom=poss(ctx, e["zombie_of"]))
            elif kind == "bite" and e["eaten"] == "revealed":
                notes[e["seat"]] = ctx.say("rz.note.eaten", to=e["zombie_of"], whom=poss(ctx, e["zombie_of"]))
            elif kind == "brain_taken":
                notes[e["seat"]] = esc(t("rz.note.taken"))
            elif kind == "trophy_won":
                notes[e["seat"]] = esc(t("rz.note.won"))
            elif kind == "trophy_discarded":
                notes[e["seat"]] = esc(t("rz.note.won_no_room"))
            elif kind in ("block", "dump"):
                for p, c in enumerate(revealed):
                    if c in TROPHY_KINDS and p in notes and notes[p] == esc(t("rz.note.discarded")):
                        notes[p] = esc(t("rz.note.cancelled"))
            elif kind == "no_winner":
                for p, c in enumerate(revealed):
                    if c in TROPHY_KINDS and p in notes and notes[p] == esc(t("rz.note.discarded")):
                        notes[p] = esc(t("rz.note.nobody"))
            elif kind == "out":
                if e["seat"] in notes and revealed[e["seat"]] != "zombie":
                    notes[e["seat"]] = esc(t("rz.note.went_out"))
        return notes

    def _reveal(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        revealed, table = v["revealed"], v["table"]
        parts = set(v["participants"])
        notes = self._notes(ctx)
        pend = v["pending"]
        acting = pend["seat"] if pend else None
        attacker = pend["zombie_of"] if pend and pend["decision"] == "defend" else None
        spots = []
        for p in self._seat_order(ctx):
            kind = revealed[p]
            if p in parts and kind:
                cls = "live" if table[p] else "used"
                card = card_html(t, kind, cls, move=f"rz-rev-{p}")
                note = notes.get(p, "")
            else:
                cls = "empty"
                card = '<span class="rz-card back" aria-hidden="true"></span>'
                if v["players"][p]["out"]:
                    note = esc(t("rz.note.out"))
                elif v["round"] == 0:
                    note = esc(t("rz.note.not_yet"))
                else:  # (a redraw's tie is among others; else no card came, as at the deck's end)
                    note = esc(t("rz.note.sits_out" if v["sub_round"] else "rz.note.no_card"))
            spot_cls = (f"rz-spot {cls}" + (" acting" if p == acting else "") + (" me" if p == ctx.seat else "")
                        + (" last-move" if p == self._lit else "")
                        + (" threat" if attacker == p else ""))
            spots.append(f'<div class="{spot_cls}" data-seat="{p}"><span class="rz-owner">{ctx.name(p)}</span>'
                         f'{card}<span class="rz-cardnote">{note}</span></div>')
        if v["round"] == 0:
            title = esc(t("rz.table_title_none"))
        elif v["sub_round"]:
            title = t("rz.table_title_redraw", n=v["round"], value=v["sub_round"],
                      who=names(ctx, list(v["participants"])))
        else:
            title = esc(t("rz.table_title", n=v["round"]))
        return (f'<section class="rz-reveal" aria-label="{esc(t("rz.table"))}"><h2>{title}</h2>'
                f'<div class="rz-spots">{"".join(spots)}</div>{self._piles(ctx)}</section>')

    def _piles(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        disc = v["discard"]
        counts = "".join(
            f'<span class="rz-count k-{k}" title="{esc(kind_name(t, k))}">{icon(k)}'
            f'<span class="sr">{esc(kind_name(t, k))}: </span>{disc[k]}</span>'
            for k in KINDS
        )
        aside = ""
        if v["set_aside_size"]:
            aside = f'<span class="rz-aside">{esc(t.plural("rz.aside", v["set_aside_size"]))}</span>'
        return (f'<div class="rz-piles"><span class="rz-pile draw"><span class="rz-stack" aria-hidden="true"></span>'
                f'{esc(t.plural("rz.draw_pile", v["deck_size"]))}</span>'
                f'<span class="rz-pile discard">{esc(t.plural("rz.discard_pile", v["discard_size"]))}'
                f'<span class="rz-counts">{counts}</span></span>{aside}</div>')

    # ---------------------------------------------------------------- seats
    def _seat(self, ctx: Ctx, seat: int) -> str:
        t, v = ctx.t, ctx.view
        pl = v["players"][seat]
        brains, trophies = pl["brains"], pl["trophies"]
        badge = ctx.badge(seat)
        first = (f'<span class="badge rz-first">{esc(t("rz.first_badge"))}</span>'
                 if seat == v["first_player"] else "")
        winner = (f'<span class="badge rz-win">{esc(t("rz.res.draw" if all_out(v) else "rz.res.winner"))}</span>'
                  if v["over"] and seat in v["winners"] else "")
        summary = esc(t.plural("rz.brains", brains)) + " · " + esc(t.plural("rz.trophies", len(trophies)))
        slots = []
        for i in range(max(brains, len(trophies))):
            under = (card_html(t, trophies[i], "mini", move=f"rz-tr-{seat}-{trophies[i]}-{trophies[:i].count(trophies[i])}",
                               came_from=f"rz-rev-{seat}") if i < len(trophies)
                     else f'<span class="rz-free">{esc(t("rz.free"))}</span>')
            if i < brains:
                slots.append(f'<div class="rz-slot"><span class="rz-brain" role="img" aria-label="{esc(t("rz.k.brain"))}">'
                             f'{icon("brain")}</span>{under}</div>')
            else:  # one trophy too many while he chooses which to drop
                slots.append(f'<div class="rz-slot extra"><span class="rz-nobrain">{esc(t("rz.no_brain"))}</span>{under}</div>')
        if pl["out"]:
            body = f'<p class="rz-outnote">{esc(t("rz.res.out", n=pl["out_round"]))}</p>'
        else:
            body = f'<div class="rz-brains">{"".join(slots)}</div>'
        cls = ("seat rz-seat" + (" me" if seat == ctx.seat else "") + (" current" if v["current_player"] == seat else "")
               + (" out" if pl["out"] else "") + (" last-move" if seat == self._lit else ""))
        return (f'<section class="{cls}" data-seat="{seat}" aria-label="{ctx.name(seat)}">'
                f'<header class="seat-head"><span class="seat-name">{ctx.name(seat)}</span>{badge}{first}{winner}'
                f'<span class="total">{summary}</span></header>{body}</section>')

    # ------------------------------------------------------------------ log
    def told_at_table(self, ctx: Ctx) -> int | None:
        return first_told(ctx)

    def describe(self, event: dict[str, Any], ctx: Ctx) -> str | None:
        return glued(describe(event, ctx))

    # ------------------------------------------------------------ game over
    def result_key(self, ctx: Ctx) -> str:
        """Everyone left went out in the same round: they share a draw, not a win."""
        return "rz.result.all_out" if all_out(ctx.view) else "table.result"

    def game_over(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        rows = []
        for p in range(v["num_players"]):
            pl = v["players"][p]
            trophies = "".join(chip(t, k) for k in pl["trophies"]) or "—"
            if p in v["winners"] and all_out(v):
                result = f'<td>{esc(t("rz.res.draw_out", n=pl["out_round"]))}</td>'
            elif p in v["winners"]:
                result = f'<td class="ok">{esc(t("rz.res.winner"))}</td>'
            elif pl["out"]:
                result = f'<td class="no">{esc(t("rz.res.out", n=pl["out_round"]))}</td>'
            else:
                result = f'<td>{esc(t("rz.res.in"))}</td>'
            rows.append(f'<tr data-seat="{p}"><th scope="row"><span class="who">{ctx.name(p)}</span></th>'
                        f'<td class="rz-b">{icon("brain") * pl["brains"]}<span class="rz-bn">{pl["brains"]}</span></td>'
                        f'<td class="rz-tr">{trophies}</td>{result}</tr>')
        head = (f'<tr><th>{esc(t("rz.col.player"))}</th><th>{esc(t("rz.col.brains"))}</th>'
                f'<th>{esc(t("rz.col.trophies"))}</th><th>{esc(t("rz.col.result"))}</th></tr>')
        reason = end_reason(ctx, v["end_reason"], v["winners"])
        rounds = esc(t.plural("rz.rounds_played", v["round"]))
        return (f'<p class="rz-reason" id="end-reason">{reason}</p><p class="rz-rounds">{rounds}</p>'
                f'<table class="summary rz-final"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>')


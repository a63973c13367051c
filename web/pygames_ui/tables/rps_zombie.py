"""Камень, ножницы, бумага и … ЗОМБИ!!! at the table.

Every player's brains with the trophy under each, the cards revealed this round
in the middle (with what became of each), the draw and discard piles, a
"what happened" panel that tells the current and the last rounds in order, and
the pending decision asked in plain words with only the legal answers as
buttons.  Everything shown comes from ``view``; nothing here knows the rules
beyond wording them (the engine applies forced steps itself).
"""

from __future__ import annotations

import random
from typing import Any

from pygames_core.base import Action

from ..dom import button, esc
from ..i18n import I18n
from .base import Ctx, Table, read_int

KINDS = ("brain", "rock", "scissors", "paper", "zombie")
TROPHY_KINDS = ("rock", "scissors", "paper")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}
#: Player decisions in the log (the events that are a player's own choice).
DECISIONS = ("choose_trophy", "defend", "drop_trophy", "block", "dump", "pass")
#: How many rounds the "what happened" panel tells at most.
HAPPENED_ROUNDS = 3
#: The new-game form's "who starts" value for a rock-paper-scissors throw (as the printed rules do it).
THROW = "throw"
#: Throws shown at most (ties are thrown again; a longer run is cut to its last throws).
MAX_THROWS = 6

# Small inline pictures (SVG presentation attributes, no style="…": the CSP forbids inline styles).
# Drawn rather than emoji so that they look the same on every system, fonts or not.
_BRAIN_HALF = (
    '<path d="M16 5.5c-1.6-2-5.7-2.2-7.2.6-2.9.2-4.8 3.1-3.8 5.8-2.3 1.3-2.6 4.8-.6 6.6-1.2 2.6.6 5.6 3.5 5.9'
    '.6 2.6 3.8 4 6.2 2.7.6.6 1.2.9 1.9.9z" fill="#f6a9c4" stroke="#a8476f" stroke-width="1.4" stroke-linejoin="round"/>'
    '<path d="M9 10.5c1.8-.2 3.2.9 3.3 2.6M6.8 16.5c1.8-.7 3.8.1 4.6 1.8M10.5 22.5c.1-1.6 1.3-2.6 2.9-2.5M13.5 7.5'
    'c.7 1 .8 2.2.3 3.3" fill="none" stroke="#a8476f" stroke-width="1.2" stroke-linecap="round"/>'
)
ICONS = {
    "brain": _BRAIN_HALF + f'<g transform="matrix(-1 0 0 1 32 0)">{_BRAIN_HALF}</g>',
    "rock": (
        '<path d="M4.5 21.5l2.8-8.6 6.9-5.2 8.3 1.6 5.3 7.1-.9 7.4-8.1 3.4-9.6-1.2z" fill="#a3a8b3" stroke="#3f4550"'
        ' stroke-width="1.5" stroke-linejoin="round"/>'
        '<path d="M11.5 13.5l4.2 3.1 6.2-1.9M15.7 16.6l-1.1 6.3M21.9 14.7l2.4 4.9" fill="none" stroke="#5d636e"'
        ' stroke-width="1.2" stroke-linecap="round"/>'
    ),
    "scissors": (
        '<path d="M12.6 20.6L22.4 3.8M19.4 20.6L9.6 3.8" stroke="#dfe6ee" stroke-width="2.8" stroke-linecap="round"/>'
        '<path d="M12.6 20.6L22.4 3.8M19.4 20.6L9.6 3.8" stroke="#5b6b80" stroke-width=".8" stroke-linecap="round"/>'
        '<circle cx="10.2" cy="24.4" r="4.1" fill="none" stroke="#e0524d" stroke-width="2.6"/>'
        '<circle cx="21.8" cy="24.4" r="4.1" fill="none" stroke="#e0524d" stroke-width="2.6"/>'
        '<circle cx="16" cy="14.7" r="1.4" fill="#334155"/>'
    ),
    "paper": (
        '<path d="M8 3.5h12l6 6v19H8z" fill="#f8fafc" stroke="#64748b" stroke-width="1.5" stroke-linejoin="round"/>'
        '<path d="M20 3.5v6h6" fill="#dbe2ea" stroke="#64748b" stroke-width="1.5" stroke-linejoin="round"/>'
        '<path d="M11 14.5h11M11 18.5h11M11 22.5h8" stroke="#94a3b8" stroke-width="1.4" stroke-linecap="round"/>'
    ),
    "zombie": (
        '<path d="M6.5 14c0-6.2 4.2-10.5 9.5-10.5S25.5 7.8 25.5 14v4.5c0 4.6-3.6 9-9.5 9s-9.5-4.4-9.5-9z"'
        ' fill="#8ccf3f" stroke="#355e0f" stroke-width="1.5"/>'
        '<path d="M9 9.5l3.5 1.5M19 7.5l1 3" stroke="#355e0f" stroke-width="1.2" stroke-linecap="round"/>'
        '<circle cx="11.8" cy="15.2" r="2.7" fill="#1b2e07"/><circle cx="12.4" cy="14.6" r=".8" fill="#e9f5d8"/>'
        '<path d="M18.2 13l4.2 4.2M22.4 13l-4.2 4.2" stroke="#1b2e07" stroke-width="1.9" stroke-linecap="round"/>'
        '<path d="M10.5 22.2h11M13 20.6v3.2M16 20.6v3.2M19 20.6v3.2" stroke="#1b2e07" stroke-width="1.3"'
        ' stroke-linecap="round"/>'
    ),
}


def icon(kind: str, cls: str = "rz-ico") -> str:
    return f'<svg class="{cls}" viewBox="0 0 32 32" aria-hidden="true" focusable="false">{ICONS[kind]}</svg>'


def kind_name(t: I18n, kind: str) -> str:
    return t(f"rz.k.{kind}")


def card_html(t: I18n, kind: str, cls: str = "") -> str:
    """A card as a picture with its name (``cls``: ``mini`` for a trophy under a brain)."""
    name = esc(kind_name(t, kind))
    return (f'<span class="rz-card k-{kind} {cls}" role="img" aria-label="{name}" title="{name}">'
            f'{icon(kind)}<span class="rz-nm" aria-hidden="true">{name}</span></span>')


def chip(t: I18n, kind: str) -> str:
    """A card named inside a sentence: a small picture and the word."""
    return f'<span class="rz-chip k-{kind}">{icon(kind)}{esc(kind_name(t, kind))}</span>'


def choice_key(action: Action) -> str:
    """The ``data-choice`` of a decision button (the zombie of a defence is fixed by the pending threat)."""
    kind = action["type"]
    if kind == "pass":
        return "pass"
    value = action.get("with", action.get("kind"))
    return f"{kind}:{value}"


def throw_for_first(players: int, rng: random.Random) -> list[list[str | None]]:
    """A rock-paper-scissors throw for the first player: one row per throw, per seat its kind (None: already out).

    All alike or all three kinds: throw again.  Otherwise the players with the beating
    kind stay in, until one is left (his seat is the one whose kind is in the last row alone).
    """
    left = list(range(players))
    rows: list[list[str | None]] = []
    while len(left) > 1:
        row: list[str | None] = [None] * players
        for p in left:
            row[p] = rng.choice(TROPHY_KINDS)
        rows.append(row)
        kinds = {row[p] for p in left}
        if len(kinds) == 2:
            a, b = kinds
            best = a if BEATS[a] == b else b
            left = [p for p in left if row[p] == best]
    return rows


def throw_winner(rows: list[list[str | None]]) -> int:
    """The seat that stays in after the last throw."""
    last = rows[-1]
    seats = [p for p, k in enumerate(last) if k]
    kinds = {last[p] for p in seats}
    a, b = kinds
    best = a if BEATS[a] == b else b
    return next(p for p in seats if last[p] == best)


class RpsZombieTable(Table):
    game_name = "rps_zombie"

    def __init__(self) -> None:
        super().__init__()
        self._seen_n: int | None = None  # newest log event already on screen (newer ones are highlighted)
        self._form_throw = False  # the new-game form asks for a throw
        self._throw: tuple[int, list[list[str | None]]] | None = None  # (players, rows) for the next new game

    def reset(self) -> None:
        super().reset()
        self._seen_n = None

    # ------------------------------------------------------------- new game
    def default_options(self) -> dict[str, Any]:
        return {"brains_in_deck_2p": 3, "first_player": 0}

    def options_form(self, t: I18n, options: dict[str, Any], players: int) -> str:
        first = options.get("first_player", 0)
        seats = [(THROW, t("rz.opt.throw"), self._form_throw)] + [
            (str(i), t("setup.seat_n", n=i + 1), not self._form_throw and i == first) for i in range(players)]
        choices = "".join(f'<option value="{v}"{" selected" if on else ""}>{esc(label)}</option>' for v, label, on in seats)
        out = (f'<label class="field rz-field">{esc(t("setup.first_player"))} '
               f'<select name="opt_first_player">{choices}</select></label>')
        if players == 2:  # the spare brains only differ with two players
            spare = options.get("brains_in_deck_2p", 3)
            opts = "".join(
                f'<option value="{n}"{" selected" if n == spare else ""}>{esc(t(f"rz.opt.brains{n}"))}</option>'
                for n in (3, 2)
            )
            out += (f'<label class="field rz-field">{esc(t("rz.opt.brains"))} '
                    f'<select name="opt_brains_in_deck_2p">{opts}</select></label>')
        return out

    def read_options(self, values: dict[str, str], players: int) -> dict[str, Any]:
        """The options; "throw" as the first player throws rock-paper-scissors now and keeps the throw to show."""
        self._form_throw = values.get("opt_first_player") == THROW
        if self._form_throw:
            rows = throw_for_first(players, random.Random())
            self._throw = (players, rows[-MAX_THROWS:])
            first = throw_winner(rows)
        else:
            self._throw = None
            first = read_int(values, "opt_first_player", 0, range(players))
        return {"brains_in_deck_2p": read_int(values, "opt_brains_in_deck_2p", 3, (2, 3)), "first_player": first}

    # ------------------------------------------------------- the first throw
    def interlude(self, ctx: Ctx) -> str | None:
        """The rock-paper-scissors throw that chose the first player, before the game starts."""
        ui, v = ctx.session.ui, ctx.view
        if "rz_throw" not in ui and self._throw is not None:
            players, rows = self._throw
            if players == v["num_players"] and v["round"] == 0 and throw_winner(rows) == v["first_player"]:
                ui["rz_throw"] = rows
            self._throw = None
        rows = ui.get("rz_throw")
        if not rows or ui.get("rz_throw_seen") or v["round"] > 0 or v["over"]:
            return None
        t = ctx.t
        lines = []
        for i, row in enumerate(rows):
            hands = []
            for p, kind in enumerate(row):
                if kind is None:
                    continue
                hands.append(f'<span class="rz-hand"><span class="rz-hand-name">{ctx.name(p)}</span>'
                             f'<span class="rz-hand-cards"><span class="rz-shake">{card_html(t, "rock", "mini")}</span>'
                             f'<span class="rz-shown">{card_html(t, kind, "mini")}</span></span></span>')
            last = i == len(rows) - 1
            kinds = {k for k in row if k}
            if last:
                verdict = t("rz.throw.wins", who=ctx.name(throw_winner(rows)))
            elif len(kinds) != 2:
                verdict = esc(t("rz.throw.tie"))
            else:
                best = next(k for k in kinds if BEATS[k] in kinds)
                verdict = t("rz.throw.stay", who=self.names(ctx, [p for p, k in enumerate(row) if k == best]))
            lines.append(f'<li class="rz-throw-row r{min(i, MAX_THROWS - 1)}"><span class="rz-hands">{"".join(hands)}</span>'
                         f'<span class="rz-verdict">{verdict}</span></li>')
        return (f'<h2>{esc(t("rz.throw.title"))}</h2><p>{esc(t("rz.throw.hint"))}</p>'
                f'<ol class="rz-throw">{"".join(lines)}</ol>'
                f'<p class="rz-throw-result r{min(len(rows), MAX_THROWS) - 1}">'
                f'{t("rz.throw.first", who=ctx.name(v["first_player"]))}</p>'
                + button(esc(t("rz.throw.start")), "dismiss", "primary"))

    def dismiss_interlude(self, ctx: Ctx) -> None:
        ctx.session.ui["rz_throw_seen"] = True

    # ----------------------------------------------------------------- play
    def click(self, data: dict[str, str], ctx: Ctx) -> Action | None:
        if data.get("action") != "decide":
            return None
        for action in ctx.legal:
            if choice_key(action) == data.get("choice"):
                return action
        raise ValueError(f"not a legal choice: {data.get('choice')!r}")

    def render(self, ctx: Ctx) -> str:
        v = ctx.view
        html = (
            f'<div class="rz-table" data-phase="{esc(v["phase"])}">'
            f"{self._status(ctx)}{self._decision(ctx)}{self._reveal(ctx)}"
            f'<div class="seats rz-seats">{"".join(self._seat(ctx, s) for s in self._seat_order(ctx))}</div>'
            f"{self._happened(ctx)}</div>"
        )
        log = v["log"]
        self._seen_n = log[-1]["n"] if log else None
        return html

    # -------------------------------------------------------------- helpers
    def _seat_order(self, ctx: Ctx) -> list[int]:
        n = ctx.view["num_players"]
        return [(ctx.seat + k) % n for k in range(n)]

    def poss(self, ctx: Ctx, seat: int) -> str:
        """``Bot 1's`` (English) / the bare name (Russian) for "whose zombie"."""
        raw = ctx.session.seats[seat].name
        if ctx.session.seats[seat].is_human and raw == ctx.t("setup.default_you"):
            return esc(ctx.t("rz.poss_you"))
        return ctx.t("rz.poss", who=ctx.name(seat))

    def names(self, ctx: Ctx, seats: list[int]) -> str:
        parts = [ctx.name(s) for s in seats]
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + esc(ctx.t("rz.and")) + parts[-1]

    def cards_line(self, ctx: Ctx, cards: list[str | None]) -> str:
        """``Ann ✊ Rock · Bob ✌ Scissors`` for the seats with a card."""
        return " · ".join(f'{ctx.name(p)} {chip(ctx.t, k)}' for p, k in self._ordered(ctx, cards) if k)

    def _ordered(self, ctx: Ctx, per_seat: list[Any]) -> list[tuple[int, Any]]:
        """Per-seat values in turn order from the first player."""
        n = len(per_seat)
        first = ctx.view["first_player"]
        return [((first + k) % n, per_seat[(first + k) % n]) for k in range(n)]

    def outcome_line(self, ctx: Ctx, outcome: dict[str, Any], cards: list[str | None], me: int | None) -> str:
        """What the contest will do if nobody intervenes, in words."""
        t = ctx.t
        result = outcome["result"]
        if result == "win":
            w = outcome["winner"]
            card = chip(t, cards[w])
            line = (t("rz.out.win_you", card=card) if w == me
                    else t("rz.out.win", who=self.poss(ctx, w), card=card))
            if not outcome["room"]:
                line += " " + (t("rz.out.no_room_you") if w == me else t("rz.out.no_room", who=ctx.name(w)))
            return line
        if result == "nobody":
            return esc(t("rz.out.nobody"))
        return t("rz.out.redraw", who=self.names(ctx, outcome["tied"]))

    # --------------------------------------------------------------- status
    def _status(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        parts = []
        if v["round"]:
            parts.append(esc(t("rz.round", n=v["round"])))
            if v["sub_round"]:
                parts.append(esc(t("rz.redraw_n", n=v["sub_round"])))
        parts.append(t("rz.first_is", who=ctx.name(v["first_player"])))
        return f'<div class="status-line">{" · ".join(parts)}</div>'

    # ------------------------------------------------------------- decision
    def _decision(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        pend = v["pending"]
        cur = v["current_player"]
        lines: list[str] = []
        buttons = ""
        if v["over"]:
            prompt = esc(t("rz.game_over"))
        elif ctx.my_turn and pend is not None:
            prompt, lines, choices = self._ask(ctx, pend)
            buttons = f'<div class="rz-choices" role="group" aria-label="{esc(t("rz.choices"))}">{"".join(choices)}</div>'
        else:
            prompt, lines = self._waiting(ctx, pend, cur)
            if v["players"][ctx.seat]["out"] and ctx.session.seats[ctx.seat].is_human:
                lines.append(esc(t("rz.you_out")))
        body = "".join(f'<p class="rz-line">{x}</p>' for x in lines)
        cls = "rz-decision" + (" mine" if ctx.my_turn else "")
        return (f'<section class="{cls}" aria-label="{esc(t("rz.decision"))}">'
                f'<p class="prompt" id="prompt" data-my-turn="{str(ctx.my_turn).lower()}">{prompt}</p>'
                f"{body}{buttons}</section>")

    def _choice(self, action: Action, label: str, note: str = "", cls: str = "") -> str:
        extra = f'<span class="rz-note">{note}</span>' if note else ""
        return button(f'<span class="rz-label">{label}</span>{extra}', "decide", ("rz-choice " + cls).strip(),
                      choice=choice_key(action))

    def _ask(self, ctx: Ctx, pend: dict[str, Any]) -> tuple[str, list[str], list[str]]:
        """The prompt, explanation lines and one button per legal action for the player to decide."""
        t, v = ctx.t, ctx.view
        me = ctx.seat
        decision = pend["decision"]
        lines: list[str] = []
        choices: list[str] = []
        if decision == "choose_trophy":
            prompt = esc(t("rz.ask.choose"))
            lines.append(esc(t("rz.ask.choose_hint")))
            for a in ctx.legal:
                choices.append(self._choice(a, card_html(t, a["kind"]), cls="pick"))
            return prompt, lines, choices
        player = v["players"][me]
        brains, trophies = player["brains"], player["trophies"]
        if decision == "defend":
            z = pend["zombie_of"]
            prompt = t("rz.ask.defend", whom=self.poss(ctx, z))
            if pend["shield"]:
                lines.append(esc(t("rz.ask.bite_shield")))
            elif brains <= 1:
                lines.append(esc(t("rz.ask.bite_out")))
            else:
                line = esc(t.plural("rz.ask.bite_own", brains - 1))
                if len(trophies) > brains - 1:
                    line += " " + esc(t("rz.ask.bite_drop"))
                lines.append(line)
            later = [th["zombie_of"] for th in v["threats"][1:] if th["target"] == me]
            if later:
                lines.append(t("rz.ask.more", whom=self.names(ctx, later)))
            revealed = v["revealed"][me]
            for a in ctx.legal:
                how = a["with"]
                if how == "revealed":
                    choices.append(self._choice(a, t("rz.btn.kill_revealed", card=chip(t, revealed)),
                                                esc(t("rz.note.kill_revealed"))))
                elif how == "none":
                    if pend["shield"]:
                        label, note = t("rz.btn.bite_shield"), t("rz.note.bite_shield")
                    elif brains <= 1:
                        label, note = t("rz.btn.bite"), t("rz.note.bite_out")
                    else:
                        label, note = t("rz.btn.bite"), t("rz.note.bite")
                    choices.append(self._choice(a, esc(label), esc(note), cls="bite"))
                else:
                    choices.append(self._choice(a, t("rz.btn.kill_trophy", card=chip(t, how)),
                                                esc(t("rz.note.kill_trophy"))))
            return prompt, lines, choices
        if decision == "drop_trophy":
            prompt = esc(t.plural("rz.ask.drop", brains))
            lines.append(esc(t("rz.ask.drop_hint")))
            for a in ctx.legal:
                choices.append(self._choice(a, t("rz.btn.drop", card=chip(t, a["kind"]))))
            return prompt, lines, choices
        # contest
        cards, outcome = pend["cards"], pend["outcome"]
        prompt = esc(t("rz.ask.contest"))
        lines.append(t("rz.contest.cards", cards=self.cards_line(ctx, cards)))
        lines.append(self.outcome_line(ctx, outcome, cards, me))
        after = [q for q in pend["may_intervene"] if q != me]
        if after:
            lines.append(t("rz.ask.after", who=self.names(ctx, after)))
        for a in ctx.legal:
            if a["type"] == "block":
                w = outcome["winner"]
                choices.append(self._choice(
                    a, t("rz.btn.block", card=chip(t, a["with"])),
                    t("rz.note.block", card=esc(kind_name(t, a["with"])), cards=esc(kind_name(t, cards[w])),
                      who=ctx.name(w))))
            elif a["type"] == "dump":
                choices.append(self._choice(a, t("rz.btn.dump", card=chip(t, a["kind"])), esc(t("rz.note.dump"))))
            else:
                choices.append(self._choice(a, self._pass_label(ctx, outcome, me), cls="pass"))
        return prompt, lines, choices

    def _pass_label(self, ctx: Ctx, outcome: dict[str, Any], me: int) -> str:
        t = ctx.t
        result = outcome["result"]
        if result == "win":
            w = outcome["winner"]
            if w == me:
                return esc(t("rz.btn.pass_take") if outcome["room"] else t("rz.btn.pass_lost"))
            return t("rz.btn.pass_let", who=ctx.name(w))
        if result == "nobody":
            return esc(t("rz.btn.pass_nobody"))
        return esc(t("rz.btn.pass_redraw"))

    def _waiting(self, ctx: Ctx, pend: dict[str, Any] | None, cur: int | None) -> tuple[str, list[str]]:
        """What somebody else is deciding, in words."""
        t = ctx.t
        if pend is None or cur is None:
            return "", []
        who = ctx.name(cur)
        decision = pend["decision"]
        if decision == "choose_trophy":
            return t("rz.wait.choose", who=who), []
        if decision == "defend":
            return t("rz.wait.defend", who=who, whom=self.poss(ctx, pend["zombie_of"])), []
        if decision == "drop_trophy":
            return t("rz.wait.drop", who=who), []
        cards = pend["cards"]
        me = ctx.seat if ctx.session.seats[ctx.seat].is_human else None
        return t("rz.wait.contest", who=who), [t("rz.contest.cards", cards=self.cards_line(ctx, cards)),
                                                self.outcome_line(ctx, pend["outcome"], cards, me)]

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
                notes[p] = t("rz.note.attacks", who=self.names(ctx, others[p])) if table[p] else esc(t("rz.note.bit"))
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
                notes[e["seat"]] = t("rz.note.killed", whom=self.poss(ctx, e["zombie_of"]))
            elif kind == "bite" and e["eaten"] == "revealed":
                notes[e["seat"]] = t("rz.note.eaten", whom=self.poss(ctx, e["zombie_of"]))
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
                card = card_html(t, kind, cls)
                note = notes.get(p, "")
            else:
                cls = "empty"
                card = '<span class="rz-card back" aria-hidden="true"></span>'
                if v["players"][p]["out"]:
                    note = esc(t("rz.note.out"))
                elif v["round"] == 0:
                    note = esc(t("rz.note.not_yet"))
                else:
                    note = esc(t("rz.note.sits_out"))
            spot_cls = (f"rz-spot {cls}" + (" acting" if p == acting else "") + (" me" if p == ctx.seat else "")
                        + (" threat" if attacker == p else ""))
            spots.append(f'<div class="{spot_cls}" data-seat="{p}"><span class="rz-owner">{ctx.name(p)}</span>'
                         f'{card}<span class="rz-cardnote">{note}</span></div>')
        if v["round"] == 0:
            title = esc(t("rz.table_title_none"))
        elif v["sub_round"]:
            title = t("rz.table_title_redraw", n=v["round"], value=v["sub_round"],
                      who=self.names(ctx, list(v["participants"])))
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

    def _happened(self, ctx: Ctx) -> str:
        """The current round and the ones before it since this player last decided, in order."""
        t, v = ctx.t, ctx.view
        log = v["log"]
        groups: list[tuple[int | None, list[dict[str, Any]]]] = []
        for e in log:
            if e["e"] == "round_start" or not groups:
                groups.append((e.get("round") if e["e"] == "round_start" else None, []))
            groups[-1][1].append(e)
        last_mine = max((e["n"] for e in log if e["e"] in DECISIONS and e.get("seat") == ctx.seat
                         and not e.get("auto")), default=-1)
        keep = 2  # the current round and the one before it …
        for i, (_, events) in enumerate(groups):
            if events[-1]["n"] > last_mine:  # … or every round since my last decision
                keep = max(keep, len(groups) - i)
                break
        shown = groups[-min(keep, HAPPENED_ROUNDS):]
        blocks = []
        for k, (rnd, events) in enumerate(shown):
            items = []
            for e in events:
                line = self.describe(e, ctx)
                if line:
                    fresh = self._seen_n is not None and e["n"] > self._seen_n
                    items.append(f'<li class="rz-ev e-{e["e"]}{" fresh" if fresh else ""}" data-n="{e["n"]}">{line}</li>')
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
                f'<div class="rz-scroll"><div>{"".join(blocks)}</div></div></section>')

    # ---------------------------------------------------------------- seats
    def _seat(self, ctx: Ctx, seat: int) -> str:
        t, v = ctx.t, ctx.view
        pl = v["players"][seat]
        brains, trophies = pl["brains"], pl["trophies"]
        kind = ctx.session.seats[seat].kind
        badge = "" if kind == "human" else f'<span class="badge">{esc(t(f"kind.{kind}"))}</span>'
        first = (f'<span class="badge rz-first">{esc(t("rz.first_badge"))}</span>'
                 if seat == v["first_player"] else "")
        winner = (f'<span class="badge rz-win">{esc(t("rz.res.winner"))}</span>'
                  if v["over"] and seat in v["winners"] else "")
        summary = esc(t.plural("rz.brains", brains)) + " · " + esc(t.plural("rz.trophies", len(trophies)))
        slots = []
        for i in range(max(brains, len(trophies))):
            under = (card_html(t, trophies[i], "mini") if i < len(trophies)
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
               + (" out" if pl["out"] else ""))
        return (f'<section class="{cls}" data-seat="{seat}" aria-label="{ctx.name(seat)}">'
                f'<header class="seat-head"><span class="seat-name">{ctx.name(seat)}</span>{badge}{first}{winner}'
                f'<span class="total">{summary}</span></header>{body}</section>')

    # ------------------------------------------------------------------ log
    def describe(self, event: dict[str, Any], ctx: Ctx) -> str | None:
        t, e = ctx.t, event["e"]
        name = ctx.name
        if e == "setup":
            return t("log.rz.setup", n=event["players"], value=event["brains"][0], who=name(event["first"]))
        if e == "choose_trophy":
            return t("log.rz.choose_trophy", who=name(event["seat"]), card=chip(t, event["kind"]))
        if e == "round_start":
            return t("log.rz.round_start", n=event["round"], value=event["deck_size"])
        if e == "reveal":
            cards = self.cards_line(ctx, event["cards"])
            if event["sub"]:
                return t("log.rz.reveal_redraw", n=event["sub"], cards=cards)
            return t("log.rz.reveal", cards=cards)
        if e == "defend":
            who, whom = name(event["seat"]), self.poss(ctx, event["zombie_of"])
            how = event["with"]
            if how == "revealed":
                card = self._revealed_before(ctx, event["n"], event["seat"])
                if card is None:
                    return t("log.rz.kill_revealed_card", who=who, whom=whom)
                return t("log.rz.kill_revealed", who=who, whom=whom, card=chip(t, card))
            if how == "none":
                return t("log.rz.no_defence" if event["auto"] else "log.rz.let_bite", who=who, whom=whom)
            return t("log.rz.kill_trophy", who=who, whom=whom, card=chip(t, how))
        if e == "bite":
            who, whom = name(event["seat"]), self.poss(ctx, event["zombie_of"])
            if event["eaten"] == "revealed":
                return t("log.rz.bite_shield", who=who, whom=whom)
            return t("log.rz.bite", who=who, whom=whom, n=event["brains"])
        if e == "drop_trophy":
            return t("log.rz.drop", who=name(event["seat"]), card=chip(t, event["kind"]))
        if e == "out":
            line = t("log.rz.out", who=name(event["seat"]))
            if event["trophies"]:
                line += " " + t("log.rz.out_trophies", cards=", ".join(chip(t, k) for k in event["trophies"]))
            return line
        if e == "brain_taken":
            return t("log.rz.brain_taken", who=name(event["seat"]), n=event["brains"])
        if e == "contest":
            line = t("log.rz.contest", cards=self.cards_line(ctx, event["cards"]))
            outcome = {"result": event["result"], "winner": event["winner"], "tied": event["tied"], "room": event["room"]}
            if event["result"] == "win":
                w = event["winner"]
                would = t("log.rz.would_win", who=name(w), card=chip(t, event["cards"][w]))
                if not event["room"]:
                    would += " " + t("rz.out.no_room", who=name(w))
                return line + " " + would
            return line + " " + self.outcome_line(ctx, outcome, event["cards"], None)
        if e == "block":
            return t("log.rz.block", who=name(event["seat"]), whom=name(event["against"]), card=chip(t, event["with"]))
        if e == "dump":
            return t("log.rz.dump", who=name(event["seat"]), card=chip(t, event["kind"]))
        if e == "pass":
            return t("log.rz.pass", who=name(event["seat"]))
        if e == "trophy_won":
            return t("log.rz.trophy_won", who=name(event["seat"]), card=chip(t, event["kind"]))
        if e == "trophy_discarded":
            return t("log.rz.trophy_discarded", who=name(event["seat"]), card=chip(t, event["kind"]))
        if e == "no_winner":
            return esc(t("log.rz.no_winner"))
        if e == "redraw":
            key = "log.rz.redraw" if event["ok"] else "log.rz.redraw_failed"
            return t(key, who=self.names(ctx, event["seats"]))
        if e == "game_end":
            return self._end_reason(ctx, event["reason"], event["winners"])
        return None

    def _revealed_before(self, ctx: Ctx, n: int, seat: int) -> str | None:
        """The card ``seat`` revealed in the (sub-)round of log event ``n``, if the log still holds it."""
        for e in reversed(ctx.view["log"]):
            if e["n"] < n and e["e"] == "reveal":
                return e["cards"][seat]
        return None

    def _end_reason(self, ctx: Ctx, reason: str, winners: list[int]) -> str:
        who = self.names(ctx, winners)
        if reason == "deck":
            return ctx.t("rz.end.deck", who=who)
        if len(winners) == 1:
            return ctx.t("rz.end.survivor", who=who)
        return ctx.t("rz.end.wipeout", who=who)

    # ------------------------------------------------------------ game over
    def game_over(self, ctx: Ctx) -> str:
        t, v = ctx.t, ctx.view
        rows = []
        for p in range(v["num_players"]):
            pl = v["players"][p]
            trophies = "".join(chip(t, k) for k in pl["trophies"]) or "—"
            if p in v["winners"]:
                result = f'<td class="ok">{esc(t("rz.res.winner"))}</td>'
            elif pl["out"]:
                result = f'<td class="no">{esc(t("rz.res.out", n=pl["out_round"]))}</td>'
            else:
                result = f'<td>{esc(t("rz.res.in"))}</td>'
            rows.append(f'<tr data-seat="{p}"><th scope="row">{ctx.name(p)}</th>'
                        f'<td class="rz-b">{icon("brain") * pl["brains"]}<span class="rz-bn">{pl["brains"]}</span></td>'
                        f'<td class="rz-tr">{trophies}</td>{result}</tr>')
        head = (f'<tr><th>{esc(t("rz.col.player"))}</th><th>{esc(t("rz.col.brains"))}</th>'
                f'<th>{esc(t("rz.col.trophies"))}</th><th>{esc(t("rz.col.result"))}</th></tr>')
        reason = self._end_reason(ctx, v["end_reason"], v["winners"])
        rounds = esc(t.plural("rz.rounds_played", v["round"]))
        return (f'<p class="rz-reason" id="end-reason">{reason}</p><p class="rz-rounds">{rounds}</p>'
                f'<table class="summary rz-final"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>')


"""The rock-paper-scissors throw that chooses who starts a game of Камень, ножницы, бумага и … ЗОМБИ!!!.

The printed rules let the players throw for the first seat; the new-game form can do it
for them. The throw is the table's own (the engine is told only who starts): thrown
here, shown as a summary before the first round, and kept in the table's saved state,
checked when a save is read.
"""

from __future__ import annotations

import random
from typing import Any

from pygames_core.rps_zombie.rules import BEATS, TROPHY_KINDS

from ..dom import button, esc
from .base import Ctx
from .rps_zombie_cards import card_html
from .rps_zombie_log import names

#: Throws shown at most (ties are thrown again; a longer run is cut to its last throws).
MAX_THROWS = 6


def beating(kinds: set[str | None]) -> str | None:
    """The kind that stays in after a throw showing ``kinds`` (``None``: a tie, thrown again: all
    alike, or all three kinds)."""
    shown = {kind for kind in kinds if kind is not None}
    if len(shown) != 2:
        return None
    a, b = shown
    return a if BEATS[a] == b else b


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
        best = beating({row[p] for p in left})
        if best is not None:
            left = [p for p in left if row[p] == best]
    return rows


def throw_winner(rows: list[list[str | None]]) -> int:
    """The seat that stays in after the last throw."""
    last = rows[-1]
    best = beating(set(last))
    return next(p for p, kind in enumerate(last) if kind is not None and kind == best)


#: Between two players' hands: a pause for a screen reader, nothing on the screen.
SAID_APART = '<span class="sr">, </span>'


def throw_html(ctx: Ctx, rows: list[list[str | None]]) -> str:
    """The summary of the throw for the first player, row by row, and who starts."""
    t = ctx.t
    lines = []
    for i, row in enumerate(rows):
        hands = []
        for p, kind in enumerate(row):
            if kind is None:
                continue
            # (read as "You: Scissors, Bot 1: Rock. Rock wins…": the fist shaken before is a picture only)
            hands.append(f'<span class="rz-hand"><span class="rz-hand-name">{ctx.name(p)}</span><span class="sr">: </span>'
                         f'<span class="rz-hand-cards"><span class="rz-shake" aria-hidden="true">{card_html(t, "rock", "mini")}</span>'
                         f'<span class="rz-shown">{card_html(t, kind, "mini")}</span></span></span>')
        last = i == len(rows) - 1
        best = beating(set(row))
        if last:
            verdict = ctx.say("rz.throw.wins", by=throw_winner(rows))
        elif best is None:
            verdict = esc(t("rz.throw.tie"))
        else:
            verdict = t("rz.throw.stay", who=names(ctx, [p for p, k in enumerate(row) if k == best]))
        lines.append(f'<li class="rz-throw-row r{min(i, MAX_THROWS - 1)}"><span class="rz-hands">{SAID_APART.join(hands)}</span>'
                     f'<span class="sr">. </span><span class="rz-verdict">{verdict}</span></li>')
    return (f'<h2>{esc(t("rz.throw.title"))}</h2><p>{esc(t("rz.throw.hint"))}</p>'
            f'<ol class="rz-throw">{"".join(lines)}</ol>'
            f'<p class="rz-throw-result r{min(len(rows), MAX_THROWS) - 1}">'
            f'{ctx.say("rz.throw.first", by=ctx.view["first_player"])}</p>'
            + button(esc(t("rz.throw.start")), "dismiss", "primary"))


def check_throw_ui(ui: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The saved throw for the first player (``rz_throw``, ``rz_throw_seen``): the throw must be one
    that :func:`throw_for_first` could have made for this game's players, won by its first player."""
    out: dict[str, Any] = {}
    if "rz_throw_seen" in ui:
        if type(ui["rz_throw_seen"]) is not bool:
            raise ValueError("rz_throw_seen must be true or false")
        out["rz_throw_seen"] = ui["rz_throw_seen"]
    if "rz_throw" not in ui:
        return out
    rows, players = ui["rz_throw"], view["num_players"]
    if (not isinstance(rows, list) or not 1 <= len(rows) <= MAX_THROWS
            or not all(isinstance(r, list) and len(r) == players for r in rows)
            or not all(k is None or k in TROPHY_KINDS for r in rows for k in r)):
        raise ValueError(f"rz_throw must be 1..{MAX_THROWS} rows of {players} throws (rock, scissors, paper or null)")
    # The shown rows may start after some players were already out (a long run is cut), then follow the rules.
    left = [p for p, k in enumerate(rows[0]) if k]
    for i, row in enumerate(rows):
        if [p for p, k in enumerate(row) if k] != left or len(left) < 2:
            raise ValueError(f"rz_throw row {i + 1} is not thrown by the players still in")
        best = beating({row[p] for p in left})
        if best is not None:
            left = [p for p in left if row[p] == best]
        if (len(left) == 1) != (i == len(rows) - 1):
            raise ValueError(f"rz_throw does not end with one winner at row {len(rows)}")
    if left != [view["first_player"]]:
        raise ValueError("rz_throw was won by another player than the one who starts")
    out["rz_throw"] = [list(row) for row in rows]
    return out

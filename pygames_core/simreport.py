"""Summaries of a simulation: wins with 95% Wilson intervals per seat and per bot, scores,
game length and time per decision; as a text table, JSON or CSV."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from .simulate import GameResult, Setup
from .stats import mean, stdev, wilson

CSV_FIELDS = (
    "group", "seat", "bot", "games", "wins", "win_rate", "ci_low", "ci_high",
    "score_mean", "score_sd", "decisions", "ms_per_decision",
)


def _row(group: str, seat: int | None, bot: str, plays: Sequence[tuple[GameResult, int]]) -> dict[str, Any]:
    """One line of the summary: the ``(game, seat)`` plays pooled."""
    wins = sum(r.share(s) for r, s in plays)
    trials = len(plays)
    scores = [float(r.scores[s]) for r, s in plays]
    decisions = sum(r.seat_decisions[s] for r, s in plays)
    seconds = sum(r.seat_seconds[s] for r, s in plays)
    low, high = wilson(wins, trials)
    return {
        "group": group, "seat": seat, "bot": bot, "games": trials,
        "wins": round(wins, 3), "win_rate": round(wins / trials, 4) if trials else 0.0,
        "ci_low": round(low, 4), "ci_high": round(high, 4),
        "score_mean": round(mean(scores), 3), "score_sd": round(stdev(scores), 3),
        "decisions": decisions,
        "ms_per_decision": round(1000.0 * seconds / decisions, 3) if decisions else 0.0,
    }


def summarise(setup: Setup, seed: int, results: Sequence[GameResult], elapsed_s: float) -> dict[str, Any]:
    """The whole summary as a JSON-safe dict (``rows``: one per seat, then one per bot)."""
    def bot_at(r: GameResult, seat: int) -> str:
        return setup.bots[r.seating[seat] if r.seating else seat]

    rows = []
    for s in range(setup.players):
        sat = {bot_at(r, s) for r in results}
        label = "/".join(b for b in dict.fromkeys(setup.bots) if b in sat) if len(sat) > 1 else setup.bots[s]
        rows.append(_row("seat", s, label, [(r, s) for r in results]))
    for bot in dict.fromkeys(setup.bots):
        plays = [(r, s) for r in results for s in range(setup.players) if bot_at(r, s) == bot]
        # A bot that only ever sat in one seat has its row already (the seat's).
        if setup.rotate or len({s for _, s in plays}) > 1:
            rows.append(_row("bot", None, bot, plays))
    lengths = [float(r.decisions) for r in results]
    return {
        "game": setup.game, "players": setup.players, "bots": list(setup.bots),
        "options": dict(setup.options or {}), "bot_options": [dict(o) for o in setup.bot_options],
        "games": len(results), "seed": seed, "checked": setup.check, "rotate": setup.rotate,
        "length": {
            "mean": round(mean(lengths), 2), "sd": round(stdev(lengths), 2),
            "min": int(min(lengths, default=0)), "max": int(max(lengths, default=0)),
        },
        "rows": rows,
        "elapsed_s": round(elapsed_s, 2),
        "results": [r.outcome() for r in results],
    }


def table(summary: dict[str, Any]) -> str:
    """A plain-text table of the summary."""
    head = (f"{summary['game']}, {summary['players']} players, {summary['games']} games, seed {summary['seed']}"
            + (", every decision checked" if summary["checked"] else ""))
    lines = [head, ""]
    cols = f"{'':<8}{'bot':<16}{'games':>7}{'wins':>10}{'win %':>8}  {'95% interval':<15}{'score':>16}{'ms/dec':>10}"
    lines.append(cols)
    lines.append("-" * len(cols))
    for row in summary["rows"]:
        label = f"seat {row['seat']}" if row["group"] == "seat" else "all"
        interval = f"{100 * row['ci_low']:5.1f}–{100 * row['ci_high']:5.1f}%"
        score = f"{row['score_mean']:.2f} ± {row['score_sd']:.2f}"
        lines.append(
            f"{label:<8}{row['bot']:<16}{row['games']:>7}{row['wins']:>10g}{100 * row['win_rate']:>7.1f}%  "
            f"{interval:<15}{score:>16}{row['ms_per_decision']:>10.2f}"
        )
    length = summary["length"]
    lines.append("")
    lines.append(f"game length: {length['mean']:.1f} ± {length['sd']:.1f} decisions "
                 f"(min {length['min']}, max {length['max']}); {summary['elapsed_s']:.1f} s")
    return "\n".join(lines)


def to_json(summary: dict[str, Any]) -> str:
    """The summary as JSON text (per-game outcomes included)."""
    return json.dumps(summary, ensure_ascii=False, indent=1)


def to_csv(summary: dict[str, Any]) -> str:
    """The summary rows as CSV text (one line per seat, then per bot)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in summary["rows"]:
        writer.writerow({k: ("" if row[k] is None else row[k]) for k in CSV_FIELDS})
    return out.getvalue()

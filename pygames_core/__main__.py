"""Command line of the engine: ``python -m pygames_core simulate GAME --players N --bots a,b,... ...``.

Bad arguments print one line (``pygames_core simulate: error: ...``) and exit with
status 2; a failed ``--check`` or an unusable cluster exits with status 1.
Progress goes to stderr (a ``tqdm`` bar when tqdm is installed), the table to stdout.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from . import games
from .census import InvariantError
from .simreport import summarise, table, to_csv, to_json
from .simulate import Setup, bot_choices, parse_bot_options, run, validate

PROG = "pygames_core"


class UsageError(Exception):
    """A bad command line: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="pygames engine tools")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sim = sub.add_parser(
        "simulate", help="play many games between bots and summarise them",
        description="Play many games between bots; print wins (95% Wilson intervals), scores, "
                    "game length and time per decision. Results depend only on --seed.",
    )
    sim.add_argument("game", help=f"one of: {', '.join(games.names())}")
    sim.add_argument("--players", type=int, required=True, metavar="N")
    sim.add_argument("--bots", required=True, metavar="BOT,...",
                     help=f"one per seat, comma separated, or one for every seat; any of: {', '.join(bot_choices())}")
    sim.add_argument("--games", type=int, required=True, metavar="K")
    sim.add_argument("--seed", type=int, required=True, metavar="S")
    sim.add_argument("--options", metavar="JSON", help="game options, e.g. '{\"target\": 100}'")
    sim.add_argument("--bot-options", metavar="JSON",
                     help="'{\"ismcts\": {\"iterations\": 200}}' (by bot) or '[{...}, {...}]' (by seat)")
    out = sim.add_mutually_exclusive_group()
    out.add_argument("--json", type=Path, metavar="FILE", help="also write the summary as JSON")
    out.add_argument("--csv", type=Path, metavar="FILE", help="also write the summary rows as CSV")
    sim.add_argument("--jobs", type=int, default=1, metavar="J", help="processes to play in (default 1)")
    sim.add_argument("--scheduler", metavar="ADDRESS", help="run on a Dask cluster (pip install 'pygames-core[cluster]')")
    sim.add_argument("--rotate", action="store_true",
                     help="move every bot one seat on after each game, so each plays each seat equally often"
                          " (--games a multiple of --players)")
    sim.add_argument("--check", action="store_true",
                     help="after every decision, check that no card was created or lost and the state is valid")
    return parser


def _json_arg(text: str | None, what: str) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"{what} is not valid JSON: {exc}") from None


def _setup(args: argparse.Namespace) -> Setup:
    names = [b.strip() for b in args.bots.split(",")]
    if any(not b for b in names):
        raise UsageError(f"--bots has an empty name: {args.bots!r}")
    if len(names) == 1:
        names *= max(1, args.players)
    options = _json_arg(args.options, "--options")
    if options is not None and not isinstance(options, dict):
        raise UsageError("--options must be a JSON object")
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    if args.rotate and args.games % args.players:
        fits = args.games + args.players - args.games % args.players
        raise UsageError(f"--rotate moves each bot through all {args.players} seats: --games must be a multiple"
                         f" of {args.players} for each to play each seat equally often (say {fits}), got {args.games}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, got {args.jobs}")
    if args.jobs > 1 and args.scheduler:
        raise UsageError("--jobs and --scheduler do not go together (the cluster decides the parallelism)")
    for path in (args.json, args.csv):
        if path is not None and not path.parent.is_dir():
            raise UsageError(f"cannot write {path}: no directory {path.parent}")
    try:
        bot_options = parse_bot_options(_json_arg(args.bot_options, "--bot-options"), names)
        setup = Setup(args.game, args.players, tuple(names), options, bot_options, args.check, args.rotate)
        validate(setup)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return setup


class _Progress:
    """A tqdm bar on stderr when tqdm is installed, else a plain line rewritten in place."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.done, self.stream, self.shown = total, 0, stream, 0.0
        self.bar: Any = None
        try:
            tqdm = importlib.import_module("tqdm").tqdm  # optional: pip install 'pygames-core[cli]'
        except ImportError:
            return
        self.bar = tqdm(total=total, unit="game", file=stream, dynamic_ncols=True)

    def __call__(self) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(1)
        elif self.done == self.total or time.monotonic() - self.shown > 0.5:
            self.shown = time.monotonic()
            self.stream.write(f"\rsimulate: {self.done}/{self.total} games")
            self.stream.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.done:
            self.stream.write("\n")


def simulate(args: argparse.Namespace) -> int:
    setup = _setup(args)
    progress = _Progress(args.games, sys.stderr)
    started = time.perf_counter()
    try:
        if args.scheduler:
            from .cluster import ClusterError, run_on_dask

            try:
                results = run_on_dask(setup, args.games, args.seed, args.scheduler, progress)
            except ClusterError as exc:
                progress.close()
                print(f"{PROG} simulate: {exc}", file=sys.stderr)
                return 1
        else:
            results = run(setup, args.games, args.seed, args.jobs, progress)
    except InvariantError as exc:
        progress.close()
        print(f"{PROG} simulate: check failed: {exc}", file=sys.stderr)
        return 1
    progress.close()
    summary = summarise(setup, args.seed, results, time.perf_counter() - started)
    print(table(summary))
    if args.json is not None:
        args.json.write_text(to_json(summary) + "\n", encoding="utf-8")
    if args.csv is not None:
        args.csv.write_text(to_csv(summary), encoding="utf-8")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = _parser().parse_args(argv)
        if args.command == "simulate":
            return simulate(args)
        raise UsageError(f"unknown command {args.command!r}")  # pragma: no cover - argparse rejects it first
    except UsageError as exc:
        words = sys.argv[1:] if argv is None else list(argv)
        where = f"{PROG} simulate" if "simulate" in words else PROG
        print(f"{where}: error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

"""The opponents offered at the table: Easy, Medium and Hard.

Each level is a bot name plus options (:data:`LEVELS`, :func:`get`,
:func:`make`).  The UI shows ``t(level.label)`` and ``t(level.about)`` (keys in
``web/i18n/{en,ru}/bots.json``).  Saves made before levels existed name their
bots ``"greedy"`` or ``"random"``; :func:`level_for_legacy` maps them.

Hard searches with a time budget at the table (:attr:`Level.options`); its
measured strength is the iteration count that search reaches in the browser
(:func:`fixed_options`), so benchmarks and tests are deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import get as get_bot
from .base import Bot

#: Milliseconds Hard may think for one move at the table (a two-player turn stays under ~1.5 s).
HARD_BUDGET_MS = 1200
#: Milliseconds all the bots between two decisions of a person share, thinking and showing
#: their moves (the page's ``pace`` module): at two players one bot move takes
#: HARD_BUDGET_MS; at six, five bots think 1.6 s together (the page adds ~0.05 s a bot move
#: of its own: drawing, messages to the worker; tools/bench_waits.py measures whole waits).
HARD_ROUND_MS = 1600
#: Bot moves per turn of a seat (Medium-vs-Medium games, forced steps aside): Клац! one card;
#: Зоомагия a push and sometimes a take, a refill or a bank (7 moves in a five-bot round at
#: the median, 11 at the 95th percentile: 1.6 leaves room for the page's own time per move);
#: RPS one answer per round.
BOT_MOVES_PER_TURN: dict[str, float] = {"klats": 1.0, "zoomagia": 1.6, "rps_zombie": 1.0}
#: Hard's iterations per second in Pyodide per game and player count (``"game:players"``):
#: ``node tools/pyodide_bench.mjs`` times Hard's search in CPU seconds on positions spread over
#: Medium-vs-Medium games (2,830 / 1,570 iterations/s at Клац! with 2 / 6 players, RPS 2,850 /
#: 3,450, Зоомагия 2,290 / 2,680 on the 2-core development machine).  On a machine busy with
#: other work the browser reaches fewer in its wall-clock budget.  A player count missing here
#: takes the nearest one listed below it.  Зоомагия's play-outs of 6 moves (HARD_BY_GAME) make
#: an iteration slower: its rates are scaled by the measured slowdown (x0.78 at 2 players, x0.83
#: at 6).  Hard's strength is measured at :func:`hard_iterations`: this rate times its budget.
HARD_RATE: dict[str, float] = {
    "klats:2": 2750.0, "klats:6": 1500.0,
    "rps_zombie:2": 2833.0, "rps_zombie:3": 3417.0,
    "zoomagia:2": 1750.0, "zoomagia:6": 2208.0,
}
#: Hard's iterations for a game missing from HARD_RATE.
HARD_ITERATIONS_DEFAULT = 1000
#: Even on a slow device Hard searches at least this much (a turn may then take longer).
HARD_MIN_ITERATIONS = 200
#: Hard leans on Medium's judgement: its favourite move gets a stronger root prior and is
#: played unless the search finds another move better by 1.5 standard errors.  A search of
#: a thousand noisy iterations otherwise trades Medium's sound choices for noise (Hard lost
#: to Medium at RPS and at six players without it).
HARD_GUIDANCE: dict[str, Any] = {"prior_weight": 1.0, "greedy_margin": 1.5}
#: Hard's options that differ by game.  Зоомагия: what a push is worth shows only once the
#: next players have pushed, so the random play-out after the tree runs 6 moves, not 2.
#: Against five Medium seats Hard then won 25.3 % of 180 games (19.5-32.1 %, 95 %) at 2,650
#: iterations a move, with 2 moves 18.2 % of 185 (13.3-24.4 %) (tools/bench_bots.py's games,
#: deals 0-29 / 0-30).  At the table's pace (HARD_ROUND_MS shared by five bots) Hard searches
#: 442 iterations there and won 16.9 % of 180 games (12.1-23.0 %): no better than Medium at six
#: players of Зоомагия (at 631 iterations: 21.1 %, 15.8-27.6 %).  Клац! at six players keeps its
#: edge at 480 iterations (31.2 % of 120, 23.6-40.0 %), Зоомагия at two at 1,750 (85 % of 20).
#: With so few iterations Hard kept Medium's push unless its search was 1.5 standard errors
#: surer: it hardly ever overruled it.  Trusting the search sooner (greedy_margin 0.75) gives
#: Hard at six players 28.0 % of the same 180 games (21.9-34.9 %, clear of 1/6) at 442
#: iterations; at two players 68.3 % of 60 (deals 0-29, 1,750 iterations), clear of 1/2 (on
#: deals 10-29: 68.8 % of 40, and 72.5 % with the margin of 1.5: no difference to tell).
HARD_BY_GAME: dict[str, dict[str, Any]] = {"zoomagia": {"playout_moves": 6, "greedy_margin": 0.75}}


@dataclass(frozen=True)
class Level:
    """One step of the ladder: ``key`` names it; ``bot`` and ``options`` make its bot."""

    key: str
    bot: str
    options: dict[str, Any] = field(default_factory=dict)
    by_game: dict[str, dict[str, Any]] = field(default_factory=dict)

    def options_in(self, game: str | None) -> dict[str, Any]:
        """The bot's options in ``game`` (``None``: any game): ``options`` with ``by_game[game]`` over them."""
        return {**self.options, **self.by_game.get(game, {})} if game else dict(self.options)

    @property
    def searches(self) -> bool:
        """True for a level that searches (seconds of thinking, in a worker), not a greedy bot
        that answers in milliseconds: the one place that decides how a level is played."""
        return self.bot == "ismcts"

    @property
    def label(self) -> str:
        """i18n key of the level's name."""
        return f"level.{self.key}"

    @property
    def about(self) -> str:
        """i18n key of the one-line description shown on the form."""
        return f"level.{self.key}.about"


LEVELS: tuple[Level, ...] = (
    Level("easy", "greedy", {"randomness": 0.5}),
    Level("medium", "greedy"),
    Level("hard", "ismcts", {"budget_ms": HARD_BUDGET_MS, "min_iterations": HARD_MIN_ITERATIONS, **HARD_GUIDANCE},
          HARD_BY_GAME),
)
_BY_KEY = {level.key: level for level in LEVELS}
#: Seat kinds of saves made before levels existed.
LEGACY_KINDS = {"random": "easy", "greedy": "medium"}


def keys() -> list[str]:
    """The level keys, easiest first."""
    return [level.key for level in LEVELS]


def get(key: str) -> Level:
    """The level called ``key``; an unknown key raises ``KeyError`` naming the known ones."""
    try:
        return _BY_KEY[key]
    except (KeyError, TypeError):
        raise KeyError(f"unknown level {key!r}; known levels: {', '.join(keys())}") from None


def level_for_legacy(kind: str) -> Level:
    """The level of a seat kind from an older save: ``"random"`` -> Easy, ``"greedy"`` -> Medium.

    A level key is returned as that level, so callers may map every bot seat through this.
    """
    if kind in _BY_KEY:
        return _BY_KEY[kind]
    try:
        return _BY_KEY[LEGACY_KINDS[kind]]
    except (KeyError, TypeError):
        known = ", ".join([*keys(), *LEGACY_KINDS])
        raise KeyError(f"unknown bot seat kind {kind!r}; known kinds: {known}") from None


def hard_budget_ms(game: str, players: int = 2) -> float:
    """Hard's thinking time per move at a table of ``players`` with one person and bots in
    every other seat: the round's budget over the bot moves of a round (HARD_ROUND_MS,
    BOT_MOVES_PER_TURN), at most HARD_BUDGET_MS."""
    moves = max(1, players - 1) * BOT_MOVES_PER_TURN.get(game, 1.0)
    return min(float(HARD_BUDGET_MS), HARD_ROUND_MS / moves)


def hard_iterations(game: str, players: int = 2) -> int:
    """The iterations Hard reaches in the browser in ``game`` at ``players``: its Pyodide rate
    (HARD_RATE) times its budget per move there (:func:`hard_budget_ms`)."""
    listed = sorted(int(key.partition(":")[2]) for key in HARD_RATE if key.partition(":")[0] == game)
    if not listed:
        return HARD_ITERATIONS_DEFAULT
    below = [n for n in listed if n <= players]
    rate = HARD_RATE[f"{game}:{below[-1] if below else listed[0]}"]
    return max(HARD_MIN_ITERATIONS, round(rate * hard_budget_ms(game, players) / 1000.0))


def fixed_options(level: Level, game: str, players: int = 2, iterations: int | None = None) -> dict[str, Any]:
    """The level's options in ``game`` with a time budget replaced by a fixed number of iterations:
    ``iterations``, else what the browser reaches in the budget at ``players``."""
    options = level.options_in(game)
    if "budget_ms" not in options:
        return options
    rest = {k: v for k, v in options.items() if k not in ("budget_ms", "min_iterations")}
    rest["iterations"] = hard_iterations(game, players) if iterations is None else iterations
    return rest


def make(key: str, seed: int | None = None, game: str | None = None, players: int = 2) -> Bot:
    """A bot playing at level ``key``; with ``game`` a search runs a fixed amount (deterministic):
    what the browser reaches in ``game`` at ``players``."""
    level = get(key)
    options = level.options_in(None) if game is None else fixed_options(level, game, players)
    return get_bot(level.bot, seed=seed, **options)

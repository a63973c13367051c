"""Information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 4(2), 2012: one tree over the acting seat's information set.  Every
iteration

1. re-deals what the seat cannot see (``game.determinize(view, rng)``), so the
   search never reads the true deck order or another seat's hand;
2. walks down the tree along moves legal in that deal, choosing by UCB1 with
   *availability* counts (a move's exploration term counts only the iterations
   in which it was legal); at the root, the greedy heuristic's ranking of the
   moves orders their first visits and adds a bias that fades with visits;
3. adds one new node, plays a few random moves (``playout_moves``) and scores
   the position with the game's heuristic ``evaluate(view) -> [p_seat, ...]``
   (``bots/heuristics/<game>.py``; an ended game scores 1 per win, shared wins split);
4. credits every node on the path from the point of view of the seat that
   made the move leading into it (so it works for any number of players).

The move played is the root's most visited child; with ``greedy_margin`` > 0 the
greedy heuristic's favourite is kept unless that child's mean reward beats the
favourite's by ``greedy_margin`` standard errors (search overrules the heuristic
only where it is confident; ``prior_weight`` sets how strongly the heuristic's
ranking steers the first visits).

Search amount: ``iterations`` alone runs exactly that many (deterministic given
``seed``); ``budget_ms`` searches for that long, but at least ``min_iterations``
and, if ``iterations`` is also given, at most ``iterations``.  With one legal
move :meth:`choose` answers at once.

For hints, :meth:`IsmctsBot.analyse` returns an :class:`Analysis`: the chosen
action, its estimated chance of winning for the acting seat (the mean reward of
the root child, 0..1), the iterations run, the search time and per-move
statistics.  After every search ``bot.last_analysis`` holds the same object
(``bot.last_estimate`` its chance of winning).

A page that must stay responsive runs the same search in slices::

    search = bot.start(game, state)
    while not search.step(30.0):   # ~30 ms of search; True once done
        await asyncio.sleep(0)     # the caller yields between slices
    analysis = search.result()
"""

from __future__ import annotations

import importlib
import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from ..base import Action, Game, State
from .base import Bot
from .greedy import heuristic_for
from .heuristics import shares

Evaluator = Callable[[dict[str, Any]], list[float]]

#: Iterations when neither ``iterations`` nor ``budget_ms`` is given.
DEFAULT_ITERATIONS = 1000
#: Floor of a time-budgeted search.
DEFAULT_MIN_ITERATIONS = 20
#: UCB1 exploration constant for rewards in 0..1 at two players (a little below
#: sqrt(2): the heuristic leaves are far less noisy than random playouts to the end);
#: it is scaled by 2/players, as a seat's reward averages 1/players.
DEFAULT_EXPLORATION = 0.7
#: Weight of the greedy heuristic's opinion of a root move, fading as 1/(visits+1)
#: (progressive bias, Chaslot et al. 2008): it spends few iterations on moves that
#: look bad when a table has dozens of moves.
DEFAULT_PRIOR_WEIGHT = 0.5
#: The greedy heuristic's favourite root move is played unless the most visited move's
#: mean reward beats it by more than this many standard errors (see :meth:`Search.result`).
DEFAULT_GREEDY_MARGIN = 0.0


def evaluator_for(game_name: str) -> Evaluator | None:
    """The ``evaluate(view)`` function of ``heuristics/<game>.py``, if the game has one."""
    try:
        module = importlib.import_module(f"{__package__}.heuristics.{game_name}")
    except ModuleNotFoundError:
        return None
    return getattr(module, "evaluate", None)


def action_key(action: Action) -> Hashable:
    """A hashable key of a (flat) action dict: scalars and lists of scalars."""
    key = tuple(sorted(action.items()))
    try:
        hash(key)
    except TypeError:  # a list value (cards of a refill or a bank)
        return tuple((k, tuple(v) if type(v) is list else v) for k, v in key)
    return key


class _Node:
    __slots__ = ("action", "seat", "parent", "children", "visits", "avail", "reward", "reward_sq", "bias")

    def __init__(self, action: Action | None, seat: int, parent: _Node | None) -> None:
        self.action = action
        self.seat = seat  # the seat that made ``action`` (its rewards are credited to this node)
        self.parent = parent
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.reward_sq = 0.0  # sum of squared rewards: the spread of a root move's estimate
        self.bias = 0.0  # progressive bias (root moves only): weight x the greedy heuristic's rank


@dataclass(frozen=True)
class MoveStats:
    """Search statistics of one root move."""

    action: Action
    visits: int
    win_prob: float


@dataclass(frozen=True)
class Analysis:
    """The result of one search (see the module docstring)."""

    action: Action
    win_prob: float
    iterations: int
    elapsed_ms: float
    moves: list[MoveStats] = field(default_factory=list)


class IsmctsBot(Bot):
    """Single-observer ISMCTS with heuristic-scored short playouts."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float | None = None,
        iterations: int | None = None,
        min_iterations: int | None = None,
        playout_moves: int = 2,
        exploration: float = DEFAULT_EXPLORATION,
        prior_weight: float = DEFAULT_PRIOR_WEIGHT,
        greedy_margin: float = DEFAULT_GREEDY_MARGIN,
    ) -> None:
        super().__init__(seed)
        for label, value in (("iterations", iterations), ("min_iterations", min_iterations)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise ValueError(f"{label} must be a positive int, got {value!r}")
        if budget_ms is not None and (isinstance(budget_ms, bool) or not isinstance(budget_ms, (int, float))
                                      or not budget_ms > 0):
            raise ValueError(f"budget_ms must be a positive number, got {budget_ms!r}")
        if isinstance(playout_moves, bool) or not isinstance(playout_moves, int) or playout_moves < 0:
            raise ValueError(f"playout_moves must be an int >= 0, got {playout_moves!r}")
        for label, number in (("exploration", exploration), ("prior_weight", prior_weight),
                              ("greedy_margin", greedy_margin)):
            if isinstance(number, bool) or not isinstance(number, (int, float)) or number < 0:
                raise ValueError(f"{label} must be a number >= 0, got {number!r}")
        if budget_ms is None:
            if min_iterations is not None:
                raise ValueError("min_iterations needs budget_ms (without a budget the search runs `iterations`)")
            self.floor = self.cap = DEFAULT_ITERATIONS if iterations is None else iterations
        else:
            self.floor = DEFAULT_MIN_ITERATIONS if min_iterations is None else min_iterations
            self.cap = iterations if iterations is not None else 10**9
            if self.floor > self.cap:
                raise ValueError(f"min_iterations {self.floor} exceeds iterations {self.cap}")
        self.budget_s = None if budget_ms is None else budget_ms / 1000.0
        self.playout_moves = playout_moves
        self.exploration = float(exploration)
        self.prior_weight = float(prior_weight)
        self.greedy_margin = float(greedy_margin)
        self.last_analysis: Analysis | None = None

    @property
    def last_estimate(self) -> float | None:
        """The chosen move's estimated chance of winning in the latest search."""
        return None if self.last_analysis is None else self.last_analysis.win_prob

    # ---------------------------------------------------------------- public
    def analyse(self, game: Game, state: State) -> Analysis:
        """Search from ``state.current_player``'s view (always, even with one legal move)."""
        search = self.start(game, state)
        search.step()
        return search.result()

    def start(self, game: Game, state: State) -> Search:
        """A search from ``state.current_player``'s view, to run in slices with :meth:`Search.step`."""
        seat = state.current_player
        if seat is None:
            raise ValueError("the game is over: there is nothing to analyse")
        return Search(self, game, game.view(state, seat), game.legal_actions(state))

    def _choose(self, game: Game, view: dict[str, Any], legal: list[Action]) -> Action:
        search = Search(self, game, view, legal)
        search.step()
        return search.result().action

    # ---------------------------------------------------------------- search
    def _iterate(
        self, game: Game, state: State, root: _Node, me: int, players: int, evaluate: Evaluator | None,
        prior: dict[Hashable, float],
    ) -> None:
        rng = self.rng
        node = root
        # A seat's reward averages 1/players: exploration scales with it.
        c = self.exploration * 2.0 / players
        # Selection and expansion.
        while not game.is_over(state):
            legal = game.legal_actions(state)
            children = node.children
            untried: list[tuple[Hashable, Action]] = []
            available: list[_Node] = []
            for a in legal:
                k = action_key(a)
                child = children.get(k)
                if child is None:
                    untried.append((k, a))
                else:
                    available.append(child)
            seat = state.current_player
            if untried:
                if node is root and prior:
                    k, a = max(untried, key=lambda u: prior[u[0]])  # the root: best-looking first
                else:
                    k, a = untried[rng.below(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(a, seat, node)  # type: ignore[arg-type]
                if node is root and prior:
                    child.bias = prior[k]
                children[k] = child
                node = child
                state = game.apply_unchecked(state, a)
                break
            best = available[0]
            best_value = -1.0
            for child in available:
                child.avail += 1
                value = (child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                         + child.bias / (child.visits + 1))
                if value > best_value:
                    best, best_value = child, value
            node = best
            state = game.apply_unchecked(state, best.action)  # type: ignore[arg-type]
        # A short random playout, then the heuristic.
        for _ in range(self.playout_moves):
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            state = game.apply_unchecked(state, legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
        rewards = _rewards(game, state, me, players, evaluate)
        # Backpropagation.
        while node is not root:
            node.visits += 1
            r = rewards[node.seat]
            node.reward += r
            node.reward_sq += r * r
            node = node.parent  # type: ignore[assignment]
        root.visits += 1

class Search:
    """One search in progress (see :meth:`IsmctsBot.start`).

    ``step(slice_ms)`` runs iterations for about ``slice_ms`` milliseconds (all that
    remain without it) and returns whether the search is done: the ``iterations`` cap
    is reached, or the floor is reached and ``budget_ms`` of search time is used (the
    slices' own time: a caller's pauses between slices do not count).  ``result()``
    gives the :class:`Analysis` (also stored as ``bot.last_analysis``); run to the end
    with the same seed and iterations it equals :meth:`IsmctsBot.analyse`'s.
    """

    def __init__(self, bot: IsmctsBot, game: Game, view: dict[str, Any], legal: list[Action]) -> None:
        self.bot = bot
        self.game = game
        self.legal = legal
        self.me: int = view["me"]
        self.players = len(view["scores"])
        self.evaluate = evaluator_for(game.name)
        # The log is write-only for the rules: a determinization without it is cheaper
        # to make, to copy at every step and to view at the leaves.
        self.bare = dict(view, log=[])
        self.root = _Node(None, -1, None)
        self.prior = _prior(game, view, legal, bot.prior_weight * 2.0 / self.players)
        self.iterations = 0
        self.spent_s = 0.0

    @property
    def done(self) -> bool:
        """Whether the search has run as much as its bot's options ask."""
        return self._done(0.0)

    def _done(self, running_s: float) -> bool:
        bot = self.bot
        if self.iterations >= bot.cap:
            return True
        return (bot.budget_s is not None and self.iterations >= bot.floor
                and self.spent_s + running_s >= bot.budget_s)

    def step(self, slice_ms: float | None = None) -> bool:
        """Search for up to ``slice_ms`` milliseconds (``None``: to the end); ``True`` once done."""
        bot, game, root, bare, rng = self.bot, self.game, self.root, self.bare, self.bot.rng
        timed = slice_ms is not None or bot.budget_s is not None
        started = time.perf_counter()
        slice_end = None if slice_ms is None else started + slice_ms / 1000.0
        now = started
        while not self._done(now - started):
            bot._iterate(game, game.determinize(bare, rng), root, self.me, self.players, self.evaluate, self.prior)
            self.iterations += 1
            if timed:
                now = time.perf_counter()
                if slice_end is not None and now >= slice_end:
                    break
        self.spent_s += time.perf_counter() - started
        return self.done

    def _clearly_better(self, a: Action, b: Action) -> bool:
        """Whether root move ``a``'s mean reward beats ``b``'s by ``greedy_margin`` standard errors."""
        na, nb = self.root.children.get(action_key(a)), self.root.children.get(action_key(b))
        if na is None or not na.visits:
            return False
        if nb is None or not nb.visits:
            return True
        gap = na.reward / na.visits - nb.reward / nb.visits
        return gap > self.bot.greedy_margin * math.sqrt(_spread(na) + _spread(nb))

    def result(self) -> Analysis:
        """The chosen move and its statistics so far (see the module docstring)."""
        moves = []
        for a in self.legal:
            child = self.root.children.get(action_key(a))
            visits = 0 if child is None else child.visits
            prob = 0.0 if child is None or not visits else child.reward / visits
            moves.append(MoveStats(a, visits, prob))
        # Most visited; among equals the better mean, then the first legal (stable).
        best = max(range(len(moves)), key=lambda i: (moves[i].visits, moves[i].win_prob, -i))
        # The search overrules the greedy favourite only when its estimate is clearly better.
        if self.prior and self.bot.greedy_margin > 0:
            favourite = max(range(len(moves)), key=lambda i: (self.prior[action_key(moves[i].action)], -i))
            if favourite != best and not self._clearly_better(moves[best].action, moves[favourite].action):
                best = favourite
        analysis = Analysis(moves[best].action, moves[best].win_prob, self.iterations,
                            self.spent_s * 1000.0, moves)
        self.bot.last_analysis = analysis
        return analysis


def _spread(node: _Node) -> float:
    """The squared standard error of a node's mean reward."""
    n = node.visits
    if n < 2:
        return 1.0
    mean = node.reward / n
    return max(0.0, node.reward_sq / n - mean * mean) / (n - 1)


def _prior(game: Game, view: dict[str, Any], legal: list[Action], weight: float) -> dict[Hashable, float]:
    """Progressive bias of the root moves: ``weight`` x the greedy heuristic's rank (best 1, worst 0)."""
    score = heuristic_for(game.name)
    if score is None or weight <= 0 or len(legal) < 2:
        return {}
    ranked = sorted(range(len(legal)), key=lambda i: score(view, legal[i]))
    return {action_key(legal[i]): weight * rank / (len(legal) - 1) for rank, i in enumerate(ranked)}


def _rewards(game: Game, state: State, me: int, n: int, evaluate: Evaluator | None) -> list[float]:
    """Per-seat reward in 0..1: the result of an ended game, else the heuristic's estimate."""
    if game.is_over(state):
        return shares(game.winners(state), n)
    if evaluate is None:
        return [1.0 / n] * n
    return evaluate(game.view(state, me))

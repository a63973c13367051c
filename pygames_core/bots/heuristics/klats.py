"""Клац! heuristic for the greedy bot: ``score(view, action) -> float``.

The action is tried on a copy of the public tableaux (``rules.place``).  Every
outcome is measured in one unit, "my match total minus the best opponent's",
so that ending a round (exact scores) and going on (estimated scores) compare:

* the round ends (a sixth pile): the real round scores are added to the totals;
  if that ends the match, a win / shared win / loss outweighs everything else;
* the round goes on: each seat's round score is estimated from its tops – full
  value with all three colours, a discounted value while a colour is missing
  (less for opponents, whose hands we cannot see, and for each missing colour);
* a tableau left with five piles lets the next player end the round at once, so
  then the estimate is pulled toward the scores as they stand;
* playing the last card in play also ends the round, with exact scores.

Only the view (``hand``, ``hand_sizes``, ``deck_size``, ``tableaux``, ``totals``,
``target``, ``me``) is used.

``evaluate(view)`` rates a whole position for the search bot with the same
estimates: each seat's projected total (its total plus the estimated round
score, pulled toward the scores as they stand when a round may end next move)
turned into win chances by a softmax whose temperature shrinks as the leader
nears the target.
"""

from __future__ import annotations

from typing import Any

from ...klats import rules
from ...klats.rules import COLOUR_OF, COLOURS, MAX_PILES
from . import chances, shares

#: Outcome values of a finished match, far above any score difference.
WIN, SHARED, LOSS = 10_000.0, 5_000.0, -10_000.0

#: Share of its value that a tableau still missing colours is expected to keep.
OWN_MISSING_IN_HAND = 0.8  # I hold every missing colour
OWN_MISSING = 0.35
OPP_MISSING_ONE = 0.55  # an opponent lacks one colour
OPP_MISSING_MORE = 0.2
#: Weight of "the round ends right now" when some tableau has five piles.
FIVE_PILE_RISK = 0.5


def score(view: dict[str, Any], action: dict[str, Any]) -> float:
    """How good ``action`` is for ``view["me"]`` (higher is better)."""
    me: int = view["me"]
    card, target, pile = action["card"], action["target"], action["pile"]
    tabs = [[list(p) for p in tab] for tab in view["tableaux"]]
    rules.place(tabs[target], card, pile)
    hand = list(view["hand"])
    hand.remove(card)
    totals: list[int] = view["totals"]
    goal: int = view.get("target", view["options"]["target"])

    now = [rules.round_score(tab) for tab in tabs]
    if len(tabs[target]) >= MAX_PILES:
        return _round_end(totals, now, me, goal)
    others_hold = sum(n for seat, n in enumerate(view["hand_sizes"]) if seat != me)
    if view["deck_size"] == 0 and not hand and not others_hold:
        return _round_end(totals, now, me, goal)  # my last card was the last card in play

    estimate = [_estimate(tab, hand if seat == me else None) for seat, tab in enumerate(tabs)]
    value = _relative([t + e for t, e in zip(totals, estimate)], me)
    if any(len(tab) == MAX_PILES - 1 for tab in tabs):
        # The next player may close the round; expect the worse of the two for me.
        value = (1 - FIVE_PILE_RISK) * value + FIVE_PILE_RISK * min(value, _round_end(totals, now, me, goal))
    return value


#: Softmax temperature of ``evaluate`` in points, fitted to the winners of Medium-vs-Medium
#: matches (seeds 50,000+, maximum likelihood): ``TEMP_BASE + TEMP_PER_PLAYER`` x players,
#: plus ``TEMP_PER_POINT_LEFT`` per point the leader still needs.  At six players a lead of
#: a few dozen points still decides little (the old 6-point temperature was worse than no
#: opinion at all there).
TEMP_BASE = 6.0
TEMP_PER_PLAYER = 6.0
TEMP_PER_POINT_LEFT = 0.25


def temperature(players: int, left: float) -> float:
    """The softmax temperature of ``evaluate`` (see the constants above)."""
    return TEMP_BASE + TEMP_PER_PLAYER * players + TEMP_PER_POINT_LEFT * left


def evaluate(view: dict[str, Any]) -> list[float]:
    """Each seat's estimated chance of winning the match (sums to 1), from ``view``."""
    totals: list[int] = view["totals"]
    if view["over"]:
        best = max(totals)
        return shares([i for i, t in enumerate(totals) if t == best], len(totals))
    projected, left = strengths(view)
    return chances(projected, temperature(len(totals), left))


def strengths(view: dict[str, Any]) -> tuple[list[float], float]:
    """Each seat's projected match total, and how many points the leader still needs."""
    totals: list[int] = view["totals"]
    me: int = view["me"]
    hand: list[int] = view["hand"]
    tabs: list[list[list[int]]] = view["tableaux"]
    closing = any(len(tab) == MAX_PILES - 1 for tab in tabs)
    projected = []
    for seat, tab in enumerate(tabs):
        est = _estimate(tab, hand if seat == me else None)
        if closing:
            est = (1 - FIVE_PILE_RISK) * est + FIVE_PILE_RISK * rules.round_score(tab)
        projected.append(totals[seat] + est)
    goal: int = view.get("target", view["options"]["target"])
    return projected, max(0.0, goal - max(projected))


def _relative(values: list[float], me: int) -> float:
    best_other = max(v for seat, v in enumerate(values) if seat != me)
    return values[me] - best_other


def _round_end(totals: list[int], round_scores: list[int], me: int, goal: int) -> float:
    """Value of the round ending with ``round_scores``; decisive if the match ends."""
    new = [t + s for t, s in zip(totals, round_scores)]
    margin = _relative([float(x) for x in new], me)
    if max(new) >= goal:
        best = max(new)
        if new[me] < best:
            return LOSS + margin
        return (WIN if new.count(best) == 1 else SHARED) + margin
    return margin


def _estimate(tableau: list[list[int]], hand: list[int] | None) -> float:
    """Expected round score of a tableau (``hand``: the owner's cards if known)."""
    tops = rules.tops(tableau)
    total = float(sum(tops))
    present = {COLOUR_OF[v] for v in tops}
    missing = [c for c in COLOURS if c not in present]
    if not missing:
        return total
    room = MAX_PILES - len(tableau)  # new piles he can still add (the last one ends the round)
    if hand is not None:
        held = [max((v for v in hand if COLOUR_OF[v] == c), default=0) for c in missing]
        if all(held) and len(missing) <= room:
            return OWN_MISSING_IN_HAND * (total + sum(held))
        return OWN_MISSING * (total + 8.0 * len(missing))
    share = OPP_MISSING_ONE if len(missing) == 1 else OPP_MISSING_MORE
    return share * (total + 8.0 * len(missing))

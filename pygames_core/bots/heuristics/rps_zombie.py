"""Greedy heuristic for Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``).

``score(view, action)`` rates one legal action using only the acting seat's view
(higher is better).  The scale is "brains": one brain is worth 1.0, going out is
a disaster, a trophy is worth well under a brain.

* A trophy's worth depends on its kind: rock and scissors kill zombies (worth more
  while many zombies are still unseen), paper only blocks rock.  A second copy of
  a kind is worth a little less (variety gives more ways to block), and near the
  end of the pile every trophy counts for the tie-break.
* ``defend``: anything beats losing a brain; spend the least useful resource
  (a revealed card that would not win a trophy anyway, then the least useful trophy).
* ``drop_trophy``: drop the least useful trophy.
* ``contest``: compare what the outcome brings (my trophy, or an opponent's) with
  what an intervention costs: block an opponent who would really get a trophy
  (he has a free brain), especially a leader or a killer kind; dump a paper when
  my trophies are full, or to stop an opponent's trophy from my own card's seat.
* ``choose_trophy``: rock or scissors (they kill zombies), never paper.

``evaluate(view)`` rates a whole position for the search bot on the same scale:
a seat's strength is its brains plus what its trophies are worth; a softmax
turns strengths into win chances, sharper as the draw pile runs out (then the
most brains wins).  Players who are out have no chance.
"""

from __future__ import annotations

from typing import Any

from ...rps_zombie.rules import BEATS, COUNTS, KILLERS
from . import chances, shares

OUT_PENALTY = 10.0


def _unseen(view: dict[str, Any]) -> dict[str, int]:
    """Copies of each kind still unseen (draw pile plus unknown set-aside cards)."""
    left = dict(COUNTS)
    for pl in view["players"]:
        left["brain"] -= pl["brains"]
        for k in pl["trophies"]:
            left[k] -= 1
    for c in view["table"]:
        if c is not None:
            left[c] -= 1
    for k, c in view["discard"].items():
        left[k] -= c
    for c in view.get("set_aside") or ():
        left[c] -= 1
    return left


def _endgame(view: dict[str, Any]) -> float:
    """0 early, up to 1 when the pile is about to run out (trophies then break ties)."""
    alive = sum(1 for pl in view["players"] if not pl["out"]) or 1
    rounds_left = view["deck_size"] / alive
    return max(0.0, min(1.0, (8.0 - rounds_left) / 8.0))


def trophy_value(view: dict[str, Any], seat: int, kind: str, owned: list[str] | None = None) -> float:
    """How much one trophy of ``kind`` is worth to ``seat`` (about 0.2 .. 0.8)."""
    trophies = view["players"][seat]["trophies"] if owned is None else owned
    return _trophy_value(_unseen(view), _endgame(view), kind, trophies.count(kind) > 1)


def _trophy_value(left: dict[str, int], endgame: float, kind: str, duplicate: bool) -> float:
    total = max(1, sum(left.values()))
    zombie_rate = left["zombie"] / total
    if kind in KILLERS:
        value = 0.25 + 1.5 * zombie_rate
    else:
        value = 0.2
    # Blocking power: the kind it beats, while that kind still turns up.
    value += 0.1 * left[BEATS[kind]] / max(1, COUNTS[BEATS[kind]])
    if duplicate:
        value -= 0.08
    value += 0.3 * endgame
    return value


#: Softmax temperature of ``evaluate`` in brains, fitted to the winners of Medium-vs-Medium
#: games (seeds 50,000+, maximum likelihood): ``TEMP_END_PLAYERS`` / players when the pile is
#: empty, ``TEMP_PER_CARD`` more per card left in it.
TEMP_END_PLAYERS = 0.9
TEMP_PER_CARD = 0.02


def temperature(players: int, deck_size: int) -> float:
    """The softmax temperature of ``evaluate`` (see the constants above)."""
    return TEMP_END_PLAYERS / players + TEMP_PER_CARD * deck_size


def evaluate(view: dict[str, Any]) -> list[float]:
    """Each seat's estimated chance of winning (sums to 1), from ``view``."""
    if view["over"]:
        return shares(view["winners"], len(view["players"]))
    return chances(strengths(view), temperature(len(view["players"]), view["deck_size"]))


def strengths(view: dict[str, Any]) -> list[float | None]:
    """Each seat's brains plus what its trophies are worth (``None``: out)."""
    left = _unseen(view)
    endgame = _endgame(view)
    out: list[float | None] = []
    for pl in view["players"]:
        if pl["out"]:
            out.append(None)
            continue
        tr = pl["trophies"]
        out.append(pl["brains"] + sum(_trophy_value(left, endgame, k, tr.count(k) > 1) for k in tr))
    return out


def _lowest_trophy(view: dict[str, Any], seat: int) -> float:
    tr = view["players"][seat]["trophies"]
    return min((trophy_value(view, seat, k) for k in tr), default=0.0)


def _gain(view: dict[str, Any], me: int, seat: int, kind: str) -> float:
    """What ``seat`` getting a ``kind`` trophy means to ``me`` (positive: good for me)."""
    value = trophy_value(view, seat, kind)
    if seat == me:
        return value
    players = view["players"]
    mine, his = players[me], players[seat]
    weight = 0.8
    if his["brains"] >= mine["brains"]:
        weight += 0.3 + 0.5 * _endgame(view)
    if any(BEATS[kind] == k for k in mine["trophies"]):
        weight += 0.1
    return -weight * value


def _contest_value(view: dict[str, Any], me: int) -> float:
    """Value to ``me`` of the pending contest if nobody intervenes."""
    outcome = view["pending"]["outcome"]
    if outcome["result"] != "win" or not outcome["room"]:
        return 0.0
    w = outcome["winner"]
    return _gain(view, me, w, view["pending"]["cards"][w])


def score(view: dict[str, Any], action: dict[str, Any]) -> float:
    """Rate ``action`` for ``view["me"]``; higher is better."""
    me = view["me"]
    kind = action["type"]
    mine = view["players"][me]

    if kind == "choose_trophy":
        return 1.0 if action["kind"] in KILLERS else 0.0

    if kind == "defend":
        how = action["with"]
        pending = view["pending"]
        if how == "none":
            if pending.get("shield"):
                return -1.0
            if mine["brains"] <= 1:
                return -OUT_PENALTY
            cost = 1.0
            if len(mine["trophies"]) >= mine["brains"]:
                cost += _lowest_trophy(view, me)
            return -cost
        if how == "revealed":
            card = view["revealed"][me]
            room = len(mine["trophies"]) < mine["brains"]
            # The card would compete for a trophy; only worth something with a free brain.
            return -(0.35 * trophy_value(view, me, card) if room else 0.05)
        return -trophy_value(view, me, how)

    if kind == "drop_trophy":
        return -trophy_value(view, me, action["kind"])

    if kind == "pass":
        return _contest_value(view, me)

    if kind == "block":
        return -trophy_value(view, me, action["with"]) - 0.02

    if kind == "dump":
        k = action["kind"]
        cost = trophy_value(view, me, k)
        benefit = 0.0
        if len(mine["trophies"]) >= mine["brains"] and k not in KILLERS:
            # A full row: a paper makes way for a zombie killer later.
            benefit = 0.3 * (1.0 - _endgame(view))
        return benefit - cost

    return 0.0


__all__ = ["evaluate", "score", "trophy_value"]

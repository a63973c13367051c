"""Зоомагия's bank choices are listed best first."""

from __future__ import annotations

from pygames_core.zoomagia import rules
from pygames_ui.tables.zoomagia_seat import best_banks_first


def bank(*cards: str) -> dict:
    return {"type": "bank", "cards": list(cards)}


def test_most_points_first_then_what_the_rest_can_still_make() -> None:
    a = rules.animal_cards
    lion, frog = a(rules.ANIMALS[0]), a(rules.ANIMALS[1])
    cards = [*lion, *frog]
    legal = [bank(*b) for b in rules.bank_options(cards)] + [{"type": "end_turn"}]
    ordered = best_banks_first(legal, cards)
    points = [rules.animal_points(b["cards"]) for b in ordered]
    assert points == sorted(points, reverse=True) and points[0] == 5
    # Of the two whole animals, each leaves the other whole: both come before any mix.
    assert sorted(map(tuple, (b["cards"] for b in ordered[:2]))) == sorted([tuple(lion), tuple(frog)])
    assert all(b["type"] == "bank" for b in ordered)  # "end turn" is a button of its own


def test_equal_points_prefer_the_choice_that_leaves_a_better_animal() -> None:
    a = rules.animal_cards
    x, y, z = (a(name) for name in rules.ANIMALS[:3])
    # Two heads of x and y, one body of x, tails of x and z: x's head+body+tail scores 5;
    # among the 2-point mixes, the one that keeps a head-body-tail for later goes first.
    cards = [x[0], y[0], x[1], x[2], z[2], y[1]]
    ordered = best_banks_first([bank(*b) for b in rules.bank_options(cards)], cards)
    worth = []
    for b in ordered:
        rest = [c for c in cards if c not in b["cards"]]
        later = max((rules.animal_points(o) for o in rules.bank_options(rest)), default=0)
        worth.append((rules.animal_points(b["cards"]), later))
    assert worth == sorted(worth, reverse=True)

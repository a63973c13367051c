"""Зоомагия (``zoomagia``): known answers from docs/rules/zoomagia.md, played from fixed decks.

Every scenario goes through the public API (``games.get("zoomagia")``, ``new_game``,
``apply``, ``legal_actions``, ``view``, ``scores``, ``winners``, ``to_json``).
``deck`` is the deck after the removal of animals, top first: 2 cards to each
player one at a time starting with seat 0, then the 9 field cards row by row (top
row first, left to right), then the draw pile.  :func:`deck_for` builds it.

A field of heads only is *inert*: no push can make a new animal there, so most
scenarios fill the cells they do not care about with heads.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

from pygames_core import IllegalAction, games
from pygames_core.jsonio import checksum
from pygames_core.rng import Rng
from pygames_core.zoomagia import rules

G = games.get("zoomagia")


# ---------------------------------------------------------------- helpers
def h(animal: str) -> str:
    return f"{animal}:head"


def b(animal: str) -> str:
    return f"{animal}:body"


def t(animal: str) -> str:
    return f"{animal}:tail"


#: Heads used as inert filler (animals the scenarios do not otherwise use).
FILLER = [h(a) for a in ("elephant", "hippo", "giraffe", "zebra", "lion", "tiger", "bear", "wolf", "fox",
                         "hare", "cat", "dog", "cow", "pig", "horse", "crocodile", "penguin", "owl", "monkey")]


def deck_for(hands: Sequence[Sequence[str]], field: Sequence[Sequence[str]], pile: Sequence[str] = ()) -> list[str]:
    """The deck (top first) that deals ``hands[seat]`` and lays out ``field``, then leaves ``pile``."""
    deck: list[str] = []
    for k in range(2):
        for hand in hands:
            if k < len(hand):
                deck.append(hand[k])
    deck += [c for row in field for c in row]
    return deck + list(pile)


def start(hands, field, pile=(), seed: int = 7, **options: Any):
    return G.new_game(players=len(hands), seed=seed, deck=deck_for(hands, field, pile), options=options or None)


def push(line: str, index: int, side: str) -> dict[str, Any]:
    return {"type": "push", "line": line, "index": index, "from": side}


def v0(state, seat: int = 0) -> dict[str, Any]:
    return G.view(state, seat)


def cards(state, seat: int) -> list[str]:
    return G.view(state, seat)["players"][seat]["cards"]


def events(state, name: str) -> list[dict[str, Any]]:
    return [e for e in G.view(state, 0)["log"] if e["e"] == name]


def roundtrip(state):
    back = G.from_json(G.to_json(state))
    assert G.to_json(back) == G.to_json(state)
    return back


# ------------------------------------------------------------------ setup
def test_deal_order_field_and_first_draw() -> None:
    deck = list(rules.CARDS[:30])
    s = G.new_game(players=3, seed=1, deck=deck)
    v = G.view(s, 1)
    # One card at a time, seat 0 first: seat k gets deck[k] and deck[3 + k].
    assert [p["cards"] for p in v["players"]] == [
        rules.sort_cards([deck[0], deck[3]]),
        rules.sort_cards([deck[1], deck[4]]),
        rules.sort_cards([deck[2], deck[5]]),
    ]
    assert v["field"] == [deck[6:9], deck[9:12], deck[12:15]]
    assert v["drawn"] == deck[15]
    assert v["deck_size"] == 30 - 16
    assert v["current_player"] == 0 and v["dealer"] == 0 and v["phase"] == "push"
    assert v["scores"] == [0, 0, 0]
    assert [e["e"] for e in v["log"]] == ["game_start", "turn_start"]
    assert v["log"][1] == {"n": 1, "e": "turn_start", "p": 0, "drawn": deck[15]}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_setup_removes_six_whole_animals_for_two_or_three(players: int) -> None:
    s = G.new_game(players=players, seed=players)
    d = s.data
    removed = d["removed"]
    if players <= 3:
        assert len(removed) == 18
        animals = {rules.ANIMAL_OF[c] for c in removed}
        assert len(animals) == 6 and sorted(removed) == sorted(c for a in animals for c in rules.animal_cards(a))
    else:
        assert removed == []
    v = G.view(s, 0)
    in_play = 72 - len(removed)
    assert v["deck_size"] + 1 + 9 + 2 * players == in_play  # +1: the drawn card
    assert v["removed_count"] == len(removed) and v["removed_whole"] is True
    assert "removed" not in v and "deck" not in v


def test_custom_deck_validation() -> None:
    with pytest.raises(ValueError, match="unknown card"):
        G.new_game(players=2, deck=["sheep:head", "sheep:paw"])
    with pytest.raises(ValueError, match="copies"):
        G.new_game(players=2, deck=["sheep:head", "sheep:head"])
    with pytest.raises(ValueError, match="option 'columns'"):
        G.new_game(players=2, options={"columns": 1})


def test_deck_too_short_to_play_ends_at_once() -> None:
    # 2 players, 7 cards: hands of 2, three field cards, nothing to draw.
    deck = [h("sheep"), h("rhino"), b("sheep"), b("rhino"), t("fish"), t("walrus"), h("fish")]
    s = G.new_game(players=2, seed=1, deck=deck)
    assert G.is_over(s) and G.legal_actions(s) == []
    v = G.view(s, 0)
    assert v["field"] == [[t("fish"), t("walrus"), h("fish")], [None] * 3, [None] * 3]
    assert [p["penalty"] for p in v["players"]] == [[h("sheep"), b("sheep")], [h("rhino"), b("rhino")]]
    assert G.scores(s) == [-2, -2] and G.winners(s) == [0, 1]
    roundtrip(s)


# ------------------------------------------------------------------ pushes
GRID = [[t("sheep"), t("rhino"), t("walrus")],
        [t("fish"), t("turtle"), t("elephant")],
        [t("hippo"), t("giraffe"), t("zebra")]]
A, B, C = GRID[0]
D, E, F = GRID[1]
G_, H, I = GRID[2]  # noqa: E741 - the grid's cells are named A to I, row by row
X = t("lion")  # the drawn card

# push -> (field after, card pushed out).  Tails only: no push can make an animal.
PUSH_CASES = [
    (("row", 0, "left"), [[X, A, B], [D, E, F], [G_, H, I]], C),
    (("row", 0, "right"), [[B, C, X], [D, E, F], [G_, H, I]], A),
    (("row", 1, "left"), [[A, B, C], [X, D, E], [G_, H, I]], F),
    (("row", 1, "right"), [[A, B, C], [E, F, X], [G_, H, I]], D),
    (("row", 2, "left"), [[A, B, C], [D, E, F], [X, G_, H]], I),
    (("row", 2, "right"), [[A, B, C], [D, E, F], [H, I, X]], G_),
    (("col", 0, "top"), [[X, B, C], [A, E, F], [D, H, I]], G_),
    (("col", 0, "bottom"), [[D, B, C], [G_, E, F], [X, H, I]], A),
    (("col", 1, "top"), [[A, X, C], [D, B, F], [G_, E, I]], H),
    (("col", 1, "bottom"), [[A, E, C], [D, H, F], [G_, X, I]], B),
    (("col", 2, "top"), [[A, B, X], [D, E, C], [G_, H, F]], I),
    (("col", 2, "bottom"), [[A, B, F], [D, E, I], [G_, H, X]], C),
]


@pytest.mark.parametrize("move,after,out", PUSH_CASES, ids=[f"{m[0]}{m[1]}-{m[2]}" for m, _, _ in PUSH_CASES])
def test_each_push(move: tuple[str, int, str], after: list[list[str]], out: str) -> None:
    s = start([[h("sheep"), h("rhino")], [h("walrus"), h("fish")]], GRID, [X, FILLER[0]])
    assert G.view(s, 0)["drawn"] == X
    s = G.apply(s, push(*move))
    v = G.view(s, 0)
    assert v["field"] == after
    # No new animal: the pushed-out card goes to the player, no bank possible, the turn ends.
    assert v["players"][0]["cards"] == rules.sort_cards([h("sheep"), h("rhino"), out])
    assert v["current_player"] == 1 and v["phase"] == "push" and v["drawn"] == FILLER[0]
    assert v["last_push"] == {"p": 0, "line": move[0], "index": move[1], "from": move[2], "card": X, "out": out}
    names = [e["e"] for e in v["log"]]
    assert names == ["game_start", "turn_start", "push", "take_card", "turn_end", "turn_start"]
    assert events(s, "push")[0] == {"n": 2, "e": "push", "p": 0, "line": move[0], "index": move[1],
                                    "from": move[2], "card": X, "out": out, "new": []}
    assert events(s, "take_card")[0]["auto"] is True


def test_twelve_pushes_in_stable_order_and_columns_option() -> None:
    s = start([[h("sheep"), h("rhino")], [h("walrus"), h("fish")]], GRID, [X])
    legal = G.legal_actions(s)
    assert legal == [push(*m) for m, _, _ in PUSH_CASES]
    s = start([[h("sheep"), h("rhino")], [h("walrus"), h("fish")]], GRID, [X], columns=False)
    legal = G.legal_actions(s)
    assert legal == [push(*m) for m, _, _ in PUSH_CASES[:6]]
    assert all(a["line"] == "row" for a in legal)
    with pytest.raises(IllegalAction, match="not legal"):
        G.apply(s, push("col", 0, "top"))
    with pytest.raises(IllegalAction):
        G.apply(s, push("row", 0, "top"))


# ------------------------------------------------------------- new animals
def test_row_push_makes_new_animal_take_card_or_animal() -> None:
    field = [[b("sheep"), t("sheep"), FILLER[0]], FILLER[1:4], FILLER[4:7]]
    s = start([[h("rhino"), b("rhino")], [h("walrus"), b("walrus")]], field, [h("sheep"), FILLER[7], FILLER[8]])
    s = G.apply(s, push("row", 0, "left"))
    v = G.view(s, 0)
    assert v["phase"] == "take" and v["current_player"] == 0
    assert v["field"][0] == [h("sheep"), b("sheep"), t("sheep")]
    assert v["pushed_out"] == FILLER[0]
    assert v["new_animals"] == [{"row": 0, "cards": [h("sheep"), b("sheep"), t("sheep")], "points": 5}]
    assert G.legal_actions(s) == [{"type": "take", "what": "card"}, {"type": "take", "what": "animal", "row": 0}]
    assert events(s, "push")[0]["new"] == [0]
    roundtrip(s)

    # Taking the card: the animal stays on the field.
    s_card = G.apply(s, {"type": "take", "what": "card"})
    v = G.view(s_card, 0)
    assert v["players"][0]["cards"] == rules.sort_cards([h("rhino"), b("rhino"), FILLER[0]])
    assert v["field"][0] == [h("sheep"), b("sheep"), t("sheep")]
    assert v["current_player"] == 1 and v["phase"] == "push"
    assert events(s_card, "take_card")[-1] == {"n": 3, "e": "take_card", "p": 0, "card": FILLER[0], "auto": False}
    # ... and the next player, who did not change that row, cannot take it.
    s_next = G.apply(s_card, push("row", 2, "left"))
    assert G.view(s_next, 1)["players"][1]["cards"] == rules.sort_cards([h("walrus"), b("walrus"), FILLER[6]])
    assert not events(s_next, "take_animal") and G.view(s_next, 1)["phase"] == "push"

    # Taking the animal: refill with the pushed-out card and the next 2 cards of the pile.
    s_an = G.apply(s, {"type": "take", "what": "animal", "row": 0})
    v = G.view(s_an, 0)
    assert v["phase"] == "refill" and v["field"][0] == [None, None, None]
    assert v["refill"] == {"row": 0, "cards": rules.sort_cards([FILLER[0], FILLER[7], FILLER[8]]),
                           "taken": [h("sheep"), b("sheep"), t("sheep")]}
    assert v["deck_size"] == 0
    assert events(s_an, "take_animal")[-1] == {"n": 3, "e": "take_animal", "p": 0, "row": 0,
                                               "cards": [h("sheep"), b("sheep"), t("sheep")], "points": 5}
    refills = G.legal_actions(s_an)
    assert len(refills) == 6 and len({json.dumps(a) for a in refills}) == 6
    cells = [FILLER[8], FILLER[0], FILLER[7]]
    assert {"type": "refill", "cells": cells} in refills
    roundtrip(s_an)
    s_ref = G.apply(s_an, {"type": "refill", "cells": cells})
    v = G.view(s_ref, 0)
    assert v["field"][0] == cells
    # Received: rhino head+body and the sheep; he banks (5 beats 2), the draw pile is empty: game over.
    assert v["phase"] == "bank"
    assert G.legal_actions(s_ref) == [
        {"type": "bank", "cards": [h("sheep"), b("sheep"), t("sheep")]},
        {"type": "bank", "cards": [h("sheep"), b("rhino"), t("sheep")]},
        {"type": "bank", "cards": [h("rhino"), b("sheep"), t("sheep")]},
        {"type": "bank", "cards": [h("rhino"), b("rhino"), t("sheep")]},
        {"type": "end_turn"},
    ]
    s_end = G.apply(s_ref, {"type": "bank", "cards": [h("sheep"), b("sheep"), t("sheep")]})
    assert G.is_over(s_end)
    v = G.view(s_end, 0)
    assert v["players"][0]["banked"] == [[h("sheep"), b("sheep"), t("sheep")]]
    assert v["players"][0]["penalty"] == [h("rhino"), b("rhino")]
    assert G.scores(s_end) == [5 - 2, -2] and G.winners(s_end) == [0]


def test_untouched_animal_cannot_be_taken_but_a_replaced_tail_makes_it_new() -> None:
    field = [FILLER[0:3], [FILLER[3], FILLER[4], t("walrus")], [h("sheep"), b("sheep"), t("sheep")]]
    hands = [[h("rhino"), b("rhino")], [h("fish"), b("fish")]]
    pile = [FILLER[5], FILLER[6], FILLER[7]]
    s = start(hands, field, pile)
    # Row 0 push: the sheep in row 2 was not changed -> no choice, the card is taken.
    s1 = G.apply(s, push("row", 0, "left"))
    assert G.view(s1, 0)["players"][0]["cards"] == rules.sort_cards([h("rhino"), b("rhino"), FILLER[2]])
    assert not events(s1, "take_animal") and events(s1, "push")[0]["new"] == []
    # Pushing column 1 from the top changes every row: row 2 loses its body -> no animal.
    s2 = G.apply(s, push("col", 1, "top"))
    assert events(s2, "push")[0]["new"] == [] and G.view(s2, 0)["current_player"] == 1
    # Column 2 from the top: the walrus tail slides down into row 2 -> a new (2-point) animal.
    s3 = G.apply(s, push("col", 2, "top"))
    v = G.view(s3, 0)
    assert v["phase"] == "take" and v["pushed_out"] == t("sheep")
    assert v["field"] == [[FILLER[0], FILLER[1], FILLER[5]], [FILLER[3], FILLER[4], FILLER[2]],
                          [h("sheep"), b("sheep"), t("walrus")]]
    assert v["new_animals"] == [{"row": 2, "cards": [h("sheep"), b("sheep"), t("walrus")], "points": 2}]
    # Column 2 from the bottom with a tail drawn replaces the tail with the drawn card.
    s4 = start(hands, field, [t("fish")] + pile)
    s4 = G.apply(s4, push("col", 2, "bottom"))
    v = G.view(s4, 0)
    assert v["field"][2] == [h("sheep"), b("sheep"), t("fish")] and v["pushed_out"] == FILLER[2]
    assert v["new_animals"] == [{"row": 2, "cards": [h("sheep"), b("sheep"), t("fish")], "points": 2}]


def test_column_push_can_make_two_new_animals() -> None:
    field = [[h("sheep"), b("sheep"), FILLER[0]], [h("rhino"), b("rhino"), t("rhino")], FILLER[1:4]]
    s = start([[h("fish"), h("walrus")], [FILLER[4], FILLER[5]]], field, [t("sheep"), FILLER[6]])
    s = G.apply(s, push("col", 2, "top"))
    v = G.view(s, 0)
    # Row 0 gets the sheep tail, row 1 gets FILLER[0] (no longer an animal), row 2 the rhino tail.
    assert v["field"][0] == [h("sheep"), b("sheep"), t("sheep")]
    assert v["field"][2] == [FILLER[1], FILLER[2], t("rhino")]
    assert [a["row"] for a in v["new_animals"]] == [0]
    assert G.legal_actions(s) == [{"type": "take", "what": "card"}, {"type": "take", "what": "animal", "row": 0}]
    field = [[h("sheep"), b("sheep"), t("rhino")], [h("rhino"), b("rhino"), t("sheep")], FILLER[1:4]]
    s = start([[h("fish"), h("walrus")], [FILLER[4], FILLER[5]]], field, [t("fish"), FILLER[6]])
    s = G.apply(s, push("col", 2, "top"))
    v = G.view(s, 0)
    assert [a["row"] for a in v["new_animals"]] == [0, 1]
    assert v["new_animals"][0] == {"row": 0, "cards": [h("sheep"), b("sheep"), t("fish")], "points": 2}
    assert v["new_animals"][1] == {"row": 1, "cards": [h("rhino"), b("rhino"), t("rhino")], "points": 5}
    assert v["pushed_out"] == FILLER[3]


# ----------------------------------------------------------------- refill
def test_refill_with_one_card_left_in_the_pile() -> None:
    field = [[b("sheep"), t("sheep"), FILLER[0]], FILLER[1:4], FILLER[4:7]]
    s = start([[h("rhino"), b("rhino")], [h("walrus"), b("walrus")]], field, [h("sheep"), FILLER[7]])
    s = G.apply(s, push("row", 0, "left"))
    s = G.apply(s, {"type": "take", "what": "animal", "row": 0})
    v = G.view(s, 0)
    assert v["refill"]["cards"] == rules.sort_cards([FILLER[0], FILLER[7]])
    legal = G.legal_actions(s)
    assert len(legal) == 6  # 2 cards and a gap in 3 cells
    assert all(a["cells"].count(None) == 1 for a in legal)
    s = G.apply(s, {"type": "refill", "cells": [None, FILLER[7], FILLER[0]]})
    v = G.view(s, 0)
    assert v["field"][0] == [None, FILLER[7], FILLER[0]]
    assert v["phase"] == "bank" and v["deck_size"] == 0
    assert events(s, "refill")[-1] == {"n": 4, "e": "refill", "p": 0, "row": 0, "cells": [None, FILLER[7], FILLER[0]]}
    roundtrip(s)


def test_refill_with_empty_pile_leaves_two_gaps_and_ends_the_game() -> None:
    field = [[b("sheep"), t("sheep"), FILLER[0]], FILLER[1:4], FILLER[4:7]]
    s = start([[h("rhino"), h("fish")], [h("walrus"), b("walrus")]], field, [h("sheep")])
    s = G.apply(s, push("row", 0, "left"))
    assert G.view(s, 0)["deck_size"] == 0
    s = G.apply(s, {"type": "take", "what": "animal", "row": 0})
    legal = G.legal_actions(s)
    assert legal == [
        {"type": "refill", "cells": [FILLER[0], None, None]},
        {"type": "refill", "cells": [None, FILLER[0], None]},
        {"type": "refill", "cells": [None, None, FILLER[0]]},
    ]
    s = G.apply(s, legal[1])
    # 3 heads now: discard one, then bank the sheep, then the game ends.
    v = G.view(s, 0)
    assert v["phase"] == "discard" and v["overflow"] == ["head"]
    s = G.apply(s, {"type": "discard", "card": h("fish")})
    s = G.apply(s, {"type": "bank", "cards": [h("sheep"), b("sheep"), t("sheep")]})
    assert G.is_over(s)
    v = G.view(s, 0)
    assert v["phase"] == "over" and v["field"][0] == [None, FILLER[0], None]
    assert v["players"][0]["penalty"] == [h("fish"), h("rhino")]
    assert G.scores(s) == [3, -2] and G.winners(s) == [0]


# ---------------------------------------------------------------- overflow
def test_overflow_discard_goes_to_penalty() -> None:
    field = [[FILLER[0], FILLER[1], t("sheep")], FILLER[2:5], FILLER[5:8]]
    s = start([[t("walrus"), t("fish")], [h("walrus"), b("walrus")]], field, [FILLER[8], FILLER[9]])
    s = G.apply(s, push("row", 0, "left"))
    v = G.view(s, 0)
    assert v["phase"] == "discard" and v["current_player"] == 0 and v["overflow"] == ["tail"]
    assert v["players"][0]["cards"] == [t("sheep"), t("walrus"), t("fish")]
    assert G.legal_actions(s) == [{"type": "discard", "card": c} for c in (t("sheep"), t("walrus"), t("fish"))]
    roundtrip(s)
    with pytest.raises(IllegalAction):
        G.apply(s, {"type": "discard", "card": h("walrus")})
    s = G.apply(s, {"type": "discard", "card": t("walrus")})
    v = G.view(s, 0)
    assert v["players"][0]["penalty"] == [t("walrus")] and v["players"][0]["penalty_count"] == 1
    assert v["players"][0]["cards"] == [t("sheep"), t("fish")]
    assert v["current_player"] == 1 and G.scores(s) == [-1, 0]
    assert events(s, "discard") == [{"n": 4, "e": "discard", "p": 0, "card": t("walrus")}]


def test_taking_an_animal_can_overflow_then_bank() -> None:
    field = [[b("cow"), t("cow"), FILLER[0]], FILLER[1:4], FILLER[4:7]]
    s = start([[h("sheep"), h("rhino")], [h("walrus"), b("walrus")]], field,
              [h("cow"), FILLER[7], FILLER[8], FILLER[9]])
    s = G.apply(s, push("row", 0, "left"))
    s = G.apply(s, {"type": "take", "what": "animal", "row": 0})
    s = G.apply(s, G.legal_actions(s)[0])
    assert G.view(s, 0)["phase"] == "discard"
    assert [a["card"] for a in G.legal_actions(s)] == [h("sheep"), h("rhino"), h("cow")]
    s = G.apply(s, {"type": "discard", "card": h("cow")})
    v = G.view(s, 0)
    assert v["phase"] == "bank"
    assert G.legal_actions(s) == [
        {"type": "bank", "cards": [h("sheep"), b("cow"), t("cow")]},
        {"type": "bank", "cards": [h("rhino"), b("cow"), t("cow")]},
        {"type": "end_turn"},
    ]
    s = G.apply(s, {"type": "bank", "cards": [h("rhino"), b("cow"), t("cow")]})
    v = G.view(s, 0)
    assert v["players"][0]["banked_points"] == 2 and v["players"][0]["cards"] == [h("sheep")]
    assert G.scores(s) == [2 - 1, 0] and v["current_player"] == 1


# ----------------------------------------------------------------- banking
@pytest.mark.parametrize("hand,tail,points", [
    ([h("sheep"), b("sheep")], t("sheep"), 5),
    ([h("sheep"), b("sheep")], t("walrus"), 2),
    ([h("sheep"), b("rhino")], t("rhino"), 2),
    ([h("sheep"), b("rhino")], t("sheep"), 2),
    ([h("sheep"), b("rhino")], t("fish"), 1),
])
def test_bank_points(hand: list[str], tail: str, points: int) -> None:
    field = [[FILLER[0], FILLER[1], tail], FILLER[2:5], FILLER[5:8]]
    s = start([hand, [h("turtle"), b("turtle")]], field, [FILLER[8], FILLER[9]])
    s = G.apply(s, push("row", 0, "left"))
    assert G.view(s, 0)["phase"] == "bank"
    triple = [hand[0], hand[1], tail]
    assert G.legal_actions(s) == [{"type": "bank", "cards": triple}, {"type": "end_turn"}]
    s = G.apply(s, {"type": "bank", "cards": triple})
    v = G.view(s, 0)
    assert v["players"][0]["banked"] == [triple] and v["players"][0]["banked_points"] == points
    assert events(s, "bank") == [{"n": 4, "e": "bank", "p": 0, "cards": triple, "points": points}]
    # Nothing left to bank: the turn ended by itself.
    assert v["current_player"] == 1 and v["phase"] == "push"
    assert G.scores(s) == [points, 0]


def test_repeated_banking_and_end_turn() -> None:
    field = [[FILLER[0], FILLER[1], t("walrus")], [b("rhino"), t("rhino"), FILLER[2]], FILLER[3:6]]
    hands = [[h("sheep"), b("sheep")], [b("cat"), b("dog")]]
    pile = [FILLER[6], FILLER[7], h("rhino"), FILLER[8], FILLER[9], FILLER[10]]
    s = start(hands, field, pile)
    s = G.apply(s, push("row", 0, "left"))
    assert G.view(s, 0)["phase"] == "bank"
    # Keep the cards for later: end the turn without banking.
    s = G.apply(s, {"type": "end_turn"})
    v = G.view(s, 0)
    assert v["current_player"] == 1 and v["players"][0]["cards"] == [h("sheep"), b("sheep"), t("walrus")]
    assert events(s, "turn_end")[0] == {"n": 4, "e": "turn_end", "p": 0, "deck_size": 5}
    s = G.apply(s, push("row", 2, "left"))  # seat 1 gets a head: no tail, no bank
    assert G.view(s, 0)["current_player"] == 0
    s = G.apply(s, push("row", 1, "left"))
    assert G.view(s, 0)["new_animals"][0]["cards"] == [h("rhino"), b("rhino"), t("rhino")]
    s = G.apply(s, {"type": "take", "what": "animal", "row": 1})
    s = G.apply(s, {"type": "refill", "cells": rules.sort_cards([FILLER[2], FILLER[8], FILLER[9]])})
    legal = G.legal_actions(s)
    assert len(legal) == 9 and legal[-1] == {"type": "end_turn"}
    s = G.apply(s, {"type": "bank", "cards": [h("rhino"), b("rhino"), t("rhino")]})
    assert G.legal_actions(s) == [{"type": "bank", "cards": [h("sheep"), b("sheep"), t("walrus")]},
                                  {"type": "end_turn"}]
    s = G.apply(s, {"type": "bank", "cards": [h("sheep"), b("sheep"), t("walrus")]})
    v = G.view(s, 0)
    assert v["players"][0]["banked_points"] == 7 and v["players"][0]["cards"] == []
    assert v["current_player"] == 1 and G.scores(s) == [7, 0]


# ---------------------------------------------------------------- the end
def test_game_ends_when_the_pile_is_empty_and_tie_break_on_penalties() -> None:
    hands = [[h("sheep"), b("sheep")], [h("rhino"), b("fish")]]
    field = [[FILLER[0], FILLER[1], t("walrus")], [FILLER[2], FILLER[3], t("turtle")], FILLER[4:7]]
    s = start(hands, field, [FILLER[7], FILLER[8], FILLER[9]])
    s = G.apply(s, push("row", 0, "left"))
    s = G.apply(s, {"type": "bank", "cards": [h("sheep"), b("sheep"), t("walrus")]})  # 2 points
    s = G.apply(s, push("row", 1, "left"))
    s = G.apply(s, {"type": "bank", "cards": [h("rhino"), b("fish"), t("turtle")]})  # 1 point
    assert G.view(s, 0)["deck_size"] == 0 and G.view(s, 0)["drawn"] == FILLER[9]
    assert not G.is_over(s) and G.scores(s) == [2, 1]
    s = G.apply(s, push("row", 2, "left"))  # seat 0 takes FILLER[6]; the pile is empty: the end
    assert G.is_over(s) and s.current_player is None and G.legal_actions(s) == []
    v = G.view(s, 1)
    assert v["phase"] == "over" and v["over"] is True
    assert v["players"][0]["cards"] == [] and v["players"][0]["penalty"] == [FILLER[6]]
    # Both score 1; seat 1 has fewer penalty cards.
    assert G.scores(s) == [1, 1] and G.winners(s) == [1] and v["winners"] == [1]
    end = events(s, "game_end")[-1]
    assert end["leftover"] == [[FILLER[6]], []] and end["scores"] == [1, 1]
    assert end["penalties"] == [1, 0] and end["winners"] == [1]
    roundtrip(s)
    with pytest.raises(IllegalAction, match="over"):
        G.apply(s, push("row", 0, "left"))


def test_shared_win() -> None:
    hands = [[h("sheep"), b("sheep")], [h("rhino"), b("rhino")]]
    field = [[FILLER[0], FILLER[1], t("sheep")], [FILLER[2], FILLER[3], t("rhino")], FILLER[4:7]]
    s = start(hands, field, [FILLER[7], FILLER[8]])
    s = G.apply(s, push("row", 0, "left"))
    s = G.apply(s, {"type": "bank", "cards": [h("sheep"), b("sheep"), t("sheep")]})
    s = G.apply(s, push("row", 1, "left"))
    s = G.apply(s, {"type": "bank", "cards": [h("rhino"), b("rhino"), t("rhino")]})
    assert G.is_over(s) and G.scores(s) == [5, 5] and G.winners(s) == [0, 1]


def test_leftover_cards_become_penalties() -> None:
    hands = [[h("sheep"), t("sheep")], [h("rhino"), b("rhino")], [t("fish"), t("walrus")]]
    field = [FILLER[0:3], FILLER[3:6], FILLER[6:9]]
    s = start(hands, field, [FILLER[9]])
    # Running score does not count cards in front.
    assert G.scores(s) == [0, 0, 0]
    s = G.apply(s, push("col", 0, "top"))
    assert G.is_over(s)
    v = G.view(s, 2)
    assert [p["penalty_count"] for p in v["players"]] == [3, 2, 2]
    assert v["players"][0]["penalty"] == [h("sheep"), t("sheep"), FILLER[6]]
    assert G.scores(s) == [-3, -2, -2] and G.winners(s) == [1, 2]


# ------------------------------------------------------------ view, json
def test_view_keys_and_secrets() -> None:
    s = G.new_game(players=2, seed=3)
    v = G.view(s, 1)
    for key in ("current_player", "deck_size", "over", "scores", "field", "drawn", "players", "phase",
                "pushed_out", "new_animals", "refill", "overflow", "winners", "dealer", "removed_count",
                "removed_whole", "last_push", "log", "me", "player_count", "options"):
        assert key in v, key
    assert set(v["players"][0]) == {"cards", "rows", "penalty", "banked", "banked_points", "penalty_count"}
    text = json.dumps(v)
    for c in s.data["removed"]:
        assert c not in text
    assert "deck" not in v and "removed" not in v and "rng" not in v


def test_determinize_keeps_the_view_and_removes_whole_unseen_animals() -> None:
    s = G.new_game(players=2, seed=5)
    v = G.view(s, 0)
    seen_animals = {rules.ANIMAL_OF[c] for row in v["field"] for c in row}
    seen_animals |= {rules.ANIMAL_OF[c] for p in v["players"] for c in p["cards"]} | {rules.ANIMAL_OF[v["drawn"]]}
    for k in range(10):
        d = G.determinize(v, Rng.from_seed(k))
        assert G.view(d, 0) == v
        G.from_json(G.to_json(d))
        removed_animals = {rules.ANIMAL_OF[c] for c in d.data["removed"]}
        assert len(removed_animals) == 6 and not removed_animals & seen_animals


def test_from_json_rejects_inconsistent_states() -> None:
    field = [[FILLER[0], FILLER[1], t("sheep")], FILLER[2:5], FILLER[5:8]]
    s = start([[t("walrus"), t("fish")], [h("walrus"), b("walrus")]], field, [FILLER[8], FILLER[9]])
    body = json.loads(G.to_json(s))

    def load(mutate) -> None:
        bad = json.loads(json.dumps(body))
        mutate(bad["state"])
        bad["checksum"] = checksum(bad["state"])
        G.from_json(json.dumps(bad))

    load(lambda d: None)  # unchanged: fine
    bad_cases = [
        lambda d: d["deck"].append(t("walrus")),  # a card twice
        lambda d: d["deck"].pop(),  # a card missing
        lambda d: (d["removed"].remove(t("cow")), d["seats"][0]["cards"].append(t("cow"))),  # 3 tails
        lambda d: d.update(phase="bank"),
        lambda d: d.update(phase="jump"),
        lambda d: d.update(drawn=None),
        lambda d: d["field"][0].__setitem__(0, "sheep:paw"),
        lambda d: d.update(removed_whole="yes"),
        lambda d: d["seats"][1].update(banked=[[h("cat"), t("cat"), b("cat")]]),
    ]
    for mutate in bad_cases:
        with pytest.raises(ValueError):
            load(mutate)


# ------------------------------------------------------------- greedy bot
def test_greedy_heuristic_prefers_the_obvious_moves() -> None:
    from pygames_core.bots.heuristics.zoomagia import score

    field = [[b("sheep"), t("sheep"), FILLER[0]], FILLER[1:4], FILLER[4:7]]
    s = start([[h("rhino"), b("rhino")], [h("walrus"), b("walrus")]], field,
              [h("sheep")] + FILLER[7:12])
    best = max(G.legal_actions(s), key=lambda a: score(G.view(s, 0), a))
    assert best == push("row", 0, "left")  # makes a whole sheep
    s = G.apply(s, best)
    best = max(G.legal_actions(s), key=lambda a: score(G.view(s, 0), a))
    assert best == {"type": "take", "what": "animal", "row": 0}
    s = G.apply(s, best)
    s = G.apply(s, G.legal_actions(s)[0])
    best = max(G.legal_actions(s), key=lambda a: score(G.view(s, 0), a))
    assert best == {"type": "bank", "cards": [h("sheep"), b("sheep"), t("sheep")]}

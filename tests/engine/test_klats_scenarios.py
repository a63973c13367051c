"""Клац! (``klats``): known answers from docs/rules/klats.md, played from fixed decks.

Every scenario goes through the public API only (``games.get("klats")``,
``new_game``, ``apply``, ``legal_actions``, ``view``, ``scores``, ``winners``,
``to_json``).  ``deck`` is round 1's deck, top first; the deal gives 3 cards to
each player one at a time, starting with the round's first player, and the rest
is the draw pile.  :func:`deal` builds such a deck from the hands wanted.

Colours (the Choice of docs/rules/klats.md):
blue 1 4 8 11 13 · green 3 5 7 12 15 · orange 2 6 9 10 14.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from pygames_core import IllegalAction, State, games
from pygames_core.jsonio import checksum
from pygames_core.rng import Rng

G = games.get("klats")

BLUE, GREEN, ORANGE = (1, 4, 8, 11, 13), (3, 5, 7, 12, 15), (2, 6, 9, 10, 14)
COLOUR = {v: c for c, vs in (("blue", BLUE), ("green", GREEN), ("orange", ORANGE)) for v in vs}


# ---------------------------------------------------------------- helpers
def deal(hands: Sequence[Sequence[int]], draw: Sequence[int] = (), first: int = 0) -> list[int]:
    """The deck (top first) that deals ``hands[seat]`` (in deal order), then leaves ``draw``."""
    n = len(hands)
    deck: list[int] = []
    for k in range(3):
        for j in range(n):
            seat = (first + j) % n
            if k < len(hands[seat]):
                deck.append(hands[seat][k])
    return deck + list(draw)


def act(card: int, target: int, pile: int | None = None) -> dict[str, Any]:
    return {"type": "play", "card": card, "target": target, "pile": pile}


def start(hands, draw=(), first: int = 0, seed: int = 7, **options: Any):
    return G.new_game(players=len(hands), seed=seed, deck=deal(hands, draw, first), options=options or None)


def play(state, *moves: tuple):
    """Apply ``(card, target)`` / ``(card, target, pile)`` moves in turn order."""
    for m in moves:
        state = G.apply(state, act(*m))
    return state


def tableaux(state) -> list:
    return G.view(state, 0)["tableaux"]


def full_state(state) -> dict[str, Any]:
    """The complete state as saved by ``to_json`` (tests may look at the deck)."""
    return json.loads(G.to_json(state))["state"]


def edited(state, **changes: Any):
    """``state`` with some saved keys replaced, reloaded through ``from_json``."""
    body = json.loads(G.to_json(state))
    body["state"].update(changes)
    body["checksum"] = checksum(body["state"])
    return G.from_json(json.dumps(body))


# ------------------------------------------------------------------- cards
def test_colour_table_and_deck() -> None:
    assert sorted(COLOUR) == list(range(1, 16))
    assert Counter(COLOUR.values()) == {"blue": 5, "green": 5, "orange": 5}  # 5 values x 6 copies = 30 each
    assert G.card_counts == {v: 6 for v in range(1, 16)}
    s = G.new_game(players=2, seed=3)
    cards = Counter(full_state(s)["deck"])
    for hand in full_state(s)["hands"]:
        cards.update(hand)
    assert sum(cards.values()) == 90 and cards == Counter({v: 6 for v in range(1, 16)})
    per_colour = Counter()
    for v, k in cards.items():
        per_colour[COLOUR[v]] += k
    assert per_colour == {"blue": 30, "green": 30, "orange": 30}


@pytest.mark.parametrize("bottom", range(1, 16))
def test_stacking_only_on_the_same_colour(bottom: int) -> None:
    # Seat 0 lays `bottom` as a pile in front of himself; seat 1 may put exactly
    # the cards of that colour on it (the colour table, checked through play).
    for chunk in ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)):
        s = play(start([[bottom] * 3, list(chunk)]), (bottom, 0))
        on_pile = {a["card"] for a in G.legal_actions(s) if a["target"] == 0 and a["pile"] == 0}
        assert on_pile == {c for c in chunk if COLOUR[c] == COLOUR[bottom]}
        for c in chunk:
            if COLOUR[c] != COLOUR[bottom]:
                with pytest.raises(IllegalAction):
                    G.apply(s, act(c, 0, 0))


# -------------------------------------------------------------------- deal
def test_deal_order_and_draw_pile() -> None:
    s = G.new_game(players=3, seed=1, deck=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    assert [G.view(s, p)["hand"] for p in range(3)] == [[1, 4, 7], [2, 5, 8], [3, 6, 9]]
    v = G.view(s, 0)
    assert v["hand_sizes"] == [3, 3, 3] and v["deck_size"] == 3
    assert v["current_player"] == 0 == s.current_player
    assert v["tableaux"] == [[], [], []] and v["totals"] == [0, 0, 0] and v["rounds"] == []
    assert full_state(s)["deck"] == [10, 11, 12]


def test_deal_starts_with_option_first_player() -> None:
    s = G.new_game(players=3, seed=1, deck=list(range(1, 13)), options={"first_player": 2})
    assert [G.view(s, p)["hand"] for p in range(3)] == [[2, 5, 8], [3, 6, 9], [1, 4, 7]]
    assert s.current_player == 2
    s = play(s, (1, 2))
    assert s.current_player == 0  # then clockwise
    assert G.view(s, 2)["hand"] == [4, 7, 10]


def test_option_first_player_is_checked() -> None:
    for bad in (3, -1):
        with pytest.raises(ValueError, match="first_player"):
            G.new_game(players=3, seed=1, options={"first_player": bad})
    with pytest.raises(ValueError, match="first_player"):
        G.new_game(players=3, seed=1, options={"first_player": "1"})
    for bad in (0, 10_001):
        with pytest.raises(ValueError, match="target"):
            G.new_game(players=3, seed=1, options={"target": bad})


def test_drawing_after_a_play() -> None:
    s = G.new_game(players=3, seed=1, deck=list(range(1, 13)))
    s1 = play(s, (1, 0))
    assert G.view(s1, 0)["hand"] == [4, 7, 10]  # the top of the draw pile
    assert G.view(s1, 0)["deck_size"] == 2 and G.view(s1, 0)["hand_sizes"] == [3, 3, 3]
    s2 = play(s1, (2, 1))
    assert G.view(s2, 1)["hand"] == [5, 8, 11]
    assert G.view(s, 0)["hand"] == [1, 4, 7]  # apply never changes its argument


# -------------------------------------------------------------- placements
def test_play_in_front_of_any_player_including_yourself() -> None:
    s = start([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    targets = {a["target"] for a in G.legal_actions(s)}
    assert targets == {0, 1, 2}
    s = play(s, (2, 2))  # seat 0 -> seat 2
    assert tableaux(s) == [[], [], [[2]]]
    s = play(s, (4, 1))  # seat 1 -> himself
    assert tableaux(s) == [[], [[4]], [[2]]]
    s = play(s, (7, 0))  # seat 2 -> seat 0
    s = play(s, (1, 2))  # seat 0 -> seat 2, a second pile at the right end
    assert tableaux(s) == [[[7]], [[4]], [[2], [1]]]
    s = play(s, (6, 2, 0))  # seat 1 stacks orange on seat 2's orange pile
    assert tableaux(s) == [[[7]], [[4]], [[2, 6], [1]]]


def test_new_pile_goes_to_the_right_end() -> None:
    s = play(start([[1, 3, 2], [15, 15, 15]], draw=[15] * 3), (1, 0), (15, 1), (3, 0), (15, 1, 0), (2, 0))
    assert tableaux(s)[0] == [[1], [3], [2]]


# ----------------------------------------------------------------- merging
def test_merge_played_pile_goes_on_top_of_the_left_one() -> None:
    # Seat 0: [4] [1]; playing 4 on the 1 shows two 4s -> the played pile [1, 4]
    # goes on top of [4], which keeps its place.
    s = play(start([[4, 1, 4], [15, 15, 15]], draw=[15] * 3), (4, 0), (15, 1), (1, 0), (15, 1, 0))
    assert tableaux(s)[0] == [[4], [1]]
    s = play(s, (4, 0, 1))
    assert tableaux(s)[0] == [[4, 1, 4]]
    event = [e for e in G.view(s, 0)["log"] if e["e"] == "play"][-1]
    assert event["merged"] == 0


def test_merge_played_pile_left_of_the_other() -> None:
    # [1] [12] [4] [7]; 4 on the 1 -> [1, 4] goes on top of [4]; row order kept.
    hands = [[1, 12, 4], [13, 13, 13]]
    draw = [7, 13, 4, 13, 9, 13]
    s = play(start(hands, draw), (1, 0), (13, 1), (12, 0), (13, 1, 0), (4, 0), (13, 1, 0), (7, 0), (13, 1, 0))
    assert tableaux(s)[0] == [[1], [12], [4], [7]]
    s = play(s, (4, 0, 0))
    assert tableaux(s)[0] == [[12], [4, 1, 4], [7]]
    assert [e for e in G.view(s, 0)["log"] if e["e"] == "play"][-1]["merged"] == 1


def test_merge_when_a_new_pile_equals_a_top() -> None:
    s = play(start([[4, 7, 4], [15, 15, 15]], draw=[15] * 3), (4, 0), (15, 1), (7, 0), (15, 1, 0))
    s = play(s, (4, 0))  # a new 4 joins the existing 4, in its place
    assert tableaux(s)[0] == [[4, 4], [7]]


def test_merge_in_an_opponents_tableau() -> None:
    s = play(start([[8, 11, 11], [8, 15, 15]], draw=[15] * 3), (8, 1), (15, 1), (11, 1, 0))
    assert tableaux(s)[1] == [[8, 11], [15]]
    s = play(s, (8, 1))  # seat 1 lays a new 8: no merge, 8 is no longer a top
    assert tableaux(s)[1] == [[8, 11], [15], [8]]
    s = play(s, (11, 1, 2))  # seat 0 turns that 8 into 11 -> merges onto the first pile
    assert tableaux(s)[1] == [[8, 11, 8, 11], [15]]


def test_merge_keeps_a_five_pile_tableau_in_play() -> None:
    # Five piles, then a "sixth" new pile equal to a top merges: still 5 piles, no round end.
    hands = [[1, 3, 2], [15, 15, 15]]
    draw = [4, 15, 5, 15, 3, 15]
    s = play(start(hands, draw), (1, 0), (15, 1), (3, 0), (15, 1, 0), (2, 0), (15, 1, 0), (4, 0), (15, 1, 0), (5, 0))
    assert tableaux(s)[0] == [[1], [3], [2], [4], [5]]
    s = play(s, (15, 1, 0), (3, 0))
    assert tableaux(s)[0] == [[1], [3, 3], [2], [4], [5]]
    v = G.view(s, 0)
    assert v["round"] == 1 and v["rounds"] == [] and s.current_player == 1


def test_tops_stay_distinct_when_stacking_the_same_value() -> None:
    s = play(start([[14, 14, 2], [15, 15, 15]], draw=[15] * 3), (14, 0), (15, 1), (14, 0, 0))
    assert tableaux(s)[0] == [[14, 14]]
    s = play(s, (15, 1, 0), (2, 0, 0))  # cover a 14 with a 2 (the sheet's example)
    assert tableaux(s)[0] == [[14, 14, 2]]


# ------------------------------------------------------- hands and the deck
def test_hands_shrink_and_the_round_ends_when_all_cards_are_played() -> None:
    s = start([[1, 3, 2], [4, 5, 6]])  # exactly 6 cards: no draw pile
    s = play(s, (1, 0))
    assert G.view(s, 0)["hand_sizes"] == [2, 3] and G.view(s, 0)["deck_size"] == 0
    s = play(s, (4, 1), (3, 0), (5, 1), (2, 0))
    assert G.view(s, 0)["hand_sizes"] == [0, 1] and s.current_player == 1
    assert G.legal_actions(s) == [act(6, 0, 2), act(6, 0, None), act(6, 1, None)]  # 6 on seat 0's 2
    s = play(s, (6, 1))
    v = G.view(s, 1)
    assert v["rounds"] == [[6, 15]]  # [1, 3, 2] and [4, 5, 6]: three colours each
    assert v["round_results"][0]["reason"] == "empty" and v["round_results"][0]["by"] is None
    assert v["round"] == 2 and v["totals"] == [6, 15] == G.scores(s)


def test_short_deck_unequal_hands() -> None:
    # 5 cards for 3 players: 2, 2, 1. Turns 0, 1, 2, 0, 1; then seat 2 (empty) is skipped and the round ends.
    s = G.new_game(players=3, seed=2, deck=[1, 2, 3, 4, 5])
    assert G.view(s, 0)["hand_sizes"] == [2, 2, 1]
    order = []
    for card, target in ((1, 0), (2, 0), (3, 0), (4, 1), (5, 1)):
        order.append(s.current_player)
        s = play(s, (card, target))
    assert order == [0, 1, 2, 0, 1]
    v = G.view(s, 0)
    assert v["rounds"] == [[6, 0, 0]] and v["round"] == 2


def test_a_player_with_an_empty_hand_is_skipped() -> None:
    # Dealing round-robin never leaves a seat empty-handed before the next one,
    # so no game reaches this position and from_json refuses it; the engine's
    # turn order is tested on an edited state built directly.
    s = G.new_game(players=3, seed=2, deck=[1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError, match="do not follow from the deal"):
        edited(s, hands=[[1, 4], [], [3, 6]])
    s = State(G.name, {**json.loads(G.to_json(s))["state"], "hands": [[1, 4], [], [3, 6]]})
    s = play(s, (1, 0))
    assert s.current_player == 2
    s = play(s, (3, 0))
    assert s.current_player == 0
    s = play(s, (4, 0))
    assert s.current_player == 2
    s = play(s, (6, 0))  # every hand is empty now
    v = G.view(s, 0)
    assert v["round_results"][0]["reason"] == "empty"
    assert v["round_results"][0]["tops"] == [[1, 3, 4, 6], [], []]
    assert v["rounds"] == [[14, 0, 0]]


def test_empty_deck_round_ends_at_once_and_next_round_is_full() -> None:
    s = G.new_game(players=2, seed=4, deck=[])
    v = G.view(s, 0)
    assert v["rounds"] == [[0, 0]] and v["round_results"][0]["reason"] == "empty"
    assert v["round"] == 2 and v["round_first"] == 1 and s.current_player == 1
    assert v["hand_sizes"] == [3, 3] and v["deck_size"] == 84


# ---------------------------------------------------------------- round end
def six_pile_game(target: int = 150):
    """Seat 0 lays 1 3 2 4 5 6 (21 points); seat 1 ends on [4 1 4] [7] [10] (21 points)."""
    s = start([[1, 3, 2], [4, 7, 10]], draw=[4, 1, 5, 4, 6], target=target)
    before = play(s, (1, 0), (4, 1), (3, 0), (7, 1), (2, 0), (10, 1), (4, 0), (1, 1, 0), (5, 0), (4, 1, 0))
    return before, play(before, (6, 0))


def test_sixth_pile_ends_the_round_at_once() -> None:
    before, after = six_pile_game()
    assert tableaux(before) == [[[1], [3], [2], [4], [5]], [[4, 1, 4], [7], [10]]]
    v = G.view(after, 0)
    assert v["rounds"] == [[21, 21]] and v["totals"] == [21, 21] == G.scores(after)
    res = v["round_results"][0]
    assert res["reason"] == "six" and res["by"] == 0 and res["round"] == 1
    assert res["tops"] == [[1, 3, 2, 4, 5, 6], [4, 7, 10]] and res["scores"] == [21, 21]
    # The next round is already dealt, with the next seat first.
    assert v["round"] == 2 and v["round_first"] == 1 and after.current_player == 1
    assert v["tableaux"] == [[], []] and v["hand_sizes"] == [3, 3] and v["deck_size"] == 84
    assert not G.is_over(after) and G.winners(after) == []


def test_sixth_pile_onto_an_opponent_who_lacks_a_colour() -> None:
    hands = [[2, 3, 1], [1, 4, 8]]
    draw = [14, 11, 15, 13, 12]
    s = play(start(hands, draw), (2, 0), (1, 1), (3, 0), (4, 1), (1, 0), (8, 1), (14, 0), (11, 1), (15, 0), (13, 1))
    assert tableaux(s) == [[[2], [3], [1], [14], [15]], [[1], [4], [8], [11], [13]]]
    assert act(12, 1, None) in G.legal_actions(s)
    s = play(s, (12, 1))  # a sixth pile in front of seat 1: blue + green only
    res = G.view(s, 0)["round_results"][0]
    assert res["reason"] == "six" and res["by"] == 0
    assert res["tops"] == [[2, 3, 1, 14, 15], [1, 4, 8, 11, 13, 12]]
    assert res["scores"] == [35, 0]


def test_three_colours_or_nothing() -> None:
    # Seat 0: blue and orange only (high values) -> 0; seat 1: 1 + 3 + 2 -> 6.
    s = start([[13, 14, 11], [1, 3, 2]])
    s = play(s, (13, 0), (1, 1), (14, 0), (3, 1), (11, 0), (2, 1))
    v = G.view(s, 0)
    assert v["round_results"][0]["tops"] == [[13, 14, 11], [1, 3, 2]]
    assert v["rounds"] == [[0, 6]]


def test_only_top_cards_count() -> None:
    s = start([[13, 1, 14], [3, 2, 15]])
    s = play(s, (13, 0), (3, 0), (1, 0, 0), (2, 0), (14, 0, 2), (15, 0, 1))
    v = G.view(s, 0)
    assert v["round_results"][0]["tops"] == [[1, 15, 14], []]
    assert v["rounds"] == [[30, 0]]


# ------------------------------------------------------ rounds and the match
def test_next_round_is_shuffled_from_all_90_cards() -> None:
    _, after = six_pile_game()
    st = full_state(after)
    cards = Counter(st["deck"])
    for h in st["hands"]:
        cards.update(h)
    assert cards == Counter({v: 6 for v in range(1, 16)})
    assert st["deck"] != sorted(st["deck"])
    # The shuffle comes from the state's RNG: same seed, same round 2; other seed, other round 2.
    _, again = six_pile_game()
    assert G.to_json(again) == G.to_json(after)
    other = G.new_game(players=2, seed=8, deck=deal([[1, 3, 2], [4, 7, 10]], [4, 1, 5, 4, 6]))
    other = play(other, (1, 0), (4, 1), (3, 0), (7, 1), (2, 0), (10, 1), (4, 0), (1, 1, 0), (5, 0), (4, 1, 0), (6, 0))
    assert full_state(other)["deck"] != st["deck"]


def test_each_round_starts_with_the_next_seat() -> None:
    s = G.new_game(players=3, seed=5, deck=[], options={"first_player": 2, "target": 10_000})
    assert G.view(s, 0)["round_first"] == 0 and s.current_player == 0  # round 1 (seat 2) was empty
    firsts = []
    for _ in range(3):
        firsts.append(G.view(s, 0)["round_first"])
        r = G.view(s, 0)["round"]
        while G.view(s, 0)["round"] == r:
            s = G.apply(s, G.legal_actions(s)[-1])  # always a new pile in front of the last seat
    assert firsts == [0, 1, 2]
    v = G.view(s, 0)
    assert len(v["rounds"]) == len(v["round_results"]) == v["round"] - 1 == 4
    assert [sum(col) for col in zip(*v["rounds"])] == v["totals"] == G.scores(s)
    assert [r["totals"] for r in v["round_results"]][-1] == v["totals"]


def test_match_target_ends_the_match() -> None:
    _, after = six_pile_game(target=22)
    assert not G.is_over(after) and G.view(after, 0)["round"] == 2
    _, after = six_pile_game(target=21)
    assert G.is_over(after) and after.current_player is None
    assert G.legal_actions(after) == []
    assert G.winners(after) == [0, 1]  # equal highest totals share the win
    v = G.view(after, 1)
    assert v["over"] and v["winners"] == [0, 1] and v["rounds"] == [[21, 21]]
    # The final tableaux stay on show.
    assert v["tableaux"] == [[[1], [3], [2], [4], [5], [6]], [[4, 1, 4], [7], [10]]]
    with pytest.raises(IllegalAction, match="over"):
        G.apply(after, act(6, 0))


def test_single_winner_with_the_highest_total() -> None:
    s = start([[1, 3, 2], [13, 14, 11]], target=1)
    s = play(s, (1, 0), (13, 1), (3, 0), (14, 1), (2, 0), (11, 1))
    assert G.is_over(s) and G.scores(s) == [6, 0] and G.winners(s) == [0]


def test_default_target_is_150() -> None:
    s = G.new_game(players=2, seed=1)
    assert G.view(s, 0)["target"] == 150 == G.view(s, 0)["options"]["target"]
    assert G.view(s, 0)["options"]["first_player"] == 0


# ------------------------------------------------------ exact legal actions
def test_legal_actions_at_the_start() -> None:
    s = start([[1, 1, 2], [4, 5, 6]])
    # Two copies of a card give one action; every card may start a pile in front of anyone.
    assert G.legal_actions(s) == [act(1, 0), act(1, 1), act(2, 0), act(2, 1)]


def test_legal_actions_list_order_and_piles() -> None:
    s = play(start([[1, 3, 2], [4, 6, 12]], draw=[8, 9]), (1, 0), (12, 0))
    assert tableaux(s) == [[[1], [12]], []]
    assert G.legal_actions(s) == [
        act(2, 0, None), act(2, 1, None),
        act(3, 0, 1), act(3, 0, None), act(3, 1, None),
        act(8, 0, 0), act(8, 0, None), act(8, 1, None),
    ]


def test_legal_actions_on_a_five_pile_tableau() -> None:
    before, _ = six_pile_game()
    # Seat 0 holds 6 (drawn) and whatever remains; list them all and count them.
    hand = G.view(before, 0)["hand"]
    assert hand == [6]
    assert G.legal_actions(before) == [act(6, 0, 2), act(6, 0, None), act(6, 1, 2), act(6, 1, None)]


def count_leaves(state, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(count_leaves(G.apply(state, a), depth - 1) for a in G.legal_actions(state))


def test_perft_counts() -> None:
    # Seat 0: 1 (blue) 2 (orange) 3 (green); seat 1: 4 (blue) 5 (green) 6 (orange); then 7, 9, 11 ...
    s = start([[1, 2, 3], [4, 5, 6]], draw=[7, 9, 11, 12])
    assert count_leaves(s, 1) == 6  # 3 cards x 2 tableaux, new piles only
    assert count_leaves(s, 2) == 42  # 6 x (6 new piles + 1 card of the pile's colour on it)
    # Deeper counts, cross-checked with an independent brute-force model of "A round" in docs/rules/klats.md.
    assert count_leaves(s, 3) == 302
    assert count_leaves(s, 4) == 2408
    s3 = G.new_game(players=6, seed=1, deck=list(range(1, 16)) + [1, 2, 3])
    assert len(G.legal_actions(s3)) == 18  # 3 distinct cards x 6 tableaux


# ------------------------------------------------------------ illegal input
def test_illegal_actions_name_what_is_allowed() -> None:
    s = play(start([[1, 3, 2], [4, 6, 12]], draw=[8, 9]), (1, 0))
    saved = G.to_json(s)
    with pytest.raises(IllegalAction, match=r"not legal now; legal 'play' actions: .*\"card\":4.*\"pile\":0.*\"target\":0"):
        G.apply(s, act(6, 0, 0))  # orange on blue
    with pytest.raises(IllegalAction, match="not legal now"):
        G.apply(s, act(1, 0))  # not in hand
    with pytest.raises(IllegalAction, match="not legal now"):
        G.apply(s, act(4, 2))  # no seat 2
    with pytest.raises(IllegalAction, match="not legal now"):
        G.apply(s, act(4, 0, 1))  # no pile 1
    with pytest.raises(IllegalAction, match="not legal now"):
        G.apply(s, {"type": "play", "card": 4, "target": 0, "pile": False})  # false is not 0
    with pytest.raises(IllegalAction, match=r"exactly the keys \['card', 'pile', 'target', 'type'\]"):
        G.apply(s, {"type": "play", "card": 4, "target": 0})
    with pytest.raises(IllegalAction, match=r"possible: play"):
        G.apply(s, {"type": "draw"})
    with pytest.raises(IllegalAction, match="dict"):
        G.apply(s, "play 4")
    assert G.to_json(s) == saved
    # Key order does not matter.
    s2 = G.apply(s, {"pile": 0, "target": 0, "card": 4, "type": "play"})
    assert tableaux(s2)[0] == [[1, 4]]


def test_message_lists_up_to_eight_and_counts_the_rest() -> None:
    s = start([[1, 3, 2], [4, 6, 12], [5, 7, 8]])  # 3 cards x 3 tableaux = 9 actions
    with pytest.raises(IllegalAction) as info:
        G.apply(s, act(5, 0))
    message = str(info.value)
    assert message.startswith("klats: seat 0: ") and '{"card":5,"pile":null,"target":0,"type":"play"}' in message
    assert message.count('"type":"play"') == 9 and message.endswith("and 1 more")


# ---------------------------------------------------------- saved positions
def test_short_deck_games_round_trip() -> None:
    s = play(G.new_game(players=3, seed=2, deck=[1, 2, 3, 4, 5, 6, 7]), (1, 0))
    text = G.to_json(s)
    assert G.to_json(G.from_json(text)) == text


def test_tampered_saves_are_refused() -> None:
    s = play(start([[1, 3, 2], [4, 6, 12]], draw=[8, 9]), (1, 0))
    for changes, reason in (
        ({"tableaux": [[[1, 2]], []]}, "mixed-colour"),
        ({"tableaux": [[[1], [1]], []]}, "equal top"),
        ({"hands": [[3, 2, 8, 8], [4, 6, 12]]}, "at most 3"),
        ({"totals": [5, 0]}, "add up"),
        ({"tableaux": [[[1], [3], [2], [4], [5], [6]], []]}, "piles during a round"),
    ):
        with pytest.raises(ValueError, match=reason):
            edited(s, **changes)


def test_determinize_matches_the_view_of_a_short_deck() -> None:
    s = G.new_game(players=2, seed=2, deck=[1, 2, 3, 4, 5, 6, 7, 8])
    v = G.view(s, 0)
    d = G.determinize(v, Rng.from_seed(3))
    assert G.view(d, 0)["deck_size"] == v["deck_size"] == 2
    assert G.view(d, 0)["hand"] == v["hand"] and G.view(d, 0)["hand_sizes"] == v["hand_sizes"]

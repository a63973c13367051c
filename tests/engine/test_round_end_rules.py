"""Rules about the end of a round, as scenarios with a fixed ``deck``.

* Клац!: when a sixth pile ends the round, the player who made it does not draw
  (docs/rules/klats.md: the round ends at once).
* RPS-ZOMBIE: once the game is over, ``revealed`` in the view shows only the
  cards of the round being resolved when it ended – none when the game ended
  for want of cards before a round – never a previous round's cards.
"""

from __future__ import annotations

from typing import Any

from pygames_core import games

KLATS = games.get("klats")
RPS = games.get("rps_zombie")


def klats_play(state: Any, *moves: tuple[int, ...]) -> Any:
    for card, target, *pile in moves:
        state = KLATS.apply(state, {"type": "play", "card": card, "target": target, "pile": pile[0] if pile else None})
    return state


def test_a_sixth_pile_ends_the_round_without_a_draw() -> None:
    # Hands 1 3 2 / 4 7 10 dealt alternately; the draw pile still holds two 12s when seat 0 lays his sixth pile.
    deck = [1, 4, 3, 7, 2, 10] + [4, 1, 5, 4, 6, 9, 9, 9, 9, 9, 12, 12]
    s = KLATS.new_game(players=2, seed=1, deck=deck)
    s = klats_play(s, (1, 0), (4, 1), (3, 0), (7, 1), (2, 0), (10, 1), (4, 0), (1, 1, 0), (5, 0), (4, 1, 0))
    assert KLATS.view(s, 0)["deck_size"] == 2 and KLATS.view(s, 0)["hand"] == [6, 9, 9]
    before = len(s.data["log"])
    s = klats_play(s, (6, 0))
    events = [e["e"] for e in s.data["log"][before:]]
    assert events[:2] == ["play", "round_end"], "no draw between the sixth pile and the round's end"
    result = KLATS.view(s, 0)["round_results"][0]
    assert result["reason"] == "six" and result["by"] == 0
    assert result["tops"] == [[1, 3, 2, 4, 5, 6], [4, 7, 10]]


def test_a_play_that_leaves_five_piles_still_draws() -> None:
    deck = [1, 4, 3, 7, 2, 10] + [4, 1, 5, 4, 6, 9]
    s = klats_play(KLATS.new_game(players=2, seed=1, deck=deck), (1, 0))
    assert [e["e"] for e in s.data["log"][-2:]] == ["play", "draw"]


def rps_game(deck: list[str]) -> Any:
    s = RPS.new_game(players=2, seed=1, deck=deck)
    return RPS.apply(s, {"type": "choose_trophy", "kind": "rock"})


def test_revealed_is_empty_when_the_deck_runs_out_before_a_round() -> None:
    s = rps_game(["paper", "rock"])
    v = RPS.view(s, 0)
    assert v["revealed"] == ["paper", "rock"] and v["phase"] == "contest"
    s = RPS.apply(s, {"type": "pass"})  # seat 0 wins the paper; no card is left for another round
    v = RPS.view(s, 1)
    assert v["over"] and v["end_reason"] == "deck" and v["winners"] == [0]
    assert v["revealed"] == [None, None] and v["table"] == [None, None]
    assert RPS.from_json(RPS.to_json(s))


def test_revealed_shows_the_round_that_ended_the_game() -> None:
    # Seat 1 reveals a zombie every round and seat 0 (paper only) cannot kill it: the third bite ends the game.
    s = RPS.new_game(players=2, seed=1, deck=["paper", "zombie"] * 3 + ["rock", "rock"])
    s = RPS.apply(s, {"type": "choose_trophy", "kind": "paper"})  # no decision is left after this
    v = RPS.view(s, 0)
    assert v["over"] and v["end_reason"] == "survival" and v["winners"] == [1] and v["round"] == 3
    assert v["revealed"] == ["paper", "zombie"] and v["deck_size"] == 2

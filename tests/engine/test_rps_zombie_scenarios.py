"""Known answers for Камень, ножницы, бумага и … ЗОМБИ!!! (``rps_zombie``): fixed decks, docs/rules/rps_zombie.md.

A fixed ``deck`` is the draw pile after the starting-trophy choice, top first;
each round the players still in reveal one card each in turn order (the first
player first).  Every player starts with one trophy of the chosen kind, which
the scenarios pick so that it does (or does not) give a defence or an intervention.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from pygames_core import IllegalAction, games
from pygames_core.base import State
from pygames_core.jsonio import canonical, checksum
from pygames_core.rng import Rng
from pygames_core.rps_zombie import rules
from pygames_core.rps_zombie.rules import Outcome, contest_outcome

G = games.get("rps_zombie")


# ---------------------------------------------------------------- helpers
def start(deck: list[str], players: int = 2, kind: str = "paper", **options: Any) -> State:
    """A game with the fixed draw pile ``deck``, after the first player chose ``kind``."""
    s = G.new_game(players=players, seed=1, deck=deck, options=options or None)
    assert s.data["phase"] == "choose_trophy"
    return act(s, {"type": "choose_trophy", "kind": kind})


def act(s: State, action: dict[str, Any]) -> State:
    out = G.apply(s, action)
    G.from_json(G.to_json(out))  # every state passes the full consistency check
    return out


def pass_all(s: State) -> State:
    """Everyone passes in the trophy contest(s) now pending."""
    while s.data["phase"] == "contest":
        s = act(s, {"type": "pass"})
    return s


def events(s: State, name: str) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in ("n", "e")} for e in s.data["log"] if e["e"] == name]


def names(s: State) -> list[str]:
    return [e["e"] for e in s.data["log"]]


def players(s: State) -> list[dict[str, Any]]:
    return G.view(s, 0)["players"]


def legal(s: State) -> list[str]:
    return [canonical(a) for a in G.legal_actions(s)]


# -------------------------------------------------------- the pure rules
def test_beats() -> None:
    assert rules.beats("rock", "scissors") and rules.beats("scissors", "paper") and rules.beats("paper", "rock")
    for a in rules.TROPHY_KINDS:
        assert not rules.beats(a, a)
        assert sum(rules.beats(a, b) for b in rules.TROPHY_KINDS) == 1
    assert not rules.beats("zombie", "brain")


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # one card: its owner wins
        ({0: "rock"}, Outcome("win", 0, ())),
        ({2: "paper"}, Outcome("win", 2, ())),
        # two different kinds: the beating card wins
        ({0: "rock", 1: "scissors"}, Outcome("win", 0, ())),
        ({0: "scissors", 1: "rock"}, Outcome("win", 1, ())),
        ({0: "scissors", 1: "paper"}, Outcome("win", 0, ())),
        ({0: "paper", 1: "scissors"}, Outcome("win", 1, ())),
        ({0: "paper", 1: "rock"}, Outcome("win", 0, ())),
        ({0: "rock", 1: "paper"}, Outcome("win", 1, ())),
        # two of one kind: redraw
        ({0: "rock", 1: "rock"}, Outcome("redraw", None, (0, 1))),
        ({1: "paper", 0: "paper"}, Outcome("redraw", None, (1, 0))),
        # 3.1 all three kinds: nobody
        ({0: "rock", 1: "scissors", 2: "paper"}, Outcome("nobody", None, ())),
        # 3.2 rock-rock-paper: paper wins
        ({0: "rock", 1: "rock", 2: "paper"}, Outcome("win", 2, ())),
        # 3.3 rock-scissors-scissors: rock wins
        ({0: "rock", 1: "scissors", 2: "scissors"}, Outcome("win", 0, ())),
        # 3.4 scissors-scissors-paper: the scissors redraw
        ({0: "scissors", 1: "scissors", 2: "paper"}, Outcome("redraw", None, (0, 1))),
        # 3.5 rock-rock-scissors: the rocks redraw
        ({0: "rock", 1: "rock", 2: "scissors"}, Outcome("redraw", None, (0, 1))),
        # 3.6 paper-paper-scissors: scissors win
        ({0: "paper", 1: "paper", 2: "scissors"}, Outcome("win", 2, ())),
        # the sheet's missing line, paper-paper-rock: the papers redraw
        ({0: "paper", 1: "rock", 2: "paper"}, Outcome("redraw", None, (0, 2))),
        # all three alike: all redraw
        ({0: "scissors", 1: "scissors", 2: "scissors"}, Outcome("redraw", None, (0, 1, 2))),
    ],
)
def test_contest_outcome_table(cards: dict[int, str], expected: Outcome) -> None:
    assert contest_outcome(cards) == expected


def test_contest_outcome_exhaustive_properties() -> None:
    for n in (1, 2, 3):
        for combo in itertools.product(rules.TROPHY_KINDS, repeat=n):
            out = contest_outcome(dict(enumerate(combo)))
            if out.result == "win":
                mine = combo[out.winner]
                assert all(k == mine or rules.beats(mine, k) for k in combo)
                assert combo.count(mine) == 1
            elif out.result == "redraw":
                tied = {combo[p] for p in out.tied}
                assert len(tied) == 1 and len(out.tied) >= 2
                assert all(k in tied or rules.beats(next(iter(tied)), k) for k in combo)
            else:
                assert set(combo) == set(rules.TROPHY_KINDS)


def test_contest_outcome_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        contest_outcome({})
    with pytest.raises(ValueError):
        contest_outcome({0: "rock", 1: "rock", 2: "rock", 3: "rock"})
    with pytest.raises(ValueError, match="not a trophy kind"):
        contest_outcome({0: "zombie"})


# -------------------------------------------------------------- setup
def test_setup_default_deck_sizes_and_choice() -> None:
    for n, per in ((2, 3), (3, 2)):
        s = G.new_game(players=n, seed=3)
        v = G.view(s, 0)
        assert v["phase"] == "choose_trophy" and v["current_player"] == 0
        assert v["deck_size"] == 57 - per * n
        assert [p["brains"] for p in v["players"]] == [per] * n
        assert v["revealed"] == [None] * n
        assert sorted(canonical(a) for a in G.legal_actions(s)) == sorted(
            canonical({"type": "choose_trophy", "kind": k}) for k in ("rock", "scissors", "paper")
        )
        s2 = G.apply(s, {"type": "choose_trophy", "kind": "scissors"})
        assert events(s2, "choose_trophy") == [{"seat": 0, "kind": "scissors"}]
        v2 = G.view(s2, 0)
        # Every player has his starting scissors (or lost it already to a zombie in round 1).
        assert events(s2, "round_start")[0]["deck_size"] == 57 - per * n - n
        assert v2["round"] == 1


def test_brains_in_deck_2p_option() -> None:
    s = G.new_game(players=2, seed=3, options={"brains_in_deck_2p": 2})
    v = G.view(s, 1)
    assert v["deck_size"] == 50 and v["set_aside"] == ["brain"] and v["set_aside_size"] == 1
    s = G.apply(s, {"type": "choose_trophy", "kind": "rock"})
    assert events(s, "round_start")[0]["deck_size"] == 48
    assert G.view(s, 0)["set_aside"] == ["brain"]
    # The default keeps all three spare brains in the pile.
    d = G.new_game(players=2, seed=3)
    assert G.view(d, 0)["deck_size"] == 51 and G.view(d, 0)["set_aside"] == []
    # A fixed deck may hold at most the brains that go into the pile.
    G.new_game(players=2, seed=1, deck=["brain"] * 3)
    with pytest.raises(ValueError, match="brain"):
        G.new_game(players=2, seed=1, deck=["brain"] * 3, options={"brains_in_deck_2p": 2})
    G.new_game(players=2, seed=1, deck=["brain"] * 2, options={"brains_in_deck_2p": 2})
    G.new_game(players=3, seed=1, deck=["brain"] * 3)
    with pytest.raises(ValueError, match="brain"):
        G.new_game(players=3, seed=1, deck=["brain"] * 4)
    for bad in (1, 4):
        with pytest.raises(ValueError, match="brains_in_deck_2p"):
            G.new_game(players=2, seed=1, options={"brains_in_deck_2p": bad})


def test_fixed_deck_trophy_limits_and_set_aside_cards() -> None:
    G.new_game(players=2, seed=1, deck=["rock"] * 9)
    with pytest.raises(ValueError, match="at most 9"):
        G.new_game(players=2, seed=1, deck=["rock"] * 10)
    G.new_game(players=3, seed=1, deck=["paper"] * 8)
    with pytest.raises(ValueError, match="at most 8"):
        G.new_game(players=3, seed=1, deck=["paper"] * 9)
    s = start(["zombie", "rock"], kind="scissors")
    v = G.view(s, 0)
    # The starting trophies came from outside the pile; the other cards are set aside, unseen.
    assert v["deck_preset"] is True and v["set_aside"] is None
    assert v["set_aside_size"] == 57 - 6 - 2 - 2
    data = s.data
    assert data["aside"].count("scissors") == 9


def test_first_player_option() -> None:
    s = G.new_game(players=3, seed=1, deck=["rock", "scissors", "paper", "brain"], options={"first_player": 1})
    assert s.current_player == 1
    s = act(s, {"type": "choose_trophy", "kind": "paper"})
    assert events(s, "choose_trophy") == [{"seat": 1, "kind": "paper"}]
    # Seat 1 reveals first, then 2, then 0.
    assert events(s, "reveal")[0]["cards"] == ["paper", "rock", "scissors"]
    # Interventions start with the first player: seat 1 (rock) may dump his paper trophy,
    # so may seat 2 (scissors); seat 0 (paper card, paper trophy) has nothing but pass.
    assert s.data["phase"] == "contest" and s.current_player == 1
    pending = G.view(s, 0)["pending"]
    assert pending["to_ask"] == [1, 2, 0] and pending["may_intervene"] == [1, 2]
    s = act(s, {"type": "pass"})
    assert s.current_player == 2
    s = act(s, {"type": "pass"})
    assert "no_winner" in names(s)
    with pytest.raises(ValueError, match="first_player"):
        G.new_game(players=2, seed=1, options={"first_player": 2})


# ------------------------------------------------------------ contests
def _contest_2p(cards: list[str]) -> State:
    # Starting trophy zombie-proof paper... paper may dump nothing against a paper card.
    return pass_all(start(cards + ["zombie"], kind="paper"))


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["rock", "scissors"], 0), (["scissors", "rock"], 1),
        (["scissors", "paper"], 0), (["paper", "scissors"], 1),
        (["paper", "rock"], 0), (["rock", "paper"], 1),
    ],
)
def test_two_players_beating_card_wins(cards: list[str], winner: int) -> None:
    s = _contest_2p(cards)
    c = events(s, "contest")[0]
    assert c["result"] == "win" and c["winner"] == winner and c["room"] is True
    assert events(s, "trophy_won") == [{"seat": winner, "kind": cards[winner]}]
    assert sorted(players(s)[winner]["trophies"]) == sorted(["paper", cards[winner]])
    # One card left in the pile for two players: the game ended.
    assert G.is_over(s) and G.view(s, 0)["end_reason"] == "deck"


def test_one_card_contest_owner_wins() -> None:
    s = _contest_2p(["brain", "rock"])
    assert events(s, "brain_taken") == [{"seat": 0, "brains": 4}]
    assert events(s, "contest")[0]["result"] == "win"
    assert events(s, "trophy_won") == [{"seat": 1, "kind": "rock"}]


def test_two_players_same_kind_redraw() -> None:
    s = start(["rock", "rock", "scissors", "paper"], kind="paper")
    s = pass_all(s)
    assert events(s, "contest")[0]["result"] == "redraw"
    assert events(s, "redraw") == [{"seats": [0, 1], "ok": True}]
    assert events(s, "reveal")[1] == {"round": 1, "sub": 1, "cards": ["scissors", "paper"]}
    assert events(s, "trophy_won") == [{"seat": 0, "kind": "scissors"}]


@pytest.mark.parametrize(
    ("cards", "result", "winner", "tied"),
    [
        (["rock", "scissors", "paper"], "nobody", None, []),  # 3.1
        (["rock", "rock", "paper"], "win", 2, []),  # 3.2
        (["rock", "scissors", "scissors"], "win", 0, []),  # 3.3
        (["scissors", "scissors", "paper"], "redraw", None, [0, 1]),  # 3.4
        (["rock", "rock", "scissors"], "redraw", None, [0, 1]),  # 3.5
        (["paper", "paper", "scissors"], "win", 2, []),  # 3.6
        (["paper", "rock", "paper"], "redraw", None, [0, 2]),
        (["rock", "rock", "rock"], "redraw", None, [0, 1, 2]),
        (["brain", "scissors", "rock"], "win", 2, []),  # two cards in a 3-player game
    ],
)
def test_three_player_outcome_table(cards: list[str], result: str, winner: int | None, tied: list[int]) -> None:
    # Redraw cards: each tied player gets a brain, so the sub-round has no contest.
    s = pass_all(start(cards + ["brain"] * len(tied), players=3, kind="paper"))
    c = events(s, "contest")[0]
    assert (c["result"], c["winner"], c["tied"]) == (result, winner, tied)
    if result == "win":
        assert events(s, "trophy_won") == [{"seat": winner, "kind": cards[winner]}]
    elif result == "nobody":
        assert "no_winner" in names(s) and not events(s, "trophy_won")
    else:
        assert events(s, "redraw") == [{"seats": tied, "ok": True}]
        assert events(s, "reveal")[1]["cards"] == ["brain" if p in tied else None for p in range(3)]
        assert [e["seat"] for e in events(s, "brain_taken")] == tied
        assert not events(s, "trophy_won")


# -------------------------------------------------------- interventions
def test_pass_lets_the_winner_take_the_trophy() -> None:
    s = start(["paper", "rock", "zombie"], kind="scissors")
    # Seat 0 (paper wins) may dump his scissors; seat 1 may block with scissors or dump.
    assert s.current_player == 0 and legal(s) == [canonical({"type": "dump", "kind": "scissors"}),
                                                  canonical({"type": "pass"})]
    s = act(s, {"type": "pass"})
    assert s.current_player == 1
    assert legal(s) == [canonical(a) for a in ({"type": "block", "with": "scissors"},
                                               {"type": "dump", "kind": "scissors"}, {"type": "pass"})]
    pending = G.view(s, 0)["pending"]
    assert pending["outcome"] == {"result": "win", "winner": 0, "tied": [], "room": True}
    assert pending["block_with"] == "scissors" and pending["to_ask"] == [1]
    s = act(s, {"type": "pass"})
    assert events(s, "pass") == [{"seat": 0}, {"seat": 1}]
    assert events(s, "trophy_won") == [{"seat": 0, "kind": "paper"}]
    assert players(s)[0]["trophies"] == ["scissors", "paper"]


def test_block_stops_the_trophy() -> None:
    s = start(["paper", "rock", "zombie"], kind="scissors")
    s = act(s, {"type": "pass"})
    s = act(s, {"type": "block", "with": "scissors"})
    assert events(s, "block") == [{"seat": 1, "with": "scissors", "against": 0}]
    assert not events(s, "trophy_won")
    assert players(s)[0]["trophies"] == ["scissors"] and players(s)[1]["trophies"] == []
    v = G.view(s, 0)
    assert v["discard"]["scissors"] == 1 and v["discard"]["paper"] == 1 and v["discard"]["rock"] == 1


def test_dump_ends_the_contest_and_frees_a_place() -> None:
    s = start(["paper", "rock", "zombie"], kind="scissors")
    s = act(s, {"type": "dump", "kind": "scissors"})  # the winner himself may dump
    assert events(s, "dump") == [{"seat": 0, "kind": "scissors"}]
    assert not events(s, "trophy_won") and players(s)[0]["trophies"] == []
    assert G.view(s, 0)["discard_size"] == 3


def test_winner_cannot_block_and_block_needs_the_beating_kind() -> None:
    # Seat 0 wins with rock; seat 1 holds rock (does not beat rock): only dump or pass.
    s = start(["rock", "scissors", "zombie"], kind="rock")
    assert s.current_player == 1  # seat 0 (rock card, rock trophy) has nothing but pass
    assert legal(s) == [canonical({"type": "dump", "kind": "rock"}), canonical({"type": "pass"})]
    with pytest.raises(IllegalAction):
        G.apply(s, {"type": "block", "with": "rock"})


def test_no_block_on_a_redraw_or_nobody_but_dump_allowed() -> None:
    s = start(["rock", "scissors", "paper", "zombie", "zombie"], players=3, kind="rock")
    # All three kinds: nobody would win; seats with a card other than rock may dump their rock.
    assert G.view(s, 0)["pending"]["outcome"]["result"] == "nobody"
    assert s.current_player == 1
    assert legal(s) == [canonical({"type": "dump", "kind": "rock"}), canonical({"type": "pass"})]
    s = act(s, {"type": "pass"})
    assert s.current_player == 2
    s = act(s, {"type": "dump", "kind": "rock"})
    assert events(s, "dump") == [{"seat": 2, "kind": "rock"}] and "no_winner" not in names(s)


def test_player_with_only_pass_is_not_asked() -> None:
    # Rock trophies only; seat 0 wins with rock, seat 1 (a brain) cannot block (needs paper),
    # seat 0 cannot dump (his only trophy is rock, his card too): nobody is asked.
    s = start(["rock", "brain", "zombie"], kind="rock")
    assert "pass" not in names(s)
    assert events(s, "trophy_won") == [{"seat": 0, "kind": "rock"}]
    assert G.is_over(s)


# -------------------------------------------------------------- zombies
@pytest.mark.parametrize("card", ["rock", "scissors"])
def test_defend_with_revealed_card(card: str) -> None:
    s = start([card, "zombie", "brain"], kind="paper")
    assert s.data["phase"] == "defend" and s.current_player == 0
    assert legal(s) == [canonical({"type": "defend", "zombie_of": 1, "with": w}) for w in ("revealed", "none")]
    pending = G.view(s, 1)["pending"]
    assert pending == {"decision": "defend", "seat": 0, "zombie_of": 1, "options": ["revealed", "none"],
                       "shield": False}
    assert G.view(s, 1)["threats"] == [{"zombie_of": 1, "target": 0}]
    s = act(s, {"type": "defend", "zombie_of": 1, "with": "revealed"})
    assert events(s, "defend") == [{"seat": 0, "zombie_of": 1, "with": "revealed", "auto": False}]
    assert "bite" not in names(s) and "contest" not in names(s)  # the card was used up
    assert players(s)[0]["brains"] == 3
    assert G.view(s, 0)["discard"] == {"brain": 0, "rock": int(card == "rock"),
                                       "scissors": int(card == "scissors"), "paper": 0, "zombie": 1}


@pytest.mark.parametrize("trophy", ["rock", "scissors"])
def test_defend_with_trophy(trophy: str) -> None:
    s = start(["paper", "zombie", "brain"], kind=trophy)
    assert legal(s) == [canonical({"type": "defend", "zombie_of": 1, "with": w}) for w in (trophy, "none")]
    s = act(s, {"type": "defend", "zombie_of": 1, "with": trophy})
    assert players(s)[0]["brains"] == 3
    # The paper still competes, alone: seat 0 wins it (seat 1 could block paper only with scissors).
    s = pass_all(s)
    assert events(s, "trophy_won") == [{"seat": 0, "kind": "paper"}]
    assert players(s)[0]["trophies"] == ["paper"]


def test_defend_none_bites() -> None:
    s = start(["scissors", "zombie", "brain"], kind="rock")
    s = act(s, {"type": "defend", "zombie_of": 1, "with": "none"})
    assert events(s, "bite") == [{"seat": 0, "zombie_of": 1, "eaten": "own", "brains": 2}]
    assert players(s)[0]["brains"] == 2
    # His scissors still compete and win (room: 1 trophy, 2 brains).
    s = pass_all(s)
    assert events(s, "trophy_won") == [{"seat": 0, "kind": "scissors"}]


def test_forced_bite_is_automatic() -> None:
    s = start(["paper", "zombie", "brain"], kind="paper")
    assert events(s, "defend") == [{"seat": 0, "zombie_of": 1, "with": "none", "auto": True}]
    assert players(s)[0]["brains"] == 2


def test_revealed_brain_shields() -> None:
    s = start(["brain", "zombie", "rock"], kind="paper")
    assert events(s, "bite") == [{"seat": 0, "zombie_of": 1, "eaten": "revealed", "brains": 3}]
    assert "brain_taken" not in names(s)
    assert players(s)[0]["brains"] == 3


def test_revealed_brain_with_a_defence_is_taken() -> None:
    s = start(["brain", "zombie", "rock"], kind="rock")
    pending = G.view(s, 0)["pending"]
    assert pending["shield"] is True and pending["options"] == ["rock", "none"]
    s = act(s, {"type": "defend", "zombie_of": 1, "with": "rock"})
    assert events(s, "brain_taken") == [{"seat": 0, "brains": 4}]


def test_double_bite_with_revealed_brain() -> None:
    # Seat 0 reveals a brain, seats 1 and 2 zombies: everyone is threatened.
    s = start(["brain", "zombie", "zombie", "rock"], players=3, kind="paper")
    assert [(e["seat"], e["zombie_of"], e["eaten"]) for e in events(s, "bite")] == [
        (0, 1, "revealed"), (0, 2, "own"), (1, 2, "own"), (2, 1, "own")]
    assert [p["brains"] for p in players(s)] == [1, 1, 1]


def test_threats_answered_in_turn_order_from_first_player() -> None:
    # Seat 0 reveals a rock, seats 1 and 2 zombies; everyone holds scissors, so every answer is a decision.
    # Targets answer in turn order from the first player, each his zombies in their owners' turn order.
    expected = {
        0: [(0, 1), (0, 2), (1, 2), (2, 1)],
        1: [(1, 2), (2, 1), (0, 1), (0, 2)],
        2: [(2, 1), (0, 2), (0, 1), (1, 2)],
    }
    deck = {0: ["rock", "zombie", "zombie"], 1: ["zombie", "zombie", "rock"], 2: ["zombie", "rock", "zombie"]}
    for first, order in expected.items():
        s = start(deck[first] + ["brain"] * 3, players=3, kind="scissors", first_player=first)
        while s.data["phase"] == "defend":
            pending = G.view(s, 0)["pending"]
            assert pending["seat"] == s.current_player
            s = act(s, {"type": "defend", "zombie_of": pending["zombie_of"], "with": "none"})
        assert [(e["seat"], e["zombie_of"]) for e in events(s, "defend")] == order
        assert events(s, "out") == [{"seat": 0, "trophies": ["scissors"]}]


def test_zombie_threatens_every_other_player() -> None:
    s = start(["zombie", "paper", "paper", "brain", "brain", "brain"], players=3, kind="paper")
    assert [(e["seat"], e["zombie_of"]) for e in events(s, "bite")] == [(1, 0), (2, 0)]


def test_drop_trophy_after_bite() -> None:
    # Round 1: seat 0 wins a paper (rock + paper = 2 trophies under 2 brains).
    deck = ["paper", "brain", "brain", "paper", "zombie", "brain", "rock", "rock", "rock"]
    s = start(deck, players=3, kind="rock")
    s = pass_all(s)
    assert players(s)[0]["trophies"] == ["rock", "paper"]
    # Round 2: seat 1's zombie; seat 0 takes the bite: one brain, two trophies -> drop one.
    assert s.data["phase"] == "defend" and s.current_player == 0
    s = act(s, {"type": "defend", "zombie_of": 1, "with": "none"})
    assert s.data["phase"] == "drop_trophy" and s.current_player == 0
    assert legal(s) == [canonical({"type": "drop_trophy", "kind": k}) for k in ("rock", "paper")]
    assert G.view(s, 2)["pending"] == {"decision": "drop_trophy", "seat": 0, "kinds": ["rock", "paper"]}
    s = act(s, {"type": "drop_trophy", "kind": "paper"})
    assert events(s, "drop_trophy") == [{"seat": 0, "kind": "paper", "auto": False}]
    assert players(s)[0] == {"brains": 1, "trophies": ["rock"], "out": False, "out_round": None}
    # Then seat 2 answers the same zombie.
    assert s.data["phase"] == "defend" and s.current_player == 2


def test_going_out_and_survival_win() -> None:
    # Seat 0 reveals zombies, seat 1 papers; seat 1 wins a paper, then must drop one (forced), then goes out.
    deck = ["zombie", "paper"] * 3 + ["rock", "rock"]
    s = start(deck, kind="paper")
    assert [e["brains"] for e in events(s, "bite")] == [2, 1, 0]
    assert events(s, "trophy_won") == [{"seat": 1, "kind": "paper"}]
    assert events(s, "drop_trophy") == [{"seat": 1, "kind": "paper", "auto": True}]
    assert events(s, "out") == [{"seat": 1, "trophies": ["paper"]}]
    assert G.is_over(s) and G.winners(s) == [0] and G.scores(s) == [3, 0]
    v = G.view(s, 1)
    assert v["end_reason"] == "survival" and v["winners"] == [0] and v["phase"] == "over"
    assert v["players"][1] == {"brains": 0, "trophies": [], "out": True, "out_round": 3}
    assert events(s, "game_end") == [{"reason": "survival", "winners": [0], "brains": [3, 0],
                                      "trophies": [1, 0]}]
    assert v["deck_size"] == 2  # the rest of the pile was never played


def test_three_players_one_out_game_goes_on() -> None:
    deck = ["zombie", "paper", "brain"] * 2 + ["rock", "scissors", "zombie", "zombie"]
    s = start(deck, players=3, kind="paper")
    # Seat 1 loses both brains in two rounds; seat 2's revealed brains shield him.
    assert events(s, "out") == [{"seat": 1, "trophies": ["paper"]}]
    assert events(s, "trophy_discarded") == [{"seat": 1, "kind": "paper"}]  # no free brain in round 1
    assert events(s, "round_start")[2]["seats"] == [0, 2]
    assert events(s, "reveal")[2]["cards"] == ["rock", None, "scissors"]


def test_zombie_bites_even_if_its_owner_went_out_draw() -> None:
    # Both reveal zombies three times: both lose a brain each round, both go out in round 3.
    s = start(["zombie"] * 6 + ["rock"] * 2, kind="paper")
    assert [(e["seat"], e["brains"]) for e in events(s, "bite")][-2:] == [(0, 0), (1, 0)]
    assert G.is_over(s) and G.winners(s) == [0, 1]
    assert G.view(s, 0)["end_reason"] == "survival"


def test_owner_out_zombie_still_bites_survivor() -> None:
    # Seat 0 is answered first and goes out; his zombie still bites seat 1 (who defends).
    s = start(["zombie", "zombie"] * 2 + ["zombie", "zombie", "rock", "rock"], kind="rock")
    for _ in range(2):
        s = act(s, {"type": "defend", "zombie_of": 1, "with": "none"})
        if s.data["phase"] == "defend" and s.current_player == 1:
            s = act(s, {"type": "defend", "zombie_of": 0, "with": "none"})
    # Round 3: seat 0 has one brain and no trophy left? (rock still there) -> take the bite and go out.
    assert s.current_player == 0
    s = act(s, {"type": "defend", "zombie_of": 1, "with": "none"})
    assert events(s, "out")[0]["seat"] == 0
    assert not G.is_over(s) and s.current_player == 1
    assert legal(s) == [canonical({"type": "defend", "zombie_of": 0, "with": w}) for w in ("rock", "none")]
    s = act(s, {"type": "defend", "zombie_of": 0, "with": "rock"})
    assert G.is_over(s) and G.winners(s) == [1]


# ------------------------------------------------------------- redraws
def test_redraw_with_a_zombie_threatens_only_the_tied_players() -> None:
    # Round 1: rock, rock, brain -> seats 0 and 1 redraw; sub-round: zombie vs paper.
    s = pass_all(start(["rock", "rock", "brain", "zombie", "paper", "scissors"], players=3, kind="paper"))
    assert events(s, "redraw") == [{"seats": [0, 1], "ok": True}]
    assert events(s, "reveal")[1] == {"round": 1, "sub": 1, "cards": ["zombie", "paper", None]}
    assert [(e["seat"], e["zombie_of"]) for e in events(s, "bite")] == [(1, 0)]  # seat 2 is not threatened
    # Seat 1 now has 1 brain and his paper trophy: the paper he wins has no free brain.
    assert events(s, "trophy_discarded") == [{"seat": 1, "kind": "paper"}]
    assert [p["brains"] for p in players(s)] == [2, 1, 3]
    assert G.is_over(s) and G.view(s, 0)["end_reason"] == "deck"  # one card left for three players
    assert G.winners(s) == [2]


def test_redraw_participants_and_view_during_a_sub_round() -> None:
    s = pass_all(start(["rock", "rock", "zombie", "scissors", "brain"], kind="paper"))
    v = G.view(s, 0)
    assert v["sub_round"] == 1 and v["participants"] == [0, 1]
    assert v["revealed"] == ["zombie", "scissors"] and v["pending"]["options"] == ["revealed", "none"]


def test_redraw_with_too_few_cards_nobody_wins() -> None:
    s = pass_all(start(["rock", "rock", "zombie"], kind="paper"))
    assert events(s, "redraw") == [{"seats": [0, 1], "ok": False}]
    assert not events(s, "trophy_won")
    assert G.is_over(s) and G.view(s, 0)["deck_size"] == 1
    assert G.winners(s) == [0, 1]  # 3 brains and 1 trophy each


def test_trophy_only_with_a_free_brain() -> None:
    # Seat 0 wins three trophies: rock + 2 more fill his 3 brains, the 3rd win is discarded.
    deck = ["scissors", "paper"] * 3 + ["brain"]
    s = pass_all(start(deck, kind="rock"))
    assert G.is_over(s)
    assert events(s, "trophy_won") == [{"seat": 0, "kind": "scissors"}] * 2
    assert events(s, "trophy_discarded") == [{"seat": 0, "kind": "scissors"}]
    assert players(s)[0]["trophies"] == ["rock", "scissors", "scissors"]


# --------------------------------------------------------------- endings
def test_deck_end_most_brains_wins() -> None:
    s = start(["brain", "zombie", "rock"], kind="rock")
    s = act(s, {"type": "defend", "zombie_of": 1, "with": "rock"})
    assert G.is_over(s) and G.scores(s) == [4, 3] and G.winners(s) == [0]


def test_deck_end_trophies_break_a_brain_tie() -> None:
    s = pass_all(start(["rock", "scissors"], kind="paper"))
    assert G.scores(s) == [3, 3]
    assert [len(p["trophies"]) for p in players(s)] == [2, 1]
    assert G.winners(s) == [0]
    assert events(s, "game_end") == [{"reason": "deck", "winners": [0], "brains": [3, 3], "trophies": [2, 1]}]


def test_deck_end_full_tie_is_shared() -> None:
    s = start(["brain", "brain", "rock"], kind="paper")
    assert G.is_over(s) and G.scores(s) == [4, 4] and G.winners(s) == [0, 1]


def test_empty_deck_ends_at_once() -> None:
    s = start([], players=3, kind="scissors")
    assert G.is_over(s) and G.winners(s) == [0, 1, 2]
    assert names(s) == ["setup", "choose_trophy", "game_end"]


# ------------------------------------------------------ view and checks
def test_view_keys_and_secrecy() -> None:
    s = start(["paper", "rock", "zombie", "brain", "scissors"], kind="scissors")
    v = G.view(s, 1)
    for key in ("current_player", "deck_size", "over", "scores", "players", "revealed", "phase", "pending",
                "discard", "discard_size", "participants", "first_player", "winners", "table", "threats"):
        assert key in v
    assert v["revealed"] == ["paper", "rock"] and v["table"] == ["paper", "rock"]
    text = json.dumps(v)
    assert "deck" not in v and "aside" not in v
    # The pile's order is not in the view: two piles with the same cards give the same view.
    other = start(["paper", "rock", "brain", "zombie", "scissors"], kind="scissors")
    assert canonical(G.view(other, 1)) == canonical(v)
    assert isinstance(text, str)


def test_determinize_preset_before_and_after_the_choice() -> None:
    s = G.new_game(players=2, seed=4, deck=["rock"] * 9 + ["zombie"], options={"brains_in_deck_2p": 2})
    d = G.determinize(G.view(s, 0), Rng.from_seed(1))
    G.from_json(G.to_json(d))
    assert canonical(G.view(d, 0)) == canonical(G.view(s, 0))
    for kind in ("rock", "scissors", "paper"):
        G.apply(d, {"type": "choose_trophy", "kind": kind})
    s = start(["zombie", "rock", "brain", "brain"], kind="rock")
    d = G.determinize(G.view(s, 1), Rng.from_seed(2))
    assert canonical(G.view(d, 1)) == canonical(G.view(s, 1))
    assert G.legal_actions(d) == G.legal_actions(s)


def _tamper(s: State, **changes: Any) -> str:
    data = json.loads(G.to_json(s))
    data["state"].update(changes)
    data["checksum"] = checksum(data["state"])
    return json.dumps(data)


def test_from_json_rejects_impossible_states() -> None:
    s = start(["paper", "rock", "zombie", "brain"], kind="scissors")
    G.from_json(G.to_json(s))
    d = s.data
    bad = [
        {"deck": d["deck"] + ["zombie"]},  # a 58th card
        {"deck": d["deck"][:-1]},  # a card lost
        {"trophies": [["rock", "scissors", "scissors", "scissors"], ["scissors"]]},  # more trophies than brains
        {"phase": "drop_trophy"},
        {"phase": "nonsense"},
        {"brains": [0, 3]},
        {"contest": None},
        {"discard": {"brain": 0}},
        {"revealed": ["paper", "paper"]},
        {"current": 1},
        {"extra_key": 1},
    ]
    for change in bad:
        with pytest.raises(ValueError):
            G.from_json(_tamper(s, **change))


def test_illegal_actions_have_clear_messages() -> None:
    s = start(["paper", "zombie", "brain"], kind="rock")
    with pytest.raises(IllegalAction, match="legal 'defend' actions"):
        G.apply(s, {"type": "defend", "zombie_of": 1, "with": "revealed"})
    with pytest.raises(IllegalAction, match="not possible now"):
        G.apply(s, {"type": "pass"})


# ------------------------------------------------------ greedy heuristic
def _best(s: State) -> dict[str, Any]:
    from pygames_core.bots.heuristics.rps_zombie import score

    v = G.view(s, s.current_player)
    return max(G.legal_actions(s), key=lambda a: score(v, a))


def test_heuristic_choices() -> None:
    from pygames_core.bots.heuristics.rps_zombie import score

    s = G.new_game(players=2, seed=1)
    v = G.view(s, 0)
    assert score(v, {"type": "choose_trophy", "kind": "paper"}) < score(v, {"type": "choose_trophy", "kind": "rock"})
    # Defend with a trophy rather than lose a brain.
    s = start(["paper", "zombie"] + ["zombie"] * 12, kind="rock")
    assert _best(s) == {"type": "defend", "zombie_of": 1, "with": "rock"}
    # Drop the paper, keep the zombie killer.
    deck = ["paper", "brain", "brain", "paper", "zombie", "brain"] + ["zombie"] * 12
    s = pass_all(start(deck, players=3, kind="rock"))
    s = act(s, {"type": "defend", "zombie_of": 1, "with": "none"})
    assert _best(s) == {"type": "drop_trophy", "kind": "paper"}
    # Stop an opponent's rock (a zombie killer) by spending a paper trophy (block, or the
    # equivalent dump from his own competing seat).
    s = start(["rock", "scissors"] + ["zombie"] * 12, kind="paper")
    s = act(s, {"type": "pass"})
    assert s.current_player == 1
    assert _best(s) in ({"type": "block", "with": "paper"}, {"type": "dump", "kind": "paper"})
    # Not worth it when the winner has no free brain: pass.
    s = start(["scissors", "brain", "brain", "rock", "scissors", "brain"] + ["zombie"] * 12, players=3, kind="paper")
    s = act(s, {"type": "pass"})  # seat 0 takes the scissors: two trophies under two brains
    assert players(s)[0]["trophies"] == ["scissors", "paper"]
    s = act(s, {"type": "pass"})  # seat 0's rock would win, but he has no free brain
    assert s.current_player == 1 and G.view(s, 1)["pending"]["outcome"]["room"] is False
    assert _best(s) == {"type": "pass"}

"""Property tests for ``rps_zombie``: random seeds, player counts, options, decks and play."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pygames_core import games
from pygames_core.base import State
from pygames_core.jsonio import canonical
from pygames_core.rng import Rng
from pygames_core.rps_zombie import rules

G = games.get("rps_zombie")


def accounted(data: dict[str, Any]) -> Counter[str]:
    """Every card of the state, counted independently of the engine's own check."""
    seen: Counter[str] = Counter(data["deck"]) + Counter(data["aside"])
    seen.update({k: c for k, c in data["discard"].items()})
    seen.update(c for c, live in zip(data["revealed"], data["live"]) if live)
    for tr in data["trophies"]:
        seen.update(tr)
    seen["brain"] += sum(data["brains"])
    return seen


def check_invariants(s: State) -> None:
    d = s.data
    assert accounted(d) == Counter(rules.COUNTS)
    assert sum(accounted(d).values()) == 57
    for p, (brains, trophies) in enumerate(zip(d["brains"], d["trophies"])):
        if d["phase"] == "drop_trophy" and p == s.current_player:
            # The one moment a player holds too many: right after a bite, choosing what to drop.
            assert len(trophies) == brains + 1
        else:
            assert len(trophies) <= brains
        assert (brains == 0) == G.view(s, p)["players"][p]["out"]
    if not G.is_over(s):
        assert len(G.legal_actions(s)) >= 2  # forced steps are never asked
        assert G.winners(s) == []
    else:
        assert G.legal_actions(s) == [] and G.winners(s)
    assert G.scores(s) == d["brains"]


def play(s: State, rng: Rng, steps: int = 400, check_determinize: bool = False) -> State:
    for i in range(steps):
        check_invariants(s)
        text = G.to_json(s)
        assert G.to_json(G.from_json(text)) == text
        if G.is_over(s):
            return s
        if check_determinize:
            p = s.current_player
            assert p is not None
            other = G.determinize(G.view(s, p), Rng.from_seed(i))
            G.from_json(G.to_json(other))
            assert canonical(G.view(other, p)) == canonical(G.view(s, p))
            assert G.legal_actions(other) == G.legal_actions(s)
        s = G.apply(s, rng.choice(G.legal_actions(s)))
    raise AssertionError("game did not end")


options = st.fixed_dictionaries({"brains_in_deck_2p": st.sampled_from([2, 3])})


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3]), opts=options,
       first=st.integers(0, 2), play_seed=st.integers(0, 2**30))
def test_random_games_keep_every_invariant(seed: int, players: int, opts: dict[str, int], first: int,
                                           play_seed: int) -> None:
    opts = dict(opts, first_player=first % players)
    s = G.new_game(players=players, seed=seed, options=opts)
    end = play(s, Rng.from_seed(play_seed))
    assert G.is_over(end)


@st.composite
def preset_decks(draw: st.DrawFn) -> tuple[int, dict[str, int], list[str]]:
    players = draw(st.sampled_from([2, 3]))
    opts = {"brains_in_deck_2p": draw(st.sampled_from([2, 3])), "first_player": draw(st.integers(0, players - 1))}
    limits = {k: rules.trophy_limit(players) for k in rules.TROPHY_KINDS}
    limits["brain"] = rules.deck_brains(players, opts["brains_in_deck_2p"])
    limits["zombie"] = rules.COUNTS["zombie"]
    pool = [k for k, n in limits.items() for _ in range(n)]
    deck = draw(st.permutations(pool))[: draw(st.integers(0, len(pool)))]
    return players, opts, deck


@settings(max_examples=60, deadline=None)
@given(case=preset_decks(), play_seed=st.integers(0, 2**30))
def test_fixed_decks_keep_every_invariant(case: tuple[int, dict[str, int], list[str]], play_seed: int) -> None:
    players, opts, deck = case
    s = G.new_game(players=players, seed=1, deck=deck, options=opts)
    assert G.view(s, 0)["deck_size"] == len(deck)
    end = play(s, Rng.from_seed(play_seed), check_determinize=True)
    assert G.is_over(end)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3]), play_seed=st.integers(0, 2**30))
def test_determinize_matches_the_view_all_game_long(seed: int, players: int, play_seed: int) -> None:
    s = G.new_game(players=players, seed=seed)
    play(s, Rng.from_seed(play_seed), check_determinize=True)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3]))
def test_same_inputs_same_game(seed: int, players: int) -> None:
    a = play(G.new_game(players=players, seed=seed), Rng.from_seed(seed))
    b = play(G.new_game(players=players, seed=seed), Rng.from_seed(seed))
    assert G.to_json(a) == G.to_json(b)

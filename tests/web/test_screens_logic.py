"""Screens and turn flow on plain CPython: pass-and-play only where a seat has secrets."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pygames_ui.app import App, seat_has_secrets
from pygames_ui.i18n import merge_catalogues
from pygames_ui.session import MemoryStorage

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
CATALOGUES = merge_catalogues(I18N)


def app(lang: str = "en", seed: int = 5) -> App:
    a = App(CATALOGUES, lang, MemoryStorage(), seed=seed)
    a.boot()
    return a


def click(a: App, action: str, values: dict[str, str] | None = None, **data: object) -> None:
    a.click({"action": action, **{k: str(v) for k, v in data.items()}}, values or {})


def two_humans(a: App, game: str, names: tuple[str, str] = ("Ann", "Bob")) -> None:
    click(a, "setup", game=game)
    click(a, "start", {"seat_name_0": names[0], "seat_kind_0": "human",
                       "seat_name_1": names[1], "seat_kind_1": "human"})


def play_out(a: App, rng: random.Random, max_steps: int = 5000) -> tuple[int, int]:
    """Play the session to its end with random legal moves; (pass screens, human decisions)."""
    s = a.session
    assert s is not None
    passes = decisions = 0
    for _ in range(max_steps):
        if s.game.is_over(s.state):
            return passes, decisions
        html = a.render()
        if a.interlude() is not None:
            click(a, "dismiss")
            continue
        who = a.pass_to()
        if who is not None:
            assert "pass-screen" in html and 'data-my-turn="true"' not in html
            passes += 1
            click(a, "show-hand")
            continue
        ctx = a.ctx()
        assert ctx is not None and ctx.my_turn and ctx.seat == s.state.current_player
        # No pass screen: the banner names the player whose turn it is.
        assert f'id="turn-banner" data-seat="{ctx.seat}"' in html
        assert a.t("table.turn_of", name=s.seats[ctx.seat].name) in html
        decisions += 1
        a.play(rng.choice(ctx.legal))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["zoomagia", "rps_zombie"])
def test_games_without_hidden_cards_never_show_the_pass_screen(game: str) -> None:
    a = app()
    two_humans(a, game)
    passes, decisions = play_out(a, random.Random(1))
    assert passes == 0 and decisions > 10


def test_klats_hides_hands_so_every_change_of_player_passes_the_device() -> None:
    a = app()
    click(a, "setup", game="klats")  # a short match: one or two rounds
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "Bob",
                       "seat_kind_1": "human", "opt_target": "20"})
    passes, decisions = play_out(a, random.Random(2))
    # Two players alternate: every decision but none is preceded by handing the device over.
    assert passes >= decisions - 1 > 10


def test_the_pass_screen_never_shows_a_hand() -> None:
    a = app()
    two_humans(a, "klats")
    s = a.session
    assert a.pass_to() == s.state.current_player
    html = a.render()
    assert 'class="hand"' not in html and 'id="turn-banner"' not in html
    for card in s.game.view(s.state, 0)["hand"] + s.game.view(s.state, 1)["hand"]:
        assert f'data-card="{card}"' not in html


def test_one_human_against_bots_has_neither_pass_screen_nor_banner() -> None:
    for game in ("klats", "zoomagia", "rps_zombie"):
        a = app()
        click(a, "setup", game=game)
        click(a, "start")
        html = a.render()
        assert a.pass_to() is None and "pass-screen" not in html and "turn-banner" not in html


def test_secrets_come_from_the_engine_view() -> None:
    a = app()
    for game in ("klats", "zoomagia", "rps_zombie"):
        two_humans(a, game)
        s = a.session
        assert seat_has_secrets(s.game, s.state, 0, [1]) is (game == "klats")
        assert seat_has_secrets(s.game, s.state, 0, []) is False

"""Screens and turn flow on plain CPython: pass-and-play only where a seat has secrets."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from apptools import click, play_on

from pygames_ui.app import App
from pygames_ui.frame import seat_has_secrets
from pygames_ui.i18n import merge_catalogues
from pygames_ui.session import MemoryStorage
from pygames_ui.tables.rps_zombie import alike_groups, choice_key

I18N = Path(__file__).resolve().parents[2] / "web" / "i18n"
CATALOGUES = merge_catalogues(I18N)


def app(lang: str = "en", seed: int = 5) -> App:
    a = App(CATALOGUES, lang, MemoryStorage(), seed=seed)
    a.boot()
    return a


def two_humans(a: App, game: str, names: tuple[str, str] = ("Ann", "Bob")) -> None:
    click(a, "setup", game=game)
    click(a, "start", {"seat_name_0": names[0], "seat_kind_0": "human",
                       "seat_name_1": names[1], "seat_kind_1": "human", "confirm_moves": "off"})


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


# ------------------------------------------------------------------ decisions and forms
def contest_with_a_block_and_a_dump_alike() -> tuple[object, object]:
    """A seeded RPS game played at random up to a contest where block(k) and dump(k) are both legal."""
    from pygames_core import games

    g = games.get("rps_zombie")
    for seed in range(200):
        rng = random.Random(seed)
        st = g.new_game(2, seed=seed)
        while not g.is_over(st):
            legal = g.legal_actions(st)
            if any(len(group) > 1 for group in alike_groups(legal)):
                return g, st
            st = g.apply(st, rng.choice(legal))
    raise AssertionError("no such contest in 200 games")


def test_block_and_dump_of_one_trophy_are_the_same_move_in_the_engine() -> None:
    """The UI's one button stands for two engine actions only where the rules make them one move."""
    from pygames_core import games

    g = games.get("rps_zombie")
    seen = 0
    for seed in range(60):
        rng = random.Random(seed)
        st = g.new_game(2 + seed % 2, seed=seed)
        while not g.is_over(st):
            legal = g.legal_actions(st)
            groups = alike_groups(legal)
            assert sorted(choice_key(x) for grp in groups for x in grp) == sorted(choice_key(x) for x in legal)
            for group in groups:
                if len(group) > 1:
                    seen += 1
                    assert [x["type"] for x in group] == ["block", "dump"] and group[0]["with"] == group[1]["kind"]
                    after = [g.apply(st, x).data for x in group]
                    assert [{k: v for k, v in d.items() if k != "log"} for d in after][0] == \
                        {k: v for k, v in after[1].items() if k != "log"}
            st = g.apply(st, rng.choice(legal))
    assert seen >= 5


def test_the_contest_offers_one_button_for_block_or_dump() -> None:
    g, st = contest_with_a_block_and_a_dump_alike()
    a = app()
    two_humans(a, "rps_zombie")
    s = a.session
    s.state = st
    a.viewer = st.current_player
    html = a.render()
    legal = g.legal_actions(st)
    kind = next(x["with"] for x in legal if x["type"] == "block")
    assert f'data-choice="block:{kind}"' in html and f'data-choice="dump:{kind}"' not in html
    assert "comes to the same here" in html
    click(a, "decide", choice=f"block:{kind}")
    assert a.flash is None and s.state.data["turn"] == st.data["turn"] + 1


def test_who_starts_lists_the_names_typed_and_follows_added_seats() -> None:
    for game, field in (("klats", "opt_first_player"), ("rps_zombie", "opt_first_player"), ("zoomagia", "opt_dealer")):
        a = app()
        click(a, "setup", game=game)
        click(a, "add-seat", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "Bob", "seat_kind_1": "greedy"})
        html = a.render()
        select = html[html.index(f'name="{field}"'):]
        select = select[:select.index("</select>")]
        assert ">Ann</option>" in select and ">Bob</option>" in select and ">Bot 1</option>" in select  # (no seat is "Bot 1")
        assert 'data-mirror="seat_name_0"' in select and 'data-fallback="Player 1"' in select
        click(a, "remove-seat", {"seat_name_0": "Ann", "seat_name_1": "Zed", "seat_name_2": "Bot 1"}, seat=0)
        html = a.render()
        select = html[html.index(f'name="{field}"'):]
        select = select[:select.index("</select>")]
        assert ">Ann</option>" not in select and ">Zed</option>" in select


def test_zoomagia_dealer_deals_and_moves_first() -> None:
    a = app()
    click(a, "setup", game="zoomagia")
    click(a, "add-seat")
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "Bob", "seat_kind_1": "greedy",
                       "seat_name_2": "Cid", "seat_kind_2": "greedy", "opt_dealer": "1", "opt_columns": "true"})
    s = a.session
    # The seats stay as typed; Bob deals and moves first.
    assert [x.name for x in s.seats] == ["Ann", "Bob", "Cid"]
    assert s.state.current_player == 1 and s.game.view(s.state, 0)["dealer"] == 1
    assert s.record["options"] == {"columns": True, "dealer": 1}
    assert s.game.view(s.state, 0)["log"][0]["dealer"] == 1
    click(a, "again")  # the deal passes to the next seat, as at a table
    assert a.session.state.current_player == 2 and a.session.record["options"]["dealer"] == 2
    click(a, "again")
    assert a.session.state.current_player == 0, "round the table"


def test_klats_play_again_passes_the_first_move_on() -> None:
    a = app()
    click(a, "setup", game="klats")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy", "opt_first_player": "1", "opt_target": "20"})
    assert a.session.record["options"]["first_player"] == 1
    click(a, "again")
    assert a.session.record["options"]["first_player"] == 0


def test_play_again_throws_again_for_the_first_player() -> None:
    firsts = set()
    throws = []
    a = app()
    click(a, "setup", game="rps_zombie")
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "Bob", "seat_kind_1": "greedy",
                       "opt_first_player": "throw"})
    for _ in range(12):
        assert a.interlude() is not None and "rz-throw" in a.render()
        throws.append(a.session.ui["rz_throw"])
        firsts.add(a.session.state.data["options"]["first_player"])
        click(a, "again")
    assert firsts == {0, 1}, "a new throw each time picks either player"
    assert len({str(x) for x in throws}) > 1
    # Without a throw, "Play again" passes the first move to the next seat (no throw shown).
    click(a, "setup", game="rps_zombie")
    click(a, "start", {"seat_name_0": "Ann", "seat_kind_0": "human", "seat_name_1": "Bob", "seat_kind_1": "greedy",
                       "opt_first_player": "1"})
    click(a, "again")
    assert a.interlude() is None and a.session.state.data["options"]["first_player"] == 0


# ------------------------------------------------------------------ screens
def finished(game: str = "rps_zombie") -> App:
    """An app whose game (one human, bots) has been played to its end."""
    a = app()
    click(a, "setup", game=game)
    click(a, "start")
    play_on(a, seed=4)
    return a


def test_the_game_over_dialog_closes_and_opens_again() -> None:
    a = finished()
    html = a.render()
    assert 'id="game-over"' in html and 'data-action="show-results"' not in html
    # Closed: the final table and the top bar are free; a button in the bar brings the results back.
    click(a, "close-results")
    html = a.render()
    assert 'id="game-over"' not in html and 'class="table-screen"' in html
    assert html.count('data-action="show-results"') == 1
    click(a, "rules")
    assert a.screen == "rules"
    click(a, "back")
    assert a.screen == "table" and 'id="game-over"' not in a.render()
    click(a, "show-results")
    assert 'id="game-over"' in a.render()
    # A new game starts with its own results dialog.
    click(a, "close-results")
    click(a, "again")
    assert not a.results_closed


def test_the_phone_menu_is_a_button_that_says_if_it_is_open() -> None:
    a = app()
    html = a.render()
    assert 'data-action="menu" aria-expanded="false" aria-controls="topmenu"' in html
    assert 'id="topmenu" data-open="false"' in html
    click(a, "menu")
    assert 'aria-expanded="true"' in a.render() and 'data-open="true"' in a.render()
    click(a, "lang", lang="ru")  # any choice in the menu closes it
    assert 'aria-expanded="false"' in a.render()


def test_every_screen_change_is_a_new_screen_key() -> None:
    a = app()
    keys = [a.screen_key()]
    click(a, "rules", game="klats")
    keys.append(a.screen_key())
    click(a, "back")
    click(a, "rules", game="zoomagia")
    keys.append(a.screen_key())
    click(a, "back")
    click(a, "setup", game="klats")
    keys.append(a.screen_key())
    assert keys == ["home", "rules:klats", "rules:zoomagia", "setup"]
    click(a, "start")
    table = a.screen_key()
    click(a, "rules", game="klats")
    click(a, "back")
    assert a.screen_key() == table  # the same game: its table is the same screen (the focus comes back)
    click(a, "setup", game="klats")
    click(a, "start")
    assert a.screen_key() not in (table, "setup")  # another game: a new screen, seen from its top

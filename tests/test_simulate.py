"""``python -m pygames_core simulate``: results, determinism, outputs, --check, bad arguments, Dask."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from pygames_core import bots, games
from pygames_core.__main__ import main
from pygames_core.census import InvariantError, card_census, check_state
from pygames_core.simulate import Setup, derive_seed, play_game, run
from pygames_core.stats import mean, stdev, wilson

ROOT = Path(__file__).resolve().parents[1]
QUICK = ["simulate", "rps_zombie", "--players", "2", "--bots", "greedy,random", "--games", "8", "--seed", "3"]


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


# ------------------------------------------------------------------ statistics
def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(2.5, 4)  # a shared win counts as a half
    assert 0 < low < 2.5 / 4 < high < 1
    with pytest.raises(ValueError, match="successes"):
        wilson(5, 4)
    assert mean([1, 2, 3]) == 2 and stdev([1, 2, 3]) == 1 and stdev([4]) == 0


# --------------------------------------------------------------- determinism
def test_seeds_depend_only_on_run_seed_and_game_index() -> None:
    assert derive_seed(1, 0, "deal") == derive_seed(1, 0, "deal") < 2**53
    assert len({derive_seed(1, i, s) for i in range(50) for s in ("deal", "seat0", "seat1")}) == 150
    assert derive_seed(1, 0, "deal") == 4199993510912102  # the same on every platform, forever


def test_results_do_not_depend_on_the_number_of_processes() -> None:
    setup = Setup("klats", 3, ("greedy", "random", "easy"), {"target": 40})
    alone = [r.outcome() for r in run(setup, 6, seed=9, jobs=1)]
    shared = [r.outcome() for r in run(setup, 6, seed=9, jobs=2)]
    assert alone == shared
    assert [r.outcome() for r in run(setup, 6, seed=10)] != alone
    assert play_game(setup, 9, 4).outcome() == alone[4]  # any game can be replayed on its own


# ------------------------------------------------------------------ the CLI
def test_table_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "run.json"
    code, out, err = run_cli([*QUICK, "--json", str(out_file), "--check"], capsys)
    assert code == 0, err
    assert "95% interval" in out and "seat 0" in out and "greedy" in out and "game length" in out
    summary = json.loads(out_file.read_text())
    assert summary["games"] == 8 and summary["checked"] is True
    seats = [r for r in summary["rows"] if r["group"] == "seat"]
    assert [r["bot"] for r in seats] == ["greedy", "random"]
    assert sum(r["wins"] for r in seats) == pytest.approx(8)  # every game has a winner (shared ones split)
    assert all(r["ci_low"] <= r["win_rate"] <= r["ci_high"] for r in seats)
    assert len(summary["results"]) == 8 and summary["length"]["mean"] > 0


def test_csv_and_one_bot_for_every_seat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "run.csv"
    code, _, err = run_cli(["simulate", "zoomagia", "--players", "3", "--bots", "medium", "--games", "2",
                            "--seed", "1", "--csv", str(out_file)], capsys)
    assert code == 0, err
    rows = list(csv.DictReader(out_file.open()))
    assert [(r["group"], r["seat"], r["bot"]) for r in rows] == [
        ("seat", "0", "medium"), ("seat", "1", "medium"), ("seat", "2", "medium"), ("bot", "", "medium"),
    ]
    assert rows[-1]["games"] == "6"


def test_bot_options_by_bot_and_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    by_bot = ["--bot-options", '{"ismcts": {"iterations": 8}}']
    by_seat = ["--bot-options", '[{"iterations": 8}, {}]']
    base = ["simulate", "rps_zombie", "--players", "2", "--bots", "ismcts,greedy", "--games", "2", "--seed", "5"]
    outputs = []
    for extra in (by_bot, by_seat):
        code, out, err = run_cli([*base, *extra], capsys)
        assert code == 0, err
        outputs.append([line for line in out.splitlines() if line.startswith(("seat", "all"))])
    strip = [[line[:60] for line in lines] for lines in outputs]  # without the timings
    assert strip[0] == strip[1]


@pytest.mark.parametrize("args, message", [
    (["simulate", "chess", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "1"], "unknown game 'chess'"),
    (["simulate", "klats", "--players", "9", "--bots", "greedy", "--games", "1", "--seed", "1"], "2 to 6 players"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy,nobody", "--games", "1", "--seed", "1"], "unknown bot 'nobody'"),
    (["simulate", "klats", "--players", "3", "--bots", "greedy,random", "--games", "1", "--seed", "1"], "3 players need 3 bots"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "0", "--seed", "1"], "--games must be at least 1"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "x"], "invalid int value: 'x'"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1"], "required: --seed"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "1", "--options", "{"],
     "--options is not valid JSON"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "1", "--options",
      '{"target": "high"}'], "option 'target' must be int"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "1", "--bot-options",
      '{"ismcts": {}}'], "no seat plays that bot"),
    (["simulate", "klats", "--players", "2", "--bots", "ismcts", "--games", "1", "--seed", "1", "--bot-options",
      '{"ismcts": {"iterations": -1}}'], "iterations must be a positive int"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "1", "--jobs", "0"],
     "--jobs must be at least 1"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "1", "--json", "a.json",
      "--csv", "b.csv"], "not allowed with argument"),
    (["simulate", "klats", "--players", "2", "--bots", "greedy", "--games", "1", "--seed", "1", "--json",
      "/no/such/dir/a.json"], "no directory"),
    (["play"], "invalid choice: 'play'"),
])
def test_bad_arguments_get_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run_cli(args, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "error: " in err and message in err, err


def test_the_real_process_never_shows_a_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "pygames_core", "simulate", "klats", "--players", "1", "--bots", "greedy",
         "--games", "1", "--seed", "1"],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr == "pygames_core simulate: error: klats is for 2 to 6 players, got 1\n"


# ------------------------------------------------------------------- --check
@pytest.mark.parametrize("name", games.names())
def test_census_counts_every_card_through_a_game(name: str) -> None:
    game = games.get(name)
    state = game.new_game(players=game.max_players, seed=4)
    rnd = bots.get("random", seed=4)
    while not game.is_over(state):
        assert card_census(game, state) == Counter(game.card_counts)
        state = game.apply(state, rnd.choose(game, state))
    check_state(game, state)


def test_check_catches_a_lost_card_and_a_broken_state() -> None:
    game = games.get("klats")
    state = game.new_game(players=2, seed=1)
    state.data["deck"].pop()
    with pytest.raises(InvariantError, match=r"lost \(-\) at turn 0: \{'\d+': -1\}"):
        check_state(game, state)
    state = game.new_game(players=2, seed=1)
    state.data["totals"][0] = 7  # no finished round adds up to it
    for round_trip in (True, False):
        with pytest.raises(InvariantError, match="fails its own checks"):
            check_state(game, state, round_trip=round_trip)
    state = game.new_game(players=2, seed=1)
    del state.data["totals"]
    with pytest.raises(InvariantError, match="fails its own checks: unexpected keys"):
        check_state(game, state, round_trip=False)


def test_check_round_trips_the_state_at_the_end_of_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    from pygames_core import census, simulate

    seen: list[tuple[bool, bool]] = []
    real = census.check_state

    def spy(game, state, round_trip=True):  # type: ignore[no-untyped-def]
        seen.append((game.is_over(state), round_trip))
        real(game, state, round_trip)

    monkeypatch.setattr(simulate, "check_state", spy)
    setup = simulate.Setup("rps_zombie", 2, ("random", "random"), {}, ({}, {}), True)
    simulate.play_game(setup, 5, 0)
    assert seen[0] == (False, True) and seen[-1] == (True, True)  # the deal and the end round-trip
    assert len(seen) > census.ROUND_TRIP_EVERY and sum(rt for _, rt in seen) >= len(seen) // census.ROUND_TRIP_EVERY


def test_a_failed_check_stops_the_run_with_status_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = games.get("rps_zombie")
    real_step = type(game)._step

    def leaky_step(self, d, rng, action):  # type: ignore[no-untyped-def]
        real_step(self, d, rng, action)
        if d["turn"] == 3 and d["deck"]:
            d["deck"].pop()  # a card vanishes

    monkeypatch.setattr(type(game), "_step", leaky_step)
    code, _, err = run_cli([*QUICK, "--check"], capsys)
    assert code == 1
    assert "check failed: rps_zombie: cards created (+) or lost (-)" in err


# -------------------------------------------------------------------- Dask
def test_dask_cluster_runs_the_same_games() -> None:
    distributed = pytest.importorskip("distributed")
    from pygames_core.cluster import run_on_dask

    setup = Setup("rps_zombie", 3, ("greedy", "random", "easy"), check=True)
    local = [r.outcome() for r in run(setup, 24, seed=2)]
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        done: list[int] = []
        remote = run_on_dask(setup, 24, 2, cluster.scheduler_address, progress=lambda: done.append(1))
        with distributed.Client(cluster.scheduler_address) as client:
            origins = client.run(lambda: __import__("pygames_core").__file__)
    assert [r.outcome() for r in remote] == local and len(done) == 24
    # The workers ran the shipped engine wheel, not a copy of the sources they happened to see.
    assert all("pygames_core-" in path and ".zip" in path for path in origins.values()), origins


def test_a_level_searches_what_the_browser_reaches_at_the_table_size() -> None:
    from pygames_core.bots import levels
    from pygames_core.simulate import make_bot

    for players in (2, 6):
        bot = make_bot("hard", 1, {}, "klats", players)
        assert bot.cap == levels.hard_iterations("klats", players)  # type: ignore[attr-defined]
    assert levels.hard_iterations("klats", 6) != levels.hard_iterations("klats", 2)


def test_different_bots_per_seat_get_no_repeated_all_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "run.json"
    code, out, err = run_cli([*QUICK, "--json", str(out_file)], capsys)
    assert code == 0, err
    rows = json.loads(out_file.read_text())["rows"]
    assert [r["group"] for r in rows] == ["seat", "seat"], "each bot sat in one seat: its seat row says it all"
    assert "\nall " not in out


def test_rotate_gives_each_bot_each_seat_equally(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "run.json"
    code, out, err = run_cli(["simulate", "klats", "--players", "3", "--bots", "greedy,random,random", "--games", "6",
                              "--seed", "2", "--rotate", "--json", str(out_file)], capsys)
    assert code == 0, err
    summary = json.loads(out_file.read_text())
    assert summary["rotate"] is True
    seatings = [tuple(r["seating"]) for r in summary["results"]]
    assert seatings[:3] == [(0, 1, 2), (2, 0, 1), (1, 2, 0)] and seatings[3:] == seatings[:3]
    by_bot = {r["bot"]: r for r in summary["rows"] if r["group"] == "bot"}
    assert by_bot["greedy"]["games"] == 6 and by_bot["random"]["games"] == 12  # seat-games each bot played
    seats = [r for r in summary["rows"] if r["group"] == "seat"]
    assert all(r["bot"] == "greedy/random" for r in seats) and all(r["games"] == 6 for r in seats)
    assert sum(r["wins"] for r in by_bot.values()) == pytest.approx(6)
    # Each game's greedy seat is the one the seating says.
    greedy_seats = {r["index"]: r["seating"].index(0) for r in summary["results"]}
    assert sorted(set(greedy_seats.values())) == [0, 1, 2]


def test_rotate_refuses_a_count_of_games_that_cannot_be_shared_equally(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(["simulate", "klats", "--players", "3", "--bots", "greedy,random,random", "--games", "7",
                              "--seed", "1", "--rotate"], capsys)
    assert code == 2 and out == ""
    assert "--games must be a multiple of 3" in err and "say 9" in err

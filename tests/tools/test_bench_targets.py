"""The benchmarks judge their own runs: a target missed is named (and make bench fails)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from bench_bots import required  # noqa: E402
from bench_first_visit import misses  # noqa: E402


def run(usable: float, ready: float, size: float, shared: float) -> dict[str, object]:
    bare = {"usable": 0.0, "ready": 40_000.0, "bytes": 6.4e6}
    app = {"usable": usable * 1000, "ready": ready * 40_000, "bytes": size * 6.4e6}
    return {"slow 4G": {"bare": bare, "app": app}, "9 Mbps": {"bare": bare, "app": {**app, "ready": 1e9}},
            "shared_first_screen_ms": {"rules": shared * 1000, "replay": 700.0}}


def test_a_first_visit_run_names_each_target_it_missed() -> None:
    assert misses(run(0.7, 0.67, 0.78, 0.7)) == []  # (the faster profile is reported, not judged)
    found = misses(run(1.3, 0.75, 0.9, 1.5))
    assert len(found) == 4 and found[0].startswith("usable 1.30 s") and "rules: first screen 1.50 s" in found[3]
    assert misses({}) == []  # (a run without the slow profile judges nothing)


def test_hard_must_beat_medium_at_klats_and_zoomagia_and_medium_easy_everywhere() -> None:
    row = {"level": "hard", "game": "zoomagia"}
    assert required(row) and required({**row, "game": "klats"}) and not required({**row, "game": "rps_zombie"})
    assert required({"level": "medium", "game": "rps_zombie"})

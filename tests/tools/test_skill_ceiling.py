"""tools/skill_ceiling.py: every legal move valued on the same deals, Medium's and Hard's gaps, bad arguments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

from skill_ceiling import measure, positions  # noqa: E402

from pygames_core import games  # noqa: E402


def test_positions_are_real_decisions_of_medium_games() -> None:
    game = games.get("rps_zombie")
    found, per_game = positions("rps_zombie", 2, 6, 3)
    assert len(found) == 6
    assert all(len(game.legal_actions(s)) > 1 for s in found)
    assert 1 < per_game < 60


def test_gaps_are_bounded_and_repeatable() -> None:
    found, _ = positions("rps_zombie", 3, 4, 2)
    for i, state in enumerate(found):
        job = ("rps_zombie", 3, i, state, 4, i == 0)
        first = measure(job)
        assert first == measure(job)  # seeded: the same deals, the same bots
        assert 0.0 <= first["gap"] <= first["spread"] <= 1.0
        assert -1.0 <= first["held_out"] <= 1.0
    hard = measure(("rps_zombie", 3, 0, found[0], 4, True))
    assert 0.0 <= hard["hard"] <= hard["spread"]
    assert abs(hard["gap"] - hard["hard"] - hard["hard_vs_medium"]) < 1e-12


def test_bad_arguments_end_in_one_line_and_exit_2() -> None:
    for args in (["rps_zombie", "5"], ["rps_zombie", "2", "--rollouts", "1"], ["chess", "2"]):
        result = subprocess.run([sys.executable, str(ROOT / "tools" / "skill_ceiling.py"), *args],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == 2
        assert "Traceback" not in result.stderr
        assert ": error: " in result.stderr.strip().splitlines()[-1]

"""The frame of the game at the table is computed once per position, whoever asks for it."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptools import click, play_on

from pygames_ui import flow
from pygames_ui.app import App
from pygames_ui.i18n import merge_catalogues
from pygames_ui.session import MemoryStorage

CATALOGUES = merge_catalogues(Path(__file__).resolve().parents[2] / "web" / "i18n")


def test_one_frame_per_render_and_a_new_one_after_each_change(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int | None] = []
    real = flow.frame_of

    def counted(session, viewer):  # type: ignore[no-untyped-def]
        made.append(viewer)
        return real(session, viewer)

    monkeypatch.setattr(flow, "frame_of", counted)
    a = App(CATALOGUES, "en", MemoryStorage(), seed=3)
    a.boot()
    click(a, "setup", game="zoomagia")
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy"})
    made.clear()
    # What the page asks after a change: the screen, the lit control, the words, the bots' turn.
    a.render(), a.lit_selector(), a.taught_selector(), a.announcement(), a.bots_pending(), a.render()
    assert len(made) == 1
    ctx = a.ctx()
    assert ctx is not None and ctx.my_turn
    a.play(ctx.legal[0])
    a.render(), a.announcement(), a.bots_pending()
    assert len(made) == 2  # a move: a new position, a new frame
    click(a, "lang", lang="ru")
    a.render()
    assert len(made) == 3  # another language: the frame is drawn again in it


@pytest.mark.parametrize("game", ["klats", "zoomagia", "rps_zombie"])
def test_drawing_a_position_twice_draws_the_same_screen(game: str) -> None:
    """Drawing changes nothing: at every step of a whole game, a second draw of the same
    position (the page draws after a bot's move and again when the bots are done) gives the
    same HTML as the first."""
    a = App(CATALOGUES, "en", MemoryStorage(), seed=5)
    a.boot()
    click(a, "setup", game=game)
    click(a, "start", {"seat_kind_0": "human", "seat_kind_1": "easy", "seat_kind_2": "easy"})
    draws = 0

    def twice(app: App) -> None:
        nonlocal draws
        first = app.render()
        assert app.render() == first
        draws += 1

    play_on(a, seed=9, each=twice)
    assert draws > 10

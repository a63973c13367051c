"""Keyboard play without a browser: arrows between cards, wrapping, Tab kept in a dialog."""

from __future__ import annotations

import pytest

from pygames_ui import keys
from pygames_ui.keys import ESCAPES, GROUP_SELECTOR, GROUPS, LISTS, MOVE_KEYS, Rect, fallback, step, trap


def row(n: int, y: float = 0.0, w: float = 60.0, gap: float = 8.0) -> list[Rect]:
    return [Rect(i * (w + gap), y, w, 90.0) for i in range(n)]


def test_right_and_left_walk_a_hand_and_wrap_at_its_ends() -> None:
    hand = row(4)
    assert [step("ArrowRight", hand, i) for i in range(4)] == [1, 2, 3, 0]
    assert [step("ArrowLeft", hand, i) for i in range(4)] == [3, 0, 1, 2]


def test_across_a_single_row_or_column_the_arrows_walk_it_as_a_list() -> None:
    """RPS's answers side by side: Down and Up did nothing (the key guide says "arrows among the
    choices"); in one row they step to the next and the one before, and so do Right and Left
    in one column (the answers stacked on a phone)."""
    answers = row(3)
    assert [step("ArrowDown", answers, i, as_list=True) for i in range(3)] == [1, 2, 0]
    assert [step("ArrowUp", answers, i, as_list=True) for i in range(3)] == [2, 0, 1]
    stacked = [Rect(0.0, 60.0 * i, 200.0, 50.0) for i in range(3)]
    assert [step("ArrowRight", stacked, i, as_list=True) for i in range(3)] == [1, 2, 0]
    assert [step("ArrowDown", stacked, i, as_list=True) for i in range(3)] == [1, 2, 0]  # (as before)
    assert step("ArrowDown", row(1), 0, as_list=True) is None
    # Not other groups: Down on a hand, or on the top bar's buttons, leaves the page to scroll.
    assert step("ArrowDown", answers, 0) is None and LISTS == {".rz-choices", ".zm-opts"}


def test_home_and_end() -> None:
    hand = row(5)
    assert step("Home", hand, 3) == 0 and step("End", hand, 1) == 4
    assert step("Home", hand, 0) is None and step("End", hand, 4) is None


def test_up_and_down_move_between_rows_to_the_nearest_item() -> None:
    # Two seats' piles: three on top, two below, offset to the right.
    grid = row(3) + row(2, y=120.0)
    grid[3] = Rect(100.0, 120.0, 60.0, 90.0)
    grid[4] = Rect(168.0, 120.0, 60.0, 90.0)
    assert step("ArrowDown", grid, 1) == 3  # the pile nearly under it
    assert step("ArrowDown", grid, 2) == 4
    assert step("ArrowUp", grid, 4) == 2
    assert step("ArrowUp", grid, 0) is None  # nothing above, no column to wrap around


def test_an_arrow_prefers_its_own_row_to_a_nearer_item_off_it() -> None:
    items = [Rect(0, 0, 40, 40), Rect(50, 60, 40, 40), Rect(200, 0, 40, 40)]
    assert step("ArrowRight", items, 0) == 2


def test_the_arrows_around_a_field_go_round_it() -> None:
    # Зоомагия: arrows above a 3x3 field (top row) and on its left (a column).
    top = [Rect(40 + 80 * i, 0, 30, 30) for i in range(3)]
    left = [Rect(0, 40 + 90 * i, 30, 30) for i in range(3)]
    items = top + left
    assert step("ArrowRight", items, 0) == 1
    assert step("ArrowDown", items, 3) == 4
    assert step("ArrowUp", items, 4) == 3
    assert step("ArrowDown", items, 0) == 3  # from the first top arrow down to the left column


def test_keys_that_are_not_ours_and_empty_groups() -> None:
    assert step("a", row(3), 0) is None
    assert step("ArrowRight", [], 0) is None
    assert step("ArrowRight", row(1), 0) is None
    with pytest.raises(ValueError, match="current item 3 is not one of the 3 items"):
        step("ArrowRight", row(3), 3)
    assert MOVE_KEYS == {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"}


def test_tab_stays_inside_a_dialog() -> None:
    assert trap(True, 2, 3) == 0  # past the last control: back to the first
    assert trap(False, 0, 3) == 2  # before the first: to the last
    assert trap(True, 0, 3) is None and trap(False, 2, 3) is None  # the browser moves on inside
    assert trap(True, None, 3) == 0 and trap(False, None, 3) == 2  # from outside: into the dialog
    assert trap(True, None, 0) is None


def test_fallback_after_the_focused_card_left() -> None:
    assert fallback(2, 5) == 2
    assert fallback(4, 4) == 3
    assert fallback(0, 0) is None


def test_selectors_are_well_formed() -> None:
    assert all(c and i for c, i in GROUPS)
    assert GROUP_SELECTOR.count(",") == len(GROUPS) - 1
    assert all(press for press, _ in ESCAPES)  # (no "then": the focus stays where the render keeps it)


def test_arrows_step_the_replay_wherever_focus_is_but_in_a_form_control() -> None:
    from pygames_ui.keys import replay_step

    assert replay_step("ArrowLeft", "replay", "BUTTON") == "back"
    assert replay_step("ArrowRight", "replay", "BODY") == "forward"
    assert replay_step("ArrowRight", "replay", "INPUT") is None  # the slider steps itself
    assert replay_step("ArrowRight", "table", "BODY") is None
    assert replay_step("ArrowUp", "replay", "BODY") is None


def test_at_the_edge_of_a_group_an_arrow_may_cross_to_the_next() -> None:
    hand = [keys.Rect(x, 500, 40, 60) for x in (0, 50, 100)]
    assert keys.at_edge("ArrowUp", hand, 1) and keys.at_edge("ArrowDown", hand, 1)
    assert not keys.at_edge("ArrowRight", hand, 1) and keys.at_edge("ArrowRight", hand, 2)
    assert not keys.at_edge("Home", hand, 0)
    sources = {(s, k) for s, k, _ in keys.CROSSINGS}
    assert (".hand button.hand-card", "ArrowUp") in sources  # from the chosen card up to its places

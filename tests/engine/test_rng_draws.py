"""``Rng.shuffle`` computes its draws side by side (``rng._draws``): the same stream as one at a time.

A rejected draw of ``below`` is astronomically rare with random seeds, so the fallback to
the draw-by-draw shuffle is tested on states built to output a rejected value.
"""

from __future__ import annotations

import pytest

from pygames_core import rng as rng_module
from pygames_core.rng import _GOLDEN, _MASK, _MIX1, _MIX2, Rng

_TWO64 = 1 << 64


def _unshift(z: int, shift: int) -> int:
    """The inverse of ``z ^ (z >> shift)`` on 64 bits."""
    x = z
    for _ in range(64 // shift + 1):
        x = z ^ (x >> shift)
    return x & _MASK


def _state_before(output: int) -> int:
    """The state whose next64() returns ``output`` (SplitMix64's mix is a bijection)."""
    z = _unshift(output, 31)
    z = _unshift(z * pow(_MIX2, -1, _TWO64) & _MASK, 27)
    z = _unshift(z * pow(_MIX1, -1, _TWO64) & _MASK, 30)
    return (z - _GOLDEN) & _MASK


def _slow_shuffle(state: int, size: int) -> tuple[list[int], int]:
    items, slow = list(range(size)), Rng(state)
    for i in range(size - 1, 0, -1):
        j = slow.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items, slow.state


def test_state_before_is_the_inverse_of_next64() -> None:
    for output in (0, 1, 12345, _TWO64 - 1, 0xDEADBEEFCAFEBABE):
        assert Rng(_state_before(output)).next64() == output


@pytest.mark.parametrize("count", [1, 2, 9, 47, 127])
def test_draws_are_next64_in_turn(count: int) -> None:
    for state in (0, 1, _MASK, 0x0123456789ABCDEF):
        r = Rng(state)
        assert rng_module._draws(state, count) == [r.next64() for _ in range(count)]


@pytest.mark.parametrize("size", [9, 48, 100, 128])
@pytest.mark.parametrize("position", [0, 5, -3])
def test_a_rejected_draw_falls_back_to_the_draw_by_draw_stream(size: int, position: int) -> None:
    # The draw of step `position` (counted from the first, n == size) is 2**64 - 1: rejected by
    # below(n) unless n is a power of two.
    step = position % (size - 1)
    n = size - step
    state = (_state_before(_TWO64 - 1) - step * _GOLDEN) & _MASK
    items, fast = list(range(size)), Rng(state)
    fast.shuffle(items)
    expected, end = _slow_shuffle(state, size)
    assert items == expected and fast.state == end
    draws = size if _TWO64 % n else size - 1  # one extra draw: the rejected one
    assert end == (state + draws * _GOLDEN) & _MASK


@pytest.mark.parametrize("size", [0, 1, 2, 8, 9, 48, 127, 128, 129, 300])
def test_shuffle_matches_below_at_the_size_limits(size: int) -> None:
    for seed in range(20):
        items, fast = list(range(size)), Rng.from_seed(seed)
        fast.shuffle(items)
        assert (items, fast.state) == _slow_shuffle(Rng.from_seed(seed).state, size)

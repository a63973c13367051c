"""A small seeded random number generator whose whole state is one integer.

The engine never touches the global :mod:`random` module: every shuffle and draw
goes through an :class:`Rng` kept inside the game state, so a saved game resumes
with the same future shuffles, on CPython and in Pyodide alike.  The generator is
SplitMix64 (Steele, Lea & Flood 2014): tiny, fast, and fully specified here, so
its output never depends on the Python version.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_BIG_ENDIAN = sys.byteorder == "big"
_MASK = (1 << 64) - 1
_TWO64 = 1 << 64
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
#: The rejection limits of below(n) for the deck sizes the games shuffle.
_LIMITS_SIZE = 128
_LIMITS = [0] + [_TWO64 - _TWO64 % n for n in range(1, _LIMITS_SIZE)]
#: A draw below this is accepted by ``below(n)`` for every ``n <= _LANES_MAX``.
_SAFE = _TWO64 - 128
#: Shuffles of 1 + (_VECTOR_MIN .. _LANES_MAX - 1) items take their draws from :func:`_draws`.
_VECTOR_MIN = 8
_LANES_MAX = 128
#: Each draw of :func:`_draws` sits in a 128-bit lane of one big integer: room for a 64x64-bit product.
_LANE = 128


def _lane_constants(count: int) -> tuple[int, int, int]:
    """The 64-bit mask in each of ``count`` lanes, 1 in each, and ``k * _GOLDEN`` in lane ``k - 1``."""
    mask = ones = steps = 0
    for k in range(count):
        mask |= _MASK << (_LANE * k)
        ones |= 1 << (_LANE * k)
        steps |= ((k + 1) * _GOLDEN) << (_LANE * k)
    return mask, ones, steps


_LANE_CONSTANTS: dict[int, tuple[int, int, int]] = {}


def _draws(state: int, count: int) -> list[int]:
    """The next ``count`` outputs of SplitMix64 from ``state``, computed side by side.

    SplitMix64's k-th state is ``state + k * _GOLDEN`` whatever it output before, so all
    ``count`` states are known at once; each lane of a big integer holds one of them and every
    step of the output mix is one operation on the big integer (masked back to 64 bits per lane
    wherever a bit could spill into the next lane).  Several times faster than a loop of
    :meth:`Rng.next64` in pure Python.
    """
    consts = _LANE_CONSTANTS.get(count)
    if consts is None:
        consts = _LANE_CONSTANTS[count] = _lane_constants(count)
    mask, ones, steps = consts
    z = (state * ones + steps) & mask
    z = ((z ^ (z >> 30) & mask) * _MIX1) & mask
    z = ((z ^ (z >> 27) & mask) * _MIX2) & mask
    z ^= z >> 31  # what spills into a lane's upper half is never read
    data = z.to_bytes(16 * count, "little")
    if _BIG_ENDIAN:  # the native 64-bit words would be byte-swapped
        return [int.from_bytes(data[i:i + 8], "little") for i in range(0, 16 * count, 16)]
    return memoryview(data).cast("Q")[::2].tolist()


class Rng:
    """SplitMix64.  ``state`` is a 64-bit integer; ``Rng(rng.state)`` continues the stream."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        # Mix the seed once so that seeds 0, 1, 2 ... start far apart.
        r = cls(seed ^ 0x5DEECE66D2545F49)
        r.next64()
        return r

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``0 .. n-1`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs n > 0, got {n!r}")
        limit = _TWO64 - _TWO64 % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place: ``items[i]`` swaps with ``items[below(i + 1)]``, last first.

        The very stream of calling :meth:`below` per step (saved games resume with the
        same shuffles).  Setups and search bots shuffle whole decks, so the draws are
        computed all at once (:func:`_draws`) whenever none of them can be rejected.
        """
        last = len(items) - 1
        if _VECTOR_MIN <= last < _LANES_MAX:
            s = self.state
            zs = _draws(s, last)
            # below(n) rejects only draws >= 2**64 - 2**64 % n > 2**64 - n: never below _SAFE.
            if max(zs) < _SAFE:
                # (``z % (i + 1)`` in the loop: twice as fast as a ``map(int.__mod__, ...)`` beside it.)
                i = last
                for z in zs:
                    j = z % (i + 1)
                    items[i], items[j] = items[j], items[i]
                    i -= 1
                self.state = (s + last * _GOLDEN) & _MASK
                return
        self._shuffle_scalar(items)

    def _shuffle_scalar(self, items: MutableSequence[T]) -> None:
        """:meth:`shuffle` one draw at a time, with the rejections of :meth:`below` (generator inlined)."""
        s = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _LIMITS_SIZE else _TWO64 - _TWO64 % n
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * _MIX1) & _MASK
                z = ((z ^ (z >> 27)) * _MIX2) & _MASK
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def to_hex(self) -> str:
        return f"{self.state:016x}"

    @classmethod
    def from_hex(cls, text: str) -> Rng:
        rng = cls.__new__(cls)
        rng.state = int(text, 16) & _MASK
        return rng


def fresh_seed() -> int:
    """A new random seed for ``seed=None`` (stored in the state afterwards)."""
    return secrets.randbits(53)  # fits a JavaScript number exactly

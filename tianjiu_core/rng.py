"""The project's random numbers: SplitMix64, stable in every Python and in Pyodide.

A seed is an integer 0 ≤ seed < 2⁶⁴.  :class:`Rng` is SplitMix64 (Steele, Lea & Flood 2014):
``state += 0x9E3779B97F4A7C15``; ``z = state``;
``z = (z ^ z>>30) * 0xBF58476D1CE4E5B9``; ``z = (z ^ z>>27) * 0x94D049BB133111EB``;
output ``z ^ z>>31`` (all mod 2⁶⁴).  ``below(n)`` draws outputs until one is
under ``⌊2⁶⁴/n⌋·n`` and returns it mod n (no bias).  :func:`shuffled` is
Fisher–Yates from the end: for i = n−1 … 1, swap i with ``below(i+1)``.  Only
integer arithmetic is used, so every Python version and Pyodide give the same
numbers.  Shared by every game on the tiles (Tien Gow's wall, Pai Gow's deal,
seeded exercises and sampling).

>>> shuffled(range(5), Rng(1))
[2, 1, 4, 3, 0]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from .errors import NotationError

__all__ = ["Rng", "shuffled"]

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64: a tiny, fully specified generator (see the module docstring).

    >>> hex(Rng(0).next_u64())          # the published SplitMix64 reference value
    '0xe220a8397b1dcdaf'
    >>> r = Rng(0); [r.below(6) + 1 for _ in range(5)]
    [2, 1, 2, 5, 2]
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= _MASK:
            raise NotationError(f"seed must be an integer 0 ≤ seed < 2**64, not {seed!r}",
                                zh=f"seed 要是 0 至 2**64 − 1 的整數，不是 {seed!r}")
        self.state = seed

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer 0 ≤ x < n."""
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def dice(self) -> tuple[int, int]:
        """Two dice, 1–6 each."""
        return (1 + self.below(6), 1 + self.below(6))


def shuffled(items: Iterable[T], rng: Rng) -> list[T]:
    """A new list of ``items`` in the order of our Fisher–Yates over ``rng`` (from the end)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out

"""Exact chances of winning the solitaire (SOL-1..5) with perfect play, with and without the seed
option ``may_stop=True`` (SOL-3: end a round early once a tile is laid in it).

The player sees the hand and the line, and knows which tiles are in the stock but not their
order (the shuffle, COM-7): a refill of ``k`` tiles is a uniformly random ``k``-subset of the
stock. `win_probability` is the value of the best play against that chance, by exhaustive
search over the positions (hand, stock, ends, tiles laid this round), as a `Fraction`. It grows
fast with the set: the double-two set answers at once; from double-four up it takes too long.
(With an odd highest double, as in double-three, no line holds every tile: each number sits on
an odd number of tiles besides its double, so the game is never won.)

Stopping early helps (measured on the double-two set, 6 tiles, every deal counted):

>>> deal_win_probability(2, 3), deal_win_probability(2, 3, may_stop=True)
(Fraction(19, 30), Fraction(29, 30))
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from itertools import combinations
from math import comb

from ..core.engine import tables
from ..core.errors import ParameterError
from ..core.tiles import Tile, mask_of, parse_tiles

__all__ = ["deal_win_probability", "win_probability"]


class _Solver:
    """The search, with its memo shared by every deal of one set and one option."""

    def __init__(self, pips: int, may_stop: bool) -> None:
        self.t = tables(pips)
        self.may_stop = may_stop
        self.memo: dict[tuple[int, int, int, int, int], Fraction] = {}

    def fits(self, hand: int, left: int, right: int) -> int:
        return hand & (self.t.suit[left] | self.t.suit[right])

    def refill(self, hand: int, stock: int, left: int, right: int, laid: int) -> Fraction:
        """SOL-3/5: the round is over; draw ``laid`` tiles (or what is left), then go on or stop (SOL-4)."""
        items = [i for i in range(self.t.size) if stock >> i & 1]
        k = min(laid, len(items))
        total = Fraction(0)
        for sub in combinations(items, k):
            m = sum(1 << i for i in sub)
            h, st = hand | m, stock ^ m
            if not h and not st:
                total += 1  # SOL-4: every tile is on the table
            elif self.fits(h, left, right):
                total += self.value(h, st, left, right, 0)
            # else SOL-4: the new round lays nothing, lost
        return total / comb(len(items), k)

    def value(self, hand: int, stock: int, left: int, right: int, laid: int) -> Fraction:
        """The best chance of winning from a position where a tile of the hand fits."""
        if left > right:
            left, right = right, left
        key = (hand, stock, left, right, laid)
        got = self.memo.get(key)
        if got is not None:
            return got
        t = self.t
        best = self.refill(hand, stock, left, right, laid) if self.may_stop and laid else Fraction(0)
        m = self.fits(hand, left, right)
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            a, b = t.low[i], t.high[i]
            h = hand ^ low
            for near, keep in ((left, right), (right, left)):
                if near in (a, b):
                    far = b if a == near else a
                    v = (self.value(h, stock, far, keep, laid + 1) if self.fits(h, far, keep)
                         else self.refill(h, stock, far, keep, laid + 1))
                    best = max(best, v)
        self.memo[key] = best
        return best

    def start(self, hand: int, stock: int) -> Fraction:
        """SOL-2: the best base; it counts as laid in the first round."""
        t = self.t
        best = Fraction(0)
        m = hand
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            h = hand ^ low
            a, b = t.low[i], t.high[i]
            v = self.value(h, stock, a, b, 1) if self.fits(h, a, b) else self.refill(h, stock, a, b, 1)
            best = max(best, v)
        return best


def win_probability(hand: Iterable[str | Tile], stock: Iterable[str | Tile], *, pips: int = 6,
                    may_stop: bool = False) -> Fraction:
    """The chance of winning with the best play from the hand ``hand`` (face up, before the base)
    and the stock ``stock`` (in unknown order); tiles in neither are out of play."""
    h, st = mask_of(parse_tiles(hand)), mask_of(parse_tiles(stock))
    t = tables(pips)
    if (h | st) >> t.size or h & st or not h:
        raise ParameterError("hand and stock must be tiles of the double-{pips} set, apart, and the hand not empty",
                             pips=pips)
    return _Solver(pips, may_stop).start(h, st)


def deal_win_probability(pips: int, hand_size: int = 5, *, may_stop: bool = False) -> Fraction:
    """The chance of winning a dealt game (SOL-1: ``hand_size`` tiles face up from the shuffled
    set of double-``pips``) with the best play, averaged exactly over every deal."""
    t = tables(pips)
    if not 1 <= hand_size <= t.size:
        raise ParameterError("hand_size must be 1..{size} for the double-{pips} set, not {hand_size!r}",
                             size=t.size, pips=pips, hand_size=hand_size)
    solver = _Solver(pips, may_stop)
    total = Fraction(0)
    n = 0
    for hand in combinations(range(t.size), hand_size):
        m = sum(1 << i for i in hand)
        total += solver.start(m, t.full ^ m)
        n += 1
    return total / n

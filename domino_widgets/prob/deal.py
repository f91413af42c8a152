"""Exact facts about the deal, by counting (DESIGN principle 4): the numbers behind DRW-2's redeal,
the lead, and what a hand of seven is likely to hold.

All results are `Fraction`s. A deal is uniform: every set of ``players * hand_size`` tiles of the
double-``pips`` set is equally likely, and so is every split of it into hands.

>>> p_no_double()            # DRW-2: no double among the 14 tiles of a two-player deal
Fraction(1, 345)
>>> p_hand_misses_a_number()  # a hand of 7 lacks at least one of the numbers 0..6
Fraction(45535, 78936)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from ..core.tiles import set_size


def _check(players: int, hand_size: int, pips: int) -> int:
    if not all(isinstance(x, int) and x > 0 for x in (players, hand_size, pips)):
        raise ValueError("players, hand_size and pips must be whole numbers > 0")
    dealt = players * hand_size
    if dealt > set_size(pips):
        raise ValueError(f"{players} hands of {hand_size} need {dealt} tiles; the double-{pips} set has {set_size(pips)}")
    return dealt


def p_none_of(j: int, players: int = 2, hand_size: int = 7, pips: int = 6) -> Fraction:
    """The chance that none of ``j`` given tiles is dealt to anyone.

    >>> p_none_of(1)              # one tile, e.g. the 6-6: 14 of 28 tiles are out of the hands
    Fraction(1, 2)
    """
    dealt = _check(players, hand_size, pips)
    n = set_size(pips)
    return Fraction(comb(n - j, dealt), comb(n, dealt))


def p_no_double(players: int = 2, hand_size: int = 7, pips: int = 6) -> Fraction:
    """DRW-2: the chance that no double is dealt to any player (then the tiles are redealt).

    >>> p_no_double(players=4)    # all 28 tiles dealt: some double is always there
    Fraction(0, 1)
    """
    return p_none_of(pips + 1, players, hand_size, pips)


def highest_double(players: int = 2, hand_size: int = 7, pips: int = 6) -> dict[int | None, Fraction]:
    """The distribution of the highest double dealt (the lead of DRW-2 and A5-1); ``None``: no double.

    >>> d = highest_double()
    >>> d[6], d[0], d[None], sum(d.values())
    (Fraction(1, 2), Fraction(7, 1380), Fraction(1, 345), Fraction(1, 1))
    """
    out: dict[int | None, Fraction] = {}
    for d in range(pips, -1, -1):
        higher = pips - d  # doubles above d, none of which may be dealt
        out[d] = p_none_of(higher, players, hand_size, pips) - p_none_of(higher + 1, players, hand_size, pips)
    out[None] = p_no_double(players, hand_size, pips)
    return out


def p_hand_avoids(numbers: int, hand_size: int = 7, pips: int = 6) -> Fraction:
    """The chance that one hand holds no tile showing any of ``numbers`` given numbers.

    The tiles that avoid them use only the other ``m = pips + 1 - numbers`` numbers:
    ``m (m + 1) / 2`` tiles.

    >>> p_hand_avoids(1)          # no 6 at all in a hand of seven: C(21,7) / C(28,7)
    Fraction(323, 3289)
    """
    _check(1, hand_size, pips)
    m = pips + 1 - numbers
    return Fraction(comb(m * (m + 1) // 2, hand_size), comb(set_size(pips), hand_size))


def p_hand_misses_a_number(hand_size: int = 7, pips: int = 6) -> Fraction:
    """The chance that a hand lacks at least one number, by inclusion-exclusion over the numbers."""
    total = Fraction(0)
    for j in range(1, pips + 2):
        total += (-1) ** (j + 1) * comb(pips + 1, j) * p_hand_avoids(j, hand_size, pips)
    return total


def suit_count(k: int, hand_size: int = 7, pips: int = 6) -> Fraction:
    """The chance that a hand holds exactly ``k`` tiles showing a given number (hypergeometric).

    >>> sum(suit_count(k) for k in range(8))
    Fraction(1, 1)
    """
    n = set_size(pips)
    s = pips + 1  # tiles in a suit
    return Fraction(comb(s, k) * comb(n - s, hand_size - k), comb(n, hand_size))


def pip_total() -> int:
    """The double-six set has 168 pips: each number 0..6 appears on 8 halves (the double twice).

    >>> pip_total()
    168
    """
    return sum(8 * n for n in range(7))

"""Exact odds of Twenty-one (T21-1..4) as `Fraction`s, by counting.

Only pip counts matter in Twenty-one, so most questions are about the *values* of the tiles you
have not seen: in the double-six set there are 1, 1, 2, 2, 3, 3, 4, 3, 3, 2, 2, 1, 1 tiles of
value 0, 1, ..., 12.

>>> two_tile_totals()[21]                  # T21-4: 6-6 with 6-3 or 5-4, 6-5 with 6-4 or 5-5
Fraction(2, 189)
>>> deal_bust_probability()                # T21-4: 6-6 with 6-5, 6-4 or 5-5 (3 of 378 pairs)
Fraction(1, 126)
>>> bust_probability(["6-6", "2-2"])       # 16: 15 of the 26 unseen tiles are worth 6 or more
Fraction(15, 26)
>>> final_count_distribution(17, ["6-6", "2-2"])["bust"]   # "stand at 17" from 16: a 0-0 means take again
Fraction(3, 5)

`OptimalStopping` finds the best moment to stand against an opponent who "stands at k" (takes
while his count is below k), exactly, by dynamic programming over what is left in the stock;
`OptimalStopping.win_probability` gives the chance of winning it brings (a tie counts one half:
tied winners share the prize, T21-3). It lives in ``variants/_twentyone_stopping.py`` so the
optimal player can use it too (players may not import this layer) and is re-exported here.

>>> duel = OptimalStopping(17)
>>> duel.best_action(["6-4", "3-3"]), duel.best_action(["6-6", "2-3"])   # 16 takes, 17 stands
(Action.parse('take'), Action.parse('stand'))
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from ..core.errors import ParameterError
from ..variants._twentyone_stopping import (
    BUST,
    TARGET,
    OptimalStopping,
    TileList,
    _check_k,
    _check_target,
    _fraction_dict,
    _tiles,
    _unseen,
    _value_counts,
    max_tiles,
)

__all__ = [
    "BUST",
    "OptimalStopping",
    "bust_probability",
    "deal_bust_probability",
    "deal_twentyone_probability",
    "final_count_distribution",
    "finish_on_target_probability",
    "max_tiles",
    "total_distribution",
    "twentyone_probability",
    "two_tile_totals",
]


# ------------------------------------------------------------------ the deal (T21-1, T21-4)


def total_distribution(tiles: int = 2, *, seen: TileList | None = None, pips: int = 6) -> dict[int, Fraction]:
    """The distribution of the count of ``tiles`` tiles drawn from the tiles not ``seen``.

    >>> d = total_distribution(2)
    >>> d[0], d[24], sum(d.values())           # 0-0 with 0-1 is impossible: 0 needs 0-0 twice
    (Fraction(0, 1), Fraction(0, 1), Fraction(1, 1))
    """
    pool = _unseen(pips, [], seen)
    if isinstance(tiles, bool) or not isinstance(tiles, int) or not 1 <= tiles <= len(pool):
        raise ParameterError("tiles must be 1..{most}, not {tiles!r}", most=len(pool), tiles=tiles)
    counts: dict[int, int] = {c: 0 for c in range(2 * pips * tiles + 1)}
    n = 0
    for combo in combinations(pool, tiles):
        counts[sum(t.value for t in combo)] += 1
        n += 1
    return _fraction_dict(counts, n)


def two_tile_totals(*, seen: TileList | None = None, pips: int = 6) -> dict[int, Fraction]:
    """T21-1: the distribution of the count of the two tiles dealt (378 equally likely pairs).

    >>> d = two_tile_totals()
    >>> [c for c in d if d[c] == max(d.values())], d[12]    # 11, 12 and 13 are the likeliest counts
    ([11, 12, 13], Fraction(17, 189))
    """
    return total_distribution(2, seen=seen, pips=pips)


def deal_bust_probability(*, target: int = TARGET, pips: int = 6) -> Fraction:
    """T21-4: the chance that the two tiles dealt are already bust (1/126 for double-six)."""
    return sum((p for c, p in two_tile_totals(pips=pips).items() if c > target), Fraction(0))


def deal_twentyone_probability(*, target: int = TARGET, pips: int = 6) -> Fraction:
    """The chance that the two tiles dealt make exactly 21 (2/189 for double-six)."""
    return two_tile_totals(pips=pips).get(target, Fraction(0))


# ------------------------------------------------------------------ one more tile (T21-2)


def _next_tile(hand: TileList | int, seen: TileList | None, tiles: int, target: int, pips: int,
               hit: str) -> Fraction:
    """P(one more tile makes the count go over ``target`` (``hit="bust"``) or equal it)."""
    def good(count: int, value: int) -> bool:
        return count + value > target if hit == BUST else count + value == target

    if isinstance(hand, int) and not isinstance(hand, bool):
        total = hand
        pool = _unseen(pips, [], seen)
        if isinstance(tiles, bool) or not isinstance(tiles, int) or not 1 <= tiles < len(pool):
            raise ParameterError("tiles must be 1..{most}, not {tiles!r}",
                                 most=len(pool) - 1, tiles=tiles)
        num = den = 0
        for combo in combinations(pool, tiles):
            if sum(t.value for t in combo) != total:
                continue
            rest = [t for t in pool if t not in combo]
            num += sum(good(total, t.value) for t in rest)
            den += len(rest)
        if not den:
            raise ParameterError("no hand of {tiles} tiles counts {total} (with the seen tiles set aside)",
                                 tiles=tiles, total=total)
        return Fraction(num, den)
    mine = _tiles(hand, "hand", pips)  # type: ignore[arg-type]  # an int was handled above
    if not mine:
        raise ParameterError("hand: name your tiles (or give your count as a number)")
    pool = _unseen(pips, mine, seen)
    if not pool:
        raise ParameterError("every tile has been seen: there is no tile left to take")
    total = sum(t.value for t in mine)
    return Fraction(sum(good(total, t.value) for t in pool), len(pool))


def bust_probability(hand: TileList | int, seen: TileList | None = None, *, tiles: int = 2, target: int = TARGET,
                     pips: int = 6) -> Fraction:
    """T21-2: the chance that one more tile takes the count over 21.

    ``hand`` names your tiles, or gives your count when the tiles are unknown: then every set of
    ``tiles`` tiles with that count is equally likely (as dealt). ``seen`` are other tiles you
    have seen (they cannot come).

    >>> bust_probability(["6-6", "5-4"])       # 21: anything but the 0-0 busts
    Fraction(25, 26)
    >>> bust_probability(["6-6", "5-4"], seen=["0-0"])
    Fraction(1, 1)
    """
    return _next_tile(hand, seen, tiles, target, pips, BUST)


def twentyone_probability(hand: TileList | int, seen: TileList | None = None, *, tiles: int = 2,
                          target: int = TARGET, pips: int = 6) -> Fraction:
    """The chance that one more tile makes exactly 21 (arguments as in `bust_probability`).

    >>> twentyone_probability(["6-6", "1-2"])  # 15 + 6: the 0-6, 1-5, 2-4 and 3-3
    Fraction(2, 13)
    """
    return _next_tile(hand, seen, tiles, target, pips, "exact")


# ------------------------------------------------------------------ standing at k


def final_count_distribution(stand_at: int, hand: TileList | None = None, seen: TileList | None = None, *,
                             target: int = TARGET, pips: int = 6) -> dict[int | str, Fraction]:
    """The final count of a player who "stands at ``stand_at``": he takes tiles while his count is
    below it (T21-2), from ``hand`` (or from the two tiles of the deal when ``hand`` is None).
    Counts over ``target`` are gathered under the key ``"bust"``.

    The same distribution holds with the seed option ``rounds=True`` (T21-2: one tile per turn):
    the choices depend only on the player's own count, and every order of handing out the
    shuffled stock is as likely, so the others' takes change nothing on average.

    >>> d = final_count_distribution(17)
    >>> d[21], d["bust"], sum(d.values())
    (Fraction(784159, 6906900), Fraction(1117367, 3767400), Fraction(1, 1))
    """
    _check_target(target, pips)
    _check_k(stand_at, target, "stand_at")
    mine = _tiles(hand, "hand", pips)
    pool = _value_counts(_unseen(pips, mine, seen), pips)
    out: dict[int | str, Fraction] = {}
    memo: dict[tuple[tuple[int, ...], int, int], dict[int, Fraction]] = {}

    def walk(counts: list[int], total: int, held: int) -> dict[int, Fraction]:
        if (held >= 2 and total >= stand_at) or total > target:
            return {total: Fraction(1)}
        n = sum(counts)
        if n == 0:
            return {total: Fraction(1)}  # nothing left to take
        key = (tuple(counts), total, held)
        if key in memo:
            return memo[key]
        acc: dict[int, Fraction] = {}
        for v, c in enumerate(counts):
            if c:
                counts[v] -= 1
                for end, p in walk(counts, total + v, held + 1).items():
                    acc[end] = acc.get(end, Fraction(0)) + p * Fraction(c, n)
                counts[v] += 1
        memo[key] = acc
        return acc

    for end, p in sorted(walk(pool, sum(t.value for t in mine), len(mine) if mine else 0).items()):
        k: int | str = BUST if end > target else end
        out[k] = out.get(k, Fraction(0)) + p
    return out


def finish_on_target_probability(stand_at: int, hand: TileList | None = None, seen: TileList | None = None, *,
                                 target: int = TARGET, pips: int = 6) -> Fraction:
    """The chance of finishing on exactly 21 when standing at ``stand_at`` (see
    `final_count_distribution`).

    >>> finish_on_target_probability(21) > finish_on_target_probability(17)
    True
    """
    return final_count_distribution(stand_at, hand, seen, target=target, pips=pips).get(target, Fraction(0))



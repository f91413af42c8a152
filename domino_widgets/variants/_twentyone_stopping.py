"""The exact search behind Twenty-one's optimal stopping (T21-2/3), shared by the probability
layer (`domino_widgets.prob.twentyone`, where it is documented for readers) and the optimal
player (`domino_widgets.players.twentyone`), which may not import the probability layer.

Only pip counts matter in Twenty-one, so the search works on the *values* of the unseen tiles.

>>> max_tiles()      # 0+1+2+2+3+3+4+4 = 19, and a ninth tile
9
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import factorial

from ..core.actions import STAND, TAKE, Action
from ..core.errors import ParameterError
from ..core.tiles import Tile, parse_tiles, tile_set

__all__ = ["BUST", "TARGET", "OptimalStopping", "max_tiles"]

TARGET = 21  # T21-2/3
BUST = "bust"  # the key of a count over the target in the distributions

TileList = Iterable[Tile | str] | str


# ------------------------------------------------------------------ tiles and values


def _tiles(items: TileList | None, name: str, pips: int) -> list[Tile]:
    if items is None:
        return []
    try:
        tiles = parse_tiles(items)
    except ValueError as exc:
        raise ParameterError("{name}: {error}", name=name, error=exc) from None
    size = len(tile_set(pips))
    for t in tiles:
        if t.index >= size:
            raise ParameterError("{name}: {tile} is not in the double-{pips} set", name=name, tile=t, pips=pips)
    if len(set(tiles)) != len(tiles):
        raise ParameterError("{name}: a tile is listed twice in {tile}", name=name, tile=[str(t) for t in tiles])
    return tiles


def _check_pips(pips: int) -> None:
    if isinstance(pips, bool) or not isinstance(pips, int) or not 1 <= pips <= 12:
        raise ParameterError("pips must be 1..12 (6: the double-six set of Twenty-one), not {pips!r}", pips=pips)


def _unseen(pips: int, hand: list[Tile], seen: TileList | None) -> list[Tile]:
    """The tiles of the set that are neither in ``hand`` nor in ``seen``."""
    _check_pips(pips)
    known = _tiles(seen, "seen", pips)
    both = set(hand) & set(known)
    if both:
        raise ParameterError("seen: {choices} is in the hand already", choices=', '.join(map(str, sorted(both))))
    gone = set(hand) | set(known)
    return [t for t in tile_set(pips) if t not in gone]


def _value_counts(tiles: Iterable[Tile], pips: int) -> list[int]:
    counts = [0] * (2 * pips + 1)
    for t in tiles:
        counts[t.value] += 1
    return counts


def _fraction_dict(counts: dict[int, int], total: int) -> dict[int, Fraction]:
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


def _check_target(target: int, pips: int) -> None:
    _check_pips(pips)
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= 4 * pips * (pips + 1):
        raise ParameterError("target must be a whole number > 0 (21 in Twenty-one), not {target!r}", target=target)


def _check_k(k: int, target: int, name: str) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= target + 1:
        raise ParameterError("{name} must be 0..{most} (take while the count is below it), not {k!r}",
                             name=name, most=target + 1, k=k)


def max_tiles(*, target: int = TARGET, pips: int = 6) -> int:
    """The most tiles one player can hold: he takes only while he is not bust.

    >>> max_tiles(target=10, pips=4)     # 0+1+2+2+3 = 8, and a sixth tile
    6
    """
    values = sorted(t.value for t in tile_set(pips))
    total = held = 0
    for v in values:
        if total > target:
            break
        total += v
        held += 1
    return held


# ------------------------------------------------------------------ optimal stopping (two players)


class OptimalStopping:
    """The best way to play a two-player game of Twenty-one against an opponent who stands at
    ``opponent_stands_at``, computed exactly.

    A position is valued by the chance of winning it gives (a tie counts one half, T21-3).
    Standing at count ``t`` is valued by the exact distribution of what the opponent ends with,
    drawn from what is left in the stock; taking, by the average over the tile that comes. The
    dynamic programme runs over the values left in the stock (tiles of equal value are
    interchangeable), with whole numbers scaled by ``2 * n!`` so that nothing is rounded.

    Seat 0 acts first: the opponent's two tiles are hidden, and by symmetry they are as random as
    the stock. Seat 1 acts second and has seen how many tiles the opponent took
    (``opponent_tiles``): the chances weigh every hand he may hold, given that he stood at
    ``opponent_stands_at`` with exactly that many tiles.

    Never standing below 10 loses nothing (no tile can bust a 9, and a higher count never wins
    less), so the search stands only where a bust is possible.

    >>> duel = OptimalStopping(17)
    >>> duel.best_action(["6-4", "3-3"])           # 16 against "stand at 17": take
    Action.parse('take')
    >>> duel.best_action(["6-6", "2-3"])           # 17: stand
    Action.parse('stand')
    >>> v = duel.values(["6-4", "3-3"]); v["take"] > v["stand"]
    True
    >>> duel.best_action(["6-4", "3-3"], seat=1, opponent_tiles=2)   # he stood on two tiles: 17 or more
    Action.parse('take')
    """

    SCALE = 2  # a tie between two players pays one half

    def __init__(self, opponent_stands_at: int = 17, *, target: int = TARGET, pips: int = 6) -> None:
        _check_target(target, pips)
        _check_k(opponent_stands_at, target, "opponent_stands_at")
        if 2 * max_tiles(target=target, pips=pips) > len(tile_set(pips)):
            raise ParameterError("with target {target} and the double-{pips} set two players could empty the stock; "
                                 "the exact odds here assume they cannot", target=target, pips=pips)
        self.opponent_stands_at = opponent_stands_at
        self.target = target
        self.pips = pips
        self._maxv = 2 * pips
        self._full = _value_counts(tile_set(pips), pips)
        self._fact = [factorial(i) for i in range(len(tile_set(pips)) + 1)]
        self._vmask = [sum(15 << (4 * v) for v in range(min(lim, self._maxv) + 1)) for lim in range(target + 1)]
        self._opp_memo: dict[tuple[int, int, int, int, int], int] = {}
        self._v_memo: dict[tuple[int, int], int] = {}
        self._pol_memo: dict[tuple[int, int, int], int] = {}
        self._seat1: dict[tuple[int, int], _Seat1] = {}
        # a position's two values by (seat, unseen values, count, opponent's tiles): a tournament
        # meets the same few thousand positions again and again (issue 39: 200,000 hands)
        self._values_memo: dict[tuple[int, int, int, int | None], dict[str, Fraction]] = {}

    def __repr__(self) -> str:
        return f"OptimalStopping({self.opponent_stands_at}, target={self.target}, pips={self.pips})"

    # -------------------------------------------------------------- public

    def values(self, hand: TileList, *, seat: int = 0, opponent_tiles: int | None = None) -> dict[str, Fraction]:
        """The chance of winning if you ``"stand"`` now, or ``"take"`` a tile and then play on
        optimally (a tie counts one half)."""
        pool, total = self._position(hand)
        if seat == 0:
            if opponent_tiles is not None:
                raise ParameterError("opponent_tiles is for seat 1: at seat 0 the opponent has not played yet")
        elif seat == 1:
            self._seat1_solver(pool, opponent_tiles)  # checks opponent_tiles
        else:
            raise ParameterError("seat must be 0 (first to act) or 1 (second), not {seat!r}", seat=seat)
        key = (int(seat), pool, total, opponent_tiles)
        known = self._values_memo.get(key)
        if known is None:
            known = self._values_memo[key] = self._values(pool, total, int(seat), opponent_tiles)
        return dict(known)

    def _values(self, pool: int, total: int, seat: int, opponent_tiles: int | None) -> dict[str, Fraction]:
        """`values` of a checked position, computed."""
        if seat == 0:
            n = sum(self._counts(pool))
            scale = self.SCALE * self._fact[n]
            return {"stand": Fraction(self._stand0(pool, n, total), scale),
                    "take": Fraction(self._take0(pool, n, total), scale)}
        solver = self._seat1_solver(pool, opponent_tiles)
        stand, take = solver.root(total)
        return {"stand": Fraction(stand, solver.scale), "take": Fraction(take, solver.scale)}

    def best_action(self, hand: TileList, *, seat: int = 0, opponent_tiles: int | None = None) -> Action:
        """``take`` or ``stand``, whichever wins more often (``stand`` when they are equal, or
        when the hand is bust)."""
        _, total = self._position(hand)
        if total > self.target:
            return STAND
        if total + self._maxv <= self.target:
            return TAKE  # no tile can bust: taking never loses (see the class docstring)
        v = self.values(hand, seat=seat, opponent_tiles=opponent_tiles)
        return TAKE if v["take"] > v["stand"] else STAND

    def win_probability(self, stand_at: int | None = None) -> Fraction:
        """Seat 0's chance of winning, over all deals: playing optimally, or standing at
        ``stand_at`` (a tie counts one half).

        >>> small = OptimalStopping(7, target=10, pips=4)     # a small game: double-four, 10 is "21"
        >>> small.win_probability(), max(small.win_probability(k) for k in range(12))
        (Fraction(9889193, 21621600), Fraction(2468339, 5405400))

        Against "stand at 17" in the real game, the optimal policy wins 948364713917/2065202568000
        (45.9%) from seat 0, standing at 16 wins 45.7% (a few seconds to compute).
        """
        if stand_at is not None:
            _check_k(stand_at, self.target, "stand_at")
        pool = self._encode(self._full)
        n = sum(self._full)
        total = 0
        for a in range(self._maxv + 1):
            ca = (pool >> (4 * a)) & 15
            if not ca:
                continue
            p1 = pool - (1 << (4 * a))
            for b in range(self._maxv + 1):
                cb = (p1 >> (4 * b)) & 15
                if cb and a + b <= self.target:
                    rest = p1 - (1 << (4 * b))
                    val = self._v(rest, n - 2, a + b) if stand_at is None else self._pol(rest, n - 2, a + b, stand_at)
                    total += ca * cb * val
        return Fraction(total, self.SCALE * self._fact[n])

    # -------------------------------------------------------------- seat 0

    def _opp(self, pool: int, n: int, s: int, held: int, t: int) -> int:
        """Seat 0 stands at ``t``; the opponent holds ``s`` in ``held`` tiles and takes from
        ``pool`` (``n`` tiles). Seat 0's chance of winning, scaled by ``2 * n!``.

        Only the values the opponent can still take without busting matter one by one, the
        rest all bust him alike: the memo key keeps just those counts, so pools that differ only
        in tiles he cannot use share one entry.
        """
        lim = self.target - s
        key = (pool & self._vmask[lim] if lim >= 0 else 0, n, s, held, t)
        got = self._opp_memo.get(key)
        if got is not None:
            return got
        k, sc = self.opponent_stands_at, self.SCALE
        f1 = self._fact[n - 1] if n else 0
        r = 0
        kept = 0
        if n == 0:  # pragma: no cover - the stock cannot run out (checked in __init__)
            r = self._leaf(s, t, 0)
        else:
            for v in range(min(lim, self._maxv) + 1):
                c = (pool >> (4 * v)) & 15
                if not c:
                    continue
                kept += c
                s2 = s + v
                if held + 1 >= 2 and s2 >= k:  # he stands with s2 <= target
                    if s2 < t:
                        r += c * sc * f1
                    elif s2 == t:
                        r += c * f1
                else:
                    r += c * self._opp(pool - (1 << (4 * v)), n - 1, s2, held + 1, t)
            r += (n - kept) * sc * f1  # he busts: seat 0 wins
        self._opp_memo[key] = r
        return r

    def _leaf(self, s: int, t: int, n: int) -> int:  # pragma: no cover - see _opp
        if s > self.target or s < t:
            return self.SCALE * self._fact[n]
        return self._fact[n] if s == t else 0

    def _stand0(self, pool: int, n: int, t: int) -> int:
        return self._opp(pool, n, 0, 0, t) if t <= self.target else 0

    def _take0(self, pool: int, n: int, t: int) -> int:
        r = 0
        for v in range(min(self.target - t, self._maxv) + 1):
            c = (pool >> (4 * v)) & 15
            if c:
                r += c * self._v(pool - (1 << (4 * v)), n - 1, t + v)
        return r

    def _v(self, pool: int, n: int, t: int) -> int:
        """Seat 0's chance of winning with count ``t`` and ``pool`` left, playing optimally (scaled)."""
        key = (pool, t)
        got = self._v_memo.get(key)
        if got is not None:
            return got
        take = self._take0(pool, n, t)
        r = take if t + self._maxv <= self.target else max(take, self._stand0(pool, n, t))
        self._v_memo[key] = r
        return r

    def _pol(self, pool: int, n: int, t: int, k: int) -> int:
        """The same for "stand at ``k``"."""
        key = (pool, t, k)
        got = self._pol_memo.get(key)
        if got is not None:
            return got
        if t >= k:
            r = self._stand0(pool, n, t)
        else:
            r = 0
            for v in range(min(self.target - t, self._maxv) + 1):
                c = (pool >> (4 * v)) & 15
                if c:
                    r += c * self._pol(pool - (1 << (4 * v)), n - 1, t + v, k)
        self._pol_memo[key] = r
        return r

    # -------------------------------------------------------------- helpers

    def _position(self, hand: TileList) -> tuple[int, int]:
        mine = _tiles(hand, "hand", self.pips)
        if len(mine) < 2:
            raise ParameterError("hand: a player holds at least the two tiles of the deal (T21-1), not {n_mine}",
                                 n_mine=len(mine))
        counts = _value_counts(_unseen(self.pips, mine, None), self.pips)
        return self._encode(counts), sum(t.value for t in mine)

    @staticmethod
    def _encode(counts: list[int]) -> int:
        return sum(c << (4 * v) for v, c in enumerate(counts))

    def _counts(self, pool: int) -> list[int]:
        return [(pool >> (4 * v)) & 15 for v in range(self._maxv + 1)]

    def _seat1_solver(self, pool: int, opponent_tiles: int | None) -> _Seat1:
        if isinstance(opponent_tiles, bool) or not isinstance(opponent_tiles, int) or opponent_tiles < 2:
            raise ParameterError("seat 1 needs opponent_tiles: how many tiles the opponent held when he stood (2 or "
                                 "more), not {opponent_tiles!r}", opponent_tiles=opponent_tiles)
        key = (pool, opponent_tiles)
        solver = self._seat1.get(key)
        if solver is None:
            solver = self._seat1[key] = _Seat1(self, pool, opponent_tiles)
        return solver


class _Seat1:
    """Seat 1's decisions after the opponent stood with ``m`` tiles: every opponent hand (as
    values) that agrees with "stand at k" and ``m`` tiles, weighted by how many tile sequences
    give it; then the same dynamic programme as seat 0, with each of those hands in view."""

    def __init__(self, duel: OptimalStopping, pool: int, m: int) -> None:
        self.duel = duel
        self.pool = pool
        self.counts = duel._counts(pool)
        self.n = sum(self.counts)
        self.m = m
        self.hands = self._opponent_hands()
        if not self.hands:
            raise ParameterError("an opponent who stands at {opponent_stands_at} cannot have stood with {m} tiles "
                                 "here", opponent_stands_at=duel.opponent_stands_at, m=m)
        self.weight = sum(w for _, _, w in self.hands)
        self.scale = duel.SCALE * duel._fact[self.n - m] * self.weight
        self.memo: dict[tuple[int, ...], int] = {}

    def _opponent_hands(self) -> list[tuple[tuple[int, ...], int, int]]:
        """(value counts, count, weight) of every hand the opponent may hold."""
        k, m, nv = self.duel.opponent_stands_at, self.m, len(self.counts)
        level: dict[tuple[int, ...], int] = {(0,) * nv: 1}
        for held in range(m):
            nxt: dict[tuple[int, ...], int] = {}
            for hand, w in level.items():
                s = sum(v * c for v, c in enumerate(hand))
                if held >= 2 and s >= k:
                    continue  # he would have stood already
                for v in range(nv):
                    c = self.counts[v] - hand[v]
                    if c > 0:
                        h2 = hand[:v] + (hand[v] + 1,) + hand[v + 1:]
                        nxt[h2] = nxt.get(h2, 0) + w * c
            level = nxt
        out = []
        for hand, w in level.items():
            s = sum(v * c for v, c in enumerate(hand))
            if s >= k:
                out.append((hand, s, w))
        return out

    def root(self, total: int) -> tuple[int, int]:
        """(stand, take), scaled by ``self.scale``."""
        return self._stand((0,) * len(self.counts), 0, total), self._take((0,) * len(self.counts), 0, total)

    def _stand(self, drawn: tuple[int, ...], ndrawn: int, t: int) -> int:
        duel = self.duel
        if t > duel.target:
            return 0
        sc, target, fact = duel.SCALE, duel.target, duel._fact
        rest = fact[self.n - self.m - ndrawn]
        used = [(v, c) for v, c in enumerate(drawn) if c]
        r = 0
        for hand, s, w in self.hands:
            if s <= target and s > t:
                continue
            ways = w * rest
            for v, c in used:
                left = self.counts[v] - hand[v]
                for i in range(c):
                    ways *= left - i
                if not ways:
                    break
            if ways:
                r += ways * (sc if (s > target or s < t) else 1)
        return r

    def _take(self, drawn: tuple[int, ...], ndrawn: int, t: int) -> int:
        r = 0
        for v in range(min(self.duel.target - t, self.duel._maxv) + 1):
            if self.counts[v] - drawn[v] > 0:
                r += self._value(drawn[:v] + (drawn[v] + 1,) + drawn[v + 1:], ndrawn + 1, t + v)
        return r

    def _value(self, drawn: tuple[int, ...], ndrawn: int, t: int) -> int:
        got = self.memo.get(drawn)
        if got is not None:
            return got
        take = self._take(drawn, ndrawn, t)
        r = take if t + self.duel._maxv <= self.duel.target else max(take, self._stand(drawn, ndrawn, t))
        self.memo[drawn] = r
        return r

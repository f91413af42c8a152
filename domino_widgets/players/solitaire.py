"""Players of the solitaire (SOL-1..5): random, greedy, and a look-ahead expert.

A round is forced to go on while a tile fits (SOL-3), so the only choices are the base (SOL-2)
and *which* maximal run of plays to make; every player here plans the whole round from the
visible hand (`round_plans`) and plays the first step of the plan it likes best:

- `RandomPlayer`: any legal action, uniformly.
- `GreedyPlayer`: the plan that lays the most tiles this round (the refill brings as many),
  then the one whose ends fit the most unseen tiles ("keep the most options open").
- `ExpertPlayer`: refuses plans that strand a tile for good (every tile not yet laid must be
  joined to an end through the tiles not yet laid, or it can never be laid: SOL-4 is then
  lost), then takes the plan with the best exact chance that the refill brings a playable tile
  (an expectation over the stock, whose tiles are known and whose order is not); near the end
  (at most ``exact_below`` tiles unseen) it searches the rest of the game exactly, refills and
  all. Ties: more tiles laid, then more unseen tiles that fit.

Each sees only `SolitaireView` and gets its random source passed in.

>>> import random, domino_widgets as dw
>>> s = dw.new_game("solitaire", hands=[["3-5", "5-6", "0-0", "1-2", "2-2"]],
...                 boneyard=["6-6", "0-1", "4-4", "1-1"])
>>> s = s.play("base 1-2")
>>> GreedyPlayer().choose(s.view(), random.Random(0))    # 2-2 then nothing: one tile either way
Action.parse('2-2 right')
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from itertools import combinations
from math import comb
from random import Random
from typing import Any, cast

from ..core.actions import Action, ActionKind, End
from ..core.engine import Tables, tables
from ..core.errors import IllegalPlayError, ParameterError, Phrase
from ..core.tiles import Tile, mask_of
from ..variants._solitaire_state import SolitaireView
from .base import Player
from .registry import register_player

__all__ = ["ExpertPlayer", "GreedyPlayer", "Plan", "RandomPlayer", "round_plans", "stranded", "survival"]

# A plan: (hand left, left end, right end, tiles laid by the plan, first action)
Plan = tuple[int, int, int, int, Action]


def round_plans(t: Tables, hand: int, ends: tuple[int, int] | None) -> list[Plan]:
    """Every different way the round can end from here (SOL-3: play on while a tile fits), for
    each legal first action. Before the base (``ends`` None), the first action is the base.

    >>> t = tables(6)
    >>> plans = round_plans(t, mask_of([Tile(5, 6), Tile(6, 6), Tile(0, 1)]), (3, 5))
    >>> sorted((left, right, laid, str(first)) for _, left, right, laid, first in plans)
    [(3, 6, 2, '5-6 right')]
    """
    out: list[Plan] = []
    if ends is None:
        m = hand
        while m:
            low = m & -m
            m ^= low
            tile = Tile.from_index(low.bit_length() - 1)
            out.extend(_plans(t, hand ^ low, tile.low, tile.high, 1, Action(ActionKind.BASE, tile)))
        return out
    left, right = ends
    m = hand & (t.suit[left] | t.suit[right])
    while m:
        bit = m & -m
        m ^= bit
        i = bit.bit_length() - 1
        tile = Tile.from_index(i)
        if tile.has(left):
            out.extend(_plans(t, hand ^ bit, tile.other(left), right, 1, Action(ActionKind.PLAY, tile, End.LEFT)))
        if tile.has(right):
            out.extend(_plans(t, hand ^ bit, left, tile.other(right), 1, Action(ActionKind.PLAY, tile, End.RIGHT)))
    return out


def _plans(t: Tables, hand: int, left: int, right: int, laid0: int, first: Action) -> list[Plan]:
    """The different ends of the round after ``first``, which laid ``laid0`` tiles."""
    suit, low_, high_ = t.suit, t.low, t.high
    found: dict[tuple[int, int, int], Plan] = {}
    seen: set[tuple[int, int, int]] = set()
    stack: list[tuple[int, int, int, int]] = [(hand, left, right, laid0)]
    while stack:
        h, a, b, laid = stack.pop()
        key = (h, a, b)
        if key in seen:
            continue
        seen.add(key)
        m = h & (suit[a] | suit[b])
        if not m:
            found.setdefault((h, min(a, b), max(a, b)), (h, a, b, laid, first))
            continue
        while m:
            bit = m & -m
            m ^= bit
            i = bit.bit_length() - 1
            lo, hi = low_[i], high_[i]
            if lo == a or hi == a:
                stack.append((h ^ bit, hi if lo == a else lo, b, laid + 1))
            if lo == b or hi == b:
                stack.append((h ^ bit, a, hi if lo == b else lo, laid + 1))
    return list(found.values())


def stranded(t: Tables, left: int, right: int, rest: int) -> bool:
    """Whether some tile of ``rest`` (not yet laid) can never be laid: it is not joined to either
    end through tiles of ``rest``. Then SOL-4 cannot be won.

    >>> t = tables(6)
    >>> stranded(t, 3, 5, mask_of([Tile(3, 4), Tile(4, 4)])), stranded(t, 3, 5, mask_of([Tile(2, 2)]))
    (False, True)
    """
    low, high = t.low, t.high
    nbr = [0] * (t.pips + 1)  # nbr[x]: the numbers joined to x by a tile of rest
    m = rest
    while m:
        bit = m & -m
        m ^= bit
        i = bit.bit_length() - 1
        a, b = low[i], high[i]
        nbr[a] |= 1 << b
        nbr[b] |= 1 << a
    reach = (1 << left) | (1 << right)
    frontier = reach
    while frontier:
        x = frontier.bit_length() - 1
        frontier ^= 1 << x
        new = nbr[x] & ~reach
        reach |= new
        frontier |= new
    for x in range(t.pips + 1):
        if nbr[x] and not reach >> x & 1:
            return True
    return False


def survival(t: Tables, left: int, right: int, hand: int, unseen: int, stock: int, laid: int) -> Fraction:
    """The exact chance that the refill after a round that laid ``laid`` tiles leaves something to
    play (SOL-3/4): the ``min(laid, stock)`` tiles drawn are a random part of the ``unseen`` ones.
    With an empty stock: 1 if every tile is laid, else 0.

    >>> t = tables(6)
    >>> survival(t, 3, 3, 0, mask_of([Tile(3, 4), Tile(1, 1), Tile(2, 2)]), 3, 1)   # 1 tile of 3 fits
    Fraction(1, 3)
    """
    if stock == 0:
        return Fraction(int(not hand))
    u = unseen.bit_count()
    k = min(laid, stock)
    f = (unseen & (t.suit[left] | t.suit[right])).bit_count()
    return 1 - Fraction(comb(u - f, k), comb(u, k))


def _position(view: SolitaireView) -> tuple[Tables, int, int, tuple[int, int] | None]:
    if not view.legal_actions:
        why = Phrase("the game is over") if view.is_over else Phrase("it has nothing to play")
        raise IllegalPlayError("the solitaire player has no action to choose: {why}", why=why)
    t = tables(view.pips)
    ends = view.layout.ends
    return t, mask_of(view.hand), mask_of(view.unseen), (ends[0][1], ends[1][1]) if ends else None


class _PlanPlayer:
    """Shared by the planners: value every plan, play the first action of the best one."""

    name = "player"
    value_kind = "score"

    def key(self, view: SolitaireView, t: Tables, plan: Plan, unseen: int) -> tuple[Any, ...]:
        raise NotImplementedError

    def _scored(self, view: SolitaireView) -> list[tuple[tuple[Any, ...], Plan]]:
        t, hand, unseen, ends = _position(view)
        keys: dict[tuple[int, int, int, int], tuple[Any, ...]] = {}  # plans that end alike, valued once
        out = []
        for p in round_plans(t, hand, ends):
            h, a, b, laid, _ = p
            end = (h, min(a, b), max(a, b), laid)
            if end not in keys:
                keys[end] = self.key(view, t, p, unseen)
            out.append((keys[end], p))
        return out

    def choose(self, view: SolitaireView, rng: Random) -> Action:
        """The first action of the best plan (ties broken by ``rng``)."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        scored = self._scored(view)
        best = max(k for k, _ in scored)
        top = [p[4] for k, p in scored if k == best]
        return top[0] if len(top) == 1 else top[int(rng.random() * len(top))]

    def explain(self, view: SolitaireView, rng: Random) -> list[tuple[Action, float]]:
        """Every legal action with the value of the best plan that starts with it."""
        best: dict[Action, tuple[Any, ...]] = {}
        for k, p in self._scored(view):
            if p[4] not in best or k > best[p[4]]:
                best[p[4]] = k
        return [(a, float(best[a][0])) for a in view.legal_actions if a in best]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class RandomPlayer:
    """Any legal action, uniformly at random."""

    name = "random"
    value_kind = "uniform"

    def choose(self, view: SolitaireView, rng: Random) -> Action:
        _position(view)
        actions = view.legal_actions
        return actions[int(rng.random() * len(actions))] if len(actions) > 1 else actions[0]

    def explain(self, view: SolitaireView, rng: Random) -> list[tuple[Action, float]]:
        _position(view)
        return [(a, 1.0) for a in view.legal_actions]

    def __repr__(self) -> str:
        return f"<RandomPlayer {self.name!r}>"


class GreedyPlayer(_PlanPlayer):
    """Lay as many tiles as possible this round, then keep the most options open (the most unseen
    tiles that fit the ends). Its values: tiles laid, plus the fitting share as a fraction."""

    name = "greedy"
    value_kind = "tiles laid this round"

    def key(self, view: SolitaireView, t: Tables, plan: Plan, unseen: int) -> tuple[Any, ...]:
        _, a, b, laid, _ = plan
        fits = (unseen & (t.suit[a] | t.suit[b])).bit_count()
        return (view.laid_this_round + laid + fits / (unseen.bit_count() + 1),)


class ExpertPlayer(_PlanPlayer):
    """Look-ahead over the visible hand and, in expectation, the stock (see the module
    docstring); its values are chances: of surviving the next refill, or near the end of winning.

    >>> ExpertPlayer(exact_below=30)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: exact_below must be 0..10 (tiles unseen), not 30
    """

    name = "expert"
    value_kind = "chance of surviving the refill (near the end: of winning)"

    def __init__(self, exact_below: int = 6) -> None:
        if isinstance(exact_below, bool) or not isinstance(exact_below, int) or not 0 <= exact_below <= 10:
            raise ParameterError("exact_below must be 0..10 (tiles unseen), not {exact_below!r}",
                                 exact_below=exact_below)
        self.exact_below = exact_below
        self._memo: dict[tuple[int, int, int, int, int], Fraction] = {}

    def key(self, view: SolitaireView, t: Tables, plan: Plan, unseen: int) -> tuple[Any, ...]:
        h, a, b, laid, _ = plan
        laid += view.laid_this_round
        fits = (unseen & (t.suit[a] | t.suit[b])).bit_count()
        if stranded(t, a, b, h | unseen):
            return (Fraction(0), laid, fits)
        exact = view.out_of_play_size == 0 and unseen.bit_count() <= self.exact_below
        if exact:
            return (self._refill_value(t, h, a, b, unseen, laid), laid, fits)
        return (survival(t, a, b, h, unseen, view.boneyard_size, laid), laid, fits)

    # exact endgame: the stock is exactly the unseen tiles, in an unknown order

    def _refill_value(self, t: Tables, hand: int, a: int, b: int, stock: int, laid: int) -> Fraction:
        """The chance of winning after a round that laid ``laid`` tiles, refill to come."""
        if len(self._memo) > 200_000:
            self._memo.clear()
        tiles = [i for i in range(t.size) if stock >> i & 1]
        k = min(laid, len(tiles))
        if k == 0:
            return Fraction(int(not hand))
        total = Fraction(0)
        n = 0
        for drawn in combinations(tiles, k):
            m = sum(1 << i for i in drawn)
            total += self._round_value(t, hand | m, a, b, stock ^ m)
            n += 1
        return total / n

    def _round_value(self, t: Tables, hand: int, a: int, b: int, stock: int) -> Fraction:
        """The chance of winning at the start of a round, playing the best plans."""
        if not hand and not stock:
            return Fraction(1)
        if not hand & (t.suit[a] | t.suit[b]):
            return Fraction(0)
        key = (hand, min(a, b), max(a, b), stock, 0)
        got = self._memo.get(key)
        if got is not None:
            return got
        best = Fraction(0)
        for h2, x, y, laid, _ in round_plans(t, hand, (a, b)):
            if not stranded(t, x, y, h2 | stock):
                best = max(best, self._refill_value(t, h2, x, y, stock, laid))
        self._memo[key] = best
        return best



def _factory(cls: type) -> Callable[..., Player]:
    """The registry's `Player` protocol names the line games' `PlayerView`; these players take the
    view of their own game, with the same ``choose(view, rng)`` shape."""
    return cast("Callable[..., Player]", cls)


register_player("random", _factory(RandomPlayer), ["solitaire"])
register_player("greedy", _factory(GreedyPlayer), ["solitaire"])
register_player("expert", _factory(ExpertPlayer), ["solitaire"])

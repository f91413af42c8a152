"""Exact counting of the hidden configurations that agree with the evidence.

Two counters, both giving the total number of configurations, the number in which a given
tile lies in a given hand, and exact random samples (see `domino_widgets.prob.inference` for
the derivation).

`SlotCount` — one opponent who draws (the two-player games with a boneyard). The opponent's
entry slots are the deal (``deal`` unordered places, slot 0) and his ``m`` unidentified draws
(one place each, slots 1..m). *Played* tiles must each get a slot in their own interval
``[lo, hi]``; the *pool* (the unseen tiles) gives the rest, a pool tile of class ``j`` may take
any slot ``>= j``. Counting runs forward over the slots; the state is the multiset of played
tiles released (``lo`` passed) but not placed, grouped by deadline ``hi`` (their ``lo`` no longer
matters). Pool tiles need no state: the pool tiles allowed at slot ``e`` are a set ``S_e`` that
only grows with ``e``, so whatever was taken before came out of it and the choices left are
``|S_e| - u``, where ``u`` (pool tiles used so far) follows from the state — the staircase.

>>> SlotCount(deal=2, slots=1, pool=(3, 0), played=()).total   # C(3, 2) * (3 - 2)
3
>>> SlotCount(deal=1, slots=2, pool=(1, 1, 1), played=()).total   # 1 * (2 - 1) * (3 - 2)
1
>>> SlotCount(deal=1, slots=1, pool=(2, 0), played=((1, 1),)).total   # the played tile was the draw
2

`DealCount` — opponents who only receive the deal (block, bergen): each tile may lie with the
opponents of its *pattern* (a bit mask) or out of play; tiles of the same pattern are
interchangeable, so a DP over the patterns with multinomial weights counts the assignments.

>>> DealCount(caps=(1, 1), out=1, groups=((0b11, 2), (0b01, 1))).total   # 3rd tile in hand 0: 2 ways; out: 2
4
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from random import Random

from ..core.errors import ParameterError

__all__ = ["DealCount", "SlotCount", "pick"]

State = tuple[int, ...]


def pick(rng: Random, weights: Sequence[int]) -> int:
    """An index drawn with probability proportional to the (big, exact) integer weights."""
    total = sum(weights)
    if total <= 0:
        raise ParameterError("nothing to pick from: every weight is 0")
    r = rng.randrange(total)
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("unreachable")


class SlotCount:
    """Fillings of one opponent's entry slots; see the module docstring.

    ``pool[j]`` is the number of pool tiles of class ``j`` (``0 <= j <= slots``); ``played`` the
    ``(lo, hi)`` intervals of the tiles that must be placed.
    """

    def __init__(self, deal: int, slots: int, pool: Sequence[int], played: Sequence[tuple[int, int]]) -> None:
        if len(pool) != slots + 1:
            raise ParameterError("pool must give one count per slot 0..{slots}, not {pool!r}",
                                 slots=slots, pool=list(pool))
        self.deal = deal
        self.slots = slots
        self.pool = tuple(pool)
        self.played = tuple(played)
        self.deadlines = tuple(sorted({hi for _, hi in played}))
        where = {d: i for i, d in enumerate(self.deadlines)}
        rel = [[0] * len(self.deadlines) for _ in range(slots + 1)]
        for lo, hi in played:
            if not 0 <= lo <= hi <= slots:
                raise ParameterError("a played tile's interval must lie in 0..{slots}, not {value}",
                                     slots=slots, value=(lo, hi))
            rel[lo][where[hi]] += 1
        self.release = tuple(tuple(r) for r in rel)
        self.released = tuple(sum(sum(r) for r in rel[: e + 1]) for e in range(slots + 1))
        acc, prefix = 0, []
        for c in self.pool:
            acc += c
            prefix.append(acc)
        self.prefix = tuple(prefix)  # |S_e|
        self.forward = self._forward()
        self._steps: dict[tuple[int, State], tuple[list[tuple[State, bool]], list[int]]] = {}
        self.total = self.forward[-1].get((0,) * len(self.deadlines), 0)

    # ------------------------------------------------------------------ the DP

    def _ok(self, s: State, e: int) -> bool:
        """Hall's condition for the played tiles still to place after slot ``e``."""
        cum = 0
        for i, d in enumerate(self.deadlines):
            cum += s[i]
            if cum > max(d - e, 0):
                return False
        return True

    def _free(self, e: int, pre: State) -> int:
        """Pool tiles still free at slot ``e`` >= 1 (``pre``: the state before filling it)."""
        placed = self.released[e] - sum(pre)
        used = self.deal + e - 1 - placed
        return self.prefix[e] - used

    def _deal_states(self, keep_out: int = 0) -> dict[State, int]:
        """Slot 0: which released played tiles are dealt, and the pool tiles dealt with them
        (``keep_out`` pool tiles of class 0 set aside: never dealt)."""
        rel = self.release[0]
        partial: dict[tuple[State, int], int] = {((), 0): 1}
        for i, _ in enumerate(self.deadlines):
            g = rel[i]
            nxt: dict[tuple[State, int], int] = {}
            for (key, dealt), w in partial.items():
                for k in range(min(g, self.deal - dealt) + 1):
                    k2 = (key + (g - k,), dealt + k)
                    nxt[k2] = nxt.get(k2, 0) + w * comb(g, k)
            partial = nxt
        out: dict[State, int] = {}
        for (key, dealt), w in partial.items():
            if not self._ok(key, 0):
                continue
            a = self.deal - dealt
            ways = comb(max(self.prefix[0] - keep_out, 0), a)
            if ways:
                out[key] = out.get(key, 0) + w * ways
        return out

    def _forward(self) -> list[dict[State, int]]:
        f = [self._deal_states()]
        for e in range(1, self.slots + 1):
            r = self.release[e]
            new: dict[State, int] = {}
            for s, w in f[-1].items():
                pre = tuple(a + b for a, b in zip(s, r)) if any(r) else s
                free = self._free(e, pre)
                if free > 0 and self._ok(pre, e):
                    new[pre] = new.get(pre, 0) + w * free
                for i, c in enumerate(pre):
                    if c:
                        post = pre[:i] + (c - 1,) + pre[i + 1:]
                        if self._ok(post, e):
                            new[post] = new.get(post, 0) + w * c
            f.append(new)
        return f

    def unused(self) -> list[int]:
        """Per class ``j``: the fillings in which one given pool tile of class ``j`` stays unused.

        Walking backward over the slots, a pool slot has ``free - 1`` choices that avoid the
        given tile (it is free from slot ``j`` on), so one backward table serves every class:
        ``unused[j] = sum_s forward[j-1][s] * avoid[j-1][s]``, and for class 0 the deal leaves the
        tile out. ``total - unused[j]`` is the number of fillings in which the tile is held.
        """
        m = self.slots
        zero = (0,) * len(self.deadlines)
        avoid: list[dict[State, int]] = [{} for _ in range(m + 1)]
        avoid[m] = {zero: 1}
        for e in range(m, 0, -1):
            r = self.release[e]
            nxt = avoid[e]
            cur: dict[State, int] = {}
            for s in self.forward[e - 1]:
                pre = tuple(a + b for a, b in zip(s, r)) if any(r) else s
                w = (self._free(e, pre) - 1) * nxt.get(pre, 0)
                for i, c in enumerate(pre):
                    if c:
                        w += c * nxt.get(pre[:i] + (c - 1,) + pre[i + 1:], 0)
                if w > 0:
                    cur[s] = w
            avoid[e - 1] = cur
        out = [0] * (m + 1)
        out[0] = sum(w * avoid[0].get(s, 0) for s, w in self._deal_states(keep_out=1).items())
        for j in range(1, m + 1):
            prev = avoid[j - 1]
            out[j] = sum(w * prev.get(s, 0) for s, w in self.forward[j - 1].items())
        return out

    # ------------------------------------------------------------------ sampling

    def sample_pool_slots(self, rng: Random) -> tuple[int, list[bool]]:
        """A filling drawn uniformly: (pool tiles in the deal, whether each draw slot 1..m took a pool tile)."""
        if not self.total:
            raise ParameterError("no filling to sample: the count is 0")
        s: State = (0,) * len(self.deadlines)
        pool_at = [False] * (self.slots + 1)
        steps = self._steps
        for e in range(self.slots, 0, -1):
            step = steps.get((e, s))
            if step is None:
                step = steps[(e, s)] = self._step(e, s)
            options, weights = step
            s, pool_at[e] = options[pick(rng, weights)]
        dealt_played = sum(self.release[0]) - sum(s)
        return self.deal - dealt_played, pool_at[1:]

    def _step(self, e: int, s: State) -> tuple[list[tuple[State, bool]], list[int]]:
        """The ways slot ``e`` can be filled when the state after it is ``s``, and their weights
        (for `sample_pool_slots`; the same for every sample, so a sampler builds each once)."""
        r = self.release[e]
        prev_f = self.forward[e - 1]
        options: list[tuple[State, bool]] = []
        weights: list[int] = []
        # a pool tile at slot e: pre == s
        prev = tuple(a - b for a, b in zip(s, r))
        if min(prev, default=0) >= 0 and prev in prev_f:
            free = self._free(e, s)
            if free > 0:
                options.append((prev, True))
                weights.append(prev_f[prev] * free)
        for i in range(len(s)):
            pre = s[:i] + (s[i] + 1,) + s[i + 1:]
            prev = tuple(a - b for a, b in zip(pre, r))
            if min(prev) >= 0 and prev in prev_f:
                options.append((prev, False))
                weights.append(prev_f[prev] * pre[i])
        return options, weights


class DealCount:
    """Assignments of pattern groups of tiles to hands of fixed sizes (``caps``) and out of play.

    ``groups`` are ``(pattern, size)``: a tile of the group may lie with opponent ``k`` when bit
    ``k`` of the pattern is set, or out of play (``out`` places in all).
    """

    def __init__(self, caps: Sequence[int], out: int, groups: Sequence[tuple[int, int]]) -> None:
        self.caps = tuple(caps)
        self.out = out
        self._moves_cache: dict[tuple[int, State], list[tuple[State, State, int]]] = {}
        self.groups = tuple(groups)
        left = [0] * (len(self.groups) + 1)
        for g in range(len(self.groups) - 1, -1, -1):
            left[g] = left[g + 1] + self.groups[g][1]
        self.left = left  # tiles in groups g, g+1, ...
        # the states reachable from the full capacities, group by group
        reach: list[set[State]] = [{self.caps}]
        for g in range(len(self.groups)):
            reach.append({t for s in reach[g] for _, t, _ in self._moves(g, s)})
        zero = (0,) * len(self.caps)
        back: list[dict[State, int]] = [{} for _ in self.groups] + [{zero: 1} if zero in reach[-1] else {}]
        for g in range(len(self.groups) - 1, -1, -1):
            nxt = back[g + 1]
            cur: dict[State, int] = {}
            for s in reach[g]:
                w = sum(c * nxt.get(t, 0) for _, t, c in self._moves(g, s))
                if w:
                    cur[s] = w
            back[g] = cur
        self.back = back
        self.total = back[0].get(self.caps, 0) if sum(self.caps) + out == left[0] else 0

    def _moves(self, g: int, s: State) -> list[tuple[State, State, int]]:
        """(allocation, state after, multinomial weight) for group ``g`` from state ``s`` (cached)."""
        key = (g, s)
        got = self._moves_cache.get(key)
        if got is not None:
            return got
        pattern, n = self.groups[g]
        out_left = self.left[g] - sum(s)
        k_all = len(s)
        room = [0] * (k_all + 1)  # what opponents k, k+1, ... of the pattern can still take
        for k in range(k_all - 1, -1, -1):
            room[k] = room[k + 1] + (s[k] if pattern >> k & 1 else 0)
        res: list[tuple[State, State, int]] = []

        def rec(k: int, alloc: State, rest: int, w: int) -> None:
            if k == k_all:
                res.append((alloc, tuple(a - b for a, b in zip(s, alloc)), w))
                return
            if not pattern >> k & 1:
                rec(k + 1, alloc + (0,), rest, w)
                return
            low = max(0, rest - out_left - room[k + 1])  # the rest must fit the others and out of play
            for a in range(low, min(rest, s[k]) + 1):
                rec(k + 1, alloc + (a,), rest - a, w * comb(rest, a))

        if n <= out_left + room[0]:
            rec(0, (), n, 1)
        self._moves_cache[key] = res
        return res

    def expected(self) -> list[list[int]]:
        """``E[g][k]``: the number of configurations times the tiles of group ``g`` opponent ``k`` holds."""
        res = [[0] * len(self.caps) for _ in self.groups]
        fwd: dict[State, int] = {self.caps: 1}
        for g in range(len(self.groups)):
            nxt_back = self.back[g + 1]
            new: dict[State, int] = {}
            for s, w in fwd.items():
                for alloc, t, c in self._moves(g, s):
                    b = nxt_back.get(t, 0)
                    if not b:
                        continue
                    for k, a in enumerate(alloc):
                        if a:
                            res[g][k] += w * c * a * b
                    new[t] = new.get(t, 0) + w * c
            fwd = new
        return res

    def sample(self, rng: Random) -> list[State]:
        """Allocations per group (tiles per opponent) drawn uniformly over the configurations."""
        if not self.total:
            raise ParameterError("no configuration to sample: the count is 0")
        s = self.caps
        out = []
        for g in range(len(self.groups)):
            moves = [(alloc, t) for alloc, t, _ in self._moves(g, s)]
            weights = [c * self.back[g + 1].get(t, 0) for _, t, c in self._moves(g, s)]
            alloc, s = moves[pick(rng, weights)]
            out.append(alloc)
        return out


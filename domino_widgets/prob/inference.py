r"""Exact inference about hidden tiles: where is every tile I have not seen?

The "counting" of real players, done exactly. From one seat's `PlayerView` this module gives,
as `Fraction`\ s, the chance that each unseen tile lies in each opponent's hand, in the
boneyard or out of play (`tile_probabilities`), the chance that an opponent can follow on a
number (`can_follow`), must pass or draw (`pass_probability`), or that the hand blocks
(`block_probability`), a short text for a live panel (`summary`), and random complete
positions drawn from the same distribution for AI players (`sample_hidden`).

>>> import domino_widgets as dw
>>> s = dw.new_game("block", hands=[["3-5", "0-0", "0-1", "0-2", "0-4", "1-1", "1-2"],
...                                 ["6-6", "6-5", "6-3", "6-4", "2-2", "2-4", "4-4"]], leader=1)
>>> s = s.play("6-6").play("pass")          # seat 0 has no 6 (BLK-3: he passes)
>>> p = tile_probabilities(s.view(1))
>>> p[dw.Tile(1, 6)]                      # BLK-1: 7 hidden tiles in his hand, 14 out of play
{0: Fraction(0, 1), 'boneyard': Fraction(0, 1), 'out': Fraction(1, 1)}
>>> p[dw.Tile(0, 0)][0]                   # 7 of the 18 unseen tiles without a 6 are his
Fraction(7, 18)
>>> can_follow(s.view(1), 0, 6), can_follow(s.view(1), 0, 4)   # 1 - C(14, 7) / C(18, 7): 4 fours unseen
(Fraction(0, 1), Fraction(91, 102))

Model
-----
A *configuration* is everything hidden from the viewer: each opponent's dealt hand, the
out-of-play tiles and the boneyard order. Deals and draws are uniform (COM-7), so every
configuration has the same prior probability; the public history is a function of the
configuration and the players' choices, and we treat the opponents' free choices as carrying no
information. Hence **the posterior is uniform over the configurations that reproduce the public
history**, and a probability is a ratio of two counts. (`Posterior` with ``choices`` reads free
choices too, by a model of the opponent: each one then says, like a pass, that his hand held none
of the tiles the model would have laid instead, `domino_widgets.players.reading.model_choices`.) What a configuration must satisfy is
gathered by `domino_widgets.prob.constraints`: at each pass or draw (COM-4/5) the opponent's hand
then missed the tiles fitting the open ends (plus the matadors, MAT-3/4); a matador laid against
pips that do not make 7 means nothing else fitted (MAT-3); a draw followed at once by a play drew
that very tile; a tile played was held; no double above a DRW-2 lead was dealt; and a hand that
goes on with an empty boneyard is not blocked (COM-6). Once the hand is over every hand is shown,
and only the split of the rest between boneyard and out of play is left (uniform).

Entry slots and intervals
-------------------------
Give opponent *o* the entry slots 0 (the deal, ``K`` places: 7, or 3 in matador) and 1..m (his
draws whose tile he did not play at once, one place each, in time order). Every tile that was ever
his — the ``h`` unseen tiles he holds now and the tiles he played, except those identified with a
draw — entered at exactly one slot. A check (pass or draw) that comes after ``s`` slots sees the
tiles that entered at a slot ``<= s`` and are not yet played; a tile that would have fitted it
must have entered later. So each tile ``x`` may enter at the slots of an interval
``[lo_x, hi_x]``: ``lo_x`` is one more than the ``s`` of the last check it would have fitted
(at least 1 for a double above the DRW-2 lead), ``hi_x`` is the number of slots before its play,
or ``m`` if he still holds it. Given the set ``H`` of tiles he holds now, the configurations
number ``N(H) * b!`` (``b!`` boneyard orders of the tiles left, times one for each choice of the
out-of-play pile), where ``N(H)`` counts the ways to seat the tiles of ``H`` and his played tiles
in the slots, each in its interval (the deal's places unordered); the viewer's own draws fix
the boneyard places they came from and change nothing else. So ``P(H) ∝ N(H)``, and the tiles
he does not hold are spread uniformly over the boneyard and the out-of-play pile.

The staircase
-------------
For held tiles ``hi = m``, so their allowed sets ``{lo_x..m}`` are nested. Put the tiles in
order of decreasing ``lo``: the ``i``-th tile (from 0) may take any of the ``c(lo_i)`` places
at or after ``lo_i`` (``c(0) = K + m``, ``c(j) = m - j + 1``), minus the ``i`` taken by the tiles
before it, all of which lie inside its own set. Hence ``K! N = prod_i (c(lo_i) - i)``, a
"staircase" permanent. Summing over all ``H`` is
the same argument slot by slot: walking the slots forward, the pool tiles allowed at slot ``e``
form a growing set ``S_e``, and whatever the earlier slots took came out of it, so slot ``e``
has ``|S_e| - u`` choices where ``u`` counts the pool tiles already used:
``sum_H N(H) = C(|S_0|, K) prod_{e=1..m} (|S_e| - K - e + 1)``.
Played tiles also have an upper end ``hi``, which breaks the nesting; the count becomes a DP
forward over the slots whose state is the multiset of played tiles released but not yet seated,
grouped by their deadline ``hi`` (`domino_widgets.prob.counting.SlotCount`); ``u`` follows from
the state, so the pool still costs a single staircase factor per slot. Every pool tile of a class
``lo = j`` has the same chance to be held. Marking one such tile turns it into a played-like tile
with interval ``[j, m]``; equivalently, the fillings that leave it unused have ``|S_e| - u - 1``
choices at every pool slot ``e >= j`` (it is free there and not taken), so one extra backward
pass with those factors, joined to the forward table at slot ``j - 1``, gives the chance for
every class at once (`SlotCount.unused`; the tests check it against marking).

Games without a boneyard (block, bergen) have only the deal: a tile may lie with each opponent
whose every pass it missed, or out of play (BLK-1, BRG-1 with 2-3 players). Tiles with the same
set of possible opponents are interchangeable, so a DP over those at most ``2^3`` patterns with
multinomial weights counts and samples the assignments
(`domino_widgets.prob.counting.DealCount`).

Positive facts (COM-6: "an opponent can play now"; before a DRW-2 or BRG-2 lead: "the seat to
lead holds a double above mine / the 6-6") are complements: count all configurations and
subtract those where every seat named misses the tiles. Samples with such a fact are drawn
by rejection from the count without it (exact; in random games at least 13% are kept).

The tests compare all of this with rejection sampling of whole deals replayed by the engine.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from random import Random

from ..core.actions import Action, ActionKind
from ..core.errors import GameOverError, IllegalPlayError, ParameterError, Phrase
from ..core.pictured import pretty_shown
from ..core.state import GameState, PlayerView, core_from_view
from ..core.tiles import Tile
from .constraints import Evidence, gather, impossible, reach
from .counting import DealCount, SlotCount

__all__ = [
    "Posterior", "blind_sample", "block_chances", "block_probability", "can_follow", "pass_probability", "posterior",
    "reach", "sample_hidden", "summary", "tile_probabilities", "Whereabouts",
]

Exclusions = tuple[tuple[int, int], ...]  # (seat, mask): that seat's hand holds no tile of the mask


class Whereabouts(dict[str | int, Fraction]):
    """Where one unseen tile may be: each opponent's seat, ``"boneyard"`` and ``"out"`` (out of
    play), with the chance of each; a dict, and a notebook shows it in the lesson's words.

    >>> w = Whereabouts({1: Fraction(7, 18), "boneyard": Fraction(0), "out": Fraction(11, 18)})
    >>> w == {1: Fraction(7, 18), "boneyard": 0, "out": Fraction(11, 18)}, w[1]
    (True, Fraction(7, 18))
    >>> w.shown("cs")
    '{Hráč 2: 7/18; záloha: 0; mimo hru: 11/18}'
    """

    def shown(self, lang: str | None = None) -> str:
        """The chances in words, in ``lang`` (the language setting if None); players counted from 1."""
        parts = [Phrase("Player {n}: {chance}", n=place + 1, chance=chance) if isinstance(place, int)
                 else Phrase("boneyard: {chance}" if place == "boneyard" else "out of play: {chance}", chance=chance)
                 for place, chance in self.items()]
        return "{" + "; ".join(part.text(lang) for part in parts) + "}"

    _repr_pretty_ = pretty_shown  # a notebook: `shown` in Czech and Greek, the dict's repr in English


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _SlotModel:
    """One opponent who draws: `SlotCount` over his entry slots."""

    def __init__(self, ev: Evidence) -> None:
        (opp,) = ev.opponents
        self.seat = opp.seat
        self.slots = opp.slots
        self.deal = opp.dealt
        self.played = tuple((lo, hi) for _, lo, hi in opp.played)
        t = ev.cfg.t
        self.floor = {i: opp.floor(t.bit[i], ev.not_dealt) for i in _bits(ev.unseen)}
        self._cache: dict[int, SlotCount] = {}
        self._pools: dict[int, tuple[list[int], list[list[int]]]] = {}

    def _pool(self, excl: int) -> tuple[list[int], list[list[int]]]:
        """The tiles that may sit in each entry slot, and their counts (cached: a sampler asks
        for them once per sample; the lists are read, never changed)."""
        got = self._pools.get(excl)
        if got is None:
            got = self._pools[excl] = self._build_pool(excl)
        return got

    def _build_pool(self, excl: int) -> tuple[list[int], list[list[int]]]:
        counts = [0] * (self.slots + 1)
        tiles: list[list[int]] = [[] for _ in range(self.slots + 1)]
        for i, lo in self.floor.items():
            if lo <= self.slots and not excl >> i & 1:
                counts[lo] += 1
                tiles[lo].append(i)
        return counts, tiles

    def _excl(self, excl: Exclusions) -> int:
        m = 0
        for seat, mask in excl:
            if seat == self.seat:
                m |= mask
        return m

    def counter(self, excl: Exclusions) -> SlotCount:
        key = self._excl(excl)
        sc = self._cache.get(key)
        if sc is None:
            counts, _ = self._pool(key)
            sc = self._cache[key] = SlotCount(self.deal, self.slots, counts, self.played)
        return sc

    def total(self, excl: Exclusions) -> int:
        return self.counter(excl).total

    def held(self, excl: Exclusions) -> dict[int, dict[int, int]]:
        """Per seat and tile: the configurations in which that seat holds the tile."""
        sc = self.counter(excl)
        _, tiles = self._pool(self._excl(excl))
        unused = sc.unused()
        return {self.seat: {i: sc.total - unused[j] for j, group in enumerate(tiles) for i in group}}

    def sample(self, rng: Random, excl: Exclusions) -> dict[int, int]:
        key = self._excl(excl)
        sc = self.counter(excl)
        _, tiles = self._pool(key)
        in_deal, pool_at = sc.sample_pool_slots(rng)
        avail = list(tiles[0])
        held = 0
        for i in rng.sample(avail, in_deal):
            held |= 1 << i
        avail = [i for i in avail if not held >> i & 1]
        for e in range(1, self.slots + 1):
            avail.extend(tiles[e])
            if pool_at[e - 1]:
                k = rng.randrange(len(avail))
                held |= 1 << avail[k]
                avail[k] = avail[-1]
                avail.pop()
        return {self.seat: held}


class _DealModel:
    """Opponents who only receive the deal: `DealCount` over tile patterns."""

    def __init__(self, ev: Evidence) -> None:
        self.seats = tuple(o.seat for o in ev.opponents)
        self.caps = tuple(o.hand_size for o in ev.opponents)
        self.out = ev.out
        self.unseen = ev.unseen
        self.allowed = tuple(ev.unseen & ~o.missed() & ~ev.not_dealt for o in ev.opponents)
        self._cache: dict[tuple[int, ...], tuple[DealCount, list[list[int]]]] = {}

    def counter(self, excl: Exclusions) -> tuple[DealCount, list[list[int]]]:
        allowed = list(self.allowed)
        for seat, mask in excl:
            k = self.seats.index(seat)
            allowed[k] &= ~mask
        key = tuple(allowed)
        got = self._cache.get(key)
        if got is None:
            by_pattern: dict[int, list[int]] = {}
            for i in _bits(self.unseen):
                p = sum(1 << k for k, a in enumerate(allowed) if a >> i & 1)
                by_pattern.setdefault(p, []).append(i)
            patterns = sorted(by_pattern)
            dc = DealCount(self.caps, self.out, [(p, len(by_pattern[p])) for p in patterns])
            got = self._cache[key] = (dc, [by_pattern[p] for p in patterns])
        return got

    def total(self, excl: Exclusions) -> int:
        return self.counter(excl)[0].total

    def held(self, excl: Exclusions) -> dict[int, dict[int, int]]:
        dc, groups = self.counter(excl)
        exp = dc.expected() if dc.total else [[0] * len(self.seats) for _ in groups]
        out: dict[int, dict[int, int]] = {s: {} for s in self.seats}
        for g, tiles in enumerate(groups):
            for k, seat in enumerate(self.seats):
                w = exp[g][k] // len(tiles)
                for i in tiles:
                    out[seat][i] = w
        return out

    def sample(self, rng: Random, excl: Exclusions) -> dict[int, int]:
        dc, groups = self.counter(excl)
        hands = {s: 0 for s in self.seats}
        for alloc, tiles in zip(dc.sample(rng), groups):
            tiles = tiles[:]
            rng.shuffle(tiles)
            pos = 0
            for k, a in enumerate(alloc):
                for i in tiles[pos:pos + a]:
                    hands[self.seats[k]] |= 1 << i
                pos += a
        return hands


class Posterior:
    """The exact distribution of the hidden tiles given one seat's view (module docstring).

    Build it with `posterior` (cached per view). ``total`` is the number of configurations.
    ``choices`` reads the opponents' free choices too, by a model of how they choose
    (`constraints.gather`): the distribution given that they chose so.
    """

    def __init__(self, view: PlayerView, choices: tuple[tuple[int, int], ...] = ()) -> None:
        self.view = view
        self.ev = ev = gather(view, choices)
        self.seats = tuple(o.seat for o in ev.opponents)
        self._unseen = _bits(ev.unseen)  # for `sample`, once
        self.model: _SlotModel | _DealModel | None = None
        if ev.revealed is not None:
            self.total = 1
            return
        self.model = _SlotModel(ev) if ev.cfg.draws else _DealModel(ev)
        self.total = self.weight(())
        if self.total <= 0:
            raise impossible(view, "the public history cannot be reproduced")

    def weight(self, excl: Exclusions) -> int:
        """The configurations in which every listed seat's hand misses its mask."""
        assert self.model is not None
        w = self.model.total(excl)
        if self.ev.must_hit is not None:
            mask, seats = self.ev.must_hit
            w -= self.model.total(excl + tuple((s, mask) for s in seats))
        return w

    def miss(self, masks: Mapping[int, int]) -> Fraction:
        """The chance that each seat of ``masks`` holds no tile of its mask."""
        for seat in masks:
            if seat not in self.seats:
                raise ParameterError("seat {seat} is not an opponent of seat {seat2}; opponents: {seats}",
                                     seat=seat, seat2=self.view.seat, seats=self.seats)
        if self.ev.revealed is not None:
            return Fraction(int(all(not self.ev.revealed[s] & m for s, m in masks.items())))
        excl = tuple(sorted((s, m) for s, m in masks.items() if m))
        return Fraction(self.weight(excl), self.total)

    @functools.cached_property
    def held(self) -> dict[int, dict[int, Fraction]]:
        """Per opponent seat and unseen tile index: the chance that he holds it."""
        ev = self.ev
        if ev.revealed is not None:
            return {s: {i: Fraction(int(ev.revealed[s] >> i & 1)) for i in _bits(ev.unseen)} for s in self.seats}
        assert self.model is not None
        base = self.model.held(())
        if ev.must_hit is not None:
            mask, seats = ev.must_hit
            minus = self.model.held(tuple((s, mask) for s in seats))
            base = {s: {i: w - minus[s].get(i, 0) for i, w in d.items()} for s, d in base.items()}
        return {s: {i: Fraction(base[s].get(i, 0), self.total) for i in _bits(ev.unseen)} for s in self.seats}

    def tile_probabilities(self) -> dict[Tile, Whereabouts]:
        """See `tile_probabilities`."""
        ev = self.ev
        rest_b = Fraction(ev.boneyard, ev.boneyard + ev.out) if ev.boneyard + ev.out else Fraction(0)
        out: dict[Tile, Whereabouts] = {}
        for i in _bits(ev.unseen):
            row = Whereabouts({s: self.held[s][i] for s in self.seats})
            rest = 1 - sum(row.values(), Fraction(0))
            row["boneyard"] = rest * rest_b
            row["out"] = rest - row["boneyard"]
            out[Tile.from_index(i)] = row
        return out

    def sample(self, rng: Random) -> tuple[list[int], list[int], int]:
        """See `sample_hidden`."""
        ev = self.ev
        if ev.revealed is not None:
            hands = dict(enumerate(ev.revealed))
        else:
            assert self.model is not None
            while True:
                hands = self.model.sample(rng, ())
                if ev.must_hit is None:
                    break
                mask, seats = ev.must_hit
                if any(hands[s] & mask for s in seats):
                    break
        result = [0] * ev.cfg.players
        held = 0
        for s in self.seats:
            result[s] = hands[s]
            held |= hands[s]
        result[ev.seat] = ev.hand
        rest = [i for i in self._unseen if not held >> i & 1]  # _bits(ev.unseen & ~held)
        rng.shuffle(rest)
        if len(rest) != ev.boneyard + ev.out:
            raise impossible(self.view, "the tile counts do not add up")
        out = 0
        for i in rest[ev.boneyard:]:
            out |= 1 << i
        return result, rest[: ev.boneyard], out


@functools.lru_cache(maxsize=64)
def posterior(view: PlayerView, choices: tuple[tuple[int, int], ...] = ()) -> Posterior:
    """The (cached) `Posterior` of a view: build it once, ask it many questions, sample many times."""
    return Posterior(view, choices)


def tile_probabilities(view: PlayerView) -> dict[Tile, Whereabouts]:
    """For every tile the viewer has not seen: the chance that each opponent holds it
    (keys: the opponents' seats), that it lies in the boneyard (``"boneyard"``) or out of play
    (``"out"``). Each row adds up to 1; the column sums are the sizes of the places.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("draw", hands=[["6-6", "1-2"], ["5-5", "0-0", "3-3"]], boneyard=["1-4", "2-6", "0-4"])
    >>> s = s.play("6-6").play("draw").play("draw").play("2-6 right")   # COM-5: seat 1 had no 6
    >>> p = tile_probabilities(s.view(0))
    >>> p[dw.Tile(5, 6)]      # never his; 1 tile left in the boneyard, 20 out of play (scripted deal)
    {1: Fraction(0, 1), 'boneyard': Fraction(1, 21), 'out': Fraction(20, 21)}
    >>> p[dw.Tile(0, 0)][1]   # he holds 4 of the 20 unseen tiles without a 6
    Fraction(1, 5)
    """
    return posterior(view).tile_probabilities()


def sample_hidden(view: PlayerView, rng: Random) -> tuple[list[int], list[int], int]:
    """A complete position drawn exactly from the posterior of ``view``: the hand masks per seat
    (the viewer's is its real hand), the boneyard in draw order (the last element is drawn next)
    and the out-of-play mask. Feed it to `domino_widgets.core.state.core_from_view`.

    >>> import random, domino_widgets as dw
    >>> from domino_widgets.core.state import core_from_view
    >>> v = dw.new_game("all_fives", seed=3).view(0)
    >>> hands, stock, out = sample_hidden(v, random.Random(1))
    >>> c = core_from_view(v, hands, stock, out)
    >>> len(stock), [h.bit_count() for h in hands]
    (14, [7, 7])
    """
    if not isinstance(rng, Random):
        raise ParameterError("rng must be a random.Random, not {name}", name=type(rng).__name__)
    return posterior(view).sample(rng)


def blind_sample(view: PlayerView, rng: Random) -> tuple[list[int], list[int], int]:
    """A guess of the hidden tiles that ignores the public history: the tiles ``view``'s seat has
    not seen, shuffled into the other hands, the boneyard and out of play by their sizes alone.

    It has the shape of `domino_widgets.prob.inference.sample_hidden` (hand masks per seat, the
    boneyard in draw order, the out-of-play mask), so an AI player can search with it: the
    lesson compares a player that counts the tiles with one that guesses blind.

    >>> import domino_widgets as dw
    >>> v = dw.new_game("draw", seed=1).view(0)
    >>> hands, stock, out = blind_sample(v, Random(0))
    >>> [h.bit_count() for h in hands], len(stock), out
    ([7, 7], 14, 0)
    """
    pool = [t.index for t in view.unseen]
    rng.shuffle(pool)
    hands = []
    k = 0
    for s in range(view.players):
        if s == view.seat:
            hands.append(sum(1 << t.index for t in view.hand))
        else:
            hands.append(sum(1 << i for i in pool[k:k + view.hand_sizes[s]]))
            k += view.hand_sizes[s]
    stock = pool[k:k + view.boneyard_size]
    out = sum(1 << i for i in pool[k + view.boneyard_size:])
    return hands, stock, out


def _opponent(view: PlayerView, seat: int) -> int:
    post = posterior(view)
    if not isinstance(seat, int) or seat not in post.seats:
        raise ParameterError("seat must be an opponent of seat {seat}, one of {seats}; not {seat2!r}",
                             seat=view.seat, seats=post.seats, seat2=seat)
    return seat


def can_follow(view: PlayerView, seat: int, number: int) -> Fraction:
    """The chance that opponent ``seat`` holds a tile that fits an end showing ``number``
    (equal halves, COM-1; in matador a half making 7 with it, or a matador, MAT-2/3).
    """
    post = posterior(view)
    seat = _opponent(view, seat)
    cfg = post.ev.cfg
    if not isinstance(number, int) or not 0 <= number <= cfg.pips:
        raise ParameterError("number must be 0..{pips}, not {number!r}", pips=cfg.pips, number=number)
    return 1 - post.miss({seat: reach(cfg, [number])})


def _next_opponent(view: PlayerView) -> int:
    """The opponent to act now, or the first one after the viewer who is still in the hand."""
    if view.current_player is not None and view.current_player != view.seat:
        return view.current_player
    for k in range(1, view.players):
        s = (view.seat + k) % view.players
        if s not in view.finished:
            return s
    raise ParameterError("no opponent is still in the hand")


def pass_probability(view: PlayerView, seat: int | None = None) -> Fraction:
    """The chance that opponent ``seat`` (default: the next opponent to act) has nothing to lay
    on the open ends now, so that he must pass or draw (COM-4/5). Zero before the lead.
    """
    post = posterior(view)
    seat = _next_opponent(view) if seat is None else _opponent(view, seat)
    if view.layout.center is None:
        return Fraction(0)
    return post.miss({seat: reach(post.ev.cfg, (v for _, v in view.layout.ends))})


def block_probability(view: PlayerView, play: Action | str | None = None) -> Fraction:
    """The chance that the hand is blocked (COM-6: nobody can lay a tile, nobody can draw) at the
    open ends now, or after the viewer's legal ``play``. With ``play=None`` this is 0 while the
    hand goes on (a blocked hand ends at once) and 1 once it has ended blocked.
    """
    post = posterior(view)
    ev = post.ev
    if play is None:
        if view.is_over:
            return Fraction(int(view.outcome is not None and view.outcome.reason == "blocked"))
        if view.layout.center is None or view.boneyard_size:
            return Fraction(0)
        live = [s for s in post.seats if s not in view.finished]
        now = reach(ev.cfg, (v for _, v in view.layout.ends))
        if view.seat not in view.finished and ev.hand & now:
            return Fraction(0)
        return post.miss({s: now for s in live})
    if view.is_over:
        raise GameOverError("the hand is over; no play is possible ({outcome})", outcome=view.outcome)
    action = Action.parse(play)
    if action.kind is not ActionKind.PLAY or action not in view.legal_actions:
        legal = ", ".join(str(a) for a in view.legal_actions) or "none (not this seat's turn)"
        raise IllegalPlayError("{action} is not a legal play of seat {seat}; legal actions: {legal}",
                               action=action, seat=view.seat, legal=legal)
    hands, stock, out = post.sample(Random(0))
    after = GameState(core_from_view(view, hands, stock, out)).play(action)
    if after.is_over and after.outcome is not None and after.outcome.reason != "blocked":
        return Fraction(0)  # out or target: decided by the viewer's own tiles and the scores
    if ev.cfg.draws and view.boneyard_size:
        return Fraction(0)
    core = after.core
    values = [core.ends[e] for e in core.open]
    fits = reach(ev.cfg, values)
    if view.seat not in core.finished and core.hands[view.seat] & fits:
        return Fraction(0)
    return post.miss({s: fits for s in post.seats if s not in core.finished})


def block_chances(view: PlayerView) -> dict[Action, Fraction]:
    """For each legal play of the viewer: the chance that the hand is blocked right after it
    (see `block_probability`); empty when it is not the viewer's turn to lay a tile."""
    return {a: block_probability(view, a) for a in view.legal_actions if a.kind is ActionKind.PLAY}


def summary(view: PlayerView) -> str:
    """A few lines for a live panel: what each opponent can follow on, and who must pass.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["3-5", "0-0", "0-1", "0-2", "0-4", "1-1", "1-2"],
    ...                                 ["6-6", "6-5", "6-3", "6-4", "2-2", "2-4", "4-4"]], leader=1)
    >>> print(summary(s.play("6-6").play("pass").view(1)))     # doctest: +ELLIPSIS
    seat 0 holds 7 tiles; 14 out of play
    chance seat 0 can follow on 0: 431/442, 1: 431/442, 2: 91/102, ..., 6: 0
    chance seat 0 must pass at the open ends 6 and 6: 1
    most likely in seat 0's hand: 0-0 7/18, 0-1 7/18, 1-1 7/18
    """
    post = posterior(view)
    ev = post.ev
    lines = []
    for seat in post.seats:
        if seat in view.finished:
            lines.append(f"seat {seat} is out")
            continue
        places = [f"boneyard {ev.boneyard}"] if ev.boneyard else []
        places += [f"{ev.out} out of play"] if ev.out else []
        lines.append(f"seat {seat} holds {view.hand_sizes[seat]} tiles" + ("; " + ", ".join(places) if places else ""))
        follows = ", ".join(f"{n}: {can_follow(view, seat, n)}" for n in range(ev.cfg.pips + 1))
        lines.append(f"chance seat {seat} can follow on {follows}")
        if view.layout.center is not None and not view.is_over:
            ends = " and ".join(str(v) for _, v in view.layout.ends)
            verb = "draw" if ev.boneyard else "pass"
            lines.append(f"chance seat {seat} must {verb} at the open ends {ends}: {pass_probability(view, seat)}")
        top = sorted(post.held[seat].items(), key=lambda kv: (-kv[1], kv[0]))[:3]
        likely = ", ".join(f"{Tile.from_index(i)} {p}" for i, p in top if p)
        if likely:
            lines.append(f"most likely in seat {seat}'s hand: {likely}")
    risky = {a: p for a, p in block_chances(view).items() if p}
    if risky:
        lines.append("chance the hand blocks after " + ", ".join(f"{a}: {p}" for a, p in risky.items()))
    return "\n".join(lines)

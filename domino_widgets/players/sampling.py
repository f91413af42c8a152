"""Where might the hidden tiles be? Samplers of complete positions that agree with a player's view.

An AI that sees only its `PlayerView` searches by *determinization*: it draws a guess of every
hidden tile (the opponents' hands, the boneyard in draw order, the tiles out of play) and plays
on the resulting full position. A sampler has the signature of
``domino_widgets.prob.inference.sample_hidden``::

    sample_hidden(view, rng) -> (hands, stock, out)

``hands`` are bit masks per seat (the viewer's own is its real hand), ``stock`` the boneyard as
tile indices in draw order (the last one is drawn next, as in the engine), ``out`` the mask of the
tiles out of play.

`hidden_sampler` returns the exact sampler of `domino_widgets.prob.inference` when that module
provides it, else `fallback_sample_hidden`, which respects the hard facts of the public history
(COM-4, COM-5, MAT-3/4: who passed or drew held nothing that fitted the open ends then) but does
not weigh the deals by how likely they make the history.

>>> import random, domino_widgets as dw
>>> s = dw.new_game("block", hands=[["6-6", "0-1", "1-1"], ["6-5", "5-3", "4-4"]], leader=0)
>>> s = s.play("6-6").play("6-5 left")          # seat 0 cannot follow 5 or 6 ...
>>> s = s.play("pass")                          # BLK-3: ... so it passes
>>> view = s.view(1)
>>> hands, stock, out = fallback_sample_hidden(view, random.Random(3))
>>> from domino_widgets.core.tiles import tiles_of
>>> [t for t in tiles_of(hands[0]) if t.has(5) or t.has(6)]   # a pass on 5 and 6: none of them
[]
>>> len(tiles_of(hands[0])), stock, bin(out).count("1")
(2, [], 22)
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from ..core import registry
from ..core.actions import ActionKind
from ..core.bounded import PARAMS_CACHE_SIZE, BoundedCache
from ..core.engine import Config, Core, fast_shuffle, new_core
from ..core.state import PlayerView, core_from_view
from ..core.tiles import mask_of

Hidden = tuple[list[int], list[int], int]
Sampler = Callable[[PlayerView, Random], Hidden]

__all__ = [
    "Hidden", "HiddenSampler", "Sampler", "config_of", "fallback_sample_hidden", "hidden_sampler",
    "known_voids", "public_core",
]


def config_of(view: PlayerView) -> Config:
    """The engine configuration of the view's variant and parameters (cached)."""
    key = (view.variant, view.params)
    cfg = _CONFIGS.get(key)
    if cfg is None:
        cfg = _CONFIGS[key] = registry.get_variant(view.variant).config(dict(view.params))
    return cfg


_CONFIGS: dict[tuple[str, tuple[tuple[str, object], ...]], Config] = BoundedCache(PARAMS_CACHE_SIZE)


def _fit_mask(cfg: Config, ends: tuple[tuple[object, int], ...]) -> int:
    """The tiles that could have been laid on these open ends (COM-1, MAT-2; MAT-3: any matador)."""
    m = cfg.matadors
    for _, v in ends:
        m |= cfg.fit[v]
    return m


@dataclass(frozen=True)
class Void:
    """A fact from the public history: right after ``move``, ``seat`` held none of ``tiles``.

    ``drawn_since`` is how many tiles that seat drew afterwards: at most that many of its current
    tiles can be among ``tiles`` (a drawn tile may be one of them).
    """

    seat: int
    tiles: int  # mask
    move: int
    drawn_since: int


def known_voids(view: PlayerView) -> list[Void]:
    """The hard facts about the other seats' hands that the public history proves.

    A pass at open ends E means the seat held no tile fitting E (COM-4; MAT-4: nor a matador); a
    run of draws that ends in the play of the drawn tile means the seat's other tiles (old ones
    and the ones drawn before) do not fit the ends it drew on (COM-5). A forced lead of the
    highest double (DRW-2) means nobody else was dealt a higher double (``move`` is -1: the deal).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("draw", hands=[["5-5", "0-1"], ["1-2", "3-4"]], boneyard=["2-2", "5-3"])
    >>> s = s.play("5-5").play("draw").play("draw").play("3-5 left")   # seat 1 draws twice on 5
    >>> [(v.seat, v.move, v.drawn_since, [str(t) for t in dw.core.tiles.tiles_of(v.tiles)])
    ...  for v in known_voids(s.view(0))]       # DRW-2: seat 1 had no 6-6; COM-5: holds no 5
    [(1, -1, 2, ['6-6']), (1, 3, 0, ['0-5', '1-5', '2-5', '3-5', '4-5', '5-5', '5-6'])]
    """
    cfg = config_of(view)
    history = view.history
    events: list[tuple[int, int, int]] = []  # (seat, move, mask)
    if cfg.lead == "highest_double" and history:
        lead = history[0]
        assert lead.action.tile is not None
        d = lead.action.tile.high
        higher = 0
        for h in range(d + 1, cfg.pips + 1):
            higher |= cfg.t.bit[h * (h + 3) // 2]
        if higher:
            events.extend((s, -1, higher) for s in range(view.players) if s not in (view.seat, lead.seat))
    pending: dict[int, int] = {}  # seat -> fit mask of the ends it started drawing on
    for move, ev in enumerate(history):
        if ev.seat == view.seat:
            continue
        kind = ev.action.kind
        if kind is ActionKind.DRAW:
            # MAT-4 seed option: a seat may draw while holding a matador
            pending.setdefault(ev.seat, _fit_mask(cfg, ev.ends) & ~(cfg.matadors if cfg.matador_optional else 0))
        elif kind is ActionKind.PASS:
            events.append((ev.seat, move, pending.pop(ev.seat, 0) | _fit_mask(cfg, ev.ends)))
        elif ev.seat in pending:  # COM-5: the drawn tile is played at once; the rest did not fit
            events.append((ev.seat, move, pending.pop(ev.seat)))
    for seat, mask in pending.items():  # a run of draws the hand's end cut short (DCZ-4)
        events.append((seat, len(history), mask))
    voids = []
    for seat, move, mask in events:
        later = sum(1 for ev in history[move + 1:] if ev.seat == seat and ev.action.kind is ActionKind.DRAW)
        voids.append(Void(seat, mask, move, later))
    return sorted(voids, key=lambda v: (v.seat, v.move))


class HiddenSampler:
    """Draw guesses of the hidden tiles for one view (set up once, sample many times).

    Opponents' hands avoid the tiles a void proves they cannot hold (``drawn_since == 0``)
    exactly; voids weakened by later draws are checked by rejection (up to ``tries`` times, then
    the last guess is kept). With a single opponent the strict part is exact: the hand is a
    uniform choice among the allowed tiles.
    """

    def __init__(self, view: PlayerView, tries: int = 50) -> None:
        cfg = config_of(view)
        self.view = view
        self.cfg = cfg
        self.tries = tries
        own = mask_of(view.hand)
        table = mask_of(p.tile for p in view.layout.placements())
        self.unseen = [i for i in range(cfg.t.size) if not (own | table) >> i & 1]
        self.own = own
        self.others = [s for s in range(view.players) if s != view.seat]
        self.forbidden = {s: 0 for s in self.others}
        self.soft: list[Void] = []
        for v in known_voids(view):
            if v.drawn_since == 0:
                self.forbidden[v.seat] |= v.tiles
            else:
                self.soft.append(v)
        need = sum(view.hand_sizes[s] for s in self.others) + view.boneyard_size + view.out_of_play_size
        if need != len(self.unseen):
            raise ValueError(f"the view does not add up: {len(self.unseen)} unseen tiles, {need} hidden places")

    def sample(self, rng: Random) -> Hidden:
        """One guess: (hands, stock in draw order, out mask)."""
        best: Hidden | None = None
        for _ in range(self.tries):
            guess = self._deal(rng)
            if guess is None:
                continue
            best = guess
            if self._soft_ok(guess[0]):
                return guess
        if best is None:  # the strict voids cannot all hold together: drop them (never expected)
            best = self._deal(rng, strict=False)
            assert best is not None
        return best

    def _deal(self, rng: Random, strict: bool = True) -> Hidden | None:
        view = self.view
        pool = self.unseen[:]
        fast_shuffle(pool, rng)
        hands = [0] * view.players
        hands[view.seat] = self.own
        order = self.others[:]
        if len(order) > 1:
            fast_shuffle(order, rng)
        for s in order:
            want = view.hand_sizes[s]
            bad = self.forbidden[s] if strict else 0
            got = 0
            rest = []
            for i in pool:
                if got < want and not bad >> i & 1:
                    hands[s] |= 1 << i
                    got += 1
                else:
                    rest.append(i)
            if got < want:
                return None
            pool = rest
        stock = pool[: view.boneyard_size]
        out = 0
        for i in pool[view.boneyard_size:]:
            out |= 1 << i
        return hands, stock, out

    def _soft_ok(self, hands: list[int]) -> bool:
        for v in self.soft:
            if (hands[v.seat] & v.tiles).bit_count() > v.drawn_since:
                return False
        return True


def fallback_sample_hidden(view: PlayerView, rng: Random) -> Hidden:
    """One guess of the hidden tiles that respects the hard facts of the public history."""
    return HiddenSampler(view).sample(rng)


def hidden_sampler() -> tuple[Sampler, str]:
    """The sampler the expert uses and its name: the exact ``prob.inference.sample_hidden`` when
    present, else `fallback_sample_hidden`."""
    if importlib.util.find_spec("domino_widgets.prob.inference") is not None:
        module = importlib.import_module("domino_widgets.prob.inference")
        fn = getattr(module, "sample_hidden", None)
        if fn is not None:
            return fn, "prob.inference.sample_hidden"
    return fallback_sample_hidden, "fallback"


def public_core(view: PlayerView) -> Core:
    """A position for ``view`` that holds only what the seat sees: its own hand, the table, the
    scores; the other hands are empty and the hidden tiles lie in the boneyard (as many as it
    holds) and out of play.

    Good for questions that depend only on what the mover sees, such as the one-ply heuristics
    of the greedy players and their legal plays; never for search (see `core_from_view`). It is
    built straight from the layout, without replaying the history (a greedy player asks for one
    at every decision).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "0-5"], ["1-5", "2-2"]], boneyard=["3-3"])
    >>> c = public_core(s.play("5-5").play("1-5 right").view(0))
    >>> c.ends[:2], c.arms, c.turn, c.hand_points, len(c.stock)
    ([5, 1], [0, 1, 0, 0], 0, [10, 0], 1)
    """
    source = view.__dict__.get("_source")
    if source is not None:  # a view fresh from `GameState.view`: the same position, built faster
        return source.public_core()  # type: ignore[no-any-return]
    cfg = config_of(view)
    seat = view.seat
    own = mask_of(view.hand)
    table = 0
    c = new_core(cfg, hands=[own if s == seat else 0 for s in range(view.players)], stock=[], out=0,
                 leader=seat, seed=None, base_scores=tuple(view.match_scores))
    layout = view.layout
    if layout.center is not None:
        c.center = layout.center.tile.index
        table = cfg.t.bit[c.center]
        for e, arm in enumerate(layout.arms):
            if arm:
                c.arms[e] = len(arm)
                c.tips[e] = arm[-1].tile.index
                for p in arm:
                    table |= cfg.t.bit[p.tile.index]
        for e, v in layout.ends:
            c.ends[e] = v
        c.open = tuple(int(e) for e, _ in layout.ends)
    hidden = cfg.t.full & ~(own | table)
    pool = [i for i in range(cfg.t.size) if hidden >> i & 1]
    c.stock = pool[: view.boneyard_size]
    for i in pool[view.boneyard_size:]:
        c.out |= 1 << i
    c.turn = view.current_player if view.current_player is not None else seat
    c.hand_points = list(view.scores)
    c.finished = list(view.finished)
    c.initial = ()  # no deal to replay
    return c

"""Twenty-one, ``twentyone`` (T21-1..4, Czech seed "Jedenadvacet"): take tiles, stand, and come
closest to 21 without going over.

Not played on a shared line, so the variant brings its own state (`TwentyOneState`) through
``Variant(factory=...)``; ``new_game``, ``load_record`` and the players use it like any other.

>>> import domino_widgets as dw
>>> s = dw.new_game("twentyone", players=3, seed=5)
>>> s.players, [len(h) for h in s.hands], len(s.boneyard)     # T21-1: two tiles each
(3, [2, 2, 2], 22)
>>> while not s.is_over:
...     s = s.play("take" if sum(t.value for t in s.hand(s.current_player)) < 15 else "stand")
>>> dw.load_record(s.to_json()) == s
True
>>> dw.new_game("twentyone", players=5)
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: twentyone: players=5 is not allowed; players must be one of 2, 3, 4
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.engine import Config, fast_shuffle, seeded_order
from ..core.errors import ParameterError
from ..core.tiles import Tile, tile_set
from ..core.variant import Variant, flag_param, players_param
from ._own_state import (
    check_first_seat,
    check_hands,
    check_scripted_seed,
    check_seed,
    fresh_seed,
    no_repeats,
    tiles_arg,
)
from ._twentyone_state import SET_PIPS, Deal, TwentyOneOutcome, TwentyOneState, TwentyOneView, showdown

__all__ = ["VARIANT", "TwentyOneOutcome", "TwentyOneState", "TwentyOneView", "deal", "new_twentyone", "showdown"]

HAND = 2  # T21-1


def deal(players: int, seed: int) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]:
    """T21-1, COM-7: shuffle the double-six set with ``seed``; in seat order each takes two tiles;
    the rest is the stock, in draw order.

    >>> hands, stock = deal(2, 1)
    >>> [len(h) for h in hands], len(stock), deal(2, 1) == (hands, stock)
    ([2, 2], 24, True)
    """
    order = [t.index for t in tile_set(SET_PIPS)]
    fast_shuffle(order, random.Random(seed))
    tiles = [Tile.from_index(i) for i in order]
    hands = tuple(tuple(tiles[HAND * s: HAND * s + HAND]) for s in range(players))
    return hands, tuple(tiles[HAND * players:])


def new_twentyone(variant: Variant, seed: int | None = None, *,
                  hands: Sequence[Iterable[str | Tile] | str] | None = None,
                  boneyard: Iterable[str | Tile] | str | None = None,
                  out: Iterable[str | Tile] | str | None = None,
                  leader: int | None = None, scores: Sequence[Any] | None = None,
                  **params: Any) -> TwentyOneState:
    """Start a game: dealt from ``seed``, or scripted from ``hands`` (two tiles per seat) and the
    ``boneyard`` in draw order (tiles listed nowhere are out of play; with no ``boneyard`` the
    rest is shuffled with ``seed``)."""
    p = variant.check_params(params)
    n = p["players"]
    seed = check_seed(seed)
    if scores is not None:
        raise ParameterError("twentyone has no match scores: each game stands alone (T21-3)")
    check_first_seat("twentyone", leader, "seat 0 acts first and the others follow in seat order (T21-1)")
    key = tuple(sorted(p.items()))
    size = len(tile_set(SET_PIPS))
    if hands is None:
        if boneyard is not None or out is not None:
            raise ParameterError("boneyard= and out= go with hands= (a scripted deal)")
        if seed is None:
            seed = fresh_seed()
        dealt, stock = deal(n, seed)
        return TwentyOneState.start(Deal(key, seed, dealt, stock, ()))
    check_hands(hands, n, str([["6-6", "1-2"]] * n))
    check_scripted_seed(seed, boneyard)
    hand_tiles = [tiles_arg(f"hands[{i}]", x, size) for i, x in enumerate(hands)]
    for i, h in enumerate(hand_tiles):
        if len(h) != HAND:
            raise ParameterError("hands[{i}]: each seat starts with {hand} tiles (T21-1), not {n_h}",
                                 i=i, hand=HAND, n_h=len(h))
    stock_tiles = tiles_arg("boneyard", boneyard, size)
    out_tiles = tiles_arg("out", out, size)
    no_repeats([*((f"hands[{i}]", h) for i, h in enumerate(hand_tiles)), ("boneyard", stock_tiles),
                ("out", out_tiles)])
    listed = {t for group in (*hand_tiles, stock_tiles, out_tiles) for t in group}
    rest = [t for t in tile_set(SET_PIPS) if t not in listed]
    if boneyard is None:
        stock_tiles = [Tile.from_index(i) for i in seeded_order([t.index for t in rest], seed)]
    else:
        out_tiles += rest
    d = Deal(key, None, tuple(tuple(h) for h in hand_tiles), tuple(stock_tiles), tuple(sorted(out_tiles)))
    return TwentyOneState.start(d)


def _no_line(p: dict[str, Any]) -> Config:
    raise ParameterError("twentyone is not played on a shared line: it has no engine Config and no Match; "
                         "start a game with new_game('twentyone', ...)")


VARIANT = Variant(
    name="twentyone",
    title="Twenty-one (Jedenadvacet)",
    prefix="T21",
    params=(
        players_param(2, 3, 4),
        flag_param("rounds", "T21-2 other reading: turns go round, each takes one tile or passes; the hand ends "
                   "when a whole round passes with nobody taking"),
    ),
    build=_no_line,
    factory=new_twentyone,
    aliases=("twenty_one", "jedenadvacet", "21"),
    summary="Two to four players take tiles one by one and stand; the count nearest 21 without going over wins.",
)

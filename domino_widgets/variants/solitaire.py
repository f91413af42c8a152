"""Solitaire, ``solitaire`` (SOL-1..5, the Czech rule sheet's "Sólo domino"): five tiles face up, one line,
lay what fits, refill by as many as you laid, and win by laying all 28.

Not played by several seats on a shared line, so the variant brings its own state
(`SolitaireState`) through ``Variant(factory=...)``.

>>> import domino_widgets as dw
>>> s = dw.new_game("solitaire", seed=5)
>>> len(s.hand), len(s.boneyard), s.legal_actions()[0]      # SOL-1: five tiles face up
(5, 23, Action.parse('base 2-2'))
>>> while not s.is_over:
...     s = s.play(s.legal_actions()[0])
>>> s.outcome.reason in ("won", "stuck"), dw.load_record(s.to_json()) == s, s.cannot_win
(True, True, False)

With an odd ``pips`` every number shows on an odd number of halves, and no line holds them all:
such a game can never be won, and asking for one says so.

>>> import warnings
>>> with warnings.catch_warnings(record=True) as said:
...     warnings.simplefilter("always")
...     s = dw.new_game("solitaire", seed=5, pips=5)
>>> s.cannot_win, said[0].category.__name__
(True, 'CannotWinWarning')
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.engine import Config, fast_shuffle, seeded_order
from ..core.errors import ParameterError, Phrase
from ..core.tiles import Tile, tile_set
from ..core.variant import Param, Variant, flag_param, pips_param
from ._own_state import (
    check_first_seat,
    check_hands,
    check_scripted_seed,
    check_seed,
    fresh_seed,
    no_repeats,
    tiles_arg,
)
from ._solitaire_state import SolitaireDeal, SolitaireOutcome, SolitaireState, SolitaireView, fit_mask

__all__ = ["VARIANT", "CannotWinWarning", "SolitaireOutcome", "SolitaireState", "SolitaireView", "deal", "fit_mask", "new_solitaire"]


def deal(pips: int, hand_size: int, seed: int) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """SOL-1, COM-7: shuffle the set with ``seed``, turn ``hand_size`` tiles face up; the rest is
    the stock in draw order.

    >>> hand, stock = deal(6, 5, 1)
    >>> len(hand), len(stock), deal(6, 5, 1) == (hand, stock)
    (5, 23, True)
    """
    order = [t.index for t in tile_set(pips)]
    fast_shuffle(order, random.Random(seed))
    tiles = [Tile.from_index(i) for i in order]
    return tuple(tiles[:hand_size]), tuple(tiles[hand_size:])


def new_solitaire(variant: Variant, seed: int | None = None, *,
                  hands: Sequence[Iterable[str | Tile] | str] | None = None,
                  boneyard: Iterable[str | Tile] | str | None = None,
                  out: Iterable[str | Tile] | str | None = None,
                  leader: int | None = None, scores: Sequence[Any] | None = None,
                  **params: Any) -> SolitaireState:
    """Start a game: dealt from ``seed``, or scripted from ``hands`` (one hand, face up) and the
    ``boneyard`` in draw order (tiles listed nowhere are out of play; with no ``boneyard`` the
    rest is shuffled with ``seed``)."""
    p = variant.check_params(params)
    seed = check_seed(seed)
    if scores is not None:
        raise ParameterError("the solitaire has no match scores: each game is won or lost (SOL-4)")
    check_first_seat("solitaire", leader, "the solitaire has one player, seat 0")
    key = tuple(sorted(p.items()))
    pips = p["pips"]
    size = len(tile_set(pips))
    if hands is None:
        if boneyard is not None or out is not None:
            raise ParameterError("boneyard= and out= go with hands= (a scripted deal)")
        if seed is None:
            seed = fresh_seed()
        hand, stock = deal(pips, p["hand_size"], seed)
        return _said(SolitaireState.start(SolitaireDeal(key, seed, pips, hand, stock, ())))
    check_hands(hands, 1, "[['3-5', '0-0']] (the one hand of the solitaire)")
    check_scripted_seed(seed, boneyard)
    hand_tiles = tiles_arg("hands[0]", hands[0], size)
    if not hand_tiles:
        raise ParameterError("hands[0]: the hand needs at least one tile (SOL-1)")
    stock_tiles = tiles_arg("boneyard", boneyard, size)
    out_tiles = tiles_arg("out", out, size)
    no_repeats([("hands[0]", hand_tiles), ("boneyard", stock_tiles), ("out", out_tiles)])
    listed = {*hand_tiles, *stock_tiles, *out_tiles}
    rest = [t for t in tile_set(pips) if t not in listed]
    if boneyard is None:
        stock_tiles = [Tile.from_index(i) for i in seeded_order([t.index for t in rest], seed)]
    else:
        out_tiles += rest
    d = SolitaireDeal(key, None, pips, tuple(hand_tiles), tuple(stock_tiles), tuple(sorted(out_tiles)))
    return _said(SolitaireState.start(d))


class CannotWinWarning(UserWarning):
    """A solitaire was asked for that can never be won (`SolitaireState.cannot_win`)."""


def _said(state: SolitaireState) -> SolitaireState:
    """Warn, in the language set, when the game asked for can never be won (e.g. an odd ``pips``:
    SOL-4 needs every tile on one line)."""
    why = state.set_cannot_win  # the whole set in play: a scripted puzzle may be lost on purpose
    if why is not None:
        warnings.warn(CannotWinWarning(why.text(None)), stacklevel=4)
    return state


def _no_line(p: dict[str, Any]) -> Config:
    raise ParameterError("the solitaire is not played by several seats: it has no engine Config and no Match; "
                         "start a game with new_game('solitaire', ...)")


VARIANT = Variant(
    name="solitaire",
    title="Solitaire (Sólo domino)",
    prefix="SOL",
    params=(
        pips_param(tuple(range(2, 13))),  # small sets make small puzzles (and exact tests)
        Param("hand_size", 5, Phrase("a whole number 1..12"), lambda x: isinstance(x, int) and not isinstance(x, bool)
              and 1 <= x <= 12, "SOL-1: tiles turned face up at the start"),
        flag_param("may_stop", "SOL-3 other reading: the player may end a round early ('stop'), with at least "
                   "one tile laid in it"),
    ),
    build=_no_line,
    factory=new_solitaire,
    aliases=("solo", "solo_domino", "patience"),
    summary="One player, five tiles face up: lay what fits, refill as many as you laid, lay all 28 to win.",
)

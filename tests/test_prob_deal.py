"""Deal probabilities (prob.deal) checked against brute-force enumeration and the engine's deal."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import domino_widgets as dw
from domino_widgets.core.engine import deal
from domino_widgets.core.tiles import tile_set, tiles_of
from domino_widgets.prob import deal as pd


def _hands(pips: int, k: int):
    return combinations(tile_set(pips), k)


def test_no_double_matches_enumeration_small_set() -> None:
    # DRW-2 on a double-3 set (10 tiles), two hands of 2: count deals with no double.
    dealt = list(_hands(3, 4))
    none = sum(1 for ts in dealt if not any(t.is_double for t in ts))
    assert pd.p_no_double(players=2, hand_size=2, pips=3) == Fraction(none, len(dealt))


def test_no_double_is_one_in_345() -> None:
    # DRW-2: the redeal happens with probability 1/345 = C(21,14) / C(28,14).
    assert pd.p_no_double() == Fraction(1, 345)


def test_hand_misses_a_number_matches_enumeration() -> None:
    for pips, k in [(3, 3), (4, 5), (5, 6)]:
        hands = list(_hands(pips, k))
        miss = sum(1 for h in hands if {n for t in h for n in t.halves} != set(range(pips + 1)))
        assert pd.p_hand_misses_a_number(hand_size=k, pips=pips) == Fraction(miss, len(hands))


def test_highest_double_matches_enumeration_and_sums_to_one() -> None:
    pips, players, k = 3, 2, 2
    deals = list(_hands(pips, players * k))
    dist = pd.highest_double(players=players, hand_size=k, pips=pips)
    for d in range(pips + 1):
        hits = sum(1 for ts in deals if max((t.low for t in ts if t.is_double), default=None) == d)
        assert dist[d] == Fraction(hits, len(deals))
    assert sum(dist.values()) == 1


def test_highest_double_agrees_with_the_engine_deal() -> None:
    # The engine redeals no-double deals (DRW-2), so its lead follows highest_double given a double.
    cfg = dw.get_variant("draw").config({})
    rng = random.Random(5)
    n = 20000
    sixes = 0
    for _ in range(n):
        hands, _, _, _ = deal(cfg, rng)
        if any(t == dw.Tile(6, 6) for h in hands for t in tiles_of(h)):
            sixes += 1
    dist = pd.highest_double()
    p = dist[6] / (1 - dist[None])
    sigma = (float(p) * (1 - float(p)) / n) ** 0.5
    assert abs(sixes / n - float(p)) < 4 * sigma


def test_suit_counts_and_pips() -> None:
    hands = list(_hands(4, 4))
    for k in range(5):
        hits = sum(1 for h in hands if sum(t.has(2) for t in h) == k)
        assert pd.suit_count(k, hand_size=4, pips=4) == Fraction(hits, len(hands))
    assert pd.pip_total() == sum(t.value for t in tile_set(6)) == 168


def test_bad_arguments() -> None:
    import pytest

    with pytest.raises(ValueError, match="need 35 tiles"):
        pd.p_no_double(players=5)

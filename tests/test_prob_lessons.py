"""prob.lessons: the simulation checks and core demonstrations the notebooks call."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets.core.errors import IllegalPlayError, ParameterError
from domino_widgets.prob import deal as pd
from domino_widgets.prob import lessons as L

T = dw.Tile


# ------------------------------------------------------------------ deals and events


def test_random_deal_is_seeded_and_disjoint() -> None:
    d1 = L.random_deal(random.Random(4), players=4, hand_size=7)
    d2 = L.random_deal(random.Random(4), players=4, hand_size=7)
    assert d1 == d2
    tiles = [t for h in d1 for t in h]
    assert sorted(tiles) == sorted(dw.tile_set())  # four hands of 7 use the whole set (BRG-1)


def test_random_deal_rejects_impossible_sizes() -> None:
    with pytest.raises(ParameterError, match="need 30 tiles"):
        L.random_deal(random.Random(0), players=3, hand_size=10)
    with pytest.raises(ParameterError, match="players"):
        L.random_deal(random.Random(0), players=0)


def test_events_on_scripted_hands() -> None:
    # DRW-2: a deal with no double is thrown back; the highest double leads.
    no_double = ((T(0, 1), T(2, 3)), (T(4, 5), T(5, 6)))
    assert L.has_no_double(no_double) and L.highest_double_of(no_double) is None
    with_doubles = ((T(0, 0), T(2, 3)), (T(4, 4), T(5, 6)))
    assert not L.has_no_double(with_doubles) and L.highest_double_of(with_doubles) == 4
    # 0-1 2-3 4-5 6-6 shows every number once; without the 6-6 the hand lacks a 6.
    assert not L.misses_a_number([T(0, 1), T(2, 3), T(4, 5), T(6, 6)])
    assert L.misses_a_number([T(0, 1), T(2, 3), T(4, 5)])


def test_estimate_measures_distance_in_standard_deviations() -> None:
    e = L.Estimate(hits=60, trials=100)
    assert e.rate == Fraction(3, 5)
    assert e.z(Fraction(1, 2)) == pytest.approx(2.0)  # (60 - 50) / sqrt(100 * 1/4)
    assert e.agrees(Fraction(1, 2)) and not e.agrees(Fraction(1, 2), within=1.5)
    assert L.Estimate(0, 10).agrees(0) and not L.Estimate(1, 10).agrees(0)


@pytest.mark.parametrize("lang, text", [("en", "9,944/40,000 = 0.24860"), ("cs", "9\xa0944/40\xa0000 = 0,24860"),
                                        ("el", "9.944/40.000 = 0,24860")])
def test_a_simulated_frequency_is_written_in_the_lesson_language(lang: str, text: str) -> None:
    """Issue 38: «9944/40000» in a Czech lesson; the counts group their thousands as the language does."""
    import domino_widgets as dw

    dw.set_language(lang)
    try:
        assert str(L.Estimate(9944, 40000)) == text
    finally:
        dw.set_language("en")


def test_frequency_agrees_with_the_exact_redeal_chance() -> None:
    # DRW-2: 1/345; a wrong exact value (1/100) is far outside the simulation's reach.
    est = L.frequency(L.has_no_double, trials=30_000, seed=11)
    assert est.agrees(pd.p_no_double())
    assert not est.agrees(Fraction(1, 100))


def test_tally_of_the_lead_agrees_with_highest_double() -> None:
    exact = pd.highest_double()
    n = 20_000
    sim = L.tally(L.highest_double_of, trials=n, seed=3)
    assert sum(sim.values()) == 1
    for d, p in exact.items():
        assert L.Estimate(int(sim.get(d, 0) * n), n).agrees(p), d


def test_frequency_rejects_bad_trials_and_seed() -> None:
    with pytest.raises(ParameterError, match="trials"):
        L.frequency(L.has_no_double, trials=0, seed=1)
    with pytest.raises(ParameterError, match="seed"):
        L.frequency(L.has_no_double, trials=5, seed="x")  # type: ignore[arg-type]


# ------------------------------------------------------------------ the blocked line


def test_halves_showing_a_scripted_line() -> None:
    s = dw.new_game("block", hands=[["3-5", "5-5", "0-2"], ["1-3", "5-6", "2-4"]], leader=0)
    s = s.play("3-5")            # 3-5: one 5, an open end
    s = s.play("1-3 left")       # 1-3 3-5
    s = s.play("5-5")            # 1-3 3-5 5-5: the double is crosswise and shows 5 once (COM-2)
    s = s.play("5-6")            # 1-3 3-5 5-5 5-6
    h = L.halves_showing(s.layout, 5)
    assert (h.halves, h.joints, h.ends) == (4, 2, 0)   # 3-5|5-5 and 5-5|5-6 pair all four fives
    h6 = L.halves_showing(s.layout, 6)
    assert (h6.halves, h6.joints, h6.ends) == (1, 0, 1)


def test_halves_showing_refuses_other_layouts() -> None:
    s = dw.new_game("all_fives", seed=1)
    s = s.play(s.legal_actions()[0])
    with pytest.raises(ParameterError, match="spinner"):
        L.halves_showing(s.layout, 4)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["block", "draw", "draw_cz"]))
def test_every_half_is_a_joint_or_an_end(seed: int, variant: str) -> None:
    # COM-1: on a line every half touches an equal half or faces out as an open end.
    s = L._random_hand(variant, seed)
    for n in range(7):
        h = L.halves_showing(s.layout, n)
        assert h.halves == 2 * h.joints + h.ends


@pytest.mark.parametrize("variant", ["draw", "draw_cz"])
def test_a_block_with_every_tile_in_play_has_equal_ends(variant: str) -> None:
    # COM-6 with an empty boneyard (DRW-3, DCZ-5): all 8 halves of the end number are on the table.
    c = L.blocked_ends(variant, games=400, seed=5)
    assert c["blocked"] > 20
    assert c["equal"] == c["blocked"] == c["all in play"]
    assert c["unequal"] == 0


def test_the_block_game_blocks_with_unequal_ends() -> None:
    # BLK-1: 14 tiles are out of play, so an end number can be dead with halves unseen.
    c = L.blocked_ends("block", games=200, seed=5)
    assert c["unequal"] > 0 and c["all in play"] == 0
    s = L.find_blocked("block", seed=2, equal=False)
    a, b = s.ends.values()
    assert a != b and s.outcome is not None and s.outcome.reason == "blocked"
    assert L.halves_showing(s.layout, a).halves < 8  # some tile with that number is out of play


def test_a_blocked_draw_hand_shows_all_eight_halves_of_its_end_number() -> None:
    s = L.find_blocked("draw", seed=1)
    (n,) = set(s.ends.values())
    h = L.halves_showing(s.layout, n)
    assert (h.halves, h.ends) == (8, 2)
    assert not any(t.has(n) for hand in s.hands for t in hand)


def test_blocked_ends_refuses_games_that_are_not_plain_lines() -> None:
    with pytest.raises(ParameterError, match="sum to 7"):
        L.blocked_ends("matador", games=5)
    with pytest.raises(ParameterError, match="line"):
        L.find_blocked("bergen")
    with pytest.raises(ParameterError, match="no such blocked"):
        L.find_blocked("draw", equal=False, tries=30)


# ------------------------------------------------------------------ All Fives scoring


def test_score_sheet_follows_the_rule_book_example() -> None:
    # A5-4: lead 5-5 (10, scores 10); 5-0 on one side: 0 + 10; 5-3 on the other: 0 + 3, no score.
    s = dw.new_game("all_fives", hands=[["5-5", "5-3", "1-2"], ["5-0", "6-1", "2-3"]],
                    boneyard=["0-1", "4-4"], leader=0)
    rows = L.score_sheet(s, ["5-5", "0-5 left", "3-5 right"])
    assert [(r.seat, r.play, r.total, r.scored) for r in rows] == [
        (0, "5-5", 10, 10), (1, "0-5 left", 10, 10), (0, "3-5 right", 3, 0)]


def test_score_sheet_spinner_stops_counting_when_both_sides_hold_tiles() -> None:
    # A5-3: once both short sides of the spinner hold tiles it counts nothing.
    s = dw.new_game("all_fives", hands=[["5-5", "5-0", "1-2"], ["5-4", "6-1", "2-3"]],
                    boneyard=["0-1"], leader=0)
    rows = L.score_sheet(s, ["5-5", "4-5 left", "0-5 right"])
    assert [(r.total, r.scored) for r in rows] == [(10, 10), (14, 0), (4, 0)]


def test_score_sheet_errors_leave_nothing_changed() -> None:
    s = dw.new_game("all_fives", hands=[["5-5", "5-3"], ["5-0", "6-1"]], boneyard=["0-1"], leader=0)
    with pytest.raises(IllegalPlayError):
        L.score_sheet(s, ["5-3"])            # DRW-2: the 5-5 must lead
    assert s.history == ()
    with pytest.raises(ParameterError, match="All Fives"):
        L.score_sheet(dw.new_game("draw", seed=1), ["draw"])


# ------------------------------------------------------------------ the lead


def test_lead_distribution_is_the_highest_double_given_no_redeal() -> None:
    # DRW-2: a deal with no double is dealt again, so P(lead d) = P(highest d) / (1 - 1/345).
    lead = L.lead_distribution()
    assert sum(lead.values()) == 1
    assert lead[6] == Fraction(1, 2) / (1 - Fraction(1, 345))
    assert lead[5] == pd.highest_double()[5] * Fraction(345, 344)


def test_the_engine_deals_leads_as_often_as_counted() -> None:
    # A5-1 / DRW-2 as the core deals them: each lead double within 4 sigma of the exact law.
    n = 4000
    sim = L.engine_leads("all_fives", games=n, seed=9)
    for d, p in L.lead_distribution().items():
        assert L.Estimate(int(sim.get(d, 0) * n), n).agrees(p), d


def test_engine_leads_refuses_a_free_lead() -> None:
    with pytest.raises(ParameterError, match="force a double"):
        L.engine_leads("block", games=3)      # BLK-2: any tile may lead


def test_engine_frequency_counts_events_of_the_cores_deal() -> None:
    # DRW-2 redeals: the core never deals a Greek hand without a double.
    no_double = L.engine_frequency("draw", lambda s: not any(t.is_double for h in s.hands for t in h), games=300)
    assert no_double.hits == 0 and no_double.trials == 300
    # BRG-1: with four players all 28 tiles are dealt, so seat 0 holds the 6-6 a quarter of the time.
    holds = L.engine_frequency("bergen", lambda s: dw.Tile(6, 6) in s.hand(0), games=2000, seed=4, players=4)
    assert holds.agrees(Fraction(1, 4)) and not holds.agrees(Fraction(1, 2))
    with pytest.raises(ParameterError, match="games"):
        L.engine_frequency("draw", bool, games=0)


# ------------------------------------------------------------------ counting by rejection


def _passed_on_six() -> dw.GameState:
    s = dw.new_game("block", hands=[["3-5", "0-0", "0-1", "0-2", "0-4", "1-1", "1-2"],
                                    ["6-6", "6-5", "6-3", "6-4", "2-2", "2-4", "4-4"]], leader=1)
    s = s.play("6-6")     # seat 1 leads the 6-6
    s = s.play("pass")    # BLK-3: seat 0 has no six
    s = s.play("5-6 right")  # ends 6 and 5
    return s.play("3-5")  # seat 0 lays 3-5: ends 6 and 3


def test_consistent_deals_reproduce_the_public_view() -> None:
    v = _passed_on_six().view(1)
    kept = L.consistent_deals(v, trials=300, seed=3)
    assert kept
    for g in kept:
        w = g.view(1)
        assert (w.hand, w.layout, w.history, w.hand_sizes) == (v.hand, v.layout, v.history, v.hand_sizes)
        assert not any(t.has(6) for t in g.dealt[0])   # the pass says seat 0 was dealt no six


def test_rejection_agrees_with_exact_inference() -> None:
    from domino_widgets.prob.inference import tile_probabilities

    v = _passed_on_six().view(1)
    exact = tile_probabilities(v)
    kept = L.consistent_deals(v, trials=4000, seed=5)
    for tile in map(dw.Tile.parse, ("0-0", "1-3", "5-5")):
        est = L.Estimate(sum(tile in g.hand(0) for g in kept), len(kept))
        assert est.agrees(exact[tile][0]), tile
    # holds_estimate counts the same way, and a wrong value is caught
    est = L.holds_estimate(v, 0, "0-0", trials=1000, seed=5)
    assert est.agrees(exact[dw.Tile(0, 0)][0]) and not est.agrees(Fraction(1, 2))


def test_consistent_deals_refuses_games_with_a_boneyard() -> None:
    with pytest.raises(ParameterError, match="without a boneyard"):
        L.consistent_deals(dw.new_game("draw", seed=1).view(0), trials=5)


def test_blind_sample_fills_the_hidden_places_by_size_only() -> None:
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["5-5", "0-0", "3-3"]], boneyard=["1-4", "2-6", "0-4"])
    s = dw.play_all(s, ["6-6", "draw", "draw", "2-6 right"])   # COM-5: seat 1 had no six
    v = s.view(0)
    sixes = 0
    for k in range(200):
        hands, stock, out = L.blind_sample(v, random.Random(k))
        assert hands[0] == sum(1 << t.index for t in v.hand)
        assert [h.bit_count() for h in hands] == list(v.hand_sizes) and len(stock) == v.boneyard_size
        assert not (hands[1] & hands[0]) and not (out & hands[1])
        sixes += any(hands[1] >> t.index & 1 for t in dw.suit(6) if t in v.unseen)
    assert sixes > 0   # blind: it gives seat 1 sixes that his draws ruled out


# ------------------------------------------------------------------ Bergen with 2 or 3 players (BRG-1)


def test_bergen_cross_completes_exactly_as_the_rule_book_says() -> None:
    from domino_widgets.prob import bergen

    assert bergen.p_cross_completes(2) == Fraction(593, 2070)      # BRG-1
    assert bergen.p_cross_completes(3) == Fraction(83011, 98670)
    assert bergen.p_cross_completes(4) == 1                       # all 28 tiles dealt
    with pytest.raises(ParameterError, match="2, 3 or 4"):
        bergen.p_cross_completes(5)


def test_bergen_cross_simulated_by_the_rules_agrees() -> None:
    from domino_widgets.prob import bergen

    assert bergen.simulate_cross(2, games=300, seed=11).agrees(bergen.p_cross_completes(2))
    assert bergen.simulate_cross(3, games=300, seed=11).agrees(bergen.p_cross_completes(3))

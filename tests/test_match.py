"""Match rules of docs/rules.md through `dw.Match`: BLK-2 and DCZ-1 (leads alternate), BLK-6 (target
100, option 50 or any positive number), DCZ-6 (first to N hands won, default 5), DRW-2 (the
highest double starts every hand) and DRW-6 (target 50, option any).

Matches are played with seeded random legal actions; every test checks that the points of the
hands add up to the match scores and that the match stops as soon as a seat reaches the target.
"""

from __future__ import annotations

import random

import pytest

import domino_widgets as dw
from domino_widgets import GameState, Match

MAX_HANDS = 400  # a safety net: no match of these tests comes near it


def play_match(m: Match, seed: int) -> list[int]:
    """Play ``m`` to its end with seeded random legal actions; return each hand's leader."""
    rng = random.Random(seed)
    leaders: list[int] = []
    while True:
        assert m.hand.current_player is not None
        leaders.append(m.hand.current_player)
        while not m.hand.is_over:
            m.play(rng.choice(m.hand.legal_actions()))
        if m.is_over:
            return leaders
        assert len(m.hands) < MAX_HANDS
        m.new_hand()


def points(h: GameState) -> tuple[int, ...]:
    """The points a finished hand gave each seat."""
    assert h.outcome is not None
    return tuple(h.outcome.points)


def check_scores_add_up(m: Match, target: int) -> None:
    """The match scores are the sums of the hands' points; the match ended on the first hand
    that took a seat to ``target``, and that seat is the winner."""
    assert m.target == target
    totals = [sum(points(h)[s] for h in m.hands) for s in range(m.players)]
    assert list(m.scores) == totals
    before_last = [t - points(m.hands[-1])[s] for s, t in enumerate(totals)]
    assert max(before_last) < target <= max(totals)  # nobody had reached it before the last hand
    assert m.winner is not None and m.scores[m.winner] >= target
    assert all(x < target for s, x in enumerate(m.scores) if s != m.winner)
    with pytest.raises(dw.GameOverError):
        m.new_hand()  # the first to reach the target has won: no more hands


# ---------------------------------------------------------------- BLK-6 and BLK-2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_blk6_block_match_to_100_by_default(seed: int) -> None:
    """BLK-6: the block match is played to 100; the first to reach it wins."""
    m = Match("block", seed=seed)
    play_match(m, seed)
    check_scores_add_up(m, 100)
    for i, h in enumerate(m.hands):  # each hand starts from the scores before it
        assert list(h.match_scores) == [sum(points(g)[s] for g in m.hands[:i]) for s in range(2)]


@pytest.mark.parametrize("target", [50, 1, 7, 137])
def test_blk6_option_50_or_any_positive_target(target: int) -> None:
    """BLK-6 option: the target may be 50 or any positive number."""
    m = Match("block", seed=target, target=target)
    play_match(m, target)
    check_scores_add_up(m, target)


@pytest.mark.parametrize("target", [0, -50, 2.5, "100", True, None])
def test_blk6_target_must_be_a_positive_whole_number(target: object) -> None:
    """BLK-6: a target that is not a positive whole number is refused with a clear error."""
    with pytest.raises(dw.ParameterError, match="target"):
        Match("block", seed=1, target=target)


@pytest.mark.parametrize("variant", ["block", "draw_cz"])
def test_blk2_dcz1_leads_alternate_between_hands(variant: str) -> None:
    """BLK-2, DCZ-1: the first leader is by lot; in each following hand the other seat leads."""
    first_leaders = set()
    for seed in range(8):
        m = Match(variant, seed=seed, target=3 if variant == "draw_cz" else 60)
        leaders = play_match(m, seed)
        assert len(leaders) >= 2
        assert leaders == [(leaders[0] + i) % 2 for i in range(len(leaders))]
        for h, leader in zip(m.hands, leaders):  # the leader made the first play of the hand
            assert h.view(0).history[0].seat == leader
        first_leaders.add(leaders[0])
        assert Match(variant, seed=seed).hand.current_player == leaders[0]  # seeded lot (COM-7)
    assert first_leaders == {0, 1}  # by lot: either seat may lead the first hand


# ---------------------------------------------------------------- DCZ-6 hands won


@pytest.mark.parametrize("seed", [1, 2])
def test_dcz6_match_is_first_to_five_hands_won(seed: int) -> None:
    """DCZ-6: points are not carried over; a hand won counts one; the first to 5 wins."""
    m = Match("draw_cz", seed=seed)
    play_match(m, seed)
    check_scores_add_up(m, 5)
    for h in m.hands:
        o = h.outcome
        assert o is not None and o.points == tuple(int(s == o.winner) for s in range(2))
    winners = [h.outcome.winner for h in m.hands if h.outcome is not None]
    wins = [winners.count(s) for s in range(2)]  # drawn hands (winner None) count for nobody
    assert list(m.scores) == wins and max(wins) == 5
    assert all(h.match_scores == (0, 0) for h in m.hands)  # no pip points carried into hands


@pytest.mark.parametrize(("target", "standard"), [(3, False), (2, True)])
def test_dcz6_options_target_and_standard_rule(target: int, standard: bool) -> None:
    """DCZ-6: first to N hands won for any N; under the standard rule too, hands won count."""
    m = Match("draw_cz", seed=5, target=target, standard=standard)
    play_match(m, 5)
    check_scores_add_up(m, target)
    assert m.params["standard"] is standard
    assert all(sum(points(h)) <= 1 for h in m.hands)  # one point per hand at most, no pips


# ---------------------------------------------------------------- DRW-6 and DRW-2


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_drw6_draw_match_to_50_and_every_hand_led_by_the_highest_double(seed: int) -> None:
    """DRW-6: match to 50. DRW-2: the same forced lead starts every hand (no alternation)."""
    m = Match("draw", seed=seed)
    play_match(m, seed)
    check_scores_add_up(m, 50)
    for h in m.hands:
        dealt = h
        while dealt.parent is not None:  # back to the deal of this hand
            dealt = dealt.parent
        doubles = [t for hand in dealt.hands for t in hand if t.is_double]
        highest = max(doubles, key=lambda t: t.high)
        first = h.view(0).history[0]
        assert first.action.tile is highest and highest in dealt.hand(first.seat)


@pytest.mark.parametrize("target", [20, 99])
def test_drw6_option_any_target(target: int) -> None:
    """DRW-6 option: any target."""
    m = Match("draw", seed=target, target=target)
    play_match(m, target)
    check_scores_add_up(m, target)


# ---------------------------------------------------------------- match mechanics


def test_a_new_hand_waits_for_the_current_one_and_a_seed_replays_the_match() -> None:
    """Matches: no new hand before the current one ends; COM-7: same seed, same match."""
    m = Match("block", seed=11)
    with pytest.raises(dw.IllegalPlayError, match="not over"):
        m.new_hand()
    play_match(m, 4)
    again = Match("block", seed=11)
    play_match(again, 4)
    assert again.scores == m.scores and [h.history for h in again.hands] == [h.history for h in m.hands]

"""Rule tests for All Fives, ``all_fives`` (docs/rules.md A5-1..A5-6, with COM-3/4/5 and DRW-2).

Each test names the rule ids it checks and is written as a scripted deal with a comment per
play: ``new_game("all_fives", hands=[...], boneyard=[...], leader=...)``. ``boneyard=[]``
means an empty boneyard (the unlisted tiles are out of play); a listed boneyard is drawn in
the order given.
"""

from __future__ import annotations

import random

import pytest

import domino_widgets as dw
from domino_widgets import End, GameState, Tile
from domino_widgets.core.errors import IllegalPlayError, ParameterError


def legal(s: GameState) -> set[str]:
    """The legal actions of the player to move, in notation."""
    return {str(a) for a in s.legal_actions()}


# ---------------------------------------------------------------- A5-1: deal, lead, drawing


def test_a5_1_seeded_deal_7_each_14_in_boneyard_highest_double_leads() -> None:
    """A5-1, DRW-1/2: 7 tiles each, 14 in the boneyard; the holder of the highest double leads it."""
    for seed in range(150):
        s = dw.new_game("all_fives", seed=seed)
        assert [len(h) for h in s.hands] == [7, 7]
        assert len(s.boneyard) == 14 and s.out_of_play == ()
        assert len({*s.hands[0], *s.hands[1], *s.boneyard}) == 28
        doubles = [t for h in s.hands for t in h if t.is_double]
        highest = max(doubles, key=lambda t: t.high)  # a deal always holds a double (DRW-2 redeals)
        assert s.current_player is not None and highest in s.hand(s.current_player)
        assert s.legal_actions() == [dw.Action.play(highest)]  # the lead is forced


def test_a5_1_seeded_deal_replays() -> None:
    """A5-1, COM-7: the same seed deals the same hand."""
    assert dw.new_game("all_fives", seed=11).hands == dw.new_game("all_fives", seed=11).hands
    assert dw.new_game("all_fives", seed=11).boneyard == dw.new_game("all_fives", seed=11).boneyard


def test_a5_1_scripted_deal_without_a_double_is_refused() -> None:
    """A5-1, DRW-2: with no double dealt the rules redeal, so a scripted deal without one is refused."""
    with pytest.raises(ParameterError):
        dw.new_game("all_fives", hands=[["1-2", "3-4"], ["0-5", "2-6"]], boneyard=[])


def test_a5_1_drawing_until_playable_then_play_at_once() -> None:
    """A5-1, COM-4/5: a player who cannot play draws one tile at a time until one fits, then plays it."""
    s = dw.new_game("all_fives", hands=[["6-6", "1-2"], ["0-1", "2-3"]],
                    boneyard=["0-4", "1-5", "3-6", "4-5"], leader=0)
    s = s.play("6-6")                          # seat 0 leads the 6-6 (12: no score)
    assert legal(s) == {"draw"}                # seat 1 holds no 6: draw, no pass
    with pytest.raises(IllegalPlayError):
        s.play("pass")                         # COM-4: no voluntary passing
    s = s.play("draw")                         # seat 1 draws 0-4: no 6
    assert s.current_player == 1 and legal(s) == {"draw"}
    s = s.play("draw")                         # seat 1 draws 1-5: no 6
    assert legal(s) == {"draw"}
    s = s.play("draw")                         # seat 1 draws 3-6: it fits, so he must play it now
    assert s.current_player == 1 and legal(s) == {"3-6 left", "3-6 right"}
    assert s.boneyard == (Tile(4, 5),)


def test_a5_1_pass_when_boneyard_empty() -> None:
    """A5-1, COM-5: with the boneyard empty a player who cannot play passes."""
    s = dw.new_game("all_fives", hands=[["6-6", "6-1", "1-3"], ["0-2", "2-2"]], boneyard=[], leader=0)
    s = s.play("6-6")                          # seat 0 leads the spinner
    assert legal(s) == {"pass"}                # seat 1 holds no 6 and cannot draw
    s = s.play("pass")
    assert s.current_player == 0 and not s.is_over


def test_a5_1_going_out_ends_the_hand_even_with_a_boneyard() -> None:
    """A5-1, DRW-4: laying the last tile ends the hand at once, whatever is left in the boneyard."""
    s = dw.new_game("all_fives", hands=[["6-6", "6-2"], ["6-1", "0-0", "3-4"]],
                    boneyard=["1-1", "2-2"], leader=0)
    s = s.play("6-6")                          # seat 0 leads
    s = s.play("6-1 left")                     # seat 1: 1 + spinner 12 = 13
    s = s.play("6-2 right")                    # seat 0 lays his last tile: 1 + 2 = 3
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == "out" and s.outcome.winner == 0
    assert len(s.boneyard) == 2


# ---------------------------------------------------------------- A5-2 / A5-3 / COM-3: the spinner


def test_a5_4_worked_example() -> None:
    """A5-4 (and A5-3): lead 5-5 scores 10; 5-0 on one side scores 10; 5-3 on the other scores nothing."""
    s = dw.new_game("all_fives", hands=[["5-5", "3-5", "4-6"], ["0-5", "1-4", "2-3"]],
                    boneyard=["1-2"], leader=0)
    s = s.play("5-5")                          # seat 0: the spinner alone counts 10 (not 20)
    assert s.scores == (10, 0)
    s = s.play("0-5 right")                    # seat 1: 0 + the spinner's 10 = 10
    assert s.scores == (10, 10)
    s = s.play("3-5 left")                     # seat 0: 0 + 3 = 3 (spinner closed, long sides empty)
    assert s.scores == (10, 10)


def test_a5_3_spinner_and_doubles_in_arms() -> None:
    """A5-3, A5-4, COM-3: every case of counting the open ends.

    The spinner alone counts its halves once; with one short side filled it still counts both;
    a double at the end of an arm counts both halves; once both short sides are filled the
    spinner counts nothing and an empty long side counts nothing; the long sides open only then.
    """
    s = dw.new_game("all_fives", hands=[["6-6", "4-4", "0-6", "1-2"], ["4-6", "2-6", "1-3"]],
                    boneyard=[], leader=0)
    s = s.play("6-6")                          # seat 0: the spinner alone: 12, no score
    assert s.scores == (0, 0)
    assert set(s.ends) == {End.LEFT, End.RIGHT}  # COM-3: the long sides are not open yet
    s = s.play("4-6 right")                    # seat 1: spinner 12 + 4 = 16, no score
    assert s.scores == (0, 0)
    assert set(s.ends) == {End.LEFT, End.RIGHT}  # one short side filled: still closed
    assert legal(s) == {"0-6 left", "4-4 right"}  # seat 0 may not use a long side
    with pytest.raises(IllegalPlayError):
        s.play("0-6 up")
    s = s.play("4-4 right")                    # seat 0: spinner 12 + the double's 8 = 20
    assert s.scores == (20, 0)
    with pytest.raises(IllegalPlayError):
        s.play("2-6 up")                       # seat 1: still only two ends
    s = s.play("2-6 left")                     # seat 1: 2 + 8 = 10 (spinner now counts nothing)
    assert s.scores == (20, 10)
    assert s.ends == {End.LEFT: 2, End.RIGHT: 4, End.UP: 6, End.DOWN: 6}  # COM-3: long sides open
    s = s.play("0-6 up")                       # seat 0: 2 + 8 + 0 = 10 (empty down side: nothing)
    assert s.scores == (30, 10)


def test_a5_4_lead_blank_double_scores_nothing() -> None:
    """A5-4: only a *positive* multiple of 5 scores: a 0-0 lead totals 0 and scores nothing."""
    s = dw.new_game("all_fives", hands=[["0-0", "1-2"], ["0-5", "1-3"]], boneyard=[], leader=0)
    s = s.play("0-0")                          # seat 0: total 0
    assert s.scores == (0, 0)
    s = s.play("0-5 right")                    # seat 1: 5 + the spinner's 0 = 5
    assert s.scores == (0, 5)


def test_a5_3_double_on_a_long_side_counts_both_halves() -> None:
    """A5-3: a double at the end of a long arm counts both halves; the empty long side counts nothing."""
    s = dw.new_game("all_fives", hands=[["5-5", "4-5", "3-3", "1-2"], ["0-5", "3-5", "1-1"]],
                    boneyard=[], leader=0)
    s = s.play("5-5")                          # seat 0: 10
    s = s.play("0-5 left")                     # seat 1: 0 + 10 = 10
    assert s.scores == (10, 10)
    s = s.play("4-5 right")                    # seat 0: 0 + 4 = 4 (spinner closed)
    s = s.play("3-5 up")                       # seat 1: 0 + 4 + 3 = 7
    assert s.scores == (10, 10)
    s = s.play("3-3 up")                       # seat 0: 0 + 4 + 6 (the double's two halves) = 10
    assert s.scores == (20, 10)


def test_a5_2_a_later_double_does_not_branch() -> None:
    """A5-2, COM-2: only the lead double is a spinner; a later double shows its number once,
    before or after the spinner's long sides open."""
    s = dw.new_game("all_fives", hands=[["6-6", "4-4", "1-4", "0-3", "2-2"], ["4-6", "2-6", "4-5", "0-0"]],
                    boneyard=[], leader=0)
    s = s.play("6-6")                          # seat 0: the spinner
    s = s.play("4-6 right")                    # seat 1
    s = s.play("4-4 right")                    # seat 0: a later double, crosswise
    assert s.ends == {End.LEFT: 6, End.RIGHT: 4}  # no side of the 4-4 opens
    assert legal(s) == {"2-6 left", "4-5 right"}  # seat 1's 4-5 goes only on the right end
    s = s.play("2-6 left")                     # seat 1: both short sides of the 6-6 filled
    assert s.ends == {End.LEFT: 2, End.RIGHT: 4, End.UP: 6, End.DOWN: 6}  # only the spinner branches
    assert legal(s) == {"1-4 right", "2-2 left"}
    s = s.play("2-2 left")                     # seat 0: another later double
    assert s.ends == {End.LEFT: 2, End.RIGHT: 4, End.UP: 6, End.DOWN: 6}  # still the spinner's four ends
    assert legal(s) == {"4-5 right"}           # seat 1


# ---------------------------------------------------------------- A5-5: end of hand


@pytest.mark.parametrize(
    ("loser_hand", "difference", "rounded"),
    [
        (["5-6"], 11, 10),               # remainder 1: down
        (["2-4", "1-5"], 12, 10),        # remainder 2: down
        (["5-6", "0-2"], 13, 15),        # remainder 3: up
        (["5-6", "1-2"], 14, 15),        # remainder 4: up
        (["5-6", "1-3"], 15, 15),        # a multiple of 5 stays
        (["5-6", "0-5"], 16, 15),        # remainder 1 above 15: down
        (["5-6", "3-4"], 18, 20),        # remainder 3 above 15: up
    ],
)
def test_a5_5_going_out_scores_the_rounded_count(loser_hand: list[str], difference: int, rounded: int) -> None:
    """A5-5: the difference of the counts, rounded to a multiple of 5 (1, 2 down; 3, 4 up), to the lower count."""
    s = dw.new_game("all_fives", hands=[["6-6"], loser_hand], boneyard=[], leader=0)
    s = s.play("6-6")                          # seat 0 lays his only tile (12: no play score) and is out
    assert s.outcome is not None and s.outcome.reason == "out"
    assert s.outcome.counts == (0, difference)
    assert s.outcome.winner == 0 and s.outcome.points == (rounded, 0)


@pytest.mark.parametrize(
    ("winner_hand", "rounded"),
    [
        (["0-1"], 10),                   # 9 - 1 = 8: remainder 3, up
        (["0-2"], 5),                    # 9 - 2 = 7: remainder 2, down
        (["1-3"], 5),                    # 9 - 4 = 5
        (["0-3"], 5),                    # 9 - 3 = 6: remainder 1, down
    ],
)
def test_a5_5_blocked_hand_rounded_difference_to_lower_count(winner_hand: list[str], rounded: int) -> None:
    """A5-5, COM-6: blocked, the lower count scores the rounded difference of the two counts."""
    s = dw.new_game("all_fives", hands=[["6-6", "4-5"], winner_hand], boneyard=[], leader=0)
    s = s.play("6-6")                          # seat 0 leads; nobody holds a 6 and the boneyard is empty
    assert s.is_over and s.outcome is not None and s.outcome.reason == "blocked"
    assert s.outcome.winner == 1                # the lower count wins, not the player who moved last
    assert s.outcome.points == (0, rounded)


def test_a5_5_blocked_equal_counts_score_nothing() -> None:
    """A5-5: equal counts: the difference is 0, nobody scores."""
    s = dw.new_game("all_fives", hands=[["6-6", "1-2"], ["0-3"]], boneyard=[], leader=0)
    s = s.play("6-6")                          # blocked at once: counts 3 and 3
    assert s.outcome is not None and s.outcome.winner is None and s.outcome.points == (0, 0)


def test_a5_5_end_points_add_to_play_points() -> None:
    """A5-4/5: the rounded count is added to the points scored during the hand."""
    s = dw.new_game("all_fives", hands=[["5-5", "5-0"], ["1-1", "3-4"]], boneyard=[], leader=0)
    s = s.play("5-5")                          # seat 0: 10
    s = s.play("pass")                         # seat 1 holds no 5, boneyard empty
    s = s.play("0-5 right")                    # seat 0: 0 + 10 = 10, and out; seat 1 holds 9 -> 10
    assert s.outcome is not None and s.outcome.points == (30, 0)


# ---------------------------------------------------------------- A5-6: target


def test_a5_6_default_target_is_150() -> None:
    """A5-6: the match is to 150 by default."""
    assert dw.new_game("all_fives", seed=1).params["target"] == 150
    assert dw.Match("all_fives", seed=1).target == 150


@pytest.mark.parametrize("target", [61, 100, 200, 250, 37])
def test_a5_6_target_options_and_win_mid_hand(target: int) -> None:
    """A5-6: options 61, 100, 200, 250 or any; reaching the target mid-hand wins at once."""
    hands = [["5-5", "1-2", "0-3"], ["0-5", "1-3", "0-6"]]
    s = dw.new_game("all_fives", hands=hands, boneyard=[], leader=0, scores=(0, target - 10), target=target)
    assert s.match_scores == (0, target - 10)
    s = s.play("5-5")                          # seat 0 scores 10, far from the target
    assert not s.is_over
    s = s.play("0-5 left")                     # seat 1 scores 10: target - 10 + 10 reaches the target
    assert s.is_over and s.outcome is not None
    assert s.outcome.reason == "target" and s.outcome.winner == 1
    assert s.outcome.counts == (6, 10)
    assert s.outcome.points == (10, 10)        # the hand stops: no end-of-hand count is scored
    assert s.legal_actions() == []


def test_a5_6_worked_target_150_from_140() -> None:
    """A5-6: at 140 of 150, the 5-5 lead (10) wins the match at once."""
    s = dw.new_game("all_fives", hands=[["5-5", "1-2"], ["0-5", "1-3"]], boneyard=[], leader=0,
                    scores=(140, 0))
    s = s.play("5-5")                          # seat 0: 140 + 10 = 150
    assert s.outcome is not None and s.outcome.reason == "target" and s.outcome.winner == 0
    assert s.outcome.points == (10, 0)         # only the play's 10, no count (seat 1 holds 9 more)
    with pytest.raises(IllegalPlayError):
        s.play("0-5 left")                     # the hand is over


def test_a5_6_just_below_target_goes_on() -> None:
    """A5-6: 139 + 10 = 149 < 150: the hand goes on."""
    s = dw.new_game("all_fives", hands=[["5-5", "1-2"], ["0-5", "1-3"]], boneyard=[], leader=0,
                    scores=(139, 0))
    s = s.play("5-5")                          # seat 0: 149
    assert not s.is_over and s.current_player == 1


@pytest.mark.parametrize("bad", [0, -5, "100", 1.5, True])
def test_a5_6_bad_target_is_refused(bad: object) -> None:
    """A5-6: the target is a whole number > 0; anything else is a ParameterError."""
    with pytest.raises(ParameterError):
        dw.new_game("all_fives", seed=1, target=bad)


def test_a5_6_match_is_won_mid_hand() -> None:
    """A5-6: in a match each hand starts from the match scores; the hand in which a player reaches
    the target stops at that play ("target") and the match is his."""
    rng = random.Random(3)
    m = dw.Match("all_fives", seed=5, target=61)
    running = (0, 0)
    while not m.is_over:
        m.play(rng.choice(m.hand.legal_actions()))
        if m.hand.is_over and not m.is_over:
            assert max(m.scores) < 61
            m.new_hand()
    for h in m.hands:                          # every hand knew the scores it started from
        assert h.match_scores == running and h.outcome is not None
        running = tuple(x + p for x, p in zip(running, h.outcome.points, strict=True))
    last = m.hand.outcome
    assert last is not None and last.reason == "target"
    assert last.winner is not None and m.winner == last.winner
    assert m.scores == running and m.scores[last.winner] >= 61

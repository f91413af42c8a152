"""Rule tests for the seed options of docs/rules.md: the other reading of each [R] rule.

A5-7 ``scoring="draw"`` (All Fives), MAT-4 ``matador_optional=True`` (Matador). Twenty-one's
T21-2 ``rounds=True`` is in ``test_twentyone_rounds.py`` and the solitaire's SOL-3
``may_stop=True`` in ``test_solitaire_may_stop.py``. Each test is a scripted deal with a comment
per play, and each would fail if its rule were broken (the default reading is checked beside it).
"""

from __future__ import annotations

import pytest

import domino_widgets as dw
from domino_widgets import GameState
from domino_widgets.core.errors import IllegalPlayError, ParameterError


def legal(s: GameState) -> set[str]:
    """The legal actions of the player to move, in notation."""
    return {str(a) for a in s.legal_actions()}


# ---------------------------------------------------------------- A5-7: scoring="draw"


@pytest.mark.parametrize(("loser_hand", "difference", "rounded"),
                         [(["0-1"], 1, 0), (["1-2"], 3, 5), (["3-4"], 7, 5), (["4-4"], 8, 10)])
def test_a5_7_going_out_scores_the_plain_difference(loser_hand: list[str], difference: int, rounded: int) -> None:
    """A5-7 (DRW-5): with scoring="draw" the winner scores the plain difference; A5-5 rounds it."""
    for scoring, expected in (("draw", difference), ("fives", rounded)):
        s = dw.new_game("all_fives", hands=[["6-6"], loser_hand], boneyard=[], leader=0, scoring=scoring)
        s = s.play("6-6")                      # seat 0 lays his only tile (12: no play score) and is out
        assert s.outcome is not None and s.outcome.reason == "out"
        assert s.outcome.points == (expected, 0), scoring


def test_a5_7_blocked_hand_plain_difference_to_lower_count() -> None:
    """A5-7 (DRW-5, COM-6): blocked, the lower count scores the plain difference (9 - 1 = 8, not 10)."""
    s = dw.new_game("all_fives", hands=[["6-6", "4-5"], ["0-1"]], boneyard=[], leader=0, scoring="draw")
    s = s.play("6-6")                          # nobody holds a 6 and the boneyard is empty: blocked
    assert s.outcome is not None and s.outcome.reason == "blocked"
    assert s.outcome.winner == 1 and s.outcome.points == (0, 8)


def test_a5_7_blocked_tie_scores_nothing() -> None:
    """A5-7 (DRW-5): equal counts, nothing is scored."""
    s = dw.new_game("all_fives", hands=[["6-6", "1-2"], ["0-3"]], boneyard=[], leader=0, scoring="draw")
    s = s.play("6-6")                          # blocked at once: counts 3 and 3
    assert s.outcome is not None and s.outcome.winner is None and s.outcome.points == (0, 0)


def test_a5_7_play_points_as_usual() -> None:
    """A5-7 keeps A5-3/A5-4: the 5-5 lead scores 10, 0-5 scores 10, then the plain count (9) on top."""
    s = dw.new_game("all_fives", hands=[["5-5", "5-0"], ["1-1", "3-4"]], boneyard=[], leader=0, scoring="draw")
    s = s.play("5-5")                          # seat 0: 10
    assert s.scores == (10, 0)
    s = s.play("pass")                         # seat 1 holds no 5
    s = s.play("0-5 right")                    # seat 0: 0 + 10 = 10, and out; seat 1 holds 9
    assert s.outcome is not None and s.outcome.points == (29, 0)   # "fives" would give 30


def test_a5_7_match_to_50_and_target_still_a_choice() -> None:
    """A5-7 (DRW-6): scoring="draw" makes the match 50 unless a target is given; A5-6 keeps 150."""
    assert dw.new_game("all_fives", seed=1, scoring="draw").params["target"] == 50
    assert dw.Match("all_fives", seed=1, scoring="draw").target == 50
    assert dw.new_game("all_fives", seed=1, scoring="draw", target=80).params["target"] == 80
    assert dw.new_game("all_fives", seed=1).params["target"] == 150
    s = dw.new_game("all_fives", hands=[["5-5", "1-2"], ["0-5", "1-3"]], boneyard=[], leader=0,
                    scores=(40, 0), scoring="draw")
    s = s.play("5-5")                          # seat 0: 40 + 10 reaches 50 mid-hand (A5-6)
    assert s.outcome is not None and s.outcome.reason == "target" and s.outcome.winner == 0


def test_a5_7_record_replays_and_bad_value_refused() -> None:
    """A5-7: the option travels in the record; an unknown scoring is refused by name."""
    s = dw.new_game("all_fives", seed=3, scoring="draw")
    while not s.is_over:
        s = s.play(s.legal_actions()[0])
    again = dw.load_record(s.to_json())
    assert again == s and again.params["scoring"] == "draw" and again.outcome == s.outcome
    with pytest.raises(ParameterError, match="scoring"):
        dw.new_game("all_fives", scoring="muggins")


# ---------------------------------------------------------------- MAT-4: matador_optional=True


def test_mat_4_option_holding_a_matador_may_draw_instead() -> None:
    """MAT-4 seed option (COM-5): with a matador but no ordinary play, the player may draw."""
    hands = [["5-6", "0-1"], ["5-5", "3-4"]]
    s = dw.new_game("matador", hands=hands, boneyard=["0-3", "2-4"], leader=0, matador_optional=True)
    s = s.play("5-6")                          # seat 0: ends 5 and 6 (they take a 2 or a 1)
    assert legal(s) == {"3-4 left 3", "3-4 left 4", "3-4 right 3", "3-4 right 4", "draw"}
    s = s.play("draw")                         # seat 1 draws the 0-3: still no ordinary play
    assert legal(s) == {"3-4 left 3", "3-4 left 4", "3-4 right 3", "3-4 right 4", "draw"}
    s = s.play("draw")                         # seat 1 draws the 2-4: the 2 fits the 5
    assert legal(s) == {"2-4 left"}            # an ordinary play: no more drawing (COM-4)
    default = dw.new_game("matador", hands=hands, boneyard=["0-3", "2-4"], leader=0).play("5-6")
    assert "draw" not in legal(default)        # MAT-4 default: he must lay the matador


def test_mat_4_option_no_draw_with_an_ordinary_play() -> None:
    """MAT-4 seed option: a player with an ordinary play must play (COM-4), matador or not."""
    s = dw.new_game("matador", hands=[["5-6", "0-1"], ["2-2", "3-4"]], boneyard=["0-3"], leader=0,
                    matador_optional=True)
    s = s.play("5-6")                          # seat 1's 2-2 fits the 5 (2 + 5 = 7)
    assert legal(s) == {"2-2 left"}


def test_mat_4_option_empty_boneyard_lays_the_matador() -> None:
    """MAT-4 seed option: with the boneyard empty there is nothing to draw, so the matador is laid."""
    s = dw.new_game("matador", hands=[["5-6", "2-3"], ["5-5", "0-0"]], boneyard=[], leader=0,
                    matador_optional=True)
    s = s.play("5-6")
    assert legal(s) == {"0-0 left", "0-0 right"}
    with pytest.raises(IllegalPlayError):
        s.play("draw")


def test_mat_4_option_a_draw_does_not_prove_the_drawer_held_no_matador() -> None:
    """MAT-4 seed option: the evidence of a draw (COM-5) leaves out the matadors, which the drawer
    may hold; by default a draw proves he held none."""
    from domino_widgets.players.sampling import known_voids
    from domino_widgets.prob.constraints import gather

    for optional in (True, False):
        s = dw.new_game("matador", hands=[["5-6", "0-1", "1-2"], ["5-5", "3-3", "4-4"]],
                        boneyard=["0-3", "0-4", "2-4"], leader=0, matador_optional=optional)
        s = s.play("5-6").play("draw")         # ends 5 and 6; seat 1 draws the 0-3, then the 0-4
        (void,) = [v for v in known_voids(s.play("draw").view(0)) if v.move >= 1]
        assert bool(void.tiles & 1 << dw.Tile(3, 4).index) is not optional
        (opp,) = gather(s.view(0)).opponents
        assert bool(opp.checks[0][1] & 1 << dw.Tile(3, 4).index) is not optional


def test_mat_4_option_record_replays() -> None:
    """MAT-4 seed option: the option travels in the record and replays."""
    s = dw.new_game("matador", seed=4, matador_optional=True)
    while not s.is_over:
        s = s.play(s.legal_actions()[-1])      # draws whenever drawing is allowed
    again = dw.load_record(s.to_json())
    assert again == s and again.params["matador_optional"] is True

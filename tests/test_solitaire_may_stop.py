"""The solitaire's seed option SOL-3 ``may_stop=True``: the player may end a round early, with
at least one tile laid in it (the "stop" action); then the refill comes at once."""

from __future__ import annotations

from fractions import Fraction

import pytest

import domino_widgets as dw
from domino_widgets.core.errors import IllegalPlayError
from domino_widgets.prob.solitaire import deal_win_probability, win_probability

HAND = [["3-5", "5-6", "0-0", "1-2", "2-2"]]
STOCK = ["6-6", "0-1", "4-4", "1-1"]


def test_sol_3_stop_only_with_the_option_and_a_tile_laid() -> None:
    """SOL-3: by default a round goes on while a tile fits; with may_stop, "stop" is legal once a
    tile was laid in the round (the base counts in round 1), never before the base."""
    s = dw.new_game("solitaire", hands=HAND, boneyard=STOCK, may_stop=True)
    assert "stop" not in [str(a) for a in s.legal_actions()]   # no base yet
    with pytest.raises(IllegalPlayError):
        s.play("stop")
    s = s.play("base 3-5")                     # round 1: the base counts as laid
    assert [str(a) for a in s.legal_actions()] == ["5-6 right", "stop"]
    plain = dw.new_game("solitaire", hands=HAND, boneyard=STOCK).play("base 3-5")
    assert "stop" not in [str(a) for a in plain.legal_actions()]
    with pytest.raises(IllegalPlayError, match="may_stop"):
        plain.play("stop")


def test_sol_3_stop_refills_as_many_as_were_laid() -> None:
    """SOL-3: stopping ends the round: draw as many tiles as were laid in it (here 1, the base)."""
    s = dw.new_game("solitaire", hands=HAND, boneyard=STOCK, may_stop=True).play("base 3-5")
    layout = s.layout
    s = s.play("stop")                         # the 5-6 stays in the hand; one tile drawn: 6-6
    assert s.layout == layout                  # a stop lays nothing
    assert s.round == 2 and s.refills[-1] == (1, (dw.Tile(6, 6),))
    assert dw.Tile(5, 6) in s.hand and s.laid_this_round == 0
    assert "stop" not in [str(a) for a in s.legal_actions()]   # round 2 has laid nothing yet
    with pytest.raises(IllegalPlayError, match="at least one tile"):
        s.play("stop")


def test_sol_3_a_stop_never_loses_at_once() -> None:
    """SOL-3/SOL-4: stop is legal only while a tile fits, and that tile still fits after the refill."""
    s = dw.new_game("solitaire", hands=[["0-1", "1-2"]], boneyard=["3-3"], may_stop=True)
    s = s.play("base 0-1").play("stop")        # the 1-2 fits, but the player stops; 3-3 drawn
    assert not s.is_over and [str(a) for a in s.legal_actions()] == ["1-2 right"]
    s = s.play("1-2 right")                    # nothing fits 0 or 2: refill from an empty stock
    assert s.is_over and s.outcome is not None and s.outcome.reason == "stuck"


def test_sol_3_stop_travels_in_the_record() -> None:
    s = dw.new_game("solitaire", seed=2, may_stop=True)
    s = s.play(s.legal_actions()[0])
    s = s.play("stop")
    again = dw.load_record(s.to_json())
    assert again == s and again.params["may_stop"] is True and str(again.history[-1]) == "stop"


def test_sol_3_stopping_early_helps_exactly_on_the_double_two_set() -> None:
    """SOL-3 measured: with the best play, may_stop wins more deals of the double-two set
    (29/30 against 19/30 with three tiles face up), and a position where it decides the game."""
    assert deal_win_probability(2, 3) == Fraction(19, 30)
    assert deal_win_probability(2, 3, may_stop=True) == Fraction(29, 30)
    assert deal_win_probability(2, 2, may_stop=True) > deal_win_probability(2, 2)
    assert all(deal_win_probability(2, h, may_stop=True) >= deal_win_probability(2, h) for h in range(1, 6))

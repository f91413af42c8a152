"""The Czech draw game, ``draw_cz`` (DCZ-1..6 of docs/rules.md), checked against the rules core.

Scripted deals list both hands and the boneyard in draw order (first drawn first). Match
rules (DCZ-1 alternating leads, DCZ-6 first to N hands won) are in ``test_match.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

import domino_widgets as dw
from domino_widgets import Action, GameState, Tile, tile_set

SEEDS = range(40)


def ends(s: GameState) -> dict[str, int]:
    return {str(e): v for e, v in s.ends.items()}


def names(actions: Any) -> list[str]:
    return [str(a) for a in actions]


# ---------------------------------------------------------------- DCZ-1 deal and lead


def test_dcz1_seven_each_and_a_boneyard_of_fourteen() -> None:
    """DCZ-1: two players, 7 tiles each, the other 14 in the boneyard; nothing out of play."""
    for seed in SEEDS:
        s = dw.new_game("draw_cz", seed=seed)
        assert s.players == 2 and [len(h) for h in s.hands] == [7, 7]
        assert len(s.boneyard) == 14 and s.out_of_play == ()
        assert sorted([*s.hands[0], *s.hands[1], *s.boneyard]) == list(tile_set(6))
        assert s.view(0).boneyard_size == 14 and not set(s.boneyard) & set(s.view(0).hand)
    with pytest.raises(dw.ParameterError, match="players"):
        dw.new_game("draw_cz", seed=1, players=4)


def test_dcz1_leader_by_lot_and_any_tile_leads() -> None:
    """DCZ-1: the leader is drawn by lot (seeded) and may lead any tile of his hand."""
    leaders = set()
    for seed in SEEDS:
        s = dw.new_game("draw_cz", seed=seed)
        leader = s.current_player
        assert leader is not None
        leaders.add(leader)
        assert [a.tile for a in s.legal_actions()] == list(s.hand(leader))
    assert leaders == {0, 1}


# ---------------------------------------------------------------- DCZ-2 play and drawing


def test_dcz2_play_as_block_game_with_drawing() -> None:
    """DCZ-2: turns alternate; who cannot play draws until he can (COM-5) and plays at once."""
    s = dw.new_game("draw_cz", hands=[["1-2", "0-0"], ["2-4", "5-5"]], boneyard=["3-3", "0-4", "6-6"],
                    leader=0)
    s = s.play("1-2")  # ends 1 | 2
    s = s.play("2-4 right")  # seat 1: ends 1 | 4
    # seat 0 holds 0-0: no 1 nor 4: he draws (no pass while the boneyard has tiles)
    assert s.legal_actions() == [Action.draw()]
    s = s.play("draw")  # 3-3: no fit, draw again
    assert s.current_player == 0 and s.legal_actions() == [Action.draw()]
    s = s.play("draw")  # 0-4 fits the right 4: he must play it now
    assert names(s.legal_actions()) == ["0-4 right"]
    s = s.play("0-4 right")  # ends 1 | 0
    assert s.current_player == 1 and s.boneyard == (Tile(6, 6),)


# ---------------------------------------------------------------- DCZ-3 an empty hand draws


def test_dcz3_an_empty_hand_is_not_out_while_the_boneyard_has_tiles() -> None:
    """DCZ-3: laying the last tile with tiles in the boneyard does not end the hand."""
    s = dw.new_game("draw_cz", hands=[["6-6", "6-1"], ["6-5", "5-2", "2-3"]],
                    boneyard=["1-4", "0-0", "3-3"], leader=0)
    s = s.play("6-6")  # ends 6 | 6
    s = s.play("5-6 left")  # seat 1: ends 5 | 6
    s = s.play("1-6 right")  # seat 0 lays his last tile, but the boneyard holds 3 tiles
    assert not s.is_over and s.outcome is None and s.hand(0) == ()
    assert s.current_player == 1
    s = s.play("2-5 left")  # seat 1 plays on: ends 2 | 1
    # seat 0's turn with an empty hand: he draws like anyone who cannot play
    assert s.current_player == 0 and s.legal_actions() == [Action.draw()]
    with pytest.raises(dw.IllegalPlayError):
        s.play("pass")
    s = s.play("draw")  # 1-4 fits the right 1: played at once
    assert s.hand(0) == (Tile(1, 4),) and names(s.legal_actions()) == ["1-4 right"]
    s = s.play("1-4 right")  # empty again, and the boneyard still holds 0-0 and 3-3
    assert not s.is_over and s.current_player == 1


def test_dcz3_an_empty_hand_that_draws_the_last_tile_plays_on() -> None:
    """DCZ-3/5: an empty hand draws; if the last tile does not fit, he passes and play goes on."""
    s = dw.new_game("draw_cz", hands=[["6-6", "6-1"], ["6-5", "5-2", "1-3"]], boneyard=["0-0"], leader=0)
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("1-6 right")  # seat 0 is empty; the boneyard holds 0-0
    s = s.play("2-5 left")  # ends 2 | 1
    s = s.play("draw")  # seat 0 draws 0-0, the last tile: he is no longer empty
    assert not s.is_over and s.boneyard == () and s.hand(0) == (Tile(0, 0),)
    assert s.legal_actions() == [Action.pass_()]  # 0-0 fits nothing and nothing is left to draw
    s = s.play("pass")
    s = s.play("1-3 right")  # seat 1 lays his last tile with the boneyard empty: he wins
    o = s.outcome
    assert o is not None and (o.reason, o.winner) == ("out", 1)


def test_dcz3_an_empty_hand_that_draws_a_fitting_last_tile_wins_by_playing_it() -> None:
    """DCZ-3/4: the empty hand draws the last tile, it fits, he lays it: now he is out."""
    s = dw.new_game("draw_cz", hands=[["6-6", "6-1"], ["6-5", "5-2", "0-0"]], boneyard=["1-3"], leader=0)
    s = s.play("6-6").play("5-6 left").play("1-6 right")  # seat 0 empty; ends 5 | 1
    s = s.play("2-5 left")  # ends 2 | 1
    s = s.play("draw")  # seat 0 draws 1-3, the last tile: no hand is empty now, play on
    assert not s.is_over and names(s.legal_actions()) == ["1-3 right"]
    s = s.play("1-3 right")  # his last tile with the boneyard empty: he wins at once
    o = s.outcome
    assert o is not None and (o.reason, o.winner, o.points) == ("out", 0, (1, 0))


# ---------------------------------------------------------------- DCZ-4 the hand ends


def test_dcz4_the_opponent_draws_the_last_tile_and_the_empty_hand_wins() -> None:
    """DCZ-4: the moment the boneyard is empty and a hand is empty, that hand wins, even
    when it is the opponent who drew the last tile (and even if that tile would fit)."""
    s = dw.new_game("draw_cz", hands=[["6-6", "6-1"], ["6-5", "2-3"]], boneyard=["4-4", "3-5"], leader=0)
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("1-6 right")  # seat 0 is empty; two tiles in the boneyard: not over (DCZ-3)
    assert not s.is_over
    s = s.play("draw")  # seat 1 (2-3; ends 5 | 1) draws 4-4: no fit, one tile left
    assert not s.is_over and s.current_player == 1
    s = s.play("draw")  # he draws 3-5, which would fit, but the boneyard is now empty
    o = s.outcome
    assert s.is_over and o is not None
    assert (o.reason, o.winner, o.finished) == ("out", 0, (0,))
    assert o.points == (1, 0)  # DCZ-6: a hand won counts one
    assert s.legal_actions() == []


def test_dcz4_laying_the_last_tile_with_the_boneyard_empty_wins_at_once() -> None:
    """DCZ-4: with the boneyard already empty, the last tile laid ends the hand."""
    s = dw.new_game("draw_cz", hands=[["6-6", "1-2", "6-1"], ["6-5", "4-4", "0-3"]], boneyard=["3-3"],
                    leader=0)
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("1-6 right")  # ends 5 | 1
    s = s.play("draw")  # seat 1 (4-4, 0-3) draws 3-3, the last tile; nobody is empty
    assert not s.is_over and s.legal_actions() == [Action.pass_()]
    s = s.play("pass")
    s = s.play("1-2 right")  # seat 0 lays his last tile; the boneyard is empty: he wins
    o = s.outcome
    assert o is not None and (o.reason, o.winner, o.points) == ("out", 0, (1, 0))


# ---------------------------------------------------------------- DCZ-5 boneyard empty


def test_dcz5_boneyard_empty_then_block_game_lower_count_wins() -> None:
    """DCZ-5: with the boneyard empty, who cannot play passes; blocked: the lower count wins."""
    s = dw.new_game("draw_cz", hands=[["6-6", "6-4", "0-0"], ["6-5", "1-1", "2-3"]], boneyard=["3-4"],
                    leader=0)
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("4-6 right")  # seat 0: ends 5 | 4
    s = s.play("draw")  # seat 1 (1-1, 2-3) draws 3-4, the last tile: it fits the 4
    assert names(s.legal_actions()) == ["3-4 right"]
    s = s.play("3-4 right")  # ends 5 | 3
    # seat 0 holds 0-0: no fit, nothing to draw: he passes (as in the block game)
    assert s.legal_actions() == [Action.pass_()]
    s = s.play("pass")
    s = s.play("2-3 right")  # ends 5 | 2: seat 0 holds 0-0 (0), seat 1 holds 1-1 (2): blocked
    o = s.outcome
    assert o is not None and o.reason == "blocked"
    assert o.counts == (0, 2) and o.winner == 0 and o.points == (1, 0)


def test_dcz5_blocked_with_equal_counts_is_a_drawn_hand() -> None:
    """DCZ-5: blocked with equal counts: nobody wins the hand (no hand won, for either seat)."""
    s = dw.new_game("draw_cz", hands=[["6-6", "1-3"], ["6-5", "0-4"]], boneyard=["0-0"], leader=0)
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    assert not s.is_over  # nobody fits, but seat 0 can still draw
    s = s.play("draw")  # seat 0 draws 0-0, the last tile: no fit anywhere: blocked
    o = s.outcome
    assert o is not None and o.reason == "blocked"
    assert o.counts == (4, 4) and o.winner is None and o.points == (0, 0)


# ---------------------------------------------------------------- DCZ-6 option standard=True


def test_dcz6_standard_option_the_last_tile_ends_the_hand_at_once() -> None:
    """DCZ-6 option ``standard=True``: laying the last tile wins although the boneyard has tiles."""
    deal: dict[str, Any] = dict(hands=[["6-6", "6-1"], ["6-5", "2-3"]], boneyard=["4-4", "3-5"], leader=0)
    s = dw.new_game("draw_cz", **deal, standard=True)
    s = s.play("6-6").play("5-6 left")
    s = s.play("1-6 right")  # seat 0 lays his last tile; two tiles still in the boneyard
    o = s.outcome
    assert s.is_over and o is not None and (o.reason, o.winner, o.points) == ("out", 0, (1, 0))
    assert len(s.boneyard) == 2
    # the default rule (DCZ-3) plays on from the very same position
    d = dw.new_game("draw_cz", **deal).play("6-6").play("5-6 left").play("1-6 right")
    assert not d.is_over

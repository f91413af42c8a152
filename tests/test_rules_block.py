"""The block game, ``block`` (BLK-1..5 of docs/rules.md), checked against the rules core.

Scripted deals list both hands (``leader`` names the seat that leads); every tile not listed
is out of play (BLK-1). Match rules (BLK-2 alternating leads, BLK-6 target) are in
``test_match.py``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

import domino_widgets as dw
from domino_widgets import Action, GameState, Tile, tile_set

SEEDS = range(40)


def ends(s: GameState) -> dict[str, int]:
    return {str(e): v for e, v in s.ends.items()}


def names(actions: Any) -> list[str]:
    return [str(a) for a in actions]


def tiles_in(obj: Any) -> Iterator[Tile]:
    """Every `Tile` reachable from the fields of a (nested) dataclass, tuple or dict."""
    if isinstance(obj, Tile):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from tiles_in(getattr(obj, f.name))
    elif isinstance(obj, (tuple, list)):
        for x in obj:
            yield from tiles_in(x)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from tiles_in(k)
            yield from tiles_in(v)


# ---------------------------------------------------------------- BLK-1 the deal


def test_blk1_two_hands_of_seven_and_fourteen_out_of_play() -> None:
    """BLK-1: two players take 7 tiles each; the other 14 stay out of play; no boneyard."""
    for seed in SEEDS:
        s = dw.new_game("block", seed=seed)
        assert s.players == 2 and [len(h) for h in s.hands] == [7, 7]
        assert s.boneyard == () and len(s.out_of_play) == 14
        everything = [*s.hands[0], *s.hands[1], *s.out_of_play]
        assert sorted(everything) == list(tile_set(6))  # each tile exactly once


def test_blk1_two_players_only() -> None:
    """BLK-1: the block game is for two players."""
    with pytest.raises(dw.ParameterError, match="players"):
        dw.new_game("block", seed=1, players=3)


def test_blk1_out_of_play_tiles_are_never_seen() -> None:
    """BLK-1: no seat's view names an out-of-play tile, during the hand or after it."""
    rng = random.Random(0)
    for seed in SEEDS:
        s = dw.new_game("block", seed=seed)
        out = set(s.out_of_play)
        for seat in (0, 1):
            v = s.view(seat)
            assert v.out_of_play_size == 14 and v.boneyard_size == 0 and v.hand_sizes == (7, 7)
            assert not out & set(tiles_in(v)) and not set(s.hand(1 - seat)) & set(tiles_in(v))
            assert out <= set(v.unseen)  # they count among the tiles this seat has not seen
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
        for seat in (0, 1):
            v = s.view(seat)
            assert v.revealed == s.hands  # at the end the hands are shown (BLK-5) ...
            assert not out & set(tiles_in(v))  # ... but never the tiles out of play


def test_blk1_there_is_nothing_to_draw() -> None:
    """BLK-1/BLK-3: no boneyard: a player who cannot play passes, he never draws."""
    s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4"]], leader=0)
    with pytest.raises(dw.IllegalPlayError, match="no boneyard"):
        s.play("draw")
    with pytest.raises(dw.ParameterError, match="no boneyard"):
        dw.new_game("block", hands=[["6-6"], ["6-5"]], boneyard=["0-0"])


# ---------------------------------------------------------------- BLK-2 the lead


def test_blk2_the_leader_is_chosen_by_a_seeded_lot() -> None:
    """BLK-2: the first leader is drawn by lot from the seed: both seats lead some deals."""
    leaders = [dw.new_game("block", seed=seed).current_player for seed in SEEDS]
    assert set(leaders) == {0, 1}
    assert leaders == [dw.new_game("block", seed=seed).current_player for seed in SEEDS]


def test_blk2_any_tile_may_lead() -> None:
    """BLK-2: the lead may be any tile of the leader's hand (a double is not required)."""
    for seed in SEEDS:
        s = dw.new_game("block", seed=seed)
        leader = s.current_player
        assert leader is not None
        assert [a.tile for a in s.legal_actions()] == list(s.hand(leader))
    s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4"]], leader=0)
    s = s.play("1-2")  # not the double: any tile leads
    assert ends(s) == {"left": 1, "right": 2}


# ---------------------------------------------------------------- BLK-3 turns and passing


def test_blk3_play_alternates_and_a_blocked_player_passes() -> None:
    """BLK-3: turns alternate; who cannot play passes ("DÁL") and the other plays on."""
    s = dw.new_game("block", hands=[["6-6", "4-1", "0-0"], ["6-5", "5-4", "3-3"]], leader=0)
    s = s.play("6-6")  # seat 0 leads
    assert s.current_player == 1
    s = s.play("5-6 left")  # seat 1: ends 5 | 6
    # seat 0 holds 4-1 and 0-0: neither fits: he passes (the only action)
    assert s.current_player == 0 and s.legal_actions() == [Action.pass_()]
    s = s.play("pass")
    assert s.current_player == 1 and names(s.legal_actions()) == ["4-5 left"]
    s = s.play("4-5 left")  # ends 4 | 6
    assert s.current_player == 0 and names(s.legal_actions()) == ["1-4 left"]
    with pytest.raises(dw.IllegalPlayError, match="COM-4"):
        s.play("pass")  # COM-4: no pass with a play in hand


# ---------------------------------------------------------------- BLK-4 going out


def test_blk4_laying_the_last_tile_ends_the_hand_and_scores_the_opponents_count() -> None:
    """BLK-4: "DOMINO": the last tile ends the hand; the winner scores the opponent's pips."""
    s = dw.new_game("block", hands=[["6-6", "6-1"], ["6-5", "2-3", "4-4"]], leader=0)
    s = s.play("6-6")
    s = s.play("5-6 left")  # ends 5 | 6
    s = s.play("1-6 right")  # seat 0 lays his last tile
    o = s.outcome
    assert s.is_over and o is not None
    assert (o.reason, o.winner, o.finished) == ("out", 0, (0,))
    assert o.counts == (0, 2 + 3 + 4 + 4) and o.points == (13, 0)  # 2-3 and 4-4 count 13


@pytest.mark.parametrize("blocked_scoring", ["count", "difference"])
def test_blk4_going_out_scores_the_whole_count_under_either_option(blocked_scoring: str) -> None:
    """BLK-4 (vs BLK-5 option): the "difference" option is about blocked hands only."""
    s = dw.new_game("block", hands=[["3-4"], ["4-6", "0-5"]], leader=1, blocked_scoring=blocked_scoring)
    s = s.play("4-6")  # seat 1 leads: ends 4 | 6
    s = s.play("3-4 left")  # seat 0 lays his only tile
    assert s.outcome is not None and s.outcome.points == (5, 0)  # seat 1 still holds 0-5


# ---------------------------------------------------------------- BLK-5 blocked hands


def blocked_hand(**params: Any) -> GameState:
    """Seat 0 keeps 0-1 and 0-0 (count 1), seat 1 keeps 2-3 (count 5); 5 | 6 blocks both."""
    s = dw.new_game("block", hands=[["6-6", "0-1", "0-0"], ["6-5", "2-3"]], leader=0, **params)
    s = s.play("6-6")
    return s.play("5-6 left")  # ends 5 | 6: nobody holds a 5 or a 6: blocked (COM-6)


def test_blk5_blocked_lower_count_wins_the_opponents_whole_count() -> None:
    """BLK-5: both reveal; the lower count wins and scores the opponent's whole count."""
    s = blocked_hand()
    o = s.outcome
    assert o is not None and o.reason == "blocked"
    assert o.counts == (1, 5) and o.winner == 0 and o.points == (5, 0)
    for seat in (0, 1):  # both hands are revealed to both seats
        assert s.view(seat).revealed == ((Tile(0, 0), Tile(0, 1)), (Tile(2, 3),))


def test_blk5_option_the_winner_scores_the_difference() -> None:
    """BLK-5 option ``blocked_scoring="difference"``: the winner scores 5 - 1 = 4."""
    o = blocked_hand(blocked_scoring="difference").outcome
    assert o is not None and o.winner == 0 and o.points == (4, 0)


def test_blk5_equal_counts_nobody_scores() -> None:
    """BLK-5: a blocked hand with equal counts has no winner and no points."""
    s = dw.new_game("block", hands=[["6-6", "1-4"], ["6-5", "2-3"]], leader=0)
    s = s.play("6-6")
    s = s.play("5-6 left")  # ends 5 | 6; 1-4 and 2-3 both count 5 and fit nothing
    o = s.outcome
    assert o is not None and o.reason == "blocked"
    assert o.counts == (5, 5) and o.winner is None and o.points == (0, 0)


def test_blk5_the_lower_count_wins_whoever_made_the_blocking_play() -> None:
    """BLK-5: the win goes by count, not to the player who laid the last tile."""
    s = dw.new_game("block", hands=[["6-6", "6-4", "3-3"], ["6-5", "0-1"]], leader=0)
    s = s.play("6-6")
    s = s.play("5-6 left")  # ends 5 | 6
    s = s.play("4-6 right")  # seat 0 blocks the game: ends 5 | 4; 3-3 and 0-1 fit nothing
    o = s.outcome
    assert o is not None and o.reason == "blocked"
    assert o.counts == (6, 1) and o.winner == 1 and o.points == (0, 6)

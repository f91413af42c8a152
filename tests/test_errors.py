"""Errors (DESIGN principle 6): every bad input raises a `ValueError` subclass from
`domino_widgets.core.errors`, an illegal action names the action and the position, and nothing
changes: the state it was tried on is exactly as before.
"""

from __future__ import annotations

from typing import Any

import pytest

import domino_widgets as dw
from domino_widgets import (
    Action,
    AmbiguousPlayError,
    DominoError,
    GameOverError,
    GameState,
    IllegalPlayError,
    NotationError,
    ParameterError,
    RecordError,
)

ERRORS = (NotationError, IllegalPlayError, AmbiguousPlayError, GameOverError, ParameterError, RecordError)


@pytest.mark.parametrize("cls", ERRORS, ids=lambda c: c.__name__)
def test_every_error_is_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, DominoError) and issubclass(cls, ValueError)
    with pytest.raises(ValueError):
        raise cls("x")


def test_ambiguous_and_game_over_are_illegal_plays() -> None:
    # `except IllegalPlayError` catches every action the rules refuse.
    assert issubclass(AmbiguousPlayError, IllegalPlayError) and issubclass(GameOverError, IllegalPlayError)


def snapshot(s: GameState) -> tuple[Any, ...]:
    """Everything a caller can see of a state."""
    return (s.to_json(), s.hands, s.boneyard, s.out_of_play, s.history, s.legal_actions(), s.current_player,
            s.scores, s.ends, str(s.layout), s.is_over, s.outcome, repr(s), [s.view(q) for q in range(s.players)])


def rejected(s: GameState, action: str, cls: type[DominoError], why: str) -> str:
    """Play ``action`` on ``s``: it must raise exactly ``cls`` with a message naming the action,
    the position and ``why``, and leave ``s`` unchanged. Returns the message."""
    before = snapshot(s)
    with pytest.raises(cls) as info:
        s.play(action)
    assert type(info.value) is cls, f"{action!r} raised {type(info.value).__name__}, not {cls.__name__}"
    msg = str(info.value)
    assert str(Action.parse(action)) in msg, f"the message does not name {action!r}: {msg}"
    if cls is GameOverError:
        assert str(s.outcome) in msg, f"the message does not say how the hand ended: {msg}"
    else:
        assert s.describe() in msg, f"the message does not name the position: {msg}"
    assert why in msg
    assert not s.is_legal(action)
    assert snapshot(s) == before
    return msg


# ---------------------------------------------------------------- scripted positions


def block_position() -> GameState:
    s = dw.new_game("block", hands=[["6-6", "1-2", "3-4", "5-3"], ["6-5", "0-0", "2-2", "6-1"]], leader=0)
    s = s.play("6-6")  # BLK-2: seat 0 leads the double six; both ends show 6
    return s.play("6-5 left")  # seat 1: ends are now 5 (left) and 6 (right); seat 0 to play


def draw_position() -> GameState:
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "0-0"]], boneyard=["3-3", "5-4", "2-2"])
    s = s.play("6-6")  # DRW-2: the highest double leads
    return s.play("6-5 left")  # ends 5 and 6; seat 0 holds only 1-2 and must draw (COM-5)


def test_tile_not_held() -> None:
    s = block_position()
    rejected(s, "6-1 right", IllegalPlayError, "does not hold 1-6")  # 6-1 is seat 1's tile


def test_tile_not_in_the_set() -> None:
    s = block_position()
    rejected(s, "7-7 left", IllegalPlayError, "not a tile of the double-6 set")
    rejected(dw.new_game("block", seed=1), "7-7", IllegalPlayError, "not a tile of the double-6 set")


def test_tile_that_does_not_fit_the_named_end() -> None:
    s = block_position()
    rejected(s, "5-3 right", IllegalPlayError, "does not fit the right end, which shows 6")  # 3-5 goes left
    rejected(s, "5-3 left 3", IllegalPlayError, "does not fit the left end")  # the 3 cannot touch the 5


def test_end_the_layout_does_not_have() -> None:
    s = block_position()
    rejected(s, "5-3 up", IllegalPlayError, "no up end")  # COM-1: a line has two ends


def test_end_not_open_yet_on_the_spinner() -> None:
    # A5-2, COM-3: the long sides of the spinner open only when both short sides hold a tile.
    s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]], boneyard=["1-2"], leader=0)
    s = s.play("5-5").play("0-5 right")  # only the right side of the spinner holds a tile
    rejected(s, "3-5 up", IllegalPlayError, "the up end is not open")
    rejected(s, "3-5 down", IllegalPlayError, "the down end is not open")


def test_end_no_longer_open_in_bergen_phase_one() -> None:
    # BRG-3: in phase one only the free sides of the 6-6 take tiles.
    hands = [["6-6", "0-1"], ["0-6", "1-2"], ["1-6", "2-3"], ["2-6", "3-4"]]
    s = dw.new_game("bergen", hands=hands, players=4)
    s = s.play("6-6")  # BRG-2: seat 0 lays the 6-6 in the middle
    s = s.play("0-6 left")  # seat 1 takes the left side
    rejected(s, "1-6 left", IllegalPlayError, "the left end is not open")


def test_pass_when_a_play_exists() -> None:
    rejected(block_position(), "pass", IllegalPlayError, "you have a legal play")  # COM-4


def test_pass_when_the_player_must_draw() -> None:
    rejected(draw_position(), "pass", IllegalPlayError, "you must draw")  # COM-5


def test_draw_when_a_play_exists() -> None:
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "0-0"]], boneyard=["3-3", "5-4", "2-2"])
    rejected(s, "draw", IllegalPlayError, "you have a legal play")  # COM-4: the 6-6 must lead
    rejected(s.play("6-6"), "draw 3-3", IllegalPlayError, "you have a legal play")  # seat 1 holds 6-5


def test_draw_in_a_game_without_boneyard() -> None:
    rejected(block_position(), "draw", IllegalPlayError, "no boneyard")  # BLK-1: the rest is out of play


def test_draw_of_a_named_tile_not_in_the_boneyard() -> None:
    s = draw_position()
    rejected(s, "draw 0-0", IllegalPlayError, "0-0 is not in the boneyard")  # seat 1 holds it
    rejected(s, "draw 4-4", IllegalPlayError, "4-4 is not in the boneyard")  # out of play


def test_play_that_does_not_fit_when_the_player_must_draw() -> None:
    rejected(draw_position(), "1-2 left", IllegalPlayError, "you must draw")


def test_lead_other_than_the_forced_one() -> None:
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "0-0"]], boneyard=["3-3"])
    rejected(s, "1-2", IllegalPlayError, "6-6")  # DRW-2: the highest double leads


def test_ambiguous_end() -> None:
    s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "0-0"]], leader=0).play("6-6")
    msg = rejected(s, "6-5", AmbiguousPlayError, "'5-6 left', '5-6 right'")  # COM-8: the player names the end
    assert "ambiguous" in msg


def test_ambiguous_touching_half_of_a_matador() -> None:
    # MAT-3: with no ordinary play, the 6-1 goes on either end with either half touching (COM-8).
    s = dw.new_game("matador", hands=[["3-3", "0-1"], ["1-6", "2-2"]], boneyard=["0-2"], leader=0).play("3-3")
    rejected(s, "1-6 left", AmbiguousPlayError, "'1-6 left 1', '1-6 left 6'")
    assert s.play("1-6 left 6").ends[dw.End.LEFT] == 1


def test_any_action_after_the_hand_is_over() -> None:
    s = dw.new_game("block", hands=[["6-6"], ["6-5"]], leader=0).play("6-6")  # BLK-4: seat 0 is out at once
    assert s.is_over
    for action in ["6-5 left", "pass", "draw", "draw 1-1", "0-0"]:
        rejected(s, action, GameOverError, "the hand is over")


@pytest.mark.parametrize(
    ("text", "names"),
    [("banana", "'banana'"), ("", "empty"), ("3-5 sideways", "'sideways'"), ("3-5 left 4", "no half 4"),
     ("3-5 left x", "'3-5 left x'"), ("13-0", "13-0")],
)
def test_notation_errors_name_the_text_and_change_nothing(text: str, names: str) -> None:
    s = block_position()
    before = snapshot(s)
    with pytest.raises(NotationError, match=names):
        s.play(text)
    with pytest.raises(NotationError):
        s.is_legal(text)  # bad notation is not "illegal": it is not an action at all
    assert snapshot(s) == before


def test_undo_at_the_start() -> None:
    with pytest.raises(IllegalPlayError, match="nothing to undo"):
        dw.new_game("block", seed=1).undo()


def test_view_of_a_seat_that_does_not_exist() -> None:
    s = dw.new_game("draw", seed=1)
    for seat in (2, -1, "0"):
        with pytest.raises(ParameterError, match="seat must be 0..1"):
            s.view(seat)  # type: ignore[arg-type]


# ---------------------------------------------------------------- variants and parameters


def test_unknown_variant_lists_the_variants() -> None:
    for name in ("chess", "", 7):
        with pytest.raises(ParameterError) as info:
            dw.new_game(name, seed=1)  # type: ignore[arg-type]
        for known in dw.available_variants():
            assert known in str(info.value)


@pytest.mark.parametrize(
    ("variant", "params", "allowed"),
    [
        ("block", {"target": 0}, "target must be a whole number from 1 to 1,000,000"),
        ("draw", {"target": -5}, "target must be a whole number from 1 to 1,000,000"),
        ("all_fives", {"target": 1.5}, "target must be a whole number from 1 to 1,000,000"),
        ("draw_cz", {"target": True}, "target must be a whole number from 1 to 1,000,000"),
        ("matador", {"target": 0}, "a whole number from 1 to 1,000,000"),
        ("block", {"target": 1_000_001}, "target must be a whole number from 1 to 1,000,000"),
        ("all_fives", {"target": 10**5000}, "a whole number from 1 to 1,000,000"),
        ("bergen", {"rounds": 2**70}, "rounds must be a whole number from 1 to 1,000,000"),
        ("bergen", {"rounds": 0}, "rounds must be a whole number from 1 to 1,000,000"),
        ("draw", {"players": 5}, "players must be one of 2"),
        ("bergen", {"players": 5}, "players must be one of 3, 2, 4"),
        ("draw", {"colour": "red"}, "its parameters are: players, target, pips"),
        ("matador", {"pips": 9}, "its parameters are: players, target, standard, last_tile_ends, matadors_any_time, matador_optional"),
        ("block", {"pips": 13}, "one of 6, 7, 8, 9, 10, 11, 12"),
        ("block", {"pips": 5}, "one of 6, 7, 8, 9, 10, 11, 12"),
        ("block", {"blocked_scoring": "half"}, "'count' or 'difference'"),
        ("draw_cz", {"standard": "yes"}, "True or False"),
        ("bergen", {"two_player_split": "all"}, "'seed' (3/4 and 1/4) or 'winner_takes_all'"),
    ],
)
def test_bad_parameters_say_what_is_allowed(variant: str, params: dict[str, Any], allowed: str) -> None:
    with pytest.raises(ParameterError, match=variant) as info:
        dw.new_game(variant, seed=1, **params)
    assert allowed in str(info.value)
    with pytest.raises(ParameterError):
        dw.Match(variant, seed=1, **params)


@pytest.mark.parametrize(
    ("kwargs", "names"),
    [
        ({"hands": [["6-6", "1-2"], ["1-2"]]}, "1-2 is listed twice"),
        ({"hands": [["6-6"], ["1-2"]], "boneyard": ["6-6"]}, "6-6 is listed twice"),
        ({"hands": [["6-6"], ["7-7"]]}, "7-7 is not in the double-6 set"),
        ({"hands": [["6-6"], ["x"]]}, "hands[1]"),
        ({"hands": [["6-6"]]}, "hands must list 2 hands"),
        ({"hands": [["1-2"], ["3-4"]], "boneyard": ["0-1"]}, "no hand holds the tile that must lead"),
        ({"hands": [["6-6"], ["1-2"]], "leader": 1}, "seat 0 holds 6-6, which must lead"),
        ({"hands": [["6-6"], ["1-2"]], "leader": 2}, "leader must be a seat 0..1"),
        ({"seed": "7"}, "seed must be a whole number"),
        ({"seed": 1, "boneyard": ["1-2"]}, "go with hands="),
        ({"seed": 1, "leader": 1}, "do not pass leader="),
        ({"seed": 1, "scores": [1, 2, 3]}, "scores must list 2 numbers"),
        ({"seed": 1, "scores": ["x", "y"]}, "scores"),  # match scores are numbers
    ],
    ids=["tile twice", "tile in hand and boneyard", "tile not in the set", "not a tile", "one hand for two seats",
         "no double dealt", "wrong leader", "leader not a seat", "seed as text", "boneyard without hands",
         "leader with a seed", "three scores", "scores not numbers"],
)
def test_bad_scripted_deals_say_what_is_wrong(kwargs: dict[str, Any], names: str) -> None:
    with pytest.raises(ParameterError) as info:
        dw.new_game("draw", **kwargs)
    assert names in str(info.value)


def test_block_has_no_boneyard_to_script() -> None:
    with pytest.raises(ParameterError, match="block has no boneyard; list the unused tiles as out="):
        dw.new_game("block", hands=[["6-6"], ["1-2"]], boneyard=["3-3"])

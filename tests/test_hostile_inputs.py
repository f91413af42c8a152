"""Issue 10: every bad argument to the core raises a `DominoError` that names what is wrong, and
nothing changes (DESIGN principle 6). One test per reproduction of the issue, named after what
it guards; the property tests over the same functions are in `test_hostile_records.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

import domino_widgets as dw
from domino_widgets.core.actions import Action, End
from domino_widgets.core.errors import DominoError, IllegalPlayError, NotationError, ParameterError
from domino_widgets.core.tiles import Tile, parse_tiles, tile_set

# ------------------------------------------------------------------ actions on a free lead


def test_a_touching_half_named_on_a_free_lead_is_an_illegal_play_not_an_assertion() -> None:
    s = dw.new_game("block", seed=1)  # seat 0 holds 0-1 and may lead anything (BLK-2)
    before = s.to_json()
    with pytest.raises(IllegalPlayError, match=r"0-1 left 1 is illegal: the lead touches no end.*play '0-1'"):
        s.play("0-1 left 1")
    assert s.to_json() == before and s.play("0-1").layout.center is not None


def test_a_touching_half_on_a_free_lead_inside_a_record_names_the_action() -> None:
    rec = dw.new_game("block", seed=1).to_record()
    rec["actions"] = ["0-1 left 1"]
    with pytest.raises(dw.RecordError, match=r"actions\[0\]: '0-1 left 1' .*touches no end"):
        dw.load_record(rec)


def test_a_touching_half_on_a_forced_lead_of_another_tile_says_which_tile_leads() -> None:
    s = dw.new_game("draw", seed=3)  # DRW-2: the highest double leads
    holder = s.current_player
    other = next(t for t in s.hand(holder) if not t.is_double)
    with pytest.raises(IllegalPlayError):
        s.play(f"{other} left {other.high}")


# ------------------------------------------------------------------ tiles and notation


@pytest.mark.parametrize("index", [999, 91, -1, True, 1.0, "3", None])
def test_tile_from_index_refuses_what_is_not_a_tile_index(index: Any) -> None:
    with pytest.raises(NotationError, match="a tile index is a whole number 0..90"):
        Tile.from_index(index)


@pytest.mark.parametrize("items", [None, 5, 3.5, b"1-1", {"1-1": 1}])
def test_parse_tiles_refuses_what_is_not_tiles(items: Any) -> None:
    with pytest.raises(NotationError, match="tiles are a list like"):
        parse_tiles(items)


def test_tile_set_refuses_a_set_that_does_not_exist() -> None:
    for pips in (0, 13, True, "6"):
        with pytest.raises(DominoError, match="a set is double-1 .. double-12"):
            tile_set(pips)


@pytest.mark.parametrize("touching", [True, False, 1.0, "6"])
def test_action_play_refuses_a_touching_half_that_is_not_a_number(touching: Any) -> None:
    with pytest.raises(NotationError, match="the touching half is a number of the tile"):
        Action.play("1-6", "left", touching)


def test_action_play_text_round_trips() -> None:
    for a in (Action.play("1-6", "left", 6), Action.play("1-6", End.UP), Action.play("1-6", 1), Action.play("2-2")):
        assert Action.parse(str(a)) == a


@pytest.mark.parametrize("end", [True, 7, -1, 1.0, object()])
def test_action_play_refuses_an_end_that_is_not_an_end(end: Any) -> None:
    with pytest.raises(NotationError, match="an end is"):
        Action.play("1-6", end)


@pytest.mark.parametrize("text", ["1-6 left ²", "1-6 left ٣", "1-6 l 123"])
def test_a_touching_half_in_other_digits_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Action.parse(text)


def test_an_end_given_as_a_number_to_end_parse_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="is not an end"):
        End.parse(3)  # type: ignore[arg-type]


def test_a_megabyte_of_text_is_quoted_short_in_the_message() -> None:
    with pytest.raises(NotationError) as info:
        Action.parse("x" * 1_000_000)
    assert len(str(info.value)) < 200 and "1000000 characters" in str(info.value)


# ------------------------------------------------------------------ new_game


@pytest.mark.parametrize(
    "kwargs, says",
    [
        ({"hands": {0: ["1-1"], 1: ["2-2"]}}, "hands must list 2 hands"),
        ({"hands": [5, 6]}, r"hands\[0\]: tiles are a list like"),
        ({"hands": [None, None]}, r"hands\[0\]: a hand lists its tiles"),
        ({"hands": 5}, "hands must list 2 hands"),
        ({"hands": "1-1 2-2"}, "hands must list 2 hands"),
        ({"hands": [["1-1"], ["2-2"]], "out": 5}, "out: tiles are a list like"),
        ({"seed": 1, "scores": 0}, "scores must list 2 numbers"),
        ({"seed": 1, "scores": "00"}, "scores must list 2 numbers"),
        ({"seed": 1, "leader": True}, "leader must be a seat 0..1"),
        ({"seed": 1, "leader": 1.0}, "leader must be a seat 0..1"),
        ({"seed": True}, "seed must be a whole number"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"seed": 5, "hands": [["1-1"], ["2-2"]]}, "seed=5 does nothing here"),
        ({"hands": [[], []]}, r"every hand is empty .* nobody can ever play \(COM-6\)"),
    ],
    ids=["hands dict", "hands of ints", "hands of None", "hands int", "hands str", "out int", "scores int",
         "scores str", "leader True", "leader float", "seed True", "seed float", "seed with a full deal",
         "nobody can play"],
)
def test_new_game_of_block_refuses_bad_arguments(kwargs: dict[str, Any], says: str) -> None:
    with pytest.raises(ParameterError, match=says):
        dw.new_game("block", **kwargs)


@pytest.mark.parametrize("variant", ["draw", "draw_cz", "matador"])
def test_new_game_with_a_boneyard_that_is_not_tiles_is_refused(variant: str) -> None:
    with pytest.raises(ParameterError, match="boneyard: tiles are a list like"):
        dw.new_game(variant, hands=[["1-1"], ["2-2"]], boneyard=5)


@pytest.mark.parametrize("variant", ["draw_cz", "matador", "draw"])
def test_empty_hands_and_an_empty_boneyard_are_refused_not_passed_forever(variant: str) -> None:
    with pytest.raises(ParameterError, match=r"COM-6"):
        dw.new_game(variant, hands=[[], []], boneyard=[])


def test_a_seed_with_hands_still_shuffles_an_unlisted_boneyard() -> None:
    a = dw.new_game("draw", 7, hands=[["6-6"], ["5-5"]])
    assert a.boneyard == dw.new_game("draw", 7, hands=[["6-6"], ["5-5"]]).boneyard
    assert a.boneyard != dw.new_game("draw", 8, hands=[["6-6"], ["5-5"]]).boneyard


def test_a_seed_with_a_listed_boneyard_is_refused() -> None:
    with pytest.raises(ParameterError, match="seed=3 does nothing here"):
        dw.new_game("draw", 3, hands=[["6-6"], ["5-5"]], boneyard=["1-1"])


@pytest.mark.parametrize("seat", [True, False, 1.0, "0", None])
def test_view_and_hand_refuse_a_seat_that_is_not_a_whole_number(seat: Any) -> None:
    s = dw.new_game("block", seed=1)
    with pytest.raises(ParameterError, match="seat must be 0..1"):
        s.view(seat)
    with pytest.raises(ParameterError, match="seat must be 0..1"):
        s.hand(seat)


# ------------------------------------------------------------------ Twenty-one and the solitaire


@pytest.mark.parametrize(
    "variant, kwargs, says",
    [
        ("twentyone", {"hands": 5}, "hands must list 2 hands"),
        ("twentyone", {"hands": {0: 1, 1: 2}}, "hands must list 2 hands"),
        ("twentyone", {"hands": [5, 6]}, r"hands\[0\]: tiles are a list like"),
        ("twentyone", {"seed": 1, "leader": True}, "leader=True is not allowed"),
        ("twentyone", {"seed": 1, "leader": False}, "leader=False is not allowed"),
        ("twentyone", {"seed": 3, "hands": [["1-1", "2-2"], ["3-3", "4-4"]], "boneyard": ["5-5"]},
         "seed=3 does nothing here"),
        ("solitaire", {"hands": [5]}, r"hands\[0\]: tiles are a list like"),
        ("solitaire", {"hands": 5}, "hands must list 1 hand,"),
        ("solitaire", {"seed": 1, "leader": 1}, "leader=1 is not allowed"),
        ("solitaire", {"seed": 3, "hands": [["1-1"]], "boneyard": ["2-2"]}, "seed=3 does nothing here"),
    ],
)
def test_own_state_games_refuse_bad_arguments(variant: str, kwargs: dict[str, Any], says: str) -> None:
    with pytest.raises(ParameterError, match=says):
        dw.new_game(variant, **kwargs)


def test_the_solitaire_view_refuses_a_seat_that_is_not_zero() -> None:
    s = dw.new_game("solitaire", seed=1)
    for seat in (1, 0.0, True, "0"):
        with pytest.raises(ParameterError, match="the solitaire has one seat"):
            s.view(seat)


# ------------------------------------------------------------------ Match


@pytest.mark.parametrize("seed", [[], "1", 1.5, True, b"1", {}])
def test_match_refuses_a_seed_that_is_not_a_whole_number(seed: Any) -> None:
    with pytest.raises(ParameterError, match="seed must be a whole number"):
        dw.Match("block", seed=seed)


def test_match_keeps_a_whole_number_seed() -> None:
    assert dw.Match("block", seed=12).seed == 12


# ------------------------------------------------------------------ the same mistake elsewhere in the core


@pytest.mark.parametrize("actions", [None, 5, "6-6 5-6", 1.5])
def test_play_all_refuses_what_is_not_a_list_of_actions(actions: Any) -> None:
    with pytest.raises(ParameterError, match="play_all takes a list of actions"):
        dw.play_all(dw.new_game("block", seed=1), actions)


@pytest.mark.parametrize("path", [None, 5, [], b"x.json"])
def test_save_record_refuses_what_is_not_a_path(path: Any) -> None:
    with pytest.raises(ParameterError, match="save_record writes to a file path"):
        dw.save_record(dw.new_game("block", seed=1), path)


@pytest.mark.parametrize("number", [None, 3, "1", 1.5])
def test_tile_other_of_a_half_it_does_not_have_is_a_notation_error(number: Any) -> None:
    with pytest.raises(NotationError, match="1-2 has no half"):
        Tile(1, 2).other(number)


@pytest.mark.parametrize(
    "action",
    [Action(dw.ActionKind.PLAY), Action(dw.ActionKind.PLAY, "0-1"),  # type: ignore[arg-type]
     Action("play", Tile(0, 1)),  # type: ignore[arg-type]
     Action(dw.ActionKind.PASS, Tile(0, 1)), Action(dw.ActionKind.PLAY, Tile(0, 1), 0),  # type: ignore[arg-type]
     Action(dw.ActionKind.PLAY, Tile(0, 1), End.LEFT, 5), Action(dw.ActionKind.PLAY, Tile(0, 1), End.LEFT, True)],
    ids=["no tile", "tile as text", "kind as text", "pass with a tile", "end as int", "touching not a half",
         "touching True"],
)
def test_an_action_built_directly_with_wrong_fields_is_a_notation_error_not_a_crash(action: Action) -> None:
    s = dw.new_game("block", seed=1)
    before = s.to_json()
    with pytest.raises(NotationError, match="is not an action"):
        s.play(action)
    assert s.to_json() == before

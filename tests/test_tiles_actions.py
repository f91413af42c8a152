"""Tiles and sets (docs/rules.md preamble: double-six, 28 tiles, 168 pips, suits of 7; double-nine
for the line games) and the action notation (COM-8: the end, and the touching half where both
could touch), checked by property tests.
"""

from __future__ import annotations

import copy
import pickle
from itertools import combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets import Action, ActionKind, End, NotationError, Tile, parse_tiles, suit, tile_set

ALL = tile_set(12)  # the largest set the package supports
tiles = st.sampled_from(ALL)
ends = st.sampled_from(list(End))


# ---------------------------------------------------------------- tiles


@pytest.mark.parametrize("text", ["3-5", "5-3", "3|5", "3:5", "3/5", " 3 - 5 ", "05-3", "5|03"])
def test_parse_forms(text: str) -> None:
    t = Tile.parse(text)
    assert t is Tile(3, 5) and (t.low, t.high, t.value, t.is_double) == (3, 5, 8, False)


@given(tiles)
def test_str_and_repr_round_trip(t: Tile) -> None:
    assert str(t) == f"{t.low}-{t.high}" and t.low <= t.high
    assert Tile.parse(str(t)) is t and Tile.parse(t) is t
    assert repr(t) == f"Tile({t.low}, {t.high})" and eval(repr(t)) is t


@given(st.integers(0, 12), st.integers(0, 12))
def test_tiles_are_interned_unordered_pairs(a: int, b: int) -> None:
    t = Tile(a, b)
    assert t is Tile(b, a) and t == Tile(b, a) and hash(t) == hash(Tile(b, a))
    assert (t.low, t.high) == (min(a, b), max(a, b)) and t.halves == (t.low, t.high)
    assert pickle.loads(pickle.dumps(t)) is t and copy.deepcopy(t) is t and copy.copy(t) is t
    assert t.has(a) and t.has(b) and t.other(a) == b and t.other(b) == a
    assert t.value == a + b and t.is_double == (a == b)


def test_tiles_are_immutable() -> None:
    t = Tile(2, 4)
    with pytest.raises(AttributeError):
        t.low = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="no half 5"):
        t.other(5)


@given(tiles, tiles)
def test_ordering_and_hash_follow_the_index(a: Tile, b: Tile) -> None:
    # The index: high * (high + 1) / 2 + low, so each double-n set is a prefix of the larger ones.
    assert a.index == a.high * (a.high + 1) // 2 + a.low and Tile.from_index(a.index) is a
    assert (a < b) == (a.index < b.index) and (a > b) == (a.index > b.index)
    assert (a == b) == (a is b) == (hash(a) == hash(b))


def test_sorting_gives_the_set_order() -> None:
    shuffled = sorted(ALL, key=lambda t: (t.value * 7919) % 91)
    assert tuple(sorted(shuffled)) == ALL and min(ALL) is Tile(0, 0) and max(ALL) is Tile(12, 12)
    assert len(set(ALL)) == len(ALL) == 91 and len({str(t) for t in ALL}) == 91
    assert Tile(1, 2) != "1-2" and Tile(0, 0) != 0
    with pytest.raises(TypeError):
        Tile(1, 2) < 3  # type: ignore[operator]  # noqa: B015


def test_ordering_is_total() -> None:
    # A value type that sorts supports every comparison, consistently with `<`.
    a, b = Tile(0, 3), Tile(1, 3)
    assert a <= b and a <= Tile(3, 0) and b >= a and b >= Tile(3, 1) and not b <= a  # type: ignore[operator]


@pytest.mark.parametrize("pips", range(1, 13))
def test_sets_by_counting(pips: int) -> None:
    s = tile_set(pips)
    pairs = list(combinations_with_replacement(range(pips + 1), 2))
    assert [t.halves for t in sorted(s)] == sorted(pairs, key=lambda p: Tile(*p).index)  # each pair once
    assert len(s) == (pips + 1) * (pips + 2) // 2
    assert sum(t.value for t in s) == pips * (pips + 1) * (pips + 2) // 2  # each number on pips+2 halves
    assert sum(t.is_double for t in s) == pips + 1
    for n in range(pips + 1):
        assert suit(n, pips) == tuple(t for t in s if t.has(n)) and len(suit(n, pips)) == pips + 1
    assert s == ALL[: len(s)]  # the smaller set is a prefix of the larger one


def test_double_six_and_double_nine() -> None:
    six, nine = tile_set(), tile_set(9)
    assert len(six) == 28 and sum(t.value for t in six) == 168  # docs/rules.md: 28 tiles, 168 pips
    assert all(len(suit(n)) == 7 for n in range(7))  # each number appears on 7 tiles
    assert len(nine) == 55 and sum(t.value for t in nine) == 495 and all(len(suit(n, 9)) == 10 for n in range(10))
    assert dw.new_game("draw", seed=1, pips=9).out_of_play == () and len(dw.new_game("draw", seed=1, pips=9).boneyard) == 41


@pytest.mark.parametrize("bad", [0, 13, -1, "6", 6.0, None])
def test_bad_set_sizes(bad: object) -> None:
    with pytest.raises(ValueError, match="double-1 .. double-12"):
        tile_set(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("a", "b"), [(13, 0), (-1, 2), (1.5, 2), (True, 1), ("1", 2)],
                         ids=["13", "negative", "float", "bool", "text"])
def test_bad_halves(a: object, b: object) -> None:
    # Halves are whole numbers 0..12; True is not a number of pips (the constructor says so).
    with pytest.raises(NotationError, match="tile halves must be"):
        Tile(a, b)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["3-", "-3", "a-b", "3-5-6", "", "35", "3 5", "100-1", "3--5", "3_5"])
def test_bad_tile_text(text: str) -> None:
    with pytest.raises(NotationError, match=f"not {text!r}"):
        Tile.parse(text)


@pytest.mark.parametrize("bad", [35, None, (3, 5)])
def test_a_tile_is_parsed_from_text(bad: object) -> None:
    with pytest.raises(NotationError, match="like '3-5'"):
        Tile.parse(bad)  # type: ignore[arg-type]


def test_parse_tiles() -> None:
    assert parse_tiles("6-6, 5-6 0-1") == parse_tiles(["6-6", Tile(5, 6), "1|0"]) == [Tile(6, 6), Tile(5, 6), Tile(0, 1)]
    assert parse_tiles("") == [] and parse_tiles(" , ") == []
    with pytest.raises(NotationError, match="'7-'"):
        parse_tiles("6-6 7-")


# ---------------------------------------------------------------- actions


@st.composite
def plays(draw: st.DrawFn) -> Action:
    """A play with a named end and, sometimes, a named touching half (COM-8)."""
    t = draw(tiles)
    return Action.play(t, draw(ends), draw(st.none() | st.sampled_from(t.halves)))


actions = st.one_of(
    plays(),
    tiles.map(Action.play),  # a lead, or a tile that fits one way only
    st.just(Action.pass_()),
    st.just(Action.draw()),
    tiles.map(Action.draw),
    st.just(Action.take()),  # T21-2
    tiles.map(Action.take),
    st.just(Action.stand()),
    tiles.map(Action.base),  # SOL-2
    st.just(Action.stop()),  # SOL-3 seed option
)


def test_every_action_kind_has_a_notation_test() -> None:
    # A new kind of action must join the `actions` strategy above.
    assert set(ActionKind) == {ActionKind.PLAY, ActionKind.DRAW, ActionKind.PASS,
                               ActionKind.TAKE, ActionKind.STAND, ActionKind.BASE, ActionKind.STOP}


@given(actions)
def test_notation_round_trips(a: Action) -> None:
    text = str(a)
    assert Action.parse(text) == a and str(Action.parse(text)) == text
    assert eval(repr(a)) == a and repr(a) == f"Action.parse({text!r})"
    assert Action.parse(a) is a
    assert Action.parse(text.upper()) == a and Action.parse(f"  {text}  ") == a


def test_touching_half_needs_an_end() -> None:
    # COM-8: the touching half is written after the end ("1-6 left 6"); without an end the
    # notation could not be read back, so such an action is refused.
    with pytest.raises(NotationError, match="name the end"):
        Action.play("1-6", touching=6)
    assert Action.parse(str(Action.play("1-6", "left", 6))) == Action.play("1-6", "left", 6)


@given(plays())
def test_notation_fields(a: Action) -> None:
    assert a.kind is ActionKind.PLAY and a.tile is not None and a.end is not None
    words = str(a).split()
    assert words[0] == str(a.tile) and words[1] == a.end.name.lower()
    assert (len(words) == 3) == (a.touching is not None)


@given(tiles, ends, st.data())
def test_short_forms(t: Tile, e: End, data: st.DataObject) -> None:
    word = data.draw(st.sampled_from([e.name.lower(), e.name[0], e.name[0].lower(), e.name.title()]))
    flipped = f"{t.high}|{t.low}"
    assert Action.parse(f"{flipped} {word}") == Action.play(t, e)
    assert Action.parse(f"{flipped},{word}") == Action.play(t, e)
    h = data.draw(st.sampled_from(t.halves))
    assert Action.parse(f"{t.high}:{t.low} {word} {h}") == Action.play(t, e, h)


def test_short_forms_by_example() -> None:
    assert str(Action.parse("6-5 R")) == "5-6 right"
    assert str(Action.parse("1/6 u 6")) == "1-6 up 6"
    assert Action.parse("PASS") == Action.pass_() and Action.parse("Draw") == Action.draw()
    assert Action.parse("draw 4|3") == Action.draw(Tile(3, 4)) and str(Action.draw("4-3")) == "draw 3-4"
    assert Action.play("5-6", End(1)) == Action.play("5-6", End.RIGHT) == Action.play(Tile(5, 6), "r")
    assert [End.parse(w) for w in ("l", "R", "Up", "DOWN")] == list(End)


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("banana", "'banana'"),
        ("5-6 sideways", "'sideways' is not an end"),
        ("5-6 left x", "the third word names the touching half"),
        ("5-6 left 3", "5-6 has no half 3"),
        ("5-6 left 5 6", "too many words"),
        ("draw 3-4 5-6", "like '3-5'"),
        ("draw 3-", "'3-'"),
        ("pass now", "like '3-5'"),
        ("13-1 left", "0..12"),
    ],
)
def test_notation_errors(text: str, names: str) -> None:
    with pytest.raises(NotationError, match=names):
        Action.parse(text)


@pytest.mark.parametrize("bad", [None, 42, ("5-6", "left")])
def test_an_action_is_parsed_from_text(bad: object) -> None:
    with pytest.raises(NotationError, match="like '5-6 right'"):
        Action.parse(bad)  # type: ignore[arg-type]


def test_end_errors() -> None:
    with pytest.raises(NotationError, match="use left, right, up or down"):
        End.parse("middle")
    with pytest.raises(ValueError):
        Action.play("5-6", 7)  # type: ignore[arg-type]

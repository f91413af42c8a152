"""Geometry of the layouts (COM-1/2/3, A5-2, BRG-3/4, MAT-2): where every tile lies.

Checked over thousands of random positions of every line variant: no two tiles overlap, each
tile touches the previous one of its arm along the edge of the touching halves and those halves
match, and the snake stays inside the width it was given.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets.core.actions import End
from domino_widgets.core.engine import apply_code, legal_codes
from domino_widgets.core.errors import ParameterError
from domino_widgets.core.layouts import Layout, Placement
from domino_widgets.core.tiles import Tile
from domino_widgets.render.geometry import MIN_CROSS_WIDTH, MIN_LINE_WIDTH, Box, LayoutGeometry, layout_geometry
from domino_widgets.variants.matador import MATADORS

# (variant, parameters, games): every line variant, double-six and double-nine
CASES = [
    ("block", {}, 60),
    ("block", {"pips": 9}, 40),
    ("draw", {}, 50),
    ("draw", {"pips": 9}, 20),
    ("draw_cz", {}, 40),
    ("matador", {}, 60),
    ("all_fives", {}, 50),
    ("bergen", {}, 40),
]


def layouts(variant: str, params: dict[str, Any], games: int, seed: int) -> Iterator[Layout]:
    """The layout after every play of ``games`` hands of uniformly random legal play."""
    rng = random.Random(seed)
    for _ in range(games):
        c = dw.new_game(variant, seed=rng.randrange(2**32), **params).core
        while not c.over:
            codes = legal_codes(c)
            code = codes[int(rng.random() * len(codes))]
            apply_code(c, code)
            if code >= 0:
                yield dw.GameState(c.copy()).layout


def matches(variant: str, inner: int, outer: int, tile: Tile) -> bool:
    """COM-1 with the variant's matching rule: equal halves, or (MAT-2/3) sum to 7 or a matador."""
    if variant == "matador":
        return inner + outer == 7 or tile in MATADORS
    return inner == outer


def check(g: LayoutGeometry, layout: Layout, variant: str, width: float | None) -> None:
    boxes = [t.box for t in g.tiles]
    # the same tiles as the layout, each once
    assert sorted(t.tile for t in g.tiles) == sorted(p.tile for p in layout)
    # no two tiles (or open-end slots) overlap
    for a, b in itertools.combinations(boxes + [s.box for s in g.slots], 2):
        assert not a.overlaps(b), (a, b, str(layout))
    # each tile is a 2 x 1 box made of its two halves; crosswise doubles (COM-2) lie across their arm
    for t in g.tiles:
        assert sorted((t.box.width, t.box.height)) == [1.0, 2.0]
        if t.near_box != t.far_box:
            assert t.near_box.union(t.far_box) == t.box and t.near_box.width == t.near_box.height == 1.0
        else:
            assert t.tile.is_double
    # every joint: the touching halves share an edge and match
    by_arm = {arm: [t for t in g.tiles if t.arm is arm] for arm in End}
    center = g.tiles[0]
    assert center.arm is None
    for arm, arm_tiles in by_arm.items():
        inner = center
        for k, t in enumerate(arm_tiles, start=1):
            assert t.index == k
            if inner is center and center.near_box != center.far_box and arm in (End.LEFT, End.RIGHT):
                touching_box, value = (center.near_box, center.near) if arm is End.LEFT else (center.far_box, center.far)
            else:
                touching_box, value = (inner.far_box, inner.far) if inner is not center else (center.box, center.near)
            assert touching_box.shared_edge(t.near_box) is not None, (str(layout), arm, k)
            assert matches(variant, value, t.near, t.tile), (str(layout), arm, k)
            inner = t
    # the joints list the same touching numbers
    assert [(j.arm, j.index) for j in g.joints] == [(t.arm, t.index) for t in g.tiles[1:]]
    # the snake stays inside the width
    if width is not None:
        for b in boxes + [s.box for s in g.slots]:
            assert -width / 2 - 1e-9 <= b.x0 and b.x1 <= width / 2 + 1e-9, (b, width)
    # an open-end slot touches the tile at the end of its arm
    for s in g.slots:
        arm_tiles = by_arm[s.end]
        if arm_tiles:
            last = arm_tiles[-1]
            assert last.far_box.shared_edge(s.near_box) is not None
        assert s.value == dict(layout.ends)[s.end]


@pytest.mark.parametrize("variant,params,games", CASES, ids=[f"{v}{p.get('pips', '')}" for v, p, _ in CASES])
def test_random_positions_lie_without_overlap_and_touch_at_matching_halves(variant: str, params: dict[str, Any],
                                                                           games: int) -> None:
    rng = random.Random(7)
    seen = 0
    minimum = MIN_LINE_WIDTH if variant not in ("all_fives", "bergen") else MIN_CROSS_WIDTH
    for layout in layouts(variant, params, games, seed=len(variant) * 1000 + games):
        width = rng.choice([minimum, minimum + 0.5, minimum + 3, minimum + 7.5, 30.0, 44.0])
        check(layout_geometry(layout, width=width), layout, variant, width)
        seen += 1
    assert seen >= 8 * games  # over 6000 positions in all the cases


def synthetic(kind: str, arms: list[list[bool]], lead_double: bool) -> Layout:
    """A layout whose arms hold doubles where ``arms`` says True (values do not matter to geometry)."""
    lead = Tile(6, 6) if lead_double else Tile(2, 4)
    center = Placement(lead, None, lead.low, lead.high, 0)
    move = 1
    out: list[tuple[Placement, ...]] = []
    for e, pattern in zip(End, arms):
        ps = []
        for is_double in pattern:
            t = Tile(3, 3) if is_double else Tile(1, 2)
            ps.append(Placement(t, e, t.low, t.high, move))
            move += 1
        out.append(tuple(ps))
    names = (End.LEFT, End.RIGHT) if kind == "line" else tuple(End)
    return Layout(kind, center, tuple(out), tuple((e, 1) for e in names))


arm = st.lists(st.booleans(), max_size=40)


@settings(max_examples=150, deadline=None)
@given(kind=st.sampled_from(["line", "spinner", "cross"]), arms=st.lists(arm, min_size=4, max_size=4),
       lead_double=st.booleans(), extra=st.sampled_from([0.0, 0.5, 1.0, 2.5, 6.0]))
def test_any_pattern_of_doubles_snakes_inside_the_width(kind: str, arms: list[list[bool]], lead_double: bool,
                                                        extra: float) -> None:
    """Runs of doubles (Matador can lay three in a row) at the narrowest widths still never overlap."""
    if kind == "line":
        arms = [arms[0], arms[1], [], []]
    layout = synthetic(kind, arms, lead_double or kind != "line")
    width = (MIN_LINE_WIDTH if kind == "line" else MIN_CROSS_WIDTH) + extra
    g = layout_geometry(layout, width=width)
    boxes = [t.box for t in g.tiles] + [s.box for s in g.slots]
    for a, b in itertools.combinations(boxes, 2):
        assert not a.overlaps(b)
    for b in boxes:
        assert -width / 2 - 1e-9 <= b.x0 and b.x1 <= width / 2 + 1e-9
    assert len(g.joints) == sum(map(len, arms))


def test_the_right_arm_turns_down_at_the_edge_and_comes_back_below() -> None:
    # A scripted block hand drawn on the narrowest table: 9 half-tiles wide, x from -4.5 to 4.5.
    s = dw.new_game("block", hands=[["3-5", "5-6", "6-2", "2-2"], ["1-3", "0-0"]], leader=0)
    s = dw.play_all(s, [
        "3-5",        # the lead lies flat in the middle, x from -1 to 1
        "1-3 left",   # seat 1 must play (COM-4): its 3 against the lead's 3
        "5-6 right",  # flat, x from 1 to 3: a flat tile needs 3 units (itself and room for a corner)
        "pass",       # seat 1 holds only 0-0 (BLK-3)
        "6-2 right",  # only 1.5 units are left: 6-2 turns the corner, upright, its 6 beside the 6
    ])
    g = layout_geometry(s.layout, width=9)
    boxes = {str(t.tile): t for t in g.tiles}
    assert boxes["1-3"].box == Box(-3.0, -0.5, -1.0, 0.5) and boxes["1-3"].halves == (1, 3)
    assert boxes["5-6"].box == Box(1.0, -0.5, 3.0, 0.5)
    corner = boxes["2-6"]
    assert corner.box == Box(3.0, -0.5, 4.0, 1.5) and not corner.horizontal and corner.halves == (6, 2)
    # the next tile at the right end comes back leftward on the row below, its near half under the 2
    right = next(slot for slot in g.slots if slot.end is End.RIGHT)
    assert right.box == Box(2.0, 1.5, 4.0, 2.5) and right.value == 2
    assert corner.far_box.shared_edge(right.near_box) == (3.0, 1.5, 4.0, 1.5)


def test_a_double_at_the_edge_stays_crosswise_and_the_line_turns_off_its_side() -> None:
    s = dw.new_game("block", hands=[["3-5", "5-6", "6-6", "6-1"], ["0-0", "0-1"]], leader=0)
    s = dw.play_all(s, [
        "3-5",
        "pass",        # seat 1 has no 3 or 5
        "5-6 right",   # x from 1 to 3
        "pass",
        "6-6 right",   # a double needs one unit: it fits, crosswise (COM-2), x from 3 to 4
        "pass",
    ])
    g = layout_geometry(s.layout, width=9)
    double = next(t for t in g.tiles if t.tile == Tile(6, 6))
    assert double.crosswise and not double.horizontal and double.box == Box(3.0, -1.0, 4.0, 1.0)
    right = next(slot for slot in g.slots if slot.end is End.RIGHT)
    assert double.box.shared_edge(right.near_box) == (3.0, 1.0, 4.0, 1.0)  # the next tile leaves from its side


def test_spinner_arms_grow_up_and_down_once_open() -> None:
    s = dw.new_game("all_fives", hands=[["5-5", "5-0", "5-1"], ["5-3", "5-2", "4-4"]], boneyard=["0-1"],
                    leader=0)
    s = dw.play_all(s, [
        "5-5",        # A5-1/DRW-2: the highest double leads; A5-2: it is the spinner
        "5-3 left",
        "5-0 right",  # COM-3: with both of its sides taken the spinner opens up and down
        "5-2 up",
    ])
    g = layout_geometry(s.layout)
    assert g.tiles[0].box == Box(-0.5, -1.0, 0.5, 1.0)           # the spinner lies across the line
    up = next(t for t in g.tiles if t.arm is End.UP)
    assert up.box == Box(-0.5, -3.0, 0.5, -1.0) and up.halves == (2, 5)   # upright, its 5 on the spinner
    assert {slot.end for slot in g.slots} == set(End)


def test_an_empty_table_has_no_tiles_and_the_same_input_the_same_geometry() -> None:
    empty = dw.new_game("block", seed=3).layout
    g = layout_geometry(empty)
    assert g.tiles == () and g.slots == () and g.bounds == Box(-1.0, -0.5, 1.0, 0.5)
    full = next(iter(layouts("bergen", {}, 1, seed=5)))
    assert layout_geometry(full, width=25) == layout_geometry(full, width=25)


def test_bad_arguments_raise_clear_errors() -> None:
    lay = dw.new_game("block", seed=3).layout
    with pytest.raises(ParameterError, match="width"):
        layout_geometry(lay, width=-4)
    with pytest.raises(ParameterError, match="Layout"):
        layout_geometry("1-2 2-3")  # type: ignore[arg-type]
    # too narrow a width is raised to the minimum rather than refused
    assert layout_geometry(lay, width=2).width == MIN_LINE_WIDTH

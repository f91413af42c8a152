"""Where every tile of a layout lies: pure geometry, separate from drawing.

Units are half-tiles: a tile is 2 x 1, its two halves are unit squares, and tiles that
touch share an edge exactly (the drawing insets each tile a little to show a gap). ``x``
grows to the right and ``y`` downward, like SVG; the lead's centre is the origin.

* The two-ended line (COM-1) grows from the lead: the RIGHT arm to the right, the LEFT arm to
  the left. When an arm reaches the width it turns (a *snake*): the right arm turns down and
  comes back on a row below, the left arm turns up and comes back on a row above. Doubles lie
  crosswise (COM-2) and never take a corner themselves; the next tile turns off their side.
* The spinner (COM-3, A5-2) and the `bergen` cross (BRG-3/4): the middle double has four arms.
  Each arm goes straight and then snakes inside its own quarter, turning clockwise (right arm
  downward, down arm leftward, left arm upward, up arm rightward), so arms never meet.

>>> import domino_widgets as dw
>>> s = dw.play_all(dw.new_game("block", hands=[["3-5", "5-5", "2-4"], ["1-3", "6-6", "5-6"]], leader=0),
...                 ["3-5", "1-3 left", "5-5 right"])
>>> g = layout_geometry(s.layout, width=12)
>>> [(str(t.tile), t.box.x0, t.box.y0, t.horizontal) for t in g.tiles]
[('3-5', -1.0, -0.5, True), ('1-3', -3.0, -0.5, True), ('5-5', 1.0, -1.0, False)]
>>> [(j.inner, j.outer) for j in g.joints]        # touching halves, from the middle outward
[(3, 3), (5, 5)]
>>> [(str(s.end), s.value, s.box) for s in g.slots]   # where the next tile at each end would go
[('left', 1, Box(x0=-4.0, y0=-1.5, x1=-3.0, y1=0.5)), ('right', 5, Box(x0=2.0, y0=-0.5, x1=4.0, y1=0.5))]
>>> # (no room is left on the left of a 12-wide table: the next tile there turns the corner upward)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain, cycle

from ..core.actions import End
from ..core.errors import ParameterError
from ..core.layouts import Layout, Placement
from ..core.tiles import Tile

Vec = tuple[float, float]
EAST: Vec = (1.0, 0.0)
WEST: Vec = (-1.0, 0.0)
SOUTH: Vec = (0.0, 1.0)
NORTH: Vec = (0.0, -1.0)

EPS = 1e-9
#: The narrowest widths (in half-tiles) a line and a spinner/cross can snake in.
MIN_LINE_WIDTH = 9.0
MIN_CROSS_WIDTH = 20.0


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle ``[x0, x1] x [y0, y1]``."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def center(self) -> Vec:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    def overlaps(self, other: Box) -> bool:
        """Whether the two share some area (touching edges do not count).

        >>> Box(0, 0, 2, 1).overlaps(Box(2, 0, 3, 1)), Box(0, 0, 2, 1).overlaps(Box(1.5, 0.5, 3, 1))
        (False, True)
        """
        return (self.x0 < other.x1 - EPS and other.x0 < self.x1 - EPS
                and self.y0 < other.y1 - EPS and other.y0 < self.y1 - EPS)

    def shared_edge(self, other: Box) -> tuple[float, float, float, float] | None:
        """The segment (x0, y0, x1, y1) along which the two touch, if it has positive length.

        >>> Box(0, 0, 1, 1).shared_edge(Box(1, 0.5, 2, 2)), Box(0, 0, 1, 1).shared_edge(Box(1, 1, 2, 2))
        ((1, 0.5, 1, 1), None)
        """
        for a, b in ((self.x1, other.x0), (self.x0, other.x1)):
            if abs(a - b) < EPS:
                lo, hi = max(self.y0, other.y0), min(self.y1, other.y1)
                if hi - lo > EPS:
                    return (a, lo, a, hi)
        for a, b in ((self.y1, other.y0), (self.y0, other.y1)):
            if abs(a - b) < EPS:
                lo, hi = max(self.x0, other.x0), min(self.x1, other.x1)
                if hi - lo > EPS:
                    return (lo, a, hi, a)
        return None

    def union(self, other: Box) -> Box:
        return Box(min(self.x0, other.x0), min(self.y0, other.y0), max(self.x1, other.x1), max(self.y1, other.y1))

    def contains(self, other: Box) -> bool:
        return (self.x0 <= other.x0 + EPS and self.y0 <= other.y0 + EPS
                and other.x1 <= self.x1 + EPS and other.y1 <= self.y1 + EPS)


def _square(c: Vec) -> Box:
    return Box(c[0] - 0.5, c[1] - 0.5, c[0] + 0.5, c[1] + 0.5)


def _cross_box(c: Vec, d: Vec) -> Box:
    """A double lying across direction ``d``: one unit along ``d``, two across."""
    if d[1] == 0:
        return Box(c[0] - 0.5, c[1] - 1, c[0] + 0.5, c[1] + 1)
    return Box(c[0] - 1, c[1] - 0.5, c[0] + 1, c[1] + 0.5)


def _add(p: Vec, d: Vec, k: float = 1.0) -> Vec:
    return (p[0] + k * d[0], p[1] + k * d[1])


def _dot(p: Vec, d: Vec) -> float:
    return p[0] * d[0] + p[1] * d[1]


@dataclass(frozen=True)
class TileBox:
    """One tile of the layout as it lies: its rectangle and where each of its halves is.

    ``near_box`` is the half that faces the middle and ``far_box`` the half facing out; for a
    double laid crosswise both are the whole tile (its long side touches both neighbours).
    For the lead, ``near_box`` is its left (or upper) half and ``far_box`` the other one.
    """

    tile: Tile
    box: Box
    near: int
    far: int
    near_box: Box
    far_box: Box
    arm: End | None  # None for the lead
    index: int  # 0 for the lead, then 1, 2, ... from the middle outward along the arm
    move: int  # the play's index in the game's history

    @property
    def horizontal(self) -> bool:
        """Whether the long side is horizontal."""
        return self.box.width > self.box.height

    @property
    def crosswise(self) -> bool:
        return self.near_box == self.box and self.tile.is_double

    @property
    def halves(self) -> tuple[int, int]:
        """The numbers on the left and right halves (flat tile) or top and bottom (upright)."""
        if self.near_box == self.far_box:
            return (self.near, self.far)
        if self.horizontal:
            near_first = self.near_box.x0 < self.far_box.x0
        else:
            near_first = self.near_box.y0 < self.far_box.y0
        return (self.near, self.far) if near_first else (self.far, self.near)


@dataclass(frozen=True)
class Joint:
    """Where two tiles of an arm touch: the numbers on the touching halves and the shared edge."""

    arm: End
    index: int  # the outer tile's index along the arm
    inner: int  # the number on the inner tile's touching half
    outer: int  # the number on the outer tile's touching half
    edge: tuple[float, float, float, float]


@dataclass(frozen=True)
class Slot:
    """Where the next (non-double) tile at an open end would go."""

    end: End
    value: int  # the number the end shows
    box: Box
    near_box: Box  # the half that would touch the end


@dataclass(frozen=True)
class LayoutGeometry:
    """Every tile's rectangle, the joints and the open-end slots of one layout."""

    kind: str
    tiles: tuple[TileBox, ...]  # the lead first, then each arm by End from the middle outward
    joints: tuple[Joint, ...]
    slots: tuple[Slot, ...]
    bounds: Box  # around tiles and slots
    width: float  # the width the arms snake in (never below the kind's minimum)


Leg = tuple[Vec, "float | None"]  # a direction and a limit on the projection along it (None: a connector)


class _Walker:
    """Lays the tiles of one arm one after another, turning where the legs say (see module doc).

    Rules: a tile goes straight while it fits before the leg's limit (a normal tile needs room
    for itself and one unit more for a corner; a double needs one unit). A corner is a normal
    tile laid beyond the previous tile's end in the new direction; after a double the next
    tile turns off the double's long side instead. A connector leg (between two rows) ends
    after its first normal tile, and a double never takes a corner after a normal tile.
    """

    __slots__ = ("c_last", "conn_done", "d", "last_double", "legs", "limit", "p")

    def __init__(self, p: Vec, legs: Iterator[Leg], last_double: bool, c_last: Vec) -> None:
        self.legs = legs
        self.d, self.limit = next(legs)
        self.p = p
        self.conn_done = False
        self.last_double = last_double
        self.c_last = c_last

    def copy(self) -> _Walker:
        w = _Walker.__new__(_Walker)
        w.p, w.d, w.limit, w.conn_done, w.last_double, w.c_last = (
            self.p, self.d, self.limit, self.conn_done, self.last_double, self.c_last)
        w.legs = self.legs  # shared iterator: a copy may only be used for one more tile
        return w

    def place(self, double: bool) -> tuple[Box, Box, Box]:
        """The box, near half and far half of the next tile."""
        if self.limit is None:  # a connector
            if self.conn_done and (self.last_double or not double):
                return self._turn(double)
            placed = self._straight(double)
            if not double:
                self.conn_done = True
            return placed
        room = self.limit - 0.5 - _dot(self.p, self.d)
        if room >= (1.0 if double else 3.0) - EPS or (double and not self.last_double):
            return self._straight(double)
        return self._turn(double)

    def _straight(self, double: bool) -> tuple[Box, Box, Box]:
        d = self.d
        c = _add(self.p, d, 0.5)
        if double:
            box = _cross_box(c, d)
            self.p = _add(self.p, d, 1.0)
            self.c_last, self.last_double = c, True
            return box, box, box
        far = _add(c, d)
        self.p = _add(self.p, d, 2.0)
        self.c_last, self.last_double = far, False
        near_box, far_box = _square(c), _square(far)
        return near_box.union(far_box), near_box, far_box

    def _turn(self, double: bool) -> tuple[Box, Box, Box]:
        old = self.d
        self.d, self.limit = next(self.legs)
        self.conn_done = False
        d = self.d
        base = _add(self.c_last, d, 1.5) if self.last_double else _add(self.p, old, 0.5)
        if double:
            box = _cross_box(base, d)
            self.p = _add(base, d, 0.5)
            self.c_last, self.last_double = base, True
            return box, box, box
        far = _add(base, d)
        self.p = _add(far, d, 0.5)
        self.c_last, self.last_double = far, False
        if self.limit is None:
            self.conn_done = True
        near_box, far_box = _square(base), _square(far)
        return near_box.union(far_box), near_box, far_box


def _legs(first: list[Leg], repeat: list[Leg]) -> Iterator[Leg]:
    return chain(first, cycle(repeat))


def _arm_walkers(layout: Layout, center: TileBox, width: float, height: float) -> dict[End, _Walker]:
    """A walker at the start of each arm the layout kind has."""
    b = center.box
    double = center.tile.is_double
    half = width / 2
    if layout.kind == "line":
        return {
            End.RIGHT: _Walker((b.x1, 0.0), _legs([(EAST, half)], [(SOUTH, None), (WEST, half), (SOUTH, None), (EAST, half)]),
                               double, (0.0, 0.0) if double else center.far_box.center),
            End.LEFT: _Walker((b.x0, 0.0), _legs([(WEST, half)], [(NORTH, None), (EAST, half), (NORTH, None), (WEST, half)]),
                              double, (0.0, 0.0) if double else center.near_box.center),
        }
    inner = 1.5  # the horizontal arms' rows keep clear of the vertical arms' columns (|x| <= 1)
    turn = height / 2
    return {
        End.RIGHT: _Walker((b.x1, 0.0), _legs([(EAST, half)], [(SOUTH, None), (WEST, -inner), (SOUTH, None), (EAST, half)]),
                           double, (0.0, 0.0)),
        End.LEFT: _Walker((b.x0, 0.0), _legs([(WEST, half)], [(NORTH, None), (EAST, -inner), (NORTH, None), (WEST, half)]),
                          double, (0.0, 0.0)),
        End.DOWN: _Walker((0.0, b.y1), _legs([(SOUTH, turn), (WEST, half)], [(SOUTH, None), (EAST, 1.0), (SOUTH, None), (WEST, half)]),
                          False, (0.0, 0.0)),
        End.UP: _Walker((0.0, b.y0), _legs([(NORTH, turn), (EAST, half)], [(NORTH, None), (WEST, 1.0), (NORTH, None), (EAST, half)]),
                        False, (0.0, 0.0)),
    }


def _center_box(p: Placement) -> TileBox:
    if p.tile.is_double:
        box = Box(-0.5, -1.0, 0.5, 1.0)
        return TileBox(p.tile, box, p.near, p.far, box, box, None, 0, p.move)
    near, far = Box(-1.0, -0.5, 0.0, 0.5), Box(0.0, -0.5, 1.0, 0.5)
    return TileBox(p.tile, near.union(far), p.near, p.far, near, far, None, 0, p.move)


def _inner_side(center: TileBox, arm: End) -> tuple[Box, int]:
    """The lead's box and number that the first tile of ``arm`` touches."""
    if center.near_box == center.far_box:
        return center.box, center.near
    if arm is End.LEFT:
        return center.near_box, center.near
    if arm is End.RIGHT:
        return center.far_box, center.far
    return center.box, center.near


def min_width(kind: str) -> float:
    """The narrowest width (half-tiles) the arms of this kind of layout can snake in.

    >>> min_width("line"), min_width("spinner")
    (9.0, 20.0)
    """
    return MIN_LINE_WIDTH if kind == "line" else MIN_CROSS_WIDTH


def layout_geometry(layout: Layout, *, width: float = 22.0, height: float | None = None) -> LayoutGeometry:
    """The geometry of ``layout`` with the arms snaking inside ``width`` half-tiles.

    ``width`` is raised to the kind's minimum (9 for a line, 20 for a spinner or cross).
    ``height`` (spinner and cross only) is where the vertical arms turn; by default 16.
    Every tile lies inside ``-width/2 <= x <= width/2``; no two tiles overlap; each tile
    touches the previous one of its arm along an edge of the touching halves.
    """
    if not isinstance(layout, Layout):
        raise ParameterError("layout_geometry needs a Layout, not {name}", name=type(layout).__name__)
    if isinstance(width, bool) or not isinstance(width, (int, float)) or width <= 0:
        raise ParameterError("width must be a positive number of half-tiles, not {width!r}", width=width)
    width = max(float(width), min_width(layout.kind))
    height = 16.0 if height is None else max(float(height), 12.0)
    if layout.center is None:
        box = Box(-1.0, -0.5, 1.0, 0.5)
        return LayoutGeometry(layout.kind, (), (), (), box, width)
    center = _center_box(layout.center)
    tiles = [center]
    joints: list[Joint] = []
    slots: list[Slot] = []
    walkers = _arm_walkers(layout, center, width, height)
    open_ends = dict(layout.ends)
    for arm in layout.end_names:
        walker = walkers[arm]
        inner_box, inner_value = _inner_side(center, arm)
        for i, p in enumerate(layout.arms[arm], start=1):
            box, near_box, far_box = walker.place(p.tile.is_double)
            tb = TileBox(p.tile, box, p.near, p.far, near_box, far_box, arm, i, p.move)
            edge = inner_box.shared_edge(near_box)
            assert edge is not None, "renderer geometry: an arm came apart"
            joints.append(Joint(arm, i, inner_value, p.near, edge))
            tiles.append(tb)
            inner_box, inner_value = far_box, p.far
        if arm in open_ends:
            box, near_box, _ = walker.copy().place(False)
            slots.append(Slot(arm, open_ends[arm], box, near_box))
    bounds = center.box
    for t in tiles:
        bounds = bounds.union(t.box)
    for s in slots:
        bounds = bounds.union(s.box)
    return LayoutGeometry(layout.kind, tuple(tiles), tuple(joints), tuple(slots), bounds, width)

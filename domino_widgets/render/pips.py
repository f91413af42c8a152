"""Pip patterns of the numbers 0..12 and the SVG path of a tile's face.

Positions are in a half's own unit square, for a half of an upright (portrait) tile: ``x``
across the tile, ``y`` along it. 0..9 use the usual 3 x 3 grid (the 6 is two columns of
three on an upright tile, two rows of three on a flat one); 10..12 (double-twelve sets) use
three columns of four rows.

>>> [len(pip_positions(n)) for n in range(13)]
[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
>>> pip_positions(6)      # two columns of three on an upright tile
((0.25, 0.22), (0.25, 0.5), (0.25, 0.78), (0.75, 0.22), (0.75, 0.5), (0.75, 0.78))
"""

from __future__ import annotations

from functools import lru_cache

from ..core.errors import ParameterError
from ..core.tiles import MAX_PIPS
from ._svg import num

_C = (0.25, 0.5, 0.75)  # columns of the 3 x 3 grid
_R = (0.22, 0.5, 0.78)  # rows of the 3 x 3 grid


def _g(*cells: tuple[int, int]) -> tuple[tuple[float, float], ...]:
    return tuple((_C[c], _R[r]) for c, r in cells)


_FOUR_ROWS = (0.16, 0.39, 0.61, 0.84)
_SIDES = tuple((x, y) for x in (0.22, 0.78) for y in _FOUR_ROWS)

_PATTERNS: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    _g((1, 1)),
    _g((2, 0), (0, 2)),
    _g((2, 0), (1, 1), (0, 2)),
    _g((0, 0), (2, 0), (0, 2), (2, 2)),
    _g((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    _g((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    _g((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    _g((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    _g(*((c, r) for c in range(3) for r in range(3))),
    _SIDES + ((0.5, 0.39), (0.5, 0.61)),
    _SIDES + ((0.5, 0.27), (0.5, 0.5), (0.5, 0.73)),
    _SIDES + tuple((0.5, y) for y in _FOUR_ROWS),
)


def pip_positions(n: int) -> tuple[tuple[float, float], ...]:
    """The pip centres of the number ``n`` in an upright half's unit square."""
    if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_PIPS:
        raise ParameterError("a half shows 0..{max_pips} pips, not {n!r}", max_pips=MAX_PIPS, n=n)
    return _PATTERNS[n]


def pip_radius(n: int) -> float:
    """Pip radius as a fraction of the half's side: smaller for the crowded 10..12."""
    return 0.095 if n <= 9 else 0.075


@lru_cache(maxsize=4096)
def face_path(first: int, second: int, horizontal: bool, unit: float, inset: float) -> str:
    """The path (relative to the tile's top-left corner) of the divider and all pips.

    ``first`` is the left half of a flat tile or the top half of an upright one. One filled
    path per tile keeps the SVG small and fast; the divider is a thin filled bar.

    >>> face_path(0, 1, True, 36.0, 2.0).count("z"), face_path(6, 6, False, 36.0, 2.0).count("z")   # bar + pips
    (2, 13)
    """
    parts: list[str] = []
    bar = max(1.0, unit * 0.05)
    pad = inset + unit * 0.12  # the divider stops short of the edges
    if horizontal:
        parts.append(f"M{num(unit - bar / 2)} {num(pad)}h{num(bar)}v{num(unit - 2 * pad)}h{num(-bar)}z")
    else:
        parts.append(f"M{num(pad)} {num(unit - bar / 2)}h{num(unit - 2 * pad)}v{num(bar)}h{num(-(unit - 2 * pad))}z")
    for half, n in enumerate((first, second)):
        r = pip_radius(n) * unit
        for px, py in pip_positions(n):
            if horizontal:  # a flat tile: the half's "along" axis is x
                cx, cy = half * unit + py * unit, px * unit
            else:
                cx, cy = px * unit, half * unit + py * unit
            parts.append(
                f"M{num(cx - r)} {num(cy)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
                f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0z"
            )
    return "".join(parts)

"""Tiles and double-N sets.

A tile is the unordered pair ``{low, high}`` with ``0 <= low <= high``. Each tile has a
fixed small index (``high * (high + 1) // 2 + low``), so the double-six set is the prefix
``0..27`` of the double-nine set ``0..54``; the engine keeps hands as bit masks over these
indices.

>>> t = Tile.parse("5-3")
>>> t, str(t), t.value, t.is_double
(Tile(3, 5), '3-5', 8, False)
>>> len(tile_set(6)), sum(t.value for t in tile_set(6))     # 28 tiles, 168 pips
(28, 168)
>>> [str(t) for t in tile_set(6) if t.has(6)]                # the suit of 6: seven tiles
['0-6', '1-6', '2-6', '3-6', '4-6', '5-6', '6-6']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import total_ordering
from typing import ClassVar

from .errors import NotationError, quote
from .pictured import Pictured

#: The largest set the package supports (double-twelve, 91 tiles).
MAX_PIPS = 12

_TILE_RE = re.compile(r"^\s*([0-9]{1,2})\s*[-|:/]\s*([0-9]{1,2})\s*$", re.ASCII)


@total_ordering
class Tile(Pictured):
    """An immutable domino tile; ``Tile(a, b) is Tile(b, a)`` (instances are interned).

    >>> Tile(6, 1) == Tile.parse("1-6"), Tile(6, 1) is Tile(1, 6)
    (True, True)
    >>> eval(repr(Tile(2, 4)))
    Tile(2, 4)
    >>> Tile(4, 4).other(4), Tile(2, 4).other(4)
    (4, 2)
    """

    __slots__ = ("low", "high", "index")
    _cache: ClassVar[dict[tuple[int, int], Tile]] = {}
    low: int
    high: int
    index: int

    def __new__(cls, a: int, b: int) -> Tile:
        if type(a) is not int or type(b) is not int:
            raise NotationError("tile halves must be whole numbers, not {a!r} and {b!r}", a=a, b=b)
        key = (a, b) if a <= b else (b, a)
        tile = cls._cache.get(key)
        if tile is None:
            if key[0] < 0 or key[1] > MAX_PIPS:
                raise NotationError("tile halves must be 0..{max_pips}, not {a}-{b}",
                                    max_pips=MAX_PIPS, a=a, b=b)
            tile = object.__new__(cls)
            object.__setattr__(tile, "low", key[0])
            object.__setattr__(tile, "high", key[1])
            object.__setattr__(tile, "index", key[1] * (key[1] + 1) // 2 + key[0])
            cls._cache[key] = tile
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.low, self.high))

    @classmethod
    def parse(cls, text: str | Tile) -> Tile:
        """Read ``"3-5"`` (also ``"3|5"``, ``"3:5"``, ``"3/5"``); a `Tile` passes through.

        >>> Tile.parse(" 6|6 ")
        Tile(6, 6)
        """
        if isinstance(text, Tile):
            return text
        if not isinstance(text, str):
            raise NotationError("a tile is written like '3-5', not {text}", text=quote(text))
        m = _TILE_RE.match(text)
        if not m:
            raise NotationError("a tile is written like '3-5', not {text}", text=quote(text))
        return cls(int(m.group(1)), int(m.group(2)))

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile with this index (see the module docstring).

        >>> Tile.from_index(0), Tile.from_index(27), Tile.from_index(28)
        (Tile(0, 0), Tile(6, 6), Tile(0, 7))
        >>> Tile.from_index(-1)
        Traceback (most recent call last):
        ...
        domino_widgets.core.errors.NotationError: a tile index is a whole number 0..90 (double-12 at most), not -1
        """
        if type(index) is not int or not 0 <= index < len(_BY_INDEX):
            raise NotationError("a tile index is a whole number 0..{last} (double-{max_pips} at most), "
                                "not {index!r}", last=len(_BY_INDEX) - 1, max_pips=MAX_PIPS, index=index)
        return _BY_INDEX[index]

    @property
    def value(self) -> int:
        """The pip sum."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        return self.low == self.high

    @property
    def halves(self) -> tuple[int, int]:
        return (self.low, self.high)

    def has(self, number: int) -> bool:
        """Whether one half shows ``number`` (the tile belongs to that suit)."""
        return number == self.low or number == self.high

    def other(self, number: int) -> int:
        """The half opposite the one showing ``number``."""
        if number == self.low:
            return self.high
        if number == self.high:
            return self.low
        raise NotationError("{tile} has no half {number}", tile=self, number=quote(number))

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.index < other.index

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised with the renderer installed
        from ..render import tile_svg

        return tile_svg(self)


_BY_INDEX: list[Tile] = [Tile(a, b) for b in range(MAX_PIPS + 1) for a in range(b + 1)]


def set_size(pips: int) -> int:
    """Number of tiles in the double-``pips`` set.

    >>> set_size(6), set_size(9)
    (28, 55)
    """
    return (pips + 1) * (pips + 2) // 2


def tile_set(pips: int = 6) -> tuple[Tile, ...]:
    """All tiles of the double-``pips`` set, in index order."""
    if type(pips) is not int or not 1 <= pips <= MAX_PIPS:
        raise NotationError("a set is double-1 .. double-{max_pips}, not double-{pips!r}", max_pips=MAX_PIPS, pips=pips)
    return tuple(_BY_INDEX[: set_size(pips)])


def suit(number: int, pips: int = 6) -> tuple[Tile, ...]:
    """The tiles showing ``number`` in the double-``pips`` set.

    >>> len(suit(0)), len(suit(0, pips=9))
    (7, 10)
    """
    return tuple(t for t in tile_set(pips) if t.has(number))


def parse_tiles(items: Iterable[str | Tile] | str) -> list[Tile]:
    """Tiles from notation: a list of items, or one string separated by spaces or commas.

    >>> parse_tiles("6-6, 5-6 0-1")
    [Tile(6, 6), Tile(5, 6), Tile(0, 1)]
    >>> parse_tiles(None)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.NotationError: tiles are a list like ['3-5', '6-6'] or a string like '3-5 6-6', not None
    """
    if isinstance(items, str):
        items = [p for p in re.split(r"[\s,]+", items) if p]
    elif isinstance(items, (bytes, bytearray, Mapping)) or not isinstance(items, Iterable):
        raise NotationError("tiles are a list like ['3-5', '6-6'] or a string like '3-5 6-6', not {items}",
                            items=quote(items))
    return [Tile.parse(x) for x in items]



def mask_of(tiles: Iterable[Tile]) -> int:
    """The bit mask of a collection of tiles."""
    m = 0
    for t in tiles:
        m |= 1 << t.index
    return m


def tiles_of(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bit mask, in index order.

    >>> tiles_of(mask_of([Tile(1, 2), Tile(0, 0)]))
    (Tile(0, 0), Tile(1, 2))
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(_BY_INDEX[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def count_of(mask: int) -> int:
    """The pip count of the tiles of a bit mask."""
    return sum(t.value for t in tiles_of(mask))

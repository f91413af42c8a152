"""Layouts: what lies on the table, in play order and orientation (COM-1..3, BRG-3/4).

A layout has a middle tile (the lead) and up to four arms growing out of it, by `End`. The
two-ended line uses LEFT and RIGHT; the All Fives spinner and the `bergen` cross also use UP
and DOWN. Each `Placement` keeps the half that faces the middle (``near``) and the half that
faces out (``far``), so the renderer can draw every tile as it lies. Which ends are open and
what they show is decided by the engine (the spinner's long sides open late, COM-3; the cross
takes only sixes in phase one, BRG-3); the layout records that answer.

>>> import domino_widgets as dw
>>> s = dw.new_game("block", hands=[["3-5", "5-5"], ["1-3", "6-6"]], leader=0)
>>> lay = s.play("3-5").play("1-3 left").layout
>>> str(lay), dict(lay.ends)
('1-3 3-5', {<End.LEFT: 0>: 1, <End.RIGHT: 1>: 5})
>>> [(str(p.tile), p.near, p.far) for p in lay.arms[0]]
[('1-3', 3, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .actions import End
from .engine import CROSS, LINE, SPINNER
from .tiles import Tile
from .pictured import Pictured

__all__ = ["CROSS", "LINE", "SPINNER", "Layout", "Placement"]


@dataclass(frozen=True)
class Placement:
    """One tile on the table."""

    tile: Tile
    arm: End | None  # None for the lead in the middle
    near: int  # the half toward the middle (for the lead: its left, or upper, half)
    far: int  # the half facing out
    move: int  # the index of the play in the game's action history

    @property
    def crosswise(self) -> bool:
        """Doubles are laid across the line (COM-2)."""
        return self.tile.is_double


@dataclass(frozen=True)
class Layout(Pictured):
    """The tiles on the table and the open ends."""

    kind: str  # "line", "spinner" or "cross"
    center: Placement | None
    arms: tuple[tuple[Placement, ...], ...]  # by End, each from the middle outward
    ends: tuple[tuple[End, int], ...]  # the open ends and the number each shows

    @property
    def end_names(self) -> tuple[End, ...]:
        """The ends this kind of layout has."""
        return (End.LEFT, End.RIGHT) if self.kind == LINE else tuple(End)

    def placements(self) -> tuple[Placement, ...]:
        """Every tile on the table, in the order they were played."""
        items = [p for arm in self.arms for p in arm]
        if self.center is not None:
            items.append(self.center)
        return tuple(sorted(items, key=lambda p: p.move))

    def chain(self) -> tuple[tuple[Tile, int, int], ...]:
        """The LEFT arm, the middle and the RIGHT arm from left to right, as (tile, left half,
        right half): the line as a player reads it."""
        if self.center is None:
            return ()
        out = [(p.tile, p.far, p.near) for p in reversed(self.arms[End.LEFT])]
        out.append((self.center.tile, self.center.near, self.center.far))
        out.extend((p.tile, p.near, p.far) for p in self.arms[End.RIGHT])
        return tuple(out)

    def __len__(self) -> int:
        return (self.center is not None) + sum(len(a) for a in self.arms)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements())

    def __str__(self) -> str:
        if self.center is None:
            return "(empty)"
        line = " ".join(f"{a}-{b}" for _, a, b in self.chain())
        if self.kind == LINE:
            return line
        ups = " ".join(f"{p.near}-{p.far}" for p in self.arms[End.UP])
        downs = " ".join(f"{p.near}-{p.far}" for p in self.arms[End.DOWN])
        return f"{line} | up: {ups or '-'} | down: {downs or '-'}"

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised with the renderer installed
        from ..render import layout_svg

        return layout_svg(self)

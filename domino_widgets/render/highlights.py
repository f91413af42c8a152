"""What to highlight on a table (DRW-7): the playable tiles, the selected one and its ends.

The renderer never works out which plays are legal: the caller passes the legal actions it got
from ``state.legal_actions()`` or ``view.legal_actions`` (DESIGN principle 1), and
`Highlights.from_actions` only sorts them into tiles and ends.

>>> import domino_widgets as dw
>>> s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0).play("6-6")
>>> h = Highlights.from_actions(s.legal_actions(), selected="5-6")
>>> sorted(map(str, h.playable)), str(h.selected), sorted(map(str, h.targets))
(['5-6'], '5-6', ['left', 'right'])
>>> Highlights(playable=["6-5"], targets=["up"]) == Highlights(frozenset([Tile(5, 6)]), None, frozenset([End.UP]))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.actions import Action, ActionKind, End
from ..core.errors import ParameterError, Phrase
from ..core.tiles import Tile


@dataclass(frozen=True)
class Highlights:
    """Tiles to mark as playable, the selected tile, and the ends it can go to."""

    playable: frozenset[Tile] = frozenset()
    selected: Tile | None = None
    targets: frozenset[End] = frozenset()
    lead: bool = False  # the selected tile would be the lead (the table is empty)
    hinted: Tile | None = None  # the tile of the hint's play: drawn with a dashed outline, not by colour alone

    def __post_init__(self) -> None:
        # accept any iterables of tiles / ends, as objects or notation ("3-5", "left")
        try:
            playable = frozenset(Tile.parse(t) for t in self.playable)
            targets = frozenset(End.parse(e) if isinstance(e, str) else End(e) for e in self.targets)
            selected = None if self.selected is None else Tile.parse(self.selected)
            hinted = None if self.hinted is None else Tile.parse(self.hinted)
        except (TypeError, ValueError) as exc:
            raise ParameterError("bad highlights: {error}", error=exc) from None
        object.__setattr__(self, "playable", playable)
        object.__setattr__(self, "targets", targets)
        object.__setattr__(self, "selected", selected)
        object.__setattr__(self, "hinted", hinted)

    @classmethod
    def make(cls, playable: Iterable[Tile | str] = (), selected: Tile | str | None = None,
             targets: Iterable[End | str] = (), lead: bool = False) -> Highlights:
        """The same as the constructor, typed for any iterables and notation."""
        return cls(playable, selected, targets, lead)  # type: ignore[arg-type]

    @classmethod
    def from_actions(cls, actions: Iterable[Action | str], selected: Tile | str | None = None) -> Highlights:
        """Sort legal actions into playable tiles and, for ``selected``, the ends it may go to.

        Plays and the solitaire's base choice (SOL-2) count; draws, passes, takes and stands do not.

        Raises `ParameterError` if ``selected`` is not among the playable tiles.
        """
        plays = [a for a in (Action.parse(x) for x in actions) if a.kind in _LAYS]
        playable = frozenset(a.tile for a in plays if a.tile is not None)
        if selected is None:
            return cls(playable)
        sel = Tile.parse(selected)
        if sel not in playable:
            raise ParameterError("{sel} cannot be selected: the playable tiles are {playable}",
                                 sel=sel, playable=', '.join(sorted(map(str, playable))) or Phrase("none"))
        mine = [a for a in plays if a.tile is sel]
        targets = frozenset(a.end for a in mine if a.end is not None)
        return cls(playable, sel, targets, lead=any(a.end is None for a in mine))


NONE = Highlights()
_LAYS = (ActionKind.PLAY, ActionKind.BASE)  # actions that put a tile on the table (SOL-2: the base)


def coerce(highlights: Highlights | None, legal: Iterable[Action] | None = None) -> Highlights:
    """``None`` -> nothing; ``True`` -> the given legal actions; a `Highlights` passes through."""
    if highlights is None or highlights is False:
        return NONE
    if highlights is True:
        return Highlights.from_actions(legal or ())
    if isinstance(highlights, Highlights):
        return highlights
    raise ParameterError("highlights must be a Highlights (see Highlights.from_actions), True or None; not "
                         "{highlights!r}", highlights=highlights)

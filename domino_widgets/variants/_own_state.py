"""What the two games with a state class of their own (Twenty-one, solitaire) share.

`new_game` hands these games to their variant's ``factory`` (see `Variant.factory`); the helpers
here check the same arguments the line games take (``seed``, scripted tiles) with the core's
errors, and `OwnState` gives both states the `GameState` shape: immutable, ``play`` returns a
new state, ``undo`` the previous one, records replay with `load_record`.

>>> check_seed(5), check_seed(None) is None
(5, True)
>>> check_seed("5")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: seed must be a whole number 0 <= seed < 2**64, not '5'
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.actions import Action
from ..core.errors import IllegalPlayError, ParameterError, quote
from ..core.errors import check_seed as _check_seed
from ..core.state import RECORD_FORMAT, RECORD_VERSION
from ..core.tiles import Tile, parse_tiles
from ..core.pictured import Pictured


def check_seed(seed: Any) -> int | None:
    """A whole-number seed, or None (COM-7)."""
    return _check_seed(seed)


def check_hands(hands: Any, count: int, example: str) -> Sequence[Any]:
    """A scripted deal's ``hands``: a list of ``count`` hands (each a list of tiles or a string)."""
    if not isinstance(hands, Sequence) or isinstance(hands, (str, bytes)) or len(hands) != count:
        raise ParameterError("hands must list {count} hands, like {example}, not {hands}" if count > 1 else
                             "hands must list {count} hand, like {example}, not {hands}",
                             count=count, example=example, hands=quote(hands))
    return hands


def check_scripted_seed(seed: int | None, boneyard: Any) -> None:
    """COM-7: a scripted deal uses a seed only to shuffle a stock left unlisted; refuse one that
    would be dropped silently."""
    if seed is not None and boneyard is not None:
        raise ParameterError("seed={seed} does nothing here: with hands= and boneyard= the deal is complete; leave "
                             "the seed out (or leave out boneyard= to shuffle the rest with it)", seed=seed)


def check_first_seat(variant: str, leader: Any, why: str) -> None:
    """Seat 0 always starts these games; ``leader`` may only say so."""
    if leader is not None and (type(leader) is not int or leader != 0):
        raise ParameterError("{variant}: {why}; leader={leader} is not allowed",
                             variant=variant, why=why, leader=quote(leader))


def fresh_seed() -> int:
    """A new random seed, for a game started without one (it is kept, so the game replays)."""
    return random.SystemRandom().randrange(2**63)


def tiles_arg(name: str, items: Iterable[str | Tile] | str | None, size: int) -> list[Tile]:
    """Scripted tiles from notation, each checked to be in a set of ``size`` tiles."""
    if items is None:
        return []
    try:
        tiles = parse_tiles(items)
    except ValueError as exc:
        raise ParameterError("{name}: {error}", name=name, error=exc) from None
    for t in tiles:
        if t.index >= size:
            raise ParameterError("{name}: {tile} is not in the set of {size} tiles", name=name, tile=t, size=size)
    return tiles


def no_repeats(groups: Sequence[tuple[str, Sequence[Tile]]]) -> None:
    """Each tile listed once across the named groups of a scripted deal."""
    seen: dict[Tile, str] = {}
    for where, group in groups:
        for t in group:
            if t in seen:
                raise ParameterError("{where}: {tile} is listed twice (also in {seen})",
                                     where=where, tile=t, seen=seen[t])
            seen[t] = where


def record_header(variant: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "variant": variant, "params": dict(params)}


class OwnState(Pictured):
    """The parts of the `GameState` shape both games share: parent links, undo, history, JSON."""

    __slots__ = ("_action", "_parent")

    _parent: OwnState | None
    _action: Action | None

    @property
    def parent(self) -> Any:
        return self._parent

    @property
    def last_action(self) -> Action | None:
        return self._action

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, oldest first (a take names the tile taken)."""
        out = []
        s: OwnState | None = self
        while s is not None and s._action is not None:
            out.append(s._action)
            s = s._parent
        return tuple(reversed(out))

    def undo(self) -> Any:
        """The state before the last action."""
        if self._parent is None:
            raise IllegalPlayError("nothing to undo: this is the start of the game")
        return self._parent

    def play(self, action: Action | str) -> Any:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` may be played now (bad notation still raises `NotationError`)."""
        try:
            self.play(action)
        except IllegalPlayError:
            return False
        return True

    def to_record(self) -> dict[str, Any]:  # pragma: no cover - every game defines it
        raise NotImplementedError

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_record(), **kwargs)

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised with the renderer installed
        from ..render import state_svg

        return state_svg(self)

"""Players by name: ``get_player("expert", variant="all_fives")``.

Each name maps to a factory per variant. The line players (``random``, ``greedy``, ``expert``)
are registered here for every line variant. Players of other games register themselves with
`register_player`; a module ``domino_widgets/players/<variant>.py`` (for example
``twentyone.py``) is imported automatically the first time a player of that variant is asked for,
so its ``register_player(...)`` calls run without any other wiring.

>>> get_player("greedy", variant="all_fives")
<GreedyPlayer 'greedy'>
>>> get_player("expert", variant="draw", samples=10).samples
10
>>> available_players("block")
('expert', 'greedy', 'random')
>>> get_player("genius", variant="block")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: no player 'genius' for block; the players are: expert, greedy, random
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Iterable
from typing import Any

from ..core import registry as variants
from ..core.errors import ParameterError, quote
from .base import Player
from .expert import ExpertPlayer
from .line import GreedyPlayer, RandomPlayer

__all__ = ["LINE_VARIANTS", "available_players", "get_player", "register_player"]

LINE_VARIANTS = ("block", "draw_cz", "draw", "all_fives", "matador", "bergen")

Factory = Callable[..., Player]
_PLAYERS: dict[tuple[str, str], Factory] = {}


def register_player(name: str, factory: Factory, variants: Iterable[str]) -> None:
    """Make ``get_player(name, variant=v, **options)`` call ``factory(**options)`` for each ``v``."""
    for v in variants:
        _PLAYERS[(name, v)] = factory


def _variant_name(variant: str) -> str:
    return variants.get_variant(variant).name


def _autoload(variant: str) -> None:
    """Import ``domino_widgets.players.<variant>`` if it exists (it registers its players)."""
    if any(v == variant for _, v in _PLAYERS) or variant in LINE_VARIANTS:
        return
    module = f"{__package__}.{variant}"
    if importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


def available_players(variant: str) -> tuple[str, ...]:
    """The names of the players of a variant, sorted."""
    v = _variant_name(variant)
    _autoload(v)
    return tuple(sorted(name for name, w in _PLAYERS if w == v))


def get_player(name: str, *, variant: str, **options: Any) -> Player:
    """A new player called ``name`` for ``variant``; ``options`` go to its constructor
    (e.g. ``samples=`` for the expert). Raises `ParameterError` for an unknown name or option."""
    v = _variant_name(variant)
    _autoload(v)
    if not isinstance(name, str):
        raise ParameterError("a player's name is a text such as 'greedy', not {name}", name=quote(name))
    factory = _PLAYERS.get((name, v))
    if factory is None:
        raise ParameterError("no player {name!r} for {variant}; the players are: {available_players}",
                             name=name, variant=v, available_players=', '.join(available_players(v)))
    try:
        return factory(**options)
    except TypeError as exc:
        raise ParameterError("player {name!r} for {variant}: {error}", name=name, variant=v, error=exc) from None


register_player("random", RandomPlayer, LINE_VARIANTS)
register_player("greedy", GreedyPlayer, LINE_VARIANTS)
register_player("expert", ExpertPlayer, LINE_VARIANTS)

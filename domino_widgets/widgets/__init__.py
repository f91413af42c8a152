"""Interactive widgets for the classroom: a clickable board for every variant.

Built on ipywidgets 8, with anywidget for the one custom piece (the SVG board, `BoardWidget`).
The widgets are thin: they hold a state, ask the core what is legal, call the renderer and
re-render. Start with `play`:

>>> import domino_widgets.widgets as dww
>>> game = dww.play("block", mode="hotseat", seed=1)      # two people on one screen
>>> type(game).__name__, game.session.players
('GameWidget', 2)

``play(variant, mode="ai" | "hotseat" | "watch", level="random" | "greedy" | "expert",
seat=0, lang=None | "en" | "cs" | ..., open_hands=False, hint=False, inference=False, delay=0.6,
seed=None, fair_play=None, locked=(), **variant_parameters)`` (``lang=None``: the language set by
``dw.set_language``); a `GameState` instead of a name
plays that scripted hand. ``fair_play`` (on by default against the computer) keeps undo from going
back past a tile that was shown; ``locked`` names settings a student cannot change (their controls
are hidden), e.g. ``locked=("open_hands", "fair_play")``. Each New game or New match deals from a
fresh secret seed; a ``seed`` fixes the first deal only.
``play("twentyone", players=2, level="optimal" | "stand_at" | "random")`` and
``play("solitaire")`` return the widgets of those two games; `explore` opens the rule explorer.

>>> type(dww.play("twentyone", seed=1, delay=0)).__name__, type(dww.play("solitaire", seed=1)).__name__
('TwentyOneWidget', 'SolitaireWidget')
"""

from __future__ import annotations

from typing import Any

from .arguments import check_arguments
from ..core.registry import get_variant
from .board import BoardWidget
from .explorer import RuleExplorer
from .game import GameWidget
from .i18n import LANGS
from .solitaire import SolitaireWidget
from .twentyone import TwentyOneWidget

__all__ = ["LANGS", "BoardWidget", "GameWidget", "RuleExplorer", "SolitaireWidget", "TwentyOneWidget", "explore",
           "play"]


def play(variant: Any = "all_fives", **options: Any) -> Any:
    """A widget to play ``variant`` (a name, or a state to play on from): `GameWidget` for the
    line games, the Twenty-one and solitaire widgets for those two."""
    start = None if isinstance(variant, str) else variant
    name = get_variant(variant if start is None else getattr(start, "variant", variant)).name
    check_arguments(options, level_optional=name == "twentyone")
    if name == "twentyone":
        return TwentyOneWidget(start, **options)
    if name == "solitaire":
        return SolitaireWidget(start, **options)
    return GameWidget(start if start is not None else name, **options)


def explore(variant: str = "block", **options: Any) -> Any:
    """The rule explorer: set up a position from notation, see every legal move and its score."""
    return RuleExplorer(variant, **options)

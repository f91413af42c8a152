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
are hidden, and a value the lock forbids raises `guard.LockedSetting`), e.g.
``locked=("open_hands", "fair_play")``. Each New hand, New game or New match deals from a fresh
secret seed; a ``seed`` fixes the first deal only (a line game's ``seed_all_hands=True`` makes it fix
every hand of the match, as ``dw.Match(variant, seed)`` does).
``play("twentyone", players=2, level="optimal" | "stand_at" | "random")`` and
``play("solitaire")`` return the widgets of those two games; `explore` opens the rule explorer;
``solve(theme=None, variant=None, lang=None, rating=None, locked=())`` poses puzzles (issue 41):
a position from the student's view, the student plays, the answer is explained in words.

>>> type(dww.play("twentyone", seed=1, delay=0)).__name__, type(dww.play("solitaire", seed=1)).__name__
('TwentyOneWidget', 'SolitaireWidget')
"""

from __future__ import annotations

from typing import Any

from importlib import import_module
from typing import TYPE_CHECKING

from .arguments import check_arguments, check_options
from .lite_comm import send_none_as_null
from ..core.registry import get_variant

send_none_as_null()  # the browser-only site's kernel dropped every trait set to None (lite_comm)

if TYPE_CHECKING:  # pragma: no cover - for the type checkers; at run time they load on first use
    from .board import BoardWidget
    from .explorer import RuleExplorer
    from .game import GameWidget
    from .i18n import LANGS
    from .puzzle import PuzzleWidget
    from .solitaire import SolitaireWidget
    from .twentyone import TwentyOneWidget

__all__ = ["LANGS", "BoardWidget", "GameWidget", "PuzzleWidget", "RuleExplorer", "SolitaireWidget", "TwentyOneWidget",
           "explore", "play", "solve"]

# Each public name and the module it lives in: a module loads the first time one of its names is
# used (issue 29: a classroom's kernels start with only what the first board needs, the explorer,
# the review and the AI's search load when a student first opens them).
_LAZY = {"BoardWidget": "board", "RuleExplorer": "explorer", "GameWidget": "game", "LANGS": "i18n",
         "SolitaireWidget": "solitaire", "TwentyOneWidget": "twentyone", "PuzzleWidget": "puzzle"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def play(variant: Any = "all_fives", **options: Any) -> Any:
    """A widget to play ``variant`` (a name, or a state to play on from): `GameWidget` for the
    line games, the Twenty-one and solitaire widgets for those two."""
    start = None if isinstance(variant, str) else variant
    name = get_variant(variant if start is None else getattr(start, "variant", variant)).name
    check_arguments(options, level_optional=name == "twentyone")
    if name == "twentyone":
        from .twentyone import TwentyOneWidget

        check_options(TwentyOneWidget, name, options)
        return TwentyOneWidget(start, **options)
    if name == "solitaire":
        from .solitaire import SolitaireWidget

        check_options(SolitaireWidget, name, options)
        return SolitaireWidget(start, **options)
    from .game import GameWidget

    return GameWidget(start if start is not None else name, **options)


def explore(variant: str = "block", **options: Any) -> Any:
    """The rule explorer: set up a position from notation, see every legal move and its score."""
    from .explorer import RuleExplorer

    return RuleExplorer(variant, **options)


def solve(theme: str | None = None, **options: Any) -> Any:
    """The puzzle widget (`PuzzleWidget`, issue 41): puzzles of ``theme`` (one of
    `domino_widgets.puzzles.THEMES`, or None for every theme), ``variant``, ``lang``, ``rating``
    (the student's, to start from), ``locked=("theme",)``."""
    from .puzzle import PuzzleWidget

    return PuzzleWidget(theme=theme, **options)

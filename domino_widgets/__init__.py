"""domino_widgets: a Jupyter teaching kit for domino games.

>>> import domino_widgets as dw
>>> dw.available_variants()
('block', 'draw_cz', 'draw', 'all_fives', 'matador', 'bergen', 'twentyone', 'solitaire')
>>> s = dw.new_game("all_fives", seed=7, target=150)
>>> s.legal_actions()                 # A5-1/DRW-2: the highest double leads
[Action.parse('4-4')]
"""

from . import variants as variants  # registers the variants with the core
from .variants.rulebook import rules
from .language import language, set_language, tr
from .core import *  # noqa: F403
from .core import __all__ as _core_all

__version__ = "0.1.0"
__all__ = [*_core_all, "language", "rules", "set_language", "tr", "variants", "__version__"]

_LAZY = ("render", "widgets", "players", "prob", "sim", "puzzles")


def __getattr__(name: str) -> object:
    """The layers above the core load on first use (``dw.widgets.play(...)``), so that
    ``import domino_widgets`` needs nothing beyond the standard library."""
    if name in _LAZY:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

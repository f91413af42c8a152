"""The variants of docs/rules.md, one module each, registered by name and alias.

>>> from domino_widgets.variants import get_variant
>>> get_variant("muggins").name
'all_fives'
"""

from __future__ import annotations

from ..core.registry import available_variants, get_variant, register
from . import all_fives, bergen, block, draw, draw_cz, matador, solitaire, twentyone

for _module in (block, draw_cz, draw, all_fives, matador, bergen, twentyone, solitaire):
    register(_module.VARIANT)

__all__ = [
    "all_fives", "available_variants", "bergen", "block", "draw", "draw_cz", "get_variant", "matador",
    "register", "solitaire", "twentyone",
]

"""The table of variants by name and alias.

The variants package fills it when ``domino_widgets`` is imported (the core never imports the
variants: each variant module registers itself here).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import ParameterError

if TYPE_CHECKING:
    from .variant import Variant

_VARIANTS: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}


def register(variant: Variant) -> Variant:
    """Add a variant (and its aliases) to the table."""
    _VARIANTS[variant.name] = variant
    for alias in variant.aliases:
        _ALIASES[alias] = variant.name
    return variant


def available_variants() -> tuple[str, ...]:
    """The names of the registered variants, in the order of docs/rules.md."""
    return tuple(_VARIANTS)


def get_variant(name: str) -> Variant:
    """The variant called ``name`` or one of its aliases (case and ``-`` are ignored)."""
    if not isinstance(name, str):
        raise ParameterError("a variant is named by a string, one of {variants}; not {name!r}",
                             variants=', '.join(_VARIANTS), name=name)
    key = name.strip().lower().replace("-", "_").replace(" ", "_")
    key = _ALIASES.get(key, key)
    try:
        return _VARIANTS[key]
    except KeyError:
        raise ParameterError("unknown variant {name!r}; the variants are: {variants} (aliases: {aliases})",
                             name=name, variants=', '.join(_VARIANTS), aliases=', '.join(sorted(_ALIASES))) from None


_GAME_NAMES = {"block": "Block", "draw_cz": "Czech draw", "draw": "Greek draw", "all_fives": "All Fives",
               "matador": "Matador", "bergen": "Bergen", "twentyone": "Twenty-one", "solitaire": "Solitaire"}


def game_name(variant: str) -> str:
    """The English name a person reads for a variant (charts, comparisons; each language's own is
    the catalog's ``charts.game.<variant>``). Here, below every layer that names a game.

    >>> import domino_widgets
    >>> game_name("all_fives"), game_name("draw"), game_name("muggins")
    ('All Fives', 'Greek draw', 'All Fives')
    """
    name = get_variant(variant).name
    return _GAME_NAMES.get(name, name)

"""`Pictured`: what Jupyter shows for a tile, a layout, a state or a view, with its words.

A class that draws itself (``_repr_svg_``, the renderer imported lazily) takes this mixin and
is shown as the picture with its text alternative in ``alt`` (``_repr_html_``), which Lab,
Voila and the browser-only site prefer to the bare SVG, and which they keep in a notebook that
is not trusted. The core itself never needs the renderer.

>>> from domino_widgets import Tile
>>> html = Tile(3, 5)._repr_html_()
>>> html.startswith("<img") and 'alt="' in html and "3-5" in html.split('alt="')[1]
True
"""

from __future__ import annotations

from typing import Any


class Pictured:
    """Mixin: ``_repr_html_`` from the class's own ``_repr_svg_``."""

    __slots__ = ()

    def _repr_html_(self) -> str:
        from ..render._svg import picture_html  # lazily: the core never imports the renderer

        svg: Any = self._repr_svg_()  # type: ignore[attr-defined]
        return picture_html(str(svg), getattr(svg, "summary", ""))

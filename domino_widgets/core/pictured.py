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



def pretty_shown(self: Any, p: Any, cycle: bool) -> None:
    """A class's ``_repr_pretty_`` (``_repr_pretty_ = pretty_shown`` in its own body): a notebook shows
    the object's ``repr`` in English and its ``shown()`` sentence (players counted from 1, in the
    lesson's words) in any other language. IPython takes the first ``__repr__`` or ``_repr_pretty_``
    along the class's MRO, so a class that writes its own ``__repr__`` must hold this one itself; a
    mixin's would never be asked."""
    from ..language import language  # lazily: `language` imports the core's errors

    p.text(repr(self) if language() == "en" else self.shown())

"""The SVG renderer: pure functions from a state or a view to an SVG string (svgwrite).

Every function is keyword-only after its subject and returns an `Svg` (a ``str`` that Jupyter
shows as a picture). Same input, byte-identical output. Face-down tiles carry no trace of
their value (DESIGN principle 3).

>>> import domino_widgets as dw
>>> from domino_widgets import render
>>> s = dw.new_game("all_fives", seed=7)
>>> pic = render.state_svg(s, highlights=True, theme="dark")
>>> pic.startswith("<svg"), 'class="tile playable"' in pic, "<desc" in pic
(True, True, True)

The pieces: `tile_svg`, `hand_svg`, `boneyard_svg`, `layout_svg`, `view_svg`, `state_svg`,
`twentyone_svg`, `solitaire_svg`; `Highlights` (what to mark, DRW-7); themes `LIGHT`, `DARK`,
`CONTRAST`; `layout_geometry` (where each tile lies, without drawing); `save` (``.svg`` and
``.png``); ``python -m domino_widgets.render.gallery OUTDIR``.
"""

from ._svg import UNIT, Svg
from .games import game_svg, solitaire_svg, twentyone_svg
from .geometry import Box, Joint, LayoutGeometry, Slot, TileBox, layout_geometry
from .highlights import Highlights
from .layout import layout_svg
from .save import save
from .table import state_svg, view_svg
from .themes import CONTRAST, DARK, LIGHT, THEMES, Theme, get_theme
from .tiles import boneyard_svg, hand_svg, tile_svg

__all__ = [
    "CONTRAST",
    "DARK",
    "LIGHT",
    "THEMES",
    "UNIT",
    "Box",
    "Highlights",
    "Joint",
    "LayoutGeometry",
    "Slot",
    "Svg",
    "Theme",
    "TileBox",
    "boneyard_svg",
    "game_svg",
    "get_theme",
    "hand_svg",
    "layout_geometry",
    "layout_svg",
    "save",
    "solitaire_svg",
    "state_svg",
    "tile_svg",
    "twentyone_svg",
    "view_svg",
]

"""The SVG renderer: pure functions from a state or a view to an SVG string (svgwrite).

Every function is keyword-only after its subject and returns an `Svg`: a ``str`` of SVG that
Jupyter shows as the picture, and whose text form (what an untrusted notebook or a terminal
shows) is one sentence in the picture's language (``lang="cs"``: any language of the message
catalog; by default the one of ``dw.set_language``). Same input, byte-identical output.
Face-down tiles carry no trace of their value (DESIGN principle 3).
Seats are named as `labels.player_name` writes them (Player 1, Player 2, ...); ``scale`` sets
the size (the hand's tiles are 72 px tall at 1) and ``fit=(width, height)`` fits a table into a
screen such as a projector's 1024 x 768.

>>> import domino_widgets as dw
>>> from domino_widgets import render
>>> s = dw.new_game("all_fives", seed=7)
>>> pic = render.state_svg(s, highlights=True, theme="dark")
>>> pic.startswith("<svg"), 'class="tile playable"' in pic, "<desc" in pic
(True, True, True)
>>> pic
All Fives (Muggins) table: 0 tiles, Player 1 (you) to play

The pieces: `tile_svg`, `hand_svg`, `boneyard_svg`, `layout_svg`, `view_svg`, `state_svg`,
`twentyone_svg`, `solitaire_svg`; `Highlights` (what to mark, DRW-7); themes `LIGHT`, `DARK`,
`CONTRAST`, `HIGH_CONTRAST` (``theme="high-contrast"``); `layout_geometry` (where each tile lies,
without drawing); `save` (``.svg`` and ``.png``); ``python -m domino_widgets.render.gallery OUTDIR``.
"""

from ._svg import UNIT, Svg
from .games import game_svg, solitaire_svg, twentyone_svg
from .geometry import Box, Joint, LayoutGeometry, Slot, TileBox, layout_geometry
from .highlights import Highlights
from .layout import layout_svg
from .save import save
from .table import state_svg, view_svg
from .themes import CONTRAST, DARK, HIGH_CONTRAST, LIGHT, THEMES, Theme, get_theme
from .tiles import boneyard_svg, hand_svg, tile_svg

__all__ = [
    "CONTRAST",
    "DARK",
    "HIGH_CONTRAST",
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

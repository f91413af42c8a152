"""Colour themes: a small frozen dataclass, four ready-made (light, dark, contrast / print: black on
white, and high-contrast: white and yellow on black). `domino_widgets.render.contrast` checks every
pair of colours a picture puts side by side against WCAG's ratios.

>>> get_theme("dark").name, get_theme("print") is CONTRAST, get_theme("High-Contrast") is HIGH_CONTRAST
('dark', True, True)
>>> LIGHT.replace(accent="#ff0000").accent
'#ff0000'
>>> get_theme("neon")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: unknown theme 'neon'; the themes are: light, dark, contrast, high-contrast (aliases: print)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import ParameterError


#: The opacities of an open end's fill over the table (`layout._slot`): a plain end, a target.
SLOT_OPACITY, TARGET_OPACITY = 0.12, 0.35


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.strip().lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6:
        raise ValueError(f"not a #rrggbb colour: {colour!r}")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of an sRGB ``#rrggbb`` colour, 0 (black) to 1 (white)."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(v) for v in _rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """(L1 + 0.05) / (L2 + 0.05), the lighter over the darker: 1 to 21."""
    la, lb = relative_luminance(a), relative_luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def blend(colour: str, under: str, opacity: float) -> str:
    """``colour`` painted at ``opacity`` over ``under`` (what a translucent fill looks like)."""
    top, bot = _rgb(colour), _rgb(under)
    return "#" + "".join(f"{round(t * opacity + u * (1 - opacity)):02x}" for t, u in zip(top, bot))


def ink_on(fill: str, theme: "Theme | None" = None) -> str:
    """The colour to write on ``fill``: the theme's text or banner text, or black or white,
    whichever stands out most (a badge's word, an open end's number).

    >>> ink_on("#b47608"), ink_on("#143826")
    ('#000000', '#ffffff')
    """
    choices = ([theme.text, theme.banner_text] if theme is not None else []) + ["#000000", "#ffffff"]
    return max(choices, key=lambda c: (contrast_ratio(c, fill), -choices.index(c)))


@dataclass(frozen=True)
class Theme:
    """Every colour and stroke the renderer uses. Colours are CSS colour strings."""

    name: str
    background: str  # the whole picture
    table: str  # the table area under the layout
    table_edge: str
    tile: str  # face of a tile
    tile_edge: str
    pip: str  # pips and the divider line
    back: str  # back of a face-down tile
    back_edge: str
    back_mark: str  # the decoration on a tile's back
    text: str
    muted: str  # secondary text
    accent: str  # playable tiles (DRW-7)
    target: str  # ends a selected tile can go to
    last: str  # the last tile played
    joint: str  # badge at a Matador joint (MAT-2)
    joint_text: str
    slot: str  # outline of an open end
    banner: str  # outcome banner background
    banner_text: str
    spinner: str = "#6d3fd8"  # the spinner's ring and star (A5-2, BRG-3)
    focus: str = "#1565c0"  # the board's keyboard focus ring (``--dw-focus`` on the picture, board.css)
    edge_width: float = 1.2  # tile outline, in pixels at unit 36
    mark_width: float = 3.0  # outline of playable / last / selected tiles
    font: str = "DejaVu Sans, Helvetica, Arial, sans-serif"

    def replace(self, **changes: object) -> Theme:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


LIGHT = Theme(
    name="light",
    background="#f7f4ec",
    table="#143826",
    table_edge="#0c2318",
    tile="#fffdf6",
    tile_edge="#6f685a",
    pip="#1c1c1e",
    back="#2c5d7c",
    back_edge="#9cc3dd",
    back_mark="#4f86a8",
    text="#1f2328",
    muted="#5c6670",
    accent="#b47608",
    target="#1e9652",
    last="#e14a82",
    joint="#c2255c",
    joint_text="#ffffff",
    slot="#d8eadf",
    banner="#1f2328",
    banner_text="#ffffff",
    spinner="#9070e2",
    focus="#2a83e8",
)

DARK = Theme(
    name="dark",
    background="#16191d",
    table="#173026",
    table_edge="#2f5a4a",
    tile="#f3efe3",
    tile_edge="#0c0d0f",
    pip="#15161a",
    back="#ae7156",
    back_edge="#4a2d20",
    back_mark="#d29a7e",
    text="#eceff1",
    muted="#9aa5ae",
    accent="#b47800",
    target="#1a9650",
    last="#f5206a",
    joint="#ff6b9d",
    joint_text="#16191d",
    slot="#8fd1ac",
    banner="#eceff1",
    banner_text="#16191d",
    spinner="#9264ff",
    focus="#2f86e8",
)

CONTRAST = Theme(
    name="contrast",
    background="#ffffff",
    table="#ffffff",
    table_edge="#000000",
    tile="#ffffff",
    tile_edge="#000000",
    pip="#000000",
    back="#4d4d4d",
    back_edge="#000000",
    back_mark="#9a9a9a",
    text="#000000",
    muted="#333333",
    accent="#000000",
    target="#000000",
    last="#000000",
    joint="#000000",
    joint_text="#ffffff",
    slot="#000000",
    banner="#000000",
    banner_text="#ffffff",
    spinner="#000000",
    edge_width=2.0,
    mark_width=4.0,
)

#: Black, white and yellow for a student who sees poorly: black tiles with white pips and edges
#: on a black table, yellow playable marks, cyan targets; text at 7:1 or more (WCAG AAA).
HIGH_CONTRAST = Theme(
    name="high-contrast",
    background="#000000",
    table="#000000",
    table_edge="#ffffff",
    tile="#000000",
    tile_edge="#ffffff",
    pip="#ffffff",
    back="#000000",
    back_edge="#ffffff",
    back_mark="#ffffff",
    text="#ffffff",
    muted="#e6e6e6",
    accent="#ffff00",
    target="#00ffff",
    last="#ff80ff",
    joint="#ffff00",
    joint_text="#000000",
    slot="#ffffff",
    banner="#ffffff",
    banner_text="#000000",
    spinner="#c8c8ff",
    focus="#00ff00",
    edge_width=2.0,
    mark_width=4.5,
)

THEMES: dict[str, Theme] = {t.name: t for t in (LIGHT, DARK, CONTRAST, HIGH_CONTRAST)}
_ALIASES = {"high_contrast": "high-contrast", "highcontrast": "high-contrast", "print": "contrast"}


def get_theme(theme: str | Theme) -> Theme:
    """A theme by name (``light``, ``dark``, ``contrast``/``print``, ``high-contrast``); a `Theme` passes through."""
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str):
        key = _ALIASES.get(theme.strip().lower(), theme.strip().lower())
        if key in THEMES:
            return THEMES[key]
    raise ParameterError("unknown theme {theme!r}; the themes are: {themes} (aliases: print)",
                         theme=theme, themes=', '.join(THEMES))

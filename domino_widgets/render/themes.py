"""Colour themes: a small frozen dataclass, three ready-made (light, dark, high contrast / print).

>>> get_theme("dark").name, get_theme("print") is CONTRAST
('dark', True)
>>> LIGHT.replace(accent="#ff0000").accent
'#ff0000'
>>> get_theme("neon")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: unknown theme 'neon'; the themes are: light, dark, contrast (aliases: high-contrast, print)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import ParameterError


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
    edge_width: float = 1.2  # tile outline, in pixels at unit 36
    mark_width: float = 3.0  # outline of playable / last / selected tiles
    font: str = "DejaVu Sans, Helvetica, Arial, sans-serif"

    def replace(self, **changes: object) -> Theme:
        """A copy with some fields changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


LIGHT = Theme(
    name="light",
    background="#f7f4ec",
    table="#2f6e4f",
    table_edge="#24563d",
    tile="#fffdf6",
    tile_edge="#6f685a",
    pip="#1c1c1e",
    back="#2c5d7c",
    back_edge="#1b3f57",
    back_mark="#4f86a8",
    text="#1f2328",
    muted="#5c6670",
    accent="#f29d0b",
    target="#27c46b",
    last="#e0407b",
    joint="#c2255c",
    joint_text="#ffffff",
    slot="#d8eadf",
    banner="#1f2328",
    banner_text="#ffffff",
)

DARK = Theme(
    name="dark",
    background="#16191d",
    table="#1f3b31",
    table_edge="#2f5a4a",
    tile="#f3efe3",
    tile_edge="#0c0d0f",
    pip="#15161a",
    back="#7a4e3a",
    back_edge="#4a2d20",
    back_mark="#a26b52",
    text="#eceff1",
    muted="#9aa5ae",
    accent="#ffb627",
    target="#46e08a",
    last="#ff6b9d",
    joint="#ff6b9d",
    joint_text="#16191d",
    slot="#8fd1ac",
    banner="#eceff1",
    banner_text="#16191d",
    spinner="#b99bff",
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

THEMES: dict[str, Theme] = {t.name: t for t in (LIGHT, DARK, CONTRAST)}
_ALIASES = {"high-contrast": "contrast", "high_contrast": "contrast", "print": "contrast"}


def get_theme(theme: str | Theme) -> Theme:
    """A theme by name (``light``, ``dark``, ``contrast``/``print``); a `Theme` passes through."""
    if isinstance(theme, Theme):
        return theme
    if isinstance(theme, str):
        key = _ALIASES.get(theme.strip().lower(), theme.strip().lower())
        if key in THEMES:
            return THEMES[key]
    raise ParameterError("unknown theme {theme!r}; the themes are: {themes} (aliases: high-contrast, print)",
                         theme=theme, themes=', '.join(THEMES))

"""Contrast of the themes' colours, by WCAG 2.x's formula (relative luminance), and the pairs a
picture puts side by side: ``python -m domino_widgets.render.contrast`` prints the table.

Text needs 4.5:1 against what is behind it (7:1 in the high-contrast theme); pips, tile edges,
the focus ring, the playable-tile and target marks need 3:1 (WCAG 1.4.11, graphics that carry
meaning). Sizes change no colour: a picture at any ``scale`` or ``fit`` uses these same pairs.

>>> round(contrast_ratio("#000000", "#ffffff"), 2), round(contrast_ratio("#777", "#fff"), 2)
(21.0, 4.48)
>>> blend("#ffffff", "#000000", 0.5)
'#808080'
>>> failing(get_theme("light"))
[]
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from .themes import SLOT_OPACITY, TARGET_OPACITY, THEMES, Theme, blend, contrast_ratio, get_theme, ink_on, relative_luminance

__all__ = ["Pair", "blend", "contrast_ratio", "failing", "ink_on", "pairs", "relative_luminance", "summary", "table"]

TEXT, GRAPHIC, TEXT_HIGH = 4.5, 3.0, 7.0


@dataclass(frozen=True)
class Pair:
    """One thing drawn over another: ``what`` in ``fg`` over ``bg`` needs ``minimum``:1."""

    what: str
    fg: str
    bg: str
    minimum: float

    @property
    def ratio(self) -> float:
        return contrast_ratio(self.fg, self.bg)

    @property
    def ok(self) -> bool:
        return self.ratio >= self.minimum - 1e-9




def pairs(theme: str | Theme) -> list[Pair]:
    """Every pair of colours the renderer (and the board's focus ring) puts side by side in ``theme``."""
    t = get_theme(theme)
    text = TEXT_HIGH if t.name == "high-contrast" else TEXT
    g = GRAPHIC
    slot_bg = blend(t.slot, t.table, SLOT_OPACITY)
    target_bg = blend(t.target, t.table, TARGET_OPACITY)
    out = [
        Pair("text / background", t.text, t.background, text),
        Pair("muted text / background", t.muted, t.background, text),
        Pair("banner text / banner", t.banner_text, t.banner, text),
        Pair("badge text / target (Twenty-one)", ink_on(t.target, t), t.target, text),
        Pair("badge text / last (Twenty-one)", ink_on(t.last, t), t.last, text),
        Pair("joint text / joint (7)", ink_on(t.joint, t), t.joint, text),
        Pair("joint text / accent (M)", ink_on(t.accent, t), t.accent, text),
        Pair("open end's number / its slot", ink_on(slot_bg, t), slot_bg, text),
        Pair("target end's number / its slot", ink_on(target_bg, t), target_bg, text),
        Pair("pips / tile face", t.pip, t.tile, g),
        Pair("tile edge / tile face", t.tile_edge, t.tile, g),
        # a tile stands out from what it lies on by its edge or by its face, whichever does more
        Pair("tile (edge or face) / background", _outline(t.tile_edge, t.tile, t.background), t.background, g),
        Pair("tile (edge or face) / table", _outline(t.tile_edge, t.tile, t.table), t.table, g),
        Pair("tile back (edge or back) / background", _outline(t.back_edge, t.back, t.background), t.background, g),
        Pair("tile back (edge or back) / table", _outline(t.back_edge, t.back, t.table), t.table, g),
        Pair("playable mark / background", t.accent, t.background, g),
        Pair("playable mark / table", t.accent, t.table, g),
        Pair("playable mark / tile face", t.accent, t.tile, g),
        Pair("selected mark / background", t.target, t.background, g),
        Pair("selected mark / tile face", t.target, t.tile, g),
        Pair("target mark / table", t.target, t.table, g),
        Pair("open-end mark / table", t.slot, t.table, g),
        Pair("last-play mark / table", t.last, t.table, g),
        Pair("last-play mark / tile face", t.last, t.tile, g),
        Pair("spinner mark / table", t.spinner, t.table, g),
        Pair("turn marker / background", t.accent, t.background, g),
        Pair("focus ring / background", t.focus, t.background, g),
        Pair("focus ring / table", t.focus, t.table, g),
        Pair("focus ring / tile face", t.focus, t.tile, g),
    ]
    return out


def _outline(edge: str, face: str, under: str) -> str:
    return max((edge, face), key=lambda c: contrast_ratio(c, under))


def failing(theme: str | Theme) -> list[Pair]:
    """The pairs of ``theme`` under their bar."""
    return [p for p in pairs(theme) if not p.ok]


def table(themes: list[str] | None = None) -> str:
    """The ratios of every theme as text: one line a pair, ``FAIL`` where one is under its bar."""
    lines = []
    for name in themes or list(THEMES):
        lines.append(f"{name}:")
        for p in pairs(name):
            flag = "ok  " if p.ok else "FAIL"
            lines.append(f"  {flag} {p.ratio:5.2f}:1 (needs {p.minimum:g}:1)  {p.what}  {p.fg} on {p.bg}")
    return "\n".join(lines)


def summary(themes: list[str] | None = None) -> str:
    """One line a theme: its lowest ratio for text and for graphics, and the pair that has it.

    >>> print(summary(["light"]))  # doctest: +NORMALIZE_WHITESPACE
    light: text >= 5.32:1 (muted text / background), graphics >= 3.39:1 (last-play mark / table)
    """
    lines = []
    for name in themes or list(THEMES):
        ps = pairs(name)
        text = min((p for p in ps if p.minimum > GRAPHIC), key=lambda p: p.ratio)
        graphic = min((p for p in ps if p.minimum == GRAPHIC), key=lambda p: p.ratio)
        lines.append(f"{name}: text >= {text.ratio:.2f}:1 ({text.what}), "
                     f"graphics >= {graphic.ratio:.2f}:1 ({graphic.what})")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """``python -m domino_widgets.render.contrast [--summary] [THEME ...]``: the ratios; exit 1 if
    one is under its bar."""
    args = list(sys.argv[1:] if argv is None else argv)
    short = "--summary" in args
    args = [a for a in args if a != "--summary"]
    print(summary(args or None) if short else table(args or None))
    return 1 if any(failing(n) for n in (args or list(THEMES))) else 0


if __name__ == "__main__":
    raise SystemExit(main())

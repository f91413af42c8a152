"""Saving pictures for worksheets: ``.svg`` always, ``.png`` too when cairosvg is installed.

>>> import tempfile, pathlib
>>> from domino_widgets.render import tile_svg
>>> with tempfile.TemporaryDirectory() as tmp:
...     paths = save(tile_svg("3-5"), pathlib.Path(tmp) / "three-five", png=False)
...     [p.name for p in paths], paths[0].read_text().startswith("<svg")
(['three-five.svg'], True)
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ..core.errors import ParameterError


def png_available() -> bool:
    """Whether ``cairosvg`` (and the cairo library it needs) can be imported."""
    if importlib.util.find_spec("cairosvg") is None:
        return False
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


def save(svg: str, path: str | Path, *, png: bool | None = None, png_scale: float = 2.0) -> list[Path]:
    """Write ``svg`` to ``path`` (the suffix becomes ``.svg``) and, with ``png`` (default: when
    cairosvg is installed), a ``.png`` beside it at ``png_scale`` times the size.

    Returns the paths written. ``png=True`` without cairosvg raises `ModuleNotFoundError`.
    """
    if not isinstance(svg, str) or not svg.lstrip().startswith("<svg"):
        raise ParameterError("save needs an SVG string, such as the result of state_svg(...)")
    if isinstance(png_scale, bool) or not isinstance(png_scale, (int, float)) or not 0.1 <= png_scale <= 10:
        raise ParameterError("png_scale must be a number from 0.1 to 10, not {png_scale!r}", png_scale=png_scale)
    target = Path(path)
    if target.suffix.lower() in (".svg", ".png"):
        target = target.with_suffix("")
    svg_path = target.with_name(target.name + ".svg")
    svg_path.parent.mkdir(parents=True, exist_ok=True)
    svg_path.write_text(svg, encoding="utf-8")
    out = [svg_path]
    want_png = png_available() if png is None else png
    if want_png:
        if not png_available():
            raise ModuleNotFoundError("saving a .png needs cairosvg: pip install cairosvg")
        import cairosvg

        png_path = target.with_name(target.name + ".png")
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(png_path), scale=float(png_scale))
        out.append(png_path)
    return out

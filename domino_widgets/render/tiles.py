"""Tiles, hands and the boneyard: drawing pieces plus the public `tile_svg`, `hand_svg`, `boneyard_svg`.

A face-up tile is ``<g class="tile" data-tile="3-5">`` holding a rounded rectangle and one path
(the divider and the pips). A face-down tile is ``<g class="tile face-down">`` and carries
nothing that depends on its value: no pips, no ``data-tile``, no value in its id or title
(DESIGN principle 3).

>>> svg = tile_svg("5-3")
>>> 'data-tile="3-5"' in svg, svg.count("<path"), ">Tile 3-5</title>" in svg
(True, 1, True)
>>> back = tile_svg("5-3", face_down=True)
>>> "3-5" in back or "data-tile" in back
False
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from svgwrite.etree import etree

from ..core.errors import ParameterError
from ..core.tiles import Tile
from ._svg import UNIT, El, Frozen, Svg, check_prefix, check_scale, drawing, finish, num, rect, text
from .highlights import Highlights
from .labels import labels
from .pips import face_path
from .themes import Theme, get_theme

INSET = 0.05  # each tile is drawn this much (in units) inside its box, so touching tiles show a gap
RADIUS = 0.16  # corner radius, in units
#: The most tiles a boneyard holds: the whole double-twelve set (the largest the kit deals).
MAX_BONEYARD = 91


@lru_cache(maxsize=8192)
def _face(first: int, second: int, horizontal: bool, unit: float, theme: Theme, mark: str | None,
          dashed: bool = False) -> tuple[Frozen, ...]:
    """The body and the pips of a face-up tile, built once per look and reused; a marked tile's
    outline is thicker than a plain edge (and ``dashed`` for the last play), so the mark never
    rests on its colour alone."""
    w, h = (2 * unit, unit) if horizontal else (unit, 2 * unit)
    ins = INSET * unit
    body = {"x": num(ins), "y": num(ins), "width": num(w - 2 * ins), "height": num(h - 2 * ins),
            "rx": num(RADIUS * unit), "fill": theme.tile,
            "stroke": mark or theme.tile_edge,
            "stroke-width": num((theme.mark_width if mark else theme.edge_width) * unit / UNIT)}
    if mark and dashed:
        body["stroke-dasharray"] = f"{num(0.22 * unit)} {num(0.1 * unit)}"
    pips = {"d": face_path(first, second, horizontal, unit, ins), "fill": theme.pip}
    return (Frozen(etree.Element("rect", body)), Frozen(etree.Element("path", pips)))


@lru_cache(maxsize=64)
def _back(horizontal: bool, unit: float, theme: Theme) -> tuple[Frozen, ...]:
    """The back of a tile: the same body in the back colour and an inner frame. No value in it."""
    w, h = (2 * unit, unit) if horizontal else (unit, 2 * unit)
    ins = INSET * unit
    pad = 0.2 * unit
    outer = {"x": num(ins), "y": num(ins), "width": num(w - 2 * ins), "height": num(h - 2 * ins),
             "rx": num(RADIUS * unit), "fill": theme.back, "stroke": theme.back_edge,
             "stroke-width": num(theme.edge_width * unit / UNIT)}
    inner = {"x": num(pad), "y": num(pad), "width": num(w - 2 * pad), "height": num(h - 2 * pad),
             "rx": num(RADIUS * unit * 0.6), "fill": "none", "stroke": theme.back_mark,
             "stroke-width": num(max(1.0, 1.5 * unit / UNIT))}
    return (Frozen(etree.Element("rect", outer)), Frozen(etree.Element("rect", inner)))


def face_up(tile: Tile, first: int, second: int, x: float, y: float, horizontal: bool, unit: float,
            theme: Theme, *, cls: str = "tile", ident: str | None = None, mark: str | None = None,
            data: dict[str, str] | None = None, dashed: bool = False, name: str | None = None) -> El:
    """A face-up tile whose box has its top-left corner at (x, y).

    ``first`` is the number on the left half (flat) or the top half (upright); ``mark`` is the
    colour of a thick outline (playable, selected, last play), ``dashed`` (the last play) breaks it.
    """
    a = {"class": cls}
    if ident:
        a["id"] = ident
    a["data-tile"] = str(tile)
    if data:
        for k, v in data.items():
            a["data-" + k] = v
    a["transform"] = f"translate({num(x)} {num(y)})"
    return El("g", a, _titled(name, list(_face(first, second, horizontal, unit, theme, mark, dashed))))


def _titled(name: str | None, children: list[Any]) -> list[Any]:
    """A tile's parts, under its ``<title>`` (its name for a screen reader, its tooltip) if named."""
    if not name:
        return children
    title = El("title")
    title.text = name
    return [title, *children]


def face_down(x: float, y: float, horizontal: bool, unit: float, theme: Theme, *,
              ident: str | None = None, name: str | None = None) -> El:
    """A face-down tile: the same box, the theme's back, and no trace of the tile's value."""
    a = {"class": "tile face-down"}
    if ident:
        a["id"] = ident
    a["transform"] = f"translate({num(x)} {num(y)})"
    return El("g", a, _titled(name, list(_back(horizontal, unit, theme))))


def hand_row(tiles: Sequence[Tile] | int, x: float, y: float, unit: float, theme: Theme, *,
             prefix: str, ident: str, max_width: float, highlights: Highlights | None = None,
             cls_extra: str = "", words: Any = None) -> tuple[list[El], float, float]:
    """Upright tiles in rows starting at (x, y), wrapping at ``max_width``.

    ``tiles`` as an int draws that many face-down tiles (ids ``{prefix}-{ident}-back{i}``); as
    tiles, face up with ``data-tile`` and ids ``{prefix}-{ident}-tile-{tile}``. Returns the groups,
    the width and the height used. A selected tile is lifted by a third of a unit.
    """
    gap = 0.22 * unit
    step = unit + gap
    lift = 0.35 * unit if highlights is not None and highlights.selected is not None else 0.0
    n = tiles if isinstance(tiles, int) else len(tiles)
    per_row = max(1, int((max_width + gap) // step))
    rows = max(1, -(-n // per_row))
    row_h = 2 * unit + gap + lift
    out: list[El] = []
    for i in range(n):
        r, c = divmod(i, per_row)
        tx, ty = x + c * step, y + lift + r * row_h
        if isinstance(tiles, int):
            out.append(face_down(tx, ty, False, unit, theme, ident=f"{prefix}-{ident}-back{i}",
                                 name=words("back_title") if words is not None else None))
            continue
        t = tiles[i]
        cls = "tile" + cls_extra
        mark = None
        if highlights is not None:
            if t in highlights.playable:
                cls += " playable"
                mark = theme.accent
            if t is highlights.selected:
                cls += " selected"
                mark = theme.target
                ty -= lift
        out.append(face_up(t, t.low, t.high, tx, ty, False, unit, theme, cls=cls,
                           ident=f"{prefix}-{ident}-tile-{t}", mark=mark,
                           name=words("tile_title", tile=t) if words is not None else None))
        if highlights is not None and t is highlights.hinted:  # the hint's play: a dashed outline around it
            pad = 0.14 * unit
            out.append(rect(tx - pad, ty - pad, unit + 2 * pad, 2 * unit + 2 * pad, rx=num(RADIUS * unit + pad),
                            fill="none", stroke=theme.text, stroke_width=num(theme.mark_width),
                            stroke_dasharray="6 3", **{"class": "hint-mark", "data-hint": str(t)}))
    width = min(n, per_row) * step - gap if n else 0.0
    return out, width, rows * row_h - gap


def boneyard_stack(count: int, x: float, y: float, unit: float, theme: Theme, *, prefix: str,
                   label: str = "boneyard", caption: str | None = None) -> tuple[El, float, float]:
    """The boneyard as a small stack of face-down tiles with its count; returns (group, w, h).

    ``label`` names the stack in its id; ``caption`` is the word written under it (default ``label``).
    """
    g = El("g", {"class": "boneyard", "id": f"{prefix}-{label}", "data-count": str(count)})
    shown = min(count, 4)
    dx = 0.18 * unit
    for i in range(shown):
        g.add(face_down(x + i * dx, y + (shown - 1 - i) * dx * 0.6, True, unit, theme))
    if count == 0:
        g.add(rect(x, y, 2 * unit, unit, rx=num(RADIUS * unit), fill="none", stroke=theme.muted,
                   stroke_dasharray="4 3"))
    w = 2 * unit + max(shown - 1, 0) * dx
    rise = max(shown - 1, 0) * dx * 0.6
    g.add(text(f"{label if caption is None else caption} {count}", x + w / 2, y + unit + rise + 0.55 * unit, size=0.42 * unit, fill=theme.text,
               anchor="middle"))
    return g, w, unit + rise + 0.7 * unit


# ------------------------------------------------------------------ public pictures

_ROTATIONS = (0, 90, 180, 270)


def tile_svg(tile: Tile | str, *, rotation: int = 0, face_down: bool = False, theme: str | Theme = "light",
             scale: float = 1.0, id_prefix: str = "dw", lang: str | None = None) -> Svg:
    """One tile. ``rotation`` 0: flat, low half left; 90: upright, low half on top; 180: flat,
    low half right; 270: upright, low half at the bottom. ``face_down`` shows its back.
    ``lang`` is the language of the title, the description and the text form.

    >>> tile_svg("6-6", rotation=90)[:4]
    '<svg'
    >>> tile_svg("6-6"), tile_svg("3-5", lang="cs"), tile_svg("3-5", face_down=True)
    (Tile 6-6, Kostka 3-5, A face-down tile)
    >>> tile_svg("6-6", rotation=45)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: rotation must be one of 0, 90, 180, 270, not 45
    """
    t = Tile.parse(tile)
    if rotation not in _ROTATIONS or isinstance(rotation, bool):
        raise ParameterError("rotation must be one of 0, 90, 180, 270, not {rotation!r}", rotation=rotation)
    words = labels(lang)
    th = get_theme(theme)
    prefix = check_prefix(id_prefix)
    sc = check_scale(scale)
    horizontal = rotation in (0, 180)
    pad = 3.0
    w, h = (2 * UNIT, UNIT) if horizontal else (UNIT, 2 * UNIT)
    if face_down:
        d = drawing(w + 2 * pad, h + 2 * pad, scale=sc, theme=th, title=words("back_title"),
                    desc=words("back_desc"), prefix=prefix, kind="tile")
        d.add(_plain_back(pad, horizontal, th, prefix))
        return finish(d, words("back_title"))
    first, second = (t.low, t.high) if rotation in (0, 90) else (t.high, t.low)
    title = words("tile_title", tile=t)
    d = drawing(w + 2 * pad, h + 2 * pad, scale=sc, theme=th, title=title,
                desc=words("tile_desc", tile=f"{first}-{second}", n=t.value,
                           how=words("flat" if horizontal else "upright")), prefix=prefix, kind="tile")
    d.add(face_up(t, first, second, pad, pad, horizontal, UNIT, th, ident=f"{prefix}-tile-{t}"))
    return finish(d, title)


def _plain_back(pad: float, horizontal: bool, theme: Theme, prefix: str) -> El:
    return face_down(pad, pad, horizontal, UNIT, theme, ident=f"{prefix}-tile-back")


def hand_svg(tiles: Sequence[Tile | str] | int | str, *, face_down: bool = False,
             highlights: Highlights | None = None, theme: str | Theme = "light", scale: float = 1.0,
             width: float = 800, id_prefix: str = "dw", lang: str | None = None) -> Svg:
    """A hand of upright tiles (72 px tall at ``scale=1``). An int (or ``face_down=True``) draws
    that many tiles face down, with nothing that tells their values. ``lang`` is the language of
    the title, the description and the text form.

    >>> hand_svg("6-6 5-6"), hand_svg(3, lang="el")
    (Hand 6-6 5-6, 3 πλακάκια ανάποδα)

    >>> svg = hand_svg("6-6 5-6 0-1", highlights=Highlights(frozenset([Tile(5, 6)])))
    >>> svg.count('class="tile"'), svg.count('class="tile playable"')
    (2, 1)
    >>> hand_svg(3).count('class="tile face-down"')
    3
    """
    words = labels(lang)
    th = get_theme(theme)
    prefix = check_prefix(id_prefix)
    sc = check_scale(scale)
    if isinstance(tiles, int) and not isinstance(tiles, bool):
        if tiles < 0:
            raise ParameterError("a hand holds 0 or more tiles, not {tiles}", tiles=tiles)
        items: list[Tile] | int = tiles
    else:
        from ..core.tiles import parse_tiles

        items = parse_tiles(tiles)  # type: ignore[arg-type]
        if face_down:
            items = len(items)
    pad = 8.0
    groups, w, h = hand_row(items, pad, pad, UNIT, th, prefix=prefix, ident="hand",
                            max_width=max(float(width), UNIT) - 2 * pad, highlights=highlights, words=words)
    if isinstance(items, int):
        title = words("face_down", tiles=words.tiles(items))
        desc = words("hand_down_desc", tiles=words.tiles(items))
    else:
        title = words("hand_title", tiles=" ".join(map(str, items)) or words("hand_empty"))
        desc = words("hand_desc", tiles=words.tiles(len(items)), n=sum(t.value for t in items),
                     list=" ".join(map(str, items)) or words("none"))
    d = drawing(max(w, UNIT) + 2 * pad, max(h, 2 * UNIT) + 2 * pad, scale=sc, theme=th, title=title, desc=desc,
                prefix=prefix, kind="hand")
    for g in groups:
        d.add(g)
    return finish(d, title)


def boneyard_svg(count: int, *, theme: str | Theme = "light", scale: float = 1.0, id_prefix: str = "dw",
                 lang: str | None = None) -> Svg:
    """The boneyard as a stack of face-down tiles with its count; ``lang`` as in `tile_svg`.

    >>> 'data-count="12"' in boneyard_svg(12), boneyard_svg(12, lang="cs")
    (True, Záloha: 12 kostek)
    """
    words = labels(lang)
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_BONEYARD:
        raise ParameterError("the boneyard holds 0 to {most} tiles, not {count!r}", most=MAX_BONEYARD, count=count)
    th = get_theme(theme)
    prefix = check_prefix(id_prefix)
    pad = 8.0
    g, w, h = boneyard_stack(count, pad, pad, UNIT, th, prefix=prefix, caption=words("boneyard"))
    title = words("boneyard_title", tiles=words.tiles(count))
    d = drawing(w + 2 * pad, h + 2 * pad, scale=check_scale(scale), theme=th, title=title,
                desc=words("boneyard_desc", tiles=words.tiles(count)), prefix=prefix, kind="boneyard")
    d.add(g)
    return finish(d, title)

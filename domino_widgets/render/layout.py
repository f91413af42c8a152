"""Drawing a layout from its geometry: tiles as they lie, open ends, Matador joints, the last play.

Each table tile is ``<g class="tile" data-tile="3-5" data-arm="right" data-move="4">``; the lead
also has class ``lead`` (and ``dw-spinner`` with ``data-spinner="true"`` when it takes tiles on
four sides: All Fives' first double, A5-2, and Bergen's 6-6, BRG-3; it carries a visible mark,
``<g class="dw-spinner-mark">``: a ring around the tile and a four-pointed star on its middle);
the last tile played has class ``last``. Each open end is ``<g class="end" data-end="left" data-value="1">`` drawn where the next
tile would lie; ends a selected tile can go to add class ``target``. On an empty table the place
of the lead is ``<g class="lead-slot">`` (with ``target`` when the selected tile would lead).
In Matador (MAT-2) every joint carries a badge with the sum of the touching halves (``7``;
``M`` where a matador was laid against another number, MAT-3).

>>> import domino_widgets as dw
>>> s = dw.play_all(dw.new_game("matador", hands=[["3-3", "0-1"], ["1-6", "2-2"]], boneyard=["0-2"], leader=0),
...                 ["3-3", "1-6 left 1"])
>>> svg = layout_svg(s.layout)
>>> svg.count('class="joint"'), '>M<' in svg        # 1 against 3 is not 7: the 1-6 went as a matador
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core.actions import End
from ..core.errors import ParameterError
from ..core.layouts import Layout
from ._svg import UNIT, El, Svg, check_prefix, check_scale, drawing, finish, group, num, rect, text
from .geometry import LayoutGeometry, layout_geometry
from .highlights import Highlights
from .labels import labels
from .themes import SLOT_OPACITY, TARGET_OPACITY, Theme, blend, get_theme, ink_on
from .tiles import RADIUS, face_up

PAD = 0.6  # table margin around the layout, in units


def table_size(geom: LayoutGeometry, unit: float) -> tuple[float, float]:
    """Width and height in pixels of the table area that holds ``geom`` (with its margin)."""
    b = geom.bounds
    return (b.width + 2 * PAD) * unit, (b.height + 2 * PAD) * unit


def draw_layout(geom: LayoutGeometry, x: float, y: float, unit: float, theme: Theme, *, prefix: str,
                width: float | None = None, highlights: Highlights | None = None, ends: bool = True,
                joints: bool = False, last: bool = True, centered: bool = False, words: Any = None) -> El:
    """The table area with the layout, its top-left corner at (x, y), as one ``<g class="layout">``.

    ``width`` (pixels) widens the table area. With ``centered`` the lead sits in the middle of
    the table area, which is as wide as the snaking width, so tiles keep their places from one
    move to the next; otherwise the layout's bounds are centred.
    """
    tw, th = table_size(geom, unit)
    if centered:
        tw = max(tw, (geom.width + 2 * PAD) * unit)
    full_w = max(tw, width or 0.0)
    out = group("layout", id=f"{prefix}-layout", data_kind=geom.kind)
    out.add(rect(x, y, full_w, th, rx=num(0.3 * unit), fill=theme.table, stroke=theme.table_edge, stroke_width="2",
                 class_="table"))
    b = geom.bounds
    ox = x + full_w / 2 if centered else x + (full_w - tw) / 2 + (PAD - b.x0) * unit
    oy = y + (PAD - b.y0) * unit
    last_move = max((t.move for t in geom.tiles), default=-1) if last else -1
    for t in geom.tiles:
        first, second = t.halves
        cls = "tile"
        spinner = t.arm is None and geom.kind != "line"  # A5-2 spinner, BRG-3 the 6-6 of the cross
        if t.arm is None:
            cls += " lead dw-spinner" if spinner else " lead"
        mark = None
        if t.move == last_move:
            cls += " last"
            mark = theme.last
        data = {"move": str(t.move)}
        if t.arm is not None:
            data["arm"] = str(t.arm)
        if spinner:
            data["spinner"] = "true"
        tile = face_up(t.tile, first, second, ox + t.box.x0 * unit, oy + t.box.y0 * unit, t.horizontal, unit,
                       theme, cls=cls, ident=f"{prefix}-table-{t.tile}", mark=mark, data=data,
                       dashed=mark is not None, name=words("tile_title", tile=t.tile) if words is not None else None)
        if spinner:
            ring, star = spinner_mark(t.box.width * unit, t.box.height * unit, unit, theme)
            tile.elements.insert(0, ring)  # under the tile's body: only the ring's outer part shows
            tile.elements.append(star)
        out.add(tile)
    if joints:
        for j in geom.joints:
            out.add(_joint_badge(j.inner, j.outer, j.edge, ox, oy, unit, theme))
    h = highlights
    if ends and not geom.tiles:
        target = h is not None and h.lead
        out.add(_slot(f"{prefix}-lead", "lead-slot" + (" target" if target else ""), None,
                      ox + geom.bounds.x0 * unit, oy + geom.bounds.y0 * unit, 2 * unit, unit, None, unit, theme,
                      target))
    elif ends:
        for s in geom.slots:
            target = h is not None and s.end in h.targets
            cls = "end target" if target else "end"
            nb = s.near_box
            out.add(_slot(f"{prefix}-end-{s.end}", cls, s.end, ox + s.box.x0 * unit, oy + s.box.y0 * unit,
                          s.box.width * unit, s.box.height * unit, s.value, unit, theme, target,
                          label_at=(ox + nb.center[0] * unit, oy + nb.center[1] * unit)))
    return out


def spinner_mark(w: float, h: float, unit: float, theme: Theme) -> tuple[El, El]:
    """The spinner's mark for a tile box ``w`` x ``h`` (pixels): a ring just outside the tile
    and a four-pointed star on its middle, where no pip lies (A5-2, BRG-3)."""
    out = 0.14 * unit
    ring = group("dw-spinner-mark")
    ring.add(rect(-out, -out, w + 2 * out, h + 2 * out, rx=num(0.3 * unit), fill="none", stroke=theme.spinner,
                  stroke_width=num(0.12 * unit)))
    cx, cy, r, k = w / 2, h / 2, 0.19 * unit, 0.055 * unit
    pts = [(cx, cy - r), (cx + k, cy - k), (cx + r, cy), (cx + k, cy + k), (cx, cy + r), (cx - k, cy + k),
           (cx - r, cy), (cx - k, cy - k)]
    star = group("dw-spinner-mark")
    star.add(El("polygon", {"points": " ".join(f"{num(x)},{num(y)}" for x, y in pts), "fill": theme.spinner}))
    return ring, star


def _slot(ident: str, cls: str, end: End | None, x: float, y: float, w: float, h: float, value: int | None,
          unit: float, theme: Theme, target: bool, label_at: tuple[float, float] | None = None) -> El:
    g = group(cls, id=ident)
    if end is not None:
        g.attribs["data-end"] = str(end)
    if value is not None:
        g.attribs["data-value"] = str(value)
    ins = 0.08 * unit
    color = theme.target if target else theme.slot
    r = rect(x + ins, y + ins, w - 2 * ins, h - 2 * ins, rx=num(RADIUS * unit), fill=color,
             fill_opacity=num(TARGET_OPACITY if target else SLOT_OPACITY), stroke=color,
             stroke_width=num(2.5 * unit / UNIT if target else 1.5 * unit / UNIT))
    if not target:
        r.attribs["stroke-dasharray"] = f"{num(0.18 * unit)} {num(0.12 * unit)}"
    g.add(r)
    if value is not None and label_at is not None:
        # the number in the colour that reads best on the end's translucent fill over the table
        under = blend(color, theme.table, TARGET_OPACITY if target else SLOT_OPACITY)
        g.add(text(str(value), label_at[0], label_at[1] + 0.17 * unit, size=0.5 * unit, weight="bold",
                   fill=ink_on(under, theme), anchor="middle"))
    return g


def _joint_badge(inner: int, outer: int, edge: tuple[float, float, float, float], ox: float, oy: float,
                 unit: float, theme: Theme) -> El:
    """A small pill across the joint with the sum of the touching halves (MAT-2), ``M`` if not 7."""
    mx = ox + (edge[0] + edge[2]) / 2 * unit
    my = oy + (edge[1] + edge[3]) / 2 * unit
    total = inner + outer
    label = "7" if total == 7 else "M"
    vertical = edge[0] == edge[2]
    w, h = (0.3 * unit, 0.62 * unit) if vertical else (0.62 * unit, 0.3 * unit)
    g = group("joint", data_sum=str(total))
    g.add(rect(mx - w / 2, my - h / 2, w, h, rx=num(min(w, h) / 2), fill=theme.joint if total == 7 else theme.accent))
    g.add(text(label, mx, my + 0.13 * unit, size=0.36 * unit, weight="bold",
               fill=ink_on(theme.joint if total == 7 else theme.accent, theme), anchor="middle"))
    return g


def layout_text(layout: Layout, *, lang: str | None = None) -> str:
    """The tiles on the table in notation, left to right; a spinner or cross adds its up and
    down arms in the language's words (the tiles as in `Layout.__str__`).

    >>> import domino_widgets as dw
    >>> s = dw.play_all(dw.new_game("bergen", players=2, hands=[["6-6", "1-2"], ["6-5", "0-0"]], leader=0), ["6-6", "6-5 up"])
    >>> layout_text(s.layout), layout_text(s.layout, lang="cs")
    ('6-6 | up: 6-5 | down: -', '6-6 | nahoru: 6-5 | dolů: -')
    """
    words = labels(lang)
    line = " ".join(f"{a}-{b}" for _, a, b in layout.chain())
    if layout.kind == "line":
        return line
    ups = " ".join(f"{p.near}-{p.far}" for p in layout.arms[End.UP]) or "-"
    downs = " ".join(f"{p.near}-{p.far}" for p in layout.arms[End.DOWN]) or "-"
    return f"{line} | {words('arm_up', tiles=ups)} | {words('arm_down', tiles=downs)}"


def describe_layout(layout: Layout, *, lang: str | None = None) -> str:
    """The layout in text notation with its open ends, for ``<desc>`` and screen readers.

    >>> import domino_widgets as dw
    >>> describe_layout(dw.new_game("block", seed=1).layout)
    'Table: empty.'
    >>> describe_layout(dw.new_game("block", seed=1).layout, lang="el")
    'Τραπέζι: άδειο.'
    >>> s = dw.new_game("all_fives", hands=[["5-5", "3-5"], ["0-5", "1-4"]], boneyard=["1-2"], leader=0)
    >>> describe_layout(s.play("5-5").layout, lang="cs")
    'Stůl: 5-5 | nahoru: - | dolů: -. Volné konce: levý 5, pravý 5. Ke kostce 5-5 se přikládá ze všech čtyř stran.'
    """
    words = labels(lang)
    if layout.center is None:
        return words("table_empty")
    ends = ", ".join(f"{words(str(e))} {v}" for e, v in layout.ends) or words("none")
    out = words("table_line", layout=layout_text(layout, lang=lang), ends=ends)
    if layout.kind != "line":
        out += words("spinner_line", tile=layout.center.tile)
    return out


def layout_svg(layout: Layout, *, width: float = 800, theme: str | Theme = "light", scale: float = 1.0,
               joints: bool | None = None, ends: bool = True, targets: Iterable[End | str] = (),
               last: bool = True, id_prefix: str = "dw", lang: str | None = None) -> Svg:
    """The layout alone on its table.

    ``width`` (pixels) is where the line snakes; ``joints`` shows the sum at every joint (on by
    default when some touching halves differ, as in Matador); ``targets`` marks ends as
    targets; ``last`` marks the last tile played; ``lang`` is the language of the title,
    the description and the text form.

    >>> import domino_widgets as dw
    >>> layout_svg(dw.play_all(dw.new_game("block", seed=1), ["0-0"]).layout, lang="el")
    Πλακάκια στο τραπέζι (γραμμή): 1 πλακάκι
    """
    if not isinstance(layout, Layout):
        raise ParameterError("layout_svg needs a Layout, not {name}", name=type(layout).__name__)
    words = labels(lang)
    th = get_theme(theme)
    prefix = check_prefix(id_prefix)
    sc = check_scale(scale)
    targets_set = frozenset(End.parse(e) if isinstance(e, str) else End(e) for e in targets)
    geom = layout_geometry(layout, width=_units(width))
    if joints is None:
        joints = any(j.inner != j.outer for j in geom.joints)
    margin = 6.0
    tw, tht = table_size(geom, UNIT)
    title = words("layout_summary", title=words("layout_title", kind=words("kind_" + layout.kind)),
                  tiles=words.tiles(len(layout)))
    d = drawing(tw + 2 * margin, tht + 2 * margin, scale=sc, theme=th, title=title,
                desc=describe_layout(layout, lang=lang), prefix=prefix, kind="layout")
    d.add(draw_layout(geom, margin, margin, UNIT, th, prefix=prefix, highlights=Highlights(targets=targets_set),
                      ends=ends, joints=joints, last=last, words=words))
    return finish(d, title)


def _units(width: float) -> float:
    if isinstance(width, bool) or not isinstance(width, (int, float)) or width <= 0:
        raise ParameterError("width must be a positive number of pixels, not {width!r}", width=width)
    return (float(width) - 2 * PAD * UNIT - 12) / UNIT

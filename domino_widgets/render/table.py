"""A whole table as one seat sees it: `view_svg` (from a `PlayerView`) and `state_svg` (from a state).

The picture, top to bottom: the variant and whose turn it is; the other seats with their tiles
face down (or face up once the hand is over, or with ``open_hands``), counts and scores; the
boneyard; the layout on the table with its open ends; the seat's own hand face up; the last
turn and the outcome. `state_svg` without ``open_hands`` draws ``state.view(seat)``, so it
cannot show more than the seat may know (DESIGN principle 3).

>>> import domino_widgets as dw
>>> s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], boneyard=["3-3"])
>>> svg = state_svg(s.play("6-6"), seat=1, highlights=True)
>>> svg.count('class="tile playable"'), svg.count('class="end"')   # DRW-7: 6-5 fits both ends
(1, 2)
>>> svg.count('class="tile face-down"')     # seat 0's one tile, and the boneyard's one
2
>>> "1-2" in svg            # seat 0's 1-2 is hidden from seat 1
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.errors import ParameterError
from ..core.state import GameState, PlayerView
from ..core.tiles import Tile
from ._svg import UNIT, El, Svg, check_prefix, check_scale, circle, drawing, finish, num, rect, text
from .geometry import layout_geometry, min_width
from .highlights import Highlights, coerce
from .labels import Labels, check_lang, labels
from .layout import PAD, draw_layout, table_size
from .tabledata import SeatRow, TableData, describe_table, summarize_table, table_from_state, table_from_view
from .themes import Theme, get_theme
from .tiles import boneyard_stack, hand_row

MARGIN = 16.0
SMALL = 0.6  # the other seats' tiles, relative to the unit


def _label(row: SeatRow, x: float, y: float, size: float, theme: Theme, prefix: str, bold: bool,
           words: Labels, you: str, max_width: float | None = None) -> tuple[El, float]:
    """A seat's name, tile count, score and place on one line, or on more (the name first, then as
    many as the rest needs) when one line would be wider than ``max_width``; returns the group and
    the extra height used."""
    g = El("g", {"class": "seat" + (" to-play" if row.to_play else ""), "id": f"{prefix}-seat{row.seat}",
                 "data-seat": str(row.seat)})
    tx = x
    if row.to_play:
        g.add(circle(x + size * 0.35, y - size * 0.33, size * 0.3, fill=theme.accent, class_="turn-marker"))
        tx += size * 0.9
    bits = [row.name + (you if row.viewer else ""), words.tiles(row.count)]
    if row.score:
        bits.append(row.score)
    if row.place:
        bits.append(words.place(row.place))
    weight = "bold" if bold or row.to_play else None
    line = " · ".join(bits)
    if max_width is None or text_width(line, size, bool(weight)) <= max_width - (tx - x):
        g.add(text(line, tx, y, size=size, fill=theme.text, weight=weight))
        return g, 0.0
    g.add(text(bits[0], tx, y, size=size, fill=theme.text, weight=weight))
    lines: list[str] = []  # the rest on as many lines as it needs (issue 26: it ran out of the picture)
    for bit in bits[1:]:
        if lines and text_width(lines[-1] + " · " + bit, size) <= max_width:
            lines[-1] += " · " + bit
        else:
            lines.append(bit)
    for i, rest in enumerate(lines, start=1):
        g.add(text(rest, x, y + size * 1.25 * i, size=size, fill=theme.text))
    return g, size * 1.25 * len(lines)


def banner_lines(message: str, width: float, size: float = 17) -> list[str]:
    """The banner's message broken into lines that fit inside ``width`` (words never cut).

    >>> banner_lines("Player 2 (computer) wins the match 150–65. Points: Player 1 0, Player 2 25.", 400)
    ['Player 2 (computer) wins the', 'match 150–65. Points: Player 1', '0, Player 2 25.']
    """
    room = width - 2 * MARGIN - 24
    lines: list[str] = []
    for word in message.split():
        if lines and text_width(lines[-1] + " " + word, size, True) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def banner_height(message: str, width: float) -> float:
    """The height the banner of ``message`` takes in a picture ``width`` wide, with its gap below."""
    return 34 + 22 * (len(banner_lines(message, width)) - 1) + 8


def banner(message: str, y: float, width: float, theme: Theme, prefix: str) -> El:
    """The outcome across the bottom of a picture, on as many lines as it needs (nothing clipped);
    it is `banner_height` tall."""
    lines = banner_lines(message, width)
    g = El("g", {"class": "outcome", "id": f"{prefix}-outcome"})
    g.add(rect(MARGIN, y, width - 2 * MARGIN, 34 + 22 * (len(lines) - 1), rx="6", fill=theme.banner))
    for i, line in enumerate(lines):
        g.add(text(line, width / 2, y + 23 + 22 * i, size=17, weight="bold", fill=theme.banner_text,
                   anchor="middle"))
    return g


def text_width(content: str, size: float, bold: bool = False) -> float:
    """A generous estimate of a line's width in pixels (DejaVu Sans is about 0.6 em a letter)."""
    return len(content) * size * (0.64 if bold else 0.6)


def header(title: str, status: str, width: float, theme: Theme) -> tuple[list[El], float]:
    """The title on the left and the status on the right of the top line (or below it when the
    two would meet); returns the elements and the height used."""
    els = [text(title, MARGIN, MARGIN + 20, size=22, weight="bold", fill=theme.text, cls="title")]
    fits = text_width(title, 22, True) + text_width(status, 17, True) + 24 <= width - 2 * MARGIN
    y = MARGIN + 20 if fits else MARGIN + 44
    els.append(text(status, width - MARGIN, y, size=17, weight="bold", fill=theme.text, anchor="end", cls="status"))
    return els, 34.0 if fits else 56.0


def close(d: Any, parts: list[El], width: float, y: float, scale: float, summary: str) -> Svg:
    """Set the final height (the content ends at ``y``), add the parts, serialise."""
    H = y + MARGIN - 8
    a = d.attribs
    a["width"], a["height"] = num(width * scale), num(H * scale)
    a["viewBox"] = f"0 0 {num(width)} {num(H)}"
    d.elements[-1].attribs["height"] = num(H)  # the background
    for p in parts:
        d.add(p)
    return finish(d, summary)


def size_of(svg: str) -> tuple[float, float]:
    """The displayed width and height (pixels) of a picture made here.

    >>> from .tiles import tile_svg
    >>> size_of(tile_svg("3-5", scale=2))
    (156.0, 84.0)
    """
    head = svg[:svg.index(">")]
    return float(head.split(' width="', 1)[1].split('"', 1)[0]), float(head.split(' height="', 1)[1].split('"', 1)[0])


#: With ``fit``, the layout's tiles shrink by these steps (relative to the hand's) before the whole picture does.
LAYOUT_STEPS = (1.0, 0.85, 0.72, 0.62, 0.54, 0.47, 0.41, 0.36)


def draw_table(t: TableData, *, theme: Theme, scale: float, width: float, prefix: str,
               highlights: Highlights, fit: tuple[float, float] | None = None) -> Svg:
    """Draw a `TableData` (see the module docstring for the arrangement).

    With ``fit`` (the largest width and height in pixels, e.g. a projector's 1024 x 768) the table
    is laid out for that width with the other seats side by side, and the layout's tiles get
    smaller (down to a third of the hand's) until the picture fits; only then does the whole
    picture shrink below ``scale``. The player's own hand keeps its size as long as it can.
    """
    if fit is None:
        return _draw_table(t, theme=theme, scale=scale, width=width, prefix=prefix, highlights=highlights)[0]
    fw, fh = fit
    W = min(max(200.0, fw / scale), 10000.0)
    common = dict(theme=theme, width=W, prefix=prefix, highlights=highlights, columns=True)
    svg, th = _draw_table(t, scale=scale, **common)  # type: ignore[arg-type]
    w, h = size_of(svg)
    if w <= fw + 0.01 and h <= fh + 0.01:
        return svg
    rest = h / scale - th  # everything but the table area (it does not depend on the layout's unit)
    inner = W - 2 * MARGIN
    k = LAYOUT_STEPS[-1]
    for step in LAYOUT_STEPS[1:]:
        lu = UNIT * step
        geom = layout_geometry(t.layout, width=max(inner / lu - 2 * PAD, min_width(t.layout.kind)))
        tw, th_k = table_size(geom, lu)
        if (rest + th_k) * scale <= fh + 0.01 and (max(tw, (geom.width + 2 * PAD) * lu) + 2 * MARGIN) * scale <= fw + 0.01:
            k = step
            break
    svg, _ = _draw_table(t, scale=scale, layout_unit=UNIT * k, **common)  # type: ignore[arg-type]
    w, h = size_of(svg)
    if w <= fw + 0.01 and h <= fh + 0.01:
        return svg
    shrink = min(fw / w, fh / h)  # the last resort: the whole picture, hand included
    return _draw_table(t, scale=max(0.1, scale * shrink * 0.999), layout_unit=UNIT * k, **common)[0]  # type: ignore[arg-type]


def _draw_table(t: TableData, *, theme: Theme, scale: float, width: float, prefix: str, highlights: Highlights,
                layout_unit: float = UNIT, columns: bool = False) -> tuple[Svg, float]:
    """The picture, and the height of its table area (in the picture's own units)."""
    words = labels(t.lang)
    u = UNIT
    us = SMALL * u
    # a table narrower than the narrowest snake of its kind (a spinner's cross needs 20 half-tiles)
    # takes smaller table tiles rather than a wider picture: the picture stays as wide as asked
    lu = min(layout_unit, (width - 2 * MARGIN) / (min_width(t.layout.kind) + 2 * PAD))
    geom_units = (width - 2 * MARGIN) / lu - 2 * PAD
    geom = layout_geometry(t.layout, width=max(geom_units, min_width(t.layout.kind)))
    tw, th = table_size(geom, lu)
    W = max(width, max(tw, (geom.width + 2 * PAD) * lu) + 2 * MARGIN)
    inner = W - 2 * MARGIN
    parts: list[El] = []
    summary = summarize_table(t)
    d = drawing(W, 100, scale=scale, theme=theme, title=summary, desc=describe_table(t), prefix=prefix, kind="table")
    head, head_h = header(t.title, t.status, W, theme)
    parts.extend(head)
    y = MARGIN + head_h
    band_top = y
    if t.draws:
        stack, stack_w, stack_h = boneyard_stack(t.boneyard, W - MARGIN - (2 * u + 3 * 0.18 * u), y + 4, u, theme,
                                                 prefix=prefix, caption=words("boneyard"))
        parts.append(stack)
    else:
        stack_h = 0.0
        parts.append(text(words("out_of_play", n=t.out_of_play), W - MARGIN, y + 16, size=14, fill=theme.muted,
                          anchor="end", cls="out-of-play"))
        stack_w = 130.0
    others = [r for r in t.seats if not r.viewer]
    mine = [r for r in t.seats if r.viewer]
    if t.viewer is not None:  # the other seats in turn order after the viewer
        n, v = len(t.seats), t.viewer
        others.sort(key=lambda r: (r.seat - v) % n)
    if columns and len(others) > 1:  # side by side, to leave the height to the layout and the hand
        gap = 18.0
        col_w = (inner - stack_w - 20 - gap * (len(others) - 1)) / len(others)
        band = 0.0
        for i, r in enumerate(others):
            x = MARGIN + i * (col_w + gap)
            label, extra = _label(r, x, y + 15, 15, theme, prefix, False, words, t.you, max_width=col_w)
            parts.append(label)
            tiles: Sequence[Tile] | int = r.count if r.tiles is None else r.tiles
            groups, _, hh = hand_row(tiles, x, y + 24 + extra, us, theme, prefix=prefix, ident=f"seat{r.seat}",
                                     max_width=col_w, words=words)
            parts.extend(groups)
            band = max(band, 24 + extra + max(hh, 2 * us) + 12)
        y += band
    else:
        for r in others:  # the line beside the boneyard's stack: wrapped before it (issue 26)
            label, extra = _label(r, MARGIN, y + 15, 15, theme, prefix, False, words, t.you,
                                  max_width=inner - stack_w - 20)
            parts.append(label)
            tiles = r.count if r.tiles is None else r.tiles
            groups, _, hh = hand_row(tiles, MARGIN, y + 24 + extra, us, theme, prefix=prefix, ident=f"seat{r.seat}",
                                     max_width=inner - stack_w - 20, words=words)
            parts.extend(groups)
            y += 24 + extra + max(hh, 2 * us) + 12
    y = max(y, band_top + stack_h + 8)
    if t.open_total is not None:  # A5-3: what the open ends count now (the core's own count)
        g = El("g", {"class": "open-total", "id": f"{prefix}-open-total", "data-total": str(t.open_total)})
        g.add(text(words("open_total", n=t.open_total), MARGIN + 4, y + 16, size=17, weight="bold", fill=theme.text))
        parts.append(g)
        y += 26
    parts.append(draw_layout(geom, MARGIN, y, lu, theme, prefix=prefix, width=inner, highlights=highlights,
                             ends=not t.over, joints=t.joints, centered=True, words=words))
    y += th + 14
    for r in mine:
        label, extra = _label(r, MARGIN, y + 17, 17, theme, prefix, True, words, t.you, max_width=inner)
        parts.append(label)
        tiles = r.tiles if r.tiles is not None else r.count
        groups, _, hh = hand_row(tiles, MARGIN, y + 28 + extra, u, theme, prefix=prefix, ident="hand",
                                 max_width=inner, highlights=highlights, words=words)
        parts.extend(groups)
        y += 28 + extra + max(hh, 2 * u) + 12
    if t.last:
        parts.append(text(words("last_turn", last=t.last), MARGIN, y + 14, size=15, fill=theme.muted, cls="last-turn"))
        y += 24
    if t.outcome:
        parts.append(banner(t.outcome, y, W, theme, prefix))
        y += banner_height(t.outcome, W)
    return close(d, parts, W, y, scale, summary), th


def check_fit(fit: Any) -> tuple[float, float] | None:
    """``fit`` is None or (width, height) in pixels, each from 200 to 10000."""
    if fit is None:
        return None
    try:
        fw, fh = fit
        ok = all(not isinstance(v, bool) and isinstance(v, (int, float)) and 200 <= v <= 10000 for v in (fw, fh))
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ParameterError("fit must be (width, height) in pixels, each from 200 to 10000, not {fit!r}", fit=fit)
    return float(fw), float(fh)


def _common(theme: str | Theme, scale: float, width: float, id_prefix: str) -> tuple[Theme, float, float, str]:
    if isinstance(width, bool) or not isinstance(width, (int, float)) or not 200 <= width <= 10000:
        raise ParameterError("width must be a number of pixels from 200 to 10000, not {width!r}", width=width)
    return get_theme(theme), check_scale(scale), float(width), check_prefix(id_prefix)


def view_svg(view: PlayerView, *, highlights: Highlights | bool | None = None, theme: str | Theme = "light",
             scale: float = 1.0, width: float = 820, names: Sequence[str] | None = None,
             joints: bool | None = None, id_prefix: str = "dw", lang: str | None = None,
             fit: tuple[float, float] | None = None, viewer_role: str | None = "you") -> Svg:
    """The table as ``view.seat`` sees it.

    ``highlights``: a `Highlights` (the widgets build it with `Highlights.from_actions`), or
    ``True`` for the view's own legal plays (DRW-7). ``width`` is in pixels (the line snakes
    inside it); ``scale`` multiplies the displayed size (the hand's tiles are ``72 * scale``
    pixels tall); ``fit`` = (width, height) in pixels makes the picture fit that box, e.g. a
    projector's (1024, 768): see `draw_table`. ``names`` labels the seats (default: Player 1,
    Player 2, ... as `labels.player_name` writes them); ``viewer_role`` follows the viewer's
    name ("you", or None on a hot-seat screen); ``joints`` shows the joint sums (default: in
    sum-to-7 games, MAT-2); ``lang`` (a language of the catalog; None: the one of
    ``dw.set_language``) is the language of every word (the tile notation 3-5 stays as it is).

    >>> import domino_widgets as dw
    >>> pic = view_svg(dw.new_game("block", seed=2).view(0), lang="cs")
    >>> "Na tahu: Hráč 1 (vy)" in pic
    True
    >>> pic                                  # the text form, where the picture cannot be shown
    Slepá ulička, stůl: 0 kostek, na tahu: Hráč 1 (vy)
    """
    lang = check_lang(lang)
    if not isinstance(view, PlayerView):
        if getattr(view, "variant", None) in ("twentyone", "solitaire"):
            from .games import game_svg

            return game_svg(view, highlights=highlights, theme=theme, scale=scale, names=names, id_prefix=id_prefix,
                            lang=lang, fit=fit, viewer_role=viewer_role)
        raise ParameterError("view_svg needs a PlayerView (state.view(seat)), not {name}", name=type(view).__name__)
    th, sc, w, prefix = _common(theme, scale, width, id_prefix)
    box = check_fit(fit)
    h = coerce(highlights, view.legal_actions)  # type: ignore[arg-type]
    return draw_table(table_from_view(view, names, joints, lang=lang, viewer_role=viewer_role), theme=th, scale=sc,
                      width=w, prefix=prefix, highlights=h, fit=box)


def state_svg(state: Any, *, seat: int | None = None, open_hands: bool = False,
              highlights: Highlights | bool | None = None, theme: str | Theme = "light", scale: float = 1.0,
              width: float = 820, names: Sequence[str] | None = None, joints: bool | None = None,
              id_prefix: str = "dw", lang: str | None = None, fit: tuple[float, float] | None = None,
              viewer_role: str | None = "you") -> Svg:
    """The table of ``state`` for ``seat`` (default: the seat to play, or 0 once the hand is over).

    Without ``open_hands`` this is ``view_svg(state.view(seat))``: the other hands are face
    down. With ``open_hands=True`` every hand is face up (for teachers); ``seat`` may then be
    None for nobody's point of view. Twenty-one and solitaire states are drawn by
    `twentyone_svg` and `solitaire_svg`. The other keywords are `view_svg`'s.
    """
    lang = check_lang(lang)
    if not isinstance(state, GameState):
        from .games import game_svg

        return game_svg(state, seat=seat, open_hands=open_hands, highlights=highlights, theme=theme, scale=scale,
                        names=names, id_prefix=id_prefix, lang=lang, fit=fit, viewer_role=viewer_role)
    if seat is None and not open_hands:
        seat = state.current_player if state.current_player is not None else 0
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players):
        raise ParameterError("seat must be 0..{last}, not {seat!r}", last=state.players - 1, seat=seat)
    if not open_hands:
        assert seat is not None
        return view_svg(state.view(seat), highlights=highlights, theme=theme, scale=scale, width=width, names=names,
                        joints=joints, id_prefix=id_prefix, lang=lang, fit=fit, viewer_role=viewer_role)
    th, sc, w, prefix = _common(theme, scale, width, id_prefix)
    box = check_fit(fit)
    legal = state.legal_actions() if seat is not None and state.current_player == seat else []
    h = coerce(highlights, legal)  # type: ignore[arg-type]
    return draw_table(table_from_state(state, seat, names, joints, lang=lang, viewer_role=viewer_role), theme=th,
                      scale=sc, width=w, prefix=prefix, highlights=h, fit=box)

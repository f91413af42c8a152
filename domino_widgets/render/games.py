"""The games not played on a shared line: Twenty-one (T21) and Solitaire (SOL).

Both pictures are drawn from plain data (lists of tiles, counts, flags), so they do not depend
on how the game states are stored; `game_svg` reads a state of either game and calls them.

>>> svg = twentyone_svg([["6-6", "5-4"], 2], seat=0, stood=[True, False], current=1, stock=24)
>>> "bust" in svg, svg.count('id="dw-seat1-'), 'data-total="21"' in svg   # seat 1's 2 tiles face down
(False, 2, True)
>>> svg = solitaire_svg(["1-3", "3-5", "5-5"], hand=["5-2", "0-0"], stock=20, playable=["5-2"])
>>> svg.count('class="tile playable"'), svg.count('class="end"')
(1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from ..core.actions import End
from ..core.errors import ParameterError
from ..core.layouts import Layout, Placement
from ..core.tiles import Tile, parse_tiles
from ._svg import UNIT, El, Svg, check_prefix, check_scale, circle, drawing, rect, text
from .geometry import layout_geometry
from .highlights import Highlights
from .labels import ROLES, check_lang, labels, player_name
from .layout import PAD, describe_layout, draw_layout, table_size
from .table import MARGIN, banner, banner_height, check_fit, close, header, size_of
from .themes import Theme, get_theme, ink_on
from .tiles import boneyard_stack, hand_row

BUST = 21  # T21-2: a count over 21 is bust


def _hand(items: Sequence[Tile | str] | int, where: str) -> list[Tile] | int:
    if isinstance(items, int) and not isinstance(items, bool):
        if items < 0:
            raise ParameterError("{where}: a hand holds 0 or more tiles, not {items}", where=where, items=items)
        return items
    try:
        return parse_tiles(items)  # type: ignore[arg-type]
    except ValueError as exc:
        raise ParameterError("{where}: {error}", where=where, error=exc) from None


def _setup(theme: str | Theme, scale: float, id_prefix: str) -> tuple[Theme, float, str]:
    return get_theme(theme), check_scale(scale), check_prefix(id_prefix)


def _fitted(draw: Callable[[float], Svg], scale: float, fit: tuple[float, float] | None) -> Svg:
    """``draw(scale)``, drawn smaller if it must fit into ``fit`` (width, height in pixels)."""
    svg = draw(scale)
    if fit is None:
        return svg
    w, h = size_of(svg)
    if w <= fit[0] + 0.01 and h <= fit[1] + 0.01:
        return svg
    return draw(max(0.1, scale * min(fit[0] / w, fit[1] / h) * 0.999))


def twentyone_svg(hands: Sequence[Sequence[Tile | str] | int], *, seat: int | None = None,
                  stood: Sequence[bool] = (), current: int | None = None, stock: int | None = None,
                  winners: Sequence[int] | None = None, names: Sequence[str] | None = None,
                  theme: str | Theme = "light", scale: float = 1.0, id_prefix: str = "dw", lang: str | None = None,
                  fit: tuple[float, float] | None = None, viewer_role: str | None = "you",
                  rounds: bool = False) -> Svg:
    """A Twenty-one table (T21-1..4): each seat's tiles with its total, bust and 21 marked.

    ``hands`` lists each seat's tiles (face up) or a number (that many tiles face down, before
    the reveal, T21-3). ``seat`` is the viewer; ``stood`` flags who has stood; ``current``
    whose turn it is; ``stock`` the tiles left to take; ``winners`` the seats that won (empty:
    nobody, everybody bust), or None while the game goes on. ``names``, ``viewer_role``,
    ``scale``, ``fit`` and ``lang`` are as in `view_svg`. ``rounds``: the game is played by
    T21-2's other reading (``rounds=True``), where a player takes a tile or passes, and nobody stands.
    """
    words = labels(lang)
    th, sc, prefix = _setup(theme, scale, id_prefix)
    box = check_fit(fit)
    rows = [_hand(h, f"hands[{i}]") for i, h in enumerate(hands)]
    n = len(rows)
    if not 1 <= n <= 8:
        raise ParameterError("Twenty-one is for 2 to 4 players (T21-1); got {n} hands", n=n)
    if names is not None and not isinstance(names, (list, tuple)):
        raise ParameterError("names must list {n} strings, one per seat", n=n)
    nm = [player_name(i, words.lang) for i in range(n)] if names is None else list(names)
    if len(nm) != n:
        raise ParameterError("names must list {n} strings, one per seat", n=n)
    if viewer_role not in ROLES:
        raise ParameterError("viewer_role must be one of {choices}, not {viewer_role!r}",
                             choices=', '.join(map(repr, ROLES)), viewer_role=viewer_role)
    you = "" if viewer_role is None else words("role_" + viewer_role)
    return _fitted(lambda s: _twentyone(rows, nm, you, words, th, s, prefix, seat=seat, stood=stood, current=current,
                                        stock=stock, winners=winners, rounds=bool(rounds)), sc, box)


def _twentyone(rows: list[list[Tile] | int], nm: list[str], you: str, words: Any, th: Theme, sc: float, prefix: str,
               *, seat: int | None, stood: Sequence[bool], current: int | None, stock: int | None,
               winners: Sequence[int] | None, rounds: bool = False) -> Svg:
    n = len(rows)
    stood_l = list(stood) + [False] * (n - len(stood))
    u = UNIT
    W = 640.0
    parts: list[El] = []
    status = (words("game_over") if winners is not None else
              (words("take_or_pass" if rounds else "take_or_stand", who=nm[current] + (you if current == seat else ""))
               if current is not None
               else ""))
    t21 = words("t21_title")
    desc = [f"{t21}."]
    summary = f"{t21}: {status or words('table')}"
    d = drawing(W, 100, scale=sc, theme=th, title=summary, desc="", prefix=prefix, kind="twentyone")
    head, head_h = header(t21, status, W, th)
    parts.extend(head)
    y = MARGIN + head_h
    if stock is not None:  # the Czech sheet's Twenty-one takes from the «záloha»: the boneyard's words
        stack, _, _ = boneyard_stack(stock, W - MARGIN - 2.6 * u, y, u, th, prefix=prefix, label="stock",
                                     caption=words("boneyard"))
        parts.append(stack)
        desc.append(words("boneyard_line", tiles=words.tiles(stock)))
    for i, items in enumerate(rows):
        count = items if isinstance(items, int) else len(items)
        total = None if isinstance(items, int) else sum(t.value for t in items)
        bust = total is not None and total > BUST
        g = El("g", {"class": "seat" + (" to-play" if current == i else "") + (" bust" if bust else ""),
                     "id": f"{prefix}-seat{i}", "data-seat": str(i)})
        if total is not None:
            g.attribs["data-total"] = str(total)
        x = MARGIN
        if current == i:
            g.add(circle(x + 6, y + 10, 5, fill=th.accent, class_="turn-marker"))
            x += 16
        bits = [nm[i] + (you if i == seat else ""), words.tiles(count)]
        if total is not None:
            bits.append(words("total", n=total))
        if stood_l[i] and not bust:  # a bust player is out (T21-3), the BUST badge says so: not "stands"
            bits.append(words("t21_passed" if rounds else "stands"))  # rounds=True: nobody stands, he passed
        label = " · ".join(bits)
        g.add(text(label, x, y + 15, size=16, fill=th.text, weight="bold" if i == seat or current == i else None))
        badge = words("BUST") if bust else ("21!" if total == BUST else None)
        if winners is not None and i in winners:
            badge = words("WINS") if badge is None else f"{badge} {words('WINS')}"
        if badge:
            bw = 13 * len(badge) + 16
            bx = x + len(label) * 16 * 0.56 + 10  # just after the label (DejaVu Sans: about 0.55 em a letter)
            mark = El("g", {"class": "badge"})
            mark.add(rect(bx, y, bw, 24, rx="12", fill=th.last if bust else th.target))
            mark.add(text(badge, bx + bw / 2, y + 17, size=15, weight="bold", anchor="middle",
                          fill=ink_on(th.last if bust else th.target, th)))
            g.add(mark)
        parts.append(g)
        tu = u if i == seat else u * 0.8  # the viewer's own tiles at full size (72 px tall at scale 1)
        groups, _, hh = hand_row(items, MARGIN, y + 24, tu, th, prefix=prefix, ident=f"seat{i}",
                                 max_width=W - 2 * MARGIN - 3 * u, words=words)
        parts.extend(groups)
        stands = ", " + words("t21_passed" if rounds else "stands") if stood_l[i] and not bust else ""
        if isinstance(items, int):
            desc.append(f"{nm[i]}: {words('face_down', tiles=words.tiles(count))}{stands}.")
        else:
            state = words("bust") if bust else (words("twentyone") if total == BUST else "")
            desc.append(f"{nm[i]}{you if i == seat else ''}: {' '.join(map(str, items)) or words('no_tiles')}, "
                        f"{words('total', n=total)}{', ' + state if state else ''}{stands}.")
        y += 24 + max(hh, 2 * tu) + 14
    if winners is not None:
        message = (words("nobody") if not winners else words("winner", who=", ".join(nm[w] for w in winners)))
        desc.append(message)
        parts.append(banner(message, y, W, th, prefix))
        y += banner_height(message, W)
    if status:
        desc.append(status + ".")
    d.elements[1].xml.text = " ".join(desc)
    return close(d, parts, W, y, sc, summary)


def chain_layout(chain: Sequence[Tile | str], base: int = 0) -> Layout:
    """A line `Layout` from tiles written left to right as they lie (``"3-1"``: 3 on the left).

    ``base`` is the index of the tile laid first (SOL-2); the others are taken as laid outward
    from it. Touching halves must match (COM-1).

    >>> str(chain_layout(["1-3", "3-5", "5-5"], base=1))
    '1-3 3-5 5-5'
    >>> chain_layout(["1-3", "4-5"])
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: the line breaks between 1-3 and 4-5: 3 does not touch 4
    """
    halves: list[tuple[Tile, int, int]] = []
    for item in chain:
        text = str(item)
        t = Tile.parse(item)
        a, b = (t.low, t.high)
        if isinstance(item, str):
            first, _, second = text.replace("|", "-").replace(":", "-").replace("/", "-").partition("-")
            a, b = int(first), int(second)
        halves.append((t, a, b))
    for (t1, _, r1), (t2, l2, _) in pairwise(halves):
        if r1 != l2:
            raise ParameterError("the line breaks between {t1} and {t2}: {r1} does not touch {l2}",
                                 t1=t1, t2=t2, r1=r1, l2=l2)
    if not halves:
        return Layout("line", None, ((), (), (), ()), ())
    if not 0 <= base < len(halves):
        raise ParameterError("base must be 0..{last}, not {base}",
                             last=len(halves) - 1, base=base)
    t, a, b = halves[base]
    center = Placement(t, None, a, b, 0)
    left = tuple(Placement(t, End.LEFT, r, l, k + 1) for k, (t, l, r) in enumerate(reversed(halves[:base])))
    right = tuple(Placement(t, End.RIGHT, l, r, base + k + 1) for k, (t, l, r) in enumerate(halves[base + 1:]))
    ends = ((End.LEFT, halves[0][1]), (End.RIGHT, halves[-1][2]))
    return Layout("line", center, (left, right, (), ()), ends)


def solitaire_svg(line: Layout | Sequence[Tile | str], *, hand: Sequence[Tile | str] = (), stock: int = 0,
                  base: int = 0, playable: Sequence[Tile | str] = (), selected: Tile | str | None = None,
                  targets: Sequence[End | str] = (), status: str | None = None, won: bool | None = None,
                  theme: str | Theme = "light", scale: float = 1.0, width: float = 820,
                  id_prefix: str = "dw", lang: str | None = None, fit: tuple[float, float] | None = None) -> Svg:
    """A Solitaire table (SOL-1..5): the line, the face-up hand and the stock count.

    ``line`` is a `Layout` or the tiles left to right as they lie (with ``base`` the index of
    the first one laid); ``won`` is True (all tiles laid, SOL-4), False (a round laid nothing)
    or None while the game goes on. ``scale``, ``fit`` and ``lang`` are as in `view_svg`
    (with ``fit`` the line snakes in the box's width).
    """
    words = labels(lang)
    th, sc, prefix = _setup(theme, scale, id_prefix)
    box = check_fit(fit)
    layout = line if isinstance(line, Layout) else chain_layout(line, base)
    tiles = _hand(hand, "hand")
    assert not isinstance(tiles, int)
    h = Highlights.make(playable=playable, selected=selected, targets=targets)
    if box is not None:
        width = min(max(200.0, box[0] / sc), 10000.0)
    return _fitted(lambda s: _solitaire(layout, tiles, h, words, th, s, prefix, stock=stock, status=status, won=won,
                                        width=width), sc, box)


def _solitaire(layout: Layout, tiles: list[Tile], h: Highlights, words: Any, th: Theme, sc: float, prefix: str, *,
               stock: int, status: str | None, won: bool | None, width: float) -> Svg:
    u = UNIT
    geom = layout_geometry(layout, width=(float(width) - 2 * MARGIN) / u - 2 * PAD)
    tw, tht = table_size(geom, u)
    W = max(float(width), max(tw, (geom.width + 2 * PAD) * u) + 2 * MARGIN)
    parts: list[El] = []
    head = status or (words("sol_won") if won else words("sol_lost") if won is False else words("sol_play"))
    name = words("sol_title")
    desc = (f"{name}. {describe_layout(layout, lang=words.lang)} "
            f"{words('hand_line', tiles=' '.join(map(str, tiles)) or words('empty'))} "
            f"{words('stock_line', tiles=words.tiles(stock))} {head}.")
    summary = f"{name}: {head}"
    d = drawing(W, 100, scale=sc, theme=th, title=summary, desc=desc, prefix=prefix, kind="solitaire")
    top, head_h = header(name, head, W, th)
    parts.extend(top)
    y = MARGIN + head_h
    stack, _, sh = boneyard_stack(stock, W - MARGIN - 2.6 * u, y, u, th, prefix=prefix, label="stock",
                                  caption=words("stock"))
    parts.append(stack)
    y += sh + 8
    parts.append(draw_layout(geom, MARGIN, y, u, th, prefix=prefix, width=W - 2 * MARGIN, highlights=h,
                             ends=won is None, centered=True, words=words))
    y += tht + 14
    parts.append(text(f"{words('hand')} · {words('face_up', tiles=words.tiles(len(tiles)))}", MARGIN, y + 17, size=17, weight="bold", fill=th.text,
                      cls="seat"))
    groups, _, hh = hand_row(tiles, MARGIN, y + 28, u, th, prefix=prefix, ident="hand", max_width=W - 2 * MARGIN,
                             highlights=h, words=words)
    parts.extend(groups)
    y += 28 + max(hh, 2 * u) + 12
    if won is not None:
        parts.append(banner(head, y, W, th, prefix))
        y += banner_height(head, W)
    return close(d, parts, W, y, sc, summary)


def twentyone_view_svg(view: Any, *, theme: str | Theme = "light", scale: float = 1.0,
                       names: Sequence[str] | None = None, id_prefix: str = "dw", lang: str | None = None,
                       fit: tuple[float, float] | None = None, viewer_role: str | None = "you") -> Svg:
    """The Twenty-one table as ``view.seat`` sees it: its own tiles and total, the others' tiles
    face down (T21-1) until everybody has stood and all reveal (T21-3)."""
    n = view.players
    hands: list[Sequence[Tile] | int] = []
    for i in range(n):
        if i == view.seat:
            hands.append(view.hand)
        elif view.revealed is not None:
            hands.append(view.revealed[i])
        else:
            hands.append(view.hand_sizes[i])
    winners = view.outcome.winners if view.outcome is not None else None
    return twentyone_svg(hands, seat=view.seat, stood=view.stood, current=view.current_player,
                         stock=view.boneyard_size, winners=winners, names=names, theme=theme, scale=scale,
                         id_prefix=id_prefix, lang=lang, fit=fit, viewer_role=viewer_role,
                         rounds=bool(dict(view.params).get("rounds")))


def solitaire_view_svg(view: Any, *, highlights: Highlights | bool | None = None, theme: str | Theme = "light",
                       scale: float = 1.0, width: float = 820, id_prefix: str = "dw", lang: str | None = None,
                       fit: tuple[float, float] | None = None) -> Svg:
    """The solitaire table of a view: the line, the face-up hand, the stock, the round (SOL-1..5).

    ``highlights=True`` marks the tiles the view's legal actions can lay (or choose as base).
    """
    from .highlights import coerce

    words = labels(lang)
    h = coerce(highlights, view.legal_actions)  # type: ignore[arg-type]
    won = None if view.outcome is None else view.outcome.reason == "won"
    status: str | None
    if view.outcome is not None:  # the core's words, in the picture's language
        said = view.outcome.phrase().text(words.lang)
        status = said[:1].upper() + said[1:]
    elif view.layout.center is None:
        status = words("choose_base")
    else:
        status = words("round", n=view.round, k=view.laid_this_round)
    return solitaire_svg(view.layout, hand=view.hand, stock=view.boneyard_size, playable=tuple(h.playable),
                         selected=h.selected, targets=tuple(h.targets), status=status, won=won, theme=theme,
                         scale=scale, width=width, id_prefix=id_prefix, lang=lang, fit=fit)


def game_svg(state: Any, *, seat: int | None = None, open_hands: bool = False,
             highlights: Highlights | bool | None = None, theme: str | Theme = "light", scale: float = 1.0,
             names: Sequence[str] | None = None, id_prefix: str = "dw", lang: str | None = None,
             fit: tuple[float, float] | None = None, viewer_role: str | None = "you") -> Svg:
    """The picture of a Twenty-one or solitaire state or view (called by `state_svg`, `view_svg`).

    The renderer does not import the variants (DESIGN layers): it reads the objects' ``variant``
    and their documented fields. Without ``open_hands`` a state is drawn from ``state.view(seat)``.
    """
    lang = check_lang(lang)
    variant = getattr(state, "variant", None)
    is_view = not callable(getattr(state, "view", None))  # states have view(seat), views do not
    if variant == "twentyone":
        if is_view:
            return twentyone_view_svg(state, theme=theme, scale=scale, names=names, id_prefix=id_prefix, lang=lang,
                                      fit=fit, viewer_role=viewer_role)
        if not open_hands:
            if seat is None:
                seat = state.current_player if state.current_player is not None else 0
            return twentyone_view_svg(state.view(seat), theme=theme, scale=scale, names=names, id_prefix=id_prefix,
                                      lang=lang, fit=fit, viewer_role=viewer_role)
        out = state.outcome
        return twentyone_svg(state.hands, seat=seat, stood=state.stood, current=state.current_player,
                             stock=len(state.boneyard), winners=None if out is None else out.winners, names=names,
                             theme=theme, scale=scale, id_prefix=id_prefix, lang=lang, fit=fit,
                             viewer_role=viewer_role, rounds=bool(state.params.get("rounds")))
    if variant == "solitaire":
        view = state if is_view else state.view(0)
        return solitaire_view_svg(view, highlights=highlights, theme=theme, scale=scale, id_prefix=id_prefix,
                                  lang=lang, fit=fit)
    raise ParameterError("cannot draw a {name}: the renderer draws GameState and PlayerView, and the states and views "
                         "of Twenty-one and solitaire", name=type(state).__name__)

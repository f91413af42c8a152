"""The one place where the widgets call the renderer (`domino_widgets.render`).

Without open hands the board is drawn from the viewer's `PlayerView`, which holds no hidden
tile at all, so nothing the renderer does can put one in the browser; with open hands the whole
state is drawn face up (the teacher's switch). ``hide_own`` turns the viewer's own hand face down
too (hot-seat play, while the next person has not yet sat down).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.actions import End
from ..core.errors import ParameterError
from ..core.state import GameState
from ..core.tiles import Tile


def table_svg(
    state: GameState,
    *,
    seat: int,
    open_hands: bool = False,
    hide_own: bool = False,
    playable: Sequence[Tile] = (),
    selected: Tile | None = None,
    targets: Sequence[End] = (),
    names: Sequence[str] | None = None,
    theme: str = "light",
    lang: str | None = None,
    viewer_role: str | None = "you",
    width: float = 820.0,
    scale: float = 1.0,
    match_over: str | None = None,
    match_banner: str | None = None,
    hinted: Tile | None = None,
) -> str:
    """The table as ``seat`` sees it, with the playable tiles (DRW-7), the selected tile and the
    ends it can go to highlighted; ``names`` labels the seats; ``lang`` is the picture's language;
    ``viewer_role`` is what the viewer's label adds ("you"; None in hot-seat play, where the
    screen passes from person to person and nobody is "you"). ``width`` is the picture's width in
its own units (the line snakes inside it) and ``scale`` its displayed size: the board measures
the width it has and asks for ``width = pixels / scale``, so tiles keep their size while the
line turns at the table's edge. ``match_over`` (the words "Player 2 wins the match 150–65")
replaces the header's status once the match is decided, and ``match_banner`` (who won and the
final score of every seat, "Player 2 (computer) won the match. Final score: ...") leads the banner,
above the last hand's outcome (its points said to be the hand's); without it ``match_over`` does.
``hinted``, the
tile of the hint's play, gets a dashed outline.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["3-3", "3-6"], ["3-4", "2-2"]], leader=0).play("3-3")
    >>> pic = table_svg(s, seat=1, playable=[Tile(3, 4)], selected=Tile(3, 4), targets=[End.LEFT, End.RIGHT])
    >>> 'data-tile="3-4"' in pic, 'data-end="left"' in pic, 'data-tile="3-6"' in pic   # 3-6 is seat 0's
    (True, True, False)
    >>> "3-4" in table_svg(s, seat=1, hide_own=True)          # seat 1's own hand face down too
    False
    """
    from .. import render
    from ..render.table import draw_table
    from ..render.tabledata import table_from_state, table_from_view
    from ..render.themes import get_theme

    highlights = render.Highlights(playable=frozenset(playable), selected=selected, targets=frozenset(targets),
                                   hinted=hinted)
    if open_hands:
        table = table_from_state(state, seat, names, lang=lang, viewer_role=viewer_role)
    else:
        table = table_from_view(state.view(seat), names, lang=lang, viewer_role=viewer_role)
    if hide_own:  # no tile of the hand in the picture, and nothing highlighted
        table = replace(table, seats=tuple(replace(r, tiles=None) if r.viewer else r for r in table.seats))
        highlights = render.Highlights()
    if match_over:  # the match's end on the board: the header and the banner say it
        lead = match_banner or match_over
        table = replace(table, status=match_over, outcome=f"{lead}. {table.outcome}" if table.outcome else lead)
    if not 200 <= width <= 10000:
        raise ParameterError("width must be a number of pixels from 200 to 10000, not {width!r}", width=width)
    return str(draw_table(table, theme=get_theme(theme), scale=render_scale(scale), width=float(width), prefix="dw",
                          highlights=highlights))


def render_scale(scale: float) -> float:
    from ..render._svg import check_scale

    return check_scale(scale)

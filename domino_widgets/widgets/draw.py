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
    hinted: Tile | None = None,
) -> str:
    """The table as ``seat`` sees it, with the playable tiles (DRW-7), the selected tile and the
    ends it can go to highlighted; ``names`` labels the seats; ``lang`` is the picture's language;
    ``hinted``, the tile of the hint's play, gets a dashed outline; ``viewer_role`` is what the viewer's label adds ("you"; None in hot-seat play, where the
    screen passes from person to person and nobody is "you").

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
    from ..render.tabledata import table_from_view
    from ..render.themes import get_theme

    highlights = render.Highlights(playable=frozenset(playable), selected=selected, targets=frozenset(targets),
                                   hinted=hinted)
    if open_hands:
        return str(render.state_svg(state, seat=seat, open_hands=True, highlights=highlights, theme=theme,
                                    names=names, lang=lang, viewer_role=viewer_role))
    if hide_own:  # no tile of the hand in the picture, and nothing highlighted
        table = table_from_view(state.view(seat), names, lang=lang, viewer_role=viewer_role)
        table = replace(table, seats=tuple(replace(r, tiles=None) if r.viewer else r for r in table.seats))
        return str(draw_table(table, theme=get_theme(theme), scale=1.0, width=820.0, prefix="dw",
                              highlights=render.Highlights()))
    return str(render.view_svg(state.view(seat), highlights=highlights, theme=theme, names=names, lang=lang,
                               viewer_role=viewer_role))

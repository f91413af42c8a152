"""The one place where the widgets call the renderer (`domino_widgets.render`).

Without open hands the board is drawn from the viewer's `PlayerView`, which holds no hidden
tile at all, so nothing the renderer does can put one in the browser; with open hands the whole
state is drawn face up (the teacher's switch).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import End
from ..core.state import GameState
from ..core.tiles import Tile


def table_svg(
    state: GameState,
    *,
    seat: int,
    open_hands: bool = False,
    playable: Sequence[Tile] = (),
    selected: Tile | None = None,
    targets: Sequence[End] = (),
    names: Sequence[str] | None = None,
    theme: str = "light",
    lang: str = "en",
) -> str:
    """The table as ``seat`` sees it, with the playable tiles (DRW-7), the selected tile and the
    ends it can go to highlighted; ``names`` labels the seats; ``lang`` is the picture's language.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["3-3", "3-6"], ["3-4", "2-2"]], leader=0).play("3-3")
    >>> pic = table_svg(s, seat=1, playable=[Tile(3, 4)], selected=Tile(3, 4), targets=[End.LEFT, End.RIGHT])
    >>> 'data-tile="3-4"' in pic, 'data-end="left"' in pic, 'data-tile="3-6"' in pic   # 3-6 is seat 0's
    (True, True, False)
    """
    from .. import render

    highlights = render.Highlights(playable=frozenset(playable), selected=selected, targets=frozenset(targets))
    if open_hands:
        return str(render.state_svg(state, seat=seat, open_hands=True, highlights=highlights, theme=theme,
                                    names=names, lang=lang))
    return str(render.view_svg(state.view(seat), highlights=highlights, theme=theme, names=names, lang=lang))

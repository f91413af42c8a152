"""Matador, ``matador`` (MAT-1..5): touching halves add up to 7; the matadors 0-0, 6-1, 5-2
and 4-3 go anywhere when you have no ordinary play.

>>> import domino_widgets as dw
>>> s = dw.new_game("matador", hands=[["3-3", "0-1"], ["1-6", "2-2"]], boneyard=["0-2"], leader=0)
>>> s = s.play("3-3")           # MAT-2: any tile leads; both ends show 3
>>> [str(a) for a in s.legal_actions()]   # 2-2 cannot make 7 with a 3: the 6-1 goes either way
['1-6 left 1', '1-6 left 6', '1-6 right 1', '1-6 right 6']

MAT-4's other reading ``matador_optional=True``: the same player may also draw (COM-5).

>>> s = dw.new_game("matador", hands=[["3-3", "0-1"], ["1-6", "2-2"]], boneyard=["0-2"], leader=0,
...                 matador_optional=True)
>>> [str(a) for a in s.play("3-3").legal_actions()][-1]
'draw'
"""

from __future__ import annotations

from typing import Any

from ..core.engine import OUT_AT_ONCE, OUT_STOCK_EMPTY, SUM7, Config, tables
from ..core.tiles import Tile
from ..core.errors import Phrase
from ..core.variant import Param, Variant, flag_param, players_param, positive_int
from ._common import hands_won, winner_takes_counts

MATADORS = (Tile(0, 0), Tile(6, 1), Tile(5, 2), Tile(4, 3))  # MAT-3


def build(p: dict[str, Any]) -> Config:
    t = tables(6)
    standard = p["standard"]
    return Config(
        variant="matador",
        match="points" if standard else "hands",  # MAT-5
        params=p,
        players=p["players"],
        pips=6,
        hand_size=3,  # MAT-1
        removed=3,  # MAT-1: three tiles out of play, unseen
        matching=SUM7,  # MAT-2
        draws=True,  # MAT-4
        matadors=sum(t.bit[m.index] for m in MATADORS),
        matadors_any_time=p["matadors_any_time"],
        matador_optional=p["matador_optional"],  # MAT-4 seed option
        out_rule=OUT_AT_ONCE if standard or p["last_tile_ends"] else OUT_STOCK_EMPTY,  # MAT-5
        finish=winner_takes_counts if standard else hands_won,
    )


def finalize(p: dict[str, Any]) -> dict[str, Any]:
    """MAT-5: the match is to 5 hands won (also with ``last_tile_ends=True``, the other reading),
    or to 100 points under the usual rule (``standard=True``, an added option).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("matador", hands=[["3-4"], ["1-6", "2-2"]], boneyard=["0-2", "1-1"], leader=0,
    ...                 last_tile_ends=True)
    >>> s = s.play("3-4"); s.is_over, s.outcome.winner, s.params["target"]
    (True, 0, 5)
    """
    if p["target"] is None:
        p["target"] = 100 if p["standard"] else 5
    return p


VARIANT = Variant(
    name="matador",
    title="Matador",
    prefix="MAT",
    params=(
        players_param(2),
        Param("target", None,
              Phrase("a whole number from 1 to 1,000,000 (default 5 hands won, or 100 points with standard=True)"),
              lambda x: x is None or positive_int(x), "MAT-5: what wins the match"),
        flag_param("standard", "MAT-5 added option: the usual Matador rule: the hand ends when a player lays "
                   "his last tile, the winner scores the opponent's count, the match is to 100 points"),
        flag_param("last_tile_ends", "MAT-5 other reading: the hand ends when a player lays his last tile, "
                   "boneyard or not; the match still counts hands won"),
        flag_param("matadors_any_time", "MAT-3 option: matadors may be laid at any time"),
        flag_param("matador_optional", "MAT-4 other reading: a player with a matador but no ordinary play "
                   "may draw instead of laying it"),
    ),
    build=build,
    finalize=finalize,
    aliases=("matador_cz",),
    summary="Touching halves add up to 7; matadors go anywhere when nothing else fits.",
)

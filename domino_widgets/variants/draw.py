"""The Greek draw game, ``draw`` (DRW-1..7): the highest double leads, draw until you can
play, the lower count scores the difference.

>>> import domino_widgets as dw
>>> s = dw.new_game("draw", hands=[["4-4", "0-3"], ["4-5"]], boneyard=["1-1"])
>>> s.current_player, s.legal_actions()   # DRW-2: the holder of the highest double leads it
(0, [Action.parse('4-4')])
>>> s = s.play("4-4").play("4-5 right")    # seat 1 goes out (DRW-4)
>>> s.outcome.points                      # DRW-5: going out against 4-4 and 0-3 would score 11
(0, 3)
"""

from __future__ import annotations

from typing import Any

from ..core.engine import Config
from ..core.variant import Variant, pips_param, players_param, target_param
from ._common import difference_to_lower


def build(p: dict[str, Any]) -> Config:
    return Config(
        variant="draw",
        match="points",
        params=p,
        players=p["players"],
        pips=p["pips"],
        hand_size=7,
        draws=True,  # DRW-3
        lead="highest_double",  # DRW-2
        finish=difference_to_lower,  # DRW-5
    )


VARIANT = Variant(
    name="draw",
    title="Draw dominoes (Greek)",
    prefix="DRW",
    params=(
        players_param(2),
        target_param(50, "DRW-6: points that win the match"),
        pips_param(),
    ),
    build=build,
    aliases=("draw_gr", "greek_draw", "draw_dominoes"),
    summary="Two players; the highest double leads; draw until you can play; the lower count scores the difference.",
)

"""The Czech draw game, ``draw_cz`` (DCZ-1..6): draw when you cannot play; an empty hand
wins only once the boneyard is empty (DCZ-3/4); a match counts hands won.
"""

from __future__ import annotations

from typing import Any

from ..core.engine import OUT_AT_ONCE, OUT_STOCK_EMPTY, Config
from ..core.variant import Variant, flag_param, pips_param, players_param, target_param
from ._common import hands_won


def build(p: dict[str, Any]) -> Config:
    return Config(
        variant="draw_cz",
        match="hands",
        params=p,
        players=p["players"],
        pips=p["pips"],
        hand_size=7,
        draws=True,  # DCZ-2, COM-5
        out_rule=OUT_AT_ONCE if p["standard"] else OUT_STOCK_EMPTY,  # DCZ-3/4; DCZ-4's added option
        finish=hands_won,  # DCZ-5/6
    )


VARIANT = Variant(
    name="draw_cz",
    title="Czech draw game (Domino se zálohou)",
    prefix="DCZ",
    params=(
        players_param(2),
        target_param(5, "DCZ-6: hands won that win the match"),
        flag_param("standard", "DCZ-4 added option: the hand ends as soon as a player lays his last tile"),
        pips_param(),
    ),
    build=build,
    leads_alternate=True,
    aliases=("czech_draw", "domino_se_zalohou"),
    summary="Two players draw from a 14-tile boneyard; an empty hand wins once the boneyard is empty.",
)

"""The block game, ``block`` (BLK-1..6): no boneyard, who cannot play passes.

>>> import domino_widgets as dw
>>> s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0)
>>> s = s.play("6-6")            # BLK-2: any tile leads
>>> [str(a) for a in s.legal_actions()]     # COM-8: 6-5 fits both sixes of the double
['5-6 left', '5-6 right']
>>> s = s.play("6-5 left")
>>> s.legal_actions()            # BLK-3: 1-2 fits nowhere, so seat 0 passes ("DÁL")
[Action.parse('pass')]
>>> s.play("pass").legal_actions()
[Action.parse('4-5 left')]
"""

from __future__ import annotations

from typing import Any

from ..core.engine import Config
from ..core.variant import Param, Variant, one_of, pips_param, players_param, target_param
from ._common import winner_takes_counts


def build(p: dict[str, Any]) -> Config:
    difference = p["blocked_scoring"] == "difference"
    return Config(
        variant="block",
        match="points",
        params=p,
        players=p["players"],
        pips=p["pips"],
        hand_size=7,  # BLK-1; the rest stays out of play, unseen
        finish=lambda c: winner_takes_counts(c, difference=difference and c.reason == "blocked"),
    )


VARIANT = Variant(
    name="block",
    title="Block game (Slepá ulička)",
    prefix="BLK",
    params=(
        players_param(2),
        target_param(100, "BLK-6: points that win the match"),
        Param(
            "blocked_scoring",
            "count",
            "'count' or 'difference'",
            one_of("count", "difference"),
            "BLK-5: a blocked hand's winner scores the opponent's count, or the difference",
        ),
        pips_param(),
    ),
    build=build,
    leads_alternate=True,
    aliases=("blocked", "slepa_ulicka", "block_game"),
    summary="Two players, seven tiles each, no drawing: who cannot play passes.",
)

__all__ = ["VARIANT"]

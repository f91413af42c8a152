"""Bergen as the Czech seed describes it (Sebastopol with a pot), ``bergen`` (BRG-1..6).

The 6-6 leads in the middle; until it holds a tile on all four sides only sixes may be laid
against it (BRG-3); then play goes on at the four arms (BRG-4). The first two players out share
the pot 3/4 and 1/4 (BRG-5), as exact fractions (BRG-6).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.engine import CROSS, OUT_TWO_PLACES, Config, Core, hand_count, split_places
from ..core.errors import Phrase
from ..core.variant import Param, Variant, one_of, players_param, positive_int
from ._common import lowest

FIRST, SECOND = Fraction(3, 4), Fraction(1, 4)


def pot_shares(c: Core) -> tuple[int | None, tuple[Fraction, ...]]:
    """BRG-5: each seat's share of the pot (the shares add up to 1)."""
    n = c.cfg.players
    winner_takes_all = n == 2 and c.cfg.params["two_player_split"] == "winner_takes_all"
    prizes = [Fraction(1)] if winner_takes_all else [FIRST, SECOND]
    out = list(c.finished)
    shares = {seat: Fraction(0) for seat in range(n)}
    for place, seat in enumerate(out[: len(prizes)]):
        shares[seat] = prizes[place]
    rest = prizes[len(out):]
    if rest:  # blocked: the lowest counts among those still in take the places left
        others = [(hand_count(c, s), s) for s in range(n) if s not in out]
        shares.update(split_places(others, rest + [Fraction(0)] * len(others)))
    winner = out[0] if out else lowest(c)[0]  # None: blocked with a tie for the lowest count
    return winner, tuple(shares[s] for s in range(n))


def build(p: dict[str, Any]) -> Config:
    return Config(
        variant="bergen",
        match="rounds",
        params=p,
        players=p["players"],
        pips=6,
        hand_size=7,  # BRG-1: with 2-3 players the rest is out of play
        layout=CROSS,  # BRG-3/4
        lead="6-6",  # BRG-2
        out_rule=OUT_TWO_PLACES,  # BRG-5
        finish=pot_shares,
    )


VARIANT = Variant(
    name="bergen",
    title="Bergen (Sebastopol with a pot)",
    prefix="BRG",
    params=(
        players_param(3, 2, 4),  # BRG-1: the sheet's heading, «BERGEN (2-3 hráči)»; 4 as its pot text needs
        Param("rounds", 4, Phrase("a whole number from 1 to 1,000,000"), positive_int, "BRG-6: rounds in a match"),
        Param(
            "two_player_split",
            "seed",
            "'seed' (3/4 and 1/4) or 'winner_takes_all'",
            one_of("seed", "winner_takes_all"),
            "BRG-5: how two players share the pot",
        ),
    ),
    build=build,
    aliases=("sebastopol", "bergen_cz"),
    summary="Three players (2 to 4), the 6-6 in the middle takes four sixes, then four arms; the first two out share the pot.",
)


def sixes_needed(layout: Any) -> int:
    """BRG-3: how many sides of the 6-6 still wait for a six (0 once phase two has begun)."""
    if layout.center is None:
        return 4
    return sum(1 for arm in layout.arms if not arm)


def cross_can_be_completed(state: Any) -> bool:
    """BRG-1/BRG-3: whether the sixes still held can fill the free sides of the 6-6 (the whole
    truth: it looks at every hand, so it is for teachers and lessons, not for a player's view).
    With 2 or 3 players the tiles not dealt are out of play, and the cross often cannot be completed.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("bergen", players=2, hands=[["6-6", "6-5", "1-1"], ["6-4", "2-3"]], leader=0)
    >>> cross_can_be_completed(s), cross_can_be_completed(s.play("6-6"))  # only two other sixes dealt
    (False, False)
    """
    need = sixes_needed(state.layout)
    if not need:
        return True
    held = sum(1 for h in state.hands for t in h if t.has(6) and not t.is_double)
    return held >= need


def cross_blocked(state_or_view: Any) -> bool:
    """BRG-1/BRG-3: the hand ended blocked in phase one: the cross was never completed. Public
    (a `PlayerView` answers it too), so a widget may say it.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("bergen", players=2, hands=[["6-6", "6-5", "1-1"], ["6-4", "2-3"]], leader=0)
    >>> s = s.play("6-6").play("4-6 left").play("5-6 right")
    >>> s.is_over, cross_blocked(s), cross_blocked(s.view(1))
    (True, True, True)
    """
    out = state_or_view.outcome
    return out is not None and out.reason == "blocked" and sixes_needed(state_or_view.layout) > 0

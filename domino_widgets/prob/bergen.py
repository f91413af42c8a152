"""Bergen with fewer than four players: how often the cross of the 6-6 is ever completed (BRG-1).

In phase one (BRG-3) only a six may be laid, on a free side of the 6-6, and who holds one must
lay it (COM-4). So the cross is completed exactly when at least four *other* sixes were dealt;
with 2 or 3 players a third or half of the set stays out of play, and often fewer are dealt.
Given the 6-6 was dealt (BRG-1 deals again otherwise), the other ``7n - 1`` tiles in play are a
uniform choice from the other 27, six of which carry a six: a hypergeometric count.

>>> p_cross_completes(2), p_cross_completes(3), p_cross_completes(4)
(Fraction(593, 2070), Fraction(83011, 98670), Fraction(1, 1))
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import comb

from ..core.engine import random_playout
from ..core.errors import ParameterError, check_count, check_seed
from ..core.state import GameState, new_game
from .estimate import Estimate

__all__ = ["cross_completed", "p_cross_completes", "simulate_cross"]


def p_cross_completes(players: int = 4, hand_size: int = 7, pips: int = 6) -> Fraction:
    """The chance that at least four other sixes are in play, given the 6-6 was dealt (BRG-1, BRG-3).

    >>> float(p_cross_completes(2))
    0.28647342995169084
    """
    if players not in (2, 3, 4):
        raise ParameterError("Bergen is played by 2, 3 or 4 players (BRG-1), not {players!r}", players=players)
    others = pips                        # the other tiles with a six: 6-0 ... 6-5
    rest = (pips + 1) * (pips + 2) // 2 - 1 - others
    dealt = players * hand_size - 1      # besides the 6-6
    total = comb(others + rest, dealt)
    return sum((Fraction(comb(others, k) * comb(rest, dealt - k), total) for k in range(4, others + 1)),
               Fraction(0))


def cross_completed(state: GameState) -> bool:
    """Whether a tile lies on all four sides of the 6-6 (BRG-3: phase one is over).

    >>> import domino_widgets as dw
    >>> cross_completed(dw.new_game("bergen", seed=1))
    False
    """
    if state.layout.kind != "cross":
        raise ParameterError("cross_completed looks at Bergen's cross, not a {kind} layout", kind=state.layout.kind)
    return all(state.layout.arms)


def simulate_cross(players: int, games: int, seed: int = 0) -> Estimate:
    """Deal ``games`` seeded Bergen hands with the core, play them out by random legal moves, and
    count those in which the cross was completed: a check of `p_cross_completes` by the rules alone.

    >>> simulate_cross(2, games=400, seed=1).agrees(p_cross_completes(2))
    True
    """
    check_count(games, "games")
    rng = random.Random(check_seed(seed, optional=False))
    hits = 0
    for _ in range(games):
        s = new_game("bergen", rng.randrange(2**32), players=players)
        core = s.core
        random_playout(core, random.Random(rng.randrange(2**32)))
        hits += cross_completed(GameState(core))
    return Estimate(hits, games)

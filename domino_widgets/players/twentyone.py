"""Players of Twenty-one (T21-1..4): "stand at k", the exact optimal policy, and random play.

Each sees only `TwentyOneView` (its own tiles, the others' tile counts, who has stood) and gets
its random source passed in (DESIGN principle 3).

>>> import random, domino_widgets as dw
>>> s = dw.new_game("twentyone", hands=[["6-4", "3-3"], ["5-5", "1-4"]], boneyard=["0-1", "6-6"])
>>> StandAtPlayer(17).choose(s.view(0), random.Random(1))      # 16 < 17: take
Action.parse('take')
>>> StandAtPlayer(16).choose(s.view(0), random.Random(1))
Action.parse('stand')
>>> OptimalPlayer(17).choose(s.view(0), random.Random(1))      # against "stand at 17", 16 takes
Action.parse('take')
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import cast

from ..core.actions import STAND, TAKE, Action
from ..core.errors import ParameterError
from ..variants._twentyone_state import TwentyOneView
from ..variants._twentyone_stopping import OptimalStopping
from .base import BasePlayer, Player, legal_actions_of
from .registry import register_player

__all__ = ["LEVELS", "OptimalPlayer", "RandomPlayer", "StandAtPlayer", "levels_for"]

#: The Twenty-one players by level name, the strongest first.
LEVELS = ("optimal", "stand_at", "random")


def levels_for(players: int, rounds: bool = False) -> tuple[str, ...]:
    """The levels that can play a game of ``players``: the exact "optimal" player is for two
    players in the rule sheet's turn order only (with three or four the others' hands interact, and it
    does not play the seed option rounds=True of T21-2: `OptimalPlayer` refuses both), so it is not
    offered then. A widget asks here which levels to offer.

    >>> levels_for(2), levels_for(3), levels_for(2, rounds=True)
    (('optimal', 'stand_at', 'random'), ('stand_at', 'random'), ('stand_at', 'random'))
    """
    return LEVELS if players == 2 and not rounds else tuple(x for x in LEVELS if x != "optimal")


class _Player(BasePlayer):
    """The shared `BasePlayer`, typed for Twenty-one's view."""

    def explain(self, view: TwentyOneView, rng: Random) -> list[tuple[Action, float]]:  # type: ignore[override]
        raise NotImplementedError


class RandomPlayer(_Player):
    """Takes or stands at random (a bust seat can only stand)."""

    name = "random"
    value_kind = "uniform"

    def explain(self, view: TwentyOneView, rng: Random) -> list[tuple[Action, float]]:
        return [(a, 1.0) for a in legal_actions_of(view)]


class StandAtPlayer(_Player):
    """"Stand at k": take while the count is below ``k``, then stand (T21-2).

    >>> StandAtPlayer(30)
    <StandAtPlayer 'stand at 30'>
    >>> StandAtPlayer(-1)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: k must be a whole number >= 0 (take while the count is below k), not -1
    """

    value_kind = "rule"

    def __init__(self, k: int = 17) -> None:
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ParameterError("k must be a whole number >= 0 (take while the count is below k), not {value!r}",
                                 value=k)
        self.k = k
        self.name = f"stand at {k}"

    def explain(self, view: TwentyOneView, rng: Random) -> list[tuple[Action, float]]:
        take = float(view.count < self.k)
        return [(a, take if a == TAKE else 1.0 - take) for a in legal_actions_of(view)]


class OptimalPlayer(_Player):
    """The exact optimal policy of the two-player game against an opponent who stands at
    ``opponent_stands_at`` (`OptimalStopping`); the values are chances of winning (a tie counts
    one half). At seat 1 it weighs what the opponent's tile count says about his hand.

    With the seed option ``rounds=True`` (T21-2) it refuses with a `ParameterError` that names
    the strongest player available there ("stand at k"). The exact search is for two players: with three or four the opponents' hands interact
    through the stock and the search grows beyond what answers within a second, so this player
    refuses those games with a `ParameterError` (use `StandAtPlayer` there).
    """

    value_kind = "win probability"

    def __init__(self, opponent_stands_at: int = 17) -> None:
        self.duel = OptimalStopping(opponent_stands_at)
        self.name = f"optimal against stand at {opponent_stands_at}"

    def explain(self, view: TwentyOneView, rng: Random) -> list[tuple[Action, float]]:
        actions = legal_actions_of(view)
        _refuse_rounds(view)
        if view.players != 2:
            raise ParameterError("the optimal Twenty-one player is exact for two players, not {players}; use "
                                 "StandAtPlayer with more", players=view.players)
        if len(actions) == 1:
            return [(actions[0], 0.0)]
        opp = view.hand_sizes[0] if view.seat == 1 else None
        values = self.duel.values(view.hand, seat=view.seat, opponent_tiles=opp)
        return [(a, float(values["take" if a == TAKE else "stand"])) for a in actions]

    def choose(self, view: TwentyOneView, rng: Random) -> Action:
        """The exact best action (`OptimalStopping.best_action`, which skips the search when no
        tile can bust the hand)."""
        actions = legal_actions_of(view)
        _refuse_rounds(view)
        if view.players != 2:
            raise ParameterError("the optimal Twenty-one player is exact for two players, not {players}; use "
                                 "StandAtPlayer with more", players=view.players)
        if len(actions) == 1:
            return actions[0]
        opp = view.hand_sizes[0] if view.seat == 1 else None
        best = self.duel.best_action(view.hand, seat=view.seat, opponent_tiles=opp)
        return best if best in actions else STAND



def _refuse_rounds(view: TwentyOneView) -> None:
    """T21-2 seed option ``rounds=True``: a game against the others' choices, not a stopping
    problem, so the optimal-stopping solution does not apply there."""
    if dict(view.params).get("rounds"):
        raise ParameterError("the optimal Twenty-one player solves the rule sheet's turn order (each seat takes until it "
                             "stands, T21-2); with rounds=True the game is played against the others' choices and "
                             "that solution does not carry over: use the strongest player available there, "
                             "get_player('stand_at', variant='twentyone', k=17)")


def _factory(cls: type) -> Callable[..., Player]:
    """The registry's `Player` protocol names the line games' `PlayerView`; these players take the
    view of their own game, with the same ``choose(view, rng)`` shape."""
    return cast("Callable[..., Player]", cls)


register_player("random", _factory(RandomPlayer), ["twentyone"])
register_player("stand_at", _factory(StandAtPlayer), ["twentyone"])
register_player("optimal", _factory(OptimalPlayer), ["twentyone"])

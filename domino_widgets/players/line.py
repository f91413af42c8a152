"""The simple players of the line games: `RandomPlayer` and `GreedyPlayer` (one-ply heuristic).

>>> import random, domino_widgets as dw
>>> s = dw.new_game("all_fives", hands=[["5-5", "0-5", "4-5"], ["1-5", "2-2"]], boneyard=["3-3"])
>>> s = s.play("5-5").play("1-5 right")       # ends: the spinner 5-5 (10) and 1
>>> g = GreedyPlayer()
>>> g.choose(s.view(0), random.Random(0))     # A5-4: 4-5 left makes 4 + 1 = 5 points
Action.parse('4-5 left')
>>> [(str(a), v) for a, v in g.explain(s.view(0), random.Random(0))]
[('0-5 left', 5), ('4-5 left', 509)]
"""

from __future__ import annotations

from random import Random

from ..core.actions import Action
from ..core.engine import Core
from ..core.state import PlayerView
from .base import BasePlayer, legal_actions_of, legal_codes_of
from .heuristics import Heuristic, all_fives, all_fives_values, heuristic_for
from .sampling import public_core

__all__ = ["GreedyPlayer", "RandomPlayer"]


class RandomPlayer(BasePlayer):
    """Any legal action, uniformly at random. `explain` gives each action its chance of being chosen."""

    name = "random"
    value_kind = "chance of being chosen"

    def choose(self, view: PlayerView, rng: Random) -> Action:
        actions = legal_actions_of(view)
        return actions[int(rng.random() * len(actions))] if len(actions) > 1 else actions[0]

    def explain(self, view: PlayerView, rng: Random) -> list[tuple[Action, float]]:
        actions = legal_actions_of(view)
        return [(a, 1 / len(actions)) for a in actions]

    def choose_code(self, seat: Core, codes: tuple[int, ...], rng: Random) -> int:
        """`choose` on engine codes: the same pick (the same random number) among ``codes``, the
        legal codes in the order of ``legal_actions`` (a simulation's fast path, which builds no
        `Action` and no view; ``seat`` is unused)."""
        return codes[int(rng.random() * len(codes))] if len(codes) > 1 else codes[0]


class GreedyPlayer(BasePlayer):
    """The best action by a one-ply heuristic of the variant (`domino_widgets.players.heuristics`):
    the heaviest tile in the block and draw games, the best immediate score then the heaviest in
    All Fives, matadors kept back in Matador, the sixes race in ``bergen``. Draws and passes are
    forced (COM-4), so they are only ever the single legal action.
    """

    name = "greedy"
    value_kind = "heuristic score (higher is better)"

    def __init__(self, heuristic: Heuristic | None = None) -> None:
        self.heuristic = heuristic

    def explain(self, view: PlayerView, rng: Random) -> list[tuple[Action, float]]:
        actions = legal_actions_of(view)
        core = public_core(view)
        codes = legal_codes_of(view, core)
        h = self.heuristic or heuristic_for(view.variant)
        return [(a, h(core, k) if k >= 0 else 0.0) for a, k in zip(actions, codes)]

    def choose_code(self, seat: Core, codes: tuple[int, ...], rng: Random) -> int:
        """`choose` on engine codes: the same pick (the same values, ties and random number)
        among ``codes``, the legal codes in the order of ``legal_actions``, scored on ``seat``, a
        position that holds only what the mover sees (its own hand, the table, the scores), as
        `explain` scores them on `public_core` (a simulation's fast path: no `Action`, no view).

        >>> import random, domino_widgets as dw
        >>> from domino_widgets.core.engine import legal_codes
        >>> s = dw.new_game("all_fives", hands=[["5-5", "0-5", "4-5"], ["1-5", "2-2"]], boneyard=["3-3"])
        >>> s = s.play("5-5").play("1-5 right")
        >>> view = s.view(0)
        >>> code = GreedyPlayer().choose_code(public_core(view), legal_codes(s.core), random.Random(0))
        >>> view.legal_actions[legal_codes(s.core).index(code)]      # A5-4: 4 + 1 = 5 points
        Action.parse('4-5 left')
        """
        if len(codes) == 1:
            return codes[0]
        h = self.heuristic or heuristic_for(seat.cfg.variant)
        if h is all_fives and codes[-1] >= 0:  # plays only (a draw or a pass would come last)
            values = all_fives_values(seat, codes)
        else:
            values = [h(seat, k) if k >= 0 else 0.0 for k in codes]
        best = max(values)
        top = [k for k, v in zip(codes, values) if v == best]
        return top[0] if len(top) == 1 else top[int(rng.random() * len(top))]

"""What a player is: an object that chooses an action from a `PlayerView` and a random source.

DESIGN principle 3: a player receives only ``state.view(seat)``, never the state; its random
source is passed in, so the same view and the same seed give the same action.

>>> import random, domino_widgets as dw
>>> from domino_widgets.players.line import RandomPlayer
>>> s = dw.new_game("block", seed=3)
>>> p = RandomPlayer()
>>> a = p.choose(s.view(s.current_player), random.Random(1))
>>> a in s.legal_actions(), isinstance(p, Player)
(True, True)
"""

from __future__ import annotations

from random import Random
from typing import Any, Protocol, runtime_checkable

from ..core.actions import Action
from ..core.engine import Core, legal_codes
from ..core.errors import IllegalPlayError, Phrase
from ..core.state import PlayerView

__all__ = ["BasePlayer", "Player", "legal_actions_of", "legal_codes_of"]


@runtime_checkable
class Player(Protocol):
    """The protocol every player follows (line games, Twenty-one, solitaire alike).

    ``value_kind`` says what the numbers of `explain` mean (a win probability, expected points,
    a heuristic score, ...).
    """

    name: str
    value_kind: str

    def choose(self, view: PlayerView, rng: Random) -> Action:
        """One of ``view.legal_actions``."""
        ...

    def explain(self, view: PlayerView, rng: Random) -> list[tuple[Action, float]]:
        """Every legal action with its estimated value (higher is better)."""
        ...


def legal_actions_of(view: PlayerView | Any) -> tuple[Action, ...]:
    """The view's legal actions; a clear `IllegalPlayError` when the seat has nothing to choose.

    Any view with ``legal_actions``, ``is_over``, ``current_player`` and ``seat`` will do (the
    line games', Twenty-one's, the solitaire's)."""
    actions = view.legal_actions
    if not actions:
        why = (Phrase("the hand is over") if view.is_over
               else Phrase("it is seat {seat}'s turn", seat=view.current_player))
        raise IllegalPlayError("seat {seat} has no action to choose: {why}", seat=view.seat, why=why)
    return actions


def legal_codes_of(view: PlayerView, core: Core) -> tuple[int, ...]:
    """The engine codes of ``view.legal_actions``, in the same order, from a position built from
    the view (legal plays depend only on the mover's hand and the table)."""
    codes = legal_codes(core)
    if len(codes) != len(view.legal_actions):  # pragma: no cover - a core_from_view bug
        raise IllegalPlayError("the position built from the view of seat {seat} has other legal actions",
                               seat=view.seat)
    return codes


class BasePlayer:
    """Common behaviour: `choose` takes the best-valued action of `explain` (ties: by ``rng``)
    and answers at once when only one action is legal (a forced draw, pass or lead)."""

    name: str = "player"
    value_kind: str = "score"

    def choose(self, view: PlayerView, rng: Random) -> Action:
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        scored = self.explain(view, rng)
        best = max(v for _, v in scored)
        top = [a for a, v in scored if v == best]
        return top[0] if len(top) == 1 else top[int(rng.random() * len(top))]

    def explain(self, view: PlayerView, rng: Random) -> list[tuple[Action, float]]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

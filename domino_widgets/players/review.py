"""Review a hand, the way chess sites review a game: each decision the expert rates differently.

For every turn where ``seat`` had a real choice (two legal actions or more; draws and passes
are forced, COM-4/COM-5), the expert (`ExpertPlayer.explain`) values every legal action **from
the view that seat had at that moment** (`GameState.view`: its own tiles, the table, the public
history; never a hidden tile, never what happened later). A decision is listed when the action
played is worth less than the expert's best by more than ``min_loss``, with the expected loss in
the expert's unit (`unit_of`: points margin of the hand, counted by the match where that is known,
or chance of winning it).

The expert's values are estimates (``samples`` guesses of the hidden tiles, each action played
out on the same guesses), so a small difference is noise: ``min_loss`` keeps only clear ones.

>>> import domino_widgets as dw
>>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
>>> s = dw.play_all(s, ["2-5", "5-6 right"])      # the heavier tile first strands the 5-5
>>> [d.sentence() for d in review(s, 0, samples=40)]
['Move 2: Player 1 played 5-6 right; the expert prefers 5-5 right, which is worth ... more (expected points margin of the hand).']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from random import Random

from ..core.actions import Action
from ..core.errors import ParameterError
from ..core.registry import get_variant
from ..core.state import GameState
from ..render.labels import player_name
from ..sim.tournament import derive_seed
from .expert import ExpertPlayer, unit_of

__all__ = ["Decision", "review", "states_of"]


@dataclass(frozen=True)
class Decision:
    """One decision the expert rates differently: ``move`` counts the hand's actions from 1."""

    move: int
    seat: int
    played: Action
    best: Action
    loss: float
    unit: str
    values: tuple[tuple[Action, float], ...]

    def sentence(self, role: str | None = None) -> str:
        """The decision in one sentence (``role``: "you", "computer" or None, for the name)."""
        who = player_name(self.seat, "en", role)
        amount = f"{self.loss:.1f}" if self.unit.startswith("expected points") else f"{self.loss:.0%}"
        return (f"Move {self.move}: {who} played {self.played}; the expert prefers {self.best}, "
                f"which is worth {amount} more ({self.unit.split(' (')[0]}).")


def states_of(state: GameState) -> list[GameState]:
    """The positions of the hand from its deal to ``state`` (following `GameState.parent`).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["6-6", "1-6"], ["6-5", "0-0"]], leader=0)
    >>> [len(x.history) for x in states_of(dw.play_all(s, ["6-6", "5-6 left"]))]
    [0, 1, 2]
    """
    chain = [state]
    while chain[-1].parent is not None:
        chain.append(chain[-1].parent)
    return chain[::-1]


def review(state: GameState, seat: int, *, samples: int = 80, seed: int = 0,
           min_loss: float | None = None) -> list[Decision]:
    """The decisions of ``seat`` in the hand that led to ``state`` that the expert rates worse
    than its best by more than ``min_loss`` (default: 1 point for points games, 3 percentage
    points of winning chance otherwise), in the order they were made.

    >>> import domino_widgets as dw
    >>> review(dw.new_game("solitaire", seed=1), 0)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: the review uses the line games' expert; solitaire has none
    """
    variant = get_variant(state.variant)
    if variant.factory is not None:
        raise ParameterError("the review uses the line games' expert; {name} has none", name=variant.name)
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        raise ParameterError("seat must be 0..{last}, not {seat!r}", last=state.players - 1, seat=seat)
    unit = unit_of(state.variant, state.params)
    threshold = min_loss if min_loss is not None else (1.0 if unit.startswith("expected points") else 0.03)
    expert = ExpertPlayer(samples=samples)
    out = []
    chain = states_of(state)
    for i, (before, after) in enumerate(zip(chain, chain[1:])):
        if before.current_player != seat or len(before.legal_actions()) < 2:
            continue
        played = after.last_action
        assert played is not None
        values: Sequence[tuple[Action, float]] = expert.explain(before.view(seat), Random(derive_seed(seed, i)))
        table = dict(values)
        best = max(table, key=lambda a: table[a])
        loss = table[best] - table.get(played, table[best])
        if loss > threshold:
            out.append(Decision(i + 1, seat, played, best, loss, unit, tuple(values)))
    return out

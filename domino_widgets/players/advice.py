"""The hint's one question to the players: what the expert advises at a position, as data a
widget puts into words (`domino_widgets.widgets.panels.hint`). The answer holds every legal
play with the expert's value, the play told apart from the others (or the plays it cannot tell
apart), the unit of the values, and one plain reason for each play, true of what the viewer sees.

>>> import random, domino_widgets as dw
>>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
>>> h = advice(s.play("2-5").view(0), random.Random(1))
>>> str(h.best), h.match, h.reason_for(h.best)
('5-5 right', 'points', Reason(scores=0, fits=1))
>>> [str(a) for a, _ in h.values], sorted(map(str, h.reasons))      # every legal play, best first
(['5-5 right', '5-6 right'], ['5-5 right', '5-6 right'])
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from ..core.actions import Action
from ..core.engine import apply_code, legal_codes
from ..core.errors import ParameterError
from ..core.registry import get_variant
from ..core.state import PlayerView
from .expert import ExpertPlayer, unit_of
from .registry import get_player
from .review import advise
from .sampling import public_core


@dataclass(frozen=True)
class Reason:
    """One plain reason for a play, true of the position the viewer sees: the points it scores now
    (``scores``), and how many of the viewer's other tiles fit the open ends it leaves (``fits``)."""

    scores: int
    fits: int


@dataclass(frozen=True)
class Advice:
    """The expert's advice at one position, for the hint (`advice`): ``values``, each legal play
    with the expert's mean value in ``unit`` (`unit_of`), best first; ``best``, the play told apart
    from every other (None: too close to call); ``tied``, the plays not told apart from the leader;
    ``match``, what the game counts ("points", "hands", "rounds"); ``reasons``, a `Reason` for
    each legal play; ``samples``, the guesses of the hidden tiles it took."""

    values: tuple[tuple[Action, float], ...]
    best: Action | None
    tied: tuple[Action, ...]
    unit: str
    match: str
    reasons: dict[Action, Reason]
    samples: int

    def reason_for(self, action: Action) -> Reason:
        return self.reasons[action]


def reason(view: PlayerView, action: Action) -> Reason:
    """`Reason` for ``action``, one of ``view``'s legal plays, from what the viewer sees alone
    (`public_core`: the other hands are not looked at).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "0-5", "1-2"], ["1-5", "2-2", "3-4"]], leader=0)
    >>> reason(s.view(0), Action.parse("5-5"))           # 5-5 leads: 10 points; 0-5 fits after it
    Reason(scores=10, fits=1)
    >>> reason(s.view(0), Action.parse("1-2"))
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: 1-2 is not a legal play here; the legal ones are: 5-5
    """
    c = public_core(view)
    codes = dict(zip(view.legal_actions, legal_codes(c)))
    if action not in codes:
        raise ParameterError("{play} is not a legal play here; the legal ones are: {legal}", play=str(action),
                             legal=", ".join(str(x) for x in view.legal_actions))
    code = codes[action]
    before = c.hand_points[view.seat]
    apply_code(c, code)
    fit = 0
    for e in c.open:
        fit |= c.cfg.fit[c.ends[e]]
    return Reason(c.hand_points[view.seat] - before, (c.hands[view.seat] & fit).bit_count())


def advice(view: PlayerView, rng: Random, *, expert: ExpertPlayer | None = None) -> Advice:
    """What the expert for ``view``'s game (`get_player`) advises there, with ``rng`` for its
    guesses (`domino_widgets.players.review.advise`: a play is named only when told apart from
    every other), the unit of its values and a reason for every legal play."""
    player = expert if expert is not None else get_player("expert", variant=view.variant)
    said = advise(view, rng, expert=player)
    values = tuple(sorted(said.values, key=lambda av: -av[1]))
    return Advice(values, said.best, said.tied,
                  unit_of(view.variant, view.params, getattr(player, "equity", False)),
                  get_variant(view.variant).config(dict(view.params)).match,
                  {a: reason(view, a) for a in view.legal_actions}, said.samples)

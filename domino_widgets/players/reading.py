"""Reading the opponent's plays: what a free choice says about the hand it was made from.

The exact posterior (`domino_widgets.prob.inference`) reads only what the rules force: a pass or
a draw says the hand held nothing that fitted (COM-4, COM-5); a free choice says nothing. A
player reads more: an opponent who could have scored 10 and laid a blank probably had nothing
that scored. This module is that reading, under a *model* of the opponent: a player who, free to
choose, lays the play the variant's greedy heuristic prefers (`READ_BY`: in All Fives the best
immediate score, then the heaviest tile, `heuristics.all_fives`).

For every play an opponent chose freely (not the lead, not the tile he drew and had to lay at
once, DRW-3), `evidence` lists the tiles that would have scored higher by the model on the
table of that moment. Two readings use them:

* exactly (`model_choices`, the expert's default): each such choice is a fact like a pass, "his
  hand held none of these tiles then", and the exact posterior
  (`domino_widgets.prob.inference.Posterior` with ``choices``) counts the deals in which he chose
  so, draws since included. A choice his later plays contradict is not read.
* softly (`reading_sampler`): a guess of the hidden tiles is ``rho`` times less likely for each
  such tile that opponent held at that moment (a tile still in his hand, or laid by him since),
  drawn from the exact posterior by rejection (a guess is kept with chance its weight, the
  weight of a guess that contradicts nothing being 1; after ``pool`` guesses the likeliest of
  them is kept). ``rho`` near 0 is an opponent who always plays as the model; 1 reads nothing.

Hidden tiles never enter it: only the view's public history and the guesses of the sampler.

>>> import domino_widgets as dw
>>> s = dw.new_game("all_fives", hands=[["6-6", "4-6", "0-1"], ["2-6", "0-6", "4-4"]], boneyard=["3-3"])
>>> s = s.play("6-6").play("0-6 left")        # Player 2 laid 0-6: 12 + 0 = 12 scores nothing
>>> from domino_widgets.core.tiles import tiles_of
>>> [(seat, [str(t) for t in tiles_of(m)]) for seat, m, _ in evidence(s.view(0))]
[(1, ['1-6', '2-6', '3-6', '4-6', '5-6'])]
"""

from __future__ import annotations

from random import Random

from ..core.actions import ActionKind
from ..core.engine import _place as place
from ..core.engine import _place_lead as place_lead
from ..core.engine import legal_codes, new_core
from ..core.errors import ParameterError
from ..core.state import PlayerView
from ..prob.constraints import gather
from .heuristics import Heuristic, all_fives
from .sampling import Sampler, config_of

__all__ = ["READ_BY", "Evidence", "evidence", "model_choices", "reading_sampler"]

#: the model of a free choice, per variant that is read (others are not)
READ_BY: dict[str, Heuristic] = {"all_fives": all_fives}

#: per free choice of an opponent: his seat, the tiles the model preferred to the play he made,
#: and the tiles he laid after it (held at that moment)
Evidence = list[tuple[int, int, int]]


def evidence(view: PlayerView) -> Evidence:
    """What the opponents' free choices in ``view``'s history say, by the variant's model
    (`READ_BY`); empty for a variant that is not read."""
    return [(seat, preferred, later) for seat, preferred, later, _ in _choices(view)]


def model_choices(view: PlayerView) -> tuple[tuple[int, int], ...]:
    """The opponents' free choices as `domino_widgets.prob.constraints.gather` reads them:
    ``(i, mask)``, the play ``view.history[i]`` was made from a hand holding no tile of ``mask``
    (the tiles the model preferred). A choice his later plays contradict is left out: there he
    did not choose as the model (`gather` finds it impossible: he laid one of those tiles since,
    and no draw he kept lies between). The posterior counts the rest exactly, draws included (a preferred tile he holds now
    came with a draw since).

    >>> import domino_widgets as dw
    >>> from domino_widgets.core.tiles import tiles_of
    >>> s = dw.new_game("all_fives", hands=[["6-6", "4-6", "0-1"], ["2-6", "0-6", "4-4"]], boneyard=["3-3"])
    >>> s = s.play("6-6").play("0-6 left")
    >>> [(i, len(tiles_of(m))) for i, m in model_choices(s.view(0))]   # 1-6 to 5-6 would have scored
    [(1, 5)]
    >>> [i for i, _ in model_choices(s.play("0-1 left").play("2-6 right").view(0))]   # he had the 2-6 at 1
    [3]
    """
    read = []
    for _, preferred, later, n in _choices(view):
        if later & preferred:  # he laid a preferred tile since: did he hold it then? the evidence says
            try:
                gather(view, ((n, preferred),))
            except ParameterError:
                continue
        read.append((n, preferred))
    return tuple(read)


def _choices(view: PlayerView) -> list[tuple[int, int, int, int]]:
    """Per free choice of an opponent: his seat, the tiles the model preferred, the tiles he
    laid since, and where it is in the history."""
    model = READ_BY.get(view.variant)
    if model is None:
        return []
    cfg = config_of(view)
    t = cfg.t
    plays = iter(sorted(view.layout.placements(), key=lambda p: p.move))
    c = new_core(cfg, hands=[0] * cfg.players, stock=[], out=0, leader=0, seed=None,
                 base_scores=tuple(view.match_scores))
    every = (1 << t.size) - 1
    table = 0
    found: list[tuple[int, int, int]] = []  # seat, preferred tiles, where in the history
    history = view.history
    for n, ev in enumerate(history):
        if ev.action.kind is not ActionKind.PLAY:
            continue
        p = next(plays)
        i, flip = p.tile.index, int(p.near != p.tile.low)
        if p.arm is None:
            place_lead(c, i, flip)
        else:
            drew = n > 0 and history[n - 1].seat == ev.seat and history[n - 1].action.kind is ActionKind.DRAW
            if ev.seat != view.seat and not drew:  # after a draw nothing else fitted (COM-5): no choice to read
                c.turn = ev.seat
                c.hands[ev.seat] = every & ~table  # every tile not on the table, as if he might hold it
                made = model(c, i << 3 | int(p.arm) << 1 | flip)
                preferred = 0
                for k in legal_codes(c):
                    if k >= 0 and model(c, k) > made:
                        preferred |= t.bit[k >> 3]
                if preferred:
                    found.append((ev.seat, preferred, n))
                c.hands[ev.seat] = 0
            place(c, i, int(p.arm), flip)
        table |= t.bit[i]
    out = []
    for seat, preferred, n in found:
        later = 0
        for ev in history[n + 1:]:
            if ev.seat == seat and ev.action.kind is ActionKind.PLAY and ev.action.tile is not None:
                later |= t.bit[ev.action.tile.index]
        out.append((seat, preferred, later, n))
    return out


def reading_sampler(sample: Sampler, read: Evidence, rho: float, pool: int) -> Sampler:
    """``sample`` (a sampler of the hidden tiles) weighted by ``read`` (module docstring): a guess
    weighs ``rho`` to the number of preferred tiles its opponents held, and is kept with chance
    its weight; after ``pool`` guesses none of which was kept, the likeliest of them.

    >>> calls = iter([([0b01, 0b10], [], 0), ([0b01, 0b100], [], 0)] * 50)
    >>> draw = reading_sampler(lambda view, rng: next(calls), [(1, 0b10, 0)], rho=0.0, pool=2)
    >>> {draw(None, Random(k))[0][1] for k in range(20)}   # the guess with the preferred tile never
    {4}
    """
    if not 0.0 <= rho <= 1.0:
        raise ParameterError("rho must be between 0 and 1, not {rho!r}", rho=rho)
    if not read or rho == 1.0:
        return sample

    def weighted(view: PlayerView, rng: Random) -> tuple[list[int], list[int], int]:
        best, top = None, -1.0
        for _ in range(pool):
            guess = sample(view, rng)
            hands = guess[0]
            weight = rho ** sum(((hands[seat] | later) & preferred).bit_count() for seat, preferred, later in read)
            if weight == 1.0 or rng.random() < weight:
                return guess
            if weight > top:
                best, top = guess, weight
        assert best is not None
        return best

    return weighted


"""Review a hand, the way chess sites review a game: each decision, and what the expert can tell.

For every turn where ``seat`` had a real choice (two legal actions or more; draws and passes
are forced, COM-4/COM-5), the expert's search (`ExpertPlayer`) plays out every legal action
**from the view that seat had at that moment** (`GameState.view`: its own tiles, the table, the
public history; never a hidden tile, never what happened later).

The values are estimates, so a difference is stated with its interval. Every candidate play is
played out on the same guesses of the hidden tiles and with the same random numbers in its
playouts (common random numbers), so the difference between two plays is measured guess by
guess: its mean and its 95% interval (mean ± t·SE of the paired differences over the guesses).
The review starts with ``samples`` guesses and, while the interval of a decision straddles the
threshold (or its preferred play is not yet told apart from the runner-up, and not every play
tied with it is, like it, clearly the threshold or more better than the play made: then the
first listed of them is named), doubles them, up to ``cap``. Every such look, and every
comparison of the play made with another, is one more chance for luck to make an interval
exclude zero; so the stops, the drops of plays no longer in question (those the leader clearly
beats, and those clearly less than the threshold better than the play made: no more guesses can
make them the expert's clear preference; none before ``PRUNE_FROM`` guesses: a hand's points
have long tails) and the verdict read the interval widened by `guard` (Bonferroni over the looks
and the comparisons, each look's share of the 5% in proportion to its guesses: a first look on
64 guesses stops only on overwhelming evidence, the last is the narrowest), and the sentence
states the plain 95% interval, which it contains. Each decision then gets one verdict (`Decision.verdict`):

* ``"better"``: the expert's play is clearly better than the one made: the interval of the
  difference excludes zero and its mean is at least ``min_loss`` (1 point in the points games,
  3 percentage points of the chance of winning in the others);
* ``"close"``: too close to call: the difference may be ``min_loss`` or more, or nothing;
* ``"agree"``: the play made is the expert's, or no more than ``min_loss`` worse (the whole
  interval lies below it).

The seed drives the guesses: another seed, other guesses; the verdicts agree from seed to seed
because the samples are enough and the intervals honest (``benchmarks/review_stability.py``).

>>> import domino_widgets as dw
>>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
>>> s = dw.play_all(s, ["2-5", "5-6 right"])      # the heavier tile first strands the 5-5
>>> [d.sentence() for d in review(s, 0)]
['Move 2: Player 1 played 5-6 right; the expert prefers 5-5 right, about ... points better (between ... and ...).']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import starmap
from statistics import NormalDist
from random import Random

from ..core.actions import Action
from ..core.engine import Core, apply_code, random_playout
from ..core.errors import ParameterError, check_count
from ..core.player_names import player_name
from ..core.registry import get_variant
from ..core.seeds import derive_seed
from ..core.state import GameState, PlayerView, core_from_view
from .base import legal_actions_of, legal_codes_of
from .equity import match_equity
from .expert import ROLLOUT_RANDOMS, ExpertPlayer, _Replay, _same_plays, objective, unit_of
from .heuristics import heuristic_playout, rollout_policy
from .sampling import config_of

__all__ = ["CAP", "HINT_CAP", "PRUNE_FROM", "SAMPLES", "STOP_EVERY", "Advice", "Cancelled", "Decision", "Playouts",
           "advise", "guard", "judge", "review", "review_hand", "rounding", "states_of", "t95"]

#: Guesses of the hidden tiles the review starts each decision with, and the most it doubles to.
SAMPLES = 64
CAP = 32768
#: No candidate play is dropped before this many guesses (`judge`).
PRUNE_FROM = 1024

VERDICTS = ("better", "close", "agree")

#: How many guesses `Playouts.more` plays between two looks at its ``stop`` (a guess plays out
#: every candidate once: a few milliseconds, so a Cancel is obeyed within a fraction of a second).
STOP_EVERY = 16


class Cancelled(Exception):
    """A review stopped by its ``stop`` callable (the person pressed Cancel, the position shown
    changed, the board was closed): not an error, its result is simply not wanted any more."""


def t95(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (a series in 1/df, good
    to 0.01 from df = 5; the review has 63 or more).

    >>> round(t95(63), 3), round(t95(10), 2), round(t95(10**9), 3)
    (1.998, 2.23, 1.96)
    """
    z = 1.959963984540054
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def paired(a: Sequence[float], b: Sequence[float], widen: float = 1.0) -> tuple[float, float, float]:
    """The mean of ``a[i] - b[i]`` over the guesses both were played on, and its 95% interval
    (mean ± t·SE), or ``widen`` times as wide (`guard`).

    >>> [round(x, 2) for x in paired([3.0, 5.0, 4.0, 4.0, 6.0, 3.0], [1.0, 2.0, 2.0, 3.0, 3.0, 2.0])]
    [2.0, 1.06, 2.94]
    """
    n = min(len(a), len(b))
    d = [x - y for x, y in zip(a[:n], b[:n])]
    m = sum(d) / n
    if n < 2:
        return m, -math.inf, math.inf
    se = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1) / n)
    half = widen * t95(n - 1) * se
    return m, m - half, m + half


def guard(looks: int, comparisons: int, look: int | None = None) -> float:
    """How much wider than a 95% interval the review's decisions take theirs: a decision looks
    at its differences up to ``looks`` times (each doubling of the guesses) and compares the play
    made with ``comparisons`` others, and each look and each comparison is one more chance that
    luck alone makes an interval exclude zero. So they share the 5% (Bonferroni): all of them
    together are wrong less than 5% of the time. Without it, a decision stopped on 64 guesses
    whose luck ran one way is flagged under one seed and not under another.

    Without ``look``, every look gets an equal share. With ``look`` (counted from 0), look ``k``
    gets a share in proportion to its guesses, ``2**k``: the first look, on 64 guesses, stops only
    on overwhelming evidence (a run of luck on a few guesses is what misleads), and the last, on
    the most guesses, gets about half of the 5%, so its interval is the narrowest it can be
    (spending the error as group-sequential trials do).

    >>> round(guard(1, 1), 3), round(guard(8, 3), 2)
    (1.0, 1.57)
    >>> [round(guard(10, 1, k), 2) for k in (0, 5, 9)]
    [2.07, 1.61, 1.14]
    """
    looks, comparisons = max(1, looks), max(1, comparisons)
    share = 1 / looks if look is None else 2 ** min(max(look, 0), looks - 1) / (2 ** looks - 1)
    z = NormalDist().inv_cdf(1 - 0.025 * share / comparisons)
    return z / NormalDist().inv_cdf(0.975)


class Playouts:
    """Every legal action of ``view`` played out by the expert's search on the same guesses of
    the hidden tiles, with the same random numbers in every playout of one guess (common random
    numbers): ``results[j][i]`` is action ``j``'s result on guess ``i``, in the expert's unit.
    Plays that leave the same position up to interchangeable ends (`_same_plays`) are played
    out once (``kind[j]``: the play that stands for ``j``). `more` adds guesses; ``stop``, if
    given, is asked every `STOP_EVERY` guesses and, once it says True, `more` raises `Cancelled`."""

    def __init__(self, expert: ExpertPlayer, view: PlayerView, rng: Random,
                 stop: Callable[[], bool] | None = None) -> None:
        self.actions = legal_actions_of(view)
        cfg = config_of(view)
        params = dict(view.params)
        target = params.get("target") if cfg.match == "points" else None
        equity = match_equity(view.variant, params) if expert.equity and target is not None else None
        self.score = objective(cfg, view.seat, target, tuple(view.match_scores), equity)
        self.view = view
        self.rng = rng
        self.stop = stop
        self.sample = expert._sample_fn(view)
        self.policy = expert.policy or rollout_policy(view.variant)
        self.greedy = expert.rollout == "greedy"
        self.epsilon = expert.epsilon
        self.base: Core | None = None
        self.codes: tuple[int, ...] = ()
        self.kind: list[int] = list(range(len(self.actions)))
        self.results: list[list[float]] = [[] for _ in self.actions]

    def more(self, n: int, which: Sequence[int] | None = None) -> None:
        """Play ``n`` more guesses for the actions ``which`` (default: one of each kind); an
        action left out is played on no later guess (its results stay a prefix of the others')."""
        rand = self.rng.random
        randoms = [()] * ROLLOUT_RANDOMS
        for i in range(n):
            if self.stop is not None and i % STOP_EVERY == 0 and self.stop():
                raise Cancelled
            hands, stock, out = self.sample(self.view, self.rng)
            if self.base is None:
                self.base = root = core_from_view(self.view, hands, stock, out)
                self.codes = legal_codes_of(self.view, self.base)
                self.kind = _same_plays(self.base, self.codes)
                spare = False  # the base is kept: every action plays on a copy
            else:
                root = self.base.copy()
                root.hands, root.stock, root.out = list(hands), list(stock), out
                spare = True  # this guess's own position: the last action may play on it
            floats = list(starmap(rand, randoms))  # the same luck for every action of this guess
            plays = sorted(set(self.kind)) if which is None else which
            last = len(plays) - 1
            for at, j in enumerate(plays):
                c = root if spare and at == last else root.copy()
                if self.greedy:
                    heuristic_playout(c, _Replay(floats), self.policy, self.epsilon, first=self.codes[j])
                else:
                    apply_code(c, self.codes[j])
                    random_playout(c, _Replay(floats))  # type: ignore[arg-type]
                self.results[j].append(self.score(c))

    def mean(self, j: int) -> float:
        r = self.results[self.kind[j]]
        return sum(r) / len(r)

    def same(self, j: int, k: int) -> bool:
        """Whether actions ``j`` and ``k`` were worth exactly as much on every guess both were played on."""
        a, b = self.results[self.kind[j]], self.results[self.kind[k]]
        n = min(len(a), len(b))
        return a[:n] == b[:n]

    def diff(self, j: int, k: int, widen: float = 1.0) -> tuple[float, float, float]:
        """Action ``j`` minus action ``k``: mean and 95% interval over the guesses of both
        (``widen`` times as wide: `guard`)."""
        return paired(self.results[self.kind[j]], self.results[self.kind[k]], widen)


@dataclass(frozen=True)
class Decision:
    """One decision: ``move`` counts the hand's actions from 1; ``loss`` is how much more the
    expert's ``best`` is worth than the play made (the mean of the paired differences over
    ``samples`` guesses), ``low``..``high`` its 95% interval, ``verdict`` one of "better",
    "close" (too close to call) and "agree" (module docstring); ``values``, each action's mean."""

    move: int
    seat: int
    played: Action
    best: Action
    loss: float
    unit: str
    values: tuple[tuple[Action, float], ...]
    low: float = math.nan
    high: float = math.nan
    samples: int = 0
    verdict: str = "better"
    threshold: float = field(default=1.0, compare=False)

    @property
    def flagged(self) -> bool:
        return self.verdict == "better"

    def sentence(self, role: str | None = None) -> str:
        """The decision in one sentence (``role``: "you", "computer" or None, for the name): the
        difference and its interval as computed, each rounded to the nearest tenth (`rounding`).

        >>> d = Decision(3, 0, Action.parse("5-5"), Action.parse("0-5 left"), 2.74, "expected points margin", (),
        ...              1.6, 3.9, 256)
        >>> d.sentence()
        'Move 3: Player 1 played 5-5; the expert prefers 0-5 left, about 2.7 points better (between 1.6 and 3.9).'
        """
        who = player_name(self.seat, "en", role)
        scale = 1 if self.unit.startswith("expected points") else 100
        loss, low, high = (format(scale * x, rounding(scale * x)) for x in (self.loss, self.low, self.high))
        if scale == 1:
            amount = f"about {loss} points better (between {low} and {high})"
        else:
            amount = f"about {loss} percentage points more likely to win (between {low} and {high})"
        return f"Move {self.move}: {who} played {self.played}; the expert prefers {self.best}, {amount}."


def rounding(x: float) -> str:
    """How the review writes a difference or an end of its interval: to the nearest tenth, as
    computed (never outward, never to whole points: "between 1 and 4" for a computed 1.6 to 3.9
    said more than was measured); a value that is not zero but would read "0.0" keeps its first
    significant digit, so an interval that excludes zero never reads as if it reached it.

    >>> [format(x, rounding(x)) for x in (1.6, 3.94, 10.25, 0.04, -0.004, 0.0, -0.06)]
    ['1.6', '3.9', '10.2', '0.04', '-0.004', '0.0', '-0.1']
    """
    if x == 0 or not math.isfinite(x) or abs(x) >= 0.05:
        return ".1f"
    return f".{min(9, -math.floor(math.log10(abs(x))))}f"


def _started(view: PlayerView, rng: Random, samples: int, cap: int, expert: ExpertPlayer,
             stop: Callable[[], bool] | None = None) -> tuple[Playouts, list[int], int, int]:
    """The first ``samples`` guesses of a sequential test (`judge`, `advise`): the playouts, the
    kinds of play still in it, how many looks the doubling up to ``cap`` may take and how many
    comparisons each look makes (what `guard` widens the intervals for)."""
    for name, value in (("samples", samples), ("cap", cap)):
        check_count(value, name, least=2)
    po = Playouts(expert, view, rng)
    po.stop = stop
    po.more(samples)
    alive = sorted(set(po.kind))
    looks = 1 + max(0, math.ceil(math.log2(max(cap, samples) / samples)))
    return po, alive, looks, len(alive) - 1


def _named(po: Playouts, kind: int) -> Action:
    """The action that names a kind of play: the first listed of that kind (the same position
    always names it the same way)."""
    return po.actions[min(j for j in range(len(po.actions)) if po.kind[j] == po.kind[kind])]


#: The most guesses a hint doubles to while its leader is not told apart from the runner-up (a hint
#: is asked for at every turn, a review once a hand).
HINT_CAP = 1024


@dataclass(frozen=True)
class Advice:
    """The expert's advice at one position (`advise`): ``values``, each legal action's mean in the
    expert's unit; ``best``, the play told apart from every other (None: too close to call);
    ``tied``, the plays not told apart from the leader (``best`` alone when it is told apart);
    ``samples``, the guesses of the hidden tiles it took."""

    values: tuple[tuple[Action, float], ...]
    best: Action | None
    tied: tuple[Action, ...]
    samples: int


def advise(view: PlayerView, rng: Random, *, samples: int = SAMPLES, cap: int = HINT_CAP,
           expert: ExpertPlayer | None = None) -> Advice:
    """Which play the expert prefers in ``view``, or that it cannot tell: every play is played out
    on the same guesses (`Playouts`), the guesses doubled from ``samples`` up to ``cap`` while the
    leader is not told apart from a runner-up; the plays the leader clearly beats are dropped, the
    intervals widened by `guard` for the looks and comparisons, as the review's. A play is named
    only when its interval against every other excludes zero, so another seed names the same play
    or says it cannot tell (``benchmarks/review_stability.py`` measures the review's; the hint's is
    in the issue notes).

    >>> import random, domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
    >>> a = advise(s.play("2-5").view(0), random.Random(1))
    >>> str(a.best), a.tied == (a.best,)
    ('5-5 right', True)
    """
    po, alive, looks, comparisons = _started(view, rng, samples, cap, expert or ExpertPlayer())
    n, look = samples, 0
    while True:
        wide = guard(looks, comparisons, look)
        lead = max(alive, key=po.mean)
        tied = [j for j in alive if j == lead or po.diff(lead, j, wide)[1] <= 0]
        if len(tied) == 1 or n >= cap:
            break
        alive = tied  # the others are settled below the leader
        po.more(n, alive)
        n, look = 2 * n, look + 1
    named = tuple(_named(po, k) for k in sorted(tied, key=po.mean, reverse=True))
    return Advice(tuple((a, po.mean(j)) for j, a in enumerate(po.actions)), named[0] if len(named) == 1 else None,
                  named, n)


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


def judge(view: PlayerView, played: Action, rng: Random, threshold: float, *, samples: int = SAMPLES,
          cap: int = CAP, expert: ExpertPlayer | None = None, move: int = 0,
          stop: Callable[[], bool] | None = None) -> Decision:
    """The verdict on ``played`` in ``view`` (module docstring): sequential, from ``samples``
    guesses doubled up to ``cap`` while the decision is close; `Cancelled` once ``stop()`` says
    True (asked every `STOP_EVERY` guesses).

    >>> import random, domino_widgets as dw
    >>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
    >>> d = judge(s.play("2-5").view(0), Action.parse("5-6 right"), random.Random(1), 1.0)
    >>> d.verdict, str(d.best), d.low > 0, d.samples
    ('better', '5-5 right', True, 256)
    """
    expert = expert or ExpertPlayer()
    # every stop, every drop and the verdict read the guarded interval (`guard`); the sentence
    # states the plain 95% one, which the guarded one contains
    p = legal_actions_of(view).index(played)  # a play that is not legal here fails before any guess
    po, alive, looks, comparisons = _started(view, rng, samples, cap, expert, stop)
    actions = po.actions
    n, look = samples, 0
    while True:
        wide = guard(looks, comparisons, look)
        p_kind = po.kind[p]
        others = [j for j in alive if j != p_kind]
        best = max(others, key=po.mean) if others else p_kind
        loss, low, high = po.diff(best, p, wide) if others else (0.0, 0.0, 0.0)
        runner = [j for j in others if j != best]
        # the preferred play told apart from the runner-up (only needed when it would be named)
        told = not runner or loss < threshold or po.diff(best, max(runner, key=po.mean), wide)[1] > 0
        # or not, but it is clearly the threshold or more better than the play made and every play not
        # told apart from it is worth exactly as much on every guess (two such plays are never told
        # apart; the first listed of them is named, below): more guesses would change nothing. A tie
        # that is only not yet resolved goes on: which plays are tied would be luck
        settled = told or (low >= threshold and all(po.same(best, j) for j in runner if po.diff(best, j, wide)[1] <= 0))
        if n >= cap or high < threshold or (low >= threshold and settled):
            break
        # drop the plays the leader clearly beats, and those clearly less than the threshold
        # better than the play made (their comparison with it is settled: none of them can make
        # the verdict "better"); never the play made, the leader or the preferred play; once there
        # are guesses enough (PRUNE_FROM) for a standard error to be trusted: the points of a hand
        # have long tails, and a play dropped on a few hundred lucky guesses never comes back
        if n >= PRUNE_FROM:
            lead = max(alive, key=po.mean)
            alive = [j for j in alive if j in (lead, p_kind, best)
                     or (po.diff(lead, j, wide)[1] <= 0 and po.diff(j, p, wide)[2] >= threshold)]
        po.more(n, alive)
        n, look = 2 * n, look + 1
    if low > 0 and loss >= threshold:
        verdict = "better"
        if not told:
            # the preferred play is not told apart from the runner-up: which of the plays the
            # expert cannot tell from its first is named is luck; name the first listed of those
            # that are, like it, clearly better than the play made and not clearly less than the
            # threshold better (a mean read against the threshold would be luck again)
            tied = [j for j in others if j == best or po.diff(best, j, wide)[1] <= 0]
            clear = [j for j in tied if po.diff(j, p, wide)[1] > 0 and po.diff(j, p, wide)[2] >= threshold]
            best = min(clear or [best])
    elif high < threshold:
        verdict = "agree"
    else:
        verdict = "close"
    if others:
        loss, low, high = po.diff(best, p)  # the plain 95% interval, for the sentence
    if loss <= 0:
        best = p_kind  # the play made is the expert's first choice
    values = tuple((a, po.mean(j)) for j, a in enumerate(actions))
    unit = unit_of(view.variant, view.params, expert.equity)
    return Decision(move, view.seat, played, _named(po, best), loss, unit, values, low, high, n, verdict, threshold)


def review_hand(state: GameState, seat: int, *, samples: int = SAMPLES, seed: int = 0,
                min_loss: float | None = None, cap: int = CAP,
                progress: Callable[[int, int], object] | None = None,
                stop: Callable[[], bool] | None = None) -> list[Decision]:
    """Every decision of ``seat`` in the hand that led to ``state`` (a turn with two legal
    actions or more), in order, each with its verdict (`judge`); ``min_loss`` (default: 1 point
    for points games, 3 percentage points of winning chance otherwise) is the threshold.
    ``progress(done, total)``, if given, is called before each decision is judged (``done``
    counted from 1). ``stop``, if given, is asked before each decision and every `STOP_EVERY`
    guesses within one; once it says True the review raises `Cancelled` (a person's Cancel).

    >>> import domino_widgets as dw
    >>> review_hand(dw.new_game("solitaire", seed=1), 0)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: the review uses the line games' expert; solitaire has none
    """
    variant = get_variant(state.variant)
    if variant.factory is not None:
        raise ParameterError("the review uses the line games' expert; {name} has none", name=variant.name)
    if not (isinstance(seat, int) and 0 <= seat < state.players):
        raise ParameterError("seat must be 0..{last}, not {seat!r}", last=state.players - 1, seat=seat)
    for name, value in (("samples", samples), ("cap", cap)):
        check_count(value, name, least=2)
    unit = unit_of(state.variant, state.params)
    threshold = min_loss if min_loss is not None else (1.0 if unit.startswith("expected points") else 0.03)
    expert = ExpertPlayer()
    out: list[Decision] = []
    chain = states_of(state)
    turns = [i for i, before in enumerate(chain[:-1])
             if before.current_player == seat and len(before.legal_actions()) >= 2]
    for i in turns:
        before, after = chain[i], chain[i + 1]
        if stop is not None and stop():
            raise Cancelled
        if progress is not None:
            progress(len(out) + 1, len(turns))
        played = after.last_action
        assert played is not None
        out.append(judge(before.view(seat), played, Random(derive_seed(seed, i)), threshold,
                         samples=samples, cap=max(cap, samples), expert=expert, move=i + 1, stop=stop))
    return out


def review(state: GameState, seat: int, *, samples: int = SAMPLES, seed: int = 0,
           min_loss: float | None = None, cap: int = CAP) -> list[Decision]:
    """The decisions of ``seat`` where the expert's play is clearly better (`review_hand`'s
    verdict "better"), in the order they were made."""
    return [d for d in review_hand(state, seat, samples=samples, seed=seed, min_loss=min_loss, cap=cap)
            if d.flagged]

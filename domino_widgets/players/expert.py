"""The expert of the line games: determinized search over the hidden tiles (PIMC).

For each of ``samples`` guesses of the hidden tiles drawn from the view (`hidden_sampler`: the
exact ``prob.inference.sample_hidden`` when present), the expert builds the full position
(`domino_widgets.core.state.core_from_view`), tries every legal action on it and plays the hand
out with the variant's greedy policy (`heuristic_playout`, a little randomized). The same guess
and the same rollout random numbers serve every action, so the actions are compared on equal
terms. An action's value is the mean result for the expert's seat:

* variants whose match counts points (``block``, ``draw``, ``all_fives``): the expected points
  margin of this hand (its points minus the best opponent's); a result that wins the match
  (reaching the variant's ``target``) counts ``target`` points more, a loss of the match as many
  fewer. Where the chance of winning the match from a score is known (`equity.match_equity`:
  All Fives, two players), a result counts the chance of winning the match that it leaves,
  written in points: its gain over the chance before the hand, divided by what one point of
  margin is worth at that score (`equity.point_worth`). Near 0-0 that is about the margin; at
  140-100 the 10 points that end the match count more than twice as much;
* variants whose match counts hands won (``draw_cz``, ``matador``): the chance of winning the hand,
  a drawn hand counting one half;
* ``bergen``: the expected share of the pot (BRG-5).

>>> import random, domino_widgets as dw
>>> s = dw.new_game("block", hands=[["5-5", "5-6", "0-1"], ["2-5", "1-3", "0-4", "3-3"]], leader=1)
>>> s = s.play("2-5")      # seat 0 holds 5-5, 5-6, 0-1; the ends show 2 and 5
>>> ExpertPlayer(samples=40).choose(s.view(0), random.Random(1))   # 5-6 first would strand 5-5
Action.parse('5-5 right')
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Iterable, Mapping
from itertools import cycle, starmap
from random import Random
from typing import Any, NamedTuple

from ..core.actions import Action
from ..core.engine import Config, Core, apply_code, position_key, random_playout
from ..core.errors import DominoError, ParameterError, check_count
from ..core.registry import get_variant
from ..core.state import PlayerView, core_from_view
from .base import BasePlayer, legal_actions_of, legal_codes_of
from .equity import Equity, match_equity, point_worth
from .heuristics import Heuristic, heuristic_playout, rollout_policy
from .reading import evidence, model_choices, reading_sampler
from .sampling import HiddenSampler, Sampler, config_of, fallback_sample_hidden, hidden_sampler

__all__ = ["BEFORE", "PRUNING", "READS", "SCHEDULES", "ExpertPlayer", "Pruning", "objective", "unit_of", "value_kind_of"]

Objective = Callable[[Core], float]


def value_kind_of(cfg: Config, equity: bool = False) -> str:
    """What the expert's values mean for a variant (see the module docstring); ``equity``: where
    the chance of winning the match is known and counts (`unit_of`)."""
    if cfg.match == "hands":
        return "chance of winning the hand (a drawn hand counts 1/2)"
    if cfg.match == "rounds":
        return "expected share of the pot (BRG-5)"
    if equity:
        return "expected points margin, counted by the chance of winning the match it leaves"
    return "expected points margin of the hand (winning the match counts target points more)"


def unit_of(variant: str, params: Mapping[str, Any] | Iterable[tuple[str, Any]], equity: bool = True) -> str:
    """`value_kind_of` for a game (``params`` as a mapping or as a view's pairs): the unit of
    `ExpertPlayer.explain` (with ``equity``, as the default expert counts).

    >>> import domino_widgets as dw
    >>> unit_of("all_fives", dw.new_game("all_fives", seed=1).params)
    'expected points margin, counted by the chance of winning the match it leaves'
    >>> unit_of("draw", dw.new_game("draw", seed=1).params)
    'expected points margin of the hand (winning the match counts target points more)'
    """
    params = dict(params)
    cfg = get_variant(variant).config(params)
    return value_kind_of(cfg, equity and cfg.match == "points" and match_equity(variant, params) is not None)


def objective(cfg: Config, seat: int, target: int | None, base: tuple[float, ...],
              equity: Equity | None = None) -> Objective:
    """The result of a finished hand for ``seat``, as the expert maximizes it; ``equity``, the
    chance of winning the match from a pair of scores (two players), values it for the match.

    >>> import domino_widgets as dw
    >>> from domino_widgets.players.equity import match_equity
    >>> s = dw.new_game("all_fives", seed=3)
    >>> w = match_equity("all_fives", s.params)
    >>> c = s.core; c.points = (10, 0)
    >>> objective(c.cfg, 0, 150, (0, 0))(c), round(objective(c.cfg, 0, 150, (0, 0), w)(c), 1)
    (10.0, 10.0)
    >>> objective(c.cfg, 0, 150, (140, 100), w)(c) > 20     # 10 points that win the match at 140-100
    True
    """
    if cfg.match == "hands":
        def hands(c: Core) -> float:
            return 1.0 if c.winner == seat else 0.5 if c.winner is None else 0.0
        return hands
    if cfg.match == "rounds":
        def pot(c: Core) -> float:
            assert c.points is not None
            return float(c.points[seat])
        return pot

    def margin(c: Core) -> float:
        pts = c.points
        assert pts is not None
        mine = pts[seat]
        best = max(p for s, p in enumerate(pts) if s != seat)
        value = float(mine - best)
        if target is not None:
            if base[seat] + mine >= target:
                value += target
            elif any(base[s] + p >= target for s, p in enumerate(pts) if s != seat):
                value -= target
        return value

    if cfg.players != 2:
        return margin
    other = 1 - seat
    if equity is not None:
        mine0, theirs0 = int(base[seat]), int(base[other])
        before, worth = equity(mine0, theirs0), point_worth(equity, mine0, theirs0)

        def match_chance(c: Core) -> float:  # the chance of winning the match, in points (module docstring)
            pts = c.points
            assert pts is not None
            return (equity(mine0 + pts[seat], theirs0 + pts[other]) - before) / worth
        return match_chance

    def margin_of_two(c: Core) -> float:  # `margin` for two players, the same values (a rollout each)
        pts = c.points
        assert pts is not None
        mine, theirs = pts[seat], pts[other]
        value = float(mine - theirs)
        if target is not None:
            if base[seat] + mine >= target:
                value += target
            elif base[other] + theirs >= target:
                value -= target
        return value
    return margin_of_two


class Pruning(NamedTuple):
    """When the pruned search (`ExpertPlayer` with ``prune=True``) stops playing out an action:
    from sample ``start`` on, every ``every`` samples, once the leader beats it by more than
    ``z`` standard errors of their paired differences (same guesses, same rollout random
    numbers), or once it is, by as many standard errors, no more than ``delta`` better than the
    leader (an indifference zone: between two actions that close, which one is played hardly
    matters, and telling them apart would take most of the rollouts). ``delta`` is in the units
    of the objective, per kind of match (`Config.match`): points of margin, or a chance."""

    start: int
    every: int
    z: float
    delta: Mapping[str, float]


#: The pruning of the expert (issue 13's first round): from the 8th sample, every 4th, no
#: indifference zone. A schedule that prunes sooner is faster but, measured on the same deals
#: against this one, not yet as strong (``benchmarks/expert.py --pruning``): the lessons' stored
#: results (`domino_widgets.sim.compare`) were played with this one.
PRUNING = Pruning(8, 4, 2.0, {})

#: The expert of before issue 13's strength work, move for move (``benchmarks/expert.py
#: --same-as deecb0a``): what its duels are played against.
BEFORE = {"equity": False, "reads": None, "samples": 48, "pruning": PRUNING, "merge": False}

#: The search where another was measured stronger, per variant: ``(samples, pruning, merge)``.
#: All Fives (issue 13): up to 96 guesses, cut at 1.5 standard errors, plays of one kind merged
#: (`_same_plays`); against greedy, 4,000 matches on the same deals, 80.7% against 79.5% with 48
#: guesses and `PRUNING`, at about the same speed (``benchmarks/expert.py``). Elsewhere 48,
#: `PRUNING` and no merging, as the lessons' stored results were played.
SCHEDULES: dict[str, tuple[int, Pruning, bool]] = {"all_fives": (96, Pruning(8, 4, 1.5, {}), True)}


def _survivors(alive: list[int], totals: list[float], results: list[list[float]], z: float = 2.0,
               delta: float = 0.0) -> list[int]:
    """The actions still worth playing out: those the leader does not beat by more than ``z``
    standard errors of the paired differences of their results, nor match within ``delta``
    (as many standard errors sure that they are no more than ``delta`` better).

    >>> _survivors([0, 1, 2], [40.0, 39.0, 0.0], [[2.0, 3.0] * 8, [2.5, 2.4] * 8, [0.0, 0.0] * 8])
    [0, 1]
    >>> _survivors([0, 1, 2], [40.0, 39.0, 0.0], [[2.0, 3.0] * 8, [2.5, 2.4] * 8, [0.0, 0.0] * 8], delta=1.0)
    [0]
    """
    lead = max(alive, key=totals.__getitem__)
    best = results[lead]
    n = len(best)
    keep = []
    for j in alive:
        if j != lead:
            diffs = [b - x for b, x in zip(best, results[j])]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean + delta > 0 and (mean + delta) ** 2 * n > z * z * var:
                continue  # clearly worse, or clearly no more than ``delta`` better: played out no more
        keep.append(j)
    return keep


#: How much less likely the expert finds a guess of the hidden tiles for each tile an opponent
#: held that the variant's model would have laid instead of his free choice (`reading`: All Fives
#: only). 0, the default: never (the exact posterior given his choices, no guess drawn in vain;
#: against greedy as strong as 0.2 and faster, ``benchmarks/expert.py``); above 0, by rejection,
#: ``READ_POOL`` guesses drawn for each one kept.
READS = 0.0
READ_POOL = 4

#: How many random numbers a rollout of the pruned search may use before they repeat (a rollout
#: takes at most two per move with a choice).
ROLLOUT_RANDOMS = 64


def _same_plays(c: Core, codes: tuple[int, ...]) -> list[int]:
    """Per code, the first of ``codes`` that leaves the same position up to interchangeable ends
    (`domino_widgets.core.engine.position_key`: the same tile on either of two ends that show
    the same number), itself if none; every code itself where the layout has none."""
    first: dict[object, int] = {}
    same = []
    for j, code in enumerate(codes):
        after = c.copy()
        apply_code(after, code)
        key = position_key(after)
        same.append(j if key is None else first.setdefault(key, j))
    return same


class _Replay:
    """A stand-in for `random.Random` in rollouts: hands out the same list of numbers again, so
    every action of one sample is played out with the same luck (much cheaper than seeding a new
    `Random` for every rollout)."""

    __slots__ = ("random",)

    def __init__(self, floats: list[float]) -> None:
        self.random = cycle(floats).__next__


class ExpertPlayer(BasePlayer):
    """Determinized Monte Carlo search (perfect-information Monte Carlo over sampled hidden tiles).

    ``samples``: guesses of the hidden tiles per decision (each action is played out once per
    guess); ``rollout``: ``"greedy"`` (the variant's heuristic, a uniformly random action with
    probability ``epsilon``) or ``"random"``; ``sampler``: a function ``(view, rng) -> (hands,
    stock, out)``, by default `hidden_sampler`. The search is fixed by the number of samples, not
    by a clock, so the same view and the same seed give the same answer on every machine.

    ``prune`` (default True): stop playing out an action once it is clearly worse than the
    leader on the samples so far, or (with an indifference zone) clearly no better (``pruning``,
    a `Pruning`, by default `PRUNING`), and replay one list of random numbers per
    sample in every rollout (`_Replay`); up to ``samples`` guesses, 48 by default. Most
    decisions then need a fraction of the rollouts. ``prune=False`` is the plain search of
    before: every action on every sample (80 by default), one seeded `random.Random` per
    rollout. ``merge``: of plays that leave the same position up to interchangeable ends (the
    same tile on either of two ends that show the same number, `_same_plays`), play out one and
    give all its value. Left at None, ``samples``, ``pruning`` and ``merge`` are the variant's
    where `SCHEDULES` has them (All Fives: 96 guesses, a cut at 1.5 standard errors, merged).

    ``reads`` (default `READS`, 0; None: off): read the opponents' free choices with a model
    of how they choose (`reading`: in All Fives, as the greedy player does). 0: exactly, the
    guesses drawn from the posterior given that he chose as the model (`reading.model_choices`;
    a choice his later plays contradict is not read); between 0 and 1: each tile an opponent
    held that the model would have laid instead makes a guess ``reads`` times as likely
    (`reading.reading_sampler`; also the reading of a custom ``sampler``). Against a player who
    does not choose as the model says, the reading is wrong in proportion.

    ``equity`` (default True): in a match to points, value a hand's result by the chance of
    winning the match it leaves, where that chance is known (`equity.match_equity`, All Fives);
    False: by its points margin alone (the target reached counting ``target`` points).
    """

    name = "expert"

    def __init__(self, samples: int | None = None, rollout: str = "greedy", epsilon: float = 0.1,
                 sampler: Sampler | None = None, policy: Heuristic | None = None, prune: bool = True,
                 pruning: Pruning | None = None, equity: bool = True, reads: float | None = READS,
                 merge: bool | None = None) -> None:
        if samples is not None:
            check_count(samples, "samples")
        if not isinstance(prune, bool):
            raise ParameterError("prune must be True or False, not {prune!r}", prune=prune)
        if pruning is not None and not isinstance(pruning, Pruning):
            raise ParameterError("pruning must be a Pruning, such as PRUNING, not {pruning!r}", pruning=pruning)
        if reads is not None and (isinstance(reads, bool) or not isinstance(reads, (int, float)) or not 0 <= reads <= 1):
            raise ParameterError("reads must be None or between 0 and 1, not {reads!r}", reads=reads)
        if not isinstance(equity, bool):
            raise ParameterError("equity must be True or False, not {equity!r}", equity=equity)
        if rollout not in ("greedy", "random"):
            raise ParameterError("rollout must be 'greedy' or 'random', not {rollout!r}", rollout=rollout)
        if not 0.0 <= epsilon <= 1.0:
            raise ParameterError("epsilon must be between 0 and 1, not {epsilon!r}", epsilon=epsilon)
        self.samples = samples
        self.rollout = rollout
        self.epsilon = epsilon
        self.sampler = sampler
        self.policy = policy
        self.prune = prune
        self.pruning = pruning
        self.equity = equity
        self.reads = reads
        if not (merge is None or isinstance(merge, bool)):
            raise ParameterError("merge must be None, True or False, not {merge!r}", merge=merge)
        self.merge = merge
        self.value_kind = ("expected points margin of the hand (block, draw; all_fives: counted by the chance of "
                           "winning the match, `unit_of`), chance of winning the hand (draw_cz, matador), "
                           "expected share of the pot (bergen)")

    def _schedule(self, variant: str) -> tuple[int, Pruning, bool]:
        """The number of guesses, the pruning and the merging of plays for a variant: those
        given, else the variant's (`SCHEDULES`), else 48, `PRUNING` and no merging (80 guesses
        for the plain search)."""
        samples, pruning, merge = SCHEDULES.get(variant, (48, PRUNING, False)) if self.prune else (80, PRUNING, False)
        return self.samples or samples, self.pruning or pruning, merge if self.merge is None else self.merge

    @property
    def sampler_name(self) -> str:
        """Which sampler of the hidden tiles the search uses."""
        return "custom" if self.sampler is not None else hidden_sampler()[1]

    def _sample_fn(self, view: PlayerView) -> Sampler:
        """The sampler for this decision, set up once for all its samples, reading the opponents'
        free choices where ``reads`` asks (`reading`)."""
        if self.reads == 0 and self.sampler is None:  # the model exactly: the posterior given his choices
            choices = model_choices(view)
            exact = self._exact_sample_fn(view, choices) if choices else None
            if exact is not None:
                return exact  # else the history contradicts them taken together (rare): read nothing
        sample = self._exact_sample_fn(view) or self._fallback_sample_fn(view)
        if self.reads is None or (self.reads == 0 and self.sampler is None):
            return sample
        return reading_sampler(sample, evidence(view), float(self.reads), READ_POOL)

    def _exact_sample_fn(self, view: PlayerView, choices: tuple[tuple[int, int], ...] = ()) -> Sampler | None:
        """``self.sampler``, else the exact posterior of ``view`` given ``choices``
        (`reading.model_choices`), built once; None if there is none (no exact sampler, or
        ``choices`` contradict the history)."""
        if self.sampler is not None:
            return self.sampler
        fn, _ = hidden_sampler()
        if fn is fallback_sample_hidden:
            return None
        try:  # the exact posterior of the view, built once (``sample_hidden`` samples the same)
            post = importlib.import_module(fn.__module__).posterior(view, choices)
        except DominoError as exc:
            if choices:  # the opponent did not choose as the model: no reading
                return None
            warnings.warn(f"the exact hidden-tile sampler failed ({exc}); using the fallback sampler",  # never seen in testing
                          RuntimeWarning, stacklevel=3)
            return None
        return lambda _view, rng: post.sample(rng)  # type: ignore[no-any-return]

    @staticmethod
    def _fallback_sample_fn(view: PlayerView) -> Sampler:
        prepared = HiddenSampler(view)
        return lambda _view, rng: prepared.sample(rng)

    def choose(self, view: PlayerView, rng: Random) -> Action:
        """The action of the highest estimated value; with ``prune`` the search stops playing out
        the actions that are clearly worse (their values are then rough: see `explain`)."""
        actions = legal_actions_of(view)
        if len(actions) == 1:
            return actions[0]
        scored = self._search(view, rng, cut=self.prune)
        best = max(v for _, v in scored)
        top = [a for a, v in scored if v == best]
        return top[0] if len(top) == 1 else top[int(rng.random() * len(top))]

    def explain(self, view: PlayerView, rng: Random) -> list[tuple[Action, float]]:
        """Every legal action with its estimated value (`value_kind_of` says which kind), each
        played out on every sample: values a lesson or a review can show (no action is cut short,
        even with ``prune``)."""
        return self._search(view, rng, cut=False)

    def _search(self, view: PlayerView, rng: Random, cut: bool) -> list[tuple[Action, float]]:
        """The search: ``cut`` stops playing out the actions that are clearly worse (`_survivors`)."""
        actions = legal_actions_of(view)
        cfg = config_of(view)
        params = dict(view.params)
        target = params.get("target") if cfg.match == "points" else None
        equity = match_equity(view.variant, params) if self.equity and target is not None else None
        score = objective(cfg, view.seat, target, tuple(view.match_scores), equity)
        sample = self._sample_fn(view)
        heuristic = self.policy or rollout_policy(view.variant)
        greedy = self.rollout == "greedy"
        eps = self.epsilon
        samples, pruning, merge = self._schedule(view.variant)
        k = len(actions)
        totals = [0.0] * k
        results: list[list[float]] = [[] for _ in range(k)]  # per action, its result on each sample
        alive = list(range(k))
        same = alive
        base: Core | None = None
        codes: tuple[int, ...] = ()
        rand, randoms = rng.random, [()] * ROLLOUT_RANDOMS
        for n in range(1, samples + 1):
            hands, stock, out = sample(view, rng)
            if base is None:
                base = core_from_view(view, hands, stock, out)
                codes = legal_codes_of(view, base)
                same = _same_plays(base, codes) if merge else list(range(k))
                alive = sorted(set(same))  # one play of each kind is played out
                root = base
            else:
                root = base.copy()
                root.hands = list(hands)
                root.stock = list(stock)
                root.out = out
            # the same rollout randomness for every action (common random numbers)
            if self.prune:
                floats = list(starmap(rand, randoms))  # rand() 64 times, looped in C
            else:
                seed = rng.getrandbits(64)
            for j in alive:
                c = root.copy()
                r = _Replay(floats) if self.prune else Random(seed)
                if greedy:
                    heuristic_playout(c, r, heuristic, eps, first=codes[j])  # the action, then the rollout
                else:
                    apply_code(c, codes[j])
                    random_playout(c, r)
                value = score(c)
                totals[j] += value
                results[j].append(value)
            if cut and len(alive) == 1:
                break  # every play is of one kind, or the others are cut
            if cut and n >= pruning.start and n % pruning.every == 0:
                alive = _survivors(alive, totals, results, pruning.z, pruning.delta.get(cfg.match, 0.0))
                if len(alive) == 1:
                    break
        # An action dropped early: the winner's mean plus its paired difference to the winner on
        # the samples it was played on (the winner was played on every sample); a play of the same
        # kind as another (`_same_plays`): that one's value.
        win = max(alive, key=totals.__getitem__)
        played = len(results[win])
        mean_win = totals[win] / played
        values = []
        for j in range(k):
            m = len(results[same[j]])
            values.append(totals[same[j]] / m if m == played else
                          mean_win + (totals[same[j]] - sum(results[win][:m])) / m)
        return list(zip(actions, values))

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
  fewer;
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
from collections.abc import Callable
from random import Random

from ..core.actions import Action
from ..core.engine import Config, Core, apply_code, random_playout
from ..core.errors import DominoError, ParameterError
from ..core.state import PlayerView, core_from_view
from .base import BasePlayer, legal_actions_of, legal_codes_of
from .heuristics import Heuristic, heuristic_playout, rollout_policy
from .sampling import HiddenSampler, Sampler, config_of, fallback_sample_hidden, hidden_sampler

__all__ = ["ExpertPlayer", "objective", "value_kind_of"]

Objective = Callable[[Core], float]


def value_kind_of(cfg: Config) -> str:
    """What the expert's values mean for a variant (see the module docstring)."""
    if cfg.match == "hands":
        return "chance of winning the hand (a drawn hand counts 1/2)"
    if cfg.match == "rounds":
        return "expected share of the pot (BRG-5)"
    return "expected points margin of the hand (winning the match counts target points more)"


def objective(cfg: Config, seat: int, target: int | None, base: tuple[float, ...]) -> Objective:
    """The result of a finished hand for ``seat``, as the expert maximizes it."""
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
    return margin


class ExpertPlayer(BasePlayer):
    """Determinized Monte Carlo search (perfect-information Monte Carlo over sampled hidden tiles).

    ``samples``: guesses of the hidden tiles per decision (each action is played out once per
    guess); ``rollout``: ``"greedy"`` (the variant's heuristic, a uniformly random action with
    probability ``epsilon``) or ``"random"``; ``sampler``: a function ``(view, rng) -> (hands,
    stock, out)``, by default `hidden_sampler`. The search is fixed by the number of samples, not
    by a clock, so the same view and the same seed give the same answer on every machine.
    """

    name = "expert"

    def __init__(self, samples: int = 80, rollout: str = "greedy", epsilon: float = 0.1,
                 sampler: Sampler | None = None, policy: Heuristic | None = None) -> None:
        if not isinstance(samples, int) or isinstance(samples, bool) or samples < 1:
            raise ParameterError(f"samples must be a whole number >= 1, not {samples!r}")
        if rollout not in ("greedy", "random"):
            raise ParameterError(f"rollout must be 'greedy' or 'random', not {rollout!r}")
        if not 0.0 <= epsilon <= 1.0:
            raise ParameterError(f"epsilon must be between 0 and 1, not {epsilon!r}")
        self.samples = samples
        self.rollout = rollout
        self.epsilon = epsilon
        self.sampler = sampler
        self.policy = policy
        self.value_kind = ("expected points margin of the hand (block, draw, all_fives), chance of winning "
                           "the hand (draw_cz, matador), expected share of the pot (bergen)")

    @property
    def sampler_name(self) -> str:
        """Which sampler of the hidden tiles the search uses."""
        return "custom" if self.sampler is not None else hidden_sampler()[1]

    def _sample_fn(self, view: PlayerView) -> Sampler:
        """The sampler for this decision, set up once for all its samples."""
        if self.sampler is not None:
            return self.sampler
        fn, _ = hidden_sampler()
        if fn is not fallback_sample_hidden:
            try:  # the exact posterior of the view, built once (``sample_hidden`` samples the same)
                post = importlib.import_module(fn.__module__).posterior(view)
                return lambda _view, rng: post.sample(rng)  # type: ignore[no-any-return]
            except DominoError as exc:  # never seen in testing: keep playing, but say so
                warnings.warn(f"the exact hidden-tile sampler failed ({exc}); using the fallback sampler",
                              RuntimeWarning, stacklevel=3)
        prepared = HiddenSampler(view)
        return lambda _view, rng: prepared.sample(rng)

    def explain(self, view: PlayerView, rng: Random) -> list[tuple[Action, float]]:
        """Every legal action with its estimated value (`value_kind_of` says which kind)."""
        actions = legal_actions_of(view)
        cfg = config_of(view)
        params = dict(view.params)
        target = params.get("target") if cfg.match == "points" else None
        score = objective(cfg, view.seat, target, tuple(view.match_scores))
        sample = self._sample_fn(view)
        heuristic = self.policy or rollout_policy(view.variant)
        greedy = self.rollout == "greedy"
        eps = self.epsilon
        totals = [0.0] * len(actions)
        base: Core | None = None
        codes: tuple[int, ...] = ()
        for _ in range(self.samples):
            hands, stock, out = sample(view, rng)
            if base is None:
                base = core_from_view(view, hands, stock, out)
                codes = legal_codes_of(view, base)
                root = base
            else:
                root = base.copy()
                root.hands = list(hands)
                root.stock = list(stock)
                root.out = out
            seed = rng.getrandbits(64)  # the same rollout randomness for every action
            for j, code in enumerate(codes):
                c = root.copy()
                apply_code(c, code)
                r = Random(seed)
                if greedy:
                    heuristic_playout(c, r, heuristic, eps)
                else:
                    random_playout(c, r)
                totals[j] += score(c)
        return [(a, totals[j] / self.samples) for j, a in enumerate(actions)]

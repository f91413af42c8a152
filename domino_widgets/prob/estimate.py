"""A simulated frequency, checked against the exact value it estimates (`Estimate`): what the
lessons' simulations return (`domino_widgets.prob.lessons`), and `domino_widgets.prob.bergen`'s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from ..language import number


@dataclass(frozen=True)
class Estimate:
    """A simulated frequency: ``hits`` out of ``trials``.

    >>> e = Estimate(30, 100)
    >>> e.rate, round(e.z(Fraction(1, 4)), 3), e.agrees(Fraction(1, 4))
    (Fraction(3, 10), 1.155, True)

    Printed with the language's thousands separator and decimal mark (`domino_widgets.set_language`):

    >>> print(Estimate(115099, 200000))
    115,099/200,000 = 0.57549
    """

    hits: int
    trials: int

    @property
    def rate(self) -> Fraction:
        return Fraction(self.hits, self.trials)

    def z(self, exact: Fraction | float) -> float:
        """How many standard deviations the count lies from what ``exact`` predicts (binomial)."""
        p = float(exact)
        if p in (0.0, 1.0):
            return 0.0 if self.hits == p * self.trials else math.inf
        return (self.hits - self.trials * p) / math.sqrt(self.trials * p * (1 - p))

    def agrees(self, exact: Fraction | float, within: float = 4.0) -> bool:
        """The simulation agrees with ``exact`` if it lies within ``within`` standard deviations
        (a false alarm about once in 16,000 seeds at 4)."""
        return abs(self.z(exact)) <= within

    def __str__(self) -> str:
        # «115 099/200 000 = 0,57549» in Czech
        return f"{number(self.hits)}/{number(self.trials)} = {number(self.hits / self.trials, '.5f')}"

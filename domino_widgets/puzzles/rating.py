"""Ratings that move with students' attempts: Glicko-2, as lichess rates its puzzles.

An attempt is a game between the student and the puzzle: solving it is the student's win, a
wrong first play the puzzle's. Both ratings move, each by the other's rating and deviation
(`attempt`); a new student and a new puzzle start at 1500 with deviation 350. The arithmetic is
Glickman's paper, step by step (`update`). It is written here rather than taken from
the ``glicko2`` package, the one Glicko-2 package on the registry: its volatility iteration reads
the rating where the paper's function f reads the deviation (phi squared), and it installs a
top-level ``tests`` package, which hides this project's own ``tests`` folder from ``pytest -p``.

Glickman's own example ("Example of the Glicko-2 system", 2013): a player at 1500 with deviation
200 beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300); the paper gets 1464.06,
151.52 and volatility 0.05999 (it rounds as it goes; unrounded, 1464.05 and 0.059996: to 5 places
the volatility would print as the 0.06 it started from, whether step 5 ran or not):

>>> r = update(Rating(1500, 200), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
>>> round(r.rating, 2), round(r.rd, 2), round(r.volatility, 6)
(1464.05, 151.52, 0.059996)

A new student solves a new puzzle: he goes up, the puzzle down, by the same amount:

>>> student, puzzle = attempt(Rating(), Rating(), solved=True)
>>> round(student.rating), round(puzzle.rating), round(student.rd)
(1662, 1338, 290)
>>> attempt(Rating(), Rating(), solved="yes")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: solved is True or False, not 'yes'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from ..core.errors import ParameterError, quote
from .model import Puzzle

__all__ = ["Rating", "attempt", "rate", "update"]

#: Glicko-2's scale: a rating point is 1/173.7178 of the paper's mu, 1500 its zero
_SCALE = 173.7178
#: the system constant tau (how far a volatility may move in a period), and the iteration's epsilon
_TAU, _EPSILON = 0.5, 1e-6


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (1500 to start), its deviation ``rd`` and ``volatility``."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def __post_init__(self) -> None:
        for name, lo, hi in (("rating", -10_000.0, 10_000.0), ("rd", 1.0, 500.0), ("volatility", 1e-6, 1.0)):
            x = getattr(self, name)
            if isinstance(x, bool) or not isinstance(x, (int, float)) or not lo <= x <= hi:
                raise ParameterError("{name} must be a number from {lo} to {hi}, not {x}", name=name, lo=lo, hi=hi,
                                     x=quote(x))


def update(r: Rating, games: Iterable[tuple[Rating, float]]) -> Rating:
    """``r`` after one rating period of ``games``: (opponent's rating, score 1/0.5/0), by the steps
    of Glickman's "Example of the Glicko-2 system" (2013)."""
    games = list(games)
    for _, score in games:
        if score not in (0, 0.5, 1) or isinstance(score, bool):
            raise ParameterError("a score is 1, 0.5 or 0, not {score}", score=quote(score))
    mu, phi, sigma = (r.rating - 1500.0) / _SCALE, r.rd / _SCALE, r.volatility
    if not games:  # step 6 alone: the deviation grows with the volatility
        return Rating(r.rating, min(math.sqrt(phi**2 + sigma**2) * _SCALE, 350.0), sigma)
    terms = []  # (g(phi_j), E(mu, mu_j, phi_j), s_j) of step 3
    for o, score in games:
        g = 1.0 / math.sqrt(1.0 + 3.0 * (o.rd / _SCALE) ** 2 / math.pi**2)
        terms.append((g, 1.0 / (1.0 + math.exp(-g * (mu - (o.rating - 1500.0) / _SCALE))), float(score)))
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in terms)
    gain = sum(g * (score - e) for g, e, score in terms)
    sigma = _volatility(phi, sigma, v, v * gain)
    phi = 1.0 / math.sqrt(1.0 / (phi**2 + sigma**2) + 1.0 / v)  # steps 6 and 7
    mu += phi**2 * gain
    return Rating(mu * _SCALE + 1500.0, min(phi * _SCALE, 350.0), sigma)


def _volatility(phi: float, sigma: float, v: float, delta: float) -> float:
    """Step 5: the new volatility, the root of f by the Illinois algorithm."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2.0 * (phi**2 + v + ex) ** 2) - (x - a) / _TAU**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * _TAU) < 0:
            k += 1
        big_b = a - k * _TAU
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def attempt(student: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """(student, puzzle) after one attempt: solved is the student's win."""
    if not isinstance(solved, bool):
        raise ParameterError("solved is True or False, not {s}", s=quote(solved))
    score = 1.0 if solved else 0.0
    return update(student, [(puzzle, score)]), update(puzzle, [(student, 1.0 - score)])


def rate(puzzle: Puzzle, student: Rating, solved: bool) -> tuple[Rating, Puzzle]:
    """(student, puzzle with its new rating) after one attempt at ``puzzle``."""
    s, p = attempt(student, Rating(puzzle.rating, puzzle.rd, puzzle.volatility), solved)
    return s, replace(puzzle, rating=p.rating, rd=p.rd, volatility=p.volatility)

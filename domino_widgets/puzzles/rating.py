"""Ratings that move with students' attempts: Glicko-2, as lichess rates its puzzles.

An attempt is a game between the student and the puzzle: solving it is the student's win, a
wrong first play the puzzle's. Both ratings move, each by the other's rating and deviation
(`attempt`); a new student and a new puzzle start at 1500 with deviation 350. The arithmetic is
the ``glicko2`` package's (Kirkman's implementation of Glickman's paper), with one correction:
its volatility iteration reads the rating where the paper's function f reads the deviation
(phi squared), fixed in `_Player._f`.

Glickman's own example ("Example of the Glicko-2 system", 2013): a player at 1500 with deviation
200 beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300); the paper gets 1464.06,
151.52 and volatility 0.05999 (it rounds as it goes):

>>> r = update(Rating(1500, 200), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
>>> round(r.rating, 1), round(r.rd, 2), round(r.volatility, 5)
(1464.1, 151.52, 0.06)

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

import glicko2

from ..core.errors import ParameterError, quote
from .model import Puzzle

__all__ = ["Rating", "attempt", "rate", "update"]


class _Player(glicko2.Player):  # type: ignore[misc]
    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        # Glickman's step 5: f(x) = e^x (delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v + e^x)^2) - (x - a) / tau^2
        ex = math.exp(x)
        phi2 = self._Player__rd ** 2
        return float(ex * (delta**2 - phi2 - v - ex) / (2 * (phi2 + v + ex) ** 2) - (x - a) / self._tau**2)


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
    """``r`` after one rating period of ``games``: (opponent's rating, score 1/0.5/0)."""
    games = list(games)
    for _, score in games:
        if score not in (0, 0.5, 1) or isinstance(score, bool):
            raise ParameterError("a score is 1, 0.5 or 0, not {score}", score=quote(score))
    p = _Player(rating=r.rating, rd=r.rd, vol=r.volatility)
    if games:
        p.update_player([o.rating for o, _ in games], [o.rd for o, _ in games], [s for _, s in games])
    else:
        p.did_not_compete()
    return Rating(float(p.rating), float(min(p.rd, 350.0)), float(p.vol))


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

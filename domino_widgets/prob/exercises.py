"""Checking a lesson's numeric exercises: the student writes answers, the package says which are right.

An answer is right when it equals the exact solution (a `Fraction` or a whole number), or, for a
decimal, when it is within ``tolerance`` of it: a student may type ``0.846`` for 11/13.

>>> check({1: Fraction(11, 13), 2: None, 3: 0.5}, {1: Fraction(11, 13), 2: 21, 3: Fraction(1, 3)})
Exercise 1: right (11/13).
Exercise 2: not answered yet.
Exercise 3: not yet: 0.5 is not the answer. Try again.
Right so far: 1 of 3.

The sentences can be given in another language (``texts``, with the same ``{}`` fields); a
translated lesson passes its own:

>>> check({1: 7}, {1: 7}, texts={"right": "Cvičení {}: správně ({}).", "total": "Zatím správně: {} z {}."})
Cvičení 1: správně (7).
Zatím správně: 1 z 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..core.errors import ParameterError

__all__ = ["TEXTS", "check", "is_right"]

#: The sentences `check` prints, filled in with ``str.format``.
TEXTS: dict[str, str] = {
    "unanswered": "Exercise {}: not answered yet.",
    "right": "Exercise {}: right ({}).",
    "wrong": "Exercise {}: not yet: {} is not the answer. Try again.",
    "total": "Right so far: {} of {}.",
}


def is_right(answer: Any, solution: Fraction | int | str, tolerance: float = 0.001) -> bool:
    """Whether ``answer`` is the ``solution`` (exactly, or a decimal within ``tolerance``).

    >>> is_right(0.846, Fraction(11, 13)), is_right("7-7", "7-7"), is_right(5, 6)
    (True, True, False)
    """
    if isinstance(solution, str) or isinstance(answer, str):
        return str(answer).strip().lower() == str(solution).strip().lower()
    if isinstance(answer, float):
        return abs(answer - float(solution)) <= tolerance
    return bool(Fraction(answer) == Fraction(solution))


def check(answers: Mapping[Any, Any], solutions: Mapping[Any, Any], tolerance: float = 0.001, *,
          texts: Mapping[str, str] | None = None) -> None:
    """Print one sentence per exercise, and how many answers are right (in ``texts``, see `TEXTS`)."""
    say = {**TEXTS, **(texts or {})}
    unknown = set(say) - set(TEXTS)
    if unknown:
        raise ParameterError("texts has no sentence {unknown}; it has: {texts}",
                             unknown=', '.join(sorted(unknown)), texts=', '.join(TEXTS))
    right = 0
    for key, solution in solutions.items():
        answer = answers.get(key)
        if answer is None:
            print(say["unanswered"].format(key))
        elif is_right(answer, solution, tolerance):
            right += 1
            print(say["right"].format(key, answer))
        else:
            print(say["wrong"].format(key, answer))
    print(say["total"].format(right, len(solutions)))

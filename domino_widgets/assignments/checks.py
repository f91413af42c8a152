"""What a student's assignment runs: a check that says right or not yet without giving the answer.

The teacher's build (`domino_widgets.assignments.course`) computes each exercise's solution once
and writes into the student's notebook only a *key*: salted SHA-256 digests of the solution's exact
form and of its decimal form rounded at the exercise's tolerance. `exercise` compares the student's
answer with the key, so the notebook holds no solution to read (nbgrader's hidden tests, which the
student's copy does not hold, grade the answer against the solution itself).

>>> key = answer_key("01_block", 3, Fraction(10, 21), 0.001)
>>> exercise(3, Fraction(10, 21), key)
Exercise 3: right (10/21).
>>> exercise(3, 0.476, key)
Exercise 3: right (0.476).
>>> exercise(3, 0.5, key)
Exercise 3: not yet: 0.5 is not the answer. Try again.
>>> exercise(3, None, key)
Exercise 3: not answered yet.
>>> "10/21" in repr(key) or "0.476" in repr(key)
False
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..prob.exercises import TEXTS, is_right

__all__ = ["answer_key", "exercise", "grade", "record"]


def _digest(salt: str, number: int, form: str) -> str:
    return hashlib.sha256(f"{salt}\x1f{number}\x1f{form}".encode()).hexdigest()[:32]


def _decimals(tolerance: float) -> int:
    return max(0, min(12, -math.floor(math.log10(tolerance)))) if tolerance > 0 else 12


def _exact(value: Any) -> str | None:
    if isinstance(value, str):
        return "s:" + value.strip().lower()
    try:
        f = Fraction(value) if not isinstance(value, float) else None
    except (TypeError, ValueError):
        return None
    return None if f is None else f"q:{f.numerator}/{f.denominator}"


def _rounded(value: Any, decimals: int) -> str | None:
    try:
        x = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    if not math.isfinite(x):
        return None
    return f"d:{round(x, decimals):.{decimals}f}"


def answer_key(salt: str, number: int, solution: Any, tolerance: float = 0.001) -> dict[str, Any]:
    """The key of one exercise: digests of the solution's exact form and of its decimal forms
    within ``tolerance`` (a student may type 0.476 for 10/21)."""
    key: dict[str, Any] = {"salt": salt, "tolerance": tolerance, "exact": None, "near": []}
    exact = _exact(solution)
    if exact is not None:
        key["exact"] = _digest(salt, number, exact)
    if not isinstance(solution, str):
        d = _decimals(tolerance)
        x = float(solution)
        near = {_rounded(x + k * tolerance / 2, d) for k in (-2, -1, 0, 1, 2)}
        key["near"] = sorted(_digest(salt, number, form) for form in near if form is not None)
    return key


def _matches(number: int, answer: Any, key: Mapping[str, Any]) -> bool:
    salt = key["salt"]
    exact = _exact(answer)
    if exact is not None and key.get("exact") == _digest(salt, number, exact):
        return True
    if isinstance(answer, str) or isinstance(answer, bool):
        return False
    form = _rounded(answer, _decimals(key["tolerance"]))
    return form is not None and _digest(salt, number, form) in key.get("near", ())


def exercise(number: int, answer: Any, key: Mapping[str, Any], *, texts: Mapping[str, str] | None = None) -> None:
    """Print whether ``answer`` is right, in the lesson's language (``texts`` as
    `domino_widgets.prob.exercises.check` takes them). Never prints the solution."""
    say = {**TEXTS, **(texts or {})}
    if answer is None:
        print(say["unanswered"].format(number))
        return
    right = _matches(number, answer, key)
    shown = answer if len(repr(answer)) <= 60 else "…"
    print(say["right" if right else "wrong"].format(number, shown))


def grade(number: int, answer: Any, solution: Any, tolerance: float = 0.001) -> None:
    """The hidden test: an `AssertionError` unless ``answer`` is the ``solution`` (nbgrader gives
    the exercise's points when the cell runs without one)."""
    ok = answer is not None
    if ok:
        try:
            ok = is_right(answer, solution, tolerance)
        except (TypeError, ValueError, ZeroDivisionError, OverflowError):
            ok = False
    assert ok, f"exercise {number}: not the answer"


def record(answers: Any, solutions: Mapping[int, Any], tolerance: float = 0.001, *,
           texts: Mapping[str, str] | None = None, salt: str = "") -> None:
    """Used by the teacher's build in place of ``check``: print the keys of ``solutions``, one JSON
    line (``answers`` and ``texts`` are ignored, they are there to take the same arguments)."""
    keys = {str(k): answer_key(salt, int(k), v, tolerance) for k, v in solutions.items()}
    print("ANSWER-KEYS " + json.dumps(keys))

"""What a graded assignment runs: a public check of an answer's form, and the hidden test.

The public check (`exercise`), which the student runs as often as they like, says only whether
the answer has the form the exercise asks for (a whole number, a number from 0 to 1, ...) and that
the teacher's grade checks the value: a check that said *right* for one value would be an oracle
that a loop over small numbers and fractions reads out. The self-study lessons keep their *right*
/ *not yet* checks (`domino_widgets.prob.exercises.check`).

The hidden test (`grade`), which only the teacher's version holds, accepts an answer by the one
definition the lessons use too (`domino_widgets.prob.exercises.is_right`): the answer read as an
exact built-in number (a subclass is read through the built-in type's slots, never through its
own methods), in the solution's form, within the tolerance on either side.

>>> exercise(3, Fraction(10, 21), "chance")
Exercise 3: 10/21 has the form asked for (a number from 0 to 1). The teacher's grade checks the value.
>>> exercise(3, "0.476", "chance")
Exercise 3: '0.476' is not a number from 0 to 1.
>>> exercise(1, 14.5, "whole")
Exercise 1: 14.5 is not a whole number.
>>> exercise(3, None, "chance")
Exercise 3: not answered yet.
>>> grade(3, 0.476, Fraction(10, 21), 0.001)
>>> grade(3, 0.5, Fraction(10, 21), 0.001)
Traceback (most recent call last):
...
AssertionError: Exercise 3: not the accepted answer.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

from ..prob.exercises import FORMS, exact, has_form, is_right

__all__ = ["TEXTS", "decode", "encode", "exercise", "grade", "shown", "texts_in"]

#: What the checks say, filled in with ``str.format`` (a course in another language passes its own).
TEXTS: dict[str, str] = {
    "unanswered": "Exercise {}: not answered yet.",
    "form": "Exercise {}: {} has the form asked for ({}). The teacher's grade checks the value.",
    "not_form": "Exercise {}: {} is not {}.",
    "whole": "a whole number",
    "chance": "a number from 0 to 1",
    "number": "a number",
    "text": "words",
    "wrong": "Exercise {}: not the accepted answer.",
}


def texts_in(lang: str | None) -> dict[str, str]:
    """`TEXTS` in ``lang`` (the package's catalog; English when untranslated)."""
    if lang is None or lang == "en":
        return dict(TEXTS)
    from ..language import pgettext

    return {key: pgettext(lang, f"assignments.check.{key}", text) for key, text in TEXTS.items()}


#: The longest whole number, text or fraction part an encoded answer may hold (digits, characters).
_LONGEST = 400


def encode(value: Any) -> dict[str, Any] | None:
    """An answer as JSON of exact built-in values (`domino_widgets.prob.exercises.exact`), or None
    for no number and no text: what the fenced grader carries out of a student's process.

    >>> encode(Fraction(313, 819)), encode(14), encode(0.25), encode("7-7"), encode(None), encode(True)
    ({'fraction': ['313', '819']}, {'int': '14'}, {'float': '0.25'}, {'text': '7-7'}, None, {'other': 'bool'})
    """
    v = exact(value)
    if value is None:
        return None
    if isinstance(v, bool) or v is None:
        return {"other": type(value).__name__[:40]}
    if isinstance(v, int):
        return {"int": str(v)} if v.bit_length() < 1300 else {"other": "int"}
    if isinstance(v, Fraction):
        n, d = str(v.numerator), str(v.denominator)
        return {"fraction": [n, d]} if len(n) + len(d) <= _LONGEST else {"other": "Fraction"}
    if isinstance(v, float):
        return {"float": repr(v)}
    return {"text": v[:_LONGEST]}


def decode(obj: Any) -> int | Fraction | float | str | None:
    """The value of `encode`'s JSON, checked strictly (it comes from a student's process: anything
    else is no answer).

    >>> decode({"fraction": ["313", "819"]}), decode({"int": "14"}), decode({"float": "0.25"})
    (Fraction(313, 819), 14, 0.25)
    >>> decode({"int": "1e9"}), decode({"float": "nan"}), decode(["14"]), decode({"other": "list"})
    (None, None, None, None)
    """
    if not isinstance(obj, dict) or len(obj) != 1:
        return None
    (kind, data), = obj.items()
    digits = re.compile(r"-?[0-9]{1,%d}" % _LONGEST)
    if kind == "int" and isinstance(data, str) and digits.fullmatch(data):
        return int(data)
    if kind == "fraction" and isinstance(data, list) and len(data) == 2 and \
            all(isinstance(x, str) and digits.fullmatch(x) for x in data) and int(data[1]) > 0:
        return Fraction(int(data[0]), int(data[1]))
    if kind == "float" and isinstance(data, str) and len(data) <= 40:
        try:
            x = float(data)
        except ValueError:
            return None
        return x if math.isfinite(x) else None
    if kind == "text" and isinstance(data, str):
        return data[:_LONGEST]
    return None


def shown(answer: Any) -> str:
    """The answer as a check quotes it back: a number as it is, anything else by its ``repr``,
    cut at 60 characters.

    >>> shown(Fraction(1, 3)), shown(0.25), shown("14"), shown(list(range(100)))
    ('1/3', '0.25', "'14'", '[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, …')
    """
    value = exact(answer)
    try:
        text = str(value) if value is not None and not isinstance(value, str) else \
            repr(value if value is not None else answer)
    except ValueError:  # a whole number too long to write out
        text = "…"
    return text if len(text) <= 60 else text[:59] + "…"


def exercise(number: int, answer: Any, form: str, *, lang: str | None = None) -> None:
    """The public check: print whether ``answer`` has the ``form`` (one of
    `domino_widgets.prob.exercises.FORMS`), in the course's language. Says nothing of the value."""
    say = texts_in(lang)
    if form not in FORMS:
        raise ValueError(f"form must be one of {', '.join(FORMS)}")
    if answer is None:
        print(say["unanswered"].format(number))
    elif has_form(answer, form):
        print(say["form"].format(number, shown(answer), say[form]))
    else:
        print(say["not_form"].format(number, shown(answer), say[form]))


def grade(number: int, answer: Any, solution: Any, tolerance: float = 0.001, *, lang: str | None = None) -> None:
    """The hidden test: an `AssertionError` (in the course's language) unless ``answer`` is
    accepted for ``solution`` (nbgrader gives the exercise's point when the cell runs without one)."""
    if not is_right(answer, solution, tolerance):
        raise AssertionError(texts_in(lang)["wrong"].format(number))

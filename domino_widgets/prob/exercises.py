"""Checking a lesson's numeric exercises: the student writes answers, the package says which are right.

An answer is right when it has the solution's form (a whole number for a count, a number from 0
to 1 for a chance) and its exact value lies within ``tolerance`` of the solution's, on either side:
a student may type ``0.846`` or ``Fraction(11, 13)`` for 11/13 (`is_right`, the one definition,
which the graded assignments' hidden tests use too).

>>> check({1: Fraction(11, 13), 2: None, 3: 0.5}, {1: Fraction(11, 13), 2: 21, 3: Fraction(1, 3)})
Exercise 1: right (11/13).
Exercise 2: not answered yet.
Exercise 3: not yet: 0.5 is not the answer. Try again.
Right so far: 1 of 3.

The sentences are in the language set by `domino_widgets.set_language` (the catalog's
``exercises.check`` messages), the numbers written as it writes them; other words can be given
(``texts``, with the same ``{}`` fields):

>>> check({1: 7}, {1: 7}, texts={"right": "Cvičení {}: správně ({}).", "total": "Zatím správně: {} z {}."})
Cvičení 1: správně (7).
Zatím správně: 1 z 1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..core.errors import ParameterError
from ..language import check_language, localized, pgettext

__all__ = ["FORMS", "TEXTS", "band", "catalog_messages", "check", "exact", "form_of", "has_form", "is_right"]

#: The sentences `check` prints, filled in with ``str.format``.
TEXTS: dict[str, str] = {
    "unanswered": "Exercise {}: not answered yet.",
    "right": "Exercise {}: right ({}).",
    "wrong": "Exercise {}: not yet: {} is not the answer. Try again.",
    "total": "Right so far: {} of {}.",
}


def exact(value: Any) -> int | Fraction | float | str | None:
    """``value`` as an exact built-in ``int``, ``Fraction``, ``float`` or ``str``, or None if it is
    none of them (``None``, ``True``, a list...). A subclass is read through the built-in type's own
    slots, never through its methods: a ``float`` whose ``__sub__`` says 0 is the float it holds.

    >>> class Zero(float):
    ...     def __sub__(self, other): return 0.0
    >>> exact(Zero(0.5)), type(exact(Zero(0.5))).__name__, exact(True), exact(Fraction(98, 1000))
    (0.5, 'float', None, Fraction(49, 500))
    """
    kind = type(value)
    if kind in (int, float, str) or kind is Fraction:
        return value  # type: ignore[no-any-return]
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, Fraction):
        n, d = exact(Fraction._numerator.__get__(value)), exact(Fraction._denominator.__get__(value))  # type: ignore[attr-defined]
        return Fraction(n, d) if type(n) is int and type(d) is int and d != 0 else None
    return None


def band(tolerance: float) -> Fraction:
    """The tolerance as the exact decimal it is written as (``0.001`` is 1/1000, not the float
    just above it).

    >>> band(0.001), band(0.01)
    (Fraction(1, 1000), Fraction(1, 100))
    """
    return Fraction(repr(float(tolerance)))


#: The forms a solution asks for (`form_of`): a count, a chance, any number, words.
FORMS = ("whole", "chance", "number", "text")


def form_of(solution: Any) -> str:
    """The form ``solution`` asks its answers for, one of `FORMS`: ``whole`` for a whole number
    (a count, points), ``chance`` for a fraction from 0 to 1, ``number`` for another number,
    ``text`` for words.

    >>> [form_of(x) for x in (14, Fraction(10, 21), 2.5, Fraction(3, 2), "7-7")]
    ['whole', 'chance', 'number', 'number', 'text']
    """
    s = exact(solution)
    if isinstance(s, str):
        return "text"
    if isinstance(s, int):
        return "whole"
    if isinstance(s, Fraction) and 0 <= s <= 1:
        return "chance"
    if s is None:
        raise ParameterError("a solution must be a number or text, not {kind}", kind=type(solution).__name__)
    return "number"


def has_form(answer: Any, form: str) -> bool:
    """Whether ``answer`` has the ``form`` (`form_of`): what a graded assignment's public check
    tells a student, who learns from it nothing of the value. An answer without the solution's
    form is never right.

    >>> has_form(14, "whole"), has_form(14.0, "whole"), has_form(14.5, "whole"), has_form("14", "whole")
    (True, True, False, False)
    >>> has_form(Fraction(98, 1000), "chance"), has_form(1.2, "chance"), has_form(float("nan"), "number")
    (True, False, False)
    """
    a = exact(answer)
    if form == "text":
        return isinstance(a, str)
    if a is None or isinstance(a, str) or (isinstance(a, float) and not math.isfinite(a)):
        return False
    if form == "whole":
        return Fraction(a).denominator == 1
    if form == "chance":
        return 0 <= Fraction(a) <= 1
    return True


def is_right(answer: Any, solution: Fraction | int | float | str, tolerance: float = 0.001) -> bool:
    """Whether ``answer`` is accepted for ``solution``: the one definition, used by the lessons'
    checks and by the graded assignments' hidden tests (`domino_widgets.assignments.checks`).

    A number is accepted when it has the solution's form (`has_form`: a count asks for a whole
    number, a chance for a number from 0 to 1) and its exact value lies within ``tolerance`` of the
    solution's, on either side, whatever its type (``14``, ``14.0``, ``Fraction(14)``;
    ``Fraction(98, 1000)`` or ``0.098`` for 0.0984...). Text is accepted only for a solution in
    words, compared without case or surrounding spaces; text is never a number (``"14"`` is not
    14). ``None``, ``True``, NaN and objects of other types are never accepted.

    >>> is_right(0.846, Fraction(11, 13)), is_right("7-7", "7-7"), is_right(5, 6), is_right("14", 14)
    (True, True, False, False)
    >>> x = Fraction(7, 27)   # 0.259259...
    >>> [is_right(a, x) for a in (0.2583, 0.2602, 0.2575, 0.262)]
    [True, True, False, False]
    """
    a, s = exact(answer), exact(solution)
    if a is None or s is None:
        return False
    if isinstance(a, str) or isinstance(s, str):
        return isinstance(a, str) and isinstance(s, str) and a.strip().lower() == s.strip().lower()
    if (isinstance(s, float) and not math.isfinite(s)) or not has_form(a, form_of(s)):
        return False
    return abs(Fraction(a) - Fraction(s)) <= band(tolerance)


def catalog_messages() -> list[tuple[str, str]]:
    """The sentences of `check`, as catalog messages (`domino_widgets.i18n_catalog`)."""
    return [(f"exercises.check.{key}", text) for key, text in TEXTS.items()]


def check(answers: Mapping[Any, Any], solutions: Mapping[Any, Any], tolerance: float = 0.001, *,
          texts: Mapping[str, str] | None = None, lang: str | None = None) -> None:
    """Print one sentence per exercise, and how many answers are right, in ``lang`` (the language
    set by `domino_widgets.set_language` if None) or in ``texts`` (see `TEXTS`).

    >>> check({1: 0.25}, {1: Fraction(1, 4)}, lang="cs")
    Cvičení 1: správně (0,25).
    Zatím správně: 1 (celkem 1 cvičení).
    """
    lang = check_language(lang)
    say = {key: pgettext(lang, f"exercises.check.{key}", text) for key, text in TEXTS.items()}
    unknown = set(texts or {}) - set(TEXTS)
    if unknown:
        raise ParameterError("texts has no sentence {unknown}; it has: {texts}",
                             unknown=', '.join(sorted(unknown)), texts=', '.join(TEXTS))
    say.update(texts or {})

    def line(key: str, *values: Any) -> None:
        print(say[key].format(*(localized(v, lang) for v in values)))

    right = 0
    for key, solution in solutions.items():
        answer = answers.get(key)
        if answer is None:
            line("unanswered", key)
        elif is_right(answer, solution, tolerance):
            right += 1
            line("right", key, answer)
        else:
            line("wrong", key, answer)
    line("total", right, len(solutions))

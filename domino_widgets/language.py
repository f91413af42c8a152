"""The language a person reads: one setting for the pictures, the widgets, the charts and the
rule book, which a lesson's first code cell makes (``dw.set_language("cs")``); an explicit
``lang=`` argument still wins.

>>> import domino_widgets as dw
>>> dw.set_language("el"); dw.language()
'el'
>>> dw.set_language("xx")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: the language must be one of 'cs', 'el', 'en', not 'xx'
>>> dw.set_language("en"); dw.tr("Greedy lays {}.").format("6-6")
'Greedy lays 6-6.'
"""

from __future__ import annotations

from .core.errors import ParameterError

#: The languages every text of the package is written in.
LANGUAGES: tuple[str, ...] = ("cs", "el", "en")

_current = ["en"]


def set_language(lang: str) -> None:
    """Make ``lang`` the language of everything shown from now on (unless a call names another)."""
    if lang not in LANGUAGES:
        raise ParameterError(f"the language must be one of {', '.join(map(repr, LANGUAGES))}, not {lang!r}")
    _current[0] = lang


def language() -> str:
    """The language set by `set_language` ("en" until then)."""
    return _current[0]


def tr(text: str) -> str:
    """A sentence a lesson prints, marked for translation: the lesson's translations
    (``notebooks/<lang>/``) carry it in their language already, so it is returned as it is
    (`domino_widgets.lessons_i18n`)."""
    return text

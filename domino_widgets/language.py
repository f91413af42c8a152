"""The language a person reads: one setting for the pictures, the widgets, the charts and the
rule book, which a lesson's first code cell makes (``dw.set_language("cs")``); an explicit
``lang=`` argument still wins.

Every word of the package comes from one gettext catalog (`domino_widgets/locale/`): the English
texts are the source (the ``msgid``\\ s, written once in the modules that show them, with a
``msgctxt`` naming where each is used), and each other language is a compiled ``<lang>.mo``
read here with the standard library's `gettext`, so nothing beyond Python is needed at run time
(Pyodide included). The languages are the catalogs present: a fourth one is a new ``xx.po``
compiled to ``xx.mo`` (``python -m domino_widgets.i18n_catalog``), no Python.

>>> import domino_widgets as dw
>>> languages()[0], {"cs", "el"} <= set(languages())
('en', True)
>>> dw.set_language("el"); dw.language()
'el'
>>> [check_language(None), check_language("cs")]
['el', 'cs']
>>> dw.set_language("xx")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: lang must be one of en, cs, el, not 'xx'
>>> pgettext("cs", "render.hand", "Hand"), npgettext("cs", "render.tiles", "{n} tile", "{n} tiles", 3)
('Ruka', '{n} kameny')
>>> dw.set_language("en"); dw.tr("Greedy lays {}.").format("6-6")
'Greedy lays 6-6.'
"""

from __future__ import annotations

import gettext
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .core.errors import ParameterError

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from .sentences import Sentence

#: The language the source texts (the catalog's msgids) are written in.
SOURCE = "en"

_current = [SOURCE]


def locale_dir() -> Traversable:
    """The folder of the compiled catalogs shipped in the package (``domino_widgets/locale``)."""
    return resources.files(__package__) / "locale"


@lru_cache(maxsize=1)
def languages() -> tuple[str, ...]:
    """The languages every text can be shown in: English (the source), then one per compiled
    catalog ``locale/<lang>.mo``, in alphabetical order."""
    found = sorted(p.name[: -len(".mo")] for p in locale_dir().iterdir() if p.name.endswith(".mo"))
    return (SOURCE, *(x for x in found if x != SOURCE))


@lru_cache(maxsize=None)
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English, the source, needs none)."""
    if check_language(lang) == SOURCE:
        return gettext.NullTranslations()
    with (locale_dir() / f"{lang}.mo").open("rb") as fh:
        return gettext.GNUTranslations(fh)


def reload() -> None:
    """Forget the catalogs read so far (after ``compile`` wrote new ones, or a test moved them)."""
    languages.cache_clear()
    translations.cache_clear()


def check_language(lang: Any) -> str:
    """``lang`` if there is a catalog for it, the language set by `set_language` if it is None,
    else a `ParameterError` listing the languages."""
    if lang is None:
        return _current[0]
    if not isinstance(lang, str) or lang not in languages():
        raise ParameterError(f"lang must be one of {', '.join(languages())}, not {lang!r}")
    return lang


def pgettext(lang: str | None, context: str, english: str) -> str:
    """``english`` (the msgid of ``context``) in ``lang``; English when untranslated."""
    return translations(check_language(lang)).pgettext(context, english)


def npgettext(lang: str | None, context: str, singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with plural forms, by the language's own plural rule
    (Czech: 1, 2-4, 5+; Greek: 1, 2+), from its catalog's ``Plural-Forms``."""
    return translations(check_language(lang)).npgettext(context, singular, plural, n)


def set_language(lang: str) -> None:
    """Make ``lang`` the language of everything shown from now on (unless a call names another)."""
    if lang is None:
        raise ParameterError(f"lang must be one of {', '.join(languages())}, not None")
    _current[0] = check_language(lang)


def language() -> str:
    """The language set by `set_language` ("en" until then)."""
    return _current[0]


def tr(text: str) -> Sentence:
    """A sentence a lesson prints, marked for translation: the lesson's translations
    (``notebooks/<lang>/``) carry it in their language already, so it is returned as it is
    (`domino_widgets.lessons_i18n`), as a `domino_widgets.sentences.Sentence` whose ``format``
    writes numbers and plays as the language setting writes them."""
    from .sentences import Sentence

    return Sentence(text)

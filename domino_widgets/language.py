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
domino_widgets.core.errors.ParameterError: το lang πρέπει να είναι ένα από τα en, cs, el, όχι 'xx'
>>> pgettext("cs", "render.hand", "Hand"), npgettext("cs", "render.tiles", "{n} tile", "{n} tiles", 3)
('Ruka', '{n} kostky')
>>> dw.set_language("en"); dw.tr("Greedy lays {}.").format("6-6")
'Greedy lays 6-6.'
"""

from __future__ import annotations

import gettext
import numbers
import string
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

#: The language the source texts (the catalog's msgids) are written in.
SOURCE = "en"

_current = [SOURCE]


# ------------------------------------------------------------------ what comes down from above
#
# The language is the bottom layer and imports nothing of the package (issue 42): the layers
# above hand down what it needs to know of them. The core's `ParameterError` registers itself as
# the error a wrong argument raises here (`refuse_with`), and the core's `Action` how a play is
# written in a language (`write_as`), each when its module is imported.


def _plain_refusal(template: str, /, **fields: Any) -> Exception:
    """The error of a wrong argument before the core has registered its own (`refuse_with`)."""
    return ValueError(template.format(**fields))


_refusals: list[Callable[..., Exception]] = [_plain_refusal]

#: How a value of a registered type is written in a language (`write_as`): type -> (value, lang) -> text.
_writers: dict[type, Callable[[Any, str], str]] = {}


def refuse_with(error: Callable[..., Exception]) -> None:
    """Make ``error(template, **fields)`` what a wrong argument to this module raises: the core's
    `ParameterError` (`domino_widgets.core.errors` registers it), whose message is a catalog
    template put into the reader's language when shown."""
    _refusals[0] = error


def refusal(template: str, /, **fields: Any) -> Exception:
    """The error a wrong argument raises (`refuse_with`): ``template`` is an English catalog
    message (context ``error``), its ``fields`` filled in when shown.

    >>> refusal("lang must be one of {languages}, not {lang!r}", languages="en", lang="xx")
    ParameterError("lang must be one of en, not 'xx'")
    """
    return _refusals[0](template, **fields)


def write_as(kind: type, writer: Callable[[Any, str], str]) -> None:
    """Write every value of type ``kind`` as ``writer(value, lang)`` in a language other than the
    source, in a lesson's sentences (`localized`, `Text`) and as a notebook cell's value
    (`show_in_language`): `domino_widgets.core.actions` registers `Action` so, with the lessons'
    naming of a play (`domino_widgets.sentences.action`)."""
    _writers[kind] = writer


def _writer_of(value: Any) -> Callable[[Any, str], str] | None:
    """How ``value`` is written in a language (`write_as`), or None for a value of no registered type."""
    for kind, writer in _writers.items():
        if isinstance(value, kind):
            return writer
    return None


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
        raise refusal("lang must be one of {languages}, not {lang!r}", languages=', '.join(languages()), lang=lang)
    return lang


def pgettext(lang: str | None, context: str, english: str) -> str:
    """``english`` (the msgid of ``context``) in ``lang``; English when untranslated, or when the
    translation's ``{fields}`` are not the English ones (a catalog edited by hand would otherwise
    crash the widget or the picture that fills it in with a KeyError)."""
    return _fits(translations(check_language(lang)).pgettext(context, english), english)


def npgettext(lang: str | None, context: str, singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with plural forms, by the language's own plural rule
    (Czech: 1, 2-4, 5+; Greek: 1, 2+), from its catalog's ``Plural-Forms``; English (as
    `pgettext`) when a translated form's fields are not the English ones."""
    text = translations(check_language(lang)).npgettext(context, singular, plural, n)
    return _fits(text, singular if n == 1 else plural, singular, plural)


@lru_cache(maxsize=4096)
def fields_of(text: str) -> frozenset[str]:
    """The names of the ``{fields}`` ``str.format`` fills in ``text``; raises ValueError when the
    text is not a valid template (an unpaired brace).

    >>> sorted(fields_of("{who} takes {n:,} tiles {{not a field}}"))
    ['n', 'who']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)


def _fits(text: str, english: str, *forms: str) -> str:
    """``text`` if it is a template whose fields are all among the English ones (those of
    ``english``, or of any of the English plural ``forms``), else ``english``: filling it in
    then never fails for want of a field."""
    if text is english:
        return text
    try:
        allowed = fields_of(english).union(*(fields_of(f) for f in forms))
        if fields_of(text) <= allowed:
            return text
    except ValueError:
        pass
    return english


def set_language(lang: str) -> None:
    """Make ``lang`` the language of everything shown from now on (unless a call names another)."""
    if lang is None:
        raise refusal("lang must be one of {languages}, not None", languages=', '.join(languages()))
    _current[0] = check_language(lang)
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the kit installs IPython with ipywidgets
        return
    shell = get_ipython()
    if shell is not None:
        show_in_language(shell.display_formatter.formatters["text/plain"], _current[0])


def show_in_language(formatter: Any, lang: str) -> None:
    """Make a notebook's plain-text ``formatter`` write what a cell leaves as its value in ``lang``:
    a float with the language's decimal mark, a play as the lessons' sentences name it (issue 38:
    no ``0.5768597344684301`` or ``Action.parse('5-5 right')`` in a Czech lesson); English
    restores IPython's own printers. `set_language` calls it in a running notebook.

    >>> from IPython.core.formatters import PlainTextFormatter
    >>> from domino_widgets.core.actions import Action
    >>> f = PlainTextFormatter()
    >>> show_in_language(f, "cs"); f(0.5768597344684301), f([(Action.parse("5-5 right"), 1.75)])
    ('0,5768597344684301', '[(5-5 vpravo; 1,75)]')
    >>> show_in_language(f, "en"); f(0.5), f(Action.parse("5-5 right"))
    ('0.5', "Action.parse('5-5 right')")

    With a decimal comma, a tuple or a list that holds a decimal number separates its items by
    semicolons, as Czech and Greek typography do: «(1,75; -4,225)», not the ambiguous
    «(1,75, -4,225)»; one without a decimal number keeps its commas.

    >>> show_in_language(f, "el"); f((16, 0.25, -4.225)), f([1, 2]), f([(Action.parse("5-5 right"), 1.75)])
    ('(16; 0,25; -4,225)', '[1, 2]', '[(5-5 δεξιά; 1,75)]')
    >>> show_in_language(f, "en"); f((16, 0.25))
    '(16, 0.25)'
    """
    from IPython.lib import pretty

    if lang == "en":
        formatter.type_printers[float] = lambda x, p, cycle: p.text(formatter.float_format % x)
        for kind in _writers:
            formatter.type_printers.pop(kind, None)
        for kind in (tuple, list):
            formatter.type_printers[kind] = pretty._type_pprinters[kind]
        return
    formatter.type_printers[float] = lambda x, p, cycle: p.text(number(x, "", lang))
    for kind, write in _writers.items():
        formatter.type_printers[kind] = lambda a, p, cycle, write=write: p.text(write(a, lang))
    if separators(lang)[1] == ",":
        formatter.type_printers[tuple] = _sequence_printer("(", ")", pretty._type_pprinters[tuple])
        formatter.type_printers[list] = _sequence_printer("[", "]", pretty._type_pprinters[list])


def _sequence_printer(start: str, end: str, usual: Any) -> Any:
    """IPython's printer of a tuple or a list, with semicolons between the items when one of them
    is a float (written with a decimal comma); ``usual`` (IPython's own) prints the others."""

    def printer(obj: Any, p: Any, cycle: bool) -> None:
        if cycle or not any(isinstance(x, float) for x in obj):
            usual(obj, p, cycle)
            return
        with p.group(len(start), start, end):
            for i, x in enumerate(obj):
                if i:
                    p.text(";")
                    p.breakable()
                p.pretty(x)
            if isinstance(obj, tuple) and len(obj) == 1:
                p.text(";")

    return printer


def language() -> str:
    """The language set by `set_language` ("en" until then)."""
    return _current[0]


def separators(lang: str | None = None) -> tuple[str, str]:
    """The thousands separator and the decimal mark of ``lang``, from its catalog (Czech writes
    "4 000,5" with a no-break space, Greek "4.000,5").

    >>> separators("en"), separators("cs"), separators("el")
    ((',', '.'), ('\xa0', ','), ('.', ','))
    """
    return pgettext(lang, "number.thousands", ","), pgettext(lang, "number.decimal", ".")


def number(x: float, spec: str = ",", lang: str | None = None) -> str:
    """``format(x, spec)`` with the separators of ``lang`` (the current language if None): the one
    way a number a person reads is written (the default ``spec`` groups the thousands).

    >>> number(4000, lang="en"), number(4000, lang="cs"), number(4000, lang="el")
    ('4,000', '4\xa0000', '4.000')
    >>> number(0.5321, ".1%", lang="cs"), number(-1234.5, ",.2f", lang="el"), number(2.5, "", lang="cs")
    ('53,2\xa0%', '-1.234,50', '2,5')

    A percentage takes the language's percent sign (Czech "93,2 %" with a no-break space, as
    the CLDR writes it; Greek and English "93,2%").
    """
    text = format(x, spec)
    thousands, decimal = separators(lang)
    if (thousands, decimal) != (",", "."):
        text = text.translate({ord(","): thousands, ord("."): decimal})
    if spec.endswith("%"):
        text = text[:-1] + pgettext(lang, "number.percent", "%")
    return text


class _Int(int):
    """An int that a localized text formats with the reader's separators (`Text.format`)."""

    lang: str | None = None

    def __format__(self, spec: str) -> str:
        return number(int(self), spec, self.lang)


class _Float(float):
    """A float that a localized text formats with the reader's separators (`Text.format`)."""

    lang: str | None = None

    def __format__(self, spec: str) -> str:
        return number(float(self), spec, self.lang)


def localized(value: Any, lang: str | None = None) -> Any:
    """``value`` ready for ``str.format`` in ``lang``: an integer or a float (numpy's too) formats
    with the language's separators; anything else (a `Fraction`, a text) is returned as it is.
    English needs nothing.

    A list or tuple of actions (a line of play) becomes the actions one after the other, separated
    by commas, in every language. A text whose class names a ``catalog_context`` is a word of the
    catalog (`domino_widgets.sim.compare.Verdict`): it is shown in the language.

    >>> from fractions import Fraction
    >>> "{} {} {:.2f}".format(*(localized(x, "cs") for x in (Fraction(7, 17), 0.5, 2)))
    '7/17 0,5 2,00'
    >>> from domino_widgets.core.actions import Action
    >>> line = [Action.parse("base 1-1"), Action.parse("1-4 left")]
    >>> localized(line, "en"), localized(line, "cs")
    ('base 1-1, 1-4 left', 'základ 1-1, 1-4 vlevo')
    """
    if isinstance(value, (list, tuple)) and value and all(_writer_of(a) is not None for a in value):
        return ", ".join(str(localized(a, lang)) for a in value)
    if isinstance(value, bool) or check_language(lang) == SOURCE:
        return value
    context = getattr(type(value), "catalog_context", None)
    if isinstance(value, str) and context:  # a word of the catalog (a comparison's verdict)
        return pgettext(lang, context, str(value))
    write = _writer_of(value)
    if write is not None:  # a play named as the pictures name it
        return write(value, lang)
    out: _Int | _Float
    if isinstance(value, numbers.Integral):  # numpy's integers too
        out = _Int(value)
    elif isinstance(value, numbers.Real) and not isinstance(value, numbers.Rational):  # a Fraction stays 7/17
        out = _Float(value)
    else:
        return value
    out.lang = lang
    return out


class Text(str):
    """A sentence a lesson prints (`tr`): a `str` whose ``format`` writes the numbers as the
    current language does ("4 000 her", "3,45 bodu").

    >>> set_language("cs"); Text("{:,} her, {:.2f} bodu, {:.1%}").format(4000, 3.449, 0.532)
    '4\xa0000 her, 3,45 bodu, 53,2\xa0%'
    >>> set_language("en"); Text("{games:,} hands").format(games=4000)
    '4,000 hands'
    """

    def format(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        return str.format(self, *(localized(a) for a in args), **{k: localized(v) for k, v in kwargs.items()})


def in_language(value: Any, spec: str = "", lang: str | None = None) -> str:
    """``format(value, spec)`` as ``lang`` (the language set by `set_language` if None) writes it:
    numbers with its decimal mark and thousands separator, a play in its words, a verdict in its
    words. The Czech and Greek lessons call it in each ``{field}`` of the sentences they print
    (`domino_widgets.lesson_sentences`): the English lesson writes ``f"{cost:.1f} points"``, the
    Czech one ``f"{dw.in_language(cost, '.1f')} bodu"``.

    >>> from domino_widgets.core.actions import Action
    >>> in_language(4000.5, ",.1f", "cs"), in_language(0.532, ".1%", "el"), in_language(4000, ",", "en")
    ('4\xa0000,5', '53,2%', '4,000')
    >>> in_language(Action.parse("5-5 right"), lang="cs"), in_language(7, ">3", "el")
    ('5-5 vpravo', '  7')
    >>> in_language(7, "zz")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: in_language cannot write this value of type int with the format 'zz'
    """
    if not isinstance(spec, str):
        raise refusal("{name} takes text, not {value}", name="spec", value=spec)
    try:
        return format(localized(value, lang), spec)
    except (ValueError, TypeError, OverflowError):  # a spec the value has no form for, a number too long to write
        raise refusal("in_language cannot write this value of type {kind} with the format {spec!r}",
                      kind=type(value).__name__, spec=spec[:40]) from None


def tr(text: str) -> Text:
    """A sentence a lesson prints, marked for translation: the lesson's translations
    (``notebooks/<lang>/``) carry it in their language already, so it is returned as it is
    (`domino_widgets.lessons_i18n`), as a `Text` whose ``format`` writes numbers the way the
    language does."""
    if not isinstance(text, str):
        raise refusal("{name} takes text, not {value}", name="tr", value=text)
    return Text(text)


def catalog_messages() -> list[tuple[str, str]]:
    """The catalog's messages of this module: how numbers are written."""
    return [("number.thousands", ","), ("number.decimal", "."), ("number.percent", "%")]

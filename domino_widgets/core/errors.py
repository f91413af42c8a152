"""The package's exceptions. All are `ValueError` subclasses, so ``except ValueError`` works.

Every error raised for an action leaves the state it was raised on unchanged (states are
immutable from the outside: `GameState.play` returns a new state).

A message is an English template and its fields, put into words in the reader's language only
when it is shown: ``str(exc)`` is the message in the language of `domino_widgets.set_language`,
``exc.text("cs")`` in a named one, ``exc.args[0]`` always the English text. The templates are
msgids of the package's gettext catalog (context ``error``), found in the source by
`domino_widgets.i18n_catalog`; a field may be a `Phrase` (a translatable piece of a message,
such as the reason a play is refused) or another `DominoError`, each put into the same language.

>>> import domino_widgets as dw
>>> exc = ParameterError("seed must be a whole number, not {seed!r}", seed="x")
>>> str(exc), exc.args
("seed must be a whole number, not 'x'", ("seed must be a whole number, not 'x'",))
>>> exc.text("cs")
"seed musí být celé číslo, ne 'x'"
>>> dw.set_language("el"); str(exc)
"το seed πρέπει να είναι ακέραιος, όχι 'x'"
>>> dw.set_language("en")
>>> import pickle; back = pickle.loads(pickle.dumps(exc)); type(back).__name__, back.text("cs")
('ParameterError', "seed musí být celé číslo, ne 'x'")
"""

from __future__ import annotations

from typing import Any

#: The msgctxt of every error message and phrase in the catalog.
CONTEXT = "error"


def _fill(template: str, fields: dict[str, Any], lang: str) -> str:
    """``template`` with its fields filled in, a `Phrase` or `DominoError` field put into ``lang``."""
    if not fields:
        return template
    values = {k: v.text(lang) if isinstance(v, (Phrase, DominoError)) else v for k, v in fields.items()}
    return template.format(**values)


def _translate(template: str, fields: dict[str, Any], lang: str | None, context: str = CONTEXT) -> str:
    """The template in ``lang`` (the current language if None) with its fields filled in, numbers
    with the language's separators; English when the catalog has no translation, or when a
    translation does not fit the fields."""
    from ..language import SOURCE, check_language, localized, pgettext  # lazily: `language` imports this module

    lang = check_language(lang)
    if lang == SOURCE:
        return _fill(template, fields, SOURCE)
    try:
        return _fill(pgettext(lang, context, template), {k: localized(v, lang) for k, v in fields.items()}, lang)
    except (KeyError, IndexError, ValueError):  # a broken translation shows the English, not a crash
        return _fill(template, fields, SOURCE)


class Phrase:
    """A piece of an error message (why a play is refused, a position's summary) in English with
    its fields, put into the reader's language when the message is shown.

    >>> why = Phrase("the {end} end is not open", end=END_WORDS["left"])
    >>> str(why), f"{why}", why.text("cs")
    ('the left end is not open', 'the left end is not open', 'konec vlevo není volný')
    >>> why.text("el")
    'η άκρη αριστερά δεν είναι ανοιχτή'
    """

    #: The msgctxt of its template in the catalog.
    context = CONTEXT

    def __init__(self, template: str, /, **fields: Any) -> None:
        self.template = template
        self.fields = fields

    def text(self, lang: str | None = None) -> str:
        """The phrase in ``lang`` (the language set by `domino_widgets.set_language` if None)."""
        return _translate(self.template, self.fields, lang, self.context)

    def __str__(self) -> str:
        return self.text()

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.fields.items())
        return f"Phrase({self.template!r}{args})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Phrase):
            return NotImplemented
        return (self.template, self.fields) == (other.template, other.fields)

    def __hash__(self) -> int:
        return hash(self.template)


class Label(Phrase):
    """A short text the package shows outside an error message (a progress bar's label), put
    into the reader's language when shown (msgctxt ``label``).

    >>> Label("{a} vs {b}", a="greedy", b="random").text("cs")
    'greedy – random'
    """

    context = "label"


#: The ends of a layout (`domino_widgets.core.actions.End`) as words of a message: "the left end".
END_WORDS = {"left": Phrase("left"), "right": Phrase("right"), "up": Phrase("up"), "down": Phrase("down")}


#: The line games' ids as words of a message (a position's summary: "block after 3 actions").
VARIANT_WORDS = {"block": Phrase("block"), "draw_cz": Phrase("draw_cz"), "draw": Phrase("draw"),
                 "all_fives": Phrase("all_fives"), "matador": Phrase("matador"), "bergen": Phrase("bergen")}


class DominoError(ValueError):
    """Base class of every error this package raises for bad input: an English template and its
    fields (``DominoError("seat must be 0..{last}, not {seat!r}", last=3, seat=9)``)."""

    template: str | None
    fields: dict[str, Any]

    def __init__(self, message: Any = "", /, *args: Any, **fields: Any) -> None:
        if isinstance(message, str) and not args:
            self.template, self.fields = message, fields
            super().__init__(_fill(message, fields, "en"))
        else:  # ValueError's own forms (several arguments, a non-text one): shown as they are
            self.template, self.fields = None, {}
            super().__init__(message, *args)

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` (the language set by `domino_widgets.set_language` if None)."""
        if self.template is None:
            return super().__str__()
        return _translate(self.template, self.fields, lang)

    def __str__(self) -> str:
        return self.text()


class NotationError(DominoError):
    """Text that is not a tile or an action in the notation (``"3-5"``, ``"5-6 right"``)."""


class IllegalPlayError(DominoError):
    """An action that the rules do not allow in this position."""


class AmbiguousPlayError(IllegalPlayError):
    """An action that fits more than one way (two ends, two orientations): name the end."""


class GameOverError(IllegalPlayError):
    """An action on a hand (or match) that is already over."""


class ParameterError(DominoError):
    """A bad variant name, parameter or scripted deal; the message lists what is allowed."""


class RecordError(DominoError):
    """A malformed or inconsistent game record; the message names the field or action index."""


def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters: error messages quote what they were
    given, and a hostile input may be a megabyte long.

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    >>> quote([1, 2])
    '[1, 2]'
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return text[: limit - 6] + ("...'" if text[:1] in "'\"" else "...") + size

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
>>> exc = ParameterError("delay must be a number of seconds from 0 to 10, not {delay!r}", delay="x")
>>> str(exc), exc.args
("delay must be a number of seconds from 0 to 10, not 'x'", ("delay must be a number of seconds from 0 to 10, not 'x'",))
>>> exc.text("cs")
"delay musí být počet sekund od 0 do 10, ne 'x'"
>>> dw.set_language("el"); str(exc)
"το delay πρέπει να είναι δευτερόλεπτα από 0 ως 10, όχι 'x'"
>>> dw.set_language("en")
>>> import pickle; back = pickle.loads(pickle.dumps(exc)); type(back).__name__, back.text("cs")
('ParameterError', "delay musí být počet sekund od 0 do 10, ne 'x'")
"""

from __future__ import annotations

import reprlib
from typing import Any

from .. import language
from ..language import SOURCE, check_language, localized, pgettext

#: The msgctxt of every error message and phrase in the catalog.
CONTEXT = "error"


def _fill(template: str, fields: dict[str, Any], lang: str) -> str:
    """``template`` with its fields filled in, a `Phrase` or `DominoError` field put into ``lang``."""
    if not fields:
        return template
    values = {k: v.text(lang) if isinstance(v, (Phrase, DominoError, Plays)) else _Field(v) for k, v in fields.items()}
    return template.format(**values)


def _translate(template: str, fields: dict[str, Any], lang: str | None, context: str = CONTEXT) -> str:
    """The template in ``lang`` (the current language if None) with its fields filled in, numbers
    with the language's separators; English when the catalog has no translation, or when a
    translation does not fit the fields."""
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


class Plays:
    """The plays a message offers the reader (an ambiguous tile's ends): in English the notation
    a student types, quoted; in another language each play as the pictures name it, followed by
    the notation to type.

    >>> from domino_widgets.core.actions import Action
    >>> both = Plays([Action.parse("1-6 left"), Action.parse("1-6 right")])
    >>> both.text("en")
    "'1-6 left', '1-6 right'"
    >>> both.text("cs")
    "1-6 vlevo ('1-6 left'), 1-6 vpravo ('1-6 right')"
    """

    def __init__(self, actions: Any) -> None:
        self.actions = tuple(actions)

    def text(self, lang: str | None = None) -> str:
        """The plays in ``lang`` (the language set by `domino_widgets.set_language` if None)."""
        lang = check_language(lang)
        if lang == SOURCE:
            return ", ".join(f"'{a}'" for a in self.actions)
        return ", ".join(f"{localized(a, lang)} ('{a}')" for a in self.actions)

    def __str__(self) -> str:
        return self.text()

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)

    def __repr__(self) -> str:
        return f"Plays({list(self.actions)!r})"

    def __eq__(self, other: object) -> bool:
        return self.actions == other.actions if isinstance(other, Plays) else NotImplemented

    def __hash__(self) -> int:
        return hash(self.actions)


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


language.refuse_with(ParameterError)  # what the language raises for a wrong argument (it imports no core module)


class PlayerError(DominoError):
    """A player (a teacher's own, say) that raised or chose an illegal move in a tournament: the
    message names the game, the deal, the seat and the player; the original is its ``__cause__``."""


class RecordError(DominoError):
    """A malformed or inconsistent game record; the message names the field or action index."""


def _int_text(value: int) -> str:
    """An integer's digits, or its size when it is too long to write (Python refuses to turn an
    int of more than 4,300 digits into text, and a message has no room for it)."""
    if abs(value).bit_length() <= 200:
        return int.__repr__(value)
    digits = int(abs(value).bit_length() * 0.30103) + 1
    return f"{'-' if value < 0 else ''}<a whole number of about {digits} digits>"


class _Repr(reprlib.Repr):
    """`reprlib.Repr` that never fails: huge integers by their size, an object whose ``__repr__``
    raises by its type, nesting and length bounded."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxtuple, self.maxdict, self.maxset = 3, 8, 8, 6, 8
        self.maxfrozenset, self.maxdeque, self.maxarray, self.maxstring, self.maxother = 8, 8, 8, 60, 60

    def repr_int(self, x: int, level: int) -> str:
        return _int_text(x)

    def repr_str(self, x: str, level: int) -> str:
        if len(x) > self.maxstring:
            return str.__repr__(x[: self.maxstring - 6]) [:-1] + "...'" + f" ({len(x)} characters)"
        return str.__repr__(x)

    def repr_instance(self, x: object, level: int) -> str:
        try:
            if isinstance(x, int):  # bool, IntEnum, numpy's: their own repr unless huge
                if abs(int(x)).bit_length() > 200:
                    return _int_text(int(x))
            if isinstance(x, str):
                return self.repr_str(str.__str__(x), level)
            text = repr(x)
            if not isinstance(text, str):
                raise TypeError
        except Exception:
            return f"<{_type_name(x)} object>"
        return text if len(text) <= self.maxother else text[: self.maxother - 3] + "..."


def _type_name(x: object) -> str:
    try:
        name = type(x).__name__
        return name if isinstance(name, str) and name.isidentifier() else "object"
    except Exception:
        return "object"


_REPR = _Repr()


def quote(value: object, limit: int = 60) -> str:
    """A short, safe ``repr(value)`` for an error message: about ``limit`` characters at most,
    nesting cut at three levels, an integer too long to write given by its size, an object whose
    ``__repr__`` raises named by its type. Never raises.

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    >>> quote([1, 2])
    '[1, 2]'
    >>> quote(10**5000)
    '<a whole number of about 5001 digits>'
    >>> deep = []
    >>> for _ in range(100_000): deep = [deep]
    >>> quote(deep)
    '[[[[...]]]]'
    >>> class Bad:
    ...     def __repr__(self): raise RuntimeError("no")
    >>> quote(Bad()), quote(chr(0xD800))
    ('<Bad object>', "'\\\\ud800'")
    """
    rep = _REPR
    if limit != rep.maxstring:
        rep = _Repr()
        rep.maxstring = rep.maxother = max(limit, 12)
    try:
        text = rep.repr(value)
    except Exception:  # a container whose items misbehave in a way reprlib does not catch
        text = f"<{_type_name(value)} object>"
    if len(text) > limit + 40:
        text = text[:limit] + "..."
    return text


class _Field:
    """A message's field as ``str.format`` sees it: ``{x!r}`` is `quote`, ``{x}`` the value's own
    format, bounded and with unprintable characters escaped; never raises."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __repr__(self) -> str:
        return quote(self.value)

    def __str__(self) -> str:
        return self.__format__("")

    def __format__(self, spec: str) -> str:
        value = self.value
        try:
            if isinstance(value, int) and abs(int(value)).bit_length() > 200:
                return _int_text(int(value))
            text = format(value, spec)
        except Exception:
            return quote(value)
        if not isinstance(text, str):
            return quote(value)
        if len(text) > 2000:
            text = text[:2000] + "..."
        if not text.isprintable():
            text = "".join(c if c.isprintable() or c in "\n\t" else c.encode("unicode_escape",
                           "backslashreplace").decode("ascii") for c in text)
        return text


#: The most a count (games, trials, deals, samples) may ask for: far beyond a lesson (200,000
#: deals) or a study, and still a run that ends. A count of 10**5000 was accepted and never ended.
COUNT_LIMIT = 10_000_000


def check_count(value: Any, name: str, *, least: int = 1, most: int = COUNT_LIMIT) -> int:
    """``value`` if it is a whole number ``least <= value <= most``, else a `ParameterError` that
    quotes it. Every entry point that takes a count (games, trials, samples) checks it here.

    >>> check_count(2000, "games")
    2000
    >>> check_count(10**5000, "games")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: games must be a whole number from 1 to 10,000,000, not <a whole number of about 5001 digits>
    >>> check_count(True, "trials")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: trials must be a whole number from 1 to 10,000,000, not True
    """
    if type(value) is not int and not isinstance(value, bool) and type(value).__module__ == "numpy" and \
            hasattr(value, "__index__"):
        value = int(value)  # numpy's integers
    if type(value) is not int or not least <= value <= most:
        raise ParameterError("{name} must be a whole number from {least:,} to {most:,}, not {value}", name=name,
                             least=least, most=most, value=quote(value))
    return value


def check_text(value: Any, name: str) -> str:
    """``value`` if it is text, else a `ParameterError` that quotes it (a list, a set, a number
    nested 100,000 deep: issue 37, each escaped as a TypeError or a RecursionError).

    >>> check_text("undo", "press")
    'undo'
    >>> check_text([], "press")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: press takes text, not []
    """
    if not isinstance(value, str):
        raise ParameterError("{name} takes text, not {value}", name=name, value=quote(value))
    return value


#: Seeds are whole numbers 0 <= seed < SEED_LIMIT: a record keeps its seed, and a seed of 5,000
#: digits could not be written back (nor shown).
SEED_LIMIT = 2**64


def check_seed(seed: Any, *, optional: bool = True, name: str = "seed") -> Any:
    """``seed`` if it is a whole number 0 <= seed < 2**64 (or None when ``optional``), else a
    `ParameterError` that quotes it. Every entry point that takes a seed checks it here.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: seed must be a whole number 0 <= seed < 2**64, not -1
    >>> check_seed(10**5000)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: seed must be a whole number 0 <= seed < 2**64, not <a whole number of about 5001 digits>
    """
    if seed is None and optional:
        return None
    if type(seed) is not int and not isinstance(seed, bool) and type(seed).__module__ == "numpy" and \
            hasattr(seed, "__index__"):
        seed = int(seed)  # numpy's integers
    if type(seed) is not int or not 0 <= seed < SEED_LIMIT:
        raise ParameterError("{name} must be a whole number 0 <= seed < 2**64, not {seed}", name=name, seed=quote(seed))
    return seed

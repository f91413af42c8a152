"""The sentences a lesson prints, filled in the reader's language.

`domino_widgets.tr` marks a lesson's sentence for translation (the translated lessons carry it in
their language already) and returns it as a `Sentence`: a ``str`` whose `Sentence.format` writes
what it fills in as the language of `domino_widgets.set_language` writes it, so that the code
cells of a lesson stay the same in every language (`domino_widgets.lessons_i18n`):

* numbers with the language's decimal sign, thousands separator and percent sign (Czech
  "4 000", "0,53", "91,0 %"; Greek "4.000", "0,53", "91,0%"), for every numeric format
  (``{:.2f}``, ``{:+.1f}``, ``{:,}``, ``{:.0%}``) and a float with none;
* plays as the pictures name them: the tile stays in notation, the end and the other actions
  (draw, pass, take, stand, stop, base) are words of the language.

The signs and words are catalog messages (context ``sentence.*``; the ends reuse the pictures'
``render.to_*``), so a fourth language sets them in its ``.po`` file, with no Python.

>>> import domino_widgets as dw
>>> from domino_widgets.core.actions import Action
>>> line = dw.tr("{} wins {:.1%} of {:,} hands ({:+.2f} a hand).")
>>> line.format(Action.parse("0-0 right"), 0.91, 4000, 0.5)
'0-0 right wins 91.0% of 4,000 hands (+0.50 a hand).'
>>> dw.set_language("cs"); line.format(Action.parse("0-0 right"), 0.91, 4000, 0.5)
'0-0 vpravo wins 91,0\\xa0% of 4\\xa0000 hands (+0,50 a hand).'
>>> dw.set_language("el"); line.format(Action.parse("draw"), 0.91, 4000, 0.5)
'τράβηξε wins 91,0% of 4.000 hands (+0,50 a hand).'
>>> dw.set_language("en")
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from typing import Any

from .language import check_language, pgettext

__all__ = ["Sentence", "catalog_messages", "fill", "number"]

#: The signs numbers are written with (context ``sentence.<key>``): English is the source.
SIGNS: dict[str, str] = {
    "decimal": ".",  # the decimal sign
    "group": ",",  # the thousands separator
    "percent": "{}%",  # a percentage, its number in place of {}
}

#: The actions that are words, not tile notation (context ``sentence.<kind>``).
WORDS: dict[str, str] = {
    "draw": "draw",
    "draw_tile": "draw {tile}",
    "pass": "pass",
    "take": "take",
    "take_tile": "take {tile}",
    "stand": "stand",
    "stop": "stop",
    "base": "base {tile}",
}

_NUMERIC_TYPES = set("eEfFgGn%")


def catalog_messages() -> Iterator[tuple[str, str]]:
    """The signs and words as catalog messages (context, msgid): `domino_widgets.i18n_catalog`.

    >>> next(catalog_messages())
    ('sentence.decimal', '.')
    """
    for key, text in {**SIGNS, **WORDS}.items():
        yield f"sentence.{key}", text


def _sign(lang: str, key: str) -> str:
    return pgettext(lang, f"sentence.{key}", SIGNS[key])


def number(value: Any, spec: str = "", lang: str | None = None) -> str:
    """``format(value, spec)`` written as ``lang`` writes numbers (the language setting when None).

    >>> number(4000, ",", "cs"), number(4000, ",", "el"), number(0.125, ".1%", "cs"), number(2.5, "", "el")
    ('4\\xa0000', '4.000', '12,5\\xa0%', '2,5')
    >>> number(Fraction(7, 17), "", "cs"), number(12, "", "cs"), number(-1.25, "+.2f", "en")
    ('7/17', '12', '-1.25')
    """
    lang = check_language(lang)
    text = format(value, spec)
    kind = spec[-1:] if spec[-1:].isalpha() or spec[-1:] == "%" else ""
    if isinstance(value, bool) or isinstance(value, Fraction) and not kind:
        return text
    if kind not in _NUMERIC_TYPES and "," not in spec and "_" not in spec and not isinstance(value, float):
        return text
    decimal, group = _sign(lang, "decimal"), _sign(lang, "group")
    percent = kind == "%"
    if percent:
        text = text[:-1]
    text = "".join(decimal if ch == "." else group if ch in ",_" else ch for ch in text)
    if percent:
        text = _sign(lang, "percent").replace("{}", text, 1)
    return text


def action(value: Any, lang: str | None = None) -> str:
    """A play as the pictures name it in ``lang``; an action that is not a play, in words.

    >>> from domino_widgets.core.actions import Action
    >>> action(Action.parse("2-5 left"), "cs"), action(Action.parse("1-6 left 1"), "el")
    ('2-5 vlevo', '1-6 αριστερά με το 1')
    >>> action(Action.parse("2-5 left"), "en"), action(Action.parse("pass"), "en")
    ('2-5 left', 'pass')
    """
    lang = check_language(lang)
    kind = value.kind.value
    if lang == "en":
        return str(value)  # English sentences show the notation a student types
    if kind == "play":
        out = str(value.tile)
        if value.end is not None:
            out += " " + pgettext(lang, f"render.to_{value.end}", str(value.end))
        if value.touching is not None:
            out += pgettext(lang, "render.touching", " {n}").format(n=value.touching)
        return out
    key = f"{kind}_tile" if value.tile is not None and f"{kind}_tile" in WORDS else kind
    return pgettext(lang, f"sentence.{key}", WORDS[key]).format(tile=value.tile)


class _Filler(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        from .core.actions import Action

        if isinstance(value, Action):
            return format(action(value, self.lang), format_spec)
        if isinstance(value, (int, float, Fraction)):
            return number(value, format_spec, self.lang)
        return format(value, format_spec)


def fill(text: str, args: Sequence[Any] = (), kwargs: Mapping[str, Any] | None = None,
         lang: str | None = None) -> str:
    """``text.format(*args, **kwargs)`` with numbers and plays written as ``lang`` writes them."""
    lang = check_language(lang)
    if lang == "en":
        return str.format(text, *args, **(kwargs or {}))
    return _Filler(lang).vformat(text, tuple(args), dict(kwargs or {}))


class Sentence(str):
    """A lesson's sentence (`domino_widgets.tr`): `format` fills it in the reader's language."""

    __slots__ = ()

    def format(self, *args: Any, **kwargs: Any) -> str:
        return fill(str(self), args, kwargs)

    def format_map(self, mapping: Mapping[str, Any]) -> str:  # type: ignore[override]
        return fill(str(self), (), mapping)

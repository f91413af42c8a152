"""Plays named in a lesson's sentences as the pictures name them, in the reader's language.

`domino_widgets.tr` marks a lesson's sentence for translation and returns a
`domino_widgets.language.Text`, whose ``format`` writes numbers as the language setting writes
them (`domino_widgets.language.number`) and each `Action` it is given through `action`: the
tile stays in notation, the end and the actions that are words (draw, pass, take, stand, stop,
base) are said in the language. English shows the notation itself, the text a student types.
The words are catalog messages (context ``sentence.*``; the ends reuse the pictures'
``render.to_*``), so a fourth language sets them in its ``.po`` file, with no Python.

>>> import domino_widgets as dw
>>> from domino_widgets.core.actions import Action
>>> line = dw.tr("{} wins {:.1%} of {:,} hands, then {}.")
>>> line.format(Action.parse("0-0 right"), 0.91, 4000, Action.parse("pass"))
'0-0 right wins 91.0% of 4,000 hands, then pass.'
>>> dw.set_language("cs"); line.format(Action.parse("0-0 right"), 0.91, 4000, Action.parse("pass"))
'0-0 vpravo wins 91,0\xa0% of 4\xa0000 hands, then dál.'
>>> dw.set_language("el"); line.format(Action.parse("draw"), 0.91, 4000, Action.parse("2-2 up"))
'τράβηξε wins 91,0% of 4.000 hands, then 2-2 πάνω.'
>>> dw.set_language("en")
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .language import check_language, pgettext

__all__ = ["PROGRESS", "WORDS", "action", "catalog_messages", "progress_word"]

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


#: What a lesson's progress bar counts (context ``sentence.progress_<key>``): its label and unit.
PROGRESS: dict[str, str] = {
    "hands": "hands",
    "deals": "deals",
    "deal": "deal",
    "hand": "hand",
}


def catalog_messages() -> Iterator[tuple[str, str]]:
    """The action words as catalog messages (context, msgid): `domino_widgets.i18n_catalog`.

    >>> next(catalog_messages())
    ('sentence.draw', 'draw')
    """
    for key, text in WORDS.items():
        yield f"sentence.{key}", text
    for key, text in PROGRESS.items():
        yield f"sentence.progress_{key}", text


def progress_word(key: str, lang: str | None = None) -> str:
    """The label or unit of a lesson's progress bar in ``lang`` (the language setting if None).

    >>> progress_word("hands", "cs"), progress_word("deals", "el"), progress_word("deal", "en")
    ('hry', 'μοιράσματα', 'deal')
    """
    return pgettext(check_language(lang), f"sentence.progress_{key}", PROGRESS[key])


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

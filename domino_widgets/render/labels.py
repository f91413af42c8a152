"""The renderer's words (the pictures' labels, ``<title>`` and ``<desc>``) in every language of
the message catalog (`domino_widgets.language`).

The English texts below are the source: each is the ``msgid`` of a catalog message whose
``msgctxt`` is ``render.<key>``; the other languages are read from ``locale/<lang>.mo`` (edit
``locale/<lang>.po`` and run ``python -m domino_widgets.i18n_catalog compile``). Only the
words are translated: tile and action notation (``3-5``, ``5-6 right``) stays as it is in every
language. The renderer imports no widget code (DESIGN layers), so these words live here and the
widgets pass their ``lang`` down; no ``lang`` means the language setting (``dw.set_language``).

>>> words = labels("cs")
>>> words.tiles(1), words.tiles(3), words.tiles(5), words.tiles(0)
('1 kostka', '3 kostky', '5 kostek', '0 kostek')
>>> labels("el").tiles(1), labels("el").tiles(2)
('1 πλακάκι', '2 πλακάκια')
>>> labels("en")("to_play", who="Ann")
'Ann to play'
>>> labels("de")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: lang must be one of en, cs, el, not 'de'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import ParameterError
from ..core.player_names import ROLES, SEAT_WORDS, player_name  # noqa: F401  (re-exported: they lived here)
from .. import sentences
from ..language import check_language, languages, npgettext, pgettext

_EN: dict[str, str] = {
    # seats, turns, scores
    "seat": "Seat {n}",
    **SEAT_WORDS,  # "player", "role_you", "role_computer": the naming of a seat (core/player_names.py)
    "you": " (you)",
    "to_play": "{who} to play",
    "hand_over": "Hand over",
    "pot": "pot {x}",
    "won": "won {x}",
    "score": "score {x}",
    "points_hand": "(+{x} this hand)",
    "place_1": "out 1st",
    "place_2": "out 2nd",
    "place_n": "out {n}th",  # n >= 3 here: 3rd is written by place()
    # the last turn (COM-5: draws are counted, never named)
    "turn": "{who} {what}",
    "played": "played {action}",
    "passed": "passed",
    "and": " and ",
    "last_turn": "Last turn: {last}",
    # outcomes
    "tie": "Blocked with tied counts: no winner.",
    "out": "{who} went out.",
    "blocked": "{who} wins the blocked hand.",
    "target": "{who} reached the target.",
    "reason": "{who} {reason}.",
    "points": "Points for this hand: {pts}.",
    # the description (<desc>)
    "seen_by": " Seen by {who}.",
    "open_hands": " Open hands.",
    "face_down": "{tiles} face down",
    "face_up": "{tiles} face up",
    "no_tiles": "no tiles",
    "pips": " ({n} pips)",
    "boneyard_line": "Boneyard: {tiles}.",
    "out_of_play_line": "Out of play: {tiles}.",
    "table_empty": "Table: empty.",
    "table_line": "Table: {layout}. Open ends: {ends}.",
    "none": "none",
    "left": "left",
    "right": "right",
    "up": "up",
    "down": "down",
    # the boneyard and the stock
    "boneyard": "boneyard",
    "stock": "stock",
    "out_of_play": "out of play {n}",
    "stock_line": "Stock: {tiles}.",
    # Twenty-one (T21)
    "t21_title": "Twenty-one",
    "game_over": "Game over",
    "take_or_stand": "{who} to take or stand",
    "take_or_pass": "{who} to take a tile or pass",  # T21-2 with rounds=True: no one stands
    "table": "table",
    "total": "total {n}",
    "stands": "stands",
    "t21_passed": "passed",  # T21-2 with rounds=True: passed since the last tile taken
    "BUST": "BUST",
    "WINS": "WINS",
    "bust": "bust",
    "twentyone": "twenty-one",
    "nobody": "Nobody wins: everybody is bust.",
    "winner": "Winner: {who}.",
    # Solitaire (SOL)
    "sol_title": "Solitaire",
    "sol_won": "All tiles laid: you win!",
    "sol_lost": "No tile fits: the game is lost",
    "sol_play": "Lay tiles from your hand",
    "hand": "Hand",
    "hand_line": "Hand: {tiles}.",
    "empty": "empty",
    "choose_base": "Choose the base",
    "round": "Round {n}: {k} laid",
    # the text form of each picture (`Svg.summary`) and the small pictures
    "table_summary": "{title} table: {tiles}, {status}",
    "tile_title": "Tile {tile}",
    "tile_desc": "The domino {tile} ({n} pips), {how}.",
    "flat": "flat",
    "upright": "upright",
    "back_title": "A face-down tile",
    "back_desc": "A domino tile lying face down.",
    "hand_title": "Hand {tiles}",
    "hand_empty": "(empty)",
    "hand_desc": "A hand of {tiles}, {n} pips: {list}.",
    "hand_down_desc": "A hand of {tiles} lying face down.",
    "boneyard_title": "Boneyard: {tiles}",
    "boneyard_desc": "The boneyard holds {tiles}, face down.",
    "layout_title": "Domino layout ({kind})",
    "kind_line": "line",
    "kind_spinner": "spinner",
    "kind_cross": "cross",
    "layout_summary": "{title}: {tiles}",
    # the arms of a spinner or cross, the spinner, where a tile went (the notation 3-5 stays)
    "arm_up": "up: {tiles}",
    "arm_down": "down: {tiles}",
    "spinner_line": " Spinner: {tile}, it takes tiles on all four sides.",
    "to_left": "left",
    "to_right": "right",
    "to_up": "up",
    "to_down": "down",
    "touching": " {n}",
    # A5-3: the open ends' count on the All Fives board
    "open_total": "Open ends add up to {n}",
    "open_total_line": "Open ends add up to {n}.",
}

# The variants whose pictures show their name (the others have their own title above)
# The variants whose table pictures carry their name (Twenty-one and the solitaire have their own title)
TITLED = ("block", "draw_cz", "draw", "all_fives", "matador", "bergen")
# Messages with plural forms (`Labels.count`): the English singular and plural; each catalog
# gives as many forms as its language's Plural-Forms says
PLURALS: dict[str, tuple[str, str]] = {
    "tiles": ("{n} tile", "{n} tiles"),
    # the last turn's draws (COM-5): "drew 6" alone read as a tile or a score (issue 40)
    "drew": ("drew {n} tile", "drew {n} tiles"),
}


def catalog_messages() -> Iterator[tuple[str, str | tuple[str, str]]]:
    """The renderer's English texts as catalog messages (context, msgid): `domino_widgets.i18n_catalog`.

    >>> next(catalog_messages())
    ('render.seat', 'Seat {n}')
    """
    from ..core.registry import get_variant

    for key, text in _EN.items():
        yield f"render.{key}", text
    for key, forms in PLURALS.items():
        yield f"render.{key}", forms
    for variant in TITLED:
        yield f"render.variant.{variant}", get_variant(variant).title


class _Words(Mapping[str, Mapping[str, str]]):
    """The renderer's words of each language, read from its catalog: ``WORDS["cs"]["hand"]``."""

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        return {key: pgettext(check_lang(lang), f"render.{key}", text) for key, text in _EN.items()}

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())


WORDS: Mapping[str, Mapping[str, str]] = _Words()


def __getattr__(name: str) -> Any:
    if name == "LANGS":  # the languages of the catalogs present (`domino_widgets.language.languages`)
        return languages()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_lang(lang: str | None) -> str:
    """``lang`` if the renderer speaks it, the language setting (`domino_widgets.set_language`)
    if it is None, else a `ParameterError` listing the languages."""
    return check_language(lang)


@dataclass(frozen=True)
class Labels:
    """The renderer's words in one language: call it with a key and the fields to fill in."""

    lang: str

    def __call__(self, key: str, **fields: Any) -> str:
        text = pgettext(self.lang, f"render.{key}", _EN[key])
        return text.format(**fields) if fields else text

    def tiles(self, n: int) -> str:
        """A count of tiles with the plural the language needs (Czech: 1, 2-4, 5+; Greek: 1, 2+).

        >>> [labels("cs").tiles(n) for n in (2, 4, 21)]
        ['2 kostky', '4 kostky', '21 kostek']
        """
        return self.count("tiles", n)

    def count(self, key: str, n: int) -> str:
        """The message ``key`` of `PLURALS` for the count ``n``, in the form the language needs.

        >>> [labels("cs").count("drew", n) for n in (1, 3, 6)]
        ['dobral(a) 1 kostku', 'dobral(a) 3 kostky', 'dobral(a) 6 kostek']
        >>> labels("en").count("drew", 1), labels("el").count("drew", 6)
        ('drew 1 tile', 'τράβηξε 6 πλακάκια')
        """
        return npgettext(self.lang, f"render.{key}", *PLURALS[key], n).format(n=n)

    def place(self, n: int) -> str:
        """The order in which a seat went out (BRG-5).

        >>> labels("en").place(2), labels("cs").place(1)
        ('out 2nd', 'vyšel(a) 1.')
        """
        return self(f"place_{n}") if n in (1, 2) else self("place_n", n=n)

    def action(self, action: Any) -> str:
        """A play as a person reads it: the tile notation stays, the end is said in the language
        (in English that is the notation itself).

        >>> from domino_widgets.core.actions import Action
        >>> labels("cs").action(Action.parse("2-5 left")), labels("el").action(Action.parse("1-6 up"))
        ('2-5 vlevo', '1-6 πάνω')
        >>> labels("en").action(Action.parse("1-6 left 1")), labels("cs").action(Action.parse("1-6 left 1"))
        ('1-6 left 1', '1-6 vlevo (1 k řadě)')
        """
        if action.tile is None or action.kind.value != "play":
            return str(action)
        return sentences.action(action, self.lang)  # the one naming of a play, lessons' sentences too

    def title(self, variant: str, default: str) -> str:
        """The name of ``variant`` (``default``, its own title, in English or when untranslated).

        >>> labels("cs").title("block", "Block game"), labels("en").title("block", "Block game")
        ('Slepá ulička', 'Block game')
        """
        if variant not in TITLED:
            return default
        from ..core.registry import get_variant

        english = get_variant(variant).title  # the msgid
        text = pgettext(self.lang, f"render.variant.{variant}", english)
        return default if text == english else text


def labels(lang: str | None = None) -> Labels:
    """The words of ``lang`` (a language of `domino_widgets.language.languages`; None: the
    language setting); anything else raises `ParameterError`."""
    return Labels(check_lang(lang))

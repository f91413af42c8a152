"""What a Czech or Greek lesson prints is in its language (issue 38): the progress bars, and the
objects a cell leaves as its value (a game state, a half count, a tally), not their Python repr."""

from __future__ import annotations

import pytest
from IPython.lib.pretty import pretty

import domino_widgets as dw
from domino_widgets.prob import lessons

ENGLISH = ("seat", "to play", "move ", "hands", "deal", "table", "stock", "boneyard", "Counter(", "HalfCount(",
           "<GameState", "<SolitaireState", "<TwentyOneState", "round", "blocked", "equal", "'out'", "Fraction(")


@pytest.fixture
def language():
    yield dw.set_language
    dw.set_language("en")


def _shown_values():
    s = dw.new_game("draw", seed=1)
    b = dw.play_all(dw.new_game("block", seed=2), [])
    yield "a game", s
    yield "a solitaire", dw.new_game("solitaire", seed=1)
    yield "a Twenty-one hand", dw.new_game("twentyone", seed=3)
    yield "half counts", [lessons.HalfCount(1, 3, 1, 1), lessons.HalfCount(6, 3, 1, 1)]
    yield "a tally", lessons.blocked_ends("block", games=20, seed=1)
    yield "a played game", b
    from domino_widgets.prob import inference

    d = dw.play_all(dw.new_game("draw", hands=[["6-6", "1-2"], ["5-5", "0-0", "3-3"]], boneyard=["1-4", "2-6", "0-4"]),
                    ["6-6", "draw", "draw", "2-6 right"])
    p = inference.tile_probabilities(d.view(0))
    yield "where a tile may be (lesson 08)", (p[dw.Tile(5, 6)], p[dw.Tile(0, 0)])


@pytest.mark.parametrize("lang", ["cs", "el"])
def test_a_cell_value_is_shown_in_the_lesson_language(language, lang):
    language(lang)
    for what, value in _shown_values():
        text = pretty(value)
        assert not [w for w in ENGLISH if w in text], (what, text)


@pytest.mark.parametrize("lang", ["cs", "el"])
@pytest.mark.parametrize("variant", ["block", "draw_cz", "draw", "all_fives", "matador", "bergen", "twentyone",
                                     "solitaire"])
def test_a_game_shown_in_a_lesson_is_named_in_its_language(language, lang, variant):
    """«draw, tah 0, …» in a Czech lesson: a state's sentence names its game as the position summary
    of an error does (Domino s dobíráním), never by its Python id."""
    import re

    language(lang)
    text = pretty(dw.new_game(variant, seed=1))
    assert not re.search(rf"\b{variant}\b", text), text


def test_english_keeps_the_repr(language):
    language("en")
    s = dw.new_game("draw", seed=1)
    assert pretty(s) == repr(s) and pretty(lessons.HalfCount(1, 3, 1, 1)).startswith("HalfCount(")


@pytest.mark.parametrize("lang, hands, unit, hand", [("cs", "hry", "rozdání", "hra"), ("el", "γύροι", "μοίρασμα", "γύρος"),
                                                     ("en", "hands", "deal", "hand")])
def test_the_progress_bars_speak_the_lesson_language(language, lang, hands, unit, hand):
    language(lang)
    bar = lessons._steps(3, True, "hands")
    assert bar.desc.startswith(hands)
    assert bar.unit == hand  # a rate of «hra/s», not tqdm's «it/s»
    bar.close()
    bar = lessons._steps(3, True, "deals")
    assert bar.unit == unit
    bar.close()
    from domino_widgets.sentences import progress_word

    assert progress_word("deal") == unit


@pytest.mark.parametrize("kind", ["game", "solitaire", "twentyone"])
def test_switching_language_leaves_no_announcement_in_the_old_one(kind):
    """The live region said an English sentence; after set_lang("cs") it holds none."""
    from domino_widgets.widgets import GameWidget, SolitaireWidget, TwentyOneWidget

    w = {"game": lambda: GameWidget("block", level="random", seed=3, delay=0),
         "solitaire": lambda: SolitaireWidget(dw.new_game("solitaire", seed=8)),
         "twentyone": lambda: TwentyOneWidget(dw.new_game("twentyone", seed=3), delay=0)}[kind]()
    w.board.say("You played 3-5.")
    n = w.board.announce_n
    w.set_lang("cs")
    assert w.board.announce == "" and w.board.announce_n > n


@pytest.mark.parametrize("lang", ["cs", "el"])
def test_the_lessons_prose_writes_decimals_with_a_comma(lang):
    """Czech and Greek write «0,892»; a point there is a thousands mark (Greek «98.280»), so a
    number like «0.892», «1.75» or «0.57685» in a translated lesson is English left behind."""
    import re

    from test_glossary import ROOT, _po_texts

    decimal = re.compile(r"(?<![\w.\-/])(0\.\d+|\d+\.\d{1,2}|\d+\.\d{4,})(?!\d|\.\d)")
    found = []
    for where, text in _po_texts(ROOT / "notebooks" / "locale" / f"{lang}.po", lang):
        prose = re.sub(r"`[^`]*`|\{[^{}]*\}|MIME-Version: 1\.0", "", text)
        found += [(where, m.group(1)) for m in decimal.finditer(prose)]
    assert not found, found[:20]


@pytest.mark.parametrize("lang, want", [("cs", "[(5-5 vpravo; 1,75), (5-6 vpravo; -4,225)]"),
                                        ("el", "[(5-5 δεξιά; 1,75), (5-6 δεξιά; -4,225)]")])
def test_a_cell_value_of_numbers_and_plays_is_written_in_the_language(language, lang, want):
    from IPython.core.formatters import PlainTextFormatter

    from domino_widgets.core.actions import Action
    from domino_widgets.language import show_in_language

    f = PlainTextFormatter()
    value = [(Action.parse("5-5 right"), 1.75), (Action.parse("5-6 right"), -4.225)]
    show_in_language(f, lang)
    assert f(value) == want and f(0.5768597344684301) == "0,5768597344684301"
    show_in_language(f, "en")
    assert f(value) == "[(Action.parse('5-5 right'), 1.75), (Action.parse('5-6 right'), -4.225)]"


@pytest.mark.parametrize("lang", ["cs", "el"])
@pytest.mark.parametrize("value", [(1.75, -4.225), (16, 0.4571882321854914, 0.45921147330134443), [0.5, 2, 3.25],
                                   (0.5,), ([1.5, 2.5], (3, 4.75)), [0.1 * k for k in range(40)]])
def test_a_sequence_of_decimal_numbers_reads_back_in_a_language_with_a_decimal_comma(language, lang, value):
    """«(1,75, -4,225)» is two numbers or four: with a decimal comma the items of a tuple or a list
    that holds a decimal number are separated by semicolons (issue 38), so a reader can count them,
    however IPython wraps a long one."""
    import re

    from IPython.core.formatters import PlainTextFormatter

    from domino_widgets.language import show_in_language

    f = PlainTextFormatter()
    show_in_language(f, lang)
    text = f(value)
    assert not re.search(r"\d,\d+,", text), text

    def read(text):
        text = text.strip()
        if text[0] in "([":
            inner = text[1:-1].strip().rstrip(";")
            parts, depth, last = [], 0, 0
            for i, ch in enumerate(inner):
                depth += ch in "([" and 1 or ch in ")]" and -1 or 0
                if depth == 0 and ch in ";," and not (ch == "," and re.match(r"\d", inner[i + 1:i + 2] or " ")):
                    parts.append(inner[last:i]); last = i + 1
            parts.append(inner[last:])
            return [read(x) for x in parts if x.strip()]
        return float(text.replace(",", "."))

    def flat(v):
        return [flat(x) for x in v] if isinstance(v, (list, tuple)) else float(v)

    assert read(text) == flat(value), text
    show_in_language(f, "en")


def test_a_lesson_code_comment_is_a_sentence_of_its_catalog():
    """«# write your answers here» is read by the student: the catalog translates it; the code
    around it stays the English lesson's."""
    from domino_widgets.lessons_i18n import same_code, tr_literals, translate_code

    code = 'answers = {1: None, 2: "#1"}   # write your answers here\nprint(f"Right so far: {right} of {total}.")'
    assert tr_literals(code) == ["Right so far: {right} of {total}.", "write your answers here"]
    words = {"write your answers here": "sem napište své odpovědi",
             "Right so far: {right} of {total}.": "Zatím správně: {right} (celkem {total} cvičení)."}
    czech = translate_code(code, words.__getitem__, "cs")
    assert czech == ('answers = {1: None, 2: "#1"}   # sem napište své odpovědi\n'
                     'print(f"Zatím správně: {dw.in_language(right)} (celkem {dw.in_language(total)} cvičení).")')
    assert same_code(code, czech) and not same_code(code, czech.replace("None", "0"))

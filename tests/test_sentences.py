"""The sentences lessons print (`domino_widgets.tr`): numbers (`domino_widgets.language.number`) and
plays (`domino_widgets.sentences`) in the reader's language, English exactly as ``str.format`` writes it."""

from __future__ import annotations

from fractions import Fraction

import pytest

import domino_widgets as dw
from domino_widgets.core.actions import Action
from domino_widgets.language import Text, number
from domino_widgets.sentences import action

NB = "\u00a0"


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    dw.set_language("en")


@pytest.mark.parametrize("spec, value", [(".2f", 4.035), ("+.1f", -0.25), (",", 1234567), (",.1f", 4000.5),
                                         (".1%", 0.9104), (".0%", 0.5), ("", 2.5), ("", 7), ("", Fraction(7, 17)),
                                         (">6.2f", 1.5), ("d", 12), ("e", 12345.678)])
def test_english_is_what_str_format_writes(spec: str, value: object) -> None:
    text = "{:" + spec + "}"
    assert dw.tr(text).format(value) == text.format(value) == number(value, spec, "en")


@pytest.mark.parametrize("lang, spec, value, expected", [
    ("cs", ",", 4000, f"4{NB}000"), ("el", ",", 4000, "4.000"),
    ("cs", ",.1f", 1234567.25, f"1{NB}234{NB}567,2"), ("el", ",.1f", 1234567.25, "1.234.567,2"),
    ("cs", "+.2f", 2.871, "+2,87"), ("el", "+.2f", -1.5, "-1,50"),
    ("cs", ".1%", 0.91, "91,0\u00a0%"), ("el", ".0%", 0.64, "64%"),
    ("cs", "", 4.04, "4,04"), ("el", "", 0.5, "0,5"),
    ("cs", "", 4000, "4000"), ("cs", "", Fraction(7, 17), "7/17"), ("cs", "", True, "True"),
])
def test_numbers_in_czech_and_greek(lang: str, spec: str, value: object, expected: str) -> None:
    assert number(value, spec, lang) == expected
    dw.set_language(lang)
    assert dw.tr("{:" + spec + "}").format(value) == expected


def test_plays_and_other_actions_are_named_in_the_language() -> None:
    dw.set_language("cs")
    line = dw.tr("{} then {}; {move}")
    assert line.format(Action.parse("1-5 right"), Action.parse("draw"), move=Action.parse("pass")) == \
        "1-5 vpravo then dobrat; dál"
    assert action(Action.parse("3-3 up"), "el") == "3-3 πάνω"
    assert action(Action.parse("base 2-4"), "cs") == "základ 2-4"
    for text in ("take", "stand", "stop", "draw", "pass"):
        assert action(Action.parse(text), "el") != text            # a word of the language, not the notation
        assert action(Action.parse(text), "en") == text            # English: the notation a student types


def test_a_sentence_is_a_str_and_fields_keep_their_format_spec() -> None:
    s = dw.tr("{:>10}|{x:<4}|")
    assert isinstance(s, Text) and isinstance(s, str) and s == "{:>10}|{x:<4}|"
    dw.set_language("cs")
    assert s.format(Action.parse("1-2 left"), x=1.5) == " 1-2 vlevo|1,5 |"
    dw.set_language("el")
    assert dw.tr("{0} {0}").format(2.5) == "2,5 2,5"


def test_charts_and_widget_values_write_numbers_in_the_language() -> None:
    pytest.importorskip("svgwrite")
    from domino_widgets.render.charts import bar_chart, line_chart

    cs = bar_chart(["a", "b"], [0.125, 0.5], title="t", percent=True, lang="cs").svg
    assert ">10\u00a0%<" in cs and ">0,5<" in line_chart([0.5, 1.5], {"a": [1.5, 2.5]}, title="t", lang="cs").svg
    assert ">10%<" in bar_chart(["a", "b"], [0.125, 0.5], title="t", percent=True, lang="en").svg
    el = line_chart([0.5, 1.5], {"a": [1.5, 2.5]}, title="t", lang="el").svg
    assert ">0,5<" in el and ">1,5<" in el
    en = line_chart([0.5, 1.5], {"a": [1.5, 2.5]}, title="t", lang="en").svg
    assert ">0.5<" in en


def test_a_line_of_play_is_the_actions_one_after_the_other() -> None:
    line = [Action.parse("base 1-1"), Action.parse("1-4 left"), Action.parse("stop")]
    assert dw.tr("One of them: {}.").format(line) == "One of them: base 1-1, 1-4 left, stop."
    dw.set_language("cs")
    assert dw.tr("{}").format(line) == "základ 1-1, 1-4 vlevo, skončit"
    assert dw.tr("{}").format([1.5, 2]) == "[1.5, 2]"  # any other list: as Python writes it

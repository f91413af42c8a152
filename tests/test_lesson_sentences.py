"""The lessons' code is what a student writes (issue 39): plain ``print(f"...")`` and strings, no
translation plumbing; the Czech and Greek lessons get their words from the lesson catalogs at
build time (`domino_widgets.lesson_sentences`) and their number formats from ``dw.in_language``.

The first tests hold the repository to it (every lesson, including any added later); the others
pin down which strings of a cell are the reader's, and what the built code and its output are.
"""

from __future__ import annotations

import ast
import json
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import domino_widgets as dw
from domino_widgets import lesson_sentences as ls
from domino_widgets import lessons_i18n as i18n

ROOT = Path(__file__).resolve().parents[1]
LANGS = i18n.languages(ROOT)


def _code_cells(path: Path) -> list[tuple[int, str]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(i + 1, i18n._source(c)) for i, c in enumerate(cells) if c["cell_type"] == "code"]


@pytest.mark.parametrize("lesson", i18n.english_lessons(ROOT), ids=lambda p: p.stem)
def test_an_english_lesson_s_code_is_what_a_student_writes(lesson: Path) -> None:
    """No ``dw.tr(`` (the translation plumbing of before), no table of translated words, no
    ``lessons.size(`` (its new name says what it is: ``lessons.up_to(3000)``), in any code cell."""
    found = [(i, w) for i, code in _code_cells(lesson)
             for w in ("dw.tr(", "texts=CHECK", "fields(VERDICT)", "lessons.size(", "dw.in_language(") if w in code]
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_every_translated_sentence_keeps_the_fields_of_its_english_text(lang: str) -> None:
    """Each sentence of a lesson's code, in the catalog: the same ``{fields}`` as the English one
    (each as often; the order is the language's), so the translation prints the same values."""
    with open(ROOT / "notebooks" / "locale" / f"{lang}.po", "rb") as f:
        cat = read_po(f, locale=lang)
    checked, wrong = 0, []
    for lesson in i18n.english_lessons(ROOT):
        for text, ctx in i18n.code_messages(lesson):
            m = cat.get(text, context=ctx)
            assert m is not None and m.string, (ctx, text)
            checked += 1
            if not ls.same_fields(text, str(m.string)):
                wrong.append((ctx, text, m.string))
    assert not wrong, wrong[:5]
    assert checked >= 150  # the nine lessons' printed sentences and chart words


@pytest.mark.parametrize("lang", LANGS)
def test_a_translated_lesson_writes_every_field_in_its_language(lang: str) -> None:
    """In the Czech and Greek lessons every field of an f-string a reader reads goes through
    ``dw.in_language`` (a decimal comma, «5-5 vpravo», «lepší»), and their sentences hold no English
    text of the lesson's code."""
    english_texts = {t for p in i18n.english_lessons(ROOT) for t, _ in i18n.code_messages(p)}
    same_in_every_language = {"Matador", "Bergen", "expert", "expert vs greedy"}
    fields = 0
    for lesson in i18n.english_lessons(ROOT):
        for i, code in _code_cells(i18n.lesson_path(ROOT, lesson.name, lang)):
            for s in ls.literals(code):
                if s.is_message:
                    assert s.text not in english_texts - same_in_every_language, (lesson.name, i, s.text)
                if s.is_f:
                    for field in ls.fields(s.text):
                        assert field.startswith("{dw.in_language(") or "!" in field, (lesson.name, i, field)
                        fields += 1
    assert fields >= 300


def test_the_reader_s_strings_of_a_cell() -> None:
    code = '''
s = dw.play_all(dw.new_game("draw", seed=7), ["6-6", f"{tile} right"])
skill = compare.stored(f"skill {g}")
print("Deals:", f"{n:,} of {total}", "|".join(f"{x:>2}" for x in row))
rows = [(f"Player {seat + 1}", s.play) for seat in range(2)]
names = {"block": "Block", "draw": "Greek draw"}
params = {"scoring": "draw"}
charts.line_chart(xs, series={"win": ys}, title="Chance of winning", xlabel="k", games={"draw": "Greek draw"})
mine = rule_player(keep_fives, name="keep fives")
label = names["block"]
'''
    found = [(s.text, s.is_f, s.is_message) for s in ls.literals(code)]
    assert found == [("Deals:", False, True), ("{n:,} of {total}", True, True), ("|", False, False),
                     ("{x:>2}", True, False), ("Player {seat + 1}", True, True), ("Block", False, True),
                     ("Greek draw", False, True), ("win", False, True), ("Chance of winning", False, True),
                     ("k", False, False), ("Greek draw", False, True), ("keep fives", False, True)]


def test_a_translation_is_written_as_the_english_string_was() -> None:
    code = ("print(f'Against \"stand at 17\": {p:.2%}, {cost}')\n"
            "charts.bar_chart(x, y, title=\"say \\\"hi\\\"\")\n")
    words = {'Against "stand at 17": {p:.2%}, {cost}': 'Proti „stůj na 17“: {cost}, {p:.2%}',
             'say "hi"': 'řekni "ahoj"\na dál'}
    out = ls.translate(code, words.get)
    assert out == ("print(f'Proti „stůj na 17“: {dw.in_language(cost)}, {dw.in_language(p, \".2%\")}')\n"
                   "charts.bar_chart(x, y, title=\"řekni \\\"ahoj\\\"\\na dál\")\n")
    ast.parse(out)
    assert ls.translate(code, words.get, in_language=False).startswith("print(f'Proti „stůj na 17“: {cost}, {p:.2%}')")
    with pytest.raises(ValueError, match="must keep its fields"):
        ls.translate(code, {'Against "stand at 17": {p:.2%}, {cost}': "Proti: {p:.1%}"}.get)
    with pytest.raises(ValueError, match="one string"):
        ls.literals('print("two " "strings")')


@pytest.mark.parametrize("field, want", [("{x}", "{dw.in_language(x)}"), ("{x:,}", "{dw.in_language(x, ',')}"),
                                         ("{d['a']:>{w}}", "{dw.in_language(d['a'], f'>{w}')}"),
                                         ("{a != b}", "{dw.in_language(a != b)}"), ("{x!r}", "{x!r}"),
                                         ("{f(a, b=2)[0]:.1%}", "{dw.in_language(f(a, b=2)[0], '.1%')}")])
def test_each_field_is_written_through_in_language(field: str, want: str) -> None:
    assert ls._in_language(field, '"') == want


@pytest.fixture
def language():
    yield dw.set_language
    dw.set_language("en")


@pytest.mark.parametrize("lang, printed", [
    ("en", "The 5 points now cost 3.5 points; 4,000 hands; 1-5 right, better; base 1-1, 1-4 left."),
    ("cs", "Těch 5 bodů stojí 3,5 bodu; 4\xa0000 her; 1-5 vpravo, lepší; základ 1-1, 1-4 vlevo."),
    ("el", "Οι 5 πόντοι κοστίζουν 3,5 πόντους· 4.000 γύροι· 1-5 δεξιά, καλύτερα· βάση 1-1, 1-4 αριστερά.")])
def test_a_built_sentence_prints_numbers_plays_and_verdicts_in_its_language(language, lang, printed, capsys) -> None:
    """What the built code does when it runs: the same values as the English f-string, each
    written as the language writes it."""
    from domino_widgets.prob.lessons import Line
    from domino_widgets.sim.compare import BETTER

    english = 'print(f"The 5 points now cost {cost:.1f} points; {games:,} hands; {play}, {verdict}; {line}.")'
    words = {"cs": "Těch 5 bodů stojí {cost:.1f} bodu; {games:,} her; {play}, {verdict}; {line}.",
             "el": "Οι 5 πόντοι κοστίζουν {cost:.1f} πόντους· {games:,} γύροι· {play}, {verdict}· {line}."}
    code = ls.translate(english, lambda t: words.get(lang), in_language=lang != "en")
    language(lang)
    exec(code, {"dw": dw, "cost": 3.45, "games": 4000, "play": dw.Action.parse("1-5 right"), "verdict": BETTER,
                "line": Line([dw.Action.parse("base 1-1"), dw.Action.parse("1-4 left")])})
    assert capsys.readouterr().out == printed + "\n"


def test_check_speaks_the_lesson_language(language, capsys) -> None:
    from domino_widgets.prob.exercises import check

    language("el")
    check({1: 0.25, 2: 3}, {1: Fraction(1, 4), 2: 4})
    assert capsys.readouterr().out.splitlines() == ["Άσκηση 1: σωστά (0,25).",
                                                    "Άσκηση 2: όχι ακόμη: το 3 δεν είναι η απάντηση. Δοκιμάστε ξανά.",
                                                    "Σωστές ως τώρα: 1 από 2."]


def test_a_stored_comparison_s_verdict_is_a_word_of_the_catalog(language) -> None:
    from domino_widgets.sim import compare

    c = compare.stored("block greedy-random")
    assert isinstance(c.verdict, compare.Verdict) and c.verdict == compare.BETTER and c.better
    assert json.loads(json.dumps(c.to_dict()))["verdict"] == "better"
    language("cs")
    assert f"{dw.in_language(c.verdict)}" == "lepší" and f"{c.verdict}" == "better"


def test_up_to_is_the_lessons_size(monkeypatch) -> None:
    from domino_widgets.prob import lessons

    monkeypatch.delenv("DOMINO_FAST", raising=False)
    assert lessons.up_to(3000) == 3000 and lessons.size is lessons.up_to
    monkeypatch.setenv("DOMINO_FAST", "1")
    assert lessons.up_to(3000) == 300

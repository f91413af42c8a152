"""The error messages in the reader's language (issue 15): a `DominoError` is an English template
and its fields, put into words when it is shown (``str(exc)`` in the language of
``dw.set_language``, ``exc.text(lang)`` in a named one), from the same gettext catalog as every
other text; ``exc.args[0]`` stays the English message, which reads exactly as before.

Also here: the numbers a person reads (``dw.tr(...).format`` and the charts write "4 000" and
"3,45" in Czech, "4.000" and "3,45" in Greek) and the progress bar's label.
"""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

import domino_widgets as dw
from domino_widgets import i18n_catalog
from domino_widgets.core.errors import (
    AmbiguousPlayError,
    DominoError,
    IllegalPlayError,
    NotationError,
    ParameterError,
    Phrase,
    RecordError,
)
from domino_widgets.language import number
from domino_widgets.sim.labels import progress_label


@pytest.fixture(autouse=True)
def _english_again():
    yield
    dw.set_language("en")


def _ambiguous() -> AmbiguousPlayError:
    """Lesson 01's example: 1-6 fits both ends of the 6-6 (COM-3), so the end must be named."""
    s = dw.new_game("block", hands=[["2-3", "1-6"], ["6-6", "4-5"]], leader=1).play("6-6")
    with pytest.raises(AmbiguousPlayError) as info:
        s.play("1-6")
    return info.value


def test_the_english_message_reads_as_before() -> None:
    exc = _ambiguous()
    assert str(exc) == exc.args[0] == (
        "1-6 is ambiguous: it can be played as '1-6 left', '1-6 right'; name the end, in block after 1 "
        "actions; Player 1 (seat 0) to play, holding 2-3 1-6; open ends: left=6 right=6; boneyard 0")


def test_the_message_follows_the_language_and_the_english_stays_in_args() -> None:
    exc = _ambiguous()
    dw.set_language("cs")
    assert str(exc) == exc.text("cs") == (
        "1-6 není jednoznačný: lze ho zahrát jako 1-6 vlevo ('1-6 left'), 1-6 vpravo ('1-6 right'); uveďte konec, "
        "pozice: Slepá ulička, odehráno tahů: 1; na tahu Hráč 1 (místo 0), v ruce 2-3 1-6; volné konce: vlevo 6, vpravo 6; "
        "v záloze 0")
    assert exc.args[0].startswith("1-6 is ambiguous")            # the English, whatever the language
    assert exc.text("el").startswith("το 1-6 είναι διφορούμενο: παίζεται ως 1-6 αριστερά ('1-6 left'), "
                                     "1-6 δεξιά ('1-6 right')")
    assert "ανοιχτές άκρες: αριστερά 6, δεξιά 6" in exc.text("el")
    assert exc.text("en") == exc.args[0]


@pytest.mark.parametrize("lang, left, right", [("cs", "vlevo", "vpravo"), ("el", "αριστερά", "δεξιά")])
def test_the_plays_an_ambiguous_tile_offers_are_named_in_the_language_with_their_notation(lang, left, right) -> None:
    """The plays a person is offered are named as the pictures name them in his language (like
    `domino_widgets.sentences.action`), each followed by the notation to type; in the line games
    and in the solitaire alike."""
    solitaire = dw.new_game("solitaire", hands=["1-1 0-2 1-4 2-4 2-6"], boneyard="3-5 0-6 0-4 6-6").play("base 1-1")
    with pytest.raises(AmbiguousPlayError) as info:
        solitaire.play("1-4")
    for exc, tile in ((_ambiguous(), "1-6"), (info.value, "1-4")):
        assert f"'{tile} left', '{tile} right'" in exc.text("en")
        assert f"{tile} {left} ('{tile} left'), {tile} {right} ('{tile} right')" in exc.text(lang), exc.text(lang)


@pytest.mark.parametrize("make, czech", [
    (lambda: dw.new_game("block", seed=1).play("pass"), "DÁL nelze (máte čím hrát; COM-4)"),
    (lambda: dw.Tile.parse("hello"), "kostka se píše jako '3-5', ne 'hello'"),
    (lambda: dw.new_game("nope"), "neznámá varianta 'nope'"),
    (lambda: dw.new_game("block", seed="x"), "seed musí být celé číslo"),
    (lambda: dw.load_record('{"format": "x"}'), "format: očekáváno 'domino_widgets/record', nalezeno 'x'"),
    (lambda: dw.new_game("twentyone", seed=1).play("stand").play("stand").play("take"),
     "nelze zahrát: hra skončila (místo"),
    (lambda: dw.new_game("solitaire", seed=1).play("1-2 left"),
     "nelze zahrát: řada ještě není; nejdřív vyberte základ"),
])
def test_errors_a_student_meets_are_in_czech(make, czech: str) -> None:
    dw.set_language("cs")
    with pytest.raises(DominoError) as info:
        make()
    assert czech in str(info.value), str(info.value)
    assert not re.search(r"\b(is|not|must|the|illegal)\b", str(info.value)), str(info.value)


def test_a_nested_error_and_a_phrase_are_put_into_the_same_language() -> None:
    inner = NotationError("a tile is written like '3-5', not {text}", text="'x'")
    outer = RecordError("actions[{i}]: {text} cannot be played: {error}", i=2, text="'x'", error=inner)
    assert outer.args[0] == "actions[2]: 'x' cannot be played: a tile is written like '3-5', not 'x'"
    assert outer.text("cs") == "actions[2]: 'x' nelze zahrát: kostka se píše jako '3-5', ne 'x'"
    why = Phrase("the {end} end is not open", end=dw.core.errors.END_WORDS["up"])
    refused = IllegalPlayError("{action} is illegal: {why}, in {position}", action="5-5 up", why=why, position="p")
    assert refused.text("el") == "το 5-5 up δεν επιτρέπεται: η άκρη πάνω δεν είναι ανοιχτή, κατάσταση: p"


def test_an_error_keeps_valueerror_semantics_and_pickles() -> None:
    exc = _ambiguous()
    assert isinstance(exc, ValueError) and isinstance(exc, IllegalPlayError)
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is AmbiguousPlayError and back.args == exc.args
    assert back.text("cs") == exc.text("cs") and back.fields.keys() == exc.fields.keys()
    plain = DominoError("a", "b")                          # ValueError's own forms still work
    assert plain.args == ("a", "b") and str(plain) == "('a', 'b')" and str(DominoError()) == ""


def _refuse(seed: int) -> str:
    """Run in a joblib worker: an illegal play there, its error sent back."""
    try:
        dw.new_game("block", seed=seed).play("pass")
    except IllegalPlayError as exc:
        return pickle.dumps(exc)  # type: ignore[return-value]
    raise AssertionError("pass is never legal at the start of a block hand")


def test_an_error_raised_in_a_joblib_worker_comes_back_whole() -> None:
    from joblib import Parallel, delayed

    with pytest.raises(IllegalPlayError) as info:   # raised in the worker process, re-raised here
        Parallel(n_jobs=2)(delayed(dw.new_game("block", seed=s).play)("pass") for s in (1, 2))
    assert info.value.text("cs").startswith("DÁL nelze (máte čím hrát; COM-4)")
    sent = Parallel(n_jobs=2)(delayed(_refuse)(s) for s in (3, 4))
    assert all(pickle.loads(x).text("el").startswith("το πάσο δεν επιτρέπεται") for x in sent)


def test_a_broken_translation_shows_the_english_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    language = importlib.import_module("domino_widgets.language")  # (dw.language is the function)
    monkeypatch.setattr(language, "pgettext", lambda lang, ctx, text: "{no_such_field} rozbité")
    assert ParameterError("seed must be a whole number, not {seed!r}", seed=1.5).text("cs") == \
        "seed must be a whole number, not 1.5"


# ------------------------------------------------------------------ the catalog finds every message


def test_every_raise_site_is_a_template_in_the_catalog() -> None:
    """The AST scan finds the ~300 messages, none of them an f-string, and `check` knows them all
    (it is what ``python -m domino_widgets.i18n_catalog check`` runs: test_i18n_catalog)."""
    sites = list(i18n_catalog.error_sites())
    assert len(sites) > 250 and all(text is not None for _, text, _ in sites), [w for _, t, w in sites if t is None]
    assert i18n_catalog.problems() == []


def test_the_scan_finds_literals_conditionals_and_reports_an_f_string(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "m.py").write_text(
        'def f(x, ok):\n'
        '    if ok:\n'
        '        raise ParameterError("x must be {x!r}", x=x)\n'
        '    why = Phrase("one") if x else Phrase("two")\n'
        '    raise IllegalPlayError("{a} is bad" if x else "{a} is worse", a=why)\n'
        '    raise RecordError(f"record {x} is bad")\n', encoding="utf-8")
    found = sorted(i18n_catalog.error_sites(pkg), key=lambda x: (x[2], str(x[1])))
    assert found == [("error", "x must be {x!r}", "pkg/m.py:3"), ("error", "one", "pkg/m.py:4"),
                     ("error", "two", "pkg/m.py:4"), ("error", "{a} is bad", "pkg/m.py:5"),
                     ("error", "{a} is worse", "pkg/m.py:5"), ("error", None, "pkg/m.py:6")]
    assert [t for _, t, _ in i18n_catalog.error_sites(pkg)].count(None) == 1


def test_a_new_raise_site_or_an_f_string_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    real = list(i18n_catalog.error_sites())
    extra = [("error", "a brand-new message about {thing}", "domino_widgets/core/state.py:1"),
             ("error", None, "domino_widgets/core/state.py:2")]
    monkeypatch.setattr(i18n_catalog, "error_sites", lambda root=None: iter(real + extra))
    found = i18n_catalog.problems()
    assert any("domino_widgets.pot lags the English source" in p for p in found)
    assert "cs.po: error: missing" in found and "el.po: error: missing" in found
    assert any(p.startswith("domino_widgets/core/state.py:2: the message is not a literal template") for p in found)


# ------------------------------------------------------------------ the widgets


@pytest.mark.parametrize("lang, words", [("cs", "Záznam nelze načíst: format: očekáváno 'domino_widgets/record'"),
                                         ("el", "format: αναμενόταν 'domino_widgets/record', βρέθηκε 'nope'")])
def test_a_refused_record_is_explained_in_the_widgets_language(lang: str, words: str) -> None:
    from domino_widgets.widgets.game import GameWidget

    dw.set_language("el" if lang == "cs" else "cs")       # the widget's own language wins over the notebook's
    g = GameWidget("block", level="random", seed=4, delay=0, lang=lang)
    g.load_text('{"format": "nope"}')
    assert words in g.message()
    assert not re.search(r"\b(expected|found|format: expected)\b", g.message())
    g.close()


@pytest.mark.parametrize("lang, refused", [
    ("cs", "Tuto pozici nelze sestavit: 3-4 nelze zahrát: místo 0 nemá 3-4, pozice: Slepá ulička"),
    ("el", "Η θέση δεν στήνεται: το 3-4 δεν επιτρέπεται: η θέση 0 δεν έχει το 3-4, κατάσταση: Μπλοκαριστό ντόμινο")])
def test_a_refused_play_in_the_rule_explorer_is_explained_in_its_language(lang: str, refused: str) -> None:
    from domino_widgets.widgets.explorer import RuleExplorer

    e = RuleExplorer("block", lang=lang, hands=["6-6 1-2", "3-4"], leader=0)
    e.set_up(moves="3-4")                                  # seat 0 leads, and 3-4 is in the other hand
    assert e.message.value.startswith(refused), e.message.value
    e.set_up(hands=["1-1"])                                # one hand for two seats: the explorer's own message
    assert e.message.value.endswith({"cs": "ruce musí být 2, jedna na každé místo",
                                     "el": "τα χέρια πρέπει να είναι 2, ένα ανά θέση"}[lang])
    e.close()


# ------------------------------------------------------------------ numbers and the progress bar


def test_numbers_are_written_as_each_language_writes_them() -> None:
    assert [number(4000, lang=x) for x in ("en", "cs", "el")] == ["4,000", "4\xa0000", "4.000"]
    assert [number(-3.449, "+.2f", lang=x) for x in ("en", "cs", "el")] == ["-3.45", "-3,45", "-3,45"]
    line = "{games:,} hands on {deals:,} deals, {estimate:.1%}, seed {seed}; {} and {!r}"
    dw.set_language("cs")
    assert dw.tr(line).format(0.5, 2.5, games=4000, deals=2000, estimate=0.532, seed=1) == \
        "4\xa0000 hands on 2\xa0000 deals, 53,2\xa0%, seed 1; 0,5 and 2.5"
    dw.set_language("en")
    assert dw.tr(line).format(0.5, 2.5, games=4000, deals=2000, estimate=0.532, seed=1) == \
        "4,000 hands on 2,000 deals, 53.2%, seed 1; 0.5 and 2.5"


def test_a_chart_writes_its_ticks_in_the_language() -> None:
    from domino_widgets.render import charts

    ticks = {lang: re.findall(r">(-?[0-9][0-9.,]*(?:\xa0)?%?)</text>", charts.bar_chart(
        ["a", "b"], [0.5, 1.5], title="t", reference=0.125, percent=True, lang=lang).svg) for lang in ("en", "cs")}
    assert "12.5%" in ticks["en"] and "12,5\xa0%" in ticks["cs"]
    assert [t.replace(",", ".").replace("\xa0", "") for t in ticks["cs"]] == ticks["en"]


def test_the_progress_label_is_in_the_language() -> None:
    assert progress_label("matador", ("expert", "greedy"), lang="en") == "Matador: expert vs greedy"
    assert progress_label("block", ("greedy", "random"), lang="cs") == "Slepá ulička: hladový – náhodný"
    assert progress_label("solitaire", ("greedy",), lang="el").endswith(": άπληστος")
    assert progress_label("block", ("mine", "random"), lang="cs").endswith(": mine – náhodný")  # a name of one's own


def test_a_tournament_shows_the_label_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    from domino_widgets import sim

    dw.set_language("cs")
    sim.tournament("block", ["greedy", "random"], games=4, seed=1, progress=True, n_jobs=1)
    err = capsys.readouterr().err
    assert "Slepá ulička: hladový – náhodný" in err and "hra/s" in err and "vs" not in err

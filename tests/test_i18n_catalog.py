"""One message catalog for every text a person reads (issue 15): gettext ``.po`` files in
``domino_widgets/locale``, compiled to ``.mo`` and read with the standard library, checked for
missing, fuzzy and stale translations; and one language setting (``dw.set_language``) that the
pictures, the charts, the widgets and the rule book follow unless a call names its ``lang``.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

import domino_widgets as dw
from domino_widgets import i18n_catalog as catalog
from domino_widgets import render
from domino_widgets.language import check_language, languages, npgettext, reload
from domino_widgets.render import charts
from domino_widgets.render.labels import labels, player_name
from domino_widgets.sim.compare import stored
from domino_widgets.widgets import GameWidget, explore, play
from domino_widgets.widgets.app import PlayApp
from domino_widgets.widgets.explorer import RuleExplorer
from domino_widgets.widgets.i18n import tr

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "domino_widgets"


def words_of(svg: str) -> str:
    """The picture's visible texts, its ``<title>`` and its ``<desc>``, one per line."""
    return "\n".join(re.findall(r">([^<>]+)</(?:text|title|desc)>", str(svg)))


@pytest.fixture
def czech() -> Iterator[None]:
    """The language set to Czech for one test, English again afterwards."""
    dw.set_language("cs")
    try:
        yield
    finally:
        dw.set_language("en")


@pytest.fixture
def locale_copy(tmp_path: Path) -> Path:
    """A copy of the catalog folder to break or extend."""
    folder = tmp_path / "locale"
    shutil.copytree(catalog.LOCALE, folder)
    return folder


def edit(po: Path, change) -> None:  # type: ignore[no-untyped-def]
    """Read ``po`` with Babel, let ``change`` edit the catalog, write it back."""
    with po.open("rb") as fh:
        cat = read_po(fh)
    change(cat)
    with po.open("wb") as fh:
        write_po(fh, cat)


# ---------------------------------------------------------------------- the catalog and its check


def test_the_catalogs_are_complete_translated_and_compiled() -> None:
    """Every message of the English source is in the template, translated (not fuzzy) in every
    language with the same {fields}, and every .mo is its .po compiled: else run the tool."""
    assert catalog.problems() == []
    assert {po.stem for po in catalog.catalogs()} == set(languages()) - {"en"} >= {"cs", "el"}


def test_the_command_line_check_passes_and_names_its_commands() -> None:
    done = subprocess.run([sys.executable, "-m", "domino_widgets.i18n_catalog", "check"], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 0 and "catalogs complete and compiled" in done.stdout, done.stdout + done.stderr


def test_check_finds_a_missing_a_fuzzy_a_stale_translation_and_a_lagging_mo(locale_copy: Path) -> None:
    def damage(cat) -> None:  # type: ignore[no-untyped-def]
        cat.get("Hint", "widgets.hint").string = ""                    # missing
        cat.get("Undo", "widgets.undo").flags.add("fuzzy")             # the English changed: fuzzy
        cat.get("{who} to play", "render.to_play").string = "Na tahu"  # lost its {who}
        cat.add("Old words", "Stará slova", context="widgets.gone")    # no such English text any more

    edit(locale_copy / "cs.po", damage)
    found = "\n".join(catalog.problems(locale_copy))
    assert "cs.po: widgets.hint: not translated" in found
    assert "cs.po: widgets.undo: fuzzy" in found
    assert "cs.po: render.to_play: fields [], the English has ['who']" in found
    assert "cs.po: widgets.gone: stale" in found
    assert "cs.mo lags cs.po: run compile" in found
    assert "el.po" not in found                                         # the Greek catalog is untouched


def test_check_finds_a_template_that_lags_the_english_source(locale_copy: Path) -> None:
    edit(locale_copy / "domino_widgets.pot", lambda cat: cat.delete("Hint", "widgets.hint"))
    edit(locale_copy / "el.po", lambda cat: cat.delete("{n} tile", "render.tiles"))
    found = "\n".join(catalog.problems(locale_copy))
    assert "domino_widgets.pot lags the English source" in found and "run extract" in found
    assert "el.po: render.tiles: missing" in found


def test_extract_and_compile_repair_what_the_check_found(locale_copy: Path) -> None:
    edit(locale_copy / "domino_widgets.pot", lambda cat: cat.delete("Hint", "widgets.hint"))
    edit(locale_copy / "cs.po", lambda cat: cat.add("Old words", "Stará slova", context="widgets.gone"))
    written = catalog.extract(locale_copy)
    assert locale_copy / "domino_widgets.pot" in written and locale_copy / "cs.po" in written
    found = catalog.problems(locale_copy)
    assert not any("stale" in p or "lags the English" in p for p in found), found
    catalog.compile_all(locale_copy)
    assert catalog.problems(locale_copy) == []


def test_a_changed_english_text_makes_its_translation_fuzzy_until_confirmed(locale_copy: Path) -> None:
    czech = tr("cs", "hint")

    def reword(cat) -> None:  # type: ignore[no-untyped-def]
        cat.delete("Hint", "widgets.hint")
        cat.add("Hints", czech, context="widgets.hint")               # as if the English were "Hints" once

    edit(locale_copy / "cs.po", reword)
    catalog.extract(locale_copy)                                       # back to the source's "Hint"
    with (locale_copy / "cs.po").open("rb") as fh:
        msg = read_po(fh).get("Hint", "widgets.hint")
    assert msg is not None and msg.fuzzy and msg.string == czech       # kept as a suggestion
    assert "cs.po: widgets.hint: fuzzy (the English text changed; confirm the translation)" in \
        catalog.problems(locale_copy)


def test_plural_forms_come_from_the_catalog() -> None:
    """Tile counts by each language's plural rule: 1 kostka / 3 kostky / 5 kostek, 1 πλακάκι / 2 πλακάκια."""
    assert [npgettext("cs", "render.tiles", "{n} tile", "{n} tiles", n).format(n=n) for n in (1, 3, 5)] == \
        ["1 kostka", "3 kostky", "5 kostek"]
    assert [tr("el", "n_tiles", n=n) for n in (1, 2)] == ["1 πλακάκι", "2 πλακάκια"]
    assert [tr("en", "n_tiles", n=n) for n in (1, 2)] == ["1 tile", "2 tiles"]
    # the widgets' counted messages: a record of 1 move, 3 moves; a refill of 1, 2 or 5 tiles (SOL-3)
    assert [tr("cs", "loaded", n=n) for n in (1, 3, 7)] == \
        ["Záznam načten: 1 tah", "Záznam načten: 3 tahy", "Záznam načten: 7 tahů"]
    assert [tr("en", "refilled", n=n) for n in (1, 2)] == ["Refill: 1 new tile", "Refill: 2 new tiles"]
    assert tr("el", "position_ok", n=1) == "Η θέση στήθηκε: 1 επιτρεπτή κίνηση"
    assert not re.search(r'lang == "(cs|el)"', (PACKAGE / "render" / "labels.py").read_text(encoding="utf-8"))


def test_a_fourth_language_is_a_po_file_and_no_python(locale_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    po = catalog.add("de", locale_copy)

    def translate(cat) -> None:  # type: ignore[no-untyped-def]
        cat.get("boneyard", "render.boneyard").string = "Talon"
        cat.get("Pass", "widgets.pass").string = "Passen"
        cat.get("{n} tile", "render.tiles").string = ("{n} Stein", "{n} Steine")
        cat.get("English", "widgets.language_name").string = "Deutsch"
        cat.get("Common terms", "rules.SECTIONS.COM.title").string = "Gemeinsame Begriffe"

    edit(po, translate)
    catalog.compile_all(locale_copy)
    # (the package's attribute `language` is the function dw.language: patch the module itself)
    monkeypatch.setattr(sys.modules["domino_widgets.language"], "locale_dir", lambda: locale_copy)
    reload()
    try:
        assert languages() == ("en", "cs", "de", "el")
        assert labels("de")("boneyard") == "Talon" and labels("de").tiles(3) == "3 Steine"
        assert labels("de")("stock") == "stock"                         # untranslated: the English shows
        assert tr("de", "pass") == "Passen"
        dw.set_language("de")
        assert "Talon" in words_of(render.boneyard_svg(3))
        assert "Gemeinsame Begriffe" in dw.variants.rulebook.book_markdown()
        app = PlayApp(seed=1, delay=0)
        assert ("Deutsch", "de") in app.lang_box.options and app.lang_box.value == "de"
        assert "de" in str(pytest.raises(dw.DominoError, check_language, "fr").value)
    finally:
        dw.set_language("en")
        monkeypatch.undo()
        reload()
    assert languages() == ("en", "cs", "el")


def test_the_wheel_ships_the_compiled_catalogs() -> None:
    """pyproject's package data takes every .mo (what the package reads), and no Babel at run time."""
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = pyproject.split("[tool.setuptools.package-data]")[1].split("\n[")[0]
    patterns = re.findall(r'"([^"]+)"', re.search(r"^domino_widgets = \[(.*)\]", section, re.M)[1])
    dependencies = re.search(r"^dependencies = \[(.*)\]", pyproject, re.M)[1]
    shipped = [p for p in (PACKAGE / "locale").iterdir()
               if any(fnmatch.fnmatch(p.relative_to(PACKAGE).as_posix(), pat) for pat in patterns)]
    assert {p.name for p in shipped} == {p.name for p in (PACKAGE / "locale").glob("*.mo")} >= {"cs.mo", "el.mo"}
    assert "babel" not in dependencies.lower()
    for module in ("language.py", "render/labels.py", "widgets/i18n.py", "variants/rulebook/__init__.py"):
        assert "babel" not in (PACKAGE / module).read_text(encoding="utf-8").lower(), module


def test_no_hand_written_list_of_languages_is_left() -> None:
    """The languages are the catalogs present: no ("en", "cs", "el") tuple, no LANGS table, no
    per-language dictionaries of words in the package."""
    listed = re.compile(r"""\(\s*["'](en|cs|el)["']\s*,\s*["'](en|cs|el)["']""")
    table = re.compile(r"^(LANGS|LANGUAGES|_CS|_EL|TITLES)\b.*=", re.M)
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not listed.search(text), (path, listed.search(text))
        assert not table.search(text), (path, table.search(text))
    assert not (PACKAGE / "variants" / "rulebook" / "cs.py").exists()
    assert not (PACKAGE / "variants" / "rulebook" / "el.py").exists()


# ---------------------------------------------------------------------- one language setting


def test_set_language_makes_every_picture_czech_unless_lang_says_otherwise(czech: None) -> None:
    s = dw.new_game("block", hands=[["3-3"], ["1-2", "2-4"]], leader=0)
    assert "Na tahu: Hráč 1 (vy)" in words_of(render.state_svg(s, seat=0))
    assert "Player 1 (you) to play" in words_of(render.state_svg(s, seat=0, lang="en"))   # explicit lang wins
    assert "Hráč 1" in words_of(render.view_svg(s.view(0)))
    assert "Kostka 3-5" in words_of(render.tile_svg("3-5"))
    assert "3 kostky" in words_of(render.hand_svg(3)) and "Záloha" in words_of(render.boneyard_svg(3))
    assert "Kostky na stole" in words_of(render.layout_svg(s.play("3-3").layout))
    assert "Jedenadvacet" in words_of(render.twentyone_svg([["1-2"], 2], seat=0))
    assert "Sólo domino" in words_of(render.solitaire_svg(["1-3"]))
    assert player_name(1) == "Hráč 2" and labels().lang == "cs"


def test_set_language_makes_the_charts_own_words_czech(czech: None) -> None:
    bars = charts.bar_chart(["a", "b"], [0.2, 0.7], title="T")
    assert repr(bars) == "<Chart: T (2 sloupce)>"
    exact = charts.exact_vs_simulated({0: 0.5, 1: 0.5}, {0: 0.45, 1: 0.55}, title="E", xlabel="x")
    assert all(w in exact.svg for w in ("pravděpodobnost", "přesně (balíček)", "simulace"))
    assert repr(exact) == "<Chart: E (2 sloupce, přesně i simulací)>"
    comparison = charts.comparison_chart([stored("block greedy-random"), stored("draw greedy-random")], title="C")
    texts = words_of(comparison.svg)
    assert "Slepá ulička" in texts and "Domino s dobíráním" in texts and "žádný rozdíl" in texts
    assert "bodů za hru navíc (95% interval spolehlivosti)" in texts.replace("\n", " ")  # on two lines: it is long
    two = charts.comparison_chart([stored("block greedy-random"), stored("block expert-greedy")], title="D")
    assert "proti" in words_of(two.svg), words_of(two.svg)
    assert repr(charts.line_chart([1, 2], {"p": [0.1, 0.2]}, title="L")) == "<Chart: L (1 čára)>"
    english = charts.comparison_chart([stored("block greedy-random")], title="C", lang="en")
    assert "Block" in words_of(english.svg) and repr(english) == "<Chart: C (1 group)>"


def test_set_language_makes_the_widgets_and_the_app_czech(czech: None) -> None:
    game = play("block", seed=3, delay=0)
    assert isinstance(game, GameWidget) and game.lang == "cs" and "Na tahu" in words_of(game.board.svg)
    assert play("block", seed=3, delay=0, lang="el").lang == "el"                         # explicit lang wins
    explorer = explore("block")
    assert isinstance(explorer, RuleExplorer) and explorer.lang == "cs"
    app = PlayApp(seed=1, delay=0)
    assert app.lang == "cs" and app.lang_box.value == "cs" and app.lang_box.description == "Jazyk"
    assert [name for name, _ in app.lang_box.options] == ["English", "Čeština", "Ελληνικά"]
    assert play("twentyone", seed=2, delay=0).lang == "cs" and play("solitaire", seed=2).lang == "cs"


def test_set_language_makes_the_rule_book_czech(czech: None) -> None:
    sheet = dw.rules("block")
    assert sheet.lang == "cs" and sheet.title == "Slepá ulička"
    assert dw.rules("block", lang="en").title == "Block game"
    dw.set_language("el")
    assert dw.rules("all_fives").lang == "el" and dw.language() == "el"


def test_set_language_refuses_what_has_no_catalog_and_changes_nothing() -> None:
    with pytest.raises(dw.DominoError, match="en, cs, el"):
        dw.set_language("de")
    with pytest.raises(dw.DominoError):
        dw.set_language(None)  # type: ignore[arg-type]
    assert dw.language() == "en"

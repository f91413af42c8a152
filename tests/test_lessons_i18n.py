"""The lessons in other languages (issue 15): ``notebooks/<lang>/`` is built from the English lessons
and ``notebooks/locale/<lang>.po`` by `domino_widgets.lessons_i18n`, and must never drift from them.

The first tests hold the repository itself to that: every language with a catalog is complete and
current (``python -m domino_widgets.lessons_i18n check``), its catalog is a valid ``.po`` file, its
built lessons carry their outputs, ``make lab LANG=..`` opens them, and nbval runs them. The others
show, each on a temporary copy of the lessons, that the check catches what it is there to catch: a
changed English text (missing, then fuzzy once extracted), a stale or emptied translation, a built
lesson that lags behind its English lesson or its catalog, a code cell edited in a translation.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po, write_po

from domino_widgets import i18n_catalog
from domino_widgets import lessons_i18n as i18n

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = i18n.languages(ROOT)


def test_the_czech_and_every_other_catalog_are_there() -> None:
    assert "cs" in LANGS
    # nbval collects *.ipynb and pytest *.py: the catalogs' folder holds neither
    assert {p.suffix for p in (NOTEBOOKS / "locale").iterdir()} <= {".po", ".pot"}


def test_every_lesson_file_name_is_unique_and_says_its_language() -> None:
    """Issue 26: JupyterLite (and Lab's kernel sessions) go by a notebook's file name; with
    ``01_block.ipynb`` in three folders the Czech one opened beside the English one hung, and the
    English one lost its kernel."""
    names = [p.name for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts]
    assert len(names) == len(set(names)) and len(names) == len(i18n.english_lessons(ROOT)) * (len(LANGS) + 1)
    for lang in LANGS:
        built = sorted(p.name for p in (NOTEBOOKS / lang).glob("*.ipynb"))
        assert built == sorted(f"{p.stem}.{lang}.ipynb" for p in i18n.english_lessons(ROOT))


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_start_lesson_says_at_its_top_that_ctrl_s_keeps_the_work(lang: str) -> None:
    """Issue 26: in the browser-only site a notebook is kept in the browser once saved; students
    read so where they start, in the lesson's first cells."""
    cells = json.loads(i18n.lesson_path(ROOT, "00_start_here.ipynb", lang).read_text(encoding="utf-8"))["cells"]
    top = [i18n._source(c) for c in cells[:3] if c["cell_type"] == "markdown"]
    assert any("**Ctrl+S**" in text for text in top), top


@pytest.mark.parametrize("lang", LANGS)
def test_links_between_lessons_stay_in_the_lessons_language(lang: str) -> None:
    english = {p.name for p in i18n.english_lessons(ROOT)}
    links = 0
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            for target in re.findall(r"\]\(([\w-]+(?:\.\w+)?\.ipynb)", i18n._source(cell)):
                assert target not in english and (path.parent / target).is_file(), (path.name, target)
                assert target.endswith(f".{lang}.ipynb"), (path.name, target)
                links += 1
    assert links >= 19  # lesson 00's two tables, and the lessons' links to 01 and 02


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_is_complete_and_current(lang: str) -> None:
    """What ``python -m domino_widgets.lessons_i18n check`` says, per language."""
    assert i18n.problems(ROOT, lang) == []


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_a_valid_po_file_with_nothing_fuzzy_or_empty(lang: str) -> None:
    path = NOTEBOOKS / "locale" / f"{lang}.po"
    with open(path, "rb") as f:
        cat = read_po(f, locale=lang)
    messages = [m for m in cat if m.id]
    assert messages and all(m.string and not m.fuzzy for m in messages)
    assert not cat.obsolete
    msgfmt = shutil.which("msgfmt")  # GNU gettext's own check, where it is installed
    if msgfmt is not None:
        proc = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def _outputs_by_cell(path: Path) -> list[bool]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [bool(c.get("outputs")) for c in cells if c["cell_type"] == "code"]


@pytest.mark.parametrize("lang", LANGS)
def test_built_lessons_are_executed_like_the_english_ones(lang: str) -> None:
    """``make notebooks`` ran them: a reader on GitHub sees the same pictures in every language."""
    for english in i18n.english_lessons(ROOT):
        assert _outputs_by_cell(i18n.lesson_path(ROOT, english.name, lang)) == _outputs_by_cell(english), (
            f"notebooks/{lang}/{i18n.lesson_name(english.name, lang)}: run `make notebooks`")


def _printed(path: Path) -> Iterator[tuple[int, str, str]]:
    """(cell, kind, text) of what a lesson printed: its streams (print, a progress bar's text on
    stderr), its errors, and the text of what it displayed (not the pictures, tables, widgets)."""
    for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if out["output_type"] == "stream":
                yield i, "stream", "".join(out["text"])
            elif out["output_type"] == "error":
                yield i, "error", f"{out['ename']}: {out['evalue']}"
            elif out["output_type"] == "display_data" and not {"text/html", "image/svg+xml", "image/png",
                                                               "application/vnd.jupyter.widget-view+json"} & set(data):
                yield i, "display", "".join(data.get("text/plain", ""))


#: The words of the package's own English messages (error messages, progress labels): a
#: translated lesson that prints one prints an English message.
_MESSAGE_WORDS = {w.lower() for _, text, _ in i18n_catalog.error_messages()
                  for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"{[^{}]*}|'[^']*'", " ", text))}
_SAME_IN_CZECH_AND_GREEK = {"interval", "expert", "matador", "bergen"}  # Czech words too ("95% interval ...")


def _english_words(text: str) -> set[str]:
    """The English message words of a printed text, leaving out code: quoted text, names
    followed by ``(``, ``.``, ``=`` or ``[`` (``Action.parse('take')``), rule ids (COM-4) and
    the action notation the reader types (``1-5 right``, ``base 1-1``, ``stop``)."""
    bare = re.sub(r"'[^']*'|\"[^\"]*\"|\b\w+(?=[(.=\[])"
                  r"|\b\d+-\d+ (left|right|up|down)\b|\bbase \d+-\d+|\bstop(?=,)|\b[A-Z0-9]{1,3}-\d+\b", " ", text)
    return {w for w in re.findall(r"[A-Za-z]{3,}", bare)
            if w.lower() in _MESSAGE_WORDS and w.lower() not in _SAME_IN_CZECH_AND_GREEK}


@pytest.mark.parametrize("lang", [x for x in LANGS if x != "en"])
def test_no_english_message_in_a_translated_lessons_output(lang: str) -> None:
    """An error a lesson shows (lesson 00's 0-0, lesson 01's ambiguous 1-6), a progress bar's label
    and every printed sentence are in the lesson's language; so are the numbers (Czech writes
    "3,45" and "4 000", never "3.45" or "4,000")."""
    found = []
    for english in i18n.english_lessons(ROOT):
        for cell, kind, text in _printed(i18n.lesson_path(ROOT, english.name, lang)):
            words = _english_words(text)
            if words:
                found.append(f"{lang}/{english.name} cell {cell + 1} ({kind}): {sorted(words)}: {text[:120]!r}")
            # Czech groups thousands with a space and never writes a decimal point; "4,000" is English
            # ("0,049" is a Czech decimal: only a group of 000, or two groups, are surely thousands)
            if lang == "cs" and kind == "stream" and re.search(r"\d\.\d|\d,000\b|\d,\d{3},\d", text):
                found.append(f"{lang}/{english.name} cell {cell + 1}: an English number: {text[:120]!r}")
            # Greek groups thousands with a point ("98.280"): a point before one, two, or four or more
            # digits is an English decimal point ("0.57", "0.57685")
            if lang == "el" and kind == "stream" and re.search(r"(?<![\d.,])\d+\.(\d{1,2}|\d{4,})(?!\d|[.,]\d)", text):
                found.append(f"{lang}/{english.name} cell {cell + 1}: an English number: {text[:120]!r}")
    assert not found, "\n".join(found[:10])


def test_the_english_message_check_finds_the_leftovers_of_issue_15() -> None:
    """What the Czech lessons printed before the messages were translated is caught."""
    for leftover in ("1-6 is ambiguous: it can be played as '1-6 left', '1-6 right'; name the end, in block after 2 "
                     "actions; Player 1 (seat 0) to play, holding 2-3 1-6; open ends: left=6 right=6; boneyard 0",
                     "0-0 is illegal: it fits no open end, in draw after 1 actions",
                     "matador 0-0 first vs greedy:   0%|          | 0/4000 [00:00<?, ?game/s]"):
        assert _english_words(leftover), leftover
    assert not _english_words("1-6 není jednoznačný: lze ho zahrát jako '1-6 left', '1-6 right'; uveďte konec, "
                              "pozice: Slepá ulička, odehráno tahů: 2; volné konce: vlevo 6, vpravo 6 (COM-4)")
    assert not _english_words("[Action.parse('take'), Action.parse('stand')]; 1-5 right: hned 5 bodů")


# ------------------------------------------------------------------ make lab / make app, nbval


def _make_n(target: str, lang: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "MAKEFLAGS", "MAKELEVEL")}
    if lang is not None:
        env["LANG"] = lang  # make imports the environment: the shell's locale arrives as LANG
    proc = subprocess.run(["make", "-n", "-C", str(ROOT), target], capture_output=True, text=True, env=env,
                          check=True)
    return proc.stdout


@pytest.mark.parametrize("lang", [None, "", "C.UTF-8", "en_US.UTF-8", "cs_CZ.UTF-8", "de", "locale"])
def test_make_lab_opens_the_english_lessons_for_any_locale(lang: str | None) -> None:
    lab, app = _make_n("lab", lang), _make_n("app", lang)
    assert "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb" in lab
    assert "voila notebooks/play.ipynb" in app
    assert "LANG=C.UTF-8" not in lab + app  # the user's locale is left as it is


@pytest.mark.parametrize("lang", LANGS)
def test_make_lab_lang_opens_that_language(lang: str) -> None:
    lab, app = _make_n("lab", lang), _make_n("app", lang)
    assert f"--LabApp.default_url=/lab/tree/notebooks/{lang}/00_start_here.{lang}.ipynb" in lab
    assert f"LANG=C.UTF-8 .venv/bin/voila notebooks/{lang}/play.{lang}.ipynb" in app  # "cs" is no locale
    trusted = next(line for line in lab.splitlines() if "jupyter trust" in line)
    assert "notebooks/*.ipynb" in trusted and f"notebooks/{lang}/00_start_here.{lang}.ipynb" in trusted
    assert f"for lang in {' '.join(LANGS)}; do (cd notebooks/$lang" in _make_n("notebooks", None)


def test_nbval_collects_every_language_with_the_lessons_settings() -> None:
    """``make test``'s nbval line: the translated lessons are collected too, and nothing else."""
    setting = re.search(r"^NBVAL\s*:=(.*)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert setting is not None
    nbval = setting[1].split()
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", *nbval],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    files = {line.split("::")[0] for line in proc.stdout.splitlines() if "::" in line}
    expected = {f"notebooks/{p.name}" for p in i18n.english_lessons(ROOT)}
    expected |= {f"notebooks/{lang}/{i18n.lesson_name(p.name, lang)}"
                 for lang in LANGS for p in i18n.english_lessons(ROOT)}
    assert files == expected


@pytest.mark.parametrize("lang", LANGS)
def test_readme_links_each_language_first_steps_and_its_binder(lang: str) -> None:
    binder = f"https://mybinder.org/v2/gh/OWNER/REPO/HEAD?urlpath=lab/tree/notebooks/{lang}/00_start_here.{lang}.ipynb"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if f"(docs/first-steps.{lang}.md)" in x)
    assert binder in line
    doc = ROOT / "docs" / f"first-steps.{lang}.md"
    text = doc.read_text(encoding="utf-8")
    assert binder in text and f"make lab LANG={lang}" in text and f"rules.{lang}.md" in text
    for target in re.findall(r"\]\(([^)#]+)\)", text):  # the relative links lead somewhere
        if "://" not in target:
            assert (doc.parent / target).exists(), f"{doc.name}: {target}"


# ------------------------------------------------------------------ the check catches each drift


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the English lessons (without their outputs: the check never reads them), the Czech
    catalog made current for them, and the Czech lessons built from it."""
    root = tmp_path_factory.mktemp("lessons")
    (root / "notebooks" / "locale").mkdir(parents=True)
    for nb in i18n.english_lessons(ROOT):
        data = json.loads(nb.read_text(encoding="utf-8"))
        for cell in data["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"] = []
        (root / "notebooks" / nb.name).write_text(json.dumps(data, indent=1), encoding="utf-8")
    shutil.copy(NOTEBOOKS / "locale" / "cs.po", root / "notebooks" / "locale" / "cs.po")
    current = {m for nb in i18n.english_lessons(root) for m in i18n.messages(nb)}

    def complete(cat: Any) -> None:  # these tests need a current catalog, not a finished translation
        for ctx, text in current:
            m = cat.get(text, context=ctx)
            if m is None:
                cat.add(text, text, context=ctx)
            elif m.fuzzy or not m.string:
                m.string = m.string or text
                m.flags.discard("fuzzy")
        for m in list(cat):
            if m.id and (m.context, m.id) not in current:
                cat.delete(m.id, context=m.context)
    _edit_catalog(root, complete)
    i18n.build(root, ["cs"])
    assert i18n.problems(root, "cs") == []
    return root


@pytest.fixture
def repo(pristine: Path, tmp_path: Path) -> Path:
    """A fresh copy of `pristine` for one test to change."""
    shutil.copytree(pristine / "notebooks", tmp_path / "notebooks")
    return tmp_path


def _edit_notebook(path: Path, index: int, change: Any) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = nb["cells"][index]
    cell["source"] = change(i18n._source(cell))
    path.write_text(json.dumps(nb, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _first(path: Path, kind: str) -> int:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return next(i for i, c in enumerate(cells) if c["cell_type"] == kind and i18n._source(c).strip())


def _edit_catalog(root: Path, change: Any) -> None:
    path = root / "notebooks" / "locale" / "cs.po"
    with open(path, "rb") as f:
        cat = read_po(f, locale="cs")
    change(cat)
    with open(path, "wb") as f:
        write_po(f, cat, width=0, sort_output=False)


def test_a_changed_english_text_is_missing_then_fuzzy_until_confirmed(repo: Path) -> None:
    english = repo / "notebooks" / "01_block.ipynb"
    i = _first(english, "markdown")
    _edit_notebook(english, i, lambda s: s.replace("The simplest domino game", "The easiest domino game"))
    found = i18n.problems(repo, "cs")
    assert any("01_block.ipynb: no translation of '# The block game" in p for p in found)
    assert any(f"01_block.cs.ipynb: markdown cell {i + 1} lags behind" in p for p in found)
    assert any("stale translation of '# The block game" in p for p in found)  # the old text's translation

    i18n.extract(repo)  # the old translation is kept as a suggestion, marked fuzzy
    found = i18n.problems(repo, "cs")
    assert any("01_block.ipynb: the English changed, confirm the translation of '# The block game" in p for p in found)
    assert not any("stale" in p or "no translation" in p for p in found)
    with pytest.raises(SystemExit, match="no current translation"):
        i18n.build(repo, ["cs"])  # a fuzzy translation is never built

    def confirm(cat: Any) -> None:
        for m in cat:
            if m.fuzzy and m.id:
                m.flags.discard("fuzzy")
    _edit_catalog(repo, confirm)
    i18n.build(repo, ["cs"])
    assert i18n.problems(repo, "cs") == []


def test_an_emptied_translation_is_missing(repo: Path) -> None:
    def empty(cat: Any) -> None:
        cat.get(i18n._source(json.loads((repo / "notebooks" / "02_draw.ipynb").read_text())["cells"][0]),
                context="02_draw").string = ""
    _edit_catalog(repo, empty)
    assert any("02_draw.ipynb: no translation of '# The draw games" in p for p in i18n.problems(repo, "cs"))


def test_a_translation_no_lesson_has_is_stale(repo: Path) -> None:
    _edit_catalog(repo, lambda cat: cat.add("A cell that was removed.", "Buňka, která byla odstraněna.",
                                            context="03_all_fives"))
    assert i18n.problems(repo, "cs") == [
        "cs: 03_all_fives: stale translation of 'A cell that was removed.': no English lesson has this text any "
        "more (run `python -m domino_widgets.lessons_i18n extract`)"]
    i18n.extract(repo)  # extract drops it
    assert i18n.problems(repo, "cs") == []


def test_a_built_lesson_that_lags_behind_its_catalog(repo: Path) -> None:
    english = repo / "notebooks" / "04_matador.ipynb"
    text = i18n._source(json.loads(english.read_text())["cells"][0])

    def retranslate(cat: Any) -> None:
        m = cat.get(text, context="04_matador")
        m.string = str(m.string).replace("Matador", "Matador!", 1)
    _edit_catalog(repo, retranslate)
    assert i18n.problems(repo, "cs") == [
        "cs: 04_matador.cs.ipynb: markdown cell 1 lags behind its English lesson or its catalog (build again)"]
    i18n.build(repo, ["cs"])
    assert i18n.problems(repo, "cs") == []


def test_a_changed_english_code_cell_makes_the_built_lesson_lag(repo: Path) -> None:
    english = repo / "notebooks" / "00_start_here.ipynb"
    i = _first(english, "code")
    _edit_notebook(english, i, lambda s: s + "\nimport fractions")
    assert i18n.problems(repo, "cs") == [
        f"cs: 00_start_here.cs.ipynb: code cell {i + 1} differs from the English lesson beyond the language "
        "setting and the sentences (build again; change code in the English lesson only)"]


def test_a_code_cell_edited_in_the_translation_is_caught(repo: Path) -> None:
    built = repo / "notebooks" / "cs" / "05_bergen.cs.ipynb"
    i = _first(built, "code")
    _edit_notebook(built, i, lambda s: s.replace("import random", "import random  # náhoda"))
    assert i18n.problems(repo, "cs") == [
        f"cs: 05_bergen.cs.ipynb: code cell {i + 1} differs from the English lesson beyond the language "
        "setting and the sentences (build again; change code in the English lesson only)"]


def test_a_lesson_not_built_and_a_built_lesson_without_english(repo: Path) -> None:
    (repo / "notebooks" / "cs" / "06_twentyone.cs.ipynb").rename(repo / "notebooks" / "cs" / "06_twentyone.ipynb")
    assert i18n.problems(repo, "cs") == [
        "cs: 06_twentyone.cs.ipynb: not built (run `python -m domino_widgets.lessons_i18n build`)",
        "cs: 06_twentyone.ipynb: a lesson in cs is named 06_twentyone.cs.ipynb (remove this one)"]


def test_language_setting_and_sentences_are_translated_and_nothing_else(repo: Path) -> None:
    """A code cell's ``dw.set_language("en")`` and the sentences it prints (``print(f"...")``) are
    the only parts of it that change; the sentence is a message of the catalog like a markdown
    cell, and in the translation each field is written as the language writes it."""
    english = repo / "notebooks" / "07_solitaire.ipynb"
    i = _first(english, "code")
    code = 'dw.set_language("en")\nleft = 3\nprint(f"{left} tiles are left.")'
    _edit_notebook(english, i, lambda s: s + "\n" + code)
    assert any("no translation of '{left} tiles are left.'" in p for p in i18n.problems(repo, "cs"))
    i18n.extract(repo)

    def translate(cat: Any) -> None:
        cat.get("{left} tiles are left.", context="07_solitaire").string = "Zbývají {left} kostky."
    _edit_catalog(repo, translate)
    i18n.build(repo, ["cs"])
    assert i18n.problems(repo, "cs") == []
    built = i18n._source(json.loads((repo / "notebooks" / "cs" / "07_solitaire.cs.ipynb").read_text())["cells"][i])
    assert built.endswith('dw.set_language("cs")\nleft = 3\nprint(f"Zbývají {dw.in_language(left)} kostky.")')

    # a sentence changed by hand in the built lesson is the catalog's to change
    _edit_notebook(repo / "notebooks" / "cs" / "07_solitaire.cs.ipynb", i, lambda s: s.replace("Zbývají", "Zůstaly"))
    assert i18n.problems(repo, "cs") == [
        f"cs: 07_solitaire.cs.ipynb: code cell {i + 1} lags behind its English lesson or its catalog (build again)"]


def test_a_translation_that_loses_or_changes_a_field_is_caught(repo: Path) -> None:
    """The fields of a sentence are code (``{cost:.1f}``): a translation must keep every one, or
    the translated lesson would print another value, or none. The check lists it, the build
    refuses it."""
    english = repo / "notebooks" / "03_all_fives.ipynb"
    text = next(t for t, _ in i18n.code_messages(english) if t.startswith("The 5 points now cost {cost:.1f}"))
    for wrong in (lambda s: s.replace("{cost:.1f}", "{cost:.2f}"), lambda s: s.replace("{cost_at_random:.1f}", "?"),
                  lambda s: s.replace("{cost:.1f}", "{cost}")):
        def spoil(cat: Any, wrong: Any = wrong) -> None:
            m = cat.get(text, context="03_all_fives")
            m.string = wrong(str(m.string))
        _edit_catalog(repo, spoil)
        found = i18n.problems(repo, "cs")
        assert found == [f"cs: 03_all_fives.ipynb: the translation of {text[:60]!r} must keep its fields "
                         "['{cost:.1f}', '{cost_at_random:.1f}']"], found
        with pytest.raises(SystemExit, match="must keep its fields"):
            i18n.build(repo, ["cs"])
        shutil.copy(NOTEBOOKS / "locale" / "cs.po", repo / "notebooks" / "locale" / "cs.po")

"""The rule sheets' vocabulary (issue 25): every Czech or Greek text of the kit uses the words of
its language's rule sheet (`domino_widgets.glossary`), never a listed synonym."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from domino_widgets import glossary
from domino_widgets.glossary import GLOSSARY, banned_in

ROOT = Path(__file__).resolve().parent.parent
LANGS = sorted(GLOSSARY)


def _po_texts(path: Path, lang: str):
    with path.open("rb") as fh:
        cat = read_po(fh, locale=lang)
    for msg in cat:
        if not msg.id or not msg.string:
            continue
        strings = msg.string if isinstance(msg.string, (tuple, list)) else (msg.string,)
        for s in strings:
            yield f"{path.relative_to(ROOT)} [{msg.context}] {str(msg.id)[:60]!r}", s


def _notebook_texts(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        yield f"{path.relative_to(ROOT)} cell {i}", "".join(cell.get("source", ""))
        for out in cell.get("outputs", []):
            text = out.get("text") or ""
            data = out.get("data", {})
            for mime in ("text/plain", "text/markdown", "text/html"):
                text += "".join(data.get(mime, ""))
            yield f"{path.relative_to(ROOT)} cell {i} output", "".join(text)


def _sources(lang: str):
    yield from _po_texts(ROOT / "domino_widgets" / "locale" / f"{lang}.po", lang)
    yield from _po_texts(ROOT / "notebooks" / "locale" / f"{lang}.po", lang)
    for doc in sorted((ROOT / "docs").glob(f"*.{lang}.md")):
        if doc.name.startswith("glossary."):
            continue                     # the checklist names the banned words on purpose
        yield str(doc.relative_to(ROOT)), doc.read_text(encoding="utf-8")
    for nb in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        yield from _notebook_texts(nb)


@pytest.mark.parametrize("lang", LANGS)
def test_every_passage_is_quoted_word_for_word_from_the_sheet(lang):
    sheet = glossary.sheet_text(lang).replace("\xa0", " ")
    for term in GLOSSARY[lang]:
        assert term.passage.replace("\xa0", " ") in sheet, (term.english, term.passage)


@pytest.mark.parametrize("lang", LANGS)
def test_every_banned_form_is_caught(lang):
    for term in GLOSSARY[lang]:
        for form in term.banned:
            line = f"… {form} …"
            assert (term.english, form) in banned_in(lang, line), (term.english, form)
        assert not [e for e, _ in banned_in(lang, term.passage) if e == term.english], term.passage


def test_the_words_the_issue_named_are_banned():
    cs = {f for t in GLOSSARY["cs"] for f in t.banned}
    el = {f for t in GLOSSARY["el"] for f in t.banned}
    assert {"kámen", "kameny", "kamenů", "dublet", "talon", "nemůže, stojí", "napříč", "partie do"} <= cs
    assert {"πάγκος", "πέτρες", "πλακίδια", "σπίνερ", "βούλες", "διπλή", "κάθετα", "κλειστό ντόμινο"} <= el
    # a pass is not Twenty-one's stand, nor "it costs"
    assert banned_in("cs", "Kdo nemůže, stojí.") and not banned_in("cs", "Hráč 1 stojí na 17 (T21-2).")


@pytest.mark.parametrize("lang", LANGS)
def test_no_listed_synonym_appears_in_any_text_of_the_language(lang):
    found = [(where, hit) for where, text in _sources(lang) for hit in banned_in(lang, text)]
    assert not found, "\n".join(f"{w}: {h}" for w, h in found[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_book_uses_the_sheet_words(lang):
    from domino_widgets.variants.rulebook import book_markdown

    assert not banned_in(lang, book_markdown(lang))


def test_the_readers_checklists_are_up_to_date():
    for lang in LANGS:
        path = glossary.checklist_path(lang)
        assert path.exists() and path.read_text(encoding="utf-8") == glossary.checklist(lang), \
            f"{path} is out of date: run python -m domino_widgets.glossary"
        text = path.read_text(encoding="utf-8")
        for term in GLOSSARY[lang]:
            assert term.passage in text and all(b in text for b in term.banned)


def test_the_sheets_are_read_from_the_project_alone(tmp_path, monkeypatch):
    """The glossaries name sheet files that exist in docs/sheets/, and `sheet_text` reads that
    folder only: a clone with nothing beside it has all it needs, and a project without its
    sheets fails loudly instead of reading a copy from elsewhere on the machine (issue 38)."""
    import re

    for lang in LANGS:
        named = re.findall(r"`(docs/sheets/[^`]+)`", glossary.checklist_path(lang).read_text(encoding="utf-8"))
        assert named and all((ROOT / p).is_file() for p in named), named
        assert glossary.sheet_text(lang) == (ROOT / "docs" / "sheets" / glossary.SHEETS[lang]).read_text(encoding="utf-8")
    clone = tmp_path / "clone"
    (clone / "docs" / "sheets").mkdir(parents=True)
    (tmp_path / "shared" / "sheets").mkdir(parents=True)  # a sibling folder, as on the machine the kit was written on
    for lang, name in glossary.SHEETS.items():
        (tmp_path / "shared" / "sheets" / name).write_text("not this one", encoding="utf-8")
        (clone / "docs" / "sheets" / name).write_text(f"the {lang} sheet", encoding="utf-8")
    monkeypatch.setattr(glossary, "_ROOT", clone)
    assert [glossary.sheet_text(lang) for lang in LANGS] == [f"the {lang} sheet" for lang in LANGS]
    for lang, name in glossary.SHEETS.items():
        (clone / "docs" / "sheets" / name).unlink()
        with pytest.raises(FileNotFoundError):
            glossary.sheet_text(lang)

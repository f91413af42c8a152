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


def _written_sources(lang: str):
    """The texts people write: the catalogs and the documents of a language."""
    yield from _po_texts(ROOT / "domino_widgets" / "locale" / f"{lang}.po", lang)
    yield from _po_texts(ROOT / "notebooks" / "locale" / f"{lang}.po", lang)
    for doc in sorted((ROOT / "docs").glob(f"*.{lang}.md")):
        if doc.name.startswith("glossary."):
            continue                     # the checklist names the banned words on purpose
        yield str(doc.relative_to(ROOT)), doc.read_text(encoding="utf-8")


def _built_sources(lang: str):
    """The lessons built from the catalog and executed (their outputs come from the package)."""
    for nb in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        yield from _notebook_texts(nb)


def findings(sources, check, lang: str) -> str:
    """What ``check(lang, text)`` finds in each text of ``sources`` (where, finding), one a line, the
    first 40; empty when nothing is found."""
    found = [(where, hit) for where, text in sources for hit in check(lang, text)]
    return "\n".join(f"{w}: {h}" for w, h in found[:40])


def _sources(lang: str):
    yield from _written_sources(lang)
    yield from _built_sources(lang)


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
def test_no_listed_synonym_appears_in_any_written_text_of_the_language(lang):
    found = findings(_written_sources(lang), banned_in, lang)
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_no_listed_synonym_appears_in_the_built_lessons(lang):
    """Fails until the lessons are rebuilt and re-executed after a catalog or package change."""
    found = findings(_built_sources(lang), banned_in, lang)
    assert not found, "rebuild and re-execute the lessons:\n" + found


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


def test_the_czech_glossary_claims_only_the_sheet_words():
    """The draw term names the sheet's «bere si … ze zálohy», «přibere si», not the kit's «dobrat»;
    the blocked and fitting terms are the sheet's «slepá ulička» and «nehodí»."""
    sheet = glossary.sheet_text("cs")
    by_english = {t.english: t for t in GLOSSARY["cs"]}
    draw = by_english["draw (take a tile from the boneyard)"]
    assert "dobrat" not in draw.word and "bere si" in sheet and "přibere si" in sheet
    assert "nehodí" in by_english["a tile fits"].passage
    assert "slepé uličky" in by_english["blocked (nobody can play)"].passage
    for english, form in [("pass", "pas"), ("a tile fits", "nepasuje"),
                          ("blocked (nobody can play)", "zablokovanou")]:
        assert (english, form) in banned_in("cs", f"… {form} …")


def test_the_greek_glossary_names_the_stock_the_blank_and_the_hand():
    assert ("boneyard", "στοίβα") in banned_in("el", "η στοίβα")
    assert ("blank (a half with no pips)", "ασπράκι") in banned_in("el", "το ασπράκι")
    assert ("hand (one deal played out)", "παρτίδα") in banned_in("el", "μια παρτίδα")
    assert ("hand (one deal played out)", "Το χέρι τελειώνει") in banned_in("el", "Το χέρι τελειώνει.")
    assert not banned_in("el", "ο παίκτης Β έχει μείνει με δύο ντόμινο στο χέρι του")


def _twentyone_texts(lang: str):
    """Every catalog text about Twenty-one, and the Twenty-one board as a person sees it."""
    from domino_widgets import render

    for where, text in _written_sources(lang):
        if "T21" in where or "twentyone" in where.lower() or "Twenty-one" in where:
            yield where, text
    svg = render.twentyone_svg([["1-2", "3-4"], 2], seat=0, current=0, stock=20, lang=lang)
    yield "the Twenty-one board", svg


def test_twenty_one_takes_from_the_zaloha_not_the_zasoba():
    """The Czech sheet's Twenty-one «přibere si ze zálohy»: its board and texts say záloha; «zásoba»
    is the solitaire's word (SOL)."""
    found = [where for where, text in _twentyone_texts("cs") if "zásob" in text.lower()]
    assert not found, found
    assert any("Záloha" in text or "záloha" in text for _, text in _twentyone_texts("cs"))

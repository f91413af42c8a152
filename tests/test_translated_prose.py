"""Numbers in the prose of the Czech and Greek lessons are written the way their language writes
them (issue 25): "4,000" reads as four in Czech and Greek, "0.151" is English. Czech writes
"4 000" and "0,151", Greek "4.000" and "0,151" (as Babel's format_decimal does); code spans and
formulas keep Python's notation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
LANGS = ("cs", "el")
#: English thousands ("4,000", "98,280": a first group that is not 0) and English decimals ("0.151");
#: in Greek "5.000" (a first group that is not 0, then groups of three) is Greek thousands.
_THOUSANDS = re.compile(r"(?<![\w.,])[1-9]\d{0,2}(?:,\d{3})+(?![\d,]*\d)")
_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.])")
_GREEK_THOUSANDS = re.compile(r"^[1-9]\d{0,2}(?:\.\d{3})+$")


def _prose(text: str) -> str:
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"`[^`]*`|\$[^$]*\$", " ", text)
    return re.sub(r"\]\([^)]*\)", "]", text)          # link targets


def english_numbers(text: str, lang: str) -> list[str]:
    """The numbers of a prose text written the English way.

    >>> english_numbers("Při 4,000 hrách: 0.151, `0.5`, 98 280, 0,383.", "cs")
    ['4,000', '0.151']
    >>> english_numbers("από 5.000 παιχνίδια, 0.151", "el")
    ['0.151']
    """
    prose = _prose(text)
    found = [m.group(0) for m in _THOUSANDS.finditer(prose)]
    for m in _DECIMAL.finditer(prose):
        if not (lang == "el" and _GREEK_THOUSANDS.match(m.group(0))):
            found.append(m.group(0))
    return sorted(found, key=prose.find)


def test_the_finder_finds_the_issues_examples():
    assert english_numbers("4,000 0.151 98,280", "cs") == ["4,000", "0.151", "98,280"]
    assert english_numbers("4\u00a0000 0,151 98\u00a0280", "cs") == []
    assert english_numbers("4.000 0,151 98.280", "el") == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_lessons_catalog_writes_numbers_in_its_language(lang):
    with (ROOT / "notebooks" / "locale" / f"{lang}.po").open("rb") as fh:
        cat = read_po(fh, locale=lang)
    bad = [(m.context, n) for m in cat if m.id and isinstance(m.string, str) and m.string
           for n in english_numbers(m.string, lang)]
    assert not bad, bad


@pytest.mark.parametrize("lang", LANGS)
def test_the_built_lessons_write_numbers_in_their_language(lang):
    bad = []
    for path in sorted((ROOT / "notebooks" / lang).glob("*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] == "markdown":
                bad += [(path.name, i, n) for n in english_numbers("".join(cell["source"]), lang)]
    assert not bad, bad


@pytest.mark.parametrize("lang", LANGS)
def test_the_explorers_text_names_the_plays_in_its_language(lang):
    """ "Povolené tahy: 0-1 left, 3-3 right", "Επιτρεπτές κινήσεις: draw" were English."""
    pytest.importorskip("ipywidgets")
    from domino_widgets.sentences import action
    from domino_widgets.core.actions import Action
    from domino_widgets.widgets.explorer import RuleExplorer

    e = RuleExplorer("block", lang=lang, hands=["1-3 0-0", "0-1 3-3 5-5"], leader=0)
    e.set_up(moves="1-3")
    line = e._repr_mimebundle_()["text/plain"].splitlines()[-1]
    assert action(Action.parse("0-1 left"), lang) in line and " left" not in line and " right" not in line, line
    d = RuleExplorer("draw", lang=lang, hands=["6-6 1-2", "0-1 0-2"], boneyard="3-4", leader=0)
    d.set_up(moves="6-6")
    line = d._repr_mimebundle_()["text/plain"].splitlines()[-1]
    assert "draw" not in line and action(Action.parse("draw"), lang) in line, line

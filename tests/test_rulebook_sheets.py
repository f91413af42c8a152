"""The rule book quotes the rule sheets word for word: every passage in «guillemets», in every
language of the book, appears in the Czech or the Greek rule sheet (docs/sheets/, only
whitespace and quote marks normalised); every quote is the same in every language, and where it
is not in the book's language it carries a translation in parentheses. Tags are checked where
they can be: a rule the sheet states in part carries an inline [A] for what it does not."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import domino_widgets as dw

from domino_widgets.variants import rulebook
from domino_widgets.variants.rulebook import en

ROOT = Path(__file__).resolve().parent.parent
SHEETS = {"cs": ROOT / "docs" / "sheets" / "cs.txt", "el": ROOT / "docs" / "sheets" / "el.txt"}
QUOTE = re.compile(r"«([^«»]+)»")
# A translation follows a quote in the book's own quote marks, in parentheses (or after a comma).
TRANSLATION = {"en": re.compile(r'^\s*[(,]\s*"[^"]+"'), "cs": re.compile(r"^\s*[(,]\s*„[^“]+“"),
               "el": re.compile(r"^\s*[(,]\s*“[^”]+”")}


def norm(text: str) -> str:
    """Whitespace and quote marks normalised, nothing else."""
    text = re.sub(r"[„“”\"«»‚‘’']", '"', text)
    return re.sub(r"\s+", " ", text).strip()


SHEET_TEXT = {lang: norm(path.read_text(encoding="utf-8")) for lang, path in SHEETS.items()}


def texts(lang: str) -> dict[str, str]:
    """Every text of the rule book in ``lang``, by its catalog context."""
    t = rulebook._texts(lang)
    out = {"INTRO": t.INTRO, "HOUSE_INTRO": t.HOUSE_INTRO}
    out.update({f"SECTIONS.{p}": f"{a} {b}" for p, (a, b) in t.SECTIONS.items()})
    out.update({f"RULES.{rid}": text for rid, text in t.RULES.items()})
    out.update({f"READINGS.{rid}": f"{a} {b}" for rid, (a, b) in t.READINGS.items()})
    out.update({f"HOUSE.{rid}": text for rid, text in t.HOUSE})
    out.update({f"AS_SET.{rid}.{c}": text for rid, cases in t.AS_SET.items() for c, text in cases.items()})
    out.update({f"HOUSE_AS_SET.{rid}.{c}": text for rid, cases in t.HOUSE_AS_SET.items() for c, text in cases.items()})
    out.update({f"LABELS.{k}": text for k, text in t.LABELS.items()})
    return out


def sheet_of(quote: str) -> str | None:
    q = norm(quote)
    found = [lang for lang, text in SHEET_TEXT.items() if q in text]
    return found[0] if found else None


def test_the_sheets_ship_with_the_project() -> None:
    assert "SLEPÉ ULI" in SHEET_TEXT["cs"] and "Όλα 5" in SHEET_TEXT["el"]
    assert (ROOT / "docs" / "sheets" / "README.md").read_text(encoding="utf-8").count("rule sheet") >= 2


@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_every_quote_is_the_sheets_own_words(lang: str) -> None:
    bad = []
    for where, text in texts(lang).items():
        if where in ("INTRO",):  # the intro explains the «guillemets»
            continue
        for m in QUOTE.finditer(text):
            if sheet_of(m.group(1)) is None:
                bad.append((where, m.group(1)))
    assert not bad, f"{lang}: quoted but not in the sheets: {bad}"


@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_each_quote_is_in_every_language_with_a_translation(lang: str) -> None:
    english = texts("en")
    missing, untranslated = [], []
    for where, text in texts(lang).items():
        if where == "INTRO":
            continue
        ours = [m.group(1) for m in QUOTE.finditer(text)]
        theirs = [m.group(1) for m in QUOTE.finditer(english[where])]
        if sorted(map(norm, ours)) != sorted(map(norm, theirs)):
            missing.append((where, ours, theirs))
        for m in QUOTE.finditer(text):
            if sheet_of(m.group(1)) != lang and not TRANSLATION[lang].match(text[m.end():]):
                untranslated.append((where, m.group(1)))
    assert not missing, f"{lang}: quotes differ from the English book: {missing}"
    assert not untranslated, f"{lang}: a quote without a translation: {untranslated}"


@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_the_readings_quote_the_sheet(lang: str) -> None:
    """Every [R] rule says what the sheet says in the sheet's own words."""
    for rid, (source, _why) in rulebook._texts(lang).READINGS.items():
        assert QUOTE.search(source), (lang, rid)


@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_no_seed_text_in_what_a_person_reads(lang: str) -> None:
    """The sources are "the Czech rule sheet" / "the Greek rule sheet"; "seed" is the random seed."""
    words = {"en": ["seed text", "seed option", "(seed)", "the seed says", "seed's", "czech seed", "greek seed"],
             "cs": ["předloh", "seedu"], "el": ["επιλογή του κειμένου", "το κείμενο λέει"]}[lang]
    for where, text in texts(lang).items():
        low = text.lower()
        assert not [w for w in words if w in low], (lang, where)


def test_tags() -> None:
    """[S] rules carry an inline [A] for ties and standard practice the sheets do not state; the
    tags the issue names are what they are."""
    p = rulebook.PROVENANCE
    assert p["T21-4"] == "D" and p["DCZ-6"] == "S" and p["MAT-5"] == "R"
    # issue 38: an option that plays against a sentence the book tags [S] is added [A], and a rule
    # the sheets imply without stating is a reading [R]
    assert p["DCZ-4"] == p["MAT-3"] == "S" and p["COM-4"] == "R"
    assert "Option [A] `standard=True`" in en.RULES["DCZ-4"] and "Option [A]: matadors" in en.RULES["MAT-3"]
    assert "other reading" not in en.RULES["DCZ-4"].lower() and "other reading" not in dict(en.HOUSE)["DCZ-4"]
    assert rulebook.OPTION_OF["DCZ-4"] == "standard" and rulebook.OPTION_OF["MAT-5"] == "last_tile_ends"
    for rid in ("COM-5", "A5-3", "A5-4", "BLK-5", "DCZ-5", "DCZ-6", "DRW-5", "BRG-1", "BRG-5", "T21-3", "MAT-5"):
        assert "[A]" in en.RULES[rid], rid
    # every inline [A] part is listed among the house rules
    house = {rid for rid, _ in en.HOUSE}
    assert {rid for rid, text in en.RULES.items() if "[A]" in text} <= house
    # [R] rules name the option of their other reading
    for rid, tag in p.items():
        if tag == "R":
            assert rid in rulebook.OPTION_OF, rid
    # "tie" and "blocked" parts of [S] rules are marked
    for rid, text in en.RULES.items():
        if p[rid] == "S" and re.search(r"\b(tie|equal counts|tied)\b", text):
            assert "[A]" in text, rid


def test_where_a_sheet_states_a_thing_the_default_is_the_sheets() -> None:
    """BRG-1 (issue 38): the heading «BERGEN (2-3 hráči)» states the number of players, so the
    default is three and four (the pot text's reading) is the option."""
    assert "BERGEN (2-3 hráči)" in SHEET_TEXT["cs"]
    s = dw.new_game("bergen", seed=1)
    assert s.players == 3 and len(s.out_of_play) == 7 and dw.rules("bergen").options["players"] == 3
    assert dw.new_game("bergen", seed=1, players=4).players == 4
    assert en.RULES["BRG-1"].startswith("Three players by default")
    assert "«BERGEN (2-3 hráči)»" in en.READINGS["BRG-1"][0]


# Options that no rule needs to name: the rule states every value they take.
STATED_BY_THE_SHEET = {("twentyone", "players"): "T21-1: two to four players",
                       ("matador", "target"): "MAT-5: 'first to 5 [A]' (or 100 points with standard=True): added"}


def test_every_option_against_a_sheet_sentence_is_added() -> None:
    """Issue 38: an option that changes what a rule tagged [S] states is marked [A] in that rule
    (MAT-3's matadors at any time, DCZ-4's standard=True, SOL-1's hand_size); and every option of
    every variant is named by the book: the option of an [R] or [S] rule, in backticks in a rule of
    its game, or (pips) in the introduction."""
    p, t = rulebook.PROVENANCE, en.RULES
    for rid, param in rulebook.OPTION_OF.items():
        if p[rid] == "S" and param != "target":  # the sheets leave the target to the players (BLK-6, DRW-6)
            assert re.search(r"[Oo]ption \[A\]|option: [^.]*\[A\]", t[rid]), (rid, param)
    assert "`pips` [A]" in en.INTRO
    for name in dw.available_variants():
        v = dw.get_variant(name)
        texts = " ".join(text for rid, text in t.items() if rid.startswith(v.prefix + "-"))
        named = {param for rid, param in rulebook.OPTION_OF.items() if rid.startswith((v.prefix + "-", "COM-"))}
        for param in v.params:
            if param.name == "pips" or (name, param.name) in STATED_BY_THE_SHEET:
                continue
            one_value = param.name == "players" and all(
                _refused(v, {"players": n}) for n in range(1, 9) if n != param.default)
            assert one_value or param.name in named or f"`{param.name}" in texts, (name, param.name)


def _refused(v, params) -> bool:
    try:
        v.check_params(params)
    except Exception:
        return True
    return False

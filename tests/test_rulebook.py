"""The rule book inside the package (docs/rules*.md are generated from it and must not drift),
every rule with its provenance in every language, and `dw.rules` for each variant."""

from __future__ import annotations

from pathlib import Path

import pytest

import domino_widgets as dw
from domino_widgets.core.errors import ParameterError
from domino_widgets.variants import rulebook
from domino_widgets.variants.rulebook.__main__ import doc_path

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_docs_are_generated_from_the_package_data(lang: str) -> None:
    """docs/rules*.md equal the book generated from the package (python -m domino_widgets.variants.rulebook)."""
    assert doc_path(ROOT / "docs", lang).read_text(encoding="utf-8") == rulebook.book_markdown(lang)


@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_every_rule_every_language_with_readings_for_r_rules(lang: str) -> None:
    texts = rulebook._texts(lang)
    assert set(texts.RULES) == set(rulebook.PROVENANCE)
    readings = {rid for rid, p in rulebook.PROVENANCE.items() if p == "R"}
    assert set(texts.READINGS) == readings
    assert all(s.strip() and w.strip() for s, w in texts.READINGS.values())
    assert [rid for rid, _ in texts.HOUSE] == [rid for rid, _ in rulebook._texts("en").HOUSE]
    assert set(texts.SECTIONS) == {rid.rsplit("-", 1)[0] for rid in rulebook.PROVENANCE}
    # every [A] rule is listed as a house rule
    added = {rid for rid, p in rulebook.PROVENANCE.items() if p == "A"} - {"BRG-7"}
    assert added <= {rid for rid, _ in texts.HOUSE}


def test_every_option_is_a_parameter_of_its_variant() -> None:
    prefixes = {dw.get_variant(n).prefix: dw.get_variant(n) for n in dw.available_variants()}
    for rid, param in rulebook.OPTION_OF.items():
        prefix = rid.rsplit("-", 1)[0]
        variants = [prefixes[prefix]] if prefix != "COM" else list(prefixes.values())  # a common rule: any game's
        assert any(param in {p.name for p in v.params} for v in variants), (rid, param)


@pytest.mark.parametrize("variant", dw.available_variants())
@pytest.mark.parametrize("lang", rulebook.LANGS)
def test_rules_sheet_for_every_variant(variant: str, lang: str) -> None:
    sheet = dw.rules(variant, lang=lang)
    prefix = dw.get_variant(variant).prefix
    assert any(r.id.startswith(prefix + "-") for r in sheet.rules)
    md, page, text = sheet._repr_markdown_(), sheet._repr_html_(), str(sheet)
    for r in sheet.rules:
        assert f"{r.id} [{r.provenance}]" in md and f'data-rule="{r.id}"' in page and r.id in text
    assert "<script" not in page


def test_rules_show_the_options_in_force() -> None:
    sheet = dw.rules("twentyone", lang="cs", rounds=True, players=3)
    assert sheet.options == {"players": 3, "rounds": True}
    assert "rounds=True` ✎" in sheet.markdown()
    with pytest.raises(ParameterError, match="rounds"):
        dw.rules("twentyone", rounds="yes")
    with pytest.raises(ParameterError, match="lang"):
        dw.rules("draw", lang="de")


def test_readme_links_the_rule_book_and_nothing_cites_a_missing_rules_md() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for lang in rulebook.LANGS:
        assert doc_path(Path("docs"), lang).as_posix() in readme
    for path in [ROOT / "README.md", *ROOT.glob("domino_widgets/**/*.py"), *ROOT.glob("tests/*.py")]:
        text = path.read_text(encoding="utf-8").replace("docs/rules.md", "")
        assert "RULES.md" not in text or path.name == "test_rulebook.py", path

"""Issue 40: a heading the kit writes into a lesson follows the lesson's heading order.

axe-core (heading-order) found the start lesson's rules output, an ``<h4>``, under a section's
``<h2>``: a screen reader's outline of the page then skips a level. The class: every heading of a
lesson's page as the saved notebook shows it, its Markdown cells' and its outputs' (the HTML an
output shows, else its Markdown), in every language, never goes more than one level deeper than
the heading before it; and a widget, which may stand under a heading of any level, writes none.
"""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path

import pytest

import domino_widgets as dw
from domino_widgets.variants import rulebook

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks").glob("*/*.ipynb"))

MARKDOWN_HEADING = re.compile(r"^(#{1,6})\s", re.MULTILINE)
HTML_HEADING = re.compile(r"<h([1-6])[\s>]", re.IGNORECASE)


def _text(value: str | list[str]) -> str:
    return "".join(value) if isinstance(value, list) else value


def _without_code(markdown: str) -> str:
    """Markdown without its fenced code (a ``# comment`` there is no heading)."""
    return re.sub(r"^```.*?^```", "", markdown, flags=re.MULTILINE | re.DOTALL)


def outline(notebook: dict) -> list[tuple[int, str]]:
    """The levels of a notebook's headings in page order, each with where it is.

    >>> outline({"cells": [{"cell_type": "markdown", "source": "# A\\n\\n## B"},
    ...                    {"cell_type": "code", "source": "", "outputs": [
    ...                        {"output_type": "display_data", "data": {"text/html": "<h4>C</h4>",
    ...                                                                 "text/markdown": "### C"}}]}]})
    [(1, 'cell 0'), (2, 'cell 0'), (4, 'cell 1, output 0')]
    """
    levels: list[tuple[int, str]] = []
    for i, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "markdown":
            levels += [(len(m.group(1)), f"cell {i}")
                       for m in MARKDOWN_HEADING.finditer(_without_code(_text(cell["source"])))]
            levels += [(int(m.group(1)), f"cell {i}") for m in HTML_HEADING.finditer(_text(cell["source"]))]
        for k, output in enumerate(cell.get("outputs", [])):
            data = output.get("data", {})
            if "text/html" in data:  # what Lab shows first, before the Markdown
                levels += [(int(m.group(1)), f"cell {i}, output {k}") for m in HTML_HEADING.finditer(_text(data["text/html"]))]
            elif "text/markdown" in data:
                levels += [(len(m.group(1)), f"cell {i}, output {k}")
                           for m in MARKDOWN_HEADING.finditer(_without_code(_text(data["text/markdown"])))]
    return levels


def skips(levels: list[tuple[int, str]]) -> list[str]:
    """Where a heading is more than one level deeper than the one before it (axe: heading-order).

    >>> skips([(1, "a"), (2, "b"), (4, "c"), (2, "d"), (3, "e")])
    ['c: h4 after h2']
    """
    return [f"{where}: h{level} after h{before}"
            for (before, _), (level, where) in pairwise(levels) if level > before + 1]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_a_lessons_headings_never_skip_a_level(path: Path) -> None:
    levels = outline(json.loads(path.read_text(encoding="utf-8")))
    assert levels and levels[0][0] == 1, levels[:3]
    assert skips(levels) == []


@pytest.mark.parametrize("lang", rulebook.LANGS)
@pytest.mark.parametrize("variant", dw.available_variants())
def test_the_rules_shown_in_a_lesson_are_a_section_below_the_lessons_and_the_panel_has_no_heading(
        variant: str, lang: str) -> None:
    from domino_widgets.widgets.rules_panel import RulesPanel

    sheet = dw.rules(variant, lang=lang)
    assert [level for level, _ in outline({"cells": [{"cell_type": "code", "source": "", "outputs": [
        {"output_type": "display_data", "data": {"text/html": sheet._repr_html_()}}]}]})] == [3]
    assert MARKDOWN_HEADING.findall(sheet.markdown()) == ["###"]
    panel = RulesPanel(lang)
    panel.show(dw.new_game(variant, seed=1), lang)
    panel.fold.selected_index = 0
    assert panel.body.value and not HTML_HEADING.search(panel.body.value), panel.body.value[:200]


@pytest.mark.parametrize("level", [0, 7, "3", 2.0, True])
def test_a_heading_level_outside_1_to_6_is_refused(level: object) -> None:
    from domino_widgets.core.errors import DominoError

    with pytest.raises(DominoError, match="1 to 6|1 až 6|1 έως 6"):
        dw.rules("block", lang="en").html(level)  # type: ignore[arg-type]

"""The README a newcomer reads in two minutes (issue 42): short, its picture drawn by the package's
own renderer as it draws today, and every teacher's guide and benchmark table that left it for
``docs/`` linked from it (``tests/test_links.py`` checks that each link leads to a file)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from domino_widgets import render
from domino_widgets.render.gallery import played

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PICTURE = ROOT / "docs" / "board.svg"

# the pages the README's long sections moved to, each with its first heading
GUIDES = {
    "docs/teaching-a-class.md": "# Teaching a class: `make class`",
    "docs/offline-site.md": "# In the browser, with no server: the JupyterLite site",
    "docs/assignments-and-contest.md": "# Assignments and a class contest",
    "docs/accessibility.md": "# Accessibility",
    "docs/adding-a-language.md": "# Adding a language",
    "docs/benchmarks.md": "# Benchmarks",
    "docs/review.md": "# The review and the hint",
    "docs/architecture.md": "# Architecture: the layers, and the path of a click",
}


def readme_picture() -> str:
    """The README's picture: an All Fives hand at move 15 of seeded random play (the gallery's),
    as Player 1 sees it, the double 5-5 chosen and the two ends it fits marked."""
    s = played("all_fives", 5, 15)
    return str(render.state_svg(s, seat=0, highlights=render.Highlights.from_actions(s.legal_actions(), selected="5-5")))


def test_the_readme_is_short_and_links_every_guide() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) < 200
    links = set(re.findall(r"\]\(([^)#\s]+)", text))
    for page, heading in GUIDES.items():
        assert page in links, f"README.md does not link {page}"
        assert (ROOT / page).read_text(encoding="utf-8").splitlines()[0] == heading


def test_the_picture_is_what_the_renderer_draws_now() -> None:
    """Rewrite it with ``DW_UPDATE_GOLDEN=1`` after a deliberate change of the drawing, and look."""
    svg = readme_picture()
    if os.environ.get("DW_UPDATE_GOLDEN"):
        PICTURE.write_text(svg, encoding="utf-8")
    assert "(docs/board.svg)" in README.read_text(encoding="utf-8")
    assert PICTURE.read_text(encoding="utf-8") == svg, "docs/board.svg is stale: run tests/test_readme.py with DW_UPDATE_GOLDEN=1"
    assert "5-5" in svg and 'class="domino table' in svg
    s = played("all_fives", 5, 15)  # Player 2's tiles and the boneyard stay face down: never named
    named = set(re.findall(r'data-tile="(\d+-\d+)"', svg)) | set(re.findall(r"Tile (\d+-\d+)", svg))
    assert named and not named & {str(t) for t in (*s.hand(1), *s.boneyard)}

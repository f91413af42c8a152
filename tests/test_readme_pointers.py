"""A file that sends the reader to "the README's X section" names a section the README still has
(issue 42 moved most sections into docs/*.md; board.css still pointed at the README's
Accessibility section, now docs/accessibility.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POINTER = re.compile(r"README's\s+[\"“]?([A-Z][\w ,'-]*?)[\"”]?\s+section", re.S)


def _files() -> list[Path]:
    package = [p for p in (ROOT / "domino_widgets").rglob("*") if p.suffix in {".py", ".css", ".js", ".md"}]
    return package + sorted((ROOT / "docs").glob("*.md")) + [ROOT / "Makefile"]


def test_the_pointer_finder_finds_pointers() -> None:
    assert POINTER.findall("see the README's Accessibility section.") == ["Accessibility"]
    assert POINTER.findall("part of the README's section \"What else\"") == []  # "this page was ..." notes


def test_every_pointer_to_a_readme_section_finds_it() -> None:
    headings = {m.strip().lower() for m in re.findall(r"^#+\s+(.*)$", (ROOT / "README.md").read_text(encoding="utf-8"),
                                                      re.M)}
    stale = [(str(p.relative_to(ROOT)), name) for p in _files() if p.is_file()
             for name in POINTER.findall(p.read_text(encoding="utf-8", errors="replace"))
             if name.strip().lower() not in headings]
    assert not stale, stale

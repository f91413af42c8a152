"""Every relative link of every lesson (English, Czech, Greek), of docs/*.md and of README.md leads
to a file that exists (issue 25: the Greek lessons linked ../docs/rules.el.md from notebooks/el/)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|\b(?:href|src)=\"([^\"]+)\"")


def _documents() -> list[Path]:
    lessons = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks").glob("*/*.ipynb"))
    return lessons + sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]


def _text(path: Path) -> str:
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def relative_links(text: str) -> list[str]:
    """The relative targets of a Markdown text's links (no scheme, no page anchor alone).

    >>> relative_links("[a](../docs/rules.md#blk-3) [b](https://x.org) [c](#top) <img src=\\"p.png\\">")
    ['../docs/rules.md', 'p.png']
    """
    out = []
    for m in LINK.finditer(text):
        target = m.group(1) or m.group(2)
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
            continue
        out.append(unquote(target.split("#")[0].split("?")[0]))
    return out


def test_the_link_finder_sees_links():
    assert relative_links("see [`docs/rules.el.md`](../docs/rules.el.md).") == ["../docs/rules.el.md"]
    assert len(_documents()) > 25


@pytest.mark.parametrize("doc", _documents(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_to_a_file(doc):
    missing = [t for t in relative_links(_text(doc)) if not (doc.parent / t).exists()]
    assert not missing, f"{doc.relative_to(ROOT)}: {missing}"

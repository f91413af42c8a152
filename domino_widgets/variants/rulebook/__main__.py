"""Write docs/rules.md, docs/rules.cs.md and docs/rules.el.md from the rule book's data:
``python -m domino_widgets.variants.rulebook [docs folder]``."""

from __future__ import annotations

import sys
from pathlib import Path

from . import LANGS, book_markdown


def doc_path(folder: Path, lang: str) -> Path:
    return folder / ("rules.md" if lang == "en" else f"rules.{lang}.md")


def main(argv: list[str]) -> None:
    folder = Path(argv[0]) if argv else Path("docs")
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGS:
        doc_path(folder, lang).write_text(book_markdown(lang), encoding="utf-8")
        print(doc_path(folder, lang))


if __name__ == "__main__":
    main(sys.argv[1:])

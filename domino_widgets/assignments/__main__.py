"""``python -m domino_widgets.assignments build [--out DIR] [--lessons 01_block ...] [--languages en cs el]``."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import DominoError
from .course import build, lesson_folders


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m domino_widgets.assignments",
                                     description="Build nbgrader assignments from the lessons.")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="one nbgrader course per language, one assignment per lesson")
    b.add_argument("--out", default="build/assignments", help="where the courses go (default build/assignments)")
    b.add_argument("--lessons", nargs="+", default=None, metavar="NAME", help="e.g. 01_block (default: all)")
    b.add_argument("--languages", nargs="+", default=None, choices=sorted(lesson_folders()),
                   help="default: every language with lessons")
    args = parser.parse_args(argv)
    try:
        made = build(args.out, args.lessons, args.languages)
    except DominoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for lang, lessons in made.items():
        print(f"{lang}: {len(lessons)} assignments in {args.out}/{lang} (students: release/, teacher: source/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

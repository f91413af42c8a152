"""``python -m domino_widgets.assignments build [--out DIR] [--lessons 01_block ...] [--languages en cs el]``
and ``python -m domino_widgets.assignments grade LESSON [--course DIR]`` (each submission in a fenced
process, then ``nbgrader autograde`` of its answers: `domino_widgets.assignments.grading`)."""

from __future__ import annotations

import argparse
import sys

from ..core.errors import DominoError
from .course import build, lesson_folders
from .grading import PER_CELL, autograde


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m domino_widgets.assignments",
                                     description="Build nbgrader assignments from the lessons.")
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="one nbgrader course per language, one assignment per lesson")
    b.add_argument("--out", default="build/assignments", help="where the courses go (default build/assignments)")
    b.add_argument("--lessons", nargs="+", default=None, metavar="NAME", help="e.g. 01_block (default: all)")
    b.add_argument("--languages", nargs="+", default=None, choices=sorted(lesson_folders()),
                   help="default: every language with lessons")
    g = sub.add_parser("grade", help="grade the submissions of a lesson (in place of nbgrader autograde)")
    g.add_argument("lesson", help="e.g. 01_block")
    g.add_argument("--course", default=".", help="the course folder of one language (default: here)")
    g.add_argument("--per-cell", type=float, default=PER_CELL, help=f"seconds a cell may run (default {PER_CELL})")
    args = parser.parse_args(argv)
    try:
        if args.command == "grade":
            runs = autograde(args.course, args.lesson, per_cell=args.per_cell, progress=True)
            print(f"{len(runs)} submissions of {args.lesson} graded; "
                  f"now: nbgrader generate_feedback {args.lesson}")
            return 0
        made = build(args.out, args.lessons, args.languages)
    except DominoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for lang, lessons in made.items():
        print(f"{lang}: {len(lessons)} assignments in {args.out}/{lang} (students: release/, teacher: source/)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m domino_widgets puzzles mine VARIANT --games N --out FILE [--jobs J] [--seed S]``.

Plays ``N`` seeded hands of ``VARIANT`` between the expert and the greedy player, keeps every
position the exact solver certifies (`domino_widgets.puzzles.mine`) and writes them as a puzzle
file (`domino_widgets.puzzles.model.dump`); prints how many it found, how many the greedy
player gets wrong, and the puzzles found per CPU minute.

>>> import tempfile, os
>>> out = os.path.join(tempfile.mkdtemp(), "p.json")
>>> main(["mine", "draw_cz", "--games", "6", "--out", out, "--no-progress"])  # doctest: +ELLIPSIS
draw_cz: ... puzzles from 6 hands (... greedy gets wrong), ... CPU s, ... per CPU minute; written to ...
0
>>> main(["mine", "bergen", "--games", "6", "--out", out])   # the reason goes to stderr
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from ..core.errors import DominoError
from ..sim.cli import _backend, _dask_client, _jobs, _positive
from .mine import mine
from .model import dump

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m domino_widgets puzzles",
                                     description="puzzles mined from real games, each with one verified answer")
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("mine", help="play seeded hands and keep the positions with one verified best play")
    m.add_argument("variant", help="block, draw_cz, draw, all_fives or matador")
    m.add_argument("--games", type=_positive, required=True, help="hands to play (seeds SEED .. SEED+N-1)")
    m.add_argument("--out", required=True, metavar="FILE", help="the puzzle file to write (JSON)")
    m.add_argument("--jobs", type=_jobs, default=1, help="parallel jobs (joblib; -1: all cores)")
    m.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    m.add_argument("--keep", type=_positive, default=None, help="keep at most this many (greedy's mistakes "
                   "first, then the quickest to verify)")
    m.add_argument("--backend", type=_backend, default=None, help="joblib backend (loky, dask, ...)")
    m.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler (implies --backend dask)")
    m.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``puzzles`` (argv without the word ``puzzles``); the exit status (2: bad input)."""
    args = build_parser().parse_args(argv)
    out = Path(args.out)
    if out.is_dir() or not out.parent.is_dir():
        print(f"error: --out {args.out}: give a file in an existing folder", file=sys.stderr)
        return 2
    backend = "dask" if args.scheduler is not None else args.backend
    stats: dict[str, float] = {}
    try:
        with _dask_client(args.scheduler, args.jobs) if backend == "dask" else nullcontext():
            found = mine(args.variant, args.games, seed=args.seed, jobs=args.jobs, backend=backend,
                         progress=not args.no_progress, stats=stats)
    except DominoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.keep is not None:
        found = found[: args.keep]
    try:
        out.write_text(dump(found), encoding="utf-8")
    except OSError as exc:
        print(f"error: --out {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    cpu = stats["cpu_seconds"]
    wrong = sum(not p.obvious for p in found)
    rate = len(found) / (cpu / 60) if cpu > 0 else float("nan")
    print(f"{args.variant}: {len(found)} puzzles from {args.games} hands ({wrong} greedy gets wrong), "
          f"{cpu:.1f} CPU s, {rate:.1f} per CPU minute; written to {out}")
    return 0

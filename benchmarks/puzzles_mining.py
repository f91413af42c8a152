"""Puzzles found per CPU minute, per line game (issue 41).

    python benchmarks/puzzles_mining.py --games 300 --jobs 1

mines ``--games`` seeded hands of each variant with `domino_widgets.puzzles.mine.mine` (expert
against greedy, every position small enough solved exactly, `LIMITS`) and prints, per variant,
the puzzles found, how many of them the greedy player gets wrong, the CPU seconds (summed over
the workers: the miner's own count) and the puzzles per CPU minute, with the load average.
"""

from __future__ import annotations

import argparse
import os

from domino_widgets.puzzles import PUZZLE_VARIANTS
from domino_widgets.puzzles.mine import mine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="hands per variant (default 300)")
    parser.add_argument("--variants", nargs="+", default=list(PUZZLE_VARIANTS))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=100_000, help="first seed (default 100000: not the shipped ones)")
    args = parser.parse_args()
    print(f"{'variant':10} {'hands':>6} {'puzzles':>8} {'greedy errs':>11} {'CPU s':>7} {'per CPU min':>11}")
    for v in args.variants:
        stats: dict[str, float] = {}
        found = mine(v, args.games, seed=args.seed, jobs=args.jobs, stats=stats)
        cpu = stats["cpu_seconds"]
        wrong = sum(not p.obvious for p in found)
        print(f"{v:10} {args.games:6d} {len(found):8d} {wrong:11d} {cpu:7.1f} {len(found) / cpu * 60:11.1f}",
              flush=True)
    print(f"jobs {args.jobs} on {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()

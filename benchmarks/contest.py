"""How long a class contest takes: N greedy-speed submissions x D deals x both seats per pairing.

    python benchmarks/contest.py --students 30 --deals 1000 --jobs 2

writes N submissions (rules of the kind lesson 03 teaches: each weighs the points a play scores
and its pips differently) into a temporary folder, runs `domino_widgets.sim.contest.contest` on
them with the reference players random and greedy, and prints the games played, the time, and
the league table's head.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from domino_widgets.sim.contest import contest

RULE = """from domino_widgets.players.rules import rule_player, heaviest, immediate_points
def rule(core, code):
    return {a} * immediate_points(core, code) + {b} * heaviest(core, code)
NAME = "student {i}"
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--variant", default="all_fives")
    parser.add_argument("--jobs", type=int, default=-1)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="contest-bench-"))
    for i in range(args.students):
        a, b = (i % 5) * 10, 1 - 2 * (i % 2)
        (folder / f"student_{i:02d}.py").write_text(RULE.format(a=a, b=b, i=i))
    entries = args.students + 2
    games = entries * (entries - 1) // 2 * args.deals * 2
    start, cpu = time.perf_counter(), time.process_time()
    result = contest(args.variant, folder, deals=args.deals, seed=args.seed, n_jobs=args.jobs, progress=True)
    wall = time.perf_counter() - start
    print("\n".join(str(result).splitlines()[:8]))
    print(f"{args.students} submissions + 2 references, {args.deals} deals x 2 seats per pairing: {games:,} games "
          f"in {wall:.0f} s ({games / wall:,.0f} games/s) on {os.cpu_count()} cores, jobs {args.jobs}, "
          f"load average {os.getloadavg()[0]:.1f}; disqualified: {len(result.disqualified)}")


if __name__ == "__main__":
    main()

"""Solitaire (SOL-1..5): each strategy's win rate over seeded deals, with 95% intervals.

Every strategy plays the same deals (seeds 0..N-1, the player's random source seeded alike)
through the public API: ``new_game("solitaire", seed=s)``, ``player.choose(state.view(), rng)``,
``state.play(action)``. The deals run in chunks on 2 joblib workers with a tqdm bar. Because
the deals are shared, the expert's edge over the greedy player is also given deal by deal
(a paired difference, with its 95% interval).

    python benchmarks/solitaire.py [--deals 100000] [--jobs 2] [--players random greedy expert]
"""

from __future__ import annotations

import argparse
import math
import random
import time

from joblib import Parallel, delayed
from tqdm import tqdm

import domino_widgets as dw
from domino_widgets.players.registry import get_player
from domino_widgets.sim.stats import Z95, wilson

CHUNK = 1000


def play_chunk(name: str, seeds: range) -> tuple[bytes, float]:
    """Play the deals of ``seeds`` with the player ``name``: one byte per deal (1 won), seconds."""
    player = get_player(name, variant="solitaire")
    won = bytearray()
    start = time.perf_counter()
    for seed in seeds:
        state = dw.new_game("solitaire", seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.play(player.choose(state.view(0), rng))
        assert state.outcome is not None
        won.append(state.outcome.reason == "won")
    return bytes(won), time.perf_counter() - start


def run(name: str, deals: int, jobs: int) -> tuple[bytes, float, float]:
    """All deals for one player: outcomes, wall seconds, summed worker seconds."""
    chunks = [range(i, min(i + CHUNK, deals)) for i in range(0, deals, CHUNK)]
    start = time.perf_counter()
    results = Parallel(n_jobs=jobs, return_as="generator")(delayed(play_chunk)(name, c) for c in chunks)
    parts = list(tqdm(results, total=len(chunks), desc=f"{name:>7}", unit="chunk", leave=False))
    wall = time.perf_counter() - start
    return b"".join(p[0] for p in parts), wall, sum(p[1] for p in parts)


def paired(a: bytes, b: bytes) -> tuple[float, float, float]:
    """Mean of a - b deal by deal, with its normal 95% interval."""
    n = len(a)
    diffs = [x - y for x, y in zip(a, b)]
    m = sum(diffs) / n
    var = sum((d - m) ** 2 for d in diffs) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return m, m - half, m + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=100_000, help="seeded deals per strategy (default 100000)")
    ap.add_argument("--jobs", type=int, default=2, help="joblib workers (default 2)")
    ap.add_argument("--players", nargs="*", default=["random", "greedy", "expert"])
    args = ap.parse_args()
    if args.deals < 2:
        ap.error("--deals must be at least 2")
    print(f"solitaire: {args.deals:,} seeded deals per strategy, {args.jobs} jobs")
    print(f"{'strategy':<8} {'won':>8} {'win rate':>9}   {'95% interval':<17} {'games/s':>8} {'per job':>8}")
    outcomes: dict[str, bytes] = {}
    for name in args.players:
        won, wall, busy = run(name, args.deals, args.jobs)
        outcomes[name] = won
        wins = sum(won)
        lo, hi = wilson(wins, len(won))
        print(f"{name:<8} {wins:>8,} {wins / len(won):>9.4%}   [{lo:.4%}, {hi:.4%}] "
              f"{len(won) / wall:>8,.0f} {len(won) / busy:>8,.0f}", flush=True)
    if "expert" in outcomes and "greedy" in outcomes:
        m, lo, hi = paired(outcomes["expert"], outcomes["greedy"])
        print(f"expert - greedy on the same deals: {m:+.4%}  95% interval [{lo:+.4%}, {hi:+.4%}]")


if __name__ == "__main__":
    main()

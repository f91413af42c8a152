"""Uniform random self-play: games/s and moves/s per variant, single process.

Each game is dealt from a seed and played to the end of the hand with the core's own
`legal_codes` / `apply_code` (the same functions every other layer asks), choosing uniformly
among the legal actions.

    python benchmarks/playouts.py [--seconds 3] [--variant block ...]
"""

from __future__ import annotations

import argparse
import random
import time

import domino_widgets as dw
from domino_widgets.core.engine import deal, new_core, random_playout


def bench(variant: str, seconds: float) -> tuple[float, float, float]:
    """One timed round: (games/s, moves/s, moves per game)."""
    cfg = dw.get_variant(variant).config({})
    rng = random.Random(12345)
    games = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(200):
            hands, stock, out, leader = deal(cfg, rng)
            c = new_core(cfg, hands=hands, stock=stock, out=out, leader=leader, seed=None)
            moves += random_playout(c, rng)
        games += 200
        now = time.perf_counter()
        if now >= deadline:
            dt = now - start
            return games / dt, moves / dt, moves / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="length of one timed round")
    ap.add_argument("--rounds", type=int, default=5, help="rounds per variant; best and median are shown")
    ap.add_argument("--variant", nargs="*", default=list(dw.available_variants()))
    args = ap.parse_args()
    print(f"{'variant':<10} {'games/s best':>13} {'median':>9} {'moves/s best':>13} {'moves/game':>11}")
    for v in args.variant:
        if dw.get_variant(v).factory is not None:
            continue  # Twenty-one and the solitaire are not line games (benchmarks/solitaire.py)
        rounds = sorted((bench(v, args.seconds) for _ in range(args.rounds)), reverse=True)
        best, median = rounds[0], rounds[len(rounds) // 2]
        print(f"{v:<10} {best[0]:>13,.0f} {median[0]:>9,.0f} {best[1]:>13,.0f} {best[2]:>11.1f}")


if __name__ == "__main__":
    main()

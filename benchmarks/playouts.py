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


def bench(variant: str, seconds: float) -> tuple[int, int, float]:
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
            return games, moves, now - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--variant", nargs="*", default=list(dw.available_variants()))
    args = ap.parse_args()
    print(f"{'variant':<10} {'games/s':>10} {'moves/s':>11} {'moves/game':>11}")
    for v in args.variant:
        try:
            dw.get_variant(v).config({})
        except dw.DominoError:
            continue
        games, moves, dt = bench(v, args.seconds)
        print(f"{v:<10} {games / dt:>10,.0f} {moves / dt:>11,.0f} {moves / games:>11.1f}")


if __name__ == "__main__":
    main()

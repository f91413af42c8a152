"""Tournaments through the player API: hands per second on one core, against references.

`domino_widgets.sim.tournament` builds a `PlayerView` for every decision and asks the player,
exactly as in class. Each line gives hands/s (best and median of ``--rounds`` timed rounds,
interleaved with the references, single process) and the ratios against references measured
in the same run:

* the previous version of this package (``benchmarks/_baseline.py``), the same tournament;
* OpenSpiel's ``python_block_dominoes``: its own raw random playouts through its state API (no
  players, no views), the yardstick of issue 13 ("not installed" when absent).

    python benchmarks/tournament.py [--hands 2000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

import domino_widgets as dw
from _baseline import load_baseline
from public_api import openspiel_block

CASES = [("block", "random"), ("block", "greedy"), ("all_fives", "greedy")]


def hands_per_second(run: Callable[[int], Any], hands: int) -> float:
    t0 = time.process_time()
    run(hands)
    return hands / (time.process_time() - t0)


def tournament_of(module: Any, variant: str, player: str) -> Callable[[int], Any]:
    return lambda n: module.sim.tournament(variant, [player, player], games=n, seed=0, progress=False, n_jobs=1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per timed round")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    base = load_baseline()
    spiel = openspiel_block()
    print(f"{'variant':<10} {'players':<18} {'hands/s best':>12} {'median':>8} {'previous':>9} {'x prev':>7} "
          f"{'OpenSpiel raw':>14} {'x OpenSpiel':>12}")
    for variant, player in CASES:
        ours, prev, raw = [], [], []
        for _ in range(args.rounds):
            ours.append(hands_per_second(tournament_of(dw, variant, player), args.hands))
            if base is not None:
                prev.append(hands_per_second(tournament_of(base, variant, player), args.hands // 4))
            if spiel is not None:
                raw.append(hands_per_second(spiel, args.hands // 4))
        med = statistics.median(ours)
        prev_txt = f"{statistics.median(prev):>9,.0f} {med / statistics.median(prev):>6.1f}x" if prev else (
            f"{'n/a':>9} {'':>7}")
        raw_txt = f"{statistics.median(raw):>14,.0f} {med / statistics.median(raw):>11.1f}x" if raw else (
            f"{'not installed':>14} {'':>12}")
        print(f"{variant:<10} {player + ' vs ' + player:<18} {max(ours):>12,.0f} {med:>8,.0f} {prev_txt} {raw_txt}",
              flush=True)
    print("(ratios are of medians; OpenSpiel raw = random playouts of python_block_dominoes, no players)")


if __name__ == "__main__":
    main()

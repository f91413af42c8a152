"""Exact tile inference: time per position, per variant (median and worst).

Positions come from seeded random games stopped at every move, seen by every seat. The time is
what a live panel pays for a fresh view: building the posterior (`domino_widgets.prob.inference`)
and every per-tile probability, without the cache.

    python benchmarks/inference.py [--games 40] [--repeat 3] [--variant draw ...] [--follow]

Each position is timed ``--repeat`` times and the best time kept (as `timeit` advises: on a
shared machine the slower runs measure the neighbours), both in CPU time of this process (what
the computation costs, unaffected by other processes) and in wall-clock time. ``--follow`` adds the can-follow table
for every number (the rest of a panel's `summary`). The last column is the rate of
`sample_hidden` on the worst position, for AI players that determinize.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

import domino_widgets as dw
from domino_widgets.prob import inference


def positions(variant: str, games: int) -> list[dw.PlayerView]:
    """Every view of every seat at every move of ``games`` random hands (hand over excluded)."""
    out: list[dw.PlayerView] = []
    rng = random.Random(2024)
    for seed in range(games):
        s = dw.new_game(variant, seed=seed)
        while not s.is_over:
            out.extend(s.view(seat) for seat in range(s.players))
            s = s.play(rng.choice(s.legal_actions()))
    return out


def time_view(view: dw.PlayerView, follow: bool) -> tuple[float, float]:
    """CPU and wall seconds for one fresh posterior and its tile table (GC off, as in `timeit`)."""
    gc.disable()
    try:
        return _time_view(view, follow)
    finally:
        gc.enable()


def _time_view(view: dw.PlayerView, follow: bool) -> tuple[float, float]:
    cpu, start = time.process_time(), time.perf_counter()
    post = inference.Posterior(view)
    post.tile_probabilities()
    if follow:
        for seat in post.seats:
            for n in range(view.pips + 1):
                post.miss({seat: inference.reach(post.ev.cfg, [n])})
    return time.process_time() - cpu, time.perf_counter() - start


def sample_rate(view: dw.PlayerView, seconds: float = 0.2) -> float:
    """`sample_hidden` calls per second on one view (the posterior is built once, then cached)."""
    rng = random.Random(1)
    inference.sample_hidden(view, rng)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        inference.sample_hidden(view, rng)
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    line_games = [v for v in dw.available_variants() if dw.get_variant(v).factory is None]  # not T21, SOL
    ap.add_argument("--variant", nargs="*", default=line_games)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--follow", action="store_true")
    args = ap.parse_args()
    print(f"{'variant':<10} {'positions':>9} {'median ms':>10} {'worst ms':>9} {'worst wall':>10} {'samples/s':>10}"
          "  worst position")
    for variant in args.variant:
        views = positions(variant, args.games)
        runs = [[time_view(v, args.follow) for _ in range(args.repeat)] for v in views]
        cpu = [min(c for c, _ in r) for r in runs]
        wall = [min(w for _, w in r) for r in runs]
        worst = max(range(len(cpu)), key=cpu.__getitem__)
        w = views[worst]
        where = f"move {len(w.history)}, seat {w.seat}, boneyard {w.boneyard_size}"
        print(f"{variant:<10} {len(views):>9} {1000 * statistics.median(cpu):>10.2f} {1000 * cpu[worst]:>9.2f}"
              f" {1000 * max(wall):>10.2f} {sample_rate(w):>10.0f}  {where}")


if __name__ == "__main__":
    main()

"""The expert's move time and its win rates against greedy and random, for every line variant.

    python benchmarks/ai.py [--moves 100] [--matches 100] [--hands 200] [--random-hands 100]
                            [--jobs 2] [--samples N] [--variant all_fives ...]

1. Move time: the expert (default strength unless ``--samples``) answers ``--moves`` decisions
   with at least two legal actions, taken from greedy self-play hands; median and 95th
   percentile of the wall time, and of the process CPU time (which other load on a shared
   machine does not inflate). Single process.
2. Win rates (`domino_widgets.sim.tournament`: seeded, every deal played from every seat) of the
   expert against greedy: whole matches (``--matches``) for the variants whose match counts
   points (``--match-variants``: all_fives to 150, block to 100, draw to 50), single hands
   (``--hands``) for the others; and against random over ``--random-hands`` hands. Each line
   gives the expert's win rate with its 95% Wilson interval, the ties, and its mean points
   margin (its points minus the best opponent's) per game. In ``bergen`` one expert sits with
   three copies of the opponent, so luck alone wins 1/4 of the hands; in an All Fives hand the
   "winner" is the player who goes out or has the lower count, so its margin, which counts
   the points scored in play (A5-4), says more than its win rate.

The default sizes take about ten minutes on two cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import domino_widgets as dw
from domino_widgets.core.state import PlayerView
from domino_widgets.players import get_player
from domino_widgets.players.expert import ExpertPlayer
from domino_widgets.players.registry import LINE_VARIANTS
from domino_widgets.sim.tournament import tournament


def decision_views(variant: str, count: int, seed: int = 2024) -> list[PlayerView]:
    """Views where the expert's seat has a real choice, from greedy self-play hands."""
    greedy = get_player("greedy", variant=variant)
    rng = random.Random(seed)
    views: list[PlayerView] = []
    deal = 0
    while len(views) < count:
        s = dw.new_game(variant, seed=seed + deal)
        deal += 1
        while not s.is_over:
            acts = s.legal_actions()
            if len(acts) > 1:
                view = s.view(s.current_player or 0)
                views.append(view)
                s = s.play(greedy.choose(view, rng))
            else:
                s = s.play(acts[0])
    return views[:count]


def move_times(variant: str, count: int, options: dict[str, Any]) -> tuple[list[float], list[float]]:
    expert = get_player("expert", variant=variant, **options)
    walls, cpus = [], []
    for i, view in enumerate(decision_views(variant, count)):
        w0, c0 = time.perf_counter(), time.process_time()
        expert.choose(view, random.Random(i))
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return walls, cpus


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def rate_line(variant: str, what: str, opponent: str, expert: str, games: int, jobs: int, matches: bool,
              params: dict[str, Any] | None = None) -> str:
    seats = dw.get_variant(variant).config(params or {}).players
    players = [expert] + [opponent] * (seats - 1)
    t0 = time.perf_counter()
    r = tournament(variant, players, games=games, seed=1, n_jobs=jobs, progress=False, matches=matches,
                   params=params)
    dt = time.perf_counter() - t0
    row = r.summary[0]
    others = [f"points_{label}" for label in r.players[1:]]
    margin = statistics.fmean(float(g[f"points_{r.players[0]}"]) - max(float(g[k]) for k in others)
                              for g in r.table)
    return (f"{variant:<10} {what:<16} {'vs ' + opponent:<10} {row['games']:>6} {row['win_rate']:>7.1%}  "
            f"[{row['ci_low']:.1%}, {row['ci_high']:.1%}]  {row['ties']:>5} {margin:>8.2f} {dt:>7.0f}s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", nargs="*", default=list(LINE_VARIANTS))
    ap.add_argument("--moves", type=int, default=100)
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--match-variants", nargs="*", default=["all_fives", "block", "draw"])
    ap.add_argument("--random-hands", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--samples", type=int, default=None, help="expert strength (default: its default)")
    args = ap.parse_args()
    options = {} if args.samples is None else {"samples": args.samples}
    expert = "expert" + ("" if args.samples is None else f":samples={args.samples}")
    strength = ExpertPlayer(**options)
    print(f"expert: samples={strength.samples}, rollout={strength.rollout}, sampler={strength.sampler_name}")

    if args.moves:
        print(f"\nmove time over {args.moves} decisions with a choice (single process)")
        print(f"{'variant':<10} {'median':>9} {'p95':>9} {'max':>9} {'cpu median':>11} {'cpu p95':>9}")
        for v in args.variant:
            walls, cpus = move_times(v, args.moves, options)
            print(f"{v:<10} {statistics.median(walls) * 1e3:>7.0f}ms {pct(walls, .95) * 1e3:>7.0f}ms "
                  f"{max(walls) * 1e3:>7.0f}ms {statistics.median(cpus) * 1e3:>9.0f}ms {pct(cpus, .95) * 1e3:>7.0f}ms",
                  flush=True)

    print("\nexpert's win rate (95% Wilson interval); margin: expert's points minus the best opponent's")
    print(f"{'variant':<10} {'games of':<16} {'opponent':<10} {'games':>6} {'win':>7}  {'95% interval':<16} "
          f"{'ties':>5} {'margin':>8} {'time':>8}")
    for v in args.variant:
        if args.hands and (v not in args.match_variants or not args.matches):
            print(rate_line(v, "hands", "greedy", expert, args.hands, args.jobs, False), flush=True)
        if args.matches and v in args.match_variants:
            target = dw.get_variant(v).config({}).params.get("target")
            print(rate_line(v, f"matches to {target}", "greedy", expert, args.matches, args.jobs, True), flush=True)
        if args.random_hands:
            print(rate_line(v, "hands", "random", expert, args.random_hands, args.jobs, False), flush=True)


if __name__ == "__main__":
    main()

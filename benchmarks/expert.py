"""The All Fives expert: hands per second, and strength against the previous expert and greedy.

    python benchmarks/expert.py [--hands 40] [--duel 400] [--matches 100] [--duel-matches 0] [--seeds 3] [--jobs 2]
                                [--pruning 4,2,2,1] [--epsilon 0]
                                [--same-as deecb0a --same 100]

1. Speed (single process): ``--hands`` All Fives hands of the expert against greedy through
   `domino_widgets.sim.tournament`, for the expert as it is (``prune=True``), the plain search
   of the previous expert in this code (``prune=False``: every action on every sample), and the
   previous version of the package (``benchmarks/_baseline.py``), interleaved; best and median of
   ``--rounds`` rounds and the ratios of the medians.
2. Strength, on the same deals: the expert against the plain search (``prune=False``), every deal
   played from both seats (``--duel`` hands): the expert's score (a won hand 1, a tie 1/2) with
   its 95% Wilson interval, and its mean points margin with a 95% interval.
3. Strength against greedy: ``--matches`` All Fives matches to 150 (A5-6) per seed of
   ``--seeds``, every deal from both seats: the expert's win rate with its 95% Wilson interval.
3b. Strength against the expert before (``--duel-matches``): the expert against
   ``ExpertPlayer(**BEFORE)`` (48 guesses, `PRUNING`, the points margin alone, the exact posterior
   alone, no merged plays: move for move the expert of before, ``--same-as``),
   matches to 150 on the same deals, every deal from both seats: the expert's share of the matches
   with its 95% Wilson interval.

4. The same games as another version (``--same-as COMMIT``, e.g. ``deecb0a``, the main branch
   before the fused rollouts): ``--same`` hands and a tenth as many matches to 150 of the expert
   against greedy, played by this version's `BEFORE` expert and by that version's own (``benchmarks/_baseline.py``) on the
   same seeds; the tables compared row for row. Identical games mean the expert plays move for
   move as that version's: on the same deals it scores exactly 50% against it, and it wins
   against greedy exactly what that version wins.

``--epsilon E`` (with or without ``--pruning``) tries another chance of a random move in the
rollouts (`ExpertPlayer`'s ``epsilon``, 0.1 by default) the same way; so do ``--samples N``,
``--merge yes|no`` and ``--reads R|none`` (e.g. ``--samples 48 --pruning 8,4,2,0 --merge no``:
the search before All Fives' own schedule, `SCHEDULES`).

``--pruning start,every,z,delta`` tries another pruning schedule (`Pruning`, ``delta`` in points
of margin): it is timed beside the others, and the duel and the matches play it, the duel
against the default expert on the same deals instead of the plain search.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import domino_widgets as dw
from _baseline import load_baseline
from domino_widgets.players.expert import BEFORE, ExpertPlayer, Pruning
from domino_widgets.players.line import GreedyPlayer
from domino_widgets.sim.stats import mean_interval, wilson


def hands_per_second(module: Any, expert: Any, hands: int, seed: int) -> float:
    greedy = module.players.get_player("greedy", variant="all_fives")
    t0 = time.process_time()
    module.sim.tournament("all_fives", [expert, greedy], games=hands, seed=seed, progress=False, n_jobs=1)
    return hands / (time.process_time() - t0)


def play_matches(a: Any, b: Any, what: str, games: int, seeds: list[int], jobs: int) -> None:
    """``games`` All Fives matches to 150 of ``a`` against ``b`` per seed (every deal from both
    seats): ``a``'s share of them with its 95% Wilson interval, per seed and, for several seeds,
    all together."""
    won = total = 0.0
    for seed in seeds:
        row = dw.sim.tournament("all_fives", [a, b], games=games, seed=seed, n_jobs=jobs, progress=False,
                                matches=True).summary[0]
        won += row["win_rate"] * row["games"]
        total += row["games"]
        print(f"{what}, {row['games']} matches to 150, seed {seed}: won {row['win_rate']:.1%} "
              f"[{row['ci_low']:.1%}, {row['ci_high']:.1%}]", flush=True)
    if len(seeds) > 1:
        lo, hi = wilson(won, total)
        print(f"{what}, all {total:,.0f} matches: won {won / total:.1%} [{lo:.1%}, {hi:.1%}]", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=40, help="hands per timed round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--duel", type=int, default=400, help="hands of the expert against the plain search")
    ap.add_argument("--matches", type=int, default=100, help="matches to 150 against greedy")
    ap.add_argument("--duel-matches", type=int, default=0, help="matches to 150 against the expert before (equity=False, reads=None)")
    ap.add_argument("--seeds", default="3", help="seeds of the matches, comma-separated (each plays --matches)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pruning", default=None, help="another schedule to try: start,every,z,delta")
    ap.add_argument("--epsilon", type=float, default=None, help="another rollout epsilon to try (default 0.1)")
    ap.add_argument("--samples", type=int, default=None, help="another number of guesses to try")
    ap.add_argument("--merge", choices=("yes", "no"), default=None, help="merge plays of one kind, or not")
    ap.add_argument("--reads", default=None, help="another reading to try: a number in [0, 1], or none")
    ap.add_argument("--same-as", default=None, metavar="COMMIT", help="compare the games with this version's")
    ap.add_argument("--same", type=int, default=100, help="hands for --same-as (and a tenth as many matches)")
    args = ap.parse_args()
    tried: dict[str, Any] | None = None  # the options of another expert to try
    if args.pruning:
        start, every, z, delta = args.pruning.split(",")
        tried = {"pruning": Pruning(int(start), int(every), float(z), {"points": float(delta)})}
    if args.epsilon is not None:
        tried = {**(tried or {}), "epsilon": args.epsilon}
    if args.samples is not None:
        tried = {**(tried or {}), "samples": args.samples}
    if args.merge is not None:
        tried = {**(tried or {}), "merge": args.merge == "yes"}
    if args.reads is not None:
        tried = {**(tried or {}), "reads": None if args.reads == "none" else float(args.reads)}
    name = " ".join(f"{k} {getattr(args, k)}" for k in ("pruning", "epsilon", "samples", "merge", "reads")
                    if getattr(args, k) is not None)

    if args.hands:
        base = load_baseline()
        contestants: list[tuple[str, Any, Any]] = [
            ("expert (prune=True)", dw, ExpertPlayer()),
            ("plain search (prune=False)", dw, ExpertPlayer(prune=False)),
        ]
        if tried is not None:
            contestants.append((name, dw, ExpertPlayer(**tried)))
        if base is not None:
            contestants.append(("previous version", base, base.players.get_player("expert", variant="all_fives")))
        rates: dict[str, list[float]] = {name: [] for name, _, _ in contestants}
        for r in range(args.rounds):
            for name, module, expert in contestants:
                rates[name].append(hands_per_second(module, expert, args.hands, seed=r))
        ours = statistics.median(rates["expert (prune=True)"])
        print(f"All Fives, expert vs greedy, hands/s on one core ({args.hands} hands x {args.rounds} rounds)")
        for name, _, _ in contestants:
            xs = rates[name]
            ratio = "" if name.startswith("expert") else f"  expert is {ours / statistics.median(xs):.2f}x"
            print(f"  {name:<28} best {max(xs):7.1f}  median {statistics.median(xs):7.1f}{ratio}", flush=True)

    if args.duel:
        if tried is None:
            pair, what = [ExpertPlayer(), ExpertPlayer(prune=False)], "expert vs plain search"
        else:
            pair, what = [ExpertPlayer(**tried), ExpertPlayer()], f"{name} vs the default expert"
        r = dw.sim.tournament("all_fives", pair, games=args.duel, seed=7, n_jobs=args.jobs, progress=False)
        new, old = r.players
        wins = sum(1 for g in r.table if g["winner"] == new)
        ties = sum(1 for g in r.table if g["winner"] is None)
        n = len(r.table)
        lo, hi = wilson(wins + ties / 2, n)
        margin = [float(g[f"points_{new}"]) - float(g[f"points_{old}"]) for g in r.table]
        m, mlo, mhi = mean_interval(margin)
        print(f"{what}, {n} hands on the same deals (both seats): score {(wins + ties / 2) / n:.1%} "
              f"[{lo:.1%}, {hi:.1%}] ({wins} won, {ties} tied); points margin {m:+.2f} [{mlo:+.2f}, {mhi:+.2f}]",
              flush=True)

    seeds = [int(x) for x in args.seeds.split(",")]
    if args.matches:
        expert = ExpertPlayer() if tried is None else ExpertPlayer(**tried)
        play_matches(expert, GreedyPlayer(), "expert vs greedy", args.matches, seeds, args.jobs)

    if args.duel_matches:
        play_matches(ExpertPlayer(), ExpertPlayer(**BEFORE),
                "expert vs the expert before (BEFORE: 48 guesses, PRUNING, no match equity, no reading, no "
                "merged plays), on the same deals", args.duel_matches,
                seeds, args.jobs)

    if args.same_as:
        other = load_baseline(args.same_as, name="dw_" + "".join(ch for ch in args.same_as if ch.isalnum()))
        if other is None:
            print(f"--same-as {args.same_as}: no git here to extract that version")
            return
        for what, games, matches in (("hands", args.same, False), ("matches to 150", max(2, args.same // 10), True)):
            tables = [list(module.sim.tournament("all_fives", [ExpertPlayer(**BEFORE) if module is dw else "expert",
                                                               "greedy"], games=games, seed=11,
                                                 n_jobs=args.jobs, progress=False, matches=matches).table)
                      for module in (dw, other)]
            same = sum(a == b for a, b in zip(*tables))
            verdict = "the same games" if same == len(tables[0]) == len(tables[1]) else "the games differ"
            print(f"expert vs greedy, {len(tables[0])} {what} on the same seeds as {args.same_as}: {same} identical "
                  f"({verdict})", flush=True)


if __name__ == "__main__":
    main()

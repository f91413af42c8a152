"""How stable is the review (`domino_widgets.players.review`) from seed to seed?

    python benchmarks/review_stability.py [--hands 15] [--first 1] [--seeds 4] [--student greedy|random]
                                          [--variants block,draw,...] [--samples N]

For each line game, ``--hands`` fixed hands (dealt by ``new_game(variant, seed=k)``, k = 1..hands),
played by a fixed "student" in seat 0 (``--student``, seeded by the hand) against greedy players:
the same deals and the same student moves for every seed. Each hand is reviewed for seat 0 with
``--seeds`` different seeds. A *decision* is a turn where the student had two legal actions or
more; its *verdict* under one seed is "flagged, preferring play X" or "not flagged". The
benchmark prints, per game and overall, the fraction of decisions whose verdict is the same
under every seed (the goal: at least 95%), the flagged decisions, and the review's time per
hand, wall clock and CPU (``time.process_time``: the machine may be shared), with the load
average of the machine (1, 5 and 15 minutes) when each game's line is printed.

The seed still drives the review's sampling (other seeds, other guesses of the hidden tiles):
a stable verdict comes from enough samples and honest intervals.
"""

from __future__ import annotations

import argparse
import inspect
import os
import random
import time
from typing import Any

import domino_widgets as dw
from domino_widgets.players import get_player
from domino_widgets.players.review import review, states_of

VARIANTS = ("block", "draw", "all_fives", "draw_cz", "matador", "bergen")


def student_hand(variant: str, k: int, student: str) -> Any:
    """Hand ``k`` of ``variant`` played to its end: seat 0 by ``student``, the others greedy."""
    state = dw.new_game(variant, seed=k)
    players = [get_player(student, variant=variant)] + [get_player("greedy", variant=variant)
                                                       for _ in range(state.players - 1)]
    rng = random.Random(f"student:{variant}:{k}")
    while not state.is_over:
        seat = state.current_player
        state = state.play(players[seat].choose(state.view(seat), rng))
    return state


def decisions_of(state: Any, seat: int) -> list[int]:
    """The moves (counted from 1) where ``seat`` had a choice of two legal actions or more."""
    chain = states_of(state)
    return [i + 1 for i, before in enumerate(chain[:-1])
            if before.current_player == seat and len(before.legal_actions()) >= 2]


def verdicts(state: Any, seed: int, samples: int | None) -> dict[int, str]:
    """Per flagged decision (its move), the play the review prefers; the others are not flagged."""
    kwargs: dict[str, Any] = {"seed": seed}
    if samples is not None:
        kwargs["samples"] = samples
    return {d.move: str(d.best) for d in review(state, 0, **kwargs)}


def load() -> str:
    """The machine's load average over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=15)
    ap.add_argument("--first", type=int, default=1, help="the first hand (a run split in parts: --first 6 --hands 15)")
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--student", default="greedy", choices=("greedy", "random"))
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--samples", type=int, default=None, help="the review's samples (default: its own)")
    args = ap.parse_args()
    print(f"review({', '.join(str(p) for p in inspect.signature(review).parameters.values())})")
    print(f"hands {args.first}..{args.hands} of each game, student {args.student} in seat 0, seeds 0..{args.seeds - 1},"
          f" {os.cpu_count()} CPUs, load {load()}", flush=True)
    total_same = total = 0
    all_wall: list[float] = []
    all_cpu: list[float] = []
    for variant in args.variants.split(","):
        same = count = flagged = split = 0
        wall: list[float] = []
        cpu: list[float] = []
        for k in range(args.first, args.hands + 1):
            state = student_hand(variant, k, args.student)
            moves = decisions_of(state, 0)
            per_seed = []
            for seed in range(args.seeds):
                w0, c0 = time.perf_counter(), time.process_time()
                per_seed.append(verdicts(state, seed, args.samples))
                wall.append(time.perf_counter() - w0)
                cpu.append(time.process_time() - c0)
            for m in moves:
                answers = {v.get(m) for v in per_seed}
                count += 1
                same += len(answers) == 1
                flagged += any(a is not None for a in answers)
                split += len(answers) > 1 and None not in answers
        total_same += same
        total += count
        all_wall += wall
        all_cpu += cpu
        print(f"{variant:10} decisions {count:4}  same verdict under every seed {same:4} = {same / max(count, 1):6.1%}"
              f"  flagged by some seed {flagged:3} (preferred play differs: {split})"
              f"  per hand: wall {sum(wall) / len(wall):5.2f} s (max {max(wall):5.2f}),"
              f" CPU {sum(cpu) / len(cpu):5.2f} s (max {max(cpu):5.2f})  load {load()}", flush=True)
    print(f"{'overall':10} decisions {total:4}  same verdict under every seed {total_same:4} = "
          f"{total_same / max(total, 1):6.1%}  per hand: wall {sum(all_wall) / len(all_wall):5.2f} s,"
          f" CPU {sum(all_cpu) / len(all_cpu):5.2f} s (max {max(all_cpu):5.2f})  load {load()}")


if __name__ == "__main__":
    main()

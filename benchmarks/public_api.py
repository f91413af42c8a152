"""Random self-play through the public `GameState` API, side by side with its peers in one run.

A student's loop: ``s = dw.new_game(variant, seed=i)``, then ``s = s.play(choice(s.legal_actions()))``
until ``s.is_over``. Each figure is hands per second (best and median of ``--rounds`` timed rounds,
single process) and its ratio to a reference measured in the same run:

* block: OpenSpiel's ``python_block_dominoes`` through its public API (``new_initial_state``,
  ``chance_outcomes``, ``legal_actions``, ``apply_action``);
* all_fives: the ``all-fives-domino`` package (a ``DominoRound`` of two ``RandomBrain`` players);
* both: the previous version of this package (``benchmarks/_baseline.py``, the commit before the
  speed work), the same loop.

A peer that is not installed prints "not installed" (``pip install open_spiel all-fives-domino``).

    python benchmarks/public_api.py [--seconds 1] [--rounds 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import domino_widgets as dw
from _baseline import load_baseline

Loop = Callable[[int], int]  # plays ``n`` hands, returns the number of actions


def ours(module: Any, variant: str) -> Loop:
    def run(n: int) -> int:
        rng = random.Random(1)
        moves = 0
        for i in range(n):
            s = module.new_game(variant, seed=i)
            while not s.is_over:
                acts = s.legal_actions()
                s = s.play(acts[int(rng.random() * len(acts))])
                moves += 1
        return moves
    return run


def openspiel_block() -> Loop | None:
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the python games)
    except ImportError:
        return None
    game = pyspiel.load_game("python_block_dominoes")

    def run(n: int) -> int:
        rng = random.Random(1)
        moves = 0
        for _ in range(n):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outcomes = s.chance_outcomes()
                    s.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    acts = s.legal_actions()
                    s.apply_action(acts[int(rng.random() * len(acts))])
                    moves += 1
        return moves
    return run


def all_fives_domino() -> Loop | None:
    try:
        from src.main.game.Brain import RandomBrain
        from src.main.game.DominoRound import DominoRound
        from src.main.game.exceptions.Game import GameWinSignal
        from src.main.game.Game import Game
        from src.main.game.Player import Player
    except ImportError:
        return None

    def run(n: int) -> int:
        random.seed(1)
        for _ in range(n):
            p1, p2 = Player(RandomBrain(), "a"), Player(RandomBrain(), "b")
            game = Game(p1, p2)
            try:
                DominoRound(p1, p2, game).run()
            except GameWinSignal:
                pass
        return 0
    return run


def timed(loop: Loop, seconds: float) -> float:
    """Hands per second over one round of at least ``seconds``."""
    hands, batch = 0, 20
    start = time.process_time()
    while True:
        loop(batch)
        hands += batch
        dt = time.process_time() - start
        if dt >= seconds:
            return hands / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="length of one timed round")
    ap.add_argument("--rounds", type=int, default=5, help="rounds per contestant, interleaved")
    args = ap.parse_args()
    base = load_baseline()
    cases: list[tuple[str, list[tuple[str, Loop | None]]]] = [
        ("block", [("OpenSpiel python_block_dominoes", openspiel_block()),
                   ("previous version", ours(base, "block") if base else None)]),
        ("all_fives", [("all-fives-domino", all_fives_domino()),
                       ("previous version", ours(base, "all_fives") if base else None)]),
    ]
    print(f"{'variant':<10} {'contestant':<34} {'hands/s best':>12} {'median':>9} {'ours/them (best, median)':>26}")
    for variant, peers in cases:
        loops = [("domino_widgets", ours(dw, variant)), *peers]
        rates: dict[str, list[float]] = {name: [] for name, loop in loops if loop is not None}
        for _ in range(args.rounds):  # interleaved, so a noisy moment hits every contestant
            for name, loop in loops:
                if loop is not None:
                    rates[name].append(timed(loop, args.seconds))
        mine = rates["domino_widgets"]
        for name, loop in loops:
            if loop is None:
                print(f"{variant:<10} {name:<34} {'not installed':>12}")
                continue
            r = rates[name]
            ratio = "" if name == "domino_widgets" else (
                f"{max(mine) / max(r):>11.1f}x {statistics.median(mine) / statistics.median(r):>8.1f}x")
            print(f"{variant:<10} {name:<34} {max(r):>12,.0f} {statistics.median(r):>9,.0f} {ratio:>26}", flush=True)


if __name__ == "__main__":
    main()

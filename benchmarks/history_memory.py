"""Memory of a long line of play: every state of a hand is kept (undo, records), so the states
must share their history instead of each holding a copy (issue 10).

A hand of N passes cannot happen in a real game any more (COM-6 ends a hand nobody can play),
so this script builds one on purpose: an empty-handed block position with the engine's blocked
check switched off for the run. It plays N passes keeping every state (as `load_record` and the
widgets' undo do), asks the last state for its history and a view, and prints the memory
traced by `tracemalloc` (current and peak, MiB) and the time. It also plays one hand to each
of ``--targets`` different match targets and prints what the engine's caches keep (one
`Config` per target used to keep its own 80 KB of play tables).

    python benchmarks/history_memory.py [--passes 5000 10000 20000] [--targets 3000]
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import domino_widgets as dw
from domino_widgets.core import engine, registry
from domino_widgets.core.state import GameState


def long_line(passes: int) -> tuple[float, float, float]:
    """(current MiB, peak MiB, seconds) for a line of ``passes`` passes and one view of its end."""
    cfg = registry.get_variant("block").config({})
    blocked = engine._blocked
    engine._blocked = lambda c: False  # let the passes go on (see the module docstring)
    try:
        tracemalloc.start()
        t0 = time.perf_counter()
        core = engine.new_core(cfg, hands=[0, 0], stock=[], out=cfg.t.full, leader=0, seed=None)
        s = GameState(core)
        for _ in range(passes):
            s = s.play("pass")
        assert len(s.history) == passes and len(s.view(0).history) == passes
        seconds = time.perf_counter() - t0
        current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    finally:
        engine._blocked = blocked
    del s
    return current / 2**20, peak / 2**20, seconds


def many_targets(targets: int) -> float:
    """MiB still held after one hand to each of ``targets`` different targets (draw, DRW-6)."""
    tracemalloc.start()
    for target in range(1, targets + 1):
        s = dw.new_game("draw", seed=target, target=target)
        while not s.is_over:
            s = s.play(s.legal_actions()[0])
    del s
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return current / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, nargs="+", default=[5000, 10000, 20000])
    parser.add_argument("--targets", type=int, default=3000)
    args = parser.parse_args()
    print(f"{'passes':>8} {'current MiB':>12} {'peak MiB':>10} {'seconds':>8}")
    for n in args.passes:
        current, peak, seconds = long_line(n)
        print(f"{n:>8} {current:>12.1f} {peak:>10.1f} {seconds:>8.2f}")
    print(f"{args.targets} match targets: {many_targets(args.targets):.1f} MiB kept by the caches")


if __name__ == "__main__":
    main()

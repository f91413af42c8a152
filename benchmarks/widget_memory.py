"""Memory of a whole school day on one kernel: widgets made and closed again and again (issue 23).

For every widget (each line game's board, hot-seat, Twenty-one, solitaire, the rule explorer)
and the app, it makes and closes the widget N times, then prints the memory the process holds
more than before (resident set size, MiB, after a garbage collection) and how many ipywidgets
are still open. Goal: at most 5 MiB per 1,000 cycles and 0 widgets left open. A first cycle warms
up the caches and the class-level widgets, and is not counted.

It also plays one hand for each of ``--targets`` match targets and prints what the caches keyed
by a variant's parameters keep (bounded: `domino_widgets.core.bounded.PARAMS_CACHE_SIZE`).

    python benchmarks/widget_memory.py [--cycles 1000] [--only all_fives app] [--targets 20000]
"""

from __future__ import annotations

import argparse
import gc
import os
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

import domino_widgets as dw
from domino_widgets.widgets import play
from domino_widgets.widgets.app import PlayApp
from domino_widgets.widgets.explorer import RuleExplorer

MAKERS: dict[str, Callable[[], Any]] = {
    **{v: (lambda v=v: play(v, seed=1, delay=0)) for v in ("block", "draw_cz", "draw", "all_fives",
                                                               "matador", "bergen")},
    "hotseat": lambda: play("draw", mode="hotseat", seed=1, delay=0),
    "twentyone": lambda: play("twentyone", seed=1, delay=0),
    "solitaire": lambda: play("solitaire", seed=1),
    "explorer": lambda: RuleExplorer("all_fives"),
    "app": lambda: PlayApp(seed=1, delay=0),
}


def rss_mib() -> float:
    """The resident set size of this process, MiB (Linux /proc; else tracemalloc is not used)."""
    with open(f"/proc/{os.getpid()}/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def live_widgets() -> int:
    return len(w.widgets.widget._instances)


def cycles(make: Callable[[], Any], n: int) -> tuple[float, int, float]:
    """(MiB held more after ``n`` make/close cycles, widgets left open, seconds)."""
    make().close()  # warm up
    gc.collect()
    before, open_before = rss_mib(), live_widgets()
    t0 = time.perf_counter()
    for _ in range(n):
        make().close()
    gc.collect()
    return rss_mib() - before, live_widgets() - open_before, time.perf_counter() - t0


def caches(targets: int) -> dict[str, int]:
    from domino_widgets.core import state
    from domino_widgets.players import sampling

    for t in range(1, targets + 1):
        s = dw.new_game("block", seed=t, target=t)
        s.view(0)
        s.play(s.legal_actions()[0])
        sampling.config_of(s.view(0))
    return {"core.state._PARAMS": len(state._PARAMS), "players.sampling._CONFIGS": len(sampling._CONFIGS)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cycles", type=int, default=1000)
    ap.add_argument("--only", nargs="*", default=None, help="widgets to measure (default: all)")
    ap.add_argument("--targets", type=int, default=20000)
    args = ap.parse_args(argv)
    print(f"{'widget':<11} {'cycles':>6} {'MiB held':>9} {'per 1,000':>9} {'live':>5} {'s':>7}")
    for name in args.only or MAKERS:
        held, live, seconds = cycles(MAKERS[name], args.cycles)
        print(f"{name:<11} {args.cycles:>6} {held:>9.2f} {held * 1000 / args.cycles:>9.2f} {live:>5} {seconds:>7.1f}")
    if args.targets:
        for cache, n in caches(args.targets).items():
            print(f"{args.targets} targets: {cache} keeps {n} entries")


if __name__ == "__main__":
    main()

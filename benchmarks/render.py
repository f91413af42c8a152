"""Median time to render pictures with the SVG renderer (`domino_widgets.render`).

The main case is a full table with all 28 tiles of the double-six set on the table (a block
game scripted so that the two seats lay the whole set as one line), drawn for seat 0; a few
other cases follow. Target: at most 5 ms median for the full table.

    python benchmarks/render.py [--repeat 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from itertools import pairwise

import domino_widgets as dw
from domino_widgets import render
from domino_widgets.core.tiles import Tile


def euler_line(pips: int = 6) -> list[tuple[int, int]]:
    """Every tile of the double-``pips`` set in one line: an Euler circuit of the complete graph with loops."""
    edges = {(a, b) for b in range(pips + 1) for a in range(b + 1)}
    adj: dict[int, list[int]] = {v: [] for v in range(pips + 1)}
    for a, b in sorted(edges):
        adj[a].append(b)
        if a != b:
            adj[b].append(a)
    used: set[tuple[int, int]] = set()
    stack, path = [0], []
    while stack:
        v = stack[-1]
        while adj[v] and (min(v, adj[v][-1]), max(v, adj[v][-1])) in used:
            adj[v].pop()
        if adj[v]:
            w = adj[v].pop()
            used.add((min(v, w), max(v, w)))
            stack.append(w)
        else:
            path.append(stack.pop())
    return list(pairwise(path))


def full_table() -> dw.GameState:
    """A block hand in which all 28 tiles end up on the table: seat 0 holds the whole set and
    lays it as one line while seat 1, with no tile, passes (BLK-3)."""
    line = euler_line()
    s = dw.new_game("block", hands=[[str(Tile(a, b)) for a, b in line], []], leader=0)
    s = s.play(str(Tile(*line[0])))
    for a, b in line[1:]:
        if s.current_player == 1:
            s = s.play("pass")
        options = [x for x in s.legal_actions() if x.tile is Tile(a, b) and x.end is not None and x.end.name == "RIGHT"]
        s = s.play(options[0] if len(options) == 1 else f"{Tile(a, b)} right {a}")
    assert len(s.layout) == 28, len(s.layout)
    return s


def midgame(variant: str, seed: int, steps: int) -> dw.GameState:
    s = dw.new_game(variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
    return s


def median_ms(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall-clock and median CPU time of one call, in ms (CPU time is steadier on a busy machine)."""
    fn()  # warm the caches
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    full = full_table()
    view = full.view(0)
    layout = full.layout
    fives = midgame("all_fives", 5, 16)
    bergen = midgame("bergen", 3, 40)
    cases: list[tuple[str, Callable[[], object]]] = [
        ("full table, 28 tiles placed (view_svg)", lambda: render.view_svg(view)),
        ("same, from the state (state.view included)", lambda: render.state_svg(full, seat=0)),
        ("layout alone, 28 tiles", lambda: render.layout_svg(layout)),
        ("all_fives mid-game, highlights", lambda: render.state_svg(fives, highlights=True)),
        ("bergen, 4 seats, open hands", lambda: render.state_svg(bergen, open_hands=True)),
        ("one tile", lambda: render.tile_svg("6-6")),
    ]
    print(f"{'case':<44} {'wall ms':>8} {'cpu ms':>8}   (medians of {args.repeat})")
    for name, fn in cases:
        wall, cpu = median_ms(fn, args.repeat)
        print(f"{name:<44} {wall:>8.2f} {cpu:>8.2f}")


if __name__ == "__main__":
    main()

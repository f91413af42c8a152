"""Soak: random hands of every variant and player count, each step checked by an independent
reading of the rules, and every hand must end (COM-6).

For the line games the script keeps its own model of the table (the open ends, from the tiles
laid and RULES.md: COM-1/2/3, A5-2, BRG-3/4, MAT-2/3) and at every step checks, without the
engine's tables,

* the legal actions, by brute force (every tile in hand x every open end x both halves; the
  forced lead of DRW-2/BRG-2; else a draw, COM-5; else a pass, COM-4);
* that every tile is in exactly one place (hands, boneyard, out of play, table);
* COM-6: a hand that is not over has a seat that can still play or draw, and a hand that ended
  "blocked" has none; no hand runs longer than its bound.

Twenty-one (T21-2: take while 21 or under and the stock has tiles, else stand) and the solitaire
(SOL-2/3: the base, then every tile at every end it fits) get the same kind of check. One hand in
``--referee-every`` is also played through the full referee of ``tests/test_conformance.py``
(scores, points, replay from the seed and from the record).

    python benchmarks/soak.py [--hands 2000000] [--jobs 2] [--seed 0] [--referee-every 500]

It prints, per variant and player count, the hands played, actions, the longest hand, how the
hands ended, and the failures (expected: 0).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from joblib import Parallel, delayed
from tqdm import tqdm

import domino_widgets as dw
from domino_widgets.core.actions import DRAW_CODE, PASS_CODE, ActionKind, drawn_index
from domino_widgets.core.engine import apply_code, legal_codes
from domino_widgets.core.tiles import Tile, tile_set

ROOT = Path(__file__).resolve().parent.parent
MATADORS = frozenset({Tile(0, 0), Tile(1, 6), Tile(2, 5), Tile(3, 4)})  # MAT-3

#: (variant, params): every variant, every player count, the larger sets too.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *[(v, {"pips": p}) for v in ("block", "draw_cz", "draw", "all_fives") for p in (6, 9, 12)],
    ("draw_cz", {"standard": True}),
    ("block", {"blocked_scoring": "difference"}),
    ("matador", {}), ("matador", {"standard": True}), ("matador", {"matadors_any_time": True}),
    *[("bergen", {"players": n}) for n in (2, 3, 4)],
    *[("twentyone", {"players": n}) for n in (2, 3, 4)],
    *[("solitaire", {"pips": p}) for p in (3, 6, 9)],
]

#: RULES.md, written again: layout (COM-1, A5-2, BRG-3), matching (COM-1, MAT-2), boneyard
#: (COM-5), forced lead (DRW-2, BRG-2), matadors (MAT-3).
RULES = {
    "block": ("line", "equal", False, None, False),
    "draw_cz": ("line", "equal", True, None, False),
    "draw": ("line", "equal", True, "highest_double", False),
    "all_fives": ("spinner", "equal", True, "highest_double", False),
    "matador": ("line", "sum7", True, None, True),
    "bergen": ("cross", "equal", False, "6-6", False),
}


class Failure(Exception):
    pass


def _tiles(mask: int) -> list[Tile]:
    return [Tile.from_index(i) for i in range(mask.bit_length()) if mask >> i & 1]


class LineModel:
    """The soak's own model of a line game's table, updated from the codes played."""

    def __init__(self, variant: str, params: dict[str, Any]) -> None:
        self.layout, self.matching, self.draws, self.lead, matadors = RULES[variant]
        self.matadors = MATADORS if matadors else frozenset()
        self.any_time = bool(params.get("matadors_any_time"))
        self.center: Tile | None = None
        self.tips: dict[int, int] = {}  # end -> number it shows, for ends with tiles
        self.arms = [0, 0, 0, 0]

    def fits(self, near: int, v: int) -> bool:
        return near == v if self.matching == "equal" else near + v == 7

    def open_ends(self) -> dict[int, int]:
        c = self.center
        if c is None:
            return {}
        if self.layout == "line":
            return {0: self.tips.get(0, self.lead_near), 1: self.tips.get(1, self.lead_far)}
        if self.layout == "spinner":
            ends = {0: self.tips.get(0, c.low), 1: self.tips.get(1, c.low)}
            if self.arms[0] and self.arms[1]:
                ends.update({2: self.tips.get(2, c.low), 3: self.tips.get(3, c.low)})
            return ends
        if all(self.arms):
            return dict(self.tips)
        return {e: 6 for e in range(4) if not self.arms[e]}

    def plays(self, hand: list[Tile], all_hands: list[list[Tile]]) -> set[int]:
        if self.center is None:
            if self.lead is None:
                return {t.index << 3 for t in hand}
            if self.lead == "6-6":
                forced = Tile(6, 6)
            else:
                doubles = [t for h in all_hands for t in h if t.is_double]
                forced = max(doubles, key=lambda t: t.low) if doubles else None
            return {forced.index << 3} if forced in hand else set()
        ends = self.open_ends()
        out = set()
        for t in hand:
            for e, v in ends.items():
                for flip, near in ((0, t.low), (1, t.high)):
                    if flip and t.is_double:
                        continue
                    if self.fits(near, v):
                        out.add(t.index << 3 | e << 1 | flip)
        if self.matadors and (self.any_time or not out):
            for t in hand:
                if t in self.matadors:
                    for e in ends:
                        out.update(t.index << 3 | e << 1 | f for f in ((0,) if t.is_double else (0, 1)))
        return out

    def place(self, code: int) -> None:
        t = Tile.from_index(code >> 3)
        flip = code & 1
        near, far = (t.high, t.low) if flip else (t.low, t.high)
        if self.center is None:
            self.center = t
            self.lead_near, self.lead_far = near, far
            return
        e = (code >> 1) & 3
        if e not in self.open_ends():
            raise Failure(f"{t} laid on end {e}, which is not open")
        if not (self.fits(near, self.open_ends()[e]) or t in self.matadors):
            raise Failure(f"{t} laid with {near} against {self.open_ends()[e]}")
        self.tips[e] = far
        self.arms[e] += 1


def soak_line(variant: str, params: dict[str, Any], seed: int, rng: random.Random) -> tuple[int, str]:
    """One hand, checked at every step; returns (actions, how it ended)."""
    s = dw.new_game(variant, seed=seed, **params)
    c = s.core
    model = LineModel(variant, params)
    size = len(tile_set(c.cfg.pips))
    bound = 2 * size * (c.cfg.players + 1)
    table = 0
    actions = 0
    while True:
        hands = [_tiles(h) for h in c.hands]
        placed = c.out | table
        total = sum(len(h) for h in hands) + len(c.stock) + c.out.bit_count() + table.bit_count()
        every = placed
        for h in c.hands:
            every |= h
        for i in c.stock:
            every |= 1 << i
        if total != size or every != (1 << size) - 1:
            raise Failure(f"tiles lost or doubled after {actions} actions")
        active = [seat for seat in range(len(hands)) if seat not in c.finished]
        can_act = any(model.plays(hands[seat], hands) for seat in active) or (model.draws and bool(c.stock))
        if c.over:
            if c.reason == "blocked" and can_act:
                raise Failure("ended blocked while a seat could still play or draw (COM-6)")
            return actions, c.reason or "?"
        if not can_act:
            raise Failure(f"nobody can play or draw, yet the hand goes on after {actions} actions (COM-6)")
        if actions > bound:
            raise Failure(f"still going after {actions} actions (bound {bound})")
        expected = model.plays(hands[c.turn], hands)
        if not expected:
            expected = {DRAW_CODE} if model.draws and c.stock else {PASS_CODE}
        codes = legal_codes(c)
        if set(codes) != expected or len(codes) != len(expected):
            raise Failure(f"legal actions {sorted(codes)}, the rules give {sorted(expected)}")
        code = codes[int(rng.random() * len(codes))]
        if code >= 0:
            model.place(code)
            table |= 1 << (code >> 3)
        apply_code(c, code)
        done = c.history[-1]
        if code == DRAW_CODE and not (done < 0 and drawn_index(done) >= 0):
            raise Failure("a draw was not recorded as the tile drawn")
        actions += 1


def soak_twentyone(params: dict[str, Any], seed: int, rng: random.Random) -> tuple[int, str]:
    s = dw.new_game("twentyone", seed=seed, **params)
    actions = 0
    while not s.is_over:
        every = [t for h in s.hands for t in h] + list(s.boneyard) + list(s.out_of_play)
        if sorted(every) != list(tile_set(6)):
            raise Failure("tiles lost or doubled")
        hand = s.hand(s.current_player)
        can_take = sum(t.value for t in hand) <= 21 and bool(s.boneyard)  # T21-2
        expected = {"take", "stand"} if can_take else {"stand"}
        got = {str(a) for a in s.legal_actions()}
        if got != expected:
            raise Failure(f"legal actions {got}, the rules give {expected}")
        s = s.play(rng.choice(s.legal_actions()))
        actions += 1
        if actions > 200:
            raise Failure("Twenty-one did not end")
    return actions, s.outcome.reason if s.outcome else "?"


def soak_solitaire(params: dict[str, Any], seed: int, rng: random.Random) -> tuple[int, str]:
    s = dw.new_game("solitaire", seed=seed, **params)
    pips = params.get("pips", 6)
    size = len(tile_set(pips))
    ends: tuple[int, int] | None = None
    laid: list[Tile] = []
    actions = 0
    while not s.is_over:
        every = list(s.hand) + list(s.boneyard) + list(s.out_of_play) + laid
        if sorted(every) != list(tile_set(pips)):
            raise Failure("tiles lost or doubled")
        if ends is None:
            expected = {f"base {t}" for t in s.hand}  # SOL-2
        else:
            expected = {f"{t} {name}" for t in s.hand for e, name in ((0, "left"), (1, "right")) if t.has(ends[e])}
        got = {str(a) for a in s.legal_actions()}
        if got != expected:
            raise Failure(f"legal actions {sorted(got)}, the rules give {sorted(expected)}")
        if not got:
            raise Failure("nothing to play, yet the game goes on (SOL-4)")
        a = rng.choice(s.legal_actions())
        if a.kind is ActionKind.BASE:
            assert a.tile is not None
            ends = (a.tile.low, a.tile.high)
        else:
            assert a.tile is not None and a.end is not None and ends is not None
            far = a.tile.other(ends[int(a.end)])
            ends = (far, ends[1]) if int(a.end) == 0 else (ends[0], far)
        laid.append(a.tile)
        s = s.play(a)
        actions += 1
        if actions > 2 * size:
            raise Failure("the solitaire did not end")
    return actions, s.outcome.reason if s.outcome else "?"


def _referee() -> Any:
    spec = importlib.util.spec_from_file_location("conformance", ROOT / "tests" / "test_conformance.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["conformance"] = module
    spec.loader.exec_module(module)
    return module


def run_chunk(index: int, variant: str, params: dict[str, Any], seeds: range, referee_every: int
              ) -> dict[str, Any]:
    """Play the hands of ``seeds``; returns the counts (and the first failures)."""
    referee = _referee() if referee_every and variant in RULES else None
    rng = random.Random(index)
    reasons: Counter[str] = Counter()
    failures: list[str] = []
    actions = longest = refereed = 0
    for seed in seeds:
        try:
            if variant == "twentyone":
                n, why = soak_twentyone(params, seed, rng)
            elif variant == "solitaire":
                n, why = soak_solitaire(params, seed, rng)
            else:
                n, why = soak_line(variant, params, seed, rng)
                if referee is not None and seed % referee_every == 0:
                    referee.play_refereed(dw.new_game(variant, seed=seed, **params), random.Random(seed))
                    refereed += 1
        except Exception as exc:  # noqa: BLE001 - the soak counts every kind of failure
            failures.append(f"{variant} {params} seed {seed}: {type(exc).__name__}: {exc}")
            continue
        reasons[why] += 1
        actions += n
        longest = max(longest, n)
    return {"hands": len(seeds), "actions": actions, "longest": longest, "reasons": reasons,
            "failures": failures, "refereed": refereed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands in all, shared over the configurations")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="first deal seed")
    parser.add_argument("--referee-every", type=int, default=500, help="one line hand in N through the full referee")
    parser.add_argument("--chunk", type=int, default=2000)
    args = parser.parse_args()
    per = -(-args.hands // len(CONFIGS))
    tasks = []
    for k, (variant, params) in enumerate(CONFIGS):
        first = args.seed + k * 10**9
        for start in range(first, first + per, args.chunk):
            tasks.append((k, variant, params, range(start, min(start + args.chunk, first + per))))
    t0 = time.perf_counter()
    results = Parallel(n_jobs=args.jobs, return_as="generator")(
        delayed(run_chunk)(i, v, p, seeds, args.referee_every) for i, (_, v, p, seeds) in enumerate(tasks))
    totals: dict[int, dict[str, Any]] = {}
    with tqdm(total=per * len(CONFIGS), unit="hand") as bar:
        for (k, *_), r in zip(tasks, results):
            t = totals.setdefault(k, {"hands": 0, "actions": 0, "longest": 0, "reasons": Counter(),
                                      "failures": [], "refereed": 0})
            for key in ("hands", "actions", "refereed"):
                t[key] += r[key]
            t["longest"] = max(t["longest"], r["longest"])
            t["reasons"] += r["reasons"]
            t["failures"] += r["failures"]
            bar.update(r["hands"])
    seconds = time.perf_counter() - t0
    print(f"{'variant':<10} {'params':<28} {'hands':>9} {'actions':>11} {'longest':>7} {'refereed':>8} "
          f"{'failures':>8}  endings")
    all_hands = all_fail = all_ref = longest = 0
    for k, (variant, params) in enumerate(CONFIGS):
        t = totals[k]
        p = ",".join(f"{a}={b}" for a, b in params.items()) or "-"
        endings = " ".join(f"{why}={n}" for why, n in sorted(t["reasons"].items()))
        print(f"{variant:<10} {p:<28} {t['hands']:>9,} {t['actions']:>11,} {t['longest']:>7} {t['refereed']:>8,} "
              f"{len(t['failures']):>8}  {endings}")
        all_hands += t["hands"]
        all_fail += len(t["failures"])
        all_ref += t["refereed"]
        longest = max(longest, t["longest"])
    print(f"total: {all_hands:,} hands, {all_ref:,} through the full referee, longest hand {longest} actions, "
          f"{all_fail} failures, {seconds:.0f} s")
    for k in totals:
        for f in totals[k]["failures"][:3]:
            print("FAILURE", f)


if __name__ == "__main__":
    main()

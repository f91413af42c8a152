"""How hands end between two equal players: the stored outcomes behind the expert's match equity.

For each rule set of ``RULES`` this plays ``--hands`` seeded hands of the greedy player against
itself (every deal from both seats, `domino_widgets.sim.tournament`) and counts the pairs of
points the two seats scored, in both orders, into
``domino_widgets/players/data/hand_outcomes.json``, which `domino_widgets.players.equity` reads.
It prints each rule set's chance of winning from a few scores.

    python benchmarks/hand_outcomes.py [--hands 20000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

import domino_widgets as dw
from domino_widgets.players import equity

OUT = Path(equity.__file__).resolve().parent / equity.OUTCOMES_FILE

#: the rule sets whose matches the expert plays for the match (their default options)
RULES = ("all_fives",)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    data: dict[str, object] = {}
    for variant in RULES:
        t0 = time.perf_counter()
        params = dict(dw.new_game(variant, seed=0).params)
        r = dw.sim.tournament(variant, ["greedy", "greedy"], games=args.hands, seed=1, n_jobs=args.jobs,
                              progress=False)
        one, two = r.players
        counts: Counter[tuple[int, int]] = Counter()
        for g in r.table:
            x, y = int(g[f"points_{one}"]), int(g[f"points_{two}"])
            counts[(x, y)] += 1
            counts[(y, x)] += 1
        key = equity.outcomes_key(variant, params)
        data[key] = {"players": ["greedy", "greedy"], "hands": len(r.table), "seed": 1,
                     "counts": [[x, y, n] for (x, y), n in sorted(counts.items())]}
        OUT.parent.mkdir(exist_ok=True)
        OUT.write_text(json.dumps(data, sort_keys=True) + "\n")
        equity._stored.cache_clear()
        equity._equity.cache_clear()
        w = equity.match_equity(variant, params)
        assert w is not None
        print(f"{key}: {len(r.table)} hands, {len(counts)} pairs of points [{time.perf_counter() - t0:.0f} s]; "
              f"chance of winning the match to {params['target']} from 0-0 {w(0, 0):.3f}, 100-140 {w(100, 140):.3f}, "
              f"140-100 {w(140, 100):.3f}, 140-145 {w(140, 145):.3f}", flush=True)


if __name__ == "__main__":
    main()

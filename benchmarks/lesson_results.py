"""Run the comparisons the lessons state, at full size, and save them in the package.

Each entry of `domino_widgets.sim.compare.LESSON_COMPARISONS` is played with
`domino_widgets.sim.compare.compare` (seeded, every deal from every seating) and written to
``domino_widgets/sim/data/lesson_results.json``, which `domino_widgets.sim.compare.stored`
reads in the lessons. The figures are printed as they come.

    python benchmarks/lesson_results.py [--jobs 2] [--only KEY ...]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from domino_widgets.sim.compare import LESSON_COMPARISONS, run_stored

OUT = Path(__file__).resolve().parent.parent / "domino_widgets" / "sim" / "data" / "lesson_results.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="joblib workers (default 2)")
    parser.add_argument("--only", nargs="+", default=None, metavar="KEY", help="run only these comparisons")
    args = parser.parse_args()
    keys = args.only or list(LESSON_COMPARISONS)
    data = json.loads(OUT.read_text()) if OUT.exists() else {}
    for key in keys:
        t0 = time.perf_counter()
        c = run_stored(key, n_jobs=args.jobs, progress=True)
        data[key] = c.to_dict()
        OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # saved after each, so a stop loses one
        print(f"{key}: {c}  [{time.perf_counter() - t0:.0f} s]", flush=True)


if __name__ == "__main__":
    main()

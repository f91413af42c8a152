"""SOL-3 seed option may_stop=True: does stopping a round early ever help? Exact chances of
winning with the best play, with and without the option, averaged over every deal of a small
set (domino_widgets.prob.solitaire). Double-six is far beyond an exact search.

    .venv/bin/python benchmarks/solitaire_may_stop.py [pips] [hand sizes...]
"""

from __future__ import annotations

import sys
import time

from domino_widgets.prob.solitaire import deal_win_probability


def main(argv: list[str]) -> None:
    pips = int(argv[0]) if argv else 2
    sizes = [int(x) for x in argv[1:]] or list(range(1, 6))
    print(f"double-{pips} set: best-play chance of winning a dealt game (SOL-1..5)")
    print(f"{'face up':>8} {'lay while a tile fits':>24} {'may_stop=True':>18} {'seconds':>8}")
    for h in sizes:
        t = time.perf_counter()
        plain = deal_win_probability(pips, h)
        stop = deal_win_probability(pips, h, may_stop=True)
        print(f"{h:>8} {str(plain):>14} ({float(plain):.4f}) {str(stop):>9} ({float(stop):.4f}) "
              f"{time.perf_counter() - t:>8.1f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

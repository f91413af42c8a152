"""``python -m domino_widgets simulate all_fives --players expert greedy --games 10000 --jobs 2``.

The sub-commands live in `domino_widgets.sim.cli`.
"""

from .sim.cli import main

if __name__ == "__main__":
    raise SystemExit(main())

"""``python -m domino_widgets simulate all_fives --players expert greedy --games 10000 --jobs 2``."""

from .sim.cli import main

raise SystemExit(main())

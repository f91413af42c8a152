"""``python -m domino_widgets simulate all_fives --players expert greedy --games 10000 --jobs 2``.

The sub-commands ``simulate`` and ``contest`` live in `domino_widgets.sim.cli`; ``puzzles``
(``python -m domino_widgets puzzles mine block --games 1000 --out block.json``) in
`domino_widgets.puzzles.cli`, a layer above the simulator.
"""

import sys

from .sim.cli import main as sim_main


def main(argv: list[str] | None = None) -> int:
    """Dispatch to the sub-command's own command line."""
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] == "puzzles":
        from .puzzles.cli import main as puzzles_main

        return puzzles_main(args[1:])
    return sim_main(args)


if __name__ == "__main__":
    raise SystemExit(main())

"""Puzzles mined from real games, each with one verified answer (issue 41).

`load` gives the shipped puzzles (`Puzzle`: a game record cut at the position, the seat to
play, the one best play, a theme of `THEMES`, a difficulty 1..5, and for every other play a
`Refutation`); `domino_widgets.puzzles.solver` is the exact solver that certifies them,
`domino_widgets.puzzles.mine` the miner (``python -m domino_widgets puzzles mine ...``) and
`domino_widgets.puzzles.rating` the Glicko-2 ratings of students and puzzles.
"""

from .model import PUZZLE_VARIANTS, THEMES, Puzzle, Refutation, dump, load, parse

__all__ = ["PUZZLE_VARIANTS", "THEMES", "Puzzle", "Refutation", "dump", "load", "parse"]

"""Seeded simulations and tournaments (joblib for parallel runs).

>>> import domino_widgets as dw
>>> print(dw.sim.tournament("draw", ["greedy", "random"], games=4, seed=2, progress=False))
draw: 4 hands (2 deals x 2 seatings), seed 2
player  ...
"""

from .stats import mean_interval, wilson
from .tournament import Table, TournamentResult, play_one, tournament

__all__ = ["Table", "TournamentResult", "mean_interval", "play_one", "tournament", "wilson"]

"""The label of a simulation's progress bar, in the reader's language: the game's name as the
charts write it and the players, e.g. "Matador: expert vs greedy" or "Matador: expert proti
hladovému hráči".

>>> progress_label("matador", ("expert", "greedy"), lang="en")
'Matador: expert vs greedy'
>>> progress_label("solitaire", ("greedy",), lang="cs")
'Sólo domino: hladový'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..core.errors import Label
from ..language import pgettext

#: The players of the registry by name; a player of one's own keeps the name it was given.
PLAYER_NAMES = {"expert": Label("expert"), "greedy": Label("greedy"), "optimal": Label("optimal"),
                "random": Label("random")}


def progress_label(variant: str, players: Sequence[str], lang: str | None = None) -> str:
    """The label of the progress bar of a tournament of ``players`` (their labels) at ``variant``."""
    from .compare import game_name  # compare imports the tournament, which imports this module

    game = pgettext(lang, f"charts.game.{variant}", game_name(variant))
    names = [PLAYER_NAMES[p] if p in PLAYER_NAMES else p for p in players]
    both = functools.reduce(lambda a, b: Label("{a} vs {b}", a=a, b=b), names)
    return Label("{game}: {players}", game=game, players=both).text(lang)


def unit(lang: str | None = None) -> str:
    """The unit of the progress bar's rate ("game" in "12.5 game/s")."""
    return Label("game").text(lang)

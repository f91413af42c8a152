"""The label of a simulation's progress bar, in the reader's language: the game's name as the
charts write it and the players, e.g. "Matador: expert vs greedy" or "Matador: expert proti
hladovému hráči".

>>> progress_label("matador", ("expert", "greedy"), lang="en")
'Matador: expert vs greedy'
>>> progress_label("solitaire", ("greedy",), lang="cs")
'Sólo domino: hladový'
>>> progress_label("bergen", ("greedy", "random", "random#2"), lang="el")
'Μπέργκεν: άπληστος – τυχαίος – τυχαίος #2'
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from ..core.errors import Label
from ..core.registry import game_name
from ..language import pgettext

#: The players of the registry by name; a player of one's own keeps the name it was given.
PLAYER_NAMES = {"expert": Label("expert"), "greedy": Label("greedy"), "optimal": Label("optimal"),
                "random": Label("random")}


def progress_label(variant: str, players: Sequence[str], lang: str | None = None) -> str:
    """The label of the progress bar of a tournament of ``players`` (their labels) at ``variant``."""
    game = pgettext(lang, f"charts.game.{variant}", game_name(variant))
    names: list[Label | str] = []
    for p in players:  # "random#2": the second random player
        base, mark, k = p.partition("#")
        names.append(Label("{name}#{k}", name=PLAYER_NAMES[base], k=k) if mark and base in PLAYER_NAMES
                     else PLAYER_NAMES.get(p, p))
    both = functools.reduce(lambda a, b: Label("{a} vs {b}", a=a, b=b), names)
    return Label("{game}: {players}", game=game, players=both).text(lang)


def unit(lang: str | None = None) -> str:
    """The unit of the progress bar's rate ("game" in "12.5 game/s")."""
    return Label("game").text(lang)

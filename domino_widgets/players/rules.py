"""Your own player in three lines: a rule that scores each legal play, and the package plays it.

A *rule* is a function ``rule(core, code) -> number``: the higher, the better the play. ``core``
is the position as the player sees it (the hidden tiles are not in it), ``code`` one legal play.
The building blocks are the heuristics the package's own players use
(`domino_widgets.players.heuristics`): ``immediate_points`` (A5-4, the points a play scores
now), ``heaviest`` (its pips, a double a little more), and `tile_of` below. `rule_player` makes a
player of it; `domino_widgets.sim.compare.compare` then tests it against ``greedy`` on the same
deals.

>>> import random, domino_widgets as dw
>>> def score_then_light(core, code):          # a rule: score now, then keep the heavy tiles
...     return 100 * immediate_points(core, code) - heaviest(core, code)
>>> me = rule_player(score_then_light, "score then light")
>>> s = dw.new_game("all_fives", hands=[["5-5", "0-5", "4-5"], ["1-5", "2-2"]], boneyard=["3-3"])
>>> s = s.play("5-5").play("1-5 right")
>>> me.name, me.choose(s.view(0), random.Random(0))          # 4-5 left scores 5 now (4 + 1)
('score then light', Action.parse('4-5 left'))
"""

from __future__ import annotations

from ..core.engine import Core
from ..core.tiles import Tile
from .heuristics import Heuristic, heaviest, immediate_points
from .line import GreedyPlayer

__all__ = ["heaviest", "immediate_points", "keep_fives", "rule_player", "tile_of"]


def tile_of(core: Core, code: int) -> Tile:
    """The tile a play lays.

    >>> import domino_widgets as dw
    >>> tile_of(dw.new_game("block", seed=1).core, dw.Tile(2, 5).index << 3)
    Tile(2, 5)
    """
    t = core.cfg.t
    i = code >> 3
    return Tile(t.low[i], t.high[i])


def keep_fives(core: Core, code: int) -> float:
    """All Fives, lesson 03: score the most now; if that is a tie, keep the tiles with a 5 for later
    (a 5 at an end is what makes the totals 5, 10, 15), then lay the heaviest.

    >>> import domino_widgets as dw
    >>> c = dw.new_game("all_fives", hands=[["6-6", "5-6", "4-6"], ["0-0"]], boneyard=["1-1"], leader=0).core
    >>> keep_fives(c, dw.Tile(6, 6).index << 3) > 0
    True
    """
    tile = tile_of(core, code)
    return 100 * immediate_points(core, code) - 20 * tile.has(5) + heaviest(core, code)


def rule_player(rule: Heuristic, name: str) -> GreedyPlayer:
    """A player that lays, each turn, the play its ``rule`` scores highest (draws and passes are
    forced, COM-4); ``name`` is how tables and charts call it."""
    player = GreedyPlayer(heuristic=rule)
    player.name = name
    return player

"""Match equity: the chance of winning a match to a target from a pair of scores (A5-6).

A match to a target is won by the first to reach it (A5-6), so a hand's points are worth more or
less depending on the score: 10 points are nearly nothing at 0-0 and everything at 140-100. The
expert (`domino_widgets.players.expert`) values a hand's result by the chance of winning the
match that it leaves, where this module knows it.

The chance comes from how hands end between two equal players: ``data/hand_outcomes.json`` holds,
per variant and rule options (the target aside), the points both players scored in each of many
seeded hands of the greedy player against itself (``python benchmarks/hand_outcomes.py`` writes
it), counted from both seats so the two players are equal. From scores ``a`` and ``b`` the next
hand ends in each stored pair of points with its frequency; the match goes on until one reaches
the target. A hand in which both cross it counts one half (who crossed first is not stored; it
is rare), and a hand in which nobody scores is played again, so it is left out. Scores between
two multiples of the points' common step (5 in All Fives) count as the lower one.

>>> w = match_equity("all_fives", {"pips": 6, "players": 2, "scoring": "fives", "target": 150})
>>> round(w(0, 0), 3), w(150, 40), w(40, 150)
(0.5, 1.0, 0.0)
>>> w(140, 100) > 0.8 > 0.2 > w(100, 140)
True
>>> match_equity("all_fives", {"pips": 6, "players": 3, "scoring": "fives", "target": 150}) is None
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache
from math import gcd
from importlib import resources
from typing import Any

from ..core.errors import ParameterError

__all__ = ["Equity", "OUTCOMES_FILE", "equity_from_counts", "match_equity", "outcomes_key", "point_worth", "stored_outcomes"]

#: where the hands' outcomes are stored, inside the package
OUTCOMES_FILE = "data/hand_outcomes.json"

Equity = Callable[[int, int], float]


def outcomes_key(variant: str, params: Mapping[str, Any]) -> str:
    """The key of a variant's rule options in ``hand_outcomes.json``: every option but the target.

    >>> outcomes_key("all_fives", {"target": 150, "scoring": "fives", "players": 2, "pips": 6})
    'all_fives pips=6 players=2 scoring=fives'
    """
    return " ".join([variant, *(f"{k}={params[k]}" for k in sorted(params) if k != "target")])


@lru_cache(maxsize=1)
def _stored() -> dict[str, Any]:
    path = resources.files("domino_widgets.players").joinpath(OUTCOMES_FILE)
    return json.loads(path.read_text()) if path.is_file() else {}  # type: ignore[no-any-return]


def stored_outcomes(variant: str, params: Mapping[str, Any]) -> list[tuple[int, int, int]] | None:
    """The stored hands' outcomes for these rules: ``(points of one, points of the other, count)``
    (both orders of every pair are counted), or None where none are stored."""
    entry = _stored().get(outcomes_key(variant, params))
    return None if entry is None else [(int(x), int(y), int(n)) for x, y, n in entry["counts"]]


def match_equity(variant: str, params: Mapping[str, Any]) -> Equity | None:
    """``w(mine, theirs)``: the chance of winning the match to ``params["target"]`` from these
    scores, for two equal players (the module docstring says how); None for rules with no stored
    outcomes, more than two players, or no target."""
    target = params.get("target")
    if not isinstance(target, int) or params.get("players", 2) != 2:
        return None
    key = outcomes_key(variant, params)
    return _equity(key, target) if key in _stored() else None


def point_worth(w: Equity, mine: int, theirs: int, step: int = 5) -> float:
    """What one point of margin is worth at these scores, in chance of winning the match: the
    difference ``step`` points more for one side or the other makes, per point (at least 1e-6:
    in a decided match every result is worth the same).

    >>> w = match_equity("all_fives", {"pips": 6, "players": 2, "scoring": "fives", "target": 150})
    >>> 0.002 < point_worth(w, 0, 0) < point_worth(w, 120, 120)
    True
    """
    return max((w(mine + step, theirs) - w(mine, theirs + step)) / (2 * step), 1e-6)


@lru_cache(maxsize=16)
def _equity(key: str, target: int) -> Equity:
    return equity_from_counts([(int(x), int(y), int(n)) for x, y, n in _stored()[key]["counts"]], target)


def equity_from_counts(counts: list[tuple[int, int, int]], target: int) -> Equity:
    """``w(mine, theirs)`` for a match to ``target`` whose hands end in ``(mine, theirs, count)``:
    the equity of the module docstring, for any table of outcomes (counted in both orders, for
    equal players).

    >>> w = equity_from_counts([(10, 0, 1), (0, 10, 1)], target=20)   # a coin: 10 points a hand
    >>> w(0, 0), w(10, 0), w(0, 10), w(10, 10), w(20, 10)
    (0.5, 0.75, 0.25, 0.5, 1.0)
    """
    counts = [(x, y, n) for x, y, n in counts if x or y]
    if not counts:
        raise ParameterError("a match equity needs hands in which somebody scores")
    total = sum(n for _, _, n in counts)
    step = gcd(*(v for x, y, _ in counts for v in (x, y)))  # 5 in All Fives: every score is a multiple
    size = -(-target // step)  # lattice points below the target
    dist = [(x // step, y // step, n / total) for x, y, n in counts]
    table = [[0.0] * size for _ in range(size)]
    for a in range(size - 1, -1, -1):  # every outcome moves up or right, so those are known already
        row = table[a]
        for b in range(size - 1, -1, -1):
            s = 0.0
            for x, y, p in dist:
                a2, b2 = a + x, b + y
                if a2 >= size:
                    s += p * (0.5 if b2 >= size else 1.0)
                elif b2 < size:
                    s += p * table[a2][b2]
            row[b] = s

    def w(mine: int, theirs: int) -> float:
        if mine >= target:
            return 1.0
        if theirs >= target:
            return 0.0
        return table[max(mine, 0) // step][max(theirs, 0) // step]

    return w

"""All Fives (Muggins), ``all_fives`` (A5-1..6): a spinner, and points for every play that
makes the open ends add up to a multiple of five.

>>> import domino_widgets as dw
>>> s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]],
...                 boneyard=["1-2"], leader=0)
>>> s = s.play("5-5"); s.scores         # A5-4: the 5-5 lead counts 10
(10, 0)
>>> s = s.play("0-5 right"); s.scores   # 10 (the spinner's two halves) + 0
(10, 10)
>>> s = s.play("3-5 left"); s.scores    # 3 + 0: no score
(10, 10)
"""

from __future__ import annotations

from typing import Any

from ..core.engine import SPINNER, Config, Core
from ..core.variant import Param, Variant, pips_param, players_param, positive_int
from ._common import lowest


def open_end_total(c: Core) -> int:
    """A5-3: the sum of the open ends.

    An arm that ends in a double counts both its halves; the spinner counts both halves while
    it is an end (at most one short side holds a tile; alone it counts its two halves once);
    an empty long side of the spinner counts nothing.
    """
    t = c.cfg.t
    value, double = t.value, t.double
    arms = c.arms
    total = value[c.center] if c.center >= 0 and not (arms[0] and arms[1]) else 0
    for laid, tip, end in zip(arms, c.tips, c.ends):  # the hot path of the expert's rollouts
        if laid:
            total += value[tip] if double[tip] else end
    return total


def play_score(c: Core) -> int:
    """A5-4: the open-end total, when it is a positive multiple of 5."""
    total = open_end_total(c)
    return total if total and total % 5 == 0 else 0


def round_to_five(n: int) -> int:
    """A5-5: to the nearest multiple of 5; a remainder of 1 or 2 rounds down, 3 or 4 up.

    >>> [round_to_five(n) for n in (0, 1, 2, 3, 4, 5, 12, 13)]
    [0, 0, 0, 5, 5, 5, 10, 15]
    """
    q, r = divmod(n, 5)
    return 5 * (q + (r >= 3))


def finish(c: Core) -> tuple[int | None, tuple[int, ...]]:
    """A5-5: the rounded difference of the counts goes to the lower count, on top of play points."""
    pts = list(c.hand_points)
    if c.reason == "target":
        return c.winner, tuple(pts)
    w, cs = lowest(c)
    if w is not None:
        pts[w] += round_to_five(max(cs) - cs[w])
    return w, tuple(pts)


def build(p: dict[str, Any]) -> Config:
    return Config(
        variant="all_fives",
        match="points",
        params=p,
        players=p["players"],
        pips=p["pips"],
        hand_size=7,
        layout=SPINNER,  # A5-2
        draws=True,  # A5-1
        lead="highest_double",
        play_scoring=play_score,
        target=p["target"],  # A5-6: reaching it mid-hand wins at once
        finish=finish,
    )


VARIANT = Variant(
    name="all_fives",
    title="All Fives (Muggins)",
    prefix="A5",
    params=(
        players_param(2),
        Param("target", 150, "a whole number > 0 (usually 61, 100, 150, 200 or 250)", positive_int,
              "A5-6: points that win the match"),
        pips_param(),
    ),
    build=build,
    aliases=("fives", "muggins", "ola_5"),
    summary="Draw game with a spinner; score the open ends whenever they add up to a multiple of 5.",
)

"""All Fives (Muggins), ``all_fives`` (A5-1..7): a spinner, and points for every play that
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

A5-7, the seed option ``scoring="draw"``: the end of the hand scores as in the Draw game (the
plain difference, DRW-5) and the match is to 50 (DRW-6):

>>> dw.new_game("all_fives", scoring="draw").params["target"]
50
"""

from __future__ import annotations

from typing import Any

from ..core.engine import SPINNER, Config, Core
from ..core.errors import Phrase
from ..core.variant import Param, Variant, one_of, pips_param, players_param, positive_int
from ._common import counts, difference_to_lower, lowest


def open_end_total(c: Core) -> int:
    """A5-3: the sum of the open ends.

    An arm that ends in a double counts both its halves; the spinner counts both halves while
    it is an end (at most one short side holds a tile; alone it counts its two halves once);
    an empty long side of the spinner counts nothing.
    """
    t = c.cfg.t
    value, double = t.value, t.double
    a0, a1, a2, a3 = c.arms  # the hot path of the expert's rollouts: unrolled, no loop
    tips, ends = c.tips, c.ends
    total = value[c.center] if c.center >= 0 and not (a0 and a1) else 0
    if a0:
        total += value[tips[0]] if double[tips[0]] else ends[0]
    if a1:
        total += value[tips[1]] if double[tips[1]] else ends[1]
    if a2:
        total += value[tips[2]] if double[tips[2]] else ends[2]
    if a3:
        total += value[tips[3]] if double[tips[3]] else ends[3]
    return total


def _terms(c: Core) -> list[int]:
    """The terms `open_end_total` adds up: the spinner while it counts, then each arm's end."""
    t = c.cfg.t
    terms = []
    arms = c.arms
    if c.center >= 0 and not (arms[0] and arms[1]):
        terms.append(t.value[c.center])
    for e in range(4):
        if arms[e]:
            tip = c.tips[e]
            terms.append(t.value[tip] if t.low[tip] == t.high[tip] else c.ends[e])
    return terms


def open_end_terms(state: Any) -> tuple[int, ...]:
    """A5-3: the numbers the open-end total of ``state`` (an All Fives `GameState`) adds up, in
    the order of the table: the spinner (both halves) while it is an end, then the left, right,
    up and down ends, a double at an end counting both its halves. A5-4 scores their sum when it
    is a positive multiple of 5. The widgets show this arithmetic; the rules stay here.

    The example of A5-4: lead 5-5 (10, scores 10); then 5-0 on one side: 0 + 10 = 10, scores 10;
    then 5-3 on the other side: 0 + 3 = 3, no score.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "3-5", "6-4"], ["0-5", "1-4", "2-3"]],
    ...                 boneyard=["1-2"], leader=0)
    >>> open_end_terms(s)
    ()
    >>> s = s.play("5-5"); open_end_terms(s)
    (10,)
    >>> s = s.play("0-5 right"); open_end_terms(s), sum(open_end_terms(s)), s.scores
    ((10, 0), 10, (10, 10))
    >>> s = s.play("3-5 left"); open_end_terms(s), s.scores
    ((3, 0), (10, 10))
    """
    return tuple(_terms(state._core))


def end_settlement(state: Any) -> tuple[int | None, tuple[int, ...], int]:
    """A5-5 for a finished All Fives hand: who gets the settlement (None: nobody, a tie or the
    target reached in play, A5-6), every hand's pip count, and the points: the difference
    between the highest count and the winner's, rounded to 5 (`round_to_five`).

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "0-5"], ["1-4", "2-6"]], boneyard=[], leader=0)
    >>> s = s.play("5-5").play("pass").play("0-5 left")      # 10 + 10 in play; seat 0 goes out
    >>> end_settlement(s), s.scores, s.outcome.points         # 13 - 0 rounds to 15 (A5-5)
    ((0, (0, 13), 15), (20, 0), (35, 0))
    >>> end_settlement(dw.new_game("all_fives", seed=1))
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: the hand is not over yet
    """
    from ..core.errors import ParameterError

    c = state._core
    if not c.over:
        raise ParameterError("the hand is not over yet")
    cs = tuple(counts(c))
    if c.reason == "target":
        return None, cs, 0
    w, _ = lowest(c)
    return w, cs, (round_to_five(max(cs) - cs[w]) if w is not None else 0)


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


def finish_draw(c: Core) -> tuple[int | None, tuple[int, ...]]:
    """A5-7 option ``scoring="draw"``: the plain difference of the counts (DRW-5, not rounded)
    goes to the lower count, on top of the play points (A5-3/A5-4)."""
    pts = list(c.hand_points)
    if c.reason == "target":
        return c.winner, tuple(pts)
    w, plain = difference_to_lower(c)
    return w, tuple(a + b for a, b in zip(pts, plain))


def finalize(p: dict[str, Any]) -> dict[str, Any]:
    """A5-6/A5-7: the match is to 150, or to 50 (DRW-6) with ``scoring="draw"``."""
    if p["target"] is None:
        p["target"] = 50 if p["scoring"] == "draw" else 150
    return p


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
        finish=finish_draw if p["scoring"] == "draw" else finish,  # A5-5, A5-7
    )


VARIANT = Variant(
    name="all_fives",
    title="All Fives (Muggins)",
    prefix="A5",
    params=(
        players_param(2),
        Param("target", None, Phrase("a whole number from 1 to 1,000,000 (usually 61, 100, 150, 200 or 250; "
                                     "default 150, or 50 with scoring='draw')"), lambda x: x is None or positive_int(x),
              "A5-6: points that win the match"),
        pips_param(),
        Param("scoring", "fives", Phrase("'fives' (A5-5: the difference rounded to 5, match to 150) or 'draw' "
                                         "(A5-7: the plain difference, match to 50)"), one_of("fives", "draw"),
              "A5-7 other reading: end of hand and target as in the Draw game"),
    ),
    build=build,
    finalize=finalize,
    aliases=("fives", "muggins", "ola_5"),
    summary="Draw game with a spinner; score the open ends whenever they add up to a multiple of 5.",
)

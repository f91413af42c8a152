"""Scoring helpers shared by several variants (counts at the end of a hand)."""

from __future__ import annotations

from ..core.engine import Core, hand_count


def counts(c: Core) -> list[int]:
    """The pip count of every hand."""
    return [hand_count(c, s) for s in range(c.cfg.players)]


def lowest(c: Core) -> tuple[int | None, list[int]]:
    """The seat of the hand that went out, else the unique lowest count (None on a tie), and the counts."""
    cs = counts(c)
    if c.reason == "out":
        return c.winner, cs
    best = min(cs)
    seats = [s for s, x in enumerate(cs) if x == best]
    return (seats[0] if len(seats) == 1 else None), cs


def hands_won(c: Core) -> tuple[int | None, tuple[int, ...]]:
    """DCZ-6, MAT-5: a hand won counts 1; blocked, the lower count wins; equal counts: a drawn hand."""
    w, _ = lowest(c)
    return w, tuple(int(s == w) for s in range(c.cfg.players))


def winner_takes_counts(c: Core, difference: bool = False) -> tuple[int | None, tuple[int, ...]]:
    """BLK-4/5, MAT-5 option: the winner scores the others' whole count (or the difference)."""
    w, cs = lowest(c)
    pts = [0] * c.cfg.players
    if w is not None:
        others = sum(cs) - cs[w]
        pts[w] = others - cs[w] * (c.cfg.players - 1) if difference else others
    return w, tuple(pts)


def difference_to_lower(c: Core) -> tuple[int | None, tuple[int, ...]]:
    """DRW-5: the difference of the two counts goes to the lower count; nothing on a tie."""
    w, cs = lowest(c)
    pts = [0] * c.cfg.players
    if w is not None:
        pts[w] = max(cs) - cs[w]
    return w, tuple(pts)

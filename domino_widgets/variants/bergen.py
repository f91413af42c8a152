"""Bergen as the Czech seed describes it (Sebastopol with a pot), ``bergen`` (BRG-1..6).

The 6-6 leads in the middle; until it holds a tile on all four sides only sixes may be laid
against it (BRG-3); then play goes on at the four arms (BRG-4). The first two players out share
the pot 3/4 and 1/4 (BRG-5), as exact fractions (BRG-6).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..core.bounded import BoundedCache
from ..core.engine import CROSS, OUT_TWO_PLACES, Config, Core, hand_count, split_places
from ..core.errors import Phrase
from ..core.variant import Param, Variant, one_of, players_param, positive_int

FIRST, SECOND = Fraction(3, 4), Fraction(1, 4)


def pot_shares(c: Core) -> tuple[int | None, tuple[Fraction, ...]]:
    """BRG-5: each seat's share of the pot (the shares add up to 1).

    The shares depend only on who went out, in order, and (blocked) on the counts; the answer is
    kept per such key (`_SHARES`): the expert's playouts end thousands of hands a second, and
    each share is an exact `Fraction` (BRG-6).

    >>> import domino_widgets as dw
    >>> c = dw.new_game("bergen", seed=1).core
    >>> c.finished = [2, 0]
    >>> pot_shares(c)
    (2, (Fraction(1, 4), Fraction(0, 1), Fraction(3, 4)))
    """
    n = c.cfg.players
    winner_takes_all = n == 2 and c.cfg.params["two_player_split"] == "winner_takes_all"
    out = tuple(c.finished)
    places = 1 if winner_takes_all else 2
    if not out and c.reason == "out":  # never from the engine (a seat out is listed first); as `lowest` reads it
        return c.winner, _pot_shares(n, winner_takes_all, [], tuple(hand_count(c, s) for s in range(n)))[1]
    # the counts matter only while places are left to two seats or more (blocked)
    counts = None if len(out) >= places or n - len(out) < 2 else tuple(hand_count(c, s) for s in range(n))
    key = (n, winner_takes_all, out, counts)
    got = _SHARES.get(key)
    if got is None:
        got = _SHARES[key] = _pot_shares(n, winner_takes_all, list(out), counts)
    return got


#: `pot_shares` per (players, winner takes all, seats out in order, counts if blocked)
_SHARES: dict[tuple[object, ...], tuple[int | None, tuple[Fraction, ...]]] = BoundedCache(4096)


def _pot_shares(n: int, winner_takes_all: bool, out: list[int],
                counts: tuple[int, ...] | None) -> tuple[int | None, tuple[Fraction, ...]]:
    prizes = [Fraction(1)] if winner_takes_all else [FIRST, SECOND]
    shares = {seat: Fraction(0) for seat in range(n)}
    for place, seat in enumerate(out[: len(prizes)]):
        shares[seat] = prizes[place]
    rest = prizes[len(out):]
    if rest:  # blocked: the lowest counts among those still in take the places left
        others = [(counts[s] if counts else 0, s) for s in range(n) if s not in out]  # one seat: any count
        shares.update(split_places(others, rest + [Fraction(0)] * len(others)))
    if out:
        winner = out[0]
    else:  # blocked, nobody out: the unique lowest count (None: a tie for it), as `lowest`
        assert counts is not None
        best = min(counts)
        seats = [s for s, x in enumerate(counts) if x == best]
        winner = seats[0] if len(seats) == 1 else None
    return winner, tuple(shares[s] for s in range(n))


def build(p: dict[str, Any]) -> Config:
    return Config(
        variant="bergen",
        match="rounds",
        params=p,
        players=p["players"],
        pips=6,
        hand_size=7,  # BRG-1: with 2-3 players the rest is out of play
        layout=CROSS,  # BRG-3/4
        lead="6-6",  # BRG-2
        out_rule=OUT_TWO_PLACES,  # BRG-5
        finish=pot_shares,
    )


VARIANT = Variant(
    name="bergen",
    title="Bergen (Sebastopol with a pot)",
    prefix="BRG",
    params=(
        players_param(3, 2, 4),  # BRG-1: the sheet's heading, «BERGEN (2-3 hráči)»; 4 as its pot text needs
        Param("rounds", 4, Phrase("a whole number from 1 to 1,000,000"), positive_int, "BRG-6: rounds in a match"),
        Param(
            "two_player_split",
            "seed",
            "'seed' (3/4 and 1/4) or 'winner_takes_all'",
            one_of("seed", "winner_takes_all"),
            "BRG-5: how two players share the pot",
        ),
    ),
    build=build,
    aliases=("sebastopol", "bergen_cz"),
    summary="Three players (2 to 4), the 6-6 in the middle takes four sixes, then four arms; the first two out share the pot.",
)


def sixes_needed(layout: Any) -> int:
    """BRG-3: how many sides of the 6-6 still wait for a six (0 once phase two has begun)."""
    if layout.center is None:
        return 4
    return sum(1 for arm in layout.arms if not arm)


def cross_can_be_completed(state: Any) -> bool:
    """BRG-1/BRG-3: whether the sixes still held can fill the free sides of the 6-6 (the whole
    truth: it looks at every hand, so it is for teachers and lessons, not for a player's view).
    With 2 or 3 players the tiles not dealt are out of play, and the cross often cannot be completed.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("bergen", players=2, hands=[["6-6", "6-5", "1-1"], ["6-4", "2-3"]], leader=0)
    >>> cross_can_be_completed(s), cross_can_be_completed(s.play("6-6"))  # only two other sixes dealt
    (False, False)
    """
    need = sixes_needed(state.layout)
    if not need:
        return True
    held = sum(1 for h in state.hands for t in h if t.has(6) and not t.is_double)
    return held >= need


def cross_blocked(state_or_view: Any) -> bool:
    """BRG-1/BRG-3: the hand ended blocked in phase one: the cross was never completed. Public
    (a `PlayerView` answers it too), so a widget may say it.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("bergen", players=2, hands=[["6-6", "6-5", "1-1"], ["6-4", "2-3"]], leader=0)
    >>> s = s.play("6-6").play("4-6 left").play("5-6 right")
    >>> s.is_over, cross_blocked(s), cross_blocked(s.view(1))
    (True, True, True)
    """
    out = state_or_view.outcome
    return out is not None and out.reason == "blocked" and sixes_needed(state_or_view.layout) > 0

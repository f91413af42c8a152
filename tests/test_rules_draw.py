"""The Greek draw game, ``draw`` (DRW-1..5, DRW-7 of docs/rules.md), checked against the rules core.

Scripted deals list both hands and the boneyard in draw order; the lead is forced (DRW-2),
so no ``leader`` is needed. The match rule DRW-6 is in ``test_match.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets import Action, ActionKind, End, GameState, Tile, tile_set
from domino_widgets.core.engine import deal

SEEDS = range(40)
DOUBLES = [t for t in tile_set(6) if t.is_double]


def ends(s: GameState) -> dict[str, int]:
    return {str(e): v for e, v in s.ends.items()}


def names(actions: Any) -> list[str]:
    return [str(a) for a in actions]


# ---------------------------------------------------------------- DRW-1 the deal


def test_drw1_seven_each_and_the_rest_is_the_boneyard() -> None:
    """DRW-1: two players, 7 tiles each, the other 14 form the boneyard."""
    for seed in SEEDS:
        s = dw.new_game("draw", seed=seed)
        assert s.players == 2 and [len(h) for h in s.hands] == [7, 7]
        assert len(s.boneyard) == 14 and s.out_of_play == ()
        assert sorted([*s.hands[0], *s.hands[1], *s.boneyard]) == list(tile_set(6))
    with pytest.raises(dw.ParameterError, match="players"):
        dw.new_game("draw", seed=1, players=3)


def test_drw1_drw2_double_nine_set() -> None:
    """DRW-1/2 with the double-nine set (``pips=9``): 7 each, 41 in the boneyard, 9-9 down to
    0-0 decides the lead."""
    for seed in range(10):
        s = dw.new_game("draw", seed=seed, pips=9)
        assert [len(h) for h in s.hands] == [7, 7] and len(s.boneyard) == 55 - 14
        dealt = [t for h in s.hands for t in h if t.is_double]
        highest = max(dealt, key=lambda t: t.high)
        leader = s.current_player
        assert leader is not None and highest in s.hand(leader)
        assert s.legal_actions() == [Action.play(highest)]


# ---------------------------------------------------------------- DRW-2 the lead


def test_drw2_the_highest_double_leads_automatically() -> None:
    """DRW-2: the holder of the highest double dealt leads, and that double is his only action."""
    for seed in SEEDS:
        s = dw.new_game("draw", seed=seed)
        dealt = [d for d in DOUBLES if d in s.hands[0] or d in s.hands[1]]
        highest = max(dealt, key=lambda t: t.high)
        assert s.current_player == (0 if highest in s.hands[0] else 1)
        assert s.legal_actions() == [Action.play(highest)]


def test_drw2_scripted_lead_is_forced() -> None:
    """DRW-2: seat 1 holds 5-5, the highest double dealt: he leads it; nothing else may lead."""
    hands = [["4-4", "6-1", "6-0"], ["5-5", "0-0", "6-5"]]
    s = dw.new_game("draw", hands=hands, boneyard=["1-2"])
    assert s.current_player == 1 and s.legal_actions() == [Action.play("5-5")]
    with pytest.raises(dw.IllegalPlayError, match="DRW-2"):
        s.play("6-5")  # not the highest double
    with pytest.raises(dw.IllegalPlayError):
        s.play("0-0")  # a double, but not the highest
    with pytest.raises(dw.ParameterError, match="must lead"):
        dw.new_game("draw", hands=hands, boneyard=["1-2"], leader=0)  # the rules choose the leader
    with pytest.raises(dw.ParameterError, match="redeal"):
        dw.new_game("draw", hands=[["6-1"], ["6-5"]], boneyard=["1-2"])  # no double dealt


def test_drw2_seeded_deals_always_hold_a_double() -> None:
    """DRW-2: a seeded deal never comes out without a double (it is dealt again instead)."""
    for seed in range(3000):
        s = dw.new_game("draw", seed=seed)
        assert any(t.is_double for h in s.hands for t in h)


def _doubles(hands: list[int]) -> list[Tile]:
    return [t for h in hands for t in (Tile.from_index(i) for i in range(28) if h >> i & 1) if t.is_double]


def test_drw2_no_double_dealt_means_a_redeal() -> None:
    """DRW-2: if no double was dealt, all tiles are reshuffled and dealt again.

    `draw_cz` deals exactly like `draw` but keeps any deal, so a seed whose `draw_cz` deal has
    no double is one where `draw` must deal again: its deal differs, holds a double, and the
    holder of the highest double leads.
    """
    plain, greek = dw.get_variant("draw_cz").config(), dw.get_variant("draw").config()
    seeds = [s for s in range(6000) if not _doubles(deal(plain, random.Random(s), leader=0)[0])]
    assert seeds  # about 1 seed in 345
    for seed in seeds:
        first = deal(plain, random.Random(seed), leader=0)[0]
        hands, stock, out, leader = deal(greek, random.Random(seed))
        assert hands != first and _doubles(hands)
        highest = max(_doubles(hands), key=lambda t: t.high)
        assert hands[leader] >> highest.index & 1  # the new deal's highest double leads
        assert len(stock) == 14 and out == 0


# ---------------------------------------------------------------- DRW-3 drawing


def test_drw3_draw_until_playable_and_play_the_drawn_tile_at_once() -> None:
    """DRW-3 (COM-5): seat 0 draws 2-2 and 0-1, then 3-4 fits: it is his only action."""
    s = dw.new_game("draw", hands=[["6-6", "5-5"], ["6-3", "0-0"]], boneyard=["2-2", "0-1", "3-4", "1-1"])
    s = s.play("6-6")  # DRW-2
    s = s.play("3-6 left")  # seat 1: ends 3 | 6
    assert s.legal_actions() == [Action.draw()]  # 5-5 fits neither 3 nor 6
    s = s.play("draw").play("draw")  # 2-2, 0-1: no fit
    assert s.current_player == 0 and s.legal_actions() == [Action.draw()]
    s = s.play("draw")  # 3-4 fits the left 3
    assert names(s.legal_actions()) == ["3-4 left"]
    s = s.play("3-4 left")
    assert s.current_player == 1 and ends(s) == {"left": 4, "right": 6}
    assert s.boneyard == (Tile(1, 1),)


# ---------------------------------------------------------------- DRW-4 end of the hand


def test_drw4_the_last_tile_ends_the_hand_even_with_a_boneyard() -> None:
    """DRW-4: a player who lays his last tile ends the hand at once."""
    s = dw.new_game("draw", hands=[["6-6", "6-2"], ["6-5", "1-1", "3-3"]], boneyard=["0-0", "0-1"])
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("2-6 right")  # seat 0's last tile; the boneyard still holds two tiles
    o = s.outcome
    assert s.is_over and o is not None and (o.reason, o.winner) == ("out", 0)
    assert len(s.boneyard) == 2


def test_drw4_a_blocked_hand_ends() -> None:
    """DRW-4/COM-6: the hand ends when nobody can play and the boneyard is empty."""
    s = dw.new_game("draw", hands=[["6-6", "0-2"], ["6-5", "1-1"]], boneyard=["3-4"])
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("draw")  # seat 0 draws 3-4, the last tile: nobody can play
    o = s.outcome
    assert o is not None and o.reason == "blocked"


# ---------------------------------------------------------------- DRW-5 scoring


def test_drw5_going_out_against_4_4_and_0_3_scores_11() -> None:
    """DRW-5, the worked example: going out against 4-4 and 0-3 scores 11."""
    s = dw.new_game("draw", hands=[["5-5", "5-1"], ["4-4", "0-3", "5-2"]], boneyard=["6-6"])
    s = s.play("5-5")  # DRW-2: seat 0 holds the highest double dealt
    s = s.play("2-5 left")  # seat 1: ends 2 | 5
    s = s.play("1-5 right")  # seat 0 lays his last tile; seat 1 holds 4-4 and 0-3
    o = s.outcome
    assert o is not None and (o.reason, o.winner) == ("out", 0)
    assert s.hand(1) == (Tile(0, 3), Tile(4, 4))
    assert o.points == (11, 0)


def test_drw5_blocked_lower_count_scores_the_difference() -> None:
    """DRW-5: blocked with counts 9 and 1: the lower count scores 9 - 1 = 8."""
    s = dw.new_game("draw", hands=[["6-6", "2-3"], ["6-5", "4-5", "0-1"]], boneyard=["2-2"])
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("draw")  # seat 0 draws 2-2 (no fit), the last tile; seat 1 can still play
    assert not s.is_over
    s = s.play("pass")
    s = s.play("4-5 left")  # ends 4 | 6: seat 0 holds 2-3, 2-2 (9), seat 1 holds 0-1 (1)
    o = s.outcome
    assert o is not None and o.reason == "blocked"
    assert o.counts == (9, 1) and o.winner == 1 and o.points == (0, 8)


def test_drw5_blocked_tie_scores_nothing() -> None:
    """DRW-5: nothing on a tie."""
    s = dw.new_game("draw", hands=[["6-6", "1-3"], ["6-5", "0-4"]], boneyard=["0-0"])
    s = s.play("6-6").play("5-6 left")  # ends 5 | 6
    s = s.play("draw")  # seat 0 draws 0-0, the last tile: blocked, counts 4 and 4
    o = s.outcome
    assert o is not None and o.reason == "blocked"
    assert o.counts == (4, 4) and o.winner is None and o.points == (0, 0)


# ---------------------------------------------------------------- DRW-7 what can be played


def expected_plays(s: GameState) -> set[tuple[Tile, End | None]]:
    """Every (tile, end) pair of the mover's hand that matches an open end (COM-1)."""
    seat = s.current_player
    assert seat is not None
    if not s.layout:
        return {(t, None) for t in s.hand(seat)}  # only reached in games where any tile leads
    return {(t, e) for t in s.hand(seat) for e, v in s.ends.items() if t.has(v)}


def test_drw7_legal_actions_name_exactly_the_playable_tiles_and_their_ends() -> None:
    """DRW-7: the tiles to highlight are the tiles of `legal_actions()`, with their ends."""
    s = dw.new_game("draw", hands=[["6-6", "2-5", "5-3", "1-1"], ["6-2", "0-4"]], boneyard=["0-0"])
    s = s.play("6-6").play("2-6 left")  # ends 2 | 6
    # seat 0 holds 2-5 (fits the left 2), 5-3 and 1-1 (fit nothing)
    assert names(s.legal_actions()) == ["2-5 left"]
    view = s.view(0)
    assert view.legal_actions == tuple(s.legal_actions()) and s.view(1).legal_actions == ()
    s = s.play("2-5 left")  # ends 5 | 6
    s = s.play("draw")  # seat 1 (0-4) draws 0-0: no fit, the boneyard is empty: he passes
    s = s.play("pass")
    assert names(s.legal_actions()) == ["3-5 left"]  # 1-1 is not highlighted


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_drw7_legal_actions_match_the_open_ends_in_random_positions(seed: int) -> None:
    """DRW-7/COM-4: at every turn, plays are exactly the matching (tile, end) pairs; without
    one the only action is draw, or pass once the boneyard is empty."""
    rng = random.Random(seed)
    s = dw.new_game("draw", seed=seed)
    s = s.play(s.legal_actions()[0])  # the forced lead (DRW-2)
    while not s.is_over:
        actions = s.legal_actions()
        want = expected_plays(s)
        if want:
            assert all(a.kind is ActionKind.PLAY for a in actions)
            assert {(a.tile, a.end) for a in actions} == want and len(actions) == len(want)
        else:
            assert actions == [Action.draw() if s.boneyard else Action.pass_()]
        s = s.play(rng.choice(actions))


def test_drw2_seeds_whose_first_deal_has_no_double_are_dealt_again() -> None:
    """DRW-2 over many seeds: `draw_cz` deals like `draw` but never redeals, so its deal from a
    seed is the first deal `draw` makes from it. Where that deal holds a double, `draw` keeps it;
    where it holds none (about 1 seed in 345), `draw` deals again and gets a double."""
    draw_cfg, plain_cfg = dw.get_variant("draw").config(), dw.get_variant("draw_cz").config()
    redealt = 0
    for seed in range(3000):
        first, _, _, _ = deal(plain_cfg, random.Random(seed))
        hands, _, _, _ = deal(draw_cfg, random.Random(seed))
        first_has_double = any(first_hand >> d.index & 1 for first_hand in first for d in DOUBLES)
        if first_has_double:
            assert hands == first  # no needless redeal
        else:
            redealt += 1
            assert hands != first and any(h >> d.index & 1 for h in hands for d in DOUBLES)
    assert redealt >= 1  # the seeds do hit the 1-in-345 case

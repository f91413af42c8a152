"""Match equity (A5-6: the first to reach the target wins) and the expert that plays for the match."""

from __future__ import annotations

import random

import pytest

import domino_widgets as dw
from domino_widgets.core.errors import DominoError
from domino_widgets.players import equity
from domino_widgets.players.expert import ExpertPlayer, objective

A5 = dict(dw.new_game("all_fives", seed=0).params)


def test_the_stored_outcomes_are_the_greedy_self_play_counted_from_both_seats() -> None:
    counts = equity.stored_outcomes("all_fives", A5)
    assert counts is not None
    table = {(x, y): n for x, y, n in counts}
    assert all(table[(y, x)] == n for (x, y), n in table.items())  # both orders: two equal players
    entry = equity._stored()[equity.outcomes_key("all_fives", A5)]
    assert sum(table.values()) == 2 * entry["hands"]
    assert all(x % 5 == 0 and y % 5 == 0 for x, y in table)  # A5-4, A5-5: every point is a multiple of 5


def test_equity_is_a_chance_symmetric_and_monotone_in_the_scores() -> None:
    w = equity.match_equity("all_fives", A5)
    assert w is not None
    for a in range(0, 150, 5):
        for b in range(0, 150, 5):
            assert 0.0 < w(a, b) < 1.0
            assert w(a, b) + w(b, a) == pytest.approx(1.0)  # equal players
            assert w(a + 5, b) >= w(a, b) - 1e-12 and w(a, b + 5) <= w(a, b) + 1e-12
    assert w(150, 145) == 1.0 and w(145, 150) == 0.0  # A5-6: reaching the target wins


def test_equity_agrees_with_playing_the_stored_hands_out() -> None:
    """The table against a direct simulation of matches drawn from the same outcomes."""
    w = equity.match_equity("all_fives", A5)
    counts = equity.stored_outcomes("all_fives", A5)
    assert w is not None and counts is not None
    pairs = [(x, y) for x, y, n in counts if x or y for _ in range(n)]
    rng = random.Random(5)
    for start in ((0, 0), (100, 120), (140, 120)):
        wins, n = 0.0, 20_000
        for _ in range(n):
            a, b = start
            while a < 150 and b < 150:
                x, y = rng.choice(pairs)
                a, b = a + x, b + y
            wins += 0.5 if a >= 150 and b >= 150 else 1.0 if a >= 150 else 0.0
        assert wins / n == pytest.approx(w(*start), abs=0.012), start


def test_no_equity_where_nothing_is_stored_or_the_match_is_not_two_players() -> None:
    assert equity.match_equity("all_fives", {**A5, "players": 3}) is None
    assert equity.match_equity("all_fives", {**A5, "scoring": "draw"}) is None  # A5-7's seed option
    assert equity.match_equity("block", dict(dw.new_game("block", seed=0).params)) is None
    assert equity.match_equity("all_fives", {**A5, "target": 61})(0, 0) == pytest.approx(0.5)  # any target


def test_equity_from_no_scoring_hand_is_refused() -> None:
    with pytest.raises(DominoError, match="somebody scores"):
        equity.equity_from_counts([(0, 0, 3)], target=50)


def test_the_expert_counts_a_hand_by_the_match_it_leaves() -> None:
    w = equity.match_equity("all_fives", A5)
    c = dw.new_game("all_fives", seed=3).core
    c.points = (10, 0)
    cfg = c.cfg
    near_zero = objective(cfg, 0, 150, (0, 0), w)(c)
    assert near_zero == pytest.approx(10.0, abs=1.0)  # at 0-0 about the margin
    assert objective(cfg, 0, 150, (140, 100), w)(c) > 20  # the 10 points that win the match count double
    assert objective(cfg, 0, 150, (140, 100), w)(c) > objective(cfg, 0, 150, (100, 140), w)(c) > 0
    assert objective(cfg, 0, 150, (0, 0))(c) == 10.0  # without equity: the margin


def test_the_expert_plays_for_the_match_only_where_asked() -> None:
    with pytest.raises(DominoError, match="equity must be True or False"):
        ExpertPlayer(equity="yes")  # type: ignore[arg-type]
    s = dw.new_game("all_fives", seed=3)
    while len(s.legal_actions()) < 2:
        s = s.play(s.legal_actions()[0])
    view = s.view(s.current_player)
    plain = ExpertPlayer(samples=12, equity=False).explain(view, random.Random(1))
    for_match = ExpertPlayer(samples=12).explain(view, random.Random(1))
    assert [a for a, _ in plain] == [a for a, _ in for_match]
    assert plain != for_match  # the same plays, valued for the match

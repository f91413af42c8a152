"""The playout policies break ties at random (issue 24), as the greedy player does.

A playout that always took the first-listed of several equally good plays would play a
different game from the greedy player it stands for: in lesson 04's position the expert's
preference rested on exactly that. Each policy here (the plain loop of `heuristic_playout`, the
All Fives loop fused with the expert's policy) must lay each of two tied plays over a few seeds,
and still lay the same one for the same seed.
"""

from __future__ import annotations

import random

import pytest

import domino_widgets as dw
from domino_widgets.core.engine import legal_codes
from domino_widgets.players.heuristics import all_fives, heuristic_for, heuristic_playout, rollout_policy

# Seat 1 leads 2-2; seat 0 then holds 2-3, which fits both sides of the double: "2-3 left" and
# "2-3 right" leave the same table, so every policy values them the same.
HANDS = [["2-3", "5-6", "0-1"], ["2-2", "4-6", "1-1"]]


def _tied_position(variant: str) -> dw.GameState:
    extra = {"boneyard": ["3-3"]} if variant in ("all_fives", "draw") else {}
    return dw.new_game(variant, hands=HANDS, leader=1, **extra).play("2-2")


def _first_play(variant: str, policy, seed: int, epsilon: float = 0.0) -> str:
    s = _tied_position(variant)
    c = s.core
    before = len(c.history)
    heuristic_playout(c, random.Random(seed), policy, epsilon)
    code = c.history[before]
    return str(s.legal_actions()[legal_codes(s.core).index(code)])


POLICIES = [
    ("block", "greedy"), ("draw", "greedy"), ("all_fives", "greedy"),
    ("block", "expert"), ("draw", "expert"), ("all_fives", "expert"),  # all_fives expert: the fused loop
]


@pytest.mark.parametrize(("variant", "kind"), POLICIES)
def test_a_playout_lays_each_of_two_tied_plays(variant: str, kind: str) -> None:
    policy = heuristic_for(variant) if kind == "greedy" else rollout_policy(variant)
    s = _tied_position(variant)
    c = s.core
    tied = [str(a) for a in s.legal_actions() if a.tile == dw.Tile(2, 3)]
    assert len(tied) == 2
    values = {policy(c, k) for k in legal_codes(c) if k >> 3 == dw.Tile(2, 3).index}
    assert len(values) == 1, "the two plays of 2-3 are valued the same"
    best = max(policy(c, k) for k in legal_codes(c))
    assert values == {best}, "and they are the best"
    chosen = [_first_play(variant, policy, seed) for seed in range(40)]
    assert set(chosen) == set(tied)
    assert 8 <= chosen.count(tied[0]) <= 32  # about half each
    assert chosen == [_first_play(variant, policy, seed) for seed in range(40)]  # reproducible per seed


def test_the_fused_all_fives_loop_is_taken_and_breaks_ties_like_the_plain_one() -> None:
    policy = rollout_policy("all_fives")
    assert getattr(policy, "follow_weight", None) is not None  # `heuristic_playout` fuses this one
    plain = [_first_play("all_fives", lambda c, k: policy(c, k), seed) for seed in range(40)]
    fused = [_first_play("all_fives", policy, seed) for seed in range(40)]
    assert fused == plain


def test_a_single_best_play_draws_no_random_number() -> None:
    # Only a tie costs a random number: a rollout with one best play everywhere is unchanged.
    class Counting(random.Random):
        calls = 0

        def random(self) -> float:
            Counting.calls += 1
            return super().random()

    s = dw.new_game("block", hands=[["2-3", "5-6"], ["2-4", "4-6"]], leader=1).play("2-4")
    heuristic_playout(s.core, Counting(1), heuristic_for("block"))
    assert Counting.calls == 0
    s = _tied_position("block")
    heuristic_playout(s.core, Counting(1), heuristic_for("block"))
    assert Counting.calls >= 1
    assert all_fives is heuristic_for("all_fives")

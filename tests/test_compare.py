"""`domino_widgets.sim.compare`: the one function every strategy claim of the lessons goes through.

Judged on the game's objective (BLK-6, DRW-6, A5-6 points; DCZ-6, MAT-5 hands; BRG-5 the pot; SOL-4
games won; T21-3 hands), paired on the same deals, with a verdict the lessons assert on; the stored
full-size results agree with a small re-run of the same seeded deals.
"""

from __future__ import annotations

import math

import pytest

from domino_widgets.core.errors import ParameterError
from domino_widgets.players import get_player
from domino_widgets.players.line import GreedyPlayer
from domino_widgets.sim import compare as cmp


def test_verdict_is_read_off_the_interval_against_no_difference() -> None:
    assert cmp._verdict(0.1, 0.3, 0.0) == cmp.BETTER
    assert cmp._verdict(-0.3, -0.1, 0.0) == cmp.WORSE
    assert cmp._verdict(-0.1, 0.3, 0.0) == cmp.CANNOT_TELL
    assert cmp._verdict(0.49, 0.52, 0.5) == cmp.CANNOT_TELL


@pytest.mark.parametrize(("variant", "matches", "measure"), [
    ("block", False, "points"), ("draw", False, "points"), ("all_fives", False, "points"),
    ("draw_cz", False, "hands"), ("matador", False, "hands"), ("bergen", False, "pot"),
    ("twentyone", False, "hands"), ("solitaire", False, "solved"), ("all_fives", True, "matches"),
])
def test_each_game_is_judged_on_its_own_objective(variant: str, matches: bool, measure: str) -> None:
    assert cmp.measure_of(variant, matches) == measure


def test_points_games_are_judged_by_points_not_by_who_went_out() -> None:
    c = cmp.compare("all_fives", "greedy", "random", games=40, seed=3, progress=False)
    assert c.measure == "points" and c.null == 0.0 and c.estimate > 5
    assert "went out" not in c.sentence() and "points a hand more" in c.sentence()


def test_a_player_against_its_twin_on_the_same_deals_cannot_be_told_apart() -> None:
    twin = GreedyPlayer()
    twin.name = "greedy twin"
    c = cmp.compare("block", "greedy", twin, games=40, seed=1, progress=False)
    assert c.cannot_tell and c.low < 0 < c.high  # equal players: only their tie-breaking dice differ
    solo = get_player("greedy", variant="solitaire")
    solo.name = "greedy twin"
    s = cmp.compare("solitaire", "greedy", solo, games=40, seed=1, progress=False)
    assert s.estimate == 0.0 and s.cannot_tell  # solitaire: the same deals and the same dice, the same games


def test_the_same_name_twice_is_refused() -> None:
    with pytest.raises(ParameterError, match="different names"):
        cmp.compare("block", "greedy", "greedy", games=4, progress=False)


def test_every_lesson_comparison_is_stored_with_its_command() -> None:
    for key, spec in cmp.LESSON_COMPARISONS.items():
        c = cmp.stored(key)
        assert (c.variant, c.games, c.seed) == (spec["variant"], spec["games"], spec["seed"]), key
        assert c.command == f'python benchmarks/lesson_results.py --only "{key}"'
        assert c.low <= c.estimate <= c.high and c.verdict == cmp._verdict(c.low, c.high, c.null)
        assert c.measure == cmp.measure_of(spec["variant"], spec.get("matches", False))
        # the players and the options are the ones the code would run now (`run_stored`)
        assert (c.a, c.b) == tuple(cmp._label(cmp.lesson_player(spec[k], spec["variant"])) for k in "ab"), key
        assert c.params == dict(spec.get("params") or {}), key


SMALL = {  # key -> games of the quick re-run (the first deals of the same seed)
    "block greedy-random": 100, "draw greedy-random": 100, "draw_cz greedy-random": 100,
    "all_fives greedy-random": 100, "all_fives greedy-random matches": 20, "matador greedy-random": 100,
    "bergen greedy-random": 40, "solitaire greedy-random": 400, "skill all_fives": 20, "skill block": 20,
    "all_fives keep-fives-greedy": 100, "twentyone optimal-stand17": 60, "block expert-greedy": 20,
}


@pytest.mark.parametrize("key", sorted(SMALL))
def test_a_small_rerun_agrees_with_the_stored_result(key: str) -> None:
    stored = cmp.stored(key)
    small = cmp.run_stored(key, games=SMALL[key], progress=False)
    assert small.measure == stored.measure
    sd = small.half_width / 1.959963984540054
    if math.isfinite(sd) and sd > 0:
        assert abs(small.estimate - stored.estimate) <= 4 * sd, (small, stored)
    else:  # a run with no spread at all: the stored interval must contain it
        assert stored.low - 1e-9 <= small.estimate <= stored.high + 1e-9

"""Tournaments: seeded, seat-balanced, the same for any number of jobs and any joblib backend."""

from __future__ import annotations

import csv
import importlib
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from joblib import parallel_config

import domino_widgets as dw
from domino_widgets.core.engine import legal_codes
from domino_widgets.core.errors import ParameterError
from domino_widgets.players import get_player
from domino_widgets.players.line import GreedyPlayer, RandomPlayer
from domino_widgets.players.registry import LINE_VARIANTS
from domino_widgets.sim import tournament, wilson
from domino_widgets.sim.cli import main
from domino_widgets.sim.tournament import derive_seed, play_one


def test_wilson_interval_matches_the_formula() -> None:
    # Wilson (1927): for 0 successes in n trials the upper end is z^2 / (n + z^2)
    z = 1.959963984540054
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(z * z / (10 + z * z))
    lo, hi = wilson(50, 100)  # symmetric around 1/2
    assert lo + hi == pytest.approx(1.0) and hi - lo == pytest.approx(2 * z * 0.5 / math.sqrt(100 + z * z))
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_every_deal_is_played_from_every_seat() -> None:
    r = tournament("block", ["greedy", "random"], games=10, seed=4, progress=False)
    assert len(r.table) == 10
    for deal in range(5):
        rows = [row for row in r.table if row["deal"] == deal]
        assert [row["seating"] for row in rows] == [("greedy", "random"), ("random", "greedy")]
        assert len({row["seed"] for row in rows}) == 1
        assert [row["seat_greedy"] for row in rows] == [0, 1]
    for row in r.table:  # the winner is the seat with the points (BLK-4/5), or nobody on a tie
        if row["winner"] is None:
            assert row["points_greedy"] == row["points_random"] == 0
        else:
            loser = "random" if row["winner"] == "greedy" else "greedy"
            assert row[f"points_{row['winner']}"] > 0 == row[f"points_{loser}"]
            assert row["seating"][row["winner_seat"]] == row["winner"]
    # games are rounded up so that each deal is played from both seats
    assert len(tournament("block", ["greedy", "random"], games=3, progress=False).table) == 4


def test_the_summary_counts_the_table() -> None:
    r = tournament("draw", ["greedy", "random"], games=40, seed=1, progress=False)
    for row in r.summary:
        wins = sum(1 for g in r.table if g["winner"] == row["player"])
        assert row["wins"] == wins and row["games"] == 40
        assert (row["ci_low"], row["ci_high"]) == wilson(wins, 40)
        assert row["ci_low"] <= row["win_rate"] <= row["ci_high"]
        assert row["mean_points"] == pytest.approx(sum(g[f"points_{row['player']}"] for g in r.table) / 40)
    assert sum(row["wins"] for row in r.summary) + r.summary[0]["ties"] == 40
    assert "95% interval" in str(r) and "greedy" in str(r)


def test_a_game_depends_only_on_its_seed() -> None:
    players = [get_player("greedy", variant="all_fives"), get_player("expert", variant="all_fives", samples=4)]
    assert play_one("all_fives", players, seed=9) == play_one("all_fives", players, seed=9)
    a = tournament("all_fives", players, games=4, seed=2, progress=False, chunk=1)
    b = tournament("all_fives", players, games=4, seed=2, progress=False, chunk=3)
    assert a.table == b.table
    c = tournament("all_fives", players, games=4, seed=3, progress=False)
    assert [g["seed"] for g in c.table] != [g["seed"] for g in a.table]
    assert derive_seed(2, 0) == a.table[0]["seed"]


def test_parallel_jobs_give_the_same_table() -> None:
    args = ("matador", ["expert:samples=3", "greedy"])
    one = tournament(*args, games=8, seed=5, n_jobs=1, progress=False)
    two = tournament(*args, games=8, seed=5, n_jobs=2, progress=False, chunk=1)
    threads = tournament(*args, games=8, seed=5, n_jobs=2, backend="threading", progress=False, chunk=2)
    assert one.table == two.table == threads.table
    assert one.summary == two.summary


@pytest.mark.parametrize("processes", [False, True])
def test_a_dask_cluster_gives_the_same_table(processes: bool) -> None:
    """A real Dask cluster on loopback TCP: worker threads, then worker processes."""
    from dask.distributed import Client, LocalCluster

    expected = tournament("draw_cz", ["greedy", "random"], games=12, seed=8, progress=False)
    with LocalCluster(processes=processes, protocol="tcp://", host="127.0.0.1", n_workers=2, threads_per_worker=1,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        with parallel_config(backend="dask"):
            got = tournament("draw_cz", ["greedy", "random"], games=12, seed=8, n_jobs=2, progress=False, chunk=1)
        assert len(client.scheduler_info()["workers"]) == 2
    assert got.table == expected.table


def test_matches_play_to_the_target() -> None:
    # DRW-6: a match of the draw game goes on until a player reaches the target
    r = tournament("draw", ["greedy", "random"], games=4, seed=6, progress=False, matches=True,
                   params={"target": 30})
    for g in r.table:
        assert g["hands"] >= 1 and g["reason"] is None
        assert g[f"points_{g['winner']}"] >= 30 > min(g["points_greedy"], g["points_random"])
    # BRG-6: bergen counts rounds; four players, one seat each
    b = tournament("bergen", ["greedy", "random", "random", "random"], games=4, progress=False, matches=True,
                   params={"players": 4, "rounds": 2})
    assert [g["hands"] for g in b.table] == [2, 2, 2, 2]
    assert {g["seating"] for g in b.table} == {("greedy", "random", "random#2", "random#3"),
                                               ("random#3", "greedy", "random", "random#2"),
                                               ("random#2", "random#3", "greedy", "random"),
                                               ("random", "random#2", "random#3", "greedy")}


def test_bad_input_is_refused_clearly() -> None:
    with pytest.raises(ParameterError, match="give 3 players"):
        tournament("bergen", ["greedy", "random"], games=2, progress=False)
    with pytest.raises(ParameterError, match="games"):
        tournament("block", ["greedy", "random"], games=0, progress=False)
    with pytest.raises(ParameterError, match="no player 'wizard'"):
        tournament("block", ["wizard", "random"], games=2, progress=False)
    with pytest.raises(ParameterError, match="key=value"):
        tournament("block", ["expert:samples", "random"], games=2, progress=False)
    with pytest.raises(ParameterError, match="unknown variant"):
        tournament("poker", ["greedy", "random"], games=2, progress=False)
    with pytest.raises(ParameterError, match="a player is a name"):
        tournament("block", [object(), "random"], games=2, progress=False)  # type: ignore[list-item]


def test_progress_bar_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    tournament("block", ["greedy", "random"], games=2, progress=False)
    assert capsys.readouterr().err == ""
    tournament("block", ["greedy", "random"], games=2, progress=True)
    assert "2/2" in capsys.readouterr().err


def test_table_to_pandas() -> None:
    r = tournament("bergen", ["greedy", "random"], games=2, progress=False, params={"players": 2})
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            r.to_pandas()
    else:
        df = r.to_pandas()
        assert len(df) == 2 and df["points_greedy"].dtype == float  # BRG-6 fractions become floats


def test_command_line_prints_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.csv"
    assert main(["simulate", "block", "--players", "greedy", "random", "--games", "4", "--no-progress",
                 "--param", "target=50", "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == "block: 4 hands (2 deals x 2 seatings), seed 0"
    assert "greedy" in text and "random" in text
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 and rows[0]["seating"] == "greedy,random"
    assert main(["simulate", "block", "--players", "greedy", "--games", "2", "--no-progress"]) == 2
    assert "give 2 players" in capsys.readouterr().err


def test_python_dash_m_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "domino_widgets", "simulate", "all_fives", "--players",
                           "expert:samples=2", "greedy", "--games", "2", "--jobs", "1", "--no-progress"],
                          check=False, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("all_fives: 2 hands")
    assert dw.available_variants()[0] in ("block",)


class _ViewGreedy(GreedyPlayer):
    """The package's greedy player, but not its own type: it takes the player API's path (a
    whole view per decision, `choose`), never the tournament's fast path on codes."""


class _ViewRandom(RandomPlayer):
    """`RandomPlayer` on the player API's path (see `_ViewGreedy`)."""


FAST_PATH_CASES = [
    ("block", {}), ("block", {"pips": 9}), ("draw", {}), ("draw_cz", {}), ("draw_cz", {"standard": True}),
    ("all_fives", {}), ("all_fives", {"scoring": "draw", "target": 40}), ("all_fives", {"pips": 9}),
    ("matador", {}), ("matador", {"matador_optional": True}), ("matador", {"matadors_any_time": True}),
    ("bergen", {}), ("bergen", {"players": 2}), ("bergen", {"players": 3}),
]


@pytest.mark.parametrize(("variant", "params"), FAST_PATH_CASES)
def test_the_fast_path_of_the_own_players_plays_as_the_player_api(variant: str, params: dict[str, object],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 13: a hand between the package's own random and greedy players is played on engine
    # codes (no view, no Action per move); the same seeds give the same table, row for row, as
    # the same players asked through views (DESIGN principle 5), and the fast path is taken.
    tmod = importlib.import_module("domino_widgets.sim.tournament")
    n = 3 if variant == "bergen" and not params else int(params.get("players", 2))  # type: ignore[call-overload]
    fast_players = [GreedyPlayer() if s % 2 == 0 else RandomPlayer() for s in range(n)]
    view_players = [_ViewGreedy() if s % 2 == 0 else _ViewRandom() for s in range(n)]
    calls = {"n": 0}
    real = tmod._play_hand_on_codes

    def counted(*args: Any) -> Any:
        calls["n"] += 1
        return real(*args)

    monkeypatch.setattr(tmod, "_play_hand_on_codes", counted)
    for players, slow in ((fast_players, view_players), ([GreedyPlayer()] * n, [_ViewGreedy()] * n)):
        calls["n"] = 0
        fast = tournament(variant, players, games=6 * n, seed=5, progress=False, params=params).table
        assert calls["n"] == 6 * n
        calls["n"] = 0
        plain = tournament(variant, slow, games=6 * n, seed=5, progress=False, params=params).table
        assert calls["n"] == 0
        assert list(fast) == list(plain)


def test_a_greedy_player_with_its_own_heuristic_takes_the_player_api() -> None:
    # Only the variant's own heuristic may run on the fast path: another function gets views.
    from domino_widgets.sim.tournament import _fast

    assert _fast(GreedyPlayer()) and _fast(RandomPlayer())
    assert not _fast(GreedyPlayer(heuristic=lambda c, k: 0.0)) and not _fast(_ViewGreedy())
    assert not _fast(get_player("expert", variant="all_fives"))


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_the_seat_position_of_the_fast_path_holds_no_hidden_tile(variant: str) -> None:
    # DESIGN principle 3: the position a greedy player decides on holds its own hand, the table
    # and the scores, as `public_core` of its view does, and not one hidden tile; its heuristic
    # gives every legal play the value `explain` gives it on the view.
    from domino_widgets.players.heuristics import heuristic_for
    from domino_widgets.players.sampling import public_core
    from domino_widgets.sim.tournament import _seat_position

    h = heuristic_for(variant)
    for seed in range(6):
        s = dw.new_game(variant, seed=seed)
        rng = random.Random(seed)
        cache: list[Any] = [None] * s.players
        while not s.is_over:
            seat = s.current_player
            c = s.core
            p = _seat_position(c, seat, cache)
            public = public_core(s.view(seat))
            assert [h if q == seat else 0 for q, h in enumerate(p.hands)] == p.hands
            assert p.hands[seat] == c.hands[seat] and p.stock == [] and p.out == 0
            for slot in ("ends", "arms", "tips", "center", "open", "turn", "hand_points", "base_scores", "finished"):
                assert getattr(p, slot) == getattr(public, slot), slot
            codes = legal_codes(c)
            plays = [k for k in codes if k >= 0]
            assert [h(p, k) for k in plays] == [h(public, k) for k in plays]
            s = s.play(rng.choice(s.legal_actions()))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 100_000), moves=st.integers(0, 30), variant=st.sampled_from(LINE_VARIANTS),
       rseed=st.integers(0, 1000))
def test_choose_code_picks_what_choose_picks(seed: int, moves: int, variant: str, rseed: int) -> None:
    # The fast path's `choose_code` and the player API's `choose`: the same pick with the same
    # random numbers, and the same state of the random source after it.
    from domino_widgets.players.sampling import public_core

    rng = random.Random(seed)
    s = dw.new_game(variant, seed=seed)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
    if s.is_over:
        return
    view = s.view(s.current_player)
    codes = legal_codes(s.core)
    for player in (GreedyPlayer(), RandomPlayer()):
        r1, r2 = random.Random(rseed), random.Random(rseed)
        chosen = player.choose(view, r1)
        code = player.choose_code(public_core(view), codes, r2)
        assert s.legal_actions()[codes.index(code)] == chosen
        assert r1.random() == r2.random()

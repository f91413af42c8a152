"""Issue 10: hands always end (COM-6), memory stays bounded, and the command line checks its
arguments before it runs. Named after what each test guards.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

import domino_widgets as dw
from domino_widgets.core import engine, registry
from domino_widgets.core.engine import new_core
from domino_widgets.core.state import GameState, core_from_view
from domino_widgets.core.tiles import mask_of, parse_tiles
from domino_widgets.core.variant import CONFIG_CACHE
from domino_widgets.sim import cli

# ------------------------------------------------------------------ COM-6: hands always end


def _built(variant: str, hands: list[str], stock: str = "") -> GameState:
    """A position built directly with the engine (as lessons and tests do), not through new_game."""
    cfg = registry.get_variant(variant).config({})
    masks = [mask_of(parse_tiles(h)) for h in hands]
    stock_idx = [t.index for t in parse_tiles(stock)]
    used = mask_of(parse_tiles(" ".join([*hands, stock])))
    return GameState(new_core(cfg, hands=masks, stock=stock_idx, out=cfg.t.full & ~used, leader=0, seed=None))


@pytest.mark.parametrize("variant", ["block", "draw", "draw_cz", "matador", "all_fives"])
def test_a_built_position_where_nobody_can_play_ends_blocked_at_the_first_pass(variant: str) -> None:
    s = _built(variant, ["", ""])
    assert s.legal_actions() == [dw.Action.pass_()]
    s = s.play("pass")
    assert s.is_over and s.outcome is not None and s.outcome.reason == "blocked"  # COM-6


def test_a_built_position_with_a_tile_to_lead_still_plays() -> None:
    s = _built("block", ["", "3-4"]).play("pass")
    assert not s.is_over and s.current_player == 1 and s.legal_actions() == [dw.Action.parse("3-4")]


def test_a_guess_where_nobody_can_play_is_blocked_at_once() -> None:
    real = dw.new_game("block", hands=[["1-1", "1-2"], ["2-2", "3-4"]]).play("1-1")  # seat 1 must pass
    seat0, seat1 = mask_of(parse_tiles("5-6")), mask_of(parse_tiles("2-2 3-4"))  # seat 1 guesses 5-6 for 1-2
    out = (mask_of(real.out_of_play) | mask_of(parse_tiles("1-2"))) & ~seat0
    guess = core_from_view(real.view(1), [seat0, seat1], [], out)
    assert guess.over and guess.reason == "blocked"  # COM-6: playing the guess out terminates
    assert not real.is_over


@pytest.mark.parametrize("variant", ["block", "draw_cz", "matador", "draw"])
def test_new_game_refuses_a_deal_nobody_can_ever_play(variant: str) -> None:
    kwargs = {} if variant == "block" else {"boneyard": []}
    with pytest.raises(dw.ParameterError, match="COM-6"):
        dw.new_game(variant, hands=[[], []], **kwargs)


def test_every_random_hand_of_every_variant_ends() -> None:
    """A short version of benchmarks/soak.py: random legal play always ends the hand."""
    import random

    rng = random.Random(0)
    for variant, players in [("block", 2), ("draw_cz", 2), ("draw", 2), ("all_fives", 2), ("matador", 2),
                             ("bergen", 2), ("bergen", 3), ("bergen", 4), ("twentyone", 4), ("solitaire", None)]:
        params = {} if players is None else {"players": players}
        for seed in range(15):
            s = dw.new_game(variant, seed=seed, **params)
            for _ in range(1000):
                if s.is_over:
                    break
                s = s.play(rng.choice(s.legal_actions()))
            assert s.is_over, (variant, seed)


# ------------------------------------------------------------------ states share their history


def _long_line(passes: int, monkeypatch: pytest.MonkeyPatch, views: bool = False) -> tuple[GameState, int]:
    monkeypatch.setattr(engine, "_blocked", lambda c: False)  # let the passes go on
    s = _built("block", ["", ""])
    line = [s]
    tracemalloc.start()
    try:
        for _ in range(passes):
            if views:  # as an AI player looks at every position (the view's history is cached)
                s.view(s.current_player).history
            s = s.play(s.legal_actions()[0] if views else "pass")
            line.append(s)
        assert len(s.history) == passes and len(s.view(0).history) == passes
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return s, peak


def test_states_share_their_history_so_memory_grows_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    # With a copy of the history in every state, 2,000 passes took about 33 MiB and 4,000 about
    # 130 MiB (quadratic); shared, they take about 2 and 4 MiB. benchmarks/history_memory.py
    # prints the figures for 5k, 10k and 20k passes.
    _, small = _long_line(1000, monkeypatch)
    _, large = _long_line(4000, monkeypatch)
    assert large < 12 * 2**20
    assert large < 6 * small  # 4x the actions, about 4x the memory (quadratic would be 16x)


def test_views_of_every_state_share_their_history_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each state's view history built from its parent's as a tuple of its own would be quadratic
    # again (4,000 passes: about 150 MiB); the seats' lists are shared along the line like the codes.
    _, small = _long_line(1000, monkeypatch, views=True)
    _, large = _long_line(4000, monkeypatch, views=True)
    assert large < 16 * 2**20
    assert large < 6 * small


def test_a_second_line_of_play_from_an_earlier_state_keeps_both_histories() -> None:
    s0 = dw.new_game("draw", seed=5)
    line = [s0]
    for _ in range(6):
        line.append(line[-1].play(line[-1].legal_actions()[0]))
    a_history, a_view = line[-1].history, line[-1].view(0).history
    back = line[3]
    other = back.play(back.legal_actions()[-1])  # a different move from the middle of the line
    more = other.play(other.legal_actions()[0])
    assert line[-1].history == a_history and line[-1].view(0).history == a_view
    assert more.history[:3] == a_history[:3] and len(more.history) == 5
    assert back.history == a_history[:3] and len(back.view(1).history) == 3
    assert dw.load_record(more.to_json()) == more and dw.load_record(line[-1].to_json()) == line[-1]
    assert back.layout == dw.load_record(back.to_json()).layout
    assert back.core.history == [c for c in line[-1].core.history[:3]]


def test_the_parent_is_unchanged_after_a_child_is_played() -> None:
    s = dw.new_game("block", seed=2)
    before = (s.to_json(), repr(s), s.describe(), hash(s))
    child = s.play(s.legal_actions()[0])
    assert (s.to_json(), repr(s), s.describe(), hash(s)) == before
    assert child != s and child.undo() is s


# ------------------------------------------------------------------ the engine's Config cache


def test_the_config_cache_is_bounded_for_many_targets() -> None:
    variant = registry.get_variant("all_fives")
    for target in range(1, 3 * CONFIG_CACHE):
        variant.config({"target": target})
    assert len(variant._cache) <= CONFIG_CACHE


def test_configs_of_different_targets_share_their_play_tables() -> None:
    variant = registry.get_variant("draw")
    a, b = variant.config({"target": 7}), variant.config({"target": 8})
    assert a is not b and a.table is b.table and a.lead_table is b.lead_table and a.far is b.far


def test_states_stay_equal_after_their_config_left_the_cache() -> None:
    variant = registry.get_variant("block")
    s = dw.new_game("block", seed=4, target=77)
    for target in range(1000, 1000 + 2 * CONFIG_CACHE):
        variant.config({"target": target})  # pushes target=77 out of the cache
    again = dw.new_game("block", seed=4, target=77)
    assert again == s and dw.load_record(s.to_json()) == s


# ------------------------------------------------------------------ the command line


@pytest.fixture
def no_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise AssertionError("the tournament ran before the arguments were checked")

    monkeypatch.setattr(cli, "tournament", fail)


@pytest.mark.parametrize("args", [["--jobs", "0"], ["--jobs", "two"], ["--games", "0"], ["--games", "-5"],
                                  ["--backend", "nonsense"]])
def test_bad_command_line_numbers_are_usage_errors_with_exit_status_2(
        args: list[str], no_tournament: None, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["simulate", "block", "--players", "greedy", "random", "--no-progress", *args])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "usage:" in err and f"argument {args[0]}" in err


def test_a_csv_folder_is_refused_before_the_tournament_runs(
        tmp_path: Path, no_tournament: None, capsys: pytest.CaptureFixture[str]) -> None:
    for target, says in [(tmp_path, "is a folder"), (tmp_path / "missing" / "games.csv", "does not exist")]:
        with pytest.raises(SystemExit) as info:
            cli.main(["simulate", "block", "--players", "greedy", "random", "--no-progress", "--csv", str(target)])
        assert info.value.code == 2 and says in capsys.readouterr().err

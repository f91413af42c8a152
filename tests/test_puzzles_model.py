"""The puzzle data model, its files and the miner's command line: round trips and bad input."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from domino_widgets.core.errors import DominoError
from domino_widgets.puzzles import PUZZLE_VARIANTS, THEMES, Puzzle, dump, load, parse
from domino_widgets.puzzles.cli import main as cli
from domino_widgets.puzzles.mine import mine, mine_game
from domino_widgets.puzzles.rating import Rating, attempt, rate


def test_every_shipped_puzzle_round_trips_and_its_record_is_the_position():
    for p in load():
        assert Puzzle.from_dict(json.loads(json.dumps(p.to_dict()))) == p
        state = p.state()
        assert state.variant == p.variant and state.params == p.options
        assert state.current_player == p.seat and state.is_legal(p.answer)
        plays = sorted(str(a) for a in state.legal_actions())
        assert plays == sorted([p.answer, *(r.play for r in p.others)])
        assert p.theme in THEMES and 1 <= p.difficulty <= 5


def test_a_file_round_trips():
    some = load("draw")[:3]
    assert parse(dump(some)) == some


def test_load_by_theme_and_variant():
    for v in PUZZLE_VARIANTS:
        got = load(v)
        assert got and {p.variant for p in got} == {v}
        for theme in {p.theme for p in got}:
            assert load(v, theme=theme) == [p for p in got if p.theme == theme]
    assert load("draw_gr") == load("draw")  # an alias of the variant


@pytest.mark.parametrize("args", [("bergen",), ("twentyone",), (7,), ("block", "dull"), (None, "fives!")])
def test_load_refuses_what_is_not_there(args):
    with pytest.raises(DominoError):
        load(*args)


@pytest.mark.parametrize("text", ["", "[]", '{"format": "other", "version": 1, "puzzles": []}',
                                  '{"format": "domino_widgets/puzzles", "version": 1, "puzzles": [{"id": 1}]}',
                                  '{"format": "domino_widgets/puzzles", "version": 1, "puzzles": {}}'])
def test_parse_refuses_a_bad_file(text):
    with pytest.raises(DominoError):
        parse(text)


def test_a_puzzle_refuses_a_bad_theme_or_difficulty():
    p = load("block")[0]
    with pytest.raises(DominoError):
        replace(p, theme="luck")
    with pytest.raises(DominoError):
        replace(p, difficulty=6)
    for bad in ({"difficulty": "hard"}, {"seat": 2}, {"seat": True}, {"variant": "bergen"}, {"answer": None},
                {"record": "{}"}):
        with pytest.raises(DominoError):
            Puzzle.from_dict({**p.to_dict(), **bad})


@pytest.mark.parametrize("kwargs", [{"variant": "bergen", "games": 2}, {"variant": "block", "games": 0},
                                    {"variant": "block", "games": 2, "seed": -1},
                                    {"variant": "block", "games": 2, "jobs": 0},
                                    {"variant": "block", "games": "2"},
                                    {"variant": "block", "games": 2, "backend": 3}])
def test_mine_refuses_bad_input(kwargs):
    with pytest.raises(DominoError):
        mine(**kwargs)


def test_the_miner_finds_the_shipped_puzzle_again():
    p = next(q for q in load("draw_cz") if q.source.get("seed") is not None)
    again = mine_game("draw_cz", p.source["seed"])
    assert p.id in {q.id for q in again}
    assert next(q for q in again if q.id == p.id).answer == p.answer


def test_the_command_line_writes_a_puzzle_file(tmp_path, capsys):
    out = tmp_path / "cz.json"
    assert cli(["mine", "draw_cz", "--games", "8", "--out", str(out), "--no-progress", "--seed", "3"]) == 0
    found = parse(out.read_text(encoding="utf-8"))
    said = capsys.readouterr().out
    assert f"draw_cz: {len(found)} puzzles from 8 hands" in said and "per CPU minute" in said
    assert cli(["mine", "draw_cz", "--games", "2", "--out", str(tmp_path / "no" / "x.json")]) == 2
    with pytest.raises(SystemExit):
        cli(["mine", "draw_cz", "--games", "0", "--out", str(out)])


def test_a_rating_moves_with_an_attempt():
    p = load("block")[0]
    student, q = rate(p, Rating(), solved=False)
    assert student.rating < 1500 < q.rating and q.id == p.id
    s2, p2 = attempt(Rating(1500, 60), Rating(1500, 60), solved=True)
    new, _ = attempt(Rating(), Rating(), solved=True)
    assert 0 < s2.rating - 1500 < (new.rating - 1500) / 10  # a settled rating (RD 60) moves little
    with pytest.raises(DominoError):
        Rating(rd=0)


def test_the_solver_refuses_a_position_that_is_not_a_puzzle():
    import domino_widgets as dw
    from domino_widgets.puzzles.solver import solve, worlds

    p = load("block")[0]
    with pytest.raises(DominoError):
        solve(p.state(), 1 - p.seat)  # not that seat's turn
    with pytest.raises(DominoError):
        worlds(dw.new_game("block", seed=1, players=3), 0)
    assert solve(p.state(), p.seat).answer == p.answer

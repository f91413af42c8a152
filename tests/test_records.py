"""Game records (DESIGN principle 5): a record replays its hand move by move, and a malformed
record fails with a `RecordError` whose message names the field or the action ``actions[k]``
(DESIGN principle 6).
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import domino_widgets as dw
from domino_widgets import GameState, RecordError

LINE_VARIANTS: tuple[str, ...] = tuple(
    v for v in dw.available_variants() if isinstance(dw.new_game(v, seed=0), GameState))


def random_prefix(state: GameState, rng: random.Random, limit: int | None = None) -> list[GameState]:
    """``state`` and the states after each random legal action, to the end or ``limit`` actions."""
    states = [state]
    while not state.is_over and (limit is None or len(states) <= limit):
        state = state.play(rng.choice(state.legal_actions()))
        states.append(state)
    return states


def scripted_twin(state: GameState) -> GameState:
    """The same deal as the seeded ``state``, written out as a scripted position."""
    kwargs: dict[str, Any] = {"hands": [[str(t) for t in h] for h in state.hands]}
    if state.boneyard:
        kwargs["boneyard"] = [str(t) for t in state.boneyard]
    kwargs["out"] = [str(t) for t in state.out_of_play]
    return dw.new_game(state.variant, **kwargs, leader=state.current_player, **state.params)


def assert_same_hand(a: GameState, b: GameState) -> None:
    """Two states are the same position with the same past."""
    assert a == b
    assert (a.hands, a.boneyard, a.out_of_play, a.history, a.current_player, a.scores, a.match_scores) == (
        b.hands, b.boneyard, b.out_of_play, b.history, b.current_player, b.scores, b.match_scores)
    assert a.legal_actions() == b.legal_actions() and a.outcome == b.outcome and str(a.layout) == str(b.layout)


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_seeded_hands_round_trip_at_every_step(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(3):
        for s in random_prefix(dw.new_game(variant, seed=seed), rng):
            rec = s.to_record()
            assert (rec["format"], rec["version"], rec["variant"], rec["seed"]) == (
                "domino_widgets/record", 1, variant, seed)
            assert rec["actions"] == [str(a) for a in s.history] and "deal" not in rec
            assert_same_hand(dw.load_record(s.to_json()), s)  # from JSON text
            assert_same_hand(dw.load_record(rec), s)  # from the dict
            assert json.loads(s.to_json()) == rec


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_scripted_hands_round_trip(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(3):
        start = scripted_twin(dw.new_game(variant, seed=seed))
        assert start.seed is None
        for s in random_prefix(start, rng):
            rec = s.to_record()
            assert "seed" not in rec and set(rec["deal"]) == {"hands", "boneyard", "out", "leader"}
            assert rec["deal"]["hands"] == [[str(t) for t in h] for h in start.hands]
            assert rec["deal"]["boneyard"] == [str(t) for t in start.boneyard]  # in draw order
            assert_same_hand(dw.load_record(s.to_json()), s)


def test_a_scripted_draw_game_records_its_deal_and_draws() -> None:
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "0-0"]], boneyard=["3-3", "5-4", "2-2"])
    s = s.play("6-6")  # DRW-2: the highest double leads
    s = s.play("6-5 left")  # seat 1 answers on the six
    s = s.play("draw")  # COM-5: 1-2 fits neither 5 nor 6; seat 0 draws 3-3, which fits neither
    s = s.play("draw")  # ... then 5-4, which fits the 5 and is played at once
    s = s.play("4-5 left")
    rec = s.to_record()
    listed = dw.parse_tiles("6-6 1-2 6-5 0-0 3-3 5-4 2-2")
    assert rec["deal"] == {"hands": [["1-2", "6-6"], ["0-0", "5-6"]], "boneyard": ["3-3", "4-5", "2-2"],
                           "out": [str(t) for t in dw.tile_set(6) if t not in listed],  # unlisted: out of play
                           "leader": 0}
    assert rec["actions"] == ["6-6", "5-6 left", "draw 3-3", "draw 4-5", "4-5 left"]  # draws name the tile
    assert_same_hand(dw.load_record(rec), s)


def test_match_scores_round_trip() -> None:
    # A5-6: the scores before the hand decide a mid-hand win, so the record keeps them.
    s = dw.new_game("all_fives", seed=4, scores=[140, 95])
    s = random_prefix(s, random.Random(4))[-1]
    assert s.to_record()["scores"] == [140, 95]
    assert_same_hand(dw.load_record(s.to_json()), s)


def test_fraction_match_scores_round_trip() -> None:
    # BRG-6: stakes are exact fractions of the pot; a record must bring them back as fractions.
    s = dw.new_game("bergen", seed=2, players=4, scores=[Fraction(3, 4), Fraction(-1, 4), Fraction(1, 2), -1])
    back = dw.load_record(s.to_json())
    assert back.match_scores == s.match_scores
    assert back == s


def test_a_record_is_the_same_in_every_process() -> None:
    # Principle 5: a seed and moves replay the same hand on every machine; the JSON carries no
    # object identities, and loading it twice gives equal states.
    s = random_prefix(dw.new_game("matador", seed=11), random.Random(1))[-1]
    text = s.to_json()
    assert dw.load_record(text) == dw.load_record(text) == s
    assert dw.load_record(text).to_json() == text


def test_save_and_load_a_file(tmp_path: Path) -> None:
    s = random_prefix(dw.new_game("all_fives", seed=5), random.Random(5))[-1]
    path = dw.save_record(s, tmp_path / "hand.json")
    assert path == tmp_path / "hand.json" and json.loads(path.read_text(encoding="utf-8")) == s.to_record()
    assert_same_hand(dw.load_record(path), s)  # a Path
    assert_same_hand(dw.load_record(str(path)), s)  # a path as text
    assert_same_hand(dw.load_record(path.read_bytes()), s)  # bytes


# ---------------------------------------------------------------- malformed records


def good() -> dict[str, Any]:
    """A valid record of a Greek draw game: seat 0 holds 5-5 and leads it (DRW-2)."""
    s = dw.new_game("draw", seed=1)
    for _ in range(3):
        s = s.play(s.legal_actions()[0])
    return s.to_record()


def edited(**changes: Any) -> dict[str, Any]:
    rec = good()
    for k, v in changes.items():
        if v is DELETE:
            del rec[k]
        else:
            rec[k] = v
    return rec


DELETE = object()


def test_good_record_loads() -> None:
    assert len(dw.load_record(good()).history) == 3


MALFORMED: list[tuple[str, Any, str]] = [  # (id, record, what the message must name)
    ("not JSON", "{not json", "not valid JSON"),
    ("JSON list", "[1, 2]", "JSON object"),
    ("wrong format", edited(format="chess/pgn"), "format"),
    ("no format", edited(format=DELETE), "format"),
    ("wrong version", edited(version=2), "version"),
    ("version as text", edited(version="1"), "version"),
    ("unknown field", edited(colour="red"), "colour"),  # an unknown field is named
    ("unknown variant", edited(variant="chess"), "variant 'chess'"),
    ("variant not a name", edited(variant=7), "variant"),
    ("target 0", edited(params={"target": 0}), "target"),
    ("unknown parameter", edited(params={"colour": "red"}), "colour"),
    ("pips 13", edited(params={"pips": 13}), "pips"),
    ("players 5", edited(params={"players": 5}), "players"),
    ("params not an object", edited(params=[1, 2]), "params"),
    ("seed as text", edited(seed="1"), "seed"),
    ("seed 1.5", edited(seed=1.5), "seed"),
    ("seed True", edited(seed=True), "seed"),
    ("no seed, no deal", edited(seed=DELETE), "seed or a deal"),
    ("seed and deal", edited(deal={"hands": [["5-5"], ["1-2"]]}), "seed and deal"),
    ("tile twice in hands", edited(seed=DELETE, deal={"hands": [["5-5", "1-2"], ["1-2"]]}), "listed twice"),
    ("tile twice in hand and boneyard", edited(seed=DELETE, deal={"hands": [["5-5"], ["1-2"]], "boneyard": ["1-2"]}), "listed twice"),
    ("unknown deal field", edited(seed=DELETE, deal={"hands": [["5-5"], ["1-2"]], "colour": 1}), "colour"),
    ("bad tile in deal", edited(seed=DELETE, deal={"hands": [["5-5"], ["x-y"]]}), "hands[1]"),
    ("tile not in the set", edited(seed=DELETE, deal={"hands": [["5-5"], ["7-7"]]}), "7-7"),
    ("deal not an object", edited(seed=DELETE, deal=["5-5"]), "deal"),
    ("leader with a forced lead", edited(leader=1), "leader"),
    ("actions not a list", edited(actions="5-5"), "actions"),
    ("action not text", edited(actions=[5]), "actions"),
    ("one score for two seats", edited(scores=[1]), "scores"),
    ("scores not numbers", edited(scores=["x", "y"]), "scores"),  # match scores are numbers
    ("scores a string", edited(scores="ab"), "scores"),
]


@pytest.mark.parametrize(("source", "names"), [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_malformed_records_name_what_is_wrong(source: Any, names: str) -> None:
    with pytest.raises(RecordError) as info:
        dw.load_record(source)
    assert names in str(info.value)


@pytest.mark.parametrize("variant", LINE_VARIANTS)
def test_an_illegal_action_is_named_by_its_index(variant: str) -> None:
    rng = random.Random(3)
    s = random_prefix(dw.new_game(variant, seed=3), rng, limit=8)[-1]
    k = len(s.history)
    before = s.parent
    assert before is not None
    bad = next(a for a in ["pass", "draw", "0-0 left", "6-6 up", "1-2 right"] if not s.is_legal(a))
    rec = s.to_record()
    rec["actions"] = [*rec["actions"], bad, *rec["actions"]]
    with pytest.raises(RecordError, match=rf"^actions\[{k}\]: '{bad}' cannot be played: "):
        dw.load_record(rec)
    rec["actions"][k] = "not-an-action"
    with pytest.raises(RecordError, match=rf"^actions\[{k}\]: 'not-an-action'"):
        dw.load_record(rec)


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "no_such_hand.json"
    with pytest.raises((RecordError, FileNotFoundError), match="no_such_hand.json"):
        dw.load_record(str(missing))
    with pytest.raises((RecordError, FileNotFoundError), match="no_such_hand.json"):
        dw.load_record(missing)


def test_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        dw.load_record(edited(version=0))
    assert issubclass(RecordError, dw.DominoError)

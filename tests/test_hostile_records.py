"""Issue 10: hostile records and fuzzed inputs. `load_record` and `record_from_json` answer every
malformed record with a `RecordError` naming the field (DESIGN principle 6); property tests
(hypothesis) check that `load_record`, `new_game`, `Match` and action text raise only
`DominoError`, change nothing, and that whatever they accept round-trips.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets.core.actions import Action
from domino_widgets.core.errors import DominoError, RecordError
from domino_widgets.core.record import MAX_RECORD_ACTIONS, MAX_RECORD_BYTES, record_from_json

HEAD = {"format": "domino_widgets/record", "version": 1}


def record(**fields: Any) -> str:
    return json.dumps({**HEAD, **fields})


# ------------------------------------------------------------------ each reproduction of the issue


@pytest.mark.parametrize(
    "text, says",
    [
        (record(variant="block", seed=1, scores=["1/0", 0]), r"scores\[0\]: expected a whole number or a fraction"),
        ("[" * 2000, "not valid JSON|nested too deeply"),
        ("[" * 100_000, "nested too deeply|not valid JSON"),
        ("x" * 300, "not valid JSON"),
        ("x" * 5000, "not valid JSON"),
        ("a\0b.json", "no record file"),
        (record(variant="block", seed=1, params={"variant": "draw"}), "params: 'variant' is not a variant parameter"),
        (record(variant="block", seed=1, params={"seed": 2}), "params: 'seed' is not a variant parameter"),
        (record(variant="block", deal={"hands": 5}), r"deal.hands: expected a list of hands"),
        (record(variant="draw", deal={"hands": [["1-1"], ["2-2"]], "boneyard": 5}), "deal.boneyard: expected a list"),
        (record(variant="solitaire", deal={"hands": [5]}), r"hands\[0\]: tiles are a list like"),
        ("{}", "format: expected"),
        (record(variant="twentyone", seed=3, leader=1), "leader=1 is not allowed"),
        (record(variant="solitaire", seed=3, leader=2), "leader=2 is not allowed"),
        (record(variant="twentyone", seed=3, leader=True), "leader=True is not allowed"),
        (record(variant="block", deal={"hands": [None, None]}), r"hands\[0\]: a hand lists its tiles"),
        (record(variant="block", deal={"hands": [[], []]}), "nobody can ever play"),
        (record(variant="block", leader=1, deal={"hands": [["1-1"], ["2-2"]]}),
         "a record with a deal names its leader"),
        (record(variant="block", seed=True), "seed: expected a whole number"),
        ({**HEAD, "version": True, "variant": "block", "seed": 1}, "version: this package reads version 1"),
        (record(variant="block", seed=1, scores=[1, "1/" + "9" * 40]), r"scores\[1\]"),
        ('{"format": "domino_widgets/record", "version": 1, "variant": "block", "seed": 1' + "1" * 5000 + "}",
         "not valid JSON"),
        ({**HEAD, "variant": "block", "seed": 1, 3: 4}, "unknown field"),
        ({**HEAD, "variant": "block", "seed": 1, "params": {3: 4}}, "params: '3' is not a variant parameter"),
        ({**HEAD, "variant": "block", "deal": {"hands": [["1-1"], ["2-2"]], 3: 4}}, "deal: unknown field"),
    ],
    ids=["scores 1/0", "2000 [", "100000 [", "x*300", "x*5000", "NUL in a name", "params variant", "params seed",
         "deal.hands 5", "deal.boneyard 5", "solitaire hands [5]", "{}", "twentyone seed+leader",
         "solitaire seed+leader", "twentyone leader True", "hands null", "hands empty", "leader beside deal",
         "seed True", "version True", "huge fraction", "huge number", "int key", "int param key", "int deal key"],
)
def test_a_malformed_record_is_a_record_error_naming_what_is_wrong(text: Any, says: str) -> None:
    with pytest.raises(RecordError, match=says):
        dw.load_record(text)


def test_twentyone_and_solitaire_records_with_seat_0_as_leader_load() -> None:
    assert dw.load_record(record(variant="twentyone", seed=3, leader=0)) == dw.new_game("twentyone", seed=3)
    assert dw.load_record(record(variant="solitaire", seed=3, leader=0)) == dw.new_game("solitaire", seed=3)


def test_a_record_larger_than_the_limit_is_refused_before_it_is_parsed() -> None:
    text = record(variant="block", seed=1, actions=["pass"] * (MAX_RECORD_BYTES // 8))
    assert len(text) > MAX_RECORD_BYTES
    for source in (text, text.encode()):
        with pytest.raises(RecordError, match=f"a record is at most {MAX_RECORD_BYTES:,} bytes"):
            dw.load_record(source)
    with pytest.raises(RecordError, match="a record is at most"):
        record_from_json(text)


def test_a_record_file_larger_than_the_limit_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(" " * (MAX_RECORD_BYTES + 1) + "{}")
    with pytest.raises(RecordError, match="a record is at most"):
        dw.load_record(big)
    with pytest.raises(RecordError, match="a record is at most"):
        dw.load_record(str(big))


def test_a_record_with_too_many_actions_is_refused() -> None:
    rec = {**HEAD, "variant": "block", "seed": 1, "actions": ["pass"] * (MAX_RECORD_ACTIONS + 1)}
    with pytest.raises(RecordError, match=f"a record holds at most {MAX_RECORD_ACTIONS:,}"):
        dw.load_record(rec)


def test_a_folder_or_an_unreadable_file_is_a_record_error(tmp_path: Path) -> None:
    folder = tmp_path / "x.json"
    folder.mkdir()
    with pytest.raises(RecordError):
        dw.load_record(folder)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe{}")
    with pytest.raises(RecordError, match="not UTF-8"):
        dw.load_record(bad)


def test_record_from_json_never_reads_a_path(tmp_path: Path) -> None:
    f = tmp_path / "hand.json"
    f.write_text(dw.new_game("block", seed=2).to_json())
    for text in (str(f), f"  {f}", "hand.json"):
        with pytest.raises(RecordError, match="not a file name"):
            record_from_json(text)
    assert record_from_json(f.read_text()) == dw.new_game("block", seed=2)


def test_longest_real_hands_fit_well_inside_the_limits() -> None:
    """The limits are far above any real hand: the longest of 50 random hands of the
    largest draw game (double-12, 2 players) is a few hundred actions and a few KB (the soak,
    benchmarks/soak.py, prints the longest over millions of hands)."""
    import random

    longest = 0
    for seed in range(50):
        s = dw.new_game("draw", seed=seed, pips=12)
        rng = random.Random(seed)
        while not s.is_over:
            s = s.play(rng.choice(s.legal_actions()))
        longest = max(longest, len(s.history))
        assert len(s.to_json()) < MAX_RECORD_BYTES // 20
    assert longest < MAX_RECORD_ACTIONS // 4


# ------------------------------------------------------------------ property tests

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["1-1", "6-6", "0-1", "pass", "draw", "3/4", "1/0", "block"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _valid_records() -> list[dict[str, Any]]:
    out = []
    for variant, kwargs in [("block", {}), ("draw", {"pips": 9}), ("all_fives", {}), ("matador", {}),
                            ("bergen", {"players": 3}), ("draw_cz", {}), ("twentyone", {"players": 3}),
                            ("solitaire", {})]:
        s = dw.new_game(variant, seed=11, **kwargs)
        for _ in range(6):
            if s.is_over:
                break
            s = s.play(s.legal_actions()[0])
        out.append(s.to_record())
    s = dw.new_game("draw", hands=[["6-6", "1-2"], ["5-5", "0-3"]], boneyard=["4-4", "2-3"])
    out.append(s.play("6-6").to_record())
    return out


VALID = _valid_records()


@st.composite
def mutated_records(draw: st.DrawFn) -> Any:
    """A valid record with a few fields replaced, deleted or added, at any depth."""
    rec = copy.deepcopy(draw(st.sampled_from(VALID)))
    for _ in range(draw(st.integers(1, 3))):
        node: Any = rec
        while isinstance(node, (dict, list)) and node and draw(st.booleans()):
            key = draw(st.sampled_from(sorted(node, key=str) if isinstance(node, dict) else range(len(node))))
            if not isinstance(node[key], (dict, list)):
                break
            node = node[key]
        if isinstance(node, dict) and node:
            key = draw(st.sampled_from(sorted(node, key=str)))
            how = draw(st.sampled_from(["replace", "delete", "add"]))
            if how == "replace":
                node[key] = draw(json_values)
            elif how == "delete":
                del node[key]
            else:
                node[draw(st.sampled_from(["leader", "seed", "deal", "hands", "boneyard", "x"]))] = draw(json_values)
        elif isinstance(node, list) and node:
            node[draw(st.integers(0, len(node) - 1))] = draw(json_values)
    return rec


def _round_trips(state: Any) -> None:
    again = dw.load_record(state.to_json())
    assert again == state and again.to_json() == state.to_json()


@FAST
@given(mutated_records())
def test_load_record_of_a_mutated_record_raises_only_record_errors_and_what_loads_round_trips(rec: Any) -> None:
    text = json.dumps(rec)
    try:
        state = dw.load_record(text)
    except RecordError:
        return
    _round_trips(state)


@FAST
@given(st.text(max_size=40) | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
def test_record_from_json_of_any_text_raises_only_record_errors(text: str) -> None:
    try:
        state = record_from_json(text)
    except RecordError:
        return
    _round_trips(state)


tile_texts = st.sampled_from(["0-0", "1-2", "6-6", "5-6", "9-9", "12-12", "3-4", "x", "", "0-1"])
hand_values = st.none() | st.integers() | tile_texts | st.lists(tile_texts, max_size=4) | json_values


@FAST
@given(
    variant=st.sampled_from(["block", "draw", "draw_cz", "matador", "all_fives", "bergen", "twentyone", "solitaire"]),
    seed=st.none() | st.integers(-5, 5) | json_values,
    hands=st.none() | st.lists(hand_values, max_size=4) | json_values,
    boneyard=st.none() | hand_values,
    leader=st.none() | st.integers(-1, 4) | json_values,
    scores=st.none() | st.lists(st.integers(0, 5), max_size=4) | json_values,
)
def test_new_game_of_any_arguments_raises_only_domino_errors_and_what_starts_round_trips(
        variant: str, seed: Any, hands: Any, boneyard: Any, leader: Any, scores: Any) -> None:
    kwargs = {k: v for k, v in (("hands", hands), ("boneyard", boneyard), ("leader", leader), ("scores", scores))
              if v is not None}
    try:
        state = dw.new_game(variant, seed, **kwargs)
    except DominoError:
        return
    _round_trips(state)
    if not state.is_over and state.legal_actions():
        _round_trips(state.play(state.legal_actions()[0]))


@FAST
@given(variant=st.sampled_from(["block", "draw", "all_fives", "bergen", "twentyone", "x"]), seed=json_values,
       target=st.none() | json_values)
def test_match_of_any_seed_raises_only_domino_errors(variant: str, seed: Any, target: Any) -> None:
    params = {} if target is None or variant == "bergen" else {"target": target}
    try:
        m = dw.Match(variant, seed=seed, **params)
    except DominoError:
        return
    assert type(m.seed) is int and m.hand.seed is not None


action_words = st.sampled_from(["0-1", "1-6", "6-6", "2-2", "left", "right", "up", "down", "l", "r", "1", "6",
                                "draw", "pass", "take", "stand", "base", "²", "-1", "99", "0-0", "x"])
action_texts = st.lists(action_words, min_size=0, max_size=4).map(" ".join) | st.text(max_size=20)


@FAST
@given(variant=st.sampled_from(["block", "draw", "matador", "bergen", "all_fives", "twentyone", "solitaire"]),
       seed=st.integers(0, 50), moves=st.integers(0, 8), texts=st.lists(action_texts, min_size=1, max_size=6))
def test_any_action_text_raises_only_domino_errors_leaves_the_state_and_what_plays_round_trips(
        variant: str, seed: int, moves: int, texts: list[str]) -> None:
    s = dw.new_game(variant, seed=seed)
    for _ in range(moves):
        if s.is_over:
            break
        s = s.play(s.legal_actions()[-1])
    for text in texts:
        before = s.to_json()
        try:
            after = s.play(text)
        except DominoError:
            assert s.to_json() == before
            continue
        assert s.to_json() == before
        done = after.last_action
        assert done is not None and Action.parse(str(done)) == done
        assert s.play(str(done)) == after  # the action as recorded replays to the same state
        _round_trips(after)
        s = after


def test_the_size_limit_counts_bytes_not_characters() -> None:
    text = json.dumps({**HEAD, "variant": "block", "seed": 1, "x": "é" * (MAX_RECORD_BYTES // 2 + 10)},
                      ensure_ascii=False)
    assert len(text) < MAX_RECORD_BYTES < len(text.encode())
    with pytest.raises(RecordError, match="a record is at most"):
        dw.load_record(text)

"""Issue 23: generated hostile values given to the public entry points give a normal result or a
`DominoError` whose message can be shown (bounded, encodable), never another exception.
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets.core.errors import DominoError, quote


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        raise RuntimeError("no format")


def _deep(n: int) -> list[Any]:
    x: list[Any] = []
    for _ in range(n):
        x = [x]
    return x


_scalars = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70), st.builds(pow, st.just(10), st.sampled_from([5000, 400])), st.builds(lambda: -(10**4400)),
    st.floats(allow_nan=True, allow_infinity=True), st.booleans(), st.none(),
    st.text(alphabet=st.characters(blacklist_categories=()), max_size=20),  # surrogates and control characters
    st.sampled_from(["\ud800", "\x00", "\x1b[31m", "３-５", "x" * 10_000, "<script>", "block", "0-1"]),
    st.binary(max_size=8), st.builds(_BadRepr), st.builds(_deep, st.sampled_from([2, 50, 2_000])),
)
HOSTILE = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                        st.dictionaries(st.text(max_size=3), inner, max_size=3)),
                       max_leaves=6)
FAST = settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))


def _outcome(call: Any, *args: Any, **kwargs: Any) -> Any:
    """Run ``call``: a result, or a DominoError whose texts are short and can be written as UTF-8."""
    try:
        return call(*args, **kwargs)
    except DominoError as exc:
        for lang in ("en", "cs", "el"):
            text = exc.text(lang)
            assert len(text) < 2000
            text.encode("utf-8")
        return exc


@FAST
@given(HOSTILE)
def test_quote_never_fails(value: Any) -> None:
    text = quote(value)
    assert len(text) <= 120 and text.isprintable()
    text.encode("utf-8")


@FAST
@given(HOSTILE, HOSTILE)
def test_new_game_and_match(variant: Any, seed: Any) -> None:
    _outcome(dw.new_game, variant, seed=seed)
    _outcome(dw.new_game, "block", seed=seed)
    _outcome(dw.new_game, "twentyone", seed=seed)
    _outcome(dw.Match, "draw", seed=seed)


@FAST
@given(st.sampled_from(["target", "players", "pips", "rounds", "may_stop", "scoring"]), HOSTILE)
def test_variant_options(name: str, value: Any) -> None:
    for variant in ("block", "all_fives", "bergen", "twentyone", "solitaire"):
        _outcome(dw.new_game, variant, seed=1, **{name: value})


@FAST
@given(HOSTILE)
def test_play_and_scores_and_leader(value: Any) -> None:
    s = dw.new_game("block", seed=1)
    _outcome(s.play, value)
    _outcome(dw.new_game, "block", seed=1, scores=value)
    _outcome(dw.new_game, "block", seed=1, leader=value)
    _outcome(dw.new_game, "block", hands=value)


@FAST
@given(st.one_of(HOSTILE, st.text(max_size=50)))
def test_load_record(value: Any) -> None:
    _outcome(dw.load_record, value)
    rec = dw.new_game("block", seed=1).to_record()
    for field in ("seed", "scores", "actions", "params", "variant", "leader"):
        _outcome(dw.load_record, {**rec, field: value})


@FAST
@given(HOSTILE)
def test_prob_functions(value: Any) -> None:
    from domino_widgets.prob import lessons

    _outcome(lessons.frequency, lambda deal: True, trials=value, seed=1)
    _outcome(lessons.frequency, lambda deal: True, trials=5, seed=value)
    _outcome(lessons.engine_leads, "block", games=value)


def test_nan_is_a_hostile_float() -> None:
    assert math.isnan(float("nan"))  # (the strategies above generate NaN and infinities)

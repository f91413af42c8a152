"""Issue 23, the rest of the class: generated hostile values given to the tournament, the players'
registry, the review, the charts, the contest and every widget's constructor give a result or a
`DominoError` whose message can be shown, never another exception and never a run without end.

Each example replaces one argument of a call that is valid (and small: two games, one hand) by a
hostile value. Whole numbers that are valid and merely large (a tournament of 5,000 games) are left
out of the generated values: they are accepted by design and take their time. A value that is
accepted and then runs past `HANG` seconds fails the test: a count without a bound is a defect.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets.core.errors import DominoError

from test_hostile_properties import HOSTILE as _HOSTILE
from test_hostile_properties import _outcome

HANG = 60  # seconds: far above what the small valid calls here take (under a second each)
#: examples per property (DW_PROPERTY_EXAMPLES=500 for a deeper search than CI makes)
PROPERTY = settings(max_examples=int(os.environ.get("DW_PROPERTY_EXAMPLES", "25")), deadline=None, suppress_health_check=list(HealthCheck))


def _not_slow_but_valid(v: Any) -> bool:
    return not (type(v) is int and 3 <= v <= 10**7) and not (type(v) is float and 3 <= v <= 10**7)


HOSTILE = _HOSTILE.filter(_not_slow_but_valid)


class Hang(AssertionError):
    pass


@contextlib.contextmanager
def bounded(seconds: int = HANG) -> Iterator[None]:
    """Fail (rather than wait for ever) when the body runs longer than ``seconds``."""
    def alarm(signum: int, frame: Any) -> None:
        raise Hang(f"still running after {seconds} s: an accepted value without a bound")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def outcome(call: Any, *args: Any, **kwargs: Any) -> Any:
    """``call``'s result, or the `DominoError` it raised (`_outcome`), within `HANG` seconds."""
    with bounded():
        return _outcome(call, *args, **kwargs)


@pytest.fixture(autouse=True)
def _no_widget_left() -> Iterator[None]:
    yield
    w.Widget.close_all()


TOURNAMENT = dict(variant="block", players=["random", "random"], games=2, seed=1, n_jobs=1, progress=False,
                  matches=False, params=None, chunk=None)


@PROPERTY
@given(st.sampled_from(sorted(TOURNAMENT)), HOSTILE)
def test_tournament(name: str, value: Any) -> None:
    from domino_widgets.sim import tournament

    outcome(tournament, **{**TOURNAMENT, name: value})


@PROPERTY
@given(st.sampled_from(["name", "variant", "samples", "option"]), HOSTILE)
def test_get_player(name: str, value: Any) -> None:
    from domino_widgets.players import get_player

    args: dict[str, Any] = dict(name="expert", variant="block")
    if name == "samples":
        args["samples"] = value
    elif name == "option":
        args[str(value)[:20] if isinstance(value, str) else "x"] = value
    else:
        args[name] = value
    outcome(lambda: get_player(args.pop("name"), **args))


@PROPERTY
@given(st.sampled_from(["seat", "samples", "seed", "min_loss", "cap"]), HOSTILE)
def test_review(name: str, value: Any) -> None:
    from domino_widgets.players.review import review

    s = dw.new_game("block", seed=3)
    s = dw.play_all(s, s.legal_actions()[:1]) if s.legal_actions() else s
    args: dict[str, Any] = dict(seat=0, samples=8, cap=8, seed=1)
    args[name] = value
    outcome(review, s, args.pop("seat"), **args)


CHART = dict(labels=["a", "b"], values=[1.0, 2.0], title="t", xlabel="x", ylabel="y", colors=None, lang="en")


@PROPERTY
@given(st.sampled_from(sorted(CHART)), HOSTILE)
def test_bar_chart(name: str, value: Any) -> None:
    from domino_widgets.render.charts import bar_chart

    args = {**CHART, name: value}
    svg = outcome(lambda: bar_chart(args.pop("labels"), args.pop("values"), **args))
    if not isinstance(svg, DominoError):
        import xml.dom.minidom

        xml.dom.minidom.parseString(svg._repr_svg_())  # well-formed whatever the names


@PROPERTY
@given(st.sampled_from(["variant", "submissions", "deals", "seed", "per_move", "per_game", "params", "n_jobs",
                        "references"]), HOSTILE)
def test_contest(name: str, value: Any) -> None:
    from domino_widgets.sim.contest import contest

    args: dict[str, Any] = dict(variant="block", submissions="/nonexistent/folder", deals=1, seed=1,
                                progress=False)
    args[name] = value
    outcome(contest, **args)


WIDGET_OPTIONS = ["mode", "level", "seat", "seats", "seed", "lang", "open_hands", "hint", "inference", "delay",
                  "auto_draw", "theme", "size", "fair_play", "locked", "seed_all_hands", "players", "rounds",
                  "target", "pips"]


def _close(result: Any) -> None:
    if isinstance(result, w.Widget):
        result.close()


@PROPERTY
@given(st.sampled_from(["block", "all_fives", "bergen", "twentyone", "solitaire"]),
       st.sampled_from(WIDGET_OPTIONS), HOSTILE)
def test_play_widget(variant: str, name: str, value: Any) -> None:
    _close(outcome(dw.widgets.play, variant, seed=1, delay=0, **{name: value}) if name not in ("seed", "delay")
           else outcome(dw.widgets.play, variant, **{name: value}))


@PROPERTY
@given(st.sampled_from(["variant", "hands", "boneyard", "moves", "leader", "seed", "lang", "theme", "target"]),
       HOSTILE)
def test_explorer(name: str, value: Any) -> None:
    _close(outcome(dw.widgets.explore, **({"variant": value} if name == "variant" else {name: value})))


@PROPERTY
@given(st.sampled_from(["variant", "lang", "seed", "delay", "size"]), HOSTILE)
def test_app(name: str, value: Any) -> None:
    from domino_widgets.widgets.app import PlayApp

    _close(outcome(PlayApp, **{name: value}))

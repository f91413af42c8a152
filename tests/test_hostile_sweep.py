"""Issue 37: every public callable, found by looking (not listed by hand), given a hostile value in
one argument at a time: a result, or a `DominoError` that changes nothing; never another exception,
and never a widget left broken.

The callables are the package's public functions (`domino_widgets.__all__`), the public methods of
`GameState`, `Match` and `Tile`, and the public methods of every widget a student or teacher holds
(the line game, Twenty-one, the solitaire, the rule explorer, the app). A callable added later is
swept too; one whose arguments this file cannot fill fails `test_the_sweep_knows_every_callable`,
so it is never left out quietly. The explicit cases of the issue (a 5,000-digit int, input nested
100,000 deep, `press([])`...) are in `test_hostile_api.py`; here hypothesis looks for the rest.
"""

from __future__ import annotations

import inspect
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domino_widgets as dw
import domino_widgets.widgets as dww
from domino_widgets.core.errors import DominoError
from domino_widgets.widgets.app import PlayApp
from domino_widgets.widgets.session import GameSession, Timeline
from domino_widgets.widgets.solitaire import SolitaireSession
from domino_widgets.widgets.twentyone import TwentyOneSession

from test_hostile_properties_more import HOSTILE, outcome

SWEEP = settings(max_examples=int(os.environ.get("DW_PROPERTY_EXAMPLES", "60")), deadline=None,
                 suppress_health_check=list(HealthCheck))

#: Methods left out, and why. ``close`` takes no value. The rest are the step runner's calls into a
#: session (`widgets.runner`): they take only what the session itself made (the `Step` it named,
#: the action it chose, a count of steps, the seats' number after the rules checked it; ``name`` and
#: ``is_human`` of a seat number it holds), never a
#: value from the page, a record or a student's call on the widget; the widget's own methods,
#: swept below, are what reaches them.
NOT_SWEPT = {"close", "decide", "advance", "apply", "ai_rng", "ai_view_and_rng", "resize_seats", "can", "name",
             "is_human"}


def _state() -> dw.GameState:
    s = dw.new_game("block", seed=3)
    return s.play(s.legal_actions()[0])


#: A valid value for each parameter name, used for the arguments not being swept.
VALID: dict[str, Callable[[], Any]] = {
    "variant": lambda: "block", "name": lambda: "block", "seed": lambda: 1, "lang": lambda: "en",
    "state": _state, "actions": lambda: [], "text": lambda: _state().to_json(), "source": lambda: _state().to_json(),
    "items": lambda: "0-1 2-3", "pips": lambda: 6, "number": lambda: 3, "params": lambda: {},
    "action": lambda: "pass", "tile": lambda: "0-1", "end": lambda: "left", "what": lambda: "undo",
    "letter": lambda: "e", "yes": lambda: False, "value": lambda: True, "highlights": lambda: (),
    "finished": lambda: [], "current": _state, "index": lambda: 0, "n": lambda: 1, "k": lambda: 0,
    "seat": lambda: 0, "path": lambda: "record.json", "kind": lambda: "draw", "i": lambda: 0,
    "players": lambda: 2, "level": lambda: "greedy", "step": lambda: None,
    "hands": lambda: None, "boneyard": lambda: None, "moves": lambda: None, "leader": lambda: None,
}


def _parameters(fn: Callable[..., Any]) -> list[inspect.Parameter]:
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return []
    return [p for p in params if p.name not in ("self", "cls") and p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]


def _methods(cls: type) -> list[str]:
    names = {n for k in cls.__mro__ for n, v in vars(k).items() if inspect.isfunction(v) or isinstance(v, classmethod)}
    return sorted(n for n in names if not n.startswith("_") and n not in NOT_SWEPT
                  and getattr(getattr(cls, n), "__module__", "").startswith("domino_widgets")
                  and _parameters(getattr(cls, n)))


def _functions() -> list[str]:
    return sorted(n for n in dw.__all__ if callable(getattr(dw, n)) and not inspect.isclass(getattr(dw, n))
                  and _parameters(getattr(dw, n)))


WIDGETS: dict[str, tuple[type, Callable[[], Any]]] = {
    "GameWidget": (dww.GameWidget, lambda: dww.play("block", seed=3, ai_seed=3, delay=0)),
    "TwentyOneWidget": (dww.TwentyOneWidget, lambda: dww.play("twentyone", seed=3, ai_seed=3, delay=0)),
    "SolitaireWidget": (dww.SolitaireWidget, lambda: dww.play("solitaire", seed=3)),
    "RuleExplorer": (dww.RuleExplorer, lambda: dww.explore("block")),
    "PlayApp": (PlayApp, lambda: PlayApp(seed=3, ai_seed=3, delay=0)),
    # what a widget holds, reachable from a student's cell as ``game.session``
    "GameSession": (GameSession, lambda: GameSession("block", seed=3, ai_seed=3)),
    "TwentyOneSession": (TwentyOneSession, lambda: TwentyOneSession(seed=3, ai_seed=3)),
    "SolitaireSession": (SolitaireSession, lambda: SolitaireSession(seed=3)),
}
CLASSES: dict[str, tuple[type, Callable[[], Any]]] = {
    "GameState": (dw.GameState, _state), "Match": (dw.Match, lambda: dw.Match("block", 3)),
    "Tile": (dw.Tile, lambda: dw.Tile.parse("2-5")), "Action": (dw.Action, lambda: dw.Action.parse("pass")),
}


def _cases(kinds: dict[str, tuple[type, Callable[[], Any]]]) -> list[tuple[str, str, str]]:
    """(kind, method, parameter) for every parameter of every public method of each kind."""
    return [(label, m, p.name) for label, (cls, _make) in sorted(kinds.items()) for m in _methods(cls)
            for p in _parameters(getattr(cls, m))]


FUNCTION_CASES = [(name, p.name) for name in _functions() for p in _parameters(getattr(dw, name))]
CORE_CASES, WIDGET_CASES = _cases(CLASSES), _cases(WIDGETS)


def _call(fn: Callable[..., Any], swept: str, value: Any) -> Any:
    """``fn`` with ``value`` for the parameter ``swept`` and a valid value (or its default) for the others."""
    args, kwargs = [], {}
    for p in _parameters(fn):
        if p.name == swept:
            v = value
        elif p.default is not p.empty:
            continue
        else:
            v = VALID[p.name]()
        if p.kind is p.KEYWORD_ONLY:
            kwargs[p.name] = v
        else:
            args.append(v)
    return outcome(fn, *args, **kwargs)


def _widget_snapshot(widget: Any) -> str:
    """Everything of ``widget`` the page or the student can see or undo: its timeline and every
    synced value of its tree (the message line apart: a refusal may say why)."""
    session = widget if isinstance(widget, Timeline) else (
        getattr(widget, "session", None) or getattr(getattr(widget, "game", None), "session", None))
    timeline = getattr(session, "_t", None)
    parts: list[Any] = [repr(getattr(timeline, "states", None)), getattr(timeline, "cursor", None),
                        repr(getattr(session, "state", None))]
    return json.dumps(parts, default=repr)


@pytest.fixture(autouse=True)
def _in_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(tmp_path)  # a hostile text taken as a path writes here, if anywhere
    yield
    w.Widget.close_all()


def test_the_sweep_knows_every_callable() -> None:
    """Every required parameter of every swept callable has a valid value here, so none is skipped."""
    unknown = set()
    for name in _functions():
        unknown |= {f"{name}({p.name})" for p in _parameters(getattr(dw, name)) if p.default is p.empty
                    and p.name not in VALID}
    for label, (cls, _make) in {**WIDGETS, **CLASSES}.items():
        for m in _methods(cls):
            unknown |= {f"{label}.{m}({p.name})" for p in _parameters(getattr(cls, m)) if p.default is p.empty
                        and p.name not in VALID}
    assert not unknown, f"give these parameters a valid value in VALID: {sorted(unknown)}"
    assert len(FUNCTION_CASES) >= 20 and len(CORE_CASES) >= 14 and len(WIDGET_CASES) >= 39
    assert {label for label, _m, _p in WIDGET_CASES} == set(WIDGETS)


@SWEEP
@given(st.sampled_from(FUNCTION_CASES), HOSTILE)
def test_every_public_function(case: tuple[str, str], value: Any) -> None:
    name, swept = case
    fn = getattr(dw, name)
    language = dw.language()
    try:
        _call(fn, swept, value)
    finally:
        dw.set_language(language)  # set_language given a valid name changes the language, as it should


def _refusal_changes_nothing(obj: Any, method: str, swept: str, value: Any, snapshot: Callable[[Any], str]) -> Any:
    """``obj.method`` with ``value`` for ``swept`` (`_call`); when it refuses (a DominoError), what
    ``snapshot`` reads of ``obj`` is as it was."""
    before = snapshot(obj)
    result = _call(getattr(obj, method), swept, value)
    if isinstance(result, DominoError):
        assert snapshot(obj) == before, (type(obj).__name__, method, swept)
    return result


def _core_snapshot(obj: Any) -> str:
    return repr((obj.hands, obj.scores)) if isinstance(obj, dw.Match) else repr(obj)


@SWEEP
@given(st.sampled_from(CORE_CASES), HOSTILE)
def test_every_public_method_of_the_core(case: tuple[str, str, str], value: Any) -> None:
    label, method, swept = case
    _refusal_changes_nothing(CLASSES[label][1](), method, swept, value, _core_snapshot)


@SWEEP
@given(st.sampled_from(WIDGET_CASES), HOSTILE)
def test_every_public_method_of_every_widget(case: tuple[str, str, str], value: Any) -> None:
    label, method, swept = case
    widget = WIDGETS[label][1]()
    _refusal_changes_nothing(widget, method, swept, value, _widget_snapshot)
    # never broken: it still draws itself and says its position
    if hasattr(widget, "text"):
        assert isinstance(widget.text(), str)
    if hasattr(widget, "refresh"):
        widget.refresh()
    if isinstance(widget, w.Widget):
        widget.close()


OPTION_CASES = [(label, p.name) for label, variant in (("GameWidget", "block"), ("TwentyOneWidget", "twentyone"),
                                                       ("SolitaireWidget", "solitaire"))
                for p in dw.get_variant(variant).params] + [("Bergen", p.name) for p in dw.get_variant("bergen").params]


@SWEEP
@given(st.sampled_from(OPTION_CASES), HOSTILE)
def test_every_option_of_every_widget(case: tuple[str, str], value: Any) -> None:
    """``set_option`` with each of the game's own option names (the sweep above gives it a name that
    is no option): a value the rules refuse changes nothing, and the next valid option still works
    (a refused ``players=None`` escaped as a TypeError, and a refused ``target='x'`` stayed in the
    session, so that every later New match failed)."""
    label, name = case
    widget = dww.play("bergen", seed=3, ai_seed=3, delay=0) if label == "Bergen" else WIDGETS[label][1]()
    params = dict(getattr(widget.session, "params", None) or {})
    before = _widget_snapshot(widget)
    result = outcome(widget.set_option, name, value)
    if isinstance(result, DominoError):
        assert _widget_snapshot(widget) == before and dict(getattr(widget.session, "params", None) or {}) == params
    default = next(p.default for p in dw.get_variant(widget.session.state.variant).params if p.name == name)
    widget.set_option(name, default)  # never broken: a valid value is taken
    assert widget.session.state.params[name] == default
    widget.close()

"""The widgets' constructor arguments checked before anything is built (issue 23): a value of the
wrong kind (``seat=True``, ``level=None``, ``auto_draw="x"``, ``open_hands="yes"``, ``locked=5``,
``size="x"``) is a `ParameterError` that quotes it, never a widget that half works.

Each constructor (and `play`, `PlayApp`) calls `check_arguments` with its arguments, one line, and
is wrapped in `frees_on_refusal`, so that one refused later (a deal that does not parse) leaves no
widget open behind it:

>>> check_arguments(dict(seat=0, level="greedy", open_hands=False, locked=("level",)))
>>> check_arguments(dict(seat=True))
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: seat must be a whole number (a seat 0, 1, ...), not True
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import ipywidgets as w

from ..core.errors import ParameterError, check_seed, quote

F = TypeVar("F", bound=Callable[..., None])

#: The switches: True or False.
FLAGS = ("open_hands", "hint", "inference", "rounds", "privacy")
#: True, False or None (the variant's or the package's default).
OPTIONAL_FLAGS = ("auto_draw", "fair_play")


def check_options(widget: type, variant: str, options: Mapping[str, Any]) -> None:
    """``options`` are settings of ``widget``'s constructor (a widget that takes the variant's own
    parameters as well takes anything: the variant checks those); an unknown one is a
    `ParameterError` that lists the settings, never Python's ``TypeError``.

    >>> class W:
    ...     def __init__(self, start=None, *, seed=None, lang=None): ...
    >>> check_options(W, "twentyone", {"seed": 1})
    >>> check_options(W, "twentyone", {"target": 5})
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: twentyone has no setting 'target' here; its settings are: lang, seed
    """
    params = inspect.signature(widget.__init__).parameters
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return
    known = sorted(n for n, p in params.items() if p.kind is p.KEYWORD_ONLY)
    for option in options:
        if option not in known:
            raise ParameterError("{variant} has no setting {option} here; its settings are: {settings}",
                                 variant=variant, option=quote(option), settings=", ".join(known))


def _is_player(x: Any) -> bool:
    """A player object: anything with a ``choose`` method (a teacher's own player need not derive
    from `Player`)."""
    try:
        return callable(getattr(x, "choose", None))
    except Exception:  # noqa: BLE001 - an object whose attributes raise is no player
        return False


def check_arguments(args: Mapping[str, Any], *, level_optional: bool = False) -> None:
    """Check the widget arguments in ``args`` (a constructor's ``locals()`` will do: names it does
    not know are left to the constructor). ``level_optional``: ``level=None`` means the widget's
    default level (Twenty-one's), else a level is a name."""
    for name in FLAGS:
        if name in args and not isinstance(args[name], bool):
            raise ParameterError("{name} must be True or False, not {value}", name=name, value=quote(args[name]))
    for name in OPTIONAL_FLAGS:
        if name in args and args[name] is not None and not isinstance(args[name], bool):
            raise ParameterError("{name} must be True, False or None, not {value}", name=name,
                                 value=quote(args[name]))
    for name in ("moves", "boneyard"):
        if name in args and args[name] is not None and not isinstance(args[name], str):
            raise ParameterError("{name} must be text in the rule book's notation, like '6|6 6|5', not {value}",
                                 name=name, value=quote(args[name]))
    hands = args.get("hands")
    if hands is not None and (isinstance(hands, (str, bytes)) or not isinstance(hands, (list, tuple))
                              or not all(isinstance(h, str) for h in hands)):
        raise ParameterError("hands must be a list with one hand per seat, each in the rule book's notation, like "
                             "['6|6 6|5', '0|0 1|0'], not {value}", value=quote(hands))
    seats = args.get("seats")
    if seats is not None:
        if isinstance(seats, (str, bytes)) or not isinstance(seats, (list, tuple)) or not all(
                x is None or isinstance(x, str) or _is_player(x) for x in seats):
            raise ParameterError("seats must be a list with one player per seat (None for a person), like "
                                 "[None, 'greedy'], not {value}", value=quote(seats))
    for name in ("seat", "players", "viewer", "leader"):
        if name in args and args[name] is not None and type(args[name]) is not int:
            raise ParameterError("{name} must be a whole number (a seat 0, 1, ...), not {value}" if name != "players"
                                 else "{name} must be a whole number of players, not {value}",
                                 name=name, value=quote(args[name]))
    if "seed" in args:
        check_seed(args["seed"])
    if "ai_seed" in args:
        check_seed(args["ai_seed"], name="ai_seed")
    if "level" in args and not (isinstance(args["level"], str) or (args["level"] is None and level_optional)):
        from ..players.base import Player

        if not isinstance(args["level"], Player):
            raise ParameterError("level must be a player's name such as 'greedy' or 'expert', not {value}",
                                 value=quote(args["level"]))
    for name in ("mode", "theme", "size", "variant"):
        if name in args and args[name] is not None and not isinstance(args[name], str) and not (
                name in ("variant", "theme") and not isinstance(args[name], (int, float, bytes, list, dict))):
            raise ParameterError("{name} must be a name, not {value}", name=name, value=quote(args[name]))
    if "size" in args:
        from .game import check_size

        check_size(args["size"])
    if "delay" in args:
        d = args["delay"]
        if isinstance(d, bool) or not isinstance(d, (int, float)) or not 0 <= d <= 10:  # NaN too: no comparison holds
            raise ParameterError("delay must be a number of seconds from 0 to 10, not {delay!r}", delay=d)
    if "locked" in args:
        locked = args["locked"]
        if isinstance(locked, (str, bytes)) or not isinstance(locked, (list, tuple, set, frozenset)) or not all(
                isinstance(x, str) for x in locked):
            raise ParameterError("locked must be a list of setting names such as ['level', 'open_hands'], not "
                                 "{value}", value=quote(locked))
    params = args.get("params")
    if isinstance(params, Mapping) and not all(isinstance(k, str) for k in params):
        raise ParameterError("params is a dict of the variant's parameters by name, like {{'target': 100}}, not "
                             "{params}", params=quote(params))


def frees_on_refusal(init: F) -> F:
    """Wrap a widget's ``__init__``: if it raises, every widget made since it began (its own
    controls, their layouts and styles, the widget itself) is closed before the error goes on, so
    a refused constructor leaves no comm open in the kernel and nothing to fail when collected.

    >>> class Pair(w.VBox):
    ...     @frees_on_refusal
    ...     def __init__(self, n: int) -> None:
    ...         super().__init__([w.Button(), w.Button()])
    ...         if n < 0:
    ...             raise ParameterError("n must be 0 or more, not {n}", n=n)
    >>> before = len(w.widgets.widget._instances)
    >>> Pair(-1)
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: n must be 0 or more, not -1
    >>> len(w.widgets.widget._instances) - before
    0
    """

    @functools.wraps(init)
    def build(self: Any, *args: Any, **kwargs: Any) -> None:
        before = set(w.widgets.widget._instances)
        try:
            init(self, *args, **kwargs)
        except BaseException:
            for key, widget in list(w.widgets.widget._instances.items()):
                if key not in before:
                    widget.close()
            raise

    return build  # type: ignore[return-value]

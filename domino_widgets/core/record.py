"""Game records: versioned JSON that replays a hand move by move (DESIGN principle 5).

>>> import domino_widgets as dw
>>> s = dw.new_game("draw", seed=3)
>>> for _ in range(6):
...     s = s.play(s.legal_actions()[0])
>>> dw.load_record(s.to_json()) == s
True
>>> dw.load_record('{"format": "domino_widgets/record", "version": 1, "variant": "draw", "seed": 3, "actions": ["9-9"]}')
Traceback (most recent call last):
...
domino_widgets.core.errors.RecordError: actions[0]: '9-9' cannot be played: 9-9 is illegal: 9-9 is not a tile of the double-6 set, in draw after 0 actions; ...
"""

from __future__ import annotations

import json
import os
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from .errors import DominoError, RecordError
from .state import RECORD_FORMAT, RECORD_VERSION, GameState, new_game

_KNOWN = {"format", "version", "variant", "params", "seed", "leader", "deal", "scores", "actions"}


def load_record(source: str | bytes | os.PathLike[str] | dict[str, Any]) -> GameState:
    """Replay a record (a dict, JSON text, or a path to a JSON file) to its final state."""
    rec = _read(source)
    if not isinstance(rec, dict):
        raise RecordError(f"a record is a JSON object, not {type(rec).__name__}")
    unknown = sorted(set(rec) - _KNOWN)
    if unknown:
        raise RecordError(f"unknown field(s) {', '.join(unknown)}; a record has {', '.join(sorted(_KNOWN))}")
    if rec.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, found {rec.get('format')!r}")
    if rec.get("version") != RECORD_VERSION:
        raise RecordError(f"version: this package reads version {RECORD_VERSION}, found {rec.get('version')!r}")
    variant = rec.get("variant")
    if not isinstance(variant, str):
        raise RecordError(f"variant: expected a variant name, found {variant!r}")
    params = rec.get("params", {})
    if not isinstance(params, dict):
        raise RecordError(f"params: expected an object, found {params!r}")
    actions = rec.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions: expected a list of action strings like '5-6 right'")
    kwargs: dict[str, Any] = dict(params)
    if "scores" in rec:
        kwargs["scores"] = _scores(rec["scores"])
    if "deal" in rec:
        if "seed" in rec:
            raise RecordError("seed and deal: a record has one or the other")
        deal = rec["deal"]
        if not isinstance(deal, dict) or "hands" not in deal:
            raise RecordError("deal: expected an object with hands (and boneyard, out, leader)")
        extra = sorted(set(deal) - {"hands", "boneyard", "out", "leader"})
        if extra:
            raise RecordError(f"deal: unknown field(s) {', '.join(extra)}")
        kwargs.update(hands=deal["hands"], boneyard=deal.get("boneyard", []), out=deal.get("out", []),
                      leader=deal.get("leader"))
    elif "seed" in rec:
        if not isinstance(rec["seed"], int):
            raise RecordError(f"seed: expected a whole number, found {rec['seed']!r}")
        kwargs["seed"] = rec["seed"]
        if rec.get("leader") is not None:
            kwargs["leader"] = rec["leader"]
    else:
        raise RecordError("a record needs a seed or a deal")
    try:
        state = new_game(variant, **kwargs)
    except DominoError as exc:
        raise RecordError(f"cannot start the hand: {exc}") from None
    if "seed" in rec and rec.get("leader") is not None and state.core.leader != rec["leader"]:
        raise RecordError(f"leader: the seed deals the lead to seat {state.core.leader}, not {rec['leader']}")
    for i, text in enumerate(actions):
        try:
            state = state.play(text)
        except DominoError as exc:
            raise RecordError(f"actions[{i}]: {text!r} cannot be played: {exc}") from None
    return state


def record_from_json(text: str | bytes) -> GameState:
    """Replay a record given as JSON text only: never read as a file path.

    This is what anything a person types or uploads goes through (the widgets' Load box): a
    path in it is refused, so a student cannot probe or read the kernel's files. Reading a
    file stays a Python call, `load_record(path)`.

    >>> import domino_widgets as dw
    >>> record_from_json(dw.new_game("block", seed=2).to_json()).variant
    'block'
    >>> record_from_json("/etc/passwd")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.RecordError: a record is JSON text starting with '{', not a file name
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("a record is UTF-8 JSON text") from None
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    if not text.strip().startswith("{"):
        raise RecordError("a record is JSON text starting with '{', not a file name")
    return load_record(text)


def _scores(items: Any) -> list[Any]:
    """Match scores: whole numbers, or fractions written as "3/4" (BRG-6 winnings)."""
    if not isinstance(items, list):
        raise RecordError(f"scores: expected a list of numbers, found {items!r}")
    out: list[Any] = []
    for i, x in enumerate(items):
        if isinstance(x, int) and not isinstance(x, bool):
            out.append(x)
        elif isinstance(x, str) and re.fullmatch(r"-?\d+/\d+", x):
            out.append(Fraction(x))
        else:
            raise RecordError(f"scores[{i}]: expected a whole number or a fraction like '3/4', found {x!r}")
    return out


def _read(source: Any) -> Any:
    if isinstance(source, dict):
        return source
    if isinstance(source, (os.PathLike,)):
        source = Path(source).read_text(encoding="utf-8")
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    if isinstance(source, str):
        text = source.strip()
        if not text.startswith("{"):
            if text.endswith(".json") or Path(text).is_file():
                if not Path(text).is_file():
                    raise RecordError(f"no record file {text!r}")
                text = Path(text).read_text(encoding="utf-8")
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"not valid JSON: {exc}") from None
    raise RecordError(f"a record is a dict, JSON text or a file path, not {type(source).__name__}")


def save_record(state: GameState, path: str | os.PathLike[str]) -> Path:
    """Write ``state``'s record as JSON; returns the path."""
    p = Path(path)
    p.write_text(state.to_json(indent=1) + "\n", encoding="utf-8")
    return p

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

from .actions import Action
from .errors import DominoError, ParameterError, RecordError, SEED_LIMIT, quote
from .state import RECORD_FORMAT, RECORD_VERSION, GameState, new_game

_KNOWN = {"format", "version", "variant", "params", "seed", "leader", "deal", "scores", "actions"}
# Keywords of `new_game` itself: a parameter of that name would collide with them.
_RESERVED = {"variant", "seed", "hands", "boneyard", "out", "leader", "scores"}

#: The largest record read, in bytes of JSON. A hand of the largest set (double-12) with every
#: draw and pass is a few thousand bytes; the limit keeps a hostile megabyte out of the kernel.
MAX_RECORD_BYTES = 256 * 1024
#: The most actions a record may hold (a hand of the largest set needs a few hundred).
MAX_RECORD_ACTIONS = 2000


def load_record(source: str | bytes | os.PathLike[str] | dict[str, Any]) -> GameState:
    """Replay a record (a dict, JSON text, or a path to a JSON file) to its final state.

    Anything wrong raises a `RecordError` naming the field or the action (DESIGN principle 6):

    >>> load_record('{"format": "domino_widgets/record", "version": 1, "variant": "block", "seed": 1, '
    ...             '"scores": ["1/0", 0]}')
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.RecordError: scores[0]: expected a whole number or a fraction like '3/4', found '1/0'
    """
    rec = _read(source)
    if not isinstance(rec, dict):
        raise RecordError("a record is a JSON object, not {name}", name=type(rec).__name__)
    unknown = sorted(str(k) for k in set(rec) - _KNOWN)
    if unknown:
        raise RecordError("unknown field(s) {unknown}; a record has {known}",
                          unknown=quote(', '.join(unknown)), known=', '.join(sorted(_KNOWN)))
    if rec.get("format") != RECORD_FORMAT:
        raise RecordError("format: expected {record_format!r}, found {found}",
                          record_format=RECORD_FORMAT, found=quote(rec.get('format')))
    if type(rec.get("version")) is not int or rec.get("version") != RECORD_VERSION:
        raise RecordError("version: this package reads version {record_version}, found {found}",
                          record_version=RECORD_VERSION, found=quote(rec.get('version')))
    variant = rec.get("variant")
    if not isinstance(variant, str):
        raise RecordError("variant: expected a variant name, found {variant}", variant=quote(variant))
    params = rec.get("params", {})
    if not isinstance(params, dict):
        raise RecordError("params: expected an object, found {params}", params=quote(params))
    bad = sorted(str(k) for k in params if not isinstance(k, str) or k in _RESERVED)
    if bad:
        raise RecordError("params: {bad} is not a variant parameter (a record names {choices} in fields of their own)",
                          bad=quote(', '.join(bad)),
                          choices=', '.join(sorted(_RESERVED - {'hands', 'boneyard', 'out'})))
    actions = rec.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions: expected a list of action strings like '5-6 right'")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise RecordError("actions: {n_actions:,} actions; a record holds at most {max_record_actions:,} (a hand of "
                          "the largest set needs a few hundred)",
                          n_actions=len(actions), max_record_actions=MAX_RECORD_ACTIONS)
    kwargs: dict[str, Any] = dict(params)
    if "scores" in rec:
        kwargs["scores"] = _scores(rec["scores"])
    if "deal" in rec:
        if "seed" in rec:
            raise RecordError("seed and deal: a record has one or the other")
        if "leader" in rec:
            raise RecordError("leader: a record with a deal names its leader inside it, as deal.leader")
        deal = rec["deal"]
        if not isinstance(deal, dict) or "hands" not in deal:
            raise RecordError("deal: expected an object with hands (and boneyard, out, leader)")
        extra = sorted(str(k) for k in set(deal) - {"hands", "boneyard", "out", "leader"})
        if extra:
            raise RecordError("deal: unknown field(s) {extra}", extra=quote(', '.join(extra)))
        if not isinstance(deal["hands"], list):
            raise RecordError("deal.hands: expected a list of hands like [['6-6', '1-2'], ['3-4']], found {deal}",
                              deal=quote(deal['hands']))
        for name in ("boneyard", "out"):
            if not isinstance(deal.get(name, []), (list, str)):
                raise RecordError("deal.{name}: expected a list of tiles like ['3-4', '0-0'], found {deal}",
                                  name=name, deal=quote(deal[name]))
        kwargs.update(hands=deal["hands"], boneyard=deal.get("boneyard", []), out=deal.get("out", []),
                      leader=deal.get("leader"))
    elif "seed" in rec:
        if type(rec["seed"]) is not int or not 0 <= rec["seed"] < SEED_LIMIT:
            raise RecordError("seed: expected a whole number 0 <= seed < 2**64, found {rec}", rec=quote(rec['seed']))
        kwargs["seed"] = rec["seed"]
        if rec.get("leader") is not None:
            kwargs["leader"] = rec["leader"]
    else:
        raise RecordError("a record needs a seed or a deal")
    try:
        state = new_game(variant, **kwargs)
    except DominoError as exc:
        raise RecordError("cannot start the hand: {error}", error=exc) from None
    if "seed" in rec and rec.get("leader") is not None:
        dealt = getattr(state, "leader", 0)  # Twenty-one and the solitaire: seat 0 starts (T21-1, SOL-1)
        if dealt != rec["leader"]:
            raise RecordError("leader: the seed deals the lead to seat {dealt}, not {rec}",
                              dealt=dealt, rec=quote(rec['leader']))
    for i, text in enumerate(actions):
        _no_end_on_the_lead(state, i, text)
        try:
            state = state.play(text)
        except DominoError as exc:
            raise RecordError("actions[{i}]: {text} cannot be played: {error}",
                              i=i, text=quote(text), error=exc) from None
    return state


def record_from_json(text: str | bytes) -> GameState:
    """Replay a record given as JSON text only: never read as a file path.

    This is what anything a person types or uploads goes through (the widgets' Open button): a
    path in it is refused, so a student cannot probe or read the kernel's files. Reading a
    file stays a Python call, `load_record(path)`. Text longer than `MAX_RECORD_BYTES` (or a
    record of more than `MAX_RECORD_ACTIONS` actions) is refused before it is replayed.

    >>> import domino_widgets as dw
    >>> record_from_json(dw.new_game("block", seed=2).to_json()).variant
    'block'
    >>> record_from_json("/etc/passwd")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.RecordError: a record is JSON text starting with '{', not a file name
    """
    if isinstance(text, (str, bytes)) and len(text) > MAX_RECORD_BYTES:
        raise _too_big(len(text))  # before decoding or stripping a hostile megabyte
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("a record is UTF-8 JSON text") from None
    if not isinstance(text, str):
        raise RecordError("a record is JSON text, not {name}", name=type(text).__name__)
    if not text.strip().startswith("{"):
        raise RecordError("a record is JSON text starting with '{', not a file name")
    return load_record(text)


def _no_end_on_the_lead(state: Any, i: int, text: str) -> None:
    """A lead touches no end: a record that names one (``"3-5 left"`` as the first play) was not
    written by this package and is refused, not read as something else."""
    layout = getattr(state, "layout", None)
    if layout is None or layout.center is not None:
        return
    try:
        act = Action.parse(text)
    except DominoError:
        return  # the replay names what is wrong with it
    if act.end is not None and act.tile is not None:
        raise RecordError("actions[{i}]: {text} names an end, but it is the lead, which touches no end: write {tile}",
                          i=i, text=quote(text), tile=str(act.tile))


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (the standard reader keeps the last of two)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError("the key {key} appears twice in one object", key=quote(key))
        out[key] = value
    return out


def _check_text(rec: Any) -> None:
    """Refuse a lone surrogate ("\\ud800") anywhere in a record's texts: it cannot be written as
    UTF-8, so it could be neither shown nor saved."""
    stack, seen = [rec], 0
    while stack:
        x = stack.pop()
        seen += 1
        if seen > 1_000_000:
            raise RecordError("not a record: too many values")
        if isinstance(x, str):
            _utf8(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                if isinstance(k, str):
                    _utf8(k)
                stack.append(v)
        elif isinstance(x, (list, tuple)):
            stack.extend(x)


def _utf8(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise RecordError("a record is UTF-8 text; it holds a lone surrogate {char} at character {at}",
                          char=quote(text[exc.start]), at=exc.start) from None


def _scores(items: Any) -> list[Any]:
    """Match scores: whole numbers, or fractions written as "3/4" (BRG-6 winnings)."""
    if not isinstance(items, list):
        raise RecordError("scores: expected a list of numbers, found {items}", items=quote(items))
    out: list[Any] = []
    for i, x in enumerate(items):
        if isinstance(x, int) and not isinstance(x, bool):
            out.append(x)
        elif isinstance(x, str) and re.fullmatch(r"-?[0-9]{1,30}/0*[1-9][0-9]{0,29}", x):
            out.append(Fraction(x))
        else:
            raise RecordError("scores[{i}]: expected a whole number or a fraction like '3/4', found {value}",
                              i=i, value=quote(x))
    return out


def _too_big(size: int) -> RecordError:
    return RecordError("the record is {size:,} bytes; a record is at most {max_record_bytes:,} bytes (a hand of the "
                       "largest set needs a few thousand)", size=size, max_record_bytes=MAX_RECORD_BYTES)


def _read_file(path: Path) -> str:
    """The text of a record file (Python callers only: the widgets never read paths)."""
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError("cannot read the record file {path}: {value}",
                          path=quote(str(path), 300), value=exc.strerror or exc) from None
    if len(data) > MAX_RECORD_BYTES:
        raise _too_big(path.stat().st_size)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError("the record file {path} is not UTF-8 text", path=quote(str(path), 300)) from None


def _is_file(text: str) -> bool:
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte ...
        return False


def _read(source: Any) -> Any:
    rec = _read_source(source)
    _check_text(rec)
    return rec


def _read_source(source: Any) -> Any:
    if isinstance(source, dict):
        return source
    if isinstance(source, os.PathLike):
        source = _read_file(Path(source))
    if isinstance(source, (bytes, bytearray)):
        if len(source) > MAX_RECORD_BYTES:
            raise _too_big(len(source))
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("a record is UTF-8 JSON text") from None
    if isinstance(source, str):
        _utf8(source[:MAX_RECORD_BYTES + 1])
        text = source.strip()
        if not text.startswith("{") and len(text) < 4096 and (text.endswith(".json") or _is_file(text)):
            if not _is_file(text):
                raise RecordError("no record file {text}", text=quote(text, 300))
            text = _read_file(Path(text))
        if len(text) > MAX_RECORD_BYTES or (not text.isascii() and len(text.encode("utf-8")) > MAX_RECORD_BYTES):
            raise _too_big(len(text.encode("utf-8")))
        try:
            return json.loads(text, object_pairs_hook=_unique_keys)
        except RecordError:
            raise
        except json.JSONDecodeError as exc:
            raise RecordError("not valid JSON: {error}", error=exc) from None
        except RecursionError:
            raise RecordError("not a record: JSON nested too deeply") from None
        except ValueError as exc:  # e.g. a whole number of more than 4,300 digits
            raise RecordError("not valid JSON: {error}", error=exc) from None
    raise RecordError("a record is a dict, JSON text or a file path, not {name}", name=type(source).__name__)


def save_record(state: GameState, path: str | os.PathLike[str]) -> Path:
    """Write ``state``'s record as JSON; returns the path."""
    if not isinstance(path, (str, os.PathLike)):
        raise ParameterError("save_record writes to a file path, not {path}", path=quote(path))
    if not hasattr(state, "to_json") or not callable(state.to_json):
        raise ParameterError("save_record saves a game state (dw.new_game(...)), not {state}", state=quote(state))
    text = state.to_json(indent=1) + "\n"
    try:
        p = Path(path)
        p.write_text(text, encoding="utf-8")
    except (OSError, ValueError) as exc:  # a folder, a missing folder, a name too long, a NUL, a lone surrogate
        raise RecordError("cannot write the record to {path}: {why}", path=quote(str(path)),
                          why=type(exc).__name__) from None
    return p

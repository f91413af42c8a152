"""What a variant module declares: its parameters and how they become an engine `Config`.

A variant is data plus small hooks (DESIGN principle 2): `Variant` holds the name, the rule-id
prefix, the parameters with their defaults and allowed values, how a match is counted, and a
``build`` function that turns checked parameters into a `Config`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .engine import Config
from .errors import ParameterError, Phrase
from .tiles import MAX_PIPS

#: How many parameter sets per variant keep their engine `Config` (least recently used go first).
CONFIG_CACHE = 64


@dataclass(frozen=True)
class Param:
    """One parameter of a variant: its default and the values it allows."""

    name: str
    default: Any
    allowed: str | Phrase  # for error messages, e.g. Phrase("one of 2, 3, 4"), in the reader's language
    check: Callable[[Any], bool]
    doc: str = ""


#: The largest target or number of rounds a match takes: far above any real match (All Fives to 250),
#: and small enough to be written and shown (a target of 10**5000 could not be).
MATCH_LIMIT = 1_000_000


def positive_int(x: Any) -> bool:
    """A target or a number of rounds: a whole number from 1 to `MATCH_LIMIT`."""
    return isinstance(x, int) and not isinstance(x, bool) and 0 < x <= MATCH_LIMIT


def one_of(*values: Any) -> Callable[[Any], bool]:
    return lambda x: any(x == v and type(x) is type(v) for v in values)


def pips_param(allowed: tuple[int, ...] = tuple(range(6, MAX_PIPS + 1))) -> Param:
    return Param(
        "pips",
        6,
        Phrase("the highest double of the set, one of {values} (6: double-six, 9: double-nine)",
               values=", ".join(map(str, allowed))),
        one_of(*allowed),
        "the set: double-six (28 tiles) by default",
    )


def players_param(*allowed: int) -> Param:
    return Param("players", allowed[0], Phrase("one of {values}", values=", ".join(map(str, allowed))),
                 one_of(*allowed))


def target_param(default: int, what: str) -> Param:
    return Param("target", default, Phrase("a whole number from 1 to 1,000,000"), positive_int, what)


def flag_param(name: str, doc: str) -> Param:
    return Param(name, False, Phrase("True or False"), one_of(True, False), doc)


@dataclass(frozen=True)
class Variant:
    """A variant of docs/rules.md, as the registry holds it."""

    name: str
    title: str
    prefix: str  # rule-id prefix in docs/rules.md, e.g. "BLK"
    params: tuple[Param, ...]
    build: Callable[[dict[str, Any]], Config]
    finalize: Callable[[dict[str, Any]], dict[str, Any]] | None = None  # defaults that depend on others
    # Games not played on a shared line (T21, SOL) bring their own state class: new_game calls
    # factory(variant, seed=..., **keywords) and returns what it returns.
    factory: Callable[..., Any] | None = None
    leads_alternate: bool = False  # BLK-2, DCZ-1
    aliases: tuple[str, ...] = ()
    summary: str = ""
    _cache: dict[tuple[tuple[str, Any], ...], Config] = field(default_factory=dict, compare=False, repr=False)
    _checked: dict[Any, Config] = field(default_factory=dict, compare=False, repr=False)  # by given params

    def check_params(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Fill in defaults and check every value; raise `ParameterError` naming what is allowed."""
        names = {p.name: p for p in self.params}
        unknown = sorted(set(given) - set(names))
        if unknown:
            raise ParameterError("{name} has no parameter {unknown}; its parameters are: {names}",
                                 name=self.name, unknown=', '.join(map(repr, unknown)),
                                 names=', '.join(names) or Phrase("none"))
        out: dict[str, Any] = {}
        for p in self.params:
            value = given.get(p.name, p.default)
            if not p.check(value):
                raise ParameterError("{name}: {param}={value!r} is not allowed; {param} must be {allowed}",
                                     name=self.name, param=p.name, value=value, allowed=p.allowed)
            out[p.name] = value
        return self.finalize(out) if self.finalize else out

    def config(self, given: Mapping[str, Any] | None = None) -> Config:
        """The engine configuration for these parameters (checked, cached).

        The cache keeps the `CONFIG_CACHE` most recently used parameter sets: a program that
        plays matches to thousands of different targets keeps a bounded number of them.
        """
        # Parameters given before need no second check (new_game asks for every hand); the key
        # holds the types, as 1 == True but only one of them may be allowed.
        seen: tuple[tuple[str, type, Any], ...] | None = (
            tuple(sorted((k, type(v), v) for k, v in given.items())) if given else ())
        try:
            cfg = self._checked.get(seen)
        except TypeError:  # an unhashable value: check it (it fails the check)
            seen, cfg = None, None
        if cfg is not None:
            return cfg
        params = self.check_params(given or {})
        key = tuple(sorted(params.items()))
        cache = self._cache
        cfg = cache.pop(key, None)
        if cfg is None:
            cfg = self.build(params)
            while len(cache) >= CONFIG_CACHE:
                del cache[next(iter(cache))]  # the least recently used
        cache[key] = cfg
        if seen is not None:
            checked = self._checked
            while len(checked) >= CONFIG_CACHE:
                del checked[next(iter(checked))]  # the oldest
            checked[seen] = cfg
        return cfg

    def describe_params(self) -> str:
        return "; ".join(f"{p.name}={p.default!r} ({p.allowed})" for p in self.params)

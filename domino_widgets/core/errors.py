"""The package's exceptions. All are `ValueError` subclasses, so ``except ValueError`` works.

Every error raised for an action leaves the state it was raised on unchanged (states are
immutable from the outside: `GameState.play` returns a new state).
"""

from __future__ import annotations


class DominoError(ValueError):
    """Base class of every error this package raises for bad input."""


class NotationError(DominoError):
    """Text that is not a tile or an action in the notation (``"3-5"``, ``"5-6 right"``)."""


class IllegalPlayError(DominoError):
    """An action that the rules do not allow in this position."""


class AmbiguousPlayError(IllegalPlayError):
    """An action that fits more than one way (two ends, two orientations): name the end."""


class GameOverError(IllegalPlayError):
    """An action on a hand (or match) that is already over."""


class ParameterError(DominoError):
    """A bad variant name, parameter or scripted deal; the message lists what is allowed."""


class RecordError(DominoError):
    """A malformed or inconsistent game record; the message names the field or action index."""


def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters: error messages quote what they were
    given, and a hostile input may be a megabyte long.

    >>> quote("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)"
    >>> quote([1, 2])
    '[1, 2]'
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return text[: limit - 6] + ("...'" if text[:1] in "'\"" else "...") + size

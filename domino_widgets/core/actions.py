"""Actions and their text notation.

An action is one of: play a tile (at a named end, with a named touching half where that is a
choice, COM-8), draw (a random tile from the boneyard, or a named one in scripted positions),
or pass. The games not played on a shared line add three: take a tile and stand in Twenty-one
(T21-2), and choose the base of the solitaire line (SOL-2). The notation round-trips:
``Action.parse(str(a)) == a``.

>>> Action.parse("5-6 right")
Action.parse('5-6 right')
>>> str(Action.parse("6-5 R")), str(Action.parse("draw")), str(Action.parse("draw 3-4"))
('5-6 right', 'draw', 'draw 3-4')
>>> Action.parse("1-6 left 6").touching     # matador laid with its 6 against the left end
6
>>> Action.parse("take"), Action.parse("take 3-4"), Action.parse("stand"), Action.parse("base 5-3")
(Action.parse('take'), Action.parse('take 3-4'), Action.parse('stand'), Action.parse('base 3-5'))

Inside the engine an action is a small int (a *code*): ``tile << 3 | end << 1 | flip`` for a
play, where ``flip`` says that the high half touches; negative codes for pass and draw.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from .. import language, sentences
from .errors import NotationError, Phrase, quote
from .tiles import Tile

PASS_CODE = -1
DRAW_CODE = -2  # a random draw: the next tile of the (seeded, shuffled) boneyard


def draw_code(tile_index: int) -> int:
    """The code of drawing one named tile."""
    return -3 - tile_index


def drawn_index(code: int) -> int:
    """The tile index of an explicit draw code."""
    return -3 - code


class ActionKind(enum.Enum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    TAKE = "take"  # T21-2: take a tile from the stock (a named one in scripted positions)
    STAND = "stand"  # T21-2: stop taking
    BASE = "base"  # SOL-2: choose the base of the line
    STOP = "stop"  # SOL-3 seed option may_stop=True: end the round early


class End(enum.IntEnum):
    """The open ends of a layout: a line has LEFT and RIGHT; spinner and cross add UP, DOWN."""

    LEFT = 0
    RIGHT = 1
    UP = 2
    DOWN = 3

    def __str__(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> End:
        """``"left"``, ``"l"``, ``"right"``, ``"r"``, ``"up"``, ``"u"``, ``"down"``, ``"d"``."""
        end = _END_WORDS.get(text.lower()) if isinstance(text, str) else None
        if end is None:
            raise NotationError("{text} is not an end; use left, right, up or down (l, r, u, d)", text=quote(text))
        return end


_END_WORDS = {
    **{e.name.lower(): e for e in End},
    **{e.name.lower()[0]: e for e in End},
}


@dataclass(frozen=True)
class Action:
    """A player's action; build one with `play`, `draw`, `pass_` or `parse`."""

    kind: ActionKind
    tile: Tile | None = None
    end: End | None = None
    touching: int | None = None

    @classmethod
    def play(cls, tile: Tile | str, end: End | str | None = None, touching: int | None = None) -> Action:
        """Lay ``tile`` at ``end`` with ``touching`` (a half of the tile) against it (COM-8).

        >>> Action.play("1-6", "left", 6)
        Action.parse('1-6 left 6')
        >>> Action.play("1-6", "left", True)
        Traceback (most recent call last):
        ...
        domino_widgets.core.errors.NotationError: the touching half is a number of the tile (1 or 6), not True
        """
        t = Tile.parse(tile)
        if isinstance(end, str):
            e: End | None = End.parse(end)
        elif end is None or isinstance(end, End):
            e = end
        elif type(end) is int and 0 <= end < len(End):
            e = End(end)
        else:
            raise NotationError("an end is End.LEFT, RIGHT, UP, DOWN or its name ('left', 'l', ...), not {end}",
                                end=quote(end))
        if touching is not None and type(touching) is not int:
            raise NotationError("the touching half is a number of the tile ({low} or {high}), not {touching}",
                                low=t.low, high=t.high, touching=quote(touching))
        if touching is not None and not t.has(touching):
            raise NotationError("{tile} has no half {touching} to lay against the end", tile=t, touching=touching)
        if touching is not None and e is None:
            raise NotationError("name the end before the touching half, as in '{tile} left {touching}'",
                                tile=t, touching=touching)
        return cls(ActionKind.PLAY, t, e, touching)

    @classmethod
    def draw(cls, tile: Tile | str | None = None) -> Action:
        return cls(ActionKind.DRAW, None if tile is None else Tile.parse(tile))

    @classmethod
    def pass_(cls) -> Action:
        return cls(ActionKind.PASS)

    @classmethod
    def take(cls, tile: Tile | str | None = None) -> Action:
        """T21-2: take a tile from the stock (the next one, or ``tile`` in a scripted position)."""
        return cls(ActionKind.TAKE, None if tile is None else Tile.parse(tile))

    @classmethod
    def stand(cls) -> Action:
        """T21-2: take no more tiles."""
        return cls(ActionKind.STAND)

    @classmethod
    def base(cls, tile: Tile | str) -> Action:
        """SOL-2: lay ``tile`` as the base of the solitaire line (its low half to the left)."""
        return cls(ActionKind.BASE, Tile.parse(tile))

    @classmethod
    def stop(cls) -> Action:
        """SOL-3 seed option ``may_stop=True``: end the solitaire round now (refill at once)."""
        return cls(ActionKind.STOP)

    @classmethod
    def parse(cls, text: str | Action) -> Action:
        """Read the notation: ``"3-5"``, ``"3-5 left"``, ``"1-6 up 6"``, ``"draw"``, ``"draw 2-4"``, ``"pass"``;
        Twenty-one's ``"take"``, ``"take 2-4"``, ``"stand"``; the solitaire's ``"base 3-5"`` and ``"stop"``."""
        if isinstance(text, Action):
            return _checked(text)
        if not isinstance(text, str):
            raise NotationError("an action is written like '5-6 right', 'draw' or 'pass', not {text}", text=quote(text))
        words = [w for w in re.split(r"[\s,]+", text.strip()) if w]
        if not words:
            raise NotationError("an empty string is not an action")
        head = words[0].lower()
        if head == "pass" and len(words) == 1:
            return cls.pass_()
        if head == "draw" and len(words) <= 2:
            return cls.draw(words[1] if len(words) == 2 else None)
        if head == "take" and len(words) <= 2:
            return cls.take(words[1] if len(words) == 2 else None)
        if head == "stand" and len(words) == 1:
            return cls.stand()
        if head == "stop" and len(words) == 1:
            return cls.stop()
        if head == "base":
            if len(words) != 2:
                raise NotationError("{text}: the base is written like 'base 3-5'", text=quote(text))
            return cls.base(words[1])
        if len(words) > 3:
            raise NotationError("{text}: too many words for an action", text=quote(text))
        tile = Tile.parse(words[0])
        end = End.parse(words[1]) if len(words) >= 2 else None
        touching = None
        if len(words) == 3:
            if not re.fullmatch(r"[0-9]{1,2}", words[2]):
                raise NotationError("{text}: the third word names the touching half, a number", text=quote(text))
            touching = int(words[2])
        return cls.play(tile, end, touching)

    def __str__(self) -> str:
        if self.kind is ActionKind.PASS:
            return "pass"
        if self.kind is ActionKind.DRAW:
            return "draw" if self.tile is None else f"draw {self.tile}"
        if self.kind is ActionKind.TAKE:
            return "take" if self.tile is None else f"take {self.tile}"
        if self.kind is ActionKind.STAND:
            return "stand"
        if self.kind is ActionKind.STOP:
            return "stop"
        if self.kind is ActionKind.BASE:
            return f"base {self.tile}"
        parts = [str(self.tile)]
        if self.end is not None:
            parts.append(str(self.end))
        if self.touching is not None:
            parts.append(str(self.touching))
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _checked(a: Action) -> Action:
    """An `Action` built directly (``Action(kind, tile, end, touching)``) must hold what its kind
    needs, like one read from text; the engine trusts what `Action.parse` passes on.

    >>> Action.parse(Action(ActionKind.PLAY))
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.NotationError: Action(<ActionKind.PLAY: 'play'>, None, None, None) is not an action: a play names a Tile
    """
    ok = isinstance(a.kind, ActionKind) and (a.tile is None or isinstance(a.tile, Tile)) and (
        a.end is None or isinstance(a.end, End)) and (a.touching is None or type(a.touching) is int)
    why = Phrase("its kind, tile, end and touching half must be an ActionKind, a Tile, an End and a number")
    if ok:
        if a.kind in (ActionKind.PLAY, ActionKind.BASE) and a.tile is None:
            ok, why = False, Phrase("a {kind} names a Tile", kind=a.kind.value)
        elif a.kind is not ActionKind.PLAY and (a.end is not None or a.touching is not None):
            ok, why = False, Phrase("only a play names an end or a touching half")
        elif a.kind in (ActionKind.PASS, ActionKind.STAND) and a.tile is not None:
            ok, why = False, Phrase("a {kind} names no tile", kind=a.kind.value)
        elif a.touching is not None and (a.end is None or a.tile is None or not a.tile.has(a.touching)):
            ok, why = False, Phrase("the touching half is a half of the tile, named after the end")
    if not ok:
        fields = ", ".join(quote(x, 30) for x in (a.kind, a.tile, a.end, a.touching))
        raise NotationError("Action({fields}) is not an action: {why}", fields=fields, why=why)
    return a


PASS = Action.pass_()
DRAW = Action.draw()
TAKE = Action.take()
STAND = Action.stand()
STOP = Action.stop()


# A play in a lesson's sentence or as a cell's value, in the reader's language: the language
# (the bottom layer) knows no game object, so the core tells it how an action is written.
language.write_as(Action, sentences.action)

"""What a puzzle is: a position from a real game where exactly one play is best, verified.

A `Puzzle` holds the game record cut at the position (the project's own format,
`domino_widgets.core.record`), the seat to play (the student), the one best play (``answer``,
move text as `GameState.play` takes it), and for every other legal play a `Refutation`: what it
is worth in one concrete placement of the hidden tiles, and by how much that falls short.

What a puzzle claims, exactly (`domino_widgets.puzzles.solver`):

* ``answer`` guarantees ``value`` to the student **whatever the hidden tiles are** (every
  holding that agrees with what the student sees: his hand, the table, the passes and draws),
  **whatever order the boneyard comes in, and whatever the opponent does** (the opponent is
  assumed to know every tile). The game tree is solved to the end of the hand over all those
  holdings, not sampled. In block, the Czech draw game and Matador the value is winning the
  hand (``objective == "win"``, ``value == 1``); in the Greek draw game and All Fives it is the
  points the student gains over his opponent from here to the end of the hand (``"points"``).
* every other play is worse: in the holding its `Refutation` names, even a student who saw
  every tile could get only ``value`` there (so at least ``margin`` less than the answer
  guarantees: in the win games, that play can lose or only tie the hand).
* ``chance`` says how draws were treated: ``"none"`` (the boneyard is empty: no draw can
  come) or ``"adversarial"`` (every draw treated as the worst tile for the student).

The record names every tile (it replays the deal): it is for the kernel. Show a student only
``puzzle.view()``, and the refutations only after his attempt: the holding a refutation names
may be the real one.

>>> from domino_widgets.puzzles import load
>>> p = load("block")[0]
>>> p.variant, p.theme in THEMES, 1 <= p.difficulty <= 5, p.state().current_player == p.seat
('block', True, True, True)
>>> p.state().is_legal(p.answer), all(p.state().is_legal(r.play) for r in p.others)
(True, True)
>>> Puzzle.from_dict(p.to_dict()) == p
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from importlib import resources
from typing import Any

from ..core.actions import Action
from ..core.errors import ParameterError, RecordError, quote
from ..core.record import load_record
from ..core.registry import get_variant
from ..core.state import GameState, PlayerView

__all__ = ["FORMAT", "PUZZLE_VARIANTS", "THEMES", "Puzzle", "Refutation", "dump", "load", "parse"]

#: The themes a teacher can pick, by id (`domino_widgets.puzzles.mine.theme_of` says how each is
#: assigned): blocking the opponent, counting the unseen tiles, the fives (All Fives), a
#: matador, going out first, the draw (a boneyard still to come).
THEMES = ("block", "count", "fives", "matador", "go_out", "draw")
#: The line games with puzzles.
PUZZLE_VARIANTS = ("block", "draw_cz", "draw", "all_fives", "matador")
FORMAT = "domino_widgets/puzzles"
VERSION = 1


@dataclass(frozen=True)
class Refutation:
    """Why another play is worse: in the holding ``hand`` (the opponent's tiles), ``boneyard``
    (in draw order, the next drawn first) and ``out`` (out of play), even with every tile known
    the student gets only ``value`` after ``play``, ``margin`` less than the answer guarantees."""

    play: str
    value: int
    margin: int
    hand: tuple[str, ...]
    boneyard: tuple[str, ...] = ()
    out: tuple[str, ...] = ()

    @property
    def loses(self) -> bool:
        """In a win game (values +1/0/-1): whether the play loses the hand in that holding."""
        return self.value < 0


@dataclass(frozen=True)
class Puzzle:
    """One verified puzzle (see the module docstring for what it claims)."""

    id: str
    variant: str
    options: dict[str, Any]
    record: dict[str, Any]
    seat: int
    answer: str
    theme: str
    difficulty: int
    others: tuple[Refutation, ...]
    objective: str  # "win" (value +1/0/-1) or "points" (points gained over the opponent)
    value: int  # what the answer guarantees
    chance: str = "none"  # "none" or "adversarial" (draws treated as the worst for the student)
    holdings: int = 1  # how many holdings of the hidden tiles the solver covered
    depth: int = 1  # plies the solver looked ahead (to the end of the hand)
    greedy: str = ""  # what the greedy player plays here ("" if not recorded)
    rating: float = 1500.0  # Glicko-2 (`domino_widgets.puzzles.rating`)
    rd: float = 350.0
    volatility: float = 0.06
    source: dict[str, Any] = field(default_factory=dict)  # how it was mined: seed, players

    def __post_init__(self) -> None:
        for name, kind in (("id", str), ("variant", str), ("answer", str), ("record", dict), ("options", dict)):
            if not isinstance(getattr(self, name), kind):
                raise ParameterError("a puzzle's {name} is a {kind}, not {x}", name=name, kind=kind.__name__,
                                     x=quote(getattr(self, name)))
        if self.variant not in PUZZLE_VARIANTS or self.seat not in (0, 1) or type(self.seat) is not int:
            raise ParameterError("a puzzle is a two-player position of {variants}, not seat {seat} of {variant}",
                                 variants=", ".join(PUZZLE_VARIANTS), seat=quote(self.seat), variant=quote(self.variant))
        if self.theme not in THEMES:
            raise ParameterError("theme must be one of {themes}, not {theme}", themes=", ".join(THEMES),
                                 theme=quote(self.theme))
        if type(self.difficulty) is not int or not 1 <= self.difficulty <= 5:
            raise ParameterError("difficulty must be 1..5, not {d}", d=quote(self.difficulty))
        if self.objective not in ("win", "points"):
            raise ParameterError("objective must be 'win' or 'points', not {o}", o=quote(self.objective))

    @property
    def obvious(self) -> bool:
        """Whether the greedy player would find the answer too."""
        return self.greedy == self.answer

    def state(self) -> GameState:
        """The position (the whole truth: give the student `view`)."""
        return load_record(self.record)

    def view(self) -> PlayerView:
        """What the student sees."""
        return self.state().view(self.seat)

    def is_answer(self, play: Action | str) -> bool:
        """Whether ``play`` (an action or its text, in any notation `GameState.play` reads) is
        the answer; a play that is illegal or ambiguous here raises its `DominoError`.

        >>> p = load("block")[0]
        >>> p.answer, p.is_answer("2-4 left"), p.is_answer("4-2 L"), p.is_answer(p.others[0].play)
        ('2-4 left', True, True, False)
        >>> p.is_answer("6-6")
        Traceback (most recent call last):
        ...
        domino_widgets.core.errors.IllegalPlayError: 6-6 is illegal: seat 0 does not hold 6-6, in ...
        """
        state = self.state()
        return state.play(play) == state.play(self.answer)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["others"] = [asdict(r) for r in self.others]
        return d

    @classmethod
    def from_dict(cls, d: Any) -> Puzzle:
        """A puzzle from `to_dict`'s form; a `DominoError` names what is wrong."""
        if not isinstance(d, dict):
            raise RecordError("a puzzle is an object, not {x}", x=quote(d))
        try:
            others = tuple(Refutation(**{**r, "hand": tuple(r["hand"]), "boneyard": tuple(r.get("boneyard", ())),
                                         "out": tuple(r.get("out", ()))}) for r in d["others"])
            p = cls(**{**d, "others": others})
        except (KeyError, TypeError) as exc:
            raise RecordError("not a puzzle: {error}", error=exc) from None
        return p

    def with_rating(self, rating: float, rd: float, volatility: float) -> Puzzle:
        return replace(self, rating=rating, rd=rd, volatility=volatility)


def _variant(name: Any) -> str:
    v = get_variant(name).name if isinstance(name, str) else None
    if v not in PUZZLE_VARIANTS:
        raise ParameterError("puzzles exist for {variants}, not {name}", variants=", ".join(PUZZLE_VARIANTS),
                             name=quote(name))
    return v


def parse(text: str | bytes) -> list[Puzzle]:
    """The puzzles of a puzzle file's JSON text."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise RecordError("a puzzle file is JSON: {error}", error=exc) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
        raise RecordError("not a puzzle file (format {f!r}, version {v})", f=FORMAT, v=VERSION)
    items = data.get("puzzles")
    if not isinstance(items, list):
        raise RecordError("puzzles: expected a list")
    return [Puzzle.from_dict(x) for x in items]


def dump(puzzles: list[Puzzle]) -> str:
    """The JSON text of a puzzle file (what `parse` reads): one puzzle a line, compact."""
    head = json.dumps({"format": FORMAT, "version": VERSION})[:-1]
    lines = [json.dumps(p.to_dict(), ensure_ascii=False, separators=(",", ":")) for p in puzzles]
    return head + ', "puzzles": [\n' + ",\n".join(lines) + "\n]}\n"


def load(variant: str | None = None, theme: str | None = None) -> list[Puzzle]:
    """The shipped puzzles, of one variant and/or one theme (all if None).

    >>> len(load("draw_cz", theme="count")) <= len(load("draw_cz"))
    True
    >>> load("twentyone")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: puzzles exist for block, draw_cz, draw, all_fives, matador, not 'twentyone'
    """
    names = PUZZLE_VARIANTS if variant is None else (_variant(variant),)
    if theme is not None and theme not in THEMES:
        raise ParameterError("theme must be one of {themes}, not {theme}", themes=", ".join(THEMES), theme=quote(theme))
    out: list[Puzzle] = []
    folder = resources.files(__package__) / "data"
    for name in names:
        f = folder / f"{name}.json"
        if not f.is_file():
            continue
        out += [p for p in parse(f.read_text(encoding="utf-8")) if theme is None or p.theme == theme]
    return out



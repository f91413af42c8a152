"""The session's notes: what a move or a refused click says, kept as a catalogue key and its
fields (`Note`), and put into words only when shown (`note_text`), in the language and for the
viewer of that moment, so a tile another seat drew is never named to the wrong person (COM-5).

>>> import domino_widgets as dw
>>> s = dw.new_game("block", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], leader=0)
>>> [(n.key, n.get("tile")) for n in describe_move(s, s.play("6-6"))]
[('played', '6-6')]
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.actions import ActionKind, End
from ..core.registry import get_variant
from ..core.state import GameState
from .i18n import PerSeat, tr

if TYPE_CHECKING:
    from .session import GameSession


@dataclass(frozen=True)
class Note:
    """A message: a catalogue key and its fields, put into words only when shown (in the language
    and for the viewer of that moment). ``who`` fields are seat numbers; a draw note keeps the
    tile and the seat, and names the tile only to a viewer allowed to see it."""

    key: str
    fields: tuple[tuple[str, Any], ...] = ()
    private_to: int | None = None  # a seat: only its view (or open hands) may name ``tile``

    @staticmethod
    def of(key: str, private_to: int | None = None, **fields: Any) -> Note:
        return Note(key, tuple(sorted(fields.items())), private_to)

    def get(self, name: str) -> Any:
        return dict(self.fields).get(name)


def _forced_lead(s: GameState) -> bool:
    """DRW-2/BRG-2: the rules choose the lead."""
    return get_variant(s.variant).config(s.params).lead != "any"


def describe_move(before: GameState, after: GameState) -> list[Note]:
    """The notes of the move from ``before`` to ``after``: the play, draw or pass, points scored
    (A5-4), and the end of the hand.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["5-5", "3-5"], ["0-5", "1-4"]], boneyard=["1-2"], leader=0)
    >>> [n.key for n in describe_move(s, s.play("5-5"))]
    ['forced_lead', 'scored']
    """
    seat = before.current_player
    assert seat is not None
    action = after.last_action
    assert action is not None
    notes: list[Note] = []
    if action.kind is ActionKind.PLAY:
        if before.layout.center is None and _forced_lead(before):
            key = "forced_lead_66" if before.variant == "bergen" else "forced_lead"
            notes.append(Note.of(key, who=seat, tile=str(action.tile)))
        elif action.end is None:
            notes.append(Note.of("played", who=seat, tile=str(action.tile)))
        else:
            notes.append(Note.of("played_end", who=seat, tile=str(action.tile), end=action.end))
        gained = after.scores[seat] - before.scores[seat]
        if gained:
            notes.append(Note.of("scored", who=seat, points=gained, sum=_open_end_sum(after)))
    elif action.kind is ActionKind.DRAW:
        notes.append(Note.of("drew", private_to=seat, who=seat, tile=str(action.tile)))
    else:
        notes.append(Note.of("passed", who=seat))
    o = after.outcome
    if o is not None:
        if o.reason == "target":
            notes.append(Note.of("reached_target", who=o.winner, target=after.params.get("target")))
        elif o.winner is None:
            notes.append(Note.of("blocked_tie"))
        elif o.reason == "out":
            notes.append(Note.of("went_out", who=o.winner))
        else:
            notes.append(Note.of("blocked_win", who=o.winner))
        if after.variant == "all_fives" and o.reason != "target":
            from ..variants.all_fives import end_settlement

            winner, counts, points = end_settlement(after)
            if winner is not None and points:
                notes.append(Note.of("settled", who=winner, counts=PerSeat(counts), points=points))
        notes.append(Note.of("hand_points", points=PerSeat(o.points)))
    return notes


def _open_end_sum(after: GameState) -> str:
    """A5-4's arithmetic, "6 + 4 + 5 = 15", from the core's terms (All Fives; else the points)."""
    if after.variant != "all_fives":
        return ""
    from ..variants.all_fives import open_end_terms

    terms = open_end_terms(after)
    return f"{' + '.join(map(str, terms))} = {sum(terms)}" if len(terms) > 1 else str(sum(terms))


def _num(x: Any) -> str:
    return str(x) if not isinstance(x, Fraction) or x.denominator != 1 else str(x.numerator)


def note_text(note: Note, session: GameSession, lang: str, *, open_hands: bool = False) -> str:
    """Put a note into words for the current viewer: seats become names, ends are translated, a
    tile drawn by another seat is not named (COM-5: others see that a tile was drawn, not which)
    unless open hands are on or the hand is over.

    >>> from domino_widgets.widgets.session import GameSession
    >>> s = GameSession("draw", seats=(None, "random"), seed=1)
    >>> n = Note.of("drew", private_to=1, who=1, tile="3-4")
    >>> note_text(n, s, "en"), note_text(n, s, "en", open_hands=True)
    ('Player 2 (computer) drew a tile', 'Player 2 (computer) drew 3-4')
    """
    fields = dict(note.fields)
    key = note.key
    hidden = note.private_to != session.viewer or getattr(session, "curtain", None) is not None
    if note.private_to is not None and hidden and not open_hands and not session.state.is_over:
        key = f"{key}_hidden"  # "drew" -> "drew_hidden", "took" -> "took_hidden": the tile is not named
        fields.pop("tile", None)
    for name, value in list(fields.items()):
        if name == "who" and isinstance(value, int):
            fields[name] = session.name(value, lang)
        elif isinstance(value, End):
            fields[name] = tr(lang, f"end_{value}")
        elif isinstance(value, PerSeat):
            fields[name] = ", ".join(f"{session.name(i, lang)} {_num(x)}" for i, x in enumerate(value))
        elif isinstance(value, Fraction):
            fields[name] = _num(value)
    return tr(lang, key, **fields)

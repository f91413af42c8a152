"""The session's timeline: the moves of one game with undo, redo, a replay cursor, fair play and
records (`Timeline`, what the line-game, Twenty-one and solitaire sessions share), the step that
comes next without a click (`Step`), and the keys of a game's random choices (`fresh_seed`,
`ai_key`).

>>> import domino_widgets as dw
>>> from domino_widgets.widgets.solitaire import SolitaireSession
>>> s = SolitaireSession(dw.new_game("solitaire", seed=3))
>>> _ = s.apply(s.state.legal_actions()[0]); _ = s.apply(s.state.legal_actions()[0])
>>> s.length, s.goto(1).key, s.cursor, s.replaying
(2, 'replaying', 1, True)
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from ..core.actions import Action, ActionKind
from ..core.errors import ParameterError, check_seed, quote
from ..core.record import load_record
from ..core.state import GameState
from ..core.tiles import Tile
from .notes import Note

HUMAN = None  # a seat played by a person

#: The longest record text Open takes (a longer one is refused unread).
MAX_RECORD_CHARS = 1_000_000


def fresh_seed() -> int:
    """A new game's seed from the operating system's randomness (`secrets`), never derived from a
    seed shown before: a finished game's record (which names its seed) cannot predict the next deal.

    >>> fresh_seed() != fresh_seed(), 0 <= fresh_seed() < 2**63
    (True, True)
    """
    return secrets.randbits(63)


def ai_key(ai_seed: int | None) -> int:
    """The key of the computer's and the hint's random choices in one session: ``ai_seed`` when a
    test or a lesson fixes it (the same game then gets the same AI moves), else a secret of the
    session (`fresh_seed`). It is never the deal's ``seed``: a student who reads a teacher's seed
    can replay the deal, but cannot compute what the computer will choose.

    >>> ai_key(7), ai_key(None) != ai_key(None)
    (7, True)
    >>> ai_key("7")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: ai_seed must be a whole number 0 <= seed < 2**64, not '7'
    """
    key = check_seed(ai_seed, name="ai_seed")
    return fresh_seed() if key is None else key


@dataclass(frozen=True)
class Step:
    """What happens next without a click: ``kind`` is "ai" (an AI seat chooses), or "auto" (a
    move the rules force on a person: the forced lead of DRW-2/BRG-2, a draw (COM-5), a pass)."""

    kind: str
    seat: int
    action: Action | None = None  # for "auto"
    note: Note | None = None


@dataclass
class _Timeline:
    states: list[GameState]
    cursor: int
    notes: list[list[Note]] = field(default_factory=list)  # notes[i]: what move i (1-based) said


class Timeline:
    """The moves of one game with undo, redo, a replay cursor and records: what the line-game,
    Twenty-one and solitaire sessions share. A session keeps ``_t`` (a `_Timeline`), ``busy``
    and ``humans``, says things with ``_say``, describes a move with ``_describe(before, after)``
    and may narrow undo/redo stops with ``_person_chooses``.

    >>> import domino_widgets as dw
    >>> from domino_widgets.widgets.solitaire import SolitaireSession
    >>> s = SolitaireSession(dw.new_game("solitaire", seed=3))
    >>> _ = s.apply(s.state.legal_actions()[0]); s.length, s.undo().key, s.cursor, s.redo().key
    (1, 'undone', 0, 'redone')
    """

    _t: _Timeline
    busy: Note | None = None
    selected: Tile | None = None
    choices: tuple[Action, ...] = ()
    note: Note | None = None
    said: tuple[Note, ...] = ()
    #: Fair play: undo (and play from a replayed position) never goes back past a move that showed
    #: a person a tile or a choice that was hidden. False is practice mode: undo everything.
    fair_play: bool = False
    #: The key of the computer's and the hint's choices (`ai_key`), kept in the kernel only; each
    #: session sets it (no default: a session that forgot would fail, not play from a known key).
    _ai_key: int

    def ai_rng(self, *position: object, purpose: str = "") -> random.Random:
        """A random generator for a choice at ``position`` (hand, moves so far, seat...), from the
        session's secret `ai_key`: the same position gives the same generator, so a replayed or
        re-played game gets the same AI moves; ``purpose`` keeps the hint's apart from the AI's.

        >>> from domino_widgets.widgets.solitaire import SolitaireSession
        >>> a, b = SolitaireSession(seed=1, ai_seed=5), SolitaireSession(seed=1)
        >>> a.ai_rng(1, 0).random() == SolitaireSession(seed=2, ai_seed=5).ai_rng(1, 0).random()
        True
        >>> a.ai_rng(1, 0).random() == b.ai_rng(1, 0).random()
        False
        """
        return random.Random(":".join(map(str, ((purpose,) if purpose else ()) + (self._ai_key, *position))))

    @property
    def humans(self) -> tuple[int, ...]:  # pragma: no cover - every session defines it
        raise NotImplementedError

    def _reveals(self, before: Any, after: Any) -> bool:
        """Whether the move from ``before`` to ``after`` showed a person something hidden: a tile
        taken from the stock (a draw, COM-5; a take, T21-2), or a move of any other seat, whose
        choice comes from a hand the person cannot see (the tile it plays, or that it cannot
        follow). With two or more people every move is seen by someone it was hidden from.
        Nobody plays in AI-only games, so nothing is revealed to a player there."""
        humans = self.humans
        if not humans:
            return False
        action = after.history[-1]
        if action.kind in (ActionKind.DRAW, ActionKind.TAKE):
            return True
        return len(humans) > 1 or before.current_player not in humans

    def fair_floor(self) -> int:
        """The earliest position undo may go back to under fair play: the last move that revealed
        something hidden (0 when none did, in practice mode, or once the game is over: its
        record then shows every tile anyway, and going back is a study of the finished game).

        >>> from domino_widgets.widgets.session import GameSession
        >>> s = GameSession("draw_cz", seats=(None, "random"), seed=3, fair_play=True)
        >>> s.fair_floor() == max([0] + [i for i in range(1, s.length + 1)
        ...                              if s._reveals(s._t.states[i - 1], s._t.states[i])])
        True
        """
        states = self._t.states
        if not self.fair_play or states[-1].is_over:
            return 0
        for i in range(len(states) - 1, 0, -1):
            if self._reveals(states[i - 1], states[i]):
                return i
        return 0

    def _fair_refusal(self) -> Note | None:
        """Under fair play a replayed position before a revealing move is for looking only."""
        floor = self.fair_floor()
        if self.fair_play and self._t.cursor < floor:
            return Note.of("fair_play_replay", i=floor)
        return None

    @property
    def state(self) -> Any:
        """The position shown (the last one, unless replaying)."""
        return self._t.states[self._t.cursor]

    @property
    def live(self) -> Any:
        """The last position of the game."""
        return self._t.states[-1]

    @property
    def cursor(self) -> int:
        return self._t.cursor

    @property
    def length(self) -> int:
        """The number of moves recorded (the replay goes 0..length)."""
        return len(self._t.states) - 1

    @property
    def replaying(self) -> bool:
        return self._t.cursor < len(self._t.states) - 1

    def _describe(self, before: Any, after: Any) -> list[Note]:  # pragma: no cover - every session defines it
        raise NotImplementedError

    def _person_chooses(self, s: Any) -> bool:
        """Whether undo and redo stop at ``s`` (every position, unless a session narrows it)."""
        return True

    def _say(self, note: Note) -> Note:
        self.note = note
        self.said = (note,)
        return note

    def _push(self, after: Any) -> list[Note]:
        """Add the move to ``after`` at the cursor (cutting off any redo history); its notes.
        Every move goes through here, so fair play holds here for every control: no move is made
        on a replayed position from before a revealing move (issue 37: Stop in the solitaire was
        pressed there): the move is not made, and the fair-play note is said instead."""
        fair = self._fair_refusal()
        if fair is not None:
            return [self._say(fair)]
        t = self._t
        notes = self._describe(t.states[t.cursor], after)
        del t.states[t.cursor + 1 :]
        del t.notes[t.cursor :]
        t.states.append(after)
        t.notes.append(notes)
        t.cursor += 1
        self.selected, self.choices = None, ()
        self.said = tuple(notes)
        self.note = notes[-1] if notes else None
        return notes

    def _restart(self, state: Any) -> None:
        """A new game starting at ``state``, with no moves yet."""
        self._t = _Timeline([state], 0, [])
        self.selected, self.choices = None, ()

    def _show_chain(self, final: Any) -> None:
        """Show a game of its own (scripted or loaded), every move of it on the replay slider."""
        chain = [final]
        while chain[-1].parent is not None:
            chain.append(chain[-1].parent)
        chain.reverse()
        self._t = _Timeline(chain, len(chain) - 1, [self._describe(a, b) for a, b in pairwise(chain)])
        self.selected, self.choices = None, ()

    def undo(self) -> Note:
        """Back to the last position where a person was to move (or one move, in AI-only play).

        Under fair play undo stops at the last move that revealed a hidden tile or choice
        (`fair_floor`) and says so; in practice mode it goes back anyway, and says that it shows
        what was hidden.
        """
        if self.busy is not None:
            return self._say(self.busy)
        t = self._t
        i = t.cursor - 1
        if i < 0:
            return self._say(Note.of("nothing_to_undo"))
        if self.humans:
            while i > 0 and not self._person_chooses(t.states[i]):
                i -= 1
        floor = self.fair_floor()
        if self.fair_play and i < floor:
            if t.cursor <= floor:
                return self._say(Note.of("fair_play_no_undo", i=floor))
            note = self._goto(floor, "undone")
            self.said = (note, Note.of("fair_play_stop", i=floor))
            return note
        peeked = any(self._reveals(t.states[j - 1], t.states[j]) for j in range(i + 1, t.cursor + 1))
        note = self._goto(i, "undone")
        if peeked and self.humans:
            self.said = (note, Note.of("practice_peek"))
        return note

    def redo(self) -> Note:
        """Forward to the next position where a person is to move (or the last one)."""
        if self.busy is not None:
            return self._say(self.busy)
        t = self._t
        i = t.cursor + 1
        if i >= len(t.states):
            return self._say(Note.of("nothing_to_redo"))
        if self.humans:
            while i < len(t.states) - 1 and not self._person_chooses(t.states[i]):
                i += 1
        return self._goto(i, "redone")

    def goto(self, i: int) -> Note:
        """Show the position after move ``i`` (the replay slider)."""
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self._t.states):
            raise ParameterError("move must be 0..{last}, not {i!r}",
                                 last=len(self._t.states) - 1, i=i)
        if self.busy is not None:
            return self._say(self.busy)
        return self._goto(i, "replaying")

    def _goto(self, i: int, key: str) -> Note:
        self._t.cursor = i
        self.selected, self.choices = None, ()
        if key == "replaying" and i == len(self._t.states) - 1:
            notes = self._t.notes[i - 1] if i else []
            return self._say(notes[-1] if notes else Note.of("replaying", i=i, n=self.length))
        return self._say(Note.of(key, i=i, n=self.length))

    def notes(self) -> list[Note]:
        """What the moves up to the shown position said, oldest first."""
        return [n for group in self._t.notes[: self._t.cursor] for n in group]

    def record(self) -> dict[str, Any]:
        """The core's record of the shown position (it names every tile: keep it kernel-side)."""
        return self.state.to_record()  # type: ignore[no-any-return]

    def _check_loaded(self, final: Any) -> None:  # pragma: no cover - every session defines it
        raise NotImplementedError

    def _show_loaded(self, final: Any) -> None:
        self._show_chain(final)

    def save_viewer(self) -> int | None:
        """The seat whose view a saved file keeps: the viewer; None behind a hot-seat curtain, where
        nobody sits at the board (whoever presses Save may be the next person: the file may hold
        nobody's hand)."""
        if getattr(self, "curtain", None) is None:
            return int(getattr(self, "viewer", 0))
        return None

    def save_text(self, open_hands: bool = False) -> str:
        """The game as the text of a JSON file (`match_file`, Twenty-one and the solitaire): the
        whole record once the game is over or with ``open_hands``; before, what the viewer saw
        (their tiles, the moves as they saw them), never another seat's tiles or the stock's order.
        Allowed at any moment."""
        from .match_file import match_text

        viewer = self.save_viewer()
        if viewer is None and not (open_hands or self.state.is_over):
            raise ParameterError("the tiles of the person to move are face down: they press Show first")
        return match_text([], self.state, viewer=viewer if viewer is not None else 0, open_hands=open_hands)

    def load(self, source: Any) -> Note:
        """Replay a record (dict, JSON text or path) and show its last position, every move of it
        on the replay slider; play goes on from there. A record of another game raises
        `ParameterError` and a malformed one `RecordError`, changing nothing. This Python call
        may read a file; what a person types or uploads goes through `load_text`."""
        if self.busy is not None:
            return self._say(self.busy)
        if isinstance(source, (str, bytes)) and source.lstrip()[:1] in ("{", b"{"):
            return self.load_text(source)
        if isinstance(source, dict) and source.get("format") == _match_format():
            from .match_file import load_match_record

            return self._show_file(load_match_record(source))
        return self._show_record(load_record(source))

    def load_text(self, text: str | bytes) -> Note:
        """Replay a record given as JSON text (a file opened with Open): never a path, so
        nobody reads the kernel's files through a widget. Raises `RecordError` (what is wrong) or
        `ParameterError` (a record of another game), changing nothing.

        >>> from domino_widgets.widgets.session import GameSession
        >>> s = GameSession("block", seats=(None, "random"), seed=5)
        >>> s.load_text("/etc/passwd")
        Traceback (most recent call last):
        ...
        domino_widgets.core.errors.RecordError: a record is JSON text starting with '{', not a file name
        """
        if self.busy is not None:
            return self._say(self.busy)
        from ..core.errors import RecordError

        if not isinstance(text, (str, bytes, bytearray)):
            raise RecordError("a record is JSON text, not {value}", value=quote(text))
        if len(text) > MAX_RECORD_CHARS:

            raise RecordError("a record is at most {max_record_chars:,} characters; this one has {n_text:,}",
                              max_record_chars=MAX_RECORD_CHARS, n_text=len(text))
        from .match_file import load_match_text

        return self._show_file(load_match_text(text))

    def _show_record(self, final: Any) -> Note:
        self._check_loaded(final)
        self._show_loaded(final)
        return self._say(Note.of("loaded", n=len(final.history)))

    def _show_file(self, loaded: Any) -> Note:
        """Show a loaded file of one game (a record, or a match file of Twenty-one or the
        solitaire); a file that kept only what a seat saw had the hidden tiles dealt afresh."""
        viewer = loaded.viewer
        if loaded.dealt_afresh and viewer not in self.humans:
            raise ParameterError("the file keeps the view of seat {seat}, which nobody plays on this board",
                                 seat=viewer)
        self._check_loaded(loaded.current)
        self._show_loaded(loaded.current)
        if viewer is not None and hasattr(self, "_shown"):
            self._shown = viewer
        said = [Note.of("loaded", n=len(loaded.current.history))]
        if loaded.dealt_afresh:
            said.append(Note.of("dealt_afresh"))
        self.note, self.said = said[0], tuple(said)
        return said[0]


def _match_format() -> str:
    from .match_file import MATCH_FORMAT

    return MATCH_FORMAT

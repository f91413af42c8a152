"""The logic behind the line-game widget, with no widget in it: a match, the moves of the current
hand (with undo, redo and replay), who plays each seat, and what a click means.

The session decides nothing about the rules: legal moves come from ``state.legal_actions()``,
scores from the core's `Match`. It turns clicks into actions, refuses clicks that cannot be
played with a `Note` that says why, and says which automatic step comes next (an AI move, a
forced lead, a forced draw or pass, DRW-2/COM-5), so the widget can show each one.

>>> s = GameSession("block", seats=(None, None), seed=5)    # hot-seat: two people
>>> s.state.current_player, s.viewer
(1, 1)
>>> s.click_tile("9-9").key                                   # a click that does nothing says why
'not_in_hand'
>>> tile = str(s.playable_tiles()[0]); s.click_tile(tile).key
'played'
>>> s.undo().key, len(s.state.history)
('undone', 0)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from typing import Any

from ..core.actions import Action, ActionKind, End
from ..core.errors import DominoError, ParameterError, check_seed, quote
from ..core.match import Match
from ..core.record import load_record
from ..core.registry import get_variant
from ..core.state import GameState
from ..core.tiles import Tile
from .i18n import PerSeat, seat_name, tr

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


class Curtain:
    """Hot-seat privacy, shared by the line-game and Twenty-one sessions: a session with
    ``privacy``, ``open_hands``, ``_fixed_viewer``, ``_shown``, ``humans``, ``is_human``, ``state``
    and ``_say`` keeps the hand of the next person face down until they press "Show"."""

    privacy: bool = False
    open_hands: bool = False  # the teacher's switch, set by the widget: nothing is hidden then
    _shown: int | None = None  # the person whose hand was last shown
    _fixed_viewer: int | None = None
    state: Any
    live: Any  # the last position of the game (from `Timeline`)
    replaying: Any  # whether a position before the last is shown (from `Timeline`)
    humans: Any  # the seats played by people (a property of each session)
    is_human: Any  # seat -> whether a person plays it
    _say: Any  # from `Timeline`

    @property
    def curtain(self) -> int | None:
        """Hot-seat privacy (``privacy=True``): the seat whose turn it is while its hand is still
        face down, because another person was the last to see the board; None when the hand may
        be shown (one person, a fixed viewer, open hands, the hand over, or already shown).

        >>> s = GameSession("block", seats=(None, None), seed=5, privacy=True)
        >>> s.curtain, s.apply(s.state.legal_actions()[0]).key, s.curtain, s.playable_tiles()
        (None, 'played', 0, ())
        >>> s.reveal().key, s.curtain, len(s.playable_tiles()) > 0
        ('revealed', None, True)
        """
        if not self._private():
            return None
        if self.replaying:  # a replayed position is seen by the person at the board, or by nobody
            return None if self.seated is not None else self._live_curtain()
        return self._live_curtain()

    def _private(self) -> bool:
        """Whether hands are kept from the other people at the board (hot-seat privacy)."""
        return bool(self.privacy and not self.open_hands and self._fixed_viewer is None and len(self.humans) >= 2)

    def _live_curtain(self) -> int | None:
        turn = self.live.current_player
        if turn is None or not self.is_human(turn) or turn == self._shown:
            return None
        return int(turn)

    @property
    def seated(self) -> int | None:
        """The person at the board: who last showed their hand, while the game as played has not
        passed the turn to another person (then nobody is, until that person presses Show).

        Replaying (the slider, Undo) never changes who sits at the board, so a replayed position is
        drawn from that person's seat: the hands another person held then stay face down, and a
        position replayed with nobody seated shows no hand at all (issue 37).

        >>> s = GameSession("block", seats=(None, None), seed=3, privacy=True)
        >>> _ = s.reveal(); s.seated
        0
        >>> _ = s.apply(s.state.legal_actions()[0]); s.seated, s.curtain
        (None, 1)
        >>> _ = s.goto(0); s.viewer, s.curtain, s.reveal().key
        (1, 1, 'revealed')
        >>> s.seated, s.viewer, s.curtain, s.state.current_player
        (1, 1, None, 0)
        """
        shown = self._shown
        if shown is None or not self._private():
            return None
        turn = self.live.current_player
        if turn is None or not self.is_human(turn) or turn == shown:
            return int(shown)
        return None

    def _replay_viewer(self) -> int | None:
        """Whose view a replayed position is drawn from under hot-seat privacy (None: the usual
        viewer): the person at the board, or the person the curtain waits for."""
        if not (self.replaying and self._private()):
            return None
        seated = self.seated
        return seated if seated is not None else self._live_curtain()

    def reveal(self) -> Note:
        """The button "Show seat N's tiles": the person to move sits down and sees their hand."""
        seat = self.curtain
        if seat is None:
            return self._say(Note.of("nothing_hidden"))
        self._shown = seat
        return self._say(Note.of("revealed", who=seat))


class GameSession(Curtain, Timeline):
    """A match of a line variant as the widget plays it.

    ``seats`` gives, per seat, ``None`` for a person, an AI level name ("random", "greedy",
    "expert") or a player object (anything with ``choose(view, rng)``). ``viewer`` is the seat whose view is shown: by default the only person, the seat
    to move in hot-seat play, and seat 0 when the computer plays every seat. ``seed`` fixes the first
    deal; the computer's and the hint's choices come from a secret key of the session unless
    ``ai_seed`` fixes them too (`ai_key`).
    """

    def __init__(
        self,
        variant: str | GameState,
        *,
        seats: Sequence[Any] | None = None,
        seed: int | None = None,
        viewer: int | None = None,
        auto_draw: bool | None = None,
        auto: bool = True,
        privacy: bool = False,
        fair_play: bool | None = None,
        seed_all_hands: bool = False,
        ai_seed: int | None = None,
        **params: Any,
    ) -> None:
        start = variant if isinstance(variant, GameState) else None
        self._ai_key = ai_key(ai_seed)
        if not isinstance(seed_all_hands, bool):
            raise ParameterError("seed_all_hands must be True or False, not {value}", value=quote(seed_all_hands))
        #: False (the default): ``seed`` fixes the first deal only, later hands come from a fresh
        #: secret seed; True: the seed fixes every hand of the match (as `Match(variant, seed)`).
        self.seed_all_hands = seed_all_hands
        if start is not None:  # a scripted position: a hand of its own
            if params:
                raise ParameterError("a session started from a state takes its parameters from the state")
            params = start.params
        var = get_variant(start.variant if start is not None else variant)  # type: ignore[arg-type]
        if var.factory is not None:
            raise ParameterError("{name} is not a line game; use its own widget (play({name!r}))", name=var.name)
        self.variant = var.name
        self.params = params
        self.seed = seed if seed is not None else fresh_seed()
        players = var.config(params).players
        if seats is None:
            seats = [HUMAN] + ["greedy"] * (players - 1)
        if len(seats) != players:
            raise ParameterError("seats must name {players} players (None for a person), not {seats!r}",
                                 players=players, seats=list(seats))
        self.seats: tuple[Any, ...] = tuple(seats)
        self._players: dict[int, Any] = {}
        for seat, level in enumerate(self.seats):
            if level is not None:
                self._players[seat] = level if hasattr(level, "choose") else _make_player(level, self.variant)
        if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < players):
            raise ParameterError("viewer must be a seat 0..{last}, not {viewer!r}", last=players - 1, viewer=viewer)
        self._fixed_viewer = viewer
        self.fair_play = default_fair_play(self.seats) if fair_play is None else bool(fair_play)
        # DRW-3/A5-1: the Greek games draw for the player; elsewhere the Draw button is pressed
        self.auto_draw = self.variant in ("draw", "all_fives") if auto_draw is None else auto_draw
        self.auto = auto  # False: forced moves wait for a click too (the rule explorer)
        self.finished: list[GameState] = []  # the final states of the hands already scored
        self.selected: Tile | None = None
        self.choices: tuple[Action, ...] = ()  # the plays the selected tile can make
        self.busy: Note | None = None  # set by the widget's runner while a step runs: why clicks wait
        self.note: Note | None = None  # the last thing said
        self.said: tuple[Note, ...] = ()  # everything said by the last command (a move and its points)
        self._match: Match | None = None
        self._last_viewer = self.humans[0] if self.humans else 0
        # hot-seat privacy: the next person's hand stays face down until they ask for it
        self.privacy = privacy
        self.open_hands = False  # the teacher's switch, set by the widget: nothing is hidden then
        self._shown: int | None = None  # the person whose hand was last shown
        if start is None:
            self._match = Match(self.variant, self.seed, **params)
            self._start(self._match.hand)
        else:
            self._show_hand(start)

    # ------------------------------------------------------------------ questions

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def hand_number(self) -> int:
        return len(self.finished) + 1

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] is HUMAN

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if self.is_human(s))

    @property
    def viewer(self) -> int:
        """The seat whose view the board shows."""
        if self._fixed_viewer is not None:
            return self._fixed_viewer
        return self._default_viewer()

    def _default_viewer(self) -> int:
        replay = self._replay_viewer()
        if replay is not None:
            return replay
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if not humans:
            return 0
        turn = self.state.current_player
        if turn is not None and self.is_human(turn):
            self._last_viewer = turn
        return getattr(self, "_last_viewer", humans[0])

    def name(self, seat: int, lang: str = "en") -> str:
        """How messages call a seat: "Player 1 (you)", "Player 2 (computer)", hot-seat "Player 2"."""
        return seat_name(seat, lang, human=self.is_human(seat), people=len(self.humans))

    def to_move_is_human(self) -> bool:
        turn = self.state.current_player
        return turn is not None and self.is_human(turn)

    def can_click(self) -> bool:
        """Whether a person may play on the board now: a person's turn, with a choice to make (no
        forced step due), and no AI thinking."""
        return (self.busy is None and self.to_move_is_human() and self.state.current_player == self.viewer
                and self.curtain is None and self.next_step() is None and self._fair_refusal() is None)

    def playable_tiles(self) -> tuple[Tile, ...]:
        """DRW-7: the viewer's tiles that can be played now (none unless the viewer may click)."""
        if not self.can_click():
            return ()
        seen: dict[Tile, None] = {}
        for a in self.state.legal_actions():
            if a.kind is ActionKind.PLAY and a.tile is not None:
                seen[a.tile] = None
        return tuple(seen)

    def target_ends(self) -> tuple[End, ...]:
        """The ends the selected tile can go to."""
        ends: dict[End, None] = {}
        for a in self.choices:
            if a.end is not None:
                ends[a.end] = None
        return tuple(ends)

    def can(self, kind: ActionKind) -> bool:
        """Whether the Draw (or Pass) button does something now."""
        return self.can_click() and any(a.kind is kind for a in self.state.legal_actions())

    @property
    def match_over(self) -> bool:
        m = self.scored_match()
        return m is not None and m.is_over

    def scored_match(self) -> Match | None:
        """The core's match with every finished hand scored, including the shown hand once it is
        over (the scores come from `Match`, not from the widget)."""
        if self._match is None:
            return None
        if not self.state.is_over:
            return self._match
        key = (len(self.finished), id(self.state))
        cached = getattr(self, "_scored", None)
        if cached is not None and cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        m = self._match.copy()  # the finished hands are scored in it already: only this hand is played
        for action in self.state.history:
            m.play(action)
        self._scored = (key, m)
        return m

    def match_scores(self) -> tuple[Any, ...]:
        """The match scores with the shown hand counted once it is over."""
        m = self.scored_match()
        if m is None:  # a hand loaded from a record: its own scores
            s = self.state
            if s.outcome is not None:
                return tuple(a + b for a, b in zip(s.match_scores, s.outcome.points))
            return tuple(s.match_scores)
        return m.scores

    def target_text(self, lang: str) -> str:
        m = self._match
        if m is None:
            return ""
        if m.kind == "rounds":
            return tr(lang, "rounds_of", n=self.hand_number, rounds=m.rounds)
        if m.kind == "hands":  # DCZ-6, MAT-5: the core's match counts hands won, not points
            return tr(lang, "match_to_hands", target=m.target)
        return tr(lang, "match_to", target=m.target)

    # ------------------------------------------------------------------ what happens next

    def next_step(self) -> Step | None:
        """The automatic step due now, or None (a person must act, the hand is over, or the
        position shown is not the last one)."""
        s = self.state
        if s.is_over or self.replaying or self.curtain is not None:
            return None  # behind the curtain, even the moves the rules force wait for the person
        if self.stuck:
            return None  # a round of passes changed nothing: no step can ever end this hand
        seat = s.current_player
        assert seat is not None
        if not self.is_human(seat):
            return Step("ai", seat)
        if not self.auto:
            return None
        legal = s.legal_actions()
        if len(legal) != 1:
            return None
        only = legal[0]
        if only.kind is ActionKind.PASS:
            return Step("auto", seat, only, Note.of("auto_pass"))
        if only.kind is ActionKind.DRAW and self.auto_draw:
            return Step("auto", seat, only, Note.of("auto_draw"))
        if only.kind is ActionKind.PLAY and not s.history and s.layout.center is None and _forced_lead(s):
            return Step("auto", seat, only, None)
        return None

    @property
    def stuck(self) -> bool:
        """Whether the shown hand can never end: it is not over, yet every seat passed in a row
        (nobody can play and nothing is left to draw). The core ends such hands as blocked
        (COM-6); the widget stops its automatic steps anyway rather than pass forever.

        >>> GameSession("block", seats=("random", "random"), seed=2).stuck
        False
        """
        s = self.state
        n = s.players
        tail = s.history[-n:]
        return (not s.is_over and len(tail) == n and all(a.kind is ActionKind.PASS for a in tail))

    def ai_view_and_rng(self, seat: int) -> tuple[Any, Any, random.Random]:
        """The AI player of ``seat``, its view, and its rng (`ai_rng`: the session's secret key and
        the position, so a replayed or re-played game makes the same AI moves)."""
        s = self.state
        return self._players[seat], s.view(seat), self.ai_rng(self.hand_number, len(s.history), seat)

    def resize_seats(self, players: int) -> None:
        """Seats for ``players`` (Bergen's option BRG-1, from the next match): the first seats stay,
        a new seat plays as the last AI seat."""
        ai = next((x for x in reversed(self.seats) if x is not None), "greedy")
        self.seats = tuple(self.seats[:players]) + (ai,) * (players - len(self.seats))
        self._players = {seat: level if hasattr(level, "choose") else _make_player(level, self.variant)
                         for seat, level in enumerate(self.seats) if level is not None}

    def set_level(self, level: str) -> None:
        """Give every AI seat that plays by a level name the player of ``level`` (from its next move)."""
        _make_player(level, self.variant)  # an unknown level raises ParameterError, changing nothing
        self.seats = tuple(level if isinstance(x, str) else x for x in self.seats)
        for seat, x in enumerate(self.seats):
            if isinstance(x, str):
                self._players[seat] = _make_player(level, self.variant)

    def decide(self, step: Step) -> Action:
        """The action of an automatic step (the AI's choice, or the forced move)."""
        if step.kind == "auto":
            assert step.action is not None
            return step.action
        player, view, rng = self.ai_view_and_rng(step.seat)
        return player.choose(view, rng)  # type: ignore[no-any-return]

    def advance(self, limit: int = 2000) -> int:
        """Play the due automatic steps at once, until a person must act or the hand is over
        (the widget does the same step by step in the kernel's event loop). Returns how many."""
        for done in range(limit):
            step = self.next_step()
            if step is None:
                return done
            self.apply(self.decide(step))
        return limit

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action | str) -> Note:
        """Play ``action`` on the shown position (a legal one: the caller checked or it raises
        the core's `IllegalPlayError`, changing nothing). Cuts off any redo history."""
        after = self.state.play(action)
        self._push(after)
        assert self.note is not None
        return self.note

    def click_tile(self, text: str) -> Note:
        """A click on a tile of the viewer's hand."""
        why = self._refuse_click()
        if why is not None:
            return self._say(why)
        try:
            tile = Tile.parse(text)
        except DominoError:
            return self._say(Note.of("bad_click"))
        s = self.state
        if tile not in s.hand(self.viewer):
            return self._say(Note.of("not_in_hand", tile=str(tile)))
        legal = s.legal_actions()
        mine = tuple(a for a in legal if a.kind is ActionKind.PLAY and a.tile is tile)
        if not mine:
            kinds = {a.kind for a in legal}
            if ActionKind.DRAW in kinds:
                return self._say(Note.of("must_draw"))
            if ActionKind.PASS in kinds:
                return self._say(Note.of("must_pass"))
            if s.layout.center is None:
                forced = next(a.tile for a in legal if a.tile is not None)
                return self._say(Note.of("lead_forced", tile=str(forced)))
            return self._say(Note.of("does_not_fit", tile=str(tile)))
        if len(mine) == 1:
            return self.apply(mine[0])
        self.selected, self.choices = tile, mine
        if len({a.end for a in mine}) > 1:
            return self._say(Note.of("choose_end", tile=str(tile), n=len({a.end for a in mine})))
        return self._say(Note.of("choose_half", tile=str(tile)))

    def click_end(self, text: str) -> Note:
        """A click on an open end, after a tile was selected (COM-8)."""
        why = self._refuse_click()
        if why is not None:
            return self._say(why)
        try:
            end = End.parse(text)
        except DominoError:
            return self._say(Note.of("bad_click"))
        if self.selected is None:
            return self._say(Note.of("pick_tile_first"))
        fits = tuple(a for a in self.choices if a.end is end)
        if not fits:
            return self._say(Note.of("not_a_target", tile=str(self.selected), end=end))
        if len(fits) == 1:
            return self.apply(fits[0])
        self.choices = fits  # the same end, two halves that can touch (COM-8, MAT-3)
        return self._say(Note.of("choose_half", tile=str(self.selected)))

    def choose(self, text: str) -> Note:
        """Play one of the offered choices (or Draw / Pass) by its notation."""
        why = self._refuse_click()
        if why is not None:
            return self._say(why)
        try:
            action = Action.parse(text)
        except DominoError:
            return self._say(Note.of("bad_click"))
        legal = self.state.legal_actions()
        kinds = {a.kind for a in legal}
        if action.kind is ActionKind.DRAW and action.tile is None:
            if ActionKind.DRAW in kinds:
                return self.apply(action)
            return self._say(Note.of("must_play" if ActionKind.PLAY in kinds else "must_pass"))
        if action.kind is ActionKind.PASS:
            if ActionKind.PASS in kinds:
                return self.apply(action)
            return self._say(Note.of("must_play" if ActionKind.PLAY in kinds else "must_draw"))
        if action in legal:
            return self.apply(action)
        if action.tile is None:  # "draw 3-4": a person cannot pick the tile drawn
            return self._say(Note.of("bad_click"))
        return self.click_tile(str(action.tile))

    def cancel(self) -> Note | None:
        """Forget the selected tile."""
        self.selected, self.choices = None, ()
        return None

    def _refuse_click(self) -> Note | None:
        s = self.state
        if s.is_over:
            return Note.of("match_over" if self.match_over else "hand_over")
        turn = s.current_player
        assert turn is not None
        if self.busy is not None:
            return self.busy
        fair = self._fair_refusal()
        if fair is not None:
            return fair
        if self.curtain is not None:
            return Note.of("hidden_turn", who=self.curtain)
        step = self.next_step()
        if step is not None and step.kind == "auto":  # the rules move for this person (DRW-2, COM-5)
            return step.note or Note.of("lead_forced", tile=str(step.action.tile if step.action else ""))
        if not self.is_human(turn):
            return Note.of("ai_turn_in_replay" if self.replaying else "not_your_turn", who=turn)
        if turn != self.viewer:
            return Note.of("not_your_turn", who=turn)
        return None

    # ------------------------------------------------------------------ moving in time

    def _person_chooses(self, s: GameState) -> bool:
        """A position where a person is to move with a real choice (not a forced step)."""
        turn = s.current_player
        if turn is None or not self.is_human(turn):
            return s.is_over
        legal = s.legal_actions()
        return not (len(legal) == 1 and legal[0].kind is not ActionKind.PLAY) and not (
            s.layout.center is None and _forced_lead(s))

    # ------------------------------------------------------------------ hands and matches

    def new_hand(self) -> Note:
        """Deal the next hand of the match (the shown hand must be over)."""
        if self.busy is not None:
            return self._say(self.busy)
        s = self.state
        if not s.is_over:
            return self._say(Note.of("turn_of", who=s.current_player))
        if self._match is None:
            return self.new_match()
        m = self.scored_match()
        assert m is not None
        if m.is_over:
            return self._say(Note.of("match_over"))
        self.finished.append(s)
        self._match = m
        # a teacher's seed fixes the first deal only (unless seed_all_hands): a student who reads
        # it in the lesson cannot compute the later hands
        self._start(m.new_hand(seed=None if self.seed_all_hands else fresh_seed()))
        return self._say(Note.of("hand_no", n=self.hand_number))

    def new_match(self, seed: int | None = None) -> Note:
        """Start a new match: a fresh seed (`fresh_seed`, never derived from one shown before)
        unless a teacher gives one."""
        if self.busy is not None:
            return self._say(self.busy)
        self.seed = seed if seed is not None else fresh_seed()
        self._match = Match(self.variant, self.seed, **self.params)
        self.finished = []
        self._start(self._match.hand)
        return self._say(Note.of("hand_no", n=1))

    def _start(self, state: GameState) -> None:
        self._restart(state)
        self._last_viewer = self.humans[0] if self.humans else 0
        self._shown = state.current_player  # the first person to move sees their hand at once

    # ------------------------------------------------------------------ records

    def _describe(self, before: Any, after: Any) -> list[Note]:
        return describe_move(before, after)

    def _check_loaded(self, final: Any) -> None:
        if final.variant != self.variant or final.players != self.players:
            raise ParameterError("this widget plays {variant} with {players} players; the record is {record_variant} "
                                 "with {record_players}",
                                 variant=self.variant, players=self.players, record_variant=final.variant,
                                 record_players=getattr(final, 'players', '?'))

    def _show_loaded(self, final: Any) -> None:
        """One hand's record: shown as the hand in play of a match that starts from the record's
        scores, so a hand that won the match leaves the match over (New hand says so)."""
        self._show_hand(final)
        root = final
        while root.parent is not None:
            root = root.parent
        try:
            self._match = Match.resume([], root)
        except DominoError:
            self._match = None  # a hand no match can hold: played on as a hand of its own

    # ------------------------------------------------------------------ match files

    def save_viewer(self) -> int | None:
        """The seat whose view a saved file keeps: the viewer; None behind the hot-seat curtain,
        where nobody sits at the board."""
        return self.viewer if self.curtain is None else None

    def save_text(self, open_hands: bool = False) -> str:
        """The whole match as the text of a JSON file (`match_file`): every finished hand, and
        the shown position of the hand in play without the tiles its viewer cannot see, unless
        the hand is over or ``open_hands``. Allowed at any moment.

        >>> s = GameSession("block", seats=(None, "random"), seed=5)
        >>> text = s.save_text()
        >>> str(s.state.hand(1)[0]) in text.split('"hand"')[0], '"viewer": 0' in text
        (False, True)
        """
        from .match_file import match_text

        viewer = self.save_viewer()
        if viewer is None and not (open_hands or self.state.is_over):
            raise ParameterError("the tiles of the person to move are face down: they press Show first")
        return match_text(self.finished, self.state, viewer=viewer if viewer is not None else 0,
                          open_hands=open_hands)

    def load(self, source: Any) -> Note:
        """Replay a record or a match file (dict, JSON text, or for a Python caller a path)."""
        if isinstance(source, dict) and source.get("format") == _match_format():
            if self.busy is not None:
                return self._say(self.busy)
            from .match_file import load_match_record

            return self._show_match(load_match_record(source))
        if isinstance(source, (str, bytes)) and source.lstrip()[:1] in ("{", b"{"):
            return self.load_text(source)
        return super().load(source)

    def load_text(self, text: str | bytes) -> Note:
        """Load a match file, or one hand's record, given as JSON text (never a path): the same
        match, position and scores; a `RecordError` (or `ParameterError` for another game)
        changes nothing.

        >>> s = GameSession("block", seats=(None, "random"), seed=5)
        >>> s.load_text('{"format": "domino_widgets/match", "version": 1}').key
        Traceback (most recent call last):
        ...
        domino_widgets.core.errors.RecordError: variant and params: expected a variant name and an object
        """
        if self.busy is not None:
            return self._say(self.busy)
        if isinstance(text, (str, bytes)) and len(text) > MAX_RECORD_CHARS:
            return super().load_text(text)  # refused there, with the same message
        from .match_file import load_match_text

        return self._show_match(load_match_text(text))

    def _show_match(self, loaded: Any) -> Note:
        self._check_loaded(loaded.current)
        viewer = loaded.viewer
        if loaded.dealt_afresh and viewer != self.viewer and viewer not in self.humans:
            raise ParameterError("the file keeps the view of seat {seat}, which nobody plays on this board",
                                 seat=viewer)
        self._show_chain(loaded.current)
        self._match = loaded.match
        self.finished = list(loaded.finished)
        self._scored = None
        if viewer is not None and self.is_human(viewer):
            self._last_viewer = viewer
        self._shown = viewer if viewer is not None else self.state.current_player
        said = [Note.of("loaded", n=len(loaded.current.history)) if loaded.one_hand else
                Note.of("loaded_match", n=len(loaded.finished) + 1)]
        if loaded.dealt_afresh:
            said.append(Note.of("dealt_afresh"))
        if self.match_over:
            said.append(Note.of("match_over"))
        self.note = said[0]
        self.said = tuple(said)
        return said[0]

    def _show_hand(self, final: GameState) -> None:
        """Show a hand of its own (scripted or loaded), every move of it on the replay slider; it
        is played on as a hand of its own (a new match starts after it)."""
        self._match = None
        self.finished = []
        self._show_chain(final)
        self._shown = self.state.current_player


def _match_format() -> str:
    from .match_file import MATCH_FORMAT

    return MATCH_FORMAT


def default_fair_play(seats: Sequence[Any]) -> bool:
    """Fair play is the default against the computer (a person and an AI seat); hot-seat people
    settle undo among themselves, and nobody plays in AI-only games (a teacher may choose).

    >>> default_fair_play([None, "greedy"]), default_fair_play([None, None]), default_fair_play(["random"] * 2)
    (True, False, False)
    """
    return any(x is None for x in seats) and any(x is not None for x in seats)


def _make_player(level: str, variant: str) -> Any:
    from ..players import get_player

    return get_player(level, variant=variant)


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


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
from collections.abc import Sequence
from typing import Any

from ..core.actions import Action, ActionKind, End
from ..core.errors import DominoError, ParameterError, quote
from ..core.match import Match
from ..core.registry import get_variant
from ..core.state import GameState
from ..core.tiles import Tile
from .curtain import Curtain
from .i18n import seat_name, tr
from .notes import Note, _forced_lead, describe_move, note_text
from .timeline import HUMAN, MAX_RECORD_CHARS, Step, Timeline, _match_format, ai_key, fresh_seed

# The timeline (timeline.py), the hot-seat curtain (curtain.py) and the notes (notes.py) have rooms
# of their own; every name the widgets, lessons and tests imported from here still imports here.
__all__ = ["HUMAN", "MAX_RECORD_CHARS", "Curtain", "GameSession", "Note", "Step", "Timeline", "ai_key",
           "default_fair_play", "describe_move", "fresh_seed", "note_text"]


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

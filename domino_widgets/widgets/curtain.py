"""Hot-seat privacy: when two or more people share one board, the hand of the person to move
stays face down until they press "Show", and a replayed position is drawn from the seat of the
person at the board (`Curtain`, shared by the line-game and Twenty-one sessions).

>>> from domino_widgets.widgets.session import GameSession
>>> s = GameSession("block", seats=(None, None), seed=5, privacy=True)
>>> _ = s.apply(s.state.legal_actions()[0]); s.curtain, s.playable_tiles()    # Player 1's tiles face down
(0, ())
>>> s.reveal().key, s.curtain, s.seated
('revealed', None, 0)
"""

from __future__ import annotations

from typing import Any

from .notes import Note


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

        >>> from domino_widgets.widgets.session import GameSession
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

        >>> from domino_widgets.widgets.session import GameSession
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

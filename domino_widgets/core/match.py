"""Matches: hands played one after another to the variant's target (BLK-6, DCZ-6, DRW-6, A5-6,
MAT-5) or for a number of rounds (BRG-6).

>>> import domino_widgets as dw
>>> m = dw.Match("draw", seed=1, target=20)
>>> while not m.is_over:
...     _ = m.play(m.hand.legal_actions()[0])
...     if m.hand.is_over and not m.is_over:
...         _ = m.new_hand()
>>> m.winner, m.scores, len(m.hands)
(0, (26, 0), 2)
"""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any

from . import registry
from .actions import Action
from .errors import GameOverError, IllegalPlayError, ParameterError, RecordError, check_seed, quote
from .state import GameState, new_game


class Match:
    """A match of one variant: the hands so far, the running scores, and the current hand."""

    def __init__(self, variant: str, seed: int | None = None, **params: Any) -> None:
        """A new match; ``seed`` (a whole number) fixes every deal and who leads first (COM-7).

        >>> Match("block", seed="1")
        Traceback (most recent call last):
        ...
        domino_widgets.core.errors.ParameterError: seed must be a whole number 0 <= seed < 2**64, not '1'
        """
        self._variant = registry.get_variant(variant)
        cfg = self._variant.config(params)
        self.params: dict[str, Any] = dict(cfg.params)
        self.kind: str = cfg.match
        self.players: int = cfg.players
        self.target: int | None = cfg.params.get("target")
        self.rounds: int | None = cfg.params.get("rounds")
        check_seed(seed)  # COM-7
        self.seed: int = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self._rng = random.Random(self.seed)
        self._first_leader = int(self._rng.random() * self.players)  # BLK-2, DCZ-1: by lot
        self.hands: list[GameState] = []
        self._scores: list[Any] = [Fraction(0) if self.kind == "rounds" else 0] * self.players
        self.new_hand()

    @classmethod
    def resume(cls, finished: list[GameState], current: GameState, seed: int | None = None, *,
               alone: bool = False) -> Match:
        """The match that ``finished`` (the final states of the hands played, in order) and
        ``current`` (a position of the hand in play, or its final state) belong to: the scores
        follow from the finished hands' outcomes, and each hand must start from the scores the
        hands before it left (A5-6), else a `RecordError` says which hand does not.

        >>> m = Match("block", seed=1)
        >>> while not m.hand.is_over:
        ...     _ = m.play(m.hand.legal_actions()[0])
        >>> first = m.hand; second = m.new_hand()
        >>> r = Match.resume([first], second)
        >>> r.scores == m.scores, len(r.hands), r.hand is second
        (True, 2, True)

        ``alone``: ``current`` is a hand saved on its own (one hand's record) and the hands before
        it are not known: the match goes on from the scores it starts from.

        >>> Match.resume([], second, alone=True).scores == m.scores
        True
        """
        if isinstance(finished, (str, bytes)) or not isinstance(finished, (list, tuple)) or not all(
                isinstance(h, GameState) for h in [*finished, current]):
            raise ParameterError("resume takes a list of the finished hands' states and the state of the hand in "
                                 "play, not {finished} and {current}", finished=quote(finished), current=quote(current))
        if type(alone) is not bool:
            raise ParameterError("alone must be True or False, not {value}", value=quote(alone))
        hands = [*finished, current]
        first = hands[0]
        m = cls.__new__(cls)
        m._variant = registry.get_variant(first.variant)
        cfg = m._variant.config(dict(first.params))
        m.params = dict(cfg.params)
        m.kind = cfg.match
        m.players = cfg.players
        m.target = cfg.params.get("target")
        m.rounds = cfg.params.get("rounds")
        check_seed(seed)
        m.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        m._rng = random.Random(m.seed)
        m._first_leader = first.leader
        m.hands = []
        m._scores = [Fraction(0) if m.kind == "rounds" else 0] * m.players
        if alone and not finished:
            m._scores = [Fraction(x) if m.kind == "rounds" else x for x in current.match_scores]
        for i, h in enumerate(hands):
            if h.variant != m.variant or dict(h.params) != m.params:
                raise RecordError("hands[{i}]: a hand of {variant} {params}, not of this match's {match_variant} "
                                  "{match_params}", i=i, variant=h.variant, params=dict(h.params),
                                  match_variant=m.variant, match_params=m.params)
            if i < len(finished) and not h.is_over:
                raise RecordError("hands[{i}]: a finished hand of the match is not over", i=i)
            if i and m.is_over:
                raise RecordError("hands[{i}]: the match was over before this hand", i=i)
            if m.kind == "points" and tuple(h.match_scores) != tuple(m._scores):
                raise RecordError("hands[{i}]: it starts from the scores {found}, but the hands before it make "
                                  "{scores}", i=i, found=quote(list(h.match_scores)), scores=quote(list(m._scores)))
            if m._variant.leads_alternate and h.leader != (m._first_leader + i) % m.players:
                raise RecordError("hands[{i}]: seat {leader} leads, but the lead goes round the table (seat "
                                  "{due} leads this hand)", i=i, leader=h.leader,
                                  due=(m._first_leader + i) % m.players)
            m.hands.append(h)
            if h.is_over and i < len(finished):
                m._add(h)
        if current.is_over:
            m._add(current)
        return m

    def _add(self, state: GameState) -> None:
        """Count the points of the finished hand ``state`` into the match scores."""
        outcome = state.outcome
        assert outcome is not None
        for seat, pts in enumerate(outcome.points):
            if self.kind == "rounds":
                self._scores[seat] += pts * self.players - 1  # BRG-6: share of the pot, less the stake
            else:
                self._scores[seat] += pts

    @property
    def variant(self) -> str:
        return self._variant.name

    @property
    def hand(self) -> GameState:
        """The current (last) hand."""
        return self.hands[-1]

    @property
    def scores(self) -> tuple[Any, ...]:
        """Points (or hands won) so far; for ``bergen``, each seat's net winnings in stakes."""
        return tuple(self._scores)

    @property
    def is_over(self) -> bool:
        if self.kind == "rounds":
            return len(self.hands) >= (self.rounds or 0) and self.hand.is_over
        assert self.target is not None
        return max(self._scores) >= self.target

    @property
    def winner(self) -> int | None:
        """The seat that won the match (None while it goes on, or on a tie in ``bergen``)."""
        if not self.is_over:
            return None
        best = max(self._scores)
        seats = [s for s, x in enumerate(self._scores) if x == best]
        return seats[0] if len(seats) == 1 else None

    def new_hand(self, seed: int | None = None) -> GameState:
        """Deal the next hand (the current one must be over): from the match's seed, or from
        ``seed`` when given (a widget deals later hands from a fresh secret seed, so a seed read in
        a lesson fixes the first deal only).

        >>> a, b = Match("block", seed=1), Match("block", seed=1)
        >>> for m in (a, b):
        ...     while not m.hand.is_over:
        ...         _ = m.play(m.hand.legal_actions()[0])
        >>> x, y = a.new_hand(), b.new_hand(seed=5)
        >>> x.hands == y.hands, y.seed
        (False, 5)
        """
        check_seed(seed)
        if self.hands and not self.hand.is_over:
            raise IllegalPlayError("the current hand is not over yet")
        if self.hands and self.is_over:
            raise GameOverError("the match is over: seat {winner} won with {scores}",
                                winner=self.winner, scores=self.scores)
        drawn = self._rng.getrandbits(63)  # drawn either way: the match's own sequence stays the same
        seed = drawn if seed is None else seed
        leader = None
        if self._variant.leads_alternate:
            leader = (self._first_leader + len(self.hands)) % self.players  # BLK-2, DCZ-1
        scores = tuple(self._scores) if self.kind == "points" else None
        state = new_game(self.variant, seed, leader=leader, scores=scores, **self.params)
        self.hands.append(state)
        return state

    def play(self, action: Action | str) -> GameState:
        """Play on the current hand; when it ends, its points join the match scores."""
        state = self.hand.play(action)
        self.hands[-1] = state
        if state.is_over:
            self._add(state)
        return state

    def copy(self) -> Match:
        """A copy to play on (the hands, the scores and the seed's sequence are its own); the
        states are shared, they never change.

        >>> m = Match("block", seed=2); c = m.copy(); _ = c.play(c.hand.legal_actions()[0])
        >>> len(m.hand.history), len(c.hand.history)
        (0, 1)
        """
        other = copy.copy(self)
        other.hands = list(self.hands)
        other._scores = list(self._scores)
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        return other

    def table(self) -> list[dict[str, Any]]:
        """One row per finished hand: winner, how, points per seat (a tidy table for pandas).

        For ``bergen`` the points are each seat's share of the pot and ``stakes_<seat>`` what the
        seat won or lost that round in stakes (BRG-6).
        """
        rows = []
        for i, h in enumerate(self.hands):
            o = h.outcome
            if o is None:
                continue
            row: dict[str, Any] = {"hand": i + 1, "seed": h.seed, "winner": o.winner, "reason": o.reason}
            row.update({f"points_{s}": p for s, p in enumerate(o.points)})
            if self.kind == "rounds":  # BRG-6: what each seat won or lost this round, in stakes
                row.update({f"stakes_{s}": p * self.players - 1 for s, p in enumerate(o.points)})
            row.update({f"count_{s}": c for s, c in enumerate(o.counts)})
            rows.append(row)
        return rows

    def __repr__(self) -> str:
        state = f"won by seat {self.winner}" if self.is_over else f"hand {len(self.hands)} in play"
        return f"<Match {self.variant} seed={self.seed} scores={self.scores} {state}>"

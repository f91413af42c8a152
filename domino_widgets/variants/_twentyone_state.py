"""The state of a game of Twenty-one (T21-1..4): hidden hands, take or stand, reveal at the end.

>>> import domino_widgets as dw
>>> s = dw.new_game("twentyone", hands=[["6-6", "2-3"], ["5-5", "1-4"]], boneyard=["0-4", "3-6"])
>>> s.counts, s.current_player, s.legal_actions()    # T21-1: two tiles each; seat 0 acts first
((17, 15), 0, [Action.parse('take'), Action.parse('stand')])
>>> s = s.play("stand")                             # T21-2: seat 0 keeps 17
>>> s = s.play("take")                              # seat 1 takes the 0-4: 19
>>> s.view(0).hand_sizes, s.view(0).history[-1].action   # seat 0 sees a take, not the tile
((2, 3), Action.parse('take'))
>>> s = s.play("stand"); s.outcome.winner, s.outcome.counts   # T21-3: the higher count wins
(1, (17, 19))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..core.actions import PASS, STAND, TAKE, Action, ActionKind
from ..core.errors import GameOverError, IllegalPlayError, ParameterError, Phrase
from ..core.pictured import Pictured, pretty_shown
from ..core.state import PublicEvent
from ..core.tiles import Tile, tile_set
from ._own_state import OwnState, record_header

TARGET = 21  # T21-2/3: over 21 is bust, exactly 21 wins
SET_PIPS = 6  # Twenty-one is played with the double-six set


def count(tiles: tuple[Tile, ...]) -> int:
    """The pip count of some tiles."""
    return sum(t.value for t in tiles)


@dataclass(frozen=True)
class TwentyOneOutcome:
    """T21-3: who won. ``points`` are the shares of the prize (tied winners share it equally)."""

    reason: str  # "showdown", or "all_bust" when nobody wins
    winner: int | None  # the one winner; None when winners share the prize or everybody is bust
    winners: tuple[int, ...]
    points: tuple[Fraction, ...]
    counts: tuple[int, ...]
    bust: tuple[bool, ...]
    finished: tuple[int, ...] = ()  # the `Outcome` shape of the line games (nobody goes out here)

    def __str__(self) -> str:
        return self.phrase().text()

    def phrase(self) -> Phrase:
        """The outcome as a `Phrase` (put into the reader's language when shown)."""
        if not self.winners:
            return Phrase("everybody is bust, nobody wins; counts {counts}", counts=self.counts)
        if self.winner is None:
            return Phrase("seats {seats} share the prize with {count}; counts {counts}",
                          seats=functools.reduce(lambda x, y: Phrase("{a} and {b}", a=x, b=y), self.winners),
                          count=self.counts[self.winners[0]], counts=self.counts)
        return Phrase("seat {winner} wins with {count}; counts {counts}", winner=self.winner,
                      count=self.counts[self.winner], counts=self.counts)


def showdown(counts: tuple[int, ...]) -> TwentyOneOutcome:
    """T21-3: exactly 21 wins, else the highest count not over 21; ties share; all bust: nobody.

    >>> str(showdown((21, 19, 23)))
    'seat 0 wins with 21; counts (21, 19, 23)'
    >>> showdown((18, 25, 18)).points
    (Fraction(1, 2), Fraction(0, 1), Fraction(1, 2))
    >>> showdown((22, 30)).reason
    'all_bust'
    """
    bust = tuple(c > TARGET for c in counts)
    alive = [c for c, b in zip(counts, bust) if not b]
    if not alive:
        return TwentyOneOutcome("all_bust", None, (), tuple(Fraction(0) for _ in counts), counts, bust)
    best = max(alive)
    winners = tuple(s for s, c in enumerate(counts) if c == best)
    share = Fraction(1, len(winners))
    points = tuple(share if s in winners else Fraction(0) for s in range(len(counts)))
    return TwentyOneOutcome("showdown", winners[0] if len(winners) == 1 else None, winners, points, counts, bust)


@dataclass(frozen=True)
class TwentyOneView(Pictured):
    """What one seat may know (DESIGN principle 3): its own tiles, how many tiles the others hold,
    who has stood, the public history (takes without the tile), and everything once it is over."""

    variant: str
    params: tuple[tuple[str, Any], ...]
    seat: int
    players: int
    hand: tuple[Tile, ...]  # this seat's tiles, in the order taken
    hand_sizes: tuple[int, ...]
    stood: tuple[bool, ...]
    boneyard_size: int  # tiles left in the stock
    current_player: int | None
    legal_actions: tuple[Action, ...]  # empty unless it is this seat's turn
    history: tuple[PublicEvent, ...]  # others' takes do not name the tile
    is_over: bool
    outcome: TwentyOneOutcome | None
    revealed: tuple[tuple[Tile, ...], ...] | None  # every hand, once everybody has stood (T21-3)
    pips: int = SET_PIPS
    target: int = TARGET

    @property
    def count(self) -> int:
        """This seat's pip count."""
        return count(self.hand)

    @property
    def is_bust(self) -> bool:
        return self.count > self.target

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat has not seen (in the other hands or the stock; all, once revealed)."""
        seen = set(self.hand)
        if self.revealed is not None:
            seen = {t for h in self.revealed for t in h}
        return tuple(t for t in tile_set(self.pips) if t not in seen)

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised with the renderer installed
        from ..render import twentyone_svg

        hands: list[tuple[Tile, ...] | int] = [
            self.hand if s == self.seat else (self.revealed[s] if self.revealed is not None else n)
            for s, n in enumerate(self.hand_sizes)
        ]
        winners = self.outcome.winners if self.outcome is not None else None
        return twentyone_svg(hands, seat=self.seat, stood=self.stood, current=self.current_player,
                             stock=self.boneyard_size, winners=winners, rounds=bool(dict(self.params).get("rounds")))


@dataclass(frozen=True)
class Deal:
    """How a game started: the two tiles of each seat and the stock in draw order (next first)."""

    params: tuple[tuple[str, Any], ...]
    seed: int | None
    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    out: tuple[Tile, ...]  # tiles out of play (only in scripted deals)

    @property
    def rounds(self) -> bool:
        """T21-2 seed option: turns go round, one tile or a pass each."""
        return bool(dict(self.params).get("rounds", False))


class TwentyOneState(OwnState):
    """A position of Twenty-one. Immutable: `play` returns a new state, `undo` the previous one.

    Seats act in order (T21-1): seat 0 takes tiles until it stands, then seat 1, and so on. A
    bust seat can only stand (T21-2: it cannot win, and standing keeps its bust hidden until the
    reveal). The stock never runs out: a seat holds at most 21 + 12 = 33 pips, and four such
    hands hold fewer than the set's 168.

    With the seed option ``rounds=True`` (T21-2) turns go round in seat order: each turn a seat
    takes one tile or passes; a seat that passed may take on a later round; a bust seat is out;
    the hand ends when a whole round passes with nobody taking, or the stock is empty. Then
    ``stood[s]`` means "seat s passed since the last take, or is bust", and the hand is over when
    every seat has: a take, even one that goes bust, opens a new round in which the seats that
    passed earlier are asked again.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("twentyone", rounds=True, hands=[["6-6", "2-3"], ["5-5", "1-4"]],
    ...                 boneyard=["0-4", "3-6", "1-1"])
    >>> s.legal_actions()
    [Action.parse('take'), Action.parse('pass')]
    >>> s = s.play("pass").play("take")       # seat 0 passes on 17; seat 1 takes the 0-4: 19
    >>> s.current_player                      # a whole round has not passed: seat 0 may take again
    0
    >>> s = s.play("take").play("pass")       # seat 0 takes the 3-6: 26, bust and out
    >>> s.is_over, s.outcome.winner           # seat 1 passes, the only seat left: the round is over
    (True, 1)
    >>> s = dw.new_game("twentyone", rounds=True, players=3, hands=[["5-6", "3-3"], ["6-6", "2-4"], ["4-5", "1-5"]],
    ...                 boneyard=["4-6", "0-1", "1-1"])
    >>> s = s.play("pass").play("pass").play("take")   # seat 2 takes the 4-6: 25, bust
    >>> s.is_over, s.current_player, s.counts          # the take opened a new round: seat 0 again
    (False, 0, (17, 18, 25))
    """

    __slots__ = ("_deal", "_hands", "_stock", "_stood", "_turn")

    def __init__(self, deal: Deal, hands: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...], turn: int,
                 stood: tuple[bool, ...], parent: TwentyOneState | None = None, action: Action | None = None) -> None:
        self._deal = deal
        self._hands = hands
        self._stock = stock
        self._turn = turn
        self._stood = stood
        self._parent = parent
        self._action = action

    @classmethod
    def start(cls, deal: Deal) -> TwentyOneState:
        if deal.rounds:  # T21-2 seed option: a seat dealt a bust hand (T21-4) is out from the start
            stood = tuple(count(h) > TARGET for h in deal.hands)
            return cls(deal, deal.hands, deal.stock, stood.index(False) if not all(stood) else 0, stood)
        return cls(deal, deal.hands, deal.stock, 0, (False,) * len(deal.hands))

    # -------------------------------------------------------------- questions

    variant = "twentyone"

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._deal.params)

    @property
    def seed(self) -> int | None:
        return self._deal.seed

    @property
    def players(self) -> int:
        return len(self._hands)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once everybody has stood."""
        return None if self.is_over else self._turn

    @property
    def is_over(self) -> bool:
        return all(self._stood)

    @property
    def outcome(self) -> TwentyOneOutcome | None:
        return showdown(self.counts) if self.is_over else None

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand in the order taken (the whole truth: give players `view` instead)."""
        return self._hands

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return self._hands[self._seat(seat)]

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(count(h) for h in self._hands)

    @property
    def stood(self) -> tuple[bool, ...]:
        return self._stood

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The stock in draw order (the next tile taken first)."""
        return self._stock

    @property
    def out_of_play(self) -> tuple[Tile, ...]:
        return self._deal.out

    def legal_actions(self) -> list[Action]:
        """``take`` and ``stand``; only ``stand`` for a bust seat (T21-2); nothing once it is over.
        With ``rounds=True``: ``take`` and ``pass``."""
        if self.is_over:
            return []
        if self._deal.rounds:
            return [TAKE, PASS]
        if count(self._hands[self._turn]) > TARGET or not self._stock:
            return [STAND]
        return [TAKE, STAND]

    def chance_outcomes(self) -> list[tuple[Tile, Fraction]]:
        """The tiles a take may bring, each with its probability (the stock is shuffled, COM-7)."""
        if TAKE not in self.legal_actions():
            return []
        return [(t, Fraction(1, len(self._stock))) for t in sorted(self._stock)]

    # -------------------------------------------------------------- transitions

    def play(self, action: Action | str, *, seat: int | None = None) -> TwentyOneState:
        """The state after ``action`` (``"take"`` or ``"stand"``) by the seat to act.

        ``"take"`` takes the next tile of the stock. ``"take 3-4"`` names the tile: in a scripted
        deal it takes that tile wherever it lies in the stock (for lessons); in a game dealt from a
        seed it must be the next one (COM-7; records name every tile taken and replay this way).
        ``seat`` (optional) names who acts, so a seat that has stood cannot take by mistake.
        Raises an `IllegalPlayError` (this state unchanged) if the action is not allowed.
        """
        a = Action.parse(action)
        if self.is_over:
            raise GameOverError("{action} is illegal: the game is over ({outcome}); start a new game",
                                action=a, outcome=self.outcome.phrase())
        turn = self._turn
        if seat is not None:
            seat = self._seat(seat)
            if seat != turn:
                stood = self._stood[seat] and not self._deal.rounds
                why = (Phrase("has stood and takes no more tiles (T21-2)") if stood
                       else Phrase("waits for its turn (T21-1)"))
                raise IllegalPlayError("{action} is illegal: seat {seat} {why}, in {position}",
                                       action=a, seat=seat, why=why, position=self._summary())
        hands, stock, stood = self._hands, self._stock, self._stood
        if self._deal.rounds:
            return self._play_rounds(a)
        if a.kind is ActionKind.TAKE:
            have = count(hands[turn])
            if have > TARGET:
                raise IllegalPlayError("take is illegal: seat {turn} is bust with {have} (T21-2) and can only stand, "
                                       "in {position}", turn=turn, have=have, position=self._summary())
            if not stock:
                raise IllegalPlayError("take is illegal: the stock is empty, in {position}", position=self._summary())
            hands, stock, done = self._take(a)
        elif a.kind is ActionKind.STAND:
            stood = stood[:turn] + (True,) + stood[turn + 1:]
            if turn + 1 < len(hands):
                turn += 1
            done = STAND
        else:
            raise IllegalPlayError("{action} is not a Twenty-one action: a seat may 'take' a tile or 'stand' (T21-2), "
                                   "in {position}", action=a, position=self._summary())
        return TwentyOneState(self._deal, hands, stock, turn, stood, self, done)

    def _take(self, a: Action) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...], Action]:
        """The hands and stock after the seat to act takes (the next tile, or the one named)."""
        stock, turn = self._stock, self._turn
        tile = stock[0] if a.tile is None else a.tile
        if tile not in stock:
            raise IllegalPlayError("{action} is illegal: {tile} is not in the stock, in {position}",
                                   action=a, tile=tile, position=self._summary())
        if self._deal.seed is not None and tile is not stock[0]:
            # COM-7: in a game dealt from a seed the seed decides what comes next; naming a tile
            # only replays that take (records do), it cannot pick another one.
            raise IllegalPlayError("{action} is illegal: in a game dealt from seed {seed} the next tile taken is "
                                   "decided by the seed; play 'take', in {position}",
                                   action=a, seed=self._deal.seed, position=self._summary())
        hands = self._hands[:turn] + (self._hands[turn] + (tile,),) + self._hands[turn + 1:]
        return hands, tuple(t for t in stock if t is not tile), Action.take(tile)

    def _play_rounds(self, a: Action) -> TwentyOneState:
        """T21-2 seed option ``rounds=True``: one tile or a pass per turn, round after round."""
        turn, n = self._turn, self.players
        hands, stock, stood = self._hands, self._stock, list(self._stood)
        if a.kind is ActionKind.TAKE:
            hands, stock, done = self._take(a)
            # A take opens a new round: every seat that passed before it is asked again; only bust
            # seats stay out (T21-2 seed option: the hand ends when a whole round passes).
            stood = [count(h) > TARGET for h in hands]
        elif a.kind is ActionKind.PASS:
            stood[turn] = True
            done = PASS
        else:
            raise IllegalPlayError("{action} is not an action here: with rounds=True each turn a seat takes one tile "
                                   "('take') or passes ('pass') (T21-2), in {position}",
                                   action=a, position=self._summary())
        if not stock:
            stood = [True] * n  # the stock is empty: the hand ends
        elif not all(stood):
            turn = next(q for q in ((turn + i) % n for i in range(1, n + 1))
                        if count(hands[q]) <= TARGET)  # bust seats are skipped
        return TwentyOneState(self._deal, hands, stock, turn, tuple(stood), self, done)

    def actors(self) -> tuple[int, ...]:
        """The seat that made each action of `history`, oldest first."""
        out = []
        s: TwentyOneState | None = self
        while s is not None and s._parent is not None:
            parent = s._parent
            assert isinstance(parent, TwentyOneState)
            out.append(parent._turn)
            s = parent
        return tuple(reversed(out))

    def view(self, seat: int) -> TwentyOneView:
        """What ``seat`` may know: its own tiles, the others' tile counts and who has stood (T21-3:
        everything once the game is over)."""
        seat = self._seat(seat)
        over = self.is_over
        events = []
        for who, a in zip(self.actors(), self.history):
            shown = a if (a.kind is not ActionKind.TAKE or who == seat or over) else TAKE
            events.append(PublicEvent(who, shown, ()))
        return TwentyOneView(
            variant=self.variant,
            params=self._deal.params,
            seat=seat,
            players=self.players,
            hand=self._hands[seat],
            hand_sizes=tuple(len(h) for h in self._hands),
            stood=self._stood,
            boneyard_size=len(self._stock),
            current_player=self.current_player,
            legal_actions=tuple(self.legal_actions()) if not over and self._turn == seat else (),
            history=tuple(events),
            is_over=over,
            outcome=self.outcome,
            revealed=self._hands if over else None,
        )

    # -------------------------------------------------------------- records

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record that `load_record` replays to this state."""
        d = self._deal
        rec = record_header(self.variant, dict(d.params))
        if d.seed is not None:
            rec["seed"] = d.seed
        else:
            rec["deal"] = {"hands": [[str(t) for t in h] for h in d.hands],
                           "boneyard": [str(t) for t in d.stock], "out": [str(t) for t in d.out]}
        rec["actions"] = [str(a) for a in self.history]
        return rec

    # -------------------------------------------------------------- display

    def describe(self) -> str:
        """A one-line summary of the position (used in error messages)."""
        return self._summary().text()

    def _summary(self) -> Phrase:
        if self.is_over:
            who = Phrase("over")
        else:
            h = self._hands[self._turn]
            who = Phrase("Player {n} (seat {seat}) to act, holding {tiles} (count {count})", n=self._turn + 1, seat=self._turn,
                         tiles=" ".join(map(str, h)), count=count(h))
        stood = ", ".join(str(s) for s, x in enumerate(self._stood) if x)
        return Phrase("twentyone after {n} actions; {who}; stood: {stood}; stock {stock}", n=len(self.history),
                      who=who, stood=stood or Phrase("nobody"), stock=len(self._stock))

    def shown(self, lang: str | None = None) -> str:
        """The hand as a lesson shows it to a person, in ``lang`` (the language setting if None):
        players counted from 1, the tiles held as their numbers.

        >>> from domino_widgets.core.state import new_game
        >>> new_game("twentyone", seed=3).shown("cs")
        'Jedenadvacet, tah 0, na tahu Hráč 1; kostek v rukou: 2, 2; stojí: nikdo; v záloze: 24'
        """
        who = Phrase("the hand is over") if self.is_over else Phrase("Player {n} to play", n=self._turn + 1)
        stood = ", ".join(str(s + 1) for s, x in enumerate(self._stood) if x)
        return Phrase("Twenty-one, move {n}, {who}; tiles in hands: {held}; standing: {stood}; boneyard: {stock}",
                      n=len(self.history), who=who, held=", ".join(str(len(h)) for h in self._hands),
                      stood=stood or Phrase("nobody"), stock=len(self._stock)).text(lang)

    _repr_pretty_ = pretty_shown  # a notebook: `shown` in Czech and Greek, the `repr` in English

    def __repr__(self) -> str:
        status = f"over: {self.outcome}" if self.is_over else f"seat {self._turn} to act"
        return (f"<TwentyOneState {self.players} players, move {len(self.history)}, {status}; "
                f"tiles held {[len(h) for h in self._hands]}; stood {list(self._stood)}; stock {len(self._stock)}>")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TwentyOneState):
            return NotImplemented
        return (self._deal.params == other._deal.params and self._deal.hands == other._deal.hands
                and self._deal.stock == other._deal.stock and self._deal.out == other._deal.out
                and self.history == other.history)

    def __hash__(self) -> int:
        return hash((self.variant, self._deal.hands, self._hands))

    def _seat(self, seat: int) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ParameterError("seat must be 0..{last}, not {seat!r}", last=self.players - 1, seat=seat)
        return seat

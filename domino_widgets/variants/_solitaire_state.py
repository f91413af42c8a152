"""The state of a game of solitaire (SOL-1..5): a face-up hand, one line, refills by rounds.

>>> import domino_widgets as dw
>>> s = dw.new_game("solitaire", hands=[["3-5", "5-6", "0-0", "1-2", "2-2"]],
...                 boneyard=["6-6", "0-1", "4-4", "1-1"])
>>> s.legal_actions()[:2]                  # SOL-2: any of the five may be the base
[Action.parse('base 0-0'), Action.parse('base 1-2')]
>>> s = s.play("base 3-5")                 # round 1: the base counts as laid
>>> s.legal_actions()
[Action.parse('5-6 right')]
>>> s = s.play("5-6 right")                # nothing else fits 3 or 6: the round ends (SOL-3)
>>> s.refills[-1], s.hand                  # two tiles laid, two drawn: 6-6 and 0-1
((1, (Tile(6, 6), Tile(0, 1))), (Tile(0, 0), Tile(0, 1), Tile(1, 2), Tile(2, 2), Tile(6, 6)))
>>> s = s.play("6-6 right")                # 6-6 is the only fit; then nothing fits 3 or 6
>>> s.is_over, str(s.outcome)              # the refill (4-4) fits nothing: lost (SOL-4)
(True, 'lost in round 3: no tile of the hand fits 3 or 6; 3 tiles on the table, 6 left')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.actions import STOP, Action, ActionKind, End
from ..core.engine import Tables, tables
from ..core.errors import (END_WORDS, AmbiguousPlayError, GameOverError, IllegalPlayError, ParameterError, Phrase, Plays,
                           quote)
from ..core.layouts import LINE, Layout, Placement
from ..core.pictured import Pictured, pretty_shown
from ..core.state import PublicEvent
from ..core.tiles import Tile, tile_set, tiles_of
from ._own_state import OwnState, record_header

_LEFT, _RIGHT = End.LEFT, End.RIGHT


def cannot_win_reason(tiles: tuple[Tile, ...], pips: int) -> Phrase | None:
    """Why no game with these tiles in play can be won (SOL-4: all of them on one line), or None.

    A line of play has two ends; every number that shows on an odd number of tile halves must
    leave one half at an end, so more than two such numbers, or tiles that share no number with
    the rest, make a line through all of them impossible. With the full double-``pips`` set each
    number shows on ``pips + 2`` halves: odd when ``pips`` is odd.

    >>> from domino_widgets.core.tiles import tile_set
    >>> cannot_win_reason(tile_set(6), 6) is None
    True
    >>> print(cannot_win_reason(tile_set(5), 5).text("en"))  # doctest: +NORMALIZE_WHITESPACE
    in the double-5 set each of the 6 numbers shows on 7 tile halves, an odd number, so each needs
    an end of the line for one of its halves; a line has two ends, so this game can never be won (SOL-4)
    """
    halves: dict[int, int] = {}
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for t in tiles:
        for v in (t.low, t.high):
            halves[v] = halves.get(v, 0) + 1
        parent[root(t.low)] = root(t.high)
    odd = sorted(v for v, n in halves.items() if n % 2)
    if len(odd) > 2:
        if set(tiles) == set(tile_set(pips)):
            return Phrase("in the double-{pips} set each of the {numbers} numbers shows on {halves} tile halves, "
                          "an odd number, so each needs an end of the line for one of its halves; a line has two "
                          "ends, so this game can never be won (SOL-4)", pips=pips, numbers=pips + 1,
                          halves=pips + 2)
        return Phrase("{odd} numbers show on an odd number of halves of the {n} tiles in play, and each needs an "
                      "end of the line; a line has two ends, so this game can never be won (SOL-4)",
                      odd=len(odd), n=len(tiles))
    if len({root(v) for v in halves}) > 1:
        return Phrase("the {n} tiles in play fall into groups that share no number, and one line cannot join "
                      "them, so this game can never be won (SOL-4)", n=len(tiles))
    return None


@dataclass(frozen=True)
class SolitaireOutcome:
    """SOL-4: won (every tile in play is on the table) or lost (a round laid nothing)."""

    reason: str  # "won" or "stuck"
    winner: int | None  # 0 when won, None when lost
    points: tuple[int]  # (1,) won, (0,) lost
    counts: tuple[int]  # the pip count left in the hand
    placed: int  # tiles on the table
    left: int  # tiles in the hand and the stock
    round: int
    ends: tuple[int, int]
    finished: tuple[int, ...] = ()  # the `Outcome` shape of the line games

    def __str__(self) -> str:
        return self.phrase().text()

    def phrase(self) -> Phrase:
        """The outcome as a `Phrase` (put into the reader's language when shown)."""
        if self.reason == "won":
            return Phrase("won in round {round}: all {placed} tiles are on the table", round=self.round,
                          placed=self.placed)
        a, b = self.ends
        shows = f"{a}" if a == b else Phrase("{a} or {b}", a=a, b=b)
        return Phrase("lost in round {round}: no tile of the hand fits {shows}; {placed} tiles on the table, "
                      "{left} left", round=self.round, shows=shows, placed=self.placed, left=self.left)


@dataclass(frozen=True)
class SolitaireView(Pictured):
    """What the player sees. Everything but the order of the stock is public: the stock holds
    exactly the tiles that are neither on the table nor in the hand (`unseen`, when nothing is
    out of play)."""

    variant: str
    params: tuple[tuple[str, Any], ...]
    seat: int
    players: int
    hand: tuple[Tile, ...]  # face up (SOL-1)
    layout: Layout
    boneyard_size: int
    out_of_play_size: int
    unseen: tuple[Tile, ...]  # the stock's tiles (and any out of play), in index order
    laid_this_round: int  # SOL-3: how many tiles the refill will bring (the base counts in round 1)
    round: int
    current_player: int | None
    legal_actions: tuple[Action, ...]
    history: tuple[PublicEvent, ...]
    refills: tuple[tuple[int, tuple[Tile, ...]], ...]  # (round that ended, tiles drawn)
    is_over: bool
    outcome: SolitaireOutcome | None
    pips: int

    @property
    def ends(self) -> dict[End, int]:
        return dict(self.layout.ends)

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised with the renderer installed
        from ..render import solitaire_svg

        return solitaire_svg(self.layout, hand=self.hand, stock=self.boneyard_size)


@dataclass(frozen=True)
class SolitaireDeal:
    """How a game started: the face-up hand, the stock in draw order (next first), tiles out of play."""

    params: tuple[tuple[str, Any], ...]
    seed: int | None
    pips: int
    hand: tuple[Tile, ...]
    stock: tuple[Tile, ...]
    out: tuple[Tile, ...]


def fit_mask(t: Tables, ends: tuple[int, int]) -> int:
    """The tiles that can be laid on either end."""
    return t.suit[ends[0]] | t.suit[ends[1]]


class SolitaireState(OwnState):
    """A position of the solitaire. Immutable: `play` returns a new state, `undo` the previous one.

    The player's actions are the base (SOL-2) and the plays; the refill (SOL-3) is a chance step
    the state takes by itself as soon as no tile of the hand fits, drawing from the stock that the
    seeded shuffle put in order (COM-7), so a record replays the same game.
    """

    __slots__ = (
        "_chain",
        "_deal",
        "_ends",
        "_events",
        "_hand",
        "_laid",
        "_layout",
        "_legal",
        "_refills",
        "_round",
        "_status",
        "_stock",
        "_t",
    )

    variant = "solitaire"

    def __init__(self, deal: SolitaireDeal, hand: int, stock: tuple[int, ...], ends: tuple[int, int] | None,
                 chain: tuple[tuple[int, int, int, int], ...], laid: int, round_: int,
                 refills: tuple[tuple[int, tuple[int, ...]], ...], status: str | None,
                 parent: SolitaireState | None = None, action: Action | None = None) -> None:
        self._deal = deal
        self._t = tables(deal.pips)
        self._hand = hand
        self._stock = stock
        self._ends = ends
        self._chain = chain  # (tile index, arm: -1 for the base, near, far) in play order
        self._laid = laid
        self._round = round_
        self._refills = refills
        self._status = status
        self._parent = parent
        self._action = action
        self._legal: list[Action] | None = None
        self._layout: Layout | None = None
        self._events: tuple[PublicEvent, ...] | None = None

    @classmethod
    def start(cls, deal: SolitaireDeal) -> SolitaireState:
        hand = 0
        for tile in deal.hand:
            hand |= 1 << tile.index
        return cls(deal, hand, tuple(t.index for t in deal.stock), None, (), 0, 1, (), None)

    # -------------------------------------------------------------- questions

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._deal.params)

    @property
    def seed(self) -> int | None:
        return self._deal.seed

    @property
    def players(self) -> int:
        return 1

    @property
    def pips(self) -> int:
        return self._deal.pips

    @property
    def current_player(self) -> int | None:
        return None if self._status else 0

    @property
    def is_over(self) -> bool:
        return self._status is not None

    @property
    def outcome(self) -> SolitaireOutcome | None:
        if self._status is None:
            return None
        won = self._status == "won"
        left = self._hand.bit_count() + len(self._stock)
        ends = self._ends if self._ends is not None else (-1, -1)
        return SolitaireOutcome(self._status, 0 if won else None, (int(won),), (self.count,), len(self._chain), left,
                                self._round, ends)

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The face-up hand, in index order."""
        return tiles_of(self._hand)

    @property
    def hands(self) -> tuple[tuple[Tile, ...]]:
        return (self.hand,)

    @property
    def count(self) -> int:
        return sum(t.value for t in self.hand)

    @property
    def counts(self) -> tuple[int]:
        return (self.count,)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The stock in draw order (the next tile first)."""
        return tuple(Tile.from_index(i) for i in self._stock)

    @property
    def out_of_play(self) -> tuple[Tile, ...]:
        return self._deal.out

    @property
    def cannot_win(self) -> bool:
        """True when no play can win this game: the tiles in play cannot all lie on one line
        (`cannot_win_reason`; e.g. every set with an odd ``pips``)."""
        return self.cannot_win_reason is not None

    @property
    def cannot_win_reason(self) -> Phrase | None:
        """Why this game can never be won (a `Phrase`, in any language with ``.text(lang)``), or None."""
        d = self._deal
        return cannot_win_reason((*d.hand, *d.stock), d.pips)

    @property
    def set_cannot_win(self) -> Phrase | None:
        """Why no deal of this set can be won (an odd ``pips``), when the whole set is in play;
        None otherwise (a scripted puzzle with a few tiles answers `cannot_win` only). What the
        widget and `new_game` say when such a game is asked for."""
        d = self._deal
        if len(d.hand) + len(d.stock) != len(tile_set(d.pips)):
            return None
        return self.cannot_win_reason

    @property
    def laid_this_round(self) -> int:
        """SOL-3: tiles laid in this round so far (the base counts in the first round)."""
        return self._laid

    @property
    def round(self) -> int:
        return self._round

    @property
    def refills(self) -> tuple[tuple[int, tuple[Tile, ...]], ...]:
        """Each refill so far: (the round that ended, the tiles drawn), SOL-3 and SOL-5."""
        return tuple((r, tuple(Tile.from_index(i) for i in drawn)) for r, drawn in self._refills)

    @property
    def ends(self) -> dict[End, int]:
        """The two open ends and the number each shows (empty before the base)."""
        return {} if self._ends is None else {_LEFT: self._ends[0], _RIGHT: self._ends[1]}

    @property
    def layout(self) -> Layout:
        """The line as the core's `Layout` (the base in the middle, arms LEFT and RIGHT)."""
        if self._layout is None:
            self._layout = self._make_layout()
        return self._layout

    def _make_layout(self) -> Layout:
        ends = () if self._ends is None else ((_LEFT, self._ends[0]), (_RIGHT, self._ends[1]))
        parent = self._parent
        if isinstance(parent, SolitaireState) and parent._layout is not None and parent._chain is self._chain:
            return parent._layout  # SOL-3 seed option: a "stop" lays nothing
        if isinstance(parent, SolitaireState) and parent._layout is not None and parent._chain:
            # one tile more than the parent's line: extend its arm instead of rebuilding
            idx, arm, near, far = self._chain[-1]
            old = parent._layout
            grown = list(old.arms)
            grown[arm] = grown[arm] + (Placement(Tile.from_index(idx), End(arm), near, far, len(self._chain) - 1),)
            return Layout(LINE, old.center, tuple(grown), ends)
        center = None
        arms: tuple[list[Placement], list[Placement]] = ([], [])
        for move, (idx, arm, near, far) in enumerate(self._chain):
            tile = Tile.from_index(idx)
            if arm < 0:
                center = Placement(tile, None, near, far, move)
            else:
                arms[arm].append(Placement(tile, End(arm), near, far, move))
        return Layout(LINE, center, (tuple(arms[0]), tuple(arms[1]), (), ()), ends)

    def legal_actions(self) -> list[Action]:
        """The base choices (SOL-2), else every tile of the hand at every end it fits (SOL-3)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    @property
    def may_stop(self) -> bool:
        """SOL-3 seed option: the player may end a round early, with at least one tile laid."""
        return bool(dict(self._deal.params).get("may_stop", False))

    def _compute_legal(self) -> list[Action]:
        if self._status is not None:
            return []
        if self._ends is None:
            return [Action(ActionKind.BASE, t) for t in tiles_of(self._hand)]
        left, right = self._ends
        suit = self._t.suit
        out = []
        for t in tiles_of(self._hand & (suit[left] | suit[right])):
            if t.has(left):
                out.append(Action(ActionKind.PLAY, t, _LEFT))
            if t.has(right):
                out.append(Action(ActionKind.PLAY, t, _RIGHT))
        if self._laid and self.may_stop:
            out.append(STOP)  # SOL-3 seed option: end the round now, with a tile laid in it
        return out

    # -------------------------------------------------------------- transitions

    def play(self, action: Action | str) -> SolitaireState:
        """The state after ``action`` (and after the refill it may bring, SOL-3); raises an
        `IllegalPlayError` (this state unchanged) if the action is not allowed."""
        a = Action.parse(action)
        if self._status is not None:
            raise GameOverError("{action} is illegal: the game is over ({outcome}); start a new game",
                                action=a, outcome=self.outcome.phrase())
        if a.kind is ActionKind.STOP:
            if not self.may_stop:
                raise IllegalPlayError("stop is illegal: a round goes on while a tile fits (SOL-3); start the game "
                                       "with may_stop=True to allow stopping early, in {position}",
                                       position=self._summary())
            if not self._laid:
                raise IllegalPlayError("stop is illegal: lay at least one tile in this round first (SOL-3), in "
                                       "{position}", position=self._summary())
            assert self._ends is not None
            return self._refill(STOP, self._hand, self._ends, self._chain, self._laid)
        if a.kind not in (ActionKind.PLAY, ActionKind.BASE):
            raise IllegalPlayError("{action} is not a solitaire action: choose the base ('base 3-5'), then lay tiles "
                                   "('3-5 left'); the refill is automatic (SOL-3), in {position}",
                                   action=a, position=self._summary())
        tile = a.tile
        assert tile is not None
        t = self._t
        if tile.index >= t.size:
            raise IllegalPlayError("{action} is illegal: {tile} is not a tile of the double-{pips} set",
                                   action=a, tile=tile, pips=self.pips)
        bit = 1 << tile.index
        if not self._hand & bit:
            raise IllegalPlayError("{action} is illegal: the hand does not hold {tile}, in {position}",
                                   action=a, tile=tile, position=self._summary())
        if self._ends is None:
            if a.kind is ActionKind.PLAY and (a.end is not None or a.touching is not None):
                raise IllegalPlayError("{action} is illegal: there is no line yet; choose the base first (SOL-2): "
                                       "'base {tile}'", action=a, tile=tile)
            chain: tuple[tuple[int, int, int, int], ...] = ((tile.index, -1, tile.low, tile.high),)
            return self._after(Action.base(tile), self._hand ^ bit, (tile.low, tile.high), chain)
        if a.kind is ActionKind.BASE:
            base = Tile.from_index(self._chain[0][0])
            raise IllegalPlayError("{action} is illegal: the base is already chosen ({base}); SOL-2 chooses it once, "
                                   "in {position}", action=a, base=base, position=self._summary())
        ends = self._ends
        fits = [e for e in (_LEFT, _RIGHT) if tile.has(ends[e])]
        if a.end is not None:
            if a.end not in (_LEFT, _RIGHT):
                raise IllegalPlayError("{action} is illegal: the solitaire line has only a left and a right end",
                                       action=a)
            if a.end not in fits:
                raise IllegalPlayError("{action} is illegal: it does not fit the {end} end, which shows {ends}, in "
                                       "{position}", action=a, end=END_WORDS[str(a.end)], ends=ends[a.end],
                                       position=self._summary())
            fits = [a.end]
        if a.touching is not None:
            fits = [e for e in fits if ends[e] == a.touching]
        if not fits:
            raise IllegalPlayError("{action} is illegal: it fits no open end, in {position}",
                                   action=a, position=self._summary())
        if len(fits) > 1:
            raise AmbiguousPlayError("{action} is ambiguous: it can be played as {options}; name {what}, in "
                                     "{position}", action=a, what=Phrase("the end"), position=self._summary(),
                                     options=Plays(Action(ActionKind.PLAY, tile, e) for e in fits))
        e = fits[0]
        near = ends[e]
        far = tile.other(near)
        new_ends = (far, ends[1]) if e == _LEFT else (ends[0], far)
        chain = self._chain + ((tile.index, int(e), near, far),)
        return self._after(Action(ActionKind.PLAY, tile, e), self._hand ^ bit, new_ends, chain)

    def _after(self, done: Action, hand: int, ends: tuple[int, int], chain: tuple[tuple[int, int, int, int], ...]
               ) -> SolitaireState:
        """Lay a tile, then end the round with its refill once nothing in the hand fits (SOL-3..5)."""
        if not hand & fit_mask(self._t, ends):
            return self._refill(done, hand, ends, chain, self._laid + 1)
        return SolitaireState(self._deal, hand, self._stock, ends, chain, self._laid + 1, self._round,
                              self._refills, None, self, done)

    def _refill(self, done: Action, hand: int, ends: tuple[int, int], chain: tuple[tuple[int, int, int, int], ...],
                laid: int) -> SolitaireState:
        """End the round: draw as many tiles as were laid in it, then see whether the game is over (SOL-3..5)."""
        round_, stock, status = self._round, self._stock, None
        drawn = stock[:laid]  # SOL-5: what is left, if the stock is short
        stock = stock[laid:]
        for i in drawn:
            hand |= 1 << i
        refills = self._refills + ((round_, drawn),)
        if not hand and not stock:
            status = "won"  # SOL-4: every tile in play is on the table
        elif not hand & fit_mask(self._t, ends):
            status = "stuck"  # SOL-4: the new round lays nothing
        return SolitaireState(self._deal, hand, stock, ends, chain, 0, round_ + 1, refills, status, self, done)

    def view(self, seat: int = 0) -> SolitaireView:
        """What the player sees (everything but the order of the stock)."""
        if type(seat) is not int or seat != 0:
            raise ParameterError("the solitaire has one seat, 0, not {seat}", seat=quote(seat))
        placed = 0
        for idx, *_ in self._chain:
            placed |= 1 << idx
        unseen = tiles_of(self._t.full & ~placed & ~self._hand)
        return SolitaireView(
            variant=self.variant,
            params=self._deal.params,
            seat=0,
            players=1,
            hand=self.hand,
            layout=self.layout,
            boneyard_size=len(self._stock),
            out_of_play_size=len(self._deal.out),
            unseen=unseen,
            laid_this_round=self._laid,
            round=self._round,
            current_player=self.current_player,
            legal_actions=tuple(self.legal_actions()),
            history=self._public_history(),
            refills=self.refills,
            is_over=self.is_over,
            outcome=self.outcome,
            pips=self.pips,
        )

    def _public_history(self) -> tuple[PublicEvent, ...]:
        """Each action with the ends it was played on (kept, so a view costs no replay)."""
        if self._events is None:
            parent = self._parent
            if parent is None or self._action is None:
                self._events = ()
            else:
                assert isinstance(parent, SolitaireState)
                ends = () if parent._ends is None else ((_LEFT, parent._ends[0]), (_RIGHT, parent._ends[1]))
                self._events = parent._public_history() + (PublicEvent(0, self._action, ends),)
        return self._events

    # -------------------------------------------------------------- records

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record that `load_record` replays to this state (refills replay by themselves)."""
        d = self._deal
        rec = record_header(self.variant, dict(d.params))
        if d.seed is not None:
            rec["seed"] = d.seed
        else:
            rec["deal"] = {"hands": [[str(t) for t in d.hand]], "boneyard": [str(t) for t in d.stock],
                           "out": [str(t) for t in d.out]}
        rec["actions"] = [str(a) for a in self.history]
        return rec

    # -------------------------------------------------------------- display

    def describe(self) -> str:
        """A one-line summary of the position (used in error messages)."""
        return self._summary().text()

    def _summary(self) -> Phrase:
        if self._ends is None:
            line = Phrase("no base yet")
        else:
            line = Phrase("ends {left} and {right}", left=self._ends[0], right=self._ends[1])
        hand = " ".join(map(str, self.hand))
        return Phrase("solitaire round {round}, {n} tiles on the table, {line}; hand {hand}; stock {stock}",
                      round=self._round, n=len(self._chain), line=line, hand=hand or Phrase("nothing"),
                      stock=len(self._stock))

    def shown(self, lang: str | None = None) -> str:
        """The game as a lesson shows it to a person, in ``lang`` (the language setting if None).

        >>> from domino_widgets.core.state import new_game
        >>> new_game("solitaire", seed=1).shown("el")
        'πασιέντζα, γύρος 1, βάλατε 0 σε αυτόν τον γύρο· τραπέζι: άδειο· στο χέρι: 1-2 3-4 5-5 2-6 4-6· στον σωρό: 23'
        """
        status = (Phrase("the game is over: {result}", result=Phrase("won" if self._status == "won" else "lost"))
                  if self._status else Phrase("round {round}, {laid} laid this round", round=self._round,
                                              laid=self._laid))
        table = str(self.layout) if self._chain else Phrase("empty")
        hand = " ".join(map(str, self.hand)) or Phrase("nothing")
        return Phrase("solitaire, {status}; table: {table}; hand: {hand}; stock: {stock}", status=status,
                      table=table, hand=hand, stock=len(self._stock)).text(lang)

    _repr_pretty_ = pretty_shown  # a notebook: `shown` in Czech and Greek, the `repr` in English

    def __repr__(self) -> str:
        status = f"over: {self.outcome}" if self._status else f"round {self._round}, {self._laid} laid this round"
        return (f"<SolitaireState move {len(self._chain)}, {status}; table {self.layout}; "
                f"hand {' '.join(map(str, self.hand)) or '-'}; stock {len(self._stock)}>")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SolitaireState):
            return NotImplemented
        a, b = self._deal, other._deal
        return (a.params == b.params and a.hand == b.hand and a.stock == b.stock and a.out == b.out
                and self._chain == other._chain and self._hand == other._hand and self._stock == other._stock)

    def __hash__(self) -> int:
        return hash((self.variant, self._deal.hand, self._chain))

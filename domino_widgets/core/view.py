"""What one seat may know: the `PlayerView` a state hands out, its public history, and a full
position rebuilt from a view with the hidden tiles placed where a search guesses them.

A view holds only what its seat may know (DESIGN principle 3): its own hand, the others' counts,
the table and the public history, in which another seat's draw names no tile (COM-5).

>>> import domino_widgets as dw
>>> s = dw.new_game("draw", hands=[["6-6", "1-2"], ["6-5", "5-4", "0-0"]], boneyard=["3-3"]).play("6-6")
>>> v = s.view(1)
>>> v.hand, v.hand_sizes, v.boneyard_size, [str(e.action) for e in v.history]
((Tile(0, 0), Tile(4, 5), Tile(5, 6)), (1, 3), 1, ['6-6'])
>>> core_from_view(v, hands=s.core.hands, stock=s.core.stock, out=s.core.out).history == s.core.history
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import registry
from .actions import DRAW, DRAW_CODE, PASS_CODE, Action, ActionKind, End, draw_code
from .engine import Core, new_core
from .engine import _blocked as engine_blocked
from .engine import _end as engine_end
from .engine import _place as engine_place
from .engine import _place_lead as engine_place_lead
from .errors import ParameterError
from .layouts import Layout
from .pictured import Pictured
from .tiles import Tile, tiles_of

if TYPE_CHECKING:
    from .state import GameState, Outcome


@dataclass(frozen=True)
class PublicEvent:
    """One action as every seat saw it (COM-5: draws are seen, not the tile drawn)."""

    seat: int
    action: Action  # a draw by another seat has ``tile=None``
    ends: tuple[tuple[End, int], ...]  # the open ends at that moment


@dataclass(frozen=True)
class PlayerView(Pictured):
    """What one seat may know (DESIGN principle 3). AI players see only this.

    `GameState.view` fills in every field. The package's own players in a simulation get views
    that build ``hand``, ``layout`` and ``history`` when they are first read (`GameState._view`: a
    random player reads none of them); equality, ``repr``, pickles and copies read them all, so
    such a view behaves as if every field had been filled in at once.
    """

    variant: str
    params: tuple[tuple[str, Any], ...]
    seat: int
    players: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    layout: Layout
    boneyard_size: int
    out_of_play_size: int
    current_player: int | None
    legal_actions: tuple[Action, ...]  # empty unless it is this seat's turn
    history: tuple[PublicEvent, ...]
    scores: tuple[Any, ...]  # points scored in this hand so far
    match_scores: tuple[Any, ...]  # before this hand
    is_over: bool
    outcome: Outcome | None
    revealed: tuple[tuple[Tile, ...], ...] | None  # every hand, once the hand is over
    pips: int
    finished: tuple[int, ...] = ()  # seats out of tiles for good, in order (BRG-5)

    @property
    def unseen(self) -> tuple[Tile, ...]:
        """Tiles this seat has not seen: in other hands, the boneyard or out of play."""
        from .tiles import tile_set

        seen = set(self.hand) | {p.tile for p in self.layout.placements()}
        return tuple(t for t in tile_set(self.pips) if t not in seen)

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised with the renderer installed
        from ..render import view_svg

        return view_svg(self)

    def __getattr__(self, name: str) -> Any:
        # Called only for an attribute missing from the instance: one of the fields that
        # `GameState.view` leaves to be built on first read (`_LAZY_FIELDS`), from the caches of
        # the state the view was taken from. Once all are built, the view lets go of the state.
        d = self.__dict__
        source = d.get("_source")
        if source is None or name not in _LAZY_FIELDS:
            raise AttributeError(f"'PlayerView' object has no attribute {name!r}")
        value = d[name] = source.field(name)
        if all(k in d for k in _LAZY_FIELDS):
            del d["_source"]
        return value

    def __getstate__(self) -> dict[str, Any]:
        """Every field, built (pickles and copies hold no reference to a state)."""
        return {f: getattr(self, f) for f in self.__dataclass_fields__}


#: The fields of a view built by `GameState.view` only when first read: most players read
#: only ``legal_actions`` and a few counts (a random player), or a compact position (the greedy
#: players, through `_ViewSource.public_core`), so a tournament skips building them.
_LAZY_FIELDS = frozenset({"hand", "layout", "history"})


class _ViewSource:
    """What a view's lazily built fields (`_LAZY_FIELDS`) are built from: the state it was taken
    from and the seat. Everything it hands out is what that seat may know (DESIGN principle 3)."""

    __slots__ = ("seat", "state")

    def __init__(self, state: GameState, seat: int) -> None:
        self.state = state
        self.seat = seat

    def field(self, name: str) -> Any:
        st = self.state
        if name == "hand":
            return tiles_of(st._core.hands[self.seat])
        if name == "layout":
            return st._table()
        return st._seen_by(self.seat)  # history

    def public_core(self) -> Core:
        """``domino_widgets.players.sampling.public_core`` of the view, slot for slot, built from
        the state's compact position instead of from the layout (the greedy players' hot path).
        The hidden tiles are placed as that function places them: in index order, the first as
        many as the boneyard holds in the boneyard, the rest out of play."""
        c = self.state._core
        cfg = c.cfg
        seat = self.seat
        hands = c.hands
        own = hands[seat]
        p = new_core(cfg, hands=[own if s == seat else 0 for s in range(cfg.players)], stock=[], out=0,
                     leader=seat, seed=None, base_scores=c.base_scores)
        if c.center >= 0:
            p.center = c.center
            p.arms = c.arms[:]
            p.tips = c.tips[:]
            ends = p.ends
            for e in c.open:
                ends[e] = c.ends[e]
            p.open = c.open
        hidden = c.out
        for s, h in enumerate(hands):
            if s != seat:
                hidden |= h
        bit = cfg.t.bit
        for i in c.stock:
            hidden |= bit[i]
        stock = p.stock
        for _ in range(len(c.stock)):  # the lowest hidden indices, in order; the rest out of play
            low = hidden & -hidden
            hidden ^= low
            stock.append(low.bit_length() - 1)
        p.out = hidden
        p.turn = seat if c.over else c.turn
        p.hand_points = list(c.hand_points)
        p.finished = list(c.finished)
        p.initial = ()
        return p


def _new_view(**fields: Any) -> PlayerView:
    """A `PlayerView` of all its fields, without the field-by-field ``object.__setattr__`` of a
    frozen dataclass's ``__init__`` (about 8x faster; simulations build a view per decision)."""
    view = object.__new__(PlayerView)
    view.__dict__.update(fields)
    return view


def _seen_event(seat: int, who: int, action: Action, ends: tuple[tuple[End, int], ...]) -> PublicEvent:
    """One public event as ``seat`` sees it: another seat's draw without the tile (COM-5)."""
    if action.kind is ActionKind.DRAW and who != seat and action.tile is not None:
        action = DRAW
    return PublicEvent(who, action, ends)


# ------------------------------------------------------------------ views back to positions


def core_from_view(view: PlayerView, hands: Sequence[int], stock: Sequence[int], out: int) -> Core:
    """A full engine position that agrees with ``view`` and puts the hidden tiles where told.

    ``hands`` are bit masks per seat (the viewer's own must be its real hand), ``stock`` the
    boneyard as tile indices in draw order (the last one is drawn next), ``out`` the mask of the
    tiles out of play. This is how an AI that sees only its view searches ("determinization"):
    it samples where the unseen tiles are, then plays on the result.
    """
    cfg = registry.get_variant(view.variant).config(dict(view.params))
    if len(hands) != cfg.players:
        raise ParameterError("hands must give {players} masks", players=cfg.players)
    if tiles_of(hands[view.seat]) != view.hand:
        raise ParameterError("the viewer's own hand must be its real hand")
    for seat, h in enumerate(hands):
        if h.bit_count() != view.hand_sizes[seat]:
            raise ParameterError("seat {seat} holds {hand_sizes} tiles, not {bit_count}",
                                 seat=seat, hand_sizes=view.hand_sizes[seat], bit_count=h.bit_count())
    if len(stock) != view.boneyard_size or out.bit_count() != view.out_of_play_size:
        raise ParameterError("the boneyard and out-of-play sizes must match the view")
    leader = view.history[0].seat if view.history else (view.current_player or 0)
    c = new_core(cfg, hands=list(hands), stock=list(stock), out=out, leader=leader, seed=None,
                 base_scores=tuple(view.match_scores))
    for p in view.layout.placements():
        flip = int(p.near != p.tile.low)
        if p.arm is None:
            engine_place_lead(c, p.tile.index, flip)
        else:
            engine_place(c, p.tile.index, int(p.arm), flip)
    plays = iter(sorted(view.layout.placements(), key=lambda p: p.move))
    history = []
    for ev in view.history:
        a = ev.action
        if a.kind is ActionKind.PLAY:
            p = next(plays)
            flip = int(p.near != p.tile.low)
            arm = 0 if p.arm is None else int(p.arm)
            history.append(p.tile.index << 3 | arm << 1 | flip)
        elif a.kind is ActionKind.PASS:
            history.append(PASS_CODE)
        else:
            history.append(draw_code(a.tile.index) if a.tile is not None else DRAW_CODE)
    c.history = history
    c.initial = ()  # a guess has no deal to replay
    c.turn = view.current_player if view.current_player is not None else leader
    c.hand_points = list(view.scores)
    c.finished = list(view.finished)
    if view.is_over and view.outcome is not None:
        c.over, c.reason, c.winner, c.points = True, view.outcome.reason, view.outcome.winner, view.outcome.points
    elif engine_blocked(c):
        # Hidden tiles placed where the true game could not have them (it would have ended):
        # end this guess too, so that playing it out terminates.
        engine_end(c, "blocked")
    return c

"""The public game state: an immutable position that answers questions and makes new positions.

>>> import domino_widgets as dw
>>> s = dw.new_game("block", seed=7)
>>> s.current_player, len(s.legal_actions()), s.is_over
(0, 7, False)
>>> s2 = s.play(s.legal_actions()[0])
>>> s2.history, s2.undo() is s
((Action.parse('0-0'),), True)

What one seat may know (`PlayerView`) is in `view.py`, starting a hand (`new_game`) in `start.py`;
both names stay importable from here.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .actions import DRAW, DRAW_CODE, PASS, PASS_CODE, Action, ActionKind, End, draw_code, drawn_index
from .bounded import PARAMS_CACHE_SIZE, BoundedCache
from .engine import (
    LINE,
    Config,
    Core,
    apply_code,
    forced_lead,
    hand_count,
    initial_core,
    legal_codes,
)
from .errors import (
    END_WORDS,
    VARIANT_WORDS,
    AmbiguousPlayError,
    GameOverError,
    IllegalPlayError,
    ParameterError,
    Phrase,
    Plays,
    quote,
)
from .layouts import Layout, Placement
from .pictured import Pictured, pretty_shown
from .tiles import Tile, tiles_of
from .view import _LAZY_FIELDS, PlayerView, PublicEvent, _new_view, _seen_event, _ViewSource
from .view import core_from_view  # noqa: F401  (re-exported: it lived here)

RECORD_FORMAT = "domino_widgets/record"
RECORD_VERSION = 1


@dataclass(frozen=True)
class Outcome:
    """How a hand ended: ``reason`` is "out", "blocked" or "target" (A5-6)."""

    reason: str
    winner: int | None  # None: a drawn (tied) hand
    points: tuple[Any, ...]  # what each seat scores for this hand (BRG: its share of the pot)
    counts: tuple[int, ...]  # the pip count of each hand at the end
    finished: tuple[int, ...]  # seats that went out, in order

    def __str__(self) -> str:
        return self.phrase().text()

    def phrase(self) -> Phrase:
        """The outcome as a `Phrase` (in the reader's language when shown: `str` is it in the
        current one)."""
        if self.winner is None:
            return Phrase("blocked, tied counts {counts}: no winner; points {points}",
                          counts=self.counts, points=_fmt(self.points))
        if self.reason == "out":
            return Phrase("seat {winner} went out; points {points}; counts {counts}",
                          winner=self.winner, points=_fmt(self.points), counts=self.counts)
        if self.reason == "blocked":
            return Phrase("seat {winner} won the blocked hand; points {points}; counts {counts}",
                          winner=self.winner, points=_fmt(self.points), counts=self.counts)
        return Phrase("seat {winner} reached the target; points {points}; counts {counts}",
                      winner=self.winner, points=_fmt(self.points), counts=self.counts)


def _fmt(points: Sequence[Any]) -> str:
    return "(" + ", ".join(str(p) for p in points) + ")"




class GameState(Pictured):
    """A position of one hand. Immutable: `play` returns a new state, `undo` the previous one.

    The states of one line of play share their history (see ``__init__``), so keeping every
    state of a hand (undo, records) costs memory linear in its length. Play from one state in
    one thread at a time.
    """

    __slots__ = ("_action", "_core", "_events", "_layout", "_legal", "_n", "_parent", "_seen")

    def __init__(self, core: Core, parent: GameState | None = None, action: Action | None = None) -> None:
        self._core = core
        self._parent = parent
        self._action = action
        # States of one line of play share one list of codes (``core.history``) and one list of
        # public events: this state's are their first ``_n`` entries. Memory stays linear in the
        # number of actions, not quadratic (a record of 20,000 passes would otherwise need GiBs).
        self._n = len(core.history)
        self._events: list[tuple[int, Action, tuple[tuple[End, int], ...]]] | None = None
        # Built on first use, each from the parent's where it can be (the hot paths of play and view):
        self._legal: tuple[tuple[Action, ...], tuple[int, ...]] | None = None  # legal actions, their codes
        self._layout: Layout | None = None
        self._seen: dict[int, list[PublicEvent]] | None = None  # the public history each seat sees

    def _codes(self) -> list[int]:
        """This state's action codes (a prefix of the list it shares with later states)."""
        h = self._core.history
        return h if len(h) == self._n else h[: self._n]

    def _exact_core(self) -> Core:
        """The position with exactly this state's history (a copy when the list is shared further)."""
        c = self._core
        return c if len(c.history) == self._n else c.copy(history=c.history[: self._n])

    def _public_events(self) -> tuple[tuple[int, Action, tuple[tuple[End, int], ...]], ...]:
        """(seat, action, open ends before it) for every action so far, built once per line of
        play from the parent's (a state made without a parent replays its history)."""
        if self._events is None:
            chain: list[GameState] = []
            node: GameState | None = self
            while node is not None and node._events is None:
                chain.append(node)
                node = node._parent if node._action is not None else None
            events = node._events if node is not None else None
            for st in reversed(chain):
                parent = st._parent
                if events is None or parent is None or st._action is None:
                    events = list(_public_history(st._exact_core()))
                else:
                    if len(events) != parent._n:  # another line of play from the parent: a list of its own
                        events = events[: parent._n]
                    events.append((parent._core.turn, st._action, _open_ends(parent._core)))
                st._events = events
        ev = self._events
        assert ev is not None
        return tuple(ev) if len(ev) == self._n else tuple(ev[: self._n])

    def _legal_pairs(self) -> tuple[tuple[Action, ...], tuple[int, ...]]:
        """The legal actions and their engine codes, built once per state (actions are interned)."""
        pairs = self._legal
        if pairs is None:
            c = self._core
            codes = legal_codes(c)
            pairs = self._legal = (tuple([_action_of(c, k, codes) for k in codes]), codes)
        return pairs

    def _line(self, cached: Any) -> list[GameState]:
        """This state and its ancestors back to (not including) the first for which ``cached``
        is true, nearest first; a loop, not a recursion (a record may hold thousands of actions)."""
        chain: list[GameState] = []
        node: GameState | None = self
        while node is not None and not cached(node):
            chain.append(node)
            node = node._parent if node._action is not None else None
        return chain

    def _table(self) -> Layout:
        """The layout, built from the parent's by adding the last tile played."""
        if self._layout is None:
            for st in reversed(self._line(lambda s: s._layout is not None)):
                parent, action = st._parent, st._action
                if parent is None or action is None:
                    st._layout = _layout(st._exact_core())
                elif action.kind is ActionKind.PLAY:
                    st._layout = _layout_after(parent._table(), st._core, st._n - 1)
                else:
                    st._layout = parent._table()  # a draw or a pass leaves the table as it was
        assert self._layout is not None
        return self._layout

    def _seen_by(self, seat: int) -> tuple[PublicEvent, ...]:
        """The public history as ``seat`` sees it (COM-5: others' draws without the tile), built
        from the parent's by adding the last event. Like the codes and the events, the states of
        one line of play share one list per seat, so memory stays linear in the hand's length."""
        for st in reversed(self._line(lambda s: s._seen is not None and seat in s._seen)):
            parent, action = st._parent, st._action
            seen = None if parent is None or action is None or parent._seen is None else parent._seen.get(seat)
            if seen is None:
                seen = [_seen_event(seat, *ev) for ev in st._public_events()]
            else:
                if len(seen) != parent._n:  # another line of play from the parent: a list of its own
                    seen = seen[: parent._n]
                seen.append(_seen_event(seat, parent._core.turn, action, parent._table().ends))
            if st._seen is None:
                st._seen = {}
            st._seen[seat] = seen
        assert self._seen is not None
        seen = self._seen[seat]
        return tuple(seen) if len(seen) == self._n else tuple(seen[: self._n])

    # -------------------------------------------------------------- questions

    @property
    def variant(self) -> str:
        return self._core.cfg.variant

    @property
    def params(self) -> dict[str, Any]:
        return dict(self._core.cfg.params)

    @property
    def seed(self) -> int | None:
        return self._core.seed

    @property
    def players(self) -> int:
        return self._core.cfg.players

    @property
    def leader(self) -> int:
        """The seat that led (or leads) this hand."""
        return self._core.leader

    @property
    def dealt(self) -> tuple[tuple[Tile, ...], ...]:
        """The hands as they were dealt."""
        return tuple(tiles_of(h) for h in initial_core(self._core).hands)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the hand is over."""
        return None if self._core.over else self._core.turn

    @property
    def is_over(self) -> bool:
        return self._core.over

    @property
    def outcome(self) -> Outcome | None:
        c = self._core
        if not c.over:
            return None
        assert c.reason is not None and c.points is not None
        return Outcome(c.reason, c.winner, c.points, self.counts, tuple(c.finished))

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand (the whole truth: give players `view` instead)."""
        return tuple(tiles_of(h) for h in self._core.hands)

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tiles_of(self._core.hands[self._seat(seat)])

    @property
    def counts(self) -> tuple[int, ...]:
        """The pip count of every hand."""
        return tuple(hand_count(self._core, s) for s in range(self.players))

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in draw order (the next tile drawn first)."""
        return tuple(Tile.from_index(i) for i in reversed(self._core.stock))

    @property
    def out_of_play(self) -> tuple[Tile, ...]:
        return tiles_of(self._core.out)

    @property
    def scores(self) -> tuple[Any, ...]:
        """Points scored during this hand so far (A5-4); the hand's final points are in `outcome`."""
        return tuple(self._core.hand_points)

    @property
    def match_scores(self) -> tuple[Any, ...]:
        """The match scores before this hand."""
        return self._core.base_scores

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far; draws name the tile drawn."""
        return tuple(a for _, a, _ in self._public_events())

    @property
    def parent(self) -> GameState | None:
        return self._parent

    @property
    def last_action(self) -> Action | None:
        return self._action

    @property
    def layout(self) -> Layout:
        return self._table()

    @property
    def ends(self) -> dict[End, int]:
        """The open ends and the number each shows."""
        return dict(_open_ends(self._core))

    @property
    def core(self) -> Core:
        """A private copy of the compact engine position (for search and simulation)."""
        return self._core.copy(history=self._codes()[:])

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to move (empty once the hand is over)."""
        return list(self._legal_pairs()[0])

    def is_legal(self, action: Action | str) -> bool:
        try:
            self._resolve(action)
        except IllegalPlayError:
            return False
        return True

    def chance_outcomes(self) -> list[tuple[Tile, Fraction]]:
        """For a position where the player must draw: each tile that may come, with its probability."""
        if legal_codes(self._core) != (DRAW_CODE,):
            return []
        stock = sorted(self._core.stock)
        return [(Tile.from_index(i), Fraction(1, len(stock))) for i in stock]

    # -------------------------------------------------------------- transitions

    def play(self, action: Action | str) -> GameState:
        """The state after ``action``; raises an `IllegalPlayError` (this state unchanged) if illegal."""
        actions, codes = self._legal_pairs()
        for a, code in zip(actions, codes):
            if a is action:  # one of the actions this state handed out: legal, nothing to check
                break
        else:
            code, codes = self._resolve(action)
            a = _action_of(self._core, code, codes)
        core = self._core.copy(history=self._codes())  # shared with this state: see __init__
        apply_code(core, code)
        done = core.history[-1]  # a random draw is recorded as the tile drawn
        return GameState(core, self, a if done == code else _action_of(self._core, done, codes))

    def undo(self) -> GameState:
        """The state before the last action."""
        if self._parent is None:
            raise IllegalPlayError("nothing to undo: this is the start of the hand")
        return self._parent

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: its own hand, counts of the others, the table, public history.

        The view holds nothing else (DESIGN principle 3): no reference to this state, so a
        player's code cannot reach a hidden tile through it.

        >>> import domino_widgets as dw
        >>> v = dw.new_game("block", seed=1).view(0)
        >>> len(v.hand), v.hand_sizes, "_source" in vars(v)
        (7, (7, 7), False)
        """
        v = self._view(seat)
        d = v.__dict__
        source = d.pop("_source")
        for name in _LAZY_FIELDS:
            d[name] = source.field(name)
        return v

    def _view(self, seat: int) -> PlayerView:
        """`view`, with ``hand``, ``layout`` and ``history`` built on first read, from a reference
        to this state (`_ViewSource`). Only for the package's own players in simulations
        (`domino_widgets.sim.tournament`), which read a few counts or a compact position per
        decision; a player from outside always receives a whole `view`."""
        c = self._core
        cfg = c.cfg
        if type(seat) is not int or not 0 <= seat < cfg.players:
            self._seat(seat)  # raises the error
        over = c.over
        params = _PARAMS.get(cfg)
        if params is None:
            params = _PARAMS[cfg] = tuple(sorted(cfg.params.items()))
        # ``hand``, ``layout`` and ``history`` are built on first read (`_LAZY_FIELDS`).
        return _new_view(
            _source=_ViewSource(self, seat),
            variant=cfg.variant,
            params=params,
            seat=seat,
            players=cfg.players,
            hand_sizes=tuple(map(int.bit_count, c.hands)),
            boneyard_size=len(c.stock),
            out_of_play_size=c.out.bit_count(),
            current_player=None if over else c.turn,
            legal_actions=self._legal_pairs()[0] if not over and c.turn == seat else (),
            scores=tuple(c.hand_points),
            match_scores=c.base_scores,
            is_over=over,
            outcome=self.outcome if over else None,
            revealed=self.hands if over else None,
            pips=cfg.pips,
            finished=tuple(c.finished),
        )

    # -------------------------------------------------------------- records

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record that `load_record` replays to this state."""
        c = self._core
        init = initial_core(c)
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "variant": self.variant,
            "params": dict(c.cfg.params),
        }
        if c.seed is not None:
            rec["seed"] = c.seed
            if c.cfg.lead == "any":
                rec["leader"] = init.leader
        else:
            rec["deal"] = {
                "hands": [[str(t) for t in tiles_of(h)] for h in init.hands],
                "boneyard": [str(Tile.from_index(i)) for i in reversed(init.stock)],
                "out": [str(t) for t in tiles_of(init.out)],
                "leader": init.leader,
            }
        if any(c.base_scores):
            rec["scores"] = [_jsonable(x) for x in c.base_scores]
        rec["actions"] = [str(a) for a in self.history]
        return rec

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps(self.to_record(), **kwargs)

    # -------------------------------------------------------------- display

    def __repr__(self) -> str:
        c = self._core
        status = f"over: {self.outcome}" if c.over else f"seat {c.turn} to play"
        return (
            f"<GameState {self.variant} move {self._n}, {status}; "
            f"table {self.layout}; hands {[len(h) for h in self.hands]}; boneyard {len(c.stock)}>"
        )

    def shown(self, lang: str | None = None) -> str:
        """The state as a lesson shows it to a person, in ``lang`` (the language setting if None):
        players counted from 1, hidden hands as their sizes (what `repr` says to a programmer).

        >>> from domino_widgets.core.state import new_game
        >>> new_game("draw", seed=1).shown("cs")
        'Domino s dobíráním, tah 0, na tahu Hráč 2; stůl: prázdný; kostek v rukou: 7, 7; v záloze: 14'
        """
        c = self._core
        who = Phrase("the hand is over") if c.over else Phrase("Player {n} to play", n=c.turn + 1)
        table = str(self.layout) if self.layout.placements() else Phrase("empty")
        return Phrase("{variant}, move {n}, {who}; table: {table}; tiles in hands: {hands}; boneyard: {stock}",
                      variant=VARIANT_WORDS.get(self.variant, self.variant), n=self._n, who=who, table=table,
                      hands=", ".join(str(len(h)) for h in self.hands), stock=len(c.stock)).text(lang)

    _repr_pretty_ = pretty_shown  # a notebook: `shown` in Czech and Greek, the `repr` in English

    def describe(self) -> str:
        """A one-line position summary used in error messages (in the current language)."""
        return self._summary().text()

    def _summary(self) -> Phrase:
        c = self._core
        ends: Phrase | str = ""
        for e, v in _open_ends(c):
            end = Phrase("{end}={pips}", end=END_WORDS[str(e)], pips=v)
            ends = Phrase("{a} {b}", a=ends, b=end) if ends else end
        if c.over:
            who = Phrase("over")
        else:
            held = " ".join(map(str, self.hand(c.turn)))
            # the person's count beside the code's (lesson 00: Player 1 is seat 0, `s.view(0)`)
            who = Phrase("Player {n} (seat {seat}) to play, holding {tiles}", n=c.turn + 1, seat=c.turn,
                         tiles=held) if held else Phrase("Player {n} (seat {seat}) to play, holding nothing",
                                                         n=c.turn + 1, seat=c.turn)
        return Phrase("{variant} after {n} actions; {who}; open ends: {ends}; boneyard {stock}",
                      variant=VARIANT_WORDS.get(self.variant, self.variant),
                      n=self._n, who=who, ends=ends or Phrase("none (lead)"), stock=len(c.stock))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        a, b = self._core, other._core
        return (
            (a.cfg is b.cfg or (a.cfg.variant == b.cfg.variant and a.cfg.params == b.cfg.params))
            and a.hands == b.hands and a.stock == b.stock and a.out == b.out
            and self._codes() == other._codes() and a.turn == b.turn and a.over == b.over
            and a.base_scores == b.base_scores and a.initial == b.initial
        )

    def __hash__(self) -> int:
        c = self._core
        return hash((c.cfg.variant, tuple(c.hands), tuple(self._codes())))

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised with the renderer installed
        from ..render import state_svg

        return state_svg(self)

    # -------------------------------------------------------------- helpers

    def _seat(self, seat: int) -> int:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise ParameterError("seat must be 0..{last} (a whole number), not {seat}",
                                 last=self.players - 1, seat=quote(seat))
        return seat

    def _resolve(self, action: Action | str) -> tuple[int, tuple[int, ...]]:
        """The engine code of a legal action, or a precise error."""
        a = Action.parse(action)
        c = self._core
        if c.over:
            raise GameOverError("{action} is illegal: the hand is over ({outcome}); start a new hand",
                                action=a, outcome=self.outcome.phrase())
        codes = legal_codes(c)
        if a.kind not in (ActionKind.PLAY, ActionKind.DRAW, ActionKind.PASS):
            raise IllegalPlayError("{action} is not an action of {variant}: it plays, draws or passes",
                                   action=a, variant=self.variant)
        if a.kind is ActionKind.PASS:
            if PASS_CODE in codes:
                return PASS_CODE, codes
            why = Phrase("you must draw") if DRAW_CODE in codes else Phrase("you have a legal play")
            raise IllegalPlayError("pass is illegal ({why}; COM-4) in {position}", why=why, position=self._summary())
        if a.kind is ActionKind.DRAW:
            if DRAW_CODE not in codes:
                if not c.cfg.draws:
                    why = Phrase("this variant has no boneyard")
                elif codes != (PASS_CODE,):
                    why = Phrase("you have a legal play (COM-4)")
                else:
                    why = Phrase("the boneyard is empty")
                raise IllegalPlayError("{action} is illegal: {why}, in {position}",
                                       action=a, why=why, position=self._summary())
            if a.tile is None:
                return DRAW_CODE, codes
            if a.tile.index not in c.stock:
                raise IllegalPlayError("{action} is illegal: {tile} is not in the boneyard, in {position}",
                                       action=a, tile=a.tile, position=self._summary())
            if c.seed is not None and a.tile.index != c.stock[-1]:
                # COM-7: in a dealt hand the seed decides what comes next; naming a tile only
                # replays that draw (records do), it cannot pick another one.
                raise IllegalPlayError("{action} is illegal: in a hand dealt from seed {seed} the next tile drawn is "
                                       "decided by the seed; play 'draw', in {position}",
                                       action=a, seed=c.seed, position=self._summary())
            return draw_code(a.tile.index), codes
        tile = a.tile
        assert tile is not None
        if tile.index >= c.cfg.t.size:
            raise IllegalPlayError("{action} is illegal: {tile} is not a tile of the double-{pips} set, in {position}",
                                   action=a, tile=tile, pips=c.cfg.pips, position=self._summary())
        if not c.hands[c.turn] & c.cfg.t.bit[tile.index]:
            raise IllegalPlayError("{action} is illegal: seat {turn} does not hold {tile}, in {position}",
                                   action=a, turn=c.turn, tile=tile, position=self._summary())
        if a.end is not None and c.center >= 0 and a.end not in _layout_end_names(c):
            raise IllegalPlayError("{action} is illegal: a {layout} layout has no {end} end, in {position}",
                                   action=a, layout=c.cfg.layout, end=END_WORDS[str(a.end)], position=self._summary())
        candidates = [k for k in codes if k >= 0 and k >> 3 == tile.index]
        if c.center >= 0 and a.end is not None:
            candidates = [k for k in candidates if (k >> 1) & 3 == a.end]
        if a.touching is not None:
            if c.center < 0 and not tile.is_double:
                # COM-8 names the half laid against an end; the lead touches nothing.
                raise IllegalPlayError("{action} is illegal: the lead touches no end, so it names no touching half; "
                                       "play '{tile}', in {position}", action=a, tile=tile, position=self._summary())
            candidates = [k for k in candidates if _touching(c, k) == a.touching]
        if not candidates:
            forced = forced_lead(c.cfg, c.hands) if c.center < 0 else None
            if forced is not None:
                why = Phrase("the rules make {tile} lead (DRW-2/BRG-2)", tile=Tile.from_index(forced[1]))
            elif c.center < 0:
                why = Phrase("it cannot lead")
            elif not any(k >= 0 for k in codes):
                why = Phrase("it fits no open end; you must draw") if DRAW_CODE in codes else Phrase(
                    "it fits no open end; you must pass")
            elif a.end is not None and a.end in dict(_open_ends(c)):
                why = Phrase("it does not fit the {end} end, which shows {pips}", end=END_WORDS[str(a.end)],
                             pips=dict(_open_ends(c))[a.end])
            elif a.end is not None:
                why = Phrase("the {end} end is not open", end=END_WORDS[str(a.end)])
            else:
                why = Phrase("it fits no open end")
            raise IllegalPlayError("{action} is illegal: {why}, in {position}",
                                   action=a, why=why, position=self._summary())
        if len(candidates) > 1:
            options = Plays(_action_of(c, k, codes) for k in candidates)
            what = Phrase("the end") if len({(k >> 1) & 3 for k in candidates}) > 1 else Phrase(
                "the half that touches (COM-8)")
            raise AmbiguousPlayError("{action} is ambiguous: it can be played as {options}; name {what}, in "
                                     "{position}", action=a, options=options, what=what, position=self._summary())
        return candidates[0], codes


# ------------------------------------------------------------------ code <-> action


_PARAMS: dict[Config, tuple[tuple[str, Any], ...]] = BoundedCache(PARAMS_CACHE_SIZE)  # a view's params, per configuration
# Interned play actions, by ``code << 2 | lead << 1 | touching named`` (see `_action_of`).
_PLAYS: dict[int, Action] = {}
_DRAWS: dict[int, Action] = {}  # by tile index



def _touching(c: Core, code: int) -> int:
    t = c.cfg.t
    idx = code >> 3
    return t.high[idx] if code & 1 else t.low[idx]


def _action_of(c: Core, code: int, codes: Iterable[int]) -> Action:
    """The public action of a code; ``touching`` is named only when the other half could touch too.

    Actions are immutable, so each one is built once and handed out again (interned).
    """
    if code < 0:
        if code == PASS_CODE:
            return PASS
        if code == DRAW_CODE:
            return DRAW
        idx = drawn_index(code)
        action = _DRAWS.get(idx)
        if action is None:
            action = _DRAWS[idx] = Action.draw(Tile.from_index(idx))
        return action
    lead = c.center < 0
    named = not lead and (code ^ 1) in codes
    key = code << 2 | lead << 1 | named
    action = _PLAYS.get(key)
    if action is None:
        tile = Tile.from_index(code >> 3)
        if lead:
            action = Action(ActionKind.PLAY, tile)
        else:
            action = Action(ActionKind.PLAY, tile, End((code >> 1) & 3), _touching(c, code) if named else None)
        _PLAYS[key] = action
    return action


def _layout_end_names(c: Core) -> tuple[End, ...]:
    return (End.LEFT, End.RIGHT) if c.cfg.layout == LINE else tuple(End)


_ENDS = tuple(End)


def _open_ends(c: Core) -> tuple[tuple[End, int], ...]:
    ends = c.ends
    return tuple([(_ENDS[e], ends[e]) for e in c.open])


def _replay(c: Core) -> Iterable[tuple[Core, int, Core]]:
    """Replay the history from the dealt position: (before, code, after) for every action."""
    cur = initial_core(c)
    for code in c.history:
        before = cur.copy()
        apply_code(cur, code)
        yield before, code, cur


def _public_history(c: Core) -> Iterable[tuple[int, Action, tuple[tuple[End, int], ...]]]:
    for before, code, _ in _replay(c):
        yield before.turn, _action_of(before, code, legal_codes(before)), _open_ends(before)


def _layout(c: Core) -> Layout:
    t = c.cfg.t
    center: Placement | None = None
    arms: list[list[Placement]] = [[], [], [], []]
    for move, code in enumerate(c.history):
        if code < 0:
            continue
        idx = code >> 3
        tile = Tile.from_index(idx)
        near = t.high[idx] if code & 1 else t.low[idx]
        far = t.value[idx] - near
        if center is None:
            center = Placement(tile, None, near, far, move)
        else:
            e = End((code >> 1) & 3)
            arms[e].append(Placement(tile, e, near, far, move))
    return Layout(c.cfg.layout, center, tuple(tuple(a) for a in arms), _open_ends(c))


def _layout_after(before: Layout, c: Core, move: int) -> Layout:
    """The layout ``before`` with the tile of ``c``'s action number ``move`` (a play, its last:
    ``c.history`` may be shared with later states) added; what `_layout` would build from the
    whole history."""
    t = c.cfg.t
    code = c.history[move]
    idx = code >> 3
    tile = Tile.from_index(idx)
    near = t.high[idx] if code & 1 else t.low[idx]
    far = t.value[idx] - near
    if before.center is None:
        return Layout(before.kind, Placement(tile, None, near, far, move), before.arms, _open_ends(c))
    e = (code >> 1) & 3
    arms = list(before.arms)
    arms[e] = arms[e] + (Placement(tile, _ENDS[e], near, far, move),)
    return Layout(before.kind, before.center, tuple(arms), _open_ends(c))


def _jsonable(x: Any) -> Any:
    return str(x) if isinstance(x, Fraction) else x


# ------------------------------------------------------------------ moved, importable here as before

# The start of a hand has a room of its own (core/start.py), as the view has (core/view.py); their
# names stay importable from here. start.py imports GameState, so this import comes last.
from .start import new_game, play_all  # noqa: E402, F401

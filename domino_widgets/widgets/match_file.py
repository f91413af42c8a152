"""Match files: the whole match (every finished hand and the hand in play) as one JSON file that a
student downloads and loads back later, into the same match, position and scores.

A saved file never holds what the viewer could not see. The finished hands are written in full
(a hand's tiles are all shown once it is over), and so is the hand in play when it is over or when
open hands are on. In the middle of a hand with hidden tiles the file keeps only the viewer's
view: their own hand, the public moves (a draw of another seat is just "draw"; the viewer's own
draws name the tile, which the viewer saw), the counts of tiles per hand, and the scores.

Loading such a file cannot bring the hidden tiles back, since they are not in it. The loader
deals them afresh, at random among the places the public record leaves open (each seat's count,
the boneyard, the tiles out of play), keeps only a deal under which every public move replays
legally, and tells the student so ("the hidden tiles were dealt afresh"). The other option,
keeping the hidden tiles encrypted in the file, was not taken: the key would have to travel with
the file or stay in a kernel that is gone by the next lesson, so it would either hide nothing from
a curious student or load nothing in a new session; and a file that says it holds no secret is
one a student can open and check. What a fresh deal changes is only what nobody at the table had
seen.

This module holds no widget: it is the logic behind the Save and Load buttons.

>>> import domino_widgets as dw
>>> from domino_widgets.widgets.session import GameSession
>>> s = GameSession("block", seats=(None, "random"), seed=4)
>>> _ = s.apply(s.state.legal_actions()[0]); _ = s.advance()
>>> text = match_text(s.finished, s.state, viewer=0, open_hands=False)
>>> loaded = load_match_text(text)
>>> loaded.dealt_afresh, loaded.current.hand(0) == s.state.hand(0)
(True, True)
>>> loaded.current.view(0).hand_sizes == s.state.view(0).hand_sizes
True
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, ActionKind
from ..core.errors import DominoError, RecordError, quote
from ..core.match import Match
from ..core.record import _read, load_record
from ..core.registry import get_variant
from ..core.state import GameState, new_game
from ..core.tiles import Tile, parse_tiles, tile_set

MATCH_FORMAT = "domino_widgets/match"
MATCH_VERSION = 1
#: The longest match file read, in characters (about a hundred hands of the largest set).
MAX_MATCH_CHARS = 1_000_000
#: The most hands a match file may hold.
MAX_MATCH_HANDS = 500
#: How long the loader looks for a fresh deal of the hidden tiles, in seconds, and how many tries.
DEAL_SECONDS = 3.0
DEAL_TRIES = 20_000

_KNOWN = {"format", "version", "variant", "params", "hands", "current"}
#: The games with a state of their own (no shared line, no match): one game per file, whose public
#: record keeps the viewer's dealt tiles and what they saw (`own_public_record`).
OWN_GAMES = ("twentyone", "solitaire")
_OWN_PUBLIC = {"viewer", "dealt", "drawn", "actions", "seats", "counts", "stock", "turn", "stood"}
_PUBLIC = {"viewer", "hand", "leader", "scores", "counts", "boneyard", "out", "actions", "seats"}


@dataclass
class LoadedMatch:
    """What a match file holds: the final states of the finished hands, the position of the hand in
    play (its chain of parents goes back to its deal), the match, and whether the hidden tiles of
    the hand in play were dealt afresh (the file did not hold them)."""

    finished: list[GameState]
    current: GameState
    match: Match | None
    dealt_afresh: bool
    viewer: int | None
    one_hand: bool = False  # the file was one hand's record (the older Save), not a match file


def hand_is_open(state: GameState, open_hands: bool) -> bool:
    """Whether the file may hold every tile of ``state``: the hand is over, or open hands are on."""
    return bool(state.is_over or open_hands)


def match_record(finished: Sequence[GameState], current: GameState, *, viewer: int,
                 open_hands: bool) -> dict[str, Any]:
    """The match file of the finished hands and the shown position of the hand in play, as seen
    by ``viewer`` (hidden tiles left out unless the hand is over or ``open_hands``)."""
    rec: dict[str, Any] = {
        "format": MATCH_FORMAT,
        "version": MATCH_VERSION,
        "variant": current.variant,
        "params": dict(current.params),
        "hands": [h.to_record() for h in finished],
    }
    if hand_is_open(current, open_hands):
        rec["current"] = current.to_record()
    elif current.variant in OWN_GAMES:
        rec["current"] = own_public_record(current, viewer)
    else:
        rec["current"] = public_record(current, viewer)
    return rec


def match_text(finished: Sequence[GameState], current: GameState, *, viewer: int, open_hands: bool) -> str:
    """`match_record` as the text of a JSON file."""
    return json.dumps(match_record(finished, current, viewer=viewer, open_hands=open_hands), indent=1) + "\n"


def public_record(state: GameState, viewer: int) -> dict[str, Any]:
    """What ``viewer`` knows of the position: their hand, the public moves (their own draws
    named, the others' not), the counts, and the scores. No hidden tile is in it.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("draw", seed=3)
    >>> for _ in range(8):
    ...     s = s.play(s.legal_actions()[0])
    >>> rec = public_record(s, 0)
    >>> rec["actions"][:3], rec["counts"]
    (['5-5', 'draw', '4-5 left'], [4, 8])
    """
    view = state.view(viewer)
    actions = [str(ev.action) for ev in view.history]
    rec: dict[str, Any] = {
        "viewer": viewer,
        "hand": [str(t) for t in view.hand],
        "leader": state.leader,
        "counts": list(view.hand_sizes),
        "boneyard": view.boneyard_size,
        "out": view.out_of_play_size,
        "actions": actions,
        "seats": [ev.seat for ev in view.history],
    }
    if any(view.match_scores):
        rec["scores"] = [str(x) if not isinstance(x, int) else x for x in view.match_scores]
    return rec


def load_match_text(text: str | bytes, rng: random.Random | None = None) -> LoadedMatch:
    """Read a match file (JSON text, never a path). Anything wrong raises a `RecordError` that
    names it: a file too big, bad JSON, a hand that does not replay, hidden tiles that contradict
    the public moves, scores that do not follow from the hands."""
    if isinstance(text, (str, bytes, bytearray)) and len(text) > MAX_MATCH_CHARS:
        raise RecordError("the file has {size:,} characters; a match file is at most {most:,}",
                          size=len(text), most=MAX_MATCH_CHARS)
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("a record is UTF-8 JSON text") from None
    if not isinstance(text, str) or not text.strip().startswith("{"):
        raise RecordError("a record is JSON text starting with '{', not a file name")
    try:
        rec = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("not valid JSON: {error}", error=exc) from None
    except (RecursionError, ValueError):
        raise RecordError("not a record: JSON nested too deeply") from None
    if not isinstance(rec, dict):
        raise RecordError("a record is a JSON object, not {name}", name=type(rec).__name__)
    if rec.get("format") != MATCH_FORMAT:
        # one hand's record (the older Save): a match of its own, from its scores
        state = _one_hand(text)
        root = _root(state)
        return LoadedMatch([], state, _resume_or_none(root), False, None, True)
    return load_match_record(rec, rng)


def _one_hand(text: str) -> GameState:
    from ..core.record import record_from_json

    return record_from_json(text)


def load_match_record(rec: dict[str, Any], rng: random.Random | None = None) -> LoadedMatch:
    """`load_match_text` for a parsed file."""
    rec = _read(rec)
    unknown = sorted(str(k) for k in set(rec) - _KNOWN)
    if unknown:
        raise RecordError("unknown field(s) {unknown}; a match file has {known}",
                          unknown=quote(', '.join(unknown)), known=', '.join(sorted(_KNOWN)))
    if type(rec.get("version")) is not int or rec.get("version") != MATCH_VERSION:
        raise RecordError("version: this package reads version {record_version}, found {found}",
                          record_version=MATCH_VERSION, found=quote(rec.get('version')))
    variant, params = rec.get("variant"), rec.get("params", {})
    if not isinstance(variant, str) or not isinstance(params, dict):
        raise RecordError("variant and params: expected a variant name and an object")
    hands = rec.get("hands", [])
    if not isinstance(hands, list) or len(hands) > MAX_MATCH_HANDS:
        raise RecordError("hands: expected a list of at most {most} hand records", most=MAX_MATCH_HANDS)
    finished = []
    for i, h in enumerate(hands):
        try:
            state = load_record(_hand_dict(h, variant, params))
        except RecordError as exc:
            raise RecordError("hands[{i}]: {error}", i=i, error=exc) from None
        if not state.is_over:
            raise RecordError("hands[{i}]: a finished hand of the match is not over", i=i)
        finished.append(state)
    current = rec.get("current")
    if not isinstance(current, dict):
        raise RecordError("current: expected the record of the hand in play")
    afresh = "viewer" in current
    viewer = None
    own = variant in OWN_GAMES
    if own and finished:
        raise RecordError("hands: {variant} has no match; its file holds one game", variant=variant)
    if afresh:
        viewer = current.get("viewer")
        deal = deal_own_afresh if own else deal_afresh
        state = deal(variant, params, current, rng or random.Random())
    else:
        try:
            state = load_record(_hand_dict(current, variant, params))
        except RecordError as exc:
            raise RecordError("current: {error}", error=exc) from None
    match = None if own else _resume(finished, _root(state))
    return LoadedMatch(finished, state, match, afresh, viewer)


def _hand_dict(h: Any, variant: str, params: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(h, dict):
        raise RecordError("expected a hand record (an object), found {found}", found=quote(h))
    if h.get("variant") != variant or h.get("params", {}) != params:
        raise RecordError("a hand of {found} in a match of {variant}", found=quote(h.get("variant")), variant=variant)
    return h


def _root(state: GameState) -> GameState:
    while state.parent is not None:
        state = state.parent
    return state


def _resume_or_none(root: GameState) -> Match | None:
    """The match of one hand's record, from the scores it starts from (a later hand of a match
    saved alone goes on from there); None: a hand no match can hold."""
    try:
        return Match.resume([], root, alone=True)
    except DominoError:
        return None


def _resume(finished: list[GameState], root: GameState) -> Match:
    try:
        return Match.resume(finished, root)
    except RecordError:
        raise
    except DominoError as exc:
        raise RecordError("{error}", error=exc) from None


def deal_afresh(variant: str, params: dict[str, Any], pub: dict[str, Any], rng: random.Random) -> GameState:
    """A position of the hand in play that agrees with everything in ``pub`` (a `public_record`):
    the viewer's hand, the public moves, the counts and the scores; the hidden tiles are dealt at
    random among the places left open, and only a deal under which every move replays legally is
    kept. Its chain of parents goes back to a deal, so undo and the replay slider work.

    Raises `RecordError` when no deal fits (a file whose public moves could not have happened)."""
    extra = sorted(str(k) for k in set(pub) - _PUBLIC)
    if extra:
        raise RecordError("current: unknown field(s) {unknown}", unknown=quote(', '.join(extra)))
    cfg = _config(variant, params)
    n = cfg.players
    viewer, leader = pub.get("viewer"), pub.get("leader")
    for name, x in (("viewer", viewer), ("leader", leader)):
        if type(x) is not int or not 0 <= x < n:
            raise RecordError("current.{name}: expected a seat 0..{last}, found {found}", name=name, last=n - 1,
                              found=quote(x))
    counts, nb, nout = pub.get("counts"), pub.get("boneyard", 0), pub.get("out", 0)
    if (not isinstance(counts, list) or len(counts) != n or not all(type(c) is int and c >= 0 for c in counts)
            or type(nb) is not int or type(nout) is not int or nb < 0 or nout < 0):
        raise RecordError("current.counts, boneyard, out: expected {n} tile counts and two numbers", n=n)
    actions = pub.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions) or len(actions) > 2000:
        raise RecordError("current.actions: expected a list of at most 2,000 action strings")
    seats = pub.get("seats", [])
    if not isinstance(seats, list) or len(seats) != len(actions) or not all(type(x) is int and 0 <= x < n
                                                                           for x in seats):
        raise RecordError("current.seats: expected the seat of each move, one per action")
    try:
        hand = parse_tiles(pub.get("hand", []))
        acts = [Action.parse(a) for a in actions]
    except (ValueError, TypeError) as exc:
        raise RecordError("current: {error}", error=exc) from None
    scores = pub.get("scores")
    if scores is not None:
        from ..core.record import _scores

        scores = _scores(scores)
    # Who made each move: replayed on the loaded position (the public moves tell whose turn it is).
    table = [a.tile for a in acts if a.kind is ActionKind.PLAY and a.tile is not None]
    everything = set(tile_set(cfg.pips))
    if len(set(table)) != len(table) or set(hand) & set(table) or not set(hand) <= everything \
            or not set(table) <= everything:
        raise RecordError("current: a tile is both in the hand and on the table, or on the table twice")
    pool = sorted(everything - set(hand) - set(table))
    others = [s for s in range(n) if s != viewer]
    if sum(counts[s] for s in others) + nb + nout != len(pool) or counts[viewer] != len(hand):
        raise RecordError("current: the counts ({counts}, boneyard {boneyard}, out {out}) do not add up to the "
                          "tiles not seen", counts=quote(counts), boneyard=nb, out=nout)
    start = time.monotonic()
    for _ in range(DEAL_TRIES):
        state = _try_deal(variant, params, cfg, pub, hand, acts, pool, counts, nb, viewer, leader, scores, rng)
        if state is not None:
            return state
        if time.monotonic() - start > DEAL_SECONDS:
            break
    raise RecordError("current: no deal of the hidden tiles agrees with the moves in the file")


def _config(variant: str, params: dict[str, Any]) -> Any:
    try:
        return get_variant(variant).config(dict(params))
    except DominoError as exc:
        raise RecordError("variant: {error}", error=exc) from None


def _try_deal(variant: str, params: dict[str, Any], cfg: Any, pub: dict[str, Any], hand: list[Tile],
              acts: list[Action], pool: list[Tile], counts: list[int], nb: int, viewer: int, leader: int,
              scores: Any, rng: random.Random) -> GameState | None:
    """One random deal of the hidden tiles, walked back through the moves to a deal and replayed:
    the final position, or None when a move does not replay legally under it."""
    n = cfg.players
    tiles = pool[:]
    rng.shuffle(tiles)
    now: list[list[Tile]] = [[] for _ in range(n)]
    now[viewer] = list(hand)
    k = 0
    for s in range(n):
        if s != viewer:
            now[s] = tiles[k:k + counts[s]]
            k += counts[s]
    stock_now = tiles[k:k + nb]  # first drawn first
    out = tiles[k + nb:]
    movers = pub["seats"]
    held = [list(h) for h in now]
    drawn_back: list[Tile] = []  # the tiles drawn, last drawn first
    for i in range(len(acts) - 1, -1, -1):
        a, s = acts[i], movers[i]
        if a.kind is ActionKind.PLAY:
            held[s].append(a.tile)
        elif a.kind is ActionKind.DRAW:
            if a.tile is not None:
                if s != viewer or a.tile not in held[s]:
                    return None
                t = a.tile
            else:
                if s == viewer or not held[s]:
                    return None
                nxt = next((acts[j] for j in range(i + 1, len(acts)) if movers[j] == s), None)
                if nxt is not None and nxt.kind is ActionKind.PLAY and nxt.tile in held[s] and \
                        nxt.tile not in drawn_back and rng.random() < 0.9:
                    t = nxt.tile  # a tile drawn and then played: the usual case (COM-5)
                else:
                    t = held[s][rng.randrange(len(held[s]))]
            held[s].remove(t)
            drawn_back.append(t)
    boneyard = [*reversed(drawn_back), *stock_now]
    try:
        state = new_game(variant, hands=[[str(t) for t in h] for h in held],
                         boneyard=[str(t) for t in boneyard] if cfg.draws else None,
                         out=[str(t) for t in out] + ([] if cfg.draws else [str(t) for t in stock_now]),
                         leader=leader, scores=scores, **params)
        for a, seat in zip(acts, movers):
            if state.current_player != seat:
                return None
            state = state.play(a)
    except DominoError:
        return None
    if state.hand(viewer) != tuple(sorted(hand)) and sorted(state.hand(viewer)) != sorted(hand):
        return None
    return state


# ------------------------------------------------------------------ Twenty-one and the solitaire


def own_public_record(state: Any, viewer: int) -> dict[str, Any]:
    """Twenty-one or the solitaire as ``viewer`` knows it: the tiles they were dealt, the moves
    as they saw them (another seat's take without its tile), the tiles a solitaire refill turned
    face up, the counts. Not the others' tiles, not the order of the stock.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("twentyone", seed=3).play("take").play("stand").play("take")
    >>> rec = own_public_record(s, 0)
    >>> rec["dealt"] == [str(t) for t in _root(s).hand(0)], rec["actions"], rec["seats"], rec["counts"], rec["turn"]
    (True, ['take 1-1', 'stand', 'take'], [0, 0, 1], [3, 3], 1)
    """
    view = state.view(viewer)
    rec: dict[str, Any] = {
        "viewer": viewer,
        "dealt": [str(t) for t in _hand_of(_root(state), viewer)],
        "actions": [str(ev.action) for ev in view.history],
        "seats": [ev.seat for ev in view.history],
        "counts": _counts(view),
        "stock": view.boneyard_size,
        "turn": view.current_player,  # in rounds, a seat over 21 is skipped: the turn shows it
    }
    if state.variant == "solitaire":
        rec["drawn"] = [str(t) for _round, tiles in view.refills for t in tiles]
    else:  # who has stood (in rounds, a seat over 21 is out): the board shows it
        rec["stood"] = list(view.stood)
    return rec


def deal_own_afresh(variant: str, params: dict[str, Any], pub: dict[str, Any], rng: random.Random) -> Any:
    """A game of Twenty-one or the solitaire that agrees with ``pub`` (an `own_public_record`):
    the viewer's tiles and every move they saw; the others' tiles and the stock's order dealt at
    random, keeping only a deal under which every move replays legally (a take by a seat that
    would be bust under it does not). Raises `RecordError` when none does."""
    extra = sorted(str(k) for k in set(pub) - _OWN_PUBLIC)
    if extra:
        raise RecordError("current: unknown field(s) {unknown}", unknown=quote(', '.join(extra)))
    try:
        probe = new_game(variant, **params)
    except DominoError as exc:
        raise RecordError("variant: {error}", error=exc) from None
    n, viewer = probe.players, pub.get("viewer")
    if type(viewer) is not int or not 0 <= viewer < n:
        raise RecordError("current.{name}: expected a seat 0..{last}, found {found}", name="viewer", last=n - 1,
                          found=quote(viewer))
    actions, seats = pub.get("actions", []), pub.get("seats", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions) or len(actions) > 2000:
        raise RecordError("current.actions: expected a list of at most 2,000 action strings")
    if not isinstance(seats, list) or len(seats) != len(actions) or not all(type(x) is int and 0 <= x < n
                                                                           for x in seats):
        raise RecordError("current.seats: expected the seat of each move, one per action")
    try:
        dealt = parse_tiles(pub.get("dealt", []))
        drawn = parse_tiles(pub.get("drawn", []))
        acts = [Action.parse(a) for a in actions]
    except (ValueError, TypeError) as exc:
        raise RecordError("current: {error}", error=exc) from None
    stock_n = pub.get("stock")
    if type(stock_n) is not int or stock_n < 0:
        raise RecordError("current.stock: expected the number of tiles left in the stock")
    taken = [a.tile for a, seat in zip(acts, seats) if a.kind is ActionKind.TAKE and seat == viewer]
    everything = sorted({t for seat in range(n) for t in _hand_of(probe, seat)} | set(probe.boneyard)
                        | set(probe.out_of_play))
    seen = [*dealt, *drawn, *(t for t in taken if t is not None)]
    if len(set(seen)) != len(seen) or not set(seen) <= set(everything) or None in taken:
        raise RecordError("current: a tile the viewer saw is named twice, or is no tile of the set")
    pool = [t for t in everything if t not in set(seen)]
    start = time.monotonic()
    for _ in range(DEAL_TRIES):
        state = _try_own_deal(variant, params, n, viewer, dealt, drawn, taken, pool, stock_n, acts, seats,
                              pub.get("turn"), pub.get("stood"), rng)
        if state is not None:
            counts = pub.get("counts")
            if counts is not None and _counts(state.view(viewer)) != counts:
                raise RecordError("current.counts: {counts} do not follow from the moves", counts=quote(counts))
            return state
        if time.monotonic() - start > DEAL_SECONDS:
            break
    raise RecordError("current: no deal of the hidden tiles agrees with the moves in the file")


def _hand_of(state: Any, seat: int) -> tuple[Tile, ...]:
    """A seat's tiles: ``state.hand(seat)`` in Twenty-one, the one hand ``state.hand`` of the solitaire."""
    hand = state.hand
    return tuple(hand(seat) if callable(hand) else hand)


def _counts(view: Any) -> list[int]:
    """The number of tiles in each hand, as the view shows them."""
    sizes = getattr(view, "hand_sizes", None)
    return list(sizes) if sizes is not None else [len(view.hand)]


def _try_own_deal(variant: str, params: dict[str, Any], n: int, viewer: int, dealt: list[Tile], drawn: list[Tile],
                  taken: list[Tile | None], pool: list[Tile], stock_n: int, acts: list[Action], seats: list[int],
                  turn: Any, stood: Any, rng: random.Random) -> Any:
    """One random deal for `deal_own_afresh`, replayed: the final state, or None when a move does not replay."""
    tiles = pool[:]
    rng.shuffle(tiles)
    try:
        if variant == "solitaire":  # the refills turned up ``drawn`` in order; the rest of the stock is unseen
            if stock_n > len(tiles):
                return None
            state = new_game(variant, hands=[[str(t) for t in dealt]],
                             boneyard=[str(t) for t in [*drawn, *tiles[:stock_n]]],
                             out=[str(t) for t in tiles[stock_n:]], **params)
        else:  # Twenty-one: two tiles to each other seat; the viewer's takes named, the others' from the top
            hands: list[list[Tile]] = []
            k = 0
            for seat in range(n):
                if seat == viewer:
                    hands.append(list(dealt))
                else:
                    hands.append(tiles[k:k + len(dealt)])
                    k += len(dealt)
            stock = [*tiles[k:], *(t for t in taken if t is not None)]  # the viewer's own takes last
            state = new_game(variant, hands=[[str(t) for t in h] for h in hands],
                             boneyard=[str(t) for t in stock], **params)
        for a, seat in zip(acts, seats):
            if state.current_player != seat:
                return None
            state = state.play(a)
    except DominoError:
        return None
    if variant == "solitaire" and len(state.boneyard) != stock_n:
        return None
    if stood is not None and list(state.stood) != stood:
        return None
    return state if state.current_player == turn else None

"""The one transition function of the line-of-play games.

`legal_codes` gives the legal actions of a position and `apply_code` applies one; everything
else (the public `GameState`, the AI, the simulator, the widgets) asks these two. They work on
`Core`, a compact mutable position: hands are bit masks over tile indices, the boneyard is a
list in draw order, and the layout is four end values plus the list of play codes. The rules of
a variant reach the engine as a `Config`: data (matching rule, layout kind, who leads, when a
player is out) and a few hooks (scoring), built once per variant and parameter set.

Only `Core.copy` and the public wrappers allocate; the hot loop of a random playout creates no
objects but the small ints of the codes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from random import Random
from typing import Any

from .actions import DRAW_CODE, PASS_CODE, draw_code, drawn_index
from .errors import ParameterError
from .tiles import set_size, tile_set

# Layout kinds (COM-1, COM-3, BRG-3/4).
LINE, SPINNER, CROSS = "line", "spinner", "cross"
# When an empty hand ends the hand.
OUT_AT_ONCE = "at_once"  # BLK-4, DRW-4, DCZ-6/MAT-5 options: laying the last tile ends the hand
OUT_STOCK_EMPTY = "stock_empty"  # DCZ-3/4, MAT-5: an empty hand wins only once the boneyard is empty
OUT_TWO_PLACES = "two_places"  # BRG-5: the game goes on until two players are out
# Matching rules (COM-1, MAT-2).
EQUAL, SUM7 = "equal", "sum7"

Points = tuple[Any, ...]


@dataclass(frozen=True, eq=False)
class Tables:
    """Per-set lookup tables, indexed by tile index or by pip number."""

    pips: int
    size: int
    low: tuple[int, ...]
    high: tuple[int, ...]
    value: tuple[int, ...]
    double: tuple[bool, ...]
    bit: tuple[int, ...]
    suit: tuple[int, ...]  # suit[n]: mask of the tiles showing n
    full: int  # mask of the whole set
    count_table: tuple[tuple[int, ...], ...]  # [byte k][bits]: pip count of those tiles


_TABLES: dict[int, Tables] = {}


def tables(pips: int) -> Tables:
    """The (cached) lookup tables of the double-``pips`` set."""
    t = _TABLES.get(pips)
    if t is None:
        tiles = tile_set(pips)
        t = Tables(
            pips=pips,
            size=len(tiles),
            low=tuple(x.low for x in tiles),
            high=tuple(x.high for x in tiles),
            value=tuple(x.value for x in tiles),
            double=tuple(x.is_double for x in tiles),
            bit=tuple(1 << x.index for x in tiles),
            suit=tuple(sum(1 << x.index for x in tiles if x.has(n)) for n in range(pips + 1)),
            full=(1 << len(tiles)) - 1,
            count_table=tuple(
                tuple(sum(tiles[8 * k + i].value for i in range(8) if byte >> i & 1 and 8 * k + i < len(tiles))
                      for byte in range(256))
                for k in range((len(tiles) + 7) // 8)
            ),
        )
        _TABLES[pips] = t
    return t


@dataclass(eq=False)
class Config:
    """Everything the engine needs to know of one variant with one set of parameters."""

    variant: str
    params: dict[str, Any]
    players: int
    pips: int
    hand_size: int
    match: str = "points"  # a match counts "points" to a target, "hands" won, or "rounds" (BRG-6)
    layout: str = LINE
    matching: str = EQUAL
    draws: bool = False  # COM-5: a boneyard to draw from
    removed: int = 0  # MAT-1: tiles removed unseen before the deal
    lead: str = "any"  # "any" (leader by lot), "highest_double" (DRW-2), "6-6" (BRG-2)
    out_rule: str = OUT_AT_ONCE
    matadors: int = 0  # MAT-3: mask of the matador tiles
    matadors_any_time: bool = False
    matador_optional: bool = False  # MAT-4 seed option: with a matador but no ordinary play, drawing is allowed
    play_scoring: Callable[[Core], int] | None = None  # A5-3/4: points the mover scores now
    target: int | None = None  # points that win the match mid-hand (A5-6)
    finish: Callable[[Core], tuple[int | None, Points]] | None = None  # winner, points per seat
    # Derived tables, filled in by __post_init__.
    t: Tables = field(init=False)
    fit: tuple[int, ...] = field(init=False)  # fit[v]: tiles that can be laid on an end showing v
    touch: tuple[int, ...] = field(init=False)  # touch[v]: the half laid against an end showing v
    # table[end][v][mask]: the play codes of the tiles of ``mask`` on ``end`` showing v (filled lazily)
    table: tuple[tuple[dict[int, tuple[int, ...]], ...], ...] = field(init=False)
    lead_table: tuple[tuple[tuple[int, ...], ...], ...] = field(init=False)  # [byte k][bits]: lead codes
    far: tuple[int, ...] = field(init=False)  # far[code]: the number a play leaves showing at its end
    bit: tuple[int, ...] = field(init=False)  # t.bit, one attribute closer for the hot loop
    is_line: bool = field(init=False)
    deal_plan: DealPlan = field(init=False)  # how `deal` splits the set (removed, hands, rest)

    def __post_init__(self) -> None:
        self.t = tables(self.pips)
        self.bit = self.t.bit
        self.is_line = self.layout == LINE
        # The big tables depend only on the set and the matching rule: every Config of those
        # shares them, so a Config per match target (A5-6) costs a few hundred bytes, not 80 KB.
        self.fit, self.touch, self.table, self.far, self.lead_table = _play_tables(self.pips, self.matching)
        t = self.t
        self.deal_plan = deal_plan([self.removed, *([self.hand_size] * self.players),
                                    t.size - self.removed - self.players * self.hand_size])


_PLAY_TABLES: dict[tuple[int, str], tuple[Any, ...]] = {}


def _play_tables(pips: int, matching: str) -> tuple[Any, ...]:
    """(fit, touch, table, far, lead_table) of `Config` for one set and matching rule (cached:
    at most 12 sets x 2 rules)."""
    key = (pips, matching)
    got = _PLAY_TABLES.get(key)
    if got is None:
        t = tables(pips)
        vals = range(pips + 1)
        if matching == EQUAL:
            fit = tuple(t.suit[v] for v in vals)
            touch = tuple(vals)
        else:
            fit = tuple(t.suit[7 - v] if 0 <= 7 - v <= pips else 0 for v in vals)
            touch = tuple(7 - v for v in vals)
        table = tuple(tuple({} for _ in vals) for _ in range(4))
        far = tuple(t.value[code >> 3] - (t.high[code >> 3] if code & 1 else t.low[code >> 3])
                    for code in range(8 * t.size))
        lead_table = tuple(
            tuple(tuple((8 * k + i) << 3 for i in range(8) if byte >> i & 1 and 8 * k + i < t.size)
                  for byte in range(256))
            for k in range((t.size + 7) // 8)
        )
        got = _PLAY_TABLES[key] = (fit, touch, table, far, lead_table)
    return got


class Core:
    """A position: mutable, compact, cheap to copy. Use through `GameState` unless in a hot loop."""

    __slots__ = (
        "cfg", "hands", "stock", "out", "ends", "arms", "tips", "center", "open",
        "turn", "history", "hand_points", "base_scores", "finished", "over", "reason",
        "winner", "points", "seed", "leader", "initial",
    )

    cfg: Config
    hands: list[int]  # bit mask per seat
    stock: list[int]  # boneyard tile indices; the last one is drawn next
    out: int  # mask of tiles out of play (unseen by all)
    ends: list[int]  # per End: the number that end shows, or -1 while it is not open
    arms: list[int]  # per End: how many tiles the arm holds
    tips: list[int]  # per End: the tile index at the arm's outer end, or -1
    center: int  # the lead tile's index, or -1 before the lead
    open: tuple[int, ...]  # the ends open now
    turn: int
    history: list[int]  # every action's code, draws as explicit draw codes
    hand_points: list[Any]  # points scored during the hand (A5-4)
    base_scores: tuple[int, ...]  # match scores before this hand (for A5-6)
    finished: list[int]  # seats out, in order
    over: bool
    reason: str | None  # "out", "blocked" or "target"
    winner: int | None
    points: Points | None
    seed: int | None
    leader: int
    # the deal: hands, stock, out, leader; () for a position guessed from a view (core_from_view)
    initial: tuple[tuple[int, ...], tuple[int, ...], int, int] | tuple[()]

    def copy(self, history: list[int] | None = None) -> Core:
        """A copy; ``history`` (the new position's list of codes, shared, not copied) lets a chain
        of positions share one list instead of each holding its own (see `GameState.play`)."""
        c = Core.__new__(Core)
        c.cfg = self.cfg
        c.hands = self.hands[:]
        c.stock = self.stock[:]
        c.out = self.out
        c.ends = self.ends[:]
        c.arms = self.arms[:]
        c.tips = self.tips[:]
        c.center = self.center
        c.open = self.open
        c.turn = self.turn
        c.history = self.history[:] if history is None else history
        c.hand_points = self.hand_points[:]
        c.base_scores = self.base_scores
        c.finished = self.finished[:]
        c.over = self.over
        c.reason = self.reason
        c.winner = self.winner
        c.points = self.points
        c.seed = self.seed
        c.leader = self.leader
        c.initial = self.initial
        return c


def fast_shuffle(items: list[int], rng: Random) -> None:
    """Fisher-Yates with 53-bit floats: about 3x faster than `Random.shuffle` on 28 items.

    The bias of ``int(random() * n)`` is below ``n / 2**53``, far below anything a simulation
    of dominoes could notice; the sequence is fixed by the seed on every platform (COM-7).
    """
    rand = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(rand() * (i + 1))
        items[i], items[j] = items[j], items[i]


def seeded_order(indices: list[int], seed: int | None) -> list[int]:
    """``indices`` shuffled by ``seed`` (0 when None): the boneyard of a scripted position whose
    boneyard was not listed (COM-7: the same seed gives the same order)."""
    order = list(indices)
    fast_shuffle(order, Random(0 if seed is None else seed))
    return order


def new_core(
    cfg: Config,
    *,
    hands: list[int],
    stock: list[int],
    out: int,
    leader: int,
    seed: int | None,
    base_scores: tuple[int, ...] | None = None,
) -> Core:
    """A dealt position before the lead."""
    c = Core.__new__(Core)
    c.cfg = cfg
    c.hands = hands
    c.stock = stock
    c.out = out
    c.ends = [-1, -1, -1, -1]
    c.arms = [0, 0, 0, 0]
    c.tips = [-1, -1, -1, -1]
    c.center = -1
    c.open = ()
    c.turn = leader
    c.history = []
    c.hand_points = [0] * cfg.players
    c.base_scores = base_scores if base_scores is not None else (0,) * cfg.players
    c.finished = []
    c.over = False
    c.reason = None
    c.winner = None
    c.points = None
    c.seed = seed
    c.leader = leader
    c.initial = (tuple(hands), tuple(stock), out, leader)
    return c


def initial_core(c: Core) -> Core:
    """A fresh copy of the dealt position ``c`` started from (for replaying its history)."""
    if not c.initial:
        raise ParameterError(
            "this position was built from a player's view (a guess at the hidden tiles): it has no deal to "
            "replay, so it has no record or public history; use it with the engine (legal_codes, apply_code)")
    hands, stock, out, leader = c.initial
    return new_core(c.cfg, hands=list(hands), stock=list(stock), out=out, leader=leader,
                    seed=c.seed, base_scores=c.base_scores)


def forced_lead(cfg: Config, hands: list[int]) -> tuple[int, int] | None:
    """(seat, tile index) of the lead the rules force (DRW-2, BRG-2), or None if any tile leads."""
    if cfg.lead == "any":
        return None
    bit = cfg.t.bit
    if cfg.lead == "6-6":
        candidates = [27]  # the 6-6 has index 27 in every set from double-six up
    else:  # highest double: doubles have index high*(high+3)/2
        candidates = [d * (d + 3) // 2 for d in range(cfg.pips, -1, -1)]
    for idx in candidates:
        for seat, h in enumerate(hands):
            if h & bit[idx]:
                return seat, idx
    return None


DealPlan = tuple[Any, ...]  # (None, group) for a leaf; (take, size, by_bits, left plan, right plan) for a split


def deal_plan(sizes: list[int], first: int = 0) -> DealPlan:
    """How to split a set into groups of ``sizes`` by halves (computed once per variant).

    Each split takes a uniformly random subset; near-even splits use random bit patterns with
    the right number of ones (rejection: exactly uniform, about 7 tries for 14 of 28), uneven
    ones pick tiles one at a time.
    """
    if len(sizes) == 1:
        return (None, first)
    total = sum(sizes)
    cut, run = 1, sizes[0]
    for i in range(1, len(sizes) - 1):
        if abs(2 * (run + sizes[i]) - total) < abs(2 * run - total):
            run += sizes[i]
            cut = i + 1
        else:
            break
    by_bits = comb(total, run) * 24 >= 1 << total
    return (run, total, by_bits, deal_plan(sizes[:cut], first), deal_plan(sizes[cut:], first + cut))


def _run_plan(plan: DealPlan, mask: int, rng: Random, groups: list[int]) -> None:
    take = plan[0]
    if take is None:
        groups[plan[1]] = mask
        return
    size, by_bits, left, right = plan[1], plan[2], plan[3], plan[4]
    if take == 0:
        sub = 0
    elif by_bits:
        bits = rng.getrandbits
        width = mask.bit_length()
        while True:
            sub = bits(width) & mask
            if sub.bit_count() == take:
                break
    else:
        items = [i for i in range(mask.bit_length()) if mask >> i & 1]
        pop = items.pop
        rand = rng.random
        sub = 0
        for n in range(size, size - take, -1):
            sub |= 1 << pop(int(rand() * n))
    _run_plan(left, sub, rng, groups)
    _run_plan(right, mask ^ sub, rng, groups)


def deal(cfg: Config, rng: Random, leader: int | None = None) -> tuple[list[int], list[int], int, int]:
    """Shuffle and deal by the variant's rules: (hands, stock in draw order, out mask, leader).

    The set is split uniformly at random into the removed tiles (MAT-1), the hands and the
    rest; the rest is the boneyard, shuffled into its draw order, or out of play. Redeals while
    the forced lead is missing (DRW-2: no double dealt; BRG-1: no 6-6). With ``lead == "any"``
    the leader is ``leader`` if given (a match alternates leads), else by lot.
    """
    t = cfg.t
    n = cfg.players
    plan = cfg.deal_plan
    groups = [0] * (n + 2)
    while True:
        _run_plan(plan, t.full, rng, groups)
        out, hands, rest = groups[0], groups[1:-1], groups[-1]
        if cfg.draws:
            stock = [i for i in range(t.size) if rest >> i & 1]
            fast_shuffle(stock, rng)
        else:
            stock = []
            out |= rest
        if cfg.lead == "any":
            return hands, stock, out, (leader if leader is not None else int(rng.random() * n))
        forced = forced_lead(cfg, hands)
        if forced is not None:
            return hands, stock, out, forced[0]


# ---------------------------------------------------------------- legal actions


def _codes_at(cfg: Config, e: int, v: int, m: int) -> tuple[int, ...]:
    """The play codes of the tiles of mask ``m`` laid on end ``e`` showing ``v`` (ordinary matching)."""
    lows = cfg.t.low
    out = []
    while m:
        low = m & -m
        m ^= low
        i = low.bit_length() - 1
        out.append(i << 3 | e << 1 | (lows[i] != cfg.touch[v]))
    return tuple(out)


def _plays(c: Core, hand: int) -> tuple[int, ...]:
    """All legal play codes for ``hand`` on the current layout (lead included)."""
    cfg = c.cfg
    codes: tuple[int, ...] = ()
    if c.center < 0:
        forced = forced_lead(cfg, c.hands)
        if forced is not None:
            return (forced[1] << 3,) if hand & cfg.t.bit[forced[1]] else ()
        lead = cfg.lead_table
        for k in range(len(lead)):
            codes += lead[k][hand >> (8 * k) & 255]
        return codes
    ends = c.ends
    fit = cfg.fit
    table = cfg.table
    for e in c.open:
        v = ends[e]
        m = hand & fit[v]
        if m:
            d = table[e][v]
            got = d.get(m)
            if got is None:
                got = d[m] = _codes_at(cfg, e, v, m)
            codes += got
    if cfg.matadors and hand & cfg.matadors and (cfg.matadors_any_time or not codes):
        # MAT-3: a matador goes on either end, either half touching.
        t = cfg.t
        extra = []
        m = hand & cfg.matadors
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            flips = (0,) if t.low[i] == t.high[i] else (0, 1)
            for e in c.open:
                for f in flips:
                    code = i << 3 | e << 1 | f
                    if code not in codes and code not in extra:
                        extra.append(code)
        codes += tuple(extra)
    return codes


def can_play(c: Core, seat: int) -> bool:
    """Whether ``seat`` has a legal play now (ignoring whose turn it is)."""
    return _can_play(c, c.hands[seat])


def _can_play(c: Core, hand: int) -> bool:
    """Whether `_plays` would give ``hand`` at least one play (without listing them)."""
    if c.center < 0:
        return bool(_plays(c, hand))
    cfg = c.cfg
    if hand & cfg.matadors:
        return True  # MAT-3: a matador can always be laid once the lead is down
    fit = cfg.fit
    ends = c.ends
    for e in c.open:
        if hand & fit[ends[e]]:
            return True
    return False


def legal_codes(c: Core) -> tuple[int, ...]:
    """The legal actions of the player to move, as codes (COM-4: plays if any, else draw, else pass).

    Empty when the hand is over.
    """
    if c.over:
        return ()
    cfg = c.cfg
    hand = c.hands[c.turn]
    codes: tuple[int, ...]
    if c.center < 0 or cfg.matadors:
        codes = _plays(c, hand)
    else:  # the common case of `_plays`, inlined: this is the hot path of every simulation
        codes = ()
        ends = c.ends
        fit = cfg.fit
        table = cfg.table
        for e in c.open:
            v = ends[e]
            m = hand & fit[v]
            if m:
                d = table[e][v]
                got = d.get(m)
                if got is None:
                    got = d[m] = _codes_at(cfg, e, v, m)
                codes += got
    if codes:
        if cfg.matador_optional and c.stock and c.center >= 0 and not _fits_ordinarily(c, hand):
            return codes + _DRAW_ONLY  # MAT-4 seed option: lay the matador or draw (COM-5)
        return codes
    if cfg.draws and c.stock:
        return _DRAW_ONLY
    return _PASS_ONLY


def _fits_ordinarily(c: Core, hand: int) -> bool:
    """Whether ``hand`` has a tile that fits an open end by the matching rule alone (MAT-4)."""
    fit = c.cfg.fit
    return any(hand & fit[c.ends[e]] for e in c.open)


_DRAW_ONLY = (DRAW_CODE,)
_PASS_ONLY = (PASS_CODE,)


# ---------------------------------------------------------------- applying an action


def _place_lead(c: Core, idx: int, flip: int) -> None:
    cfg = c.cfg
    lo, hi = cfg.t.low[idx], cfg.t.high[idx]
    if flip:
        lo, hi = hi, lo
    c.center = idx
    if cfg.layout == LINE:
        c.ends[0], c.ends[1] = lo, hi
        c.open = (0, 1)
    elif cfg.layout == SPINNER:
        # A5-2: the lead double is the spinner; its long sides open later (COM-3).
        c.ends[0] = c.ends[1] = lo
        c.open = (0, 1)
    else:
        # BRG-3: phase one, the four sides of the 6-6 take sixes.
        c.ends[:] = [lo, lo, lo, lo]
        c.open = (0, 1, 2, 3)


def _place(c: Core, idx: int, e: int, flip: int) -> None:
    cfg = c.cfg
    t = cfg.t
    near = t.high[idx] if flip else t.low[idx]
    c.ends[e] = t.value[idx] - near
    c.arms[e] += 1
    c.tips[e] = idx
    if cfg.layout == SPINNER:
        if c.ends[2] < 0 and c.arms[0] and c.arms[1]:
            spin = t.low[c.center]
            c.ends[2] = c.ends[3] = spin
            c.open = (0, 1, 2, 3)
    elif cfg.layout == CROSS:
        arms = c.arms
        if arms[0] and arms[1] and arms[2] and arms[3]:
            c.open = (0, 1, 2, 3)  # BRG-4: phase two
        else:
            c.open = tuple(i for i in range(4) if not arms[i])


def _next_turn(c: Core) -> None:
    n = c.cfg.players
    q = (c.turn + 1) % n
    if c.finished:
        while q in c.finished:
            q = (q + 1) % n
    c.turn = q


def _blocked(c: Core) -> bool:
    """COM-6: nobody still in the hand can play, and nobody can draw.

    Before the lead that means every hand is empty (any tile may lead, and a forced lead is in
    some hand, or the deal is refused): only a position built by hand gets there.
    """
    cfg = c.cfg
    if cfg.draws and c.stock:
        return False
    fin = c.finished
    if c.center < 0:
        return not any(hand for seat, hand in enumerate(c.hands) if not (fin and seat in fin))
    reach = cfg.matadors  # MAT-3: a matador can always be laid once the lead is down
    fit = cfg.fit
    ends = c.ends
    for e in c.open:
        reach |= fit[ends[e]]
    for seat, hand in enumerate(c.hands):
        if hand & reach and not (fin and seat in fin):
            return False
    return True


def _end(c: Core, reason: str, winner: int | None = None) -> None:
    c.over = True
    c.reason = reason
    c.winner = winner
    assert c.cfg.finish is not None
    w, pts = c.cfg.finish(c)
    if reason != "target":
        c.winner = w
    c.points = pts


def apply_code(c: Core, code: int) -> None:
    """Apply a legal action code in place. The caller checks legality (see `GameState.play`)."""
    p = c.turn
    cfg = c.cfg
    if code >= 0:
        idx = code >> 3
        hands = c.hands
        hand = hands[p] ^ cfg.bit[idx]
        hands[p] = hand
        line = cfg.is_line
        if c.center < 0:
            _place_lead(c, idx, code & 1)
        elif line:
            e = (code >> 1) & 3
            c.ends[e] = cfg.far[code]
            c.arms[e] += 1
            c.tips[e] = idx
        elif cfg.layout == SPINNER:  # `_place`, inlined for the All Fives rollouts of the expert
            e = (code >> 1) & 3
            ends, arms = c.ends, c.arms
            ends[e] = cfg.far[code]
            arms[e] += 1
            c.tips[e] = idx
            if ends[2] < 0 and arms[0] and arms[1]:  # COM-3: the spinner's short sides open
                ends[2] = ends[3] = cfg.t.low[c.center]
                c.open = (0, 1, 2, 3)
        else:
            _place(c, idx, (code >> 1) & 3, code & 1)
        c.history.append(code)
        if cfg.play_scoring is not None:
            gained = cfg.play_scoring(c)
            if gained:
                c.hand_points[p] += gained
                if cfg.target is not None and c.base_scores[p] + c.hand_points[p] >= cfg.target:
                    _end(c, "target", p)  # A5-6: reaching the target mid-hand wins at once
                    return
        if not hand:
            rule = cfg.out_rule
            if rule == OUT_AT_ONCE:
                c.finished.append(p)
                _end(c, "out", p)
                return
            if rule == OUT_STOCK_EMPTY:
                if not c.stock:
                    c.finished.append(p)
                    _end(c, "out", p)
                    return
            else:  # OUT_TWO_PLACES (BRG-5)
                c.finished.append(p)
                if len(c.finished) >= 2 or len(c.finished) >= cfg.players - 1:
                    _end(c, "out", c.finished[0])
                    return
        q = p + 1
        if q == cfg.players:
            q = 0
        if c.finished:
            while q in c.finished:
                q = (q + 1) % cfg.players
        c.turn = q
        if cfg.draws and c.stock:
            return
        ends = c.ends
        fit = cfg.fit
        if line:
            reach = cfg.matadors | fit[ends[0]] | fit[ends[1]]
        else:
            reach = cfg.matadors
            for e in c.open:
                reach |= fit[ends[e]]
        if not hands[q] & reach and _blocked(c):  # the next player can play: not blocked
            _end(c, "blocked")
        return
    if code == PASS_CODE:
        c.history.append(code)
        _next_turn(c)
        # In a dealt hand a pass never blocks (the play or draw before it would have ended the
        # hand); a position built by hand or guessed from a view (core_from_view) may be blocked
        # from the start, and ends at its first pass instead of passing forever (COM-6).
        if _blocked(c):
            _end(c, "blocked")
        return
    # a draw (COM-5): the next tile of the boneyard, or a named one
    if code == DRAW_CODE:
        idx = c.stock.pop()
    else:
        idx = drawn_index(code)
        c.stock.remove(idx)
    c.hands[p] |= cfg.t.bit[idx]
    c.history.append(draw_code(idx))
    if not c.stock:
        if cfg.out_rule == OUT_STOCK_EMPTY:
            for seat in range(cfg.players):
                if not c.hands[seat]:  # DCZ-4: the empty hand wins the moment the boneyard is empty
                    c.finished.append(seat)
                    _end(c, "out", seat)
                    return
        if _blocked(c):
            _end(c, "blocked")


def random_playout(c: Core, rng: Random) -> int:
    """Play uniformly random legal actions until the hand ends; returns the number of actions.

    This is `legal_codes` and `apply_code` in a loop, nothing else.
    """
    rand = rng.random
    moves = 0
    while not c.over:
        codes = legal_codes(c)
        n = len(codes)
        apply_code(c, codes[int(rand() * n)] if n > 1 else codes[0])
        moves += 1
    return moves


# ---------------------------------------------------------------- counts and shares


#: per layout, the groups of ends no rule tells apart (their numbers, whether they hold a tile,
#: and whether a double is their tip are all the rules read): a line's two ends, and the spinner's
#: two first sides and its two last ones (COM-3 opens the last ones once both first ones hold a
#: tile; A5-3 counts the spinner while a first side is empty). The cross of BRG-4 opens its arms
#: in order, so none of its ends is interchangeable here.
_INTERCHANGEABLE: dict[str, tuple[tuple[int, ...], ...]] = {LINE: ((0, 1),), SPINNER: ((0, 1), (2, 3))}


def position_key(c: Core) -> tuple[Any, ...] | None:
    """What the rest of the hand depends on in ``c``, the same for two positions that differ only
    by which of two interchangeable ends shows what (`_INTERCHANGEABLE`): the expert plays out
    one play of each kind (a tile laid on either of two ends that show the same number). None
    where the layout has no interchangeable ends.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", hands=[["6-6", "0-1"], ["3-6", "1-1"]], boneyard=["2-2"]).play("6-6")
    >>> left, right = s.play("3-6 left").core, s.play("3-6 right").core
    >>> position_key(left) == position_key(right) != position_key(s.core)
    True
    """
    groups = _INTERCHANGEABLE.get(c.cfg.layout)
    if groups is None:
        return None
    double = c.cfg.t.double
    sides = tuple(tuple(sorted((c.ends[e], c.arms[e] > 0, c.tips[e] >= 0 and double[c.tips[e]]) for e in g))
                  for g in groups)
    return (sides, c.open, c.center, c.turn, tuple(c.hands), tuple(c.stock), c.out, tuple(c.hand_points),
            tuple(c.finished), c.over, c.reason, c.winner, c.points)


def hand_count(c: Core, seat: int) -> int:
    """The pip count of a seat's hand (summed a byte of the mask at a time)."""
    m = c.hands[seat]
    total = 0
    rows = c.cfg.t.count_table
    k = 0
    while m:  # the bytes above the hand's highest tile count nothing
        total += rows[k][m & 255]
        m >>= 8
        k += 1
    return total


def split_places(counts: list[tuple[int, int]], prizes: list[Fraction]) -> dict[int, Fraction]:
    """Share prizes by rank; seats tied on a count share the prizes of the places they cover.

    ``counts`` are (count, seat) pairs, lower is better; ``prizes`` are paid to places 1, 2, ...

    >>> split_places([(3, 0), (3, 1), (9, 2)], [Fraction(3, 4), Fraction(1, 4)])
    {0: Fraction(1, 2), 1: Fraction(1, 2), 2: Fraction(0, 1)}
    """
    ordered = sorted(counts)
    out: dict[int, Fraction] = {seat: Fraction(0) for _, seat in counts}
    place = 0
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j][0] == ordered[i][0]:
            j += 1
        group = [seat for _, seat in ordered[i:j]]
        pot = sum(prizes[place : place + len(group)], Fraction(0))
        for seat in group:
            out[seat] = pot / len(group)
        place += len(group)
        i = j
    return dict(sorted(out.items()))


def check_set_fits(pips: int, players: int, hand_size: int, removed: int = 0) -> bool:
    """Whether a deal of ``players`` hands of ``hand_size`` (plus ``removed``) fits the set."""
    return players * hand_size + removed <= set_size(pips)

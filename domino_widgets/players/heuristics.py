"""One-ply heuristics, one small function per variant, and the greedy playout built on them.

A heuristic scores a legal play *code* for the player to move in an engine `Core`, using only
what that player sees (its own hand, the table, the scores): higher is better. The greedy player
picks the best-scoring legal action; the expert uses the same functions as its rollout policy.

>>> import domino_widgets as dw
>>> from domino_widgets.core.engine import legal_codes
>>> s = dw.new_game("all_fives", hands=[["5-5", "0-5", "4-5"], ["1-5", "2-2"]], boneyard=["3-3"])
>>> c = s.play("5-5").play("1-5 right").core      # ends: the spinner 5-5 (10) and 1
>>> [(str(dw.Tile.from_index(k >> 3)), immediate_points(c, k)) for k in legal_codes(c)]
[('0-5', 0), ('4-5', 5)]
>>> [all_fives(c, k) for k in legal_codes(c)]       # A5-4: 4-5 left makes 4 + 1 = 5
[5, 509]
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from ..core.actions import PASS_CODE
from ..core.engine import LINE, OUT_AT_ONCE, OUT_STOCK_EMPTY, SPINNER, Core, _codes_at, _end, apply_code, legal_codes
from ..variants.all_fives import play_score as _a5_play_score

Heuristic = Callable[[Core, int], float]

__all__ = [
    "HEURISTICS", "Heuristic", "all_fives", "all_fives_values", "follow_ups", "heaviest", "heuristic_for",
    "heuristic_playout",
    "immediate_points", "keep_matadors", "rollout_policy", "sixes_race",
]


def heaviest(c: Core, code: int) -> float:
    """BLK, DCZ, DRW: get rid of pips; the heaviest tile first, a double before an equal single
    (doubles fit only one number, so they are the hardest to place later).

    >>> import domino_widgets as dw
    >>> c = dw.new_game("block", hands=[["6-6", "5-6", "0-1"], ["2-2"]], leader=0).core
    >>> [heaviest(c, t.index << 3) for t in dw.parse_tiles(["6-6", "5-6", "0-1"])]
    [12.5, 11, 1]
    """
    t = c.cfg.t
    i = code >> 3
    return t.value[i] + 0.5 if t.low[i] == t.high[i] else t.value[i]


def immediate_points(c: Core, code: int) -> int:
    """A5-3/A5-4: the points the player to move scores at once by playing ``code`` (0 if none).

    The variant's own scoring hook is asked about the table with the tile laid for a moment
    (the end's number, the arm's length and tip, as `apply_code` would set them) and the table is
    put back; only the lead goes through a full copy. This is the hot path of the All Fives
    rollouts.
    """
    scoring = c.cfg.play_scoring
    if scoring is None or code < 0:
        return 0
    if c.center < 0:
        after = c.copy()
        apply_code(after, code)
        return int(after.hand_points[c.turn] - c.hand_points[c.turn])
    e = (code >> 1) & 3
    ends, arms, tips = c.ends, c.arms, c.tips
    old = ends[e], arms[e], tips[e]
    ends[e] = c.cfg.far[code]
    arms[e] = old[1] + 1
    tips[e] = code >> 3
    try:
        return int(scoring(c))
    finally:
        ends[e], arms[e], tips[e] = old


def all_fives(c: Core, code: int) -> float:
    """A5: the best immediate score, then the heaviest tile."""
    return 100 * immediate_points(c, code) + heaviest(c, code)


def all_fives_values(c: Core, codes: tuple[int, ...]) -> list[float]:
    """``[all_fives(c, k) for k in codes]``, the same values, faster on the table of an All
    Fives spinner (the greedy players' fast path in simulations): the open-end total of A5-3 is
    summed once, and each play's total after it is laid is that sum with its end changed
    (`_a5_rest`); the lead goes the plain way. ``codes`` are plays (no draw, no pass).

    >>> import domino_widgets as dw
    >>> from domino_widgets.core.engine import legal_codes
    >>> c = dw.new_game("all_fives", hands=[["5-5", "0-5", "4-5"], ["1-5", "2-2"]], boneyard=["3-3"]).play(
    ...     "5-5").play("1-5 right").core
    >>> all_fives_values(c, legal_codes(c)) == [all_fives(c, k) for k in legal_codes(c)] == [5, 509]
    True
    """
    if c.center < 0 or c.cfg.play_scoring is not _a5_play_score or c.cfg.layout != SPINNER:
        return [all_fives(c, k) for k in codes]
    lay, heavy_of, _, _, _ = _a5_code_tables(c.cfg)
    rest = _a5_rest(c)
    values: list[float] = []
    for k in codes:
        after = rest[(k >> 1) & 3] + lay[k]
        values.append(100 * (after if after % 5 == 0 else 0) + heavy_of[k])  # A5-4
    return values


def _a5_terms(c: Core) -> tuple[int, list[int]]:
    """The open-end total of an All Fives spinner after the lead (A5-3,
    `domino_widgets.variants.all_fives.open_end_total`) and each end's term in it."""
    t = c.cfg.t
    value, double = t.value, t.double
    arms, tips, ends = c.arms, c.tips, c.ends
    total = 0 if arms[0] and arms[1] else value[c.center]  # the spinner, while a long side is empty
    term = [0, 0, 0, 0]
    for e in c.open:
        if arms[e]:
            tip = tips[e]
            term[e] = value[tip] if double[tip] else ends[e]
            total += term[e]
    return total, term


def _a5_rest(c: Core, total: int | None = None, term: list[int] | None = None) -> list[int]:
    """Per end e, the open-end total after a play on e, but for the term the laid tile shows
    there (A5-3): the total less e's term, and less the spinner's two halves when the play takes
    the second long side (the spinner then stops counting)."""
    if total is None or term is None:
        total, term = _a5_terms(c)
    arms = c.arms
    if arms[0] and arms[1]:
        return [total - term[0], total - term[1], total - term[2], total - term[3]]
    spin = c.cfg.t.value[c.center]
    return [total - term[0] - (spin if arms[1] else 0), total - term[1] - (spin if arms[0] else 0), total, total]


def keep_matadors(c: Core, code: int) -> float:
    """MAT: keep the matadors back (MAT-3: they save a hand that has no ordinary play); among
    ordinary tiles the heaviest, preferring to leave a blank end, which no ordinary tile takes
    (MAT-2), so the opponent must spend a matador or draw."""
    cfg = c.cfg
    i = code >> 3
    score = heaviest(c, code)
    if cfg.matadors >> i & 1:
        score -= 100
    if c.center >= 0 and cfg.far[code] == 0:
        score += 3
    return score


def sixes_race(c: Core, code: int) -> float:
    """BRG: race your sixes out while the 6-6 still takes them (BRG-3) and sixes still fit, then
    the heaviest; in the cross phase leave an end you can follow with another of your tiles."""
    t = c.cfg.t
    i = code >> 3
    score = heaviest(c, code)
    if t.high[i] == 6:
        score += 10
    far = c.cfg.far[code]
    rest = c.hands[c.turn] & ~t.bit[i]
    score += (rest & t.suit[far]).bit_count()
    return score


def follow_ups(c: Core, code: int) -> int:
    """How many of the mover's other tiles fit the end that ``code`` leaves (0 for the lead).

    >>> import domino_widgets as dw
    >>> from domino_widgets.core.engine import legal_codes
    >>> s = dw.new_game("block", hands=[["5-6", "0-5", "5-5", "1-2"], ["6-6", "3-4"]], leader=1)
    >>> c = s.play("6-6").core           # seat 0 to play: only 5-6 fits, leaving a 5
    >>> [follow_ups(c, k) for k in legal_codes(c)]   # 0-5 and 5-5 can follow it, at either end
    [2, 2]
    """
    if c.center < 0 or code < 0:
        return 0
    cfg = c.cfg
    rest = c.hands[c.turn] & ~cfg.t.bit[code >> 3]
    return (rest & cfg.fit[cfg.far[code]]).bit_count()


HEURISTICS: dict[str, Heuristic] = {
    "block": heaviest,
    "draw_cz": heaviest,
    "draw": heaviest,
    "all_fives": all_fives,
    "matador": keep_matadors,
    "bergen": sixes_race,
}


def heuristic_for(variant: str) -> Heuristic:
    """The one-ply heuristic of a variant (the heaviest tile for variants without their own)."""
    return HEURISTICS.get(variant, heaviest)


def rollout_policy(variant: str, follow_weight: float = 2.0) -> Heuristic:
    """The expert's playout policy: the variant's heuristic plus ``follow_weight`` for each tile of
    the mover that can follow the end a play leaves (keeping options, a little smarter than the
    greedy player it plays against)."""
    h = heuristic_for(variant)
    if not follow_weight:
        return h
    if h is all_fives:
        return _all_fives_policy(follow_weight)
    if h is sixes_race or h is keep_matadors:
        return _tabled_policy(h, follow_weight)

    def policy(c: Core, code: int) -> float:
        if c.center < 0 or code < 0:
            return h(c, code) + follow_weight * 0
        cfg = c.cfg  # `follow_ups`, inlined: this runs for every candidate of every rollout move
        follows = (c.hands[c.turn] & ~cfg.t.bit[code >> 3] & cfg.fit[cfg.far[code]]).bit_count()
        return h(c, code) + follow_weight * follows

    policy.__name__ = f"{getattr(h, '__name__', 'heuristic')}_with_follow_ups"
    if h is heaviest:
        policy.heaviest_follow_weight = follow_weight  # type: ignore[attr-defined]  # `heuristic_playout` fuses it
    return policy


def _all_fives_policy(follow_weight: float) -> Heuristic:
    """`all_fives` plus ``follow_weight`` times `follow_ups`, fused into one function with the same
    values (the All Fives expert calls it for every candidate of every rollout move)."""

    def policy(c: Core, code: int) -> float:
        if c.center < 0 or code < 0:
            return all_fives(c, code) + follow_weight * 0
        cfg = c.cfg
        t = cfg.t
        i = code >> 3
        e = (code >> 1) & 3
        ends, arms, tips = c.ends, c.arms, c.tips
        old = ends[e], arms[e], tips[e]
        ends[e], arms[e], tips[e] = cfg.far[code], old[1] + 1, i  # the tile laid for a moment,
        points = int(cfg.play_scoring(c)) if cfg.play_scoring is not None else 0  # as immediate_points does
        ends[e], arms[e], tips[e] = old
        heavy = t.value[i] + 0.5 if t.low[i] == t.high[i] else t.value[i]  # heaviest
        follows = (c.hands[c.turn] & ~t.bit[i] & cfg.fit[cfg.far[code]]).bit_count()
        return 100 * points + heavy + follow_weight * follows

    policy.__name__ = "all_fives_with_follow_ups"
    policy.follow_weight = follow_weight  # type: ignore[attr-defined]  # `heuristic_playout` fuses it
    return policy


def _tabled_policy(h: Heuristic, follow_weight: float) -> Heuristic:
    """`sixes_race` or `keep_matadors` plus ``follow_weight`` times `follow_ups`, the same values
    from tables per play code (built once per configuration): the Bergen and Matador experts call
    it for every candidate of every rollout move, and each of its parts was a function call.

    >>> import domino_widgets as dw
    >>> from domino_widgets.core.engine import legal_codes
    >>> c = dw.new_game("bergen", seed=2).core
    >>> slow = lambda c, k: sixes_race(c, k) + 2.0 * follow_ups(c, k)
    >>> fast = _tabled_policy(sixes_race, 2.0)
    >>> all(fast(c, k) == slow(c, k) for k in legal_codes(c))
    True
    """
    built: list[Any] = [None, None]  # the configuration the tables are for, and the tables

    def tables(cfg: Any) -> tuple[tuple[float, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        t = cfg.t
        codes = range(len(cfg.far))
        heavy = _heavy(t)
        if h is sixes_race:  # the heaviest, +10 for a six (BRG-3); the tiles left that share the far number
            base = tuple(heavy[k >> 3] + (10 if t.high[k >> 3] == 6 else 0) for k in codes)
            same = tuple(t.suit[cfg.far[k]] & ~t.bit[k >> 3] for k in codes)
            extra = tuple(0 for _ in codes)
        else:  # keep_matadors: the heaviest, -100 for a matador (MAT-3), +3 for a blank end left (MAT-2)
            base = tuple(heavy[k >> 3] - (100 if cfg.matadors >> (k >> 3) & 1 else 0) for k in codes)
            same = tuple(0 for _ in codes)
            extra = tuple(3 if cfg.far[k] == 0 else 0 for k in codes)
        follow = tuple(cfg.fit[cfg.far[k]] & ~t.bit[k >> 3] for k in codes)
        return base, same, extra, follow

    def policy(c: Core, code: int) -> float:
        if c.center < 0 or code < 0:
            return h(c, code) + follow_weight * 0
        cfg = c.cfg
        if built[0] is not cfg:
            built[0], built[1] = cfg, tables(cfg)
        base, same, extra, follow = built[1]
        hand = c.hands[c.turn]
        return (base[code] + (hand & same[code]).bit_count() + extra[code]
                + follow_weight * (hand & follow[code]).bit_count())

    policy.__name__ = f"{getattr(h, '__name__', 'heuristic')}_with_follow_ups"
    return policy


def _heavy(t: Any) -> tuple[float, ...]:
    """`heaviest` per tile index (cached per set)."""
    got = _HEAVY.get(t.pips)
    if got is None:
        got = _HEAVY[t.pips] = tuple(t.value[i] + 0.5 if t.double[i] else t.value[i] for i in range(t.size))
    return got


_HEAVY: dict[int, tuple[float, ...]] = {}


def _all_fives_playout(c: Core, rng: Random, follow_weight: float, epsilon: float, first: int | None = None) -> int:
    """`heuristic_playout` with `_all_fives_policy` on an All Fives spinner, move for move the
    same (the same values, ties and random numbers, the same final `Core` slot for slot), faster.

    It is `legal_codes`, `apply_code` and the policy fused into one loop over local variables
    (the hot path of the All Fives expert: most of its time is spent here). What it reproduces:

    * the legal plays: `legal_codes`'s own inlined path, the same cached tuples in the same order;
      no play: a draw while the boneyard lasts (COM-5), else a pass (COM-4);
    * the choice: `heuristic_playout`'s (one legal action: no random number; else with
      probability ``epsilon`` a uniformly random one, else the best by the policy, ties broken by
      one more random number), the
      policy's A5-3 total summed once per move, each candidate's total after it is laid being
      that sum with the candidate's end changed (`domino_widgets.variants.all_fives.open_end_total`,
      term by term);
    * the play: `apply_code`'s spinner path (COM-3: the short sides open once both long sides
      hold a tile), A5-4 scoring, A5-6 (reaching the target wins at once), going out, COM-6
      (blocked) checked as `apply_code` checks it.

    ``first`` (a legal code) is played before anything is chosen. The lead (no tile on the
    table yet) is played the plain way first, and so is a ``first`` that is no play.
    ``tests/test_players.py`` holds this loop equal to the plain `heuristic_playout`.
    """
    cfg = c.cfg
    t = cfg.t
    value, double, bit, low = t.value, t.double, t.bit, t.low
    far, fit, table = cfg.far, cfg.fit, cfg.table
    rand = rng.random
    moves = 0
    if first is not None and (first < 0 or c.center < 0):
        apply_code(c, first)
        moves, first = 1, None
    if c.center < 0:  # the lead: the plain loop of `heuristic_playout`
        slow = _all_fives_policy(follow_weight)
        while c.center < 0 and not c.over:
            _plain_move(c, slow, rand, epsilon)
            moves += 1
    if c.over:
        return moves
    lay, heavy_of, follow_mask, end_of, fives = _a5_code_tables(cfg)
    players = cfg.players
    target = cfg.target
    base = c.base_scores
    hands, stock, points = c.hands, c.stock, c.hand_points
    ends, arms, tips = c.ends, c.arms, c.tips
    center = c.center
    spin = value[center]  # the spinner's two halves, counted while a long side is empty (A5-3)
    opened = c.open
    turn = c.turn
    record = c.history.append
    # The open-end total (A5-3) and each end's term in it, kept up to date play by play.
    both = bool(arms[0] and arms[1])
    total = 0 if both else spin  # `_a5_terms`, inlined
    term = [0, 0, 0, 0]
    # per open end: the tiles that fit it and `legal_codes`'s cache of its codes, kept up to date
    # (the entries of the ends not open yet are filled when they open)
    fits: list[int] = [0, 0, 0, 0]
    cache: list[dict[int, tuple[int, ...]]] = [{}, {}, {}, {}]
    for e in opened:
        v = ends[e]
        fits[e] = fit[v]
        cache[e] = table[e][v]
        if arms[e]:
            tip = tips[e]
            term[e] = value[tip] if double[tip] else v
            total += term[e]
    code = -1 if first is None else first
    played = False
    while True:
        hand = hands[turn]
        moves += 1
        if code < 0:  # choose (else ``first`` is played as it is)
            codes = ()
            for e in opened:  # `legal_codes`
                m = hand & fits[e]
                if m:
                    got = cache[e].get(m)
                    if got is None:
                        got = cache[e][m] = _codes_at(cfg, e, ends[e], m)
                    codes += got
            if not codes:
                if stock:  # COM-5: draw (forced: no random number)
                    played = False
                    i = stock.pop()
                    hands[turn] = hand | bit[i]
                    record(-3 - i)  # draw_code(i)
                    if stock:
                        continue
                else:  # COM-4: pass
                    if played:  # `apply_code` checks COM-6 right after a play: nobody can play, it ends there
                        reach = 0
                        for e in opened:
                            reach |= fits[e]
                        if not any(h & reach for h in hands):
                            c.turn, c.open = turn, opened
                            _end(c, "blocked")
                            return moves - 1  # no action this time round
                    played = False
                    record(PASS_CODE)
                    turn += 1
                    if turn == players:
                        turn = 0
                reach = 0
                for e in opened:
                    reach |= fits[e]
                if any(h & reach for h in hands):
                    continue
                c.turn, c.open = turn, opened
                _end(c, "blocked")  # COM-6: nobody can play or draw
                return moves
            n = len(codes)
            if n == 1:
                code = codes[0]
            elif epsilon and rand() < epsilon:
                code = codes[int(rand() * n)]
            else:
                # a play's total after it is laid: rest[its end] + its term (`_a5_rest`, inlined)
                if both:
                    rest = [total - term[0], total - term[1], total - term[2], total - term[3]]
                else:
                    rest = [total - term[0] - (spin if arms[1] else 0), total - term[1] - (spin if arms[0] else 0),
                            total, total]
                high = _MINUS_INFINITY
                top: list[int] = []
                for k in codes:
                    # 100 x the A5-4 score of the total after the play, + heaviest, + the follow-ups
                    v = (fives[rest[end_of[k]] + lay[k]] + heavy_of[k]
                         + follow_weight * (hand & follow_mask[k]).bit_count())
                    if v > high:
                        top, high = [k], v
                    elif v == high:
                        top.append(k)
                # ties: one at random, as `heuristic_playout` (one random number, only for a tie)
                code = top[0] if len(top) == 1 else top[int(rand() * len(top))]
        # `apply_code`, the spinner's path
        i = code >> 3
        hand ^= bit[i]
        hands[turn] = hand
        e = end_of[code]
        ends[e] = v = far[code]
        fits[e] = fit[v]
        cache[e] = table[e][v]
        arms[e] += 1
        tips[e] = i
        total += lay[code] - term[e]
        term[e] = lay[code]
        if not both and arms[0] and arms[1]:  # COM-3: the spinner's short sides open
            both = True
            total -= spin
            ends[2] = ends[3] = v = low[center]
            fits[2] = fits[3] = fit[v]
            cache[2], cache[3] = table[2][v], table[3][v]
            opened = (0, 1, 2, 3)
        record(code)
        code = -1
        if total and total % 5 == 0:  # A5-4
            points[turn] += total
            if target is not None and base[turn] + points[turn] >= target:
                c.turn, c.open = turn, opened
                _end(c, "target", turn)  # A5-6: reaching the target wins at once
                return moves
        if not hand:  # out: the hand ends at once
            c.finished.append(turn)
            c.turn, c.open = turn, opened
            _end(c, "out", turn)
            return moves
        turn += 1
        if turn == players:
            turn = 0
        played = True  # COM-6 after a play: checked when the next player turns out to have no play


_MINUS_INFINITY = float("-inf")
_A5Tables = tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_A5_TABLES: dict[tuple[int, str], _A5Tables] = {}


def _a5_code_tables(cfg: Any) -> _A5Tables:
    """Per play code, for `_all_fives_playout` and `all_fives_values` (cached per set and
    matching rule): the term of the open-end total the tile shows at its end once laid (A5-3: a
    double both halves, else the number it leaves), `heaviest` of its tile, the mask of the
    mover's other tiles that could follow the end it leaves (`follow_ups`), and its end; then,
    per open-end total, 100 times what it scores (A5-4: itself if a multiple of 5, else 0; the
    total is at most 8 x pips, four doubles at the ends)."""
    key = (cfg.pips, cfg.matching)
    got = _A5_TABLES.get(key)
    if got is None:
        t = cfg.t
        codes = range(len(cfg.far))
        heavy = _heavy(t)
        got = _A5_TABLES[key] = (
            tuple(t.value[k >> 3] if t.double[k >> 3] else cfg.far[k] for k in codes),
            tuple(heavy[k >> 3] for k in codes),
            tuple(cfg.fit[cfg.far[k]] & ~t.bit[k >> 3] for k in codes),
            tuple((k >> 1) & 3 for k in codes),
            tuple(100 * x if x % 5 == 0 else 0 for x in range(10 * t.pips + 1)),
        )
    return got


def _line_playout(c: Core, rng: Random, policy: Heuristic, follow_weight: float, epsilon: float,
                  first: int | None = None) -> int:
    """`heuristic_playout` with `rollout_policy`'s `heaviest` plus ``follow_weight`` times
    `follow_ups`, on a line (block, draw, draw_cz): move for move the same (the same values,
    ties and random numbers, the same final `Core` slot for slot), faster. The expert's draw_cz
    review spends most of its time here: every playout draws through a boneyard of up to 14 tiles.

    It is `legal_codes`, `apply_code` and the policy fused into one loop over local variables:

    * the legal plays: `legal_codes`'s inlined path (end 0, then end 1, the same cached tuples);
      no play: a draw while the boneyard lasts (COM-5, forced: no random number), else a pass;
    * the choice: `_plain_move`'s (one legal action: no random number; else with probability
      ``epsilon`` a uniformly random one, else the best by the policy, ties broken by one more
      random number);
    * the play: `apply_code`'s line path; an empty hand ends the hand at once (BLK-4, DRW-4), or
      only once the boneyard is empty (DCZ-3/4: checked at the play and at the draw that empties
      it); COM-6 (blocked) checked where `apply_code` checks it.

    ``first`` (a legal code) and the lead (no tile on the table yet) are played the plain way.
    ``tests/test_players.py`` holds this loop equal to the plain `heuristic_playout`.
    """
    moves = 0
    if first is not None:
        apply_code(c, first)
        moves = 1
    rand = rng.random
    while c.center < 0 and not c.over:  # the lead: the plain loop
        _plain_move(c, policy, rand, epsilon)
        moves += 1
    if c.over:
        return moves
    cfg = c.cfg
    bit = cfg.t.bit
    far, fit = cfg.far, cfg.fit
    table0, table1 = cfg.table[0], cfg.table[1]
    heavy_of, follow_mask = _line_code_tables(cfg)
    players = cfg.players
    draws = cfg.draws
    at_once = cfg.out_rule == OUT_AT_ONCE
    hands, stock = c.hands, c.stock
    ends, arms, tips = c.ends, c.arms, c.tips
    record = c.history.append
    turn = c.turn
    codes: tuple[int, ...]
    while True:
        hand = hands[turn]
        moves += 1
        codes = ()
        v = ends[0]  # `legal_codes`: end 0, then end 1
        m = hand & fit[v]
        if m:
            got = table0[v].get(m)
            if got is None:
                got = table0[v][m] = _codes_at(cfg, 0, v, m)
            codes = got
        v = ends[1]
        m = hand & fit[v]
        if m:
            got = table1[v].get(m)
            if got is None:
                got = table1[v][m] = _codes_at(cfg, 1, v, m)
            codes += got
        if not codes:
            if draws and stock:  # COM-5: draw (forced: no random number)
                i = stock.pop()
                hands[turn] = hand | bit[i]
                record(-3 - i)  # draw_code(i)
                if stock:
                    continue
                c.turn = turn
                if not at_once:
                    for seat in range(players):
                        if not hands[seat]:  # DCZ-4: the empty hand wins the moment the boneyard is empty
                            c.finished.append(seat)
                            _end(c, "out", seat)
                            return moves
            else:  # COM-4: pass
                record(PASS_CODE)
                turn += 1
                if turn == players:
                    turn = 0
                c.turn = turn
                if draws and stock:
                    continue
            reach = fit[ends[0]] | fit[ends[1]]  # `_blocked`
            if any(h & reach for h in hands):
                continue
            _end(c, "blocked")  # COM-6: nobody can play or draw
            return moves
        n = len(codes)
        if n == 1:
            code = codes[0]
        elif epsilon and rand() < epsilon:
            code = codes[int(rand() * n)]
        else:
            high = _MINUS_INFINITY
            top: list[int] = []
            for k in codes:
                value = heavy_of[k] + follow_weight * (hand & follow_mask[k]).bit_count()
                if value > high:
                    top, high = [k], value
                elif value == high:
                    top.append(k)
            # ties: one at random, as `_plain_move` (one random number, only for a tie)
            code = top[0] if len(top) == 1 else top[int(rand() * len(top))]
        # `apply_code`, the line's path
        i = code >> 3
        hand ^= bit[i]
        hands[turn] = hand
        e = (code >> 1) & 3
        ends[e] = far[code]
        arms[e] += 1
        tips[e] = i
        record(code)
        if not hand and (at_once or not stock):  # out: the hand ends (DCZ-3: not while the boneyard lasts)
            c.finished.append(turn)
            c.turn = turn
            _end(c, "out", turn)
            return moves
        turn += 1
        if turn == players:
            turn = 0
        if draws and stock:
            continue
        reach = fit[ends[0]] | fit[ends[1]]
        if not hands[turn] & reach and not any(h & reach for h in hands):
            c.turn = turn
            _end(c, "blocked")  # COM-6 after a play
            return moves


_LINE_TABLES: dict[tuple[int, str], tuple[tuple[float, ...], tuple[int, ...]]] = {}


def _line_code_tables(cfg: Any) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Per play code, for `_line_playout` (cached per set and matching rule): `heaviest` of its
    tile, and the mask of the mover's other tiles that could follow the end it leaves (`follow_ups`)."""
    key = (cfg.pips, cfg.matching)
    got = _LINE_TABLES.get(key)
    if got is None:
        t = cfg.t
        heavy = _heavy(t)
        codes = range(len(cfg.far))
        got = _LINE_TABLES[key] = (tuple(heavy[k >> 3] for k in codes),
                                   tuple(cfg.fit[cfg.far[k]] & ~t.bit[k >> 3] for k in codes))
    return got


def heuristic_playout(c: Core, rng: Random, heuristic: Heuristic, epsilon: float = 0.0,
                      first: int | None = None) -> int:
    """Play ``c`` to the end of the hand in place: every player takes the best play by
    ``heuristic`` (ties: one of them at random, drawn from ``rng`` as `GreedyPlayer` breaks them, so a
    seed still gives one playout), or with probability ``epsilon`` a uniformly random one;
    ``first``, a legal code, is played before that. Returns the number of actions, ``first``
    included (like `domino_widgets.core.engine.random_playout`).

    >>> import random, domino_widgets as dw
    >>> from domino_widgets.core.engine import apply_code, legal_codes
    >>> s = dw.new_game("all_fives", seed=3)
    >>> a, b = s.core, s.core                 # two copies of the dealt position
    >>> k = legal_codes(a)[0]
    >>> apply_code(a, k)
    >>> n = heuristic_playout(a, random.Random(1), all_fives)
    >>> heuristic_playout(b, random.Random(1), all_fives, first=k) == n + 1 and a.points == b.points
    True
    """
    fw = getattr(heuristic, "follow_weight", None)
    cfg = c.cfg
    if (fw is not None and cfg.play_scoring is _a5_play_score and cfg.layout == SPINNER and not cfg.matadors
            and not cfg.matador_optional and cfg.out_rule == OUT_AT_ONCE and not c.finished):
        return _all_fives_playout(c, rng, fw, epsilon, first)  # All Fives: the same plays, fused
    hw = getattr(heuristic, "heaviest_follow_weight", None)
    if (hw is not None and cfg.layout == LINE and cfg.play_scoring is None and not cfg.matadors
            and not cfg.matador_optional and cfg.out_rule in (OUT_AT_ONCE, OUT_STOCK_EMPTY) and not c.finished):
        return _line_playout(c, rng, heuristic, hw, epsilon, first)  # block, draw, draw_cz: fused
    moves = 0
    if first is not None:
        apply_code(c, first)
        moves = 1
    rand = rng.random
    while not c.over:
        _plain_move(c, heuristic, rand, epsilon)
        moves += 1
    return moves


def _plain_move(c: Core, heuristic: Heuristic, rand: Callable[[], float], epsilon: float) -> None:
    """One move of `heuristic_playout`: the forced action, a uniformly random one with
    probability ``epsilon``, else the best by ``heuristic`` (ties: one at random, by ``rand``)."""
    codes = legal_codes(c)
    n = len(codes)
    if n == 1:
        apply_code(c, codes[0])
    elif epsilon and rand() < epsilon:
        apply_code(c, codes[int(rand() * n)])
    else:
        best = [codes[0]]
        top = heuristic(c, codes[0])
        for k in codes[1:]:
            v = heuristic(c, k)
            if v > top:
                best, top = [k], v
            elif v == top:
                best.append(k)
        # ties: one at random, as the greedy player breaks them (one random number, only for a tie)
        apply_code(c, best[0] if len(best) == 1 else best[int(rand() * len(best))])

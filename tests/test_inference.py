"""Exact inference about hidden tiles (prob.inference), checked three ways:

* hand-computed cases, written as scripted deals with a comment per play;
* rejection sampling: deal the hidden tiles uniformly, replay the public history with the engine
  and keep the deals that reproduce it (an independent count of the same posterior);
* properties on random positions of every variant (rows sum to 1, place sizes, the truth is
  possible, `sample_hidden` agrees with `tile_probabilities`).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from itertools import combinations, pairwise, permutations, product
from math import comb
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import domino_widgets as dw
from domino_widgets.core.actions import drawn_index
from domino_widgets.core.engine import (
    DRAW_CODE,
    PASS_CODE,
    apply_code,
    fast_shuffle,
    forced_lead,
    legal_codes,
    new_core,
)
from domino_widgets.core.state import GameState, core_from_view
from domino_widgets.core.tiles import Tile, mask_of, tile_set
from domino_widgets.prob import inference as inf
from domino_widgets.prob.counting import DealCount, SlotCount
from domino_widgets.prob.inference import (
    block_chances,
    block_probability,
    can_follow,
    pass_probability,
    sample_hidden,
    summary,
    tile_probabilities,
)

T = Tile.parse
LINE_VARIANTS = ("block", "draw_cz", "draw", "all_fives", "matador", "bergen")


def play(state: GameState, *moves: str) -> GameState:
    for m in moves:
        state = state.play(m)
    return state


def unseen_where(view: dw.PlayerView, test: Callable[[Tile], bool]) -> list[Tile]:
    return [t for t in view.unseen if test(t)]


# ---------------------------------------------------------------- the counters, by brute force


def brute_slot_count(deal: int, slots: int, pool: list[int], played: list[tuple[int, int]]) -> int:
    """Seat the tiles one by one: ``deal`` unordered places at slot 0, one place at each slot 1..m;
    every played tile inside its interval, pool tile of class j at a slot >= j (or unused)."""
    items = [(lo, hi) for lo, hi in played] + [(j, slots) for j, n in enumerate(pool) for _ in range(n)]
    count = 0
    for dealt in combinations(range(len(items)), deal):
        if any(items[i][0] > 0 for i in dealt):
            continue
        rest = [i for i in range(len(items)) if i not in dealt]
        for seq in permutations(rest, slots):
            used = set(dealt) | set(seq)
            if all(items[i][0] <= e + 1 <= items[i][1] for e, i in enumerate(seq)) and \
                    all(i in used for i in range(len(played))):
                count += 1
    return count


@st.composite
def slot_problems(draw: st.DrawFn) -> tuple[int, int, list[int], list[tuple[int, int]]]:
    slots = draw(st.integers(0, 3))
    deal = draw(st.integers(0, 3))
    pool = draw(st.lists(st.integers(0, 3), min_size=slots + 1, max_size=slots + 1))
    played = []
    for _ in range(draw(st.integers(0, 3))):
        lo = draw(st.integers(0, slots))
        played.append((lo, draw(st.integers(lo, slots))))
    return deal, slots, pool, played


@settings(max_examples=80, deadline=None)
@given(slot_problems())
def test_slot_count_matches_brute_force_and_marking(problem: tuple) -> None:
    deal, slots, pool, played = problem
    sc = SlotCount(deal, slots, pool, played)
    assert sc.total == brute_slot_count(deal, slots, pool, played)
    unused = sc.unused()
    for j, n in enumerate(pool):
        if n:  # one tile of class j held <=> it is a played tile with interval [j, m]
            marked = pool[:]
            marked[j] -= 1
            assert sc.total - unused[j] == SlotCount(deal, slots, marked, played + [(j, slots)]).total


@settings(max_examples=60, deadline=None)
@given(caps=st.lists(st.integers(0, 2), min_size=1, max_size=3), out=st.integers(0, 3),
       patterns=st.lists(st.integers(0, 7), min_size=1, max_size=7))
def test_deal_count_matches_brute_force(caps: list[int], out: int, patterns: list[int]) -> None:
    k = len(caps)
    patterns = [p & ((1 << k) - 1) for p in patterns]
    options = [[o for o in range(k) if p >> o & 1] + [None] for p in patterns]
    brute = sum(1 for where in product(*options)
                if all(where.count(o) == caps[o] for o in range(k)) and where.count(None) == out)
    groups = sorted(Counter(patterns).items())
    dc = DealCount(caps, out, groups)
    assert dc.total == brute
    if brute:
        for g, (p, n) in enumerate(groups):
            for o in range(k):
                held = sum(1 for where in product(*options)
                           if all(where.count(x) == caps[x] for x in range(k)) and where.count(None) == out
                           and where[patterns.index(p)] == o)
                assert dc.expected()[g][o] == n * held


# ---------------------------------------------------------------- hand-computed cases


def test_block_pass_on_3_and_5_rules_out_every_3_and_5() -> None:
    s = dw.new_game("block", hands=[["3-5", "5-5", "0-0", "0-1", "1-1", "1-2", "2-2"],
                                    ["6-6", "0-6", "1-6", "2-6", "4-6", "0-2", "4-4"]], leader=0)
    s = play(s, "3-5",   # seat 0 leads: the ends show 3 and 5
             "pass")     # BLK-3: seat 1 has no 3 and no 5, so he passes
    v = s.view(0)
    p = tile_probabilities(v)
    threes_fives = unseen_where(v, lambda t: t.has(3) or t.has(5))
    assert threes_fives and all(p[t][1] == 0 for t in threes_fives)
    assert can_follow(v, 1, 3) == 0 and can_follow(v, 1, 5) == 0
    # the other unseen tiles are equally likely: his 7 tiles among them, 14 out of play (BLK-1)
    free = unseen_where(v, lambda t: not (t.has(3) or t.has(5)))
    assert all(p[t][1] == Fraction(7, len(free)) for t in free)
    assert all(p[t]["out"] == 1 - Fraction(7, len(free)) for t in free)
    for n in (0, 6):
        k = sum(t.has(n) for t in free)
        assert can_follow(v, 1, n) == 1 - Fraction(comb(len(free) - k, 7), comb(len(free), 7))


def test_draw_game_draws_at_3_and_5_leave_no_3_or_5() -> None:
    s = dw.new_game("draw_cz", hands=[["3-5", "0-0", "1-1"], ["6-6", "0-6", "1-2"]],
                    boneyard=["2-6", "4-5", "0-1"], leader=0)
    s = play(s, "3-5",          # seat 0 leads: ends 3 and 5
             "draw", "draw",    # COM-5: seat 1 has no 3 and no 5 and draws 2-6 (no fit), then 4-5
             "4-5 right")       # ... which he lays at once: ends 3 and 4
    v = s.view(0)
    p = tile_probabilities(v)
    # he drew nothing since the draws at 3|5: no 3 and no 5 in his hand (the 2-6 he kept did not fit)
    assert all(p[t][1] == 0 for t in unseen_where(v, lambda t: t.has(3) or t.has(5)))
    # his 4 tiles (3 dealt + the 2-6) are any 4 of the unseen tiles without 3 or 5
    free = unseen_where(v, lambda t: not (t.has(3) or t.has(5)))
    assert all(p[t][1] == Fraction(4, len(free)) for t in free)
    # the boneyard holds 1 tile, out of play the rest of the set (scripted deal): spread uniformly
    rest = len(v.unseen) - 4
    t0 = free[0]
    assert p[t0]["boneyard"] == (1 - p[t0][1]) * Fraction(1, rest)


def test_staircase_tiles_allowed_from_a_later_draw() -> None:
    # A 6 cannot have been dealt to seat 1 nor drawn before he drew at 6|6, but it can be the
    # tile he drew later at 4|3: the allowed entry slots are nested (the staircase).
    s = dw.new_game("draw_cz", hands=[["6-6", "4-6", "0-4", "1-1"], ["0-0", "1-2", "2-5"]],
                    boneyard=["0-1", "3-6", "5-6", "3-5", "0-2", "1-5"], leader=0)
    s = play(s, "6-6",          # seat 0 leads: ends 6 and 6
             "draw", "draw",    # seat 1 has no 6: draws 0-1 (slot 1), then 3-6 ...
             "3-6 right",       # ... and lays it at once: ends 6 and 3
             "4-6 left",        # seat 0: ends 4 and 3
             "draw", "draw",    # seat 1 has no 4, no 3: draws 5-6 (slot 2), then 3-5 ...
             "3-5 right")       # ... and lays it: ends 4 and 5
    v = s.view(0)
    p = tile_probabilities(v)
    k = 3                                                         # tiles he was dealt
    n0 = len(unseen_where(v, lambda t: not (t.has(6) or t.has(4) or t.has(3))))  # any slot
    n2 = len(unseen_where(v, lambda t: t.has(6) and not (t.has(4) or t.has(3))))  # slot 2 only
    # configurations: C(n0, k) deals * (n0 - k) first draws * (n0 + n2 - k - 1) second draws
    last = n0 + n2 - k - 1
    for t in v.unseen:
        if t.has(4) or t.has(3):
            assert p[t][1] == 0                                   # checked at 4|3 after every entry
        elif t.has(6):
            assert p[t][1] == Fraction(1, last)                   # only as the second draw
        else:
            assert p[t][1] == Fraction(k + 1, n0) + Fraction(n0 - k - 1, n0 * last)


def test_blocked_hand_would_have_ended_so_the_opponent_can_play() -> None:
    # COM-6: the hand goes on after seat 1 was left stuck, so seat 0 holds a 1 or a 3.
    s = dw.new_game("block", hands=[["3-5", "0-1", "0-0", "2-2", "4-4", "0-4", "2-4"],
                                    ["6-6", "1-5", "5-6", "2-6", "0-6", "4-6", "0-2"]], leader=0)
    s = play(s, "3-5",          # seat 0 leads: ends 3 and 5
             "1-5 right")       # seat 1: ends 3 and 1; nothing of his fits 3 or 1 any more
    v = s.view(1)
    assert v.legal_actions == () and not v.is_over
    p = tile_probabilities(v)
    u = len(v.unseen)
    fits = unseen_where(v, lambda t: t.has(1) or t.has(3))
    f, h = len(fits), 6
    total = comb(u, h) - comb(u - f, h)                        # his hands that hold a 1 or a 3
    for t in v.unseen:
        held = comb(u - 1, h - 1) - (0 if t in fits else comb(u - 1 - f, h - 1))
        assert p[t][0] == Fraction(held, total)
    assert pass_probability(v, 0) == 0                          # he can play, for sure
    assert block_probability(v) == 0


def test_highest_double_lead_rules_out_higher_doubles() -> None:
    hands = [["0-1", "0-2", "1-3", "2-5", "3-6", "0-0", "1-1"], ["4-4", "0-3", "1-4", "2-6", "3-5", "2-2", "0-6"]]
    dealt = {T(x) for h in hands for x in h}
    s = dw.new_game("draw", hands=hands, boneyard=[t for t in tile_set(6) if t not in dealt])
    v = play(s, "4-4").view(0)   # DRW-2: seat 1 leads 4-4, so neither 5-5 nor 6-6 was dealt
    p = tile_probabilities(v)
    assert p[T("5-5")][1] == 0 and p[T("6-6")][1] == 0
    assert p[T("5-5")]["boneyard"] == 1 and p[T("6-6")]["boneyard"] == 1
    other = [t for t in v.unseen if t not in (T("5-5"), T("6-6"))]
    assert all(p[t][1] == Fraction(6, len(other)) for t in other)   # his other 6 tiles: any of these


def test_matador_laid_against_the_pips_means_no_ordinary_play() -> None:
    s = dw.new_game("matador", hands=[["3-3", "0-1", "1-5"], ["0-0", "6-6", "5-5"]],
                    boneyard=["0-2", "1-3", "2-2", "3-4"], out=["0-3", "2-6", "1-6"], leader=0)
    s = play(s, "3-3",           # seat 0 leads: ends 3 and 3; a 3 takes a 4 (MAT-2)
             "0-0 left")         # MAT-3: a matador against a 3, so seat 1 has no 4 at all
    v = s.view(0)
    p = tile_probabilities(v)
    assert all(p[t][1] == 0 for t in unseen_where(v, lambda t: t.has(4)))
    free = unseen_where(v, lambda t: not t.has(4))
    assert all(p[t][1] == Fraction(2, len(free)) for t in free)


def test_bergen_phase_one_passes_mean_no_six() -> None:
    s = dw.new_game("bergen", players=4, hands=[["6-6", "2-6", "3-6", "4-6", "0-0", "0-1", "0-2"],
                                     ["1-1", "1-2", "1-3", "1-4", "1-5", "2-2", "2-3"],
                                     ["0-6", "1-6", "5-6", "0-3", "0-4", "0-5", "2-4"],
                                     ["2-5", "3-3", "3-4", "3-5", "4-4", "4-5", "5-5"]])
    assert tile_probabilities(s.view(2))[T("6-6")][0] == 1   # BRG-2: seat 0 is to lead, so he holds it
    s = play(s, "6-6",           # BRG-2: seat 0 leads the 6-6
             "pass",             # BRG-3: seat 1 has no 6
             "0-6 left",         # seat 2
             "pass")             # seat 3 has no 6 either
    v = s.view(2)
    p = tile_probabilities(v)
    sixes = unseen_where(v, lambda t: t.has(6))
    assert sixes and all(p[t][1] == 0 and p[t][3] == 0 and p[t][0] == 1 for t in sixes)  # all are seat 0's
    free = unseen_where(v, lambda t: not t.has(6))       # seat 0's other 3 tiles: 3 of these 17
    assert all(p[t][0] == Fraction(3, len(free)) for t in free)
    assert can_follow(v, 1, 6) == 0 and can_follow(v, 0, 6) == 1


def test_a_finished_hand_shows_every_hand() -> None:
    s = random_position("draw", 4, 200)
    assert s.is_over
    v = s.view(0)
    p = tile_probabilities(v)
    for t in v.unseen:
        if t in s.hand(1):
            assert p[t][1] == 1
        else:   # the rest lies in the boneyard (its order unknown) or out of play
            assert p[t][1] == 0 and p[t]["boneyard"] == Fraction(v.boneyard_size, v.boneyard_size + v.out_of_play_size)
    assert block_probability(v) == (s.outcome is not None and s.outcome.reason == "blocked")


# ---------------------------------------------------------------- rejection sampling


def _public_facts(state: GameState, seat: int) -> tuple[list[int], dict[int, int]]:
    """What ``seat`` knows for sure about the deal, straight from the record of the hand:

    * per seat, the tiles it played before it ever drew (they were dealt to it);
    * boneyard positions whose tile is known: the viewer's own draws, and a draw followed at once
      by a play of the same seat (COM-5: the drawn tile is played at once; checked below by
      `test_a_draw_followed_by_a_play_is_the_tile_drawn`).
    """
    c = state.core
    hands0, stock0 = c.initial[0], c.initial[1]
    forced = [0] * len(hands0)
    forced[seat] = hands0[seat]
    drew = [False] * len(hands0)
    fixed: dict[int, int] = {}
    cur = dw.core.engine.initial_core(c)
    k = 0
    for i, code in enumerate(c.history):
        if code >= 0 and not drew[cur.turn]:
            forced[cur.turn] |= 1 << (code >> 3)
        elif code <= -3:
            nxt = c.history[i + 1] if i + 1 < len(c.history) else None
            if cur.turn == seat or (nxt is not None and nxt >= 0 and nxt >> 3 == drawn_index(code)):
                fixed[len(stock0) - 1 - k] = drawn_index(code)
            drew[cur.turn] = True
            k += 1
        apply_code(cur, code)
    return forced, fixed


def rejection_sample(state: GameState, seat: int, proposals: int, rng: random.Random,
                     model: Callable[[Any, int], float] | None = None) -> tuple[int, Counter]:
    """Deal the hidden tiles uniformly, replay the public history, keep what reproduces it.

    The proposal fixes only what ``seat`` knows for sure (`_public_facts`) and is uniform over the
    rest, so the accepted deals are uniform over the deals that reproduce the view. With
    ``model`` (a heuristic), also every free choice of an opponent (a play that is not the lead
    nor a tile drawn and laid at once) must be one the model finds best in the hand he held in
    that deal: the deals in which the opponents chose as the model.
    """
    c = state.core
    cfg = c.cfg
    hands0, stock0, _, leader = c.initial
    n = cfg.players
    forced, fixed = _public_facts(state, seat)
    known = 0
    for m in forced:
        known |= m
    for i in fixed.values():
        known |= 1 << i
    free = [i for i in range(cfg.t.size) if not known >> i & 1]
    need = [h.bit_count() - forced[s].bit_count() for s, h in enumerate(hands0)]
    free_pos = [i for i in range(len(stock0)) if i not in fixed]
    unseen = [t.index for t in state.view(seat).unseen]
    counts: Counter = Counter()
    accepted = 0
    for _ in range(proposals):
        fast_shuffle(free, rng)
        pos = 0
        hands = []
        for s in range(n):
            h = forced[s]
            for i in free[pos:pos + need[s]]:
                h |= 1 << i
            pos += need[s]
            hands.append(h)
        stock = list(stock0)
        for p_ in free_pos:
            stock[p_] = free[pos]
            pos += 1
        for p_, i in fixed.items():
            stock[p_] = i
        out = mask_of(Tile.from_index(i) for i in free[pos:])
        if cfg.lead != "any":  # DRW-2, BRG-1/2: the deal must make the real leader lead
            f = forced_lead(cfg, hands)
            if f is None or f[0] != leader:
                continue
        r = new_core(cfg, hands=hands, stock=stock, out=out, leader=leader, seed=None, base_scores=c.base_scores)
        ok = True
        drew = None  # the seat that drew last, if the action before was a draw
        for code in c.history:
            codes = legal_codes(r)
            mover, was = r.turn, code
            if code >= 0:
                ok = code in codes
                if ok and model is not None and mover != seat and r.center >= 0 and drew != mover:
                    ok = all(model(r, k) <= model(r, code) for k in codes)  # a free choice, as the model
            elif code == PASS_CODE:
                ok = codes == (PASS_CODE,)
            else:  # a draw takes the next tile of this deal's boneyard
                ok = codes == (DRAW_CODE,)
                code = DRAW_CODE
            drew = mover if was <= -3 else None
            if not ok:
                break
            apply_code(r, code)
        if not ok or r.over != c.over or (c.over and r.hands != c.hands):
            continue
        accepted += 1
        for i in unseen:
            b = 1 << i
            where = next((s for s in range(n) if r.hands[s] & b), None)
            counts[(i, "boneyard" if where is None and i in r.stock else "out" if where is None else where)] += 1
    return accepted, counts


def assert_agrees(exact: dict[Tile, dict], counts: Counter, n: int, sigmas: float = 4.5) -> None:
    """Every frequency within ``sigmas`` standard errors of the exact probability; 0 and 1 exactly.

    With some 2000 cells checked in all, a 4.5-sigma false alarm has odds of about 1 in 70.
    """
    assert n >= 300, f"too few accepted samples ({n}) for a meaningful check"
    for t, row in exact.items():
        for where, p in row.items():
            f = counts[(t.index, where)] / n
            if p in (0, 1):
                assert f == p, (str(t), where, p, f)
            else:
                sd = math.sqrt(float(p * (1 - p)) / n)
                assert abs(f - float(p)) <= sigmas * sd, (str(t), where, float(p), f, (f - float(p)) / sd)


SCRIPTED = [
    # (variant, deal keywords, moves, viewer): small deals with passes, draws and matadors
    ("block", {"hands": [["3-5", "5-5", "0-3", "1-1"], ["6-6", "0-6", "0-2", "4-4"]], "leader": 0},
     ["3-5",          # ends 3 and 5
      "pass",         # seat 1: no 3, no 5
      "5-5 right",    # ends 3 and 5
      "pass",         # seat 1 again
      "0-3 left"],    # ends 0 and 5; seat 0 is stuck, so seat 1 holds a 0 (COM-6)
     0),
    ("draw_cz", {"hands": [["3-5", "0-0", "1-1"], ["6-6", "0-6", "1-2"]],
                 "boneyard": ["2-4", "4-5", "0-1", "3-3", "1-4", "2-2"], "leader": 0},
     ["3-5",                # ends 3 and 5
      "draw", "draw",       # seat 1: no 3, no 5; draws 2-4 (kept), then 4-5 ...
      "4-5 right",          # ... laid at once: ends 3 and 4
      "draw", "draw",       # seat 0 draws 0-1, then 3-3 ...
      "3-3 left",           # ... laid at once: ends 3 and 4
      "2-4 right"],         # seat 1 lays a tile that was dealt or drawn: ends 3 and 2
     0),
    ("draw", {"hands": [["6-6", "1-2", "0-0"], ["5-5", "0-3", "3-3"]],
              "boneyard": ["1-4", "2-6", "0-4", "3-4", "1-1"]},
     ["6-6",                # DRW-2: seat 0 leads his highest double
      "draw", "draw",       # seat 1: no 6; draws 1-4 (kept), then 2-6 ...
      "2-6 right",          # ... laid at once: ends 6 and 2
      "1-2 right",          # ends 6 and 1
      "1-4 right",          # seat 1: ends 6 and 4
      "draw",               # seat 0 draws 0-4 ...
      "0-4 right"],         # ... and lays it: ends 6 and 0
     0),
    ("matador", {"hands": [["3-3", "0-1", "1-5"], ["0-0", "6-6", "5-5"]],
                 "boneyard": ["0-2", "1-3", "2-2", "3-4"], "out": ["0-3", "2-6", "1-6"], "leader": 0},
     ["3-3",                # ends 3 and 3: a 3 takes a 4 (MAT-2)
      "0-0 left"],          # MAT-3: a matador, so seat 1 has no 4
     0),
]


@pytest.mark.parametrize("case", range(len(SCRIPTED)))
def test_scripted_positions_agree_with_rejection_sampling(case: int) -> None:
    variant, deal_kw, moves, seat = SCRIPTED[case]
    s = play(dw.new_game(variant, **deal_kw), *moves)  # type: ignore[arg-type]
    n, counts = rejection_sample(s, seat, 15000, random.Random(case))
    assert_agrees(tile_probabilities(s.view(seat)), counts, n)


RANDOM_POSITIONS = [
    # (variant, parameters, seed, random moves, viewer), picked for real constraints (passes,
    # draws, tiles played that may have been drawn, COM-6, leads) and a fair acceptance rate
    ("block", {}, 12, 12, 0), ("block", {}, 3, 12, 0),
    ("draw_cz", {}, 3, 12, 0), ("draw_cz", {}, 12, 26, 1),
    ("draw", {}, 12, 16, 0), ("draw", {}, 8, 0, 1), ("draw", {}, 8, 0, 0),
    ("all_fives", {}, 7, 20, 1), ("all_fives", {}, 7, 16, 1),
    ("matador", {}, 1, 26, 0), ("matador", {}, 0, 20, 0),
    ("bergen", {"players": 4}, 1, 16, 3), ("bergen", {"players": 4}, 8, 26, 1), ("bergen", {"players": 4}, 9, 0, 3),
    ("bergen", {"players": 3}, 1, 8, 1), ("bergen", {"players": 3}, 1, 8, 0),
    ("bergen", {"players": 2}, 9, 0, 1),
]


def random_position(variant: str, seed: int, moves: int, **params: Any) -> GameState:
    """A hand dealt by this test's own shuffle (so the positions do not depend on the engine's
    dealing code), played ``moves`` random legal actions on."""
    cfg = dw.get_variant(variant).config(params)
    rng = random.Random(seed)
    n, k = cfg.players, cfg.hand_size
    while True:
        tiles = list(tile_set(cfg.pips))
        rng.shuffle(tiles)
        removed, rest = tiles[:cfg.removed], tiles[cfg.removed:]
        hands = [rest[i * k:(i + 1) * k] for i in range(n)]
        rest = rest[n * k:]
        try:
            s = dw.new_game(variant, hands=hands, boneyard=rest if cfg.draws else None,
                            out=removed if cfg.draws else rest, leader=rng.randrange(n) if cfg.lead == "any" else None,
                            **params)
        except dw.ParameterError:  # DRW-2, BRG-1: the tile that must lead was not dealt: deal again
            continue
        break
    for _ in range(moves):
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
    return s


@pytest.mark.parametrize("variant,params,seed,moves,seat", RANDOM_POSITIONS)
def test_random_positions_agree_with_rejection_sampling(variant: str, params: dict, seed: int, moves: int,
                                                        seat: int) -> None:
    s = random_position(variant, seed, moves, **params)
    n, counts = rejection_sample(s, seat, 8000, random.Random(seed))
    assert_agrees(tile_probabilities(s.view(seat)), counts, n)


# ---------------------------------------------------------------- sample_hidden


@pytest.mark.parametrize("variant,params,seed,moves,seat", RANDOM_POSITIONS[::2])
def test_sample_hidden_frequencies_match_the_exact_probabilities(variant: str, params: dict, seed: int, moves: int,
                                                                  seat: int) -> None:
    v = random_position(variant, seed, moves, **params).view(seat)
    rng = random.Random(seed)
    counts: Counter = Counter()
    n = 2000
    for _ in range(n):
        hands, stock, _ = sample_hidden(v, rng)
        for t in v.unseen:
            b = 1 << t.index
            where = next((o for o in range(v.players) if hands[o] & b), None)
            counts[(t.index, where if where is not None else "boneyard" if t.index in stock else "out")] += 1
    assert_agrees(tile_probabilities(v), counts, n)


def test_sample_hidden_is_a_position_of_the_view() -> None:
    s = random_position("all_fives", 8, 12)
    me = s.current_player
    assert me is not None
    v = s.view(me)
    hands, stock, out = sample_hidden(v, random.Random(3))
    c = core_from_view(v, hands, stock, out)         # sizes and the viewer's own hand agree
    assert c.hands[me] == mask_of(v.hand) and c.turn == me
    assert GameState(c).legal_actions() == list(v.legal_actions)   # the same choices as the real position
    assert len(set(stock)) == len(stock) == v.boneyard_size
    everything = out | mask_of(Tile.from_index(i) for i in stock)
    for h in hands:
        assert not everything & h
        everything |= h
    assert everything | mask_of(p.tile for p in v.layout.placements()) == (1 << 28) - 1


# ---------------------------------------------------------------- properties of every variant


@settings(max_examples=30, deadline=None)
@given(variant=st.sampled_from(LINE_VARIANTS), seed=st.integers(0, 10**6), moves=st.integers(0, 60),
       seat=st.integers(0, 3))
def test_rows_sum_to_one_columns_to_the_sizes_and_the_truth_is_possible(variant: str, seed: int, moves: int,
                                                                        seat: int) -> None:
    s = random_position(variant, seed, moves)
    seat %= s.players
    v = s.view(seat)
    p = tile_probabilities(v)
    assert set(p) == set(v.unseen)
    places: dict[str | int, Fraction] = {}
    for t, row in p.items():
        assert sum(row.values()) == 1 and all(0 <= x <= 1 for x in row.values())
        for place, x in row.items():
            places[place] = places.get(place, Fraction(0)) + x
    for o in range(s.players):
        if o != seat:
            assert places.get(o, Fraction(0)) == v.hand_sizes[o]
    assert places.get("boneyard", 0) == v.boneyard_size and places.get("out", 0) == v.out_of_play_size
    # the real position is one of the configurations counted
    for t in v.unseen:
        holder = next((o for o in range(s.players) if t in s.hand(o)), None)
        truth: str | int = holder if holder is not None else ("boneyard" if t in s.boneyard else "out")
        assert p[t][truth] > 0, (str(t), truth)
    # a sample never puts a tile where it cannot be
    hands, _, _ = sample_hidden(v, random.Random(seed))
    for o in range(s.players):
        if o != seat:
            assert all(p[t][o] > 0 for t in dw.core.tiles.tiles_of(hands[o]))


def test_slot_and_deal_counters_agree_on_a_block_position() -> None:
    # Without draws the staircase DP (one opponent, slots = 0) is the deal DP with one pattern.
    s = random_position("block", 5, 9)
    post = inf.posterior(s.view(0))
    slot = inf._SlotModel(post.ev)
    assert isinstance(post.model, inf._DealModel)
    assert slot.total(()) == post.model.total(())
    nonzero = [{k: w for k, w in m.held(())[1].items() if w} for m in (slot, post.model)]
    assert nonzero[0] == nonzero[1] and nonzero[0]


# ---------------------------------------------------------------- derived figures and the panel


def test_block_probability_after_a_play_is_the_chance_he_is_stuck_too() -> None:
    s = dw.new_game("block", hands=[["3-5", "1-2", "4-4", "0-0"], ["1-5", "6-6", "2-6", "0-6"]], leader=0)
    s = play(s, "3-5",           # seat 0 leads: ends 3 and 5
             "1-5 right")        # seat 1: ends 3 and 1
    v = s.view(0)
    assert [str(a) for a in v.legal_actions] == ["1-2 right"]
    # after 1-2 the ends show 3 and 2 and seat 0 keeps 4-4 and 0-0: blocked unless seat 1 has a 3 or a 2
    u = len(v.unseen)
    f = len(unseen_where(v, lambda t: t.has(3) or t.has(2)))
    assert block_probability(v, "1-2 right") == Fraction(comb(u - f, 3), comb(u, 3))
    assert block_probability(v) == 0                     # now seat 0 can play: no block
    assert block_chances(v) == {v.legal_actions[0]: block_probability(v, "1-2 right")}
    assert f"chance the hand blocks after 1-2 right: {block_probability(v, '1-2 right')}" in summary(v)
    ones_threes = len(unseen_where(v, lambda t: t.has(3) or t.has(1)))
    assert pass_probability(v) == Fraction(comb(u - ones_threes, 3), comb(u, 3))


def test_summary_names_the_numbers_and_the_pass_chance() -> None:
    s = play(dw.new_game("block", hands=[["3-5", "5-5", "0-0", "0-1", "1-1", "1-2", "2-2"],
                                         ["6-6", "0-6", "1-6", "2-6", "4-6", "0-2", "4-4"]], leader=0),
             "3-5", "pass")
    text = summary(s.view(0))
    follow = next(line for line in text.splitlines() if line.startswith("chance seat 1 can follow on 0: "))
    assert ", 3: 0, " in follow and ", 5: 0, " in follow        # he passed on 3 and 5 (BLK-3)
    assert f"chance seat 1 must pass at the open ends 3 and 5: {pass_probability(s.view(0))}" in text


def test_a_draw_followed_by_a_play_is_the_tile_drawn() -> None:
    # COM-5, the fact the rejection sampler's proposal relies on: checked on the full truth.
    for variant in ("draw_cz", "draw", "all_fives", "matador"):
        for seed in range(30):
            s = random_position(variant, seed, 80)
            hist = s.history
            for a, b in pairwise(hist):
                if a.kind is dw.ActionKind.DRAW and b.kind is dw.ActionKind.PLAY:
                    assert b.tile == a.tile


def test_bad_input_raises_clear_errors() -> None:
    s = dw.new_game("block", seed=2)
    s = s.play(s.legal_actions()[0])
    v = s.view(1)
    with pytest.raises(dw.ParameterError, match="PlayerView"):
        tile_probabilities(s)  # type: ignore[arg-type]
    with pytest.raises(dw.ParameterError, match="opponent"):
        can_follow(v, 1, 3)
    with pytest.raises(dw.ParameterError, match="number"):
        can_follow(v, 0, 7)
    with pytest.raises(dw.IllegalPlayError, match="not a legal play"):
        block_probability(s.view(0), "6-6")
    with pytest.raises(dw.ParameterError, match="rng"):
        sample_hidden(v, 3)  # type: ignore[arg-type]
    # a view that no deal reproduces: the opponent holds more tiles than were dealt
    bad = dataclasses.replace(v, hand_sizes=(9, v.hand_sizes[1]))
    with pytest.raises(dw.ParameterError, match="no deal is consistent"):
        tile_probabilities(bad)

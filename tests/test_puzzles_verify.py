"""Every shipped puzzle, re-solved by a second solver written apart from the miner's.

This file shares no code with `domino_widgets.puzzles.solver` or `domino_widgets.prob`: it uses
only the engine's `legal_codes` and `apply_code` and the record reader. It checks each puzzle's
claim from the definition:

1. *Which holdings are possible.* For each way of putting the student's unseen tiles in the
   opponent's hand, the history is walked **backwards** from the puzzle's position: a tile he
   played goes back into his hand, a tile he drew (unseen) comes out of it (any tile of it),
   and at every action of either player the engine must find that action legal with that hand
   in place. A hand survives if some way back reaches the deal. That is exactly "agrees with
   everything the student saw"; where the boneyard or the out-of-play pile still hold tiles,
   every split of the rest between them is possible (no public action tells them apart). The
   miner counts the same holdings another way (`domino_widgets.prob.inference`): the numbers
   must agree.
2. *What each play guarantees.* Plain exhaustive search (no memo, no pruning) over the set of
   possible worlds: at the student's turn he picks one play for all of them; at the opponent's
   turn every world offers its own moves, the student sees which was played (not what he drew);
   a draw by the student shows him the tile; the adversary takes the worst branch.
3. *The refutations.* Each other play's named holding is one of the possible ones, and with
   every tile known (plain minimax, the boneyard in the named order) the student gets exactly
   the value the puzzle states there, short of the answer's guarantee by the stated margin.
"""

from __future__ import annotations

import time
from itertools import combinations

import pytest

from domino_widgets.core.actions import DRAW_CODE, draw_code
from domino_widgets.core.engine import apply_code, initial_core, legal_codes
from domino_widgets.core.errors import DominoError
from domino_widgets.core.record import load_record
from domino_widgets.core.tiles import parse_tiles
from domino_widgets.puzzles import PUZZLE_VARIANTS, load

PUZZLES = load()


def _mask(tiles):
    m = 0
    for t in parse_tiles(list(tiles)):
        m |= 1 << t.index
    return m


def _bits(mask):
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def _history_cores(state):
    """(position before, code) for every action of the hand so far, replayed from the deal."""
    c = initial_core(state.core)
    steps = []
    for code in state.core.history:
        steps.append((c.copy(), code))
        apply_code(c, code)
    return steps


def _legal_with(core, seat, hand, code):
    c = core.copy()
    c.hands[seat] = hand
    legal = legal_codes(c)
    if code <= -3:  # a named draw in the record: the seat had to draw
        return DRAW_CODE in legal
    return code in legal


def _possible_hand(steps, opp, hand):
    """Whether the opponent's hand ``hand`` now can be walked back to the deal (point 1)."""
    frontier = {hand}
    for core, code in reversed(steps):
        actor = core.turn
        back = set()
        for h in frontier:
            if actor == opp and code >= 0:
                before = h | 1 << (code >> 3)
                if _legal_with(core, opp, before, code):
                    back.add(before)
            elif actor == opp and code <= -3:  # he drew one of the tiles he holds after
                for i in _bits(h):
                    before = h & ~(1 << i)
                    if _legal_with(core, opp, before, code):
                        back.add(before)
            elif _legal_with(core, opp, h, code):  # his pass, or any action of the student
                back.add(h)
        frontier = back
        if not frontier:
            return False
    return True


def possible_worlds(state, seat):
    """Every (opponent's hand, boneyard set, out-of-play set) the student cannot rule out."""
    c = state.core
    opp = 1 - seat
    table = 0
    for code in c.history:
        if code >= 0:
            table |= 1 << (code >> 3)
    unseen = [i for i in range(c.cfg.t.size) if not (c.hands[seat] | table) >> i & 1]
    steps = _history_cores(state)
    b = len(c.stock)
    out = []
    for hand in combinations(unseen, c.hands[opp].bit_count()):
        h = sum(1 << i for i in hand)
        if not _possible_hand(steps, opp, h):
            continue
        rest = [i for i in unseen if not h >> i & 1]
        for stock in combinations(rest, b):
            s = sum(1 << i for i in stock)
            out.append((h, s, sum(1 << i for i in rest) & ~s))
    return out


def _world_core(state, seat, hand, stock, out, order=None):
    c = state.core
    c.hands[1 - seat] = hand
    c.stock = list(reversed(order)) if order is not None else _bits(stock)
    c.out = out
    return c


def _score(core, seat, win, base):
    if win:
        return 0 if core.winner is None else (1 if core.winner == seat else -1)
    return core.points[seat] - core.points[1 - seat] - base


def _after(core, code):
    k = core.copy()
    apply_code(k, code)
    return k


class Exhaustive:
    """Point 2: the student's guarantee over a set of worlds (no memo, no pruning)."""

    def __init__(self, seat, win, base):
        self.seat, self.win, self.base = seat, win, base
        self.plies = 0

    def settle(self, worlds, ply):
        self.plies = max(self.plies, ply)
        results = [_score(w, self.seat, self.win, self.base) for w in worlds if w.over]
        going = [w for w in worlds if not w.over]
        if going:
            results.append(self.turn(going, ply))
        return min(results)

    def turn(self, worlds, ply):
        if worlds[0].turn == self.seat:
            options = legal_codes(worlds[0])
            if options == (DRAW_CODE,):
                seen = {}
                for w in worlds:
                    for i in w.stock:
                        seen.setdefault(i, []).append(_after(w, draw_code(i)))
                return min(self.settle(ws, ply + 1) for ws in seen.values())
            return max(self.settle([_after(w, k) for w in worlds], ply + 1) for k in options)
        seen = {}
        for w in worlds:
            for k in legal_codes(w):
                if k == DRAW_CODE:
                    for i in w.stock:
                        seen.setdefault("draw", []).append(_after(w, draw_code(i)))
                else:
                    seen.setdefault(k, []).append(_after(w, k))
        return min(self.settle(ws, ply + 1) for ws in seen.values())


def minimax(core, seat, win, base):
    """Point 3: every tile known, the boneyard in its order."""
    if core.over:
        return _score(core, seat, win, base)
    values = [minimax(_after(core, k), seat, win, base) for k in legal_codes(core)]
    return max(values) if core.turn == seat else min(values)


def _code_of(state, play):
    actions = state.legal_actions()
    codes = legal_codes(state.core)
    return {str(a): k for a, k in zip(actions, codes)}[play]


def verify(p):
    state = load_record(p.record)
    seat = p.seat
    assert state.current_player == seat and not state.is_over
    win = p.objective == "win"
    assert win == (p.variant in ("block", "draw_cz", "matador"))
    base = 0 if win else state.scores[seat] - state.scores[1 - seat]
    worlds = possible_worlds(state, seat)
    assert len(worlds) == p.holdings, p.id  # the miner's count (prob.inference) agrees with the walk back
    cores = [_world_core(state, seat, *w) for w in worlds]
    plays = [str(a) for a in state.legal_actions()]
    assert sorted([p.answer] + [r.play for r in p.others]) == sorted(plays), p.id
    search = Exhaustive(seat, win, base)
    guarantee = {play: search.settle([_after(c, _code_of(state, play)) for c in cores], 1) for play in plays}
    best = max(guarantee.values())
    assert [q for q, v in guarantee.items() if v == best] == [p.answer], (p.id, guarantee)
    assert best == p.value, p.id
    if win:
        assert best == 1, p.id
    assert (p.chance == "adversarial") == bool(state.core.stock)
    possible = set(worlds)
    for r in p.others:
        hand, order = _mask(r.hand), [t.index for t in parse_tiles(list(r.boneyard))]
        out = _mask(r.out)
        assert (hand, sum(1 << i for i in order), out) in possible, (p.id, r.play)
        core = _after(_world_core(state, seat, hand, 0, out, order), _code_of(state, r.play))
        v = minimax(core, seat, win, base)
        assert v == r.value and p.value - v == r.margin, (p.id, r.play, v)
        assert r.margin >= (1 if win else 5)
    return search.plies


def test_at_least_100_puzzles_per_line_game():
    counts = {v: sum(p.variant == v for p in PUZZLES) for v in PUZZLE_VARIANTS}
    assert all(n >= 100 for n in counts.values()), counts


@pytest.mark.parametrize("variant", PUZZLE_VARIANTS)
def test_every_shipped_puzzle_resolves_to_the_same_unique_answer(variant):
    t = time.process_time()
    puzzles = [p for p in PUZZLES if p.variant == variant]
    for p in puzzles:
        verify(p)
    assert time.process_time() - t < 15, f"{variant}: {time.process_time() - t:.1f} CPU s"


def test_the_checker_rejects_a_wrong_answer():
    p = next(q for q in PUZZLES if q.variant == "block")
    from dataclasses import replace

    wrong = replace(p, answer=p.others[0].play, others=(p.others[0].__class__(p.answer, 0, 0, ()),) + p.others[1:])
    with pytest.raises(AssertionError):
        verify(wrong)


def test_the_record_replays_only_a_real_position():
    p = PUZZLES[0]
    bad = dict(p.record, actions=p.record["actions"] + ["9-9"])
    with pytest.raises(DominoError):
        load_record(bad)


def test_possible_worlds_reads_a_pass():
    # seat 1 passes on ends 3 and 5 (BLK-3): no hand of his may hold a 3 or a 5
    import domino_widgets as dw

    s = dw.new_game("block", hands=[["3-5", "3-6", "1-1", "0-0"], ["2-2", "0-4", "4-4", "1-2"]], leader=0)
    s = s.play("3-5").play("pass")
    worlds = possible_worlds(s, 0)
    threes_fives = _mask([str(t) for t in dw.tile_set(6) if t.has(3) or t.has(5)])
    assert worlds and all(not h & threes_fives for h, _, _ in worlds)
    # his 4 tiles: any 4 of the 13 unseen without a 3 or a 5 (28 - 3-5 - seat 0's 3 tiles - 11 with a 3 or 5)
    assert len(worlds) == 715  # C(13, 4)


@pytest.mark.parametrize("variant, games", [("matador", 40), ("all_fives", 40), ("block", 60)])
def test_freshly_mined_puzzles_verify_too(variant, games):
    # seeds the shipped puzzles did not come from: the miner's output, checked as it comes
    from domino_widgets.puzzles.mine import mine

    found = mine(variant, games, seed=9000)
    assert found
    for p in found:
        verify(p)

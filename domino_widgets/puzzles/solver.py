"""The exact solver behind the puzzles: every hidden holding, every line to the end of the hand.

A *world* is one way the tiles the student has not seen can lie: the opponent's hand, the
boneyard and the tiles out of play. `worlds` lists every world that agrees with the student's
view (`domino_widgets.prob.constraints.gather` reads the passes and draws that show a missing
number; with a boneyard, `domino_widgets.prob.inference` counts the deals and orders of draws
that would give the opponent each hand, and keeps the hands with some). `guaranteed` then solves the game tree to the end of the hand over all those worlds at
once, as the student meets it: the student does not know the world, the opponent does.

* At the student's turn the student picks one play for every world still possible (what he
  sees is the same in all of them) and takes the best.
* At the opponent's turn each world offers its own plays; the opponent, knowing every tile,
  picks the worst for the student. The student then sees the play, so the worlds where it was
  possible form the new set (a tile played or a pass tells him something).
* A draw (COM-5) is not a dice roll here: the boneyard's order is treated as chosen against the
  student. When the student draws, he sees the tile, so each tile is a separate branch and the
  worst one counts; when the opponent draws, the student sees only that he drew, so every tile
  he could have drawn stays possible, in one set.
* A finished hand is worth its objective to the student (`value`): in block, the Czech draw
  game and Matador (hands won) +1 for a win, 0 for a tie, -1 for a loss; in the Greek draw game
  and All Fives the points the student gains over his opponent from here to the end of the hand.

So `guaranteed` is exactly what the student can make sure of **whatever the hidden tiles are,
whatever order the boneyard comes in and whatever the opponent does**. `perfect` solves one
world with every tile known to both (ordinary minimax, the boneyard in its given order): what
a play is worth in the best case for the student there; a play that is worth less than the
answer's guarantee even in one world is worse than the answer.

>>> import domino_widgets as dw
>>> s = dw.new_game("block", seed=0)
>>> s = dw.play_all(s, ["4-4", "4-5 right", "2-5 right", "3-4 left", "3-5 left", "5-5 left", "5-6 left",
...                     "6-6 left", "4-6 left", "2-2 right"])
>>> s.current_player, [str(a) for a in s.legal_actions()]     # ends 4 and 2
(0, ['2-4 left', '0-2 right', '2-4 right'])
>>> len(worlds(s, 0))                    # seat 1's 2 tiles: any 2 of the 16 unseen (he never passed)
120
>>> sol = solve(s, 0)                    # 2-4 on the 4 leaves 2 and 2: it wins against all 120
>>> sol.answer, sol.value, [(r.play, r.value, r.world.text()[0]) for r in sol.others]
('2-4 left', 1, [('0-2 right', -1, ('0-0', '0-4')), ('2-4 right', -1, ('0-0', '0-1'))])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

from ..core.actions import DRAW_CODE, draw_code
from ..core.engine import Core, apply_code, legal_codes
from ..core.errors import ParameterError
from ..core.state import GameState
from ..core.tiles import Tile, tiles_of
from ..prob.constraints import gather
from ..prob.inference import posterior

__all__ = ["Budget", "Refuted", "Solution", "World", "guaranteed", "objective_of", "perfect", "solve", "value", "worlds"]

#: The variants whose hand is won or lost (the match counts hands won, or the brief asks for the
#: win in block); the others count points.
WIN_VARIANTS = frozenset({"block", "draw_cz", "matador"})
#: The least margin (in the objective's unit) by which every other play must fall short.
MIN_MARGIN = {"win": 1, "points": 5}


class Budget(Exception):
    """The search grew beyond its budget: the position is too big to solve here."""


@dataclass(frozen=True)
class World:
    """One placement of the tiles the student has not seen: the opponent's hand, the boneyard
    (next drawn first) and the tiles out of play, as tile masks and an index list."""

    hand: int
    boneyard: tuple[int, ...]
    out: int

    def text(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """(hand, boneyard, out) as tile texts."""
        return (tuple(str(t) for t in tiles_of(self.hand)), tuple(str(Tile.from_index(i)) for i in self.boneyard),
                tuple(str(t) for t in tiles_of(self.out)))


def objective_of(variant: str) -> str:
    """``"win"`` or ``"points"``: what a finished hand is worth (see the module docstring)."""
    return "win" if variant in WIN_VARIANTS else "points"


def value(c: Core, seat: int, objective: str, base: int) -> int:
    """What the finished hand ``c`` is worth to ``seat``: +1/0/-1 (``"win"``), or its points
    minus the opponent's, less ``base`` (the same difference at the puzzle's position)."""
    if objective == "win":
        return 0 if c.winner is None else (1 if c.winner == seat else -1)
    pts = c.points
    assert pts is not None
    return int(pts[seat] - pts[1 - seat]) - base


def _base(c: Core, seat: int, objective: str) -> int:
    return 0 if objective == "win" else int(c.hand_points[seat] - c.hand_points[1 - seat])


def worlds(state: GameState, seat: int, evidence: bool = True) -> list[World]:
    """Every world that agrees with what ``seat`` sees (two players); with ``evidence=False``,
    every split of the unseen tiles with the right sizes (what a student who does not read the
    passes and draws has to reckon with).

    The opponent's hand avoids every tile that would have fitted one of his passes or draws
    since it came into his hand (`domino_widgets.prob.constraints`: its entry slot); a hand the
    rules force to hold something (COM-6, DRW-2) must hold it. In block (no boneyard) that is
    exactly the consistent set; with a boneyard, a hand is kept only if the exact count of
    `domino_widgets.prob.inference` finds a deal and an order of his draws that gives it to him
    (`Posterior.weight`). The rest of the unseen tiles may be split any way between the boneyard
    and the tiles out of play (no public action tells them apart). The boneyard's order is left to
    the solver, which treats it as chosen against the student: each world lists its boneyard in
    index order.
    """
    if state.players != 2:
        raise ParameterError("puzzles are two-player positions, not {n}", n=state.players)
    view = state.view(seat)
    ev = gather(view)
    (opp,) = ev.opponents
    bit = ev.cfg.t.bit
    unseen = [i for i in range(ev.cfg.t.size) if ev.unseen >> i & 1]
    allowed = [i for i in unseen if not evidence or opp.floor(bit[i], ev.not_dealt) <= opp.slots]
    h, b = opp.hand_size, ev.boneyard
    exact = posterior(view) if evidence and ev.cfg.draws else None
    out: list[World] = []
    for hand in combinations(allowed, h):
        m = sum(bit[i] for i in hand)
        if evidence and ev.must_hit is not None and not m & ev.must_hit[0]:
            continue  # two players: the seat named is the opponent
        if exact is not None and exact.weight(((opp.seat, ev.unseen & ~m),)) <= 0:
            continue  # no deal and order of draws gives him this hand
        rest = [i for i in unseen if not m >> i & 1]
        for stock in combinations(rest, b):
            s = sum(bit[i] for i in stock)
            out.append(World(m, stock, sum(bit[i] for i in rest) & ~s))
    return out


def place(state: GameState, seat: int, world: World) -> Core:
    """The engine position of ``state`` with the hidden tiles placed as ``world`` says."""
    c = state.core
    c.hands[1 - seat] = world.hand
    c.stock = list(reversed(world.boneyard))  # the engine draws from the end
    c.out = world.out
    c.initial = ()
    return c


class _Maximin:
    """`guaranteed`'s search: a node is the public line of play so far and the set of worlds
    still possible; memoized on both."""

    def __init__(self, seat: int, objective: str, base: int, budget: int) -> None:
        self.seat, self.objective, self.base = seat, objective, base
        self.budget = budget
        self.memo: dict[Any, tuple[int, int]] = {}
        self.depth = 0

    def node(self, cores: list[Core], line: tuple[int, ...], depth: int) -> tuple[int, int]:
        """(value, plies searched below) of a set of worlds sharing the public line ``line``."""
        self.budget -= len(cores)
        if self.budget < 0:
            raise Budget
        # Worlds where the hand is over are the adversary's to pick; the rest go on, grouped
        # by whose turn it is (public: the same in all of them).
        done = [c for c in cores if c.over]
        live = list({(c.hands[1 - self.seat], tuple(sorted(c.stock))): c for c in cores if not c.over}.values())
        best = min((value(c, self.seat, self.objective, self.base) for c in done), default=None)
        below = 0
        if live:
            key = (line, frozenset((c.hands[1 - self.seat], tuple(sorted(c.stock))) for c in live))
            got = self.memo.get(key)
            if got is None:
                got = self.memo[key] = self._live(live, line, depth)
            v, below = got
            best = v if best is None else min(best, v)
        assert best is not None
        return best, below

    def _live(self, cores: list[Core], line: tuple[int, ...], depth: int) -> tuple[int, int]:
        turn = cores[0].turn
        assert all(c.turn == turn for c in cores)
        if turn == self.seat:
            codes = legal_codes(cores[0])
            if codes == (DRAW_CODE,):  # the student draws and sees the tile: the worst tile counts
                groups: dict[int, list[Core]] = {}
                for c in cores:
                    for i in set(c.stock):
                        k = c.copy()
                        apply_code(k, draw_code(i))
                        groups.setdefault(draw_code(i), []).append(k)
                return self._worst(groups, line, depth)
            best: int | None = None
            deepest = 0
            for code in codes:
                kids = []
                for c in cores:
                    k = c.copy()
                    apply_code(k, code)
                    kids.append(k)
                v, d = self.node(kids, line + (code,), depth + 1)
                deepest = max(deepest, d + 1)
                if best is None or v > best:
                    best = v
            assert best is not None
            return best, deepest
        groups = {}
        for c in cores:
            for code in legal_codes(c):
                if code == DRAW_CODE:  # he draws unseen: every tile he could get, in one set
                    for i in set(c.stock):
                        k = c.copy()
                        apply_code(k, draw_code(i))
                        groups.setdefault(DRAW_CODE, []).append(k)
                else:
                    k = c.copy()
                    apply_code(k, code)
                    groups.setdefault(code, []).append(k)
        return self._worst(groups, line, depth)

    def _worst(self, groups: dict[int, list[Core]], line: tuple[int, ...], depth: int) -> tuple[int, int]:
        worst: int | None = None
        deepest = 0
        for code, kids in groups.items():
            v, d = self.node(kids, line + (code,), depth + 1)
            deepest = max(deepest, d + 1)
            if worst is None or v < worst:
                worst = v
        assert worst is not None
        return worst, deepest


def guaranteed(state: GameState, seat: int, code: int, cores: Sequence[Core],
               budget: int = 400_000) -> tuple[int, int, int]:
    """(what the play ``code`` guarantees ``seat`` over the worlds ``cores``, plies searched,
    world-positions visited).

    Raises `Budget` when the search visits more than ``budget`` world-positions.
    """
    objective = objective_of(state.variant)
    base = _base(cores[0], seat, objective)
    search = _Maximin(seat, objective, base, budget)
    kids = []
    for c in cores:
        k = c.copy()
        apply_code(k, code)
        kids.append(k)
    v, d = search.node(kids, (code,), 1)
    return v, d + 1, budget - search.budget


def perfect(core: Core, seat: int, objective: str, base: int, memo: dict[Any, int] | None = None) -> int:
    """The minimax value of ``core`` for ``seat`` with every tile known to both players and the
    boneyard drawn in its order (two players, zero-sum)."""
    if memo is None:
        memo = {}
    if core.over:
        return value(core, seat, objective, base)
    key = tuple(core.history)
    got = memo.get(key)
    if got is not None:
        return got
    results = []
    for code in legal_codes(core):
        k = core.copy()
        apply_code(k, code)
        results.append(perfect(k, seat, objective, base, memo))
    v = max(results) if core.turn == seat else min(results)
    memo[key] = v
    return v


@dataclass(frozen=True)
class Refuted:
    """Another play and why it is worse: its value in the world ``world`` with every tile known
    (`perfect`), below the answer's guarantee by ``margin``."""

    play: str
    value: int
    margin: int
    world: World


@dataclass(frozen=True)
class Solution:
    """A position with one best play: ``answer`` guarantees ``value`` over ``worlds`` worlds
    (`guaranteed`); each of ``others`` is worth less in one consistent world."""

    answer: str
    code: int
    value: int
    objective: str
    others: tuple[Refuted, ...]
    worlds: int
    depth: int
    plays: int
    chance: str  # "none" (no draw can come) or "adversarial" (draws treated as chosen against the student)
    work: int = 0  # world-positions the search visited (its cost)


def solve(state: GameState, seat: int, *, max_worlds: int = 1500, budget: int = 400_000,
          true_world: World | None = None, witness_worlds: Iterable[World] | None = None,
          evidence: bool = True) -> Solution | None:
    """The puzzle at ``state`` for ``seat`` (to move), or None when no play is clearly best.

    The answer must guarantee the best value over every world (`worlds`; in the win games, the
    win), and every other play must fall short of it by `MIN_MARGIN` in at least one world:
    ``true_world`` (the game's own) first, then ``witness_worlds`` (by default every world).
    ``evidence=False`` solves over every split of the unseen tiles instead (`worlds`). Raises
    `Budget` when too big.
    """
    if state.is_over or state.current_player != seat:
        raise ParameterError("a puzzle is a position where seat {seat} is to play", seat=seat)
    objective = objective_of(state.variant)
    root = state.core
    codes = legal_codes(root)
    if len(codes) < 2 or codes[0] < 0:
        return None
    ws = worlds(state, seat, evidence)
    if not ws or len(ws) > max_worlds:
        return None
    cores = [place(state, seat, w) for w in ws]
    values = []
    depth = work = 0
    for code in codes:
        v, d, w = guaranteed(state, seat, code, cores, budget - work)
        values.append(v)
        depth = max(depth, d)
        work += w
    best = max(values)
    if values.count(best) != 1 or (objective == "win" and best != 1):
        return None
    k = values.index(best)
    answer_code = codes[k]
    actions = state.legal_actions()
    base = _base(root, seat, objective)
    if witness_worlds is None:
        witness_worlds = ws
    candidates = ([true_world] if true_world is not None else []) + [w for w in witness_worlds if w != true_world]
    others = []
    for code, action in zip(codes, actions):
        if code == answer_code:
            continue
        found = None
        for w in candidates:
            for order in _orders(w):
                c = place(state, seat, order)
                apply_code(c, code)
                v = perfect(c, seat, objective, base)
                if best - v >= MIN_MARGIN[objective]:
                    found = Refuted(str(action), v, best - v, order)
                    break
            if found:
                break
        if found is None:
            return None
        others.append(found)
    chance = "adversarial" if root.stock else "none"
    return Solution(str(actions[k]), answer_code, best, objective, tuple(others), len(ws), depth, len(codes), chance,
                    work)


def _orders(w: World) -> Iterable[World]:
    """The world as given, then its other boneyard orders (a world's order is the solver's to
    pick; the witness names one)."""
    yield w
    seen = {w.boneyard}
    for p in permutations(w.boneyard):
        if p not in seen:
            seen.add(p)
            yield World(w.hand, p, w.out)

"""Mining puzzles: play real games, keep the positions the exact solver certifies.

`mine_game` plays one seeded hand between the expert and the greedy player
(`domino_widgets.players`), and at every turn where the position is small enough to solve
exactly (`Limits`) asks `domino_widgets.puzzles.solver.solve` whether one play is best against
every holding of the hidden tiles. `mine` does that for many seeds, in parallel with joblib (so
a Dask cluster runs it unchanged, ``backend="dask"``), and puts the puzzles the greedy player
gets wrong first (as lichess prefers puzzles after a mistake).

>>> found = mine("block", games=4, seed=11, jobs=1)
>>> all(p.variant == "block" and p.state().is_legal(p.answer) for p in found)
True
"""

from __future__ import annotations

import time
from contextlib import nullcontext
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from ..core.actions import Action
from ..core.engine import Core, apply_code, legal_codes
from ..core.errors import ParameterError, quote
from ..core.state import GameState, new_game
from ..players.registry import get_player
from ..variants.matador import MATADORS
from .model import Puzzle, Refutation, _variant
from .solver import Budget, Solution, World, objective_of, perfect, place, solve, worlds

__all__ = ["LIMITS", "Limits", "difficulty_of", "mine", "mine_game", "principal_line", "recheck", "theme_of", "true_world"]


@dataclass(frozen=True)
class Limits:
    """Which positions the miner tries: at most ``hand`` tiles in either hand, ``boneyard`` in
    the boneyard, ``worlds`` holdings of the hidden tiles, ``budget`` world-positions searched."""

    hand: int = 4
    boneyard: int = 0
    worlds: int = 600
    budget: int = 60_000


#: Per variant: small enough that the tests re-solve every shipped puzzle in seconds.
LIMITS = {
    "block": Limits(hand=4, worlds=400),
    "draw_cz": Limits(hand=5, boneyard=1, worlds=60),
    "draw": Limits(hand=5, boneyard=1, worlds=60),
    "all_fives": Limits(hand=5, boneyard=1, worlds=60),
    "matador": Limits(hand=6, boneyard=2, worlds=1000, budget=200_000),
}


def true_world(state: GameState, seat: int) -> World:
    """The game's own placement of the tiles ``seat`` has not seen."""
    c = state.core
    return World(c.hands[1 - seat], tuple(reversed(c.stock)), c.out)


def principal_line(core: Core, seat: int, objective: str, base: int) -> Core:
    """The end of the hand from ``core`` when both play as `perfect` does (every tile known)."""
    memo: dict[Any, int] = {}
    c = core.copy()
    while not c.over:
        target = perfect(c, seat, objective, base, memo)
        for code in legal_codes(c):
            k = c.copy()
            apply_code(k, code)
            if perfect(k, seat, objective, base, memo) == target:
                c = k
                break
    return c


def theme_of(state: GameState, seat: int, sol: Solution, limits: Limits | None = None) -> str:
    """The first that fits: ``matador`` (the answer lays a matador, MAT-3), ``fives`` (the answer
    scores at once, A5-4), ``count`` (the answer is certified only by reading the opponent's
    passes and draws: over every split of the unseen tiles it would not be), ``draw`` (a
    boneyard is still to come), ``block`` (played out with every tile known, the hand ends
    blocked, COM-6), ``go_out`` (it ends with the student going out), else ``count`` (the
    student must see where the hand is going with the unseen tiles where counting puts them)."""
    if state.variant == "matador" and Action.parse(sol.answer).tile in MATADORS:
        return "matador"
    c = state.core
    before = c.hand_points[seat]
    apply_code(c, sol.code)
    if state.variant == "all_fives" and c.hand_points[seat] > before:
        return "fives"
    limits = limits or LIMITS[state.variant]
    if sol.worlds < len(worlds(state, seat, evidence=False)) <= 4 * limits.worlds:  # else too big to tell
        try:
            blind = solve(state, seat, max_worlds=4 * limits.worlds, budget=limits.budget, evidence=False,
                          true_world=true_world(state, seat))
        except Budget:
            blind = sol  # too big to tell: not this theme
        if blind is None or blind.answer != sol.answer:
            return "count"
    if sol.chance == "adversarial":
        return "draw"
    objective = objective_of(state.variant)
    base = 0 if objective == "win" else int(state.core.hand_points[seat] - state.core.hand_points[1 - seat])
    k = place(state, seat, true_world(state, seat))
    apply_code(k, sol.code)
    end = principal_line(k, seat, objective, base)
    if end.reason == "blocked":
        return "block"
    if end.reason == "out" and end.winner == seat:
        return "go_out"
    return "count"


def difficulty_of(sol: Solution) -> int:
    """1..5 from how many plays the position offers and how far the solver had to look:
    1 + (plays - 2) + (plies - 1) // 3, capped at 5."""
    return max(1, min(5, 1 + (sol.plays - 2) + (sol.depth - 1) // 3))


def _candidate(state: GameState, limits: Limits) -> bool:
    c = state._core
    if c.over or c.center < 0 or len(c.stock) > limits.boneyard:
        return False
    if max(h.bit_count() for h in c.hands) > limits.hand:
        return False
    codes = legal_codes(c)
    return len(codes) >= 2 and codes[0] >= 0


def mine_game(variant: str, seed: int, players: Sequence[str] = ("expert", "greedy"),
              limits: Limits | None = None, per_game: int = 2) -> list[Puzzle]:
    """The puzzles of one seeded hand (at most ``per_game``), the players' seats swapped on odd seeds."""
    variant = _variant(variant)
    limits = limits or LIMITS[variant]
    names = list(players) if seed % 2 == 0 else list(reversed(players))
    seats = [get_player(n, variant=variant) for n in names]
    greedy = get_player("greedy", variant=variant)
    rng = Random(seed)
    state = new_game(variant, seed=seed)
    found: list[Puzzle] = []
    while not state.is_over and len(found) < per_game:
        seat = state.current_player
        assert seat is not None
        if _candidate(state, limits):
            try:
                sol = solve(state, seat, max_worlds=limits.worlds, budget=limits.budget,
                            true_world=true_world(state, seat))
            except Budget:
                sol = None
            if sol is not None:
                found.append(_puzzle(state, seat, sol, str(greedy.choose(state.view(seat), Random(0))),
                                     {"seed": seed, "players": names, "work": sol.work}))
        state = state.play(seats[seat].choose(state.view(seat), rng))
    return found


def _puzzle(state: GameState, seat: int, sol: Solution, greedy: str, source: dict[str, Any]) -> Puzzle:
    n = len(state.history)
    others = tuple(Refutation(r.play, r.value, r.margin, *r.world.text()) for r in sol.others)
    return Puzzle(
        id=f"{state.variant}-{source['seed']}-{n}", variant=state.variant, options=state.params,
        record=state.to_record(), seat=seat, answer=sol.answer, theme=theme_of(state, seat, sol),
        difficulty=difficulty_of(sol), others=others, objective=sol.objective, value=sol.value,
        chance=sol.chance, holdings=sol.worlds, depth=sol.depth, greedy=greedy, source=source)


def recheck(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` solved again by the current solver, with its theme and difficulty assigned
    again (after a change to their rules); a `ParameterError` if it is no longer certified the
    same way (another answer, value or refutation)."""
    state = puzzle.state()
    seat = puzzle.seat
    limits = LIMITS[puzzle.variant]
    try:
        sol = solve(state, seat, max_worlds=limits.worlds, budget=limits.budget, true_world=true_world(state, seat))
    except Budget:
        sol = None
    fresh = None if sol is None else _puzzle(state, seat, sol, puzzle.greedy, puzzle.source)
    if fresh is None or (fresh.answer, fresh.value, fresh.others) != (puzzle.answer, puzzle.value, puzzle.others):
        raise ParameterError("puzzle {id} is no longer certified as it was", id=puzzle.id)
    return replace(fresh, rating=puzzle.rating, rd=puzzle.rd, volatility=puzzle.volatility)


def _backend(name: str | None) -> Any:
    """joblib's ``parallel_config`` for a named backend (``dask`` needs a Dask client made first,
    as the command line does), or nothing."""
    if name is None:
        return nullcontext()
    from joblib import parallel_config

    return parallel_config(backend=name)


def _chunk(variant: str, seeds: list[int], players: Sequence[str]) -> tuple[list[Puzzle], float]:
    t = time.process_time()
    out: list[Puzzle] = []
    for s in seeds:
        out += mine_game(variant, s, players)
    return out, time.process_time() - t


def mine(variant: str, games: int, seed: int = 0, jobs: int = 1, players: Sequence[str] = ("expert", "greedy"),
         backend: str | None = None, progress: bool = False, stats: dict[str, float] | None = None) -> list[Puzzle]:
    """Puzzles from ``games`` seeded hands (seeds ``seed .. seed + games - 1``): the ones greedy
    gets wrong first, then the ones quickest to verify. ``jobs`` workers run them with joblib
    (``backend``: its name, e.g. ``"dask"`` inside a Dask client); ``stats`` (a dict) receives
    ``cpu_seconds``, summed over the workers."""
    variant = _variant(variant)
    if type(games) is not int or games < 1:
        raise ParameterError("games must be a whole number >= 1, not {g}", g=quote(games))
    if type(seed) is not int or seed < 0:
        raise ParameterError("seed must be a whole number >= 0, not {s}", s=quote(seed))
    if type(jobs) is not int or jobs == 0:
        raise ParameterError("jobs must be a whole number (1, 2, ... or -1 for all cores), not {j}", j=quote(jobs))
    seeds = list(range(seed, seed + games))
    size = max(1, min(25, games // (4 * max(1, abs(jobs)))))
    chunks = [seeds[i:i + size] for i in range(0, len(seeds), size)]
    if backend is not None and not isinstance(backend, str):
        raise ParameterError("backend is a joblib backend's name (loky, dask, ...), not {b}", b=quote(backend))
    found: list[Puzzle] = []
    cpu = 0.0
    with _backend(backend):
        results: Iterable[tuple[list[Puzzle], float]]
        if jobs == 1:
            results = (_chunk(variant, c, players) for c in chunks)
        else:
            from joblib import Parallel, delayed

            results = Parallel(n_jobs=jobs, return_as="generator")(delayed(_chunk)(variant, c, players) for c in chunks)
        if progress:
            from tqdm.auto import tqdm

            results = tqdm(results, total=len(chunks), desc=f"mining {variant}", unit="chunk")
        for got, secs in results:
            found += got
            cpu += secs
    if stats is not None:
        stats["cpu_seconds"] = cpu
    seen: set[str] = set()
    unique = [p for p in found if not (p.id in seen or seen.add(p.id))]  # type: ignore[func-returns-value]
    return sorted(unique, key=lambda p: (p.obvious, p.source.get("work", 0), p.id))



"""Second computations of the lessons' strategy sentences (issue 39), independent of the code the
lessons run: each plays its own loop over the public API (``new_game``, ``view``, ``play``) or the
engine, with its own seeds and its own statistics, and prints the paired difference on the game's
own objective with its 95% interval.

- ``keep-fives``: lesson 03, the rule "keep fives" against greedy, All Fives points a hand (every
  deal from both seats). The lesson says "about one point a hand".
- ``a5-cost``: lesson 03, its position (seed 3 after 5-5, draw, 4-5 left): 1-4 left minus 1-5
  right, the hand's points margin, on the same guessed deals played out by greedy players or at
  random. The lesson says the 5 points cost about twenty points with greedy play, a couple at random.
- ``twentyone``: lesson 06, optimal (against "stand at 17") against "stand at 17", every deal from
  both seats, scored as T21-3 (21 wins, else the highest not over 21; a tie or an all-bust hand
  counts one half); the decisions are `OptimalStopping`'s (the thing tested), the game loop is
  this file's. The lesson says the optimal policy loses the tournament.
- ``matador``: lesson 04, its position (seed 9 after 0-4, Player 2): 0-0 right minus 2-5 right 5,
  the chance to win the hand, the same guessed deals played out by greedy players or at random.
  The lesson says the 0-0 is better by a point or two.
- ``bergen``: lesson 05, the cross completed in simulated hands against the exact chance.
- ``solitaire-greedy``: lesson 07, greedy's win rate (the lesson prints 14.2% of 5,000 games, seed 7).
- ``stored``: every stored expert comparison the lessons quote (`STORED_AGAIN`), played again at its
  stored size on deals of another seed with `domino_widgets.sim.compare.compare`, and how many
  standard errors the two runs lie apart.

    python benchmarks/lesson_claims.py [--only keep-fives twentyone ...] [--seed 20261205] [--quick]
    python benchmarks/lesson_claims.py --only stored solitaire-greedy --seed 3939
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Sequence

import domino_widgets as dw
from domino_widgets.core.state import GameState, core_from_view
from domino_widgets.core.tiles import Tile, tile_set
from domino_widgets.players import get_player
from domino_widgets.players.expert import ExpertPlayer

Z95 = 1.959963984540054


def interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% interval (normal approximation).

    >>> interval([0.0, 1.0, 0.0, 1.0])[0]
    0.5
    """
    n = len(values)
    m = sum(values) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in values) / (n - 1))
    return m, m - Z95 * sd / math.sqrt(n), m + Z95 * sd / math.sqrt(n)


def _play(state: object, players: Sequence[object], rng: random.Random, light: bool = False) -> object:
    """Play ``state`` to its end; ``light``: a position built from a guess (it has no history)."""
    s = state
    while not s.is_over:  # type: ignore[attr-defined]
        actions = s.legal_actions()  # type: ignore[attr-defined]
        if len(actions) == 1:
            action = actions[0]
        else:
            seat = s.current_player  # type: ignore[attr-defined]
            view = s._view(seat) if light else s.view(seat)  # type: ignore[attr-defined]
            action = players[seat].choose(view, rng)  # type: ignore[attr-defined]
        s = s.play(action)  # type: ignore[attr-defined]
    return s


def keep_fives(deals: int, seed: int) -> str:
    from domino_widgets.players.rules import keep_fives as rule, rule_player

    mine, greedy = rule_player(rule, "keep fives"), get_player("greedy", variant="all_fives")
    master = random.Random(seed)
    values = []
    for _ in range(deals):
        deal, dice = master.randrange(2**31), master.randrange(2**31)
        per = []
        for seats in ((mine, greedy), (greedy, mine)):
            out = _play(dw.new_game("all_fives", deal), seats, random.Random(dice)).outcome  # type: ignore[attr-defined]
            me = 0 if seats[0] is mine else 1
            per.append(out.points[me] - out.points[1 - me])
        values.append(sum(per) / 2)
    m, lo, hi = interval(values)
    return f"All Fives, keep fives minus greedy: {m:+.2f} points a hand [{lo:+.2f}, {hi:+.2f}], {2 * deals:,} hands, seed {seed}"


def _guessed(variant_state: GameState, seat: int, plays: Sequence[str], samples: int, seed: int, kind: str,
             result: Callable[[object, int], float], **expert: object) -> tuple[float, float, float]:
    view = variant_state.view(seat)
    sample = ExpertPlayer(**expert)._sample_fn(view)  # type: ignore[arg-type]
    player = get_player(kind, variant=view.variant)
    actions = [dw.Action.parse(p) for p in plays]
    rng = random.Random(seed)
    diffs = []
    for _ in range(samples):
        core = core_from_view(view, *sample(view, rng))
        dice = rng.randrange(2**32)
        res = [result(_play(GameState(core.copy()).play(a), [player] * 4, random.Random(dice), light=True), seat)
               for a in actions]
        diffs.append(res[0] - res[1])
    return interval(diffs)


def a5_cost(samples: int, seed: int) -> str:
    pos = dw.play_all(dw.new_game("all_fives", seed=3), ["5-5", "draw", "4-5 left"])
    lines = []
    for kind in ("greedy", "random"):
        m, lo, hi = _guessed(pos, 0, ["1-4 left", "1-5 right"], samples, seed, kind,
                             lambda s, seat: s.outcome.points[seat] - s.outcome.points[1 - seat], equity=False)
        lines.append(f"All Fives lesson 03 position, 1-4 left minus 1-5 right, {kind} playouts: {m:+.2f} points "
                     f"[{lo:+.2f}, {hi:+.2f}], {samples:,} guessed deals, seed {seed}")
    return "\n".join(lines)


def matador(samples: int, seed: int) -> str:
    pos = dw.play_all(dw.new_game("matador", seed=9), ["0-4"])

    def won(s: object, seat: int) -> float:
        w = s.outcome.winner  # type: ignore[attr-defined]
        return 1.0 if w == seat else 0.5 if w is None else 0.0

    lines = []
    for kind in ("greedy", "random"):
        m, lo, hi = _guessed(pos, 1, ["0-0 right", "2-5 right 5"], samples, seed, kind, won)
        lines.append(f"Matador lesson 04 position, 0-0 right minus 2-5 right 5, {kind} playouts: {100 * m:+.2f} "
                     f"percentage points [{100 * lo:+.2f}, {100 * hi:+.2f}], {samples:,} guessed deals, seed {seed}")
    return "\n".join(lines)


def twentyone(deals: int, seed: int) -> str:
    from domino_widgets.variants._twentyone_stopping import OptimalStopping

    duel = OptimalStopping(17)
    memo: dict[tuple[tuple[int, ...], int, int | None], bool] = {}

    def optimal_takes(hand: list[Tile], seat: int, opponent: int | None) -> bool:
        key = (tuple(sorted(t.value for t in hand)), seat, opponent)  # only the values matter
        if key not in memo:
            memo[key] = str(duel.best_action(hand, seat=seat, opponent_tiles=opponent)) == "take"
        return memo[key]

    def first_seat_share(tiles: list[Tile], kinds: tuple[str, str]) -> float:
        hands, stock = [tiles[0:2], tiles[2:4]], iter(tiles[4:])
        for seat in (0, 1):
            hand = list(hands[seat])
            while sum(t.value for t in hand) <= 21:
                count = sum(t.value for t in hand)
                take = count < 17 if kinds[seat] == "stand17" else optimal_takes(hand, seat, len(hands[0]) if seat else None)
                if not take:
                    break
                hand.append(next(stock))
            hands[seat] = hand
        counts = [sum(t.value for t in h) for h in hands]
        alive = [c <= 21 for c in counts]
        if not any(alive):
            return 0.5  # T21-3: everybody bust, nobody wins
        if all(alive):
            return 1.0 if counts[0] > counts[1] else 0.5 if counts[0] == counts[1] else 0.0
        return 1.0 if alive[0] else 0.0

    rng = random.Random(seed)
    tiles = list(tile_set(6))
    values = []
    for _ in range(deals):
        rng.shuffle(tiles)
        values.append((first_seat_share(tiles, ("optimal", "stand17"))
                       + 1.0 - first_seat_share(tiles, ("stand17", "optimal"))) / 2)
    m, lo, hi = interval(values)
    return (f"Twenty-one, optimal against stand at 17, T21-3 scoring, both seats: optimal's share {m:.2%} "
            f"[{lo:.2%}, {hi:.2%}], {2 * deals:,} hands, seed {seed}")


def bergen(games: int, seed: int) -> str:
    from domino_widgets.prob import bergen as b

    lines = []
    for players in (2, 3):
        e = b.simulate_cross(players, games=games, seed=seed)
        exact = b.p_cross_completes(players)
        lines.append(f"Bergen, {players} players: cross completed {e} (exact {float(exact):.4f}, "
                     f"{e.z(exact):+.2f} standard errors), seed {seed}")
    return "\n".join(lines)


def solitaire_greedy(deals: int, seed: int) -> str:
    player = get_player("greedy", variant="solitaire")
    master = random.Random(seed)
    won = 0
    for _ in range(deals):
        state = dw.new_game("solitaire", seed=master.randrange(2**31))
        won += _play(state, [player], random.Random(master.randrange(2**31))).outcome.reason == "won"  # type: ignore[attr-defined]
    rate = won / deals
    half = Z95 * math.sqrt(rate * (1 - rate) / deals)
    return f"Solitaire, greedy wins {won:,}/{deals:,} = {rate:.2%} [{rate - half:.2%}, {rate + half:.2%}], seed {seed}"


#: the stored comparisons whose figures the lessons quote and no quick test re-derives on other deals
STORED_AGAIN = ("block expert-greedy", "draw expert-greedy", "all_fives expert-greedy", "matador expert-greedy",
                "bergen expert-greedy", "draw counting-blind")


def stored(fraction: int, seed: int) -> str:
    """``fraction``: percent of each stored size to play again."""
    from domino_widgets.sim import compare as cmp

    lines = []
    for key in STORED_AGAIN:
        spec, kept = cmp.LESSON_COMPARISONS[key], cmp.stored(key)
        games = max(20, spec["games"] * fraction // 100 // 20 * 20)
        again = cmp.compare(spec["variant"], cmp.lesson_player(spec["a"], spec["variant"]),
                            cmp.lesson_player(spec["b"], spec["variant"]), games=games, seed=seed,
                            matches=spec.get("matches", False), params=spec.get("params"), progress=False, n_jobs=1)
        se = math.hypot(kept.half_width, again.half_width) / Z95
        lines.append(f"{key}: stored {kept.estimate:.4f} [{kept.low:.4f}, {kept.high:.4f}] ({kept.games:,}, seed "
                     f"{kept.seed}); again {again.estimate:.4f} [{again.low:.4f}, {again.high:.4f}] ({again.games:,}, "
                     f"seed {seed}); {(again.estimate - kept.estimate) / se:+.2f} standard errors apart")
    return "\n".join(lines)


#: name -> (function, full size, quick size)
CLAIMS: dict[str, tuple[Callable[[int, int], str], int, int]] = {
    "keep-fives": (keep_fives, 30_000, 1_000), "a5-cost": (a5_cost, 4_000, 200),
    "twentyone": (twentyone, 100_000, 2_000), "matador": (matador, 20_000, 300), "bergen": (bergen, 100_000, 2_000),
    "solitaire-greedy": (solitaire_greedy, 20_000, 500), "stored": (stored, 100, 5),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=sorted(CLAIMS), default=list(CLAIMS))
    parser.add_argument("--seed", type=int, default=20261205)
    parser.add_argument("--quick", action="store_true", help="small sizes, to try the script")
    args = parser.parse_args()
    for name in args.only:
        fn, full, quick = CLAIMS[name]
        t0 = time.perf_counter()
        print(fn(quick if args.quick else full, args.seed), f"[{time.perf_counter() - t0:.0f} s]", flush=True)


if __name__ == "__main__":
    main()

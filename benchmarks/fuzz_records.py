"""Mutation fuzz of game records: valid records of every variant with a few fields replaced,
deleted or added at any depth, fed to `load_record`. Every answer must be a state (that
round-trips through its own record) or a `DominoError`; anything else is a failure, counted by
its cause (exception type and where it was raised).

    python benchmarks/fuzz_records.py [--records 100000] [--seed 0]

It prints how many records loaded, how many were refused with a `DominoError`, and the
failures by cause (expected: none).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import time
import traceback
from collections import Counter
from typing import Any

import domino_widgets as dw
from domino_widgets.core.errors import DominoError

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("block", {}), ("draw", {"pips": 9}), ("draw_cz", {}), ("all_fives", {}), ("matador", {}),
    ("bergen", {"players": 3}), ("bergen", {"players": 4}), ("twentyone", {"players": 3}), ("solitaire", {}),
]

ATOMS: list[Any] = [None, True, False, 0, 1, -1, 5, 2**70, 1.5, "", "x", "1-1", "6-6", "0-1", "9-9", "pass",
                    "draw", "take", "stand", "base 1-1", "0-1 left 1", "3/4", "1/0", "block", "solitaire",
                    "twentyone", [], {}, [None, None], [5], [[], []], ["1-1"], {"hands": 5}, "x" * 300]
KEYS = ["format", "version", "variant", "params", "seed", "leader", "deal", "scores", "actions", "hands",
        "boneyard", "out", "players", "target", "pips", "variant", "x"]


def valid_records(rng: random.Random, n: int) -> list[dict[str, Any]]:
    out = []
    for i in range(n):
        variant, params = VARIANTS[i % len(VARIANTS)]
        s = dw.new_game(variant, seed=rng.randrange(10**6), **params)
        for _ in range(rng.randrange(12)):
            if s.is_over:
                break
            s = s.play(rng.choice(s.legal_actions()))
        rec = s.to_record()
        if i % 3 == 0 and "seed" in rec and variant not in ("twentyone", "solitaire"):
            # a scripted version of the same position
            start = s
            while start.parent is not None:
                start = start.parent
            rec = dw.new_game(variant, hands=[list(map(str, h)) for h in start.dealt], boneyard=list(
                map(str, start.boneyard)), out=list(map(str, start.out_of_play)), leader=start.leader,
                **params).to_record()
        out.append(rec)
    return out


def value(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth < 2 and r < 0.15:
        return [value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if depth < 2 and r < 0.25:
        return {rng.choice(KEYS): value(rng, depth + 1) for _ in range(rng.randrange(3))}
    return copy.deepcopy(rng.choice(ATOMS))


def mutate(rec: dict[str, Any], rng: random.Random) -> Any:
    rec = copy.deepcopy(rec)
    for _ in range(rng.randint(1, 3)):
        node: Any = rec
        while isinstance(node, (dict, list)) and node and rng.random() < 0.5:
            key = rng.choice(list(node) if isinstance(node, dict) else range(len(node)))
            if not isinstance(node[key], (dict, list)) or not node[key]:
                break
            node = node[key]
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            how = rng.random()
            if how < 0.6:
                node[key] = value(rng)
            elif how < 0.8:
                del node[key]
            else:
                node[rng.choice(KEYS)] = value(rng)
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if rng.random() < 0.7:
                node[i] = value(rng)
            else:
                del node[i]
    return rec


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base = valid_records(rng, 300)
    loaded = refused = 0
    causes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    t0 = time.perf_counter()
    for _ in range(args.records):
        text = json.dumps(mutate(rng.choice(base), rng))
        try:
            state = dw.load_record(text)
            again = dw.load_record(state.to_json())
            if again != state:
                raise AssertionError("the loaded state does not round-trip through its record")
            loaded += 1
        except DominoError:
            refused += 1
        except Exception as exc:  # noqa: BLE001 - the fuzz counts every other kind
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            cause = f"{type(exc).__name__} at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno}"
            causes[cause] += 1
            examples.setdefault(cause, text[:200])
    failed = sum(causes.values())
    print(f"{args.records:,} mutated records in {time.perf_counter() - t0:.0f} s: {loaded:,} loaded, "
          f"{refused:,} refused with a DominoError, {failed:,} failures ({100 * failed / args.records:.2f}%) "
          f"from {len(causes)} causes")
    for cause, n in causes.most_common():
        print(f"  {n:>7,}  {cause}   e.g. {examples[cause]}")


if __name__ == "__main__":
    main()

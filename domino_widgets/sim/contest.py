"""A class strategy contest: every student's player against the reference players and each other.

Each submission is a Python file that defines ``player`` (an object with ``choose(view, rng)``,
such as ``rule_player(my_rule, "my name")`` from lesson 03) or just a function ``rule(core,
code)`` (and, if it likes, a ``NAME``). `contest` plays every pair of entries (the submissions and
the reference players, ``random`` and ``greedy`` by default) on the same seeded deals, each deal
from both seats, and ranks them by the game's own objective: the points a hand gives, as the
difference between the two players of a game.

Before the round robin every submission plays a few qualifying deals against ``greedy``; a
submission that raises, hangs, returns an illegal play, asks its view for what it does not hold,
or tries to read files or start processes is disqualified with the reason, at that point or
later, and the contest goes on without it (its games are left out of every column of the table:
games, win rate and vs field count the same games, those between ranked entries). A
disqualification is charged to the entry whose code was running (`_charged`), never to its
opponent. Each submission runs in a process of its own (`domino_widgets.sim.sandbox`) with a time
limit per move and per game. The pairings are spread over joblib's workers (``n_jobs``); inside
``joblib.parallel_config(backend="dask")`` the same call runs on a Dask cluster, as the
tournaments do (the command line's ``--backend dask`` starts a local cluster, or joins one with
``--scheduler``). Each pairing is played in chunks of deals, so the progress bar moves as games
are played.

The league table states, for each entry, its mean points difference per game against the field
with a 95% interval, and the verdict against each reference player the lessons use: *better*,
*worse* or *cannot tell at this size* (the paired difference on the same deals, and whether its
interval excludes zero).

>>> import pathlib, tempfile, domino_widgets as dw
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "ada.py").write_text("from domino_widgets.players.rules import heaviest\\n"
...                                    "def rule(core, code):\\n    return heaviest(core, code)\\n")
>>> _ = (folder / "bob.py").write_text("def rule(core, code):\\n    raise ValueError('oops')\\n")
>>> r = contest("block", folder, deals=20, seed=1, progress=False)
>>> [row["entry"] for row in r.table], r.disqualified["bob"].reason
(['ada', 'greedy', 'random'], 'raised')
"""

from __future__ import annotations

import atexit
import math
import os
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import registry as variants
from ..core.errors import ParameterError, check_seed, quote
from ..core.state import new_game
from ..players.base import Player
from .sandbox import Disqualified, Sandbox, seat_position
from .stats import mean_interval
from .tournament import Table, _resolve_players, check_jobs, check_params, derive_seed, workers

__all__ = ["ContestResult", "WarmUpResult", "contest", "verdict", "warm_up"]

#: Deals of the qualifying round (each from both seats) against ``greedy``.
QUALIFYING_DEALS = 3


def verdict(low: float, high: float) -> str:
    """The lessons' three verdicts from a 95% interval of a paired difference.

    >>> verdict(0.4, 1.8), verdict(-2.0, -0.1), verdict(-0.5, 0.7)
    ('better', 'worse', 'cannot tell at this size')
    """
    if math.isnan(low) or math.isnan(high):
        return "cannot tell at this size"
    if low > 0:
        return "better"
    if high < 0:
        return "worse"
    return "cannot tell at this size"


@dataclass(frozen=True)
class ContestResult:
    """``table``: the league table (one row per entry, best first); ``pairings``: one row per pair
    of entries with the paired difference and its interval; ``disqualified``: entry name ->
    `Disqualified` (its ``reason`` and ``detail``)."""

    variant: str
    deals: int
    seed: int
    table: Table
    pairings: Table
    disqualified: dict[str, Disqualified] = field(default_factory=dict)
    references: tuple[str, ...] = ()

    def __str__(self) -> str:
        refs = self.references
        w = max([12, *(len(row["entry"]) + 2 for row in self.table)])
        entries = len(self.table) + len(self.disqualified)
        n_refs = sum(row["kind"] == "reference" for row in self.table)
        head = (f"{self.variant}: contest of {_count(entries, 'entry', 'entries')} ({entries - n_refs} "
                f"submitted, {_count(n_refs, 'reference player', 'reference players')}): {len(self.table)} ranked, "
                f"{len(self.disqualified)} disqualified; {self.deals} deals x both seats per pairing, seed {self.seed}")
        cols = f"{'rank':<5}{'entry':<{w}}{'games':>7}{'win rate':>10}{'vs field':>10}  {'95% interval':<17}"
        cols += "".join(f"  vs {r:<26}" for r in refs)
        lines = [head, "points per game: the entry's points minus its opponent's, on the same deals"]
        if self.disqualified:
            lines.append("games, win rate and vs field count the same games, those between ranked entries "
                         "(games against an entry disqualified later are left out)")
        lines.append(cols)
        for row in self.table:
            ci = f"[{row['ci_low']:+.2f}, {row['ci_high']:+.2f}]"
            line = (f"{row['rank']:<5}{row['entry']:<{w}}{row['games']:>7}{row['win_rate']:>10.1%}"
                    f"{row['vs_field']:>+10.2f}  {ci:<17}")
            for r in refs:
                v = row.get(f"vs_{r}")
                line += f"  {'' if v is None else v:<29}"
            lines.append(line.rstrip())
        if self.disqualified:
            lines.append("disqualified:")
            for name, dq in sorted(self.disqualified.items()):
                lines.append(f"  {name}: {dq.reason}: {dq.detail}")
        return "\n".join(lines)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # pragma: no cover - IPython display
        p.text(str(self))


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@dataclass(frozen=True)
class _Entry:
    """A contestant: a submission file (``path``) or a reference player (``player``)."""

    name: str
    path: str | None = None
    player: Player | None = None


@dataclass(frozen=True)
class _Rules:
    variant: str
    params: tuple[tuple[str, Any], ...]
    seed: int
    per_move: float
    per_game: float


def _submissions(source: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[Path]:
    if isinstance(source, (str, os.PathLike)):
        folder = Path(source)
        if folder.is_dir():
            files = sorted(p for p in folder.glob("*.py") if not p.name.startswith(("_", ".")))
        elif folder.is_file():
            files = [folder]
        else:
            raise ParameterError("no folder or file {path}", path=str(folder))
    else:
        items = list(source) if isinstance(source, Iterable) and not isinstance(source, (bytes, Mapping)) else None
        if items is None or not all(isinstance(p, (str, os.PathLike)) for p in items):
            raise ParameterError("submissions is a folder of *.py files or a list of files, not {source}",
                                 source=quote(source))
        files = [Path(p) for p in items]
        for p in files:
            if not p.is_file():
                raise ParameterError("no file {path}", path=str(p))
    if not files:
        raise ParameterError("no submissions (*.py files) in {path}", path=str(source))
    return files


def contest(
    variant: str,
    submissions: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    deals: int = 1000,
    seed: int = 0,
    *,
    references: Sequence[str] = ("random", "greedy"),
    per_move: float = 1.0,
    per_game: float = 10.0,
    params: Mapping[str, Any] | None = None,
    n_jobs: int | None = None,
    backend: str | None = None,
    progress: bool = True,
) -> ContestResult:
    """Play a round robin of ``submissions`` (a folder of ``*.py`` files, or a list of files) and
    the ``references`` on ``deals`` seeded deals per pairing, each from both seats.

    ``per_move`` and ``per_game`` are the time limits (seconds) of a submission; ``params`` the
    variant's parameters; ``n_jobs`` and ``backend`` go to joblib. Two-player games only (the
    line games with two players, and Twenty-one with two).
    """
    name = variants.get_variant(variant).name
    if name == "solitaire":
        raise ParameterError("the solitaire has one player: a contest needs two")
    params = check_params(params)
    if new_game(name, 0, **params).view(0).players != 2:
        raise ParameterError("a contest plays two players a game; {name} has more here (set params players=2)",
                             name=name)
    if not isinstance(deals, int) or isinstance(deals, bool) or not 1 <= deals <= 1_000_000:
        raise ParameterError("deals must be a whole number from 1 to 1,000,000, not {deals!r}", deals=deals)
    check_seed(seed, optional=False)
    for label, value in (("per_move", per_move), ("per_game", per_game)):
        if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0 < value <= 3600:
            raise ParameterError("{label} must be a number of seconds above 0 and at most 3600, not {value!r}",
                                 label=label, value=value)
    check_jobs(n_jobs, backend, progress)
    if isinstance(references, (str, bytes)) or not isinstance(references, (list, tuple)) or not all(
            isinstance(r, str) for r in references):
        raise ParameterError("references must be a list of players' names, like ['random', 'greedy'], not {value}",
                             value=quote(references))
    refs = _resolve_players(name, list(references))
    files = _submissions(submissions)
    entries = [_Entry(p.stem, path=str(p.resolve())) for p in files]
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise ParameterError("two submissions have the same name: {names}", names=", ".join(sorted(names)))
    entries += [_Entry(str(r), player=p) for r, p in zip(references, refs) if str(r) not in names]
    rules = _Rules(name, tuple(sorted(params.items())), seed, float(per_move), float(per_game))

    from contextlib import nullcontext

    from joblib import Parallel, delayed, parallel_config
    from tqdm.auto import tqdm

    greedy = next((e for e in entries if e.player is not None and e.name == "greedy"),
                  _Entry("greedy", player=_resolve_players(name, ["greedy"])[0]))
    disqualified: dict[str, Disqualified] = {}
    context = parallel_config(backend=backend) if backend is not None else nullcontext()
    with context:
        run = Parallel(n_jobs=workers(n_jobs), return_as="generator")
        # the qualifying round: a few deals against greedy, so most mistakes show at once
        subs = [e for e in entries if e.path is not None]
        with tqdm(total=len(subs) * QUALIFYING_DEALS * 2, disable=not progress, unit=" games",
                  desc=f"qualifying {name}") as bar:
            for who, _, _, dq in run(delayed(_play_pairing)(rules, e, greedy, range(-QUALIFYING_DEALS, 0))
                                     for e in subs):
                bar.update(QUALIFYING_DEALS * 2)
                disqualified.update(dq)
        players = [e for e in entries if e.name not in disqualified]
        pairs = [(a, b) for i, a in enumerate(players) for b in players[i + 1:]]
        step = _chunk(deals)
        # each pairing in chunks of deals, so the bar moves as the games are played; a chunk of an
        # entry disqualified meanwhile is not started (joblib takes the tasks as workers free up)
        tasks = ((a, b, range(lo, min(lo + step, deals))) for a, b in pairs for lo in range(0, deals, step))
        rows: dict[tuple[str, str], list[tuple[int, list[tuple[float, int, int]]]]] = {}
        with tqdm(total=len(pairs) * deals * 2, disable=not progress, desc=f"contest {name}",
                  unit=" games") as bar:
            for (a, b), first, got, dq in run(delayed(_play_pairing)(rules, a, b, chunk)
                                              for a, b, chunk in tasks
                                              if a.name not in disqualified and b.name not in disqualified):
                bar.update(len(got) * 2 if not dq else 0)
                disqualified.update(dq)
                if not dq:
                    rows.setdefault((a.name, b.name), []).append((first, got))
            bar.total = bar.n  # the games not played, against entries disqualified, are not waited for
            bar.refresh()
    close_sandboxes()  # this process's (with one job); a worker's end with the worker (atexit, EOF)
    # only games between entries still in the table count, in every column: a game against an entry
    # disqualified later is left out of "games", "win rate" and "vs field" alike
    standing = [e.name for e in players if e.name not in disqualified]
    results: dict[tuple[str, str], list[tuple[float, int, int]]] = {}
    for (a, b), parts in rows.items():
        if a in standing and b in standing:
            results[(a, b)] = [row for _, got in sorted(parts, key=lambda p: p[0]) for row in got]
    pairings = Table()
    per_entry: dict[str, list[float]] = {n: [] for n in standing}
    wins: dict[str, list[int]] = {n: [0, 0] for n in standing}  # wins, games
    against: dict[tuple[str, str], tuple[float, float, float]] = {}
    for (a, b), got in results.items():
        diffs = [d for d, _, _ in got]
        mean, lo, hi = mean_interval(diffs)
        pairings.append({"entry": a, "opponent": b, "deals": len(diffs), "difference": mean,
                         "ci_low": lo, "ci_high": hi, "verdict": verdict(lo, hi)})
        per_entry[a].extend(diffs)
        per_entry[b].extend(-d for d in diffs)
        for _, wa, wb in got:
            wins[a][0] += wa
            wins[b][0] += wb
            wins[a][1] += 2
            wins[b][1] += 2
        against[(a, b)] = (mean, lo, hi)
        against[(b, a)] = (-mean, -hi, -lo)
    table = Table()
    ref_names = tuple(str(r) for r in references)
    for n in standing:
        mean, lo, hi = mean_interval(per_entry[n]) if per_entry[n] else (math.nan,) * 3
        w, g = wins[n]
        row: dict[str, Any] = {"entry": n, "kind": "reference" if n in ref_names else "submission",
                               "games": g, "wins": w, "win_rate": w / g if g else math.nan,
                               "vs_field": mean, "ci_low": lo, "ci_high": hi}
        for r in ref_names:
            if r == n or (n, r) not in against:
                row[f"vs_{r}"] = None
                continue
            m, l, h = against[(n, r)]
            row[f"vs_{r}"] = f"{verdict(l, h)} ({m:+.2f} [{l:+.2f}, {h:+.2f}])"
        table.append(row)
    table.sort(key=lambda r: (-(r["vs_field"] if not math.isnan(r["vs_field"]) else -math.inf), r["entry"]))
    for i, row in enumerate(table, 1):
        row["rank"] = i
    return ContestResult(name, deals, seed, table, pairings, disqualified, ref_names)


# ------------------------------------------------------------------------------------------------
# One pairing, played in a worker
# ------------------------------------------------------------------------------------------------

def _play_pairing(rules: _Rules, a: _Entry, b: _Entry, deals: range,
                  ) -> tuple[tuple[_Entry, _Entry], int, list[tuple[float, int, int]], dict[str, Disqualified]]:
    """Every deal of ``deals`` from both seats between ``a`` and ``b``: ``((a, b), first deal, rows,
    disqualified)`` (`_play_deals`)."""
    rows, dq = _play_deals(rules, a, b, deals)
    return (a, b), deals.start, rows, dq


def _chunk(deals: int) -> int:
    """Deals per task of a pairing: at least 8 tasks a pairing (the progress bar moves within a
    pairing), at most 50 deals a task (a submission is asked up to 100 games at a time: smaller
    batches cost more round trips to its process; 25 deals a task was 15% slower than 50).

    >>> _chunk(1000), _chunk(20), _chunk(3)
    (50, 3, 1)
    """
    return max(1, min(50, math.ceil(deals / 8)))


def _play_deals(rules: _Rules, a: _Entry, b: _Entry, deals: Iterable[int],
                ) -> tuple[list[tuple[float, int, int]], dict[str, Disqualified]]:
    """Every deal of ``deals`` from both seats between ``a`` and ``b``, all games in lockstep (each
    submission is asked for a batch of decisions at a time). Returns, per deal, ``a``'s points
    minus ``b``'s averaged over the two seatings, and the games each won; or the
    disqualifications."""
    from random import Random

    boxes: dict[str, Sandbox] = {}
    try:
        for e in (a, b):
            if e.path is not None:
                boxes[e.name] = _charged(e.name, _sandbox, e.path, rules)
        if _is_line(rules.variant) and all((e.player is not None and hasattr(e.player, "choose_code"))
                                           or (e.path is not None and boxes[e.name].rule) for e in (a, b)):
            return _play_on_codes(rules, a, b, deals, boxes), {}
        games = []  # [deal, rotation, state, seats -> entry]
        for d in deals:
            deal_seed = derive_seed(rules.seed, d)
            for r in (0, 1):
                seats = (a, b) if r == 0 else (b, a)
                state = new_game(rules.variant, deal_seed, **dict(rules.params))
                games.append([d, r, state, seats])
        rngs = {(i, s): Random(derive_seed(rules.seed, g[0], g[1], s)) for i, g in enumerate(games) for s in (0, 1)}
        active = list(range(len(games)))
        while active:
            waiting: dict[str, list[int]] = {}
            still = []
            for i in active:
                g = games[i]
                state = g[2]
                while not state.is_over:
                    legal = state.legal_actions()
                    if len(legal) != 1:
                        break
                    state = state.play(legal[0])
                g[2] = state
                if state.is_over:
                    continue
                still.append(i)
                waiting.setdefault(g[3][state.current_player].name, []).append(i)
            active = still
            for name, idx in waiting.items():
                entry = a if a.name == name else b
                if entry.player is not None:
                    for i in idx:
                        g = games[i]
                        seat = g[2].current_player
                        g[2] = g[2].play(entry.player.choose(g[2].view(seat), rngs[(i, seat)]))
                    continue
                box = boxes[name]
                batch = []
                for i in idx:
                    d, r, state, _ = games[i]
                    seat = state.current_player
                    batch.append(((a.name, b.name, d, r, seat), derive_seed(rules.seed, d, r, seat), state.view(seat)))
                plays = _charged(name, box.choose, batch)
                for i, text in zip(idx, plays):
                    g = games[i]
                    legal = {str(x): x for x in g[2].legal_actions()}
                    if text not in legal:
                        raise _Charge(name, Disqualified("illegal", f"returned {text[:40]!r}, which is not a "
                                                                     "legal play here"))
                    g[2] = g[2].play(legal[text])
        out = []
        by_deal: dict[int, list[Any]] = {}
        for d, r, state, seats in games:
            by_deal.setdefault(d, []).append((r, state))
        for d, pair in by_deal.items():
            diff = 0.0
            wa = wb = 0
            for r, state in pair:
                seat_a = 0 if r == 0 else 1
                pts = state.outcome.points
                diff += float(pts[seat_a]) - float(pts[1 - seat_a])
                w = state.outcome.winner
                wa += w == seat_a
                wb += w == 1 - seat_a
            out.append((diff / len(pair), wa, wb))
        keys = [(a.name, b.name, g[0], g[1], s) for g in games for s in (0, 1)]
        for name, box in boxes.items():
            _charged(name, box.forget, keys)
        return out, {}
    except _Charge as charge:
        return [], {charge.name: charge.dq}


class _Charge(Exception):
    """A `Disqualified` with the name of the entry whose code was running when it happened: every
    call into a sandbox goes through `_charged`, so a pairing never has to guess which of its two
    entries broke a rule (issue 36: the guess blamed the first, an honest entry)."""

    def __init__(self, name: str, dq: Disqualified) -> None:
        super().__init__(name, dq)
        self.name = name
        self.dq = dq


def _charged(name: str, call: Any, *args: Any) -> Any:
    """``call(*args)``, a call into ``name``'s sandbox: its `Disqualified` becomes a `_Charge`
    against ``name``."""
    try:
        return call(*args)
    except Disqualified as dq:
        raise _Charge(name, dq) from None


def _is_line(variant: str) -> bool:
    return variants.get_variant(variant).factory is None


def _play_on_codes(rules: _Rules, a: _Entry, b: _Entry, deals: Iterable[int],
                   boxes: dict[str, Sandbox]) -> list[tuple[float, int, int]]:
    """`_play_pairing` for rules and the package's own random and greedy players: the games on
    the engine's codes (`legal_codes`, `apply_code`) as the tournaments' fast path plays them, a
    submission asked with `seat_position` (what its seat sees) instead of a view."""
    from random import Random

    from ..core.engine import apply_code, legal_codes
    from ..players.line import RandomPlayer
    from ..sim.tournament import _seat_position

    games = []  # [deal, rotation, core, seats -> entry, seat positions]
    for d in deals:
        deal_seed = derive_seed(rules.seed, d)
        for r in (0, 1):
            core = new_game(rules.variant, deal_seed, **dict(rules.params))._core
            games.append([d, r, core, (a, b) if r == 0 else (b, a), [None, None]])
    rngs = {(i, s): Random(derive_seed(rules.seed, g[0], g[1], s)) for i, g in enumerate(games) for s in (0, 1)}
    active = list(range(len(games)))
    while active:
        waiting: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
        still = []
        for i in active:
            g = games[i]
            c = g[2]
            codes = legal_codes(c)
            while not c.over and len(codes) == 1:  # forced (COM-4, COM-5): nothing to choose
                apply_code(c, codes[0])
                codes = legal_codes(c) if not c.over else ()
            if c.over:
                continue
            entry = g[3][c.turn]
            if entry.player is not None:
                player = entry.player
                own = None if type(player) is RandomPlayer else _seat_position(c, c.turn, g[4])
                apply_code(c, player.choose_code(own, codes, rngs[(i, c.turn)]))  # type: ignore[attr-defined]
            else:
                waiting.setdefault(entry.name, []).append((i, codes))
            still.append(i)
        active = still
        for name, items in waiting.items():
            batch = []
            for i, codes in items:
                g = games[i]
                seat = g[2].turn
                batch.append(((a.name, b.name, g[0], g[1], seat), derive_seed(rules.seed, g[0], g[1], seat),
                              seat_position(g[2], seat), codes))
            for (i, _), code in zip(items, _charged(name, boxes[name].choose_codes, batch)):
                apply_code(games[i][2], code)
    keys = [(a.name, b.name, g[0], g[1], s) for g in games for s in (0, 1)]
    for name, box in boxes.items():
        _charged(name, box.forget, keys)
    by_deal: dict[int, list[float | int]] = {}
    for d, r, c, _, _ in games:
        seat_a = 0 if r == 0 else 1
        row = by_deal.setdefault(d, [0.0, 0, 0, 0])
        row[0] += float(c.points[seat_a]) - float(c.points[1 - seat_a])
        row[1] += c.winner == seat_a
        row[2] += c.winner == 1 - seat_a
        row[3] += 1
    return [(diff / n, int(wa), int(wb)) for diff, wa, wb, n in by_deal.values()]


#: The sandboxes of this process (a joblib worker, or the teacher's process with one job), one per
#: submission and contest rules, kept for the next pairing: a submission's process starts once
#: per worker, not once per pairing. A disqualified one is closed and started again if asked.
_POOL: dict[tuple[str, _Rules, int], Sandbox] = {}


def _sandbox(path: str, rules: _Rules) -> Sandbox:
    key = (path, rules, threading.get_ident())  # a sandbox answers one thread at a time
    box = _POOL.get(key)
    if box is None or box._proc is None or box._proc.poll() is not None:  # none yet, or closed, or ended
        box = _POOL[key] = Sandbox(path, rules.variant, per_move=rules.per_move,
                                             per_game=rules.per_game, params=dict(rules.params))
    return box


def close_sandboxes() -> None:
    """End every submission's process this process started."""
    while _POOL:
        _, box = _POOL.popitem()
        box.close()


atexit.register(close_sandboxes)


# ------------------------------------------------------------------------------------------------
# The warm-up: every entry on the puzzles (issue 41)
# ------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class WarmUpResult:
    """``table``: one row per entry, best first: the puzzles solved, and what its other plays may
    cost against the answers (the points they can fall short by, in the points games; the hands the
    answer wins for sure and they do not, in the games of hands won);
    ``plays``: entry -> the play it chose on each puzzle, in the puzzles' order; ``disqualified``:
    entry -> `Disqualified`."""

    puzzles: tuple[str, ...]
    table: Table
    plays: dict[str, tuple[str, ...]]
    disqualified: dict[str, Disqualified] = field(default_factory=dict)

    def __str__(self) -> str:
        w = max([12, *(len(row["entry"]) + 2 for row in self.table)])
        lines = [f"warm-up on {_count(len(self.puzzles), 'puzzle', 'puzzles')}: a puzzle is solved by the play "
                 "that loses nothing against its answer, whatever the hidden tiles",
                 f"{'rank':<5}{'entry':<{w}}{'solved':>8}{'points short':>14}{'hands not sure':>16}"]
        for row in self.table:
            lines.append(f"{row['rank']:<5}{row['entry']:<{w}}{row['solved']:>8}{row['points_short']:>14}"
                         f"{row['hands_not_sure']:>16}")
        for name, dq in sorted(self.disqualified.items()):
            lines.append(f"disqualified: {name}: {dq.reason}: {dq.detail}")
        return "\n".join(lines)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # pragma: no cover - IPython display
        p.text(str(self))


def puzzle_loss(puzzle: Any, play: str) -> tuple[bool, int, int]:
    """What ``play`` (a legal play's text) costs on ``puzzle`` against its answer: (solved, points
    short, hands not sure). The puzzle says it (`Puzzle.others`, each checked by the engine's exact
    solver): in a points game the margin a worse play can fall short by; in a game of hands won, a
    worse play is a hand the answer wins for sure and it does not.

    >>> from domino_widgets.puzzles import load
    >>> p = load("block")[0]
    >>> puzzle_loss(p, p.answer), puzzle_loss(p, p.others[0].play)
    ((True, 0, 0), (False, 0, 1))
    """
    from ..core.errors import DominoError

    state = puzzle.state()
    try:
        after = state.play(play)  # any notation the game reads ("4-2 L"), one play
    except DominoError:
        after = None
    if after is not None and puzzle.is_answer(play):
        return True, 0, 0
    for other in puzzle.others:
        if after is not None and state.play(other.play) == after:
            return (False, 0, 1) if puzzle.objective == "win" else (False, int(other.margin), 0)
    raise ParameterError("{play} is no play of puzzle {id}", play=quote(play), id=puzzle.id)


def warm_up(submissions: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], puzzles: Sequence[Any], *,
            references: Sequence[str] = ("random", "greedy"), seed: int = 0, per_move: float = 1.0) -> WarmUpResult:
    """A contest's warm-up: every submission (each in its `Sandbox`) and reference player chooses
    its play on each puzzle (`domino_widgets.puzzles.load()`), from the puzzle's student view only;
    ranked by the puzzles solved, then by the hands and the points its other plays may cost. A submission that
    breaks a rule is disqualified with the reason, as in `contest`.

    >>> from domino_widgets.puzzles import load
    >>> r = warm_up([], load()[:3], references=("greedy",))
    >>> [row["entry"] for row in r.table], r.table[0]["puzzles"]
    (['greedy'], 3)
    """
    import random

    check_seed(seed, optional=False)
    if not isinstance(per_move, (int, float)) or isinstance(per_move, bool) or not 0 < per_move <= 3600:
        raise ParameterError("per_move must be a number of seconds above 0 and at most 3600, not {value!r}",
                             value=per_move)
    puzzles = list(puzzles)
    if not puzzles:
        raise ParameterError("a warm-up needs puzzles")
    files = [] if isinstance(submissions, (list, tuple)) and not submissions else _submissions(submissions)
    entries = [_Entry(p.stem, path=str(p.resolve())) for p in files]
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise ParameterError("two submissions have the same name: {names}", names=", ".join(sorted(names)))
    if isinstance(references, (str, bytes)) or not all(isinstance(r, str) for r in references):
        raise ParameterError("references must be a list of players' names, like ['random', 'greedy'], not {value}",
                             value=quote(references))
    entries += [_Entry(str(r)) for r in references if str(r) not in names]
    groups: dict[tuple[str, tuple[tuple[str, Any], ...]], list[int]] = {}
    for i, p in enumerate(puzzles):
        groups.setdefault((p.variant, tuple(sorted(dict(p.options).items()))), []).append(i)
    plays: dict[str, list[str]] = {}
    disqualified: dict[str, Disqualified] = {}
    for e in entries:
        chosen: list[str] = [""] * len(puzzles)
        try:
            for (variant, params), at in groups.items():
                views = [(("warm-up", i), derive_seed(seed, i), puzzles[i].state().view(puzzles[i].seat))
                         for i in at]
                if e.path is not None:
                    with Sandbox(e.path, variant, per_move=per_move, per_game=per_move * len(at) + 5.0,
                                 params=dict(params)) as box:
                        got = box.choose(views)
                else:
                    (player,) = _resolve_players(variant, [e.name])
                    got = [str(player.choose(view, random.Random(key_seed))) for _, key_seed, view in views]
                for i, play in zip(at, got):
                    legal = [str(a) for a in puzzles[i].state().legal_actions()]
                    if play not in legal:
                        raise Disqualified("illegal", f"chose {play[:40]!r}, not a legal play of puzzle {puzzles[i].id}")
                    chosen[i] = play
        except Disqualified as dq:
            disqualified[e.name] = dq
            continue
        plays[e.name] = chosen
    table = Table()
    for name, chosen in plays.items():
        costs = [puzzle_loss(p, play) for p, play in zip(puzzles, chosen)]
        table.append({"entry": name, "kind": "submission" if name in names else "reference", "puzzles": len(puzzles),
                      "solved": sum(c[0] for c in costs), "points_short": sum(c[1] for c in costs),
                      "hands_not_sure": sum(c[2] for c in costs)})
    table.sort(key=lambda r: (-r["solved"], r["hands_not_sure"], r["points_short"], r["entry"]))
    for i, row in enumerate(table, 1):
        row["rank"] = i
    return WarmUpResult(tuple(p.id for p in puzzles), table, {k: tuple(v) for k, v in plays.items()}, disqualified)

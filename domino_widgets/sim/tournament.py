"""Seeded tournaments between players: a tidy table of games and a summary with 95% intervals.

Every deal has its own seed (derived from the tournament's ``seed``) and is played once from
every seating, the players rotated round the table, so no one profits from a lucky seat or a
lucky deal. A game depends only on its seed and seating, so the results are the same for any
number of jobs and any joblib backend: the same call runs on a laptop, or on a Dask or Ray
cluster inside ``joblib.parallel_config(backend="dask")``.

>>> import domino_widgets as dw
>>> r = dw.sim.tournament("block", ["greedy", "random"], games=20, seed=1, progress=False)
>>> len(r.table), r.table[0]["seating"], sorted(r.table[0])[:4]
(20, ('greedy', 'random'), ['deal', 'game', 'hands', 'moves'])
>>> [row["player"] for row in r.summary]
['greedy', 'random']
>>> sum(row["wins"] + row["ties"] for row in r.summary) >= 20
True
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import Any

from ..core import registry as variants
from ..core.engine import Core, apply_code, legal_codes, new_core
from ..core.errors import IllegalPlayError, ParameterError, PlayerError, check_count, check_seed, quote
from ..core.match import Match
from ..core.seeds import derive_seed  # importable from here too, as before
from ..core.state import GameState, new_game
from ..players.base import Player
from ..players.line import GreedyPlayer, RandomPlayer
from ..players.registry import get_player
from .labels import progress_label
from .labels import unit as progress_unit
from .stats import mean_interval, wilson

__all__ = ["Table", "TournamentResult", "derive_seed", "parse_player_spec", "play_one", "tournament"]


class Table(list):  # type: ignore[type-arg]
    """A list of row dicts (a tidy table) that converts itself with `to_pandas`."""

    def to_pandas(self) -> Any:
        """A `pandas.DataFrame` of the rows (fractions become floats); needs pandas installed."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas") from None
        return pd.DataFrame([{k: float(v) if isinstance(v, Fraction) else v for k, v in row.items()}
                             for row in self])


@dataclass(frozen=True)
class TournamentResult:
    """The games (`table`, one row per game) and the `summary` (one row per player)."""

    variant: str
    players: tuple[str, ...]
    matches: bool
    seed: int
    table: Table
    summary: Table

    def to_pandas(self) -> Any:
        """The per-game table as a `pandas.DataFrame`."""
        return self.table.to_pandas()

    def __str__(self) -> str:
        what = "matches" if self.matches else "hands"
        seatings = len({row["rotation"] for row in self.table}) or 1
        title = (f"{self.variant}: {len(self.table)} {what} ({len(self.table) // seatings} deals x "
                 f"{seatings} seatings), seed {self.seed}")
        w = max(16, *(len(p) + 2 for p in self.players))
        nobody = "ties" if len(self.players) > 1 else "lost"  # no winner: a tie, or a lost solitaire
        header = (f"{'player':<{w}}{'games':>7}{'wins':>7}{nobody:>6}{'win rate':>10}  {'95% interval':<17}"
                  f"{'mean points':>12}")
        lines = [title, header]
        for row in self.summary:
            ci = f"[{row['ci_low']:.1%}, {row['ci_high']:.1%}]"
            lines.append(f"{row['player']:<{w}}{row['games']:>7}{row['wins']:>7}{row['ties']:>6}"
                         f"{row['win_rate']:>10.1%}  {ci:<17}{row['mean_points']:>12.2f}")
        return "\n".join(lines)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:  # pragma: no cover - IPython display
        p.text(str(self))


def parse_player_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"expert:samples=40,rollout=random"`` -> ``("expert", {"samples": 40, "rollout": "random"})``.

    >>> parse_player_spec("expert:samples=40,epsilon=0.2")
    ('expert', {'samples': 40, 'epsilon': 0.2})
    """
    name, _, rest = spec.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ParameterError("player option {item!r} in {spec!r} is not written key=value", item=item, spec=spec)
        options[key.strip()] = _number(value.strip())
    return name.strip(), options


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"True": True, "False": False, "None": None}.get(text, text)


def _labels(players: Sequence[Player]) -> tuple[str, ...]:
    """Player names, made unique with ``#2``, ``#3``... in order."""
    seen: dict[str, int] = {}
    out = []
    for p in players:
        k = seen[p.name] = seen.get(p.name, 0) + 1
        out.append(p.name if k == 1 else f"{p.name}#{k}")
    return tuple(out)


@dataclass(frozen=True)
class _Spec:
    """Everything a worker needs to play games (small and picklable)."""

    variant: str
    params: tuple[tuple[str, Any], ...]
    players: tuple[Player, ...]
    labels: tuple[str, ...]
    seed: int
    matches: bool


def play_one(variant: str, players: Sequence[Player], seed: int, *, matches: bool = False,
             params: Mapping[str, Any] | None = None, rng_seed: int | str = 0) -> dict[str, Any]:
    """Play one hand (or one match) from ``seed`` with ``players[s]`` in seat ``s``.

    Each player gets its own `random.Random`, derived from ``seed``, ``rng_seed`` and the seat.
    Returns ``winner`` (a seat or None), ``points`` per seat, ``moves`` and ``hands``, and
    ``reason`` for a single hand.

    >>> from domino_widgets.players import get_player
    >>> ps = [get_player("greedy", variant="draw"), get_player("random", variant="draw")]
    >>> r = play_one("draw", ps, seed=5)
    >>> sorted(r), r == play_one("draw", ps, seed=5)
    (['hands', 'moves', 'points', 'reason', 'winner'], True)
    """
    params = dict(params or {})
    rngs = [Random(derive_seed(seed, rng_seed, s)) for s in range(len(players))]
    moves = 0
    if matches:
        m = Match(variant, seed=seed, **params)
        while not m.is_over:
            if m.hand.is_over:
                m.new_hand()
            m.play(_next_action(m.hand, players, rngs))
            moves += 1
        return {"winner": m.winner, "points": tuple(m.scores), "moves": moves, "hands": len(m.hands),
                "reason": None}
    state = new_game(variant, seed, **params)
    if isinstance(state, GameState) and all(_fast(p) for p in players):
        return _play_hand_on_codes(state._core, players, rngs)
    while not state.is_over:
        state = state.play(_next_action(state, players, rngs))
        moves += 1
    out = state.outcome
    assert out is not None
    return {"winner": out.winner, "points": tuple(out.points), "moves": moves, "hands": 1, "reason": out.reason}


#: The players that may take a view built on first read (`GameState._view`): the package's own.
_OWN_LINE_PLAYERS = (RandomPlayer, GreedyPlayer)


def _fast(player: Player) -> bool:
    """Whether ``player`` may take the fast path of `play_one` (`_play_hand_on_codes`): the
    package's own random player, or its greedy player with the variant's own heuristic."""
    kind = type(player)
    return kind is RandomPlayer or (kind is GreedyPlayer and player.heuristic is None)  # type: ignore[attr-defined]


def _play_hand_on_codes(c: Core, players: Sequence[Player], rngs: Sequence[Random]) -> dict[str, Any]:
    """`play_one`'s loop for a hand between the package's own random and greedy players, with the
    same result move for move (``tests/test_sim.py`` holds them equal): the engine's codes
    (`legal_codes`, `apply_code`) on the dealt position ``c``, changed in place, instead of a
    `GameState`, a view and `Action` objects per move. A forced action is played without asking; a
    player decides with `choose_code` (the same random numbers as its ``choose``) on a position
    of its seat that holds only what the seat may see (`_seat_position`), never ``c``
    (DESIGN principle 3)."""
    seats: list[Core | None] = [None] * len(players)
    moves = 0
    while not c.over:
        codes = legal_codes(c)
        if len(codes) > 1:
            seat = c.turn
            player = players[seat]
            own = None if type(player) is RandomPlayer else _seat_position(c, seat, seats)
            apply_code(c, player.choose_code(own, codes, rngs[seat]))  # type: ignore[attr-defined]
        else:  # a forced action (COM-4, COM-5): there is nothing to choose
            apply_code(c, codes[0])
        moves += 1
    assert c.reason is not None and c.points is not None
    return {"winner": c.winner, "points": tuple(c.points), "moves": moves, "hands": 1, "reason": c.reason}


def _seat_position(c: Core, seat: int, cache: list[Core | None]) -> Core:
    """The position ``seat`` sees in ``c``, for its greedy heuristic: its own hand, the table,
    the scores, whose turn it is; the other hands, the boneyard and the tiles out of play empty,
    so no hidden tile is in it (a position for one-ply questions only, like `public_core`). One
    `Core` per seat and hand, refreshed at each of its decisions (``cache``)."""
    p = cache[seat]
    if p is None:
        cfg = c.cfg
        p = cache[seat] = new_core(cfg, hands=[0] * cfg.players, stock=[], out=0, leader=seat, seed=None,
                                   base_scores=c.base_scores)
        p.initial = ()
    p.hands[seat] = c.hands[seat]
    ends, table = p.ends, c.ends
    ends[:] = _CLOSED
    for e in c.open:  # only the open ends show a number, as in the view's layout
        ends[e] = table[e]
    p.arms[:] = c.arms
    p.tips[:] = c.tips
    p.center = c.center
    p.open = c.open
    p.turn = c.turn
    p.hand_points[:] = c.hand_points
    p.finished[:] = c.finished
    return p


_CLOSED = (-1, -1, -1, -1)


def _next_action(state: Any, players: Sequence[Player], rngs: Sequence[Random]) -> Any:
    # A line game's cached tuple of actions (no list copy per decision); the others' list.
    actions = state._legal_pairs()[0] if isinstance(state, GameState) else state.legal_actions()
    if len(actions) == 1:  # a forced action (COM-4, COM-5): there is nothing to choose
        return actions[0]
    seat = state.current_player
    player = players[seat]
    # the package's own random and greedy players read a few counts or a compact position: a
    # view built on first read; any other player gets a whole view that holds no reference to
    # the state (DESIGN principle 3)
    view = state._view(seat) if type(player) in _OWN_LINE_PLAYERS and isinstance(state, GameState) \
        else state.view(seat)
    try:
        return player.choose(view, rngs[seat])
    except Exception as exc:  # a teacher's own player: name it, keep the original as the cause
        raise PlayerError("the player {player} in seat {seat} raised {kind}: {error}",
                          player=getattr(player, "name", type(player).__name__), seat=seat,
                          kind=type(exc).__name__, error=exc) from exc


def _play_batch(spec: _Spec, deals: Sequence[int]) -> list[dict[str, Any]]:
    n = len(spec.players)
    rows = []
    for d in deals:
        deal_seed = derive_seed(spec.seed, d)
        for r in range(n):
            seating = [spec.players[(s - r) % n] for s in range(n)]  # entry i sits at seat i + r
            labels = tuple(spec.labels[(s - r) % n] for s in range(n))
            try:
                res = play_one(spec.variant, seating, deal_seed, matches=spec.matches, params=dict(spec.params),
                               rng_seed=r)
            except (PlayerError, IllegalPlayError) as exc:
                raise PlayerError("game {game} (deal {deal}, seed {seed}, seating {seating}): {error}",
                                  game=d * n + r, deal=d, seed=deal_seed, seating=", ".join(labels),
                                  error=exc) from (exc.__cause__ or exc)
            w = res["winner"]
            row: dict[str, Any] = {
                "game": d * n + r, "deal": d, "seed": deal_seed, "rotation": r, "seating": labels,
                "winner": None if w is None else labels[w], "winner_seat": w,
                "reason": res["reason"], "moves": res["moves"], "hands": res["hands"],
            }
            for s, label in enumerate(labels):
                row[f"points_{label}"] = res["points"][s]
            for s, label in enumerate(labels):
                row[f"seat_{label}"] = s
            rows.append(row)
    return rows


def _summary(labels: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> Table:
    out = Table()
    n = len(rows)
    ties = sum(1 for row in rows if row["winner"] is None)
    for label in labels:
        wins = sum(1 for row in rows if row["winner"] == label)
        lo, hi = wilson(wins, n)
        points = [float(row[f"points_{label}"]) for row in rows]
        mean, plo, phi = mean_interval(points)
        out.append({"player": label, "games": n, "wins": wins, "ties": ties,
                    "win_rate": wins / n if n else float("nan"), "ci_low": lo, "ci_high": hi,
                    "mean_points": mean, "points_ci_low": plo, "points_ci_high": phi})
    return out


def _resolve_players(variant: str, players: Sequence[str | Player]) -> tuple[Player, ...]:
    out = []
    for p in players:
        if isinstance(p, str):
            name, options = parse_player_spec(p)
            out.append(get_player(name, variant=variant, **options))
        elif isinstance(p, Player):
            out.append(p)
        else:
            raise ParameterError("a player is a name such as 'expert' or a player object, not {p!r}", p=p)
    return tuple(out)


def check_params(params: Any) -> dict[str, Any]:
    """A variant's parameters: a mapping of names (texts) to values, or None."""
    if params is None:
        return {}
    if not isinstance(params, Mapping) or not all(isinstance(k, str) for k in params):
        raise ParameterError("params is a dict of the variant's parameters by name, like {{'target': 100}}, not "
                             "{params}", params=quote(params))
    return dict(params)


def _chunks(n: int, size: int) -> Iterable[list[int]]:
    for start in range(0, n, size):
        yield list(range(start, min(n, start + size)))


def tournament(
    variant: str,
    players: Sequence[str | Player],
    games: int = 100,
    seed: int = 0,
    n_jobs: int | None = None,
    backend: str | None = None,
    progress: bool = True,
    *,
    matches: bool = False,
    params: Mapping[str, Any] | None = None,
    chunk: int | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games of ``variant`` between ``players`` (one per seat).

    ``players`` are names for `domino_widgets.players.get_player` (``"expert"``, or with options
    ``"expert:samples=40"``) or player objects. Each deal is played from every seating (the
    players rotated), so ``games`` is rounded up to a multiple of the number of seats.
    ``matches=True`` plays whole `Match`-es to the variant's target instead of single hands;
    ``params`` are the variant's parameters (``{"target": 100}``). ``n_jobs`` and ``backend`` go
    to joblib (``None``: joblib's current `parallel_config`, one job by default); ``progress``
    shows a `tqdm.auto` bar; ``chunk`` is how many deals a task plays (it never changes results).

    The table has one row per game: ``game``, ``deal``, ``seed``, ``rotation``, ``seating``
    (the label in each seat), ``winner`` (a label, or None for a tie), ``winner_seat``,
    ``reason``, ``moves``, ``hands``, and ``points_<label>`` and ``seat_<label>`` per player.
    The summary has, per player, wins, ties (games nobody won: a lost game in solitaire), the win rate with its 95% Wilson interval and the
    mean points with a 95% interval.
    """
    params = check_params(params)
    if not isinstance(players, Sequence) or isinstance(players, (str, bytes)) or not players:
        raise ParameterError("players is a list of players, one per seat, like ['greedy', 'random'], not {players}",
                             players=quote(players))
    if chunk is not None:
        check_count(chunk, "chunk")
    check_jobs(n_jobs, backend, progress)
    if not isinstance(matches, bool):
        raise ParameterError("{flag} must be True or False, not {value}", flag="matches", value=quote(matches))
    cfg = variants.get_variant(variant).config(dict(params or {})) if _is_line(variant) else None
    name = variants.get_variant(variant).name
    ps = _resolve_players(name, players)
    seats = cfg.players if cfg is not None else new_game(name, seed=0, **dict(params or {})).players
    if len(ps) != seats:
        raise ParameterError("{name} is played by {seats} players here; give {seats} players, not {n} (or choose "
                             "params={{'players': ...}})" if name == "bergen" else
                             "{name} is played by {seats} players here; give {seats} players, not {n}",
                             name=name, seats=seats, n=len(ps))
    check_count(games, "games")
    seed = check_seed(seed, optional=False)
    labels = _labels(ps)
    deals = -(-games // seats)
    spec = _Spec(name, tuple(sorted((params or {}).items())), ps, labels, seed, matches)

    from joblib import Parallel, delayed, parallel_config
    from tqdm.auto import tqdm

    if sys.platform == "emscripten":  # Pyodide (the JupyterLite site) can start no thread or process
        tqdm.monitor_interval = 0  # tqdm's monitor thread: else a TqdmMonitorWarning on stderr
        n_jobs = 1

    rows: list[dict[str, Any]] = []
    context = parallel_config(backend=backend) if backend is not None else nullcontext()
    with context:
        jobs = workers(n_jobs)
        size = chunk or max(1, min(50, -(-deals // (4 * jobs))))
        jobs = min(jobs, -(-deals // size))  # never more processes than tasks or cores
        with tqdm(total=deals * seats, disable=not progress, desc=progress_label(name, labels),
                  unit=progress_unit()) as bar:
            if jobs == 1:
                results: Iterable[list[dict[str, Any]]] = (_play_batch(spec, c) for c in _chunks(deals, size))
            else:
                results = Parallel(n_jobs=jobs, return_as="generator")(
                    delayed(_play_batch)(spec, c) for c in _chunks(deals, size))
            for batch in results:
                rows.extend(batch)
                bar.update(len(batch))
    return TournamentResult(name, labels, matches, seed, Table(rows), _summary(labels, rows))


def check_jobs(n_jobs: Any, backend: Any, progress: Any) -> None:
    """The arguments that go to joblib and tqdm (`tournament`, `contest.contest`), checked."""
    if n_jobs is not None and (type(n_jobs) is not int or n_jobs == 0):
        raise ParameterError("n_jobs must be a whole number other than 0 (-1: every core), or None, not {n_jobs}",
                             n_jobs=quote(n_jobs))
    if not isinstance(progress, bool):
        raise ParameterError("{flag} must be True or False, not {value}", flag="progress", value=quote(progress))
    if backend is not None and not isinstance(backend, str):
        raise ParameterError("backend must be a joblib backend's name, not {backend}", backend=quote(backend))


def workers(n_jobs: int | None) -> int:
    """How many processes joblib may start for ``n_jobs``: never more than the cores."""
    from joblib import effective_n_jobs

    return max(1, min(effective_n_jobs(n_jobs), os.cpu_count() or 1))


def _is_line(variant: str) -> bool:
    return variants.get_variant(variant).factory is None

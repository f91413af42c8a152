"""The command line for teachers preparing a lesson.

    python -m domino_widgets simulate all_fives --players expert greedy --games 10000 --jobs 2

prints the summary of a seeded tournament (`domino_widgets.sim.tournament`): games, wins, ties,
win rates with 95% intervals, mean points. ``--matches`` plays whole matches to the target,
``--param target=100`` sets a variant parameter, ``expert:samples=40`` sets a player option,
``--csv games.csv`` saves the per-game table.

>>> main(["simulate", "draw", "--players", "greedy", "random", "--games", "2", "--no-progress"])
draw: 2 hands (1 deals x 2 seatings), seed 0
player  ...
0
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..core.errors import DominoError
from .tournament import _number, tournament

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The ``python -m domino_widgets`` argument parser (sub-command ``simulate``)."""
    parser = argparse.ArgumentParser(prog="python -m domino_widgets",
                                     description="domino_widgets from the command line")
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play a seeded tournament and print the summary",
                         description="Play seeded games between players and print win rates with 95%% intervals.")
    sim.add_argument("variant", help="block, draw_cz, draw, all_fives, matador, bergen (or an alias)")
    sim.add_argument("--players", nargs="+", required=True, metavar="NAME",
                     help="one player per seat: random, greedy, expert (options: expert:samples=40)")
    sim.add_argument("--games", type=_positive, default=1000, help="games in all (rounded up so every deal is "
                     "played from every seat; default 1000)")
    sim.add_argument("--jobs", type=_jobs, default=1, help="parallel jobs (joblib; -1: all cores, -2: all but one)")
    sim.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    sim.add_argument("--matches", action="store_true", help="play whole matches to the target, not single hands")
    sim.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                     help="a variant parameter, e.g. --param target=100 (repeatable)")
    sim.add_argument("--backend", type=_backend, default=None, help="joblib backend (loky, threading, dask, ...)")
    sim.add_argument("--csv", type=_csv_path, default=None, metavar="FILE", help="also save the per-game table as CSV")
    sim.add_argument("--no-progress", action="store_true", help="no progress bar")

    con = sub.add_parser("contest", help="a class strategy contest: every submission against the others",
                         description="Play every submitted player (a folder of .py files) against the reference "
                                     "players and each other on the same seeded deals, and print a league table.")
    con.add_argument("variant", help="a two-player game: block, draw_cz, draw, all_fives, matador, twentyone")
    con.add_argument("folder", help="the folder of submissions (one .py file per student)")
    con.add_argument("--deals", type=_positive, default=1000, help="deals per pairing, each from both seats "
                     "(default 1000)")
    con.add_argument("--seed", type=int, default=0, help="the contest's seed (default 0)")
    con.add_argument("--references", nargs="+", default=["random", "greedy"], metavar="NAME",
                     help="the reference players (default: random greedy)")
    con.add_argument("--per-move", type=float, default=1.0, help="seconds a submission may take on a move (default 1)")
    con.add_argument("--per-game", type=float, default=10.0, help="seconds a submission may take on a game "
                     "(default 10)")
    con.add_argument("--jobs", type=_jobs, default=-1, help="parallel jobs (joblib; default -1: all cores)")
    con.add_argument("--param", action="append", default=[], metavar="KEY=VALUE", help="a variant parameter")
    con.add_argument("--backend", type=_backend, default=None,
                     help="joblib backend (loky, dask, ...); dask without --scheduler starts a local Dask "
                          "cluster of --jobs worker processes and closes it after")
    con.add_argument("--scheduler", default=None, metavar="ADDRESS",
                     help="a Dask scheduler's address (tcp://host:8786): play the contest on that cluster "
                          "(implies --backend dask)")
    con.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def _positive(text: str) -> int:
    """A whole number >= 1 (an argparse type: a bad one is a usage error, exit status 2)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, not {text!r}")
    return value


def _jobs(text: str) -> int:
    """joblib's ``n_jobs``: 1, 2, ... workers, or -1 (all cores), -2 (all but one), ...; never 0."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value == 0:
        raise argparse.ArgumentTypeError(f"expected a number of parallel jobs (1, 2, ... or -1 for all cores), "
                                         f"not {text!r}")
    return value


def _csv_path(name: str) -> Path:
    """The CSV file must be writable before the tournament runs, not found wanting after it."""
    path = Path(name)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{name} is a folder; give a file name, e.g. {path / 'games.csv'}")
    folder = path.parent
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise argparse.ArgumentTypeError(f"cannot write {name} (permission denied)")
    return path


def _backend(name: str) -> str:
    """A joblib backend joblib knows (checked before the run)."""
    from joblib import parallel_config

    if name == "dask":  # its client is made when the command runs (`_dask_client`)
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise argparse.ArgumentTypeError("the dask backend needs Dask's distributed: "
                                             "pip install 'dask[distributed]'") from None
        return name
    try:
        with parallel_config(backend=name):
            pass
    except (ValueError, ImportError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return name


def _params(items: Sequence[str]) -> dict[str, Any]:
    out = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq:
            raise DominoError("--param {item!r}: write it as KEY=VALUE, e.g. target=100", item=item)
        out[key.strip()] = _number(value.strip())
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, with the reason on stderr)."""
    args = build_parser().parse_args(argv)
    if args.command == "contest":
        return _contest(args)
    csv_path: Path | None = args.csv
    try:
        result = tournament(args.variant, args.players, games=args.games, seed=args.seed, n_jobs=args.jobs,
                            backend=args.backend, progress=not args.no_progress, matches=args.matches,
                            params=_params(args.param))
    except DominoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(result)
    if csv_path is not None:
        rows = result.table
        try:
            with csv_path.open("w", newline="") as fh:
                writer = csv.DictWriter(fh, fieldnames=list(rows[0]) if rows else [])
                writer.writeheader()
                writer.writerows({k: ",".join(v) if isinstance(v, tuple) else v for k, v in row.items()}
                                 for row in rows)
        except OSError as exc:
            print(f"error: --csv {args.csv}: {exc.strerror or exc}", file=sys.stderr)
            return 1
    return 0


def _contest(args: argparse.Namespace) -> int:
    from contextlib import nullcontext

    from .contest import contest

    backend = args.backend
    if args.scheduler is not None:
        if backend not in (None, "dask"):
            print(f"error: --scheduler is a Dask scheduler's address; it goes with --backend dask, not {backend}",
                  file=sys.stderr)
            return 2
        backend = "dask"
    try:
        with _dask_client(args.scheduler, args.jobs) if backend == "dask" else nullcontext():
            result = contest(args.variant, args.folder, deals=args.deals, seed=args.seed,
                             references=args.references, per_move=args.per_move, per_game=args.per_game,
                             params=_params(args.param), n_jobs=args.jobs, backend=backend,
                             progress=not args.no_progress)
    except DominoError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(result)
    return 0


@contextmanager
def _dask_client(address: str | None, jobs: int) -> Iterator[None]:
    """A Dask client for joblib's ``dask`` backend, closed after: connected to the scheduler at
    ``address``, or to a local cluster of ``jobs`` worker processes (one thread each: a worker
    keeps one sandboxed process per submission) started here and closed after."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise DominoError("--backend dask needs Dask's distributed: pip install 'dask[distributed]'") from None
    from .tournament import workers

    if address is not None:
        try:
            client = Client(address, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise DominoError("cannot reach the Dask scheduler at {address}: {why}", address=address,
                              why=str(exc) or type(exc).__name__) from None
        with client:
            try:
                yield
            finally:
                _close_workers_sandboxes(client)
        return
    with LocalCluster(n_workers=workers(jobs), threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        try:
            yield
        finally:
            _close_workers_sandboxes(client)


def _close_workers_sandboxes(client: Any) -> None:
    """End the submissions' processes the workers started (a worker of a shared cluster lives on)."""
    from .contest import close_sandboxes

    try:
        client.run(close_sandboxes)
    except Exception:  # pragma: no cover - a worker gone already; its sandboxes died with it
        pass

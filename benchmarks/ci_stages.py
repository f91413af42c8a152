"""Where the minutes of CI go: `make test`'s stages, timed one by one in a fresh clone.

    python benchmarks/ci_stages.py [--repo .] [--jobs 2] [--keep DIR]

CI runs `.ci/run` (`make test`) on a fresh clone as root with ``CI=true``; this does the same, a stage at
a time, and prints each stage's wall seconds, its exit code and the load average when it ended:

- ``install``: the virtual environment and the package with its test extra;
- ``lite``: the offline JupyterLite site (built from the registries, downloads cached in build/);
- ``browser``: Chromium and axe-core (installed only when missing);
- ``suite``: pytest, in ``--jobs`` workers (pytest-xdist), its 20 slowest tests listed at the end of its log;
- ``lessons``: every lesson under nbval.

The clone's logs (``<stage>.log``) stay in ``--keep`` when given. The figure to compare with the goal
(15 minutes at load 2 or less) is the total; the load says how busy the machine was meanwhile.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

STAGES = [  # (name, make target)
    ("install", ".venv/.installed-test"),
    ("lite", "lite"),
    ("browser", "test-browser"),
    ("suite", "test-suite"),
    ("lessons", "test-lessons"),
]


def load() -> float:
    """The one-minute load average.

    >>> load() >= 0
    True
    """
    return os.getloadavg()[0]


def minutes(seconds: float) -> str:
    """Seconds as minutes and seconds.

    >>> minutes(905.4)
    '15 min 05 s'
    """
    m, s = divmod(round(seconds), 60)
    return f"{m} min {s:02d} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", default=str(Path(__file__).resolve().parents[1]), help="the repository to clone")
    parser.add_argument("--jobs", type=int, default=2, help="pytest-xdist workers (make test's JOBS)")
    parser.add_argument("--keep", help="clone into this folder and keep it (default: a temporary one)")
    args = parser.parse_args()

    base = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="dw-ci-"))
    clone = base / "ci"
    subprocess.run(["git", "clone", "-q", args.repo, str(clone)], check=True)
    env = dict(os.environ, CI="true")
    total, failed = 0.0, False
    print(f"fresh clone of {args.repo} in {clone}, JOBS={args.jobs}, load {load():.1f}")
    for name, target in STAGES:
        started = time.monotonic()
        with open(clone / f"{name}.log", "wb") as log:
            rc = subprocess.run(["make", target, f"JOBS={args.jobs}"], cwd=clone, env=env, stdout=log,
                                stderr=subprocess.STDOUT).returncode
        took = time.monotonic() - started
        total += took
        print(f"{name:8s} {took:7.0f} s  rc={rc}  load {load():4.1f}  ({clone / f'{name}.log'})", flush=True)
        if rc != 0:
            failed = True
            break
    print(f"total    {total:7.0f} s  ({minutes(total)}){'  FAILED' if failed else ''}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())

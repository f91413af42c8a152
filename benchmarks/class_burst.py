"""One client against the class (issue 37): a burst of page requests from one script that drops its
cookies, at the class server on 127.0.0.1 with its default caps, and a student at another computer
(the source address 127.0.0.2, on the loopback) arriving during it.

    .venv/bin/python benchmarks/class_burst.py --burst 30 --pool 4

prints the pages served and refused, the kernels running before and after, the student's wait for
a page, and the refusal lines in the teacher's log. Every request goes to 127.0.0.1; ``--burst`` is
at most 100.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from http.client import HTTPConnection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from class_load import MAX_STUDENTS, Server  # noqa: E402

from domino_widgets.classroom.clients import DEFAULT_PER_ADDRESS  # noqa: E402


def get(port: int, source: str | None = None) -> int:
    """GET / on the server (from ``source``, a loopback address); the status."""
    conn = HTTPConnection("127.0.0.1", port, timeout=300, source_address=(source, 0) if source else None)
    try:
        conn.request("GET", "/")
        r = conn.getresponse()
        r.read()
        return r.status
    finally:
        conn.close()


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--burst", type=int, default=30)
    p.add_argument("--pool", type=int, default=4)
    p.add_argument("--settle", type=float, default=15, help="seconds to let the pool refill before counting")
    a = p.parse_args(argv)
    if not 0 < a.burst <= MAX_STUDENTS:
        raise SystemExit(f"--burst: 1 to {MAX_STUDENTS}")
    server = Server(pool=a.pool, cull=120, per_address=DEFAULT_PER_ADDRESS)
    try:
        server.wait_pool(600)
        idle = len(server.kernels())
        with ThreadPoolExecutor(a.burst) as ex:
            burst = [ex.submit(get, server.port) for _ in range(a.burst)]
            t0 = time.monotonic()
            student = get(server.port, "127.0.0.2")
            waited = time.monotonic() - t0
            codes = [f.result() for f in burst]
        time.sleep(a.settle)
        print(f"burst of {a.burst}: {codes.count(200)} pages, {codes.count(429)} refused (429); kernels "
              f"{idle} idle, {len(server.kernels())} after; a student at 127.0.0.2 during the burst: "
              f"{student} in {waited:.1f} s; the log's refusal lines: "
              f"{sum('Refused a game page' in line for line in server.lines)}", flush=True)
    finally:
        server.stop()


if __name__ == "__main__":
    main()

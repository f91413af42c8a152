"""A/B the page-to-first-board time of JupyterLite sites, back to back in one browser.

    .venv/bin/python binder/lite/ab_first_board.py OLD_SITE NEW_SITE [--runs 5]

Each run opens ``00_start_here.ipynb`` in a fresh browser context of headless Chromium (every
request outside 127.0.0.1 aborted, as in ``tests/lite``), waits for the idle kernel, runs every
cell and waits for the first board; the sites take turns, so a change of the machine's load
falls on both. Printed per run and as medians: notebook model ready, kernel idle, first board
(wall seconds from the page's start), and the CPU seconds of the browser, its driver and the
servers (``process_tree_cpu``), with the load average. On a shared machine compare the CPU:
it moves much less with the load than wall time does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests" / "lite"))
from lite_site import (CHROMIUM, CHROMIUM_ARGS, Offline, StaticServer, cpu_by_thread,  # noqa: E402
                       process_tree_cpu, run_all, serve, threads_cpu, wait_kernel)

BOARD = ".jp-NotebookPanel:not(.lm-mod-hidden) .dw-board svg"
MODEL_READY = ("() => { const a = window.jupyterapp; const p = a && a.shell.currentWidget; "
               "return !!(p && p.context && p.context.isReady); }")


@dataclass
class Run:
    """One page load: seconds from the page's start, and the CPU seconds it cost."""

    model_s: float
    kernel_s: float
    board_s: float
    cpu_s: float
    load: float

    def line(self) -> str:
        """The run as one line.

        >>> Run(7.0, 17.0, 21.0, 26.9, 4.2).line()
        'model 7.0 s, kernel idle 17.0 s, first board 21.0 s, CPU 26.9 s (load 4.2)'
        """
        return (f"model {self.model_s:.1f} s, kernel idle {self.kernel_s:.1f} s, first board {self.board_s:.1f} s, "
                f"CPU {self.cpu_s:.1f} s (load {self.load:.1f})")


def median(runs: list[Run]) -> Run:
    """The median of each figure over ``runs``.

    >>> median([Run(1, 2, 3, 4, 0), Run(3, 4, 5, 6, 2), Run(2, 9, 4, 5, 1)]).line()
    'model 2.0 s, kernel idle 4.0 s, first board 4.0 s, CPU 5.0 s (load 1.0)'
    """
    return Run(*(float(statistics.median(getattr(r, f) for r in runs))
                 for f in ("model_s", "kernel_s", "board_s", "cpu_s", "load")))


def one_run(browser: object, server: StaticServer, notebook: str) -> tuple[Run, str]:
    """Open ``notebook`` on ``server`` in a fresh context; the run and the CPU by thread."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
    guard = Offline()
    guard.install(context)
    page = context.new_page()
    page.set_default_timeout(120_000)
    load = os.getloadavg()[0]
    cpu, threads = process_tree_cpu(), threads_cpu()
    started = time.monotonic()
    page.goto(f"{server.url}/lab/index.html?path={notebook}")
    page.wait_for_function(MODEL_READY, polling=50)
    model_s = time.monotonic() - started
    wait_kernel(page)
    kernel_s = time.monotonic() - started
    state = run_all(page, 180, board=BOARD)
    run = Run(model_s, kernel_s, kernel_s + state["board_s"], process_tree_cpu() - cpu, load)
    by_thread = cpu_by_thread(threads, threads_cpu())
    context.close()
    if guard.attempted:
        raise SystemExit(f"{server.url} tried to leave 127.0.0.1: {guard.attempted[:5]}")
    return run, by_thread


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sites", nargs="+", type=Path, help="built sites (make lite's build/lite, copies of it)")
    parser.add_argument("--runs", type=int, default=5, help="page loads of each site")
    parser.add_argument("--notebook", default="00_start_here.ipynb")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    servers = [serve(site.resolve()) for site in args.sites]
    runs: dict[Path, list[Run]] = {site: [] for site in args.sites}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            for i in range(args.runs):
                for site, server in zip(args.sites, servers):
                    run, by_thread = one_run(browser, server, args.notebook)
                    runs[site].append(run)
                    print(f"{site} run {i}: {run.line()}; {by_thread}", flush=True)
            browser.close()
    finally:
        for server in servers:
            server.stop()
    for site, done in runs.items():
        print(f"{site}: median of {len(done)}: {median(done).line()}")


if __name__ == "__main__":
    main()

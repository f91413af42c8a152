"""The offline JupyterLite site under test: build it (or reuse a fresh one), serve it on
127.0.0.1, and drive its JupyterLab page in headless Chromium with every request that leaves
the machine aborted and recorded (``shared/JUPYTERLITE.md``, "Testing it").

Module name kept unique (``lite_site``): pytest puts each test folder on ``sys.path``, and
``tests/browser`` has its own helpers.
"""

from __future__ import annotations

import re
import socket
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:  # playwright itself is checked by the fixtures, which say how to install it
    from playwright.sync_api import BrowserContext, Page, Request, Route

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "lite"
#: what the site is built from: a newer file here means the site is stale
SOURCES = ("domino_widgets", "notebooks", "docs", "binder/lite", "binder/overrides.json", "pyproject.toml", "Makefile")
STAMP = "jupyter-lite.json"

#: the figures the tests measured, printed at the end of the run (pytest hides a passing test's print)
REPORT: list[str] = []

CHROMIUM = "/usr/bin/chromium-headless-shell"  # as tests/browser/lab_servers.py
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
    # a second guard behind the page's routes: no name but the loopback address resolves
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
LOOPBACK = {"127.0.0.1"}
NOT_LOOPBACK = re.compile(r"^(?!(https?|wss?)://127\.0\.0\.1[:/])")

# The notebook in front: loaded, its kernel attached, connected and idle (Lab says "Idle" earlier).
KERNEL_READY = """() => {
  const app = window.jupyterapp;
  const panel = app && app.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return !!(panel && panel.context && panel.context.isReady && panel.content && panel.content.widgets.length
            && ctx.isReady && kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle');
}"""

RUN_ALL = "() => { window.__dwRunAll = window.jupyterapp.commands.execute('notebook:run-all-cells'); }"

# Every code cell of the notebook in front: its execution count and its outputs (nbformat JSON).
CELLS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = [];
  const model = panel.content.model;
  for (let i = 0; i < model.cells.length; i++) {
    const cell = model.cells.get(i);
    if (cell.type !== 'code') continue;
    cells.push({index: i, source: cell.sharedModel.getSource(), count: cell.executionCount,
                outputs: cell.outputs.toJSON()});
  }
  const busy = document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputPrompt')
  return {cells, status: kernel ? kernel.status : 'none',
          running: [...busy].some(p => p.textContent.includes('*'))};
}"""


def site_is_fresh(site: Path = SITE) -> bool:
    """Whether ``site`` was built after every file it is built from last changed."""
    stamp = site / STAMP
    if not stamp.is_file():
        return False
    built = stamp.stat().st_mtime
    for name in SOURCES:
        path = ROOT / name
        paths = path.rglob("*") if path.is_dir() else [path]
        if any(p.is_file() and "__pycache__" not in p.parts and p.stat().st_mtime > built for p in paths):
            return False
    return True


def build_site() -> tuple[Path, float | None]:
    """The site of ``make lite``: reused when fresh (``make test`` has just built it), else built
    now, under a file lock: pytest-xdist's workers each asked for a stale site at once, and two builds
    in one scratch folder failed (FileExistsError in build/lite-cache/work). Returns the site and
    the build's duration in seconds (None when reused)."""
    from filelock import FileLock

    if site_is_fresh():
        return SITE, None
    make = shutil.which("make")
    if make is None:
        raise RuntimeError("make is needed to build the JupyterLite site (make lite)")
    SITE.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(SITE.parent / "lite.lock")):
        if site_is_fresh():  # another worker built it while this one waited
            return SITE, None
        started = time.perf_counter()
        proc = subprocess.run([make, "-C", str(ROOT), "lite"], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"make lite failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    return SITE, time.perf_counter() - started


def process_tree_cpu(root: int | None = None) -> float:
    """CPU seconds (user + system, children included) of process ``root`` (this one by default)
    and of every live process below it: here the Playwright driver and the Chromium it started.
    On a shared machine this moves much less with the load than wall time does.

    >>> process_tree_cpu() > 0
    True
    """
    import os

    root = os.getpid() if root is None else root
    hz = os.sysconf("SC_CLK_TCK")
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stats[int(entry)] = f.read().rsplit(")", 1)[1].split()
            except OSError:  # gone meanwhile
                pass
    children: dict[int, list[int]] = {}
    for pid, fields in stats.items():
        children.setdefault(int(fields[1]), []).append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:  # utime, stime, cutime, cstime
            total += sum(int(v) for v in stats[pid][11:15]) / hz
        todo.extend(children.get(pid, []))
    return total


def _descendants(root: int) -> list[int]:
    import os

    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    children.setdefault(int(f.read().rsplit(")", 1)[1].split()[1]), []).append(int(entry))
            except OSError:  # gone meanwhile
                pass
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(children.get(pid, []))
    return found


def threads_cpu(root: int | None = None) -> dict[str, float]:
    """CPU seconds (user + system) of the live threads of process ``root`` (this one by default)
    and of every process below it, summed by thread name: Chromium's page (``chromium``), the
    kernel's Web Worker (``DedicatedWorker``), the compositors, V8's thread pool (compiling
    WebAssembly and JavaScript). Subtract two readings to see where a page load's CPU went.

    >>> cpu = threads_cpu()
    >>> sum(cpu.values()) > 0 and all(isinstance(name, str) for name in cpu)
    True
    """
    import os

    hz = os.sysconf("SC_CLK_TCK")
    totals: dict[str, float] = {}
    for pid in _descendants(os.getpid() if root is None else root):
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/comm") as f:
                    name = f.read().strip()
                with open(f"/proc/{pid}/task/{tid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            totals[name] = totals.get(name, 0.0) + (int(fields[11]) + int(fields[12])) / hz
    return totals


def cpu_by_thread(before: dict[str, float], after: dict[str, float], top: int = 5) -> str:
    """The ``top`` thread names that used the most CPU between two ``threads_cpu`` readings.

    >>> cpu_by_thread({"chromium": 1.0, "Compositor": 0.5}, {"chromium": 3.5, "Compositor": 0.6, "new": 0.2})
    'chromium 2.5 s, new 0.2 s, Compositor 0.1 s'
    """
    used = {name: after[name] - before.get(name, 0.0) for name in after}
    ranked = sorted(((s, n) for n, s in used.items() if s > 0.05), reverse=True)[:top]
    return ", ".join(f"{name} {seconds:.1f} s" for seconds, name in ranked)


def site_size(site: Path) -> int:
    return sum(p.stat().st_size for p in site.rglob("*") if p.is_file())


@dataclass
class StaticServer:
    """``python -m http.server`` on 127.0.0.1 serving the site (a process of its own, so that
    serving 50 MB never waits for the test's Python)."""

    url: str
    process: subprocess.Popen[bytes]

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(site: Path) -> StaticServer:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site),
                             str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    server = StaticServer(f"http://127.0.0.1:{port}", proc)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"python -m http.server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{server.url}/{STAMP}", timeout=2) as r:
                if r.status == 200:
                    return server
        except OSError:
            time.sleep(0.1)
    server.stop()
    raise RuntimeError(f"the site's server did not answer on {server.url} within 30 s")


@dataclass
class Offline:
    """Aborts every request whose host is not the loopback address, and keeps what it aborted."""

    attempted: list[str] = field(default_factory=list)

    def install(self, context: BrowserContext) -> None:
        # Only what is not loopback is routed (the browser matches the pattern; routing every
        # request through the test's Python would slow the page); the handler checks again.
        context.route(NOT_LOOPBACK, self._route)
        context.on("request", self._seen)

    def _blocked(self, url: str) -> bool:
        parts = urlsplit(url)
        return parts.scheme not in ("data", "blob", "about") and parts.hostname not in LOOPBACK

    def _route(self, route: Route) -> None:
        if self._blocked(route.request.url):
            self.attempted.append(route.request.url)
            route.abort("blockedbyclient")
        else:
            route.continue_()

    def _seen(self, request: Request) -> None:  # requests that bypass routes (service workers)
        if self._blocked(request.url) and request.url not in self.attempted:
            self.attempted.append(request.url)


def wait_kernel(page: Page, timeout_ms: int = 120_000) -> None:
    page.wait_for_function(KERNEL_READY, timeout=timeout_ms, polling=100)


def run_all(page: Page, timeout_s: float, board: str | None = None) -> dict[str, Any]:
    """Run every cell of the notebook in front and wait until each has run and the kernel is idle.

    Returns the last cell state (see ``CELLS``) and, when ``board`` (a selector) is given, the
    seconds from Run All to that board on screen as ``board_s``.
    """
    page.evaluate(RUN_ALL)
    started = time.monotonic()
    board_s = None
    state: dict[str, Any] = {}
    while time.monotonic() - started < timeout_s:
        if board and board_s is None and page.locator(board).count():
            board_s = time.monotonic() - started
        state = page.evaluate(CELLS)
        idle = state["status"] == "idle" and not state["running"]
        stopped = any(o.get("output_type") == "error" for c in state["cells"] for o in c["outputs"])
        done = all(c["count"] is not None for c in state["cells"])
        if idle and (done or stopped):  # Run All stops at the first error: nothing more will run
            if board and board_s is None:
                page.wait_for_selector(board, timeout=90_000)
                board_s = time.monotonic() - started
            state["board_s"] = board_s
            return state
        page.wait_for_timeout(200)  # not time.sleep: it would stall the routes (JUPYTERLITE.md)
    not_run = [c["index"] for c in state.get("cells", []) if c["count"] is None]
    raise AssertionError(f"Run All did not finish in {timeout_s} s; cells not run: {not_run}; "
                         f"kernel {state.get('status')}")


def error_outputs(state: dict[str, Any]) -> list[str]:
    """Every error (a traceback) and every text on stderr that the cells printed."""
    found = []
    for cell in state["cells"]:
        for out in cell["outputs"]:
            if out.get("output_type") == "error":
                found.append(f"cell {cell['index']}: {out.get('ename')}: {out.get('evalue')}")
            elif out.get("output_type") == "stream" and out.get("name") == "stderr":
                text = "".join(out.get("text", ""))
                found.append(f"cell {cell['index']} stderr: {text[:500]}")
    return found

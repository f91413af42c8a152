"""Start JupyterLab and Voila on 127.0.0.1 for the browser tests (and the latency benchmark).

Everything follows ``shared/BROWSER-TESTING.md``: `subprocess.Popen` (so the pid is the
server's), a free port with ``port_retries=0``, a fixed token, every Jupyter folder in a
temporary directory, the news toast switched off, and a kernel spec that runs this very Python
(the one with ``domino_widgets`` installed). Kernels talk over local sockets (``transport=ipc``, as
the class server's do): over TCP a kernel binds ports its server picked and released a moment
before, and on a loaded machine another process can take one in between (the kernel dies with
"Address already in use" and the page waits for it until its timeout).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

TOKEN = "domino-widgets-test"
# Debian's headless shell of Chromium (the same Blink; the browser Playwright itself runs headless),
# not the full browser's headless mode: about a sixth less CPU per browser test (issue 43; Lab and
# Voila board-size tests, /usr/bin/time, 3 runs: 26-28 s against 31-34 s of CPU)
CHROMIUM = "/usr/bin/chromium-headless-shell"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
]
NOTEBOOKS = Path(__file__).parent / "notebooks"
IPC = "--KernelManager.transport=ipc"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def jupyter_env(home: Path) -> dict[str, str]:
    """An environment whose Jupyter folders all live under ``home``, with a ``python3`` kernel
    spec that runs ``sys.executable`` and JupyterLab's news and update checks switched off."""
    dirs = {name: home / name for name in ("config", "data", "runtime", "settings", "workspaces", "ipython")}
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    kernel = dirs["data"] / "kernels" / "python3"
    kernel.mkdir(parents=True, exist_ok=True)
    (kernel / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (domino_widgets tests)",
        "language": "python",
    }))
    settings = dirs["settings"] / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True}))
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(dirs["config"]),
        JUPYTER_DATA_DIR=str(dirs["data"]),
        JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
        JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
        JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
        IPYTHONDIR=str(dirs["ipython"]),
        JUPYTER_PATH=str(dirs["data"]),
        PYDEVD_DISABLE_FILE_VALIDATION="1",
    )
    return env


def copy_notebooks(dest: Path) -> Path:
    """Copy the test notebooks to ``dest`` (the servers may write checkpoints next to them)."""
    dest.mkdir(parents=True, exist_ok=True)
    for nb in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(nb, dest / nb.name)
    return dest


@dataclass
class Server:
    """A running server: its base URL, process and log file."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


class PortTaken(RuntimeError):
    """The port picked was taken before the server bound it (another process picked it too)."""


def _wait_up(url: str, proc: subprocess.Popen[bytes], log: Path, timeout: float = 180.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            text = log.read_text()
            taken = "is already in use" in text or "address already in use" in text.lower()
            kind = PortTaken if taken else RuntimeError
            raise kind(f"the server exited with {proc.returncode}:\n{text[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not answer {url} within {timeout} s:\n{log.read_text()[-3000:]}")


def _start(command: Callable[[int], list[str]], home: Path, root: Path, log: Path, answer: str) -> Server:
    """Start the server ``command(port)`` on a free port; a port another process took between
    `free_port` and the server's bind (a kernel starting, another test run) is picked again."""
    env = jupyter_env(home)
    for attempt in range(5):
        port = free_port()
        with open(log, "wb") as out:
            proc = subprocess.Popen(command(port), stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root)
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_up(url + answer, proc, log)
        except PortTaken:
            if attempt == 4:
                raise
            continue
        return Server(url, proc, log)
    raise AssertionError("unreachable")


def start_lab(root: Path, home: Path) -> Server:
    """JupyterLab serving ``root``; answers ``/api/status`` in about 2 s."""
    return _start(lambda port: [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}", f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True", IPC,
    ], home, root, home / "lab.log", f"/api/status?token={TOKEN}")


def start_voila(root: Path, home: Path) -> Server:
    """Voila serving the notebooks of ``root`` at ``/voila/render/<name>``; up in about 1.5 s."""
    return _start(lambda port: [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                "--Voila.port_retries=0", IPC, str(root)], home, root, home / "voila.log", "/")


def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing: run tests/browser/setup_browser.sh as root (apt-get install chromium-headless-shell)"
    for module in ("playwright", "jupyterlab", "voila", "ipywidgets", "anywidget"):
        try:
            __import__(module)
        except ImportError:
            return f"the Python package {module!r} is missing: pip install it (the browser tests need it)"
    return None

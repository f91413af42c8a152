"""Voila for a classroom: the game notebook alone, on the room's network, for thirty students.

`ClassroomVoila` is Voila with the settings a class needs (issue 29):

- only the game is served, at ``/``: no file tree, no contents API, no terminals, no other notebook,
  no file downloads; every other path is 404 (the handlers kept are the ones the page itself uses);
- no token: students type an address, nothing else;
- a kernel per student, shut down when the page closes: the page asks for it with the ``_xsrf``
  cookie, which Voila never set (its shutdown request was refused, 403); the game page sets it now;
- idle kernels of closed pages are culled after ``cull`` seconds (the teacher sets it), so a
  tab closed without saying so frees its memory too;
- a preheated pool of kernels that already ran the game (`pool` of them), so a student arriving
  gets a board drawn in advance;
- `VoilaExecutor.iopub_timeout` of 600 s: on busy cores no page comes without its board;
- kernels talk over local sockets (``transport='ipc'``): no TCP port is picked, so two kernels
  starting together cannot race for one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import tornado.web
from traitlets.config import Config
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from . import capacity, network

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent.parent / "notebooks"
DEFAULT_PORT = 8866
DEFAULT_POOL = 4
DEFAULT_CULL = 120  # seconds a closed page's kernel is kept (a reload within it finds nothing lost)
IOPUB_TIMEOUT = 600


def game_notebook(lang: str | None = None) -> Path:
    """The game notebook, in ``lang`` when the lessons are translated into it."""
    if lang and lang != "en":
        path = NOTEBOOKS / lang / "play.ipynb"
        if path.exists():
            return path
    return NOTEBOOKS / "play.ipynb"


class GamePage(TornadoVoilaHandler):
    """The game page: sets the ``_xsrf`` cookie, which the page sends back when it closes so that
    Voila accepts its request to shut the kernel down."""

    async def get(self, path: str | None = None) -> None:  # type: ignore[override]
        self.xsrf_token  # noqa: B018 - reading it sets the cookie
        await super().get(path)


class ClosingShutdown(VoilaShutdownKernelHandler):
    """The page's shutdown request (a beacon with the ``_xsrf`` form field)."""


# the handlers the game page uses (the kernel's websocket and info, Voila's and the widgets'
# static files, the page's theme, the shutdown beacon, the preheated kernels' query); everything
# else Voila would add (files, login, tree, contents) is left out
KEEP = (r"/api/kernels/", r"/voila/templates/", r"/voila/static/", r"/voila/api/themes/",
        r"/voila/api/shutdown/", r"/voila/query/", r"/voila/labextensions/")


class ClassroomVoila(Voila):
    """Voila serving the game alone (see the module's text)."""

    name = "domino-class"

    def init_handlers(self) -> list:
        kept: list[Any] = []
        for spec in super().init_handlers():
            pattern, handler = spec[0], spec[1]
            rest = pattern[len(self.server_url.rstrip("/")):] if pattern.startswith(self.server_url.rstrip("/")) else pattern
            if handler is TornadoVoilaHandler:
                kwargs = spec[2] if len(spec) > 2 else {}
                # the game at / (and /index.html) only, not at every path
                kept.append((self.server_url.rstrip("/") + r"/(?:index\.html)?()", GamePage, kwargs))
            elif handler is VoilaShutdownKernelHandler:
                kept.append((pattern, ClosingShutdown))
            elif any(rest.startswith(prefix) for prefix in KEEP):
                # a file, never the folder itself (Voila's handlers answer 500 to an empty name)
                kept.append((pattern.replace("(.*)", "(.+)"), *spec[1:]))
        kept.append((r".*", NotFound))
        return kept


class NotFound(tornado.web.RequestHandler):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


def class_config(*, pool: int = DEFAULT_POOL, cull: int = DEFAULT_CULL, show_tracebacks: bool = False) -> Config:
    c = Config()
    c.VoilaConfiguration.preheat_kernel = pool > 0
    c.VoilaConfiguration.default_pool_size = max(pool, 0)
    c.VoilaConfiguration.show_tracebacks = show_tracebacks
    c.VoilaConfiguration.file_allowlist = []
    c.VoilaExecutor.iopub_timeout = IOPUB_TIMEOUT
    c.VoilaExecutor.timeout = IOPUB_TIMEOUT
    c.KernelManager.transport = "ipc"
    c.MappingKernelManager.cull_idle_timeout = cull
    c.MappingKernelManager.cull_interval = max(1, min(30, cull // 2 or 1))
    c.MappingKernelManager.cull_connected = False  # a student with the page open keeps the game
    c.MappingKernelManager.cull_busy = False
    c.Voila.open_browser = False
    c.Voila.token = ""
    return c


def banner(address: str, port: int, lang: str | None, pool: int, cull: int) -> str:
    est = capacity.estimate()
    page = network.url(address, port)
    lines = [
        "",
        f"  The game is served to the room at:  {page}",
        "  (students on the same network type it, or scan the code below; no password)",
    ]
    qr = network.qr_text(page)
    if qr:
        lines.append(qr)
    else:
        lines.append("  (pip install 'domino-widgets[class]' prints a QR code of the address here)")
    lines += [
        f"  This machine: {est.cores} cores, {est.available_mb / 1024:.1f} GB free: it serves about "
        f"{est.students} students well (limited by its {est.limit}; {capacity.MB_PER_STUDENT} MB each).",
        f"  Kernels ready in advance: {pool}; a closed page's kernel is freed within {cull} s.",
        f"  For a larger group, or with no server at all: {capacity.SITE}.",
        "  Ctrl-C stops the server.",
        "",
    ]
    return "\n".join(lines)


def make_app(notebook: Path, *, ip: str = "0.0.0.0", port: int = DEFAULT_PORT, pool: int = DEFAULT_POOL,
             cull: int = DEFAULT_CULL, announce: str | None = None, lang: str | None = None,
             extra_argv: tuple[str, ...] = ()) -> ClassroomVoila:
    app = ClassroomVoila(config=class_config(pool=pool, cull=cull))
    app.initialize([str(notebook), f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0", *extra_argv])
    app.root_dir = str(notebook.parent)
    if announce is not None:
        import tornado.ioloop

        def _say() -> None:
            print(banner(announce, app.port, lang, pool, cull), flush=True)

        tornado.ioloop.IOLoop.current().add_callback(_say)
    return app


def serve(lang: str | None = None, *, ip: str = "0.0.0.0", port: int = DEFAULT_PORT, pool: int = DEFAULT_POOL,
          cull: int = DEFAULT_CULL, address: str | None = None, notebook: str | None = None) -> None:
    if lang:
        os.environ.setdefault("LANG", "C.UTF-8")
    nb = Path(notebook) if notebook else game_notebook(lang)
    shown = address or (network.lan_address() if ip in ("0.0.0.0", "", "::") else ip)
    app = make_app(nb, ip=ip, port=port, pool=pool, cull=cull, announce=shown, lang=lang)
    app.start()


__all__ = ["ClassroomVoila", "banner", "class_config", "game_notebook", "make_app", "serve"]

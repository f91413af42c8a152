"""Voila for a classroom: the game notebook alone, on the room's network, for thirty students.

`ClassroomVoila` is Voila with the settings a class needs (issue 29):

- only the game is served, at ``/``: no file tree, no contents API, no terminals, no other notebook,
  no file downloads; every other path is 404 (the handlers kept are the ones the page itself uses);
- no token: students type an address, nothing else;
- a kernel is its page's alone (issue 37): the page that took it holds a secret of its own (an
  HttpOnly cookie), and the kernel's websocket, information and shutdown refuse any request without
  it (403); one client (browser cookie, address) holds a few kernels at most (`clients`);
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

import asyncio
import html
import ipaddress
import json
import os
from pathlib import Path
from typing import Any

from datetime import timedelta

import tornado.web
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from traitlets.config import Config
from jupyter_server.services.kernels.handlers import KernelHandler
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from ..core.errors import Label, Phrase
from ..language import pgettext
from ..lessons_i18n import lesson_name
from . import capacity, clients, network

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE.parent.parent / "notebooks"
DEFAULT_PORT = 8866
DEFAULT_POOL = None  # None: capacity.default_pool(), a class's worth that the memory holds
DEFAULT_CULL = 120  # seconds a closed page's kernel is kept (a reload within it finds nothing lost)
IOPUB_TIMEOUT = 600
NEVER_CONNECTED = 900  # seconds a kernel handed to a page that never connected is kept


def game_notebook(lang: str | None = None) -> Path:
    """The game notebook, in ``lang`` when the lessons are translated into it."""
    if lang and lang != "en":
        path = NOTEBOOKS / lang / lesson_name("play.ipynb", lang)
        if path.exists():
            return path
    return NOTEBOOKS / "play.ipynb"


#: what a student whose kernel is gone (it crashed, or the server culled it) reads, with a New game button
LOST = Phrase("This game has stopped on the server. Nobody else's game is affected: start a new one.")

#: the page asks the server every few seconds whether its kernel still runs (GET /api/kernels/<id>,
#: the one kernel API the page has); 404: the notice, and New game loads the page again, which
#: takes a fresh kernel from the pool
NOTICE_JS = """
<script>
(function () {
  var m = document.body.innerHTML.match(/"kernelId": "([0-9a-f-]{36})"/);
  var cfg = document.getElementById("jupyter-config-data");
  var id = null;
  try { id = JSON.parse(cfg.textContent).kernelId; } catch (e) { id = m && m[1]; }
  if (!id) { return; }
  var shown = false;
  function notice() {
    if (shown) { return; }
    shown = true;
    var box = document.createElement("div");
    box.id = "dw-lost-kernel";
    box.setAttribute("role", "alertdialog");
    box.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:10000;padding:1em;" +
      "background:#fff3cd;color:#1f2328;border-bottom:2px solid #f29d0b;font:16px sans-serif;text-align:center";
    var text = document.createElement("span");
    text.textContent = %(message)s + " ";
    var button = document.createElement("button");
    button.id = "dw-lost-kernel-new";
    button.textContent = %(button)s;
    button.style.cssText = "font:inherit;margin-left:0.5em;padding:0.2em 1em";
    button.onclick = function () { window.location.reload(); };
    box.appendChild(text); box.appendChild(button); document.body.appendChild(box);
  }
  function check() {
    if (shown) { return; }
    fetch(%(base)s + "api/kernels/" + id, {credentials: "same-origin"}).then(function (r) {
      if (r.status === 404) { notice(); }
    }).catch(function () {});
  }
  window.setInterval(check, %(every)d);
})();
</script>
"""


def notice_script(lang: str | None, base_url: str = "/", every_ms: int = 5000) -> str:
    """The lost-kernel notice of the page, in ``lang``."""
    return NOTICE_JS % {"message": json.dumps(LOST.text(lang)),
                        "button": json.dumps(pgettext(lang, "widgets.new_game", "New game")),
                        "base": json.dumps(base_url), "every": every_ms}


def too_many(n: int) -> Phrase:
    """What a student reads when their computer already holds ``n`` games, as many as one may (429)."""
    return Phrase("This computer already has {n} games open on this server, the most one computer may have. "
                  "Close one of their pages (or wait a few minutes), then load this page again.", n=n)


class _Taking:
    """The kernel manager as the game page sees it: tells the page which kernel it took (from the
    pool or started for it) before the page's first byte is written."""

    def __init__(self, km: Any, took: Any) -> None:
        self._km = km
        self._took = took

    def __getattr__(self, name: str) -> Any:
        return getattr(self._km, name)

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        task, cache, kernel_id = await self._km.get_rendered_notebook(*args, **kwargs)
        self._took(kernel_id)
        return task, cache, kernel_id

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id = await ensure_async(self._km.start_kernel(*args, **kwargs))
        self._took(kernel_id)
        return kernel_id


class GamePage(TornadoVoilaHandler):
    """The game page: sets the ``_xsrf`` cookie, which the page sends back when it closes so that
    Voila accepts its request to shut the kernel down, and carries the lost-kernel notice.

    A client (its ``dw-client`` cookie, its address) that holds as many kernels as it may
    (`clients.Clients`) is refused the page (429, in the class's language) before it takes one."""

    _ticket: clients.Ticket | None = None

    @property
    def kernel_manager(self) -> Any:  # type: ignore[override]
        return _Taking(self.settings["kernel_manager"], self._took)

    def _took(self, kernel_id: str) -> None:
        """The page took ``kernel_id``: bound to it by the page's own secret, in an HttpOnly cookie
        (set before the page's first byte), which the kernel's endpoints ask for."""
        if self._ticket is not None:
            secret = self.settings["domino_clients"].bind(self._ticket, kernel_id)
            self._ticket = None
            self.set_cookie(clients.cookie_name(kernel_id), secret, path=self.base_url, httponly=True,
                            samesite="Strict")

    def _forget_closed_pages(self, live: set[str]) -> None:
        """Clear the cookies of this browser's pages whose kernels are gone (they would pile up)."""
        for name in self.request.cookies:
            if name.startswith(clients.PAGE_COOKIE) and name[len(clients.PAGE_COOKIE):] not in live:
                self.clear_cookie(name, path=self.base_url)

    def _admit(self) -> clients.Ticket | None:
        """A ticket for this page, or None when the client holds enough (the refusal written)."""
        guard: clients.Clients = self.settings["domino_clients"]
        client = clients.client_id(self.get_cookie(clients.CLIENT_COOKIE))
        if client is None:
            client = clients.new_client_id()
            self.set_cookie(clients.CLIENT_COOKIE, client, path=self.base_url, httponly=True, samesite="Lax")
        address = self.request.remote_ip or "?"
        live = set(self.settings["kernel_manager"].list_kernel_ids())
        self._forget_closed_pages(live)
        ticket = guard.admit(client, address, live)
        if isinstance(ticket, clients.Ticket):
            return ticket
        key = address if ticket.by == "address" else client
        count = guard.should_log(key)
        if count:
            self.log.warning(REFUSED, address, ticket.held, ticket.by, ticket.cap, count)
        lang = self.settings.get("domino_lang")
        self.set_status(429)
        self.set_header("Retry-After", str(self.settings.get("domino_cull", DEFAULT_CULL)))
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(REFUSED_PAGE % {"lang": lang or "en",
                                    "text": html.escape(too_many(ticket.held).text(lang))})
        return None

    async def get(self, path: str | None = None) -> None:  # type: ignore[override]
        ticket = self._admit()
        if ticket is None:
            return
        self._ticket = ticket
        try:
            self.xsrf_token  # noqa: B018 - reading it sets the cookie
            script = notice_script(self.settings.get("domino_lang"), self.base_url)
            async for part in self.get_generator(path=path):
                if "</body>" in part:
                    part = part.replace("</body>", script + "</body>", 1)
                self.write(part)
                self.flush()
        finally:
            self.settings["domino_clients"].release(ticket)  # a page that took no kernel counts no more


#: the teacher's log when a page is refused (the address, what it holds, by what, the cap, how many)
REFUSED = ("Refused a game page to %s: it holds %d games, the most one %s may hold (%d); the pool is kept "
           "for the class (%d refused since the last such line). Students reaching this server through "
           "one address (a proxy)? Start it with --per-address 40 (make class PER_ADDRESS=40).")

REFUSED_PAGE = """<!DOCTYPE html>
<html lang="%(lang)s"><head><meta charset="utf-8"><title>429</title></head>
<body style="font:18px sans-serif;max-width:40em;margin:3em auto"><p role="alert">%(text)s</p></body></html>
"""


class PageOnly:
    """A kernel's endpoint that answers only the page the kernel was handed to: the request must
    carry that page's own secret (its HttpOnly cookie, `clients.cookie_name`). The kernel's id, the
    ``_xsrf`` cookie (any page has one) or a pool kernel's id open nothing: 403. A kernel that is gone
    is 404 to everyone (the page's lost-kernel notice asks for it)."""

    settings: dict
    log: Any

    def only_its_page(self, kernel_id: str) -> None:
        if kernel_id not in self.settings["kernel_manager"]:
            raise tornado.web.HTTPError(404)
        guard: clients.Clients = self.settings["domino_clients"]
        if not guard.allows(kernel_id, self.get_cookie(clients.cookie_name(kernel_id))):  # type: ignore[attr-defined]
            self.log.warning(NOT_ITS_PAGE, kernel_id, self.request.remote_ip)  # type: ignore[attr-defined]
            raise tornado.web.HTTPError(403)


#: the teacher's log when a request for a kernel comes without the secret of its page
NOT_ITS_PAGE = "Refused a request for kernel %s from %s: it is not that kernel's page"


class ClosingShutdown(PageOnly, VoilaShutdownKernelHandler):
    """The page's shutdown request (a beacon with the ``_xsrf`` form field and the page's cookie)."""

    async def post(self, kernel_id: str) -> None:  # type: ignore[override]
        self.only_its_page(kernel_id)
        self.settings["domino_clients"].forget(kernel_id)
        self.clear_cookie(clients.cookie_name(kernel_id), path=self.base_url)
        await super().post(kernel_id)


class KernelOfItsPage(PageOnly, KernelHandler):
    """The kernel's information (the lost-kernel notice asks for it) and its DELETE: its page only."""

    async def get(self, kernel_id: str) -> None:  # type: ignore[override]
        self.only_its_page(kernel_id)
        await super().get(kernel_id)

    async def delete(self, kernel_id: str) -> None:  # type: ignore[override]
        self.only_its_page(kernel_id)
        self.settings["domino_clients"].forget(kernel_id)
        await super().delete(kernel_id)


class SocketOfItsPage(PageOnly, VoilaKernelWebsocketHandler):
    """The kernel's websocket (the board, the clicks): its page only."""

    async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self.only_its_page(kernel_id)
        await super().get(kernel_id, *args, **kwargs)


# the handlers the game page uses (the kernel's websocket and info, Voila's and the widgets'
# static files, the page's theme, the shutdown beacon); everything else Voila would add (files,
# login, tree, contents, the preheated kernels' request query, which the game never asks for and
# which anyone knowing a kernel's id could open) is left out
KEEP = (r"/api/kernels/", r"/voila/templates/", r"/voila/static/", r"/voila/api/themes/",
        r"/voila/api/shutdown/", r"/voila/labextensions/")


class ClassroomVoila(Voila):
    """Voila serving the game alone (see the module's text)."""

    name = "domino-class"
    lang: str | None = None
    per_client: int = clients.DEFAULT_PER_CLIENT
    per_address: int = clients.DEFAULT_PER_ADDRESS

    def init_settings(self) -> dict:
        settings = super().init_settings()
        settings["domino_lang"] = self.lang
        settings["domino_clients"] = clients.Clients(self.per_client, self.per_address)
        settings["domino_cull"] = self.config.MappingKernelManager.cull_idle_timeout
        km = self.kernel_manager
        watch = km.start_watching_activity

        def start_watching_activity(kernel_id: str) -> None:
            watch(kernel_id)

            def died() -> None:
                # a crashed kernel is not restarted blank under a page whose widgets died with it:
                # it is shut down, and its page shows the notice with New game
                self.log.warning("Kernel %s died: shut down; its student is offered a new game", kernel_id)

                async def shut() -> None:
                    # the restarter restarts the kernel after this callback: on busy cores the restart
                    # can still be under way half a second later, and a shutdown then fails and left the
                    # restarted kernel running blank (its page never showed the notice): try again
                    for _ in range(30):
                        if kernel_id not in km:
                            return
                        try:
                            await km.shutdown_kernel(kernel_id, now=True)
                            return
                        except Exception as e:  # noqa: BLE001 - restarting, or already gone
                            self.log.info("Kernel %s: %s", kernel_id, e)
                        await asyncio.sleep(1)

                asyncio.get_event_loop().call_later(0.5, lambda: asyncio.ensure_future(shut()))

            km.add_restart_callback(kernel_id, died, "restart")

        km.start_watching_activity = start_watching_activity

        # A kernel handed to a page is not culled before the page has connected to it once: on busy
        # cores a page can take minutes to load (60 arriving together on 2 cores), and culling its
        # kernel meanwhile lost that student's board. One never connected is culled after
        # NEVER_CONNECTED s (the tab closed while loading). A kernel whose page has connected once
        # stays in `connected` until the kernel is gone: its page closed without a word (the browser
        # died) is culled after `cull` s. (It was dropped from the set at the first culling pass,
        # so every such kernel waited NEVER_CONNECTED s, not `cull`: issue 37.)
        connected: set[str] = set()
        notify_connect = km.notify_connect
        cull_if_idle = km.cull_kernel_if_idle

        def notify(kernel_id: str) -> None:
            connected.add(kernel_id)
            notify_connect(kernel_id)

        async def cull(kernel_id: str) -> None:
            connected.intersection_update(km._kernels)  # forget the kernels that are gone
            if kernel_id not in connected:
                last = getattr(km._kernels.get(kernel_id), "last_activity", None)
                if last is not None and utcnow() - last < timedelta(seconds=NEVER_CONNECTED):
                    return
            await ensure_async(cull_if_idle(kernel_id))

        km.notify_connect = notify
        km.cull_kernel_if_idle = cull
        def ready(task: asyncio.Task) -> None:
            if not task.cancelled() and task.exception() is None:
                self.log.info(READY)

        if not hasattr(km, "_initialize"):  # --pool 0: no kernel in advance, each page starts its own
            return settings
        km._initialize = one_start_at_a_time(km._initialize, STARTING, ready)
        for pool in km._pools.values():  # the first pool, asked for before this was set
            for item in pool:
                item.add_done_callback(lambda f: f.cancelled() or f.exception() is not None
                                       or f.result()["task"].add_done_callback(ready))
        return settings

    def start(self) -> None:
        import tornado.ioloop

        tornado.ioloop.PeriodicCallback(give_back_memory, 30_000).start()
        super().start()

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
            elif handler in GUARDED:
                kept.append((pattern, GUARDED[handler], *spec[2:]))
            elif any(rest.startswith(prefix) for prefix in KEEP):
                # a file, never the folder itself (Voila's handlers answer 500 to an empty name)
                kept.append((pattern.replace("(.*)", "(.+)"), *spec[1:]))
        kept.append((r".*", NotFound))
        served = {spec[1] for spec in kept}
        # every endpoint that names a kernel answers its page only (a Voila that serves one otherwise
        # stops here rather than open a student's kernel to any page)
        if not {ClosingShutdown, KernelOfItsPage, SocketOfItsPage} <= served or served & set(GUARDED):
            raise RuntimeError(f"a kernel's endpoint would answer any page: {sorted(map(str, served))}")
        return kept


#: How many kernels start (and run the game notebook) at once: one core is left to serve the pages.
#: Started all together, a class's kernels and the refill of the pool took every core, and a
#: student whose kernel was ready waited for the page as long as the others for theirs.
STARTING = capacity.starting_at_once()


#: What the server's log says when a kernel has run the game and waits for a student (the pool is
#: ready when it has said so ``pool`` times; the "pool is filled" before it only means started).
READY = "A kernel has run the game and is ready for a student"


def one_start_at_a_time(initialize: Any, limit: int, ready: Any = None) -> Any:
    """Voila's ``_initialize`` (start a kernel, run the notebook in it), ``limit`` at a time, in the
    order asked: a kernel a student waits for was asked before the pool's refill, so it comes first.
    ``ready(task)`` is called when the notebook has run in a kernel."""
    gate: list[asyncio.Semaphore] = []  # made in the server's event loop, on first use

    async def start(notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> dict:
        if kernel_id is not None:  # a restart (a crashed kernel): never queued behind the pool's refill
            return await initialize(notebook_path, kernel_id, **kwargs)
        if not gate:
            gate.append(asyncio.Semaphore(limit))
        await gate[0].acquire()
        try:
            content = await initialize(notebook_path, kernel_id, **kwargs)
        except BaseException:
            gate[0].release()
            raise
        # held until the notebook has run in it (or a student took it and stopped the run)
        content["task"].add_done_callback(lambda _task: gate[0].release())
        if ready is not None:
            content["task"].add_done_callback(ready)
        return content

    return start


def give_back_memory() -> None:
    """Return the memory of the students who left to the system: collect, then ask glibc's malloc
    to hand its free pages back (without this the server process keeps its peak size)."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass  # not glibc (macOS, Windows): nothing to trim


#: Voila's handlers of a kernel named by its id, and the ones that answer its page only
GUARDED: dict[type, type] = {KernelHandler: KernelOfItsPage, VoilaKernelWebsocketHandler: SocketOfItsPage}


class NotFound(tornado.web.RequestHandler):
    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)


def class_config(*, pool: int = 4, cull: int = DEFAULT_CULL, show_tracebacks: bool = False) -> Config:
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


def reaches_only_this_machine(address: str) -> bool:
    """Whether ``address`` is this machine's loopback (127.0.0.1, ::1, localhost): no other computer
    reaches it (the address found when the laptop is on no network)."""
    if address.strip("[]").lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def banner(address: str, port: int, lang: str | None, pool: int, cull: int,
           per_address: int = clients.DEFAULT_PER_ADDRESS) -> str:
    """What the teacher's terminal says when the server starts, in the class's language: the address
    students type (and that it reaches no other computer when it is this machine's own), its QR code,
    how many students this machine serves, and how to change what the server keeps."""
    est = capacity.estimate(pool=pool)
    page = network.url(address, port)
    lines = ["", "  " + Label("The game is served to the room at:  {page}", page=page).text(lang)]
    if reaches_only_this_machine(address):
        lines += ["  " + Label("This address opens on this computer only: no other computer reaches it. Connect "
                               "this computer to the room's network (Wi-Fi or cable) and start the server again "
                               "(make class), then give the students the address it prints.").text(lang)]
    else:
        lines += ["  " + Label("(students on the same network type it, or scan the code below; no password)").text(lang)]
        qr = network.qr_text(page)
        lines.append(qr if qr else "  " + Label("(pip install 'domino-widgets[class]' prints a QR code of the address "
                                                "here)").text(lang))
    fields = {"cores": est.cores, "gb": round(est.available_mb / 1024, 1), "students": est.students,
              "seconds": capacity.BOARD_WITHIN_S, "mb": capacity.MB_PER_STUDENT}
    lines += [
        "  " + Label("This machine: {cores} cores, {gb} GB free: it serves about {students} students arriving "
                     "together well, each with a board within {seconds} s (limited by its cores; {mb} MB each)."
                     if est.limit == "cores" else
                     "This machine: {cores} cores, {gb} GB free: it serves about {students} students arriving "
                     "together well, each with a board within {seconds} s (limited by its memory; {mb} MB each).",
                     **fields).text(lang),
        "  " + Label("Kernels that run the game before anyone arrives: {pool} (make class POOL={pool} sets it); "
                     "a closed page's kernel is freed within {cull} s (make class CULL={cull}).",
                     pool=str(pool), cull=str(cull)).text(lang),
        "  " + Label("Each computer may hold {n} games at once (make class PER_ADDRESS={n} sets it: raise it "
                     "when the students reach this server through one proxy).", n=str(per_address)).text(lang),
        "  " + Label("For a larger group, or with no server at all: build/lite (make lite), the browser-only site, "
                     "where each student's computer runs the game.").text(lang),
        "  " + Label("Ctrl-C stops the server.").text(lang),
        "",
    ]
    return "\n".join(lines)


def make_app(notebook: Path, *, ip: str = "0.0.0.0", port: int = DEFAULT_PORT, pool: int | None = DEFAULT_POOL,
             cull: int = DEFAULT_CULL, announce: str | None = None, lang: str | None = None,
             per_client: int = clients.DEFAULT_PER_CLIENT, per_address: int = clients.DEFAULT_PER_ADDRESS,
             extra_argv: tuple[str, ...] = ()) -> ClassroomVoila:
    pool = capacity.default_pool() if pool is None else pool
    app = ClassroomVoila(config=class_config(pool=pool, cull=cull))
    app.lang = lang
    app.per_client, app.per_address = per_client, per_address
    app.initialize([str(notebook), f"--port={port}", f"--Voila.ip={ip}", "--Voila.port_retries=0", *extra_argv])
    app.root_dir = str(notebook.parent)
    if announce is not None:
        import tornado.ioloop

        def _say() -> None:
            print(banner(announce, app.port, lang, pool, cull, per_address), flush=True)

        tornado.ioloop.IOLoop.current().add_callback(_say)
    return app


def serve(lang: str | None = None, *, ip: str = "0.0.0.0", port: int = DEFAULT_PORT, pool: int | None = DEFAULT_POOL,
          cull: int = DEFAULT_CULL, address: str | None = None, notebook: str | None = None,
          per_client: int = clients.DEFAULT_PER_CLIENT, per_address: int = clients.DEFAULT_PER_ADDRESS) -> None:
    if lang:
        os.environ.setdefault("LANG", "C.UTF-8")
    nb = Path(notebook) if notebook else game_notebook(lang)
    shown = address or (network.lan_address() if ip in ("0.0.0.0", "", "::") else ip)
    app = make_app(nb, ip=ip, port=port, pool=pool, cull=cull, announce=shown, lang=lang,
                   per_client=per_client, per_address=per_address)
    app.start()


__all__ = ["ClassroomVoila", "banner", "class_config", "game_notebook", "make_app", "serve"]

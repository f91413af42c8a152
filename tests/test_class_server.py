"""`make class` (issue 29): ten students at once on the classroom server, over 127.0.0.1.

Every student gets a board, every student's kernel is gone once the pages have closed, and no path
outside the game is served. The students are the benchmark's (benchmarks/class_load.py): the page's
own requests, its websocket, the widgets' state as the page asks for it, and its closing beacon.
"""

from __future__ import annotations

import asyncio
import json
import importlib.util
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("voila")
psutil = pytest.importorskip("psutil")

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("class_load", ROOT / "benchmarks" / "class_load.py")
class_load = importlib.util.module_from_spec(spec)
sys.modules["class_load"] = class_load
spec.loader.exec_module(class_load)

STUDENTS = 10
TIMEOUT = 600  # bound, not a wait: every step below returns as soon as its state is reached


def kernel_ids(server) -> set[str]:
    """The ids of the kernels running under the server."""
    return server.kernel_ids()


def wait_until(condition, timeout: float = TIMEOUT) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


@pytest.fixture(scope="module")
def server():
    s = class_load.Server(pool=2, cull=600)
    try:
        s.wait_pool(TIMEOUT)
        yield s
    finally:
        s.stop()


def test_ten_students_all_get_a_board_and_free_their_kernels(server):
    peak: dict = {}
    students = asyncio.run(class_load._run_class(server, STUDENTS, TIMEOUT, peak))
    assert [s.error for s in students if s.error] == []
    assert all(s.drawn is not None for s in students)
    mine = {s.kernel for s in students}
    assert len(mine) == STUDENTS, "each student has a kernel of their own"
    assert peak["kernels"] >= STUDENTS
    # the pages closed (beacon + websocket closed): their kernels are shut down, not left to culling
    # (cull=600 here), and the pool is refilled for the next students
    assert wait_until(lambda: not (kernel_ids(server) & mine)), kernel_ids(server) & mine
    assert wait_until(lambda: len(server.kernels()) == 2)


NOT_SERVED = [
    "/tree", "/tree/", "/lab", "/notebooks/play.ipynb", "/api/contents", "/api/contents/play.ipynb",
    "/api/kernels", "/api/sessions", "/api/kernelspecs", "/api/terminals", "/terminals/1",
    "/terminals/websocket/1", "/files/play.ipynb", "/voila/files/play.ipynb", "/voila/files/",
    "/voila/tree", "/voila/tree/", "/voila/render/play.ipynb", "/voila/render/00_start_here.ipynb",
    "/00_start_here.ipynb", "/play.ipynb", "/cs/play.ipynb", "/voila/api/contents/",
    "/voila/static/", "/voila/labextensions/", "/voila/templates/", "/login", "/logout",
    "/api/me", "/api/status", "/api/config/x", "/nbconvert/html/play.ipynb", "/edit/play.ipynb",
    "/voila/query/0f5b6a2e-1c1e-4a51-9d0e-3a7c1b2d4e5f", "/api/kernels/0f5b6a2e-1c1e-4a51-9d0e-3a7c1b2d4e5f/restart",
]


@pytest.mark.parametrize("path", NOT_SERVED)
def test_nothing_but_the_game_is_served(server, path):
    from urllib.error import HTTPError
    from urllib.request import urlopen

    with pytest.raises(HTTPError) as e:
        urlopen(server.url + path, timeout=60).read()
    assert e.value.code == 404


def test_the_game_page_needs_no_token_and_a_stranger_cannot_shut_a_kernel_down(server):
    from urllib.error import HTTPError
    from urllib.request import Request, urlopen

    with urlopen(server.url + "/", timeout=TIMEOUT) as r:
        page = r.read().decode()
        cookies = r.headers.get_all("Set-Cookie")
    assert "kernelId" in page and any(c.startswith("_xsrf=") for c in cookies)
    kernel = page.split('kernelId": "', 1)[1][:36]
    # without the page's _xsrf cookie and field (another site's page): refused, the kernel lives
    with pytest.raises(HTTPError) as e:
        urlopen(Request(server.url + f"/voila/api/shutdown/{kernel}", data=b"", method="POST"), timeout=60)
    assert e.value.code == 403
    assert kernel in kernel_ids(server)


def test_a_crashed_kernel_gives_its_student_the_notice_and_leaves_the_others_playing(server):
    from urllib.error import HTTPError
    from urllib.request import urlopen

    from domino_widgets.classroom.server import LOST

    answers = [request(server) for _ in range(2)]
    pages = [page for _, page, _ in answers]
    crashed, other = (p.split('kernelId": "', 1)[1][:36] for p in pages)
    # the page carries the notice and its New game button, in the server's language
    assert "dw-lost-kernel-new" in pages[0] and json.dumps(LOST.text("en")) in pages[0]
    assert wait_until(lambda: {crashed, other} <= kernel_ids(server)), (crashed, other, kernel_ids(server))
    server.kill_kernel(crashed)

    def gone() -> bool:
        try:
            urlopen(server.url + f"/api/kernels/{crashed}", timeout=60).read()
        except HTTPError as e:
            return e.code == 404
        return False

    assert wait_until(gone, 300), "the crashed kernel is shut down, so its page shows the notice"
    # the other page asks about its own kernel (with its cookies, as the page does): still running
    assert request(server, f"/api/kernels/{other}", cookies=answers[1][2])[0] == 200
    assert other in kernel_ids(server)


# --- one client against the class (issue 37) -------------------------------------------------------
# A server of its own: a pool of one, culling after CULL seconds, a browser may hold 2 games and an
# address 4. Every request goes to 127.0.0.1 (a second student's computer is 127.0.0.2, a source
# address on the loopback); every burst is a few requests, bounded.

CULL = 5
PER_CLIENT, PER_ADDRESS = 2, 4
BURST = 6


@pytest.fixture(scope="module")
def guarded():
    s = class_load.Server(pool=1, cull=CULL, per_client=PER_CLIENT, per_address=PER_ADDRESS)
    try:
        s.wait_pool(TIMEOUT)
        yield s
    finally:
        s.stop()


def request(server, path: str = "/", *, method: str = "GET", cookies: dict | None = None,
            body: bytes | None = None, source: str | None = None) -> tuple[int, str, dict]:
    """One HTTP request to the server on 127.0.0.1 (from ``source``, another loopback address):
    the status, the body and the cookies the answer sets."""
    from http.client import HTTPConnection
    from http.cookies import SimpleCookie

    conn = HTTPConnection("127.0.0.1", server.port, timeout=TIMEOUT,
                          source_address=(source, 0) if source else None)
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in (cookies or {}).items())} if cookies else {}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, body=body, headers=headers)
        r = conn.getresponse()
        got = {}
        for header in r.headers.get_all("Set-Cookie") or []:
            got.update({k: v.value for k, v in SimpleCookie(header).items()})
        return r.status, r.read().decode(), got
    finally:
        conn.close()


def kernel_of(page: str) -> str:
    return page.split('kernelId": "', 1)[1][:36]


def burst(server, n: int, cookies: dict | None = None) -> list[tuple[int, str, dict]]:
    """``n`` requests for the page at once from one client."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(lambda _: request(server, cookies=cookies), range(n)))


def close_page(server, status_page_cookies: tuple[int, str, dict]) -> None:
    """The page's closing beacon, with the page's own cookies."""
    _, page, cookies = status_page_cookies
    status, _, _ = request(server, f"/voila/api/shutdown/{kernel_of(page)}", method="POST", cookies=cookies,
                           body=f"_xsrf={cookies['_xsrf']}".encode())
    assert status == 204


def test_one_client_cannot_take_the_pool_and_the_teacher_is_told(guarded):
    before = kernel_ids(guarded)
    browser_a = {"dw-client": "A" * 24}
    answers = burst(guarded, BURST, browser_a)
    served = [a for a in answers if a[0] == 200]
    assert len(served) == PER_CLIENT, [a[0] for a in answers]
    assert {a[0] for a in answers if a[0] != 200} == {429}
    assert all("kernelId" not in a[1] and "games open on this server" in a[1] for a in answers if a[0] == 429)
    # another browser on the same computer: its own two, then the address holds all it may
    served += [a for a in burst(guarded, BURST, {"dw-client": "B" * 24}) if a[0] == 200]
    assert len(served) == PER_ADDRESS
    # a script that drops its cookies is still that address
    assert {a[0] for a in burst(guarded, BURST)} == {429}
    mine = {kernel_of(a[1]) for a in served}
    assert len(mine) == PER_ADDRESS and mine <= kernel_ids(guarded)
    # the kernels running: the four pages' and the pool (refilled), never one per request
    assert len(kernel_ids(guarded) - before) <= PER_ADDRESS + 1, kernel_ids(guarded)
    assert wait_until(lambda: any("Refused a game page to 127.0.0.1" in line for line in guarded.lines), 30)
    log = "".join(guarded.lines)
    assert "the pool is kept for the class" in log and "--per-address" in log

    # a student at another computer gets a board meanwhile
    status, page, _ = request(guarded, source="127.0.0.2")
    assert status == 200 and "kernelId" in page
    other = {kernel_of(page)}
    # pages closed: their kernels are shut down, and the computer may have games again
    for a in served:
        close_page(guarded, a)
    assert wait_until(lambda: not (kernel_ids(guarded) & mine), 60)
    status, page, cookies = request(guarded)
    assert status == 200 and "kernelId" in page
    close_page(guarded, (status, page, cookies))
    assert other <= kernel_ids(guarded)


def test_a_kernel_answers_only_the_page_that_took_it(guarded):
    """Another client with the kernel's id and an _xsrf cookie of its own (its own page) cannot shut
    the kernel down, read its websocket or its information, nor delete it; the page itself can."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    owner = request(guarded)
    intruder = request(guarded, source="127.0.0.2")
    assert owner[0] == intruder[0] == 200
    victim, own = kernel_of(owner[1]), kernel_of(intruder[1])
    stranger = intruder[2]                     # its own _xsrf, dw-client and page cookies
    assert "_xsrf" in stranger and any(k.startswith("dw-page-") for k in stranger)
    assert not any(k.startswith("dw-page-") and not k.endswith(own) for k in stranger)

    status, _, _ = request(guarded, f"/voila/api/shutdown/{victim}", method="POST", cookies=stranger,
                           body=f"_xsrf={stranger['_xsrf']}".encode(), source="127.0.0.2")
    assert status == 403
    assert request(guarded, f"/api/kernels/{victim}", cookies=stranger, source="127.0.0.2")[0] == 403
    assert request(guarded, f"/api/kernels/{victim}", method="DELETE", cookies=stranger,
                   source="127.0.0.2")[0] == 403
    # a forged page cookie for the victim's kernel, or none at all: refused as well
    forged = {**stranger, f"dw-page-{victim}": stranger[f"dw-page-{own}"]}
    assert request(guarded, f"/api/kernels/{victim}", cookies=forged, source="127.0.0.2")[0] == 403
    assert request(guarded, f"/api/kernels/{victim}")[0] == 403

    def websocket(kernel: str, cookies: dict) -> int:
        async def go() -> int:
            url = f"ws://127.0.0.1:{guarded.port}/api/kernels/{kernel}/channels?session_id=x"
            try:
                ws = await websocket_connect(HTTPRequest(url, request_timeout=60, headers={
                    "Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())}))
            except HTTPClientError as e:
                return e.code
            ws.close()
            return 101
        return asyncio.run(go())

    assert websocket(victim, stranger) == 403
    assert websocket(victim, forged) == 403
    assert websocket(victim, owner[2]) == 101          # its own page connects
    assert victim in kernel_ids(guarded)
    # the page's own requests: its information, then its closing beacon shuts it down
    assert request(guarded, f"/api/kernels/{victim}", cookies=owner[2])[0] == 200
    assert any(f"kernel {victim} from 127.0.0.2" in line for line in guarded.lines)
    close_page(guarded, owner)
    close_page(guarded, intruder)
    assert wait_until(lambda: not ({victim, own} & kernel_ids(guarded)), 60)
    assert request(guarded, f"/api/kernels/{victim}", cookies=owner[2])[0] == 404


def test_a_page_closed_without_a_word_is_culled_after_cull(guarded):
    """A browser that died: its websocket connected, then dropped with no beacon. Its kernel goes
    after about CULL seconds (it stayed ~900 s before), while a page that never connected yet (still
    loading on busy cores) keeps its kernel meanwhile."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    HOLD = 2 * CULL  # noqa: N806
    died, loading = request(guarded), request(guarded)
    kernel, waiting = kernel_of(died[1]), kernel_of(loading[1])

    async def connect_then_drop() -> None:
        url = f"ws://127.0.0.1:{guarded.port}/api/kernels/{kernel}/channels?session_id=x"
        ws = await websocket_connect(HTTPRequest(url, request_timeout=60, headers={
            "Cookie": "; ".join(f"{k}={v}" for k, v in died[2].items())}))
        # the student plays a while (the kernel is busy now and then: its activity is recent), long
        # enough for the server's culling passes (every 2 s) to look at it while it is connected
        ws.write_message(class_load.message("comm_open", {"comm_id": "c", "target_name": "jupyter.widget.control",
                                                          "data": {}}, "x", metadata={"version": "1.0.0"}))
        for _ in range(HOLD):  # the widgets ask for their state, as a page does
            ws.write_message(class_load.message("comm_msg", {"comm_id": "c", "data": {"method": "request_states"}},
                                                "x"))
            await asyncio.sleep(1)
        ws.protocol.stream.close()           # the connection is cut: no close frame, no beacon

    asyncio.run(connect_then_drop())
    dropped = time.monotonic()
    assert wait_until(lambda: kernel not in kernel_ids(guarded), 60), "culled within a minute"
    took = time.monotonic() - dropped
    assert CULL - 1 <= took < CULL + 20, took       # idle CULL s, found by the next pass (every 2 s)
    assert waiting in kernel_ids(guarded)
    close_page(guarded, loading)

"""`make class` (issue 29) in real Chromium pages, against the classroom server on 127.0.0.1.

tests/test_class_server.py simulates ten students over the page's own requests and websocket; here
two students open the page in their own browsers (separate cookies): each sees the board and plays a
tile (the click answers with a new picture), each has a kernel of their own; one closes the page and
its kernel is shut down (the page's closing beacon, not culling: the server culls after 600 s here)
while the other still plays; paths outside the game are 404 in the browser too; a student whose
kernel is killed reads the lost-kernel notice, and its New game button gives a new board on a new
kernel. Every wait is for a state, bounded by `TIMEOUT` (the machine may be loaded); none is a sleep.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from benchmarks.class_load import Server
from domino_widgets.classroom.server import LOST

#: a bound on each wait for a state (kernels start and pages load slowly on two busy cores)
TIMEOUT = 300.0
POOL = 2

# The board of the page: its revision, whose turn, the table in words, the playable tiles and the
# ends a chosen tile can go to (board.js's data attributes).
BOARD = """() => {
  const b = document.querySelector('.dw-board');
  if (!b || !b.querySelector('svg')) return null;
  return {rev: Number(b.dataset.rev || 0), phase: b.dataset.phase || '', table: b.dataset.table || '',
          playable: [...b.querySelectorAll('.tile.playable.dw-clickable[data-tile]')].map(n => n.dataset.tile),
          targets: [...b.querySelectorAll('.end.target.dw-clickable[data-end]')].map(n => n.dataset.end)};
}"""

# The page's own kernel: the id Voila put into the page (as the lost-kernel notice reads it).
KERNEL_ID = """() => {
  try { return JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId; }
  catch (e) { const m = document.body.innerHTML.match(/"kernelId": "([0-9a-f-]{36})"/); return m && m[1]; }
}"""

#: paths a student's browser may try that are not the game
NOT_THE_GAME = ["/tree", "/lab", "/api/contents", "/api/contents/play.ipynb", "/api/sessions", "/files/play.ipynb",
                "/voila/render/play.ipynb", "/voila/tree", "/00_start_here.ipynb", "/terminals/1"]


@pytest.fixture(scope="module")
def class_server(browser_ready: None) -> Iterator[Server]:
    """The classroom server as `make class` starts it, on 127.0.0.1 with a pool of two kernels and
    closed pages' kernels culled only after 600 s (so a kernel freed sooner was freed by its page)."""
    server = Server(pool=POOL, cull=600)
    try:
        server.wait_pool(TIMEOUT)
        yield server
    finally:
        server.stop()


def wait_for(condition: Any, what: str, timeout: float = TIMEOUT) -> Any:
    """Poll ``condition`` (a state of the server) until it holds, at most ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        got = condition()
        if got:
            return got
        if time.monotonic() > end:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        time.sleep(0.1)


def student(chromium: Any, server: Server) -> tuple[Any, Any, str]:
    """A student's own browser (cookies of its own) on the game page, once the board is drawn;
    returns the context, the page and the page's kernel id."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT * 1000)
    response = page.goto(server.url + "/")
    assert response is not None and response.status == 200, response and response.status
    page.wait_for_selector(".dw-board svg")
    kernel = page.evaluate(KERNEL_ID)
    assert kernel and re.fullmatch(r"[0-9a-f-]{36}", kernel), kernel
    return context, page, kernel


def play_a_tile(page: Any) -> dict[str, Any]:
    """Wait for the student's turn, click a playable tile (and the first end it can go to, should it
    fit two), and wait for the board's answer: a new picture with the tile on the table.

    A fresh board can be drawn again just after the click (its first width): a picture that answers
    with neither the tile laid nor its ends offered did not take the click, so the student clicks
    again on the new picture (a state, read each time; not a pause)."""
    for _attempt in range(5):
        page.wait_for_function(f"() => {{ const s = ({BOARD})(); return s && s.phase === 'yours' "
                               f"&& (s.playable.length > 0 || s.targets.length > 0); }}", polling=100)
        before = page.evaluate(BOARD)
        if before["targets"]:
            page.locator(f".dw-board .end.target[data-end='{before['targets'][0]}']").first.click()
        else:
            page.locator(f".dw-board .tile[data-tile='{before['playable'][0]}']").first.click()
        page.wait_for_function(f"(rev) => {{ const s = ({BOARD})(); return s && s.rev > rev; }}", arg=before["rev"],
                               polling=50)
        now = page.evaluate(BOARD)
        if now["table"] == before["table"] and now["targets"] and not before["targets"]:  # COM-8: two ends
            page.locator(f".dw-board .end.target[data-end='{now['targets'][0]}']").first.click()
            page.wait_for_function(f"(rev) => {{ const s = ({BOARD})(); return s && s.rev > rev; }}",
                                   arg=now["rev"], polling=50)
            now = page.evaluate(BOARD)
        if now["table"] != before["table"]:
            break
    else:
        raise AssertionError(f"five clicks on a playable tile and the table did not change: {now}")
    assert len(re.findall(r"\d-\d", now["table"])) > len(re.findall(r"\d-\d", before["table"])), (before, now)
    return now  # type: ignore[no-any-return]


def test_two_students_play_in_their_browsers_and_a_closed_page_frees_its_kernel(
        chromium: Any, class_server: Server) -> None:
    server = class_server
    ctx_a, page_a, kernel_a = student(chromium, server)
    ctx_b, page_b, kernel_b = student(chromium, server)
    try:
        assert kernel_a != kernel_b, "each student has a kernel of their own"
        wait_for(lambda: {kernel_a, kernel_b} <= server.kernel_ids(), "both students' kernels run")
        play_a_tile(page_a)
        play_a_tile(page_b)

        # A closes the page: its beacon asks the server to shut the kernel down (Voila's page sends it
        # before unloading); the kernel goes long before the 600 s culling, B's stays and still plays
        page_a.close(run_before_unload=True)
        wait_for(lambda: kernel_a not in (ids := server.kernel_ids()) and kernel_b in ids,
                 f"the closed page's kernel {kernel_a} shut down, the other's {kernel_b} running")
        play_a_tile(page_b)

        # nothing but the game, in the browser too (a new tab of B's browser; B's game stays open)
        probe = ctx_b.new_page()
        for path in NOT_THE_GAME:
            response = probe.goto(server.url + path)
            assert response is not None and response.status == 404, (path, response and response.status)
        probe.close()
        play_a_tile(page_b)
    finally:
        ctx_a.close()
        ctx_b.close()
    # B's page closed with its context (no beacon): the server still frees it at culling; nothing to wait for


def test_a_killed_kernel_shows_the_notice_and_new_game_gives_a_new_board(chromium: Any, class_server: Server) -> None:
    server = class_server
    ctx, page, kernel = student(chromium, server)
    other_ctx, other, other_kernel = student(chromium, server)
    try:
        play_a_tile(page)
        wait_for(lambda: kernel in server.kernel_ids(), "the student's kernel runs")
        server.kill_kernel(kernel)
        # the page asks the server about its kernel every few seconds: once it is gone, the notice
        notice = page.locator("#dw-lost-kernel")
        notice.wait_for(state="visible")
        assert LOST.text("en") in notice.inner_text()
        button = page.locator("#dw-lost-kernel-new")
        assert button.inner_text().strip() == "New game"
        wait_for(lambda: kernel not in (ids := server.kernel_ids()) and other_kernel in ids,
                 "the killed kernel's process is gone, the other student's runs")
        play_a_tile(other)                       # the other student plays on, undisturbed

        button.click()                           # New game: the page again, with a new kernel and board
        page.wait_for_function(f"(old) => {{ const k = ({KERNEL_ID})(); return k && k !== old; }}", arg=kernel,
                               polling=100)
        page.wait_for_selector(".dw-board svg")
        fresh = page.evaluate(KERNEL_ID)
        assert fresh != kernel and fresh != other_kernel
        assert page.locator("#dw-lost-kernel").count() == 0
        play_a_tile(page)
        wait_for(lambda: fresh in server.kernel_ids(), "the new game's kernel runs")
    finally:
        ctx.close()
        other_ctx.close()

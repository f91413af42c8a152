"""Fixtures of the browser tests: one JupyterLab server, one Voila server and one headless
Chromium for the whole session (see ``shared/BROWSER-TESTING.md`` for why each step is so).

These tests never skip: without ``/usr/bin/chromium-headless-shell`` (or one of the Python packages they
need) they fail with a message saying how to install it, in CI and elsewhere alike.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_driver import STATE_BOUND
from page_errors import WatchedBrowser, fail_on_new_errors
from playwright.sync_api import expect
from lab_servers import CHROMIUM, CHROMIUM_ARGS, TOKEN, Server, browser_problem, copy_notebooks, start_lab, start_voila

# Playwright's assertions give up after 5 s unless told: too short a bound for a state on a loaded
# machine (CI beside other jobs), where nothing is wrong but everything is slow
expect.set_options(timeout=STATE_BOUND * 1000)

_PROBLEM = browser_problem()


@pytest.fixture(scope="session")
def browser_ready() -> None:
    if _PROBLEM is not None:
        where = "CI" if os.environ.get("CI") else "this machine"
        pytest.fail(f"browser tests cannot run on {where}: {_PROBLEM}", pytrace=False)


@pytest.fixture(scope="session")
def workdir(browser_ready: None) -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="dw-browser-") as d:
        yield Path(d)


@pytest.fixture(scope="session")
def notebooks(workdir: Path) -> Path:
    return copy_notebooks(workdir / "notebooks")


# the servers this worker started, by name, and how long each log was when the running test began
_SERVERS: dict[str, Server] = {}
_LOG_START: dict[str, int] = {}


@pytest.fixture(scope="session")
def lab(workdir: Path, notebooks: Path) -> Iterator[Server]:
    server = _SERVERS["lab"] = start_lab(notebooks, workdir / "lab-home")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila(workdir: Path, notebooks: Path) -> Iterator[Server]:
    server = _SERVERS["voila"] = start_voila(notebooks, workdir / "voila-home")
    yield server
    server.stop()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _LOG_START.update({name: s.log.stat().st_size for name, s in _SERVERS.items() if s.log.exists()})


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test shows what its servers logged while it ran (a kernel that died, a
    handler's traceback): in CI that log is gone with the machine."""
    report = yield
    if report.failed:
        for name, server in _SERVERS.items():
            if server.log.exists():
                with open(server.log, "rb") as f:
                    f.seek(_LOG_START.get(name, 0))
                    text = f.read().decode(errors="replace")
                if text.strip():
                    report.sections.append((f"{name} server log during the test", text[-6000:]))
    return report


@pytest.fixture(params=["lab", "voila"])
def where(request: pytest.FixtureRequest) -> str:
    """A widget test that takes ``where`` runs twice: in JupyterLab and in Voila (issue 11)."""
    return str(request.param)


@pytest.fixture(scope="session")
def chromium(browser_ready: None) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        watched = WatchedBrowser(browser)
        yield watched
        watched.close()


@pytest.fixture(autouse=True)
def no_script_error(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test after which a page of the browser threw (or a widget manager logged a widget's
    error) fails, with the errors: a broken front end must not pass for a drawn one."""
    yield from fail_on_new_errors(request, "chromium")


@pytest.fixture
def page(chromium: object) -> Iterator[object]:
    page = chromium.new_page(1280, 1000)  # type: ignore[attr-defined]
    yield page
    page.close()


@pytest.fixture(scope="session")
def screenshots(workdir: Path) -> Path:
    """Where screenshots go (a temporary folder; DW_SCREENSHOTS=<dir> keeps them)."""
    keep = os.environ.get("DW_SCREENSHOTS")
    d = Path(keep) if keep else workdir / "screenshots"
    d.mkdir(parents=True, exist_ok=True)
    return d


__all__ = ["TOKEN"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the real-browser tests after everything else.

    Playwright's synchronous API keeps its own event loop registered as the running loop in the
    main thread for as long as its session fixture lives. Kernel-side widget tests that ran after
    it would hand their AI moves to that loop, where they never run.
    """
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/"))

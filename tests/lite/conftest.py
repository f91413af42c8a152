"""Fixtures of the JupyterLite tests: the site (built by ``make lite``, or reused when
``make test`` has just built it), a static server on 127.0.0.1 and a headless Chromium whose
pages may reach nothing but that server.

These tests never skip: without ``/usr/bin/chromium-headless-shell``, Playwright, make, npm or a Python >= 3.12
for the build they fail with a message that says what is missing, in CI and elsewhere alike.

The server and the browser live for this folder's test module only: Playwright's synchronous API
holds an event loop as the running loop while it lives, and ``tests/browser`` starts its own
later in the same session (two at once cannot be).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

# The browser tests' helpers (board_driver, test_board_size, test_match_file, ...) import one
# another by their bare names, as pytest puts tests/browser on the path for its own run: put it
# there for this folder's tests too, which reuse them on the site (issue 26).
BROWSER_TESTS = str(Path(__file__).resolve().parents[1] / "browser")
if BROWSER_TESTS not in sys.path:
    sys.path.append(BROWSER_TESTS)
from tests.browser.page_errors import WatchedBrowser, fail_on_new_errors
from playwright.sync_api import expect
from lite_site import CHROMIUM, CHROMIUM_ARGS, REPORT, Offline, StaticServer, build_site, serve, site_size


# Playwright's assertions give up after 5 s unless told: too short a bound for a state on a loaded machine
expect.set_options(timeout=90_000)


def _problem() -> str | None:
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} is missing: run tests/browser/setup_browser.sh as root (apt-get install chromium-headless-shell)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "the Python package 'playwright' is missing: pip install -e '.[test]'"
    return None


@pytest.fixture(scope="session")
def lite_site() -> Path:
    problem = _problem()
    if problem is not None:
        where = "CI" if os.environ.get("CI") else "this machine"
        pytest.fail(f"the JupyterLite tests cannot run on {where}: {problem}", pytrace=False)
    try:
        site, seconds = build_site()
    except RuntimeError as err:
        pytest.fail(str(err), pytrace=False)
    if seconds is None:
        last = site.parent / "lite-cache" / "last-build.json"
        made = json.loads(last.read_text()) if last.is_file() else {}
        took = f" in {made['seconds']:.0f} s" if made.get("site") == str(site) else ""
        built = f"reused (built by make lite{took})"
    else:
        built = f"built in {seconds:.0f} s"
    REPORT.append(f"site: {site} {built}, {site_size(site) / 1e6:.1f} MB uncompressed")
    return site


@pytest.fixture(scope="module")
def lite_server(lite_site: Path) -> Iterator[StaticServer]:
    server = serve(lite_site)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def lite_browser(lite_site: Path) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield WatchedBrowser(browser)
        browser.close()


@pytest.fixture(autouse=True)
def no_script_error(request: pytest.FixtureRequest) -> Iterator[None]:
    """As in tests/browser: a test after which a page threw, or a widget manager logged a
    widget's error, fails with the errors."""
    yield from fail_on_new_errors(request, "lite_browser")


@pytest.fixture
def offline_page(lite_browser: object) -> Iterator[tuple[object, Offline]]:
    """A page in a fresh profile whose requests outside 127.0.0.1 are aborted; the test fails at
    teardown if the page attempted any."""
    context = lite_browser.new_context(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
    guard = Offline()
    guard.install(context)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page, guard
    context.close()
    assert not guard.attempted, f"the site tried to leave 127.0.0.1: {guard.attempted[:20]}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run these after the kernel-side tests (and before tests/browser, which sorts itself last):
    while Playwright's synchronous API lives, its event loop is the main thread's running loop,
    and widget tests that ran then would hand their AI moves to it (see tests/browser)."""
    def rank(item: pytest.Item) -> int:
        path = item.nodeid.replace("\\", "/")
        return 2 if "tests/browser/" in path else 1 if "tests/lite/" in path else 0

    items.sort(key=rank)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if REPORT:
        terminalreporter.section("JupyterLite site (issue 14)")
        for line in REPORT:
            terminalreporter.write_line(line)

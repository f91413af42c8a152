"""Script errors in the page fail the test that caused them.

A widget's front end that throws (``board.js`` calling a function with a missing argument) can
leave a page that looks drawn while its tiles no longer answer; the widget manager catches the
error and only logs it. `WatchedBrowser` wraps the Playwright browser: every page of every
context it opens is watched for uncaught errors and for the errors the widget managers log
(JupyterLab, Voila and JupyterLite log them the same way), and the browser tests' autouse
fixture fails any test after which a new one was seen.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

#: What the widget managers (ipywidgets 8, anywidget) log when a view or a model throws.
WIDGET_ERRORS = ("Error setting state", "Could not create a view", "Could not create view", "Error rendering",
                 "Error creating widget", "Failed to create view", "Error in anywidget")


class WatchedBrowser:
    """The Playwright browser, with the errors of its pages collected in ``errors``."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self.errors: list[str] = []
        self._shared: dict[tuple[int, int], Any] = {}

    def new_context(self, **kwargs: Any) -> Any:
        context = self._browser.new_context(**kwargs)
        context.on("page", self._watch)
        return context

    def new_page(self, width: int, height: int) -> Any:
        """A new page in the session's context of that window size. Its HTTP cache and compiled
        scripts are kept from page to page: JupyterLab's bundles, read again in a fresh context for
        every test, cost about 2 s of each Lab page (issue 43). Close the page after the test."""
        if (width, height) not in self._shared:
            self._shared[width, height] = self.new_context(viewport={"width": width, "height": height})
        page = self._shared[width, height].new_page()
        page.set_default_timeout(60_000)
        return page

    def close(self) -> None:
        for context in self._shared.values():
            context.close()
        self._browser.close()

    def _watch(self, page: Any) -> None:
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: uncaught {e.name}: {e.message}\n{e.stack}"))
        page.on("console", lambda m: self.errors.append(f"{page.url}: logged: {m.text[:2000]}")
                if m.type == "error" and any(s in m.text for s in WIDGET_ERRORS) else None)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


def fail_on_new_errors(request: Any, browser_fixture: str) -> Iterator[None]:
    """The body of the autouse fixture of tests/browser and tests/lite: a test that uses the
    browser fixture named ``browser_fixture`` fails if a page threw while it ran."""
    if browser_fixture not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue(browser_fixture)
    seen = len(browser.errors)
    yield
    new = browser.errors[seen:]
    assert not new, "script errors in the page:\n" + "\n".join(new[:10])

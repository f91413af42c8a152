"""Suite-wide pytest settings."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Run the real-browser tests last.

    Playwright's synchronous API keeps its own event loop registered as the running loop in the
    main thread for as long as its session fixture lives. Kernel-side widget tests that ran after
    it would hand their AI moves to that loop, where they never run.
    """
    items.sort(key=lambda item: "tests/browser/" in item.nodeid.replace("\\", "/"))

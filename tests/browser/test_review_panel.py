"""Issue 40: the review opened below the fold at 1024x768, so a student who pressed Review saw
nothing happen. Pressed by the keyboard (the button focused by its role and name, then Enter), its
words come into view (board.js scrolls the panel into view once they are there), in Lab and Voila."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from board_driver import open_in
from playwright.sync_api import expect


def test_the_review_comes_into_view_at_1024x768(page: Any, request: Any, where: str, screenshots: Path) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    root = page.locator(open_in(page, request, where, "review_panel.ipynb"))
    button = root.get_by_role("button", name="Review", exact=True)
    button.focus()                                     # the browser scrolls the button just into view
    page.keyboard.press("Enter")
    words = root.locator(".dw-review-panel .dw-panel").first
    expect(words).to_contain_text("Review of hand 1", timeout=90_000)
    expect(words).to_contain_text("You had a real choice 1 time")
    expect(words).to_be_in_viewport(ratio=0.9)        # the review's words, not only its button
    page.screenshot(path=str(screenshots / f"{where}_review_1024x768.png"))

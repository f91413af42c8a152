"""The widgets' stylesheet: nothing moves for a reader who asks for reduced motion, and the focus
ring takes the theme's colour (the renderer writes --dw-focus on every picture, 3:1 on its theme)."""

import re
from pathlib import Path

import domino_widgets

CSS = re.sub(r"/\*.*?\*/", "", (Path(domino_widgets.__file__).parent / "widgets" / "board.css").read_text(encoding="utf-8"),
             flags=re.S)  # comments out


def _block(css: str, head: str) -> str:
    start = css.index(head)
    depth, i = 0, css.index("{", start)
    for j in range(i, len(css)):
        depth += {"{": 1, "}": -1}.get(css[j], 0)
        if depth == 0:
            return css[i + 1:j]
    raise AssertionError("unbalanced")


def test_reduced_motion_stops_everything():
    block = _block(CSS, "@media (prefers-reduced-motion: reduce)")
    for selector in (".dw-board *", ".dw-log", ".dw-panel *"):
        assert selector in block
    for rule in ("animation: none !important", "transition: none !important"):
        assert rule in block


def test_nothing_moves_anyway_outside_the_query():
    outside = CSS.replace(_block(CSS, "@media (prefers-reduced-motion: reduce)"), "")
    for value in re.findall(r"(?:transition|animation)\s*:\s*([^;]+);", outside):
        assert value.strip().startswith("none"), value


def test_focus_ring_uses_the_theme_colour():
    ring = _block(CSS, ".dw-board .dw-clickable:focus-visible")
    assert "var(--dw-focus" in ring and re.search(r"outline:\s*3px", ring)

"""A seat's line (name, tiles, score with this hand's points, place) stays inside the picture and
clear of the boneyard's stack on a narrow board (issue 26: in the browser-only site at 1024x768,
where the file browser leaves the notebook 592 px, "Player 2 (computer) · 0 tiles · score 30 (+30
this hand) · out 1st" ran under the stack and out of the picture; tests/lite/test_lite_board.py
measures it in the browser)."""

from __future__ import annotations

import random
import re

import pytest

import domino_widgets as dw
from domino_widgets.render.table import MARGIN, text_width
from domino_widgets.widgets.draw import table_svg


def _lines(svg: str) -> list[tuple[str, float, float, float, bool]]:
    """Each text of a seat's group: (text, x, y, size, bold)."""
    out = []
    for group in re.findall(r'<g class="seat[^"]*" id="dw-seat\d+"[^>]*>(.*?)</g>', svg):
        for m in re.finditer(r'<text x="([\d.]+)" y="([\d.]+)" font-size="([\d.]+)"([^>]*)>([^<]*)</text>', group):
            out.append((m.group(5), float(m.group(1)), float(m.group(2)), float(m.group(3)), "bold" in m.group(4)))
    return out


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
@pytest.mark.parametrize("width", [423.0, 520.0])
def test_seat_lines_fit_beside_the_stack_and_in_the_picture(lang: str, width: float) -> None:
    rng = random.Random(7)
    s = dw.new_game("all_fives", seed=7)
    checked = 0
    while True:
        for seat in range(s.players):
            svg = table_svg(s, seat=seat, width=width, scale=1.4, lang=lang)
            w = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
            stack = re.search(r'<g class="boneyard"[^>]*>\s*(?:<g[^>]*?transform="translate\(([\d.]+) ([\d.]+)\)")?', svg)
            stack_x = float(stack.group(1)) if stack and stack.group(1) else None
            for line, x, y, size, bold in _lines(svg):
                right = x + text_width(line, size, bold)
                assert right <= w - MARGIN + 1, (lang, width, line)
                if stack_x is not None and y < 160:  # the other seats' lines, beside the stack
                    assert right <= stack_x + 1, (lang, width, line, stack_x)
                checked += 1
        if s.is_over:
            break
        s = s.play(rng.choice(s.legal_actions()))
    assert checked > 20

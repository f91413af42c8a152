"""Every widget with a theme option draws in each theme, the high-contrast one included, and its
picture carries the theme's focus ring colour for the board's stylesheet."""

import pytest

from domino_widgets import render
from domino_widgets.widgets.explorer import RuleExplorer
from domino_widgets.widgets.game import GameWidget
from domino_widgets.widgets.puzzle import PuzzleWidget
from domino_widgets.widgets.solitaire import SolitaireWidget
from domino_widgets.widgets.twentyone import TwentyOneWidget


@pytest.mark.parametrize("theme", list(render.THEMES))
def test_widgets_draw_in_every_theme(theme):
    th = render.get_theme(theme)
    pictures = [GameWidget("all_fives", level="random", seed=4, delay=0, theme=theme).svg(highlights=True),
                SolitaireWidget(seed=3, theme=theme).svg(),
                TwentyOneWidget(seed=2, delay=0, theme=theme).svg()]
    pictures.append(RuleExplorer(theme=theme).board.svg)
    pictures.append(PuzzleWidget(board_theme=theme, lang="en").svg())   # issue 41
    for svg in pictures:
        assert f"theme-{th.name}" in svg and f"--dw-focus: {th.focus}" in svg
        assert th.table in svg or th.background in svg


def test_high_contrast_by_its_names():
    svg = GameWidget("block", level="random", seed=1, delay=0, theme="High-Contrast").svg(highlights=True)
    assert "theme-high-contrast" in svg and 'fill="#000000"' in svg and 'stroke="#ffffff"' in svg

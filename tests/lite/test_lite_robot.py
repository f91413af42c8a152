"""Issue 40 in the offline (JupyterLite) site, as in JupyterLab and Voila: the keyboard robot of
tests/browser/test_a11y_robot.py, reading only the accessibility tree and the live region, hears
the page's first words, plays a whole hand of the Czech draw game (the issue's case: no tile fits,
D draws), and switches the app's language and game by the keyboard (the arrows browse the Game menu
without starting a game; the game chosen by Enter is announced) and plays Bergen and Twenty-one.
The notebooks are the browser tests' own, put into the site's storage (`open_in_site`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from lite_site import REPORT, StaticServer
from test_a11y_robot import _REGIONS_FROM_ATTACH, _check_hand, _first_words, robot_plays, switch_the_app_and_play
from test_lite_board import open_in_site, screenshots  # noqa: F401  (the screenshots fixture)


def test_the_robot_hears_the_first_words_and_plays_the_czech_draw_game_offline(
        offline_page: tuple[Any, Any], lite_server: StaticServer, screenshots: Path) -> None:
    page, _offline = offline_page
    page.add_init_script(_REGIONS_FROM_ATTACH)  # every live region from its first moment
    scope = open_in_site(page, lite_server, "a11y_draw_cz_cs.ipynb")
    first = _first_words(page, scope, "draw_cz", "cs")
    report = robot_plays(page, scope, "draw_cz", "cs")
    report["heard"].insert(0, first)
    _check_hand(report, "draw_cz", "cs")
    REPORT.append(f"site, keyboard robot: the Czech draw game in Czech, {report['moves']} moves "
                  f"({report['typed']} typed), first words {first[:60]!r}")


def test_the_robot_switches_the_app_by_keyboard_and_plays_offline(
        offline_page: tuple[Any, Any], lite_server: StaticServer, screenshots: Path) -> None:
    page, _offline = offline_page
    page.add_init_script(_REGIONS_FROM_ATTACH)
    scope = open_in_site(page, lite_server, "a11y_app_en.ipynb")
    switch_the_app_and_play(page, scope, screenshots, "lite")

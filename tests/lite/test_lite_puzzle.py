"""Issue 41 in the offline (JupyterLite) site: the puzzle widget loads from the site's own wheel (the
puzzles are package data) and the keyboard robot of tests/browser/test_puzzle_robot.py solves a
puzzle there, reading only the accessibility tree and the live region: the answer by the arrows and
Enter, the rating moved, the explanation (X) and the next puzzle (N) heard."""

from __future__ import annotations

from typing import Any

from lite_site import REPORT, StaticServer
from test_a11y_robot import _REGIONS_FROM_ATTACH
from test_lite_board import open_in_site
from test_puzzle_robot import robot_solves


def test_the_robot_solves_a_puzzle_offline(offline_page: tuple[Any, Any], lite_server: StaticServer) -> None:
    page, _offline = offline_page
    page.add_init_script(_REGIONS_FROM_ATTACH)
    scope = open_in_site(page, lite_server, "puzzle_en.ipynb")
    report = robot_solves(page, scope, "en", "right")
    REPORT.append(f"site, keyboard robot: puzzle {report['puzzle']} solved by the arrows and Enter, "
                  f"{len(report['heard'])} announcements")

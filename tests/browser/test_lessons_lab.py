"""The lessons themselves in JupyterLab (issue 26): the English ``01_block`` and its Czech
translation open at once in one page, each with its own kernel, both answering.

The JupyterLite site reused a session by the file's name, so the second tab hung and the first
lost its kernel (tests/lite checks the site); JupyterLab keys its sessions by path, and this
checks that it does so with the lessons as they are shipped (``notebooks/`` and ``notebooks/cs/``).
"""

from __future__ import annotations

import json
import shutil
import urllib.request
from pathlib import Path
from typing import Any

from board_driver import KERNEL_READY
from lab_servers import TOKEN, Server
from twin_lessons import PANEL, TAB_TITLES, TWIN_CELLS, TWINS, open_beside, run_twin_cells, wait_ready

LESSONS = Path(__file__).resolve().parents[2] / "notebooks"
#: where the lessons go under the Lab server's root (beside the test notebooks)
UNDER = "lessons"


def _copy_twins(root: Path) -> dict[str, str]:
    """Copy the two lessons as shipped (English beside, Czech in ``cs/``) under the server's root;
    returns their paths there."""
    paths = {}
    for lang, name in TWINS.items():
        dest = root / UNDER / name
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(LESSONS / name, dest)
        paths[lang] = f"{UNDER}/{name}"
    return paths


def _sessions(lab: Server) -> dict[str, str]:
    """The server's sessions: notebook path -> kernel id (what JupyterLab keys them by)."""
    with urllib.request.urlopen(f"{lab.url}/api/sessions?token={TOKEN}", timeout=60) as r:
        return {s["path"]: s["kernel"]["id"] for s in json.load(r)}


def test_the_same_lesson_in_two_languages_runs_in_two_tabs_with_two_kernels_in_jupyterlab(
        page: Any, lab: Server, notebooks: Path, screenshots: Path) -> None:
    """Open the English lesson, run cells, open the Czech one beside it and run the same cells there
    (each answers in its own language), then run the English one again: two kernels, two sessions,
    two tab titles, and the first kernel survived the second tab's opening."""
    paths = _copy_twins(notebooks)
    page.goto(f"{lab.url}/lab/workspaces/twin-lessons/tree/{paths['en']}?reset&token={TOKEN}")
    page.wait_for_function(KERNEL_READY, timeout=90_000, polling=100)
    en = wait_ready(page, paths["en"])
    assert en and en["ready"] and en["kernel"], en
    first = run_twin_cells(page, "en", paths["en"])
    cs = open_beside(page, paths["cs"])
    run_twin_cells(page, "cs", paths["cs"])
    assert en["kernel"] != cs["kernel"] and en["session"] != cs["session"], (en, cs)
    titles = page.evaluate(TAB_TITLES)
    assert "01_block.ipynb" in titles and "01_block.cs.ipynb" in titles, titles
    again = wait_ready(page, paths["en"])                        # back to the English tab: its kernel lives
    assert again["kernel"] == en["kernel"] and again["ready"], (en, again)
    assert run_twin_cells(page, "en", paths["en"]) > first
    # the server holds one session per lesson, each with the kernel its tab shows
    sessions = _sessions(lab)
    assert sessions.get(paths["en"]) == en["kernel"] and sessions.get(paths["cs"]) == cs["kernel"], sessions
    page.screenshot(path=str(screenshots / "lab_two_lessons.png"))
    print(f"\n{paths['en']} and {paths['cs']} open at once in JupyterLab: kernels {en['kernel'][:8]} and "
          f"{cs['kernel'][:8]}, both ran cells {list(TWIN_CELLS)}, the English one again after the Czech one "
          f"opened; tab titles {titles}")

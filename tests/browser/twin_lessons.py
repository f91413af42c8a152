"""The same lesson in two languages open at once in one JupyterLab page (issue 26): open the second
beside the first, run the same cells in each, read each tab's kernel. Shared by the JupyterLite
site's test (tests/lite) and JupyterLab's (tests/browser/test_lessons_lab.py).

In the site, JupyterLite reused a session by the file's name, so the Czech ``01_block`` hung on
"Initializing" and took the English one's kernel; every lesson file's name now says its language.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

#: the English lesson and its Czech translation (paths under the site's or the server's root)
TWINS = {"en": "01_block.ipynb", "cs": "cs/01_block.cs.ipynb"}


def _twin_cells() -> tuple[int, int]:
    """The code cells run in each, found by what they hold in the English lesson (the translation
    keeps its cells one for one): the imports, with the lesson's language, and the first table whose
    picture names the game. Fixed indices broke when a lesson lost a cell (issue 39's plain code)."""
    lesson = Path(__file__).resolve().parents[2] / "notebooks" / TWINS["en"]
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    code = [i for i, c in enumerate(cells) if c["cell_type"] == "code"]
    table = next(i for i in code if "render.state_svg(" in "".join(cells[i]["source"]))
    return code[0], table


#: the code cells run in each: the imports (with the lesson's language) and a table whose picture names it
TWIN_CELLS = _twin_cells()
#: what the table's picture says in each language (its aria-label), printed by the lesson's own renderer
TWIN_SAYS = {"en": "Block game", "cs": "Slepá ulička"}

# The notebook panel of a path, activated: its kernel's id and state (null while it is not open).
PANEL = """(path) => {
  const app = window.jupyterapp;
  const panel = [...app.shell.widgets('main')].find(w => w.context && w.context.path === path);
  if (!panel) return null;
  app.shell.activateById(panel.id);
  const ctx = panel.sessionContext;
  const kernel = ctx && ctx.session && ctx.session.kernel;
  return {current: app.shell.currentWidget === panel, ready: !!(panel.context.isReady && ctx.isReady && kernel
          && kernel.connectionStatus === 'connected' && kernel.status === 'idle'),
          kernel: kernel ? kernel.id : null, session: ctx && ctx.session ? ctx.session.id : null,
          title: panel.title.label};
}"""

# Clear the outputs of the notebook in front, then run its cells ``indices`` one by one (Lab's own
# command, as a student's Shift+Enter); returns each cell's execution count and outputs.
RUN_CELLS = """async (indices) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  await app.commands.execute('notebook:clear-all-cell-outputs');
  const out = [];
  for (const i of indices) {
    panel.content.activeCellIndex = i;
    await app.commands.execute('notebook:run-cell');
    for (let k = 0; k < 1800 && panel.content.model.cells.get(i).executionCount === null; k++) {
      await new Promise(r => setTimeout(r, 100));
    }
    const cell = panel.content.model.cells.get(i);
    out.push({count: cell.executionCount, outputs: cell.outputs.toJSON()});
  }
  return out;
}"""

TAB_TITLES = """() => [...document.querySelectorAll('#jp-main-dock-panel .lm-TabBar-tab .lm-TabBar-tabLabel')]
    .map(n => n.textContent)"""


def wait_ready(page: Any, path: str) -> dict[str, Any]:
    """Bring the tab of ``path`` to the front and wait until its kernel is connected and idle (a state:
    a kernel just switched to can still be busy answering the tab's own requests)."""
    # the state read by the wait that saw it ready: a second read can find the kernel busy again for a
    # moment (answering the tab's own requests), which a clean-clone CI run did
    handle = page.wait_for_function(
        f"(path) => {{ const p = ({PANEL})(path); return p && p.current && p.ready ? p : null; }}",
        arg=path, timeout=180_000, polling=200)
    return handle.json_value()  # type: ignore[no-any-return]


def open_beside(page: Any, path: str) -> dict[str, Any]:
    """Open ``path`` in a new tab of the page (as a click in the file browser does) and wait for its kernel."""
    page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', {path}); }", path)
    return wait_ready(page, path)


def run_twin_cells(page: Any, lang: str, path: str | None = None) -> int:
    """Run the twin cells in the ``lang`` lesson (in front; ``path`` names it in a failure);
    returns the table cell's execution count."""
    name = path or TWINS[lang]
    cells = page.evaluate(RUN_CELLS, list(TWIN_CELLS))
    for index, cell in zip(TWIN_CELLS, cells):
        assert cell["count"] is not None, f"{name} cell {index} did not run: {cell}"
        errors = [o for o in cell["outputs"] if o.get("output_type") == "error" or o.get("name") == "stderr"]
        assert not errors, (name, index, errors)
    svg = "".join(o["data"]["image/svg+xml"] for o in cells[-1]["outputs"] if "image/svg+xml" in o.get("data", {}))
    label = re.search(r'aria-label="([^"]*)"', svg)
    assert label and label[1].startswith(TWIN_SAYS[lang]), (name, svg[:300])
    return int(cells[-1]["count"])

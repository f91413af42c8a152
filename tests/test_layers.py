"""The layers of DESIGN.md hold (issue 42): import-linter's layers contract in pyproject.toml, run
here so that `make test` fails on the next import that climbs a layer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(config: Path | None = None) -> subprocess.CompletedProcess[str]:
    args = [str(LINT), "--no-cache"] + (["--config", str(config)] if config else [])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_the_imports_keep_the_layers_of_the_design() -> None:
    run = _lint()
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Layers of DESIGN.md KEPT" in run.stdout


def test_a_climb_that_is_not_listed_breaks_the_contract(tmp_path: Path) -> None:
    """The contract is not a formality: without the line that lists one known climb (the review's
    words for a player, from the renderer's table), that import breaks it, as any new climb would."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    listed = '    "domino_widgets.players.review -> domino_widgets.render.labels",\n'
    assert listed in text
    config = tmp_path / "pyproject.toml"
    config.write_text(text.replace(listed, ""), encoding="utf-8")
    run = _lint(config)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "domino_widgets.players is not allowed to import domino_widgets.render" in run.stdout
    assert "domino_widgets.players.review -> domino_widgets.render.labels" in run.stdout

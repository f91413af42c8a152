"""Grading submissions so that no answer cell can touch the grade (issue 36).

``nbgrader autograde`` runs the hidden tests in the kernel that ran the student's cells: what a
student's cell leaves behind there (a ``grade`` of their own, an IPython input transformer that
blanks the hidden tests, a patched checker, a number whose ``__sub__`` says 0) runs with the tests,
and the kernel's folder is inside the course, beside ``source/`` and ``gradebook.db``. No hidden
test inside that kernel can be trusted.

`autograde` therefore grades in two steps:

1. each submission runs in a fenced process of its own (`run_submission`): an empty temporary
   folder, a memory limit, 60 seconds a cell, and an audit hook (`sys.addaudithook`, which cannot be
   removed) that ends the process the moment its code opens or lists a file outside Python's own
   library and this package, writes outside its folder, starts a process, opens a socket or loads a
   C library. After each answer cell the process reports the value of ``answer`` as exact built-in
   numbers (`domino_widgets.assignments.checks.encode`) and nothing else leaves it; the student's
   code can only choose which number it reports, which is what answering is;
2. the submission's answers are written, as literals (``answer = Fraction(313, 819)``), into a
   fresh copy of the students' notebook (``answers/<student>/<lesson>/``), the student's code kept
   beside each as comments for the teacher to read, the answers in words copied as they are; then
   ``nbgrader autograde`` grades those copies with the hidden tests, which hold the solutions' exact
   values (computed from the lesson when the course was built, never in a student's process). The
   gradebook, the formgrader and ``nbgrader generate_feedback`` work as usual.

The fence is an audit hook in the student's own process: enough for a class, where curiosity is
the usual cause. A student who knows CPython's internals might find a way round it that raises no
audit event (starting a process through a C-level module, say); against that, run step 1 in a
container or as a user who cannot read the course folder.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import ParameterError
from .checks import decode

__all__ = ["PER_CELL", "Run", "autograde", "run_submission", "sanitized"]

#: Seconds a cell of a submission may run (in the fenced run and in nbgrader's).
PER_CELL = 60
#: What a submission's process may use of memory (address space).
MEMORY_LIMIT = 2 * 1024**3
#: The most a submission's process may report, in bytes (more ends it).
_MOST_OUTPUT = 1_000_000
#: Where the answers' copies go in the course folder (nbgrader reads them as its submitted folder).
ANSWERS = "answers"


@dataclass
class Run:
    """What a fenced run of one submission found: the answer of each exercise (exact built-in
    values, None for none) and how it ended (``done``, ``time``, ``fence: ...``, ``crashed``)."""

    answers: dict[int, Any] = field(default_factory=dict)
    ended: str = "done"


def _code_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    cells = []
    for cell in nb.get("cells", []):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        src = cell.get("source", "")
        src = "".join(src) if isinstance(src, list) else str(src)
        gid = str(((cell.get("metadata") or {}).get("nbgrader") or {}).get("grade_id", ""))
        number = int(gid.split("_")[1]) if gid.startswith("answer_") and gid.split("_")[1].isdigit() else None
        if gid.startswith("check_"):
            continue  # the public checks say nothing the grade needs
        cells.append({"source": src, "answer": number})
    return cells


def _allowed_roots() -> list[str]:
    import site
    import sysconfig

    roots = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             *site.getsitepackages(), site.getusersitepackages(), *sysconfig.get_paths().values()}
    roots.add(str(Path(__file__).resolve().parents[1]))  # this package, not the folder it lies in
    return sorted({os.path.realpath(r) for r in roots if r and os.path.isdir(r)})


def run_submission(nb: dict[str, Any], *, per_cell: float = PER_CELL) -> Run:
    """Run the code cells of a submitted notebook in a fenced process (see the module's text) and
    return its answers."""
    cells = _code_cells(nb)
    work = tempfile.mkdtemp(prefix="domino-grade-")
    env = {"PATH": os.defpath, "HOME": work, "TMPDIR": work, "MPLCONFIGDIR": work, "MPLBACKEND": "Agg",
           "PYTHONDONTWRITEBYTECODE": "1", "DOMINO_FAST": os.environ.get("DOMINO_FAST", ""),
           "PYTHONPATH": str(Path(__file__).resolve().parents[2]), "IPYTHONDIR": os.path.join(work, ".ipython"),
           "LANG": "C.UTF-8"}
    request = json.dumps({"cells": cells, "allowed": _allowed_roots() + [work], "work": work}).encode()
    run = Run()
    try:
        proc = subprocess.Popen([sys.executable, "-m", "domino_widgets.assignments.fenced"], cwd=work, env=env,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                preexec_fn=_limit_child)
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(request)
        proc.stdin.close()
        run.ended = _read_reports(proc, run, per_cell, len(cells))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return run


def _limit_child() -> None:  # pragma: no cover - runs in the child, between fork and exec
    import resource

    os.setsid()
    try:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ValueError, OSError):
        pass


def _read_reports(proc: subprocess.Popen[bytes], run: Run, per_cell: float, n_cells: int) -> str:
    """Read the child's one-line JSON reports until it is done, breaks the fence, dies or runs out
    of time (``per_cell`` seconds since its last cell began, at most ``per_cell`` times its cells
    in all, plus the start)."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    start = time.monotonic()
    total = start + per_cell * (n_cells + 1) + 30
    deadline = start + per_cell + 30  # the start: the package and IPython imported
    buffer, seen, ended = b"", 0, "crashed"
    try:
        while True:
            now = time.monotonic()
            left = min(deadline, total) - now
            if left <= 0:
                ended = "time"
                break
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            seen += len(chunk)
            if seen > _MOST_OUTPUT:
                ended = "crashed"
                break
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                try:
                    report = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(report, dict):
                    continue
                if "cell" in report:
                    deadline = time.monotonic() + per_cell
                elif "answer" in report and isinstance(report["answer"], int):
                    run.answers[report["answer"]] = decode(report.get("value"))
                elif "fence" in report:
                    return "fence: " + str(report["fence"])[:200]
                elif report.get("done") is True:
                    return "done"
    finally:
        try:
            os.killpg(proc.pid, 9)
        except OSError:
            pass
        proc.wait()
    return ended


def _comment(code: str) -> str:
    lines = [ln for ln in code.splitlines() if "BEGIN HIDDEN" not in ln and "END HIDDEN" not in ln][:200]
    return "\n".join("# " + ln for ln in lines)


def sanitized(release: dict[str, Any], submitted: dict[str, Any], run: Run) -> dict[str, Any]:
    """The students' notebook ``release`` with ``run``'s answers as literals in its answer cells
    (the submitted code as comments above them) and the submitted answers in words: what nbgrader
    grades. No code of the submission is left to run."""
    from .course import literal

    theirs: dict[str, str] = {}
    for cell in submitted.get("cells", []):
        if isinstance(cell, dict):
            gid = ((cell.get("metadata") or {}).get("nbgrader") or {}).get("grade_id")
            src = cell.get("source", "")
            if isinstance(gid, str):
                theirs.setdefault(gid, "".join(src) if isinstance(src, list) else str(src))
    nb = json.loads(json.dumps(release))
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        gid = meta.get("grade_id", "")
        if gid.startswith("answer_"):
            value = run.answers.get(int(gid.split("_")[1]))
            note = _comment(theirs.get(gid, ""))
            cell["source"] = (note + "\n" if note else "") + f"answer = {literal(value)}"
        elif cell["cell_type"] == "markdown" and meta.get("solution") and gid in theirs:
            cell["source"] = theirs[gid]
    return nb


def autograde(root: str | os.PathLike[str], lesson: str, students: Iterable[str] | None = None, *,
              per_cell: float = PER_CELL, progress: bool = False) -> dict[str, Run]:
    """Grade the submissions of ``lesson`` in the course folder ``root`` (all of
    ``submitted/*/<lesson>/``, or ``students``): fenced runs, then ``nbgrader autograde`` of their
    answers. Returns each student's run."""
    from .course import nbgrader

    root = Path(root).resolve()
    release_path = root / "release" / lesson / f"{lesson}.ipynb"
    if not release_path.is_file():
        raise ParameterError("no lesson {lesson}", lesson=lesson)
    release = json.loads(release_path.read_text(encoding="utf-8"))
    names = sorted(p.parent.name for p in (root / "submitted").glob(f"*/{lesson}")) if students is None \
        else list(students)
    runs: dict[str, Run] = {}
    for student in names:
        folder = root / "submitted" / student / lesson
        path = folder / f"{lesson}.ipynb"
        try:
            submitted = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            submitted = {"cells": []}
        run = run_submission(submitted, per_cell=per_cell) if isinstance(submitted, dict) else Run(ended="bad file")
        runs[student] = run
        out = root / ANSWERS / student / lesson
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        (out / f"{lesson}.ipynb").write_text(json.dumps(sanitized(release, submitted if isinstance(submitted, dict)
                                                                   else {}, run), ensure_ascii=False),
                                             encoding="utf-8")
        if (folder / "timestamp.txt").is_file():
            shutil.copy(folder / "timestamp.txt", out / "timestamp.txt")
        if progress:
            print(f"{student}: {len([v for v in run.answers.values() if v is not None])} answers ({run.ended})",
                  flush=True)
    if names:
        nbgrader(root, "autograde", lesson, "--force", f"--CourseDirectory.submitted_directory={ANSWERS}")
    return runs

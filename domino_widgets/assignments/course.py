"""Build nbgrader courses from the lessons: one per language, one assignment per lesson.

A lesson's exercises come in two kinds, and the assignment keeps both:

- "Exercises" (questions to think about, answers in a folded *Answers* block): in the student's
  version the answers are gone and each question has an answer cell that a person grades
  (nbgrader's manually graded answer, 1 point), the lesson's answer in the teacher's version;
- "Exercises with a check" (one right answer: a count, a fraction, a probability): each has a
  solution cell (the student's version: ``answer = None``) and a test cell worth 1 point, whose
  visible part is a public check in the lesson's language (right / not yet, never the answer:
  `domino_widgets.assignments.checks`) and whose hidden part, present only in the teacher's
  version, grades against the solution, with the lesson's tolerance.

The assignment notebook holds the lesson's title, a line on where to read the lesson, the
lesson's code cells the exercises need (found by the names they define and use; locked) and the
exercises. `build` writes ``<out>/<lang>/`` (an nbgrader course directory with its
``nbgrader_config.py``), the teacher's notebooks in ``source/`` and, through ``nbgrader
generate_assignment``, the students' in ``release/``. The answer keys are computed by running
the English lesson's cells once.

>>> parts = exercises_of(load_lesson(lesson_folders()["en"] / "01_block.ipynb"))
>>> parts.numbers, parts.tolerance, "going_out" in parts.setup
([1, 2, 3, 4], 0.001, True)
"""

from __future__ import annotations

import ast
import copy
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.errors import ParameterError
from ..lessons_i18n import lesson_name

__all__ = ["Exercises", "build", "exercises_of", "lesson_folders", "load_lesson"]

ROOT = Path(__file__).resolve().parents[2]
_NOTEBOOKS = ROOT / "notebooks"


def lesson_folders() -> dict[str, Path]:
    """Where each language's lessons are: English in ``notebooks/``, the others in their folders.

    >>> sorted(lesson_folders())
    ['cs', 'el', 'en']
    """
    folders = {"en": _NOTEBOOKS}
    for folder in sorted(_NOTEBOOKS.iterdir()):
        if folder.is_dir() and (folder / lesson_name("00_start_here.ipynb", folder.name)).is_file():
            folders[folder.name] = folder
    return folders


#: What the assignment says (in the reader's language through the catalog, `catalog_messages`).
_EN = {
    "intro": "**Assignment** for the lesson [{lesson}]({link}). Read the lesson first; then answer here. "
             "Run the cells from the top. A check under each answer says *right* or *not yet*; "
             "it never shows the answer. Save with Ctrl+S and hand in this notebook.",
    "stub": "answer = None   # your answer: a whole number, a fraction such as Fraction(1, 3), or a decimal",
    "text": "Your answer here.",
}


def catalog_messages() -> list[tuple[str, str]]:
    """The catalog's messages of this module."""
    return [(f"assignments.{key}", text) for key, text in _EN.items()]


def _say(lang: str, key: str) -> str:
    from ..language import pgettext

    return pgettext(lang, f"assignments.{key}", _EN[key])


_DETAILS = re.compile(r"\n*<details>.*?</details>\n*", re.S)
_ITEM = re.compile(r"^(\d+)\.\s", re.M)


def load_lesson(path: Path) -> dict[str, Any]:
    """A lesson notebook as a dict (nbformat's JSON)."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


@dataclass
class Exercises:
    """What `build` takes from one lesson."""

    title: str
    context: list[str]  # the code cells the exercises need, in order
    questions: str | None  # the "Exercises" markdown without its answers
    answers: list[str]  # the folded answers of those questions, one per question
    checked: str  # the "Exercises with a check" markdown without its answers
    numbers: list[int]
    solutions: dict[int, str]  # exercise number -> the expression of its solution
    setup: str  # the check cell's other statements (what the solutions use)
    tolerance: float
    texts: str | None  # the name of the lesson's translated check sentences (CHECK), if any


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _names(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The names a piece of code defines and the names it reads."""
    defined: set[str] = set()
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (defined if isinstance(node.ctx, ast.Store) else used).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                defined.add((alias.asname or alias.name).split(".")[0])
    return defined, used


def exercises_of(nb: dict[str, Any]) -> Exercises | None:
    """The exercises of a lesson, or None if it has no "exercises with a check" cell."""
    cells = nb["cells"]
    check_at = next((i for i, c in enumerate(cells) if c["cell_type"] == "code" and "check(answers" in _source(c)), None)
    if check_at is None:
        return None
    answers_at = max(i for i in range(check_at) if cells[i]["cell_type"] == "code"
                     and _source(cells[i]).lstrip().startswith("answers"))
    checked_at = max(i for i in range(answers_at) if cells[i]["cell_type"] == "markdown")
    tree = ast.parse(_source(cells[check_at]))
    call = None
    setup: list[str] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) and \
                isinstance(stmt.value.func, ast.Name) and stmt.value.func.id == "check":
            call = stmt.value
            continue
        if isinstance(stmt, ast.ImportFrom) and any(a.name == "check" for a in stmt.names):
            rest = [a for a in stmt.names if a.name != "check"]
            if not rest:
                continue
            stmt = ast.ImportFrom(module=stmt.module, names=rest, level=stmt.level)
        setup.append(ast.unparse(stmt))
    if call is None or len(call.args) < 2 or not isinstance(call.args[1], ast.Dict):
        raise ParameterError("the check cell of the lesson has no check(answers, {{...}})")
    solutions = {int(ast.literal_eval(k)): ast.unparse(v) for k, v in zip(call.args[1].keys, call.args[1].values)
                 if k is not None}
    kw = {k.arg: k.value for k in call.keywords}
    tolerance = float(ast.literal_eval(kw["tolerance"])) if "tolerance" in kw else 0.001
    texts = kw["texts"].id if isinstance(kw.get("texts"), ast.Name) else None
    # the lesson's code the exercises need: walk back from the exercises, keep what defines a needed name
    need_defined, need = _names(ast.parse("\n".join(setup + list(solutions.values()) + ([texts] if texts else []))))
    need -= need_defined
    context: list[str] = []
    for cell in reversed(cells[:checked_at]):
        if cell["cell_type"] != "code":
            continue
        try:
            defined, used = _names(ast.parse(_source(cell)))
        except SyntaxError:  # a magic: not part of what the exercises need
            continue
        if defined & need:
            context.insert(0, _source(cell))
            need |= used
    questions = answers = None
    q_at = next((i for i in range(checked_at - 1, -1, -1) if cells[i]["cell_type"] == "markdown"
                 and "<details>" in _source(cells[i]) and _source(cells[i]).startswith("## ")), None)
    if q_at is not None:
        text = _source(cells[q_at])
        questions = _DETAILS.sub("\n", text).strip()
        folded = re.search(r"<details>.*?</summary>(.*?)</details>", text, re.S)
        answers = _split_items(folded.group(1)) if folded else []
    title = _source(cells[0]).splitlines()[0].lstrip("# ").strip()
    return Exercises(title, context, questions, answers or [], _DETAILS.sub("\n", _source(cells[checked_at])).strip(),
                     sorted(solutions), solutions, "\n".join(setup), tolerance, texts)


def _split_items(text: str) -> list[str]:
    starts = [m.start() for m in _ITEM.finditer(text)]
    return [text[a:b].strip() for a, b in zip(starts, starts[1:] + [len(text)])]


# ------------------------------------------------------------------------------------------------
# Notebooks
# ------------------------------------------------------------------------------------------------

def _cell(kind: str, source: str, grade_id: str | None = None, *, solution: bool = False, grade: bool = False,
          locked: bool = False, points: int = 0) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": kind, "id": grade_id or f"cell-{abs(hash(source)) % 10**8}", "metadata": {},
                            "source": source}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    if grade_id is not None:
        meta = {"grade_id": grade_id, "solution": solution, "grade": grade, "locked": locked,
                "schema_version": 3}
        if grade:
            meta["points"] = points
        cell["metadata"]["nbgrader"] = meta
    return cell


def assignment_notebook(ex: Exercises, lesson: str, lang: str, keys: dict[str, Any]) -> dict[str, Any]:
    """The teacher's version of one assignment (nbgrader source): solutions and hidden tests."""
    link = f"../../../../notebooks/{'' if lang == 'en' else lang + '/'}{lesson_name(lesson + '.ipynb', lang)}"
    cells = [_cell("markdown", f"# {ex.title}\n\n" + _say(lang, "intro").format(lesson=ex.title, link=link),
                   "intro", locked=True)]
    for i, src in enumerate(ex.context):
        cells.append(_cell("code", src, f"lesson_{i}", locked=True))
    if ex.questions:
        cells.append(_cell("markdown", ex.questions, "questions", locked=True))
        for n, answer in enumerate(ex.answers or [_say(lang, "text")], 1):
            cells.append(_cell("markdown", answer, f"question_{n}", solution=True, grade=True, points=1))
    cells.append(_cell("markdown", ex.checked, "checked", locked=True))
    cells.append(_cell("code", "from domino_widgets.assignments.checks import exercise, grade", "imports",
                       locked=True))
    texts = f", texts={ex.texts}" if ex.texts else ""
    for j, n in enumerate(ex.numbers):
        cells.append(_cell("code", f"### BEGIN SOLUTION\nanswer = {ex.solutions[n]}\n### END SOLUTION",
                           f"answer_{n}", solution=True))
        if j == 0:  # the setup of the teacher's solutions, before the first (it is in the hidden tests too)
            cells[-1]["source"] = f"### BEGIN SOLUTION\n{ex.setup}\nanswer = {ex.solutions[n]}\n### END SOLUTION"
        hidden = (ex.setup + "\n" if j == 0 else "") + f"grade({n}, answer, {ex.solutions[n]}, {ex.tolerance!r})"
        cells.append(_cell("code", f"exercise({n}, answer, {json.dumps(keys[str(n)])}{texts})\n"
                                   f"### BEGIN HIDDEN TESTS\n{hidden}\n### END HIDDEN TESTS",
                           f"check_{n}", grade=True, locked=True, points=1))
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                        "language": "python"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def _keys(ex: Exercises, lesson: str, folder: Path) -> dict[str, Any]:
    """Run the lesson's needed cells and the solutions once; the answer keys of its exercises."""
    import nbformat
    from nbclient import NotebookClient

    record = (f"from domino_widgets.assignments.checks import record\n{ex.setup}\n"
              f"record(None, {{{', '.join(f'{n}: {ex.solutions[n]}' for n in ex.numbers)}}}, "
              f"{ex.tolerance!r}, salt={lesson!r})")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in [*ex.context, record]])
    NotebookClient(nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    for out in nb.cells[-1].outputs:
        text = out.get("text", "")
        if "ANSWER-KEYS " in text:
            return json.loads(text.split("ANSWER-KEYS ", 1)[1])
    raise ParameterError("the lesson {lesson} printed no answer keys", lesson=lesson)


def _cached_keys(ex: Exercises, lesson: str, out: Path, progress: bool) -> dict[str, Any]:
    """`_keys`, kept in ``out/keys/`` for the same lesson code and test size (DOMINO_FAST)."""
    import hashlib

    stamp = hashlib.sha256(json.dumps([ex.context, ex.setup, ex.solutions, ex.tolerance,
                                       os.environ.get("DOMINO_FAST", "")]).encode()).hexdigest()[:16]
    cache = out / "keys" / f"{lesson}-{stamp}.json"
    if cache.is_file():
        return json.loads(cache.read_text())
    if progress:
        print(f"{lesson}: computing the answer keys (running the lesson's cells once)", flush=True)
    keys = _keys(ex, lesson, lesson_folders()["en"])
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(keys))
    return keys


def _config(root: Path, lang: str) -> str:
    return (f"# nbgrader's settings for the {lang} course (written by python -m domino_widgets.assignments)\n"
            "c = get_config()\n"
            f"c.CourseDirectory.root = {str(root)!r}\n"
            f"c.CourseDirectory.course_id = 'domino-{lang}'\n"
            f"c.ClearSolutions.code_stub = {{'python': {_say(lang, 'stub')!r}}}\n"
            f"c.ClearSolutions.text_stub = {_say(lang, 'text')!r}\n"
            "c.ExecutePreprocessor.timeout = 1800\n")


def nbgrader(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``nbgrader ARGS`` in the course directory ``root`` (a clear error if it fails)."""
    cmd = [sys.executable, "-m", "nbgrader", *args]
    env = dict(os.environ)  # nbgrader runs its database's `alembic` from the environment's bin folder
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    out = subprocess.run(cmd, cwd=root, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        lines = [ln for ln in (out.stderr + out.stdout).splitlines() if "ERROR" in ln or "Error" in ln]
        raise ParameterError("nbgrader {args} failed: {error}", args=" ".join(args),
                             error=" / ".join(lines[:6]) or out.stderr[-500:])
    return out


def build(out: str | os.PathLike[str] = "build/assignments", lessons: Iterable[str] | None = None,
          languages: Sequence[str] | None = None, *, progress: bool = True) -> dict[str, list[str]]:
    """Write one nbgrader course per language under ``out`` and generate the students' versions.
    ``lessons``: lesson names such as ``"01_block"`` (default: every lesson with checked exercises).
    Returns the assignments made, per language."""
    out = Path(out).resolve()
    folders = lesson_folders()
    languages = list(folders) if languages is None else list(languages)
    bad = [lang for lang in languages if lang not in folders]
    if bad:
        raise ParameterError("no lessons in {bad}; the languages are {langs}", bad=", ".join(bad),
                             langs=", ".join(folders))
    names = sorted(p.stem for p in folders["en"].glob("[0-9][0-9]_*.ipynb")) if lessons is None else list(lessons)
    made: dict[str, list[str]] = {lang: [] for lang in languages}
    for lesson in names:
        path = folders["en"] / f"{lesson}.ipynb"
        if not path.is_file():
            raise ParameterError("no lesson {lesson}", lesson=lesson)
        english = exercises_of(load_lesson(path))
        if english is None:
            continue
        keys = _cached_keys(english, lesson, out, progress)
        for lang in languages:
            ex = exercises_of(load_lesson(folders[lang] / lesson_name(f"{lesson}.ipynb", lang)))
            if ex is None or ex.numbers != english.numbers:
                raise ParameterError("the {lang} lesson {lesson} has other exercises than the English one",
                                     lang=lang, lesson=lesson)
            root = out / lang
            (root / "source" / lesson).mkdir(parents=True, exist_ok=True)
            (root / "nbgrader_config.py").write_text(_config(root, lang), encoding="utf-8")
            nb = assignment_notebook(ex, lesson, lang, keys)
            (root / "source" / lesson / f"{lesson}.ipynb").write_text(json.dumps(nb, indent=1, ensure_ascii=False),
                                                                     encoding="utf-8")
            nbgrader(root, "generate_assignment", lesson, "--force")
            made[lang].append(lesson)
            if progress:
                print(f"  {lang}: {root / 'release' / lesson}", flush=True)
    return made


def fill(notebook: dict[str, Any], answers: dict[int, str]) -> dict[str, Any]:
    """A copy of a student's notebook with ``answers`` (exercise number -> code of the answer)
    written into its answer cells (for tests and demonstrations)."""
    nb = copy.deepcopy(notebook)
    for cell in nb["cells"]:
        gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id", "")
        if gid.startswith("answer_") and int(gid.split("_")[1]) in answers:
            cell["source"] = f"answer = {answers[int(gid.split('_')[1])]}"
    return nb

"""Build nbgrader courses from the lessons: one per language, one assignment per lesson.

A lesson's exercises come in two kinds, and the assignment keeps both:

- "Exercises" (questions to think about, answers in a folded *Answers* block): in the student's
  version the answers are gone and each question has an answer cell that a person grades
  (nbgrader's manually graded answer, 1 point), the lesson's answer in the teacher's version;
- "Exercises with a check" (one right answer: a count, a fraction, a probability): each has a
  solution cell (the student's version: ``answer = None``) and a test cell worth 1 point, whose
  visible part is a public check in the lesson's language that says only whether the answer has
  the form asked for (`domino_widgets.assignments.checks`: no check that could confirm a value) and
  whose hidden part, present only in the teacher's version, compares with the solution's exact
  value, with the lesson's tolerance.

The assignment notebook holds the lesson's title, a line on where to read the lesson, the
lesson's code cells the exercises need (found by the names they define and use; locked; without
what they display, which could be an answer) and the exercises (without a sentence or a question
that writes out a solution's code, and without an example fraction that is an answer). `build`
writes ``<out>/<lang>/`` (an nbgrader course directory with its ``nbgrader_config.py``), the
teacher's notebooks in ``source/`` and, through ``nbgrader generate_assignment``, the students' in
``release/``. The solutions' exact values are computed once by running the English lesson's cells
(kept in ``<out>/solutions/``, outside every course). Grade with `domino_widgets.assignments.grading`.

>>> parts = exercises_of(load_lesson(lesson_folders()["en"] / "01_block.ipynb"))
>>> parts.numbers, parts.tolerance, "going_out" in parts.setup
([1, 2, 3, 4], 0.001, True)
"""

from __future__ import annotations

import ast
import copy
import json
import math
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from fractions import Fraction
from typing import Any

from ..core.errors import ParameterError
from ..prob.exercises import exact, form_of
from .checks import decode, encode
from .grading import PER_CELL
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
             "Run the cells from the top. A check under each answer says whether it has the form asked for; "
             "whether it is right, the teacher's grade says. Save with Ctrl+S and hand in this notebook.",
    "stub": "answer = None   # your answer: a whole number, a fraction such as Fraction(1, 3), or a decimal",
    "text": "Your answer here.",
    # the labels of nbgrader's feedback page (its template, translated: `_feedback_template`)
    "feedback.score": "Score",
    "feedback.test": "Test cell",
    "feedback.code": "Coding free-response",
    "feedback.written": "Written response",
    "feedback.task": "Task",
    "feedback.comment": "Comment",
    "feedback.comments": "Comments",
    "feedback.late": "Late submission penalty",
    "feedback.top": "Top",
    "feedback.answer": "Student's answer",
    "feedback.student_task": "Student's task",
    "feedback.grade_cell": "Grade cell",
}


def catalog_messages() -> list[tuple[str, str]]:
    """The catalog's messages of this module and of the checks (`checks.TEXTS`)."""
    from .checks import TEXTS

    return [(f"assignments.{key}", text) for key, text in _EN.items()] + \
        [(f"assignments.check.{key}", text) for key, text in TEXTS.items()]


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
    need_defined, need = _names(ast.parse("\n".join(setup + list(solutions.values()))))
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


def _plain(text: str) -> str:
    """``text`` without spaces, with one kind of quote: how a solution is looked for in words."""
    return re.sub(r"\s+", "", text).replace("'", '"').replace("`", "")


def _names_solution(text: str, ex: Exercises) -> bool:
    """Whether ``text`` writes out the code of one of the solutions."""
    plain = _plain(text)
    return any(_plain(code) in plain for code in ex.solutions.values())


def _sentences_without_solutions(text: str, ex: Exercises) -> str:
    """``text`` without the sentences that write out a solution's code (06: "then try
    `twentyone.bust_probability(...)`")."""
    out = []
    for line in text.split("\n"):
        parts = re.split(r"(?<=[.?!])(\s+)", line)
        out.append("".join(p for p in parts if not _names_solution(p, ex)).rstrip())
    return "\n".join(out)


_FRACTION = re.compile(r"Fraction\(\s*(\d+)\s*,\s*(\d+)\s*\)|\b(\d+)\s*/\s*(\d+)\b")


def _without_values(text: str, solutions: dict[int, Any]) -> str:
    """``text`` with an example fraction that is one of the solutions (08: "a fraction such as
    `Fraction(7, 18)`", exercise 1's answer) changed for one that is none of them."""
    values = {exact(v) for v in solutions.values()}
    other = next(Fraction(1, d) for d in range(3, 100) if Fraction(1, d) not in values)

    def swap(m: re.Match[str]) -> str:
        n, d = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if int(d) == 0 or Fraction(int(n), int(d)) not in values:
            return m.group(0)
        return f"Fraction({other.numerator}, {other.denominator})" if m.group(1) else f"{other.numerator}/{other.denominator}"

    return _FRACTION.sub(swap, text)


def _questions_for_students(ex: Exercises) -> tuple[str | None, list[str]]:
    """The questions in words and their answers, without a question that writes out the code of a
    checked exercise's solution (01: "The chance ... is `deal.p_hand_avoids(1)`. Why ...?"), renumbered."""
    if not ex.questions:
        return None, []
    first = _ITEM.search(ex.questions)
    if first is None:
        return ex.questions, ex.answers
    head, items = ex.questions[:first.start()], _split_items(ex.questions[first.start():])
    answers = ex.answers if len(ex.answers) == len(items) else [_say("en", "text")] * len(items)
    kept = [(q, a) for q, a in zip(items, answers) if not _names_solution(q, ex)]
    if not kept:
        return None, []
    text = head + "\n".join(_ITEM.sub(f"{n}. ", q, count=1) for n, (q, _) in enumerate(kept, 1))
    return text.strip(), [_ITEM.sub(f"{n}. ", a, count=1) for n, (_, a) in enumerate(kept, 1)]


def _context_for_students(src: str, ex: Exercises, moved: list[str] | None = None) -> str | None:
    """A lesson cell as the assignment shows it, locked: without what it displays (a value shown
    could be a solution: 04 shows ``p_matador``, exercise 2's answer; 08 the table of chances
    exercise 1 reads) but for the pictures it draws (``render.…(...)``), and without the statements
    that define a name that is itself a solution (added to ``moved``: the teacher's solution cell
    holds them). None when nothing is left."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return src
    bare = {code for code in ex.solutions.values() if code.isidentifier()}
    lines = src.split("\n")
    drop: set[int] = set()
    for at, stmt in enumerate(tree.body):
        call = stmt.value if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) else None
        name = call.func.attr if call is not None and isinstance(call.func, ast.Attribute) else \
            call.func.id if call is not None and isinstance(call.func, ast.Name) else ""
        picture = call is not None and isinstance(call.func, ast.Attribute) and \
            isinstance(call.func.value, ast.Name) and call.func.value.id == "render"
        shown = isinstance(stmt, ast.Expr) and (name in ("print", "display") or (
            at == len(tree.body) - 1 and not picture and name != "set_language"))
        defines = isinstance(stmt, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and \
            bool(_names(ast.Module(body=[stmt], type_ignores=[]))[0] & bare)
        if shown or defines:
            drop.update(range(stmt.lineno - 1, (stmt.end_lineno or stmt.lineno)))
        if defines and moved is not None:
            moved.append(ast.get_source_segment(src, stmt) or ast.unparse(stmt))
    kept = "\n".join(line for i, line in enumerate(lines) if i not in drop).strip("\n")
    return kept if kept.strip() else None


def literal(value: Any) -> str:
    """The code of an exact value (what a hidden test compares with, and what the fenced grader
    writes into a submission's answer cell).

    >>> literal(Fraction(313, 819)), literal(14), literal(0.25), literal("7-7"), literal(None)
    ('Fraction(313, 819)', '14', '0.25', "'7-7'", 'None')
    """
    v = exact(value)
    if isinstance(v, Fraction):
        return f"Fraction({v.numerator}, {v.denominator})"
    if isinstance(v, float) and not math.isfinite(v):
        return f"float({repr(v)!r})"
    return repr(v)


def assignment_notebook(ex: Exercises, lesson: str, lang: str, solutions: dict[int, Any]) -> dict[str, Any]:
    """The teacher's version of one assignment (nbgrader source): solutions and hidden tests.
    The hidden tests compare with the exact values of the solutions (``solutions``, computed once
    from the lesson), so they need none of the lesson's code."""
    link = f"../../../../notebooks/{'' if lang == 'en' else lang + '/'}{lesson_name(lesson + '.ipynb', lang)}"
    cells = [_cell("markdown", f"# {ex.title}\n\n" + _say(lang, "intro").format(lesson=ex.title, link=link),
                   "intro", locked=True)]
    moved: list[str] = []
    for i, src in enumerate(filter(None, [_context_for_students(src, ex, moved) for src in ex.context])):
        cells.append(_cell("code", src, f"lesson_{i}", locked=True))
    questions, answers = _questions_for_students(ex)
    if questions:
        cells.append(_cell("markdown", _without_values(questions, solutions), "questions", locked=True))
        for n, answer in enumerate(answers or [_say(lang, "text")], 1):
            cells.append(_cell("markdown", answer, f"question_{n}", solution=True, grade=True, points=1))
    checked = _without_values(_sentences_without_solutions(ex.checked, ex), solutions)
    cells.append(_cell("markdown", checked, "checked", locked=True))
    cells.append(_cell("code", "from fractions import Fraction\n"
                               "from domino_widgets.assignments.checks import exercise, grade", "imports", locked=True))
    for j, n in enumerate(ex.numbers):
        cells.append(_cell("code", f"### BEGIN SOLUTION\nanswer = {ex.solutions[n]}\n### END SOLUTION",
                           f"answer_{n}", solution=True))
        if j == 0:  # the setup of the teacher's solutions, before the first
            setup = "\n".join([*moved, ex.setup]).strip()
            cells[-1]["source"] = f"### BEGIN SOLUTION\n{setup}\nanswer = {ex.solutions[n]}\n### END SOLUTION"
        hidden = f"grade({n}, answer, {literal(solutions[n])}, {ex.tolerance!r}, lang={lang!r})"
        cells.append(_cell("code", f"exercise({n}, answer, {form_of(solutions[n])!r}, lang={lang!r})\n"
                                   f"### BEGIN HIDDEN TESTS\n{hidden}\n### END HIDDEN TESTS",
                           f"check_{n}", grade=True, locked=True, points=1))
    return {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                        "language": "python"},
                                         "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def _solutions(ex: Exercises, lesson: str, folder: Path) -> dict[int, Any]:
    """Run the lesson's needed cells and the solutions once (no student's code near them); the
    exact values of the solutions."""
    import nbformat
    from nbclient import NotebookClient

    record = (f"from domino_widgets.assignments.checks import encode as _encode\n{ex.setup}\n"
              f"print('SOLUTIONS ' + __import__('json').dumps({{{', '.join(f'{n}: _encode({ex.solutions[n]})' for n in ex.numbers)}}}))")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(src) for src in [*ex.context, record]])
    NotebookClient(nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    for out in nb.cells[-1].outputs:
        text = out.get("text", "")
        if "SOLUTIONS " in text:
            return {int(k): decode(v) for k, v in json.loads(text.split("SOLUTIONS ", 1)[1]).items()}
    raise ParameterError("the lesson {lesson} printed no answer keys", lesson=lesson)


def _cached_solutions(ex: Exercises, lesson: str, out: Path, progress: bool) -> dict[int, Any]:
    """`_solutions`, kept in ``out/solutions/`` (beside the courses, never inside one) for the same
    lesson code and test size (DOMINO_FAST)."""
    import hashlib

    stamp = hashlib.sha256(json.dumps([ex.context, ex.setup, ex.solutions, ex.tolerance,
                                       os.environ.get("DOMINO_FAST", "")]).encode()).hexdigest()[:16]
    cache = out / "solutions" / f"{lesson}-{stamp}.json"
    if cache.is_file():
        return {int(k): decode(v) for k, v in json.loads(cache.read_text()).items()}
    if progress:
        print(f"{lesson}: computing the solutions (running the lesson's cells once)", flush=True)
    values = _solutions(ex, lesson, lesson_folders()["en"])
    cache.parent.mkdir(parents=True, exist_ok=True)
    part = cache.with_name(f"{cache.name}.{os.getpid()}.part")  # whole or absent: two builds may share out/
    part.write_text(json.dumps({str(k): encode(v) for k, v in values.items()}))
    os.replace(part, cache)
    return values


def _nbgrader_templates() -> Path:
    import nbgrader as nbg

    return Path(nbg.__file__).resolve().parent / "server_extensions" / "formgrader" / "templates"


def _feedback_template(root: Path, lang: str) -> None:
    """nbgrader's feedback page with its labels in ``lang``, in ``root/templates/feedback/``."""
    import html

    original = _nbgrader_templates() / "feedback"
    text = (original / "index.html.j2").read_text(encoding="utf-8")
    say = {key: html.escape(_say(lang, f"feedback.{key}"), quote=False) for key in
           ("score", "test", "code", "written", "task", "comment", "comments", "late", "top", "answer",
            "student_task", "grade_cell")}
    for english, key, form in ((">Test cell<", "test", ">{}<"), (">Coding free-response<", "code", ">{}<"),
                               (">Written response<", "written", ">{}<"), (">Task<", "task", ">{}<"),
                               (">Comment<", "comment", ">{}<"), ("Late submission penalty", "late", "{}"),
                               ("(Top)", "top", "({})"), ("Student's answer", "answer", "{}"),
                               ("Student's task", "student_task", "{}"), ("Grade cell:", "grade_cell", "{}:"),
                               ("Task:", "task", "{}:"), ("<b>Comments:</b>", "comments", "<b>{}:</b>"),
                               ("Score:", "score", "{}:")):
        text = text.replace(english, form.format(say[key]))
    folder = root / "templates" / "feedback"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.html.j2").write_text(text, encoding="utf-8")
    shutil.copy(original / "conf.json", folder / "conf.json")


def _config(root: Path, lang: str) -> str:
    return (f"# nbgrader's settings for the {lang} course (written by python -m domino_widgets.assignments)\n"
            "from nbgrader.preprocessors import GetGrades\n"
            "from nbconvert.preprocessors import CSSHTMLHeaderPreprocessor\n"
            "from domino_widgets.assignments.feedback import HideTests\n"
            "c = get_config()\n"
            f"c.CourseDirectory.root = {str(root)!r}\n"
            f"c.CourseDirectory.course_id = 'domino-{lang}'\n"
            f"c.ClearSolutions.code_stub = {{'python': {_say(lang, 'stub')!r}}}\n"
            f"c.ClearSolutions.text_stub = {_say(lang, 'text')!r}\n"
            "# a cell that runs longer is stopped and its exercise gets no point (a loop that never\n"
            "# ends costs a minute, not half an hour)\n"
            f"c.ExecutePreprocessor.timeout = {PER_CELL}\n"
            "# the grading kernels talk over local sockets, never TCP ports picked and let go before the\n"
            "# kernel binds them (another process can take one meanwhile and the kernel dies at start);\n"
            "# an absolute path of this process's own, since the kernel runs in the notebook's folder\n"
            "import os, tempfile\n"
            "c.KernelManager.transport = 'ipc'\n"
            "c.KernelManager.ip = os.path.join(tempfile.gettempdir(), f'domino-grading-{os.getpid()}')\n"
            "# the feedback shows the points and the student's own answers, never a hidden test\n"
            "c.GenerateFeedback.preprocessors = [GetGrades, HideTests, CSSHTMLHeaderPreprocessor]\n"
            "# nbgrader's feedback page with its labels in the course's language (templates/feedback)\n"
            "import os, nbgrader\n"
            "c.HTMLExporter.template_name = 'feedback'\n"
            f"c.HTMLExporter.extra_template_basedirs = [{str(root / 'templates')!r}, "
            "os.path.join(os.path.dirname(nbgrader.__file__), 'server_extensions', 'formgrader', 'templates')]\n")


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
        solutions = _cached_solutions(english, lesson, out, progress)
        for lang in languages:
            ex = exercises_of(load_lesson(folders[lang] / lesson_name(f"{lesson}.ipynb", lang)))
            if ex is None or ex.numbers != english.numbers:
                raise ParameterError("the {lang} lesson {lesson} has other exercises than the English one",
                                     lang=lang, lesson=lesson)
            root = out / lang
            (root / "source" / lesson).mkdir(parents=True, exist_ok=True)
            (root / "nbgrader_config.py").write_text(_config(root, lang), encoding="utf-8")
            _feedback_template(root, lang)
            nb = assignment_notebook(ex, lesson, lang, solutions)
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

"""The graded assignments (issues 28, 36 and 41): build lessons 01, 04 and 09 (the puzzles) in three languages, hand in
honest answers in every accepted form and the cheats a clever class would try, grade them with
the course's grading command (fenced runs, then the real ``nbgrader autograde``), and check the
scores, the feedback, and that no released notebook or public check gives a graded value away."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import sys
from contextlib import redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest
from filelock import FileLock

from domino_widgets.assignments.checks import exercise, grade, shown
from domino_widgets.assignments.course import build, exercises_of, fill, lesson_folders, load_lesson, nbgrader
from domino_widgets.assignments.grading import autograde
from domino_widgets.lessons_i18n import lesson_name
from domino_widgets.prob.exercises import check, exact, has_form, is_right

LANGUAGES = tuple(lesson_folders())
LESSONS = ("01_block", "04_matador", "09_puzzles")  # 09: the puzzles as an assignment (issue 41)
LESSON = "01_block"
#: What a course's feedback says of a wrong answer, and its label of an answer, in its language
WORDS = {"en": ("Exercise 2: not the accepted answer.", "Student's answer"),
         "cs": ("Cvičení 2: tato odpověď se neuznává.", "Odpověď studenta"),
         "el": ("Άσκηση 2: η απάντηση δεν γίνεται δεκτή.", "Απάντηση μαθητή")}
#: The exact values of the lessons' checked exercises (the test's own copy, to scan for)
SOLUTIONS = {"01_block": {1: 14, 2: 9, 3: Fraction(323, 3289), 4: Fraction(47481, 131560)},
             "04_matador": {1: 7, 2: Fraction(313, 819), 3: Fraction(37, 819)},
             "09_puzzles": {1: 15, 2: 9, 3: 6}}


class Courses:
    """The course of each language (``courses / "cs"``), built the first time a test asks for it and
    shared by the run's pytest-xdist workers (issue 43: every worker built all three languages,
    about 15 s a lesson and language, before its first test here): the first worker to ask builds it
    under a file lock, the others wait and read it."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def __truediv__(self, lang: str) -> Path:
        root = self.folder / lang
        self.folder.mkdir(parents=True, exist_ok=True)
        with FileLock(str(self.folder / f"{lang}.lock")):
            if not (root / ".built").exists():
                old = os.environ.get("DOMINO_FAST")
                os.environ["DOMINO_FAST"] = "1"
                try:
                    made = build(self.folder, list(LESSONS), [lang], progress=False)
                finally:
                    if old is None:
                        os.environ.pop("DOMINO_FAST", None)
                    else:
                        os.environ["DOMINO_FAST"] = old
                assert made == {lang: list(LESSONS)}
                (root / ".built").touch()
        return root


@pytest.fixture(scope="session")
def courses(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Courses:
    base = tmp_path_factory.getbasetemp()
    return Courses((base if worker_id == "master" else base.parent) / "assignments")


def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def text_of(nb: dict) -> str:
    return "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in nb["cells"])


def said(f, *args, **kw) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        f(*args, **kw)
    return out.getvalue()


# ------------------------------------------------------------------------------------------------
# One definition of a right answer (no nbgrader)
# ------------------------------------------------------------------------------------------------

def _verdicts(answer, solution, tolerance=0.001):
    """What the hidden test, the lessons' check and the public check say of ``answer``."""
    try:
        grade(1, answer, solution, tolerance)
        hidden = True
    except AssertionError:
        hidden = False
    lesson = "right" in said(check, {1: answer}, {1: solution}, tolerance).splitlines()[0]
    from domino_widgets.prob.exercises import form_of
    public = "has the form asked for" in said(exercise, 1, answer, form_of(solution))
    return hidden, lesson, public


@pytest.mark.parametrize("answer, solution, right", [
    (Fraction(98, 1000), Fraction(98, 1000), True), (0.098, Fraction(98, 1000), True),
    (Fraction(98, 1000), 0.0984, True), (0.362, Fraction(47481, 131560), False),  # 0.3609...: 0.0011 off
    (0.361, Fraction(47481, 131560), True), (0.044, Fraction(1, 22), False), (0.045, Fraction(1, 22), True),
    ("14", 14, False), ("7", 7, False), (14, 14, True), (14.0, 14, True), (Fraction(14), 14, True),
    (14.0004, 14, False), (13, 14, False), (True, 1, False), (None, 14, False), (float("nan"), Fraction(1, 2), False),
    (0.2583, Fraction(7, 27), True), (0.2602, Fraction(7, 27), True),  # 7/27 = 0.259259: 0.00096 and 0.00094 off
    (0.2575, Fraction(7, 27), False), (0.262, Fraction(7, 27), False), (0.2582, Fraction(7, 27), False),
    (0.2603, Fraction(7, 27), False), (1.0005, Fraction(1, 1), False), ("7-7", "7-7", True), (" 7-7", "7-7", True),
])
def test_one_definition_of_a_right_answer(answer, solution, right) -> None:
    """Issue 36: the hidden test, the lessons' check and the public check agree: what the grade
    accepts, the lesson calls right and the public check calls of the right form; the band of the
    tolerance is the same on both sides of the exact value."""
    hidden, lesson, public = _verdicts(answer, solution)
    assert (hidden, lesson) == (right, right)
    if right:
        assert public


def test_the_accepted_value_is_the_one_the_number_holds() -> None:
    """A number's own methods have no say: a float whose ``__sub__`` says 0, a Fraction whose
    ``__eq__`` says yes, an int subclass, an object equal to everything."""
    class Zero(float):
        def __sub__(self, other): return 0.0
        def __rsub__(self, other): return 0.0
        def __eq__(self, other): return True
        __hash__ = float.__hash__

    class Yes(Fraction):
        def __eq__(self, other): return True
        def __sub__(self, other): return Fraction(0)
        def __rsub__(self, other): return Fraction(0)
        __hash__ = Fraction.__hash__

    class Everything:
        def __eq__(self, other): return True
        def __float__(self): return 14.0
        def __index__(self): return 14

    class Int(int):
        def __eq__(self, other): return True

    for cheat, solution in ((Zero(0.5), Fraction(323, 3289)), (Yes(1, 2), Fraction(323, 3289)), (Everything(), 14),
                            (Int(13), 14)):
        assert _verdicts(cheat, solution)[:2] == (False, False)
        assert type(exact(cheat)) in (float, Fraction, int, type(None))
    assert _verdicts(Zero(14.0), 14)[:2] == (True, True)  # what it holds counts, whatever its class


def test_the_public_check_is_no_oracle() -> None:
    """Issue 36: the public check's verdict depends on the answer's form only: a loop over small
    whole numbers, decimals at the tolerance's precision and fractions cannot single out the
    solution (the salted digests gave all 29 checked answers in 3.6 s)."""
    candidates = [*range(0, 200), *(i / 1000 for i in range(0, 1001)),
                  *(Fraction(a, b) for b in range(1, 40) for a in range(0, b + 1))]
    for lesson, solutions in SOLUTIONS.items():
        for n, solution in solutions.items():
            from domino_widgets.prob.exercises import form_of
            form = form_of(solution)
            verdicts = {}
            for c in candidates:
                text = said(exercise, n, c, form).replace(f": {shown(c)} ", ": X ")
                verdicts.setdefault(has_form(c, form), set()).add(text)
            assert all(len(v) == 1 for v in verdicts.values()), (lesson, n, verdicts)
            assert said(exercise, n, solution, form).replace(f": {shown(solution)} ", ": X ") in verdicts[True]


# ------------------------------------------------------------------------------------------------
# The releases
# ------------------------------------------------------------------------------------------------

def _value_forms(value) -> list[str]:
    """How a graded value could be written in a notebook or a page."""
    v = exact(value)
    if isinstance(v, Fraction):
        return [f"Fraction({v.numerator}, {v.denominator})", f"{v.numerator}/{v.denominator}",
                f"{float(v):.3f}", f"{float(v):.4f}"]
    return []  # small whole numbers are everywhere in a lesson's words (tile names, counts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_students_version_holds_no_answer(courses: Courses, lang: str) -> None:
    for lesson in LESSONS:
        release_nb = notebook(courses / lang / "release" / lesson / f"{lesson}.ipynb")
        release = text_of(release_nb)
        source = text_of(notebook(courses / lang / "source" / lesson / f"{lesson}.ipynb"))
        assert "BEGIN HIDDEN TESTS" in source and "BEGIN HIDDEN TESTS" not in release
        assert "grade(" not in release.replace("import exercise, grade", "")
        folder = Path("notebooks") / ("" if lang == "en" else lang)
        original = exercises_of(load_lesson(folder / lesson_name(f"{lesson}.ipynb", lang)))
        plain = re.sub(r"\s+", "", release).replace("'", '"')
        for code in original.solutions.values():  # no cell and no sentence writes out a solution's code
            assert re.sub(r"\s+", "", code).replace("'", '"') not in plain, (lesson, code)
        for value in SOLUTIONS[lesson].values():  # no cell or sentence shows a graded value
            for form in _value_forms(value):
                assert form not in release, (lesson, form)
        for answer in original.answers:  # the folded answers of the questions are gone too
            assert answer[:40] not in release
        assert "<details>" not in release and "going_out" not in release and "p_matador" not in release
        assert all(not c.get("outputs") for c in release_nb["cells"])
    # the course's limit for a cell, which docs/assignments-and-contest.md names
    assert "c.ExecutePreprocessor.timeout = 60\n" in (courses / lang / "nbgrader_config.py").read_text()


def _solved(release: dict, source: dict) -> dict:
    """The students' version with the teacher's solution code (markers taken out) in each answer cell."""
    solutions = {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"]) for c in source["cells"]
                 if c["metadata"].get("nbgrader", {}).get("grade_id", "").startswith("answer_")}
    nb = json.loads(json.dumps(release))
    for cell in nb["cells"]:
        gid = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if gid in solutions:
            cell["source"] = "\n".join(line for line in solutions[gid].splitlines() if "### " not in line)
    return nb


def _nbval(nb: dict, folder: Path) -> subprocess.CompletedProcess[str]:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{LESSON}.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "pytest", "--nbval-lax", "-p", "no:cacheprovider", "-q",
                           "--rootdir", str(folder), f"{LESSON}.ipynb"], cwd=folder, capture_output=True, text=True,
                          env={**os.environ, "DOMINO_FAST": "1"}, timeout=900)


def test_the_students_version_runs_under_nbval(courses: Courses, tmp_path: Path) -> None:
    """Issue 28: the students' version, with the solutions filled in, runs under nbval."""
    root = courses / "cs"
    release = notebook(root / "release" / LESSON / f"{LESSON}.ipynb")
    run = _nbval(_solved(release, notebook(root / "source" / LESSON / f"{LESSON}.ipynb")), tmp_path / "solved")
    assert run.returncode == 0, run.stdout[-3000:]


# ------------------------------------------------------------------------------------------------
# Grading a class: honest answers in every form, and the cheats
# ------------------------------------------------------------------------------------------------

def _source_path(lesson: str) -> str:
    return f"../../../source/{lesson}/{lesson}.ipynb"


def _cheats(root: Path, lesson: str) -> dict[str, dict[int, str]]:
    """Submissions that try to get points without the answers: student -> the code of answer
    cells (the exercises not named keep ``answer = None``)."""
    n = max(SOLUTIONS[lesson])
    src = root / "source" / lesson / f"{lesson}.ipynb"
    tamper = {  # in one notebook, each exercise its own trick (none of them ends the process)
        1: "def grade(*a, **k): pass\ndef exercise(*a, **k): pass\n"
           "import domino_widgets.prob.exercises as E, domino_widgets.assignments.checks as C\n"
           "E.is_right = C.is_right = lambda *a, **k: True\nanswer = 13",
        2: "import builtins\nbuiltins.AssertionError = type('AssertionError', (Exception,), {})\n"
           "class Z(float):\n    def __sub__(self, o): return 0.0\n    def __rsub__(self, o): return 0.0\n"
           "    def __eq__(self, o): return True\n    __hash__ = float.__hash__\nanswer = Z(0.5)",
        3: "class A:\n    def __eq__(self, o): return True\n    def __float__(self): return 0.5\n"
           "ip = get_ipython()\nip.set_custom_exc((AssertionError, Exception), lambda *a, **k: None)\n"
           "ip.input_transformers_post.append(lambda lines: [])\nanswer = A()",
    }
    return {
        "tamper": tamper,
        # read the teacher's notebook (the path nbgrader's kernel would see, and the absolute one)
        "reader": {1: f"import json\nanswer = len(open({_source_path(lesson)!r}).read())",
                   2: f"answer = open({str(src)!r}).read()"},
        "absolute": {1: f"answer = len(open({str(src)!r}).read())"},
        "gradebook": {1: f"import sqlite3\nanswer = sqlite3.connect({str(root / 'gradebook.db')!r})"
                         ".execute('select count(*) from grade').fetchone()[0]"},
        "process": {1: f"import subprocess\nanswer = int(subprocess.run(['wc', '-c', {str(src)!r}], "
                       "capture_output=True).stdout.split()[0])"},
        "writer": {1: f"open({str(src)!r}, 'a').write('x')\nanswer = 0"},
        "walker": {1: "import os\nanswer = len(list(os.walk('/')))"},
        "exits": {1: "raise SystemExit(0)", 2: "import os\nos._exit(0)"},
        "looper": {1: "while True:\n    pass"},
    }


def _honest(lesson: str) -> dict[str, dict[int, str]]:
    """Right answers in every accepted form."""
    sol = SOLUTIONS[lesson]
    literal = {n: (f"Fraction({v.numerator}, {v.denominator})" if isinstance(v, Fraction) else str(v))
               for n, v in sol.items()}
    decimal = {n: (repr(round(float(v), 3)) if isinstance(v, Fraction) else f"{v}.0") for n, v in sol.items()}
    unreduced = {n: (f"Fraction({v.numerator * 7}, {v.denominator * 7})" if isinstance(v, Fraction)
                     else f"Fraction({v * 3}, 3)") for n, v in sol.items()}
    return {"literal": literal, "decimal": decimal, "unreduced": unreduced}


def _cells(release: dict, code: dict[int, str]) -> dict:
    """``release`` with the answer cells of ``code`` (exercise -> the cell's whole code)."""
    nb = json.loads(json.dumps(release))
    for cell in nb["cells"]:
        gid = cell["metadata"].get("nbgrader", {}).get("grade_id", "")
        if gid.startswith("answer_") and int(gid.split("_")[1]) in code:
            cell["source"] = code[int(gid.split("_")[1])]
    return nb


def _hand_in(root: Path, lesson: str, student: str, nb: dict) -> None:
    folder = root / "submitted" / student / lesson
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{lesson}.ipynb").write_text(json.dumps(nb), encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_grading_a_class_no_cheat_scores(courses: Courses, lang: str) -> None:
    """Issue 36: through the grading command (each submission in a fenced process, then the real
    ``nbgrader autograde`` of its answers), in lessons 01 and 04: every cheat scores 0, honest
    answers in every accepted form score full, a partly right notebook scores its part; the
    teacher's notebook and the gradebook are untouched; the feedback shows the points and the
    student's answers, never a hidden test or a solution."""
    from nbgrader.api import Gradebook

    root = courses / lang
    for lesson in LESSONS:
        release = notebook(root / "release" / lesson / f"{lesson}.ipynb")
        source_file = root / "source" / lesson / f"{lesson}.ipynb"
        before = source_file.read_bytes()
        _hand_in(root, lesson, "correct", _solved(release, notebook(source_file)))  # computed with the lesson's tools
        # What does not depend on the lesson's language runs in English only (issue 43: each
        # submission is a fenced process and an nbgrader kernel, ~7 s): the answers' accepted forms
        # (one `is_right`, tested above) and the cheats that end the process or run out of time the
        # same way whatever the notebook's words, and those in lesson 01 only: they attack the grader,
        # not the lesson. Every language and lesson keeps the lesson's own solution, a partly right and
        # an empty notebook, and the cheats that read or patch what is in it.
        honest = _honest(lesson) if lang == "en" else {}
        for student, answers in honest.items():
            _hand_in(root, lesson, student, fill(release, answers))
        _hand_in(root, lesson, "partly", fill(release, {1: str(SOLUTIONS[lesson][1]), 2: "'14'", 3: "0.5"}))
        _hand_in(root, lesson, "empty", release)
        cheats = _cheats(root, lesson)
        if lang != "en" or lesson != LESSON:  # the cheats on the grader itself: one lesson, in English
            cheats = {k: v for k, v in cheats.items() if k in ("tamper", "reader")}
        for student, answers in cheats.items():
            _hand_in(root, lesson, student, _cells(release, answers))
        runs = autograde(root, lesson, per_cell=5)
        assert runs["reader"].ended.startswith("fence")
        if "looper" in cheats:
            assert runs["process"].ended.startswith("fence") and runs["looper"].ended == "time"
        n = len(SOLUTIONS[lesson])
        with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
            scores = {s: gb.find_submission(lesson, s).code_score for s in ("correct", *honest, "partly", "empty", *cheats)}
        assert scores == {"correct": n, **{s: n for s in honest}, "partly": 1, "empty": 0,
                          **{s: 0 for s in cheats}}, (lang, lesson, scores)
        assert source_file.read_bytes() == before
        nbgrader(root, "generate_feedback", lesson, "--force")
        for student in ("correct", "partly", "tamper", "reader"):
            page = (root / "feedback" / student / lesson / f"{lesson}.html").read_text(encoding="utf-8")
            assert "HIDDEN TESTS" not in page and not re.search(r"grade\(\d+, answer", page), student
            assert "most recent call last" not in page and "Cell In[" not in page, student
            if student != "correct":
                for value in SOLUTIONS[lesson].values():
                    for form in _value_forms(value) + [f"answer, {value}, "]:
                        assert form not in page, (student, form)
        partly = (root / "feedback" / "partly" / lesson / f"{lesson}.html").read_text(encoding="utf-8")
        assert "&#39;14&#39;" in partly or "'14'" in partly  # the student's own answer is shown
        assert all(word in partly for word in WORDS[lang]), lang  # nbgrader's labels and the error, translated
    shutil.rmtree(root / "answers")

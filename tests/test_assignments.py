"""The whole grading cycle with the real grader (issue 28): build the assignments of one lesson in
three languages, hand in a correct, a partly wrong and an empty notebook per language, grade them
with nbgrader, and check the scores and the feedback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest



from domino_widgets.assignments.checks import answer_key, exercise  # noqa: E402
from domino_widgets.assignments.course import build, exercises_of, fill, lesson_folders, load_lesson, nbgrader  # noqa: E402
from domino_widgets.lessons_i18n import lesson_name  # noqa: E402

LANGUAGES = tuple(lesson_folders())

LESSON = "01_block"
#: What the public check says when an answer is right, per language (the lesson's own sentences)
RIGHT = {"en": "Exercise {}: right", "cs": "Cvičení {}: správně", "el": "Άσκηση {}: σωστ"}


@pytest.fixture(scope="module")
def courses(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("assignments")
    old = os.environ.get("DOMINO_FAST")
    os.environ["DOMINO_FAST"] = "1"
    try:
        made = build(out, [LESSON], LANGUAGES, progress=False)
    finally:
        if old is None:
            os.environ.pop("DOMINO_FAST", None)
        else:
            os.environ["DOMINO_FAST"] = old
    assert made == {lang: [LESSON] for lang in LANGUAGES}
    return out


def notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def text_of(nb: dict) -> str:
    return "\n".join("".join(c["source"]) if isinstance(c["source"], list) else c["source"] for c in nb["cells"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_students_version_holds_no_answer(courses: Path, lang: str) -> None:
    release = text_of(notebook(courses / lang / "release" / LESSON / f"{LESSON}.ipynb"))
    source = text_of(notebook(courses / lang / "source" / LESSON / f"{LESSON}.ipynb"))
    assert "BEGIN HIDDEN TESTS" in source and "BEGIN HIDDEN TESTS" not in release
    assert "grade(" not in release.replace("import exercise, grade", "")
    ex = exercises_of(notebook(courses / lang / "source" / LESSON / f"{LESSON}.ipynb"))
    folder = Path("notebooks") / ("" if lang == "en" else lang)
    lesson = exercises_of(load_lesson(folder / lesson_name(f"{LESSON}.ipynb", lang)))
    assert ex is None  # the assignment has no plain check(answers, ...) that would show the solutions
    code = "\n".join("".join(c["source"]) for c in notebook(courses / lang / "release" / LESSON / f"{LESSON}.ipynb")
                     ["cells"] if c["cell_type"] == "code")
    for solution in lesson.solutions.values():  # no code computes a solution (the questions may name a function)
        assert solution not in code
    assert "going_out" not in code
    for answer in lesson.answers:  # the folded answers of the questions are gone too
        assert answer[:40] not in release
    assert "<details>" not in release


def _grade(root: Path, student: str, nb: dict) -> None:
    folder = root / "submitted" / student / LESSON
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{LESSON}.ipynb").write_text(json.dumps(nb), encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_grading_a_class(courses: Path, lang: str) -> None:
    from nbgrader.api import Gradebook

    root = courses / lang
    release = notebook(root / "release" / LESSON / f"{LESSON}.ipynb")
    source = notebook(root / "source" / LESSON / f"{LESSON}.ipynb")
    _grade(root, "correct", source)  # the teacher's solutions, as a student who got all right
    _grade(root, "partly", fill(release, {1: "14", 2: "Fraction(7, 3)", 3: "0.5"}))  # 1 right, 3 wrong
    _grade(root, "empty", release)
    nbgrader(root, "db", "student", "add", "correct")
    nbgrader(root, "db", "student", "add", "partly")
    nbgrader(root, "db", "student", "add", "empty")
    nbgrader(root, "autograde", LESSON, "--force")
    nbgrader(root, "generate_feedback", LESSON, "--force")
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gb:
        scores = {s: gb.find_submission(LESSON, s).score for s in ("correct", "partly", "empty")}
        manual = gb.find_submission(LESSON, "correct").needs_manual_grade
        maximum = gb.find_assignment(LESSON).max_score
    assert scores == {"correct": 4, "partly": 1, "empty": 0}, scores
    assert manual  # the questions in words wait for the teacher
    assert maximum == 4 + 3  # 4 checked exercises + 3 questions, a point each
    # the students' version with the solutions filled in: every public check says right
    feedback = (root / "feedback" / "correct" / LESSON / f"{LESSON}.html").read_text(encoding="utf-8")
    assert all(RIGHT[lang].format(n) in feedback for n in (1, 2, 3, 4))
    partly = (root / "feedback" / "partly" / LESSON / f"{LESSON}.html").read_text(encoding="utf-8")
    assert RIGHT[lang].format(1) in partly and RIGHT[lang].format(2) not in partly and "AssertionError" in partly


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


def _printed(nb: dict, folder: Path) -> str:
    """What the notebook prints when run (nbclient, as Jupyter runs it)."""
    import nbclient
    import nbformat

    folder.mkdir(parents=True, exist_ok=True)
    book = nbformat.reads(json.dumps(nb), as_version=4)
    old = os.environ.get("DOMINO_FAST")
    os.environ["DOMINO_FAST"] = "1"
    try:
        nbclient.NotebookClient(book, timeout=600, resources={"metadata": {"path": str(folder)}}).execute()
    finally:
        if old is None:
            os.environ.pop("DOMINO_FAST", None)
        else:
            os.environ["DOMINO_FAST"] = old
    return "\n".join(o.get("text", "") for c in book.cells if c.cell_type == "code" for o in c.outputs)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_students_version_runs_under_nbval(courses: Path, lang: str, tmp_path: Path) -> None:
    """Issue 28: the students' version, with the solutions filled in, runs under nbval; its public
    checks say right to each; with a wrong answer the check says "not yet" and never the answer."""
    root = courses / lang
    release = notebook(root / "release" / LESSON / f"{LESSON}.ipynb")
    solved = _solved(release, notebook(root / "source" / LESSON / f"{LESSON}.ipynb"))
    run = _nbval(solved, tmp_path / "solved")
    assert run.returncode == 0, run.stdout[-3000:]
    wrong = json.loads(json.dumps(solved))
    for cell in wrong["cells"]:
        if cell["metadata"].get("nbgrader", {}).get("grade_id") == "answer_1":
            cell["source"] += "\nanswer = 13"  # the solution's setup kept, its answer wrong (14 is right)
    said = _printed(wrong, tmp_path / "wrong")
    assert RIGHT[lang].format(1) not in said and all(RIGHT[lang].format(n) in said for n in (2, 3, 4)), said
    assert "13" in said and "(14)" not in said  # the student's answer is quoted back, the solution is not
    assert "Error" not in said


def test_the_public_check_says_right_within_the_tolerance_and_never_the_answer(capsys) -> None:
    from fractions import Fraction

    key = answer_key("x", 2, Fraction(91, 136), 0.001)
    for answer, word in ((Fraction(91, 136), "right"), (0.669, "right"), (0.6691, "right"), (0.672, "not yet"),
                         ("0.669", "not yet"), (True, "not yet"), (None, "not answered")):
        exercise(2, answer, key)
        assert word in capsys.readouterr().out
    assert "91" not in json.dumps(key) and "0.66" not in json.dumps(key)


def test_the_build_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    from domino_widgets.core.errors import DominoError

    with pytest.raises(DominoError, match="no lesson"):
        build(tmp_path, ["99_nothing"], progress=False)
    with pytest.raises(DominoError, match="no lessons in"):
        build(tmp_path, [LESSON], ["fr"], progress=False)
    shutil.rmtree(tmp_path)

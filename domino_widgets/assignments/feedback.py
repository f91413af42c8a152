"""What nbgrader's feedback shows of a graded check: the points and the student's own answer,
never a hidden test nor the traceback that would quote it (issue 36).

`HideTests` is a preprocessor of ``nbgrader generate_feedback`` (the course's
``nbgrader_config.py`` names it): in each graded cell it removes the hidden tests' lines and
replaces an error's traceback, which quotes the failing line, by its one-line message.
"""

from __future__ import annotations

from typing import Any

from nbgrader.preprocessors import NbGraderPreprocessor

__all__ = ["HideTests"]

BEGIN, END = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"


def without_hidden_tests(source: str) -> str:
    """``source`` without the lines from ``### BEGIN HIDDEN TESTS`` to ``### END HIDDEN TESTS``.

    >>> without_hidden_tests("exercise(1, answer)\\n### BEGIN HIDDEN TESTS\\ngrade(1, answer, 14)\\n### END HIDDEN TESTS")
    'exercise(1, answer)'
    """
    kept, hidden = [], False
    for line in source.split("\n"):
        if BEGIN in line:
            hidden = True
        elif END in line:
            hidden = False
        elif not hidden:
            kept.append(line)
    return "\n".join(kept).rstrip("\n")


class HideTests(NbGraderPreprocessor):  # type: ignore[misc]
    """Remove the hidden tests and the tracebacks from the feedback of every code cell."""


    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        if cell.cell_type != "code":
            return cell, resources
        cell.source = without_hidden_tests(cell.source)
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error":
                message = str(output.get("evalue", ""))[:300]
                output["traceback"] = [f"{output.get('ename', 'Error')}: {message}" if message else
                                       str(output.get("ename", "Error"))]
        return cell, resources

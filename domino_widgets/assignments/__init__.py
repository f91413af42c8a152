"""The lessons' exercises as graded assignments, with nbgrader (issue 28).

``python -m domino_widgets.assignments build`` (``make assignments``) makes, for each lesson with
exercises and for each language, an nbgrader course: the teacher's version (solutions and hidden
tests) in ``source/``, the student's version in ``release/``. See `course` and
docs/assignments-and-contest.md.
"""

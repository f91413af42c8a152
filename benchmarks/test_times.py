"""Where the suite's minutes go: the seconds of each test file, summed from a JUnit report.

    python benchmarks/test_times.py [build/test-suite.xml] [--top 25]

`make test-suite` writes ``build/test-suite.xml`` (pytest ``--junitxml``). The seconds are each test's
own (setup, call and teardown, on whichever xdist worker ran it): their sum is the suite's worker
time, which two workers share; the wall time is about half of it when the two stay busy.
"""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path


def file_seconds(report: Path) -> tuple[dict[str, float], list[tuple[float, str]]]:
    """Seconds per test file and per test, from a JUnit XML ``report``.

    >>> import tempfile, os
    >>> xml = '<testsuites><testsuite><testcase classname="tests.test_a" name="t1" time="2.5"/>' \\
    ...       '<testcase classname="tests.browser.test_b" name="t2[lab]" time="1"/></testsuite></testsuites>'
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = Path(d) / "r.xml"; _ = p.write_text(xml)
    ...     files, tests = file_seconds(p)
    >>> files
    {'tests/test_a.py': 2.5, 'tests/browser/test_b.py': 1.0}
    >>> tests[0]
    (2.5, 'tests/test_a.py::t1')
    """
    files: dict[str, float] = defaultdict(float)
    tests: list[tuple[float, str]] = []
    for case in ET.parse(report).iter("testcase"):
        path = _file_of(case.get("classname", ""))
        seconds = float(case.get("time", 0) or 0)
        files[path] += seconds
        tests.append((seconds, f"{path}::{case.get('name')}"))
    tests.sort(reverse=True)
    return dict(files), tests


def _file_of(classname: str) -> str:
    """The test file of a JUnit class name (``tests.test_a`` or, for a test in a class, ``tests.test_a.TestX``)."""
    parts = classname.split(".")
    for n in range(len(parts), 0, -1):
        if Path(*parts[:n]).with_suffix(".py").is_file():
            return "/".join(parts[:n]) + ".py"
    return "/".join(parts) + ".py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", nargs="?", default="build/test-suite.xml", type=Path)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    files, tests = file_seconds(args.report)
    total = sum(files.values())
    print(f"{len(tests)} tests, {total:,.0f} worker-seconds")
    for path, seconds in sorted(files.items(), key=lambda kv: -kv[1])[: args.top]:
        print(f"{seconds:8.1f} s {100 * seconds / total:5.1f}%  {path}")
    print("slowest tests:")
    for seconds, name in tests[: args.top]:
        print(f"{seconds:8.1f} s  {name}")


if __name__ == "__main__":
    main()

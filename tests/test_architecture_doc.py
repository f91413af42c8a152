"""docs/architecture.md names the code as it is (issue 42): a newcomer follows a click through the
functions it names, so a rename that leaves the page behind fails here, as a dead link fails
test_links.py. Every file it names exists, every ``Class.member`` is defined on that class (or a
base of it), and every other name in code spans is defined in the package, the tests or
board.js, or is a library call the package makes (``loop.run_in_executor``)."""

from __future__ import annotations

import ast
import builtins
import re
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
PACKAGE = ROOT / "domino_widgets"
BOARD_JS = PACKAGE / "widgets" / "board.js"
IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


@lru_cache(maxsize=1)
def _code() -> tuple[dict[str, set[str]], dict[str, list[str]], set[str], str]:
    """The classes (their members and bases by name), every name defined anywhere, and the
    source text of the package, the tests and board.js."""
    members: dict[str, set[str]] = {}
    bases: dict[str, list[str]] = {}
    defined: set[str] = set()
    texts = []
    for path in sorted(PACKAGE.rglob("*.py")) + sorted((ROOT / "tests").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        texts.append(text)
        defined.add(path.stem)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                defined.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                defined.add(node.id)
            if isinstance(node, ast.ClassDef):
                own = members.setdefault(node.name, set())
                bases.setdefault(node.name, []).extend(b.id if isinstance(b, ast.Name) else getattr(b, "attr", "")
                                                       for b in node.bases)
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                        own.add(item.name)
                    for target in getattr(item, "targets", [getattr(item, "target", None)]):
                        if isinstance(target, ast.Name):
                            own.add(target.id)
    js = BOARD_JS.read_text(encoding="utf-8")
    defined |= set(re.findall(r"\bfunction (\w+)", js)) | set(re.findall(r"\b(?:const|let) (\w+)", js))
    texts += [js, (ROOT / "pyproject.toml").read_text(encoding="utf-8"), (ROOT / "Makefile").read_text(encoding="utf-8")]
    return members, bases, defined, "\n".join(texts)


def _has_member(cls: str, name: str, seen: frozenset[str] = frozenset()) -> bool:
    members, bases, _, _ = _code()
    if name in members.get(cls, ()):
        return True
    return any(_has_member(b, name, seen | {cls}) for b in bases.get(cls, ()) if b not in seen)


def _file_exists(span: str) -> bool:
    name = span.split()[0].rstrip(",")
    return any(str(p).endswith("/" + name) for p in ROOT.glob(f"**/{Path(name).name}")
               if ".git" not in p.parts)


def unknown_names(spans: list[str]) -> list[str]:
    """The names in ``spans`` (the text of code spans) that the code does not have.

    >>> unknown_names(["GameSession.click_tile", "widgets/runner.py", "_kick", "loop.run_in_executor"])
    []
    >>> unknown_names(["GameSession.click_tyle", "widgets/runer.py", "_kick_off", "Timeline.push", "repaint()"])
    ['GameSession.click_tyle', 'widgets/runer.py', '_kick_off', 'Timeline.push', 'repaint']
    """
    members, _, defined, text = _code()
    bad = []
    for span in spans:
        if any(c in span for c in "<*"):  # a pattern (tests/test_rules_<variant>.py), not a name
            continue
        if re.search(r"\.(py|js|css)\b", span):
            for path in re.findall(r"[\w/.]+\.(?:py|js|css)\b", span):
                if not _file_exists(path):
                    bad.append(path)
            continue
        for token in IDENT.findall(span):
            parts = token.split(".")
            if parts[0] in members and len(parts) == 2:
                if not _has_member(parts[0], parts[1]):
                    bad.append(token)
                continue
            for part in parts:
                ours = ("_" in part.strip("_") or part[:1].isupper() or part.startswith("_")
                        or f"{part}(" in span)  # snake_case, CamelCase, private, or called
                if not ours or part in defined or part.startswith("__") or hasattr(builtins, part):
                    continue
                if not re.search(rf"\.{re.escape(part)}\b|\b{re.escape(part)} *=", text):
                    bad.append(part)
    return bad


def test_the_architecture_page_names_only_what_the_code_has() -> None:
    spans = re.findall(r"`([^`\n]+)`", DOC.read_text(encoding="utf-8"))
    assert len(spans) > 200
    assert unknown_names(spans) == []

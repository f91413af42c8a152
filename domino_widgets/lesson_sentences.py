"""The sentences of a lesson's code cells: which strings of the code a reader reads, and how the
Czech and Greek lessons get them in their words (issue 39).

An English lesson's code is what a student writes: ``print(f"Greedy lays {play}.")``, a chart's
``title="sixes in a hand of seven"``. The lesson builder (`domino_widgets.lessons_i18n`) takes
those strings from the code as messages of the lesson's catalog and writes the translation in
their place in the Czech and Greek lessons. A string is read by the reader when it is

* anywhere inside the arguments of ``print(...)``;
* anywhere inside a keyword argument that names a text of a picture or a control
  (`READER_KEYWORDS`: ``title=``, ``xlabel=``, ``labels=[...]``, ``description=``, ``name=``, ...);
* an f-string anywhere else (a cell's value, a list of sentences), unless it is a direct argument
  of a call, an index or a dict key: ``compare.stored(f"skill {g}")`` names a stored result;
* a value of a table of names, a dict display of text keys and text values that are not ids
  (``{"draw": "Greek draw"}``; its keys are ids), where it is assigned or given as a reader's
  keyword.

It is a message when it holds a word (two letters in a row outside its ``{fields}``). An
f-string's fields are kept in the message as written (``{cost:.1f}``): a translation must have
the same fields (`same_fields`), in any order. In the translated lesson each field of an
f-string is written through `domino_widgets.language.in_language`, which writes numbers, plays
and verdicts the way the lesson's language does (``{dw.in_language(cost, '.1f')}``: "3,5", not
"3.5"); the English lesson's code stays plain.

>>> code = 'print(f"Greedy lays {play}, worth {value:.1f}.")\\ngames = compare.stored(f"skill {g}")'
>>> sentences(code)
['Greedy lays {play}, worth {value:.1f}.']
>>> print(translate(code, {"Greedy lays {play}, worth {value:.1f}.": "Hladový položí {play} za {value:.1f}."}.get))
print(f"Hladový položí {dw.in_language(play)} za {dw.in_language(value, '.1f')}.")
games = compare.stored(f"skill {g}")
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

#: The keyword arguments whose strings a reader reads: the texts of a chart or a control, the
#: name of a player a lesson makes (shown in its results).
READER_KEYWORDS = frozenset({"title", "xlabel", "ylabel", "label", "labels", "series", "exact_label",
                             "simulated_label", "reference_label", "games", "description", "name"})
#: A word: two letters in a row.
_WORD = re.compile(r"[^\W\d_]{2}")
#: How the translated lessons write a field's value (`domino_widgets.language.in_language`).
IN_LANGUAGE = "dw.in_language"


@dataclass(frozen=True)
class Literal:
    """A string of a code cell that the reader reads: where it is (``start``, ``end``: offsets in
    the cell's text), how it is written (``prefix``: ``f`` or none, ``quote``) and its ``text``
    (the characters between the quotes, escapes read: the message)."""

    start: int
    end: int
    prefix: str
    quote: str
    text: str

    @property
    def is_f(self) -> bool:
        return "f" in self.prefix.lower()

    @property
    def is_message(self) -> bool:
        """Whether it holds a word outside its fields (``f"{a}: {b}"`` holds none)."""
        literal = "".join(part for kind, part in parts(self.text) if kind == "text") if self.is_f else self.text
        return bool(_WORD.search(literal))


def parts(text: str) -> Iterator[tuple[str, str]]:
    """A template's pieces in order: ``("text", ...)`` and ``("field", "{...}")``, a field as
    written (an f-string's expression, a conversion, a format spec with its own fields); ``{{``
    and ``}}`` are text. A ValueError when a brace is unpaired.

    >>> list(parts("{n:,} of {total} ({{sic}}) {d[\\"a\\"]:>{w}}"))
    [('field', '{n:,}'), ('text', ' of '), ('field', '{total}'), ('text', ' ({{sic}}) '), ('field', '{d["a"]:>{w}}')]
    """
    i, n, text_start = 0, len(text), 0
    while i < n:
        c = text[i]
        if c in "{}" and text[i + 1:i + 2] == c:
            i += 2
        elif c == "}":
            raise ValueError(f"a single '}}' in {text!r}")
        elif c == "{":
            if i > text_start:
                yield "text", text[text_start:i]
            end = _split(text, i)[3]
            yield "field", text[i:end]
            i = text_start = end
        else:
            i += 1
    if n > text_start:
        yield "text", text[text_start:]


def _split(text: str, start: int) -> tuple[str, str, str, int]:
    """The field that opens at ``text[start]`` (a ``{``): its expression, conversion (``r``, or
    empty), format spec, and the offset just after its closing brace."""
    depth, quote, j, n = 0, "", start + 1, len(text)
    marks = {"conv": -1, "spec": -1}
    while j < n:
        c = text[j]
        in_spec = marks["spec"] >= 0
        if quote and not in_spec:
            if c == quote:
                quote = ""
        elif c in "'\"" and not in_spec:
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "}":
            if depth == 0:
                conv_at, spec_at = marks["conv"], marks["spec"]
                expr_end = conv_at if conv_at >= 0 else spec_at if spec_at >= 0 else j
                conv = text[conv_at + 1:spec_at if spec_at >= 0 else j] if conv_at >= 0 else ""
                spec = text[spec_at + 1:j] if spec_at >= 0 else ""
                return text[start + 1:expr_end], conv, spec, j + 1
            depth -= 1
        elif depth == 0 and not in_spec and c == ":":
            marks["spec"] = j
        elif depth == 0 and not in_spec and c == "!" and text[j + 1:j + 2] != "=" and marks["conv"] < 0:
            marks["conv"] = j
        j += 1
    raise ValueError(f"an unclosed '{{' in {text!r}")


def fields(text: str) -> list[str]:
    """The ``{fields}`` of a template, as written, in order.

    >>> fields("Player {seat + 1} scores {points:,} ({{not a field}})")
    ['{seat + 1}', '{points:,}']
    """
    return [part for kind, part in parts(text) if kind == "field"]


def same_fields(english: str, translation: str) -> bool:
    """Whether a translation has exactly the fields of its English text (each as often, in any
    order), so the translated code computes and prints the same values.

    >>> same_fields("{a} minus {b}: {d:+.1f}", "{d:+.1f} je rozdíl {a} a {b}")
    True
    >>> same_fields("{a} minus {b}: {d:+.1f}", "{a} minus {b}: {d:.1f}"), same_fields("{a}", "{a} {a}")
    (False, False)
    """
    try:
        return Counter(fields(english)) == Counter(fields(translation))
    except ValueError:
        return False


# ------------------------------------------------------------------ which strings the reader reads


#: An id in code: lowercase letters, digits, ``_`` and ``-`` ("draw", "all_fives", "greedy-random").
_ID = re.compile(r"[a-z0-9_\-]*")


def _table_of_names(node: ast.AST) -> bool:
    """A dict display of text keys and text values that are names, not ids (each has a capital
    or a space): ids and the names a reader reads. ``{"scoring": "draw"}`` is code.

    >>> [_table_of_names(ast.parse(d, mode="eval").body) for d in ('{"draw": "Greek draw", "block": "Block"}',
    ...                                                            '{"scoring": "draw"}', '{"a": f"{x}"}')]
    [True, False, True]
    """
    return (isinstance(node, ast.Dict) and bool(node.keys)
            and all(k is not None and isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys)
            and all(isinstance(v, ast.JoinedStr) or (isinstance(v, ast.Constant) and isinstance(v.value, str)
                                                     and not _ID.fullmatch(v.value)) for v in node.values))


def _reader_nodes(tree: ast.AST) -> list[ast.expr]:
    """The string nodes of ``tree`` that a reader reads (the module docstring's rules): ``reader``
    is true inside ``print(...)`` and a reader's keyword; ``key`` inside a call's other arguments,
    an index or a dict key (what is there names something, and is not read)."""
    found: list[ast.expr] = []

    def visit(node: ast.AST, reader: bool, key: bool = False) -> None:
        if isinstance(node, ast.JoinedStr):
            if reader or not key:
                found.append(node)
            return  # its fields are code
        if isinstance(node, ast.Constant):
            if reader and isinstance(node.value, str):
                found.append(node)
            return
        if isinstance(node, ast.Call):
            is_print = isinstance(node.func, ast.Name) and node.func.id == "print"
            visit(node.func, reader, key)
            for arg in node.args:
                visit(arg, reader or is_print, key=not (reader or is_print))
            for kw in node.keywords:
                said = reader or is_print or kw.arg in READER_KEYWORDS
                visit(kw.value, said, key=not said)
            return
        if isinstance(node, ast.Subscript):
            visit(node.value, reader, key)
            visit(node.slice, reader, key=True)
            return
        if isinstance(node, ast.Dict):
            names = _table_of_names(node) and (reader or not key)
            for k, v in zip(node.keys, node.values):
                if k is not None:
                    visit(k, reader and not names, key=True)
                visit(v, reader or names, key)
            return
        for child in ast.iter_child_nodes(node):
            visit(child, reader, key)

    visit(tree, False)
    return found


def _offsets(code: str) -> list[int]:
    """The offset in ``code`` of each line's start (1-based lines, as the AST counts them)."""
    starts, at = [0, 0], 0
    for line in code.splitlines(keepends=True):
        at += len(line)
        starts.append(at)
    return starts


def _char_offset(code: str, starts: list[int], line: int, byte_col: int) -> int:
    text = code[starts[line]:starts[line + 1] if line + 1 < len(starts) else len(code)]
    return starts[line] + len(text.encode("utf-8")[:byte_col].decode("utf-8"))


_PREFIX = re.compile(r"(?P<prefix>[A-Za-z]*)(?P<quote>'''|\"\"\"|'|\")")


def literals(code: str) -> list[Literal]:
    """The strings a reader reads in a code cell, in the order they are written. A cell Python
    cannot read (a magic, a syntax error) has none; a string written as two literals side by side
    (``"a" "b"``) cannot be one message: a ValueError.

    >>> [(s.text, s.is_f, s.is_message) for s in literals('print("Hi!", f"{n:,}")\\nx = 1')]
    [('Hi!', False, True), ('{n:,}', True, False)]
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    starts = _offsets(code)
    out = []
    for node in _reader_nodes(tree):
        assert node.end_lineno is not None and node.end_col_offset is not None
        start = _char_offset(code, starts, node.lineno, node.col_offset)
        end = _char_offset(code, starts, node.end_lineno, node.end_col_offset)
        source = code[start:end]
        m = _PREFIX.match(source)
        if m is None:  # pragma: no cover - the AST said it is a string
            raise ValueError(f"not a string literal: {source!r}")
        prefix, quote = m["prefix"], m["quote"]
        inner = source[m.end():len(source) - len(quote)]
        if not source.endswith(quote) or _ends_early(inner, quote):
            raise ValueError(f"write a sentence as one string, not as strings side by side: {source!r}")
        if "r" in prefix.lower() or "b" in prefix.lower():
            raise ValueError(f"a sentence is a plain string or an f-string, not {prefix}'...': {source!r}")
        plain = prefix.lower().replace("f", "")
        text = ast.literal_eval(f"{plain}{quote}{inner}{quote}")
        out.append(Literal(start, end, prefix, quote, text))
    return sorted(out, key=lambda s: s.start)


def _ends_early(inner: str, quote: str) -> bool:
    """Whether an unescaped ``quote`` closes the string before its end (implicit concatenation)."""
    i = 0
    while i < len(inner):
        if inner[i] == "\\":
            i += 2
            continue
        if inner.startswith(quote, i):
            return True
        i += 1
    return False


def sentences(code: str) -> list[str]:
    """The messages of a code cell's strings, in order (`literals` that hold a word)."""
    return [s.text for s in literals(code) if s.is_message]


# ------------------------------------------------------------------ writing a translation into the code


def _escaped(text: str, quote: str) -> str:
    r"""``text`` as written between ``quote`` quotes.

    >>> _escaped('say "hi"\n', '"')
    'say \\"hi\\"\\n'
    """
    text = text.replace("\\", "\\\\").replace("\n", "\\n")
    return text.replace(quote[0], "\\" + quote[0]) if len(quote) == 1 else text


def _in_language(field: str, quote: str) -> str:
    """An f-string's field written through `IN_LANGUAGE`: ``{x:.1f}`` becomes
    ``{dw.in_language(x, '.1f')}`` (the spec between the quotes the f-string does not use). A
    field with a conversion (``{x!r}``, code) or a debug ``=`` stays as it is.

    >>> _in_language("{cost:.1f}", '"'), _in_language("{a, b}", "'"), _in_language("{x!r}", '"')
    ("{dw.in_language(cost, '.1f')}", '{dw.in_language((a, b))}', '{x!r}')
    """
    expr, conv, spec, _ = _split(field, 0)
    if conv or re.search(r"(?<![=!<>])=\s*$", expr):
        return field
    try:
        tuple_ = isinstance(ast.parse(expr.strip(), mode="eval").body, ast.Tuple)
    except SyntaxError:
        return field
    value = f"({expr.strip()})" if tuple_ else expr.strip()
    if not spec:
        return f"{{{IN_LANGUAGE}({value})}}"
    other = "'" if quote[0] == '"' else '"'
    nested = "f" if "{" in spec else ""
    return f"{{{IN_LANGUAGE}({value}, {nested}{other}{spec}{other})}}"


def written(text: str, literal: Literal, in_language: bool = True) -> str:
    """``text`` (a translation of ``literal``) written as the literal was: the same prefix and
    quotes; an f-string's fields through `IN_LANGUAGE` when ``in_language``."""
    if not literal.is_f:
        return f"{literal.prefix}{literal.quote}{_escaped(text, literal.quote)}{literal.quote}"
    out = []
    for kind, part in parts(text):
        if kind == "text":
            out.append(_escaped(part, literal.quote))
        else:
            out.append(_in_language(part, literal.quote) if in_language else part)
    return f"{literal.prefix}{literal.quote}{''.join(out)}{literal.quote}"


def translate(code: str, translation: Callable[[str], str | None], in_language: bool = True) -> str:
    """``code`` with each message in its ``translation`` (the English text when it gives None)
    and, when ``in_language``, every field of its f-strings written through `IN_LANGUAGE`. A
    translation whose fields are not the English ones is a ValueError: the lesson would print
    other values, or none."""
    out, at = [], 0
    for s in literals(code):
        text = s.text
        if s.is_message:
            text = translation(s.text) or s.text
            if not same_fields(s.text, text):
                raise ValueError(f"the translation of {s.text[:60]!r} must keep its fields {fields(s.text)}, "
                                 f"not {fields(text) if _parses(text) else 'unpaired braces'}")
        out += [code[at:s.start], written(text, s, in_language)]
        at = s.end
    result = "".join(out) + code[at:]
    if result != code:
        ast.parse(result)  # a SyntaxError here is the builder's bug, never a lesson printed wrong
    return result


def _parses(text: str) -> bool:
    try:
        fields(text)
        return True
    except ValueError:
        return False


def without_sentences(code: str) -> str:
    """``code`` with every string the reader reads emptied: two cells are the same code when
    this is the same for both."""
    out, at = [], 0
    for s in literals(code):
        out += [code[at:s.start], '""']
        at = s.end
    return "".join(out) + code[at:]

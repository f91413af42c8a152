"""The lessons in other languages: ``notebooks/<lang>/*.<lang>.ipynb`` are built from the English
lessons (``notebooks/*.ipynb``) and one gettext catalog per language, ``notebooks/locale/<lang>.po``,
so the three versions cannot drift apart.

- A translated lesson's file name says its language (``notebooks/cs/01_block.cs.ipynb``), so no
  two lessons share a name: JupyterLite keeps one kernel session per file *name*, and two
  ``01_block.ipynb`` open at once (English and Czech) hung the second tab and killed the first
  one's kernel (issue 26). A link from one lesson to another (``[01](01_block.ipynb)``) is
  written to the lesson of the same language by the build (``lesson_links``).

- A markdown cell is one message: its English text is the ``msgid``, the notebook's name the
  ``msgctxt``.
- A code cell is the same in every language, except for the language setting
  ``dw.set_language("en")``, its comments, and the strings its reader reads (a sentence it
  prints, ``print(f"Greedy lays {play}.")``, a chart's ``title="..."``: the rules are
  `domino_widgets.lesson_sentences`), each a message too. The English lesson's code is what a
  student writes; in the translated lessons each field of an f-string is written through
  ``dw.in_language`` (numbers, plays and verdicts as the language writes them), and a translation
  must keep its English text's fields.
- ``python -m domino_widgets.lessons_i18n extract`` writes the template ``notebooks/locale/lessons.pot``
  and brings every ``<lang>.po`` up to date with it (a changed English text becomes *fuzzy*: its
  old translation is kept as a suggestion, and the check fails until a translator confirms it);
  ``build`` writes the translated notebooks without outputs (``make notebooks`` runs them);
  ``check`` fails on a missing, fuzzy or stale translation, a translated sentence without its
  English text's fields, or a built notebook that lags behind its English lesson. Any tool for ``.po`` files (Poedit, Lokalize, Weblate) edits the
  catalogs; a fourth language is a new ``<lang>.po`` (``extract --add xx``).

>>> code = 'print(f"Greedy lays {move}.")  # the greedy player'
>>> tr_literals(code)
['Greedy lays {move}.', 'the greedy player']
>>> print(translate_code(code, {"Greedy lays {move}.": "Hladový položí {move}.", "the greedy player": "hladový"}.get, "cs"))
print(f"Hladový položí {dw.in_language(move)}.")  # hladový
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import re
import sys
import tokenize
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .lesson_sentences import fields, same_fields, sentences, without_sentences
from .lesson_sentences import translate as translate_sentences

#: The language setting of a lesson's code (its first code cell holds it).
LANG_SETTING = re.compile(r'dw\.set_language\("(?P<lang>[a-z]{2})"\)')


def tr_literals(code: str) -> list[str]:
    """The English sentences of a code cell, in order: the strings its reader reads that hold
    words (`domino_widgets.lesson_sentences`), then its comments (a comment a student reads,
    «# write your answers here», is a sentence too)."""
    return sentences(code) + [c for _, c in _comments(code)]


def _comments(code: str) -> list[tuple[tuple[int, int], str]]:
    r"""The comments of a code cell that hold words: ((line, column) of the ``#``, the text after
    "# "). A cell Python cannot read (a magic, a syntax error) has none.

    >>> _comments('x = 1   # write your answers here\ny = "#1"  # 3-5\n')
    [((1, 8), 'write your answers here')]
    """
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []
    return [(t.start, t.string[1:].strip()) for t in tokens
            if t.type == tokenize.COMMENT and re.search(r"[A-Za-z]{2}", t.string)]


def _with_comments(code: str, text_of: Callable[[str], str]) -> str:
    """``code`` with each worded comment replaced by ``text_of(its text)``."""
    lines = code.split("\n")
    for (row, col), text in reversed(_comments(code)):
        line = lines[row - 1]
        lines[row - 1] = line[:col] + "# " + text_of(text)
    return "\n".join(lines)


def translate_code(code: str, translate: Callable[[str], str], lang: str) -> str:
    """``code`` with its language setting, its sentences and its comments in ``lang``; in a language
    other than English each field of its f-strings goes through ``dw.in_language``. A translation
    that does not keep its English text's fields is a ValueError."""
    code = _with_comments(code, translate)
    code = LANG_SETTING.sub(f'dw.set_language("{lang}")', code)
    return translate_sentences(code, translate, in_language=lang != "en")


def same_code(english: str, translated: str) -> bool:
    """Whether two code cells are the same apart from the language setting, the sentences and the
    comments."""
    def bare(code: str) -> str:
        code = without_sentences(_with_comments(code, lambda _: ""))
        return LANG_SETTING.sub('dw.set_language("")', code)
    return bare(english) == bare(translated)


def _source(cell: dict[str, Any]) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else str(src)


def messages(notebook: Path) -> Iterator[tuple[str, str]]:
    """(context, English text) of every message of an English lesson."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        text = _source(cell)
        if cell["cell_type"] == "markdown" and text.strip():
            yield notebook.stem, text
        elif cell["cell_type"] == "code":
            for lit in tr_literals(text):
                yield notebook.stem, lit


def code_messages(notebook: Path) -> Iterator[tuple[str, str]]:
    """(English text, context) of every string of an English lesson's code that a reader reads
    (its fields must survive translation), without the comments."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            for text in sentences(_source(cell)):
                yield text, notebook.stem


def english_lessons(root: Path) -> list[Path]:
    return sorted((root / "notebooks").glob("*.ipynb"))


def lesson_name(english: str, lang: str) -> str:
    """The file name of the lesson ``english`` (an English lesson's file name) in ``lang``.

    >>> lesson_name("01_block.ipynb", "cs"), lesson_name("play.ipynb", "el"), lesson_name("play.ipynb", "en")
    ('01_block.cs.ipynb', 'play.el.ipynb', 'play.ipynb')
    """
    if lang == "en":
        return english
    stem, dot, suffix = english.rpartition(".")
    return f"{stem}.{lang}.{suffix}" if dot else f"{english}.{lang}"


def lesson_path(root: Path, english: str, lang: str) -> Path:
    """Where the lesson ``english`` (an English lesson's file name) is in ``lang``.

    >>> lesson_path(Path("."), "01_block.ipynb", "cs").as_posix()
    'notebooks/cs/01_block.cs.ipynb'
    >>> lesson_path(Path("."), "01_block.ipynb", "en").as_posix()
    'notebooks/01_block.ipynb'
    """
    if lang == "en":
        return root / "notebooks" / english
    return root / "notebooks" / lang / lesson_name(english, lang)


#: a markdown link to a file beside the lesson: ``](01_block.ipynb)``, ``](play.ipynb#top)``
_LESSON_LINK = re.compile(r"\]\((?P<name>[\w-]+\.ipynb)(?P<rest>[#?][^)\s]*)?\)")


def lesson_links(text: str, lessons: set[str], lang: str) -> str:
    """``text`` with its links to other lessons (``lessons``: the English file names) pointing at
    those lessons in ``lang``.

    >>> lesson_links("see [01](01_block.ipynb) and [x](other.ipynb)", {"01_block.ipynb"}, "cs")
    'see [01](01_block.cs.ipynb) and [x](other.ipynb)'
    """
    def link(m: re.Match[str]) -> str:
        name = m["name"]
        return f"]({lesson_name(name, lang) if name in lessons else name}{m['rest'] or ''})"
    return _LESSON_LINK.sub(link, text)


def languages(root: Path) -> list[str]:
    """The languages with a catalog, ``notebooks/locale/<lang>.po``."""
    return sorted(p.stem for p in (root / "notebooks" / "locale").glob("*.po"))


def _catalog_path(root: Path, lang: str) -> Path:
    return root / "notebooks" / "locale" / f"{lang}.po"


def extract(root: Path, add: str | None = None) -> None:
    """Write the template and update every catalog from it (``add``: start a new language)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    template = Catalog(project="domino_widgets lessons", fuzzy=False)
    for nb in english_lessons(root):
        for ctx, text in messages(nb):
            template.add(text, context=ctx, locations=[(f"notebooks/{nb.name}", 0)])
    _no_percent_format(template)
    locale_dir = root / "notebooks" / "locale"
    locale_dir.mkdir(parents=True, exist_ok=True)
    with open(locale_dir / "lessons.pot", "wb") as f:
        write_po(f, template, width=0, omit_header=False, sort_output=False)
    langs = set(languages(root)) | ({add} if add else set())
    for lang in sorted(langs):
        path = _catalog_path(root, lang)
        if path.exists():
            with open(path, "rb") as f:
                cat = read_po(f, locale=lang)
        else:
            cat = Catalog(locale=lang, project="domino_widgets lessons", fuzzy=False)
        cat.update(template, no_fuzzy_matching=False)
        cat.obsolete.clear()
        _no_percent_format(cat)
        with open(path, "wb") as f:
            write_po(f, cat, width=0, sort_output=False)


def _no_percent_format(catalog: Any) -> None:
    """Drop the ``python-format`` flag Babel guesses from a ``%`` in the text ("a 95% interval"):
    no lesson message is a ``%`` format, and with the flag ``msgfmt --check`` rejects a translation
    that writes "50 %" as Czech does. The sentences are ``{}`` formats (``python-brace-format``),
    and that flag stays, so msgfmt still checks their fields.

    >>> from babel.messages.catalog import Catalog
    >>> cat = Catalog()
    >>> cat.add("above the 50% line", context="x").flags
    {'python-format'}
    >>> _no_percent_format(cat); cat.get("above the 50% line", context="x").flags
    set()
    """
    for message in catalog:
        if message.id:
            message.flags.discard("python-format")


def _load(root: Path, lang: str) -> Any:
    from babel.messages.pofile import read_po

    with open(_catalog_path(root, lang), "rb") as f:
        return read_po(f, locale=lang)


def problems(root: Path, lang: str) -> list[str]:
    """What keeps ``lang``'s lessons from being complete and current (empty when they are): a
    missing, fuzzy or stale translation, a built lesson that lags behind its English lesson or its
    catalog, a code cell that differs from the English one beyond the language setting and the
    sentences, a built lesson with no English lesson."""
    cat = _load(root, lang)
    out = []
    current = set()
    for nb in english_lessons(root):
        code_texts = set(code_messages(nb))
        for ctx, text in messages(nb):
            current.add((ctx, text))
            m = cat.get(text, context=ctx)
            if m is None or not m.string:
                out.append(f"{lang}: {nb.name}: no translation of {_head(text)!r}")
            elif m.fuzzy:
                out.append(f"{lang}: {nb.name}: the English changed, confirm the translation of {_head(text)!r}")
            elif (text, ctx) in code_texts and not same_fields(text, str(m.string)):
                out.append(f"{lang}: {nb.name}: the translation of {_head(text)!r} must keep its fields "
                           f"{fields(text)}")
        built = lesson_path(root, nb.name, lang)
        if not built.exists():
            out.append(f"{lang}: {built.name}: not built (run `python -m domino_widgets.lessons_i18n build`)")
            continue
        try:
            want = _translated(nb, cat, lang, strict=False)
        except ValueError:  # a translation without its fields: listed above
            continue
        have = json.loads(built.read_text(encoding="utf-8"))
        out += [f"{lang}: {built.name}: {d}" for d in _differences(want["cells"], have["cells"])]
    for m in cat:
        if m.id and m.string and (m.context, m.id) not in current:
            out.append(f"{lang}: {m.context}: stale translation of {_head(str(m.id))!r}: no English lesson "
                       "has this text any more (run `python -m domino_widgets.lessons_i18n extract`)")
    english = {nb.name for nb in english_lessons(root)}
    names = {lesson_name(name, lang) for name in english}
    for extra in sorted((root / "notebooks" / lang).glob("*.ipynb")):
        if extra.name in english:  # the name of before issue 26, the same in every language
            out.append(f"{lang}: {extra.name}: a lesson in {lang} is named {lesson_name(extra.name, lang)} "
                       "(remove this one)")
        elif extra.name not in names:
            out.append(f"{lang}: {extra.name}: there is no English lesson of this name (remove it)")
    return out


def _head(text: str) -> str:
    return (text.strip().splitlines() or [""])[0][:60]


def _differences(want: list[dict[str, Any]], have: list[dict[str, Any]]) -> list[str]:
    """How the built cells ``have`` differ from the cells the build would write now, ``want``.

    >>> md = {"cell_type": "markdown", "source": "Ahoj"}
    >>> code = {"cell_type": "code", "source": 'dw.set_language("cs")'}
    >>> [d.split(" (")[0] for d in _differences([md, code], [md, {**code, "source": 'dw.set_language("cs")\\nx = 1'}])]
    ['code cell 2 differs from the English lesson beyond the language setting and the sentences']
    >>> _differences([md, code], [code])
    ['the built lesson lags behind its English lesson: its cells are not the same (build again)']
    """
    if [c["cell_type"] for c in want] != [c["cell_type"] for c in have]:
        return ["the built lesson lags behind its English lesson: its cells are not the same (build again)"]
    out = []
    for i, (w, h) in enumerate(zip(want, have), start=1):
        ws, hs = _source(w), _source(h)
        if ws == hs:
            continue
        if w["cell_type"] == "code" and not same_code(ws, hs):
            out.append(f"code cell {i} differs from the English lesson beyond the language setting and the "
                       "sentences (build again; change code in the English lesson only)")
        else:
            out.append(f"{w['cell_type']} cell {i} lags behind its English lesson or its catalog (build again)")
    return out


def _translated(nb_path: Path, cat: Any, lang: str, strict: bool = True) -> dict[str, Any]:
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    out = copy.deepcopy(nb)
    ctx = nb_path.stem
    lessons = {p.name for p in nb_path.parent.glob("*.ipynb")}

    def translate(text: str) -> str:
        m = cat.get(text, context=ctx)
        if m is None or not m.string or m.fuzzy:
            if strict:
                raise SystemExit(f"{lang}: {nb_path.name}: no current translation of {text.strip()[:60]!r}")
            return text
        return str(m.string)

    for cell in out["cells"]:
        text = _source(cell)
        if cell["cell_type"] == "markdown" and text.strip():
            cell["source"] = lesson_links(translate(text), lessons, lang)
        elif cell["cell_type"] == "code":
            try:
                cell["source"] = translate_code(text, translate, lang)
            except ValueError as e:
                if strict:
                    raise SystemExit(f"{lang}: {nb_path.name}: {e}") from None
                raise
            cell["outputs"], cell["execution_count"] = [], None
    out.setdefault("metadata", {})["language_info"] = {**nb.get("metadata", {}).get("language_info", {})}
    out["metadata"]["dw_lang"] = lang
    return out


def build(root: Path, langs: list[str] | None = None) -> list[Path]:
    """Write ``notebooks/<lang>/*.<lang>.ipynb`` (without outputs) for every language with a catalog."""
    written = []
    for lang in langs or languages(root):
        cat = _load(root, lang)
        (root / "notebooks" / lang).mkdir(exist_ok=True)
        for nb in english_lessons(root):
            target = lesson_path(root, nb.name, lang)
            target.write_text(json.dumps(_translated(nb, cat, lang), ensure_ascii=False, indent=1) + "\n",
                              encoding="utf-8")
            written.append(target)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m domino_widgets.lessons_i18n", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "build", "check"))
    parser.add_argument("--root", type=Path, default=Path("."), help="the repository (default: here)")
    parser.add_argument("--add", help="extract: start a catalog for this language")
    parser.add_argument("--lang", action="append", help="build: only these languages")
    args = parser.parse_args(argv)
    if args.command == "extract":
        extract(args.root, args.add)
    elif args.command == "build":
        for p in build(args.root, args.lang):
            print(p)
    else:
        found = [p for lang in languages(args.root) for p in problems(args.root, lang)]
        print("\n".join(found) or "every lesson is translated and current")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

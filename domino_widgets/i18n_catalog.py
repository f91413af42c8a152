"""The message catalog's tool (a development tool: it needs Babel, the package at run time does not).

Every text a person reads (the pictures, the charts, the widgets, the rule book) is one message
of the gettext catalog in ``domino_widgets/locale/``: its ``msgid`` is the English text, written
once in the module that shows it (each such module lists its messages in ``catalog_messages()``),
its ``msgctxt`` names where it is used (``render.to_play``, ``widgets.hint``, ``rules.RULES.A5-4``).
The error messages (``msgctxt`` ``error``) are the English templates of the ``raise`` sites and
of the `Phrase` and `Label` texts, found by scanning the package's source (`error_sites`).

- ``python -m domino_widgets.i18n_catalog extract`` writes the template ``domino_widgets.pot``
  from those English texts and brings every ``<lang>.po`` up to date with it (Babel): a new
  message is added untranslated, a changed English text becomes *fuzzy* (its old translation
  kept as a suggestion), a removed one is dropped;
- ``compile`` writes each ``<lang>.mo`` (what `domino_widgets.language` reads with `gettext`);
- ``check`` lists every missing, fuzzy or stale translation, a placeholder (``{who}``) that a
  translation lost or invented, a template that lags the source, and a ``.mo`` that lags its
  ``.po``; it exits with status 1 if there is any (a test runs it);
- ``add xx`` starts the catalog of a new language from the template (Babel knows its plural
  rule); translate ``xx.po`` with any tool for ``.po`` files (Poedit, Lokalize, Weblate), then
  ``compile``: the package speaks ``xx``, with no Python written.

>>> [m for m in source_messages() if m[0] == "render.tiles"]
[('render.tiles', ('{n} tile', '{n} tiles'), 'domino_widgets/render/labels.py')]
>>> sorted(placeholders("{who} played {tile}"))
['tile', 'who']
"""

from __future__ import annotations

import argparse
import ast
import importlib
import io
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Union

from babel.messages.catalog import Catalog
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

#: The catalog folder of the source tree (the package data).
LOCALE = Path(__file__).resolve().parent / "locale"
DOMAIN = "domino_widgets"
#: The modules whose English texts make the catalog, each with a ``catalog_messages()``.
SOURCES = ("domino_widgets.render.labels", "domino_widgets.render.charts", "domino_widgets.widgets.i18n",
           "domino_widgets.variants.rulebook", "domino_widgets.language", "domino_widgets.sentences",
           "domino_widgets.assignments.course", "domino_widgets.sim.compare", "domino_widgets.prob.exercises")

MessageId = Union[str, tuple[str, str]]
Key = tuple[str, MessageId]

_FIELD = re.compile(r"{(\w*)[^{}]*}")


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a text (what ``str.format`` fills in)."""
    return set(_FIELD.findall(text.replace("{{", "").replace("}}", "")))


#: The package's source tree, scanned for error messages.
PACKAGE = Path(__file__).resolve().parent


def _message_classes() -> dict[str, str]:
    """The names a message is written with (every `DominoError` class, `Phrase`, `Label`, and the
    language's `refusal`), each with the msgctxt of its templates."""
    from .core import errors

    names = {name: getattr(obj, "context", errors.CONTEXT) for name, obj in vars(errors).items()
             if isinstance(obj, type) and issubclass(obj, (errors.DominoError, errors.Phrase))}
    names["refusal"] = errors.CONTEXT  # `domino_widgets.language.refusal`: the core's ParameterError, handed down
    return names


def _templates(node: ast.expr) -> list[str] | None:
    """The English templates a message argument can be (a literal, or ``a if cond else b`` of
    literals); None when it is anything else (an f-string, a variable: not translatable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, other = _templates(node.body), _templates(node.orelse)
        return None if body is None or other is None else body + other
    return None


def error_sites(root: Path = PACKAGE) -> Iterator[tuple[str, str | None, str]]:
    """(msgctxt, English template, ``file:line``) of every error message, `Phrase` and `Label`
    written in the package (an AST scan of the source); the template is None where the message
    is not a literal (an f-string), which `problems` reports: such a message cannot be translated.

    >>> sites = [(c, t, w.split(":")[0]) for c, t, w in error_sites()]
    >>> ("error", "a tile is written like '3-5', not {text}", "domino_widgets/core/tiles.py") in sites
    True
    """
    names = _message_classes()
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names and node.args:
                found = _templates(node.args[0])
                for text in found if found is not None else [None]:
                    yield names[node.func.id], text, f"{where}:{node.lineno}"


def error_messages(root: Path = PACKAGE) -> Iterator[tuple[str, MessageId, str]]:
    """The catalog's messages of the ``raise`` sites, phrases and labels: each once, with its first site."""
    seen: set[tuple[str, str]] = set()
    for context, text, where in error_sites(root):
        if text is not None and (context, text) not in seen:
            seen.add((context, text))
            yield context, text, where.split(":")[0]


def source_messages() -> Iterator[tuple[str, MessageId, str]]:
    """(context, English text or (singular, plural), source file) of every message, in order."""
    for name in SOURCES:
        module = importlib.import_module(name)
        path = name.replace(".", "/") + (".py" if not hasattr(module, "__path__") else "/__init__.py")
        for context, msgid in module.catalog_messages():
            yield context, msgid, path
    yield from error_messages()


def template() -> Catalog:
    """The template built from the English source texts."""
    from . import __version__

    cat = Catalog(project=DOMAIN, version=__version__, domain=DOMAIN, fuzzy=False,
                  msgid_bugs_address="", copyright_holder="domino_widgets")
    seen: set[Key] = set()
    for context, msgid, path in source_messages():
        if (context, msgid) in seen:
            raise ValueError(f"the message {context!r} is listed twice")
        seen.add((context, msgid))
        cat.add(msgid, context=context, auto_comments=[path])
    return cat


def _key(msg: Any) -> Key:
    return msg.context or "", msg.id


def _keys(cat: Catalog) -> list[Key]:
    return [_key(m) for m in cat if m.id]


def _read(path: Path) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh)


def catalogs(folder: Path = LOCALE) -> list[Path]:
    """The translated catalogs ``<lang>.po`` of ``folder``."""
    return sorted(folder.glob("*.po"))


def _write_po(path: Path, cat: Catalog, **kw: Any) -> None:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, **kw)
    path.write_bytes(buf.getvalue())


def extract(folder: Path = LOCALE) -> list[Path]:
    """Write the template from the source (only if its messages changed) and update every
    ``.po`` to it; the files written."""
    folder.mkdir(parents=True, exist_ok=True)
    pot = folder / f"{DOMAIN}.pot"
    new = template()
    written = []
    if not pot.exists() or _keys(_read(pot)) != _keys(new):
        _write_po(pot, new)
        written.append(pot)
    for po in catalogs(folder):
        cat = _read(po)
        before = [(_key(m), m.string, m.fuzzy) for m in cat]
        cat.update(new, update_creation_date=False)
        if [(_key(m), m.string, m.fuzzy) for m in cat] != before or cat.obsolete:
            _write_po(po, cat, ignore_obsolete=True)
            written.append(po)
    return written


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` (fuzzy and untranslated messages left out: English shows)."""
    buf = io.BytesIO()
    write_mo(buf, _read(po), use_fuzzy=False)
    return buf.getvalue()


def _mo_content(data: bytes) -> tuple[str, dict[Key, Any]]:
    """What a ``.mo`` says (its plural rule and every translation), whatever Babel version wrote it."""
    def frozen(x: Any) -> Any:  # read_mo gives plural ids and forms as lists
        return tuple(x) if isinstance(x, list) else x

    cat = read_mo(io.BytesIO(data))
    return cat.plural_forms, {(m.context or "", frozen(m.id)): frozen(m.string) for m in cat if m.id}


def compile_all(folder: Path = LOCALE) -> list[Path]:
    """Write every ``<lang>.mo`` from its ``<lang>.po``; the files written."""
    out = []
    for po in catalogs(folder):
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            out.append(mo)
    from .language import reload  # (the package's attribute `language` is the function)

    reload()
    return out


def add(lang: str, folder: Path = LOCALE) -> Path:
    """Start ``<lang>.po`` from the template, with the language's plural rule in its header."""
    po = folder / f"{lang}.po"
    if po.exists():
        raise FileExistsError(f"{po} exists already")
    cat = Catalog(locale=lang, project=DOMAIN, domain=DOMAIN, fuzzy=False)
    cat.update(_read(folder / f"{DOMAIN}.pot"))
    _write_po(po, cat)
    return po


def _form_problem(form: str, english_text: str, english: set[str]) -> str | None:
    """What is wrong with a translated form of ``english_text`` as a ``str.format`` template (as
    Babel's python-format check): an unpaired brace, or fields other than the English ones
    (``{n}`` for ``{count}``: the widget or the picture that fills it in would fail)."""
    from .language import fields_of

    try:
        fields_of(english_text)
    except ValueError:  # the English is not a template: it is shown as it is
        return None
    try:
        have = set(fields_of(form))
    except ValueError:
        return "not a valid template (an unpaired { or })"
    if have != set(fields_of(english_text)) and placeholders(form) != english:
        return f"fields {sorted(have)}, the English has {sorted(fields_of(english_text))}"
    return None


def problems(folder: Path = LOCALE) -> list[str]:
    """Everything that keeps the catalogs from being complete and in step (empty when they are)."""
    out: list[str] = [f"{where}: the message is not a literal template (an f-string?): give the English "
                      "template and its fields, as in ParameterError(\"bad {x!r}\", x=x)"
                      for _, text, where in error_sites() if text is None]
    pot = folder / f"{DOMAIN}.pot"
    source = template()
    wanted = _keys(source)
    if not pot.exists():
        return [f"{pot.name} is missing: run extract"]
    have = _keys(_read(pot))
    if have != wanted:
        gone, new = sorted(set(have) - set(wanted), key=str), sorted(set(wanted) - set(have), key=str)
        out.append(f"{pot.name} lags the English source (new: {new[:3]}, gone: {gone[:3]}): run extract")
    for po in catalogs(folder):
        cat = _read(po)
        for context, msgid in wanted:
            msg = cat.get(msgid[0] if isinstance(msgid, tuple) else msgid, context)
            where = f"{po.name}: {context}"
            if msg is None or msg.id != msgid:
                out.append(f"{where}: missing")
            elif msg.fuzzy:
                out.append(f"{where}: fuzzy (the English text changed; confirm the translation)")
            else:
                forms = list(msg.string) if isinstance(msg.string, tuple) else [msg.string]
                english = placeholders(msgid[0] if isinstance(msgid, tuple) else msgid)
                if not all(forms):
                    out.append(f"{where}: not translated")
                elif isinstance(msgid, tuple) and len(forms) != cat.num_plurals:
                    out.append(f"{where}: {len(forms)} plural forms, the language has {cat.num_plurals}")
                else:
                    for form in forms:
                        problem = _form_problem(form, msgid[0] if isinstance(msgid, tuple) else msgid, english)
                        if problem:
                            out.append(f"{where}: {problem}")
        for key in set(_keys(cat)) - set(wanted):
            out.append(f"{po.name}: {key[0]}: stale (no such English text any more): run extract")
        if cat.obsolete:
            out.append(f"{po.name}: {len(cat.obsolete)} obsolete messages: run extract")
        mo = po.with_suffix(".mo")
        if not mo.exists():
            out.append(f"{mo.name} is missing: run compile")
        elif _mo_content(mo.read_bytes()) != _mo_content(compiled(po)):
            out.append(f"{mo.name} lags {po.name}: run compile")
    for mo in sorted(folder.glob("*.mo")):
        if not mo.with_suffix(".po").exists():
            out.append(f"{mo.name} has no {mo.stem}.po")
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m domino_widgets.i18n_catalog", description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=["extract", "compile", "check", "add"])
    ap.add_argument("lang", nargs="?", help="the new language of add (a code such as de, sk, fr)")
    ap.add_argument("--folder", type=Path, default=LOCALE)
    args = ap.parse_args(argv)
    if args.command == "extract":
        for path in extract(args.folder):
            print(path)
    elif args.command == "compile":
        for path in compile_all(args.folder):
            print(path)
    elif args.command == "add":
        if not args.lang:
            ap.error("add needs a language code")
        print(add(args.lang, args.folder))
    else:
        found = problems(args.folder)
        for line in found:
            print(line)
        if found:
            return 1
        print(f"{len(catalogs(args.folder))} catalogs complete and compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())

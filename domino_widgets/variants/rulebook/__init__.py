"""The rule book inside the package: every rule of docs/rules.md with its provenance, in every
language of the message catalog (English, Czech, Greek, ...), and `rules` to show one variant's
rules with the options in force.

The English texts are stored once, as data, in ``en.py`` (plain dictionaries keyed by rule id);
they are the source of the message catalog (`domino_widgets.language`: each text is the
``msgid`` of a message whose ``msgctxt`` says where it stands, ``rules.RULES.A5-4``), and the
other languages are read from ``locale/<lang>.mo``. What does not depend on the language (each
rule's provenance, which parameter is its option) is here. ``docs/rules.md``, ``docs/rules.cs.md``
and ``docs/rules.el.md`` are generated from them (``python -m domino_widgets.variants.rulebook``),
and a test checks they are up to date, so the documentation and what the widgets show cannot
drift apart.

Provenance: **[S]** stated by the rule sheet (the Czech or the Greek one, ``docs/sheets/``);
**[R]** a reading of an ambiguous or self-contradicting sentence, whose other reading is an
option (in the code a *seed option*: an option that plays the sheet's other reading); **[A]**
added where the sheet is silent; **[D]** derived, not a rule. Quotes of a sheet stand in
«guillemets», word for word, with a translation in the other languages
(``tests/test_rulebook_sheets.py``).

Only the rules in force for the options are shown (`IN_FORCE`: with ``scoring="draw"`` All
Fives' rounding and its 150 give way to A5-7, and the draw game's DRW-5 and DRW-6 come in,
`BROUGHT_IN`), each as it holds with the options (``en.AS_SET``: Matador's ``standard=True``
says "to 100 points"), and ✎ marks an option that differs from its own
default given the others (``target=50`` is the default with ``scoring="draw"``).

>>> import domino_widgets as dw
>>> sheet = dw.rules("all_fives", lang="en", scoring="draw")
>>> print(str(sheet).splitlines()[0])
All Fives (Muggins) (all_fives)
>>> [r.id for r in sheet.rules if r.provenance == "R"]
['COM-4', 'A5-7']
>>> sheet.options["scoring"], sheet.options["target"]
('draw', 50)
>>> "A5-7 [R]" in sheet._repr_markdown_(), [r.id for r in sheet.rules if r.id.startswith(("A5", "DRW"))]
(True, ['A5-1', 'A5-2', 'A5-3', 'A5-4', 'A5-7', 'DRW-5', 'DRW-6'])
>>> print(sheet._options_line())
`players=2`, `target=50`, `pips=6`, `scoring='draw'` ✎
>>> print(rules("all_fives", lang="en", scoring="draw", target=150)._options_line())
`players=2`, `target=150` ✎, `pips=6`, `scoring='draw'` ✎
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from ...core.errors import DominoError
from ...core.registry import get_variant
from ...language import check_language, languages, pgettext
from . import en as _en

__all__ = ["LANGS", "PROVENANCE", "Rule", "RuleSheet", "book_markdown", "rules"]


def __getattr__(name: str) -> Any:
    if name == "LANGS":  # the languages of the catalogs present (`domino_widgets.language.languages`)
        return languages()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# Every rule id with its provenance, in the order of the book.
PROVENANCE: dict[str, str] = {
    "COM-1": "S", "COM-2": "S", "COM-3": "S", "COM-4": "R", "COM-5": "S", "COM-6": "S", "COM-7": "A", "COM-8": "A",
    "BLK-1": "S", "BLK-2": "S", "BLK-3": "S", "BLK-4": "S", "BLK-5": "S", "BLK-6": "S",
    "DCZ-1": "S", "DCZ-2": "S", "DCZ-3": "S", "DCZ-4": "S", "DCZ-5": "S", "DCZ-6": "S",
    "DRW-1": "S", "DRW-2": "S", "DRW-3": "S", "DRW-4": "S", "DRW-5": "S", "DRW-6": "S", "DRW-7": "S",
    "A5-1": "S", "A5-2": "S", "A5-3": "S", "A5-4": "S", "A5-5": "A", "A5-6": "A", "A5-7": "R",
    "MAT-1": "S", "MAT-2": "S", "MAT-3": "S", "MAT-4": "R", "MAT-5": "R",
    "BRG-1": "R", "BRG-2": "S", "BRG-3": "S", "BRG-4": "S", "BRG-5": "S", "BRG-6": "A", "BRG-7": "A",
    "T21-1": "S", "T21-2": "R", "T21-3": "S", "T21-4": "D",
    "SOL-1": "S", "SOL-2": "S", "SOL-3": "R", "SOL-4": "S", "SOL-5": "A",
}
# The variant parameter that selects a rule's option (the other reading of an [R] rule).
OPTION_OF: dict[str, str] = {
    "COM-4": "matador_optional", "BLK-5": "blocked_scoring", "BLK-6": "target", "DCZ-4": "standard", "DCZ-6": "target", "DRW-6": "target",
    "A5-6": "target", "A5-7": "scoring", "MAT-3": "matadors_any_time", "MAT-4": "matador_optional",
    "MAT-5": "last_tile_ends", "BRG-1": "players", "BRG-5": "two_player_split", "BRG-6": "rounds",
    "T21-2": "rounds", "SOL-1": "hand_size", "SOL-3": "may_stop",
}
# The rules in force only for some options (the others give way to the rule of the option chosen).
IN_FORCE: dict[str, Any] = {
    "A5-5": lambda o: o.get("scoring") != "draw",  # A5-7: the draw game's plain difference instead
    "A5-6": lambda o: o.get("scoring") != "draw",  # A5-7: the draw game's target instead
    "DCZ-3": lambda o: not o.get("standard"),  # DCZ-4 option [A]: an empty hand is out at once
}
# Rules of another game that an option brings into force, shown after the variant's own.
BROUGHT_IN: dict[str, Any] = {
    "A5": lambda o: ("DRW-5", "DRW-6") if o.get("scoring") == "draw" else (),  # A5-7, the other reading
}
# The provenance of a rule as it holds with an option (en.AS_SET), where it is not the rule's own:
# an option that plays against a sentence of the sheet is added [A].
AS_SET_PROVENANCE: dict[tuple[str, str], str] = {
    ("BLK-5", "blocked_scoring='difference'"): "A", ("DCZ-4", "standard=True"): "A",
    ("MAT-3", "matadors_any_time=True"): "A", ("MAT-5", "standard=True"): "A",
    ("BRG-5", "two_player_split='winner_takes_all'+players=2"): "A",
}
# Which sections each variant's sheet shows: the common terms that apply, then its own prefix.
_COMMON_FOR_OWN_STATE = ("COM-7",)  # Twenty-one and the solitaire are not played on a shared line


@dataclass(frozen=True)
class Rule:
    """One rule: its id, provenance ([S]/[R]/[A]), text, and for [R] what the seed says and why
    the default reads it so; ``option`` names the parameter that changes it, if any."""

    id: str
    provenance: str
    text: str
    source: str = ""
    why: str = ""
    option: str | None = None


def catalog_messages() -> Iterator[tuple[str, str]]:
    """The rule book's English texts (``en.py``) as catalog messages (context, msgid), in the
    order of the book: `domino_widgets.i18n_catalog`.

    >>> [m for m in catalog_messages()][:2]
    [('rules.TITLE', 'The rules of the domino_widgets games'), ('rules.INTRO', ...)]
    """
    yield "rules.TITLE", _en.TITLE
    yield "rules.INTRO", _en.INTRO
    for key, text in _en.LABELS.items():
        yield f"rules.LABELS.{key}", text
    for (param, value), text in _en.OPTION_VALUES.items():
        yield f"rules.OPTION_VALUES.{param}={value!r}", text
    for prefix, (title, intro) in _en.SECTIONS.items():
        yield f"rules.SECTIONS.{prefix}.title", title
        yield f"rules.SECTIONS.{prefix}.intro", intro
    for rid, text in _en.RULES.items():
        yield f"rules.RULES.{rid}", text
    for rid, cases in _en.AS_SET.items():
        for cond, text in cases.items():
            yield f"rules.AS_SET.{rid}.{cond}", text
    for rid, cases in _en.HOUSE_AS_SET.items():
        for cond, text in cases.items():
            yield f"rules.HOUSE_AS_SET.{rid}.{cond}", text
    for rid, (source, why) in _en.READINGS.items():
        yield f"rules.READINGS.{rid}.source", source
        yield f"rules.READINGS.{rid}.why", why
    yield "rules.HOUSE_INTRO", _en.HOUSE_INTRO
    for rid, text in _en.HOUSE:
        yield f"rules.HOUSE.{rid}", text


def _texts(lang: str | None) -> SimpleNamespace:
    """The rule book's texts in ``lang`` (None: the language setting), shaped as ``en.py``."""
    lang = check_language(lang)

    def t(context: str, english: str) -> str:
        return pgettext(lang, f"rules.{context}", english)

    return SimpleNamespace(
        TITLE=t("TITLE", _en.TITLE), INTRO=t("INTRO", _en.INTRO),
        LABELS={k: t(f"LABELS.{k}", v) for k, v in _en.LABELS.items()},
        OPTION_VALUES={(p, v): t(f"OPTION_VALUES.{p}={v!r}", text) for (p, v), text in _en.OPTION_VALUES.items()},
        SECTIONS={p: (t(f"SECTIONS.{p}.title", a), t(f"SECTIONS.{p}.intro", b)) for p, (a, b) in _en.SECTIONS.items()},
        RULES={rid: t(f"RULES.{rid}", text) for rid, text in _en.RULES.items()},
        READINGS={rid: (t(f"READINGS.{rid}.source", a), t(f"READINGS.{rid}.why", b))
                  for rid, (a, b) in _en.READINGS.items()},
        AS_SET={rid: {c: t(f"AS_SET.{rid}.{c}", x) for c, x in cases.items()} for rid, cases in _en.AS_SET.items()},
        HOUSE_AS_SET={rid: {c: t(f"HOUSE_AS_SET.{rid}.{c}", x) for c, x in cases.items()}
                      for rid, cases in _en.HOUSE_AS_SET.items()},
        HOUSE_INTRO=t("HOUSE_INTRO", _en.HOUSE_INTRO),
        HOUSE=[(rid, t(f"HOUSE.{rid}", text)) for rid, text in _en.HOUSE],
    )


def _rule(texts: SimpleNamespace, rid: str) -> Rule:
    source, why = texts.READINGS.get(rid, ("", ""))
    return Rule(rid, PROVENANCE[rid], texts.RULES[rid], source, why, OPTION_OF.get(rid))


def _holds(cond: str, v: Any, options: dict[str, Any]) -> bool:
    """Whether an `en.AS_SET` condition holds: ``name=value`` for that value (its repr), ``name``
    for any value other than the option's own default, ``a+b`` for both.

    >>> v = get_variant("bergen")
    >>> _holds("players=2", v, v.check_params({"players": 2})), _holds("rounds", v, v.check_params({}))
    (True, False)
    """
    for part in cond.split("+"):
        name, eq, value = part.partition("=")
        if name not in options:
            return False
        if eq and repr(options[name]) != value:
            return False
        if not eq and options[name] == _own_default(v, options, name):
            return False
    return True


def _facts(options: dict[str, Any]) -> dict[str, Any]:
    """The numbers the texts of `en.AS_SET` name, for these options.

    >>> f = _facts({"pips": 6, "players": 2}); f["tiles"], f["rest"], f["no_double"]
    (28, 14, '1/345')
    """
    from fractions import Fraction
    from math import comb

    pips = options.get("pips", 6)
    tiles = (pips + 1) * (pips + 2) // 2
    dealt = 7 * options.get("players", 1)
    no_double = Fraction(comb(tiles - pips - 1, dealt), comb(tiles, dealt)) if dealt <= tiles else Fraction(0)
    return {**options, "tiles": tiles, "rest": tiles - dealt,
            "no_double": f"{no_double.numerator}/{no_double.denominator}"}


def _fill(text: str, facts: dict[str, Any]) -> str:
    return re.sub(r"{(\w+)}", lambda m: str(facts[m.group(1)]), text)


def _as_set(cases: dict[str, str], v: Any, options: dict[str, Any]) -> tuple[str, str] | None:
    """The first (condition, text) of a rule's `en.AS_SET` cases that holds, filled in."""
    for cond, text in cases.items():
        if _holds(cond, v, options):
            return cond, _fill(text, _facts(options))
    return None


def _rule_as_set(texts: SimpleNamespace, rid: str, v: Any, options: dict[str, Any]) -> Rule:
    """A rule as it holds with ``options`` (its book text when no option changes it)."""
    r = _rule(texts, rid)
    found = _as_set(texts.AS_SET.get(rid, {}), v, options)
    if found is None:
        return r
    cond, text = found
    return Rule(rid, AS_SET_PROVENANCE.get((rid, cond), r.provenance), text, r.source, r.why, r.option)


def _ids(prefix: str) -> list[str]:
    return [rid for rid in PROVENANCE if rid.rsplit("-", 1)[0] == prefix]


def _inline_html(text: str) -> str:
    """The little Markdown the rule texts use (``code``, **bold**, *italic*) as HTML."""
    out = html.escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", out)
    return re.sub(r"\*([^*]+)\*", r"<i>\1</i>", out)


def _plain(text: str) -> str:
    return re.sub(r"\*\*|\*|`", "", text)


@dataclass(frozen=True)
class RuleSheet:
    """One variant's rules in one language, with the options in force. Shows itself as Markdown
    or HTML in Jupyter and as plain text with `str`."""

    variant: str
    lang: str
    title: str
    rules: tuple[Rule, ...]
    house: tuple[tuple[str, str, str | None], ...]  # (rule id, text, option parameter)
    options: dict[str, Any]
    defaults: dict[str, Any]

    def _label(self, key: str) -> str:
        return str(_texts(self.lang).LABELS[key])

    def _options_line(self) -> str:
        parts = []
        for name, value in self.options.items():
            mark = "" if value == self.defaults.get(name) else " ✎"  # each option's own default
            parts.append(f"`{name}={value!r}`{mark}")
        return ", ".join(parts)

    def markdown(self) -> str:
        """The sheet as Markdown (what ``_repr_markdown_`` shows)."""
        t = _texts(self.lang)
        lines = [f"### {self.title} (`{self.variant}`)", ""]
        lines.append(f"**{self._label('options')}:** {self._options_line()}  ")
        lines.append(f"*{self._label('legend')}*")
        lines.append("")
        for r in self.rules:
            lines.append(f"- **{r.id} [{r.provenance}]** {r.text}")
            if r.source:
                lines.append(f"  - *{self._label('source')}:* {r.source}")
                lines.append(f"  - *{self._label('why')}:* {r.why}")
            if r.option is not None and r.option in self.options:
                lines.append(f"  - *{self._label('option')}:* `{r.option}={self.options[r.option]!r}`")
        if self.house:
            lines += ["", f"**{self._label('house')}**", ""]
            for rid, text, param in self.house:
                tail = f" ({self._label('option')}: `{param}`)" if param else ""
                lines.append(f"- {rid}: {text}{tail}")
        del t
        return "\n".join(lines) + "\n"

    def _repr_markdown_(self) -> str:
        return self.markdown()

    def _repr_html_(self) -> str:
        """The sheet as a small HTML block under a third-level heading, as ``markdown`` (a lesson
        shows it in a section of its own, whose heading is second-level)."""
        return self.html(3)

    def html(self, heading: int | None) -> str:
        """The sheet as a small HTML block, its title a heading of level ``heading``, or bold
        words when None: a widget may stand anywhere in a page, under a heading of any level,
        and a heading that skips a level misleads a screen reader's outline (axe: heading-order).

        >>> sheet = rules("block", lang="en")
        >>> sheet.html(3).startswith('<div class="dw-rules" lang="en"><h3>')
        True
        >>> "<h" in sheet.html(None).replace("<hr", "")
        False
        """
        title = f"{html.escape(self.title)} <code>{self.variant}</code>"
        if heading is not None and (isinstance(heading, bool) or not isinstance(heading, int) or not 1 <= heading <= 6):
            raise DominoError("a heading's level is 1 to 6, not {level!r}", level=heading)
        head = f"<h{heading}>{title}</h{heading}>" if heading else f'<p class="dw-rules-title"><b>{title}</b></p>'
        out = [f'<div class="dw-rules" lang="{self.lang}">{head}',
               f"<p><b>{html.escape(self._label('options'))}:</b> {_inline_html(self._options_line())}<br>"
               f"<i>{html.escape(self._label('legend'))}</i></p><ul>"]
        for r in self.rules:
            item = (f'<li data-rule="{r.id}" data-provenance="{r.provenance}"><b>{r.id} [{r.provenance}]</b> '
                    f"{_inline_html(r.text)}")
            if r.source:
                item += (f"<br><i>{html.escape(self._label('source'))}:</i> {_inline_html(r.source)}"
                         f"<br><i>{html.escape(self._label('why'))}:</i> {_inline_html(r.why)}")
            if r.option is not None and r.option in self.options:
                item += f"<br><i>{html.escape(self._label('option'))}:</i> <code>{r.option}={html.escape(repr(self.options[r.option]))}</code>"
            out.append(item + "</li>")
        out.append("</ul>")
        if self.house:
            out.append(f"<p><b>{html.escape(self._label('house'))}</b></p><ul>")
            for rid, text, param in self.house:
                tail = f" ({html.escape(self._label('option'))}: <code>{param}</code>)" if param else ""
                out.append(f"<li>{rid}: {_inline_html(text)}{tail}</li>")
            out.append("</ul>")
        return "".join(out) + "</div>"

    def __str__(self) -> str:
        lines = [f"{self.title} ({self.variant})", f"{self._label('options')}: {_plain(self._options_line())}", ""]
        for r in self.rules:
            lines.append(f"{r.id} [{r.provenance}] {_plain(r.text)}")
            if r.source:
                lines.append(f"    {self._label('source')}: {_plain(r.source)}")
                lines.append(f"    {self._label('why')}: {_plain(r.why)}")
        if self.house:
            lines += ["", self._label("house") + ":"]
            lines += [f"  {rid}: {_plain(text)}" + (f" ({param})" if param else "") for rid, text, param in self.house]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<RuleSheet {self.variant} {self.lang}: {len(self.rules)} rules; {_plain(self._options_line())}>"


def rules(variant: str, lang: str | None = None, **params: Any) -> RuleSheet:
    """The rules of ``variant`` in ``lang`` (None: the language set by ``dw.set_language``), each
    with its provenance, and the options in force for ``params`` (checked like ``new_game``).

    >>> sheet = rules("matador", lang="cs", matador_optional=True)
    >>> sheet.options["matador_optional"], [r.id for r in sheet.rules][-5:]
    (True, ['MAT-1', 'MAT-2', 'MAT-3', 'MAT-4', 'MAT-5'])
    >>> rules("chess")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.ParameterError: unknown variant 'chess'; ...
    """
    v = get_variant(variant)
    lang = check_language(lang)
    t = _texts(lang)
    options = v.check_params(params)
    defaults = {name: _own_default(v, params, name) for name in options}
    own = v.factory is not None
    ids = [rid for rid in (*(_COMMON_FOR_OWN_STATE if own else _ids("COM")), *_ids(v.prefix),
                           *BROUGHT_IN.get(v.prefix, lambda o: ())(options))
           if IN_FORCE.get(rid, lambda o: True)(options)]
    sheet_rules = tuple(_rule_as_set(t, rid, v, options) for rid in ids)
    house = []
    for rid, text in t.HOUSE:
        if rid in ids:
            found = _as_set(t.HOUSE_AS_SET.get(rid, {}), v, options)
            house.append((rid, found[1] if found else text,
                          OPTION_OF.get(rid) if OPTION_OF.get(rid) in options else None))
    house.sort(key=lambda h: ids.index(h[0]))
    return RuleSheet(v.name, lang, t.SECTIONS[v.prefix][0], sheet_rules, tuple(house), options, defaults)


def _own_default(v: Any, params: dict[str, Any], name: str) -> Any:
    """The value option ``name`` takes when it is not given and the others are as in ``params``
    (the default of ``target`` depends on ``scoring`` in All Fives, on ``standard`` in Matador)."""
    return v.check_params({k: x for k, x in params.items() if k != name}).get(name)


def book_markdown(lang: str | None = None) -> str:
    """The whole rule book in ``lang`` (None: the language setting) as Markdown: the text of
    ``docs/rules*.md``."""
    t = _texts(lang)
    out = [f"# {t.TITLE}", "", t.INTRO.strip(), ""]
    names = {get_variant(n).prefix: n for n in ("block", "draw_cz", "draw", "all_fives", "matador", "bergen",
                                                 "twentyone", "solitaire")}
    for prefix in ("COM", "BLK", "DCZ", "DRW", "A5", "MAT", "BRG", "T21", "SOL"):
        title, intro = t.SECTIONS[prefix]
        name = f" — `{names[prefix]}`" if prefix in names else ""
        out += [f"## {title}{name}", "", intro.strip(), ""]
        for rid in _ids(prefix):
            r = _rule(t, rid)
            out.append(f"- **{r.id} [{r.provenance}]** {r.text}")
            if r.source:
                out.append(f"  - *{t.LABELS['source']}:* {r.source}")
                out.append(f"  - *{t.LABELS['why']}:* {r.why}")
            if r.option:
                out.append(f"  - *{t.LABELS['option']}:* `{r.option}`")
        out.append("")
    out += [f"## {t.LABELS['house']}", "", t.HOUSE_INTRO.strip(), ""]
    for rid, text in t.HOUSE:
        param = OPTION_OF.get(rid)
        tail = f" ({t.LABELS['option']}: `{param}`)" if param else ""
        out.append(f"- **{rid}** {text}{tail}")
    return "\n".join(out).rstrip() + "\n"

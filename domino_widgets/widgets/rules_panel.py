"""The rules panel every game widget and the rule explorer show: the current variant's rules in
the widget's language, each with its provenance ([S]/[R]/[A]), and the settings in force
(`domino_widgets.variants.rulebook.rules`), folded away until opened. In Bergen with 2 or 3
players it also says when the cross can no longer be completed (public: the hand blocked in
phase one, `domino_widgets.variants.bergen.cross_blocked`). The rules reach the browser only
when the panel is opened (their worked examples name tiles, which the privacy checks of the
widgets would rightly flag in a synced state).

>>> import domino_widgets as dw
>>> p = RulesPanel("cs")
>>> p.show(dw.new_game("matador", seed=1, matador_optional=True))
>>> p.get_title(0), "MAT-4 [R]" in p.html, "matador_optional=True" in p.html, p.body.value
('Pravidla této hry', True, True, '')
>>> p.fold.selected_index = 0; "MAT-4 [R]" in p.body.value        # opened: now it is shown
True
>>> s = dw.new_game("bergen", players=2, hands=[["6-6", "6-5", "1-1"], ["6-4", "2-3"]], leader=0)
>>> p.show(s.play("6-6").play("4-6 left").play("5-6 right")); p.notice.layout.display is None
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..core.registry import get_variant
from ..language import check_language
from ..variants.bergen import cross_blocked
from ..variants.rulebook import rules
from ..variants.rulebook import _own_default as own_default
from ..variants.rulebook import _texts as rule_texts


# The option each game widget offers as a setting (docs/rules.md: the other reading of an [R]
# rule; in the code a "seed option"): a change starts a new game with it.
SEED_OPTIONS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "all_fives": ("scoring", ("fives", "draw")),  # A5-7
    "bergen": ("players", (3, 2, 4)),  # BRG-1
    "matador": ("matador_optional", (False, True)),  # MAT-4
    "twentyone": ("rounds", (False, True)),  # T21-2
    "solitaire": ("may_stop", (False, True)),  # SOL-3
}


def option_text(text: str, variant: str, params: dict[str, Any], name: str, value: Any) -> str:
    """The text of one value of a setting, with the target the match would have with it: the
    target given stays, a default target follows the value (All Fives: 150, or 50 with
    ``scoring="draw"``).

    >>> option_text("match to {target}", "all_fives", {"scoring": "fives", "target": 150}, "scoring", "draw")
    'match to 50'
    >>> option_text("match to {target}", "all_fives", {"scoring": "fives", "target": 200}, "scoring", "draw")
    'match to 200'
    """
    if "{target}" not in text:
        return text
    v = get_variant(variant)
    given = {k: x for k, x in params.items() if k in {p.name for p in v.params}}
    if "target" in given and given["target"] == own_default(v, given, "target"):
        del given["target"]  # a default target follows the value chosen
    return text.replace("{target}", str(v.check_params({**given, name: value}).get("target")))


class RulesPanel(w.VBox):  # type: ignore[misc]
    """A folded panel with the rules of the game shown (`show`), and a notice line above it.
    With ``on_option`` it also holds the variant's seed option as a setting (`SEED_OPTIONS`):
    changing it calls ``on_option(name, value)``, and the widget starts a new game with it."""

    def __init__(self, lang: str | None = None, on_option: Any = None) -> None:
        self.lang = lang = check_language(lang)
        self.on_option = on_option
        self.option = w.Dropdown(layout=w.Layout(width="auto", max_width="100%", display="none"), style={"description_width": "initial"})
        self.option.observe(self._on_option, names="value")
        self.body = w.HTML()
        self.fold = w.Accordion(children=[self.body], selected_index=None)
        self.fold.set_title(0, rule_texts(lang).LABELS["panel"])
        self.notice = w.HTML(layout=w.Layout(display="none"))
        self._key: Any = None
        self.html = ""  # the rules of the game shown, as HTML
        self.fold.observe(lambda _c: self._fill(), names="selected_index")
        self.fold.children = [w.VBox([self.option, self.body])]
        super().__init__([self.notice, self.fold])
        self.add_class("dw-rules-panel")

    def _set_option(self, variant: str, params: dict[str, Any]) -> None:
        name, values = SEED_OPTIONS.get(get_variant(variant).name, ("", ()))
        if self.on_option is None or name not in params:
            self.option.layout.display = "none"
            return
        self._setting = True
        try:
            words = rule_texts(self.lang).OPTION_VALUES
            self.option.options = [(option_text(words.get((name, v), f"{name}={v!r}"), variant, params, name, v), v)
                                    for v in values]
            self.option.value = params[name]
            self.option.description = rule_texts(self.lang).LABELS["option"]
        finally:
            self._setting = False
        self.option.layout.display = None

    _setting = False

    def _on_option(self, change: dict[str, Any]) -> None:
        if self._setting or self.on_option is None or change["new"] is None or self._key is None:
            return
        name = SEED_OPTIONS[get_variant(self._key[0]).name][0]
        if dict(self._key[1]).get(name) != change["new"]:
            self.on_option(name, change["new"])

    def _fill(self) -> None:
        self.body.value = self.html if self.fold.selected_index == 0 else ""

    def get_title(self, index: int) -> str:
        return str(self.fold.get_title(index))

    def redraw(self) -> None:
        """Draw the rules and the option again at the next `show` (a change the widget refused
        leaves the menu on the value the person chose)."""
        self._key = None

    def show(self, state: Any, lang: str | None = None) -> None:
        """Show the rules of ``state``'s variant with its parameters (only redrawn when they change)."""
        lang = lang or self.lang
        params = dict(state.params)
        key = (state.variant, tuple(sorted(params.items())), lang)
        if key != self._key:
            self._key, self.lang = key, lang
            self.fold.set_title(0, rule_texts(lang).LABELS["panel"])
            # no heading element: the panel may stand under a heading of any level (play.ipynb's h1,
            # a lesson's h2); its header ("Rules") names it
            self.html = rules(state.variant, lang=lang, **params).html(None)
            self._fill()
            self._set_option(state.variant, params)
        blocked = state.variant == "bergen" and cross_blocked(state)
        self.notice.value = (f"<div class='dw-notice'>{html.escape(rule_texts(lang).LABELS['cross_blocked'])}</div>"
                             if blocked else "")
        self.notice.layout.display = None if blocked else "none"


def stop_button(lang: str) -> w.Button:
    """The solitaire's "stop the round" button (SOL-3 seed option ``may_stop=True``), hidden until legal."""
    b = w.Button(description=rule_texts(lang).LABELS["stop"], icon="stop", layout=w.Layout(display="none"))
    b.add_class("dw-stop")
    return b

"""The playable app of ``notebooks/play.ipynb`` (``make app``, Voila): choose a game and a
language, read the rules of the game (with their rule ids), play.

One level selector (the game widget's own), the language switched in place (the game goes on,
every label, message and menu changes), and a game in progress is only thrown away after the
player says so.

>>> app = PlayApp(seed=1, delay=0)
>>> type(app.game).__name__, app.game_box.value
('GameWidget', 'all_fives')
>>> app.set_lang("cs"); app.game.lang, app.game_box.options[0][0], app.lang_box.description
('cs', 'Slepá ulička', 'Jazyk')
>>> app.choose_game("block").key                # no move made yet: nothing is lost, no question
'switched'
>>> _ = app.game.click(app.game.session.playable_tiles()[0])
>>> app.choose_game("draw").key, type(app.game).__name__, app.game.session.variant   # asks first
('confirm', 'GameWidget', 'block')
>>> app.answer(False).key, app.game_box.value   # "No, keep playing": the menu goes back
('kept', 'block')
>>> app.choose_game("twentyone").key, app.answer(True).key, type(app.game).__name__
('confirm', 'switched', 'TwentyOneWidget')
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from .arguments import check_arguments, frees_on_refusal
from .controls import close_widget  # at module level: close() also runs at interpreter exit
from ..core.registry import available_variants, get_variant
from ..language import languages
from .game import SIZES
from .guard import guard_tree
from .i18n import check_lang, tr, variant_title


@dataclass(frozen=True)
class AppNote:
    """What a command of the app did: "switched", "confirm" (waiting for an answer), "kept"."""

    key: str


class PlayApp(w.VBox):  # type: ignore[misc]
    """The app: a header (game, language), a confirmation bar, the game (with its own rules panel)."""

    @frees_on_refusal
    def __init__(self, variant: str = "all_fives", *, lang: str | None = None, seed: int | None = None,
                 delay: float = 0.6, size: str = "normal", ai_seed: int | None = None) -> None:
        check_arguments(locals())
        variant = get_variant(variant).name  # a name the menu holds, or a ParameterError
        self.lang = lang = check_lang(lang)
        self.seed = seed
        self._ai_seed = ai_seed  # a test's or a lesson's fixed AI choices; None: each game's own secret
        self.delay = delay
        self.size = size
        self.variants = list(available_variants())
        self.game_box = w.Dropdown(options=self._game_options(), value=variant, layout=w.Layout(width="auto"))
        self.game_box.add_class("dw-app-game")
        self.lang_box = w.Dropdown(options=[(tr(x, "language_name"), x) for x in languages()], value=self.lang,
                                   layout=w.Layout(width="auto"))
        self.lang_box.add_class("dw-app-lang")
        self.intro = w.HTML()
        self.question = w.HTML()
        self.yes = w.Button(button_style="danger", layout=w.Layout(width="auto"))
        self.no = w.Button(button_style="", layout=w.Layout(width="auto"))
        self.yes.add_class("dw-app-yes")
        self.no.add_class("dw-app-no")
        self.confirm_bar = w.HBox([self.question, self.yes, self.no], layout=w.Layout(display="none"))
        self.confirm_bar.add_class("dw-app-confirm")
        self._pending: str | None = None
        self._reverting = False
        self.header = w.HBox([self.game_box, self.lang_box, self.intro], layout=w.Layout(flex_flow="row wrap"))
        self.game = self._new_game(variant)
        super().__init__([self.header, self.confirm_bar, self.game], layout=w.Layout(width="100%"))
        self.add_class("dw-app")
        self._apply_size()
        self.game_box.observe(self._on_game, names="value")
        self.lang_box.observe(lambda ch: self.set_lang(ch["new"]), names="value")
        self.yes.on_click(lambda _b: self.answer(True))
        self.no.on_click(lambda _b: self.answer(False))
        self._relabel()
        guard_tree(self)  # the page may set only what a person can change (the game guards its own)

    # ------------------------------------------------------------------ the game

    def _new_game(self, variant: str) -> Any:
        from . import play

        if variant == "solitaire":
            return play(variant, lang=self.lang, seed=self.seed, ai_seed=self._ai_seed)
        if variant == "twentyone":  # Twenty-one and the solitaire have no size setting
            return play(variant, lang=self.lang, seed=self.seed, delay=self.delay, ai_seed=self._ai_seed)
        game = play(variant, lang=self.lang, seed=self.seed, delay=self.delay, size=self.size, ai_seed=self._ai_seed)
        game.size.observe(self._on_size, names="value")  # the next game keeps the size chosen in this one
        return game

    def _on_size(self, change: dict[str, Any]) -> None:
        self.size = change["new"]
        self._apply_size()

    def _apply_size(self) -> None:
        """The header and the question take the game's size too: on the projector setting the
        menus are read from the back of the room like the board."""
        for box in (self.header, self.confirm_bar):
            for other in SIZES:
                box.remove_class(f"dw-size-{other}")
            box.add_class(f"dw-size-{self.size}")

    def in_progress(self) -> bool:
        """Whether switching now would throw away moves of an unfinished game."""
        s = self.game.session
        if s.live.is_over:
            return False
        people = set(getattr(s, "humans", (0,)))
        return any(getattr(st, "current_player", 0) in people and s._person_chooses(st)
                   for st in s._t.states[: s.length])  # a person made a real choice (not a forced lead)

    def choose_game(self, variant: str) -> AppNote:
        """Switch to ``variant``; a game in progress is only thrown away after `answer` (True)."""
        if variant == _variant_of(self.game):
            return AppNote("kept")
        if self.in_progress():
            self._pending = variant
            self._set_menu(variant)
            self.confirm_bar.layout.display = None
            return AppNote("confirm")
        return self._switch(variant)

    def answer(self, yes: bool) -> AppNote:
        """The answer to "Start a new game?": yes switches, no keeps the game and the menu."""
        pending, self._pending = self._pending, None
        self.confirm_bar.layout.display = "none"
        if pending is None:
            return AppNote("kept")
        if yes:
            return self._switch(pending)
        self._set_menu(_variant_of(self.game))
        return AppNote("kept")

    def _switch(self, variant: str) -> AppNote:
        old = self.game
        self.game = self._new_game(variant)
        self.children = tuple(self.game if c is old else c for c in self.children)
        old.close()
        self._set_menu(variant)
        self._relabel()
        guard_tree(self)
        return AppNote("switched")

    def _set_menu(self, variant: str) -> None:
        self._reverting = True
        try:
            self.game_box.value = variant
        finally:
            self._reverting = False

    def _on_game(self, change: dict[str, Any]) -> None:
        if not self._reverting:
            self.choose_game(change["new"])

    # ------------------------------------------------------------------ language

    def set_lang(self, lang: str) -> None:
        """Every word of the page in ``lang``, in place: the game goes on."""
        self.lang = check_lang(lang)
        self.game.set_lang(lang)
        self._relabel()

    def _game_options(self) -> list[tuple[str, str]]:
        return [(variant_title(self.lang, v), v) for v in self.variants]

    def _relabel(self) -> None:
        lang = self.lang
        self._reverting = True
        try:
            value = self.game_box.value
            self.game_box.options = self._game_options()
            self.game_box.value = value
            if self.lang_box.value != lang:
                self.lang_box.value = lang
        finally:
            self._reverting = False
        self.game_box.description = tr(lang, "game")
        self.lang_box.description = tr(lang, "language")
        self.intro.value = html.escape(self._intro(lang))
        self.question.value = f"<b>{html.escape(tr(lang, 'confirm_new'))}</b>"
        self.yes.description, self.no.description = tr(lang, "confirm_yes"), tr(lang, "confirm_no")

    def _intro(self, lang: str) -> str:
        """The one-line instruction for the game shown: Take / Stand in Twenty-one, a tile elsewhere."""
        variant = _variant_of(self.game)
        if variant == "twentyone":
            return tr(lang, "app_intro_twentyone")
        return tr(lang, "app_intro")

    # ------------------------------------------------------------------ static views

    def text(self) -> str:
        return f"{variant_title(self.lang, _variant_of(self.game))}\n{self.game.text()}"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live app, plus a text picture and a static SVG of the table for viewers without
        widgets (GitHub, nbviewer)."""
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = self.text()
        svg = self.game.svg()
        bundle["image/svg+xml"] = str(svg)
        return bundle

    def close(self) -> None:
        """Close the game and every widget of the app (menus, buttons, layouts and styles)."""
        game = getattr(self, "game", None)  # absent when the constructor refused its arguments
        if game is not None:
            game.close()
        close_widget(self)


def _variant_of(game: Any) -> str:
    s = game.session
    return str(getattr(s, "variant", None) or s.state.variant)

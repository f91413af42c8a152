"""The puzzle widget (issue 41): a position from the student's view, the student plays, the answer
is explained in words, and the next puzzle of the theme the student (or the teacher) picked.

The board is the game's own (`BoardWidget`, ``board.js``): the tiles of the student's hand and
the open ends are buttons, the arrows, Enter, Escape, the letter keys and the move box work as on
the game's board, and the live region says what happened. The picture is drawn from the student's
`PlayerView`, so no tile the student cannot see reaches the browser. The first play the student
makes is the attempt: right or wrong is said in words, then why each other play loses, with a
holding of the hidden tiles that shows it (the engine's `Puzzle.others`), and the student's rating
(Glicko-2, `domino_widgets.puzzles.rating`) moves with that attempt. Next puzzle takes the puzzle
of the chosen theme not yet tried whose rating is nearest the student's.

>>> from domino_widgets import puzzles
>>> p = puzzles.load()[0]
>>> g = PuzzleWidget(puzzles=[p], lang="en")
>>> g.solved, g.board.interactive
(False, True)
>>> note = g.play(p.answer)            # the answer, typed as a student types it
>>> g.solved, g.right, g.board.interactive
(True, True, False)
>>> g.board.announce.startswith("Right")
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..core.actions import Action, ActionKind
from ..core.errors import DominoError, ParameterError, check_text, quote
from ..core.tiles import Tile
from .a11y import ends_text, held_text, join_sentences, keys_help, parse_move, tile_words, total_text
from .arguments import frees_on_refusal
from .board import BoardWidget
from .controls import close_widget, guard_widget, replace_in_cell
from .draw import table_svg
from .guard import PageButton, lock
from .i18n import check_lang, layout_text, seat_name, tr, variant_title
from . import puzzle_words as words


#: The theme menu's value for every theme (not None: traitlets lets None past every validator, a
#: teacher's lock included).
ALL_THEMES = "all"


class PuzzleWidget(w.VBox):  # type: ignore[misc]
    """Puzzles of one theme (or of every theme), one at a time.

    ``theme``: a theme of `domino_widgets.puzzles.THEMES`, or None for every theme; ``variant``: only
    that game's puzzles; ``lang``: the language (None: `dw.set_language`'s); ``rating``: the student's
    rating to start from (a `Rating`, e.g. the ``rating`` of an earlier widget; None: a new
    student's); ``locked=("theme",)`` keeps the student on the teacher's theme; ``puzzles``: the
    puzzles to pose instead of the package's (for a lesson or a test); ``board_theme``: the
    picture's colours, as the game's ``theme`` (`domino_widgets.render.THEMES`, high contrast included).
    """

    @frees_on_refusal
    def __init__(self, *, theme: str | None = None, variant: str | None = None, lang: str | None = None,
                 rating: Any = None, locked: Sequence[str] = (), puzzles: Sequence[Any] | None = None,
                 board_theme: str = "light") -> None:
        from .. import puzzles as engine
        from ..puzzles import rating as glicko

        self.lang = check_lang(lang)
        from ..render.themes import get_theme

        self.board_theme = get_theme(board_theme).name  # the picture's colours (a bad name: a DominoError)
        if isinstance(locked, str) or not all(x == "theme" for x in locked):
            raise ParameterError("locked may name only 'theme', not {locked!r}", locked=locked)
        if theme is not None and theme not in engine.THEMES:
            raise ParameterError("theme must be one of {themes} (or None for every theme), not {theme!r}",
                                 themes=", ".join(engine.THEMES), theme=theme)
        if puzzles is not None and (isinstance(puzzles, (str, bytes)) or not isinstance(puzzles, Sequence)
                                    or not all(isinstance(p, engine.Puzzle) for p in puzzles)):
            raise ParameterError("puzzles must be a list of Puzzle ('domino_widgets.puzzles.load()'), not {value}",
                                 value=quote(puzzles))
        pool = list(engine.load(variant=variant) if puzzles is None else puzzles)
        if not pool:
            raise ParameterError("no puzzle of {variant!r}", variant=variant)
        self._pool = pool
        self.rating = glicko.Rating() if rating is None else rating
        if not isinstance(self.rating, glicko.Rating):
            raise ParameterError("rating must be a Rating (or None for a new student), not {rating!r}", rating=rating)
        self.tried: list[tuple[str, bool]] = []  # (puzzle id, right) of each attempt, in order
        self.board = BoardWidget()
        self.status = w.HTML()
        self.status.add_class("dw-status")
        self.message_box = w.HTML()
        self.message_box.add_class("dw-message")
        self.explanation = w.HTML()
        self.explanation.add_class("dw-panel")
        self.theme_menu = w.Dropdown(options=self._theme_options(), value=theme or ALL_THEMES,
                                     style={"description_width": "initial"},
                                     layout=w.Layout(width="auto"))
        self.theme_menu.add_class("dw-puzzle-theme")
        self.next_button = PageButton(button_style="success", icon="forward", layout=w.Layout(width="auto"))
        self.next_button.add_class("dw-puzzle-next")
        self.locked = tuple(locked)
        if "theme" in self.locked:
            lock(self.theme_menu)
            self.theme_menu.disabled = True
        super().__init__([self.status, self.board, self.message_box, w.HBox([self.next_button, self.theme_menu]),
                          self.explanation], layout=w.Layout(width="100%"))
        self.add_class("dw-puzzle")
        self.add_class("dw-measured")
        self.board.on_click(self._on_click)
        self.board.on_key(self.key)
        self.board.on_typed(self.type_move)
        self.board.observe(lambda _ch: self.refresh(), names="avail_width")
        self.next_button.on_click(lambda _b: self.next())
        self.theme_menu.observe(lambda _ch: None if getattr(self, "_muted", False) else self.next(), names="value")
        self.puzzle: Any = None
        self.next()
        replace_in_cell(self)

    # ------------------------------------------------------------------ the puzzles

    def _theme_options(self) -> list[tuple[str, str | None]]:
        from ..puzzles import THEMES

        present = {p.theme for p in getattr(self, "_pool", ())}
        return [(words.theme_name(None, self.lang), ALL_THEMES)] + \
            [(words.theme_name(t, self.lang), t) for t in THEMES if t in present or not present]

    @property
    def theme(self) -> str | None:
        """The theme chosen (None: every theme)."""
        value = self.theme_menu.value
        return None if value == ALL_THEMES else value  # type: ignore[no-any-return]

    def candidates(self) -> list[Any]:
        """The puzzles of the chosen theme."""
        return [p for p in self._pool if self.theme is None or p.theme == self.theme]

    def next(self) -> None:
        """Pose the next puzzle: of the chosen theme, not tried yet, the nearest to the student's
        rating (the first in the list on a tie); once every one was tried, the round starts again."""
        pool = self.candidates()
        if not pool:
            self.puzzle = None
            self.refresh()
            self.board.say(tr(self.lang, "puzzle_none"))
            return
        done = {pid for pid, _ in self.tried}
        fresh = [p for p in pool if p.id not in done and (self.puzzle is None or p.id != self.puzzle.id)]
        if not fresh:
            fresh = [p for p in pool if self.puzzle is None or p.id != self.puzzle.id] or pool
        mine = float(self.rating.rating)
        self._pose(min(fresh, key=lambda p: abs(float(p.rating) - mine)))

    def _pose(self, puzzle: Any) -> None:
        self.puzzle = puzzle
        self.state = puzzle.state()
        self.seat = puzzle.seat
        self.legal = tuple(self.state.legal_actions())
        self.best = words.answer_action(puzzle, self.legal)
        self.selected: Tile | None = None
        self.choices: tuple[Action, ...] = ()
        self.attempt: Action | None = None
        self.right: bool | None = None
        self.explanation.value = ""
        self.message_box.value = html.escape(self.task())
        self.refresh()
        self.board.say(self.greeting())

    @property
    def solved(self) -> bool:
        """Whether the student has made their attempt at the puzzle shown."""
        return self.attempt is not None

    # ------------------------------------------------------------------ words

    def task(self) -> str:
        """What the student is asked: "Find the best play"."""
        if self.puzzle is None:
            return tr(self.lang, "puzzle_none")
        return tr(self.lang, "puzzle_task")

    def greeting(self) -> str:
        """The puzzle's first words: which puzzle, the game and the theme, the student's seat and
        tiles, the task."""
        lang, p = self.lang, self.puzzle
        return join_sentences([
            tr(lang, "puzzle_no", n=self._number(), total=len(self.candidates())),
            variant_title(lang, p.variant), f"{tr(lang, 'theme')}: {words.theme_name(p.theme, lang)}",
            tr(lang, "say_seat", who=self._name(self.seat), tiles=tr(lang, "n_tiles", n=len(self.state.hand(self.seat)))),
            self.task()])

    def _number(self) -> int:
        ids = [p.id for p in self.candidates()]
        return ids.index(self.puzzle.id) + 1 if self.puzzle.id in ids else 1

    def _name(self, seat: int) -> str:
        """The student's seat is "Player 1 (you)"; the opponent's has no role (nobody plays it)."""
        return seat_name(seat, self.lang, human=True, people=1 if seat == self.seat else 2)

    # ------------------------------------------------------------------ playing

    def _on_click(self, kind: str, value: str, stale: bool) -> None:
        if stale:
            self._say(tr(self.lang, "stale"))
        elif kind == "tile":
            self.click(value)
        elif kind == "end":
            self.click_end(value)
        else:
            self.selected, self.choices = None, ()
            self.refresh()

    def click(self, tile: str) -> str:
        """A click on a tile of the student's hand: the attempt when it can go one way only, else
        the ends it can go to are offered. Returns what was said."""
        check_text(tile, "click")
        lang = self.lang
        if self.puzzle is None:
            return self._say(tr(lang, "puzzle_none"))
        if self.solved:
            return self._say(tr(lang, "puzzle_done"))
        try:
            t = Tile.parse(tile)
        except DominoError:
            return self._say(tr(lang, "bad_click"))
        if t not in self.state.hand(self.seat):
            return self._say(tr(lang, "not_in_hand", tile=str(t)))
        mine = tuple(a for a in self.legal if a.tile == t)
        if not mine:
            return self._say(tr(lang, "does_not_fit", tile=str(t)))
        if len(mine) == 1:
            return self._try(mine[0])
        self.selected, self.choices = t, mine
        self.refresh()
        return self._say(tr(lang, "choose_end", tile=str(t), n=len(mine)))

    def click_end(self, end: str) -> str:
        """A click on an open end once a tile is chosen."""
        check_text(end, "click_end")
        lang = self.lang
        if self.solved:
            return self._say(tr(lang, "puzzle_done"))
        if self.selected is None:
            return self._say(tr(lang, "pick_tile_first"))
        fits = [a for a in self.choices if a.end is not None and str(a.end) == end]
        if not fits:
            return self._say(tr(lang, "not_a_target", tile=str(self.selected), end=tr(lang, end) if end in
                                ("left", "right", "up", "down") else "?"))
        return self._try(fits[0])

    def play(self, text: str) -> str:
        """A play in the notation ("5-6 right"): the attempt, or why it is none."""
        check_text(text, "play")
        if self.puzzle is None:
            return self._say(tr(self.lang, "puzzle_none"))
        if self.solved:
            return self._say(tr(self.lang, "puzzle_done"))
        try:
            action = Action.parse(text)
        except DominoError as exc:
            return self._say(exc.text(self.lang))
        if action in self.legal:
            return self._try(action)
        same = [a for a in self.legal if a.tile == action.tile and action.end is None]
        if len(same) == 1:
            return self._try(same[0])
        if action.tile is not None and action.kind is ActionKind.PLAY:
            return self.click(str(action.tile)) if action.end is None else \
                self._say(tr(self.lang, "not_a_target", tile=str(action.tile), end=tr(self.lang, str(action.end))))
        return self._say(tr(self.lang, "puzzle_task"))

    def type_move(self, text: str) -> str:
        """A move typed into the board's move box in the student's language ("5-6 vpravo")."""
        check_text(text, "type_move")
        try:
            notation = parse_move(text, self.lang)
        except DominoError as exc:
            return self._say(exc.text(self.lang))
        return self.play(notation)

    def _try(self, action: Action) -> str:
        """The student's attempt: right or wrong, the explanation, the rating moved."""
        from ..puzzles import rating as glicko

        p, lang = self.puzzle, self.lang
        self.attempt, self.selected, self.choices = action, None, ()
        self.right = p.is_answer(action)  # the engine's one judgement of a play
        before = self.rating
        # the attempt is a game between the student and the puzzle: both ratings move (Glicko-2)
        self.rating, rated = glicko.rate(p, self.rating, bool(self.right))
        self._pool = [rated if q.id == p.id else q for q in self._pool]
        self.tried.append((p.id, bool(self.right)))
        verdict = words.verdict(p, action, self.best, self.right, self._name, lang, self.legal)
        moved = tr(lang, "rating_moved", old=words.rating_text(before, lang), new=words.rating_text(self.rating, lang))
        self.message_box.value = html.escape(verdict)
        self.explanation.value = words.explanation_html(p, self.best, self.legal, self._name, lang)
        self.refresh()
        return self._say(join_sentences([verdict, moved, tr(lang, "puzzle_keys_after")]))

    def _say(self, text: str) -> str:
        self.board.say(text)
        return text

    # ------------------------------------------------------------------ keys

    def key_letters(self) -> list[str]:
        """The letters the board answers: E open ends, H tiles held, F the open-end total (All Fives),
        W the task, M the move box; once the attempt is made, X the explanation again and N the
        next puzzle."""
        if self.puzzle is None:
            return []
        letters = ["e", "h"] + (["f"] if self.puzzle.variant == "all_fives" else []) + ["w", "m"]
        return letters + (["x", "n"] if self.solved else [])

    def key(self, letter: str) -> str | None:
        """Press a letter key of the board; returns what was said (None for a letter it does not answer)."""
        if letter not in self.key_letters():
            return None
        lang, st = self.lang, self.state
        if letter == "n":
            self.next()
            return self.board.announce
        if letter == "e":
            text = ends_text(st, lang)
        elif letter == "h":
            text = held_text([self._name(i) for i in range(st.players)], [len(st.hand(i)) for i in range(st.players)],
                             lang, len(st.boneyard) if words.draws(st) else None)
        elif letter == "f":
            text = total_text(st, lang)
        elif letter == "x":
            text = join_sentences(words.explanation_lines(self.puzzle, self.best, self.legal, self._name, lang))
        else:  # "w"
            text = self.task() if not self.solved else tr(lang, "puzzle_done")
        return self._say(text)

    def message_box_text(self) -> str:
        return html.unescape(self.message_box.value)

    # ------------------------------------------------------------------ drawing

    def svg(self) -> str:
        """The table as the student sees it (from their view: no hidden tile)."""
        st, lang = self.state, self.lang
        playable = () if self.solved else tuple(dict.fromkeys(a.tile for a in self.legal if a.tile is not None))
        targets = tuple(dict.fromkeys(a.end for a in self.choices if a.end is not None))
        width = self.board.layout_width(820.0)
        return table_svg(st, seat=self.seat, playable=playable, selected=self.selected, targets=targets,
                         names=[seat_name(i, lang, human=True, people=0) for i in range(st.players)],
                         lang=lang, viewer_role="you",  # the picture adds "(you)" to the student's own name
                         theme=self.board_theme,
                         width=max(200.0, min(10000.0, width)))

    def refresh(self) -> None:
        """Redraw the board and every word around it."""
        lang, b = self.lang, self.board
        with self.hold_sync():
            self.next_button.description = self.next_button.tooltip = tr(lang, "puzzle_next")
            self.theme_menu.description = tr(lang, "theme")
            if self.puzzle is None:
                self.status.value = f"<b>{html.escape(tr(lang, 'puzzles'))}</b>"
                b.show("", interactive=False, phase="over", description="", hand=[])
                b.letters = []
                return
            st = self.state
            b.label_board = tr(lang, "puzzles")
            playable = {a.tile for a in self.legal if a.tile is not None} if not self.solved else set()
            b.tile_labels = {str(t): tile_words(str(t), t in playable, lang) for t in st.hand(self.seat)}
            b.end_labels = {str(e): tr(lang, "end_open", end=tr(lang, str(e)), n=n) for e, n in st.ends.items()}
            letters = self.key_letters()
            b.letters = letters
            b.keys_help = keys_help(lang, letters, words={"w": tr(lang, "key_task"), "x": tr(lang, "key_explain"),
                                                          "n": tr(lang, "puzzle_next")})
            b.label_move, b.label_live = tr(lang, "move_box"), tr(lang, "announcements")
            b.show(self.svg(), interactive=not self.solved, phase="over" if self.solved else "yours",
                   description=f"{tr(lang, 'table')}: {layout_text(st.layout, lang)}",
                   hand=[str(t) for t in st.hand(self.seat)], laid_for=b.avail_width)
            self.status.value = self._status_html()
            self.next_button.disabled = False
        guard_widget(self)

    def _status_html(self) -> str:
        lang, p = self.lang, self.puzzle
        parts = [f"<b>{html.escape(tr(lang, 'puzzle_no', n=self._number(), total=len(self.candidates())))}</b>",
                 html.escape(variant_title(lang, p.variant)),
                 html.escape(f"{tr(lang, 'theme')}: {words.theme_name(p.theme, lang)}"),
                 html.escape(tr(lang, "difficulty", n=p.difficulty)),
                 f"<span class='dw-rating'>{html.escape(tr(lang, 'your_rating', rating=words.rating_text(self.rating, lang)))}</span>"]
        right = sum(1 for _, r in self.tried if r)
        if self.tried:
            parts.append(html.escape(tr(lang, "puzzles_right", right=right, n=len(self.tried))))
        return " · ".join(parts)

    def set_lang(self, lang: str) -> None:
        """Every word in ``lang``, the puzzle kept."""
        self.lang = check_lang(lang)
        value = self.theme_menu.value
        from .guard import unlocked

        with unlocked(self.theme_menu):
            self._muted = True
            try:
                self.theme_menu.options = self._theme_options()
                self.theme_menu.value = value
            finally:
                self._muted = False
        if self.puzzle is not None and self.solved:
            self.message_box.value = html.escape(words.verdict(self.puzzle, self.attempt, self.best, bool(self.right),
                                                               self._name, self.lang, self.legal))
            self.explanation.value = words.explanation_html(self.puzzle, self.best, self.legal, self._name, self.lang)
        elif self.puzzle is not None:
            self.message_box.value = html.escape(self.task())
        self.board.unsay()
        self.refresh()

    def text(self) -> str:
        """A plain-text picture of what the student sees (no hidden tile)."""
        lang = self.lang
        if self.puzzle is None:
            return tr(lang, "puzzle_none")
        st = self.state
        lines = [html.unescape(self._status_html().replace("<b>", "").replace("</b>", "")
                               .replace("<span class='dw-rating'>", "").replace("</span>", "")),
                 f"{tr(lang, 'table')}: {layout_text(st.layout, lang)}"]
        for seat in range(st.players):
            hand = st.hand(seat)
            lines.append(f"{self._name(seat)}: " + (" ".join(map(str, hand)) if seat == self.seat
                                                     else tr(lang, "n_tiles", n=len(hand))))
        lines.append(self.message_box_text())
        if self.solved:
            lines += words.explanation_lines(self.puzzle, self.best, self.legal, self._name, lang)
        return "\n".join(lines)

    def close(self) -> None:
        """Close every widget inside (layouts and styles too) and the widget itself."""
        close_widget(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus a text picture and a static SVG of the position for viewers that
        cannot run widgets (GitHub, nbviewer, a saved notebook): the student's view only."""
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = self.text()
        if self.puzzle is not None:
            bundle["image/svg+xml"] = self.svg()
        return bundle

    def __repr__(self) -> str:
        pid = self.puzzle.id if self.puzzle is not None else None
        return f"<PuzzleWidget {pid} theme={self.theme!r} rating={float(self.rating.rating):.0f}>"


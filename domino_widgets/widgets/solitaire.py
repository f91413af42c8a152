"""Solitaire (SOL-1..5): pick the base, lay tiles by clicking, and watch the refills.

The hand is face up (SOL-1); the stock is shown as a count only, since the order it will come
in is hidden. A click on a tile of the hand chooses the base (SOL-2), or lays the tile; a tile
that fits both ends asks for the end. After each round the refill (SOL-3, SOL-5) is announced.
Undo, Redo, the replay slider, Save and Load are the line-game widget's (`TimelineControls`);
the record (which names the stock's order) is shown once the game is over.

>>> import domino_widgets as dw
>>> start = dw.new_game("solitaire", hands=[["3-5", "5-6", "0-0", "1-2", "2-2"]],
...                     boneyard=["6-6", "0-1", "4-4", "1-1"])
>>> g = SolitaireWidget(start)
>>> g.click("3-5").key                              # SOL-2: the base
'base_chosen'
>>> g.click("0-0").key, g.click("5-6").key          # 0-0 fits nothing; 5-6 ends the round: refill
('does_not_fit', 'refilled')
>>> g.message()                                     # SOL-3: two tiles laid, two drawn
'You played 5-6 on the right end · Refill: 2 new tiles'
>>> g.click("6-6").key, str(g.session.state.outcome)   # the refill (4-4) fits nothing: lost (SOL-4)
('sol_lost', 'lost in round 3: no tile of the hand fits 3 or 6; 3 tiles on the table, 6 left')
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .a11y import Announcer, TurnTeller, announce_text, ends_text, join_sentences, keys_help, last_text, not_here, \
    parse_move, tile_words
from .arguments import check_arguments, frees_on_refusal
from ..core.actions import STOP, Action, ActionKind, End
from ..core.errors import DominoError, ParameterError, check_text
from ..core.state import new_game
from ..core.registry import get_variant
from ..core.tiles import Tile
from .board import BoardWidget
from .controls import guard_widget, TimelineControls, TimelineWidget, replace_in_cell
from .i18n import action_text, check_lang, layout_text, tr, variant_title
from .rules_panel import RulesPanel, stop_button
from .notes import Note
from .timeline import Timeline, ai_key, fresh_seed


class SolitaireSession(Timeline):
    """One game of solitaire: its moves (with undo, redo, replay and records), the selected
    tile, and what each click means.

    Fair play is on by default: the stock's order is hidden (SOL-1), so undo never goes back
    past a refill (SOL-3, SOL-5) that showed new tiles; ``fair_play=False`` is practice mode.
    """

    def __init__(self, start: Any = None, *, seed: int | None = None, fair_play: bool = True,
                 ai_seed: int | None = None, **params: Any) -> None:
        self._ai_key = ai_key(ai_seed)
        self.params = params
        self.seed = seed if seed is not None else fresh_seed()
        self._restart(start if start is not None else new_game("solitaire", self.seed, **params))
        self.games = 1
        self.fair_play = bool(fair_play)

    def _reveals(self, before: Any, after: Any) -> bool:
        """SOL-3/SOL-5: a refill shows tiles from the hidden stock."""
        return len(after.refills) > len(before.refills)

    @property
    def humans(self) -> tuple[int, ...]:
        return (0,)

    @property
    def events(self) -> list[Note]:
        """What the moves up to the shown position said, oldest first."""
        return self.notes()

    def can_click(self) -> bool:
        """Whether a click can play now: the game goes on, and (under fair play) the position
        shown is not a replay from before a refill."""
        return not self.state.is_over and self._fair_refusal() is None

    def playable_tiles(self) -> tuple[Tile, ...]:
        if not self.can_click():
            return ()
        seen: dict[Tile, None] = {}
        for a in self.state.legal_actions():
            if a.tile is not None:
                seen[a.tile] = None
        return tuple(seen)

    def target_ends(self) -> tuple[End, ...]:
        return tuple(dict.fromkeys(a.end for a in self.choices if a.end is not None))

    def click_tile(self, text: str) -> Note:
        s = self.state
        if s.is_over:
            return self._say(Note.of("hand_over"))
        fair = self._fair_refusal()
        if fair is not None:
            return self._say(fair)
        try:
            tile = Tile.parse(text)
        except DominoError:
            return self._say(Note.of("bad_click"))
        if tile not in s.hand:
            return self._say(Note.of("not_in_hand", tile=str(tile)))
        mine = tuple(a for a in s.legal_actions() if a.tile is tile)
        if not mine:
            return self._say(Note.of("does_not_fit", tile=str(tile)))
        if len(mine) == 1:
            return self.apply(mine[0])
        self.selected, self.choices = tile, mine
        return self._say(Note.of("choose_end", tile=str(tile), n=len(mine)))

    def click_end(self, text: str) -> Note:
        if self.state.is_over:
            return self._say(Note.of("hand_over"))
        fair = self._fair_refusal()
        if fair is not None:
            return self._say(fair)
        try:
            end = End.parse(text)
        except DominoError:
            return self._say(Note.of("bad_click"))
        if self.selected is None:
            return self._say(Note.of("pick_tile_first"))
        fits = [a for a in self.choices if a.end is end]
        if not fits:
            return self._say(Note.of("not_a_target", tile=str(self.selected), end=end))
        return self.apply(fits[0])

    def apply(self, action: Action | str) -> Note:
        """Play ``action`` on the shown position (cutting off any redo history); under fair play
        a replayed position from before a refill is for looking only (Stop too, SOL-3)."""
        self._push(self.state.play(action))
        assert self.note is not None
        return self.note

    def _describe(self, before: Any, after: Any) -> list[Note]:
        done = after.last_action
        if done.kind is ActionKind.BASE:
            notes = [Note.of("base_chosen", tile=str(done.tile))]
        elif done.kind is ActionKind.STOP:
            notes = []  # SOL-3 seed option: the refill note below says what happened
        else:
            notes = [Note.of("played_end", who=0, tile=str(done.tile), end=done.end)]
        if len(after.refills) > len(before.refills):
            notes.append(Note.of("refilled", n=len(after.refills[-1][1])))  # SOL-3/5
        if after.outcome is not None:
            notes.append(Note.of("sol_won" if after.outcome.reason == "won" else "sol_lost"))
        return notes

    def _check_loaded(self, final: Any) -> None:
        if final.variant != "solitaire":
            raise ParameterError("this widget plays solitaire; the record is {variant}", variant=final.variant)

    def new_game(self, seed: int | None = None) -> Note:
        """Deal a new game: a fresh seed (`fresh_seed`, never derived from the seed the last
        game's record shows) unless a teacher gives one."""
        self.seed = seed if seed is not None else fresh_seed()
        self._restart(new_game("solitaire", self.seed, **self.params))
        self.games += 1
        return self._say(Note.of("game_no", n=self.games))


class SolitaireWidget(TimelineWidget, w.VBox):  # type: ignore[misc]
    """The solitaire board with New game and the line widget's Undo, Redo, replay, Save and Load."""

    @frees_on_refusal
    def __init__(self, start: Any = None, *, seed: int | None = None, lang: str | None = None, theme: str = "light",
                 hint: bool = False, fair_play: bool = True, locked: Sequence[str] = (), ai_seed: int | None = None,
                 **params: Any) -> None:
        check_arguments(locals())
        self.lang = lang = check_lang(lang)
        if start is not None and params:
            raise ParameterError("a solitaire started from a state takes its parameters from the state")
        self.session = SolitaireSession(start, seed=seed, ai_seed=ai_seed, **params)
        self.theme = theme
        self.board = BoardWidget()
        self._announcer = Announcer()  # issue 27: every move said once in the live region
        self._teller = TurnTeller()  # issue 40: the first words, and what to do at each new game
        self.board.on_key(self.key)
        self.board.on_typed(self.type_move)
        self.status = w.HTML()
        self.status.add_class("dw-status")
        self.message_box = w.HTML()
        self.message_box.add_class("dw-message")
        self.controls = TimelineControls(lang)
        self.undo, self.redo = self.controls.undo, self.controls.redo
        self.new = w.Button(description=tr(lang, "new_game"), button_style="success", icon="refresh")
        self.new.add_class("dw-new-hand")
        self.hint = w.Checkbox(value=hint, description=tr(lang, "hint"), indent=False)
        self.hint_panel = w.HTML()
        self.hint_panel.add_class("dw-panel")
        c = self.controls
        super().__init__([self.status, self.board, self.message_box,
                          w.HBox([self.undo, self.redo, c.replay, self.new, self.hint, stop_button(lang), c.fair_play]),
                          self.hint_panel, w.HBox([c.save, c.upload, c.download]),
                          RulesPanel(lang, self.set_option)])
        self.rules_panel = self.children[-1]  # docs/rules.md, with the settings in force
        self.stop = self.children[3].children[-2]
        self.stop.on_click(lambda _b: self.press("stop"))
        self.add_class("dw-solitaire")
        self.add_class("dw-sized")  # board.css fits the board to the window
        self.board.on_click(self._on_board_click)
        self._set_up_safety(fair_play, locked)
        self._wire_timeline()
        self.new.on_click(lambda _b: self._act(self.session.new_game))
        self.hint.observe(lambda _c: self.refresh(), names="value")
        self.refresh()
        replace_in_cell(self)

    def set_lang(self, lang: str) -> None:
        """Switch every label and message to ``lang`` (a language of the catalog), keeping the game."""
        self.lang = check_lang(lang)
        self.controls.relabel(lang)
        self._show_download()  # the link's words in the new language
        self.new.description, self.hint.description = tr(lang, "new_game"), tr(lang, "hint")
        self.refresh()
        self.board.unsay()  # no announcement left in the old language

    def _on_board_click(self, kind: str, value: str, stale: bool) -> None:
        s = self.session
        if stale:
            self._act(lambda: s._say(Note.of("stale")))
        elif kind == "tile":
            self._act(lambda: s.click_tile(value))
        elif kind == "end":
            self._act(lambda: s.click_end(value))
        else:
            s.selected, s.choices = None, ()
            self.refresh()

    def _act(self, do: Any, *, timeline: bool = False) -> Note:
        self._teller.loading = False
        note = do()
        self.refresh()
        return note  # type: ignore[no-any-return]

    def press(self, what: str) -> Note:
        """Press "undo", "redo", "new_game" or "stop" (SOL-3 seed option may_stop=True)."""
        check_text(what, "press")
        s = self.session
        table = {"undo": s.undo, "redo": s.redo, "new_game": s.new_game, "stop": lambda: s.apply("stop")}
        if what not in table:
            raise ParameterError("press takes one of {table}, not {what!r}", table=', '.join(table), what=what)
        return self._act(table[what])

    def set_option(self, name: str, value: Any) -> None:
        """Change a variant parameter (SOL-3's seed option may_stop) and start a new game with it."""
        check_text(name, "set_option")
        params = {**self.session.state.params, name: value}
        get_variant("solitaire").check_params(params)  # a value the rules refuse changes nothing
        self.session.params = params
        self.press("new_game")

    def click(self, tile: str | Tile) -> Note:
        """Click a tile of the hand (as the board does)."""
        if not isinstance(tile, Tile):
            check_text(tile, "click")
        return self._act(lambda: self.session.click_tile(str(tile)))

    def click_end(self, end: str | End) -> Note:
        if not isinstance(end, End):
            check_text(end, "click_end")
        return self._act(lambda: self.session.click_end(str(end)))

    def _note_text(self, n: Note) -> str:
        fields = dict(n.fields)
        if "who" in fields:
            fields["who"] = tr(self.lang, "you")
        if isinstance(fields.get("end"), End):
            fields["end"] = tr(self.lang, f"end_{fields['end']}")
        return tr(self.lang, n.key, **fields)

    def key(self, letter: str) -> str | None:
        """A letter key of the board (issue 27): E the open ends, H the tiles in hand and the
        stock, L the last moves, W whose turn and what to do (issue 40). Returns what it said.

        >>> g = SolitaireWidget(seed=8, lang="cs")
        >>> g.key("w")
        'Jste na tahu. Vyberte základ: jednu z pěti kostek.'
        """
        s, lang = self.session, self.lang
        st = s.state
        if letter == "w":
            text = join_sentences(self._turn_words()) if s.can_click() else self._turn_text()
        elif letter == "e":
            text = ends_text(st, lang)
        elif letter == "h":
            text = self._held_text()
        elif letter == "l":
            text = last_text([self._note_text(n) for n in s.notes()[-4:]], lang)
        else:
            return None
        self.board.say(text)
        return text

    def type_move(self, text: str) -> str:
        """A move typed into the move box (issue 27), in the student's language: a tile chooses the
        base or is laid where it fits ("3-3"), a tile and an end lays it there ("5-6 vpravo",
        "5-6 δεξιά"); anything else is refused with the reason. Returns what was announced.

        >>> g = SolitaireWidget(seed=8, lang="cs")
        >>> g.type_move("1-3"), g.type_move("3-3 vlevo")
        ('Základ 1-3.', '3-3 nelze položit na levý konec.')
        >>> g.type_move("3-3 vpravo").endswith("3-3 na pravý konec."), g.type_move("dobrat")
        (True, 'dobrat v této hře není tah: napište 5-6 pravý')
        """
        check_text(text, "type_move")
        s, lang = self.session, self.lang
        try:
            action = Action.parse(parse_move(text, lang))
        except DominoError as exc:
            self.board.say(exc.text(lang))
            return self.board.announce
        if action.kind is not ActionKind.PLAY or action.tile is None:
            self.board.say(not_here(text, lang, f"5-6 {tr(lang, 'right')}"))
            return self.board.announce
        tile = action.tile
        if action.end is None:
            self._act(lambda: s.click_tile(str(tile)))
            return self.board.announce
        fits = [a for a in s.state.legal_actions() if a.tile is tile and a.end is action.end
                and (action.touching is None or a.touching == action.touching)]
        if fits and s.can_click():
            self._act(lambda: s.apply(fits[0]))
        elif s.can_click() and tile in s.state.hand and any(a.tile is tile for a in s.state.legal_actions()):
            self._act(lambda: s._say(Note.of("not_a_target", tile=str(tile), end=action.end)))
        else:
            self._act(lambda: s.click_tile(str(tile)))  # the reason: over, not in the hand, fits nowhere
        return self.board.announce

    def _a11y(self) -> None:
        s, lang, b = self.session, self.lang, self.board
        st = s.state
        playable = set(s.playable_tiles())
        b.tile_labels = {str(t): tile_words(str(t), t in playable, lang) for t in st.hand}
        b.end_labels = {str(e): tr(lang, "end_open", end=tr(lang, str(e)), n=n) for e, n in st.ends.items()} \
            if hasattr(st, "ends") else {}
        b.letters = ["e", "h", "l", "w", "m"]
        b.keys_help = keys_help(lang, b.letters)
        b.label_live, b.label_move = tr(lang, "announcements"), tr(lang, "move_box")
        news = self._announcer.news(s)
        if not self._teller.wants(news):
            return
        parts = [announce_text(news, s, lang, text_of=self._note_text)] if news else []
        # issue 40: at each new game what to do, and the page's first words
        self._teller.speak(b, s, news, parts, turn=self._turn_words, greeting=self._greeting, people=True)

    def _turn_words(self) -> list[str]:
        """The student's turn, and before the base is chosen what to do (SOL-2)."""
        lang = self.lang
        return [tr(lang, "say_your_turn")] + ([tr(lang, "choose_base")] if self.session.state.layout.center is None else [])

    def _greeting(self) -> str:
        """The page's first words (issue 40): the game, its number, the tiles in hand and the stock."""
        s, lang = self.session, self.lang
        return join_sentences([variant_title(lang, "solitaire"), tr(lang, "game_no", n=s.games), self._held_text()])

    def _held_text(self) -> str:
        """The tiles in hand and the stock, as H says them: "You: 5 tiles; stock 23"."""
        st, lang = self.session.state, self.lang
        return f"{tr(lang, 'you')}: {tr(lang, 'n_tiles', n=len(st.hand))}; {tr(lang, 'stock', n=len(st.boneyard))}"

    def _turn_text(self) -> str:
        """What the status line says of the turn: won, lost, choose the base, or your turn."""
        s, lang = self.session, self.lang
        st = s.state
        return (tr(lang, "sol_won") if st.outcome is not None and st.outcome.reason == "won" else
                tr(lang, "sol_lost") if st.is_over else
                tr(lang, "choose_base") if st.layout.center is None else tr(lang, "your_turn"))

    def message(self) -> str:
        s = self.session
        parts = []
        for n in s.said:
            parts.append(self._note_text(n))
        why = s.state.set_cannot_win  # an odd pips: no line holds every tile of the set (SOL-4)
        if why is not None and not s.state.is_over:
            parts.insert(0, why.text(self.lang))
        return " · ".join(parts)

    def svg(self, *, highlights: bool = True) -> str:
        from ..render import solitaire_svg

        s = self.session
        st = s.state
        won = None if st.outcome is None else st.outcome.reason == "won"
        return str(solitaire_svg(
            st.layout, hand=st.hand, stock=len(st.boneyard),
            playable=s.playable_tiles() if highlights else (), selected=s.selected if highlights else None,
            targets=s.target_ends() if highlights else (), won=won, theme=self.theme, lang=self.lang,
            status=tr(self.lang, "choose_base") if not st.layout.center and not st.is_over else None))

    def refresh(self) -> None:
        s, lang = self.session, self.lang
        st = s.state
        phase = "over" if st.is_over else "yours" if s.can_click() else "wait"
        with self.board.hold_sync():  # the picture and its buttons' names in one message (issue 27)
            self.board.show(self.svg(), interactive=s.can_click(), phase=phase,
                            description=f"{tr(lang, 'table')}: {layout_text(st.layout, lang)}",
                            hand=[str(t) for t in st.hand])
            self.board.label_board = variant_title(lang, "solitaire")
            self._a11y()
        self.rules_panel.show(st, lang)
        self.stop.layout.display = None if STOP in st.legal_actions() else "none"  # SOL-3 seed option
        turn = self._turn_text()
        self.status.value = (f"<b>{html.escape(variant_title(lang, 'solitaire'))}</b> · "
                             f"{html.escape(tr(lang, 'game_no', n=s.games))} · "
                             f"{html.escape(tr(lang, 'stock', n=len(st.boneyard)))}<br>"
                             f"<span class='dw-turn' data-phase='{phase}'>{html.escape(turn)}</span>")
        self.message_box.value = html.escape(self.message())
        self._refreshing = True
        try:
            self._refresh_timeline()
        finally:
            self._refreshing = False
        self.hint_panel.value = self.hint_html() if self.hint.value else ""
        guard_widget(self)  # new buttons too: the page may set only what a person can change

    def hint_html(self) -> str:
        """The expert strategy's estimate of each legal move, best first (from the public view)."""
        from ..players import get_player

        st = self.session.state
        if st.is_over or len(st.legal_actions()) < 2:
            return html.escape(tr(self.lang, "hint_none"))
        rated = get_player("expert", variant="solitaire").explain(st.view(), self.session.ai_rng(purpose="hint"))
        rows = "".join(f"<tr><td>{html.escape(action_text(a, self.lang))}</td><td>{100 * v:.0f} %</td></tr>"
                       for a, v in sorted(rated, key=lambda av: -av[1])[:8])  # the expert's values are chances
        return (f"<b>{html.escape(tr(self.lang, 'hint_title'))}</b> ({html.escape(tr(self.lang, 'sol_hint_value'))})"
                f"<table class='dw-hint'><tr>"
                f"<th>{html.escape(tr(self.lang, 'move'))}</th><th>{html.escape(tr(self.lang, 'sol_hint_column'))}</th></tr>"
                f"{rows}</table>")

    def text(self) -> str:
        s, lang = self.session, self.lang
        st = s.state
        return "\n".join([
            f"{variant_title(lang, 'solitaire')} · {tr(lang, 'game_no', n=s.games)}",
            f"{tr(lang, 'table')}: {layout_text(st.layout, lang)}",
            f"{tr(lang, 'you')}: {' '.join(map(str, st.hand)) or '-'} · {tr(lang, 'stock', n=len(st.boneyard))}",
        ])

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = self.text()
        bundle["image/svg+xml"] = self.svg(highlights=False)
        return bundle

    def __repr__(self) -> str:
        return f"<SolitaireWidget game {self.session.games} move {len(self.session.state.history)}>"

"""The line-game widget: a board, the stock controls around it, and a runner for AI moves.

`GameWidget` holds a `GameSession` (the match and its moves), asks it what a click means,
draws the viewer's table with the renderer and shows what happened, step by step. AI moves and
the moves the rules force (DRW-2 lead, COM-5 draws, passes) run as an asyncio task in the
kernel's event loop, with the AI's thinking in a worker thread, so the kernel keeps answering;
without a running event loop (a script, a test) they are played at once.

Only what the viewer may see reaches the browser: the board is drawn from the viewer's view
unless open hands are switched on, messages name a drawn tile only to the seat that drew it,
and a saved match file (Save, at any moment) names the hidden tiles only once the hand is over
or with open hands (`match_file`). In hot-seat play the hand of the next person stays face down, behind a button
"Show seat N's tiles", until they sit down and press it.

>>> import domino_widgets as dw
>>> g = GameWidget(dw.new_game("block", hands=[["3-3", "3-6", "1-1"], ["3-4", "2-2", "0-0"]], leader=0),
...                mode="hotseat")
>>> print(g.text())
Block game · Hand 1
Scores: Player 1 0, Player 2 0
Table: (empty)
Player 1: 1-1 3-3 3-6
Player 2: 3 tiles
Player 1 to play: choose a highlighted tile
>>> g.click("3-3").key, g.click("3-4").key         # Player 2's hand is face down until shown
('played', 'hidden_turn')
>>> g.press("show").key, g.click("3-4").key, g.click_end("right").key    # COM-8: 3-4 fits both ends
('revealed', 'choose_end', 'played_end')
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .a11y import Announcer, announce_text, curtain_words, ends_text, held_text, join_sentences, keys_help, last_text, \
    note_words, nothing_fits_words, parse_move, tile_words, total_text, turn_words, TurnTeller
from .arguments import check_arguments, frees_on_refusal
from ..core.actions import Action, ActionKind, End
from ..core.errors import DominoError, ParameterError, check_text
from ..core.registry import get_variant
from ..core.state import GameState
from ..core.tiles import Tile
from . import panels
from .board import BoardWidget
from .controls import (guard_widget, Controls, TimelineWidget, close_tree, close_widget, label_show,
                       replace_in_cell)
from ..render.labels import labels
from .draw import table_svg
from .guard import unlocked
from .i18n import action_text, check_lang, layout_text, level_options, seat_name, tr, variant_title
from .review import attach_review
from .rules_panel import RulesPanel
from .runner import EXECUTOR, AutoSteps, running_loop
from .session import GameSession, Note, note_text

MODES = ("ai", "hotseat", "watch")

class GameWidget(TimelineWidget, AutoSteps, w.VBox):  # type: ignore[misc]
    """A hand-by-hand match of a line variant, played by clicking (or, given a `GameState`, that
    hand alone: a scripted position).

    ``mode``: "ai" (a person at ``seat`` against AI players of ``level``), "hotseat" (people
    take turns on one screen), "watch" (AI against AI; ``delay`` sets the pace). ``seats`` names
    each seat's player directly instead (None for a person, a level name, or a player object).
    """

    @frees_on_refusal
    def __init__(
        self,
        variant: str | GameState = "all_fives",
        *,
        mode: str = "ai",
        level: str = "greedy",
        seat: int = 0,
        seats: Sequence[Any] | None = None,
        seed: int | None = None,
        lang: str | None = None,
        open_hands: bool = False,
        hint: bool = False,
        inference: bool = False,
        delay: float = 0.6,
        auto_draw: bool | None = None,
        theme: str = "light",
        size: str = "normal",
        fair_play: bool | None = None,
        locked: Sequence[str] = (),
        seed_all_hands: bool = False,
        ai_seed: int | None = None,
        **params: Any,
    ) -> None:
        check_arguments(locals())
        lang = check_lang(lang)
        check_size(size)
        if mode not in MODES:
            raise ParameterError("mode must be one of {modes}, not {mode!r}", modes=', '.join(MODES), mode=mode)
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= 10:
            raise ParameterError("delay must be a number of seconds from 0 to 10, not {delay!r}", delay=delay)
        if seats is None:
            n = variant.players if isinstance(variant, GameState) else _players_of(variant, params)
            if mode == "hotseat":
                seats = [None] * n
            elif mode == "watch":
                seats = [level] * n
            else:
                if not (isinstance(seat, int) and 0 <= seat < n):
                    raise ParameterError("seat must be 0..{last}, not {seat!r}", last=n - 1, seat=seat)
                seats = [None if s == seat else level for s in range(n)]
        viewer = 0 if mode == "watch" else None
        self.session = GameSession(variant, seats=seats, seed=seed, viewer=viewer, auto_draw=auto_draw,
                                   privacy=viewer is None, fair_play=fair_play, seed_all_hands=seed_all_hands,
                                   ai_seed=ai_seed, **params)
        self.lang = lang
        self.theme = theme
        self.delay = float(delay)
        self.board = BoardWidget()
        self._announcer = Announcer()  # issue 27: every move said once in the live region
        # issue 40: the turn said each time it comes back, "press D" again after a draw that did not
        # help, and the page's first words
        self._teller = TurnTeller()
        self.controls = Controls(lang, ai_seats=any(s is not None for s in self.session.seats))
        c = self.controls
        c.open_hands.value, c.hint.value, c.inference.value = open_hands, hint, inference
        c.speed.value = self.delay
        names = [x for x in self.session.seats if isinstance(x, str)]
        c.level.options = level_options(lang)  # the levels in words ("easy (random)"), not code names
        c.level.layout.width = "auto"  # the words are longer than the code names: never clip them
        c.level.style.description_width = "initial"
        if names and names[0] in dict(level_options(lang)).values():
            c.level.value = names[0]
        else:
            c.level.layout.display = "none"  # players given as objects: no level to choose
        self.size = size_control(lang, size)
        rows = c.rows()
        rows[3].children = (*rows[3].children, self.size)  # the switches' row
        self.rules_panel = RulesPanel(lang, self.set_option)  # docs/rules.md, with the settings in force
        super().__init__([c.status, self.board, *rows, self.rules_panel], layout=w.Layout(width="100%"))
        self.add_class("dw-game")
        self.add_class("dw-measured")  # the picture is drawn for the board's width: never rescaled
        self._apply_size(size)
        self._task: asyncio.Task[None] | None = None
        self._hint_task: asyncio.Task[None] | None = None
        self._generation = 0  # bumped by every change a running AI step must not outlive
        self._hint_key: Any = None  # the position the hint panel shows
        self._hint_play: Any = None  # (key, the hint's play): marked on the board while its position is shown
        self._set_up_safety(fair_play, locked)
        attach_review(self)  # "Review": after the hand, the person's decisions the expert rates differently
        self._wire()
        self.refresh()
        self._kick()
        replace_in_cell(self)

    # ------------------------------------------------------------------ wiring

    def _wire(self) -> None:
        c = self.controls
        self.board.on_click(self._on_board_click)
        self.board.on_key(self._on_key)
        self.board.on_typed(self._on_typed)
        c.draw.on_click(lambda _b: self._act(lambda: self.session.choose("draw")))
        c.pass_.on_click(lambda _b: self._act(lambda: self.session.choose("pass")))
        c.show.on_click(lambda _b: self._act(self.session.reveal))
        c.new_hand.on_click(lambda _b: self._act(self.session.new_hand, timeline=True))
        c.new_match.on_click(lambda _b: self._act(self.session.new_match, timeline=True))
        self._wire_timeline()
        c.speed.observe(self._on_speed, names="value")
        self.size.observe(lambda ch: (self._apply_size(ch["new"]), self.refresh()), names="value")
        self.board.observe(lambda _ch: self.refresh(), names="avail_width")
        c.level.observe(lambda ch: ch["new"] is None or self._act(lambda: self.session.set_level(ch["new"])), names="value")
        for switch in (c.open_hands, c.hint, c.inference):
            switch.observe(lambda _ch: self.refresh(), names="value")

    def _on_board_click(self, kind: str, value: str, stale: bool) -> None:
        if stale:
            self._act(lambda: self.session._say(Note.of("stale")))
        elif kind == "tile":
            self._act(lambda: self.session.click_tile(value))
        elif kind == "end":
            self._act(lambda: self.session.click_end(value))
        else:
            self._act(self.session.cancel)

    # ------------------------------------------------------------------ keys (issue 27)

    def key_letters(self) -> list[str]:
        """The letters the board answers: D draw, P pass (where the rules draw or pass), E open
        ends, C scores, H tiles held, L last moves, F the open-end total (All Fives), W whose turn,
        M the move box (W is none of JupyterLab's command-mode keys; the board keeps it from Lab
        like the others)."""
        s = self.session
        letters = ["d", "p"] if _draws(s.state) else ["p"]
        letters += ["e", "c", "h", "l"] + (["f"] if s.variant == "all_fives" else []) + ["w"]
        letters += ["v"] if s.curtain is not None else []  # hot-seat: show the tiles of the person to move
        letters += ["m"]
        if len(s.choices) > 1 and s.can_click():  # 1, 2, ...: the choices a chosen tile leaves (COM-8)
            letters += [str(i) for i in range(1, min(len(s.choices), 9) + 1)]
        return letters

    def answer(self, letter: str) -> str | None:
        """What a query key says about the table (None for a letter that is not a query)."""
        s, lang = self.session, self.lang
        st = s.state
        if letter == "e":
            return ends_text(st, lang)
        if letter == "c":
            return f"{tr(lang, 'scores')}: " + ", ".join(f"{s.name(i, lang)} {_fmt(self._total(i, x))}"
                                                        for i, x in enumerate(s.match_scores()))
        if letter == "h":
            return held_text([s.name(i, lang) for i in range(s.players)], [len(st.hand(i)) for i in range(s.players)],
                             lang, len(st.boneyard) if _draws(st) else None)
        if letter == "l":
            return last_text([note_words(n, s, lang, open_hands=self.open_hands) for n in s.notes()[-4:]], lang)
        if letter == "f" and s.variant == "all_fives":
            return total_text(st, lang)
        if letter == "w":
            return join_sentences(turn_words(s, lang)) if s.can_click() else self._turn_text()
        return None

    def key(self, letter: str) -> str | None:
        """Press a letter key of the board (as the page does): an action or a query. Returns what
        a query said (an action is said by the live region, as every move)."""
        if letter not in self.key_letters():
            return None
        if letter in ("d", "p"):
            self._act(lambda: self.session.choose("draw" if letter == "d" else "pass"))
            return None
        if letter == "v":  # the "Show Player N's tiles" button, from the board
            self._act(self.session.reveal)
            return None
        if letter.isdigit():  # the choice of that number (which half touches, COM-8)
            chosen = str(self.session.choices[int(letter) - 1])
            self._act(lambda: self.session.choose(chosen))
            return None
        text = self.answer(letter)
        if text:
            self.board.say(text)
        return text

    def type_move(self, text: str) -> str:
        """A move typed in the student's language ("5-6 vpravo"): played, or the reason it is not
        (a `DominoError`'s message, which names no hidden tile). Returns what was announced."""
        check_text(text, "type_move")
        s, lang = self.session, self.lang
        try:
            notation = parse_move(text, lang)
        except DominoError as exc:
            self.board.say(exc.text(lang))
            return exc.text(lang)
        action = Action.parse(notation)
        st = s.state
        if (action.kind is ActionKind.PLAY and action.end is not None and s.can_click()
                and action not in st.legal_actions() and action.tile in st.hand(s.viewer)
                and any(a.tile == action.tile for a in st.legal_actions())):
            self._act(lambda: s._say(Note.of("not_a_target", tile=str(action.tile), end=action.end)))
        else:
            self._act(lambda: s.choose(notation))
        return self.board.announce

    def _on_key(self, letter: str) -> None:
        self.key(letter)

    def _on_typed(self, text: str) -> None:
        self.type_move(text)

    def _announce(self) -> None:
        """Say in the live region what happened since the last announcement, once; then whose turn it
        is when the turn has come back to a person, and what to do when no tile fits (issue 40).
        Until the first command, the words add up behind the game, the seat and the hand size: the
        page says them once it is shown (a live region says nothing that was set before it existed)."""
        s, lang = self.session, self.lang
        news = self._announcer.news(s)
        if not self._teller.wants(news):
            return
        parts = [announce_text(news, s, lang, open_hands=self.open_hands)] if news else []
        if news and news[-1].key == "choose_half" and s.choices:  # the choices, by the digit keys that make them
            parts.append("; ".join(f"{i}: {action_text(a, lang)}" for i, a in enumerate(s.choices[:9], 1)))
        if s.state.is_over and any(n.key == "hand_points" for n in news):
            parts.append(self.match_over_text() or "")
        parts += curtain_words(s, lang, said_already=bool(news) and news[-1].key == "hidden_turn")
        # whose turn, when it came back; only what to do when no tile fits after a draw that did not help
        self._teller.speak(self.board, s, news, parts, turn=lambda: turn_words(s, lang), greeting=self._greeting,
                           people=bool(s.humans), again=lambda: nothing_fits_words(s, lang))

    def _greeting(self) -> str:
        """The page's first words: the game, the hand, and (with one person at the board) their seat
        and how many tiles they hold."""
        s, lang = self.session, self.lang
        parts = [variant_title(lang, s.variant), tr(lang, "hand_no", n=s.hand_number)]
        if len(s.humans) == 1:
            seat = s.humans[0]
            parts.append(tr(lang, "say_seat", who=seat_name(seat, lang, human=True, people=2), tiles=tr(lang, "n_tiles", n=len(s.state.hand(seat)))))
        return join_sentences(parts)

    def _label_keys(self) -> None:
        """The board's words for the keyboard: each tile "3-5, playable", each end with its number."""
        s, lang, b = self.session, self.lang, self.board
        st = s.state
        playable = set(s.playable_tiles())
        b.tile_labels = {str(t): tile_words(str(t), t in playable, lang) for t in st.hand(s.viewer)} \
            if s.curtain is None else {}
        b.end_labels = {str(e): tr(lang, "end_open", end=tr(lang, str(e)), n=n) for e, n in st.ends.items()}
        letters = self.key_letters()
        b.letters, b.keys_help = letters, keys_help(lang, letters, choices=[action_text(a, lang) for a in s.choices],
                                                    show=s.curtain)
        b.label_move, b.label_live, b.label_log = tr(lang, "move_box"), tr(lang, "announcements"), tr(lang, "key_last")

    def _on_speed(self, change: dict[str, Any]) -> None:
        self.delay = float(change["new"])

    def _act(self, do: Any, *, timeline: bool = False) -> Note | None:
        """Run one user command, redraw, and let the automatic steps go on."""
        self._teller.loading = False
        note = do()
        if timeline:
            self._generation += 1
        self.refresh()
        self._kick()
        return note  # type: ignore[no-any-return]

    # ------------------------------------------------------------------ the same, from Python

    def click(self, tile: str | Tile) -> Note:
        """Click a tile of the viewer's hand (as the board does)."""
        if not isinstance(tile, Tile):
            check_text(tile, "click")
        return self._act(lambda: self.session.click_tile(str(tile)))  # type: ignore[return-value]

    def click_end(self, end: str | End) -> Note:
        """Click an open end after selecting a tile."""
        if not isinstance(end, End):
            check_text(end, "click_end")
        return self._act(lambda: self.session.click_end(str(end)))  # type: ignore[return-value]

    def press(self, what: str) -> Note | None:
        """Press a button by its action: "draw", "pass", "undo", "redo", "new_hand", "new_match",
        "show" (hot-seat: show the hand of the person to move), or a choice in notation ("3-5 left 3")."""
        check_text(what, "press")
        s = self.session
        table = {"undo": s.undo, "redo": s.redo, "new_hand": s.new_hand, "new_match": s.new_match}
        if what in table:
            return self._act(table[what], timeline=True)
        if what == "show":
            return self._act(s.reveal)
        return self._act(lambda: s.choose(what))

    # ------------------------------------------------------------------ drawing

    _refreshing = False

    def refresh(self) -> None:
        """Redraw the board and every label from the session."""
        s, c, lang = self.session, self.controls, self.lang
        s.open_hands = self.open_hands
        self._refreshing = True
        try:
            with self.hold_sync():
                # the board first (what the click is waiting for), then the words around it
                self.board.label_board = variant_title(lang, s.variant)
                self._label_keys()
                self.rules_panel.show(s.state, lang)
                self.board.show(self.svg(highlights=True), interactive=s.can_click(), phase=self._phase(),
                                description=f"{tr(lang, 'table')}: {layout_text(s.state.layout, lang)}",
                                hand=[] if s.curtain is not None else [str(t) for t in s.state.hand(s.viewer)],
                                laid_for=self.board.avail_width)
                hidden = s.curtain
                label_show(c.show, hidden, lang)
                c.status.value = self._status_html()
                c.message.value = html.escape(self.message())
                c.draw.disabled = not s.can(ActionKind.DRAW)
                c.pass_.disabled = not s.can(ActionKind.PASS)
                c.auto_note.value = html.escape(tr(lang, "auto_draw_note")) if s.auto_draw and _draws(s.state) else ""
                c.auto_note.layout.display = None if c.auto_note.value else "none"
                self._show_choices()
                self._refresh_timeline()
                c.new_hand.disabled = not s.state.is_over or s.match_over
                c.new_hand.button_style = "" if c.new_hand.disabled else "success"  # green only when it does something
                c.log.value = "<br>".join(html.escape(note_text(n, s, lang, open_hands=self.open_hands))
                                          for n in reversed(self._log_notes()[-12:]))  # the newest first
                self._show_panels()
                panel = getattr(self, "review_panel", None)
                if panel is not None:
                    panel.sync()  # a review belongs to the hand it reviewed (New hand, Undo clear it)
                self._announce()
        finally:
            self._refreshing = False
        guard_widget(self)  # new buttons too: the page may set only what a person can change

    @property
    def open_hands(self) -> bool:
        return bool(self.controls.open_hands.value)

    def svg(self, *, highlights: bool = False) -> str:
        """The table as the viewer sees it (every hand face up with open hands; in hot-seat play,
        the hand of the person to move face down until they press "Show")."""
        s = self.session
        return table_svg(
            s.state, seat=s.viewer, open_hands=self.open_hands, hide_own=s.curtain is not None,
            playable=s.playable_tiles() if highlights else (),
            selected=s.selected if highlights else None,
            targets=s.target_ends() if highlights else (),
            names=[self._svg_name(i) for i in range(s.players)],
            theme=self.theme,
            lang=self.lang,
            viewer_role="you" if len(s.humans) == 1 else None,  # hot-seat: nobody is "you" (issue 11)
            match_over=self.match_over_text(),
            match_banner=self.match_over_banner(),
            **self.picture_size(),
            hinted=self._hinted() if highlights else None,
        )

    def match_over_text(self) -> str | None:
        """"Player 2 wins the match 150–65" once the match is decided (the winner's score first,
        the scores as `Match` computed them), else None."""
        s = self.session
        m = s.scored_match()
        if m is None or not m.is_over:
            return None
        scores = list(m.scores)
        order = list(range(len(scores)))
        if m.winner is not None:
            order.remove(m.winner)
            order.insert(0, m.winner)
        score = "–".join(_fmt(scores[i]) for i in order)
        if m.winner is None:
            return tr(self.lang, "match_tied_score", score=score)
        return tr(self.lang, "match_won_score", who=s.name(m.winner, self.lang), score=score)

    def match_over_banner(self) -> str | None:
        """The banner's first words once the match is decided: who won and the final score of every
        seat, "(you)" included (issue 40: the last hand's points, below them, read like the final
        score); else None."""
        s, lang = self.session, self.lang
        m = s.scored_match()
        if m is None or not m.is_over:
            return None
        won = tr(lang, "match_tied") if m.winner is None else tr(lang, "match_won", who=s.name(m.winner, lang))
        scores = ", ".join(f"{s.name(i, lang)} {_fmt(x)}" for i, x in enumerate(m.scores))
        return f"{won}. {tr(lang, 'match_final', scores=scores)}"

    def picture_size(self) -> dict[str, float]:
        """The picture's width (its own units) and scale: the size setting's scale, and the width
        the board measured on the page divided by it, so the picture is exactly as wide as the
        board and its tiles keep their size (the line snakes at the table's edge)."""
        scale = SCALES[self.size.value]
        width = self.board.layout_width(820.0 * scale)
        return {"width": max(200.0, min(10000.0, width / scale)), "scale": scale}

    def _hinted(self) -> Tile | None:
        """The tile of the hint's play, while the hint is on and its position is the one shown."""
        play = getattr(self, "_hint_play", None)
        if play is None or not self.controls.hint.value or play[0] != self._hint_key or self._hint_key is None:
            return None
        s = self.session
        if play[0] != (id(s.state), s.viewer, self.lang) or play[1] is None:
            return None
        return play[1].tile  # type: ignore[no-any-return]

    def _svg_name(self, seat: int) -> str:
        """Seat labels in the picture, `player_name` (the renderer adds "(you)" to the viewer's)."""
        s = self.session
        return seat_name(seat, self.lang, human=s.is_human(seat), people=0)

    def _log_notes(self) -> list[Note]:
        """The log: every note of the moves shown, except those the message shows right now (a
        move is read in the message and the picture's caption, not a third time in the log)."""
        notes = self.session.notes()
        said = list(self.session.said)
        if said and notes[-len(said):] == said:
            return notes[: -len(said)]
        return notes

    def message(self) -> str:
        s = self.session
        if s.said:
            said = [note_text(n, s, self.lang, open_hands=self.open_hands) for n in s.said]
            if s.curtain is not None and s.note is not None and s.note.key != "hidden_turn":
                said.append(note_text(Note.of("hidden_turn", who=s.curtain), s, self.lang))
            return " · ".join(said)
        return self._turn_text()

    def _turn_text(self) -> str:
        s, lang = self.session, self.lang
        st = s.state
        if st.is_over:
            m = s.scored_match()
            if m is not None and m.is_over:
                return self.match_over_text() or tr(lang, "match_tied")
            return tr(lang, "hand_over")
        turn = st.current_player
        assert turn is not None
        if s.busy is not None:
            return note_text(s.busy, s, lang)
        if s.curtain is not None:
            return note_text(Note.of("hidden_turn", who=s.curtain), s, lang)
        if s.stuck:
            return tr(lang, "stuck")
        if s.can_click():
            return tr(lang, "your_turn") if len(s.humans) == 1 else \
                tr(lang, "turn_of", who=s.name(turn, lang)) + ": " + tr(lang, "your_turn").split(":")[-1].strip()
        return tr(lang, "turn_of", who=s.name(turn, lang))

    def _phase(self) -> str:
        """"over" (the hand is over), "yours" (a person may click now) or "wait" (for tests)."""
        s = self.session
        return "over" if s.state.is_over else "yours" if s.can_click() else "wait"

    def _status_html(self) -> str:
        s, lang = self.session, self.lang
        scores = s.match_scores()
        parts = [f"<b>{html.escape(variant_title(lang, s.variant))}</b>", html.escape(tr(lang, "hand_no", n=s.hand_number))]
        target = s.target_text(lang)
        if target:
            parts.append(html.escape(target))
        st = s.state
        score_line = ", ".join(f"{html.escape(s.name(i, lang))} <b>{_fmt(self._total(i, x))}</b>{self._hand_points(i)}"
                               for i, x in enumerate(scores))
        table = html.escape(layout_text(st.layout, lang))
        bone = tr(lang, "boneyard", n=len(st.boneyard)) if _draws(st) else ""
        return (
            " · ".join(parts)  # each escaped above: a translation is text, never markup
            + f"<br>{html.escape(tr(lang, 'scores'))}: <span class='dw-scores'>{score_line}</span>"
            + f"<br><span class='dw-table'>{html.escape(tr(lang, 'table'))}: {table}</span>"
            + (f" · {html.escape(bone)}" if bone else "")
            + f"<br><span class='dw-turn' data-phase='{self._phase()}'>{html.escape(self._turn_text())}</span>"
        )

    def _total(self, seat: int, match_score: Any) -> Any:
        """The seat's total: the match score plus the points scored in play this hand (A5-4)."""
        st = self.session.state
        return match_score if st.is_over else match_score + st.scores[seat]

    def _hand_points(self, seat: int) -> str:
        """Points scored in play this hand (A5-4), apart from the total: " (+10 this hand)", as the
        board shows them, so the header and the picture agree."""
        st = self.session.state
        if st.is_over or not st.scores[seat]:
            return ""
        return " " + html.escape(tr(self.lang, "points_hand", x=_fmt(st.scores[seat])))

    def _apply_size(self, size: str) -> None:
        """Projector mode: the size classes of board.css (bigger text and tiles, the board fitted
        to the window's height so every table fits without scrolling)."""
        for other in SIZES:
            self.remove_class(f"dw-size-{other}")
        self.add_class(f"dw-size-{check_size(size)}")

    def _show_choices(self) -> None:
        """Buttons for the choices a selected tile leaves (an end, or which half touches)."""
        s, c = self.session, self.controls
        wanted = [str(a) for a in s.choices] if s.can_click() else []
        if wanted == getattr(self, "_choice_texts", []) and getattr(self, "_choice_lang", None) == self.lang:
            return
        self._choice_texts, self._choice_lang = wanted, self.lang
        buttons = []
        for text, a in zip(wanted, s.choices if wanted else ()):
            words = action_text(a, self.lang)  # the choice in words; the notation goes to the session
            b = w.Button(description=words, tooltip=words, layout=w.Layout(width="auto"))
            b.add_class("dw-choice")
            b.on_click(lambda _b, t=text: self._act(lambda: self.session.choose(t)))
            buttons.append(b)
        old = c.choices.children
        c.choices.children = buttons
        close_tree(old)

    def _show_panels(self) -> None:
        s, c = self.session, self.controls
        if (not c.inference.value and not c.hint.value) or s.curtain is not None:  # nothing from a hidden hand
            c.inference_panel.value = c.hint_panel.value = ""
            self._cancel_hint()
            return
        view = s.state.view(s.viewer)
        c.inference_panel.value = panels.inference_html(view, s, self.lang) if c.inference.value else ""
        if not c.hint.value or not s.can_click() or len(view.legal_actions) < 2:
            self._cancel_hint()
            c.hint_panel.value = html.escape(tr(self.lang, "hint_none")) if c.hint.value and s.can_click() else ""
            return
        key = (id(s.state), s.viewer, self.lang)
        if self._hint_key == key:
            return
        loop = running_loop()
        if loop is None:
            self._hint_key = key
            c.hint_panel.value, best = panels.hint(s, view, self.lang)
            self._mark_hint(key, best)
            return
        self._cancel_hint()  # the answer for an older position is not wanted any more ...
        self._hint_key = key  # ... and only then the position whose answer is awaited (issue 11)
        c.hint_panel.value = html.escape(tr(self.lang, "hint_wait"))
        self._hint_task = loop.create_task(self._hint_later(key, view))

    async def _hint_later(self, key: Any, view: Any) -> None:
        """Rate the moves in the worker thread and show the answer if the position is still shown."""
        loop = asyncio.get_running_loop()
        best = None
        try:
            text, best = await loop.run_in_executor(EXECUTOR, panels.hint, self.session, view, self.lang)
        except DominoError as exc:  # a player that cannot rate this position says so, nothing breaks
            text = html.escape(tr(self.lang, "unavailable", what=exc))
        if self._hint_key == key:
            self.controls.hint_panel.value = text
            self._mark_hint(key, best)

    def _mark_hint(self, key: Any, best: Any) -> None:
        """Mark the hint's play on the board (a dashed outline around its tile)."""
        self._hint_play = (key, best)
        s = self.session
        if best is not None and best.tile is not None:
            self.board.show(self.svg(highlights=True), interactive=s.can_click(), phase=self._phase(),
                            description=f"{tr(self.lang, 'table')}: {layout_text(s.state.layout, self.lang)}",
                            hand=[] if s.curtain is not None else [str(t) for t in s.state.hand(s.viewer)])

    def _cancel_hint(self) -> None:
        """Forget the awaited answer (the caller sets the new key after this, never before)."""
        self._hint_key = None
        if self._hint_task is not None and not self._hint_task.done():
            self._hint_task.cancel()

    # ------------------------------------------------------------------ records

    def file_name(self) -> str:
        """The name the saved match file gets: the game, the hand and the move,
        "domino-all_fives-hand-2-move-14.json"."""
        s = self.session
        return f"domino-{s.variant}-hand-{s.hand_number}-move-{len(s.state.history)}.json"

    # ------------------------------------------------------------------ language, display

    def set_option(self, name: str, value: Any) -> None:
        """Change a variant parameter (the other reading of an [R] rule, docs/rules.md) and start a
        new match with it; a new number of ``players`` (Bergen, BRG-1) resizes the seats."""
        check_text(name, "set_option")
        params = {**self.session.params, name: value}
        get_variant(self.session.variant).check_params(params)  # a value the rules refuse changes nothing
        if name == "players" and value != len(self.session.seats):
            self.session.resize_seats(int(value))
        self.session.params = params
        self.press("new_match")

    def set_lang(self, lang: str) -> None:
        """Switch every label and message to ``lang`` (a language of the catalog)."""
        self.lang = check_lang(lang)
        c = self.controls
        c.relabel(lang)
        level, self._refreshing = c.level.value, True
        try:
            with unlocked(c.level):  # new words, the same level (a locked one stays locked)
                c.level.options = level_options(lang)
                c.level.value = level
        finally:
            self._refreshing = False
        relabel_size(self.size, lang)
        self._show_download()  # the link's words in the new language
        self.board.unsay()  # no announcement left in the old language
        self._hint_key = None
        self.refresh()
        panel = getattr(self, "review_panel", None)
        if panel is not None:
            panel.relabel()

    def text(self) -> str:
        """A deterministic plain-text picture of what the viewer sees (no hidden tile)."""
        s, lang = self.session, self.lang
        st = s.state
        target = s.target_text(lang)
        head = " · ".join(p for p in (variant_title(lang, s.variant), tr(lang, "hand_no", n=s.hand_number), target) if p)
        lines = [head, f"{tr(lang, 'scores')}: " + ", ".join(f"{s.name(i, lang)} {_fmt(x)}"
                                                             for i, x in enumerate(s.match_scores()))]
        lines.append(f"{tr(lang, 'table')}: {layout_text(st.layout, lang)}")
        for seat in range(s.players):
            hand = st.hand(seat)
            if (seat == s.viewer and s.curtain is None) or self.open_hands or st.is_over:
                lines.append(f"{s.name(seat, lang)}: {' '.join(map(str, hand)) or '-'}")
            else:
                lines.append(f"{s.name(seat, lang)}: {labels(lang).tiles(len(hand))}")
        if _draws(st):
            lines[-1] += f" · {tr(lang, 'boneyard', n=len(st.boneyard))}"
        lines.append(self.message() if s.note is not None and st.is_over else self._turn_text())
        return "\n".join(lines)

    def close(self) -> None:
        """Stop the automatic steps and close every widget inside (layouts and styles too)."""
        close_widget(self)

    def __repr__(self) -> str:
        s = self.session
        return f"<GameWidget {s.variant} hand {s.hand_number} move {s.cursor}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live widget, plus a text picture and a static SVG of the table for viewers that
        cannot run widgets (GitHub, nbviewer, a saved notebook)."""
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = self.text()
        bundle["image/svg+xml"] = self.svg()
        return bundle


SIZES = ("normal", "large", "projector")
#: The displayed size of the picture on each setting (hand tiles are ``72 * scale`` pixels tall).
SCALES = {"normal": 1.0, "large": 1.2, "projector": 1.4}


def check_size(size: str) -> str:
    """``size`` if it is one of `SIZES`, else a `ParameterError`."""
    if size not in SIZES:
        raise ParameterError("size must be one of {sizes}, not {size!r}", sizes=', '.join(SIZES), size=size)
    return size


def size_control(lang: str, size: str = "normal") -> w.ToggleButtons:
    """The size switch of projector mode: normal, large, projector.

    >>> b = size_control("cs"); b.options, b.value
    ((('běžná', 'normal'), ('velká', 'large'), ('projektor', 'projector')), 'normal')
    """
    b = w.ToggleButtons(options=[(tr(lang, f"size_{x}"), x) for x in SIZES], value=check_size(size),
                        description=tr(lang, "size"), style={"button_width": "auto"})
    b.add_class("dw-size")
    return b


def relabel_size(b: w.ToggleButtons, lang: str) -> None:
    """Put the size switch's words into ``lang``, keeping its value."""
    value = b.value
    b.options = [(tr(lang, f"size_{x}"), x) for x in SIZES]
    b.value, b.description = value, tr(lang, "size")


def _players_of(variant: str, params: dict[str, Any]) -> int:
    var = get_variant(variant)
    if var.factory is not None:
        raise ParameterError("{name} is not a line game; use play({name!r})", name=var.name)
    return var.config(params).players


def _draws(state: Any) -> bool:
    return bool(get_variant(state.variant).config(state.params).draws)


def _fmt(x: Any) -> str:
    from fractions import Fraction

    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else str(x)
    return str(x)

"""The rule explorer: set up a position from notation (or by clicking), see every legal move and
what it scores — the same core, no second rule implementation.

Everything is face up: this is the teacher's view of a position. Hands, the boneyard (in draw
order) and the moves so far are typed in the core's notation; the legal moves come from
``state.legal_actions()`` and each one's points from playing it on a copy (A5-4).

>>> ex = RuleExplorer("all_fives", hands=["5-5 3-5 6-4", "0-5 1-4 2-3"], boneyard="1-2", leader=0)
>>> [(str(a), pts) for a, pts, _ in ex.moves_table()]          # A5-4: the 5-5 lead counts 10
[('5-5', 10)]
>>> ex.play("5-5").key, [(str(a), pts) for a, pts, _ in ex.moves_table()]
('scored', [('0-5 left', 10), ('0-5 right', 10)])
>>> ex.set_up(hands=["5-5", "9-9"]).key                        # bad notation: says why, keeps the position
'position_error'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..core.actions import Action, ActionKind
from ..core.errors import DominoError, Phrase
from ..core.registry import available_variants, get_variant
from ..core.state import GameState, new_game, play_all
from .arguments import check_arguments, frees_on_refusal
from .board import BoardWidget
from .controls import guard_widget, close_tree, close_widget, replace_in_cell
from .draw import table_svg
from ..render.labels import player_name
from .i18n import action_text, check_lang, layout_text, tr, variant_title
from .rules_panel import RulesPanel
from ..sentences import action
from .session import GameSession, Note, note_text


def _line_variants() -> list[str]:
    return [v for v in available_variants() if get_variant(v).factory is None]


class RuleExplorer(w.VBox):  # type: ignore[misc]
    """Set up a position of a line variant and look at its legal moves."""

    @frees_on_refusal
    def __init__(
        self,
        variant: str = "block",
        *,
        hands: Sequence[str] | None = None,
        boneyard: str | None = None,
        moves: str = "",
        leader: int | None = None,
        seed: int = 1,
        lang: str | None = None,
        theme: str = "light",
        **params: Any,
    ) -> None:
        check_arguments(locals())
        self.lang = lang = check_lang(lang)
        self.theme = theme
        self.params = params
        self.seed = seed
        name = get_variant(variant).name
        self.variant_box = w.Dropdown(options=[(variant_title(lang, v), v) for v in _line_variants()], value=name,
                                      description=tr(lang, "game"), style={"description_width": "initial"},
                                      layout=w.Layout(width="auto"))  # named: a screen reader says "Game"
        # the leader: a label, and a visible "as dealt" choice (a None value would show blank)
        self.leader_box = w.Dropdown(options=[(tr(lang, "leader_dealt"), AS_DEALT)], value=AS_DEALT,
                                     description=tr(lang, "leader"), style={"description_width": "initial"},
                                     layout=w.Layout(width="auto"))
        self.hand_boxes: list[w.Text] = []
        self.hands_row = w.VBox([], layout=w.Layout(width="100%"))
        self.boneyard_box = w.Text(layout=_box_layout())
        self.moves_box = w.Textarea(value=moves, layout=w.Layout(flex="1 1 auto", width="auto", height="3.5em"))
        self.set_up_button = w.Button(description=tr(lang, "set_up"), button_style="primary", icon="check")
        self.undo_button = w.Button(description=tr(lang, "undo"), icon="undo")
        self.message = w.HTML()
        self.message.add_class("dw-message")
        self.board = BoardWidget()
        self.moves_title = w.HTML()
        self.move_buttons = w.VBox([])
        self.state: GameState = new_game(name, seed, **params)
        self.session = GameSession(self.state, seats=[None] * self.state.players, auto=False)
        self._building = False
        super().__init__([
            w.HTML(f"<b>{html.escape(tr(lang, 'explorer_title'))}</b>"),
            w.HBox([self.variant_box, self.leader_box], layout=w.Layout(flex_flow="row wrap")),
            self.hands_row,
            _row(tr(lang, "boneyard_label"), self.boneyard_box),
            _row(tr(lang, "moves_label"), self.moves_box),
            w.HBox([self.set_up_button, self.undo_button]),
            self.message, self.board, self.moves_title, self.move_buttons, RulesPanel(lang),
        ], layout=w.Layout(width="100%"))
        self.rules_panel = self.children[-1]  # docs/rules.md, with the settings in force
        self.add_class("dw-explorer")
        self.board.on_click(self._on_board_click)
        self.set_up_button.on_click(lambda _b: self.set_up())
        self.undo_button.on_click(lambda _b: self._undo())
        self.variant_box.observe(self._on_variant, names="value")
        if hands is None:
            self._fill_from(self.state)
            self.set_up(moves=moves or None, leader=leader)
        else:
            self._make_boxes(name)
            self.set_up(hands=hands, boneyard=boneyard, moves=moves, leader=leader)
        replace_in_cell(self)

    def close(self) -> None:
        """Close every widget the explorer made (boxes, buttons, board, their layouts), then itself."""
        close_widget(self)

    # ------------------------------------------------------------------ setting up

    def _make_boxes(self, variant: str) -> None:
        n = get_variant(variant).config(self.params).players
        self.hand_boxes = [w.Text(layout=_box_layout()) for i in range(n)]
        old = self.hands_row.children
        self.hands_row.children = [_row(tr(self.lang, "hands_label", n=i + 1), box)
                                   for i, box in enumerate(self.hand_boxes)]
        close_tree(old)
        self.leader_box.options = [(tr(self.lang, "leader_dealt"), AS_DEALT)] + [
            (player_name(i, self.lang), i) for i in range(n)]
        draws = get_variant(variant).config(self.params).draws
        self.boneyard_box.disabled = not draws

    def _fill_from(self, state: GameState) -> None:
        """Put a dealt position into the boxes (its hands, boneyard in draw order, leader)."""
        self._building = True
        try:
            self._make_boxes(state.variant)
            for box, hand in zip(self.hand_boxes, state.hands):
                box.value = " ".join(map(str, hand))
            self.boneyard_box.value = " ".join(map(str, state.boneyard))
            self.leader_box.value = state.leader
        finally:
            self._building = False

    def _on_variant(self, change: dict[str, Any]) -> None:
        if self._building:
            return
        try:
            state = new_game(change["new"], self.seed, **self.params)
        except DominoError as exc:
            self._say(Note.of("position_error", error=exc))
            return
        self._fill_from(state)
        self.moves_box.value = ""
        self.set_up()

    def set_up(self, *, hands: Sequence[str] | None = None, boneyard: str | None = None,
               moves: str | None = None, leader: int | None = None) -> Note:
        """Build the position from the boxes (or from the arguments, which fill the boxes);
        a position that cannot be built leaves the last good one and says why. An argument of the
        wrong kind (a number for a hand, a list for the boneyard) is a `ParameterError` and fills no box."""
        check_arguments(dict(hands=hands, boneyard=boneyard, moves=moves, leader=leader))
        if hands is not None:
            if len(hands) != len(self.hand_boxes):
                why = Phrase("hands must list {n} hands, one per seat", n=len(self.hand_boxes))
                return self._say(Note.of("position_error", error=why))
            for box, text in zip(self.hand_boxes, hands):
                box.value = text
        if boneyard is not None:
            self.boneyard_box.value = boneyard
        if moves is not None:
            self.moves_box.value = moves
        if leader is not None:
            seats = [value for _label, value in self.leader_box.options]
            if leader not in seats or isinstance(leader, bool):
                why = Phrase("leader must be a seat from 0 to {last}, or {dealt} for the seat the rules choose, not "
                             "{leader}", last=len(seats) - 2, dealt=AS_DEALT, leader=leader)
                return self._say(Note.of("position_error", error=why))
            self.leader_box.value = leader
        variant = self.variant_box.value
        cfg = get_variant(variant).config(self.params)
        boneyard = self.boneyard_box.value if cfg.draws and self.boneyard_box.value.strip() else None
        try:
            state = new_game(
                variant, self.seed if cfg.draws and boneyard is None else None,  # it orders an unlisted boneyard
                hands=[box.value for box in self.hand_boxes],
                boneyard=boneyard,
                leader=self.leader_box.value if cfg.lead == "any" and self.leader_box.value != AS_DEALT else None,
                **self.params,
            )
            state = play_all(state, [m for m in _split_moves(self.moves_box.value)])
        except DominoError as exc:
            return self._say(Note.of("position_error", error=exc))
        self.state = state
        self.session = GameSession(state, seats=[None] * state.players, auto=False)
        return self._say(Note.of("position_ok", n=len(state.legal_actions())))

    # ------------------------------------------------------------------ moves

    def moves_table(self) -> list[tuple[Action, int, str]]:
        """Each legal move with the points the mover scores at once (A5-4) and the open ends
        after it."""
        s = self.session.state
        mover = s.current_player
        rows = []
        for a in s.legal_actions():
            after = s.play(a)
            gained = after.scores[mover] - s.scores[mover] if mover is not None else 0
            ends = ", ".join(f"{tr(self.lang, str(e))} {v}" for e, v in after.ends.items())
            rows.append((a, gained, ends))
        return rows

    def play(self, action: str) -> Note:
        """Play a legal move (as a click on its button would)."""
        note = self.session.choose(action)
        self._after_move()
        return note

    def _on_board_click(self, kind: str, value: str, stale: bool) -> None:
        s = self.session
        if stale:
            s._say(Note.of("stale"))
        elif kind == "tile":
            s.click_tile(value)
        elif kind == "end":
            s.click_end(value)
        else:
            s.cancel()
        self._after_move()

    def _undo(self) -> None:
        self.session.undo()
        self._after_move()

    def _after_move(self) -> None:
        s = self.session
        self.state = s.state
        self._building = True
        try:
            self.moves_box.value = ", ".join(str(a) for a in s.state.history)
        finally:
            self._building = False
        self.refresh()

    def _say(self, note: Note) -> Note:
        self.session._say(note)
        self.refresh()
        return note

    # ------------------------------------------------------------------ drawing

    def refresh(self) -> None:
        s, lang = self.session, self.lang
        st = s.state
        turn = st.current_player
        seat = turn if turn is not None else 0
        self.board.show(
            table_svg(st, seat=seat, open_hands=True, playable=s.playable_tiles(), selected=s.selected,
                      targets=s.target_ends(), theme=self.theme,
                      names=[player_name(i, lang) for i in range(st.players)], lang=lang),
            interactive=turn is not None, phase="over" if st.is_over else "yours",
            description=f"{tr(lang, 'table')}: {layout_text(st.layout, lang)}", hand=[str(t) for t in st.hand(seat)])
        # the board's region and its parts named in the explorer's language, apart from a game's board
        b = self.board
        b.label_board = tr(lang, "explorer_title")
        b.label_live, b.label_move, b.label_log = tr(lang, "announcements"), tr(lang, "move_box"), tr(lang, "key_last")
        self.rules_panel.show(st, lang)
        self.message.value = " · ".join(html.escape(note_text(n, s, lang, open_hands=True)) for n in s.said)
        self.moves_title.value = f"<b>{html.escape(tr(lang, 'legal_moves'))}</b>"
        buttons = []
        for a, pts, ends in self.moves_table():
            label = action_text(a, lang) + (f"  · {tr(lang, 'points_if')} {pts}" if pts else "") \
                + f"  · {tr(lang, 'ends_after')}: {ends}"
            b = w.Button(description=label, tooltip=str(a), layout=w.Layout(width="auto", max_width="100%"))
            b.add_class("dw-move")
            if a.kind is not ActionKind.PLAY:
                b.icon = "forward" if a.kind is ActionKind.PASS else "hand-paper-o"
            b.on_click(lambda _b, t=str(a): self.play(t))
            buttons.append(b)
        old = self.move_buttons.children
        self.move_buttons.children = buttons
        close_tree(old)
        guard_widget(self)  # new buttons too: the page may set only what a person can change

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The live explorer, plus the position as text and as a static picture."""
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        st = self.session.state
        lines = [f"{tr(self.lang, 'explorer_title')}: {variant_title(self.lang, st.variant)}",
                 st.describe(), f"{tr(self.lang, 'legal_moves')}: " +
                 ", ".join(f"{action(a, self.lang)} ({pts})" if pts else action(a, self.lang)
                           for a, pts, _ in self.moves_table())]
        bundle["text/plain"] = "\n".join(lines)
        bundle["image/svg+xml"] = self.board.svg
        return bundle


AS_DEALT = -1  # the leader box's "as dealt" (the rules or the seed choose)


def _box_layout() -> w.Layout:
    """A text box's layout, one per box: a shared Layout would be closed with the first box closed."""
    return w.Layout(flex="1 1 auto", width="auto", min_width="8em")


def _row(label: str, box: w.Widget) -> w.HBox:
    """A label that keeps its whole word ("Boneyard", not "Boneyarc") and a box that takes the
    rest of the line, never past its right edge."""
    return w.HBox([w.Label(label, layout=w.Layout(flex="0 0 auto", width="7.5em")), box],
                  layout=w.Layout(width="100%", max_width="100%"))


def _split_moves(text: str) -> list[str]:
    """Moves typed one per line or separated by commas or semicolons."""
    out = []
    for line in text.replace(";", "\n").replace(",", "\n").splitlines():
        if line.strip():
            out.append(line.strip())
    return out

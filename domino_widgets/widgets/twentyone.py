"""Twenty-one (T21-1..4): Take / Stand buttons, the live chance of going bust, AI opponents.

The board shows the viewer's tiles and, for the others, only how many they hold (T21-1) until
everybody has stood and all reveal (T21-3). The chances are exact `Fraction`s from
`domino_widgets.prob.twentyone`, computed from the viewer's own tiles only.

>>> import domino_widgets as dw
>>> start = dw.new_game("twentyone", hands=[["6-6", "2-3"], ["5-5", "1-4"]], boneyard=["0-4", "3-6", "1-1"])
>>> g = TwentyOneWidget(start, seats=[None, "stand_at"], delay=0)
>>> g.bust_text()     # 17 in hand: 17 of the 26 unseen tiles are worth 5 or more (T21-2); 3 are worth 4
'Chance of going bust if you take: 17/26 (65 %) · Chance of exactly 21 with one more tile: 3/26 (12 %)'
>>> g.press("take").key, g.session.state.hand(0)[-1]
('took', Tile(0, 4))
>>> g.press("stand").key                 # 21 (T21-3: exactly 21 wins); the AI moves at once here
'stands'
>>> str(g.session.state.outcome)        # "stand at 17" took the 3-6 on 15: 24, bust
'seat 0 wins with 21; counts (21, 24)'
>>> print(g.text())
Twenty-one · Game 1
Player 1 (you): 6-6 2-3 0-4 (Total 21) · stood
Player 2 (computer): 5-5 1-4 3-6 (Total 24) · stood
The game is over: press New game
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as w

from .a11y import Announcer, TurnTeller, announce_text, curtain_words, held_text, join_sentences, keys_help, last_text, \
    not_here, note_words, parse_move
from .arguments import check_arguments, frees_on_refusal
from ..core.actions import PASS, STAND, TAKE, Action, ActionKind
from ..core.errors import DominoError, ParameterError, Phrase, check_text
from ..core.registry import get_variant
from ..core.state import new_game
from ..render.labels import labels
from .board import BoardWidget
from .controls import guard_widget, TimelineControls, TimelineWidget, label_show, replace_in_cell, show_button
from .guard import unlocked
from .i18n import check_lang, level_options, percent, seat_name, tr, variant_title
from .rules_panel import RulesPanel
from .runner import AutoSteps
from .curtain import Curtain
from .notes import Note, note_text
from .session import default_fair_play
from .timeline import HUMAN, Step, Timeline, ai_key, fresh_seed
from ..players.twentyone import levels_for  # which players can play is the players' rule, not the widget's


def default_level(players: int, rounds: bool) -> str:
    """The strongest AI that can play: `levels_for`'s first."""
    return levels_for(players, rounds)[0]


def _check_level(level: Any, players: int, rounds: bool = False) -> None:
    if isinstance(level, str) and LEVEL_ALIASES.get(level, level) not in levels_for(players, rounds):
        raise ParameterError("the level {level!r} cannot play Twenty-one with {players} players{value}; choose one of "
                             "{levels_for}",
                             level=level, players=players, value=Phrase(" in rounds") if rounds else "",
                             levels_for=', '.join(levels_for(players, rounds)))


class TwentyOneSession(Curtain, Timeline):
    """One game of Twenty-one as the widget plays it (the same step interface as `GameSession`,
    and the same undo, redo, replay, records and hot-seat privacy: with ``privacy=True`` the hand
    of the next person stays face down until `reveal`).

    >>> s = TwentyOneSession(seats=[None, None], seed=2, privacy=True)
    >>> s.curtain, s.press("stand").key, s.curtain, s.chances(), s.press("take").key
    (None, 'stands', 1, None, 'hidden_turn')
    >>> s.reveal().key, s.curtain, s.chances() is not None
    ('revealed', None, True)
    """

    def __init__(self, start: Any = None, *, players: int = 2, seats: Sequence[Any] | None = None,
                 seed: int | None = None, viewer: int | None = None, privacy: bool = False,
                 rounds: bool = False, fair_play: bool | None = None, ai_seed: int | None = None) -> None:
        self._ai_key = ai_key(ai_seed)
        self.players_wanted = players
        self.seed = seed if seed is not None else fresh_seed()
        self._restart(start if start is not None else new_game("twentyone", self.seed, players=players, rounds=rounds))
        n = self.state.players
        if seats is None:
            seats = [HUMAN] + [default_level(n, bool(self.state.params.get("rounds")))] * (n - 1)
        if len(seats) != n:
            raise ParameterError("seats must name {n} players (None for a person), not {seats!r}",
                                 n=n, seats=list(seats))
        for x in seats:
            _check_level(x, n, bool(self.state.params.get("rounds")))
        self.seats: tuple[Any, ...] = tuple(seats)
        self._players = {s: _player(x) for s, x in enumerate(self.seats) if x is not None}
        self.fair_play = default_fair_play(self.seats) if fair_play is None else bool(fair_play)
        if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < n):
            raise ParameterError("viewer must be a seat 0..{last}, not {viewer!r}", last=n - 1, viewer=viewer)
        self._fixed_viewer = viewer
        self.privacy = privacy
        self._shown = self.state.current_player  # the first person to move sees their hand at once
        self.games = 1
        self.busy: Note | None = None

    @property
    def events(self) -> list[Note]:
        """What the moves up to the shown position said, oldest first."""
        return self.notes()

    # ------------------------------------------------------------------ questions

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(s for s, x in enumerate(self.seats) if x is None)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] is None

    @property
    def viewer(self) -> int:
        if self._fixed_viewer is not None:
            return self._fixed_viewer
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        replay = self._replay_viewer()
        if replay is not None:
            return replay
        turn = self.state.current_player
        if humans and turn is not None and self.is_human(turn):
            return int(turn)
        return humans[-1] if humans else 0

    def name(self, seat: int, lang: str | None = None) -> str:
        """`player_name`: "Player 1 (you)", "Player 2 (computer)", hot-seat "Player 2"."""
        return seat_name(seat, lang, human=self.is_human(seat), people=len(self.humans))

    def next_step(self) -> Step | None:
        s = self.state
        if s.is_over or self.replaying or self.curtain is not None:
            return None  # behind the curtain, even a forced stand waits for the person
        seat = s.current_player
        if not self.is_human(seat):
            return Step("ai", seat)
        if s.legal_actions() == [STAND]:  # T21-2: bust (or an empty stock): standing is all that is left
            return Step("auto", seat, STAND, Note.of("auto_stand"))
        return None

    def can_click(self) -> bool:
        s = self.state
        return (self.busy is None and not s.is_over and self.is_human(s.current_player)
                and s.current_player == self.viewer and self.curtain is None and self.next_step() is None
                and self._fair_refusal() is None)

    def chances(self) -> tuple[Fraction, Fraction] | None:
        """The viewer's exact chance of going bust, and of making exactly 21, with one more tile."""
        from ..prob.twentyone import bust_probability, twentyone_probability

        if self.curtain is not None:
            return None
        view = self.state.view(self.viewer)
        if view.is_over or view.stood[self.viewer] or view.is_bust or not view.boneyard_size:
            return None
        return bust_probability(list(view.hand)), twentyone_probability(list(view.hand))

    # ------------------------------------------------------------------ moves

    @property
    def stand_action(self) -> Action:
        """What the second button does: stand, or pass with the seed option rounds=True (T21-2)."""
        return PASS if self.state.params.get("rounds") else STAND

    def press(self, what: str) -> Note:
        """The Take or Stand button."""
        why = self._refuse()
        if why is not None:
            return self._say(why)
        action = TAKE if what == "take" else self.stand_action if what == "stand" else None
        if action is None:
            return self._say(Note.of("bad_click"))
        if action not in self.state.legal_actions():
            return self._say(Note.of("must_stand"))
        return self.apply(action)

    def _refuse(self) -> Note | None:
        s = self.state
        if s.is_over:
            o = s.outcome
            return Note.of("t21_over_counts", counts=", ".join(map(str, o.counts))) if o is not None \
                else Note.of("t21_over")
        if self.busy is not None:
            return self.busy
        fair = self._fair_refusal()
        if fair is not None:
            return fair
        if self.curtain is not None:
            return Note.of("hidden_turn", who=self.curtain)
        step = self.next_step()
        if step is not None and step.kind == "auto":
            return step.note
        if not self.is_human(s.current_player) and self.replaying:
            return Note.of("ai_turn_in_replay", who=s.current_player)
        if not self.is_human(s.current_player) or s.current_player != self.viewer:
            return Note.of("not_your_turn", who=s.current_player)
        return None

    def _person_chooses(self, s: Any) -> bool:
        """Undo and redo stop where a person may take or stand (not at a forced stand, T21-2)."""
        turn = s.current_player
        if turn is None or not self.is_human(turn):
            return bool(s.is_over)
        return bool(s.legal_actions() != [STAND])

    def _check_loaded(self, final: Any) -> None:
        if final.variant != "twentyone" or final.players != self.state.players:
            raise ParameterError("this widget plays twentyone with {players} players; the record is {variant} with "
                                 "{record_players}",
                                 players=self.state.players, variant=final.variant,
                                 record_players=getattr(final, 'players', '?'))

    def _show_loaded(self, final: Any) -> None:
        self._show_chain(final)
        self._shown = self.state.current_player

    def apply(self, action: Action | str) -> Note:
        """Play ``action`` on the shown position (cutting off any redo history)."""
        notes = self._push(self.state.play(action))
        return notes[0] if self.state.outcome is None or len(notes) < 2 else notes[1]

    def _describe(self, before: Any, after: Any) -> list[Note]:
        seat = before.current_player
        done = after.history[-1]
        bust = done.kind is not ActionKind.TAKE and before.view(seat).is_bust  # T21-2, as the rules count it
        if done.kind is ActionKind.TAKE:
            notes = [Note.of("took", private_to=seat, who=seat, tile=str(done.tile))]
        elif bust:  # T21-2: over 21, out of this game (said only to the seat itself: the tiles are hidden)
            notes = [Note.of("bust_stands", private_to=seat, who=seat)]
        elif done.kind is ActionKind.PASS:  # rounds=True: asked again if anyone takes
            notes = [Note.of("t21_passes", who=seat)]
        else:
            notes = [Note.of("stands", who=seat)]
        nxt = after.current_player
        if bust and nxt is not None and not self.is_human(nxt):
            # why the computer plays on: it cannot see that this seat is bust until everybody has stood (T21-3)
            notes.append(Note.of("plays_on", private_to=seat, who=nxt))
        o = after.outcome
        if o is not None:
            if not o.winners:
                notes.append(Note.of("t21_nobody"))
            elif o.winner is not None:
                notes.append(Note.of("t21_win", who=o.winner))
            else:
                notes.append(Note.of("t21_share", who=", ".join(self.name(x) for x in o.winners)))
            notes.append(Note.of("t21_counts", counts=", ".join(map(str, o.counts))))
        return notes

    def ai_view_and_rng(self, seat: int) -> tuple[Any, Any, random.Random]:
        return self._players[seat], self.state.view(seat), self.ai_rng(self.games, len(self.state.history), seat)

    def decide(self, step: Step) -> Action:
        if step.kind == "auto":
            assert step.action is not None
            return step.action
        player, view, rng = self.ai_view_and_rng(step.seat)
        return player.choose(view, rng)  # type: ignore[no-any-return]

    def advance(self, limit: int = 100) -> int:
        for done in range(limit):
            step = self.next_step()
            if step is None:
                return done
            self.apply(self.decide(step))
        return limit

    def new_game(self, seed: int | None = None, **options: Any) -> Note:
        """Deal a new game: a fresh seed (`fresh_seed`, never derived from the seed the last
        game's record shows) unless a teacher gives one; ``options`` change the variant's
        parameters (T21-2's rounds), the others stay."""
        if self.busy is not None:
            return self._say(self.busy)
        self.seed = seed if seed is not None else fresh_seed()
        self._restart(new_game("twentyone", self.seed, **{**self.state.params, **options}))
        self._shown = self.state.current_player
        self.games += 1
        return self._say(Note.of("game_no", n=self.games))

    def set_level(self, level: str) -> None:
        check_arguments({"level": level})  # a name or a player, as every widget's level
        _check_level(level, self.state.players, bool(self.state.params.get("rounds")))
        _player(level)
        self.seats = tuple(level if isinstance(x, str) else x for x in self.seats)
        self._players = {s: _player(x) for s, x in enumerate(self.seats) if x is not None}


#: The line games' level names, as the Twenty-one players they stand for.
LEVEL_ALIASES = {"greedy": "stand_at", "expert": "optimal"}


def _player(level: Any) -> Any:
    if hasattr(level, "choose"):
        return level
    from ..players import get_player

    return get_player(LEVEL_ALIASES.get(level, level), variant="twentyone")


class TwentyOneWidget(TimelineWidget, AutoSteps, w.VBox):  # type: ignore[misc]
    """Twenty-one against AI players ("optimal", "stand_at", "random"), hot-seat, or AI only, with
    the line widget's Undo, Redo, replay, Save and Load (the record only when nothing is hidden).
    In hot-seat play the next person's tiles stay face down until "Show seat N's tiles" is pressed."""

    @frees_on_refusal
    def __init__(self, start: Any = None, *, players: int = 2, mode: str = "ai", level: str | None = None,
                 seats: Sequence[Any] | None = None, seed: int | None = None, lang: str | None = None,
                 open_hands: bool = False, delay: float = 0.6, theme: str = "light", rounds: bool = False,
                 fair_play: bool | None = None, locked: Sequence[str] = (), ai_seed: int | None = None) -> None:
        check_arguments(locals(), level_optional=True)
        self.lang = lang = check_lang(lang)
        if mode not in ("ai", "hotseat", "watch"):
            raise ParameterError("mode must be one of ai, hotseat, watch, not {mode!r}", mode=mode)
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay <= 10:
            raise ParameterError("delay must be a number of seconds from 0 to 10, not {delay!r}", delay=delay)
        if start is None:  # the rules' own check (2, 3 or 4), before a seat list of that length is made
            get_variant("twentyone").check_params({"players": players, "rounds": rounds})
        n = start.players if start is not None else players
        rounds_on = bool(start.params.get("rounds")) if start is not None else rounds
        lvl = LEVEL_ALIASES.get(level, level) if level else default_level(n, rounds_on)
        _check_level(lvl, n, rounds_on)
        if seats is None:
            seats = [None] * n if mode == "hotseat" else [lvl] * n if mode == "watch" else [None] + [lvl] * (n - 1)
        self.session = TwentyOneSession(start, players=players, seats=seats, seed=seed,
                                        viewer=0 if mode == "watch" else None, privacy=mode != "watch",
                                        rounds=rounds, fair_play=fair_play, ai_seed=ai_seed)
        self.delay = float(delay)
        self.theme = theme
        self._generation = 0
        self._task = None
        self.board = BoardWidget()
        self._announcer = Announcer()  # issue 27: every move said once in the live region
        self._teller = TurnTeller()  # issue 40: the turn said each time it comes back, the first words
        self.board.on_key(self.key)
        self.board.on_typed(self.type_move)
        self.status = w.HTML()
        self.status.add_class("dw-status")
        self.message = w.HTML()
        self.message.add_class("dw-message")
        self.chance = w.HTML()
        self.chance.add_class("dw-chance")
        self.take = w.Button(description=tr(lang, "take"), button_style="primary", icon="plus")
        self.take.add_class("dw-take")
        self.stand = w.Button(description=tr(lang, "stand"), icon="hand-paper-o")
        self.stand.add_class("dw-stand")
        self.new = w.Button(description=tr(lang, "new_game"), button_style="success", icon="refresh")
        self.new.add_class("dw-new-hand")
        self.show = show_button()  # hot-seat privacy, as in the line-game widget
        self.open_hands = w.Checkbox(value=open_hands, description=tr(lang, "open_hands"), indent=False)
        self.open_hands.add_class("dw-open-hands")
        ai = any(x is not None for x in self.session.seats)
        fits = levels_for(self.session.state.players, rounds_on)
        self.level = w.Dropdown(options=level_options(lang, fits), value=lvl if lvl in fits else fits[0],
                                description=tr(lang, "level"),
                                layout=w.Layout(width="16em", display=None if ai else "none"))
        self.speed = w.FloatSlider(min=0.0, max=3.0, step=0.1, value=self.delay, description=tr(lang, "speed"),
                                   readout_format=".1f", style={"description_width": "initial"},  # never "Computer…"
                                   layout=w.Layout(display=None if ai else "none"))
        self.log_box = w.HTML()
        self.log_box.add_class("dw-log")
        self.controls = c = TimelineControls(lang)
        super().__init__([self.status, self.board, self.message, self.chance,
                          w.HBox([self.show, self.take, self.stand, self.new]), w.HBox([c.undo, c.redo, c.replay]),
                          w.HBox([self.open_hands, c.fair_play, self.level, self.speed]), self.log_box,
                          w.HBox([c.save, c.upload, c.download]), RulesPanel(lang, self.set_option)])
        self.rules_panel = self.children[-1]  # docs/rules.md, with the settings in force
        self.add_class("dw-twentyone")
        self.add_class("dw-sized")  # board.css fits the board to the window
        self.take.on_click(lambda _b: self.press("take"))
        self.stand.on_click(lambda _b: self.press("stand"))
        self.new.on_click(lambda _b: self.press("new_game"))
        self.show.on_click(lambda _b: self.press("show"))
        self.open_hands.observe(lambda _c: self.refresh(), names="value")
        self.speed.observe(lambda c: setattr(self, "delay", float(c["new"])), names="value")
        self.level.observe(lambda c: self._offering or self._act(lambda: self.session.set_level(c["new"])), names="value")
        self._set_up_safety(fair_play, locked)
        self._wire_timeline()
        self.refresh()
        self._kick()
        replace_in_cell(self)

    def set_option(self, name: str, value: Any) -> None:
        """Change a variant parameter (T21-2's seed option rounds) and start a new game with it; the
        optimal AI does not play rounds, so it is not offered then and its seats become "stand at k"."""
        check_text(name, "set_option")
        get_variant("twentyone").check_params({**self.session.state.params, name: value})  # refused: nothing changes
        if name == "rounds" and "level" in getattr(self, "locked", ()) and \
                self.level.value not in levels_for(self.session.state.players, bool(value)):
            # the teacher locked a level that cannot play this way (issue 37: turning rounds on and
            # off again left the computer at "stand at k" for good): the option gives way, not the lock
            self.rules_panel.redraw()  # the option menu shows the rule in force again
            self._act(lambda: self.session._say(Note.of("level_locked_option", level=self.level.label or "")))
            return
        if name == "rounds" and value:
            self._offer_levels(levels_for(self.session.state.players, True))  # before the game needs it
        self._act(lambda: self.session.new_game(**{name: value}), timeline=True)
        if name == "rounds" and not value:
            self._offer_levels(levels_for(self.session.state.players, False))

    def _offer_levels(self, fits: tuple[str, ...]) -> None:
        """Offer the levels ``fits`` in the level menu, keeping the chosen one when it is among them."""
        level = self.level.value if self.level.value in fits else fits[0]
        with unlocked(self.level):  # a locked level the game cannot play gives way to one it can
            if level != self.level.value:
                self.level.value = level  # the seats change to it (before the menu loses the old level)
            self._offering = True  # a menu given new options passes through its first: not a choice
            try:
                self.level.options = level_options(self.lang, fits)
                self.level.value = level
            finally:
                self._offering = False

    _offering = False

    def set_lang(self, lang: str) -> None:
        """Switch every label and message to ``lang`` (a language of the catalog), keeping the game."""
        self.lang = check_lang(lang)
        self.controls.relabel(lang)
        self._show_download()  # the link's words in the new language
        for button, key in ((self.take, "take"), (self.stand, "stand"), (self.new, "new_game")):
            button.description = tr(lang, key)
        self.open_hands.description, self.speed.description = tr(lang, "open_hands"), tr(lang, "speed")
        st = self.session.state
        self._offer_levels(levels_for(st.players, bool(st.params.get("rounds"))))
        self.level.description = tr(lang, "level")
        self.refresh()
        self.board.unsay()  # no announcement left in the old language

    def press(self, what: str) -> Note:
        """Press "take", "stand", "new_game", "undo", "redo" or "show" (hot-seat: show the tiles of
        the person to move)."""
        check_text(what, "press")
        s = self.session
        table = {"new_game": s.new_game, "undo": s.undo, "redo": s.redo}
        if what in table:
            return self._act(table[what], timeline=True)
        if what == "show":
            return self._act(s.reveal)
        return self._act(lambda: s.press(what))

    def _act(self, do: Any, *, timeline: bool = False) -> Note:
        """Run one user command, redraw, and let the automatic steps go on."""
        self._teller.loading = False
        note = do()
        if timeline:
            self._generation += 1
        self.refresh()
        self._kick()
        return note  # type: ignore[no-any-return]

    def key(self, letter: str) -> str | None:
        """A letter key of the board (issue 27): T take, S stand (or pass, under rounds), H how many
        tiles each player holds, L the last moves, W whose turn (issue 40), V (hot-seat) show the
        tiles of the person to move. Returns what a query said.

        >>> g = TwentyOneWidget(seed=5, delay=0, lang="el")
        >>> g.key("w")
        'Σειρά σας: πάρτε πλακάκι ή στοπ.'
        """
        s, lang = self.session, self.lang
        if letter == "v":
            if s.curtain is not None:
                self.press("show")
        elif letter == "t":
            self.press("take")
        elif letter == "s":
            self.press("stand")
        elif letter == "h":
            st = s.state
            text = held_text([s.name(i, lang) for i in range(st.players)], [len(st.hand(i)) for i in range(st.players)],
                             lang, len(st.boneyard))
            self.board.say(text)
            return text
        elif letter == "l":
            text = last_text([note_words(n, s, lang, open_hands=bool(self.open_hands.value)) for n in s.notes()[-4:]],
                             lang)
            self.board.say(text)
            return text
        elif letter == "w":
            text = join_sentences(self._turn_words()) if s.can_click() else self._turn_text()
            self.board.say(text)
            return text
        return None

    def type_move(self, text: str) -> str:
        """A move typed into the move box (issue 27), in the student's language: "take" / "brát" /
        "πάρε", "stand" / "stát" (and "pass" under rounds); anything else is refused with the reason.
        Returns what was announced.

        >>> g = TwentyOneWidget(seed=5, delay=0, lang="cs")
        >>> g.type_move("5-6 vpravo")
        '5-6 vpravo v této hře není tah: napište Brát / Stát'
        >>> _ = g.type_move("stát"); g.session.state.is_over   # the student stood, the computer played on
        True
        """
        check_text(text, "type_move")
        lang = self.lang
        try:
            move = parse_move(text, lang)
        except DominoError as exc:
            self.board.say(exc.text(lang))
            return self.board.announce
        rounds = bool(self.session.state.params.get("rounds"))
        what = {"take": "take", "stand": "stand", "pass": "stand" if rounds else None}.get(move)
        if what is None:
            self.board.say(not_here(text, lang, f"{tr(lang, 'take')} / {tr(lang, 'pass' if rounds else 'stand')}"))
        else:
            self.press(what)
        return self.board.announce

    def _a11y(self) -> None:
        """The keys in words, and what happened since the last announcement, said once."""
        s, lang, b = self.session, self.lang, self.board
        b.letters = ["t", "s", "h", "l", "w"] + (["v"] if s.curtain is not None else []) + ["m"]
        rounds = bool(s.state.params.get("rounds"))  # T21-2's seed option: S passes
        b.keys_help = keys_help(lang, b.letters, arrows=False, show=s.curtain,
                                words={"s": tr(lang, "pass")} if rounds else None)
        b.label_live, b.label_move, b.label_log = tr(lang, "announcements"), tr(lang, "move_box"), tr(lang, "key_last")
        news = self._announcer.news(s)
        if not self._teller.wants(news):
            return
        parts = [announce_text(news, s, lang, open_hands=bool(self.open_hands.value))] if news else []
        parts += curtain_words(s, lang, said_already=bool(news) and news[-1].key == "hidden_turn")
        # issue 40: the turn, each time it comes back, and the page's first words
        self._teller.speak(b, s, news, parts, turn=self._turn_words, greeting=self._greeting, people=bool(s.humans))

    def _turn_words(self) -> list[str]:
        """The person's turn in words: "Your turn: take a tile or stand" (or pass, under rounds),
        or in hot-seat play "Player 2's turn"."""
        s, lang = self.session, self.lang
        if len(s.humans) == 1:
            return [tr(lang, "t21_your_turn_rounds" if s.state.params.get("rounds") else "t21_your_turn")]
        return [tr(lang, "say_turn_of", who=s.name(s.state.current_player, lang))]

    def _greeting(self) -> str:
        """The page's first words (issue 40): the game, its number, and (with one person at the board)
        their seat, how many tiles they hold and the count of them."""
        s, lang = self.session, self.lang
        parts = [variant_title(lang, "twentyone"), tr(lang, "game_no", n=s.games)]
        if len(s.humans) == 1:
            seat = s.humans[0]
            hand = s.state.hand(seat)
            parts.append(tr(lang, "say_seat", who=seat_name(seat, lang, human=True, people=2),
                            tiles=tr(lang, "n_tiles", n=len(hand))))
            parts.append(tr(lang, "total", n=sum(t.value for t in hand)))
        return join_sentences(parts)

    # ------------------------------------------------------------------ drawing

    def bust_text(self) -> str:
        ch = self.session.chances()
        if ch is None:
            return ""
        bust, exact = ch
        return (f"{tr(self.lang, 'bust_chance', p=percent(bust, self.lang))} · "
                f"{tr(self.lang, 'exact_chance', p=percent(exact, self.lang))}")

    def svg(self) -> str:
        from ..render import twentyone_svg

        s = self.session
        st = s.state
        s.open_hands = bool(self.open_hands.value)
        shown = self.open_hands.value or st.is_over
        hands = [st.hand(i) if ((i == s.viewer and s.curtain is None) or shown) else len(st.hand(i))
                 for i in range(st.players)]
        winners = st.outcome.winners if st.outcome is not None else None
        return str(twentyone_svg(hands, seat=s.viewer, stood=st.stood, current=st.current_player,
                                 stock=len(st.boneyard), winners=winners,
                                 names=[seat_name(i, self.lang, human=s.is_human(i), people=0)
                                        for i in range(st.players)], theme=self.theme, lang=self.lang,
                                 rounds=bool(st.params.get("rounds"))))

    def refresh(self) -> None:
        s, lang = self.session, self.lang
        s.open_hands = bool(self.open_hands.value)
        st = s.state
        hidden = s.curtain
        label_show(self.show, hidden, lang)
        phase = "over" if st.is_over else "yours" if s.can_click() else "wait"
        # the buttons before the picture: a page (a keyboard user, a test) that sees the new
        # picture's phase finds Take and Stand already as they are for it
        legal = st.legal_actions() if s.can_click() else []
        self.take.disabled = TAKE not in legal
        self.stand.disabled = s.stand_action not in legal  # pass under rounds=True (T21-2)
        self.stand.description = tr(lang, "pass" if st.params.get("rounds") else "stand")  # T21-2 option
        self.new.disabled = not st.is_over
        self.board.show(self.svg(), interactive=s.can_click(), phase=phase,
                        description="" if hidden is not None else
                        tr(lang, "total", n=sum(t.value for t in st.hand(s.viewer))), hand=[])
        self.board.label_board = variant_title(lang, "twentyone")
        self._a11y()
        self.rules_panel.show(st, lang)
        turn = self._turn_text()
        self.status.value = (f"<b>{html.escape(variant_title(lang, 'twentyone'))}</b> · "
                             f"{html.escape(tr(lang, 'game_no', n=s.games))}<br>"
                             f"<span class='dw-turn' data-phase='{phase}'>{html.escape(turn)}</span>")
        said = [note_text(n, s, lang, open_hands=self.open_hands.value) for n in s.said]
        if hidden is not None and (s.note is None or s.note.key != "hidden_turn"):
            said.append(note_text(Note.of("hidden_turn", who=hidden), s, lang))
        self.message.value = " · ".join(map(html.escape, said))
        self.chance.value = html.escape(self.bust_text()) if s.can_click() else ""
        self.log_box.value = "<br>".join(html.escape(note_text(n, s, lang, open_hands=self.open_hands.value))
                                     for n in reversed(s.events[-12:]))
        self._refreshing = True
        try:
            self._refresh_timeline()
        finally:
            self._refreshing = False
        guard_widget(self)  # new buttons too: the page may set only what a person can change

    def _turn_text(self) -> str:
        s, lang = self.session, self.lang
        st = s.state
        if st.is_over:
            return tr(lang, "t21_over")
        if s.busy is not None:
            return note_text(s.busy, s, lang)
        if s.curtain is not None:
            return note_text(Note.of("hidden_turn", who=s.curtain), s, lang)
        if s.can_click():
            return tr(lang, "t21_your_turn_rounds" if st.params.get("rounds") else "t21_your_turn")
        return tr(lang, "turn_of", who=s.name(st.current_player, lang))

    def text(self) -> str:
        """A deterministic plain-text picture of what the viewer sees."""
        s, lang = self.session, self.lang
        s.open_hands = bool(self.open_hands.value)
        st = s.state
        lines = [f"{variant_title(lang, 'twentyone')} · {tr(lang, 'game_no', n=s.games)}"]
        for i in range(st.players):
            hand = st.hand(i)
            if (i == s.viewer and s.curtain is None) or self.open_hands.value or st.is_over:
                lines.append(f"{s.name(i, lang)}: {' '.join(map(str, hand))} ({tr(lang, 'total', n=sum(t.value for t in hand))})"
                             + (f" · {tr(lang, 'stood')}" if st.stood[i] else ""))
            else:
                lines.append(f"{s.name(i, lang)}: {labels(lang).tiles(len(hand))}"
                             + (f" · {tr(lang, 'stood')}" if st.stood[i] else ""))
        lines.append(self._turn_text())
        return "\n".join(lines)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = dict(super()._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = self.text()
        bundle["image/svg+xml"] = self.svg()
        return bundle

    def __repr__(self) -> str:
        return f"<TwentyOneWidget game {self.session.games} move {len(self.session.state.history)}>"


def _frac(p: Fraction) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


__all__ = ["TwentyOneSession", "TwentyOneWidget"]

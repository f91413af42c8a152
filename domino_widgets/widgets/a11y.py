"""Play with no mouse and no sight (issue 27): what the widgets announce, the keys, the table read
on demand, and a move typed in the student's language.

The kernel computes every text here; the board (``board.js``) puts an announcement into its
ARIA live region (``role="status"``) and sends the keys and typed moves back. No text names a
hidden tile: a draw (or a take) by another seat is said as "Player 2 drew a tile", whatever
the state of the hand, unless open hands are on.

>>> from domino_widgets.widgets.session import GameSession, Note
>>> s = GameSession("draw", seats=(None, "random"), seed=1)
>>> announce_text([Note.of("drew", private_to=1, who=1, tile="3-4")], s, "cs")
'Hráč 2 (počítač) dobral kostku.'
>>> announce_text([Note.of("scored", who=0, points=15, sum="6 + 4 + 5 = 15")], s, "en")
'Player 1 (you) scores +15: 6 + 4 + 5.'
>>> parse_move("5-6 vpravo", "cs"), parse_move("5-6 δεξιά", "el"), parse_move("dobrat", "cs")
('5-6 right', '5-6 right', 'draw')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from ..core.actions import Action, End
from ..core.errors import NotationError, quote
from .i18n import tr

#: The keys of the board (letters; the arrows, Enter, Space and Escape always work); V shows the
#: tiles of the person to move in hot-seat play.
ACTION_KEYS = {"d": "draw", "p": "pass", "t": "take", "s": "stand", "v": "show"}
QUERY_KEYS = {"e": "ends", "c": "scores", "h": "held", "l": "last", "f": "total", "w": "turn"}


def _plain(text: str) -> str:
    """Lower case, no accents (a Greek or Czech word typed without its accents still reads)."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def safe_note(note: Any, session: Any, *, open_hands: bool = False) -> Any:
    """``note`` with a tile that only its own seat may see taken out (for everyone else), whatever
    the state of the hand: an announcement is heard once, while the hand goes on."""
    from .notes import Note

    curtain = getattr(session, "curtain", None)
    if note.private_to is None or open_hands or (note.private_to == session.viewer and curtain is None):
        return note
    fields = {k: v for k, v in note.fields if k != "tile"}
    key = note.key if note.key.endswith("_hidden") else f"{note.key}_hidden"
    return Note.of(key, **fields)


def note_words(note: Any, session: Any, lang: str, *, open_hands: bool = False,
               text_of: Callable[[Any], str] | None = None) -> str:
    """One note put into words for hearing (a score as "+15: 6 + 4 + 5")."""
    from .notes import Note, note_text

    note = safe_note(note, session, open_hands=open_hands)
    if note.key == "scored":
        terms = str(note.get("sum") or note.get("points")).split(" = ")[0]
        note = Note.of("say_scored", who=note.get("who"), points=note.get("points"), terms=terms)
    if text_of is not None:
        return text_of(note)
    return note_text(note, session, lang, open_hands=open_hands)


def announce_text(notes: Sequence[Any], session: Any, lang: str, *, open_hands: bool = False,
                  text_of: Callable[[Any], str] | None = None) -> str:
    """The notes as one announcement, each a sentence."""
    parts = [note_words(n, session, lang, open_hands=open_hands, text_of=text_of) for n in notes]
    return join_sentences(parts)


def join_sentences(parts: Sequence[str]) -> str:
    out = []
    for p in (p.strip() for p in parts):
        if not p:
            continue
        out.append(p if p.endswith((".", "!", "?", "…", ":")) else p + ".")
    return " ".join(out)


class Announcer:
    """Says each move once: the moves played since the last announcement (the computer's too,
    however many were played between two redraws), or else what the session said last (a
    refusal, undo, a new hand)."""

    def __init__(self) -> None:
        self._said: Any = None
        self._pos: tuple[Any, int, Any] | None = None

    def news(self, session: Any) -> list[Any] | None:
        """The notes not announced yet, or None when nothing new was said."""
        said = session.said
        t = session._t
        if said is self._said:
            return None
        notes = list(said)
        if self._pos is not None:
            timeline, cursor, state = self._pos
            if (timeline is t and cursor < t.cursor and cursor < len(t.states) and t.states[cursor] is state
                    and t.notes and list(said) == list(t.notes[t.cursor - 1])):
                notes = [n for moves in t.notes[cursor:t.cursor] for n in moves]
        self._said = said
        self._pos = (t, t.cursor, t.states[t.cursor])
        return notes


# ---------------------------------------------------------------------------------- typed moves

_ACTION_WORDS = ("draw", "pass", "take", "stand")


def _end_words(lang: str) -> dict[str, str]:
    """Every word (or phrase) for an end in ``lang`` and in English: the end's name, the
    "on the left end" of the choice buttons, and the notation's l, r, u, d."""
    words: dict[str, str] = {}
    for end in End:
        name = end.name.lower()
        for text in {tr("en", name), tr(lang, name), tr("en", f"end_{name}"), tr(lang, f"end_{name}"), name, name[0]}:
            words[_plain(text)] = name
    if lang == "cs":  # the adverbs a Czech student says (vlevo, vpravo, nahoru, dolů)
        words.update({"vlevo": "left", "vpravo": "right", "nahoru": "up", "nahore": "up", "dolu": "down"})
    return words


def _action_words(lang: str) -> dict[str, str]:
    words = {w: w for w in _ACTION_WORDS}
    for w in _ACTION_WORDS:
        words[_plain(tr(lang, w))] = w
    if lang == "cs":
        words.update({"lizni": "draw", "pas": "pass", "vzit": "take", "beru": "take", "stojim": "stand"})
    return words


def parse_move(text: str, lang: str) -> str:
    """A move typed in ``lang`` ("5-6 vpravo", "5-6 δεξιά", "5-6 na pravý konec", "líznout") in
    the notation ("5-6 right", "draw"); a `NotationError` (a `DominoError`) when it is not a move.

    >>> parse_move("3-3 left 3", "en"), parse_move("  6-6  ", "el"), parse_move("Πάσο", "el")
    ('3-3 left 3', '6-6', 'pass')
    >>> parse_move("5-6 sideways", "en")
    Traceback (most recent call last):
    ...
    domino_widgets.core.errors.NotationError: '5-6 sideways' is not a move: write a tile and an end, like 5-6 right, or draw, pass, take, stand
    """
    if not isinstance(text, str) or len(text) > 80:
        raise NotationError("a move is written like 5-6 right, not {text}", text=quote(str(text)[:80]))
    plain = _plain(text).strip()
    actions = _action_words(lang)
    if plain in actions:
        return actions[plain]
    m = re.fullmatch(r"(\d+)\s*[-–:/]\s*(\d+)\s*(.*?)\s*(\d+)?", plain)
    if m is None:
        raise NotationError("{text} is not a move: write a tile and an end, like 5-6 right, or draw, pass, take, "
                            "stand", text=quote(text.strip()))
    tile = f"{m.group(1)}-{m.group(2)}"
    rest, touching = m.group(3).strip(), m.group(4)
    words = [tile]
    if rest:
        end = _end_words(lang).get(re.sub(r"\s+", " ", rest))
        if end is None:
            raise NotationError("{text} is not a move: write a tile and an end, like 5-6 right, or draw, pass, take, "
                                "stand", text=quote(text.strip()))
        words.append(end)
    if touching is not None:
        if not rest:
            raise NotationError("{text} is not a move: write a tile and an end, like 5-6 right, or draw, pass, take, "
                                "stand", text=quote(text.strip()))
        words.append(touching)
    notation = " ".join(words)
    Action.parse(notation)  # the core checks the tile and the numbers
    return notation


def not_here(text: str, lang: str, example: str) -> str:
    """Why a move typed in a game that has no such move (a tile in Twenty-one, "draw" in the
    solitaire) did nothing, with what can be typed there."""
    return tr(lang, "typed_not_here", text=text.strip()[:60], example=example)


# ---------------------------------------------------------------------------------- the keys

def keys_help(lang: str, letters: Sequence[str], *, arrows: bool = True, choices: Sequence[str] = (),
              show: int | None = None, words: dict[str, str] | None = None) -> str:
    """The keys of a board in words, for its description ("D: Draw; P: Pass; ..."); a digit names
    the choice of that number (``choices``: which half of a tile touches the end); V shows the tiles
    of ``show``, the seat whose hand is face down in hot-seat play; ``words`` names a key otherwise
    (Twenty-one's S passes under the seed option rounds=True).

    >>> keys_help("cs", ["v", "m"], arrows=False, show=1)
    'V: Ukázat kostky hráče 2; M: Napište tah'
    """
    names = {str(i): text for i, text in enumerate(choices, 1)} | {"d": tr(lang, "draw"), "p": tr(lang, "pass"), "t": tr(lang, "take"), "s": tr(lang, "stand"),
             "e": tr(lang, "key_ends"), "c": tr(lang, "scores"), "h": tr(lang, "key_held"),
             "l": tr(lang, "key_last"), "f": tr(lang, "key_total"), "m": tr(lang, "move_box"),
             "w": tr(lang, "key_turn")}
    if show is not None:
        names["v"] = tr(lang, "show_tiles", n=show + 1)
    names.update(words or {})
    keys = "; ".join(f"{x.upper()}: {names[x]}" for x in letters)
    return f"{tr(lang, 'keys_intro')}; {keys}" if arrows else keys


def curtain_words(session: Any, lang: str, said_already: bool) -> list[str]:
    """Hot-seat play with the next person's hand face down: whose turn it is (unless ``said_already``)
    and the key that shows their tiles ("V: Show Player 2's tiles"); nothing when no hand is hidden."""
    from .notes import Note, note_text

    seat = getattr(session, "curtain", None)
    if seat is None:
        return []
    parts = [] if said_already else [note_text(Note.of("hidden_turn", who=seat), session, lang)]
    return [*parts, f"V: {tr(lang, 'show_tiles', n=seat + 1)}"]


def nothing_fits_words(session: Any, lang: str) -> list[str]:
    """What to do when it is the viewer's turn and no tile fits (issue 40): the key that draws
    ("No tile fits: press D to draw a tile from the boneyard") or, with nothing to draw, the key
    that passes, whichever the rules allow now; nothing when a tile fits or it is not their turn.

    >>> import domino_widgets as dw
    >>> from domino_widgets.widgets.session import GameSession
    >>> s = GameSession(dw.new_game("draw_cz", hands=[["3-3", "1-2"], ["3-4", "5-5"]], leader=0), seats=(None, None))
    >>> nothing_fits_words(s, "en")
    []
    >>> _ = s.choose("3-3"), s.choose("3-4 right")     # hot-seat: Player 1's 1-2 fits neither 3 nor 4
    >>> nothing_fits_words(s, "cs")
    ['Žádná kostka se nehodí: stiskněte D a vezměte si kostku ze zálohy (COM-5)']
    """
    from ..core.actions import ActionKind

    if session.state.is_over or not session.can_click() or session.playable_tiles():
        return []
    if session.can(ActionKind.DRAW):
        return [tr(lang, "say_must_draw")]
    if session.can(ActionKind.PASS):
        return [tr(lang, "say_must_pass")]
    return []


def turn_words(session: Any, lang: str) -> list[str]:
    """The viewer's turn in words (issue 40): "Your turn" (with one person at the board) or
    "Player 2's turn" (hot-seat), then what to do when no tile fits; nothing when the viewer may
    not move now.

    >>> import domino_widgets as dw
    >>> from domino_widgets.widgets.session import GameSession
    >>> s = GameSession(dw.new_game("draw_cz", hands=[["3-3", "1-2"], ["3-4", "5-5"]], leader=0), seats=(None, "random"))
    >>> turn_words(s, "en"), turn_words(s, "cs"), turn_words(s, "el")
    (['Your turn'], ['Jste na tahu'], ['Σειρά σας'])
    """
    if session.state.is_over or not session.can_click():
        return []
    seat = session.state.current_player
    first = tr(lang, "say_your_turn") if len(session.humans) == 1 else \
        tr(lang, "say_turn_of", who=session.name(seat, lang))
    return [first, *nothing_fits_words(session, lang)]


class TurnTeller:
    """Issue 40, for every board (the line games, Twenty-one, solitaire): says whose turn it is each
    time the turn comes back to a person (a new hand or game, the computer's moves, the other
    person's in hot-seat play), and what to do again when the same person's position changed (a
    draw that did not help); and keeps the page's first words adding up until a person may act.

    >>> import domino_widgets as dw
    >>> from domino_widgets.widgets.session import GameSession
    >>> s = GameSession(dw.new_game("draw_cz", hands=[["3-3", "1-2"], ["3-4", "5-5"]], leader=0), seats=(None, "random"))
    >>> t = TurnTeller()
    >>> turn = lambda: ["Your turn"]
    >>> t.news(s, turn)
    ['Your turn']
    >>> t.news(s, turn)                                 # said once, not at every redraw
    []
    >>> t.opening(["Your turn"], lambda: "Block game", "", people=True)
    ['Block game', 'Your turn']
    >>> t.loading                                        # a person may act: the opening is over
    False
    """

    def __init__(self) -> None:
        # the timeline, seat and position whose turn was said last
        self._said: tuple[Any, int | None, Any] = (None, None, None)
        self.loading = True  # until the first command: what is said adds up to the page's first words
        self._greeted = False

    def news(self, session: Any, turn: Callable[[], list[str]],
             again: Callable[[], list[str]] = list) -> list[str]:
        """``turn()`` when the turn has come back to a person since it was said last, ``again()``
        when only that person's position changed; nothing otherwise, nor while nobody may act, nor
        behind a hot-seat curtain (the curtain's words say whose turn it is)."""
        timeline, st = session._t, session.state
        seat = getattr(st, "current_player", None)
        curtain = getattr(session, "curtain", None)
        said_timeline, said_seat, said_state = self._said
        if st.is_over or not (session.can_click() or curtain is not None):
            self._said = (timeline, None, None)
            return []
        if curtain is not None:
            self._said = (timeline, seat, None)
            return []
        self._said = (timeline, seat, st)
        if said_timeline is not timeline or said_seat != seat:
            return turn()
        return again() if said_state is not st else []

    def wants(self, news: list[Any] | None) -> bool:
        """Whether a redraw has anything to say, given the `Announcer`'s ``news``: moves or notes, or
        while the page opens its first words; never when nothing new was said (None)."""
        return news is not None and (bool(news) or self.loading)

    def speak(self, board: Any, session: Any, news: list[Any] | None, parts: list[str], *,
              turn: Callable[[], list[str]], greeting: Callable[[], str], people: bool,
              again: Callable[[], list[str]] = list) -> None:
        """What each board says after a redraw (issue 40): ``parts`` (the news in words, when
        ``news`` holds any), then whose turn it is when it came back (`news`), all behind the page's
        first words while it opens (`opening`). The board asks `wants` first."""
        parts = [*parts, *self.news(session, turn, again)]
        board.say(join_sentences(self.opening(parts, greeting, board.announce, people=people)))

    def opening(self, parts: list[str], greeting: Callable[[], str], said: str, *, people: bool) -> list[str]:
        """While the page opens: ``parts`` behind its first words (``greeting()`` the first time,
        then ``said``, what the board says already); the opening is over once a person may act, or at
        once with nobody at the board (``people`` False)."""
        if not self.loading:
            return parts
        out = [said if self._greeted else greeting(), *parts]
        self._greeted = True
        self.loading = self._said[1] is None and people
        return out


def ends_text(state: Any, lang: str) -> str:
    """The open ends and their numbers: "Open ends: left end: 3, right end: 5"."""
    layout = state.layout
    if layout.center is None:
        return f"{tr(lang, 'key_ends')}: {tr(lang, 'table_empty')}"
    ends = state.ends if hasattr(state, "ends") else {}
    parts = [tr(lang, "end_open", end=tr(lang, e.name.lower()), n=n) for e, n in ends.items()]
    return f"{tr(lang, 'key_ends')}: {', '.join(parts) or '-'}"


def total_text(state: Any, lang: str) -> str:
    """All Fives: the open-end total and its terms (A5-3): "Open-end total: 6 + 4 + 5 = 15"."""
    from ..variants.all_fives import open_end_terms

    terms = open_end_terms(state) if state.layout.center is not None else ()
    arithmetic = f"{' + '.join(map(str, terms))} = {sum(terms)}" if len(terms) > 1 else str(sum(terms))
    return f"{tr(lang, 'key_total')}: {arithmetic}"


def held_text(names: Sequence[str], counts: Sequence[int], lang: str, boneyard: int | None) -> str:
    """How many tiles each player holds (public), and the boneyard."""
    parts = [f"{name}: {tr(lang, 'n_tiles', n=n)}" for name, n in zip(names, counts)]
    if boneyard is not None:
        parts.append(tr(lang, "boneyard", n=boneyard))
    return "; ".join(parts)


def last_text(texts: Sequence[str], lang: str, n: int = 4) -> str:
    """The last moves, oldest first."""
    shown = [t for t in texts if t][-n:]
    return f"{tr(lang, 'key_last')}: " + (join_sentences(shown) if shown else "-")


def tile_words(tile: str, playable: bool, lang: str) -> str:
    return tr(lang, "tile_playable" if playable else "tile_unplayable", tile=tile)

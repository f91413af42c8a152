"""Issue 40: a blind student is never left in silence. Every time the turn comes back to a person
(the start of a hand, after the computer's moves, after the other person's in hot-seat play) the
live region says it is their turn; whenever no tile of theirs fits it says which key draws or
passes; the page's first words name the game, the seat and the hand; W asks whose turn it is; and
nothing announced speaks of the mouse. The games are played kernel-side, by the keys the board offers."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from test_a11y_keys import _play_out

from domino_widgets.core.actions import ActionKind
from domino_widgets.widgets.game import GameWidget
from domino_widgets.widgets.i18n import CATALOG

LINE_GAMES = ("block", "draw", "draw_cz", "all_fives", "matador", "bergen")
MOUSE = re.compile(r"click|klik|κλικ|mouse|myš|ποντίκ", re.IGNORECASE)
#: the words that say a turn (also in hot-seat's "Player 2's turn: pass the screen ...")
TURN = {"en": ("your turn", "'s turn"), "cs": ("na tahu",), "el": ("σειρά",)}
PRESS = {"en": "press {key}", "cs": "stiskněte {key}", "el": "πατήστε {key}"}


def _person(g: GameWidget) -> tuple[int, int] | None:
    """(hand, seat) of the person who may act now (shown or behind the hot-seat curtain), or None."""
    s = g.session
    if s.state.is_over or not (s.can_click() or s.curtain is not None):
        return None
    return s.hand_number, s.state.current_player


@functools.cache  # a game is played once, for the tests that read it
def _play(variant: str, seed: int, lang: str, mode: str, hands: int = 2) -> list[dict[str, Any]]:
    """Play ``hands`` hands by the board's keys; every announcement with what the table was then."""
    # the second hand's deal and the computer's choices fixed too (seed_all_hands, ai_seed): with a fresh
    # secret seed and key per run, Bergen seed 1 ended its two hands with one return of the turn in some
    # runs and failed, in CI's fresh clone as well
    g = GameWidget(variant, seed=seed, ai_seed=seed, seed_all_hands=True, lang=lang, delay=0, mode=mode)
    s = g.session
    heard: list[dict[str, Any]] = []

    def seen(_change: object) -> None:
        fits = bool(s.playable_tiles())
        heard.append({"text": g.board.announce, "person": _person(g), "mine": s.can_click() and not s.state.is_over,
                      "fits": fits, "draw": s.can(ActionKind.DRAW), "pass": s.can(ActionKind.PASS),
                      "whose": g.answer("w")})

    seen(None)  # the page's first words
    g.board.observe(seen, names="announce_n")
    for hand in range(hands):
        _play_out(g, 300, pick=-1)
        if hand + 1 < hands and not s.match_over:
            g.press("new_hand")
    return heard


#: every line game, English, Czech and Greek, one person against the computer and hot-seat
GAMES = [("block", 1, "en", "ai"), ("draw", 1, "cs", "ai"), ("draw_cz", 1, "cs", "ai"), ("draw_cz", 2, "el", "ai"),
         ("draw_cz", 3, "en", "ai"), ("all_fives", 1, "el", "ai"), ("matador", 1, "en", "ai"), ("bergen", 1, "el", "ai"),
         ("block", 2, "cs", "ai"), ("draw_cz", 4, "cs", "hotseat"), ("bergen", 3, "en", "hotseat"),
         ("all_fives", 5, "el", "hotseat")]


@pytest.mark.parametrize(("variant", "seed", "lang", "mode"), GAMES)
def test_each_return_of_the_turn_is_announced_and_no_fit_says_the_key(variant: str, seed: int, lang: str,
                                                                      mode: str) -> None:
    heard = _play(variant, seed, lang, mode, 2 if mode == "ai" else 1)
    returns = no_fit = 0
    before = None
    for said in heard:
        text = said["text"].casefold()
        if said["person"] is not None and said["person"] != before:
            returns += 1
            assert any(w in text for w in TURN[lang]), f"the turn came back unsaid: {said['text']!r}"
        before = said["person"]
        if said["mine"] and not said["fits"] and (said["draw"] or said["pass"]):
            no_fit += 1
            key = "D" if said["draw"] else "P"
            assert PRESS[lang].format(key=key).casefold() in text, f"no tile fits, no {key} said: {said['text']!r}"
        if said["mine"]:
            assert any(w in said["whose"].casefold() for w in TURN[lang]), said["whose"]
        assert not MOUSE.search(said["text"]), said["text"]
    assert returns >= 2


def test_the_games_cover_the_silences_of_issue_40() -> None:
    """The deals above do meet the case of the issue: Czech draw games where no tile fits the
    student, who must press D (a pass with nothing to draw is made for the student, BLK-3)."""
    heard = [x for seed, lang in ((1, "cs"), (2, "el"), (3, "en")) for x in _play("draw_cz", seed, lang, "ai", 2)]
    assert sum(1 for x in heard if x["mine"] and not x["fits"] and x["draw"]) >= 3


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_the_page_first_says_the_game_the_seat_and_the_hand(lang: str) -> None:
    g = GameWidget("draw_cz", seed=5, ai_seed=5, lang=lang, delay=0)
    first = g.board.announce
    s = g.session
    from domino_widgets.widgets.i18n import tr, variant_title
    assert variant_title(lang, "draw_cz") in first
    assert tr(lang, "n_tiles", n=len(s.state.hand(0))) in first
    assert "1" in first.split(variant_title(lang, "draw_cz"))[1]
    assert "w" in g.key_letters() and "W: " in g.board.keys_help
    # said once: the next words (the student's move, the computer's reply) do not repeat them
    g.key("d") if not s.playable_tiles() else g.click(str(s.playable_tiles()[0]))
    assert g.board.announce and variant_title(lang, "draw_cz") not in g.board.announce


def test_no_message_of_the_widgets_speaks_of_the_mouse() -> None:
    """The class, not the examples: no text of the widgets' catalog, in any language, says click."""
    found = [(lang, key, text) for lang in ("en", "cs", "el") for key, text in CATALOG[lang].items()
             if MOUSE.search(text)]
    assert found == []


def test_no_words_of_the_board_wait_on_a_clock() -> None:
    """The board's JavaScript says the page's first words when its live region is in the page (a
    frame after), not after a guessed delay: a timer said them 0.7 s after the view was drawn, which a
    loaded machine or a slow screen reader may not match. The class: no timer in board.js waits a
    time to say or show something; the only delays are 0 (after the current event) and the 120 ms
    that gathers a resize's many reports into one measure of the width."""
    from pathlib import Path

    import domino_widgets.widgets as dww

    js = (Path(dww.__file__).parent / "board.js").read_text(encoding="utf-8")
    delays = re.findall(r"setTimeout\((?:[^()]|\([^()]*\))*?,\s*([^)\s]+)\s*\)", js)
    assert delays and set(delays) <= {"0", "120"}, delays
    assert "setInterval" not in js
    assert js.count("setTimeout(") == len(delays), "a setTimeout whose delay the test cannot read"


def _boards(lang: str) -> list[Any]:
    """One board of each kind: every line game, Twenty-one (2 to 4 players, rounds, hot-seat), solitaire."""
    from domino_widgets.widgets.solitaire import SolitaireWidget
    from domino_widgets.widgets.twentyone import TwentyOneWidget

    return [*(GameWidget(v, seed=3, ai_seed=3, lang=lang, delay=0) for v in LINE_GAMES),
            TwentyOneWidget(seed=3, ai_seed=3, lang=lang, delay=0), TwentyOneWidget(seed=3, ai_seed=3, lang=lang, delay=0, players=4),
            TwentyOneWidget(seed=3, ai_seed=3, lang=lang, delay=0, players=3, rounds=True),
            TwentyOneWidget(seed=3, ai_seed=3, lang=lang, delay=0, mode="hotseat"), SolitaireWidget(seed=3, ai_seed=3, lang=lang)]


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_every_board_says_first_words_and_answers_w(lang: str) -> None:
    """The class of issue 40's findings, not only the line games: every board's first words name the
    game and, when a person may act, say whose turn it is; W is one of its keys, named in its keys'
    words, and says whose turn it is (Twenty-one and solitaire had neither)."""
    from domino_widgets.widgets.i18n import tr, variant_title

    for g in _boards(lang):
        variant = getattr(g.session, "variant", None) or ("solitaire" if "Solitaire" in type(g).__name__ else "twentyone")
        first, b = g.board.announce, g.board
        assert b.announce_n >= 1 and first.startswith(variant_title(lang, variant)), (variant, first)
        assert "w" in b.letters and f"W: {tr(lang, 'key_turn')}" in b.keys_help, (variant, b.keys_help)
        if g.session.can_click():
            assert any(w in first.casefold() for w in TURN[lang]), (variant, first)
        n = b.announce_n
        said = g.key("w")
        assert said and b.announce == said and b.announce_n == n + 1, (variant, said)
        if g.session.can_click():
            assert any(w in said.casefold() for w in TURN[lang]), (variant, said)
        assert not MOUSE.search(first + said), (variant, first, said)


@functools.cache
def _play21(seed: int, lang: str, mode: str, players: int, rounds: bool) -> list[dict[str, Any]]:
    """A game of Twenty-one by the board's keys (T under 16, else S; V behind the hot-seat curtain)."""
    from domino_widgets.widgets.twentyone import TwentyOneWidget

    g = TwentyOneWidget(seed=seed, ai_seed=seed, lang=lang, delay=0, mode=mode, players=players, rounds=rounds)
    s = g.session
    heard: list[dict[str, Any]] = []

    def seen(_change: object) -> None:
        person = None if s.state.is_over or not (s.can_click() or s.curtain is not None) else s.state.current_player
        heard.append({"text": g.board.announce, "person": person})

    seen(None)
    g.board.observe(seen, names="announce_n")
    for _ in range(100):
        if s.state.is_over:
            break
        if s.curtain is not None:
            g.key("v")
        elif s.can_click():
            g.key("t" if sum(t.value for t in s.state.hand(s.state.current_player)) < 16 else "s")
        else:
            raise AssertionError(f"nobody may act: {g.board.announce!r}")
    assert s.state.is_over, "the game did not end"
    return heard


@pytest.mark.parametrize(("seed", "lang", "mode", "players", "rounds"),
                         [(1, "en", "ai", 2, False), (2, "cs", "ai", 3, True), (4, "el", "ai", 4, True),
                          (5, "cs", "hotseat", 2, False), (6, "el", "hotseat", 3, True)])
def test_twentyone_says_each_return_of_the_turn(seed: int, lang: str, mode: str, players: int, rounds: bool) -> None:
    """Twenty-one: every time the turn comes to a person (the start; under rounds, T21-2, again after
    the others took; in hot-seat play each person in turn) the live region says it, in their language."""
    heard = _play21(seed, lang, mode, players, rounds)
    returns, before = 0, None
    for said in heard:
        if said["person"] is not None and said["person"] != before:
            returns += 1
            assert any(w in said["text"].casefold() for w in TURN[lang]), f"the turn came unsaid: {said['text']!r}"
        before = said["person"]
        assert not MOUSE.search(said["text"]), said["text"]
    assert returns >= (2 if rounds or mode == "hotseat" else 1), heard


def test_solitaire_says_what_to_do_at_each_new_game() -> None:
    """Solitaire: the first words and each new game say that the base is to be chosen (SOL-2)."""
    from domino_widgets.widgets.i18n import tr
    from domino_widgets.widgets.solitaire import SolitaireWidget

    g = SolitaireWidget(seed=8, ai_seed=8, lang="el")
    assert tr("el", "choose_base") in g.board.announce
    g.click(str(g.session.state.hand[0]))
    assert tr("el", "choose_base") not in g.board.announce
    g.press("new_game")
    assert tr("el", "game_no", n=2) in g.board.announce and tr("el", "choose_base") in g.board.announce

"""Issue 27: what the live region says (every move once, in the language, no hidden tile), the
keys that read the table, and moves typed in the student's language."""

from __future__ import annotations

import re

import pytest

import domino_widgets as dw
from domino_widgets.core.actions import ActionKind
from domino_widgets.core.errors import DominoError
from domino_widgets.widgets.a11y import announce_text, parse_move
from domino_widgets.widgets.game import GameWidget
from domino_widgets.widgets.session import GameSession, Note

LANGS = ("en", "cs", "el")
TILE = re.compile(r"\b\d-\d\b")


def _heard(g: GameWidget) -> list[tuple[str, set[str]]]:
    """Every announcement with the tiles the viewer could see when it was made."""
    heard: list[tuple[str, set[str]]] = []

    def seen(_change: object) -> None:
        s = g.session
        st = s.state
        public = {str(t) for t in st.hand(s.viewer)} | {str(a.tile) for a in st.history if a.tile is not None and
                                                          a.kind.name == "PLAY"}
        heard.append((g.board.announce, public))

    seen(None)  # what was said when the widget came up (a forced lead, the computer's first moves)
    g.board.observe(seen, names="announce_n")
    return heard


def _play_out(g: GameWidget, limit: int = 200, *, pick: int = 0) -> None:
    """Play the person's moves by the keys the board offers until the hand is over: the tile
    ``pick`` of those that fit, in the board's order; V shows the tiles behind a hot-seat curtain."""
    s = g.session
    for _ in range(limit):
        if s.state.is_over:
            return
        if s.curtain is not None:
            g.key("v")
            continue
        playable = [t for t, words in g.board.tile_labels.items() if t in {str(x) for x in s.playable_tiles()}]
        if playable:
            g.click(playable[pick])
            if s.choices:
                g.press(str(s.choices[0]))
        elif s.can(ActionKind.DRAW):
            g.key("d")
        else:
            g.key("p")
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", ["block", "draw", "draw_cz", "all_fives", "matador", "bergen"])
def test_every_move_is_announced_once_and_names_no_hidden_tile(variant: str, lang: str) -> None:
    """Every line game in every language, by the board's own keys (the browser's keyboard robot plays
    each of them in every language in JupyterLab, and one line game in Voila: the words are the
    kernel's, checked here for all)."""
    g = GameWidget(variant, seed=11, ai_seed=11, lang=lang, delay=0)
    heard = _heard(g)
    _play_out(g)
    texts = [t for t, _ in heard]
    assert texts, "nothing was announced"
    for text, public in heard:
        named = set(TILE.findall(text))
        assert named <= public, f"{text!r} names a tile the viewer could not see: {named - public}"
    s = g.session
    # every move of the hand was said (each played tile at least once), in order, and nothing twice in a row
    played = [str(a.tile) for a in s.state.history if a.kind.name == "PLAY"]
    said = " ".join(texts)
    for tile in played:
        assert tile in said
    assert all(a != b for a, b in zip(texts, texts[1:]))
    # the end of the hand is announced (the points of the hand, in the language)
    assert dw.widgets.i18n.tr(lang, "hand_points", points="").split(":")[0] in texts[-1]
    if lang != "en":  # every announcement in the student's language: the seat names are translated too
        assert not re.search(r"Player|played|\byou\b", said), said


def test_the_computer_draws_in_words_without_its_tile() -> None:
    s = GameSession("draw", seats=(None, "random"), seed=1)
    note = Note.of("drew", private_to=1, who=1, tile="3-4")
    assert announce_text([note], s, "en") == "Player 2 (computer) drew a tile."
    assert announce_text([note], s, "cs") == "Hráč 2 (počítač) dobral kostku."
    assert announce_text([note], s, "el") == "Παίκτης 2 (υπολογιστής): τράβηξε ένα πλακάκι."
    mine = Note.of("drew", private_to=0, who=0, tile="3-4")
    assert "3-4" in announce_text([mine], s, "en")


@pytest.mark.parametrize("lang,expected", [("en", "Player 1 (you) scores +15: 6 + 4 + 5."),
                                           ("cs", "Hráč 1 (vy) získává +15: 6 + 4 + 5."),
                                           ("el", "Παίκτης 1 (εσείς) κερδίζει +15: 6 + 4 + 5.")])
def test_a_score_is_said_with_its_arithmetic(lang: str, expected: str) -> None:
    s = GameSession("all_fives", seats=(None, "random"), seed=1)
    note = Note.of("scored", who=0, points=15, sum="6 + 4 + 5 = 15")
    assert announce_text([note], s, lang) == expected


@pytest.mark.parametrize("lang", LANGS)
def test_pass_and_move_kinds_in_each_language(lang: str) -> None:
    s = GameSession("block", seats=(None, "random"), seed=1)
    for key, fields in (("passed", {"who": 1}), ("played_end", {"who": 1, "tile": "3-5",
                                                                "end": dw.core.actions.End.LEFT}),
                        ("went_out", {"who": 0}), ("blocked_tie", {})):
        text = announce_text([Note.of(key, **fields)], s, lang)
        assert text and "{" not in text
        if lang != "en":
            assert text != announce_text([Note.of(key, **fields)], s, "en")


def test_the_match_end_is_announced() -> None:
    g = GameWidget("block", seed=5, delay=0)
    heard = _heard(g)
    _play_out(g)
    if g.match_over_text():
        assert g.match_over_text() in heard[-1][0]


@pytest.mark.parametrize("lang", LANGS)
def test_query_keys_read_the_table(lang: str) -> None:
    g = GameWidget("all_fives", seed=4, lang=lang, delay=0)
    s = g.session
    ends = g.key("e")
    for end, n in s.state.ends.items():
        assert f": {n}" in ends
    scores = g.key("c")
    assert all(s.name(i, lang) in scores for i in range(s.players))
    held = g.key("h")
    assert str(len(s.state.boneyard)) in held and str(len(s.state.hand(1))) in held
    last = g.key("l")
    assert last.startswith(dw.widgets.i18n.tr(lang, "key_last"))
    total = g.key("f")
    from domino_widgets.variants.all_fives import open_end_terms

    assert total.endswith(f"= {sum(open_end_terms(s.state))}") or total.endswith(str(sum(open_end_terms(s.state))))
    assert g.board.announce == total
    for text in (ends, scores, held, last, total):
        assert set(TILE.findall(text)) <= {str(a.tile) for a in s.state.history if a.tile is not None} | \
            {str(t) for t in s.state.hand(s.viewer)}
    assert g.key("f") is not None and GameWidget("block", seed=4, delay=0).key("f") is None


def test_tiles_are_labelled_playable_or_not_in_the_language() -> None:
    g = GameWidget("block", seed=4, lang="cs", delay=0)
    playable = {str(t) for t in g.session.playable_tiles()}
    for tile, words in g.board.tile_labels.items():
        assert words == (f"{tile}, lze zahrát" if tile in playable else f"{tile}, nelze zahrát")
    assert "D:" not in g.board.keys_help and "P: " in g.board.keys_help  # block: no drawing


@pytest.mark.parametrize("text,lang,notation", [
    ("5-6 right", "en", "5-6 right"), ("5-6 vpravo", "cs", "5-6 right"), ("5-6 pravý", "cs", "5-6 right"),
    ("5-6 na levý konec", "cs", "5-6 left"), ("5-6 δεξιά", "el", "5-6 right"), ("5-6 δεξια", "el", "5-6 right"),
    ("1-6 πάνω 6", "el", "1-6 up 6"), ("3-5", "cs", "3-5"), ("Dobrat", "cs", "draw"), ("pas", "cs", "pass"),
    ("Πάσο", "el", "pass"), ("5-6 r", "el", "5-6 right"),
])
def test_parse_move(text: str, lang: str, notation: str) -> None:
    assert parse_move(text, lang) == notation


@pytest.mark.parametrize("text", ["", "5-6 sideways", "x", "99-1 left", "5-6 left 7", "5-6 5", "a" * 200])
def test_parse_move_refuses(text: str) -> None:
    with pytest.raises(DominoError):
        parse_move(text, "cs")


@pytest.mark.parametrize("lang", LANGS)
def test_a_typed_move_is_played(lang: str) -> None:
    g = GameWidget("block", seed=4, lang=lang, delay=0)
    s = g.session
    action = s.state.legal_actions()[0]
    end = "" if action.end is None else " " + dw.widgets.i18n.tr(lang, str(action.end))
    before = len(s.state.history)
    g.type_move(f"{action.tile}{end}")
    assert len(s.state.history) > before
    assert str(action.tile) in " ".join([g.board.announce, g.key("l")])


def test_a_bad_typed_move_changes_nothing_and_says_why_without_hidden_tiles() -> None:
    g = GameWidget("draw", seed=4, lang="el", delay=0)
    s = g.session
    before = s.state
    said = g.type_move("5-6 κάπου")
    assert s.state is before and "5-6 κάπου" in said and "δεν είναι κίνηση" in said
    hidden = next(str(t) for t in s.state.hand(1))
    said = g.type_move(f"{hidden} δεξιά")
    assert s.state is before
    assert set(TILE.findall(said)) <= {hidden} | {str(t) for t in s.state.hand(s.viewer)}


@pytest.mark.parametrize("lang", LANGS)
def test_twentyone_takes_typed_take_and_stand(lang: str) -> None:
    from domino_widgets.widgets.i18n import tr
    from domino_widgets.widgets.twentyone import TwentyOneWidget

    g = TwentyOneWidget(seed=5, delay=0, lang=lang, level="random")
    assert "m" in g.board.letters  # the move box is offered
    s = g.session
    before = s.state
    said = g.type_move("5-6 " + tr(lang, "right"))  # a tile is no move here: refused, with what is one
    assert s.state is before and tr(lang, "take") in said and tr(lang, "stand") in said
    g.type_move(tr(lang, "take").lower())
    assert len(s.state.hand(0)) == 3 or s.state.is_over
    g.type_move(tr(lang, "stand"))
    assert s.state.is_over


@pytest.mark.parametrize("lang", LANGS)
def test_the_solitaire_takes_typed_moves(lang: str) -> None:
    from domino_widgets.widgets.i18n import tr
    from domino_widgets.widgets.solitaire import SolitaireWidget

    g = SolitaireWidget(seed=8, lang=lang)
    assert "m" in g.board.letters
    s = g.session
    g.type_move("1-3")  # the base
    assert str(s.state.layout.center) == "1-3" or "1-3" in g.board.description
    before = s.state
    said = g.type_move(f"3-3 {tr(lang, 'left')}")  # 3-3 fits the right end only
    assert s.state is before and "3-3" in said
    said = g.type_move(tr(lang, "draw"))
    assert s.state is before and "5-6" in said
    g.type_move(f"3-3 {tr(lang, 'right')}")
    assert len(s.state.history) == len(before.history) + 1


@pytest.mark.parametrize("lang", LANGS)
def test_which_half_touches_is_chosen_by_a_digit_key(lang: str) -> None:
    """COM-8 by keyboard: a matador that fits the same end two ways; the announcement numbers
    the choices and the digit key makes one (no mouse, no Tab to the buttons under the board)."""
    from domino_widgets.widgets.i18n import action_text

    g = GameWidget("matador", seed=7, ai_seed=7, lang=lang, delay=0, level="random")
    s = g.session
    for _ in range(200):
        assert not s.state.is_over, "seed 7 has a matador that fits one end two ways"
        tiles = s.playable_tiles()
        if not tiles:
            g.key("d" if s.can(ActionKind.DRAW) else "p")
            continue
        g.click(tiles[0])
        if s.target_ends():
            g.click_end(s.target_ends()[-1])
        if len(s.choices) > 1:
            break
    choices = list(s.choices)
    said = g.board.announce
    assert all(f"{i}: {action_text(a, lang)}" in said for i, a in enumerate(choices, 1)), said
    assert {"1", "2"} <= set(g.board.letters) and action_text(choices[1], lang) in g.board.keys_help
    before = len(s.state.history)
    g.key("2")
    assert s.state.history[before] == choices[1]
    assert "1" not in g.board.letters


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_names_its_move_box_in_the_language(lang: str) -> None:
    from domino_widgets.widgets.i18n import tr
    from domino_widgets.widgets.solitaire import SolitaireWidget
    from domino_widgets.widgets.twentyone import TwentyOneWidget

    for g in (GameWidget("block", seed=1, lang=lang, delay=0), TwentyOneWidget(seed=1, lang=lang, delay=0),
              SolitaireWidget(seed=1, lang=lang)):
        assert g.board.label_move == tr(lang, "move_box") and "m" in g.board.letters
        assert g.board.label_live == tr(lang, "announcements")


@pytest.mark.parametrize("lang", LANGS)
def test_hot_seat_the_next_person_shows_their_tiles_with_v(lang: str) -> None:
    """Two people at one board, by keyboard: once a move is made the next person's tiles are face
    down; the announcement says whose turn it is and the key that shows them (V), the board's keys
    say it too, and V shows them (said once: "Player 2: your tiles are shown")."""
    from domino_widgets.widgets.i18n import tr

    g = GameWidget("block", mode="hotseat", seed=1, lang=lang, delay=0)
    s = g.session
    assert "v" not in g.board.letters  # the first person's tiles are shown at once
    g.click(s.playable_tiles()[0])
    if s.target_ends():
        g.click_end(s.target_ends()[0])
    assert s.curtain == 1 and g.board.tile_labels == {}
    show = tr(lang, "show_tiles", n=2)
    assert "v" in g.board.letters and f"V: {show}" in g.board.keys_help
    assert f"V: {show}" in g.board.announce and tr(lang, "hidden_turn", who=s.name(1, lang)) in g.board.announce
    n = g.board.announce_n
    assert g.key("v") is None
    assert s.curtain is None and g.board.announce_n == n + 1
    assert g.board.announce.startswith(tr(lang, "revealed", who=s.name(1, lang)))
    assert "v" not in g.board.letters and g.board.tile_labels  # the tiles are named again
    assert g.key("v") is None and g.board.announce_n == n + 1  # nothing hidden: the key does nothing


@pytest.mark.parametrize("lang", LANGS)
def test_twentyone_hot_seat_shows_the_next_hand_with_v_and_rounds_say_s_passes(lang: str) -> None:
    from domino_widgets.widgets.i18n import tr
    from domino_widgets.widgets.twentyone import TwentyOneWidget

    g = TwentyOneWidget(mode="hotseat", seed=4, lang=lang, delay=0)
    s = g.session
    g.key("s")  # the first person stands; the second person's tiles are face down
    assert s.curtain == 1 and "v" in g.board.letters
    assert f"V: {tr(lang, 'show_tiles', n=2)}" in g.board.announce
    g.key("v")
    assert s.curtain is None and "v" not in g.board.letters
    assert tr(lang, "revealed", who=s.name(1, lang)) in g.board.announce
    assert f"S: {tr(lang, 'stand')}" in g.board.keys_help
    r = TwentyOneWidget(players=3, rounds=True, level="random", seed=6, lang=lang, delay=0)
    assert f"S: {tr(lang, 'pass')}" in r.board.keys_help and f"S: {tr(lang, 'stand')}" not in r.board.keys_help


def test_the_app_plays_on_the_projector_setting_it_was_given() -> None:
    from domino_widgets.widgets.app import PlayApp

    app = PlayApp("bergen", seed=7, delay=0, size="projector")
    assert app.game.size.value == "projector"
    app.choose_game("block")
    assert app.game.size.value == "projector"
    app.choose_game("twentyone")  # no size setting there
    assert type(app.game).__name__ == "TwentyOneWidget"

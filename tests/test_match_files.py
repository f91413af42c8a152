"""Saving and loading a whole match as a file (issue 26): at any moment, without the tiles the
viewer cannot see, back into the same match, position and scores."""

from __future__ import annotations

import base64
import datetime
import json
import random
import re
from typing import Any

import ipywidgets as w
import pytest

import domino_widgets as dw
import domino_widgets.widgets as dww
from domino_widgets.core.actions import ActionKind
from domino_widgets.core.errors import DominoError, RecordError
from domino_widgets.core.match import Match
from domino_widgets.widgets.app import PlayApp
from domino_widgets.widgets.game import GameWidget
from domino_widgets.widgets.i18n import tr
from domino_widgets.widgets.match_file import MATCH_FORMAT, load_match_text, match_record
from domino_widgets.widgets.session import GameSession

TILE = re.compile(r"\b(\d{1,2})-(\d{1,2})\b")
LINE_GAMES = ["block", "draw", "draw_cz", "all_fives", "matador", "bergen"]


def play_person(s: GameSession, moves: int) -> None:
    """The person's moves (first playable tile, first choice, Draw, Pass), the computer's in between."""
    s.advance()
    for _ in range(moves):
        if s.state.is_over:
            return
        tiles = s.playable_tiles()
        if tiles:
            s.click_tile(str(tiles[0]))
            if s.choices:
                s.apply(s.choices[0])
        elif s.can(ActionKind.DRAW):
            s.choose("draw")
        elif s.can(ActionKind.PASS):
            s.choose("pass")
        s.advance()


def public(s: GameSession) -> tuple[Any, ...]:
    """What the viewer sees: their hand, the table, the counts, the public moves, the scores."""
    v = s.state.view(s.viewer)
    return (v.hand, v.layout, v.hand_sizes, v.boneyard_size, v.out_of_play_size,
            [(e.seat, str(e.action)) for e in v.history], s.match_scores(), s.hand_number, s.state.current_player)


def hidden_tiles(s: GameSession) -> set[str]:
    st = s.state
    hidden = set(st.boneyard) | set(st.out_of_play)
    for seat in range(st.players):
        if seat != s.viewer:
            hidden |= set(st.hand(seat))
    return {str(t) for t in hidden}


def tiles_named(text: str) -> set[str]:
    return {f"{min(int(a), int(b))}-{max(int(a), int(b))}" for a, b in TILE.findall(text)}


@pytest.mark.parametrize("variant", LINE_GAMES)
@pytest.mark.parametrize("moves", [0, 2, 5])
def test_a_match_saved_mid_hand_holds_no_hidden_tile_and_loads_into_the_same_public_position(
        variant: str, moves: int) -> None:
    for seed in range(7, 40):                                   # a deal whose hand is still on
        s = GameSession(variant, seats=None, seed=seed)
        play_person(s, moves)
        if not s.state.is_over:
            break
    assert not s.state.is_over
    text = s.save_text()
    rec = json.loads(text)
    assert rec["format"] == MATCH_FORMAT and "seed" not in rec["current"] and "deal" not in rec["current"]
    named = tiles_named(json.dumps(rec["current"]))
    assert named and not named & hidden_tiles(s)            # the viewer's tiles and the table only
    t = GameSession(variant, seats=s.seats, seed=99)
    note = t.load_text(text)
    assert note.key == "loaded_match" and [n.key for n in t.said][1] == "dealt_afresh"
    assert public(t) == public(s)
    assert t.viewer == s.viewer and t.state.hand(t.viewer) == s.state.hand(s.viewer)


def test_the_hidden_tiles_are_dealt_afresh_not_copied() -> None:
    s = GameSession("draw_cz", seats=(None, "greedy"), seed=3)
    play_person(s, 3)
    text = s.save_text()
    deals = set()
    for seed in range(6):
        loaded = load_match_text(text, random.Random(seed))
        deals.add(tuple(loaded.current.hand(1)))
        assert loaded.dealt_afresh and loaded.current.hand(0) == s.state.hand(0)
    assert len(deals) > 1                                       # a fresh random deal each time


def test_a_whole_match_comes_back_with_its_finished_hands_and_scores() -> None:
    s = GameSession("all_fives", seats=(None, "greedy"), seed=11)
    play_person(s, 300)
    assert s.state.is_over and not s.match_over
    s.new_hand()
    play_person(s, 3)
    text = s.save_text()
    rec = json.loads(text)
    assert len(rec["hands"]) == 1 and rec["hands"][0]["actions"]   # the finished hand in full
    t = GameSession("all_fives", seats=(None, "greedy"), seed=5)
    t.load_text(text)
    assert t.hand_number == 2 and t.finished == s.finished and public(t) == public(s)
    assert t.match_scores() == s.match_scores() and any(s.match_scores())
    play_person(t, 300)                                         # play on: the points join the loaded scores
    assert t.match_scores() == t.scored_match().scores
    assert sum(t.match_scores()) >= sum(s.match_scores())


def test_a_finished_hand_is_saved_with_its_full_deal_and_loads_exactly() -> None:
    s = GameSession("draw", seats=(None, "random"), seed=2)
    play_person(s, 300)
    assert s.state.is_over
    rec = json.loads(s.save_text())
    assert "seed" in rec["current"] or "deal" in rec["current"]
    t = GameSession("draw", seats=(None, "random"), seed=8)
    t.load_text(json.dumps(rec))
    assert t.state == s.state and [n.key for n in t.said] == ["loaded_match"]


def test_open_hands_save_every_tile_mid_hand() -> None:
    s = GameSession("block", seats=(None, "greedy"), seed=2)
    play_person(s, 2)
    rec = json.loads(s.save_text(open_hands=True))
    assert "seed" in rec["current"]
    t = GameSession("block", seats=(None, "greedy"), seed=3)
    t.load_text(json.dumps(rec))
    assert t.state == s.state


def won_match() -> GameSession:
    s = GameSession("draw", seats=("random", "random"), seed=1, target=20)
    for _ in range(50):
        s.advance()
        if s.match_over:
            return s
        s.new_hand()
    raise AssertionError("the match did not end")


def test_a_match_winning_hand_loaded_then_new_hand_says_the_match_is_over() -> None:
    s = won_match()
    scores = s.match_scores()
    assert max(scores) >= 20
    for text in (s.save_text(), s.state.to_json()):            # a match file, and one hand's record
        t = GameSession("draw", seats=("random", "random"), seed=4, target=20)
        t.load_text(text)
        assert t.match_over and t.match_scores() == scores
        assert t.new_hand().key == "match_over"                 # not a silent restart at 0-0
        assert t.match_scores() == scores
        assert t.new_match().key == "hand_no" and t.match_scores() == (0, 0)


def test_a_later_hand_saved_alone_goes_on_from_its_scores() -> None:
    """One hand's record of a later hand (it starts at 18-18): loaded, the match goes on from its
    scores; it was a match of no scores at all, so New hand restarted at 0-0 even after 20 was reached."""
    hand = dw.new_game("draw", seed=4, target=20, scores=(18, 18))
    while not hand.is_over:
        hand = hand.play(hand.legal_actions()[0])
    t = GameSession("draw", seats=("random", "random"), seed=4, target=20)
    t.load_text(hand.to_json())
    final = tuple(a + b for a, b in zip((18, 18), hand.outcome.points))
    assert t.match_scores() == final and t.match_over
    assert t.new_hand().key == "match_over" and t.match_scores() == final
    short = dw.new_game("draw", seed=4, target=200, scores=(18, 18))
    t = GameSession("draw", seats=(None, "random"), seed=4, target=200)
    t.load_text(short.to_json())
    while not t.state.is_over:
        t.apply(t.state.legal_actions()[0])
    scores = t.match_scores()
    assert t.new_hand().key == "hand_no" and t.hand_number == 2 and t.match_scores() == scores != (0, 0)


def test_match_resume_checks_the_scores_follow_from_the_hands() -> None:
    m = Match("block", seed=1)
    while not m.hand.is_over:
        m.play(m.hand.legal_actions()[0])
    first = m.hand
    assert any(m.scores)
    second = dw.new_game("block", seed=4, leader=(first.leader + 1) % 2)       # starts at 0-0
    with pytest.raises(RecordError, match="hands before it make"):
        Match.resume([first], second)
    good = dw.new_game("block", seed=4, leader=(first.leader + 1) % 2, scores=m.scores)
    assert Match.resume([first], good).scores == m.scores
    wrong_lead = dw.new_game("block", seed=4, leader=first.leader, scores=m.scores)
    with pytest.raises(RecordError, match="lead goes round"):
        Match.resume([first], wrong_lead)


def saved_mid_hand() -> tuple[GameSession, str]:
    s = GameSession("draw", seats=(None, "greedy"), seed=6)
    play_person(s, 3)
    return s, s.save_text()


@pytest.mark.parametrize("mutate", [
    lambda rec: json.dumps({**rec, "pad": "x" * 1_000_001}),                   # huge
    lambda rec: json.dumps(rec)[:-5],                                          # bad JSON
    lambda rec: json.dumps({**rec, "current": {**rec["current"], "hand": rec["current"]["hand"][:-1]}}),
    lambda rec: json.dumps({**rec, "current": {**rec["current"],                # a table tile claimed in the hand
                                                "hand": rec["current"]["hand"][:-1] + [rec["current"]["actions"][0]]}}),
    lambda rec: json.dumps({**rec, "current": {**rec["current"], "counts": [0, 0]}}),
    lambda rec: json.dumps({**rec, "current": {**rec["current"], "seats": [1] * len(rec["current"]["seats"])}}),
    lambda rec: json.dumps({**rec, "current": {**rec["current"], "secret": 1}}),
    lambda rec: json.dumps({**rec, "hands": [{"format": "domino_widgets/record", "version": 1, "variant": "draw",
                                              "params": rec["params"], "seed": 1, "actions": []}]}),
    lambda rec: json.dumps({**rec, "hands": [{}] * 501}),
])
def test_a_hostile_match_file_is_refused_with_a_message_and_changes_nothing(mutate: Any) -> None:
    _, text = saved_mid_hand()
    bad = mutate(json.loads(text))
    with pytest.raises(RecordError):
        load_match_text(bad)
    g = GameWidget("draw", level="greedy", seed=12, delay=0)
    before = (g.session.state, g.session.length, g.session.match_scores())
    note = g.load_text(bad)
    assert note.key == "record_error" and g.message().startswith("Could not load the record")
    assert (g.session.state, g.session.length, g.session.match_scores()) == before


def test_a_file_of_full_hands_that_contradict_the_moves_is_refused() -> None:
    s = GameSession("draw", seats=(None, "greedy"), seed=2)
    play_person(s, 300)
    rec = json.loads(s.save_text())
    full = s.state.to_record()
    hands = [list(map(str, h)) for h in s.state.dealt] if hasattr(s.state, "dealt") else None
    assert hands is not None
    hands[0], hands[1] = hands[1], hands[0]                     # claim the other deal
    cur = {k: v for k, v in full.items() if k not in ("seed", "leader")}
    cur["deal"] = {"hands": hands, "leader": s.state.leader}
    with pytest.raises(RecordError):
        load_match_text(json.dumps({**rec, "current": cur}))
    cur = {**full, "scores": [3, 0]}                            # scores that no hand before made
    with pytest.raises(RecordError):
        load_match_text(json.dumps({**rec, "current": cur}))


def upload_value(data: bytes, name: str = "match.json") -> tuple[dict[str, Any], ...]:
    return ({"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
             "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


def test_the_widget_saves_a_download_link_at_any_moment_and_the_upload_loads_it() -> None:
    g = GameWidget("all_fives", level="greedy", seed=4, delay=0)
    g.click(str(g.session.playable_tiles()[0])) if g.session.playable_tiles() else None
    g.controls.save.click()                                     # mid-hand: allowed
    assert [n.key for n in g.session.said] == ["saved_file", "saved_public"]
    link = g.controls.download.value
    assert re.search(r'download="domino-all_fives-hand-1-move-\d+\.json"', link)
    assert g.controls.download.layout.display == "none"    # never shown: the page clicks it (board.js)
    data = base64.b64decode(re.search(r"base64,([A-Za-z0-9+/=]+)", link).group(1))
    assert data.decode() == g.saved_text()
    assert not tiles_named(json.dumps(json.loads(data)["current"])) & hidden_tiles(g.session)
    h = GameWidget("all_fives", level="greedy", seed=9, delay=0)
    h.controls.upload.value = upload_value(data)
    assert h.session.note.key == "loaded_match" and "dealt afresh" in h.message()
    assert public(h.session) == public(g.session)
    g.set_lang("cs")
    assert "Stáhnout domino-all_fives-hand-1-move-" in g.controls.download.value
    g.press("new_match")                                        # another match: the old link goes
    assert g.controls.download.value == ""


def test_behind_the_hot_seat_curtain_save_files_nobody_s_hand() -> None:
    """Issue 37: behind the curtain the person at the keyboard may be the next one, so Save files
    no hand (it says to press Show first and changes nothing); once they have, their own view."""
    s = GameSession("block", seats=(None, None), seed=5, privacy=True)
    first = s.state.current_player
    s.apply(s.state.legal_actions()[0])                         # the next person's hand is face down
    other = 1 - first
    assert s.curtain == other
    before = (s.state, s.length)
    with pytest.raises(DominoError, match="press Show"):
        s.save_text()
    assert (s.state, s.length, s.curtain) == (*before, other)
    s.reveal()
    rec = json.loads(s.save_text())
    assert rec["current"]["viewer"] == other and not tiles_named(json.dumps(rec["current"])) & {
        str(t) for t in s.state.hand(first)}
    t = GameSession("block", seats=(None, None), seed=9, privacy=True)
    t.load_text(json.dumps(rec))
    assert t.curtain is None and t.viewer == other and t.state.hand(other) == s.state.hand(other)


def test_a_file_of_a_seat_nobody_plays_here_is_refused_and_changes_nothing() -> None:
    s = GameSession("block", seats=("greedy", None), seed=5)
    play_person(s, 1)
    text = s.save_text()                                        # seat 1's view
    g = GameWidget("block", level="greedy", seed=3, delay=0)    # the person plays seat 0 here
    before = (g.session.state, g.session.length)
    assert g.load_text(text).key == "record_error" and "seat 1" in g.message()
    assert (g.session.state, g.session.length) == before
    g.set_lang("el")
    assert g.load_text(text).key == "record_error" and "θέσης 1" in g.message()


# ---------------------------------------------------------------- Twenty-one and the solitaire (issue 26)


def _hand(state: Any, seat: int) -> tuple[Any, ...]:
    return tuple(state.hand(seat) if callable(state.hand) else state.hand)


@pytest.mark.parametrize("variant, params", [("twentyone", {}), ("twentyone", {"players": 4}),
                                             ("twentyone", {"players": 3, "rounds": True}),
                                             ("solitaire", {}), ("solitaire", {"may_stop": True})])
def test_twentyone_and_solitaire_files_keep_only_what_the_player_saw_and_load_back(
        variant: str, params: dict[str, Any]) -> None:
    """Mid-game the file holds the player's own tiles and the moves as they saw them; the others'
    tiles and the stock's order are dealt afresh on loading, to fit every move; the position, the
    counts and whose turn it is come back."""
    tried = 0
    for seed in range(60):
        s = dw.new_game(variant, seed=seed, **params)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 12)):
            if s.is_over:
                break
            s = s.play(rng.choice(s.legal_actions()))
        if s.is_over:
            continue
        tried += 1
        text = dw.widgets.match_file.match_text([], s, viewer=0, open_hands=False)
        seen = set(_hand(s, 0)) | {t for _r, drawn in getattr(s, "refills", ()) for t in drawn}
        hidden = [t for t in (*s.boneyard, *(t for seat in range(1, s.players) for t in _hand(s, seat)))
                  if t not in seen]
        named = {tuple(sorted(map(int, m))) for m in TILE.findall(text)}
        assert not [t for t in hidden if (t.low, t.high) in named], (seed, hidden, text)
        loaded = load_match_text(text, random.Random(seed))
        c = loaded.current
        assert loaded.dealt_afresh and loaded.match is None and loaded.viewer == 0
        assert _hand(c, 0) == _hand(s, 0) and c.current_player == s.current_player
        assert len(c.boneyard) == len(s.boneyard)
        assert [str(e.action) for e in c.view(0).history] == [str(e.action) for e in s.view(0).history]
        if variant == "solitaire":
            assert c.refills == s.refills and c.view().layout == s.view().layout
        else:
            assert c.view(0).hand_sizes == s.view(0).hand_sizes and c.stood == s.stood
        full = load_match_text(dw.widgets.match_file.match_text([], s, viewer=0, open_hands=True))
        assert full.current == s and not full.dealt_afresh  # open hands: the whole record
    assert tried >= 10


def test_a_twentyone_file_whose_moves_cannot_have_happened_is_refused() -> None:
    s = dw.new_game("twentyone", seed=3).play("take")
    rec = json.loads(dw.widgets.match_file.match_text([], s, viewer=0, open_hands=False))
    rec["current"]["actions"][0] = "take " + rec["current"]["dealt"][0]  # a tile of the hand taken again
    with pytest.raises(RecordError, match="named twice"):
        load_match_text(json.dumps(rec))
    rec = json.loads(dw.widgets.match_file.match_text([], s, viewer=0, open_hands=False))
    over = s.play("stand")
    while not over.is_over:
        over = over.play("stand")
    rec["hands"] = [over.to_record()]
    with pytest.raises(RecordError, match="no match"):
        load_match_text(json.dumps(rec))


def _shown(widget: Any) -> list[Any]:
    """The widgets of ``widget``'s tree a person can see (a hidden box hides its children)."""
    if getattr(widget.layout, "display", None) == "none":
        return []
    return [widget] + [x for child in getattr(widget, "children", ()) for x in _shown(child)]


@pytest.mark.parametrize("make", [
    lambda: GameWidget("draw", level="random", seed=4, delay=0),
    lambda: dww.play("twentyone", seed=4, delay=0),
    lambda: dww.play("solitaire", seed=4),
    lambda: PlayApp("all_fives", seed=4, delay=0),
], ids=["game", "twentyone", "solitaire", "app"])
def test_one_save_that_downloads_and_one_open(make: Any) -> None:
    """Issue 40: Save took two steps (Save, then a "Download ...json" link) and Load record (a box to
    paste into) sat beside Upload record. Every widget shows one Save and one Open (a file chooser)
    and no text box; each Save puts the file in a link never shown, with a token of its own, which
    the page clicks once as it arrives (board.js `clickSaves`): the same file saved twice is two
    downloads."""
    top = make()
    g = getattr(top, "game", top)
    shown = _shown(top)
    buttons = [x.description for x in shown if isinstance(x, w.Button)]
    assert buttons.count(tr("en", "save")) == 1 and not [b for b in buttons if "Load" in b or "Download" in b]
    assert [x.description for x in shown if isinstance(x, w.FileUpload)] == [tr("en", "upload")] == ["Open record"]
    assert not [x for x in shown if isinstance(x, w.Textarea)]
    tokens = []
    for _ in range(2):
        g.controls.save.click()
        assert g.session.said[0].key == "saved_file"
        assert g.controls.download not in shown and g.controls.download.layout.display == "none"
        tokens += re.findall(r'data-save="([0-9a-f]+)"', g.controls.download.value)
    assert len(tokens) == 2 and tokens[0] != tokens[1], tokens
    top.close()

"""Issue 41: the puzzle widget, kernel-side. The student's play is judged against the engine's
verified answer (right, or wrong with the holding that shows why), said in words in the live region
and under the board in English, Czech and Greek; the rating moves with each attempt; the keys and
the move box work as on the game's board; no tile the student cannot see is in any synced value
before the attempt (and after it, only the holdings the explanation names, as possibilities);
every synced trait refuses what no person could set; closing frees every widget it made.
"""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

import ipywidgets as w
import pytest

from domino_widgets import puzzles
from domino_widgets.core.actions import Action
from domino_widgets.core.errors import DominoError, ParameterError
from domino_widgets.core.tiles import Tile, tile_set
from domino_widgets.widgets import solve
from domino_widgets.widgets.guard import LockedSetting, clicked, front_end_keys
from domino_widgets.widgets.i18n import action_text, tr
from domino_widgets.widgets.puzzle import PuzzleWidget
from domino_widgets.widgets import puzzle_words

LANGS = ("en", "cs", "el")
ALL = puzzles.load()
# one puzzle of each game that has them; and up to three of each game and theme (the sweeps)
SAMPLE = list({p.variant: p for p in ALL}.values())
BY_THEME = [p for key in dict.fromkeys((q.variant, q.theme) for q in ALL)
            for p in [q for q in ALL if (q.variant, q.theme) == key][:3]]


def _words_in_lang(lang: str, key: str, **fields: Any) -> str:
    """The message's words before its first field (what a test can look for in a longer text)."""
    text = tr(lang, key, **{k: "\x00" for k in fields})
    return text.split("\x00")[0]


def unseen(g: PuzzleWidget) -> set[Tile]:
    """The tiles the student has not seen: neither in the hand nor on the table."""
    st = g.state
    seen = set(st.hand(g.seat)) | {p.tile for p in st.layout.placements()}
    return set(tile_set(st.view(g.seat).pips)) - seen


_TILE_WORD = re.compile(r"(?<![\w.])(\d{1,2})-(\d{1,2})(?![\w.])")


def named(text: str) -> set[Tile]:
    return {Tile(int(a), int(b)) for a, b in set(_TILE_WORD.findall(text)) if int(a) <= 12 and int(b) <= 12}


def synced(g: PuzzleWidget) -> str:
    """Every synced value of every widget of the puzzle (what the page receives)."""
    from test_forged_messages import widgets_of

    return "\n".join(json.dumps(x.get_state(), default=str) for x in widgets_of(g))


def widget_count() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(w.Widget.widgets)


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p.id)
def test_the_answer_is_right_and_said_so_and_the_rating_goes_up(puzzle: Any) -> None:
    g = PuzzleWidget(puzzles=[puzzle], lang="en")
    before = g.rating
    said = g.play(puzzle.answer)
    assert g.solved and g.right and said.startswith("Right: ")
    assert said == g.board.announce
    assert puzzle_words.guarantee_words(puzzle, "en") in said
    assert g.rating.rating > before.rating and g.tried == [(puzzle.id, True)]
    assert "dw-rating" in g.status.value and puzzle_words.rating_text(g.rating, "en") in g.status.value
    assert not g.board.interactive and g.board.phase == "over"
    assert "(you) (you)" not in g.svg() and f"Player {g.seat + 1} (you)" in g.svg()   # said once
    assert g.click(str(g.state.hand(g.seat)[0])) == tr("en", "puzzle_done")   # one attempt per puzzle
    assert g.tried == [(puzzle.id, True)]
    g.close()


@pytest.mark.parametrize("puzzle", SAMPLE, ids=lambda p: p.id)
def test_each_other_play_is_wrong_with_the_holding_that_shows_why(puzzle: Any) -> None:
    for other in puzzle.others:
        g = PuzzleWidget(puzzles=[puzzle], lang="en")
        before = g.rating
        said = g.play(other.play)
        assert g.solved and g.right is False
        assert said.startswith("Not the best: " + action_text(Action.parse(other.play), "en"))
        # the holding that shows it: the opponent's tiles (and the boneyard's, in draw order), by name
        opponent = f"Player {2 - puzzle.seat}"
        assert f"{opponent} holds {puzzle_words.tiles_words(other.hand, 'en')}" in said
        if other.boneyard:
            assert puzzle_words.tiles_words(other.boneyard, "en") + ", drawn in this order" in said
        if puzzle.objective == "win":
            assert ("can lose the hand" if other.value < 0 else "can only tie the hand") in said
        else:
            assert f"can fall {puzzle_words.points_words(other.margin, 'en')} short" in said
            points = puzzle_words.points_words(abs(other.value), "en")
            assert (f"gains you at most {points} more than your opponent" if other.value >= 0 else
                    f"your opponent gains at least {points} more than you") in said
        assert f"The best play is {action_text(g.best, 'en')}" in said
        assert g.rating.rating < before.rating
        # the explanation under the board: the answer and every other play, each with its holding
        panel = g.explanation.value
        assert panel.count("<li>") == len(puzzle.others)
        for o in puzzle.others:
            assert action_text(Action.parse(o.play), "en") in panel
        g.close()


def test_a_click_on_a_tile_that_fits_two_ends_asks_for_the_end_then_judges() -> None:
    two = next(p for p in ALL if sum(1 for a in p.state().legal_actions() if a.tile == Action.parse(p.answer).tile) == 2)
    g = PuzzleWidget(puzzles=[two], lang="en")
    tile = str(g.best.tile)
    said = g.click(tile)
    assert not g.solved and said.startswith(f"{tile} fits 2 ends")
    assert g.board.end_labels and 'class="end target' in g.board.svg.replace("'", '"') or "target" in g.board.svg
    said = g.click_end(str(g.best.end))
    assert g.right and said.startswith("Right")
    g.close()


def test_clicks_that_are_no_play_say_why_and_change_nothing() -> None:
    p = SAMPLE[0]
    g = PuzzleWidget(puzzles=[p], lang="en")
    hidden = sorted(unseen(g))[0]
    assert g.click(str(hidden)) == f"{hidden} is not in your hand"
    assert g.click("nonsense") == tr("en", "bad_click")
    assert g.click_end("left") == tr("en", "pick_tile_first")
    assert g.play("draw") == tr("en", "puzzle_task")
    assert g.type_move("5-6 sideways").startswith("'5-6 sideways' is not a move")
    assert not g.solved and g.tried == []
    assert g.click("x" * 10_000) == tr("en", "bad_click")
    for bad in (None, 5, ["3-4"]):
        with pytest.raises(DominoError):
            g.click(bad)  # type: ignore[arg-type]
    g.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_keys_and_the_move_box_in_each_language(lang: str) -> None:
    p = SAMPLE[1]
    g = PuzzleWidget(puzzles=ALL, lang=lang)
    first = g.puzzle
    assert g.key_letters() == ["e", "h"] + (["f"] if first.variant == "all_fives" else []) + ["w", "m"]
    assert g.key("e").startswith(tr(lang, "key_ends"))
    assert g.key("w") == tr(lang, "puzzle_task")
    assert g.key("n") is None and g.key("x") is None      # not before the attempt
    said = g.type_move(action_text(g.best, lang))          # the answer typed in the student's words
    assert g.right and said.startswith(_words_in_lang(lang, "puzzle_right", play=1)), said
    assert g.key_letters()[-2:] == ["x", "n"]
    again = g.key("x")
    assert again.startswith(tr(lang, "best_is", best=action_text(g.best, lang)))
    g.key("n")                                             # the next puzzle: another one, announced
    assert g.puzzle.id != first.id and not g.solved
    assert g.board.announce.startswith(tr(lang, "puzzle_no", n=2, total=len(ALL)).split(" 2")[0])
    if lang != "en":  # every word of the widget in the language (the tiles stay in notation)
        text = g.text() + g.board.announce + g.board.keys_help + g.status.value
        for english in ("Player", "Puzzle", "Theme", "Your rating", "Find the best", "holds", "The best play"):
            assert english not in text, (english, text)
    g.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_explanation_is_in_the_language_with_its_numbers(lang: str) -> None:
    p = next(x for x in ALL if x.objective == "points" and any(o.margin >= 5 for o in x.others))
    other = next(o for o in p.others if o.margin >= 5)
    g = PuzzleWidget(puzzles=[p], lang=lang)
    said = g.play(other.play)
    assert tr(lang, "why_points" if other.value >= 0 else "why_behind", play=action_text(Action.parse(other.play), lang),
              short=puzzle_words.points_words(other.margin, lang),
              holding=puzzle_words.holding_words(other, g._name(1 - p.seat), lang),
              points=puzzle_words.points_words(abs(other.value), lang)) in said
    assert tr(lang, "points_n", n=other.margin) in said        # the plural form of the language
    assert puzzle_words.rating_text(g.rating, lang) in said   # the rating, written the language's way
    g.set_lang({"en": "cs", "cs": "el", "el": "en"}[lang])   # the verdict and the panel follow the language
    assert puzzle_words.points_words(other.margin, g.lang) in g.message_box.value
    g.close()


def test_no_hidden_tile_in_any_synced_value_before_the_attempt_and_only_the_holdings_after() -> None:
    for p in BY_THEME:
        g = PuzzleWidget(puzzles=[p], lang="en")
        hidden = unseen(g)
        assert not named(synced(g)) & hidden, p.id
        assert not named(g.text()) & hidden and not named(g.svg()) & hidden
        other = p.others[0]
        g.play(other.play)
        shown = named(synced(g)) & hidden
        allowed = {Tile.parse(t) for o in p.others for t in (*o.hand, *o.boneyard)}
        assert shown <= allowed, (p.id, sorted(map(str, shown - allowed)))
        g.close()


def test_next_puzzle_keeps_the_theme_and_goes_by_the_rating() -> None:
    theme = next(t for t in puzzles.THEMES if len(puzzles.load(theme=t)) >= 3)
    g = solve(theme, lang="en")
    pool = puzzles.load(theme=theme)
    seen = []
    for _ in range(len(pool)):
        assert g.puzzle.theme == theme
        # the untried puzzle of the theme nearest the student's rating
        fresh = [p for p in pool if p.id not in seen]
        assert abs(g.puzzle.rating - g.rating.rating) == min(abs(p.rating - g.rating.rating) for p in fresh)
        seen.append(g.puzzle.id)
        g.play(g.puzzle.answer)
        g.next()
    assert sorted(seen) == sorted(p.id for p in pool)           # every puzzle of the theme once
    g.theme_menu.value = "all"                                   # every theme
    assert [p.id for p in g.candidates()] == [p.id for p in ALL]
    g.close()


def test_a_teachers_theme_lock_holds_from_the_page_and_from_python() -> None:
    from test_forged_messages import send

    theme = ALL[0].theme
    g = solve(theme, lang="en", locked=("theme",))
    for i in range(len(g.theme_menu.options)):
        send(g.theme_menu, {"index": i})
    assert g.theme == theme
    with pytest.raises(LockedSetting):
        g.theme_menu.value = "all"
    g.set_lang("cs")
    assert g.theme == theme
    g.close()


def test_bad_arguments_are_refused_and_leave_nothing_open() -> None:
    before = widget_count()
    for kwargs in ({"theme": "nonsense"}, {"variant": "twentyone"}, {"locked": ("level",)}, {"rating": 1500},
                   {"lang": "de"}, {"puzzles": []}, {"board_theme": "nonsense"},
                   {"puzzles": [1, 2]}, {"puzzles": "block-0-10"}, {"puzzles": [ALL[0].to_dict()]}):
        with pytest.raises(ParameterError):
            PuzzleWidget(**kwargs)
    assert widget_count() == before


def test_every_synced_trait_refuses_what_no_person_could_set() -> None:
    from test_forged_messages import FORGED, HUGE, send, widgets_of

    g = solve(lang="en")
    state = g.state
    tried = refused = 0
    for widget in widgets_of(g):
        for name in sorted(widget.keys):
            if name.startswith("_") or widget.comm is None:
                continue
            for value in FORGED:
                before = getattr(widget, name)
                tried += 1
                send(widget, {name: value})
                if name not in front_end_keys(widget) or value is HUGE:
                    assert getattr(widget, name) == before, (type(widget).__name__, name, repr(value)[:40])
                    refused += 1
    assert tried > 500 and refused > tried // 2
    # the board's clicks: another seat's tile, a tile not in the game, odd messages: nothing played
    from test_forged_messages import click

    state = g.state  # (the sweep chose other themes, as a person may: the puzzle shown now)
    for t in tile_set(state.view(g.seat).pips):
        if t not in state.hand(g.seat):
            click(g.board, {"type": "tile", "tile": str(t), "rev": g.board.rev})
    click(g.board, {"type": "tile", "tile": "x" * 10_000, "rev": -1})
    click(g.board, {"type": "nonsense", "rev": [1] * 1000})
    assert not g.solved and g.state is state
    assert clicked(g.next_button)                 # the one button: a person can press it
    g.close()


def test_closing_frees_every_widget_it_made() -> None:
    solve(lang="en").close()
    before = widget_count()
    for lang in LANGS:
        g = solve(lang=lang)
        g.play(g.puzzle.others[0].play)
        g.key("x")
        g.next()
        g.set_lang("el")
        assert widget_count() > before
        g.close()
    assert widget_count() == before

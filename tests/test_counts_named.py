"""Issue 40: every count and every score a person reads says what it counts. The match's end
says who won and the final score of every seat, "(you)" included, and the last hand's points are
labelled as the hand's (they read like the final score); a turn's draws are tiles ("drew 6" read
as a tile or a score), in the plural each language needs; the solitaire's pile has one name (the
Czech sheet's «zásoba», the rule book's stock) in its status, its key answers and its picture."""

from __future__ import annotations

import html
import re

import pytest
from test_a11y_keys import _play_out

from domino_widgets.core.actions import Action
from domino_widgets.render.labels import labels, player_name
from domino_widgets.render.tabledata import PublicEvent, last_turn
from domino_widgets.widgets.game import GameWidget, _fmt
from domino_widgets.widgets.i18n import tr
from domino_widgets.widgets.solitaire import SolitaireWidget

LANGS = ["en", "cs", "el"]
# a match decided in a hand or two: the smallest target each game takes
MATCHES = {"block": {"target": 1}, "draw_cz": {"target": 1}, "all_fives": {"target": 5}, "draw": {"target": 1},
           "matador": {"target": 1}, "bergen": {"rounds": 1}}


def banner(svg: str) -> str:
    """The words of the picture's banner (its lines joined again)."""
    m = re.search(r'<g class="outcome"[^>]*>(.*?)</g>', svg, re.S)
    assert m, "no banner"
    return " ".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", m.group(1)))


def bare_names(text: str, named: list[str], lang: str, players: int) -> list[str]:
    """The seat names in ``text`` said without their role ("(you)", "(computer)")."""
    for name in sorted(named, key=len, reverse=True):
        text = text.replace(name, "")
    return [player_name(i, lang) for i in range(players) if re.search(re.escape(player_name(i, lang)) + r"(?!\d)", text)]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", list(MATCHES))
def test_the_match_end_banner_says_who_won_the_final_score_and_the_last_hands_points(variant: str, lang: str) -> None:
    g = GameWidget(variant, seed=3, lang=lang, delay=0, ai_seed=1, **MATCHES[variant])
    s = g.session
    for _hand in range(12):
        _play_out(g)
        text = banner(g.svg())
        names = [s.name(i, lang) for i in range(s.players)]
        assert bare_names(text, names, lang, s.players) == [], text  # "(you)" and "(computer)" every time
        hand_label = labels(lang)("points", pts="@").split("@")[0]
        assert hand_label in text, text  # the hand's points are the hand's
        m = s.scored_match()
        if m is not None and m.is_over:
            break
        s.new_hand()
    else:
        raise AssertionError("the match did not end")
    final = tr(lang, "match_final", scores=", ".join(f"{names[i]} {_fmt(x)}" for i, x in enumerate(m.scores)))
    won = tr(lang, "match_tied") if m.winner is None else tr(lang, "match_won", who=names[m.winner])
    assert text.startswith(f"{won}. {final}. "), text
    assert text.index(final) < text.index(hand_label), text  # the final score first, then the last hand


@pytest.mark.parametrize("lang, forms", [
    ("en", {1: "drew 1 tile", 2: "drew 2 tiles", 6: "drew 6 tiles"}),
    ("cs", {1: "dobral(a) 1 kostku", 2: "dobral(a) 2 kostky", 4: "dobral(a) 4 kostky", 5: "dobral(a) 5 kostek",
            6: "dobral(a) 6 kostek"}),
    ("el", {1: "τράβηξε 1 πλακάκι", 2: "τράβηξε 2 πλακάκια", 6: "τράβηξε 6 πλακάκια"}),
])
def test_a_turns_draws_are_counted_in_tiles(lang: str, forms: dict[int, str]) -> None:
    for n, words in forms.items():
        history = [PublicEvent(1, Action.draw(), ())] * n + [PublicEvent(1, Action.parse("2-5 left"), ())]
        said = last_turn(history, ["Ann", "Bob"], lang=lang)
        assert said is not None and words in said, said


@pytest.mark.parametrize("lang", LANGS)
def test_the_solitaires_pile_has_one_name_everywhere(lang: str) -> None:
    g = SolitaireWidget(seed=2, lang=lang)
    stock_word = labels(lang)("stock")          # the picture's caption
    other = tr(lang, "boneyard", n=0).replace("0", "").strip()
    n = len(g.session.state.boneyard)
    texts = {"status": g.status.value, "first words": g.board.announce, "H": g.key("h"), "text": g.text()}
    assert tr(lang, "stock", n=n) in texts["status"], texts["status"]
    for where, text in texts.items():
        assert stock_word in text.lower(), (where, text)
        if other != stock_word:
            assert other not in text.lower(), (where, text)
    words = " ".join(re.findall(r">([^<]+)<", g.svg())).lower()  # the picture's words, not its classes
    assert stock_word in words and (other == stock_word or other not in words), words

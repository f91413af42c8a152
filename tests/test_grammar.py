"""Agreement with the glossary's nouns (issue 38): in every Czech and Greek text of the kit, the
article, pronoun, quantifier or adjective next to a glossary noun has the noun's gender and number
(`domino_widgets.grammar`), and Czech prepositions take their vowel before a numeral."""

from __future__ import annotations

import pytest
from test_glossary import _built_sources, _written_sources, findings

from domino_widgets.grammar import NOUNS, disagreements
from domino_widgets.variants.rulebook import book_markdown

LANGS = sorted(NOUNS)


@pytest.mark.parametrize("text, found", [
    ("η ανοιχτή της άκρη", []),                                   # άκρη is feminine
    ("ο καθένας παίρνει 7 πλακάκια· οι άλλες 14 μένουν εκτός παιχνιδιού", [("άλλες", "πλακάκια")]),
    ("Δύο παίκτες, 7 πλακάκια ο καθένας· οι υπόλοιπες είναι ο σωρός.", [("υπόλοιπες", "πλακάκια")]),
    ("καμία επόμενη διπλό δεν είναι", [("επόμενη", "διπλό"), ("καμία", "διπλό")]),
    ("παίρνει 2 πλακάκια ανάποδα και τις κοιτάζει", [("τις", "πλακάκια")]),
    ("γυρίζει 5 πλακάκια ανοιχτές", [("ανοιχτές", "πλακάκια")]),
    ("όταν και οι 28 πλακάκια είναι στο τραπέζι", [("οι", "πλακάκια")]),
    ("το χέρι έχει πλακάκια και καμία δεν ταιριάζει", [("καμία", "πλακάκια")]),
    ("Αυτή το πρώτο διπλό είναι η σβούρα", [("Αυτή", "διπλό")]),
    ("κοιτάμε ποια διπλό ανοίγει", [("ποια", "διπλό")]),
    ("τα άλλα 14 μένουν· τα δικά του πλακάκια· σε αυτόν ένα πλακάκι· οι άλλοι παίκτες", []),
    ("δύο ανοιχτές άκρες, δύο ανοιχτά άκρα, ο σωρός είναι άδειος, τον γύρο", []),
])
def test_the_greek_examples_of_the_issue_are_found(text, found):
    assert disagreements("el", text) == found


@pytest.mark.parametrize("text, found", [
    ("0 z 4", [("z", "4")]), ("se 7 kostkami", []), ("s 7 kostkami", [("s", "7")]),
    ("ve 3 hrách", []), ("v 3 hrách", [("v", "3")]), ("z 5", []), ("1,5 z 2,5", []),
    ("jeden kostku", [("jeden", "kostku")]), ("Jednu kostku, jeden dubl, dva dubly, dvě kostky", []),
    ("dva kostky", [("dva", "kostky")]), ("každý 7 kostek", []),
    ("Zatím správně: {} z {}.", [("z", "{}")]), ("jeden z {values}", []),
])
def test_the_czech_checks(text, found):
    assert disagreements("cs", text) == found


@pytest.mark.parametrize("lang", LANGS)
def test_every_written_text_agrees_with_the_glossary_nouns(lang):
    """The package's and the lessons' catalogs, the rule books and the other documents."""
    found = findings(_written_sources(lang), disagreements, lang)
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_the_rule_book_agrees_with_the_glossary_nouns(lang):
    assert disagreements(lang, book_markdown(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_built_lessons_agree_with_the_glossary_nouns(lang):
    """Fails until the lessons are rebuilt and re-executed after a catalog change."""
    found = findings(_built_sources(lang), disagreements, lang)
    assert not found, "rebuild and re-execute the lessons:\n" + found


@pytest.mark.parametrize("variant, params, cs, el", [
    ("matador", {}, "zápas do 5 vyhraných her", "αγώνας ως τους 5 γύρους που κερδήθηκαν"),
    ("draw_cz", {}, "zápas do 5 vyhraných her", "αγώνας ως τους 5 γύρους που κερδήθηκαν"),
    ("matador", {"standard": True}, "zápas do 100", "αγώνας στους 100"),
    ("block", {}, "zápas do 100", "αγώνας στους 100"),
])
def test_a_match_of_hands_won_is_not_called_a_match_to_points(variant, params, cs, el):
    """MAT-5, DCZ-6: the target counts hands won; «αγώνας στους 5» reads as five points."""
    from domino_widgets.widgets import GameWidget

    g = GameWidget(variant, level="random", seed=3, delay=0, **params)
    assert g.session.target_text("cs") == cs
    assert g.session.target_text("el") == el

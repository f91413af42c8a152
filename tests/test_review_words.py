"""Issue 40: the review's count read "Decisions with a choice: 2" (a label and a bare number). It
says in a sentence how many times the person had a real choice (a turn with two legal actions or
more) and, of those, in how many the expert's play was clearly better, too close to call, or the
person's about as good, in the plural each language needs; a hand without a choice says so."""

from __future__ import annotations

from dataclasses import replace

import pytest

from domino_widgets.core.actions import Action
from domino_widgets.players.review import Decision
from domino_widgets.widgets.review import review_text

D = Decision(3, 0, Action.parse("5-5"), Action.parse("0-5 left"), 7.2, "expected points margin of the hand", (),
             4.1, 10.3, 256)


@pytest.mark.parametrize("lang, one, two", [
    ("en", "You had a real choice 1 time: the expert's play was clearly better in 1 of them, too close to call in 0, "
           "and yours about as good in 0.",
     "You had a real choice 3 times: the expert's play was clearly better in 1 of them, too close to call in 1, "
     "and yours about as good in 1."),
    ("cs", "Skutečnou volbu jste měli 1×: z toho byl tah experta jasně lepší 1×, 0× byl rozdíl příliš těsný na "
           "posouzení a 0× byl váš tah zhruba stejně dobrý.",
     "Skutečnou volbu jste měli 3×: z toho byl tah experta jasně lepší 1×, 1× byl rozdíl příliš těsný na "
     "posouzení a 1× byl váš tah zhruba stejně dobrý."),
    ("el", "Είχατε πραγματική επιλογή 1 φορά: η κίνηση του ειδικού ήταν σαφώς καλύτερη σε 1 από αυτές, πολύ κοντά "
           "για να κριθεί σε 0, και η δική σας περίπου εξίσου καλή σε 0.",
     "Είχατε πραγματική επιλογή 3 φορές: η κίνηση του ειδικού ήταν σαφώς καλύτερη σε 1 από αυτές, πολύ κοντά "
     "για να κριθεί σε 1, και η δική σας περίπου εξίσου καλή σε 1."),
])
def test_the_review_says_its_counts_in_a_sentence(lang: str, one: str, two: str) -> None:
    assert review_text([D], 1, lang, human_seats=(0,)).splitlines()[1] == one
    three = [D, replace(D, move=5, verdict="close"), replace(D, move=7, verdict="agree")]
    assert review_text(three, 1, lang, human_seats=(0,)).splitlines()[1] == two


@pytest.mark.parametrize("lang", ["en", "cs", "el"])
def test_a_hand_without_a_choice_says_so(lang: str) -> None:
    lines = review_text([], 4, lang, human_seats=(0,)).splitlines()
    assert len(lines) == 2 and "4" in lines[0] and ":" in lines[1] and "0" not in lines[1], lines

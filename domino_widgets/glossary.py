"""The rule sheets' vocabulary: one glossary per language (issue 25).

A Czech class reads the Czech rule sheet, a Greek class the Greek one, so every text the kit
shows in Czech or Greek (the runtime catalog ``domino_widgets/locale/<lang>.po``, which also holds
the rule book's translation; the lessons' catalog ``notebooks/locale/<lang>.po``; the lessons built
from it; ``docs/rules.<lang>.md``) names things with the sheet's own words. Each `Term` gives the
English term, the sheet's word, the passage of the sheet it comes from (word for word: a test
finds it in the sheet), and the synonyms the kit must not use instead, with their inflected forms.
``tests/test_glossary.py`` fails when a banned form appears in any of those texts.

``python -m domino_widgets.glossary`` writes the readers' checklists ``docs/glossary.cs.md`` and
``docs/glossary.el.md`` from this module (a test checks that they are up to date).

>>> [t.english for t in GLOSSARY["cs"]][:2]
['tile', 'double']
>>> banned_in("cs", "Každý si vezme 7 kamenů.")
[('tile', 'kamenů')]
>>> banned_in("cs", "Každý si vezme 7 kostek.")
[]
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

#: The two rule sheets, by language, in ``docs/sheets/`` of the project (word for word as given).
SHEETS = {"cs": "cs.txt", "el": "el.txt"}
_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Term:
    """One entry of a glossary.

    ``banned`` are the forms the kit must not write (matched as whole words, case ignored);
    ``unless`` is a pattern that, when it matches the same line, makes the banned word a
    different sense (Czech "stojí" is the Twenty-one *stand*, not a pass).
    """

    english: str
    word: str
    passage: str
    banned: tuple[str, ...]
    where: str
    note: str = ""
    unless: str = ""

    def pattern(self) -> re.Pattern[str]:
        alternatives = sorted(self.banned, key=len, reverse=True)
        return re.compile(r"(?<!\w)(" + "|".join(re.escape(b) for b in alternatives) + r")(?!\w)",
                          re.IGNORECASE)


GLOSSARY: dict[str, tuple[Term, ...]] = {
    "cs": (
        Term("tile", "kostka, kostky",
             "Všechny kostky se promíchají lícem dolů.",
             ("kámen", "kamene", "kamenu", "kamenem", "kameni", "kameny", "kamenů", "kamenům",
              "kamenech", "kamínek", "kamínky", "kamínků"),
             "Slepá ulička, první odstavec (the sheet writes «kostka» in every game)"),
        Term("double", "dubl, dubly",
             "dubly (kostka s oběma polovinami stejnými) na výšku",
             ("dublet", "dubletu", "dubletem", "dublety", "dubletů", "dubletům", "dubletech"),
             "Slepá ulička, the rules' third point"),
        Term("boneyard (the draw game, Matador, Twenty-one)", "záloha",
             "Každý z hráčů si vezme 7 kostek. Zbývající v záloze.",
             ("talon", "talonu", "talonem", "talony", "talonů"),
             "Domino se zálohou, first sentences; Jedenadvacet: «přibere si ze zálohy»"),
        Term("stock (the solitaire)", "zásoba",
             "Může se také stát, že prohrajete dříve, než rozeberete celou zásobu.",
             ("talon", "talonu", "talonem"),
             "Sólo domino, last paragraph"),
        Term("pass", "řekne „DÁL“, vynechává tah",
             "Nemá-li některý z hráčů žádnou kostku se 6 oky, řekne „DÁL“ a vynechává tah.",
             ("nemůže, stojí", "nemůžete, stojíte", "záloha, stojí", "záloha dřív, stojí",
              "prázdná, stojí", "ani stát dobrovolně", "ani nestojí dobrovolně",
              "pas", "pasu", "pasem", "pasy", "pasovat", "pasoval", "pasovala", "pasovali"),
             "Bergen, first paragraph; Slepá ulička: «Hráč, který nemůže přiložit řádnou kostku, "
             "řekne „DÁL“.»",
             note="«stojí» alone stays where it means something else: Twenty-one's *stand* "
                  "(«stojí na 17»), «stojí v předloze» (is written)"),
        Term("doubles lie crosswise", "na výšku",
             "Kostky s rozdílnými počty ok se kladou do řady na délku, dubly (kostka s oběma "
             "polovinami stejnými) na výšku.",
             ("napříč",),
             "Slepá ulička, the rules' third point; Bergen: «položí jej na výšku»"),
        Term("match to 150", "zápas do 150",
             "Hráči se před hrou dohodnou na počtu dosažených bodů – 50, 100.",
             ("partie do", "partii do", "partií do"),
             "Slepá ulička, first point (the sheet's «partie» is one hand, in Matador: «Před "
             "každou partií»; the kit's match is «zápas»)"),
        Term("blocked (nobody can play)", "slepá ulička: hra je ve slepé uličce",
             "Dostanou-li se všichni zúčastnění hráči do slepé uličky, hra končí.",
             ("zablokovaná", "zablokované", "zablokovanou", "zablokovaný", "zablokovaného",
              "zablokovanému", "zablokovaném", "zablokovaným", "zablokovaných", "zablokovanými",
              "zablokovat", "zablokuje", "zablokováno", "zablokování", "zablokoval", "zablokovala", "zablokovalo"),
             "Bergen, second paragraph; Slepá ulička: «ocitá se hra ve „SLEPÉ ULIČCE“»",
             note="the block game is named after it: «Slepá ulička»"),
        Term("a tile fits", "hodí se / nehodí se",
             "Jestliže se mu ani tato nehodí, bere ze zálohy tak dlouho",
             ("pasuje", "pasují", "nepasuje", "nepasují", "pasující", "nepasující", "pasovalo",
              "nepasovala", "nepasoval", "nepasovalo"),
             "Domino se zálohou, first paragraph"),
        Term("draw (take a tile from the boneyard)", "bere si … ze zálohy, přibere si",
             "Pokud nemůže některý z hráčů přiložit žádnou ze svých kostek, bere si jednu kostku "
             "ze zálohy.",
             ("líznout", "lízne", "lízl", "lízla", "lízněte", "lízl(a)", "líže", "lízat"),
             "Domino se zálohou; Jedenadvacet: «přibere si ze zálohy jednu nebo i více kostek»",
             note="«líznout» is the card players' word; the sheet takes tiles. The kit's button "
                  "and messages also say «dobrat/dobírat»: the kit's word, not the sheet's"),
    ),
    "el": (
        Term("boneyard", "σωρός (Draw Dominoes), οστεοφυλάκιο (Όλα 5)",
             "σε αυτό που ονομάζεται “σωρός”",
             ("πάγκος", "πάγκου", "πάγκο", "πάγκοι", "πάγκων", "πάγκους",
              "στοίβα", "στοίβας", "στοίβες", "στοιβών"),
             "Draw Dominoes, second paragraph; Όλα 5: «στο χώρο που είναι γνωστός ως "
             "«οστεοφυλάκιο»»; the solitaire's and Twenty-one's stock is a σωρός too"),
        Term("blank (a half with no pips)", "κενό, κενά",
             "καθώς και άλλες έξι με κενά, όπως 0-4 ή 0-0",
             ("ασπράκι", "ασπράκια", "ασπρακιού", "ασπρακιών"),
             "Draw Dominoes, first paragraph"),
        Term("hand (one deal played out)", "γύρος",
             "Στο τέλος του γύρου προστίθενται οι κουκκίδες από τα ντόμινο",
             ("παρτίδα", "παρτίδας", "παρτίδες", "παρτίδων",
              "τελειώνει το χέρι", "το χέρι τελειώνει", "κάθε χέρι", "μπλοκαρισμένο χέρι",
              "ισόπαλο χέρι", "χέρια που κερδήθηκαν", "επόμενο χέρι", "επόμενα χέρια",
              "χέρι που κερδήθηκε", "ανά χέρι", "ανά παιχνίδι", "των χεριών",
              "χεριών που κερδήθηκαν", "τέλος του χεριού", "τέλος χεριού", "μπλοκαρισμένου χεριού",
              "μπλοκαρισμένα χέρια", "κερδισμένα χέρια", "κερδίζει το χέρι", "κερδίσετε το χέρι",
              "το χέρι μπλοκάρει", "ένα χέρι μπλοκάρει", "χέρι μπλόκαρε", "χιλιάδες χέρια", "χίλια χέρια"),
             "Draw Dominoes, Βαθμολογία; «Τα συνηθισμένα παιχνίδια παίζονται μέχρι τους 50, οπότε "
             "συνήθως παίζονται και αρκετοί γύροι ντόμινο»",
             note="«χέρι» stays for the tiles a player holds («στο χέρι του»); «παιχνίδι» for the "
                  "game or the match; Twenty-one's rounds of asking are «κύκλοι»"),
        Term("tile", "ντόμινο, πλακάκι/πλακάκια, κόκκαλα",
             "Χρησιμοποιούνται 28 μοναδικά πλακάκια",
             ("πέτρα", "πέτρας", "πέτρες", "πετρών", "πλακίδιο", "πλακιδίου", "πλακίδια",
              "πλακιδίων"),
             "Όλα 5, second paragraph; Draw Dominoes: «τα ντόμινο (ή “κόκκαλα” όπως ονομάζονται "
             "μερικές φορές)»"),
        Term("spinner", "σβούρα",
             "Μόλις παίξετε και τις δυο πλευρές της σβούρας οριζοντίως, μπορείτε να παίξετε τη "
             "σβούρα και καθέτως",
             ("σπίνερ",),
             "Όλα 5, fifth paragraph"),
        Term("pips", "κουκκίδες",
             "Στο τέλος του γύρου προστίθενται οι κουκκίδες από τα ντόμινο",
             ("βούλα", "βούλας", "βούλες", "βουλών", "βούλες"),
             "Draw Dominoes, Βαθμολογία"),
        Term("double", "διπλό, διπλά",
             "Ο παίκτης που έχει το μεγαλύτερο διπλό (από 6-6, 5-5 και κάτω) παίζει πρώτος.",
             ("διπλή", "διπλής", "διπλές"),
             "Draw Dominoes, second paragraph (the neuter, as «ντόμινο»/«πλακάκι»)"),
        Term("doubles lie crosswise", "σταυρωτά",
             "Τα διπλά παίζονται αυτόματα σταυρωτά στον πίνακα",
             ("κάθετα", "κάθετο", "κάθετη", "κάθετες"),
             "Draw Dominoes, end of play",
             note="the spinner's two other sides are played «καθέτως», the sheet's word there"),
        Term("the block game", "Μπλοκαριστό ντόμινο",
             "(τότε και οι δύο παίκτες είναι “μπλοκαρισμένοι”)",
             ("κλειστό ντόμινο", "κλειστού ντόμινο", "Κλειστό ντόμινο"),
             "Draw Dominoes, end of play (the sheet's «μπλοκαρισμένοι»); the same name in the "
             "rule book, the lessons and the widgets"),
    ),
}


def sheet_text(lang: str) -> str:
    """The text of a language's rule sheet, read from ``docs/sheets/`` of the project only (a
    clone holds everything its tests read).

    >>> sheet_text("cs").startswith("Dinosauři")
    True
    """
    return (_ROOT / "docs" / "sheets" / SHEETS[lang]).read_text(encoding="utf-8")


def banned_in(lang: str, text: str) -> list[tuple[str, str]]:
    """Every banned form in a text, as (the English term, the form found), line by line."""
    found = []
    for line in text.splitlines() or [text]:
        for term in GLOSSARY[lang]:
            if term.unless and re.search(term.unless, line):
                continue
            found += [(term.english, m.group(1)) for m in term.pattern().finditer(line)]
    return found


_TITLES = {"cs": "Slovník podle české předlohy (Czech glossary)",
           "el": "Γλωσσάρι από το ελληνικό φύλλο κανόνων (Greek glossary)"}


def checklist(lang: str) -> str:
    """The reader's checklist of a language's glossary, in Markdown."""
    lines = [f"# {_TITLES[lang]}", "",
             "<!-- written by `python -m domino_widgets.glossary` from domino_widgets/glossary.py: "
             "do not edit -->", "",
             f"The words the kit uses in this language, taken from the rule sheet "
             f"(`docs/sheets/{SHEETS[lang]}`). A reader holding the sheet can check each word "
             "against its passage; the banned words must appear nowhere in the catalogs, the rule "
             "book or the lessons (`tests/test_glossary.py`).", "",
             "| term | the sheet's word | the sheet's passage | where | never |",
             "| --- | --- | --- | --- | --- |"]
    for t in GLOSSARY[lang]:
        never = ", ".join(dict.fromkeys(t.banned))
        note = f" ({t.note})" if t.note else ""
        lines.append(f"| {t.english} | {t.word} | «{t.passage}» | {t.where} | {never}{note} |")
    from domino_widgets.grammar import checklist_rows

    lines += ["", "The nouns' gender and forms: the article, pronoun or adjective next to them agrees "
              "(`domino_widgets/grammar.py`, `tests/test_grammar.py`).", "", *checklist_rows(lang)]
    return "\n".join(lines) + "\n"


def checklist_path(lang: str) -> Path:
    return _ROOT / "docs" / f"glossary.{lang}.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the checklists are up to date")
    args = parser.parse_args(argv)
    stale = []
    for lang in GLOSSARY:
        path, text = checklist_path(lang), checklist(lang)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path))
        else:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    if stale:
        print("out of date:", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

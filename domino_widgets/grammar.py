"""The glossary's nouns with their gender and forms, and a check of the words that agree with them
(issue 38).

A Greek tile (πλακάκι) and double (διπλό) are neuter, a Czech tile (kostka) feminine: the article,
demonstrative, quantifier or adjective next to one of their forms must have the noun's gender
and number. `disagreements` finds every such word in a text; ``tests/test_grammar.py`` runs it
over every Czech and Greek text of the kit (the catalogs, the rule books, the lessons'
catalog), and `checklist` adds the nouns to ``docs/glossary.<lang>.md``.

The check is deliberately narrow, so that what it flags is wrong: it looks only at the words
just before a noun form (an article or demonstrative, the quantifiers and adjectives listed in
`_GREEK_WORDS`/`_CZECH_WORDS`, numbers and ``{placeholders}`` skipped) and at a listed
adjective just after it, and flags a word whose every reading differs from the noun's every
reading in gender and number.

>>> disagreements("el", "και οι 28 πλακάκια είναι στο τραπέζι")
[('οι', 'πλακάκια')]
>>> disagreements("el", "καμία επόμενη διπλό")
[('επόμενη', 'διπλό'), ('καμία', 'διπλό')]
>>> disagreements("el", "γυρίζει 5 πλακάκια ανοιχτές")
[('ανοιχτές', 'πλακάκια')]
>>> disagreements("el", "7 πλακάκια ο καθένας· οι υπόλοιπες είναι ο σωρός")
[('υπόλοιπες', 'πλακάκια')]
>>> disagreements("el", "παίρνει 2 πλακάκια ανάποδα και τις κοιτάζει")
[('τις', 'πλακάκια')]
>>> disagreements("el", "δύο ανοιχτές άκρες, τα άλλα πλακάκια, το πρώτο διπλό, οι άλλοι")
[]
>>> disagreements("cs", "Jedna kostka, jeden dubl, žádnou kostku")
[]
>>> disagreements("cs", "jeden kostku")
[('jeden', 'kostku')]
>>> disagreements("cs", "0 z 4, se 4, z 5")
[('z', '4')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: A reading: gender (m, f, n; Czech "m" is the inanimate masculine of «dubl», «konec») and
#: number (s, p).
Reading = tuple[str, str]
M_S, F_S, N_S, M_P, F_P, N_P = ("m", "s"), ("f", "s"), ("n", "s"), ("m", "p"), ("f", "p"), ("n", "p")
SING = frozenset({M_S, F_S, N_S})
PLUR = frozenset({M_P, F_P, N_P})


@dataclass(frozen=True)
class Noun:
    """A glossary noun: the word, its gender, and its forms (every case) by number."""

    word: str
    gender: str
    singular: tuple[str, ...]
    plural: tuple[str, ...]
    english: str

    def readings(self, form: str) -> frozenset[Reading]:
        form = form.lower()
        found = set()
        if form in self.singular:
            found.add((self.gender, "s"))
        if form in self.plural:
            found.add((self.gender, "p"))
        return frozenset(found)


NOUNS: dict[str, tuple[Noun, ...]] = {
    "el": (
        Noun("πλακάκι", "n", ("πλακάκι", "πλακακιού"), ("πλακάκια", "πλακακιών"), "tile"),
        Noun("διπλό", "n", ("διπλό", "διπλού"), ("διπλά", "διπλών"), "double"),
        Noun("κόκκαλο", "n", ("κόκκαλο", "κόκκαλου", "κόκαλο", "κόκαλου"),
             ("κόκκαλα", "κόκκαλων", "κόκαλα", "κόκαλων"), "tile (bone)"),
        Noun("σωρός", "m", ("σωρός", "σωρού", "σωρό"), ("σωροί", "σωρών", "σωρούς"), "boneyard"),
        Noun("γύρος", "m", ("γύρος", "γύρου", "γύρο"), ("γύροι", "γύρων", "γύρους"), "hand"),
        Noun("σβούρα", "f", ("σβούρα", "σβούρας"), ("σβούρες", "σβουρών"), "spinner"),
        Noun("κουκκίδα", "f", ("κουκκίδα", "κουκκίδας"), ("κουκκίδες", "κουκκίδων"), "pip"),
        Noun("άκρη", "f", ("άκρη", "άκρης"), ("άκρες", "άκρων"), "end (of the line)"),
        Noun("άκρο", "n", ("άκρο", "άκρου"), ("άκρα", "άκρων"), "end (of the line)"),
    ),
    "cs": (
        Noun("kostka", "f", ("kostka", "kostky", "kostce", "kostku", "kostkou"),
             ("kostky", "kostek", "kostkám", "kostkách", "kostkami"), "tile"),
        Noun("dubl", "m", ("dubl", "dublu", "dublem"), ("dubly", "dublů", "dublům", "dublech"),
             "double"),
        Noun("záloha", "f", ("záloha", "zálohy", "záloze", "zálohu", "zálohou"), (), "boneyard"),
        Noun("konec", "m", ("konec", "konce", "konci", "koncem"),
             ("konce", "konců", "koncům", "koncích", "konci"), "end (of the line)"),
    ),
}

# Greek: the articles, demonstratives and quantifiers, with every reading of each form.
_GREEK_DETERMINERS: dict[str, frozenset[Reading]] = {
    "ο": frozenset({M_S}), "η": frozenset({F_S}), "το": frozenset({N_S}),
    "οι": frozenset({M_P, F_P}), "τα": frozenset({N_P}), "τον": frozenset({M_S}),
    "την": frozenset({F_S}), "τη": frozenset({F_S}), "του": frozenset({M_S, N_S}),
    "της": frozenset({F_S}), "των": PLUR, "τους": frozenset({M_P}), "τις": frozenset({F_P}),
    "ένας": frozenset({M_S}), "έναν": frozenset({M_S}), "ένα": frozenset({N_S, M_S}),
    "μία": frozenset({F_S}), "μια": frozenset({F_S}), "ενός": frozenset({M_S, N_S}),
    "μιας": frozenset({F_S}),
    "κανένας": frozenset({M_S}), "κανέναν": frozenset({M_S}), "κανένα": frozenset({N_S, M_S}),
    "καμία": frozenset({F_S}), "καμιά": frozenset({F_S}), "κανενός": frozenset({M_S, N_S}),
    "καμίας": frozenset({F_S}),
    "δύο": PLUR, "δυο": PLUR, "τρία": frozenset({N_P}), "τρεις": frozenset({M_P, F_P}),
    "τέσσερα": frozenset({N_P}), "τέσσερις": frozenset({M_P, F_P}),
    "κάθε": SING,
}
# Greek adjectives and pronouns declined like καλός (-ος, -η, -ο) or, after a vowel, like νέος
# (-ος, -α, -ο): their stems; the ending gives the readings.
_GREEK_STEMS_H = ("άλλ", "υπόλοιπ", "ανοιχτ", "ανοικτ", "πρώτ", "δεύτερ", "τρίτ", "επόμεν",
                  "μεγαλύτερ", "μικρότερ", "βαρύτερ", "ελαφρύτερ", "κρυφ", "αθέατ", "μπλοκαρισμέν",
                  "κλειστ", "κανονικ", "υψηλότερ", "χαμηλότερ", "ελεύθερ", "διαθέσιμ", "αυτ",
                  "όλ", "πολλ", "λίγ", "ολόκληρ", "σωστ", "παιγμέν", "μοιρασμέν", "ορατ",
                  "γνωστ", "άγνωστ")
_GREEK_STEMS_A = ("τελευταί", "ίδι", "νέ", "μεσαί", "ποι", "οποί")
# After a noun only these (never adverbs, unlike «πρώτα», «τελικά»): «πλακάκια ανοιχτά».
_GREEK_AFTER = ("ανοιχτ", "ανοικτ", "κρυφ", "αθέατ", "κλειστ", "μπλοκαρισμέν", "ορατ")
_ENDINGS_H: dict[str, frozenset[Reading]] = {
    "ος": frozenset({M_S}), "ου": frozenset({M_S, N_S}), "ο": frozenset({N_S, M_S}),
    "ον": frozenset({M_S}), "η": frozenset({F_S}), "ης": frozenset({F_S}), "ην": frozenset({F_S}),
    "οι": frozenset({M_P}), "ες": frozenset({F_P}), "α": frozenset({N_P}),
    "ων": PLUR, "ους": frozenset({M_P}),
}
_ENDINGS_A = {**_ENDINGS_H, "α": frozenset({F_S, N_P}), "ας": frozenset({F_S})}
# The endings of ``_GREEK_STEMS_H`` whose accent moves (άλλ-η but πρώτ-η): compare without accents.
_ACCENTS = str.maketrans("άέήίόύώϊΐϋΰ", "αεηιουωιιυυ")


def _plain(word: str) -> str:
    return word.lower().translate(_ACCENTS)


def _greek_readings(word: str) -> frozenset[Reading] | None:
    w = word.lower()
    if w in _GREEK_DETERMINERS:
        return _GREEK_DETERMINERS[w]
    p = _plain(w)
    if p in ("οι",):
        return None
    for stems, endings in ((_GREEK_STEMS_A, _ENDINGS_A), (_GREEK_STEMS_H, _ENDINGS_H)):
        for stem in stems:
            s = _plain(stem)
            if p.startswith(s) and p[len(s):] in {_plain(e) for e in endings}:
                ending = p[len(s):]
                return next(r for e, r in endings.items() if _plain(e) == ending)
    return None


# Czech: the demonstratives, numerals and pronominal adjectives with unmistakable gender (their
# case is left aside: «jeden» is masculine in every case it can be).
_CZECH_WORDS: dict[str, frozenset[Reading]] = {
    "jeden": frozenset({M_S}), "jedna": frozenset({F_S, N_P}), "jedno": frozenset({N_S}),
    "jednu": frozenset({F_S}), "jednoho": frozenset({M_S, N_S}), "jedné": frozenset({F_S}),
    "jednomu": frozenset({M_S, N_S}),
    "ten": frozenset({M_S}), "ta": frozenset({F_S, N_P}),
    "tento": frozenset({M_S}), "tato": frozenset({F_S, N_P}), "tuto": frozenset({F_S}),
    "této": frozenset({F_S}), "tohoto": frozenset({M_S, N_S}),
    "žádný": frozenset({M_S, M_P}), "žádná": frozenset({F_S, N_P}), "žádnou": frozenset({F_S}),
    "žádného": frozenset({M_S, N_S}), "žádné": frozenset({F_S, F_P, M_P, N_S}),
    "každý": frozenset({M_S}), "každá": frozenset({F_S}), "každou": frozenset({F_S}),
    "každého": frozenset({M_S, N_S}), "každé": frozenset({F_S, N_S}),
    "dva": frozenset({M_P}), "dvě": frozenset({F_P, N_P}),
    "oba": frozenset({M_P}), "obě": frozenset({F_P, N_P}),
}

_WORD = re.compile(r"\{[^{}]*\}|[^\W_]+(?:-[^\W_]+)*|\S", re.UNICODE)
_SKIP = re.compile(r"^(\{[^{}]*\}|\d+(?:[.,]\d+)?|\*+|`+)$")


def _readings(lang: str, word: str) -> frozenset[Reading] | None:
    if lang == "el":
        return _greek_readings(word)
    return _CZECH_WORDS.get(word.lower())


def _forms(lang: str) -> dict[str, frozenset[Reading]]:
    forms: dict[str, set[Reading]] = {}
    for noun in NOUNS[lang]:
        for form in noun.singular + noun.plural:
            forms.setdefault(form, set()).update(noun.readings(form))
    return {f: frozenset(r) for f, r in forms.items()}


_INDEFINITE = {"ένας", "έναν", "ένα", "μία", "μια", "ενός", "μιας"}
_CLITICS = {"του", "της", "τους", "μου", "σου", "μας", "σας"}
_ARTICLES = {"ο", "η", "το", "οι", "τα", "τον", "την", "τη", "του", "της", "των", "τους", "τις"}


def disagreements(lang: str, text: str) -> list[tuple[str, str]]:
    """Every (word, noun form) where the word next to a glossary noun disagrees with it.

    Before the noun: the run of agreeing words (articles, demonstratives, quantifiers, listed
    adjectives; numbers and ``{placeholders}`` are skipped) back to the first article, and one
    demonstrative or «όλος» before that article. After the noun: one listed adjective (not an
    article or determiner, which would begin the next phrase).
    """
    forms = _forms(lang)
    found = []
    for line in re.split(r"\n\s*\n", text):      # a paragraph: its lines wrap one sentence
        words = _WORD.findall(line)
        for i, w in enumerate(words):
            noun = forms.get(w.lower())
            if not noun:
                continue
            j, seen_article = i - 1, False
            while j >= 0:
                if _SKIP.match(words[j]) and lang == "el":  # «οι 28 πλακάκια»; Czech «každý 7 kostek»
                    j -= 1
                    continue
                r = _readings(lang, words[j])
                if r is None:
                    break
                if seen_article and not _plain(words[j]).startswith(("αυτ", "ολ")):
                    break
                if (lang == "el" and words[j].lower() in _CLITICS and j > 0
                        and (_plain(words[j - 1]).startswith("δικ")
                             or (_readings(lang, words[j - 1]) is not None
                                 and words[j - 1].lower() not in _GREEK_DETERMINERS))):
                    j -= 1                       # «τα δικά του πλακάκια», «η ανοιχτή του άκρη»
                    continue
                if not (r & noun):
                    found.append((words[j], w))
                if lang == "el" and words[j].lower() in _INDEFINITE:
                    break                        # «σε αυτόν ένα πλακάκι»: the phrase starts here
                if lang == "el" and words[j].lower() in _ARTICLES:
                    seen_article = True
                j -= 1
            after = words[i + 1] if i + 1 < len(words) else ""
            if lang == "el" and _plain(after).startswith(tuple(_plain(s) for s in _GREEK_AFTER)):
                r = _readings(lang, after)
                if r is not None and not (r & noun):
                    found.append((after, w))
        found += _elliptical(lang, words, forms)
    if lang == "cs":
        found += [(m.group(1) or m.group(3), m.group(2) or m.group(4))
                  for m in _CZECH_VOCALIZED.finditer(text)]
        # «{} z {}»: a count of a count, which reads «ze 4» for some numbers and «z 5» for others
        found += [("z", m.group(1)) for m in re.finditer(r"\}\s+z\s+(\{[^{}]*\})", text)]
    return list(dict.fromkeys(found))


# Czech: «z», «s», «v», «k» take a vowel before a numeral that begins with a consonant cluster or
# with their own sound: «ze 4» (ze čtyř), «se 7» (se sedmi), «ve 3» (ve třech), «ke 2» (ke dvěma).
_CZECH_VOCALIZED = re.compile(r"(?<![\w{])([zZ]|[sS])\s+([2-4]|[67])(?![\d\-–/:]|[,.]\d)|"
                              r"(?<![\w{])([vVkK])\s+([2-4])(?![\d\-–/:]|[,.]\d)")


# An adjective standing for a noun said before it: «7 πλακάκια ο καθένας· οι υπόλοιπες είναι ο
# σωρός» (the rest are tiles: «τα υπόλοιπα»). Only the feminine plural of these stems (the
# masculine «οι άλλοι» are players), and only when no noun can follow: a number, a punctuation
# mark, the end, or a verb.
_ELLIPTICAL = ("άλλ", "υπόλοιπ", "αθέατ", "ανοιχτ", "ανοικτ", "κρυφ", "κλειστ")
_VERB = re.compile(r"(ουν|ει|είναι|ναι|ονται|ούνται|ηκαν|αν)$")


_PREPOSITIONS = {"από", "ως", "σε", "με", "για", "στο", "στα", "στη", "στην"}
_NUMBER_WORDS = {"δύο", "δυο", "τρεις", "τέσσερις", "πέντε", "έξι", "επτά", "εφτά", "οκτώ", "οχτώ",
                 "εννέα", "εννιά", "δέκα"}


def _is_number(word: str) -> bool:
    return word.isdigit() or word.lower() in _NUMBER_WORDS


_NEAR = 6


def _ends_phrase(rest: list[str]) -> bool:
    """No noun can follow: the end, a punctuation mark, a preposition or a verb."""
    word = rest[0] if rest else ""
    return (not word or not word[0].isalpha() or word.lower() in _PREPOSITIONS
            or bool(_VERB.search(word)))


def _elliptical(lang: str, words: list[str], forms: dict[str, frozenset[Reading]]) -> list[tuple[str, str]]:
    if lang != "el":
        return []
    found, last, at = [], None, 0
    for i, w in enumerate(words):
        if w.lower() in forms:
            last, at = (w, forms[w.lower()]), i
            continue
        if last is None or i - at > _NEAR:
            continue                     # a pronoun that far back may stand for another noun
        nxt = words[i + 1] if i + 1 < len(words) else ""
        prev = words[i - 1] if i else ""
        if w.lower() in ("τις", "την", "τη", "της") and F_S not in last[1] and F_P not in last[1]:
            # a pronoun for the tile just named: «2 πλακάκια … και τις κοιτάζει» (object, before
            # a verb); «Το διπλό … η ανοιχτή της άκρη» (possessive, between adjective and noun)
            if (w.lower() != "της" and _VERB.search(nxt)) or \
                    (w.lower() == "της" and _readings(lang, prev) and nxt[:1].isalpha()):
                found.append((w, last[0]))
            continue
        neuter = bool(last[1]) and all(g == "n" for g, _ in last[1])
        after = words[i + 2] if i + 2 < len(words) else ""
        if neuter and w.lower() in ("καμία", "καμιά", "μία", "μια") and (
                nxt.lower() == "δεν" or _VERB.search(nxt) or (
                    nxt.lower() == "από" and after.lower() in ("τις", "τα") and i + 3 < len(words)
                    and _is_number(words[i + 3]) and _ends_phrase(words[i + 4:i + 5]))):
            found.append((w, last[0]))   # «5 πλακάκια … καμία δεν ταιριάζει», «μία από τις πέντε»
            continue
        if neuter and w.lower() in ("τις", "οι") and _is_number(nxt) and _ends_phrase([after]):
            found.append((w, last[0]))   # «από τις πέντε ως βάση», «οι 14 μένουν»
            continue
        if not _plain(w).startswith(tuple(_plain(s) for s in _ELLIPTICAL)):
            continue
        r = _readings(lang, w)
        if r is None or r != frozenset({F_P}) or w.lower() == "αλλά":
            continue                     # the feminine plural for neuter tiles; «αλλά» is "but"
        if nxt and not (_SKIP.match(nxt) or not nxt[0].isalpha() or _VERB.search(nxt)):
            continue
        if not (r & last[1]):
            found.append((w, last[0]))
    return found


def checklist_rows(lang: str) -> list[str]:
    """The nouns' table for the glossary's checklist, in Markdown."""
    genders = {"m": "masculine", "f": "feminine", "n": "neuter"}
    rows = ["| noun | English | gender | singular | plural |", "| --- | --- | --- | --- | --- |"]
    for n in NOUNS[lang]:
        rows.append(f"| {n.word} | {n.english} | {genders[n.gender]} | {', '.join(n.singular)} | "
                    f"{', '.join(n.plural) or '—'} |")
    return rows

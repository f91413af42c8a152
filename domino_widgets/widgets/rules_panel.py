"""The short rules panel of the app (``notebooks/play.ipynb``): each game's rules in a few lines,
in English, Czech and Greek, with the rule ids of RULES.md. The full rule book is elsewhere; this
is what a player needs at the table, in the app's language.

>>> print(rules_html("all_fives", "en").count("<li>"))
5
>>> "A5-4" in rules_html("all_fives", "el") and "Όλα 5" in rules_html("all_fives", "el")
True
"""

from __future__ import annotations

import html

from .i18n import check_lang, variant_title

RULES: dict[str, dict[str, list[str]]] = {
    "en": {
        "block": [
            "Two players, 7 tiles each; the other 14 stay out of play (BLK-1).",
            "Lay a tile whose half matches an open end; who cannot play passes (BLK-3).",
            "Who lays the last tile scores the other hand's pip count (BLK-4).",
            "Blocked: the lower count wins and scores the other's count (BLK-5).",
        ],
        "draw_cz": [
            "Two players, 7 tiles each, 14 in the boneyard (DCZ-1).",
            "Who cannot play draws until a tile fits (COM-5).",
            "An empty hand wins only once the boneyard is empty (DCZ-3, DCZ-4).",
            "Blocked: the lower count wins; a match counts hands won (DCZ-5, DCZ-6).",
        ],
        "draw": [
            "Two players, 7 tiles each, the rest is the boneyard (DRW-1).",
            "The highest double leads by itself (DRW-2).",
            "Who cannot play draws; a drawn tile that fits is played at once (DRW-3).",
            "The lower count scores the difference of the counts; match to 50 (DRW-5, DRW-6).",
        ],
        "all_fives": [
            "Played like the draw game: the highest double leads and is the spinner (A5-1, A5-2).",
            "After each play add up the open ends; a double at an end counts both halves (A5-3).",
            "A positive multiple of 5 scores at once: 6 + 4 + 5 = 15 scores 15 (A5-4).",
            "End of hand: the difference of the counts, rounded to 5, goes to the lower count (A5-5).",
            "The first to reach 150 wins the match (A5-6).",
        ],
        "matador": [
            "Two players, 3 tiles each, 3 tiles out of play, the rest is the boneyard (MAT-1).",
            "Touching halves must add up to 7: a 6 takes a 1, a 5 a 2 (MAT-2).",
            "Matadors 0-0, 6-1, 5-2, 4-3 go on any end when nothing else fits (MAT-3, MAT-4).",
            "Who cannot play draws; an empty hand wins once the boneyard is empty (MAT-4, MAT-5).",
        ],
        "bergen": [
            "Four players, 7 tiles each, one stake each in the pot (BRG-1).",
            "The 6-6 goes in the middle; first a six on each of its four sides (BRG-2, BRG-3).",
            "Then play on the end of any of the four arms; who cannot, passes (BRG-4).",
            "The first out takes three quarters of the pot, the second the rest (BRG-5).",
        ],
        "twentyone": [
            "Two to four players take 2 tiles each, face down (T21-1).",
            "Take tiles one at a time, then stand; over 21 is bust (T21-2).",
            "Exactly 21 wins, else the highest count not over 21 (T21-3).",
        ],
        "solitaire": [
            "Five tiles face up; choose one as the base (SOL-1, SOL-2).",
            "Lay tiles that fit either end, then refill as many as you laid (SOL-3).",
            "All 28 on the table wins; a round that lays nothing loses (SOL-4).",
        ],
    },
    "cs": {
        "block": [
            "Dva hráči, každý 7 kamenů; zbylých 14 zůstane mimo hru (BLK-1).",
            "Přikládá se kámen, jehož polovina odpovídá volnému konci; kdo nemůže, říká DÁL (BLK-3).",
            "Kdo vyloží poslední kámen, získá součet ok v ruce soupeře (BLK-4).",
            "Zablokovaná hra: vyhrává nižší součet a získá součet soupeře (BLK-5).",
        ],
        "draw_cz": [
            "Dva hráči, každý 7 kamenů, 14 kamenů v záloze (DCZ-1).",
            "Kdo nemůže přiložit, líže, dokud kámen nepasuje (COM-5).",
            "Prázdná ruka vyhrává, až když je záloha prázdná (DCZ-3, DCZ-4).",
            "Zablokovaná hra: vyhrává nižší součet; zápas se hraje na vyhrané hry (DCZ-5, DCZ-6).",
        ],
        "draw": [
            "Dva hráči, každý 7 kamenů, zbytek je záloha (DRW-1).",
            "Nejvyšší dublet vynáší sám (DRW-2).",
            "Kdo nemůže přiložit, líže; líznutý kámen, který pasuje, se hned zahraje (DRW-3).",
            "Nižší součet získá rozdíl součtů; zápas do 50 bodů (DRW-5, DRW-6).",
        ],
        "all_fives": [
            "Hraje se jako domino s dobíráním: nejvyšší dublet vynáší a je rozcestím (A5-1, A5-2).",
            "Po každém tahu se sečtou volné konce; dublet na konci se počítá celý (A5-3).",
            "Kladný násobek 5 se hned připíše: 6 + 4 + 5 = 15 dává 15 bodů (A5-4).",
            "Konec hry: rozdíl součtů zaokrouhlený na pětky získá nižší součet (A5-5).",
            "Zápas vyhrává, kdo první dosáhne 150 bodů (A5-6).",
        ],
        "matador": [
            "Dva hráči, každý 3 kameny, 3 kameny mimo hru, zbytek je záloha (MAT-1).",
            "Dotýkající se poloviny musí dát dohromady 7: k šestce jednička, k pětce dvojka (MAT-2).",
            "Matadory 0-0, 6-1, 5-2, 4-3 jdou na kterýkoli konec, když nic jiného nepasuje (MAT-3, MAT-4).",
            "Kdo nemůže přiložit, líže; prázdná ruka vyhrává, až když je záloha prázdná (MAT-4, MAT-5).",
        ],
        "bergen": [
            "Čtyři hráči, každý 7 kamenů, každý vloží jeden vklad do banku (BRG-1).",
            "Dublet 6-6 jde doprostřed; nejdřív se ke každé z jeho čtyř stran přiloží šestka (BRG-2, BRG-3).",
            "Potom se přikládá na konec kteréhokoli ze čtyř ramen; kdo nemůže, říká DÁL (BRG-4).",
            "První, kdo vyloží všechno, bere tři čtvrtiny banku, druhý zbytek (BRG-5).",
        ],
        "twentyone": [
            "Dva až čtyři hráči, každý si vezme 2 kameny lícem dolů (T21-1).",
            "Berte kameny po jednom, pak stůjte; přes 21 je prohra (T21-2).",
            "Přesně 21 vyhrává, jinak nejvyšší součet, který nepřesáhne 21 (T21-3).",
        ],
        "solitaire": [
            "Pět kamenů lícem nahoru; jeden z nich vyberte jako základ (SOL-1, SOL-2).",
            "Přikládejte kameny, které pasují na některý konec, pak doplňte tolik, kolik jste vyložili (SOL-3).",
            "Všech 28 kamenů na stole je výhra; kolo, ve kterém nic nevyložíte, je prohra (SOL-4).",
        ],
    },
    "el": {
        "block": [
            "Δύο παίκτες, 7 πλακίδια ο καθένας· τα άλλα 14 μένουν εκτός παιχνιδιού (BLK-1).",
            "Βάζετε πλακίδιο που ταιριάζει με μια ανοιχτή άκρη· όποιος δεν μπορεί, λέει πάσο (BLK-3).",
            "Όποιος βάλει το τελευταίο του πλακίδιο παίρνει το άθροισμα του αντιπάλου (BLK-4).",
            "Κλειστό: κερδίζει το μικρότερο άθροισμα και παίρνει το άθροισμα του άλλου (BLK-5).",
        ],
        "draw_cz": [
            "Δύο παίκτες, 7 πλακίδια ο καθένας, 14 στον πάγκο (DCZ-1).",
            "Όποιος δεν μπορεί να παίξει τραβά μέχρι να ταιριάξει ένα πλακίδιο (COM-5).",
            "Άδειο χέρι κερδίζει μόνο όταν ο πάγκος έχει αδειάσει (DCZ-3, DCZ-4).",
            "Κλειστό: κερδίζει το μικρότερο άθροισμα· ο αγώνας μετρά νίκες (DCZ-5, DCZ-6).",
        ],
        "draw": [
            "Δύο παίκτες, 7 πλακίδια ο καθένας, τα υπόλοιπα στον πάγκο (DRW-1).",
            "Η μεγαλύτερη διπλή ανοίγει μόνη της (DRW-2).",
            "Όποιος δεν μπορεί να παίξει τραβά· πλακίδιο που ταιριάζει παίζεται αμέσως (DRW-3).",
            "Το μικρότερο άθροισμα παίρνει τη διαφορά· ο αγώνας είναι στους 50 (DRW-5, DRW-6).",
        ],
        "all_fives": [
            "Παίζεται όπως το ντόμινο με τράβηγμα: η μεγαλύτερη διπλή ανοίγει και είναι το σταυροδρόμι (A5-1, A5-2).",
            "Μετά από κάθε κίνηση προσθέτετε τις ανοιχτές άκρες· διπλή στην άκρη μετρά ολόκληρη (A5-3).",
            "Θετικό πολλαπλάσιο του 5 μετρά αμέσως: 6 + 4 + 5 = 15 δίνει 15 πόντους (A5-4).",
            "Τέλος παιχνιδιού: η διαφορά των αθροισμάτων, στρογγυλεμένη στο 5, πάει στο μικρότερο (A5-5).",
            "Τον αγώνα κερδίζει όποιος φτάσει πρώτος τους 150 (A5-6).",
        ],
        "matador": [
            "Δύο παίκτες, 3 πλακίδια ο καθένας, 3 εκτός παιχνιδιού, τα υπόλοιπα στον πάγκο (MAT-1).",
            "Τα μισά που ακουμπούν κάνουν μαζί 7: το 6 θέλει 1, το 5 θέλει 2 (MAT-2).",
            "Οι ματαντόρ 0-0, 6-1, 5-2, 4-3 μπαίνουν σε όποια άκρη, όταν τίποτε άλλο δεν ταιριάζει (MAT-3, MAT-4).",
            "Όποιος δεν μπορεί να παίξει τραβά· άδειο χέρι κερδίζει όταν αδειάσει ο πάγκος (MAT-4, MAT-5).",
        ],
        "bergen": [
            "Τέσσερις παίκτες, 7 πλακίδια ο καθένας, ο καθένας βάζει ένα ποσό στην μπάνκα (BRG-1).",
            "Το 6-6 μπαίνει στη μέση· πρώτα ένα εξάρι σε κάθε μία από τις τέσσερις πλευρές του (BRG-2, BRG-3).",
            "Μετά παίζετε στην άκρη οποιουδήποτε από τους τέσσερις βραχίονες· όποιος δεν μπορεί, πάσο (BRG-4).",
            "Ο πρώτος που τελειώνει παίρνει τα τρία τέταρτα της μπάνκας, ο δεύτερος τα υπόλοιπα (BRG-5).",
        ],
        "twentyone": [
            "Δύο έως τέσσερις παίκτες παίρνουν από 2 πλακίδια κλειστά (T21-1).",
            "Παίρνετε πλακίδια ένα ένα και μετά στοπ· πάνω από 21 καίγεστε (T21-2).",
            "Ακριβώς 21 κερδίζει, αλλιώς το μεγαλύτερο άθροισμα μέχρι 21 (T21-3).",
        ],
        "solitaire": [
            "Πέντε πλακίδια ανοιχτά· διαλέξτε ένα για βάση (SOL-1, SOL-2).",
            "Βάζετε πλακίδια που ταιριάζουν σε μια άκρη και μετά συμπληρώνετε όσα βάλατε (SOL-3).",
            "Και τα 28 στο τραπέζι είναι νίκη· γύρος χωρίς κανένα πλακίδιο είναι ήττα (SOL-4).",
        ],
    },
}


def rules_html(variant: str, lang: str) -> str:
    """The short rules of ``variant`` in ``lang`` as an HTML list under the game's name."""
    lines = RULES[check_lang(lang)][variant]
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<b>{html.escape(variant_title(lang, variant))}</b><ul class='dw-rules'>{items}</ul>"

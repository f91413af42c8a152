"""The renderer's words in English, Czech and Greek (the pictures' labels, ``<title>`` and ``<desc>``).

Only the words are translated: tile and action notation (``3-5``, ``5-6 right``) stays as it is
in every language. The renderer imports no widget code (DESIGN layers), so these words live
here and the widgets pass their ``lang`` down.

>>> words = labels("cs")
>>> words.tiles(1), words.tiles(3), words.tiles(5), words.tiles(0)
('1 kámen', '3 kameny', '5 kamenů', '0 kamenů')
>>> labels("el").tiles(1), labels("el").tiles(2)
('1 πλακίδιο', '2 πλακίδια')
>>> labels("en")("to_play", who="Ann")
'Ann to play'
>>> labels("de")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: lang must be one of en, cs, el, not 'de'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.errors import ParameterError

LANGS: tuple[str, ...] = ("en", "cs", "el")

_EN: dict[str, str] = {
    # seats, turns, scores
    "seat": "Seat {n}",
    "player": "Player {n}",
    "role_you": " (you)",
    "role_computer": " (computer)",
    "you": " (you)",
    "to_play": "{who} to play",
    "hand_over": "Hand over",
    "pot": "pot {x}",
    "won": "won {x}",
    "score": "score {x}",
    "place_1": "out 1st",
    "place_2": "out 2nd",
    "place_n": "out {n}th",  # n >= 3 here: 3rd is written by place()
    # the last turn (COM-5: draws are counted, never named)
    "turn": "{who} {what}",
    "drew": "drew {n}",
    "played": "played {action}",
    "passed": "passed",
    "and": " and ",
    "last_turn": "Last turn: {last}",
    # outcomes
    "tie": "Blocked with tied counts: no winner.",
    "out": "{who} went out.",
    "blocked": "{who} wins the blocked hand.",
    "target": "{who} reached the target.",
    "reason": "{who} {reason}.",
    "points": "Points: {pts}.",
    # the description (<desc>)
    "seen_by": " Seen by {who}.",
    "open_hands": " Open hands.",
    "face_down": "{tiles} face down",
    "face_up": "{tiles} face up",
    "no_tiles": "no tiles",
    "pips": " ({n} pips)",
    "boneyard_line": "Boneyard: {tiles}.",
    "out_of_play_line": "Out of play: {tiles}.",
    "table_empty": "Table: empty.",
    "table_line": "Table: {layout}. Open ends: {ends}.",
    "none": "none",
    "left": "left",
    "right": "right",
    "up": "up",
    "down": "down",
    # the boneyard and the stock
    "boneyard": "boneyard",
    "stock": "stock",
    "out_of_play": "out of play {n}",
    "stock_line": "Stock: {tiles}.",
    # Twenty-one (T21)
    "t21_title": "Twenty-one",
    "game_over": "Game over",
    "take_or_stand": "{who} to take or stand",
    "table": "table",
    "total": "total {n}",
    "stands": "stands",
    "BUST": "BUST",
    "WINS": "WINS",
    "bust": "bust",
    "twentyone": "twenty-one",
    "nobody": "Nobody wins: everybody is bust.",
    "winner": "Winner: {who}.",
    # Solitaire (SOL)
    "sol_title": "Solitaire",
    "sol_won": "All tiles laid: you win!",
    "sol_lost": "No tile fits: the game is lost",
    "sol_play": "Lay tiles from your hand",
    "hand": "Hand",
    "hand_line": "Hand: {tiles}.",
    "empty": "empty",
    "choose_base": "Choose the base",
    "round": "Round {n}: {k} laid",
    # the text form of each picture (`Svg.summary`) and the small pictures
    "table_summary": "{title} table: {tiles}, {status}",
    "tile_title": "Tile {tile}",
    "tile_desc": "The domino {tile} ({n} pips), {how}.",
    "flat": "flat",
    "upright": "upright",
    "back_title": "A face-down tile",
    "back_desc": "A domino tile lying face down.",
    "hand_title": "Hand {tiles}",
    "hand_empty": "(empty)",
    "hand_desc": "A hand of {tiles}, {n} pips: {list}.",
    "hand_down_desc": "A hand of {tiles} lying face down.",
    "boneyard_title": "Boneyard: {tiles}",
    "boneyard_desc": "The boneyard holds {tiles}, face down.",
    "layout_title": "Domino layout ({kind})",
    "kind_line": "line",
    "kind_spinner": "spinner",
    "kind_cross": "cross",
    "layout_summary": "{title}: {tiles}",
    # the arms of a spinner or cross, the spinner, where a tile went (the notation 3-5 stays)
    "arm_up": "up: {tiles}",
    "arm_down": "down: {tiles}",
    "spinner_line": " Spinner: {tile}, it takes tiles on all four sides.",
    "to_left": "left",
    "to_right": "right",
    "to_up": "up",
    "to_down": "down",
    "touching": " {n}",
    # A5-3: the open ends' count on the All Fives board
    "open_total": "Open ends add up to {n}",
    "open_total_line": "Open ends add up to {n}.",
}

_CS: dict[str, str] = {
    "seat": "Hráč {n}",
    "player": "Hráč {n}",
    "role_you": " (vy)",
    "role_computer": " (počítač)",
    "you": " (vy)",
    "to_play": "Na tahu: {who}",
    "hand_over": "Konec hry",
    "pot": "bank {x}",
    "won": "výhry {x}",
    "score": "skóre {x}",
    "place_1": "vyšel(a) 1.",
    "place_2": "vyšel(a) 2.",
    "place_n": "vyšel(a) {n}.",
    "turn": "{who}: {what}",
    "drew": "lízl(a) {n}",
    "played": "zahrál(a) {action}",
    "passed": "nemohl(a) hrát",
    "and": " a ",
    "last_turn": "Poslední tah: {last}",
    "tie": "Zablokováno se stejným součtem: nikdo nevyhrál.",
    "out": "{who} vyložil(a) všechny kameny.",
    "blocked": "{who} vyhrává zablokovanou hru.",
    "target": "{who} dosáhl(a) cíle.",
    "reason": "{who}: {reason}.",
    "points": "Body: {pts}.",
    "seen_by": " Z pohledu: {who}.",
    "open_hands": " Všechny ruce odkryté.",
    "face_down": "{tiles} lícem dolů",
    "face_up": "{tiles} lícem nahoru",
    "no_tiles": "žádné kameny",
    "pips": " (součet {n})",
    "boneyard_line": "Záloha: {tiles}.",
    "out_of_play_line": "Mimo hru: {tiles}.",
    "table_empty": "Stůl: prázdný.",
    "table_line": "Stůl: {layout}. Volné konce: {ends}.",
    "none": "žádné",
    "left": "levý",
    "right": "pravý",
    "up": "horní",
    "down": "dolní",
    "boneyard": "záloha",
    "stock": "zásoba",
    "out_of_play": "mimo hru {n}",
    "stock_line": "Zásoba: {tiles}.",
    "t21_title": "Jedenadvacet",
    "game_over": "Konec hry",
    "take_or_stand": "Na tahu: {who}, brát, nebo stát",
    "table": "stůl",
    "total": "součet {n}",
    "stands": "stojí",
    "BUST": "PŘES",
    "WINS": "VÍTĚZ",
    "bust": "přes",
    "twentyone": "jedenadvacet",
    "nobody": "Nikdo nevyhrál: všichni přebrali.",
    "winner": "Vítěz: {who}.",
    "sol_title": "Sólo domino",
    "sol_won": "Všechny kameny vyloženy: vyhráli jste!",
    "sol_lost": "Žádný kámen nepasuje: hra je prohraná",
    "sol_play": "Přikládejte kameny z ruky",
    "hand": "Ruka",
    "hand_line": "Ruka: {tiles}.",
    "empty": "prázdná",
    "choose_base": "Vyberte základ",
    "round": "Kolo {n}: vyloženo {k}",
    "table_summary": "{title}, stůl: {tiles}, {status}",
    "tile_title": "Kámen {tile}",
    "tile_desc": "Kámen domina {tile} (součet {n}), {how}.",
    "flat": "naležato",
    "upright": "nastojato",
    "back_title": "Kámen lícem dolů",
    "back_desc": "Kámen domina ležící lícem dolů.",
    "hand_title": "Ruka {tiles}",
    "hand_empty": "(prázdná)",
    "hand_desc": "Ruka: {tiles}, součet {n}: {list}.",
    "hand_down_desc": "Ruka: {tiles} lícem dolů.",
    "boneyard_title": "Záloha: {tiles}",
    "boneyard_desc": "Záloha: {tiles} lícem dolů.",
    "layout_title": "Kameny na stole ({kind})",
    "kind_line": "řada",
    "kind_spinner": "kříž",
    "kind_cross": "kříž",
    "layout_summary": "{title}: {tiles}",
    "arm_up": "nahoru: {tiles}",
    "arm_down": "dolů: {tiles}",
    "spinner_line": " Ke kameni {tile} se přikládá ze všech čtyř stran.",
    "to_left": "vlevo",
    "to_right": "vpravo",
    "to_up": "nahoru",
    "to_down": "dolů",
    "touching": " stranou {n}",
    "open_total": "Součet volných konců: {n}",
    "open_total_line": "Součet volných konců: {n}.",
}

_EL: dict[str, str] = {
    "seat": "Παίκτης {n}",
    "player": "Παίκτης {n}",
    "role_you": " (εσείς)",
    "role_computer": " (υπολογιστής)",
    "you": " (εσείς)",
    "to_play": "Σειρά: {who}",
    "hand_over": "Τέλος παιχνιδιού",
    "pot": "μπάνκα {x}",
    "won": "νίκες {x}",
    "score": "πόντοι {x}",
    "place_1": "βγήκε 1ος",
    "place_2": "βγήκε 2ος",
    "place_n": "βγήκε {n}ος",
    "turn": "{who}: {what}",
    "drew": "τράβηξε {n}",
    "played": "έπαιξε {action}",
    "passed": "πάσο",
    "and": " και ",
    "last_turn": "Τελευταία κίνηση: {last}",
    "tie": "Κλειστό με ίσα αθροίσματα: κανείς δεν κερδίζει.",
    "out": "{who}: τελείωσε τα πλακίδια.",
    "blocked": "{who}: κερδίζει το κλειστό παιχνίδι.",
    "target": "{who}: έφτασε τον στόχο.",
    "reason": "{who}: {reason}.",
    "points": "Πόντοι: {pts}.",
    "seen_by": " Από τη θέση: {who}.",
    "open_hands": " Ανοιχτά χέρια.",
    "face_down": "{tiles} κλειστά",
    "face_up": "{tiles} ανοιχτά",
    "no_tiles": "κανένα πλακίδιο",
    "pips": " (άθροισμα {n})",
    "boneyard_line": "Πάγκος: {tiles}.",
    "out_of_play_line": "Εκτός παιχνιδιού: {tiles}.",
    "table_empty": "Τραπέζι: άδειο.",
    "table_line": "Τραπέζι: {layout}. Ανοιχτές άκρες: {ends}.",
    "none": "καμία",
    "left": "αριστερή",
    "right": "δεξιά",
    "up": "πάνω",
    "down": "κάτω",
    "boneyard": "πάγκος",
    "stock": "στοίβα",
    "out_of_play": "εκτός παιχνιδιού {n}",
    "stock_line": "Στοίβα: {tiles}.",
    "t21_title": "Εικοσιένα",
    "game_over": "Τέλος παιχνιδιού",
    "take_or_stand": "Σειρά: {who}, πάρε ή στοπ",
    "table": "τραπέζι",
    "total": "σύνολο {n}",
    "stands": "στοπ",
    "BUST": "ΚΑΗΚΕ",
    "WINS": "ΝΙΚΑ",
    "bust": "κάηκε",
    "twentyone": "εικοσιένα",
    "nobody": "Κανείς δεν κερδίζει: κάηκαν όλοι.",
    "winner": "Νικητής: {who}.",
    "sol_title": "Πασιέντζα",
    "sol_won": "Όλα τα πλακίδια κάτω: κερδίσατε!",
    "sol_lost": "Κανένα πλακίδιο δεν ταιριάζει: χάσατε",
    "sol_play": "Βάλτε πλακίδια από το χέρι σας",
    "hand": "Χέρι",
    "hand_line": "Χέρι: {tiles}.",
    "empty": "άδειο",
    "choose_base": "Διαλέξτε τη βάση",
    "round": "Γύρος {n}: {k} κάτω",
    "table_summary": "{title}, τραπέζι: {tiles}, {status}",
    "tile_title": "Πλακίδιο {tile}",
    "tile_desc": "Το πλακίδιο {tile} (άθροισμα {n}), {how}.",
    "flat": "οριζόντιο",
    "upright": "όρθιο",
    "back_title": "Κλειστό πλακίδιο",
    "back_desc": "Ένα πλακίδιο ντόμινο γυρισμένο ανάποδα.",
    "hand_title": "Χέρι {tiles}",
    "hand_empty": "(άδειο)",
    "hand_desc": "Χέρι με {tiles}, άθροισμα {n}: {list}.",
    "hand_down_desc": "Χέρι με {tiles} κλειστά.",
    "boneyard_title": "Πάγκος: {tiles}",
    "boneyard_desc": "Πάγκος: {tiles} κλειστά.",
    "layout_title": "Πλακίδια στο τραπέζι ({kind})",
    "kind_line": "γραμμή",
    "kind_spinner": "σταυρός",
    "kind_cross": "σταυρός",
    "layout_summary": "{title}: {tiles}",
    "arm_up": "πάνω: {tiles}",
    "arm_down": "κάτω: {tiles}",
    "spinner_line": " Το {tile} δέχεται πλακίδια και από τις τέσσερις πλευρές.",
    "to_left": "αριστερά",
    "to_right": "δεξιά",
    "to_up": "πάνω",
    "to_down": "κάτω",
    "touching": " με το {n}",
    "open_total": "Άθροισμα ανοιχτών άκρων: {n}",
    "open_total_line": "Άθροισμα ανοιχτών άκρων: {n}.",
}

WORDS: dict[str, dict[str, str]] = {"en": _EN, "cs": _CS, "el": _EL}

# the variants' names; English keeps each variant's own title (`Variant.title`)
TITLES: dict[str, dict[str, str]] = {
    "cs": {"block": "Slepá ulička", "draw_cz": "Domino se zálohou", "draw": "Domino s dobíráním",
           "all_fives": "Všechny pětky", "matador": "Matador", "bergen": "Bergen (Sevastopol)"},
    "el": {"block": "Κλειστό ντόμινο", "draw_cz": "Τσέχικο ντόμινο", "draw": "Ντόμινο με τράβηγμα",
           "all_fives": "Όλα 5", "matador": "Ματαντόρ", "bergen": "Μπέργκεν (Σεβαστούπολη)"},
}


def check_lang(lang: str) -> str:
    """``lang`` if the renderer speaks it, else a `ParameterError` listing the languages."""
    if not isinstance(lang, str) or lang not in WORDS:
        raise ParameterError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


@dataclass(frozen=True)
class Labels:
    """The renderer's words in one language: call it with a key and the fields to fill in."""

    lang: str

    def __call__(self, key: str, **fields: Any) -> str:
        text = WORDS[self.lang][key]
        return text.format(**fields) if fields else text

    def tiles(self, n: int) -> str:
        """A count of tiles with the plural the language needs (Czech: 1, 2-4, 5+; Greek: 1, 2+).

        >>> [labels("cs").tiles(n) for n in (2, 4, 21)]
        ['2 kameny', '4 kameny', '21 kamenů']
        """
        if self.lang == "cs":
            return f"{n} kámen" if n == 1 else f"{n} kameny" if 2 <= n <= 4 else f"{n} kamenů"
        if self.lang == "el":
            return f"{n} πλακίδιο" if n == 1 else f"{n} πλακίδια"
        return f"{n} tile" if n == 1 else f"{n} tiles"

    def place(self, n: int) -> str:
        """The order in which a seat went out (BRG-5).

        >>> labels("en").place(2), labels("cs").place(1)
        ('out 2nd', 'vyšel(a) 1.')
        """
        return self(f"place_{n}") if n in (1, 2) else self("place_n", n=n)

    def action(self, action: Any) -> str:
        """A play as a person reads it: the tile notation stays, the end is said in the language
        (in English that is the notation itself).

        >>> from domino_widgets.core.actions import Action
        >>> labels("cs").action(Action.parse("2-5 left")), labels("el").action(Action.parse("1-6 up"))
        ('2-5 vlevo', '1-6 πάνω')
        >>> labels("en").action(Action.parse("1-6 left 1")), labels("cs").action(Action.parse("1-6 left 1"))
        ('1-6 left 1', '1-6 vlevo stranou 1')
        """
        if action.tile is None or action.kind.value != "play":
            return str(action)
        out = str(action.tile)
        if action.end is not None:
            out += " " + self("to_" + str(action.end))
        if action.touching is not None:
            out += self("touching", n=action.touching)
        return out

    def title(self, variant: str, default: str) -> str:
        """The name of ``variant`` (``default``, its own title, in English or when untranslated).

        >>> labels("cs").title("block", "Block game"), labels("en").title("block", "Block game")
        ('Slepá ulička', 'Block game')
        """
        return TITLES.get(self.lang, {}).get(variant, default)


def player_name(seat: int, lang: str = "en", role: str | None = None) -> str:
    """How a person reads the name of 0-based ``seat``: people count from 1, code from 0.

    This is the one naming scheme for every text a person reads (pictures, widgets, rule
    explorer, lessons). ``role`` adds who plays the seat: ``"you"`` for the person at the
    widget, ``"computer"`` for an AI seat, ``None`` (hot-seat, pictures of a plain position)
    for nothing.

    >>> player_name(0), player_name(0, role="you"), player_name(1, role="computer")
    ('Player 1', 'Player 1 (you)', 'Player 2 (computer)')
    >>> player_name(1, "cs", "computer"), player_name(0, "el", "you")
    ('Hráč 2 (počítač)', 'Παίκτης 1 (εσείς)')
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
        raise ParameterError(f"seat must be a whole number from 0, not {seat!r}")
    if role not in ROLES:
        raise ParameterError(f"role must be one of {', '.join(map(repr, ROLES))}, not {role!r}")
    words = WORDS[check_lang(lang)]
    name = words["player"].format(n=seat + 1)
    return name if role is None else name + words["role_" + role]


ROLES: tuple[str | None, ...] = (None, "you", "computer")


def labels(lang: str = "en") -> Labels:
    """The words of ``lang`` ("en", "cs" or "el"); anything else raises `ParameterError`."""
    return Labels(check_lang(lang))

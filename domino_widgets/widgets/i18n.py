"""Labels and messages of the widgets in English, Czech and Greek.

The core's notation (``3-5``, ``5-6 right``, ``draw``) is never translated: only the words
around it. Every language has every key (a test checks it); a key missing from a future
language falls back to English.

>>> tr("en", "played", who="You", tile="3-5")
'You played 3-5'
>>> tr("cs", "new_hand"), tr("el", "new_hand")
('Nová hra', 'Νέο παιχνίδι')
>>> tr("de", "draw")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: lang must be one of en, cs, el, not 'de'
"""

from __future__ import annotations

from typing import Any

from ..core.errors import ParameterError
from ..render.labels import player_name

LANGS: tuple[str, ...] = ("en", "cs", "el")

_EN: dict[str, str] = {
    # players
    "you": "You",
    "seat": "Player {n}",
    "computer": "Computer {n}",
    # buttons and switches
    "draw": "Draw",
    "pass": "Pass",
    "new_hand": "New hand",
    "new_match": "New match",
    "undo": "Undo",
    "redo": "Redo",
    "hint": "Hint",
    "inference": "Counting",
    "open_hands": "Open hands",
    "speed": "Computer's pause (s)",
    "level": "Computer",
    "replay": "Move",
    "save": "Save record",
    "load": "Load record",
    "take": "Take",
    "stand": "Stand",
    "set_up": "Set up",
    # turn and status
    "your_turn": "Your turn: click a highlighted tile",
    "turn_of": "{who} to play",
    "thinking": "{who} is thinking…",
    "hand_no": "Hand {n}",
    "game_no": "Game {n}",
    "match_to": "match to {target}",
    "rounds_of": "round {n} of {rounds}",
    "scores": "Scores",
    "this_hand": "this hand",
    "boneyard": "boneyard {n}",
    "n_tiles": "{n} tiles",
    "table": "Table",
    # events (the tiles named are public: played, or drawn by the viewer)
    "played": "{who} played {tile}",
    "played_end": "{who} played {tile} {end}",
    "scored": "{who}: {sum} → +{points} (A5-4)",
    "drew": "{who} drew {tile}",
    "drew_hidden": "{who} drew a tile",
    "passed": "{who} passed: nothing fits and nothing is left to draw",
    "forced_lead": "{who} played {tile}: the highest double leads (DRW-2)",
    "forced_lead_66": "{who} played 6-6 in the middle (BRG-2)",
    "auto_draw": "No tile fits: you draw (COM-5)",
    "auto_pass": "Nothing fits and nothing is left to draw: you pass (BLK-3)",
    # refusals: why a click did nothing
    "not_your_turn": "Wait: it is {who}'s turn",
    "busy": "Wait: {who} is thinking",
    "not_in_hand": "{tile} is not in your hand",
    "does_not_fit": "{tile} fits no open end",
    "must_draw": "No tile fits: draw a tile (COM-5)",
    "must_pass": "Nothing fits and the boneyard is empty: pass",
    "must_play": "A tile of yours fits: you must play it (COM-4)",
    "lead_forced": "The rules make {tile} lead (DRW-2)",
    "hand_over": "The hand is over: click New hand",
    "match_over": "The match is over: click New match",
    "choose_end": "{tile} fits {n} ends: click the end where it goes",
    "choose_half": "{tile}: choose which half touches the end",
    "pick_tile_first": "Click a tile first, then the end",
    "not_a_target": "{tile} cannot go {end}",
    "stale": "That click was on an old picture of the board: look again and click",
    "replaying": "Replay: move {i} of {n}",
    "ai_turn_in_replay": "It is {who}'s turn: go to the last move (or Redo) to let the game go on",
    "bad_click": "That click was not understood",
    "nothing_to_undo": "Nothing to undo",
    "nothing_to_redo": "Nothing to redo",
    "undone": "Back to move {i}",
    "redone": "Forward to move {i}",
    # ends
    "left": "left",
    "right": "right",
    "up": "up",
    "down": "down",
    # the end of a hand and of a match
    "went_out": "{who} went out",
    "blocked_win": "Blocked: the lower count wins ({who})",
    "blocked_tie": "Blocked with equal counts: nobody wins the hand",
    "reached_target": "{who} reached {target}",
    "hand_points": "Points for this hand: {points}",
    "match_won": "{who} won the match",
    "match_tied": "The match ended in a tie",
    # panels
    "hint_title": "The computer's estimate of each move",
    "hint_wait": "Thinking about a hint…",
    "hint_none": "No choice to make",
    "hint_points": "expected points margin of the hand",
    "hint_hands": "chance of winning the hand",
    "hint_rounds": "expected share of the pot",
    "move": "move",
    "value": "value",
    "inference_title": "What the others may hold (exact)",
    "can_follow": "Chance {who} can follow on {n}: {p}",
    "unavailable": "Not available yet: {what}",
    # records
    "saved": "The record of this hand is in the box below",
    "loaded": "Record loaded: {n} moves",
    "record_hidden": "A record names hidden tiles: finish the hand or switch on open hands to see it",
    "record_error": "Could not load the record: {error}",
    # twenty-one
    "total": "Total {n}",
    "bust": "bust",
    "stood": "stood",
    "bust_chance": "Chance of going bust if you take: {p}",
    "t21_win": "{who} won",
    "t21_nobody": "Everybody is bust: nobody wins",
    "took": "{who} took {tile}",
    "took_hidden": "{who} took a tile",
    "stands": "{who} stands",
    "auto_stand": "Over 21 (or nothing left to take): you stand (T21-2)",
    "t21_share": "{who} share the prize",
    "exact_chance": "Chance of exactly 21 with one more tile: {p}",
    "new_game": "New game",
    "t21_your_turn": "Your turn: take a tile or stand",
    "must_stand": "You can only stand now (T21-2)",
    "t21_over": "The game is over: click New game",
    "t21_counts": "Counts: {counts}",
    # solitaire
    "choose_base": "Choose the base: click one of the five tiles",
    "base_chosen": "Base {tile}",
    "refilled": "Refill: {n} new tile(s)",
    "sol_won": "All 28 tiles are on the table: you won!",
    "sol_lost": "None of your tiles fits: the game is lost",
    # the explorer
    "explorer_title": "Rule explorer",
    "hands_label": "Hand {n}",
    "boneyard_label": "Boneyard",
    "moves_label": "Moves",
    "legal_moves": "Legal moves",
    "points_if": "scores",
    "ends_after": "ends after",
    "position_ok": "Position set up: {n} legal move(s)",
    "position_error": "Cannot set up this position: {error}",
    # hot-seat privacy
    "show_tiles": "Show Player {n}'s tiles",
    "hidden_turn": "{who}'s turn: pass the screen, then press the button to see the tiles",
    "revealed": "{who}: your tiles are shown",
    "nothing_hidden": "Nothing is hidden",
    # issue 11: one naming scheme, translated ends, scores explained, projector size, the app
    "end_left": "on the left end",
    "end_right": "on the right end",
    "end_up": "on the upper end",
    "end_down": "on the lower end",
    "settled": "End of hand (A5-5): pip counts {counts}; {who} gets the difference rounded to 5: +{points}",
    "table_empty": "(empty)",
    "level_random": "easy (random)",
    "level_greedy": "medium (greedy)",
    "level_expert": "hard (expert)",
    "sol_hint_value": "chance of getting through the next refill (near the end: of winning)",
    "size": "Size",
    "size_normal": "normal",
    "size_large": "large",
    "size_projector": "projector",
    "this_hand_short": "+{n} in this hand",
    "rules": "Rules",
    "game": "Game",
    "language": "Language",
    "app_intro": "Choose a game, then click a highlighted tile to play.",
    "confirm_new": "Start a new game? The game in progress will be lost.",
    "confirm_yes": "Yes, new game",
    "confirm_no": "No, keep playing",
    "touching": "({n} touching)",
    "level_optimal": "hard (optimal)",
    "level_stand_at": "medium (stands at 17)",
    "leader": "Leader",
    "leader_dealt": "as dealt",
    # safety: fair play, records from text or a file, hands that cannot go on, AI failures
    "fair_play": "Fair play",
    "fair_play_tip": "Undo never goes back past a tile that was shown",
    "fair_play_no_undo": "Fair play: undo cannot go back past move {i}, where hidden tiles were shown",
    "fair_play_stop": "Fair play: undo stops at move {i}, where hidden tiles were shown",
    "fair_play_replay": "Fair play: this is a replay; go to move {i} or later to play on",
    "fair_play_on": "Fair play: undo stops where hidden tiles were shown",
    "practice_on": "Practice mode: undo goes back anywhere, so it shows tiles that were hidden",
    "practice_peek": "Practice mode: undo shows tiles that were hidden",
    "upload": "Upload record",
    "upload_tip": "A record file (.json) from your own computer",
    "paste_record": "Paste a record's JSON text into the box, then press Load record (or use Upload record)",
    "record_not_path": "The box takes a record's JSON text, not a file name: paste the record, or use Upload record",
    "stuck": "Nobody can play and nothing is left to draw: the hand cannot go on",
    "ai_failed": "{who} could not move: {error}. Choose another level or start a new game",
}

_CS: dict[str, str] = {
    "you": "Vy",
    "seat": "Hráč {n}",
    "computer": "Počítač {n}",
    "draw": "Líznout",
    "pass": "Dál",
    "new_hand": "Nová hra",
    "new_match": "Nový zápas",
    "undo": "Zpět",
    "redo": "Znovu",
    "hint": "Rada",
    "inference": "Počítání kamenů",
    "open_hands": "Odkryté kameny",
    "speed": "Prodleva počítače (s)",
    "level": "Počítač",
    "replay": "Tah",
    "save": "Uložit záznam",
    "load": "Načíst záznam",
    "take": "Brát",
    "stand": "Stát",
    "set_up": "Sestavit",
    "your_turn": "Jste na tahu: klikněte na zvýrazněný kámen",
    "turn_of": "Na tahu: {who}",
    "thinking": "{who} přemýšlí…",
    "hand_no": "Hra {n}",
    "game_no": "Hra {n}",
    "match_to": "zápas do {target}",
    "rounds_of": "kolo {n} z {rounds}",
    "scores": "Skóre",
    "this_hand": "tato hra",
    "boneyard": "záloha {n}",
    "n_tiles": "počet kamenů: {n}",
    "table": "Stůl",
    "played": "{who} zahrál {tile}",
    "played_end": "{who} zahrál {tile} {end}",
    "scored": "{who}: {sum} → +{points} (A5-4)",
    "drew": "{who} lízl {tile}",
    "drew_hidden": "{who} lízl kámen",
    "passed": "{who}: DÁL, nic nepasuje a není co líznout",
    "forced_lead": "{who} vynáší {tile}: začíná nejvyšší dublet (DRW-2)",
    "forced_lead_66": "{who} vynáší 6-6 doprostřed (BRG-2)",
    "auto_draw": "Žádný kámen nepasuje: lížete (COM-5)",
    "auto_pass": "Nic nepasuje a záloha je prázdná: DÁL (BLK-3)",
    "not_your_turn": "Počkejte: na tahu je {who}",
    "busy": "Počkejte: {who} přemýšlí",
    "not_in_hand": "Kámen {tile} nemáte v ruce",
    "does_not_fit": "{tile} nepasuje na žádný volný konec",
    "must_draw": "Žádný kámen nepasuje: lízněte si (COM-5)",
    "must_pass": "Nic nepasuje a záloha je prázdná: DÁL",
    "must_play": "Máte kámen, který pasuje: musíte ho zahrát (COM-4)",
    "lead_forced": "Pravidla určují, že začíná {tile} (DRW-2)",
    "hand_over": "Hra skončila: klikněte na Nová hra",
    "match_over": "Zápas skončil: klikněte na Nový zápas",
    "choose_end": "{tile} pasuje na {n} konce: klikněte na konec, kam ho položit",
    "choose_half": "{tile}: vyberte, která polovina se dotýká",
    "pick_tile_first": "Nejdřív klikněte na kámen, potom na konec",
    "not_a_target": "{tile} nelze položit {end}",
    "stale": "Klik patřil ke starému obrázku stolu: podívejte se znovu a klikněte",
    "replaying": "Přehrávání: tah {i} z {n}",
    "ai_turn_in_replay": "Na tahu je {who}: přejděte na poslední tah (nebo Znovu), aby hra pokračovala",
    "bad_click": "Tomuto kliknutí nerozumím",
    "nothing_to_undo": "Není co vrátit",
    "nothing_to_redo": "Není co zopakovat",
    "undone": "Zpět na tah {i}",
    "redone": "Vpřed na tah {i}",
    "left": "levý",
    "right": "pravý",
    "up": "horní",
    "down": "dolní",
    "went_out": "{who}: DOMINO, všechny kameny vyloženy",
    "blocked_win": "Zablokováno: {who} má nižší součet",
    "blocked_tie": "Zablokováno se stejným součtem: hru nikdo nevyhrál",
    "reached_target": "{who} dosáhl {target} bodů",
    "hand_points": "Body za tuto hru: {points}",
    "match_won": "{who} vyhrál zápas",
    "match_tied": "Zápas skončil nerozhodně",
    "hint_title": "Jak počítač hodnotí každý tah",
    "hint_wait": "Přemýšlím o radě…",
    "hint_none": "Není z čeho vybírat",
    "hint_points": "očekávaný bodový rozdíl hry",
    "hint_hands": "šance vyhrát hru",
    "hint_rounds": "očekávaný podíl z banku",
    "move": "tah",
    "value": "hodnota",
    "inference_title": "Co mohou mít ostatní (přesně)",
    "can_follow": "Šance, že {who} může přiložit na {n}: {p}",
    "unavailable": "Zatím není k dispozici: {what}",
    "saved": "Záznam této hry je v poli níže",
    "loaded": "Záznam načten: {n} tahů",
    "record_hidden": "Záznam prozrazuje skryté kameny: dohrajte hru nebo zapněte Odkryté kameny",
    "record_error": "Záznam nelze načíst: {error}",
    "total": "Součet {n}",
    "bust": "přes",
    "stood": "stojí",
    "bust_chance": "Šance, že přeberete, když si vezmete: {p}",
    "t21_win": "{who} vyhrál",
    "t21_nobody": "Všichni přebrali: nikdo nevyhrál",
    "took": "{who} bere {tile}",
    "took_hidden": "{who} bere kámen",
    "stands": "{who} stojí",
    "auto_stand": "Přes 21 (nebo už není co brát): stojíte (T21-2)",
    "t21_share": "O výhru se dělí: {who}",
    "exact_chance": "Šance na přesně 21 s dalším kamenem: {p}",
    "new_game": "Nová hra",
    "t21_your_turn": "Jste na tahu: berte, nebo stůjte",
    "must_stand": "Teď už můžete jen stát (T21-2)",
    "t21_over": "Hra skončila: klikněte na Nová hra",
    "t21_counts": "Součty: {counts}",
    "choose_base": "Vyberte základ: klikněte na jeden z pěti kamenů",
    "base_chosen": "Základ {tile}",
    "refilled": "Doplněno nových kamenů: {n}",
    "sol_won": "Všech 28 kamenů je na stole: vyhráli jste!",
    "sol_lost": "Žádný kámen nepasuje: hra je prohraná",
    "explorer_title": "Průzkumník pravidel",
    "hands_label": "Ruka {n}",
    "boneyard_label": "Záloha",
    "moves_label": "Tahy",
    "legal_moves": "Povolené tahy",
    "points_if": "body",
    "ends_after": "konce potom",
    "position_ok": "Pozice sestavena: {n} povolených tahů",
    "position_error": "Tuto pozici nelze sestavit: {error}",
    "show_tiles": "Ukázat kameny hráče {n}",
    "hidden_turn": "Na tahu: {who}. Předejte obrazovku a stiskněte tlačítko, kameny se ukážou",
    "revealed": "{who}: vaše kameny jsou vidět",
    "nothing_hidden": "Nic není skryto",
    # issue 11: one naming scheme, translated ends, scores explained, projector size, the app
    "end_left": "na levý konec",
    "end_right": "na pravý konec",
    "end_up": "na horní konec",
    "end_down": "na dolní konec",
    "settled": "Konec hry (A5-5): součty ok {counts}; {who} získává rozdíl zaokrouhlený na pětky: +{points}",
    "table_empty": "(prázdný)",
    "level_random": "slabý (náhodné tahy)",
    "level_greedy": "střední (hladový)",
    "level_expert": "silný (expert)",
    "sol_hint_value": "šance přečkat příští doplnění (ke konci: šance vyhrát)",
    "size": "Velikost",
    "size_normal": "běžná",
    "size_large": "velká",
    "size_projector": "projektor",
    "this_hand_short": "+{n} v této hře",
    "rules": "Pravidla",
    "game": "Hra",
    "language": "Jazyk",
    "app_intro": "Vyberte hru a hrajte kliknutím na zvýrazněný kámen.",
    "confirm_new": "Začít novou hru? Rozehraná hra se ztratí.",
    "confirm_yes": "Ano, nová hra",
    "confirm_no": "Ne, hrát dál",
    "touching": "(přiložit stranou {n})",
    "level_optimal": "silný (optimální)",
    "level_stand_at": "střední (stojí na 17)",
    "leader": "Začíná",
    "leader_dealt": "podle rozdání",
    # safety: fair play, records from text or a file, hands that cannot go on, AI failures
    "fair_play": "Férová hra",
    "fair_play_tip": "Tah zpět se nikdy nevrátí před kostku, která už byla ukázána",
    "fair_play_no_undo": "Férová hra: zpět nelze jít před tah {i}, kdy se ukázaly skryté kostky",
    "fair_play_stop": "Férová hra: tah zpět se zastaví u tahu {i}, kdy se ukázaly skryté kostky",
    "fair_play_replay": "Férová hra: toto je přehrávání; ve hře můžete pokračovat od tahu {i}",
    "fair_play_on": "Férová hra: tah zpět se zastaví tam, kde se ukázaly skryté kostky",
    "practice_on": "Režim cvičení: tah zpět se vrátí kamkoli, a tak ukáže kostky, které byly skryté",
    "practice_peek": "Režim cvičení: tah zpět ukazuje kostky, které byly skryté",
    "upload": "Nahrát záznam",
    "upload_tip": "Soubor se záznamem (.json) z vašeho počítače",
    "paste_record": "Vložte do pole text záznamu ve formátu JSON a stiskněte Načíst záznam (nebo použijte Nahrát záznam)",
    "record_not_path": "Do pole patří text záznamu ve formátu JSON, ne název souboru: vložte záznam, nebo použijte Nahrát záznam",
    "stuck": "Nikdo nemůže hrát a v záloze nic nezbylo: hra nemůže pokračovat",
    "ai_failed": "{who} nemůže táhnout: {error}. Zvolte jinou sílu AI, nebo začněte novou hru",
}

_EL: dict[str, str] = {
    "you": "Εσείς",
    "seat": "Παίκτης {n}",
    "computer": "Υπολογιστής {n}",
    "draw": "Τράβηξε",
    "pass": "Πάσο",
    "new_hand": "Νέο παιχνίδι",
    "new_match": "Νέος αγώνας",
    "undo": "Αναίρεση",
    "redo": "Επανάληψη",
    "hint": "Βοήθεια",
    "inference": "Μέτρημα",
    "open_hands": "Ανοιχτά χέρια",
    "speed": "Παύση υπολογιστή (δευτ.)",
    "level": "Υπολογιστής",
    "replay": "Κίνηση",
    "save": "Αποθήκευση",
    "load": "Φόρτωση",
    "take": "Πάρε",
    "stand": "Στοπ",
    "set_up": "Στήσιμο",
    "your_turn": "Σειρά σας: πατήστε ένα φωτισμένο πλακίδιο",
    "turn_of": "Σειρά: {who}",
    "thinking": "{who} σκέφτεται…",
    "hand_no": "Παιχνίδι {n}",
    "game_no": "Παιχνίδι {n}",
    "match_to": "αγώνας στους {target}",
    "rounds_of": "γύρος {n} από {rounds}",
    "scores": "Πόντοι",
    "this_hand": "αυτό το παιχνίδι",
    "boneyard": "πάγκος {n}",
    "n_tiles": "{n} πλακίδια",
    "table": "Τραπέζι",
    "played": "{who} έπαιξε {tile}",
    "played_end": "{who} έπαιξε {tile} {end}",
    "scored": "{who}: {sum} → +{points} (A5-4)",
    "drew": "{who}: τράβηξε {tile}",
    "drew_hidden": "{who}: τράβηξε ένα πλακίδιο",
    "passed": "{who}: πάσο, τίποτα δεν ταιριάζει και ο πάγκος είναι άδειος",
    "forced_lead": "{who} ανοίγει με {tile}: ανοίγει η μεγαλύτερη διπλή (DRW-2)",
    "forced_lead_66": "{who} ανοίγει με 6-6 στη μέση (BRG-2)",
    "auto_draw": "Κανένα πλακίδιο δεν ταιριάζει: τραβάτε (COM-5)",
    "auto_pass": "Τίποτα δεν ταιριάζει και ο πάγκος είναι άδειος: πάσο (BLK-3)",
    "not_your_turn": "Περιμένετε: σειρά έχει {who}",
    "busy": "Περιμένετε: {who} σκέφτεται",
    "not_in_hand": "Το {tile} δεν είναι στο χέρι σας",
    "does_not_fit": "Το {tile} δεν ταιριάζει σε καμία άκρη",
    "must_draw": "Κανένα πλακίδιο δεν ταιριάζει: τραβήξτε (COM-5)",
    "must_pass": "Τίποτα δεν ταιριάζει και ο πάγκος είναι άδειος: πάσο",
    "must_play": "Ένα πλακίδιό σας ταιριάζει: πρέπει να το παίξετε (COM-4)",
    "lead_forced": "Οι κανόνες ορίζουν να ανοίξει το {tile} (DRW-2)",
    "hand_over": "Το παιχνίδι τελείωσε: πατήστε Νέο παιχνίδι",
    "match_over": "Ο αγώνας τελείωσε: πατήστε Νέος αγώνας",
    "choose_end": "Το {tile} ταιριάζει σε {n} άκρες: πατήστε την άκρη που θέλετε",
    "choose_half": "{tile}: διαλέξτε ποιο μισό ακουμπά την άκρη",
    "pick_tile_first": "Πατήστε πρώτα ένα πλακίδιο, μετά την άκρη",
    "not_a_target": "Το {tile} δεν μπαίνει {end}",
    "stale": "Το κλικ έγινε σε παλιά εικόνα του τραπεζιού: κοιτάξτε ξανά και πατήστε",
    "replaying": "Αναπαραγωγή: κίνηση {i} από {n}",
    "ai_turn_in_replay": "Σειρά έχει {who}: πηγαίνετε στην τελευταία κίνηση (ή Επανάληψη) για να συνεχιστεί",
    "bad_click": "Αυτό το κλικ δεν έγινε κατανοητό",
    "nothing_to_undo": "Τίποτα για αναίρεση",
    "nothing_to_redo": "Τίποτα για επανάληψη",
    "undone": "Πίσω στην κίνηση {i}",
    "redone": "Μπροστά στην κίνηση {i}",
    "left": "αριστερή",
    "right": "δεξιά",
    "up": "πάνω",
    "down": "κάτω",
    "went_out": "{who} τελείωσε τα πλακίδια",
    "blocked_win": "Κλειστό: {who} έχει το μικρότερο άθροισμα",
    "blocked_tie": "Κλειστό με ίσα αθροίσματα: κανείς δεν κερδίζει",
    "reached_target": "{who} έφτασε τους {target}",
    "hand_points": "Πόντοι αυτού του παιχνιδιού: {points}",
    "match_won": "{who} κέρδισε τον αγώνα",
    "match_tied": "Ο αγώνας έληξε ισόπαλος",
    "hint_title": "Η εκτίμηση του υπολογιστή για κάθε κίνηση",
    "hint_wait": "Σκέφτομαι μια βοήθεια…",
    "hint_none": "Δεν υπάρχει επιλογή",
    "hint_points": "αναμενόμενη διαφορά πόντων",
    "hint_hands": "πιθανότητα να κερδίσετε το παιχνίδι",
    "hint_rounds": "αναμενόμενο μερίδιο της μπάνκας",
    "move": "κίνηση",
    "value": "τιμή",
    "inference_title": "Τι μπορεί να έχουν οι άλλοι (ακριβώς)",
    "can_follow": "Πιθανότητα {who} να ακολουθήσει στο {n}: {p}",
    "unavailable": "Δεν είναι ακόμη διαθέσιμο: {what}",
    "saved": "Η καταγραφή αυτού του παιχνιδιού είναι στο πλαίσιο από κάτω",
    "loaded": "Η καταγραφή φορτώθηκε: {n} κινήσεις",
    "record_hidden": "Η καταγραφή δείχνει κρυφά πλακίδια: τελειώστε το παιχνίδι ή ανοίξτε τα χέρια",
    "record_error": "Η καταγραφή δεν φορτώθηκε: {error}",
    "total": "Σύνολο {n}",
    "bust": "κάηκε",
    "stood": "στοπ",
    "bust_chance": "Πιθανότητα να καείτε αν πάρετε: {p}",
    "t21_win": "{who} κέρδισε",
    "t21_nobody": "Κάηκαν όλοι: κανείς δεν κερδίζει",
    "took": "{who}: πήρε {tile}",
    "took_hidden": "{who}: πήρε ένα πλακίδιο",
    "stands": "{who}: στοπ",
    "auto_stand": "Πάνω από 21 (ή τίποτα για να πάρετε): στοπ (T21-2)",
    "t21_share": "Μοιράζονται το έπαθλο: {who}",
    "exact_chance": "Πιθανότητα για ακριβώς 21 με ένα ακόμη πλακίδιο: {p}",
    "new_game": "Νέο παιχνίδι",
    "t21_your_turn": "Σειρά σας: πάρτε πλακίδιο ή στοπ",
    "must_stand": "Τώρα μπορείτε μόνο να σταματήσετε (T21-2)",
    "t21_over": "Το παιχνίδι τελείωσε: πατήστε Νέο παιχνίδι",
    "t21_counts": "Αθροίσματα: {counts}",
    "choose_base": "Διαλέξτε τη βάση: πατήστε ένα από τα πέντε πλακίδια",
    "base_chosen": "Βάση {tile}",
    "refilled": "Συμπλήρωση: {n} νέα πλακίδια",
    "sol_won": "Και τα 28 πλακίδια είναι στο τραπέζι: κερδίσατε!",
    "sol_lost": "Κανένα πλακίδιο δεν ταιριάζει: χάσατε",
    "explorer_title": "Εξερεύνηση κανόνων",
    "hands_label": "Χέρι {n}",
    "boneyard_label": "Πάγκος",
    "moves_label": "Κινήσεις",
    "legal_moves": "Επιτρεπτές κινήσεις",
    "points_if": "πόντοι",
    "ends_after": "άκρες μετά",
    "position_ok": "Η θέση στήθηκε: {n} επιτρεπτές κινήσεις",
    "position_error": "Η θέση δεν στήνεται: {error}",
    "show_tiles": "Δείξε τα πλακίδια του Παίκτη {n}",
    "hidden_turn": "Σειρά: {who}. Δώστε την οθόνη και πατήστε το κουμπί για να δείτε τα πλακίδια",
    "revealed": "{who}: τα πλακίδιά σας φαίνονται",
    "nothing_hidden": "Τίποτα δεν είναι κρυφό",
    # issue 11: one naming scheme, translated ends, scores explained, projector size, the app
    "end_left": "στην αριστερή άκρη",
    "end_right": "στη δεξιά άκρη",
    "end_up": "στην πάνω άκρη",
    "end_down": "στην κάτω άκρη",
    "settled": "Τέλος παιχνιδιού (A5-5): αθροίσματα {counts}. {who} παίρνει τη διαφορά στρογγυλεμένη στο 5: +{points}",
    "table_empty": "(άδειο)",
    "level_random": "εύκολο (τυχαίες κινήσεις)",
    "level_greedy": "μέτριο (άπληστο)",
    "level_expert": "δύσκολο (ειδικός)",
    "sol_hint_value": "πιθανότητα να περάσετε το επόμενο συμπλήρωμα (προς το τέλος: να κερδίσετε)",
    "size": "Μέγεθος",
    "size_normal": "κανονικό",
    "size_large": "μεγάλο",
    "size_projector": "προβολέας",
    "this_hand_short": "+{n} σε αυτό το παιχνίδι",
    "rules": "Κανόνες",
    "game": "Παιχνίδι",
    "language": "Γλώσσα",
    "app_intro": "Διαλέξτε παιχνίδι και πατήστε ένα φωτισμένο πλακίδιο για να παίξετε.",
    "confirm_new": "Νέο παιχνίδι; Το παιχνίδι που παίζεται θα χαθεί.",
    "confirm_yes": "Ναι, νέο παιχνίδι",
    "confirm_no": "Όχι, συνεχίζω",
    "touching": "(να ακουμπά το {n})",
    "level_optimal": "δύσκολο (βέλτιστο)",
    "level_stand_at": "μέτριο (στοπ στο 17)",
    "leader": "Ξεκινά",
    "leader_dealt": "όπως μοιράστηκαν",
    # safety: fair play, records from text or a file, hands that cannot go on, AI failures
    "fair_play": "Τίμιο παιχνίδι",
    "fair_play_tip": "Η αναίρεση δεν γυρίζει ποτέ πριν από πλακίδιο που έχει ήδη φανεί",
    "fair_play_no_undo": "Τίμιο παιχνίδι: η αναίρεση δεν γυρίζει πριν από την κίνηση {i}, όπου φάνηκαν κρυφά πλακίδια",
    "fair_play_stop": "Τίμιο παιχνίδι: η αναίρεση σταματά στην κίνηση {i}, όπου φάνηκαν κρυφά πλακίδια",
    "fair_play_replay": "Τίμιο παιχνίδι: αυτή είναι αναπαραγωγή· πηγαίνετε στην κίνηση {i} ή αργότερα για να συνεχίσετε",
    "fair_play_on": "Τίμιο παιχνίδι: η αναίρεση σταματά εκεί όπου φάνηκαν κρυφά πλακίδια",
    "practice_on": "Λειτουργία εξάσκησης: η αναίρεση γυρίζει οπουδήποτε, άρα δείχνει πλακίδια που ήταν κρυφά",
    "practice_peek": "Λειτουργία εξάσκησης: η αναίρεση δείχνει πλακίδια που ήταν κρυφά",
    "upload": "Ανέβασμα καταγραφής",
    "upload_tip": "Αρχείο καταγραφής (.json) από τον δικό σας υπολογιστή",
    "paste_record": "Επικολλήστε στο πλαίσιο το κείμενο JSON μιας καταγραφής και πατήστε Φόρτωση (ή Ανέβασμα καταγραφής)",
    "record_not_path": "Το πλαίσιο δέχεται το κείμενο JSON μιας καταγραφής, όχι όνομα αρχείου: επικολλήστε την καταγραφή ή πατήστε Ανέβασμα καταγραφής",
    "stuck": "Κανείς δεν μπορεί να παίξει και ο πάγκος είναι άδειος: το παιχνίδι δεν μπορεί να συνεχιστεί",
    "ai_failed": "{who}: δεν μπόρεσε να παίξει: {error}. Διαλέξτε άλλο επίπεδο ή ξεκινήστε νέο παιχνίδι",
}

CATALOG: dict[str, dict[str, str]] = {"en": _EN, "cs": _CS, "el": _EL}

VARIANT_TITLES: dict[str, dict[str, str]] = {
    "en": {"block": "Block game", "draw_cz": "Czech draw game", "draw": "Draw dominoes",
           "all_fives": "All Fives", "matador": "Matador", "bergen": "Bergen (Sebastopol)",
           "twentyone": "Twenty-one", "solitaire": "Solitaire"},
    "cs": {"block": "Slepá ulička", "draw_cz": "Domino se zálohou", "draw": "Domino s dobíráním",
           "all_fives": "Všechny pětky", "matador": "Matador", "bergen": "Bergen (Sevastopol)",
           "twentyone": "Jedenadvacet", "solitaire": "Sólo domino"},
    "el": {"block": "Κλειστό ντόμινο", "draw": "Ντόμινο με τράβηγμα", "draw_cz": "Τσέχικο ντόμινο",
           "all_fives": "Όλα 5", "matador": "Ματαντόρ", "bergen": "Μπέργκεν (Σεβαστούπολη)",
           "twentyone": "Εικοσιένα", "solitaire": "Πασιέντζα ντόμινο"},
}


def check_lang(lang: str) -> str:
    """``lang`` if it is a language of the widgets, else a `ParameterError` listing them."""
    if lang not in CATALOG:
        raise ParameterError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


def tr(lang: str, key: str, **fields: Any) -> str:
    """The message ``key`` in ``lang`` with ``fields`` filled in."""
    table = CATALOG[check_lang(lang)]
    text = table.get(key) or _EN[key]
    return text.format(**fields) if fields else text


def variant_title(lang: str, variant: str) -> str:
    """The name of a variant in ``lang`` (the variant id when it has none).

    >>> variant_title("el", "all_fives")
    'Όλα 5'
    """
    return VARIANT_TITLES[check_lang(lang)].get(variant, variant)


class PerSeat(tuple):  # type: ignore[type-arg]
    """Numbers per seat in a message (counts, points), put into words with each seat's name."""


def seat_name(seat: int, lang: str, *, human: bool, people: int) -> str:
    """The one naming scheme (`player_name`): the one person at the widget is "(you)", an AI seat
    "(computer)", and in hot-seat play (two people or more) a person's seat has no role.

    >>> seat_name(0, "en", human=True, people=1), seat_name(1, "en", human=False, people=1)
    ('Player 1 (you)', 'Player 2 (computer)')
    >>> seat_name(1, "cs", human=True, people=2), seat_name(1, "el", human=False, people=0)
    ('Hráč 2', 'Παίκτης 2 (υπολογιστής)')
    """
    return player_name(seat, lang, None if human and people != 1 else "you" if human else "computer")


def layout_text(layout: Any, lang: str) -> str:
    """The table in notation with its words in ``lang``: an empty table, and the spinner's arms.

    >>> import domino_widgets as dw
    >>> s = dw.new_game("all_fives", seed=3)
    >>> layout_text(s.layout, "cs"), layout_text(s.play(s.legal_actions()[0]).layout, "el")
    ('(prázdný)', '5-5 | πάνω: - | κάτω: -')
    """
    text = str(layout)
    if layout.center is None:
        return tr(lang, "table_empty")
    return text.replace("| up:", f"| {tr(lang, 'up')}:").replace("| down:", f"| {tr(lang, 'down')}:")


def level_options(lang: str, levels: tuple[str, ...] = ("random", "greedy", "expert")) -> list[tuple[str, str]]:
    """The computer's levels for a dropdown: (words in ``lang``, level name).

    >>> level_options("cs")[2]
    ('silný (expert)', 'expert')
    """
    return [(tr(lang, f"level_{x}") if f"level_{x}" in _EN else x, x) for x in levels]


def percent(p: Any, lang: str = "en") -> str:
    """An exact chance with its percentage beside it: "11919/12920 (92 %)"; 0 and 1 as they are.

    >>> from fractions import Fraction
    >>> percent(Fraction(11919, 12920), "cs"), percent(Fraction(1)), percent(Fraction(1, 3), "el")
    ('11919/12920 (92 %)', '1 (100 %)', '1/3 (33 %)')
    """
    from fractions import Fraction

    if isinstance(p, Fraction):
        text = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    else:
        text = f"{float(p):.2f}"
    return f"{text} ({100 * float(p):.0f} %)"


def action_text(action: Any, lang: str) -> str:
    """An action as a person reads it in ``lang``: the tile stays in notation, the words around it
    (the end, the half that touches, draw, pass, base) are translated.

    >>> from domino_widgets.core.actions import Action
    >>> action_text(Action.parse("3-5 right"), "cs"), action_text(Action.parse("pass"), "el")
    ('3-5 na pravý konec', 'Πάσο')
    >>> action_text(Action.parse("3-3 left 3"), "en"), action_text(Action.parse("base 2-4"), "en")
    ('3-3 on the left end (3 touching)', 'Base 2-4')
    """
    from ..core.actions import ActionKind

    kind = action.kind
    if kind is ActionKind.PASS:
        return tr(lang, "pass")
    if kind is ActionKind.DRAW:
        return tr(lang, "draw") + (f" {action.tile}" if action.tile is not None else "")
    if kind is ActionKind.TAKE:
        return tr(lang, "take")
    if kind is ActionKind.STAND:
        return tr(lang, "stand")
    if kind is ActionKind.BASE:
        return tr(lang, "base_chosen", tile=str(action.tile))
    text = str(action.tile)
    if action.end is not None:
        text += " " + tr(lang, f"end_{action.end}")
    if action.touching is not None:
        text += " " + tr(lang, "touching", n=action.touching)
    return text

"""Labels and messages of the widgets in every language of the message catalog
(`domino_widgets.language`).

The English texts below are the source: each is the ``msgid`` of a catalog message whose
``msgctxt`` is ``widgets.<key>``; the other languages are read from ``locale/<lang>.mo``. The
core's notation (``3-5``, ``5-6 right``, ``draw``) is never translated: only the words around
it. Every language has every message (``python -m domino_widgets.i18n_catalog check``, run by a
test); a message missing from a new catalog shows in English. No ``lang`` (None) means the
language setting (``dw.set_language``).

>>> tr("en", "played", who="You", tile="3-5")
'You played 3-5'
>>> tr("cs", "new_hand"), tr("el", "new_hand")
('Nová hra', 'Νέος γύρος')
>>> tr("de", "draw")
Traceback (most recent call last):
...
domino_widgets.core.errors.ParameterError: lang must be one of en, cs, el, not 'de'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..core.errors import DominoError, Phrase
from ..language import check_language, languages, npgettext, number, pgettext
from ..render.labels import player_name

_EN: dict[str, str] = {
    # players
    "you": "You",
    # the name of the catalog's own language, written in it (the app's language menu)
    "language_name": "English",
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
    "take": "Take",
    "stand": "Stand",
    "set_up": "Set up",
    # turn and status
    "your_turn": "Your turn: choose a highlighted tile",
    "turn_of": "{who} to play",
    "thinking": "{who} is thinking…",
    "hand_no": "Hand {n}",
    "game_no": "Game {n}",
    "match_to": "match to {target}",
    "match_to_hands": "match to {target} hands won",
    "rounds_of": "round {n} of {rounds}",
    "scores": "Scores",
    "this_hand": "this hand",
    "boneyard": "boneyard {n}",
    "stock": "stock {n}",  # the solitaire's pile (the Czech sheet's «zásoba», SOL-3): the picture's word
    "n_tiles": "{n} tiles",  # plural forms: PLURALS
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
    "hand_over": "The hand is over: press New hand",
    "match_over": "The match is over: press New match",
    "choose_end": "{tile} fits {n} ends: choose the end where it goes (arrow keys, then Enter)",
    "choose_half": "{tile}: choose which half touches the end",
    "pick_tile_first": "Choose a tile first, then the end",
    "not_a_target": "{tile} cannot go {end}",
    "stale": "That choice was made on an old picture of the board: look again and choose",
    "replaying": "Replay: move {i} of {n}",
    "ai_turn_in_replay": "It is {who}'s turn: go to the last move (or Redo) to let the game go on",
    "bad_click": "That choice was not understood",
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
    "match_won_score": "{who} wins the match {score}",
    "match_tied_score": "The match ends in a tie {score}",
    "match_final": "Final score: {scores}",  # every seat's score when the match is decided
    "points_hand": "(+{x} this hand)",
    "auto_draw_note": "Drawing is automatic in this game: when no tile fits, the tiles are drawn for you, so Draw and Pass stay grey",
    # panels
    "hint_title": "The computer's estimate of each move",
    "hint_wait": "Thinking about a hint…",
    "hint_none": "No choice to make",
    "hint_best": "The expert plays {play} (dashed outline on the board): {why}.",
    "hint_close": "Too close to call: {plays}. The expert cannot tell these plays apart.",
    "hint_scores": "it scores {n}",
    "hint_fits": "afterwards, your tiles that fit the open ends: {n}",
    # the hint table's value column, and what its numbers mean, for each unit of the expert
    "hint_points": "points ahead",
    "hint_match_points": "worth in points",
    "hint_hands": "chance of winning",
    "hint_rounds": "share of the pot",
    "hint_points_meaning": "Each number is how many points more than your opponent you score in this hand on "
                           "average if you play that move (with more players: more than the one who scores the most); "
                           "a number below zero means that many fewer. A move that wins the match counts as many "
                           "points extra as the match is played to.",
    "hint_match_points_meaning": "Each number is what the move is worth for winning the match, in points at this "
                                 "score: +2 helps your chance of winning the match as much as ending this hand 2 "
                                 "points ahead of your opponent, −2 hurts it as much as ending 2 points behind.",
    "hint_hands_meaning": "Each number is your chance of winning this hand if you play that move (a hand that "
                          "nobody wins counts as half a win).",
    "hint_rounds_meaning": "Each number is the share of the pot you win in this hand on average if you play that "
                           "move.",
    "hint_how": "The computer worked it out by playing the hand to its end many times, guessing the tiles it "
                "cannot see.",
    "hint_all_behind": "Every number is below zero: whatever you play, you end this hand behind on average, by "
                       "about that many points.",
    "hint_all_behind_match": "Every number is below zero: whatever you play, this hand costs you some of your "
                             "chance of winning the match on average.",
    "hint_least": "The expert's move loses the least.",
    "hint_least_match": "The expert's move costs the least.",
    "move": "move",
    "value": "value",
    "review": "Review",
    "review_tip": "After the hand: the decisions the expert would have made differently",
    "review_wait": "The review opens when the hand is over.",
    "review_none": "No decision where the expert's play is clearly better.",
    "review_working": "Reviewing the hand…",
    "review_progress": "Reviewing the hand… decision {done} of {total}",
    "review_cancel": "Cancel",
    "review_cancelled": "Review cancelled: press Review to start it again.",
    "review_no_person": "Nobody played this hand by hand: nothing to review.",
    "review_of": "Review of hand {n}",
    # plural forms: PLURALS (issue 40: "Decisions with a choice: 2" read badly)
    "review_counts": "You had a real choice {n} times: the expert's play was clearly better in {better} of them, "
                     "too close to call in {close}, and yours about as good in {agree}.",
    "review_no_choice": "You had no real choice in this hand: each of your turns had one play only.",
    "review_better_points": "Move {move}: {who} played {played}; the expert prefers {best}: about {amount} points "
                            "better (between {low} and {high}).",
    "review_better_hands": "Move {move}: {who} played {played}; the expert prefers {best}: it wins about {amount} "
                           "more hands in 100 (between {low} and {high}).",
    "review_better_rounds": "Move {move}: {who} played {played}; the expert prefers {best}: about {amount} more "
                            "in 100 of the pot (between {low} and {high}).",
    "inference_title": "What the others may hold (exact)",
    "can_follow": "Chance {who} can follow on {n}: {p}",
    "unavailable": "Not available yet: {what}",
    # records
    "saved": "The record of this hand is in the box below",
    "loaded": "Record loaded: {n} moves",  # plural forms: PLURALS
    "record_hidden": "A record names hidden tiles: finish the hand or switch on open hands to see it",
    "record_error": "Could not load the record: {error}",
    "save_error": "Could not save: {error}",
    "level_locked_option": "The teacher locked the computer's level ({level}), which cannot play this way: the rule stays as it is",
    "saved_file": "Saved: your browser downloads the file {name}",
    "saved_public": "The file leaves out the tiles you cannot see",
    "download": "Download {name}",
    "loaded_match": "Match loaded: hand {n}",
    "dealt_afresh": "The file does not hold the tiles you could not see: the hidden tiles were dealt afresh, at random, to fit every move you saw",
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
    "t21_passes": "{who} passes for now, and gets another turn if anyone takes a tile",
    "bust_stands": "{who}: over 21, bust, out of this game (T21-2)",
    "bust_stands_hidden": "{who} stands",
    "plays_on": "{who} cannot see your tiles until everybody has stood (T21-3), so it plays on",
    "plays_on_hidden": "{who} plays on",
    "app_intro_twentyone": "Choose a game, then press Take or Stand to play.",
    "auto_stand": "Over 21 (or nothing left to take): you stand (T21-2)",
    "t21_share": "{who} share the prize",
    "exact_chance": "Chance of exactly 21 with one more tile: {p}",
    "new_game": "New game",
    "t21_your_turn": "Your turn: take a tile or stand",
    "t21_your_turn_rounds": "Your turn: take a tile or pass",  # T21-2 with rounds=True
    "must_stand": "You can only stand now (T21-2)",
    "t21_over": "The game is over: press New game",
    "t21_counts": "Counts: {counts}",
    # a move tried after the end: the result again, so that it is not lost from the live region
    "t21_over_counts": "The game is over: press New game. Counts: {counts}",
    # solitaire
    "choose_base": "Choose the base: one of the five tiles",
    "base_chosen": "Base {tile}",
    "refilled": "Refill: {n} new tiles",  # plural forms: PLURALS
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
    "position_ok": "Position set up: {n} legal moves",  # plural forms: PLURALS
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
    "sol_hint_column": "chance",
    "size": "Size",
    "size_normal": "normal",
    "size_large": "large",
    "size_projector": "projector",
    "this_hand_short": "+{n} in this hand",
    "rules": "Rules",
    "game": "Game",
    "language": "Language",
    "app_intro": "Choose a game, then play a highlighted tile.",
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
    "upload": "Open record",
    "upload_tip": "A record file (.json) from your own computer",
    "record_not_path": "A record is read from its JSON text, not from a file name: choose the file with Open record",
    "stuck": "Nobody can play and nothing is left to draw: the hand cannot go on",
    "ai_failed": "{who}: the player \"{player}\" could not move: {error}. Choose another level or start a new game",
    "ai_illegal": "{who}: the player \"{player}\" chose a move the rules do not allow. Choose another level or start a new game",
    # issue 27: no mouse, no sight: announcements, keys, the table read on demand, typed moves
    "say_scored": "{who} scores +{points}: {terms}",
    "tile_playable": "{tile}, playable",
    "tile_unplayable": "{tile}, cannot be played",
    "end_open": "{end} end: {n}",
    "key_ends": "Open ends",
    "key_held": "Tiles held",
    "key_last": "Last moves",
    "key_total": "Open-end total",
    # issue 40: the turn said in the live region every time it comes back, and what to do when nothing fits
    "key_turn": "Whose turn",
    "say_your_turn": "Your turn",
    "say_turn_of": "{who}'s turn",
    "say_must_draw": "No tile fits: press D to draw a tile from the boneyard (COM-5)",
    "say_must_pass": "No tile fits and nothing is left to draw: press P to pass",
    "say_seat": "You are {who}, with {tiles}",
    "move_box": "Type a move",
    "typed_not_here": "{text} is not a move in this game: type {example}",
    "keys_intro": "Arrow keys: your tiles, then the ends; Enter: play; Escape: leave the board",
    "announcements": "Announcements",
    # issue 41: the puzzles
    "puzzles": "Puzzles",
    "puzzle_no": "Puzzle {n} of {total}",
    "theme": "Theme",
    "theme_all": "All themes",
    "theme_block": "Blocking",
    "theme_count": "Counting",
    "theme_fives": "Fives",
    "theme_matador": "Matadors",
    "theme_go_out": "Going out",
    "theme_draw": "The boneyard",
    "difficulty": "difficulty {n} of 5",
    "your_rating": "Your rating: {rating}",
    "rating_moved": "Your rating: {old} before, {new} now",
    "puzzles_right": "right {right} of {n}",
    "puzzle_task": "Find the best play",
    "puzzle_right": "Right: {play} is the best play",
    "puzzle_wrong": "Not the best: {why}. The best play is {best}",
    "points_n": "{n} points",  # plural forms: PLURALS
    "sure_win": "It wins the hand whatever the hidden tiles are and whatever your opponent plays",
    "sure_points": "It gains you at least {points} more than your opponent from here to the end of the hand, "
                   "whatever the hidden tiles are and whatever your opponent plays",
    "sure_behind": "Your opponent gains at most {points} more than you from here to the end of the hand, whatever "
                   "the hidden tiles are and whatever your opponent plays",
    "sure_draws": "each tile drawn counted as the worst one for you",
    "why_loses": "{play} can lose the hand: when {holding}, it loses even if you then see every tile",
    "why_ties": "{play} can only tie the hand: when {holding}, a tie is the best it gets even if you then see every tile",
    "why_points": "{play} can fall {short} short: when {holding}, it gains you at most {points} more than your "
                  "opponent even if you then see every tile",
    "why_behind": "{play} can fall {short} short: when {holding}, your opponent gains at least {points} more than "
                  "you even if you then see every tile",
    "holds": "{who} holds {tiles}",
    "boneyard_holds": "the boneyard holds {tiles}, drawn in this order",
    "no_tiles": "no tile",
    "list_and": "{rest} and {last}",
    "best_is": "The best play: {best}",
    "others_title": "Why each other play is worse",
    "puzzle_done": "You have played: press N for the next puzzle",
    "puzzle_none": "No puzzle of this theme: choose another theme",
    "puzzle_keys_after": "X: the answer again; N: the next puzzle",
    "puzzle_next": "Next puzzle",
    "key_task": "The task",
    "key_explain": "The answer explained",
}

# the variants' names in the widgets (English; the others come from the catalog)
_TITLES: dict[str, str] = {
    "block": "Block game", "draw_cz": "Czech draw game", "draw": "Draw dominoes", "all_fives": "All Fives",
    "matador": "Matador", "bergen": "Bergen (Sebastopol)", "twentyone": "Twenty-one", "solitaire": "Solitaire",
}
# Messages with plural forms (a count ``n``): the English singular and plural (the text above is
# the plural, for reading); each catalog gives as many forms as its language's Plural-Forms says
PLURALS: dict[str, tuple[str, str]] = {
    "n_tiles": ("{n} tile", "{n} tiles"),
    "loaded": ("Record loaded: {n} move", "Record loaded: {n} moves"),
    "refilled": ("Refill: {n} new tile", "Refill: {n} new tiles"),
    "position_ok": ("Position set up: {n} legal move", "Position set up: {n} legal moves"),
    "points_n": ("{n} point", "{n} points"),
    "review_counts": ("You had a real choice {n} time: the expert's play was clearly better in {better} of them, "
                      "too close to call in {close}, and yours about as good in {agree}.",
                      "You had a real choice {n} times: the expert's play was clearly better in {better} of them, "
                      "too close to call in {close}, and yours about as good in {agree}."),
}


def catalog_messages() -> Iterator[tuple[str, str | tuple[str, str]]]:
    """The widgets' English texts as catalog messages (context, msgid): `domino_widgets.i18n_catalog`.

    >>> next(catalog_messages())
    ('widgets.you', 'You')
    """
    for key, text in _EN.items():
        yield f"widgets.{key}", PLURALS.get(key, text)
    for variant, title in _TITLES.items():
        yield f"widgets.variant.{variant}", title


class _Table(Mapping[str, Mapping[str, str]]):
    """One table per language read from the catalog (``CATALOG["cs"]["pass"]``)."""

    def __init__(self, english: Mapping[str, str], prefix: str) -> None:
        self.english, self.prefix = english, prefix

    def __getitem__(self, lang: str) -> Mapping[str, str]:
        lang = check_lang(lang)
        return {key: pgettext(lang, self.prefix + key, text) for key, text in self.english.items()}

    def __iter__(self) -> Iterator[str]:
        return iter(languages())

    def __len__(self) -> int:
        return len(languages())


CATALOG: Mapping[str, Mapping[str, str]] = _Table(_EN, "widgets.")
VARIANT_TITLES: Mapping[str, Mapping[str, str]] = _Table(_TITLES, "widgets.variant.")


def __getattr__(name: str) -> Any:
    if name == "LANGS":  # the languages of the catalogs present (`domino_widgets.language.languages`)
        return languages()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def check_lang(lang: str | None) -> str:
    """``lang`` if it is a language of the catalog, the language setting
    (`domino_widgets.set_language`) if it is None, else a `ParameterError` listing them."""
    return check_language(lang)


def tr(lang: str | None, key: str, **fields: Any) -> str:
    """The message ``key`` in ``lang`` with ``fields`` filled in (a count ``n`` picks the plural
    form of a message that has them: ``tr("cs", "n_tiles", n=3)`` is "3 kostky").

    >>> tr("cs", "n_tiles", n=1), tr("cs", "n_tiles", n=3), tr("cs", "n_tiles", n=5), tr("en", "n_tiles", n=1)
    ('1 kostka', '3 kostky', '5 kostek', '1 tile')
    """
    if key in PLURALS:
        text = npgettext(lang, f"widgets.{key}", *PLURALS[key], fields["n"])
    else:
        text = pgettext(lang, f"widgets.{key}", _EN[key])
    if not fields:
        return text
    # an error (or a phrase of one) put into this widget's language, not the notebook's
    return text.format(**{k: v.text(lang) if isinstance(v, (DominoError, Phrase)) else v for k, v in fields.items()})


def variant_title(lang: str, variant: str) -> str:
    """The name of a variant in ``lang`` (the variant id when it has none).

    >>> variant_title("el", "all_fives")
    'Όλα 5'
    """
    if variant not in _TITLES:
        return variant
    return pgettext(check_lang(lang), f"widgets.variant.{variant}", _TITLES[variant])


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
        text = number(float(p), ".2f", lang)
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

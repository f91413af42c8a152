"""The rule book in English (data for `domino_widgets.variants.rulebook`)."""

TITLE = "The rules of the domino_widgets games"

INTRO = """
This is the rule book that the package plays by. Every rule has an id (`BLK-3`, `A5-7`, ...);
the tests, the lessons and the widgets name the ids they check or show. The games come from two
seed texts: a Czech rule sheet (the block game, the Czech draw game, Matador, Bergen,
Twenty-one, the solitaire) and a Greek one (the draw game and All Fives).

Each rule says where it comes from:

- **[S]** the seed text states it;
- **[R]** a *reading*: the seed's sentence is ambiguous, contradicts itself or breaks off; the
  default is our reading, and a *seed option* (a variant parameter) plays the other one;
- **[A]** *added*: the seed is silent, so we use standard practice or our own choice. These are
  the house rules; the list at the end shows them all, and which can be changed.

Unless a rule says otherwise the games use the double-six set: 28 tiles, every pair of numbers
0 to 6 once, 168 pips in all. A tile's *value* is its number of pips; a hand's *count* is the sum
of its tiles' values. Options are given as parameters, e.g.
`dw.new_game("all_fives", scoring="draw")`; `dw.rules("all_fives", lang="en")` shows this page's
rules for one game in a notebook.
"""

LABELS = {
    "stop": "Stop the round",  # SOL-3 seed option: the solitaire widget's button
    "panel": "Rules of this game",
    "cross_blocked": "The cross around the 6-6 can no longer be completed: fewer sixes were dealt than its "
                     "free sides need, so the hand blocked in phase one (BRG-1, BRG-3).",
    "source": "The seed says",
    "why": "Why the default reads it so",
    "option": "Option",
    "options": "Settings in force",
    "house": "House rules",
    "legend": "[S] stated by the seed text · [R] our reading, the other one is a seed option · "
              "[A] added where the seed is silent · ✎ changed from the default",
}


# The seed options as the rules panel offers them (widgets/rules_panel.py SEED_OPTIONS)
OPTION_VALUES = {
    ('scoring', 'fives'): 'End of hand: rounded difference, match to 150 (A5-5, A5-6)',
    ('scoring', 'draw'): 'End of hand as in the draw game, match to 50 (A5-7)',
    ('matador_optional', False): 'A matador must be laid when nothing else fits (MAT-4)',
    ('matador_optional', True): 'A matador may be laid, or the player draws (MAT-4)',
    ('rounds', False): 'Each player takes tiles, then stands (T21-2)',
    ('rounds', True): 'Turns go round: one tile or a pass each (T21-2)',
    ('may_stop', False): 'A round lays every tile that fits (SOL-3)',
    ('may_stop', True): 'A round may be stopped early (SOL-3)',
}

SECTIONS = {
    "COM": ("Common terms", "These apply to every game played on a shared line of tiles."),
    "BLK": ("Block game", "Czech seed: the blocked game (\"Slepá ulička\"). No boneyard."),
    "DCZ": ("Czech draw game", "Czech seed: \"Domino se zálohou\". A boneyard, and an empty hand "
            "wins only once the boneyard is used up."),
    "DRW": ("Greek draw game", "Greek seed: Draw Dominoes. The highest double leads; the difference of "
            "the counts scores."),
    "A5": ("All Fives (Muggins)", "Greek seed: \"Όλα 5\". A draw game with a spinner, scoring every play "
           "that makes the open ends a multiple of five."),
    "MAT": ("Matador", "Czech seed. Touching halves make 7; the matadors go anywhere."),
    "BRG": ("Bergen (Sebastopol with a pot)", "The game the Czech seed calls Bergen: a cross around the 6-6 "
            "and a pot shared by the first two out."),
    "T21": ("Twenty-one", "Czech seed: \"Jedenadvacet\". Take tiles and come nearest to 21."),
    "SOL": ("Solitaire", "Czech seed: \"Sólo domino\". One player, one line, refills by rounds."),
}

RULES = {
    "COM-1": "A *line of play* is a chain of tiles in which touching halves must match by the game's "
             "rule. A line without a spinner has exactly two open ends.",
    "COM-2": "A double is laid crosswise. Unless it is a spinner it changes nothing: its open end shows "
             "its number once.",
    "COM-3": "A *spinner* is a double that takes tiles on all four sides; its two long sides open only "
             "after both short sides hold a tile.",
    "COM-4": "A player who can play must play: no drawing and no passing by choice.",
    "COM-5": "*Drawing*: in a game with a boneyard, a player who cannot play draws one tile at a time until "
             "one fits, and plays it at once; if the boneyard runs out first, he passes. Everyone sees how "
             "many tiles he drew and what the ends showed.",
    "COM-6": "*Blocked*: nobody can play and nobody can draw. The hand ends.",
    "COM-7": "Every random step (shuffle, deal, draw, tiles set aside) comes from one seeded random "
             "source, so the same seed replays the same game exactly.",
    "COM-8": "When a tile fits more than one end, the player chooses the end; when it fits the same end "
             "two ways (Matador), he chooses which half touches.",
    "BLK-1": "Two players. Shuffle face down; each takes 7 tiles; the other 14 stay out of play, unseen.",
    "BLK-2": "The first leader is drawn by lot; any tile may lead. In the next hands of a match the players "
             "take turns to lead.",
    "BLK-3": "Players play in turn by COM-1, COM-2 and COM-4; a player who cannot play passes (\"DÁL\").",
    "BLK-4": "Laying your last tile ends the hand (\"DOMINO\") and scores the pips left in the opponent's hand.",
    "BLK-5": "If the hand blocks, both show their tiles and the lower count scores the opponent's whole "
             "count. Equal counts: nobody scores [A]. Option [A]: the winner scores only the difference.",
    "BLK-6": "The match goes to a target agreed beforehand (100 by default; 50 or any other number). The "
             "first to reach it wins.",
    "DCZ-1": "Two players, 7 tiles each, 14 in the boneyard. The leader is drawn by lot, any tile leads, "
             "and leads alternate between hands.",
    "DCZ-2": "Play as in BLK-3, drawing by COM-5.",
    "DCZ-3": "A player with an empty hand is not out while the boneyard has tiles: on his turn he draws "
             "like anyone who cannot play.",
    "DCZ-4": "The hand ends the moment the boneyard is empty and a player holds no tiles: that player wins "
             "(even when it was the opponent who drew the last tile).",
    "DCZ-5": "Otherwise, with the boneyard empty, play goes on as in the block game; a blocked hand is won "
             "by the lower count, and equal counts make a drawn hand.",
    "DCZ-6": "Points are not carried over: the match counts hands won (first to 5). Option: the usual rule, "
             "where laying your last tile ends the hand at once.",
    "DRW-1": "Two players, 7 tiles each; the rest is the boneyard.",
    "DRW-2": "Whoever holds the highest double leads it, automatically. If no double was dealt "
             "(probability 1/345), all tiles are shuffled and dealt again. Every hand starts this way.",
    "DRW-3": "Play as in BLK-3 with drawing by COM-5; a drawn tile that fits is played at once.",
    "DRW-4": "The hand ends when a player lays his last tile, or when it blocks.",
    "DRW-5": "The player with the lower count scores the difference between the two counts (nothing on a "
             "tie). Going out against 4-4 and 0-3 scores 11.",
    "DRW-6": "The match is to 50 (or any target); the first to reach it \"wins the bank\".",
    "DRW-7": "The tiles a human player can lay are highlighted.",
    "A5-1": "Deal, lead (DRW-2), drawing and the end of a hand are as in the Greek draw game.",
    "A5-2": "The first double of the hand (always the lead, by DRW-2) is the spinner (COM-3); no later "
            "double is.",
    "A5-3": "After each play, add up the open ends. A double laid crosswise at the end of an arm counts both "
            "halves (5-5 counts 10). The spinner counts both halves while it is an end, i.e. while at most "
            "one short side holds a tile (alone on the table it counts 10 for 5-5, not 20); once both short "
            "sides hold tiles it counts nothing, and an empty long side counts nothing.",
    "A5-4": "If that sum is a positive multiple of 5, the player who just played scores it at once. A 5-5 "
            "lead scores 10; then 5-0 on one side makes 0 + 10 = 10 and scores; then 5-3 on the other side "
            "makes 0 + 3 = 3 and scores nothing.",
    "A5-5": "End of hand: the difference between the counts, rounded to the nearest multiple of 5 (a "
            "remainder of 1 or 2 goes down, 3 or 4 up), goes to the lower count.",
    "A5-6": "The match is to 150 (or 61, 100, 200, 250, any number). The first to reach it wins, at once, "
            "even in the middle of a hand.",
    "A5-7": "The end of a hand and the target follow A5-5 and A5-6. **Seed option** `scoring=\"draw\"`: the "
            "end of a hand scores as DRW-5 (the plain difference, not rounded) and the match is to 50 as "
            "DRW-6; the points for plays (A5-3, A5-4) stay as they are.",
    "MAT-1": "Two players. Before each hand 3 tiles are set aside face down, unseen by anyone. The leader "
             "is drawn by lot; each takes 3 tiles; the other 19 are the boneyard.",
    "MAT-2": "The leader lays any tile. After that a tile may go on an end only if the two touching halves "
             "add up to 7 (a 6 takes a 1, a 5 a 2, ...; a blank takes nothing the ordinary way).",
    "MAT-3": "The matadors are 0-0, 6-1, 5-2 and 4-3. A player who has no ordinary play but holds a matador "
             "may lay it on either end, either half touching; the next player must again make 7 against its "
             "free half (or lay a matador on the same terms). Option: matadors at any time.",
    "MAT-4": "A player with neither an ordinary play nor a matador draws until he can play (COM-5), and "
             "passes if the boneyard is empty. A player with a matador but no ordinary play must lay it. "
             "**Seed option** `matador_optional=True`: he may lay it or draw instead (COM-5).",
    "MAT-5": "Winning is as in DCZ-3/DCZ-4: an empty hand wins only once the boneyard is empty; a blocked "
             "hand goes to the lower count, equal counts make a drawn hand; the match counts hands won "
             "(first to 5). Option `standard=True`: the hand ends when a player lays his last tile, he "
             "scores the opponent's count, and the match is to 100.",
    "BRG-1": "Four players by default (options: 2 or 3). Each puts one stake in the pot and takes 7 tiles "
             "(with 2 or 3 players the rest is out of play). If nobody was dealt the 6-6, deal again.",
    "BRG-2": "The holder of the 6-6 lays it in the middle. Turns go clockwise (in seat order).",
    "BRG-3": "Phase one: until the 6-6 holds a tile on all four sides, the only legal play is a tile with "
             "a 6 on a free side of the 6-6. Who cannot, passes.",
    "BRG-4": "Phase two: play on the free end of any of the four arms by the ordinary rules. Doubles in the "
             "arms are crosswise and do not branch. Who cannot, passes.",
    "BRG-5": "The first player out takes three quarters of the pot and the second out the rest; the others "
             "get nothing. If the game blocks (also in phase one), the lowest count takes three quarters "
             "and the next lowest the rest; if it blocks after one player is out, the lowest count among "
             "the others takes the rest. Players tied for a place share what those places pay. With 2 "
             "players the default is 3/4 and 1/4; option: the winner takes all.",
    "BRG-6": "Shares of the pot are exact fractions; a match is a number of rounds, and its result is the "
             "table of winnings.",
    "BRG-7": "The standard Bergen (a different game) is not this one; it may be added later as "
             "`bergen_standard`.",
    "T21-1": "Two to four players. In seat order each takes 2 tiles face down and looks at them.",
    "T21-2": "On his turn a player takes tiles from the stock one at a time for as long as he likes, then "
             "stands. Over 21 is bust: he cannot win. **Seed option** `rounds=True`: turns go round in seat "
             "order; each turn a player takes one tile or passes; a player who passed may take on a later "
             "round; bust players are out; the hand ends when a whole round passes with nobody taking, or "
             "the stock is empty.",
    "T21-3": "When everybody has stood, all show their tiles. Exactly 21 wins; otherwise the highest count "
             "not over 21. Tied winners share the prize; if everybody is bust, nobody wins.",
    "T21-4": "Two tiles can already be bust (6-6 with 6-5, 6-4 or 5-5): probability 1/126.",
    "SOL-1": "One player. Shuffle and turn 5 tiles face up.",
    "SOL-2": "Choose one of the five as the base of the line.",
    "SOL-3": "A round: lay tiles from the hand at either end, by ordinary matching, until none of the hand "
             "fits; then draw from the stock as many tiles as were laid in the round (the base counts in "
             "the first round) and turn them face up. **Seed option** `may_stop=True`: the player may end "
             "a round early (\"stop\"), once at least one tile was laid in it.",
    "SOL-4": "You win when all 28 tiles are on the table. You lose when a round lays nothing (the hand has "
             "tiles and none fits), including right after a refill.",
    "SOL-5": "When the stock cannot refill fully, take what is left and go on with a smaller hand.",
}

READINGS = {
    "A5-7": ("the Greek text says the game \"is played like Draw Dominoes\" and breaks off before its "
             "end-of-hand scoring and its target.",
             "rounding to fives and a target of 150 are how All Fives is usually played; \"like Draw "
             "Dominoes\" can also mean the draw game's plain difference and its 50, which the option gives."),
    "MAT-4": ("a player with a matador \"may lay it\" (\"může jej přiložit\"), and drawing is described only "
              "for a player who has neither kind of play.",
              "\"may\" reads as permission to break the rule of 7, not as permission to draw: COM-4 (who can "
              "play must play) covers the matador like any other legal play."),
    "MAT-5": ("the winner is the one who \"after the boneyard is used up\" first has no tiles.",
              "the default keeps the sheet's words (as DCZ-3/DCZ-4); the option is the usual Matador rule."),
    "BRG-1": ("its heading says 2 to 3 players, but its pot text (\"the remaining two get nothing\") needs "
              "four.",
              "the pot rule only makes sense with four, so four is the default. With 2 or 3 players the "
              "tiles not dealt are out of play and the cross often cannot be completed: given the 6-6 was "
              "dealt, it completes with probability 593/2070 ≈ 28.6% with 2 players and 83011/98670 ≈ 84.1% "
              "with 3. That is the seed's game as written; the widget says when it happens."),
    "T21-2": ("each player takes tiles \"as long as he wishes\", and the players reveal \"when no player "
              "wants another tile\".",
              "the first sentence describes one player's turn, as in the card game; the second fits it. "
              "The option plays the second sentence literally: tile by tile, round after round. The exact "
              "odds of one player standing at k are the same either way; the optimal-stopping player does "
              "not apply to rounds and says so."),
    "SOL-3": ("\"lay as many as possible\", given as advice.",
              "advice is not a rule, but laying on while a tile fits is the natural reading and keeps the "
              "game a puzzle about the order of plays. Measured exactly with the best play on the "
              "double-two set, stopping early helps: 29/30 of the deals are won instead of 19/30 (three tiles "
              "face up)."),
}

HOUSE_INTRO = """
The seed texts are silent on these points, or leave ties open. These are our choices; where a
parameter is named, a teacher can change it (e.g. `dw.new_game("block", blocked_scoring="difference")`
or the settings of a game widget).
"""

HOUSE = [
    ("COM-4", "Who can play must play; nobody draws or passes by choice."),
    ("COM-7", "Every game has a seed and replays exactly."),
    ("COM-8", "The player chooses the end (and in Matador the touching half) when a tile fits several ways."),
    ("BLK-5", "Blocked with equal counts: nobody scores. The winner of a blocked hand scores the opponent's "
              "count; or only the difference."),
    ("BLK-6", "Match to 100 points."),
    ("DCZ-5", "Blocked with equal counts: a drawn hand."),
    ("DCZ-6", "The match counts hands won, first to 5; or the usual rule where the last tile ends the hand."),
    ("DRW-5", "Equal counts: nobody scores."),
    ("DRW-6", "Match to 50 points."),
    ("A5-5", "The difference at the end of a hand is rounded to fives (1, 2 down; 3, 4 up)."),
    ("A5-6", "Match to 150, won at once when reached, even mid-hand."),
    ("A5-7", "End of hand and target as in the draw game (seed option)."),
    ("MAT-3", "Matadors only when no ordinary play fits; or at any time."),
    ("MAT-4", "A matador must be laid when it is the only play; or the player may draw instead (seed option)."),
    ("MAT-5", "Blocked with equal counts: a drawn hand. Match to 5 hands won; or the usual rule to 100 points."),
    ("BRG-1", "Four players; 2 or 3 as the seed's heading allows."),
    ("BRG-5", "Players tied for a place share what those places pay, equally. Two players: 3/4 and 1/4, or "
              "winner takes all."),
    ("BRG-6", "Exact fractions of the pot; a match of 4 rounds."),
    ("T21-2", "Each player's turn until he stands; or tile by tile in rounds (seed option)."),
    ("T21-3", "Tied winners share the prize; all bust: nobody wins."),
    ("SOL-3", "Lay while a tile fits; or stop early (seed option)."),
    ("SOL-5", "A short stock refills what it can; the game goes on with a smaller hand."),
]

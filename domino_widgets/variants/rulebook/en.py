"""The rule book in English (data for `domino_widgets.variants.rulebook`)."""

TITLE = "The rules of the domino_widgets games"

INTRO = """
This is the rule book that the package plays by. Every rule has an id (`BLK-3`, `A5-7`, ...);
the tests, the lessons and the widgets name the ids they check or show. The games come from two
rule sheets, kept word for word in `docs/sheets/`: the Czech rule sheet (the block game, the
Czech draw game, Matador, Bergen, Twenty-one, the solitaire) and the Greek rule sheet (the draw
game and All Fives). Where the book quotes a sheet, the sheet's own words stand in «guillemets»,
followed by a translation.

Each rule says where it comes from:

- **[S]** the rule sheet states it; a part it does not state (a tie, a blocked hand) carries an
  inline [A];
- **[R]** a *reading*: the sheet's sentence is ambiguous, contradicts itself or breaks off; the
  default is our reading, and an option (a variant parameter) plays the *other reading*;
- **[A]** *added*: the sheet is silent, so we use standard practice or our own choice. These are
  the house rules; the list at the end shows them all, and which can be changed;
- **[D]** *derived*: not a rule, a consequence of the rules worked out for the reader.

Unless a rule says otherwise the games use the double-six set: 28 tiles, every pair of numbers
0 to 6 once, 168 pips in all; in the games that have it, the option `pips` [A] plays with another
set. A tile's *value* is its number of pips; a hand's *count* is the sum
of its tiles' values. Options are given as parameters, e.g.
`dw.new_game("all_fives", scoring="draw")`; `dw.rules("all_fives", lang="en")` shows this page's
rules for one game in a notebook.
"""

LABELS = {
    "stop": "Stop the round",  # SOL-3 seed option: the solitaire widget's button
    "panel": "Rules of this game",
    "cross_blocked": "The cross around the 6-6 can no longer be completed: fewer sixes were dealt than its "
                     "free sides need, so the hand blocked in phase one (BRG-1, BRG-3).",
    "source": "The sheet says",
    "why": "Why the default reads it so",
    "option": "Option",
    "options": "Settings in force",
    "house": "House rules",
    "legend": "[S] stated by the rule sheet · [R] our reading, the other reading is an option · "
              "[A] added where the sheet is silent · [D] derived, not a rule · ✎ changed from the option's "
              "default",
}


# The options of the [R] rules as the rules panel offers them (widgets/rules_panel.py SEED_OPTIONS);
# {target} is the target the match would have with that value.
OPTION_VALUES = {
    ('scoring', 'fives'): 'End of hand: rounded difference, match to {target} (A5-5, A5-6)',
    ('scoring', 'draw'): 'End of hand as in the draw game, match to {target} (A5-7)',
    ('players', 3): 'Three players, as the heading says (BRG-1)',
    ('players', 2): 'Two players, as the heading allows (BRG-1)',
    ('players', 4): 'Four players, as the pot rule needs (BRG-1)',
    ('matador_optional', False): 'A matador must be laid when nothing else fits (MAT-4)',
    ('matador_optional', True): 'A matador may be laid, or the player draws (MAT-4)',
    ('rounds', False): 'Each player takes tiles, then stands (T21-2)',
    ('rounds', True): 'Turns go round: one tile or a pass each (T21-2)',
    ('may_stop', False): 'A round lays every tile that fits (SOL-3)',
    ('may_stop', True): 'A round may be stopped early (SOL-3)',
}

SECTIONS = {
    "COM": ("Common terms", "These apply to every game played on a shared line of tiles."),
    "BLK": ("Block game", "Czech rule sheet: the blocked game (\"Slepá ulička\"). No boneyard."),
    "DCZ": ("Czech draw game", "Czech rule sheet: \"Domino se zálohou\". A boneyard, and an empty hand "
            "wins only once the boneyard is used up."),
    "DRW": ("Greek draw game", "Greek rule sheet: Draw Dominoes. The highest double leads; the difference of "
            "the counts scores."),
    "A5": ("All Fives (Muggins)", "Greek rule sheet: \"Όλα 5\". A draw game with a spinner, scoring every play "
           "that makes the open ends a multiple of five."),
    "MAT": ("Matador", "Czech rule sheet. Touching halves make 7; the matadors go anywhere."),
    "BRG": ("Bergen (Sebastopol with a pot)", "The game the Czech rule sheet calls Bergen: a cross around the 6-6 "
            "and a pot shared by the first two out."),
    "T21": ("Twenty-one", "Czech rule sheet: \"Jedenadvacet\". Take tiles and come nearest to 21."),
    "SOL": ("Solitaire", "Czech rule sheet: \"Sólo domino\". One player, one line, refills by rounds."),
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
             "many tiles he drew and what the ends showed [A].",
    "COM-6": "*Blocked*: nobody can play and nobody can draw. The hand ends.",
    "COM-7": "Every random step (shuffle, deal, draw, tiles set aside) comes from one seeded random "
             "source, so the same seed replays the same game exactly.",
    "COM-8": "When a tile fits more than one end, the player chooses the end; when it fits the same end "
             "two ways (Matador), he chooses which half touches.",
    "BLK-1": "Two players. Shuffle face down; each takes 7 tiles; the other 14 stay out of play, unseen.",
    "BLK-2": "The first leader is drawn by lot; any tile may lead. In the next hands of a match the players "
             "take turns to lead.",
    "BLK-3": "Players play in turn by COM-1, COM-2 and COM-4; a player who cannot play passes: «DÁL» "
             "(\"pass\").",
    "BLK-4": "Laying your last tile ends the hand («DOMINO», \"domino!\") and scores the pips left in the "
             "opponent's hand.",
    "BLK-5": "If the hand blocks, both show their tiles and the lower count scores the opponent's whole "
             "count. Equal counts: nobody scores [A]. Option [A]: the winner scores only the difference.",
    "BLK-6": "The match goes to a target agreed beforehand (100 by default; 50 or any other number). The "
             "first to reach it wins.",
    "DCZ-1": "Two players, 7 tiles each, 14 in the boneyard. The leader is drawn by lot, any tile leads, "
             "and leads alternate between hands.",
    "DCZ-2": "Play as in BLK-3, drawing by COM-5.",
    "DCZ-3": "«Ze zálohy bere také hráč v případě, kdy již vyložil všechny svoje kostky a přišla na něho "
             "řada» (\"A player also draws from the boneyard when he has already laid all his tiles and his turn "
             "comes\"): a player with an empty hand is not out while the boneyard has tiles; on his turn he draws "
             "like anyone who cannot play.",
    "DCZ-4": "«Vítězem každé hry je hráč, který se po rozebrání zálohy zbavil dříve všech svých kostek» (\"The "
             "winner of each hand is the player who, once the boneyard is taken up, got rid of all his tiles "
             "first\"): the hand ends the moment the boneyard is empty and a player holds no tiles, and that "
             "player wins, even when it was the opponent who drew the last tile [A]. Option [A] `standard=True`: "
             "laying your last tile ends the hand at once, boneyard or not, against the sheet's sentence in "
             "DCZ-3 (as Matador's `standard=True`).",
    "DCZ-5": "Otherwise, with the boneyard empty, play goes on as in the block game; a blocked hand is won "
             "by the lower count, and equal counts make a drawn hand [A].",
    "DCZ-6": "Points are not carried over: the match counts hands won (first to 5 [A]).",
    "DRW-1": "Two players, 7 tiles each; the rest is the boneyard.",
    "DRW-2": "Whoever holds the highest double leads it, automatically. If no double was dealt "
             "(probability 1/345), all tiles are shuffled and dealt again. Every hand starts this way.",
    "DRW-3": "Play as in BLK-3 with drawing by COM-5; a drawn tile that fits is played at once.",
    "DRW-4": "The hand ends when a player lays his last tile, or when it blocks.",
    "DRW-5": "The player with the lower count scores the difference between the two counts (nothing on a "
             "tie [A]). Going out against 4-4 and 0-3 scores 11.",
    "DRW-6": "The match is to 50 (or any target); the first to reach it «κερδίζει την μπάνκα» (\"wins the "
             "bank\").",
    "DRW-7": "The tiles a human player can lay are highlighted.",
    "A5-1": "Deal, lead (DRW-2), drawing and the end of a hand are as in the Greek draw game.",
    "A5-2": "The first double of the hand (always the lead, by DRW-2) is the spinner (COM-3); no later "
            "double is.",
    "A5-3": "After each play, add up the open ends. A double laid crosswise at the end of an arm counts both "
            "halves (5-5 counts 10). The spinner counts both halves while it is an end, i.e. while at most "
            "one short side holds a tile (alone on the table it counts 10 for 5-5, not 20); once both short "
            "sides hold tiles it counts nothing, and an empty long side counts nothing [A].",
    "A5-4": "If that sum is a positive multiple of 5, the player who just played scores it at once. A 5-5 "
            "lead scores 10 [A]; then 5-0 on one side makes 0 + 10 = 10 and scores; then 5-3 on the other "
            "side makes 0 + 3 = 3 and scores nothing.",
    "A5-5": "End of hand: the difference between the counts, rounded to the nearest multiple of 5 (a "
            "remainder of 1 or 2 goes down, 3 or 4 up), goes to the lower count.",
    "A5-6": "The match is to 150 (or 61, 100, 200, 250, any number). The first to reach it wins, at once, "
            "even in the middle of a hand.",
    "A5-7": "The end of a hand and the target follow A5-5 and A5-6. **Other reading** `scoring=\"draw\"`: the "
            "end of a hand scores as DRW-5 (the plain difference, not rounded) and the match is to 50 as "
            "DRW-6; the points for plays (A5-3, A5-4) stay as they are.",
    "MAT-1": "Two players. Before each hand 3 tiles are set aside face down, unseen by anyone. The leader "
             "is drawn by lot; each takes 3 tiles; the other 19 are the boneyard.",
    "MAT-2": "The leader lays any tile. After that a tile may go on an end only if the two touching halves "
             "add up to 7 (a 6 takes a 1, a 5 a 2, ...; a blank takes nothing the ordinary way).",
    "MAT-3": "The matadors are 0-0, 6-1, 5-2 and 4-3. A player who has no ordinary play but holds a matador "
             "may lay it on either end, either half touching; the next player must again make 7 against its "
             "free half (or lay a matador on the same terms). Option [A]: matadors at any time.",
    "MAT-4": "A player with neither an ordinary play nor a matador draws until he can play (COM-5), and "
             "passes if the boneyard is empty. A player with a matador but no ordinary play must lay it. "
             "**Other reading** `matador_optional=True`: he may lay it or draw instead (COM-5).",
    "MAT-5": "Winning is as in DCZ-3/DCZ-4: an empty hand wins only once the boneyard is empty; a blocked "
             "hand goes to the lower count, equal counts make a drawn hand [A]; the match counts hands won, "
             "first to 5 [A]. **Other reading** `last_tile_ends=True`: the hand ends when a player lays his "
             "last tile, boneyard or not, and still counts as a hand won. Option [A] `standard=True`: the "
             "usual Matador rule: the hand ends at the last tile, the winner scores the opponent's count, "
             "and the match is to 100 points.",
    "BRG-1": "Three players by default, as the sheet's heading says (option `players`: 2 as the heading also "
             "allows, or 4 as the pot text needs). Each puts one stake in the pot and takes 7 tiles; the other "
             "7 are out of play. If nobody was dealt the 6-6, deal again [A].",
    "BRG-2": "The holder of the 6-6 lays it in the middle. Turns go clockwise (in seat order).",
    "BRG-3": "Phase one: until the 6-6 holds a tile on all four sides, the only legal play is a tile with "
             "a 6 on a free side of the 6-6. Who cannot, passes.",
    "BRG-4": "Phase two: play on the free end of any of the four arms by the ordinary rules. Doubles in the "
             "arms are crosswise and do not branch. Who cannot, passes.",
    "BRG-5": "The first player out takes three quarters of the pot and the second out the rest; the others "
             "get nothing. If the game blocks (also in phase one), the lowest count takes three quarters "
             "and the next lowest the rest; if it blocks after one player is out, the lowest count among "
             "the others takes the rest [A]. Players tied for a place share what those places pay [A]. "
             "With 2 players the default is 3/4 and 1/4; option: the winner takes all [A].",
    "BRG-6": "Shares of the pot are exact fractions; a match is a number of rounds, and its result is the "
             "table of winnings.",
    "BRG-7": "The standard Bergen (a different game) is not this one; it may be added later as "
             "`bergen_standard`.",
    "T21-1": "Two to four players. In seat order each takes 2 tiles face down and looks at them.",
    "T21-2": "On his turn a player takes one or more tiles from the stock, one at a time, then stands. Over "
             "21 is bust: he cannot win. **Other reading** `rounds=True`: turns go round in seat order; "
             "each turn a player takes one tile or passes; a take opens a new round, so a player who passed "
             "is asked again; bust players are out; the hand ends when a whole round passes with nobody "
             "taking, or the stock is empty.",
    "T21-3": "When everybody has stood, all show their tiles. Exactly 21 wins; otherwise the highest count "
             "not over 21. Tied winners share the prize [A]; if everybody is bust, nobody wins [A].",
    "T21-4": "Not a rule, a consequence of T21-1 and T21-2: two tiles can already be bust (6-6 with 6-5, 6-4 or 5-5): probability 1/126.",
    "SOL-1": "One player. Shuffle and turn 5 tiles face up. Option [A] `hand_size`: another number of tiles "
             "face up.",
    "SOL-2": "Choose one of the five as the base of the line.",
    "SOL-3": "A round: lay tiles from the hand at either end, by ordinary matching, until none of the hand "
             "fits; then draw from the stock as many tiles as were laid in the round (the base counts in "
             "the first round) and turn them face up. **Other reading** `may_stop=True`: the player may end "
             "a round early (\"stop\"), once at least one tile was laid in it.",
    "SOL-4": "You win when all 28 tiles are on the table. You lose when a round lays nothing (the hand has "
             "tiles and none fits), including right after a refill.",
    "SOL-5": "When the stock cannot refill fully, take what is left and go on with a smaller hand.",
}

# The rules as they hold with an option that changes them (docs/rules.md states the defaults; the
# rules panel and `dw.rules` show these instead): rule id -> {condition: text}, the first condition
# that holds wins. A condition "name=value" holds for that value, "name" for any value other than
# the option's own default. The texts may name {target}, {pips}, {tiles} (tiles in the set),
# {rest} (tiles not dealt), {players}, {rounds}, {hand_size} and {no_double} (DRW-2's probability).
AS_SET = {
    "COM-4": {
        "matador_optional=True": "A player who can play must play, with one exception (MAT-4, the other reading): a "
                                 "player whose only plays are matadors may draw instead. Nobody passes by choice.",
    },
    "BLK-1": {
        "pips": "Two players, with the set up to {pips}-{pips} ({tiles} tiles) [A]. Shuffle face down; each takes 7 "
                "tiles; the other {rest} stay out of play, unseen.",
    },
    "BLK-5": {
        "blocked_scoring='difference'": "If the hand blocks, both show their tiles and the lower count scores the "
                                        "difference between the two counts, not the opponent's whole count as the "
                                        "sheet says (option [A]). Equal counts: nobody scores [A].",
    },
    "BLK-6": {
        "target": "The match goes to {target} points, agreed beforehand (the sheet names 50 and 100). The first to "
                  "reach them wins.",
    },
    "DCZ-1": {
        "pips": "Two players, 7 tiles each, {rest} in the boneyard: the set up to {pips}-{pips} has {tiles} tiles "
                "[A]. The leader is drawn by lot, any tile leads, and leads alternate between hands.",
    },
    "DCZ-4": {
        "standard=True": "Laying your last tile ends the hand at once and wins it, even while the boneyard has "
                         "tiles (option [A] `standard=True`, as in most draw games): a player with an empty hand "
                         "does not draw, against the sheet's sentence in DCZ-3.",
    },
    "DCZ-6": {
        "target": "Points are not carried over: the match counts hands won, first to {target} [A].",
    },
    "DRW-2": {
        "pips": "Whoever holds the highest double leads it, automatically. If no double was dealt (probability "
                "{no_double} with the set up to {pips}-{pips} [A]), all tiles are shuffled and dealt again. Every "
                "hand starts this way.",
    },
    "DRW-6": {
        "target": "The match is to {target} points (the sheet's usual match is to 50); the first to reach them "
                  "«κερδίζει την μπάνκα» (\"wins the bank\").",
    },
    "A5-6": {
        "target": "The match is to {target} points. The first to reach them wins, at once, even in the middle of "
                  "a hand.",
    },
    "A5-7": {
        "scoring='draw'": "**Other reading** `scoring=\"draw\"`: the end of a hand scores as in the draw game "
                          "(DRW-5: the plain difference, not rounded) and the match is to {target} points "
                          "(DRW-6); the points for plays (A5-3, A5-4) stay as they are.",
    },
    "MAT-3": {
        "matadors_any_time=True": "The matadors are 0-0, 6-1, 5-2 and 4-3. A player may lay a matador at any time, "
                                  "even when an ordinary play fits (option [A]; the sheet allows it only to a "
                                  "player who has no ordinary play), on either end, either half touching; the "
                                  "next player must again make 7 against its free half (or lay a matador).",
    },
    "MAT-4": {
        "matador_optional=True": "A player with neither an ordinary play nor a matador draws until he can play "
                                 "(COM-5), and passes if the boneyard is empty. **Other reading** "
                                 "`matador_optional=True`: a player with a matador but no ordinary play may lay it "
                                 "or draw instead (COM-5).",
    },
    "MAT-5": {
        "standard=True": "Option [A] `standard=True`, the usual Matador rule: the hand ends when a player lays his "
                         "last tile, boneyard or not, and he scores the opponent's count; a blocked hand goes to "
                         "the lower count, which scores the opponent's count, and equal counts score nothing [A]; "
                         "the match is to {target} points.",
        "last_tile_ends=True": "**Other reading** `last_tile_ends=True`: the hand ends when a player lays his last "
                               "tile, boneyard or not, and counts as a hand won; a blocked hand goes to the lower "
                               "count, equal counts make a drawn hand [A]; the match counts hands won, first to "
                               "{target} [A].",
        "target": "Winning is as in DCZ-3/DCZ-4: an empty hand wins only once the boneyard is empty; a blocked hand "
                  "goes to the lower count, equal counts make a drawn hand [A]; the match counts hands won, first "
                  "to {target} [A].",
    },
    "BRG-1": {
        "players=2": "Two players, as the sheet's heading allows (option `players`). Each puts one stake in the pot "
                     "and takes 7 tiles; the other {rest} are out of play. If nobody was dealt the 6-6, deal again "
                     "[A].",
        "players=4": "**Other reading** `players=4`: four players, as the pot text needs. Each puts one stake in the pot and "
                     "takes 7 tiles: all 28 are dealt, so one of them holds the 6-6.",
    },
    "BRG-5": {
        "two_player_split='winner_takes_all'+players=2": "The first player out takes the whole pot (option [A]); "
                                                         "if the game blocks (also in phase one), the lower count "
                                                         "takes it. Equal counts share it [A].",
        "players=2": "The first player out takes three quarters of the pot and the other the rest [A]; if the game "
                     "blocks (also in phase one), the lower count takes three quarters and the other the rest. "
                     "Equal counts share the whole pot equally [A].",
        "players=4": "The first player out takes three quarters of the pot and the second out the rest; the other "
                     "two get nothing. If the game blocks (also in phase one), the lowest count takes three "
                     "quarters and the next lowest the rest; if it blocks after one player is out, the lowest count "
                     "among the others takes the rest [A]. Players tied for a place share what those places pay "
                     "[A].",
    },
    "BRG-6": {
        "rounds": "Shares of the pot are exact fractions; a match is {rounds} rounds, and its result is the table "
                  "of winnings.",
    },
    "T21-2": {
        "rounds=True": "**Other reading** `rounds=True`: turns go round in seat order; on his turn a player takes "
                       "one tile from the stock or passes. Over 21 is bust: he cannot win, and he is out. When "
                       "anyone takes a tile, everyone who is not bust gets another turn, also those who passed.",
    },
    "T21-3": {
        "rounds=True": "When a whole round goes by with nobody taking a tile, or the stock is empty, all show "
                       "their tiles. Exactly 21 wins; otherwise the highest count not over 21. Tied winners share "
                       "the prize [A]; if everybody is bust, nobody wins [A].",
    },
    "SOL-1": {
        "pips": "One player, with the set up to {pips}-{pips} ({tiles} tiles) [A]. Shuffle and turn {hand_size} "
                "tiles face up.",
        "hand_size": "One player. Shuffle and turn {hand_size} tiles face up (the sheet says 5) [A].",
    },
    "SOL-2": {
        "hand_size": "Choose one of the tiles face up as the base of the line.",
    },
    "SOL-3": {
        "may_stop=True": "A round: lay tiles from the hand at either end, by ordinary matching; the player may end "
                         "the round (\"stop\") once at least one tile was laid in it, and must end it when none of "
                         "the hand fits (**other reading** `may_stop=True`). Then draw from the stock as many tiles "
                         "as were laid in the round (the base counts in the first round) and turn them face up.",
    },
    "SOL-4": {
        "pips": "You win when all {tiles} tiles are on the table. You lose when a round lays nothing (the hand has "
                "tiles and none fits), including right after a refill.",
    },
}

# The house rules as they hold with an option (same conditions and fields as AS_SET).
HOUSE_AS_SET = {
    "BLK-6": {"target": "Match to {target} points."},
    "DCZ-4": {"standard=True": "The last tile ends the hand at once (option [A])."},
    "DCZ-6": {"target": "The match is to {target} hands won."},
    "DRW-6": {"target": "Match to {target} points."},
    "A5-6": {"target": "Match to {target}, won at once when reached, even mid-hand."},
    "A5-7": {"scoring='draw'": "End of hand and target as in the draw game (the other reading)."},
    "MAT-3": {"matadors_any_time=True": "Matadors at any time (option)."},
    "MAT-4": {"matador_optional=True": "A player whose only plays are matadors may draw instead (the other reading)."},
    "MAT-5": {
        "standard=True": "The usual Matador rule: the last tile ends the hand, the winner scores the opponent's "
                         "count; blocked with equal counts: nobody scores; match to {target} points.",
        "last_tile_ends=True": "The last tile ends the hand at once (the other reading). Blocked with equal counts: "
                               "a drawn hand. Match to {target} hands won.",
        "target": "Blocked with equal counts: a drawn hand. Match to {target} hands won.",
    },
    "BRG-1": {
        "players=2": "Two players: dealt again when nobody holds the 6-6.",
        "players=4": "Four players.",
    },
    "BRG-5": {
        "two_player_split='winner_takes_all'+players=2": "Two players: the winner takes all; equal counts share.",
        "players=2": "Two players: 3/4 and 1/4; equal counts share.",
    },
    "BRG-6": {"rounds": "Exact fractions of the pot; a match of {rounds} rounds."},
    "T21-2": {"rounds=True": "Tile by tile in rounds (the other reading)."},
    "SOL-3": {"may_stop=True": "A round may be stopped early (the other reading)."},
}

READINGS = {
    "COM-4": ("the Czech rule sheet: «Hráč, který nemůže přiložit řádnou kostku, řekne „DÁL“» (\"A player who "
              "cannot lay a proper tile says 'pass'\"); the Greek rule sheet: «Εάν σε κάποια φάση του παιχνιδιού "
              "δεν μπορείτε να παίξετε το ντόμινό σας, θα σας μοιραστεί αυτόματα ένα ή περισσότερα ντόμινο από "
              "τον σωρό» (\"If at some point of the game you cannot play your tile, you will automatically be "
              "dealt one or more tiles from the boneyard\").",
              "both sheets say what a player does who cannot play (he passes; he is dealt tiles from the "
              "boneyard) and give no choice to one who can: passing and drawing are for a player who cannot "
              "play. The one place a sheet says \"may\" is Matador's matador (MAT-4), whose other reading "
              "(`matador_optional=True`) lets a player draw instead of laying it."),
    "A5-7": ("All Fives «Παίζεται παρόμοια με το Draw Dominoes» (\"is played similarly to Draw Dominoes\") "
             "except for the points for plays, and the Greek rule sheet breaks off before it says how a hand "
             "ends in points or how long the match is.",
             "read literally, \"similarly to Draw Dominoes\" carries the draw game's end of a hand over: the "
             "plain difference of the counts (DRW-5) and a match to 50 (DRW-6); that is the other reading, "
             "`scoring=\"draw\"`. The default differs because the sheet breaks off before this point and "
             "All Fives as usually played rounds the end of a hand to fives, so that every score is a "
             "multiple of five like the points for plays, and goes to 150 (A5-5, A5-6, both added)."),
    "MAT-4": ("a player with a matador «může jej přiložit na kteroukoli stranu řady bez ohledu na počet ok» "
              "(\"may lay it on either end of the line whatever the pips\"), and drawing is described only "
              "for a player who has neither: «Pokud nemáte potřebnou kostku na přiložení ani „MATADORA“» "
              "(\"If you have neither the tile you need nor a matador\").",
              "\"may\" reads as permission to break the rule of 7, not as permission to draw: COM-4 (who can "
              "play must play) covers the matador like any other legal play."),
    "MAT-5": ("the winner is the player «který se po vyčerpání zálohy zbaví dříve všech svých kostek» (\"who, "
              "after the boneyard is used up, is the first to get rid of all his tiles\").",
              "these are the words of DCZ-4, read the same way: an empty hand wins only once the boneyard is "
              "empty. The other reading (`last_tile_ends=True`) takes \"after the boneyard is used up\" as "
              "the usual course of play, and the last tile ends the hand at once. No sentence speaks of "
              "points: the usual Matador rule, the opponent's count scored to 100 (`standard=True`), is an "
              "added option [A]."),
    "BRG-1": ("the heading says «BERGEN (2-3 hráči)» (\"Bergen (2-3 players)\"), but the pot text says "
              "«Zbývající dva hráči vyjdou naprázdno» (\"The remaining two players come away with nothing\"), "
              "which needs four, and «Hru začíná hráč, který má šestkový dubl» (\"The game is begun by the "
              "player who has the double six\") presumes the 6-6 was dealt, certain only when 4 × 7 = 28 "
              "tiles are dealt.",
              "where the sheet states a thing, the default is what it states: its heading says 2 to 3 "
              "players, and three is the default, which also has a first and a second out to share the pot "
              "and a player who gets nothing (two is an option). The tiles not dealt are out of play, and "
              "when nobody holds the 6-6 the tiles are dealt again, an added rule [A]. The other reading "
              "(`players=4`) follows the pot text and the lead by the 6-6, which hold for certain only with "
              "four players. With 2 or 3 players the cross often cannot be completed: given the 6-6 was "
              "dealt, it completes with probability 593/2070 ≈ 28.6% with 2 players and 83011/98670 ≈ 84.1% "
              "with 3. That is the sheet's game as written; the widget says when it happens."),
    "T21-2": ("«Pokud se někomu zdá součet ok příliš nízký, přibere si ze zálohy jednu nebo i více kostek» "
              "(\"If someone finds his count too low, he takes one or even more tiles from the stock\"), and "
              "the tiles are shown «Pokud žádný z hráčů nechce přibrat další kostku» (\"When none of the "
              "players wants to take another tile\").",
              "\"one or even more tiles\" reads as one player's turn, as in the card game the sheet names "
              "(«dominová obměna známé karetní hry», \"a domino version of a well-known card game\"): a "
              "player takes what he wants, then stands, and the tiles are shown when every player has. The "
              "other reading (`rounds=True`) plays the second sentence as a loop: one tile or a pass per "
              "turn, round after round, until a whole round passes with nobody taking. The exact odds of one "
              "player standing at k are the same either way; the optimal-stopping player does not apply to "
              "rounds and says so."),
    "SOL-3": ("«Je důležité položit vždy co nejvíce kostek z vybrané pětice» (\"It is important always to lay "
              "as many tiles as possible from the chosen five\"), given as advice, and «kolik kostek "
              "odložíte, tolik nových kostek si přiberete» (\"as many tiles as you lay, so many new ones you "
              "draw\").",
              "advice is not a rule, but laying on while a tile fits is the natural reading and keeps the "
              "game a puzzle about the order of plays. Measured exactly with the best play on the "
              "double-two set, stopping early helps: 29/30 of the deals are won instead of 19/30 (three tiles "
              "face up)."),
}

HOUSE_INTRO = """
The rule sheets are silent on these points, or leave ties open. These are our choices; where a
parameter is named, a teacher can change it (e.g. `dw.new_game("block", blocked_scoring="difference")`
or the settings of a game widget).
"""

HOUSE = [
    ("COM-4", "Who can play must play; nobody draws or passes by choice."),
    ("COM-5", "Everyone sees how many tiles a player drew."),
    ("COM-7", "Every game has a seed and replays exactly."),
    ("COM-8", "The player chooses the end (and in Matador the touching half) when a tile fits several ways."),
    ("BLK-5", "Blocked with equal counts: nobody scores. The winner of a blocked hand scores the opponent's "
              "count; or only the difference."),
    ("BLK-6", "Match to 100 points."),
    ("DCZ-4", "An empty hand wins once the boneyard is empty, even when the opponent drew the last tile; or, "
              "option [A], the last tile ends the hand at once."),
    ("DCZ-5", "Blocked with equal counts: a drawn hand."),
    ("DCZ-6", "The match is to 5 hands won."),
    ("DRW-5", "Equal counts: nobody scores."),
    ("DRW-6", "Match to 50 points."),
    ("A5-3", "The spinner counts both halves while it is an end, and nothing once both short sides hold tiles."),
    ("A5-4", "A 5-5 lead scores 10."),
    ("A5-5", "The difference at the end of a hand is rounded to fives (1, 2 down; 3, 4 up)."),
    ("A5-6", "Match to 150, won at once when reached, even mid-hand."),
    ("A5-7", "End of hand and target as in the draw game (the other reading)."),
    ("MAT-3", "Matadors only when no ordinary play fits; or at any time (option [A])."),
    ("MAT-4", "A matador must be laid when it is the only play; or the player may draw instead (the other "
              "reading)."),
    ("MAT-5", "Blocked with equal counts: a drawn hand. Match to 5 hands won; the last tile may end the hand "
              "at once (the other reading); or the usual Matador rule to 100 points (`standard=True`)."),
    ("BRG-1", "Three players, as the sheet's heading says; 2 as it also allows, or 4 as its pot text needs; dealt "
              "again when nobody holds the 6-6."),
    ("BRG-5", "Players tied for a place share what those places pay, equally. Two players: 3/4 and 1/4, or "
              "winner takes all."),
    ("BRG-6", "Exact fractions of the pot; a match of 4 rounds."),
    ("T21-2", "Each player's turn until he stands; or tile by tile in rounds (the other reading)."),
    ("T21-3", "Tied winners share the prize; all bust: nobody wins."),
    ("SOL-1", "Five tiles face up, as the sheet says; or another number (option [A])."),
    ("SOL-3", "Lay while a tile fits; or stop early (the other reading)."),
    ("SOL-5", "A short stock refills what it can; the game goes on with a smaller hand."),
]

"""The 94 HEX-HEX XL cards of our edition, as data.

The rulebook fixes the size of the deck (94), names every card kind below and says the
three Basic Deflections outnumber everything else together; it prints the effect of some cards
and only names (or hints at, in its FAQ) the others. Our counts:

* Basic Deflections, 49 of 94 (more than half, as the rulebook asks): Turn Aside Left 18,
  Turn Aside Right 18, Deflect Across 13 (fewer: across is a choice, the others are not).
* The other 30 kinds share the remaining 45 cards. Kinds that keep a round moving, or
  that need a marker token, come two or three times (Boost Left/Right 3 each, Null 3,
  Twain, Dismiss, Detonate, Curse, HEX-HEX, Double Back, Escalating Obsession, Duck,
  Called Shot 2 each). Swingy or round-defining kinds come once, so a game of 4-7 rounds
  sees some of them but rarely all.
* The ten marker cards (6 Boost, 2 Escalating Obsession, 2 Maddening Compulsion) share
  the 8 Enhanced tokens of the box; the 6 standard tokens cap the Hexes in play at six.

Effects are written in our own words. Where the rulebook only names a card, the effect
is our design, chosen to fit its category and the FAQ rulings (see RULES in view.py).
"""

from __future__ import annotations

from dataclasses import dataclass

BASIC = "basic"          # Basic Deflection
ENHANCED = "enhanced"    # Enhanced Deflection
COUNTER = "counter"      # Counter Hex
WHEN_HEXED = "hexed"     # Play only when HEXED
WHEN_DEALT = "dealt"     # Play when dealt / standing effect

CATEGORY_NAMES = {
    BASIC: "Basic Deflection",
    ENHANCED: "Enhanced Deflection",
    COUNTER: "Counter Hex",
    WHEN_HEXED: "Play only when HEXED",
    WHEN_DEALT: "Play when dealt",
}

# When a card may be played.
T_TURN = "turn"            # when you are The Intended
T_TURN_LATE = "turn-late"  # when you are The Intended, not as your first card this round
T_ANY = "any"              # in any response window, and on your own turn
T_ANY_LATE = "any-late"    # in a response window, not as your first card this round
T_WINDOW = "window"        # in a response window
T_HEXED = "hexed"          # only when a Hex goes off on you, one per Hex
T_DEALT = "dealt"          # resolved at once when it reaches your hand

TIMING_NAMES = {
    T_TURN: "When you are The Intended",
    T_TURN_LATE: "When you are The Intended, not your first card",
    T_ANY: "Any time, even out of turn",
    T_ANY_LATE: "Out of turn, not your first card",
    T_WINDOW: "Out of turn, in a response window",
    T_HEXED: "Only when HEXED",
    T_DEALT: "At once, when dealt",
}

VOICE_AT_START = 5
HAND_SIZE = 5
STANDARD_TOKENS = 6      # at most six Hexes in play
ENHANCED_TOKENS = 8      # Boost / Obsession / Compulsion markers in play
HEXHEX_LOSS = 3
DECEPTION_CHALLENGE_LOSS = 3
DECEPTION_CAUGHT_LOSS = 6
MARKED_MAN_DRAW = 3
MARKED_MAN_LIMIT = 7
TRICKS_TAKE = 2
CHASE_LIMIT = 2
DISMISS_GAIN = 2
SPITE_MAX = 5            # our cap on one sacrifice, to keep the choice list short


@dataclass(frozen=True)
class Card:
    id: str          # short name used in the action notation
    name: str
    category: str
    timing: str
    count: int
    text: str        # the effect, in our own words
    marker: bool = False   # needs an Enhanced token on the Hex


CARDS: tuple[Card, ...] = (
    Card("left", "Turn Aside Left", BASIC, T_TURN, 18,
         "The Hex moves on to the player sitting on your left."),
    Card("right", "Turn Aside Right", BASIC, T_TURN, 18,
         "The Hex moves on to the player sitting on your right."),
    Card("across", "Deflect Across", BASIC, T_TURN, 13,
         "Send the Hex to someone who is not your direct neighbour (you pick if there are "
         "several; with three players either opponent counts)."),
    Card("boostl", "Boost Left", ENHANCED, T_TURN, 3,
         "The Hex goes left and gets a Boost marker: it costs one more Voice when it goes off.",
         marker=True),
    Card("boostr", "Boost Right", ENHANCED, T_TURN, 3,
         "The Hex goes right and gets a Boost marker: it costs one more Voice when it goes off.",
         marker=True),
    Card("twain", "Twain", ENHANCED, T_TURN, 2,
         "Split the Hex in two, markers and all: one copy goes left, the other right."),
    Card("chase", "Cut to the Chase", ENHANCED, T_TURN, 1,
         "Send the Hex to anyone. First every player with more than two cards throws "
         "cards away at random, face down, until two are left."),
    Card("null", "Null", COUNTER, T_ANY, 3,
         "Cancels the most recent card, nothing older. Out of turn: cancel a card as it is "
         "played; its player may try another card. On your turn: cancel the card that sent "
         "this Hex to you, if no card has been played since, so it returns to its sender. "
         "HEX-HEX cannot be cancelled."),
    Card("dismiss", "Dismiss", COUNTER, T_TURN_LATE, 2,
         "Not your first card of the round. The Hex aimed at you vanishes and you gain 2 Voice."),
    Card("detonate", "Detonate", COUNTER, T_ANY_LATE, 2,
         "Not your first card of the round. When a card sends a Hex to another player, "
         "blow it up on arrival: it goes off on them at once. You gain 1 Voice, and the "
         "sender gains the usual 1."),
    Card("spite", "Spite", WHEN_HEXED, T_HEXED, 1,
         "Take the loss as usual, then give up as much Voice as you like (up to 5): one "
         "player of your choice loses twice that."),
    Card("whatthehex", "What the Hex Up With That?", WHEN_HEXED, T_HEXED, 1,
         "Every other player loses 1 Voice and you gain what they lost. The Hex itself "
         "scores nothing for anyone."),
    Card("curse", "Curse", WHEN_HEXED, T_HEXED, 2,
         "Bad luck: this Hex costs you 2 more Voice."),
    Card("marked", "Marked Man", WHEN_DEALT, T_DEALT, 1,
         "Draw 3 cards, but never hold more than 7."),
    Card("deception", "Deception", WHEN_DEALT, T_DEALT, 1,
         "Standing effect. This round you answer Hexes face down, naming a card. Anyone "
         "may challenge: if you told the truth the challenger loses 3, if you lied the "
         "Hex goes off on you for 6."),
    Card("hexhex", "HEX-HEX", COUNTER, T_ANY, 2,
         "Any time after the first cast, even out of turn. Everyone else races to react; "
         "the slowest loses 3 Voice, nobody gains. Every Hex is dropped and the round ends. "
         "Nothing cancels it."),
    Card("sign", "Hex Sign", COUNTER, T_TURN, 1,
         "The Hex aimed at you is dropped. Once every other Hex is done, everyone shows "
         "rock, paper or scissors together; yours is the Hex Sign. Same sign: +1 Voice. "
         "Another sign: -1, and -2 if the Hex Sign beats it."),
    Card("madl", "Maddening Compulsion (Left)", ENHANCED, T_TURN, 1,
         "COMPEL. The Hex goes left and from now on must keep going left; whoever cannot "
         "send it left is HEXED. A new Compulsion replaces the old one.", marker=True),
    Card("madr", "Maddening Compulsion (Right)", ENHANCED, T_TURN, 1,
         "COMPEL. The Hex goes right and from now on must keep going right; whoever "
         "cannot send it right is HEXED. A new Compulsion replaces the old one.", marker=True),
    Card("doubleback", "Double Back", ENHANCED, T_TURN, 2,
         "Copy the Hex, markers and all, and send both copies to the player who targeted you."),
    Card("obsession", "Escalating Obsession", ENHANCED, T_TURN, 2,
         "Send the Hex left or right with an Obsession marker: from now on each further "
         "pass makes it cost 1 more Voice.", marker=True),
    Card("choke", "Choke", ENHANCED, T_TURN, 1,
         "Send the Hex to anyone; before it arrives they throw away one card at random, "
         "face down."),
    Card("duck", "Duck", ENHANCED, T_TURN, 2,
         "Step aside: the Hex flies on to your left or right neighbour, still counted as "
         "sent by whoever targeted you (who cannot be the one it reaches)."),
    Card("called", "Called Shot", ENHANCED, T_TURN, 2,
         "Send the Hex to any player you name."),
    Card("fate", "Fate", COUNTER, T_TURN, 1,
         "Turn over one card from the deck into your hand: you must answer this Hex with "
         "it, or be HEXED. A play-when-dealt card takes effect at once and frees you to "
         "answer with your hand."),
    Card("theft", "Theft of Thought", COUNTER, T_TURN, 1,
         "Take a card at random from the hand of the player who targeted you (or draw one "
         "if they have none), then answer the Hex."),
    Card("level", "Level", WHEN_HEXED, T_HEXED, 1,
         "This Hex costs you nothing and earns its sender nothing. Instead every other "
         "player with the most Voice loses 1, and you gain 1."),
    Card("ward", "Ward", WHEN_DEALT, T_DEALT, 1,
         "Standing effect. This round nothing makes you lose Voice (except what you "
         "choose to give up, as with Spite or a challenge)."),
    Card("blind", "Blind Hex", ENHANCED, T_TURN, 1,
         "Send the Hex to anyone. A card is pulled at random from their hand and must be "
         "their answer; cards they could not legally play are thrown away and another is "
         "pulled, until one works or they are HEXED."),
    Card("charm", "Charm", ENHANCED, T_TURN, 1,
         "Send the Hex to anyone. Standing effect: for the rest of the round that player "
         "may not send a Hex to you."),
    Card("friend", "Make a Friend Make an Enemy", ENHANCED, T_TURN, 1,
         "Name a friend and an enemy, neither of them you: the friend gains 1 Voice and "
         "the Hex goes to the enemy."),
    Card("tricks", "Laying Down Tricks", WHEN_DEALT, T_DEALT, 1,
         "Take the two most recently discarded face-up cards into your hand (draw from "
         "the deck for any that are missing)."),
    Card("eradicate", "Eradicate", COUNTER, T_WINDOW, 1,
         "Out of turn: end one standing effect in play (a Ward, a Deception or a Charm)."),
)

CARDS_BY_ID: dict[str, Card] = {c.id: c for c in CARDS}
DECK_SIZE = sum(c.count for c in CARDS)
assert DECK_SIZE == 94, DECK_SIZE
assert sum(c.count for c in CARDS if c.category == BASIC) * 2 > DECK_SIZE

OUT_OF_TURN = ("null", "detonate", "hexhex", "eradicate")
SIGNS = ("rock", "paper", "scissors")
BEATS = {"rock": "scissors", "scissors": "paper", "paper": "rock"}

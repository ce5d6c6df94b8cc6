"""HEX-HEX XL's rules and card reference as the app shows them, in our own words."""

from __future__ import annotations

from ..markup import Markup, join, tag, trusted
from .board import CATEGORY_GLYPH
from .components import CARDS, CATEGORY_NAMES, DECK_SIZE, TIMING_NAMES

HEXHEX_TIMING = (
    "When HEX-HEX can be played: when you are The Intended, and in every response window, which "
    "opens after each card played or revealed. It is not offered while face-down answers or Hex "
    "Signs are being chosen, while a Hex that went off is being settled, or between the cast and "
    "the first answer. The window after a reveal gives the same chance with the same effect (every "
    "Hex dropped, the round over); the other moments pass in an instant at a real table, and a lap "
    "of questions after every cast would slow every round for a rare case. The Intended of a "
    "Maddened Hex and a gagged player may not play it; a Hex forced by Blind Hex or Fate must be "
    "answered with the forced card.")


def _reference() -> Markup:
    rows = [tag("tr", tag("td", c.name), tag("td", c.count),
                tag("td", CATEGORY_GLYPH[c.category], " ", CATEGORY_NAMES[c.category]),
                tag("td", TIMING_NAMES[c.timing]), tag("td", c.text)) for c in CARDS]
    head = tag("tr", [tag("th", h) for h in ("Card", "Copies", "Kind", "When", "What it does")])
    return join(tag("table", tag("caption", f"The {DECK_SIZE} cards of our edition"), tag("thead", head),
                    tag("tbody", rows), class_="hx-reference"),
                tag("p", HEXHEX_TIMING, class_="hx-note"))


CARD_REFERENCE_HTML = _reference()

RULES_HTML = trusted("""
<section class="hx-rules">
<h2>HEX-HEX XL in short</h2>
<p>3 to 6 players each start with 5 Voice. Someone is going to be cursed every round; make sure
it is not you. The game lasts one round more than there are players, and the most Voice wins.</p>
<h3>A round</h3>
<ol>
<li>The dealer gives 5 cards to everyone, one at a time from their left. The deck is reshuffled
from the discards only when it runs dry.</li>
<li>Cards marked <em>at once, when dealt</em> take effect now, before anyone plays. They do not
count as your first card of the round.</li>
<li>The player left of the dealer casts the Hex at anyone else: that player is The Intended.</li>
<li>The Intended answers with a card that sends the Hex on, or something else its text allows.
If no card in hand can answer, the Hex goes off: they lose 1 Voice (plus any Boosts and other
extras) and the one who sent it gains exactly 1. You may never choose to be HEXED while a card
could save you.</li>
<li>The round ends when no Hex is left. The caster deals the next round and the player on their
left casts. After everyone has dealt once comes a final round: whoever has the least Voice
chooses the dealer and casts.</li>
</ol>
<h3>Out of turn</h3>
<p>After every card played, each other player holding cards is asked in turn, going left, whether
to respond: with Null, Detonate, Eradicate, HEX-HEX, or a challenge of a Deception. Passing is a
real choice. A response reopens the question for everyone after the responder.</p>
<h3>Several Hexes at once</h3>
<p>Twain and Double Back copy a Hex with all its markers. When more than one Hex is out, every
Intended picks a face-down answer for each Hex aimed at them (one card per Hex); then all are
turned up together, discards and other effects that come before a move happen first, and the
Hexes move at the same moment. If more Hexes are aimed at you than your cards can pass on, you
pass on as many as you can and choose which of them go off on you (say a plain Hex and a Boosted
one with a single card: you may let the plain one go off and save the card for the Boosted one).
You may not waste a card that another Hex on you needs. Six Hex tokens and eight marker tokens exist: a card that would
need more cannot be played.</p>
<h3>HEXED extras</h3>
<p>Cards that are played only when HEXED must be played when a Hex goes off on you, one per Hex;
if you hold several kinds, you choose which.</p>
<h3>HEX-HEX, the race</h3>
<p>Whoever plays HEX-HEX makes everyone else race: the page times how fast each player reacts
from the moment the prompt appears. Computer players have reflexes of their own, by level:
easy 650-1,100 ms (slower than most people), normal 450-800 ms (about a typical person tapping
a phone) and hard 300-550 ms (as quick as a quick person). The slowest loses 3 Voice, a tie for
slowest costs each of them 3, nobody gains, every Hex disappears and the round is over.</p>
<h3>The end</h3>
<p>The most Voice wins. A tie means a tie-break round where every gain and loss is doubled; the
player with the least Voice picks the dealer and casts. Tie-breaks repeat until one player leads
(after ten, the tied players share the win).</p>
<h3>Laying Down the Law</h3>
<p>Choose a series of 2, 3 or 5 games: the winner of each game picks a law for the next one, and
the laws add up for the rest of the series (the table shows the laws in force and which game of
the series this is). Every game of the series is played; whoever won the most games wins the
series, and a tie for most is a shared win.
Laws the software can enforce: ban a card from the deck; strike back (when a Hex goes off on you,
name a player who loses 1 Voice); no pointing (answering with a card that names its target costs 1
Voice); gag rule (at 0 Voice or less you may not play out of turn or challenge); no hoarding (3 or
more cards left at the end of a round cost 1 Voice); or cancel an earlier law. The first dealer of
the next game is the player left of the previous game's first dealer.</p>
<h3>Choices our edition made</h3>
<ul>
<li>"Left" is the next seat in play order; seats are numbered going left.</li>
<li>Null only ever cancels the most recent card: once someone has responded to a card (with a
Detonate, say), a Null can reach that response but no longer the card before it. Answers turned
up together after a volley all count as the most recent until someone responds to one. Null
played out of turn cancels a card as it comes into play (its player may play another); played on
your own turn it cancels the card that sent the Hex to you, as long as nothing was played after
that card (your own Fate or Theft of Thought aside), and the Hex goes back to its sender as it
was. Null can cancel a Null. A copy made by Twain or Double Back stays in play.</li>
<li>Detonate works on a Hex a card is sending to someone else: it goes off as it arrives; the
sender gains the usual 1 and you gain 1.</li>
<li>Cards of a named direction are legal on a Maddened Hex only if they send it that way; Fate,
Theft of Thought and another Compulsion (either way) are always legal. On a Maddened Hex you may
not play HEX-HEX, Dismiss, Hex Sign or Null.</li>
<li>Hex Sign: the player of the card scores nothing; everyone else gains or loses.</li>
<li>Deception: under it you answer face down by naming a card; an unchallenged claim has the
named card's effect and the real card stays hidden. Out-of-turn cards stay face up.</li>
<li>Ward shields you from every loss except what you choose to give up (a Spite sacrifice, a
failed challenge). The one who sent a Hex that goes off on a Warded player still gains 1.</li>
<li>Random discards (Cut to the Chase, Choke) go face down in front of their player: only that
player knows which cards went. They go back into the deck when it is rebuilt from the discards.
Cards a Blind Hex pulls and throws away were shown to everyone, so they go face up.</li>
<li>When HEX-HEX may be played: see the note under the card reference below.</li>
<li>The effects of the cards the rulebook only names are ours; see the card reference.</li>
</ul>
</section>
""") + CARD_REFERENCE_HTML

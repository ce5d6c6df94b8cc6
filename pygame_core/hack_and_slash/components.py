"""The quest deck of our edition of Hack & Slash.

The rulebook fixes the counts (Brag at the Tavern plus 20 quests, three six-sided dice,
8 adventurers each) but not the faces. Ours run from sure things worth 1 point to
long shots worth 8. Rewards follow risk: a card's value (points, plus 1 if it grants
an adventurer) grows with the adventurers it is expected to cost, and no card is
dominated by another (at most as many dice, at least the odds and the value), which
tests/test_hack_and_slash.py checks. docs/hack-and-slash-quests.md lists every
card's odds next to its reward (`python -m pygame_core.hack_and_slash.odds`).
"""

from __future__ import annotations

from dataclasses import dataclass

ADVENTURERS_AT_START = 8
DICE_IN_BOX = 3
DIE_SIDES = 6
QUESTS_FACE_UP = 3


@dataclass(frozen=True)
class Quest:
    id: str
    name: str
    challenge: int  # adventurers sent, and dice rolled
    goal: int
    exact: bool  # True: the roll must equal goal; False: goal or more
    points: int
    recruit: bool  # success also adds one adventurer to the guild
    flavour: str

    @property
    def goal_text(self) -> str:
        return f"{self.goal}" if self.exact else f"{self.goal}+"

    @property
    def summary(self) -> str:
        """The card in words: '2 adventurers, 7 or more, 2 points and a new adventurer'."""
        goal = f"exactly {self.goal}" if self.exact else f"{self.goal} or more"
        reward = [f"{self.points} point{'s' if self.points != 1 else ''}"] if self.points else []
        reward += ["a new adventurer"] if self.recruit else []
        return (f"{self.challenge} adventurer{'s' if self.challenge != 1 else ''}, {goal}, "
                f"{' and '.join(reward)}")

    def met_by(self, total: int) -> bool:
        return total == self.goal if self.exact else total >= self.goal


BRAG = Quest("brag", "Brag at the Tavern", 1, 5, False, 0, True,
             "Tell the tale loudly enough and someone at the bar signs up to follow you.")

QUESTS: tuple[Quest, ...] = (
    Quest("rats", "Rats in the Cellar", 1, 3, False, 1, False,
          "The innkeeper pays in stew, but the stew is good."),
    Quest("toll", "The Troll Toll Bridge", 1, 4, False, 2, False,
          "Out-argue a troll about bridge law without losing your boots."),
    Quest("wisp", "Chase the Will-o'-Wisp", 1, 5, False, 3, False,
          "It only flickers ahead until somebody is quicker than it."),
    Quest("duel", "Duel at Dawn", 1, 6, False, 4, False,
          "One swing, one chance, and the whole village watching."),
    Quest("riddle", "The Sphinx's Riddle", 1, 1, True, 4, False,
          "The answer is always smaller than you think."),
    Quest("caravan", "Guard the Caravan", 2, 5, False, 1, True,
          "Easy coin, and the cook's nephew wants to come along."),
    Quest("bandits", "Bandits on the Road", 3, 8, False, 2, False,
          "They have more knives than sense."),
    Quest("warrens", "The Goblin Warrens", 2, 7, False, 2, True,
          "Small tunnels, many goblins, one grateful prisoner who joins you."),
    Quest("crypt", "Crypt of the Restless", 2, 8, False, 4, False,
          "Bring torches; the dead dislike the light and you need it."),
    Quest("wyvern", "Wyvern's Nest", 2, 9, False, 5, False,
          "Take one egg and run faster than its mother flies."),
    Quest("tower", "The Leaning Tower", 2, 10, False, 6, False,
          "Climb the stair before the wizard's tower finishes falling."),
    Quest("balance", "The Scales of Balance", 2, 7, True, 6, True,
          "The golem lets pass only those whose weight is just right."),
    Quest("giant", "Wake the Sleeping Giant", 2, 11, False, 8, False,
          "Ask politely for the key he is lying on."),
    Quest("mine", "Haunted Silver Mine", 3, 9, False, 2, True,
          "The ghosts are miners too, and one of them still wants work."),
    Quest("siege", "Break the Siege", 3, 10, False, 4, False,
          "Open the gate from the inside; the outside is the easy part."),
    Quest("hydra", "Hunt the Hydra", 3, 11, False, 4, True,
          "Cut one head and two complain; a hunter from the marsh signs on."),
    Quest("lich", "The Lich's Library", 3, 12, False, 6, False,
          "Return the overdue books and survive the librarian."),
    Quest("kraken", "Sail Against the Kraken", 3, 13, False, 7, False,
          "Row hard, pray harder, and never look down."),
    Quest("dragon", "Slay the Red Dragon", 3, 14, False, 8, False,
          "The bards have already written the song; make it true."),
    Quest("vault", "The Clockwork Vault", 3, 10, True, 8, True,
          "Three dials, one combination, and a locksmith who stays for the pay."),
)

QUESTS_BY_ID: dict[str, Quest] = {q.id: q for q in (BRAG, *QUESTS)}
assert len(QUESTS) == 20 and len(QUESTS_BY_ID) == 21

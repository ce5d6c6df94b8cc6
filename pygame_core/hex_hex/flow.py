"""The turn flow of HEX-HEX XL: what an action does, and everything that follows without a
choice until the next decision or chance event.

`apply` carries out an action for the step at the head of the flow (`Position.jobs`);
`advance` then runs the steps that need nobody (the deal, a window's effects, the end of a
round) until the head is a decision or a chance event again.
"""

from __future__ import annotations

from ..engine import Event
from .components import (
    BEATS, CARDS, CARDS_BY_ID, DECEPTION_CHALLENGE_LOSS, HAND_SIZE, HEXHEX_LOSS, T_DEALT, VOICE_AT_START,
)
from .effects import go_off, resolve, when_dealt
from .events import (
    AnswersRevealed, BlindForced, BlindWasted, BluffCaught, CastAt, ChallengeFailed, DealerPicked,
    FateTurned, GameWon, LawLaid, RaceLost, Reshuffled, RoundEnded, Shouted, SignShown, Spited,
    StruckBack, ThrownAway, TieBreak,
)
from .laws import banned_cards
from .legality import answers, challengeable, plays_of, when_hexed
from .notation import (
    Cast, Challenge, Dealer, Detonate, Draw, Eradicate, HexAction, HexHex, Law, Lose, Null, Pass,
    Pick, Play, React, Sign, Spite, Steal, Strike, Suffer, Take,
)
from .position import MAX_TIEBREAKS, Position
from .records import (
    WAITING_JOBS, Answer, Answering, BlindPull, CastHex, Deal, DetonateCard, DrawCard,
    EndGame, EndRound, EradicateCard, FirstDealer, GoOff, Hex, Job, LawChoice, NewRound, NullCard,
    Over, PickDealer, Race, RaceResult, Resolve, RoundRecord, SignChoice, SignResult, SpiteChoice,
    StealCard, StrikeChoice, Taken, Trim, WhenDealt, Window,
)

CHOSEN_TARGET = frozenset({"across", "chase", "choke", "called", "blind", "charm", "friend"})
"""Cards whose answer names a player of your choice (the "pointing" law taxes them)."""


def apply(pos: Position, action: HexAction) -> None:
    """Carry out `action` (legal here) and run the flow on to the next decision or chance."""
    job = pos.jobs[0]
    match job, action:             # the commonest steps first: a match tries its cases in order
        case Answering(), _:
            _answer(pos, action)
        case Window(), _:
            _respond(pos, job, action)
        case DrawCard(), Draw(card):
            _drawn(pos, job, card)
        case FirstDealer(), Dealer(seat):
            pos.first_dealer = pos.dealer = seat
            pos.caster = pos.left(seat)
            pos.jobs[0] = Deal()
        case PickDealer(picker), Dealer(seat):
            pos.dealer, pos.caster = seat, picker
            pos.tell(DealerPicked(picker, seat))
            pos.jobs[0] = Deal()
        case Trim(seat, keep), Lose(card):
            # A random discard goes face down in front of its player (rulebook): only they know it.
            pos.hands[seat].remove(card)
            pos.buried[seat].append(card)
            pos.tell(ThrownAway(seat))
            if len(pos.hands[seat]) <= keep:
                pos.jobs.pop(0)
        case BlindPull(), Pick(card):
            _pulled(pos, job, card)
        case StealCard(seat, victim), Steal(card):
            pos.jobs.pop(0)
            pos.hands[victim].remove(card)
            receive(pos, seat, card)
        case CastHex(), Cast(target):
            pos.hexes = [new_hex(pos, target, pos.caster)]
            pos.tell(CastAt(pos.caster, target))
            pos.jobs[0] = Answering()
        case GoOff(), Suffer(card):
            pos.jobs.pop(0)
            go_off(pos, job, card)
        case SpiteChoice() | StrikeChoice() | Race() | SignChoice() | LawChoice(), _:
            _choose(pos, job, action)
        case _:
            raise AssertionError(f"{action} at {job}")
    advance(pos)


def _choose(pos: Position, job: Job, action: HexAction) -> None:
    """The decisions that follow a Hex going off, a race, a Hex Sign, or a game of a series."""
    match job, action:
        case SpiteChoice(seat), Spite(amount, target):
            pos.jobs.pop(0)
            if amount:
                given = pos.lose(seat, amount, shield=False)
                pos.tell(Spited(seat, given, target, pos.lose(target, 2 * amount)))
        case StrikeChoice(seat), Strike(target):
            pos.jobs.pop(0)
            pos.tell(StruckBack(seat, target, pos.lose(target, 1)))
        case Race(caller, times), React(ms):
            times = times | {pos.race_order(job)[len(times)]: ms}
            if len(times) == pos.players - 1:
                pos.jobs.pop(0)
                _finish_race(pos, caller, times)
            else:
                pos.jobs[0] = Race(caller, times)
        case SignChoice(player, signs), Sign(sign):
            signs = signs | {pos.order_from(player)[len(signs)]: sign}
            if len(signs) == pos.players:
                pos.jobs.pop(0)
                _finish_sign(pos, player, signs)
            else:
                pos.jobs[0] = SignChoice(player, signs)
        case LawChoice(), Law(code):
            pos.jobs.pop(0)
            _lay_down(pos, code)
        case _:
            raise AssertionError(f"{action} at {job}")


def new_hex(pos: Position, at: int, by: int) -> Hex:
    h = Hex(pos.next_hex, at, by)
    pos.next_hex += 1
    return h


def receive(pos: Position, s: int, card: str) -> None:
    """`card` reaches `s`'s hand."""
    pos.hands[s].append(card)
    pos.hands[s].sort()
    if CARDS_BY_ID[card].timing == T_DEALT and not any(isinstance(j, WhenDealt) for j in pos.jobs):
        # It was just dealt to you, so it takes effect now (FAQ on Fate).
        pos.jobs.insert(0, WhenDealt())


def _drawn(pos: Position, job: DrawCard, card: str) -> None:
    pos.jobs.pop(0)
    pos.deck[card] -= 1
    receive(pos, job.seat, card)
    if job.why == "fate":
        h = pos.hex_by_id(job.hex)
        pos.tell(FateTurned(job.seat, card))
        if h is not None and h.at == job.seat and CARDS_BY_ID[card].timing != T_DEALT:
            h.force = card
            pos.emit(Event("fate", seat=job.seat, subject=card))


def _pulled(pos: Position, job: BlindPull, card: str) -> None:
    """Blind Hex: a card that answers the Hex must be the answer; any other is thrown away."""
    s, h = job.seat, pos.hex_by_id(job.hex)
    assert h is not None
    if plays_of(pos, s, card, h):
        h.force = card
        pos.tell(BlindForced(s, card))
        pos.jobs.pop(0)
    else:
        pos.hands[s].remove(card)
        pos.discard.append(card)
        pos.tell(BlindWasted(s, card))


# -- answers ------------------------------------------------------------------------------------
def _answer(pos: Position, action: HexAction) -> None:
    h = pos.answering()
    s = h.at
    item: Answer | Taken
    match action:
        case HexHex():
            _start_race(pos, s)
            return
        case Take():
            item = Taken(s, h.id)
        case Play(card, hexid, to, real):
            item = Answer(s, hexid, card, to, real or card, deceit=bool(real))
        case _:
            raise AssertionError(action)
    if pos.multi():
        # Face down: the card stays in hand (hand sizes are public) until the reveal.
        pos.commits[h.id] = item
        if len(pos.commits) == len(pos.hexes):
            _reveal(pos)
        return
    if isinstance(item, Taken):
        pos.jobs.insert(0, GoOff(s, h.id))
        return
    show(pos, item)
    pos.pending = [item]
    pos.jobs[0:0] = [Window(s), Resolve()]


def show(pos: Position, item: Answer) -> None:
    """A play comes into view (at once, or when a volley is revealed)."""
    pos.play_card(item.seat, item.real, face_down=item.deceit)
    if "pointing" in pos.laws and item.card in CHOSEN_TARGET:
        lost = pos.lose(item.seat, 1, shield=False)
        pos.emit(Event("lose", seat=item.seat, amount=lost, subject="pointing"))


def _reveal(pos: Position) -> None:
    items = [pos.commits[h.id] for h in pos.volley_order()]
    pos.commits = {}
    for it in items:
        if isinstance(it, Answer):
            show(pos, it)
    pos.pending = list(items)
    pos.tell(AnswersRevealed())
    for it in items:
        if isinstance(it, Answer):
            pos.emit(Event("answer", seat=it.seat, amount=1 if it.deceit else 0, subject=it.card,
                           other=it.to[-1] if it.to else None))
        else:
            pos.emit(Event("answer", seat=it.seat))
    if any(isinstance(it, Answer) for it in items):
        pos.jobs[0:0] = [Window(pos.caster, with_anchor=True), Resolve()]
    else:
        pos.jobs.insert(0, Resolve())


# -- response windows ---------------------------------------------------------------------------
def _respond(pos: Position, window: Window, action: HexAction) -> None:
    s = pos.window_order(window)[window.at]
    item: NullCard | DetonateCard | EradicateCard
    match action:
        case Pass():
            pos.jobs[0] = Window(window.anchor, window.with_anchor, window.at + 1)
            return
        case HexHex():
            _start_race(pos, s)
            return
        case Challenge():
            _challenge(pos, s)
            pos.jobs[0] = Window(s)
            return
        case Null(target):
            item = NullCard(s, target)
        case Detonate(target):
            item = DetonateCard(s, target)
        case Eradicate(effect, target):
            item = EradicateCard(s, effect, target)
        case _:
            raise AssertionError(action)
    pos.play_card(s, item.card)
    pos.pending.append(item)
    pos.jobs[0] = Window(s)


def _challenge(pos: Position, s: int) -> None:
    """`s` challenges the first face-down claim: it is turned up, and someone pays."""
    it = challengeable(pos, s)
    if it is None:
        return
    it.challenged = True
    liar = it.seat
    pos.buried[liar].remove(it.real)
    pos.table.append(it.real)
    if it.real == it.card:
        pos.tell(ChallengeFailed(s, liar, it.card, pos.lose(s, DECEPTION_CHALLENGE_LOSS, shield=False)))
    else:
        it.caught = True
        pos.tell(BluffCaught(s, liar, it.real))


# -- races, signs, rounds ---------------------------------------------------------------------
def _start_race(pos: Position, s: int) -> None:
    pos.play_card(s, "hexhex")
    pos.tell(Shouted(s))
    for it in pos.commits.values():
        if isinstance(it, Answer):
            show(pos, it)
    pos.hexes, pos.pending, pos.commits, pos.signs = [], [], {}, []
    pos.jobs = [Race(s), EndRound()]


def _finish_race(pos: Position, caller: int, times: dict[int, int]) -> None:
    slowest = max(times.values())
    losers = sorted(s for s, v in times.items() if v == slowest)
    lost = {s: pos.lose(s, HEXHEX_LOSS) for s in losers}
    pos.last_race = RaceResult(caller, times, tuple(losers), lost)
    pos.tell(RaceLost(tuple((s, times[s]) for s in losers)))
    for s in losers:
        pos.emit(Event("race", seat=s, amount=lost[s], subject=str(times[s]), other=caller))


def _finish_sign(pos: Position, player: int, signs: dict[int, str]) -> None:
    hex_sign = signs[player]
    pos.emit(Event("hexsign", seat=player, subject=hex_sign))
    change: dict[int, int] = {}
    for s, x in sorted(signs.items()):
        if s == player:
            continue
        if x == hex_sign:
            pos.gain(s, 1)
            change[s] = pos.mult
        else:
            change[s] = -pos.lose(s, 2 if BEATS[hex_sign] == x else 1)
        pos.emit(Event("sign", seat=s, amount=change[s], subject=x, other=player))
    pos.last_sign = SignResult(player, dict(sorted(signs.items())), change)
    pos.tell(SignShown(player, hex_sign))


def _end_round(pos: Position) -> None:
    if "hoarder" in pos.laws:
        for s in range(pos.players):
            if len(pos.hands[s]) >= 3:
                pos.emit(Event("lose", seat=s, amount=pos.lose(s, 1, shield=False), subject="hoarder"))
    for s in range(pos.players):
        pos.discard += pos.hands[s]
        pos.hands[s] = []
    pos.discard += pos.table
    pos.table = []
    n = pos.players
    pos.played, pos.ward, pos.deceive = [0] * n, [False] * n, [False] * n
    pos.charm, pos.hexed = [-1] * n, [0] * n
    pos.hexes, pos.pending, pos.commits, pos.signs = [], [], {}, []
    pos.next_hex = 0
    pos.tell(RoundEnded(pos.round, tuple(pos.voice)))
    if not pos.original:
        pos.history.append(RoundRecord(pos.round, pos.tiebreaks, tuple(pos.voice)))
    if pos.tiebreaks or pos.round >= pos.rounds:
        top = max(pos.voice)
        leaders = [s for s in range(n) if pos.voice[s] == top]
        if len(leaders) == 1 or pos.tiebreaks >= MAX_TIEBREAKS:
            pos.jobs.insert(0, EndGame())
            return
        pos.tiebreaks += 1
    pos.round += 1
    pos.jobs.insert(0, NewRound())


def _end_game(pos: Position) -> None:
    top = max(pos.voice)
    leaders = [s for s in pos.order_from(pos.left(pos.caster)) if pos.voice[s] == top]
    for s in leaders:
        pos.wins[s] += 1
    pos.tell(GameWon(pos.game_no, tuple(leaders)))
    shared = "shared" if len(leaders) > 1 else ""
    for s in leaders:
        pos.emit(Event("won" if pos.series == 1 else "won_game", seat=s, amount=top,
                       subject=shared if pos.series == 1 else str(pos.game_no)))
    if pos.game_no < pos.series:
        pos.jobs.insert(0, LawChoice(leaders[0]))
        return
    pos.finished = True
    pos.jobs = [Over()]
    if pos.series > 1:
        best = max(pos.wins)
        champions = [s for s in range(pos.players) if pos.wins[s] == best]
        for s in champions:
            pos.emit(Event("won_series", seat=s, amount=best,
                           subject="shared" if len(champions) > 1 else ""))


def _lay_down(pos: Position, code: str) -> None:
    """The winner's law takes effect, and the next game of the series starts."""
    if code.startswith("cancel-"):
        pos.laws.remove(code[7:])
    else:
        pos.laws.append(code)
    pos.tell(LawLaid(code))
    n = pos.players
    pos.game_no += 1
    pos.history = []
    pos.voice = [VOICE_AT_START] * n
    pos.round, pos.tiebreaks = 1, 0
    banned = banned_cards(pos.laws)
    pos.deck = {c.id: (0 if c.id in banned else c.count) for c in CARDS}
    pos.discard, pos.buried = [], [[] for _ in range(n)]
    pos.first_dealer = pos.dealer = pos.left(pos.first_dealer)
    pos.caster = pos.left(pos.dealer)
    pos.jobs.insert(0, Deal())


def _least_voice(pos: Position) -> int:
    order = pos.order_from(pos.left(pos.caster))
    return min(order, key=lambda s: (pos.voice[s], order.index(s)))


# -- the steps that need nobody -----------------------------------------------------------------
def advance(pos: Position) -> None:
    """Run the flow until its head is a decision or a chance event (or the game is over)."""
    while not pos.finished and not _waits(pos):
        pass


def _waits(pos: Position) -> bool:
    """Whether the head of the flow waits for someone; if not, run it (one step)."""
    job = pos.jobs[0]
    match job:
        case Window():
            done = job.at >= len(pos.window_order(job))
        case DrawCard():
            if sum(pos.deck.values()) == 0:
                _reshuffle(pos)
            done = sum(pos.deck.values()) == 0
        case Trim(seat, keep):
            done = len(pos.hands[seat]) <= keep
        case BlindPull(seat, hexid):
            h = pos.hex_by_id(hexid)
            done = h is None or h.at != seat or bool(h.force) or not answers(pos, seat, h)
        case StealCard(seat, victim, hexid):
            if pos.hands[victim]:
                return True
            pos.jobs[0] = DrawCard(seat, "", hexid)   # nothing to take: draw instead
            return False
        case Answering():
            if pos.hexes:
                return True
            pos.jobs[1:1] = [SignChoice(p) for p in pos.signs]   # the Hex Signs, once every Hex is done
            pos.signs = []
            done = True
        case GoOff(seat, hexid):
            return _settle_hexed(pos, job)
        case _ if isinstance(job, WAITING_JOBS):
            return True
        case _:
            pos.jobs.pop(0)
            _run(pos, job)
            return False
    if done:
        pos.jobs.pop(0)
    return not done


def _settle_hexed(pos: Position, job: GoOff) -> bool:
    """A Hex goes off at once unless its Intended has several play-when-HEXED cards to choose from."""
    if pos.hex_by_id(job.hex) is None:
        pos.jobs.pop(0)
        return False
    options = when_hexed(pos, job.seat)
    if len(options) > 1:
        return True
    pos.jobs.pop(0)
    go_off(pos, job, options[0] if options else None)
    return False


def _run(pos: Position, job: Job) -> None:
    match job:
        case Deal():
            _deal(pos)
        case WhenDealt():
            when_dealt(pos)
        case Resolve():
            resolve(pos)
        case EndRound():
            _end_round(pos)
        case NewRound():
            _new_round(pos)
        case EndGame():
            _end_game(pos)
        case _:
            raise AssertionError(job)


def _reshuffle(pos: Position) -> None:
    pool = pos.discard + [c for b in pos.buried for c in b]
    pos.discard, pos.buried = [], [[] for _ in range(pos.players)]
    for c in pool:
        pos.deck[c] += 1
    if pool:
        pos.tell(Reshuffled())


def _new_round(pos: Position) -> None:
    if pos.tiebreaks or pos.round == pos.rounds:
        pos.jobs.insert(0, PickDealer(_least_voice(pos)))
    else:
        pos.dealer = pos.caster
        pos.caster = pos.left(pos.dealer)
        pos.jobs.insert(0, Deal())


def _deal(pos: Position) -> None:
    draws: list[Job] = [DrawCard(s) for _ in range(HAND_SIZE) for s in pos.order_from(pos.left(pos.dealer))]
    pos.jobs[0:0] = draws + [WhenDealt(), CastHex(), EndRound()]
    if pos.tiebreaks:
        pos.tell(TieBreak(pos.tiebreaks))

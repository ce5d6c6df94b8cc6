"""`HexHexState`: a HEX-HEX XL position behind the engine's contract, and what each seat sees.

The rules live beside it: legality.py (what may be done), flow.py (what an action does and
what follows), effects.py (what cards do), words.py (the log's words), storage.py (JSON).
"""

from __future__ import annotations

from typing import Any, Sequence, cast

from ..engine import Action
from .components import TRICKS_TAKE
from .flow import apply
from .laws import law_choices, law_text
from .legality import chance_outcomes, legal_actions, volley_choices, why_illegal
from .legality import answers as answers_of
from .notation import HexAction, Play
from .position import CURRENT_RULINGS, Position
from .records import Answer, Answering, Hex, Item, Race, SignChoice, Window
from .storage import state_to_json
from .words import dealing, describe


class HexHexState(Position):
    """A HEX-HEX XL position (see position.py for its fields)."""

    def __init__(self, players: int, series: int = 1, rulings: str = CURRENT_RULINGS) -> None:
        super().__init__(players, series, rulings)

    # -- the contract -------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        return list(legal_actions(self))

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        return list(chance_outcomes(self))

    def _apply(self, action: Action) -> None:
        apply(self, cast(HexAction, action))

    def why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def describe(self, action: Action, names: Sequence[str]) -> str:
        return describe(self, cast(HexAction, action), names)

    def to_dict(self) -> dict[str, Any]:
        return state_to_json(self)

    def clone(self) -> HexHexState:
        new = HexHexState.__new__(HexHexState)
        new.__dict__.update(self.clone_fields())
        return new

    # -- questions bots and the page ask ------------------------------------------------------
    def answers(self, s: int, h: Hex) -> list[Play]:
        """Truthful answers to Hex `h` from `s`'s hand."""
        return answers_of(self, s, h)

    def volley_choices(self, s: int, h: Hex) -> tuple[list[Play], bool]:
        """The answers `s` may give Hex `h`, and whether `s` may let it go off."""
        return volley_choices(self, s, h)

    def law_choices(self) -> list[str]:
        return law_choices(self.laws)

    def dealing(self) -> bool:
        """Whether the next draw is part of a round's deal."""
        return dealing(self)

    # -- what a seat sees ---------------------------------------------------------------------
    def public_item(self, it: Item, seat: int | None) -> dict[str, Any]:
        """A card waiting in a window as `seat` sees it: a face-down card only by its claim."""
        out = it.to_json()
        real = out.pop("real", None)
        if isinstance(it, Answer) and (seat == it.seat or not it.deceit or it.caught):
            out["real"] = real
        return out

    def _decision(self, seat: int | None, mine: bool) -> dict[str, Any]:
        """The decision under way: a window's lap, a race, a Hex Sign, the Hex to answer."""
        job, cur = self.jobs[0], self.current_player
        out: dict[str, Any] = {"answering": None, "window": None, "race": None, "sign": None}
        match job:
            case Window(anchor, _, at):
                # Who is asked in this lap, in order, and how far it got: public (hand sizes are).
                out["window"] = {"anchor": anchor, "asking": cur, "order": self.window_order(job), "at": at}
            case Race(caller, times):
                out["race"] = {"caller": caller, "done": sorted(times),
                               "mine": times.get(cast(int, seat)) if mine else None}
            case SignChoice(player, signs):
                out["sign"] = {"player": player, "done": sorted(signs),
                               "mine": signs.get(cast(int, seat)) if mine else None}
            case Answering() if self.hexes:
                out["answering"] = self.answering().id
        return out

    def _commits_seen(self, seat: int | None, mine: bool) -> list[dict[str, Any]]:
        """Each Hex of a volley: whether its answer is readied (and which, to its player)."""
        seen = []
        for h in (self.volley_order() if self.multi() else []):
            c = self.commits.get(h.id)
            entry: dict[str, Any] = {"hex": h.id, "seat": h.at, "done": c is not None}
            if c is not None and mine and c.seat == seat:
                entry["mine"] = c.card if isinstance(c, Answer) else "hexed"
            seen.append(entry)
        return seen

    def _own(self, seat: int | None, mine: bool) -> dict[str, Any]:
        """What only `seat` knows: its hand, its face-down cards and readied answers."""
        if not mine:
            return {"hand": [], "buried": [], "readied": []}
        s = cast(int, seat)
        return {"hand": list(self.hands[s]), "buried": list(self.buried[s]),
                "readied": sorted(it.real for it in self.commits.values()
                                  if it.seat == s and isinstance(it, Answer))}

    def _table_seen(self, seat: int | None) -> dict[str, Any]:
        """The public table: Voice, standing effects, Hexes, cards and piles."""
        return {
            "hand_sizes": [len(h) for h in self.hands], "facedown": [len(b) for b in self.buried],
            "played": list(self.played),
            "ward": list(self.ward), "deceive": list(self.deceive), "charm": list(self.charm),
            "hexes": [h.public() | {"loss": h.loss, "nullable": h.back is not None} for h in self.hexes],
            "markers_free": self.markers_free(),
            "deck": sum(self.deck.values()), "discard": len(self.discard),
            "discard_top": self.discard[-TRICKS_TAKE:],
            "table": list(self.table),
            "pending": [self.public_item(it, seat) for it in self.pending],
            "signs_waiting": list(self.signs),
            "last_race": self.last_race.to_json() if self.last_race else {},
            "last_sign": self.last_sign.to_json() if self.last_sign else {},
            "history": [r.to_json() for r in self.history],
            "events": [e.to_json() for e in self.events],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        cur = self.current_player
        mine = seat is not None and 0 <= seat < self.players
        return {
            "game": "hex-hex", "seat": seat, "players": self.players,
            "series": self.series, "game_no": self.game_no, "wins": list(self.wins),
            "laws": [{"code": c, "text": law_text(c)} for c in self.laws],
            "round": self.round, "rounds": self.rounds, "tiebreak": self.tiebreaks,
            "dealer": self.dealer, "caster": self.caster, "voice": list(self.voice),
            **self._own(seat, mine), **self._table_seen(seat),
            "commits": self._commits_seen(seat, mine), **self._decision(seat, mine),
            "phase": self.phase, "current": cur, "over": self.finished,
            "winners": self.winners, "scores": self.scores,
            "legal": [str(a) for a in self.legal_actions()] if (mine and seat == cur) else [],
        }

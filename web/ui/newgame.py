"""A new game, as the new-game dialog or the address (?game=…) asks for it: both end in one
`NewGame` handed to the page's `begin`. `parse_params` is plain Python, tested on CPython
(tests/test_newgame.py); the dialog is the DOM around the same value.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import js

import browser
import features
from browser import el, notice, on, present, set_text
from presenter import LEVELS, REMOTE, SEAT_KINDS
from pygame_core import Game, get_game
from pygame_core.engine import MAX_SEED
from pygame_core.markup import Markup, join, tag
from pygame_core.names import MAX_LENGTH as MAX_NAME, default_name
from shell import Fetching
from storage import SaveStore

KNOWN_PARAMS = {"game", "seats", "bots", "level", "seed", "names", "embed"}

@dataclass(frozen=True)
class NewGame:
    """What a new game is started with: Match.start's arguments and who plays each seat."""

    game_id: str
    players: int
    seats: tuple[str, ...]  # per seat: "human", "remote" or a computer level
    names: tuple[str, ...]  # as typed: Match cleans them
    options: dict[str, Any] = field(default_factory=dict)
    seed: str | None = None


def parse_params(params: Mapping[str, str], game: Game) -> tuple[NewGame, list[str]]:
    """?game=ID&seats=N&bots=K&level=L&seed=S&names=A,B as a new game of `game`, and what
    in the address was not understood (each replaced by a default, so the game still starts)."""
    unknown = sorted(set(params) - KNOWN_PARAMS)
    problems = [f"unknown setting {', '.join(unknown)}"] if unknown else []

    def number(key: str, default: int, low: int, high: int) -> int:
        try:
            value = int(params.get(key, default))
            if low <= value <= high:
                return value
        except ValueError:
            pass
        if key in params:
            problems.append(f"{key}={params[key]} (using {default})")
        return default

    players = number("seats", game.default_players, game.min_players, game.max_players)
    bots = number("bots", players - 1, 0, players)
    level = params.get("level", "normal")
    if level not in LEVELS or level == "human":
        problems.append(f"level={level} (using normal)")
        level = "normal"
    seats = ("human",) * (players - bots) + (level,) * bots
    names = tuple(params.get("names", "").split(",")[:players])  # Match cleans each one
    seed = params.get("seed") or None
    if seed is not None and len(seed) > MAX_SEED:
        problems.append(f"a seed of {len(seed):,} characters (using a random one)")
        seed = None
    return NewGame(game.id, players, seats, names, {}, seed), problems


def segmented(name: str, items: Sequence[tuple[str, str, str | None]], checked: str, label: str | None,
              class_: str, off: frozenset[str] = frozenset(), **attributes: Any) -> Markup:
    """A radio group drawn as one row of buttons (app.css .seg): (value, text, title) each;
    the values in `off` are shown disabled (their title says why)."""
    return tag("div", [tag("label", tag("input", type="radio", name_=name, value=value,
                                        checked=value == checked, disabled=value in off),
                           tag("span", text), title=title)
                       for value, text, title in items],
               role=label and "radiogroup", aria_label=label, class_=f"seg {class_}", **attributes)


def choice_text(value: Any) -> str:
    """An option's value as a player reads it: Yes/No, a number, a capitalised word."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    return str(value).replace("_", " ").capitalize()


def players_row(game: Game, players: int) -> Markup:
    return tag("div", tag("span", "Players", class_="setup-label", id="setup-players-label"), tag(
        "span",
        tag("button", "−", type="button", class_="step", data_step=-1, aria_label="One player fewer"),
        tag("select", [tag("option", n, value=n, selected=n == players)
                       for n in range(game.min_players, game.max_players + 1)],
            id="setup-players", aria_labelledby="setup-players-label"),
        tag("button", "+", type="button", class_="step", data_step=1, aria_label="One player more"),
        class_="stepper"), class_="players-row")


def seat_rows(game: Game, kinds: list[Any], names: list[Any]) -> Markup:
    """A row per seat the game can have (those past the player count are hidden)."""
    rows = []
    no_rtc = features.missing("webrtc")  # "Own device" needs WebRTC: shown disabled, and why
    levels = [(k, text.replace("Computer: ", "").capitalize(), no_rtc if k == REMOTE and no_rtc else text)
              for k, text in SEAT_KINDS.items()]
    off = frozenset({REMOTE} if no_rtc else ())
    for seat in range(game.max_players):
        kind = kinds[seat] if seat < len(kinds) else ("human" if seat == 0 else "normal")
        if kind in off:
            kind = "human" if seat == 0 else "normal"
        name = names[seat] if seat < len(names) and names[seat] else default_name(seat)
        rows.append(tag(
            "li", tag("input", type="text", maxlength=MAX_NAME, class_="seat-name", value=name,
                      autocomplete="off", aria_label=f"Name of seat {seat + 1}"),
            segmented(f"seat-kind-{seat}", levels, kind, f"Who plays seat {seat + 1}",
                      class_="seat-kind", off=off),
            class_="seat-row", data_seat=seat))
    note = no_rtc and tag("p", f"Own device: {no_rtc}", class_="meta feature-note", data_feature="webrtc")
    return tag("fieldset", tag("legend", "Seats"), tag("ol", rows, class_="seat-rows"), note, class_="seats")


def option_rows(game: Game, chosen: dict[str, Any]) -> list[Markup]:
    """A switch per yes/no option, a row of buttons per other option; hidden ones left out."""
    rows = []
    for opt in game.options.values():
        if opt.hidden:
            continue  # kept only so old saves replay as they were played
        value = chosen.get(opt.name, opt.default)
        value = value if value in opt.choices and type(value) is type(opt.default) else opt.default
        label, help_ = opt.label or opt.name, opt.help and tag("small", opt.help)
        if set(opt.choices) == {False, True}:
            rows.append(tag("label", tag("input", type="checkbox", role="switch", class_="setup-option",
                                         data_option=opt.name, checked=bool(value)),
                            tag("span", label, help_), class_="option"))
        else:
            rows.append(tag("fieldset", tag("legend", label), segmented(
                f"option-{opt.name}", [(json.dumps(c), choice_text(c), None) for c in opt.choices],
                json.dumps(value), None, class_="setup-option", data_option=opt.name), help_,
                class_="option"))
    return rows


def seed_row(seed: str) -> Markup:
    return tag("details", tag("summary", "More options"), tag("p", tag(
        "label", "Seed ", tag("input", type="text", id="setup-seed", value=seed, maxlength=32,
                              autocomplete="off")), " ", tag(
        "small", "The same seed and the same moves replay the same game.")), class_="more-options")


class NewGameDialog:
    """The new-game dialog and the address's parameters; both call `begin` with a NewGame."""

    def __init__(self, store: SaveStore, settings: dict[str, Any], games: Sequence[str],
                 fetching: Fetching, begin: Callable[[NewGame], None],
                 show_menu: Callable[[], None]) -> None:
        self.store = store
        self.settings = settings
        self.games = games
        self.fetching = fetching
        self.begin = begin
        self.show_menu = show_menu
        self.setup_game: str | None = None

    def open_setup(self, game_id: str) -> None:
        """The new-game dialog, set as this game was last set up in this browser."""
        if self.fetching(game_id, lambda: self.open_setup(game_id)):
            return
        game = get_game(game_id)
        self.setup_game = game_id
        last = self.settings.get("setup", {}).get(game_id, {})
        set_text("setup-title", f"New game of {game.name}")
        el("setup").setAttribute("data-game", game_id)
        el("setup-art").setAttribute("href", f"#art-{game_id}")
        players = last.get("players", game.default_players)
        if not game.min_players <= players <= game.max_players:
            players = game.default_players
        seed = f"{js.Math.floor(js.Math.random() * 1e9):d}"
        rows = [players_row(game, players), seat_rows(game, last.get("seats", []), last.get("names", [])),
                *option_rows(game, last.get("options", {})), seed_row(seed)]
        browser.set_html(el("setup-fields"), join(rows))
        on(el("setup-players"), "change", lambda e: self.update_seat_rows())
        for button in js.document.querySelectorAll("#setup-fields .step"):
            on(button, "click",
               lambda e: self.update_seat_rows(int(e.currentTarget.getAttribute("data-step"))))
        self.update_seat_rows()
        el("setup").showModal()

    def update_seat_rows(self, step: int = 0) -> None:
        select = el("setup-players")
        options = select.options
        low, high = int(options.item(0).value), int(options.item(options.length - 1).value)
        players = max(low, min(high, int(select.value) + step))
        select.value = str(players)
        for row in js.document.querySelectorAll(".seat-row"):
            row.hidden = int(row.getAttribute("data-seat")) >= players
        steps = js.document.querySelectorAll("#setup-fields .step")
        steps.item(0).disabled = players <= low
        steps.item(1).disabled = players >= high

    def start_from_setup(self, event: Any) -> None:
        event.preventDefault()
        game = get_game(self.setup_game or "")
        players = int(el("setup-players").value)
        names, seats = [], []
        for row in js.document.querySelectorAll(".seat-row"):
            names.append(str(row.querySelector(".seat-name").value))  # Match cleans it
            checked = row.querySelector(".seat-kind input:checked")
            seats.append(str(checked.value) if present(checked) else "normal")
        options = self.chosen_options()
        seed = str(el("setup-seed").value).strip() or None
        # Remembered for this game's next dialog (every seat, so fewer players keep the rest).
        self.settings.setdefault("setup", {})[game.id] = {
            "players": players, "seats": seats, "options": options, "names": [n.strip() for n in names]}
        self.store.save_settings(self.settings)
        el("setup").close()
        self.begin(NewGame(game.id, players, tuple(seats[:players]), tuple(names[:players]), options, seed))

    @staticmethod
    def chosen_options() -> dict[str, Any]:
        options: dict[str, Any] = {}
        for control in js.document.querySelectorAll(".setup-option"):
            name = str(control.getAttribute("data-option"))
            if str(control.tagName).lower() == "input":
                options[name] = bool(control.checked)
            else:
                checked = control.querySelector("input:checked")
                if present(checked):
                    options[name] = json.loads(str(checked.value))
        return options

    def start_from_params(self, params: dict[str, str]) -> None:
        """?game=ID&seats=N&bots=K&level=L&seed=S&names=A,B: start a game straight away."""
        game_id = params.get("game", "")
        if game_id not in self.games:
            notice(f"There is no game called {game_id!r} here; pick one from the menu.", 8)
            self.show_menu()
            return
        if self.fetching(game_id, lambda: self.start_from_params(params)):
            return
        spec, problems = parse_params(params, get_game(game_id))
        if problems:
            notice("Some settings in the address were not understood: " + "; ".join(problems), 8)
        self.begin(spec)

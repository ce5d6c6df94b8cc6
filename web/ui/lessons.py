"""A game's guided tutorial: a scripted game whose steps the learner walks through.

The steps are the game's data (see hex_please/tutorial.py): each says what to read, whose
move it is, the moves it accepts and, as its `ui`, what the game's view should point at.
This module walks them and names no game.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any, Callable

from browser import notice, set_text, show
from presenter import Session
from pygame_core import game_module, saves
from shell import Fetching
from storage import SaveStore, new_id


def tutorial_name(game_id: str) -> str | None:
    """The module of a game's tutorial (see hex_please/tutorial.py), found without importing it."""
    try:
        name = game_module(game_id, "tutorial")
        return name if importlib.util.find_spec(name) else None
    except (ImportError, KeyError):
        return None


def tutorial_module(game_id: str) -> Any | None:
    name = tutorial_name(game_id)
    return importlib.import_module(name) if name else None


class Lessons:
    """Opens tutorials and takes the learner through their steps. The page gives the session
    on screen (`current_session`), shows a new one (`enter`: make it the page's and draw it),
    points at a move (`set_ui`: the game's own ui keys, as the step gives them) and plays a
    move for a seat through the master (`play`: True when it was played)."""

    def __init__(self, store: SaveStore, settings: dict[str, Any], fetching: Fetching,
                 current_session: Callable[[], Session | None], enter: Callable[[Session], None],
                 show_menu: Callable[[], None], set_ui: Callable[[dict[str, str]], None],
                 play: Callable[[int, str], bool]) -> None:
        self.store = store
        self.settings = settings
        self.fetching = fetching
        self.current_session = current_session
        self.enter = enter
        self.show_menu = show_menu
        self.set_ui = set_ui
        self.play = play

    def tutorial_session(self) -> Session:
        session = self.current_session()
        assert session is not None and session.tutorial is not None
        return session

    def open_tutorial(self, game_id: str) -> None:
        """Start a game's guided tutorial, or resume it at the step the learner left."""
        if self.fetching(game_id, lambda: self.open_tutorial(game_id)):
            return
        module = tutorial_module(game_id)
        if module is None:
            notice(f"There is no tutorial for {game_id!r}.")
            self.show_menu()
            return
        steps = module.TUTORIAL["steps"]
        done = int(saves.finite(self.settings.get("tutorials", {}).get(game_id), 0))
        done = done if 0 < done < len(steps) else 0
        match = module.tutorial_match(done)
        seats = ["human" if i == module.TUTORIAL["human"] else "normal" for i in range(match.players)]
        session = Session(match, seats, new_id(game_id + "-tutorial"))
        session.tutorial, session.step = module, done
        if done:
            notice("Welcome back: the tutorial goes on where you left it.")
        self.enter(session)
        self.tutorial_enter_step()

    def tutorial_step(self) -> dict[str, Any] | None:
        session = self.tutorial_session()
        steps = session.tutorial.TUTORIAL["steps"]
        return steps[session.step] if session.step < len(steps) else None

    def tutorial_enter_step(self, feedback: str = "") -> None:
        """Show the current step, point at where to act, and play the computer's scripted moves."""
        session = self.tutorial_session()
        game_id = session.match.game.id
        self.settings.setdefault("tutorials", {})[game_id] = session.step
        self.store.save_settings(self.settings)
        step = self.tutorial_step()
        set_text("tutorial-feedback", feedback)
        if step is None:
            set_text("tutorial-title", "Tutorial complete")
            set_text("tutorial-text", "You have seen every rule. Start a real game from the menu whenever you like.")
            show("tutorial-next", False)
            self.settings["tutorials"][game_id] = 0
            self.store.save_settings(self.settings)
            return
        set_text("tutorial-title", f"{session.step + 1}. {step.get('title', '')}")
        set_text("tutorial-text", step.get("text", ""))
        seat = step.get("seat")
        computer_step = seat is not None and not session.is_human(seat)
        # Every explanation stays until the learner continues; a computer's scripted move is
        # played when they press Next, so its step can be read first.
        show("tutorial-next", seat is None or computer_step)
        set_text("tutorial-next", f"Next: {session.match.names[seat]} moves"
                 if seat is not None and computer_step else "Next")
        self.set_ui(step.get("ui", {}))  # the game's own ui keys, named by the step

    def tutorial_next(self) -> None:
        session = self.current_session()
        if session is None or session.tutorial is None:
            return
        step = self.tutorial_step()
        if step is None:
            return
        seat = step.get("seat")
        if seat is None:
            session.step += 1
            self.tutorial_enter_step()
        elif not session.is_human(seat):
            self.play(seat, step["expect"][0])
            session.step += 1
            self.tutorial_enter_step(step.get("done", ""))

    def tutorial_move(self, text: str) -> None:
        """Accept only the move this step asks for; otherwise say why not."""
        session = self.tutorial_session()
        step = self.tutorial_step()
        if step is None or not session.is_human(step.get("seat")):
            notice("Read this step, then press Next.")
            return
        ok, message = session.tutorial.tutorial_feedback(session.match, session.step, text)
        if not ok:
            set_text("tutorial-feedback", message)  # in the panel, not a toast over the hand
            return
        if self.play(step["seat"], text):
            session.step += 1
            self.tutorial_enter_step(message)

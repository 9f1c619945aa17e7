"""The table: the window a GM projects and players play with the mouse, and the GM's console.

Two windows share one battle and one event loop (pygame-ce's `pygame.Window`): the table view
(the map, tokens and the turn's overlays, nothing only the GM may know) and the console (the
map with every number, and the panel of controls). `one_window` puts the table view and the
panel in a single window. Every click goes through the input modes to `battle.submit`; the
computer plays the sides the map (or the GM) gives it. An error never ends the fight: it
becomes a message in the console.

`TableApp` keeps the windows, whose move it is and the loop; its helpers are layers
(`game.ui.layers`) it loops over, the input the bottom one (`game.ui.table_input`); a frame is
drawn by `game.ui.painter`, the status file written by `game.ui.status_file`.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pygame
import pygame_gui

from game.battle import Battle
from game.hexgrid import Hex
from game.options import Options
from game.ui.ahead import DrawAhead
from game.ui.aids import Aids
from game.ui.autosaving import WindowAutosave
from game.ui.balancing import BalanceLayer
from game.ui.banner import Seat
from game.ui.banner_layer import TableBanner
from game.ui.banner_kit import table_room
from game.ui.briefing import Briefing
from game.ui.console_widgets import ConsoleWidgets
from game.ui.formation_view import FormationPreview
from game.ui.gm_tools import GmTools
from game.ui.layers import Layer
from game.ui.map_view import View
from game.ui.modes import AimOverwatch, Answer, Board, ChargeEnd, Command, Formation, Step
from game.ui.painter import WindowPainter
from game.ui.panel import Panel
from game.ui.players import ComputerSides
from game.ui.render import Frame
from game.ui.screens import open_table_and_console, open_window
from game.ui.screenshots import save_screenshots
from game.ui.status_file import StatusFile
from game.ui.table_input import TableInput
from game.ui.toast import Toast
from game.ui.tools import TOOLS_HEIGHT, TableTools

PANEL_WIDTH = 380
COMPUTER_PACE = 0.35  # seconds between the computer's actions, so people can follow them
HOLDING = "Wait: the GM has the table ({why})"
"""The table's note when it is clicked or keyed while the console holds the game."""


class TableApp:
    """One fight at the table: windows, input, the computer's turns, drawing."""

    def __init__(self, battle: Battle, size: tuple[int, int] = (1280, 800), one_window: bool = False,
                 status: Path | None = None, shots: Path | None = None, save_to: Path | None = None,
                 computer_pace: float = COMPUTER_PACE, fullscreen: bool = False, display: int | None = None,
                 autosave=None, offer=None) -> None:
        self.battle = battle
        self.computer_pace = computer_pace
        self.status_file, self.shots, self.save_to = StatusFile(status), shots, save_to
        self.computer = ComputerSides(battle)  # who plays each side, and the computer players
        self.message = ""
        self.mode = None
        self.hover: Hex | None = None
        self.next_computer = 0.0
        self._options: tuple = (None, None)
        self._standing: tuple = (None, None)
        self.formations = FormationPreview()  # a squad's formations under the mouse
        self.one_window = one_window
        size = self._open_views(battle, size, display, fullscreen)
        self.banner_area = self._make_room(one_window)
        self.manager = pygame_gui.UIManager(size)
        self.panel = Panel(self.manager, pygame.Rect(size[0] - PANEL_WIDTH, 0, PANEL_WIDTH, size[1]))
        for view in self.views:
            view.fit(battle)
        self.panel.reset_log(battle.log_lines())
        self.seen = battle.log_length
        self.painter = WindowPainter(self)
        self.aids = Aids(self, self.manager, size)  # explain, the key card, animations
        self.tools = TableTools(self, size[0] - PANEL_WIDTH, size[1])  # table dice, Open, the map watcher
        self.gm_tools = GmTools(self)  # the GM's overrides
        self.autosaving = WindowAutosave(self, autosave, offer, self.table.area)  # autosave and the offer to go on
        self.briefing = Briefing(self)
        self.toast = Toast(self)
        self.banner = TableBanner(self)
        self.layers: tuple[Layer, ...] = (self.briefing, self.aids, self.toast, self.autosaving, ConsoleWidgets(self),
                                          BalanceLayer(self), self.tools, self.gm_tools, self.banner, DrawAhead(self),
                                          TableInput(self))
        """The top layer first: events go down from it, ticks and drawing go up from the bottom."""

    def _open_views(self, battle: Battle, size: tuple[int, int], display: int | None, fullscreen: bool) -> tuple[int, int]:
        """Open the windows and their map views (the table's, and in two windows the console's);
        returns the console window's size."""
        title = f"hexbattle - {battle.scenario.title}"
        if self.one_window:
            console = open_window(title, size, display, fullscreen)
            size = console.size
            self.table = View(console, pygame.Rect(0, 0, size[0] - PANEL_WIDTH, size[1]), Frame(battle, "table"),
                              below=TOOLS_HEIGHT)
            self.views = [self.table]
        else:
            table, console = open_table_and_console(title, size, display, fullscreen)  # each on its display
            self.table = View(table, pygame.Rect((0, 0), table.size), Frame(battle, "table"))
            gm_map = View(console, pygame.Rect(0, 0, size[0] - PANEL_WIDTH, size[1]),
                          Frame(battle, "console", self.table.frame.board), below=TOOLS_HEIGHT)  # one map picture
            self.views = [self.table, gm_map]
        self.console = console
        for view in self.views:
            view.window.get_surface()  # gives pygame a format to convert images to
        console.get_surface()
        return size

    def _make_room(self, one_window: bool) -> pygame.Rect:
        """Keep the table view's map clear of its banner (and of its action bar in two windows,
        the one window having the console's); the area the banner is drawn in."""
        table = self.table
        tools = TOOLS_HEIGHT if one_window else 0
        size = table.window.size if not one_window else (table.area.width, table.window.size[1])
        below, beside = table_room(table.frame.tokens.fonts, size, bar=not one_window)
        table.below, table.beside = tools + below, beside
        return pygame.Rect(table.area.x, table.area.y, table.area.width, table.area.height - tools)

    # -- the battle the window plays -------------------------------------------------------------
    def adopt(self, battle: Battle, fresh: bool) -> None:
        """Play this battle in the window from now on (a new fight when `fresh`): its map in every
        view, its log in the panel, and every layer following it."""
        for window in {view.window for view in self.views} | {self.console}:
            window.title = window.title.replace(self.battle.scenario.title, battle.scenario.title)
        self.battle, self.mode = battle, None
        if fresh:
            self.computer = ComputerSides(battle)
        board = None
        for view in self.views:
            view.frame = Frame(battle, view.frame.view, board)  # one map picture for both views
            board = view.frame.board
            if fresh or view.camera is None:
                view.fit(battle)
        self.panel.reset_log(battle.log_lines())
        self.seen = battle.log_length
        for layer in self.layers:
            layer.adopt(battle, fresh)

    def holding(self) -> str:
        """Why the console holds the game now, in words ("" when it does not)."""
        return next((words for layer in self.layers if (words := layer.holding())), "")

    def seat(self) -> Seat:
        """What the table's banner needs to know of the window (`game.ui.banner.Seat`)."""
        computer = frozenset(side for side in self.computer.chosen if self.computer.plays(side))
        return Seat(computer, self.holding(), self.tools.asking(), self.chosen_kind(), bar=not self.one_window)

    def chosen_kind(self) -> str:
        """The kind the input mode is aiming ("move" by default)."""
        mode = self.mode
        return getattr(mode, "kind", "charge" if isinstance(mode, ChargeEnd) else "overwatch"
                       if isinstance(mode, AimOverwatch) else "formation" if isinstance(mode, Formation) else "")

    # -- whose move --------------------------------------------------------------------------
    def decider(self) -> int | None:
        """Who must act now: the open decision's decider, or the combatant whose turn it is."""
        prompt = self.battle.pending()
        return prompt.decider if prompt is not None else self.battle.current()

    def computer_decides(self) -> bool:
        """Whether the one who must act now is played by the computer."""
        who = self.decider()
        if who is None:
            return False
        view = self.battle.combatant(who)
        return view is not None and self.computer.plays(view.side)

    def options(self) -> Options:
        """The options of whoever must act now (nothing once the battle is over), worked out
        once per state of the battle rather than every frame."""
        who = self.decider()
        key = (id(self.battle), self.battle.state, who)
        if self._options[0] != key:
            self._options = (key, self.battle.options(who) if who is not None else Options(0))
        return self._options[1]

    def current_mode(self):
        """The input mode, following the battle: a decision to answer, else the actor's commands."""
        prompt = self.battle.pending()
        if prompt is not None:
            if not isinstance(self.mode, Answer) or self.mode.decider != prompt.decider:
                self.mode = Answer(prompt.decider)
        elif self.battle.current() is None:
            self.mode = None
        elif not isinstance(self.mode, (Command, ChargeEnd, AimOverwatch, Formation)) \
                or self.mode.actor != self.battle.current():
            self.mode = Command(self.battle.current())
        return self.mode

    def board(self, options: Options) -> Board:
        """What the input modes may look at."""
        key = (id(self.battle), self.battle.state)
        if self._standing[0] != key:  # a squad answers to a click on any of its hexes
            everyone = self.battle.combatants()
            fallen: dict = {}
            for c in everyone:  # who lies out of the fight: a downed ally is stabilised or healed by a click too
                if not c.in_fight and c.hex is not None:
                    fallen[c.hex] = fallen.get(c.hex, ()) + (c,)
            self._standing = (key, {h: c for c in everyone if c.in_fight and c.hex is not None
                                    for h in (c.footprint or (c.hex,))}, fallen)
        battle, actor = self.battle, options.actor
        return Board(options, self._standing[1], self.formations.at(self.battle, self.mode, self.hover),
                     self._standing[2], lambda hex_: battle.move_refusal(actor, hex_))

    # -- input -------------------------------------------------------------------------------
    def feed(self, event_input, at: tuple[int, int] | None = None, from_table: bool = False) -> None:
        """One input through the current mode: submit what it yields, keep the next mode. `at`
        is where on the table view the input was made (a click there), for its refusal. An input
        `from_table` (a click on the table view, its banner or bar, a key on its window) is
        refused while the console holds the game."""
        mode = self.current_mode()
        if mode is None or self.computer_decides():
            return
        why = self.holding() if from_table else ""
        if why:
            self.say(HOLDING.format(why=why), at)
            return
        step: Step = mode.handle(event_input, self.board(self.options()))
        if step.mode is not None:
            self.mode = step.mode
        if step.message:
            self.say(step.message, at)
        if step.action is not None:
            self.submit(step.action, at)

    def submit(self, action, at: tuple[int, int] | None = None, table: bool = True) -> None:
        """Submit an action; a refusal is shown, never raised: on the table too unless the GM's
        (`table` False)."""
        message = self.tools.submit(action)  # table dice: typed_only for sides rolling at the table
        if table and message.startswith("refused: "):
            self.say(message, at)
        else:
            self.message = message

    def say(self, words: str, at: tuple[int, int] | None = None) -> None:
        """A refusal or a mode's hint: in the console, and on the table (beside the click at `at`,
        else beside the token that acts) unless the one who acts is hidden from the table."""
        self.message = words
        who = self.battle.combatant(self.decider()) if self.decider() is not None else None
        if who is None or not who.hidden:
            self.toast.show(words, at)

    def view_at(self, event) -> View | None:
        """The map view an event happened in (its window and area)."""
        window = getattr(event, "window", None)
        pos = getattr(event, "pos", None)
        for view in self.views:
            if (window is None or window == view.window) and pos is not None and view.area.collidepoint(pos):
                return view
        return None

    def handle(self, event) -> bool:
        """One pygame event, down the layers until one takes it; False when the window should close."""
        if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
            return False
        any(layer.handle(event) for layer in self.layers)  # the first layer that takes it
        return True

    # -- the computer's turns ------------------------------------------------------------------
    def computer_step(self) -> None:
        """One action for a computer-played side, at a pace people can follow."""
        if self.battle.state.ended or not self.computer_decides() or time.monotonic() < self.next_computer \
                or self.autosaving.asking:  # the computer waits while the offer to go on is open
            return
        self.next_computer = time.monotonic() + self.computer_pace
        self.submit(self.computer.choose(self.battle, self.battle.combatant(self.decider()).side))

    def draw(self) -> None:
        """One frame in every window (`game.ui.painter`)."""
        self.painter.draw()

    def screenshots(self) -> None:
        """Save each window as a PNG (F12), for the GM to share and for tests to read: into the
        --shots folder, else the user's pictures folder, saying where (game/ui/screenshots.py)."""
        pictures = [(name, window.get_surface()) for name, window in (("table", self.table.window),
                                                                      ("console", self.console))]
        saved, message = save_screenshots(pictures, self.shots)
        if self.shots is None or not saved:  # tests reading --shots expect the message they left
            self.message = message
        self.write_status(force=True, shot=saved)

    def write_status(self, force: bool = False, shot: bool = False) -> None:
        """For tests and tools: where things are on the table window (`game.ui.status_file`)."""
        self.status_file.write(self, force, shot)

    # -- the loop ----------------------------------------------------------------------------
    def run(self, frames: int | None = None) -> int:
        """Play until a window is closed (or for `frames` frames); returns the exit status."""
        clock = pygame.time.Clock()
        running, count, shown, last_drawn = True, 0, None, 0.0
        while running and (frames is None or count < frames):
            delta = clock.tick(30 if count else 0) / 1000.0  # the first frame waits for nothing
            try:
                events = pygame.event.get()
                for event in events:
                    running = self.handle(event) and running
                self.computer_step()
                for layer in reversed(self.layers):
                    layer.tick()
                self.manager.update(delta)
                # Draw only when something a person could see changed (or twice a second, for
                # the panel's own highlights): flipping a window is the dearest part of a frame.
                seen = (self.battle.state, self.hover, self.mode, self.message,
                        tuple(v.camera for v in self.views), tuple(sorted(self.computer.chosen.items())))
                playing = bool(self.aids.animations.items)  # an animation runs on its own clock
                if events or playing or self.painter.again or seen != shown or time.monotonic() - last_drawn > 0.5:
                    self.draw()
                    shown, last_drawn = seen, time.monotonic()
                self.write_status()
            except Exception as error:  # the fight goes on; the GM is told, and nothing is lost
                self.message = f"hexbattle hit a problem ({type(error).__name__}: {error}); the fight goes on"
                print(f"hexbattle: {self.message}", file=sys.stderr)
            count += 1
        return 0


def start_windows() -> None:
    """Start pygame's display and fonts (no sound: a table has no use for the mixer)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.display.init()
    pygame.font.init()

"""The table: the window a GM projects and players play with the mouse, and the GM's console.

Two windows share one battle and one event loop (pygame-ce's `pygame.Window`): the table view
(the map, tokens and the turn's overlays, nothing only the GM may know) and the console (the
map with every number, and the panel of controls). `one_window` puts the table view and the
panel in a single window. Every click goes through the input modes to `battle.submit`; the
computer plays the sides the map (or the GM) gives it. An error never ends the fight: it
becomes a message in the console.
"""

from __future__ import annotations

import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pygame_gui

from game.battle import Battle
from game.hexgrid import Hex
from game.options import Options
from game.savefile import SaveError, write_save
from game.ui.ahead import DrawAhead
from game.ui.aids import Aids
from game.ui.autosaving import WindowAutosave
from game.ui.banner import Seat
from game.ui.banner_layer import TableBanner
from game.ui.banner_look import table_room
from game.ui.briefing import Briefing
from game.ui.camera import Camera
from game.ui.console_widgets import ConsoleWidgets
from game.ui.formation_view import FormationPreview, formation_status
from game.ui.gm_tools import GmTools
from game.ui.keys import BRIEFING
from game.ui.layers import Layer, Paint
from game.ui.modes import (AimOverwatch, Answer, Board, ChargeEnd, Choose, Click, Command, Formation, Key, Step,
                           facing_action)
from game.ui.overlays import Aim, Overlays
from game.ui.panel import Panel
from game.ui.players import ComputerSides
from game.ui.render import Frame, camera_for
from game.ui.screens import open_table_and_console, open_window
from game.ui.screenshots import save_screenshots
from game.ui.toast import Toast
from game.ui.tools import TOOLS_HEIGHT, TableTools
from game.ui.tracker import console_lines

PANEL_WIDTH = 380
CONSOLE_BACKGROUND = (30, 32, 36)
COMPUTER_PACE = 0.35  # seconds between the computer's actions, so people can follow them
DRAG_START = 6  # pixels the mouse moves with a button held before it counts as a drag
KEY_NAMES = {pygame.K_ESCAPE: "escape", pygame.K_RETURN: "return", pygame.K_SLASH: "?"}


@dataclass
class View:
    """One map view in a window: where it is drawn, how, and its camera."""

    window: pygame.Window
    area: pygame.Rect
    frame: Frame
    camera: Camera | None = None
    overlays: Overlays | None = None
    overlaid: list = field(default_factory=list)  # where the last frame's overlays were drawn
    below: int = 0  # pixels along the area's bottom that controls cover: fitting keeps the map above
    beside: int = 0  # pixels down the area's right-hand side that controls cover: fitting keeps the map left
    layered: list = field(default_factory=list)  # where the layers drew over the last frame's map

    def __post_init__(self) -> None:
        self.overlays = self.overlays or Overlays(self.frame.tokens.fonts, table=self.frame.view == "table")

    @property
    def seen_in(self) -> pygame.Rect:
        """The part of the area the map is seen in: above the controls along its bottom, left of
        those down its side."""
        return pygame.Rect(self.area.x, self.area.y, self.area.width - self.beside, self.area.height - self.below)

    def fit(self, battle: Battle) -> None:
        """Show the whole map in the part of the view's area it is seen in."""
        size = (self.area.width - self.beside, self.area.height)
        camera = camera_for(battle, self.frame.board, size, self.below)
        self.camera = camera.panned(self.area.x, self.area.y)


class TableApp:
    """One fight at the table: windows, input, the computer's turns, drawing."""

    def __init__(self, battle: Battle, size: tuple[int, int] = (1280, 800), one_window: bool = False,
                 status: Path | None = None, shots: Path | None = None, save_to: Path | None = None,
                 computer_pace: float = COMPUTER_PACE, fullscreen: bool = False, display: int | None = None,
                 autosave=None, offer=None) -> None:
        self.battle = battle
        self.computer_pace = computer_pace
        self.status_path, self.shots, self.save_to = status, shots, save_to
        self.computer = ComputerSides(battle)  # who plays each side, and the computer players
        self.message = ""
        self.mode = None
        self.hover: Hex | None = None
        self.drag: tuple[View, tuple[int, int], Camera] | None = None
        self.dragged = False
        self.next_computer = 0.0
        self.seen = 0
        self._status = None
        self._options: tuple = (None, None)
        self._standing: tuple = (None, None)
        self.formations = FormationPreview()  # a squad's formations under the mouse
        title = f"hexbattle - {battle.scenario.title}"
        if one_window:
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
        self.one_window = one_window
        for view in self.views:
            view.window.get_surface()  # gives pygame a format to convert images to
        console.get_surface()
        self.banner_area = self._make_room(one_window)
        self.manager = pygame_gui.UIManager(size)
        self.panel = Panel(self.manager, pygame.Rect(size[0] - PANEL_WIDTH, 0, PANEL_WIDTH, size[1]))
        for view in self.views:
            view.fit(battle)
        self.panel.reset_log(battle.log_lines())
        self.seen = battle.log_length
        self._covered = self._again = False
        self.aids = Aids(self, self.manager, size)  # explain, the key card, animations
        self.tools = TableTools(self, size[0] - PANEL_WIDTH, size[1])  # table dice, Open, the map watcher
        self.gm_tools = GmTools(self)  # the GM's overrides
        self.autosaving = WindowAutosave(self, autosave, offer, self.table.area)  # autosave and the offer to go on
        self.briefing = Briefing(self)
        self.toast = Toast(self)
        self.banner = TableBanner(self)
        self.layers: tuple[Layer, ...] = (self.briefing, self.aids, self.toast, self.autosaving, ConsoleWidgets(self),
                                          self.tools, self.gm_tools, self.banner, DrawAhead(self))
        """The top layer first: events go down from it, ticks and drawing go up from the bottom."""

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
    def feed(self, event_input, at: tuple[int, int] | None = None) -> None:
        """One input through the current mode: submit what it yields, keep the next mode. `at`
        is where on the table view the input was made (a click there), for its refusal."""
        mode = self.current_mode()
        if mode is None or self.computer_decides():
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

    def gm(self, name: str) -> None:
        """The GM's controls."""
        if name == "undo":
            self.message = "undone" if self.battle.undo() else "nothing to undo"
        elif name == "redo":
            self.message = "redone" if self.battle.redo() else "nothing to redo"
        elif name == "fit":
            for view in self.views:
                view.fit(self.battle)
        elif name == "save":
            self.save()
        if name in ("undo", "redo"):
            self.mode = None
            self.panel.reset_log(self.battle.log_lines())
            self.seen = self.battle.log_length

    def save(self) -> None:
        """Write the fight to its save file; a failure is a message, and the fight goes on."""
        path = self.save_to or Path.cwd() / f"{Path(self.battle.scenario.path).stem}.save.json"
        try:
            write_save(self.battle, path)
            self.message = f"saved to {path}"
        except SaveError as error:
            self.message = str(error)

    def toggle_side(self, side: str) -> None:
        """Switch a side between people and the computer."""
        self.computer.toggle(side)

    def view_at(self, event) -> View | None:
        """The map view an event happened in (its window and area)."""
        window = getattr(event, "window", None)
        pos = getattr(event, "pos", None)
        for view in self.views:
            if (window is None or window == view.window) and pos is not None and view.area.collidepoint(pos):
                return view
        return None

    def handle(self, event) -> bool:
        """One pygame event; False when the window should close."""
        if event.type == pygame.QUIT or event.type == pygame.WINDOWCLOSE:
            return False
        if any(layer.handle(event) for layer in self.layers):  # the first layer that takes it
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            pressed = self.panel.pressed(event.ui_element)
            if pressed and pressed[0] == "kind":
                self.feed(Choose(pressed[1]))
            elif pressed and pressed[0] == "gm":
                self.gm(pressed[1])
            elif pressed:
                self.toggle_side(pressed[1])
        elif event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            view = self.view_at(event)
            if view is not None:
                self.drag, self.dragged = (view, event.pos, view.camera), False
        elif event.type == pygame.MOUSEMOTION:
            self.motion(event)
        elif event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3):
            self.release(event)
        elif event.type == pygame.MOUSEWHEEL:
            self.wheel(event)
        return True

    def key(self, event) -> None:
        """Keys: Ctrl+Z/Y/S for the GM, F to fit, F12 for screenshots, B for the briefing, else
        the modes'."""
        if event.mod & pygame.KMOD_CTRL and event.key in (pygame.K_z, pygame.K_y, pygame.K_s):
            self.gm({pygame.K_z: "undo", pygame.K_y: "redo", pygame.K_s: "save"}[event.key])
        elif event.key == pygame.K_F12:
            self.screenshots()
        elif event.key == pygame.K_f:
            self.gm("fit")
        else:
            name = KEY_NAMES.get(event.key) or (event.unicode.lower() if event.unicode else "")
            if name == BRIEFING and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
                self.briefing.open()
            elif name:
                self.feed(Key(name))

    def motion(self, event) -> None:
        """Hover follows the mouse; a button held and moved pans the view."""
        view = self.view_at(event)
        if view is not None and view.camera is not None:
            self.hover = view.camera.hex_at(event.pos)
        if self.drag is not None and event.buttons[0]:
            dragged_view, start, camera = self.drag
            dx, dy = event.pos[0] - start[0], event.pos[1] - start[1]
            if self.dragged or abs(dx) + abs(dy) > DRAG_START:
                self.dragged = True
                dragged_view.camera = camera.panned(dx, dy)

    def release(self, event) -> None:
        """A click (a press and release without a drag) on a map view."""
        drag, self.drag = self.drag, None
        if drag is None or self.dragged:
            return
        view = drag[0]
        self.feed(Click(view.camera.hex_at(event.pos), event.button), event.pos if view is self.table else None)

    def wheel(self, event) -> None:
        """Zoom at the cursor."""
        x, y = pygame.mouse.get_pos()
        for view in self.views:
            if view.camera is not None and view.area.collidepoint((x, y)):
                view.camera = view.camera.zoomed_at((x, y), 1.15 ** event.y)

    # -- the computer's turns ------------------------------------------------------------------
    def computer_step(self) -> None:
        """One action for a computer-played side, at a pace people can follow."""
        if self.battle.state.ended or not self.computer_decides() or time.monotonic() < self.next_computer \
                or self.autosaving.asking:  # the computer waits while the offer to go on is open
            return
        self.next_computer = time.monotonic() + self.computer_pace
        self.submit(self.computer.choose(self.battle, self.battle.combatant(self.decider()).side))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self) -> None:
        """One frame in every window."""
        options = self.options() if not self.computer_decides() else Options(self.decider() or 0)
        mode = self.current_mode()
        standing = self.board(options).standing
        kind = getattr(mode, "kind", "charge" if isinstance(mode, ChargeEnd) else "overwatch"
                       if isinstance(mode, AimOverwatch) else "formation" if isinstance(mode, Formation) else "")
        wedge = ()
        if isinstance(mode, AimOverwatch) and self.hover is not None:
            here = mode.here(self.board(options))
            if here is not None and here != self.hover:
                aim = facing_action(mode.actor, here, self.hover)
                wedge = self.battle.wedge(mode.actor, aim.facing, aim.angle)
        charge_target = mode.target if isinstance(mode, ChargeEnd) else None
        # Only what changed is repainted from the cached board (last frame's tokens, title and
        # overlays, and what the layers drew), unless a layer drew over everything last frame.
        full = self._covered
        gone = self.banner.prepare()  # the banner first: the table's labels keep off it
        for view in self.views:
            view.overlaid = view.overlaid + view.layered + (gone if view is self.table else [])
        overlaid = bool(kind) and not self.computer_decides() and not isinstance(mode, Answer)
        actor = self.battle.combatant(options.actor) if options.actor else None
        for view in self.views:
            surface = view.window.get_surface()
            # The table never learns where a hidden actor could go or whom it could hit.
            aimed = overlaid and not (view.frame.view == "table" and actor is not None and actor.hidden)
            shading = view.overlays.shading(view.camera, options, kind, self.hover, wedge, charge_target) if aimed else None
            aim = None
            if aimed:
                formation = mode.shown(self.board(options)) if isinstance(mode, Formation) else None
                aim = Aim(options, kind, standing, self.hover, formation, getattr(mode, "painted", ()))
            banner = self.banner.picture if view is self.table else None
            view.frame.draw(surface, self.battle, view.camera, repaint_all=full, also=view.overlaid, under=shading,
                            seen_in=view.seen_in, aim=aim, keep_off=banner.areas if banner else (),
                            others=banner.labels if banner else ())
            view.overlaid = []  # the frame repaints its own overlays
            if view.window is self.console:
                surface.fill(CONSOLE_BACKGROUND, self.panel.rect)
        paint = Paint(self.views, time.monotonic())
        for layer in reversed(self.layers):  # the bottom layer first, the top one over it
            layer.draw(paint)
        self._covered, self._again = paint.covered, paint.again
        for view in self.views:
            view.layered = paint.drawn(view)
        self.update_panel(options)
        self.manager.draw_ui(self.console.get_surface())
        for window in {view.window for view in self.views} | {self.console}:
            window.flip()

    def update_panel(self, options: Options) -> None:
        """The console's panel follows the battle."""
        new = self.battle.log_since(self.seen)
        if new:
            self.panel.add_log([self.battle.describe(e) for e in new])
            self.seen += len(new)
        state = self.battle.state
        who = self.decider()
        name = self.battle.combatant(who).name if who is not None else ""
        if state.ended:
            turn = "The battle is over"
        elif self.battle.pending() is not None:
            turn = f"Round {state.round}: {name} must decide"
        else:
            turn = f"Round {state.round}: {name}'s turn" + (" (computer)" if self.computer_decides() else "")
        self.panel.show_turn(turn)
        self.panel.show_tracker(console_lines(self.battle))
        self.panel.show_message(self.message)
        prompt = self.battle.pending()
        sides = [(s.id, s.name, self.computer.label(s.id)) for s in self.battle.sides()]
        shown = options if not self.computer_decides() else Options(options.actor)
        self.panel.show_choices(shown, prompt.question if prompt else "", sides)

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
        """For tests and tools: where things are on the table window, written when it changes."""
        if self.status_path is None:
            return
        camera = self.table.camera
        options = self.options() if not self.computer_decides() else Options(0)
        moves = options.allowed("move")
        everyone = self.battle.combatants()
        where = {c.id: c.hex for c in everyone}
        status = {
            "map": str(self.battle.scenario.path), "actions": len(self.battle.actions), "current": self.battle.current(),
            "pending": self.decider() if self.battle.pending() else None, "ended": self.battle.state.ended,
            "mode": type(self.mode).__name__ if self.mode else None, "kind": getattr(self.mode, "kind", None),
            "message": self.message, "shot": shot,
            "combatants": [{"id": c.id, "name": c.name, "side": c.side, "hex": [c.hex.q, c.hex.r] if c.hex else None,
                            "in_fight": c.in_fight, "overwatch": c.overwatch, "hidden": c.hidden,
                            "screen": _screen(camera, c.hex), "footprint": [_screen(camera, h) for h in c.footprint]}
                           for c in everyone],
            "formation": formation_status(self.mode, self.board(options), lambda h: _screen(camera, h)),
            "moves": [{"hex": [o.hex.q, o.hex.r], "screen": _screen(camera, o.hex)} for o in moves],
            "targets": [{"id": o.target, "screen": _screen(camera, where.get(o.target))}
                        for o in options.allowed("attack")],
            "watched": [{"hex": [w.hex.q, w.hex.r], "screen": _screen(camera, w.hex)} for w in options.watched],
            "board": _board_box(camera, self.table.frame.board),
            "controls_top": self.table.area.bottom - self.table.below,
            "buttons": [{"kind": kind, "screen": list(button.rect.center)} for button, kind in self.panel.kinds.items()],
            "tracker": console_lines(self.battle),
            "sides": [{"id": side, "controller": self.computer.chosen.get(side), "screen": list(button.rect.center)}
                      for button, side in self.panel.sides.items()],
        }
        status["holding"] = self.holding()
        for layer in self.layers:  # "asking", "autosave", "editor", "banner", "toast", "briefing" ...
            status.update(layer.status())
        if not force and status == self._status:
            return
        self._status = status
        temporary = self.status_path.with_name(self.status_path.name + ".part")
        temporary.write_text(json.dumps(status))
        os.replace(temporary, self.status_path)

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
                if events or playing or self._again or seen != shown or time.monotonic() - last_drawn > 0.5:
                    self.draw()
                    shown, last_drawn = seen, time.monotonic()
                self.write_status()
            except Exception as error:  # the fight goes on; the GM is told, and nothing is lost
                self.message = f"hexbattle hit a problem ({type(error).__name__}: {error}); the fight goes on"
                print(f"hexbattle: {self.message}", file=sys.stderr)
            count += 1
        return 0


def _board_box(camera: Camera, board) -> list[int] | None:
    """Where the whole map lies on screen: left, top, right, bottom."""
    if camera is None:
        return None
    bounds = board.bounds
    (left, top), (right, bottom) = camera.to_screen(bounds.x, bounds.y), camera.to_screen(bounds.x + bounds.w, bounds.y + bounds.h)
    return [round(left), round(top), round(right), round(bottom)]


def _screen(camera: Camera, h: Hex | None) -> list[int] | None:
    if h is None or camera is None:
        return None
    x, y = camera.hex_center(h)
    return [round(x), round(y)]


def start_windows() -> None:
    """Start pygame's display and fonts (no sound: a table has no use for the mixer)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.display.init()
    pygame.font.init()

"""The window's status file (`hexbattle play --status FILE`), for tests and tools: where things are
on the table window (every combatant, the moves and targets on offer, the buttons) and what the
window shows (whose turn, the decision, the message), written whole and only when it changes."""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.hexgrid import Hex
from game.options import Options
from game.ui.camera import Camera
from game.ui.formation_view import formation_status
from game.ui.tracker import console_lines


class StatusFile:
    """The status file of one window: written by `write` when what it says changed."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._last: dict | None = None

    def write(self, app, force: bool = False, shot: bool = False) -> None:
        """Write what the window `app` shows now, if it changed (always when `force`); `shot`
        says a screenshot was just saved."""
        if self.path is None:
            return
        status = status_of(app, shot)
        if not force and status == self._last:
            return
        self._last = status
        temporary = self.path.with_name(self.path.name + ".part")
        temporary.write_text(json.dumps(status))
        os.replace(temporary, self.path)


def status_of(app, shot: bool = False) -> dict:
    """What the window shows now and where, as the status file lists it; each layer adds its own
    ("asking", "autosave", "editor", "banner", "toast", "briefing" ...)."""
    battle, camera = app.battle, app.table.camera
    options = app.options() if not app.computer_decides() else Options(0)
    everyone = battle.combatants()
    where = {c.id: c.hex for c in everyone}
    status = {
        "map": str(battle.scenario.path), "actions": len(battle.actions), "current": battle.current(),
        "pending": app.decider() if battle.pending() else None, "ended": battle.state.ended,
        "mode": type(app.mode).__name__ if app.mode else None, "kind": getattr(app.mode, "kind", None),
        "message": app.message, "shot": shot,
        "combatants": [{"id": c.id, "name": c.name, "side": c.side, "hex": [c.hex.q, c.hex.r] if c.hex else None,
                        "in_fight": c.in_fight, "overwatch": c.overwatch, "hidden": c.hidden,
                        "screen": screen_point(camera, c.hex), "footprint": [screen_point(camera, h) for h in c.footprint]}
                       for c in everyone],
        "formation": formation_status(app.mode, app.board(options), lambda h: screen_point(camera, h)),
        "moves": [{"hex": [o.hex.q, o.hex.r], "screen": screen_point(camera, o.hex)} for o in options.allowed("move")],
        "targets": [{"id": o.target, "screen": screen_point(camera, where.get(o.target))}
                    for o in options.allowed("attack")],
        "watched": [{"hex": [w.hex.q, w.hex.r], "screen": screen_point(camera, w.hex)} for w in options.watched],
        "board": board_box(camera, app.table.frame.board),
        "controls_top": app.table.area.bottom - app.table.below,
        "buttons": [{"kind": kind, "screen": list(button.rect.center)} for button, kind in app.panel.kinds.items()],
        "tracker": console_lines(battle),
        "sides": [{"id": side, "controller": app.computer.chosen.get(side), "screen": list(button.rect.center)}
                  for button, side in app.panel.sides.items()],
        "holding": app.holding(),
    }
    for layer in app.layers:
        status.update(layer.status())
    return status


def board_box(camera: Camera | None, board) -> list[int] | None:
    """Where the whole map lies on screen: left, top, right, bottom."""
    if camera is None:
        return None
    bounds = board.bounds
    (left, top), (right, bottom) = camera.to_screen(bounds.x, bounds.y), camera.to_screen(bounds.x + bounds.w, bounds.y + bounds.h)
    return [round(left), round(top), round(right), round(bottom)]


def screen_point(camera: Camera | None, h: Hex | None) -> list[int] | None:
    """A hex's centre on screen, in whole pixels (None for no hex or no camera)."""
    if h is None or camera is None:
        return None
    x, y = camera.hex_center(h)
    return [round(x), round(y)]

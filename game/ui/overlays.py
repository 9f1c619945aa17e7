"""The turn's overlays, drawn over the board from `Battle.options()` only (the renderer reads).

Reachable hexes with their cost, the path under the mouse, hexes enemy overwatch covers, the
targets of the chosen kind with their hit chance, the line of fire to the hovered target
with its cover, chance and expected damage, charge ends, jump landings, the overwatch wedge
following the mouse, and a grenade's landing spread and blast.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.hexgrid import Hex
from game.options import AttackOption, ChargeOption, GrenadeOption, JumpOption, MoveOption, Options
from game.ui.camera import Camera
from game.ui.tokens import Fonts, label
from game.views import CombatantView

REACH = (80, 200, 255, 70)
REACH_EDGE = (80, 200, 255)
PATH = (255, 255, 255)
WATCHED = (230, 60, 60)
TARGET = (255, 220, 0)
WEDGE = (255, 160, 0, 60)
BLAST = (255, 80, 40, 80)
LANDING = (255, 200, 40)
CHARGE_END = (190, 120, 255, 90)


def polygon(camera: Camera, h: Hex) -> list[tuple[float, float]]:
    """A hex's corners on screen."""
    return [camera.to_screen(x, y) for x, y in camera.layout.hex_corners(h)]


def _fill(layer: pygame.Surface, camera: Camera, h: Hex, colour: tuple[int, ...]) -> None:
    pygame.draw.polygon(layer, colour, polygon(camera, h))


def percent(chance) -> str:
    """A chance as the table reads it: whole percent."""
    return f"{round(float(chance) * 100)}%"


class Overlays:
    """Draws what the acting combatant can do in the mode the player is in."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts

    def draw(self, target: pygame.Surface, camera: Camera, options: Options, kind: str,
             standing: Mapping[Hex, CombatantView], hover: Hex | None, line: int,
             wedge: tuple[Hex, ...] = (), charge_target: int | None = None) -> None:
        """The overlays of `kind` ("move", "attack", "charge", "overwatch", ...) onto `target`."""
        layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        moves = {o.hex: o for o in options.allowed("move") if isinstance(o, MoveOption)}
        if kind == "move":
            for h in moves:
                _fill(layer, camera, h, REACH)
        for h in wedge:
            _fill(layer, camera, h, WEDGE)
        if kind == "jump":
            for o in options.allowed("jump"):
                _fill(layer, camera, o.hex, REACH) if isinstance(o, JumpOption) else None
        if kind == "charge":
            for o in options.allowed("charge"):
                if isinstance(o, ChargeOption) and (charge_target is None or o.target == charge_target):
                    _fill(layer, camera, o.hex, CHARGE_END)
        if kind == "grenade" and hover is not None:
            self._spread(layer, camera, options, hover)
        target.blit(layer, (0, 0))
        self._watched(target, camera, options)
        if kind == "move" and hover in moves:
            self._path(target, camera, moves[hover], line)
        attack_kind = "attack" if kind == "move" else kind
        self._targets(target, camera, options, attack_kind, standing, hover, line)

    def _watched(self, target: pygame.Surface, camera: Camera, options: Options) -> None:
        radius = max(2, round(camera.zoom * camera.layout.tile_width / 10))
        for watched in options.watched:
            x, y = camera.hex_center(watched.hex)
            pygame.draw.circle(target, WATCHED, (round(x), round(y)), radius)

    def _path(self, target: pygame.Surface, camera: Camera, move: MoveOption, line: int) -> None:
        start = camera.hex_center(move.path[0]) if len(move.path) > 1 else None
        points = [camera.hex_center(h) for h in move.path]
        if start is not None and len(points) > 1:
            pygame.draw.lines(target, PATH, False, points, max(2, line // 8))
        x, y = camera.hex_center(move.hex)
        label(target, self.fonts, f"{move.cost}", line, (x, y), "center")

    def _targets(self, target: pygame.Surface, camera: Camera, options: Options, kind: str,
                 standing: Mapping[Hex, CombatantView], hover: Hex | None, line: int) -> None:
        by_id = {c.id: h for h, c in standing.items()}
        me = by_id.get(options.actor)
        for option in options.allowed(kind):
            if not isinstance(option, AttackOption) or option.target not in by_id:
                continue
            there = by_id[option.target]
            x, y = camera.hex_center(there)
            radius = max(6, round(camera.zoom * camera.layout.tile_width * 0.45))
            pygame.draw.circle(target, TARGET, (round(x), round(y)), radius, max(2, line // 10))
            words = percent(option.odds.chance)
            if there == hover:
                words += f"  {float(option.expected_damage):.1f} dmg"
                if me is not None:
                    pygame.draw.line(target, TARGET, camera.hex_center(me), (x, y), max(2, line // 10))
                cover = option.cover.text(lambda h: f"({h.q}, {h.r})") if option.cover else ""
                if cover and cover != "in the open":
                    label(target, self.fonts, cover, line, (x, y + radius + line * 2.2), "midtop")
            label(target, self.fonts, words, line, (x, y - radius - 2), "midbottom")

    def _spread(self, layer: pygame.Surface, camera: Camera, options: Options, hover: Hex) -> None:
        throw = next((o for o in options.allowed("grenade") if isinstance(o, GrenadeOption) and o.at == hover), None)
        if throw is None:
            return
        for landing in throw.spread:
            for h in landing.blast:
                _fill(layer, camera, h, BLAST if landing.hex == throw.at else (BLAST[0], BLAST[1], BLAST[2], 25))
        for landing in throw.spread:
            x, y = camera.hex_center(landing.hex)
            pygame.draw.circle(layer, LANDING, (round(x), round(y)), max(3, round(camera.zoom * 4)))

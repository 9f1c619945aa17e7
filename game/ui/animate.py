"""Animations: the events the battle logged, played over the map with their own clock.

A small queue fed from the new events each frame (`Animations.follow(battle, now)`): a big
d20 face near the roller for every attack, check and roll, a token sliding along a move's
path, a damage number rising from its target, a ring for a blast and a dotted line for a
grenade's scatter. Drawing never changes the battle; a frame stays a pure function of (state,
options, camera, animation clock). `--no-animations` turns them off.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

import pygame

from game.events import Attacked, CheckRolled, Damaged, Event, Exploded, Moved, Rolled, Scattered
from game.hexgrid import Hex
from game.ui.camera import Camera

DICE_SECONDS = 1.0
STEP_SECONDS = 0.15  # per hex of a move
DAMAGE_SECONDS = 1.0
BLAST_SECONDS = 0.6
SCATTER_SECONDS = 0.8
DIE = (250, 250, 240)
DIE_INK = (20, 20, 20)
HIT = (60, 200, 90)
MISS = (220, 60, 60)
DAMAGE = (255, 70, 50)
RING = (255, 170, 40)


@dataclass(frozen=True, slots=True)
class Item:
    """One animation: what to draw (`kind`), from when, for how long, and its facts."""

    kind: str  # "die", "slide", "damage", "ring", "scatter"
    start: float
    duration: float
    hexes: tuple[Hex, ...] = ()
    text: str = ""
    actor: int = 0
    good: bool | None = None

    def progress(self, now: float) -> float:
        """0 at the start, 1 at the end (clamped)."""
        return min(1.0, max(0.0, (now - self.start) / self.duration))

    def alive(self, now: float) -> bool:
        """Whether it still has something to show."""
        return now < self.start + self.duration


def items_for(event: Event, hex_of: Callable[[int], Hex | None]) -> list[Item]:
    """The animations an event makes (start 0; the queue places them in time)."""
    dice = _dice(event)
    if dice is not None:
        where = hex_of(event.actor)
        return [Item("die", 0, DICE_SECONDS, (where,), dice[0], event.actor, dice[1])] if where and dice[0] else []
    if isinstance(event, Moved) and len(event.path) > 1:
        return [Item("slide", 0, STEP_SECONDS * (len(event.path) - 1), event.path, actor=event.actor)]
    if isinstance(event, Damaged) and event.amount:
        where = hex_of(event.target)
        return [Item("damage", 0, DAMAGE_SECONDS, (where,), f"-{event.amount}", event.target)] if where else []
    if isinstance(event, Exploded):
        return [Item("ring", 0, BLAST_SECONDS, (event.centre,), text=str(len(event.area)))]
    if isinstance(event, Scattered):
        return [Item("scatter", 0, SCATTER_SECONDS, (event.landing,), text=str(event.scatter.hexes))]
    return []


def _dice(event: Event) -> tuple[str, bool | None] | None:
    """The faces a roll shows and whether it hit (None for a roll that neither hits nor misses)."""
    if isinstance(event, Attacked):
        return str(event.result.face), event.result.hit
    if isinstance(event, Rolled):
        return " ".join(map(str, event.roll.faces)), None
    if isinstance(event, CheckRolled):
        return " ".join(map(str, event.result.roll.faces)), None
    return None


class Animations:
    """The queue: items placed one after another in time, dropped once they are over."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.items: list[Item] = []
        self.seen: int | None = None

    def feed(self, events: Iterable[Event], now: float, hex_of: Callable[[int], Hex | None]) -> None:
        """Queue the animations of new events: a move plays out before what follows it."""
        if not self.enabled:
            return
        cursor = max([now] + [i.start + i.duration for i in self.items if i.kind == "slide"])
        aim = None
        for event in events:
            aim = event.at if isinstance(event, Attacked) and event.at is not None else aim
            for item in items_for(event, hex_of):
                if item.kind == "scatter" and aim is not None:
                    item = replace(item, hexes=(aim, *item.hexes))
                self.items.append(replace(item, start=cursor))
                if item.kind == "slide":
                    cursor += item.duration

    def follow(self, battle, now: float) -> None:
        """Feed what the battle logged since the last frame (nothing after an undo or at start)."""
        length = battle.log_length
        if self.seen is None or length < self.seen:
            self.seen = length
            return
        new = battle.log_since(self.seen)
        self.seen = length
        self.feed(new, now, lambda who: getattr(battle.combatant(who), "hex", None))

    def live(self, now: float) -> list[Item]:
        """The items still playing (the expired ones are dropped)."""
        self.items = [i for i in self.items if i.alive(now)]
        return [i for i in self.items if i.start <= now]

    def draw(self, target: pygame.Surface, camera: Camera, tokens, battle, line: int, now: float) -> None:
        """Every live item over the map; the battle is only read."""
        if camera is None:
            return
        for item in self.live(now):
            if tokens.view == "table" and item.actor and getattr(battle.combatant(item.actor), "hidden", False):
                continue  # the table does not see what a hidden unit does or suffers
            draw_item(target, camera, tokens, battle, item, line, now)


def draw_item(target: pygame.Surface, camera: Camera, tokens, battle, item: Item, line: int, now: float) -> None:
    """One animation at time `now`."""
    t = item.progress(now)
    if item.kind == "slide":
        _slide(target, camera, tokens, battle, item, t)
    elif item.kind == "die":
        _die(target, camera, tokens.fonts, item, line)
    elif item.kind == "damage":
        x, y = camera.hex_center(item.hexes[0])
        words = tokens.fonts.text(item.text, line * 2, DAMAGE)
        target.blit(words, words.get_rect(center=(round(x), round(y - line - t * line * 3))))
    elif item.kind == "ring":
        x, y = camera.hex_center(item.hexes[0])
        reach = camera.zoom * camera.layout.tile_width * (0.5 + 2.5 * t)
        pygame.draw.circle(target, RING, (round(x), round(y)), round(reach), max(3, line // 6))
    elif item.kind == "scatter":
        _dotted(target, [camera.hex_center(h) for h in item.hexes], max(3, line // 5), t)


def _dotted(target: pygame.Surface, points: list[tuple[float, float]], dot: int, t: float) -> None:
    """A dotted line from the aimed hex to the landing, drawn out as time goes on; a dot at the end."""
    (ax, ay), (bx, by) = points[0], points[-1]
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    count = int(length / (dot * 3))
    for i in range(int((count + 1) * min(1.0, t * 1.5))):
        f = i / max(1, count)
        pygame.draw.circle(target, RING, (round(ax + (bx - ax) * f), round(ay + (by - ay) * f)), dot)
    pygame.draw.circle(target, RING, (round(bx), round(by)), dot * 2)


def _slide(target: pygame.Surface, camera: Camera, tokens, battle, item: Item, t: float) -> None:
    """The mover drawn between two hexes of its path (the camera shifted so its hex lands there)."""
    view = battle.combatant(item.actor)
    if view is None or view.hex is None:
        return
    steps = len(item.hexes) - 1
    at = t * steps
    index = min(int(at), steps - 1)
    (ax, ay), (bx, by) = camera.hex_center(item.hexes[index]), camera.hex_center(item.hexes[index + 1])
    x, y = ax + (bx - ax) * (at - index), ay + (by - ay) * (at - index)
    hx, hy = camera.hex_center(view.hex)
    tokens.draw_one(target, camera.panned(x - hx, y - hy), view, False)


def _die(target: pygame.Surface, camera: Camera, fonts, item: Item, line: int) -> None:
    """A big d20 face beside the roller, green for a hit, red for a miss."""
    x, y = camera.hex_center(item.hexes[0])
    words = fonts.text(item.text, line * 3, DIE_INK)
    box = words.get_rect().inflate(line, line // 2)
    box.midbottom = (round(x + line * 2), round(y - line))
    edge = DIE if item.good is None else (HIT if item.good else MISS)
    pygame.draw.rect(target, DIE, box, border_radius=line // 3)
    pygame.draw.rect(target, edge, box, max(3, line // 6), border_radius=line // 3)
    target.blit(words, words.get_rect(center=box.center))

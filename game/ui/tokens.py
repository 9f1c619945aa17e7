"""Tokens: each combatant drawn from its `CombatantView` over the board.

A disc in its side's colour with the side's letter (colour is never the only cue), the name
below, health above (each moved to a free side when it would hide a neighbouring disc), and
badges: prone (the disc lies flat), overwatch (a wedge toward the watched facing), total
defense (a second ring), down or dead (greyed, crossed out). The table view never shows an
NPC's health, nor a unit the map hides until the GM reveals it; the console view shows every
number, and the hidden with a yellow ring and "(hidden)" by the name.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.hexgrid import DIRECTIONS, Hex
from game.ui.camera import Camera
from game.ui.placing import ABOVE, BELOW, CORNERS, LEFT, RIGHT, box_at, free_box
from game.ui.look import (DOWN_GREY, INK, LABEL_BACKING, LABEL_TEXT, PAPER, side_colour,
                          side_letter, ink_on, text_height)
from game.views import CombatantView

PIP_FULL = (0x00, 0x9E, 0x73)  # Okabe-Ito bluish green
PIP_LOST = (0x55, 0x55, 0x5C)
HIDDEN_RING = (0xF0, 0xE4, 0x42)  # Okabe-Ito yellow: the console's mark of a unit the table does not see
MAX_PIPS = 12
NAME_SIDES = (BELOW, RIGHT, LEFT, ABOVE, *CORNERS)  # the corners when every side is taken
HEALTH_SIDES = (ABOVE, BELOW, RIGHT, LEFT)
TEXTS_KEPT = 2048


class Fonts:
    """Fonts by line height, rendered texts and labels on their backing, each made once."""

    def __init__(self) -> None:
        """Empty caches; the font module is started if it is not."""
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._backed: dict[tuple[str, int], pygame.Surface] = {}

    def font(self, line_height: int) -> pygame.font.Font:
        """The default font whose lines are at least `line_height` pixels tall."""
        if line_height not in self._fonts:
            size = line_height
            font = pygame.font.Font(None, size)
            while font.get_height() < line_height:
                size += 1
                font = pygame.font.Font(None, size)
            self._fonts[line_height] = font
        return self._fonts[line_height]

    def text(self, words: str, line_height: int, colour: tuple[int, ...]) -> pygame.Surface:
        """The words rendered once, antialiased."""
        key = (words, line_height, tuple(colour))
        if key not in self._texts:
            if len(self._texts) > TEXTS_KEPT:
                self._texts.clear()
            self._texts[key] = self.font(line_height).render(words, True, colour)
        return self._texts[key]

    def backed(self, words: str, line_height: int) -> pygame.Surface:
        """The words on their opaque label backing, drawn once (a label is then one blit)."""
        key = (words, line_height)
        if key not in self._backed:
            if len(self._backed) > TEXTS_KEPT:
                self._backed.clear()
            text = self.text(words, line_height, LABEL_TEXT)
            surface = pygame.Surface(label_size(self, words, line_height))
            surface.fill(LABEL_BACKING)
            surface.blit(text, text.get_rect(center=surface.get_rect().center))
            self._backed[key] = surface
        return self._backed[key]


def short_name(name: str) -> str:
    """A name cut to fit a crowded table: its first word, or for a numbered one ("Thug 10") its
    initial and number ("T10"), since the number is what tells it from its fellows."""
    words = name.split()
    if len(words) > 1 and words[-1].isdigit():
        return f"{words[0][0]}{words[-1]}"
    return words[0] if words else name


def label(target: pygame.Surface, fonts: Fonts, words: str, line_height: int,
          anchor: tuple[float, float], where: str = "midtop") -> pygame.Rect:
    """Text on an opaque dark backing (contrast over 15:1); returns the backing's rectangle."""
    box = pygame.Rect((0, 0), label_size(fonts, words, line_height))
    setattr(box, where, (round(anchor[0]), round(anchor[1])))
    return label_in(target, fonts, words, line_height, box)


def label_size(fonts: Fonts, words: str, line_height: int) -> tuple[int, int]:
    """The size of the backing `label` draws for the words."""
    text = fonts.text(words, line_height, LABEL_TEXT)
    return text.get_rect().inflate(2 * max(4, line_height // 3), 0).size


def label_in(target: pygame.Surface, fonts: Fonts, words: str, line_height: int,
             box: pygame.Rect) -> pygame.Rect:
    """Text centred on an opaque dark backing filling `box`; returns the box."""
    if box.size == label_size(fonts, words, line_height):
        target.blit(fonts.backed(words, line_height), box)  # the usual case: one opaque blit
        return box
    text = fonts.text(words, line_height, LABEL_TEXT)
    pygame.draw.rect(target, LABEL_BACKING, box)
    target.blit(text, text.get_rect(center=box.center))
    return box


def screen_direction(camera: Camera, angle_degrees: float) -> tuple[float, float]:
    """A unit vector on screen for a cube-space facing angle (direction i at i * 60 degrees)."""
    origin = camera.layout.hex_center(Hex(0, 0))
    east = _step(camera, origin, DIRECTIONS[0])
    northeast = _step(camera, origin, DIRECTIONS[1])
    half_root3 = math.sqrt(3) / 2
    up = ((northeast[0] - 0.5 * east[0]) / half_root3, (northeast[1] - 0.5 * east[1]) / half_root3)
    a = math.radians(angle_degrees)
    x = math.cos(a) * east[0] + math.sin(a) * up[0]
    y = math.cos(a) * east[1] + math.sin(a) * up[1]
    size = math.hypot(x, y) or 1.0
    return x / size, y / size


def _step(camera: Camera, origin: tuple[float, float], d: Hex) -> tuple[float, float]:
    """The world vector from the origin hex's centre to the centre of the hex at `d`."""
    x, y = camera.layout.hex_center(d)
    return x - origin[0], y - origin[1]


SPREAD_SCALE = 0.8  # a squad's discs on its other hexes, as a share of the main disc


class Tokens:
    """Draws every combatant for one view ("table" or "console")."""

    def __init__(self, view: str = "table", fonts: Fonts | None = None) -> None:
        """Tokens for a view; fonts and texts are cached across frames."""
        self.view = view
        self.fonts = fonts or Fonts()
        self.words: list[pygame.Rect] = []  # where the last `draw` put names and health (odds keep off them)

    def draw(self, target: pygame.Surface, camera: Camera, combatants: Iterable[CombatantView],
             current: int | None = None, inside: pygame.Rect | None = None) -> list[pygame.Rect]:
        """Every combatant on a hex, the fallen first so the standing are drawn over them, then
        their words where they hide no other disc (the one acting placed first); the table
        view leaves out whoever the map hides until the GM reveals them; the words stay `inside`
        (the part of the target the map is seen in; all of it if None). Returns the
        rectangles drawn on (what the next frame must repaint)."""
        inside = target.get_rect() if inside is None else inside
        shown = [c for c in combatants if c.hex is not None and not (c.hidden and self.view == "table")]
        placed = sorted(shown, key=lambda c: (c.in_fight, c.id))
        drawn = [self.draw_spread(target, camera, c) for c in placed if len(c.footprint) > 1]
        drawn += [self.draw_one(target, camera, c, c.id == current) for c in placed]
        line = text_height(target.get_height())
        discs = {c.id: self._disc(camera, c, line) for c in placed}
        spread = [disc for c in placed if len(c.footprint) > 1 for disc in self._spread_discs(camera, c, line)]
        taken: list[pygame.Rect] = []
        for c in sorted(placed, key=lambda c: (c.id != current, not c.in_fight, c.id)):
            blocked = [disc for other, disc in discs.items() if other != c.id] + spread + taken
            taken += self.draw_words(target, c, discs[c.id], line, blocked, inside)
        self.words = taken
        return drawn + taken

    def draw_one(self, target: pygame.Surface, camera: Camera, c: CombatantView,
                 current: bool = False) -> pygame.Rect:
        """One token with its badges; returns the square it may have drawn on."""
        cx, cy = camera.hex_center(c.hex)
        line = text_height(target.get_height())
        radius = self.radius(camera, line)
        colour = side_colour(c.side) if c.in_fight else DOWN_GREY
        if c.overwatch is not None and c.in_fight:
            self._wedge(target, camera, c, (cx, cy), radius, colour)
        if current and c.in_fight:
            pygame.draw.circle(target, PAPER, (cx, cy), radius + 5, 3)
        if c.total_defense and c.in_fight:
            pygame.draw.circle(target, INK, (cx, cy), radius + 8, 3)
            pygame.draw.circle(target, PAPER, (cx, cy), radius + 5, 3)
        disc = self._disc_rect(cx, cy, radius, c.prone)
        if c.hidden:  # only the console draws the hidden: a ring the table never shows
            pygame.draw.circle(target, HIDDEN_RING, (cx, cy), radius + 9, 4)
        pygame.draw.ellipse(target, colour, disc)
        pygame.draw.ellipse(target, INK, disc, 2)
        letter = self.fonts.text(side_letter(c.side), line, ink_on(colour))
        target.blit(letter, letter.get_rect(center=(round(cx), round(cy))))
        if not c.in_fight:
            self._cross(target, disc)
        reach = 2 * round(radius * 1.8 + 10)
        return pygame.Rect(0, 0, reach, reach).move(round(cx) - reach // 2, round(cy) - reach // 2)

    def draw_spread(self, target: pygame.Surface, camera: Camera, c: CombatantView) -> pygame.Rect:
        """A squad's other hexes (Seed 002, Squad Size): a smaller disc of its colour and letter on
        each, joined to the hex it grew from; returns the area drawn on."""
        line = text_height(target.get_height())
        radius = self.radius(camera, line) * SPREAD_SCALE
        colour = side_colour(c.side)
        centres = [camera.hex_center(h) for h in c.footprint]
        area = pygame.Rect(round(centres[0][0]), round(centres[0][1]), 1, 1)
        discs = self._spread_discs(camera, c, line)
        for index, ((cx, cy), disc) in enumerate(zip(centres[1:], discs), start=1):
            nearest = min(centres[:index], key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
            area.union_ip(pygame.draw.line(target, INK, nearest, (cx, cy), max(3, round(radius / 4))))
            pygame.draw.ellipse(target, colour, disc)
            pygame.draw.ellipse(target, INK, disc, 2)
            letter = self.fonts.text(side_letter(c.side), line, ink_on(colour))
            target.blit(letter, letter.get_rect(center=(round(cx), round(cy))))
            area.union_ip(disc.inflate(4, 4))
        return area

    def _spread_discs(self, camera: Camera, c: CombatantView, line: int) -> list[pygame.Rect]:
        """Where the smaller discs on a squad's other hexes lie on screen (labels keep off them)."""
        radius = self.radius(camera, line) * SPREAD_SCALE
        return [pygame.Rect(round(cx - radius), round(cy - radius), round(2 * radius), round(2 * radius))
                for cx, cy in (camera.hex_center(h) for h in c.footprint[1:])]

    def draw_words(self, target: pygame.Surface, c: CombatantView, disc: pygame.Rect, line: int,
                   blocked: list[pygame.Rect], inside: pygame.Rect) -> list[pygame.Rect]:
        """Health above the disc and the name below, each moved to another side when that one
        would hide something blocked; a name with no free side goes off a corner of the disc,
        else beside the disc and its health together (under the health moved below it), else is
        shortened (`short_name`), then left off (the console lists everyone).
        Returns the areas drawn on."""
        words = []
        health = self._health(target, c, disc, line, blocked, inside)
        if health is not None:
            words.append(health)
        around = [disc] + ([disc.union(health)] if health is not None else [])
        full = f"{c.name} (hidden)" if c.hidden else c.name
        for name in dict.fromkeys((full, c.name, short_name(c.name))):
            for token in around:
                box = free_box(label_size(self.fonts, name, line), token, NAME_SIDES, 3, blocked + words, inside)
                if box is not None:
                    return words + [label_in(target, self.fonts, name, line, box)]
        return words

    def _disc(self, camera: Camera, c: CombatantView, line: int) -> pygame.Rect:
        """Where a combatant's disc lies on screen."""
        cx, cy = camera.hex_center(c.hex)
        return self._disc_rect(cx, cy, self.radius(camera, line), c.prone)

    def radius(self, camera: Camera, line: int) -> float:
        """The disc's radius: most of a hex, never too small for its letter."""
        cell = min(camera.layout.cell_width, camera.layout.cell_height) * camera.zoom
        return max(0.38 * cell, 0.6 * line)

    @staticmethod
    def _disc_rect(cx: float, cy: float, radius: float, prone: bool) -> pygame.Rect:
        """The disc, or a flattened one for a prone combatant."""
        height = radius * (1.2 if prone else 2)
        return pygame.Rect(round(cx - radius), round(cy - height / 2), round(2 * radius), round(height))

    @staticmethod
    def _cross(target: pygame.Surface, disc: pygame.Rect) -> None:
        """Crossed out: down or dead."""
        width = max(3, disc.width // 10)
        pygame.draw.line(target, INK, disc.topleft, disc.bottomright, width)
        pygame.draw.line(target, INK, disc.bottomleft, disc.topright, width)

    def _wedge(self, target: pygame.Surface, camera: Camera, c: CombatantView,
               centre: tuple[float, float], radius: float, colour: tuple[int, int, int]) -> None:
        """An arrowhead outside the disc pointing at the watched facing."""
        angle = c.overwatch_angle if c.overwatch_angle is not None else c.overwatch * 60
        dx, dy = screen_direction(camera, angle)
        tip = (centre[0] + dx * radius * 1.7, centre[1] + dy * radius * 1.7)
        base = (centre[0] + dx * radius * 0.9, centre[1] + dy * radius * 0.9)
        half = radius * 0.55
        points = [tip, (base[0] - dy * half, base[1] + dx * half), (base[0] + dy * half, base[1] - dx * half)]
        pygame.draw.polygon(target, colour, points)
        pygame.draw.polygon(target, INK, points, 2)

    def _health(self, target: pygame.Surface, c: CombatantView, disc: pygame.Rect, line: int,
                blocked: list[pygame.Rect], inside: pygame.Rect) -> pygame.Rect | None:
        """Health by the token (above it unless that hides a neighbour): every number on the
        console; on the table, PCs' pips only. Health is always shown somewhere."""
        if self.view == "console":
            words = f"{c.health}/{c.health_max}" + (" HD" if c.unit == "hd" else "")
            if c.squad_units is not None:
                words += f" x{c.squad_units}"
            box = self._health_box(label_size(self.fonts, words, line), disc, blocked, inside)
            return label_in(target, self.fonts, words, line, box)
        if c.side == "pcs" and c.health_max > 0:
            pip = max(4, line // 3)
            size = (min(c.health_max, MAX_PIPS) * (pip + 2) + 2, pip + 4)
            box = self._health_box(size, disc, blocked, inside)
            return _pips(target, c, box, pip)
        return None

    @staticmethod
    def _health_box(size: tuple[int, int], disc: pygame.Rect, blocked: list[pygame.Rect],
                    inside: pygame.Rect) -> pygame.Rect:
        """Above the disc, or the first free side, or above after all (health is never left off)."""
        return free_box(size, disc, HEALTH_SIDES, 3, blocked, inside) or box_at(size, disc, ABOVE, 3)


def _pips(target: pygame.Surface, c: CombatantView, box: pygame.Rect, pip: int) -> pygame.Rect:
    """One pip per hit point (a bar beyond MAX_PIPS), no digits, filling `box`."""
    pygame.draw.rect(target, LABEL_BACKING, box)
    if c.health_max <= MAX_PIPS:
        for i in range(c.health_max):
            spot = pygame.Rect(box.x + 2 + i * (pip + 2), box.y + 2, pip, pip)
            pygame.draw.rect(target, PIP_FULL if i < c.health else PIP_LOST, spot)
    else:
        inner = box.inflate(-4, -4)
        pygame.draw.rect(target, PIP_LOST, inner)
        filled = inner.copy()
        filled.width = round(inner.width * max(0, c.health) / c.health_max)
        pygame.draw.rect(target, PIP_FULL, filled)
    return box

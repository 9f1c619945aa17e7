"""Tokens: each combatant drawn from its `CombatantView` over the board, and the labels it asks for.

A disc in its side's colour with the side's letter (colour is never the only cue), and badges:
prone (the disc lies flat), overwatch (an arrowhead toward the watched facing), total defense
(a second ring in its colour, edged in dark), down or dead (greyed, crossed out), dying (greyed, with the rounds it has left
in large figures on the disc). The acting token wears a wide mark of a light and a dark band,
which stands out on any terrain. Its name, health and conditions are asked of the frame's one
label pass (game.ui.layout), which puts them where they hide nothing. The table view never shows
an NPC's health (a PC's is pips, no digits), nor a unit the map hides until the GM reveals it;
the console view shows every number, and the hidden with a yellow ring and "(hidden)" by the name.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.hexgrid import DIRECTIONS, Hex
from game.ui.camera import Camera
from game.ui.labels import Fonts, label, label_size, pips_size, short_name  # noqa: F401  (others import them here)
from game.ui.layout import Disc, Wanted
from game.ui.look import (DOWN_GREY, INK, PAPER, band_width, ink_on, side_colour, side_letter, text_height)
from game.views import CombatantView

HIDDEN_RING = (0xF0, 0xE4, 0x42)  # Okabe-Ito yellow: the console's mark of a unit the table does not see
SPREAD_SCALE = 0.8  # a squad's discs on its other hexes, as a share of the main disc
NAMES_WHOLE_FROM = (1280, 720)  # a table window this large never shortens a name


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


def conditions(c: CombatantView) -> str:
    """A token's conditions in a few words ("dying, 3 rounds", "prone, disarmed"), "" for none.
    Overwatch is not among them: its wedge and arrowhead show it on both views."""
    if not c.in_fight:
        if c.down == "mortally wounded":
            return f"dying, {c.dies_in} round{'s' if c.dies_in != 1 else ''}" if c.dies_in else "dying"
        return {"stabilised": "stable", "unconscious": "unconscious"}.get(c.down or "", "")
    words = [word for flag, word in ((c.prone, "prone"), (c.total_defense, "total defense"),
                                     (c.disarmed, "disarmed")) if flag]
    return ", ".join(words)


def label_order(c: CombatantView, current: int | None) -> int:
    """Where a token's labels come among those of their kind (lower placed first, left off last):
    the acting token's, then the PCs', their allies', everyone else standing, the fallen."""
    if c.id == current:
        group = 0
    elif not c.in_fight:
        group = 4
    else:
        group = {"pcs": 1, "allies": 2}.get(c.side, 3)
    return group * 100_000 + c.id


class Tokens:
    """Draws every combatant for one view ("table" or "console")."""

    def __init__(self, view: str = "table", fonts: Fonts | None = None) -> None:
        """Tokens for a view; fonts and texts are cached across frames."""
        self.view = view
        self.fonts = fonts or Fonts()

    def shown(self, combatants: Iterable[CombatantView]) -> list[CombatantView]:
        """The combatants this view draws, the fallen first (the standing are drawn over them), and
        of the fallen the dead first (a dying PC on the hex of a dead raider shows its rounds left
        over the raider's cross): everyone on a hex, but on the table not whoever the map hides
        until the GM reveals them."""
        shown = [c for c in combatants if c.hex is not None and not (c.hidden and self.view == "table")]
        return sorted(shown, key=lambda c: (c.in_fight, c.in_fight or c.down != "dead", c.id))

    def draw(self, target: pygame.Surface, camera: Camera, shown: list[CombatantView],
             current: int | None = None) -> list[pygame.Rect]:
        """Every shown combatant's discs and marks (no words: the label pass places those);
        returns the rectangles drawn on (what the next frame must repaint)."""
        drawn = [self.draw_spread(target, camera, c) for c in shown if len(c.footprint) > 1]
        drawn += [self.draw_one(target, camera, c, c.id == current) for c in shown]
        return drawn

    def discs(self, camera: Camera, shown: list[CombatantView], line: int) -> list[tuple[Disc, str]]:
        """Every disc the view draws, with its owner's name: one per hex of a squad."""
        radius = self.radius(camera, line)
        found = []
        for c in shown:
            found.append((Disc(c.id, *camera.hex_center(c.hex), radius), c.name))
            found += [(Disc(c.id, *camera.hex_center(h), radius * SPREAD_SCALE), c.name) for h in c.footprint[1:]]
        return found

    def marks(self, camera: Camera, shown: list[CombatantView], current: int | None, line: int) -> list[Disc]:
        """What labels keep off besides the discs: the acting token's mark (a disc as wide) and
        each overwatch arrowhead (a small disc over it)."""
        radius = self.radius(camera, line)
        found = []
        for c in shown:
            x, y = camera.hex_center(c.hex)
            if c.id == current:  # a decider lying down too (a hero point on a check made out of the fight)
                found.append(Disc(c.id, x, y, self.beside(camera, c, current, line)[2]))
            if c.overwatch is not None and c.in_fight:
                dx, dy = screen_direction(camera, self._watch_angle(c))
                found.append(Disc(c.id, x + dx * radius * 1.35, y + dy * radius * 1.35, radius * 0.5))
        return found

    def beside(self, camera: Camera, c: CombatantView, current: int | None, line: int) -> tuple[float, float, float]:
        """The circle a token's labels stand beside: its disc, or around the acting token's mark."""
        radius = self.radius(camera, line)
        if c.id == current:
            radius += 2 * band_width(radius) + 1
        return (*camera.hex_center(c.hex), radius)

    def wanted(self, c: CombatantView, beside: tuple[float, float, float], line: int,
               current: int | None, window: tuple[int, int]) -> list[Wanted]:
        """The labels a token asks for beside its disc: its name, its health (every number on
        the console; a PC's pips on the table) and its conditions."""
        order = label_order(c, current)
        name = f"{c.name} (hidden)" if c.hidden else c.name
        fallbacks = [t for t in dict.fromkeys((c.name, short_name(c.name))) if t != name]
        if self.view == "table" and window[0] >= NAMES_WHOLE_FROM[0] and window[1] >= NAMES_WHOLE_FROM[1]:
            fallbacks = []
        shorter = tuple((t, label_size(self.fonts, t, line)) for t in fallbacks)
        found = [Wanted(name, label_size(self.fonts, name, line), c.id, "name", beside, order, shorter)]
        health = self._health(c, line)
        if health is not None:
            found.append(Wanted(health[0], health[1], c.id, "health", beside, order))
        badge = conditions(c)
        if badge:
            found.append(Wanted(badge, label_size(self.fonts, badge, line), c.id, "condition", beside, order))
        return found

    def _health(self, c: CombatantView, line: int) -> tuple[str, tuple[int, int]] | None:
        """Health's words and size: every number on the console, a PC's pips on the table."""
        if self.view == "console":
            words = f"{c.health}/{c.health_max}" + (" HD" if c.unit == "hd" else "")
            if c.squad_units is not None:
                words += f" x{c.squad_units}"
            return words, label_size(self.fonts, words, line)
        if c.side == "pcs" and c.health_max > 0:
            return f"{c.health}/{c.health_max}", pips_size(c.health_max, line)
        return None

    def draw_one(self, target: pygame.Surface, camera: Camera, c: CombatantView,
                 current: bool = False) -> pygame.Rect:
        """One token with its badges; returns the square it may have drawn on."""
        cx, cy = camera.hex_center(c.hex)
        line = text_height(target.get_height())
        radius = self.radius(camera, line)
        colour = side_colour(c.side) if c.in_fight else DOWN_GREY
        self._around(target, camera, c, (cx, cy), radius, colour, current)
        disc = self._disc_rect(cx, cy, radius, c.prone)
        pygame.draw.ellipse(target, colour, disc)
        pygame.draw.ellipse(target, INK, disc, 2)
        if c.dies_in is not None and not c.in_fight:
            self._rounds_left(target, disc, c.dies_in)
        else:
            letter = self.fonts.text(side_letter(c.side), line, ink_on(colour))
            target.blit(letter, letter.get_rect(center=(round(cx), round(cy))))
            if not c.in_fight:
                self._cross(target, disc)
        reach = 2 * round(radius * 1.8 + 10)
        return pygame.Rect(0, 0, reach, reach).move(round(cx) - reach // 2, round(cy) - reach // 2)

    def _around(self, target: pygame.Surface, camera: Camera, c: CombatantView, centre: tuple[float, float],
                radius: float, colour: tuple[int, int, int], current: bool) -> None:
        """What a token wears around its disc: the overwatch arrowhead, the acting mark, the total
        defense ring (in its own colour: not to be taken for the acting mark), the console's ring
        of a unit hidden from the table."""
        if c.overwatch is not None and c.in_fight:
            self._wedge(target, camera, c, centre, radius, colour)
        if current:
            mark(target, centre, radius, PAPER)
        if c.total_defense and c.in_fight:
            pygame.draw.circle(target, INK, centre, radius + 9, 7)
            pygame.draw.circle(target, colour, centre, radius + 8, 5)
        if c.hidden:  # only the console draws the hidden: the table never shows them
            pygame.draw.circle(target, HIDDEN_RING, centre, radius + 9, 4)

    def draw_spread(self, target: pygame.Surface, camera: Camera, c: CombatantView) -> pygame.Rect:
        """A squad's other hexes (Seed 002, Squad Size): a smaller disc of its colour and letter on
        each, joined to the hex it grew from; returns the area drawn on."""
        line = text_height(target.get_height())
        radius = self.radius(camera, line) * SPREAD_SCALE
        colour = side_colour(c.side)
        centres = [camera.hex_center(h) for h in c.footprint]
        area = pygame.Rect(round(centres[0][0]), round(centres[0][1]), 1, 1)
        for index, (cx, cy) in enumerate(centres[1:], start=1):
            disc = pygame.Rect(round(cx - radius), round(cy - radius), round(2 * radius), round(2 * radius))
            nearest = min(centres[:index], key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
            area.union_ip(pygame.draw.line(target, INK, nearest, (cx, cy), max(3, round(radius / 4))))
            pygame.draw.ellipse(target, colour, disc)
            pygame.draw.ellipse(target, INK, disc, 2)
            letter = self.fonts.text(side_letter(c.side), line, ink_on(colour))
            target.blit(letter, letter.get_rect(center=(round(cx), round(cy))))
            area.union_ip(disc.inflate(4, 4))
        return area

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

    def _rounds_left(self, target: pygame.Surface, disc: pygame.Rect, rounds: int) -> None:
        """A dying PC's rounds left, as large as its disc allows, white on a dark inner disc."""
        pygame.draw.ellipse(target, INK, disc.inflate(-disc.width // 4, -disc.height // 4))
        figure = self.fonts.text(str(rounds), max(10, round(disc.height * 0.7)), PAPER)
        target.blit(figure, figure.get_rect(center=disc.center))

    @staticmethod
    def _watch_angle(c: CombatantView) -> float:
        """The watched facing as an angle (a hex direction is 60 degrees a step)."""
        return c.overwatch_angle if c.overwatch_angle is not None else c.overwatch * 60

    def _wedge(self, target: pygame.Surface, camera: Camera, c: CombatantView,
               centre: tuple[float, float], radius: float, colour: tuple[int, int, int]) -> None:
        """An arrowhead outside the disc pointing at the watched facing."""
        dx, dy = screen_direction(camera, self._watch_angle(c))
        tip = (centre[0] + dx * radius * 1.7, centre[1] + dy * radius * 1.7)
        base = (centre[0] + dx * radius * 0.9, centre[1] + dy * radius * 0.9)
        half = radius * 0.55
        points = [tip, (base[0] - dy * half, base[1] + dx * half), (base[0] + dy * half, base[1] - dx * half)]
        pygame.draw.polygon(target, colour, points)
        pygame.draw.polygon(target, INK, points, 2)


def mark(target: pygame.Surface, centre: tuple[float, float], radius: float, light: tuple[int, int, int]) -> pygame.Rect:
    """Two bands around a disc of `radius`, the light one inside and a dark one outside, so that one
    of them stands out (3:1 or more) on any ground; returns the area drawn on."""
    band = band_width(radius)
    x, y = round(centre[0]), round(centre[1])
    outer = round(radius) + 2 * band + 1
    area = pygame.draw.circle(target, INK, (x, y), outer, band + 1)
    pygame.draw.circle(target, light, (x, y), outer - band, band + 1)
    return area

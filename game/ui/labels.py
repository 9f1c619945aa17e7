"""Labels: text on an opaque dark backing, fonts made once, and the painting of a laid-out frame's
labels (game.ui.layout places them): words, a PC's health as pips, odds edged in the target
rings' yellow so they read as the ring's, and thin leader lines to labels that stand off.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pygame

from game.ui.layout import Placed
from game.ui.look import INK, LABEL_BACKING, LABEL_TEXT, PAPER, TARGET
from game.views import CombatantView

PIP_FULL = (0x00, 0x9E, 0x73)  # Okabe-Ito bluish green
PIP_LOST = (0x55, 0x55, 0x5C)
MAX_PIPS = 12
TEXTS_KEPT = 2048


class Fonts:
    """Fonts by line height, rendered texts and labels on their backing, each made once."""

    def __init__(self) -> None:
        """Empty caches; the font module is started if it is not."""
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._sized: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}
        self._backed: dict[tuple[str, int], pygame.Surface] = {}
        self._lines: dict[int, int] = {}

    def font(self, line_height: int) -> pygame.font.Font:
        """The default font whose lines are at least `line_height` pixels tall."""
        if line_height not in self._fonts:
            # The smallest size from `line_height` up whose lines are tall enough: heights grow
            # with the size, so a halving search finds it opening a few fonts, not one per size
            # (each opens the font file: a start asks for some forty line heights).
            low, high = line_height, max(line_height, 1) * 2
            while self._font_of_size(high).get_height() < line_height:
                low, high = high + 1, high * 2
            while low < high:
                middle = (low + high) // 2
                if self._font_of_size(middle).get_height() < line_height:
                    low = middle + 1
                else:
                    high = middle
            self._fonts[line_height] = self._font_of_size(low)
        return self._fonts[line_height]

    def _font_of_size(self, size: int) -> pygame.font.Font:
        """The default font at a size (pygame's, which scales it), opened once."""
        if size not in self._sized:
            self._sized[size] = pygame.font.Font(None, size)
        return self._sized[size]

    def line_for_letters(self, letters: int) -> int:
        """The smallest line height whose capital letters ("H", as rendered) are at least
        `letters` pixels tall."""
        if letters not in self._lines:
            line = letters
            while _capital_height(self.font(line)) < letters:
                line += 1
            self._lines[letters] = line
        return self._lines[letters]

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
    return text.get_rect().inflate(2 * max(4, line_height // 3), 2 * max(2, line_height // 10)).size


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


def _capital_height(font: pygame.font.Font) -> int:
    """How tall the font draws a capital H, in pixels (its ink, not its line)."""
    metrics = font.metrics("H")[0]
    return metrics[3] - metrics[2] if metrics else font.get_ascent()


def pips_size(health_max: int, line: int) -> tuple[int, int]:
    """The size of a PC's health pips (a bar beyond MAX_PIPS) for a line height."""
    pip = max(4, line // 3)
    return min(health_max, MAX_PIPS) * (pip + 2) + 2, pip + 4


def pips(target: pygame.Surface, c: CombatantView, box: pygame.Rect) -> pygame.Rect:
    """One pip per hit point (a bar beyond MAX_PIPS), no digits, filling `box`."""
    pygame.draw.rect(target, LABEL_BACKING, box)
    pip = box.height - 4
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


def paint(target: pygame.Surface, fonts: Fonts, placed: Sequence[Placed], line: int,
          pips_of: Mapping[int, CombatantView]) -> list[pygame.Rect]:
    """Every placed label: leader lines first (a label is never crossed by one), then the labels;
    a health label whose owner is in `pips_of` is drawn as pips. Returns the areas drawn on."""
    drawn = [_leader(target, label, line) for label in placed if label.leader is not None]
    for label in placed:
        if label.kind == "health" and label.owner in pips_of:
            drawn.append(pips(target, pips_of[label.owner], label.rect))
            continue
        drawn.append(label_in(target, fonts, label.text, line, label.rect))
        if label.kind == "odds":
            edge = max(2, line // 12)
            pygame.draw.rect(target, TARGET, label.rect, edge)
    return drawn


def _leader(target: pygame.Surface, label: Placed, line: int) -> pygame.Rect:
    """A line edged in dark from a token to its label standing off: light, or the rings' yellow
    for a target's odds and cover."""
    x1, y1, x2, y2 = label.leader
    width = max(2, line // 10)
    area = pygame.draw.line(target, INK, (x1, y1), (x2, y2), width + 4)
    pygame.draw.line(target, TARGET if label.kind in ("odds", "cover") else PAPER, (x1, y1), (x2, y2), width)
    return area

"""Words that fit their place. A button's: a long name loses letters, never the words that say
what the button does ("Relay techni…: computer", "Rustjaw r…dice: table"); the whole words are
the button's tool tip. A text box's: lines cut into rows between words, so the box never has
to wrap them itself."""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

ROOM_LEFT = 16
"""Pixels of a button's width its text may not use (the border and the text's padding)."""
ELLIPSIS = "…"


def fitted_words(name: str, tail: str, fits) -> str:
    """`name` then `tail`, the name cut (an ellipsis after it) until `fits(words)` says they fit;
    the tail alone if no part of the name fits."""
    whole = f"{name}{tail}"
    if fits(whole):
        return whole
    for cut in range(len(name) - 1, 0, -1):
        words = f"{name[:cut].rstrip()}{ELLIPSIS}{tail}"
        if fits(words):
            return words
    return tail.lstrip(": ")


def fitted_button(rect: pygame.Rect, name: str, tail: str, manager: pygame_gui.UIManager,
                  **options) -> UIButton:
    """A button reading `name` then `tail`, cut to fit its width (`fitted_words`), with the whole
    words as its tool tip."""
    whole = f"{name}{tail}"
    button = UIButton(rect, whole, manager, tool_tip_text=whole, **options)
    if button.font is not None:
        words = fitted_words(name, tail, lambda words: button.font.size(words)[0] <= rect.width - ROOM_LEFT)
        if words != whole:
            button.set_text(words)
    return button


def wrapped_rows(line: str, width: int, measure) -> list[str]:
    """`line` cut into rows of at most `width` pixels by `measure(text)`, between words; a word
    wider than a row on its own is cut between letters."""
    rows: list[str] = []
    row = ""
    for word in line.split(" "):
        joined = f"{row} {word}" if row else word
        if measure(joined) <= width:
            row = joined
            continue
        if row:
            rows.append(row)
        row = word
        while len(row) > 1 and measure(row) > width:
            cut = next((n for n in range(len(row) - 1, 0, -1) if measure(row[:n]) <= width), 1)
            rows.append(row[:cut])
            row = row[cut:]
    rows.append(row)
    return rows

"""The table's action bar and an open decision's answers in the bar's column: big buttons, each
with its key on a light chip, drawn at the banner's word size (`game.ui.banner_kit`)."""

from __future__ import annotations

import pygame

from game.ui.answers import key_name, with_keys
from game.ui.banner import Button
from game.ui.banner_kit import EDGES, Drawn, edge_width, headline_line, padding, word_line
from game.ui.fitting import wrapped_rows
from game.ui.look import INK, LABEL_BACKING, PAPER
from game.ui.tokens import Fonts

BUTTON = (0x34, 0x38, 0x42)
CHOSEN = (0x5A, 0x60, 0x6E)
BORDER = (0xC8, 0xC8, 0xC8)
KEY_CHIP = (0xEB, 0xEB, 0xEB)


def button_text(button: Button) -> str:
    return with_keys(button.words, button.keys)


def _key_size(fonts: Fonts, button: Button, line: int) -> tuple[int, int]:
    keys = "/".join(key_name(k) for k in button.keys)
    if not keys:
        return 0, 0
    w, h = fonts.font(_key_line(line)).size(keys)
    return w + line // 2, h


def _key_line(line: int) -> int:
    return max(8, round(line * 0.85))


def button_size(fonts: Fonts, button: Button, line: int, room: int) -> tuple[int, int]:
    key_w = _key_size(fonts, button, line)[0]
    words_w = fonts.font(line).size(button.words)[0]
    return min(room, key_w + words_w + line), round(line * 1.5)


def _bar_words(fonts: Fonts, buttons: tuple[Button, ...], line: int, width: int) -> int:
    """One size for the words of every button of the bar: the largest at which each fits beside
    its key."""
    def room(button: Button) -> int:
        return width - _key_size(fonts, button, line)[0] - line
    size = line
    while size > 8 and any(fonts.font(size).size(button.words)[0] > room(button) for button in buttons):
        size -= 1
    return size


def draw_button(target: pygame.Surface, fonts: Fonts, box: pygame.Rect, button: Button, line: int,
                 words_line: int | None = None) -> Button:
    """A button: its key on a light chip at the left, its words after (at `words_line`, else
    smaller when they do not fit); the kind in use with a light fill and a thick border."""
    target.fill(CHOSEN if button.chosen else BUTTON, box)
    pygame.draw.rect(target, EDGES["decision"] if button.chosen else BORDER, box, max(2, line // (8 if button.chosen else 14)))
    x = _key_chip(target, fonts, box, button, line)
    room = box.right - line // 4 - x
    size = words_line or line
    while size > 8 and fonts.font(size).size(button.words)[0] > room:
        size -= 1
    words = fonts.text(button.words, size, PAPER)
    target.blit(words, words.get_rect(midleft=(x, box.centery)))
    return button


def _key_chip(target: pygame.Surface, fonts: Fonts, box: pygame.Rect, button: Button, line: int) -> int:
    """The button's keys on a light chip at its left; returns where its words may start."""
    x = box.x + line // 3
    key_w, key_h = _key_size(fonts, button, line)
    if not key_w:
        return x
    chip = pygame.Rect(x, box.centery - key_h // 2 - 1, key_w, key_h + 2)
    target.fill(KEY_CHIP, chip)
    keys = fonts.text("/".join(key_name(k) for k in button.keys), _key_line(line), INK)
    target.blit(keys, keys.get_rect(center=chip.center))
    return chip.right + line // 3


def draw_bar(target: pygame.Surface, area: pygame.Rect, fonts: Fonts, buttons: tuple[Button, ...]) -> Drawn:
    """The action bar: a column of big buttons filling `area` from the top, End turn and the key
    card at its foot; buttons that cannot fit leave room for those two (their keys still work)."""
    height = target.get_height()
    line = word_line(height, headline_line(fonts, height))
    gap = padding(line)
    tall = min(round(line * 1.6), max(8, (area.height - gap) // max(1, len(buttons)) - gap))
    line = min(line, max(8, round(tall / 1.6)))
    room = max(0, (area.height - gap) // (tall + gap))
    kept = _kept(buttons, room)
    words = _bar_words(fonts, kept, line, area.width - 2 * gap)
    drawn = Drawn(areas=[pygame.Rect(area)])
    target.fill(LABEL_BACKING, area)
    y = area.y + gap
    for index, button in enumerate(kept):
        if index == len(kept) - 2 and len(kept) >= 2:  # End turn and the card stand at the foot
            y = max(y, area.bottom - 2 * (tall + gap))
        box = pygame.Rect(area.x + gap, y, area.width - 2 * gap, tall)
        drawn.buttons.append((box, draw_button(target, fonts, box, button, line, words)))
        drawn.labels.append((button_text(button), box, "banner"))
        y += tall + gap
    return drawn


def draw_answers(target: pygame.Surface, area: pygame.Rect, fonts: Fonts, question: str,
                 buttons: tuple[Button, ...], edge: tuple[int, int, int]) -> Drawn:
    """An open decision in the bar's column: its question, then each answer as a big button
    with its key, the words wrapped onto as many rows as they need; all at the table's word
    size, smaller only when the column is too short for them."""
    height = target.get_height()
    line = word_line(height, headline_line(fonts, height))
    while True:
        pieces = _answer_pieces(fonts, area, question, buttons, line)
        if line <= 8 or not pieces or pieces[-1][0].bottom <= area.bottom:
            break
        line -= 1
    drawn = Drawn(areas=[pygame.Rect(area)])
    target.fill(LABEL_BACKING, area)
    target.fill(edge, (area.x, area.y, edge_width(height), area.height))
    for box, piece in pieces:
        if not box.colliderect(area):
            continue
        if isinstance(piece, str):
            target.blit(fonts.text(piece, line, PAPER), box)
            drawn.labels.append((piece, box, "banner"))
        else:
            drawn.buttons.append((box, _draw_wrapped_button(target, fonts, box, piece, line)))
            drawn.labels.append((button_text(piece), box, "banner"))
    return drawn


def _answer_pieces(fonts: Fonts, area: pygame.Rect, question: str, buttons: tuple[Button, ...],
                   line: int) -> list[tuple[pygame.Rect, str | Button]]:
    """Where the question's rows and the answers' buttons go down the column at this word size."""
    gap, font = padding(line), fonts.font(line)
    left, width, y = area.x + gap + edge_width(area.height), area.width - 2 * gap - edge_width(area.height), area.y + gap
    pieces: list[tuple[pygame.Rect, str | Button]] = []
    for row in wrapped_rows(question, width, lambda words: font.size(words)[0]) if question else ():
        pieces.append((pygame.Rect(left, y, width, font.get_height()), row))
        y += font.get_height()
    y += gap if question else 0
    for button in buttons:
        rows = _button_rows(fonts, button, line, width)
        tall = len(rows) * font.get_height() + line // 2
        pieces.append((pygame.Rect(left, y, width, tall), button))
        y += tall + gap
    return pieces


def _button_rows(fonts: Fonts, button: Button, line: int, width: int) -> list[str]:
    """A button's words cut into rows that fit beside its key."""
    room = max(1, width - _key_size(fonts, button, line)[0] - line)
    return wrapped_rows(button.words, room, lambda words: fonts.font(line).size(words)[0])


def _draw_wrapped_button(target: pygame.Surface, fonts: Fonts, box: pygame.Rect, button: Button, line: int) -> Button:
    """A button of the answers' column: its key on a light chip at the left, its words in rows."""
    target.fill(CHOSEN if button.chosen else BUTTON, box)
    pygame.draw.rect(target, BORDER, box, max(2, line // 14))
    x = _key_chip(target, fonts, box, button, line)
    rows = _button_rows(fonts, button, line, box.width)
    top = box.centery - len(rows) * fonts.font(line).get_height() // 2
    for index, row in enumerate(rows):
        target.blit(fonts.text(row, line, PAPER), (x, top + index * fonts.font(line).get_height()))
    return button


def _kept(buttons: tuple[Button, ...], room: int) -> tuple[Button, ...]:
    """The buttons that fit, always keeping the last two (End turn and the card)."""
    if len(buttons) <= room:
        return buttons
    return buttons[:max(0, room - 2)] + buttons[-min(2, room):] if room > 0 else ()

"""The table's banner and action bar drawn (what they say: `game.ui.banner`), readable from the
back of a room: the headline's capitals at least 3.5% of the window's height, the rest at least
the table's text size, all scaling with the window.

The banner runs along the bottom of the table view: the side's letter on its colour, the
headline, what the actor has left, who is next; an open decision's question and its answers as
buttons. The action bar is a column of big buttons down the right-hand side, End turn and the
key card last. Each button shows its keys. A window too small for them gets smaller words, never
an error. Everything drawn is returned (`Drawn`), for clicks, the status file and the layout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.ui.answers import key_name, with_keys
from game.ui.banner import Banner, Button, Seat, banner_for
from game.ui.fitting import wrapped_rows
from game.ui.look import INK, LABEL_BACKING, PAPER, ink_on, side_colour, side_letter, text_height
from game.ui.tokens import Fonts

HEADLINE_FRACTION = 0.035
"""The headline's capital letters are at least this part of the window's height tall."""
BAR_FRACTION = 0.16
"""The action bar's width, as a part of the window's width."""
BUTTON = (0x34, 0x38, 0x42)
CHOSEN = (0x5A, 0x60, 0x6E)
BORDER = (0xC8, 0xC8, 0xC8)
KEY_CHIP = (0xEB, 0xEB, 0xEB)
LEFT = (0x00, 0x9E, 0x73)  # Okabe-Ito bluish green: an action still left
USED = (0x55, 0x55, 0x5C)
EDGES = {"decision": (0xF0, 0xE4, 0x42), "roll": (0xF0, 0xE4, 0x42), "gm": (0xE6, 0x9F, 0x00), "over": PAPER}
NOBODY = (0x99, 0x99, 0x99)
_CAPS: dict[int, int] = {}


@dataclass
class Drawn:
    """What a banner or bar drew: each text with its rectangle, each button with its rectangle,
    and the areas it covered."""

    labels: list[tuple[str, pygame.Rect, str]] = field(default_factory=list)
    buttons: list[tuple[pygame.Rect, Button]] = field(default_factory=list)
    areas: list[pygame.Rect] = field(default_factory=list)
    asked: bool = False
    """Whether the banner's question was drawn."""

    def covers(self, point: tuple[int, int]) -> bool:
        """Whether the point lies on anything drawn."""
        return any(area.collidepoint(point) for area in self.areas)

    def button_at(self, point: tuple[int, int]) -> Button | None:
        """The button under the point, if any."""
        return next((button for box, button in self.buttons if box.collidepoint(point)), None)


def headline_line(fonts: Fonts, window_height: int) -> int:
    """The smallest line height whose capitals, as drawn, are at least `HEADLINE_FRACTION` of
    the window's height (measured on a rendered "H")."""
    want = math.ceil(window_height * HEADLINE_FRACTION)
    if want not in _CAPS:
        line = max(8, want)
        while _cap_height(fonts, line) < want:
            line += 1
        _CAPS[want] = line
    return _CAPS[want]


def _cap_height(fonts: Fonts, line: int) -> int:
    return fonts.text("H", line, PAPER).get_bounding_rect().height


def word_line(window_height: int, headline: int) -> int:
    """The banner's other words and the buttons': never under the table's text size."""
    return max(text_height(window_height), round(headline * 0.62))


def reserved_height(fonts: Fonts, window_height: int) -> int:
    """The height along the bottom the map is kept clear of: a banner of one headline row."""
    big = headline_line(fonts, window_height)
    return big + 2 * _pad(word_line(window_height, big)) + _edge(window_height)


def bar_width(window_size: tuple[int, int]) -> int:
    """The action bar's width along the right-hand side."""
    return min(window_size[0] // 2, max(150, round(window_size[0] * BAR_FRACTION)))


def _pad(line: int) -> int:
    return max(3, line // 3)


def _edge(window_height: int) -> int:
    return max(3, window_height // 180)


def table_room(fonts: Fonts, size: tuple[int, int], bar: bool) -> tuple[int, int]:
    """(below, beside): the pixels along the bottom and down the right-hand side that the banner
    and the action bar (when the table has one) take; the map's fit keeps clear of them."""
    return reserved_height(fonts, size[1]), bar_width(size) if bar else 0


def draw_table_banner(target: pygame.Surface, battle, area: pygame.Rect, fonts: Fonts, seat: Seat,
                      banner: Banner | None = None) -> Drawn:
    """The table view's banner along the bottom of `area` and, when the seat has one, its action
    bar down the right: what the window draws and `hexbattle render` draws alike (`banner`: the
    banner already worked out for this battle and seat, to save working it out again). With a
    bar, anything but a turn (an open decision, the GM holding the table) keeps the bottom strip
    to its headline and puts its question and answers in the bar's column, so the map stays in
    sight; without one (the one window), the banner grows upwards to hold them."""
    banner = banner or banner_for(battle, seat)
    turn = banner.kind == "turn"
    if not seat.bar:
        return draw_banner(target, area, fonts, banner, with_buttons=not turn)
    bottom = draw_banner(target, area, fonts, banner, with_buttons=False, rows=turn)
    beside = table_room(fonts, target.get_size(), True)[1]
    column = pygame.Rect(area.right - beside, area.y, beside, max(0, bottom.areas[0].top - area.y))
    if turn:
        side = draw_bar(target, column, fonts, banner.buttons)
    else:
        asked = "" if bottom.asked else banner.question
        side = draw_answers(target, column, fonts, asked, banner.buttons, EDGES.get(banner.kind, NOBODY))
    return Drawn(bottom.labels + side.labels, bottom.buttons + side.buttons, bottom.areas + side.areas)


# -- the banner -----------------------------------------------------------------------------
def draw_banner(target: pygame.Surface, area: pygame.Rect, fonts: Fonts, banner: Banner,
                with_buttons: bool = True, rows: bool = True) -> Drawn:
    """The banner along the bottom of `area`, as tall as it needs (at least `reserved_height`,
    at most the area); its buttons when `with_buttons` (an open decision's answers); its question
    in rows of its own when `rows`, else only where it fits beside the headline."""
    height = target.get_height()
    big, small = headline_line(fonts, height), word_line(height, headline_line(fonts, height))
    pad, edge = _pad(small), _edge(height)
    width = max(1, area.width - 2 * pad)
    flow = _Flow(width, pad)
    _headline_row(flow, fonts, banner, big, small)
    whole = fonts.font(small).size(banner.question)[0] if banner.question else 0
    beside = 0 < whole <= flow.width - flow.x  # a question that fits whole stands beside the headline
    block = [] if beside or rows else _question_rows(fonts, banner, small, flow.width - flow.x)
    strip = reserved_height(fonts, height) - edge - 2 * pad
    block = block if len(block) * fonts.font(small).get_height() <= strip else []
    if block:  # in rows beside the headline, as many as the strip holds
        size = (max(fonts.font(small).size(row)[0] for row in block), len(block) * fonts.font(small).get_height())
        flow.put(size, ("rows", tuple(block), small))
    for row in [banner.question] if beside else _question_rows(fonts, banner, small, width) if rows else ():
        flow.put(fonts.text(row, small, PAPER).get_size(), ("words", row, small), new_row=not beside)
    asked = bool(banner.question) and (beside or rows or bool(block))
    if with_buttons and banner.buttons:
        flow.next_row()
        for button in banner.buttons:
            flow.put(_button_size(fonts, button, small, width), ("button", button, small))
    tall = min(area.height, max(reserved_height(fonts, height), flow.height + 2 * pad + edge))
    if not rows or not banner.question and not (with_buttons and banner.buttons):  # keep to the strip the
        tall = min(tall, reserved_height(fonts, height))  # map is fitted above: what overflows is cut
    rect = pygame.Rect(area.x, area.bottom - tall, area.width, tall)
    target.fill(LABEL_BACKING, rect)
    target.fill(EDGES.get(banner.kind, side_colour(banner.side) if banner.side else NOBODY),
                (rect.x, rect.y, rect.width, edge))
    drawn = Drawn(areas=[rect], asked=asked)
    clip = target.get_clip()
    target.set_clip(rect.clip(clip) if clip else rect)
    for box, piece in flow.placed():
        box = box.move(rect.x + pad, rect.y + edge + pad)
        if box.colliderect(rect):  # what a window too small for it has no room for is not drawn
            _draw_piece(target, fonts, box, piece, drawn)
    target.set_clip(clip)
    drawn.labels = [(text, box.clip(rect), kind) for text, box, kind in drawn.labels]  # as much as shows
    return drawn


def _headline_row(flow: _Flow, fonts: Fonts, banner: Banner, big: int, small: int) -> None:
    """The side's letter, the headline (smaller when the window is too narrow), what is left and
    who is next, wrapping onto further rows when they do not fit beside it. In a window too narrow
    for the letter and the headline side by side, the headline goes without the letter."""
    badge = banner.side is not None and fonts.font(8).size(banner.headline)[0] <= flow.width - big - flow.gap
    if badge:
        flow.put((big, big), ("badge", banner.side, big))
    line = big
    while line > 8 and fonts.font(line).size(banner.headline)[0] > flow.width - flow.x:
        line -= 1
    if banner.headline:
        flow.put(fonts.text(banner.headline, line, PAPER).get_size(), ("words", banner.headline, line))
    for name, left in banner.left:
        flow.put(_chip_size(fonts, name, small), ("chip", (name, left), small))
    if banner.after:
        flow.put(fonts.text(banner.after, small, PAPER).get_size(), ("words", banner.after, small))


def _question_rows(fonts: Fonts, banner: Banner, line: int, width: int) -> list[str]:
    if not banner.question:
        return []
    return wrapped_rows(banner.question, width, lambda words: fonts.font(line).size(words)[0])


def _chip_size(fonts: Fonts, name: str, line: int) -> tuple[int, int]:
    w, h = fonts.font(line).size(name)
    return w + line // 2, h + 4


def _draw_piece(target: pygame.Surface, fonts: Fonts, box: pygame.Rect, piece: tuple, drawn: Drawn) -> None:
    kind, what, line = piece
    if kind == "badge":
        colour = side_colour(what)
        pygame.draw.circle(target, colour, box.center, box.width // 2)
        pygame.draw.circle(target, PAPER, box.center, box.width // 2, max(2, line // 18))
        letter = fonts.text(side_letter(what), round(line * 0.8), ink_on(colour))
        target.blit(letter, letter.get_rect(center=box.center))
        drawn.labels.append((side_letter(what), box, "banner"))
    elif kind == "words":
        target.blit(fonts.text(what, line, PAPER), box)
        drawn.labels.append((what, box, "banner"))
    elif kind == "rows":
        tall = fonts.font(line).get_height()
        for index, row in enumerate(what):
            spot = pygame.Rect(box.x, box.y + index * tall, fonts.font(line).size(row)[0], tall)
            target.blit(fonts.text(row, line, PAPER), spot)
            drawn.labels.append((row, spot, "banner"))
    elif kind == "chip":
        _draw_chip(target, fonts, box, what, line)
        drawn.labels.append((what[0], box, "banner"))
    else:
        drawn.buttons.append((box, _draw_button(target, fonts, box, what, line)))
        drawn.labels.append((_button_text(what), box, "banner"))


def _draw_chip(target: pygame.Surface, fonts: Fonts, box: pygame.Rect, chip: tuple[str, bool], line: int) -> None:
    """An action of the turn: on green while left; grey and struck through once used (colour is
    never the only cue)."""
    name, left = chip
    target.fill(LEFT if left else USED, box)
    words = fonts.text(name, line, ink_on(LEFT) if left else (0xB4, 0xB4, 0xB4))
    target.blit(words, words.get_rect(center=box.center))
    if not left:
        pygame.draw.line(target, PAPER, (box.x + 2, box.centery), (box.right - 3, box.centery), max(2, line // 12))


# -- buttons ---------------------------------------------------------------------------------
def _button_text(button: Button) -> str:
    return with_keys(button.words, button.keys)


def _key_size(fonts: Fonts, button: Button, line: int) -> tuple[int, int]:
    keys = "/".join(key_name(k) for k in button.keys)
    if not keys:
        return 0, 0
    w, h = fonts.font(_key_line(line)).size(keys)
    return w + line // 2, h


def _key_line(line: int) -> int:
    return max(8, round(line * 0.85))


def _button_size(fonts: Fonts, button: Button, line: int, room: int) -> tuple[int, int]:
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


def _draw_button(target: pygame.Surface, fonts: Fonts, box: pygame.Rect, button: Button, line: int,
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
    gap = _pad(line)
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
        drawn.buttons.append((box, _draw_button(target, fonts, box, button, line, words)))
        drawn.labels.append((_button_text(button), box, "banner"))
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
    target.fill(edge, (area.x, area.y, _edge(height), area.height))
    for box, piece in pieces:
        if not box.colliderect(area):
            continue
        if isinstance(piece, str):
            target.blit(fonts.text(piece, line, PAPER), box)
            drawn.labels.append((piece, box, "banner"))
        else:
            drawn.buttons.append((box, _draw_wrapped_button(target, fonts, box, piece, line)))
            drawn.labels.append((_button_text(piece), box, "banner"))
    return drawn


def _answer_pieces(fonts: Fonts, area: pygame.Rect, question: str, buttons: tuple[Button, ...],
                   line: int) -> list[tuple[pygame.Rect, str | Button]]:
    """Where the question's rows and the answers' buttons go down the column at this word size."""
    gap, font = _pad(line), fonts.font(line)
    left, width, y = area.x + gap + _edge(area.height), area.width - 2 * gap - _edge(area.height), area.y + gap
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


class _Flow:
    """Pieces placed left to right, wrapping onto a new row when one does not fit; each piece
    centred on the height of its row."""

    def __init__(self, width: int, gap: int) -> None:
        self.width, self.gap = width, gap
        self.x, self.row = 0, 0
        self._pieces: list[tuple[int, int, tuple[int, int], tuple]] = []
        self._rows: list[int] = [0]

    def put(self, size: tuple[int, int], piece: tuple, new_row: bool = False) -> None:
        """Place one piece, on a new row when asked or when it does not fit on this one."""
        if new_row or (self.x > 0 and self.x + size[0] > self.width):
            self.next_row()
        self._pieces.append((self.row, self.x, size, piece))
        self.x += size[0] + self.gap
        self._rows[self.row] = max(self._rows[self.row], size[1])

    def next_row(self) -> None:
        """Go on at the start of a new row (unless this one is still empty)."""
        if self.x > 0:
            self.row, self.x = self.row + 1, 0
            self._rows.append(0)

    @property
    def height(self) -> int:
        """The height of every row so far, with the gaps between them."""
        return sum(self._rows) + self.gap * (len(self._rows) - 1)

    def placed(self) -> list[tuple[pygame.Rect, tuple]]:
        """Each piece's box, relative to the flow's top left."""
        tops = [sum(self._rows[:n]) + self.gap * n for n in range(len(self._rows))]
        return [(pygame.Rect(x, tops[row] + (self._rows[row] - size[1]) // 2, *size), piece)
                for row, x, size, piece in self._pieces]


def draw_pointer(target: pygame.Surface, room: pygame.Rect, at: tuple[float, float], side: str,
                 size: int) -> pygame.Rect | None:
    """An arrow at the edge of `room` pointing to `at`, a token panned out of sight (None, and
    nothing drawn, while it is in sight)."""
    if room.collidepoint(at) or room.width < 4 * size or room.height < 4 * size:
        return None
    cx, cy = room.center
    dx, dy = at[0] - cx, at[1] - cy
    reach = min((room.width / 2 - 2 * size) / abs(dx) if dx else math.inf,
                (room.height / 2 - 2 * size) / abs(dy) if dy else math.inf)
    tip = (cx + dx * reach, cy + dy * reach)
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    points = [(tip[0] + ux * size, tip[1] + uy * size), (tip[0] - ux * size - uy * size, tip[1] - uy * size + ux * size),
              (tip[0] - ux * size + uy * size, tip[1] - uy * size - ux * size)]
    pygame.draw.polygon(target, side_colour(side), points)
    return pygame.draw.polygon(target, PAPER, points, max(2, size // 6))

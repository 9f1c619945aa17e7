"""The table's banner and action bar drawn (what they say: `game.ui.banner`), readable from the
back of a room (its measures: `game.ui.banner_kit`; its buttons and the action bar:
`game.ui.bar_look`).

The banner runs along the bottom of the table view: the side's letter on its colour, the
headline, what the actor has left, who is next; an open decision's question and its answers as
buttons. The action bar is a column of big buttons down the right-hand side, End turn and the
key card last. Each button shows its keys. A window too small for them gets smaller words, never
an error. Everything drawn is returned (`Drawn`), for clicks, the status file and the layout.
"""

from __future__ import annotations

import math

import pygame

from game.ui.banner import Banner, Seat, banner_for
from game.ui.banner_kit import EDGES, NOBODY, Drawn, edge_width, headline_line, padding, reserved_height, table_room, word_line
from game.ui.bar_look import button_size, button_text, draw_answers, draw_bar, draw_button
from game.ui.fitting import wrapped_rows
from game.ui.look import LABEL_BACKING, PAPER, ink_on, side_colour, side_letter
from game.ui.tokens import Fonts

LEFT = (0x00, 0x9E, 0x73)  # Okabe-Ito bluish green: an action still left
USED = (0x55, 0x55, 0x5C)


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


def draw_banner(target: pygame.Surface, area: pygame.Rect, fonts: Fonts, banner: Banner,
                with_buttons: bool = True, rows: bool = True) -> Drawn:
    """The banner along the bottom of `area`, as tall as it needs (at least `reserved_height`,
    at most the area); its buttons when `with_buttons` (an open decision's answers); its question
    in rows of its own when `rows`, else only where it fits beside the headline."""
    height = target.get_height()
    big, small = headline_line(fonts, height), word_line(height, headline_line(fonts, height))
    pad, edge = padding(small), edge_width(height)
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
            flow.put(button_size(fonts, button, small, width), ("button", button, small))
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
        drawn.buttons.append((box, draw_button(target, fonts, box, what, line)))
        drawn.labels.append((button_text(what), box, "banner"))


def _draw_chip(target: pygame.Surface, fonts: Fonts, box: pygame.Rect, chip: tuple[str, bool], line: int) -> None:
    """An action of the turn: on green while left; grey and struck through once used (colour is
    never the only cue)."""
    name, left = chip
    target.fill(LEFT if left else USED, box)
    words = fonts.text(name, line, ink_on(LEFT) if left else (0xB4, 0xB4, 0xB4))
    target.blit(words, words.get_rect(center=box.center))
    if not left:
        pygame.draw.line(target, PAPER, (box.x + 2, box.centery), (box.right - 3, box.centery), max(2, line // 12))


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

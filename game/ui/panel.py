"""The GM console's panel: pygame_gui widgets for the turn, the action bar, the open decision,
the combat log and the GM's controls. It shows the facade's options and turns button presses
into inputs for the modes; it never decides what is legal."""

from __future__ import annotations

from html import escape

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from game.options import Options
from game.ui.answers import answer_entries, answer_keys, kind_key, kind_label, with_keys
from game.ui.fitting import fitted_button, wrapped_rows

BUTTON_H = 30
GAP = 6
LOG_LINES_KEPT = 120
LOG_ROW_SLACK = 6
"""Pixels a log row leaves free at its right-hand end. pygame_gui puts a line break (4 pixels
wide) on a row of its own when it does not fit after the row's text, which showed as a blank
line after every line that just filled the log; the log cuts its own rows this much short."""

GM_BUTTONS = (("undo", "Undo (Ctrl+Z)"), ("redo", "Redo (Ctrl+Y)"), ("save", "Save (Ctrl+S)"), ("fit", "Fit map (F)"))


def tracker_height(panel_height: int) -> int:
    """The turn tracker's height: about six lines, less in a short window (it scrolls)."""
    return max(3 * BUTTON_H, min(140, panel_height // 6))


class Panel:
    """The widgets down the right-hand side of the console window."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect) -> None:
        self.manager = manager
        self.rect = rect
        width = rect.width - 2 * GAP
        x, y = rect.x + GAP, rect.y + GAP
        self.turn = UILabel(pygame.Rect(x, y, width, BUTTON_H), "", manager)
        y += BUTTON_H + GAP
        self.message = UILabel(pygame.Rect(x, y, width, BUTTON_H), "", manager)
        y += BUTTON_H + GAP
        self.tracker = UITextBox("", pygame.Rect(x, y, width, tracker_height(rect.height)), manager)
        y += self.tracker.rect.height + GAP
        self.bar_top = y
        log_height = max(120, rect.height // 4)
        self.log_rect = pygame.Rect(x, rect.bottom - log_height - GAP - 2 * (BUTTON_H + GAP), width, log_height)
        self.log = UITextBox("", self.log_rect, manager)
        self._log_row_width = self.log.text_box_layout.layout_rect.width - self.log.scroll_bar_width - LOG_ROW_SLACK
        gm_y = self.log_rect.bottom + GAP
        half = (width - GAP) // 2
        self.gm: dict[UIButton, str] = {}
        for index, (name, words) in enumerate(GM_BUTTONS):
            bx = x + (index % 2) * (half + GAP)
            by = gm_y + (index // 2) * (BUTTON_H + GAP)
            self.gm[UIButton(pygame.Rect(bx, by, half, BUTTON_H), words, manager)] = name
        self.kinds: dict[UIButton, str] = {}
        self.sides: dict[UIButton, str] = {}
        self._shown: tuple = ()
        self._lines: list[str] = []
        self._tracked: list[str] = []

    def show_turn(self, words: str) -> None:
        """The round, whose turn it is, and who decides."""
        if self.turn.text != words:
            self.turn.set_text(words)

    def show_tracker(self, lines: list[str]) -> None:
        """The turn order (whose turn marked ">") and the sides' morale, when they change."""
        if lines == self._tracked:
            return
        self._tracked = lines
        self.tracker.set_text("<br>".join(escape(line) for line in lines))

    def show_message(self, words: str) -> None:
        """The last refusal or note."""
        if self.message.text != (words or " "):
            self.message.set_text(words or " ")

    def show_choices(self, options: Options, prompt_question: str, sides: list[tuple[str, str, str]],
                     place=None) -> None:
        """The action bar (or the open decision's answers, with `place` naming the hexes an answer
        keeps), rebuilt when the choices change."""
        shown = (options.actor, options.kinds(), prompt_question,
                 tuple((o.kind, o.action) for o in options.allowed() if prompt_question), tuple(sides))
        if shown == self._shown:
            return
        self._shown = shown
        for button in list(self.kinds) + list(self.sides):
            button.kill()
        self.kinds.clear()
        self.sides.clear()
        width = self.rect.width - 2 * GAP
        half = (width - GAP) // 2
        x, y = self.rect.x + GAP, self.bar_top
        if prompt_question:
            keys = answer_keys(options)
            entries = [(kind, with_keys(words, keys.get(kind, ()))) for kind, words in answer_entries(options, place)]
            columns = 1
        else:  # End turn first: it must always be there, however small the window
            kinds = sorted(options.kinds(), key=lambda k: k != "end_turn")
            entries = [(kind, with_keys(kind_label(kind), (kind_key(kind),) if kind_key(kind) else ())) for kind in kinds]
            columns = 2
        for index, (kind, words) in enumerate(entries):
            column, row = index % columns, index // columns
            w = width if columns == 1 else half
            rect = pygame.Rect(x + column * (half + GAP), y + row * (BUTTON_H + GAP), w, BUTTON_H)
            if rect.bottom > self.log_rect.top - (BUTTON_H + GAP) * (1 + (len(sides) + 1) // 2):
                break
            self.kinds[UIButton(rect, words, self.manager)] = kind
        top = self.log_rect.top - (BUTTON_H + GAP) * ((len(sides) + 1) // 2)
        for index, (side, name, controller) in enumerate(sides):
            rect = pygame.Rect(x + (index % 2) * (half + GAP), top + (index // 2) * (BUTTON_H + GAP), half, BUTTON_H)
            self.sides[fitted_button(rect, name, f": {controller}", self.manager)] = side

    def add_log(self, lines: list[str]) -> None:
        """New combat-log lines, newest last."""
        if not lines:
            return
        self._lines.extend(lines)
        if len(self._lines) > LOG_LINES_KEPT:  # now and then start afresh with the newest lines
            self._lines = self._lines[-LOG_LINES_KEPT // 2:]
            self.log.set_text(self._log_html(self._lines))
        else:  # appending lays out only the new lines (setting the whole text lays out all)
            start = "" if len(self._lines) == len(lines) else "<br>"
            self.log.append_html_text(start + self._log_html(lines))
        if self.log.scroll_bar is not None:
            self.log.scroll_bar.set_scroll_from_start_percentage(1.0)

    def _log_html(self, lines: list[str]) -> str:
        """The lines as the log's text, each cut into rows that fit beside its scroll bar."""
        font = self.log.ui_theme.get_font(self.log.combined_element_ids)
        return "<br>".join(escape(row) for line in lines
                           for row in wrapped_rows(line, self._log_row_width, lambda text: font.size(text)[0]))

    def reset_log(self, lines: list[str]) -> None:
        """The whole log again (after undo or redo)."""
        self._lines = []
        self.log.set_text("")
        self.add_log(lines)

    def pressed(self, element) -> tuple[str, str] | None:
        """What a pressed button means: ("kind", k), ("gm", name) or ("side", id)."""
        if element in self.kinds:
            return "kind", self.kinds[element]
        if element in self.gm:
            return "gm", self.gm[element]
        if element in self.sides:
            return "side", self.sides[element]
        return None

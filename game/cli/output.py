"""Printing text that came from a map or a save: no control characters reach the terminal.

A map's title or a unit's name is whatever its author typed; an escape sequence in it
(`\x1b[31m`, the 8-bit CSI `\x9b`, a bell) could recolour, retitle or rewrite the GM's
terminal, and a line break could forge a line of output. Each such character prints as `?`.
"""

from __future__ import annotations

import unicodedata

REPLACEMENT = "?"
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides make text read differently from what it is, so they go too."""


def printable(text: str) -> str:
    """The text with every control character (C0, DEL, C1, line separators, bidi overrides) as `?`."""
    return "".join(REPLACEMENT if _is_control(ch) else ch for ch in str(text))


def printable_lines(text: str) -> str:
    """Several lines, each made printable; the line breaks between them are kept."""
    return "\n".join(printable(line) for line in str(text).split("\n"))


def _is_control(ch: str) -> bool:
    """A character a terminal acts on rather than shows."""
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in BIDI_CONTROLS

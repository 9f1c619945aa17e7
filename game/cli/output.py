"""Printing text that came from a map or a save: no control characters reach the terminal.

A map's title or a unit's name is whatever its author typed; an escape sequence in it
(`\x1b[31m`, the 8-bit CSI `\x9b`, a bell) could recolour, retitle or rewrite the GM's
terminal, and a line break could forge a line of output; a file name that is not UTF-8 comes
to Python with lone surrogates, which stdout cannot encode. Each such character prints as `?`
(`game.rules.names` says which they are; a map's names may hold none of them).
"""

from __future__ import annotations

from game.rules.names import is_control, is_lone_surrogate

REPLACEMENT = "?"


def printable(text: str) -> str:
    """The text with every control character (C0, DEL, C1, line separators, bidi overrides) and
    every lone surrogate (which no terminal encoding can write) as `?`."""
    return "".join(REPLACEMENT if is_control(ch) or is_lone_surrogate(ch) else ch for ch in str(text))


def printable_lines(text: str) -> str:
    """Several lines, each made printable; the line breaks between them are kept."""
    return "\n".join(printable(line) for line in str(text).split("\n"))

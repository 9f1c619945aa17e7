"""What a name may hold, so that every command can show it: one check for the words a map or a
data file gives a unit, a side, a terrain, a weapon or the battle itself.

The window draws names with a font that stops at a NUL ("A null character was found in the
text") and cannot draw a lone surrogate (half of a character that needs two UTF-16 units,
which a .tmj file can hold as `"\\ud800"`); a terminal acts on control characters rather than
showing them; and a name long enough to fill a screen helps no one at the table. So a name is
at most NAME_LIMIT characters, a map's title TITLE_LIMIT and its description DESCRIPTION_LIMIT
(line breaks and tabs allowed there), and none holds a control character (C0 including NUL,
DEL, C1, line and paragraph separators, direction overrides) or a lone surrogate. Anything
else (accents, other scripts, emoji) is a name like any other.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 60
TITLE_LIMIT = 80
DESCRIPTION_LIMIT = 4000
LINE_BREAKS = frozenset("\n\r\t")
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction overrides make text read differently from what it is, so they count as controls."""


def is_control(character: str) -> bool:
    """A character a terminal acts on rather than shows (C0, DEL, C1, line separators, direction
    overrides)."""
    return unicodedata.category(character) in ("Cc", "Zl", "Zp") or character in BIDI_CONTROLS


def is_lone_surrogate(character: str) -> bool:
    """Half of a UTF-16 pair standing alone: no text encoding can write it."""
    return "\ud800" <= character <= "\udfff"


def text_problem(text: str, limit: int = NAME_LIMIT, lines: bool = False) -> str | None:
    """Why a name (or, with `lines`, a text of several lines) cannot be used, as a phrase to
    follow what it names ("name 'X' ..."); None when it is fine."""
    for position, character in enumerate(text, start=1):
        if is_lone_surrogate(character):
            return (f"holds a lone surrogate (U+{ord(character):04X}) at character {position}, which no "
                    "text can show; type that character again")
        if is_control(character) and not (lines and character in LINE_BREAKS):
            return f"holds the control character U+{ord(character):04X} at character {position}; remove it"
    if len(text) > limit:
        return f"is {len(text)} characters long, more than the {limit} hexbattle takes here; shorten it"
    return None


def shown(text: str, limit: int = 40) -> str:
    """A name as a message quotes it: cut short past `limit` characters."""
    return text if len(text) <= limit else text[:limit] + "..."

"""Every key of the window and the one thing it means: the single truth the input modes act on
and the `?` card and the action bars read ("which key takes this kind").

A key means one thing wherever it is pressed: a letter chooses a kind of option (`KEYS`), and
the window's own keys (`WINDOW_KEYS`) are none of those letters. Escape always says no (cancel
the mode, close what is open, hold in an open decision) and Enter yes (the decision's answer
that acts: fire, step in).
"""

from __future__ import annotations

KEYS = {
    "m": "move", "a": "attack", "i": "aimed_attack", "3": "burst_attack", "c": "charge", "j": "jump",
    "s": "shove", "d": "disarm", "o": "overwatch", "g": "grenade", "p": "protect", "r": "reload",
    "t": "total_defense", "z": "go_prone", "x": "stand_up", "h": "heal", "k": "stabilise", "n": "intimidate",
    "l": "read_morale", "y": "fray_die", "e": "end_turn", "w": "ready_weapon", "u": "pick_up",
    "v": "formation",
}
"""The key that chooses each kind of option, by the key's name (pressing "v" again in a
formation shows the squad's next formation: the same meaning, "formation"). Every letter is
taken, so the burst is `3`: it fires three rounds (SWN core, burst fire)."""

BRIEFING = "b"
"""Shows the map's briefing card again (the card is up at the start)."""

CANCEL = "escape"
"""No: back to the plain mode, close an explanation, or hold in an open decision."""
CONFIRM = "return"
"""Yes, in an open decision: its answer that acts (fire, step in)."""
PAINT = " "
"""The space bar in a squad's formation: paint the hexes it moves into by hand, or stop painting."""

WINDOW_KEYS = (
    ("Esc", "cancel; in a decision, hold"), ("Enter", "in a decision, fire or step in"),
    ("Space", "formation: paint the squad's hexes by hand"), ("f", "fit the map"),
    ("q", "explain a number (then click)"), (BRIEFING, "the map's briefing"), ("?", "this card"), ("F12", "screenshots"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo"), ("Ctrl+S", "save"), ("Ctrl+O", "open a map or a save"),
)
"""The window's own keys as the `?` card names them: none is a letter of `KEYS`."""

MOUSE = (("Left click", "move, attack, act"), ("Right click", "cancel"), ("Alt+click", "explain a number"),
         ("Wheel / drag", "zoom / pan"))
"""What the mouse does, for the `?` card."""


def key_for(kind: str) -> str | None:
    """The key that chooses this kind of option, if one does."""
    return next((key for key, chosen in KEYS.items() if chosen == kind), None)


def card_name(key: str) -> str:
    """A key as the `?` card and a button's hint print it ("Space" for the space bar)."""
    return {CANCEL: "Esc", CONFIRM: "Enter", PAINT: "Space"}.get(key, key)

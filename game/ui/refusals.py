"""Refusals in a player's words: what a click or a key could not do, said as a player at the
table reads it beside the pointer ("Vask can't move there: 4 movement needed, 3 left").

Every reason is the engine's own (an option's `refused`, the facade's `move_refusal`); these
functions only put the actor, the deed and the target around it, and say what is still possible.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.options import Options
from game.ui.keys import key_for

DEEDS = {
    "aimed_attack": "make an aimed attack on {target}", "burst_attack": "fire a burst at {target}",
    "overwatch_fire": "fire at {target}", "overwatch": "go on overwatch", "grenade": "throw a grenade",
    "fray_die": "use the Fray Die on {target}", "focused_fray": "focus the Fray Die on {target}",
    "read_morale": "read morale", "total_defense": "take Total Defense", "end_turn": "end the turn",
    "ready_weapon": "ready a weapon", "pick_up": "pick up a weapon", "shove_as_move": "shove {target} as a move",
    "lead_squad": "lead {target}", "shield_allies": "shield the allies around", "nonlethal_attack":
    "attack {target} to subdue", "grapple_attack": "strike {target} in the grapple", "formation": "move in formation",
}
"""How each kind reads after "can't" or "Still:", where the kind's own words would not do;
`{target}` is the combatant it is aimed at (left out, with its "on" or "at", when none is named)."""
SHORT_HINT = 1
"""How many other things still possible a refusal names, the first offered (end turn besides): a toast stays short."""
NAMED = 3
"""How many of those a kind may be aimed at a refusal names before "or N more"."""


def deed(kind: str, target: str = "") -> str:
    """The kind as a deed: "attack Thug 8", "make an aimed attack on Thug 8", "go prone"."""
    words = DEEDS.get(kind, kind.replace("_", " ") + " {target}")
    if not target:
        return re.sub(r"\s*(?:on |at )?\{target\}", "", words)
    return words.format(target=target)


def cannot(who: str, kind: str, reason: str, target: str = "") -> str:
    """"Vask can't attack Thug 8: out of range" (the engine's reason, without a closing stop)."""
    return sentence(f"{who} can't {deed(kind, target)}: {reason.rstrip('.')}")


def still(options: Options, refused_kind: str) -> str:
    """What the actor can still do, as a short hint with the keys: "Still: move (m), end the turn (e).";
    "" when nothing else is left."""
    kinds = [k for k in options.kinds() if k not in (refused_kind, "end_turn")][:SHORT_HINT]
    kinds += ["end_turn"] if "end_turn" in options.kinds() else []
    return f"Still: {', '.join(_with_key(k) for k in kinds)}." if kinds else ""


def refused_kind(who: str, kind: str, options: Options) -> str:
    """A kind chosen that cannot be taken now: the first refusal's reason, then what is still possible."""
    refused = options.of(kind)
    reason = refused[0].refused if refused else "not possible now"
    return _joined(cannot(who, kind, reason), still(options, kind))


def pick(kind: str, names: Iterable[str], what: str = "someone") -> str:
    """A click that named nothing this kind is aimed at: who (or what) it may be aimed at, the
    first few by name ("Pick someone to attack: Thug 8, Thug 9, Kell or 3 more")."""
    names = list(names)
    listed = ", ".join(names[:NAMED])
    if len(names) > NAMED:
        listed += f" or {len(names) - NAMED} more"
    return sentence(f"Pick {what} to {deed(kind)}" + (f": {listed}" if listed else ""))


def sentence(words: str) -> str:
    """Words as a sentence a toast shows: a capital first letter."""
    return words[:1].upper() + words[1:]


def _with_key(kind: str) -> str:
    key = key_for(kind)
    return deed(kind) + (f" ({key})" if key else "")


def _joined(first: str, second: str) -> str:
    return f"{first}. {second}" if second else first

"""The rulesets by name: the one list every other place reads (a map's `ruleset` property, the
Tiled project's choices, the registry of playable rulesets, the data each plays with), and the
facts about them that the shared rules need. tests/test_rulesets.py checks that the rulesets
registered in game/systems/rulesets are exactly these.
"""

from __future__ import annotations

SWN, SWN_HEROIC, LUCKY_STARS, STARFARER = "swn", "swn-heroic", "lucky-stars", "starfarer"

RULESETS: tuple[str, ...] = (SWN, SWN_HEROIC, LUCKY_STARS, STARFARER)
"""Every ruleset a map may name, in the order the Tiled project lists them."""
DEFAULT = SWN
"""The ruleset of a map that names none."""
HEROIC = frozenset({SWN_HEROIC})
"""The rulesets in which seed 000's heroic combat is in force."""
ROLL_UNDER = frozenset({STARFARER})
"""The rulesets whose rolls are a d100 rolled low: the dice a hero point buys come off the roll (seed 004)."""

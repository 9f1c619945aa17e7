"""The rulesets a battle can be played under, by the name a map's `ruleset` property gives.

Each ruleset is one package here whose `__init__` builds its `Ruleset` (see `ruleset.py`), listed
in `REGISTERED`; `hero_points` is the hero point module every ruleset's answers share. Adding a
ruleset: docs/adding-a-ruleset.md.
"""

from __future__ import annotations

from types import MappingProxyType

from game.systems.rulesets import lucky_stars, starfarer, swn
from game.systems.rulesets.ruleset import Ruleset
from game.systems.scene import Scene

REGISTERED: tuple[Ruleset, ...] = (swn.RULESET, lucky_stars.RULESET, starfarer.RULESET)

RULESETS = MappingProxyType({name: ruleset for ruleset in REGISTERED for name in ruleset.names})
"""Every playable ruleset by each of its names."""


def named(name: str) -> Ruleset | None:
    """The ruleset a map names, or None when it is not playable."""
    return RULESETS.get(name)


def of(scene: Scene) -> Ruleset:
    """The ruleset the scene's battle is played under."""
    return RULESETS[scene.setup.ruleset]

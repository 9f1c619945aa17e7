"""Which data each ruleset's maps play with: the catalog a scenario is read and fought with.

SWN uses the data files as they are. A ruleset with its own data file presents its creatures
and weapons as the catalog's unit types and weapons (keeping the map's cover and concealment),
so the shared scenario reader and hex mechanics work unchanged. A new ruleset with its own data
adds one line to `PRESENTERS`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from game.rules.ruleset_names import LUCKY_STARS, STARFARER
from game.rules.catalog import Catalog
from game.rules.lucky_stars import units as lucky_stars_units
from game.rules.lucky_stars.catalog import load_lucky_stars
from game.rules.starfarer import units as starfarer_units
from game.rules.starfarer.catalog import load_starfarer

PRESENTERS: Mapping[str, Callable[[Catalog], Catalog]] = MappingProxyType({
    LUCKY_STARS: lambda base: lucky_stars_units.battle_catalog(base, load_lucky_stars()),
    STARFARER: lambda base: starfarer_units.battle_catalog(base, load_starfarer()),
})


def catalog_for(ruleset: str, base: Catalog) -> Catalog:
    """The catalog for a battle under `ruleset`; raises CatalogError when its data file has problems."""
    present = PRESENTERS.get(ruleset)
    return base if present is None or base.ruleset_data is not None else present(base)

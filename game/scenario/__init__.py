"""Reading Tiled hex maps into an immutable Scenario, with every problem reported at once."""

from __future__ import annotations

from game.scenario.loader import load_scenario
from game.scenario.model import (
    LoadResult,
    Scenario,
    SideSetup,
    Terrain,
    TileLayerView,
    TileRef,
    UnitPlacement,
)
from game.scenario.problems import Problem
from game.scenario.summary import battle_summary, check_line, default_maps

__all__ = [
    "LoadResult",
    "Problem",
    "Scenario",
    "SideSetup",
    "Terrain",
    "TileLayerView",
    "TileRef",
    "UnitPlacement",
    "battle_summary",
    "check_line",
    "default_maps",
    "load_scenario",
]

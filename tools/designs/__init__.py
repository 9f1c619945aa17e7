"""The bundled scenarios, one module each; `DESIGNS` lists them in a fixed order."""

from __future__ import annotations

from tools.designs import (
    bunker_seven, cinder_well, crystal_vault, derelict_hold, dust_market, kessler_ford, relay_station, squad_ridge,
)

DESIGNS = (relay_station.design, kessler_ford.design, bunker_seven.design, crystal_vault.design, squad_ridge.design,
           dust_market.design, derelict_hold.design,
           cinder_well.design)

"""Charge (seed 002): a run in soft turns or straight lines ending next to an enemy, then a blow.

Persons and vehicles/mechs (by `Identity.kind`) charge with the same action and path rules
and strike differently: a person punches or stabs, a vehicle or mech rams with its chassis
(`game.rules.swn.maneuvers` holds the arithmetic). Rulings (Charge): each step's direction
differs from the previous step's by at most one hex direction, the first step is free, the
path costs at most the movement limit and ends on a free hex next to the target. The run is
walked like any move, so overwatch may interrupt it: the charge then waits in the world as
`ChargeUnderway` and strikes (`finish_charges`) once every decision is made and the paused
run has been walked to its end.
Interpretations: docs/rules/maneuvers.md. `planning` reads the scene before any die is rolled;
`landing` rolls and applies the blow or the ram.
"""

from game.systems.rulesets.swn.charge.landing import (
    CHARGE_BLOW,
    CHARGER_SAVE,
    PILOT_CHECK,
    RAM_BLOW,
    blow_goes_on,
    blow_lands,
    blow_plan,
    charge,
    check_charge,
    crash_lands,
    finish_charges,
    pilot_lands,
    ram_blow_lands,
    ram_goes_on,
    ram_lands,
    save_lands,
)
from game.systems.rulesets.swn.charge.planning import (
    ChargePlan,
    ChargeRoute,
    charge_paths,
    plan_charge,
    ready_problem,
    strike_plan,
)

__all__ = ["CHARGE_BLOW", "CHARGER_SAVE", "PILOT_CHECK", "RAM_BLOW", "ChargePlan", "ChargeRoute", "blow_goes_on",
           "blow_lands", "blow_plan", "charge", "charge_paths", "check_charge", "crash_lands", "finish_charges",
           "pilot_lands", "plan_charge", "ram_blow_lands", "ram_goes_on", "ram_lands", "ready_problem", "save_lands",
           "strike_plan"]

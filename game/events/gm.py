"""The GM's events: an override of the rules (a token placed, a number or a condition set, a
unit brought in) and a note written on a combatant.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.events.shared import Event, Narrator
from game.hexgrid import Hex


# -- the GM's overrides -------------------------------------------------------------------
_GM_CONDITIONS = {
    ("prone", True): "The GM puts {target} prone.",
    ("prone", False): "The GM stands {target} up.",
    ("total_defense", True): "The GM puts {target} on total defense (+2 AC).",
    ("total_defense", False): "The GM takes {target} off total defense.",
    ("overwatch", False): "The GM ends {target}'s overwatch.",
}
"""The sentence for each (condition, active) a GM override of a condition can carry."""


@dataclass(frozen=True, slots=True)
class GmOverride(Event):
    """The GM changed the table by hand (the issue "The table"): `what` is "place" (to `to`),
    "health" (from `before` to `value`, in `unit` HP or HD), "condition" (`condition` turned
    `active`), "hidden" (`target` hidden from the table when `active`, else revealed), "stat" (`stat` from `before` to `value`), "side_morale" (`side`'s morale from
    `before` to `value`) or "add" (a new `target` of `unit_type` for `side`, standing on `to`)."""

    what: str
    target: int
    to: Hex | None = None
    value: int = 0
    before: int = 0
    unit: str = ""
    condition: str = ""
    active: bool = True
    unit_type: str = ""
    side: str = ""
    stat: str = ""

    def text(self, say: Narrator) -> str:
        if self.what == "side_morale":
            return f"The GM sets the morale of {say.side(self.side)} to {self.value} (was {self.before})."
        target = say.name(self.target)
        if self.what == "hidden":
            return f"The GM hides {target} from the table." if self.active else f"The GM reveals {target} on the table."
        if self.what == "stat":
            return f"The GM sets {target}'s {self.stat} to {self.value} (was {self.before})."
        if self.what == "place":
            return f"The GM moves {target} to {say.place(self.to)}."
        if self.what == "health":
            return f"The GM sets {target}'s health to {self.value} {self.unit} (was {self.before})."
        if self.what == "condition":
            return _GM_CONDITIONS[(self.condition, self.active)].format(target=target)
        return f"The GM brings in {target} for {say.side(self.side)} at {say.place(self.to)}."


@dataclass(frozen=True, slots=True)
class ConditionNoted(Event):
    """The GM wrote a wound or condition on a combatant (`active`), or rubbed it out ("" for all)."""

    target: int
    note: str
    active: bool = True

    def text(self, say: Narrator) -> str:
        if self.active:
            return f"The GM notes on {say.name(self.target)}: {self.note}."
        return (f"The GM rubs out {say.name(self.target)}'s note: {self.note}." if self.note
                else f"The GM rubs out {say.name(self.target)}'s notes.")

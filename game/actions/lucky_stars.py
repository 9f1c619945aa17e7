"""These Lucky Stars' actions (seed 001).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.actions.shared import Action, action_type
from game.hexgrid import Hex


@action_type
@dataclass(frozen=True, slots=True)
class Step(Action):
    """Seed 001 Step: move one hex, a defensive 1 AP move."""

    kind: ClassVar[str] = "step"
    to: Hex = Hex(0, 0)


@action_type
@dataclass(frozen=True, slots=True)
class UseCover(Action):
    """Seed 001 Use Cover: 1 AP to take full cover where one stands (`full`), or come out of it."""

    kind: ClassVar[str] = "use_cover"
    full: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class NonlethalAttack(Action):
    """Seed 001: a standard attack whose last blow, should it take the last VIT, is not lethal."""

    kind: ClassVar[str] = "nonlethal_attack"
    target: int = 0


# -- These Lucky Stars (seed 001): maneuvers, grapples, reactions, stealth --------------------
@action_type
@dataclass(frozen=True, slots=True)
class Trip(Action):
    """Seed 001 Trip (3 AP): a standard attack roll, then STR against AGI; success knocks the target prone."""

    kind: ClassVar[str] = "trip"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Shatter(Action):
    """Seed 001 Shatter (3 AP): a standard attack roll at the weapon the target holds, to break it."""

    kind: ClassVar[str] = "shatter"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Grapple(Action):
    """Seed 001 Grapple (2 AP): a contested grapple check; `engage` is what the actor does should
    it win: take control (True) or end the grapple at once (False)."""

    kind: ClassVar[str] = "grapple"
    target: int = 0
    engage: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class GrappleAttack(Action):
    """Seed 001, in control of a grapple (3 AP): attack the pinned opponent with a light weapon or unarmed."""

    kind: ClassVar[str] = "grapple_attack"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class EndGrapple(Action):
    """Seed 001, in control of a grapple (1 AP): let the opponent go."""

    kind: ClassVar[str] = "end_grapple"


@action_type
@dataclass(frozen=True, slots=True)
class RegainControl(Action):
    """Seed 001, pinned (1 AP, first thing in the turn): a contested grapple check to take control."""

    kind: ClassVar[str] = "regain_control"


@action_type
@dataclass(frozen=True, slots=True)
class OpportunityAttack(Action):
    """Seed 001 Attack of Opportunity (1 AP): answer an enemy's aggressive action in melee reach."""

    kind: ClassVar[str] = "attack_of_opportunity"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class ReadyAttack(Action):
    """Seed 001 Ready Action: withhold the turn's AP for a standard attack (or, with `maneuver`,
    a "trip", "disarm", "shatter" or "grapple") on the first enemy that ends a move or step
    within the weapon's reach."""

    kind: ClassVar[str] = "ready_attack"
    maneuver: str = ""


@action_type
@dataclass(frozen=True, slots=True)
class ReadiedAttack(Action):
    """Seed 001 Ready Action: the readied attack (or maneuver), taken when its trigger occurs."""

    kind: ClassVar[str] = "readied_attack"
    target: int = 0


@action_type
@dataclass(frozen=True, slots=True)
class Hide(Action):
    """Seed 001 Stealth (1 AP, as taking cover): a stealth roll against target 8 to hide behind something."""

    kind: ClassVar[str] = "hide"


@action_type
@dataclass(frozen=True, slots=True)
class Search(Action):
    """Seed 001 Stealth (1 AP, our reading): actively search, an INS roll against each hidden enemy's stealth."""

    kind: ClassVar[str] = "search"


@action_type
@dataclass(frozen=True, slots=True)
class ChooseBlow(Action):
    """Seed 001: answer a blow that took the last VIT: lethal (the target is dying) or not (incapacitated)."""

    kind: ClassVar[str] = "choose_blow"
    lethal: bool = True


@action_type
@dataclass(frozen=True, slots=True)
class GrappleMove(Action):
    """Seed 001, in control of a grapple (3 AP): move up to 10 ft (2 hexes) dragging the pinned opponent."""

    kind: ClassVar[str] = "grapple_move"
    path: tuple[Hex, ...] = ()


@action_type
@dataclass(frozen=True, slots=True)
class GrappleToss(Action):
    """Seed 001, in control of a grapple (3 AP): toss the opponent to a hex up to 10 ft (2 hexes) away."""

    kind: ClassVar[str] = "grapple_toss"
    to: Hex = Hex(0, 0)


@action_type
@dataclass(frozen=True, slots=True)
class TakeHold(Action):
    """Seed 001 Grapple: the defender who won the check chooses to engage (take control) or end it."""

    kind: ClassVar[str] = "take_hold"
    engage: bool = True

"""Under These Lucky Stars (seed 001): hiding to attack from hiding, a surprise attack.

Seed 001 (Stealth, Surprise Attacks): a hidden combatant cannot be attacked until a search
finds it, and its own attack is a surprise attack, the defender rolling only its bare 2d6
decision dice, without its DEF. On `dust_market` a security drone's blaster (2d6+1) against a
spacer's 2d6+7 in the open hits 2.7% of the time (0.08% behind a crate's +3), against the bare
2d6 56%, one time in six by 5 or more (a bonus damage die); a pirate's cutlass (2d6+2) 5.4%
against 66%. Hiding costs 1 AP where something to hide behind is near, the standard attack 2:
with 3 AP a combatant hides and then attacks from hiding, and a shot gives the shooter away, so
with an AP left after it, it hides again.
"""

from __future__ import annotations

from game.actions import Attack
from game.battle import Battle
from game.players.tactical.attacks import Decision
from game.players.tactical.moving import fired_this_turn
from game.views import CombatantView


def hide_after_firing_decision(battle: Battle, me: CombatantView) -> Decision | None:
    """Having fired this turn and been seen doing it, hide again (1 AP) where something to hide
    behind is near, before stepping back or readying: the next shot from hiding is a surprise
    attack. None when it has not fired, is hidden already, or hiding is not offered."""
    if me.stealth is not None or not fired_this_turn(battle, me):
        return None
    hide = _hiding(battle, me)
    if not hide:
        return None
    return Decision(hide[0].action, "hides again after firing: its next shot from hiding is a surprise attack")


def _hiding(battle: Battle, me: CombatantView) -> tuple:
    """The hide options offered now (none where nothing to hide behind is near)."""
    return battle.options(me.id, groups=("stealth",)).allowed("hide")


HIDE_AND_ATTACK = 3
"""AP for hiding (1) and then the standard attack (2) in the same turn (Seed 001, Taking Action)."""


def hide_before_attack_decision(battle: Battle, me: CombatantView, attack: Decision) -> Decision | None:
    """Before an attack made in plain sight, with AP enough to hide and still attack, hide first
    where something to hide behind is near: the attack from hiding is then a surprise attack.
    None when hidden already, the AP are short, the decision is no attack, or hiding is not
    offered."""
    if me.stealth is not None or not isinstance(attack.action, Attack):
        return None
    if me.action_points is None or me.action_points < HIDE_AND_ATTACK:
        return None
    hide = _hiding(battle, me)
    if not hide:
        return None
    target = battle.combatant(attack.action.target)
    name = target.name if target is not None else "the target"
    return Decision(hide[0].action, f"hides before attacking {name}: an attack from hiding is a surprise attack")

"""Protect (seed 002): a person takes an attack meant for an adjacent ally; a mech shields allies.

Person: the Protect action spends the Main action to guard one adjacent ally until the start
of the guard's next turn; a person who has not spent its Main action this round may instead
step in as a snap action, spending that Main action. Mech: ShieldAllies spends the Move and
the Main action; until the start of its next turn allies next to it get +2 AC concealment
and its Armor as cover armor when the line of fire passes through its hex (`sight.shields_for`),
and it may take one attack on any adjacent ally itself.

An Attack on an ally with an eligible protector next to it pauses before any die is rolled:
the dispatch table checks every Attack with `check_attack` and applies it through
`attack_unless_protected`. Each protector is
asked in turn (`ProtectChance`); `Redirect` turns the attack on the protector, `Hold` passes,
and once everyone has passed the attack goes on against the ally. The attacker's Main action
is spent, and its dice rolled, only then; dice typed in with the answer are used first, and
dice typed in with the attack itself are refused when someone may step in.

Guards and shields lapse lazily (`budget.stance_in_force`): a stance set in round R is in force
while its owner's Main action is still the one spent in round R.
Interpretations: docs/rules/protect-disarm.md.
"""

from __future__ import annotations

from game.actions import Attack, Hold, OverwatchFire, Protect, Redirect, ShieldAllies
from game.components import Allegiance, Guarding, Identity, Position, ProtectSince, Shielding, Stats
from game.ecs import EntityId
from game.events import AttackPaused, ConditionChanged, ShieldRaised
from game.prompts import ProtectChance
from game.rules.dice import DiceError
from game.systems.budget import budget, main_unused_this_round, needs, spend, stance_in_force
from game.systems.rulesets.swn import combat
from game.systems.rulesets.swn.combat import AttackPlan, is_person, plan_attack, strike
from game.hexgrid import neighbors
from game.systems.scene import Scene, adjacent, allied, in_the_fight
from game.systems.rulesets.swn.overwatch import plan_shot
from game.systems.sight import shielding

GUARDING, SHIELDING, SNAP = "guarding", "shielding", "snap"
ORDER = (GUARDING, SHIELDING, SNAP)


# -- who may step in ----------------------------------------------------------------------
def guarded_ally(scene: Scene, guard: EntityId) -> EntityId | None:
    """The ally this combatant is guarding now (Protect, person), or None."""
    guarding = scene.world.try_get(guard, Guarding)
    return guarding.ally if guarding is not None and stance_in_force(scene, guard) else None


def can_snap(scene: Scene, entity: EntityId) -> bool:
    """A person whose Main action of this round is unused, and not already committed to a guard."""
    return is_person(scene, entity) and main_unused_this_round(scene, entity) and guarded_ally(scene, entity) is None


def _how(scene: Scene, protector: EntityId, ally: EntityId) -> str | None:
    """How this combatant could take an attack on the ally: guarding, shielding, snap, or not at all."""
    world = scene.world
    if not world.has(protector, Position) or not in_the_fight(world, protector) or not allied(scene, protector, ally):
        return None
    if not adjacent(world, protector, ally):
        return None
    if guarded_ally(scene, protector) == ally:
        return GUARDING
    stance = shielding(scene, protector)
    if stance is not None:
        return SHIELDING if stance.redirect_left else None
    return SNAP if can_snap(scene, protector) else None


def protectors(scene: Scene, attacker: EntityId, ally: EntityId, burst: bool = False,
               aimed: bool = False, overwatch: bool = False) -> list[tuple[EntityId, str, AttackPlan]]:
    """Who could take this attack on the ally, how, and the attack as it would be on them
    (`overwatch`: a shot from overwatch, -2 and no cover armor, as it would be on them).

    Guards first, then shielding mechs, then snap actions; id order within each.
    """
    if not in_the_fight(scene.world, ally) or not scene.world.has(ally, Allegiance):
        return []
    found = []
    world = scene.world
    for next_door in neighbors(world.get(ally, Position).hex):  # `_how` asks for a neighbour too
        other = world.at(next_door)
        position = world.try_get(other, Position) if other is not None else None
        if position is None or position.hex != next_door:  # nobody, or a squad's footprint only
            continue
        how = _how(scene, other, ally)
        plan = plan_attack(scene, attacker, other, burst, aimed, overwatch) if how else None
        if how and not isinstance(plan, str):
            found.append((other, how, plan))
    return sorted(found, key=lambda item: (ORDER.index(item[1]), item[0]))


def protect_targets(scene: Scene, actor: EntityId) -> list[EntityId]:
    """The allies the actor could guard with the Protect action now (adjacent, in the fight)."""
    return [other for other, _ in scene.world.query(Position)
            if protect_problem(scene, actor, other) is None]


def protect_problem(scene: Scene, actor: EntityId, ally: EntityId) -> str | None:
    """Why the actor cannot guard this ally (the Main action aside), or None."""
    world = scene.world
    if not world.exists(ally) or not world.has(ally, Allegiance):
        return f"there is no combatant with id {ally}"
    if not is_person(scene, actor):
        return "only a person can protect an ally this way (a mech shields its allies instead)"
    if ally == actor:
        return "you cannot protect yourself; choose an adjacent ally"
    if not in_the_fight(world, ally):
        return f"{scene.name(ally)} is out of the fight"
    if not allied(scene, actor, ally):
        return f"{scene.name(ally)} is not an ally"
    if not adjacent(world, actor, ally):
        return f"{scene.name(ally)} is not next to you"
    return None


# -- the paused attack --------------------------------------------------------------------
def plan_on(scene: Scene, attack: Attack | OverwatchFire, target: EntityId) -> AttackPlan | str:
    """The paused attack as it would be made on `target`: an Attack with its burst and aim, or a
    shot from overwatch (at -2, no cover armor; at a squad as it stood on its route, `plan_shot`)."""
    if isinstance(attack, OverwatchFire):
        return plan_shot(scene, attack.actor, target)
    return plan_attack(scene, attack.actor, target, attack.burst, attack.aimed)


def _question(scene: Scene, attack: Attack | OverwatchFire, ally: EntityId, protector: EntityId, how: str,
              plan: AttackPlan) -> str:
    cost = {GUARDING: "ends the guard", SHIELDING: "uses the shield's one redirect",
            SNAP: "spends this round's Main action"}[how]
    what = "overwatch shot" if isinstance(attack, OverwatchFire) else "attack"
    return (f"{scene.name(protector)} may take {scene.name(attack.actor)}'s {what} on {scene.name(ally)} "
            f"({float(plan.chance):.0%} to hit {scene.name(protector)}; {cost})")


def check_attack(scene: Scene, action: Attack) -> AttackPlan | str:
    """An attack (`combat.check_attack`), refused when its dice were typed in with it while
    someone next to its target may step in: they are rolled only once that is decided."""
    plan = combat.check_attack(scene, action)
    if isinstance(plan, str) or not action.faces:
        return plan
    found = protectors(scene, action.actor, action.target, action.burst, action.aimed)
    if found:
        return (f"{', '.join(scene.name(p) for p, _, _ in found)} may step in first: enter this "
                "attack's dice with the answer to that decision, not with the attack")
    return plan


def attack_unless_protected(scene: Scene, action: Attack, plan: AttackPlan) -> None:
    """Make the checked attack, unless someone next to its target may step in: then open a
    ProtectChance for each of them and wait (the dice are rolled once they have answered)."""
    if not pause_for_protectors(scene, action, action.target):
        spend(scene, action.actor, "main")
        strike(scene, plan)


def pause_for_protectors(scene: Scene, action: Attack | OverwatchFire, ally: EntityId, at: int | None = None) -> bool:
    """Open a ProtectChance for each combatant who could step into this attack on the ally (at
    place `at` of the decisions open, else behind them); True when the attack must wait for them."""
    overwatch = isinstance(action, OverwatchFire)
    found = protectors(scene, action.actor, ally, getattr(action, "burst", False), getattr(action, "aimed", False),
                       overwatch)
    if not found:
        return False
    if action.faces:
        raise DiceError(f"{', '.join(scene.name(p) for p, _, _ in found)} may step in first: enter this "
                        "attack's dice with the answer to that decision, not with the attack")
    asked = [ProtectChance(protector, _question(scene, action, ally, protector, how, could), action.actor, ally, action)
             for protector, how, could in found]
    place = len(scene.pending) if at is None else at
    scene.pending[place:place] = asked
    scene.emit(AttackPaused(action.actor, ally, tuple(p for p, _, _ in found)))
    return True


def open_prompt(scene: Scene, actor: EntityId) -> ProtectChance | None:
    """The protect prompt this combatant must answer now, if any."""
    prompt = scene.pending[0] if scene.pending else None
    return prompt if isinstance(prompt, ProtectChance) and prompt.decider == actor else None


def _strike_paused(scene: Scene, attack: Attack, target: EntityId) -> None:
    """Resolve the paused attack on `target` exactly as an unpaused one, with the dice typed in
    on the answer (an attack that pauses takes none of its own). A shot from overwatch spent the
    watch when it was fired, not a Main action."""
    plan = plan_on(scene, attack, target)
    if isinstance(plan, str):
        raise AssertionError(f"a paused attack became impossible: {plan}")
    if not isinstance(attack, OverwatchFire):
        spend(scene, attack.actor, "main")
    strike(scene, plan)


def _close(scene: Scene, prompt: ProtectChance, everyone: bool) -> None:
    """Take the answered prompt (and with `everyone`, the rest asked about this attack) off."""
    scene.pending.pop(0)
    if everyone:
        scene.pending[:] = [p for p in scene.pending if not (
            isinstance(p, ProtectChance) and p.attack == prompt.attack and p.ally == prompt.ally)]


def check_decline(scene: Scene, action: Hold) -> ProtectChance | str:
    """Declining an open protect prompt."""
    return open_prompt(scene, action.actor) or "there is no protect decision for you to make"


def decline(scene: Scene, action: Hold, prompt: ProtectChance) -> None:
    """Let the attack through: the next protector is asked, or the attack goes on at the ally."""
    _close(scene, prompt, everyone=False)
    scene.emit(ConditionChanged(action.actor, "protecting", False, "declined"))
    if not any(isinstance(p, ProtectChance) and p.attack == prompt.attack for p in scene.pending):
        _strike_paused(scene, prompt.attack, prompt.ally)


def _use_up(scene: Scene, protector: EntityId, how: str) -> None:
    if how == GUARDING:
        scene.world.remove(protector, Guarding)
        scene.world.remove(protector, ProtectSince)
    elif how == SHIELDING:
        scene.world.set(protector, Shielding(redirect_left=False))
    else:
        spend(scene, protector, "main")


def check_redirect(scene: Scene, action: Redirect) -> tuple[ProtectChance, str] | str:
    """Answering a protect prompt by taking the attack oneself: still able to, and still a target."""
    prompt = open_prompt(scene, action.actor)
    if prompt is None:
        return "there is no protect decision for you to make"
    attack = prompt.attack
    how = _how(scene, action.actor, prompt.ally)
    if how is None or isinstance(plan_on(scene, attack, action.actor), str):
        return f"{scene.name(action.actor)} can no longer take this attack"
    return prompt, how


def redirect(scene: Scene, action: Redirect, plan: tuple[ProtectChance, str]) -> None:
    """Step in front of the ally: the stance (or snap) is used up and the attack turns on the protector."""
    prompt, how = plan
    protector = action.actor
    _use_up(scene, protector, how)
    _close(scene, prompt, everyone=True)
    scene.emit(ConditionChanged(protector, "protecting", True, "stepped in", prompt.ally))
    _strike_paused(scene, prompt.attack, protector)


# -- taking the stances -------------------------------------------------------------------
def check_protect(scene: Scene, action: Protect) -> Protect | str:
    """Seed 002 Protect (person): the Main action, an adjacent ally in the fight."""
    return needs(scene, action.actor, "main") or protect_problem(scene, action.actor, action.ally) or action


def protect(scene: Scene, action: Protect, plan: Protect) -> None:
    """Guard the ally until the start of one's next turn."""
    spend(scene, action.actor, "main")
    scene.world.set(action.actor, Guarding(action.ally))
    scene.world.set(action.actor, ProtectSince(scene.round))
    scene.emit(ConditionChanged(action.actor, "guarding", True, other=action.ally))


def check_shield_allies(scene: Scene, action: ShieldAllies) -> ShieldAllies | str:
    """Seed 002 Protect (mech): only a mech, with both its Move and Main action left."""
    if scene.world.get(action.actor, Identity).kind != "mech":
        return "only a mech can shield its allies"
    left = budget(scene, action.actor)
    if not (left.main and left.move):
        return "shielding takes both the Move and the Main action"
    return action


def shield_allies(scene: Scene, action: ShieldAllies, plan: ShieldAllies) -> None:
    """Spend the Move and Main actions shielding the allies around the mech until its next turn."""
    spend(scene, action.actor, "move")
    spend(scene, action.actor, "main")
    scene.world.set(action.actor, Shielding())
    scene.world.set(action.actor, ProtectSince(scene.round))
    armor = scene.world.get(action.actor, Stats).armor
    scene.emit(ShieldRaised(action.actor, armor))

"""What a Starfarer combatant can do in its action phase, built by the same checks and planner that resolve it (Seed 003).

An attack option's odds are the exact chance of the d100 task from `plan_shot` (`Odds.dice`
"d100", `face_needed` the MCS: the highest roll that hits); its mean damage is the exact mean
over every d100 face.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from game.actions import Attack, Declare, Hold, Move, React
from game.components import Stats
from game.ecs import EntityId
from game.options import AT_HEX, AT_ONCE, AT_TARGET, AttackOption, DeclareOption, MoveOption, Odds, Option, Options, ReactionOption
from game.prompts import CounterChance, DeclarationChance, DefenceChance, HeroPointChance, NegationChance, Prompt
from game.rules.modifier import Modifier
from game.systems import movement
from game.systems.targets import enemies_in_the_fight
from game.systems.rulesets import hero_points
from game.systems.rulesets.starfarer import attack as attacks
from game.systems.rulesets.starfarer import defence
from game.systems.rulesets.starfarer import limbs
from game.systems.rulesets.starfarer import negation
from game.systems.rulesets.starfarer import phase
from game.systems.rulesets.starfarer import state
from game.systems.scene import Scene


DISABILITY = "disability check first"
ATTACK_TASK = "Seed 003, 3.4 Attack Resolution"
DAMAGE = "Seed 003, 3.5 Damage Calculation"


def odds(plan: attacks.ShotPlan) -> Odds:
    """The exact chance of the to-hit task with its parts: BCS (traits, less the wound penalty), EF, and the
    MCS of any disability check the arm needs first (the chance counts it)."""
    bonus = (Modifier("BCS", plan.profile.bcs + 2 * plan.penalty, ATTACK_TASK),)
    if plan.penalty:
        bonus += (Modifier("wound and shock penalty (x2)", -2 * plan.penalty, "Seed 003, 3.6.5 Trait Penalties"),)
    target = (Modifier(f"EF ({plan.bracket.replace('_', ' ')})", plan.profile.ef + plan.extra_actions,
                       "Seed 003, 3.4.1 Ranges"),)
    if plan.extra_actions:
        target += (Modifier("actions past the first this phase", -plan.extra_actions, "Seed 003, 3.2.3 Multiple Actions"),)
    target += tuple(Modifier(f"{DISABILITY} ({limb.replace('_', ' ')}) MCS", check.bcs * check.ef,
                             "Seed 003, 3.6.6 Effects of Wounds and Shock") for limb, check in plan.disability)
    return Odds(plan.chance, max(0, plan.profile.bcs * plan.profile.ef), bonus, target, dice="d100", source=ATTACK_TASK)


def attack_option(scene: Scene, actor: EntityId, target: EntityId) -> AttackOption:
    """The attack on one enemy: refused with the reason, or with its odds and mean damage."""
    action = Attack(actor, target=target)
    plan = attacks.check_attack(scene, action)
    if isinstance(plan, str):
        return AttackOption("attack", None, plan, aim=AT_TARGET, target=target)
    return AttackOption("attack", action, aim=AT_TARGET, target=target, weapon=plan.weapon.id, odds=odds(plan), cover=plan.cover,
                        armor=plan.armour, damage=f"{plan.weapon.penetration}/{plan.weapon.damage}",
                        expected_damage=plan.expected_damage, damage_source=DAMAGE)


def _attacks(scene: Scene, actor: EntityId) -> list[Option]:
    return [attack_option(scene, actor, target) for target in enemies_in_the_fight(scene, actor)]


def _moves(scene: Scene, actor: EntityId) -> list[Option]:
    refused = phase.refusal(scene, actor, "move") or limbs.refusal(scene, actor, state.LEG_LIMBS)
    if refused:
        return [Option("move", None, refused, aim=AT_HEX)]
    reach = movement.reachable(scene.setup.field, scene.world, actor, scene.world.get(actor, Stats).move_hexes,
                               scene.setup.setting("allies_block_movement", False))
    return [MoveOption("move", Move(actor, path=r.path), aim=AT_HEX, hex=h, cost=r.cost, path=r.path) for h, r in reach.items()]


DECLARATIONS = {"declare_attack": (1, False), "declare_2_attacks": (2, False), "declare_3_attacks": (3, False),
                "declare_move_and_attack": (1, True)}
"""The declarations offered, by option kind (others may be submitted: up to 3 actions, one move)."""


def _declaration(scene: Scene, actor: EntityId, kind: str, count: int, move: bool,
                 best: Callable[[int], Fraction]) -> Option:
    """One declaration with what it does to the EF and the action points, and its attacks' mean
    damage now (the best shot's for as many extra actions, from `best`)."""
    action = Declare(actor, attacks=count, move=move)
    plan = phase.check_declare(scene, action)
    if isinstance(plan, str):
        return Option(kind, None, plan, aim=AT_ONCE)
    extra = len(plan) - 1
    return DeclareOption(kind, action, aim=AT_ONCE, attacks=count, move=move, ef_penalty=extra,
                         points_now=min(a.initiative_modifier for a in plan),
                         points_after=phase.after_phase(plan, len(plan)), expected_damage=best(extra) * count)


def _best_shots(scene: Scene, actor: EntityId) -> Callable[[int], Fraction]:
    """The best mean damage of one shot by the number of extra actions in the phase, each worked
    out once a listing; the shots are aimed once (only their task changes with the actions)."""
    aimed: list[attacks.ShotPlan] = []
    best_by_extra: dict[int, Fraction] = {}

    def best(extra: int) -> Fraction:
        if extra not in best_by_extra:
            if not best_by_extra:
                aimed.extend(shot for target in enemies_in_the_fight(scene, actor)
                             if not isinstance(shot := attacks.plan_shot(scene, actor, target, extra), str))
            shots = [shot if shot.extra_actions == extra else attacks.with_extra_actions(scene, shot, extra)
                     for shot in aimed]
            best_by_extra[extra] = max((shot.expected_damage for shot in shots), default=Fraction(0))
        return best_by_extra[extra]
    return best


def _declarations(scene: Scene, actor: EntityId) -> list[Option]:
    if not phase.declaring(scene):
        return []
    best = _best_shots(scene, actor)  # one declaration and another of as many actions aim the same shots
    return [_declaration(scene, actor, kind, *shape, best) for kind, shape in DECLARATIONS.items()]


BUILDERS = (("move", _moves), ("attack", _attacks), ("declare", _declarations))
"""Each group of options and its builder, in the order an action bar lists them."""

GROUPS = tuple(name for name, _ in BUILDERS)



def prompt_options(scene: Scene, prompt: Prompt) -> Options:
    """A hero point decision after a miss or a failed reaction or check (seed 004): spend, with the
    exact chance the bought die brings the d100 under the MCS, or let the roll stand."""
    decider = prompt.decider
    if isinstance(prompt, DefenceChance):
        return reaction_options(scene, prompt)
    if isinstance(prompt, CounterChance):
        return hero_points.counter_options(scene, prompt)
    if isinstance(prompt, NegationChance):
        return Options(decider, negation.NEGATING.options(scene, prompt))
    if isinstance(prompt, DeclarationChance):  # seed 003, 3.2.1: before the first roll
        return Options(decider, (*_declarations(scene, decider), Option("hold", Hold(decider), aim=AT_ONCE)))
    stand = Option("hold", Hold(decider), aim=AT_ONCE)
    if not isinstance(prompt, HeroPointChance):
        return Options(decider, (stand,))
    needed = prompt.waiting.short_by if prompt.waiting is not None else prompt.task.roll - prompt.task.mcs
    return Options(decider, (*hero_points.spend_options(scene, prompt, needed), stand))


def reaction_options(scene: Scene, prompt: DefenceChance) -> Options:
    """Evade or parry the attack waiting, each with the exact chance its task succeeds and the attack then
    hits, or let it come (Ruling on Seed 003's evasion and parry: see starfarer_defence)."""
    decider, attack = prompt.decider, prompt.attack
    plan = attacks.plan_shot(scene, attack.actor, attack.target)
    stand = Option("hold", Hold(decider), aim=AT_ONCE)
    if isinstance(plan, str):
        return Options(decider, (stand,))
    unopposed = defence.hit_chance(plan.profile, None)
    items = []
    for how in prompt.reactions:
        task = defence.profile(scene, decider, how)
        items.append(ReactionOption(how, React(decider, how=how), aim=AT_ONCE, chance=defence.success_chance(task),
                                    hit_chance=defence.hit_chance(plan.profile, task), hit_chance_unopposed=unopposed))
    return Options(decider, (*items, stand))

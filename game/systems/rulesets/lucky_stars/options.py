"""What a These Lucky Stars combatant can do now, built by the same checks and planner that resolve it (Seed 001).

Each option's action is checked by the ruleset's own table; an attack option's odds are the
exact chance of the opposed 2d6 roll from `plan_strike`, and its mean damage the exact mean of
the damage roll, so what is shown is what is rolled.
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import (
    Attack,
    ChooseBlow,
    Disarm,
    EndGrapple,
    Grapple,
    GrappleAttack,
    GrappleMove,
    GrappleToss,
    Hide,
    Hold,
    Move,
    NonlethalAttack,
    OpportunityAttack,
    PickUp,
    ReadiedAttack,
    ReadyAttack,
    RegainControl,
    Search,
    Shatter,
    StandUp,
    Step,
    TakeHold,
    Trip,
    UseCover,
)
from game.components import Position, Prone, Stats
from game.ecs import EntityId
from game.hexgrid import spiral
from game.options import AT_HEX, AT_ONCE, AT_TARGET, AttackOption, LandingOption, MoveOption, Odds, Option, Options
from game.prompts import BlowChoice, CounterChance, GrappleWon, HeroPointChance, NegationChance, Prompt, ReactionChance
from game.rules.modifier import Modifier
from game.systems import movement
from game.systems.targets import enemies_in_the_fight
from game.systems.rulesets import hero_points
from game.systems.rulesets.lucky_stars import attack as attacks
from game.systems.rulesets.lucky_stars import grapple
from game.systems.rulesets.lucky_stars import maneuvers
from game.systems.rulesets.lucky_stars import negation
from game.systems.rulesets.lucky_stars import reactions
from game.systems.rulesets.lucky_stars import stealth
from game.systems.rulesets.lucky_stars import state
from game.systems.rulesets.lucky_stars import turns
from game.systems.scene import Scene

OPPOSED = "opposed 2d6"
GRAPPLE = "Seed 001, Aggressive Actions: Grapple"
"""The contested STR check a grapple is won by."""
MANEUVERS = "Seed 001, Aggressive Actions: Trip, Disarm, Shatter"
"""A maneuver: the standard attack roll, then its contest (the chance counts both)."""
DAMAGE = "Seed 001, Damage"


def odds(plan: attacks.StrikePlan) -> Odds:
    """The exact chance of the opposed roll with both sides' parts."""
    return Odds(plan.chance, plan.needed, plan.attacker_parts, plan.defender_parts, dice=OPPOSED, source=attacks.OPPOSED_ROLL)


def damage_text(plan: attacks.StrikePlan) -> str:
    """The damage roll as a GM reads it: the die by size plus the attribute and modifiers."""
    flat = plan.striker.attribute + plan.striker.damage_bonus + (attacks.UNARMED_DAMAGE if plan.striker.unarmed else 0)
    return f"1d{plan.die}{flat:+d}" if flat else f"1d{plan.die}"


def _attack_options(scene: Scene, actor: EntityId, target: EntityId,
                    plan: attacks.StrikePlan | str) -> tuple[AttackOption, AttackOption]:
    """The standard attack on one enemy and its non-lethal form, from the one plan they share (a
    non-lethal attack differs only in its last blow, so both have the same odds and mean damage)."""
    lethal, gentle = Attack(actor, target=target), NonlethalAttack(actor, target=target)
    if isinstance(plan, str):
        return (AttackOption("attack", None, plan, aim=AT_TARGET, target=target),
                AttackOption("nonlethal_attack", None, plan, aim=AT_TARGET, target=target))
    shown, mean, text = odds(plan), plan.expected_damage, damage_text(plan)
    return tuple(AttackOption(kind, action, aim=AT_TARGET, target=target, weapon=plan.weapon.id, odds=shown,
                              cover=plan.cover, damage=text, expected_damage=mean, damage_source=DAMAGE)
                 for kind, action in (("attack", lethal), ("nonlethal_attack", gentle)))


def _attacks(scene: Scene, actor: EntityId) -> list[Option]:
    # The attacker's own refusal (AP, once a turn) holds for every target; each target's plan is
    # made once for both forms of the attack.
    refusal = state.problem(scene, actor, attacks.attack_kind(scene, actor))
    pairs = [_attack_options(scene, actor, target, refusal or attacks.plan_strike(scene, actor, target))
             for target in enemies_in_the_fight(scene, actor)]
    return [pair[0] for pair in pairs] + [pair[1] for pair in pairs]


def _moves(scene: Scene, actor: EntityId) -> list[Option]:
    refusal = "stand up first (1 AP)" if scene.world.has(actor, Prone) else state.problem(scene, actor, "move")
    if refusal:  # a pinned character's way to move again is to regain control
        return [Option("move", None, refusal, aim=AT_HEX), *_holds(scene, actor)[:1 if _pinned(scene, actor) else 0]]
    reach = movement.reachable(scene.setup.field, scene.world, actor, scene.world.get(actor, Stats).move_hexes,
                               scene.setup.setting("allies_block_movement", False))
    return [MoveOption("move", Move(actor, path=r.path), aim=AT_HEX, hex=h, cost=r.cost, path=r.path) for h, r in reach.items()]


def _pinned(scene: Scene, actor: EntityId) -> bool:
    held = state.grapple_of(scene, actor)
    return held is not None and not held.in_control


def _steps(scene: Scene, actor: EntityId) -> list[Option]:
    here = scene.world.get(actor, Position).hex
    found: list[Option] = []
    for to in scene.setup.field.neighbours_on_map(here):
        refusal = turns.step_problem(scene, actor, to)
        if refusal is None:
            found.append(MoveOption("step", Step(actor, to=to), aim=AT_HEX, hex=to, cost=1, path=(to,)))
    return found or [Option("step", None, turns.step_problem(scene, actor, here) or "no neighbouring hex to step to",
                           aim=AT_HEX)]


def _checked(kind: str, plan, action) -> Option:
    return Option(kind, None, plan, aim=AT_ONCE) if isinstance(plan, str) else Option(kind, action, aim=AT_ONCE)


def _stances(scene: Scene, actor: EntityId) -> list[Option]:
    take, leave = UseCover(actor, full=True), UseCover(actor, full=False)
    return [_checked("stand_up", turns.check_stand(scene, StandUp(actor)), StandUp(actor)),
            _checked("take_full_cover", turns.check_use_cover(scene, take), take),
            _checked("leave_full_cover", turns.check_use_cover(scene, leave), leave)]


BUILDERS = (("move", _moves), ("step", _steps), ("attack", _attacks), ("stances", _stances))
"""Each group of options and its builder, in the order an action bar lists them."""

GROUPS = tuple(name for name, _ in BUILDERS)



def prompt_options(scene: Scene, prompt: Prompt) -> Options:
    """A hero point decision (seed 004): spend, with the exact chance the roll then turns, or let it stand."""
    decider = prompt.decider
    if isinstance(prompt, CounterChance):
        return hero_points.counter_options(scene, prompt)
    if isinstance(prompt, ReactionChance):
        return reaction_options(scene, prompt)
    if isinstance(prompt, GrappleWon):
        return Options(decider, (Option("take_control", TakeHold(decider, engage=True), aim=AT_ONCE),
                                 Option("break_free", TakeHold(decider, engage=False), aim=AT_ONCE)))
    if isinstance(prompt, NegationChance):
        return Options(decider, negation.NEGATING.options(scene, prompt))
    if isinstance(prompt, BlowChoice):
        return Options(decider, (Option("lethal_blow", ChooseBlow(decider, lethal=True), aim=AT_ONCE),
                                 Option("nonlethal_blow", ChooseBlow(decider, lethal=False), aim=AT_ONCE)))
    stand = Option("hold", Hold(decider), aim=AT_ONCE)
    if not isinstance(prompt, HeroPointChance):
        return Options(decider, (stand,))
    if prompt.waiting is not None:  # a stealth or search roll: what the action waiting at it says
        needed = prompt.waiting.short_by
    else:
        margin = prompt.contest.margin
        needed = 1 - margin if prompt.role == "attacker" else margin  # the attacker must win; the defender hold
    return Options(decider, (*hero_points.spend_options(scene, prompt, needed), stand))


def _maneuver_option(scene: Scene, action, plan=None) -> AttackOption:
    """Trip, disarm or shatter on one enemy: its odds are the attack roll's parts, with the chance
    that the whole maneuver works (the roll hits, then the contest is won)."""
    plan = plan or maneuvers.check_maneuver(scene, action)
    if isinstance(plan, str):
        return AttackOption(action.kind, None, plan, aim=AT_TARGET, target=action.target)
    strike = plan.strike
    shown = Odds(plan.chance, strike.needed, strike.attacker_parts, strike.defender_parts, dice=OPPOSED,
                 source=MANEUVERS)
    return AttackOption(action.kind, action, aim=AT_TARGET, target=action.target, weapon=strike.weapon.id, odds=shown,
                        cover=strike.cover)


def _grapple_option(scene: Scene, action, plan=None) -> AttackOption:
    """A grapple on one enemy, with the exact chance to win the contested check."""
    plan = plan or grapple.check_grapple(scene, action)
    if isinstance(plan, str):
        return AttackOption("grapple", None, plan, aim=AT_TARGET, target=action.target)
    shown = Odds(plan.chance, plan.resisting - plan.acting + 1, (Modifier("STR", plan.acting, GRAPPLE),),
                 (Modifier("STR", plan.resisting, GRAPPLE),), dice=OPPOSED, source=GRAPPLE)
    return AttackOption("grapple", action, aim=AT_TARGET, target=action.target, odds=shown)


def _holds(scene: Scene, actor: EntityId) -> list[Option]:
    """In a grapple: the pinned one's try for control; in control, the attack on the pinned and letting go."""
    held = state.grapple_of(scene, actor)
    if held is None:
        return []
    if not held.in_control:
        return [_checked("regain_control", grapple.check_regain(scene, RegainControl(actor)), RegainControl(actor))]
    hit = GrappleAttack(actor, target=held.partner)
    plan = grapple.check_grapple_attack(scene, hit)
    attack = (AttackOption("grapple_attack", None, plan, aim=AT_TARGET, target=held.partner) if isinstance(plan, str) else
              AttackOption("grapple_attack", hit, aim=AT_TARGET, target=held.partner, weapon=plan.weapon.id, odds=odds(plan),
                           damage=damage_text(plan), expected_damage=plan.expected_damage, damage_source=DAMAGE))
    return [attack, _checked("end_grapple", grapple.check_end(scene, EndGrapple(actor)), EndGrapple(actor)),
            *_drags(scene, actor), *_tosses(scene, actor)]


def _drags(scene: Scene, actor: EntityId) -> list[Option]:
    """In control: each hex within 10 ft the grappler can walk to with the opponent in tow."""
    reach = movement.reachable(scene.setup.field, scene.world, actor, grapple.REACH,
                               scene.setup.setting("allies_block_movement", False))
    paid = state.problem(scene, actor, "grapple_move")  # the AP: the same for every hex
    found: list[Option] = []
    for hex_, route in reach.items():
        action = GrappleMove(actor, path=route.path)
        refusal = paid or grapple.drag_problem(scene, action)
        found.append(Option("grapple_move", None, refusal, aim=AT_HEX) if refusal else
                     MoveOption("grapple_move", action, aim=AT_HEX, hex=hex_, cost=route.cost, path=route.path))
    return found


def _tosses(scene: Scene, actor: EntityId) -> list[Option]:
    """In control: each open hex within 10 ft to toss the opponent onto, with the STR contest's exact chance."""
    here = scene.world.get(actor, Position).hex
    nowhere = "no open hex within 10 ft to land on"
    landings = sorted(h for h in spiral(here, grapple.REACH) if h != here and scene.setup.field.enterable(h))
    paid = state.problem(scene, actor, "grapple_toss")  # the AP and the contest: the same for every hex
    if paid:
        return [Option("grapple_toss", None, paid if "AP" in paid and landings else nowhere, aim=AT_HEX)]
    chance = grapple.toss_plan(scene, actor).chance
    found: list[Option] = []
    for to in landings:
        toss = GrappleToss(actor, to=to)
        if grapple.landing_problem(scene, toss) is None:
            found.append(LandingOption("grapple_toss", toss, aim=AT_HEX, hex=to, chance=chance))
    return found or [Option("grapple_toss", None, nowhere, aim=AT_HEX)]


def _maneuvers(scene: Scene, actor: EntityId) -> list[Option]:
    # Each maneuver's own refusal (AP, once a turn) is read once, and each target's attack roll
    # planned once for trip, shatter and disarm alike (they share the standard attack roll).
    refusals = {name: state.problem(scene, actor, name) for name in ("trip", "shatter", "disarm")}
    found: list[Option] = []
    for target in enemies_in_the_fight(scene, actor):
        strike = attacks.plan_strike(scene, actor, target)
        for action in (Trip(actor, target=target), Shatter(actor, target=target), Disarm(actor, target=target, take=False)):
            plan = refusals[action.kind] or maneuvers.plan_maneuver(scene, action, strike)
            found.append(_maneuver_option(scene, action, plan))
        found.append(_grapple_option(scene, Grapple(actor, target=target)))
    pick = PickUp(actor)
    return [*found, *_holds(scene, actor), _checked("pick_up", maneuvers.check_pick_up(scene, pick), pick)]


def _stealth(scene: Scene, actor: EntityId) -> list[Option]:
    hide, look = Hide(actor), Search(actor)
    readies = [ReadyAttack(actor), *(ReadyAttack(actor, maneuver=name) for name in reactions.MANEUVERS)]
    turn, situation = state.turn_state(scene, actor), state.situation(scene, actor)  # read once for every ready
    return [_checked("hide", stealth.check_hide(scene, hide), hide),
            _checked("search", stealth.check_search(scene, look), look),
            *(_checked(f"ready_{ready.maneuver or 'attack'}", reactions.ready_refusal(ready, turn, situation) or ready,
                       ready) for ready in readies)]


BUILDERS = (*BUILDERS, ("maneuvers", _maneuvers), ("stealth", _stealth))
GROUPS = tuple(name for name, _ in BUILDERS)


def reaction_options(scene: Scene, prompt: ReactionChance) -> Options:
    """The opening's answers: the attack (of opportunity, or the readied one) with its odds, or let it pass."""
    decider, target = prompt.decider, prompt.provoker
    action = ReadiedAttack(decider, target=target) if prompt.readied else OpportunityAttack(decider, target=target)
    check = reactions.check_readied if prompt.readied else reactions.check_opportunity
    plan = check(scene, action)
    if isinstance(plan, str):
        attack = AttackOption(action.kind, None, plan, aim=AT_ONCE, target=target)
    elif isinstance(plan, maneuvers.ManeuverPlan):  # a readied maneuver: its whole chance, as on the turn
        attack = replace(_maneuver_option(scene, reactions.sprung(plan.name, decider, target), plan),
                         kind=action.kind, action=action, aim=AT_ONCE)
    elif isinstance(plan, grapple.GrapplePlan):
        attack = replace(_grapple_option(scene, Grapple(decider, target=target), plan), kind=action.kind, action=action,
                         aim=AT_ONCE)
    else:
        attack = AttackOption(action.kind, action, aim=AT_ONCE, target=target, weapon=plan.weapon.id, odds=odds(plan),
                              cover=plan.cover, damage=damage_text(plan), expected_damage=plan.expected_damage,
                              damage_source=DAMAGE)
    return Options(decider, (attack, Option("hold", Hold(decider), aim=AT_ONCE)))

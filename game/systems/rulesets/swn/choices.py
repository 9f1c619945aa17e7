"""What a combatant can do now: every option with its action, built by the planners that resolve it.

Each option is checked by the same function the dispatch table runs for its action, and its
figures come from the plan that check returns, so the odds a window shows (and a computer
player weighs) are the odds the engine rolls against. Refused options keep the check's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction

from game.memo import remembered
from game.actions import (
    Attack,
    DefendTotally,
    Disarm,
    EndTurn,
    FocusedFray,
    FrayDie,
    GoProne,
    Heal,
    Hold,
    Intimidate,
    LeadSquad,
    OverwatchFire,
    PickUp,
    Protect,
    ReadMorale,
    ReadyWeapon,
    Redirect,
    Regroup,
    Reload,
    SetOverwatch,
    ShieldAllies,
    Shove,
    Stabilise,
    StandUp,
    ThrowGrenade,
)
from game.components import Carried, Health, Identity, MortallyWounded, Overwatch, Position, Stats
from game.ecs import EntityId
from game.hexgrid import distance
from game.options import (
    AT_FACING,
    AT_HEXES,
    AT_LANDING,
    AT_ONCE,
    AT_SIDE,
    AT_TARGET,
    Aim,
    AttackOption,
    ChanceOption,
    DisarmOption,
    FormationOption,
    GrenadeOption,
    ItemOption,
    JumpOption,
    MoveOption,
    Option,
    Options,
    OverwatchOption,
    ShoveOption,
    SideOption,
    TargetOption,
    WatchedHex,
)
from game.slots import slot_maker
from game.prompts import FootprintChoice, OverwatchChance, Prompt, ProtectChance
from game.rules.swn.attack import DAMAGE, target_number
from game.rules.swn.damage import HEROIC_DAMAGE, Shock, expected_damage, reads_on_table, shock_damage
from game.systems.rulesets.swn import combat, disarm, grenades, medicine, morale_actions, protect, shove
from game.systems.rulesets.swn import table
from game.systems import footprint
from game.systems.rulesets.swn import overwatch
from game.systems.budget import needs
from game.systems.rulesets.swn.attackers import is_vehicle, weapon_in_hand
from game.systems.rulesets.swn.combat import AttackPlan
from game.systems.targets import enemies_in_the_fight, weapons_on
from game.systems.rulesets.swn import authority
from game.systems.scene import Scene, allied, hex_of, in_the_fight
from game.systems.rulesets.swn.squads import volley_odds
from game.systems.rulesets.swn.checked import odds, option
from game.systems.rulesets.swn.move_choices import charges, jumps, moves, watched_hexes

INSTANT_KINDS = ("go_prone", "total_defense", "overwatch_fire")
STIM = "1d6+2"  # the healing a Heal option offers by default: a lift stim (SWN core)


_make_attack_option = slot_maker(AttackOption)
_make_options = slot_maker(Options)
"""`Options(actor, items, watched)`: one for every listing on a turn."""
_NO_DAMAGE = Fraction(0)
"""A refused attack option's expected damage (`AttackOption`'s default)."""
_make_attack = slot_maker(Attack)
"""`Attack(actor, faces=(), reason="", target=..., burst=..., aimed=...)`: one for every target
of every attack listing."""


# -- attacks ------------------------------------------------------------------------------
def attack_option(scene: Scene, kind: str, action, plan: AttackPlan | str, target: EntityId,
                  aim: Aim = AT_TARGET) -> AttackOption:
    """An attack option from its plan: odds, cover, the armor that counts and the mean damage;
    aimed at its target, unless it answers a decision (`aim` AT_ONCE)."""
    if isinstance(plan, str):  # AttackOption(kind, None, plan, aim=aim, target=target), made slot by slot
        return _make_attack_option(kind, None, plan, aim, target, "", None, None, 0, "", _NO_DAMAGE, (), "")
    armor = combat.plan_armor(scene, plan)
    heroic = reads_on_table(scene.setup.heroic, is_vehicle(scene, plan.target))
    hit = expected_damage(plan.weapon.damage, plan.attribute, plan.burst, armor, heroic)
    miss = 0
    if plan.weapon.shock:
        miss = shock_damage(Shock(*plan.weapon.shock), target_number(plan.setup), plan.attribute, scene.setup.heroic)
    volley = volley_odds(scene, plan.attacker, plan.setup, plan.weapon, armor, plan.burst, heroic)
    chances = odds(plan.setup)  # its chance is the plan's
    chance = chances.chance
    bands, mean = volley if volley is not None else ((), chance * hit + (1 - chance) * miss if miss else chance * hit)
    # AttackOption(kind, action, aim=aim, target=..., weapon=..., odds=..., cover=..., armor=...,
    # damage=..., expected_damage=..., bands=..., damage_source=...), every field in its order: made for
    # every target of every turn
    return _make_attack_option(kind, action, "", aim, target, plan.weapon.id, chances, plan.cover, armor,
                               plan.weapon.damage, mean, bands, HEROIC_DAMAGE if heroic else DAMAGE)


def _attacks(scene: Scene, actor: EntityId) -> list[Option]:
    weapon = weapon_in_hand(scene, actor)
    if weapon.blast_radius_m:
        return [Option("attack", None, f"a {weapon.name.lower()} is thrown at a hex (the grenade option)",
                       aim=AT_TARGET)]
    return _attack_variants(scene, actor, [("attack", {})])


def _aimed_and_burst(scene: Scene, actor: EntityId) -> list[Option]:
    weapon = weapon_in_hand(scene, actor)
    if weapon.blast_radius_m:
        return []
    variants = [("aimed_attack", {"aimed": True})] + ([("burst_attack", {"burst": True})] if weapon.burst else [])
    return _attack_variants(scene, actor, variants)


def _attack_variants(scene: Scene, actor: EntityId, variants: list[tuple[str, dict]]) -> list[Option]:
    found, enemies = [], enemies_in_the_fight(scene, actor)
    spent = needs(scene, actor, "main")  # check_attack's first question, the same for every target
    if spent:  # the Main action is used: every variant at every target is refused alike, unplanned
        return [attack_option(scene, kind, None, spent, target) for kind, _ in variants for target in enemies]
    for kind, flags in variants:
        burst, aimed = flags.get("burst", False), flags.get("aimed", False)
        for target in enemies:
            action = _make_attack(actor, (), "", target, burst, aimed)
            found.append(attack_option(scene, kind, action, table.check(scene, action), target))
    return found


def _overwatch_shots(scene: Scene, actor: EntityId) -> list[Option]:
    """Instant shots from overwatch at enemies inside the wedge (no decision open)."""
    if not scene.world.has(actor, Overwatch):
        return []
    found = []
    for target in enemies_in_the_fight(scene, actor):
        action = OverwatchFire(actor, target=target)
        if not isinstance(table.check(scene, action), str):
            plan = combat.plan_attack(scene, actor, target, overwatch=True)
            found.append(attack_option(scene, "overwatch_fire", action, plan, target))
    return found


# -- close quarters -------------------------------------------------------------------------
def _adjacent_enemies(scene: Scene, actor: EntityId) -> list[EntityId]:
    here = scene.world.get(actor, Position).hex
    return [e for e in enemies_in_the_fight(scene, actor) if distance(here, scene.world.get(e, Position).hex) == 1]


def _shoves(scene: Scene, actor: EntityId) -> list[Option]:
    found = []
    next_to = [e for e in enemies_in_the_fight(scene, actor) if shove.facing_hexes(scene, actor, e) is not None]
    for target in next_to:  # a squad is next to the actor when any of its hexes is
        for kind, as_move in (("shove", False), ("shove_as_move", True)):
            action = Shove(actor, target=target, as_move=as_move)
            plan = table.check(scene, action)
            if isinstance(plan, str):
                found.append(ShoveOption(kind, None, plan, aim=AT_TARGET, target=target))
            else:
                found.append(ShoveOption(kind, action, aim=AT_TARGET, target=target, odds=odds(plan.setup), to=plan.to,
                                         blocked=plan.blocked))
    return found


def _disarms(scene: Scene, actor: EntityId) -> list[Option]:
    found = []
    for target in _adjacent_enemies(scene, actor):
        action = Disarm(actor, target=target)
        plan = table.check(scene, action)
        if isinstance(plan, str):
            found.append(DisarmOption("disarm", None, plan, aim=AT_TARGET, target=target))
            continue
        chances = disarm.disarm_odds(scene, actor, target)
        found.append(DisarmOption("disarm", action, aim=AT_TARGET, target=target, odds=odds(plan.setup), takes=chances.takes,
                                  drops=chances.drops, both_drop=chances.both_drop, nothing=chances.nothing))
    return found


def _allies_near(scene: Scene, actor: EntityId, include_self: bool = False) -> list[EntityId]:
    here = scene.world.get(actor, Position).hex
    near = [e for e, position in scene.world.query(Position)
            if distance(here, position.hex) == 1 and allied(scene, actor, e)]
    return ([actor] if include_self else []) + near


def _protects(scene: Scene, actor: EntityId) -> list[Option]:
    found: list[Option] = []
    if scene.world.get(actor, Identity).kind == "mech":
        found.append(option("shield_allies", scene, ShieldAllies(actor), AT_ONCE))
        return found
    for ally in _allies_near(scene, actor):
        found.append(option("protect", scene, Protect(actor, ally=ally), AT_TARGET, shape=TargetOption, target=ally))
    return found


# -- watching and throwing ------------------------------------------------------------------
def _overwatch(scene: Scene, actor: EntityId) -> list[Option]:
    found = []
    for facing in range(6):
        action = SetOverwatch(actor, facing=facing)
        plan = table.check(scene, action)
        if isinstance(plan, str):
            return [OverwatchOption("overwatch", None, plan, aim=AT_FACING)]
        hexes = tuple(overwatch.overwatch_wedge(scene, actor, plan))
        found.append(OverwatchOption("overwatch", action, aim=AT_FACING, facing=facing, hexes=hexes))
    return found


def _grenades(scene: Scene, actor: EntityId) -> list[Option]:
    weapon = weapon_in_hand(scene, actor)
    if not weapon.blast_radius_m:
        return []
    refusal = needs(scene, actor, "main")
    if refusal:
        return [GrenadeOption("grenade", None, refusal, aim=AT_LANDING)]
    found = []
    for at, preview in grenades.grenade_options(scene, actor).items():
        action = ThrowGrenade(actor, at=at)
        found.append(GrenadeOption("grenade", action, aim=AT_LANDING, at=at, target=preview.target, odds=odds(preview.setup),
                                   damage=weapon.damage, spread=grenades.spread(scene, preview), caught=preview.caught))
    return found or [GrenadeOption("grenade", None, "no hex in range and in sight to throw at", aim=AT_LANDING)]


# -- morale, the Fray Die, care ---------------------------------------------------------------
def _morale(scene: Scene, actor: EntityId) -> list[Option]:
    found: list[Option] = []
    for side, chance in morale_actions.intimidate_options(scene, actor):
        action = Intimidate(actor, side=side)
        plan = table.check(scene, action)
        if isinstance(plan, str):
            found.append(SideOption("intimidate", None, plan, aim=AT_SIDE, side=side))
        else:
            found.append(SideOption("intimidate", action, aim=AT_SIDE, side=side, chance=chance))
    offered = option("read_morale", scene, ReadMorale(actor), AT_ONCE)
    if offered.allowed:
        offered = ChanceOption("read_morale", offered.action, aim=AT_ONCE, chance=morale_actions.read_morale_chance(scene, actor))
    found.append(offered)
    return found


def _fray(scene: Scene, actor: EntityId) -> list[Option]:
    if not scene.setup.heroic or not scene.world.get(actor, Stats).fray_die:
        return []
    found = []
    for kind, action_type in (("fray_die", FrayDie), ("focused_fray", FocusedFray)):
        for target in enemies_in_the_fight(scene, actor):
            found.append(option(kind, scene, action_type(actor, target=target), AT_TARGET, shape=TargetOption,
                                 target=target))
    return found


def _care(scene: Scene, actor: EntityId) -> list[Option]:
    found: list[Option] = []
    here = scene.world.get(actor, Position).hex
    for patient, _ in scene.world.query(MortallyWounded):
        there = hex_of(scene.world, patient)
        if there is None or distance(here, there) > 1 or not allied(scene, actor, patient):
            continue
        offered = option("stabilise", scene, Stabilise(actor, target=patient), AT_TARGET, shape=TargetOption,
                         target=patient)
        if offered.allowed:
            offered = TargetOption("stabilise", offered.action, aim=AT_TARGET, target=patient,
                                  chance=medicine.stabilise_chance(scene, actor, patient))
        found.append(offered)
    for patient in _allies_near(scene, actor, include_self=True):
        health = scene.world.get(patient, Health)
        if in_the_fight(scene.world, patient) and health.current < health.maximum:
            found.append(option("heal", scene, Heal(actor, target=patient, dice=STIM), AT_TARGET,
                                 shape=TargetOption, target=patient))
    return found


def _gear(scene: Scene, actor: EntityId) -> list[Option]:
    found = [option("reload", scene, Reload(actor), AT_ONCE)]
    carried = scene.world.try_get(actor, Carried)
    for weapon in dict.fromkeys(carried.weapons if carried else ()):
        found.append(option("ready_weapon", scene, ReadyWeapon(actor, weapon=weapon), AT_ONCE, shape=ItemOption,
                             weapon=weapon))
    here = scene.world.get(actor, Position).hex
    for weapon in dict.fromkeys(d.weapon for _, d in weapons_on(scene, here)):
        found.append(option("pick_up", scene, PickUp(actor, weapon=weapon), AT_ONCE, shape=ItemOption, weapon=weapon))
    return found


def _stances(scene: Scene, actor: EntityId) -> list[Option]:
    return [option(kind, scene, action, AT_ONCE) for kind, action in (
        ("go_prone", GoProne(actor)), ("stand_up", StandUp(actor)), ("total_defense", DefendTotally(actor)))]


def _lead_squads(scene: Scene, actor: EntityId) -> list[Option]:
    """Seed 002, Authority Focus: a PC who can lead may take the lead of any friendly squad."""
    return [option("lead_squad", scene, LeadSquad(actor, target=squad), AT_TARGET, shape=TargetOption, target=squad)
            for squad in authority.squads_to_lead(scene, actor)]


BUILDERS = (
    ("move", moves), ("attack", _attacks), ("aimed", _aimed_and_burst), ("charge", charges), ("jump", jumps), ("shove", _shoves),
    ("disarm", _disarms), ("protect", _protects), ("overwatch", _overwatch), ("grenade", _grenades),
    ("morale", _morale), ("fray", _fray), ("care", _care), ("gear", _gear), ("stances", _stances),
    ("lead", _lead_squads),
)
"""Each group of options and the function that builds it, in the order an action bar lists them."""

GROUPS = tuple(name for name, _ in BUILDERS)


def options_on_turn(scene: Scene, actor: EntityId, groups: Iterable[str] = GROUPS) -> Options:
    """Everything the combatant whose turn it is can do, in the groups asked for."""
    items: list[Option] = []
    for build in _builders(groups if isinstance(groups, tuple) else tuple(groups)):
        items.extend(build(scene, actor))
    items.extend(_overwatch_shots(scene, actor))
    items.append(_end_turn(actor))
    watched: tuple[WatchedHex, ...] = ()
    # Only an enemy on overwatch watches a hex (`watched_hexes`), and a spread squad has no single
    # path to watch: most listings need not gather their hexes at all.
    if scene.world.count(Overwatch) and not footprint.is_spread(scene.world, actor):
        hexes = [o.hex for o in items if isinstance(o, (MoveOption, JumpOption)) and o.action is not None]
        watched = watched_hexes(scene, actor, hexes) if hexes else ()
    return _make_options(actor, tuple(items), watched)


@remembered("option builders", 64)
def _builders(groups: tuple[str, ...]) -> tuple[Callable[[Scene, EntityId], list[Option]], ...]:
    """The builders of these groups, in `BUILDERS` order (a player asks for the same few groups
    decision after decision)."""
    wanted = set(groups)
    return tuple(build for name, build in BUILDERS if name in wanted)


@remembered("end turn options", 256)
def _end_turn(actor: EntityId) -> Option:
    """`Option("end_turn", EndTurn(actor), aim=AT_ONCE)`, the last of every listing on a turn: a
    frozen value that depends on the actor alone, so it is made once per combatant id rather than
    per listing."""
    return Option("end_turn", EndTurn(actor), aim=AT_ONCE)


def options_off_turn(scene: Scene, actor: EntityId) -> Options:
    """The Instant actions a combatant may take outside its own turn (SWN core)."""
    items = [o for o in _stances(scene, actor) if o.kind in INSTANT_KINDS] + _overwatch_shots(scene, actor)
    return Options(actor, tuple(items))


def prompt_options(scene: Scene, prompt: Prompt) -> Options:
    """The answers to an open decision, each with the odds of what it leads to."""
    decider = prompt.decider
    if isinstance(prompt, OverwatchChance):
        shot = OverwatchFire(decider, target=prompt.mover)
        fire = attack_option(scene, "overwatch_fire", shot,
                             combat.plan_attack(scene, decider, prompt.mover, overwatch=True), prompt.mover, AT_ONCE)
        return Options(decider, (fire, Option("hold", Hold(decider), aim=AT_ONCE),
                                 Option("hold_for_move", Hold(decider, True), aim=AT_ONCE)))
    if isinstance(prompt, ProtectChance):
        attack = prompt.attack
        on_me, on_ally = protect.plan_on(scene, attack, decider), protect.plan_on(scene, attack, prompt.ally)
        step_in = table.check(scene, Redirect(decider))
        redirect = (attack_option(scene, "redirect", Redirect(decider), on_me, decider, AT_ONCE)
                    if not isinstance(step_in, str) else AttackOption("redirect", None, step_in, aim=AT_ONCE, target=decider))
        return Options(decider, (redirect, attack_option(scene, "hold", Hold(decider), on_ally, prompt.ally, AT_ONCE)))
    if isinstance(prompt, FootprintChoice):
        others = tuple(FormationOption("regroup", Regroup(decider, hexes=c), aim=AT_HEXES, hex=c[0], hexes=c)
                       for c in prompt.choices[1:])
        return Options(decider, (Option("hold", Hold(decider), aim=AT_ONCE), *others))
    return Options(decider, (Option("hold", Hold(decider), aim=AT_ONCE),))


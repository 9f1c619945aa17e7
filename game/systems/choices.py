"""What a combatant can do now: every option with its action, built by the planners that resolve it.

Each option is checked by the same function the dispatch table runs for its action, and its
figures come from the plan that check returns, so the odds a window shows (and a computer
player weighs) are the odds the engine rolls against. Refused options keep the check's reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import lru_cache

from game.actions import (
    Attack,
    Charge,
    DefendTotally,
    Disarm,
    EndTurn,
    FocusedFray,
    FrayDie,
    GoProne,
    Heal,
    Hold,
    Intimidate,
    Jump,
    LeadSquad,
    Move,
    MoveSquad,
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
from game.components import Carried, Health, Identity, MortallyWounded, Overwatch, Position, Prone, Stats
from game.ecs import EntityId
from game.hexgrid import Hex, distance
from game.options import (
    AT_CHARGE,
    AT_FACING,
    AT_HEX,
    AT_HEXES,
    AT_LANDING,
    AT_ONCE,
    AT_SIDE,
    AT_TARGET,
    Aim,
    AttackOption,
    ChanceOption,
    ChargeOption,
    DisarmOption,
    FormationOption,
    GrenadeOption,
    ItemOption,
    JumpOption,
    MoveOption,
    Odds,
    Option,
    Options,
    OverwatchOption,
    ShoveOption,
    SideOption,
    TargetOption,
    WatchedHex,
    slot_maker,
)
from game.prompts import FootprintChoice, OverwatchChance, Prompt, ProtectChance
from game.rules.attack import ATTACK_ROLL, DAMAGE, AttackSetup, chance_for, face_needed_for, modifier_breakdown, target_breakdown, target_number
from game.rules.damage import HEROIC_DAMAGE, Shock, expected_damage, reads_on_table, shock_damage
from game.systems import charge, combat, disarm, dispatch, grenades, jump, medicine, morale_actions, shove
from game.systems import footprint, formations, movement, overwatch, protect
from game.systems.budget import move_points_available, needs
from game.systems.combat import AttackPlan, enemies_in_the_fight, is_vehicle
from game.systems import authority
from game.systems.scene import Scene, allied, hex_of, in_the_fight
from game.systems.squads import volley_odds
from game.terrain import Recall

INSTANT_KINDS = ("go_prone", "total_defense", "overwatch_fire")
ODDS_KEPT = 1024
"""How many attack setups' odds are remembered (the one used longest ago going first)."""
STIM = "1d6+2"  # the healing a Heal option offers by default: a lift stim (SWN core)


@lru_cache(maxsize=ODDS_KEPT)
def odds(setup: AttackSetup) -> Odds:
    """The exact chance of an attack roll with its breakdown (`hit_chance` and `needed_face`
    from the breakdown's totals, each part read once); remembered by setup, of which it is a
    pure function (a standoff lists the same attacks, with the same setups, round after round)."""
    bonus, target = modifier_breakdown(setup), target_breakdown(setup)
    totals = sum(m.value for m in bonus), sum(m.value for m in target)
    return Odds(chance_for(*totals), face_needed_for(*totals), bonus, target, source=ATTACK_ROLL)


def _option(kind: str, scene: Scene, action, aim: Aim, shape: type[Option] = Option, **details) -> Option:
    """The option of this kind (of class `shape`, aimed by `aim`, with `details`), checked as the
    battle would check its action: allowed with the action, or refused with the check's reason."""
    plan = dispatch.check(scene, action)
    if isinstance(plan, str):
        return shape(kind, None, plan, aim=aim, **details)
    return shape(kind, action, aim=aim, **details)


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
    weapon = combat.weapon_in_hand(scene, actor)
    if weapon.blast_radius_m:
        return [Option("attack", None, f"a {weapon.name.lower()} is thrown at a hex (the grenade option)",
                       aim=AT_TARGET)]
    return _attack_variants(scene, actor, [("attack", {})])


def _aimed_and_burst(scene: Scene, actor: EntityId) -> list[Option]:
    weapon = combat.weapon_in_hand(scene, actor)
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
            found.append(attack_option(scene, kind, action, dispatch.check(scene, action), target))
    return found


def _overwatch_shots(scene: Scene, actor: EntityId) -> list[Option]:
    """Instant shots from overwatch at enemies inside the wedge (no decision open)."""
    if not scene.world.has(actor, Overwatch):
        return []
    found = []
    for target in enemies_in_the_fight(scene, actor):
        action = OverwatchFire(actor, target=target)
        if not isinstance(dispatch.check(scene, action), str):
            plan = combat.plan_attack(scene, actor, target, overwatch=True)
            found.append(attack_option(scene, "overwatch_fire", action, plan, target))
    return found


# -- moving ---------------------------------------------------------------------------------
def _moves(scene: Scene, actor: EntityId) -> list[Option]:
    refusal = "stand up first (it takes the Move action)" if scene.world.has(actor, Prone) else needs(scene, actor, "move")
    if refusal:
        return [Option("move", None, refusal, aim=AT_HEX)]
    if footprint.is_spread(scene.world, actor):
        return _squad_moves(scene, actor)
    reach = movement.walking_moves(scene, actor)  # each MoveOption("move", Move(actor, path=...), ...)
    if not reach:
        return [Option("move", None, "every neighbouring hex is blocked or costs more movement than is left",
                       aim=AT_HEX)]
    return list(reach)


SQUAD_MOVES_KEPT = 256
"""How many squads' move listings the terrain remembers (the oldest going first)."""


def _squad_moves(scene: Scene, actor: EntityId) -> list[Option]:
    """A squad over several hexes: each hex its head can move to, with its shape carried there
    (or a blob around it); the other formations are asked for hex by hex (`formation_options`).
    The listing reads only what `formations.moves_key` names, so it is remembered on the
    terrain under it (frozen values, the same whichever battle on the map asks)."""
    points = move_points_available(scene, actor)
    memory = scene.setup.field.memo("squad moves", lambda field: Recall(SQUAD_MOVES_KEPT, second_asking=True))
    found = memory.get(formations.moves_key(scene, actor, points), lambda: tuple(_squad_moves_now(scene, actor, points)))
    return list(found) or [Option("move", None, "no formation of the squad fits within its movement", aim=AT_HEX)]


def _squad_moves_now(scene: Scene, actor: EntityId, points: int) -> list[MoveOption]:
    reach = formations.squad_reach(scene, actor, points)
    here = set(footprint.footprint(scene.world, actor))
    found: list[MoveOption] = []
    for anchor in sorted({h for walk in reach.walks.values() for h in walk}):
        picked = formations.default_formation(scene, actor, anchor, reach)
        if picked is None or set(picked[1]) == here:
            continue
        plan = formations.squad_move(picked[1], reach)  # the default formation is checked already
        action = MoveSquad(actor, hexes=plan.hexes, formation=picked[0])
        found.append(MoveOption("move", action, aim=AT_HEX, hex=anchor, cost=plan.cost, path=plan.path,
                                hexes=plan.hexes))
    return found


def formation_options(scene: Scene, actor: EntityId, anchor: Hex) -> tuple[FormationOption, ...]:
    """Every formation of a squad with its head on `anchor` (Seed 002, Squad Size): each shape
    and facing, checked as the move would be, refused ones with the reason."""
    found = []
    for name, facing, hexes in formations.formations_at(scene, actor, anchor):
        action = MoveSquad(actor, hexes=hexes, formation=name)
        plan = dispatch.check(scene, action)
        if isinstance(plan, str):
            found.append(FormationOption("formation", None, plan, aim=AT_HEX, hex=anchor, formation=name,
                                         facing=facing, hexes=hexes))
        else:
            found.append(FormationOption("formation", MoveSquad(actor, hexes=plan.hexes, formation=name),
                                         aim=AT_HEX, hex=anchor, formation=name, facing=facing, hexes=plan.hexes, cost=plan.cost))
    return tuple(found)


def _jumps(scene: Scene, actor: EntityId) -> list[Option]:
    landings = jump.jump_landings(scene, actor)
    if not landings:
        problem = needs(scene, actor, "move") or jump.jump_problem(scene, actor, scene.world.get(actor, Position).hex)
        return [Option("jump", None, problem or "no hex in a straight line can be landed on", aim=AT_HEX)]
    here = scene.world.get(actor, Position).hex
    return [JumpOption("jump", Jump(actor, to=h), aim=AT_HEX, hex=h, line=tuple(jump.jump_line(here, h))) for h in landings]


def _charges(scene: Scene, actor: EntityId) -> list[Option]:
    refusal = charge.ready_problem(scene, actor)
    if refusal:
        return [Option("charge", None, refusal, aim=AT_CHARGE)]
    found: list[Option] = []
    for target in enemies_in_the_fight(scene, actor):
        routes = charge.charge_paths(scene, actor, target)
        if not routes:
            found.append(ChargeOption("charge", None, f"no charge path reaches {scene.name(target)}", aim=AT_CHARGE,
                                      target=target))
        for end, route in routes.items():
            action = Charge(actor, target=target, path=route.path)
            plan = dispatch.check(scene, action)
            if isinstance(plan, str):
                found.append(ChargeOption("charge", None, plan, aim=AT_CHARGE, target=target, hex=end, path=route.path))
                continue
            found.append(ChargeOption("charge", action, aim=AT_CHARGE, target=target, hex=end, path=route.path, cost=route.cost,
                                      odds=odds(plan.setup), damage=plan.damage, pilot_chance=plan.pilot_chance,
                                      expected_damage=plan.expected_damage(
                                          reads_on_table(scene.setup.heroic, is_vehicle(scene, target)))))
    return found


def watched_hexes(scene: Scene, actor: EntityId, hexes: Iterable[Hex]) -> tuple[WatchedHex, ...]:
    """The hexes (of those given) where an enemy on overwatch could fire at the actor."""
    if not any(True for _ in scene.world.query(Overwatch)):
        return ()
    found = []
    for hex_ in sorted(set(hexes)):
        trial = scene.world.snapshot()
        if trial.at(hex_) not in (None, actor):
            continue
        trial.set(actor, Position(hex_))
        watchers = overwatch.watchers_of(Scene(scene.setup, trial, scene.dice, scene.round, scene.sides), actor, hex_)
        if watchers:
            found.append(WatchedHex(hex_, tuple(watchers)))
    return tuple(found)


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
            plan = dispatch.check(scene, action)
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
        plan = dispatch.check(scene, action)
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
        found.append(_option("shield_allies", scene, ShieldAllies(actor), AT_ONCE))
        return found
    for ally in _allies_near(scene, actor):
        found.append(_option("protect", scene, Protect(actor, ally=ally), AT_TARGET, shape=TargetOption, target=ally))
    return found


# -- watching and throwing ------------------------------------------------------------------
def _overwatch(scene: Scene, actor: EntityId) -> list[Option]:
    found = []
    for facing in range(6):
        action = SetOverwatch(actor, facing=facing)
        plan = dispatch.check(scene, action)
        if isinstance(plan, str):
            return [OverwatchOption("overwatch", None, plan, aim=AT_FACING)]
        hexes = tuple(overwatch.overwatch_wedge(scene, actor, plan))
        found.append(OverwatchOption("overwatch", action, aim=AT_FACING, facing=facing, hexes=hexes))
    return found


def _grenades(scene: Scene, actor: EntityId) -> list[Option]:
    weapon = combat.weapon_in_hand(scene, actor)
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
        plan = dispatch.check(scene, action)
        if isinstance(plan, str):
            found.append(SideOption("intimidate", None, plan, aim=AT_SIDE, side=side))
        else:
            found.append(SideOption("intimidate", action, aim=AT_SIDE, side=side, chance=chance))
    option = _option("read_morale", scene, ReadMorale(actor), AT_ONCE)
    if option.allowed:
        option = ChanceOption("read_morale", option.action, aim=AT_ONCE, chance=morale_actions.read_morale_chance(scene, actor))
    found.append(option)
    return found


def _fray(scene: Scene, actor: EntityId) -> list[Option]:
    if not scene.setup.heroic or not scene.world.get(actor, Stats).fray_die:
        return []
    found = []
    for kind, action_type in (("fray_die", FrayDie), ("focused_fray", FocusedFray)):
        for target in enemies_in_the_fight(scene, actor):
            found.append(_option(kind, scene, action_type(actor, target=target), AT_TARGET, shape=TargetOption,
                                 target=target))
    return found


def _care(scene: Scene, actor: EntityId) -> list[Option]:
    found: list[Option] = []
    here = scene.world.get(actor, Position).hex
    for patient, _ in scene.world.query(MortallyWounded):
        there = hex_of(scene.world, patient)
        if there is None or distance(here, there) > 1 or not allied(scene, actor, patient):
            continue
        option = _option("stabilise", scene, Stabilise(actor, target=patient), AT_TARGET, shape=TargetOption,
                         target=patient)
        if option.allowed:
            option = TargetOption("stabilise", option.action, aim=AT_TARGET, target=patient,
                                  chance=medicine.stabilise_chance(scene, actor, patient))
        found.append(option)
    for patient in _allies_near(scene, actor, include_self=True):
        health = scene.world.get(patient, Health)
        if in_the_fight(scene.world, patient) and health.current < health.maximum:
            found.append(_option("heal", scene, Heal(actor, target=patient, dice=STIM), AT_TARGET,
                                 shape=TargetOption, target=patient))
    return found


def _gear(scene: Scene, actor: EntityId) -> list[Option]:
    found = [_option("reload", scene, Reload(actor), AT_ONCE)]
    carried = scene.world.try_get(actor, Carried)
    for weapon in dict.fromkeys(carried.weapons if carried else ()):
        found.append(_option("ready_weapon", scene, ReadyWeapon(actor, weapon=weapon), AT_ONCE, shape=ItemOption,
                             weapon=weapon))
    here = scene.world.get(actor, Position).hex
    for weapon in dict.fromkeys(d.weapon for _, d in disarm.weapons_on(scene, here)):
        found.append(_option("pick_up", scene, PickUp(actor, weapon=weapon), AT_ONCE, shape=ItemOption, weapon=weapon))
    return found


def _stances(scene: Scene, actor: EntityId) -> list[Option]:
    return [_option(kind, scene, action, AT_ONCE) for kind, action in (
        ("go_prone", GoProne(actor)), ("stand_up", StandUp(actor)), ("total_defense", DefendTotally(actor)))]


def _lead_squads(scene: Scene, actor: EntityId) -> list[Option]:
    """Seed 002, Authority Focus: a PC who can lead may take the lead of any friendly squad."""
    return [_option("lead_squad", scene, LeadSquad(actor, target=squad), AT_TARGET, shape=TargetOption, target=squad)
            for squad in authority.squads_to_lead(scene, actor)]


BUILDERS = (
    ("move", _moves), ("attack", _attacks), ("aimed", _aimed_and_burst), ("charge", _charges), ("jump", _jumps), ("shove", _shoves),
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


@lru_cache(maxsize=64)
def _builders(groups: tuple[str, ...]) -> tuple[Callable[[Scene, EntityId], list[Option]], ...]:
    """The builders of these groups, in `BUILDERS` order (a player asks for the same few groups
    decision after decision)."""
    wanted = set(groups)
    return tuple(build for name, build in BUILDERS if name in wanted)


@lru_cache(maxsize=256)
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
        step_in = dispatch.check(scene, Redirect(decider))
        redirect = (attack_option(scene, "redirect", Redirect(decider), on_me, decider, AT_ONCE)
                    if not isinstance(step_in, str) else AttackOption("redirect", None, step_in, aim=AT_ONCE, target=decider))
        return Options(decider, (redirect, attack_option(scene, "hold", Hold(decider), on_ally, prompt.ally, AT_ONCE)))
    if isinstance(prompt, FootprintChoice):
        others = tuple(FormationOption("regroup", Regroup(decider, hexes=c), aim=AT_HEXES, hex=c[0], hexes=c)
                       for c in prompt.choices[1:])
        return Options(decider, (Option("hold", Hold(decider), aim=AT_ONCE), *others))
    return Options(decider, (Option("hold", Hold(decider), aim=AT_ONCE),))


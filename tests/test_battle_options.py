"""Battle.options(): every choice with the action that takes it, the planner's own odds, and the
reason for each refusal; the answers to an open decision; the views a client reads."""

from fractions import Fraction
from pathlib import Path

import pytest

from game.actions import Attack, Disarm, EndTurn, GoProne, Move, SetOverwatch
from game.players.plain import choose_action
from game.events import Attacked
from game.hexgrid import Hex, in_wedge
from game.options import AttackOption, GrenadeOption, MoveOption, OverwatchOption
from game.savefile import battle_from_map
from game.scenario.model import Terrain

from kit import battle_at, decline_prompts, pass_turns_until, unit

SANDBAGS = Terrain("sandbag wall", move_cost=2, material="thick_stone")  # 8 vs TL3
SOLDIER = unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Sgt Voss")
ANA = unit(2, "pc_warrior", "pcs", Hex(5, 0), name="Ana")
MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))


def _attack_on(battle, actor, target, kind="attack") -> AttackOption:
    return next(o for o in battle.options(actor).of(kind) if o.target == target)


def test_an_attack_option_has_the_exact_chance_the_face_needed_and_its_parts():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    option = _attack_on(battle, 1, 2)
    assert option.action == Attack(1, target=2)
    assert option.odds.chance == Fraction(7, 20) and option.odds.face_needed == 14
    assert [(m.name, m.value) for m in option.odds.bonus] == [("attack bonus", 2)]
    assert [(m.name, m.value) for m in option.odds.target] == [("AC", 16)]
    assert option.expected_damage == Fraction(7, 20) * Fraction(13, 2)  # a hit averages 6.5 on 1d12


def test_expected_damage_counts_the_cover_armor_and_the_aimed_shot_gets_past_it():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3, terrain={Hex(4, 0): SANDBAGS})
    plain, aimed = _attack_on(battle, 1, 2), _attack_on(battle, 1, 2, "aimed_attack")
    assert plain.cover.armor == 8 and plain.cover.material_hex == Hex(4, 0) and plain.armor == 8
    assert plain.expected_damage == Fraction(7, 20) * Fraction(10, 12)  # 9..12 on the d12 leave 1..4
    assert aimed.armor == 0 and aimed.odds.chance == Fraction(3, 20)
    assert aimed.expected_damage == Fraction(3, 20) * Fraction(13, 2)


def test_the_odds_shown_are_the_odds_rolled():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    option = _attack_on(battle, 1, 2)
    needed = option.odds.face_needed
    missed = battle.submit(Attack(1, target=2, faces=(needed - 1,)))
    assert [e.hit for e in missed.events if isinstance(e, Attacked)] == [False]
    battle.undo()
    hit = battle.submit(Attack(1, target=2, faces=(needed, 1)))
    assert [e.hit for e in hit.events if isinstance(e, Attacked)] == [True]


def test_a_refused_attack_says_why():
    knifer = unit(1, "veteran_soldier", "enemies", Hex(0, 0), weapon="knife")
    battle = battle_at([knifer, ANA], first=1, seed=3)
    option = _attack_on(battle, 1, 2)
    assert not option.allowed and option.refused == "melee weapons reach only an adjacent hex"


def test_move_options_are_the_reachable_hexes_with_cost_and_path():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    moves = {o.hex: o for o in battle.options(1).allowed("move") if isinstance(o, MoveOption)}
    assert Hex(3, 0) in moves and moves[Hex(3, 0)].cost == 3 and moves[Hex(3, 0)].path[-1] == Hex(3, 0)
    assert moves[Hex(3, 0)].action == Move(1, path=moves[Hex(3, 0)].path)
    assert Hex(4, 0) not in moves  # 4 hexes away: beyond a 10 m move


def test_overwatch_options_give_every_facings_wedge_and_any_angle_through_wedge():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    watches = [o for o in battle.options(1).allowed("overwatch") if isinstance(o, OverwatchOption)]
    assert [o.facing for o in watches] == list(range(6))
    east = watches[0]
    assert Hex(5, 0) in east.hexes and all(in_wedge(Hex(0, 0), 0, h) for h in east.hexes)
    assert east.action == SetOverwatch(1, facing=0)
    tilted = battle.wedge(1, angle=30.0)
    assert Hex(5, 0) in tilted and set(tilted) != set(east.hexes)


def test_a_grenade_options_spread_adds_up_to_certainty():
    thrower = unit(1, "grenadier", "enemies", Hex(0, 0))
    battle = battle_at([thrower, ANA], first=1, seed=3)
    throws = [o for o in battle.options(1).allowed("grenade") if isinstance(o, GrenadeOption)]
    at_ana = next(o for o in throws if o.at == Hex(5, 0))
    assert at_ana.target == 2 and at_ana.spread[0].hex == Hex(5, 0)
    assert at_ana.spread[0].chance == at_ana.odds.chance
    assert sum(landing.chance for landing in at_ana.spread) == 1
    assert all(Hex(5, 0) in landing.blast or landing.hex != Hex(5, 0) for landing in at_ana.spread)
    assert not battle.options(1).allowed("attack")


def test_an_open_overwatch_decision_comes_with_the_shot_and_its_odds():
    runner = unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana")
    battle = battle_at([SOLDIER, runner], first=1, seed=11, radius=8)
    battle.submit(SetOverwatch(1, facing=0))
    pass_turns_until(battle, 2)
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    answers = battle.options(1)
    assert answers.kinds() == ("overwatch_fire", "hold", "hold_for_move")
    shot = answers.of("overwatch_fire")[0]
    assert any(m.name == "overwatch" and m.value == -2 for m in shot.odds.bonus)
    assert battle.options(2).items == ()  # the mover waits


def test_off_turn_a_combatant_has_only_its_instant_actions():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    assert set(battle.options(2).kinds()) <= {"go_prone", "total_defense", "overwatch_fire"}
    assert "go_prone" in battle.options(2).kinds()


def test_the_log_can_be_read_from_an_index_on():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    seen = battle.log_length
    battle.submit(EndTurn(1))
    assert battle.log_since(seen) == tuple(battle.log[seen:])
    assert battle.log_since(0) == tuple(battle.log) and battle.log_since(battle.log_length) == ()


def test_the_combatant_views_show_what_a_token_needs():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    voss = battle.combatant(1)
    assert (voss.name, voss.side, voss.hex, voss.in_fight, voss.weapon, voss.rounds) == (
        "Sgt Voss", "enemies", Hex(0, 0), True, "combat_rifle", 30)
    battle.submit(SetOverwatch(1, facing=2))
    assert battle.combatant(1).overwatch == 2 and battle.combatant(1).facing == 2
    assert {s.id: s.camp for s in battle.sides()} == {"enemies": "enemies", "pcs": "pcs"}


@pytest.mark.parametrize("map_path", MAPS, ids=[m.stem for m in MAPS])
def test_every_allowed_option_is_accepted_and_every_refusal_is_the_engines(map_path):
    """Through a computer-played fight, at each step every option the facade offers is tried:
    allowed ones are accepted, refused ones are refused with the same reason."""
    battle = battle_from_map(map_path, seed=7)
    for step in range(80):
        if battle.state.ended:
            break
        actor = battle.pending().decider if battle.pending() else battle.current()
        allowed = battle.options(actor).allowed()
        by_kind: dict[str, list] = {}
        for option in allowed:
            by_kind.setdefault(option.kind, []).append(option)
        # Every kind, and the first, middle and last option of each (a map offers hundreds of moves).
        sample = {id(o): o for group in by_kind.values() for o in (group[0], group[len(group) // 2], group[-1])}
        for option in sample.values():
            outcome = battle.submit(option.action)
            assert outcome.accepted, (option, outcome.reason)
            battle.undo()
        battle.submit(choose_action(battle))


def test_a_refused_option_is_refused_by_submit_with_the_same_reason():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    battle.submit(Attack(1, target=2, faces=(2,)))
    again = _attack_on(battle, 1, 2)
    assert not again.allowed
    assert battle.submit(Attack(1, target=2)).reason == again.refused


def test_reading_the_log_from_any_index_agrees_with_the_whole_log_through_undo_and_redo():
    battle = battle_from_map(MAPS[0], seed=3)
    for _ in range(25):
        battle.submit(choose_action(battle))
    battle.undo(), battle.undo(), battle.redo()
    whole = tuple(battle.log)
    assert battle.log_length == len(whole)
    assert all(battle.log_since(i) == whole[i:] for i in range(len(whole) + 2))


# -- every kind of option, each offered where it applies and taken through its action ----------
def _kinds(battle, actor):
    return set(battle.options(actor).kinds())


def _take(battle, option):
    outcome = battle.submit(option.action)
    assert outcome.accepted, (option, outcome.reason)
    return outcome


def test_from_afar_a_soldier_may_move_attack_charge_jump_watch_and_brace():
    battle = battle_at([SOLDIER, unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")], first=1, seed=3)
    assert {"move", "attack", "aimed_attack", "burst_attack", "charge", "jump", "overwatch",
            "go_prone", "total_defense", "end_turn"} <= _kinds(battle, 1)
    charge = next(o for o in battle.options(1).allowed("charge"))
    assert charge.path[-1] == charge.hex and charge.odds.chance > 0 and charge.damage
    _take(battle, charge)


def test_next_to_an_enemy_a_pc_may_shove_and_disarm_with_each_outcomes_chance():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")
    rook = unit(2, "thug", "enemies", Hex(1, 0), name="Rook", weapon="semi_auto_pistol")
    battle = battle_at([ana, rook], first=1, seed=3)
    assert {"shove", "shove_as_move", "disarm"} <= _kinds(battle, 1)
    shove = battle.options(1).allowed("shove")[0]
    assert shove.to == Hex(2, 0) and shove.blocked == ""
    disarm = battle.options(1).allowed("disarm")[0]
    assert disarm.takes + disarm.drops + disarm.both_drop + disarm.nothing == disarm.odds.chance
    _take(battle, disarm)


def test_beside_an_ally_a_pc_may_protect_and_heal_and_a_fallen_one_may_be_stabilised():
    ana = unit(1, "pc_expert", "pcs", Hex(0, 0), name="Ana")
    ben = unit(2, "pc_warrior", "pcs", Hex(1, 0), name="Ben", hp=1)
    thug = unit(3, "thug", "enemies", Hex(6, 0))
    battle = battle_at([ana, ben, thug], first=3, seed=3)
    battle.submit(Attack(3, target=2))  # Ana may step in: she does not
    decline_prompts(battle, faces=(20, 5))  # then a natural 20 and 5 damage: Ben falls, mortally wounded
    pass_turns_until(battle, 1)
    stabilise = battle.options(1).allowed("stabilise")[0]
    assert stabilise.target == 2 and 0 < stabilise.chance < 1
    _take(battle, stabilise)


def test_a_heroic_pc_may_roll_its_fray_die_and_a_wounded_ally_may_be_healed():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")
    ben = unit(2, "pc_warrior", "pcs", Hex(1, 0), name="Ben")
    thug = unit(3, "thug", "enemies", Hex(0, 2))
    battle = battle_at([ana, ben, thug], first=3, seed=3, ruleset="swn-heroic")
    battle.submit(Attack(3, target=2))
    decline_prompts(battle, faces=(20, 5))
    pass_turns_until(battle, 1)
    assert {"fray_die", "focused_fray", "heal"} <= _kinds(battle, 1)
    heal = next(o for o in battle.options(1).allowed("heal") if o.target == 2)
    _take(battle, heal)


def test_intimidate_and_read_morale_come_with_their_chances():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")
    battle = battle_at([ana, unit(2, "thug", "enemies", Hex(0, 4))], first=1, seed=3)
    intimidate = battle.options(1).allowed("intimidate")[0]
    assert intimidate.side == "enemies" and 0 < intimidate.chance < 1
    reading = battle.options(1).allowed("read_morale")[0]
    assert 0 < reading.chance < 1
    _take(battle, reading)


def test_a_pc_who_took_a_weapon_may_ready_it():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")
    rook = unit(2, "thug", "enemies", Hex(1, 0), name="Rook", weapon="semi_auto_pistol")
    battle = battle_at([ana, rook], first=1, seed=3)
    # Win the disarm by 3 or more and take Rook's pistol: d20 20, then 6+6 against 1+1.
    assert battle.submit(Disarm(1, target=2, faces=(20, 6, 6, 1, 1))).accepted
    assert "ready_weapon" in _kinds(battle, 1) and "reload" in {o.kind for o in battle.options(1).items}
    ready = battle.options(1).allowed("ready_weapon")[0]
    assert ready.weapon == "semi_auto_pistol"
    _take(battle, ready)


def test_a_prone_combatant_is_offered_to_stand_and_not_to_move():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    battle.submit(GoProne(1))
    options = battle.options(1)
    assert "stand_up" in options.kinds() and "move" not in options.kinds()
    assert options.of("move")[0].refused == "stand up first (it takes the Move action)"


def test_a_checked_attack_is_planned_once_and_the_plan_is_handed_to_apply(monkeypatch):
    from game.systems import combat

    calls = []
    real = combat.plan_attack
    monkeypatch.setattr(combat, "plan_attack", lambda *a, **k: calls.append(a) or real(*a, **k))
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    assert battle.submit(Attack(1, target=2, faces=(2,))).accepted
    assert len(calls) == 1


def test_walking_options_are_the_move_options_the_constructors_make():
    from game.options import AT_HEX, walking_options

    reach = [(Hex(1, 0), 1, (Hex(1, 0),)), (Hex(2, -1), 3, (Hex(1, 0), Hex(2, -1)))]
    made = [MoveOption("move", Move(4, path=path), aim=AT_HEX, hex=hex_, cost=cost, path=path)
            for hex_, cost, path in reach]
    fast = walking_options(4, reach)
    assert fast == made and [hash(o) for o in fast] == [hash(o) for o in made]
    assert [repr(o) for o in fast] == [repr(o) for o in made]
    assert fast[1].action.reason == "" and fast[1].action.faces == () and fast[1].hexes == ()


def test_an_attack_taken_from_the_options_is_not_planned_again_and_rolls_as_one_checked_afresh(monkeypatch):
    from game.systems import combat

    calls = []
    real = combat.plan_attack
    monkeypatch.setattr(combat, "plan_attack", lambda *a, **k: calls.append(a) or real(*a, **k))
    fresh, reused = battle_at([SOLDIER, ANA], first=1, seed=3), battle_at([SOLDIER, ANA], first=1, seed=3)
    action = _attack_on(reused, 1, 2).action
    planned = len(calls)
    assert reused.submit(action).accepted and len(calls) == planned  # the options' plan, not a new one
    assert fresh.submit(Attack(1, target=2)).accepted
    assert reused.state == fresh.state and reused.log == fresh.log


def test_an_attack_after_the_state_changed_is_checked_afresh():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    action = _attack_on(battle, 1, 2).action
    assert battle.submit(GoProne(1)).accepted and battle.submit(action).accepted
    outcome = battle.submit(action)  # the Main action is spent now: refused, not the old plan
    assert not outcome.accepted and "main" in outcome.reason.lower()


def test_slot_maker_makes_the_values_the_constructor_makes_and_refuses_a_wrong_count():
    from game.options import AT_TARGET, Odds, slot_maker

    make = slot_maker(AttackOption)
    odds = Odds(Fraction(1, 2), 11, (), (), source="SWN core, attack rolls")
    fast = make("attack", Attack(1, target=2), "", AT_TARGET, 2, "rifle", odds, None, 3, "1d10", Fraction(11, 4), (),
                "SWN core, damage")
    made = AttackOption("attack", Attack(1, target=2), aim=AT_TARGET, target=2, weapon="rifle", odds=odds, armor=3,
                        damage="1d10", expected_damage=Fraction(11, 4), damage_source="SWN core, damage")
    assert fast == made and hash(fast) == hash(made) and repr(fast) == repr(made)
    with pytest.raises(TypeError, match="takes 13 values, not 2"):
        make("attack", None)


def test_slot_maker_refuses_a_class_that_checks_its_values():
    from dataclasses import dataclass

    from game.options import slot_maker

    @dataclass(frozen=True, slots=True)
    class Checked:
        value: int

        def __post_init__(self):
            if self.value < 0:
                raise ValueError("negative")

    with pytest.raises(TypeError, match="__post_init__"):
        slot_maker(Checked)


def _keyword_view(scene, entity, map_facing):
    """A combatant's view through CombatantView's own constructor, field by field by name."""
    from game.components import (Allegiance, Armament, Carried, Guarding, Health, Hidden, Identity, Initiative,
                                 Overwatch, Prone, Squad, Stats, TotalDefense)
    from game.systems.footprint import footprint
    from game.systems.roster import _actions_left, _dies_in, _down, _hero_points, _notes
    from game.systems.scene import hex_of, in_the_fight
    from game.systems.sight import shielding
    from game.views import CombatantView

    world = scene.world
    identity, stats, health = world.get(entity, Identity), world.get(entity, Stats), world.get(entity, Health)
    armament = world.get(entity, Armament)
    weapon = scene.setup.catalog.weapons.get(armament.weapon) if armament.weapon else None
    watch, squad = world.try_get(entity, Overwatch), world.try_get(entity, Squad)
    guarding, initiative = world.try_get(entity, Guarding), world.try_get(entity, Initiative)
    carried = world.try_get(entity, Carried)
    return CombatantView(
        id=entity, name=identity.name, side=world.get(entity, Allegiance).side, kind=identity.kind,
        unit_type=identity.unit_type, object_id=identity.object_id, hex=hex_of(world, entity),
        in_fight=in_the_fight(world, entity), health=health.current, health_max=health.maximum, unit=health.unit,
        ac=stats.ac, armor=stats.armor, move_hexes=stats.move_hexes, weapon=armament.weapon,
        weapon_name=weapon.name if weapon else "bare hands", rounds=armament.rounds,
        magazine=weapon.magazine if weapon else 0, carried=carried.weapons if carried else (),
        prone=world.has(entity, Prone), total_defense=world.has(entity, TotalDefense),
        overwatch=watch.facing if watch else None, overwatch_angle=watch.angle if watch else None,
        guarding=guarding.ally if guarding else None, shielding=shielding(scene, entity) is not None,
        disarmed=armament.weapon is None and identity.kind in ("pc", "npc"), down=_down(scene, entity),
        squad_units=squad.units if squad else None, squad_max=squad.max_units if squad else None,
        initiative=initiative.score if initiative else None,
        facing=watch.facing if watch else map_facing, morale_immune=stats.immune_to_morale,
        hidden=world.has(entity, Hidden), footprint=footprint(world, entity), hero_points=_hero_points(scene, entity),
        notes=_notes(world, entity), actions_left=_actions_left(world, entity),
        dies_in=_dies_in(scene, entity))


@pytest.mark.parametrize("name", ["relay_station_ambush", "squad_ridge", "dust_market", "kessler_ford"])
def test_a_combatants_view_is_the_one_its_constructor_makes_all_through_a_fight(name):
    from game.components import Identity, Stats
    from game.systems import roster

    battle = battle_from_map(next(p for p in MAPS if p.stem == name), seed=5)
    facings = roster.map_facings(battle.scenario)
    for _ in range(40):
        if battle.state.ended:
            break
        scene = battle._scene(battle.state)
        for entity, identity in scene.world.query(Identity):
            if scene.world.has(entity, Stats):
                facing = facings.get(identity.object_id)
                assert roster.combatant(scene, entity, facing) == _keyword_view(scene, entity, facing)
        assert battle.submit(choose_action(battle)).accepted

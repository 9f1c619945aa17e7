"""Seed 002 Grenades & Cover through the facade: the throw, the scatter, the blast, saves, cover."""

from dataclasses import replace
from fractions import Fraction
from types import MappingProxyType

from game.actions import Attack, DefendTotally, EndTurn, GoProne, ShieldAllies, ThrowGrenade
from game.battle import Battle
from game.components import Armament, Dead, Health
from game.hexgrid import Hex
from game.rules.catalog import Catalog, load_catalog
from game.scenario.model import Terrain
from game.events import Exploded
from game.systems.rulesets.swn.grenades import grenade_options, grenade_preview

from kit import SMOKE, WALL, battle_at, pass_turns_until, texts, unit
from kit import scene_of

SANDBAGS = Terrain("sandbag wall", move_cost=2, material="thick_stone")  # 8 vs TL3: stops a frag

# Ana throws with +3 attack bonus +1 STR (Exert 0): a throw at AC 10 hits on 6 or better.
ANA = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="frag_grenade")


def _battle(units, first: int = 1, catalog: Catalog | None = None, **kwargs) -> Battle:
    return battle_at(units, first, seed=3, catalog=catalog, **kwargs)


_texts = texts


def _hp(battle, entity) -> int:
    return battle.world.get(entity, Health).current


def _catalog_with(**weapons) -> Catalog:
    catalog = load_catalog()
    table = dict(catalog.weapons)
    table.update(weapons)
    return Catalog(MappingProxyType(table), catalog.unit_types, catalog.materials, catalog.concealment)


THUG_AND_FRIEND = [ANA, unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=10),
                   unit(3, "pc_expert", "pcs", Hex(3, 1), name="Bo"),
                   unit(4, "thug", "enemies", Hex(6, 0), name="Kell", hp=10)]


def test_grenade_at_a_thug_in_the_open_is_against_ac_10_whatever_its_own_ac():
    preview = grenade_preview(scene_of(_battle(THUG_AND_FRIEND)), 1, Hex(3, 0))
    assert preview.setup.target_ac == 10 and preview.target == 2
    assert preview.chance == Fraction(15, 20)  # d20 + 4 >= 10: faces 6..20


def test_the_preview_shows_the_landing_hex_its_six_neighbours_and_who_is_in_them():
    preview = grenade_preview(scene_of(_battle(THUG_AND_FRIEND)), 1, Hex(3, 0))
    assert len(preview.blast) == 7 and Hex(3, 0) in preview.blast and Hex(4, -1) in preview.blast
    assert preview.caught == (2, 3)  # friend or foe; Kell two hexes away is spared


def test_grenade_at_a_target_in_heavy_smoke_is_against_ac_10_plus_4():
    units = [ANA, unit(2, "thug", "enemies", Hex(3, 0))]
    battle = _battle(units, terrain={Hex(3, 0): SMOKE, Hex(3, -1): SMOKE})
    assert grenade_preview(scene_of(battle), 1, Hex(3, 0)).setup.concealment == 4
    assert grenade_preview(scene_of(battle), 1, Hex(3, 0)).chance == Fraction(11, 20)
    empty = grenade_preview(scene_of(battle), 1, Hex(3, -1))  # nobody there: no concealment counts
    assert empty.target is None and empty.chance == Fraction(15, 20)


def test_grenade_at_a_prone_target_at_range_adds_partly_obscured():
    units = [ANA, unit(2, "thug", "enemies", Hex(3, 0))]
    battle = _battle(units, first=2)
    battle.submit(GoProne(2))
    battle.submit(EndTurn(2))
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    assert grenade_preview(scene_of(battle), 1, Hex(3, 0)).setup.concealment == 2


def test_beyond_10_metres_the_throw_is_at_long_range_minus_2():
    units = [ANA, unit(2, "thug", "enemies", Hex(5, 0))]
    preview = grenade_preview(scene_of(_battle(units)), 1, Hex(5, 0))
    assert [(m.name, m.value) for m in preview.setup.situational] == [("long range", -2)]


def test_a_hit_lands_on_the_hex_one_damage_roll_and_each_victim_saves_for_half():
    battle = _battle(THUG_AND_FRIEND)
    # d20 10: hit; 2d6 [4, 3] = 7; Rook saves vs 15 (1 HD NPC) with 12: fails; Bo vs 12
    # (PC: 16 - level 3 - Dex/Int 1) with 12: saves, takes 3.
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 4, 3, 12, 12))))
    assert "Ana throws a frag grenade at col 3, row 0 (Rook there): d20 10 +3 attack bonus +1 STR = 14 vs 10: hit." in texts
    assert "The frag grenade explodes at col 3, row 0: 2d6: [4, 3] = 7 damage." in texts
    assert "Rook is caught in the blast: Evasion save d20 12 vs 15: failed; takes 7." in texts
    assert "Bo is caught in the blast: Evasion save d20 12 vs 12: saved; takes 3." in texts
    assert (_hp(battle, 2), _hp(battle, 3), _hp(battle, 4)) == (3, 12 - 3, 10)


def test_the_explosion_event_carries_the_blast_hexes_for_the_window():
    battle = _battle(THUG_AND_FRIEND)
    outcome = battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 4, 3, 12, 12)))
    blast = next(e for e in outcome.events if isinstance(e, Exploded))
    assert blast.hex == Hex(3, 0) and len(blast.blast) == 7 and blast.actor == 1


def test_a_miss_scatters_1d3_hexes_in_direction_1d6_minus_1_and_can_catch_the_thrower():
    battle = _battle(THUG_AND_FRIEND)
    # d20 2: miss; 1d3 = 2 hexes; 1d6 = 4: direction 3 (-1, 0): from (3, 0) to (1, 0), next to Ana.
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(2, 2, 4, 6, 6, 5))))
    assert ("The throw misses: it scatters 1d3: [2] = 2 hexes in direction 1d6: [4] = 4 (west) "
            "and comes down at col 1, row 0.") in texts
    assert "Ana is caught in the blast: Evasion save d20 5 vs 12: failed; takes 12." in texts
    assert (_hp(battle, 1), _hp(battle, 2)) == (18 - 12, 10)


def test_a_scatter_that_would_leave_the_map_stops_on_its_edge():
    units = [ANA, unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=10)]
    battle = _battle(units, radius=3)
    # Miss, 3 hexes in direction 0: (4, 0) is off the map, so it comes down on Rook's hex.
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(2, 3, 1, 3, 3, 2))))
    assert any(t.endswith("comes down at col 3, row 0, stopped by the edge of the map.") for t in texts)
    assert "Rook is caught in the blast: Evasion save d20 2 vs 15: failed; takes 6." in texts


def test_a_scatter_stops_short_of_a_wall_instead_of_passing_through():
    units = [ANA, unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=10),
             unit(3, "thug", "enemies", Hex(6, 0), name="Kell", hp=10)]
    battle = _battle(units, terrain={Hex(5, 0): WALL})
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(2, 3, 1, 3, 3, 2))))
    assert any(t.endswith("comes down at col 4, row 0, stopped by concrete wall.") for t in texts)
    assert _hp(battle, 2) == 10 - 6 and _hp(battle, 3) == 10  # Kell, behind the wall, is spared


def test_the_target_of_a_hit_ignores_its_cover_but_a_neighbour_keeps_its_own():
    units = [ANA, unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=12),
             unit(3, "thug", "enemies", Hex(4, 0), name="Kell", hp=12)]
    battle = _battle(units, terrain={Hex(3, 0): SANDBAGS, Hex(4, 0): SANDBAGS})
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 6, 5, 2, 2))))
    assert "Rook is caught in the blast: Evasion save d20 2 vs 15: failed; takes 11." in texts
    assert "Kell is caught in the blast: Evasion save d20 2 vs 15: failed; takes 3 after armor 8." in texts
    assert (_hp(battle, 2), _hp(battle, 3)) == (1, 9)


def test_a_miss_landing_beside_a_target_behind_sandbags_lets_the_sandbags_stop_8():
    units = [ANA, unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=12)]
    battle = _battle(units, terrain={Hex(3, 0): SANDBAGS})
    # Miss: 1 hex in direction 0, to (4, 0); Rook is now a neighbour with his sandbags between.
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(2, 1, 1, 6, 5, 2))))
    assert "Rook is caught in the blast: Evasion save d20 2 vs 15: failed; takes 3 after armor 8." in texts


def test_a_wall_inside_a_larger_blast_shields_whoever_is_behind_it():
    charge = replace(load_catalog().weapons["frag_grenade"], id="demo_charge", name="Demolition charge",
                     blast_radius_m=6)  # 6 m: two rings of hexes
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="demo_charge"),
             unit(2, "thug", "enemies", Hex(6, 0), name="Rook", hp=10),
             unit(3, "thug", "enemies", Hex(4, 2), name="Kell", hp=10)]
    battle = _battle(units, catalog=_catalog_with(demo_charge=charge), terrain={Hex(4, 1): WALL}, radius=8)
    preview = grenade_preview(scene_of(battle), 1, Hex(4, 0))
    assert preview.caught == (2,) and Hex(4, 2) not in preview.blast and Hex(6, 0) in preview.blast
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(4, 0), faces=(10, 3, 3, 2))))
    assert (_hp(battle, 2), _hp(battle, 3)) == (4, 10)
    assert not any(t.startswith("Kell") for t in texts)


def test_vehicles_take_the_blast_straight_through_their_armor_and_make_no_save():
    units = [ANA, unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=12),
             unit(3, "ground_car", "enemies", Hex(4, 0), name="Car")]
    battle = _battle(units)
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 6, 5, 2))))
    assert "Car is caught in the blast: takes 5 after armor 6." in texts
    assert _hp(battle, 3) == 30 - 5


def test_a_blast_that_catches_nobody_rolls_no_damage():
    units = [ANA, unit(2, "thug", "enemies", Hex(-4, 0))]
    battle = _battle(units)
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(4, 0), faces=(12,))))
    assert "The frag grenade explodes at col 4, row 0, catching nobody." in texts


def test_the_grenade_is_used_up_and_the_hand_is_empty_after_the_last_one():
    battle = _battle(THUG_AND_FRIEND)
    battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 4, 3, 12, 12)))
    assert battle.world.get(1, Armament) == Armament(None, 0)


def test_a_grenadier_carrying_three_counts_them_down_in_rounds():
    frag = replace(load_catalog().weapons["frag_grenade"], magazine=3)
    battle = _battle(THUG_AND_FRIEND, catalog=_catalog_with(frag_grenade=frag))
    assert battle.world.get(1, Armament) == Armament("frag_grenade", 3)
    battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 4, 3, 12, 12)))
    assert battle.world.get(1, Armament) == Armament("frag_grenade", 2)


def test_refused_throws_change_nothing():
    units = [ANA, unit(2, "thug", "enemies", Hex(4, 0)), unit(3, "thug", "enemies", Hex(-3, 0))]
    battle = _battle(units, terrain={Hex(2, 0): WALL, Hex(0, 3): WALL}, radius=12)
    before = battle.state
    refusals = {
        Hex(11, -11): "out of range (33 m; Frag grenade reaches 30 m)",
        Hex(4, 0): "no line of sight (blocked at col 2, row 0)",
        Hex(20, 0): "col 20, row 0 is not on the map",
        Hex(0, 3): "a frag grenade cannot land inside concrete wall",
    }
    for at, reason in refusals.items():
        assert battle.submit(ThrowGrenade(1, at=at)).reason == reason
        assert isinstance(grenade_preview(scene_of(battle), 1, at), str)
    assert battle.state is before
    battle.submit(DefendTotally(1))
    assert battle.submit(ThrowGrenade(1, at=Hex(-3, 0))).reason == "the Main action is already used this turn"


def test_a_grenade_is_thrown_at_a_hex_not_fired_at_a_target():
    battle = _battle(THUG_AND_FRIEND)
    assert battle.submit(Attack(1, target=2)).reason == "a Frag grenade is thrown at a hex, not fired at a target"


def test_without_a_grenade_in_hand_there_is_nothing_to_throw():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(3, 0))]
    battle = _battle(units)
    assert battle.submit(ThrowGrenade(1, at=Hex(3, 0))).reason == "no grenade or other area weapon in hand"
    assert grenade_options(scene_of(battle), 1) == {}


def test_the_throw_overlay_lists_every_hex_in_reach_and_sight():
    units = [ANA, unit(2, "thug", "enemies", Hex(4, 0))]
    options = grenade_options(scene_of(_battle(units, terrain={Hex(2, 0): WALL}, radius=12)), 1)
    assert Hex(10, 0) not in options and Hex(0, 10) in options and Hex(0, 11) not in options
    assert Hex(4, 0) not in options and Hex(2, 0) not in options  # behind the wall; the wall itself
    assert options[Hex(0, 10)].chance == Fraction(13, 20)  # long range -2


def test_undo_takes_the_throw_back_and_redo_puts_it_back_without_rerolling():
    battle = _battle(THUG_AND_FRIEND)
    before = battle.world.snapshot()
    battle.submit(ThrowGrenade(1, at=Hex(3, 0)))
    after = battle.world.snapshot()
    assert battle.undo() and battle.world == before
    assert battle.redo() and battle.world == after


def test_a_fallen_pc_caught_in_a_blast_is_hurt_again_and_dies():
    # SWN core: a PC at 0 HP who is hurt again dies; lying there, the PC makes no Evasion save.
    units = [unit(1, "thug", "enemies", Hex(0, 0), name="Rook"),
             unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Kit", hp=1),
             unit(3, "grenadier", "enemies", Hex(0, 2), name="Boomer"),
             unit(4, "pc_expert", "pcs", Hex(-5, 0), name="Mira")]
    battle = _battle(units, first=1)
    battle.submit(Attack(1, target=2, faces=(20, 3)))
    pass_turns_until(battle, 3)
    lines = _texts(battle.submit(ThrowGrenade(3, at=Hex(3, 0), faces=(15, 3, 3))))
    assert "Kit is caught in the blast: takes 6." in lines
    assert battle.world.has(2, Dead)


def test_a_shielding_mech_between_thrower_and_target_conceals_the_target():
    units = [unit(1, "suit_mech", "pcs", Hex(1, 0), name="Bulwark"),
             unit(2, "pc_warrior", "pcs", Hex(0, 0), name="Kit"),
             unit(3, "pc_warrior", "enemies", Hex(4, 0), name="Ana", weapon="frag_grenade")]
    battle = _battle(units, first=3)
    open_odds = grenade_preview(scene_of(battle), 3, Hex(0, 0)).chance
    pass_turns_until(battle, 1)
    assert battle.submit(ShieldAllies(1)).accepted
    pass_turns_until(battle, 3)
    shielded = grenade_preview(scene_of(battle), 3, Hex(0, 0))
    assert shielded.setup.concealment == 2 and shielded.chance == open_odds - Fraction(2, 20)

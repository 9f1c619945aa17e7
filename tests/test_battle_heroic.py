"""Seed 000 Heroic Combat through the facade: overflow, area damage, the Fray Die, Focused Fray."""

from game.actions import Attack, EndTurn, FocusedFray, FrayDie, ThrowGrenade
from game.battle import Battle
from game.components import Armament, Dead, Health, TurnBudget
from game.hexgrid import Hex
from game.systems.rulesets.swn.fray import fray_options

from kit import FOREST, SMOKE, WALL, battle_at, texts, unit
from kit import scene_of

# Ana: a level 3 warrior, +3 attack bonus and Shoot 1; Dex 0 so the damage is the weapon's own.
ANA = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="mag_rifle", dex=0)


def _battle(units, first: int = 1, ruleset: str = "swn-heroic", **kwargs) -> Battle:
    return battle_at(units, first, seed=5, ruleset=ruleset, **kwargs)


_texts = texts


def _hd(battle, entity) -> int:
    return battle.world.get(entity, Health).current


def _next_round(battle, actor: int) -> None:
    battle.submit(EndTurn(actor))
    while battle.current() != actor:
        battle.submit(EndTurn(battle.current()))


# --- Heroic damage and overflow ---------------------------------------------------------------


def test_heroic_mag_rifle_rolling_5_and_2_deals_3_and_drops_a_3_hd_veteran_soldier():
    units = [ANA, unit(2, "veteran_soldier", "enemies", Hex(4, 0), name="Voss", hd=3)]
    battle = _battle(units)
    texts = _texts(battle.submit(Attack(1, target=2, faces=(12, 5, 2))))
    assert any(t.endswith("heroic reading 7 -> 2, 2 -> 1 = 3 points") for t in texts)
    assert "Voss takes 3: 3 -> 0 HD, down." in texts
    assert battle.world.has(2, Dead)


THUGS = [ANA,
         unit(2, "thug", "enemies", Hex(4, 0), name="Rook"),
         unit(3, "thug", "enemies", Hex(2, 0), name="Brass", ac=17),
         unit(4, "thug", "enemies", Hex(0, -5), name="Kell"),
         unit(5, "thug", "enemies", Hex(0, 6), name="Mott"),
         unit(6, "thug", "enemies", Hex(7, 0), name="Pike")]


def test_heroic_ac16_roll_overflows_through_three_1_hd_thugs():
    battle = _battle(THUGS, radius=8)
    # d20 12 +3 +1 Shoot = 16 vs Rook's AC 12; 3 points drop Rook's 1 HD with 2 to spare.
    texts = _texts(battle.submit(Attack(1, target=2, faces=(12, 5, 2))))
    assert "Rook takes 3: 1 -> 0 HD, down (2 to spare)." in texts
    assert "Overflow: Ana's mag rifle shot carries 1 spare point on to Kell (needs 12, the roll made 16)." in texts
    assert "Overflow: Ana's mag rifle shot carries 1 spare point on to Mott (needs 12, the roll made 16)." in texts
    assert [battle.world.has(e, Dead) for e in (2, 3, 4, 5, 6)] == [True, False, True, True, False]
    # Brass (AC 17) is nearest but beyond the roll; Pike is next in line but the points ran out.


def test_overflow_counts_the_concealment_the_attacker_sees():
    units = [ANA, unit(2, "thug", "enemies", Hex(4, 0), name="Rook"),
             unit(3, "thug", "enemies", Hex(0, 2), name="Brass", ac=13),
             unit(4, "thug", "enemies", Hex(0, 3), name="Kell"),
             unit(5, "thug", "enemies", Hex(-6, 0), name="Pike", hd=3)]
    battle = _battle(units, terrain={Hex(0, 2): FOREST, Hex(0, 3): SMOKE})
    texts = _texts(battle.submit(Attack(1, target=2, faces=(12, 5, 2))))
    # Brass needs 13 + 4 (forest) = 17: passed over; Kell needs 12 + 4 (smoke) = 16: reached.
    assert "Overflow: Ana's mag rifle shot carries 1 spare point on to Kell (needs 16, the roll made 16)." in texts
    assert (_hd(battle, 3), _hd(battle, 4)) == (1, 0)
    # The last spare point wounds Pike's 3 HD without dropping him.
    assert "Overflow: Ana's mag rifle shot carries 1 spare point on to Pike (needs 12, the roll made 16)." in texts
    assert _hd(battle, 5) == 2 and not battle.world.has(5, Dead)


def test_overflow_needs_the_weapons_range_and_a_line_of_fire():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="shotgun", dex=0),
             unit(2, "thug", "enemies", Hex(2, 0), name="Rook"),
             unit(3, "thug", "enemies", Hex(0, 4), name="Brass"),
             unit(4, "thug", "enemies", Hex(-11, 0), name="Kell"),
             unit(5, "thug", "enemies", Hex(0, -9), name="Mott")]
    battle = _battle(units, terrain={Hex(0, 2): WALL}, radius=12)
    # Shotgun 3d4 [4, 4, 4]: 1 + 1 + 1 = 3 points; Brass is behind a wall, Kell 33 m off (30 m max).
    texts = _texts(battle.submit(Attack(1, target=2, faces=(10, 4, 4, 4))))
    assert [battle.world.has(e, Dead) for e in (2, 3, 4, 5)] == [True, False, False, True]
    assert "Overflow: Ana's shotgun shot has 1 spare point left that no other target can take." in texts


def test_no_overflow_in_ordinary_combat():
    units = [ANA, unit(2, "thug", "enemies", Hex(4, 0), name="Rook", hp=1),
             unit(3, "thug", "enemies", Hex(0, 5), name="Kell", hp=1)]
    battle = _battle(units, ruleset="swn")
    texts = _texts(battle.submit(Attack(1, target=2, faces=(12, 5, 2))))
    assert "Rook takes 9: 1 -> 0 HP, down (8 to spare)." in texts
    assert not any("Overflow" in t for t in texts) and _hd(battle, 3) == 1


def test_vehicles_neither_take_nor_give_overflow():
    units = [ANA, unit(2, "thug", "enemies", Hex(4, 0), name="Rook"),
             unit(3, "ground_car", "enemies", Hex(2, 0), name="Car", hp=1),
             unit(4, "thug", "enemies", Hex(0, 5), name="Kell")]
    battle = _battle(units)
    battle.submit(Attack(1, target=2, faces=(12, 5, 2)))
    assert _hd(battle, 3) == 1 and _hd(battle, 4) == 0  # the car is nearer, but passed over
    battle = _battle(units)
    texts = _texts(battle.submit(Attack(1, target=3, faces=(12, 5, 2))))  # 2d8+2 = 9 - 6 armor, read straight
    assert battle.world.has(3, Dead) and not any("Overflow" in t for t in texts)
    assert (_hd(battle, 2), _hd(battle, 4)) == (1, 1)


def test_heroic_grenade_reading_2_points_wipes_out_normal_soldiers_but_does_not_overflow():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="frag_grenade"),
             unit(2, "thug", "enemies", Hex(3, 0), name="Rook"),
             unit(3, "thug", "enemies", Hex(4, 0), name="Kell"),
             unit(4, "veteran_soldier", "enemies", Hex(3, 1), name="Voss", hd=3),
             unit(5, "thug", "enemies", Hex(5, 0), name="Pike")]
    battle = _battle(units)
    # 2d6 [4, 3]: 1 + 1 = 2 points for each victim; every save fails.
    texts = _texts(battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 4, 3, 2, 2, 2))))
    assert "Rook is caught in the blast: heroic reading 4 -> 1, 3 -> 1 = 2 points; " \
           "Evasion save d20 2 vs 15: failed; takes 2." in texts
    assert battle.world.has(2, Dead) and battle.world.has(3, Dead)
    assert _hd(battle, 4) == 1 and _hd(battle, 5) == 1  # the spare points go nowhere
    assert not any("Overflow" in t for t in texts)


def test_a_heroic_blast_halves_the_points_on_a_save():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="frag_grenade"),
             unit(2, "veteran_soldier", "enemies", Hex(3, 0), name="Voss", hd=3)]
    battle = _battle(units)
    battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 6, 6, 18)))  # 2 + 2 = 4, saved: 2
    assert _hd(battle, 2) == 1


# --- The Fray Die ------------------------------------------------------------------------------

WARRIOR = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")  # Fray Die 1d8, combat rifle


def test_fray_die_d8_rolling_7_drops_a_2_hd_soldier_on_turn_without_main_move_or_rounds():
    battle = _battle([WARRIOR, unit(2, "veteran_soldier", "enemies", Hex(5, 0), name="Voss")])
    texts = _texts(battle.submit(FrayDie(1, target=2, faces=(7,))))
    assert "Ana rolls the Fray Die on Voss: 1d8: [7] = 7" in texts  # never modified: no STR, no Shoot
    assert "Heroic reading 7 -> 2 = 2 points." in texts
    assert battle.world.has(2, Dead)
    assert battle.world.get(1, TurnBudget) == TurnBudget(main=True, move=True, fray_used=True)
    assert battle.world.get(1, Armament).rounds == 30


def test_the_fray_die_is_once_a_round():
    units = [WARRIOR, unit(2, "veteran_soldier", "enemies", Hex(5, 0), name="Voss", hd=2),
             unit(3, "thug", "enemies", Hex(-5, 0), name="Rook", hp=5, hd=9)]
    battle = _battle(units)
    battle.submit(FrayDie(1, target=2, faces=(3,)))
    assert battle.submit(FrayDie(1, target=2, faces=(3,))).reason == "the Fray Die was already used this round"
    _next_round(battle, 1)
    assert battle.submit(FrayDie(1, target=2, faces=(3,))).accepted
    assert _hd(battle, 2) == 0


def test_the_fray_die_is_an_on_turn_action():
    units = [WARRIOR, unit(2, "pc_expert", "pcs", Hex(0, 2), name="Bo"),
             unit(3, "thug", "enemies", Hex(3, 0), name="Rook")]
    battle = _battle(units)
    assert battle.submit(FrayDie(2, target=3)).reason == "it is not that combatant's turn"


def test_the_fray_die_only_reaches_lesser_foes():
    units = [WARRIOR, unit(2, "elite_trooper", "enemies", Hex(3, 0), name="Trooper"),
             unit(3, "veteran_soldier", "enemies", Hex(4, 0), name="Captain", hd=4),
             unit(4, "pc_expert", "rivals", Hex(5, 0), name="Rival")]
    battle = _battle(units)
    before = battle.state
    assert battle.submit(FrayDie(1, target=3)).reason == "only lesser foes can be hit by this Fray Die"
    assert battle.submit(FrayDie(1, target=4)).reason == "only lesser foes can be hit by this Fray Die"
    assert battle.state is before
    assert dict(fray_options(scene_of(battle), 1)) == {
        2: None, 3: "only lesser foes can be hit by this Fray Die", 4: "only lesser foes can be hit by this Fray Die"}
    assert battle.submit(FrayDie(1, target=2, faces=(1,))).accepted  # HD 3 vs level 3: a lesser foe


def test_a_psychic_fray_die_reaches_30_metres_and_worthy_foes():
    units = [unit(1, "pc_psychic", "pcs", Hex(0, 0), name="Sera", weapon="knife"),
             unit(2, "veteran_soldier", "enemies", Hex(10, 0), name="Captain", hd=5),
             unit(3, "veteran_soldier", "enemies", Hex(-11, 0), name="Voss")]
    battle = _battle(units, radius=12)
    assert battle.submit(FrayDie(1, target=3)).reason == "the target is out of reach"
    texts = _texts(battle.submit(FrayDie(1, target=2, faces=(6,))))
    assert "Captain takes 2: 5 -> 3 HD." in texts


def test_a_warrior_with_a_knife_frays_only_foes_next_to_her():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="knife"),
             unit(2, "thug", "enemies", Hex(2, 0), name="Rook"),
             unit(3, "thug", "enemies", Hex(0, 1), name="Kell")]
    battle = _battle(units)
    assert battle.submit(FrayDie(1, target=2)).reason == "the target is out of reach"
    assert battle.submit(FrayDie(1, target=3, faces=(2,))).accepted


def test_a_gun_out_of_ammunition_frays_only_as_far_as_fists():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="shotgun"),
             unit(2, "thug", "enemies", Hex(3, 0), name="Rook", ac=30),
             unit(3, "thug", "enemies", Hex(0, 1), name="Kell", ac=30)]
    battle = _battle(units)
    battle.submit(Attack(1, target=2, faces=(2,)))
    _next_round(battle, 1)
    battle.submit(Attack(1, target=2, faces=(2,)))
    assert battle.world.get(1, Armament).rounds == 0
    assert battle.submit(FrayDie(1, target=2)).reason == "the target is out of reach"
    assert battle.submit(FrayDie(1, target=3, faces=(2,))).accepted


def test_fray_die_overflow_goes_to_other_lesser_foes_in_reach_whatever_their_ac():
    units = [WARRIOR, unit(2, "thug", "enemies", Hex(3, 0), name="Rook"),
             unit(3, "veteran_soldier", "enemies", Hex(2, 0), name="Captain", hd=4),
             unit(4, "thug", "enemies", Hex(0, 4), name="Kell", ac=25),
             unit(5, "thug", "enemies", Hex(0, 5), name="Pike")]
    battle = _battle(units)
    texts = _texts(battle.submit(FrayDie(1, target=2, faces=(8,))))  # 2 points: 1 to spare
    assert "Overflow: Ana's Fray Die carries 1 spare point on to Kell." in texts
    assert [_hd(battle, e) for e in (2, 3, 4, 5)] == [0, 4, 0, 1]


def test_fray_die_belongs_to_heroic_combat_only():
    battle = _battle([WARRIOR, unit(2, "thug", "enemies", Hex(3, 0))], ruleset="swn")
    before = battle.state
    assert battle.submit(FrayDie(1, target=2)).reason == \
        "the Fray Die belongs to heroic combat (ruleset swn-heroic), not 'swn'"
    assert battle.submit(FocusedFray(1, target=2)).reason.startswith("the Fray Die belongs to heroic combat")
    assert battle.state is before


def test_only_a_pc_with_a_fray_die_rolls_one_and_it_is_never_modified():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", fray_die=None),
             unit(2, "thug", "enemies", Hex(3, 0), name="Rook", fray_die="1d6"),
             unit(3, "pc_expert", "pcs", Hex(-3, 0), name="Bo", fray_die="1d6+1")]
    battle = _battle(units)
    assert battle.submit(FrayDie(1, target=2)).reason == "only a heroic PC with a Fray Die can roll one"
    _next_round(battle, 2)
    assert battle.submit(FrayDie(2, target=1)).reason == "only a heroic PC with a Fray Die can roll one"
    _next_round(battle, 3)
    assert battle.submit(FrayDie(3, target=2)).reason == "a Fray Die is never modified: make the stat '1d6+1' dice alone"


def test_focused_fray_takes_the_main_action_hits_any_foe_and_is_the_rounds_fray_die():
    units = [WARRIOR, unit(2, "veteran_soldier", "enemies", Hex(4, 0), name="Captain", hd=5),
             unit(3, "thug", "enemies", Hex(-4, 0), name="Rook")]
    battle = _battle(units)
    texts = _texts(battle.submit(FocusedFray(1, target=2, faces=(8,))))
    assert "Ana rolls the Focused Fray on Captain: 1d8: [8] = 8" in texts
    assert _hd(battle, 2) == 3
    assert battle.world.get(1, TurnBudget) == TurnBudget(main=False, move=True, fray_used=True)
    assert battle.submit(FrayDie(1, target=3)).reason == "the Fray Die was already used this round"
    _next_round(battle, 1)
    battle.submit(FrayDie(1, target=3, faces=(2,)))
    assert battle.submit(FocusedFray(1, target=2)).reason == "the Fray Die was already used this round"


def test_focused_fray_overflow_may_reach_worthy_foes():
    units = [WARRIOR, unit(2, "thug", "enemies", Hex(3, 0), name="Rook"),
             unit(3, "veteran_soldier", "enemies", Hex(2, 0), name="Captain", hd=5)]
    battle = _battle(units)
    battle.submit(FocusedFray(1, target=2, faces=(8,)))
    assert _hd(battle, 3) == 4


def test_focused_fray_on_a_vehicle_is_read_straight_through_its_armor():
    battle = _battle([WARRIOR, unit(2, "ground_car", "enemies", Hex(3, 0), name="Car")])
    texts = _texts(battle.submit(FocusedFray(1, target=2, faces=(8,))))
    assert "Against a vehicle the roll is read straight: 8 - 6 armor = 2." in texts
    assert _hd(battle, 2) == 28


def test_a_fray_die_needs_line_of_sight():
    units = [WARRIOR, unit(2, "thug", "enemies", Hex(4, 0))]
    battle = _battle(units, terrain={Hex(2, 0): WALL})
    assert battle.submit(FrayDie(1, target=2)).reason == "no line of sight (blocked at col 2, row 0)"


def test_undo_takes_back_a_fray_die_and_its_overflow():
    units = [WARRIOR, unit(2, "thug", "enemies", Hex(3, 0)), unit(3, "thug", "enemies", Hex(4, 0)),
             unit(4, "thug", "enemies", Hex(-6, 0), hd=9)]
    battle = _battle(units)
    before = battle.world.snapshot()
    battle.submit(FrayDie(1, target=2, faces=(8,)))
    assert battle.world.has(3, Dead)
    assert battle.undo() and battle.world == before
    assert battle.world.get(1, TurnBudget).fray_used is False

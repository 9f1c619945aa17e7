"""Seed 002 Disarm: a melee attack, opposed skill rolls, weapons dropped, picked up and readied."""

from fractions import Fraction

from game.actions import Attack, Disarm, EndTurn, Move, PickUp, ReadyWeapon
from game.battle import Battle
from game.components import Armament, Carried, DroppedWeapon, Health, TurnBudget
from game.hexgrid import Hex
from game.events import WeaponDropped
from game.systems.rulesets.swn.disarm import disarm_targets
from game.systems.targets import weapons_on

from kit import WALL, scenario, unit
from kit import attack_plans, scene_of

ANA, ROOK = 1, 2
PISTOL = "semi_auto_pistol"
# Ana (a warrior with a knife: +3 attack, Str/Dex +1, Stab 1) next to Rook (a thug, AC 12,
# with a 12-round pistol). Ana attacks at d20 +5; her grip roll is 2d6 +2 (Stab 1, Dex 1),
# Rook's 2d6 +4 (Shoot skill 1, +3 defending).
DUEL = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="knife"),
        unit(2, "thug", "enemies", Hex(1, 0), name="Rook")]
ANA_FIRST = 1


def _duel(units=DUEL, **kwargs) -> Battle:
    battle = Battle.from_scenario(scenario(units, **kwargs), seed=ANA_FIRST)
    assert battle.current() == ANA
    return battle


def _until(battle: Battle, who: int) -> Battle:
    while battle.current() != who:
        assert battle.submit(EndTurn(battle.current())).accepted
    return battle


def _texts(outcome) -> str:
    return " | ".join(outcome.lines)


def _lying(battle: Battle) -> list[DroppedWeapon]:
    return [d for _, d in battle.world.query(DroppedWeapon)]


def test_winning_by_3_or_more_ana_takes_rooks_pistol():
    battle = _duel()
    # d20 7 +5 = 12 vs AC 12: hit; Ana [6, 6] +2 = 14, Rook [2, 3] +4 = 9: wins by 5.
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(7, 6, 6, 2, 3)))
    assert outcome.accepted, outcome.reason
    texts = _texts(outcome)
    assert "Ana tries to disarm Rook (knife): d20 7 +3 attack bonus +1 STR +1 stab skill = 12 vs 12: hit" in texts
    assert "Ana rolls to disarm: disarm 2d6 [6, 6] +1 Stab +1 Dex = 14" in texts
    assert "Rook rolls to keep hold: resist 2d6 [2, 3] +1 Shoot +3 defending = 9" in texts
    assert "Ana wins by 5: attacker decides" in texts
    assert "Ana takes the semi-automatic pistol and stows it" in texts
    assert battle.world.get(ROOK, Armament) == Armament(None)
    assert battle.world.get(ANA, Carried).weapons == (PISTOL,)
    assert battle.world.get(ANA, Armament).weapon == "knife"
    assert battle.world.get(ROOK, Health).current == battle.state.world.get(ROOK, Health).maximum  # no damage
    assert not battle.world.get(ANA, TurnBudget).main


def test_winning_by_3_ana_may_leave_the_pistol_lying_on_rooks_hex():
    battle = _duel()
    outcome = battle.submit(Disarm(ANA, target=ROOK, take=False, faces=(7, 6, 6, 2, 3)))
    assert outcome.accepted
    assert _lying(battle) == [DroppedWeapon(PISTOL, Hex(1, 0), 12)]
    assert not battle.world.has(ANA, Carried)


def test_winning_by_1_or_2_the_pistol_drops_one_hex_away_in_the_rolled_direction():
    battle = _duel()
    # Ana [5, 5] +2 = 12, Rook [3, 3] +4 = 10: wins by 2; 1d6 [1] is direction 0 (+q).
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3, 1)))
    assert outcome.accepted, outcome.reason
    assert "Ana wins by 2: weapon drops" in _texts(outcome)
    assert "1d6: [1] = 1 (east)" in _texts(outcome)
    assert _lying(battle) == [DroppedWeapon(PISTOL, Hex(2, 0), 12)]
    dropped = [e for e in outcome.events if isinstance(e, WeaponDropped)]
    assert dropped[0].hex == Hex(2, 0) and dropped[0].owner == ROOK


def test_a_drop_towards_a_wall_stays_on_the_owners_hex():
    battle = _duel(terrain={Hex(2, 0): WALL})
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3, 1)))
    assert "the way is blocked" in _texts(outcome)
    assert _lying(battle) == [DroppedWeapon(PISTOL, Hex(1, 0), 12)]


def test_a_drop_off_the_edge_of_the_map_stays_on_the_owners_hex():
    units = [unit(1, "pc_warrior", "pcs", Hex(5, 0), name="Ana", weapon="knife"),
             unit(2, "thug", "enemies", Hex(6, 0), name="Rook")]
    battle = _duel(units)
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3, 1)))
    assert _lying(battle) == [DroppedWeapon(PISTOL, Hex(6, 0), 12)]


def test_a_tie_drops_both_weapons_each_from_its_owners_hex():
    battle = _duel()
    # [4, 4] +2 = 10 against [3, 3] +4 = 10; Rook's pistol goes direction 0, Ana's knife direction 3.
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(7, 4, 4, 3, 3, 1, 4)))
    assert outcome.accepted, outcome.reason
    assert "Ana ties: both drop" in _texts(outcome)
    assert _lying(battle) == [DroppedWeapon(PISTOL, Hex(2, 0), 12), DroppedWeapon("knife", Hex(-1, 0), 0)]
    assert battle.world.get(ANA, Armament).weapon is None and battle.world.get(ROOK, Armament).weapon is None


def test_losing_the_opposed_roll_changes_nothing_but_the_spent_action():
    battle = _duel()
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(7, 1, 1, 6, 6)))
    assert "Ana loses by 12: nothing" in _texts(outcome)
    assert battle.world.get(ROOK, Armament).weapon == PISTOL and _lying(battle) == []


def test_a_missed_disarm_rolls_no_skill_checks():
    battle = _duel()
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(6,)))
    assert outcome.accepted and "miss" in _texts(outcome) and "rolls to disarm" not in _texts(outcome)


def test_with_a_rifle_in_hand_the_disarm_is_made_bare_handed():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"), DUEL[1]]
    battle = _duel(units)
    # Punch: +3 attack +1 STR +0 punch skill; grip: Punch 0 + Dex 1.
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(8, 6, 6, 2, 2)))
    texts = _texts(outcome)
    assert "(unarmed strike): d20 8 +3 attack bonus +1 STR = 12 vs 12: hit" in texts
    assert "disarm 2d6 [6, 6] +1 Dex = 13" in texts


def test_disarmed_rook_attacks_bare_handed():
    battle = _duel()
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 6, 6, 2, 3)))
    _until(battle, ROOK)
    plan = dict(attack_plans(battle, ROOK))[ANA]
    assert plan.weapon.id == "unarmed"
    outcome = battle.submit(Attack(ROOK, target=ANA, faces=(2,)))
    assert "with a unarmed strike" in _texts(outcome)


def test_disarm_refusals_change_nothing():
    units = [*DUEL, unit(3, "thug", "enemies", Hex(3, 0), name="Far"),
             unit(4, "pc_expert", "pcs", Hex(0, 1), name="Cy"),
             unit(5, "suit_mech", "enemies", Hex(-1, 1), name="Atlas"),
             unit(6, "civilian", "enemies", Hex(-1, 0), name="Pat")]
    battle = Battle.from_scenario(scenario(units), seed=ANA_FIRST)
    _until(battle, ANA)
    before = battle.state
    assert battle.submit(Disarm(ANA, target=3)).reason == "a disarm needs an adjacent enemy"
    assert battle.submit(Disarm(ANA, target=4)).reason == "that is not an enemy"
    assert battle.submit(Disarm(ANA, target=5)).reason.startswith("only a single person can be disarmed")
    assert battle.submit(Disarm(ANA, target=6)).reason == "Pat holds no weapon"
    assert battle.submit(Disarm(ANA, target=42)).reason == "there is no combatant with id 42"
    assert battle.state is before


def test_disarm_targets_lists_adjacent_enemies_with_exact_odds():
    battle = _duel()
    [(target, odds)] = disarm_targets(scene_of(battle), ANA)
    assert target == ROOK
    assert odds.hit == Fraction(14, 20)  # d20 +5 vs 12: faces 7..20
    assert odds.takes + odds.drops + odds.both_drop + odds.nothing == odds.hit
    # Ana needs her 2d6 to beat Rook's by 5 or more to decide: counted over all 1296 pairs.
    wins = sum(1 for a in range(1, 7) for b in range(1, 7) for c in range(1, 7) for d in range(1, 7)
               if (a + b + 2) - (c + d + 4) >= 3)
    assert odds.takes == Fraction(14, 20) * Fraction(wins, 1296)


def test_rook_picks_his_pistol_up_again_with_rounds_and_all():
    battle = _duel()
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3, 1)))  # the pistol lands on (2, 0)
    _until(battle, ROOK)
    assert battle.submit(PickUp(ROOK)).reason == "there is no weapon lying on this hex"
    assert battle.submit(Move(ROOK, path=(Hex(2, 0),))).accepted
    assert [d.weapon for _, d in weapons_on(scene_of(battle), Hex(2, 0))] == [PISTOL]
    outcome = battle.submit(PickUp(ROOK, weapon=PISTOL))
    assert outcome.accepted and "picks up the semi-automatic pistol and holds it ready" in _texts(outcome)
    assert battle.world.get(ROOK, Armament) == Armament(PISTOL, 12)
    assert _lying(battle) == [] and not battle.world.get(ROOK, TurnBudget).main  # the second move


def test_picking_up_with_a_weapon_in_hand_stows_it_and_readying_swaps_them():
    battle = _duel()
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3, 1)))  # the pistol lands on (2, 0)
    battle.submit(EndTurn(ANA))
    _until(battle, ANA)
    path = (Hex(1, -1), Hex(2, -1), Hex(2, 0))
    assert battle.submit(Move(ANA, path=path)).accepted
    assert battle.submit(PickUp(ANA)).accepted
    assert battle.world.get(ANA, Carried).weapons == (PISTOL,) and battle.world.get(ANA, Armament).weapon == "knife"
    battle.submit(EndTurn(ANA))
    _until(battle, ANA)
    outcome = battle.submit(ReadyWeapon(ANA, weapon=PISTOL))
    assert outcome.accepted and "readies the semi-automatic pistol, stowing the knife" in _texts(outcome)
    assert battle.world.get(ANA, Armament) == Armament(PISTOL, 12)
    assert battle.world.get(ANA, Carried).weapons == ("knife",)


def test_readying_a_taken_weapon_is_an_on_turn_action_that_costs_no_action():
    battle = _duel()
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 6, 6, 2, 3)))
    left = battle.world.get(ANA, TurnBudget)
    assert battle.submit(ReadyWeapon(ANA, weapon="shotgun")).reason == "not carrying a weapon 'shotgun'"
    assert battle.submit(ReadyWeapon(ANA, weapon=PISTOL)).accepted
    assert battle.world.get(ANA, Armament) == Armament(PISTOL, 12)
    assert battle.submit(ReadyWeapon(ANA, weapon="knife")).accepted  # swapping back is free too
    assert battle.world.get(ANA, TurnBudget) == left


def test_undo_returns_the_weapon_to_its_owner():
    battle = _duel()
    before = battle.state
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 4, 4, 3, 3, 1, 4)))
    battle.undo()
    assert battle.state == before and _lying(battle) == []

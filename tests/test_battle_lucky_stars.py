"""These Lucky Stars (seed 001) played through the facade: 4 AP a round, opposed 2d6 attacks
whose shown odds are the rolled odds, damage by relative size draining DEF then VIT."""

from fractions import Fraction
from itertools import product

from game.actions import Attack, ChooseBlow, EndTurn, GmSetCondition, Move, NonlethalAttack, StandUp, Step, UseCover
from game.battle import Battle, scenario_problem
from game.events import DefenseDrained, OpposedAttack, Rolled
from game.hexgrid import Hex
from game.rules.dice import ScriptedDice
from game.rules.lucky_stars.strike import resolve_strike
from game.systems.rulesets.lucky_stars_attack import plan_strike
from game.ui.tracker import console_lines

from kit import FOREST, ROUGH, battle_at, pass_turns_until, scenario, scene_of, side, unit

ROOK, GASH = 1, 2


def _battle(*units, **options) -> Battle:
    return battle_at(units, first=ROOK, ruleset="lucky-stars", **options)


def _duel(gap: int = 1, rook_type: str = "spacer", gash_type: str = "pirate", **options) -> Battle:
    return _battle(unit(1, rook_type, "pcs", Hex(0, 0), name="Rook"),
                   unit(2, gash_type, "enemies", Hex(gap, 0), name="Gash"), **options)


def test_a_lucky_stars_map_starts_and_an_unplayable_ruleset_is_refused_naming_the_playable_ones():
    assert scenario_problem(scenario([unit(1, "spacer", "pcs", Hex(0, 0)), unit(2, "pirate", "enemies", Hex(2, 0))],
                                     ruleset="lucky-stars")) is None
    refusal = scenario_problem(scenario([unit(1, "thug", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(2, 0))],
                                        ruleset="torg"))
    assert refusal.startswith("the ruleset 'torg' is not playable yet (playable: swn, swn-heroic, lucky-stars, starfarer)")


def test_a_turn_starts_with_4_ap_a_move_costs_2_and_a_step_1():
    battle = _duel(gap=5)
    assert battle.combatant(ROOK).action_points == 4
    assert battle.submit(Move(ROOK, path=(Hex(1, 0), Hex(2, 0)))).accepted
    assert battle.combatant(ROOK).action_points == 2
    assert battle.submit(Step(ROOK, to=Hex(2, 1))).accepted
    assert battle.combatant(ROOK).action_points == 1
    refused = battle.submit(Move(ROOK, path=(Hex(3, 1),)))
    assert not refused.accepted and refused.reason == "move costs 2 AP and only 1 are left"
    assert [o.action for o in battle.options(ROOK).allowed("step")]  # one AP still steps


def test_a_step_enters_one_hex_whatever_its_terrain_costs():
    battle = _duel(gap=5, terrain={Hex(1, 0): ROUGH})
    assert battle.submit(Step(ROOK, to=Hex(1, 0))).accepted
    assert battle.combatant(ROOK).action_points == 3
    assert not battle.submit(Step(ROOK, to=Hex(3, 0))).accepted  # not a neighbour


def test_the_ap_refill_at_the_start_of_the_next_turn():
    battle = _duel(gap=5)
    battle.submit(Move(ROOK, path=(Hex(1, 0),)))
    battle.submit(EndTurn(ROOK))
    battle.submit(EndTurn(GASH))
    assert battle.current() == ROOK and battle.combatant(ROOK).action_points == 4


def test_the_standard_attack_is_once_a_turn():
    battle = _duel()
    assert battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6))).accepted
    again = battle.submit(Attack(ROOK, target=GASH))
    assert not again.accepted and again.reason == "the standard attack is once a turn and has been made"
    assert battle.combatant(ROOK).action_points == 2


def test_standing_from_prone_costs_1_ap():
    battle = _duel(gap=4)
    assert battle.submit(GmSetCondition(ROOK, condition="prone")).accepted
    assert "stand up first" in battle.options(ROOK).items[0].refused
    assert battle.submit(StandUp(ROOK)).accepted
    assert battle.combatant(ROOK).action_points == 3 and not battle.combatant(ROOK).prone


def test_spacer_beating_a_pirate_by_5_rolls_a_bonus_die_and_the_damage_drains_def_then_vit():
    # Rook: ATK 2, blaster (AGI +2, burn). Gash: DEF 5 + vest 2 = 7, VIT 2, no burn resistance.
    battle = _duel(gap=2)
    outcome = battle.submit(Attack(ROOK, target=GASH, faces=(6, 6, 1, 1, 3, 4)))
    attack = next(e for e in outcome.events if isinstance(e, OpposedAttack))
    assert (attack.contest.attacker.total, attack.contest.defender.total) == (14, 9)
    drained = next(e for e in outcome.events if isinstance(e, DefenseDrained))
    assert drained.damage.total == 3 + 4 + 2  # two d8s (margin 5) plus AGI
    assert drained.defense == (7, 5) and drained.vitality == (2, 1)  # 7 empties DEF, 2 carry into the fresh 7
    gash = battle.combatant(GASH)
    assert (gash.defense, gash.health, gash.unit) == (5, 1, "VIT")
    assert outcome.lines[-1] == "Gash takes 9 (2d8 [3, 4] +2 attribute = 9): DEF 7 -> 5, VIT 2 -> 1."


def test_a_tie_holds_and_the_defender_rolls_against_current_def():
    battle = _duel(gap=2)
    outcome = battle.submit(Attack(ROOK, target=GASH, faces=(4, 4, 1, 2)))  # 10 against 3 + 7
    assert not outcome.events[0].hit and "miss (a tie holds)" in outcome.lines[0]


def test_the_last_vit_incapacitates_with_a_lethal_blow_and_ends_the_fight():
    battle = _duel(gap=2)
    battle.submit(Attack(ROOK, target=GASH, faces=(6, 6, 1, 1, 8, 8)))  # 18 damage: 7, 7, 4 wasted
    assert not battle.combatant(GASH).in_fight
    assert battle.state.ended and battle.state.winner == "pcs"
    assert "Gash is incapacitated by a lethal blow: dying." in battle.log_lines()


def test_damage_dice_go_by_relative_size():
    stalker = _duel(rook_type="dune_stalker", gash_type="spacer")  # huge against medium: d12, STR +4
    assert stalker.options(ROOK).allowed("attack")[0].damage == "1d12+4"
    drone = _duel(gap=3, rook_type="security_drone", gash_type="spacer")  # small against medium: d8
    assert drone.options(ROOK).allowed("attack")[0].damage == "1d8+2"
    spacer = _duel(rook_type="spacer", gash_type="dune_stalker")  # medium against huge: d4
    assert spacer.options(ROOK).allowed("attack")[0].damage == "1d4+2"


def test_partial_cover_and_poor_footing_are_plus_3_minor_advantages():
    battle = _duel(gap=3, terrain={Hex(3, 0): FOREST, Hex(0, 0): ROUGH})
    odds = battle.options(ROOK).allowed("attack")[0].odds
    assert odds.dice == "opposed 2d6"
    assert [(m.name, m.value) for m in odds.bonus] == [("ATK", 2)]
    # Gash in the forest stands on poor ground too (move cost 2): footing is even, cover counts.
    assert [(m.name, m.value) for m in odds.target] == [("current DEF", 7), ("partial cover", 3)]
    open_ground = _duel(gap=3, terrain={Hex(0, 0): ROUGH})
    assert ("footing (attacker on poor ground)", 3) in [(m.name, m.value)
                                                        for m in open_ground.options(ROOK).allowed("attack")[0].odds.target]


def test_the_odds_shown_are_the_odds_rolled_for_every_face_of_the_four_dice():
    battle = _duel(gap=3, terrain={Hex(3, 0): FOREST})
    option = battle.options(ROOK).allowed("attack")[0]
    plan = plan_strike(scene_of(battle), ROOK, GASH)
    hits = sum(resolve_strike(plan.striker, plan.defender, ScriptedDice(faces + (1, 1)),
                              attacker_mods=plan.attacker_mods, defender_mods=plan.defender_mods).contest.hit
               for faces in product(range(1, 7), repeat=4))
    assert option.odds.chance == Fraction(hits, 6 ** 4) == plan.chance


def test_the_mean_damage_shown_is_the_mean_over_every_roll():
    battle = _duel(gap=2)
    plan = plan_strike(scene_of(battle), ROOK, GASH)

    def mean_of_hit(attack_faces: tuple[int, ...], dice: int) -> Fraction:
        rolls = [resolve_strike(plan.striker, plan.defender, ScriptedDice(attack_faces + damage)).damage.total
                 for damage in product(range(1, 9), repeat=dice)]
        return Fraction(sum(rolls), len(rolls))

    one, two = mean_of_hit((4, 4, 1, 1), 1), mean_of_hit((6, 6, 1, 1), 2)  # won by 1; won by 5+
    total = Fraction(0)
    for faces in product(range(1, 7), repeat=4):
        contest = resolve_strike(plan.striker, plan.defender, ScriptedDice(faces + (1, 1))).contest
        total += (two if contest.bonus_die else one) if contest.hit else 0
    assert battle.options(ROOK).allowed("attack")[0].expected_damage == total / 6 ** 4


def test_the_gm_tracker_shows_action_points():
    battle = _duel(gap=4)
    battle.submit(Move(ROOK, path=(Hex(1, 0),)))
    assert any(line.startswith("> ") and line.endswith(" 2 AP") for line in console_lines(battle))


def test_the_side_springing_an_ambush_adds_6_to_initiative_and_the_caught_defend_on_bare_dice():
    sides = {"pcs": side("pcs", None), "enemies": side("enemies", None, surprised=True)}
    battle = Battle.from_scenario(scenario([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                                            unit(2, "pirate", "enemies", Hex(2, 0), name="Gash")],
                                           ruleset="lucky-stars", sides=sides), seed=3)
    rolls = {e.actor: e.roll for e in battle.log if isinstance(e, Rolled) and e.purpose == "initiative"}
    assert battle.combatant(ROOK).initiative == rolls[ROOK].total + 6
    assert battle.combatant(GASH).initiative == rolls[GASH].total
    pass_turns_until(battle, ROOK)
    assert battle.state.round == 1  # the caught side's turn is not lost (that is SWN's surprise)
    outcome = battle.submit(Attack(ROOK, target=GASH, faces=(2, 2, 3, 3)))
    contest = outcome.events[0].contest
    assert contest.surprise and contest.defender.total == 6  # no DEF added: 6 against 6 holds
    assert not contest.hit


def test_full_cover_costs_1_ap_stops_ranged_attacks_through_it_and_its_own_attacks_until_it_comes_out():
    battle = _duel(gap=3, terrain={Hex(2, 0): FOREST})  # the forest between them
    assert battle.submit(EndTurn(ROOK)).accepted
    assert battle.submit(UseCover(GASH)).accepted  # Gash crouches behind the trees
    assert battle.combatant(GASH).action_points == 3
    refused = battle.submit(Attack(GASH, target=ROOK))
    assert refused.reason == "a character behind full cover cannot declare attacks until at least partial cover"
    battle.submit(EndTurn(GASH))
    blocked = battle.options(ROOK).items
    shot = next(o for o in blocked if o.kind == "attack")
    assert shot.refused == "the defender is behind full cover: bypass or destroy it to land a hit"
    battle.submit(EndTurn(ROOK))
    assert battle.submit(UseCover(GASH, full=False)).accepted and battle.submit(EndTurn(GASH)).accepted
    assert battle.options(ROOK).allowed("attack")


def test_moving_leaves_full_cover_and_open_ground_offers_none():
    battle = _duel(gap=4, terrain={Hex(0, 1): FOREST})
    assert battle.submit(UseCover(ROOK)).accepted
    outcome = battle.submit(Step(ROOK, to=Hex(1, -1)))  # away from the forest
    assert "Rook leaves full cover to move." in outcome.lines
    assert battle.submit(UseCover(ROOK)).reason == "nothing here to take full cover behind"


def test_the_attacker_may_choose_a_non_lethal_blow_which_leaves_the_target_incapacitated():
    battle = _duel(gap=2)
    option = next(o for o in battle.options(ROOK).allowed("nonlethal_attack") if o.target == GASH)
    assert option.odds == battle.options(ROOK).allowed("attack")[0].odds  # the same roll
    battle.submit(NonlethalAttack(ROOK, target=GASH, faces=(6, 6, 1, 1, 8, 8)))
    assert battle.combatant(GASH).down == "down" and not battle.combatant(GASH).in_fight  # not dead
    assert "Gash is incapacitated." in battle.log_lines()


def test_a_ruleset_forced_on_units_it_does_not_have_is_refused_naming_them():
    refusal = scenario_problem(scenario([unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(2, 0))],
                                        ruleset="lucky-stars"))
    assert refusal.startswith("the unit types pc_warrior, thug are not unit types of the ruleset 'lucky-stars' "
                              "(its types: dune_stalker, pirate, security_drone, spacer)")


def _two_pirates() -> Battle:
    return _battle(unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                   unit(2, "pirate", "enemies", Hex(2, 0), name="Gash"),
                   unit(3, "pirate", "enemies", Hex(4, 2), name="Mott"))


def test_the_attacker_decides_after_the_blow_whether_taking_the_last_vit_was_lethal():
    battle = _two_pirates()
    battle.submit(Attack(ROOK, target=GASH, faces=(6, 6, 1, 1, 8, 8)))  # 18 damage: 7, 7, 4 wasted
    assert battle.pending().decider == ROOK and battle.combatant(GASH).down == "dead"  # lethal until pulled
    assert [o.kind for o in battle.options(ROOK).allowed()] == ["lethal_blow", "nonlethal_blow"]
    outcome = battle.submit(ChooseBlow(ROOK, lethal=False))
    assert outcome.lines == ("Rook pulls the blow: Gash is incapacitated, not dying.",)
    assert battle.combatant(GASH).down == "down" and not battle.combatant(GASH).in_fight


def test_the_computer_keeps_its_blows_lethal():
    from game.players.plain import choose_action

    battle = _two_pirates()
    battle.submit(Attack(ROOK, target=GASH, faces=(6, 6, 1, 1, 8, 8)))
    outcome = battle.submit(choose_action(battle))
    assert outcome.lines == ("Rook lets the blow stand: Gash is dying.",) and battle.combatant(GASH).down == "dead"

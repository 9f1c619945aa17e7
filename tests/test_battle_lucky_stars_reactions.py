"""These Lucky Stars (seed 001) out of turn and out of sight, through the facade: the attack of
opportunity, the readied attack, hiding and searching, and surprise ending once the defender acts."""

from game.actions import (Attack, EndTurn, GmPlace, Grapple, Hide, Hold, Move, OpportunityAttack, ReadiedAttack,
                          ReadyAttack, Search, Step)
from game.battle import Battle
from game.events import OpposedAttack
from game.hexgrid import Hex
from game.prompts import ReactionChance

from kit import FOREST, battle_at, pass_turns_until, scenario, side, unit

ROOK, GASH, MOTT = 1, 2, 3


def _brawl(mott_weapon: str = "cutlass"):
    """Rook in melee with Gash, Mott beside Rook; Mott has had a turn and kept its 4 AP."""
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon="knife"),
                        unit(2, "pirate", "enemies", Hex(1, 0), name="Gash"),
                        unit(3, "pirate", "enemies", Hex(0, 1), name="Mott", weapon=mott_weapon)],
                       first=MOTT, ruleset="lucky-stars")
    pass_turns_until(battle, ROOK)
    return battle


def test_an_attack_on_someone_else_opens_an_attack_of_opportunity_for_an_enemy_in_reach():
    battle = _brawl()
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    prompt = battle.pending()
    assert isinstance(prompt, ReactionChance) and (prompt.decider, prompt.provoker) == (MOTT, ROOK)
    assert len(battle.state.pending) == 1  # Gash is defending against it: no opening for Gash
    option = battle.options(MOTT).allowed("attack_of_opportunity")[0]
    assert option.odds.dice == "opposed 2d6" and option.expected_damage > 0
    outcome = battle.submit(OpportunityAttack(MOTT, target=ROOK, faces=(6, 6, 1, 1, 3, 4)))
    assert isinstance(outcome.events[0], OpposedAttack) and outcome.events[0].actor == MOTT
    assert battle.combatant(MOTT).action_points == 3 and battle.current() == ROOK


def test_the_attack_of_opportunity_is_once_a_round():
    battle = _brawl()
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    battle.submit(OpportunityAttack(MOTT, target=ROOK, faces=(1, 1, 6, 6)))
    assert battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1))).accepted  # aggressive again
    assert battle.pending() is None  # Mott has had his for this round


def test_an_unarmed_or_ranged_watcher_gets_no_opening_and_holding_lets_it_pass():
    unarmed = _brawl(mott_weapon="unarmed")
    unarmed.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    assert unarmed.pending() is None
    battle = _brawl()
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    assert battle.submit(Hold(MOTT)).accepted and battle.pending() is None
    assert battle.combatant(MOTT).action_points == 4


def test_a_watcher_that_has_not_acted_in_combat_yet_gets_no_opening():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon="knife"),
                        unit(2, "pirate", "enemies", Hex(1, 0), name="Gash"),
                        unit(3, "pirate", "enemies", Hex(0, 1), name="Mott")], first=ROOK, ruleset="lucky-stars")
    assert battle.state.order == (ROOK, GASH, MOTT)  # seed 1: Mott has had no turn yet
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    assert battle.pending() is None


def test_a_readied_trip_springs_on_an_enemy_ending_its_move_beside_and_knocks_it_down():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon="knife"),
                        unit(2, "pirate", "enemies", Hex(12, 0), name="Gash")],
                       first=ROOK, ruleset="lucky-stars", radius=14)
    offered = {o.kind: o for o in battle.options(ROOK, groups=("stealth",)).allowed()}
    assert {"ready_attack", "ready_trip", "ready_disarm", "ready_shatter", "ready_grapple"} <= set(offered)
    assert battle.submit(offered["ready_trip"].action).accepted
    assert battle.combatant(ROOK).states == ("trip readied",)
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    assert battle.submit(GmPlace(GASH, to=Hex(3, 0))).accepted
    battle.submit(Step(GASH, to=Hex(2, 0)))
    assert battle.pending() is None  # two hexes off: a knife reaches one
    battle.submit(Step(GASH, to=Hex(1, 0)))
    prompt = battle.pending()
    assert isinstance(prompt, ReactionChance) and prompt.question == "Gash is open to Rook: spring the readied trip?"
    option = battle.options(ROOK).allowed("readied_attack")[0]  # the trip's whole chance: hit, then STR against AGI
    assert option.odds.dice == "opposed 2d6" and 0 < option.odds.chance < 1
    outcome = battle.submit(ReadiedAttack(ROOK, target=GASH, faces=(6, 6, 1, 1, 6, 6, 1, 1)))
    assert outcome.accepted and battle.combatant(GASH).prone
    assert battle.combatant(ROOK).action_points == 1 and battle.combatant(ROOK).readied == ""


def test_an_action_that_cannot_be_readied_is_refused_with_those_that_can():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                        unit(2, "pirate", "enemies", Hex(5, 0), name="Gash")], first=ROOK, ruleset="lucky-stars")
    refused = battle.submit(ReadyAttack(ROOK, maneuver="hide"))
    assert refused.reason == "'hide' cannot be readied (ready an attack, or: trip, disarm, shatter, grapple)"


def test_a_readied_attack_withholds_the_turn_and_springs_when_an_enemy_comes_within_reach():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                        unit(2, "pirate", "enemies", Hex(12, 0), name="Gash")],
                       first=ROOK, ruleset="lucky-stars", radius=14)
    assert battle.submit(ReadyAttack(ROOK)).accepted
    assert "withheld for the readied standard attack" in battle.submit(Step(ROOK, to=Hex(1, 0))).reason
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    battle.submit(Move(GASH, path=(Hex(11, 0), Hex(10, 0))))
    prompt = battle.pending()
    assert isinstance(prompt, ReactionChance) and prompt.readied and prompt.decider == ROOK
    assert battle.options(ROOK).allowed("readied_attack")[0].odds is not None
    assert battle.submit(ReadiedAttack(ROOK, target=GASH, faces=(6, 6, 1, 1, 2, 2))).accepted
    assert battle.combatant(ROOK).action_points == 2
    battle.submit(Step(GASH, to=Hex(9, 0)))
    assert battle.pending() is None  # used up


def test_hiding_keeps_the_enemy_from_attacking_until_a_search_finds_you():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                        unit(2, "pirate", "enemies", Hex(3, 0), name="Gash", weapon="blaster_pistol")],
                       first=ROOK, ruleset="lucky-stars", terrain={Hex(0, 1): FOREST})
    outcome = battle.submit(Hide(ROOK, faces=(3, 3)))  # 6 + AGI 2 = 8 meets target 8
    assert outcome.lines == ("Rook tries to hide: 2d6+AGI: [3, 3] +2 AGI = 8 against 8: hides.",)
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    assert battle.submit(Attack(GASH, target=ROOK)).reason == "Rook is hidden: search to find them first"
    found = battle.submit(Search(GASH, faces=(4, 4)))  # INS 0: 8 against the stealth roll's 8: a tie finds
    assert found.accepted and "Gash spots Rook." in found.lines
    assert battle.submit(Attack(GASH, target=ROOK, faces=(1, 1, 6, 6))).accepted


def test_an_attack_from_hiding_is_a_surprise_attack_and_gives_the_attacker_away():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                        unit(2, "pirate", "enemies", Hex(3, 0), name="Gash")],
                       first=ROOK, ruleset="lucky-stars", terrain={Hex(0, 1): FOREST})
    battle.submit(Hide(ROOK, faces=(5, 5)))
    outcome = battle.submit(Attack(ROOK, target=GASH, faces=(2, 2, 3, 3)))
    assert outcome.events[0].contest.surprise and outcome.events[0].contest.defender.total == 6
    assert "Rook is no longer hidden (attacked)." in outcome.lines


def test_a_surprised_defender_defends_normally_once_it_has_acted():
    sides = {"pcs": side("pcs", None), "enemies": side("enemies", None, surprised=True)}
    battle = Battle.from_scenario(scenario([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                                            unit(2, "pirate", "enemies", Hex(2, 0), name="Gash")],
                                           ruleset="lucky-stars", sides=sides), seed=3)
    pass_turns_until(battle, GASH)
    battle.submit(EndTurn(GASH))
    pass_turns_until(battle, ROOK)
    outcome = battle.submit(Attack(ROOK, target=GASH, faces=(2, 2, 3, 3)))
    assert not outcome.events[0].contest.surprise


def test_openings_grapples_and_hiding_save_as_json_replay_exactly_and_undo_to_the_start():
    from game.actions import from_json, to_json

    battle = _brawl()
    start_world = battle.world
    for action in (Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)), OpportunityAttack(MOTT, target=ROOK),
                   Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1))):
        assert battle.submit(action).accepted
    fresh = Battle.from_scenario(battle.scenario, battle.seed, battle.catalog)
    for action in battle.actions:
        assert fresh.submit(from_json(to_json(action))).accepted
    assert fresh.log_lines() == battle.log_lines()
    for _ in range(3):
        assert battle.undo()
    assert battle.world == start_world and battle.current() == ROOK and battle.pending() is None


def test_the_computer_takes_an_attack_of_opportunity_that_can_do_damage():
    from game.players.plain import choose_action

    battle = _brawl()
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    assert choose_action(battle) == OpportunityAttack(MOTT, target=ROOK)


def test_standing_from_prone_next_to_an_enemy_may_provoke_an_attack_of_opportunity():
    from game.actions import GmSetCondition, StandUp

    battle = _brawl()
    battle.submit(GmSetCondition(ROOK, condition="prone"))
    battle.submit(StandUp(ROOK))
    assert [p.decider for p in battle.state.pending] == [GASH, MOTT]  # both in reach, both have had a turn


def test_a_hidden_mover_moves_silently_with_a_new_stealth_roll_where_it_stops():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                        unit(2, "pirate", "enemies", Hex(5, 0), name="Gash")],
                       first=ROOK, ruleset="lucky-stars", terrain={Hex(0, 1): FOREST, Hex(-1, 1): FOREST})
    battle.submit(Hide(ROOK, faces=(5, 5)))
    stays = battle.submit(Step(ROOK, to=Hex(-1, 0), faces=(4, 4)))  # still beside the trees: 8 holds
    assert stays.lines[-1] == "Rook tries to hide: 2d6+AGI: [4, 4] +2 AGI = 10 against 8: hides."
    seen = battle.submit(Step(ROOK, to=Hex(-2, 1), faces=(1, 1)))  # beside the trees, but 4 against 8
    assert seen.lines[-1].endswith("finds nowhere unseen to hide.")


def test_the_computer_pinned_in_a_grapple_tries_to_regain_control_first():
    from game.actions import RegainControl
    from game.players.plain import choose_action

    battle = _brawl()
    battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    assert choose_action(battle) == RegainControl(GASH)


def test_the_computer_with_nothing_to_attack_searches_for_a_hidden_enemy():
    from game.players.plain import choose_action

    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook"),
                        unit(2, "pirate", "enemies", Hex(3, 0), name="Gash", weapon="blaster_pistol")],
                       first=ROOK, ruleset="lucky-stars", terrain={Hex(0, 1): FOREST})
    battle.submit(Hide(ROOK, faces=(5, 5)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    assert choose_action(battle) == Search(GASH)


def test_an_opening_whose_provoker_fell_to_an_earlier_answer_is_no_longer_asked():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon="knife", hp=1),
                        unit(2, "pirate", "enemies", Hex(1, 0), name="Gash"),
                        unit(3, "pirate", "enemies", Hex(0, 1), name="Mott"),
                        unit(4, "pirate", "enemies", Hex(-1, 1), name="Kell"),
                        unit(5, "spacer", "pcs", Hex(5, -5), name="Ines")], first=ROOK, ruleset="lucky-stars")
    for _ in range(2):  # a round passes: everyone has acted
        battle.submit(EndTurn(battle.current()))
        pass_turns_until(battle, ROOK)
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    assert [p.decider for p in battle.state.pending] == [MOTT, 4]
    battle.submit(OpportunityAttack(MOTT, target=ROOK, faces=(6, 6, 1, 1, 8, 8)))  # 18 damage: Rook falls
    assert not battle.combatant(ROOK).in_fight
    assert all(not isinstance(p, ReactionChance) for p in battle.state.pending)  # Kell is not asked

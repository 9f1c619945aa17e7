"""The tactical computer player: registered as `tactical`, its sums, its reasons, its strength.

Strength is measured in mirrored fights (`game.simulate.mirror`): the tactical player takes
each fighting camp in turn against the plain computer player (or the random baseline) with
the same seeded dice; the fair comparison is camp by camp (its win rate holding a camp
against the opponent's holding the same camp). Few fights here, seeded, so the test is
deterministic; the 1,000-fight figures live in benchmarks/players.py.
"""

from dataclasses import replace
from fractions import Fraction
from types import SimpleNamespace

import pytest

from game.actions import (Attack, EndTurn, FrayDie, GmPlace, GmSetSideMorale, GmSetStat, Hold, Intimidate, Move,
                          OverwatchFire, SetOverwatch, from_json, to_json)
from game.players.reading import enemy_hexes
from game.battle import Battle, load_catalog
from game.events import Explained
from game.hexgrid import Hex, distance, neighbors
from game.options import AT_CHARGE, AT_LANDING, AttackOption, ChargeOption, GrenadeOption, Landing, Odds, Options
from game.savefile import load_scenario_or_fail
from game.scenario.summary import MAPS_DIR
from game.simulate.mirror import mirrored
from game.simulate.plans import PlanError, side_policies
from game.players import make_policy, policy_names
from game.players.tactical import decide, grenade_value
from game.players.tactical.attacks import best_charge, shot_value
from game.players.tactical.heroic import firing_hex_decision
from game.players.tactical.moving import exposure_to, move_decision, rival_camps
from game.players.tactical.pressure import intimidate_decision, reload_decision

MAPS = sorted(p.stem for p in MAPS_DIR.glob("*.tmx"))


def test_the_tactical_player_is_registered_and_can_be_chosen_for_a_side():
    assert "tactical" in policy_names()
    battle = Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / "bunker_seven.tmx", load_catalog()), 3)
    chosen = side_policies(battle.sides(), {"pcs": "tactical"}, {})
    assert ("pcs", "tactical") in chosen


def test_a_misspelt_player_is_refused_with_the_known_names():
    battle = Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / "bunker_seven.tmx", load_catalog()), 3)
    with pytest.raises(PlanError, match="tactical"):
        side_policies(battle.sides(), {"pcs": "tactician"}, {})


def _start(name: str, seed: int = 1) -> Battle:
    return Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / f"{name}.tmx", load_catalog()), seed)


def test_a_charge_that_cannot_get_through_a_gravtanks_armor_is_worth_nothing():
    battle = _start("kessler_ford")
    people = {c.id: c for c in battle.combatants()}
    tank = next(c for c in people.values() if c.unit_type == "gravtank")
    trooper = next(c for c in people.values() if c.unit_type == "elite_trooper")
    certain = Odds(Fraction(1), 2, (), (), source="SWN core, attack rolls")
    def charge(target, blow):  # the option's own expected damage, as the charge's plan works it out
        return ChargeOption("charge", EndTurn(1), aim=AT_CHARGE, target=target.id, odds=certain, damage="1d6",
                            expected_damage=blow)
    assert best_charge(Options(1, (charge(tank, Fraction(0)),))) is None  # armor 18 takes the whole 1d6
    option, blow = best_charge(Options(1, (charge(tank, Fraction(0)), charge(trooper, Fraction(7, 6)))))
    assert option.target == trooper.id and blow == Fraction(7, 6)


def test_a_heroic_pc_rolls_its_free_fray_die_at_the_weakest_foe_in_reach():
    battle, player, rolled = _start("bunker_seven", 2), make_policy("tactical", 0), 0
    for _ in range(150):
        if battle.state.ended:
            break
        me = battle.combatant(battle.current())
        rolls = battle.options(me.id, groups=("fray",)).allowed("fray_die") if battle.pending() is None else ()
        if rolls and not me.prone:  # a prone hero stands up first
            decision = decide(battle)
            assert isinstance(decision.action, FrayDie) and decision.reason.startswith("rolls the Fray Die")
            health = {c.id: c.health for c in battle.combatants()}
            assert health[decision.action.target] == min(health[o.target] for o in rolls)
            rolled += 1
        battle.submit(player(battle))
    assert rolled >= 3


def test_it_intimidates_a_side_one_point_above_a_band_only_when_no_good_shot_is_there():
    battle = _start("crystal_vault", 4)
    vee = next(c for c in battle.combatants() if c.name == "Vee")
    while battle.current() != vee.id:  # everyone before her lets the turn pass
        assert battle.submit(EndTurn(battle.current())).accepted
    battle.submit(GmSetSideMorale(0, side="rivals", value=6))  # Careful; 5 is Tactical Retreat
    threat = intimidate_decision(battle, vee, Fraction(0))
    assert isinstance(threat.action, Intimidate) and threat.action.side == "rivals"
    assert threat.reason.startswith("intimidates The Sable Hand (morale 6, Careful)")
    assert intimidate_decision(battle, vee, Fraction(2)) is None  # a shot worth 2 damage comes first
    battle.submit(GmSetSideMorale(0, side="rivals", value=8))  # one success would leave them Careful
    assert intimidate_decision(battle, vee, Fraction(0)) is None


def _play_watching(name: str, seed: int, decisions: int):
    """Play tactical against tactical; yield (battle before, decision, fired before in this turn)."""
    battle, fired = _start(name, seed), set()
    for _ in range(decisions):
        if battle.state.ended:
            return
        decision = decide(battle)
        yield battle, decision, fired
        if isinstance(decision.action, EndTurn):
            fired.clear()
        elif decision.reason.startswith(("fires at", "throws at", "charges")):
            fired.add(decision.action.actor)
        assert battle.submit(decision.action).accepted


def test_having_fired_it_never_closes_in_and_steps_back_only_into_fewer_eyes_or_better_cover():
    stepped = 0
    for battle, decision, fired in _play_watching("relay_station_ambush", 5, 400):
        me = battle.combatant(decision.action.actor)
        if me is None or me.id not in fired or not isinstance(decision.action, Move):
            continue
        assert decision.reason.startswith(("falls back to", "falls back through cover")), decision
        if decision.reason.startswith("falls back to"):
            there = decision.action.path[-1]
            seen = exposure_to(battle, me, [me.hex, there], enemy_hexes(battle, me.id))
            assert (seen[there][0], -seen[there][1]) < (seen[me.hex][0], -seen[me.hex][1]), decision
            stepped += 1
    assert stepped >= 3


def test_it_sets_overwatch_only_with_nothing_to_shoot_and_an_enemy_near_the_wedge():
    watched = 0
    for battle, decision, _ in _play_watching("kessler_ford", 3, 300):
        if isinstance(decision.action, SetOverwatch):
            options = battle.options(decision.action.actor, groups=("attack", "aimed"))
            assert not [o for o in options.allowed() if isinstance(o, AttackOption) and o.expected_damage > 0]
            assert decision.reason.startswith("watches facing") and " 0 enemies in the wedge, 0 hexes" not in decision.reason
            watched += 1
    assert watched >= 1


def test_a_grenade_is_weighed_over_its_whole_spread():
    # a hit (1/2) catches both enemies; a stray landing (1/2) catches one enemy and a friend
    throw = GrenadeOption("grenade", None, aim=AT_LANDING, at=Hex(3, 3), spread=(
        Landing(Hex(3, 3), Fraction(1, 2), (Hex(3, 3), Hex(3, 4))),
        Landing(Hex(5, 3), Fraction(1, 2), (Hex(5, 3), Hex(3, 4), Hex(6, 3)))))
    enemies, friends = grenade_value(throw, foes={Hex(3, 3), Hex(3, 4)}, friends={Hex(6, 3)})
    assert (enemies, friends) == (Fraction(3, 2), Fraction(1, 2))


def test_every_decision_is_legal_and_says_why():
    battle = Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / "relay_station_ambush.tmx", load_catalog()), 5)
    reasons = []
    for _ in range(60):
        if battle.state.ended:
            break
        decision = decide(battle)
        assert battle.submit(decision.action).accepted, decision
        reasons.append(decision.reason)
        assert decision.reason or isinstance(decision.action, (EndTurn, Hold, OverwatchFire))
    assert any(r.startswith(("fires at", "moves to", "throws at", "charges")) for r in reasons)


def test_the_log_tells_why_the_player_acted_and_a_replay_tells_it_again():
    scenario = load_scenario_or_fail(MAPS_DIR / "bunker_seven.tmx", load_catalog())
    battle, player = Battle.from_scenario(scenario, 2), make_policy("tactical", 0)
    for _ in range(20):
        battle.submit(player(battle))
    explained = [e for e in battle.log if isinstance(e, Explained)]
    assert explained and all(e.actor in {c.id for c in battle.combatants()} for e in explained)
    assert any(battle.describe(e).startswith(battle.name(e.actor) + " ") for e in explained)
    again = Battle.from_scenario(scenario, 2)
    for action in [from_json(to_json(a)) for a in battle.actions]:
        assert again.submit(action).accepted
    assert again.log_lines() == battle.log_lines()


def test_a_reason_changes_nothing_in_the_rules():
    scenario = load_scenario_or_fail(MAPS_DIR / "bunker_seven.tmx", load_catalog())
    plain, told = Battle.from_scenario(scenario, 4), Battle.from_scenario(scenario, 4)
    action = decide(plain).action
    plain.submit(action)
    told.submit(replace(action, reason="tries something"))
    assert [told.describe(e) for e in told.log if not isinstance(e, Explained)] == plain.log_lines()
    assert f"{told.name(action.actor)} tries something." in told.log_lines()
    assert told.combatants() == plain.combatants()


def test_the_tactical_player_decides_the_same_way_twice():
    scenario = load_scenario_or_fail(MAPS_DIR / "bunker_seven.tmx", load_catalog())
    one, two = Battle.from_scenario(scenario, 9), Battle.from_scenario(scenario, 9)
    assert decide(one) == decide(two)


def test_it_beats_the_plain_computer_player_clearly_on_bunker_seven():
    tally = mirrored(MAPS_DIR / "bunker_seven.tmx", "tactical", "computer", fights=12)
    assert tally.wins >= 9  # measured 11 of 12 (1,000 fights: see benchmarks/players.py)


def test_holding_the_weak_garrison_of_bunker_seven_it_beats_random_heroes_half_the_time():
    # the heroes' free Fray Die wears the garrison down whoever plays them: the garrison wins
    # only by hiding after each shot and focusing its fire (before that: about 3 fights in 20)
    tally = mirrored(MAPS_DIR / "bunker_seven.tmx", "tactical", "random", fights=12)
    assert tally.camps["enemies"].player_wins >= 3  # measured 4 of 6


@pytest.mark.parametrize("name", MAPS)
def test_holding_the_same_camp_it_does_no_worse_than_the_plain_computer_player(name):
    tally = mirrored(MAPS_DIR / f"{name}.tmx", "tactical", "computer", fights=12)
    assert tally.edge() >= 0


@pytest.mark.parametrize("name", ["relay_station_ambush", "crystal_vault"])
def test_holding_the_same_camp_it_does_better_than_the_random_baseline(name):
    tally = mirrored(MAPS_DIR / f"{name}.tmx", "tactical", "random", fights=12)
    assert tally.edge() > 0


def test_a_gun_too_low_for_a_burst_is_reloaded_rather_than_fired_weakly():
    battle = _start("bunker_seven", 1)
    me = battle.combatant(battle.current())
    assert me.weapon == "combat_rifle"  # it can fire a burst of three
    assert me.magazine >= 3 and reload_decision(battle, me, Fraction(0)) is None  # a full magazine
    assert battle.submit(GmSetStat(me.id, stat="ammunition", value=2)).accepted
    low = battle.combatant(me.id)
    assert reload_decision(battle, low, Fraction(1, 2)).reason.startswith("reloads (2 rounds left")
    assert reload_decision(battle, low, Fraction(2)) is None  # a good shot is taken first


def test_a_gun_that_never_bursts_is_not_reloaded_while_it_has_a_round():
    battle = _start("bunker_seven", 2)
    me = battle.combatant(battle.current())
    assert me.weapon == "laser_pistol"  # no burst
    assert battle.submit(GmSetStat(me.id, stat="ammunition", value=2)).accepted
    assert reload_decision(battle, battle.combatant(me.id), Fraction(1, 2)) is None
    assert battle.submit(GmSetStat(me.id, stat="ammunition", value=0)).accepted
    assert reload_decision(battle, battle.combatant(me.id), Fraction(0)).reason == "reloads the empty gun"


def test_with_an_enemy_adjacent_a_rifleman_steps_clear_before_firing():
    # SWN core: a long gun fired with an enemy adjacent takes -4; with the Move action unspent
    # the tactical player steps to a hex with no enemy beside it that still sees its target
    battle = _start("relay_station_ambush", 1)
    me = battle.combatant(battle.current())
    assert me.weapon == "combat_rifle"
    thug = next(c for c in battle.combatants() if c.side != me.side and c.unit_type == "thug")
    beside = next(h for h in neighbors(me.hex) if battle.submit(GmPlace(thug.id, to=h)).accepted)
    decision = decide(battle)
    assert isinstance(decision.action, Move) and decision.reason.startswith("steps to ")
    assert "no -4 for a long gun with an enemy adjacent" in decision.reason
    assert battle.submit(decision.action).accepted
    here = battle.combatant(me.id).hex
    assert all(distance(here, c.hex) > 1 for c in battle.combatants() if c.side != me.side and c.in_fight)
    assert beside != here
    shot = decide(battle)  # and now the shot, without the penalty
    assert isinstance(shot.action, Attack) and shot.reason.startswith("fires at ")


def test_the_starfarer_shots_are_ranked_by_expected_damage_not_the_shock_left():
    battle = _start("derelict_hold")
    marine, pirate = (next(c for c in battle.combatants() if c.side == side) for side in ("pcs", "enemies"))
    assert pirate.unit == "shock"
    shot = SimpleNamespace(expected_damage=Fraction(5))  # all shot_value reads of an AttackOption
    assert shot_value(shot, pirate) == (Fraction(0), Fraction(5))
    assert marine.unit == "shock"
    ordinary = _start("bunker_seven")
    thug = next(c for c in ordinary.combatants() if c.unit_type == "elite_trooper")  # SWN: the share of what is left
    assert shot_value(shot, thug) == (min(Fraction(5, thug.health), Fraction(1)), Fraction(5))


def test_under_lucky_stars_the_hidden_are_searched_for_rather_than_waited_on():
    from game.players.tactical.player import fighting
    battle = _start("dust_market")
    for _ in range(400):  # play on until someone of the tactical player's side faces a hidden enemy
        actor = battle.current() if battle.pending() is None else None
        if actor is not None and battle.options(actor, groups=("stealth",)).allowed("search"):
            me = battle.combatant(actor)
            if not battle.options(actor, groups=("attack",)).allowed("attack"):
                decision = fighting(battle, me)
                assert decision.reason.startswith("searches: an enemy hides")
                return
        battle.submit(make_policy("tactical", 0)(battle))
        if battle.state.ended:
            break
    raise AssertionError("no turn with a hidden enemy and nothing to attack came up")


def test_among_equally_close_hexes_it_moves_where_the_fewest_enemies_see_it():
    # every shot and a heroic PC's Fray Die need a line of sight: fewer eyes, fewer of both
    battle = _start("bunker_seven", 3)  # the garrison's grenadier moves first
    me = battle.combatant(battle.current())
    options = battle.options(me.id, groups=("move",))
    decision = move_decision(battle, options, me)
    assert isinstance(decision.action, Move) and ", seen by " in decision.reason
    enemies = enemy_hexes(battle, me.id)
    way = battle.approach_costs(enemies)
    reach = [o.hex for o in options.allowed("move") if not any(h in {w.hex for w in options.watched} for h in o.path)]
    eyes = exposure_to(battle, me, reach, enemies)
    chosen = decision.action.path[-1]
    assert all(eyes[chosen][0] <= eyes[h][0] for h in reach if way[h] == way[chosen])


def test_while_two_other_camps_fight_it_moves_where_the_fewest_enemies_see_it_before_closing_in():
    # crystal_vault: the crew, the wardens and the Sable Hand are three camps, each the others' enemy
    garrison = _start("bunker_seven")
    assert rival_camps(garrison, garrison.combatant(garrison.current())) == 1  # two camps: it closes in as before
    battle = _start("crystal_vault")
    while battle.state.round < 2 or battle.combatant(battle.current()).name != "Corso":  # the Hand is surprised in round 1
        assert battle.submit(EndTurn(battle.current())).accepted
    corso = battle.combatant(battle.current())
    assert rival_camps(battle, corso) == 2
    options = battle.options(corso.id, groups=("move",))
    decision = move_decision(battle, options, corso)
    assert isinstance(decision.action, Move)
    assert decision.reason.endswith("out of sight first while other camps fight"), decision.reason
    enemies = enemy_hexes(battle, corso.id)
    reach = [o.hex for o in options.allowed("move")]
    eyes = exposure_to(battle, corso, reach, enemies)
    way = battle.approach_costs(enemies)
    chosen = decision.action.path[-1]

    def exposed(hex_):  # the enemies with a clear shot (no hard cover between) first, then all the eyes (below)
        eyes_on, _, bare = eyes[hex_]
        return bare, eyes_on

    assert exposed(chosen) == min(exposed(h) for h in reach)
    assert any(way[h] < way[chosen] and exposed(h) > exposed(chosen) for h in reach)  # a closer hex, more exposed


def test_while_two_other_camps_fight_the_hex_fewest_enemies_have_a_clear_shot_at_comes_before_fewer_eyes():
    # crystal_vault: nearly every hex is in sight of all five of the crew and the wardens; what tells
    # them apart is the psitech crystals' armor 12 (Seed 002, Hard Cover) against some of them
    battle = _start("crystal_vault", 5)
    players = {side.id: make_policy("tactical" if side.id == "rivals" else "random", 4) for side in battle.sides()}
    while battle.state.round < 2 or battle.pending() is not None or battle.combatant(battle.current()).name != "Sable":
        decider = battle.pending().decider if battle.pending() is not None else battle.current()
        if not battle.submit(players[battle.combatant(decider).side](battle)).accepted:
            assert battle.submit(EndTurn(battle.current())).accepted
    sable = battle.combatant(battle.current())  # the Hand's leader, its first turn (round 1 it was surprised)
    assert rival_camps(battle, sable) == 2
    options = battle.options(sable.id, groups=("move",))
    decision = move_decision(battle, options, sable)
    enemies = enemy_hexes(battle, sable.id)
    reach = [o.hex for o in options.allowed("move")]
    seen = exposure_to(battle, sable, reach, enemies)
    chosen = decision.action.path[-1]
    assert "open to 1 with no cover between" in decision.reason, decision.reason
    assert seen[chosen][2] == min(bare for _, _, bare in seen.values()) == 1
    # a hex in fewer enemies' sight was there, with more of them free to shoot without cover in the way
    assert any(seen[h][0] < seen[chosen][0] and seen[h][2] > seen[chosen][2] for h in reach)


def test_a_squad_counts_as_many_shooters_as_it_has_units_so_a_volley_goes_at_it_first():
    # squad_ridge, as read in a lost fight: the gang's volley went at a medic on 3 health (all of
    # it, one shooter) rather than at the 1st Section (9 units, each of them a rifle)
    battle = _start("squad_ridge")
    section = next(c for c in battle.combatants() if c.name == "1st Section")
    medic = next(c for c in battle.combatants() if c.side == "pcs" and not c.squad_units)
    assert section.squad_units == 9
    wounded = replace(medic, health=3)
    at_medic, at_section = SimpleNamespace(expected_damage=Fraction(289, 10)), SimpleNamespace(expected_damage=Fraction(357, 10))
    assert shot_value(at_medic, wounded) == (Fraction(1), Fraction(289, 10))  # all it has left, one shooter
    assert shot_value(at_section, section) == (Fraction(357, 10) / section.health * 9, Fraction(357, 10))
    assert shot_value(at_section, section) > shot_value(at_medic, wounded)


def test_a_heroic_npc_with_nothing_to_shoot_steps_out_where_the_fewest_heroes_see_it():
    # bunker_seven (heroic rules): every hero rolls a free Fray Die each round at a foe it sees,
    # so the garrison fires from the hex the fewest heroes see, not from the slit closest to them
    battle = _start("bunker_seven")
    while battle.combatant(battle.current()).name != "Commandant Ysolde":
        assert battle.submit(EndTurn(battle.current())).accepted
    ysolde = battle.combatant(battle.current())
    enemies = enemy_hexes(battle, ysolde.id)
    around = [o.hex for o in battle.options(ysolde.id, groups=("move",)).allowed("move")]
    unseen = next(h for h, (eyes, _, _) in exposure_to(battle, ysolde, around, enemies).items() if eyes == 0)
    assert battle.submit(GmPlace(ysolde.id, to=unseen)).accepted  # out of every hero's sight: no shot
    ysolde = battle.combatant(ysolde.id)
    options = battle.options(ysolde.id, groups=("move", "attack", "aimed", "charge", "grenade"))
    assert not [o for o in options.allowed("attack") if o.expected_damage > 0]
    decision = firing_hex_decision(battle, options, ysolde)
    assert isinstance(decision.action, Move) and decision.reason.startswith("steps to "), decision
    watched = {w.hex for w in options.watched}
    reach = [o.hex for o in options.allowed("move") if not any(h in watched for h in o.path)]
    eyes = {h: seen for h, (seen, _, _) in exposure_to(battle, ysolde, reach, enemies).items()}
    chosen = decision.action.path[-1]
    assert eyes[chosen] == min(seen for seen in eyes.values() if seen > 0)
    way = battle.approach_costs(enemies)
    assert any(way[h] < way[chosen] and eyes[h] > eyes[chosen] for h in reach)  # closer, in more heroes' sight
    assert battle.submit(decision.action).accepted
    assert firing_hex_decision(battle, options, battle.combatant(ysolde.id)) is None  # it has moved this turn


def test_only_a_heroic_npc_picks_its_firing_hex_by_the_heroes_eyes():
    battle = _start("crystal_vault")  # plain SWN: no Fray Die, no hit-dice NPCs
    me = battle.combatant(battle.current())
    assert me.unit != "hd"
    assert firing_hex_decision(battle, battle.options(me.id, groups=("move",)), me) is None

"""The tactical computer player: registered as `tactical`, its sums, its reasons, its strength.

Strength is measured in mirrored fights (`game.simulate.mirror`): the tactical player takes
each fighting camp in turn against the plain computer player (or the random baseline) with
the same seeded dice; the fair comparison is camp by camp (its win rate holding a camp
against the opponent's holding the same camp). Few fights here, seeded, so the test is
deterministic; the 1,000-fight figures live in benchmarks/players.py.
"""

from dataclasses import replace
from fractions import Fraction

import pytest

from game.actions import EndTurn, Hold, OverwatchFire, from_json, to_json
from game.battle import Battle, load_catalog
from game.events import Explained
from game.hexgrid import Hex
from game.options import GrenadeOption, Landing
from game.savefile import load_scenario_or_fail
from game.scenario.summary import MAPS_DIR
from game.simulate.mirror import mirrored
from game.simulate.plans import PlanError, side_policies
from game.simulate.policies import make_policy, policy_names
from game.tactical import decide, grenade_value, mean_damage

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


@pytest.mark.parametrize(("dice", "mean"), [("2d6+1", Fraction(8)), ("1d8", Fraction(9, 2)), ("d4-1", Fraction(3, 2)), ("3", Fraction(3))])
def test_the_mean_of_a_damage_roll(dice, mean):
    assert mean_damage(dice) == mean


def test_a_grenade_is_weighed_over_its_whole_spread():
    # a hit (1/2) catches both enemies; a stray landing (1/2) catches one enemy and a friend
    throw = GrenadeOption("grenade", None, at=Hex(3, 3), spread=(
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


@pytest.mark.parametrize("name", MAPS)
def test_holding_the_same_camp_it_does_no_worse_than_the_plain_computer_player(name):
    tally = mirrored(MAPS_DIR / f"{name}.tmx", "tactical", "computer", fights=12)
    assert tally.edge() >= 0


@pytest.mark.parametrize("name", ["relay_station_ambush", "crystal_vault"])
def test_holding_the_same_camp_it_does_better_than_the_random_baseline(name):
    tally = mirrored(MAPS_DIR / f"{name}.tmx", "tactical", "random", fights=12)
    assert tally.edge() > 0

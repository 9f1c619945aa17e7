"""Hero points (seed 004) on the checks at the start of a Starfarer round (seed 003, 3.6.6-3.6.7):
the mortally wounded's survival check each round, bleeding stopping by itself, the shock and
survival checks bleeding calls for, coming to. A hero who fails one is asked like on any other
roll, unconscious or dying as it may be; the round's start stops there and goes on after the
decision (the remaining checks in order, then the action points). Dice are scripted faces."""

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from game.actions import Attack, CounterHeroPoint, EndTurn, Hold, SpendHeroPoint, from_json, to_json
from game.players.answers import answer_prompt
from game.players.plain import choose_action, play
from game.battle import Battle
from game.events import BleedingStopped, CameTo, Fell, HeroDieRolled, HeroPointCountered, TaskChecked
from game.hexgrid import Hex
from game.prompts import CounterChance, HeroPointChance, NegationChance
from game.rules.catalog import load_catalog
from game.savefile import load_scenario_or_fail
from game.ui.answers import answer_entries

from kit import scenario, unit
from starfarer_kit import end_round, phase_of, rounds_until

REYES, KITAI, VANE = 1, 2, 3
HERO = ("hero_points",)
MAPS = Path(__file__).resolve().parent.parent / "maps"


def _checks(events, name: str) -> list[TaskChecked]:
    return [e for e in events if isinstance(e, TaskChecked) and e.check == name]


def _battle(kitai_side: str = "enemies", reyes_points: int = 0) -> Battle:
    """Reyes (marine) and Kitai (1 hero point) next to each other, Vane (pirate) on Kitai's side
    away from them (tests/test_battle_starfarer_body.py's fight, with hero points on)."""
    reyes_side = "pcs" if kitai_side == "enemies" else "enemies"
    units = [unit(REYES, "marine", reyes_side, Hex(0, 0), name="Reyes", hero_points=reyes_points),
             unit(KITAI, "kitai", kitai_side, Hex(1, 0), name="Kitai", hero_points=1),
             unit(VANE, "pirate", kitai_side, Hex(-4, 4), name="Vane")]
    return Battle.from_scenario(scenario(units, ruleset="starfarer", modules=HERO), seed=4)


# --- the mortally wounded's survival check each round -------------------------------------------


def _dying_kitai_fails_in_round_two(battle: Battle) -> list:
    """33: LOS 2, the chest, 16: a mortal wound; Kitai takes it (no negation) and passes the first
    survival check, (END 5, ESS 6) x 8 = 88, on 50. Round 2: -1 on each trait, (4+5) x 8 = 72; 80 fails."""
    phase_of(battle, REYES)
    battle.submit(Attack(REYES, target=KITAI, faces=(33,)))
    battle.submit(Hold(KITAI, faces=(50,)))
    assert battle.combatant(KITAI).down == "mortally wounded"
    events = end_round(battle, (80,))
    assert [(e.task.mcs, e.task.roll) for e in _checks(events, "survival")] == [(72, 80)]
    return events


def test_a_dying_hero_who_fails_the_survival_check_is_asked_lying_down_with_the_exact_chance():
    battle = _battle()
    events = _dying_kitai_fails_in_round_two(battle)
    asked = battle.pending()
    assert isinstance(asked, HeroPointChance) and asked.question == "Kitai failed the survival check: spend a hero point on it?"
    assert battle.combatant(KITAI).down == "mortally wounded" and not battle.combatant(KITAI).in_fight
    assert not any(isinstance(e, Fell) for e in events)  # not dead yet: the check waits on the decision
    assert battle.log[-1] == _checks(events, "survival")[-1]  # nothing after it: no action points rolled yet
    assert battle.state.round == 2
    # 8 to take off: a bought die counts at least 10
    spend = battle.options(KITAI).allowed("spend_hero_point")
    assert [o.chance for o in spend] == [1]
    assert battle.options(KITAI).allowed("hold")


def test_a_dying_heros_survival_check_bought_back_keeps_it_alive_and_the_round_goes_on():
    battle = _battle()
    _dying_kitai_fails_in_round_two(battle)
    outcome = battle.submit(SpendHeroPoint(KITAI, faces=(3, 1, 1)))  # counts 10: 70; then Reyes and Vane roll 1
    assert outcome.accepted
    assert [(e.task.roll, e.task.success) for e in _checks(outcome.events, "survival")] == [(70, True)]
    assert battle.combatant(KITAI).down == "mortally wounded" and battle.combatant(KITAI).hero_points == 0
    assert battle.pending() is None and battle.state.round == 2
    assert battle.current() in (REYES, VANE)  # the round's first phase has begun
    assert any("action points" in line for line in outcome.lines)


def test_a_dying_heros_failed_survival_check_let_stand_kills_it():
    battle = _battle()
    _dying_kitai_fails_in_round_two(battle)
    outcome = battle.submit(Hold(KITAI))
    assert next(e for e in outcome.events if isinstance(e, Fell)).fate == "died of wounds"
    assert battle.combatant(KITAI).down == "dead" and battle.combatant(KITAI).hero_points == 1
    assert battle.pending() is None and battle.current() in (REYES, VANE)


def test_only_the_decider_answers_from_out_of_the_fight_and_only_this_decision():
    battle = _battle()
    _dying_kitai_fails_in_round_two(battle)
    assert battle.submit(EndTurn(REYES)).reason.startswith("waiting for a decision: Kitai failed")
    battle.submit(SpendHeroPoint(KITAI, faces=(3,)))
    assert battle.options(KITAI).allowed() == ()  # dying, with no decision of its own open
    assert battle.submit(Hold(KITAI)).reason == "that combatant is out of the fight"


def test_an_npc_counters_a_dying_pcs_spend_and_the_check_stands():
    battle = _battle(kitai_side="pcs", reyes_points=1)  # Kitai the PC hero; Reyes an NPC with a point
    _dying_kitai_fails_in_round_two(battle)
    battle.submit(SpendHeroPoint(KITAI))
    asked = battle.pending()
    assert isinstance(asked, CounterChance) and asked.decider == REYES and battle.combatant(REYES).in_fight
    assert answer_prompt(battle.options(REYES)) == CounterHeroPoint(REYES)  # the computer counters
    outcome = battle.submit(CounterHeroPoint(REYES))
    assert any(isinstance(e, HeroPointCountered) for e in outcome.events)
    assert not any(isinstance(e, HeroDieRolled) for e in outcome.events)
    assert battle.combatant(KITAI).down == "dead"  # every die countered: the 80 stands
    assert (battle.combatant(KITAI).hero_points, battle.combatant(REYES).hero_points) == (0, 0)
    assert battle.pending() is None and battle.current() in (REYES, VANE)


# --- bleeding: its self-stopping check, and the shock check it calls for --------------------------


def _arm_wounded() -> Battle:
    """Reyes's rifle hits Kitai's right arm: 8, a medium wound bleeding 2 a round; Kitai takes it."""
    battle = _battle()
    phase_of(battle, REYES)
    battle.submit(Attack(REYES, target=KITAI, faces=(47,)))
    battle.submit(Hold(KITAI))
    return battle


def test_a_shock_check_bleeding_calls_for_may_be_bought_and_keeps_the_hero_conscious():
    battle = _arm_wounded()
    # Round 2: bleeding takes Kitai from 8 to 10 shock, a multiple of the basic 10: (5+6) x 8 = 88; 95 fails
    events = end_round(battle, (95,))
    assert [(e.task.mcs, e.task.roll) for e in _checks(events, "shock")] == [(88, 95)]
    assert battle.pending().question == "Kitai failed the shock check: spend a hero point on it?"
    outcome = battle.submit(SpendHeroPoint(KITAI, faces=(3, 1, 10)))  # 85; Reyes rolls 1, Kitai 10
    assert [(e.task.roll, e.task.success) for e in _checks(outcome.events, "shock")] == [(85, True)]
    assert battle.combatant(KITAI).in_fight and battle.current() == KITAI


def test_a_shock_check_bleeding_calls_for_let_stand_knocks_the_hero_out():
    battle = _arm_wounded()
    end_round(battle, (95,))
    outcome = battle.submit(Hold(KITAI))
    assert next(e for e in outcome.events if isinstance(e, Fell)).fate == "unconscious"
    assert battle.pending() is None and battle.current() == REYES


def _bleeding_check_failed() -> tuple[Battle, list]:
    """Round 3: the arm has bled 2 rounds at 2: (END 5 twice) x (5 - 2) = 30 to stop a point by
    itself; 45 fails by 15 (tests/test_battle_starfarer_body.py passes it on 25)."""
    battle = _arm_wounded()
    end_round(battle, (50, 1, 10))  # round 2: the shock check passes, Kitai first
    events = end_round(battle, (45,))
    assert [(e.location, e.task.mcs, e.task.roll) for e in _checks(events, "bleeding")] == [("right_arm", 30, 45)]
    return battle, events


def test_a_failed_bleeding_check_is_asked_about_before_the_action_points():
    battle, events = _bleeding_check_failed()
    assert battle.pending().question == "Kitai failed the bleeding check for the right arm: spend a hero point on it?"
    # 15 to take off: 15-19 (5 faces), a 10 then 5 or more (16 of 20), a 20: 6.8 of 20
    assert battle.options(KITAI).allowed("spend_hero_point")[0].chance == Fraction(17, 50)
    assert not any(isinstance(e, BleedingStopped) for e in events)
    assert answer_entries(battle.options(KITAI)) == [  # the window's answer buttons
        ("spend_hero_point", "Spend hero point: 1 own (34% to turn the roll)"), ("hold", "Hold")]


def test_a_bleeding_check_bought_stops_a_point_of_bleeding():
    battle, _ = _bleeding_check_failed()
    outcome = battle.submit(SpendHeroPoint(KITAI, faces=(15, 1, 1)))  # 30: made, LOS 0, stops 1
    assert [(e.task.roll, e.task.los) for e in _checks(outcome.events, "bleeding")] == [(30, 0)]
    stopped = next(e for e in outcome.events if isinstance(e, BleedingStopped))
    assert (stopped.location, stopped.stopped, stopped.rate) == ("right_arm", 1, (2, 1))
    assert battle.pending() is None and battle.current() in (REYES, KITAI)


def test_a_bleeding_check_let_stand_stops_nothing():
    battle, _ = _bleeding_check_failed()
    outcome = battle.submit(Hold(KITAI))
    assert not any(isinstance(e, BleedingStopped) for e in outcome.events)
    assert battle.combatant(KITAI).hero_points == 1 and battle.pending() is None


# --- coming to ---------------------------------------------------------------------------------


def test_an_unconscious_hero_buys_the_check_to_come_to_and_stands_up_where_it_lay():
    battle = _battle()
    phase_of(battle, REYES)
    battle.submit(Attack(REYES, target=KITAI, faces=(27,)))  # LOS 2: the right arm maimed, 16
    battle.submit(Hold(KITAI, faces=(60,)))  # the shock check, MCS 33, fails by 27: LOF 3
    battle.submit(Hold(KITAI))  # let it stand: unconscious for 3 rounds, the point kept
    fell = battle.state.round
    rounds_until(battle, fell + 3)
    events = end_round(battle, (90,))  # the maimed arm (-5): (5+6) x 8 = 33 to come to; 90 fails
    assert [(e.task.mcs, e.task.roll) for e in _checks(events, "shock (to come to)")] == [(33, 90)]
    assert battle.pending().question == "Kitai failed the shock check to come to: spend a hero point on it?"
    outcome = battle.submit(SpendHeroPoint(KITAI, faces=(20, 20, 17)))  # 57 off: 33
    assert [(e.task.roll, e.task.success) for e in _checks(outcome.events, "shock (to come to)")] == [(33, True)]
    assert any(isinstance(e, CameTo) for e in outcome.events)
    assert battle.combatant(KITAI).in_fight and battle.combatant(KITAI).hex == Hex(1, 0)


# --- replay, undo, whole fights ------------------------------------------------------------------


def test_a_round_start_decision_replays_from_json_and_undoes_exactly():
    battle = _battle()
    _dying_kitai_fails_in_round_two(battle)
    before = battle.state
    battle.submit(SpendHeroPoint(KITAI))  # the seeded die, then the round's points
    again = _battle()
    for action in battle.actions:
        assert again.submit(from_json(to_json(action))).accepted
    assert again.state == battle.state and again.log == battle.log
    battle.undo()
    assert battle.state == before and isinstance(battle.pending(), HeroPointChance)


def _with_hero_points(points: int):
    loaded = load_scenario_or_fail(MAPS / "derelict_hold.tmx", load_catalog())
    units = tuple(replace(u, overrides={**u.overrides, "hero_points": points}) for u in loaded.units)
    return replace(loaded, modules=loaded.modules | {"hero_points"}, units=units)


def test_derelict_hold_with_hero_points_plays_to_the_end_with_round_start_decisions_and_replays():
    """Computer against computer, two points each: the computer answers the round-start decisions
    (a dying or unconscious decider too) and the fights replay from their actions as JSON."""
    setup, asked = _with_hero_points(2), 0
    for seed in (1, 2, 3):
        battle = Battle.from_scenario(setup, seed=seed)
        for _ in range(5000):
            if battle.state.ended:
                break
            asked += battle.pending() is not None and battle.pending().answered_down
            assert battle.submit(choose_action(battle)).accepted
        assert battle.state.ended
        again = Battle.from_scenario(setup, seed=seed)
        for action in battle.actions:
            assert again.submit(from_json(to_json(action))).accepted
        assert again.state == battle.state and again.log == battle.log
    assert asked >= 1


def test_holding_every_hero_point_decision_rolls_the_fight_exactly_as_without_hero_points():
    """derelict_hold, the computer choosing every action and every decision held: the round's start
    stops at each hero's failed check and goes on from there in the same order, so the log is the
    very log of the fight without hero points. Seed 1 also has a hit taking Oro into the x6 bracket
    (health 0, out of the fight) whose survival check he is asked about and answers."""
    plain = load_scenario_or_fail(MAPS / "derelict_hold.tmx", load_catalog())
    for seed in (1, 2):
        held, asked = Battle.from_scenario(_with_hero_points(2), seed=seed), 0
        for _ in range(5000):
            prompt = held.pending()
            if held.state.ended:
                break
            if isinstance(prompt, (HeroPointChance, NegationChance)):
                asked += prompt.answered_down
                assert held.submit(Hold(prompt.decider)).accepted
            else:
                assert held.submit(choose_action(held)).accepted
        without = Battle.from_scenario(plain, seed=seed)
        play(without)
        assert asked >= 5 and held.state.ended and held.log == without.log

"""Negating damage (seed 004, Negating Damage) from every SWN attack, not only a shot's hit: a
character caught in a blast, struck by a charge's blow or a ram, hit by a squad's volley, cut by a
knife's shock on a miss or shoved against a wall is asked before taking it, and may spend a point
(three shock picks: 3 off the damage each). The options show the damage then dealt and whether it
still drops the character; the computer negates only to stay standing."""

from game.actions import Attack, Charge, Hold, NegateDamage, Shove, ThrowGrenade
from game.players.answers import answer_prompt
from game.components import Dead, Health, Prone
from game.events import BlastStruck, DamageNegated
from game.hexgrid import Hex
from game.prompts import NegationChance

from kit import battle_at, pass_turns_until, texts, unit

ROOK, ANA, BO = 1, 2, 3


def _battle(units, **options):
    return battle_at(units, ROOK, modules=("hero_points",), **options)


def _offered(battle, who: int = ANA):
    """(damage, drops) of each answer to the open negation decision, the negations first."""
    return [(o.kind, o.damage, o.drops) for o in battle.options(who).allowed()]


# -- a grenade's blast ---------------------------------------------------------------------
def _blast(**ana):
    thug = unit(ROOK, "thug", "enemies", Hex(0, 0), name="Rook", weapon="frag_grenade")
    hero = unit(ANA, "pc_warrior", "pcs", Hex(3, 0), name="Ana", hero_points=1, **ana)
    bo = unit(BO, "pc_expert", "pcs", Hex(3, 1), name="Bo")
    return _battle([thug, hero, bo])


def test_a_hero_in_a_blast_is_asked_before_taking_her_share_and_the_blast_goes_on_after():
    battle = _blast()
    thrown = battle.submit(ThrowGrenade(ROOK, at=Hex(3, 0), faces=(19, 6, 6, 15)))  # hit; 2d6 12; Ana saves on 15
    asked = battle.pending()
    assert isinstance(asked, NegationChance) and asked.decider == ANA and asked.amount == 6  # half of 12
    assert asked.question == "Rook's frag grenade deals 6 damage to Ana: spend hero points to negate some of it?"
    assert [e.target for e in thrown.events if isinstance(e, BlastStruck)] == [ANA]  # Bo waits behind her
    assert battle.world.get(ANA, Health).current == 18
    # the picks come off the blast's roll before the save halves it: 12 - 9 = 3, half is 1
    assert _offered(battle) == [("negate_damage", 1, False), ("hold", 6, False)]
    outcome = battle.submit(NegateDamage(ANA, picks=("shock",) * 3, faces=(4,)))  # then Bo's save: 4 fails
    assert texts(outcome)[:2] == ["Ana spends a hero point to negate damage (shock, shock, shock; 0 left): 6 -> 1.",
                                  "Ana takes 1: 18 -> 17 HP."]
    assert [e.target for e in outcome.events if isinstance(e, BlastStruck)] == [BO]
    assert battle.world.get(ANA, Health).current == 17 and battle.world.get(BO, Health).current == 0


def test_a_hero_taking_the_blast_keeps_her_point_and_the_others_are_struck_in_order():
    battle = _blast()
    battle.submit(ThrowGrenade(ROOK, at=Hex(3, 0), faces=(19, 6, 6, 15)))
    outcome = battle.submit(Hold(ANA, faces=(18,)))  # Bo saves on 18
    assert battle.world.get(ANA, Health).current == 12 and battle.combatant(ANA).hero_points == 1
    assert [(e.target, e.hit.damage) for e in outcome.events if isinstance(e, BlastStruck)] == [(BO, 6)]


def test_a_blast_that_would_drop_her_the_computer_negates_just_enough_to_stay_standing():
    battle = _blast(hp=10)
    battle.submit(ThrowGrenade(ROOK, at=Hex(3, 0), faces=(19, 6, 6, 2)))  # Ana fails the save
    battle.submit(Hold(ANA))  # she lets the failed save stand (her point could buy it): 12 would drop her
    assert _offered(battle) == [("negate_damage", 3, False), ("hold", 12, True)]
    answer = answer_prompt(battle.options(ANA))
    assert isinstance(answer, NegateDamage) and answer.picks == ("shock",) * 3


def test_a_blast_she_survives_anyway_the_computer_takes():
    battle = _blast()
    battle.submit(ThrowGrenade(ROOK, at=Hex(3, 0), faces=(19, 6, 6, 15)))
    assert isinstance(answer_prompt(battle.options(ANA)), Hold)


# -- a charge's blow and a ram -------------------------------------------------------------
def test_a_charges_blow_is_negated_before_it_lands_and_then_knocks_her_prone():
    thug = unit(ROOK, "thug", "enemies", Hex(0, 0), name="Rook", weapon="knife")
    hero = unit(ANA, "pc_warrior", "pcs", Hex(3, 0), name="Ana", hero_points=1)
    battle = _battle([thug, hero])
    battle.submit(Charge(ROOK, target=ANA, path=(Hex(1, 0), Hex(2, 0)), faces=(19, 6, 4)))  # 1d6 6 beats the knife's 4
    assert isinstance(battle.pending(), NegationChance) and not battle.world.has(ANA, Prone)
    assert _offered(battle) == [("negate_damage", 0, False), ("hold", 6, False)]
    outcome = battle.submit(NegateDamage(ANA, picks=("shock", "shock")))
    assert next(e for e in outcome.events if isinstance(e, DamageNegated)).after == 0
    assert battle.world.get(ANA, Health).current == 18 and battle.world.has(ANA, Prone)  # the blow still strikes


def _rammed(**target):
    car = unit(ROOK, "ground_car", "enemies", Hex(0, 0), name="Car")
    return _battle([car, target.pop("unit", None) or unit(ANA, "pc_warrior", "pcs", Hex(4, 0), name="Ana",
                                                          hero_points=1, **target)])


def test_a_ram_that_would_drop_her_is_negated_then_the_pilot_check_and_recoil_follow():
    battle = _rammed()
    battle.submit(Charge(ROOK, target=ANA, path=(Hex(1, 0), Hex(2, 0), Hex(3, 0)), faces=(19, 6, 6, 6, 1, 1)))
    assert _offered(battle) == [("negate_damage", 9, False), ("hold", 18, True)]
    answer = answer_prompt(battle.options(ANA))
    outcome = battle.submit(answer)
    assert battle.world.get(ANA, Health).current == 18 - 9
    assert "Car takes all of the 18: 18 - 6 armor = 12." in texts(outcome)  # the crash is the roll's, not what she took


def test_a_crew_negates_a_ram_on_their_trademark_mech():
    mech = unit(ANA, "light_mech", "pcs", Hex(4, 0), name="Old Faithful", armor=0, hero_points=1,
                trademark="light_mech")
    battle = _rammed(unit=mech)
    battle.submit(Charge(ROOK, target=ANA, path=(Hex(1, 0), Hex(2, 0), Hex(3, 0)), faces=(19, 6, 6, 6, 1, 1)))
    assert isinstance(battle.pending(), NegationChance) and battle.pending().amount == 18
    battle.submit(NegateDamage(ANA, picks=("shock",) * 3))
    assert battle.combatant(ANA).health == 40 - 9


# -- a squad's volley, shock on a miss, a shove into a wall --------------------------------
def test_a_squads_volley_on_a_hero_waits_for_her_and_its_flat_damage_loses_3_a_pick():
    rifles = unit(ROOK, "veteran_soldier", "enemies", Hex(0, 0), count=6, name="Rifles", attack_bonus=0)
    hero = unit(ANA, "pc_warrior", "pcs", Hex(3, 0), name="Ana", hero_points=1, hp=40)
    battle = _battle([rifles, hero])
    battle.submit(Attack(ROOK, target=ANA, faces=(19,)))  # full: 6.5 x 6 units = 39
    assert battle.pending().question == ("Rifles's volley deals 39 damage to Ana: "
                                         "spend hero points to negate some of it?")
    assert _offered(battle) == [("negate_damage", 30, False), ("hold", 39, False)]
    battle.submit(Hold(ANA))
    assert battle.world.get(ANA, Health).current == 1


def test_a_knifes_shock_on_a_miss_is_damage_from_the_attack_and_may_be_negated():
    thug = unit(ROOK, "thug", "enemies", Hex(0, 0), name="Rook", weapon="knife")
    hero = unit(ANA, "pc_warrior", "pcs", Hex(1, 0), name="Ana", hero_points=1, ac=12)
    battle = _battle([thug, hero])
    missed = battle.submit(Attack(ROOK, target=ANA, faces=(2,)))
    assert texts(missed)[-1] == "Shock: Ana still takes 1 from the miss."
    assert _offered(battle) == [("negate_damage", 0, False), ("hold", 1, False)]
    battle.submit(NegateDamage(ANA, picks=("shock",)))
    assert battle.world.get(ANA, Health).current == 18 and battle.pending() is None


def test_a_shove_into_a_wall_of_bodies_with_the_damage_setting_may_be_negated():
    thug = unit(ROOK, "thug", "enemies", Hex(0, 0), name="Rook")
    hero = unit(ANA, "pc_warrior", "pcs", Hex(1, 0), name="Ana", hero_points=1)
    wall = unit(BO, "thug", "enemies", Hex(2, 0), name="Wall")
    battle = _battle([thug, hero, wall], settings={"shove_blocked_damage": True})
    battle.submit(Shove(ROOK, target=ANA, faces=(19, 5)))  # hit; blocked by Wall, 1d6 5
    assert _offered(battle) == [("negate_damage", 0, False), ("hold", 5, False)]
    battle.submit(Hold(ANA))
    assert battle.world.get(ANA, Health).current == 13


def test_nobody_is_asked_without_the_module_and_the_blast_rolls_on_as_before():
    thug = unit(ROOK, "thug", "enemies", Hex(0, 0), name="Rook", weapon="frag_grenade")
    hero = unit(ANA, "pc_warrior", "pcs", Hex(3, 0), name="Ana", hero_points=1)
    bo = unit(BO, "pc_expert", "pcs", Hex(3, 1), name="Bo")
    battle = battle_at([thug, hero, bo], ROOK)
    outcome = battle.submit(ThrowGrenade(ROOK, at=Hex(3, 0), faces=(19, 6, 6, 15, 4)))
    assert battle.pending() is None
    assert [e.target for e in outcome.events if isinstance(e, BlastStruck)] == [ANA, BO]


# -- heroic overflow (seed 000's mag rifle through three 1 HD thugs) -------------------------
def test_overflow_is_the_attacks_damage_a_thug_with_a_point_negates_it_and_then_the_spill_goes_on():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="mag_rifle", dex=0)  # +3, Shoot 1
    thugs = [unit(2, "thug", "enemies", Hex(4, 0), name="Rook"),
             unit(3, "thug", "enemies", Hex(2, 0), name="Brass", ac=17),
             unit(4, "thug", "enemies", Hex(0, -5), name="Kell", hero_points=1),
             unit(5, "thug", "enemies", Hex(0, 6), name="Mott"),
             unit(6, "thug", "enemies", Hex(7, 0), name="Pike")]
    battle = battle_at([ana, *thugs], 1, seed=5, ruleset="swn-heroic", radius=8, modules=("hero_points",))
    shot = texts(battle.submit(Attack(1, target=2, faces=(12, 5, 2))))  # 16 hits Rook: 3 points, 2 to spare
    assert shot[-1] == "Overflow: Ana's mag rifle shot carries 1 spare point on to Kell (needs 12, the roll made 16)."
    asked = battle.pending()
    assert asked.question == "Ana's overflow deals 1 damage to Kell: spend hero points to negate some of it?"
    assert not battle.world.has(5, Dead)  # the spill waits at Kell: Mott's point comes after
    assert _offered(battle, 4) == [("negate_damage", 0, False), ("hold", 1, True)]
    after = texts(battle.submit(answer_prompt(battle.options(4))))  # the computer negates to stay standing
    assert after[0] == "Kell spends a hero point to negate damage (shock, shock, shock; 0 left): 1 -> 0."
    assert after[1] == "Overflow: Ana's mag rifle shot carries 1 spare point on to Mott (needs 12, the roll made 16)."
    assert battle.world.get(4, Health).current == 1 and battle.world.has(5, Dead) and battle.pending() is None


def test_an_overflow_held_rolls_on_exactly_as_without_hero_points():
    def fight(points: int):
        ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="mag_rifle", dex=0)
        thugs = [unit(2, "thug", "enemies", Hex(4, 0), name="Rook"),
                 unit(4, "thug", "enemies", Hex(0, -5), name="Kell", hero_points=points),
                 unit(5, "thug", "enemies", Hex(0, 6), name="Mott")]
        return battle_at([ana, *thugs], 1, seed=5, ruleset="swn-heroic", radius=8, modules=("hero_points",))
    held, plain = fight(1), fight(0)
    held.submit(Attack(1, target=2, faces=(12, 5, 2)))
    plain.submit(Attack(1, target=2, faces=(12, 5, 2)))
    kell = held.pending().decider
    held.submit(Hold(kell))
    assert held.log == plain.log and held.world.get(kell, Health).current == 0


def test_a_charges_overflow_waits_at_the_hero_then_the_chargers_save_follows_as_without_points():
    def fight(points: int):
        ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")  # a rifle in hand: she charges bare-handed
        rook = unit(2, "thug", "enemies", Hex(3, 0), name="Rook")
        kell = unit(3, "thug", "enemies", Hex(3, -1), name="Kell", hero_points=points)
        return battle_at([ana, rook, kell], 1, seed=5, ruleset="swn-heroic", modules=("hero_points",))
    held, plain = fight(1), fight(0)
    for battle in (held, plain):
        battle.submit(Charge(1, target=2, path=(Hex(1, 0), Hex(2, 0)), faces=(19, 6, 9)))  # 2 points; save 9 fails
    assert held.pending().question == "Ana's overflow deals 1 damage to Kell: spend hero points to negate some of it?"
    assert not held.world.has(1, Prone)  # her failed save waits behind the spill
    after = texts(held.submit(Hold(3)))
    assert after[:4] == ["Kell takes 1: 1 -> 0 HD, down.", "Kell is down.",
                         "Ana rolls an Evasion save d20 9 vs 12: failed.", "Ana falls prone next to Rook."]
    assert held.log == plain.log


def test_a_pc_lying_at_0_caught_in_a_blast_answers_lying_down_and_negating_it_all_keeps_her_alive():
    # SWN core: a PC at 0 HP hurt again dies; the blast's whole share negated, nothing hurts her.
    rook = unit(ROOK, "thug", "enemies", Hex(0, 0), name="Rook")
    kit = unit(ANA, "pc_warrior", "pcs", Hex(3, 0), name="Kit", hp=1, hero_points=1)
    boomer = unit(BO, "grenadier", "enemies", Hex(0, 2), name="Boomer")
    battle = _battle([rook, kit, boomer, unit(4, "pc_expert", "pcs", Hex(-5, 0), name="Mira")])
    battle.submit(Attack(ROOK, target=ANA, faces=(20, 3)))
    pass_turns_until(battle, BO)
    assert not battle.combatant(ANA).in_fight
    battle.submit(ThrowGrenade(BO, at=Hex(3, 0), faces=(15, 3, 3)))  # lying there: no save, 6
    asked = battle.pending()
    assert isinstance(asked, NegationChance) and asked.answered_down and asked.amount == 6
    assert _offered(battle) == [("negate_damage", 0, False), ("hold", 6, True)]
    battle.submit(answer_prompt(battle.options(ANA)))  # the computer keeps her alive
    assert not battle.world.has(ANA, Dead) and battle.world.get(ANA, Health).current == 0


# -- replay and undo ---------------------------------------------------------------------------
def test_a_blast_negated_replays_from_its_actions_as_json_and_undoes_to_the_open_decision():
    from game.actions import from_json, to_json

    battle = _blast()
    battle.submit(ThrowGrenade(ROOK, at=Hex(3, 0), faces=(19, 6, 6, 15)))
    before = battle.state
    battle.submit(NegateDamage(ANA, picks=("shock", "shock")))  # Bo's save from the seeded dice
    again = _blast()
    for action in battle.actions:
        assert again.submit(from_json(to_json(action))).accepted
    assert again.state == battle.state and again.log == battle.log
    assert battle.undo() and battle.state == before and isinstance(battle.pending(), NegationChance)


# -- whole fights ------------------------------------------------------------------------------
def _squad_ridge(points: int):
    """squad_ridge with the module hero_points on and every unit holding `points`."""
    from dataclasses import replace
    from pathlib import Path

    from game.rules.catalog import load_catalog
    from game.savefile import load_scenario_or_fail

    loaded = load_scenario_or_fail(Path(__file__).resolve().parent.parent / "maps" / "squad_ridge.tmx", load_catalog())
    units = tuple(replace(u, overrides={**u.overrides, "hero_points": points}) for u in loaded.units)
    return replace(loaded, modules=loaded.modules | {"hero_points"}, units=units)


def test_squad_ridge_with_hero_points_plays_to_the_end_with_volleys_negated_and_replays():
    """Computer against computer, three points each: heroes the squads' volleys would drop negate
    them, and the fights replay from their actions as JSON."""
    from game.actions import from_json, to_json
    from game.players.plain import choose_action
    from game.battle import Battle

    setup, negated = _squad_ridge(3), 0
    for seed in (1, 2, 3):
        battle = Battle.from_scenario(setup, seed=seed)
        for _ in range(5000):
            if battle.state.ended:
                break
            prompt = battle.pending()
            action = choose_action(battle)
            from_a_volley = isinstance(prompt, NegationChance) and prompt.waiting is not None
            negated += from_a_volley and isinstance(action, NegateDamage)
            assert battle.submit(action).accepted
        assert battle.state.ended
        again = Battle.from_scenario(setup, seed=seed)
        for action in battle.actions:
            assert again.submit(from_json(to_json(action))).accepted
        assert again.state == battle.state and again.log == battle.log
    assert negated >= 1


def test_holding_every_decision_on_squad_ridge_rolls_the_fight_exactly_as_without_hero_points():
    """The module on (so the volleys count the Many-on-One bonus either way), three points each and
    every decision held, against nobody holding a point: the very same fight, event for event."""
    from game.players.plain import choose_action
    from game.battle import Battle
    from game.prompts import HeroPointChance

    for seed in (1, 2):
        plain = Battle.from_scenario(_squad_ridge(0), seed=seed)
        held, asked = Battle.from_scenario(_squad_ridge(3), seed=seed), 0
        for _ in range(5000):
            if held.state.ended:
                break
            prompt = held.pending()
            if isinstance(prompt, (HeroPointChance, NegationChance)):
                asked += isinstance(prompt, NegationChance) and prompt.waiting is not None
                assert held.submit(Hold(prompt.decider)).accepted
            else:
                assert held.submit(choose_action(held)).accepted
        for _ in range(5000):
            if plain.state.ended:
                break
            assert plain.submit(choose_action(plain)).accepted
        assert asked >= 1 and held.log == plain.log

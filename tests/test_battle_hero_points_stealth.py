"""Hero points (seed 004) on These Lucky Stars stealth (seed 001, Stealth: target 8, a searcher
rolls INS): a combatant whose stealth roll (hiding, or moving silently) failed may buy dice on it
and hides with the roll as it then stands; a searcher who did not find someone may buy dice on
that search roll, and the search then goes on to the other hiders."""

from fractions import Fraction

from game.actions import EndTurn, Hide, Hold, Search, SpendHeroPoint, Step, Attack
from game.systems.rulesets.lucky_stars.components import Unseen
from game.events import ContestRolled
from game.hexgrid import Hex
from game.prompts import HeroPointChance

from kit import FOREST, battle_at, pass_turns_until, unit

ROOK, GASH, MOTT = 1, 2, 3
TREES = {Hex(0, 1): FOREST, Hex(-1, 1): FOREST, Hex(0, -1): FOREST}


def _battle(rook_points: int = 0, gash_points: int = 0, mott: bool = False):
    units = [unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", hero_points=rook_points),
             unit(2, "pirate", "enemies", Hex(4, 0), name="Gash", weapon="blaster_pistol", hero_points=gash_points)]
    if mott:
        units.append(unit(3, "spacer", "pcs", Hex(1, -1), name="Mott"))
    return battle_at(units, first=ROOK, ruleset="lucky-stars", terrain=TREES, modules=("hero_points",))


def test_rook_who_failed_to_hide_is_asked_and_a_bought_die_hides_him():
    battle = _battle(rook_points=1)
    failed = battle.submit(Hide(ROOK, faces=(1, 2)))  # 3 + AGI 2 = 5 against 8
    assert failed.lines[-1] == "Rook tries to hide: 2d6+AGI: [1, 2] +2 AGI = 5 against 8: finds nowhere unseen to hide."
    asked = battle.pending()
    assert isinstance(asked, HeroPointChance) and asked.question == "Rook failed the stealth roll: spend a hero point on it?"
    assert battle.options(ROOK).allowed("spend_hero_point")[0].chance == 1  # 3 short
    outcome = battle.submit(SpendHeroPoint(ROOK, faces=(4,)))  # counts 10
    assert outcome.lines[-1] == ("Rook tries to hide: 2d6+AGI+HERO: [1, 2] +2 AGI +10 hero points = 15 against 8: "
                                 "hides.")
    assert battle.world.get(ROOK, Unseen).stealth.total == 15
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    assert battle.submit(Attack(GASH, target=ROOK)).reason == "Rook is hidden: search to find them first"


def test_rook_letting_the_failed_roll_stand_stays_seen_and_keeps_his_point():
    battle = _battle(rook_points=1)
    battle.submit(Hide(ROOK, faces=(1, 2)))
    assert battle.submit(Hold(ROOK)).accepted
    assert not battle.world.has(ROOK, Unseen) and battle.combatant(ROOK).hero_points == 1


def test_a_hidden_mover_whose_new_stealth_roll_failed_may_buy_it_back():
    battle = _battle(rook_points=1)
    battle.submit(Hide(ROOK, faces=(5, 5)))
    battle.submit(Step(ROOK, to=Hex(-1, 0), faces=(1, 1)))  # still beside the trees: 4 against 8
    assert isinstance(battle.pending(), HeroPointChance) and not battle.world.has(ROOK, Unseen)
    battle.submit(SpendHeroPoint(ROOK, faces=(7,)))
    assert battle.world.get(ROOK, Unseen).stealth.total == 14


def _hidden_rook(**kwargs):
    battle = _battle(**kwargs)
    battle.submit(Hide(ROOK, faces=(6, 6)))  # 14
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    return battle


def test_gash_who_did_not_find_rook_is_asked_with_the_exact_chance_of_finding_him():
    battle = _hidden_rook(gash_points=1)
    outcome = battle.submit(Search(GASH, faces=(1, 1)))  # INS 0: 2 against 14
    assert [e.won for e in outcome.events if isinstance(e, ContestRolled)] == [True]  # the hider holds
    asked = battle.pending()
    assert asked.question == "Gash did not find Rook: spend a hero point on it?"
    # 12 to make up: 12-19 (8 faces), a 10 then 2 or more (19 of 20), a 20: 9.95 of 20
    assert battle.options(GASH).allowed("spend_hero_point")[0].chance == Fraction(199, 400)


def test_gash_buys_a_die_on_the_search_and_a_tie_finds_rook():
    battle = _hidden_rook(gash_points=1)
    battle.submit(Search(GASH, faces=(1, 1)))
    outcome = battle.submit(SpendHeroPoint(GASH, faces=(12,)))  # 2 + 12 = 14: a tie finds
    assert "Gash spots Rook." in outcome.lines and not battle.world.has(ROOK, Unseen)


def test_the_search_waits_at_the_first_hider_then_goes_on_to_the_next():
    battle = _battle(gash_points=1, mott=True)
    battle.submit(Hide(ROOK, faces=(6, 6)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, MOTT)
    battle.submit(Hide(MOTT, faces=(4, 4)))  # 8 + AGI 2 = 10
    pass_turns_until(battle, GASH)
    first = battle.submit(Search(GASH, faces=(1, 1)))
    assert [e.actor for e in first.events if isinstance(e, ContestRolled)] == [ROOK]
    outcome = battle.submit(Hold(GASH, faces=(5, 5)))  # Rook stays hidden; 10 against Mott's 10 finds him
    assert [e.actor for e in outcome.events if isinstance(e, ContestRolled)] == [MOTT]
    assert battle.world.has(ROOK, Unseen) and not battle.world.has(MOTT, Unseen)


def test_a_search_with_a_decision_between_hiders_replays_to_the_same_state():
    battle = _battle(gash_points=1, mott=True)
    battle.submit(Hide(ROOK, faces=(6, 6)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, MOTT)
    battle.submit(Hide(MOTT, faces=(4, 4)))
    pass_turns_until(battle, GASH)
    battle.submit(Search(GASH, faces=(1, 1)))
    battle.submit(SpendHeroPoint(GASH))  # the seeded die, then Mott's roll
    again = _battle(gash_points=1, mott=True)
    for action in battle.actions:
        assert again.submit(action).accepted
    assert again.state == battle.state and again.log == battle.log


def test_a_hidden_mover_stepping_into_a_readied_attack_decides_its_stealth_roll_first():
    from game.actions import ReadyAttack
    from game.prompts import ReactionChance

    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", hero_points=1),
                        unit(2, "pirate", "enemies", Hex(2, 0), name="Gash", weapon="cutlass")],
                       first=GASH, ruleset="lucky-stars", terrain=TREES, modules=("hero_points",))
    assert battle.submit(ReadyAttack(GASH)).accepted
    pass_turns_until(battle, ROOK)
    battle.submit(Hide(ROOK, faces=(5, 5)))
    battle.submit(Step(ROOK, to=Hex(1, 0), faces=(1, 1)))  # beside Gash and the trees: 4 against 8
    assert [type(p) for p in battle.state.pending] == [HeroPointChance, ReactionChance]
    assert battle.pending().decider == ROOK

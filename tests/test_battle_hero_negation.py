"""Negating damage with hero points (seed 004, Negating Damage) under SWN: a character just hit,
with a point of their own or in the pool, may spend it before the damage is taken; each point buys
three picks, and SWN has only "remove three points of shock damage" (3 off the hit each). Nobody
may counter it. Heroic hits lose the points before the table reads the roll."""

from game.actions import Attack, Hold, NegateDamage, GmAwardHeroPoints
from game.players.answers import answer_prompt
from game.components import Health
from game.events import DamageNegated, DamageRolled
from game.hexgrid import Hex
from game.options import NegationOption
from game.prompts import NegationChance
from game.systems.rulesets import RULESETS

from kit import battle_at, texts, unit

THUG, VASK = 1, 2


def _hit_on_vask(vask_points: int = 1, thug_points: int = 0, ruleset: str = "swn", **vask):
    thug = unit(THUG, "thug", "enemies", Hex(0, 0), name="Thug", hero_points=thug_points, weapon="combat_rifle")
    target = unit(VASK, "pc_warrior", "pcs", Hex(2, 0), name="Vask", hero_points=vask_points, **vask)
    return battle_at([thug, target], first=THUG, modules=("hero_points",), ruleset=ruleset)


def test_each_ruleset_declares_what_a_pick_undoes_and_swn_has_only_shock():
    assert set(RULESETS["swn"].negation) == {"shock"} == set(RULESETS["swn-heroic"].negation)
    assert set(RULESETS["lucky-stars"].negation) == {"shock", "condition", "knockdown", "wound"}
    assert set(RULESETS["starfarer"].negation) == {"shock", "condition", "wound"}


def test_a_point_buys_three_shock_picks_9_off_a_10_point_hit_and_the_hit_still_strikes():
    battle = _hit_on_vask()
    hit = battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))  # a combat rifle's 1d12 shows 10
    rolled = next(e for e in hit.events if isinstance(e, DamageRolled))
    assert rolled.amount == 10 and isinstance(battle.pending(), NegationChance)
    assert battle.combatant(VASK).health == 18  # nothing taken before the decision
    first = battle.options(VASK).allowed("negate_damage")[0]
    assert (first.picks, first.damage, first.drops) == (("shock", "shock", "shock"), 1, False)
    outcome = battle.submit(first.action)
    negated = next(e for e in outcome.events if isinstance(e, DamageNegated))
    assert (negated.before, negated.after, negated.left) == (10, 1, 0)
    assert outcome.lines[0] == "Vask spends a hero point to negate damage (shock, shock, shock; 0 left): 10 -> 1."
    assert battle.combatant(VASK).health == 17 and battle.pending() is None


def test_taking_the_hit_keeps_the_point():
    battle = _hit_on_vask()
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    held = battle.options(VASK).allowed("hold")[0]
    assert isinstance(held, NegationOption) and (held.damage, held.drops) == (10, False)
    battle.submit(Hold(VASK))
    assert battle.combatant(VASK).health == 8 and battle.world.get(VASK, Health).current == 8


def test_negating_cannot_be_countered_nobody_is_asked():
    battle = _hit_on_vask(thug_points=1)
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    battle.submit(NegateDamage(VASK, picks=("shock",)))  # one pick is enough for the table: 10 -> 7
    assert battle.pending() is None and battle.combatant(VASK).health == 11


def test_picks_swn_has_nothing_for_and_too_many_picks_are_refused():
    battle = _hit_on_vask()
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    wound = battle.submit(NegateDamage(VASK, picks=("wound",)))
    assert wound.reason == "'wound' has nothing to undo under swn (it undoes: shock)"
    assert "at most 3 picks" in battle.submit(NegateDamage(VASK, picks=("shock",) * 4)).reason
    assert "pool holds 0" in battle.submit(NegateDamage(VASK, from_pool=1, picks=("shock",))).reason


def test_pool_points_add_three_picks_each_and_the_options_stop_once_the_hit_does_nothing():
    battle = _hit_on_vask()
    battle.submit(GmAwardHeroPoints(0, side="pcs", points=2))
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    offered = [(o.action.personal, o.action.from_pool, o.damage) for o in battle.options(VASK).allowed("negate_damage")]
    assert offered == [(True, 0, 1), (False, 1, 1), (True, 1, 0), (False, 2, 0)]


def test_no_decision_without_a_point_a_hit_that_deals_nothing_or_the_module():
    assert not _decision_after(_hit_on_vask(vask_points=0), (18, 9))
    assert not _decision_after(_hit_on_vask(armor=20), (18, 9))  # all of it stopped by armor
    thug = unit(THUG, "thug", "enemies", Hex(0, 0), name="Thug", weapon="combat_rifle")
    vask = unit(VASK, "pc_warrior", "pcs", Hex(2, 0), name="Vask", hero_points=1)
    assert not _decision_after(battle_at([thug, vask], first=THUG), (18, 9))


def _decision_after(battle, faces) -> bool:
    assert battle.submit(Attack(THUG, target=VASK, faces=faces)).accepted
    return battle.pending() is not None


def test_heroic_mag_rifle_5_and_2_loses_9_off_the_high_die_before_the_table_reads_it():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="mag_rifle", dex=0)
    voss = unit(2, "veteran_soldier", "enemies", Hex(4, 0), name="Voss", hd=3, hero_points=1)
    battle = battle_at([ana, voss], first=1, ruleset="swn-heroic", modules=("hero_points",))
    battle.submit(Attack(1, target=2, faces=(12, 5, 2)))  # seed 000: 7 and 2 read as 3 points, enough to drop him
    held, = battle.options(2).allowed("hold")
    assert (held.damage, held.drops) == (3, True)
    saving = battle.options(2).allowed("negate_damage")[0]  # 7 - 9 reads as no damage, the 2 as 1 point
    assert (saving.damage, saving.drops) == (1, False)
    outcome = battle.submit(answer_prompt(battle.options(2)))  # the computer saves its own
    assert texts(outcome) == ["Voss spends a hero point to negate damage (shock, shock, shock; 0 left): 3 -> 1.",
                              "Voss takes 1: 3 -> 2 HD."]


def test_the_computer_keeps_its_point_when_the_hit_would_not_drop_it():
    battle = _hit_on_vask()
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    assert answer_prompt(battle.options(VASK)) == Hold(VASK)


def test_undo_takes_the_negation_back_with_its_point():
    battle = _hit_on_vask()
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    battle.submit(NegateDamage(VASK, picks=("shock", "shock", "shock")))
    battle.undo()
    assert isinstance(battle.pending(), NegationChance) and battle.options(VASK).allowed("negate_damage")


def test_the_window_numbers_answers_of_one_kind_and_a_button_takes_its_own_answer():
    from game.ui.modes import Answer, Board, Choose
    from game.ui.answers import answer_entries

    battle = _hit_on_vask()
    battle.submit(GmAwardHeroPoints(0, side="pcs", points=1))
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    options = battle.options(VASK)
    assert answer_entries(options) == [
        ("negate_damage", "Negate damage: 1 own (takes 1)"),
        ("negate_damage#1", "Negate damage: 0 own + 1 pool (takes 1)"),
        ("negate_damage#2", "Negate damage: 1 own + 1 pool (takes 0)"),
        ("hold", "Hold (takes 10)")]
    board = Board(options, {})
    assert Answer(VASK).handle(Choose("negate_damage#2"), board).action == NegateDamage(
        VASK, personal=True, from_pool=1, picks=("shock",) * 6)
    assert Answer(VASK).handle(Choose("negate_damage"), board).action.from_pool == 0


# --- Trademark equipment (seed 004, Damage to Equipment) ----------------------------------------


def _hit_on_mech(**mech):
    thug = unit(THUG, "thug", "enemies", Hex(0, 0), name="Thug", weapon="combat_rifle")
    rig = unit(VASK, "light_mech", "pcs", Hex(2, 0), name="Old Faithful", armor=0, hero_points=1, **mech)
    battle = battle_at([thug, rig], first=THUG, modules=("hero_points",))
    battle.submit(Attack(THUG, target=VASK, faces=(19, 10)))
    return battle


def test_a_crew_negates_damage_to_their_trademark_mech_and_to_no_other_machine():
    trademark = _hit_on_mech(trademark="light_mech")
    assert isinstance(trademark.pending(), NegationChance)
    trademark.submit(NegateDamage(VASK, picks=("shock",) * 3))
    assert trademark.combatant(VASK).health == 40 - 1
    for battle in (_hit_on_mech(), _hit_on_mech(trademark="combat_rifle")):  # equipment takes damage normally
        assert battle.pending() is None and battle.combatant(VASK).health == 40 - 10


def test_a_trademark_naming_nothing_known_is_refused_with_a_suggestion():
    from game.battle import load_catalog
    from game.rules.catalog import check_unit_override

    catalog = load_catalog()
    assert check_unit_override("trademark", "light_mec", catalog) == (
        "names neither a weapon nor a unit type: 'light_mec' (did you mean 'light_mech'?)")
    assert check_unit_override("trademark", "mag_rifle", catalog) is None


def test_a_fight_with_a_negation_replays_from_its_actions_as_json_to_the_same_state():
    from game.actions import from_json, to_json

    battle = _hit_on_vask()
    battle.submit(Attack(THUG, target=VASK, faces=(18, 10)))
    negate = NegateDamage(VASK, picks=("shock", "shock"))
    assert "'picks' must be a list of words" in _format_problem({**to_json(negate), "picks": [3]})
    battle.submit(negate)
    again = _hit_on_vask()
    for action in battle.actions[len(again.actions):]:
        assert again.submit(from_json(to_json(action))).accepted
    assert again.state == battle.state


def _format_problem(data) -> str:
    from game.actions import ActionFormatError, from_json

    try:
        from_json(data)
    except ActionFormatError as problem:
        return str(problem)
    return ""

"""Seed 002 Protect: a person takes an attack meant for an adjacent ally; a mech shields its allies."""


from game.actions import Attack, DefendTotally, EndTurn, Hold, Move, Protect, Redirect, ShieldAllies
from game.battle import Battle
from game.components import Guarding, Health, MainSpent, Shielding, TurnBudget
from game.events import Attacked, Rolled
from game.hexgrid import Hex
from game.prompts import ProtectChance
from game.systems.rulesets.swn.attackers import weapon_in_hand
from game.systems.rulesets.swn.protect import protect_targets, protectors
from game.systems.rulesets.swn.protect import can_snap, guarded_ally
from game.systems.sight import shielding, shields_for
from game.systems.sight import cover_lookup

from kit import scenario, unit
from kit import attack_plans, reachable, scene_of

# Rook (a thug with a pistol) faces Ana; Bo stands next to her.
ROOK, ANA, BO = 1, 2, 3
TRIO = [unit(1, "thug", "enemies", Hex(3, 0), name="Rook"),
        unit(2, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
        unit(3, "pc_warrior", "pcs", Hex(0, 1), name="Bo")]
ROOK_FIRST, BO_FIRST, ANA_BO_ROOK = 1, 3, 0  # seeds giving the orders (1,2,3), (3,2,1), (2,3,1)


def _battle(units=TRIO, seed=ROOK_FIRST, **kwargs) -> Battle:
    battle = Battle.from_scenario(scenario(units, **kwargs), seed=seed)
    return battle


def _until(battle: Battle, who: int) -> Battle:
    while battle.current() != who:
        assert battle.submit(EndTurn(battle.current())).accepted
    return battle


def _texts(outcome) -> str:
    return " | ".join(outcome.lines)


# -- snap protect -------------------------------------------------------------------------
def test_an_attack_on_ana_pauses_before_any_die_while_bo_next_to_her_has_his_main_action():
    battle = _until(_battle(), ROOK)
    outcome = battle.submit(Attack(ROOK, target=ANA))
    assert outcome.accepted, outcome.reason
    prompt = battle.pending()
    assert isinstance(prompt, ProtectChance)
    assert (prompt.decider, prompt.attacker, prompt.ally) == (BO, ROOK, ANA)
    assert "Bo may take Rook's attack on Ana" in prompt.question and "Main action" in prompt.question
    assert not any(isinstance(e, (Rolled, Attacked)) for e in outcome.events)
    assert battle.world.get(ROOK, TurnBudget).main  # spent only when the attack is rolled


def test_bo_redirects_the_attack_to_himself_and_spends_his_main_action_for_the_round():
    battle = _until(_battle(), ROOK)
    battle.submit(Attack(ROOK, target=ANA))
    outcome = battle.submit(Redirect(BO, faces=(15, 4)))  # d20 15 +1 = 16 vs AC 16: hit, 1d6+1 = 5
    assert outcome.accepted, outcome.reason
    texts = _texts(outcome)
    assert "Bo steps in front of Ana" in texts and "Rook attacks Bo with a semi-automatic pistol" in texts
    assert battle.world.get(BO, Health).current == 18 - 5
    assert battle.world.get(ANA, Health).current == 18
    assert battle.world.get(BO, MainSpent).round == 1
    assert not battle.world.get(ROOK, TurnBudget).main and battle.pending() is None
    _until(battle, BO)  # Bo's own turn later this round starts without its Main action
    assert battle.world.get(BO, TurnBudget) == TurnBudget(main=False, move=True)


def test_holding_lets_the_attack_go_on_against_ana_and_leaves_bo_his_action():
    battle = _until(_battle(), ROOK)
    battle.submit(Attack(ROOK, target=ANA))
    outcome = battle.submit(Hold(BO, faces=(15, 4)))
    assert outcome.accepted, outcome.reason
    assert "Bo does not step in" in _texts(outcome)
    assert battle.world.get(ANA, Health).current == 18 - 5
    assert not battle.world.has(BO, MainSpent) and battle.pending() is None


def test_an_attack_that_will_pause_refuses_typed_dice_and_they_go_on_the_answer():
    battle = _until(_battle(), ROOK)
    before = battle.state
    refused = battle.submit(Attack(ROOK, target=ANA, faces=(15, 4)))
    assert refused.reason == ("Bo may step in first: enter this attack's dice with the answer to that "
                              "decision, not with the attack")
    assert battle.state is before
    assert battle.submit(Attack(ROOK, target=ANA)).accepted
    outcome = battle.submit(Redirect(BO, faces=(15, 4)))
    assert outcome.accepted, outcome.reason
    assert "d20 15 +1 attack bonus = 16 vs 16: hit" in _texts(outcome)
    assert battle.world.get(BO, Health).current == 18 - 5


def test_surplus_dice_typed_with_the_answer_are_still_refused():
    battle = _until(_battle(), ROOK)
    battle.submit(Attack(ROOK, target=ANA))
    before = battle.state
    refused = battle.submit(Hold(BO, faces=(2, 4)))
    assert not refused.accepted and "not needed" in refused.reason and battle.state is before


def test_nobody_else_may_act_until_the_protector_decides():
    battle = _until(_battle(), ROOK)
    battle.submit(Attack(ROOK, target=ANA))
    assert battle.submit(EndTurn(ROOK)).reason.startswith("waiting for a decision")
    assert battle.submit(Redirect(ANA)).reason.startswith("waiting for a decision")


def test_no_snap_once_bo_has_spent_his_main_action_this_round():
    battle = _until(_battle(seed=ANA_BO_ROOK), BO)
    assert battle.submit(DefendTotally(BO)).accepted
    _until(battle, ROOK)
    assert not can_snap(scene_of(battle), BO)
    outcome = battle.submit(Attack(ROOK, target=ANA, faces=(2,)))
    assert outcome.accepted and battle.pending() is None
    assert "Rook attacks Ana" in _texts(outcome)


def test_a_protector_the_attack_cannot_reach_is_not_asked():
    units = [unit(1, "thug", "enemies", Hex(-1, 0), name="Rook", weapon="knife"), *TRIO[1:]]
    battle = _until(_battle(units), ROOK)  # Rook's knife reaches Ana but not Bo, two hexes away
    assert protectors(scene_of(battle), ROOK, ANA) == []
    outcome = battle.submit(Attack(ROOK, target=ANA, faces=(2,)))
    assert outcome.accepted and battle.pending() is None


def test_redirect_and_hold_without_a_protect_decision_are_refused():
    battle = _until(_battle(), ROOK)
    assert battle.submit(Redirect(BO)).reason == "there is no decision to answer"
    assert battle.submit(Hold(BO)).reason == "there is no decision to answer"


def test_undo_takes_back_the_redirected_attack_and_the_paused_one():
    battle = _until(_battle(), ROOK)
    before = battle.state
    battle.submit(Attack(ROOK, target=ANA))
    battle.submit(Redirect(BO, faces=(15, 4)))
    battle.undo()
    assert isinstance(battle.pending(), ProtectChance)
    battle.undo()
    assert battle.state == before


# -- guarding -----------------------------------------------------------------------------
def test_protect_spends_the_main_action_to_guard_an_adjacent_ally():
    battle = _until(_battle(seed=ANA_BO_ROOK), BO)
    outcome = battle.submit(Protect(BO, ally=ANA))
    assert outcome.accepted, outcome.reason
    assert "Bo guards Ana until the start of Bo's next turn" in _texts(outcome)
    assert battle.world.get(BO, Guarding).ally == ANA and not battle.world.get(BO, TurnBudget).main
    assert guarded_ally(scene_of(battle), BO) == ANA


def test_a_guard_takes_the_attack_and_the_guard_is_used_up():
    battle = _until(_battle(seed=ANA_BO_ROOK), BO)
    battle.submit(Protect(BO, ally=ANA))
    _until(battle, ROOK)
    battle.submit(Attack(ROOK, target=ANA))
    assert "ends the guard" in battle.pending().question
    outcome = battle.submit(Redirect(BO, faces=(3,)))
    assert outcome.accepted and "Rook attacks Bo" in _texts(outcome)
    assert not battle.world.has(BO, Guarding)
    assert battle.world.get(BO, MainSpent).round == 1  # the guard, not a second action, paid for it


def test_a_guard_set_last_round_holds_until_the_guards_own_turn_begins():
    battle = _until(_battle(seed=ROOK_FIRST), BO)  # order Rook, Ana, Bo
    battle.submit(Protect(BO, ally=ANA))
    _until(battle, ROOK)
    assert battle.state.round == 2 and guarded_ally(scene_of(battle), BO) == ANA
    assert not can_snap(scene_of(battle), BO)  # committed to the guard until its turn
    battle.submit(Attack(ROOK, target=ANA))
    assert "ends the guard" in battle.pending().question
    assert battle.submit(Hold(BO, faces=(2,))).accepted
    _until(battle, BO)
    assert guarded_ally(scene_of(battle), BO) is None  # lapsed at the start of Bo's turn


def test_after_the_guard_lapses_bo_may_still_snap_in_a_later_round():
    battle = _until(_battle(seed=ROOK_FIRST), BO)
    battle.submit(Protect(BO, ally=ANA))
    _until(battle, ROOK)
    battle.submit(EndTurn(ROOK))
    _until(battle, ROOK)  # round 3: the guard lapsed in round 2
    battle.submit(Attack(ROOK, target=ANA))
    assert "spends this round's Main action" in battle.pending().question



# Cy stands north-east of Ana as well: two protectors for one attack.
CY = 4
QUARTET = [*TRIO, unit(4, "pc_expert", "pcs", Hex(1, -1), name="Cy")]
ANA_BO_ROOK_CY = 0


def test_protectors_are_asked_in_turn_guard_first_and_one_redirect_ends_the_asking():
    battle = _until(_battle(QUARTET, seed=ANA_BO_ROOK_CY), BO)
    battle.submit(Protect(BO, ally=ANA))
    _until(battle, ROOK)
    outcome = battle.submit(Attack(ROOK, target=ANA))
    assert "Bo, Cy may step in" in _texts(outcome)
    assert [p.decider for p in battle.state.pending] == [BO, CY]
    assert battle.submit(Hold(BO)).accepted
    assert battle.pending().decider == CY and "Main action" in battle.pending().question
    outcome = battle.submit(Redirect(CY, faces=(15, 4)))  # 16 vs Cy's AC 14: hit for 5
    assert outcome.accepted and battle.pending() is None
    assert battle.world.get(CY, Health).current == 12 - 5
    assert battle.world.has(BO, Guarding)  # Bo held: his guard is still there for another attack
    _until(battle, CY)
    assert not battle.world.get(CY, TurnBudget).main


def test_when_every_protector_holds_the_attack_hits_the_ally():
    battle = _until(_battle(QUARTET, seed=ANA_BO_ROOK_CY), ROOK)
    battle.submit(Attack(ROOK, target=ANA))
    assert battle.submit(Hold(BO)).accepted
    outcome = battle.submit(Hold(CY, faces=(15, 4)))
    assert outcome.accepted and "Rook attacks Ana" in _texts(outcome)
    assert battle.world.get(ANA, Health).current == 18 - 5

def test_protect_refusals_change_nothing():
    units = [*TRIO, unit(4, "pc_expert", "pcs", Hex(-3, 0), name="Cy")]
    battle = _until(_battle(units, seed=ANA_BO_ROOK), BO)
    before = battle.state
    assert battle.submit(Protect(BO, ally=4)).reason == "Cy is not next to you"
    assert battle.submit(Protect(BO, ally=ROOK)).reason == "Rook is not an ally"
    assert battle.submit(Protect(BO, ally=BO)).reason == "you cannot protect yourself; choose an adjacent ally"
    assert battle.submit(Protect(BO, ally=99)).reason == "there is no combatant with id 99"
    assert battle.state is before
    assert protect_targets(scene_of(battle), BO) == [ANA]
    battle.submit(DefendTotally(BO))
    assert battle.submit(Protect(BO, ally=ANA)).reason == "the Main action is already used this turn"


# -- a mech shielding its allies ------------------------------------------------------------
# Atlas (a suit mech, armor 6) stands east of Ana; Rook fires from the east, through Atlas's
# hex; Vex fires from the south-east, past it.
ATLAS, VEX = 3, 4
MECH = [unit(1, "thug", "enemies", Hex(3, 0), name="Rook"),
        unit(2, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
        unit(3, "suit_mech", "pcs", Hex(1, 0), name="Atlas"),
        unit(4, "thug", "enemies", Hex(0, 3), name="Vex")]
ATLAS_FIRST = 6  # order Atlas, Rook, Ana, Vex


def _shielded() -> Battle:
    battle = _until(_battle(MECH, seed=ATLAS_FIRST), ATLAS)
    assert battle.submit(ShieldAllies(ATLAS)).accepted
    return _until(battle, ROOK)


def test_shield_allies_takes_the_mechs_move_and_main_action():
    battle = _until(_battle(MECH, seed=ATLAS_FIRST), ATLAS)
    outcome = battle.submit(ShieldAllies(ATLAS))
    assert outcome.accepted and "armor 6" in _texts(outcome)
    assert battle.world.get(ATLAS, TurnBudget) == TurnBudget(main=False, move=False)
    assert battle.world.get(ATLAS, Shielding).redirect_left


def test_only_a_mech_with_both_actions_left_can_shield():
    battle = _until(_battle(MECH, seed=ATLAS_FIRST), ATLAS)
    reach = reachable(battle, ATLAS)
    battle.submit(Move(ATLAS, path=reach[Hex(2, -1)].path))
    assert battle.submit(ShieldAllies(ATLAS)).reason == "shielding takes both the Move and the Main action"
    _until(battle, ANA)
    assert battle.submit(ShieldAllies(ANA)).reason == "only a mech can shield its allies"


def test_an_ally_behind_the_shielding_mech_gets_2_ac_concealment_and_its_armor_as_cover():
    battle = _shielded()
    scene = scene_of(battle)
    rifle = weapon_in_hand(scene, ROOK).weapon_class
    field = scene.setup.field
    behind = cover_lookup(field, Hex(3, 0), Hex(0, 0), rifle, shields_for(scene, ANA))
    assert (behind.concealment_bonus, behind.armor) == (2, 6)
    assert behind.text() == "shielded by a mech (+2 AC), behind a shielding mech (armor 6)"
    beside = cover_lookup(field, Hex(0, 3), Hex(0, 0), rifle, shields_for(scene, ANA))
    assert (beside.concealment_bonus, beside.armor) == (0, 0)  # directional, like any cover
    assert shields_for(scene, ATLAS) == ()  # the mech does not shield itself


def test_the_attack_odds_on_an_ally_behind_the_mech_include_its_shield():
    battle = _shielded()
    plan = dict(attack_plans(battle, ROOK))[ANA]
    assert (plan.cover.concealment_bonus, plan.cover.armor) == (2, 6)
    assert dict(attack_plans(battle, VEX))[ANA].cover.armor == 0


def test_a_shielding_mech_takes_one_attack_on_any_adjacent_ally_even_from_the_side():
    battle = _shielded()
    battle.submit(Attack(ROOK, target=ANA))
    assert battle.pending().decider == ATLAS and "shield's one redirect" in battle.pending().question
    assert battle.submit(Hold(ATLAS, faces=(2,))).accepted
    _until(battle, VEX)
    battle.submit(Attack(VEX, target=ANA))  # from the south-east: Atlas is not between them
    outcome = battle.submit(Redirect(ATLAS, faces=(20, 6)))  # 1d6+1 = 7 - armor 6 = 1
    assert outcome.accepted and "Vex attacks Atlas" in _texts(outcome)
    assert battle.world.get(ATLAS, Health).current == 25 - 1
    assert not battle.world.get(ATLAS, Shielding).redirect_left


def test_the_mechs_redirect_is_once_but_the_cover_stays_until_its_next_turn():
    battle = _shielded()
    battle.submit(Attack(ROOK, target=ANA))
    battle.submit(Redirect(ATLAS, faces=(2,)))
    _until(battle, VEX)
    outcome = battle.submit(Attack(VEX, target=ANA, faces=(2,)))
    assert outcome.accepted and battle.pending() is None  # a mech never snaps
    assert shielding(scene_of(battle), ATLAS) is not None and shields_for(scene_of(battle), ANA)
    _until(battle, ATLAS)
    assert shielding(scene_of(battle), ATLAS) is None and shields_for(scene_of(battle), ANA) == ()


def test_at_the_table_the_answer_asks_for_the_held_back_attacks_dice_in_its_words():
    battle = _until(_battle(), ROOK)
    assert battle.submit(Attack(ROOK, target=ANA), typed_only=True).accepted
    held = battle.submit(Hold(BO), typed_only=True)
    assert held.needs == 20 and held.reason == "roll a d20 for Rook's attack on Ana and type its face"
    turned = battle.submit(Redirect(BO), typed_only=True)
    assert turned.reason == "roll a d20 for Rook's attack on Bo and type its face"

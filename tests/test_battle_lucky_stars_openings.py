"""These Lucky Stars (seed 001): which actions open the actor to an attack of opportunity.

The rule: "an attack of opportunity against any character within your melee reach who takes an
aggressive action you are not defending against". Each action of the seed's two lists is
checked against it, through the facade: every aggressive one opens Rook to Mott (in reach, not
its target), no defensive one does. A Move is answered on its way, a Step not at all."""

import pytest

from game.actions import (Attack, Disarm, EndGrapple, EndTurn, GmSetCondition, Grapple, GrappleAttack, GrappleMove,
                          GrappleToss, Hide, Hold, Move, OpportunityAttack, ReadiedAttack, ReadyAttack, RegainControl,
                          Search, Shatter, StandUp, Step, Trip, UseCover)
from game.components import Position
from game.hexgrid import Hex
from game.prompts import ReactionChance

from kit import FOREST, battle_at, pass_turns_until, unit

ROOK, GASH, MOTT, VEX = 1, 2, 3, 4
MISS = (1, 1, 6, 6)  # the actor's 2d6 against the defender's: 2 against 12
WIN = (6, 6, 1, 1)


def _melee(rook_weapon: str = "knife"):
    """Rook beside Gash (1,0) and Mott (0,1), both pirates with cutlasses; Vex, Rook's friend, on
    Mott's far side (0,2); trees at (1,-1) to hide or take cover behind. Round 2, Rook's turn:
    everyone has acted in the fight and kept their AP."""
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon=rook_weapon),
                        unit(2, "pirate", "enemies", Hex(1, 0), name="Gash", weapon="cutlass"),
                        unit(3, "pirate", "enemies", Hex(0, 1), name="Mott", weapon="cutlass"),
                        unit(4, "spacer", "pcs", Hex(0, 2), name="Vex", weapon="knife")],
                       first=ROOK, ruleset="lucky-stars", terrain={Hex(1, -1): FOREST})
    assert battle.submit(EndTurn(ROOK)).accepted
    pass_turns_until(battle, ROOK)
    return battle


def _openings(battle) -> list[tuple[int, int]]:
    """(who may strike, at whom) of every attack of opportunity open now, in order."""
    return [(p.decider, p.provoker) for p in battle.state.pending if isinstance(p, ReactionChance) and not p.readied]


def _taken(battle, action) -> list[tuple[int, int]]:
    outcome = battle.submit(action)
    assert outcome.accepted, outcome.reason
    return _openings(battle)


def _holding_gash(battle):
    """Rook wins a grapple on Gash (Mott lets that opening pass), then it is Rook's next turn."""
    assert _taken(battle, Grapple(ROOK, target=GASH, faces=WIN)) == [(MOTT, ROOK)]
    assert battle.submit(Hold(MOTT)).accepted and battle.submit(EndTurn(ROOK)).accepted
    pass_turns_until(battle, ROOK)
    return battle


# -- the aggressive actions ------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    Attack(ROOK, target=GASH, faces=MISS),  # "Standard Attack"
    Trip(ROOK, target=GASH, faces=MISS),  # "Trip"
    Disarm(ROOK, target=GASH, take=False, faces=MISS),  # "Disarm"
    Shatter(ROOK, target=GASH, faces=MISS),  # "Shatter"
    Grapple(ROOK, target=GASH, faces=MISS),  # "Grapple"
], ids=lambda a: a.kind)
def test_an_aggressive_action_at_gash_opens_rook_to_mott_not_to_gash(action):
    """Seed 001: "any character within your melee reach who takes an aggressive action you are
    not defending against" (Gash defends against it)."""
    assert _taken(_melee(), action) == [(MOTT, ROOK)]


def test_an_unarmed_attack_opens_rook_too():
    """Seed 001: "Unarmed Attack (2 AP) - Functions as a standard attack"."""
    assert _taken(_melee("unarmed"), Attack(ROOK, target=GASH, faces=MISS)) == [(MOTT, ROOK)]


def test_standing_up_opens_rook_to_both():
    """Seed 001: "Stand (1 AP) - Stand from prone. May provoke an attack of opportunity."."""
    battle = _melee()
    assert battle.submit(GmSetCondition(ROOK, condition="prone")).accepted
    assert _taken(battle, StandUp(ROOK)) == [(GASH, ROOK), (MOTT, ROOK)]


def test_a_move_opens_rook_where_it_sets_off_before_he_leaves_reach():
    """Seed 001: "Move (2 AP)" is listed among the aggressive actions."""
    battle = _melee()
    assert _taken(battle, Move(ROOK, path=(Hex(-1, 0), Hex(-2, 0)))) == [(GASH, ROOK), (MOTT, ROOK)]
    assert battle.world.get(ROOK, Position).hex == Hex(0, 0)  # struck at before he goes
    assert battle.submit(Hold(GASH)).accepted and battle.submit(Hold(MOTT)).accepted
    assert battle.pending() is None and battle.world.get(ROOK, Position).hex == Hex(-2, 0)


def test_a_move_past_mott_pauses_where_it_comes_within_reach_and_goes_on_after_the_attack():
    """Seed 001: an attack of opportunity on one "within your melee reach" taking a Move."""
    battle = _melee()
    assert battle.submit(Move(ROOK, path=(Hex(-1, 0), Hex(-2, 1)))).accepted  # opened at the start
    battle.submit(Hold(GASH)), battle.submit(Hold(MOTT))
    assert battle.submit(EndTurn(ROOK)).accepted
    pass_turns_until(battle, ROOK)  # round 3: the once-a-round uses are back
    path = (Hex(-1, 1), Hex(-1, 2))  # both next to Mott, neither to Gash (a spacer's speed: 2)
    assert _taken(battle, Move(ROOK, path=path)) == [(MOTT, ROOK)]
    assert battle.world.get(ROOK, Position).hex == Hex(-1, 1)
    assert _taken(battle, OpportunityAttack(MOTT, target=ROOK, faces=MISS)) == [(VEX, MOTT)]  # Mott's is aggressive too
    assert battle.world.get(ROOK, Position).hex == Hex(-1, 1)  # the move waits for every answer
    assert battle.submit(Hold(VEX)).accepted
    assert battle.pending() is None and battle.world.get(ROOK, Position).hex == Hex(-1, 2)  # not asked twice


def test_an_attack_of_opportunity_is_itself_aggressive_and_opens_mott_to_vex():
    """Seed 001 lists "Attack of Opportunity (AOO) (1 AP)" among the aggressive actions."""
    battle = _melee()
    assert _taken(battle, Attack(ROOK, target=GASH, faces=MISS)) == [(MOTT, ROOK)]
    assert _taken(battle, OpportunityAttack(MOTT, target=ROOK, faces=MISS)) == [(VEX, MOTT)]


def test_a_sprung_readied_attack_is_the_attack_it_readied_and_opens_mott_to_vex():
    """Seed 001, Ready Action: "complete your declared action" (here a standard attack)."""
    battle = _melee()
    assert battle.submit(Step(ROOK, to=Hex(-1, 0))).accepted and battle.submit(EndTurn(ROOK)).accepted
    pass_turns_until(battle, MOTT)
    assert battle.submit(ReadyAttack(MOTT)).accepted
    pass_turns_until(battle, ROOK)
    assert battle.submit(Step(ROOK, to=Hex(-1, 1))).accepted  # within Mott's reach: the trigger
    assert battle.pending().readied and battle.pending().decider == MOTT
    assert _taken(battle, ReadiedAttack(MOTT, target=ROOK, faces=MISS)) == [(VEX, MOTT)]


@pytest.mark.parametrize("option", [
    GrappleAttack(ROOK, target=GASH, faces=MISS),  # "Attack with a light weapon or unarmed attack"
    GrappleMove(ROOK, path=(Hex(-1, 1),)),  # "Move up to 10ft with grappled opponent"
    GrappleToss(ROOK, to=Hex(2, -1), faces=MISS),  # "Toss opponent up to 10ft"
    EndGrapple(ROOK),  # "End Grapple (1 AP)"
], ids=lambda a: a.kind)
def test_each_option_of_a_grapple_in_control_opens_rook_to_mott_not_to_gash(option):
    """Seed 001, Grapple (an aggressive action): the options "In Control"."""
    battle = _holding_gash(_melee())
    assert _taken(battle, option) == [(MOTT, ROOK)]


def test_a_pinned_rook_trying_to_regain_control_opens_him_to_mott_not_to_gash():
    """Seed 001, Grapple: "Pinned: Attempt to gain control with a contested grapple check"."""
    battle = _melee()
    assert battle.submit(EndTurn(ROOK)).accepted
    pass_turns_until(battle, GASH)
    assert battle.submit(Grapple(GASH, target=ROOK, faces=WIN)).accepted
    pass_turns_until(battle, ROOK)
    assert _taken(battle, RegainControl(ROOK, faces=MISS)) == [(MOTT, ROOK)]


# -- the defensive actions -------------------------------------------------------------------
def test_a_step_opens_nobody():
    """Seed 001: "Step (1 AP) - Move one space (5ft) ... as a defensive action"."""
    battle = _melee()
    assert _taken(battle, Step(ROOK, to=Hex(-1, 0))) == []
    assert battle.world.get(ROOK, Position).hex == Hex(-1, 0)


@pytest.mark.parametrize("action", [
    ReadyAttack(ROOK),  # "Ready Action"
    Hide(ROOK, faces=(6, 6)),  # "Stealth": hiding behind an object
    UseCover(ROOK, full=True),  # "Use Cover (1 AP ...)"
], ids=lambda a: a.kind)
def test_a_defensive_action_beside_two_enemies_opens_nobody(action):
    """Seed 001, Defensive Actions: Ready Action, Stealth, Step, Use Cover."""
    assert _taken(_melee(), action) == []


def test_a_search_opens_nobody():
    """Seed 001, Stealth (a defensive action): "If an opponent is actively searching"."""
    battle = _melee()
    assert battle.submit(EndTurn(ROOK)).accepted
    pass_turns_until(battle, GASH)
    assert battle.submit(Hide(GASH, faces=(6, 6))).accepted  # behind the trees at (1,-1)
    pass_turns_until(battle, ROOK)
    assert battle.options(ROOK, groups=("stealth",)).allowed("search")
    assert _taken(battle, Search(ROOK, faces=(1, 1))) == []

"""The computer player in a These Lucky Stars battle (seed 001): it grapples a shooter when it
fights hand to hand and the hold is likely, strikes the one it holds, tries to regain control
when pinned, and with nothing to attack readies an attack for an enemy near or hides. It reads
the grapple and hiding from the views' fields, and says why in the log."""

from game.actions import Attack, EndTurn, Grapple, GrappleAttack, Hide, ReadyAttack, RegainControl
from game.players.plain import choose_action
from game.players.lucky_stars import instead_of_waiting
from game.hexgrid import Hex

from kit import FOREST, battle_at, pass_turns_until, unit

GASH, ROOK = 1, 2


def _pirate_beside(rook_weapon: str = "blaster_pistol", gash_weapon: str = "cutlass", **where):
    """Gash (STR 2) beside Rook (spacer, STR 1), Gash's turn."""
    return battle_at([unit(GASH, "pirate", "pcs", Hex(0, 0), name="Gash", weapon=gash_weapon),
                      unit(ROOK, "spacer", "enemies", where.get("rook_at", Hex(1, 0)), name="Rook", weapon=rook_weapon)],
                     first=GASH, ruleset="lucky-stars", terrain=where.get("terrain"))


def test_a_hand_to_hand_fighter_grapples_a_shooter_when_the_hold_is_likely_and_says_so():
    battle = _pirate_beside()
    chosen = choose_action(battle)
    assert isinstance(chosen, Grapple) and chosen.target == ROOK
    assert chosen.reason == "grapples Rook, a shooter: 56% to win the hold"  # STR 2 against STR 1 on 2d6
    assert "Gash grapples Rook, a shooter: 56% to win the hold." in battle.submit(chosen).lines


def test_a_foe_with_a_blade_is_struck_not_grappled():
    chosen = choose_action(_pirate_beside(rook_weapon="knife"))
    assert isinstance(chosen, Attack) and chosen.target == ROOK and not chosen.reason


def test_holding_a_foe_the_computer_strikes_it_and_the_pinned_one_tries_to_regain_control():
    battle = _pirate_beside(gash_weapon="knife")  # a grappler strikes only with a light weapon
    battle.submit(Grapple(GASH, target=ROOK, faces=(6, 6, 1, 1)))  # Gash wins the contest and holds Rook
    held = battle.combatant(ROOK)
    assert (held.grappling, held.in_control, held.states) == (GASH, False, ("pinned by Gash",))
    assert (battle.combatant(GASH).grappling, battle.combatant(GASH).in_control) == (ROOK, True)
    battle.submit(EndTurn(GASH))  # the grapple took 2 AP, a grapple attack needs 3
    pass_turns_until(battle, ROOK)
    assert isinstance(choose_action(battle), RegainControl)  # pinned: the first thing to do
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    strike = choose_action(battle)
    assert isinstance(strike, GrappleAttack) and strike.reason == "strikes Rook, pinned in its hold"


def test_with_nothing_in_reach_it_readies_an_attack_for_an_enemy_near():
    battle = _pirate_beside(rook_at=Hex(4, 0))
    ready = instead_of_waiting(battle, battle.combatant(GASH))
    assert isinstance(ready, ReadyAttack) and ready.reason == "readies an attack: Rook is 4 hexes off"


def test_with_no_enemy_near_it_hides_behind_what_is_there_and_the_view_says_it_is_unseen():
    battle = _pirate_beside(rook_at=Hex(8, -2), terrain={Hex(0, 1): FOREST})
    hide = instead_of_waiting(battle, battle.combatant(GASH))
    assert isinstance(hide, Hide) and hide.reason == "hides: nothing in reach to attack"
    battle.submit(Hide(GASH, faces=(5, 5)))
    view = battle.combatant(GASH)
    assert view.stealth == 11 and view.states == ("unseen (stealth 11)",)


def test_in_the_open_with_no_enemy_near_there_is_nothing_better_than_ending_the_turn():
    battle = _pirate_beside(rook_at=Hex(8, -2))
    assert instead_of_waiting(battle, battle.combatant(GASH)) is None

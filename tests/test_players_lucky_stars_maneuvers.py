"""The computer players' trip and shatter under These Lucky Stars (seed 001), through the facade:
"Trip (3 AP) — Make a standard attack roll. If successful, instead of dealing damage make a
contested STR vs. AGI roll. Success causes the opponent to fall prone", and "Shatter (3 AP) —
Attempt to break an item held or worn by an opponent". Both players take one where the
options' odds favour it over the standard attack, and say why in the log."""

from game.actions import Attack, EndTurn, Shatter, StandUp, Step, Trip
from game.hexgrid import Hex
from game.players.plain import choose_action
from game.players.tactical import tactical_player

from kit import battle_at, pass_turns_until, unit

ME, FOE = 1, 2
TRIP_WHY = "trips Mott: 58% to knock it prone; standing costs it 1 AP and opens it to an attack of opportunity"
SHATTER_WHY = "shatters Rook's blaster pistol: 76% to take the gun, and Rook would stand 3 more attacks"


def _stalker_beside_a_pirate(**pirate):
    """A dune stalker (STR 4, ATK raised to 10) beside Mott, a void pirate (AGI 1) with a cutlass."""
    return battle_at([unit(ME, "dune_stalker", "pcs", Hex(0, 0), name="Stalker", attack_bonus=10),
                      unit(FOE, "pirate", "enemies", Hex(1, 0), name="Mott", **pirate)],
                     first=ME, ruleset="lucky-stars")


def _marksman_and_a_shooter(**shooter):
    """Ines (a spacer, ATK raised to 10) 3 hexes from Rook, a spacer with a blaster pistol."""
    return battle_at([unit(ME, "spacer", "pcs", Hex(0, 0), name="Ines", attack_bonus=10),
                      unit(FOE, "spacer", "enemies", Hex(3, 0), name="Rook", **shooter)],
                     first=ME, ruleset="lucky-stars")


def _both_players(battle):
    return choose_action(battle), tactical_player(0)(battle)


def _both_take(battle, kind, actor: str, why: str) -> None:
    """Both players choose this maneuver on the foe with this reason, and the log tells it."""
    for chosen in _both_players(battle):
        assert isinstance(chosen, kind) and chosen.target == FOE and chosen.reason == why
    assert f"{actor} {why}." in battle.submit(choose_action(battle)).lines


def test_a_strong_blade_trips_a_clumsy_foe_beside_it_when_the_trip_is_likely_and_says_why():
    _both_take(_stalker_beside_a_pirate(), Trip, "Stalker", TRIP_WHY)


def test_the_trip_pays_off_the_tripped_foe_spends_an_ap_standing_and_is_offered_to_the_tripper():
    battle = _stalker_beside_a_pirate()
    trip = choose_action(battle)
    assert isinstance(trip, Trip)
    battle.submit(Trip(ME, target=FOE, faces=(6, 6, 1, 1, 6, 6, 1, 1), reason=trip.reason))
    assert battle.combatant(FOE).prone and battle.combatant(ME).action_points == 1  # kept for the opening
    battle.submit(EndTurn(ME))
    pass_turns_until(battle, FOE)
    assert isinstance(choose_action(battle), StandUp)
    battle.submit(StandUp(FOE))
    prompt = battle.pending()
    assert prompt is not None and prompt.decider == ME  # "Stand ... May provoke an attack of opportunity"


def test_against_a_foe_at_full_def_the_trip_is_unlikely_and_the_blade_strikes_instead():
    battle = battle_at([unit(ME, "dune_stalker", "pcs", Hex(0, 0), name="Stalker"),
                        unit(FOE, "pirate", "enemies", Hex(1, 0), name="Mott")], first=ME, ruleset="lucky-stars")
    for chosen in _both_players(battle):
        assert isinstance(chosen, Attack) and chosen.target == FOE


def test_with_an_ap_spent_a_trip_would_leave_none_for_the_attack_of_opportunity_so_it_strikes():
    battle = _stalker_beside_a_pirate()
    assert battle.submit(Step(ME, to=Hex(0, 1))).accepted  # still beside Mott, 3 AP left
    for chosen in _both_players(battle):
        assert isinstance(chosen, Attack) and chosen.target == FOE


def test_a_marksman_shatters_the_gun_of_a_shooter_that_would_stand_several_more_attacks():
    _both_take(_marksman_and_a_shooter(), Shatter, "Ines", SHATTER_WHY)


def test_a_shooter_one_attack_from_down_is_shot_not_shattered():
    battle = _marksman_and_a_shooter(hp=1)  # VIT 1: one DEF to drain and Rook is down
    for chosen in _both_players(battle):
        assert isinstance(chosen, Attack) and chosen.target == FOE

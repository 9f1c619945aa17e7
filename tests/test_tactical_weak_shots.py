"""The tactical player against armour it can barely hurt (issue 11, round 4): a weak shot at a
concealed target (kessler_ford's gravtank) is taken from a hex that sees it clear. On seeded
scenes of the bundled map."""

from fractions import Fraction

from game.actions import EndTurn, GmPlace, Move
from game.battle import Battle, load_catalog
from game.hexgrid import Hex
from game.options import AttackOption
from game.savefile import load_scenario_or_fail
from game.scenario.summary import MAPS_DIR
from game.players.tactical import decide
from game.players.tactical.flanking import HARD_SHOT, concealed, flank_decision


def _kessler_ford_at(name: str, seed: int = 1) -> Battle:
    """kessler_ford with every turn before `name`'s ended unused."""
    battle = Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / "kessler_ford.tmx", load_catalog()), seed)
    for _ in range(40):
        me = battle.combatant(battle.current())
        if me.name == name:
            return battle
        assert battle.submit(EndTurn(me.id)).accepted
    raise AssertionError(f"{name} never got a turn")


def _shot_at(battle: Battle, actor: int, target: int) -> AttackOption:
    options = battle.options(actor, groups=("attack",))
    return next(o for o in options.allowed("attack") if isinstance(o, AttackOption) and o.target == target)


def test_a_weak_shot_at_a_gravtank_beside_the_trees_is_taken_from_a_hex_that_sees_it_clear():
    # Seed 002: concealment adds to AC. Tank 31 beside a wood (col 16, row 2) is +2 from the
    # farmhouse side: a suit mech's plasma projector (pilot +1, Bold +2) needs a 17 on the d20;
    # from a hex whose line misses the trees, a 15: half as likely again to hit
    battle = _kessler_ford_at("Ironclad One")
    me = battle.combatant(battle.current())
    tank = next(c for c in battle.combatants() if c.name == "Tank 31")
    assert battle.submit(GmPlace(tank.id, to=Hex(17, -7))).accepted  # col 17, row 2
    before = _shot_at(battle, me.id, tank.id)
    assert concealed(before) and before.cover.concealment_hex != Hex(17, -7) and before.expected_damage < HARD_SHOT
    decision = flank_decision(battle, battle.options(me.id, groups=("move", "attack")), me, before)
    assert isinstance(decision.action, Move)
    assert decision.reason.endswith("for a clearer shot at Tank 31: concealment +0 there against +2 from here")
    assert battle.submit(decision.action).accepted
    after = _shot_at(battle, me.id, tank.id)
    assert not concealed(after)
    assert (before.odds.face_needed, after.odds.face_needed) == (17, 15)
    assert after.expected_damage == Fraction(3, 2) * before.expected_damage


def test_no_flanking_for_a_good_shot_or_a_target_without_concealment():
    battle = _kessler_ford_at("Ironclad One")
    me = battle.combatant(battle.current())
    options = battle.options(me.id, groups=("move", "attack"))
    trooper = next(c for c in battle.combatants() if c.unit_type == "elite_trooper")
    shot = _shot_at(battle, me.id, trooper.id)
    assert shot.expected_damage >= HARD_SHOT and flank_decision(battle, options, me, shot) is None
    tank = next(c for c in battle.combatants() if c.name == "Tank 31")
    assert battle.submit(GmPlace(tank.id, to=Hex(13, -5))).accepted  # open ground, col 13, row 1
    options = battle.options(me.id, groups=("move", "attack"))
    clear = _shot_at(battle, me.id, tank.id)
    assert not concealed(clear) and flank_decision(battle, options, me, clear) is None



def test_captain_voss_carries_a_plasma_projector_that_gets_through_the_gravtanks_armor():
    # The map (issue 11, round 6): Voss's combat rifle (1d12, no armor piercing) took nothing
    # off armor 18. Her plasma projector (2d10 + Dex 1, armor piercing 10: armor 8 left) hits
    # on a 13 (+5: attack bonus 3, Shoot 1, Dex 1; a PC has no morale band) and averages
    # 4.35 a hit: 87/50 a shot at Tank 31 on open ground, a shot worth taking
    battle = _kessler_ford_at("Captain Mara Voss")
    me = battle.combatant(battle.current())
    tank = next(c for c in battle.combatants() if c.name == "Tank 31")
    assert battle.submit(GmPlace(tank.id, to=Hex(12, -3))).accepted  # open ground, col 12, row 3
    shot = _shot_at(battle, me.id, tank.id)
    assert not concealed(shot) and shot.odds.face_needed == 13
    assert shot.expected_damage == Fraction(87, 50) > HARD_SHOT

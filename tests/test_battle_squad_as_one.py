"""A squad over several hexes "treated as a single NPC" (seed 002, Squad Size) through the facade:
it charges with its head and the rest following, jumps and is shoved as one footprint, and
overwatch may fire at it on the way its units walked."""

from dataclasses import replace

from game.actions import Charge, EndTurn, Jump, MoveSquad, OverwatchFire, SetOverwatch, Shove
from game.components import Health
from game.events import Attacked, ChargeBegan, PushBlocked
from game.hexgrid import Hex, in_wedge
from game.prompts import OverwatchChance
from game.systems.footprint import footprint

from kit import WALL, battle_at, pass_turns_until, unit

ANA, RED = 1, 2


def _red(at: Hex = Hex(2, 0), rest: tuple[Hex, ...] = (Hex(2, -1),)):
    """Six veteran soldiers on two hexes (3 hexes of movement, a jump of 2)."""
    return replace(unit(2, "veteran_soldier", "enemies", at, count=6, name="Red squad"), footprint=rest)


def _hexes(battle) -> set[Hex]:
    return set(footprint(battle.world, RED))


# -- charge ---------------------------------------------------------------------------------------
def test_the_squads_head_charges_ana_and_the_rest_follows_in_its_wake():
    """Seed 002, Charge (Person): "You move up to your movement limit ... Once you reach them,
    make an attack roll"; Squad Size: "treated as a single NPC"."""
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(-2, 0), name="Ana"), _red()], first=RED)
    outcome = battle.submit(Charge(RED, target=ANA, path=(Hex(1, 0), Hex(0, 0), Hex(-1, 0))))
    assert outcome.accepted, outcome.reason
    assert footprint(battle.world, RED) == (Hex(-1, 0), Hex(0, 0))  # the head beside Ana, one hex behind
    assert any(isinstance(e, ChargeBegan) for e in outcome.events)
    assert any(isinstance(e, Attacked) and e.how == "charge" and e.actor == RED for e in outcome.events)


def test_a_squad_charge_is_refused_when_the_rest_cannot_stand_in_the_heads_wake():
    """Seed 002, Squad Size: "all units must be adjacent to at least one other"."""
    units = [unit(1, "pc_warrior", "pcs", Hex(-2, 0), name="Ana"), _red(),
             unit(3, "thug", "enemies", Hex(0, 0), name="Kell")]
    battle = battle_at(units, first=RED)
    refused = battle.submit(Charge(RED, target=ANA, path=(Hex(1, 0), Hex(0, 0), Hex(-1, 0))))
    assert not refused.accepted and "the squad cannot follow its head" in refused.reason


# -- jump -----------------------------------------------------------------------------------------
def test_the_whole_footprint_jumps_the_same_straight_line():
    """Seed 002, Jump: "Move in a straight line up to half your movement speed"."""
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(-4, 3), name="Ana"), _red()], first=RED)
    outcome = battle.submit(Jump(RED, to=Hex(0, 0)))
    assert outcome.accepted, outcome.reason
    assert footprint(battle.world, RED) == (Hex(0, 0), Hex(0, -1))
    assert battle.options(RED, groups=("jump",)).of("jump")  # listed with their landing hexes


def test_a_tall_wall_in_the_line_of_any_hex_of_the_squad_stops_its_jump():
    """Seed 002, Jump: "Ignore any ground terrain" (a tall wall is not ground)."""
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(-4, 3), name="Ana"), _red()], first=RED,
                       terrain={Hex(1, -1): WALL})
    refused = battle.submit(Jump(RED, to=Hex(0, 0)))  # the rear hex (2,-1) would leap over the wall at (1,-1)
    assert not refused.accepted and "too tall to jump over" in refused.reason
    assert _hexes(battle) == {Hex(2, 0), Hex(2, -1)}


# -- shove ----------------------------------------------------------------------------------------
def test_ana_next_to_the_squads_rear_hex_shoves_the_whole_footprint_a_hex_away():
    """Seed 002, Shove: "force them to move 3m backwards"; the squad moves as one NPC."""
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(2, -2), name="Ana"), _red()], first=ANA)
    outcome = battle.submit(Shove(ANA, target=RED, faces=(20,)))
    assert outcome.accepted, outcome.reason
    assert footprint(battle.world, RED) == (Hex(2, 1), Hex(2, 0))


def test_a_shove_whose_push_one_hex_of_the_squad_cannot_take_is_blocked():
    """Seed 002, Shove, with the ruling: a blocked push leaves the target where it stands."""
    units = [unit(1, "pc_warrior", "pcs", Hex(2, -2), name="Ana"), _red(), unit(3, "thug", "pcs", Hex(2, 1), name="Bo")]
    battle = battle_at(units, first=ANA)
    option = next(o for o in battle.options(ANA, groups=("shove",)).allowed("shove") if o.target == RED)
    assert "held by Bo" in option.blocked
    outcome = battle.submit(Shove(ANA, target=RED, faces=(20,)))
    assert any(isinstance(e, PushBlocked) for e in outcome.events) and _hexes(battle) == {Hex(2, 0), Hex(2, -1)}


# -- overwatch along the route --------------------------------------------------------------------
def _watched_squad():
    """Ana watches east from (-6,0); Red walks around her from (-6,-2) (-5,-2) to (-6,1) (-7,1):
    neither its old hexes nor its new ones lie in her wedge, but (-5,0) of its route does."""
    units = [unit(1, "pc_warrior", "pcs", Hex(-6, 0), name="Ana", weapon="laser_rifle"),
             _red(Hex(-6, -2), (Hex(-5, -2),))]
    battle = battle_at(units, first=ANA, radius=9)
    assert battle.submit(SetOverwatch(ANA, facing=0)).accepted
    pass_turns_until(battle, RED)
    assert not any(in_wedge(Hex(-6, 0), 0, h) for h in (Hex(-6, -2), Hex(-5, -2), Hex(-6, 1), Hex(-7, 1)))
    return battle


def test_overwatch_may_fire_at_the_squad_on_a_hex_of_its_route_inside_the_wedge():
    """Seed 002, Overwatch: "a single attack ... against a target within that area"."""
    battle = _watched_squad()
    assert battle.submit(MoveSquad(RED, hexes=(Hex(-6, 1), Hex(-7, 1)))).accepted
    prompt = battle.pending()
    assert isinstance(prompt, OverwatchChance) and prompt.decider == ANA and prompt.hex == Hex(-5, 0)
    assert len(battle.state.pending) == 1  # one watcher, one attack
    before = battle.world.get(RED, Health).current
    outcome = battle.submit(OverwatchFire(ANA, faces=(20, 10)))
    assert outcome.accepted, outcome.reason
    assert battle.world.get(RED, Health).current < before and battle.pending() is None
    assert _hexes(battle) == {Hex(-6, 1), Hex(-7, 1)}


def test_a_watcher_who_holds_is_not_asked_again_about_the_same_formation_move():
    """Seed 002, Overwatch: "a single attack" until the start of the watcher's next turn."""
    battle = _watched_squad()
    battle.submit(MoveSquad(RED, hexes=(Hex(-6, 1), Hex(-7, 1))))
    from game.actions import Hold

    assert battle.submit(Hold(ANA)).accepted and battle.pending() is None
    assert battle.submit(EndTurn(RED)).accepted



def test_a_hero_point_on_a_missed_route_shot_rolls_again_at_the_squad_where_it_was_aimed():
    """Seed 004, hero points: the point goes on the roll just made, so the shot stays the one aimed
    at the squad on (-3,-1) of its route, though the squad now stands behind a wall, out of sight."""
    from game.actions import SpendHeroPoint
    from game.prompts import HeroPointChance

    units = [unit(1, "pc_warrior", "pcs", Hex(-6, 0), name="Ana", weapon="laser_rifle", hero_points=1),
             _red(Hex(-2, -2), (Hex(-1, -2),))]
    battle = battle_at(units, first=ANA, radius=9, terrain={Hex(-4, 0): WALL, Hex(-4, 1): WALL},
                       modules=("hero_points",))
    assert battle.submit(SetOverwatch(ANA, facing=0)).accepted
    pass_turns_until(battle, RED)
    assert battle.submit(MoveSquad(RED, hexes=(Hex(-3, 0), Hex(-2, 0)))).accepted
    assert battle.pending().hex == Hex(-3, -1)
    assert not any(battle.map.cover(Hex(-6, 0), h).visible for h in _hexes(battle))  # behind the wall now
    missed = battle.submit(OverwatchFire(ANA, faces=(6,)))
    assert missed.accepted, missed.reason
    assert isinstance(battle.pending(), HeroPointChance) and battle.pending().decider == ANA
    before = battle.world.get(RED, Health).current
    outcome = battle.submit(SpendHeroPoint(ANA, faces=(6, 10)))
    assert outcome.accepted, outcome.reason
    assert any(isinstance(e, Attacked) and e.actor == ANA and e.target == RED for e in outcome.events)
    assert battle.world.get(RED, Health).current < before


def test_a_player_cannot_aim_an_overwatch_shot_at_a_hex_of_their_choosing():
    """The aim of a route shot is the engine's (the hex the watcher's decision names)."""
    battle = _watched_squad()
    battle.submit(MoveSquad(RED, hexes=(Hex(-6, 1), Hex(-7, 1))))
    refused = battle.submit(OverwatchFire(ANA, aim=(Hex(-5, -1),), faces=(20, 10)))
    assert not refused.accepted and "leave out 'aim'" in refused.reason

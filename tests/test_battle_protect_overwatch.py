"""Seed 002 Protect (Person) against a shot from Overwatch: the shot is an attack, so the guard
next to the mover is asked, and the watcher's decision, the guard's and the move nest."""

from game.actions import EndTurn, Hold, Move, OverwatchFire, Protect, Redirect, SetOverwatch
from game.battle import Battle
from game.components import Health, MainSpent, Overwatch, Position
from game.events import Attacked
from game.hexgrid import Hex
from game.prompts import OverwatchChance, ProtectChance
from game.systems.combat import plan_attack

from kit import scenario, scene_of, unit

# Voss watches direction 0 from the origin; Ana walks (1,2) (2,1) (3,0) and is first seen on
# (2,1); Bo waits on (2,2), next to that hex, with his Main action of the round unused.
VOSS, ANA, BO, KELL = 1, 2, 3, 4
PATH = (Hex(1, 2), Hex(2, 1), Hex(3, 0))
UNITS = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
         unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana"),
         unit(3, "pc_warrior", "pcs", Hex(2, 2), name="Bo")]
KELL_TOO = UNITS + [unit(4, "veteran_soldier", "enemies", Hex(0, -1), name="Kell")]


def _until(battle: Battle, who: int) -> Battle:
    while battle.current() != who:
        assert battle.submit(EndTurn(battle.current())).accepted
    return battle


def _watched(units=UNITS, watchers=(VOSS,)) -> Battle:
    """Every watcher on overwatch facing east, then Ana's turn (Bo's Main action unused)."""
    battle = Battle.from_scenario(scenario(units, radius=8), seed=11)
    for watcher in watchers:
        _until(battle, watcher)
        assert battle.submit(SetOverwatch(watcher, facing=0)).accepted
    return _until(battle, ANA)


def _fired_at_ana(battle: Battle) -> Battle:
    assert battle.submit(Move(ANA, path=PATH)).accepted
    assert isinstance(battle.pending(), OverwatchChance) and battle.world.get(ANA, Position).hex == Hex(2, 1)
    outcome = battle.submit(OverwatchFire(VOSS))
    assert outcome.accepted, outcome.reason
    assert not any(isinstance(e, Attacked) for e in outcome.events)  # no die before Bo answers
    return battle


def test_bo_is_asked_when_overwatch_fires_at_ana_next_to_him():
    """Seed 002: Protect (Person) redirects "an attack from an adjacent ally"; overwatch makes
    "a single attack"."""
    battle = _fired_at_ana(_watched())
    prompt = battle.pending()
    assert isinstance(prompt, ProtectChance) and (prompt.decider, prompt.attacker, prompt.ally) == (BO, VOSS, ANA)
    assert prompt.question.startswith("Bo may take Voss's overwatch shot on Ana (")
    assert not battle.world.has(VOSS, Overwatch)  # the single attack is made, only its target waits


def test_the_guard_sees_the_overwatch_odds_on_himself_and_on_ana():
    """Seed 002 Overwatch: "a -2 penalty" that "ignores armor ... granted from cover", whoever it hits."""
    battle = _fired_at_ana(_watched())
    options = battle.options(BO)
    redirect, hold = options.allowed("redirect")[0], options.allowed("hold")[0]
    scene = scene_of(battle)
    assert redirect.odds.chance == plan_attack(scene, VOSS, BO, overwatch=True).chance
    assert hold.odds.chance == plan_attack(scene, VOSS, ANA, overwatch=True).chance
    assert any(m.value == -2 and "overwatch" in m.source.lower() for m in redirect.odds.bonus)
    assert f"{float(redirect.odds.chance):.0%} to hit Bo" in battle.pending().question


def test_bo_steps_in_takes_the_shot_and_anas_move_goes_on():
    """Seed 002: "redirect an attack from an adjacent ally to yourself", then the move goes on."""
    battle = _fired_at_ana(_watched())
    outcome = battle.submit(Redirect(BO, faces=(20, 6)))
    assert outcome.accepted, outcome.reason
    text = " | ".join(outcome.lines)
    assert "Bo steps in front of Ana" in text and "Voss attacks Bo" in text and "-2 overwatch" in text
    assert battle.world.get(BO, Health).current < 18 and battle.world.get(ANA, Health).current == 18
    assert battle.world.get(BO, MainSpent).round == battle.state.round  # the snap action's price
    assert battle.pending() is None and battle.world.get(ANA, Position).hex == Hex(3, 0)


def test_bo_holds_the_shot_goes_on_at_ana_and_then_so_does_her_move():
    """Seed 002 Overwatch: the watcher's "single attack" lands on Ana when Bo lets it through."""
    battle = _fired_at_ana(_watched())
    outcome = battle.submit(Hold(BO, faces=(20, 6)))
    assert outcome.accepted, outcome.reason
    assert "Voss attacks Ana" in " | ".join(outcome.lines)
    assert battle.world.get(ANA, Health).current < 18 and not battle.world.has(BO, MainSpent)
    assert battle.pending() is None and battle.world.get(ANA, Position).hex == Hex(3, 0)


def test_a_guard_set_in_advance_is_asked_about_an_instant_shot_and_the_guard_ends():
    """Seed 002 Protect (Person): "As an action, redirect an attack"; Overwatch: "an instant
    action against a target within that area" (Ana already stands in the wedge)."""
    units = [UNITS[0], unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana"),
             unit(3, "pc_warrior", "pcs", Hex(2, 1), name="Bo")]
    battle = Battle.from_scenario(scenario(units, radius=8), seed=11)
    _until(battle, VOSS)
    assert battle.submit(SetOverwatch(VOSS, facing=0)).accepted
    _until(battle, BO)
    assert battle.submit(Protect(BO, ally=ANA)).accepted
    assert battle.submit(OverwatchFire(VOSS, target=ANA)).accepted
    prompt = battle.pending()
    assert isinstance(prompt, ProtectChance) and prompt.decider == BO and "ends the guard" in prompt.question
    outcome = battle.submit(Redirect(BO, faces=(20, 6)))
    assert outcome.accepted and "Voss attacks Bo" in " | ".join(outcome.lines)
    assert battle.pending() is None and battle.world.get(ANA, Health).current == 18


def test_two_watchers_the_first_fires_the_guard_answers_then_the_second_is_asked_then_the_move_goes_on():
    """Seed 002 Overwatch: each watcher's "single attack as an instant action"; the guard's
    answer comes between the two, and the move waits for both."""
    battle = _watched(KELL_TOO, watchers=(VOSS, KELL))
    assert battle.submit(Move(ANA, path=PATH)).accepted
    first = battle.pending()
    assert isinstance(first, OverwatchChance) and first.decider == VOSS
    assert battle.submit(OverwatchFire(VOSS)).accepted
    assert isinstance(battle.pending(), ProtectChance) and battle.pending().decider == BO
    assert [type(p).__name__ for p in battle.state.pending] == ["ProtectChance", "OverwatchChance", "OverwatchChance"]
    assert battle.submit(Hold(BO, faces=(2,))).accepted  # a miss on Ana
    second = battle.pending()
    assert isinstance(second, OverwatchChance) and second.decider == KELL and VOSS in second.silenced
    assert battle.world.get(ANA, Position).hex == Hex(2, 1)  # the move still waits
    assert battle.submit(Hold(KELL, for_this_move=True)).accepted
    assert battle.pending() is None and battle.world.get(ANA, Position).hex == Hex(3, 0)


def test_a_shot_that_downs_ana_after_bo_holds_stops_her_move_there():
    """Seed 002 Overwatch with the rulings: the mover "continues if still able"."""
    units = [UNITS[0], unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana", hp=3), UNITS[2]]
    battle = _fired_at_ana(_watched(units))
    assert battle.submit(Hold(BO, faces=(20, 12))).accepted
    assert battle.pending() is None and battle.world.try_get(ANA, Position) is None


def test_the_shot_at_ana_refuses_dice_typed_with_it_while_bo_may_step_in():
    """The dice of an attack a guard may take go with the guard's answer (as for any attack)."""
    battle = _watched()
    battle.submit(Move(ANA, path=PATH))
    refused = battle.submit(OverwatchFire(VOSS, faces=(20, 6)))
    assert not refused.accepted and "Bo may step in first" in refused.reason

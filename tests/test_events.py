"""Events are facts; their sentences are written from the facts by a narrator."""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import pytest

import game.events as events
from game.players.plain import play
from game.events import (  # noqa: I001
    DefenseDrained,
    StealthChanged,
    OpposedAttack,
    TaskAttacked,
    Wounded,
    AttackPaused,
    Attacked,
    BattleEnded,
    BlastStruck,
    ChargeBegan,
    ChargeEnded,
    CheckRolled,
    ConditionChanged,
    DamageRolled,
    Damaged,
    DisarmSettled,
    DropRolled,
    Event,
    Exploded,
    Fell,
    FrayRolled,
    Healed,
    MoraleChanged,
    MoraleRead,
    Moved,
    OverflowSource,
    OverwatchSet,
    PushBlocked,
    RamRecoiled,
    Rolled,
    RoundBegan,
    Scattered,
    ShieldRaised,
    ShockDealt,
    SpillLost,
    Spilled,
    SquadVolley,
    TurnBegan,
    TurnLost,
    WeaponDropped,
    WeaponTaken,
)
from game.hexgrid import Hex
from game.rules.attack import AttackSetup, Modifier, resolve_attack
from game.rules.dice import ScriptedDice, roll
from game.rules.grenade import BlastHit, Scatter
from game.rules.heroic import heroic_points
from game.rules.maneuvers import DirectionRoll
from game.rules.morale import MoraleChange
from game.rules.saves import SaveResult, roll_skill, skill_check
from game.savefile import battle_from_map

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.tmx"))


class Say:
    """A small narrator: names by id, hexes as axial pairs."""

    NAMES = {1: "Ana", 2: "Voss", 3: "Kit"}
    WEAPONS = {"combat_rifle": "combat rifle", "frag_grenade": "frag grenade", "knife": "knife"}
    SIDES = {"pcs": "The Crew", "enemies": "Raiders", "bystanders": "Bystanders"}

    def name(self, entity: int) -> str:
        return self.NAMES[entity]

    def place(self, hex: Hex) -> str:
        return f"col {hex.q}, row {hex.r}"

    def weapon(self, weapon_id: str) -> str:
        return self.WEAPONS[weapon_id]

    def side(self, side_id: str) -> str:
        return self.SIDES[side_id]

    def facing(self, direction: int, angle: float | None = None) -> str:
        from game.hexgrid import facing_name

        return facing_name(direction, angle)


SAY = Say()


def faces(*values: int) -> ScriptedDice:
    return ScriptedDice(values)


def hit_14_plus_2_vs_16():
    return resolve_attack(AttackSetup((Modifier("attack bonus", 2, "SWN core, attack rolls"),), 16), faces(14))


def test_an_attack_reads_its_roll_and_verdict():
    event = Attacked(1, 2, hit_14_plus_2_vs_16(), "combat_rifle")
    assert event.text(SAY) == "Ana attacks Voss with a combat rifle: d20 14 +2 attack bonus = 16 vs 16: hit."
    assert event.hit


@pytest.mark.parametrize("how, extra, sentence", [
    ("charge", {}, "Ana charges into Voss: d20 14 +2 attack bonus = 16 vs 16: hit."),
    ("ram", {"hexes": 3}, "Ana rams Voss after 3 hexes: d20 14 +2 attack bonus = 16 vs 16: hit."),
    ("disarm", {"weapon": "knife"}, "Ana tries to disarm Voss (knife): d20 14 +2 attack bonus = 16 vs 16: hit."),
    ("shove", {}, "Ana shoves Voss: d20 14 +2 attack bonus = 16 vs 16: hit."),
    ("throw", {"weapon": "frag_grenade", "at": Hex(4, 7)},
     "Ana throws a frag grenade at col 4, row 7 (Voss there): d20 14 +2 attack bonus = 16 vs 16: hit."),
])
def test_each_kind_of_attack_roll_has_its_sentence(how, extra, sentence):
    assert Attacked(1, 2, hit_14_plus_2_vs_16(), how=how, **extra).text(SAY) == sentence


def test_rounds_turns_and_surprise():
    assert RoundBegan(3).text(SAY) == "Round 3 begins."
    assert TurnBegan(2, 3).text(SAY) == "Round 3: Voss's turn."
    assert TurnLost(1).text(SAY) == "Round 1: Ana is surprised and loses the turn."


def test_the_end_names_the_winner_or_the_sides_left():
    assert BattleEnded("pcs").text(SAY) == "The battle is over: pcs hold the field."
    assert BattleEnded(None, ("bystanders",)).text(SAY) == (
        "The battle is over: no fighting side is left; Bystanders hold the field.")
    assert BattleEnded().text(SAY) == "The battle is over: nobody is left standing."
    assert BattleEnded("pcs").winner == "pcs"


def test_a_plain_roll_shows_every_face_and_the_gm_rolls_as_actor_0():
    rolled = Rolled(1, "initiative", roll("1d8+DEX", faces(5), DEX=1))
    assert rolled.text(SAY) == "Ana rolls initiative: 1d8+DEX: [5] +1 DEX = 6"
    assert rolled.faces == (5,) and rolled.total == 6
    assert Rolled(0, "hit points", roll("2d6", faces(3, 4))).text(SAY) == "The GM rolls hit points: 2d6: [3, 4] = 7"


def test_checks_and_saves():
    heal = skill_check("Heal", (Modifier("Heal skill", 1, "SWN core, attack rolls"),), 9, faces(4, 5))
    assert CheckRolled(1, "stabilise", heal, target=3).text(SAY) == (
        "Ana tends Kit: Heal check 2d6 [4, 5] +1 Heal skill = 10 vs 9: success.")
    save = SaveResult("Evasion", roll("1d20", faces(12)), 14, False)
    assert CheckRolled(1, "Evasion save", save).text(SAY) == "Ana rolls an Evasion save d20 12 vs 14: failed."
    grip = roll_skill("Stab", (Modifier("Stab", 1, "SWN core, attack rolls"),), faces(4, 3))
    assert CheckRolled(2, "keep hold", grip).text(SAY) == "Voss rolls to keep hold: Stab 2d6 [4, 3] +1 Stab = 8"
    scare = skill_check("Intimidate", (), 8, faces(6, 6))
    assert CheckRolled(1, "intimidate", scare, side="enemies").text(SAY) == (
        "Ana tries to intimidate Raiders: Intimidate check 2d6 [6, 6] = 12 vs 8: success")
    assert CheckRolled(1, "intimidate", scare, side="enemies").total == 12


def test_moving_jumping_and_being_pushed():
    path = (Hex(0, 0), Hex(1, 0), Hex(2, 0))
    assert Moved(1, path, "move", 3).text(SAY) == "Ana moves 2 hexes to col 2, row 0 (3 movement)."
    assert Moved(1, path[:2], "move", 1).text(SAY) == "Ana moves 1 hex to col 1, row 0 (1 movement)."
    assert Moved(1, path, "jump").text(SAY) == "Ana jumps 2 hexes to col 2, row 0."
    assert Moved(2, path[:2], "push").text(SAY) == "Voss is pushed 1 hex to col 1, row 0 (forced movement: no overwatch)."
    assert Moved(1, path).actor == 1 and Moved(1, path).path == path
    assert PushBlocked(2, Hex(0, 2), "concrete wall").text(SAY) == (
        "Voss cannot be pushed to col 0, row 2 (concrete wall) and stays put.")


def test_a_damage_roll_is_its_own_event():
    rolled = roll("1d12+burst", faces(8), burst=2)
    assert DamageRolled(1, 2, rolled, 0, 10).text(SAY) == "Ana rolls damage 1d12+burst: [8] +2 burst = 10 = 10."
    assert DamageRolled(1, 2, rolled, 6, 4).text(SAY) == "Ana rolls damage 1d12+burst: [8] +2 burst = 10 - 6 armor = 4."
    reading = heroic_points(roll("2d6", faces(5, 2)))
    assert DamageRolled(1, 2, roll("2d6", faces(5, 2)), 0, reading.points, reading).text(SAY) == (
        f"Ana rolls damage 2d6: [5, 2] = 7; heroic reading {reading.text()}")
    assert DamageRolled(1, 2, rolled, 0, 10, source="ram").text(SAY).startswith("Ana's ram deals 1d12")
    assert DamageRolled(1, 2, rolled, 0, 10, source="charge").text(SAY).startswith("Ana's charge deals 1d12")
    charge = DamageRolled(1, 2, rolled, 0, 10, source="charge", weapon="knife", compared=(3, 10))
    assert charge.text(SAY).startswith("Ana's charge: the 1d6 rolls 3 and the knife 10; the higher counts: 1d12")
    shoved = DamageRolled(1, 2, roll("1d6", faces(4)), 0, 4, source="shove", against=Hex(0, 2), blocked="wall")
    assert shoved.text(SAY) == "Voss is shoved against col 0, row 2 (wall) and takes 1d6: [4] = 4 = 4."
    fray = roll("1d8", faces(7))
    assert DamageRolled(1, 2, fray, 2, 5, source="fray").text(SAY) == (
        "Against a vehicle the roll is read straight: 7 - 2 armor = 5.")
    read = heroic_points(fray)
    assert DamageRolled(1, 2, fray, 0, read.points, read, source="fray").text(SAY) == f"Heroic reading {read.text()}."


def test_hit_points_lost_and_regained():
    assert Damaged(2, 4, 10, 6).text(SAY) == "Voss takes 4: 10 -> 6 HP."
    assert Damaged(2, 3, 1, 0, "HD", "down", 2).text(SAY) == "Voss takes 3: 1 -> 0 HD, down (2 to spare)."
    assert Damaged(3, 5, 3, 0, "HP", "mortally wounded").text(SAY) == "Kit takes 5: 3 -> 0 HP, mortally wounded."
    assert Damaged(2, 4, 10, 6).remaining == 6
    healing = roll("1d6", faces(5))
    assert Healed(3, healing, 12, 17).text(SAY) == "Kit is healed (5): 12 -> 17 HP."
    reading = heroic_points(healing)
    assert Healed(3, healing, 1, 2, "HD", reading).text(SAY) == f"Kit is healed (heroic reading {reading.text()}): 1 -> 2 HD."
    assert Healed(3, healing, 12, 17).amount == 5


@pytest.mark.parametrize("fate, sentence, how", [
    ("killed", "Voss is killed.", "dead"),
    ("down", "Voss is down.", "dead"),
    ("died of wounds", "Voss dies of their wounds.", "dead"),
    ("mortally wounded", "Voss falls, mortally wounded: dead in 6 rounds unless stabilised.", "mortally wounded"),
    ("stable", "Voss falls and stabilises (heroic).", "stable"),
])
def test_falling(fate, sentence, how):
    fell = Fell(2, fate)
    assert fell.text(SAY) == sentence and fell.how == how and fell.target == 2


def test_shock_overflow_and_the_ram_recoil():
    assert ShockDealt(1, 2, 2, "knife").text(SAY) == "Shock: Voss still takes 2 from the miss."
    shot = OverflowSource(1, "shot", "combat_rifle")
    assert Spilled(shot, 3, 2, 12, 16).text(SAY) == (
        "Overflow: Ana's combat rifle shot carries 2 spare points on to Kit (needs 12, the roll made 16).")
    assert Spilled(OverflowSource(1, "Fray Die"), 3, 1).text(SAY) == "Overflow: Ana's Fray Die carries 1 spare point on to Kit."
    assert SpillLost(OverflowSource(1, "charge"), 3).text(SAY) == (
        "Overflow: Ana's charge has 3 spare points left that no other target can take.")
    assert RamRecoiled(1, 12, "half", 6, 2, 4).text(SAY) == "Ana takes half of the 12: 6 - 2 armor = 4."
    assert FrayRolled(1, 2, roll("1d8", faces(7)), True).text(SAY) == "Ana rolls the Focused Fray on Voss: 1d8: [7] = 7"


def test_grenades():
    blast = (Hex(4, 7), Hex(5, 7))
    gone = Exploded(1, "frag_grenade", Hex(4, 7), blast, roll("2d6", faces(3, 4)))
    assert gone.text(SAY) == "The frag grenade explodes at col 4, row 7: 2d6: [3, 4] = 7 damage."
    assert gone.hex == Hex(4, 7) and gone.blast == blast
    assert Exploded(1, "frag_grenade", Hex(4, 7), blast).text(SAY) == (
        "The frag grenade explodes at col 4, row 7, catching nobody.")
    save = SaveResult("Evasion", roll("1d20", faces(15)), 14, True)
    assert BlastStruck(1, 2, BlastHit(save, 0, 3)).text(SAY) == (
        "Voss is caught in the blast: Evasion save d20 15 vs 14: saved; takes 3.")
    scatter = Scatter(roll("1d3", faces(2)), DirectionRoll(roll("1d6", faces(5))))
    assert Scattered(1, scatter, Hex(6, 5), "stopped by the edge of the map").text(SAY) == (
        "The throw misses: it scatters 1d3: [2] = 2 hexes in direction 1d6: [5] = 5 (south-west) and comes "
        "down at col 6, row 5, stopped by the edge of the map.")


@pytest.mark.parametrize("event, sentence", [
    (ConditionChanged(1, "prone", True), "Ana drops prone."),
    (ConditionChanged(1, "prone", False), "Ana stands up."),
    (ConditionChanged(2, "prone", True, "knocked"), "Voss is knocked prone."),
    (ConditionChanged(1, "prone", True, "crash"), "Ana is knocked prone by the crash."),
    (ConditionChanged(1, "prone", True, "fell charging", 2), "Ana falls prone next to Voss."),
    (ConditionChanged(1, "total defense", True), "Ana takes total defense (+2 AC)."),
    (ConditionChanged(1, "total defense", False, "lapsed"), "Ana is no longer on total defense."),
    (ConditionChanged(1, "reloaded", True), "Ana reloads."),
    (ConditionChanged(1, "overwatch", False, "lapsed"), "Ana is no longer on overwatch."),
    (ConditionChanged(1, "overwatch", False, "fired"), "Ana fires from overwatch."),
    (ConditionChanged(1, "overwatch", True, "held"), "Ana holds fire."),
    (ConditionChanged(2, "disarmed", True), "Voss is disarmed."),
    (ConditionChanged(2, "disarmed", False, "empty hand"), "Voss has nothing in hand to drop."),
    (ConditionChanged(2, "disarmed", False, "kept hold"), "Voss keeps hold of the weapon."),
    (ConditionChanged(3, "stabilised", True), "Kit is stabilised and will live."),
    (ConditionChanged(1, "protecting", False, "declined"), "Ana does not step in."),
    (ConditionChanged(1, "protecting", True, "stepped in", 3), "Ana steps in front of Kit and takes the attack."),
    (ConditionChanged(1, "guarding", True, other=3), "Ana guards Kit until the start of Ana's next turn."),
    (OverwatchSet(1, 2), "Ana goes on overwatch facing north-west."),
    (OverwatchSet(1, 1, 30.0), "Ana goes on overwatch facing 2 o'clock."),
    (OverwatchSet(1, 1, 8.94828), "Ana goes on overwatch facing 3 o'clock."),
    (ShieldRaised(1, 4), "Ana shields the allies around it (+2 AC and armor 4 behind it) until its next turn."),
    (AttackPaused(2, 3, (1,)), "Voss attacks Kit; Ana may step in."),
    (ChargeBegan(1, 2), "Ana charges Voss."),
    (ChargeEnded(1, stopped=Hex(1, 1)), "Ana's charge ends without a blow: it was stopped at col 1, row 1."),
    (ChargeEnded(1, reason="Voss is out of the fight"), "Ana's charge ends without a blow: Voss is out of the fight."),
])
def test_conditions_stances_and_charges(event, sentence):
    assert event.text(SAY) == sentence


def test_weapons_changing_hands():
    assert DisarmSettled(1, 2, 3, "weapon drops").text(SAY) == "Ana wins by 3: weapon drops."
    assert DisarmSettled(1, 2, 0, "nothing happens").text(SAY) == "Ana ties: nothing happens."
    assert DisarmSettled(1, 2, -2, "both drop").text(SAY) == "Ana loses by 2: both drop."
    assert DropRolled(1, 2, DirectionRoll(roll("1d6", faces(3)))).text(SAY) == (
        "Ana rolls where Voss's weapon falls: 1d6: [3] = 3 (north-west)")
    assert WeaponDropped("knife", Hex(1, 2), 2).text(SAY) == "The knife lands at col 1, row 2."
    assert WeaponDropped("knife", Hex(1, 2), 2, blocked=True).text(SAY) == (
        "The knife lands at col 1, row 2 (the way is blocked, so it falls at their feet).")
    assert WeaponTaken(1, "knife", "carried", "take").text(SAY) == "Ana takes the knife and stows it."
    assert WeaponTaken(1, "knife", "hand", "pick up").text(SAY) == "Ana picks up the knife and holds it ready."
    assert WeaponTaken(1, "knife", "carried", "pick up").text(SAY) == "Ana picks up the knife and stows it."
    assert WeaponTaken(1, "knife", "hand", "ready", "combat_rifle").text(SAY) == (
        "Ana readies the knife, stowing the combat rifle.")
    assert WeaponTaken(1, "knife").text(SAY) == "Ana readies the knife."


def test_morale():
    change = MoraleChange("intimidated", 1, 8, 7)
    shaken = MoraleChanged("enemies", change)
    assert shaken.text(SAY) == "Raiders are shaken: morale 8 -> 7 (intimidated); no more intimidation this round."
    assert (shaken.before, shaken.after) == (8, 7)
    read = MoraleRead(1, (("enemies", 8),))
    assert read.readings == (("enemies", 8),)
    assert read.text(SAY).startswith("Ana reads the morale: Raiders 8 (")


def _event_classes():
    return [c for _, c in inspect.getmembers(events, inspect.isclass)
            if issubclass(c, Event) and c.__module__ == events.__name__]


def test_no_event_stores_its_text_only_tells_it():
    for cls in _event_classes():
        assert "text" not in {f.name for f in dataclasses.fields(cls)}, cls.__name__
        assert cls is Event or cls.text is not Event.text, f"{cls.__name__} has no sentence"


def test_events_are_frozen_and_hashable():
    event = Attacked(1, 2, hit_14_plus_2_vs_16(), "combat_rifle")
    assert hash(event) == hash(Attacked(1, 2, hit_14_plus_2_vs_16(), "combat_rifle"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.actor = 3
    assert {Moved(1, (Hex(0, 0), Hex(1, 0)), "move", 1), RoundBegan(1), Fell(2, "down")}
    for cls in _event_classes():
        assert cls.__dataclass_params__.frozen, cls.__name__


@pytest.mark.parametrize("map_path", MAPS, ids=[m.stem for m in MAPS])
def test_every_event_of_a_computer_played_fight_tells_itself(map_path):
    battle = battle_from_map(map_path, seed=7)
    play(battle)
    log = battle.log
    lines = battle.log_lines()
    assert len(lines) == len(log) and all(line.strip() for line in lines)
    assert lines == [battle.describe(e) for e in log]
    weapon_hits = [i for i, e in enumerate(log) if isinstance(e, Attacked) and e.hit and e.how == "attack"
                   and not isinstance(e, SquadVolley)]
    ruleset_hits = [i for i, e in enumerate(log) if isinstance(e, (OpposedAttack, TaskAttacked)) and e.hit]
    assert weapon_hits or ruleset_hits, "the fight should land at least one weapon hit"
    for index in weapon_hits:
        rolled, damaged = log[index + 1], log[index + 2]
        assert isinstance(rolled, DamageRolled) and isinstance(damaged, Damaged)
        assert rolled.target == damaged.target == log[index].target and rolled.amount == damaged.amount
    for index in ruleset_hits:  # seed 001 drains DEF and VIT; seed 003 marks the body
        follows = next(e for e in log[index + 1:] if not (isinstance(e, StealthChanged) and e.cause == "attacked"))
        assert isinstance(follows, DefenseDrained if isinstance(log[index], OpposedAttack) else Wounded)
        assert follows.target == log[index].target
    for index, volley in enumerate(log):  # a squad's damage is flat: no damage roll (seed 002)
        if isinstance(volley, SquadVolley) and volley.amount:
            assert isinstance(log[index + 1], Damaged) and log[index + 1].amount == volley.amount

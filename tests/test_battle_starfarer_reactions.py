"""Starfarer evasion and parry in battle (map property `evasion_and_parry`): the attacked
character may give up its next phase to react, and the reaction's success takes 1 + LOS off the
attack's EF (our reading of Seed 003, Tables 3.1-3.2; docs/rules/starfarer.md). Dice are scripted."""

from fractions import Fraction

from game.actions import Attack, Hold, React
from game.players.plain import play
from game.battle import Battle
from game.events import Reacted, TaskAttacked
from game.hexgrid import Hex
from game.prompts import DefenceChance

from kit import scenario, unit
from starfarer_kit import phase_of

REYES, KITAI = 1, 2


def _battle(seed: int = 4, gap: int = 5, on: bool = True, **weapons) -> Battle:
    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes", **weapons.get("reyes", {})),
             unit(2, "kitai", "enemies", Hex(gap, 0), name="Kitai", **weapons.get("kitai", {}))]
    settings = {"evasion_and_parry": True} if on else None
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings=settings), seed=seed)
    phase_of(battle, REYES)
    return battle


def test_an_attacked_character_with_a_phase_to_come_is_asked_and_evading_shows_its_exact_odds():
    battle = _battle()
    assert battle.combatant(KITAI).action_points == 17
    assert battle.submit(Attack(REYES, target=KITAI)).accepted
    prompt = battle.pending()
    assert isinstance(prompt, DefenceChance) and prompt.decider == KITAI and prompt.reactions == ("evade",)
    evade = battle.options(KITAI).allowed("evade")[0]
    # Evasion (AGI 7 twice) x 5 = 70; the rifle at 15 m (short, EF 6): (7+5) x 6 = 72 unopposed. Each
    # evasion face 1-14 takes 5 EF off, 15-28 4, 29-42 3, 43-56 2, 57-70 1, a failure none.
    assert evade.chance == Fraction(70, 100) and evade.hit_chance_unopposed == Fraction(72, 100)
    assert evade.hit_chance == Fraction(14 * (12 + 24 + 36 + 48 + 60) + 30 * 72, 10000)
    assert battle.options(KITAI).allowed("hold")


def test_evading_gives_up_a_phase_and_takes_1_plus_los_off_the_attacks_ef():
    battle = _battle()
    battle.submit(Attack(REYES, target=KITAI))
    outcome = battle.submit(React(KITAI, how="evade", faces=(20, 30)))  # evasion 20: LOS 3, -4 EF
    reacted = next(e for e in outcome.events if isinstance(e, Reacted))
    assert (reacted.ef_off, reacted.points) == (4, (17, 7))
    task = next(e for e in outcome.events if isinstance(e, TaskAttacked)).task
    assert (task.ef, task.mcs, task.success) == (2, 24, False)
    assert battle.combatant(KITAI).action_points == 7 and battle.current() == REYES


def test_letting_the_attack_come_rolls_it_as_it_stands():
    battle = _battle()
    battle.submit(Attack(REYES, target=KITAI))
    outcome = battle.submit(Hold(KITAI, faces=(30,)))
    task = next(e for e in outcome.events if isinstance(e, TaskAttacked)).task
    assert (task.ef, task.success) == (6, True)


def test_parry_is_only_against_a_melee_attack_with_a_melee_weapon_in_hand():
    battle = _battle()
    battle.submit(Attack(REYES, target=KITAI))
    refused = battle.submit(React(KITAI, how="parry"))
    assert not refused.accepted and refused.reason == "cannot parry this attack (can: evade)"
    knives = {"reyes": {"weapon": "combat_knife"}, "kitai": {"weapon": "combat_knife"}}
    battle = _battle(gap=1, **knives)
    battle.submit(Attack(REYES, target=KITAI))
    parry = battle.options(KITAI).allowed("parry")[0]
    assert parry.chance == Fraction(35, 100)  # (blade 0, AGI 7) x 5


def test_nobody_is_asked_without_a_phase_to_give_up_or_without_the_map_property():
    battle = _battle(seed=2)  # Kitai has had its phase: 9 points left
    assert battle.combatant(KITAI).action_points == 9
    assert any(isinstance(e, TaskAttacked) for e in battle.submit(Attack(REYES, target=KITAI)).events)
    battle = _battle(on=False)
    assert any(isinstance(e, TaskAttacked) for e in battle.submit(Attack(REYES, target=KITAI)).events)


def test_the_computer_evades_when_it_pays_and_plays_to_the_end():
    units = [unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai"), unit(2, "kitai", "pcs", Hex(0, 2), name="Kenji"),
             unit(3, "pirate", "enemies", Hex(6, 0), name="Vane"), unit(4, "pirate", "enemies", Hex(6, 2), name="Gash")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings={"evasion_and_parry": True}), seed=1)
    play(battle)
    assert battle.state.ended and any(isinstance(a, React) for a in battle.actions)


def test_the_window_words_each_answer_with_what_it_does_to_the_attack():
    from game.ui.answers import answer_words

    battle = _battle()
    battle.submit(Attack(REYES, target=KITAI))
    evade = battle.options(KITAI).allowed("evade")[0]
    assert answer_words(evade) == "Evade (hit 72% -> 47%, costs a phase)"

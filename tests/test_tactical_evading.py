"""The tactical player's reactions under Starfarer (seed 003, with the map's `evasion_and_parry`):
it gives up its next phase to evade a shot likely to hit (50% or more) whenever that makes the
shot less likely, and lets a long shot come, where the plain player reacts whenever the reaction
takes a third off the chance, whatever it is (game/tactical/evading.py)."""

from fractions import Fraction

from game.actions import Attack, Hold, React
from game.players.answers import answer_prompt
from game.battle import Battle
from game.hexgrid import Hex
from game.players.tactical import decide

from kit import scenario, unit
from starfarer_kit import phase_of

REYES, PIRATE = 1, 2


def _shot_at(shooter: str, target: str, gap: int, seed: int) -> Battle:
    """Unit 1 (`shooter`) fires its assault rifle at unit 2 (`target`) `gap` hexes away."""
    units = [unit(1, shooter, "pcs", Hex(0, 0), name="Reyes", weapon="assault_rifle"),
             unit(2, target, "enemies", Hex(gap, 0), name="Hask", weapon="assault_rifle")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings={"evasion_and_parry": True}),
                                  seed=seed)
    phase_of(battle, REYES)
    assert battle.submit(Attack(REYES, target=PIRATE)).accepted
    return battle


def test_a_pirate_evades_sgt_reyes_rifle_at_medium_range_which_the_plain_player_lets_come():
    battle = _shot_at("marine", "pirate", gap=8, seed=4)
    evade = battle.options(PIRATE).allowed("evade")[0]
    # The rifle at 24 m (medium, EF 5): (7+5) x 5 = 60. Evasion (AGI 5 twice) x 5 = 50: a success
    # takes 1 + LOS off the EF, so the shot is left about 42%: a cut of 30%, under a third.
    assert evade.hit_chance_unopposed == Fraction(60, 100)
    assert evade.hit_chance > Fraction(2, 3) * evade.hit_chance_unopposed
    assert not isinstance(answer_prompt(battle.options(PIRATE)), React)  # the plain player lets it come
    decision = decide(battle)
    assert decision.action == React(PIRATE, how="evade")
    assert decision.reason.startswith("evades Reyes's attack, giving up its next phase: 42% to be hit")


def test_a_marine_lets_a_pirates_long_shot_come_which_the_plain_player_evades():
    battle = _shot_at("pirate", "marine", gap=8, seed=4)
    evade = battle.options(PIRATE).allowed("evade")[0]
    # The pirate's rifle: (5+0) x 5 = 25%. Evasion (AGI 6 twice) x 5 = 60% takes more than a third
    # off it, so the plain player gives up the marine's next phase; a 25% shot is not worth it.
    assert evade.hit_chance_unopposed == Fraction(25, 100)
    assert evade.hit_chance <= Fraction(2, 3) * evade.hit_chance_unopposed
    assert answer_prompt(battle.options(PIRATE)) == React(PIRATE, how="evade")
    decision = decide(battle)
    assert isinstance(decision.action, Hold) and decision.action.actor == PIRATE
    assert decision.reason == "lets Reyes's attack come: 25% to hit, not worth its next phase"


"""Negating damage with hero points (seed 004, Negating Damage) under These Lucky Stars and
Starfarer: the one hit is asked after the damage is known and before it is taken; each point
buys three picks from what the ruleset can undo, and the options buy the picks that leave the
least of the hit. Nobody may counter it; the computer negates only a hit that would take it out."""

from dataclasses import replace
from pathlib import Path

from game.actions import Attack, GmSetHealth, Hold, NegateDamage
from game.players.answers import answer_prompt
from game.players.plain import play
from game.battle import Battle
from game.events import DamageNegated, DefenseDrained, Wounded
from game.hexgrid import Hex
from game.prompts import NegationChance
from game.rules.catalog import load_catalog
from game.savefile import load_scenario_or_fail
from game.ui.answers import answer_entries

from kit import battle_at, scenario, unit
from starfarer_kit import phase_of

ROOK, GASH = 1, 2
KITAI, TARGET = 1, 2
MAPS = Path(__file__).resolve().parent.parent / "maps"


# --- These Lucky Stars (seed 001) ---------------------------------------------------------------


def _gash_hits_rook(faces: tuple[int, ...], damage: tuple[int, ...], rook_vit: int | None = None) -> Battle:
    """Gash's cutlass (1d8 + STR 2) hits Rook (DEF 7, VIT 3, one hero point); Rook lets its lost roll
    stand, so the damage is rolled and the negation decision opens."""
    rook = unit(ROOK, "spacer", "pcs", Hex(0, 0), name="Rook", hero_points=1)
    gash = unit(GASH, "pirate", "enemies", Hex(1, 0), name="Gash")
    battle = battle_at([rook, gash], first=GASH, ruleset="lucky-stars", modules=("hero_points",))
    if rook_vit is not None:
        assert battle.submit(GmSetHealth(ROOK, value=rook_vit)).accepted
    assert battle.submit(Attack(GASH, target=ROOK, faces=faces)).accepted
    assert battle.submit(Hold(ROOK, faces=damage)).accepted  # no hero die on the attack roll
    return battle


def test_a_lucky_stars_hit_is_asked_about_before_it_drains_def_and_vit():
    battle = _gash_hits_rook((5, 5, 1, 1), (8,))  # 12 against 9: a hit; 1d8 [8] + 2 = 10
    asked = battle.pending()
    assert isinstance(asked, NegationChance) and (asked.decider, asked.amount) == (ROOK, 10)
    assert (battle.combatant(ROOK).defense, battle.combatant(ROOK).health) == (7, 3)  # nothing taken yet
    held = battle.options(ROOK).allowed("hold")[0]
    assert (held.damage, held.drops) == (10, False)  # DEF 7 empties (a VIT lost), then 3 more: DEF 4


def test_three_picks_take_3_off_and_give_back_the_vit_the_hit_took():
    battle = _gash_hits_rook((5, 5, 1, 1), (8,))
    best = battle.options(ROOK).allowed("negate_damage")[0]
    # 3 off leaves 7: DEF 7 empties, one VIT lost and DEF fresh; the two wound picks give the VIT back.
    assert (best.picks, best.damage, best.drops) == (("shock", "wound", "wound"), 7, False)
    outcome = battle.submit(best.action)
    negated = next(e for e in outcome.events if isinstance(e, DamageNegated))
    assert (negated.before, negated.after, negated.left) == (10, 7, 0)
    drained = next(e for e in outcome.events if isinstance(e, DefenseDrained))
    assert (drained.defense, drained.vitality, drained.negated) == ((7, 7), (3, 3), best.picks)
    assert outcome.lines[1] == ("Rook takes 10 (1d8 [8] +2 attribute = 10), less the hero points' shock, wound, "
                                "wound: DEF 7 -> 7, VIT 3 -> 3.")
    assert battle.pending() is None and battle.combatant(ROOK).hero_points == 0


def test_a_condition_pick_cancels_the_wound_or_condition_two_lost_vit_would_inflict():
    battle = _gash_hits_rook((6, 6, 1, 1), (8, 8))  # a margin of 5: the bonus die, 2d8 [8, 8] + 2 = 18
    outcome = battle.submit(NegateDamage(ROOK, picks=("condition",)))
    drained = next(e for e in outcome.events if isinstance(e, DefenseDrained))
    assert drained.vitality == (3, 1) and not drained.wound  # two VIT lost, and no wound or condition


def test_a_knockdown_pick_is_allowed_but_never_offered_an_attack_knocks_nobody_down():
    battle = _gash_hits_rook((5, 5, 1, 1), (8,))
    assert all("knockdown" not in o.picks for o in battle.options(ROOK).allowed("negate_damage"))
    assert battle.submit(NegateDamage(ROOK, picks=("knockdown",))).accepted


def test_the_computer_negates_a_lucky_stars_hit_only_when_it_would_be_taken_out():
    kept = _gash_hits_rook((5, 5, 1, 1), (8,))
    assert answer_prompt(kept.options(ROOK)) == Hold(ROOK)
    last = _gash_hits_rook((5, 5, 1, 1), (8,), rook_vit=1)  # 10 would take the last VIT
    assert last.options(ROOK).allowed("hold")[0].drops
    saving = answer_prompt(last.options(ROOK))
    assert isinstance(saving, NegateDamage)
    last.submit(saving)
    assert last.combatant(ROOK).in_fight and last.combatant(ROOK).health == 1


def test_the_window_shows_the_picks_when_they_are_more_than_shock():
    battle = _gash_hits_rook((5, 5, 1, 1), (8,))
    assert answer_entries(battle.options(ROOK)) == [
        ("negate_damage", "Negate damage: 1 own (shock, wound, wound; takes 7)"), ("hold", "Hold (takes 10)")]


def test_undo_takes_a_lucky_stars_negation_back_with_its_point():
    battle = _gash_hits_rook((5, 5, 1, 1), (8,))
    before = battle.state
    battle.submit(battle.options(ROOK).allowed("negate_damage")[0].action)
    battle.undo()
    assert battle.state == before and isinstance(battle.pending(), NegationChance)


def _with_hero_points(map_name: str, points: int):
    """A bundled map's scenario with hero points on and `points` for every combatant."""
    loaded = load_scenario_or_fail(MAPS / map_name, load_catalog())
    units = tuple(replace(u, overrides={**u.overrides, "hero_points": points}) for u in loaded.units)
    return replace(loaded, modules=loaded.modules | {"hero_points"}, units=units)


def _negations_in_fights(setup, seeds) -> int:
    """Play each seed's fight to the end, computer against computer, check it replays to the same
    state from its actions, and count the negations."""
    negations = 0
    for seed in seeds:
        battle = Battle.from_scenario(setup, seed=seed)
        play(battle)
        assert battle.state.ended
        negations += sum(isinstance(e, DamageNegated) for e in battle.log)
        again = Battle.from_scenario(setup, seed=seed)
        for step in battle.actions:
            assert again.submit(step).accepted
        assert again.state == battle.state
    return negations


def test_dust_market_with_hero_points_plays_to_the_end_with_negations_and_replays():
    assert _negations_in_fights(_with_hero_points("dust_market.tmx", 3), (1, 2, 3)) >= 1


# --- Starfarer (seed 003) -----------------------------------------------------------------------


def _kitai_hits(faces: tuple[int, ...]) -> Battle:
    """Kitai's laser (10/9) at 15 m, MCS 60, on a colonist (mass 6, one hero point), blow-through on."""
    units = [unit(KITAI, "kitai", "pcs", Hex(0, 0), name="Kitai"),
             unit(TARGET, "colonist", "enemies", Hex(5, 0), name="Target", hero_points=1),
             unit(3, "colonist", "enemies", Hex(-3, 3), name="Onlooker")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings={"blow_through": True},
                                           modules=("hero_points",)), seed=4)
    phase_of(battle, KITAI)
    assert battle.submit(Attack(KITAI, target=TARGET, faces=faces)).accepted
    return battle


def test_a_starfarer_hit_is_asked_about_before_it_is_marked_worked_example_18_to_the_chest():
    battle = _kitai_hits((24,))  # LOS 3 to the chest: 18 (seed 003's blow-through example), a mortal wound
    asked = battle.pending()
    assert isinstance(asked, NegationChance) and (asked.amount, asked.location) == (18, "chest")
    assert asked.question == "Kitai's hit to the chest deals 18 shock to Target: spend hero points to negate some of it?"
    held = battle.options(TARGET).allowed("hold")[0]
    assert held.drops  # a mortal wound: a survival check, out of the fight either way


def test_wound_picks_lower_the_wound_and_a_condition_pick_keeps_the_colonist_conscious():
    battle = _kitai_hits((24,))
    best = battle.options(TARGET).allowed("negate_damage")[0]
    assert (best.picks, best.drops) == (("wound", "wound", "condition"), False)
    outcome = battle.submit(answer_prompt(battle.options(TARGET)))  # the computer saves itself
    wounded = next(e for e in outcome.events if isinstance(e, Wounded))
    assert wounded.level == 3 and wounded.shock == 18  # two levels off a mortal wound: heavy
    assert not any(type(e).__name__ in ("CheckRolled", "KnockedOut") for e in outcome.events)
    assert battle.combatant(TARGET).in_fight


def test_shock_picks_take_3_off_the_shock_each_and_the_graze_goes_too():
    battle = _kitai_hits((58,))  # LOS 0 to the left arm: half of 6, 3 shock and a graze
    best = battle.options(TARGET).allowed("negate_damage")[0]
    assert (best.picks, best.damage) == (("shock", "shock", "wound"), 0)
    outcome = battle.submit(best.action)
    wounded = next(e for e in outcome.events if isinstance(e, Wounded))
    assert (wounded.shock, wounded.level) == (0, None)


def test_derelict_hold_with_hero_points_plays_to_the_end_with_negations_and_replays():
    assert _negations_in_fights(_with_hero_points("derelict_hold.tmx", 2), (1, 2, 3)) >= 1

"""What the table's banner says (`game.ui.banner`), for every kind of decision the fight stops for,
reached through the facade: who decides, the prompt's own question, each answer with its odds
and the keys that take it; a decider hidden from the table keeps its secret; whose turn it is,
what is left of it, who is next, and the action bar's buttons with their keys."""

from dataclasses import replace

from game.actions import Attack, GmSetHealth, GmSetHidden, SpendHeroPoint
from game.battle import Battle
from game.hexgrid import Hex
from game.prompts import CounterChance, DeclarationChance, FootprintChoice, HeroPointChance, OverwatchChance, ProtectChance
from game.ui.answers import answer_entries
from game.ui.banner import HELP, UNSEEN, Seat, banner_for, roll_words
from game.ui.modes import KEYS, Answer, Board, Choose, Key

from kit import at_an_overwatch_shot, battle_at, scenario, unit

NOBODY = Seat(frozenset())


def _keys_take_their_answer(battle: Battle, banner) -> None:
    """Every key a button shows takes that button's answer, as the decision's input mode has it."""
    options = battle.options(battle.pending().decider)
    for button in banner.buttons:
        chosen = Answer(options.actor).handle(Choose(button.choose), Board(options)).action
        assert chosen is not None, button
        for key in button.keys:
            assert Answer(options.actor).handle(Key(key), Board(options)).action == chosen, (button, key)


def _decision(battle: Battle, kind, decider_name: str):
    prompt = battle.pending()
    assert isinstance(prompt, kind)
    banner = banner_for(battle, NOBODY)
    assert (banner.kind, banner.headline, banner.question) == ("decision", f"{decider_name} decides", prompt.question)
    assert [(b.choose, b.words) for b in banner.buttons] == answer_entries(battle.options(prompt.decider), battle.place)
    _keys_take_their_answer(battle, banner)
    return banner


# -- protect ---------------------------------------------------------------------------------------
ROOK, ANA, BO = 1, 2, 3
TRIO = [unit(1, "thug", "enemies", Hex(3, 0), name="Rook"), unit(2, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
        unit(3, "pc_warrior", "pcs", Hex(0, 1), name="Bo")]


def _protect(hidden: tuple[int, ...] = ()) -> Battle:
    battle = battle_at(TRIO, first=ROOK)
    for entity in hidden:  # the GM hides them from the table before the attack
        assert battle.submit(GmSetHidden(entity, hidden=True)).accepted
    assert battle.submit(Attack(ROOK, target=ANA)).accepted
    return battle


def test_a_protect_decision_names_bo_asks_the_prompts_question_and_offers_step_in_and_let_through_with_odds():
    banner = _decision(_protect(), ProtectChance, "Bo")
    assert banner.side == "pcs" and "Bo may take Rook's attack on Ana" in banner.question
    words = {b.choose: b for b in banner.buttons}
    assert words["redirect"].words.startswith("Step in (") and words["redirect"].words.endswith("% to hit)")
    assert words["hold"].words.startswith("Let it through (") and words["hold"].words.endswith("% to hit)")
    assert "return" in words["redirect"].keys and "escape" in words["hold"].keys


def test_a_decider_hidden_from_the_table_keeps_its_secret():
    battle = _protect(hidden=(BO,))
    banner = banner_for(battle, NOBODY)
    assert (banner.kind, banner.headline, banner.side, banner.question, banner.buttons) == (
        "deciding", "The GM is deciding", None, "", ())


def test_a_decision_of_a_side_the_computer_plays_shows_no_answers():
    banner = banner_for(_protect(), Seat(frozenset({"pcs"})))
    assert (banner.kind, banner.headline, banner.buttons) == ("deciding", "Bo is deciding (computer)", ())


def test_a_hidden_attackers_name_in_the_question_reads_someone_unseen():
    battle = _protect(hidden=(ROOK,))
    banner = banner_for(battle, NOBODY)
    assert "Rook" not in banner.question and f"{UNSEEN}'s attack on Ana" in banner.question


# -- overwatch -------------------------------------------------------------------------------------
def test_an_overwatch_shot_names_the_watcher_and_offers_fire_with_its_odds_and_holding():
    banner = _decision(at_an_overwatch_shot(), OverwatchChance, "Voss")
    fire = next(b for b in banner.buttons if b.choose == "overwatch_fire")
    assert fire.words.startswith("Fire (") and fire.words.endswith("% to hit)") and "return" in fire.keys
    assert {"hold", "hold_for_move"} <= {b.choose for b in banner.buttons}


# -- hero points -----------------------------------------------------------------------------------
GASH = 2


def _duel(gash_points: int = 0) -> Battle:
    rook = unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", hero_points=1)
    gash = unit(2, "pirate", "enemies", Hex(2, 0), name="Gash", **({"hero_points": gash_points} if gash_points else {}))
    battle = battle_at([rook, gash], first=ROOK, ruleset="lucky-stars", modules=("hero_points",))
    assert battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 3, 3))).accepted
    return battle


def test_a_hero_point_to_spend_shows_what_it_costs_and_its_chance_to_turn_the_roll():
    banner = _decision(_duel(), HeroPointChance, "Rook")
    spend = next(b for b in banner.buttons if b.choose == "spend_hero_point")
    assert spend.words == "Spend hero point: 1 own (100% to turn the roll)"


def test_a_hero_point_to_counter_is_the_enemys_decision():
    battle = _duel(gash_points=1)
    assert battle.submit(SpendHeroPoint(ROOK)).accepted
    banner = _decision(battle, CounterChance, "Gash")
    assert [b.choose for b in banner.buttons] == ["counter_hero_point", "hold"] and banner.side == "enemies"


# -- Starfarer's declaration and a squad's hexes -------------------------------------------------------
def test_a_starfarer_declaration_before_the_first_roll_offers_every_declaration():
    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"), unit(2, "kitai", "enemies", Hex(5, 0), name="Kitai")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings={"declare_actions": True}), seed=4)
    banner = _decision(battle, DeclarationChance, "Reyes")
    assert banner.question == "Before the first roll: declare Reyes's first phase?"
    assert "declare_2_attacks" in [b.choose for b in banner.buttons] and banner.buttons[-1].choose == "hold"
    two = next(b for b in banner.buttons if b.choose == "declare_2_attacks")
    assert two.words == "Declare 2 attacks (EF -1, -1 AP now, -3 after, 20.2 damage expected)"


def test_which_hexes_a_squad_keeps_is_its_owners_decision():
    ana = unit(1, "pc_warrior", "pcs", Hex(-4, 0), name="Ana", weapon="frag_grenade")
    squad = replace(unit(2, "veteran_soldier", "enemies", Hex(2, 0), count=6, name="Red squad"), footprint=(Hex(2, -1),))
    battle = battle_at([ana, squad])
    assert battle.submit(GmSetHealth(2, value=18)).accepted
    banner = _decision(battle, FootprintChoice, "Red squad")
    assert {b.choose for b in banner.buttons} >= {"regroup", "hold"}
    regroups = [b for b in banner.buttons if b.choose.startswith("regroup")]
    assert len(regroups) == len(battle.options(2).allowed("regroup"))
    for button, option in zip(regroups, battle.options(2).allowed("regroup")):  # each names the hexes it keeps
        assert button.words == "Regroup onto " + "; ".join(battle.place(h) for h in option.hexes)


# -- turns -----------------------------------------------------------------------------------------
def test_a_turn_says_who_acts_what_is_left_and_who_is_next_with_the_action_bar_and_its_keys():
    battle = battle_at(TRIO, first=ANA)
    banner = banner_for(battle, NOBODY)
    assert (banner.kind, banner.headline, banner.side) == ("turn", "Ana's turn", "pcs")
    assert banner.left == (("Main", True), ("Move", True), ("On-turn", True), ("Instant", True))
    assert banner.after.startswith("next: ")
    assert [b.choose for b in banner.buttons][-2:] == ["end_turn", HELP]
    keys = {kind: key for key, kind in KEYS.items()}
    assert all(b.keys == (keys[b.choose],) for b in banner.buttons if b.choose in keys)
    assert next(b for b in banner.buttons if b.choose == "move").chosen
    move = battle.options(ANA).allowed("move")[0].action
    assert battle.submit(move).accepted
    assert banner_for(battle, NOBODY).left[:2] == (("Main", True), ("Move", False))


def test_the_computers_turn_and_a_hidden_units_turn_show_no_action_bar():
    battle = battle_at(TRIO, first=ROOK)
    assert banner_for(battle, Seat(frozenset({"enemies"}))).headline == "Rook's turn (computer)"
    assert banner_for(battle, Seat(frozenset({"enemies"}))).buttons == ()
    assert battle.submit(GmSetHidden(ROOK, hidden=True)).accepted
    hidden = banner_for(battle, NOBODY)
    assert (hidden.headline, hidden.side, hidden.buttons, hidden.left) == ("The GM's turn", None, (), ())


def test_the_one_window_has_no_action_bar_on_the_table():
    assert banner_for(battle_at(TRIO, first=ANA), Seat(frozenset(), bar=False)).buttons == ()


def test_action_points_are_shown_where_the_ruleset_counts_them():
    from starfarer_kit import phase_of

    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"), unit(2, "kitai", "enemies", Hex(5, 0), name="Kitai")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer"), seed=4)
    phase_of(battle, 1)
    points = battle.combatant(1).action_points
    assert banner_for(battle, NOBODY).left == ((f"{points} action point{'s' if points != 1 else ''}", points > 0),)


def test_the_gm_holding_the_table_a_die_asked_for_and_the_end_are_said_plainly():
    battle = battle_at(TRIO, first=ANA)
    held = banner_for(battle, Seat(frozenset(), holding="editing a unit"))
    assert (held.kind, held.headline, held.question, held.buttons) == ("gm", "The GM has the table",
                                                                      "editing a unit", ())
    asked = banner_for(battle, Seat(frozenset(), asking="roll a d20 for Ana's attack on Rook and type its face"))
    assert (asked.kind, asked.headline) == ("roll", "Roll a d20")  # two windows: the table cannot type it in
    assert asked.question == "For Ana's attack on Rook: tell the GM its face"
    assert battle.submit(GmSetHealth(ROOK, value=0)).accepted and battle.state.ended
    over = banner_for(battle, NOBODY)
    assert (over.kind, over.headline, over.buttons) == ("over", "The battle is over", ())


def test_a_die_asked_for_says_what_the_table_does_with_its_face_in_either_layout():
    asking = "roll a d6 for Ana's attack on Rook and type its face (die 2 of this action)"
    assert roll_words(asking, bar=True) == ("Roll a d6", "For Ana's attack on Rook (die 2 of this action): "
                                                         "tell the GM its face")
    assert roll_words(asking, bar=False) == ("Roll a d6", "For Ana's attack on Rook (die 2 of this action): "
                                                          "click its face in the dice box, or type it and press Enter")
    d100 = "roll a d100 for Ana's attack on Rook and type its face"
    assert roll_words(d100, bar=False)[1] == "For Ana's attack on Rook: type its face and press Enter"  # no buttons
    assert roll_words("something else", bar=True) == ("Roll at the table", "Something else")

"""Each computer player's turn under a ruleset is data: a row of decisions per ruleset name,
read through `battle.ruleset_name`, with a generic row for a ruleset the table does not name."""

from game.battle import Battle, load_catalog
from game.players import plain
from game.players.tactical import turns
from game.savefile import load_scenario_or_fail
from game.scenario.summary import MAPS_DIR
from game.systems.rulesets import REGISTERED


def test_every_registered_ruleset_has_its_row_in_both_players_turn_tables_and_no_other_is_named():
    names = {ruleset.names[0] for ruleset in REGISTERED}
    assert set(plain.TURNS) == names == set(turns.TURNS)


def test_the_battle_names_its_ruleset_by_its_first_name_swn_heroic_included():
    catalog = load_catalog()
    found = {path.stem: Battle.from_scenario(load_scenario_or_fail(path, catalog), 1).ruleset_name
             for path in sorted(MAPS_DIR.glob("*.tmx"))}
    assert found["bunker_seven"] == "swn"  # a swn-heroic map
    assert found["dust_market"] == "lucky-stars" and found["derelict_hold"] == "starfarer"


def test_the_players_ask_only_for_the_option_groups_their_rulesets_row_reads(monkeypatch):
    catalog = load_catalog()
    battle = Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / "relay_station_ambush.tmx", catalog), 1)
    asked = []
    original = Battle.options

    def spying(self, actor, groups=None):
        asked.extend(groups or ("every group",))
        return original(self, actor, groups)

    monkeypatch.setattr(Battle, "options", spying)
    for _ in range(60):
        if battle.state.ended:
            break
        battle.submit(plain.choose_action(battle))
    assert asked and not {"maneuvers", "stealth", "declare"} & set(asked)  # Lucky Stars' and Starfarer's rows only


def test_a_ruleset_the_table_does_not_name_gets_the_generic_turn(monkeypatch):
    catalog = load_catalog()
    battle = Battle.from_scenario(load_scenario_or_fail(MAPS_DIR / "relay_station_ambush.tmx", catalog), 1)
    called = []
    monkeypatch.setattr(Battle, "ruleset_name", property(lambda self: "a-new-ruleset"))
    monkeypatch.setattr(plain, "ANY_RULESET", (lambda battle, me: called.append(me.id),))
    while battle.pending() is not None or battle.combatant(battle.current()).prone:
        battle.submit(plain.choose_action(battle))
    plain.choose_action(battle)
    assert called == [battle.current()]

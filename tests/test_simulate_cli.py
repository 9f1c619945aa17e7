"""`hexbattle simulate` as a GM runs it: the report, the same for any --jobs, failures saved
and replayable, Ctrl-C reported, clear refusals, --compare, --json and --chart."""

import json
import re
from pathlib import Path

import pytest

import game.simulate.fight as fight_module
import game.players.registry as policies
from game.cli import main
from game.scenario.summary import MAPS_DIR
from game.simulate.plans import PlanError, find_map
from tests.test_simulate_fights import BASELINE, _faulty

RUN = ["simulate", str(BASELINE), "--runs", "6", "--seed", "7"]


def test_the_report_and_its_json_are_identical_for_one_and_two_jobs(tmp_path, capsys):
    assert main([*RUN, "--jobs", "1", "--json", str(tmp_path / "one.json")]) == 0
    one = capsys.readouterr().out
    assert main([*RUN, "--jobs", "2", "--json", str(tmp_path / "two.json")]) == 0
    two = capsys.readouterr().out
    assert one == two
    assert (tmp_path / "one.json").read_text() == (tmp_path / "two.json").read_text()


def test_the_report_names_the_map_the_rules_the_players_and_each_sides_figures(capsys):
    assert main(RUN) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Baseline skirmish (") and lines[0].endswith("baseline.tmx)")
    assert lines[1] == "ruleset swn; seed 7; 6 fights; players: enemies computer, pcs computer"
    assert lines[2].startswith("fight length: ") and lines[2].endswith("; draws 0 of 6")
    enemies = lines[lines.index("Enemies (enemies, played by computer)"):]
    assert enemies[1].startswith("  wins        ") and "(95% interval " in enemies[1]
    assert enemies[5] == "  morale      broke in 3 of 6 fights (50.0%)"  # losses move morale (seed 002)
    assert enemies[6].startswith("  losses      thug ") and enemies[6].endswith(" of 1 per fight")
    pcs = lines[lines.index("PCs (pcs, played by computer)"):]
    assert pcs[4].startswith("  decided by  Sgt Kim (veteran_soldier) ")
    assert pcs[5] == "  morale      no morale score (never breaks)"


def test_the_json_report_holds_every_fights_outcome(tmp_path, capsys):
    out = tmp_path / "report.json"
    assert main([*RUN, "--json", str(out)]) == 0
    report = json.loads(out.read_text())["reports"][0]
    assert report["done"] == 6 and report["setting"]["seed"] == 7
    assert [o[0] for o in report["outcomes"]] == list(range(6))
    assert {s["id"] for s in report["sides"]} == {"enemies", "pcs"}
    assert sum(s["wins"] for s in report["sides"]) + report["draws"] == 6


def test_a_fight_that_fails_is_named_and_its_save_replays(tmp_path, capsys, monkeypatch):
    table = {**policies.POLICIES, "faulty": policies.PolicyEntry("faulty", "a test player", _faulty)}
    monkeypatch.setattr(policies, "POLICIES", table)
    status = main(["simulate", str(BASELINE), "--runs", "4", "--policy", "pcs=faulty",
                   "--json", str(tmp_path / "report.json")])
    out = capsys.readouterr().out
    failed = re.findall(r"^  fight (\d+) \(seed \d+\): ZeroDivisionError: the faulty player's third action", out, re.M)
    assert status == 1 and failed
    assert f"{len(failed)} fight{'s' if len(failed) > 1 else ''} failed (a bug: please report it with its save):" in out
    for number in failed:
        save = tmp_path / f"baseline-fight-{number}.save.json"
        assert f"save: {save}" in out
        assert main(["replay", str(save)]) == 0
        assert "Baseline skirmish" in capsys.readouterr().out


def test_ctrl_c_reports_the_fights_done_so_far(capsys, monkeypatch):
    real = fight_module.play_fight

    def stop_at_two(scenario, catalog, plan, index, *start):
        if index == 2:
            raise KeyboardInterrupt
        return real(scenario, catalog, plan, index, *start)

    monkeypatch.setattr("game.simulate.runner.play_fight", stop_at_two)
    assert main(["simulate", str(BASELINE), "--runs", "5"]) == 130
    out = capsys.readouterr().out
    assert "interrupted: 2 of 5 fights done" in out
    assert "wins        " in out


@pytest.mark.parametrize(("words", "message"), [
    (["--ruleset", "lucky-stars"], "are not unit types of the ruleset 'lucky-stars' (its types: dune_stalker, "),
    (["--ruleset", "chess"], "--ruleset chess: the ruleset 'chess' is not playable yet"),
    (["--policy", "pirates=random"], "--policy pirates=random: the map has no side 'pirates' (its sides: enemies, pcs)"),
    (["--policy", "pcs=tactician"], "--policy pcs=tactician: no computer player named 'tactician' (known: computer, random, tactical)"),
    (["--policy", "pcs"], "--policy pcs: write KEY=VALUE"),
    (["--runs", "0"], "--runs 0: give a whole number of at least 1"),
    (["--compare", "pcs"], "--compare pcs: write KEY=VALUE"),
])
def test_what_cannot_be_simulated_is_refused_with_what_to_type_instead(words, message, capsys):
    assert main(["simulate", str(BASELINE), *words]) == 1
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_a_map_that_is_not_there_is_named_with_the_bundled_ones(capsys):
    assert main(["simulate", "no_such_map"]) == 1
    err = capsys.readouterr().err
    assert "no_such_map: no such map file (bundled maps: bunker_seven, " in err and "crystal_vault" in err


def test_a_bundled_map_can_be_named_without_its_folder():
    assert find_map("kessler_ford") == MAPS_DIR / "kessler_ford.tmx"
    assert find_map("kessler_ford.tmx") == MAPS_DIR / "kessler_ford.tmx"
    with pytest.raises(PlanError):
        find_map("elsewhere/kessler_ford")


def test_compare_two_players_on_the_same_seeds_names_the_test_and_its_verdict(tmp_path, capsys):
    out = tmp_path / "both.json"
    assert main([*RUN, "--compare", "enemies=random", "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Comparing A: " in text and "players: enemies random, pcs computer" in text
    assert "on the same seeds: 6 pairs of fights; McNemar's exact test" in text
    assert re.search(r"^  won only in A: \d+; only in B: \d+; p = [0-9.e-]+: (not )?significant$", text, re.M)
    data = json.loads(out.read_text())
    assert len(data["reports"]) == 2 and data["comparison"]["pairs"] == 6
    first, second = data["reports"]
    assert [o[0] for o in first["outcomes"]] == [o[0] for o in second["outcomes"]]


def test_chart_draws_a_png_of_win_rates_and_fight_lengths(tmp_path, capsys):
    chart = tmp_path / "balance.png"
    assert main([*RUN, "--chart", str(chart)]) == 0
    data = chart.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1100, 420)


@pytest.mark.parametrize("name", sorted(p.stem for p in MAPS_DIR.glob("*.tmx")))
def test_every_bundled_map_simulates_by_its_name(name, capsys):
    assert main(["simulate", name, "--runs", "1"]) == 0
    out = capsys.readouterr().out
    assert "; 1 fight; " in out
    assert "wins        " in out and "failed" not in out

"""`hexbattle check`: every problem per map, an OK line per good map, exit 1 on any error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import game.cli.check as check
from game.cli import main
from game.scenario import load_scenario
from game.scenario.summary import MAPS_DIR, battle_summary, default_maps

BAD = Path(__file__).resolve().parent / "bad_maps"


def test_a_good_map_prints_one_ok_line_and_exits_0(capsys):
    assert main(["check", str(BAD / "baseline.tmx")]) == 0
    assert capsys.readouterr().out == f"{BAD}/baseline.tmx: OK: 30 hexes; units: pcs 1, enemies 1; ruleset swn\n"


def test_a_bad_map_prints_every_problem_and_exits_1(capsys):
    assert main(["check", str(BAD / "unknown_properties.tmx")]) == 1
    assert capsys.readouterr().out.splitlines() == [
        f"warning: {BAD}/unknown_properties.tmx: property 'author' is not a map property hexbattle reads; ignored",
        f"error: {BAD}/unknown_properties.tmx: unknown property 'rulset' (did you mean 'ruleset'?)",
    ]


def test_several_maps_are_all_checked(capsys):
    assert main(["check", str(BAD / "orthogonal.tmx"), str(BAD / "baseline.tmx")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"error: {BAD}/orthogonal.tmx: map orientation is orthogonal")
    assert out[1] == f"{BAD}/baseline.tmx: OK: 30 hexes; units: pcs 1, enemies 1; ruleset swn"


def test_a_map_with_only_warnings_exits_0(tmp_path, capsys):
    text = (BAD / "baseline.tmx").read_text().replace('name="title"', 'name="author"')
    shutil.copy(BAD / "terrain.tsx", tmp_path)
    shutil.copy(BAD / "terrain.png", tmp_path)
    (tmp_path / "w.tmx").write_text(text)
    assert main(["check", str(tmp_path / "w.tmx")]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("OK: 30 hexes; units: pcs 1, enemies 1; ruleset swn")


def test_root_widens_where_a_map_may_read(tmp_path, capsys):
    (tmp_path / "shared").mkdir()
    (tmp_path / "campaign" / "maps").mkdir(parents=True)  # with no project: campaign/ is the area
    shutil.copy(BAD / "terrain.tsx", tmp_path / "shared")
    shutil.copy(BAD / "terrain.png", tmp_path / "shared")
    text = (BAD / "baseline.tmx").read_text().replace('source="terrain.tsx"', 'source="../../shared/terrain.tsx"')
    (tmp_path / "campaign" / "maps" / "m.tmx").write_text(text)
    assert main(["check", str(tmp_path / "campaign" / "maps" / "m.tmx")]) == 1
    capsys.readouterr()
    assert main(["check", "--root", str(tmp_path), str(tmp_path / "campaign" / "maps" / "m.tmx")]) == 0


def test_a_missing_file_is_a_problem_not_a_traceback(capsys):
    assert main(["check", "no/such/map.tmx"]) == 1
    assert capsys.readouterr().out == "error: no/such/map.tmx: file not found\n"


def test_with_no_map_it_checks_the_default_map_and_summarises_the_battle(tmp_path, monkeypatch, capsys):
    shutil.copy(BAD / "terrain.tsx", tmp_path)
    shutil.copy(BAD / "terrain.png", tmp_path)
    text = (BAD / "baseline.tmx").read_text()
    (tmp_path / "other.tmx").write_text(text)
    (tmp_path / "skirmish.tmx").write_text(text.replace(
        '<property name="modules"', '<property name="default" type="bool" value="true"/>\n  <property name="modules"'))
    monkeypatch.setattr(check, "MAPS_DIR", tmp_path)
    assert main(["check"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{tmp_path}/skirmish.tmx: OK: 30 hexes; units: pcs 1, enemies 1; ruleset swn",
        "",
        "Baseline skirmish",
        "ruleset: swn; modules: morale",
        "PCs (pcs, controlled by players): 1 unit(s), no morale checks",
        "  Sgt Kim: veteran_soldier at cell (0, 0)",
        "Enemies (enemies, controlled by gm): 1 unit(s), morale 8",
        "  Thug A: thug at cell (5, 0)",
    ]


def test_with_no_default_map_it_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(check, "MAPS_DIR", tmp_path)
    assert main(["check"]) == 1
    assert capsys.readouterr().out == (
        f"error: {tmp_path}: exactly one bundled map must have the property default = true (found: none); "
        "or name a map: hexbattle check MAP\n")


def test_default_maps_reads_only_the_default_property(tmp_path):
    (tmp_path / "a.tmx").write_text('<map><properties><property name="default" type="bool" value="true"/>'
                                    "</properties></map>")
    (tmp_path / "b.tmx").write_text('<map><properties><property name="default" value="true"/></properties></map>')
    (tmp_path / "c.tmx").write_text("<map")
    assert default_maps(tmp_path) == [tmp_path / "a.tmx"]


def test_battle_summary_lists_squads_and_morale_sources():
    scenario = load_scenario(BAD / "baseline.tmx").scenario
    assert battle_summary(scenario).splitlines()[-1] == "  Thug A: thug at cell (5, 0)"


@pytest.mark.skipif(not default_maps(MAPS_DIR), reason="no bundled default map yet")
def test_the_bundled_default_map_checks_clean(capsys):
    assert main(["check"]) == 0

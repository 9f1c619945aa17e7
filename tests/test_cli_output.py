"""The command line prints map text without control characters and ends quietly on a closed pipe."""

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import game.cli.check as check
import game.cli.replay as replay
from game.cli import BROKEN_PIPE_STATUS, main
from game.cli.output import printable, printable_lines
from game.savefile import LoadedSave, write_save, battle_from_map
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"
EVIL = "Red\x1b[31m Alert\x07\x9b2J\u202egnp.exe\nerror: forged"


def test_control_characters_print_as_question_marks():
    assert printable(EVIL) == "Red?[31m Alert??2J?gnp.exe?error: forged"
    assert printable("Aro, technician — Ünit 7\u00a0b") == "Aro, technician — Ünit 7\u00a0b"
    assert printable_lines("one\x1b\ntwo\x07") == "one?\ntwo?"


def _no_controls(text: str) -> bool:
    return not any(printable(ch) == "?" and ch not in "?\n" for ch in text)


def test_check_prints_a_maps_title_and_unit_names_without_control_characters(monkeypatch, capsys):
    scenario = load_scenario(DEFAULT_MAP).scenario
    units = tuple(dataclasses.replace(u, name=EVIL) for u in scenario.units)
    evil = dataclasses.replace(scenario, title=EVIL, units=units)
    monkeypatch.setattr(check, "load_scenario", lambda *a, **k: SimpleNamespace(
        ok=True, scenario=evil, problems=()))
    assert main(["check"]) == 0
    out = capsys.readouterr().out
    assert "Red?[31m Alert??2J?gnp.exe?error: forged" in out and _no_controls(out)
    assert "\nerror: forged" not in out


def test_check_prints_names_from_an_xml_map_without_the_8bit_escape(tmp_path, capsys):
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    source = tmp_path / "maps" / DEFAULT_MAP.name
    text = source.read_text().replace('name="Sergeant Vask"', 'name="Vask&#x9b;2J" type="Nonsense"')
    source.write_text(text)
    main(["check", str(source)])
    out = capsys.readouterr().out
    assert "Vask?2J" in out and "\x9b" not in out


def test_replay_prints_titles_log_and_warnings_without_control_characters(monkeypatch, capsys):
    battle = SimpleNamespace(scenario=SimpleNamespace(title=EVIL), seed=1, actions=(),
                             log_lines=lambda since=0: [f"{EVIL} moves"])
    monkeypatch.setattr(replay, "read_save", lambda path: LoadedSave(battle, (f"{EVIL} changed",)))
    assert main(["replay", "any.json"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines() == ["Red?[31m Alert??2J?gnp.exe?error: forged (seed 1, 0 actions)",
                                         "Red?[31m Alert??2J?gnp.exe?error: forged moves"]
    assert _no_controls(captured.err) and "Red?[31m" in captured.err


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A short saved battle on the bundled default map."""
    battle = battle_from_map(DEFAULT_MAP, seed=4)
    save = tmp_path_factory.mktemp("saves") / "save.json"
    write_save(battle, save)
    return save


def _run(args, stdout):
    return subprocess.run([sys.executable, "-m", "game", *args], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, cwd=ROOT, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})


@pytest.mark.parametrize("args", [["roll", "1d6", "--times", "50", "--seed", "1"], ["check"], ["replay", "SAVE"]])
def test_a_closed_pipe_ends_quietly(saved, args):
    read_end, write_end = os.pipe()
    os.close(read_end)  # like `| head -1` having exited before the first line
    try:
        result = _run([str(saved) if a == "SAVE" else a for a in args], write_end)
    finally:
        os.close(write_end)
    assert result.stderr == "" and result.returncode == BROKEN_PIPE_STATUS


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["roll", "1d6"], ["check"]])
def test_a_full_disk_on_stdout_is_one_line_and_status_1(args):
    with open("/dev/full", "w") as full:
        result = _run(args, full)
    assert result.stderr == "hexbattle: cannot write the output (No space left on device)\n"
    assert result.returncode == 1

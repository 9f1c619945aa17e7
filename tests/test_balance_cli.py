"""`hexbattle balance` from the command line: the report and the balanced map, the same answer for
any --jobs and on a Dask cluster, a progress bar on a terminal, Ctrl-C keeping the best so far,
and bad input refused (exit status 2) with nothing written."""

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from game.cli import main
from game.scenario import load_scenario
from tests.balance_kit import BASELINE, copy_skirmish

ROOT = Path(__file__).resolve().parent.parent
RELAY = ROOT / "maps" / "relay_station_ambush.tmx"
SEARCH = ["--target", "pcs=12%", "--runs", "800"]
"""On the baseline skirmish (Sgt Kim against Thug A, the PCs win 84%): two more thugs bring the
PCs to 11%, inside 7% to 17%, in about 300 fights of a few rounds."""


@pytest.fixture
def skirmish(tmp_path: Path) -> Path:
    """The baseline skirmish copied into a folder of its own."""
    return copy_skirmish(tmp_path)


def test_the_skirmish_balanced_for_the_pcs_at_12_percent_adds_two_thugs(skirmish, capsys):
    out, report = skirmish.parent / "balanced.tmx", skirmish.parent / "balance.json"
    status = main(["balance", str(skirmish), *SEARCH, "--out", str(out), "--json", str(report)])
    text = capsys.readouterr().out
    assert status == 0
    assert "answer: +2 thug: inside the band; PCs (pcs) win 11.0% (95% interval 7.4% to 16.1%) in 200 fights" in text
    assert "roster before: thug 1 (1 unit)" in text and "roster after:  thug 3 (3 units)" in text
    assert "  as on the map  84.0% (95% interval 71.5% to 91.7%) in 50 fights: above the band" in text
    assert "fights played: 300 in 3 candidates" in text
    data = json.loads(report.read_text())
    assert (data["found"], data["answer"]["change"], data["answer"]["fights"], data["fights"]) == \
        (True, "+2 thug", 200, 300)
    assert data["roster_before"] == {"thug": 1} and data["roster_after"] == {"thug": 3}
    assert [c["verdict"] for c in data["candidates"]] == ["above", "above", "inside"]
    units = load_scenario(out).scenario.units
    assert [u.unit_type for u in units] == ["veteran_soldier", "thug", "thug", "thug"]
    assert main(["check", str(out)]) == 0


def test_the_answer_is_the_same_for_one_and_two_worker_processes(skirmish, tmp_path):
    for jobs in ("1", "2"):
        assert main(["balance", str(skirmish), *SEARCH, "--jobs", jobs, "--json", str(tmp_path / f"{jobs}.json")]) == 0
    assert (tmp_path / "1.json").read_text() == (tmp_path / "2.json").read_text()


def test_the_answer_is_the_same_on_a_dask_cluster(skirmish, tmp_path):
    distributed = pytest.importorskip("distributed")
    assert main(["balance", str(skirmish), *SEARCH, "--json", str(tmp_path / "plain.json")]) == 0
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        status = main(["balance", str(skirmish), *SEARCH, "--scheduler", cluster.scheduler_address,
                       "--json", str(tmp_path / "dask.json")])
    assert status == 0
    assert (tmp_path / "dask.json").read_text() == (tmp_path / "plain.json").read_text()


def test_without_a_scheduler_there_the_search_says_so(skirmish, capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("game.simulate.pool.SCHEDULER_TIMEOUT", "1s")
    status = main(["balance", str(skirmish), *SEARCH, "--scheduler", "tcp://127.0.0.1:9"])
    assert status == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err


def test_a_search_finding_nothing_inside_the_band_names_the_nearest_and_why(skirmish, capsys):
    status = main(["balance", str(skirmish), "--target", "pcs=50%", "--runs", "200"])
    text = capsys.readouterr().out
    assert status == 1
    assert "no roster found inside the band; the nearest: +1 thug" in text
    assert "why not closer: as on the map gives 85.0% and +1 thug gives 35.6%: one unit more of that type moves " \
           "the odds across the band" in text


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.mark.parametrize(("words", "says"), [
    (["--target", "rebels=50%"], "the map has no camp 'rebels'; its camps: enemies, pcs"),
    (["--target", "pcs=0%"], "the win rate must be from 1% to 99%"),
    (["--target", "pcs=100%"], "the win rate must be from 1% to 99%"),
    (["--target", "pcs60"], "write CAMP=P%"),
    (["--target", "pcs=60%", "--vary", "rivals"], "--vary rivals: the map has no side 'rivals'"),
    (["--target", "pcs=60%", "--types", "dragon"], "--types 'dragon': the swn ruleset has no such unit type"),
    (["--target", "pcs=60%", "--runs", "5"], "--runs 5: give the most fights one candidate may get"),
    (["--target", "pcs=60%", "--out", "{map}"], "never writes over its input"),
    (["--target", "pcs=60%", "--out", "{folder}/no/such/folder/x.tmx"], "does not exist"),
    (["--target", "pcs=60%", "--out", "{folder}/terrain.png/x.tmx"], "does not exist"),
    (["--target", "pcs=60%", "--out", "{folder}/x.tmj"], "name a .tmx file"),
    (["--target", "pcs=60%", "--json", "{folder}/missing/r.json"], "does not exist"),
    (["--target", "pcs=60%", "--jobs", "0"], "--jobs 0: give 1 worker process or more"),
    (["--target", "pcs=60%", "--seed", "-1"], "--seed -1: give a seed of 0 or more"),
])
def test_bad_input_is_refused_with_status_2_and_nothing_written(skirmish, capsys, words, says):
    before = _listing(skirmish.parent)
    words = [w.format(map=skirmish, folder=skirmish.parent) for w in words]
    assert main(["balance", str(skirmish), *words]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hexbattle balance: ") and says in err
    assert _listing(skirmish.parent) == before


@pytest.mark.parametrize("option", ["--out", "--json"])
def test_a_folder_that_cannot_be_written_to_is_refused(skirmish, capsys, monkeypatch, option):
    locked = skirmish.parent / "locked"
    locked.mkdir()
    real_access = os.access
    monkeypatch.setattr("game.simulate.balance_out.os.access",  # tests may run as root, who may write anywhere
                        lambda path, mode: Path(path) != locked and real_access(path, mode))
    before = _listing(skirmish.parent)
    out = locked / ("x.tmx" if option == "--out" else "r.json")
    assert main(["balance", str(skirmish), "--target", "pcs=60%", option, str(out)]) == 2
    assert f"{option} {out}: the folder {locked} cannot be written to; write elsewhere" in capsys.readouterr().err
    assert _listing(skirmish.parent) == before and not any(locked.iterdir())


def test_a_map_written_where_its_tileset_could_not_be_used_is_refused(skirmish, capsys):
    (skirmish.parent / "far" / "away").mkdir(parents=True)
    before = _listing(skirmish.parent / "far" / "away")
    out = skirmish.parent / "far" / "away" / "x.tmx"
    assert main(["balance", str(skirmish), "--target", "pcs=60%", "--out", str(out)]) == 2
    assert "could not use terrain.tsx" in capsys.readouterr().err
    assert _listing(skirmish.parent / "far" / "away") == before


def test_bystanders_cannot_be_varied_and_a_missing_map_is_named(capsys):
    assert main(["balance", str(RELAY), "--target", "pcs=60%", "--vary", "bystanders"]) == 2
    assert "--vary bystanders: the bystanders fight for no camp" in capsys.readouterr().err
    assert main(["balance", "no_such_map", "--target", "pcs=60%"]) == 2
    assert "no_such_map: no such map file" in capsys.readouterr().err


def test_a_side_of_the_camp_is_pointed_to_its_camp(capsys):
    assert main(["balance", "squad_ridge", "--target", "allies=60%"]) == 2
    assert "side 'allies' fights in the 'pcs' camp" in capsys.readouterr().err


def test_a_surprised_side_with_no_cell_out_of_sight_and_only_named_units_is_refused(capsys):
    assert main(["balance", "crystal_vault", "--target", "pcs=50%", "--vary", "rivals"]) == 2
    assert "no free cell is left near the rivals" in capsys.readouterr().err


def _walled_in(folder: Path) -> Path:
    """The skirmish with every hex but the top row walled and that row full: Sgt Kim and three
    more PCs, an unnamed thug and Thug A. The thug may go, but no unit can be added."""
    text = BASELINE.read_text()
    open_row, walls = "1,1,1,1,1,1,\n", "3,3,3,3,3,3,\n" * 3 + "3,3,3,3,3,3\n"
    text = text.replace(text[text.index("<data", text.index('name="ground"')):text.index("</data>")],
                        '<data encoding="csv">\n' + open_row + walls)
    pcs = "".join(f'  <object id="{10 + c}" name="PC {c}" type="Unit" x="{28 + 56 * c}" y="32"><properties>'
                  '<property name="side" value="pcs"/><property name="unit_type" value="veteran_soldier"/>'
                  '</properties><point/></object>\n' for c in (1, 2, 3))
    thug = ('  <object id="20" type="thug" x="252" y="32"><properties><property name="side" value="enemies"/>'
            '</properties><point/></object>\n')
    return copy_skirmish(folder, text.replace(" </objectgroup>", pcs + thug + " </objectgroup>"), "walled.tmx")


def test_a_map_with_no_free_cell_for_the_units_the_search_must_add_is_refused(tmp_path, capsys):
    walled = _walled_in(tmp_path)
    before = _listing(tmp_path)
    out, report = tmp_path / "x.tmx", tmp_path / "r.json"
    assert main(["balance", str(walled), "--target", "pcs=1%", "--out", str(out), "--json", str(report)]) == 2
    assert "walled.tmx: no free cell is left near the enemies" in capsys.readouterr().err
    assert _listing(tmp_path) == before


def _command(*words: str) -> list[str]:
    return [sys.executable, "-m", "game", "balance", *words]


def test_ctrl_c_ends_the_search_with_the_best_found_so_far(tmp_path):
    child = subprocess.Popen(_command(str(RELAY), "--target", "pcs=60%", "--runs", "400", "--jobs", "2",
                                      "--json", str(tmp_path / "r.json")),
                             cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(8)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert "interrupted: the best found so far" in out
    assert "candidates tried" in out
    assert json.loads((tmp_path / "r.json").read_text())["interrupted"] is True


def test_on_a_terminal_a_progress_bar_shows_candidates_fights_and_the_best_so_far(skirmish):
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 160, 0, 0))  # a terminal 160 wide
    child = subprocess.Popen(_command(str(skirmish), *SEARCH), cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=follower)
    os.close(follower)
    shown = b""
    while True:
        ready, _, _ = select.select([leader], [], [], 60)
        try:
            chunk = os.read(leader, 65536) if ready else b""
        except OSError:  # the child closed the terminal
            chunk = b""
        if not chunk:
            break
        shown += chunk
    assert child.wait(timeout=60) == 0
    text = shown.decode(errors="replace")
    assert "balance: 300 fights [" in text
    assert "3 candidates, best so far +2 thug: 11.0% of 200" in text

"""`--scheduler`: the fights sent to a Dask cluster give the very report a plain run gives.

Dask is the optional `cluster` extra (also in the `test` extra, so CI runs this); without it
the test is skipped."""

import pytest

from game.cli import main
from tests.test_simulate_fights import BASELINE

distributed = pytest.importorskip("distributed")


def test_a_local_dask_cluster_with_worker_processes_gives_the_plain_runs_report(tmp_path, capsys):
    run = ["simulate", str(BASELINE), "--runs", "6", "--seed", "3"]
    assert main([*run, "--json", str(tmp_path / "plain.json")]) == 0
    plain = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=None) as cluster:
        status = main([*run, "--scheduler", cluster.scheduler_address, "--json", str(tmp_path / "dask.json")])
    assert status == 0
    assert capsys.readouterr().out == plain
    assert (tmp_path / "dask.json").read_text() == (tmp_path / "plain.json").read_text()


def test_without_a_scheduler_there_the_run_says_so(capsys, monkeypatch):
    monkeypatch.setattr("game.simulate.runner.SCHEDULER_TIMEOUT", "1s")
    status = main(["simulate", str(BASELINE), "--runs", "2", "--scheduler", "tcp://127.0.0.1:9"])
    assert status == 1
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in capsys.readouterr().err

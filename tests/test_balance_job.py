"""The window's background search (game/simulate/balance_job.py) and the console's Balance layer
on it: a map that already has the odds asked for has no balanced map to open."""

import pygame
import pygame_gui

from game.cli import main
from game.simulate.balance import prepare, run_search
from game.simulate.balance_job import BalanceJob, Request
from game.simulate.balance_text import balance_json, balance_text
from game.simulate.pool import BATCH, FightPool
from game.ui.balancing import BalanceLayer
from tests.balance_kit import copy_skirmish

FITS = 0.80
"""On the baseline skirmish the PCs win 81.2% of 400 fights (77.1% to 84.8%): inside 75% to 85%."""
FIRST_LOOK = 50
"""The fights of a candidate's first look at the default --runs (800 / 16)."""


def test_a_map_already_inside_the_band_offers_nothing_to_open(headless_app, tmp_path):
    skirmish = copy_skirmish(tmp_path)
    job = BalanceJob(Request(str(skirmish), "pcs", FITS), workers=1).start()
    assert job.wait(120)
    assert job.error == "" and job.balance.outcome.found == (0,)
    assert not job.changes_the_map()
    assert job.answer() == ("found: as on the map: PCs (pcs) win 81.2% (95% interval 77.1% to 84.8%) "
                            "(the map as it is: nothing new to open)")
    layer = next(layer for layer in headless_app.layers if isinstance(layer, BalanceLayer))
    assert layer.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=layer.button))
    layer.job = job
    layer.tick()
    assert not layer.dialog.open.is_enabled
    assert "nothing new to open" in layer.dialog.line.html_text


def test_one_candidate_is_counted_as_one(tmp_path, capsys):
    skirmish = copy_skirmish(tmp_path)
    assert main(["balance", str(skirmish), "--target", "pcs=80%"]) == 0
    assert "fights played: 400 in 1 candidate\n" in capsys.readouterr().out


def test_candidates_an_interruption_left_unplayed_say_so_and_their_fights_are_not_counted(tmp_path):
    setup = prepare(Request(str(copy_skirmish(tmp_path)), "pcs", 0.12))
    played = []
    with FightPool(1) as pool:  # here, a batch at a time: the stop comes after one batch of the second round
        balance = run_search(setup, pool, played.append, stop=lambda: sum(played) > FIRST_LOOK)
    assert balance.interrupted and sum(played) == FIRST_LOOK + BATCH
    text = balance_text(balance)
    assert "  +1 thug        not played: the search stopped before its fights were back\n" in text
    assert f"fights played: {FIRST_LOOK + BATCH} in 2 candidates ({BATCH} of them in the round cut short, " \
           "not counted)" in text
    assert [c["verdict"] for c in balance_json(balance)["candidates"]] == ["above", "unplayed"]

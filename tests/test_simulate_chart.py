"""`simulate --chart` counts wins by camp, as the text report does: the PCs and their allies win
the same fights, so they are one bar, and with the draws a run's bars add up to 100%."""

from game.simulate.chart import draw_chart
from game.simulate.report import Report, RunSetting, SideReport, camp_reports, draw_rate
from game.simulate.stats import spread, wilson_interval

FIGHTS = 50


def _side(side_id: str, name: str, camp: str | None, wins: int) -> SideReport:
    """A side's block as the report would hold it after FIGHTS fights."""
    return SideReport(side_id, name, camp, "computer", FIGHTS, wins, wilson_interval(wins, FIGHTS), 5,
                      spread([]), camp is not None and side_id != "pcs", 0, (), ())


def _ridge_report() -> Report:
    """Squads on the Ridge: Sergeant Vega's PCs and the 1st Section against a gang; 27 wins,
    18 losses, 5 draws. The sides come in the report's order (allies before pcs)."""
    sides = (_side("allies", "1st Section", "pcs", 27), _side("enemies", "Rustjaw gang", "enemies", 18),
             _side("pcs", "Sergeant Vega", "pcs", 27), _side("bystanders", "Farmers", None, 0))
    outcomes = tuple((i, "pcs" if i < 27 else "enemies" if i < 45 else None, 10) for i in range(FIGHTS))
    setting = RunSetting("Squads on the Ridge", "maps/squad_ridge.tmx", "swn", 1, 100, ())
    return Report(setting, FIGHTS, FIGHTS, False, spread([10] * FIGHTS), 5, 0, sides, (), outcomes)


def test_the_pcs_and_their_allies_are_one_camp_named_for_both():
    camps = camp_reports(_ridge_report())
    assert [(c.id, c.sides, c.wins) for c in camps] == [
        ("pcs", ("Sergeant Vega", "1st Section"), 27), ("enemies", ("Rustjaw gang",), 18)]
    assert draw_rate(_ridge_report()).estimate == 5 / FIGHTS


def test_the_chart_draws_one_bar_per_camp_and_one_for_draws_adding_up_to_100(tmp_path):
    figure = draw_chart([("this run", _ridge_report())], tmp_path / "chart.png")
    wins = figure.axes[0]
    heights = [bar.get_height() for bar in wins.patches]
    assert heights == [54.0, 36.0, 10.0]
    assert sum(heights) == 100.0
    labels = [label.get_text() for label in wins.get_xticklabels()]
    assert labels == ["Sergeant Vega\n+ 1st Section", "Rustjaw gang", "draws"]
    assert (tmp_path / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_compared_runs_put_each_camp_side_by_side(tmp_path):
    report = _ridge_report()
    figure = draw_chart([("A", report), ("B", report)], tmp_path / "chart.png")
    heights = [bar.get_height() for bar in figure.axes[0].patches]
    assert heights == [54.0, 36.0, 10.0] * 2

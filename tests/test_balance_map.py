"""The balanced map as written: the original file with units added or removed and every other byte
kept, read back placing exactly the units the search played, accepted by `hexbattle check`,
opened by Tiled, never written over its input."""

import difflib
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.cli import main
from game.scenario import load_scenario
from game.simulate.balance import Request, prepare
from game.simulate.balance_map import BalanceMapError, balanced_bytes, write_balanced
from game.simulate.roster import apply_change
from tests.balance_kit import BASELINE, copy_skirmish
from tests.test_tiled_editor import EDITOR_LIMIT_S, editor_env  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted((ROOT / "maps").glob("*.tmx"))


@pytest.fixture
def maps(tmp_path: Path) -> Path:
    """A copy of the bundled maps folder, to write balanced maps beside the originals."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    return tmp_path / "maps"


def _setup(path: Path, **request):
    return prepare(Request(str(path), request.pop("camp", "pcs"), request.pop("target", 0.5), **request))


def _steps(setup, **by_type):
    return tuple(by_type.get(stock.unit_type, 0) for stock in setup.roster.stocks)


def _changes(before: bytes, after: bytes) -> list[tuple[str, list[str], list[str]]]:
    """The lines that differ: (kind, lines before, lines after)."""
    a, b = before.decode().splitlines(keepends=True), after.decode().splitlines(keepends=True)
    return [(tag, a[i1:i2], b[j1:j2]) for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b).get_opcodes()
            if tag != "equal"]


def test_units_added_to_the_relay_station_change_only_the_next_object_id_and_add_their_objects(maps):
    source = maps / "relay_station_ambush.tmx"
    setup = _setup(source, target=0.6, types=("elite_trooper",))
    change = setup.roster.change(_steps(setup, thug=2, grenadier=1, elite_trooper=1))
    before = source.read_bytes()
    after = balanced_bytes(before, setup.scenario, change)
    kinds = [(tag, len(old)) for tag, old, _ in _changes(before, after)]
    assert kinds == [("replace", 1), ("insert", 0)]  # the <map> line, then the new objects
    (_, old_map, new_map), (_, _, added) = _changes(before, after)
    assert new_map[0] == old_map[0].replace('nextobjectid="15"', 'nextobjectid="19"')
    text = "".join(added)
    assert text.count("<object ") == 4
    assert text.count('template="templates/thug.tx"') == 2  # copies of the last unnamed thug: its token, facing
    assert '<property name="unit_type" value="grenadier"/>' in text and 'value="elite_trooper"' in text
    assert after.index(text.encode()) < after.index(b'<objectgroup id="8" name="gm notes">')  # in the units layer


def test_units_removed_take_their_lines_and_nothing_else_and_a_removed_leader_leaves_the_side(maps):
    source = maps / "relay_station_ambush.tmx"
    setup = _setup(source, target=0.95, remove_named=True)
    change = setup.roster.change(_steps(setup, veteran_soldier=-1, thug=-2))
    before = source.read_bytes()
    after = balanced_bytes(before, setup.scenario, change)
    assert {tag for tag, _, _ in _changes(before, after)} == {"delete"}
    gone = [line for _, old, _ in _changes(before, after) for line in old]
    assert len(gone) == 1 + 7 + 5 + 5  # the leader member, Kell's object and two thugs'
    ids = {o.get("id") for o in ElementTree.fromstring(before).iter("object")} - \
        {o.get("id") for o in ElementTree.fromstring(after).iter("object")}
    assert ids == {"7", "12", "11"}
    assert b'name="leader"' not in after


def test_a_squads_new_count_changes_its_count_line_only(maps):
    source = maps / "squad_ridge.tmx"
    setup = _setup(source)
    before = source.read_bytes()
    after = balanced_bytes(before, setup.scenario, setup.roster.change(_steps(setup, veteran_soldier=3)))
    assert _changes(before, after) == [("replace", ['    <property name="count" type="int" value="8"/>\n'],
                                        ['    <property name="count" type="int" value="11"/>\n'])]


def test_a_map_with_windows_line_ends_a_comment_and_a_shifted_layer_keeps_all_three(tmp_path):
    text = BASELINE.read_text().replace('<objectgroup id="4" name="units">',
                                        '<!-- GM: Kim starts wounded -->\n <objectgroup id="4" name="units" '
                                        'offsetx="14" offsety="-6">')
    source = copy_skirmish(tmp_path, text.replace("\n", "\r\n"), "variant.tmx")
    setup = _setup(source, target=0.2)
    change = setup.roster.change(_steps(setup, thug=2))
    write_balanced(source, tmp_path / "out.tmx", setup.scenario, change, setup.catalog)  # checks its units itself
    written = (tmp_path / "out.tmx").read_bytes()
    assert b"<!-- GM: Kim starts wounded -->" in written
    assert b"\n" not in written.replace(b"\r\n", b"")
    kinds = [tag for tag, _, _ in _changes(source.read_bytes(), written)]
    assert kinds == ["replace", "insert"]
    placed = load_scenario(tmp_path / "out.tmx").scenario.units
    assert [u.hex for u in placed[2:]] == [a.hex for a in change.added]


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_map_balanced_reads_back_as_played_and_passes_check(path, maps, capsys):
    source = maps / path.name
    setup = _setup(source, vary="enemies")
    steps = tuple(2 if i == 0 else -min(1, stock.fewest_removed()) for i, stock in enumerate(setup.roster.stocks))
    change = setup.roster.change(steps)
    out = maps / f"{path.stem}-balanced.tmx"
    write_balanced(source, out, setup.scenario, change, setup.catalog)
    assert load_scenario(out).scenario.units == apply_change(setup.scenario, change).units
    assert main(["check", str(out)]) == 0
    assert source.read_bytes() == path.read_bytes()  # the input untouched


def test_written_into_a_sub_folder_the_maps_file_references_are_rewritten_to_the_same_files(maps):
    source = maps / "relay_station_ambush.tmx"
    setup = _setup(source, target=0.6)
    (maps / "balanced").mkdir()
    out = maps / "balanced" / "relay.tmx"
    write_balanced(source, out, setup.scenario, setup.roster.change(_steps(setup, thug=1)), setup.catalog)
    text = out.read_text()
    assert 'source="../tilesets/terrain-pointy.tsx"' in text and 'template="../templates/thug.tx"' in text
    assert load_scenario(out).ok


def test_a_written_map_that_would_not_place_the_units_played_is_not_written(maps, monkeypatch):
    source = maps / "relay_station_ambush.tmx"
    setup = _setup(source, target=0.6)
    change = setup.roster.change(_steps(setup, thug=1))
    monkeypatch.setattr("game.simulate.balance_map._coordinate", lambda value: "0")  # every copy at 0,0
    with pytest.raises(BalanceMapError, match="was not written"):
        write_balanced(source, maps / "out.tmx", setup.scenario, change, setup.catalog)
    assert not (maps / "out.tmx").exists()
    assert sorted(p.name for p in maps.iterdir()) == sorted(p.name for p in (ROOT / "maps").iterdir())


def test_tiled_opens_the_balanced_map_with_every_unit_where_it_was_written(maps, editor_env, tmp_path):  # noqa: F811
    source = maps / "relay_station_ambush.tmx"
    setup = _setup(source, target=0.6, types=("elite_trooper",))
    out = maps / "balanced.tmx"
    write_balanced(source, out, setup.scenario, setup.roster.change(_steps(setup, thug=2, elite_trooper=1)),
                   setup.catalog)
    exported = tmp_path / "exported.tmx"
    result = subprocess.run(["tiled", "--export-map", "tmx", str(out), str(exported)], env=editor_env,
                            capture_output=True, text=True, timeout=EDITOR_LIMIT_S)
    assert result.returncode == 0, result.stderr

    def objects(path):
        return [(o.get("id"), float(o.get("x")), float(o.get("y"))) for o in ElementTree.parse(path).iter("object")]

    assert objects(exported) == objects(out)
    assert len(objects(out)) == len(objects(source)) + 3

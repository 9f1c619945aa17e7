"""Names (issue 23, defect 9): `hexbattle check` refuses what another command cannot show (a lone
surrogate, a control character, NUL included, a name past its limit), naming the object and its
id, and every command handles the names check accepts."""

import json
from pathlib import Path

import pytest

from game.players.plain import play
from game.cli import main
from game.savefile import battle_from_map, write_save
from game.scenario import load_scenario
from test_scenario_loading import GRASS, LAYOUT, H, W

NAME_LIMIT, TITLE_LIMIT = 60, 80  # as docs/scenario-format.md gives them


def test_the_limits_are_the_documented_ones():
    from game.rules.names import DESCRIPTION_LIMIT, NAME_LIMIT as names, TITLE_LIMIT as titles
    assert (names, titles, DESCRIPTION_LIMIT) == (NAME_LIMIT, TITLE_LIMIT, 4000)
    documented = (Path(__file__).resolve().parent.parent / "docs" / "scenario-format.md").read_text()
    assert "at most 60 characters" in documented and "at most 80" in documented and "4,000" in documented


def _prop(name: str, kind: str, value, **extra) -> dict:
    return {"name": name, "type": kind, "value": value, **extra}


def _unit(object_id: int, name: str, col: int, row: int, side: str) -> dict:
    x, y = LAYOUT.hex_center(LAYOUT.offset_to_hex(col, row))
    return {"id": object_id, "name": name, "type": "thug", "point": True, "x": x, "y": y, "width": 0, "height": 0,
            "rotation": 0, "visible": True, "properties": [_prop("side", "string", side)]}


def tmj(folder: Path, names: tuple[str, str], title: str = "Names", side: str = "Raiders",
        description: str = "") -> Path:
    """A small Tiled JSON map with two thugs named `names`, one a side, written into `folder`."""
    properties = [_prop("enemies", "class", {"name": side}, propertytype="Side"),
                  _prop("pcs", "class", {}, propertytype="Side"), _prop("title", "string", title),
                  _prop("description", "string", description)]
    layers = [{"id": 1, "name": "ground", "type": "tilelayer", "width": W, "height": H, "x": 0, "y": 0, "opacity": 1,
               "visible": True, "data": GRASS},
              {"id": 2, "name": "units", "type": "objectgroup", "draworder": "topdown", "x": 0, "y": 0, "opacity": 1,
               "visible": True, "objects": [_unit(1, names[0], 1, 1, "enemies"), _unit(2, names[1], 4, 3, "pcs")]}]
    data = {"type": "map", "orientation": "hexagonal", "renderorder": "right-down", "width": W, "height": H,
            "tilewidth": 56, "tileheight": 64, "infinite": False, "hexsidelength": 32, "staggeraxis": "y",
            "staggerindex": "odd", "tilesets": [{"firstgid": 1, "source": "terrain.tsx"}], "layers": layers,
            "properties": properties}
    path = folder / "names.tmj"
    path.write_text(json.dumps(data), encoding="utf-8")  # json writes "\ud800" as the escape Tiled's files may hold
    return path


REFUSED = [
    ("\ud800x", "holds a lone surrogate (U+D800) at character 1, which no text can show; type that character again"),
    ("Sgt\x00Kim", "holds the control character U+0000 at character 4; remove it"),
    ("Sgt\x1b[31mKim", "holds the control character U+001B at character 4; remove it"),
    ("Sgt\x85Kim", "holds the control character U+0085 at character 4; remove it"),
    ("Sgt\u202eKim", "holds the control character U+202E at character 4; remove it"),
    ("K" * (NAME_LIMIT + 1), f"is {NAME_LIMIT + 1} characters long, more than the {NAME_LIMIT} hexbattle takes here; "
                             "shorten it"),
]


@pytest.mark.parametrize("name,problem", REFUSED, ids=["surrogate", "nul", "escape", "c1", "bidi", "long"])
def test_check_refuses_a_unit_name_no_command_could_show_naming_the_object_and_its_id(folder, capsys, name, problem):
    path = tmj(folder, (name, "Ada"))
    assert main(["check", str(path)]) == 1
    shown = name if len(name) <= 40 else name[:40] + "..."
    shown = "".join("?" if ch in "\ud800\x00\x1b\x85\u202e" else ch for ch in shown)
    assert capsys.readouterr().out == f"error: {path}: object '{shown}' (id 1) in layer 'units': its name {problem}\n"


def test_check_refuses_a_side_name_and_a_title_holding_a_nul(folder):
    problems = load_scenario(tmj(folder, ("Kim", "Ada"), title="Night\x00Raid", side="Rai\x00ders")).problems
    assert [(p.where, p.message) for p in problems] == [
        ("", "property 'title' holds the control character U+0000 at character 6; remove it"),
        ("map property 'enemies'", "property 'name' holds the control character U+0000 at character 4; remove it")]


def test_a_title_past_its_limit_is_refused(folder):
    problems = load_scenario(tmj(folder, ("Kim", "Ada"), title="T" * (TITLE_LIMIT + 1))).problems
    assert [p.message for p in problems] == [
        f"property 'title' is {TITLE_LIMIT + 1} characters long, more than the {TITLE_LIMIT} hexbattle takes here; "
        "shorten it"]


ODD_BUT_FINE = ("Zoë Ñandú-Łęcka 😀", "Ваня ع 李 \u0301" + "x" * (NAME_LIMIT - 10))


def test_every_command_handles_the_names_check_accepts(folder, tmp_path, capsys, monkeypatch):
    assert len(ODD_BUT_FINE[1]) == NAME_LIMIT
    path = tmj(folder, ODD_BUT_FINE, title="T😀" * (TITLE_LIMIT // 2), side="Jäger 🐺",
               description="Two lines\n\tand a tab")
    assert main(["check", str(path)]) == 0
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["render", str(path), str(tmp_path / "out.png"), "--size", "640x400"]) == 0
    assert main(["render", str(path), str(tmp_path / "gm.png"), "--size", "640x400", "--view", "console"]) == 0
    assert main(["simulate", str(path), "--runs", "2", "--json", str(tmp_path / "report.json")]) == 0
    battle = battle_from_map(path, 5)
    play(battle, max_actions=40)
    write_save(battle, tmp_path / "night.json")
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "night.json")]) == 0
    out = capsys.readouterr().out
    assert ODD_BUT_FINE[0] in out
    assert main(["render", "--save", str(tmp_path / "night.json"), str(tmp_path / "saved.png"), "--size", "640x400"]) == 0


def test_a_save_whose_map_now_holds_a_bad_name_is_refused_in_words(folder, tmp_path, capsys):
    save = tmp_path / "night.json"
    write_save(battle_from_map(tmj(folder, ("Kim", "Ada")), 5), save)
    tmj(folder, ("\ud800x", "Ada"))  # the map edited since
    capsys.readouterr()
    assert main(["replay", str(save)]) == 1
    err = capsys.readouterr().err
    assert "object '?x' (id 1) in layer 'units': its name holds a lone surrogate (U+D800)" in err
    assert "Traceback" not in err

"""Helpers for the window's tests: headless pygame, small maps with tiles made in the test."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.savefile import battle_from_map  # noqa: E402
from game.ui.board import Board  # noqa: E402
from game.ui.render import fitted_camera, start_headless  # noqa: E402

BAD = Path(__file__).resolve().parent / "bad_maps"
BASELINE = BAD / "baseline.tmx"
RED, BLUE, GREEN, YELLOW = (230, 30, 30), (30, 30, 230), (30, 200, 30), (230, 230, 30)
FLIP_H, FLIP_V, TURN_60, TURN_120 = 0x80000000, 0x40000000, 0x20000000, 0x10000000


def quadrant_tile(path: Path) -> Path:
    """A 56x64 tile in four colours: red top-left, blue top-right, green and yellow below."""
    tile = pygame.Surface((56, 64))
    for colour, rect in ((RED, (0, 0, 28, 32)), (BLUE, (28, 0, 28, 32)),
                         (GREEN, (0, 32, 28, 32)), (YELLOW, (28, 32, 28, 32))):
        tile.fill(colour, rect)
    pygame.image.save(tile, str(path))
    return path


MARKS_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="marks" tilewidth="56" tileheight="64" tilecount="1" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0"><image width="56" height="64" source="marks.png"/></tile>
</tileset>
"""


def marked_map(folder: Path, marks: list[int]) -> Path:
    """The baseline map with a decoration row of quadrant tiles (gids with flags) on row 4."""
    shutil.copy(BAD / "terrain.tsx", folder)
    shutil.copy(BAD / "terrain.png", folder)
    quadrant_tile(folder / "marks.png")
    (folder / "marks.tsx").write_text(MARKS_TSX)
    row = ",".join(str(g) for g in (marks + [0] * 6)[:6])
    text = BASELINE.read_text().replace(
        ' <tileset firstgid="1" source="terrain.tsx"/>',
        ' <tileset firstgid="1" source="terrain.tsx"/>\n <tileset firstgid="5" source="marks.tsx"/>')
    text = text.replace("0,0,0,0,0,2\n</data>", f"{row}\n</data>")
    path = folder / "marked.tmx"
    path.write_text(text)
    return path


def rendered(path: Path, size=(960, 720), view="table", extra=()) -> tuple[pygame.Surface, object, object]:
    """Run `hexbattle render` on a map; the image, the battle and the camera it was drawn with."""
    from game.cli import main

    out = path.parent / f"{path.stem}-{view}.png" if path.parent != BAD else None
    if out is None:
        raise ValueError("copy bundled test maps into tmp_path first")
    assert main(["render", str(path), str(out), "--size", f"{size[0]}x{size[1]}", "--view", view, *extra]) == 0
    start_headless()
    battle = battle_from_map(path, 1)
    camera = fitted_camera(battle, Board(battle.scenario), size, view)
    return pygame.image.load(str(out)), battle, camera


def rendered_layout(path: Path, size=(960, 720), view="table", extra=()) -> tuple[pygame.Surface, dict]:
    """Run `hexbattle render --layout` on a map; the image and the layout's record it wrote."""
    import json

    from game.cli import main

    if path.parent == BAD:
        raise ValueError("copy bundled test maps into tmp_path first")
    out, layout = path.parent / f"{path.stem}-{view}.png", path.parent / f"{path.stem}-{view}.json"
    assert main(["render", str(path), str(out), "--size", f"{size[0]}x{size[1]}", "--view", view,
                 "--layout", str(layout), *extra]) == 0
    return pygame.image.load(str(out)), json.loads(layout.read_text())


def colour(surface: pygame.Surface, xy) -> tuple[int, int, int]:
    """The RGB colour of the pixel at a float position."""
    return tuple(surface.get_at((round(xy[0]), round(xy[1]))))[:3]


def at_a_protect_decision():
    """The default map, seed 1: three turns ended, then Thug 12 shoots Sergeant Vask beside Dax
    Halloran, who may step in (a `ProtectChance` open)."""
    from game.actions import EndTurn
    from game.prompts import ProtectChance
    from game.scenario.summary import MAPS_DIR

    battle = battle_from_map(MAPS_DIR / "relay_station_ambush.tmx", 1)
    for _ in range(3):
        assert battle.submit(EndTurn(battle.current())).accepted
    shot = next(o for o in battle.options(battle.current()).allowed("attack") if battle.combatant(o.target).side == "pcs")
    assert battle.submit(shot.action).accepted and isinstance(battle.pending(), ProtectChance)
    return battle


def starfarer_hero_down_at_a_rounds_start(tmp_path: Path):
    """derelict_hold with hero points on and 9 in the boarding team's pool, played by the computer
    (seed 26) until a PC lying unconscious fails a check at a round's start; saved there."""
    from game.players.plain import choose_action
    from game.savefile import write_save
    from game.scenario.summary import MAPS_DIR

    maps = tmp_path / "maps"
    shutil.copytree(MAPS_DIR, maps)
    hold = maps / "derelict_hold.tmx"
    text = hold.read_text().replace(
        ' <properties>\n', ' <properties>\n  <property name="modules" propertytype="Module" value="hero_points"/>\n', 1)
    text = text.replace('    <property name="name" value="Boarding team"/>',
                        '    <property name="hero_pool" type="int" value="9"/>\n'
                        '    <property name="name" value="Boarding team"/>')
    hold.write_text(text)
    battle = battle_from_map(hold, 26)
    for _ in range(1000):
        prompt = battle.pending()
        if prompt is not None and prompt.answered_down and battle.combatant(prompt.decider).side == "pcs":
            if not battle.combatant(prompt.decider).in_fight:
                break
        assert battle.submit(choose_action(battle)).accepted
    save = tmp_path / "down.json"
    write_save(battle, save)
    return battle, save


def headless_window(one_window: bool = False, map_name: str = "relay_station_ambush.tmx"):
    """The real window (`TableApp`, two windows unless `one_window`) on SDL's dummy video driver,
    on a bundled map with seed 1, one frame drawn and the briefing put away."""
    from game.scenario.summary import MAPS_DIR
    from game.ui.app import TableApp, start_windows

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    start_windows()
    app = TableApp(battle_from_map(MAPS_DIR / map_name, 1), (1280, 800), one_window)
    app.run(frames=1)
    press_key(app, pygame.K_SPACE, " ", app.table.window)
    assert app.briefing.status() == {"briefing": None}
    return app


def press_key(app, key: int, unicode: str, window) -> None:
    """A key pressed on one of the app's windows, then a frame."""
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, window=window))
    app.run(frames=1)


def click_at(app, pos, window, button: int = 1) -> None:
    """A press and release at a point of one of the app's windows, then a frame."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, button=button, pos=tuple(round(v) for v in pos), window=window))
    app.run(frames=1)

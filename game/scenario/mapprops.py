"""Map properties: ruleset, modules, title, sides, rule settings, terrain overrides.

scenario-format.md, "Map properties". Enum values are the ids listed there; rule settings
default to the rulings (shared rules/rulings.md) and a map property of the same name changes one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.rules.fields import Field, suggestion
from game.rules.names import DESCRIPTION_LIMIT, TITLE_LIMIT
from game.scenario.model import SideSetup
from game.scenario.problems import Problems
from game.scenario.properties import Place, Prop, check_fields
from game.scenario.terrain import terrain_values

RULESETS = ("swn", "swn-heroic", "lucky-stars", "starfarer")
MODULES = ("morale", "hero_points")
SIDE_IDS = ("pcs", "allies", "enemies", "rivals", "bystanders")
SIDE_NAMES = {"pcs": "PCs", "allies": "Allies", "enemies": "Enemies", "rivals": "Rivals",
              "bystanders": "Bystanders"}
PEOPLE_CONTROLLERS = ("players", "gm")
"""A side people play: the players at the table, or the GM."""
COMPUTER_PLAYERS = ("computer", "random", "tactical")
"""A side the computer plays, by the name of its computer player (the simulator's registry,
`game.players.registry.POLICIES`, holds exactly these; a test checks it): `computer` the
plain player, `tactical` the tactical one, `random` the baseline."""
CONTROLLERS = (*PEOPLE_CONTROLLERS, *COMPUTER_PLAYERS)
INITIATIVE_TIES = ("reroll", "pcs_first")
TERRAIN_PREFIX = "terrain:"

DEFAULT_SETTINGS: Mapping[str, Any] = MappingProxyType({
    "allies_block_movement": False,
    "shove_blocked_damage": False,
    "initiative_ties": "reroll",
    "declare_actions": False,
    "blow_through": False,
    "evasion_and_parry": False,
})

MAP_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("ruleset", "choice", choices=RULESETS),
    Field("title", "name", maximum=TITLE_LIMIT),
    Field("description", "text", maximum=DESCRIPTION_LIMIT),
    Field("default", "bool"),
    Field("allies_block_movement", "bool"),
    Field("shove_blocked_damage", "bool"),
    Field("initiative_ties", "choice", choices=INITIATIVE_TIES),
    Field("declare_actions", "bool", help="Starfarer: declared actions, initiative modifiers, multiple actions"),
    Field("blow_through", "bool", help="Starfarer: the optional blow-through rule"),
    Field("evasion_and_parry", "bool", help="Starfarer: defensive reactions to attacks (our reading)"),
)}

SIDE_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("name", "name"),
    Field("morale", "int", minimum=0, maximum=20),
    Field("controller", "choice", choices=CONTROLLERS),
    Field("leader", "int", minimum=0),
    Field("great_leader", "bool"),
    Field("surprised", "bool"),
    Field("home_territory", "bool"),
    Field("outgunned", "int", minimum=-10, maximum=10),
    Field("immune_to_morale", "bool"),
    Field("hero_pool", "int", minimum=0, maximum=99),
)}


@dataclass(frozen=True, slots=True)
class MapSettings:
    """What the map's own properties say."""

    title: str
    description: str
    ruleset: str
    modules: frozenset[str]
    is_default: bool
    settings: Mapping[str, Any]
    sides: dict[str, SideSetup]
    terrain_overrides: dict[str, dict[str, Any]]


def read_map_properties(props: Mapping[str, Prop], file: str, default_title: str,
                        terrain_fields: Mapping[str, Field], problems: Problems) -> MapSettings:
    """Check and read every map property; problems name the property and what to fix."""
    place = Place(file, "")
    ours = {name: prop for name, prop in props.items() if not name.startswith(TERRAIN_PREFIX)}
    extra = ("modules", *SIDE_IDS)
    values = check_fields({n: p for n, p in ours.items() if n not in extra}, MAP_FIELDS, place,
                          problems, "a map property", extra)
    settings = {name: values.get(name, default) for name, default in DEFAULT_SETTINGS.items()}
    modules = _modules(props.get("modules"), place, problems)
    sides = {sid: side for sid in SIDE_IDS if sid in props and (side := read_side(props[sid], file, problems)) is not None}
    for side in sides.values():
        if side.hero_pool and "hero_points" not in modules:
            problems.warning(file, f"map property '{side.id}'", f"hero_pool {side.hero_pool} is ignored: "
                             "hero points are off (add hero_points to the map property modules)")
    return MapSettings(
        title=values.get("title") or default_title,
        description=values.get("description", ""),
        ruleset=values.get("ruleset", "swn"),
        modules=modules,
        is_default=values.get("default", False),
        settings=MappingProxyType(settings),
        sides=sides,
        terrain_overrides=_overrides(props, file, terrain_fields, problems),
    )


def _modules(prop: Prop | None, place: Place, problems: Problems) -> frozenset[str]:
    """The flags enum Module: a comma list (or Tiled's bitmask when stored as int)."""
    if prop is None:
        return frozenset()
    if prop.type == "int":
        return frozenset(m for bit, m in enumerate(MODULES) if prop.value >> bit & 1)
    if prop.type != "string":
        problems.error(place.file, "map property 'modules'", f"must be a comma list of {', '.join(MODULES)}, "
                                                             f"not a {prop.type} property")
        return frozenset()
    chosen = set()
    for word in (w.strip() for w in prop.value.split(",")):
        if word in MODULES:
            chosen.add(word)
        elif word:
            problems.error(place.file, "map property 'modules'", f"unknown module '{word}'"
                                                                 f"{suggestion(word, MODULES)}; known: {', '.join(MODULES)}")
    return frozenset(chosen)


def read_side(prop: Prop, file: str, problems: Problems) -> SideSetup | None:
    """A side from its class property; None when it is not a class."""
    place = Place(file, f"map property '{prop.name}'")
    if prop.type != "class":
        problems.error(file, place.where, f"must be a class property of type SideSetup (it is a {prop.type} property)")
        return None
    values = check_fields(prop.value, SIDE_FIELDS, place, problems, "a Side member")
    morale = values.get("morale") or None
    if prop.name == "pcs" and morale is not None:
        problems.warning(file, place.where, f"morale {morale} is ignored: the PCs' side never checks morale (seed 002)")
        morale = None
    return SideSetup(
        id=prop.name, name=values.get("name") or SIDE_NAMES[prop.name], morale=morale,
        controller=values.get("controller", "gm"), leader=values.get("leader") or None,
        great_leader=values.get("great_leader", False), surprised=values.get("surprised", False),
        home_territory=values.get("home_territory", False), outgunned=values.get("outgunned", 0),
        immune_to_morale=values.get("immune_to_morale", False), hero_pool=values.get("hero_pool", 0),
    )


def computer_plays(controller: str) -> bool:
    """Whether a side with this controller is played by a computer player (not people)."""
    return controller in COMPUTER_PLAYERS


def default_side(side_id: str) -> SideSetup:
    """A side the map does not set up: defaults throughout (controller gm)."""
    return SideSetup(side_id, SIDE_NAMES[side_id], None, "gm", None, False, False, False, 0, False)


def _overrides(props: Mapping[str, Prop], file: str, fields: Mapping[str, Field],
               problems: Problems) -> dict[str, dict[str, Any]]:
    """`terrain:<class>` properties: Terrain members for every tile of that class."""
    found = {}
    for name, prop in props.items():
        if not name.startswith(TERRAIN_PREFIX):
            continue
        place = Place(file, f"map property '{name}'")
        cls = name[len(TERRAIN_PREFIX):]
        if not cls or prop.type != "class":
            problems.error(file, place.where, "must be a class property of type Terrain named "
                                              "terrain:<tile class>, e.g. terrain:forest")
            continue
        found[cls] = terrain_values(prop.value, fields, place, problems)
    return found
